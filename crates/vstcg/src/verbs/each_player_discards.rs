//! `(each-player-discards N)`: each player discards N cards of their choice (702.1,
//! 702.2): the primary player chooses all of theirs first, then each player clockwise;
//! no card is discarded until every player has chosen, and then all are discarded
//! together. A player with N cards or fewer has no choice and discards them all
//! (511.1d). The choices are cards in hands: another seat sees only that a card was
//! chosen ("Choose a card") until the discards are carried out.

use crate::action::Action;
use crate::ids::{CardId, PlayerId};
use crate::verbs::{each_player_answer, each_player_run, Compiler, HostState, Tcg};
use crate::vocab::{Amount, PlayerWho};
use crate::wording::amount;
use crate::words::{err, parse_amount, R};
use crossover_kernel::Seat;
use crossover_sexpr::Sexp;
use crossover_vs_core::Verb;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct EachPlayerDiscards {
    pub n: Amount,
}

impl EachPlayerDiscards {
    fn wanted(&self, g: &HostState) -> usize {
        g.amount(&self.n).max(0) as usize
    }

    /// 702.1: the next player still to choose, the primary player first, then
    /// clockwise; the chosen cards so far are held.
    fn next_chooser(&self, g: &HostState) -> Option<PlayerId> {
        let wanted = self.wanted(g);
        let held = g.held();
        g.players(&PlayerWho::EachPlayer).into_iter().find(|&p| {
            let hand = g.hand(p);
            hand.len() > wanted && hand.iter().filter(|c| held.contains(c)).count() < wanted
        })
    }

    /// 702.1: every player's choices carried out together.
    fn carry_out(&self, g: &mut HostState) {
        let wanted = self.wanted(g);
        let held = g.held();
        let mut all: Vec<CardId> = Vec::new();
        for p in g.players(&PlayerWho::EachPlayer) {
            let hand = g.hand(p);
            if hand.len() <= wanted {
                all.extend(hand);
            } else {
                all.extend(hand.into_iter().filter(|c| held.contains(c)));
            }
        }
        g.hold(Vec::new());
        for c in all {
            g.discard(c);
        }
    }
}

impl Verb<Tcg> for EachPlayerDiscards {
    const WORDS: &'static [&'static str] = &["each-player-discards"];

    fn compile(c: &mut Compiler<'_>, _word: &str, form: &Sexp) -> R<()> {
        let [n] = form.args() else {
            return err(form.pos(), "write `(each-player-discards N)`");
        };
        let n = parse_amount(n, &mut c.scope)?;
        c.push(EachPlayerDiscards { n });
        Ok(())
    }

    fn text(&self) -> String {
        let n = amount(&self.n);
        let cards = if n == "1" { "a card" } else { "cards" };
        let n = if n == "1" {
            String::new()
        } else {
            format!("{n} ")
        };
        format!("Each player discards {n}{cards}.")
    }

    fn run(&self, g: &mut HostState) -> Option<Seat> {
        g.set_did(true);
        if self.wanted(g) == 0 {
            return None;
        }
        let next = self.next_chooser(g);
        each_player_run(g, next, |g| self.carry_out(g))
    }

    fn options(&self, g: &HostState) -> Vec<Action> {
        let Some(p) = self.next_chooser(g) else {
            return Vec::new();
        };
        let held = g.held();
        g.hand(p)
            .into_iter()
            .filter(|c| !held.contains(c))
            .map(Action::Pick)
            .collect()
    }

    fn answer(&self, g: &mut HostState, a: &Action) -> bool {
        each_player_answer(
            g,
            a,
            |g| self.options(g),
            |g| self.next_chooser(g),
            |g| self.carry_out(g),
        )
    }

    fn prompt(&self, _g: &HostState) -> Option<String> {
        Some("choose a card to discard (all players' discards happen together, 702.1)".into())
    }
}
