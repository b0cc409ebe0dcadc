//! The mutation atoms: the only functions that move cards between zones or change
//! their condition. Each one fires the events its change causes, so triggers can
//! never be missed by a caller that forgot to emit one.

use crate::model::*;
use crate::state::*;
use crate::triggers::Event;
use crossover_kernel::{LogEntry, Seat};
use std::sync::Arc;

/// The triggers one stun sets off, collected before it happens
/// ([`GameState::stun_look_back`]).
pub struct StunLookBack {
    stun: Vec<QueuedTrigger>,
    ko: Option<Vec<QueuedTrigger>>,
    wound: Option<Vec<QueuedTrigger>>,
}

impl GameState {
    /// Create a new card of `number` for `seat` and put it into `zone` (scenario boards
    /// and rules tests build positions with it; a game's own cards are made at setup).
    ///
    /// # Panics
    /// If the card database has no card `number`: callers check numbers first.
    pub fn spawn(&mut self, number: &str, seat: Seat, zone: Zone) -> CardId {
        let def = self
            .db
            .by_number(number)
            .unwrap_or_else(|| panic!("no card {number}"));
        let id = self.new_card(def, seat, Zone::Removed);
        self.move_to(id, zone, seat);
        id
    }

    pub fn log(&mut self, text: impl FnOnce(&GameState) -> String) {
        if self.log.enabled {
            let t = text(self);
            Arc::make_mut(&mut self.log.entries).push(LogEntry {
                turn: self.turn,
                visible_to: None,
                text: t,
            });
        }
    }

    pub fn log_private(&mut self, seat: Seat, text: impl FnOnce(&GameState) -> String) {
        if self.log.enabled {
            let t = text(self);
            Arc::make_mut(&mut self.log.entries).push(LogEntry {
                turn: self.turn,
                visible_to: Some(seat),
                text: t,
            });
        }
    }

    pub fn tick(&mut self) -> u32 {
        self.clock += 1;
        self.clock
    }

    /// Take a card out of whatever list holds it.
    fn detach(&mut self, c: CardId) {
        let card = self.cards[c as usize].clone();
        if card.zone() == Zone::Attached {
            if let Some(h) = card.attached_to {
                self.cards[h as usize].equipment = None;
            }
            self.cards[c as usize].attached_to = None;
            return;
        }
        self.unlist(c);
    }

    /// Move a card to a zone of `side` (rows, resources) or of its owner (everything
    /// else: a card always goes to its owner's deck, hand or KO pile, p.7).
    pub fn move_to(&mut self, c: CardId, zone: Zone, side: Seat) {
        let was_in_play = self.card(c).zone().in_play();
        // A demoted original main character that leaves play is removed from the game
        // instead (Changing Main/Supporting Character Status p.23).
        let owner_of = self.card(c).owner;
        let zone = if was_in_play
            && !zone.in_play()
            && zone != Zone::Removed
            && self.is_character_in_play(c)
            && !self.card(c).main
            && self.players[owner_of].main == c
        {
            Zone::Removed
        } else {
            zone
        };
        let was_hand = self.card(c).zone() == Zone::Hand;
        let prev_owner_hand = self.card(c).owner;
        self.detach(c);
        // Equipment leaves with its character (KO'd, Playing Equipment p.15).
        if matches!(zone, Zone::Front | Zone::Back) {
            // moving between rows keeps everything
        } else if let Some(e) = self.card(c).equipment {
            if was_in_play {
                self.move_to(e, Zone::KoPile, self.card(e).owner);
            }
        }
        let owner = self.card(c).owner;
        let entering_play = !was_in_play && zone.in_play();
        let leaving_play = was_in_play && !zone.in_play();
        {
            let card = &mut self.cards[c as usize];
            if leaving_play || entering_play {
                card.epoch += 1;
                card.plus = 0;
                card.minus = 0;
                card.wounds = 0;
                card.lethal_wound = false;
                card.exhausted = false;
                card.frozen_turn = None;
                card.face_up = true;
                card.equipment = None;
            }
            card.controller = if zone.in_play() { side } else { owner };
        }
        if entering_play {
            let t = self.tick();
            self.cards[c as usize].entered = t;
        }
        let p = if zone.in_play() { side } else { owner };
        self.list(c, zone, p);
        if leaving_play {
            self.leave_combat(c);
            self.end_source_modifiers(c);
            // Tokens cease to exist outside Play (Token Characters p.26); a Facehugger goes
            // back to its Facehugger pile (p.24).
            if self.card(c).token && self.card(c).zone() != Zone::Removed {
                let to = if self.def(c).pile {
                    Zone::FacehuggerPile
                } else {
                    Zone::Removed
                };
                self.move_to(c, to, owner);
            }
            self.release_captives(c);
        }
        if was_hand && zone != Zone::Hand {
            self.fire(Event::LeftHand {
                seat: prev_owner_hand,
            });
        }
    }

    /// Is it an enemy player's turn, for `seat`? (`Cond::EnemyTurn`)
    pub fn enemy_turn(&self, seat: Seat) -> bool {
        self.are_enemies(self.turn_seat, seat)
    }

    /// A character under a "can't strike" effect doesn't strike (`Step::CantStrike`).
    pub fn cant_strike(&self, c: CardId) -> bool {
        self.modifiers_on(c).any(|m| m.kind == ModKind::CantStrike)
    }

    /// A character under a "can't move" effect stays in its row (`Step::CantMove`).
    pub fn cant_move(&self, c: CardId) -> bool {
        self.modifiers_on(c).any(|m| m.kind == ModKind::CantMove)
    }

    /// Several characters enter play at once onto `side` (each in its row): they all
    /// arrive, then uniqueness is checked against the characters already there (those
    /// are KO'd, p.24). Returns the groups of newcomers that share a name with each
    /// other: for each, the controller picks the one to keep (p.24), then
    /// `finish_together` KOs the others and fires their appearances.
    pub fn appear_together(&mut self, cards: &[(CardId, Row)], side: Seat) -> Vec<CardId> {
        for &(c, row) in cards {
            self.enter_row(c, row, side);
        }
        let newcomers: Vec<CardId> = cards.iter().map(|&(c, _)| c).collect();
        // Against characters that were already there, each newcomer stays.
        for &c in &newcomers {
            let others: Vec<CardId> = newcomers.iter().copied().filter(|&o| o != c).collect();
            self.check_uniqueness_among(c, &others);
        }
        self.together_clashes(&newcomers)
    }

    /// The newcomers (still in play) that share a name with another newcomer and
    /// aren't allowed copies by Swarm.
    pub fn together_clashes(&self, newcomers: &[CardId]) -> Vec<CardId> {
        let live: Vec<CardId> = newcomers
            .iter()
            .copied()
            .filter(|&c| self.is_character_in_play(c))
            .collect();
        live.iter()
            .copied()
            .filter(|&c| {
                !self.has_keyword(c, Keyword::Swarm)
                    && live
                        .iter()
                        .any(|&o| o != c && self.def(o).shares_name_with(self.def(c)))
            })
            .collect()
    }

    /// Keep `keep`, KO the newcomers sharing its name (p.24: you pick one to KO).
    pub fn keep_among_together(&mut self, keep: CardId, newcomers: &[CardId]) {
        let others: Vec<CardId> = newcomers
            .iter()
            .copied()
            .filter(|&o| {
                o != keep
                    && self.is_character_in_play(o)
                    && self.def(o).shares_name_with(self.def(keep))
            })
            .collect();
        for o in others {
            self.log(|g| format!("Uniqueness: {} is KO'd.", g.name(o)));
            self.ko(o, None);
        }
    }

    /// The newcomers that are still in play fire their appearance.
    pub fn finish_together(&mut self, newcomers: &[CardId]) {
        for &c in newcomers {
            if self.is_character_in_play(c) {
                self.fire(Event::Appeared { card: c });
            }
        }
    }

    /// Capture (p.24): the captive is removed from the game, keeping its wounds, next to
    /// its captor.
    pub fn capture(&mut self, captor: CardId, captive: CardId) {
        if !self.is_character_in_play(captor) || !self.is_character_in_play(captive) {
            return;
        }
        let wounds = self.card(captive).wounds;
        let owner = self.card(captive).owner;
        self.move_to(captive, Zone::Removed, owner);
        let card = self.card_mut(captive);
        card.wounds = wounds;
        card.captor = Some(captor);
        self.log(|g| format!("{} captures {}.", g.name(captor), g.name(captive)));
    }

    /// When a captor leaves play, its captives come back stunned into their owners' back
    /// rows, with their wounds (p.24).
    fn release_captives(&mut self, captor: CardId) {
        let captives: Vec<CardId> = (0..self.cards.len() as CardId)
            .filter(|&c| {
                self.card(c).captor == Some(captor) && self.card(c).zone() == Zone::Removed
            })
            .collect();
        for c in captives {
            let wounds = self.card(c).wounds;
            let owner = self.card(c).owner;
            self.card_mut(c).captor = None;
            self.move_to(c, Zone::Back, owner);
            let card = self.card_mut(c);
            card.wounds = wounds;
            card.face_up = false;
            card.exhausted = true;
            self.log(|g| format!("{} is released, stunned.", g.name(c)));
        }
    }

    /// "Until Cosmo gets stunned or leaves play" modifiers end.
    pub fn end_source_modifiers(&mut self, source: CardId) {
        self.modifiers.retain(|m| {
            !(m.duration == Duration::UntilSourceStunnedOrLeaves && m.source == source)
        });
    }

    pub fn leave_combat(&mut self, c: CardId) {
        if let Some(cb) = self.combat.as_mut() {
            cb.attackers.retain(|&a| a != c);
            if cb.defender == Some(c) {
                cb.defender = None;
            }
        }
    }

    pub fn draw(&mut self, seat: Seat, n: u32) {
        let mut drawn = 0;
        for _ in 0..n {
            // An empty deck skips the draw (Running Out Of Cards p.25).
            let Some(&top) = self.players[seat].deck().last() else {
                self.log(|g| format!("{} has no cards left to draw.", g.players[seat].name));
                break;
            };
            self.move_to(top, Zone::Hand, seat);
            self.log_private(seat, |g| format!("You draw {}.", g.name(top)));
            drawn += 1;
        }
        if drawn == n {
            self.log(|g| format!("{} draws {n}.", g.players[seat].name));
        }
        // "When you draw" triggers (Dr. Strange's Supreme Power): once per draw, not for
        // the opening hand and mulligans of the setup, before the game starts.
        if drawn > 0 && self.phase != Phase::Setup {
            self.fire(Event::Drew { seat });
        }
    }

    pub fn discard(&mut self, c: CardId) {
        let owner = self.card(c).owner;
        self.move_to(c, Zone::KoPile, owner);
        self.log(|g| format!("{} discards {}.", g.players[owner].name, g.name(c)));
    }

    pub fn add_plus(&mut self, c: CardId, n: u8) {
        // A stunned character can't gain counters, unless Symbiosis (p.14, p.31).
        if !self.card(c).face_up && !self.has_keyword_stunned(c, Keyword::Symbiosis) {
            return;
        }
        self.card_mut(c).plus = self.card(c).plus.saturating_add(n);
        self.cancel_counters(c);
    }

    pub fn add_minus(&mut self, c: CardId, n: u8, source: Option<CardId>) {
        if !self.card(c).face_up && !self.waking_nightmare_against(c) {
            return;
        }
        self.card_mut(c).minus = self.card(c).minus.saturating_add(n);
        self.cancel_counters(c);
        self.check_zero_def(c, source);
    }

    /// +1/+1 and -1/-1 counters cancel in pairs (p.13).
    fn cancel_counters(&mut self, c: CardId) {
        let card = self.card_mut(c);
        let k = card.plus.min(card.minus);
        card.plus -= k;
        card.minus -= k;
    }

    /// DEF 0 means immediately stunned (p.13).
    pub fn check_zero_def(&mut self, c: CardId, source: Option<CardId>) {
        if self.is_face_up_character(c) && self.defense(c) <= 0 {
            self.stun(c, source, true);
        }
    }

    /// Symbiosis works while stunned: look at printed keywords even though powers are off.
    fn has_keyword_stunned(&self, c: CardId, k: Keyword) -> bool {
        self.def(c).has_printed_keyword(k)
            || self.modifiers_on(c).any(|m| m.kind == ModKind::Keyword(k))
    }

    fn waking_nightmare_against(&self, c: CardId) -> bool {
        let side = self.card(c).controller;
        self.all_characters().into_iter().any(|o| {
            self.are_enemies(self.card(o).controller, side)
                && self.has_keyword(o, Keyword::WakingNightmare)
        })
    }

    /// Stun (Stunned Characters p.14): face down, exhausted, counters removed,
    /// equipment KO'd, a wound; KO if wounds ≥ health or a lethal wound; then
    /// "until stunned" durations end. `wound` false is a Daze.
    pub fn stun(&mut self, c: CardId, source: Option<CardId>, wound: bool) {
        self.stun_full(c, source, wound, false)
    }

    /// Stun with a possibly lethal wound (Lethal, p.31).
    pub fn stun_full(&mut self, c: CardId, source: Option<CardId>, wound: bool, lethal: bool) {
        self.stun_with_sources(c, source, Vec::new(), wound, lethal, false, None)
    }

    /// The triggers a stun sets off, collected in the state just before it (Triggers
    /// p.16: a stun, a KO and a wound look back to before the event that caused them).
    /// Combat collects these for every stun of a resolution before applying any, so
    /// simultaneous stuns all look back to before the strikes (docs/rulings.md #85).
    pub fn stun_look_back(
        &self,
        c: CardId,
        source: Option<CardId>,
        also: Vec<CardId>,
        wound: bool,
        strike: bool,
    ) -> StunLookBack {
        let event = Event::Stunned {
            card: c,
            source,
            also: also.clone(),
            strike,
        };
        let wounded = wound && !self.stun_gives_no_wound(c);
        StunLookBack {
            stun: self.collect_triggers(&event),
            // "when this gets KO'd" fires though it is face down when the wound KOs it.
            ko: wounded.then(|| {
                self.collect_triggers(&Event::Kod {
                    card: c,
                    source,
                    also: also.clone(),
                    controller: self.card(c).controller,
                })
            }),
            // So does "when this gets wounded" for the stun's wound.
            wound: wounded.then(|| self.collect_triggers(&Event::Wounded { card: c, source })),
        }
    }

    /// A stun of `c` now puts no wound on it: a "no wound this combat" modifier, a
    /// can't-be-wounded one, or no wound from a stun in combat (Elder of the Universe).
    fn stun_gives_no_wound(&self, c: CardId) -> bool {
        self.modifiers_on(c)
            .any(|m| m.kind == ModKind::NoWoundThisCombat || m.kind == ModKind::CantBeWounded)
            || (self.in_combat(c) && self.no_wound_if_stunned_in_combat(c))
    }

    /// Stun with several sources: `also` are the other characters in combat with it
    /// when the combat rules stun it (When this Character Stuns/KO triggers p.17);
    /// `strike`: the strikes of a combat stun it; `look_back`: its triggers if already
    /// collected ([`Self::stun_look_back`]), else they are collected now.
    #[allow(clippy::too_many_arguments)]
    pub fn stun_with_sources(
        &mut self,
        c: CardId,
        source: Option<CardId>,
        also: Vec<CardId>,
        wound: bool,
        lethal: bool,
        strike: bool,
        look_back: Option<StunLookBack>,
    ) {
        if !self.is_face_up_character(c) {
            return;
        }
        let StunLookBack {
            stun: pre,
            ko: pre_ko,
            wound: pre_wound,
        } = look_back
            .unwrap_or_else(|| self.stun_look_back(c, source, also.clone(), wound, strike));
        let no_wound = self.stun_gives_no_wound(c);
        let symbiosis = self.has_keyword(c, Keyword::Symbiosis);
        let keep_minus = self.waking_nightmare_against(c);
        let tough = self.has_keyword(c, Keyword::Tough);
        {
            let card = self.card_mut(c);
            card.face_up = false;
            card.exhausted = true;
            if !symbiosis {
                card.plus = 0;
            }
            if !keep_minus {
                card.minus = 0;
            }
        }
        if let Some(e) = self.card(c).equipment {
            self.move_to(e, Zone::KoPile, self.card(e).owner);
        }
        for s in source.into_iter().chain(also) {
            let sc = self.card(s).controller;
            if self.are_enemies(sc, self.card(c).controller) {
                self.players[sc].stunned_by_this_turn.push(s);
            }
        }
        self.log(|g| {
            format!(
                "{} is {}.",
                g.name(c),
                if wound { "stunned" } else { "dazed" }
            )
        });
        self.leave_combat(c);
        self.end_source_modifiers(c);
        self.queue_triggers(pre);
        if wound && !no_wound {
            self.wound_with(c, 1, source, lethal, pre_ko, pre_wound);
        }
        if tough && self.is_stunned(c) {
            self.queue_tough(c);
        }
    }

    /// Put wounds on a character; KO it at wounds ≥ health or with a lethal wound.
    pub fn wound(&mut self, c: CardId, n: u8, source: Option<CardId>, lethal: bool) {
        self.wound_with(c, n, source, lethal, None, None)
    }

    /// `pre_ko`, `pre_wound`: KO and "gets wounded" triggers already collected in a
    /// look-back state (see `stun_full`); otherwise they look at the state just before
    /// the wound, so a wound that KOs still triggers "when this gets wounded".
    fn wound_with(
        &mut self,
        c: CardId,
        n: u8,
        source: Option<CardId>,
        lethal: bool,
        pre_ko: Option<Vec<QueuedTrigger>>,
        pre_wound: Option<Vec<QueuedTrigger>>,
    ) {
        if !self.is_character_in_play(c) {
            return;
        }
        if self
            .modifiers_on(c)
            .any(|m| m.kind == ModKind::CantBeWounded)
        {
            return;
        }
        if n > 0 {
            let pre_wound = pre_wound
                .unwrap_or_else(|| self.collect_triggers(&Event::Wounded { card: c, source }));
            self.queue_triggers(pre_wound);
        }
        {
            let card = self.card_mut(c);
            card.wounds = card.wounds.saturating_add(n);
            card.lethal_wound |= lethal;
        }
        let health = self.def(c).health;
        if self.card(c).lethal_wound || self.card(c).wounds as i32 >= health {
            self.ko_with(c, source, pre_ko);
        }
    }

    /// KO: put a character from play into its owner's KO pile (Game Terms).
    pub fn ko(&mut self, c: CardId, source: Option<CardId>) {
        self.ko_with(c, source, None)
    }

    /// `pre`: the KO's triggers if already collected in a look-back state.
    fn ko_with(&mut self, c: CardId, source: Option<CardId>, pre: Option<Vec<QueuedTrigger>>) {
        if !self.card(c).zone().in_play() {
            return;
        }
        let event = Event::Kod {
            card: c,
            source,
            also: Vec::new(),
            controller: self.card(c).controller,
        };
        let pre = pre.unwrap_or_else(|| self.collect_triggers(&event));
        let owner = self.card(c).owner;
        let is_main = self.card(c).main;
        let demoted_original = !is_main && self.players[owner].main == c;
        // A defending player who gets KO'd is out, like a KO'd main character (Deadpool L2).
        let player = self.is_player_token(c);
        self.log(|g| format!("{} is KO'd.", g.name(c)));
        if demoted_original || player {
            self.move_to(c, Zone::Removed, owner);
        } else {
            self.move_to(c, Zone::KoPile, owner);
        }
        self.queue_triggers(pre);
        // Only *your* main character's KO puts you out: an extra main character KO'd by
        // the start-of-turn check (p.22) is just KO'd.
        if (is_main && self.players[owner].main == c) || player {
            self.main_character_kod(owner);
        }
    }

    /// Recover: turn face up, keep wounds, stay exhausted (p.15).
    pub fn recover(&mut self, c: CardId) {
        if !self.is_stunned(c) || self.enemy_support_cant_recover(c) {
            return;
        }
        self.card_mut(c).face_up = true;
        self.log(|g| format!("{} recovers.", g.name(c)));
    }

    pub fn ready(&mut self, c: CardId) {
        let frozen = self.card(c).frozen_turn == Some(self.turn)
            || self.modifiers_on(c).any(|m| m.kind == ModKind::CantReady);
        if !frozen {
            self.card_mut(c).exhausted = false;
        }
    }

    /// The card is put into a row (stunned if it appears stunned), before uniqueness and
    /// appearance triggers.
    fn enter_row(&mut self, c: CardId, row: Row, side: Seat) {
        self.move_to(c, Zone::of_row(row), side);
        if self.appears_stunned(c) {
            self.lie_stunned(c);
        }
        self.log(|g| {
            format!(
                "{} appears in {}'s {}.",
                g.name(c),
                g.players[side].name,
                row.name()
            )
        });
    }

    /// A character or card appears: enters play (Game Terms, "Appears").
    pub fn appear(&mut self, c: CardId, row: Row, side: Seat) {
        self.enter_row(c, row, side);
        self.check_uniqueness(c);
        if self.is_character_in_play(c) {
            self.fire(Event::Appeared { card: c });
        }
    }

    /// Uniqueness (p.24): one character of a name per side; the newcomer stays.
    pub fn check_uniqueness(&mut self, newcomer: CardId) {
        self.check_uniqueness_among(newcomer, &[])
    }

    /// Uniqueness for one newcomer, leaving out `ignore` (newcomers arriving with it).
    fn check_uniqueness_among(&mut self, newcomer: CardId, ignore: &[CardId]) {
        if !self.is_character_in_play(newcomer) {
            return;
        }
        let swarm = self.has_keyword(newcomer, Keyword::Swarm);
        let side = self.card(newcomer).controller;
        let nd = self.def(newcomer).clone();
        let clashes: Vec<CardId> = self
            .characters_of(side)
            .into_iter()
            .filter(|&o| o != newcomer && !ignore.contains(&o) && self.def(o).shares_name_with(&nd))
            .collect();
        for o in clashes {
            let main_clash = self.card(o).main && !self.card(newcomer).main;
            // Swarm allows copies; against the main character's name only a main
            // character with Swarm does (p.24, p.31).
            if (!main_clash && swarm) || (main_clash && self.has_keyword(o, Keyword::Swarm)) {
                continue;
            }
            if main_clash {
                // You can't control a supporting character with your main character's
                // name (p.24); a character that can't appear is removed from the game
                // (July 2019 rules update, see docs/rulings.md).
                self.log(|g| {
                    format!(
                        "{} can't share a side with main character {}.",
                        g.name(newcomer),
                        g.name(o)
                    )
                });
                let owner = self.card(newcomer).owner;
                self.move_to(newcomer, Zone::Removed, owner);
                return;
            }
            self.log(|g| format!("Uniqueness: {} is KO'd.", g.name(o)));
            self.ko(o, None);
        }
    }

    pub fn freeze(&mut self, c: CardId) {
        // Freeze: exhaust; it can't ready during its controller's next turn (p.29).
        let controller = self.card(c).controller;
        let next = self.next_turn_of(controller);
        let card = self.card_mut(c);
        card.exhausted = true;
        card.frozen_turn = Some(next);
    }

    /// The number of the next turn `seat` takes (this turn if it is theirs and not over... the next one otherwise).
    pub fn next_turn_of(&self, seat: Seat) -> u32 {
        let n = self.seats() as u32;
        let cur = self.turn_seat as u32;
        let s = seat as u32;
        if s == cur {
            self.turn + n
        } else {
            self.turn + (s + n - cur) % n
        }
    }

    pub fn add_modifier(
        &mut self,
        target: CardId,
        kind: ModKind,
        duration: Duration,
        source: CardId,
    ) {
        let t = self.tick();
        let m = Modifier {
            target,
            target_epoch: self.card(target).epoch,
            kind,
            duration,
            timestamp: t,
            source,
            source_epoch: self.card(source).epoch,
            turn: self.turn,
        };
        self.modifiers.push(m);
    }

    // --- Rows and sides --------------------------------------------------------------

    /// Switch (Game Terms): each character moves to where the other was, at once; if
    /// either can't move, neither does. Only characters on one side can switch.
    pub fn switch_positions(&mut self, x: CardId, y: CardId) {
        if x == y
            || !self.is_character_in_play(x)
            || !self.is_character_in_play(y)
            || self.card(x).controller != self.card(y).controller
        {
            return;
        }
        if self.cant_move(x) || self.cant_move(y) {
            self.log(|g| {
                format!(
                    "{} and {} can't switch: one of them can't move.",
                    g.name(x),
                    g.name(y)
                )
            });
            return;
        }
        if self.row_of(x).is_none() || self.row_of(y).is_none() {
            return;
        }
        // Positions are places in the rows: swap the two entries.
        self.swap_places(x, y);
        self.log(|g| format!("{} and {} switch positions.", g.name(x), g.name(y)));
    }

    /// Move a character between its side's rows, keeping everything on it. A character
    /// that can't move stays (`Step::CantMove`).
    pub fn move_row(&mut self, c: CardId, row: Row) {
        if self.row_of(c) == Some(row) || !self.is_character_in_play(c) || self.cant_move(c) {
            return;
        }
        let side = self.card(c).controller;
        self.relist(c, Zone::of_row(row), side);
        self.log(|g| format!("{} moves to the {}.", g.name(c), row.name()));
    }

    /// Change the side a character is on (Mind Control); does not count as appearing.
    pub fn change_side(&mut self, c: CardId, to: Seat, row: Row) {
        self.relist(c, Zone::of_row(row), to);
        self.cards[c as usize].controller = to;
        self.check_uniqueness(c);
    }

    // --- Condition ----------------------------------------------------------------

    /// Exhaust a card (attacking, or a step that exhausts).
    pub fn exhaust(&mut self, c: CardId) {
        self.cards[c as usize].exhausted = true;
    }

    /// Turn a resource or location face up or down (paying with it, a step that turns
    /// it). A character turns face down by being stunned ([`GameState::stun`]) and face
    /// up by recovering ([`GameState::recover`]).
    pub fn set_face_up(&mut self, c: CardId, face_up: bool) {
        self.cards[c as usize].face_up = face_up;
    }

    /// Put a character that has just entered play face down and exhausted without being
    /// stunned: no wound, no stun triggers (it appears stunned, or comes back stunned).
    pub fn lie_stunned(&mut self, c: CardId) {
        let card = &mut self.cards[c as usize];
        card.face_up = false;
        card.exhausted = true;
    }

    /// Heal: remove up to `n` wounds.
    pub fn heal(&mut self, c: CardId, n: u8) {
        let card = &mut self.cards[c as usize];
        card.wounds = card.wounds.saturating_sub(n);
    }

    /// Attach equipment already in the attached zone to a character (Playing Equipment p.15).
    pub fn attach(&mut self, equipment: CardId, to: CardId) {
        self.cards[equipment as usize].attached_to = Some(to);
        self.cards[to as usize].equipment = Some(equipment);
    }

    /// A captive is no longer held by its captor (it then goes where the caller moves it).
    pub fn free_captive(&mut self, captive: CardId) {
        self.cards[captive as usize].captor = None;
    }

    // --- Hands, decks and piles --------------------------------------------------------

    /// Mulligan (p.8): the hand goes back into the deck, which is shuffled (the cards
    /// don't "leave the hand" for triggers: the game has not started).
    pub fn return_hand_to_deck(&mut self, seat: Seat) {
        for c in self.players[seat].hand().clone() {
            self.relist(c, Zone::Deck, seat);
        }
        self.shuffle_deck(seat);
    }

    /// A new card of `def` owned by `owner`, removed from the game (a card standing for
    /// a player, kept outside the game until it defends).
    pub fn create_removed(&mut self, def: DefId, owner: Seat) -> CardId {
        self.new_card(def, owner, Zone::Removed)
    }
}
