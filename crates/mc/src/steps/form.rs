//! An identity's form changed by an effect rather than by the once-per-turn change
//! (FORM, CHANGE FORM), the condition "if you are <alter-ego>", and drawing up to the
//! identity's printed hand size (HAND SIZE, DRAWING CARDS).

use crate::effects::StepResult;
use crate::model::*;
use crate::state::*;

use super::code_of;

impl GameState {
    /// The steps changing form.
    pub(crate) fn form_step(&mut self, f: &mut Frame, step: &Step) -> StepResult {
        let p = f.player;
        let you = self.player(p).identity;
        match step {
            &Step::ChangeForm => {
                self.flip(p);
                StepResult::Next
            }
            Step::FlipToAlterEgo if self.player(f.player).form == Form::Hero => {
                self.flip(f.player);
                StepResult::Next
            }
            &Step::DrawUpToPrintedHandSize => {
                let printed = usize::from(self.base_stat(you, Stat::HandSize).unwrap_or(0));
                let n = printed.saturating_sub(self.player(p).hand.len());
                if n > 0 {
                    self.draw(p, n);
                }
                StepResult::Next
            }
            _ => StepResult::Next,
        }
    }

    /// Whether player `p` is the alter-ego of the identity numbered `code`, in
    /// alter-ego form ("if you are Carol Danvers").
    pub(crate) fn you_are_alter_ego(&self, p: u8, code: u16) -> bool {
        let pl = self.player(p);
        pl.form == Form::AlterEgo && code_of(&self.db.defs[usize::from(pl.alter_ego_def)]) == code
    }
}
