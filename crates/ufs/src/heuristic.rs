//! How the computer players judge a position: vitality is the race (A.1), and what
//! plays attacks and pays for checks — cards in hand, momentum, the staging area —
//! is what the race is run with.
//!
//! [`Weights::DEFAULT`] is what the computer players play with; the tuning example
//! (`crates/ufs/examples/tune.rs`) tries others through [`with_weights`].

use crate::state::*;

/// The constants of the judgement, in units of one vitality point.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Weights {
    /// A card in hand: a possible attack, block or foundation.
    pub hand: f64,
    /// A card in momentum: pays for keywords and some abilities.
    pub momentum: f64,
    /// A ready card in the staging area that can be committed to pay for a check.
    pub committable: f64,
    /// Any card in the staging area but the character (ready or not: it readies).
    pub staging: f64,
    /// The share of an attack's damage still to come that counts as already dealt,
    /// before its block is known.
    pub attack: f64,
    /// 0: the value is the share of the two players' scores; above 0: the logistic of
    /// their difference over this scale.
    pub scale: f64,
}

impl Weights {
    pub const DEFAULT: Weights = Weights {
        hand: 0.3,
        momentum: 0.25,
        committable: 0.3,
        staging: 1.0,
        attack: 0.6,
        scale: 3.0,
    };

    /// The names of the fields, in declaration order (for the tuning example).
    pub const NAMES: [&'static str; 6] = [
        "hand",
        "momentum",
        "committable",
        "staging",
        "attack",
        "scale",
    ];

    pub fn to_array(self) -> [f64; 6] {
        [
            self.hand,
            self.momentum,
            self.committable,
            self.staging,
            self.attack,
            self.scale,
        ]
    }

    pub fn from_array(a: [f64; 6]) -> Weights {
        let [hand, momentum, committable, staging, attack, scale] = a;
        Weights {
            hand,
            momentum,
            committable,
            staging,
            attack,
            scale,
        }
    }
}

thread_local! {
    static WEIGHTS: std::cell::Cell<Weights> = const { std::cell::Cell::new(Weights::DEFAULT) };
}

/// Runs `f` with the judgement using `weights` on this thread (for tuning and tests;
/// games for players always use [`Weights::DEFAULT`]).
pub fn with_weights<R>(weights: Weights, f: impl FnOnce() -> R) -> R {
    crossover_kernel::with_thread_value(&WEIGHTS, weights, f)
}

impl GameState {
    /// How good the position is for player `me`, in [0, 1].
    pub fn heuristic(&self, me: u8) -> f64 {
        let w = WEIGHTS.with(std::cell::Cell::get);
        // Damage an attack under way is expected to deal its defender.
        let pending_damage = |p: u8| match &self.attack {
            Some(a) if a.attacker != p => {
                let share = match a.block {
                    BlockStatus::NotBlocked => 1.0,
                    BlockStatus::Partial => 0.5,
                    BlockStatus::Complete => 0.0,
                };
                w.attack * share * f64::from(a.damage.max(0))
            }
            _ => 0.0,
        };
        let score = |p: u8| {
            let pl = self.player(p);
            let staging = pl.staging.iter().filter(|&&c| c != pl.character).count();
            (f64::from(pl.vitality.max(0)) - pending_damage(p)).max(0.0)
                + w.hand * pl.hand.len() as f64
                + w.momentum * pl.momentum.len() as f64
                + w.committable * self.committable(p).len() as f64
                + w.staging * staging as f64
        };
        let (a, b) = (score(me), score(1 - me));
        if w.scale > 0.0 {
            1.0 / (1.0 + (-(a - b) / w.scale).exp())
        } else if a + b <= 0.0 {
            0.5
        } else {
            a / (a + b)
        }
    }
}
