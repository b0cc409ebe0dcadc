//! What the computer players need from the rules besides the heuristic
//! (heuristic.rs): a determinization that re-deals what a seat can't see.

use crate::act::Action;
use crate::model::Kind;
use crate::state::*;

impl GameState {
    /// How a tree search pays for a card or ability below the decision it searches
    /// (`Game::search_default`): with a resource ability if there is one, else a
    /// resource card, else the first card offered. Which cards pay matters little
    /// next to which cards are played, and branching on every way to pay spent most
    /// of a search's iterations on it. An open-ended cost (spend X) is still searched.
    pub(crate) fn search_default(&self) -> Option<Action> {
        let Pending::Pay(pay) = &self.pending else {
            return None;
        };
        if pay.open_ended {
            return None;
        }
        let options = self.legal_actions();
        options
            .iter()
            .find(|a| matches!(a, Action::PayWithAbility { .. }))
            .or_else(|| {
                options.iter().find(
                    |a| matches!(a, Action::PayWith(c) if matches!(self.def(*c).kind, Kind::Resource)),
                )
            })
            .or_else(|| options.iter().find(|a| matches!(a, Action::PayWith(_))))
            .copied()
    }

    /// Re-deal what `seat` can't see: the encounter deck, the other players' hands
    /// and decks, every deck's order, and face-down dealt cards.
    pub(crate) fn determinize(&mut self, seat: u8, seed: u64) {
        let mut rng = crossover_kernel::GameRng::from_seed(seed);
        // Encounter deck plus face-down dealt and boost cards are one unseen pool.
        let mut pool: Vec<CardId> = self.encounter_deck.clone();
        let dealt: Vec<(u8, usize)> = self
            .players
            .iter()
            .enumerate()
            .map(|(p, pl)| (p as u8, pl.dealt.len()))
            .collect();
        for pl in &self.players {
            pool.extend(pl.dealt.iter().copied());
        }
        let boosts = self.boost.len();
        pool.extend(self.boost.iter().copied());
        // Sorted first, so the result does not depend on the order the hidden cards
        // really are in (Game::determinize: only on what the seat sees, and the seed).
        pool.sort_unstable();
        rng.shuffle(&mut pool);
        let mut it = pool.into_iter();
        for (p, n) in dealt {
            let cards: Vec<CardId> = it.by_ref().take(n).collect();
            for &c in &cards {
                self.card_mut(c).zone = Zone::Dealt(p);
            }
            self.player_mut(p).dealt = cards;
        }
        let b: Vec<CardId> = it.by_ref().take(boosts).collect();
        for &c in &b {
            self.card_mut(c).zone = Zone::Boost;
        }
        self.boost = b;
        let rest: Vec<CardId> = it.collect();
        for &c in &rest {
            self.card_mut(c).zone = Zone::EncounterDeck;
        }
        self.encounter_deck = rest;
        for p in 0..self.players.len() as u8 {
            let mut cards: Vec<CardId> = self.player(p).deck.clone();
            let hand = if p == seat {
                vec![]
            } else {
                self.player(p).hand.clone()
            };
            cards.extend(hand.iter().copied());
            cards.sort_unstable();
            rng.shuffle(&mut cards);
            let (h, d) = cards.split_at(hand.len());
            if p != seat {
                for &c in h {
                    self.card_mut(c).zone = Zone::Hand(p);
                }
                self.player_mut(p).hand = h.to_vec();
            }
            for &c in d {
                self.card_mut(c).zone = Zone::Deck(p);
            }
            self.player_mut(p).deck = d.to_vec();
        }
        self.rng = crossover_kernel::GameRng::from_seed(rng.next_u64());
    }
}

#[cfg(test)]
mod tests {
    use crate::{DeckList, Mc, McSetup};
    use crossover_kernel::Game;

    /// A tree search pays without branching (Game::search_default) only while a card
    /// is being paid for, and with one of the offered sources, never by calling the
    /// payment off; every other decision is searched.
    #[test]
    fn a_search_pays_by_default_only_while_paying() {
        use crate::act::Action;
        use crate::state::Pending;
        let mut game = Mc::new_game(&McSetup::solo_against_rhino("spider-man"), 3).unwrap();
        let mut paid = 0;
        for _ in 0..2000 {
            if game.outcome().is_some() {
                break;
            }
            let options = game.legal_actions();
            let default = game.search_default();
            match &game.state.pending {
                Pending::Pay(pay) if !pay.open_ended => {
                    let d = default.expect("a way to pay");
                    assert!(options.contains(&d), "{d:?} not among {options:?}");
                    assert!(matches!(
                        d,
                        Action::PayWith(_) | Action::PayWithAbility { .. }
                    ));
                    if options
                        .iter()
                        .any(|a| matches!(a, Action::PayWithAbility { .. }))
                    {
                        assert!(matches!(d, Action::PayWithAbility { .. }));
                    }
                    paid += 1;
                }
                _ => assert_eq!(default, None),
            }
            // Play cards whenever possible, to reach payments.
            let pick = options
                .iter()
                .find(|a| matches!(a, Action::Play(_)))
                .or(default.as_ref())
                .unwrap_or(&options[0]);
            game.apply(pick).unwrap();
        }
        assert!(paid > 0, "no payment was reached");
    }

    /// Game::determinize's contract: two games that differ only in what a seat can't
    /// see (here the order of the encounter deck and of each player deck) give the
    /// same determinization for the same seed.
    #[test]
    fn a_determinization_depends_only_on_what_the_seat_sees() {
        let setup = McSetup {
            decks: vec![
                DeckList::prebuilt("spider-man").unwrap(),
                DeckList::prebuilt("she-hulk").unwrap(),
            ],
            villain: "rhino".into(),
            modular: "bomb_scare".into(),
            expert: false,
        };
        let game = Mc::new_game(&setup, 11).unwrap();
        let mut twin = game.clone();
        twin.state.encounter_deck.reverse();
        for p in 0..2 {
            twin.state.player_mut(p).deck.reverse();
        }
        assert_ne!(game.state_hash(), twin.state_hash());
        for seed in 0..8 {
            assert_eq!(
                game.determinize(0, seed).state_hash(),
                twin.determinize(0, seed).state_hash(),
                "seed {seed}"
            );
        }
    }
}
