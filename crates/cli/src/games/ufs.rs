//! Universal Fighting System on the command line: its registry entry. Everything comes
//! from its [`Platform`] implementation and the client's defaults (its board is its
//! text rendering for now).
//!
//! [`Platform`]: crossover_platform::Platform

pub use crossover_ufs::Ufs;

impl super::CliGame for Ufs {}
