//! The toy game on the command line: its registry entry. Everything comes from its
//! [`Platform`] implementation and the client's defaults (its board is its text
//! rendering).
//!
//! [`Platform`]: crossover_platform::Platform

pub use crossover_toy::{Toy, ToyAction, ToySetup};

impl super::CliGame for Toy {}
