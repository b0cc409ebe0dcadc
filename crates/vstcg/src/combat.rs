//! Attacking (600–602): proposing an attack and its legality, the attack substep, and
//! the attack conclusion with stuns and breakthrough.

use crate::ids::*;
use crate::state::*;
use crate::vocab::{Cant, Event};
use smallvec::{smallvec, SmallVec};

impl GameState {
    /// 601.2: `c` may be a proposed attacker for `p`.
    pub fn can_attack(&self, p: PlayerId, c: CardId) -> bool {
        let card = self.card(c);
        let Some(pos) = self.position(c) else {
            return false;
        };
        card.controller == p
            && !card.exhausted
            && !card.stunned
            && (pos.row == Row::Front || self.attacks_with_range(c))
            && !self.cant(c, Cant::Attack)
    }

    /// 601.2d: range, or attacking as though it had range (Glossary: As Though).
    pub(crate) fn attacks_with_range(&self, c: CardId) -> bool {
        self.has_range(c) || self.granted(c, crate::vocab::Grant::AttackAsThoughRange)
    }

    /// 601.3d: flight, attacking as though it had flight, or "can attack protected
    /// characters".
    pub(crate) fn may_attack_protected(&self, c: CardId) -> bool {
        use crate::vocab::Grant;
        self.has_flight(c)
            || self.granted(c, Grant::AttackAsThoughFlight)
            || self.granted(c, Grant::AttackProtected)
    }

    /// 601.3e, 103.1: "can attack hidden characters" says that it supersedes 601.3e.
    pub(crate) fn may_attack_hidden(&self, c: CardId) -> bool {
        self.granted(c, crate::vocab::Grant::AttackHidden)
    }

    /// 601.3 (with 601.2 for the attacker): `attacker` may attack `defender`.
    pub fn can_attack_character(&self, p: PlayerId, attacker: CardId, defender: CardId) -> bool {
        self.can_attack(p, attacker) && self.may_be_attacked_by(p, attacker, defender)
    }

    /// 601.3: the defender's side of [`Self::can_attack_character`], for an attacker
    /// already known to be able to attack.
    pub(crate) fn may_be_attacked_by(
        &self,
        p: PlayerId,
        attacker: CardId,
        defender: CardId,
    ) -> bool {
        self.defender_access(p, defender)
            .is_some_and(|access| self.reaches(attacker, access))
    }

    /// 601.3: whether `p`'s characters may attack `defender` at all, and if so what an
    /// attacker needs for it (it is hidden, 601.3e; it is protected, 601.3d): the
    /// defender's side of [`Self::may_be_attacked_by`], the same for every attacker.
    pub(crate) fn defender_access(&self, p: PlayerId, defender: CardId) -> Option<Access> {
        let d = self.card(defender);
        let open = self.is_character(defender)
            && !d.stunned
            && self.is_opponent(p, d.controller)
            && !self.cant(defender, Cant::BeAttacked);
        open.then(|| Access {
            hidden: !self.is_visible(defender),
            protected: self.is_protected(defender),
        })
    }

    /// The attacker's side of [`Self::may_be_attacked_by`].
    pub(crate) fn reaches(&self, attacker: CardId, access: Access) -> bool {
        (!access.hidden || self.may_attack_hidden(attacker))
            && (!access.protected || self.may_attack_protected(attacker))
    }

    /// 601.4a: a player with no non-stunned visible character may be attacked directly.
    pub fn can_be_attacked_directly(&self, p: PlayerId, by: PlayerId) -> bool {
        self.is_opponent(by, p)
            // 601.4b: no modifier stops the player being attacked.
            && !self.player_cant_be_attacked(p)
            && !self
                .player(p)
                .characters
                .iter()
                .any(|&c| !self.card(c).stunned && self.is_visible(c))
    }

    pub fn can_attack_defender(&self, p: PlayerId, attacker: CardId, defender: Defender) -> bool {
        match defender {
            Defender::Character(d) => self.can_attack_character(p, attacker, d),
            Defender::Player(q) => {
                self.can_attack(p, attacker) && self.can_be_attacked_directly(q, p)
            }
        }
    }

    /// 601.5: every proposed attacker shares one affiliation, and each could attack
    /// alone.
    pub fn team_is_legal(&self, p: PlayerId, attackers: &[CardId], defender: Defender) -> bool {
        let shared = attackers
            .iter()
            .map(|&c| self.affiliations(c).0)
            .fold(u128::MAX, |a, b| a & b);
        (attackers.len() < 2
            || (shared != 0
                // Glossary: Team Attacks: "can't team attack".
                && attackers.iter().all(|&c| !self.cant(c, Cant::TeamAttack))))
            && attackers
                .iter()
                .all(|&c| self.can_attack_defender(p, c, defender))
    }

    /// The characters that could join the attack being proposed (601.5).
    pub fn could_join(&self, p: PlayerId) -> Vec<CardId> {
        let mut out = Vec::new();
        self.each_joiner(p, |c| out.push(c));
        out
    }

    /// [`Self::could_join`] handed to `f` one by one, without a list.
    pub(crate) fn each_joiner(&self, p: PlayerId, mut f: impl FnMut(CardId)) {
        self.any_joiner(p, |c| {
            f(c);
            false
        });
    }

    /// Whether `f` says yes to one of [`Self::could_join`], asked in their order and no
    /// further than its first yes.
    fn any_joiner(&self, p: PlayerId, mut f: impl FnMut(CardId) -> bool) -> bool {
        let Some(a) = &self.attack else {
            return false;
        };
        let Some((defender, _)) = a.defender else {
            return false;
        };
        let current = || a.attackers.iter().map(|&(c, _)| c);
        // `team_is_legal` of the team with one more member, with the part that doesn't
        // depend on the newcomer worked out once.
        let shared = current()
            .map(|c| self.affiliations(c).0)
            .fold(u128::MAX, |a, b| a & b);
        if !current().all(|c| self.can_attack_defender(p, c, defender)) {
            return false;
        }
        // Glossary: Team Attacks: one that can't team attack has no partner.
        if current().any(|c| self.cant(c, Cant::TeamAttack)) {
            return false;
        }
        // The defender's side of `can_attack_defender`, the same for every newcomer.
        let access = match defender {
            Defender::Character(d) => self.defender_access(p, d),
            Defender::Player(q) => self.can_be_attacked_directly(q, p).then_some(Access::OPEN),
        };
        let Some(access) = access else {
            return false;
        };
        let alone = a.attackers.is_empty();
        self.player(p).characters.iter().copied().any(|c| {
            !current().any(|x| x == c)
                && (alone || shared & self.affiliations(c).0 != 0)
                && self.can_attack(p, c)
                && self.reaches(c, access)
                && !self.cant(c, Cant::TeamAttack)
                && self.must_attack_allows(p, c, defender)
                && f(c)
        })
    }

    fn defending_player_of(&self, d: Defender) -> PlayerId {
        match d {
            Defender::Character(c) => self.card(c).controller,
            Defender::Player(p) => p,
        }
    }

    /// 601.1b: the first attacker and the defender are chosen; others may join.
    pub(crate) fn begin_proposal(&mut self, p: PlayerId, attacker: CardId, defender: Defender) {
        let object = match defender {
            Defender::Character(c) => self.card(c).object,
            Defender::Player(_) => 0,
        };
        self.attack = Some(Attack {
            attackers: smallvec![(attacker, self.card(attacker).object)],
            defender: Some((defender, object)),
            started: false,
            team: false,
            defending_player: self.defending_player_of(defender),
            order: SmallVec::new(),
        });
        if !self.any_joiner(p, |_| true) {
            self.propose(p);
        } else {
            self.pending = Pending::TeamUp(p);
        }
    }

    pub(crate) fn join_team(&mut self, p: PlayerId, c: CardId) {
        let object = self.card(c).object;
        if let Some(a) = &mut self.attack {
            a.attackers.push((c, object));
        }
        if !self.any_joiner(p, |_| true) {
            self.propose(p);
        }
    }

    pub(crate) fn cancel_proposal(&mut self, p: PlayerId) {
        self.takebacks = self.takebacks.saturating_add(1);
        self.attack = None;
        self.pending = Pending::Priority(p);
    }

    /// 601.1f: the attack is proposed; the primary player gets priority.
    pub(crate) fn propose(&mut self, p: PlayerId) {
        self.log(|g| {
            let a = g.attack.as_ref().expect("an attack is being proposed");
            let names: Vec<String> = a.attackers.iter().map(|&(c, _)| g.name(c)).collect();
            let target = match a.defender {
                Some((Defender::Character(d), _)) => g.name(d),
                Some((Defender::Player(q), _)) => format!("{} directly", g.player_name(q)),
                None => "nothing".into(),
            };
            format!(
                "{} proposes an attack: {} against {}.",
                g.player_name(p),
                names.join(" and "),
                target
            )
        });
        self.give_priority(p);
    }

    /// 602.1: the substep starts; the attack's legality is checked again.
    pub(crate) fn start_attack_substep(&mut self) {
        let p = self.primary_player();
        let Some(mut a) = self.attack.take() else {
            return;
        };
        a.started = true;
        // Glossary: Attacked: substeps are counted through the turn.
        self.combat_history.substeps += 1;
        let attackers: SmallVec<[CardId; 4]> =
            a.attackers.iter().filter_map(|&t| self.still(t)).collect();
        let defender = a.defender.and_then(|(d, o)| match d {
            Defender::Character(c) => self.still((c, o)).map(Defender::Character),
            Defender::Player(q) => Some(Defender::Player(q)),
        });
        let legal = attackers.len() == a.attackers.len()
            && defender.is_some_and(|d| self.team_is_legal(p, &attackers, d));
        if legal {
            // 602.1d–g.
            a.team = attackers.len() >= 2;
            for &c in &attackers {
                self.exhaust(c);
            }
            self.note_substep(p, &attackers, defender, a.team);
            for &c in &attackers {
                self.fire(crate::power::Event::Attacks, c);
                // Glossary: Team Attacks: it becomes a team attacker.
                if a.team {
                    self.fire(crate::power::Event::TeamAttacks, c);
                }
            }
            if let Some(Defender::Character(d)) = defender {
                self.fire(crate::power::Event::Defends, d);
            }
            // The attack is in place before anything enters combat (G-In-Combat).
            self.attack = Some(a.clone());
            if let Some(Defender::Character(d)) = defender {
                self.fire_entered_combat(&attackers, d);
            }
            self.log(|_| "The attack substep starts.".into());
        } else {
            // 602.1a–b: nothing attacks, but the substep goes on to its conclusion.
            a.attackers.clear();
            a.defender = None;
            self.log(|_| "The attack is no longer legal (602.1a): nothing attacks.".into());
        }
        self.attack = Some(a);
        self.give_priority(p);
    }

    fn attackers_now(&self) -> SmallVec<[CardId; 4]> {
        self.attack
            .as_ref()
            .map(|a| a.attackers.iter().filter_map(|&t| self.still(t)).collect())
            .unwrap_or_default()
    }

    /// 602.6: all passed with an empty chain in the substep.
    pub(crate) fn conclude_attack(&mut self) {
        let attackers = self.attackers_now();
        let defender = self.attack.as_ref().and_then(|a| a.defender);
        match defender {
            Some((Defender::Character(d), o))
                if !attackers.is_empty() && self.still((d, o)).is_some() =>
            {
                if attackers.len() >= 2 {
                    // 602.6c: first the attacking player orders the attackers' ATK of a
                    // team attack that can cause breakthrough (602.7c).
                    if self.ask_attacker_order(&attackers) {
                        return;
                    }
                    // 602.6c: the defending player picks the attacker the defender hits.
                    self.pending = Pending::HitAttacker(self.card(d).controller);
                    return;
                }
                if !self.combat_results(attackers[0]) {
                    return;
                }
            }
            Some((Defender::Player(q), _)) if !attackers.is_empty() => {
                self.direct_attack_results(q, &attackers)
            }
            _ if !attackers.is_empty() => {
                // 602.6b: no defender left: the attackers ready.
                for c in attackers {
                    self.ready(c);
                }
                self.log(|_| {
                    "The attack concludes with no defender; the attackers ready (602.6b).".into()
                });
            }
            // 602.6a, 602.6d.
            _ => self.log(|_| "The attack concludes with no attackers (602.6a).".into()),
        }
        self.end_attack();
    }

    /// 602.6c: the defender's ATK goes against `hit`; then 602.7.
    pub(crate) fn choose_hit(&mut self, hit: CardId) {
        if self.combat_results(hit) {
            self.end_attack();
        }
    }

    /// 602.7: the comparisons, then their results all at once; `false` while one of
    /// them waits as it is replaced (513.5: `go_on_concluding` finishes).
    fn combat_results(&mut self, hit: CardId) -> bool {
        let attackers = self.attackers_now();
        let Some(Defender::Character(d)) = self
            .attack
            .as_ref()
            .and_then(|a| a.defender)
            .map(|(d, _)| d)
        else {
            return true;
        };
        let team = self.attack.as_ref().is_some_and(|a| a.team);
        // 104.2: each attacker's ATK counts at least 0 in the total.
        let total: i32 = attackers.iter().map(|&c| self.atk(c)).sum();
        let def = self.def_value(d);
        let defender_stuns = self.atk(d) >= self.def_value(hit);
        let stun_defender = total >= def;
        // 602.7b, 701.10a: breakthrough by a lone attacker, not into reinforcement.
        let breakthrough = if !team
            && total > def
            && !self.has_reinforcement(d)
            && !attackers
                .iter()
                .any(|&a| self.cant(a, Cant::CauseBreakthrough))
        {
            total - def
        } else {
            0
        };
        let defending_player = self.card(d).controller;
        // 602.7c: a team attack that can cause breakthrough, each attacker's share.
        let shares = if team && self.team_causes_breakthrough(&attackers) {
            self.team_breakthrough_shares(&attackers, d)
        } else {
            Vec::new()
        };
        self.log(|g| {
            format!(
                "The attack concludes: {} ATK against {}'s {} DEF; {}'s {} ATK against {}'s {} DEF.",
                total,
                g.name(d),
                def,
                g.name(d),
                g.atk(d),
                g.name(hit),
                g.def_value(hit)
            )
        });
        // 708.11d and 602.7: simultaneous — stun endurance loss and breakthrough
        // happen together; the order of these events changes nothing.
        // 502.4: powers that trigger off stunning or breakthrough look at the
        // combatants as they were just before.
        let active: SmallVec<[CardId; 8]> = attackers
            .iter()
            .copied()
            .chain([d])
            .filter(|&c| self.text_active(c))
            .collect();
        self.conclusion = Some(Conclusion {
            hit,
            defender: d,
            attackers,
            stun_defender,
            defender_stuns,
            breakthrough,
            shares,
            caused: Vec::new(),
            active,
            defending_player,
            stage: 0,
        });
        self.conclude_events()
    }

    /// 513.5: an event of the conclusion was settled after a decision: the conclusion
    /// goes on, and the attack ends once it is done.
    pub(crate) fn go_on_concluding(&mut self) {
        if self.conclude_events() {
            self.end_attack();
        }
    }

    /// The conclusion's events from the one it has got to; `false` while one waits.
    fn conclude_events(&mut self) -> bool {
        loop {
            // The conclusion's lists are read in place: each event is a step of this loop.
            let Some(c) = self.conclusion.as_ref() else {
                return true;
            };
            let (d, stage, hit) = (c.defender, c.stage, c.hit);
            let (stun_defender, defender_stuns) = (c.stun_defender, c.defender_stuns);
            let breakthrough = c.breakthrough;
            let first_attacker = c.attackers.first().copied();
            let share = usize::from(stage)
                .checked_sub(3)
                .and_then(|i| c.shares.get(i))
                .copied();
            let wait = Some(Resume::Combat);
            match stage {
                0 if stun_defender => match self.stun_event(d, wait) {
                    None => return false,
                    Some(true) => {
                        // 708.11e–f: each attacker has stunned the defender.
                        let stunners: Vec<CardId> = self
                            .conclusion
                            .as_ref()
                            .map(|c| {
                                c.attackers
                                    .iter()
                                    .copied()
                                    .filter(|a| c.active.contains(a))
                                    .collect()
                            })
                            .unwrap_or_default();
                        for a in stunners {
                            self.fire_looking_back(Event::StunsCharacter, a, Some((d, 0)));
                        }
                    }
                    Some(false) => {}
                },
                1 if defender_stuns => match self.stun_event(hit, wait) {
                    None => return false,
                    Some(true)
                        if self
                            .conclusion
                            .as_ref()
                            .is_some_and(|c| c.active.contains(&d)) =>
                    {
                        self.fire_looking_back(Event::StunsCharacter, d, Some((hit, 0)));
                    }
                    Some(_) => {}
                },
                // 513.5: a lone attacker's breakthrough may be replaced (602.7b: reduced
                // to 0, it is not caused); "that character" is the one it attacks.
                2 if breakthrough > 0 && first_attacker.is_some() => {
                    let a = first_attacker.unwrap_or(d);
                    match self.replace_event(
                        crate::vocab::ReplaceEvent::CauseBreakthrough,
                        Some(a),
                        None,
                        breakthrough,
                        Some(d),
                        wait,
                    ) {
                        Replaced::Wait => return false,
                        Replaced::Yes => {
                            if let Some(c) = self.conclusion.as_mut() {
                                c.breakthrough = 0;
                            }
                        }
                        Replaced::No => {}
                    }
                }
                // 602.7c: each team share, replaceable as that attacker's breakthrough.
                n if n >= 3 && share.is_some() => {
                    let (a, amount) = share.unwrap_or((d, 0));
                    if amount > 0 {
                        match self.replace_event(
                            crate::vocab::ReplaceEvent::CauseBreakthrough,
                            Some(a),
                            None,
                            amount,
                            Some(d),
                            wait,
                        ) {
                            Replaced::Wait => return false,
                            Replaced::Yes => {}
                            Replaced::No => {
                                if let Some(c) = self.conclusion.as_mut() {
                                    c.caused.push((a, amount));
                                }
                            }
                        }
                    }
                }
                n if n >= 3 => {
                    if let Some(c) = self.conclusion.take() {
                        self.breakthrough_results(&c);
                    }
                    return true;
                }
                _ => {}
            }
            if let Some(c) = self.conclusion.as_mut() {
                c.stage = c.stage.saturating_add(1);
            }
        }
    }

    /// 602.7b–c: the endurance the defending player loses to breakthrough, and the
    /// "causes breakthrough" triggers.
    fn breakthrough_results(&mut self, c: &Conclusion) {
        let d = c.defender;
        if !c.shares.is_empty() {
            self.team_breakthrough_results(c.defending_player, d, &c.caused, &c.active);
        }
        let breakthrough = c.breakthrough;
        if breakthrough > 0 {
            let defending_player = c.defending_player;
            self.log(|g| {
                format!(
                    "Breakthrough: {} loses {breakthrough} endurance.",
                    g.player_name(defending_player)
                )
            });
            self.breakthrough_to = Some(defending_player);
            self.lose_endurance(defending_player, breakthrough);
            if let Some(&a) = c.attackers.first().filter(|a| c.active.contains(a)) {
                self.fire_looking_back(Event::CausesBreakthrough, a, Some((d, breakthrough)));
            }
        }
    }

    /// 602.10: the direct defender loses the attackers' total ATK, all breakthrough,
    /// counted per attacker (602.10c: one that can't cause breakthrough adds none).
    fn direct_attack_results(&mut self, q: PlayerId, attackers: &[CardId]) {
        let total: i32 = attackers
            .iter()
            .filter(|&&c| !self.cant(c, Cant::CauseBreakthrough))
            .map(|&c| self.atk(c))
            .sum();
        self.log(|g| {
            format!(
                "The direct attack concludes: {} takes {total} breakthrough.",
                g.player_name(q)
            )
        });
        self.breakthrough_to = Some(q);
        self.lose_endurance(q, total);
        // 602.10c–d: breakthrough counted per attacker; none from an attacker of 0 ATK.
        for &a in attackers {
            let n = self.atk(a);
            if n > 0 && !self.cant(a, Cant::CauseBreakthrough) && self.text_active(a) {
                self.fire_about(Event::CausesBreakthrough, a, Some((a, n)));
            }
        }
    }

    /// 602.7c: a team attack can cause breakthrough when one of its attackers is given
    /// it (`team-breakthrough`).
    pub(crate) fn team_causes_breakthrough(&self, attackers: &[CardId]) -> bool {
        attackers
            .iter()
            .any(|&a| self.granted(a, crate::vocab::Grant::TeamBreakthrough))
    }

    /// 602.6c: asks the attacking player for the next attacker in the order their ATK
    /// is applied to the defender, if the team attack can cause breakthrough and more
    /// than one attacker is left to order; whether it asked. The last one needs no
    /// choice.
    fn ask_attacker_order(&mut self, attackers: &[CardId]) -> bool {
        if !self.team_causes_breakthrough(attackers) {
            return false;
        }
        let Some(a) = self.attack.as_mut() else {
            return false;
        };
        a.order.retain(|c| attackers.contains(c));
        let left: Vec<CardId> = attackers
            .iter()
            .copied()
            .filter(|c| !a.order.contains(c))
            .collect();
        if left.len() == 1 {
            a.order.push(left[0]);
        }
        if left.len() >= 2 {
            let p = self.card(attackers[0]).controller;
            self.pending = Pending::OrderAttackers(p);
            return true;
        }
        false
    }

    /// The attackers not yet ordered (602.6c), for the attacking player's choice.
    pub(crate) fn attackers_to_order(&self) -> Vec<CardId> {
        let order = self
            .attack
            .as_ref()
            .map(|a| a.order.clone())
            .unwrap_or_default();
        self.attackers_now()
            .into_iter()
            .filter(|c| !order.contains(c))
            .collect()
    }

    /// 602.6c: `c`'s ATK is applied next; once all are ordered, the defending player
    /// picks the attacker the defender hits.
    pub(crate) fn order_attacker(&mut self, c: CardId) {
        if let Some(a) = self.attack.as_mut() {
            a.order.push(c);
        }
        self.log(|g| format!("{}'s ATK is applied next (602.6c).", g.name(c)));
        let attackers = self.attackers_now();
        if !self.ask_attacker_order(&attackers) {
            let d = match self.attack.as_ref().and_then(|a| a.defender) {
                Some((Defender::Character(d), _)) => d,
                _ => return self.end_attack(),
            };
            self.pending = Pending::HitAttacker(self.card(d).controller);
        }
    }

    /// 602.7c: each attacker's breakthrough, its ATK applied against what is left of the
    /// defender's DEF in the chosen order (602.6c); only if the combined ATK is greater
    /// than the DEF and the defender has no reinforcement (701.10a). An attacker that
    /// can't cause breakthrough causes none (as 602.10c counts a direct attack's).
    fn team_breakthrough_shares(&self, attackers: &[CardId], d: CardId) -> Vec<(CardId, i32)> {
        let total: i32 = attackers.iter().map(|&c| self.atk(c)).sum();
        let def = self.def_value(d);
        if total <= def || self.has_reinforcement(d) {
            return Vec::new();
        }
        let order = self
            .attack
            .as_ref()
            .map(|a| a.order.clone())
            .unwrap_or_default();
        let ordered = order
            .iter()
            .copied()
            .filter(|c| attackers.contains(c))
            .chain(attackers.iter().copied().filter(|c| !order.contains(c)));
        let mut left = def;
        let mut out = Vec::new();
        for a in ordered {
            let atk = self.atk(a);
            let absorbed = atk.min(left);
            left -= absorbed;
            let n = if self.cant(a, Cant::CauseBreakthrough) {
                0
            } else {
                atk - absorbed
            };
            out.push((a, n));
        }
        out
    }

    /// 602.7c: the defender's controller loses the breakthrough of every attacker (each
    /// share replaceable as that attacker's breakthrough, 513.5); each attacker that
    /// caused some triggers on its own amount.
    fn team_breakthrough_results(
        &mut self,
        defending_player: PlayerId,
        d: CardId,
        caused: &[(CardId, i32)],
        active: &[CardId],
    ) {
        let caused = caused.to_vec();
        let total: i32 = caused.iter().map(|&(_, n)| n).sum();
        if total <= 0 {
            return;
        }
        self.log(|g| {
            let parts: Vec<String> = caused
                .iter()
                .map(|&(a, n)| format!("{n} from {}", g.name(a)))
                .collect();
            format!(
                "Team breakthrough: {} loses {total} endurance ({}).",
                g.player_name(defending_player),
                parts.join(", ")
            )
        });
        self.breakthrough_to = Some(defending_player);
        self.lose_endurance(defending_player, total);
        for (a, n) in caused {
            if active.contains(&a) {
                self.fire_looking_back(Event::CausesBreakthrough, a, Some((d, n)));
            }
        }
    }

    /// 602.9: statuses and "this attack" modifiers end; the primary player gets
    /// priority in the attack step.
    fn end_attack(&mut self) {
        self.attack = None;
        self.hit_attacker = None;
        self.end_modifiers(|m| m.duration == Duration::ThisAttack);
        self.give_priority(self.primary_player());
    }
}

#[cfg(test)]
mod tests {
    use crate::action::Action;
    use crate::ids::*;
    use crate::state::*;
    use crate::testkit::Bench;

    fn attack_step(b: &mut Bench) {
        b.g.part = Part::Step(StepKind::Attack, 0);
    }

    fn propose(b: &mut Bench, a: CardId, d: Defender) {
        b.act(Action::Propose {
            attacker: a,
            defender: d,
        });
    }

    /// 601.2a, 601.2b, 601.2e, 601.3a, 601.3b, 601.3e, 601.3f, 601.4c: who may attack
    /// whom, each refusal naming its rule.
    #[test]
    fn r601_2a_r601_2b_r601_2e_r601_3a_r601_3b_r601_3e_r601_3f_r601_4c_legal_attackers_and_defenders(
    ) {
        let mut b = Bench::new("");
        let a = b.in_play(0, "trn-007", Row::Front, 0);
        let mine = b.in_play(0, "trn-006", Row::Front, 1);
        let theirs = b.in_play(1, "trn-006", Row::Front, 0);
        let hidden = b.in_hand(1, "trn-023");
        b.g.move_card(
            hidden,
            Zone::Character(Position {
                area: Area::Hidden,
                row: Row::Front,
                col: 0,
            }),
        );
        let in_hand = b.in_hand(1, "trn-005");
        attack_step(&mut b);
        let rule = |b: &Bench, a: CardId, d: Defender| {
            b.g.explain_illegal(&Action::Propose {
                attacker: a,
                defender: d,
            })
            .rule
        };
        assert_eq!(rule(&b, theirs, Defender::Character(mine)), "601.2e");
        assert_eq!(rule(&b, in_hand, Defender::Character(theirs)), "601.2a");
        assert_eq!(rule(&b, a, Defender::Character(in_hand)), "601.3a");
        assert_eq!(rule(&b, a, Defender::Character(mine)), "601.3f");
        assert_eq!(rule(&b, a, Defender::Character(hidden)), "601.3e");
        assert_eq!(rule(&b, a, Defender::Player(0)), "601.4c");
        b.g.stun(theirs);
        assert_eq!(rule(&b, a, Defender::Character(theirs)), "601.3b");
        b.g.exhaust(a);
        assert_eq!(rule(&b, a, Defender::Player(1)), "601.2b");
    }

    /// 601.1f, 602.1, 602.1c–g: after the proposal the primary player has priority; when
    /// all pass, the substep starts: the attacker is exhausted and attacking, the defender
    /// defending; 602.9a–h: after the conclusion no one is, and the primary player has
    /// priority in the attack step again; 601.1g: all passing then ends the step.
    #[test]
    fn r601_1f_r602_1_r602_1d_r602_1f_r602_1g_r602_9a_r602_9e_r602_9h_r601_1g_an_attack_from_proposal_to_its_end(
    ) {
        let mut b = Bench::new("");
        let a = b.in_play(0, "trn-007", Row::Front, 0); // 6/5
        let d = b.in_play(1, "trn-004", Row::Front, 0); // 1/4
        attack_step(&mut b);
        propose(&mut b, a, Defender::Character(d));
        assert_eq!(b.g.pending(), Pending::Priority(0));
        assert!(
            !b.g.is_attacker(a) && !b.g.card(a).exhausted,
            "only proposed"
        );
        b.act(Action::Pass);
        b.act(Action::Pass);
        assert!(b.g.is_attacker(a) && b.g.card(a).exhausted && b.g.is_defender(d));
        assert_eq!(b.g.pending(), Pending::Priority(0));
        b.act(Action::Pass);
        b.act(Action::Pass);
        assert!(b.g.attack().is_none() && !b.g.is_attacker(a));
        assert!(b.g.card(d).stunned);
        assert_eq!(b.g.pending(), Pending::Priority(0));
        assert_eq!(b.g.part(), Part::Step(StepKind::Attack, 0));
        b.act(Action::Pass);
        b.act(Action::Pass);
        assert_eq!(b.g.part(), Part::Step(StepKind::Attack, 1));
    }

    /// 602.7, 602.7a, 602.7d, 602.8: both stun each other when each ATK meets the other's
    /// DEF; the defender causes no breakthrough.
    #[test]
    fn r602_7_r602_7a_r602_7d_r602_8_attacker_and_defender_stun_each_other() {
        let mut b = Bench::new("");
        let a = b.in_play(0, "trn-005", Row::Front, 0); // 4/3
        let d = b.in_play(1, "trn-025", Row::Front, 0); // 5/3
        attack_step(&mut b);
        propose(&mut b, a, Defender::Character(d));
        for _ in 0..4 {
            b.act(Action::Pass);
        }
        assert!(b.g.card(a).stunned && b.g.card(d).stunned);
        // Stun losses only: 3 each; 4 ATK against 3 DEF is 1 breakthrough to player 2.
        assert_eq!((b.g.endurance(0), b.g.endurance(1)), (47, 46));
    }

    /// 602.10a, 602.10d: a direct attack takes the attacker's ATK; one of 0 ATK causes
    /// no breakthrough.
    #[test]
    fn r602_10a_r602_10d_a_direct_attack() {
        let mut b = Bench::new("");
        let a = b.in_play(0, "trn-007", Row::Front, 0);
        attack_step(&mut b);
        propose(&mut b, a, Defender::Player(1));
        for _ in 0..4 {
            b.act(Action::Pass);
        }
        assert_eq!(b.g.endurance(1), 44);
        let weak = b.in_play(0, "trn-004", Row::Front, 1); // 1 ATK
        b.g.add_modifier(weak, -3, 0, None, crate::vocab::Duration::ThisTurn);
        propose(&mut b, weak, Defender::Player(1));
        for _ in 0..4 {
            b.act(Action::Pass);
        }
        assert_eq!(b.g.endurance(1), 44);
    }

    /// 602.2a, 602.6a: an attacker that leaves play leaves the attack; with none left the
    /// attack does nothing.
    #[test]
    fn r602_2a_r602_6a_an_attack_with_no_attacker_left_does_nothing() {
        let mut b = Bench::new("");
        let a = b.in_play(0, "trn-007", Row::Front, 0);
        let d = b.in_play(1, "trn-004", Row::Front, 0);
        attack_step(&mut b);
        propose(&mut b, a, Defender::Character(d));
        b.act(Action::Pass);
        b.act(Action::Pass);
        b.g.move_card(a, Zone::Hand);
        b.act(Action::Pass);
        b.act(Action::Pass);
        assert!(!b.g.card(d).stunned);
        assert_eq!(b.g.endurance(1), 50);
    }
}

/// What an attacker needs to attack a character (see [`GameState::defender_access`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Access {
    /// It is in the hidden area: only an attacker that can attack hidden characters may.
    pub(crate) hidden: bool,
    /// It is protected: only an attacker with flight (or as though) may.
    pub(crate) protected: bool,
}

impl Access {
    /// Any attacker that can attack may.
    pub(crate) const OPEN: Access = Access {
        hidden: false,
        protected: false,
    };
}

impl GameState {
    /// Glossary: Attacked, First Attack or First Defense: what this substep's attackers,
    /// team attackers and defender became, and whose attack and defense it is.
    fn note_substep(
        &mut self,
        p: PlayerId,
        attackers: &[CardId],
        defender: Option<Defender>,
        team: bool,
    ) {
        let n = self.combat_history.substeps;
        for &c in attackers {
            self.note_role(c, CombatRole::Attacker);
            if team {
                self.note_role(c, CombatRole::TeamAttacker);
            }
        }
        if !attackers.is_empty() {
            self.combat_history.attacks.push((p, n));
        }
        match defender {
            Some(Defender::Character(d)) => {
                self.note_role(d, CombatRole::Defender);
                let q = self.card(d).controller;
                self.combat_history.defenses.push((q, n));
            }
            Some(Defender::Player(q)) => self.combat_history.defenses.push((q, n)),
            None => {}
        }
    }

    /// `c`, as the object it is, gained this combat characteristic in this substep.
    fn note_role(&mut self, c: CardId, role: CombatRole) {
        let (object, n) = (self.card(c).object, self.combat_history.substeps);
        let h = &mut self.combat_history;
        if !h.records.contains(&(c, object, role, n)) {
            h.records.push((c, object, role, n));
        }
    }

    /// Glossary: Attacked: has `c` (this object) had one of these characteristics this
    /// turn — before the current attack substep only, with `before_now`?
    pub(crate) fn had_role(&self, c: CardId, roles: &[CombatRole], before_now: bool) -> bool {
        let object = self.card(c).object;
        let current = if before_now && self.in_attack_substep() {
            self.combat_history.substeps
        } else {
            u32::MAX
        };
        self.combat_history
            .records
            .iter()
            .any(|&(x, o, r, n)| x == c && o == object && roles.contains(&r) && n < current)
    }

    /// Glossary: First Attack or First Defense: the attack in its substep is `p`'s first
    /// attack (`attack`) or first defense this turn.
    pub(crate) fn first_combat(&self, p: PlayerId, attack: bool) -> bool {
        if !self.in_attack_substep() {
            return false;
        }
        let h = &self.combat_history;
        let list = if attack { &h.attacks } else { &h.defenses };
        list.iter()
            .find(|&&(q, _)| q == p)
            .is_some_and(|&(_, n)| n == h.substeps)
    }

    /// 701.10c, 708.7c: has `c` reinforced another character: is it the source of a
    /// modifier (or continuous power) that gives another character reinforcement?
    pub(crate) fn has_reinforced(&self, c: CardId) -> bool {
        let object = self.card(c).object;
        let others = || {
            self.players
                .iter()
                .flat_map(|p| p.characters.iter().copied())
                .filter(move |&d| d != c && self.has_reinforcement(d))
        };
        let by_modifier = self.modifiers.iter().any(|m| {
            m.grant == Some(crate::vocab::Grant::Reinforcement)
                && m.source == Some((c, object))
                && others().any(|d| self.modifier_applies(m, d))
        });
        by_modifier
            || (self.is_character(c)
                && self.text_active(c)
                && self.def(c).powers.iter().enumerate().any(|(i, p)| {
                    matches!(&p.power, crate::power::Power::Continuous(crate::power::Continuous::Grant { who, grant: crate::vocab::Grant::Reinforcement }) if others().any(|d| self.affects(who, c, d) && !self.cant_reinforce(c, d)))
                        && self.power_active(c, i as u8)
                }))
    }

    /// 602.4, 602.4a: `c` becomes an attacker of the attack in its substep: a character
    /// the attacking player controls, not stunned (701.12c), not already one. A second
    /// attacker makes a team attack, each attacker a team attacker (Glossary: Team
    /// Attacker). The defender doesn't enter combat again; `c`'s triggers fire.
    pub(crate) fn become_attacker(&mut self, c: CardId) -> bool {
        let Some(a) = self.attack.as_ref().filter(|a| a.started) else {
            return false;
        };
        let p = self.primary_player();
        if !self.is_character(c)
            || self.card(c).stunned
            || self.card(c).controller != p
            || self.is_attacker(c)
        {
            return false;
        }
        let object = self.card(c).object;
        let was_team = a.team;
        let now: Vec<CardId> = a.attackers.iter().filter_map(|&t| self.still(t)).collect();
        let team = was_team || !now.is_empty();
        if let Some(a) = self.attack.as_mut() {
            a.attackers.push((c, object));
            a.team = team;
        }
        self.log(|g| format!("{} becomes an attacker (602.4).", g.name(c)));
        self.note_role(c, CombatRole::Attacker);
        if !self
            .combat_history
            .attacks
            .iter()
            .any(|&(q, n)| q == p && n == self.combat_history.substeps)
        {
            let n = self.combat_history.substeps;
            self.combat_history.attacks.push((p, n));
        }
        self.fire(crate::power::Event::Attacks, c);
        if team {
            // The others become team attackers too if they weren't.
            let newly: Vec<CardId> = if was_team {
                vec![c]
            } else {
                now.into_iter().chain([c]).collect()
            };
            for x in newly {
                self.note_role(x, CombatRole::TeamAttacker);
                self.fire(crate::power::Event::TeamAttacks, x);
            }
        }
        true
    }

    /// 602.5, 602.5a: `c` becomes the defender of the attack in its substep: a character
    /// the defending player controls, not stunned; any other defender is removed from
    /// the attack. The attackers don't enter combat again; `c`'s triggers fire.
    pub(crate) fn become_defender(&mut self, c: CardId) -> bool {
        let Some(a) = self.attack.as_ref().filter(|a| a.started) else {
            return false;
        };
        if !self.is_character(c)
            || self.card(c).stunned
            || self.card(c).controller != a.defending_player
            || self.is_defender(c)
        {
            return false;
        }
        let object = self.card(c).object;
        let q = a.defending_player;
        if let Some(a) = self.attack.as_mut() {
            a.defender = Some((Defender::Character(c), object));
        }
        self.log(|g| format!("{} becomes the defender (602.5).", g.name(c)));
        self.note_role(c, CombatRole::Defender);
        let n = self.combat_history.substeps;
        if !self.combat_history.defenses.contains(&(q, n)) {
            self.combat_history.defenses.push((q, n));
        }
        self.fire(crate::power::Event::Defends, c);
        true
    }
}

impl GameState {
    /// 601.1c: the characters `a` must attack if able ("must attack <character>"), as
    /// the objects they were.
    pub(crate) fn must_attack_named(&self, a: CardId) -> Vec<CardId> {
        let object = self.card(a).object;
        self.modifiers
            .iter()
            .filter(|m| matches!(m.applies, Applies::Object(x, o) if x == a && o == object))
            .filter_map(|m| m.must_attack.and_then(|t| self.still(t)))
            .collect()
    }

    /// 601.1c: may `a` be proposed against `defender` as far as "must attack <a
    /// character> if able" goes: yes if no such modifier names a character it could
    /// attack, else only against one of those.
    pub fn must_attack_allows(&self, p: PlayerId, a: CardId, defender: Defender) -> bool {
        let named = self.must_attack_named(a);
        if named.is_empty() {
            return true;
        }
        if let Defender::Character(d) = defender {
            if named.contains(&d) {
                return true;
            }
        }
        !named.iter().any(|&d| self.can_attack_character(p, a, d))
    }

    /// 601.1c: a character of `p`'s that must attack a named character it could attack
    /// now (so `p` may not pass, as for 600.4).
    pub fn must_attack_named_now(&self, p: PlayerId) -> bool {
        if !self.modifiers.iter().any(|m| m.must_attack.is_some()) {
            return false;
        }
        self.player(p).characters.iter().any(|&c| {
            self.must_attack_named(c)
                .into_iter()
                .any(|d| self.can_attack_character(p, c, d))
        })
    }
}
