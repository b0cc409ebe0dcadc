//! Replacement modifiers (513.5): "if EVENT would happen, instead, NEW EVENT". Before an
//! atom happens it asks for a replacement; one that applies runs its steps instead, as
//! the replacement's source (513.5h), and the replaced event never happens (513.5a).
//! Each applies once to an event (513.5i). A "can't" is checked first: an event that
//! can't happen can't be replaced (103.2).
//!
//! An event may stop for a player's decision while it is replaced: which of several
//! replacements applies first (513.5c, 702.5), whether to pay an optional replacement
//! cost (203.7, 513.5e), or a choice the new event's steps ask. The event is then kept
//! in `events` with the effect that was resolving, the game waits
//! (`Pending::Replacement`, or `Pending::EffectChoice` for a step), and once the event is
//! settled its caller goes on where it stopped (`Resume`): it asks for the event again
//! and gets the settled answer (`settled`). Only callers that can go on later let an
//! event wait; inside others (an event within an event, a cost) no player is asked.

use crate::ids::*;
use crate::power::*;
use crate::state::*;
use crate::vocab::{Filter, Relation, ReplaceEvent, Test, Who};

impl GameState {
    /// The replacement powers that would apply to `event` about `card` (character
    /// events) or `player` (endurance), earliest timestamp first, leaving out those
    /// applying already (513.5i) and those `passed`.
    fn find_replacements(
        &self,
        event: ReplaceEvent,
        card: Option<CardId>,
        player: Option<PlayerId>,
        passed: &[(CardId, u8)],
    ) -> Vec<(u32, CardId, u8)> {
        let mut found: Vec<(u32, CardId, u8)> = Vec::new();
        if !self.continuous_kinds.replaces && !self.continuous_kinds.gives_powers {
            return found;
        }
        // Sorted below: the sources' order doesn't matter.
        for s in self.continuous_sources_with(|k| k.replaces) {
            for (i, p) in self.continuous_powers(s) {
                let Power::Continuous(Continuous::Replace {
                    event: e,
                    who,
                    player: rel,
                    ..
                }) = &p.power
                else {
                    continue;
                };
                if *e != event
                    || !self.power_active(s, i)
                    || self.replacing.contains(&(s, i))
                    || passed.contains(&(s, i))
                {
                    continue;
                }
                let controller = self.card(s).controller;
                let applies = match (who, rel, card, player) {
                    (Some(a), _, Some(c), _) => {
                        self.affects(a, s, c)
                            || (event == ReplaceEvent::KoFromPlay && self.affects_revealed(a, s, c))
                    }
                    (_, Some(Relation::You), _, Some(q)) => q == controller,
                    (_, Some(Relation::Opponent), _, Some(q)) => self.is_opponent(controller, q),
                    _ => false,
                };
                if applies {
                    found.push((self.card(s).timestamp, s, i));
                }
            }
        }
        found.sort_unstable();
        found
    }

    /// Replaces `event` if a replacement applies, in a caller that can't stop for a
    /// decision: `true` when the event doesn't happen.
    pub(crate) fn replaced(
        &mut self,
        event: ReplaceEvent,
        card: Option<CardId>,
        player: Option<PlayerId>,
        amount: i32,
    ) -> bool {
        self.replace_event(event, card, player, amount, card, None) == Replaced::Yes
    }

    /// [`Self::replaced`] for an event with an amount: `None` when the event doesn't
    /// happen, else the amount it happens with, raised or lowered by the "additional" and
    /// "less" replacements that applied (513.5g).
    pub(crate) fn replaced_amount(
        &mut self,
        event: ReplaceEvent,
        card: Option<CardId>,
        player: Option<PlayerId>,
        amount: i32,
    ) -> Option<i32> {
        match self.replace_event_amount(event, card, player, amount, card, None) {
            (Replaced::Yes, _) => None,
            (_, n) => Some(n),
        }
    }

    /// 513.5: asks for the replacements of `event`. `that` is the character the new
    /// event calls "that character"; `resume`, where the caller goes on if a decision
    /// stops the event (`None`: it can't stop, and no player is asked).
    pub(crate) fn replace_event(
        &mut self,
        event: ReplaceEvent,
        card: Option<CardId>,
        player: Option<PlayerId>,
        amount: i32,
        that: Option<CardId>,
        resume: Option<Resume>,
    ) -> Replaced {
        self.replace_event_amount(event, card, player, amount, that, resume)
            .0
    }

    /// [`Self::replace_event`], with the amount the event happens with (513.5g).
    fn replace_event_amount(
        &mut self,
        event: ReplaceEvent,
        card: Option<CardId>,
        player: Option<PlayerId>,
        amount: i32,
        that: Option<CardId>,
        resume: Option<Resume>,
    ) -> (Replaced, i32) {
        if let Some(replaced) = self.take_settled(event, card, player) {
            let r = if replaced {
                Replaced::Yes
            } else {
                Replaced::No
            };
            return (r, amount);
        }
        // 203.10, 203.10b: a cost's actions aren't replaced, except putting into a KO'd pile.
        if self.paying_cost && event != ReplaceEvent::KoFromPlay {
            return (Replaced::No, amount);
        }
        if !self.has_continuous_powers
            || self.find_replacements(event, card, player, &[]).is_empty()
        {
            return (Replaced::No, amount);
        }
        let can_wait = resume.is_some() && self.no_wait == 0;
        // 203.10b: the new event of a replaced cost is no cost itself.
        let paying = std::mem::replace(&mut self.paying_cost, false);
        let outer = self.resolving.take().map(Box::new);
        self.events.push(EventFrame {
            event,
            card,
            player,
            amount,
            that,
            passed: Vec::new(),
            stage: EventStage::Looking,
            outer,
            resume: resume.unwrap_or(Resume::Steps),
            can_wait,
            paying,
        });
        if !can_wait {
            self.no_wait = self.no_wait.saturating_add(1);
        }
        let r = self.drive_event();
        if !can_wait {
            self.no_wait = self.no_wait.saturating_sub(1);
        }
        let mut out = amount;
        if r != Replaced::Wait {
            if let Some(f) = self.end_event() {
                out = f.amount;
            }
        }
        (r, out)
    }

    /// The answer for an event settled while its caller waited, taken once.
    pub(crate) fn take_settled(
        &mut self,
        event: ReplaceEvent,
        card: Option<CardId>,
        player: Option<PlayerId>,
    ) -> Option<bool> {
        match self.settled {
            Some(s) if s.event == event && s.card == card && s.player == player => {
                self.settled = None;
                Some(s.replaced)
            }
            _ => None,
        }
    }

    /// Takes the innermost event off: its new event's 513.5i mark, and the effect that
    /// was resolving back.
    fn end_event(&mut self) -> Option<EventFrame> {
        let f = self.events.pop()?;
        if matches!(f.stage, EventStage::Steps { .. }) {
            self.replacing.pop();
        }
        self.resolving = f.outer.clone().map(|b| *b);
        self.paying_cost = f.paying;
        Some(f)
    }

    /// 513.5c: who orders the replacements: the player affected, or who controls the
    /// character affected.
    fn affected_player(&self, f: &EventFrame) -> PlayerId {
        match (f.card, f.player) {
            (Some(c), _) => self.card(c).controller,
            (_, Some(p)) => p,
            _ => self.primary_player(),
        }
    }

    /// Goes on with the innermost event until a replacement applies, none is left, or
    /// a player is asked.
    fn drive_event(&mut self) -> Replaced {
        loop {
            let Some(f) = self.events.last() else {
                return Replaced::No;
            };
            let found = self.find_replacements(f.event, f.card, f.player, &f.passed);
            let (source, power) = match found.as_slice() {
                [] => return Replaced::No,
                [(_, s, i)] => (*s, *i),
                // Where no player can be asked, the earliest applies first
                // (docs/rulings.md, 513.5c).
                [(_, s, i), ..] if !f.can_wait => (*s, *i),
                _ => {
                    let p = self.affected_player(f);
                    if let Some(f) = self.events.last_mut() {
                        f.stage = EventStage::Order(p);
                    }
                    self.pending = Pending::Replacement(p);
                    return Replaced::Wait;
                }
            };
            if let Some(r) = self.try_replacement(source, power) {
                return r;
            }
        }
    }

    fn replace_power(
        &self,
        source: CardId,
        power: u8,
    ) -> Option<(Vec<crate::verbs::Step>, Option<ReplaceCost>)> {
        // 500.6: a gained replacement power too.
        match self.power_at(source, power) {
            Some(Power::Continuous(Continuous::Replace { steps, cost, .. })) => {
                Some((steps.clone(), cost.clone()))
            }
            _ => None,
        }
    }

    /// The replacement's new event, as the effect that resolves now (its steps, "that
    /// character", "that much").
    fn begin_new_event(&mut self, source: CardId, power: u8) {
        let Some(f) = self.events.last() else {
            return;
        };
        let (that, amount) = (f.that, f.amount);
        let steps = self
            .replace_power(source, power)
            .map(|(s, _)| s)
            .unwrap_or_default();
        self.resolving = Some(Resolving {
            source,
            source_object: self.card(source).object,
            power,
            controller: self.card(source).controller,
            targets: smallvec::SmallVec::new(),
            step: 0,
            chosen: Vec::new(),
            paid: Vec::new(),
            card_on_chain: false,
            progress: 0,
            inline: Some(steps),
            event_card: that,
            event_amount: amount,
            did: false,
            repeats: 0,
            replacement: true,
            held: Vec::new(),
            number: None,
            entering: None,
            placing: Vec::new(),
        });
    }

    /// The innermost event passes over a replacement (declined, or its cost can't be
    /// paid).
    fn pass_over(&mut self, source: CardId, power: u8) {
        self.resolving = None;
        if let Some(f) = self.events.last_mut() {
            f.passed.push((source, power));
            f.stage = EventStage::Looking;
        }
    }

    /// Applies one replacement to the innermost event: its cost first (203.7). `None`:
    /// it doesn't apply.
    fn try_replacement(&mut self, source: CardId, power: u8) -> Option<Replaced> {
        // 513.5g: "N additional" / "N less": the event's amount changes and it goes on
        // being looked at as the new event, which this replacement doesn't affect again
        // (513.5i); another may (the event is still the same kind).
        if let Some(Power::Continuous(Continuous::Replace {
            amount: Some(change),
            ..
        })) = self.power_at(source, power)
        {
            let change = *change;
            let f = self.events.last_mut()?;
            let (old, new) = (f.amount, change.apply(f.amount));
            f.amount = new;
            f.passed.push((source, power));
            f.stage = EventStage::Looking;
            self.log(|g| {
                format!(
                    "{}'s replacement applies instead: {old} becomes {new} (513.5g).",
                    g.name(source)
                )
            });
            return None;
        }
        let cost = self.replace_power(source, power)?.1;
        self.begin_new_event(source, power);
        let Some(cost) = cost else {
            return Some(self.run_new_event(source, power));
        };
        let payer = self.card(source).controller;
        if !self.cost_payable(&cost, source, payer) {
            // 203.7b: a cost that can't be paid: no replacement.
            self.log(|g| {
                format!(
                    "{}'s replacement cost can't be paid (203.7b).",
                    g.name(source)
                )
            });
            self.pass_over(source, power);
            return None;
        }
        if !self.events.last().is_some_and(|f| f.can_wait) {
            self.log(|g| {
                format!(
                    "{}'s replacement cost is not offered inside this event (docs/rulings.md, 513.5e).",
                    g.name(source)
                )
            });
            self.pass_over(source, power);
            return None;
        }
        if let Some(f) = self.events.last_mut() {
            f.stage = EventStage::Cost {
                source,
                power,
                payer,
            };
        }
        self.pending = Pending::Replacement(payer);
        Some(Replaced::Wait)
    }

    /// 203.3: can the cost be paid in full?
    fn cost_payable(&self, cost: &ReplaceCost, source: CardId, payer: PlayerId) -> bool {
        match cost {
            ReplaceCost::Choose { filter, .. } => !self.replace_cost_choices(filter).is_empty(),
            ReplaceCost::PayEndurance(n) => self.endurance(payer) >= i32::from(*n),
            ReplaceCost::PlusCounters(_) | ReplaceCost::ReturnThis => self.is_character(source),
            ReplaceCost::KoThis => matches!(
                self.card(source).zone,
                Zone::Character(_) | Zone::Equipped(_) | Zone::Resource
            ),
        }
    }

    /// The characters a `choose` replacement cost may choose (read for the new event).
    fn replace_cost_choices(&self, filter: &Filter) -> Vec<CardId> {
        crate::verbs::Host::who(self, &Who::Each(filter.clone()))
    }

    /// The replacement applies: its new event's steps run (513.5a), marked so that it
    /// doesn't apply to them again (513.5i).
    fn run_new_event(&mut self, source: CardId, power: u8) -> Replaced {
        self.log(|g| format!("{}'s replacement applies instead (513.5).", g.name(source)));
        self.replacing.push((source, power));
        if let Some(f) = self.events.last_mut() {
            f.stage = EventStage::Steps { source, power };
        }
        if self.run_new_event_steps() {
            Replaced::Yes
        } else {
            Replaced::Wait
        }
    }

    /// The new event's steps from where they are; `false` when one waits for a choice.
    fn run_new_event_steps(&mut self) -> bool {
        loop {
            let Some(f) = &self.resolving else {
                return true;
            };
            let Some(s) = f
                .inline
                .as_ref()
                .and_then(|v| v.get(f.step as usize))
                .cloned()
            else {
                return true;
            };
            let n = self.events.len();
            if let Some(seat) = s.run(self) {
                if self.events.len() > n {
                    // An event of the step waits for a decision.
                    return false;
                }
                if self.events.last().is_some_and(|f| f.can_wait) {
                    self.pending = Pending::EffectChoice(seat as PlayerId);
                    return false;
                }
                self.log(|_| {
                    "A replacement's step that asks a choice is skipped inside this event (docs/rulings.md, 513.5c).".into()
                });
            }
            if self.result.is_some() {
                return true;
            }
            if let Some(f) = &mut self.resolving {
                f.step = f.step.saturating_add(1);
                f.progress = 0;
                f.held.clear();
            }
        }
    }

    /// The new event's steps that waited are done: the event was replaced.
    pub(crate) fn new_event_done(&mut self) {
        self.settle(Replaced::Yes);
    }

    /// The innermost event, which waited, is settled: its caller goes on.
    fn settle(&mut self, r: Replaced) {
        if r == Replaced::Wait {
            return;
        }
        let Some(f) = self.end_event() else {
            return;
        };
        self.settled = Some(Settled {
            event: f.event,
            card: f.card,
            player: f.player,
            replaced: r == Replaced::Yes,
        });
        match f.resume {
            Resume::Steps => self.run_steps(),
            Resume::Combat => self.go_on_concluding(),
            Resume::PowerUp { target, controller } => {
                if self.resolve_power_up(target, controller) {
                    self.give_priority(self.primary_player());
                }
            }
        }
        self.settled = None;
        // Nothing left to wait on: the game goes on with the primary player.
        if self.events.is_empty() && matches!(self.pending, Pending::Replacement(_)) {
            self.give_priority(self.primary_player());
        }
    }

    /// The options of `Pending::Replacement`.
    pub(crate) fn replacement_options(&self, out: &mut Vec<crate::action::Action>) {
        use crate::action::Action;
        let Some(f) = self.events.last() else {
            return;
        };
        match f.stage {
            EventStage::Order(_) => {
                for (_, s, _) in self.find_replacements(f.event, f.card, f.player, &f.passed) {
                    if !out.contains(&Action::Pick(s)) {
                        out.push(Action::Pick(s));
                    }
                }
            }
            EventStage::Cost { source, power, .. } => {
                match self.replace_power(source, power).and_then(|(_, c)| c) {
                    Some(ReplaceCost::Choose { filter, .. }) => {
                        out.extend(
                            self.replace_cost_choices(&filter)
                                .into_iter()
                                .map(Action::Pick),
                        );
                        out.push(Action::No);
                    }
                    Some(_) => out.extend([Action::Yes, Action::No]),
                    None => {}
                }
            }
            EventStage::Looking | EventStage::Steps { .. } => {}
        }
    }

    /// The question of `Pending::Replacement`, in words.
    pub(crate) fn replacement_prompt(&self) -> String {
        let Some(f) = self.events.last() else {
            return "decide about the event being replaced (513.5)".into();
        };
        let what = match (f.card, f.player) {
            (Some(c), _) => format!("{} {}", self.name(c), f.event.text()),
            (_, Some(p)) => format!("{} {}", self.player_name(p), f.event.text()),
            _ => f.event.text().to_string(),
        };
        match f.stage {
            EventStage::Order(_) => {
                format!("{what}: choose which replacement applies first (513.5c)")
            }
            EventStage::Cost { source, .. } => format!(
                "{what}: instead, you may pay {}'s replacement cost (203.7)",
                self.name(source)
            ),
            _ => what,
        }
    }

    /// The answer to `Pending::Replacement` (checked legal).
    pub(crate) fn answer_replacement(&mut self, a: &crate::action::Action) {
        use crate::action::Action;
        let Some(f) = self.events.last() else {
            return;
        };
        let r = match (f.stage, *a) {
            (EventStage::Order(p), Action::Pick(c)) => {
                let Some((_, s, i)) = self
                    .find_replacements(f.event, f.card, f.player, &f.passed)
                    .into_iter()
                    .find(|&(_, s, _)| s == c)
                else {
                    return;
                };
                self.log(|g| {
                    format!(
                        "{} applies {}'s replacement first (513.5c).",
                        g.player_name(p),
                        g.name(s)
                    )
                });
                match self.try_replacement(s, i) {
                    Some(r) => r,
                    None => self.drive_event(),
                }
            }
            (
                EventStage::Cost {
                    source,
                    power,
                    payer,
                },
                Action::No,
            ) => {
                self.log(|g| {
                    format!(
                        "{} doesn't pay {}'s replacement cost (203.7b).",
                        g.player_name(payer),
                        g.name(source)
                    )
                });
                self.pass_over(source, power);
                self.drive_event()
            }
            (
                EventStage::Cost {
                    source,
                    power,
                    payer,
                },
                Action::Yes | Action::Pick(_),
            ) => {
                self.pay_replace_cost(source, power, payer, a);
                self.run_new_event(source, power)
            }
            _ => return,
        };
        self.settle(r);
    }

    /// 203.7, 513.5d: pays the replacement cost; its actions aren't replaced (a KO's
    /// trip to the KO'd pile aside, 203.10b).
    fn pay_replace_cost(
        &mut self,
        source: CardId,
        power: u8,
        payer: PlayerId,
        a: &crate::action::Action,
    ) {
        let Some(cost) = self.replace_power(source, power).and_then(|(_, c)| c) else {
            return;
        };
        self.log(|g| {
            format!(
                "{} pays {}'s replacement cost (203.7).",
                g.player_name(payer),
                g.name(source)
            )
        });
        let paying = std::mem::replace(&mut self.paying_cost, true);
        self.no_wait = self.no_wait.saturating_add(1);
        match (cost, *a) {
            (ReplaceCost::Choose { slot, .. }, crate::action::Action::Pick(c)) => {
                crate::verbs::Host::choose(self, slot, Some(c));
            }
            (ReplaceCost::PayEndurance(n), _) => self.lose_endurance(payer, i32::from(n)),
            (ReplaceCost::PlusCounters(n), _) => {
                crate::verbs::Host::add_plus_counters(self, source, n);
                self.log(|g| format!("{} gets {n} +1/+1 counter(s).", g.name(source)));
            }
            (ReplaceCost::KoThis, _) => {
                self.ko(source);
            }
            (ReplaceCost::ReturnThis, _) => {
                crate::verbs::Host::return_to_hand(self, source);
            }
            _ => {}
        }
        self.no_wait = self.no_wait.saturating_sub(1);
        self.paying_cost = paying;
    }
}

impl GameState {
    /// 513.5d: an action taken to pay a cost can't be replaced: `pay` runs with every
    /// replacement power set aside.
    pub(crate) fn unreplaced<R>(&mut self, pay: impl FnOnce(&mut Self) -> R) -> R {
        let mut aside = Vec::new();
        if self.has_continuous_powers {
            for s in self.continuous_sources() {
                for (i, p) in self.continuous_powers(s) {
                    if matches!(p.power, Power::Continuous(Continuous::Replace { .. })) {
                        aside.push((s, i));
                    }
                }
            }
        }
        let n = self.replacing.len();
        self.replacing.extend(aside);
        let r = pay(self);
        self.replacing.truncate(n);
        r
    }
}

impl GameState {
    /// 708.13a: a KO reveals the object before it goes to the KO'd pile, so a
    /// replacement of that trip sees what the revealed card is: a face-down resource that
    /// is a character card passes "character card" and the other card tests (201.2c),
    /// and "yours"/"opposing" read its controller.
    fn affects_revealed(&self, who: &Affects, source: CardId, c: CardId) -> bool {
        let Affects::Each(f) = who else {
            return false;
        };
        if self.is_character(c) {
            return false;
        }
        let controller = self.card(source).controller;
        f.0.iter().all(|t| match t {
            Test::Controlled(Relation::You) => self.card(c).controller == controller,
            Test::Controlled(Relation::Opponent) => {
                self.is_opponent(controller, self.card(c).controller)
            }
            t => self.card_matches(&Filter(vec![t.clone()]), c, controller, source),
        })
    }
}

#[cfg(test)]
mod tests {
    use crate::action::Action;
    use crate::ids::*;
    use crate::state::{Defender, Part, StepKind, Zone};
    use crate::testkit::Bench;

    const CARDS: &str = r#"
(card x-tn "Threat Neutralized" "" (plot-twist (threshold 0) ongoing) (effect)
  (continuous (replace ko-from-play (each character) (remove-from-game that))))
(card x-jk "The Joker" "Emperor Joker" (character (cost 5) (atk 5) (def 5))
  (continuous (replace lose-endurance opponent (gain-endurance you 1))))
(card x-ms "Mystique" "Raven Darkholme" (character (cost 4) (atk 9) (def 4))
  (continuous (replace cause-breakthrough this (lose-endurance each-opponent 5))))
"#;

    /// 513.5a (VS-TCG Threat Neutralized): the replaced event never happens; the new one
    /// does instead.
    #[test]
    fn r513_5a_a_replaced_event_never_happens() {
        let (mut b, pt) = Bench::with_effect("(target 0 character) (ko (target 0))", CARDS);
        let tn = b.resource(1, "x-tn");
        b.g.card_mut(tn).face_up = true;
        let c = b.in_play(1, "trn-007", Row::Front, 0);
        b.play(pt, &[c]);
        assert!(matches!(b.g.card(c).zone, Zone::Removed { .. }));
    }

    /// 513.5f: a mandatory replacement applies even when its new event does little.
    #[test]
    fn r513_5f_an_endurance_loss_is_replaced() {
        let (mut b, pt) = Bench::with_effect("(lose-endurance each-opponent 7)", CARDS);
        // Player 1 controls the Joker: their opponent's loss becomes their gain of 1.
        b.in_play(0, "x-jk", Row::Front, 0);
        b.play(pt, &[]);
        assert_eq!((b.g.endurance(0), b.g.endurance(1)), (51, 50));
    }

    /// 103.2 (VS-TCG-005): a breakthrough that can't happen can't be replaced.
    #[test]
    fn r103_2_an_event_that_cant_happen_cant_be_replaced() {
        let mut b = Bench::new(CARDS);
        let m = b.in_play(0, "x-ms", Row::Front, 0);
        let d = b.in_play(1, "trn-003", Row::Front, 0); // 3/2
        b.g.part = Part::Step(StepKind::Attack, 0);
        b.act(Action::Propose {
            attacker: m,
            defender: Defender::Character(d),
        });
        b.act(Action::Pass);
        b.act(Action::Pass);
        // Without "can't", Mystique's replacement applies: 5 instead of 7 breakthrough.
        b.act(Action::Pass);
        b.act(Action::Pass);
        assert_eq!(b.g.endurance(1), 50 - 2 - 5);
        // The same attack with a "can't cause breakthrough" on Mystique.
        let mut b = Bench::new(CARDS);
        let m = b.in_play(0, "x-ms", Row::Front, 0);
        let d = b.in_play(1, "trn-003", Row::Front, 0);
        b.g.part = Part::Step(StepKind::Attack, 0);
        b.act(Action::Propose {
            attacker: m,
            defender: Defender::Character(d),
        });
        b.act(Action::Pass);
        b.act(Action::Pass);
        b.g.add_modifier(m, 0, 0, None, crate::vocab::Duration::ThisTurn);
        b.g.modifiers.last_mut().unwrap().cant = Some(crate::vocab::Cant::CauseBreakthrough);
        b.act(Action::Pass);
        b.act(Action::Pass);
        assert_eq!(
            b.g.endurance(1),
            50 - 2,
            "only the stun loss: no breakthrough, no replacement"
        );
    }
}
