//! Labeled abilities: an ability labeled ATTACK, THWART or DEFENSE, with the stunned and
//! confused STATUS CARDS that replace an attack or a thwart, and the thwart or defense
//! that resolving one counts as (ATTACK, THWART, DEFEND, STATUS CARDS); damage dealt as
//! an attack with OVERKILL.

use crate::effects::StepResult;
use crate::model::*;
use crate::state::*;

/// The steps of an ability with its label's bookkeeping around them: a labeled attack
/// or thwart first checks the stunned or confused status card, and resolving a thwart
/// or a defense is an occurrence of its own once done.
pub(crate) fn labeled(label: Option<Label>, steps: Vec<Step>) -> Vec<Step> {
    let Some(l) = label else {
        return steps;
    };
    let mut v = Vec::with_capacity(steps.len() + 2);
    if matches!(l, Label::Attack | Label::Thwart) {
        v.push(Step::BeginLabeled(l));
    }
    v.extend(steps);
    if matches!(l, Label::Thwart | Label::Defense) {
        v.push(Step::EndLabeled(l));
    }
    v
}

/// Where an ability that can't resolve further stops: its end, but a labeled thwart or
/// defense still counts as done (`EndLabeled` stays).
pub(crate) fn abort_point(steps: &[Step]) -> u16 {
    match steps.last() {
        Some(Step::EndLabeled(_)) => (steps.len() - 1) as u16,
        _ => steps.len() as u16,
    }
}

impl GameState {
    /// The steps of labeled abilities.
    pub(crate) fn labeled_step(&mut self, f: &mut Frame, step: &Step) -> StepResult {
        let p = f.player;
        let you = self.player(p).identity;
        match *step {
            Step::BeginLabeled(l) => {
                let (status, what, word) = match l {
                    Label::Attack => (STUNNED, "stunned", "attacking"),
                    Label::Thwart => (CONFUSED, "confused", "thwarting"),
                    Label::Defense => return StepResult::Next,
                };
                if self.has_status(you, status) {
                    self.card_mut(you).status &= !status;
                    self.log_public(format!(
                        "{} is {what}: they discard the {what} card instead of {word}.",
                        self.card_name(you)
                    ));
                    f.pc = f.steps.len() as u16;
                }
                StepResult::Next
            }
            Step::EndLabeled(l) => {
                let ev = match l {
                    Label::Thwart => Event::Thwarted { by: you },
                    Label::Defense => Event::Defended {
                        defender: you,
                        player: p,
                    },
                    Label::Attack => return StepResult::Next,
                };
                let what = if l == Label::Thwart {
                    "a thwart"
                } else {
                    "a defense"
                };
                self.log_public(format!(
                    "{}'s {} counts as {what}.",
                    self.card_name(you),
                    self.def(f.source).name
                ));
                self.tasks.push(Task::Occur(Occurrence::new(ev)));
                StepResult::Next
            }
            Step::DamageOverkillIf { cond, to, amount } => {
                let overkill = self.cond_holds(f, &cond);
                let n = self.amount(f, amount);
                let you = self.player(f.player).identity;
                let targets = self.targets(f, to);
                if n > 0 {
                    for t in targets.into_iter().rev() {
                        self.player_attack(you, t, n, false, overkill);
                    }
                }
                StepResult::Next
            }
            _ => StepResult::Next,
        }
    }

    /// A stunned hero using an attack ability discards the stunned card instead
    /// (STATUS CARDS): nothing else of the ability happens.
    pub(super) fn attack_replaced_by_stun(&self, f: &Frame) -> bool {
        f.label == Some(Label::Attack) && self.has_status(self.player(f.player).identity, STUNNED)
    }
}
