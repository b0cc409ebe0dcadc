//! `(reveal-top PLAYER N TEST...)`: the player reveals the top N cards of their deck
//! (all of them if fewer, 511.1d); those that pass the card tests go into their hand, the
//! rest on the bottom of the deck, arranged by the owner (511.5: one picked at a time,
//! each under those before; a lone card goes without asking). A "swap" clause ("reveal
//! one; if ..., instead, reveal two", 508.2j) is an `if` with an `otherwise` around two of
//! these.

use crate::action::Action;
use crate::verbs::{Compiler, HostState, Tcg};
use crate::vocab::{Amount, Filter, PlayerWho};
use crate::wording::{amount, card_filter, player};
use crate::words::{err, parse_amount, parse_filter, parse_player, R};
use crossover_kernel::Seat;
use crossover_sexpr::Sexp;
use crossover_vs_core::Verb;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct RevealTop {
    pub who: PlayerWho,
    pub n: Amount,
    pub filter: Filter,
}

impl RevealTop {
    fn player(&self, g: &HostState) -> Option<crate::ids::PlayerId> {
        g.players(&self.who).first().copied()
    }

    /// The revealed cards still to go to the bottom: the top `progress` of the deck.
    fn left(&self, g: &HostState) -> Vec<crate::ids::CardId> {
        let Some(p) = self.player(g) else {
            return Vec::new();
        };
        let deck = g.deck(p);
        let k = (g.progress() as usize).min(deck.len());
        deck[deck.len() - k..].to_vec()
    }

    /// Puts the last card without asking; pauses while two or more are left.
    fn go_on(&self, g: &mut HostState) -> Option<Seat> {
        let left = self.left(g);
        match left.len() {
            0 => None,
            1 => {
                g.to_deck_bottom(left[0]);
                g.set_progress(0);
                None
            }
            _ => self.player(g).map(|p| p as Seat),
        }
    }
}

impl Verb<Tcg> for RevealTop {
    const WORDS: &'static [&'static str] = &["reveal-top"];

    fn compile(c: &mut Compiler<'_>, _word: &str, form: &Sexp) -> R<()> {
        let [p, n, tests @ ..] = form.args() else {
            return err(form.pos(), "write `(reveal-top PLAYER N TEST...)`");
        };
        let who = parse_player(p, &mut c.scope)?;
        if !matches!(
            who,
            PlayerWho::You | PlayerWho::Target(_) | PlayerWho::ControllerOf(_)
        ) {
            return err(
                p.pos(),
                "one player reveals: `you`, `(target N)` or `(controller-of N)`",
            );
        }
        let n = parse_amount(n, &mut c.scope)?;
        let filter = parse_filter(tests, &mut c.scope)?;
        c.push(RevealTop { who, n, filter });
        Ok(())
    }

    fn text(&self) -> String {
        let n = amount(&self.n);
        let top = if n == "1" {
            "the top card".to_string()
        } else {
            format!("the top {n} cards")
        };
        let (verb, their) = match self.who {
            PlayerWho::You => ("reveal", "your"),
            _ => ("reveals", "their"),
        };
        let mut s = format!(
            "{} {verb} {top} of {their} deck; the revealed {} go to {their} hand, the other cards to the bottom of {their} deck.",
            player(&self.who),
            card_filter(&self.filter)
        );
        s[..1].make_ascii_uppercase();
        s
    }

    fn run(&self, g: &mut HostState) -> Option<Seat> {
        let p = self.player(g)?;
        let n = g.amount(&self.n).max(0) as usize;
        let deck = g.deck(p);
        let top: Vec<_> = deck.iter().rev().take(n).copied().collect();
        for &c in &top {
            g.log_line(&mut |h| format!("{} reveals {}.", h.player_name(p), h.card_name(c)));
        }
        let mut rest = 0;
        for &c in &top {
            if g.card_matches(&self.filter, c) {
                g.reveal_to_hand(c);
            } else {
                rest += 1;
            }
        }
        g.set_progress(rest);
        self.go_on(g)
    }

    fn options(&self, g: &HostState) -> Vec<Action> {
        let mut left = self.left(g);
        // A fixed order, not the deck's.
        left.sort();
        left.into_iter().map(Action::Pick).collect()
    }

    fn answer(&self, g: &mut HostState, a: &Action) -> bool {
        let Action::Pick(c) = a else {
            return false;
        };
        if !self.left(g).contains(c) {
            return false;
        }
        g.to_deck_bottom(*c);
        g.set_progress(g.progress().saturating_sub(1));
        if self.go_on(g).is_none() {
            g.next_step();
        }
        true
    }

    fn prompt(&self, _g: &HostState) -> Option<String> {
        Some(
            "choose the next revealed card to put on the bottom of the deck (under those before)"
                .into(),
        )
    }
}

#[cfg(test)]
mod tests {
    use crate::action::Action;
    use crate::state::Zone;
    use crate::testkit::Bench;

    /// 511.1d, 511.5: the matching revealed cards go to the hand; two or more others go
    /// to the bottom in the order their owner picks.
    #[test]
    fn r511_5_the_rest_of_the_revealed_cards_go_to_the_bottom_in_the_owners_order() {
        let (mut b, pt) = Bench::with_effect("(reveal-top you 3 equipment-card)", "");
        assert_eq!(
            b.effect_text(pt),
            "You reveal the top 3 cards of your deck; the revealed equipment cards go to your hand, the other cards to the bottom of your deck."
        );
        let blade = b.in_hand(0, "trn-131");
        let (x, y) = (b.in_hand(0, "trn-007"), b.in_hand(0, "trn-006"));
        for c in [y, blade, x] {
            b.g.move_card(c, Zone::Deck);
        }
        b.act(Action::PlayPlotTwist(pt));
        b.act(Action::Pass);
        b.act(Action::Pass);
        assert_eq!(b.g.card(blade).zone, Zone::Hand);
        let mut opts = vec![Action::Pick(x), Action::Pick(y)];
        opts.sort_by_key(|a| format!("{a:?}"));
        let mut legal = b.g.legal();
        legal.sort_by_key(|a| format!("{a:?}"));
        assert_eq!(legal, opts);
        b.act(Action::Pick(x));
        assert_eq!(&b.g.player(0).deck[..2], &[y, x], "y went under x");
    }
}
