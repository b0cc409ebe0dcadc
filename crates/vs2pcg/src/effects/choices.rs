//! The choices of a paused effect: the legal answers to the step it waits at, and what each answer does.

use super::*;

impl GameState {
    /// The legal answers to the current step of the top frame.
    pub fn effect_options(&self) -> Vec<Action> {
        let Some(f) = self.frames.last() else {
            return vec![];
        };
        let me = f.controller;
        if let EffectSource::Keyword(_) = f.source {
            return vec![Action::Yes, Action::No];
        }
        if let EffectSource::Rule(RuleChoice::ReturnControl) = f.source {
            return crate::verbs::row_choices();
        }
        let db = &self.db;
        let Some(step) = steps_of(db, &f.source).get(f.pc) else {
            return vec![];
        };
        if let Some(options) = step.options(self) {
            return options;
        }
        let src = f.card;
        match step {
            Step::Choose {
                slot, filter, min, ..
            } => {
                let chosen = f.slots.get(*slot as usize).cloned().unwrap_or_default();
                let mut v: Vec<Action> = self
                    .frame_matching(filter, src, me)
                    .into_iter()
                    .filter(|c| !chosen.contains(c))
                    .map(|card| Action::Choose { card })
                    .collect();
                if chosen.len() >= *min as usize {
                    v.push(Action::Pass);
                }
                v
            }
            Step::ChooseRow { slot, enemy_only } => match self.row_slot(*slot).0 {
                None => self
                    .player_options(*enemy_only)
                    .into_iter()
                    .map(|seat| Action::ChoosePlayer { seat })
                    .collect(),
                Some(_) => crate::verbs::row_choices(),
            },
            _ => vec![],
        }
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
            if self.is_character_in_play(f.card) && self.card(f.card).epoch == f.card_epoch {
                self.change_side(f.card, f.controller, *row);
                self.log(|g| {
                    format!(
                        "{} goes back to {}'s {}.",
                        g.name(f.card),
                        g.players[f.controller].name,
                        row.name()
                    )
                });
            }
            self.frame_mut().pc = 1;
            return;
        }
        let db = Arc::clone(&self.db);
        let step = steps_of(&db, &f.source)[f.pc].clone();
        let me = f.controller;
        let advance = |g: &mut GameState| g.frame_mut().pc += 1;
        if step.answer(self, action) == Some(true) {
            return;
        }
        match (&step, action) {
            (Step::Choose { slot, .. }, Action::Choose { card }) => {
                self.slot_mut(*slot).push(*card);
                self.log_naming(*card, |g, card| {
                    format!("{} chooses {card}.", g.players[me].name)
                });
            }
            (Step::Choose { .. }, Action::Pass) => advance(self),
            (Step::ChooseRow { slot, .. }, Action::ChoosePlayer { seat }) => {
                self.row_slot_mut(*slot).0 = Some(*seat);
            }
            (Step::ChooseRow { slot, .. }, Action::ChooseRow { row }) => {
                self.row_slot_mut(*slot).1 = Some(*row);
                let seat = self.row_slot(*slot).0;
                self.log(|g| {
                    format!(
                        "{} chooses {}'s {}.",
                        g.players[me].name,
                        seat.map_or("?", |s| g.players[s].name.as_str()),
                        row.name()
                    )
                });
                advance(self)
            }
            _ => {}
        }
    }
}
