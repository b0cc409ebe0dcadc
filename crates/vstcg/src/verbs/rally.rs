//! `(rally PLAYER [N] TEST...)`: reveal the top card of the player's deck; if it matches,
//! it goes to their hand, otherwise to the bottom of their deck (708.19a). With N, the
//! player rallies for N cards, one at a time: each rally reveals the deck's top card as
//! it is then (708.19c).

use crate::verbs::{Compiler, HostState, Tcg};
use crate::vocab::{Filter, PlayerWho};
use crate::wording::{filter, player};
use crate::words::{err, parse_filter, parse_player, R};
use crossover_kernel::Seat;
use crossover_sexpr::Sexp;
use crossover_vs_core::Verb;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Rally {
    pub who: PlayerWho,
    pub filter: Filter,
    /// 708.19c: how many cards the player rallies for, one at a time.
    #[serde(default = "one")]
    pub n: u8,
}

fn one() -> u8 {
    1
}

impl Rally {
    /// 708.19a: one rally for `p`; whether it was successful.
    pub(crate) fn rally_once(g: &mut HostState, p: crate::ids::PlayerId, filter: &Filter) -> bool {
        let Some(&top) = g.deck(p).last() else {
            return false;
        };
        if g.card_matches(filter, top) {
            g.reveal_to_hand(top);
            true
        } else {
            g.log_line(&mut |h| {
                format!(
                    "{} reveals {} and puts it on the bottom of the deck.",
                    h.player_name(p),
                    h.card_name(top)
                )
            });
            g.to_deck_bottom(top);
            false
        }
    }
}

impl Verb<Tcg> for Rally {
    const WORDS: &'static [&'static str] = &["rally"];

    fn compile(c: &mut Compiler<'_>, _word: &str, form: &Sexp) -> R<()> {
        let Some((p, mut tests)) = form.args().split_first() else {
            return err(form.pos(), "write `(rally PLAYER [N] TEST...)`");
        };
        let who = parse_player(p, &mut c.scope)?;
        let mut n = 1;
        if let Some((k, rest)) = tests.split_first() {
            if let Some(v) = k.as_int() {
                if !(1..=9).contains(&v) {
                    return err(k.pos(), "rally for 1 to 9 cards");
                }
                n = v as u8;
                tests = rest;
            }
        }
        let filter = parse_filter(tests, &mut c.scope)?;
        c.push(Rally { who, filter, n });
        Ok(())
    }

    fn text(&self) -> String {
        let verb = if matches!(self.who, PlayerWho::You) {
            "rally"
        } else {
            "rallies"
        };
        let mut s = if self.n == 1 {
            format!(
                "{} {verb} for a {}.",
                player(&self.who),
                filter(&self.filter, false).replace("character", "card")
            )
        } else {
            format!(
                "{} {verb} for {} {}, one at a time.",
                player(&self.who),
                self.n,
                filter(&self.filter, true).replace("character", "card")
            )
        };
        s[..1].make_ascii_uppercase();
        s
    }

    fn run(&self, g: &mut HostState) -> Option<Seat> {
        for p in g.players(&self.who) {
            for _ in 0..self.n {
                Self::rally_once(g, p, &self.filter);
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use crate::state::Zone;
    use crate::testkit::Bench;

    /// 708.19a: a rallied card that matches goes to the hand; one that doesn't, to the
    /// bottom of the deck.
    #[test]
    fn r708_19a_rally_takes_a_match_and_bottoms_the_rest() {
        let (mut b, pt) = Bench::with_effect("(rally you (cost>= 4)) (rally you (cost>= 4))", "");
        assert_eq!(
            b.effect_text(pt),
            "You rally for a card with cost 4 or more. You rally for a card with cost 4 or more."
        );
        let big = b.in_hand(0, "trn-007");
        b.g.move_card(big, Zone::Deck); // on top
        b.play(pt, &[]);
        assert_eq!(b.g.card(big).zone, Zone::Hand);
        // The second rally met a cost-1 Cadet: it went to the bottom.
        let deck = &b.g.player(0).deck;
        assert_eq!(b.g.def(deck[0]).id, "trn-001");
    }
}
