//! `(minus-counters WHO AMOUNT)`: put -1/-1 counters on characters (+1/+1 Counters p.21:
//! a +1/+1 and a -1/-1 counter on one character cancel; a character whose DEF falls to 0
//! is stunned by the effect's source).

use crate::verbs::{Compiler, HostState, Pcg};
use crate::vocab::{Amount, Who};
use crate::wording::counters;
use crate::words::{who_and_amount, E};
use crossover_kernel::Seat;
use crossover_sexpr::Sexp;
use crossover_vs_core::Verb;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct MinusCounters {
    pub who: Who,
    pub n: Amount,
}

impl Verb<Pcg> for MinusCounters {
    const WORDS: &'static [&'static str] = &["minus-counters"];

    fn compile(c: &mut Compiler<'_>, word: &str, form: &Sexp) -> Result<(), E> {
        let (who, n) = who_and_amount(form, word, c.scope)?;
        c.push(MinusCounters { who, n });
        Ok(())
    }

    fn text(&self) -> String {
        counters("-1/-1", &self.n, &self.who)
    }

    fn run(&self, g: &mut HostState) -> Option<Seat> {
        let n = g.how_many(&self.n).max(0) as u8;
        let source = g.source();
        for c in g.who(&self.who) {
            g.log_line(&mut |g| format!("{} gets {n} -1/-1 counter(s).", g.card_name(c)));
            g.add_minus(c, n, Some(source));
        }
        None
    }
}

#[cfg(all(test, feature = "testkit"))]
mod tests {
    use crate::action::Action;
    use crate::testkit::verb_bench;
    use crossover_kernel::Game;

    /// +1/+1 Counters p.21: -1/-1 counters lower ATK and DEF; at DEF 0 a character is stunned.
    #[test]
    fn minus_counters_weaken_and_at_def_0_stun() {
        let (mut g, pt, mine, theirs) =
            verb_bench("(choose 0 (enemy supporting character)) (minus-counters (chosen 0) 2)");
        assert_eq!(
            crate::text::steps(&g.def(pt).effect),
            "Choose an enemy supporting character. That character gets 2 -1/-1 counters."
        );
        g.apply(&Action::PlayPlotTwist { card: pt }).unwrap();
        assert_eq!(
            g.card(theirs).zone(),
            crate::ids::Zone::KoPile,
            "at DEF 0 the 2/2 is stunned by the effect, and a stunned supporting character is KO'd"
        );
        assert!(!g.is_stunned(mine));
    }
}
