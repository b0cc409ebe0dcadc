//! Resolving abilities: a [`Frame`] runs its steps in order, stopping at a choice.

use crate::model::*;
use crate::state::*;

impl GameState {
    /// Push every ability of `kind` on card `c` (When Revealed, When Defeated, Boost),
    /// resolved by player `p`; `form` selects "When Revealed (Hero)" variants.
    pub(crate) fn push_abilities(
        &mut self,
        c: CardId,
        kind: AbilityKind,
        p: u8,
        form: Option<Form>,
    ) {
        let abilities: Vec<u8> = self
            .def(c)
            .abilities
            .iter()
            .enumerate()
            .filter(|(_, a)| a.kind == kind && (a.revealed_in.is_none() || a.revealed_in == form))
            .map(|(i, _)| i as u8)
            .collect();
        for i in abilities.into_iter().rev() {
            self.push_ability(c, i, p, None);
        }
    }

    pub(crate) fn push_ability(&mut self, c: CardId, idx: u8, p: u8, event_card: Option<CardId>) {
        let a = &self.face(c).abilities[usize::from(idx)];
        let steps = crate::steps::labeled(a.label, a.steps.clone());
        let mut frame = Frame::new(c, p, steps);
        frame.label = a.label;
        frame.counters = self.card(c).counters;
        frame.event_card = event_card;
        self.tasks.push(Task::Effect(frame));
    }

    pub(crate) fn run_frame(&mut self, mut f: Frame) {
        while usize::from(f.pc) < f.steps.len() {
            let step = f.steps[usize::from(f.pc)].clone();
            f.pc += 1;
            let before = self.tasks.len();
            match self.run_step(&mut f, &step) {
                StepResult::Next => {
                    if self.tasks.len() > before {
                        // The step queued work (damage, an attack): it runs before the
                        // rest of the ability.
                        self.tasks.insert(before, Task::Effect(f));
                        return;
                    }
                }
                StepResult::Wait(pending) => {
                    f.pc -= 1;
                    self.tasks.push(Task::Effect(f));
                    self.pending = pending;
                    return;
                }
            }
        }
        if f.event {
            // An event is discarded after it resolves (EVENT).
            let c = f.source;
            if self.card(c).zone == Zone::Resolving {
                let owner = self.card(c).owner;
                self.card_mut(c).zone = Zone::Discard(owner);
                self.player_mut(owner).discard.push(c);
            }
        }
    }

    pub(crate) fn targets(&self, f: &Frame, t: Target) -> Vec<CardId> {
        let you = self.player(f.player).identity;
        match t {
            Target::Chosen(i) => f.chosen[usize::from(i)].into_iter().collect(),
            Target::This => vec![f.source],
            Target::You => vec![you],
            Target::YourHero => match self.player(f.player).form {
                Form::Hero => vec![you],
                Form::AlterEgo => vec![],
            },
            Target::Villain => vec![self.villain],
            Target::MainScheme => vec![self.main_scheme],
            Target::EventCard => f.event_card.into_iter().collect(),
            Target::Attached => self.card(f.source).attached_to.into_iter().collect(),
            Target::EachEnemy => self.enemies(),
            Target::EachHero => self
                .player_order()
                .into_iter()
                .filter(|&p| self.player(p).form == Form::Hero)
                .map(|p| self.player(p).identity)
                .collect(),
            Target::EachCharacter => {
                let mut v = self.friendly_characters();
                v.extend(self.enemies());
                v
            }
            Target::EachFriendlyCharacter => self.friendly_characters(),
            Target::EachCharacterYouControl => self.characters_of(f.player),
            Target::EachAllyYouControl => self.allies_of(f.player),
            Target::EachMinionEngagedWithYou => self.minions_engaged_with(f.player),
            Target::EachSideScheme => self.side_schemes(),
            Target::EachScheme => self.schemes(),
            Target::EachUpgradeYouControl => self
                .controlled_by(f.player)
                .filter(|&c| matches!(self.def(c).kind, Kind::Upgrade { .. }))
                .collect(),
            Target::AttackingEnemy => self.attacking_enemy().into_iter().collect(),
            Target::EachMinionEngagedWithChosenPlayer(i) => f.chosen_player[usize::from(i)]
                .map(|p| self.minions_engaged_with(p))
                .unwrap_or_default(),
            Target::DamagedCharacter => f.damaged.into_iter().collect(),
            Target::InPlayCode(code) => self.in_play_code(code).into_iter().collect(),
        }
        .into_iter()
        .filter(|&c| self.in_play(c) || t == Target::This)
        .collect()
    }

    pub(crate) fn amount(&self, f: &Frame, a: Amount) -> u16 {
        match a {
            Amount::N(n) => u16::from(n),
            Amount::PerPlayer(n) => u16::from(n) * u16::from(self.starting_players),
            Amount::YourSustainedDamage => self.card(self.player(f.player).identity).damage,
            Amount::IfTrait { t, then, otherwise } => {
                u16::from(if self.player_has_trait(f.player, t) {
                    then
                } else {
                    otherwise
                })
            }
            Amount::IfPaidWith { r, then, otherwise } => {
                u16::from(if f.paid.get(r) > 0 || f.paid.wild > 0 {
                    then
                } else {
                    otherwise
                })
            }
            Amount::YourAtk => self
                .stat(self.player(f.player).identity, Stat::Atk)
                .unwrap_or(0),
            Amount::Counted => f.counted,
            Amount::PerCounter { per, max } => {
                // The counters the card had when the ability was initiated: a cost may
                // have discarded it (Energy Channel).
                (u16::from(per) * u16::from(f.counters)).min(u16::from(max))
            }
            Amount::ThreatAboutToBePlaced => self.threat_about_to_be_placed(),
            Amount::YourSustainedDamageUpTo(max) => self.sustained_up_to(f.player, max),
            Amount::CountedTimes { per, plus } => u16::from(per) * f.counted + u16::from(plus),
            // Outside a sequence (never in the Core Set) a Special is not its final step.
            Amount::IfFinalStep { otherwise, .. } => u16::from(otherwise),
            Amount::PerDroneEngagedWithYou(n) => {
                u16::from(n) * self.drones_engaged_with(f.player).len() as u16
            }
            Amount::PerDroneInPlay(n) => u16::from(n) * self.drones_in_play().len() as u16,
            Amount::ThreatOn(code) => self.in_play_code(code).map_or(0, |s| self.card(s).threat),
            Amount::UpgradesYouControl => self
                .controlled_by(f.player)
                .filter(|&c| matches!(self.def(c).kind, Kind::Upgrade { .. }))
                .count() as u16,
            Amount::CountedPlus(n) => f.counted + u16::from(n),
            Amount::PerEnemyWithTrait { t, per } => {
                let n = self
                    .enemies()
                    .into_iter()
                    .filter(|&e| self.in_play(e) && !self.card(e).face_down)
                    .filter(|&e| self.def(e).has_trait(t))
                    .count() as u16;
                n * u16::from(per)
            }
            Amount::All => u16::MAX,
        }
    }

    /// What `filter` offers to player `p`, for an ability with `label`: GUARD only
    /// restricts attacks, so the villain is an option for any other effect.
    pub(crate) fn filter_options(
        &self,
        p: u8,
        filter: Filter,
        label: Option<Label>,
    ) -> Vec<CardId> {
        match filter {
            Filter::Enemy if label == Some(Label::Attack) => self.attackable(p),
            Filter::Enemy => self.enemies(),
            Filter::Minion => self.ids().filter(|&c| self.is_minion(c)).collect(),
            Filter::Scheme => self.thwartable(),
            Filter::Ally => self
                .player_order()
                .into_iter()
                .flat_map(|q| self.allies_of(q))
                .collect(),
            Filter::FriendlyCharacter => self.friendly_characters(),
            Filter::Character => {
                let mut v = self.friendly_characters();
                v.extend(self.enemies());
                v
            }
            Filter::UpgradeOrSupportYouControl => self
                .controlled_by(p)
                .filter(|&c| {
                    matches!(
                        self.def(c).kind,
                        Kind::Upgrade { .. } | Kind::Support { .. }
                    )
                })
                .collect(),
            Filter::UpgradeYouControl => self
                .controlled_by(p)
                .filter(|&c| matches!(self.def(c).kind, Kind::Upgrade { .. }))
                .collect(),
            Filter::TraitUpgradeYouControl(t) => self
                .controlled_by(p)
                .filter(|&c| {
                    matches!(self.def(c).kind, Kind::Upgrade { .. }) && self.def(c).has_trait(t)
                })
                .collect(),
            Filter::Upgrade | Filter::TraitUpgrade(_) => self
                .in_play_cards()
                .filter(|&c| self.filter_matches_def(self.def(c), filter))
                .collect(),
            Filter::CardInYourHand => self.player(p).hand.clone(),
            Filter::ExhaustedAlly => self
                .player_order()
                .into_iter()
                .flat_map(|q| self.allies_of(q))
                .filter(|&a| self.card(a).exhausted)
                .collect(),
            Filter::DamagedFriendlyCharacter => self
                .friendly_characters()
                .into_iter()
                .filter(|&c| self.card(c).damage > 0)
                .collect(),
            // Where a card may go or come from (steps/put_into_play.rs).
            Filter::EnemyWithoutCopyOf(_) | Filter::AllyInDiscard | Filter::AllyWithout(_) => {
                self.put_into_play_filter(p, filter)
            }
        }
    }

    /// Whether a condition of `(if ...)` holds for the running effect (the one place
    /// conditions are evaluated).
    pub(crate) fn cond_holds(&self, f: &Frame, cond: &Cond) -> bool {
        match cond {
            Cond::YouHaveTrait(t) => self.player_has_trait(f.player, *t),
            Cond::PaidWith(r) => f.paid.get(*r) > 0 || f.paid.wild > 0,
            Cond::YouAreAlterEgo(code) => self.you_are_alter_ego(f.player, *code),
            Cond::NothingHappened => f.nothing,
            Cond::ChosenHasResource(slot, r) => self.chosen_has_resource(f, *slot, *r),
            Cond::YouLackTrait(t) => !self.player_has_trait(f.player, *t),
            Cond::HasTough(t) => self
                .targets(f, *t)
                .into_iter()
                .any(|c| self.has_status(c, TOUGH)),
            Cond::DamageHereAtLeast(n) => self.card(f.source).damage >= u16::from(*n),
            Cond::CountedAtLeast(n) => f.counted >= u16::from(*n),
            Cond::HasStatus { who, status } => self
                .targets(f, *who)
                .into_iter()
                .any(|c| self.has_status(c, *status)),
            Cond::InPlay(code) => self.in_play_code(*code).is_some(),
            Cond::NotInPlay(code) => self.in_play_code(*code).is_none(),
            Cond::NoneToChoose(filter) => self.filter_options(f.player, *filter, None).is_empty(),
            Cond::NoSideSchemes => self.side_schemes().is_empty(),
            Cond::UndefendedVillainAttack => {
                match self
                    .tasks
                    .iter()
                    .rev()
                    .find(|t| matches!(t, Task::Attack(_) | Task::Scheme { .. }))
                {
                    Some(Task::Attack(a)) => a.attacker == self.villain && a.defender.is_none(),
                    _ => false,
                }
            }
            Cond::NoneCounted => f.counted == 0,
            Cond::YouAreHero => self.player(f.player).form == Form::Hero,
            Cond::YouAreReady => !self.card(self.player(f.player).identity).exhausted,
        }
    }

    /// The nearest occurrence under the running effects.
    fn current_occurrence(&mut self) -> Option<&mut Occurrence> {
        self.tasks.iter_mut().rev().find_map(|t| match t {
            Task::Occur(o) => Some(o),
            _ => None,
        })
    }

    fn run_step(&mut self, f: &mut Frame, step: &Step) -> StepResult {
        match step {
            Step::Choose { slot, filter } => {
                if f.chosen[usize::from(*slot)].is_some() {
                    return StepResult::Next;
                }
                let options = self.filter_options(f.player, *filter, f.label);
                match options.len() {
                    0 => {
                        // Nothing to choose: the rest of the ability can't resolve.
                        f.pc = crate::steps::abort_point(&f.steps);
                        StepResult::Next
                    }
                    1 => {
                        f.chosen[usize::from(*slot)] = Some(options[0]);
                        StepResult::Next
                    }
                    _ => {
                        let chooser = self.chooser(f);
                        StepResult::Wait(Pending::Choose {
                            player: chooser,
                            options,
                        })
                    }
                }
            }
            Step::ChoosePlayer { slot } => {
                if f.chosen_player[usize::from(*slot)].is_some() {
                    return StepResult::Next;
                }
                let order = self.player_order();
                if order.len() == 1 {
                    f.chosen_player[usize::from(*slot)] = Some(order[0]);
                    return StepResult::Next;
                }
                StepResult::Wait(Pending::ChoosePlayer { player: f.player })
            }
            Step::Damage { to, amount } => {
                let n = self.amount(f, *amount);
                let targets = self.targets(f, *to);
                // Killmonger: some damage can't reach him (steps/damage.rs).
                let targets = self.shield_from_source(f.source, targets);
                if targets.is_empty() || n == 0 {
                    return StepResult::Next;
                }
                let label_attack = f.label == Some(Label::Attack)
                    && targets.len() == 1
                    && self.is_enemy(targets[0]);
                for &t in targets.iter().rev() {
                    if label_attack {
                        let you = self.player(f.player).identity;
                        self.player_attack_effect(you, t, n);
                    } else {
                        self.last_damager = Some(f.player);
                        self.deal_damage(t, n, None, false);
                    }
                }
                StepResult::Next
            }
            Step::Heal { who, amount } => {
                let n = self.amount(f, *amount);
                let mut healed = 0;
                for t in self.targets(f, *who) {
                    let h = n.min(self.card(t).damage);
                    self.card_mut(t).damage -= h;
                    healed += h;
                    if h > 0 {
                        self.log_public(format!("{} heals {h} damage.", self.card_name(t)));
                    }
                }
                f.nothing = healed == 0;
                StepResult::Next
            }
            Step::RemoveThreat { from, amount } => {
                let n = self.amount(f, *amount);
                for t in self.targets(f, *from) {
                    self.remove_threat(t, n);
                }
                StepResult::Next
            }
            Step::PlaceThreat { on, amount } => {
                let n = self.amount(f, *amount);
                for t in self.targets(f, *on).into_iter().rev() {
                    self.place_threat(t, n);
                }
                StepResult::Next
            }
            Step::Draw { amount } => {
                let n = self.amount(f, *amount);
                self.draw(f.player, usize::from(n));
                StepResult::Next
            }
            Step::PlayerDraws { slot, amount } => {
                let n = self.amount(f, *amount);
                if let Some(p) = f.chosen_player[usize::from(*slot)] {
                    self.draw(p, usize::from(n));
                }
                StepResult::Next
            }
            Step::EachPlayerDraws { amount } => {
                let n = self.amount(f, *amount);
                for p in self.player_order() {
                    self.draw(p, usize::from(n));
                }
                StepResult::Next
            }
            Step::Stun(t) => self.status_step(f, *t, STUNNED),
            Step::Confuse(t) => self.status_step(f, *t, CONFUSED),
            Step::Tough(t) => self.status_step(f, *t, TOUGH),
            Step::Ready(t) => {
                for c in self.targets(f, *t) {
                    self.card_mut(c).exhausted = false;
                    self.log_public(format!("{} readies.", self.card_name(c)));
                }
                StepResult::Next
            }
            Step::Exhaust(t) => {
                for c in self.targets(f, *t) {
                    self.card_mut(c).exhausted = true;
                }
                StepResult::Next
            }
            Step::Surge => {
                self.card_mut(f.source).surge = true;
                self.log_public(format!("{} gains surge.", self.def(f.source).name));
                StepResult::Next
            }
            Step::VillainAttacksYou => {
                let v = self.villain;
                self.tasks.push(Task::Attack(EnemyAttack::new(v, f.player)));
                StepResult::Next
            }
            Step::VillainSchemes => {
                let v = self.villain;
                self.tasks.push(Task::Scheme {
                    schemer: v,
                    player: f.player,
                    step: 0,
                    bonus: 0,
                });
                StepResult::Next
            }
            Step::CancelEffects => {
                let mut reveal = false;
                if let Some(o) = self.current_occurrence() {
                    if matches!(o.event, Event::Revealed { .. }) {
                        reveal = true;
                    } else {
                        o.canceled = true;
                    }
                }
                if reveal {
                    self.revealed_canceled = true;
                }
                self.log_public("The effects are canceled.".into());
                StepResult::Next
            }
            Step::PreventAllDamage => {
                if let Some(o) = self.current_occurrence() {
                    if let Event::Damage { amount, .. } = o.event {
                        o.prevented = amount;
                    }
                }
                self.log_public("All of that damage is prevented.".into());
                StepResult::Next
            }
            Step::PreventDamage(n) | Step::PreventThreat(n) => {
                if let Some(o) = self.current_occurrence() {
                    o.prevented = o.prevented.saturating_add(u16::from(*n));
                }
                self.log_public(format!("{n} of it is prevented."));
                StepResult::Next
            }
            Step::DiscardThis => {
                if self.in_play(f.source) {
                    self.discard_from_play(f.source);
                }
                StepResult::Next
            }
            Step::ReturnThisToHand => {
                let c = f.source;
                if self.in_play(c) {
                    let owner = self.card(c).owner;
                    self.discard_from_play(c);
                    self.player_mut(owner).discard.retain(|&x| x != c);
                    self.card_mut(c).zone = Zone::Hand(owner);
                    self.player_mut(owner).hand.push(c);
                }
                StepResult::Next
            }
            Step::Gets {
                who,
                stat,
                n,
                until,
            } => {
                for c in self.targets(f, *who) {
                    self.add_lasting(Lasting {
                        card: c,
                        stat: *stat,
                        n: *n,
                        until: *until,
                    });
                }
                StepResult::Next
            }
            Step::GetsAmount {
                who,
                stat,
                amount,
                until,
            } => {
                let n = self.amount(f, *amount).min(20) as i8;
                for c in self.targets(f, *who) {
                    self.add_lasting(Lasting {
                        card: c,
                        stat: *stat,
                        n,
                        until: *until,
                    });
                }
                StepResult::Next
            }
            Step::If { cond, then } => {
                let holds = self.cond_holds(f, cond);
                if holds {
                    f.insert_steps(then.iter().cloned());
                }
                StepResult::Next
            }
            Step::ChooseOne(options) => {
                let count = options.len() as u8;
                match self.chosen_option.take() {
                    Some(i) if usize::from(i) < options.len() => {
                        f.insert_steps(options[usize::from(i)].1.iter().cloned());
                        StepResult::Next
                    }
                    _ => StepResult::Wait(Pending::ChooseOne {
                        player: f.player,
                        count,
                    }),
                }
            }
            Step::Generate(_) => StepResult::Next,
            Step::AttachThisTo(t) => {
                if let Some(&to) = self.targets(f, *t).first() {
                    self.card_mut(f.source).zone = Zone::Attached;
                    self.card_mut(f.source).attached_to = Some(to);
                    self.log_public(format!(
                        "{} attaches to {}.",
                        self.def(f.source).name,
                        self.card_name(to)
                    ));
                } else if self.in_play(f.source) {
                    self.discard_from_play(f.source);
                }
                StepResult::Next
            }
            Step::Named(n) => self.named(f, *n),
            // The steps of steps/*.rs, by subject.
            Step::BeginLabeled(_) | Step::EndLabeled(_) | Step::DamageOverkillIf { .. } => {
                self.labeled_step(f, step)
            }
            Step::SearchDeckToHand { .. }
            | Step::LookTopTakeOne { .. }
            | Step::SearchReveal { .. }
            | Step::ShuffleEncounterDeck
            | Step::SearchAndEngage(_)
            | Step::SearchAndEngageTrait(_) => self.search_step(f, step),
            Step::DiscardTopCardInto(_)
            | Step::DiscardTopKeep { .. }
            | Step::DiscardTopOfYourDeck { .. }
            | Step::DiscardDeckTop(_)
            | Step::DiscardTopOfDeck { .. }
            | Step::DiscardAtRandom(_)
            | Step::DiscardRandomFromHand { .. }
            | Step::DiscardFromHandWithResource(_)
            | Step::Discard(_)
            | Step::ShuffleFromDiscardIntoDeck { .. }
            | Step::ReturnTopmostFromDiscard { .. }
            | Step::DiscardTopEncounterCard
            | Step::DiscardUntilMinion
            | Step::DiscardUntilMinionWithTrait(_)
            | Step::DiscardUntilSideScheme => self.discard_step(f, step),
            Step::ChooseController(_)
            | Step::EnterPlayUnderChosen(_)
            | Step::PayPrintedCostOf(_)
            | Step::PutChosenIntoPlay(_)
            | Step::PutSetAsideIntoPlay(_)
            | Step::PutThisIntoPlayEngaged
            | Step::Drones(_) => self.put_into_play_step(f, step),
            Step::DiscardChosen(_)
            | Step::DiscardUpTo(_)
            | Step::PayOr { .. }
            | Step::PayResources { .. }
            | Step::AddCounters { .. } => self.cost_step(f, step),
            // Its yield is counted when paying (`top_of_discard_icons`).
            Step::GenerateTopOfDiscard => StepResult::Next,
            Step::AttacksYou(_)
            | Step::EachEngagedMinionAttacksYou
            | Step::EachMinionWithTraitAttacks(_)
            | Step::EachEngagedAttacksYou(_)
            | Step::AlsoAttackEachOtherHero
            | Step::ExtraBoost
            | Step::GiveVillainBoost
            | Step::AttackGainsOverkill
            | Step::DiscardThisAfterAttack
            | Step::StunWhomThisAttackDamages
            | Step::ExhaustHeroIfActivationDamages => self.enemy_attack_step(f, step),
            Step::MoveDamage { .. }
            | Step::MoveDamageHere
            | Step::AssignDamageAmongHeroesAndAllies(_) => self.damage_step(f, step),
            Step::PlayerCharactersGet { .. }
            | Step::ReduceNextCost { .. }
            | Step::GainTrait { .. } => self.lasting_effect_step(f, step),
            Step::IfElse { .. }
            | Step::EachPlayer(_)
            | Step::InPlayerOrder(_)
            | Step::FirstPlayer(_)
            | Step::ResolveSpecials(_)
            | Step::ChooseOther { .. }
            | Step::YouChoose { .. } => self.resolution_order_step(f, step),
            Step::RevealAnotherEncounterCard
            | Step::RevealEncounterCard
            | Step::DealEncounterCard
            | Step::DiscardEventCard
            | Step::RemoveThisFromGame
            | Step::AccelerationToken
            | Step::EachPlayerPlacesRandomCardUnderThis
            | Step::ReturnCardsUnderThis => self.encounter_card_step(f, step),
            Step::ChangeForm | Step::FlipToAlterEgo | Step::DrawUpToPrintedHandSize => {
                self.form_step(f, step)
            }
        }
    }

    fn status_step(&mut self, f: &Frame, t: Target, s: u8) -> StepResult {
        for c in self.targets(f, t) {
            self.give_status(c, s);
        }
        StepResult::Next
    }

    /// Who makes an effect's choice: the player resolving it, or for encounter cards
    /// the first player (FIRST PLAYER).
    fn chooser(&self, f: &Frame) -> u8 {
        if self.card(f.source).owner == SCENARIO {
            self.first_player
        } else {
            f.player
        }
    }

    /// A "Hero Action (attack)" dealing damage: it counts as an attack (ATTACK).
    pub(crate) fn player_attack_effect(&mut self, you: CardId, target: CardId, n: u16) {
        self.player_attack(you, target, n, false, false);
    }

    fn named(&mut self, f: &mut Frame, n: Named) -> StepResult {
        match n {
            Named::ShadowOfThePast => self.shadow_of_the_past(f),
        }
        StepResult::Next
    }
}

pub(crate) enum StepResult {
    Next,
    Wait(Pending),
}
