//! `(swap-atk-def WHO)`: switch characters' current ATK and DEF this combat (Trickster
//! God); a character left with 0 DEF is stunned (p.13).

use crate::verbs::{Compiler, HostState, Pcg};
use crate::vocab::Who;
use crate::wording::who;
use crate::words::{one_who, E};
use crossover_kernel::Seat;
use crossover_sexpr::Sexp;
use crossover_vs_core::Verb;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct SwapAtkDef {
    pub who: Who,
}

impl Verb<Pcg> for SwapAtkDef {
    const WORDS: &'static [&'static str] = &["swap-atk-def"];

    fn compile(c: &mut Compiler<'_>, word: &str, form: &Sexp) -> Result<(), E> {
        let who = one_who(form, word, c.scope)?;
        c.push(SwapAtkDef { who });
        Ok(())
    }

    fn text(&self) -> String {
        format!(
            "Switch the current ATK and DEF of {} this combat.",
            who(&self.who)
        )
    }

    fn run(&self, g: &mut HostState) -> Option<Seat> {
        let source = g.source();
        for c in g.who(&self.who) {
            g.switch_atk_def(c);
            g.log_line(&mut |g| format!("{}'s ATK and DEF are switched.", g.card_name(c)));
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

    /// Continuous Effects and Modifiers p.21: a 3/2 (a 2/2 with +1 ATK) becomes a 2/3.
    #[test]
    fn swap_atk_def_does_what_the_rulebook_says() {
        let (mut g, pt, mine, theirs) = verb_bench(
            "(choose 0 (yours supporting character)) (modify (chosen 0) 1 0 this-turn) \
             (swap-atk-def (chosen 0))",
        );
        let text = crate::text::steps(&g.def(pt).effect);
        assert!(
            text.ends_with("Switch the current ATK and DEF of that character this combat."),
            "{text}"
        );
        g.apply(&Action::PlayPlotTwist { card: pt }).unwrap();
        assert_eq!(g.stats(mine), (2, 3));
        assert_eq!(g.stats(theirs), (2, 2));
    }
}
