//! Actions: what a seat may answer to the pending decision, checked before anything
//! changes (PLAYER TURN, INITIATING ABILITIES, COST, RESOURCE, DEFEND).

use crate::model::*;
use crate::state::*;
use crossover_kernel::RuleError;
use serde::{Deserialize, Serialize};

/// One answer to a decision; stored in replays.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Action {
    EndTurn,
    ChangeForm,
    /// Play a card from hand (then pay for it).
    Play(CardId),
    /// Basic attack by your hero or an ally.
    Attack {
        by: CardId,
        target: CardId,
    },
    /// Basic thwart by your hero or an ally.
    Thwart {
        by: CardId,
        scheme: CardId,
    },
    Recover,
    /// Trigger an ability (action, interrupt, response) of a card.
    Use {
        card: CardId,
        ability: u8,
    },
    /// Discard a card from hand for its resources, toward the payment.
    PayWith(CardId),
    /// Use a resource ability toward the payment.
    PayWithAbility {
        card: CardId,
        ability: u8,
    },
    /// Call off the payment: nothing is spent.
    CancelPayment,
    Defend(CardId),
    NoDefense,
    Choose(CardId),
    ChoosePlayer(u8),
    ChooseOption(u8),
    /// Pass the interrupt or response opportunity.
    Pass,
    /// Discard a card from hand (end of the player phase, mulligan).
    Discard(CardId),
    Done,
}

impl Action {
    /// The cards the action names.
    pub fn cards(&self) -> Vec<CardId> {
        match *self {
            Action::Play(c)
            | Action::Use { card: c, .. }
            | Action::PayWith(c)
            | Action::PayWithAbility { card: c, .. }
            | Action::Defend(c)
            | Action::Choose(c)
            | Action::Discard(c) => vec![c],
            Action::Attack { by, target } => vec![by, target],
            Action::Thwart { by, scheme } => vec![by, scheme],
            _ => vec![],
        }
    }
}

fn err(rule: &'static str, msg: impl Into<String>) -> RuleError {
    RuleError::new(rule, msg.into())
}

/// A source of resources toward a payment.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Source {
    Card(CardId),
    Ability(CardId, u8),
}

impl GameState {
    pub fn legal_actions(&self) -> Vec<Action> {
        let mut v = vec![];
        match self.pending.clone() {
            Pending::None => {}
            // Done first: the safe answer is the one a client highlights.
            Pending::Mulligan(p) => {
                v.push(Action::Done);
                v.extend(self.player(p).hand.iter().map(|&c| Action::Discard(c)));
            }
            Pending::Turn(p) => self.turn_actions(p, &mut v),
            Pending::Pay(pay) => {
                for s in self.useful_sources(&pay) {
                    v.push(match s {
                        Source::Card(c) => Action::PayWith(c),
                        Source::Ability(c, i) => Action::PayWithAbility {
                            card: c,
                            ability: i,
                        },
                    });
                }
                // Spend X: with nothing spent yet the effect would change nothing, so
                // the cost can't be paid that way (COST, ABILITY).
                if pay.open_ended && self.x_paid(&pay) > 0 {
                    v.push(Action::Done);
                }
                // A cost inside a resolving effect can't be called off.
                if !matches!(pay.what, PayFor::Effect(_)) {
                    v.push(Action::CancelPayment);
                }
            }
            Pending::Defend { player } => {
                let target = self.attack_target();
                // Melter: an ally must defend, if able.
                let offered = self.defenders(target, player);
                v.extend(
                    self.forced_defenders(player, offered)
                        .into_iter()
                        .map(Action::Defend),
                );
                if self.may_decline_defense(player) {
                    v.push(Action::NoDefense);
                }
            }
            Pending::Choose { options, .. } => {
                v.extend(options.into_iter().map(Action::Choose));
                // "up to N": the chooser may stop.
                if self.choice_may_stop() {
                    v.push(Action::Done);
                }
            }
            Pending::ChoosePlayer { .. } => v.extend(
                self.player_choice_options()
                    .into_iter()
                    .map(Action::ChoosePlayer),
            ),
            Pending::ChooseOne { count, .. } => v.extend(
                self.choose_one_options(count)
                    .into_iter()
                    .map(Action::ChooseOption),
            ),
            Pending::OrderForced { .. } => {
                if let Some(Task::OrderForced { left, .. }) = self.tasks.last() {
                    for &(card, ability, _) in left {
                        let a = Action::Use { card, ability };
                        if !v.contains(&a) {
                            v.push(a);
                        }
                    }
                }
            }
            Pending::Window { player } => {
                if let Some(Task::Occur(o)) = self.tasks.last() {
                    let interrupt = matches!(o.stage, OccStage::Interrupts { .. });
                    for (c, i) in self.window_options(o, player, interrupt) {
                        if self.called_off.contains(&PayFor::Ability(c, i)) {
                            continue;
                        }
                        v.push(Action::Use {
                            card: c,
                            ability: i,
                        });
                    }
                }
                v.push(Action::Pass);
            }
            Pending::DiscardDown(p) => {
                if self.player(p).hand.len() <= self.hand_size(p) {
                    v.push(Action::Done);
                }
                v.extend(self.player(p).hand.iter().map(|&c| Action::Discard(c)));
            }
        }
        v
    }

    fn attack_target(&self) -> u8 {
        match self.tasks.last() {
            Some(Task::Attack(a)) => a.player,
            _ => 0,
        }
    }

    /// A turn's options, the ones that do something first and ending the turn last (a
    /// search that plays a line out with the first option then plays the turn out).
    fn turn_actions(&self, p: u8, v: &mut Vec<Action>) {
        let pl = self.player(p);
        for &c in &pl.hand {
            if self.can_play(c, p).is_ok() && !self.called_off.contains(&PayFor::Play(c)) {
                v.push(Action::Play(c));
            }
        }
        let id = pl.identity;
        let ready = !self.card(id).exhausted;
        match pl.form {
            Form::Hero if ready => {
                for t in self.attackable(p) {
                    v.push(Action::Attack { by: id, target: t });
                }
                for s in self.thwartable() {
                    v.push(Action::Thwart { by: id, scheme: s });
                }
            }
            Form::AlterEgo if ready && self.card(id).damage > 0 => v.push(Action::Recover),
            _ => {}
        }
        for a in self.allies_of(p) {
            if self.card(a).exhausted {
                continue;
            }
            if self.stat(a, Stat::Atk).is_some() {
                for t in self.attackable(p) {
                    v.push(Action::Attack { by: a, target: t });
                }
            }
            if self.stat(a, Stat::Thw).is_some() {
                for s in self.thwartable() {
                    v.push(Action::Thwart { by: a, scheme: s });
                }
            }
        }
        for c in self.action_sources(p) {
            for (i, a) in self.face(c).abilities.iter().enumerate() {
                if a.kind == AbilityKind::Action
                    && self.can_use(c, i as u8, p).is_ok()
                    && !self.called_off.contains(&PayFor::Ability(c, i as u8))
                {
                    v.push(Action::Use {
                        card: c,
                        ability: i as u8,
                    });
                }
            }
        }
        if !self.player(p).changed_form {
            v.push(Action::ChangeForm);
        }
        v.push(Action::EndTurn);
    }

    /// Cards whose Action abilities `p` may trigger: their own in play, and encounter
    /// cards in play (PLAYER TURN).
    fn action_sources(&self, p: u8) -> Vec<CardId> {
        self.in_play_cards()
            .filter(|&c| {
                let card = self.card(c);
                card.controller == p || card.owner == SCENARIO
            })
            .collect()
    }

    /// May `p` play card `c` from hand now (PLAY RESTRICTIONS AND PERMISSIONS)?
    pub(crate) fn can_play(&self, c: CardId, p: u8) -> Result<(), RuleError> {
        if self.card(c).zone != Zone::Hand(p) {
            return Err(err("PLAY", "that card is not in your hand"));
        }
        let d = self.def(c);
        match d.kind {
            Kind::Ally { .. } => {
                if self.allies_of(p).len() >= self.ally_limit(p) {
                    return Err(err(
                        "ALLY LIMIT",
                        "you already control as many allies as your ally limit",
                    ));
                }
            }
            Kind::Upgrade { .. } | Kind::Support { .. } => {}
            Kind::Event { .. } => {
                let Some(a) = d.abilities.first() else {
                    return Err(err("EVENT", "this event has no ability to resolve"));
                };
                if a.kind != AbilityKind::Action {
                    return Err(err(
                        "TRIGGERED ABILITY",
                        "this event is played when its trigger happens, not as an action",
                    ));
                }
                self.ability_playable(c, 0, p)?;
            }
            _ => {
                return Err(err(
                    "RESOURCE CARDS",
                    "resource cards are discarded for resources, not played",
                ))
            }
        }
        if self.unique_in_play(d) {
            return Err(err(
                "UNIQUE",
                format!("{} is unique and already in play", d.name),
            ));
        }
        // "play under any player's control": some player must be able to
        // control it.
        let may = if d.any_player {
            self.player_order()
                .into_iter()
                .any(|q| self.may_control(d, q))
        } else {
            self.may_control(d, p)
        };
        if !may {
            return Err(err("MAX", format!("max 1 {} per player", d.name)));
        }
        if let Some(AttachTo::Minion | AttachTo::Enemy | AttachTo::Ally) = d.attach_to {
            let any = match d.attach_to {
                Some(AttachTo::Minion) => self.ids().any(|m| self.is_minion(m)),
                Some(AttachTo::Ally) => {
                    self.player_order()
                        .iter()
                        .any(|&q| !self.allies_of(q).is_empty())
                        && self.attach_options_exist(c)
                }
                _ => true,
            };
            if !any {
                return Err(err("ATTACH TO", "there is nothing to attach it to"));
            }
        }
        if d.missing.is_some() {
            return Err(err("CARD", format!("{} is not implemented yet", d.name)));
        }
        if let Some(why) = self.restriction_blocks(c, p) {
            return Err(err("PLAY RESTRICTIONS AND PERMISSIONS", why));
        }
        let cost = u32::from(self.cost_of(c));
        if self.resources_available(p, Some(c), &[c]).total() < cost {
            return Err(err(
                "COST",
                "you can't generate enough resources to pay for it",
            ));
        }
        Ok(())
    }

    /// The form, limit and "could change the game" checks of an ability (ABILITY,
    /// TRIGGERED ABILITY, LIMIT), without its costs.
    fn ability_playable(&self, c: CardId, idx: u8, p: u8) -> Result<(), RuleError> {
        let a = &self.face(c).abilities[usize::from(idx)];
        if let Some(form) = a.form {
            if self.player(p).form != form {
                return Err(err(
                    "TRIGGERED ABILITY",
                    "you are not in the form this ability needs",
                ));
            }
        }
        if let Some((n, period)) = a.limit {
            let used = self
                .limits
                .iter()
                .find(|l| l.0 == c && l.1 == idx && l.2 == period)
                .map_or(0, |l| l.3);
            if used >= n {
                return Err(err("LIMIT", "this ability has reached its limit"));
            }
        }
        // Could it change the game? Every choice it makes needs something to choose.
        for s in &a.steps {
            if let Step::Choose { filter, .. } = s {
                if self.filter_options(p, *filter, a.label).is_empty() {
                    return Err(err("CHOOSE", "there is nothing it could choose"));
                }
            }
            if let Step::Heal {
                who: Target::You, ..
            } = s
            {
                if a.steps.len() == 1 && self.card(self.player(p).identity).damage == 0 {
                    return Err(err(
                        "ABILITY",
                        "it could not change the game: you have no damage",
                    ));
                }
            }
            if let Step::Heal {
                who: Target::This, ..
            } = s
            {
                if a.steps.len() == 1 && self.card(c).damage == 0 {
                    return Err(err(
                        "ABILITY",
                        "it could not change the game: it has no damage",
                    ));
                }
            }
        }
        self.could_change_game(p, a)?;
        Ok(())
    }

    /// "Could it change the game?" for the steps of `steps/` and for choices inside an
    /// `(if (you-have-trait ...))` whose condition holds now (TRIGGERED ABILITY).
    fn could_change_game(&self, p: u8, a: &Ability) -> Result<(), RuleError> {
        if a.steps == [Step::Ready(Target::You)] && !self.card(self.player(p).identity).exhausted {
            return Err(err(
                "ABILITY",
                "it could not change the game: you are ready",
            ));
        }
        self.steps_playable(p, a.label, &a.steps)
    }

    fn steps_playable(&self, p: u8, label: Option<Label>, steps: &[Step]) -> Result<(), RuleError> {
        for s in steps {
            match *s {
                Step::If { cond, ref then } => {
                    let holds = match cond {
                        Cond::YouHaveTrait(t) => Some(self.player_has_trait(p, t)),
                        Cond::YouLackTrait(t) => Some(!self.player_has_trait(p, t)),
                        _ => None,
                    };
                    if holds == Some(true) {
                        for t in then {
                            if let Step::Choose { filter, .. } = t {
                                if self.filter_options(p, *filter, label).is_empty() {
                                    return Err(err("CHOOSE", "there is nothing it could choose"));
                                }
                            }
                        }
                        self.steps_playable(p, label, then)?;
                    }
                }
                Step::RemoveThreat {
                    from: Target::EachScheme,
                    ..
                } if self.thwartable().is_empty() => {
                    return Err(err("ABILITY", "no scheme has threat to remove"));
                }
                Step::ResolveSpecials(filter) if self.special_sources(p, filter).is_empty() => {
                    return Err(err(
                        "SPECIAL",
                        "you control no card with a Special ability to resolve",
                    ));
                }
                Step::ShuffleFromDiscardIntoDeck { .. } if self.player(p).discard.is_empty() => {
                    return Err(err("ABILITY", "your discard pile is empty"));
                }
                Step::LookTopTakeOne { .. } if self.player(p).deck.is_empty() => {
                    return Err(err("ABILITY", "your deck is empty"));
                }
                Step::ReturnTopmostFromDiscard { filter, .. }
                    if !self.player_order().into_iter().any(|q| {
                        self.player(q)
                            .discard
                            .iter()
                            .any(|&c| self.filter_matches_def(self.def(c), filter))
                    }) =>
                {
                    return Err(err("ABILITY", "no discard pile holds such a card"));
                }
                Step::MoveDamage {
                    from: Target::You, ..
                } if self.card(self.player(p).identity).damage == 0 => {
                    return Err(err("MOVE", "you have no damage to move"));
                }
                _ => {}
            }
        }
        Ok(())
    }

    /// May `p` use ability `idx` of `c` now, costs included?
    pub(crate) fn can_use(&self, c: CardId, idx: u8, p: u8) -> Result<(), RuleError> {
        let d = self.face(c);
        if d.missing.is_some() {
            return Err(err("CARD", format!("{} is not implemented yet", d.name)));
        }
        let Some(a) = d.abilities.get(usize::from(idx)) else {
            return Err(err("ABILITY", "no such ability"));
        };
        if !a.kind.is_optional() {
            return Err(err(
                "TRIGGERED ABILITY",
                "that ability is not one a player triggers",
            ));
        }
        let in_hand = self.card(c).zone == Zone::Hand(p);
        if in_hand {
            if !matches!(d.kind, Kind::Event { .. }) {
                return Err(err(
                    "IN PLAY AND OUT OF PLAY",
                    "only events are used from hand",
                ));
            }
        } else if !self.in_play(c) {
            return Err(err("IN PLAY AND OUT OF PLAY", "that card is not in play"));
        }
        self.ability_playable(c, idx, p)?;
        let mut resources = Icons::default();
        for part in &a.cost {
            match *part {
                CostPart::ExhaustThis if self.card(c).exhausted => {
                    return Err(err("EXHAUSTED", "it is exhausted"));
                }
                CostPart::RemoveCounter if self.card(c).counters == 0 => {
                    return Err(err("USES", "it has no counters left"));
                }
                CostPart::ExhaustYourHero => {
                    let id = self.player(p).identity;
                    if self.card(id).exhausted || self.player(p).form != Form::Hero {
                        return Err(err("EXHAUSTED", "your hero is exhausted"));
                    }
                }
                CostPart::HealYou(n)
                    if self.card(self.player(p).identity).damage < u16::from(n) =>
                {
                    return Err(err("COST", "you don't have that much damage to heal"));
                }
                CostPart::DiscardFromHand(n)
                    if self.player(p).hand.len() < usize::from(n) + usize::from(in_hand) =>
                {
                    return Err(err("COST", "you don't have enough cards in hand"));
                }
                CostPart::Spend(i) => resources = resources.plus(i),
                _ => {}
            }
        }
        let mut needed = resources.total();
        if in_hand {
            needed += u32::from(self.cost_of(c));
        }
        if needed > 0
            && self
                .resources_available(p, in_hand.then_some(c), &[c])
                .total()
                < needed
        {
            return Err(err("COST", "you can't generate enough resources"));
        }
        Ok(())
    }

    /// Every resource `p` could generate now, paying for `for_card`, not using `exclude`.
    pub(crate) fn resources_available(
        &self,
        p: u8,
        for_card: Option<CardId>,
        exclude: &[CardId],
    ) -> Icons {
        let mut total = Icons::default();
        for s in self.sources(p, exclude) {
            total = total.plus(self.source_yield(s, for_card));
        }
        total
    }

    fn sources(&self, p: u8, exclude: &[CardId]) -> Vec<Source> {
        let mut v: Vec<Source> = self
            .player(p)
            .hand
            .iter()
            .copied()
            .filter(|c| !exclude.contains(c))
            .filter(|&c| self.def(c).resources.total() > 0)
            .map(Source::Card)
            .collect();
        for c in self.controlled_by(p) {
            for (i, a) in self.face(c).abilities.iter().enumerate() {
                if a.kind == AbilityKind::Resource && self.resource_ability_ready(c, i as u8, p) {
                    v.push(Source::Ability(c, i as u8));
                }
            }
        }
        v
    }

    fn resource_ability_ready(&self, c: CardId, idx: u8, p: u8) -> bool {
        let a = &self.face(c).abilities[usize::from(idx)];
        if self.face(c).missing.is_some() {
            return false;
        }
        if let Some(form) = a.form {
            if self.player(p).form != form {
                return false;
            }
        }
        if let Some((n, period)) = a.limit {
            if self
                .limits
                .iter()
                .any(|l| l.0 == c && l.1 == idx && l.2 == period && l.3 >= n)
            {
                return false;
            }
        }
        a.cost.iter().all(|part| match part {
            CostPart::ExhaustThis => !self.card(c).exhausted,
            CostPart::RemoveCounter => self.card(c).counters > 0,
            _ => true,
        })
    }

    /// What a source generates toward paying for `for_card` (the Power of cards
    /// double for their aspect).
    fn source_yield(&self, s: Source, for_card: Option<CardId>) -> Icons {
        match s {
            Source::Card(c) => {
                let d = self.def(c);
                let doubles = d.doubles_for.is_some()
                    && for_card.is_some_and(|f| Some(self.def(f).aspect) == d.doubles_for);
                if doubles {
                    d.resources.doubled()
                } else {
                    d.resources
                }
            }
            Source::Ability(c, i) => {
                let a = &self.face(c).abilities[usize::from(i)];
                let mut icons = Icons::default();
                for s in &a.steps {
                    if let Step::Generate(g) = s {
                        icons = icons.plus(*g);
                    }
                    if let Step::GenerateTopOfDiscard = s {
                        icons = icons.plus(self.top_of_discard_icons(self.card(c).controller));
                    }
                }
                icons
            }
        }
    }

    /// What a payment option adds to `pay`: the resources a card discarded or a
    /// resource ability generates toward it (`None` for another action).
    pub(crate) fn payment_yield(&self, pay: &Payment, a: &Action) -> Option<Icons> {
        let for_card = match pay.what {
            PayFor::Play(c) => Some(c),
            PayFor::Ability(c, _) if self.card(c).zone == Zone::Hand(pay.player) => Some(c),
            _ => None,
        };
        let source = match *a {
            Action::PayWith(c) => Source::Card(c),
            Action::PayWithAbility { card, ability }
                if usize::from(ability) < self.face(card).abilities.len() =>
            {
                Source::Ability(card, ability)
            }
            _ => return None,
        };
        Some(self.source_yield(source, for_card))
    }

    fn useful_sources(&self, pay: &Payment) -> Vec<Source> {
        let for_card = match pay.what {
            PayFor::Play(c) => Some(c),
            PayFor::Ability(c, _) if self.card(c).zone == Zone::Hand(pay.player) => Some(c),
            _ => None,
        };
        let mut exclude: Vec<CardId> = pay.cards.clone();
        if let Some(c) = for_card {
            exclude.push(c);
        }
        self.sources(pay.player, &exclude)
            .into_iter()
            .filter(|s| match s {
                Source::Ability(c, i) => !pay.abilities.contains(&(*c, *i)),
                _ => true,
            })
            .filter(|&s| contributes(pay, self.source_yield(s, for_card)) > 0 || pay.open_ended)
            // Spend X of a type: only sources that yield that type count.
            .filter(|&s| match self.spend_x_type(pay) {
                Some(r) if pay.open_ended && r != Resource::Wild => {
                    let y = self.source_yield(s, for_card);
                    y.get(r) > 0 || y.wild > 0
                }
                _ => true,
            })
            .collect()
    }

    /// Apply an action: checked first, then applied (the state is unchanged on error).
    pub fn apply_action(&mut self, action: Action) -> Result<(), RuleError> {
        if self.outcome.is_some() {
            return Err(err("WINNING THE GAME", "the game is over"));
        }
        if !self.legal_actions().contains(&action) {
            return Err(self.why_illegal(action));
        }
        self.apply_checked(action);
        Ok(())
    }

    fn why_illegal(&self, action: Action) -> RuleError {
        let cards = action.cards();
        if let Some(c) = cards.iter().find(|c| usize::from(c.0) >= self.cards.len()) {
            return err("CARDS", format!("there is no card #{} in this game", c.0));
        }
        match (&self.pending, action) {
            (Pending::Turn(p), Action::Play(c)) => self.can_play(c, *p).err().unwrap_or_else(|| err("PLAY", "not now")),
            (Pending::Turn(p), Action::Use { card, ability }) => {
                self.can_use(card, ability, *p).err().unwrap_or_else(|| err("ACTION", "not now"))
            }
            (Pending::Turn(_), Action::ChangeForm) => err("FORM", "you already changed form this turn"),
            (Pending::Turn(_), Action::Attack { .. }) => {
                err("ATTACK", "that character can't attack that enemy now (exhausted, wrong form, or guard)")
            }
            (Pending::Turn(_), Action::Thwart { .. }) => {
                err("THWART", "that character can't thwart that scheme now (exhausted, wrong form, crisis, or no threat)")
            }
            (Pending::DiscardDown(_), Action::Done) => err("HAND SIZE", "discard down to your hand size first"),
            (Pending::None, _) => err("ROUND OVERVIEW", "no decision is pending"),
            _ => err(
                "INITIATING ABILITIES",
                format!(
                    "`{}` is not one of the options now",
                    self.describe(self.to_move().unwrap_or(0), &action)
                ),
            ),
        }
    }

    /// Apply an action known to be legal.
    pub(crate) fn apply_checked(&mut self, action: Action) {
        // A payment called off is not offered again until something else happens, so
        // that starting and calling off payments can't go on forever.
        if !matches!(self.pending, Pending::Pay(_))
            && !matches!(action, Action::Play(_) | Action::Use { .. })
        {
            self.called_off.clear();
        }
        let pending = std::mem::replace(&mut self.pending, Pending::None);
        match (pending, action) {
            (Pending::Mulligan(p), Action::Discard(c)) => {
                self.discard_from_hand(p, c);
                self.pending = Pending::Mulligan(p);
                if self.player(p).hand.is_empty() {
                    self.pending = Pending::None;
                    self.finish_mulligan(p);
                }
            }
            (Pending::Mulligan(p), Action::Done) => self.finish_mulligan(p),
            (Pending::Turn(p), a) => self.turn_action(p, a),
            (Pending::Pay(pay), a) => self.pay_action(*pay, a),
            (Pending::Defend { player }, a) => {
                let Some(Task::Attack(mut atk)) = self.tasks.pop() else {
                    return;
                };
                match a {
                    Action::Defend(d) => {
                        self.card_mut(d).exhausted = true;
                        atk.defender = Some(d);
                        let controller = self.card(d).controller;
                        if controller != atk.player {
                            // DEFEND: the defending player becomes the target.
                            atk.player = controller;
                        }
                        atk.step = 3;
                        self.log_public(format!("{} defends.", self.card_name(d)));
                    }
                    _ => {
                        atk.asked += 1;
                        let order = self.player_order();
                        let n = order.len() as u8;
                        let start = order.iter().position(|&q| q == atk.player).unwrap_or(0) as u8;
                        let mut next = None;
                        while atk.asked < n {
                            let q = order[usize::from((start + atk.asked) % n)];
                            if !self.defenders(atk.player, q).is_empty() {
                                next = Some(q);
                                break;
                            }
                            atk.asked += 1;
                        }
                        let _ = player;
                        if let Some(q) = next {
                            self.tasks.push(Task::Attack(atk));
                            self.pending = Pending::Defend { player: q };
                            return;
                        }
                        atk.step = 3;
                    }
                }
                self.tasks.push(Task::Attack(atk));
            }
            (Pending::Choose { player, .. }, Action::Choose(c)) => {
                // A card picked from a deck is named to its chooser only.
                let in_deck = matches!(self.card(c).zone, Zone::Deck(_));
                if let Some(Task::Effect(f)) = self.tasks.last_mut() {
                    if let Some(Step::Choose { slot, .. } | Step::ChooseOther { slot, .. }) =
                        f.steps.get(usize::from(f.pc))
                    {
                        let slot = usize::from(*slot);
                        f.chosen[slot] = Some(c);
                    } else {
                        crate::steps::record_pick(f, c);
                    }
                }
                if in_deck {
                    self.log_private(player, format!("Chosen: {}.", self.card_name(c)));
                } else {
                    self.log_public(format!("Chosen: {}.", self.card_name(c)));
                }
            }
            (Pending::ChoosePlayer { .. }, Action::ChoosePlayer(q)) => {
                if let Some(Task::Effect(f)) = self.tasks.last_mut() {
                    if let Some(Step::ChoosePlayer { slot } | Step::ChooseController(slot)) =
                        f.steps.get(usize::from(f.pc))
                    {
                        let slot = usize::from(*slot);
                        f.chosen_player[slot] = Some(q);
                    }
                }
                self.log_public(format!("Chosen: {}.", self.player_name(q)));
            }
            (Pending::ChooseOne { .. }, Action::ChooseOption(i)) => self.chosen_option = Some(i),
            (Pending::Choose { .. }, Action::Done) => self.stop_choosing(),
            (Pending::Window { player }, Action::Use { card, ability }) => {
                self.start_ability(player, card, ability, true)
            }
            (Pending::Window { .. }, _) => self.window_moved_on(None),
            (Pending::OrderForced { .. }, Action::Use { card, ability }) => {
                if let Some(Task::OrderForced {
                    mut left,
                    event_card,
                    damaged,
                }) = self.tasks.pop()
                {
                    if let Some(i) = left.iter().position(|&(c, a, _)| (c, a) == (card, ability)) {
                        let first = left.remove(i);
                        self.tasks.push(Task::OrderForced {
                            left,
                            event_card,
                            damaged,
                        });
                        self.initiate_forced(first, event_card, damaged);
                    }
                }
            }
            (Pending::DiscardDown(p), Action::Discard(c)) => {
                self.discard_from_hand(p, c);
                self.pending = Pending::DiscardDown(p);
            }
            (Pending::DiscardDown(_), _) => {
                if let Some(Task::EndPhaseDiscard(i)) = self.tasks.pop() {
                    self.tasks.push(Task::EndPhaseDiscard(i + 1));
                }
            }
            (p, _) => self.pending = p,
        }
        self.settle();
    }

    fn finish_mulligan(&mut self, p: u8) {
        let n = self.hand_size(p).saturating_sub(self.player(p).hand.len());
        self.draw(p, n);
        self.tasks.pop();
    }

    pub(crate) fn discard_from_hand(&mut self, p: u8, c: CardId) {
        self.player_mut(p).hand.retain(|&x| x != c);
        self.card_mut(c).zone = Zone::Discard(p);
        self.player_mut(p).discard.push(c);
        self.log_public(format!(
            "{} discards {}.",
            self.player_name(p),
            self.def(c).name
        ));
    }

    fn turn_action(&mut self, p: u8, a: Action) {
        self.pending = Pending::Turn(p);
        match a {
            Action::EndTurn => {
                self.pending = Pending::None;
                self.tasks.pop();
                self.player_mut(p).changed_form = false;
            }
            Action::ChangeForm => {
                // The form change is an occurrence with its windows
                // ("after you change to this form"): let the settle loop run it.
                self.pending = Pending::None;
                self.player_mut(p).changed_form = true;
                self.flip(p);
            }
            Action::Play(c) => {
                self.pending = Pending::None;
                let cost = self.cost_of(c);
                self.begin_payment(p, PayFor::Play(c), cost, Icons::default());
            }
            Action::Attack { by, target } => {
                self.pending = Pending::None;
                self.card_mut(by).exhausted = true;
                let atk = self.stat(by, Stat::Atk).unwrap_or(0);
                self.player_attack(by, target, atk, true, false);
            }
            Action::Thwart { by, scheme } => {
                self.pending = Pending::None;
                self.card_mut(by).exhausted = true;
                let thw = self.stat(by, Stat::Thw).unwrap_or(0);
                self.player_thwart(by, scheme, thw, true);
            }
            Action::Recover => {
                let id = self.player(p).identity;
                self.card_mut(id).exhausted = true;
                let rec = self.stat(id, Stat::Rec).unwrap_or(0);
                let h = rec.min(self.card(id).damage);
                self.card_mut(id).damage -= h;
                self.log_public(format!("{} recovers {h} damage.", self.player_name(p)));
            }
            Action::Use { card, ability } => {
                self.pending = Pending::None;
                self.start_ability(p, card, ability, false);
            }
            _ => {}
        }
    }

    /// FORM: flip the identity card.
    pub(crate) fn flip(&mut self, p: u8) {
        let pl = self.player_mut(p);
        pl.form = match pl.form {
            Form::Hero => Form::AlterEgo,
            Form::AlterEgo => Form::Hero,
        };
        self.log_public(format!(
            "{} changes form: now {}.",
            self.player_name(p),
            self.identity_def(p).name
        ));
        self.tasks
            .push(Task::Occur(Occurrence::new(Event::ChangedForm {
                player: p,
            })));
    }

    /// Begin initiating an ability: costs first (INITIATING ABILITIES).
    fn start_ability(&mut self, p: u8, card: CardId, idx: u8, in_window: bool) {
        let a = self.face(card).abilities[usize::from(idx)].clone();
        let mut typed = Icons::default();
        let mut x = false;
        for part in &a.cost {
            match part {
                CostPart::Spend(i) => typed = typed.plus(*i),
                CostPart::SpendX(_) => x = true,
                _ => {}
            }
        }
        let generic = if self.card(card).zone == Zone::Hand(p) {
            self.cost_of(card)
        } else {
            0
        };
        if in_window {
            self.window_moved_on(Some((card, idx)));
        }
        if generic == 0 && typed.total() == 0 && !x {
            self.complete_ability(p, card, idx, Icons::default(), vec![]);
        } else {
            self.begin_payment_open(p, PayFor::Ability(card, idx), generic, typed, x);
        }
    }

    fn begin_payment(&mut self, p: u8, what: PayFor, generic: u8, typed: Icons) {
        self.begin_payment_open(p, what, generic, typed, false);
    }

    fn begin_payment_open(
        &mut self,
        p: u8,
        what: PayFor,
        generic: u8,
        typed: Icons,
        open_ended: bool,
    ) {
        let pay = Payment {
            player: p,
            what,
            generic,
            typed,
            cards: vec![],
            abilities: vec![],
            generated: Icons::default(),
            open_ended,
        };
        if generic == 0 && typed.total() == 0 && !open_ended {
            self.finish_payment(pay);
        } else {
            self.pending = Pending::Pay(Box::new(pay));
        }
    }

    fn pay_action(&mut self, mut pay: Payment, a: Action) {
        let for_card = match pay.what {
            PayFor::Play(c) => Some(c),
            PayFor::Ability(c, _) if self.card(c).zone == Zone::Hand(pay.player) => Some(c),
            _ => None,
        };
        match a {
            Action::CancelPayment => {
                self.called_off.push(pay.what.clone());
                self.log_public(format!(
                    "{} calls off the payment.",
                    self.player_name(pay.player)
                ));
                return;
            }
            Action::Done => {}
            Action::PayWith(c) => {
                let y = self.source_yield(Source::Card(c), for_card);
                apply_yield(&mut pay, y);
                pay.cards.push(c);
            }
            Action::PayWithAbility { card, ability } => {
                let y = self.source_yield(Source::Ability(card, ability), for_card);
                apply_yield(&mut pay, y);
                pay.abilities.push((card, ability));
            }
            _ => {}
        }
        let covered = pay.generic == 0 && pay.typed.total() == 0;
        if (covered && !pay.open_ended) || a == Action::Done {
            self.finish_payment(pay);
        } else {
            self.pending = Pending::Pay(Box::new(pay));
        }
    }

    /// Every cost is paid at once, now (COST).
    fn finish_payment(&mut self, pay: Payment) {
        self.called_off.clear();
        let p = pay.player;
        for &c in &pay.cards {
            self.discard_from_hand(p, c);
        }
        for &(c, i) in &pay.abilities {
            self.pay_other_costs(p, c, i);
            self.note_limit(c, i);
            // USES: the final use spent, the card is discarded.
            self.discard_if_used_up(c);
        }
        match pay.what {
            PayFor::Play(c) => self.play_card(p, c, pay.generated),
            PayFor::Ability(c, i) => {
                let x = self.x_paid(&pay);
                self.complete_ability_x(p, c, i, pay.generated, x);
            }
            PayFor::Effect(_) => self.effect_paid(pay.generated),
            PayFor::EffectResources => self.chosen_option = Some(crate::steps::PAID),
        }
    }

    fn note_limit(&mut self, c: CardId, i: u8) {
        let Some((_, period)) = self.face(c).abilities[usize::from(i)].limit else {
            return;
        };
        if let Some(l) = self
            .limits
            .iter_mut()
            .find(|l| l.0 == c && l.1 == i && l.2 == period)
        {
            l.3 += 1;
        } else {
            self.limits.push((c, i, period, 1));
        }
    }

    /// The costs other than resources: exhaust, counters, damage, discards.
    fn pay_other_costs(&mut self, p: u8, c: CardId, i: u8) {
        let cost = self.face(c).abilities[usize::from(i)].cost.clone();
        for part in cost {
            match part {
                CostPart::ExhaustThis => self.card_mut(c).exhausted = true,
                CostPart::RemoveCounter => {
                    self.card_mut(c).counters = self.card(c).counters.saturating_sub(1);
                }
                CostPart::DiscardThis => {
                    if self.in_play(c) {
                        self.discard_from_play(c);
                    }
                }
                CostPart::TakeDamage(n) => {
                    let id = self.player(p).identity;
                    self.apply_damage(id, u16::from(n), None);
                }
                CostPart::DamageThis(n) => self.apply_damage(c, u16::from(n), None),
                CostPart::ExhaustYourHero => {
                    let id = self.player(p).identity;
                    self.card_mut(id).exhausted = true;
                }
                CostPart::HealYou(n) => {
                    let id = self.player(p).identity;
                    self.card_mut(id).damage = self.card(id).damage.saturating_sub(u16::from(n));
                }
                // The player chooses the cards: paid as the ability's
                // first steps (`cost_steps`).
                CostPart::DiscardFromHand(_) | CostPart::DiscardUpTo(_) => {}
                CostPart::Spend(_) | CostPart::SpendX(_) => {}
            }
        }
    }

    fn complete_ability(&mut self, p: u8, c: CardId, i: u8, paid: Icons, _x: Vec<u8>) {
        self.complete_ability_x(p, c, i, paid, 0);
    }

    fn complete_ability_x(&mut self, p: u8, c: CardId, i: u8, paid: Icons, x: u8) {
        let from_hand = self.card(c).zone == Zone::Hand(p);
        let counters = self.card(c).counters;
        self.pay_other_costs(p, c, i);
        self.note_limit(c, i);
        self.log_public(format!(
            "{} uses {}{}.",
            self.player_name(p),
            self.face(c).name,
            self.face(c).abilities[usize::from(i)]
                .name
                .as_ref()
                .map(|n| format!(" ({n})"))
                .unwrap_or_default()
        ));
        if from_hand {
            self.player_mut(p).hand.retain(|&h| h != c);
            self.card_mut(c).zone = Zone::Resolving;
            self.use_cost_reductions(p);
        }
        let ev = match self.tasks.last() {
            Some(Task::Occur(o)) => Some(crate::occur::event_card(&o.event)),
            _ => None,
        };
        self.push_ability(c, i, p, ev);
        if let Some(Task::Effect(f)) = self.tasks.last_mut() {
            f.paid = paid;
            f.event = from_hand;
            f.counted = u16::from(x);
            f.counters = counters;
        }
        self.insert_cost_steps(c, i);
        if self.card(c).counters == 0 && self.def(c).uses().is_some() && self.in_play(c) {
            // USES: discard after the final use (and its effect).
            self.tasks
                .insert(self.tasks.len() - 1, Task::Effect(Frame::discard(c, p)));
        }
    }

    /// A card is played: it enters play, or an event resolves (PLAY).
    fn play_card(&mut self, p: u8, c: CardId, paid: Icons) {
        self.player_mut(p).hand.retain(|&h| h != c);
        let d = self.def(c).clone();
        self.log_public(format!("{} plays {}.", self.player_name(p), d.name));
        self.use_cost_reductions(p);
        match d.kind {
            Kind::Event { .. } => {
                self.card_mut(c).zone = Zone::Resolving;
                self.push_ability(c, 0, p, None);
                if let Some(Task::Effect(f)) = self.tasks.last_mut() {
                    f.paid = paid;
                    f.event = true;
                }
                self.insert_cost_steps(c, 0);
            }
            // "play under any player's control": the player who plays it
            // chooses its controller as it enters play.
            _ if d.any_player => {
                self.card_mut(c).zone = Zone::Resolving;
                self.tasks.push(Task::Effect(Frame::new(
                    c,
                    p,
                    vec![Step::ChooseController(0), Step::EnterPlayUnderChosen(0)],
                )));
            }
            _ => self.enter_play_under(c, p),
        }
    }
}

/// How much of what is still owed a yield covers.
fn contributes(pay: &Payment, y: Icons) -> u32 {
    let mut p = pay.clone();
    let before = u32::from(p.generic) + p.typed.total();
    apply_yield(&mut p, y);
    before - (u32::from(p.generic) + p.typed.total())
}

/// Spend generated resources on the payment: typed needs first (matching types, then
/// wild), the rest on the any-type part; what is left over is lost (COST).
fn apply_yield(pay: &mut Payment, y: Icons) {
    pay.generated = pay.generated.plus(y);
    let mut left = y;
    for r in [Resource::Energy, Resource::Mental, Resource::Physical] {
        let need = pay.typed.get(r);
        let have = left.get(r);
        let used = need.min(have);
        set(&mut pay.typed, r, need - used);
        set(&mut left, r, have - used);
    }
    for r in [
        Resource::Energy,
        Resource::Mental,
        Resource::Physical,
        Resource::Wild,
    ] {
        let need = pay.typed.get(r);
        let used = need.min(left.wild);
        set(&mut pay.typed, r, need - used);
        left.wild -= used;
    }
    let rest = left.total().min(255) as u8;
    pay.generic = pay.generic.saturating_sub(rest);
}

fn set(i: &mut Icons, r: Resource, n: u8) {
    match r {
        Resource::Energy => i.energy = n,
        Resource::Mental => i.mental = n,
        Resource::Physical => i.physical = n,
        Resource::Wild => i.wild = n,
    }
}

impl Frame {
    /// The steps, to edit: copied first if another clone shares them.
    pub(crate) fn steps_mut(&mut self) -> &mut Vec<Step> {
        std::sync::Arc::make_mut(&mut self.steps)
    }
    /// Put `steps` next, before the rest of the frame's steps.
    pub(crate) fn insert_steps(&mut self, steps: impl IntoIterator<Item = Step>) {
        let pc = usize::from(self.pc);
        self.steps_mut().splice(pc..pc, steps);
    }
    pub(crate) fn new(source: CardId, player: u8, steps: Vec<Step>) -> Frame {
        Frame::base(source, player, steps)
    }
    fn base(source: CardId, player: u8, steps: Vec<Step>) -> Frame {
        Frame {
            source,
            player,
            steps: std::sync::Arc::new(steps),
            pc: 0,
            chosen: [None; 4],
            chosen_player: [None; 4],
            paid: Icons::default(),
            counted: 0,
            nothing: false,
            event_card: None,
            event: false,
            label: None,
            counters: 0,
            damaged: None,
            assigned: vec![],
            assign_left: None,
        }
    }
    fn discard(c: CardId, p: u8) -> Frame {
        Frame::base(c, p, vec![Step::DiscardThis])
    }
    pub(crate) fn attach(c: CardId, p: u8, filter: Filter) -> Frame {
        Frame::base(
            c,
            p,
            vec![
                Step::Choose { slot: 0, filter },
                Step::AttachThisTo(Target::Chosen(0)),
            ],
        )
    }
}

impl GameState {
    /// The options of the pending `(choose-one ...)` the player may pick: those that
    /// could change the game, if any could; otherwise all of them (CHOOSE).
    fn choose_one_options(&self, count: u8) -> Vec<u8> {
        let all = || (0..count).collect();
        let Some(Task::Effect(f)) = self.tasks.last() else {
            return all();
        };
        let Some(Step::ChooseOne(options)) = f.steps.get(usize::from(f.pc)) else {
            return all();
        };
        let could: Vec<u8> = (0..count)
            .filter(|&i| {
                options
                    .get(usize::from(i))
                    .is_some_and(|(_, steps)| self.option_could_change_game(f, steps))
            })
            .collect();
        if could.is_empty() {
            all()
        } else {
            could
        }
    }

    /// Whether resolving `steps` could change the game. Judged only where it is
    /// certain: damage dealt to no one (to "your hero" in alter-ego form: FORM) or
    /// amounting to 0 changes nothing; any other step is taken to change something.
    /// An option without steps is how the card language writes declining what "may"
    /// or "up to" offers, which is always allowed.
    fn option_could_change_game(&self, f: &Frame, steps: &[Step]) -> bool {
        steps.is_empty()
            || steps.iter().any(|step| match *step {
                Step::Damage { to, amount } => {
                    !self.targets(f, to).is_empty() && self.amount(f, amount) > 0
                }
                _ => true,
            })
    }
}
