//! Re-dealing what one seat cannot see, for search players (see
//! [`crossover_kernel::Game::determinize`]).
//!
//! Hidden from a seat: other players' hands, decks and face-down resources, the order
//! of its own deck, Facehugger piles (private, p.24), and the random stream. Cards keep
//! their identities and places; only *which card definition* each hidden card is gets
//! dealt again. So every counter, timestamp and zone list stays as it was, and two states
//! that differ only in hidden cards determinize to the same state.

use crate::action::Action;
use crate::state::*;
use crossover_kernel::{GameRng, Seat};

impl GameState {
    pub fn determinized(&self, seat: Seat, seed: u64) -> GameState {
        let mut g = self.clone();
        let mut rng = GameRng::from_seed(seed);
        // Cards the seat is being shown right now (say, to choose one from its deck) are
        // not hidden from it.
        let shown: Vec<CardId> = if self.pending_seat() == Some(seat) {
            self.legal().iter().filter_map(action_card).collect()
        } else {
            Vec::new()
        };
        let hidden = |c: &CardId| !shown.contains(c);
        for p in &self.players {
            let mut pools: Vec<Vec<CardId>> = Vec::new();
            if p.seat == seat {
                pools.push(p.deck().iter().copied().filter(hidden).collect());
            } else {
                let face_down = p
                    .resources()
                    .iter()
                    .copied()
                    .filter(|&r| !self.card(r).face_up);
                pools.push(
                    p.hand()
                        .iter()
                        .copied()
                        .chain(p.deck().iter().copied())
                        .chain(face_down)
                        .filter(hidden)
                        .collect(),
                );
                pools.push(p.facehugger_pile().iter().copied().filter(hidden).collect());
            }
            for pool in pools {
                // Sorted, so the deal depends on which definitions are hidden and not on
                // where the real ones are.
                let mut defs: Vec<DefId> = pool.iter().map(|&c| self.card(c).def).collect();
                defs.sort_unstable();
                rng.shuffle(&mut defs);
                for (&c, def) in pool.iter().zip(defs) {
                    g.cards[c as usize].def = def;
                }
            }
        }
        g.rng = GameRng::from_seed(rng.next_u64());
        g.log.entries = Default::default();
        g.log.enabled = false;
        g
    }
}

/// The card an action names, if any.
fn action_card(a: &Action) -> Option<CardId> {
    match *a {
        Action::PlayResource { card, .. }
        | Action::Recruit { card, .. }
        | Action::PlayEquipment { card, .. }
        | Action::PlayPlotTwist { card }
        | Action::UsePower { card, .. }
        | Action::PowerUp { discard: card, .. }
        | Action::Move { card, .. }
        | Action::Attack { attacker: card }
        | Action::AddAttacker { card }
        | Action::Defender { card }
        | Action::StrikeBackAt { card }
        | Action::Choose { card } => Some(card),
        _ => None,
    }
}
