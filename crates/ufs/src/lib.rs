//! Universal Fighting System (issue 14): the comprehensive rules (sections A–K of
//! `../shared/rules/ufs-comprehensive-rules.txt`), the Battle Pack cards, and the
//! importer for OCTGN's set files.
//!
//! Every Battle Pack card's abilities are written in the card language; a game is
//! played with all of them. `facts_only` (said in a game's log) plays the cards as
//! their printed facts and keywords alone, for tests of the rules with cards whose
//! abilities are not written (imported ones).

pub mod ability;
pub mod abilityfile;
pub mod act;
pub mod attach;
pub mod attack;
pub mod cardfile;
pub mod check;
pub mod db;
pub mod deckfile;
pub mod effect;
pub mod enhance;
pub mod flow;
pub mod game;
pub mod heuristic;
pub mod import;
pub mod model;
pub mod momentum;
pub mod octgn;
pub mod phrase;
pub mod platform;
pub mod play_ability;
pub mod response;
pub mod scenario;
pub mod setup;
pub mod state;
pub mod text;

pub use act::Action;
pub use game::Ufs;
pub use setup::{DeckList, UfsSetup};
