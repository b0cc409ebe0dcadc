//! Resolving an effect from a card (508.2): its targets are checked (508.2a), then its
//! steps run in order, doing as much as they can (508.2c); a plot twist played from
//! hand goes to its owner's KO'd pile as its effect leaves the chain (304.6, 508.2l).

use crate::ids::*;
use crate::state::*;
use smallvec::SmallVec;

impl GameState {
    pub(crate) fn resolve_card_effect(&mut self, effect: ChainEffect) {
        let EffectKind::Card {
            source,
            object,
            power,
            origin,
            targets,
            paid,
            about,
        } = effect.kind
        else {
            return;
        };
        let controller = effect.controller.unwrap_or(self.card(source).owner);
        let pool = self.pool.0.clone();
        // 500.6: a power not printed on its source.
        let unprinted = self.unprinted_effect(source, power).cloned();
        let Some(def_effect) = pool
            .def(self.card(source).def)
            .power(power)
            .and_then(|p| match p {
                crate::power::Power::Play { effect, .. }
                | crate::power::Power::Payment { effect, .. }
                | crate::power::Power::Trigger { effect, .. } => Some(effect),
                crate::power::Power::Continuous(_) => None,
            })
            .or(unprinted.as_ref())
        else {
            return;
        };
        let checked: SmallVec<[Option<TargetRef>; 4]> = targets
            .iter()
            .zip(&def_effect.targets)
            .map(|(&t, kind)| self.target_ok(kind, t, controller, source).then_some(t))
            .collect();
        let to_ko_pile = origin == Origin::FromHand;
        if !targets.is_empty() && checked.iter().all(Option::is_none) {
            // 508.2a / 509: negated; no refund (509.2).
            self.log(|g| {
                format!(
                    "{}'s effect is negated: none of its targets is legal (508.2a).",
                    g.name(source)
                )
            });
            if to_ko_pile {
                self.move_card(source, Zone::KoPile);
            }
            self.revealed_back_to_hand(source, object, power);
            // 509.4.
            self.give_priority(self.primary_player());
            return;
        }
        if origin == Origin::Triggered {
            if let Some(cond) = self.double_check(source, power) {
                if !self.condition_holds(&cond, controller, source, false) {
                    // 502.1c: a double-check condition no longer true: negated by the rules.
                    self.log(|g| {
                        format!(
                            "{}'s triggered effect is negated: its condition no longer holds (502.1c).",
                            g.name(source)
                        )
                    });
                    self.give_priority(self.primary_player());
                    return;
                }
            }
        }
        self.log(|g| format!("{}'s effect resolves.", g.name(source)));
        // 513.1b: when it was played, for "while <card> remains exhausted".
        self.exhaust_ties.played_at = effect.id;
        self.resolving = Some(Resolving {
            source,
            source_object: object,
            power,
            controller,
            targets: checked,
            step: 0,
            chosen: Vec::new(),
            paid,
            card_on_chain: to_ko_pile,
            progress: 0,
            inline: None,
            event_card: about.map(|(c, _)| c),
            event_amount: about.map_or(0, |(_, n)| n),
            did: false,
            repeats: 0,
            replacement: false,
            held: Vec::new(),
            number: None,
            entering: None,
            placing: Vec::new(),
        });
        self.run_steps();
    }

    /// 513.4: a delayed triggered modifier's effect resolves like any effect.
    pub(crate) fn resolve_delayed(&mut self, d: Delayed) {
        self.log(|g| format!("{}'s delayed effect resolves.", g.name(d.source)));
        self.resolving = Some(Resolving {
            source: d.source,
            source_object: d.source_object,
            power: 0,
            controller: d.controller,
            targets: d.targets,
            step: 0,
            chosen: d.chosen,
            paid: Vec::new(),
            card_on_chain: false,
            progress: 0,
            inline: Some(d.steps),
            event_card: None,
            event_amount: 0,
            did: false,
            repeats: 0,
            replacement: false,
            held: Vec::new(),
            number: None,
            entering: None,
            placing: Vec::new(),
        });
        self.run_steps();
    }

    /// The resolving effect's steps, from the current one, until one waits for a choice
    /// or all are done.
    pub(crate) fn run_steps(&mut self) {
        let pool = self.pool.0.clone();
        loop {
            let Some(f) = &self.resolving else {
                return;
            };
            let (source, power, step) = (f.source, f.power, f.step as usize);
            if let Some(inline) = &f.inline {
                let Some(s) = inline.get(step).cloned() else {
                    return self.finish_resolving();
                };
                let events = self.events.len();
                if let Some(seat) = s.run(self) {
                    // An event of the step waits while it is replaced (513.5): its
                    // decision is the one pending.
                    if self.events.len() <= events {
                        self.pending = Pending::EffectChoice(seat as PlayerId);
                    }
                    return;
                }
                if self.result.is_some() {
                    return;
                }
                if let Some(f) = &mut self.resolving {
                    f.step = f.step.saturating_add(1);
                    f.progress = 0;
                    f.held.clear();
                }
                continue;
            }
            let steps = match pool.def(self.card(source).def).power(power) {
                Some(
                    crate::power::Power::Play { effect, .. }
                    | crate::power::Power::Payment { effect, .. }
                    | crate::power::Power::Trigger { effect, .. },
                ) => &effect.steps,
                Some(crate::power::Power::Continuous(_)) => return self.finish_resolving(),
                None => {
                    // 500.6: a power not printed on its source.
                    let Some(s) = self
                        .unprinted_effect(source, power)
                        .and_then(|e| e.steps.get(step))
                        .cloned()
                    else {
                        return self.finish_resolving();
                    };
                    if let Some(seat) = s.run(self) {
                        self.pending = Pending::EffectChoice(seat as PlayerId);
                        return;
                    }
                    if self.result.is_some() {
                        return;
                    }
                    if let Some(f) = &mut self.resolving {
                        f.step = f.step.saturating_add(1);
                        f.progress = 0;
                    }
                    continue;
                }
            };
            let Some(s) = steps.get(step) else {
                return self.finish_resolving();
            };
            let events = self.events.len();
            if let Some(seat) = s.run(self) {
                if self.events.len() <= events {
                    self.pending = Pending::EffectChoice(seat as PlayerId);
                }
                return;
            }
            if self.result.is_some() {
                return;
            }
            if let Some(f) = &mut self.resolving {
                f.step = f.step.saturating_add(1);
                f.progress = 0;
                f.held.clear();
            }
        }
    }

    /// The step the resolving effect waits on.
    pub(crate) fn current_step(&self) -> Option<crate::verbs::Step> {
        let f = self.resolving.as_ref()?;
        if let Some(inline) = &f.inline {
            return inline.get(f.step as usize).cloned();
        }
        let effect = self.effect_of(f.source, f.power)?;
        effect.steps.get(f.step as usize).cloned()
    }

    /// 508.2b: the answer to the resolving effect's choice; the step moves the effect
    /// on (`Host::next_step`) when it has all it needs.
    pub(crate) fn answer_effect(&mut self, a: &crate::action::Action) {
        let Some(step) = self.current_step() else {
            return;
        };
        let before = self.resolving.as_ref().map(|f| f.step);
        step.answer(self, a);
        if self.resolving.as_ref().map(|f| f.step) != before {
            self.run_steps();
        }
    }

    /// 508.2l: the effect leaves the chain; the primary player gets priority.
    fn finish_resolving(&mut self) {
        // 513.5: a replacement's new event is done; the event it replaced goes on.
        if self.resolving.as_ref().is_some_and(|f| f.replacement) {
            return self.new_event_done();
        }
        self.chosen_affiliation = None;
        self.chosen_identity = None;
        if let Some(f) = self.resolving.take() {
            // 706.2b: a plot twist's boost text is active until its effect has finished
            // resolving.
            if self.card(f.source).boosted
                && self.def(f.source).kind() == crate::vocab::CardKind::PlotTwist
            {
                self.card_mut(f.source).boosted = false;
            }
            if f.card_on_chain && self.card(f.source).zone == Zone::Chain {
                self.move_card(f.source, Zone::KoPile);
            }
            if f.inline.is_none() {
                self.revealed_back_to_hand(f.source, f.source_object, f.power);
            }
        }
        self.give_priority(self.primary_player());
    }
}
