//! `(gets-while-attacking WHO ATK DEF (vs TEST...) [DURATION])`: "WHO get +ATK/+DEF while
//! attacking a <tests> character": a continuous modifier that applies to a character only
//! while it is an attacker whose defender passes the tests. `chosen-affiliation` among the
//! tests is the affiliation chosen earlier in the effect (511.4), fixed as the modifier is
//! made. With `(each ...)` it applies to every character that matches as it lasts,
//! characters recruited later too (513.2c).

use crate::verbs::{Compiler, HostState, Tcg};
use crate::vocab::{Amount, Duration, Filter, Who};
use crate::wording::{stats, who};
use crate::words::{err, parse_amount, parse_duration, parse_filter, parse_who, R};
use crossover_kernel::Seat;
use crossover_sexpr::Sexp;
use crossover_vs_core::Verb;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct GetsWhileAttacking {
    pub who: Who,
    pub atk: Amount,
    pub def: Amount,
    /// What the defender must be.
    pub vs: Filter,
    /// The defender must have the affiliation chosen earlier in the effect.
    pub chosen_affiliation: bool,
    pub duration: Duration,
}

impl Verb<Tcg> for GetsWhileAttacking {
    const WORDS: &'static [&'static str] = &["gets-while-attacking"];

    fn compile(c: &mut Compiler<'_>, _word: &str, form: &Sexp) -> R<()> {
        let (w, atk, def, vs, d) = match form.args() {
            [w, a, d, vs] => (w, a, d, vs, None),
            [w, a, d, vs, dur] => (w, a, d, vs, Some(dur)),
            _ => {
                return err(
                    form.pos(),
                    "write `(gets-while-attacking WHO ATK DEF (vs TEST...) [this-turn])`",
                )
            }
        };
        if vs.head() != Some("vs") {
            return err(vs.pos(), "write `(vs TEST...)`: what the defender must be");
        }
        let who = parse_who(w, &mut c.scope)?;
        let atk = parse_amount(atk, &mut c.scope)?;
        let def = parse_amount(def, &mut c.scope)?;
        let chosen_affiliation = vs
            .args()
            .iter()
            .any(|t| t.as_atom() == Some("chosen-affiliation"));
        let tests: Vec<Sexp> = vs
            .args()
            .iter()
            .filter(|t| t.as_atom() != Some("chosen-affiliation"))
            .cloned()
            .collect();
        let vs = parse_filter(&tests, &mut c.scope)?;
        let duration = parse_duration(d, &mut c.scope)?;
        c.push(GetsWhileAttacking {
            who,
            atk,
            def,
            vs,
            chosen_affiliation,
            duration,
        });
        Ok(())
    }

    fn text(&self) -> String {
        let (subject, verb) = match &self.who {
            Who::Each(f) => (crate::wording::filter(f, true), "get"),
            w => (who(w), "gets"),
        };
        let mut defender = crate::wording::filter(&self.vs, false);
        if self.chosen_affiliation {
            defender += " with the chosen affiliation";
        }
        let mut s = format!(
            "{subject} {verb} {} while attacking a {defender}{}.",
            stats(&self.atk, &self.def),
            self.duration.words()
        );
        s[..1].make_ascii_uppercase();
        s
    }

    fn run(&self, g: &mut HostState) -> Option<Seat> {
        let (atk, def) = (g.amount(&self.atk), g.amount(&self.def));
        let mut vs = self.vs.clone();
        if self.chosen_affiliation {
            // Nothing chosen: no modifier (508.2c: as much as possible).
            vs.0.push(g.chosen_affiliation_test()?);
        }
        g.modify_while_attacking(&self.who, atk, def, vs, self.duration);
        None
    }
}

#[cfg(test)]
mod tests {
    use crate::testkit::Bench;

    #[test]
    fn gets_while_attacking_text() {
        let (b, pt) = Bench::with_effect(
            "(gets-while-attacking (each yours) 2 0 (vs exhausted) this-turn)",
            "",
        );
        assert_eq!(
            b.effect_text(pt),
            "Characters you control get +2 ATK while attacking a exhausted character this turn."
        );
    }
}
