//! `(becomes-defender WHO)`: during an attack substep, the character named becomes the
//! defender (602.5): any character the defending player controls that isn't stunned,
//! even one that couldn't legally be attacked (602.5a); the other defender is removed
//! from the attack. The attackers don't enter combat again; its "defends" triggers
//! fire.

use crate::verbs::{Compiler, HostState, Tcg};
use crate::vocab::Who;
use crate::wording::who;
use crate::words::{one_who, R};
use crossover_kernel::Seat;
use crossover_sexpr::Sexp;
use crossover_vs_core::Verb;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct BecomesDefender {
    pub who: Who,
}

impl Verb<Tcg> for BecomesDefender {
    const WORDS: &'static [&'static str] = &["becomes-defender"];

    fn compile(c: &mut Compiler<'_>, word: &str, form: &Sexp) -> R<()> {
        let who = one_who(form, word, &mut c.scope)?;
        c.push(BecomesDefender { who });
        Ok(())
    }

    fn text(&self) -> String {
        let mut s = format!("{} becomes the defender.", who(&self.who));
        s[..1].make_ascii_uppercase();
        s
    }

    fn run(&self, g: &mut HostState) -> Option<Seat> {
        // One defender: the first character named.
        if let Some(&c) = g.who(&self.who).first() {
            g.become_defender(c);
        }
        None
    }
}
