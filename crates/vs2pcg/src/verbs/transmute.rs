//! `(transmute WHO)`: swap characters' +1/+1 counters for as many -1/-1 counters, or the
//! other way round, as the controller chooses (+1/+1 and -1/-1 Counters p.21).

use crate::action::Action;
use crate::verbs::{Compiler, HostState, Pcg};
use crate::vocab::Who;
use crate::wording::who;
use crate::words::{one_who, E};
use crossover_kernel::Seat;
use crossover_sexpr::Sexp;
use crossover_vs_core::Verb;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Transmute {
    pub who: Who,
}

impl Verb<Pcg> for Transmute {
    const WORDS: &'static [&'static str] = &["transmute"];

    fn compile(c: &mut Compiler<'_>, word: &str, form: &Sexp) -> Result<(), E> {
        let who = one_who(form, word, c.scope)?;
        c.push(Transmute { who });
        Ok(())
    }

    fn text(&self) -> String {
        format!(
            "Swap {}'s +1/+1 counters for as many -1/-1 counters, or the other way round.",
            who(&self.who)
        )
    }

    /// Which way is the controller's choice: Yes turns + into -, No - into +.
    fn run(&self, g: &mut HostState) -> Option<Seat> {
        Some(g.controller())
    }

    fn options(&self, _g: &HostState) -> Vec<Action> {
        vec![Action::Yes, Action::No]
    }

    fn answer(&self, g: &mut HostState, a: &Action) -> bool {
        let source = g.source();
        for c in g.who(&self.who) {
            if *a == Action::Yes {
                let n = g.remove_plus_counters(c);
                g.add_minus(c, n, Some(source));
            } else {
                let n = g.remove_minus_counters(c);
                g.add_plus(c, n);
            }
        }
        g.next_step();
        true
    }

    fn prompt(&self, _g: &HostState) -> Option<String> {
        Some("transmute?".into())
    }
}

#[cfg(all(test, feature = "testkit"))]
mod tests {
    use crate::action::Action;
    use crate::testkit::verb_bench;
    use crossover_kernel::Game;

    /// +1/+1 and -1/-1 Counters p.21: a +1/+1 counter becomes a -1/-1 counter.
    #[test]
    fn transmute_does_what_the_rulebook_says() {
        let (mut g, pt, mine, theirs) = verb_bench(
            "(choose 0 (enemy supporting character)) (plus-counters (chosen 0) 1) \
             (transmute (chosen 0))",
        );
        let text = crate::text::steps(&g.def(pt).effect);
        assert!(
            text.ends_with("Swap that character's +1/+1 counters for as many -1/-1 counters, or the other way round."),
            "{text}"
        );
        g.apply(&Action::PlayPlotTwist { card: pt }).unwrap();
        assert_eq!(g.legal_actions(), vec![Action::Yes, Action::No]);
        g.apply(&Action::Yes).unwrap();
        assert_eq!(g.card(theirs).plus(), 0);
        assert_eq!(g.card(theirs).minus(), 1);
        assert_eq!(g.stats(theirs), (1, 1));
        let _ = mine;
    }
}
