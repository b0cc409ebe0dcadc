//! Searching a deck (p.25): which cards a search may find, the choices and where the found cards go.

use super::*;

impl GameState {
    /// Does a deck card match a search's `what`?
    pub(super) fn deck_card_matches(&self, c: CardId, what: &DeckFilter, src: CardId) -> bool {
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
    pub(super) fn search_candidates(&self, f: &Frame, what: &DeckFilter) -> Vec<CardId> {
        let found = f.slots.get(FOUND as usize).cloned().unwrap_or_default();
        let mut v: Vec<CardId> = self.players[f.controller]
            .deck()
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
    pub(super) fn search_step(
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

    pub(super) fn clear_search_slots(&mut self) {
        for s in [FOUND, PLACING, TO_FRONT, TO_BACK, TOGETHER] {
            self.slot_mut(s).clear();
        }
    }

    /// The search is over: into the hand now, or on to choosing rows.
    pub(super) fn end_search(&mut self, to: SearchDest, me: Seat) {
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

    pub(super) fn search_options(&self, f: &Frame, what: &DeckFilter, max: u8) -> Vec<Action> {
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
    pub(super) fn answer_search(
        &mut self,
        what: &DeckFilter,
        max: u8,
        to: SearchDest,
        a: &Action,
    ) -> bool {
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
}
