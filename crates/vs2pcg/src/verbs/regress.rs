//! `(regress WHO DURATION)`: main characters become level 1 for a while; when it ends
//! they progress back (Regressing/Progressing Main Characters p.22, Hypnotize).

use crate::verbs::{Compiler, HostState, Pcg};
use crate::vocab::{Duration, Who};
use crate::wording::{capitalise, duration, who};
use crate::words::{duration as duration_word, parse_who, written, E};
use crossover_kernel::Seat;
use crossover_sexpr::Sexp;
use crossover_vs_core::Verb;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Regress {
    pub who: Who,
    pub duration: Duration,
}

impl Verb<Pcg> for Regress {
    const WORDS: &'static [&'static str] = &["regress"];

    fn compile(c: &mut Compiler<'_>, word: &str, form: &Sexp) -> Result<(), E> {
        let a = written(form, word, 2, "(regress WHO DURATION)")?;
        c.push(Regress {
            who: parse_who(&a[0], c.scope)?,
            duration: duration_word(&a[1])?,
        });
        Ok(())
    }

    fn text(&self) -> String {
        format!(
            "{} becomes level 1{}.",
            capitalise(&who(&self.who)),
            duration(self.duration)
        )
    }

    fn run(&self, g: &mut HostState) -> Option<Seat> {
        for c in g.who(&self.who) {
            let level = g.level(c);
            if g.is_main_character(c) && level > 1 {
                g.regress_to_level_1(c);
                g.progress_back_later(c, level, self.duration);
            }
        }
        None
    }
}

#[cfg(all(test, feature = "testkit"))]
mod tests {
    use crate::action::Action;
    use crate::testkit::verb_bench;
    use crossover_kernel::Game;

    /// Regressing/Progressing Main Characters p.22: Bo's level 2 main character is level 1
    /// this turn.
    #[test]
    fn regress_does_what_the_rulebook_says() {
        let (mut g, pt, mine, theirs) =
            verb_bench("(choose 0 (enemy main character)) (regress (chosen 0) this-turn)");
        let text = crate::text::steps(&g.def(pt).effect);
        assert!(
            text.ends_with("That character becomes level 1 this turn."),
            "{text}"
        );
        let main = g.players()[1].main();
        g.progress_to(main, 2);
        g.apply(&Action::PlayPlotTwist { card: pt }).unwrap();
        assert_eq!(g.def(main).level(), 1);
        let _ = (mine, theirs);
    }
}
