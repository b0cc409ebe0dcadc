//! `(return-to-hand WHO)`: Return to its owner's hand characters (213.1e).

use crate::verbs::{Compiler, HostState, Tcg};
use crate::vocab::Who;
use crate::wording::who;
use crate::words::{one_who, R};
use crossover_kernel::Seat;
use crossover_sexpr::Sexp;
use crossover_vs_core::Verb;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ReturnToHand {
    pub who: Who,
}

impl Verb<Tcg> for ReturnToHand {
    const WORDS: &'static [&'static str] = &["return-to-hand"];

    fn compile(c: &mut Compiler<'_>, word: &str, form: &Sexp) -> R<()> {
        let who = one_who(form, word, &mut c.scope)?;
        c.push(ReturnToHand { who });
        Ok(())
    }

    fn text(&self) -> String {
        format!("Return {} to its owner's hand.", who(&self.who))
    }

    fn run(&self, g: &mut HostState) -> Option<Seat> {
        for c in g.who(&self.who) {
            g.return_to_hand(c);
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use crate::ids::Row;
    use crate::state::Zone;
    use crate::testkit::Bench;

    /// 213.1e: a card that goes to a hand goes to its owner's hand, as a new card
    /// (213.1c).
    #[test]
    fn r213_1e_r213_1c_a_returned_card_goes_to_its_owners_hand_as_a_new_card() {
        let (mut b, pt) =
            Bench::with_effect("(target 0 character) (return-to-hand (target 0))", "");
        assert_eq!(
            b.effect_text(pt),
            "Target 0 is a character. Return target 0 to its owner's hand."
        );
        let c = b.in_play(1, "trn-007", Row::Front, 0);
        let object = b.g.card(c).object;
        b.play(pt, &[c]);
        assert_eq!(b.g.card(c).zone, Zone::Hand);
        assert!(b.g.player(1).hand().contains(&c));
        assert_ne!(b.g.card(c).object, object);
    }
}
