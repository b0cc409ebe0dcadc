//! `(switch WHO WHO)`: two characters of one side switch positions: each moves to where
//! the other was, at the same time; if either can't move, neither does (Game Terms,
//! Switch).

use crate::verbs::{Compiler, HostState, Pcg};
use crate::vocab::Who;
use crate::wording::who;
use crate::words::{parse_who, written, E};
use crossover_kernel::Seat;
use crossover_sexpr::Sexp;
use crossover_vs_core::Verb;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Switch {
    pub a: Who,
    pub b: Who,
}

impl Verb<Pcg> for Switch {
    const WORDS: &'static [&'static str] = &["switch"];

    fn compile(c: &mut Compiler<'_>, word: &str, form: &Sexp) -> Result<(), E> {
        let a = written(
            form,
            word,
            2,
            "(switch WHO WHO), like (switch self (chosen 0))",
        )?;
        c.push(Switch {
            a: parse_who(&a[0], c.scope)?,
            b: parse_who(&a[1], c.scope)?,
        });
        Ok(())
    }

    fn text(&self) -> String {
        format!(
            "Switch the positions of {} and {} (if either can't move, neither does).",
            who(&self.a),
            who(&self.b)
        )
    }

    fn run(&self, g: &mut HostState) -> Option<Seat> {
        let (Some(&x), Some(&y)) = (g.who(&self.a).first(), g.who(&self.b).first()) else {
            return None;
        };
        g.switch(x, y);
        None
    }
}

#[cfg(all(test, feature = "testkit"))]
mod tests {
    use crate::action::Action;
    use crate::ids::Row;
    use crate::testkit::verb_bench;
    use crossover_kernel::Game;

    /// Game Terms, Switch: the back row character and the front row one trade places.
    #[test]
    fn switch_does_what_the_rulebook_says() {
        let (mut g, pt, mine, theirs) = verb_bench(
            "(choose 0 (yours supporting character)) (push (chosen 0)) \
             (choose 1 (yours main character)) (switch (chosen 0) (chosen 1))",
        );
        let text = crate::text::steps(&g.def(pt).effect);
        assert!(
            text.ends_with("Switch the positions of that character and that character (if either can't move, neither does)."),
            "{text}"
        );
        let main = g.players()[0].main();
        g.apply(&Action::PlayPlotTwist { card: pt }).unwrap();
        assert_eq!(g.row_of(mine), Some(Row::Front));
        assert_eq!(g.row_of(main), Some(Row::Back));
        assert_eq!(g.row_of(theirs), Some(Row::Front));
    }
}
