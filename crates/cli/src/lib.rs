//! The `crossover` binary's library. Every command is written once for any game
//! ([`crossover_platform::Platform`]); [`games`] is the one list of the games, and its
//! modules (`games/<game>.rs`) are the only code here that names a game crate.

pub mod bench;
pub mod command_line;
pub mod commands;
pub mod console;
pub mod error;
pub mod full_screen;
pub mod games;
pub mod outcome_text;
pub mod play;
pub mod replay_cmd;
pub mod replay_file;
pub mod seeds;
pub mod sim;

pub use error::CliError;
