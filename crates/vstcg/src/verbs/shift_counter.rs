//! `(shift-counter)`: the card the power is on, if it is still shifted, gets a shift
//! counter (706.18; none past its cost, 706.18b). Shift's second power.

use crate::verbs::{Compiler, HostState, Tcg};
use crate::words::{err, R};
use crossover_kernel::Seat;
use crossover_sexpr::Sexp;
use crossover_vs_core::Verb;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ShiftCounter;

impl Verb<Tcg> for ShiftCounter {
    const WORDS: &'static [&'static str] = &["shift-counter"];

    fn compile(c: &mut Compiler<'_>, word: &str, form: &Sexp) -> R<()> {
        if !form.args().is_empty() {
            return err(form.pos(), format!("write `({word})`"));
        }
        c.push(ShiftCounter);
        Ok(())
    }

    fn text(&self) -> String {
        "Put a shift counter on this card.".into()
    }

    fn run(&self, g: &mut HostState) -> Option<Seat> {
        g.add_shift_counter();
        None
    }
}
