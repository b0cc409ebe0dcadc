//! The small types every module names: card and definition ids, rows and zones. This is
//! the lowest module of the crate (it names no other), so that the card model, the card
//! database and the game state can all use them without depending on each other.

use serde::{Deserialize, Serialize};

/// Index of a physical card in the game state's list of cards; stable for the whole game.
pub type CardId = u16;
/// Index of a card definition in the card database.
pub type DefId = u16;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Row {
    Front,
    Back,
}

impl Row {
    pub fn other(self) -> Row {
        match self {
            Row::Front => Row::Back,
            Row::Back => Row::Front,
        }
    }
    pub fn name(self) -> &'static str {
        match self {
            Row::Front => "front row",
            Row::Back => "back row",
        }
    }
}

/// The five zones of Basic Game Concepts (p.7), with Play split into its rows, and the
/// places outside the game (set-aside levels, equipment attached to a character).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Zone {
    Deck,
    Hand,
    KoPile,
    Front,
    Back,
    Resources,
    /// Equipment attached to a character (in play).
    Attached,
    Removed,
    /// Level 2/3 versions set aside, visible to all (Setting Up the Game p.8).
    SetAside,
    /// The Facehugger pile: out of play, private (Facehuggers and Capturing Characters p.24).
    FacehuggerPile,
}

impl Zone {
    pub fn in_play(self) -> bool {
        matches!(
            self,
            Zone::Front | Zone::Back | Zone::Resources | Zone::Attached
        )
    }
    pub fn row(self) -> Option<Row> {
        match self {
            Zone::Front => Some(Row::Front),
            Zone::Back => Some(Row::Back),
            _ => None,
        }
    }
    pub fn of_row(row: Row) -> Zone {
        match row {
            Row::Front => Zone::Front,
            Row::Back => Zone::Back,
        }
    }
}
