//! Resolving effects (p.22): the steps of a plot twist, Super Power or trigger run in
//! order; a step that needs a choice pauses the effect at an explicit decision; an
//! impossible step is skipped and the rest resolves.

use crate::action::Action;
use crate::model::*;
use crate::state::*;
use crate::triggers::Event;
use crate::verbs::Fills;
use crossover_kernel::Seat;
use std::sync::Arc;

mod choices;
mod host;
mod player_attack;

pub use player_attack::PLAYER_TOKEN;

/// Result of running effects: finished, or waiting for `seat` to decide.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Run {
    Done,
    Wait(Seat),
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
            Who::Each(filter) => self.frame_matching(filter, f.card, f.controller),
        }
    }

    /// The characters matching a filter for the top frame, with the words that read what
    /// the effect chose (`of`, `in-row`).
    pub fn frame_matching(&self, filter: &Filter, src: CardId, me: Seat) -> Vec<CardId> {
        let v = self.matching(filter, src, me);
        self.restrict_to_frame(v, filter, self.frame())
    }

    /// Keep the characters of `v` that the filter's words about what the effect chose
    /// (`of`, `in-row`) allow, read from frame `f`.
    pub fn restrict_to_frame(&self, mut v: Vec<CardId>, filter: &Filter, f: &Frame) -> Vec<CardId> {
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
        if let Some(SameName::AsSlot(n)) = *filter.same_name {
            match f.slots.get(n as usize).and_then(|s| s.first()).copied() {
                Some(that) => {
                    v.retain(|&c| c != that && self.def(c).shares_name_with(self.def(that)))
                }
                None => v.clear(),
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
            match step.run(self) {
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
            EffectSource::Delayed { .. } => {
                delayed_step(&self.db, &f.source).and_then(|d| d.if_cond.clone())
            }
            _ => None,
        };
        cond.is_none_or(|c| self.cond_holds(&c, f.card, f.controller, Some(f)))
    }

    fn finish_frame(&mut self) {
        let f = self.frames.pop().expect("frame");
        if let Some(pt) = f.plot_twist {
            // When you play a plot twist, follow its instructions, then KO it (p.16) —
            // or shuffle it into the deck when the power that played it says so.
            if self.card(pt).zone() == Zone::Removed {
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
                    && f.player_slot(0)
                        .is_some_and(|to| self.card(f.card).controller != to);
                if f.pc == 0 && still {
                    return Some(f.controller);
                }
                self.finish_frame();
                None
            }
        }
    }

    /// At the end of the turn each borrowed character goes back (Mind Control "move it
    /// back"): the player whose card took it picks the row it goes back to (the official
    /// answer for Mind Control; docs/rulings.md). The frame is that player's; the side it
    /// goes back to is its player slot 0.
    pub fn return_borrowed(&mut self) {
        let borrowed = std::mem::take(&mut self.borrowed);
        // Pushed last-first so they are asked in the order they were borrowed.
        for b in borrowed.into_iter().rev() {
            if self.is_character_in_play(b.card) && self.card(b.card).controller != b.back_to {
                let mut frame = self.new_frame(
                    EffectSource::Rule(RuleChoice::ReturnControl),
                    b.card,
                    b.taker.0,
                );
                frame.player_slots = vec![Some(b.back_to)];
                self.frames.push(frame);
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
        if !self.card(c).zone().in_play() {
            return;
        }
        self.card_mut(c).xp += n;
        self.log(|g| format!("{} gains {n} XP ({} now).", g.name(c), g.card(c).xp));
    }

    /// The `delayed` step of the top frame makes its delayed trigger, watching the first
    /// character of `watch` if it names one (none: no trigger).
    pub(crate) fn create_delayed_trigger(&mut self, watch: Option<&Who>) {
        let f = self.frame().clone();
        let watch = match watch {
            None => None,
            Some(w) => {
                // Nothing to watch: the delayed trigger is never created.
                let Some(&c) = self.resolve_who(w).first() else {
                    return;
                };
                Some((c, self.card(c).epoch))
            }
        };
        self.delayed.push(DelayedTrigger {
            watch,
            source: EffectSource::Delayed {
                parent: Box::new(f.source.clone()),
                index: f.pc as u16,
            },
            card: f.card,
            card_epoch: f.card_epoch,
            controller: f.controller,
            turn: self.turn,
            combat: self.combat_key(),
            slots: f.slots.clone(),
            player_slots: f.player_slots.clone(),
        });
    }

    /// Ready a character and move it to `me`'s row until the end of the turn (the
    /// step's meaning): `end_turn` returns everything in `borrowed` to where it was.
    fn mind_control(&mut self, c: CardId, me: Seat, row: Row) {
        let from = self.card(c).controller;
        if from != me {
            let row = self.row_of(c).unwrap_or(Row::Front);
            self.borrowed.push(Borrowed {
                card: c,
                back_to: from,
                row,
                taker: crossover_kernel::Added(me),
            });
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

    pub(crate) fn set_player_slot(&mut self, slot: u8, seat: Seat) {
        let f = self.frame_mut();
        while f.player_slots.len() <= slot as usize {
            f.player_slots.push(None);
        }
        f.player_slots[slot as usize] = Some(seat);
    }

    /// The end of a `ForEachPlayer` loop: on to the next player, or out of the loop.
    pub(crate) fn next_loop_player(&mut self, back: u8) {
        let f = self.frame().clone();
        let db = Arc::clone(&self.db);
        let steps = steps_of(&db, &f.source);
        let Some(start) = f.pc.checked_sub(back as usize) else {
            return;
        };
        let Some(Step::ForEachPlayer(crate::verbs::ForEachPlayer {
            slot, enemy_only, ..
        })) = steps.get(start)
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
            match st.fills() {
                Some(Fills::Cards(slot)) => clear.push(slot),
                Some(Fills::Row(slot)) => rows.push(slot),
                None => {}
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
    pub(crate) fn ko_pile_plot_twists(&self, seat: Seat, timing: Timing) -> Vec<CardId> {
        let mut seen: Vec<DefId> = Vec::new();
        let mut v = Vec::new();
        for &c in self.players[seat].ko_pile() {
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
    pub(crate) fn play_from_ko_pile(&mut self, card: CardId, seat: Seat) {
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

    /// Face-up locations in the resource rows of `side` (relative to `me`).
    pub fn face_up_locations(&self, me: Seat, side: SideFilter) -> Vec<CardId> {
        self.live_seats()
            .filter(|&s| match side {
                SideFilter::Any => true,
                SideFilter::Enemy => self.are_enemies(me, s),
                SideFilter::Yours => self.same_side(me, s),
            })
            .flat_map(|s| self.players[s].resources().clone())
            .filter(|&r| self.card(r).face_up && self.def(r).is_location())
            .collect()
    }

    /// Character cards in the KO piles of `me`'s enemies (or of every player).
    pub(crate) fn ko_pile_characters(&self, me: Seat, enemy_only: bool) -> Vec<CardId> {
        self.live_seats()
            .filter(|&s| !enemy_only || self.are_enemies(me, s))
            .flat_map(|s| self.players[s].ko_pile().clone())
            .filter(|&c| self.def(c).is_character())
            .collect()
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
            .flat_map(|e| self.players[e].resources().clone())
            .filter(|&r| self.card(r).face_up)
            .collect()
    }
}
