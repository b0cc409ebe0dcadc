//! `(freeze WHO)`: freeze characters (Game Terms: Freeze/Frozen: exhaust it; it can't
//! ready during its next turn).

use crate::verbs::{Compiler, HostState, Pcg};
use crate::vocab::Who;
use crate::wording::who;
use crate::words::{one_who, E};
use crossover_kernel::Seat;
use crossover_sexpr::Sexp;
use crossover_vs_core::Verb;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Freeze {
    pub who: Who,
}

impl Verb<Pcg> for Freeze {
    const WORDS: &'static [&'static str] = &["freeze"];

    fn compile(c: &mut Compiler<'_>, word: &str, form: &Sexp) -> Result<(), E> {
        let who = one_who(form, word, c.scope)?;
        c.push(Freeze { who });
        Ok(())
    }

    fn text(&self) -> String {
        format!(
            "Freeze {} (it can't ready during its next turn).",
            who(&self.who)
        )
    }

    fn run(&self, g: &mut HostState) -> Option<Seat> {
        for c in g.who(&self.who) {
            g.freeze(c);
            g.log_line(&mut |g| format!("{} is frozen.", g.card_name(c)));
        }
        None
    }
}

#[cfg(all(test, feature = "testkit"))]
mod tests {
    use crate::action::Action;
    use crate::testkit::verb_bench;
    use crossover_kernel::Game;

    /// Game Terms, Freeze/Frozen: the character is exhausted and marked for the turn it can't ready.
    #[test]
    fn freeze_does_what_the_rulebook_says() {
        let (mut g, pt, mine, theirs) =
            verb_bench("(choose 0 (enemy supporting character)) (freeze (chosen 0))");
        let text = crate::text::steps(&g.def(pt).effect);
        assert!(text.contains("Freeze that character"), "{text}");
        g.apply(&Action::PlayPlotTwist { card: pt }).unwrap();
        assert!(g.card(theirs).exhausted());
        assert!(g.card(theirs).frozen_turn().is_some());
        assert!(g.card(mine).frozen_turn().is_none());
    }
}
