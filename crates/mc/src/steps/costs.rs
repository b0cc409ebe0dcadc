//! Costs an effect asks for and what pays them (COST): "choose and discard a card from
//! your hand" paid as the first steps of the ability, Spend X of a resource type
//! (RESOURCE), "spend resources or else" choices of encounter cards, the resources a
//! resource ability generates from the top of a discard pile (RESOURCE ABILITY), and
//! counters put on cards and spent (COUNTER, USES X).

use crate::effects::StepResult;
use crate::model::*;
use crate::state::*;

/// The slot a cost's "choose a card from your hand" uses (abilities use 0 to 2).
const HAND_SLOT: u8 = 3;

/// `chosen_option` after an effect's payment is complete / while it is under way.
pub(crate) const PAID: u8 = 254;
const PAYING: u8 = 253;

fn choose_and_discard() -> [Step; 2] {
    [
        Step::Choose {
            slot: HAND_SLOT,
            filter: Filter::CardInYourHand,
        },
        Step::DiscardChosen(HAND_SLOT),
    ]
}

impl GameState {
    /// The steps of costs, payments and counters.
    pub(crate) fn cost_step(&mut self, f: &mut Frame, step: &Step) -> StepResult {
        let p = f.player;
        match step {
            &Step::DiscardChosen(slot) => {
                if let Some(c) = f.chosen[usize::from(slot)].take() {
                    if self.card(c).zone == Zone::Hand(p) {
                        self.discard_from_hand(p, c);
                        f.counted += 1;
                    }
                }
                StepResult::Next
            }
            &Step::DiscardUpTo(n) => {
                f.counted = 0;
                let most = usize::from(n).min(self.player(p).hand.len());
                if most > 0 {
                    let options = (0..=most)
                        .map(|k| {
                            let label = match k {
                                0 => "Discard no card".to_string(),
                                1 => "Discard 1 card".to_string(),
                                k => format!("Discard {k} cards"),
                            };
                            let steps = (0..k).flat_map(|_| choose_and_discard()).collect();
                            (label, steps)
                        })
                        .collect();
                    f.insert_steps([Step::ChooseOne(options)]);
                }
                StepResult::Next
            }
            Step::PayOr {
                icons,
                label,
                otherwise,
            } => {
                // Offered as a choice of two when the player could pay; the payment
                // step comes back here if the payment is called off.
                let mut spend: Vec<&str> = vec![];
                for r in Resource::ALL {
                    for _ in 0..icons.get(r) {
                        spend.push(r.word());
                    }
                }
                // A payment the player called off is not offered again: the other
                // branch resolves (as any called-off payment, see `called_off`).
                let options = if self.could_pay(f.player, *icons)
                    && !self.called_off.contains(&PayFor::EffectResources)
                {
                    vec![
                        (
                            format!("Spend {}", spend.join(", ")),
                            vec![Step::PayResources {
                                icons: *icons,
                                again: Box::new(step.clone()),
                            }],
                        ),
                        (label.clone(), otherwise.clone()),
                    ]
                } else {
                    vec![(label.clone(), otherwise.clone())]
                };
                if options.len() == 1 {
                    f.insert_steps(otherwise.iter().cloned());
                } else {
                    f.insert_steps([Step::ChooseOne(options)]);
                }
                StepResult::Next
            }
            Step::PayResources { icons, again } => {
                match self.chosen_option {
                    Some(PAID) => self.chosen_option = None,
                    Some(PAYING) => {
                        // Called off: choose again.
                        self.chosen_option = None;
                        f.insert_steps([(**again).clone()]);
                    }
                    _ => {
                        self.chosen_option = Some(PAYING);
                        return StepResult::Wait(Pending::Pay(Box::new(Payment {
                            player: f.player,
                            what: PayFor::EffectResources,
                            generic: 0,
                            typed: *icons,
                            cards: vec![],
                            abilities: vec![],
                            generated: Icons::default(),
                            open_ended: false,
                        })));
                    }
                }
                StepResult::Next
            }
            &Step::AddCounters { on, amount } => {
                let n = self.amount(f, amount).min(255) as u8;
                for c in self.targets(f, on) {
                    self.card_mut(c).counters = self.card(c).counters.saturating_add(n);
                    if n > 0 {
                        self.log_public(format!(
                            "{n} counter(s) are put on {}.",
                            self.card_name(c)
                        ));
                    }
                }
                StepResult::Next
            }
            _ => StepResult::Next,
        }
    }

    /// The costs that need a choice ("choose and discard a card from your hand"): they
    /// are paid as the first steps of the ability, before anything else of it.
    pub(crate) fn cost_steps(&self, c: CardId, idx: u8) -> Vec<Step> {
        let mut v = vec![];
        for part in &self.face(c).abilities[usize::from(idx)].cost {
            match *part {
                CostPart::DiscardFromHand(n) => {
                    for _ in 0..n {
                        v.extend(choose_and_discard());
                    }
                }
                CostPart::DiscardUpTo(n) => v.push(Step::DiscardUpTo(n)),
                _ => {}
            }
        }
        v
    }

    /// Put the choice costs of ability `idx` of `c` first in the frame on top.
    pub(crate) fn insert_cost_steps(&mut self, c: CardId, idx: u8) {
        let steps = self.cost_steps(c, idx);
        if steps.is_empty() {
            return;
        }
        if let Some(Task::Effect(f)) = self.tasks.last_mut() {
            f.insert_steps(steps);
        }
    }

    /// Could `p` generate these resources now (each typed need met by that type or
    /// wild, and enough in all)?
    fn could_pay(&self, p: u8, icons: Icons) -> bool {
        let have = self.resources_available(p, None, &[]);
        have.total() >= icons.total()
            && [Resource::Energy, Resource::Mental, Resource::Physical]
                .into_iter()
                .all(|r| have.get(r) + have.wild >= icons.get(r))
    }

    /// The resource type a `Spend X` cost of what is being paid asks for.
    pub(crate) fn spend_x_type(&self, pay: &Payment) -> Option<Resource> {
        let PayFor::Ability(c, i) = pay.what else {
            return None;
        };
        self.face(c).abilities[usize::from(i)]
            .cost
            .iter()
            .find_map(|part| match part {
                CostPart::SpendX(r) => Some(*r),
                _ => None,
            })
    }

    /// X of a `Spend X [type]` payment: the resources of that type (wild counts as
    /// any type) generated.
    pub(crate) fn x_paid(&self, pay: &Payment) -> u8 {
        match self.spend_x_type(pay) {
            Some(r) if r != Resource::Wild => {
                pay.generated.get(r).saturating_add(pay.generated.wild)
            }
            _ => pay.generated.total().min(255) as u8,
        }
    }

    /// The printed resources of the top card of `p`'s discard pile.
    pub(crate) fn top_of_discard_icons(&self, p: u8) -> Icons {
        self.player(p)
            .discard
            .last()
            .map_or(Icons::default(), |&c| self.def(c).resources)
    }

    /// USES: a card that spent its final use paying for something is discarded once
    /// that resource ability has resolved.
    pub(crate) fn discard_if_used_up(&mut self, c: CardId) {
        if self.card(c).counters == 0 && self.def(c).uses().is_some() && self.in_play(c) {
            self.log_public(format!(
                "{} has no counters left and is discarded.",
                self.def(c).name
            ));
            self.discard_from_play(c);
        }
    }
}
