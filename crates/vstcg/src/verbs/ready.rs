//! `(ready WHO)`: Ready characters (708.15).

use crate::verbs::{Compiler, HostState, Tcg};
use crate::vocab::Who;
use crate::wording::who;
use crate::words::{one_who, R};
use crossover_kernel::Seat;
use crossover_sexpr::Sexp;
use crossover_vs_core::Verb;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Ready {
    pub who: Who,
}

impl Verb<Tcg> for Ready {
    const WORDS: &'static [&'static str] = &["ready"];

    fn compile(c: &mut Compiler<'_>, word: &str, form: &Sexp) -> R<()> {
        let who = one_who(form, word, &mut c.scope)?;
        c.push(Ready { who });
        Ok(())
    }

    fn text(&self) -> String {
        format!("Ready {}.", who(&self.who))
    }

    fn run(&self, g: &mut HostState) -> Option<Seat> {
        for c in g.who(&self.who) {
            g.ready(c);
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use crate::ids::Row;
    use crate::testkit::Bench;

    /// 708.15a and 701.12a (VS-TCG-006): ready makes an exhausted character ready, but
    /// a stunned character can't be readied.
    #[test]
    fn r708_15a_r701_12a_ready_readies_but_not_a_stunned_character() {
        let (mut b, pt) = Bench::with_effect("(ready (each yours))", "");
        assert_eq!(b.effect_text(pt), "Ready each character you control.");
        let tired = b.in_play(0, "trn-007", Row::Front, 0);
        let down = b.in_play(0, "trn-006", Row::Front, 1);
        b.g.exhaust(tired);
        b.g.stun(down);
        b.play(pt, &[]);
        assert!(!b.g.card(tired).exhausted);
        assert!(b.g.card(down).exhausted && b.g.card(down).stunned);
    }
}
