//! `(remove-from-game WHO)`: put cards into their owner's removed-from-game zone, face up
//! (213.7b–c).

use crate::verbs::{Compiler, HostState, Tcg};
use crate::vocab::Who;
use crate::wording::who;
use crate::words::{one_who, R};
use crossover_kernel::Seat;
use crossover_sexpr::Sexp;
use crossover_vs_core::Verb;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct RemoveFromGame {
    pub who: Who,
}

impl Verb<Tcg> for RemoveFromGame {
    const WORDS: &'static [&'static str] = &["remove-from-game"];

    fn compile(c: &mut Compiler<'_>, word: &str, form: &Sexp) -> R<()> {
        let who = one_who(form, word, &mut c.scope)?;
        c.push(RemoveFromGame { who });
        Ok(())
    }

    fn text(&self) -> String {
        format!("Remove {} from the game.", who(&self.who))
    }

    /// 508.2i: done when it removed a card.
    fn run(&self, g: &mut HostState) -> Option<Seat> {
        let cards = g.who(&self.who);
        for &c in &cards {
            g.remove_from_game(c);
        }
        g.set_did(!cards.is_empty());
        None
    }
}

#[cfg(test)]
mod tests {
    use crate::ids::Row;
    use crate::state::Zone;
    use crate::testkit::Bench;

    /// 213.7b–c: a removed card is face up in its owner's removed-from-game zone.
    #[test]
    fn r213_7b_r213_7c_removed_from_the_game_face_up() {
        let (mut b, pt) =
            Bench::with_effect("(target 0 character) (remove-from-game (target 0))", "");
        assert_eq!(
            b.effect_text(pt),
            "Target 0 is a character. Remove target 0 from the game."
        );
        let c = b.in_play(1, "trn-007", Row::Front, 0);
        b.play(pt, &[c]);
        assert_eq!(b.g.card(c).zone, Zone::Removed { face_down: false });
        assert!(b.g.can_see(0, c));
    }
}
