//! `(draw-until PLAYER N)`: the player draws cards one at a time until they have N cards
//! in hand (708.18a); with too few cards in the deck they draw as many as they can
//! (511.1d; 102.6: an empty deck is no loss).

use crate::verbs::{Compiler, HostState, Tcg};
use crate::vocab::{Amount, PlayerWho};
use crate::wording::{amount, player};
use crate::words::{player_and_amount, R};
use crossover_kernel::Seat;
use crossover_sexpr::Sexp;
use crossover_vs_core::Verb;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct DrawUntil {
    pub who: PlayerWho,
    pub n: Amount,
}

impl Verb<Tcg> for DrawUntil {
    const WORDS: &'static [&'static str] = &["draw-until"];

    fn compile(c: &mut Compiler<'_>, word: &str, form: &Sexp) -> R<()> {
        let (who, n) = player_and_amount(form, word, &mut c.scope)?;
        c.push(DrawUntil { who, n });
        Ok(())
    }

    fn text(&self) -> String {
        let (verb, has) = if matches!(self.who, PlayerWho::You) {
            ("draw", "you have")
        } else {
            ("draws", "they have")
        };
        let mut s = format!(
            "{} {verb} cards until {has} {} cards in hand.",
            player(&self.who),
            amount(&self.n)
        );
        s[..1].make_ascii_uppercase();
        s
    }

    fn run(&self, g: &mut HostState) -> Option<Seat> {
        let n = g.amount(&self.n).max(0) as usize;
        for p in g.players(&self.who) {
            let missing = n.saturating_sub(g.hand(p).len());
            g.draw(p, missing as u32);
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use crate::testkit::Bench;

    /// 708.18a: the player draws up to the number given; with a full hand, none.
    #[test]
    fn r708_18a_draw_until_fills_the_hand_to_n() {
        let (mut b, pt) = Bench::with_effect("(draw-until you 4)", "");
        assert_eq!(
            b.effect_text(pt),
            "You draw cards until you have 4 cards in hand."
        );
        b.in_hand(0, "trn-001");
        b.play(pt, &[]);
        assert_eq!(b.g.player(0).hand_len(), 4);
    }
}
