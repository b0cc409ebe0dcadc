//! `(plus-counters WHO AMOUNT)`: put +1/+1 counters on characters (+1/+1 Counters p.21).

use crate::verbs::{Compiler, HostState, Pcg};
use crate::vocab::{Amount, Who};
use crate::wording::counters;
use crate::words::{who_and_amount, E};
use crossover_kernel::Seat;
use crossover_sexpr::Sexp;
use crossover_vs_core::Verb;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct PlusCounters {
    pub who: Who,
    pub n: Amount,
}

impl Verb<Pcg> for PlusCounters {
    const WORDS: &'static [&'static str] = &["plus-counters"];

    fn compile(c: &mut Compiler<'_>, word: &str, form: &Sexp) -> Result<(), E> {
        let (who, n) = who_and_amount(form, word, c.scope)?;
        c.push(PlusCounters { who, n });
        Ok(())
    }

    fn text(&self) -> String {
        counters("+1/+1", &self.n, &self.who)
    }

    fn run(&self, g: &mut HostState) -> Option<Seat> {
        let n = g.how_many(&self.n).max(0) as u8;
        for c in g.who(&self.who) {
            g.add_plus(c, n);
            g.log_line(&mut |g| format!("{} gets {n} +1/+1 counter(s).", g.card_name(c)));
        }
        None
    }
}

#[cfg(all(test, feature = "testkit"))]
mod tests {
    use crate::action::Action;
    use crate::testkit::verb_bench;
    use crossover_kernel::Game;

    /// +1/+1 Counters p.21 and Resolving Effects p.22: each chosen character gets the counters.
    #[test]
    fn plus_counters_puts_counters_on_each_character_it_names() {
        let (mut g, pt, mine, theirs) = verb_bench("(plus-counters (each yours) 2)");
        assert_eq!(
            crate::text::steps(&g.def(pt).effect),
            "Each character you control gets 2 +1/+1 counters."
        );
        g.apply(&Action::PlayPlotTwist { card: pt }).unwrap();
        assert_eq!(g.card(mine).plus(), 2);
        assert_eq!(g.card(g.players()[0].main()).plus(), 2);
        assert_eq!(g.card(theirs).plus(), 0, "not on the enemy's side");
        assert_eq!(g.stats(mine), (4, 4));
    }
}
