//! The full-screen terminal client (issue 6, in progress): what a 2PCG game looks like
//! on screen. Drawing is a pure function of a [`screen::Screen`] — the seat's view of
//! the game plus the client's own state (selection, mode) — so every screen can be
//! tested with ratatui's test backend, without a terminal.

pub mod app;
pub mod draw;
pub mod menu;
pub mod run;
pub mod screen;

pub use app::{App, Effect, Key};
pub use screen::{Mode, Screen};
