//! `(cant-be-wounded WHO DURATION)`: for a while the characters get no wounds at all,
//! neither from a stun nor from an effect (Game Terms, Wounds; The Golden Rules: "can't"
//! beats "can").

use crate::verbs::{Compiler, HostState, Pcg};
use crate::vocab::{Duration, Who};
use crate::wording::{capitalise, duration, who};
use crate::words::{duration as duration_word, parse_who, written, E};
use crossover_kernel::Seat;
use crossover_sexpr::Sexp;
use crossover_vs_core::Verb;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct CantBeWounded {
    pub who: Who,
    pub duration: Duration,
}

impl Verb<Pcg> for CantBeWounded {
    const WORDS: &'static [&'static str] = &["cant-be-wounded"];

    fn compile(c: &mut Compiler<'_>, word: &str, form: &Sexp) -> Result<(), E> {
        let a = written(
            form,
            word,
            2,
            "(cant-be-wounded WHO DURATION), like (cant-be-wounded self this-turn)",
        )?;
        c.push(CantBeWounded {
            who: parse_who(&a[0], c.scope)?,
            duration: duration_word(&a[1])?,
        });
        Ok(())
    }

    fn text(&self) -> String {
        format!(
            "{} can't be wounded{}.",
            capitalise(&who(&self.who)),
            duration(self.duration)
        )
    }

    fn run(&self, g: &mut HostState) -> Option<Seat> {
        for c in g.who(&self.who) {
            g.make_unwoundable(c, self.duration);
            g.log_line(&mut |g| format!("{} can't be wounded.", g.card_name(c)));
        }
        None
    }
}

#[cfg(all(test, feature = "testkit"))]
mod tests {
    use crate::action::Action;
    use crate::testkit::verb_bench;
    use crossover_kernel::Game;

    /// Game Terms, Wounds: a character that can't be wounded is stunned without a wound,
    /// and a wounding effect does nothing to it.
    #[test]
    fn cant_be_wounded_does_what_the_rulebook_says() {
        let (mut g, pt, _mine, theirs) = verb_bench(
            "(choose 0 (enemy supporting character)) (cant-be-wounded (chosen 0) this-turn) \
             (wound (chosen 0) 1) (stun (chosen 0))",
        );
        let text = crate::text::steps(&g.def(pt).effect);
        assert!(text.contains("That character can't be wounded this turn."), "{text}");
        g.apply(&Action::PlayPlotTwist { card: pt }).unwrap();
        assert!(g.is_stunned(theirs));
        assert_eq!(g.card(theirs).wounds, 0);
    }
}
