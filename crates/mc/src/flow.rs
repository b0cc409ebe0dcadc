//! The one loop that runs the game until a seat must decide: it pops [`Task`]s (the
//! round's structure, enemy attacks and schemes, encounter reveals, occurrences and
//! effects) and runs the state checks (defeat, scheme completion, elimination) between
//! them. ROUND OVERVIEW, PLAYER PHASE, END OF PLAYER PHASE, VILLAIN PHASE.

use crate::model::*;
use crate::state::*;
use crossover_kernel::Outcome;

/// Rounds after which a game is ended as a loss for the players: a safety net that
/// keeps every game finite (the villain's scheme always advances, so real games end
/// far sooner).
pub const ROUND_LIMIT: u32 = 200;

/// Engine steps one settle may take before the game is ended as looping (real settles
/// take a few hundred at most).
pub const SETTLE_LIMIT: u32 = 1_000_000;

impl GameState {
    /// Run tasks until a decision is pending or the game is over.
    pub(crate) fn settle(&mut self) {
        // A safety net like ROUND_LIMIT: a board no real game reaches (a scenario whose
        // only encounter card surges and is reshuffled forever) must not hang the engine.
        let mut steps: u32 = 0;
        loop {
            steps += 1;
            if steps > SETTLE_LIMIT && self.outcome.is_none() {
                self.log_public(
                    "The game goes round in a loop without a decision: it ends as a loss for the players."
                        .to_string(),
                );
                self.outcome = Some(Outcome::AllLose);
            }
            if self.outcome.is_some() {
                self.phase = Phase::Over;
                self.tasks.clear();
                self.pending = Pending::None;
                return;
            }
            if self.pending != Pending::None {
                return;
            }
            if self.state_checks() {
                continue;
            }
            let Some(task) = self.tasks.pop() else {
                self.tasks.push(Task::StartRound);
                continue;
            };
            self.run_task(task);
        }
    }

    fn run_task(&mut self, task: Task) {
        match task {
            Task::Mulligan(p) => {
                self.tasks.push(Task::Mulligan(p));
                self.pending = Pending::Mulligan(p);
            }
            Task::StartRound => self.start_round(),
            Task::OrderForced {
                left,
                event_card,
                damaged,
            } => match left.as_slice() {
                [] => {}
                [last] => self.initiate_forced(*last, event_card, damaged),
                _ => {
                    let player = self
                        .player_order()
                        .first()
                        .copied()
                        .unwrap_or(self.first_player);
                    self.tasks.push(Task::OrderForced {
                        left,
                        event_card,
                        damaged,
                    });
                    self.pending = Pending::OrderForced { player };
                }
            },
            Task::Turn(p) => {
                if self.player(p).eliminated {
                    return;
                }
                self.tasks.push(Task::Turn(p));
                self.pending = Pending::Turn(p);
            }
            Task::EndPhaseDiscard(i) => {
                // In player order, each player may discard any number of cards, and
                // must discard down to hand size (END OF PLAYER PHASE).
                let order = self.player_order();
                if let Some(&p) = order.get(usize::from(i)) {
                    self.tasks.push(Task::EndPhaseDiscard(i));
                    self.pending = Pending::DiscardDown(p);
                }
            }
            Task::EndPhaseDrawReady => {
                // Each player draws up to hand size, then readies all their cards.
                for p in self.player_order() {
                    let n = self.hand_size(p).saturating_sub(self.player(p).hand.len());
                    self.draw(p, n);
                }
                for p in self.player_order() {
                    for c in self.controlled_by(p).collect::<Vec<_>>() {
                        self.card_mut(c).exhausted = false;
                    }
                }
                self.end_lasting(Period::Phase);
                self.phase = Phase::Villain;
                self.log_public(format!("Round {}: the villain phase.", self.round));
            }
            Task::VillainStep1 => self.villain_step_one(),
            Task::Activation(left) => {
                let Some(p) = self.next_of(left) else {
                    return;
                };
                self.tasks.push(Task::Activation(left & !seat_bit(p)));
                self.tasks
                    .push(Task::MinionActivations { player: p, next: 0 });
                self.activate(self.villain, p);
            }
            Task::MinionActivations { player, next } => {
                if self.player(player).eliminated {
                    return;
                }
                let minions = self.minions_engaged_with(player);
                let Some(&m) = minions.get(usize::from(next)) else {
                    return;
                };
                self.tasks.push(Task::MinionActivations {
                    player,
                    next: next + 1,
                });
                self.activate(m, player);
            }
            Task::Deal => self.deal_step(),
            Task::Reveal(left) => {
                let Some(p) = self.next_of(left) else {
                    return;
                };
                match self.player(p).dealt.first().copied() {
                    Some(c) => {
                        self.tasks.push(Task::Reveal(left));
                        self.player_mut(p).dealt.remove(0);
                        self.tasks.push(Task::RevealCard {
                            card: c,
                            player: p,
                            step: 0,
                        });
                    }
                    None => self.tasks.push(Task::Reveal(left & !seat_bit(p))),
                }
            }
            Task::PassToken => {
                self.end_lasting(Period::Phase);
                self.end_lasting(Period::Round);
                self.limits.retain(|l| l.2 == Period::Game);
                let n = self.players.len() as u8;
                let mut next = (self.first_player + 1) % n;
                while self.player(next).eliminated {
                    next = (next + 1) % n;
                }
                self.first_player = next;
                self.log_public(format!(
                    "The first player token passes to {}.",
                    self.player_name(next)
                ));
                if self.round >= ROUND_LIMIT {
                    self.log_public("The round limit is reached: the players lose.".into());
                    self.outcome = Some(Outcome::AllLose);
                }
                self.round_ends();
            }
            Task::Attack(a) => self.enemy_attack(a),
            Task::Scheme {
                schemer,
                player,
                step,
                bonus,
            } => self.enemy_scheme(schemer, player, step, bonus),
            Task::RevealCard { card, player, step } => self.reveal_card(card, player, step),
            Task::Occur(o) => {
                // A defeat that did not happen (its card still at 0 hit points) is
                // checked again.
                self.checks_due |= matches!(o.event, Event::Defeated { .. });
                self.occur(o)
            }
            Task::Effect(f) => self.run_frame(f),
            Task::EnterSchemeStage(b) => self.enter_scheme_stage(b),
            Task::OpeningHands => {
                // Identity Setup abilities (T'Challa) come first.
                self.tasks.push(Task::DrawOpeningHands);
                self.push_identity_setups();
            }
            Task::DrawOpeningHands => {
                for p in 0..self.players.len() as u8 {
                    let n = self.hand_size(p);
                    self.draw(p, n);
                }
            }
            Task::Consequential { ally, amount } => {
                if self.in_play(ally) && amount > 0 {
                    self.deal_damage(ally, u16::from(amount), None, false);
                }
            }
        }
    }

    fn start_round(&mut self) {
        self.round += 1;
        self.phase = Phase::Player;
        self.log_public(format!("Round {}: the player phase.", self.round));
        let order = self.player_order();
        self.tasks.push(Task::PassToken);
        self.tasks.push(Task::Reveal(EVERY_SEAT));
        self.tasks.push(Task::Deal);
        self.tasks.push(Task::Activation(EVERY_SEAT));
        self.tasks.push(Task::VillainStep1);
        self.tasks.push(Task::EndPhaseDrawReady);
        self.tasks.push(Task::EndPhaseDiscard(0));
        for &p in order.iter().rev() {
            self.tasks.push(Task::Turn(p));
        }
    }

    /// Villain phase step 1: threat on the main scheme (MAIN SCHEME, ACCELERATION).
    fn villain_step_one(&mut self) {
        let ms = self.main_scheme;
        let accel = match self.def(ms).kind {
            Kind::MainScheme { acceleration, .. } => {
                acceleration.of(usize::from(self.starting_players))
            }
            _ => 0,
        };
        let icons = self
            .in_play_cards()
            .filter(|&c| self.keyword(c, Keyword::Acceleration))
            .count() as u16;
        let total = accel + u16::from(self.acceleration_tokens) + icons;
        self.log_public(format!(
            "{} gains {total} threat ({accel} acceleration, {} token(s), {icons} icon(s)).",
            self.def(ms).name,
            self.acceleration_tokens
        ));
        self.tasks
            .push(Task::Occur(Occurrence::new(Event::StepOneThreat)));
        self.place_threat(ms, total);
    }

    /// The villain or a minion activates against player `p` (ACTIVATION, MINION).
    pub(crate) fn activate(&mut self, enemy: CardId, p: u8) {
        match self.player(p).form {
            Form::Hero => self.tasks.push(Task::Attack(EnemyAttack::new(enemy, p))),
            Form::AlterEgo => self.tasks.push(Task::Scheme {
                schemer: enemy,
                player: p,
                step: 0,
                bonus: 0,
            }),
        }
    }

    /// Villain phase step 3: one encounter card per player, then one per hazard icon,
    /// in player order (DEAL, SIDE SCHEME).
    fn deal_step(&mut self) {
        let order = self.player_order();
        for &p in &order {
            self.deal_encounter(p);
        }
        let hazards = self
            .in_play_cards()
            .filter(|&c| self.keyword(c, Keyword::Hazard))
            .count();
        for i in 0..hazards {
            if order.is_empty() {
                break;
            }
            self.deal_encounter(order[i % order.len()]);
        }
    }

    /// Deal the top encounter card face down to `p`.
    pub(crate) fn deal_encounter(&mut self, p: u8) {
        if let Some(c) = self.take_encounter_card() {
            self.card_mut(c).zone = Zone::Dealt(p);
            self.player_mut(p).dealt.push(c);
            self.log_public(format!(
                "{} is dealt an encounter card.",
                self.player_name(p)
            ));
        }
    }

    /// The top card of the encounter deck, reshuffling the discard pile into it when it
    /// runs out (EMPTY ENCOUNTER DECK: with an acceleration token).
    pub(crate) fn take_encounter_card(&mut self) -> Option<CardId> {
        if self.encounter_deck.is_empty() {
            self.reshuffle_encounter();
        }
        let c = self.encounter_deck.pop()?;
        if self.encounter_deck.is_empty() {
            self.reshuffle_encounter();
        }
        Some(c)
    }

    pub(crate) fn reshuffle_encounter(&mut self) {
        if self.encounter_discard.is_empty() {
            return;
        }
        let mut cards = std::mem::take(&mut self.encounter_discard);
        self.rng.shuffle(&mut cards);
        for &c in &cards {
            self.card_mut(c).zone = Zone::EncounterDeck;
        }
        self.encounter_deck = cards;
        self.acceleration_tokens = self.acceleration_tokens.saturating_add(1);
        self.log_public(
            "The encounter deck ran out: the discard pile is shuffled into a new deck and an acceleration token is placed."
                .into(),
        );
    }

    /// Draw `n` cards (DRAWING CARDS, EMPTY PLAYER DECK).
    pub(crate) fn draw(&mut self, p: u8, n: usize) {
        for _ in 0..n {
            if self.player(p).deck.is_empty() {
                self.reshuffle_player_deck(p);
            }
            let Some(c) = self.player_mut(p).deck.pop() else {
                return;
            };
            self.card_mut(c).zone = Zone::Hand(p);
            self.player_mut(p).hand.push(c);
            let name = self.def(c).name.clone();
            self.log_private(p, format!("You draw {name}."));
            if self.player(p).deck.is_empty() {
                self.reshuffle_player_deck(p);
            }
        }
        self.log_public_except(p, format!("{} draws {n} card(s).", self.player_name(p)));
    }

    /// EMPTY PLAYER DECK: shuffle the discard pile into a new deck and deal yourself an
    /// encounter card.
    pub(crate) fn reshuffle_player_deck(&mut self, p: u8) {
        let mut cards = std::mem::take(&mut self.player_mut(p).discard);
        if cards.is_empty() {
            return;
        }
        self.rng.shuffle(&mut cards);
        for &c in &cards {
            self.card_mut(c).zone = Zone::Deck(p);
        }
        self.player_mut(p).deck = cards;
        self.log_public(format!(
            "{}'s deck ran out: the discard pile is shuffled into a new deck, and they are dealt an encounter card.",
            self.player_name(p)
        ));
        self.deal_encounter(p);
    }

    /// Checks made between tasks: defeated characters and side schemes (DEFEAT),
    /// completed main schemes (MAIN SCHEME), eliminated players. Returns whether it
    /// queued something.
    fn state_checks(&mut self) -> bool {
        // Main scheme completion.
        let ms = self.main_scheme;
        if let Kind::MainScheme {
            target: Some(t), ..
        } = self.def(ms).kind
        {
            let target = t.of(usize::from(self.starting_players));
            if self.card(ms).threat >= target && !self.defeat_queued(ms) {
                self.advance_main_scheme();
                return true;
            }
        }
        if !self.checks_due {
            return false;
        }
        // By index, not through a collected list: this runs after every engine step.
        for i in 0..self.cards.len() {
            let c = CardId(i as u16);
            if !self.in_play(c) {
                continue;
            }
            // `def`, not `face`: an identity's card is one of its two sides, judged alike.
            let defeated = match self.def(c).kind {
                Kind::SideScheme { .. } => self.card(c).threat == 0,
                Kind::Hero { .. }
                | Kind::AlterEgo { .. }
                | Kind::Ally { .. }
                | Kind::Villain { .. }
                | Kind::Minion { .. } => self.may_be_defeated(c) && self.remaining_hp(c) <= 0,
                _ => self.card(c).face_down && self.may_be_defeated(c) && self.remaining_hp(c) <= 0,
            };
            if defeated && !self.defeat_queued(c) {
                let by = self.last_damager.take();
                self.tasks
                    .push(Task::Occur(Occurrence::new(Event::Defeated {
                        card: c,
                        by,
                    })));
                return true;
            }
        }
        self.checks_due = false;
        false
    }

    /// Whether character `c` can be at 0 hit points: it has damage, or something lowers
    /// hit points, or its printed hit points are 0. A cheap test first, since the state
    /// checks run after every engine step and `remaining_hp` reads every modifier.
    fn may_be_defeated(&self, c: CardId) -> bool {
        self.card(c).damage > 0
            || self.db.lowers_hit_points
            || self.lasting.iter().any(|l| l.stat == Stat::Hp && l.n < 0)
            || self.base_stat(c, Stat::Hp).unwrap_or(0) == 0
    }

    fn defeat_queued(&self, c: CardId) -> bool {
        self.tasks
            .iter()
            .any(|t| matches!(t, Task::Occur(o) if matches!(o.event, Event::Defeated { card, .. } if card == c)))
    }

    /// The main scheme's threat reached its target: the next stage, or the players lose.
    fn advance_main_scheme(&mut self) {
        let old = self.main_scheme;
        let name = self.def(old).name.clone();
        let Some(next) = self.scheme_deck.pop() else {
            self.log_public(format!("{name} is completed: the villain wins."));
            self.outcome = Some(Outcome::AllLose);
            return;
        };
        self.card_mut(old).zone = Zone::Removed;
        self.card_mut(old).threat = 0;
        self.log_public(format!("{name} is completed: the main scheme advances."));
        // Acceleration tokens stay; excess threat is lost (MAIN SCHEME).
        self.reveal_main_scheme(next);
    }

    /// Put a main scheme stage in play: its A side resolves its Setup and When
    /// Revealed text, then the B side enters with its starting threat and resolves its
    /// own When Revealed (WHEN REVEALED, MAIN SCHEME).
    pub(crate) fn reveal_main_scheme(&mut self, b: CardId) {
        // The stage is in play while its A side resolves (the physical card is the B
        // side; it takes its starting threat when the B side enters).
        self.main_scheme = b;
        self.card_mut(b).zone = Zone::MainScheme;
        self.card_mut(b).threat = 0;
        self.tasks.push(Task::EnterSchemeStage(b));
        if let Some(a) = self.a_side(b) {
            let p = self.first_player;
            let abilities: Vec<Ability> = self.db.defs[usize::from(a)]
                .abilities
                .iter()
                .filter(|x| matches!(x.kind, AbilityKind::Setup | AbilityKind::WhenRevealed))
                .cloned()
                .collect();
            for ab in abilities.into_iter().rev() {
                let mut f = Frame::new(b, p, ab.steps);
                f.label = ab.label;
                self.tasks.push(Task::Effect(f));
            }
        }
    }

    pub(crate) fn enter_scheme_stage(&mut self, b: CardId) {
        self.main_scheme = b;
        self.card_mut(b).zone = Zone::MainScheme;
        self.card_mut(b).threat = 0;
        if let Kind::MainScheme { start, .. } = self.def(b).kind {
            self.card_mut(b).threat = start.of(usize::from(self.starting_players));
        }
        self.log_public(format!("The main scheme is now {}.", self.def(b).name));
        let p = self.first_player;
        self.push_abilities(b, AbilityKind::WhenRevealed, p, None);
    }

    pub(crate) fn end_lasting(&mut self, period: Period) {
        self.checks_due = true;
        self.lasting.retain(|l| l.until != period);
        if period == Period::Phase || period == Period::Round {
            self.limits
                .retain(|l| l.2 != period && (period != Period::Round || l.2 != Period::Phase));
        }
    }

    pub fn player_name(&self, p: u8) -> String {
        self.identity_def(p).name.clone()
    }
}

impl Occurrence {
    pub fn new(event: Event) -> Occurrence {
        Occurrence {
            event,
            stage: OccStage::ForcedInterrupts,
            canceled: false,
            prevented: 0,
            used: vec![],
        }
    }
}

impl EnemyAttack {
    pub fn new(attacker: CardId, player: u8) -> EnemyAttack {
        EnemyAttack {
            attacker,
            player,
            step: 0,
            defender: None,
            boosts: 0,
            bonus: 0,
            overkill: false,
            damaged: None,
            asked: 0,
            dealt: 0,
            hit: None,
            discard_after: vec![],
            hero_damaged: false,
            exhaust_if_damaged: false,
            counted_by: None,
            stun_damaged: false,
            damaged_had: 0,
        }
    }
}
