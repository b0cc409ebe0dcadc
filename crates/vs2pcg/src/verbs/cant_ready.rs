//! `(cant-ready WHO DURATION)`: characters can't ready for a while: the Recovery Phase
//! and ready effects leave them exhausted (Game Terms, Ready; like Freeze, for a
//! duration).

use crate::verbs::{Compiler, HostState, Pcg};
use crate::vocab::{Duration, Who};
use crate::wording::{capitalise, duration, who};
use crate::words::{duration as duration_word, parse_who, written, E};
use crossover_kernel::Seat;
use crossover_sexpr::Sexp;
use crossover_vs_core::Verb;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct CantReady {
    pub who: Who,
    pub duration: Duration,
}

impl Verb<Pcg> for CantReady {
    const WORDS: &'static [&'static str] = &["cant-ready"];

    fn compile(c: &mut Compiler<'_>, word: &str, form: &Sexp) -> Result<(), E> {
        let a = written(
            form,
            word,
            2,
            "(cant-ready WHO DURATION), like (cant-ready (chosen 0) this-turn)",
        )?;
        c.push(CantReady {
            who: parse_who(&a[0], c.scope)?,
            duration: duration_word(&a[1])?,
        });
        Ok(())
    }

    fn text(&self) -> String {
        format!(
            "{} can't ready{}.",
            capitalise(&who(&self.who)),
            duration(self.duration)
        )
    }

    fn run(&self, g: &mut HostState) -> Option<Seat> {
        for c in g.who(&self.who) {
            g.keep_exhausted(c, self.duration);
            g.log_line(&mut |g| format!("{} can't ready.", g.card_name(c)));
        }
        None
    }
}

#[cfg(all(test, feature = "testkit"))]
mod tests {
    use crate::action::Action;
    use crate::testkit::verb_bench;
    use crossover_kernel::Game;

    /// Game Terms, Ready: an exhausted character that can't ready stays exhausted when an
    /// effect readies it.
    #[test]
    fn cant_ready_does_what_the_rulebook_says() {
        let (mut g, pt, mine, theirs) = verb_bench(
            "(choose 0 (enemy supporting character)) (exhaust (chosen 0)) \
             (cant-ready (chosen 0) this-turn) (ready (chosen 0)) \
             (choose 1 (yours supporting character)) (exhaust (chosen 1)) (ready (chosen 1))",
        );
        let text = crate::text::steps(&g.def(pt).effect);
        assert!(text.contains("That character can't ready this turn."), "{text}");
        g.apply(&Action::PlayPlotTwist { card: pt }).unwrap();
        for c in [theirs, mine] {
            if g.legal_actions().contains(&Action::Choose { card: c }) {
                g.apply(&Action::Choose { card: c }).unwrap();
            }
        }
        assert!(g.card(theirs).exhausted());
        assert!(!g.card(mine).exhausted());
    }
}
