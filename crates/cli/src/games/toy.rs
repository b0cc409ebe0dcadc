//! The toy game on the command line: everything comes from its [`Platform`]
//! implementation; it has no full-screen client yet.
//!
//! [`Platform`]: crossover_platform::Platform

pub use crossover_toy::{Toy, ToyAction, ToySetup};

impl super::CliGame for Toy {}
