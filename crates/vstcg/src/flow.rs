//! The turn sequence (400–408): the start of the game, phases and steps, priority and
//! passing in succession (216), and the wrap-up.

use crate::ids::*;
use crate::state::*;
use smallvec::SmallVec;

impl GameState {
    /// 216.1: `p` gets priority, after the triggered effects waiting go on the chain
    /// (506.2).
    pub(crate) fn give_priority(&mut self, p: PlayerId) {
        if self.result.is_some() {
            return;
        }
        // 506.2: waiting triggered effects go on the chain first.
        self.priority_after = Some(p);
        self.next_trigger();
    }

    /// 216.2: `p` has priority, and every player in the game is to pass in succession,
    /// from `p` clockwise.
    pub(crate) fn open_priority(&mut self, p: PlayerId) {
        let order = self.clockwise_order(p);
        self.priority.restart(order.iter().copied());
    }

    /// 216.2: how many players have passed in succession since someone last acted.
    pub fn passed_in_succession(&self) -> usize {
        (self.players_in_game() as usize).saturating_sub(self.priority.len())
    }

    /// 101.4: the chosen player starts with the initiative; mulligans follow from them
    /// clockwise (101.6).
    pub(crate) fn choose_initiative(&mut self, p: PlayerId) {
        self.initiative = p;
        self.log(|g| format!("{} starts with the initiative.", g.player_name(p)));
        self.pending = Pending::Mulligan(p);
    }

    /// 101.6 / 708.14: the hand to the bottom of the deck, then draw four.
    pub(crate) fn decide_mulligan(&mut self, p: PlayerId, mulligan: bool) {
        if mulligan {
            let hand = std::mem::take(&mut self.player_mut(p).hand);
            for &c in &hand {
                self.card_mut(c).zone = Zone::Deck;
            }
            // The bottom of the deck is the front of the vector.
            let deck = &mut self.player_mut(p).deck;
            let mut new_deck = hand;
            new_deck.append(deck);
            *deck = new_deck;
            self.log(|g| format!("{} mulligans.", g.player_name(p)));
            self.draw(p, 4);
        } else {
            self.log(|g| format!("{} keeps their hand.", g.player_name(p)));
        }
        self.player_mut(p).mulligan_decided = true;
        let next = self.next_player(p);
        if self.player(next).mulligan_decided {
            self.begin_turn();
        } else {
            self.pending = Pending::Mulligan(next);
        }
    }

    fn begin_turn(&mut self) {
        self.turn += 1;
        if self.turn > TURN_LIMIT {
            let left: Vec<PlayerId> = self.clockwise_from(0).collect();
            self.log(|_| format!("The game reaches the turn limit ({TURN_LIMIT}) and is a draw."));
            self.end_game(GameResult::Draw(left));
            return;
        }
        self.log(|g| {
            format!(
                "Turn {} ({} has the initiative).",
                g.turn,
                g.player_name(g.initiative)
            )
        });
        // 400.9a: the draw phase may be skipped.
        self.go_to(Part::Phase(Phase::Draw));
    }

    pub(crate) fn end_game(&mut self, result: GameResult) {
        self.result = Some(result);
        self.pending = Pending::Over;
        self.chain.clear();
        self.attack = None;
    }

    /// 400.8: a phase or step starts: its instructions, then the primary player gets
    /// priority.
    fn begin_part(&mut self, part: Part) {
        self.part = part;
        self.number_part(part);
        match part {
            Part::Phase(phase) => {
                self.log(|_| format!("The {} begins.", phase.name()));
                self.drawn_this_phase.clear();
                if phase == Phase::Draw {
                    // 401.1 / 507.1a.
                    self.push_effect(EffectKind::NormalDraw, None);
                }
                self.fire_phase(phase);
                self.give_priority(self.primary_player());
            }
            Part::Step(kind, owner) => {
                self.log(|g| format!("{}'s {} begins.", g.player_name(owner), kind.name()));
                match kind {
                    // 403.1, 403.4: the owner must say whether they build.
                    StepKind::Resource => self.pending = Pending::Build(owner),
                    StepKind::Recruit => {
                        // 404.1.
                        let rp = self.resource_count(owner);
                        self.player_mut(owner).rp = rp;
                        self.give_priority(owner);
                    }
                    StepKind::Formation => {
                        self.formation_moved.clear();
                        // 706.4, G-Transferable: "at the start of your formation step";
                        // the effects wait until the formation is set (405.1).
                        let event = crate::power::Event::StartOfYourFormationStep;
                        if self.may_trigger_on(event) {
                            for c in self.objects_with_triggers(Some(owner)) {
                                self.fire(event, c);
                            }
                        }
                        self.pending = Pending::Formation(owner);
                    }
                    StepKind::Attack => {
                        // 407.1: "at the start of your attack step".
                        let event = crate::power::Event::StartOfYourAttackStep;
                        if self.may_trigger_on(event) {
                            for c in self.objects_with_triggers(Some(owner)) {
                                self.fire(event, c);
                            }
                        }
                        self.fire_delayed_attack_step(owner);
                        self.give_priority(owner);
                    }
                }
            }
            Part::Setup => unreachable!("the game never goes back to its setup"),
        }
    }

    /// 403.1: the resource step's build, then priority.
    pub(crate) fn build(&mut self, p: PlayerId, card: Option<CardId>) {
        match card {
            Some(c) => {
                self.move_card(c, Zone::Resource);
                self.log(|g| format!("{} builds a resource.", g.player_name(p)));
                self.log_private(p, |g| format!("You build {} face down.", g.name(c)));
            }
            None => self.log(|g| format!("{} builds no resource.", g.player_name(p))),
        }
        self.give_priority(p);
    }

    /// 405.1, 405.5: `card` moves to `to`; a character already there takes `card`'s
    /// place, the two having been picked up together. Each character is moved once at
    /// most, which reaches every formation (docs/rulings.md, "Formation").
    pub(crate) fn formation_move(&mut self, p: PlayerId, card: CardId, to: Position) {
        let from = self.position(card);
        if let (Some(other), Some(from)) = (self.character_at(p, to), from) {
            self.move_card(other, Zone::Character(from));
        }
        self.move_card(card, Zone::Character(to));
        self.formation_moved.push(card);
    }

    /// 405.1: the formation is set; the owner gets priority.
    pub(crate) fn formation_done(&mut self, p: PlayerId) {
        self.give_priority(p);
    }

    /// 216.1: the player with priority passes it clockwise; 216.2 / 508.1: when all have
    /// passed in succession, the top effect resolves, or the game moves on.
    pub(crate) fn pass(&mut self) {
        let Some(p) = self.priority.asked() else {
            return;
        };
        self.unreveal(p);
        self.takebacks = 0;
        self.priority.pass();
        self.priority_goes_on();
    }

    /// 216.2: the next player in the game still to be asked gets priority; once all have
    /// passed in succession, the top effect resolves, or the game moves on.
    fn priority_goes_on(&mut self) {
        while let Some(next) = self.priority.asked() {
            if self.in_game(next) {
                self.pending = Pending::Priority(next);
                return;
            }
            self.priority.pass();
        }
        if !self.chain.is_empty() {
            self.resolve_top();
            return;
        }
        match self.attack.as_ref().map(|a| a.started) {
            // 601.1f: the proposal stands; the attack substep starts.
            Some(false) => self.start_attack_substep(),
            // 400.7e / 602.6: the attack concludes.
            Some(true) => self.conclude_attack(),
            None => self.progress(),
        }
    }

    /// 400.7: the next phase, step or substep.
    fn progress(&mut self) {
        match self.successor(self.part) {
            Some(next) => self.go_to(next),
            // 400.7d: the wrap-up before the phase ends.
            None => self.start_wrap_up(),
        }
    }

    /// The part that normally follows `part` (400.1, 402.1, 406.1), or none after the
    /// recovery phase (its wrap-up ends the turn).
    fn successor(&mut self, part: Part) -> Option<Part> {
        let order = self.clockwise_order(self.initiative);
        let after = |p: PlayerId| {
            let i = order.iter().position(|&q| q == p)?;
            order.get(i + 1).copied()
        };
        let first = order.first().copied().unwrap_or(self.initiative);
        let next = match part {
            Part::Setup => unreachable!("priority is never given during the setup"),
            Part::Phase(Phase::Draw) => Part::Phase(Phase::Build),
            Part::Phase(Phase::Build) => Part::Step(StepKind::Resource, first),
            Part::Step(StepKind::Resource, p) => Part::Step(StepKind::Recruit, p),
            Part::Step(StepKind::Recruit, p) => {
                // 404.5: unspent resource points are lost.
                self.player_mut(p).rp = 0;
                Part::Step(StepKind::Formation, p)
            }
            Part::Step(StepKind::Formation, p) => match after(p) {
                Some(q) => Part::Step(StepKind::Resource, q),
                None => Part::Phase(Phase::Combat),
            },
            Part::Phase(Phase::Combat) => Part::Step(StepKind::Attack, first),
            Part::Step(StepKind::Attack, p) => match after(p) {
                Some(q) => Part::Step(StepKind::Attack, q),
                None => Part::Phase(Phase::Recovery),
            },
            Part::Phase(Phase::Recovery) => return None,
        };
        Some(next)
    }

    /// 400.10b: numbers the part beginning (and the phase, if it is one).
    fn number_part(&mut self, part: Part) {
        let t = &mut self.turn_changes;
        t.part_serial = t.part_serial.wrapping_add(1);
        if let Part::Phase(_) = part {
            t.phase_serial = t.part_serial;
        }
    }

    /// The game goes on from the part ending to `next`, the part normally following it:
    /// after an added part, to the one scheduled after the part it was added after
    /// (400.10b); to a part added after the one ending (400.10a); past skipped ones
    /// (400.9a).
    fn go_to(&mut self, normal: Part) {
        let mut next = normal;
        let part_serial = self.turn_changes.part_serial;
        let phase_serial = self.turn_changes.phase_serial;
        // An added step ends (an added phase ends only as the phase does, below).
        if part_serial != phase_serial {
            self.resume_after(part_serial, &mut next);
        }
        self.advance(next, false, false, part_serial, phase_serial);
    }

    /// The rest of [`Self::go_to`]: additions after the part ending, skips, and the part
    /// that begins.
    fn advance(
        &mut self,
        mut next: Part,
        mut added_now: bool,
        mut additions_done: bool,
        part_serial: u32,
        phase_serial: u32,
    ) {
        loop {
            let phase_ends = matches!(next, Part::Phase(_));
            if phase_ends {
                self.resume_after(phase_serial, &mut next);
            }
            if !additions_done {
                additions_done = true;
                let t = &mut self.turn_changes;
                let added = t.added.iter().position(|a| {
                    if a.phase_end {
                        phase_ends && a.after == phase_serial
                    } else {
                        a.after == part_serial
                    }
                });
                if let Some(i) = added {
                    let a = t.added.remove(i);
                    // Begun next, the added part gets the next number.
                    t.resume.push((part_serial.wrapping_add(1), next));
                    next = a.part;
                    added_now = true;
                    self.log(|g| format!("{} is added here (400.10b).", g.part_words(next)));
                }
            }
            let sources = self.skip_sources(next);
            if sources.is_empty() {
                break;
            }
            if sources.len() >= 2 {
                // 400.9b: the step's player chooses; 400.9c: for a phase, the initiative
                // player.
                let chooser = match next {
                    Part::Step(_, p) => p,
                    _ => self.initiative,
                };
                self.turn_changes.choosing = Some(SkipChoice {
                    next,
                    added_now,
                    part_serial,
                    phase_serial,
                });
                self.pending = Pending::ChooseSkip(chooser);
                return;
            }
            let t = &mut self.turn_changes;
            if let Some(i) = t.skips.iter().position(|s| s.part == next) {
                // 400.9a: the modifier applies once, and is used up.
                t.skips.remove(i);
            }
            match self.after_skip(next, added_now) {
                Some(n) => {
                    next = n;
                    added_now = false;
                }
                None => return,
            }
        }
        self.begin_part(next);
    }

    /// The cards of the skip modifiers that would skip `part`, each once.
    pub(crate) fn skip_sources(&self, part: Part) -> Vec<Option<CardId>> {
        let mut out: Vec<Option<CardId>> = Vec::new();
        for s in self.turn_changes.skips.iter().filter(|s| s.part == part) {
            if !out.contains(&s.source) {
                out.push(s.source);
            }
        }
        out
    }

    /// 400.9a: `skipped` is skipped: the part that follows it, or none if the turn's
    /// wrap-up began.
    fn after_skip(&mut self, skipped: Part, added_now: bool) -> Option<Part> {
        self.log(|g| format!("The {} is skipped (400.9a).", g.part_words(skipped)));
        if added_now {
            // The added part is skipped: what was scheduled after it follows.
            return Some(
                self.turn_changes
                    .resume
                    .pop()
                    .map_or(skipped, |(_, after)| after),
            );
        }
        match skipped {
            // 400.9a: skipping a phase skips all its steps.
            Part::Phase(Phase::Draw) => Some(Part::Phase(Phase::Build)),
            Part::Phase(Phase::Build) => Some(Part::Phase(Phase::Combat)),
            Part::Phase(Phase::Combat) => Some(Part::Phase(Phase::Recovery)),
            step => match self.successor(step) {
                Some(n) => Some(n),
                None => {
                    self.start_wrap_up();
                    None
                }
            },
        }
    }

    /// 400.9b–c: the skip made by `source`'s effect applies; the others wait for the
    /// next such part.
    pub(crate) fn choose_skip(&mut self, source: CardId) {
        let Some(ch) = self.turn_changes.choosing.take() else {
            return;
        };
        let t = &mut self.turn_changes;
        if let Some(i) = t
            .skips
            .iter()
            .position(|s| s.part == ch.next && s.source == Some(source))
        {
            t.skips.remove(i);
        }
        self.log(|g| format!("{}'s skip applies (400.9b).", g.name(source)));
        if let Some(n) = self.after_skip(ch.next, ch.added_now) {
            self.advance(n, false, true, ch.part_serial, ch.phase_serial);
        }
    }

    /// 400.10b: if the added part numbered `serial` is ending, `next` becomes the part
    /// scheduled after the one it was added after.
    fn resume_after(&mut self, serial: u32, next: &mut Part) {
        let t = &mut self.turn_changes;
        if let Some(&(s, after)) = t.resume.last() {
            if s == serial {
                t.resume.pop();
                *next = after;
            }
        }
    }

    /// "combat phase", "Player 1's attack step".
    pub(crate) fn part_words(&self, part: Part) -> String {
        match part {
            Part::Setup => "setup".into(),
            Part::Phase(phase) => phase.name().into(),
            Part::Step(kind, p) => format!("{}'s {}", self.player_name(p), kind.name()),
        }
    }

    /// 400.9a: a modifier skipping the next `part`.
    pub(crate) fn add_skip(&mut self, part: Part, this_turn: bool, source: CardId) {
        self.turn_changes.skips.push(Skip {
            part,
            this_turn,
            source: Some(source),
        });
    }

    /// 400.10a–b: `part` is added after the current step (or phase window), or an added
    /// phase after the current phase.
    pub(crate) fn add_part(&mut self, part: Part) {
        let t = &mut self.turn_changes;
        let (after, phase_end) = match part {
            Part::Phase(_) => (t.phase_serial, true),
            _ => (t.part_serial, false),
        };
        t.added.push(Added {
            part,
            after,
            phase_end,
        });
    }

    /// 408.2a: players at 0 or less endurance lose; if that would leave no one, those
    /// with the highest endurance don't.
    fn endurance_check(&mut self) {
        let in_game: SmallVec<[PlayerId; 4]> = self.clockwise_from(0).collect();
        let mut losers: SmallVec<[PlayerId; 4]> = in_game
            .iter()
            .copied()
            .filter(|&p| self.endurance(p) <= 0)
            .collect();
        if losers.len() == in_game.len() {
            let best = in_game
                .iter()
                .map(|&p| self.endurance(p))
                .max()
                .unwrap_or(0);
            losers.retain(|p| self.endurance(*p) != best);
        }
        for p in losers {
            self.remove_player(p);
        }
    }

    /// 102.3: a player who loses leaves the game with every card they own.
    pub(crate) fn remove_player(&mut self, p: PlayerId) {
        self.log(|g| format!("{} loses the game.", g.player_name(p)));
        let owned: Vec<CardId> = (0..self.cards.len() as u16)
            .map(CardId)
            .filter(|&c| {
                self.card(c).owner == p && !matches!(self.card(c).zone, Zone::Removed { .. })
            })
            .collect();
        for c in owned {
            self.move_card(c, Zone::Removed { face_down: false });
        }
        self.chain.retain(|e| e.controller != Some(p));
        self.player_mut(p).in_game = false;
        let left: Vec<PlayerId> = self.clockwise_from(0).collect();
        if let [winner] = left[..] {
            self.log(|g| format!("{} wins the game.", g.player_name(winner)));
            self.end_game(GameResult::Win(winner));
        }
    }

    /// 102.5: may `p` concede now? Any player still in a game not over.
    pub fn check_concession(&self, p: PlayerId) -> Result<(), crossover_kernel::RuleError> {
        use crossover_kernel::RuleError;
        if self.result.is_some() {
            return Err(RuleError::new(
                "102.5",
                "the game is over: no one can concede",
            ));
        }
        if p >= self.seats() {
            return Err(RuleError::new(
                "102.5",
                "there is no such player to concede",
            ));
        }
        if !self.in_game(p) {
            return Err(RuleError::new(
                "102.5",
                "that player has already left the game (102.3)",
            ));
        }
        Ok(())
    }

    /// The player after `p` in this turn's order (from the initiative player clockwise,
    /// `p` counted even if out), or none if `p` is the last.
    fn after_in_turn(&self, p: PlayerId) -> Option<PlayerId> {
        let n = self.seats();
        (1..n)
            .map(|i| (p + i) % n)
            .take_while(|&q| q != self.initiative)
            .find(|&q| self.in_game(q))
    }

    /// 102.5: `p` concedes: removed from the game as a player who loses (102.3), then
    /// loses. With two players the other wins (102.1). Otherwise the game goes on
    /// without them from where it was: what they were doing ends with them — the effect
    /// they were playing, the effect of theirs resolving, their triggered effects
    /// waiting, an attack they make or are attacked by, their step (docs/rulings.md,
    /// "102.5 (conceding)").
    pub(crate) fn concede(&mut self, p: PlayerId) {
        self.log(|g| format!("{} concedes the game (102.5).", g.player_name(p)));
        self.loop_broken();
        let pending = self.pending;
        let deciding = pending.seat() == Some(p);
        let owns_step = matches!(self.part, Part::Step(_, q) if q == p);
        let after = self.after_in_turn(p);
        // The part after this player's steps, worked out with them still in the turn.
        let next_part = if owns_step {
            let mut next = self.successor(self.part);
            while let Some(Part::Step(k, q)) = next {
                if q != p {
                    break;
                }
                next = self.successor(Part::Step(k, q));
            }
            Some(next)
        } else {
            None
        };
        let attacking = self.attack.as_ref().is_some_and(|a| {
            a.defending_player == p
                || a.attackers
                    .iter()
                    .any(|&(c, _)| self.card(c).controller == p)
                || matches!(self.part, Part::Step(StepKind::Attack, q) if q == p)
        });
        self.remove_player(p);
        if self.result.is_some() {
            return;
        }
        self.priority.remove(p);
        self.waiting.retain(|w| w.controller != p);
        self.delayed.retain(|d| d.controller != p);
        if self.initiative == p {
            // The initiative passes on clockwise, as in the wrap-up (408.2e).
            self.initiative = self.next_player(p);
        }
        if self.priority_after == Some(p) {
            self.priority_after = None;
        }
        let mut dropped = false;
        if self.draft.as_ref().is_some_and(|d| d.player == p) {
            self.draft = None;
            dropped = true;
        }
        if self.resolving.as_ref().is_some_and(|r| r.controller == p)
            || self.events.iter().any(|e| {
                matches!(e.stage, EventStage::Order(q) | EventStage::Cost { payer: q, .. } if q == p)
            })
        {
            let attack = self.attack.take();
            let conclusion = self.conclusion.take();
            let hit = self.hit_attacker.take();
            self.abandon_under_way();
            self.attack = attack;
            self.conclusion = conclusion;
            self.hit_attacker = hit;
            dropped = true;
        }
        if attacking {
            self.log(|_| "The attack ends (102.5).".into());
            self.attack = None;
            self.conclusion = None;
            self.hit_attacker = None;
            dropped = true;
        }
        match pending {
            Pending::ChooseInitiative(q) if q == p => {
                self.pending = Pending::ChooseInitiative(self.next_player(p));
            }
            Pending::Mulligan(q) if q == p => {
                let next = self.next_player(p);
                if self.player(next).mulligan_decided {
                    self.begin_turn();
                } else {
                    self.pending = Pending::Mulligan(next);
                }
            }
            Pending::WrapUpRecover(q) if q == p => match after {
                Some(r) => self.next_wrap_up_choice(r, true),
                None => self.finish_wrap_up(),
            },
            Pending::ReadyCaptor(q, _) if q == p => self.wrap_up_ready(),
            _ if owns_step => {
                // Their step ends at once, with anything under way in it.
                self.abandon_under_way();
                match next_part.flatten() {
                    Some(next) => self.go_to(next),
                    None => self.start_wrap_up(),
                }
            }
            _ if dropped => self.give_priority(self.primary_player()),
            _ if deciding => {
                self.takebacks = 0;
                self.priority_goes_on();
            }
            _ => {}
        }
        // Whatever was waiting on them that could not go on (a choice another player's
        // effect asked of them): the game takes up again from the primary player's
        // priority.
        if self.result.is_none()
            && (self.pending.seat().is_some_and(|q| !self.in_game(q)) || self.legal().is_empty())
        {
            self.abandon_under_way();
            self.give_priority(self.primary_player());
        }
    }

    /// 102.5: what was under way when a player conceded and can't go on without them
    /// ends: the effect being played (nothing happened, as if taken back), the effect
    /// resolving (a plot twist it came from goes to the KO'd pile, as it leaves the chain,
    /// 508.2l), the events being replaced, the attack.
    fn abandon_under_way(&mut self) {
        self.draft = None;
        self.loops.counting = None;
        self.loops.demo = None;
        if let Some(f) = self.resolving.take() {
            if f.card_on_chain && self.card(f.source).zone == Zone::Chain {
                self.move_card(f.source, Zone::KoPile);
            }
        }
        self.events.clear();
        self.settled = None;
        self.replacing.clear();
        self.no_wait = 0;
        self.paying_cost = false;
        self.chosen_affiliation = None;
        self.attack = None;
        self.conclusion = None;
        self.hit_attacker = None;
    }

    /// 703.3: a fingerprint of the game for finding loops: its hash with what only counts
    /// time left out — the clock, the chain's effect numbers (by their place on the
    /// chain instead), when the effect resolving was played, when characters readied
    /// (when nothing lasts while a character remains exhausted), how many times a
    /// process has repeated. Everything else counts, object numbers included, so a loop
    /// in which a card changes zones is not found (the engine's bounds still end it).
    pub(crate) fn loop_fingerprint(&mut self) -> u64 {
        let clock = std::mem::take(&mut self.clock);
        let ids: Vec<u32> = self.chain.iter().map(|e| e.id).collect();
        for (i, e) in self.chain.iter_mut().enumerate() {
            e.id = i as u32;
        }
        let ties = self.exhaust_ties.ties.is_empty();
        let played_at = std::mem::take(&mut self.exhaust_ties.played_at);
        let readied = if ties {
            std::mem::take(&mut self.exhaust_ties.readied_at)
        } else {
            Vec::new()
        };
        let repeats = self
            .resolving
            .as_mut()
            .map(|f| std::mem::take(&mut f.repeats));
        // 703.1a's record of optional actions is history, not the game.
        let loops = std::mem::take(&mut self.loops);
        let fp = crossover_kernel::stable_hash(self);
        self.loops = loops;
        self.clock = clock;
        for (e, id) in self.chain.iter_mut().zip(ids) {
            e.id = id;
        }
        self.exhaust_ties.played_at = played_at;
        if ties {
            self.exhaust_ties.readied_at = readied;
        }
        if let (Some(f), Some(n)) = (self.resolving.as_mut(), repeats) {
            f.repeats = n;
        }
        fp
    }

    /// 703.3: a player did something other than pass: no loop of mandatory actions runs.
    pub(crate) fn loop_broken(&mut self) {
        if self.loop_watch.resolved != 0 {
            self.loop_watch.resolved = 0;
            self.loop_watch.seen.clear();
        }
    }

    /// 703.3: the top of the chain begins to resolve after every player passed. After
    /// [`LOOP_WATCH_FROM`] such resolutions with no other action between, a game state
    /// equal to one of them again is a loop of mandatory actions that no player was
    /// willing to break: the game is a draw. Returns whether it is.
    pub(crate) fn watch_for_loop(&mut self) -> bool {
        self.loop_watch.resolved = self.loop_watch.resolved.saturating_add(1);
        if self.loop_watch.resolved < LOOP_WATCH_FROM {
            return false;
        }
        let fp = self.loop_fingerprint();
        if self.loop_watch.seen.contains(&fp) {
            self.draw_by_loop();
            return true;
        }
        if self.loop_watch.seen.len() >= LOOP_WATCH_KEEP {
            self.loop_watch.seen.remove(0);
        }
        self.loop_watch.seen.push(fp);
        false
    }

    /// 703.3: the resolving effect's process is about to repeat: if the game is as it was
    /// when an earlier repetition ended, the process repeats for ever with no decision
    /// in it (a loop of mandatory actions no one can break): the game is a draw. Returns
    /// whether it is.
    pub(crate) fn repeat_loops(&mut self) -> bool {
        let first = self.resolving.as_ref().is_some_and(|f| f.repeats == 0);
        if first {
            self.loop_watch.repeats.clear();
        }
        let fp = self.loop_fingerprint();
        if self.loop_watch.repeats.contains(&fp) {
            self.loop_watch.repeats.clear();
            self.draw_by_loop();
            return true;
        }
        self.loop_watch.repeats.push(fp);
        false
    }

    fn draw_by_loop(&mut self) {
        self.log(|_| {
            "The same game state has come back through mandatory actions that no player breaks: the game is a draw (703.3).".into()
        });
        let left: Vec<PlayerId> = self.clockwise_from(0).collect();
        self.end_game(GameResult::Draw(left));
    }

    /// 408.2: the wrap-up, with no priority.
    fn start_wrap_up(&mut self) {
        self.log(|_| "Wrap-up.".to_string());
        self.endurance_check();
        if self.result.is_some() {
            return;
        }
        self.wrap_up_saved.clear();
        self.next_wrap_up_choice(self.initiative, true);
    }

    fn controls_stunned(&self, p: PlayerId) -> bool {
        self.player(p)
            .characters
            .iter()
            .any(|&c| self.card(c).stunned)
    }

    /// 408.2b: each player, from the primary player clockwise, may choose one stunned
    /// character they control; `from` is the next to choose.
    fn next_wrap_up_choice(&mut self, from: PlayerId, first: bool) {
        let order = self.clockwise_order(self.initiative);
        let start = order.iter().position(|&p| p == from).unwrap_or(0);
        let start = if first { start } else { start + 1 };
        for &p in &order[start.min(order.len())..] {
            if self.controls_stunned(p) {
                self.pending = Pending::WrapUpRecover(p);
                return;
            }
        }
        self.finish_wrap_up();
    }

    pub(crate) fn save_in_wrap_up(&mut self, p: PlayerId, c: Option<CardId>) {
        if let Some(c) = c {
            self.wrap_up_saved.push(c);
        }
        self.next_wrap_up_choice(p, false);
    }

    fn finish_wrap_up(&mut self) {
        // 408.2b: the chosen recover together; every other stunned character is KO'd.
        for c in std::mem::take(&mut self.wrap_up_saved) {
            self.recover(c);
        }
        for &p in self.clockwise_order(self.initiative).iter() {
            let stunned: Vec<CardId> = self
                .player(p)
                .characters
                .iter()
                .copied()
                .filter(|&c| self.card(c).stunned)
                .collect();
            for c in stunned {
                self.ko(c);
            }
        }
        self.wrap_up_captors = Default::default();
        self.wrap_up_ready();
    }

    /// 408.2c: every object readies — once each captor of an exhaust-and-hold modifier
    /// has been chosen to ready or not (513.6b, 513.6d).
    fn wrap_up_ready(&mut self) {
        if let Some(c) = self.next_captor_choice() {
            self.pending = Pending::ReadyCaptor(self.card(c).controller, c);
            return;
        }
        // 513.6b: captors chosen to ready release their captives, which ready with them.
        let (chosen, kept) = std::mem::take(&mut self.wrap_up_captors);
        for &c in &chosen {
            self.release_captives(c);
        }
        // 408.2c: every object readies.
        for p in 0..self.seats() {
            let player = self.player(p);
            let objects: SmallVec<[CardId; 32]> = player
                .characters
                .iter()
                .chain(&player.equipment)
                .chain(&player.resources)
                .copied()
                .collect();
            for c in objects {
                // 513.6d: a captor chosen not to ready stays exhausted.
                if !kept.contains(&c) {
                    self.ready(c);
                }
            }
        }
        // 408.2d: "this turn" ends — modifiers, use limits (501.4), delayed modifiers
        // that haven't triggered (513.4), boost text (706.2a), press (706.12).
        self.end_modifiers(|m| {
            m.duration == Duration::ThisTurn || m.duration == Duration::ThisAttack
        });
        self.end_gained_this_turn();
        self.used_this_turn.clear();
        self.recruited_this_turn.clear();
        // Glossary: Attacked: "this turn" is over.
        self.combat_history.clear();
        self.delayed.retain(|d| !d.this_turn);
        // 400.9a, 400.10b: skips for this turn end; additions never left pending.
        self.turn_changes.skips.retain(|s| !s.this_turn);
        self.turn_changes.added.clear();
        self.turn_changes.resume.clear();
        for c in &mut self.cards {
            c.boosted = false;
        }
        for pl in &mut self.players {
            pl.press_recruited = 0;
            pl.press_reduction = 0;
        }
        // 408.2e.
        self.initiative = self.next_player(self.initiative);
        self.begin_turn();
    }
}

impl GameState {
    /// 513.6a: `c` readied (or is chosen to ready): the exhaust-and-hold modifiers it is
    /// the captor of end.
    pub(crate) fn release_captives(&mut self, c: CardId) {
        if self
            .modifiers
            .iter()
            .any(|m| m.captor.is_some_and(|(x, _)| x == c))
        {
            self.modifiers
                .retain(|m| m.captor.is_none_or(|(x, _)| x != c));
        }
    }

    /// 513.6a: the live exhaust-and-hold modifiers: (captor, captive).
    fn holds(&self) -> Vec<(CardId, CardId)> {
        self.modifiers
            .iter()
            .filter_map(|m| {
                let (x, o) = m.captor?;
                let Applies::Object(y, oy) = m.applies else {
                    return None;
                };
                (self.captor_holds((x, o)) && self.card(y).object == oy).then_some((x, y))
            })
            .collect()
    }

    /// 513.6b, 513.6d, 513.6e: the next captor whose controller chooses whether to ready
    /// it in the wrap-up: one not yet chosen for, that can ready, and that no captor
    /// still holds (a master captor, or one whose captors have all been chosen to
    /// ready). A "no" leaves its captives held, so nothing after it in its series is
    /// asked; captors holding each other in a loop are never free, and stay exhausted.
    fn next_captor_choice(&self) -> Option<CardId> {
        let holds = self.holds();
        if holds.is_empty() {
            return None;
        }
        let (chosen, kept) = &self.wrap_up_captors;
        let order: Vec<CardId> = self
            .clockwise_from(self.initiative)
            .flat_map(|p| {
                let pl = self.player(p);
                pl.characters
                    .iter()
                    .chain(&pl.equipment)
                    .chain(&pl.resources)
                    .copied()
                    .collect::<Vec<_>>()
            })
            .collect();
        order.into_iter().find(|&x| {
            holds.iter().any(|&(c, _)| c == x)
                && !chosen.contains(&x)
                && !kept.contains(&x)
                && !self.card(x).stunned
                && holds
                    .iter()
                    .filter(|&&(_, y)| y == x)
                    .all(|(c, _)| chosen.contains(c))
        })
    }

    /// 513.6b, 513.6d: the captor's controller chose whether to ready it.
    pub(crate) fn choose_ready_captor(&mut self, c: CardId, ready: bool) {
        self.log(|g| {
            format!(
                "{} {} {} (513.6b).",
                g.player_name(g.card(c).controller),
                if ready { "readies" } else { "keeps exhausted" },
                g.name(c)
            )
        });
        if ready {
            self.wrap_up_captors.0.push(c);
        } else {
            self.wrap_up_captors.1.push(c);
        }
        self.wrap_up_ready();
    }
}

#[cfg(test)]
mod tests {
    use crate::action::Action;
    use crate::state::*;

    fn new_game() -> GameState {
        let pool = crate::db::built_in_pool();
        let deck = |name| crate::deckfile::prebuilt(&pool, name).unwrap();
        let setup =
            crate::setup::VsTcgSetup::new(vec![deck("training-squad"), deck("sparring-circle")]);
        GameState::new(&setup, 11).unwrap()
    }

    fn act(g: &mut GameState, a: Action) {
        assert!(
            g.legal().contains(&a),
            "{a:?} not legal in {:?}: {}",
            g.pending(),
            g.explain_illegal(&a)
        );
        g.perform(&a);
    }

    fn pass_all(g: &mut GameState) {
        let n = g.players_in_game();
        for _ in 0..n {
            act(g, Action::Pass);
        }
    }

    /// The per-card lists made at setup (`action_cards`, `trigger_events`) follow the
    /// cards' definitions, and a board that swaps a definition without rebuilding them
    /// is told apart (debug builds check this at every priority decision and event).
    #[test]
    fn the_lists_made_at_setup_follow_the_definitions() {
        let mut g = new_game();
        assert!(g.setup_lists_fit());
        let ids = || (0..g.cards.len()).map(|i| crate::ids::CardId(i as u16));
        let plain = ids()
            .find(|&c| g.action_kind(c) == 0)
            .expect("a card doing nothing");
        let twist = ids()
            .find(|&c| g.action_kind(c) & ActionKind::PLAYABLE != 0)
            .expect("a plot twist or location");
        let def = g.card(twist).def;
        g.card_mut(plain).def = def;
        assert!(!g.setup_lists_fit());
        g.action_cards = None;
        assert!(
            g.setup_lists_fit(),
            "without a list every card is looked up"
        );
    }

    /// 101.5: 50 endurance and four cards each; 101.4: a player chooses who starts with
    /// the initiative; 101.6: mulligans from the initiative player clockwise.
    #[test]
    fn r101_5_r101_4_r101_6_the_start_of_the_game() {
        let mut g = new_game();
        for p in 0..2 {
            assert_eq!((g.endurance(p), g.player(p).hand_len()), (50, 4));
        }
        assert!(matches!(g.pending(), Pending::ChooseInitiative(_)));
        act(&mut g, Action::ChooseInitiative(1));
        assert_eq!(g.pending(), Pending::Mulligan(1));
        act(&mut g, Action::KeepHand);
        assert_eq!(g.pending(), Pending::Mulligan(0));
        act(&mut g, Action::Mulligan);
        assert_eq!(g.player(0).hand_len(), 4);
        assert_eq!(g.part(), Part::Phase(Phase::Draw));
    }

    /// A whole turn: 400.1 four phases; 401.1 the normal draw on the chain, no
    /// controller; 400.8 the primary player gets priority as each part starts; 216.2 /
    /// 400.7 all pass with an empty chain to move on; 402.1 / 400.5 each player's three
    /// build steps in turn from the initiative player; 403.1 / 403.4 building is an
    /// explicit choice; 404.1 a resource point per resource; 404.5 unspent points are
    /// lost; 405.1 the formation; 406.1 an attack step each; 408.2c everything readies;
    /// 408.2e the initiative passes clockwise.
    #[test]
    fn r400_1_r401_1_r400_8_r216_2_r400_7_r402_1_r400_5_r403_1_r403_4_r404_1_r404_5_r405_1_r406_1_r408_2c_r408_2e_a_whole_turn(
    ) {
        let mut g = new_game();
        act(&mut g, Action::ChooseInitiative(0));
        act(&mut g, Action::KeepHand);
        act(&mut g, Action::KeepHand);
        assert_eq!(g.turn(), 1);
        assert_eq!(g.part(), Part::Phase(Phase::Draw));
        assert_eq!(g.chain().len(), 1);
        assert_eq!(g.chain()[0].controller, None);
        assert_eq!(g.pending(), Pending::Priority(0));
        pass_all(&mut g);
        assert_eq!((g.player(0).hand_len(), g.player(1).hand_len()), (6, 6));
        pass_all(&mut g);
        assert_eq!(g.part(), Part::Phase(Phase::Build));
        pass_all(&mut g);
        assert_eq!(g.part(), Part::Step(StepKind::Resource, 0));
        assert_eq!(g.pending(), Pending::Build(0));
        assert!(
            g.legal().contains(&Action::NoBuild),
            "not building is a choice too"
        );
        let card = g.player(0).hand()[0];
        act(&mut g, Action::Build(card));
        assert_eq!(g.player(0).resources(), &[card]);
        pass_all(&mut g);
        assert_eq!(g.part(), Part::Step(StepKind::Recruit, 0));
        assert_eq!(g.player(0).rp, 1);
        pass_all(&mut g);
        assert_eq!(g.part(), Part::Step(StepKind::Formation, 0));
        assert_eq!(g.player(0).rp, 0);
        assert_eq!(g.pending(), Pending::Formation(0));
        act(&mut g, Action::FormationDone);
        pass_all(&mut g);
        assert_eq!(g.part(), Part::Step(StepKind::Resource, 1));
        act(&mut g, Action::NoBuild);
        pass_all(&mut g);
        pass_all(&mut g);
        act(&mut g, Action::FormationDone);
        pass_all(&mut g);
        assert_eq!(g.part(), Part::Phase(Phase::Combat));
        pass_all(&mut g);
        assert_eq!(g.part(), Part::Step(StepKind::Attack, 0));
        pass_all(&mut g);
        assert_eq!(g.part(), Part::Step(StepKind::Attack, 1));
        pass_all(&mut g);
        assert_eq!(g.part(), Part::Phase(Phase::Recovery));
        g.card_mut(card).exhausted = true;
        pass_all(&mut g);
        assert_eq!(g.turn(), 2);
        assert_eq!(g.initiative(), 1);
        assert!(!g.card(card).exhausted);
        assert_eq!(g.part(), Part::Phase(Phase::Draw));
        assert_eq!(g.pending(), Pending::Priority(1));
    }

    /// 102.1 / 102.2 / 408.2a: at the wrap-up a player at 0 endurance loses; the last
    /// player left wins.
    #[test]
    fn r102_1_r102_2_the_last_player_left_wins() {
        let mut g = new_game();
        act(&mut g, Action::ChooseInitiative(0));
        act(&mut g, Action::KeepHand);
        act(&mut g, Action::KeepHand);
        g.player_mut(1).endurance = 0;
        g.part = Part::Phase(Phase::Recovery);
        g.chain.clear();
        pass_all(&mut g);
        assert_eq!(g.result(), Some(&GameResult::Win(0)));
        assert_eq!(g.pending(), Pending::Over);
    }
}
