//! `(search-deck PLAYER TEST...)`: the player searches their deck for a card that
//! matches, reveals it and puts it into their hand; they may fail to find one
//! (708.10a); the deck's owner shuffles it after (708.10b, 213.2d).

use crate::action::Action;
use crate::verbs::{Compiler, HostState, Tcg};
use crate::vocab::{Filter, PlayerWho};
use crate::wording::{filter, player};
use crate::words::{err, parse_filter, parse_player, R};
use crossover_kernel::Seat;
use crossover_sexpr::Sexp;
use crossover_vs_core::Verb;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct SearchDeck {
    pub who: PlayerWho,
    pub filter: Filter,
}

impl SearchDeck {
    fn searcher(&self, g: &HostState) -> Option<crate::ids::PlayerId> {
        g.players(&self.who).first().copied()
    }
}

impl Verb<Tcg> for SearchDeck {
    const WORDS: &'static [&'static str] = &["search-deck"];

    fn compile(c: &mut Compiler<'_>, _word: &str, form: &Sexp) -> R<()> {
        let Some((p, tests)) = form.args().split_first() else {
            return err(form.pos(), "write `(search-deck PLAYER TEST...)`");
        };
        let who = parse_player(p, &mut c.scope)?;
        if !matches!(
            who,
            PlayerWho::You | PlayerWho::Target(_) | PlayerWho::ControllerOf(_)
        ) {
            return err(
                p.pos(),
                "one player searches: `you`, `(target N)` or `(controller-of N)`",
            );
        }
        let filter = parse_filter(tests, &mut c.scope)?;
        c.push(SearchDeck { who, filter });
        Ok(())
    }

    fn text(&self) -> String {
        let what = if self.filter.0.is_empty() {
            "a card".to_string()
        } else {
            format!(
                "a {}",
                filter(&self.filter, false).replace("character", "card")
            )
        };
        let mut s = if matches!(self.who, PlayerWho::You) {
            format!("Search your deck for {what}, reveal it and put it into your hand.")
        } else {
            format!(
                "{} searches their deck for {what}, reveals it and puts it into their hand.",
                player(&self.who)
            )
        };
        s[..1].make_ascii_uppercase();
        s
    }

    fn run(&self, g: &mut HostState) -> Option<Seat> {
        self.searcher(g).map(|p| p as Seat)
    }

    fn options(&self, g: &HostState) -> Vec<Action> {
        let Some(p) = self.searcher(g) else {
            return Vec::new();
        };
        // Listed in a fixed order, not the deck's, which the searcher doesn't learn
        // (213.2b).
        let mut found: Vec<crate::ids::CardId> = g
            .deck(p)
            .into_iter()
            .filter(|&c| g.card_matches(&self.filter, c))
            .collect();
        found.sort();
        let mut out: Vec<Action> = found.into_iter().map(Action::Pick).collect();
        // 708.10a: a search of a hidden zone may fail to find — unless it is for "a
        // card" and the deck isn't empty.
        if !self.filter.0.is_empty() || out.is_empty() {
            out.push(Action::No);
        }
        out
    }

    fn answer(&self, g: &mut HostState, a: &Action) -> bool {
        let Some(p) = self.searcher(g) else {
            return false;
        };
        match a {
            Action::Pick(c) => g.reveal_to_hand(*c),
            Action::No => {}
            _ => return false,
        }
        g.shuffle_deck(p);
        g.next_step();
        true
    }

    fn prompt(&self, _g: &HostState) -> Option<String> {
        Some("search your deck".into())
    }
}

#[cfg(test)]
mod tests {
    use crate::action::Action;
    use crate::state::Zone;
    use crate::testkit::Bench;

    /// 708.10a–b: the searcher may fail to find; a found card goes to the hand; the
    /// deck is shuffled.
    #[test]
    fn r708_10a_r708_10b_search_may_fail_and_a_find_goes_to_hand() {
        let (mut b, pt) = Bench::with_effect("(search-deck you (cost>= 4))", "");
        assert_eq!(
            b.effect_text(pt),
            "Search your deck for a card with cost 4 or more, reveal it and put it into your hand."
        );
        let big = b.in_hand(0, "trn-007");
        b.g.move_card(big, Zone::Deck);
        b.act(Action::PlayPlotTwist(pt));
        b.act(Action::Pass);
        b.act(Action::Pass);
        let options = b.g.legal();
        assert_eq!(
            options,
            vec![Action::Pick(big), Action::No],
            "only the match, or failing to find"
        );
        b.act(Action::Pick(big));
        assert_eq!(b.g.card(big).zone, Zone::Hand);
    }
}
