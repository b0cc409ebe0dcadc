//! `(cant-strike WHO DURATION)`: characters can't strike for a while: as attackers their
//! strike doesn't count, as the defender they don't strike back (Resolving Combat).
//! `(cant-be-struck WHO DURATION)`: characters can't be struck: as the defender no
//! attacker's strike stuns them, as attackers the defender can't strike back at them
//! (glossary Strike; Punisher's Perfect Position). `(cant-strike-or-be-struck WHO
//! DURATION)`: both (Vision's Something Else).

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
    /// They can't strike.
    pub strike: bool,
    /// They can't be struck.
    pub struck: bool,
}

impl Verb<Pcg> for CantStrike {
    const WORDS: &'static [&'static str] = &["cant-strike", "cant-be-struck", "cant-strike-or-be-struck"];

    fn compile(c: &mut Compiler<'_>, word: &str, form: &Sexp) -> Result<(), E> {
        let a = written(
            form,
            word,
            2,
            &format!("({word} WHO DURATION), like ({word} self this-combat)"),
        )?;
        c.push(CantStrike {
            who: parse_who(&a[0], c.scope)?,
            duration: duration_word(&a[1])?,
            strike: word != "cant-be-struck",
            struck: word != "cant-strike",
        });
        Ok(())
    }

    fn text(&self) -> String {
        format!(
            "{} can't {}{}.",
            capitalise(&who(&self.who)),
            self.what(),
            duration(self.duration)
        )
    }

    fn run(&self, g: &mut HostState) -> Option<Seat> {
        for c in g.who(&self.who) {
            if self.strike {
                g.ban_strikes(c, false, self.duration);
            }
            if self.struck {
                g.ban_strikes(c, true, self.duration);
            }
            let what = self.what();
            g.log_line(&mut |g| format!("{} can't {what}.", g.card_name(c)));
        }
        None
    }
}

impl CantStrike {
    fn what(&self) -> &'static str {
        match (self.strike, self.struck) {
            (true, true) => "strike or be struck",
            (false, true) => "be struck",
            _ => "strike",
        }
    }
}

#[cfg(all(test, feature = "testkit"))]
mod tests {
    use crate::testkit::verb_bench;

    /// The text of both words; the combat effects are shown by the def-018 and def-019
    /// scenarios (scenarios/vs2pcg/cards/def/).
    #[test]
    fn cant_strike_does_what_the_rulebook_says() {
        let (g, pt, _mine, _theirs) = verb_bench(
            "(choose 0 (enemy supporting character)) (cant-strike (chosen 0) this-turn) \
             (cant-be-struck (chosen 0) this-turn) (cant-strike-or-be-struck (chosen 0) this-turn)",
        );
        let text = crate::text::steps(&g.def(pt).effect);
        assert!(
            text.contains("That character can't strike this turn.")
                && text.contains("That character can't be struck this turn.")
                && text.contains("That character can't strike or be struck this turn."),
            "{text}"
        );
    }
}
