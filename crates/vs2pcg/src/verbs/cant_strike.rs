//! `(cant-strike WHO DURATION)`: characters don't strike for a while — an attacker makes
//! no strike and its ATK isn't part of a team's total, a defender doesn't strike back
//! (Resolving Combat; glossary Strike). It isn't -X ATK: what the character's ATK is
//! stays the same for everything else.

use crate::verbs::{Compiler, HostState, Pcg};
use crate::vocab::{Duration, Who};
use crate::wording::{capitalise, duration, who};
use crate::words::{duration as duration_word, parse_who, written, E};
use crossover_kernel::Seat;
use crossover_sexpr::Sexp;
use crossover_vs_core::Verb;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct CantStrike {
    pub who: Who,
    pub duration: Duration,
}

impl Verb<Pcg> for CantStrike {
    const WORDS: &'static [&'static str] = &["cant-strike"];

    fn compile(c: &mut Compiler<'_>, word: &str, form: &Sexp) -> Result<(), E> {
        let a = written(
            form,
            word,
            2,
            "(cant-strike WHO DURATION), like (cant-strike (each defender) this-combat)",
        )?;
        c.push(CantStrike {
            who: parse_who(&a[0], c.scope)?,
            duration: duration_word(&a[1])?,
        });
        Ok(())
    }

    fn text(&self) -> String {
        format!(
            "{} can't strike{}.",
            capitalise(&who(&self.who)),
            duration(self.duration)
        )
    }

    fn run(&self, g: &mut HostState) -> Option<Seat> {
        for c in g.who(&self.who) {
            g.forbid_strikes(c, self.duration);
            g.log_line(&mut |g| format!("{} can't strike.", g.card_name(c)));
        }
        None
    }
}

#[cfg(all(test, feature = "testkit"))]
mod tests {
    use crate::action::Action;
    use crate::testkit::verb_bench_timed;
    use crossover_kernel::Game;

    /// Resolving Combat: two 2/2s would stun each other; the defender that can't strike
    /// is stunned and the attacker isn't.
    #[test]
    fn cant_strike_does_what_the_rulebook_says() {
        let (mut g, pt, mine, theirs) =
            verb_bench_timed("combat", "(cant-strike (each defender) this-combat)");
        let text = crate::text::steps(&g.def(pt).effect);
        assert_eq!(text, "Each defender can't strike this combat.");
        g.apply(&Action::Attack { attacker: mine }).unwrap();
        g.apply(&Action::Defender { card: theirs }).unwrap();
        g.apply(&Action::PlayPlotTwist { card: pt }).unwrap();
        while g.combat().is_some() && g.apply(&Action::Pass).is_ok() {}
        // Bo's 2/2 is stunned (and KO'd by its wound); Ada's isn't.
        assert_ne!(g.card(theirs).zone(), crate::ids::Zone::Front);
        assert!(g.card(mine).face_up());
    }
}
