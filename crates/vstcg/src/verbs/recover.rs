//! `(recover WHO)`: Recover characters (708.6).

use crate::verbs::{Compiler, HostState, Tcg};
use crate::vocab::Who;
use crate::wording::who;
use crate::words::{one_who, R};
use crossover_kernel::Seat;
use crossover_sexpr::Sexp;
use crossover_vs_core::Verb;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Recover {
    pub who: Who,
}

impl Verb<Tcg> for Recover {
    const WORDS: &'static [&'static str] = &["recover"];

    fn compile(c: &mut Compiler<'_>, word: &str, form: &Sexp) -> R<()> {
        let who = one_who(form, word, &mut c.scope)?;
        c.push(Recover { who });
        Ok(())
    }

    fn text(&self) -> String {
        format!("Recover {}.", who(&self.who))
    }

    fn run(&self, g: &mut HostState) -> Option<Seat> {
        for c in g.who(&self.who) {
            g.recover(c);
        }
        None
    }
}
