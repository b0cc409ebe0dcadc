//! The Vs. System core: what Vs. System 2PCG (`crossover-vs2pcg`) and the Vs. System TCG
//! (`crossover-vstcg`, issue 34) share.
//!
//! Today it owns the card-language verb mechanism ([`verb`]): a verb of the card language
//! (`stun`, `draw`, `plus-counters`) is one type in one file that knows how it is written
//! in a card file, the text players read, how it runs and which choices it asks, and a
//! game's step enum is generated from one list of verbs by [`verbs!`]. It also owns the
//! priority window ([`priority`]): the TCG's passing in succession over the chain and
//! 2PCG's reaction powers, its restricted form. The vocabulary the two games share
//! (filters, amounts, conditions, durations), the atoms and triggers move here as the TCG
//! engine is written on them (docs/ARCHITECTURE.md says what is here and what is still in
//! the 2PCG crate).

pub mod priority;
pub mod verb;

pub use priority::PriorityWindow;
pub use verb::{Engine, Verb};

#[doc(hidden)]
pub use crossover_kernel::Seat as __Seat;
#[doc(hidden)]
pub use crossover_sexpr::Sexp as __Sexp;
