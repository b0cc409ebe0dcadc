//! `(to-deck-top WHO)`: characters in play are put on the top of their owners' decks
//! (213.2: a deck is hidden; the card is a new object there, 213.1c).

use crate::verbs::{Compiler, HostState, Tcg};
use crate::vocab::Who;
use crate::wording::who;
use crate::words::{one_who, R};
use crossover_kernel::Seat;
use crossover_sexpr::Sexp;
use crossover_vs_core::Verb;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ToDeckTop {
    pub who: Who,
}

impl Verb<Tcg> for ToDeckTop {
    const WORDS: &'static [&'static str] = &["to-deck-top"];

    fn compile(c: &mut Compiler<'_>, word: &str, form: &Sexp) -> R<()> {
        let who = one_who(form, word, &mut c.scope)?;
        c.push(ToDeckTop { who });
        Ok(())
    }

    fn text(&self) -> String {
        let mut s = format!("Put {} on the top of its owner's deck.", who(&self.who));
        s[..1].make_ascii_uppercase();
        s
    }

    fn run(&self, g: &mut HostState) -> Option<Seat> {
        for c in g.who(&self.who) {
            g.to_deck_top(c);
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use crate::ids::Row;
    use crate::state::Zone;
    use crate::testkit::Bench;

    /// 213.2: the character goes on the top of its owner's deck, leaving play.
    #[test]
    fn a_character_goes_on_top_of_its_owners_deck() {
        let (mut b, pt) = Bench::with_effect("(target 0 character) (to-deck-top (target 0))", "");
        assert_eq!(
            b.effect_text(pt),
            "Target 0 is a character. Put target 0 on the top of its owner's deck."
        );
        let c = b.in_play(1, "trn-007", Row::Front, 0);
        b.play(pt, &[c]);
        assert_eq!(b.g.card(c).zone, Zone::Deck);
        assert_eq!(b.g.player(1).deck.last(), Some(&c));
    }
}
