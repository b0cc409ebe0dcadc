//! `(recover WHO)`: recover stunned characters (Recovering Characters: face up, still
//! exhausted, wounds kept).

use crate::verbs::{Compiler, HostState, Pcg};
use crate::vocab::Who;
use crate::wording::who;
use crate::words::{one_who, E};
use crossover_kernel::Seat;
use crossover_sexpr::Sexp;
use crossover_vs_core::Verb;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Recover {
    pub who: Who,
}

impl Verb<Pcg> for Recover {
    const WORDS: &'static [&'static str] = &["recover"];

    fn compile(c: &mut Compiler<'_>, word: &str, form: &Sexp) -> Result<(), E> {
        let who = one_who(form, word, c.scope)?;
        c.push(Recover { who });
        Ok(())
    }

    fn text(&self) -> String {
        format!("Recover {}.", who(&self.who))
    }

    fn run(&self, g: &mut HostState) -> Option<Seat> {
        for c in g.who(&self.who) {
            g.recover(c);
        }
        None
    }
}

#[cfg(all(test, feature = "testkit"))]
mod tests {
    use crate::action::Action;
    use crate::testkit::verb_bench;
    use crossover_kernel::Game;

    /// Recovering Characters: it turns face up but stays exhausted.
    #[test]
    fn recover_does_what_the_rulebook_says() {
        let (mut g, pt, _mine, theirs) = verb_bench(
            "(choose 0 (enemy supporting character)) (daze (chosen 0)) (recover (chosen 0))",
        );
        let text = crate::text::steps(&g.def(pt).effect);
        assert!(text.ends_with("Recover that character."), "{text}");
        g.apply(&Action::PlayPlotTwist { card: pt }).unwrap();
        assert!(g.card(theirs).face_up());
        assert!(
            g.card(theirs).exhausted(),
            "a recovered character stays exhausted"
        );
    }
}
