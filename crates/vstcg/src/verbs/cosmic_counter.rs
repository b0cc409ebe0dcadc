//! `(cosmic-counter WHO)`: put a cosmic counter on characters with cosmic (706.7): at
//! most one (706.7d), none on a character without cosmic (706.7e) or a stunned one
//! (706.7f).

use crate::verbs::{Compiler, HostState, Tcg};
use crate::vocab::Who;
use crate::wording::who;
use crate::words::{one_who, R};
use crossover_kernel::Seat;
use crossover_sexpr::Sexp;
use crossover_vs_core::Verb;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct CosmicCounter {
    pub who: Who,
}

impl Verb<Tcg> for CosmicCounter {
    const WORDS: &'static [&'static str] = &["cosmic-counter"];

    fn compile(c: &mut Compiler<'_>, word: &str, form: &Sexp) -> R<()> {
        let who = one_who(form, word, &mut c.scope)?;
        c.push(CosmicCounter { who });
        Ok(())
    }

    fn text(&self) -> String {
        format!("Put a cosmic counter on {}.", who(&self.who))
    }

    fn run(&self, g: &mut HostState) -> Option<Seat> {
        for c in g.who(&self.who) {
            g.add_cosmic_counter(c);
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use crate::ids::Row;
    use crate::testkit::Bench;

    const COSMIC: &str = "(card x-cos \"Star Child\" \"\" (character (cost 2) (atk 2) (def 2)) (keywords cosmic) (cosmic (continuous (stats this 3 0))))";

    /// 706.7b, 706.7a, 706.7c: a cosmic character enters with a counter, its cosmic text
    /// is active only with one, and it loses the counter as it is stunned.
    #[test]
    fn r706_7a_r706_7b_r706_7c_cosmic_counters_gate_cosmic_text() {
        let mut b = Bench::new(COSMIC);
        let c = b.in_hand(0, "x-cos");
        let pos = crate::ids::Position {
            area: crate::ids::Area::Visible,
            row: Row::Front,
            col: 0,
        };
        b.g.enter_play(c, 0, pos, false);
        assert!(b.g.card(c).cosmic);
        assert_eq!(b.g.atk(c), 5);
        b.g.stun(c);
        assert!(!b.g.card(c).cosmic);
        b.g.recover(c);
        assert_eq!(b.g.atk(c), 2);
    }

    /// 706.7d–f: at most one counter, none without cosmic, none while stunned.
    #[test]
    fn r706_7d_r706_7e_r706_7f_where_cosmic_counters_go() {
        let (mut b, pt) = Bench::with_effect("(cosmic-counter (each yours))", COSMIC);
        assert_eq!(
            b.effect_text(pt),
            "Put a cosmic counter on each character you control."
        );
        let star = b.in_play(0, "x-cos", Row::Front, 0);
        let plain = b.in_play(0, "trn-007", Row::Front, 1);
        let down = b.in_play(0, "x-cos", Row::Front, 2);
        b.g.stun(down);
        b.play(pt, &[]);
        assert!(b.g.card(star).cosmic && !b.g.card(plain).cosmic && !b.g.card(down).cosmic);
    }
}
