//! The choices of a paused effect: the legal answers to the step it waits at, and what each answer does.

use super::*;

impl GameState {
    /// The legal answers to the current step of the top frame.
    pub fn effect_options(&self) -> Vec<Action> {
        let Some(f) = self.frames.last() else {
            return vec![];
        };
        if let EffectSource::Keyword(_) = f.source {
            return vec![Action::Yes, Action::No];
        }
        if let EffectSource::Rule(RuleChoice::ReturnControl) = f.source {
            return crate::verbs::row_choices();
        }
        steps_of(&self.db, &f.source)
            .get(f.pc)
            .map_or_else(Vec::new, |step| step.options(self))
    }

    /// Apply a player's answer to the current step. The caller has checked it is legal.
    pub fn answer_effect(&mut self, action: &Action) {
        let f = self.frame().clone();
        if let EffectSource::Keyword(_) = f.source {
            self.answer_keyword(*action == Action::Yes);
            return;
        }
        if let (EffectSource::Rule(RuleChoice::ReturnControl), Action::ChooseRow { row }) =
            (&f.source, action)
        {
            let back_to = f.player_slot(0);
            if let Some(to) = back_to.filter(|_| {
                self.is_character_in_play(f.card) && self.card(f.card).epoch == f.card_epoch
            }) {
                self.change_side(f.card, to, *row);
                self.log(|g| {
                    format!(
                        "{} goes back to {}'s {}.",
                        g.name(f.card),
                        g.players[to].name,
                        row.name()
                    )
                });
            }
            self.frame_mut().pc = 1;
            return;
        }
        let db = Arc::clone(&self.db);
        // An answer the step doesn't take changes nothing (the caller checked it is legal).
        if let Some(step) = steps_of(&db, &f.source).get(f.pc) {
            step.answer(self, action);
        }
    }
}
