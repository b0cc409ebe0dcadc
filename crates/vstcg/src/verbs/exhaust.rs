//! `(exhaust WHO)`: Exhaust characters (708.16).

use crate::verbs::{Compiler, HostState, Tcg};
use crate::vocab::Who;
use crate::wording::who;
use crate::words::{one_who, R};
use crossover_kernel::Seat;
use crossover_sexpr::Sexp;
use crossover_vs_core::Verb;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Exhaust {
    pub who: Who,
}

impl Verb<Tcg> for Exhaust {
    const WORDS: &'static [&'static str] = &["exhaust"];

    fn compile(c: &mut Compiler<'_>, word: &str, form: &Sexp) -> R<()> {
        let who = one_who(form, word, &mut c.scope)?;
        c.push(Exhaust { who });
        Ok(())
    }

    fn text(&self) -> String {
        format!("Exhaust {}.", who(&self.who))
    }

    fn run(&self, g: &mut HostState) -> Option<Seat> {
        for c in g.who(&self.who) {
            g.exhaust(c);
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use crate::ids::Row;
    use crate::testkit::Bench;

    /// 708.16a: exhaust gives a ready character the exhausted characteristic.
    #[test]
    fn r708_16a_exhaust_exhausts_a_ready_character() {
        let (mut b, pt) = Bench::with_effect(
            "(target 0 character opposing ready) (exhaust (target 0))",
            "",
        );
        assert_eq!(
            b.effect_text(pt),
            "Target 0 is a ready character an opponent controls. Exhaust target 0."
        );
        let c = b.in_play(1, "trn-007", Row::Front, 0);
        b.play(pt, &[c]);
        assert!(b.g.card(c).exhausted);
    }
}
