//! Attacks, thwarts and schemes: ENEMY ATTACKS, ENEMY SCHEMES, BOOST, DEFEND, ATTACK,
//! THWART, CONSEQUENTIAL DAMAGE, OVERKILL, RETALIATE, and the status cards.

use crate::model::*;
use crate::state::*;

impl GameState {
    /// ENEMY ATTACKS, one step at a time.
    pub(crate) fn enemy_attack(&mut self, mut a: EnemyAttack) {
        let attacker = a.attacker;
        if !self.in_play(attacker) || self.player(a.player).eliminated {
            self.discard_boosts();
            let made = a.step >= 1;
            self.attack_over(&mut a, made);
            return;
        }
        let is_villain = attacker == self.villain;
        match a.step {
            0 => {
                // STATUS CARDS: a stunned enemy discards the card instead of attacking.
                if self.has_status(attacker, STUNNED) {
                    self.card_mut(attacker).status &= !STUNNED;
                    self.log_public(format!(
                        "{} is stunned: it discards the stunned card instead of attacking.",
                        self.card_name(attacker)
                    ));
                    self.attack_over(&mut a, false);
                    return;
                }
                self.log_public(format!(
                    "{} attacks {}.",
                    self.card_name(attacker),
                    self.player_name(a.player)
                ));
                // An effect counting the attacks it makes.
                if let Some(src) = a.counted_by {
                    self.count_attack(src);
                }
                a.step = 1;
                self.tasks.push(Task::Attack(a.clone()));
                self.tasks
                    .push(Task::Occur(Occurrence::new(Event::EnemyAttack {
                        attacker,
                        player: a.player,
                    })));
            }
            1 => {
                if is_villain {
                    for _ in 0..=a.boosts {
                        self.give_boost();
                    }
                }
                a.step = 2;
                self.tasks.push(Task::Attack(a));
            }
            2 => {
                if self.defenders(a.player, a.player).is_empty() {
                    a.step = 3;
                    self.tasks.push(Task::Attack(a));
                } else {
                    let p = a.player;
                    self.tasks.push(Task::Attack(a));
                    self.pending = Pending::Defend { player: p };
                }
            }
            3 => {
                // Flip each boost card, one at a time (BOOST).
                if let Some(b) = self.boost.first().copied() {
                    self.boost.remove(0);
                    let icons = self.def(b).boost;
                    a.bonus += u16::from(icons);
                    self.log_public(format!(
                        "Boost: {} (+{icons}{}).",
                        self.def(b).name,
                        if self.def(b).boost_star {
                            ", and its boost ability"
                        } else {
                            ""
                        }
                    ));
                    self.card_mut(b).zone = Zone::EncounterDiscard;
                    self.encounter_discard.push(b);
                    let p = a.player;
                    self.tasks.push(Task::Attack(a));
                    if self.def(b).boost_star {
                        self.push_abilities(b, AbilityKind::Boost, p, None);
                    }
                } else {
                    a.step = 4;
                    self.tasks.push(Task::Attack(a));
                }
            }
            4 => {
                let atk = self.stat(attacker, Stat::Atk).unwrap_or(0) + a.bonus;
                let overkill = a.overkill || self.keyword(attacker, Keyword::Overkill);
                a.step = 5;
                let p = a.player;
                match a.defender {
                    Some(d) if self.identity_of(d).is_some() => {
                        let def = self.stat(d, Stat::Def).unwrap_or(0);
                        let dmg = atk.saturating_sub(def);
                        self.log_public(format!(
                            "{} defends: {atk} ATK − {def} DEF = {dmg} damage.",
                            self.card_name(d)
                        ));
                        a.damaged = (dmg > 0).then_some(d);
                        a.damaged_had = self.card(d).damage;
                        self.tasks.push(Task::Attack(a));
                        self.deal_damage(d, dmg, Some(attacker), true);
                    }
                    Some(d) => {
                        let rem = self.remaining_hp(d).max(0) as u16;
                        let controller = self.card(d).controller;
                        self.log_public(format!(
                            "{} defends and takes {atk} damage.",
                            self.card_name(d)
                        ));
                        a.damaged = (atk > 0).then_some(d);
                        a.damaged_had = self.card(d).damage;
                        self.tasks.push(Task::Attack(a));
                        // OVERKILL: only damage beyond what the ally takes goes on; a tough
                        // ally takes none and isn't defeated (STATUS CARDS).
                        if overkill && atk > rem && !self.has_status(d, TOUGH) {
                            let hero = self.player(controller).identity;
                            self.deal_damage(hero, atk - rem, Some(attacker), true);
                        }
                        self.deal_damage(d, atk, Some(attacker), true);
                    }
                    None => {
                        let hero = self.player(p).identity;
                        self.log_public(format!("The attack is undefended: {atk} damage."));
                        a.damaged = (atk > 0).then_some(hero);
                        a.damaged_had = self.card(hero).damage;
                        self.tasks.push(Task::Attack(a));
                        self.deal_damage(hero, atk, Some(attacker), true);
                    }
                }
            }
            _ => {
                // After the attack: retaliate, then responses.
                // What the attack did is known from the damage it dealt.
                self.attack_over(&mut a, true);
                let attacked = a.defender.unwrap_or(self.player(a.player).identity);
                // Sweeping Swoop's boost.
                if a.stun_damaged {
                    if let Some(d) = a.damaged {
                        // Only if the attack really dealt it damage (not all prevented).
                        if self.card(d).damage > a.damaged_had {
                            self.give_status(d, STUNNED);
                        }
                    }
                }
                self.tasks
                    .push(Task::Occur(Occurrence::new(Event::EnemyAttacked {
                        attacker,
                        player: a.player,
                        damaged: a.damaged,
                    })));
                if let Some(d) = a.defender {
                    self.tasks
                        .push(Task::Occur(Occurrence::new(Event::Defended {
                            defender: d,
                            player: a.player,
                        })));
                }
                let r = self.retaliate(attacked);
                if r > 0 && self.in_play(attacked) && self.remaining_hp(attacked) > 0 {
                    self.log_public(format!("{} retaliates for {r}.", self.card_name(attacked)));
                    self.deal_damage(attacker, u16::from(r), Some(attacked), false);
                }
            }
        }
    }

    /// Who may defend an attack on `target` when `asker` is asked: the target's hero
    /// (in hero form), and the asker's ready allies (DEFEND: any player may defend
    /// with an ally they control).
    pub(crate) fn defenders(&self, target: u8, asker: u8) -> Vec<CardId> {
        let mut v = vec![];
        if asker == target {
            let id = self.player(target).identity;
            if self.player(target).form == Form::Hero && !self.card(id).exhausted {
                v.push(id);
            }
        }
        v.extend(
            self.allies_of(asker)
                .into_iter()
                .filter(|&c| !self.card(c).exhausted),
        );
        v
    }

    /// Give the villain one face-down boost card (BOOST).
    pub(crate) fn give_boost(&mut self) {
        if let Some(c) = self.take_encounter_card() {
            self.card_mut(c).zone = Zone::Boost;
            self.boost.push(c);
            self.log_public("The villain is given a face-down boost card.".into());
        }
    }

    fn discard_boosts(&mut self) {
        for b in std::mem::take(&mut self.boost) {
            self.card_mut(b).zone = Zone::EncounterDiscard;
            self.encounter_discard.push(b);
        }
    }

    /// ENEMY SCHEMES.
    pub(crate) fn enemy_scheme(&mut self, schemer: CardId, player: u8, step: u8, mut bonus: u16) {
        // Step 3: the threat this scheme placed, counted in `bonus`.
        if step == 3 {
            self.scheme_over(bonus);
            return;
        }
        if !self.in_play(schemer) {
            self.discard_boosts();
            return;
        }
        let is_villain = schemer == self.villain;
        match step {
            0 => {
                if self.has_status(schemer, CONFUSED) {
                    self.card_mut(schemer).status &= !CONFUSED;
                    self.log_public(format!(
                        "{} is confused: it discards the confused card instead of scheming.",
                        self.card_name(schemer)
                    ));
                    return;
                }
                self.log_public(format!("{} schemes.", self.card_name(schemer)));
                if is_villain {
                    self.give_boost();
                }
                self.tasks.push(Task::Scheme {
                    schemer,
                    player,
                    step: 1,
                    bonus,
                });
            }
            1 => {
                if let Some(b) = self.boost.first().copied() {
                    self.boost.remove(0);
                    let icons = self.def(b).boost;
                    bonus += u16::from(icons);
                    self.log_public(format!("Boost: {} (+{icons}).", self.def(b).name));
                    self.card_mut(b).zone = Zone::EncounterDiscard;
                    self.encounter_discard.push(b);
                    self.tasks.push(Task::Scheme {
                        schemer,
                        player,
                        step: 1,
                        bonus,
                    });
                    if self.def(b).boost_star {
                        self.push_abilities(b, AbilityKind::Boost, player, None);
                    }
                } else {
                    self.tasks.push(Task::Scheme {
                        schemer,
                        player,
                        step: 2,
                        bonus,
                    });
                }
            }
            // The threat is placed when the "enemy schemes" occurrence
            // resolves (see `scheme_resolves`), so interrupts to it come before the
            // threat is placed (ENEMY SCHEMES); step 4 only carries the boost bonus.
            2 => {
                self.tasks.push(Task::Scheme {
                    schemer,
                    player,
                    step: 4,
                    bonus,
                });
                self.tasks
                    .push(Task::Occur(Occurrence::new(Event::EnemyScheme { schemer })));
            }
            _ => {}
        }
    }

    /// Deal damage through its interrupt and response windows (DAMAGE).
    pub(crate) fn deal_damage(
        &mut self,
        to: CardId,
        amount: u16,
        attacker: Option<CardId>,
        from_attack: bool,
    ) {
        // STATUS CARDS: a status card's ability has timing priority over conflicting card
        // abilities, so a tough card prevents the damage before any "would take damage"
        // interrupt (Backflip, Armored Rhino Suit) could.
        if amount > 0 && self.in_play(to) && self.has_status(to, TOUGH) {
            self.apply_damage(to, amount, attacker);
            return;
        }
        self.tasks.push(Task::Occur(Occurrence::new(Event::Damage {
            to,
            amount,
            from_attack,
            attacker,
        })));
    }

    /// Place threat through its windows (THREAT, PREVENT).
    pub(crate) fn place_threat(&mut self, on: CardId, amount: u16) {
        self.tasks
            .push(Task::Occur(Occurrence::new(Event::Threat { on, amount })));
    }

    /// Remove threat from a scheme; returns how much was removed.
    pub(crate) fn remove_threat(&mut self, from: CardId, amount: u16) -> u16 {
        if !self.thwartable().contains(&from) || self.threat_locked(from) {
            return 0;
        }
        let n = amount.min(self.card(from).threat);
        self.card_mut(from).threat -= n;
        if n > 0 {
            self.log_public(format!(
                "{n} threat is removed from {}.",
                self.card_name(from)
            ));
        }
        n
    }

    /// "Threat cannot be removed from this scheme" (Countdown to Oblivion).
    fn threat_locked(&self, s: CardId) -> bool {
        self.def(s).code == "01139b"
    }

    /// A hero or ally attacks an enemy for `amount` (ATTACK); the stunned status card
    /// replaces the attack (STATUS CARDS).
    pub(crate) fn player_attack(
        &mut self,
        by: CardId,
        target: CardId,
        amount: u16,
        basic: bool,
        overkill: bool,
    ) {
        if self.has_status(by, STUNNED) {
            self.card_mut(by).status &= !STUNNED;
            self.log_public(format!(
                "{} is stunned: it discards the stunned card instead of attacking.",
                self.card_name(by)
            ));
            return;
        }
        let p = self.card(by).controller;
        self.log_public(format!(
            "{} attacks {} for {amount}.",
            self.card_name(by),
            self.card_name(target)
        ));
        self.tasks
            .push(Task::Occur(Occurrence::new(Event::PlayerAttack {
                by,
                target,
                basic,
                defeated: false,
            })));
        if let Kind::Ally { atk_cd, .. } = self.def(by).kind {
            if basic {
                self.tasks.push(Task::Consequential {
                    ally: by,
                    amount: atk_cd,
                });
            }
        }
        self.last_damager = Some(p);
        // OVERKILL: the excess is what goes beyond a defeat; a tough minion takes none.
        if overkill && self.is_minion(target) && !self.has_status(target, TOUGH) {
            let rem = self.remaining_hp(target).max(0) as u16;
            if amount > rem {
                let v = self.villain;
                self.deal_damage(v, amount - rem, Some(by), false);
            }
        }
        self.deal_damage(target, amount, Some(by), false);
    }

    /// A hero or ally thwarts a scheme for `amount` (THWART).
    pub(crate) fn player_thwart(&mut self, by: CardId, scheme: CardId, amount: u16, basic: bool) {
        if self.has_status(by, CONFUSED) {
            self.card_mut(by).status &= !CONFUSED;
            self.log_public(format!(
                "{} is confused: it discards the confused card instead of thwarting.",
                self.card_name(by)
            ));
            return;
        }
        self.log_public(format!(
            "{} thwarts {}.",
            self.card_name(by),
            self.card_name(scheme)
        ));
        self.tasks
            .push(Task::Occur(Occurrence::new(Event::Thwarted { by })));
        if let Kind::Ally { thw_cd, .. } = self.def(by).kind {
            if basic {
                self.tasks.push(Task::Consequential {
                    ally: by,
                    amount: thw_cd,
                });
            }
        }
        self.remove_threat(scheme, amount);
    }

    /// Give a status card; a character has at most one of each (STATUS CARDS).
    pub(crate) fn give_status(&mut self, c: CardId, s: u8) {
        if !self.in_play(c) {
            return;
        }
        if self.card(c).status & s == 0 {
            self.card_mut(c).status |= s;
            let what = match s {
                STUNNED => "stunned",
                CONFUSED => "confused",
                _ => "tough",
            };
            self.log_public(format!("{} is {what}.", self.card_name(c)));
        }
    }
}
