//! Playing effects onto the chain (505) and resolving them (508): recruiting
//! characters and equipment (301, 302, 508.3), and the game-based power-up and
//! reinforcement effects (507).

use crate::ids::*;
use crate::model::*;
use crate::state::*;

impl GameState {
    /// 505.1a–f for a recruit effect: the card goes on the chain, its cost (plus boost,
    /// 706.2) is paid from the resource pool (203.4b), and its player gets priority.
    pub(crate) fn play_recruit(
        &mut self,
        p: PlayerId,
        card: CardId,
        host: Option<CardId>,
        boost: bool,
    ) {
        let cost = self.recruit_cost(card, boost);
        let rp = &mut self.player_mut(p).rp;
        *rp = rp.saturating_sub(cost);
        self.note_recruited(p, card);
        // 706.11b: a reservist recruited from the resource row leaves a spot to refill.
        let row_index = self.player(p).resources.iter().position(|&r| r == card);
        let had = self.affiliations(card);
        self.move_card(card, Zone::Chain);
        self.keep_affiliations(card, had);
        if self.def(card).ty.is_character() {
            self.recruited_this_turn.push((p, card, had));
        }
        let host = host.map(|h| (h, self.card(h).object));
        self.push_effect(EffectKind::Recruit { card, host, boost }, Some(p));
        self.log(|g| match host {
            Some((h, _)) => format!(
                "{} recruits {} onto {}.",
                g.player_name(p),
                g.name(card),
                g.name(h)
            ),
            None if boost => format!(
                "{} recruits {}, paying its boost.",
                g.player_name(p),
                g.name(card)
            ),
            None => format!("{} recruits {}.", g.player_name(p), g.name(card)),
        });
        if let Some(i) = row_index {
            if !self.player(p).hand.is_empty() {
                self.pending = Pending::Refill(p, i as u8);
                return;
            }
        }
        self.give_priority(p);
    }

    /// 706.11b: a card from hand face down where the reservist was, or none; then the
    /// player gets priority (505.1f).
    pub(crate) fn refill(&mut self, p: PlayerId, index: u8, card: Option<CardId>) {
        if let Some(c) = card {
            self.move_card(c, Zone::Resource);
            let row = &mut self.player_mut(p).resources;
            if let Some(x) = row.pop() {
                row.insert((index as usize).min(row.len()), x);
            }
            self.log(|g| {
                format!(
                    "{} puts a card face down where the reservist was.",
                    g.player_name(p)
                )
            });
        }
        self.give_priority(p);
    }

    /// 507.1b: the power-up effect; its cost, discarding a character card that shares a
    /// name with the target, is paid as it is played.
    pub(crate) fn play_power_up(&mut self, p: PlayerId, target: CardId, discard: CardId) {
        self.discard(discard);
        let target = (target, self.card(target).object);
        self.push_effect(EffectKind::PowerUp { target }, Some(p));
        self.log(|g| {
            format!(
                "{} plays a power-up on {}.",
                g.player_name(p),
                g.name(target.0)
            )
        });
        self.give_priority(p);
    }

    /// 507.1c: the reinforcement effect, paid by exhausting the reinforcing character.
    pub(crate) fn play_reinforcement(&mut self, p: PlayerId, defender: CardId, by: CardId) {
        self.exhaust(by);
        let target = (defender, self.card(defender).object);
        self.push_effect(EffectKind::Reinforcement { target, by }, Some(p));
        self.log(|g| {
            format!(
                "{} exhausts {} to reinforce {}.",
                g.player_name(p),
                g.name(by),
                g.name(defender)
            )
        });
        self.give_priority(p);
    }

    /// The object a target names, if it is still that object.
    pub(crate) fn still(&self, (c, object): (CardId, u32)) -> Option<CardId> {
        (self.card(c).object == object).then_some(c)
    }

    pub fn is_attacker(&self, c: CardId) -> bool {
        self.attack.as_ref().is_some_and(|a| {
            a.started
                && a.attackers
                    .iter()
                    .any(|&(x, o)| x == c && self.card(c).object == o)
        })
    }

    pub fn is_defender(&self, c: CardId) -> bool {
        self.attack.as_ref().is_some_and(|a| {
            a.started
                && a.defender
                    .is_some_and(|(d, o)| d == Defender::Character(c) && self.card(c).object == o)
        })
    }

    /// 508: the top effect resolves; then (508.2l, 508.3d) the primary player gets
    /// priority, unless the resolution waits for a choice.
    pub(crate) fn resolve_top(&mut self) {
        if self.chain.is_empty() || self.watch_for_loop() {
            return;
        }
        let Some(effect) = self.chain.pop() else {
            return;
        };
        match effect.kind {
            EffectKind::NormalDraw => {
                self.log(|_| "The normal draw resolves: each player draws two cards.".into());
                for p in self
                    .clockwise_from(self.primary_player())
                    .collect::<Vec<_>>()
                {
                    self.draw(p, 2);
                }
            }
            EffectKind::Recruit { card, host, boost } => {
                let p = effect.controller.unwrap_or(self.card(card).owner);
                if let Some(host) = host {
                    // 508.3a: an equipment whose host is no longer legal is negated.
                    match self.still(host).filter(|&h| self.can_attach(card, h, p)) {
                        Some(h) => self.attach_equipment(card, h),
                        None => {
                            self.log(|g| {
                                format!(
                                    "{}'s recruit effect is negated: its target is gone (508.3a).",
                                    g.name(card)
                                )
                            });
                            self.move_card(card, Zone::KoPile);
                        }
                    }
                } else {
                    // 508.3b: the uniqueness rule, then the card enters play (214),
                    // where its player chooses.
                    self.check_uniqueness(card, p);
                    self.card_mut(card).boosted = boost;
                    self.pending = Pending::Place(p, card);
                    return;
                }
            }
            EffectKind::PowerUp { target } => {
                let p = effect.controller.unwrap_or(0);
                if !self.resolve_power_up(target, p) {
                    return;
                }
            }
            // Resolves (or waits for a choice) and gives priority itself.
            EffectKind::Card { .. } => return self.resolve_card_effect(effect),
            EffectKind::Delayed(d) => return self.resolve_delayed(*d),
            EffectKind::Reinforcement { target, by } => {
                let p = effect.controller.unwrap_or(0);
                match self.still(target).filter(|&c| {
                    self.card(c).controller == p
                        && self.is_defender(c)
                        // 701.10d, 708.7c: the exhausted character is its source.
                        && !self.cant_reinforce(by, c)
                }) {
                    Some(c) => {
                        self.add_modifier(
                            c,
                            0,
                            0,
                            Some(Grant::Reinforcement),
                            Duration::ThisAttack,
                        );
                        // 708.7c: the exhausted character has reinforced it.
                        let by_object = self.card(by).object;
                        if let Some(m) = self.modifiers.last_mut() {
                            m.source = Some((by, by_object));
                        }
                        self.log(|g| format!("{} has reinforcement this attack.", g.name(c)));
                    }
                    None => self.log(|_| {
                        "The reinforcement is negated: its target is no longer legal (508.2a)."
                            .into()
                    }),
                }
            }
        }
        self.give_priority(self.primary_player());
    }

    /// 507.1b, 708.5: a power-up game effect resolves; `false` while the power-up
    /// waits as it is replaced (513.5: it resolves again once settled).
    pub(crate) fn resolve_power_up(&mut self, target: (CardId, u32), p: PlayerId) -> bool {
        match self.still(target).filter(|&c| {
            self.card(c).controller == p && (self.is_attacker(c) || self.is_defender(c))
        }) {
            // 708.5e: the modifier isn't created.
            Some(c) if self.cant(c, Cant::BecomePoweredUp) => {
                self.log(|g| format!("{} can't become powered-up.", g.name(c)));
            }
            // 708.5a: +1/+1 this attack.
            Some(c) => {
                let resume = Resume::PowerUp {
                    target,
                    controller: p,
                };
                if self.power_up_event(c, p, Some(resume)).is_none() {
                    return false;
                }
            }
            None => self
                .log(|_| "The power-up is negated: its target is no longer legal (508.2a).".into()),
        }
        true
    }

    /// 214.3: the entering character is placed where its player chose.
    pub(crate) fn place(&mut self, p: PlayerId, card: CardId, pos: Position) {
        // 706.2a: the boost paid goes with the object, before its enters-play powers
        // are checked (VS-TCG-009).
        let boosted = self.card(card).boosted;
        self.enter_play(card, p, pos, boosted);
        self.give_priority(self.primary_player());
    }

    pub(crate) fn add_modifier(
        &mut self,
        c: CardId,
        atk: i16,
        def: i16,
        grant: Option<Grant>,
        duration: Duration,
    ) {
        let timestamp = self.tick();
        let object = self.card(c).object;
        self.modifiers.push(Modifier {
            applies: Applies::Object(c, object),
            atk,
            def,
            grant,
            cant: None,
            loses: None,
            duration,
            timestamp,
            set_atk: None,
            set_def: None,
            cost: 0,
            source: None,
            must_attack: None,
            captor: None,
        });
    }

    /// 302.3a: `host` is a legal character to attach `equipment` to for `p`.
    pub fn can_attach(&self, equipment: CardId, host: CardId, p: PlayerId) -> bool {
        let Some(pos) = self.position(host) else {
            return false;
        };
        let card = self.card(host);
        // As its recruit effect targets `host` (or once equipped to it): a "while
        // targeting or equipped to" concealment counts (Glossary: Targeting).
        let area_ok = match self.concealment_toward(equipment, host) {
            Concealment::Visible => pos.area == Area::Visible,
            Concealment::Concealed => pos.area == Area::Hidden,
            Concealment::Optional => true,
        };
        area_ok
            && !card.stunned
            && card.controller == p
            && self.room_for(
                equipment,
                host,
                &self
                    .equipment_on(host)
                    .filter(|&e| e != equipment)
                    .collect::<Vec<_>>(),
            )
            && self.equip_restrictions_met(equipment, host, p)
    }

    /// 302.3b: may `equipment` join `others` on `host`? Under the host's maximum, or
    /// beyond it when an equipment already there lets "any number of other" such
    /// equipment be attached (`equip-also`).
    pub fn room_for(&self, equipment: CardId, host: CardId, others: &[CardId]) -> bool {
        others.len() < self.equip_limit(host) as usize
            || others.iter().any(|&x| {
                self.def(x).powers.iter().any(|pw| {
                    matches!(&pw.power, crate::power::Power::Continuous(crate::power::Continuous::EquipAlso { filter })
                        if self.card_matches(filter, equipment, self.card(x).controller, x))
                })
            })
    }

    /// 302.3b: how many equipment `host` may have: one, or more by a continuous power
    /// (Pier 4, 708.12b).
    pub fn equip_limit(&self, host: CardId) -> u8 {
        let mut n = 1;
        for s in self.continuous_sources() {
            for (i, p) in self.continuous_powers(s) {
                if let crate::power::Power::Continuous(crate::power::Continuous::EquipLimit {
                    who,
                    n: m,
                }) = &p.power
                {
                    if self.affects(who, s, host) && self.power_active(s, i) {
                        n = n.max(*m);
                    }
                }
            }
        }
        n
    }

    /// 302.3a, 708.12e: the equipment's own restrictions on what it may be attached to
    /// ("Equip only to …", 201.2e: a name means the name only).
    pub fn equip_restrictions_met(&self, equipment: CardId, host: CardId, p: PlayerId) -> bool {
        self.def(equipment).powers.iter().all(|pw| match &pw.power {
            crate::power::Power::Continuous(crate::power::Continuous::EquipOnlyTo { filter }) => {
                filter.0.iter().all(|t| self.passes(t, host, p, equipment))
            }
            _ => true,
        })
    }

    /// 708.12: `p` transfers equipment `e` to `to`: only from a character that isn't
    /// stunned (708.12c) to one it may be attached to (708.12a–b, d–e: `can_attach`).
    /// The equipment stays the same object (700.3), its new host's controller gains
    /// control of it (302.10, 700.1), it gets a new timestamp (708.12f, 515.5), and a
    /// unique one checks uniqueness (704.3). Whether it was transferred.
    pub(crate) fn transfer(&mut self, e: CardId, to: CardId, p: PlayerId) -> bool {
        let Zone::Equipped(from) = self.card(e).zone else {
            return false;
        };
        if from == to || self.card(from).stunned || !self.can_attach(e, to, p) {
            return false;
        }
        let (old, new) = (self.card(e).controller, self.card(to).controller);
        if old != new {
            self.player_mut(old).equipment.retain(|&x| x != e);
            self.card_mut(e).controller = new;
            self.player_mut(new).equipment.push(e);
        }
        self.move_card(e, Zone::Equipped(to));
        let now = self.tick();
        self.card_mut(e).timestamp = now;
        self.check_uniqueness(e, new);
        self.log(|g| format!("{} is transferred to {}.", g.name(e), g.name(to)));
        true
    }

    /// 302.4, 302.10, 704.3: the equipment enters play on its host, under the host's
    /// controller.
    pub(crate) fn attach_equipment(&mut self, e: CardId, host: CardId) {
        let p = self.card(host).controller;
        self.card_mut(e).controller = p;
        self.check_uniqueness(e, p);
        self.move_card(e, Zone::Equipped(host));
        let now = self.tick();
        self.card_mut(e).timestamp = now;
        self.log(|g| format!("{} is equipped to {}.", g.name(e), g.name(host)));
    }
}
