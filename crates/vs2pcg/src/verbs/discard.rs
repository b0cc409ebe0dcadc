//! `(discard PLAYER AMOUNT)`: one player discards cards of their choice, one at a time.

use crate::action::Action;
use crate::verbs::{Compiler, HostState, Pcg};
use crate::vocab::{Amount, PlayerWho};
use crate::wording::{count_of, subject};
use crate::words::{err, parse_amount, parse_player, written, E};
use crossover_kernel::Seat;
use crossover_sexpr::Sexp;
use crossover_vs_core::Verb;
use serde::{Deserialize, Serialize};

/// The scratch slot of the cards discarded so far.
const DISCARDED: u8 = 6;

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Discard {
    pub player: PlayerWho,
    pub n: Amount,
}

impl Discard {
    /// The one player who discards (`compile` refuses a form naming several).
    fn discarder(&self, g: &HostState) -> Option<Seat> {
        g.which_players(&self.player).first().copied()
    }
}

impl Verb<Pcg> for Discard {
    const WORDS: &'static [&'static str] = &["discard"];

    fn compile(c: &mut Compiler<'_>, word: &str, form: &Sexp) -> Result<(), E> {
        let a = written(
            form,
            word,
            2,
            "(discard PLAYER AMOUNT), like (discard you 1)",
        )?;
        let player = parse_player(&a[0], c.scope)?;
        let n = parse_amount(&a[1], c.scope, false)?;
        if player == PlayerWho::EachEnemy {
            return err(
                a[0].pos(),
                "`discard` needs one player; choose one with (choose-player SLOT enemy)",
            );
        }
        c.push(Discard { player, n });
        Ok(())
    }

    fn text(&self) -> String {
        format!(
            "{} {}.",
            subject(&self.player, "discard"),
            count_of(&self.n, "card")
        )
    }

    fn run(&self, g: &mut HostState) -> Option<Seat> {
        let n = g.how_many(&self.n).max(0) as usize;
        let done = g.slot(DISCARDED).len();
        match self.discarder(g) {
            Some(p) if done < n && !g.hand(p).is_empty() => Some(p),
            _ => None,
        }
    }

    fn options(&self, g: &HostState) -> Vec<Action> {
        // The player asked in `run` is the one offered the cards.
        self.discarder(g).map(|p| {
            g.hand(p)
                .into_iter()
                .map(|card| Action::Choose { card })
                .collect()
        })
        .unwrap_or_default()
    }

    fn answer(&self, g: &mut HostState, a: &Action) -> bool {
        let Action::Choose { card } = a else {
            return false;
        };
        g.add_to_slot(DISCARDED, *card);
        g.discard(*card);
        let need = g.how_many_outside_effect(&self.n) as usize;
        if g.slot(DISCARDED).len() >= need {
            g.next_step();
        }
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

    /// Discarding: Ada picks two cards of her hand, one at a time; both go to her KO pile.
    #[test]
    fn discard_does_what_the_rulebook_says() {
        let (mut g, pt, mine, theirs) = verb_bench("(discard you 2)");
        let text = crate::text::steps(&g.def(pt).effect);
        assert_eq!(text, "You discard 2 cards.");
        g.apply(&Action::PlayPlotTwist { card: pt }).unwrap();
        let hand = g.players()[0].hand().clone();
        for _ in 0..2 {
            let Some(Action::Choose { card }) = g.legal_actions().first().cloned() else {
                panic!("a card to discard");
            };
            g.apply(&Action::Choose { card }).unwrap();
            assert!(g.players()[0].ko_pile().contains(&card));
        }
        assert_eq!(g.players()[0].hand().len(), hand.len() - 2);
        assert!(g.frames().is_empty());
        let _ = (mine, theirs);
    }

    /// A character's controller discards (Psychic Knife's shape): Bo, who controls the
    /// chosen character, is asked, and his hand's cards are the options.
    #[test]
    fn the_controller_of_a_chosen_character_chooses_the_card() {
        let (mut g, pt, _mine, theirs) =
            verb_bench("(choose 0 (enemy supporting character)) (discard (controller-of 0) 1)");
        assert_eq!(
            crate::text::steps(&g.def(pt).effect),
            "Choose an enemy supporting character. Its controller discards a card."
        );
        let bos_hand = g.players()[1].hand().clone();
        assert!(!bos_hand.is_empty());
        g.apply(&Action::PlayPlotTwist { card: pt }).unwrap();
        let _ = theirs;
        assert_eq!(g.to_move(), Some(1), "Bo discards");
        let offered = g.legal_actions();
        let expected: Vec<Action> = bos_hand.iter().map(|&card| Action::Choose { card }).collect();
        assert_eq!(offered, expected);
        g.apply(&offered[0]).unwrap();
        assert!(g.players()[1].ko_pile().contains(&bos_hand[0]));
        assert_eq!(g.players()[1].hand().len(), bos_hand.len() - 1);
        assert!(g.frames().is_empty());
    }
}
