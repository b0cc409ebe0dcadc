//! `(remove-plus-counters WHO)`: take every +1/+1 counter off characters (+1/+1 Counters
//! p.21); how many came off is kept for `that-many`.

use crate::verbs::{Compiler, HostState, Pcg};
use crate::vocab::Who;
use crate::wording::who;
use crate::words::{one_who, E};
use crossover_kernel::Seat;
use crossover_sexpr::Sexp;
use crossover_vs_core::Verb;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct RemovePlusCounters {
    pub who: Who,
}

impl Verb<Pcg> for RemovePlusCounters {
    const WORDS: &'static [&'static str] = &["remove-plus-counters"];

    fn compile(c: &mut Compiler<'_>, word: &str, form: &Sexp) -> Result<(), E> {
        let who = one_who(form, word, c.scope)?;
        c.scope.last_count = true;
        c.push(RemovePlusCounters { who });
        Ok(())
    }

    fn text(&self) -> String {
        format!("Remove each +1/+1 counter from {}.", who(&self.who))
    }

    fn run(&self, g: &mut HostState) -> Option<Seat> {
        let mut total = 0;
        for c in g.who(&self.who) {
            total += g.remove_plus_counters(c) as i32;
        }
        g.keep_count(total);
        None
    }
}

#[cfg(all(test, feature = "testkit"))]
mod tests {
    use crate::action::Action;
    use crate::testkit::verb_bench;
    use crossover_kernel::Game;

    /// +1/+1 Counters p.21: the counters come off, and `last-count` counts them.
    #[test]
    fn remove_plus_counters_does_what_the_rulebook_says() {
        let (mut g, pt, mine, theirs) = verb_bench(
            "(choose 0 (yours supporting character)) (plus-counters (chosen 0) 2) \
             (remove-plus-counters (chosen 0)) (choose 1 (enemy supporting character)) \
             (plus-counters (chosen 1) last-count)",
        );
        let text = crate::text::steps(&g.def(pt).effect);
        assert!(
            text.contains("Remove each +1/+1 counter from that character."),
            "{text}"
        );
        g.apply(&Action::PlayPlotTwist { card: pt }).unwrap();
        assert_eq!(g.card(mine).plus(), 0);
        assert_eq!(g.card(theirs).plus(), 2);
    }
}
