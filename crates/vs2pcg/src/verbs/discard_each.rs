//! `(discard-each PLAYER WHAT)`: players discard every card of their hand that matches;
//! how many is kept for `last-count`.

use crate::verbs::{Compiler, HostState, Pcg};
use crate::vocab::{HandFilter, PlayerWho};
use crate::wording::{hand_filter, subject};
use crate::words::{err, parse_hand_filter, parse_player, written, E};
use crossover_kernel::Seat;
use crossover_sexpr::Sexp;
use crossover_vs_core::Verb;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct DiscardEach {
    pub player: PlayerWho,
    pub what: HandFilter,
}

/// `(WORD PLAYER WHAT)`, the form of the discard-each and discard-matching steps;
/// `one_player` for a step that needs one player.
pub(crate) fn player_and_what(
    c: &mut Compiler<'_>,
    word: &str,
    form: &Sexp,
    one_player: bool,
) -> Result<(PlayerWho, HandFilter), E> {
    let a = written(
        form,
        word,
        2,
        &format!(
            "({word} PLAYER WHAT), WHAT = cards | plot-twists | named | (cost-at-least-of SLOT)"
        ),
    )?;
    let player = parse_player(&a[0], c.scope)?;
    let what = parse_hand_filter(&a[1], c.scope)?;
    c.scope.last_count = true;
    if one_player && player == PlayerWho::EachEnemy {
        return err(
            a[0].pos(),
            format!("`{word}` needs one player; choose one with (choose-player SLOT enemy)"),
        );
    }
    Ok((player, what))
}

impl Verb<Pcg> for DiscardEach {
    const WORDS: &'static [&'static str] = &["discard-each"];

    fn compile(c: &mut Compiler<'_>, word: &str, form: &Sexp) -> Result<(), E> {
        let (player, what) = player_and_what(c, word, form, false)?;
        c.push(DiscardEach { player, what });
        Ok(())
    }

    fn text(&self) -> String {
        let whose = if matches!(self.player, PlayerWho::You) {
            "your"
        } else {
            "their"
        };
        format!(
            "{} each {} in {whose} hand.",
            subject(&self.player, "discard"),
            hand_filter(&self.what)
        )
    }

    fn run(&self, g: &mut HostState) -> Option<Seat> {
        let mut count = 0;
        for p in g.which_players(&self.player) {
            let cards: Vec<_> = g
                .hand(p)
                .into_iter()
                .filter(|&c| g.hand_card_matches(c, self.what))
                .collect();
            count += cards.len() as i32;
            for c in cards {
                g.discard(c);
            }
        }
        g.keep_count(count);
        None
    }
}

#[cfg(all(test, feature = "testkit"))]
mod tests {
    use crate::action::Action;
    use crate::testkit::verb_bench;
    use crossover_kernel::Game;

    /// Discarding: every card of Bo's hand goes to his KO pile, and `last-count` counts
    /// them.
    #[test]
    fn discard_each_does_what_the_rulebook_says() {
        let (mut g, pt, mine, theirs) = verb_bench(
            "(discard-each each-enemy cards) (choose 0 (yours supporting character)) \
             (plus-counters (chosen 0) last-count)",
        );
        let text = crate::text::steps(&g.def(pt).effect);
        assert!(
            text.starts_with("Each enemy player discards each card in their hand."),
            "{text}"
        );
        let hand = g.players()[1].hand().len();
        assert!(hand > 0);
        g.apply(&Action::PlayPlotTwist { card: pt }).unwrap();
        assert!(g.players()[1].hand().is_empty());
        assert_eq!(g.card(mine).plus() as usize, hand);
        let _ = theirs;
    }
}
