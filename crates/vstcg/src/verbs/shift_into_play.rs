//! `(shift-into-play)`: the card the power is on, if it is still shifted and you control
//! as many resources as its cost, is shifted into play (706.18): the uniqueness rule
//! first (706.18c, 704.1), then it enters play in an empty position you choose (214.3a).
//! Shift's third power.

use crate::action::Action;
use crate::verbs::{Compiler, HostState, Tcg};
use crate::words::{err, R};
use crossover_kernel::Seat;
use crossover_sexpr::Sexp;
use crossover_vs_core::Verb;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ShiftIntoPlay;

impl Verb<Tcg> for ShiftIntoPlay {
    const WORDS: &'static [&'static str] = &["shift-into-play"];

    fn compile(c: &mut Compiler<'_>, word: &str, form: &Sexp) -> R<()> {
        if !form.args().is_empty() {
            return err(form.pos(), format!("write `({word})`"));
        }
        c.push(ShiftIntoPlay);
        Ok(())
    }

    fn text(&self) -> String {
        "Shift this card into play if you control as many resources as its cost.".into()
    }

    fn run(&self, g: &mut HostState) -> Option<Seat> {
        let card = g.shiftable_source();
        super::into_play_run(g, card)
    }

    fn options(&self, g: &HostState) -> Vec<Action> {
        super::into_play_options(g, g.shiftable_source())
    }

    fn answer(&self, g: &mut HostState, a: &Action) -> bool {
        let card = g.shiftable_source();
        super::into_play_answer(g, card, a)
    }

    fn prompt(&self, _g: &HostState) -> Option<String> {
        Some("choose where the shifted character enters play".into())
    }
}
