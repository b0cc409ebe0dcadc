//! `(becomes-attacker WHO)`: during an attack substep, the characters named become
//! attackers (602.4): any character the attacking player controls that isn't stunned,
//! even one that couldn't legally attack the defender (602.4a). With two or more
//! attackers the attack becomes a team attack and each attacker a team attacker. The
//! defender doesn't enter combat again; the new attacker's "attacks" (and "team
//! attacks") triggers fire.

use crate::verbs::{Compiler, HostState, Tcg};
use crate::vocab::Who;
use crate::wording::who;
use crate::words::{one_who, R};
use crossover_kernel::Seat;
use crossover_sexpr::Sexp;
use crossover_vs_core::Verb;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct BecomesAttacker {
    pub who: Who,
}

impl Verb<Tcg> for BecomesAttacker {
    const WORDS: &'static [&'static str] = &["becomes-attacker"];

    fn compile(c: &mut Compiler<'_>, word: &str, form: &Sexp) -> R<()> {
        let who = one_who(form, word, &mut c.scope)?;
        c.push(BecomesAttacker { who });
        Ok(())
    }

    fn text(&self) -> String {
        let mut s = format!("{} becomes an attacker.", who(&self.who));
        s[..1].make_ascii_uppercase();
        s
    }

    fn run(&self, g: &mut HostState) -> Option<Seat> {
        for c in g.who(&self.who) {
            g.become_attacker(c);
        }
        None
    }
}
