//! `(double-minus-counters WHO)`: each character gets as many more -1/-1 counters as it
//! has (+1/+1 and -1/-1 counters p.13: they are put on at once, so a character with 2
//! ends with 4; one with none gets none).

use crate::verbs::{Compiler, HostState, Pcg};
use crate::vocab::Who;
use crate::wording::{capitalise, who};
use crate::words::{one_who, E};
use crossover_kernel::Seat;
use crossover_sexpr::Sexp;
use crossover_vs_core::Verb;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct DoubleMinusCounters {
    pub who: Who,
}

impl Verb<Pcg> for DoubleMinusCounters {
    const WORDS: &'static [&'static str] = &["double-minus-counters"];

    fn compile(c: &mut Compiler<'_>, word: &str, form: &Sexp) -> Result<(), E> {
        let who = one_who(form, word, c.scope)?;
        c.push(DoubleMinusCounters { who });
        Ok(())
    }

    fn text(&self) -> String {
        format!(
            "{} gets as many more -1/-1 counters as it has.",
            capitalise(&who(&self.who))
        )
    }

    fn run(&self, g: &mut HostState) -> Option<Seat> {
        let src = g.source();
        // Every count is read first: the counters of all of them double at once.
        let now: Vec<_> = g
            .who(&self.who)
            .into_iter()
            .map(|c| (c, g.minus_counters_on(c)))
            .filter(|&(_, n)| n > 0)
            .collect();
        for (c, n) in now {
            g.log_line(&mut |g| format!("{} gets {n} more -1/-1 counters.", g.card_name(c)));
            g.add_minus(c, n, Some(src));
        }
        None
    }
}

#[cfg(all(test, feature = "testkit"))]
mod tests {
    use crate::action::Action;
    use crate::testkit::verb_bench;
    use crossover_kernel::Game;

    /// +1/+1 and -1/-1 counters p.13: one -1/-1 counter becomes two; none stays none.
    #[test]
    fn double_minus_counters_does_what_the_rulebook_says() {
        let (mut g, pt, mine, theirs) = verb_bench(
            "(choose 0 (enemy supporting character)) (minus-counters (chosen 0) 1) \
             (double-minus-counters (each supporting))",
        );
        let text = crate::text::steps(&g.def(pt).effect);
        assert!(
            text.ends_with("Each supporting character gets as many more -1/-1 counters as it has."),
            "{text}"
        );
        // Bo's 2/2 is the only enemy supporting character: chosen without asking.
        g.apply(&Action::PlayPlotTwist { card: pt }).unwrap();
        // Two -1/-1 counters bring Bo's 2/2 to DEF 0: stunned, and KO'd by its wound.
        assert_eq!(g.card(theirs).zone(), crate::ids::Zone::KoPile);
        assert_eq!(g.card(mine).minus(), 0);
    }
}
