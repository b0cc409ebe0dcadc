//! `(return-to-hand WHO)`: Return to its owner's hand characters (213.1e).

use crate::verbs::{Compiler, HostState, Tcg};
use crate::vocab::Who;
use crate::wording::who;
use crate::words::{one_who, R};
use crossover_kernel::Seat;
use crossover_sexpr::Sexp;
use crossover_vs_core::Verb;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ReturnToHand {
    pub who: Who,
}

impl Verb<Tcg> for ReturnToHand {
    const WORDS: &'static [&'static str] = &["return-to-hand"];

    fn compile(c: &mut Compiler<'_>, word: &str, form: &Sexp) -> R<()> {
        let who = one_who(form, word, &mut c.scope)?;
        c.push(ReturnToHand { who });
        Ok(())
    }

    fn text(&self) -> String {
        format!("Return {} to its owner's hand.", who(&self.who))
    }

    fn run(&self, g: &mut HostState) -> Option<Seat> {
        for c in g.who(&self.who) {
            g.return_to_hand(c);
        }
        None
    }
}
