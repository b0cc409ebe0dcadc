//! `(discard PLAYER N)`: the player discards N cards of their choice, one at a time
//! (708.17a, 708.17c); all of them if they have fewer (511.1d).

use crate::action::Action;
use crate::verbs::{Compiler, HostState, Tcg};
use crate::vocab::{Amount, PlayerWho};
use crate::wording::{amount, player};
use crate::words::{player_and_amount, R};
use crossover_kernel::Seat;
use crossover_sexpr::Sexp;
use crossover_vs_core::Verb;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Discard {
    pub who: PlayerWho,
    pub n: Amount,
}

/// The player and amount of `(discard PLAYER N)` and `(discard-up-to PLAYER N)`: one
/// player discards at a time.
pub(super) fn one_discarder(
    c: &mut Compiler<'_>,
    word: &str,
    form: &Sexp,
) -> R<(PlayerWho, Amount)> {
    let (who, n) = player_and_amount(form, word, &mut c.scope)?;
    if !matches!(
        who,
        PlayerWho::You
            | PlayerWho::Target(_)
            | PlayerWho::ControllerOf(_)
            | PlayerWho::ControllerOfThat
            | PlayerWho::BreakthroughPlayer
    ) {
        return crate::words::err(
            form.pos(),
            "one player discards at a time: `you`, `(target N)` or `(controller-of N)`",
        );
    }
    Ok((who, n))
}

/// "You discard 2 cards." / "Target 0 discards up to 1 card."
pub(super) fn discard_text(who: &PlayerWho, n: &Amount, up_to: bool) -> String {
    let n = amount(n);
    let cards = if n == "1" { "card" } else { "cards" };
    let verb = if matches!(who, PlayerWho::You) {
        "discard"
    } else {
        "discards"
    };
    let up_to = if up_to { "up to " } else { "" };
    let mut s = format!("{} {verb} {up_to}{n} {cards}.", player(who));
    s[..1].make_ascii_uppercase();
    s
}

impl Verb<Tcg> for Discard {
    const WORDS: &'static [&'static str] = &["discard"];

    fn compile(c: &mut Compiler<'_>, word: &str, form: &Sexp) -> R<()> {
        let (who, n) = one_discarder(c, word, form)?;
        c.push(Discard { who, n });
        Ok(())
    }

    fn text(&self) -> String {
        discard_text(&self.who, &self.n, false)
    }

    /// Pauses once per card; the step's progress counts the cards discarded.
    fn run(&self, g: &mut HostState) -> Option<Seat> {
        let Some(p) = g.players(&self.who).first().copied() else {
            g.set_did(false);
            return None;
        };
        let wanted = g.amount(&self.n).max(0) as usize;
        let hand = g.hand(p);
        // 508.2i: done only if all N are discarded (VS-TCG-068: fewer in hand is not).
        g.set_did(hand.len() >= wanted);
        if wanted == 0 || hand.is_empty() {
            return None;
        }
        if hand.len() <= wanted {
            // No choice to make: every card goes (708.17c: one at a time).
            for c in hand {
                g.discard(c);
            }
            return None;
        }
        Some(p as Seat)
    }

    fn options(&self, g: &HostState) -> Vec<Action> {
        let Some(p) = g.players(&self.who).first().copied() else {
            return Vec::new();
        };
        g.hand(p).into_iter().map(Action::Pick).collect()
    }

    fn answer(&self, g: &mut HostState, a: &Action) -> bool {
        let Action::Pick(c) = a else {
            return false;
        };
        let Some(p) = g.players(&self.who).first().copied() else {
            return false;
        };
        g.discard(*c);
        let wanted = g.amount(&self.n).max(0) as usize;
        let discarded = g.progress() as usize + 1;
        g.set_progress(discarded.min(255) as u8);
        if discarded >= wanted || g.hand(p).is_empty() {
            g.next_step();
        }
        true
    }

    fn prompt(&self, _g: &HostState) -> Option<String> {
        Some("choose a card to discard".into())
    }
}

#[cfg(test)]
mod tests {
    use crate::action::Action;
    use crate::testkit::Bench;

    /// 708.17a, 708.17c: the player discards cards of their choice, one at a time.
    #[test]
    fn r708_17a_r708_17c_discard_one_at_a_time() {
        let (mut b, pt) = Bench::with_effect("(discard you 2)", "");
        assert_eq!(b.effect_text(pt), "You discard 2 cards.");
        let keep = b.in_hand(0, "trn-007");
        let x = b.in_hand(0, "trn-006");
        let y = b.in_hand(0, "trn-005");
        b.act(Action::PlayPlotTwist(pt));
        b.act(Action::Pass);
        b.act(Action::Pass);
        b.act(Action::Pick(x));
        b.act(Action::Pick(y));
        assert_eq!(b.g.player(0).hand(), &[keep]);
        assert_eq!(b.g.player(0).ko_len(), 3);
    }
}
