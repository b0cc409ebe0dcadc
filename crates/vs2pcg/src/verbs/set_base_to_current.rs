//! `(set-base-to-current WHO FROM DURATION)`: characters' base ATK and DEF become another
//! character's current ATK and DEF (Impersonate); one left with 0 DEF is stunned (p.13).

use crate::verbs::{Compiler, HostState, Pcg};
use crate::vocab::{Duration, Who};
use crate::wording::{capitalise, duration, who};
use crate::words::{duration as duration_word, parse_who, written, E};
use crossover_kernel::Seat;
use crossover_sexpr::Sexp;
use crossover_vs_core::Verb;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct SetBaseToCurrent {
    pub who: Who,
    pub from: Who,
    pub duration: Duration,
}

impl Verb<Pcg> for SetBaseToCurrent {
    const WORDS: &'static [&'static str] = &["set-base-to-current"];

    fn compile(c: &mut Compiler<'_>, word: &str, form: &Sexp) -> Result<(), E> {
        let a = written(form, word, 3, "(set-base-to-current WHO FROM-WHO DURATION)")?;
        c.push(SetBaseToCurrent {
            who: parse_who(&a[0], c.scope)?,
            from: parse_who(&a[1], c.scope)?,
            duration: duration_word(&a[2])?,
        });
        Ok(())
    }

    fn text(&self) -> String {
        format!(
            "{}'s base ATK and DEF become {}'s current ATK and DEF{}.",
            capitalise(&who(&self.who)),
            who(&self.from),
            duration(self.duration)
        )
    }

    fn run(&self, g: &mut HostState) -> Option<Seat> {
        let &model = g.who(&self.from).first()?;
        let (a, d) = g.current_stats(model);
        let source = g.source();
        for c in g.who(&self.who) {
            g.set_base_stats(c, a, d, self.duration);
            g.stun_at_zero_def(c, Some(source));
        }
        None
    }
}

#[cfg(all(test, feature = "testkit"))]
mod tests {
    use crate::action::Action;
    use crate::testkit::verb_bench;
    use crossover_kernel::Game;

    /// Continuous Effects and Modifiers p.21: the 2/2 takes the main character's 2/5 as
    /// its base ATK and DEF.
    #[test]
    fn set_base_to_current_does_what_the_rulebook_says() {
        let (mut g, pt, mine, theirs) = verb_bench(
            "(choose 0 (yours supporting character)) (choose 1 (yours main character)) \
             (set-base-to-current (chosen 0) (chosen 1) this-turn)",
        );
        let text = crate::text::steps(&g.def(pt).effect);
        assert!(
            text.ends_with(
                "That character's base ATK and DEF become that character's current ATK and DEF this turn."
            ),
            "{text}"
        );
        let main = g.players()[0].main();
        g.apply(&Action::PlayPlotTwist { card: pt }).unwrap();
        assert_eq!(g.stats(mine), g.stats(main));
        assert_ne!(g.stats(mine), (2, 2));
        assert_eq!(g.stats(theirs), (2, 2));
    }
}
