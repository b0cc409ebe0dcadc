//! Computer players, generic over the Crossover [`Game`] interface.
//!
//! A [`Player`] only ever sees the game through the trait, so every player here works
//! for every game. [`player_from_spec`] builds one from a short text spec such as
//! `greedy:epsilon=0.1` or `ismcts:iterations=1000`, and [`play_game`] drives a game
//! to its end.

mod driver;
mod greedy;
mod ismcts;
mod random;
mod spec;

pub use driver::play_game;
pub use greedy::{GreedyPlayer, MAX_SAMPLES};
pub use ismcts::{
    ActionStats, Budget, IsmctsConfig, IsmctsPlayer, SearchReport, DEFAULT_EXPLORATION,
    DEFAULT_ISMCTS_ITERATIONS, MAX_ISMCTS_THREADS,
};
pub use random::RandomPlayer;
pub use spec::{player_from_spec, resolve_difficulty, DIFFICULTIES, KNOWN_PLAYERS};

use crossover_kernel::Game;

/// A computer player for game `G`.
pub trait Player<G: Game>: Send {
    /// A short name for reports, e.g. the spec the player was built from.
    fn name(&self) -> String;

    /// Choose an answer to the pending decision.
    ///
    /// Only called when `game.decision()` is `Some` and names this player's seat;
    /// must return one of `game.legal_actions()`.
    fn choose(&mut self, game: &G) -> G::Action;

    /// [`Player::choose`] when the caller already has the legal `options` (exactly
    /// `game.legal_actions()`), so a player that only needs them need not ask the game
    /// again. Simulations call this.
    fn choose_from(&mut self, game: &G, options: &[G::Action]) -> G::Action {
        let _ = options;
        self.choose(game)
    }

    /// Where [`Player::choose_from`]'s answer is in `options`, or the answer itself if it
    /// is not one of them. A player that picks by position says so without a search.
    fn choose_index(&mut self, game: &G, options: &[G::Action]) -> Result<usize, G::Action> {
        let action = self.choose_from(game, options);
        options.iter().position(|o| *o == action).ok_or(action)
    }
}
