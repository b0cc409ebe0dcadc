//! Played abilities (H.1, H.2): the typed tree a card's abilities compile to. Each
//! ability is a type (enhance, form), a cost (H.4) and an immediate effect (H.1.7),
//! whose steps are executed in order (J.1.2). The card language that writes them is in
//! `cardfile.rs`; the text players read is generated from them (`text.rs`).

use crate::model::Keyword;
use serde::{Deserialize, Serialize};

/// One played ability on a card.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Ability {
    pub kind: AbilityKind,
    /// H.3.3.1: "Only playable (condition)".
    pub only_playable: Option<Condition>,
    /// H.4: every part must be paid, in order, or the ability can't be played.
    pub cost: Vec<Cost>,
    pub effect: Vec<Effect>,
}

/// H.2: the type designator.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum AbilityKind {
    /// H.2.1: "E", played in the Enhance Step.
    Enhance,
}

/// H.4: costs.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Cost {
    /// H.4.1.1: "Commit" — commit this card.
    Commit,
    /// H.4.1.2: "Destroy" — this card goes from the staging area to the discard pile.
    Destroy,
    /// "Discard N momentum" (D.4.2.3: momentum is face down and alike, so which cards
    /// go makes no difference).
    DiscardMomentum(u8),
    /// "Discard N cards" from hand, the player's choice (K.2.1).
    Discard(u8),
}

/// Whose: the player the ability belongs to, their opponent, or each of them (in
/// turn order, the active player first).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Who {
    You,
    Opponent,
    Each,
}

impl Who {
    pub const ALL: [Who; 3] = [Who::You, Who::Opponent, Who::Each];

    /// The word in the card language.
    pub fn word(self) -> &'static str {
        match self {
            Who::You => "you",
            Who::Opponent => "opponent",
            Who::Each => "each-player",
        }
    }

    /// The subject in generated card text.
    pub fn subject(self) -> &'static str {
        match self {
            Who::You => "You",
            Who::Opponent => "Your opponent",
            Who::Each => "Each player",
        }
    }
}

/// A number an effect uses (J.4): printed, or read from the game when the step is
/// executed.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Amount {
    N(u8),
    /// The number of cards in the player's momentum.
    Momentum(Who),
    /// Your character's hand size (B.1.2).
    HandSize,
}

/// A bonus (+) or penalty (−) of an amount.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Change {
    pub minus: bool,
    pub amount: Amount,
}

impl Change {
    pub const NONE: Change = Change {
        minus: false,
        amount: Amount::N(0),
    };
}

/// Which attack an effect changes (K.3.4).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum AttackRef {
    /// "This attack": the current attack, whoever's it is (K.3.4).
    This,
    /// "Your [trait] attack": the current attack, only if it is yours and has the trait
    /// (K.3.4.1).
    Yours(Option<Keyword>),
}

/// Conditions of "if" steps and "only playable" restrictions.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Condition {
    /// The current attack's damage is below N (read when the step is executed).
    DamageBelow(i8),
    /// The current attack is yours and has this resource symbol.
    YourAttackHasSymbol(crate::model::Symbol),
}

/// J.1: one instruction of an effect; each is one step.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Effect {
    /// "(Attack) gets +S speed and +D damage" (a bonus or penalty, K.3.6).
    Gets {
        attack: AttackRef,
        speed: i8,
        damage: Change,
    },
    Draw(Who, Amount),
    /// "Discards N random cards" from hand (K.2.3: random overrides the choice).
    DiscardRandom(Who, Amount),
    /// "Discards N momentum" (random: momentum is alike, D.4.2.3).
    DiscardMomentum(Who, Amount),
    GainVitality(Who, Amount),
    LoseVitality(Who, Amount),
    /// "If (condition), (steps)", checked when the step is executed.
    If(Condition, Vec<Effect>),
    /// "If this attack deals damage, (steps)" (or "your attack"): a fired effect
    /// assigned to the current attack (J.3.2) that waits for the Damage Step (G.3).
    IfDealsDamage {
        yours_only: bool,
        then: Vec<Effect>,
    },
}

impl Ability {
    /// Whether the cost commits or destroys the card the ability is on.
    pub fn uses_its_card(&self) -> bool {
        self.cost
            .iter()
            .any(|c| matches!(c, Cost::Commit | Cost::Destroy))
    }
}
