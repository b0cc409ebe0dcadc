//! D.4.2: cards leaving a player's momentum. The player chooses which (D.4.2.3),
//! unless an effect says the cards are random (K.2.3).
//!
//! Face-down momentum cards can't be told apart (D.4.2.1.1): in the engine they are
//! unknown to both players (the searches re-deal them), so choosing among them is no
//! choice at all, and the engine takes them from the top. What a player really
//! chooses is whether a card an effect turned face up there (UFS-24) goes or stays;
//! the engine asks only then (`Choice::Momentum`, one card at a time, as
//! `Action::Pick`: 0 is a face-down card when there is one, then the face-up cards
//! in momentum order, which every determinization keeps).

use crate::state::{CardId, Choice, GameState, MomentumCost, Pending, Place, Resume};

impl GameState {
    /// The cards `p` may choose to take from their momentum now: the top face-down
    /// card (any face-down card is as good as another), then each face-up card.
    pub fn momentum_options(&self, p: u8) -> Vec<CardId> {
        let momentum = &self.player(p).momentum;
        self.top_face_down_momentum(p)
            .into_iter()
            .chain(momentum.iter().copied().filter(|&c| self.card(c).face_up))
            .collect()
    }

    fn top_face_down_momentum(&self, p: u8) -> Option<CardId> {
        let momentum = &self.player(p).momentum;
        momentum
            .iter()
            .rev()
            .copied()
            .find(|&c| !self.card(c).face_up)
    }

    /// Whether taking `n` cards from `p`'s momentum is a choice that matters: some
    /// cards stay, and there is more than one option (`momentum_options`). Asked at
    /// every momentum payment, so nothing is allocated.
    pub(crate) fn momentum_choice_matters(&self, p: u8, n: u8) -> bool {
        let momentum = &self.player(p).momentum;
        if n == 0 || usize::from(n) >= momentum.len() {
            return false;
        }
        let face_up = momentum.iter().filter(|&&c| self.card(c).face_up).count();
        let face_down = usize::from(face_up < momentum.len());
        face_up + face_down > 1
    }

    /// Takes `n` cards from `p`'s momentum to `to` where no choice matters: face-down
    /// ones first, from the top. Returns the cards moved.
    pub(crate) fn take_momentum(&mut self, p: u8, n: usize, to: Place) -> Vec<CardId> {
        let mut moved = Vec::new();
        while moved.len() < n {
            let first_face_up = || {
                let momentum = &self.player(p).momentum;
                momentum.iter().copied().find(|&c| self.card(c).face_up)
            };
            let Some(c) = self.top_face_down_momentum(p).or_else(first_face_up) else {
                break;
            };
            self.move_card(c, to);
            moved.push(c);
        }
        moved
    }

    /// `p` discards `n` momentum of their choice (or removes them from the game, with
    /// `to` Removed) for an effect or an additional cost; then `then`.
    pub(crate) fn momentum_of_choice(&mut self, p: u8, n: u8, to: Place, then: Resume) {
        if self.momentum_choice_matters(p, n) {
            self.choice = Some(Choice::Momentum {
                player: p,
                left: n,
                to,
                cost: false,
                then: Box::new(then),
            });
            self.pending = Pending::Choose(p);
            return;
        }
        let done = self.take_momentum(p, usize::from(n), to).len();
        self.say_momentum_taken(p, done, to);
        self.resume(then);
    }

    fn say_momentum_taken(&mut self, p: u8, done: usize, to: Place) {
        if done == 0 {
            return;
        }
        let verb = if to == Place::Removed {
            "removes"
        } else {
            "discards"
        };
        self.say(|s| format!("{} {verb} {done} momentum.", s.seat_name(p)));
    }

    /// Ruling UFS-33, D.4.2.3: a cost's momentum is about to be paid (its window, if
    /// any, has closed): `p` chooses the cards first when the choice matters; the
    /// payment then takes what is still due from the top.
    pub(crate) fn momentum_cost_choice(&mut self, then: Resume) {
        let Some(m) = self.momentum_cost else {
            self.resume(then);
            return;
        };
        let p = m.player;
        let (left, to) = if m.covered < m.due {
            (m.due - m.covered, Place::Discard)
        } else {
            (m.removing.saturating_sub(m.removed), Place::Removed)
        };
        if !self.momentum_choice_matters(p, left) {
            self.resume(then);
            return;
        }
        self.choice = Some(Choice::Momentum {
            player: p,
            left,
            to,
            cost: true,
            then: Box::new(then),
        });
        self.pending = Pending::Choose(p);
    }

    /// `p` picks option `i` of `momentum_options` for the choice under way.
    pub(crate) fn pick_momentum(&mut self, p: u8, i: u8) {
        let Some(Choice::Momentum {
            player,
            left,
            to,
            cost,
            then,
        }) = self.choice.take()
        else {
            return;
        };
        let options = self.momentum_options(player);
        let Some(&c) = options.get(usize::from(i)) else {
            return;
        };
        let face_up = self.card(c).face_up;
        self.move_card(c, to);
        let verb = if to == Place::Removed {
            "removes from the game"
        } else {
            "discards"
        };
        self.say(|s| {
            format!(
                "{} {verb} {} from their momentum{}.",
                s.seat_name(p),
                s.name_of(c),
                if face_up { " (it lay face up)" } else { "" }
            )
        });
        let left = left - 1;
        if cost {
            if let Some(m) = self.momentum_cost.as_mut() {
                if to == Place::Removed {
                    m.removed = m.removed.saturating_add(1);
                } else {
                    m.covered = m.covered.saturating_add(1);
                }
            }
            // The discards are chosen; the removals, if any, come next.
            self.momentum_cost_choice(*then);
            return;
        }
        if self.momentum_choice_matters(player, left) {
            self.choice = Some(Choice::Momentum {
                player,
                left,
                to,
                cost,
                then,
            });
            self.pending = Pending::Choose(player);
            return;
        }
        let done = self.take_momentum(player, usize::from(left), to).len();
        self.say_momentum_taken(player, done, to);
        self.resume(*then);
    }

    /// K.2.3: `p` discards up to `n` random cards from their momentum, face up or
    /// not; returns how many.
    pub(crate) fn discard_random_momentum(&mut self, p: u8, n: usize) -> usize {
        let mut done = 0;
        while done < n {
            let len = self.player(p).momentum.len();
            if len == 0 {
                break;
            }
            let k = self.rng.below(len);
            let c = self.player(p).momentum[k];
            self.move_card(c, Place::Discard);
            self.say(|s| {
                format!(
                    "{} discards {} from their momentum at random.",
                    s.seat_name(p),
                    s.name_of(c)
                )
            });
            done += 1;
        }
        done
    }

    /// Ruling UFS-33: a cost discarding `due` momentum and removing `removing` from
    /// the game is about to be paid by `p`.
    pub(crate) fn start_momentum_cost(&mut self, p: u8, due: u8, removing: u8) {
        self.momentum_cost = Some(MomentumCost {
            player: p,
            due,
            covered: 0,
            removing,
            removed: 0,
        });
    }
}

#[cfg(test)]
mod tests {
    use crate::setup::{DeckList, UfsSetup};
    use crate::state::{GameState, Place};
    use crate::Ufs;
    use crossover_kernel::Game;

    /// A game between the Ryu and Akuma decks, with three cards of p0's deck moved to
    /// p0's momentum, the middle one face up; returns it and that card.
    fn with_momentum(seed: u64) -> (Ufs, u16) {
        let setup = UfsSetup {
            decks: [
                DeckList::prebuilt("ryu").unwrap(),
                DeckList::prebuilt("akuma").unwrap(),
            ],
            facts_only: false,
        };
        let mut g = Ufs::new_game(&setup, seed).unwrap();
        let s: &mut GameState = &mut g.state;
        let mut face_up = 0;
        for i in 0..3 {
            let c = *s.player(0).deck.last().unwrap();
            s.move_card(c, Place::Momentum);
            if i == 1 {
                s.card_mut(c).face_up = true;
                face_up = c;
            }
        }
        (g, face_up)
    }

    #[test]
    fn k_2_3_a_random_momentum_discard_may_take_a_face_up_card() {
        let (mut up, mut down) = (0, 0);
        for seed in 0..60 {
            let (mut g, face_up) = with_momentum(seed);
            assert_eq!(g.state.discard_random_momentum(0, 1), 1);
            assert_eq!(g.state.player(0).momentum.len(), 2);
            if g.state.card(face_up).place == Place::Discard {
                up += 1;
            } else {
                down += 1;
            }
        }
        // One card in three is face up: taken about a third of the time, never always.
        assert!(
            up >= 8 && down >= 25,
            "face up {up} times, face down {down}"
        );
    }

    #[test]
    fn d_4_2_3_the_choice_is_asked_only_when_it_matters() {
        let (g, face_up) = with_momentum(1);
        let s = &g.state;
        // A face-down card (the top one) and the face-up one.
        let options = s.momentum_options(0);
        assert_eq!(options.len(), 2);
        assert_eq!(options[1], face_up);
        assert!(!s.card(options[0]).face_up);
        assert_eq!(options[0], s.player(0).momentum[2]);
        assert!(s.momentum_choice_matters(0, 1));
        assert!(s.momentum_choice_matters(0, 2));
        // All of it goes: nothing to choose.
        assert!(!s.momentum_choice_matters(0, 3));
        assert!(!s.momentum_choice_matters(0, 0));
        // p1 has no momentum at all.
        assert!(!s.momentum_choice_matters(1, 1));
    }

    #[test]
    fn d_4_2_3_without_a_choice_face_down_cards_go_first() {
        let (mut g, face_up) = with_momentum(2);
        let taken = g.state.take_momentum(0, 2, Place::Discard);
        assert_eq!(taken.len(), 2);
        assert!(!taken.contains(&face_up));
        assert_eq!(g.state.player(0).momentum, vec![face_up]);
    }
}
