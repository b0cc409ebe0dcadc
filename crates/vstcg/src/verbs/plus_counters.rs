//! `(plus-counters WHO N)`: put N +1/+1 counters on characters (215).

use crate::verbs::{Compiler, HostState, Tcg};
use crate::vocab::{Amount, Who};
use crate::wording::{amount, who};
use crate::words::{err, parse_amount, parse_who, R};
use crossover_kernel::Seat;
use crossover_sexpr::Sexp;
use crossover_vs_core::Verb;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct PlusCounters {
    pub who: Who,
    pub n: Amount,
}

impl Verb<Tcg> for PlusCounters {
    const WORDS: &'static [&'static str] = &["plus-counters"];

    fn compile(c: &mut Compiler<'_>, _word: &str, form: &Sexp) -> R<()> {
        let [w, n] = form.args() else {
            return err(form.pos(), "write `(plus-counters WHO N)`");
        };
        let who = parse_who(w, &mut c.scope)?;
        let n = parse_amount(n, &mut c.scope)?;
        c.push(PlusCounters { who, n });
        Ok(())
    }

    fn text(&self) -> String {
        let n = amount(&self.n);
        let counters = if n == "1" { "counter" } else { "counters" };
        format!("Put {n} +1/+1 {counters} on {}.", who(&self.who))
    }

    fn run(&self, g: &mut HostState) -> Option<Seat> {
        let n = g.amount(&self.n).clamp(0, 99) as u8;
        for c in g.who(&self.who) {
            g.add_plus_counters(c, n);
        }
        None
    }
}
