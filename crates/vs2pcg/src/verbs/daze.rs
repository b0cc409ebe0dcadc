//! `(daze WHO)`: stun characters without a wound (Stunned Characters, Game Terms: Daze).

use crate::verbs::{Compiler, HostState, Pcg};
use crate::vocab::Who;
use crate::wording::who;
use crate::words::{one_who, E};
use crossover_kernel::Seat;
use crossover_sexpr::Sexp;
use crossover_vs_core::Verb;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Daze {
    pub who: Who,
}

impl Verb<Pcg> for Daze {
    const WORDS: &'static [&'static str] = &["daze"];

    fn compile(c: &mut Compiler<'_>, word: &str, form: &Sexp) -> Result<(), E> {
        let who = one_who(form, word, c.scope)?;
        c.push(Daze { who });
        Ok(())
    }

    fn text(&self) -> String {
        format!("Daze {}.", who(&self.who))
    }

    fn run(&self, g: &mut HostState) -> Option<Seat> {
        let source = g.source();
        for c in g.who(&self.who) {
            g.stun(c, Some(source), false);
        }
        None
    }
}

#[cfg(all(test, feature = "testkit"))]
mod tests {
    use crate::action::Action;
    use crate::testkit::verb_bench;
    use crossover_kernel::Game;

    /// Game Terms, Daze: it is stunned in every way but gains no wound, so a 1-Health character stays in play.
    #[test]
    fn daze_does_what_the_rulebook_says() {
        let (mut g, pt, mine, theirs) =
            verb_bench("(choose 0 (enemy supporting character)) (daze (chosen 0))");
        let text = crate::text::steps(&g.def(pt).effect);
        assert!(text.ends_with("Daze that character."), "{text}");
        g.apply(&Action::PlayPlotTwist { card: pt }).unwrap();
        assert!(g.is_stunned(theirs));
        assert_eq!(g.card(theirs).wounds(), 0);
        assert!(!g.is_stunned(mine));
    }
}
