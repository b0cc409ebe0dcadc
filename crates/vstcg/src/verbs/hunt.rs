//! `(hunt WHO)`: the character becomes hunted by the effect's controller (706.17); a
//! player hunts one character at a time, so any other stops being hunted by them
//! (706.17a). The filter test `hunted` names it ("hunted by you").

use crate::verbs::{Compiler, HostState, Tcg};
use crate::vocab::Who;
use crate::wording::who;
use crate::words::{one_who, R};
use crossover_kernel::Seat;
use crossover_sexpr::Sexp;
use crossover_vs_core::Verb;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Hunt {
    pub who: Who,
}

impl Verb<Tcg> for Hunt {
    const WORDS: &'static [&'static str] = &["hunt"];

    fn compile(c: &mut Compiler<'_>, word: &str, form: &Sexp) -> R<()> {
        let who = one_who(form, word, &mut c.scope)?;
        c.push(Hunt { who });
        Ok(())
    }

    fn text(&self) -> String {
        let mut s = format!("{} becomes hunted by you.", who(&self.who));
        s[..1].make_ascii_uppercase();
        s
    }

    /// The first character named (one at a time, 706.17a).
    fn run(&self, g: &mut HostState) -> Option<Seat> {
        if let Some(&c) = g.who(&self.who).first() {
            let p = g.controller();
            g.hunt(p, c);
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use crate::ids::Row;
    use crate::testkit::Bench;

    #[test]
    fn hunt_makes_the_character_hunted_by_the_controller() {
        let (mut b, pt) = Bench::with_effect("(target 0 character opposing) (hunt (target 0))", "");
        assert_eq!(
            b.effect_text(pt),
            "Target 0 is a character an opponent controls. Target 0 becomes hunted by you."
        );
        let c = b.in_play(1, "trn-007", Row::Front, 0);
        b.play(pt, &[c]);
        assert_eq!(b.g.hunted_by(0), Some(c));
        assert_eq!(b.g.hunted_by(1), None);
    }
}
