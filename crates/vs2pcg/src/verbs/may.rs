//! `(may "question" STEP...)`: "you may ...": the controller is asked; if they decline,
//! the steps it governs are skipped.

use crate::action::Action;
use crate::verbs::{Compiler, HostState, Pcg, Step};
use crate::wording::lower_first;
use crate::words::{err, E};
use crossover_kernel::Seat;
use crossover_sexpr::Sexp;
use crossover_vs_core::Verb;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct May {
    /// The question the controller is asked.
    pub prompt: String,
    /// How many of the steps after this one it governs.
    pub skip: u8,
}

impl Verb<Pcg> for May {
    const WORDS: &'static [&'static str] = &["may"];

    fn compile(c: &mut Compiler<'_>, _word: &str, form: &Sexp) -> Result<(), E> {
        let a = form.args();
        let prompt = match a.first() {
            Some(Sexp::Str(s, _)) => s.clone(),
            _ => {
                return err(
                    form.pos(),
                    "`may` is written (may \"question to ask\" STEP...)",
                )
            }
        };
        c.wrapping(form, &a[1..], Step::May(May { prompt, skip: 0 }), |s, n| {
            if let Step::May(m) = s {
                m.skip = n;
            }
        })
    }

    /// Worded with the steps it governs ([`May::text_around`]).
    fn text(&self) -> String {
        String::new()
    }

    fn run(&self, g: &mut HostState) -> Option<Seat> {
        Some(g.controller())
    }

    fn options(&self, _g: &HostState) -> Vec<Action> {
        vec![Action::Yes, Action::No]
    }

    fn answer(&self, g: &mut HostState, a: &Action) -> bool {
        match a {
            Action::Yes => g.next_step(),
            // Past this step and the ones it governs.
            Action::No => g.skip_steps(1 + self.skip as usize),
            _ => return false,
        }
        true
    }

    fn prompt(&self, _g: &HostState) -> Option<String> {
        Some(self.prompt.clone())
    }
}

impl May {
    /// "You may <what the governed steps say>".
    pub(crate) fn text_around(&self, inner: &str) -> String {
        let inner = lower_first(inner);
        format!("You may {}", inner.strip_prefix("you ").unwrap_or(&inner))
    }
}

#[cfg(all(test, feature = "testkit"))]
mod tests {
    use crate::action::Action;
    use crate::ids::Zone;
    use crate::testkit::verb_bench;
    use crossover_kernel::Game;

    /// "You may": declining skips the governed steps, accepting runs them (the enemy
    /// character is chosen and stunned).
    #[test]
    fn may_does_what_its_card_says() {
        // A supporting character stunned is KO'd.
        for (answer, zone) in [(Action::No, Zone::Front), (Action::Yes, Zone::KoPile)] {
            let (mut g, pt, _, theirs) =
                verb_bench("(may \"Stun it?\" (choose 0 (enemy character)) (stun (chosen 0)))");
            let text = crate::text::steps(&g.def(pt).effect);
            assert!(text.starts_with("You may choose"), "{text}");
            g.apply(&Action::PlayPlotTwist { card: pt }).unwrap();
            assert_eq!(g.legal_actions(), vec![Action::Yes, Action::No]);
            g.apply(&answer).unwrap();
            if answer == Action::Yes {
                g.apply(&Action::Choose { card: theirs }).unwrap();
            }
            assert_eq!(g.card(theirs).zone(), zone, "after {answer:?}");
        }
    }
}
