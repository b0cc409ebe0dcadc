//! `(remove-top-of-deck PLAYER AMOUNT)`: the player removes that many cards from the top
//! of their deck from the game, face up (213.7); as many as the deck holds (511.1d).

use crate::verbs::{Compiler, HostState, Tcg};
use crate::vocab::{Amount, PlayerWho};
use crate::wording::{amount, player};
use crate::words::{player_and_amount, R};
use crossover_kernel::Seat;
use crossover_sexpr::Sexp;
use crossover_vs_core::Verb;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct RemoveTopOfDeck {
    pub who: PlayerWho,
    pub n: Amount,
}

impl Verb<Tcg> for RemoveTopOfDeck {
    const WORDS: &'static [&'static str] = &["remove-top-of-deck"];

    fn compile(c: &mut Compiler<'_>, word: &str, form: &Sexp) -> R<()> {
        let (who, n) = player_and_amount(form, word, &mut c.scope)?;
        c.push(RemoveTopOfDeck { who, n });
        Ok(())
    }

    fn text(&self) -> String {
        let who = player(&self.who);
        let (verb, their) = if matches!(self.who, PlayerWho::You) {
            ("remove", "your")
        } else {
            ("removes", "their")
        };
        let n = amount(&self.n);
        let cards = if n == "1" { "card" } else { "cards" };
        let mut s = format!("{who} {verb} the top {n} {cards} of {their} deck from the game.");
        s[..1].make_ascii_uppercase();
        s
    }

    fn run(&self, g: &mut HostState) -> Option<Seat> {
        let n = g.amount(&self.n).clamp(0, 200);
        for p in g.players(&self.who) {
            for _ in 0..n {
                let Some(&top) = g.deck(p).last() else {
                    break;
                };
                g.remove_from_game(top);
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use crate::state::Zone;
    use crate::testkit::Bench;

    /// 213.7: the top cards of a deck go to the removed-from-game zone, face up; no more
    /// than the deck holds (511.1d).
    #[test]
    fn r213_7_the_top_cards_of_a_deck_are_removed() {
        let (mut b, pt) = Bench::with_effect("(remove-top-of-deck each-opponent 2)", "");
        assert_eq!(
            b.effect_text(pt),
            "Each opponent removes the top 2 cards of their deck from the game."
        );
        // One card left in player 2's deck: it is removed, and nothing more.
        let deck = b.g.player(1).deck.clone();
        for &c in &deck[1..] {
            b.g.move_card(c, Zone::Hand);
        }
        b.play(pt, &[]);
        assert!(b.g.player(1).deck.is_empty());
        assert_eq!(b.g.card(deck[0]).zone, Zone::Removed { face_down: false });
        assert_eq!(b.g.player(1).removed.len(), 1);
    }
}
