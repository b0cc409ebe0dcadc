//! `(hold WHO)`: an exhaust-and-hold modifier (513.6a): the characters named (the
//! captives) can't ready while the card the effect is from (the captor) remains
//! exhausted. It is made only if the captor is exhausted in play as the step runs, and
//! ends as the captor readies or leaves play; a captor turned face down still holds
//! (513.6c). In the wrap-up the captor's controller chooses whether to ready it, and its
//! captives ready with it (513.6b, 513.6d); captors holding each other ready only once
//! one of them has left play (513.6e).

use crate::verbs::{Compiler, HostState, Tcg};
use crate::vocab::Who;
use crate::wording::who;
use crate::words::{one_who, R};
use crossover_kernel::Seat;
use crossover_sexpr::Sexp;
use crossover_vs_core::Verb;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Hold {
    pub who: Who,
}

impl Verb<Tcg> for Hold {
    const WORDS: &'static [&'static str] = &["hold"];

    fn compile(c: &mut Compiler<'_>, word: &str, form: &Sexp) -> R<()> {
        let who = one_who(form, word, &mut c.scope)?;
        c.push(Hold { who });
        Ok(())
    }

    fn text(&self) -> String {
        let mut s = format!(
            "{} can't ready while this card remains exhausted.",
            who(&self.who)
        );
        s[..1].make_ascii_uppercase();
        s
    }

    fn run(&self, g: &mut HostState) -> Option<Seat> {
        for c in g.who(&self.who) {
            g.hold_captive(c);
        }
        None
    }
}
