//! `(loses WHO flight|range [this-attack|this-turn])`: a continuous modifier that removes
//! a characteristic (513.2e): it doesn't stop a later modifier from giving it again, and
//! a later one removing it takes it away again (the latest applies). The printed icon
//! stays (212.6).

use crate::verbs::{Compiler, HostState, Tcg};
use crate::vocab::{Duration, Grant, Who};
use crate::wording::who;
use crate::words::{err, parse_duration, parse_who, R};
use crossover_kernel::Seat;
use crossover_sexpr::Sexp;
use crossover_vs_core::Verb;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Loses {
    pub who: Who,
    /// Flight or range.
    pub what: Grant,
    pub duration: Duration,
}

impl Verb<Tcg> for Loses {
    const WORDS: &'static [&'static str] = &["loses"];

    fn compile(c: &mut Compiler<'_>, _word: &str, form: &Sexp) -> R<()> {
        let (w, what, d) = match form.args() {
            [w, what] => (w, what, None),
            [w, what, d] => (w, what, Some(d)),
            _ => {
                return err(
                    form.pos(),
                    "write `(loses WHO flight|range [this-attack|this-turn])`",
                )
            }
        };
        let who = parse_who(w, &mut c.scope)?;
        let what = match what.as_atom() {
            Some("flight") => Grant::Flight,
            Some("range") => Grant::Range,
            _ => return err(what.pos(), "a character loses `flight` or `range`"),
        };
        let duration = parse_duration(d, &mut c.scope)?;
        c.push(Loses {
            who,
            what,
            duration,
        });
        Ok(())
    }

    fn text(&self) -> String {
        let mut s = format!(
            "{} loses {}{}.",
            who(&self.who),
            self.what.word(),
            self.duration.words()
        );
        s[..1].make_ascii_uppercase();
        s
    }

    fn run(&self, g: &mut HostState) -> Option<Seat> {
        g.lose(&self.who, self.what, self.duration);
        None
    }
}

#[cfg(test)]
mod tests {
    use crate::ids::*;
    use crate::model::CardType;
    use crate::testkit::Bench;

    /// 513.2e: a modifier removing flight doesn't stop a later one giving it, and a later
    /// removal takes it away again; 212.6: the printed flight icon stays all along.
    #[test]
    fn r513_2e_r212_6_the_latest_gives_or_removes() {
        let (mut b, lose) = Bench::with_effect(
            "(loses (each opposing) flight this-turn)",
            "(card x-fk \"Flying Kick\" \"\" (plot-twist (threshold 0)) (effect (target 0 character) (has (target 0) flight this-turn)))",
        );
        assert_eq!(
            b.effect_text(lose),
            "Each character an opponent controls loses flight this turn."
        );
        let flier = b.in_play(1, "trn-026", Row::Front, 0);
        let walker = b.in_play(1, "trn-021", Row::Front, 1);
        b.play(lose, &[]);
        assert!(!b.g.has_flight(flier));
        assert!(matches!(
            b.g.def(flier).ty,
            CardType::Character { flight: true, .. }
        ));
        let kick = b.in_hand(0, "x-fk");
        b.play(kick, &[walker]);
        assert!(b.g.has_flight(walker), "given after the removal");
        let again = b.in_hand(0, "x-pt");
        b.play(again, &[]);
        assert!(!b.g.has_flight(walker) && !b.g.has_flight(flier));
    }
}
