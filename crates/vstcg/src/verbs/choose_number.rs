//! `(choose-number [MAX])`: the effect's controller chooses a number as the effect
//! resolves; `chosen-number` reads it in the steps after. A number is a whole number, 0
//! or more: never negative, fractional or infinite (Glossary: Number, 703.2). The rules
//! set no upper end; the engine offers 0 to MAX (20 unless the card says, a reading in
//! docs/rulings.md).

use crate::action::Action;
use crate::verbs::{Compiler, HostState, Tcg};
use crate::words::{err, R};
use crossover_kernel::Seat;
use crossover_sexpr::Sexp;
use crossover_vs_core::Verb;
use serde::{Deserialize, Serialize};

/// The highest number offered when the card names none.
pub const DEFAULT_MAX: u16 = 20;

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ChooseNumber {
    pub max: u16,
}

impl Verb<Tcg> for ChooseNumber {
    const WORDS: &'static [&'static str] = &["choose-number"];

    fn compile(c: &mut Compiler<'_>, _word: &str, form: &Sexp) -> R<()> {
        let max = match form.args() {
            [] => DEFAULT_MAX,
            [n] => match n.as_int() {
                Some(v) if (0..=99).contains(&v) => v as u16,
                _ => return err(n.pos(), "the highest number offered: 0 to 99"),
            },
            _ => return err(form.pos(), "write `(choose-number [MAX])`"),
        };
        c.push(ChooseNumber { max });
        Ok(())
    }

    fn text(&self) -> String {
        if self.max == DEFAULT_MAX {
            "Choose a number.".into()
        } else {
            format!("Choose a number from 0 to {}.", self.max)
        }
    }

    fn run(&self, g: &mut HostState) -> Option<Seat> {
        Some(g.controller() as Seat)
    }

    fn options(&self, _g: &HostState) -> Vec<Action> {
        (0..=self.max).map(Action::Number).collect()
    }

    fn answer(&self, g: &mut HostState, a: &Action) -> bool {
        match a {
            Action::Number(n) if *n <= self.max => {
                g.choose_number(*n);
                g.next_step();
                true
            }
            _ => false,
        }
    }

    fn prompt(&self, _g: &HostState) -> Option<String> {
        Some("choose a number".into())
    }
}
