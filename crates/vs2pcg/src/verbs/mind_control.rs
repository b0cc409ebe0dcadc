//! `(mind-control WHO [row-choice])`: ready characters and take them onto your side, in the
//! row you choose, until the end of the turn; then they go back (Mind Control).

use crate::action::Action;
use crate::verbs::{Compiler, HostState, Pcg};
use crate::vocab::Who;
use crate::wording::who;
use crate::words::{err, parse_who, word as plain_word, E};
use crossover_kernel::Seat;
use crossover_sexpr::Sexp;
use crossover_vs_core::Verb;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct MindControl {
    pub who: Who,
    pub to_row_choice: bool,
}

impl Verb<Pcg> for MindControl {
    const WORDS: &'static [&'static str] = &["mind-control"];

    fn compile(c: &mut Compiler<'_>, _word: &str, form: &Sexp) -> Result<(), E> {
        let (w, to_row_choice) = match form.args() {
            [w] => (w, false),
            [w, r] if plain_word(r).as_deref() == Some("row-choice") => (w, true),
            _ => {
                return err(
                    form.pos(),
                    "`mind-control` is written (mind-control WHO [row-choice])",
                )
            }
        };
        c.push(MindControl {
            who: parse_who(w, c.scope)?,
            to_row_choice,
        });
        Ok(())
    }

    fn text(&self) -> String {
        format!(
            "Ready {} and take it onto your side; it goes back when your turn ends.",
            who(&self.who)
        )
    }

    /// "Move it to your front or back row", or just "to your side": either way the
    /// controller picks the row (a card that doesn't say leaves it to the player).
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
        let me = g.controller();
        for c in g.who(&self.who) {
            g.take_control_until_end_of_turn(c, me, *row);
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

    /// Mind Control: Bo's exhausted 2/2 is readied and comes to Ada's back row.
    #[test]
    fn mind_control_does_what_the_rulebook_says() {
        let (mut g, pt, mine, theirs) = verb_bench(
            "(choose 0 (enemy supporting character)) (exhaust (chosen 0)) (mind-control (chosen 0))",
        );
        let text = crate::text::steps(&g.def(pt).effect);
        assert!(
            text.ends_with("Ready that character and take it onto your side; it goes back when your turn ends."),
            "{text}"
        );
        g.apply(&Action::PlayPlotTwist { card: pt }).unwrap();
        g.apply(&Action::ChooseRow { row: Row::Back }).unwrap();
        assert_eq!(g.card(theirs).controller(), 0);
        assert_eq!(g.row_of(theirs), Some(Row::Back));
        assert!(!g.card(theirs).exhausted());
        let _ = mine;
    }
}
