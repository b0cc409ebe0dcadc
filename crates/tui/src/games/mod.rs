//! The games the client knows, each with its board layout in its own module. The only
//! place in this crate that names a game crate (a test in `tests/no_game_outside.rs`
//! keeps it so).

pub mod mc;
pub mod ufs;
pub mod vs2pcg;
pub mod vstcg;

/// The toy game has no layout of its own: its board is its text rendering.
impl crate::ClientGame for crossover_toy::Toy {}
