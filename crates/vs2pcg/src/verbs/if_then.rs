//! `(if COND STEP...)`: the steps it governs run only if the condition holds as the step
//! is reached; otherwise they are skipped.

use crate::verbs::{Compiler, HostState, Pcg, Step};
use crate::vocab::Cond;
use crate::wording::{cond, lower_first};
use crate::words::{err, parse_cond, E};
use crossover_kernel::Seat;
use crossover_sexpr::Sexp;
use crossover_vs_core::Verb;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct If {
    pub cond: Cond,
    /// How many of the steps after this one it governs.
    pub skip: u8,
}

impl Verb<Pcg> for If {
    const WORDS: &'static [&'static str] = &["if"];

    fn compile(c: &mut Compiler<'_>, _word: &str, form: &Sexp) -> Result<(), E> {
        let a = form.args();
        let Some(first) = a.first() else {
            return err(form.pos(), "`if` is written (if COND STEP...)");
        };
        let cond = parse_cond(first, c.scope)?;
        c.wrapping(form, &a[1..], Step::If(If { cond, skip: 0 }), |s, n| {
            if let Step::If(i) = s {
                i.skip = n;
            }
        })
    }

    /// Worded with the steps it governs ([`If::text_around`]).
    fn text(&self) -> String {
        String::new()
    }

    fn run(&self, g: &mut HostState) -> Option<Seat> {
        if !g.cond_holds(&self.cond) {
            g.skip_steps(self.skip as usize);
        }
        None
    }
}

impl If {
    /// "If <condition>, <what the governed steps say>".
    pub(crate) fn text_around(&self, inner: &str) -> String {
        format!("If {}, {}", cond(&self.cond), lower_first(inner))
    }
}

#[cfg(all(test, feature = "testkit"))]
mod tests {
    use crate::action::Action;
    use crate::testkit::verb_bench;
    use crossover_kernel::Game;

    /// The governed steps run only while the condition holds as the step is reached.
    #[test]
    fn if_does_what_its_card_says() {
        for (cond, drawn) in [("hand-empty", 0), ("(not hand-empty)", 1)] {
            let (mut g, pt, _, _) = verb_bench(&format!("(if {cond} (draw you 1))"));
            let text = crate::text::steps(&g.def(pt).effect);
            assert!(text.starts_with("If "), "{text}");
            let hand = g.players()[0].hand().len();
            g.apply(&Action::PlayPlotTwist { card: pt }).unwrap();
            // The plot twist left the hand; a draw brought one in.
            assert_eq!(g.players()[0].hand().len(), hand - 1 + drawn, "{cond}");
        }
    }
}
