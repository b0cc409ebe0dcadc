//! `(ready WHO)`: ready characters (Game Terms: Ready/Exhausted).

use crate::verbs::{Compiler, HostState, Pcg};
use crate::vocab::Who;
use crate::wording::who;
use crate::words::{one_who, E};
use crossover_kernel::Seat;
use crossover_sexpr::Sexp;
use crossover_vs_core::Verb;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Ready {
    pub who: Who,
}

impl Verb<Pcg> for Ready {
    const WORDS: &'static [&'static str] = &["ready"];

    fn compile(c: &mut Compiler<'_>, word: &str, form: &Sexp) -> Result<(), E> {
        let who = one_who(form, word, c.scope)?;
        c.push(Ready { who });
        Ok(())
    }

    fn text(&self) -> String {
        format!("Ready {}.", who(&self.who))
    }

    fn run(&self, g: &mut HostState) -> Option<Seat> {
        for c in g.who(&self.who) {
            g.ready(c);
        }
        None
    }
}

#[cfg(all(test, feature = "testkit"))]
mod tests {
    use crate::action::Action;
    use crate::testkit::verb_bench;
    use crossover_kernel::Game;

    /// Game Terms, Ready/Exhausted: an exhausted character stands up again.
    #[test]
    fn ready_does_what_the_rulebook_says() {
        let (mut g, pt, mine, theirs) = verb_bench(
            "(choose 0 (yours supporting character)) (exhaust (chosen 0)) (ready (chosen 0))",
        );
        let text = crate::text::steps(&g.def(pt).effect);
        assert!(text.ends_with("Ready that character."), "{text}");
        g.apply(&Action::PlayPlotTwist { card: pt }).unwrap();
        assert!(!g.card(mine).exhausted());
        assert!(!g.card(theirs).exhausted());
    }
}
