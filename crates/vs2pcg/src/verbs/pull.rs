//! `(pull WHO)`: move characters from the back row to the front row (Game Terms: Pull).

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
pub struct Pull {
    pub who: Who,
}

impl Verb<Pcg> for Pull {
    const WORDS: &'static [&'static str] = &["pull"];

    fn compile(c: &mut Compiler<'_>, word: &str, form: &Sexp) -> Result<(), E> {
        let who = one_who(form, word, c.scope)?;
        c.push(Pull { who });
        Ok(())
    }

    fn text(&self) -> String {
        format!("Pull {} to its front row.", who(&self.who))
    }

    fn run(&self, g: &mut HostState) -> Option<Seat> {
        for c in g.who(&self.who) {
            g.move_row(c, Row::Front);
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

    /// Game Terms, Pull: back row to front row.
    #[test]
    fn pull_does_what_the_rulebook_says() {
        let (mut g, pt, mine, _theirs) = verb_bench(
            "(choose 0 (yours supporting character)) (push (chosen 0)) (pull (chosen 0))",
        );
        let text = crate::text::steps(&g.def(pt).effect);
        assert!(
            text.ends_with("Pull that character to its front row."),
            "{text}"
        );
        g.apply(&Action::PlayPlotTwist { card: pt }).unwrap();
        assert_eq!(g.row_of(mine), Some(Row::Front));
    }
}
