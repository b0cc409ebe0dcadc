//! Playing a card (E.4) and control checks (E.3).

use crate::model::*;
use crate::state::*;

impl GameState {
    /// E.4.1.2: a card may be played only if it has a resource symbol that is on the
    /// player's character (with its attached characters', D.2.2.3.4.1) and on every card in their card pool that has symbols.
    pub fn symbols_allow(&self, p: u8, c: CardId) -> bool {
        let mut allowed = self.character_symbols(p);
        for &x in &self.player(p).card_pool {
            let s = self.def(x).symbols;
            if !s.is_empty() && x != c && !self.in_transit(x) {
                allowed = allowed.intersect(s);
            }
        }
        self.def(c).symbols.shares_with(allowed)
    }

    /// I.3.2: a "[Name] Only" card can't be played unless the player's character has
    /// that name. ("[Name] Reversal" limits only the reversal: `legal_reversals`.)
    pub fn name_allows(&self, p: u8, c: CardId) -> bool {
        let name = &self.character_def(p).name;
        self.def(c).keywords.iter().all(|k| match k {
            Keyword::Only(n) => n.eq_ignore_ascii_case(name),
            _ => true,
        })
    }

    /// E.4.7.2: progressive difficulty, one per card in the player's card pool (the card
    /// being played not counted).
    pub fn progressive(&self, p: u8, c: CardId) -> i16 {
        self.player(p)
            .card_pool
            .iter()
            .filter(|&&x| x != c && !self.in_transit(x))
            .count() as i16
    }

    /// E.4.2, E.4.10: a card whose control check is under way (or waits while another
    /// card is played in answer to it) is in transit, not yet in the card pool (the
    /// engine keeps it at the pool's right end meanwhile).
    pub fn in_transit(&self, x: CardId) -> bool {
        self.check.as_ref().is_some_and(|ch| ch.card == x)
            || self.paused_checks.iter().any(|ch| ch.card == x)
    }

    /// E.4: attempt to play `c` from hand. The card moves to the right end of the card
    /// pool, its difficulty is worked out, and the control check is made.
    pub(crate) fn attempt(&mut self, p: u8, c: CardId, purpose: Purpose) {
        self.attempt_paid(p, c, purpose, None);
    }

    /// `attempt`, for an action card played with its ability whose cost took `paid`
    /// (the effect reads it once the card is played).
    pub(crate) fn attempt_paid(
        &mut self,
        p: u8,
        c: CardId,
        purpose: Purpose,
        paid: Option<CardId>,
    ) {
        self.move_card(c, Place::CardPool);
        // Ruling UFS-31: a split card is played as the half its play names.
        let split_half = match purpose {
            Purpose::Form => self.def(c).kind == Kind::Action,
            Purpose::Ability(i, _) => (SPLIT_HALF..GRANTED).contains(&i),
            _ => false,
        };
        if split_half {
            self.become_split_half(c);
        }
        let then = Resume::AdditionalCostPaid {
            player: p,
            card: c,
            purpose,
            paid,
        };
        if matches!(purpose, Purpose::Form | Purpose::Reversal) {
            self.pay_additional_cost(p, c, then);
        } else {
            self.resume(then);
        }
    }

    /// E.4.4: the card's additional cost is paid, after it is announced and before its
    /// check (legal_forms and legal_reversals offer it only when it can be paid); the
    /// player chooses the momentum (D.4.2.3). Then `then`.
    fn pay_additional_cost(&mut self, p: u8, c: CardId, then: Resume) {
        let due = self
            .additional_cost(c)
            .into_iter()
            .map(|part| match part {
                crate::ability::Cost::DiscardMomentum(n) => n,
                _ => 0,
            })
            .fold(0u8, u8::saturating_add);
        if due > 0 {
            self.say(|s| {
                format!(
                    "{} pays the additional cost of {}: {due} momentum (E.4.4).",
                    s.seat_name(p),
                    s.name_of(c)
                )
            });
        }
        self.momentum_of_choice(p, due, Place::Discard, then);
    }

    /// E.4.4: after the additional cost, the card's next-attack abilities, then its
    /// control check.
    pub(crate) fn additional_cost_paid(
        &mut self,
        p: u8,
        c: CardId,
        purpose: Purpose,
        paid: Option<CardId>,
    ) {
        if matches!(purpose, Purpose::Form | Purpose::Reversal) {
            self.gain_next_attack_abilities(p, c);
        }
        self.start_check(p, c, purpose, None, paid);
    }

    /// UFS-20: an effect plays the top card of `p`'s deck face down as an attack with
    /// the values `k` gives it; then `then`.
    pub(crate) fn play_top_as_attack(
        &mut self,
        p: u8,
        k: &crate::ability::FaceDownAttack,
        then: Resume,
    ) {
        let (Some(&top), Some(def)) = (self.player(p).deck.last(), self.db.face_down(k)) else {
            self.resume(then);
            return;
        };
        self.move_card(top, Place::CardPool);
        let printed = self.card(top).def;
        self.marks.face_down.push((
            top,
            FaceDown {
                printed,
                no_momentum: k.no_momentum,
            },
        ));
        self.card_mut(top).def = def;
        self.gain_next_attack_abilities(p, top);
        self.start_check(p, top, Purpose::Effect, Some(Box::new(then)), None);
    }

    /// E.4.7: the card `c` is in the card pool (in transit): its difficulty is worked
    /// out and the control check is made. A block first opens the window "before you
    /// block with this card" when a card answers it (ruling UFS-34).
    fn start_check(
        &mut self,
        p: u8,
        c: CardId,
        purpose: Purpose,
        then: Option<Box<Resume>>,
        paid: Option<CardId>,
    ) {
        if let Some(outer) = self.check.take() {
            self.paused_checks.push(outer);
        }
        self.check = Some(Check::new(p, c, purpose, then, paid));
        let e = Event::BeforeBlock { player: p, card: c };
        if purpose == Purpose::Block && self.watches(e.kind_bit()) {
            self.event(e, Resume::BlockCheck);
            return;
        }
        self.check_difficulty();
    }

    /// E.4.7, E.4.8: the difficulty of the card whose check is under way, then the
    /// check.
    pub(crate) fn check_difficulty(&mut self) {
        let Some((p, c, purpose)) = self
            .check
            .as_ref()
            .map(|ch| (ch.player, ch.card, ch.purpose))
        else {
            return;
        };
        let base = match purpose {
            // G.2.1.3.2.1: a block's difficulty is its block modifier plus the
            // attack's speed.
            Purpose::Block => {
                let modifier = self.def(c).block.map_or(0, |(_, m)| i16::from(m));
                let speed = self.attack.as_ref().map_or(0, |a| a.speed);
                modifier + speed
            }
            Purpose::Form | Purpose::Reversal | Purpose::Ability(..) | Purpose::Effect => {
                i16::from(self.difficulty(c))
            }
        };
        // I.3.1 Breaker: the next card the player attempts gets +X difficulty; a block's
        // check starts from its block modifier and the attack's speed instead (E.4.7.1),
        // so it doesn't count there (I.3.1 Note), but the block still uses it up.
        let breaker = std::mem::take(&mut self.player_mut(p).next_card_difficulty);
        if breaker != 0 {
            self.say(|s| {
                format!(
                    "{}'s difficulty is {breaker:+} (I.3.1){}.",
                    s.name_of(c),
                    if purpose == Purpose::Block {
                        ", which a block's check does not use"
                    } else {
                        ""
                    }
                )
            });
        }
        let card_bonus = if purpose == Purpose::Block {
            0
        } else {
            breaker
        };
        let difficulty = base + card_bonus + self.progressive(p, c);
        let what = match purpose {
            Purpose::Form => "",
            Purpose::Block => " as a block",
            Purpose::Reversal => " as a reversal",
            Purpose::Ability(..) => " with its ability",
            Purpose::Effect => " by an effect",
        };
        self.say(|s| {
            format!(
                "{} attempts to play {}{what}: difficulty {difficulty}.",
                s.seat_name(p),
                s.name_of(c)
            )
        });
        if let Some(ch) = self.check.as_mut() {
            ch.difficulty = difficulty;
        }
        self.make_check();
    }

    /// E.3.1: discard the top card of the deck; its control is the number checked. A
    /// shortfall may be made up by committing (E.3.5.2.3), one card per point, only if
    /// enough can be committed.
    fn make_check(&mut self) {
        let Some(check) = self.check.clone() else {
            return;
        };
        if !self.pause_conditions() {
            return;
        }
        let p = check.player;
        let top = *self.player(p).deck.last().expect("a deck after cycling");
        self.move_card(top, Place::Discard);
        let value = i16::from(self.def(top).control);
        self.say(|s| {
            format!(
                "Control check: {} reveals {} (control {value}) against {}.",
                s.seat_name(p),
                s.name_of(top),
                check.difficulty
            )
        });
        if let Some(ch) = self.check.as_mut() {
            ch.value = value;
            ch.checked = Some(top);
        }
        // E.3.1.1: the number checked is a game event responses may answer (re-check,
        // modify the value) before the value is final (E.3.2).
        let e = Event::Check {
            player: p,
            value,
            card: check.card,
        };
        self.event(e, Resume::CheckValue);
    }

    /// E.3.2–E.3.5: the value is final. A re-check starts again from E.3.1 (E.3.3);
    /// otherwise the check passes, or the player may commit, or it fails.
    pub(crate) fn judge_check(&mut self) {
        let Some(check) = self.check.as_mut() else {
            return;
        };
        if check.recheck {
            check.recheck = false;
            check.is_recheck = true;
            check.value = 0;
            self.say(|_| "Re-check (E.3.3).".into());
            self.make_check();
            return;
        }
        let (p, value, difficulty) = (check.player, check.value, check.difficulty);
        if value >= difficulty {
            self.check_passed();
        } else if self.committable(p).len() as i16 >= difficulty - value {
            self.pending = Pending::Commit(p);
        } else {
            self.check_failed();
        }
    }

    /// E.3.5.2.3: commit one card, one point toward the check.
    pub(crate) fn commit_for_check(&mut self, c: CardId) {
        self.card_mut(c).committed = true;
        let Some(check) = self.check.as_mut() else {
            return;
        };
        check.value += 1;
        check.commits = check.commits.saturating_add(1);
        let (p, done) = (check.player, check.value >= check.difficulty);
        self.say(|s| format!("{} commits {}.", s.seat_name(p), s.name_of(c)));
        if done {
            self.check_passed();
        }
    }

    fn check_passed(&mut self) {
        let check = self.check.take().expect("a check");
        self.check = self.paused_checks.pop();
        let c = check.card;
        self.say(|s| format!("{} is played.", s.name_of(c)));
        // E.3.5.1: the check passed, a game event ("if the re-check is successful").
        let e = Event::CheckPasses {
            player: check.player,
            attack: self.to_play_attack(&check),
        };
        self.event(e, Resume::CheckPassed(Box::new(check)));
    }

    /// Whether a check is one to play an attack (not a block, not an ability).
    fn to_play_attack(&self, check: &Check) -> bool {
        matches!(
            check.purpose,
            Purpose::Form | Purpose::Reversal | Purpose::Effect
        ) && matches!(self.def(check.card).kind, Kind::Attack { .. })
    }

    /// "After (a player) plays an attack" (E.4.11), then `then`.
    fn attack_played(&mut self, p: u8, c: CardId, then: Resume) {
        self.event(Event::PlaysAttack { player: p, card: c }, then);
    }

    /// E.4.11: the card is played; what follows depends on why it was played.
    pub(crate) fn card_played(&mut self, check: Check) {
        let e = Event::PlaysCard {
            player: check.player,
            card: check.card,
        };
        if self.watches(e.kind_bit()) {
            self.event(e, Resume::CardPlayed(Box::new(check)));
        } else {
            self.card_played_now(check);
        }
    }

    /// E.4.11, once "after you play a card" is answered.
    pub(crate) fn card_played_now(&mut self, check: Check) {
        let (p, c) = (check.player, check.card);
        if self.to_play_attack(&check) {
            if let Some(k) = check.checked {
                let v = self.def(k).control;
                self.marks.checked_to_play.push((c, v));
            }
        }
        match check.purpose {
            Purpose::Ability(i, x) => self.action_ability_played(p, c, i, x, check.paid),
            Purpose::Effect => {
                let then = check.then.map_or(Resume::ContinueCombat, |t| *t);
                if matches!(self.def(c).kind, Kind::Attack { .. }) {
                    self.attack_stack.push(c);
                    self.attack_played(p, c, then);
                } else {
                    self.resume(then);
                }
            }
            Purpose::Form | Purpose::Reversal => {
                if check.purpose == Purpose::Reversal {
                    self.reversal_window = None;
                }
                if matches!(self.def(c).kind, Kind::Attack { .. }) {
                    // F.2.3: an attack played (not as a cost) joins the attack stack.
                    self.attack_stack.push(c);
                    if check.purpose == Purpose::Reversal {
                        self.reversal_attacks.push(c);
                    }
                    self.attack_played(p, c, Resume::ContinueCombat);
                } else {
                    self.continue_combat();
                }
            }
            // G.5.2.1.2: the block status is not determined for a dropped attack.
            Purpose::Block if self.abort_dropped_attack() => {}
            Purpose::Block => {
                let attack_zone = self.attack.as_ref().map(|a| a.zone);
                let block_zone = self.block_of(c).map(|(z, _)| z);
                let status = if attack_zone == block_zone {
                    BlockStatus::Complete
                } else {
                    BlockStatus::Partial
                };
                self.blocked_with(p, c, status);
            }
        }
    }

    /// G.2.4: `p` blocked with `c` (a block's check passed, or a card blocks with no
    /// check, UFS-32).
    pub(crate) fn blocked_with(&mut self, p: u8, c: CardId, status: BlockStatus) {
        self.card_mut(c).played_as_block = true;
        // "If you block this attack" effects fire (J.3.2.1.1), then "after you
        // block" responses (G.2.4), then the Damage Step.
        let mut then = Resume::Event(
            Event::Block { player: p, card: c },
            Box::new(Resume::Damage(status)),
        );
        // "Deals damage or is blocked" fires here, once, and no longer waits.
        let mut fired = Vec::new();
        if let Some(a) = self.attack.as_mut() {
            for f in &a.fired {
                if (f.when == FiredWhen::YouBlock && f.controller == p)
                    || f.when == FiredWhen::DamageOrBlocked
                {
                    fired.push(f.clone());
                }
            }
            a.fired.retain(|f| f.when != FiredWhen::DamageOrBlocked);
        }
        for f in fired.into_iter().rev() {
            then = Resume::Effect {
                controller: f.controller,
                rest: f.then,
                then: Box::new(then),
            };
        }
        self.resume(then);
    }

    /// E.3.5.2.2: the check fails, a game event responses may answer ("it succeeds").
    pub(crate) fn check_failed(&mut self) {
        let Some(check) = self.check.as_ref() else {
            return;
        };
        let e = Event::CheckFails {
            player: check.player,
            by: check.difficulty - check.value,
            attack: self.to_play_attack(check),
        };
        self.event(e, Resume::CheckFailure);
    }

    /// After the check-fails window: an effect may have made it succeed.
    pub(crate) fn check_failure(&mut self) {
        match &self.check {
            Some(c) if c.succeeds => {
                self.say(|_| "The check succeeds instead.".into());
                self.check_passed();
            }
            Some(c) => {
                let e = Event::CheckFailureStands { player: c.player };
                self.event(e, Resume::FailCheck);
            }
            None => {}
        }
    }

    /// E.4.8.2: a failed check discards the card; a failed form ends the Combat Phase
    /// (F.2.2.1.1); a failed block leaves the attack unblocked (G.2.4).
    pub(crate) fn fail_check(&mut self) {
        let check = self.check.take().expect("a check");
        self.check = self.paused_checks.pop();
        let c = check.card;
        // The card waits in its card pool while it is played (E.4.7); one an effect
        // moved away meanwhile (a response played in the check's window) is not
        // discarded a second time, which would lift it to the top of the pile again.
        if self.card(c).place == Place::CardPool {
            self.say(|s| format!("The check fails: {} is discarded.", s.name_of(c)));
            self.move_card(c, Place::Discard);
        } else {
            self.say(|s| {
                format!(
                    "The check fails ({} has already left the card pool).",
                    s.name_of(c)
                )
            });
        }
        self.pending = Pending::Over; // replaced below
        match check.purpose {
            Purpose::Form => {
                // The attempt met any obligation to attempt a card (F.2.2.3), and a
                // failed form is not a pass, so none is created for next turn.
                self.player_mut(check.player).must_attempt = false;
                self.say(|_| "A failed form ends the Combat Phase (F.2.2.1.1).".into());
                self.end_phase();
            }
            Purpose::Block => {
                if let Some(a) = self.attack.as_mut() {
                    a.block = BlockStatus::NotBlocked;
                }
                // G.2.2.1: the block failed, a game event ("after you fail to block").
                let e = Event::BlockFails {
                    player: check.player,
                };
                self.event(e, Resume::AfterBlockFails);
            }
            Purpose::Reversal => {
                self.reversal_window = None;
                self.continue_combat();
            }
            Purpose::Ability(i, _) => self.action_ability_failed(check.player, c, i),
            // UFS-20: not a failed form; the effect goes on.
            Purpose::Effect => self.resume(check.then.map_or(Resume::ContinueCombat, |t| *t)),
        }
    }
}
