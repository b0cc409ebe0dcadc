//! Playing effects from cards (505): plot twists from hand or the resource row (304),
//! payment powers (501) and triggered effects going on the chain (506.3) — announcing,
//! choosing targets, paying costs; and taking it back when it can't be finished (505.2).

use crate::ids::*;
use crate::model::*;
use crate::power::*;
use crate::state::*;
use crate::words::TargetKind;

impl GameState {
    /// Does the payment power `power` of `card` reveal it as its cost (708.9b)?
    fn reveals_itself(&self, card: CardId, power: u8) -> bool {
        matches!(self.def(card).power(power), Some(Power::Payment { costs, .. }) if costs.contains(&CostItem::RevealThis))
    }

    /// 708.9d, 213.1d: is `card` on the chain as the card revealed to pay the cost of the
    /// payment power `power` (terraform, substitute), still the object the cost put there
    /// (`object`)? A card that left the chain and came back is not.
    pub(crate) fn revealed_on_chain(&self, card: CardId, object: u32, power: u8) -> bool {
        self.card(card).zone == Zone::Chain
            && self.card(card).object == object
            && self.reveals_itself(card, power)
    }

    /// 708.9d, 706.13a, 706.14a: a card revealed onto the chain with its effect goes back
    /// to its owner's hand as the effect leaves the chain without putting it into play.
    pub(crate) fn revealed_back_to_hand(&mut self, card: CardId, object: u32, power: u8) {
        if self.revealed_on_chain(card, object, power) {
            self.move_card(card, Zone::Hand);
            self.log(|g| format!("{} goes back to its owner's hand (708.9d).", g.name(card)));
        }
    }

    /// The effect of a card's power.
    pub fn effect_of(&self, card: CardId, power: u8) -> Option<&Effect> {
        let Some(printed) = self.def(card).power(power) else {
            // 500.6: a power gained or granted.
            return self.unprinted_effect(card, power);
        };
        match printed {
            Power::Play { effect, .. }
            | Power::Payment { effect, .. }
            | Power::Trigger { effect, .. } => Some(effect),
            Power::Continuous(_) => None,
        }
    }

    /// A power's "use only" / "play only" timing (501.3, 707.3) and 505.3.
    fn timing_ok(&self, p: PlayerId, timing: Timing, attack_only: bool) -> bool {
        let timing_ok = match timing {
            Timing::Any => true,
            Timing::BuildPhase => matches!(
                self.part,
                Part::Phase(Phase::Build)
                    | Part::Step(
                        StepKind::Resource | StepKind::Recruit | StepKind::Formation,
                        _
                    )
            ),
            Timing::CombatPhase => matches!(
                self.part,
                Part::Phase(Phase::Combat) | Part::Step(StepKind::Attack, _)
            ),
            Timing::YourAttackStep => self.part == Part::Step(StepKind::Attack, p),
            Timing::YourRecruitStep => self.part == Part::Step(StepKind::Recruit, p),
        };
        timing_ok && (!attack_only || self.in_attack_substep())
    }

    /// "Use only if you control <name>" (201.5).
    fn only_if_ok(&self, p: PlayerId, effect: &Effect) -> bool {
        effect
            .only_if_you_control
            .as_ref()
            .is_none_or(|n| self.controls_named(p, n))
    }

    /// "Use only if <this character> is <tests>": the object the power is on passes.
    fn use_only_if_ok(&self, p: PlayerId, card: CardId, effect: &Effect) -> bool {
        effect
            .only_if_this
            .as_ref()
            .is_none_or(|f| self.matches(f, card, p, card))
    }

    /// 201.8b: does `p` control an object of each of `names`, a different object for
    /// each? A character with several names satisfies only one of the checks; a name
    /// `p` is considered to control (201.5) needs no object.
    pub fn controls_each_named(&self, p: PlayerId, names: &[String]) -> bool {
        let pl = self.player(p);
        let objects: Vec<CardId> = pl
            .characters
            .iter()
            .chain(&pl.equipment)
            .chain(pl.resources.iter().filter(|&&r| self.card(r).face_up))
            .copied()
            .collect();
        let named = |c: CardId, n: &str| {
            if self.is_character(c) {
                self.names(c).iter().any(|x| x.eq_ignore_ascii_case(n))
            } else {
                self.def(c).name.eq_ignore_ascii_case(n)
            }
        };
        let considered = |n: &str| {
            self.continuous_sources().any(|s| {
                self.card(s).controller == p
                    && self.continuous_powers(s).any(|(i, pw)| {
                        matches!(&pw.power, Power::Continuous(Continuous::ConsideredToControl { name }) if name.eq_ignore_ascii_case(n))
                            && self.power_active(s, i)
                    })
            })
        };
        // Each name in turn takes an object not used yet (or none, if considered).
        fn assign(
            names: &[String],
            used: &mut Vec<CardId>,
            objects: &[CardId],
            named: &dyn Fn(CardId, &str) -> bool,
            considered: &dyn Fn(&str) -> bool,
        ) -> bool {
            let Some((n, rest)) = names.split_first() else {
                return true;
            };
            if considered(n) && assign(rest, used, objects, named, considered) {
                return true;
            }
            for &c in objects {
                if !used.contains(&c) && named(c, n) {
                    used.push(c);
                    if assign(rest, used, objects, named, considered) {
                        return true;
                    }
                    used.pop();
                }
            }
            false
        }
        assign(names, &mut Vec::new(), &objects, &named, &considered)
    }

    /// 201.4, 201.5, Glossary: Considered To: `p` controls an object named `name` (a
    /// character, an equipment or a face-up resource), or an object with active text
    /// saying `p` is considered to control it. It gives no control over such an object
    /// and pays no cost that uses one (VS-TCG-148).
    pub fn controls_named(&self, p: PlayerId, name: &str) -> bool {
        let pl = self.player(p);
        let named = pl
            .characters
            .iter()
            .chain(&pl.equipment)
            .chain(pl.resources.iter().filter(|&&r| self.card(r).face_up))
            .any(|&c| self.def(c).name.eq_ignore_ascii_case(name));
        named
            || self.continuous_sources().any(|s| {
                self.card(s).controller == p
                    && self.continuous_powers(s).any(|(i, pw)| {
                        matches!(&pw.power, Power::Continuous(Continuous::ConsideredToControl { name: n }) if n.eq_ignore_ascii_case(name))
                            && self.power_active(s, i)
                    })
            })
    }

    /// 504.3, 508.2a: is `t` a legal target of this kind now?
    pub fn target_ok(
        &self,
        kind: &TargetKind,
        t: TargetRef,
        controller: PlayerId,
        source: CardId,
    ) -> bool {
        match (kind, t) {
            (TargetKind::Character(f), TargetRef::Card(c, object)) => {
                self.card(c).object == object
                    && self.matches(f, c, controller, source)
                    // 504.3d: "<player> can't target" it.
                    && !self.cant_be_targeted_by(c, controller)
            }
            (TargetKind::Resource(f), TargetRef::Card(c, object)) => {
                self.card(c).object == object && self.resource_matches(f, c, controller, source)
            }
            (TargetKind::Player(rel), TargetRef::Player(q)) => {
                self.in_game(q)
                    && match rel {
                        None => true,
                        Some(Relation::You) => q == controller,
                        Some(Relation::Opponent) => self.is_opponent(controller, q),
                    }
            }
            (TargetKind::Effect(test), TargetRef::Effect(id)) => self
                .chain
                .iter()
                .any(|e| e.id == id && self.effect_passes(e, *test)),
            _ => false,
        }
    }

    /// Does an effect on the chain pass a target test (504.4, 708.5d)?
    pub fn effect_passes(&self, e: &ChainEffect, test: EffectTest) -> bool {
        let from_plot_twist = |e: &ChainEffect| match &e.kind {
            // 504.4: any effect whose source is a plot twist card (its played effect,
            // or one of an ongoing plot twist's powers); a delayed one never is.
            EffectKind::Card { source, .. } => {
                matches!(self.def(*source).ty, CardType::PlotTwist { .. })
            }
            _ => false,
        };
        match test {
            EffectTest::Any => true,
            EffectTest::PlotTwist => from_plot_twist(e),
            EffectTest::NonOngoingPlotTwist => {
                from_plot_twist(e)
                    && match &e.kind {
                        EffectKind::Card { source, .. } => !matches!(
                            self.def(*source).ty,
                            CardType::PlotTwist { ongoing: true, .. }
                        ),
                        _ => false,
                    }
            }
            // 500.3b: a power's effect, from a card of that type whatever its object.
            EffectTest::PowerOf(kind) => match &e.kind {
                EffectKind::Card {
                    source,
                    origin: Origin::Payment | Origin::Triggered,
                    ..
                } => self.def(*source).kind() == kind,
                _ => false,
            },
            // 708.5d: any effect whose modifier could power-up a character.
            EffectTest::PowerUp => match &e.kind {
                EffectKind::PowerUp { .. } => true,
                EffectKind::Card { source, power, .. } => {
                    self.effect_of(*source, *power).is_some_and(|ef| {
                        ef.steps
                            .iter()
                            .any(|s| matches!(s, crate::verbs::Step::PowerUp(_)))
                    })
                }
                EffectKind::Delayed(d) => d
                    .steps
                    .iter()
                    .any(|s| matches!(s, crate::verbs::Step::PowerUp(_))),
                _ => false,
            },
        }
    }

    /// The legal choices for one target, other than those already chosen (505.1c).
    pub fn target_candidates(
        &self,
        kind: &TargetKind,
        controller: PlayerId,
        source: CardId,
        chosen: &[TargetRef],
    ) -> Vec<TargetRef> {
        let mut out = Vec::new();
        self.each_candidate(kind, controller, source, chosen, |t| out.push(t));
        out
    }

    /// [`Self::target_candidates`] handed to `f` one by one, without a list.
    pub(crate) fn each_candidate(
        &self,
        kind: &TargetKind,
        controller: PlayerId,
        source: CardId,
        chosen: &[TargetRef],
        mut f: impl FnMut(TargetRef),
    ) {
        self.any_candidate(kind, controller, source, chosen, |t| {
            f(t);
            false
        });
    }

    /// Whether `f` says yes to one of [`Self::target_candidates`], asked in their order
    /// and no further than its first yes: the candidates without a list.
    fn any_candidate(
        &self,
        kind: &TargetKind,
        controller: PlayerId,
        source: CardId,
        chosen: &[TargetRef],
        mut f: impl FnMut(TargetRef) -> bool,
    ) -> bool {
        let mut offer = |t: TargetRef| {
            !chosen.contains(&t) && self.target_ok(kind, t, controller, source) && f(t)
        };
        // `target_ok` tests each card against the filter: not tested twice here.
        match kind {
            TargetKind::Character(_) => self
                .players
                .iter()
                .flat_map(|p| p.characters.iter().copied())
                .any(|c| offer(TargetRef::Card(c, self.card(c).object))),
            TargetKind::Resource(_) => self
                .players
                .iter()
                .flat_map(|p| p.resources.iter().copied())
                .any(|c| offer(TargetRef::Card(c, self.card(c).object))),
            TargetKind::Player(_) => self
                .clockwise_from(controller)
                .any(|q| offer(TargetRef::Player(q))),
            TargetKind::Effect(_) => self.chain.iter().any(|e| offer(TargetRef::Effect(e.id))),
        }
    }

    /// Can the remaining targets all be chosen, distinct (505.1c)? A small search:
    /// effects have few targets.
    pub(crate) fn completable(
        &self,
        kinds: &[TargetKind],
        controller: PlayerId,
        source: CardId,
        chosen: &[TargetRef],
    ) -> bool {
        let Some(kind) = kinds.get(chosen.len()) else {
            return true;
        };
        if kinds.len() == chosen.len() + 1 {
            // The last target: any candidate completes it.
            return self.any_candidate(kind, controller, source, chosen, |_| true);
        }
        let mut rest = chosen.to_vec();
        self.any_candidate(kind, controller, source, chosen, |t| {
            rest.push(t);
            let ok = self.completable(kinds, controller, source, &rest);
            rest.pop();
            ok
        })
    }

    /// 203.3: can `p` pay these costs of `source` now?
    /// `this`: the card the power's "this" costs name (500.6b: the source of a grant).
    fn can_pay(&self, p: PlayerId, this: CardId, source: CardId, costs: &[CostItem]) -> bool {
        let holder = source;
        let source = this;
        costs.iter().all(|c| match *c {
            CostItem::Activate => !self.card(holder).exhausted,
            CostItem::PayEndurance(n) => self.endurance(p) >= n as i32,
            CostItem::PayResourcePoints(n) => {
                self.part == Part::Step(StepKind::Recruit, p) && self.player(p).rp >= n
            }
            CostItem::StunThis => self.is_character(source) && !self.card(source).stunned,
            CostItem::KoThis => matches!(
                self.card(source).zone,
                Zone::Character(_) | Zone::Equipped(_) | Zone::Resource
            ),
            // 203.3, glossary Replace: a resource, and a top card to take its place.
            CostItem::ReplaceThis => {
                self.card(source).zone == Zone::Resource
                    && !self.player(self.card(source).controller).deck.is_empty()
            }
            CostItem::DiscardThis | CostItem::RevealThis => self.in_hand_of(p, source),
            // 203.6d: the character with this power has at least that much.
            CostItem::PayAtk(n) => self.is_character(source) && self.atk(source) >= i32::from(n),
            CostItem::PayDef(n) => {
                self.is_character(source) && self.def_value(source) >= i32::from(n)
            }
            CostItem::RemoveShiftCounters(n) => {
                self.is_shifted(source) && self.named_counters(source, SHIFT) >= u32::from(n)
            }
        })
    }

    /// 203.3: is this a payment power of an object `p` controls, with active text, whose
    /// cost `p` has no means to pay now (why using it is refused)?
    pub fn power_cost_unpayable(&self, p: PlayerId, card: CardId, power: u8) -> bool {
        if card.0 as usize >= self.cards.len() {
            return false;
        }
        let c = self.card(card);
        if c.controller != p || !self.text_active(card) {
            return false;
        }
        match self.power_at(card, power) {
            Some(Power::Payment {
                costs,
                effect,
                alternate,
                ..
            }) => {
                let from = self.cost_card(card, power);
                let either = self.can_pay(p, from, card, costs)
                    || alternate
                        .as_ref()
                        .is_some_and(|a| self.can_pay(p, from, card, a));
                !either || !self.can_pay_additional(p, card, &effect.costs)
            }
            _ => false,
        }
    }

    /// 304.2: `p` may play this plot twist now (from hand, or face down in their resource
    /// row), its threshold met (203.5b) and its targets available.
    pub fn can_play_plot_twist(&self, p: PlayerId, card: CardId) -> bool {
        let c = self.card(card);
        let from_row = c.zone == Zone::Resource && !c.face_up && c.controller == p;
        let from_hand = c.zone == Zone::Hand && c.owner == p;
        // 304.2a: from another zone a modifier names.
        let from_ko_pile =
            c.zone == Zone::KoPile && c.owner == p && self.may_play_from_ko_pile(p, card);
        if !(from_row || from_hand || from_ko_pile) {
            return false;
        }
        let def = self.def(card);
        // The cheap tests first: most plot twists a player holds fail one.
        let CardType::PlotTwist { threshold, .. } = def.ty else {
            return false;
        };
        if self.resource_count(p) < threshold {
            return false;
        }
        let Some((effect, timing)) = def.play_effect() else {
            return false;
        };
        // 505.1b: a modal effect is played with its modes announced (`can_play_modes`).
        self.timing_ok(p, timing, effect.attack_only)
            && !def.powers.iter().any(|pw| pw.mode.is_some())
            && self.only_if_ok(p, effect)
            && self.can_pay_additional(p, card, &effect.costs)
            && self.completable(&effect.targets, p, card, &[])
    }

    /// 505.1b, 508.2h: `p` may play this modal plot twist now announcing the modes of its
    /// effect number `power` (one per choice of modes), with those modes' targets.
    pub fn can_play_modes(&self, p: PlayerId, card: CardId, power: u8) -> bool {
        let c = self.card(card);
        let from_row = c.zone == Zone::Resource && !c.face_up && c.controller == p;
        let from_hand = c.zone == Zone::Hand && c.owner == p;
        if !(from_row || from_hand) {
            return false;
        }
        let def = self.def(card);
        let Some(pd) = def.powers.get(power as usize) else {
            return false;
        };
        let (Some(_), Power::Play { effect, timing }, Some(threshold)) =
            (pd.mode, &pd.power, def.threshold())
        else {
            return false;
        };
        matches!(def.ty, CardType::PlotTwist { .. })
            && self.resource_count(p) >= threshold
            && self.timing_ok(p, *timing, effect.attack_only)
            && self.only_if_ok(p, effect)
            && self.can_pay_additional(p, card, &effect.costs)
            && self.completable(&effect.targets, p, card, &[])
    }

    /// 505.1a–b: announce a modal plot twist with the modes of its effect `power`.
    pub(crate) fn play_modes(&mut self, p: PlayerId, card: CardId, power: u8) {
        let origin = if self.card(card).zone == Zone::Hand {
            Origin::FromHand
        } else {
            Origin::FromResourceRow
        };
        self.begin_play(p, card, power, origin);
    }

    /// 304.2a: does a continuous power of an object `p` controls let them play `card`
    /// from their KO'd pile?
    pub(crate) fn may_play_from_ko_pile(&self, p: PlayerId, card: CardId) -> bool {
        self.continuous_sources().any(|s| {
            self.card(s).controller == p
                && self.def(s).powers.iter().enumerate().any(|(i, pw)| {
                    matches!(&pw.power, Power::Continuous(Continuous::PlayFromKoPile { filter })
                        if self.card_matches(filter, card, p, s) && self.power_active(s, i as u8))
                })
        })
    }

    fn play_power_index(&self, card: CardId) -> Option<u8> {
        self.def(card)
            .powers
            .iter()
            .position(|p| matches!(p.power, Power::Play { .. }))
            .map(|i| i as u8)
    }

    /// Is `card` in `p`'s hand, `p` its owner?
    fn in_hand_of(&self, p: PlayerId, card: CardId) -> bool {
        let c = self.card(card);
        c.zone == Zone::Hand && c.owner == p
    }

    /// 500.2, 500.2a, 501.5: a payment power whose cost discards its own card exists only
    /// in its owner's hand and is used from there; any other exists on an object in play
    /// its player controls, with active text (501.2).
    fn payment_power_present(&self, p: PlayerId, card: CardId, power: u8) -> bool {
        let c = self.card(card);
        // 501.5, 706.18: shift's powers work from the hand or while shifted.
        match self
            .def(card)
            .powers
            .get(power as usize)
            .and_then(|d| d.works)
        {
            Some(WorksIn::Hand) => return self.in_hand_of(p, card),
            Some(WorksIn::Shifted) => return c.owner == p && self.is_shifted(card),
            None => {}
        }
        match self.power_at(card, power) {
            // 706.7a, 706.15: a gate holds in the hand too (no cosmic counter there; an
            // insanity power only from an insane deck).
            Some(Power::Payment { costs, .. }) if from_hand(costs) => {
                self.in_hand_of(p, card) && self.power_active(card, power)
            }
            // 706.7a, 500.5: its text gated open and the power not removed.
            _ => c.controller == p && self.text_active(card) && self.power_active(card, power),
        }
    }

    /// 501.2–501.4: `p` may use this payment power of an object they control now.
    pub fn can_use_power(&self, p: PlayerId, card: CardId, power: u8) -> bool {
        let c = self.card(card);
        let Some(Power::Payment {
            costs,
            effect,
            timing,
            once_per_turn,
            alternate,
        }) = self.power_at(card, power)
        else {
            return false;
        };
        // The cheapest test first (most payment powers ask for activation, and an object
        // used this turn is exhausted): without an alternate cost, an exhausted object
        // can't pay "activate" (203.3, 500.3a); the order of these pure tests changes
        // nothing else.
        if c.exhausted && alternate.is_none() && costs.contains(&CostItem::Activate) {
            return false;
        }
        if !self.payment_power_present(p, card, power) {
            return false;
        }
        // 701.6: a plot twist's other powers are ongoing ones, active face up in the row
        // (but for those used from the hand, 501.5: terraform, 706.13).
        let in_hand_power = from_hand(costs)
            || self
                .def(card)
                .powers
                .get(power as usize)
                .and_then(|d| d.works)
                == Some(WorksIn::Hand);
        if matches!(self.def(card).ty, CardType::PlotTwist { .. })
            && c.zone != Zone::Resource
            && !in_hand_power
        {
            return false;
        }
        !(*once_per_turn && self.used_this_turn.contains(&(card, c.object, power)))
            && self.timing_ok(p, *timing, effect.attack_only)
            && self.only_if_ok(p, effect)
            && self.use_only_if_ok(p, card, effect)
            // 203.10a: its own cost or its alternate cost.
            && (self.can_pay(p, self.cost_card(card, power), card, costs)
                || alternate
                    .as_ref()
                    .is_some_and(|a| self.can_pay(p, self.cost_card(card, power), card, a)))
            && self.can_pay_additional(p, card, &effect.costs)
            && self.completable(&effect.targets, p, card, &[])
    }

    /// 203.10a: which of a payment power's costs `p` can pay now: (its own, its
    /// alternate); `None` without an alternate cost.
    fn payable_costs(&self, p: PlayerId, card: CardId, power: u8) -> Option<(bool, bool)> {
        match self.def(card).power(power) {
            Some(Power::Payment {
                costs,
                alternate: Some(alt),
                ..
            }) => {
                let from = self.cost_card(card, power);
                Some((
                    self.can_pay(p, from, card, costs),
                    self.can_pay(p, from, card, alt),
                ))
            }
            _ => None,
        }
    }

    /// 203.10a: the power's alternate cost is chosen (`true`) or its own.
    /// 706.2: for a plot twist, whether its boost is paid.
    pub(crate) fn choose_cost(&mut self, alternate: bool) {
        if let Some(d) = &mut self.draft {
            if matches!(d.origin, Origin::FromHand | Origin::FromResourceRow) {
                d.boost = Some(alternate);
            } else {
                d.alternate = Some(alternate);
            }
        }
        self.continue_play();
    }

    /// 706.2: the cost being chosen is a plot twist's boost (`Pending::ChooseCost`).
    pub(crate) fn choosing_boost(&self) -> bool {
        self.draft
            .as_ref()
            .is_some_and(|d| matches!(d.origin, Origin::FromHand | Origin::FromResourceRow))
    }

    /// 500.6: whether objects may have powers besides their printed ones (gained or
    /// granted); without any, only the printed ones are looked at.
    pub(crate) fn more_powers(&self) -> bool {
        !self.gained_powers.is_empty()
            || (self.continuous_kinds.gives_powers
                && self
                    .continuous_sources_with(|k| k.gives_powers)
                    .next()
                    .is_some())
    }

    /// The payment powers `p` may use now of the object `c` (`more`: see
    /// [`Self::more_powers`]), to `each`.
    pub(crate) fn usable_powers_of(
        &self,
        p: PlayerId,
        c: CardId,
        more: bool,
        each: &mut impl FnMut(CardId, u8),
    ) {
        let def = self.def(c);
        if !def.payment && !more {
            return;
        }
        let printed = def.powers.len().min(crate::gained::GRANTED as usize) as u8;
        if def.payment {
            for i in 0..printed {
                if matches!(def.powers[i as usize].power, Power::Payment { .. })
                    && self.can_use_power(p, c, i)
                {
                    each(c, i);
                }
            }
        }
        if more {
            for i in self.power_numbers(c) {
                if i >= printed
                    && matches!(self.power_at(c, i), Some(Power::Payment { .. }))
                    && self.can_use_power(p, c, i)
                {
                    each(c, i);
                }
            }
        }
    }

    /// 505.1a: announce; the choices follow (505.1b–c).
    pub(crate) fn play_plot_twist(&mut self, p: PlayerId, card: CardId) {
        // 304.2a: from another zone it is played as from the hand.
        let origin = if self.card(card).zone == Zone::Resource {
            Origin::FromResourceRow
        } else {
            Origin::FromHand
        };
        let power = self.play_power_index(card).unwrap_or(0);
        self.begin_play(p, card, power, origin);
    }

    pub(crate) fn begin_play(&mut self, p: PlayerId, source: CardId, power: u8, origin: Origin) {
        self.begin_play_about(p, source, power, origin, None);
    }

    /// As [`GameState::begin_play`], for a triggered effect with its event's subject.
    pub(crate) fn begin_play_about(
        &mut self,
        p: PlayerId,
        source: CardId,
        power: u8,
        origin: Origin,
        about: Option<(CardId, i32)>,
    ) {
        self.draft = Some(Draft {
            player: p,
            source,
            power,
            origin,
            targets: smallvec::SmallVec::new(),
            paid: Vec::new(),
            about,
            paid_done: false,
            alternate: None,
            boost: None,
        });
        self.continue_play();
    }

    /// The next choice of the effect being played, or, with all made, its costs.
    fn continue_play(&mut self) {
        let Some(d) = &self.draft else {
            return;
        };
        // 203.10a: the cost to pay, its own or the alternate one, is chosen as the power
        // is announced; the player chooses only when both can be paid.
        if d.origin == Origin::Payment && d.alternate.is_none() {
            if let Some((own, alt)) = self.payable_costs(d.player, d.source, d.power) {
                let p = d.player;
                if own && alt {
                    self.pending = Pending::ChooseCost(p);
                    return;
                }
                if let Some(d) = &mut self.draft {
                    d.alternate = Some(alt && !own);
                }
            }
        }
        let Some(d) = &self.draft else {
            return;
        };
        // 706.2, 505.1b: the intention to pay a plot twist's boost is announced as it is
        // played; the player is asked only when the boost can be paid.
        if matches!(d.origin, Origin::FromHand | Origin::FromResourceRow) && d.boost.is_none() {
            let def = self.def(d.source);
            if def.kind() == CardKind::PlotTwist && def.has(Keyword::Boost) {
                let p = d.player;
                if self.player(p).rp >= def.boost {
                    self.pending = Pending::ChooseCost(p);
                    return;
                }
                if let Some(d) = &mut self.draft {
                    d.boost = Some(false);
                }
            }
        }
        let Some(d) = &self.draft else {
            return;
        };
        let kinds = self
            .effect_of(d.source, d.power)
            .map_or(&[][..], |e| &e.targets[..]);
        let (p, source) = (d.player, d.source);
        if d.targets.len() < kinds.len() {
            if !self.completable(kinds, p, source, &d.targets) {
                // 505.2 / 506.4: it can't be finished: taken back (a triggered effect is
                // removed before it is on the chain).
                let d = self.draft.take().expect("a draft is being played");
                if d.origin == Origin::Triggered {
                    self.log(|g| {
                        format!(
                            "{}'s triggered effect has no legal target and is removed (506.4).",
                            g.name(source)
                        )
                    });
                    self.next_trigger();
                } else {
                    self.pending = Pending::Priority(p);
                }
                return;
            }
            self.pending = Pending::Target(p);
            return;
        }
        // 505.1d: the cards the additional costs are paid with.
        let needed: usize = self
            .effect_of(source, d.power)
            .map(|e| e.costs.iter().map(|c| c.cards() as usize).sum())
            .unwrap_or(0);
        // G-Up-To: an "up to" cost is done when the player stops, or has nothing left.
        let up_to = matches!(
            self.current_cost(),
            Some((AdditionalCost::DiscardUpTo { .. }, _))
        );
        if d.paid.len() < needed && up_to && (d.paid_done || self.cost_candidates(p).is_empty()) {
            return self.finish_play();
        }
        let d = self.draft.as_ref().expect("a draft is being played");
        if d.paid.len() < needed {
            if self.cost_candidates(p).is_empty() {
                // 505.2: it can't be paid after all: taken back.
                let d = self.draft.take().expect("a draft is being played");
                self.pending = Pending::Priority(d.player);
                return;
            }
            self.pending = Pending::PayCost(p);
            return;
        }
        self.finish_play();
    }

    /// 505.1c: one more target.
    pub(crate) fn choose_target(&mut self, t: TargetRef) {
        if let Some(d) = &mut self.draft {
            d.targets.push(t);
        }
        self.continue_play();
    }

    /// The additional cost the next chosen card pays, and how many cards before it
    /// went to earlier costs.
    fn current_cost(&self) -> Option<(AdditionalCost, usize)> {
        let d = self.draft.as_ref()?;
        let effect = self.effect_of(d.source, d.power)?;
        let mut before = 0;
        for c in &effect.costs {
            let n = c.cards() as usize;
            if d.paid.len() < before + n {
                return Some((c.clone(), before));
            }
            before += n;
        }
        None
    }

    /// The cards that could pay the current additional cost (203.9).
    pub fn cost_candidates(&self, p: PlayerId) -> Vec<CardId> {
        let (Some(d), Some((cost, _))) = (&self.draft, self.current_cost()) else {
            return Vec::new();
        };
        self.cost_cards(p, d.source, &cost)
            .into_iter()
            .filter(|c| !d.paid.contains(c))
            .collect()
    }

    /// The cards `p` could use for one additional cost.
    fn cost_cards(&self, p: PlayerId, source: CardId, cost: &AdditionalCost) -> Vec<CardId> {
        match cost {
            AdditionalCost::Exhaust { filter, .. } => self
                .player(p)
                .characters
                .iter()
                .copied()
                .filter(|&c| !self.card(c).exhausted && self.matches(filter, c, p, source))
                .collect(),
            AdditionalCost::Discard { filter, .. } | AdditionalCost::DiscardUpTo { filter, .. } => {
                self.player(p)
                    .hand
                    .iter()
                    .copied()
                    .filter(|&c| c != source && self.card_matches(filter, c, p, source))
                    .collect()
            }
            AdditionalCost::PayEndurance(_) => Vec::new(),
            AdditionalCost::Choose { filter, .. } => self
                .player(p)
                .characters
                .iter()
                .copied()
                .filter(|&c| self.matches(filter, c, p, source))
                .collect(),
            AdditionalCost::Stun { filter, .. } => self
                .player(p)
                .characters
                .iter()
                .copied()
                .filter(|&c| !self.card(c).stunned && self.matches(filter, c, p, source))
                .collect(),
            // 203.6c: from the hand, or face down from the resource row (a face-up
            // resource can't be revealed to pay it).
            AdditionalCost::Reveal { filter, .. } => {
                let pl = self.player(p);
                pl.hand
                    .iter()
                    .chain(pl.resources.iter().filter(|&&r| !self.card(r).face_up))
                    .copied()
                    .filter(|&c| c != source && self.card_matches(filter, c, p, source))
                    .collect()
            }
        }
    }

    /// 203.3: can `p` pay an effect's additional costs now?
    fn can_pay_additional(&self, p: PlayerId, source: CardId, costs: &[AdditionalCost]) -> bool {
        costs.iter().all(|c| match c {
            AdditionalCost::PayEndurance(n) => self.endurance(p) >= *n as i32,
            // G-Up-To: none is enough.
            AdditionalCost::DiscardUpTo { .. } => true,
            _ => self.cost_cards(p, source, c).len() >= c.cards() as usize,
        })
    }

    /// G-Up-To: an "up to" additional cost may be stopped before its most: it is paid
    /// with the cards chosen so far.
    pub(crate) fn can_stop_paying(&self) -> bool {
        matches!(
            self.current_cost(),
            Some((AdditionalCost::DiscardUpTo { .. }, _))
        )
    }

    /// G-Up-To: the player pays the "up to" cost with no more cards.
    pub(crate) fn stop_paying(&mut self) {
        if let Some(d) = &mut self.draft {
            d.paid_done = true;
        }
        self.continue_play();
    }

    /// 505.1d: one more card for the additional costs.
    pub(crate) fn pay_with(&mut self, c: CardId) {
        if let Some(d) = &mut self.draft {
            d.paid.push(c);
        }
        self.continue_play();
    }

    /// 505.2: a player takes back an effect they were playing; nothing happened.
    pub(crate) fn cancel_play(&mut self) {
        self.takebacks = self.takebacks.saturating_add(1);
        if let Some(d) = self.draft.take() {
            self.pending = Pending::Priority(d.player);
        }
    }

    /// 505.1d–f: pay, put the effect on the chain; its player gets priority.
    fn finish_play(&mut self) {
        let Some(d) = self.draft.take() else {
            return;
        };
        let (p, source, power) = (d.player, d.source, d.power);
        let object = self.card(source).object;
        match d.origin {
            // Copies are never played (505.5).
            Origin::Copy => {}
            Origin::FromHand => self.move_card(source, Zone::Chain),
            Origin::FromResourceRow => {
                // 304.4: turned face up as it is played; it stays in the row.
                let now = self.tick();
                let c = self.card_mut(source);
                c.face_up = true;
                c.revealed = false;
                c.timestamp = now;
            }
            Origin::Payment => {
                // 500.6b: a granted power is kept for its effect before paying.
                self.keep_played_power(source, power);
                let this = self.cost_card(source, power);
                let (costs, once) = match self.power_at(source, power).or_else(|| {
                    self.gained_powers
                        .iter()
                        .rev()
                        .find(|g| g.card == source && g.index == power && g.played)
                        .map(|g| &g.power.power)
                }) {
                    // 203.10a: the alternate cost, paid rather than its own.
                    Some(Power::Payment {
                        alternate: Some(alt),
                        once_per_turn,
                        ..
                    }) if d.alternate == Some(true) => (alt.clone(), *once_per_turn),
                    Some(Power::Payment {
                        costs,
                        once_per_turn,
                        ..
                    }) => (costs.clone(), *once_per_turn),
                    _ => (Vec::new(), false),
                };
                if once {
                    self.used_this_turn.push((source, object, power));
                }
                self.paying_cost = true;
                self.pay(p, this, source, &costs);
                self.paying_cost = false;
            }
            Origin::Triggered => {}
        }
        // 706.2, 706.2b: the boost is paid with the other costs; its text is active
        // while the effect is on the chain, until it has finished resolving.
        if d.boost == Some(true) {
            let n = self.def(source).boost;
            let rp = self.player(p).rp;
            self.player_mut(p).rp = rp.saturating_sub(n);
            self.card_mut(source).boosted = true;
            self.log(|g| {
                format!(
                    "{} pays {n} resource points for {}'s boost (706.2).",
                    g.player_name(p),
                    g.name(source)
                )
            });
        }
        // 203.9a: the additional costs are paid with the other costs.
        let costs = self
            .effect_of(source, power)
            .map(|e| e.costs.clone())
            .unwrap_or_default();
        let mut cards = d.paid.iter().copied();
        self.paying_cost = true;
        for cost in &costs {
            match cost {
                AdditionalCost::Exhaust { n, .. } => {
                    for c in cards.by_ref().take(*n as usize) {
                        self.exhaust(c);
                    }
                }
                AdditionalCost::Discard { n, .. } | AdditionalCost::DiscardUpTo { n, .. } => {
                    for c in cards.by_ref().take(*n as usize) {
                        self.discard(c);
                    }
                }
                // 513.5d: a stun paying a cost is not replaced.
                AdditionalCost::Stun { n, .. } => {
                    for c in cards.by_ref().take(*n as usize) {
                        self.unreplaced(|g| g.stun(c));
                    }
                }
                AdditionalCost::Reveal { n, .. } => {
                    for c in cards.by_ref().take(*n as usize) {
                        self.reveal_for_cost(p, c);
                    }
                }
                // 513.5d: not replaced.
                AdditionalCost::PayEndurance(n) => {
                    let n = *n as i32;
                    self.unreplaced(|g| g.lose_endurance(p, n))
                }
                // Chosen, nothing done to them; remembered below.
                AdditionalCost::Choose { n, .. } => {
                    let chosen: Vec<(CardId, u32)> = cards
                        .by_ref()
                        .take(*n as usize)
                        .map(|c| (c, self.card(c).object))
                        .collect();
                    // 501.4d: a plot twist face up in the row remembers its choices.
                    if d.origin == Origin::FromResourceRow {
                        self.remember_choices(source, chosen);
                    }
                }
            }
        }
        self.paying_cost = false;
        let paid = d.paid;
        // 213.1d: the effect follows the card its cost moved onto the chain, as that
        // object.
        let object = if d.origin == Origin::Payment && self.reveals_itself(source, power) {
            self.card(source).object
        } else {
            object
        };
        // The effect keeps the object its source was as it was played (505.4).
        let targets = d.targets;
        self.log(|g| {
            let what = match d.origin {
                Origin::FromHand => format!("{} plays {}", g.player_name(p), g.name(source)),
                Origin::FromResourceRow => format!(
                    "{} plays {} from the resource row",
                    g.player_name(p),
                    g.name(source)
                ),
                Origin::Payment => format!("{} uses {}'s power", g.player_name(p), g.name(source)),
                Origin::Copy => format!(
                    "{} copies an effect of {}",
                    g.player_name(p),
                    g.name(source)
                ),
                Origin::Triggered => format!("{}'s power triggers", g.name(source)),
            };
            let names: Vec<String> = targets.iter().map(|&t| g.target_name(t)).collect();
            if names.is_empty() {
                format!("{what}.")
            } else {
                format!("{what}, targeting {}.", names.join(" and "))
            }
        });
        self.push_effect(
            EffectKind::Card {
                source,
                object,
                power,
                origin: d.origin,
                targets,
                paid,
                about: d.about,
            },
            Some(p),
        );
        if matches!(d.origin, Origin::FromHand | Origin::FromResourceRow) {
            self.fire_everywhere(Event::PlotTwistPlayed);
        }
        if d.origin == Origin::Triggered {
            self.next_trigger();
        } else {
            // 505.1f.
            self.give_priority(p);
        }
    }

    /// 203.6: pays the costs, in the order written.
    /// `this`: the card the "this" costs name (500.6b: the source of a grant).
    fn pay(&mut self, p: PlayerId, this: CardId, holder: CardId, costs: &[CostItem]) {
        let source = this;
        for c in costs {
            match *c {
                CostItem::Activate => {
                    self.exhaust(holder);
                }
                // 203.8b: paying endurance loses it.
                CostItem::PayEndurance(n) => self.unreplaced(|g| g.lose_endurance(p, n as i32)),
                CostItem::PayResourcePoints(n) => {
                    let rp = &mut self.player_mut(p).rp;
                    *rp = rp.saturating_sub(n);
                }
                // 513.5d: a stun paying a cost is not replaced (a KO may be).
                CostItem::StunThis => {
                    // 708.11g: the card whose cost stunned it has stunned it (itself).
                    let active = self.text_active(source);
                    if self.unreplaced(|g| g.stun(source)) && active {
                        self.fire_looking_back(
                            crate::vocab::Event::StunsCharacter,
                            source,
                            Some((source, 0)),
                        );
                    }
                }
                CostItem::KoThis => {
                    self.ko(source);
                }
                // 708.8a; its KO may be replaced (203.10b), the rest may not.
                CostItem::ReplaceThis => {
                    crate::verbs::Host::replace_resource(self, source);
                }
                // 708.17d: from its owner's hand to the KO'd pile.
                CostItem::DiscardThis => self.discard(source),
                CostItem::RemoveShiftCounters(n) => {
                    self.remove_named_counters(source, SHIFT, n);
                }
                // 708.9d: the revealed card goes onto the chain with the effect.
                CostItem::RevealThis => {
                    self.move_card(source, Zone::Chain);
                    self.log(|g| {
                        format!(
                            "{} reveals {} from hand; it goes onto the chain with its effect.",
                            g.player_name(p),
                            g.name(source)
                        )
                    });
                }
                // 203.6d: -X ATK (DEF) this turn, timestamped as it is paid.
                CostItem::PayAtk(n) => {
                    self.add_modifier(source, -i16::from(n), 0, None, Duration::ThisTurn)
                }
                CostItem::PayDef(n) => {
                    self.add_modifier(source, 0, -i16::from(n), None, Duration::ThisTurn)
                }
            }
        }
    }

    /// 203.6c: `p` reveals a card to pay a cost: shown to every player; a resource stays
    /// revealed while `p` keeps priority (701.11f).
    fn reveal_for_cost(&mut self, p: PlayerId, c: CardId) {
        if self.card(c).zone == Zone::Resource {
            self.card_mut(c).revealed = true;
        }
        self.log(|g| format!("{} reveals {}.", g.player_name(p), g.name(c)));
    }

    pub fn target_name(&self, t: TargetRef) -> String {
        match t {
            TargetRef::Card(c, _) => self.name(c),
            TargetRef::Player(q) => self.player_name(q),
            TargetRef::Effect(id) => match self.chain.iter().find(|e| e.id == id) {
                Some(e) => format!("the effect \"{}\"", self.effect_text(e)),
                None => "an effect no longer on the chain".into(),
            },
        }
    }

    /// 510: may `p` flip the location `card` now? Worked out as the flip would go: its
    /// terms as they would be locked once it is revealed (510.2a–b), then the threshold
    /// met and the additional costs payable (510.2c).
    pub fn can_flip(&self, p: PlayerId, card: CardId) -> bool {
        let c = self.card(card);
        if c.zone != Zone::Resource || c.controller != p || c.face_up {
            return false;
        }
        self.flip_terms(p, card)
            .is_some_and(|t| self.flip_terms_met(p, &t))
    }

    /// 510.2b: a location's terms of flipping as `p` would flip it now: its threshold
    /// with the reductions that apply (its own powers, read as its text is once revealed,
    /// 510.2a, 210.5a; those of `p`'s objects in play, 511.2), and its additional costs
    /// (203.9a). `None`: not a location card.
    pub(crate) fn flip_terms(&self, p: PlayerId, card: CardId) -> Option<FlipTerms> {
        let CardType::Location { threshold } = self.def(card).ty else {
            return None;
        };
        let mut less = 0u8;
        let mut costs = Vec::new();
        for pd in &self.def(card).powers {
            match &pd.power {
                Power::Continuous(Continuous::FlipThresholdLess {
                    yours: false,
                    n,
                    while_,
                }) if while_.as_ref().is_none_or(|w| self.while_holds(w, p)) => {
                    less = less.saturating_add(*n);
                }
                Power::Continuous(Continuous::ToFlip { costs: c }) => {
                    costs.extend(c.iter().cloned())
                }
                _ => {}
            }
        }
        if self.has_continuous_powers && self.continuous_kinds.flip_reductions {
            for s in self.continuous_sources_with(|k| k.flip_reductions) {
                if s == card || self.card(s).controller != p {
                    continue;
                }
                for (i, pd) in self.continuous_powers(s) {
                    if let Power::Continuous(Continuous::FlipThresholdLess {
                        yours: true,
                        n,
                        while_,
                    }) = &pd.power
                    {
                        if self.power_active(s, i)
                            && while_.as_ref().is_none_or(|w| self.while_holds(w, p))
                        {
                            less = less.saturating_add(*n);
                        }
                    }
                }
            }
        }
        Some(FlipTerms {
            printed: threshold,
            threshold: threshold.saturating_sub(less),
            costs,
        })
    }

    /// 510.2c: enough resources for the locked threshold (203.5b), and the additional
    /// costs payable (203.3).
    fn flip_terms_met(&self, p: PlayerId, t: &FlipTerms) -> bool {
        self.resource_count(p) >= t.threshold
            && t.costs.iter().all(|c| match c {
                AdditionalCost::PayEndurance(n) => self.endurance(p) >= i32::from(*n),
                _ => false,
            })
    }

    /// 510.2: flipping a location, its steps in order. If one can't be completed the flip
    /// was illegal: the game returns to the state right before it and `p` still has
    /// priority (`false`).
    pub(crate) fn flip_location(&mut self, p: PlayerId, card: CardId) -> bool {
        // What the steps before the costs change, to undo them: its revealed mark and
        // the log; once costs are paid, the whole state as it was.
        let (was_revealed, log_len) = (self.card(card).revealed, self.log.len());
        let undo_reveal = |g: &mut Self| {
            g.card_mut(card).revealed = was_revealed;
            g.log.truncate(log_len);
        };
        if self.card(card).zone != Zone::Resource
            || self.card(card).controller != p
            || self.card(card).face_up
        {
            return false;
        }
        // 510.2a: revealed, showing its type, threshold and the powers that affect
        // flipping it; its text is active from now (210.5a, 210.5b).
        self.card_mut(card).revealed = true;
        let Some(terms) = self.flip_terms(p, card) else {
            undo_reveal(self);
            return false;
        };
        self.log(|g| {
            format!(
                "{} reveals {} to flip it: a location with threshold {} (510.2a).",
                g.player_name(p),
                g.name(card),
                terms.printed
            )
        });
        // 510.2b: additional costs and reductions worked out; the threshold is locked in
        // and what happens from here (paying the costs) can't alter it.
        self.log(|_| format!("Its threshold is locked at {} (510.2b).", terms.threshold));
        // 510.2c: the costs are paid (not replaced, 513.5d), and the resources satisfy
        // the locked threshold.
        if !terms.costs.iter().all(|c| match c {
            AdditionalCost::PayEndurance(n) => self.endurance(p) >= i32::from(*n),
            _ => false,
        }) {
            undo_reveal(self);
            return false;
        }
        let before = (!terms.costs.is_empty()).then(|| {
            let mut b = Box::new(self.clone());
            undo_reveal(&mut b);
            b
        });
        for c in &terms.costs {
            if let AdditionalCost::PayEndurance(n) = c {
                let n = i32::from(*n);
                self.unreplaced(|g| g.lose_endurance(p, n));
            }
        }
        if self.resource_count(p) < terms.threshold {
            match before {
                Some(b) => *self = *b,
                None => undo_reveal(self),
            }
            return false;
        }
        // 510.2d: turned face up; 510.2e: the resource now has the type location
        // (`is_location_object`); 515.1: its timestamp.
        let now = self.tick();
        {
            let c = self.card_mut(card);
            c.face_up = true;
            c.revealed = false;
            c.timestamp = now;
        }
        self.log(|g| format!("{} flips {}.", g.player_name(p), g.name(card)));
        // 510.2f: the uniqueness rule (704.2); 510.2g: its powers are active (face up in
        // play, `text_active`).
        self.check_uniqueness(card, p);
        // "Whenever an opponent flips a location": the powers of the other players'
        // objects (an ongoing plot twist in their row too), about the location.
        for o in self.objects_with_triggers(None) {
            if self.is_opponent(self.card(o).controller, p) {
                self.fire_about(Event::OpponentFlipsLocation, o, Some((card, 0)));
            }
        }
        // 510.3: triggered effects go on the chain, then the player gets priority.
        self.give_priority(p);
        true
    }

    /// 213.5b, 510.2e: is `c` an object of the type location: a face-up resource that is
    /// a location card (a face-down one is only a resource; a location card out of play
    /// is a card, no object)?
    pub fn is_location_object(&self, c: CardId) -> bool {
        let card = self.card(c);
        card.zone == Zone::Resource
            && card.face_up
            && self.def(c).kind() == crate::vocab::CardKind::Location
    }
}

#[cfg(test)]
mod tests {
    use crate::action::Action;
    use crate::ids::Row;
    use crate::state::{Pending, Zone};
    use crate::testkit::Bench;

    const TWIST: &str =
        "(card x-2 \"Costly Twist\" \"\" (plot-twist (threshold 3)) (effect (draw you 1)))";

    /// 203.5b: a threshold is met by the number of resources; nothing is spent.
    #[test]
    fn r203_5b_a_threshold_counts_resources_and_spends_nothing() {
        let mut b = Bench::new(TWIST);
        let pt = b.in_hand(0, "x-2");
        b.resources(0, 2);
        assert!(!b.g.legal().contains(&Action::PlayPlotTwist(pt)));
        assert_eq!(
            b.g.explain_illegal(&Action::PlayPlotTwist(pt)).rule,
            "304.2"
        );
        b.resources(0, 1);
        b.g.player_mut(0).rp = 3;
        b.act(Action::PlayPlotTwist(pt));
        assert_eq!(b.g.player(0).rp, 3);
    }

    /// 304.4–304.6: a plot twist played from the resource row turns face up and stays
    /// there; one played from hand goes to the KO'd pile once it resolves.
    #[test]
    fn r304_4_r304_5_r304_6_plot_twists_from_the_row_stay_from_hand_go_to_the_ko_pile() {
        let mut b = Bench::new(TWIST);
        b.resources(0, 2);
        let in_row = b.resource(0, "x-2");
        let in_hand = b.in_hand(0, "x-2");
        b.act(Action::PlayPlotTwist(in_row));
        assert!(b.g.card(in_row).face_up);
        b.resolve_all();
        assert_eq!(b.g.card(in_row).zone, Zone::Resource);
        // A face-up plot twist can't be played again.
        assert!(!b.g.legal().contains(&Action::PlayPlotTwist(in_row)));
        b.act(Action::PlayPlotTwist(in_hand));
        assert_eq!(b.g.card(in_hand).zone, Zone::Chain);
        b.resolve_all();
        assert_eq!(b.g.card(in_hand).zone, Zone::KoPile);
    }

    /// 505.3: an effect that makes a "this attack" modifier is played only inside an
    /// attack substep (Nasty Surprise, VS-TCG-…).
    #[test]
    fn r505_3_this_attack_effects_only_inside_an_attack() {
        let (mut b, pt) =
            Bench::with_effect("(target 0 character) (gets (target 0) 5 0 this-attack)", "");
        b.in_play(0, "trn-007", Row::Front, 0);
        assert!(!b.g.legal().contains(&Action::PlayPlotTwist(pt)));
    }

    /// 505.1c: an effect needs all its targets, legal and distinct; 505.2: one taken
    /// back leaves the game as it was.
    #[test]
    fn r505_1c_r505_2_targets_are_distinct_and_a_cancelled_play_changes_nothing() {
        let (mut b, pt) = Bench::with_effect(
            "(target 0 character) (target 1 character) (stun (target 0)) (stun (target 1))",
            "",
        );
        let only = b.in_play(1, "trn-007", Row::Front, 0);
        assert!(
            !b.g.legal().contains(&Action::PlayPlotTwist(pt)),
            "one character can't be both targets"
        );
        b.in_play(1, "trn-006", Row::Front, 1);
        let before = crossover_kernel::stable_hash(&b.g);
        b.act(Action::PlayPlotTwist(pt));
        b.target(only);
        assert_eq!(b.g.pending(), Pending::Target(0));
        let t = crate::state::TargetRef::Card(only, b.g.card(only).object);
        assert!(
            !b.g.legal().contains(&Action::ChooseTarget(t)),
            "the same target twice"
        );
        b.act(Action::CancelPlay);
        // Nothing changed but the count of take-backs (the engine's bound on them).
        assert_eq!(b.g.takebacks, 1);
        b.g.takebacks = 0;
        assert_eq!(crossover_kernel::stable_hash(&b.g), before);
    }

    /// The engine's bound on taking back (docs/rulings.md, "Taking back"): after three
    /// in one priority window, a started play must be finished.
    #[test]
    fn taking_back_is_bounded_so_no_player_loops_for_ever() {
        let (mut b, pt) = Bench::with_effect("(target 0 character) (stun (target 0))", "");
        let c = b.in_play(1, "trn-007", Row::Front, 0);
        for _ in 0..3 {
            b.act(Action::PlayPlotTwist(pt));
            b.act(Action::CancelPlay);
        }
        b.act(Action::PlayPlotTwist(pt));
        assert!(!b.g.legal().contains(&Action::CancelPlay));
        b.target(c);
        assert_eq!(b.g.takebacks, 0, "priority came back: a new window");
    }

    /// 508.2a / 509: an effect whose targets are all illegal on resolution is negated;
    /// no refund (509.2).
    #[test]
    fn r508_2a_r509_2_all_targets_illegal_negates() {
        let (mut b, pt) =
            Bench::with_effect("(target 0 character opposing ready) (stun (target 0))", "");
        let c = b.in_play(1, "trn-007", Row::Front, 0);
        b.act(Action::PlayPlotTwist(pt));
        b.target(c);
        b.g.exhaust(c);
        b.resolve_all();
        assert!(!b.g.card(c).stunned);
        assert_eq!(b.g.card(pt).zone, Zone::KoPile);
    }

    const GROUNDS: &str = "(card x-loc \"Test Grounds\" \"\" (location (threshold 2)) (payment (cost activate) once-per-turn (target 0 character yours) (gets (target 0) 1 1 this-turn)))";

    /// 510.2c–g: a location flips face up with its threshold met; its powers become
    /// active. 500.3a / G-Activate: an activated power exhausts its source, and 501.4:
    /// "once per turn" allows one use.
    #[test]
    fn r510_2c_r501_4_flip_then_activate_once_per_turn() {
        let mut b = Bench::new(GROUNDS);
        let loc = b.resource(0, "x-loc");
        let c = b.in_play(0, "trn-007", Row::Front, 0);
        assert!(
            !b.g.legal().contains(&Action::FlipLocation(loc)),
            "threshold 2 with one resource"
        );
        b.resources(0, 1);
        b.act(Action::FlipLocation(loc));
        assert!(b.g.card(loc).face_up);
        b.act(Action::UsePower {
            card: loc,
            power: 0,
        });
        b.target(c);
        assert!(b.g.card(loc).exhausted);
        b.resolve_all();
        assert_eq!(b.g.atk(c), 7);
        b.g.ready(loc);
        assert!(!b.g.legal().contains(&Action::UsePower {
            card: loc,
            power: 0
        }));
    }

    /// 704.2: flipping a unique location puts your other one with its name into your
    /// KO'd pile.
    #[test]
    fn r704_2_flipping_a_unique_location_sends_the_other_away() {
        let mut b = Bench::new(GROUNDS);
        b.resources(0, 2);
        let first = b.resource(0, "x-loc");
        let second = b.resource(0, "x-loc");
        b.act(Action::FlipLocation(first));
        b.act(Action::FlipLocation(second));
        assert_eq!(b.g.card(first).zone, Zone::KoPile);
        assert!(b.g.card(second).face_up);
    }
}

#[cfg(test)]
mod additional_costs {
    use crate::action::Action;
    use crate::ids::*;
    use crate::state::{Pending, TargetRef, Zone};
    use crate::testkit::Bench;

    /// 203.9a, 505.1d (VS-TCG: Focused Blast, 508.2e): an additional cost is paid as the
    /// effect is played; the effect reads the card used, as it was.
    #[test]
    fn r203_9a_r508_2e_to_play_costs_are_paid_and_remembered() {
        let (mut b, pt) = Bench::with_effect(
            "(to-play (exhaust 1 yours range)) (target 0 player opponent) (lose-endurance (target 0) (cost-of-paid 0))",
            "",
        );
        let banshee = b.in_play(0, "trn-006", Row::Support, 0); // cost 3, range
        b.act(Action::PlayPlotTwist(pt));
        b.act(Action::ChooseTarget(TargetRef::Player(1)));
        assert_eq!(b.g.pending(), Pending::PayCost(0));
        assert_eq!(b.g.legal(), vec![Action::Pick(banshee), Action::CancelPlay]);
        b.act(Action::Pick(banshee));
        assert!(b.g.card(banshee).exhausted);
        // The character leaves play before the effect resolves: its cost is still known.
        b.g.move_card(banshee, Zone::Hand);
        b.resolve_all();
        assert_eq!(b.g.endurance(1), 47);
    }

    /// 203.3: an additional cost that can't be paid means the effect can't be played.
    #[test]
    fn r203_3_an_unpayable_additional_cost_forbids_playing() {
        let (mut b, pt) =
            Bench::with_effect("(to-play (discard 2 character-card)) (draw you 1)", "");
        b.in_hand(0, "trn-007");
        assert!(!b.g.legal().contains(&Action::PlayPlotTwist(pt)));
        b.in_hand(0, "trn-006");
        assert!(b.g.legal().contains(&Action::PlayPlotTwist(pt)));
    }
}

#[cfg(test)]
mod additional_cost_text {
    use crate::testkit::Bench;

    /// The text of an additional cost is generated with the effect.
    #[test]
    fn additional_costs_read_before_the_effect() {
        let (b, pt) = Bench::with_effect(
            "(to-play (exhaust 2 yours front-row) (pay-endurance 1)) (draw you 1)",
            "",
        );
        assert_eq!(
            b.effect_text(pt),
            "To play, exhaust 2 front row characters you control and pay 1 endurance. You draw 1 card."
        );
    }
}
