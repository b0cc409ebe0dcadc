//! The full-screen terminal client, generic over the game: a game supplies how its
//! board is laid out from one seat's view ([`ClientGame`]); the client does the rest
//! (the decision, the log, help, undo, replays, the hot seat, the new-game menu).
//! Drawing is a pure function of a [`screen::Screen`] — the seat's view of the game
//! plus the client's own state (selection, mode) — so every screen can be tested with
//! ratatui's test backend, without a terminal.
//!
//! Only `games/` names a game crate: each game's layout is its own module there.

pub mod app;
pub mod chips;
pub mod client_game;
pub mod draw;
pub mod form;
pub mod games;
pub mod menu;
pub mod run;
pub mod screen;
pub mod theme;

pub use app::{App, Effect, Key};
pub use client_game::{CardRef, ClientGame, Panel};
pub use screen::{Mode, Screen};
pub use theme::Theme;
