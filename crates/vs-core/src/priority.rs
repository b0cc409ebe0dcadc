//! The priority window: the players are asked in turn whether to act before something
//! happens, and it happens once every player asked has passed in succession.
//!
//! - Vs. System TCG (216, 505.4, 508.1): the chain resolves its top effect, or the game
//!   moves on, when every player in the game passes in succession. A player who plays an
//!   effect starts a new succession, asked first ([`PriorityWindow::restart`]).
//! - Vs. System 2PCG (Reaction Powers): the restricted form. Each enemy of the player
//!   who used a Super Power is asked once, in order; one who reacts is not asked again
//!   ([`PriorityWindow::remove`]), and the power resolves when nobody is left.
//!
//! The window is the list of players still to be asked, first the one asked now. It hashes
//! and serialises as that list alone, so a game that kept the list itself before keeps its
//! state hashes.

use serde::{Deserialize, Serialize};

/// The players still to be asked, in order; the first is the one asked now.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct PriorityWindow<S> {
    to_ask: Vec<S>,
}

impl<S> Default for PriorityWindow<S> {
    fn default() -> Self {
        PriorityWindow { to_ask: Vec::new() }
    }
}

impl<S: Copy + PartialEq> PriorityWindow<S> {
    /// A window asking these players, in this order.
    pub fn new(order: impl IntoIterator<Item = S>) -> Self {
        PriorityWindow {
            to_ask: order.into_iter().collect(),
        }
    }

    /// The player asked now; `None` once every player has passed.
    pub fn asked(&self) -> Option<S> {
        self.to_ask.first().copied()
    }

    /// Every player asked has passed in succession.
    pub fn closed(&self) -> bool {
        self.to_ask.is_empty()
    }

    /// The player asked now passes: the next one is asked.
    pub fn pass(&mut self) {
        if !self.to_ask.is_empty() {
            self.to_ask.remove(0);
        }
    }

    /// `seat` is not asked again in this window (2PCG: it reacted, or it passed).
    pub fn remove(&mut self, seat: S) {
        self.to_ask.retain(|&s| s != seat);
    }

    /// A new succession (TCG 505.4: a player who plays an effect then has priority):
    /// every player is asked again, in this order.
    pub fn restart(&mut self, order: impl IntoIterator<Item = S>) {
        self.to_ask.clear();
        self.to_ask.extend(order);
    }

    /// The players still to be asked, in order.
    pub fn to_ask(&self) -> &[S] {
        &self.to_ask
    }

    /// How many players are still to be asked.
    pub fn len(&self) -> usize {
        self.to_ask.len()
    }

    pub fn is_empty(&self) -> bool {
        self.to_ask.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::hash::{DefaultHasher, Hash, Hasher};

    fn hash<T: Hash>(t: &T) -> u64 {
        let mut h = DefaultHasher::new();
        t.hash(&mut h);
        h.finish()
    }

    #[test]
    fn passing_in_succession_closes_the_window() {
        let mut w = PriorityWindow::new([1u8, 2, 0]);
        assert_eq!(w.asked(), Some(1));
        w.pass();
        assert_eq!(w.asked(), Some(2));
        w.pass();
        w.pass();
        assert!(w.closed());
        assert_eq!(w.asked(), None);
    }

    #[test]
    fn playing_restarts_the_succession_with_the_player() {
        let mut w = PriorityWindow::new([0u8, 1]);
        w.pass();
        w.restart([1, 0]);
        assert_eq!(w.to_ask(), &[1, 0]);
    }

    #[test]
    fn the_restricted_form_asks_each_player_once() {
        let mut w = PriorityWindow::new([2usize, 3]);
        w.remove(3);
        assert_eq!(w.to_ask(), &[2]);
    }

    #[test]
    fn it_hashes_and_serialises_as_its_list() {
        let w = PriorityWindow::new([2usize, 3]);
        assert_eq!(hash(&w), hash(&vec![2usize, 3]));
        assert_eq!(serde_json::to_string(&w).unwrap(), "[2,3]");
    }
}
