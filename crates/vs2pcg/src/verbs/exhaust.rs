//! `(exhaust WHO)`: exhaust characters (Game Terms: Ready/Exhausted).

use crate::verbs::{Compiler, HostState, Pcg};
use crate::vocab::Who;
use crate::wording::who;
use crate::words::{one_who, E};
use crossover_kernel::Seat;
use crossover_sexpr::Sexp;
use crossover_vs_core::Verb;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Exhaust {
    pub who: Who,
}

impl Verb<Pcg> for Exhaust {
    const WORDS: &'static [&'static str] = &["exhaust"];

    fn compile(c: &mut Compiler<'_>, word: &str, form: &Sexp) -> Result<(), E> {
        let who = one_who(form, word, c.scope)?;
        c.push(Exhaust { who });
        Ok(())
    }

    fn text(&self) -> String {
        format!("Exhaust {}.", who(&self.who))
    }

    fn run(&self, g: &mut HostState) -> Option<Seat> {
        for c in g.who(&self.who) {
            g.exhaust(c);
        }
        None
    }
}

#[cfg(all(test, feature = "testkit"))]
mod tests {
    use crate::action::Action;
    use crate::testkit::verb_bench;
    use crossover_kernel::Game;

    /// Game Terms, Ready/Exhausted: the chosen character is exhausted, no other.
    #[test]
    fn exhaust_does_what_the_rulebook_says() {
        let (mut g, pt, mine, theirs) =
            verb_bench("(choose 0 (enemy supporting character)) (exhaust (chosen 0))");
        let text = crate::text::steps(&g.def(pt).effect);
        assert!(text.ends_with("Exhaust that character."), "{text}");
        g.apply(&Action::PlayPlotTwist { card: pt }).unwrap();
        assert!(g.card(theirs).exhausted());
        assert!(!g.card(mine).exhausted());
    }
}
