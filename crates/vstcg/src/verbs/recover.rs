//! `(recover WHO)`: Recover characters (708.6).

use crate::verbs::{Compiler, HostState, Tcg};
use crate::vocab::Who;
use crate::wording::who;
use crate::words::{one_who, R};
use crossover_kernel::Seat;
use crossover_sexpr::Sexp;
use crossover_vs_core::Verb;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Recover {
    pub who: Who,
}

impl Verb<Tcg> for Recover {
    const WORDS: &'static [&'static str] = &["recover"];

    fn compile(c: &mut Compiler<'_>, word: &str, form: &Sexp) -> R<()> {
        let who = one_who(form, word, &mut c.scope)?;
        c.push(Recover { who });
        Ok(())
    }

    fn text(&self) -> String {
        format!("Recover {}.", who(&self.who))
    }

    fn run(&self, g: &mut HostState) -> Option<Seat> {
        for c in g.who(&self.who) {
            g.recover(c);
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use crate::ids::Row;
    use crate::testkit::Bench;

    /// 708.6a–b: recover turns a stunned character face up; it stays exhausted. A
    /// non-stunned character can't be recovered.
    #[test]
    fn r708_6a_r708_6b_recover_turns_it_face_up_and_it_stays_exhausted() {
        let (mut b, pt) = Bench::with_effect("(recover (each yours))", "");
        assert_eq!(b.effect_text(pt), "Recover each character you control.");
        let down = b.in_play(0, "trn-007", Row::Front, 0);
        let up = b.in_play(0, "trn-006", Row::Front, 1);
        b.g.stun(down);
        b.play(pt, &[]);
        assert!(!b.g.card(down).stunned && b.g.card(down).exhausted);
        assert!(!b.g.card(up).stunned && !b.g.card(up).exhausted);
    }
}
