//! Vs. System TCG (issue 34): the Comprehensive Rules v2.7
//! (`../shared/rules/vs-tcg-comprehensive-rules-v2.7.md`) for two to four players.
//!
//! The state is a set of cards with zones (213) and positions (705), the players, the
//! turn (400–408), priority and the chain (216, 505–509) and the attack (600–602).
//! Every decision is a pending question with its legal answers ([`state::Pending`]).

pub mod action;
pub mod atoms;
pub mod cardfile;
pub mod chain;
pub mod combat;
pub mod db;
pub mod deckfile;
pub mod flow;
pub mod gained;
pub mod game;
pub mod heuristic;
pub mod host;
pub mod ids;
pub mod import;
pub mod layers;
pub mod legal;
pub mod loops;
pub mod model;
pub mod phrase;
pub mod platform;
pub mod play;
pub mod power;
pub mod powerfile;
pub mod query;
pub mod recruit;
pub mod replace;
pub mod resolve;
#[cfg(test)]
mod rule_tests;
pub mod scenario;
pub mod setup;
pub mod state;
pub mod stats;
#[cfg(test)]
pub(crate) mod testkit;
pub mod text;
pub mod triggers;
pub mod verbs;
pub mod view;
pub mod vocab;
pub mod wording;
pub mod words;

pub use action::Action;
pub use game::VsTcg;
pub use setup::{Deck, VsTcgSetup};
