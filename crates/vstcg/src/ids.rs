//! The small names everything else uses: cards, positions, rows and areas (213.5, 705).

use serde::{Deserialize, Serialize};
use std::fmt;

/// A physical card of this game, for the whole game: an index into the state's cards.
/// Which *object* it is (213.1c: a card that changes zones is a new one) is the card's
/// `object` serial, not this id.
#[derive(
    Debug, Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
pub struct CardId(pub u16);

impl fmt::Display for CardId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "#{}", self.0)
    }
}

/// A player, by seat (0-based, clockwise).
pub type PlayerId = u8;

/// The two areas of a player's side of the in-play zone (213.5c).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Area {
    Visible,
    Hidden,
}

impl Area {
    pub fn name(self) -> &'static str {
        match self {
            Area::Visible => "visible",
            Area::Hidden => "hidden",
        }
    }
}

/// The character rows (213.5d); the resource row is kept apart, in order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Row {
    Front,
    Support,
}

impl Row {
    pub fn name(self) -> &'static str {
        match self {
            Row::Front => "front",
            Row::Support => "support",
        }
    }

    pub fn other(self) -> Row {
        match self {
            Row::Front => Row::Support,
            Row::Support => Row::Front,
        }
    }
}

/// Columns are unbounded in the rules (705.1); we keep them in a range no real
/// formation needs to leave, so a position always fits in a byte.
pub const MAX_COLUMN: i8 = 40;

/// A character's position: its area, row and column (705.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Position {
    pub area: Area,
    pub row: Row,
    pub col: i8,
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} {} row, column {}",
            self.area.name(),
            self.row.name(),
            self.col
        )
    }
}

/// Whom an attack is against (601.1b).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Defender {
    Character(CardId),
    /// A direct attack on a player (600.3).
    Player(PlayerId),
}

/// A card or player chosen as a target (504.3), with the object it was.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum TargetRef {
    Card(CardId, u32),
    Player(PlayerId),
    /// An effect on the chain, by its id.
    Effect(u32),
}
