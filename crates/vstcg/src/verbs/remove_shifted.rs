//! `(remove-shifted N)`: the card the power is on, still in its owner's hand, is removed
//! from the game shifted with N shift counters (706.18; no more than its cost, 706.18b).
//! Shift's first power, one per amount paid.

use crate::verbs::{Compiler, HostState, Tcg};
use crate::words::{err, R};
use crossover_kernel::Seat;
use crossover_sexpr::Sexp;
use crossover_vs_core::Verb;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct RemoveShifted {
    pub n: u8,
}

impl Verb<Tcg> for RemoveShifted {
    const WORDS: &'static [&'static str] = &["remove-shifted"];

    fn compile(c: &mut Compiler<'_>, word: &str, form: &Sexp) -> R<()> {
        let n = match form.args() {
            [n] => match n.as_int() {
                Some(v) if (1..=20).contains(&v) => v as u8,
                _ => return err(n.pos(), "N is a number of shift counters from 1 to 20"),
            },
            _ => return err(form.pos(), format!("write `({word} N)`")),
        };
        c.push(RemoveShifted { n });
        Ok(())
    }

    fn text(&self) -> String {
        let s = if self.n == 1 { "" } else { "s" };
        format!(
            "Remove this card from the game shifted with {} shift counter{s}.",
            self.n
        )
    }

    fn run(&self, g: &mut HostState) -> Option<Seat> {
        let done = g.remove_shifted(self.n);
        g.set_did(done);
        None
    }
}
