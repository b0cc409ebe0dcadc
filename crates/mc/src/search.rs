//! What the computer players need from the rules: a score of the position for the
//! team, and a determinization that re-deals what a seat can't see.

use crate::model::*;
use crate::state::*;

impl GameState {
    /// How well the players are doing, in [0, 1]: villain damage against scheme threat.
    pub fn heuristic(&self) -> f64 {
        let v = self.villain;
        let stage_left = self.villain_deck.len() as f64;
        let hp = f64::from(self.max_hp(v).max(1));
        let villain = (1.0 - self.remaining_hp(v).max(0) as f64 / hp + (1.0 - stage_left))
            .clamp(0.0, 2.0)
            / 2.0;
        let ms = self.main_scheme;
        let target = match self.def(ms).kind {
            Kind::MainScheme {
                target: Some(t), ..
            } => f64::from(t.of(usize::from(self.starting_players)).max(1)),
            _ => 1.0,
        };
        // Side schemes count half: their threat is not yet the villain's plan, but
        // crisis, acceleration and hazard icons make them costly.
        let side: f64 = self
            .side_schemes()
            .into_iter()
            .map(|c| f64::from(self.card(c).threat))
            .sum();
        let scheme = 1.0 - ((f64::from(self.card(ms).threat) + 0.5 * side) / target).min(1.0);
        let n = self.players.len() as f64;
        let heroes: f64 = self
            .players
            .iter()
            .map(|p| {
                if p.eliminated {
                    0.0
                } else {
                    self.remaining_hp(p.identity).max(0) as f64
                        / f64::from(self.max_hp(p.identity).max(1))
                }
            })
            .sum::<f64>()
            / n;
        // What the players have to work with: allies, upgrades and supports in play,
        // and cards in hand (each a resource or a card to play).
        let board: f64 = self
            .players
            .iter()
            .enumerate()
            .filter(|(_, p)| !p.eliminated)
            .map(|(i, p)| {
                let mut b = 0.0;
                for c in self.controlled_by(i as u8) {
                    if c == p.identity {
                        continue;
                    }
                    b += match self.def(c).kind {
                        Kind::Ally { .. } => 0.15 + 0.05 * self.remaining_hp(c).max(0) as f64,
                        Kind::Upgrade { .. } | Kind::Support { .. } => 0.12,
                        _ => 0.0,
                    };
                }
                b + 0.01 * p.hand.len() as f64
            })
            .sum::<f64>()
            / n;
        // A payment under way is worth finishing: what it buys is worth more than the
        // cards it spends (a one-step search would otherwise call every payment off).
        let paying = match &self.pending {
            Pending::Pay(pay) => match pay.what {
                PayFor::Play(c) if matches!(self.def(c).kind, Kind::Ally { .. }) => 0.25,
                _ => 0.15,
            },
            _ => 0.0,
        };
        let board = board + paying;
        let board = (board / 1.5).min(1.0);
        // Minions engaged with the players: each threatens attacks and schemes.
        let minions: f64 = self
            .enemies()
            .into_iter()
            .filter(|&c| c != v)
            .map(|c| {
                f64::from(self.stat(c, Stat::Atk).unwrap_or(0))
                    + f64::from(self.stat(c, Stat::Sch).unwrap_or(0))
                    + 0.3 * self.remaining_hp(c).max(0) as f64
            })
            .sum();
        let minions = 1.0 - (minions / (6.0 * n)).min(1.0);
        (0.40 * villain + 0.25 * scheme + 0.15 * heroes + 0.10 * board + 0.10 * minions)
            .clamp(0.0, 1.0)
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
