//! Marvel Champions on the command line: its registry entry. Everything comes from
//! its [`Platform`] implementation and the client's defaults.
//!
//! [`Platform`]: crossover_platform::Platform

pub use crossover_mc::{Action, Mc, McSetup};

impl super::CliGame for Mc {}
