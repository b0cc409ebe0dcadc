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

/// Engine scratch slots of a frame (cards choose slots 0-4; 5-7 belong to older steps):
/// the cards a search found, the ones waiting for a row, the rows given, and the
/// newcomers of a simultaneous arrival.
const FOUND: u8 = 11;
const PLACING: u8 = 12;
const TO_FRONT: u8 = 13;
const TO_BACK: u8 = 14;
const TOGETHER: u8 = 15;

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
            Who::Each(filter) => self.frame_matching(filter, f.card, f.controller),
        }
    }

    /// The characters matching a filter for the top frame, with the words that read what
    /// the effect chose (`of`, `in-row`).
    pub fn frame_matching(&self, filter: &Filter, src: CardId, me: Seat) -> Vec<CardId> {
        let mut v = self.matching(filter, src, me);
        let f = self.frame();
        if let Some(p) = filter.of_player {
            match p {
                PlayerRef::Chosen(n) => {
                    let seat = f.player_slots.get(n as usize).copied().flatten();
                    v.retain(|&c| Some(self.card(c).controller) == seat);
                }
                PlayerRef::ControllerOf(n) => {
                    let seat = f
                        .slots
                        .get(n as usize)
                        .and_then(|s| s.first())
                        .map(|&c| self.card(c).controller);
                    v.retain(|&c| Some(self.card(c).controller) == seat);
                }
                PlayerRef::DefendingPlayer => {
                    let seat = self.combat.as_ref().map(|c| c.defending_seat);
                    v.retain(|&c| seat.is_some_and(|s| self.same_side(self.card(c).controller, s)));
                }
            }
        }
        if let Some(slot) = filter.in_row {
            match f.row_slots.get(slot as usize).copied() {
                Some((Some(seat), Some(row))) => v.retain(|&c| {
                    self.same_side(self.card(c).controller, seat) && self.row_of(c) == Some(row)
                }),
                _ => v.clear(),
            }
        }
        v
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
            PlayerWho::EachEnemy => self.enemies_of(f.controller).to_vec(),
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
                // A Level Up power without steps gives 1 XP.
                EffectSource::LevelUp { .. } if steps_of(&db, &source).is_empty() => {
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
                EffectSource::Rule(r) => {
                    if let Some(seat) = self.run_rule(r) {
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
            // The step that ran is the one to move on, even if it pushed a frame.
            let idx = self.frames.len() - 1;
            match self.run_step(step) {
                Some(seat) => return Run::Wait(seat),
                None => self.frames[idx].pc += 1,
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
            EffectSource::Delayed { .. } => match delayed_step(&self.db, &f.source) {
                Some(Step::Delayed { if_cond, .. }) => if_cond.clone(),
                _ => None,
            },
            _ => None,
        };
        cond.is_none_or(|c| self.cond_holds(&c, f.card, f.controller, Some(f)))
    }

    fn finish_frame(&mut self) {
        let f = self.frames.pop().expect("frame");
        if let Some(pt) = f.plot_twist {
            // When you play a plot twist, follow its instructions, then KO it (p.16) —
            // or shuffle it into the deck when the power that played it says so.
            if self.card(pt).zone == Zone::Removed {
                let owner = self.card(pt).owner;
                if f.shuffle_plot_twist {
                    self.move_to(pt, Zone::Deck, owner);
                    self.shuffle_deck(owner);
                    self.log(|g| {
                        format!(
                            "{} is shuffled into {}'s deck.",
                            g.name(pt),
                            g.players[owner].name
                        )
                    });
                } else {
                    self.move_to(pt, Zone::KoPile, owner);
                }
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

    /// A rules choice (`EffectSource::Rule`): waits for the frame's controller once, then ends.
    fn run_rule(&mut self, r: RuleChoice) -> Option<Seat> {
        let f = self.frame().clone();
        match r {
            RuleChoice::ReturnControl => {
                let still = self.is_character_in_play(f.card)
                    && self.card(f.card).epoch == f.card_epoch
                    && self.card(f.card).controller != f.controller;
                if f.pc == 0 && still {
                    return Some(f.controller);
                }
                self.finish_frame();
                None
            }
        }
    }

    /// At the end of the turn each borrowed character goes back (Mind Control "move it
    /// back"): the player it goes back to picks the row, since the card doesn't say.
    pub fn return_borrowed(&mut self) {
        let borrowed = std::mem::take(&mut self.borrowed);
        // Pushed last-first so they are asked in the order they were borrowed.
        for (c, owner_side, _row) in borrowed.into_iter().rev() {
            if self.is_character_in_play(c) && self.card(c).controller != owner_side {
                let frame =
                    self.new_frame(EffectSource::Rule(RuleChoice::ReturnControl), c, owner_side);
                self.frames.push(frame);
            }
        }
    }

    /// Does a deck card match a search's `what`?
    fn deck_card_matches(&self, c: CardId, what: &DeckFilter, src: CardId) -> bool {
        let d = self.def(c);
        if what.same_name_as_self && !d.shares_name_with(self.def(src)) {
            return false;
        }
        if let Some(m) = what.max_cost {
            if d.cost.unwrap_or(0) > m {
                return false;
            }
        }
        if let Some(t) = what.team {
            if !d.teams.contains(&t) {
                return false;
            }
        }
        what.kinds.is_empty()
            || what.kinds.iter().any(|k| match k {
                DeckKind::Character => d.is_character(),
                DeckKind::Supporting => d.kind == CardKind::Supporting,
                DeckKind::PlotTwist => d.kind == CardKind::PlotTwist,
                DeckKind::Equipment => d.kind == CardKind::Equipment,
                DeckKind::Location => d.is_location(),
            })
    }

    /// Deck cards a search may still take, one per definition (copies are alike).
    fn search_candidates(&self, f: &Frame, what: &DeckFilter) -> Vec<CardId> {
        let found = f.slots.get(FOUND as usize).cloned().unwrap_or_default();
        let mut v: Vec<CardId> = self.players[f.controller]
            .deck
            .iter()
            .copied()
            .filter(|c| !found.contains(c) && self.deck_card_matches(*c, what, f.card))
            .collect();
        v.sort_by_key(|&c| (self.card(c).def, c));
        v.dedup_by_key(|c| self.card(*c).def);
        v
    }

    /// The search step: look for cards, then (onto your side) a row for each, then
    /// uniqueness among cards that arrived together.
    fn search_step(
        &mut self,
        what: &DeckFilter,
        max: u8,
        to: SearchDest,
        me: Seat,
        src: CardId,
    ) -> Option<Seat> {
        let _ = src;
        let together = self.slot(TOGETHER);
        if !together.is_empty() {
            if self.together_clashes(&together).is_empty() {
                // Nothing left to choose between (one of them left play meanwhile).
                self.finish_together(&together);
                self.shuffle_deck(me);
                self.clear_search_slots();
                return None;
            }
            return Some(me);
        }
        if !self.slot(PLACING).is_empty() {
            return Some(me);
        }
        let f = self.frame().clone();
        let found = self.slot(FOUND).len();
        if found < max as usize && !self.search_candidates(&f, what).is_empty() {
            return Some(me);
        }
        // Nothing (more) to find: the search ends.
        self.end_search(to, me);
        if self.slot(PLACING).is_empty() && self.slot(TOGETHER).is_empty() {
            self.clear_search_slots();
            return None;
        }
        Some(me)
    }

    fn clear_search_slots(&mut self) {
        for s in [FOUND, PLACING, TO_FRONT, TO_BACK, TOGETHER] {
            self.slot_mut(s).clear();
        }
    }

    /// The search is over: into the hand now, or on to choosing rows.
    fn end_search(&mut self, to: SearchDest, me: Seat) {
        let found = std::mem::take(self.slot_mut(FOUND));
        match to {
            SearchDest::Hand => {
                for &c in &found {
                    self.move_to(c, Zone::Hand, me);
                    self.log_private(me, |g| format!("You find {}.", g.name(c)));
                }
                self.log(|g| {
                    format!(
                        "{} searches their deck and takes {} card(s).",
                        g.players[me].name,
                        found.len()
                    )
                });
                self.frame_mut().last_count = found.len() as i32;
                self.shuffle_deck(me);
            }
            SearchDest::Side => {
                self.frame_mut().last_count = found.len() as i32;
                let chars: Vec<CardId> = found
                    .into_iter()
                    .filter(|&c| self.def(c).is_character())
                    .collect();
                if chars.is_empty() {
                    self.shuffle_deck(me);
                }
                *self.slot_mut(PLACING) = chars;
            }
        }
    }

    fn search_options(&self, f: &Frame, what: &DeckFilter, max: u8) -> Vec<Action> {
        let slot = |n: u8| f.slots.get(n as usize).cloned().unwrap_or_default();
        let together = slot(TOGETHER);
        if !together.is_empty() {
            // Which one of the namesakes that arrived together stays (p.24).
            return self
                .together_clashes(&together)
                .into_iter()
                .map(|card| Action::Choose { card })
                .collect();
        }
        if !slot(PLACING).is_empty() {
            return vec![
                Action::ChooseRow { row: Row::Front },
                Action::ChooseRow { row: Row::Back },
            ];
        }
        let found = slot(FOUND);
        if found.len() >= max as usize {
            return vec![];
        }
        let mut v: Vec<Action> = self
            .search_candidates(f, what)
            .into_iter()
            .map(|card| Action::Choose { card })
            .collect();
        // Searching for a kind of card you may fail to find; for any card you must take
        // one (p.25), and after that may stop.
        if !(what.any && found.is_empty() && !v.is_empty()) {
            v.push(Action::Pass);
        }
        v
    }

    /// Apply an answer to a search step; true when the step is finished.
    fn answer_search(&mut self, what: &DeckFilter, max: u8, to: SearchDest, a: &Action) -> bool {
        let me = self.frame().controller;
        let together = self.slot(TOGETHER);
        if !together.is_empty() {
            if let Action::Choose { card } = a {
                self.keep_among_together(*card, &together);
            }
            if self.together_clashes(&together).is_empty() {
                self.finish_together(&together);
                self.shuffle_deck(me);
                self.clear_search_slots();
                return true;
            }
            return false;
        }
        let placing = self.slot(PLACING);
        if let (Some(&c), Action::ChooseRow { row }) = (placing.first(), a) {
            self.slot_mut(PLACING).remove(0);
            let s = if *row == Row::Front {
                TO_FRONT
            } else {
                TO_BACK
            };
            self.slot_mut(s).push(c);
            if !self.slot(PLACING).is_empty() {
                return false;
            }
            // Every row is chosen: they all enter play at once.
            let mut arriving: Vec<(CardId, Row)> = self
                .slot(TO_FRONT)
                .into_iter()
                .map(|c| (c, Row::Front))
                .collect();
            arriving.extend(self.slot(TO_BACK).into_iter().map(|c| (c, Row::Back)));
            let cards: Vec<CardId> = arriving.iter().map(|&(c, _)| c).collect();
            let clashes = self.appear_together(&arriving, me);
            if clashes.is_empty() {
                self.finish_together(&cards);
                self.shuffle_deck(me);
                self.clear_search_slots();
                return true;
            }
            *self.slot_mut(TOGETHER) = cards;
            return false;
        }
        match a {
            Action::Choose { card } => {
                self.slot_mut(FOUND).push(*card);
                let f = self.frame().clone();
                if self.slot(FOUND).len() < max as usize
                    && !self.search_candidates(&f, what).is_empty()
                {
                    // Still searching.
                    return false;
                }
            }
            Action::Pass => {}
            _ => return false,
        }
        self.end_search(to, me);
        if self.slot(PLACING).is_empty() {
            self.clear_search_slots();
            return true;
        }
        false
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
                    .frame_matching(filter, src, me)
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
                    .frame_matching(filter, src, me)
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
            Step::LosePowers { who, duration, all } => {
                let kind = if *all {
                    ModKind::LoseAllPowers
                } else {
                    ModKind::LosePowers
                };
                for c in self.resolve_who(who) {
                    self.add_modifier(c, kind.clone(), *duration, src);
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
            Step::StunBy { who, by } => {
                // The named character is the source, as if it stunned them directly (p.17);
                // if it is gone, the stun still happens, with no character as its source.
                let source = self.resolve_who(by).first().copied();
                for c in self.resolve_who(who) {
                    self.stun(c, source, true);
                }
                None
            }
            Step::CantMove { who, duration } => {
                for c in self.resolve_who(who) {
                    self.add_modifier(c, ModKind::CantMove, *duration, src);
                    self.log(|g| format!("{} can't move.", g.name(c)));
                }
                None
            }
            Step::Switch { a, b } => {
                let (Some(&x), Some(&y)) =
                    (self.resolve_who(a).first(), self.resolve_who(b).first())
                else {
                    return None;
                };
                self.switch_positions(x, y);
                None
            }
            Step::SearchDeck { what, max, to } => self.search_step(what, *max, *to, me, src),
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
                    self.heal(c, n);
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
                    self.exhaust(c);
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
            // "Put it onto your side": its owner picks the row.
            Step::SelfFromKoPile => {
                (self.card(src).zone == Zone::KoPile).then_some(self.card(src).owner)
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
                // Their positions switch (Game Terms, Switch): not if either can't move.
                self.switch_positions(old, new);
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
            Step::Regress { who, duration } => {
                for c in self.resolve_who(who) {
                    let level = self.def(c).level();
                    if self.card(c).main && level > 1 {
                        self.regress_to_level_1(c);
                        self.add_modifier(c, ModKind::Regressed { level }, *duration, src);
                    }
                }
                None
            }
            Step::TransformInto { number } => {
                self.transform_into(src, number);
                None
            }
            Step::Demote { who } => {
                for c in self.resolve_who(who) {
                    self.card_mut(c).main = false;
                    self.log(|g| format!("{} is demoted to a supporting character.", g.name(c)));
                }
                None
            }
            Step::Promote { who } => {
                for c in self.resolve_who(who) {
                    self.card_mut(c).main = true;
                    self.log(|g| format!("{} is promoted to a main character.", g.name(c)));
                }
                None
            }
            Step::ReplaceMainCharacter { number, stunned } => {
                self.replace_main_character(src, me, number, *stunned);
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
            // "Move it to your front or back row", or just "to your side": either way the
            // controller picks the row (a card that doesn't say leaves it to the player).
            Step::MindControl { who, .. } => (!self.resolve_who(who).is_empty()).then_some(me),
            Step::GainXp { n } => {
                let n = self.amount(n, src, me, Some(&f)).clamp(0, 255) as u8;
                if n > 0 && !self.resolve_who(&Who::This).is_empty() {
                    self.gain_xp(src, n);
                }
                None
            }
            Step::Delayed { watch, .. } => {
                let watch = match watch {
                    None => None,
                    Some(w) => {
                        // Nothing to watch: the delayed trigger is never created.
                        let &c = self.resolve_who(w).first()?;
                        Some((c, self.card(c).epoch))
                    }
                };
                self.delayed.push(DelayedTrigger {
                    watch,
                    source: EffectSource::Delayed {
                        parent: Box::new(f.source.clone()),
                        index: f.pc as u16,
                    },
                    card: src,
                    card_epoch: f.card_epoch,
                    controller: me,
                    turn: self.turn,
                    combat: self.combat_key(),
                    slots: f.slots.clone(),
                    player_slots: f.player_slots.clone(),
                });
                None
            }
            Step::TakeSubject { slot } => {
                if let Some(s) = f.subject {
                    *self.slot_mut(*slot) = vec![s];
                }
                None
            }
            Step::ForEachPlayer {
                slot,
                enemy_only,
                skip,
            } => {
                match self.player_options(*enemy_only).first() {
                    Some(&p) => self.set_player_slot(*slot, p),
                    // Nobody: skip the loop and its end.
                    None => self.frame_mut().pc += *skip as usize + 1,
                }
                None
            }
            Step::EndForEach { back } => {
                self.next_loop_player(*back);
                None
            }
            Step::ChooseRow { slot, enemy_only } => {
                let (seat, row) = self.row_slot(*slot);
                if row.is_some() {
                    return None;
                }
                let players = self.player_options(*enemy_only);
                if players.is_empty() {
                    return None;
                }
                if seat.is_none() && players.len() == 1 {
                    self.row_slot_mut(*slot).0 = Some(players[0]);
                }
                Some(me)
            }
            Step::NameCard => {
                if f.named.is_some() {
                    return None;
                }
                Some(me)
            }
            Step::RevealHand { player } => {
                for p in self.resolve_player(player) {
                    self.log(|g| {
                        let names: Vec<&str> =
                            g.players[p].hand.iter().map(|&c| g.name(c)).collect();
                        format!(
                            "{} reveals their hand: {}.",
                            g.players[p].name,
                            if names.is_empty() {
                                "no cards".to_string()
                            } else {
                                names.join(", ")
                            }
                        )
                    });
                }
                None
            }
            Step::DiscardEach { player, what } => {
                let mut count = 0;
                for p in self.resolve_player(player) {
                    let cards: Vec<CardId> = self.players[p]
                        .hand
                        .iter()
                        .copied()
                        .filter(|&c| self.hand_card_matches(c, *what, &f))
                        .collect();
                    count += cards.len() as i32;
                    for c in cards {
                        self.discard(c);
                    }
                }
                self.frame_mut().last_count = count;
                None
            }
            Step::DiscardMatching { player, what } => {
                self.frame_mut().last_count = 0;
                let p = self.resolve_player(player).first().copied()?;
                let any = self.players[p]
                    .hand
                    .iter()
                    .any(|&c| self.hand_card_matches(c, *what, &f));
                any.then_some(p)
            }
            // Always asked, even with one candidate: the plot twist then resolves on top
            // of this effect after the triggers of playing it, as when played from hand.
            Step::PlayFromKoPile { timing } => {
                (!self.ko_pile_plot_twists(me, *timing).is_empty()).then_some(me)
            }
            Step::KoResource {
                whose,
                face_down_only,
            } => (!self
                .resource_candidates(whose.as_ref(), *face_down_only)
                .is_empty())
            .then_some(me),
            Step::TurnLocationFaceDown { side } => {
                (!self.face_up_locations(me, *side).is_empty()).then_some(me)
            }
            Step::SelfFromKoPileTo { dest } => {
                if self.card(src).zone == Zone::KoPile {
                    let owner = self.card(src).owner;
                    match dest {
                        KoPileDest::Deck => {
                            self.move_to(src, Zone::Deck, owner);
                            self.shuffle_deck(owner);
                            self.log(|g| {
                                format!("{} is shuffled into its owner's deck.", g.name(src))
                            });
                        }
                        KoPileDest::Resources => {
                            self.move_to(src, Zone::Resources, owner);
                            self.set_face_up(src, false);
                            self.log(|g| format!("{} becomes a face-down resource.", g.name(src)));
                            self.fire(Event::ResourceGained { seat: owner });
                        }
                    }
                }
                None
            }
            Step::KoPileCharacterToSide { enemy_only } => {
                (!self.ko_pile_characters(me, *enemy_only).is_empty()).then_some(me)
            }
            Step::CanAttackPlayers { who } => {
                let chars = self.resolve_who(who);
                if !chars.is_empty() {
                    self.ensure_player_tokens();
                }
                for c in chars {
                    self.add_modifier(c, ModKind::AttackPlayers, Duration::Permanent, src);
                    self.log(|g| format!("{} can attack enemy players.", g.name(c)));
                }
                None
            }
            Step::AttackImmediately { who } => {
                let target = self.resolve_who(who).first().copied();
                if let Some(t) = target {
                    if self.is_attacking(src) {
                        self.follow_up_attack = Some((src, t));
                        self.log(|g| format!("{} will attack {} next.", g.name(src), g.name(t)));
                    }
                }
                None
            }
            Step::Hook(name) => self.run_hook(*name),
        }
    }

    /// Ready a character and move it to `me`'s row until the end of the turn (the
    /// step's meaning): `end_turn` returns everything in `borrowed` to where it was.
    fn mind_control(&mut self, c: CardId, me: Seat, row: Row) {
        let from = self.card(c).controller;
        if from != me {
            let back = self.row_of(c).unwrap_or(Row::Front);
            self.borrowed.push((c, from, back));
        }
        self.ready(c);
        self.change_side(c, me, row);
        self.log(|g| {
            format!(
                "{} moves to {}'s {}.",
                g.name(c),
                g.players[me].name,
                row.name()
            )
        });
    }

    fn set_player_slot(&mut self, slot: u8, seat: Seat) {
        let f = self.frame_mut();
        while f.player_slots.len() <= slot as usize {
            f.player_slots.push(None);
        }
        f.player_slots[slot as usize] = Some(seat);
    }

    /// The end of a `ForEachPlayer` loop: on to the next player, or out of the loop.
    fn next_loop_player(&mut self, back: u8) {
        let f = self.frame().clone();
        let db = Arc::clone(&self.db);
        let steps = steps_of(&db, &f.source);
        let Some(start) = f.pc.checked_sub(back as usize) else {
            return;
        };
        let Some(Step::ForEachPlayer {
            slot, enemy_only, ..
        }) = steps.get(start)
        else {
            return;
        };
        let n = self.seats();
        let me = f.controller;
        let dist = |s: Seat| (s + n - me) % n;
        let cur = f.player_slots.get(*slot as usize).copied().flatten();
        let next = self
            .player_options(*enemy_only)
            .into_iter()
            .find(|&s| cur.is_none_or(|c| dist(s) > dist(c)));
        let Some(next) = next else { return };
        self.set_player_slot(*slot, next);
        // The loop's choices start over for the next player.
        let mut clear: Vec<u8> = vec![5, 6, 7];
        let mut rows: Vec<u8> = Vec::new();
        for st in &steps[start + 1..f.pc] {
            match st {
                Step::Choose { slot, .. } | Step::TakeSubject { slot } => clear.push(*slot),
                Step::ChooseRow { slot, .. } => rows.push(*slot),
                _ => {}
            }
        }
        let fm = self.frame_mut();
        for s in clear {
            if let Some(v) = fm.slots.get_mut(s as usize) {
                v.clear();
            }
        }
        for r in rows {
            if let Some(v) = fm.row_slots.get_mut(r as usize) {
                *v = (None, None);
            }
        }
        // Back to the loop's first step (the caller moves on by one).
        fm.pc = start;
    }

    fn row_slot(&self, slot: u8) -> (Option<Seat>, Option<Row>) {
        self.frame()
            .row_slots
            .get(slot as usize)
            .copied()
            .unwrap_or((None, None))
    }

    fn row_slot_mut(&mut self, slot: u8) -> &mut (Option<Seat>, Option<Row>) {
        let f = self.frame_mut();
        while f.row_slots.len() <= slot as usize {
            f.row_slots.push((None, None));
        }
        &mut f.row_slots[slot as usize]
    }

    /// Does a card in a hand match a discard step's `what`?
    fn hand_card_matches(&self, c: CardId, what: HandFilter, f: &Frame) -> bool {
        let d = self.def(c);
        match what {
            HandFilter::Cards => true,
            HandFilter::PlotTwists => d.kind == CardKind::PlotTwist,
            HandFilter::Named => f.named.is_some_and(|n| {
                let name = &self.db.get(n).name;
                d.names().any(|x| x == name)
            }),
            HandFilter::CostAtLeastOf(slot) => f
                .slots
                .get(slot as usize)
                .and_then(|s| s.first())
                .is_some_and(|&t| d.cost.unwrap_or(0) >= self.cost_of(t)),
        }
    }

    /// The names a player may name: every distinct card name of this game (each deck,
    /// main character and level), one definition per name, in name order.
    pub fn name_options(&self) -> Vec<DefId> {
        let token = self.player_token_def();
        let mut defs: Vec<DefId> = self
            .cards
            .iter()
            .map(|c| c.def)
            .filter(|&d| Some(d) != token)
            .collect();
        defs.sort_by(|a, b| {
            self.db
                .get(*a)
                .name
                .cmp(&self.db.get(*b).name)
                .then(a.cmp(b))
        });
        defs.dedup_by(|a, b| self.db.get(*a).name == self.db.get(*b).name);
        defs
    }

    /// Plot twists with this timing in `seat`'s KO pile that it may play (team
    /// requirement), one card per definition.
    fn ko_pile_plot_twists(&self, seat: Seat, timing: Timing) -> Vec<CardId> {
        let mut seen: Vec<DefId> = Vec::new();
        let mut v = Vec::new();
        for &c in &self.players[seat].ko_pile {
            let d = self.def(c);
            if d.kind == CardKind::PlotTwist
                && d.timing == Some(timing)
                && self.team_requirement_met(seat, c)
                && !seen.contains(&self.card(c).def)
            {
                seen.push(self.card(c).def);
                v.push(c);
            }
        }
        v
    }

    /// Play a plot twist from the KO pile: it resolves as if played from hand (on top of
    /// the effect that played it), then is shuffled into its owner's deck.
    fn play_from_ko_pile(&mut self, card: CardId, seat: Seat) {
        let def = self.card(card).def;
        self.log(|g| {
            format!(
                "{} plays {} from the KO pile.",
                g.players[seat].name,
                g.name(card)
            )
        });
        self.move_to(card, Zone::Removed, seat);
        let mut frame = self.new_frame(EffectSource::PlotTwist { def }, card, seat);
        frame.plot_twist = Some(card);
        frame.shuffle_plot_twist = true;
        self.players[seat].plot_twists_this_turn += 1;
        self.frames.push(frame);
        self.fire(Event::PlotTwistPlayed { seat });
    }

    /// Resources a `KoResource` step may KO.
    fn resource_candidates(&self, whose: Option<&PlayerWho>, face_down_only: bool) -> Vec<CardId> {
        let seats: Vec<Seat> = match whose {
            Some(p) => self.resolve_player(p),
            None => self.live_seats().collect(),
        };
        seats
            .into_iter()
            .flat_map(|s| self.players[s].resources.clone())
            .filter(|&r| !face_down_only || !self.card(r).face_up)
            .collect()
    }

    /// Face-up locations in the resource rows of `side` (relative to `me`).
    pub fn face_up_locations(&self, me: Seat, side: SideFilter) -> Vec<CardId> {
        self.live_seats()
            .filter(|&s| match side {
                SideFilter::Any => true,
                SideFilter::Enemy => self.are_enemies(me, s),
                SideFilter::Yours => self.same_side(me, s),
            })
            .flat_map(|s| self.players[s].resources.clone())
            .filter(|&r| self.card(r).face_up && self.def(r).is_location())
            .collect()
    }

    /// Character cards in the KO piles of `me`'s enemies (or of every player).
    fn ko_pile_characters(&self, me: Seat, enemy_only: bool) -> Vec<CardId> {
        self.live_seats()
            .filter(|&s| !enemy_only || self.are_enemies(me, s))
            .flat_map(|s| self.players[s].ko_pile.clone())
            .filter(|&c| self.def(c).is_character())
            .collect()
    }

    fn top_card_to_resources(&mut self, me: Seat, face_up: bool) {
        if let Some(&top) = self.players[me].deck.last() {
            self.move_to(top, Zone::Resources, me);
            self.set_face_up(top, face_up);
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

    /// The legal answers to the current step of the top frame.
    pub fn effect_options(&self) -> Vec<Action> {
        let Some(f) = self.frames.last() else {
            return vec![];
        };
        let me = f.controller;
        if let EffectSource::Keyword(_) = f.source {
            return vec![Action::Yes, Action::No];
        }
        if let EffectSource::Rule(RuleChoice::ReturnControl) = f.source {
            return vec![
                Action::ChooseRow { row: Row::Front },
                Action::ChooseRow { row: Row::Back },
            ];
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
                    .frame_matching(filter, src, me)
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
            Step::Hook(name) => self.hook_options(*name),
            // Every counter is placed (both -1/-1 counters of the split must land):
            // there is no stopping early.
            Step::DivideMinusCounters { filter, max, .. } => {
                let mut distinct = f.slots.get(7).cloned().unwrap_or_default();
                distinct.sort();
                distinct.dedup();
                self.frame_matching(filter, src, me)
                    .into_iter()
                    .filter(|c| distinct.len() < *max as usize || distinct.contains(c))
                    .map(|card| Action::Choose { card })
                    .collect()
            }
            Step::MoveRow { .. } | Step::MindControl { .. } | Step::SelfFromKoPile => vec![
                Action::ChooseRow { row: Row::Front },
                Action::ChooseRow { row: Row::Back },
            ],
            Step::SearchDeck { what, max, .. } => self.search_options(f, what, *max),
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
            Step::ChooseRow { slot, enemy_only } => match self.row_slot(*slot).0 {
                None => self
                    .player_options(*enemy_only)
                    .into_iter()
                    .map(|seat| Action::ChoosePlayer { seat })
                    .collect(),
                Some(_) => vec![
                    Action::ChooseRow { row: Row::Front },
                    Action::ChooseRow { row: Row::Back },
                ],
            },
            Step::NameCard => self
                .name_options()
                .into_iter()
                .map(|def| Action::ChooseName { def })
                .collect(),
            Step::DiscardMatching { player, what } => {
                let Some(p) = self.resolve_player(player).first().copied() else {
                    return vec![];
                };
                self.players[p]
                    .hand
                    .iter()
                    .copied()
                    .filter(|&c| self.hand_card_matches(c, *what, f))
                    .map(|card| Action::Choose { card })
                    .collect()
            }
            Step::PlayFromKoPile { timing } => self
                .ko_pile_plot_twists(me, *timing)
                .into_iter()
                .map(|card| Action::Choose { card })
                .collect(),
            Step::KoResource {
                whose,
                face_down_only,
            } => self
                .resource_candidates(whose.as_ref(), *face_down_only)
                .into_iter()
                .map(|card| Action::Choose { card })
                .collect(),
            Step::TurnLocationFaceDown { side } => self
                .face_up_locations(me, *side)
                .into_iter()
                .map(|card| Action::Choose { card })
                .collect(),
            Step::KoPileCharacterToSide { enemy_only } => {
                if f.slots.get(FOUND as usize).is_some_and(|s| !s.is_empty()) {
                    return vec![
                        Action::ChooseRow { row: Row::Front },
                        Action::ChooseRow { row: Row::Back },
                    ];
                }
                self.ko_pile_characters(me, *enemy_only)
                    .into_iter()
                    .map(|card| Action::Choose { card })
                    .collect()
            }
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
        if let (EffectSource::Rule(RuleChoice::ReturnControl), Action::ChooseRow { row }) =
            (&f.source, action)
        {
            if self.is_character_in_play(f.card) && self.card(f.card).epoch == f.card_epoch {
                self.change_side(f.card, f.controller, *row);
                self.log(|g| {
                    format!(
                        "{} goes back to {}'s {}.",
                        g.name(f.card),
                        g.players[f.controller].name,
                        row.name()
                    )
                });
            }
            self.frame_mut().pc = 1;
            return;
        }
        let db = Arc::clone(&self.db);
        let step = steps_of(&db, &f.source)[f.pc].clone();
        let (src, me) = (f.card, f.controller);
        let advance = |g: &mut GameState| g.frame_mut().pc += 1;
        match (&step, action) {
            (Step::Choose { slot, .. }, Action::Choose { card }) => {
                self.slot_mut(*slot).push(*card);
                self.log_naming(*card, |g, card| {
                    format!("{} chooses {card}.", g.players[me].name)
                });
            }
            (Step::Choose { .. }, Action::Pass) => advance(self),
            (Step::TopCardToResources, yes_no) => {
                self.top_card_to_resources(me, *yes_no == Action::Yes);
                advance(self)
            }
            (Step::Hook(name), a) if self.answer_hook(*name, a) => advance(self),
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
            (Step::MindControl { who, .. }, Action::ChooseRow { row }) => {
                for c in self.resolve_who(who) {
                    self.mind_control(c, me, *row);
                }
                advance(self)
            }
            (Step::SelfFromKoPile, Action::ChooseRow { row }) => {
                if self.card(src).zone == Zone::KoPile {
                    let owner = self.card(src).owner;
                    self.appear(src, *row, owner);
                }
                advance(self)
            }
            // The search may need several answers; it moves on when it is finished.
            (Step::SearchDeck { what, max, to }, a) if self.answer_search(what, *max, *to, a) => {
                advance(self)
            }
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
                self.set_face_up(*card, true);
                advance(self)
            }
            (Step::TurnLocationFaceUp, Action::Pass) => advance(self),
            (Step::TurnEnemyLocationFaceDown, Action::Choose { card }) => {
                self.set_face_up(*card, false);
                advance(self)
            }
            (Step::KoPileToHand { .. }, Action::Choose { card }) => {
                self.slot_mut(6).push(*card);
                self.move_to(*card, Zone::Hand, me);
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
            (Step::ChooseRow { slot, .. }, Action::ChoosePlayer { seat }) => {
                self.row_slot_mut(*slot).0 = Some(*seat);
            }
            (Step::ChooseRow { slot, .. }, Action::ChooseRow { row }) => {
                self.row_slot_mut(*slot).1 = Some(*row);
                let seat = self.row_slot(*slot).0;
                self.log(|g| {
                    format!(
                        "{} chooses {}'s {}.",
                        g.players[me].name,
                        seat.map_or("?", |s| g.players[s].name.as_str()),
                        row.name()
                    )
                });
                advance(self)
            }
            (Step::NameCard, Action::ChooseName { def }) => {
                self.frame_mut().named = Some(*def);
                self.log(|g| format!("{} names {}.", g.players[me].name, g.db.get(*def).name));
                advance(self)
            }
            (Step::DiscardMatching { .. }, Action::Choose { card }) => {
                self.discard(*card);
                self.frame_mut().last_count = 1;
                advance(self)
            }
            (Step::PlayFromKoPile { .. }, Action::Choose { card }) => {
                // Move on first: the plot twist resolves on top of this effect.
                advance(self);
                self.play_from_ko_pile(*card, me);
            }
            (Step::KoResource { .. }, Action::Choose { card }) => {
                let owner = self.card(*card).owner;
                self.log(|g| {
                    format!(
                        "A resource of {} ({}) is KO'd.",
                        g.players[owner].name,
                        if g.card(*card).face_up {
                            g.name(*card)
                        } else {
                            "face down"
                        }
                    )
                });
                self.move_to(*card, Zone::KoPile, owner);
                advance(self)
            }
            (Step::TurnLocationFaceDown { .. }, Action::Choose { card }) => {
                self.set_face_up(*card, false);
                self.log(|g| format!("{} is turned face down.", g.name(*card)));
                advance(self)
            }
            // "Onto your side": first the card, then the row its new controller picks.
            (Step::KoPileCharacterToSide { .. }, Action::Choose { card }) => {
                *self.slot_mut(FOUND) = vec![*card];
            }
            (Step::KoPileCharacterToSide { .. }, Action::ChooseRow { row }) => {
                if let Some(&card) = self.slot(FOUND).first() {
                    self.slot_mut(FOUND).clear();
                    self.appear(card, *row, me);
                }
                advance(self)
            }
            _ => {}
        }
    }
}

/// The number of the engine's card that stands for a player defending against a
/// character that can attack players (Deadpool's "Oh, there's someone! Hi there!"): a
/// 0/1 supporting character with 1 health, in that player's front row only while it
/// defends. It is never part of a deck.
pub const PLAYER_TOKEN: &str = "xo-player";

impl GameState {
    /// The definition of the player token, if the card database has it.
    pub fn player_token_def(&self) -> Option<DefId> {
        self.db.by_number(PLAYER_TOKEN)
    }

    pub fn is_player_token(&self, c: CardId) -> bool {
        self.player_token_def() == Some(self.card(c).def)
    }

    fn player_token_of(&self, seat: Seat) -> Option<CardId> {
        (0..self.cards.len() as CardId)
            .find(|&c| self.is_player_token(c) && self.card(c).owner == seat)
    }

    /// Make the card standing for each player (kept outside the game until it defends).
    pub fn ensure_player_tokens(&mut self) {
        let Some(def) = self.player_token_def() else {
            return;
        };
        for seat in 0..self.seats() {
            if self.player_token_of(seat).is_some() {
                continue;
            }
            self.create_removed(def, seat);
        }
    }

    /// Players these attackers may attack: only a character that can attack players,
    /// attacking solo, and only a player all of whose characters are stunned.
    pub fn attackable_players(&self, attackers: &[CardId]) -> Vec<CardId> {
        let [a] = attackers else { return vec![] };
        if !self
            .modifiers_on(*a)
            .any(|m| m.kind == ModKind::AttackPlayers)
        {
            return vec![];
        }
        let me = self.card(*a).controller;
        self.enemies_of(me)
            .into_iter()
            .filter(|&e| self.characters_of(e).iter().all(|&c| !self.card(c).face_up))
            .filter_map(|e| self.player_token_of(e))
            .filter(|&t| self.card(t).zone == Zone::Removed)
            .collect()
    }

    /// A player becomes the defender: its card goes to its front row for the combat.
    pub fn place_player_token(&mut self, d: CardId) {
        if self.is_player_token(d) && !self.is_character_in_play(d) {
            let owner = self.card(d).owner;
            self.move_to(d, Zone::Front, owner);
        }
    }

    /// After a combat the players' cards leave the game again.
    pub fn remove_player_tokens(&mut self) {
        let Some(def) = self.player_token_def() else {
            return;
        };
        for c in 0..self.cards.len() as CardId {
            if self.card(c).def == def && self.card(c).zone != Zone::Removed {
                let owner = self.card(c).owner;
                self.move_to(c, Zone::Removed, owner);
            }
        }
    }

    /// "He may immediately attack": declare the attack an effect set up, once the
    /// combat before it has ended.
    pub fn start_follow_up_attack(&mut self) {
        let Some((a, d)) = self.follow_up_attack.take() else {
            return;
        };
        if self.outcome.is_some() || self.phase != Phase::Main || self.combat.is_some() {
            return;
        }
        let side = self.card(a).controller;
        if !self.is_face_up_character(a)
            || !self.is_turn_side(side)
            || !self.is_face_up_character(d)
            || !self.are_enemies(side, self.card(d).controller)
        {
            return;
        }
        self.log(|g| format!("{} immediately attacks again.", g.name(a)));
        self.begin_combat(vec![a], d);
    }
}
