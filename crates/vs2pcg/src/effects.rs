//! Resolving effects (p.22): the steps of a plot twist, Super Power or trigger run in
//! order; a step that needs a choice pauses the effect at an explicit decision; an
//! impossible step is skipped and the rest resolves.

use crate::action::Action;
use crate::model::*;
use crate::state::*;
use crate::triggers::Event;
use crossover_kernel::Seat;
use std::sync::Arc;

/// Result of running effects: finished, or waiting for `seat` to decide.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Run {
    Done,
    Wait(Seat),
}

/// Where the steps of a frame live.
pub fn steps_of<'a>(db: &'a crate::db::CardDb, src: &EffectSource) -> &'a [Step] {
    match src {
        EffectSource::PlotTwist { def } => &db.get(*def).effect,
        EffectSource::Power { def, power } => match &db.get(*def).powers[*power as usize].body {
            PowerBody::Super(s) => &s.effect,
            PowerBody::Triggered(t) => &t.effect,
            _ => &[],
        },
        EffectSource::LevelUp { .. } | EffectSource::Keyword(_) => &[],
    }
}

impl GameState {
    fn frame(&self) -> &Frame {
        self.frames.last().expect("a resolving effect")
    }
    fn frame_mut(&mut self) -> &mut Frame {
        self.frames.last_mut().expect("a resolving effect")
    }

    fn slot(&self, n: u8) -> Vec<CardId> {
        self.frame()
            .slots
            .get(n as usize)
            .cloned()
            .unwrap_or_default()
    }

    fn slot_mut(&mut self, n: u8) -> &mut Vec<CardId> {
        let f = self.frame_mut();
        while f.slots.len() <= n as usize {
            f.slots.push(Vec::new());
        }
        &mut f.slots[n as usize]
    }

    /// The characters a step refers to, as they are now (characters that left play drop out).
    pub fn resolve_who(&self, who: &Who) -> Vec<CardId> {
        let f = self.frame();
        match who {
            Who::This => {
                if self.card(f.card).epoch == f.card_epoch && self.is_character_in_play(f.card) {
                    vec![f.card]
                } else {
                    vec![]
                }
            }
            Who::Chosen(n) => self
                .slot(*n)
                .into_iter()
                .filter(|&c| self.is_character_in_play(c))
                .collect(),
            Who::Each(filter) => self.matching(filter, f.card, f.controller),
        }
    }

    fn resolve_player(&self, p: &PlayerWho) -> Vec<Seat> {
        let f = self.frame();
        match p {
            PlayerWho::You => vec![f.controller],
            PlayerWho::Chosen(n) => f
                .player_slots
                .get(*n as usize)
                .copied()
                .flatten()
                .into_iter()
                .collect(),
            PlayerWho::EachEnemy => self.enemies_of(f.controller),
            PlayerWho::ControllerOf(n) => self
                .slot(*n)
                .first()
                .map(|&c| self.card(c).controller)
                .into_iter()
                .collect(),
        }
    }

    /// Run the top effect until it needs a decision or every effect is done.
    pub fn run_frames(&mut self) -> Run {
        while let Some(frame) = self.frames.last() {
            if frame.cancelled {
                self.finish_frame();
                continue;
            }
            let db = Arc::clone(&self.db);
            let source = frame.source.clone();
            // Intervening "if": re-checked on resolution; false cancels (p.17).
            if frame.pc == 0 && frame.recheck_if {
                self.frame_mut().recheck_if = false;
                if !self.if_still_true() {
                    self.log(|_| {
                        "The trigger's condition is no longer true; it does nothing.".into()
                    });
                    self.finish_frame();
                    continue;
                }
            }
            match source {
                EffectSource::LevelUp { .. } => {
                    let c = self.frame().card;
                    self.gain_xp(c, 1);
                    self.finish_frame();
                    continue;
                }
                EffectSource::Keyword(k) => {
                    if let Some(seat) = self.run_keyword(k) {
                        return Run::Wait(seat);
                    }
                    continue;
                }
                _ => {}
            }
            let steps = steps_of(&db, &source);
            let pc = self.frame().pc;
            let Some(step) = steps.get(pc) else {
                self.finish_frame();
                continue;
            };
            match self.run_step(step) {
                Some(seat) => return Run::Wait(seat),
                None => self.frame_mut().pc += 1,
            }
            if self.outcome.is_some() {
                return Run::Done;
            }
        }
        Run::Done
    }

    fn if_still_true(&self) -> bool {
        let f = self.frame();
        let cond = match &f.source {
            EffectSource::Power { def, power } => {
                match &self.db.get(*def).powers[*power as usize].body {
                    PowerBody::Triggered(t) => t.if_cond.clone(),
                    _ => None,
                }
            }
            EffectSource::LevelUp { def, power } => {
                match &self.db.get(*def).powers[*power as usize].body {
                    PowerBody::LevelUp { trigger, .. } => trigger.if_cond.clone(),
                    _ => None,
                }
            }
            _ => None,
        };
        cond.is_none_or(|c| self.cond_holds(&c, f.card, f.controller, Some(f)))
    }

    fn finish_frame(&mut self) {
        let f = self.frames.pop().expect("frame");
        if let Some(pt) = f.plot_twist {
            // When you play a plot twist, follow its instructions, then KO it (p.16).
            if self.card(pt).zone == Zone::Removed {
                let owner = self.card(pt).owner;
                self.move_to(pt, Zone::KoPile, owner);
            }
        }
    }

    /// Keyword triggers; returns a seat when a "may" question is pending.
    fn run_keyword(&mut self, k: Keyword) -> Option<Seat> {
        let f = self.frame().clone();
        let subject = f.subject.unwrap_or(f.card);
        match k {
            Keyword::Berserker | Keyword::Inspire => {
                if self.is_character_in_play(subject) {
                    self.add_plus(subject, 1);
                    self.log(|g| {
                        format!("{}: {} gets a +1/+1 counter.", k.name(), g.name(subject))
                    });
                }
                self.finish_frame();
                None
            }
            Keyword::Shrink | Keyword::Schemer | Keyword::Tough => {
                if f.pc == 0 {
                    let still = match k {
                        // A second copy of Shrink whose combat was already cancelled
                        // resolves and does nothing (Copying Powers p.20, 2PCG-016).
                        Keyword::Shrink => self
                            .combat
                            .as_ref()
                            .is_some_and(|c| c.defender == Some(subject) && !c.cancelled),
                        Keyword::Tough => self.is_stunned(subject),
                        _ => true,
                    };
                    if !still {
                        self.finish_frame();
                        return None;
                    }
                    return Some(f.controller);
                }
                self.finish_frame();
                None
            }
            _ => {
                self.finish_frame();
                None
            }
        }
    }

    /// Answer to a keyword's "you may".
    pub fn answer_keyword(&mut self, yes: bool) {
        let f = self.frame().clone();
        let EffectSource::Keyword(k) = f.source else {
            return;
        };
        let subject = f.subject.unwrap_or(f.card);
        if yes {
            match k {
                Keyword::Shrink => {
                    self.players[f.controller].shrink_used.push(subject);
                    self.log(|g| format!("{} shrinks: the attack is cancelled.", g.name(subject)));
                    self.cancel_combat();
                }
                Keyword::Schemer => self.draw(f.controller, 1),
                Keyword::Tough => {
                    self.recover(subject);
                }
                _ => {}
            }
        } else if k == Keyword::Shrink {
            // Declining still uses up "the first time each turn".
            self.players[f.controller].shrink_used.push(subject);
        }
        self.frame_mut().pc = 1;
    }

    pub fn gain_xp(&mut self, c: CardId, n: u8) {
        if !self.card(c).zone.in_play() {
            return;
        }
        self.card_mut(c).xp += n;
        self.log(|g| format!("{} gains {n} XP ({} now).", g.name(c), g.card(c).xp));
    }

    /// Run one step. `Some(seat)` means the step waits for that seat's choice.
    fn run_step(&mut self, step: &Step) -> Option<Seat> {
        let f = self.frame().clone();
        let (src, me) = (f.card, f.controller);
        match step {
            Step::Choose {
                slot,
                filter,
                min,
                max,
            } => {
                let chosen = self.slot(*slot);
                let cands: Vec<CardId> = self
                    .matching(filter, src, me)
                    .into_iter()
                    .filter(|c| !chosen.contains(c))
                    .collect();
                self.slot_mut(*slot);
                if chosen.len() >= *max as usize || cands.is_empty() {
                    return None;
                }
                if chosen.len() < *min as usize && cands.len() == 1 && *min == *max {
                    // Only one legal choice: take it.
                    self.slot_mut(*slot).push(cands[0]);
                    return self.run_step(step);
                }
                Some(me)
            }
            Step::ChoosePlayer { slot, enemy_only } => {
                let f = self.frame_mut();
                while f.player_slots.len() <= *slot as usize {
                    f.player_slots.push(None);
                }
                if f.player_slots[*slot as usize].is_some() {
                    return None;
                }
                let options = self.player_options(*enemy_only);
                if options.len() == 1 {
                    self.frame_mut().player_slots[*slot as usize] = Some(options[0]);
                    return None;
                }
                Some(me)
            }
            Step::May { .. } => Some(me),
            Step::If { cond, skip } => {
                if !self.cond_holds(cond, src, me, Some(&f)) {
                    self.frame_mut().pc += *skip as usize;
                }
                None
            }
            Step::PlusCounters { who, n } => {
                let n = self.amount(n, src, me, Some(&f)).max(0) as u8;
                for c in self.resolve_who(who) {
                    self.add_plus(c, n);
                    self.log(|g| format!("{} gets {n} +1/+1 counter(s).", g.name(c)));
                }
                None
            }
            Step::MinusCounters { who, n } => {
                let n = self.amount(n, src, me, Some(&f)).max(0) as u8;
                for c in self.resolve_who(who) {
                    self.log(|g| format!("{} gets {n} -1/-1 counter(s).", g.name(c)));
                    self.add_minus(c, n, Some(src));
                }
                None
            }
            Step::DivideMinusCounters { filter, n, max } => {
                // Slot 7 records where counters went; one decision per counter.
                let placed = self.slot(7);
                if placed.len() >= *n as usize {
                    return None;
                }
                let distinct: Vec<CardId> = {
                    let mut d = placed.clone();
                    d.sort();
                    d.dedup();
                    d
                };
                let cands: Vec<CardId> = self
                    .matching(filter, src, me)
                    .into_iter()
                    .filter(|c| distinct.len() < *max as usize || distinct.contains(c))
                    .collect();
                if cands.is_empty() {
                    return None;
                }
                Some(me)
            }
            Step::RemovePlusCounters { who } => {
                let mut total = 0;
                for c in self.resolve_who(who) {
                    total += self.card(c).plus as i32;
                    self.card_mut(c).plus = 0;
                }
                self.frame_mut().last_count = total;
                None
            }
            Step::Transmute { .. } => {
                // Which way is the controller's choice: asked as Yes (+ to -) / No (- to +).
                Some(me)
            }
            Step::Modify {
                who,
                atk,
                def,
                duration,
            } => {
                let a = self.amount(atk, src, me, Some(&f));
                let d = self.amount(def, src, me, Some(&f));
                for c in self.resolve_who(who) {
                    self.add_modifier(c, ModKind::Stats { atk: a, def: d }, *duration, src);
                    self.log(|g| format!("{} gets {a:+}/{d:+}.", g.name(c)));
                }
                for c in self.all_characters() {
                    self.check_zero_def(c, Some(src));
                }
                None
            }
            Step::StrikeMultiplier { who, factor } => {
                for c in self.resolve_who(who) {
                    self.add_modifier(
                        c,
                        ModKind::StrikeMultiplier(*factor),
                        Duration::ThisCombat,
                        src,
                    );
                }
                None
            }
            Step::SwapAtkDef { who } => {
                for c in self.resolve_who(who) {
                    self.add_modifier(c, ModKind::SwapAtkDef, Duration::ThisCombat, src);
                    self.log(|g| format!("{}'s ATK and DEF are switched.", g.name(c)));
                    self.check_zero_def(c, Some(src));
                }
                None
            }
            Step::SetBaseToCurrent {
                who,
                from,
                duration,
            } => {
                let &model = self.resolve_who(from).first()?;
                let (a, d) = self.stats(model);
                for c in self.resolve_who(who) {
                    self.add_modifier(c, ModKind::SetBase { atk: a, def: d }, *duration, src);
                    self.check_zero_def(c, Some(src));
                }
                None
            }
            Step::ResetToBase { who } => {
                for c in self.resolve_who(who) {
                    self.card_mut(c).plus = 0;
                    self.add_modifier(c, ModKind::ResetToBase, Duration::ThisCombat, src);
                    self.check_zero_def(c, Some(src));
                }
                None
            }
            Step::GainKeyword {
                who,
                keyword,
                duration,
            } => {
                for c in self.resolve_who(who) {
                    self.add_modifier(c, ModKind::Keyword(*keyword), *duration, src);
                    self.log(|g| format!("{} gains {}.", g.name(c), keyword.name()));
                }
                None
            }
            Step::LosePowers { who, duration } => {
                for c in self.resolve_who(who) {
                    self.add_modifier(c, ModKind::LosePowers, *duration, src);
                    self.log(|g| format!("{} loses its powers.", g.name(c)));
                }
                None
            }
            Step::Stun { who } => {
                for c in self.resolve_who(who) {
                    self.stun(c, Some(src), true);
                }
                None
            }
            Step::Daze { who } => {
                for c in self.resolve_who(who) {
                    self.stun(c, Some(src), false);
                }
                None
            }
            Step::Wound { who, n } => {
                let n = self.amount(n, src, me, Some(&f)).max(0) as u8;
                for c in self.resolve_who(who) {
                    self.log(|g| format!("{} is wounded.", g.name(c)));
                    self.wound(c, n, Some(src), false);
                }
                None
            }
            Step::Heal { who, n } => {
                let n = self.amount(n, src, me, Some(&f)).max(0) as u8;
                for c in self.resolve_who(who) {
                    let card = self.card_mut(c);
                    card.wounds = card.wounds.saturating_sub(n);
                }
                None
            }
            Step::Ko { who } => {
                for c in self.resolve_who(who) {
                    self.ko(c, Some(src));
                }
                None
            }
            Step::Recover { who } => {
                for c in self.resolve_who(who) {
                    self.recover(c);
                }
                None
            }
            Step::Ready { who } => {
                for c in self.resolve_who(who) {
                    self.ready(c);
                }
                None
            }
            Step::Exhaust { who } => {
                for c in self.resolve_who(who) {
                    self.card_mut(c).exhausted = true;
                }
                None
            }
            Step::Freeze { who } => {
                for c in self.resolve_who(who) {
                    self.freeze(c);
                    self.log(|g| format!("{} is frozen.", g.name(c)));
                }
                None
            }
            Step::Push { who } => {
                for c in self.resolve_who(who) {
                    self.move_row(c, Row::Back);
                }
                None
            }
            Step::Pull { who } => {
                for c in self.resolve_who(who) {
                    self.move_row(c, Row::Front);
                }
                None
            }
            Step::MoveRow { who } => {
                if self.resolve_who(who).is_empty() {
                    return None;
                }
                Some(me)
            }
            Step::ReturnToHand { who } => {
                for c in self.resolve_who(who) {
                    let owner = self.card(c).owner;
                    self.move_to(c, Zone::Hand, owner);
                }
                None
            }
            Step::Draw { player, n } => {
                let n = self.amount(n, src, me, Some(&f)).max(0) as u32;
                for p in self.resolve_player(player) {
                    self.draw(p, n);
                }
                None
            }
            Step::DiscardRandom { player, n } => {
                let n = self.amount(n, src, me, Some(&f)).max(0);
                for p in self.resolve_player(player) {
                    for _ in 0..n {
                        let hand = &self.players[p].hand;
                        if hand.is_empty() {
                            break;
                        }
                        let i = self.rng.below(hand.len());
                        let c = self.players[p].hand[i];
                        self.discard(c);
                    }
                }
                None
            }
            Step::Discard { player, n } => {
                let n = self.amount(n, src, me, Some(&f)).max(0) as usize;
                let done = self.slot(6).len();
                let p = self.resolve_player(player).first().copied();
                match p {
                    Some(p) if done < n && !self.players[p].hand.is_empty() => Some(p),
                    _ => None,
                }
            }
            Step::CancelCombat => {
                self.cancel_combat();
                None
            }
            Step::NoStrikeBackInTeamAttacks => {
                self.players[me].no_strike_back_team_attacks = true;
                None
            }
            Step::TopCardToResources => {
                let top = *self.players[me].deck.last()?;
                if self.def(top).is_location() {
                    // A location may be placed face up instead: the player's choice.
                    return Some(me);
                }
                self.top_card_to_resources(me, false);
                None
            }
            Step::TurnLocationFaceUp => {
                if self.players[me]
                    .resources
                    .iter()
                    .any(|&r| !self.card(r).face_up && self.def(r).is_location())
                {
                    return Some(me);
                }
                None
            }
            Step::TurnEnemyLocationFaceDown => {
                if self.face_up_enemy_locations(me).is_empty() {
                    return None;
                }
                Some(me)
            }
            Step::KoPileToHand { random, n } => {
                for _ in 0..*n {
                    let pile = &self.players[me].ko_pile;
                    if pile.is_empty() {
                        break;
                    }
                    if *random {
                        let i = self.rng.below(pile.len());
                        let c = pile[i];
                        self.move_to(c, Zone::Hand, me);
                    } else {
                        return if self.slot(6).is_empty() {
                            Some(me)
                        } else {
                            None
                        };
                    }
                }
                None
            }
            Step::SearchDeckForCopy => {
                if self.slot(6).is_empty() {
                    let name = self.def(src).name.clone();
                    if self.players[me]
                        .deck
                        .iter()
                        .any(|&c| self.def(c).name == name)
                    {
                        return Some(me);
                    }
                    self.shuffle_deck(me);
                }
                None
            }
            Step::RevealTopTakeCharacter { n } | Step::LookTopTakeOne { n } => {
                if self.slot(5).is_empty() && self.slot(6).is_empty() {
                    let deck = &self.players[me].deck;
                    let k = (*n as usize).min(deck.len());
                    let top: Vec<CardId> = deck[deck.len() - k..].iter().rev().copied().collect();
                    if top.is_empty() {
                        return None;
                    }
                    *self.slot_mut(5) = top;
                }
                if self.slot(6).is_empty() {
                    return Some(me);
                }
                None
            }
            Step::SelfFromKoPile => {
                if self.card(src).zone == Zone::KoPile {
                    let owner = self.card(src).owner;
                    self.appear(src, Row::Back, owner);
                }
                None
            }
            Step::ReplaceDefender { with } => {
                let cands = self.resolve_who(with);
                if cands.is_empty() {
                    return None;
                }
                // The chosen replacement must be able to become a defender (Game Terms).
                let cb = self.combat.clone()?;
                let old = cb.defender?;
                if self.card(old).controller != me {
                    return None;
                }
                let new = cands[0];
                if !self.is_face_up_character(new) || new == old {
                    return None;
                }
                let (ro, rn) = (self.row_of(old).unwrap(), self.row_of(new).unwrap());
                self.move_row(old, rn);
                self.move_row(new, ro);
                if let Some(cb) = self.combat.as_mut() {
                    cb.defender = Some(new);
                }
                self.log(|g| format!("{} replaces {} as the defender.", g.name(new), g.name(old)));
                None
            }
            Step::StunSurvivorsAtEndOfCombat => {
                if let Some(cb) = self.combat.as_mut() {
                    cb.stun_survivors_for.push(me);
                }
                None
            }
            Step::NextAttackBonus { atk, def } => {
                self.add_modifier(
                    src,
                    ModKind::NextAttack {
                        atk: *atk,
                        def: *def,
                    },
                    Duration::ThisTurn,
                    src,
                );
                None
            }
            Step::TeamGainsKeyword { keyword } => {
                self.players[me].team_keywords.push(*keyword);
                None
            }
            Step::CancelSuperPower => {
                if let Some(i) = f.reacting_to {
                    if let Some(w) = self.reactions.get_mut(i) {
                        w.frame.cancelled = true;
                    }
                }
                None
            }
            Step::ShuffleKoCharactersIntoDecks => {
                let mut count = 0;
                for p in 0..self.seats() {
                    let chars: Vec<CardId> = self.players[p]
                        .ko_pile
                        .iter()
                        .copied()
                        .filter(|&c| self.def(c).is_character())
                        .collect();
                    count += chars.len() as i32;
                    for c in chars {
                        self.move_to(c, Zone::Deck, p);
                    }
                    self.shuffle_deck(p);
                }
                self.frame_mut().last_count = count;
                None
            }
            Step::RegressSelf => {
                self.regress_to_level_1(src);
                None
            }
            Step::RecruitDiscount => {
                self.players[me].recruit_discount += 1;
                None
            }
            Step::MindControl { who, .. } => {
                for c in self.resolve_who(who) {
                    let row = self.row_of(c).unwrap_or(Row::Front);
                    // Control lasts until the end of the turn (the step's meaning): remember
                    // where it goes back to; `end_turn` returns everything in `borrowed`.
                    let from = self.card(c).controller;
                    if from != me {
                        self.borrowed.push((c, from, row));
                    }
                    self.ready(c);
                    self.change_side(c, me, row);
                }
                None
            }
            Step::Hook(name) => self.run_hook(name),
        }
    }

    fn top_card_to_resources(&mut self, me: Seat, face_up: bool) {
        if let Some(&top) = self.players[me].deck.last() {
            self.move_to(top, Zone::Resources, me);
            self.card_mut(top).face_up = face_up;
            self.fire(Event::ResourceGained { seat: me });
        }
    }

    pub fn player_options(&self, enemy_only: bool) -> Vec<Seat> {
        let me = self.frame().controller;
        self.seats_from(me)
            .into_iter()
            .filter(|&s| !enemy_only || self.are_enemies(me, s))
            .collect()
    }

    pub fn face_up_enemy_locations(&self, me: Seat) -> Vec<CardId> {
        self.enemies_of(me)
            .into_iter()
            .flat_map(|e| self.players[e].resources.clone())
            .filter(|&r| self.card(r).face_up)
            .collect()
    }

    /// Move a character between its side's rows, keeping everything on it.
    pub fn move_row(&mut self, c: CardId, row: Row) {
        if self.row_of(c) == Some(row) || !self.is_character_in_play(c) {
            return;
        }
        let side = self.card(c).controller;
        let p = &mut self.players[side];
        p.row_mut(row.other()).retain(|&x| x != c);
        p.row_mut(row).push(c);
        self.card_mut(c).zone = Zone::of_row(row);
        self.log(|g| format!("{} moves to the {}.", g.name(c), row.name()));
    }

    /// Change the side a character is on (Mind Control); does not count as appearing.
    pub fn change_side(&mut self, c: CardId, to: Seat, row: Row) {
        let from = self.card(c).controller;
        self.players[from].front.retain(|&x| x != c);
        self.players[from].back.retain(|&x| x != c);
        self.players[to].row_mut(row).push(c);
        let card = self.card_mut(c);
        card.controller = to;
        card.zone = Zone::of_row(row);
        self.check_uniqueness(c);
    }

    /// The legal answers to the current step of the top frame.
    pub fn effect_options(&self) -> Vec<Action> {
        let Some(f) = self.frames.last() else {
            return vec![];
        };
        let me = f.controller;
        if let EffectSource::Keyword(_) = f.source {
            return vec![Action::Yes, Action::No];
        }
        let db = &self.db;
        let Some(step) = steps_of(db, &f.source).get(f.pc) else {
            return vec![];
        };
        let src = f.card;
        match step {
            Step::Choose {
                slot, filter, min, ..
            } => {
                let chosen = f.slots.get(*slot as usize).cloned().unwrap_or_default();
                let mut v: Vec<Action> = self
                    .matching(filter, src, me)
                    .into_iter()
                    .filter(|c| !chosen.contains(c))
                    .map(|card| Action::Choose { card })
                    .collect();
                if chosen.len() >= *min as usize {
                    v.push(Action::Pass);
                }
                v
            }
            Step::ChoosePlayer { enemy_only, .. } => self
                .player_options(*enemy_only)
                .into_iter()
                .map(|seat| Action::ChoosePlayer { seat })
                .collect(),
            Step::May { .. } | Step::Transmute { .. } | Step::TopCardToResources => {
                vec![Action::Yes, Action::No]
            }
            Step::Hook(name) => self.hook_options(name),
            Step::DivideMinusCounters { filter, max, .. } => {
                let placed = f.slots.get(7).cloned().unwrap_or_default();
                let mut distinct = placed.clone();
                distinct.sort();
                distinct.dedup();
                let mut v: Vec<Action> = self
                    .matching(filter, src, me)
                    .into_iter()
                    .filter(|c| distinct.len() < *max as usize || distinct.contains(c))
                    .map(|card| Action::Choose { card })
                    .collect();
                if !placed.is_empty() {
                    v.push(Action::Pass);
                }
                v
            }
            Step::MoveRow { .. } => vec![
                Action::ChooseRow { row: Row::Front },
                Action::ChooseRow { row: Row::Back },
            ],
            Step::Discard { player, .. } => {
                let p = match player {
                    PlayerWho::You => Some(me),
                    PlayerWho::Chosen(n) => f.player_slots.get(*n as usize).copied().flatten(),
                    _ => None,
                };
                p.map(|p| {
                    self.players[p]
                        .hand
                        .iter()
                        .map(|&card| Action::Choose { card })
                        .collect()
                })
                .unwrap_or_default()
            }
            Step::TurnLocationFaceUp => {
                let mut v: Vec<Action> = self.players[me]
                    .resources
                    .iter()
                    .copied()
                    .filter(|&r| !self.card(r).face_up && self.def(r).is_location())
                    .map(|card| Action::Choose { card })
                    .collect();
                v.push(Action::Pass);
                v
            }
            Step::TurnEnemyLocationFaceDown => self
                .face_up_enemy_locations(me)
                .into_iter()
                .map(|card| Action::Choose { card })
                .collect(),
            Step::KoPileToHand { .. } => self.players[me]
                .ko_pile
                .iter()
                .map(|&card| Action::Choose { card })
                .collect(),
            Step::SearchDeckForCopy => {
                let name = &self.def(src).name;
                let mut v: Vec<Action> = self.players[me]
                    .deck
                    .iter()
                    .copied()
                    .filter(|&c| &self.def(c).name == name)
                    .map(|card| Action::Choose { card })
                    .collect();
                v.sort_by_key(|a| match a {
                    Action::Choose { card } => self.card(*card).def,
                    _ => 0,
                });
                v.dedup_by_key(|a| match a {
                    Action::Choose { card } => self.card(*card).def,
                    _ => 0,
                });
                // Searching for a specific card: you may fail to find (p.25).
                v.push(Action::Pass);
                v
            }
            Step::RevealTopTakeCharacter { .. } => {
                let mut v: Vec<Action> = f
                    .slots
                    .get(5)
                    .cloned()
                    .unwrap_or_default()
                    .into_iter()
                    .filter(|&c| self.def(c).is_character())
                    .map(|card| Action::Choose { card })
                    .collect();
                v.push(Action::Pass);
                v
            }
            Step::LookTopTakeOne { .. } => f
                .slots
                .get(5)
                .cloned()
                .unwrap_or_default()
                .into_iter()
                .map(|card| Action::Choose { card })
                .collect(),
            _ => vec![],
        }
    }

    /// Apply a player's answer to the current step. The caller has checked it is legal.
    pub fn answer_effect(&mut self, action: &Action) {
        let f = self.frame().clone();
        if let EffectSource::Keyword(_) = f.source {
            self.answer_keyword(*action == Action::Yes);
            return;
        }
        let db = Arc::clone(&self.db);
        let step = steps_of(&db, &f.source)[f.pc].clone();
        let (src, me) = (f.card, f.controller);
        let advance = |g: &mut GameState| g.frame_mut().pc += 1;
        match (&step, action) {
            (Step::Choose { slot, .. }, Action::Choose { card }) => {
                self.slot_mut(*slot).push(*card);
                self.log(|g| format!("{} chooses {}.", g.players[me].name, g.name(*card)));
            }
            (Step::Choose { .. }, Action::Pass) => advance(self),
            (Step::TopCardToResources, yes_no) => {
                self.top_card_to_resources(me, *yes_no == Action::Yes);
                advance(self)
            }
            (Step::Hook(name), a) if self.answer_hook(name, a) => advance(self),
            (Step::ChoosePlayer { slot, .. }, Action::ChoosePlayer { seat }) => {
                self.frame_mut().player_slots[*slot as usize] = Some(*seat);
            }
            (Step::May { skip, .. }, Action::Yes) => {
                let _ = skip;
                advance(self)
            }
            (Step::May { skip, .. }, Action::No) => {
                self.frame_mut().pc += 1 + *skip as usize;
            }
            (Step::Transmute { who }, yes_no) => {
                for c in self.resolve_who(who) {
                    let card = self.card_mut(c);
                    if *yes_no == Action::Yes {
                        let n = card.plus;
                        card.plus = 0;
                        self.add_minus(c, n, Some(src));
                    } else {
                        let n = card.minus;
                        card.minus = 0;
                        self.add_plus(c, n);
                    }
                }
                advance(self)
            }
            (Step::DivideMinusCounters { n, .. }, Action::Choose { card }) => {
                self.slot_mut(7).push(*card);
                self.log(|g| format!("{} gets a -1/-1 counter.", g.name(*card)));
                self.add_minus(*card, 1, Some(src));
                if self.slot(7).len() >= *n as usize {
                    advance(self)
                }
            }
            (Step::DivideMinusCounters { .. }, Action::Pass) => advance(self),
            (Step::MoveRow { who }, Action::ChooseRow { row }) => {
                for c in self.resolve_who(who) {
                    self.move_row(c, *row);
                }
                advance(self)
            }
            (Step::Discard { n, .. }, Action::Choose { card }) => {
                self.slot_mut(6).push(*card);
                self.discard(*card);
                let need = self.amount(n, src, me, None) as usize;
                if self.slot(6).len() >= need {
                    advance(self)
                }
            }
            (Step::TurnLocationFaceUp, Action::Choose { card }) => {
                self.card_mut(*card).face_up = true;
                advance(self)
            }
            (Step::TurnLocationFaceUp, Action::Pass) => advance(self),
            (Step::TurnEnemyLocationFaceDown, Action::Choose { card }) => {
                self.card_mut(*card).face_up = false;
                advance(self)
            }
            (Step::KoPileToHand { .. }, Action::Choose { card }) => {
                self.slot_mut(6).push(*card);
                self.move_to(*card, Zone::Hand, me);
                advance(self)
            }
            (Step::SearchDeckForCopy, Action::Choose { card }) => {
                self.slot_mut(6).push(*card);
                self.appear(*card, Row::Back, me);
                self.shuffle_deck(me);
                advance(self)
            }
            (Step::SearchDeckForCopy, Action::Pass) => {
                self.shuffle_deck(me);
                advance(self)
            }
            (Step::RevealTopTakeCharacter { .. } | Step::LookTopTakeOne { .. }, choice) => {
                let revealed = self.slot(5);
                if let Action::Choose { card } = choice {
                    self.move_to(*card, Zone::Hand, me);
                    self.slot_mut(6).push(*card);
                }
                // The rest go to the bottom of the deck.
                let rest: Vec<CardId> = revealed
                    .into_iter()
                    .filter(|c| self.card(*c).zone == Zone::Deck)
                    .collect();
                let deck = &mut self.players[me].deck;
                deck.retain(|c| !rest.contains(c));
                for c in rest.into_iter().rev() {
                    deck.insert(0, c);
                }
                advance(self)
            }
            _ => {}
        }
    }
}
