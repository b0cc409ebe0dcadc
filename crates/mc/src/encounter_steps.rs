//! Steps, conditions, amounts and targets the modular, Standard, Expert and nemesis
//! encounter sets need (h-encounter): random discards, discarding or searching the
//! encounter deck, attacks an effect makes, assigning damage, cards face down under a
//! scheme, obligations' choices, and the nemesis set coming into play (NEMESIS).

use crate::effects::StepResult;
use crate::model::*;
use crate::state::*;

/// Whether card `c`'s code is `code` ("01180" is 1180).
fn code_is(g: &GameState, c: CardId, code: u16) -> bool {
    g.def(c).code.parse::<u16>().ok() == Some(code) && g.def(c).code.len() == 5
}

impl GameState {
    /// The first card in play with this code.
    pub(crate) fn in_play_code(&self, code: u16) -> Option<CardId> {
        self.in_play_cards().find(|&c| code_is(self, c, code))
    }

    pub(crate) fn enc_amount(&self, f: &Frame, a: Amount) -> u16 {
        match a {
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
            _ => 0,
        }
    }

    /// Whether a condition holds (every condition of the language).
    /// The conditions of this file (`effects.rs` `cond_holds` evaluates the others).
    pub(crate) fn enc_cond_holds(&self, f: &Frame, cond: Cond) -> bool {
        let you = self.player(f.player).identity;
        match cond {
            Cond::HasStatus { who, status } => self
                .targets(f, who)
                .into_iter()
                .any(|c| self.has_status(c, status)),
            Cond::InPlay(code) => self.in_play_code(code).is_some(),
            Cond::NotInPlay(code) => self.in_play_code(code).is_none(),
            Cond::NoneToChoose(filter) => self.filter_options(f.player, filter, None).is_empty(),
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
            Cond::YouAreReady => !self.card(you).exhausted,
            other => self.cond_holds(f, &other),
        }
    }

    /// Targets added by this branch.
    pub(crate) fn enc_targets(&self, t: Target) -> Vec<CardId> {
        match t {
            Target::InPlayCode(code) => self.in_play_code(code).into_iter().collect(),
            _ => vec![],
        }
    }

    /// Killmonger: damage from an upgrade with a trait doesn't reach a card that can't
    /// take it; the others are returned.
    pub(crate) fn shield_from_source(
        &mut self,
        source: CardId,
        targets: Vec<CardId>,
    ) -> Vec<CardId> {
        if !matches!(self.def(source).kind, Kind::Upgrade { .. }) {
            return targets;
        }
        let mut out = vec![];
        for t in targets {
            let shielded = self.def(t).constants.iter().any(|k| match k {
                Constant::NoDamageFromTraitUpgrades(tr) => self.def(source).has_trait(*tr),
                _ => false,
            });
            if shielded {
                self.log_public(format!(
                    "{} can't take damage from {}.",
                    self.card_name(t),
                    self.def(source).name
                ));
            } else {
                out.push(t);
            }
        }
        out
    }

    /// Melter: the engaged player asked to defend must use a ready ally, if they have
    /// one among `offered`.
    fn must_defend_with_ally(&self, asker: u8, offered: &[CardId]) -> bool {
        let Some(Task::Attack(a)) = self.tasks.last() else {
            return false;
        };
        self.face(a.attacker)
            .constants
            .contains(&Constant::MustDefendWithAlly)
            && self.card(a.attacker).zone == Zone::Engaged(asker)
            && offered.iter().any(|&c| self.identity_of(c).is_none())
    }

    /// The defenders the player may choose: only allies when an ally must defend.
    pub(crate) fn forced_defenders(&self, asker: u8, offered: Vec<CardId>) -> Vec<CardId> {
        if self.must_defend_with_ally(asker, &offered) {
            offered
                .into_iter()
                .filter(|&c| self.identity_of(c).is_none())
                .collect()
        } else {
            offered
        }
    }

    /// May the player decline to defend now (not when an ally must defend)?
    pub(crate) fn may_decline_defense(&self, asker: u8) -> bool {
        let offered = self.defenders(self.attack_target_player(), asker);
        !self.must_defend_with_ally(asker, &offered)
    }

    fn attack_target_player(&self) -> u8 {
        match self.tasks.last() {
            Some(Task::Attack(a)) => a.player,
            _ => 0,
        }
    }

    /// An attack counted by an effect was made: the effect's frame counts it.
    pub(crate) fn count_attack(&mut self, src: CardId) {
        if let Some(Task::Effect(f)) = self
            .tasks
            .iter_mut()
            .rev()
            .find(|t| matches!(t, Task::Effect(f) if f.source == src))
        {
            f.counted += 1;
        }
    }

    /// A choice made for one of this branch's steps (not `(choose ...)`).
    pub(crate) fn enc_chosen(&mut self, c: CardId) {
        if let Some(Task::Effect(f)) = self.tasks.last_mut() {
            match f.steps.get(usize::from(f.pc)) {
                Some(Step::AssignDamageAmongHeroesAndAllies(_)) => {
                    match f.assigned.iter_mut().find(|(x, _)| *x == c) {
                        Some((_, n)) => *n += 1,
                        None => f.assigned.push((c, 1)),
                    }
                    if let Some(l) = f.assign_left.as_mut() {
                        *l = l.saturating_sub(1);
                    }
                }
                Some(Step::SearchAndEngageTrait(_)) => f.chosen[3] = Some(c),
                Some(Step::YouChoose { slot, .. }) => f.chosen[usize::from(*slot)] = Some(c),
                _ => {}
            }
        }
    }

    fn random_from_hand(&mut self, p: u8) -> Option<CardId> {
        let n = self.player(p).hand.len();
        if n == 0 {
            return None;
        }
        let i = self.rng.below(n);
        Some(self.player(p).hand[i])
    }

    fn encounter_discard_card(&mut self, c: CardId) {
        self.card_mut(c).zone = Zone::EncounterDiscard;
        self.encounter_discard.push(c);
        self.log_public(format!("{} is discarded.", self.def(c).name));
    }

    fn push_attack(&mut self, enemy: CardId, p: u8, counted_by: Option<CardId>) {
        let mut a = EnemyAttack::new(enemy, p);
        a.counted_by = counted_by;
        self.tasks.push(Task::Attack(a));
    }

    pub(crate) fn enc_step(&mut self, f: &mut Frame, step: &Step) -> StepResult {
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
                let rest: Vec<Step> = f.steps.split_off(usize::from(f.pc));
                f.steps.extend(branch.iter().cloned());
                f.steps.extend(rest);
            }
            Step::EachPlayer(steps) => {
                for p in self.player_order().into_iter().rev() {
                    let mut g = Frame::new(f.source, p, steps.clone());
                    g.event_card = f.event_card;
                    self.tasks.push(Task::Effect(g));
                }
            }
            Step::Discard(t) => {
                let mut n = 0;
                for c in self.targets(f, *t) {
                    if self.in_play(c) {
                        self.log_public(format!("{} is discarded.", self.card_name(c)));
                        self.discard_from_play(c);
                        n += 1;
                    }
                }
                f.counted = n;
                f.nothing = n == 0;
            }
            Step::DiscardRandomFromHand { each_player } => {
                let players = if *each_player {
                    self.player_order()
                } else {
                    vec![f.player]
                };
                let mut types = Icons::default();
                let mut any = false;
                for p in players {
                    if let Some(c) = self.random_from_hand(p) {
                        self.log_public(format!(
                            "{} discards a card at random.",
                            self.player_name(p)
                        ));
                        self.discard_from_hand(p, c);
                        types = types.plus(self.def(c).resources);
                        any = true;
                    }
                }
                f.counted = Resource::ALL.iter().filter(|&&r| types.get(r) > 0).count() as u16;
                f.nothing = !any;
            }
            Step::DiscardFromHandWithResource(r) => {
                let p = f.player;
                let cards: Vec<CardId> = self
                    .player(p)
                    .hand
                    .iter()
                    .copied()
                    .filter(|&c| self.def(c).resources.get(*r) > 0)
                    .collect();
                for &c in &cards {
                    self.discard_from_hand(p, c);
                }
                f.counted = cards.len() as u16;
                f.nothing = cards.is_empty();
            }
            Step::DiscardTopOfDeck { n, count } => {
                let p = f.player;
                let mut icons = 0u16;
                for _ in 0..*n {
                    if self.player(p).deck.is_empty() {
                        self.reshuffle_player_deck(p);
                    }
                    let Some(c) = self.discard_top_card(p) else {
                        break;
                    };
                    icons += u16::from(self.def(c).resources.get(*count));
                }
                if self.player(p).deck.is_empty() {
                    self.reshuffle_player_deck(p);
                }
                f.counted = icons;
            }
            Step::DiscardTopEncounterCard => {
                f.counted = 0;
                if let Some(c) = self.take_encounter_card() {
                    f.counted = u16::from(self.def(c).boost);
                    self.encounter_discard_card(c);
                }
            }
            Step::DiscardUntilMinionWithTrait(t) => {
                let t = *t;
                self.discard_until(f.player, move |g, c| {
                    matches!(g.def(c).kind, Kind::Minion { .. }) && g.def(c).has_trait(t)
                });
            }
            Step::DiscardUntilSideScheme => {
                self.discard_until(f.player, |g, c| {
                    matches!(g.def(c).kind, Kind::SideScheme { .. })
                });
            }
            Step::SearchAndEngage(code) => {
                let code = *code;
                let found = self
                    .encounter_deck
                    .iter()
                    .chain(self.encounter_discard.iter())
                    .copied()
                    .find(|&c| code_is(self, c, code));
                f.nothing = found.is_none();
                if let Some(c) = found {
                    self.engage_from_encounter(c, f.player);
                } else {
                    self.log_public("The search finds nothing.".into());
                }
                self.shuffle_encounter_deck();
            }
            Step::SearchAndEngageTrait(t) => {
                let mut options: Vec<CardId> = vec![];
                for c in self
                    .encounter_deck
                    .iter()
                    .rev()
                    .chain(self.encounter_discard.iter())
                    .copied()
                {
                    let d = self.def(c);
                    if matches!(d.kind, Kind::Minion { .. })
                        && d.has_trait(*t)
                        && !options
                            .iter()
                            .any(|&o| self.card(o).def == self.card(c).def)
                    {
                        options.push(c);
                    }
                }
                let pick = match (f.chosen[3], options.len()) {
                    (Some(c), _) => Some(c),
                    (None, 0) => None,
                    (None, 1) => Some(options[0]),
                    (None, _) => {
                        return StepResult::Wait(Pending::Choose {
                            player: f.player,
                            options,
                        })
                    }
                };
                f.chosen[3] = None;
                f.nothing = pick.is_none();
                match pick {
                    Some(c) => self.engage_from_encounter(c, f.player),
                    None => self.log_public("The search finds nothing.".into()),
                }
                self.shuffle_encounter_deck();
            }
            Step::AttacksYou(t) => {
                f.counted = 0;
                let p = f.player;
                if self.player(p).form == Form::Hero {
                    for e in self.targets(f, *t) {
                        if self.is_enemy(e) {
                            self.push_attack(e, p, Some(f.source));
                        }
                    }
                }
            }
            Step::EachEngagedMinionAttacksYou => {
                let p = f.player;
                if self.player(p).form == Form::Hero {
                    for m in self.minions_engaged_with(p).into_iter().rev() {
                        self.push_attack(m, p, None);
                    }
                }
            }
            Step::EachMinionWithTraitAttacks(t) => {
                f.counted = 0;
                let mut attacks = vec![];
                for p in self.player_order() {
                    if self.player(p).form != Form::Hero {
                        continue;
                    }
                    for m in self.minions_engaged_with(p) {
                        if !self.card(m).face_down && self.def(m).has_trait(*t) {
                            attacks.push((m, p));
                        }
                    }
                }
                for (m, p) in attacks.into_iter().rev() {
                    self.push_attack(m, p, Some(f.source));
                }
            }
            Step::AlsoAttackEachOtherHero => {
                let src = f.source;
                if let Some(i) = self
                    .tasks
                    .iter()
                    .rposition(|t| matches!(t, Task::Attack(a) if a.attacker == src))
                {
                    let Task::Attack(cur) = &self.tasks[i] else {
                        unreachable!()
                    };
                    let target = cur.player;
                    for p in self.player_order() {
                        if p != target && self.player(p).form == Form::Hero {
                            let mut a = EnemyAttack::new(src, p);
                            // The attack is already initiated: it goes on from its
                            // boost step against that hero.
                            a.step = 1;
                            self.tasks.insert(i, Task::Attack(a));
                        }
                    }
                }
            }
            Step::GiveVillainBoost => self.give_boost(),
            Step::StunWhomThisAttackDamages => {
                if let Some(Task::Attack(a)) = self
                    .tasks
                    .iter_mut()
                    .rev()
                    .find(|t| matches!(t, Task::Attack(_)))
                {
                    a.stun_damaged = true;
                }
            }
            Step::DealEncounterCard => self.deal_encounter(f.player),
            Step::RevealEncounterCard => {
                if let Some(c) = self.take_encounter_card() {
                    self.tasks.push(Task::RevealCard {
                        card: c,
                        player: f.player,
                        step: 0,
                    });
                }
            }
            Step::AssignDamageAmongHeroesAndAllies(amount) => {
                if f.assign_left.is_none() {
                    f.assign_left = Some(self.amount(f, *amount));
                    f.assigned.clear();
                }
                let left = f.assign_left.unwrap_or(0);
                let mut options: Vec<CardId> = self
                    .player_order()
                    .into_iter()
                    .filter(|&p| self.player(p).form == Form::Hero)
                    .map(|p| self.player(p).identity)
                    .collect();
                for p in self.player_order() {
                    options.extend(self.allies_of(p));
                }
                if left > 0 && options.len() > 1 {
                    return StepResult::Wait(Pending::Choose {
                        player: self.first_player,
                        options,
                    });
                }
                if left > 0 {
                    if let Some(&only) = options.first() {
                        f.assigned.push((only, left));
                    }
                }
                for (c, n) in std::mem::take(&mut f.assigned).into_iter().rev() {
                    self.deal_damage(c, n, None, false);
                }
                f.assign_left = None;
            }
            Step::FlipToAlterEgo if self.player(f.player).form == Form::Hero => {
                self.flip(f.player);
            }
            Step::RemoveThisFromGame => {
                let c = f.source;
                if self.in_play(c) {
                    self.discard_from_play(c);
                    self.encounter_discard.retain(|&x| x != c);
                }
                self.card_mut(c).zone = Zone::Removed;
                self.log_public(format!("{} is removed from the game.", self.def(c).name));
            }
            Step::AccelerationToken => {
                self.acceleration_tokens = self.acceleration_tokens.saturating_add(1);
                self.log_public("The main scheme gets an acceleration token.".into());
            }
            Step::EachPlayerPlacesRandomCardUnderThis => {
                for p in self.player_order() {
                    if let Some(c) = self.random_from_hand(p) {
                        self.player_mut(p).hand.retain(|&x| x != c);
                        self.card_mut(c).zone = Zone::Under(f.source);
                        self.log_public(format!(
                            "{} places a random card from hand face down under {}.",
                            self.player_name(p),
                            self.def(f.source).name
                        ));
                    }
                }
            }
            Step::ReturnCardsUnderThis => {
                let src = f.source;
                let under: Vec<CardId> = self
                    .ids()
                    .filter(|&c| self.card(c).zone == Zone::Under(src))
                    .collect();
                for c in under {
                    let owner = self.card(c).owner;
                    self.card_mut(c).zone = Zone::Hand(owner);
                    self.player_mut(owner).hand.push(c);
                    self.log_public(format!(
                        "A card under {} returns to {}'s hand.",
                        self.def(src).name,
                        self.player_name(owner)
                    ));
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
            }
            _ => {}
        }
        StepResult::Next
    }

    /// Take a card out of the encounter deck or discard pile and put it into play
    /// engaged with `p`.
    fn engage_from_encounter(&mut self, c: CardId, p: u8) {
        self.encounter_deck.retain(|&x| x != c);
        self.encounter_discard.retain(|&x| x != c);
        self.enter_engaged(c, p);
    }

    /// Discard encounter cards from the top until one matches: a minion enters play
    /// engaged with the first player, anything else is revealed by `p`. The search
    /// stops after going through the deck once (with its reshuffle) without a match.
    fn discard_until(&mut self, p: u8, matches: impl Fn(&GameState, CardId) -> bool) {
        let limit = self.encounter_deck.len() + self.encounter_discard.len();
        for _ in 0..limit {
            let Some(c) = self.take_encounter_card() else {
                break;
            };
            if matches(self, c) {
                self.encounter_discard_card(c);
                self.encounter_discard.retain(|&x| x != c);
                if matches!(self.def(c).kind, Kind::Minion { .. }) {
                    let fp = self.first_player;
                    self.enter_engaged(c, fp);
                } else {
                    self.tasks.push(Task::RevealCard {
                        card: c,
                        player: p,
                        step: 0,
                    });
                }
                return;
            }
            self.encounter_discard_card(c);
        }
        self.log_public("No matching card was found.".into());
    }

    /// Shadow of the Past: your set-aside nemesis minion engages you, your nemesis side
    /// scheme is revealed, the rest of the set is shuffled into the encounter deck; if no
    /// minion entered, the card gains surge.
    pub(crate) fn shadow_of_the_past(&mut self, f: &Frame) {
        let p = f.player;
        let set: Vec<CardId> = self
            .ids()
            .filter(|&c| self.card(c).zone == Zone::SetAside(p))
            .collect();
        let minion = set
            .iter()
            .copied()
            .find(|&c| matches!(self.def(c).kind, Kind::Minion { .. }));
        let scheme = set
            .iter()
            .copied()
            .find(|&c| matches!(self.def(c).kind, Kind::SideScheme { .. }));
        for &c in &set {
            if Some(c) != minion && Some(c) != scheme {
                self.card_mut(c).zone = Zone::EncounterDeck;
                self.encounter_deck.push(c);
            }
        }
        if set.len() > usize::from(minion.is_some()) + usize::from(scheme.is_some()) {
            self.shuffle_encounter_deck();
            self.log_public(
                "The rest of the nemesis set is shuffled into the encounter deck.".into(),
            );
        }
        for c in [scheme, minion].into_iter().flatten() {
            self.tasks.push(Task::RevealCard {
                card: c,
                player: p,
                step: 0,
            });
        }
        if minion.is_none() {
            self.card_mut(f.source).surge = true;
            self.log_public(format!(
                "No nemesis minion entered play: {} gains surge.",
                self.def(f.source).name
            ));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::setup::{DeckList, McSetup};

    /// A Black Panther game, with Killmonger engaged and an upgrade `code` of player 0
    /// in play: the upgrade's effect deals 3 damage to Killmonger. Returns his damage.
    fn killmonger_damage_from(code: &str) -> u16 {
        crate::ALLOW_INCOMPLETE.with(|a| a.set(true));
        let setup = McSetup {
            decks: vec![DeckList::prebuilt("black-panther").unwrap()],
            villain: "rhino".into(),
            modular: "bomb_scare".into(),
            expert: false,
        };
        let db = crate::db::core();
        let mut g = GameState::new(&setup, 1, db.clone()).unwrap();
        let km = g
            .ids()
            .find(|&c| g.def(c).code == "01157")
            .expect("Killmonger is set aside");
        g.card_mut(km).zone = Zone::Engaged(0);
        let def = db.by_code(code).unwrap();
        let up = g.new_card(def, 0, Zone::Play(0));
        let mut f = Frame::new(
            up,
            0,
            vec![Step::Damage {
                to: Target::Chosen(0),
                amount: Amount::N(3),
            }],
        );
        f.chosen[0] = Some(km);
        let pending = std::mem::replace(&mut g.pending, Pending::None);
        g.tasks.push(Task::Effect(f));
        g.settle();
        assert_eq!(g.pending, pending);
        g.card(km).damage
    }

    #[test]
    fn killmonger_takes_no_damage_from_black_panther_upgrades() {
        // Panther Claws is a Black Panther upgrade; Spider-Tracer is not.
        assert_eq!(killmonger_damage_from("01047"), 0);
        assert_eq!(killmonger_damage_from("01007"), 3);
    }
}
