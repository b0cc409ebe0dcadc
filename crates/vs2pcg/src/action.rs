//! Every answer a player can give to a pending decision.

use crate::ids::{CardId, DefId, Row};
use crossover_kernel::Seat;
use serde::{Deserialize, Serialize};

/// How one symbol of a Super Power's cost is paid (Super Powers p.18).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Pay {
    /// Turn a face-up location in your resource row face down.
    Flip(CardId),
    /// Discard a location from your hand (grants Amplify).
    Discard(CardId),
}

impl Pay {
    pub fn card(self) -> CardId {
        match self {
            Pay::Flip(c) | Pay::Discard(c) => c,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Action {
    /// Setup: the randomly chosen player goes first (`true`) or second.
    GoFirst(bool),
    /// Setup: put your level 1 main character in this row.
    PlaceMain(Row),
    /// Setup: mulligan (`true`) or keep.
    Mulligan(bool),
    /// Resource Step: put a card from hand into your resource row (face up only for a location).
    PlayResource {
        card: CardId,
        face_up: bool,
    },
    /// Recruit Step: recruit a supporting character from hand into a row.
    Recruit {
        card: CardId,
        row: Row,
    },
    /// Recruit Step: play an equipment onto a character on your side.
    PlayEquipment {
        card: CardId,
        on: CardId,
    },
    PlayPlotTwist {
        card: CardId,
    },
    /// Use a Super Power of a card, paying its cost this way.
    UsePower {
        card: CardId,
        power: u8,
        payment: Vec<Pay>,
    },
    /// Discard a card to Power-Up a face-up character with the same name (p.24).
    PowerUp {
        discard: CardId,
        target: CardId,
    },
    /// Formation Step or Mobile: move a character to a row.
    Move {
        card: CardId,
        row: Row,
    },
    /// Main Phase: begin declaring an attack with this character.
    Attack {
        attacker: CardId,
    },
    /// While declaring: add a teammate in the same row to make a team attack.
    AddAttacker {
        card: CardId,
    },
    /// While declaring: attack this defender.
    Defender {
        card: CardId,
    },
    /// Team attack: the defender strikes back against this attacker.
    StrikeBackAt {
        card: CardId,
    },
    /// Choose a character for the resolving effect.
    Choose {
        card: CardId,
    },
    ChoosePlayer {
        seat: Seat,
    },
    ChooseRow {
        row: Row,
    },
    /// Name a card (the name of this card definition), for "name any card".
    ChooseName {
        def: DefId,
    },
    /// Put the n-th queued trigger into resolution first.
    OrderTrigger {
        index: u8,
    },
    Yes,
    No,
    /// Finish a step, pass in a combat window, or stop choosing ("up to").
    Pass,
}

impl Action {
    /// Every card this action names (payments included), legal or not: what must exist
    /// before an action read from outside can be looked at.
    pub fn cards(&self) -> Vec<CardId> {
        match self {
            Action::GoFirst(_)
            | Action::PlaceMain(_)
            | Action::Mulligan(_)
            | Action::ChoosePlayer { .. }
            | Action::ChooseRow { .. }
            | Action::ChooseName { .. }
            | Action::OrderTrigger { .. }
            | Action::Yes
            | Action::No
            | Action::Pass => vec![],
            Action::PlayResource { card, .. }
            | Action::Recruit { card, .. }
            | Action::PlayPlotTwist { card }
            | Action::Move { card, .. }
            | Action::AddAttacker { card }
            | Action::Defender { card }
            | Action::StrikeBackAt { card }
            | Action::Choose { card }
            | Action::Attack { attacker: card } => vec![*card],
            Action::PlayEquipment { card, on } => vec![*card, *on],
            Action::PowerUp { discard, target } => vec![*discard, *target],
            Action::UsePower { card, payment, .. } => std::iter::once(*card)
                .chain(payment.iter().map(|p| p.card()))
                .collect(),
        }
    }
}
