//! `(reset-to-base WHO)`: take the +1/+1 counters off characters; their current ATK and
//! DEF become their base ATK and DEF this combat (Even the Odds).

use crate::verbs::{Compiler, HostState, Pcg};
use crate::vocab::Who;
use crate::wording::who;
use crate::words::{one_who, E};
use crossover_kernel::Seat;
use crossover_sexpr::Sexp;
use crossover_vs_core::Verb;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ResetToBase {
    pub who: Who,
}

impl Verb<Pcg> for ResetToBase {
    const WORDS: &'static [&'static str] = &["reset-to-base"];

    fn compile(c: &mut Compiler<'_>, word: &str, form: &Sexp) -> Result<(), E> {
        let who = one_who(form, word, c.scope)?;
        c.push(ResetToBase { who });
        Ok(())
    }

    fn text(&self) -> String {
        format!(
            "Remove the +1/+1 counters from {}; its ATK and DEF become its base ATK and DEF this combat.",
            who(&self.who)
        )
    }

    fn run(&self, g: &mut HostState) -> Option<Seat> {
        let source = g.source();
        for c in g.who(&self.who) {
            g.reset_to_base(c);
            g.stun_at_zero_def(c, Some(source));
        }
        None
    }
}

#[cfg(all(test, feature = "testkit"))]
mod tests {
    use crate::action::Action;
    use crate::testkit::verb_bench;
    use crossover_kernel::Game;

    /// +1/+1 Counters p.21 and base ATK/DEF: the counters come off and the 2/2 is a 2/2
    /// again.
    #[test]
    fn reset_to_base_does_what_the_rulebook_says() {
        let (mut g, pt, mine, theirs) = verb_bench(
            "(choose 0 (yours supporting character)) (plus-counters (chosen 0) 2) \
             (reset-to-base (chosen 0))",
        );
        let text = crate::text::steps(&g.def(pt).effect);
        assert!(
            text.ends_with("Remove the +1/+1 counters from that character; its ATK and DEF become its base ATK and DEF this combat."),
            "{text}"
        );
        g.apply(&Action::PlayPlotTwist { card: pt }).unwrap();
        assert_eq!(g.card(mine).plus(), 0);
        assert_eq!(g.stats(mine), (2, 2));
        let _ = theirs;
    }
}
