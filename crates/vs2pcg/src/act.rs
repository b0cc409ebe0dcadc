//! Legal actions for the pending decision, why an action is illegal, and performing
//! a legal one. Checking always happens before any change, so an illegal action
//! leaves the state untouched.

use crate::action::{Action, Pay};
use crate::db::PowerSummary;
use crate::model::*;
use crate::state::*;
use crate::triggers::Event;
use crossover_kernel::{RuleError, Seat};

impl GameState {
    pub fn pending_seat(&self) -> Option<Seat> {
        match &self.pending {
            Pending::None => None,
            Pending::ChooseFirst { seat }
            | Pending::PlaceMain { seat }
            | Pending::Mulligan { seat }
            | Pending::Act { seat }
            | Pending::Declare { seat, .. }
            | Pending::StrikeBack { seat, .. }
            | Pending::OrderTriggers { seat }
            | Pending::Effect { seat }
            | Pending::Reaction { seat }
            | Pending::ChooseVersion { seat, .. } => Some(*seat),
        }
    }

    pub fn legal(&self) -> Vec<Action> {
        match &self.pending {
            Pending::None => vec![],
            Pending::ChooseFirst { .. } => vec![Action::GoFirst(true), Action::GoFirst(false)],
            Pending::PlaceMain { .. } => {
                vec![Action::PlaceMain(Row::Front), Action::PlaceMain(Row::Back)]
            }
            Pending::Mulligan { .. } => vec![Action::Mulligan(false), Action::Mulligan(true)],
            Pending::Act { seat } => self.act_options(*seat),
            Pending::Declare { attackers, .. } => {
                let mut v: Vec<Action> = self
                    .legal_defenders(attackers)
                    .into_iter()
                    .map(|card| Action::Defender { card })
                    .collect();
                for c in self.characters_of(self.turn_seat) {
                    if self.can_join_team(c, attackers) {
                        v.push(Action::AddAttacker { card: c });
                    }
                }
                v
            }
            Pending::StrikeBack { .. } => self
                .strike_back_options()
                .into_iter()
                .map(|card| Action::StrikeBackAt { card })
                .collect(),
            // An index is a u8: past 256 queued triggers (never in a real game) the
            // first 256 are offered rather than wrapped indices.
            Pending::OrderTriggers { .. } => (0..=u8::MAX)
                .take(self.triggers.len())
                .map(|index| Action::OrderTrigger { index })
                .collect(),
            Pending::Effect { .. } => self.effect_options(),
            Pending::Reaction { seat } => {
                let mut v = self.power_options(*seat, true);
                v.push(Action::Pass);
                v
            }
            Pending::ChooseVersion { card, .. } => self
                .next_level_versions(*card)
                .into_iter()
                .map(|card| Action::Choose { card })
                .collect(),
        }
    }

    fn act_options(&self, seat: Seat) -> Vec<Action> {
        let mut v = Vec::new();
        let p = &self.players[seat];
        let in_combat = self.combat.is_some();
        match self.phase {
            Phase::Resource => {
                for &c in p.hand() {
                    v.push(Action::PlayResource {
                        card: c,
                        face_up: false,
                    });
                    if self.def(c).is_location() {
                        v.push(Action::PlayResource {
                            card: c,
                            face_up: true,
                        });
                    }
                }
            }
            Phase::Recruit => {
                for &c in p.hand() {
                    match self.def(c).kind {
                        CardKind::Supporting if self.can_recruit(seat, c).is_ok() => {
                            v.push(Action::Recruit {
                                card: c,
                                row: Row::Front,
                            });
                            v.push(Action::Recruit {
                                card: c,
                                row: Row::Back,
                            });
                        }
                        CardKind::Equipment if self.can_afford_equipment(seat, c) => {
                            for on in self.characters_of(seat) {
                                if self.card(on).face_up && !self.has_keyword(on, Keyword::Creature)
                                {
                                    v.push(Action::PlayEquipment { card: c, on });
                                }
                            }
                        }
                        _ => {}
                    }
                }
            }
            Phase::Formation => {
                for c in self.characters_of(seat) {
                    if !p.formation_moved.contains(&c)
                        && !self.cant_move(c)
                        && !self.has_keyword(c, Keyword::Immobile)
                    {
                        let row = self.row_of(c).unwrap();
                        v.push(Action::Move {
                            card: c,
                            row: row.other(),
                        });
                    }
                }
            }
            Phase::Main if !in_combat => {
                for c in self.characters_of(seat) {
                    if self.can_attack(c) && self.has_legal_defender(&[c]) {
                        v.push(Action::Attack { attacker: c });
                    }
                    if self.has_keyword(c, Keyword::Mobile)
                        && !p.mobile_used.contains(&c)
                        && !self.cant_move(c)
                    {
                        let row = self.row_of(c).unwrap();
                        v.push(Action::Move {
                            card: c,
                            row: row.other(),
                        });
                    }
                }
            }
            _ => {}
        }
        for &c in p.hand() {
            if self.def(c).kind == CardKind::PlotTwist && self.can_play_plot_twist(seat, c).is_ok()
            {
                v.push(Action::PlayPlotTwist { card: c });
            }
        }
        v.extend(self.power_options(seat, false));
        v.extend(self.power_up_options(seat));
        v.push(Action::Pass);
        v
    }

    pub fn can_recruit(&self, seat: Seat, c: CardId) -> Result<(), RuleError> {
        let p = &self.players[seat];
        let rule = "Recruit Step (p.9)";
        if self.phase != Phase::Recruit || !self.is_turn_side(seat) {
            return Err(RuleError::new(
                rule,
                "you can only recruit during your Recruit Step",
            ));
        }
        if !p.hand().contains(&c) || self.def(c).kind != CardKind::Supporting {
            return Err(RuleError::new(
                rule,
                "only a supporting character in your hand can be recruited",
            ));
        }
        let cost = self
            .def(c)
            .cost
            .unwrap_or(0)
            .saturating_sub(p.recruit_discount)
            .saturating_sub(self.team_discount(seat, c));
        if cost > p.recruit_points {
            return Err(RuleError::new(
                rule,
                format!(
                    "{} costs {cost} but you have {} recruit points",
                    self.name(c),
                    p.recruit_points
                ),
            ));
        }
        let main = p.main;
        if self.card(main).main
            && self.def(main).shares_name_with(self.def(c))
            // "A main character with Swarm can change this" (Uniqueness p.24).
            && !self.def(main).has_printed_keyword(Keyword::Swarm)
        {
            return Err(RuleError::new(
                "Uniqueness (p.24)",
                "you can't play a supporting character with the same name as your main character",
            ));
        }
        Ok(())
    }

    /// What the team discounts of this turn take off recruiting `c` (Recruit Step p.9).
    fn team_discount(&self, seat: Seat, c: CardId) -> u8 {
        let teams = &self.def(c).teams;
        self.players[seat]
            .team_discounts
            .iter()
            .filter(|(t, _)| teams.contains(t))
            .fold(0u8, |sum, (_, n)| sum.saturating_add(*n))
    }

    fn can_afford_equipment(&self, seat: Seat, c: CardId) -> bool {
        let p = &self.players[seat];
        self.def(c).cost.unwrap_or(0) <= p.recruit_points && self.team_requirement_met(seat, c)
    }

    /// Affiliated plot twists and equipment need a face-up character of the team on your
    /// side (three, for three-symbol cards) (Playing Plot Twists p.16, Playing Equipment p.15).
    pub fn team_requirement_met(&self, seat: Seat, c: CardId) -> bool {
        let d = self.def(c);
        let Some(&team) = d.teams.first() else {
            return true;
        };
        let need = if d.triple_team { 3 } else { 1 };
        self.characters_of(seat)
            .into_iter()
            .filter(|&x| self.card(x).face_up && self.teams_of(x).contains(&team))
            .count()
            >= need
    }

    fn timing_ok(&self, seat: Seat, timing: Timing, in_combat_char: Option<CardId>) -> bool {
        let my_turn = self.is_turn_side(seat);
        match timing {
            Timing::Build => my_turn && self.phase.is_build() && self.combat.is_none(),
            Timing::Main => my_turn && self.phase == Phase::Main && self.combat.is_none(),
            Timing::Combat {
                any_turn,
                any_combat,
            } => {
                let Some(cb) = &self.combat else { return false };
                if cb.stage != CombatStage::Window || cb.window_seat != seat {
                    return false;
                }
                if !any_turn && !my_turn {
                    return false;
                }
                match in_combat_char {
                    Some(c) if !any_combat => self.in_combat(c),
                    _ => true,
                }
            }
            Timing::Reaction => false,
        }
    }

    pub fn can_play_plot_twist(&self, seat: Seat, c: CardId) -> Result<(), RuleError> {
        let d = self.def(c);
        let rule = "Playing Plot Twists (p.16)";
        if !self.players[seat].hand().contains(&c) || d.kind != CardKind::PlotTwist {
            return Err(RuleError::new(
                rule,
                "that is not a plot twist in your hand",
            ));
        }
        if d.effect.is_empty() && !d.omitted.is_empty() {
            return Err(RuleError::new(
                rule,
                "its effect is not yet written in Crossover's card language, so it can't be played",
            ));
        }
        let timing = d.timing.unwrap_or(Timing::Main);
        if !self.timing_ok(seat, timing, None) {
            return Err(RuleError::new(
                rule,
                match timing {
                    Timing::Build => "it can only be played in your Build Phase",
                    Timing::Main => "it can only be played in your Main Phase, outside combat",
                    Timing::Combat { any_turn: true, .. } => {
                        "it can only be played in a combat, when you may act"
                    }
                    Timing::Combat { .. } => {
                        "it can only be played in a combat on your turn, when you may act"
                    }
                    Timing::Reaction => "it can only be played when its condition is met",
                },
            ));
        }
        if self.enemy_static(seat, |s| *s == Static::EnemiesCantPlayPlotTwists) {
            return Err(RuleError::new(
                "The Golden Rules",
                "an enemy character's power says you can't play plot twists now",
            ));
        }
        if !self.team_requirement_met(seat, c) {
            return Err(RuleError::new(
                rule,
                "you need a face-up character of its team on your side",
            ));
        }
        Ok(())
    }

    /// The Super Powers `seat` could use now, each with every distinct way to pay.
    pub fn power_options(&self, seat: Seat, reactions: bool) -> Vec<Action> {
        let mut v = Vec::new();
        // Which Super Power timings could be used now at all; a character that prints
        // none of them (and copies nothing) is skipped without looking at its powers.
        let timings = if reactions {
            PowerSummary::timing_bit(Timing::Reaction)
        } else {
            let any_combat = Timing::Combat {
                any_turn: true,
                any_combat: true,
            };
            [Timing::Build, Timing::Main, any_combat]
                .into_iter()
                .filter(|&t| self.timing_ok(seat, t, None))
                .fold(0, |bits, t| bits | PowerSummary::timing_bit(t))
        };
        if timings == 0 {
            return v;
        }
        let ko_chars = self.players[seat]
            .ko_pile()
            .iter()
            .copied()
            .filter(|&c| self.def(c).is_character());
        let candidates: crate::query::CardList = self
            .characters_of(seat)
            .into_iter()
            .chain(ko_chars)
            .collect();
        // Without a location to flip or discard, no power with a cost can be paid
        // (Super Powers p.18): most of the time that rules out most powers at once.
        let p = &self.players[seat];
        let can_pay_something = p
            .resources()
            .iter()
            .any(|&r| self.card(r).face_up && self.def(r).is_location())
            || p.hand().iter().any(|&h| self.def(h).is_location());
        for c in candidates {
            if !self.may_have(c, |s| s.super_timings & timings != 0) {
                continue;
            }
            let mut active = None;
            // Actions name a power by its index among the powers the card has.
            for (index, held) in self.powers_of(c).into_iter().enumerate() {
                let PowerBody::Super(sp) = &self.power_def(held).body else {
                    continue;
                };
                if reactions != (sp.timing == Timing::Reaction) {
                    continue;
                }
                if !sp.cost.is_empty() && !can_pay_something {
                    continue;
                }
                if !reactions && !self.timing_ok(seat, sp.timing, Some(c)) {
                    continue;
                }
                let active = active.get_or_insert_with(|| self.active_powers(c));
                if !self.power_usable_here(c, held, sp, active) {
                    continue;
                }
                if self.check_power(seat, c, held, sp, reactions).is_err() {
                    continue;
                }
                for payment in self.payments(seat, c, &sp.cost) {
                    v.push(Action::UsePower {
                        card: c,
                        power: index as u8,
                        payment,
                    });
                }
            }
        }
        v
    }

    /// Does the power work where its card is? In play and face up as usual; while
    /// stunned only if it says "use this power only while stunned"; from the KO pile only
    /// if it brings the card back from there (Character Powers p.16). `active`: the
    /// card's active powers.
    fn power_usable_here(
        &self,
        c: CardId,
        held: crate::query::HeldPower,
        sp: &SuperPower,
        active: &[crate::query::HeldPower],
    ) -> bool {
        if active.contains(&held) {
            return true;
        }
        let says_stunned = matches!(&sp.only_if, Some(Cond::SelfStunned));
        if self.is_stunned(c) && says_stunned && !self.powers_lost(c) && held.from == c {
            return true;
        }
        self.card(c).zone() == Zone::KoPile
            && matches!(sp.effect.first(), Some(Step::SelfFromKoPile(_)))
            && held.from == c
    }

    fn check_power(
        &self,
        seat: Seat,
        c: CardId,
        held: crate::query::HeldPower,
        sp: &SuperPower,
        reaction: bool,
    ) -> Result<(), RuleError> {
        let (def, power) = (held.def, held.power);
        let rule = "Super Powers (p.18)";
        if !reaction && !self.timing_ok(seat, sp.timing, Some(c)) {
            return Err(RuleError::new(rule, "that Super Power can't be used now"));
        }
        if reaction {
            // Reaction Powers (p.19): only when their condition is met.
            let met = sp.reaction == Some(TriggerOn::EnemyUsesSuperPower)
                && self
                    .reactions
                    .last()
                    .is_some_and(|w| self.are_enemies(w.user, seat));
            if !met {
                return Err(RuleError::new(
                    "Reaction Powers (p.19)",
                    "its condition is not met",
                ));
            }
        }
        if sp
            .cost
            .iter()
            .any(|&sym| self.enemy_static(seat, |s| *s == Static::EnemiesCantUseSuperPowers(sym)))
        {
            return Err(RuleError::new(
                "The Golden Rules",
                "an enemy character's power says you can't use Super Powers with a symbol of its cost",
            ));
        }
        let p = &self.players[seat];
        let repeatable_now = (*sp.repeatable && !self.enemy_turn(seat)) || *sp.any_number_each_turn;
        if !repeatable_now
            && p.powers_used_this_turn.contains(&PowerUse {
                card: c,
                def,
                power,
                from: held.from,
            })
        {
            return Err(RuleError::new(
                rule,
                "you can't use the same Super Power more than once each turn",
            ));
        }
        // A once-per-game restriction follows the card whoever controls it (p.19): it is
        // recorded with the card's owner, so a use by an opponent who took control counts.
        let owner = &self.players[self.card(c).owner];
        if (sp.once_per_game || *sp.once_per_level)
            && owner.powers_used_this_game.contains(&(def, power))
        {
            return Err(RuleError::new(
                "Once Per Game Restrictions (p.19)",
                if sp.once_per_game {
                    "that power was already used this game"
                } else {
                    "that power was already used while this character was at this level"
                },
            ));
        }
        if let Some(cond) = &sp.only_if {
            if !self.cond_holds(cond, c, seat, None) {
                return Err(RuleError::new(rule, "that power's condition is not met"));
            }
        }
        if !self.has_targets(&sp.effect, c, seat) {
            return Err(RuleError::new(
                "Super Powers (p.18)",
                "that power must choose a character, and there is none it could choose",
            ));
        }
        Ok(())
    }

    /// A Super Power that begins by choosing characters can't be used when there
    /// is nothing to choose (ruling 77): its first choices ("choose ..." without "up to")
    /// must each have a legal choice now. Later choices depend on what the effect did
    /// first, so only the choices it opens with are checked.
    pub(crate) fn has_targets(&self, effect: &[Step], source: CardId, seat: Seat) -> bool {
        for step in effect {
            match step {
                Step::Choose(c) => {
                    if c.min > 0 && self.matching(&c.filter, source, seat).is_empty() {
                        return false;
                    }
                }
                _ => return true,
            }
        }
        true
    }

    /// Locations that can pay `sym` for a power of `for_char`: face-up ones in the
    /// resource row (flip) and ones in hand (discard). Team special locations only pay
    /// for their team's characters (Resources and Locations p.25).
    pub(crate) fn pays(&self, loc: CardId, sym: Symbol, for_char: CardId) -> bool {
        let d = self.def(loc);
        if !d.is_location() || !d.symbols.contains(&sym) {
            return false;
        }
        match d.kind {
            CardKind::SpecialLocation => {
                d.teams.iter().any(|t| self.teams_of(for_char).contains(t))
            }
            _ => true,
        }
    }

    /// Every distinct payment of `cost` (locations with the same definition and place
    /// are interchangeable, so only one of each is offered).
    pub fn payments(&self, seat: Seat, for_char: CardId, cost: &[Symbol]) -> Vec<Vec<Pay>> {
        let p = &self.players[seat];
        let mut sources: Vec<Pay> = p
            .resources()
            .iter()
            .filter(|&&r| self.card(r).face_up)
            .map(|&r| Pay::Flip(r))
            .chain(p.hand().iter().map(|&h| Pay::Discard(h)))
            .collect();
        sources.retain(|s| self.def(s.card()).is_location());
        let mut out: Vec<Vec<Pay>> = Vec::new();
        let mut seen: Vec<Vec<(DefId, bool)>> = Vec::new();
        let mut cur: Vec<Pay> = Vec::new();
        self.pay_rec(cost, &sources, for_char, &mut cur, &mut out, &mut seen);
        out
    }

    fn pay_rec(
        &self,
        cost: &[Symbol],
        sources: &[Pay],
        for_char: CardId,
        cur: &mut Vec<Pay>,
        out: &mut Vec<Vec<Pay>>,
        seen: &mut Vec<Vec<(DefId, bool)>>,
    ) {
        if out.len() >= 16 {
            return;
        }
        let Some((&sym, rest)) = cost.split_first() else {
            let mut key: Vec<(DefId, bool)> = cur
                .iter()
                .map(|p| (self.card(p.card()).def, matches!(p, Pay::Flip(_))))
                .collect();
            key.sort();
            if !seen.contains(&key) {
                seen.push(key);
                out.push(cur.clone());
            }
            return;
        };
        let mut tried: Vec<(DefId, bool)> = Vec::new();
        for &s in sources {
            if cur.contains(&s) || !self.pays(s.card(), sym, for_char) {
                continue;
            }
            let k = (self.card(s.card()).def, matches!(s, Pay::Flip(_)));
            if tried.contains(&k) {
                continue;
            }
            tried.push(k);
            cur.push(s);
            self.pay_rec(rest, sources, for_char, cur, out, seen);
            cur.pop();
        }
    }

    fn power_up_options(&self, seat: Seat) -> Vec<Action> {
        let mut v = Vec::new();
        let main_ok = self.is_turn_side(seat) && self.phase == Phase::Main && self.combat.is_none();
        let combat_ok = self
            .combat
            .as_ref()
            .is_some_and(|cb| cb.stage == CombatStage::Window && cb.window_seat == seat);
        if !main_ok && !combat_ok {
            return v;
        }
        for target in self.characters_of(seat) {
            if !self.card(target).face_up || (combat_ok && !self.in_combat(target)) {
                continue;
            }
            for &h in self.players[seat].hand() {
                if self.def(h).is_character()
                    && (self.def(h).shares_name_with(self.def(target))
                        || self.powers_up_with_any_character(target))
                {
                    v.push(Action::PowerUp { discard: h, target });
                }
            }
        }
        v
    }

    /// Why is `action` illegal now? Names the rule.
    pub fn explain_illegal(&self, action: &Action) -> RuleError {
        let Some(seat) = self.pending_seat() else {
            return RuleError::new("Ending the Game (p.13)", "the game is over");
        };
        // An action read from a file may name anything: the explanations below look
        // cards up, so a card that does not exist is answered before they run.
        if let Some(c) = action
            .cards()
            .into_iter()
            .find(|&c| c as usize >= self.cards.len())
        {
            return RuleError::new(
                "Decisions",
                format!(
                    "there is no card {c} in this game (cards are numbered 0 to {})",
                    self.cards.len().saturating_sub(1)
                ),
            );
        }
        match action {
            Action::Recruit { card, .. } => self.can_recruit(seat, *card).err(),
            Action::PlayPlotTwist { card } => self.can_play_plot_twist(seat, *card).err(),
            Action::PlayResource { card, face_up } => Some(if self.phase != Phase::Resource {
                RuleError::new("Resource Step (p.9)", "you may play a resource only in your Resource Step, once")
            } else if *face_up && !self.def(*card).is_location() {
                RuleError::new("Resource Step (p.9)", "only a Location may be played face up as a resource")
            } else {
                RuleError::new("Resource Step (p.9)", "that card is not in your hand")
            }),
            Action::Attack { attacker } if self.card(*attacker).exhausted => Some(RuleError::new(
                "Ready/Exhausted (p.7)",
                "only ready characters can be declared as attackers",
            )),
            Action::Attack { .. } | Action::Defender { .. } | Action::AddAttacker { .. } => Some(RuleError::new(
                "Declare a Combat (p.10)",
                "that attack is not legal (rows, protection, Flight, Ranged or Dodge forbid it)",
            )),
            Action::UsePower { card, power, .. } => Some(
                // Name the restriction that forbids it (once per turn, once per game, ...).
                self.cards
                    .get(*card as usize)
                    .and_then(|_| self.powers_of(*card).get(*power as usize).copied())
                    .and_then(|held| match &self.power_def(held).body {
                        PowerBody::Super(sp) => {
                            let reaction = matches!(self.pending, Pending::Reaction { .. });
                            self.check_power(seat, *card, held, sp, reaction).err()
                        }
                        _ => None,
                    })
                    .unwrap_or_else(|| {
                        RuleError::new(
                            "Super Powers (p.18)",
                            "that Super Power can't be used now, or the payment is not one of the offered ways to pay its cost",
                        )
                    }),
            ),
            Action::PlayEquipment { .. } => Some(RuleError::new(
                "Playing Equipment (p.15)",
                "equipment is played in your Recruit Step onto a face-up character on your side, paying its cost",
            )),
            Action::Move { card, .. }
                if (*card as usize) < self.cards.len() && self.cant_move(*card) =>
            {
                Some(RuleError::new(
                    "Game Terms: Switch (a character that can't move)",
                    "an effect says this character can't move: it stays in its row",
                ))
            }
            Action::Move { card, .. }
                if self.phase == Phase::Formation
                    && (*card as usize) < self.cards.len()
                    && self.has_keyword(*card, Keyword::Immobile) =>
            {
                Some(RuleError::new(
                    "Select Keyword Powers: Immobile",
                    "an Immobile character can't move in your Formation Step",
                ))
            }
            Action::Move { .. } if self.phase == Phase::Formation => Some(RuleError::new(
                "Formation Step (p.9)",
                "in the Formation Step each of your characters moves once, between your rows",
            )),
            Action::Move { .. } => Some(RuleError::new(
                "Select Keyword Powers: Mobile",
                "outside the Formation Step a character moves only with Mobile, once per turn, in your Main Phase outside combat",
            )),
            Action::PowerUp { .. } => Some(RuleError::new(
                "Power-Ups (p.24)",
                "discard a card with the same name as a face-up character on your side, as a Main or Combat action",
            )),
            _ => None,
        }
        .unwrap_or_else(|| {
            RuleError::new(
                "Decisions",
                format!(
                    "{:?} is not one of the legal answers to the pending decision ({:?})",
                    action, self.pending
                ),
            )
        })
    }

    pub fn check(&self, action: &Action) -> Result<(), RuleError> {
        // Every action, Super Power uses included, must be one of the offered options:
        // `apply` of an action not in `legal_actions` is refused (the kernel's contract).
        // A payment with an interchangeable location that was not offered (rulings: each
        // distinct payment is offered once) used to be accepted here.
        if self.legal().contains(action) {
            Ok(())
        } else {
            Err(self.explain_illegal(action))
        }
    }

    /// Perform a checked action, then settle.
    ///
    /// Every choice a player makes is in the log: a choice whose own lines don't say
    /// what was chosen is logged first, and any other that turns out to write nothing
    /// is logged after (an attack being declared is logged once its defender is chosen).
    pub fn perform(&mut self, action: &Action) {
        let seat = self.pending_seat().expect("checked");
        if !self.log.enabled {
            return self.perform_choice(seat, action);
        }
        let texts = self.choice_texts(seat, action);
        if self.choice_goes_unlogged(action) {
            self.log_choice(texts);
            return self.perform_choice(seat, action);
        }
        let declaring = matches!(action, Action::Attack { .. } | Action::AddAttacker { .. });
        let before = self.log.entries.len();
        self.perform_choice(seat, action);
        if !declaring && self.log.entries.len() == before {
            self.log_choice(texts);
        }
    }

    fn perform_choice(&mut self, seat: Seat, action: &Action) {
        match (&self.pending.clone(), action) {
            (Pending::ChooseFirst { .. }, Action::GoFirst(first)) => {
                let n = self.seats();
                self.first_seat = if self.two_headed() {
                    // The chooser's team goes first or second (2-Headed Teammates p.27).
                    let captain = seat - seat % 2;
                    if *first {
                        captain
                    } else {
                        (captain + 2) % n
                    }
                } else if *first {
                    seat
                } else {
                    (seat + 1) % n
                };
                self.first_chosen = true;
                self.turn_seat = self.first_seat;
                self.log(|g| format!("{} goes first.", g.players[g.first_seat].name));
            }
            (Pending::PlaceMain { .. }, Action::PlaceMain(row)) => {
                let m = self.players[seat].main;
                self.move_to(m, Zone::of_row(*row), seat);
                self.setup_done.push(seat);
            }
            (Pending::Mulligan { .. }, Action::Mulligan(yes)) => {
                if *yes {
                    self.return_hand_to_deck(seat);
                    self.draw(seat, 7);
                    self.log(|g| format!("{} mulligans.", g.players[seat].name));
                }
                self.players[seat].mulliganed = true;
            }
            (Pending::Act { .. }, a) => {
                self.perform_act(seat, a);
                if matches!(self.pending, Pending::Declare { .. }) {
                    // Declaring is a decision in progress: nothing to settle yet.
                    return;
                }
            }
            (Pending::Declare { attackers, .. }, Action::AddAttacker { card }) => {
                let mut a = attackers.clone();
                a.push(*card);
                self.pending = Pending::Declare { seat, attackers: a };
                return;
            }
            (Pending::Declare { attackers, .. }, Action::Defender { card }) => {
                self.declare_attack(attackers.clone(), *card);
            }
            (Pending::StrikeBack { .. }, Action::StrikeBackAt { card }) => {
                self.choose_strike_back(*card)
            }
            (Pending::OrderTriggers { .. }, Action::OrderTrigger { index }) => {
                let t = self.triggers.remove(*index as usize);
                self.ordered_triggers.push(t);
                if self.triggers.len() == 1 {
                    let t = self.triggers.remove(0);
                    self.ordered_triggers.push(t);
                }
                if self.triggers.is_empty() {
                    // The first chosen resolves first: it goes on top of the stack.
                    let mut ordered = std::mem::take(&mut self.ordered_triggers);
                    ordered.reverse();
                    for t in ordered {
                        self.frames.push(t.frame);
                    }
                }
            }
            (Pending::Effect { .. }, a) => self.answer_effect(a),
            (Pending::ChooseVersion { card: main, .. }, Action::Choose { card }) => {
                self.level_up_into(*main, *card, true)
            }
            (Pending::Reaction { .. }, Action::Pass) => {
                if let Some(w) = self.reactions.last_mut() {
                    w.to_ask.remove(seat);
                }
            }
            (
                Pending::Reaction { .. },
                Action::UsePower {
                    card,
                    power,
                    payment,
                },
            ) => {
                if let Some(w) = self.reactions.last_mut() {
                    w.to_ask.remove(seat);
                }
                let idx = self.reactions.len() - 1;
                self.use_power(seat, *card, *power, payment, Some(idx));
            }
            _ => {}
        }
        self.settle();
    }

    /// Whether performing `action` writes no log line of its own, so that the log must
    /// say what was chosen (every choice a player makes is in the log).
    fn choice_goes_unlogged(&self, action: &Action) -> bool {
        match (&self.pending, action) {
            (Pending::PlaceMain { .. }, _)
            | (Pending::Mulligan { .. }, Action::Mulligan(false)) => true,
            (Pending::Act { .. }, Action::Pass) => true,
            (Pending::StrikeBack { .. } | Pending::OrderTriggers { .. }, _) => true,
            (Pending::Reaction { .. }, Action::Pass) => true,
            // Choosing a character is logged with what it is chosen for.
            (Pending::Effect { .. }, Action::Choose { .. }) => false,
            (Pending::Effect { .. }, _) => true,
            _ => false,
        }
    }

    /// Log a choice (its text for each seat, [`GameState::choice_text`]): once if every
    /// seat reads it alike, else once per seat.
    fn choice_texts(&self, seat: Seat, action: &Action) -> Vec<String> {
        (0..self.players.len())
            .map(|viewer| self.choice_text(viewer, seat, action))
            .collect()
    }

    fn log_choice(&mut self, texts: Vec<String>) {
        if texts.iter().all(|t| *t == texts[0]) {
            let text = texts[0].clone();
            self.log(|_| text);
        } else {
            for (viewer, text) in texts.into_iter().enumerate() {
                self.log_private(viewer, |_| text);
            }
        }
    }

    /// A choice in the third person as `viewer` may read it (a hidden card is named by
    /// where it is).
    fn choice_text(&self, viewer: Seat, seat: Seat, action: &Action) -> String {
        let who = &self.players[seat].name;
        match (&self.pending, action) {
            (Pending::PlaceMain { .. }, Action::PlaceMain(row)) => format!(
                "{who} starts {} in the {} row.",
                self.name(self.players[seat].main),
                row_name(*row)
            ),
            (Pending::Mulligan { .. }, _) => format!("{who} keeps the opening hand."),
            (Pending::Act { .. }, Action::Pass) if self.combat.is_some() => {
                format!("{who} passes.")
            }
            (Pending::Act { .. }, Action::Pass) => match self.phase {
                Phase::Resource => format!("{who} plays no resource."),
                Phase::Recruit => format!("{who} ends the Recruit Step."),
                Phase::Formation => format!("{who} ends the Formation Step."),
                _ => format!("{who} ends the turn."),
            },
            (Pending::Reaction { .. }, _) => format!("{who} doesn't react."),
            (Pending::StrikeBack { .. }, Action::StrikeBackAt { card }) => {
                let defender = self.combat.as_ref().and_then(|c| c.defender);
                format!(
                    "{who} has {} strike back at {}.",
                    defender.map_or("the defender", |d| self.name(d)),
                    self.card_label(viewer, *card)
                )
            }
            (Pending::Effect { .. }, Action::Yes | Action::No) => format!(
                "{who} answers {} to {}",
                if *action == Action::Yes { "yes" } else { "no" },
                // The question as its answerer read it (questions name no hidden card).
                crossover_kernel::Presentation::prompt(self, seat).unwrap_or_default()
            ),
            _ => format!("{who} chose: {}.", self.describe(viewer, action)),
        }
    }

    fn perform_act(&mut self, seat: Seat, action: &Action) {
        let in_window = self.combat.is_some();
        match action {
            Action::PlayResource { card, face_up } => {
                self.move_to(*card, Zone::Resources, seat);
                self.set_face_up(*card, *face_up);
                self.players[seat].resource_played = true;
                if *face_up {
                    self.log(|g| {
                        format!(
                            "{} plays {} as a resource.",
                            g.players[seat].name,
                            g.name(*card)
                        )
                    });
                } else {
                    self.log(|g| format!("{} plays a resource face down.", g.players[seat].name));
                }
                self.fire(Event::ResourceGained { seat });
                self.after_resource_step(seat);
            }
            Action::Recruit { card, row } => {
                let p = &mut self.players[seat];
                let cost = self
                    .db
                    .get(self.cards[*card as usize].def)
                    .cost
                    .unwrap_or(0);
                let discount = p.recruit_discount.min(cost);
                let cost = cost - discount;
                p.recruit_discount -= discount;
                let teams = self.db.get(self.cards[*card as usize].def).teams.clone();
                let p = &mut self.players[seat];
                let team_discount = p
                    .team_discounts
                    .iter()
                    .filter(|(t, _)| teams.contains(t))
                    .fold(0u8, |sum, (_, n)| sum.saturating_add(*n));
                // The next character of the team uses them up, however much it costs.
                p.team_discounts.retain(|(t, _)| !teams.contains(t));
                p.recruit_points -= cost.saturating_sub(team_discount);
                self.log(|g| format!("{} recruits {}.", g.players[seat].name, g.name(*card)));
                // Paid: the card waits until its recruit triggers resolve (p.18).
                self.move_to(*card, Zone::Removed, seat);
                self.recruiting.push((*card, *row, seat));
                self.fire(Event::Recruited { seat, card: *card });
            }
            Action::PlayEquipment { card, on } => {
                let cost = self.def(*card).cost.unwrap_or(0);
                self.players[seat].recruit_points -= cost;
                if let Some(old) = self.card(*on).equipment {
                    // One equipment per character: the older one is KO'd (p.15).
                    let o = self.card(old).owner;
                    self.move_to(old, Zone::KoPile, o);
                }
                self.move_to(*card, Zone::Attached, seat);
                self.attach(*card, *on);
                self.log(|g| {
                    format!(
                        "{} equips {} with {}.",
                        g.players[seat].name,
                        g.name(*on),
                        g.name(*card)
                    )
                });
            }
            Action::PlayPlotTwist { card } => {
                let def = self.card(*card).def;
                self.log(|g| format!("{} plays {}.", g.players[seat].name, g.name(*card)));
                self.move_to(*card, Zone::Removed, seat);
                let mut frame = self.new_frame(EffectSource::PlotTwist { def }, *card, seat);
                frame.plot_twist = Some(*card);
                self.players[seat].plot_twists_this_turn += 1;
                self.frames.push(frame);
                self.fire(Event::PlotTwistPlayed { seat });
                if in_window {
                    self.window_next(false);
                }
            }
            Action::UsePower {
                card,
                power,
                payment,
            } => {
                self.use_power(seat, *card, *power, payment, None);
                if in_window {
                    self.window_next(false);
                }
            }
            Action::PowerUp { discard, target } => {
                self.discard(*discard);
                self.add_plus(*target, 1);
                self.log(|g| format!("{} powers up.", g.name(*target)));
                self.fire(Event::PoweredUp { card: *target });
                if in_window {
                    self.window_next(false);
                }
            }
            Action::Move { card, row } => {
                if self.phase == Phase::Formation {
                    self.players[seat].formation_moved.push(*card);
                } else {
                    self.players[seat].mobile_used.push(*card);
                }
                self.move_row(*card, *row);
            }
            Action::Attack { attacker } => {
                self.pending = Pending::Declare {
                    seat,
                    attackers: vec![*attacker],
                };
            }
            Action::Pass => match self.phase {
                Phase::Resource => self.after_resource_step(seat),
                Phase::Recruit => match self.next_teammate(seat) {
                    Some(mate) => self.acting = mate,
                    None => self.leave_recruit(),
                },
                Phase::Formation => {
                    self.players[seat].formation_moved.clear();
                    self.side_passes = 0;
                    self.phase = Phase::MainStart;
                }
                Phase::Main if in_window => self.window_next(true),
                Phase::Main if self.two_headed() => {
                    // Teammates take the Main Phase together: it ends when both pass
                    // in succession.
                    self.side_passes += 1;
                    let side = self.side(self.turn_seat);
                    if self.side_passes as usize >= side.len() {
                        self.phase = Phase::EndOfTurn;
                    } else {
                        self.acting = side.into_iter().find(|&s| s != seat).unwrap_or(seat);
                    }
                }
                Phase::Main => self.phase = Phase::EndOfTurn,
                _ => {}
            },
            _ => {}
        }
        if *action != Action::Pass && self.phase == Phase::Main && !in_window {
            self.side_passes = 0;
        }
    }

    /// A player's Resource Step is over; in 2-Headed the teammate's follows (p.27).
    fn after_resource_step(&mut self, seat: Seat) {
        match self.next_teammate(seat) {
            Some(mate) => self.acting = mate,
            None => self.enter_recruit(),
        }
    }

    /// Pay for and use a Super Power; it waits for reactions before resolving (p.19).
    fn use_power(
        &mut self,
        seat: Seat,
        card: CardId,
        power: u8,
        payment: &[Pay],
        reacting_to: Option<usize>,
    ) {
        let held = self.powers_of(card)[power as usize];
        let mut amplified = false;
        for pay in payment {
            match *pay {
                Pay::Flip(l) => self.set_face_up(l, false),
                Pay::Discard(l) => {
                    amplified = true;
                    self.discard(l);
                }
            }
        }
        let p = &mut self.players[seat];
        p.powers_used_this_turn.push(PowerUse {
            card,
            def: held.def,
            power: held.power,
            from: held.from,
        });
        // Recorded with the owner: Once Per Game Restrictions follow the card (p.19).
        let owner = self.card(card).owner;
        self.players[owner]
            .powers_used_this_game
            .push((held.def, held.power));
        let name = self.power_def(held).name.clone();
        self.log(|g| format!("{} uses {}.", g.name(card), name));
        let mut frame = self.new_frame(
            EffectSource::Power {
                def: held.def,
                power: held.power,
            },
            card,
            seat,
        );
        frame.amplified = amplified;
        frame.reacting_to = reacting_to;
        let cost = match &self.power_def(held).body {
            PowerBody::Super(sp) => sp.cost.clone(),
            _ => Vec::new(),
        };
        self.fire(Event::SuperPowerUsed { seat, cost });
        if reacting_to.is_some() {
            // A reaction resolves before the power it reacts to.
            self.frames.push(frame);
        } else {
            let to_ask = self.enemies_of(seat);
            self.reactions.push(ReactionWindow {
                frame,
                user: seat,
                to_ask: crossover_vs_core::PriorityWindow::new(to_ask.iter().copied()),
            });
        }
    }

    /// Offer reactions to the newest Super Power; when nobody reacts, it resolves.
    pub fn reaction_step(&mut self) -> Option<Pending> {
        loop {
            let w = self.reactions.last()?;
            if let Some(seat) = w.to_ask.asked() {
                if self.power_options(seat, true).is_empty() {
                    self.reactions.last_mut().unwrap().to_ask.pass();
                    continue;
                }
                return Some(Pending::Reaction { seat });
            }
            let w = self.reactions.pop().unwrap();
            if w.frame.cancelled {
                self.log(|_| "The Super Power is cancelled.".into());
            } else {
                self.frames.push(w.frame);
            }
            return None;
        }
    }
}

fn row_name(row: Row) -> &'static str {
    match row {
        Row::Front => "front",
        Row::Back => "back",
    }
}
