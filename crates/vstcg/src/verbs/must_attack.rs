//! `(must-attack WHO DEFENDER [DURATION])`: "WHO must attack DEFENDER if able" (601.1c):
//! each character named may be proposed as an attacker only with that character as the
//! proposed defender, unless no such proposal would be legal; while one is, its player
//! can't pass their attack step without proposing it (600.4).

use crate::verbs::{Compiler, HostState, Tcg};
use crate::vocab::{Duration, Who};
use crate::wording::who;
use crate::words::{err, parse_duration, parse_who, R};
use crossover_kernel::Seat;
use crossover_sexpr::Sexp;
use crossover_vs_core::Verb;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct MustAttack {
    pub who: Who,
    pub defender: Who,
    pub duration: Duration,
}

impl Verb<Tcg> for MustAttack {
    const WORDS: &'static [&'static str] = &["must-attack"];

    fn compile(c: &mut Compiler<'_>, _word: &str, form: &Sexp) -> R<()> {
        let (w, d, dur) = match form.args() {
            [w, d] => (w, d, None),
            [w, d, dur] => (w, d, Some(dur)),
            _ => return err(form.pos(), "write `(must-attack WHO DEFENDER [this-turn])`"),
        };
        let who = parse_who(w, &mut c.scope)?;
        let defender = parse_who(d, &mut c.scope)?;
        let duration = parse_duration(dur, &mut c.scope)?;
        c.push(MustAttack {
            who,
            defender,
            duration,
        });
        Ok(())
    }

    fn text(&self) -> String {
        let mut s = format!(
            "{} must attack {}{} if able.",
            who(&self.who),
            who(&self.defender),
            self.duration.words()
        );
        s[..1].make_ascii_uppercase();
        s
    }

    fn run(&self, g: &mut HostState) -> Option<Seat> {
        let &d = g.who(&self.defender).first()?;
        for c in g.who(&self.who) {
            if c != d {
                g.must_attack(c, d, self.duration);
            }
        }
        None
    }
}
