//! The Vs. System TCG on the command line: its registry entry. Everything comes from
//! its [`Platform`] implementation and the client's defaults (its board is its text
//! rendering for now).
//!
//! [`Platform`]: crossover_platform::Platform

pub use crossover_vstcg::VsTcg;

impl super::CliGame for VsTcg {}
