//! `(loses WHO flight|range|cosmic [this-attack|this-turn])`: characters lose a characteristic
//! for a while (513.2e). The modifier doesn't stop a later one from giving it again
//! (VS-TCG-083: "lose flight this turn", then "has flight this turn", then "lose flight"
//! again); the latest modifier that gives or removes it decides (514.1). The printed
//! icon stays (212.6): only the characteristic is removed.

use crate::verbs::{Compiler, HostState, Tcg};
use crate::vocab::{Duration, Grant, Who};
use crate::wording::who;
use crate::words::{err, parse_duration, parse_grant, parse_who, R};
use crossover_kernel::Seat;
use crossover_sexpr::Sexp;
use crossover_vs_core::Verb;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Loses {
    pub who: Who,
    pub what: Grant,
    pub duration: Duration,
}

impl Verb<Tcg> for Loses {
    const WORDS: &'static [&'static str] = &["loses"];

    fn compile(c: &mut Compiler<'_>, _word: &str, form: &Sexp) -> R<()> {
        let (w, g, d) = match form.args() {
            [w, g] => (w, g, None),
            [w, g, d] => (w, g, Some(d)),
            _ => {
                return err(
                    form.pos(),
                    "write `(loses WHO flight|range|cosmic [this-attack|this-turn])`",
                )
            }
        };
        let who = parse_who(w, &mut c.scope)?;
        let what = parse_grant(g)?;
        if !matches!(what, Grant::Flight | Grant::Range | Grant::Cosmic) {
            return err(
                g.pos(),
                "a character loses flight, range or cosmic (513.2e)",
            );
        }
        let duration = parse_duration(d, &mut c.scope)?;
        c.push(Loses {
            who,
            what,
            duration,
        });
        Ok(())
    }

    fn text(&self) -> String {
        let verb = if matches!(self.who, Who::Each(_)) {
            "lose"
        } else {
            "loses"
        };
        let subject = match &self.who {
            Who::Each(f) => crate::wording::filter(f, true),
            w => who(w),
        };
        let mut s = format!(
            "{subject} {verb} {}{}.",
            self.what.word(),
            self.duration.words()
        );
        s[..1].make_ascii_uppercase();
        s
    }

    fn run(&self, g: &mut HostState) -> Option<Seat> {
        g.remove_characteristic(&self.who, self.what, self.duration);
        None
    }
}

#[cfg(test)]
mod tests {
    use crate::ids::Row;
    use crate::testkit::Bench;

    /// The text, and a character that loses flight has it no more.
    #[test]
    fn loses_flight_reads_and_removes_it() {
        let (mut b, pt) = Bench::with_effect("(loses (each opposing) flight this-turn)", "");
        assert_eq!(
            b.effect_text(pt),
            "Characters an opponent controls lose flight this turn."
        );
        let c = b.in_play(1, "trn-009", Row::Front, 0);
        assert!(b.g.has_flight(c));
        b.play(pt, &[]);
        assert!(!b.g.has_flight(c));
    }

    #[test]
    fn only_flight_and_range_are_lost() {
        let text = "(card x \"X\" \"\" (plot-twist (threshold 0)) (effect (loses (each opposing) invulnerability)))";
        let mut pool = crate::db::CardPool::built_in();
        let e = pool.add_file("t.cards", text).unwrap_err().to_string();
        assert!(e.contains("513.2e"), "{e}");
    }
}
