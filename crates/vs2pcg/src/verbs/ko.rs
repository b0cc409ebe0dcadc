//! `(ko WHO)`: KO characters (Game Terms: KO, put from play into the owner's KO pile).

use crate::verbs::{Compiler, HostState, Pcg};
use crate::vocab::Who;
use crate::wording::who;
use crate::words::{one_who, E};
use crossover_kernel::Seat;
use crossover_sexpr::Sexp;
use crossover_vs_core::Verb;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Ko {
    pub who: Who,
}

impl Verb<Pcg> for Ko {
    const WORDS: &'static [&'static str] = &["ko"];

    fn compile(c: &mut Compiler<'_>, word: &str, form: &Sexp) -> Result<(), E> {
        let who = one_who(form, word, c.scope)?;
        c.push(Ko { who });
        Ok(())
    }

    fn text(&self) -> String {
        format!("KO {}.", who(&self.who))
    }

    fn run(&self, g: &mut HostState) -> Option<Seat> {
        let source = g.source();
        for c in g.who(&self.who) {
            g.ko(c, Some(source));
        }
        None
    }
}

#[cfg(all(test, feature = "testkit"))]
mod tests {
    use crate::action::Action;
    use crate::ids::Zone;
    use crate::testkit::verb_bench;
    use crossover_kernel::Game;

    /// Game Terms, KO: the character goes from play to its owner's KO pile.
    #[test]
    fn ko_does_what_the_rulebook_says() {
        let (mut g, pt, mine, theirs) =
            verb_bench("(choose 0 (enemy supporting character)) (ko (chosen 0))");
        let text = crate::text::steps(&g.def(pt).effect);
        assert!(text.ends_with("KO that character."), "{text}");
        g.apply(&Action::PlayPlotTwist { card: pt }).unwrap();
        assert_eq!(g.card(theirs).zone(), Zone::KoPile);
        assert_eq!(g.card(mine).zone(), Zone::Front);
    }
}
