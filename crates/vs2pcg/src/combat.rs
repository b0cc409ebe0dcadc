//! Combat (Making a Melee Attack p.10 – Ferocious Characters in Combat p.12):
//! who may attack whom, the alternating window, and resolving strikes.

use crate::model::*;
use crate::state::*;
use crate::triggers::Event;
use crossover_kernel::Seat;

impl GameState {
    /// Can `c` be declared as an attacker at all (ready, face up, in a row it can attack from)?
    pub fn can_attack(&self, c: CardId) -> bool {
        let card = self.card(c);
        if !self.is_face_up_character(c) || card.exhausted || !self.is_turn_side(card.controller) {
            return false;
        }
        if self.is_passive(c) || *self.no_more_attacks {
            return false;
        }
        match card.zone() {
            Zone::Front => true,
            // Back row characters attack only with Ranged (p.11).
            Zone::Back => self.has_keyword(c, Keyword::Ranged),
            _ => false,
        }
    }

    /// Can this group of attackers (one row) legally attack `d` (Declare a Combat p.10)?
    pub fn can_be_attacked_by(&self, d: CardId, attackers: &[CardId]) -> bool {
        if !self.is_face_up_character(d) || attackers.is_empty() {
            return false;
        }
        if self.cant_be_attacked(d) {
            return false;
        }
        let side = self.card(d).controller;
        let me = self.card(attackers[0]).controller;
        if !self.are_enemies(me, side) {
            return false;
        }
        let ranged = self.card(attackers[0]).zone() == Zone::Back;
        if ranged && self.has_keyword(d, Keyword::Dodge) {
            return false;
        }
        let enemy_front_up = self
            .side_row(side, Row::Front)
            .iter()
            .any(|&f| self.card(f).face_up);
        match self.card(d).zone() {
            Zone::Front => true,
            Zone::Back => {
                if !enemy_front_up {
                    return true;
                }
                // Protected: every attacker needs Flight (and no enemy Flight or Grab in
                // front) or, for a melee attack, Stealth (p.10, p.11).
                let blocked = self.front_row_blocks_flight(side);
                attackers.iter().all(|&a| {
                    let fly = self.has_keyword(a, Keyword::Flight) && !blocked;
                    let sneak = !ranged && self.has_keyword(a, Keyword::Stealth);
                    fly || sneak
                })
            }
            _ => false,
        }
    }

    pub fn legal_defenders(&self, attackers: &[CardId]) -> Vec<CardId> {
        let me = self.card(attackers[0]).controller;
        let mut v = Vec::new();
        for e in self.enemies_of(me) {
            for d in self.characters_of(e) {
                if self.can_be_attacked_by(d, attackers) {
                    v.push(d);
                }
            }
        }
        // A character that can attack players (Deadpool L2): see effects.rs.
        v.extend(self.attackable_players(attackers));
        v
    }

    /// Is there anything `attackers` could attack? [`Self::legal_defenders`] without
    /// building the list: legal-action generation asks this for every character.
    pub fn has_legal_defender(&self, attackers: &[CardId]) -> bool {
        let me = self.card(attackers[0]).controller;
        self.enemies_of(me).into_iter().any(|e| {
            self.characters_of(e)
                .into_iter()
                .any(|d| self.can_be_attacked_by(d, attackers))
        }) || !self.attackable_players(attackers).is_empty()
    }

    /// Can `c` join `attackers` in a team attack (Team Attacks p.11)?
    pub fn can_join_team(&self, c: CardId, attackers: &[CardId]) -> bool {
        if attackers.contains(&c) || !self.can_attack(c) {
            return false;
        }
        let row = self.card(attackers[0]).zone();
        if self.card(c).zone() != row {
            return false;
        }
        let mut all = attackers.to_vec();
        all.push(c);
        // Everyone shares a team (Mercenary: Deadpool teams with any main character).
        let shared = |a: CardId, b: CardId| {
            self.shares_team(a, b)
                || (self.teams_with_main_characters(a) && self.card(b).main)
                || (self.teams_with_main_characters(b) && self.card(a).main)
        };
        if !all
            .iter()
            .all(|&a| all.iter().all(|&b| a == b || shared(a, b)))
        {
            return false;
        }
        self.has_legal_defender(&all)
    }

    /// Declare (p.10): exhaust the attackers, then the combat begins.
    pub fn declare_attack(&mut self, attackers: Vec<CardId>, defender: CardId) {
        for &a in &attackers {
            self.exhaust(a);
        }
        self.begin_combat(attackers, defender);
    }

    /// Set up the combat and fire attack triggers. An attack a card makes happen
    /// ("attacks again", Juggernaut's Unstoppable) begins here directly: the card, not
    /// a declaration, makes it, so nothing is exhausted again (ruling 76).
    pub fn begin_combat(&mut self, attackers: Vec<CardId>, defender: CardId) {
        self.place_player_token(defender);
        let me = self.turn_seat;
        let ranged = self.card(attackers[0]).zone() == Zone::Back;
        let team = attackers.len() > 1;
        self.players[me].attacks_this_turn = self.players[me].attacks_this_turn.saturating_add(1);
        self.combat = Some(Combat {
            attacking_seat: me,
            defending_seat: self.card(defender).controller,
            attackers: attackers.clone(),
            defender: Some(defender),
            original_attackers: attackers.clone(),
            ranged,
            stage: CombatStage::Declared,
            window_seat: me,
            passes: 0,
            struck: Vec::new(),
            ferocious_atk: 0,
            cancelled: false,
            stunned: Vec::new(),
            stun_survivors_for: Vec::new(),
            strike_back_target: None,
            resolved: false,
        });
        self.log(|g| {
            let who = attackers
                .iter()
                .map(|&a| g.name(a).to_string())
                .collect::<Vec<_>>()
                .join(" and ");
            let verb = match (team, ranged) {
                (false, false) => "attacks",
                (true, false) => "attack",
                (false, true) => "makes a ranged attack on",
                (true, true) => "make a ranged attack on",
            };
            format!("{who} {verb} {}.", g.name(defender))
        });
        if team && self.players[me].team_attack_counters {
            self.players[me].team_attack_counters = false;
            for &a in &attackers {
                self.add_plus(a, 1);
            }
        }
        self.fire(Event::Attacks {
            attackers: attackers.clone(),
            team,
        });
        self.fire(Event::Attacked { defender });
        self.attacked_this_turn.push(defender);
    }

    /// Cancel the combat: it ends, nobody is stunned, nobody readies (Game Terms).
    pub fn cancel_combat(&mut self) {
        if let Some(cb) = self.combat.as_mut() {
            cb.cancelled = true;
            cb.stage = CombatStage::End;
        }
    }

    /// Move the combat on; returns a decision when one is needed.
    pub fn combat_step(&mut self) -> Option<Pending> {
        let cb = self.combat.clone()?;
        let broken = cb.attackers.is_empty() || cb.defender.is_none();
        match cb.stage {
            CombatStage::Declared => {
                let cb = self.combat.as_mut().unwrap();
                cb.stage = if broken {
                    CombatStage::End
                } else {
                    CombatStage::Window
                };
                cb.window_seat = cb.attacking_seat;
                cb.passes = 0;
                None
            }
            CombatStage::Window => {
                if broken {
                    self.combat.as_mut().unwrap().stage = CombatStage::End;
                    return None;
                }
                Some(Pending::Act {
                    seat: cb.window_seat,
                })
            }
            CombatStage::Ferocious => {
                if broken {
                    self.combat.as_mut().unwrap().stage = CombatStage::End;
                    return None;
                }
                self.resolve_strikes(true)
            }
            CombatStage::Normal => {
                if broken {
                    // The Ferocious strikes left no attacker or no defender: the combat
                    // concludes (p.12), and whoever is left made it through the
                    // resolution that did happen.
                    if cb.resolved {
                        self.fire_survived();
                    }
                    self.combat.as_mut().unwrap().stage = CombatStage::End;
                    return None;
                }
                let r = self.resolve_strikes(false);
                if r.is_none() {
                    self.fire_survived();
                }
                r
            }
            CombatStage::End => {
                self.end_combat();
                None
            }
        }
    }

    /// Survived (Game Terms): still in the combat, not stunned, after it resolved.
    fn fire_survived(&mut self) {
        if let Some(cb) = self.combat.clone() {
            for c in cb.attackers.iter().chain(cb.defender.iter()) {
                self.fire(Event::Survived { card: *c });
            }
        }
    }

    /// A player acted or passed in the combat window: the next player gets the chance.
    pub fn window_next(&mut self, passed: bool) {
        let live = self.live_seats().count() as u8;
        let order = self.seats_from(self.combat.as_ref().unwrap().window_seat);
        let next = order.get(1).copied().unwrap_or(order[0]);
        let cb = self.combat.as_mut().unwrap();
        if passed {
            cb.passes += 1;
        } else {
            cb.passes = 0;
        }
        cb.window_seat = next;
        if cb.passes >= live && cb.stage == CombatStage::Window {
            cb.stage = CombatStage::Ferocious;
        }
    }

    fn defender_strikes_back(&self, cb: &Combat, d: CardId) -> bool {
        self.why_no_strike_back(cb, d).is_none()
    }

    /// Why the defender doesn't strike back in this combat, if it doesn't.
    fn why_no_strike_back(&self, cb: &Combat, d: CardId) -> Option<&'static str> {
        if self.is_passive(d) {
            return Some("is passive and doesn't strike back");
        }
        // In a ranged attack the defender strikes back only with Ranged (p.11).
        if cb.ranged && !self.has_keyword(d, Keyword::Ranged) {
            return Some("can't strike back at a ranged attack without Ranged");
        }
        if cb.is_team_attack() && self.players[cb.attacking_seat].no_strike_back_team_attacks {
            return Some("can't strike back at this team attack (an effect says so)");
        }
        if self.modifiers_on(d).any(|m| m.kind == ModKind::CantStrike) {
            return Some("can't strike this combat (an effect says so)");
        }
        None
    }

    /// Who may the defender strike back against?
    fn strike_back_candidates(&self, cb: &Combat, d: CardId) -> Vec<CardId> {
        cb.attackers
            .iter()
            .copied()
            .filter(|&a| self.can_strike_back_at(d, a))
            .filter(|&a| self.can_strike(d, a))
            .filter(|&a| {
                // Take Aim: in a ranged attack, Ranged enemies can't strike back at him.
                !(cb.ranged && self.modifiers_on(a).any(|m| m.kind == ModKind::TakeAim))
            })
            .collect()
    }

    /// One strike sub-step. `ferocious` selects the Ferocious sub-step.
    fn resolve_strikes(&mut self, ferocious: bool) -> Option<Pending> {
        let cb = self.combat.clone().unwrap();
        let d = cb.defender.unwrap();
        let melee = !cb.ranged;
        let fer = |g: &GameState, c: CardId| melee && g.has_keyword(c, Keyword::Ferocious);
        let all: Vec<CardId> = cb.attackers.iter().copied().chain([d]).collect();
        let any_fer = all.iter().any(|&c| fer(self, c));
        let all_fer = all.iter().all(|&c| fer(self, c));
        // With no Ferocious character, or all of them, the Ferocious sub-step is empty.
        let ferocious_round = any_fer && !all_fer;
        if ferocious && !ferocious_round {
            self.combat.as_mut().unwrap().stage = CombatStage::Normal;
            return None;
        }
        let strikes_now = |g: &GameState, c: CardId| {
            if g.cant_strike(c) {
                false
            } else if ferocious {
                fer(g, c)
            } else {
                !cb.struck.contains(&c)
            }
        };
        let attackers_striking: Vec<CardId> = cb
            .attackers
            .iter()
            .copied()
            .filter(|&a| strikes_now(self, a))
            .filter(|&a| self.can_strike(a, d))
            .collect();
        let defender_striking = strikes_now(self, d) && self.defender_strikes_back(&cb, d);

        // The defender's strike-back target.
        let mut targets: Vec<CardId> = Vec::new();
        if defender_striking {
            let cands = self.strike_back_candidates(&cb, d);
            let monstrous = cb.is_team_attack() && melee && self.has_keyword(d, Keyword::Monstrous);
            if monstrous || cands.len() == 1 {
                targets = cands;
            } else if cands.len() > 1 {
                match cb.strike_back_target {
                    Some(t) if cands.contains(&t) => targets = vec![t],
                    _ => {
                        let leader = cb
                            .attackers
                            .iter()
                            .any(|&a| self.has_keyword(a, Keyword::Leader));
                        let seat = if leader {
                            cb.attacking_seat
                        } else {
                            cb.defending_seat
                        };
                        return Some(Pending::StrikeBack { seat, ferocious });
                    }
                }
            }
        }

        // Attackers' strike: a solo strike, or the team's total ATK (p.11).
        let mut stuns: Vec<(CardId, CardId, bool)> = Vec::new();
        let striking_total: i32 = if ferocious {
            attackers_striking
                .iter()
                .map(|&a| self.strike_value(a))
                .sum()
        } else if attackers_striking.is_empty() {
            0
        } else {
            // Ferocious attackers' ATK counts again toward the team total (p.12); an
            // attacker that can't strike the defender adds nothing.
            cb.attackers
                .iter()
                .filter(|&&a| self.can_strike(a, d))
                .map(|&a| self.strike_value(a))
                .sum()
        };
        let any_attacker_strikes = !attackers_striking.is_empty()
            && attackers_striking
                .iter()
                .any(|&a| self.strike_value(a) >= 1);
        if any_attacker_strikes && striking_total >= self.defense(d).max(0) && striking_total >= 1 {
            let source = attackers_striking[0];
            let lethal = !self.card(d).main
                && attackers_striking
                    .iter()
                    .any(|&a| self.has_keyword(a, Keyword::Lethal));
            stuns.push((d, source, lethal));
        }
        // Every attacker in combat with the defender is a source of its stun (p.17).
        let team_sources: Vec<CardId> = cb.attackers.clone();
        if defender_striking {
            let v = self.strike_value(d);
            if v >= 1 {
                for &t in &targets {
                    if v >= self.defense(t) {
                        stuns.push((t, d, false));
                    }
                }
            }
        }
        if self.log.enabled {
            self.log_strikes(&StrikeReport {
                ferocious,
                attackers_striking: &attackers_striking,
                total: striking_total,
                defender: d,
                stunned: &stuns,
                defender_striking,
                targets: &targets,
                why_not: (strikes_now(self, d) && !defender_striking)
                    .then(|| self.why_no_strike_back(&cb, d))
                    .flatten(),
            });
        }
        {
            let cbm = self.combat.as_mut().unwrap();
            cbm.struck.extend(attackers_striking.iter().copied());
            if defender_striking {
                cbm.struck.push(d);
            }
            cbm.strike_back_target = None;
            cbm.resolved = true;
            cbm.stage = if ferocious {
                CombatStage::Normal
            } else {
                CombatStage::End
            };
        }
        // Strikes are simultaneous: work out every stun, then apply them; every stun's
        // triggers look back to before the strikes, so a character stunned by the same
        // strikes still sees the stun it dealt (Triggers p.16; docs/rulings.md #85).
        let stuns: Vec<_> = stuns
            .into_iter()
            .map(|(victim, source, lethal)| {
                let also: Vec<CardId> = if victim == d {
                    team_sources
                        .iter()
                        .copied()
                        .filter(|&a| a != source)
                        .collect()
                } else {
                    Vec::new()
                };
                let look_back = self.stun_look_back(victim, Some(source), also.clone(), true, true);
                (victim, source, lethal, also, look_back)
            })
            .collect();
        for (victim, source, lethal, also, look_back) in stuns {
            self.combat.as_mut().unwrap().stunned.push(victim);
            self.stun_with_sources(
                victim,
                Some(source),
                also,
                true,
                lethal,
                true,
                Some(look_back),
            );
        }
        None
    }

    /// End of combat (Combat Step Overview p.10, steps 4-5): "this combat" modifiers
    /// expire first, then the effects waiting for the end of the combat happen (so a
    /// character protected "this combat" is no longer protected from them: ruling 75),
    /// and only if the combat resolved (Game Terms, Survives).
    fn end_combat(&mut self) {
        let cb = self.combat.clone().unwrap();
        self.modifiers.retain(|m| {
            m.duration != Duration::ThisCombat
                && !(matches!(m.kind, ModKind::NextAttack { .. } | ModKind::TakeAim)
                    && cb.original_attackers.contains(&m.target))
        });
        if cb.resolved && !cb.cancelled {
            for seat in &cb.stun_survivors_for {
                // Ultimate Soldier: each enemy character that survived this combat.
                let survivors: Vec<CardId> = cb
                    .attackers
                    .iter()
                    .copied()
                    .chain(cb.defender)
                    .filter(|&c| {
                        self.is_face_up_character(c)
                            && self.are_enemies(*seat, self.card(c).controller)
                    })
                    .collect();
                for c in survivors {
                    self.stun(c, None, true);
                }
            }
        }
        self.log(|g| {
            // Survives: in combat and not stunned when it resolved (Game Terms, Survives).
            let survivors: Vec<&str> = cb
                .attackers
                .iter()
                .copied()
                .chain(cb.defender)
                .filter(|&c| g.is_face_up_character(c) && !cb.stunned.contains(&c))
                .map(|c| g.name(c))
                .collect();
            match (cb.resolved && !cb.cancelled, survivors.as_slice()) {
                (false, _) => {
                    "The combat ends without resolving: no strikes, and no character counts as \
                     surviving it."
                        .into()
                }
                (true, []) => "The combat ends; no character survived it.".into(),
                (true, names) => format!("The combat ends; {} survived it.", and_list(names)),
            }
        });
        self.combat = None;
        // A defending player's card leaves; an attack set up by an effect begins.
        self.remove_player_tokens();
        self.start_follow_up_attack();
    }

    /// The strikes of one combat sub-step as players read them: who strikes whom, the
    /// total ATK against the DEF, and who is stunned (Strikes p.11, team attacks p.12).
    fn log_strikes(&mut self, r: &StrikeReport<'_>) {
        let lead = if r.ferocious {
            "Ferocious strikes first: "
        } else {
            ""
        };
        let stunned = |c: CardId| r.stunned.iter().any(|&(v, _, _)| v == c);
        if !r.attackers_striking.is_empty() {
            let names: Vec<&str> = r.attackers_striking.iter().map(|&a| self.name(a)).collect();
            let together = if names.len() > 1 { " together" } else { "" };
            let verdict = if stunned(r.defender) {
                "enough to stun"
            } else {
                "not enough to stun"
            };
            let text = format!(
                "{lead}{} {} {}{together}: ATK {} against DEF {}, {verdict}.",
                and_list(&names),
                if names.len() > 1 { "strike" } else { "strikes" },
                self.name(r.defender),
                r.total.max(0),
                self.defense(r.defender).max(0),
            );
            self.log(|_| text);
        }
        if r.defender_striking {
            let d = r.defender;
            for &t in r.targets {
                let verdict = if stunned(t) {
                    "enough to stun"
                } else {
                    "not enough to stun"
                };
                let text = format!(
                    "{lead}{} strikes back at {}: ATK {} against DEF {}, {verdict}.",
                    self.name(d),
                    self.name(t),
                    self.strike_value(d),
                    self.defense(t).max(0),
                );
                self.log(|_| text);
            }
        } else if let Some(why) = r.why_not {
            let text = format!("{} {why}.", self.name(r.defender));
            self.log(|_| text);
        }
    }

    /// Answer to a StrikeBack decision.
    pub fn choose_strike_back(&mut self, target: CardId) {
        if let Some(cb) = self.combat.as_mut() {
            cb.strike_back_target = Some(target);
        }
    }

    pub fn strike_back_options(&self) -> Vec<CardId> {
        let Some(cb) = self.combat.as_ref() else {
            return vec![];
        };
        let Some(d) = cb.defender else { return vec![] };
        self.strike_back_candidates(cb, d)
    }

    pub fn attacking_seat(&self) -> Option<Seat> {
        self.combat.as_ref().map(|c| c.attacking_seat)
    }
}

/// One combat sub-step's strikes, for the log.
struct StrikeReport<'a> {
    ferocious: bool,
    attackers_striking: &'a [CardId],
    total: i32,
    defender: CardId,
    /// (stunned character, source, lethal).
    stunned: &'a [(CardId, CardId, bool)],
    defender_striking: bool,
    targets: &'a [CardId],
    /// Why the defender, due to strike now, doesn't.
    why_not: Option<&'static str>,
}

/// "A", "A and B", "A, B and C".
fn and_list(names: &[&str]) -> String {
    match names {
        [] => String::new(),
        [one] => one.to_string(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}
