//! Enemy attacks and schemes an effect makes or changes (ENEMY ATTACKS, ENEMY SCHEMES,
//! ACTIVATION): an enemy or each minion attacking you, an attack also made against each
//! other hero, an extra boost card (BOOST), overkill gained for one attack (OVERKILL),
//! a defense an ally must make (DEFEND), cards discarded and heroes exhausted or stunned
//! when the attack ends, and what the attack or scheme did, told back to the effect that
//! made it. The attack itself is resolved in combat.rs.

use crate::effects::StepResult;
use crate::model::*;
use crate::state::*;

impl GameState {
    /// The steps of attacks an effect makes or changes.
    pub(crate) fn enemy_attack_step(&mut self, f: &mut Frame, step: &Step) -> StepResult {
        match step {
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
            Step::EachEngagedAttacksYou(t) => {
                f.counted = 0;
                f.nothing = true;
                let p = f.player;
                let attackers: Vec<CardId> = self
                    .minions_engaged_with(p)
                    .into_iter()
                    .filter(|&m| match t {
                        Trait::Drone => self.is_drone(m),
                        _ => !self.card(m).face_down && self.def(m).has_trait(*t),
                    })
                    .collect();
                for &m in attackers.iter().rev() {
                    self.tasks.push(Task::Attack(EnemyAttack::new(m, p)));
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
            Step::ExtraBoost => {
                if let Some(a) = self.attack_of(f.source) {
                    a.boosts = a.boosts.saturating_add(1);
                    self.log_public("The attack gets 1 additional boost card.".into());
                }
            }
            Step::GiveVillainBoost => self.give_boost(),
            Step::AttackGainsOverkill => {
                if let Some(a) = self.attack_of(f.source) {
                    a.overkill = true;
                    self.log_public("The attack gains overkill.".into());
                }
            }
            Step::DiscardThisAfterAttack => {
                let c = f.source;
                if let Some(a) = self.attack_of(c) {
                    a.discard_after.push(c);
                }
            }
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
            Step::ExhaustHeroIfActivationDamages => {
                let v = self.villain;
                if let Some(a) = self.attack_of(v) {
                    a.exhaust_if_damaged = true;
                }
            }
            _ => {}
        }
        StepResult::Next
    }

    /// The nearest enemy attack in progress by the enemy `c` is (or is attached to).
    fn attack_of(&mut self, c: CardId) -> Option<&mut EnemyAttack> {
        let attacker = self.card(c).attached_to.unwrap_or(c);
        self.tasks.iter_mut().rev().find_map(|t| match t {
            Task::Attack(a) if a.attacker == attacker => Some(a),
            _ => None,
        })
    }

    fn push_attack(&mut self, enemy: CardId, p: u8, counted_by: Option<CardId>) {
        let mut a = EnemyAttack::new(enemy, p);
        a.counted_by = counted_by;
        self.tasks.push(Task::Attack(a));
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

    /// The attack `a` ends: lasting effects "until the end of this attack" end, cards
    /// waiting for its end are discarded, and an effect that started it learns what it
    /// did (the damage it dealt, the character it damaged).
    pub(crate) fn attack_over(&mut self, a: &mut EnemyAttack, made: bool) {
        // The character damaged is the one that really took damage.
        a.damaged = a.hit;
        self.end_lasting(Period::Attack);
        if a.exhaust_if_damaged && a.hero_damaged {
            let hero = self.player(a.player).identity;
            self.card_mut(hero).exhausted = true;
            self.log_public(format!("{} is exhausted.", self.card_name(hero)));
        }
        for &c in &a.discard_after {
            if self.in_play(c) {
                self.log_public(format!(
                    "The attack is over: {} is discarded.",
                    self.def(c).name
                ));
                self.discard_from_play(c);
            }
        }
        // The effect that started it is under it (and under the other attacks it
        // started).
        let frame = self.tasks.iter_mut().rev().find_map(|t| match t {
            Task::Attack(_) => None,
            Task::Effect(f) => Some(Some(f)),
            _ => Some(None),
        });
        if let Some(Some(f)) = frame {
            let pc = usize::from(f.pc);
            match pc.checked_sub(1).and_then(|i| f.steps.get(i)) {
                Some(Step::VillainAttacksYou) => {
                    f.counted = a.dealt;
                    f.damaged = a.damaged;
                    f.nothing = a.dealt == 0;
                }
                Some(Step::EachEngagedAttacksYou(_)) if made => {
                    f.counted += 1;
                    f.nothing = false;
                }
                _ => {}
            }
        }
    }

    /// Damage `n` was dealt to `to` by `attacker`'s attack: the attack remembers it.
    pub(crate) fn note_attack_damage(&mut self, attacker: CardId, to: CardId, n: u16) {
        if n == 0 {
            return;
        }
        if let Some(a) = self.tasks.iter_mut().rev().find_map(|t| match t {
            Task::Attack(a) if a.attacker == attacker => Some(a),
            _ => None,
        }) {
            a.dealt = a.dealt.saturating_add(n);
            a.hit.get_or_insert(to);
            let hero = self.players[usize::from(a.player)].identity;
            if to == hero {
                a.hero_damaged = true;
            }
        }
    }

    /// The enemy whose attack is resolving (or just resolved, in its response windows).
    pub(crate) fn attacking_enemy(&self) -> Option<CardId> {
        self.tasks.iter().rev().find_map(|t| match t {
            Task::Attack(a) => Some(a.attacker),
            Task::Occur(o) => match o.event {
                Event::EnemyAttack { attacker, .. } | Event::EnemyAttacked { attacker, .. } => {
                    Some(attacker)
                }
                _ => None,
            },
            _ => None,
        })
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

    /// The threat the nearest threat occurrence is about to place, after prevention.
    pub(crate) fn threat_about_to_be_placed(&self) -> u16 {
        self.tasks
            .iter()
            .rev()
            .find_map(|t| match t {
                Task::Occur(o) => match o.event {
                    Event::Threat { amount, .. } => Some(amount.saturating_sub(o.prevented)),
                    _ => None,
                },
                _ => None,
            })
            .unwrap_or(0)
    }

    /// ENEMY SCHEMES, last step: the scheme's threat is placed when the "enemy schemes"
    /// occurrence resolves, less what its interrupts prevented.
    pub(crate) fn scheme_resolves(&mut self, schemer: CardId, prevented: u16) {
        let Some(i) = self
            .tasks
            .iter()
            .rposition(|t| matches!(t, Task::Scheme { schemer: s, step: 4, .. } if *s == schemer))
        else {
            return;
        };
        let Task::Scheme { bonus, player, .. } = self.tasks.remove(i) else {
            return;
        };
        if !self.in_play(schemer) {
            return;
        }
        let sch = self.stat(schemer, Stat::Sch).unwrap_or(0) + bonus;
        // Under the threat: a marker that counts the threat placed, for
        // an effect that made this enemy scheme.
        self.tasks.push(Task::Scheme {
            schemer,
            player,
            step: 3,
            bonus: 0,
        });
        let ms = self.main_scheme;
        self.place_threat(ms, sch.saturating_sub(prevented));
    }

    /// The threat an enemy's scheme placed is known: an effect that made it scheme
    /// counts it.
    pub(crate) fn scheme_over(&mut self, placed: u16) {
        // Under it: the scheme's own occurrence, then the effect.
        let frame =
            self.tasks.iter_mut().rev().find(
                |t| !matches!(t, Task::Occur(o) if matches!(o.event, Event::EnemyScheme { .. })),
            );
        if let Some(Task::Effect(f)) = frame {
            let pc = usize::from(f.pc);
            if pc > 0 && f.steps.get(pc - 1) == Some(&Step::VillainSchemes) {
                f.counted = placed;
                f.nothing = placed == 0;
            }
        }
    }
}
