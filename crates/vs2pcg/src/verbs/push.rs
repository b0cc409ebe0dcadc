//! `(push WHO)`: move characters from the front row to the back row (Game Terms: Push).

use crate::ids::Row;
use crate::verbs::{Compiler, HostState, Pcg};
use crate::vocab::Who;
use crate::wording::who;
use crate::words::{one_who, E};
use crossover_kernel::Seat;
use crossover_sexpr::Sexp;
use crossover_vs_core::Verb;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Push {
    pub who: Who,
}

impl Verb<Pcg> for Push {
    const WORDS: &'static [&'static str] = &["push"];

    fn compile(c: &mut Compiler<'_>, word: &str, form: &Sexp) -> Result<(), E> {
        let who = one_who(form, word, c.scope)?;
        c.push(Push { who });
        Ok(())
    }

    fn text(&self) -> String {
        format!("Push {} to its back row.", who(&self.who))
    }

    fn run(&self, g: &mut HostState) -> Option<Seat> {
        for c in g.who(&self.who) {
            g.move_row(c, Row::Back);
        }
        None
    }
}

#[cfg(all(test, feature = "testkit"))]
mod tests {
    use crate::action::Action;
    use crate::ids::Row;
    use crate::testkit::verb_bench;
    use crossover_kernel::Game;

    /// Game Terms, Push: front row to back row.
    #[test]
    fn push_does_what_the_rulebook_says() {
        let (mut g, pt, mine, theirs) =
            verb_bench("(choose 0 (yours supporting character)) (push (chosen 0))");
        let text = crate::text::steps(&g.def(pt).effect);
        assert!(
            text.ends_with("Push that character to its back row."),
            "{text}"
        );
        g.apply(&Action::PlayPlotTwist { card: pt }).unwrap();
        assert_eq!(g.row_of(mine), Some(Row::Back));
        assert_eq!(g.row_of(theirs), Some(Row::Front));
    }
}
