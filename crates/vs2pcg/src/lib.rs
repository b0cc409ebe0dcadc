//! The Vs. System 2PCG rules engine (`../shared/rules/vs-2pcg-compiled-rulebook-v2.1.md`).
//!
//! Cards are data (`cards/*.cards`, compiled by [`cardfile`] into the typed ability tree
//! of [`model`]); the [`state::GameState`] holds everything; [`flow`] is the one loop that
//! settles triggers, effects and the turn structure after every action; [`atoms`] are the
//! only functions that change cards, and they fire the events triggers listen for.

pub mod act;
pub mod action;
pub mod atoms;
pub mod bench;
pub mod card_view;
pub mod cardfile;
pub mod catalogue;
pub mod combat;
pub mod db;
pub mod deck;
pub mod decks;
pub mod determinize;
pub mod diagnostics;
pub mod effects;
pub mod flow;
pub mod game;
pub mod heuristic;
pub mod hooks;
pub mod ids;
pub mod import;
pub mod model;
pub mod platform;
pub mod query;
pub mod scenario;
pub mod setup;
pub mod state;
#[cfg(feature = "testkit")]
pub mod testkit;
pub mod text;
pub mod triggers;
pub mod verbs;
pub mod view;
pub mod vocab;
mod wording;
mod words;

pub use action::{Action, Pay};
pub use setup::{PlayerSetup, Setup};
pub use state::GameState;
