//! Marvel Champions: The Card Game, rules-enforced: 1–4 heroes against a villain the
//! engine runs. The specification is the Rules Reference (`../shared/rules/
//! marvel-champions-rules-reference.txt`); rule names in comments and errors are its
//! glossary entries (ENEMY ATTACKS, BOOST, ...).

pub mod act;
pub mod cardfile;
mod combat;
pub mod db;
pub mod deckrules;
pub mod decks;
mod effects;
mod encounter;
mod flow;
mod heuristic;
mod invariants;
pub mod marvelcdb;
pub mod model;
mod occur;
pub mod platform;
mod query;
pub mod scenario;
mod search;
pub mod setup;
pub mod state;
mod steps;
pub mod text;
mod view;
pub mod wording;

pub use act::Action;
pub use heuristic::{explained, with_weights, Weights};
pub use setup::{DeckList, McSetup};
pub use state::{CardId, GameState, Pending};
pub use view::{McView, PlayerBlock};

use crossover_kernel::{
    stable_hash, Decision, Game, LogEntry, Outcome, RuleError, Seat, SetupError,
};
use serde::{Deserialize, Serialize};
use std::cell::Cell;

thread_local! {
    /// Tests of the engine's machinery may play cards whose abilities are not written
    /// yet (their abilities are simply absent); games for players never do.
    pub static ALLOW_INCOMPLETE: Cell<bool> = const { Cell::new(false) };
}

/// A game of Marvel Champions. Seats are players, in player order from the first.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Mc {
    pub state: GameState,
    /// Shared: searches clone the game for every iteration, and the setup (deck lists
    /// of card names) never changes, so copying it was over half of a clone.
    pub setup: std::sync::Arc<McSetup>,
}

impl Mc {
    pub fn state(&self) -> &GameState {
        &self.state
    }
}

impl GameState {
    pub(crate) fn log_public(&mut self, text: String) {
        if self.logging {
            std::sync::Arc::make_mut(&mut self.log).push(LogEntry {
                turn: self.round,
                visible_to: None,
                text,
            });
        }
    }
    pub(crate) fn log_private(&mut self, p: u8, text: String) {
        if self.logging {
            std::sync::Arc::make_mut(&mut self.log).push(LogEntry {
                turn: self.round,
                visible_to: Some(usize::from(p)),
                text,
            });
        }
    }
    /// A public entry for every seat but `p` (who read the private one).
    pub(crate) fn log_public_except(&mut self, p: u8, text: String) {
        if self.logging {
            for q in 0..self.players.len() {
                if q != usize::from(p) {
                    std::sync::Arc::make_mut(&mut self.log).push(LogEntry {
                        turn: self.round,
                        visible_to: Some(q),
                        text: text.clone(),
                    });
                }
            }
        }
    }
    pub fn card_name(&self, c: CardId) -> String {
        if self.card(c).face_down {
            return "a face-down Drone".to_string();
        }
        self.face(c).name.clone()
    }
    pub fn log(&self) -> &[LogEntry] {
        &self.log
    }
    /// The seat deciding now.
    pub fn to_move(&self) -> Option<u8> {
        Some(match &self.pending {
            Pending::None => return None,
            Pending::Mulligan(p) | Pending::Turn(p) | Pending::DiscardDown(p) => *p,
            Pending::Pay(pay) => pay.player,
            Pending::Defend { player }
            | Pending::Choose { player, .. }
            | Pending::ChoosePlayer { player }
            | Pending::ChooseOne { player, .. }
            | Pending::Window { player }
            | Pending::OrderForced { player } => *player,
        })
    }
}

/// Determinizations the greedy player averages (see [`Game::search_samples`]).
const SEARCH_SAMPLES: usize = 4;

impl Game for Mc {
    type Setup = McSetup;
    type Action = Action;
    const NAME: &'static str = "mc";

    fn card_data_version(&self) -> String {
        "core".to_string()
    }

    fn new_game(setup: &McSetup, seed: u64) -> Result<Self, SetupError> {
        let state = GameState::new(setup, seed, db::core())?;
        Ok(Mc {
            state,
            setup: std::sync::Arc::new(setup.clone()),
        })
    }

    fn seat_count(&self) -> usize {
        self.state.players.len()
    }

    fn decision(&self) -> Option<Decision<Action>> {
        let seat = usize::from(self.state.to_move()?);
        Some(Decision {
            seat,
            options: self.state.legal_actions(),
        })
    }

    fn legal_actions(&self) -> Vec<Action> {
        self.state.legal_actions()
    }

    fn apply(&mut self, action: &Action) -> Result<(), RuleError> {
        self.state.apply_action(*action)
    }

    fn apply_offered(&mut self, action: &Action) {
        self.state.apply_checked(*action);
    }

    fn outcome(&self) -> Option<Outcome> {
        self.state.outcome.clone()
    }

    fn state_hash(&self) -> u64 {
        stable_hash(&self.state)
    }

    fn turn(&self) -> u32 {
        self.state.round
    }

    fn set_logging(&mut self, on: bool) {
        self.state.logging = on;
    }

    fn heuristic(&self, _seat: Seat) -> f64 {
        self.state.heuristic()
    }

    fn quiet(&self) -> Option<bool> {
        Some(self.state.quiet())
    }

    fn search_default(&self) -> Option<Action> {
        self.state.search_default()
    }

    /// The villain's face-down boost cards decide whether its attack is deadly; a
    /// single imagined deal would let the luck of it decide whether to defend.
    fn search_samples(&self) -> usize {
        SEARCH_SAMPLES
    }

    fn determinize(&self, seat: Seat, seed: u64) -> Self {
        let mut g = self.clone();
        g.state.determinize(seat as u8, seed);
        g
    }
}
