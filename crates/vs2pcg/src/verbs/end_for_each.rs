//! The end of a `for-each-player` loop (`for_each_player.rs` writes it after the loop's
//! steps): on to the next player and back to the loop's first step, or out of the loop.

use crate::verbs::{Compiler, HostState, Pcg};
use crate::words::{err, E};
use crossover_kernel::Seat;
use crossover_sexpr::Sexp;
use crossover_vs_core::Verb;
use serde::{Deserialize, Serialize};

/// The end of a `ForEachPlayer` loop `back` steps before it.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct EndForEach {
    pub back: u8,
}

impl Verb<Pcg> for EndForEach {
    /// Written by `for-each-player`, never on its own.
    const WORDS: &'static [&'static str] = &[];

    fn compile(_c: &mut Compiler<'_>, word: &str, form: &Sexp) -> Result<(), E> {
        err(
            form.pos(),
            format!("`{word}`: the end of a loop is written by `for-each-player` alone"),
        )
    }

    fn text(&self) -> String {
        String::new()
    }

    /// On to the next player and back to the loop's first step, or out of the loop.
    fn run(&self, g: &mut HostState) -> Option<Seat> {
        g.next_loop_player(self.back);
        None
    }
}
