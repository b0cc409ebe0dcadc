//! `(discard-sharing-name WHO)`: the controller of the character named reveals their
//! hand and discards every character card in it that shares a name with that character
//! (708.9, 708.17; 201.2d: sharing a name). The character is the one named ("that
//! character"), even if a replacement stunned another instead of it (VS-TCG-156).

use crate::verbs::{Compiler, HostState, Tcg};
use crate::vocab::Who;
use crate::wording::who;
use crate::words::{one_who, R};
use crossover_kernel::Seat;
use crossover_sexpr::Sexp;
use crossover_vs_core::Verb;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct DiscardSharingName {
    pub who: Who,
}

impl Verb<Tcg> for DiscardSharingName {
    const WORDS: &'static [&'static str] = &["discard-sharing-name"];

    fn compile(c: &mut Compiler<'_>, word: &str, form: &Sexp) -> R<()> {
        let who = one_who(form, word, &mut c.scope)?;
        c.push(DiscardSharingName { who });
        Ok(())
    }

    fn text(&self) -> String {
        let w = who(&self.who);
        format!(
            "The controller of {w} shows their hand to every player, then puts each character card there with a name in common with {w} into their KO'd pile."
        )
    }

    /// 508.2i: done when a card was discarded.
    fn run(&self, g: &mut HostState) -> Option<Seat> {
        let mut did = false;
        for c in g.who(&self.who) {
            let p = g.controller_of(c);
            g.reveal_hand(p);
            for h in g.hand(p) {
                if g.is_character_card(h) && g.shares_name_with(h, c) {
                    g.discard(h);
                    did = true;
                }
            }
        }
        g.set_did(did);
        None
    }
}

#[cfg(test)]
mod tests {
    use crate::ids::Row;
    use crate::state::Zone;
    use crate::testkit::Bench;

    /// 708.17, 201.2d: the character cards sharing the character's name are discarded;
    /// other cards stay in the hand.
    #[test]
    fn r708_17_the_character_cards_sharing_its_name_are_discarded() {
        let (mut b, pt) = Bench::with_effect(
            "(target 0 character opposing) (discard-sharing-name (target 0))",
            "",
        );
        assert_eq!(
            b.effect_text(pt),
            "Target 0 is a character an opponent controls. The controller of target 0 shows their hand to every player, then puts each character card there with a name in common with target 0 into their KO'd pile."
        );
        let lt = b.in_play(1, "trn-007", Row::Front, 0);
        let same = b.in_hand(1, "trn-007");
        let other = b.in_hand(1, "trn-021");
        b.play(pt, &[lt]);
        assert_eq!(b.g.card(same).zone, Zone::KoPile);
        assert_eq!(b.g.card(other).zone, Zone::Hand);
    }
}
