//! What must hold of every state the engine settles in, checked by the property tests:
//! each card is in exactly one place, and the ordered piles (decks, hands, discard
//! piles, the encounter deck...) hold exactly the cards whose zone says they are there,
//! and what is cached from the cards agrees with them.

use crate::state::*;
use std::collections::BTreeMap;

impl GameState {
    /// `Err` naming the first inconsistency.
    pub fn check_invariants(&self) -> Result<(), String> {
        let mut listed: BTreeMap<CardId, &'static str> = BTreeMap::new();
        let mut list = |cards: &[CardId], pile: &'static str, want: &dyn Fn(Zone) -> bool| {
            for &c in cards {
                if usize::from(c.0) >= self.cards.len() {
                    return Err(format!("{pile} holds card {} that doesn't exist", c.0));
                }
                if let Some(other) = listed.insert(c, pile) {
                    return Err(format!(
                        "{} ({}) is both in {other} and in {pile}",
                        self.card_name(c),
                        c.0
                    ));
                }
                if !want(self.card(c).zone) {
                    return Err(format!(
                        "{} ({}) is listed in {pile} but its zone is {:?}",
                        self.card_name(c),
                        c.0,
                        self.card(c).zone
                    ));
                }
            }
            Ok(())
        };
        for (p, pl) in self.players.iter().enumerate() {
            let p = p as u8;
            list(&pl.deck, "a deck", &|z| z == Zone::Deck(p))?;
            list(&pl.hand, "a hand", &|z| z == Zone::Hand(p))?;
            list(&pl.discard, "a discard pile", &|z| z == Zone::Discard(p))?;
            list(&pl.dealt, "the dealt cards", &|z| z == Zone::Dealt(p))?;
        }
        list(&self.encounter_deck, "the encounter deck", &|z| {
            z == Zone::EncounterDeck
        })?;
        list(
            &self.encounter_discard,
            "the encounter discard pile",
            &|z| z == Zone::EncounterDiscard,
        )?;
        list(&self.boost, "the boost cards", &|z| z == Zone::Boost)?;
        list(&self.villain_deck, "the villain deck", &|z| {
            z == Zone::VillainDeck
        })?;
        list(&self.scheme_deck, "the main scheme deck", &|z| {
            z == Zone::SchemeDeck
        })?;
        // Every card in a pile's zone is in that pile.
        for c in self.ids() {
            let z = self.card(c).zone;
            let piled = matches!(
                z,
                Zone::Deck(_)
                    | Zone::Hand(_)
                    | Zone::Discard(_)
                    | Zone::Dealt(_)
                    | Zone::EncounterDeck
                    | Zone::EncounterDiscard
                    | Zone::Boost
                    | Zone::VillainDeck
                    | Zone::SchemeDeck
            );
            if piled && !listed.contains_key(&c) {
                return Err(format!(
                    "{} ({}) has zone {z:?} but is in no pile",
                    self.card_name(c),
                    c.0
                ));
            }
            if z == Zone::Attached {
                match self.card(c).attached_to {
                    Some(host) if self.in_play(host) => {}
                    _ => {
                        return Err(format!(
                            "{} ({}) is attached to nothing in play",
                            self.card_name(c),
                            c.0
                        ))
                    }
                }
            }
        }
        // The cached lists of cards with constant and triggered abilities (what stats
        // and triggers are read from) are the lists a full scan finds.
        if self.ability_sources.for_cards == self.cards.len() {
            let scanned: Vec<CardId> = self
                .ids()
                .filter(|&c| crate::state::may_trigger(self.def(c)))
                .collect();
            if *self.ability_sources.triggered != scanned {
                return Err(format!(
                    "the cards with triggered abilities are listed as {:?}, not {scanned:?}",
                    self.ability_sources.triggered
                ));
            }
            let scanned: Vec<CardId> = self
                .ids()
                .filter(|&c| !self.def(c).constants.is_empty())
                .collect();
            if *self.ability_sources.constants != scanned {
                return Err(format!(
                    "the cards with constant abilities are listed as {:?}, not {scanned:?}",
                    self.ability_sources.constants
                ));
            }
        }
        if self.outcome.is_none() && !self.in_play(self.villain) {
            return Err("the game goes on without a villain in play".into());
        }
        if self.outcome.is_none() && self.card(self.main_scheme).zone != Zone::MainScheme {
            return Err("the game goes on without a main scheme".into());
        }
        Ok(())
    }
}
