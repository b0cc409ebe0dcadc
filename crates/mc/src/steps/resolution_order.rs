//! Who resolves an effect's steps, and in which order: each player in player order (IN
//! PLAYER ORDER), the first player (FIRST PLAYER), one branch or the other of a
//! condition, Special abilities resolved as the steps of one sequence (SPECIAL), the
//! identities' Setup abilities (SETUP), and choices that need another card than one
//! already chosen or that the resolving player makes for an encounter card (CHOOSE).

use crate::effects::StepResult;
use crate::model::*;
use crate::state::*;

use super::abort_point;

/// Replace "(X instead if this is the final step of this sequence)" by its value.
fn settle_final(steps: &mut [Step], last: bool) {
    let fix = |a: &mut Amount| {
        if let Amount::IfFinalStep { then, otherwise } = *a {
            *a = Amount::N(if last { then } else { otherwise });
        }
    };
    for s in steps {
        match s {
            Step::Damage { amount, .. }
            | Step::Heal { amount, .. }
            | Step::RemoveThreat { amount, .. }
            | Step::PlaceThreat { amount, .. }
            | Step::Draw { amount }
            | Step::PlayerDraws { amount, .. }
            | Step::EachPlayerDraws { amount }
            | Step::MoveDamage { amount, .. } => fix(amount),
            Step::If { then, .. } => settle_final(then, last),
            Step::ChooseOne(options) => {
                for (_, o) in options {
                    settle_final(o, last);
                }
            }
            _ => {}
        }
    }
}

impl GameState {
    /// The steps ordering who resolves what.
    pub(crate) fn resolution_order_step(&mut self, f: &mut Frame, step: &Step) -> StepResult {
        let p = f.player;
        match step {
            Step::IfElse {
                cond,
                then,
                otherwise,
            } => {
                let branch = if self.cond_holds(f, cond) {
                    then
                } else {
                    otherwise
                };
                f.insert_steps(branch.iter().cloned());
                StepResult::Next
            }
            Step::EachPlayer(steps) => {
                for p in self.player_order().into_iter().rev() {
                    let mut g = Frame::new(f.source, p, steps.clone());
                    g.event_card = f.event_card;
                    self.tasks.push(Task::Effect(g));
                }
                StepResult::Next
            }
            Step::InPlayerOrder(steps) | Step::FirstPlayer(steps) => {
                let players = match step {
                    Step::InPlayerOrder(_) => self.player_order(),
                    _ => vec![self.first_player],
                };
                for &p in players.iter().rev() {
                    let mut sub = Frame::new(f.source, p, steps.clone());
                    sub.event_card = f.event_card;
                    sub.damaged = f.damaged;
                    sub.label = f.label;
                    self.tasks.push(Task::Effect(sub));
                }
                StepResult::Next
            }
            &Step::ResolveSpecials(filter) => {
                // The chosen slots list the cards picked so far, in order; `counted`
                // how many of them have been resolved.
                let picked: Vec<CardId> = f.chosen.iter().flatten().copied().collect();
                let remaining: Vec<CardId> = self
                    .special_sources(p, filter)
                    .into_iter()
                    .filter(|c| !picked.contains(c))
                    .collect();
                let full = picked.len() == f.chosen.len();
                let next = if picked.len() > usize::from(f.counted) {
                    Some(picked[usize::from(f.counted)])
                } else if remaining.is_empty() || full {
                    // (Four slots: the Core Set has four Black Panther upgrades.)
                    None
                } else if remaining.len() == 1 {
                    if let Some(s) = f.chosen.iter_mut().find(|s| s.is_none()) {
                        *s = Some(remaining[0]);
                    }
                    Some(remaining[0])
                } else {
                    return StepResult::Wait(Pending::Choose {
                        player: p,
                        options: remaining,
                    });
                };
                let Some(c) = next else {
                    return StepResult::Next;
                };
                let last = remaining.iter().all(|&r| r == c);
                f.counted += 1;
                // Come back to this step once that Special has resolved.
                f.pc -= 1;
                self.push_special(c, p, last);
                StepResult::Next
            }
            &Step::ChooseOther {
                slot,
                filter,
                other,
            } => {
                if f.chosen[usize::from(slot)].is_some() {
                    return StepResult::Next;
                }
                let not = f.chosen[usize::from(other)];
                let options: Vec<CardId> = self
                    .filter_options(p, filter, f.label)
                    .into_iter()
                    .filter(|&c| Some(c) != not)
                    .collect();
                match options.len() {
                    0 => {
                        f.pc = abort_point(&f.steps);
                        StepResult::Next
                    }
                    1 => {
                        f.chosen[usize::from(slot)] = Some(options[0]);
                        StepResult::Next
                    }
                    _ => {
                        let chooser = if self.card(f.source).owner == SCENARIO {
                            self.first_player
                        } else {
                            p
                        };
                        StepResult::Wait(Pending::Choose {
                            player: chooser,
                            options,
                        })
                    }
                }
            }
            Step::YouChoose { slot, filter } => {
                if f.chosen[usize::from(*slot)].is_some() {
                    return StepResult::Next;
                }
                let options = self.filter_options(f.player, *filter, f.label);
                match options.len() {
                    // Nothing to choose: the rest of the ability can't resolve.
                    0 => f.pc = f.steps.len() as u16,
                    1 => f.chosen[usize::from(*slot)] = Some(options[0]),
                    _ => {
                        return StepResult::Wait(Pending::Choose {
                            player: f.player,
                            options,
                        })
                    }
                }
                StepResult::Next
            }
            _ => StepResult::Next,
        }
    }

    /// Cards whose Special ability `ResolveSpecials(filter)` resolves for `p`.
    pub(crate) fn special_sources(&self, p: u8, filter: Filter) -> Vec<CardId> {
        self.filter_options(p, filter, None)
            .into_iter()
            .filter(|&c| {
                self.face(c)
                    .abilities
                    .iter()
                    .any(|a| a.kind == AbilityKind::Special)
            })
            .collect()
    }

    /// One step of a sequence: the Special ability of `c`, resolved by `p` (pushed like
    /// any ability, so its label applies), with its final-step amounts settled.
    fn push_special(&mut self, c: CardId, p: u8, last: bool) {
        let Some(idx) = self
            .face(c)
            .abilities
            .iter()
            .position(|a| a.kind == AbilityKind::Special)
        else {
            return;
        };
        self.log_public(format!(
            "{}: its Special ability resolves{}.",
            self.def(c).name,
            if last {
                " as the final step of the sequence"
            } else {
                ""
            }
        ));
        self.push_ability(c, idx as u8, p, None);
        if let Some(Task::Effect(f)) = self.tasks.last_mut() {
            settle_final(f.steps_mut(), last);
        }
    }

    /// Push the Setup abilities of each identity (SETUP), first player first.
    pub(crate) fn push_identity_setups(&mut self) {
        for p in (0..self.players.len() as u8).rev() {
            let id = self.player(p).identity;
            let setups: Vec<u8> = self
                .face(id)
                .abilities
                .iter()
                .enumerate()
                .filter(|(_, a)| a.kind == AbilityKind::Setup)
                .map(|(i, _)| i as u8)
                .collect();
            for i in setups.into_iter().rev() {
                self.push_ability(id, i, p, None);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::model::*;
    use crate::setup::McSetup;
    use crate::state::*;
    use crate::Action;

    /// T'Challa's Setup ability (Foresight) runs during setup, before the opening hand:
    /// the player picks one of the 4 Black Panther upgrades of the deck, and then draws
    /// the opening hand of 6 and may mulligan.
    #[test]
    fn tchalla_foresight_searches_before_the_opening_hand() {
        crate::ALLOW_INCOMPLETE.with(|a| a.set(true));
        let setup = McSetup::solo_against_rhino("black-panther");
        let mut g = GameState::new(&setup, 7, crate::db::core()).unwrap();
        let Pending::Choose { player, options } = g.pending().clone() else {
            panic!("expected the Foresight choice, found {:?}", g.pending());
        };
        assert_eq!(player, 0);
        assert_eq!(options.len(), 4);
        assert!(options.iter().all(|&c| {
            matches!(g.def(c).kind, Kind::Upgrade { .. }) && g.def(c).has_trait(Trait::BlackPanther)
        }));
        assert!(
            g.player(0).hand.is_empty(),
            "the search comes before the opening hand"
        );
        let pick = options[2];
        g.apply_action(Action::Choose(pick)).unwrap();
        assert_eq!(*g.pending(), Pending::Mulligan(0));
        assert_eq!(g.player(0).hand.len(), 7);
        assert!(g.player(0).hand.contains(&pick));
        assert_eq!(g.player(0).deck.len(), 40 - 7);
    }
}
