//! The CLI's error type is the platform's: a game's own code (setups, decks, cards)
//! fails with the same usage-or-failure distinction and exit codes.

pub use crossover_platform::Error as CliError;
