//! `(choose-row SLOT [enemy])`: the controller chooses a player (any, or an enemy) and
//! then one of that player's rows, into row slot SLOT; later steps name the characters
//! in it with `(each (in-row SLOT))`. With one player to choose from, only the row is
//! asked.

use crate::action::Action;
use crate::verbs::{row_choices, Compiler, HostState, Pcg};
use crate::words::{err, int_in, slot_maybe_enemy, E, MAX_SLOT};
use crossover_kernel::Seat;
use crossover_sexpr::Sexp;
use crossover_vs_core::Verb;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ChooseRow {
    pub slot: u8,
    pub enemy_only: bool,
}

impl Verb<Pcg> for ChooseRow {
    const WORDS: &'static [&'static str] = &["choose-row"];

    fn compile(c: &mut Compiler<'_>, _word: &str, form: &Sexp) -> Result<(), E> {
        let (slot_s, enemy_only) = slot_maybe_enemy(
            form,
            "`choose-row` is written (choose-row SLOT [enemy]), then (each (in-row SLOT)) names the characters in it",
        )?;
        let slot = int_in(slot_s, "a row slot", 0, MAX_SLOT)? as u8;
        if c.scope.rows.contains(&slot) {
            return err(
                slot_s.pos(),
                format!("row slot {slot} is already filled by an earlier choose-row"),
            );
        }
        c.scope.rows.push(slot);
        c.push(ChooseRow { slot, enemy_only });
        Ok(())
    }

    fn text(&self) -> String {
        format!(
            "Choose {}row.",
            if self.enemy_only { "an enemy " } else { "a " }
        )
    }

    /// Asked twice (the player, then the row) unless the player is the only one.
    fn run(&self, g: &mut HostState) -> Option<Seat> {
        let (seat, row) = g.row_slot(self.slot);
        if row.is_some() {
            return None;
        }
        let players = g.player_choices(self.enemy_only);
        match players[..] {
            [] => return None,
            [only] if seat.is_none() => g.set_row_slot(self.slot, Some(only), None),
            _ => {}
        }
        Some(g.controller())
    }

    fn options(&self, g: &HostState) -> Vec<Action> {
        match g.row_slot(self.slot).0 {
            None => g
                .player_choices(self.enemy_only)
                .into_iter()
                .map(|seat| Action::ChoosePlayer { seat })
                .collect(),
            Some(_) => row_choices(),
        }
    }

    fn answer(&self, g: &mut HostState, a: &Action) -> bool {
        let (seat, _) = g.row_slot(self.slot);
        match a {
            // The player first; the row is asked next.
            Action::ChoosePlayer { seat } => g.set_row_slot(self.slot, Some(*seat), None),
            Action::ChooseRow { row } => {
                g.set_row_slot(self.slot, seat, Some(*row));
                g.log_line(&mut |g| {
                    format!(
                        "{} chooses {}'s {}.",
                        g.player_name(g.controller()),
                        seat.map_or("?", |s| g.player_name(s)),
                        row.name()
                    )
                });
                g.next_step();
            }
            _ => return false,
        }
        true
    }

    fn prompt(&self, _g: &HostState) -> Option<String> {
        Some("choose a row".into())
    }
}

#[cfg(all(test, feature = "testkit"))]
mod tests {
    use crate::action::Action;
    use crate::testkit::verb_bench;
    use crossover_kernel::Game;

    /// An enemy row, with one enemy: only the row is asked; the characters in the chosen
    /// row are the ones the next step names.
    #[test]
    fn choose_row_asks_the_row_and_names_its_characters() {
        let (mut g, pt, mine, theirs) =
            verb_bench("(choose-row 0 enemy) (plus-counters (each (in-row 0)) 1)");
        let text = crate::text::steps(&g.def(pt).effect);
        assert!(text.starts_with("Choose an enemy row."), "{text}");
        g.apply(&Action::PlayPlotTwist { card: pt }).unwrap();
        let rows: Vec<Action> = g
            .legal_actions()
            .into_iter()
            .filter(|a| matches!(a, Action::ChooseRow { .. } | Action::ChoosePlayer { .. }))
            .collect();
        assert_eq!(rows, crate::verbs::row_choices(), "one enemy: the row only");
        g.apply(&Action::ChooseRow {
            row: crate::ids::Row::Front,
        })
        .unwrap();
        assert_eq!(g.card(theirs).plus(), 1, "Bo's front-row vanilla");
        assert_eq!(g.card(mine).plus(), 0, "not Ada's");
    }

    /// Any player's row: the player is asked first, then the row.
    #[test]
    fn choose_any_row_asks_the_player_first() {
        let (mut g, pt, mine, theirs) =
            verb_bench("(choose-row 0) (plus-counters (each (in-row 0)) 1)");
        g.apply(&Action::PlayPlotTwist { card: pt }).unwrap();
        assert!(g
            .legal_actions()
            .contains(&Action::ChoosePlayer { seat: 0 }));
        g.apply(&Action::ChoosePlayer { seat: 0 }).unwrap();
        assert!(g.legal_actions().contains(&Action::ChooseRow {
            row: crate::ids::Row::Front
        }));
        g.apply(&Action::ChooseRow {
            row: crate::ids::Row::Front,
        })
        .unwrap();
        assert_eq!(g.card(mine).plus(), 1, "Ada's own front row");
        assert_eq!(g.card(theirs).plus(), 0);
    }
}
