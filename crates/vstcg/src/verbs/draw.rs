//! `(draw PLAYER AMOUNT)` (708.18).

use crate::verbs::{Compiler, HostState, Tcg};
use crate::vocab::{Amount, PlayerWho};
use crate::wording::{amount, player};
use crate::words::{player_and_amount, R};
use crossover_kernel::Seat;
use crossover_sexpr::Sexp;
use crossover_vs_core::Verb;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Draw {
    pub who: PlayerWho,
    pub n: Amount,
}

impl Verb<Tcg> for Draw {
    const WORDS: &'static [&'static str] = &["draw"];

    fn compile(c: &mut Compiler<'_>, word: &str, form: &Sexp) -> R<()> {
        let (who, n) = player_and_amount(form, word, &mut c.scope)?;
        c.push(Draw { who, n });
        Ok(())
    }

    fn text(&self) -> String {
        let who = player(&self.who);
        let verb = if matches!(self.who, PlayerWho::You) {
            "draw"
        } else {
            "draws"
        };
        let n = amount(&self.n);
        let cards = if n == "1" { "card" } else { "cards" };
        let mut s = format!("{who} {verb} {n} {cards}.");
        s[..1].make_ascii_uppercase();
        s
    }

    fn run(&self, g: &mut HostState) -> Option<Seat> {
        let n = g.amount(&self.n);
        for p in g.players(&self.who) {
            g.draw(p, n.max(0) as u32);
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use crate::testkit::Bench;

    /// 708.18a: drawing takes cards from the top of the deck into the hand.
    #[test]
    fn r708_18a_draw_takes_the_top_cards_into_the_hand() {
        let (mut b, pt) = Bench::with_effect("(draw you 2)", "");
        assert_eq!(b.effect_text(pt), "You draw 2 cards.");
        let top = *b.g.player(0).deck.last().unwrap();
        let (hand, deck) = (b.g.player(0).hand_len(), b.g.player(0).deck_len());
        b.play(pt, &[]);
        // The plot twist left the hand.
        assert_eq!(b.g.player(0).hand_len(), hand - 1 + 2);
        assert_eq!(b.g.player(0).deck_len(), deck - 2);
        assert!(b.g.player(0).hand().contains(&top));
    }

    /// 102.6: a player who can't draw doesn't lose.
    #[test]
    fn r102_6_an_empty_deck_is_no_loss() {
        let (mut b, pt) = Bench::with_effect("(draw you 3)", "");
        let deck = b.g.player(0).deck.clone();
        for c in deck {
            b.g.move_card(c, crate::state::Zone::KoPile);
        }
        b.play(pt, &[]);
        assert!(b.g.in_game(0) && b.g.result().is_none());
    }
}
