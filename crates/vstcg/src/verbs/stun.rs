//! `(stun WHO)`: Stun characters (708.11).

use crate::verbs::{Compiler, HostState, Tcg};
use crate::vocab::Who;
use crate::wording::who;
use crate::words::{one_who, R};
use crossover_kernel::Seat;
use crossover_sexpr::Sexp;
use crossover_vs_core::Verb;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Stun {
    pub who: Who,
}

impl Verb<Tcg> for Stun {
    const WORDS: &'static [&'static str] = &["stun"];

    fn compile(c: &mut Compiler<'_>, word: &str, form: &Sexp) -> R<()> {
        let who = one_who(form, word, &mut c.scope)?;
        c.push(Stun { who });
        Ok(())
    }

    fn text(&self) -> String {
        format!("Stun {}.", who(&self.who))
    }

    fn run(&self, g: &mut HostState) -> Option<Seat> {
        for c in g.who(&self.who) {
            g.stun(c);
        }
        None
    }
}
