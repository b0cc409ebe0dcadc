//! The game-generic parts of the `crossover` binary. Every subcommand is written once
//! for any [`crossover_kernel::Game`]; `main.rs` only parses the command line and
//! picks the concrete game.

pub mod bench;
pub mod console;
pub mod error;
pub mod full_screen;
pub mod outcome_text;
pub mod play;
pub mod replay_cmd;
pub mod replay_file;
pub mod seeds;
pub mod sim;

pub use error::CliError;
