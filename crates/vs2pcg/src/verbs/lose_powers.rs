//! `(lose-powers WHO DURATION)`: characters lose and can't gain Keyword and Super Powers
//! (Nullify); `(lose-all-powers WHO DURATION)`: they lose every power, Level Up included
//! (Space Cop: "loses its powers").

use crate::verbs::{Compiler, HostState, Pcg};
use crate::vocab::{Duration, Who};
use crate::wording::{capitalise, duration, who};
use crate::words::{duration as duration_word, parse_who, written, E};
use crossover_kernel::Seat;
use crossover_sexpr::Sexp;
use crossover_vs_core::Verb;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct LosePowers {
    pub who: Who,
    pub duration: Duration,
    #[serde(default)]
    pub all: bool,
}

impl Verb<Pcg> for LosePowers {
    const WORDS: &'static [&'static str] = &["lose-powers", "lose-all-powers"];

    fn compile(c: &mut Compiler<'_>, word: &str, form: &Sexp) -> Result<(), E> {
        let a = written(form, word, 2, &format!("({word} WHO DURATION)"))?;
        c.push(LosePowers {
            who: parse_who(&a[0], c.scope)?,
            duration: duration_word(&a[1])?,
            all: word == "lose-all-powers",
        });
        Ok(())
    }

    fn text(&self) -> String {
        let w = capitalise(&who(&self.who));
        let d = duration(self.duration);
        if self.all {
            format!("{w} loses its powers{d}.")
        } else {
            format!("{w} has no Keyword or Super Powers and can't gain any{d}.")
        }
    }

    fn run(&self, g: &mut HostState) -> Option<Seat> {
        for c in g.who(&self.who) {
            g.lose_powers(c, self.all, self.duration);
            g.log_line(&mut |g| format!("{} loses its powers.", g.card_name(c)));
        }
        None
    }
}

#[cfg(all(test, feature = "testkit"))]
mod tests {
    use crate::action::Action;
    use crate::testkit::verb_bench;
    use crossover_kernel::Game;

    /// Continuous Effects and Modifiers p.21: the chosen character's powers are off this
    /// turn; the other's aren't.
    #[test]
    fn lose_powers_does_what_the_rulebook_says() {
        let (mut g, pt, mine, theirs) = verb_bench(
            "(choose 0 (enemy supporting character)) (lose-all-powers (chosen 0) this-turn)",
        );
        let text = crate::text::steps(&g.def(pt).effect);
        assert!(
            text.ends_with("That character loses its powers this turn."),
            "{text}"
        );
        g.apply(&Action::PlayPlotTwist { card: pt }).unwrap();
        assert!(g.powers_lost(theirs));
        assert!(!g.powers_lost(mine));
    }
}
