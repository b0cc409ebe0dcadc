//! `(becomes WHO atk|def|atk-def N [DURATION])`: the characters' ATK, DEF or both become
//! N (513.1f): a continuous modifier that overwrites the changes timestamped before it
//! and is changed by those timestamped after it. `(each ...)` is not flagged (513.2c).

use crate::verbs::{Compiler, HostState, Tcg};
use crate::vocab::{Amount, Duration, Who};
use crate::wording::{amount, who};
use crate::words::{err, parse_amount, parse_duration, parse_who, R};
use crossover_kernel::Seat;
use crossover_sexpr::Sexp;
use crossover_vs_core::Verb;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Becomes {
    pub who: Who,
    pub atk: bool,
    pub def: bool,
    pub n: Amount,
    pub duration: Duration,
}

impl Verb<Tcg> for Becomes {
    const WORDS: &'static [&'static str] = &["becomes"];

    fn compile(c: &mut Compiler<'_>, _word: &str, form: &Sexp) -> R<()> {
        let usage = "write `(becomes WHO atk|def|atk-def N [this-attack|this-turn])`";
        let (w, what, n, d) = match form.args() {
            [w, what, n] => (w, what, n, None),
            [w, what, n, d] => (w, what, n, Some(d)),
            _ => return err(form.pos(), usage),
        };
        let (atk, def) = match what.as_atom() {
            Some("atk") => (true, false),
            Some("def") => (false, true),
            Some("atk-def") => (true, true),
            _ => return err(what.pos(), usage),
        };
        let who = parse_who(w, &mut c.scope)?;
        let n = parse_amount(n, &mut c.scope)?;
        let duration = parse_duration(d, &mut c.scope)?;
        c.push(Becomes {
            who,
            atk,
            def,
            n,
            duration,
        });
        Ok(())
    }

    fn text(&self) -> String {
        let what = match (self.atk, self.def) {
            (true, true) => "ATK and DEF",
            (true, false) => "ATK",
            _ => "DEF",
        };
        let whose = match &self.who {
            Who::Each(_) => format!("The {what} of {}", who(&self.who)),
            w => {
                let mut s = format!("{}'s {what}", who(w));
                s[..1].make_ascii_uppercase();
                s
            }
        };
        let verb = if self.atk && self.def {
            "each become"
        } else {
            "becomes"
        };
        format!(
            "{whose} {verb} {}{}.",
            amount(&self.n),
            self.duration.words()
        )
    }

    fn run(&self, g: &mut HostState) -> Option<Seat> {
        let n = g.amount(&self.n);
        g.set_stats(
            &self.who,
            self.atk.then_some(n),
            self.def.then_some(n),
            self.duration,
        );
        None
    }
}

#[cfg(test)]
mod tests {
    use crate::ids::Row;
    use crate::testkit::Bench;

    /// The text, and a "becomes" on each character that matches as it lasts.
    #[test]
    fn becomes_reads_and_sets_the_value() {
        let (mut b, pt) = Bench::with_effect(
            "(target 0 character) (becomes (target 0) atk 2 this-turn) (becomes (each opposing) def 1 this-turn)",
            "",
        );
        assert_eq!(
            b.effect_text(pt),
            "Target 0 is a character. Target 0's ATK becomes 2 this turn. The DEF of each character an opponent controls becomes 1 this turn."
        );
        let c = b.in_play(0, "trn-007", Row::Front, 0); // 6/5
        b.play(pt, &[c]);
        assert_eq!((b.g.atk(c), b.g.def_value(c)), (2, 5));
        let later = b.in_play(1, "trn-006", Row::Front, 0);
        assert_eq!(b.g.def_value(later), 1, "513.2c: not flagged");
    }
}
