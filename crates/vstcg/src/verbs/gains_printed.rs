//! `(gains-printed WHO FROM atk-def|cost [DURATION])`: the characters named gain the
//! printed ATK and DEF (211.2a) or the printed cost (203.2a) of the first character FROM
//! names: their values go up by that card's printed values, read as the step runs (a
//! costless card adds nothing); their own printed values don't change.

use crate::verbs::{Compiler, HostState, Tcg};
use crate::vocab::{Amount, Duration, PrintedValue, Who};
use crate::wording::who;
use crate::words::{err, parse_duration, parse_who, R};
use crossover_kernel::Seat;
use crossover_sexpr::Sexp;
use crossover_vs_core::Verb;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct GainsPrinted {
    pub who: Who,
    pub from: Who,
    /// The cost, else ATK and DEF.
    pub cost: bool,
    pub duration: Duration,
}

impl Verb<Tcg> for GainsPrinted {
    const WORDS: &'static [&'static str] = &["gains-printed"];

    fn compile(c: &mut Compiler<'_>, _word: &str, form: &Sexp) -> R<()> {
        let usage = "write `(gains-printed WHO FROM atk-def|cost [this-attack|this-turn])`";
        let (w, from, what, d) = match form.args() {
            [w, f, what] => (w, f, what, None),
            [w, f, what, d] => (w, f, what, Some(d)),
            _ => return err(form.pos(), usage),
        };
        let cost = match what.as_atom() {
            Some("cost") => true,
            Some("atk-def") => false,
            _ => return err(what.pos(), usage),
        };
        let who = parse_who(w, &mut c.scope)?;
        let from = parse_who(from, &mut c.scope)?;
        let duration = parse_duration(d, &mut c.scope)?;
        c.push(GainsPrinted {
            who,
            from,
            cost,
            duration,
        });
        Ok(())
    }

    fn text(&self) -> String {
        let what = if self.cost {
            "the printed cost"
        } else {
            "the printed ATK and DEF"
        };
        let mut s = format!(
            "{} gains {what} of {}{}.",
            who(&self.who),
            who(&self.from),
            self.duration.words()
        );
        s[..1].make_ascii_uppercase();
        s
    }

    fn run(&self, g: &mut HostState) -> Option<Seat> {
        let value = |v| Amount::Printed(v, self.from.clone());
        if g.who(&self.from).is_empty() {
            return None;
        }
        let targets = g.who(&self.who);
        if self.cost {
            let n = g.amount(&value(PrintedValue::Cost));
            for c in targets {
                g.raise_cost(c, n, self.duration);
            }
        } else {
            let atk = g.amount(&value(PrintedValue::Atk));
            let def = g.amount(&value(PrintedValue::Def));
            for c in targets {
                g.modify(c, atk, def, None, self.duration);
            }
        }
        None
    }
}
