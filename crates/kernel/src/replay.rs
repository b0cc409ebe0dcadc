use crate::Game;
use serde::{Deserialize, Serialize};

/// The replay format this build writes and reads. Format 1 is every replay saved so
/// far, including those saved before the field existed (it reads as 1). A change to
/// what a replay depends on — the state hash, the random number sampling, the shape of
/// setups or actions — must bump it, and replays of another format are refused naming
/// both formats rather than failing on their first action.
pub const REPLAY_FORMAT: u32 = 1;

fn format_of_replays_saved_before_the_field() -> u32 {
    1
}

/// A recorded game: enough to reproduce it exactly.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(bound = "")]
pub struct Replay<G: Game> {
    /// [`REPLAY_FORMAT`] when it was saved.
    #[serde(default = "format_of_replays_saved_before_the_field")]
    pub format: u32,
    pub game: String,
    pub card_data_version: String,
    pub setup: G::Setup,
    pub seed: u64,
    pub actions: Vec<G::Action>,
    /// The state hash after the last action, as recorded.
    pub final_hash: u64,
}

#[derive(Debug, thiserror::Error)]
pub enum ReplayError {
    #[error("replay file format {found} is not one this build reads (it reads format {REPLAY_FORMAT}): replay it with the version of crossover that saved it")]
    Format { found: u32 },
    #[error("replay is for game '{found}', not '{expected}'")]
    WrongGame { expected: String, found: String },
    #[error("replay was recorded with card data {recorded}, but the cards loaded now are {current}: load the same card data (--cards DIR) to replay it")]
    CardData { recorded: String, current: String },
    #[error("replay setup is invalid: {0}")]
    Setup(String),
    /// `index` counts from 0; the message counts from 1, as `crossover replay` lists the
    /// actions.
    #[error("action {} of the replay was refused: {error}", index + 1)]
    Action {
        index: usize,
        error: crate::RuleError,
    },
    #[error("replay ended with hash {actual:016x}, but {expected:016x} was recorded")]
    HashMismatch { expected: u64, actual: u64 },
}

impl<G: Game> Replay<G> {
    /// Record a finished (or abandoned) game from its setup, seed and action list.
    pub fn record(
        setup: G::Setup,
        seed: u64,
        actions: Vec<G::Action>,
    ) -> Result<Self, ReplayError> {
        let game = Self::play_out(&setup, seed, &actions)?;
        Ok(Replay {
            format: REPLAY_FORMAT,
            game: G::NAME.to_string(),
            card_data_version: game.card_data_version(),
            setup,
            seed,
            actions,
            final_hash: game.state_hash(),
        })
    }

    fn play_out(setup: &G::Setup, seed: u64, actions: &[G::Action]) -> Result<G, ReplayError> {
        let mut game = G::new_game(setup, seed).map_err(|e| ReplayError::Setup(e.0))?;
        for (index, action) in actions.iter().enumerate() {
            game.apply(action)
                .map_err(|error| ReplayError::Action { index, error })?;
        }
        Ok(game)
    }

    /// Re-play every action and check the final hash; returns the final state.
    pub fn verify(&self) -> Result<G, ReplayError> {
        if self.format != REPLAY_FORMAT {
            return Err(ReplayError::Format { found: self.format });
        }
        if self.game != G::NAME {
            return Err(ReplayError::WrongGame {
                expected: G::NAME.into(),
                found: self.game.clone(),
            });
        }
        // The card data is checked before any action: with other card data the actions
        // would be refused one by one, which says nothing about the real cause.
        let mut game = G::new_game(&self.setup, self.seed).map_err(|e| {
            ReplayError::Setup(format!(
                "{} (the replay was recorded with card data {})",
                e.0, self.card_data_version
            ))
        })?;
        if game.card_data_version() != self.card_data_version {
            return Err(ReplayError::CardData {
                recorded: self.card_data_version.clone(),
                current: game.card_data_version(),
            });
        }
        for (index, action) in self.actions.iter().enumerate() {
            game.apply(action)
                .map_err(|error| ReplayError::Action { index, error })?;
        }
        if game.state_hash() != self.final_hash {
            return Err(ReplayError::HashMismatch {
                expected: self.final_hash,
                actual: game.state_hash(),
            });
        }
        Ok(game)
    }
}
