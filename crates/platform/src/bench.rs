//! What `crossover bench GAME` measures: the bench itself is generic (crates/cli), a
//! game only says which games and positions are typical for it.

use crate::Error;
use crossover_kernel::{Game, GameRng};

/// The workloads of `crossover bench` for one game.
#[derive(Debug, Clone)]
pub struct Workloads<G: Game> {
    /// Random-vs-random games are played from these setups in turn.
    pub setups: Vec<G::Setup>,
    /// Typical positions (mid-game, a decision with several options) on which cloning,
    /// listing the legal actions and an ISMCTS search are timed.
    pub positions: Vec<G>,
    /// What the setups are, for the printed summary ("the prebuilt decks, every
    /// pairing").
    pub description: String,
    /// The speed the engine should reach on one thread, if the game has targets.
    pub targets: Option<SpeedTargets>,
}

/// Speed targets for one thread on the reference machine (docs/PERFORMANCE.md).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SpeedTargets {
    pub random_games_per_s: f64,
    pub clone_ns: f64,
    pub ismcts_iterations_per_s: f64,
}

impl<G: Game> Workloads<G> {
    /// Workloads from `setups`: `positions` positions reached by `moves` random actions
    /// each, over the setups in turn; positions where the game is over or only one
    /// action is legal are replaced by the last one before that had a choice.
    pub fn from_random_play(
        setups: Vec<G::Setup>,
        positions: u64,
        moves: usize,
    ) -> Result<Self, Error> {
        if setups.is_empty() {
            return Err(Error::Failed("no setups to measure".into()));
        }
        let mut states = Vec::new();
        for i in 0..positions {
            let setup = &setups[i as usize % setups.len()];
            let mut g = G::new_game(setup, i)
                .map_err(|e| Error::Failed(format!("cannot set up {}: {e}", G::NAME)))?;
            g.set_logging(false);
            let mut rng = GameRng::from_seed(i);
            let mut chosen = g.clone();
            for _ in 0..moves {
                let options = g.legal_actions();
                if options.is_empty() {
                    break;
                }
                if options.len() > 1 {
                    chosen = g.clone();
                }
                g.apply_offered(&options[rng.below(options.len())]);
            }
            if g.legal_actions().len() > 1 {
                chosen = g;
            }
            states.push(chosen);
        }
        Ok(Workloads {
            setups,
            positions: states,
            description: String::new(),
            targets: None,
        })
    }
}

/// Plays one game to its end with the log off, every seat choosing uniformly among
/// the legal actions; returns the number of actions taken. A decision with one legal
/// action is answered without asking the player (issue 39: a forced decision costs no
/// round trip through the player), so no random number is drawn for it.
pub fn random_game<G: Game>(setup: &G::Setup, seed: u64) -> Result<usize, Error> {
    let mut g = G::new_game(setup, seed)
        .map_err(|e| Error::Failed(format!("cannot set up {}: {e}", G::NAME)))?;
    g.set_logging(false);
    let mut rng = GameRng::from_seed(seed ^ 0x9e37_79b9_7f4a_7c15);
    let mut actions = 0;
    let mut options = Vec::new();
    loop {
        g.legal_actions_into(&mut options);
        if options.is_empty() {
            return Ok(actions);
        }
        let pick = match options.len() {
            1 => 0,
            n => rng.below(n),
        };
        g.apply_offered(&options[pick]);
        actions += 1;
    }
}
