//! `(otherwise N)`: the next N steps apply only if the "if" clause before didn't
//! (508.2f: an "otherwise" clause).

use crate::verbs::{Compiler, HostState, Step, Tcg};
use crate::words::{err, R};
use crossover_kernel::Seat;
use crossover_sexpr::Sexp;
use crossover_vs_core::Verb;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Otherwise {
    pub skip: u8,
}

impl Verb<Tcg> for Otherwise {
    const WORDS: &'static [&'static str] = &["otherwise"];

    fn compile(c: &mut Compiler<'_>, _word: &str, form: &Sexp) -> R<()> {
        let [n] = form.args() else {
            return err(
                form.pos(),
                "write `(otherwise N)`: the next N steps apply if the \"if\" didn't",
            );
        };
        let skip = match n.as_int() {
            Some(v) if (1..=20).contains(&v) => v as u8,
            _ => {
                return err(
                    n.pos(),
                    "N is how many of the following steps it covers (1 to 20)",
                )
            }
        };
        // The "if" clause it answers: `(if ... K)` followed by exactly its K steps.
        let answers_an_if =
            c.out.iter().enumerate().rev().any(
                |(i, s)| matches!(s, Step::IfClause(f) if i + 1 + f.skip as usize == c.out.len()),
            );
        if !answers_an_if {
            return err(
                form.pos(),
                "`otherwise` comes right after the steps of an `if` or `if-you-do` clause (508.2f)",
            );
        }
        c.push(Otherwise { skip });
        Ok(())
    }

    fn text(&self) -> String {
        if self.skip == 1 {
            "Otherwise (the next step):".to_string()
        } else {
            format!("Otherwise (the next {} steps):", self.skip)
        }
    }

    fn run(&self, g: &mut HostState) -> Option<Seat> {
        if g.condition() {
            g.skip_steps(self.skip);
        }
        None
    }
}
