//! `(discard-matching PLAYER WHAT)`: the player discards one card of their choice that
//! matches; the count (0 or 1) is kept for `last-count`.

use crate::action::Action;
use crate::verbs::discard_each::player_and_what;
use crate::verbs::{Compiler, HostState, Pcg};
use crate::vocab::{HandFilter, PlayerWho};
use crate::wording::{hand_filter, subject};
use crate::words::E;
use crossover_kernel::Seat;
use crossover_sexpr::Sexp;
use crossover_vs_core::Verb;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct DiscardMatching {
    pub player: PlayerWho,
    pub what: HandFilter,
}

impl Verb<Pcg> for DiscardMatching {
    const WORDS: &'static [&'static str] = &["discard-matching"];

    fn compile(c: &mut Compiler<'_>, word: &str, form: &Sexp) -> Result<(), E> {
        let (player, what) = player_and_what(c, word, form, true)?;
        c.push(DiscardMatching { player, what });
        Ok(())
    }

    fn text(&self) -> String {
        format!(
            "{} a {}.",
            subject(&self.player, "discard"),
            hand_filter(&self.what)
        )
    }

    fn run(&self, g: &mut HostState) -> Option<Seat> {
        g.keep_count(0);
        let p = g.which_players(&self.player).first().copied()?;
        let any = g
            .hand(p)
            .into_iter()
            .any(|c| g.hand_card_matches(c, self.what));
        any.then_some(p)
    }

    fn options(&self, g: &HostState) -> Vec<Action> {
        let Some(p) = g.which_players(&self.player).first().copied() else {
            return vec![];
        };
        g.hand(p)
            .into_iter()
            .filter(|&c| g.hand_card_matches(c, self.what))
            .map(|card| Action::Choose { card })
            .collect()
    }

    fn answer(&self, g: &mut HostState, a: &Action) -> bool {
        let Action::Choose { card } = a else {
            return false;
        };
        g.discard(*card);
        g.keep_count(1);
        g.next_step();
        true
    }

    fn prompt(&self, _g: &HostState) -> Option<String> {
        Some("choose a card to discard".into())
    }
}

#[cfg(all(test, feature = "testkit"))]
mod tests {
    use crate::action::Action;
    use crate::testkit::verb_bench;
    use crossover_kernel::Game;

    /// Discarding: Ada picks one card of her hand to discard; `last-count` is then 1.
    #[test]
    fn discard_matching_does_what_the_rulebook_says() {
        let (mut g, pt, mine, theirs) = verb_bench(
            "(discard-matching you cards) (choose 0 (yours supporting character)) \
             (plus-counters (chosen 0) last-count)",
        );
        let text = crate::text::steps(&g.def(pt).effect);
        assert!(text.starts_with("You discard a card."), "{text}");
        g.apply(&Action::PlayPlotTwist { card: pt }).unwrap();
        let options = g.legal_actions();
        let Some(Action::Choose { card }) = options.first().cloned() else {
            panic!("a card to discard: {options:?}");
        };
        assert!(g.players()[0].hand().contains(&card));
        g.apply(&Action::Choose { card }).unwrap();
        assert!(g.players()[0].ko_pile().contains(&card));
        assert_eq!(g.card(mine).plus(), 1);
        let _ = theirs;
    }
}
