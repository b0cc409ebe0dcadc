//! `(gets WHO ATK DEF [this-attack|this-turn])`: characters get +X/+Y (511.9); a
//! continuous modifier with a duration (513.2), or a one-object one for a target (508.2d).
//! `(each ...)` is not flagged: it applies to whatever matches while it lasts (513.2c).

use crate::verbs::{Compiler, HostState, Tcg};
use crate::vocab::{Amount, Duration, Who};
use crate::wording::{stats, who};
use crate::words::{err, parse_amount, parse_duration, parse_who, R};
use crossover_kernel::Seat;
use crossover_sexpr::Sexp;
use crossover_vs_core::Verb;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Gets {
    pub who: Who,
    pub atk: Amount,
    pub def: Amount,
    pub duration: Duration,
}

impl Verb<Tcg> for Gets {
    const WORDS: &'static [&'static str] = &["gets"];

    fn compile(c: &mut Compiler<'_>, _word: &str, form: &Sexp) -> R<()> {
        let (w, atk, def, d) = match form.args() {
            [w, a, d] => (w, a, d, None),
            [w, a, d, dur] => (w, a, d, Some(dur)),
            _ => {
                return err(
                    form.pos(),
                    "write `(gets WHO ATK DEF [this-attack|this-turn])`",
                )
            }
        };
        let who = parse_who(w, &mut c.scope)?;
        let atk = parse_amount(atk, &mut c.scope)?;
        let def = parse_amount(def, &mut c.scope)?;
        let duration = parse_duration(d, &mut c.scope)?;
        c.push(Gets {
            who,
            atk,
            def,
            duration,
        });
        Ok(())
    }

    fn text(&self) -> String {
        let mut s = format!(
            "{} gets {}{}.",
            who(&self.who),
            stats(&self.atk, &self.def),
            self.duration.words()
        );
        s[..1].make_ascii_uppercase();
        s
    }

    fn run(&self, g: &mut HostState) -> Option<Seat> {
        let (atk, def) = (g.amount(&self.atk), g.amount(&self.def));
        match &self.who {
            Who::Each(f) => g.modify_all(f, atk, def, None, self.duration),
            w => {
                for c in g.who(w) {
                    g.modify(c, atk, def, None, self.duration);
                }
            }
        }
        None
    }
}
