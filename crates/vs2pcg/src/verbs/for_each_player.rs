//! `(for-each-player SLOT [enemy] STEP...)`: the steps are done once for each player (each
//! enemy player), clockwise from the controller, with that player in player slot SLOT;
//! the loop's choices start over for each player. It compiles to a `ForEachPlayer` step,
//! the steps, and an `EndForEach` (`end_for_each.rs`) that goes back for the next player.

use crate::verbs::{Compiler, HostState, Pcg, Step};
use crate::words::{err, int_in, word, E, MAX_SLOT};
use crossover_kernel::Seat;
use crossover_sexpr::Sexp;
use crossover_vs_core::Verb;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ForEachPlayer {
    pub slot: u8,
    pub enemy_only: bool,
    /// How many steps the loop repeats (up to its `EndForEach`).
    pub skip: u8,
}

impl Verb<Pcg> for ForEachPlayer {
    const WORDS: &'static [&'static str] = &["for-each-player"];

    fn compile(c: &mut Compiler<'_>, word_: &str, form: &Sexp) -> Result<(), E> {
        let usage = "(for-each-player SLOT [enemy] STEP...)";
        let a = form.args();
        let Some(slot_s) = a.first() else {
            return err(form.pos(), format!("`{word_}` is written {usage}"));
        };
        let slot = int_in(slot_s, "a player slot", 0, MAX_SLOT)? as u8;
        if c.scope.players.contains(&slot) {
            return err(
                slot_s.pos(),
                format!("player slot {slot} is already filled by an earlier choose-player"),
            );
        }
        let enemy_only = a.get(1).and_then(word).as_deref() == Some("enemy");
        let body = &a[if enemy_only { 2 } else { 1 }..];
        if body.is_empty() {
            return err(
                form.pos(),
                format!("`{word_}` needs steps to repeat: {usage}"),
            );
        }
        c.scope.players.push(slot);
        let at = c.out.len();
        let head = Step::ForEachPlayer(ForEachPlayer {
            slot,
            enemy_only,
            skip: 0,
        });
        c.wrapping(form, body, head, |s, n| {
            if let Step::ForEachPlayer(l) = s {
                l.skip = n;
            }
        })?;
        let n = c.out.len() - at - 1;
        if n + 1 > u8::MAX as usize {
            return err(form.pos(), "too many steps inside this form");
        }
        c.push(crate::verbs::EndForEach {
            back: (n + 1) as u8,
        });
        Ok(())
    }

    fn text(&self) -> String {
        format!(
            "For each {}player:",
            if self.enemy_only { "enemy " } else { "" }
        )
    }

    /// The first player in the slot; with nobody, past the loop and its end.
    fn run(&self, g: &mut HostState) -> Option<Seat> {
        match g.player_choices(self.enemy_only).first() {
            Some(&p) => g.set_player_slot(self.slot, p),
            None => g.skip_steps(self.skip as usize + 1),
        }
        None
    }
}

#[cfg(all(test, feature = "testkit"))]
mod tests {
    use crate::action::Action;
    use crate::testkit::verb_bench;
    use crossover_kernel::Game;

    /// Each player draws a card: the loop runs once per player, the player slot naming
    /// each in turn.
    #[test]
    fn for_each_player_does_what_its_card_says() {
        let (mut g, pt, _, _) = verb_bench("(for-each-player 0 (draw (chosen-player 0) 1))");
        let text = crate::text::steps(&g.def(pt).effect);
        assert!(text.starts_with("For each player:"), "{text}");
        let hands: Vec<usize> = g.players().iter().map(|p| p.hand().len()).collect();
        g.apply(&Action::PlayPlotTwist { card: pt }).unwrap();
        assert_eq!(g.players()[0].hand().len(), hands[0], "the plot twist left, one came");
        assert_eq!(g.players()[1].hand().len(), hands[1] + 1);
    }
}
