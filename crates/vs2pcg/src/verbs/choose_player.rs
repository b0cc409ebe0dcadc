//! `(choose-player SLOT [enemy])`: the controller chooses a player (any, or an enemy)
//! into a player slot, for later steps' `(chosen-player SLOT)`. With one player to
//! choose from, that one is taken without asking.

use crate::action::Action;
use crate::verbs::{Compiler, HostState, Pcg};
use crate::words::{err, int_in, slot_maybe_enemy, E, MAX_SLOT};
use crossover_kernel::Seat;
use crossover_sexpr::Sexp;
use crossover_vs_core::Verb;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ChoosePlayer {
    pub slot: u8,
    pub enemy_only: bool,
}

impl Verb<Pcg> for ChoosePlayer {
    const WORDS: &'static [&'static str] = &["choose-player"];

    fn compile(c: &mut Compiler<'_>, _word: &str, form: &Sexp) -> Result<(), E> {
        let (slot_s, enemy_only) =
            slot_maybe_enemy(form, "`choose-player` is written (choose-player SLOT [enemy])")?;
        let slot = int_in(slot_s, "a choose-player slot", 0, MAX_SLOT)? as u8;
        if c.scope.players.contains(&slot) {
            return err(
                slot_s.pos(),
                format!("player slot {slot} is already filled by an earlier choose-player"),
            );
        }
        c.scope.players.push(slot);
        c.push(ChoosePlayer { slot, enemy_only });
        Ok(())
    }

    fn text(&self) -> String {
        format!(
            "Choose {}player.",
            if self.enemy_only { "an enemy " } else { "a " }
        )
    }

    fn run(&self, g: &mut HostState) -> Option<Seat> {
        if g.player_slot(self.slot).is_some() {
            return None;
        }
        match g.player_choices(self.enemy_only)[..] {
            [only] => {
                g.set_player_slot(self.slot, only);
                None
            }
            _ => Some(g.controller()),
        }
    }

    fn options(&self, g: &HostState) -> Vec<Action> {
        g.player_choices(self.enemy_only)
            .into_iter()
            .map(|seat| Action::ChoosePlayer { seat })
            .collect()
    }

    fn answer(&self, g: &mut HostState, a: &Action) -> bool {
        let Action::ChoosePlayer { seat } = a else {
            return false;
        };
        g.set_player_slot(self.slot, *seat);
        g.next_step();
        true
    }

    fn prompt(&self, _g: &HostState) -> Option<String> {
        Some(if self.enemy_only {
            "choose an enemy player".into()
        } else {
            "choose a player".into()
        })
    }
}

#[cfg(all(test, feature = "testkit"))]
mod tests {
    use crate::action::Action;
    use crate::testkit::verb_bench;
    use crossover_kernel::Game;

    /// Choosing an enemy player, then discarding that player's hand: with one enemy, Bo
    /// is chosen without a question; the text says what is chosen.
    #[test]
    fn choose_player_does_what_the_rulebook_says() {
        let (mut g, pt, _, _) =
            verb_bench("(choose-player 0 enemy) (discard-each (chosen-player 0) plot-twists)");
        let text = crate::text::steps(&g.def(pt).effect);
        assert!(text.starts_with("Choose an enemy player."), "{text}");
        g.apply(&Action::PlayPlotTwist { card: pt }).unwrap();
        assert!(
            !g.legal_actions()
                .iter()
                .any(|a| matches!(a, Action::ChoosePlayer { .. })),
            "one enemy: no question"
        );
    }

    /// Any player: the controller is asked, and each seat is an option.
    #[test]
    fn choose_any_player_asks_among_every_player() {
        let (mut g, pt, _, _) = verb_bench("(choose-player 0) (draw (chosen-player 0) 1)");
        g.apply(&Action::PlayPlotTwist { card: pt }).unwrap();
        let asked: Vec<Action> = g
            .legal_actions()
            .into_iter()
            .filter(|a| matches!(a, Action::ChoosePlayer { .. }))
            .collect();
        assert_eq!(
            asked,
            vec![
                Action::ChoosePlayer { seat: 0 },
                Action::ChoosePlayer { seat: 1 }
            ]
        );
        let before = g.players()[1].hand().len();
        g.apply(&Action::ChoosePlayer { seat: 1 }).unwrap();
        assert_eq!(g.players()[1].hand().len(), before + 1, "Bo drew the card");
    }
}
