//! `(cant-move WHO DURATION)`: characters can't change rows for a while: the Formation
//! Step, Mobile, push, pull and move effects leave them where they are, and a switch with
//! one of them doesn't happen (Game Terms, Switch).

use crate::verbs::{Compiler, HostState, Pcg};
use crate::vocab::{Duration, Who};
use crate::wording::{capitalise, duration, who};
use crate::words::{duration as duration_word, parse_who, written, E};
use crossover_kernel::Seat;
use crossover_sexpr::Sexp;
use crossover_vs_core::Verb;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct CantMove {
    pub who: Who,
    pub duration: Duration,
}

impl Verb<Pcg> for CantMove {
    const WORDS: &'static [&'static str] = &["cant-move"];

    fn compile(c: &mut Compiler<'_>, word: &str, form: &Sexp) -> Result<(), E> {
        let a = written(
            form,
            word,
            2,
            "(cant-move WHO DURATION), like (cant-move (chosen 0) this-turn)",
        )?;
        c.push(CantMove {
            who: parse_who(&a[0], c.scope)?,
            duration: duration_word(&a[1])?,
        });
        Ok(())
    }

    fn text(&self) -> String {
        format!(
            "{} can't move to another row{}.",
            capitalise(&who(&self.who)),
            duration(self.duration)
        )
    }

    fn run(&self, g: &mut HostState) -> Option<Seat> {
        for c in g.who(&self.who) {
            g.keep_in_row(c, self.duration);
            g.log_line(&mut |g| format!("{} can't move.", g.card_name(c)));
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

    /// Game Terms, Switch and push: a character that can't move stays in its row.
    #[test]
    fn cant_move_does_what_the_rulebook_says() {
        let (mut g, pt, mine, theirs) = verb_bench(
            "(choose 0 (enemy supporting character)) (cant-move (chosen 0) this-turn) \
             (push (chosen 0)) (choose 1 (yours supporting character)) (push (chosen 1))",
        );
        let text = crate::text::steps(&g.def(pt).effect);
        assert!(
            text.contains("That character can't move to another row this turn."),
            "{text}"
        );
        g.apply(&Action::PlayPlotTwist { card: pt }).unwrap();
        assert_eq!(g.row_of(theirs), Some(Row::Front));
        assert_eq!(g.row_of(mine), Some(Row::Back));
    }
}
