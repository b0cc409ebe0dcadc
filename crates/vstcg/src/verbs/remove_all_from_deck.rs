//! `(remove-all-from-deck PLAYER TEST...)`: the player's deck is searched for every card
//! that passes the card tests; they are removed from the game (213.7) and the deck's
//! owner shuffles it (708.10b). One game action: a "top card revealed" modifier shows
//! the card on top before it and the one on top after it, nothing in between (708.10c).

use crate::verbs::{Compiler, HostState, Tcg};
use crate::vocab::{Filter, PlayerWho};
use crate::wording::{card_filter, player};
use crate::words::{err, parse_filter, parse_player, R};
use crossover_kernel::Seat;
use crossover_sexpr::Sexp;
use crossover_vs_core::Verb;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct RemoveAllFromDeck {
    pub who: PlayerWho,
    pub filter: Filter,
}

impl Verb<Tcg> for RemoveAllFromDeck {
    const WORDS: &'static [&'static str] = &["remove-all-from-deck"];

    fn compile(c: &mut Compiler<'_>, _word: &str, form: &Sexp) -> R<()> {
        let Some((p, tests)) = form.args().split_first() else {
            return err(form.pos(), "write `(remove-all-from-deck PLAYER TEST...)`");
        };
        let who = parse_player(p, &mut c.scope)?;
        let filter = parse_filter(tests, &mut c.scope)?;
        if filter.0.is_empty() {
            return err(
                form.pos(),
                "say which cards: `(remove-all-from-deck PLAYER TEST...)` with at least one test",
            );
        }
        c.push(RemoveAllFromDeck { who, filter });
        Ok(())
    }

    fn text(&self) -> String {
        let cards = card_filter(&self.filter);
        let mut s = if matches!(self.who, PlayerWho::You) {
            format!("Search your deck for all {cards}, remove them from the game and shuffle.")
        } else {
            format!(
                "Search the deck of {} for all {cards}, remove them from the game; its owner shuffles it.",
                player(&self.who)
            )
        };
        s[..1].make_ascii_uppercase();
        s
    }

    fn run(&self, g: &mut HostState) -> Option<Seat> {
        for p in g.players(&self.who) {
            let found: Vec<crate::ids::CardId> = g
                .deck(p)
                .into_iter()
                .filter(|&c| g.card_matches(&self.filter, c))
                .collect();
            for c in found {
                g.remove_from_game(c);
            }
            g.shuffle_deck(p);
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use crate::state::Zone;
    use crate::testkit::Bench;

    /// 708.10b: every card that matches is found and removed; the deck is shuffled.
    #[test]
    fn every_matching_card_leaves_the_deck() {
        let (mut b, pt) = Bench::with_effect(
            "(remove-all-from-deck each-opponent (named \"Field Rations\"))",
            "",
        );
        assert_eq!(
            b.effect_text(pt),
            "Search the deck of each opponent for all cards named Field Rations, remove them from the game; its owner shuffles it."
        );
        let rations: Vec<_> = (0..2).map(|_| b.in_hand(1, "trn-104")).collect();
        for &c in &rations {
            b.g.move_card(c, Zone::Deck);
        }
        let deck = b.g.player(1).deck_len();
        b.play(pt, &[]);
        assert_eq!(b.g.player(1).deck_len(), deck - 2);
        assert!(rations
            .iter()
            .all(|&c| matches!(b.g.card(c).zone, Zone::Removed { .. })));
    }
}
