//! `(return-to-hand WHO)`: put characters into their owners' hands.

use crate::verbs::{Compiler, HostState, Pcg};
use crate::vocab::Who;
use crate::wording::who;
use crate::words::{one_who, E};
use crossover_kernel::Seat;
use crossover_sexpr::Sexp;
use crossover_vs_core::Verb;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ReturnToHand {
    pub who: Who,
}

impl Verb<Pcg> for ReturnToHand {
    const WORDS: &'static [&'static str] = &["return-to-hand"];

    fn compile(c: &mut Compiler<'_>, word: &str, form: &Sexp) -> Result<(), E> {
        let who = one_who(form, word, c.scope)?;
        c.push(ReturnToHand { who });
        Ok(())
    }

    fn text(&self) -> String {
        format!("Put {} into its owner's hand.", who(&self.who))
    }

    fn run(&self, g: &mut HostState) -> Option<Seat> {
        for c in g.who(&self.who) {
            g.return_to_hand(c);
        }
        None
    }
}

#[cfg(all(test, feature = "testkit"))]
mod tests {
    use crate::action::Action;
    use crate::ids::Zone;
    use crate::testkit::verb_bench;
    use crossover_kernel::Game;

    /// Zones: the character leaves play for its owner's hand.
    #[test]
    fn return_to_hand_does_what_the_rulebook_says() {
        let (mut g, pt, mine, theirs) =
            verb_bench("(choose 0 (enemy supporting character)) (return-to-hand (chosen 0))");
        let text = crate::text::steps(&g.def(pt).effect);
        assert!(
            text.ends_with("Put that character into its owner's hand."),
            "{text}"
        );
        g.apply(&Action::PlayPlotTwist { card: pt }).unwrap();
        assert_eq!(g.card(theirs).zone(), Zone::Hand);
        assert!(g.players()[1].hand().contains(&theirs));
        assert_eq!(g.card(mine).zone(), Zone::Front);
    }
}
