//! (h-heroes-a) Steps and checks the hero sets' abilities need: labeled abilities
//! (ATTACK, THWART, DEFEND, with the stunned and confused STATUS CARDS), choosing and
//! discarding cards from hand as a cost, discarding from the top of the deck, a form
//! change by an effect (FORM), counters (COUNTER, USES), and printed play
//! restrictions (PLAY RESTRICTIONS AND PERMISSIONS).

use crate::cardfile::CardError;
use crate::effects::StepResult;
use crate::model::*;
use crate::state::*;
use crossover_sexpr::Sexp;

/// The slot a cost's "choose a card from your hand" uses (abilities use 0 to 2).
const HAND_SLOT: u8 = 3;

/// `"01010b"` → 1010: the number an identity's two faces share.
pub(crate) fn code_number(s: &Sexp) -> Result<u16, CardError> {
    let text = s.as_str().or_else(|| s.as_atom()).unwrap_or("");
    let digits: String = text.chars().filter(char::is_ascii_digit).collect();
    digits.parse::<u16>().map_err(|_| CardError {
        pos: s.pos(),
        message: format!(
            "expected a card number like \"01010b\", found {}",
            s.describe()
        ),
    })
}

fn code_of(d: &CardDef) -> u16 {
    let digits: String = d.code.chars().filter(char::is_ascii_digit).collect();
    digits.parse().unwrap_or(0)
}

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
            let rest = f.steps.split_off(usize::from(f.pc));
            f.steps.extend(steps);
            f.steps.extend(rest);
        }
    }

    /// Whether player `p` is the alter-ego of the identity numbered `code`, in
    /// alter-ego form ("if you are Carol Danvers").
    pub(crate) fn you_are_alter_ego(&self, p: u8, code: u16) -> bool {
        let pl = self.player(p);
        pl.form == Form::AlterEgo && code_of(&self.db.defs[usize::from(pl.alter_ego_def)]) == code
    }

    /// Why `p` may not play `c` under its printed play restrictions, if so.
    pub(crate) fn restriction_blocks(&self, c: CardId, p: u8) -> Option<&'static str> {
        let d = self.def(c);
        for r in &d.restrictions {
            match *r {
                Restriction::FormOnly(f) if self.player(p).form != f => {
                    return Some(if f == Form::Hero {
                        "this card is played in hero form only"
                    } else {
                        "this card is played in alter-ego form only"
                    });
                }
                Restriction::MaxOnePerEnemy
                    if self
                        .filter_options(p, Filter::EnemyWithoutCopyOf(c), None)
                        .is_empty() =>
                {
                    return Some("max 1 per enemy: every enemy already has one attached");
                }
                _ => {}
            }
        }
        None
    }

    /// The filter an attachment chooses its card with.
    pub(crate) fn attach_filter(&self, c: CardId, base: Filter) -> Filter {
        if base == Filter::Enemy
            && self
                .def(c)
                .restrictions
                .contains(&Restriction::MaxOnePerEnemy)
        {
            Filter::EnemyWithoutCopyOf(c)
        } else {
            base
        }
    }

    /// The options of the filters added here.
    pub(crate) fn hero_filter_options(&self, p: u8, filter: Filter) -> Vec<CardId> {
        match filter {
            Filter::CardInYourHand => self.player(p).hand.clone(),
            Filter::EnemyWithoutCopyOf(card) => {
                let name = &self.def(card).name;
                self.enemies()
                    .into_iter()
                    .filter(|&e| {
                        !self
                            .attachments_on(e)
                            .into_iter()
                            .any(|a| a != card && &self.def(a).name == name)
                    })
                    .collect()
            }
            _ => vec![],
        }
    }

    /// "X is the damage you have sustained (to a maximum of N)".
    pub(crate) fn sustained_up_to(&self, p: u8, max: u8) -> u16 {
        self.card(self.player(p).identity)
            .damage
            .min(u16::from(max))
    }

    /// The steps added here.
    pub(crate) fn hero_step(&mut self, f: &mut Frame, step: &Step) -> StepResult {
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
            Step::ChooseOther {
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
            Step::DiscardTopKeep { n, r } => {
                self.discard_top_keep(p, n, r);
                StepResult::Next
            }
            Step::DiscardChosen(slot) => {
                if let Some(c) = f.chosen[usize::from(slot)].take() {
                    if self.card(c).zone == Zone::Hand(p) {
                        self.discard_from_hand(p, c);
                        f.counted += 1;
                    }
                }
                StepResult::Next
            }
            Step::DiscardUpTo(n) => {
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
                    f.steps.insert(usize::from(f.pc), Step::ChooseOne(options));
                }
                StepResult::Next
            }
            Step::ChangeForm => {
                self.flip(p);
                StepResult::Next
            }
            Step::DrawUpToPrintedHandSize => {
                let printed = usize::from(self.base_stat(you, Stat::HandSize).unwrap_or(0));
                let n = printed.saturating_sub(self.player(p).hand.len());
                if n > 0 {
                    self.draw(p, n);
                }
                StepResult::Next
            }
            Step::AddCounters { on, amount } => {
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

    /// Discard the top `n` cards of `p`'s deck (EMPTY PLAYER DECK as drawing does);
    /// those still in the discard pile with a printed `r` resource go to the hand.
    fn discard_top_keep(&mut self, p: u8, n: u8, r: Resource) {
        let mut discarded = vec![];
        for _ in 0..n {
            if self.player(p).deck.is_empty() {
                self.reshuffle_player_deck(p);
            }
            let Some(c) = self.discard_top_card(p) else {
                break;
            };
            discarded.push(c);
            if self.player(p).deck.is_empty() {
                self.reshuffle_player_deck(p);
            }
        }
        for c in discarded {
            if self.card(c).zone == Zone::Discard(p) && self.def(c).resources.get(r) > 0 {
                self.player_mut(p).discard.retain(|&x| x != c);
                self.card_mut(c).zone = Zone::Hand(p);
                self.player_mut(p).hand.push(c);
                self.log_public(format!(
                    "{} adds {} to their hand.",
                    self.player_name(p),
                    self.def(c).name
                ));
            }
        }
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
