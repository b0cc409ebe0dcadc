//! `(move-row WHO)`: the controller moves characters to their front or back row, as they
//! choose (Rows p.8); a character that can't move stays.

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
pub struct MoveRow {
    pub who: Who,
}

impl Verb<Pcg> for MoveRow {
    const WORDS: &'static [&'static str] = &["move-row"];

    fn compile(c: &mut Compiler<'_>, word: &str, form: &Sexp) -> Result<(), E> {
        let who = one_who(form, word, c.scope)?;
        c.push(MoveRow { who });
        Ok(())
    }

    fn text(&self) -> String {
        format!("Move {} to its front or back row.", who(&self.who))
    }

    fn run(&self, g: &mut HostState) -> Option<Seat> {
        (!g.who(&self.who).is_empty()).then(|| g.controller())
    }

    fn options(&self, _g: &HostState) -> Vec<Action> {
        crate::verbs::row_choices()
    }

    fn answer(&self, g: &mut HostState, a: &Action) -> bool {
        let Action::ChooseRow { row } = a else {
            return false;
        };
        for c in g.who(&self.who) {
            g.move_row(c, *row);
        }
        g.next_step();
        true
    }

    fn prompt(&self, _g: &HostState) -> Option<String> {
        Some("choose a row".into())
    }
}

#[cfg(all(test, feature = "testkit"))]
mod tests {
    use crate::action::Action;
    use crate::ids::Row;
    use crate::testkit::verb_bench;
    use crossover_kernel::Game;

    /// Rows p.8: the controller picks the back row, and the character moves there.
    #[test]
    fn move_row_does_what_the_rulebook_says() {
        let (mut g, pt, mine, theirs) =
            verb_bench("(choose 0 (yours supporting character)) (move-row (chosen 0))");
        let text = crate::text::steps(&g.def(pt).effect);
        assert!(
            text.ends_with("Move that character to its front or back row."),
            "{text}"
        );
        g.apply(&Action::PlayPlotTwist { card: pt }).unwrap();
        g.apply(&Action::ChooseRow { row: Row::Back }).unwrap();
        assert_eq!(g.row_of(mine), Some(Row::Back));
        assert_eq!(g.row_of(theirs), Some(Row::Front));
    }
}
