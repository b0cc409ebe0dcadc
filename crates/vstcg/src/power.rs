//! A card's powers (500): the effect a plot twist plays, payment powers, triggered
//! powers and continuous powers, as the card file defines them.

use crate::verbs::Step;
use crate::vocab::*;
use crate::words::TargetKind;
use serde::{Deserialize, Serialize};

/// What an effect does: its targets, chosen as it is played (505.1c), and its steps,
/// processed in order as it resolves (508.2b).
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Effect {
    pub targets: Vec<TargetKind>,
    pub steps: Vec<Step>,
    /// 505.3: a step makes a "this attack" modifier, so the effect may be played only
    /// inside an attack substep.
    pub attack_only: bool,
}

/// A cost of a payment power (203.6) or an additional cost (203.9).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum CostItem {
    /// Exhaust this object (500.3a, glossary Activate).
    Activate,
    PayEndurance(u8),
    /// Only in your recruit step (404.2).
    PayResourcePoints(u8),
    /// Stun this character (evasion, 706.5).
    StunThis,
    KoThis,
}

/// When a power may be used, beyond having priority (501.3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Timing {
    /// Any time you have priority.
    Any,
    /// 707.3: backup powers and "use only during the build phase".
    BuildPhase,
    CombatPhase,
    /// "Use only during your attack step" / "play only during your attack step".
    YourAttackStep,
}

/// What a triggered power waits for (502.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Event {
    /// 214.5: this card enters play.
    EntersPlay,
    /// 502.6: this character becomes stunned.
    BecomesStunned,
    /// 602.1d: this character becomes an attacker.
    Attacks,
    /// 602.1g: this character becomes a defender (706.16 energize).
    Defends,
    /// 400.8: at the start of a phase.
    StartOfPhase(PhaseWord),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum PhaseWord {
    Draw,
    Build,
    Combat,
    Recovery,
}

/// Which characters a continuous power modifies.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Affects {
    This,
    Host,
    Each(Filter),
}

/// A continuous power's modifier (503).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Continuous {
    Stats { who: Affects, atk: i8, def: i8 },
    Grant { who: Affects, grant: Grant },
}

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Power {
    /// A plot twist's effect (304.3).
    Play { effect: Effect, timing: Timing },
    /// 501: `costs >>> effect`.
    Payment {
        costs: Vec<CostItem>,
        effect: Effect,
        timing: Timing,
        /// "Use only once per turn" (501.4).
        once_per_turn: bool,
    },
    /// 502.
    Trigger { event: Event, effect: Effect },
    /// 503.
    Continuous(Continuous),
}
