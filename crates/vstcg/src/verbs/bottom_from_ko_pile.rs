//! `(bottom-from-ko-pile PLAYER N TEST...)`: the player puts N cards that pass the card
//! tests from their KO'd pile on the bottom of their deck. The cards go together, and
//! their owner arranges them (511.5, 213.2c): the player picks them one at a time, each
//! going under the ones picked before, so the order picked is the order from the top
//! down; the deck is hidden, so no one else learns it. A lone card left that can go goes
//! without asking. With fewer than N, every one that can go does (511.1d), and the step
//! was not done ("if you do" fails, 508.2i; VS-TCG-075).

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
pub struct BottomFromKoPile {
    pub who: PlayerWho,
    pub n: Amount,
    pub filter: Filter,
}

impl BottomFromKoPile {
    fn player(&self, g: &HostState) -> Option<crate::ids::PlayerId> {
        g.players(&self.who).first().copied()
    }

    /// The cards of the player's KO'd pile that may still go.
    fn candidates(&self, g: &HostState) -> Vec<crate::ids::CardId> {
        let Some(p) = self.player(g) else {
            return Vec::new();
        };
        g.ko_pile(p)
            .into_iter()
            .filter(|&c| g.card_matches(&self.filter, c))
            .collect()
    }

    /// Puts the cards that go without a choice; pauses for the player otherwise.
    fn go_on(&self, g: &mut HostState) -> Option<Seat> {
        let wanted = g.amount(&self.n).max(0) as usize;
        loop {
            let done = g.progress() as usize;
            let cands = self.candidates(g);
            if done >= wanted || cands.is_empty() {
                // 508.2i: done only if all N went.
                g.set_did(done >= wanted);
                return None;
            }
            if cands.len() > 1 {
                return self.player(g).map(|p| p as Seat);
            }
            g.to_deck_bottom(cands[0]);
            g.set_progress((done + 1).min(255) as u8);
        }
    }
}

impl Verb<Tcg> for BottomFromKoPile {
    const WORDS: &'static [&'static str] = &["bottom-from-ko-pile"];

    fn compile(c: &mut Compiler<'_>, _word: &str, form: &Sexp) -> R<()> {
        let [p, n, tests @ ..] = form.args() else {
            return err(
                form.pos(),
                "write `(bottom-from-ko-pile PLAYER N TEST...)`, e.g. `(bottom-from-ko-pile you 3 character-card)`",
            );
        };
        let who = parse_player(p, &mut c.scope)?;
        if !matches!(
            who,
            PlayerWho::You | PlayerWho::Target(_) | PlayerWho::ControllerOf(_)
        ) {
            return err(
                p.pos(),
                "one player puts cards at a time: `you`, `(target N)` or `(controller-of N)`",
            );
        }
        let n = parse_amount(n, &mut c.scope)?;
        let filter = parse_filter(tests, &mut c.scope)?;
        c.push(BottomFromKoPile { who, n, filter });
        Ok(())
    }

    fn text(&self) -> String {
        let n = amount(&self.n);
        let cards = card_filter(&self.filter);
        let cards = if n == "1" {
            cards.replacen("cards", "card", 1)
        } else {
            cards
        };
        let (verb, their) = match self.who {
            PlayerWho::You => ("put", "your"),
            _ => ("puts", "their"),
        };
        let mut s = format!(
            "{} {verb} {n} {cards} from {their} KO'd pile on the bottom of {their} deck.",
            player(&self.who)
        );
        s[..1].make_ascii_uppercase();
        s
    }

    fn run(&self, g: &mut HostState) -> Option<Seat> {
        self.go_on(g)
    }

    fn options(&self, g: &HostState) -> Vec<Action> {
        self.candidates(g).into_iter().map(Action::Pick).collect()
    }

    fn answer(&self, g: &mut HostState, a: &Action) -> bool {
        let Action::Pick(c) = a else {
            return false;
        };
        if !self.candidates(g).contains(c) {
            return false;
        }
        g.to_deck_bottom(*c);
        g.set_progress(g.progress().saturating_add(1));
        if self.go_on(g).is_none() {
            g.next_step();
        }
        true
    }

    fn prompt(&self, _g: &HostState) -> Option<String> {
        Some("choose the next card to put on the bottom of the deck (under those before)".into())
    }
}

#[cfg(test)]
mod tests {
    use crate::action::Action;
    use crate::state::Zone;
    use crate::testkit::Bench;

    /// 511.5: several cards put on the bottom of a deck at once are arranged by their
    /// owner: each card picked goes under those picked before.
    #[test]
    fn r511_5_the_owner_arranges_the_cards_put_on_the_bottom() {
        let (mut b, pt) = Bench::with_effect("(bottom-from-ko-pile you 2 character-card)", "");
        assert_eq!(
            b.effect_text(pt),
            "You put 2 character cards from your KO'd pile on the bottom of your deck."
        );
        let x = b.in_hand(0, "trn-007");
        let y = b.in_hand(0, "trn-006");
        let pt2 = b.in_hand(0, "trn-104");
        for c in [x, y, pt2] {
            b.g.move_card(c, Zone::KoPile);
        }
        b.act(Action::PlayPlotTwist(pt));
        b.act(Action::Pass);
        b.act(Action::Pass);
        assert_eq!(b.g.legal(), vec![Action::Pick(x), Action::Pick(y)]);
        b.act(Action::Pick(y));
        // The last card that can go goes without asking, under y.
        let deck = &b.g.player(0).deck;
        assert_eq!(&deck[..2], &[x, y], "x, the last to go, is the very bottom");
        assert_eq!(b.g.card(pt2).zone, Zone::KoPile, "not a character card");
    }
}
