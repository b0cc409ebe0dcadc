//! `(stun WHO)`: stun characters (Stunned Characters: face down, exhausted, a wound;
//! KO'd at wounds equal to Health). `(stun WHO (by WHO))` names another character as the
//! one that stunned them and compiles to the `StunBy` step.

use crate::verbs::{Compiler, HostState, Pcg};
use crate::vocab::Who;
use crate::wording::who;
use crate::words::{one_who, stun_by, E};
use crossover_kernel::Seat;
use crossover_sexpr::Sexp;
use crossover_vs_core::Verb;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Stun {
    pub who: Who,
}

impl Verb<Pcg> for Stun {
    const WORDS: &'static [&'static str] = &["stun"];

    fn compile(c: &mut Compiler<'_>, word: &str, form: &Sexp) -> Result<(), E> {
        if form.args().len() == 2 {
            let (who, by) = stun_by(form, c.scope)?;
            c.push(crate::verbs::StunBy { who, by });
            return Ok(());
        }
        let who = one_who(form, word, c.scope)?;
        c.push(Stun { who });
        Ok(())
    }

    fn text(&self) -> String {
        format!("Stun {}.", who(&self.who))
    }

    fn run(&self, g: &mut HostState) -> Option<Seat> {
        let source = g.source();
        for c in g.who(&self.who) {
            g.stun(c, Some(source), true);
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

    /// Stunned Characters: a stunned supporting character gains a wound; at its Health (1) it is KO'd.
    #[test]
    fn stun_does_what_the_rulebook_says() {
        let (mut g, pt, mine, theirs) =
            verb_bench("(choose 0 (enemy supporting character)) (stun (chosen 0))");
        let text = crate::text::steps(&g.def(pt).effect);
        assert!(text.ends_with("Stun that character."), "{text}");
        g.apply(&Action::PlayPlotTwist { card: pt }).unwrap();
        assert_eq!(g.card(theirs).zone(), Zone::KoPile);
        assert!(g.card(mine).face_up());
    }
}
