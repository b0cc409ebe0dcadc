//! Triggers (p.16): events that happened, the powers they trigger, and the queue the
//! turn player orders them from.

use crate::model::*;
use crate::state::*;
use crossover_kernel::Seat;

/// Something that happened that a "When / Whenever / At" power may listen for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Event {
    Appeared {
        card: CardId,
    },
    Attacks {
        attackers: Vec<CardId>,
        team: bool,
    },
    Attacked {
        defender: CardId,
    },
    Stunned {
        card: CardId,
        source: Option<CardId>,
        /// Other characters that are also sources: the rest of a team attack that
        /// stunned the defender (every character in combat with it, p.17).
        also: Vec<CardId>,
        /// Stunned by the strikes of a combat (not by a power or a daze).
        strike: bool,
    },
    Kod {
        card: CardId,
        source: Option<CardId>,
        /// Other sources: the rest of a team attack whose stun KO'd it (p.17).
        also: Vec<CardId>,
        controller: Seat,
    },
    StartOfTurn {
        seat: Seat,
    },
    EndOfTurn {
        seat: Seat,
    },
    StartOfBuild {
        seat: Seat,
    },
    StartOfMain {
        seat: Seat,
    },
    PlotTwistPlayed {
        seat: Seat,
    },
    SuperPowerUsed {
        seat: Seat,
        /// The symbols of the power's cost ("an [Energy] Super Power").
        cost: Vec<Symbol>,
    },
    PoweredUp {
        card: CardId,
    },
    LeftHand {
        seat: Seat,
    },
    Recruited {
        seat: Seat,
        card: CardId,
    },
    ResourceGained {
        seat: Seat,
    },
    Survived {
        card: CardId,
    },
    /// A character got wounded (by a stun or an effect).
    Wounded {
        card: CardId,
        source: Option<CardId>,
    },
    /// A player drew one or more cards.
    Drew {
        seat: Seat,
    },
}

impl Event {
    pub fn kind(&self) -> EventKind {
        match self {
            Event::Appeared { .. } => EventKind::Appeared,
            Event::Attacks { .. } => EventKind::Attacks,
            Event::Attacked { .. } => EventKind::Attacked,
            Event::Stunned { .. } => EventKind::Stunned,
            Event::Kod { .. } => EventKind::Kod,
            Event::StartOfTurn { .. } => EventKind::StartOfTurn,
            Event::EndOfTurn { .. } => EventKind::EndOfTurn,
            Event::StartOfBuild { .. } => EventKind::StartOfBuild,
            Event::StartOfMain { .. } => EventKind::StartOfMain,
            Event::PlotTwistPlayed { .. } => EventKind::PlotTwistPlayed,
            Event::SuperPowerUsed { .. } => EventKind::SuperPowerUsed,
            Event::PoweredUp { .. } => EventKind::PoweredUp,
            Event::LeftHand { .. } => EventKind::LeftHand,
            Event::Recruited { .. } => EventKind::Recruited,
            Event::ResourceGained { .. } => EventKind::ResourceGained,
            Event::Survived { .. } => EventKind::Survived,
            Event::Wounded { .. } => EventKind::Wounded,
            Event::Drew { .. } => EventKind::Drew,
        }
    }
}

impl GameState {
    /// Fire an event: queue every trigger it causes now.
    pub fn fire(&mut self, event: Event) {
        let t = self.collect_triggers(&event);
        self.queue_triggers(t);
    }

    pub fn queue_triggers(&mut self, t: Vec<QueuedTrigger>) {
        // A delayed trigger stops once its event has happened, unless it repeats; expired
        // ones are dropped.
        for q in &t {
            if let EffectSource::Delayed { .. } = &q.frame.source {
                let once = !delayed_step(&self.db, &q.frame.source).is_some_and(|d| d.repeat);
                if once {
                    let (src, card) = (&q.frame.source, q.frame.card);
                    self.delayed
                        .retain(|d| !(d.source == *src && d.card == card));
                }
            }
        }
        if !self.delayed.is_empty() {
            let keep: Vec<bool> = self
                .delayed
                .iter()
                .map(|d| self.delayed_active(d))
                .collect();
            let mut i = 0;
            self.delayed.retain(|_| {
                i += 1;
                keep[i - 1]
            });
        }
        // A once-per-turn trigger is used up for the turn as it triggers.
        for q in &t {
            if let EffectSource::Power { def, power } = q.frame.source {
                let once = self.db.get(def).powers.get(power as usize).is_some_and(
                    |p| matches!(&p.body, PowerBody::Triggered(tr) if *tr.once_per_turn),
                );
                if once {
                    let used = once_per_turn_use(q.frame.card, def, power);
                    self.players[q.controller].powers_used_this_turn.push(used);
                }
            }
        }
        self.triggers.extend(t);
    }

    /// Which powers does `event` trigger, judged on the current state (call it before
    /// the change for look-back events: stun, KO, leaving play).
    pub fn collect_triggers(&self, event: &Event) -> Vec<QueuedTrigger> {
        let mut out = Vec::new();
        self.collect_delayed(event, &mut out);
        // "When you recruit this": the card is paid for but not in play yet (p.18).
        if let Event::Recruited { seat, card } = event {
            let def = self.card(*card).def;
            for (i, p) in self.db.get(def).powers.iter().enumerate() {
                if let PowerBody::Triggered(t) = &p.body {
                    if t.on == TriggerOn::SelfRecruited {
                        let mut frame = self.new_frame(
                            EffectSource::Power {
                                def,
                                power: i as u8,
                            },
                            *card,
                            *seat,
                        );
                        frame.subject = Some(*card);
                        out.push(QueuedTrigger {
                            controller: *seat,
                            frame,
                        });
                    }
                }
            }
        }
        // Only cards whose powers listen for this kind of event need their powers read.
        let kind = event.kind().bit();
        for c in self.all_characters() {
            let controller = self.card(c).controller;
            let may_trigger = self.may_have(c, |s| s.listens & kind != 0);
            let powers = if may_trigger {
                self.active_powers(c)
            } else {
                Default::default()
            };
            for held in powers {
                let power = self.power_def(held);
                let (trig, source) = match &power.body {
                    PowerBody::Triggered(t) => (
                        t,
                        EffectSource::Power {
                            def: held.def,
                            power: held.power,
                        },
                    ),
                    PowerBody::LevelUp { trigger, .. } => {
                        // Level Up powers only work on a main character, or an original main
                        // character demoted to supporting: it still levels (p.23).
                        let owner = self.card(c).owner;
                        if !self.card(c).main && self.players[owner].main != c {
                            continue;
                        }
                        (
                            trigger,
                            EffectSource::LevelUp {
                                def: held.def,
                                power: held.power,
                            },
                        )
                    }
                    PowerBody::Keyword(k) => {
                        if let Some(q) = self.keyword_trigger(*k, c, controller, event) {
                            out.push(q);
                        }
                        continue;
                    }
                    _ => continue,
                };
                let Some(subject) = self.trigger_matches(&trig.on, c, controller, event) else {
                    continue;
                };
                if *trig.once_per_turn
                    && self.players[controller]
                        .powers_used_this_turn
                        .contains(&once_per_turn_use(c, held.def, held.power))
                {
                    continue;
                }
                if let Some(w) = &trig.while_cond {
                    if !self.cond_holds(w, c, controller, None) {
                        continue;
                    }
                }
                if let Some(i) = &trig.if_cond {
                    if !self.cond_holds(i, c, controller, None) {
                        continue;
                    }
                }
                let mut frame = self.new_frame(source, c, controller);
                frame.recheck_if = trig.if_cond.is_some();
                frame.subject = subject;
                out.push(QueuedTrigger { controller, frame });
            }
            // Granted keywords (modifiers, side-wide) also trigger.
            for k in [Keyword::Berserker, Keyword::Inspire, Keyword::Shrink] {
                // Asked in this order because most events trigger no keyword at all.
                let Some(q) = self.keyword_trigger(k, c, controller, event) else {
                    continue;
                };
                if self.has_keyword(c, k)
                    && !self
                        .active_powers(c)
                        .iter()
                        .any(|p| self.power_def(*p).body == PowerBody::Keyword(k))
                {
                    out.push(q);
                }
            }
        }
        out
    }

    /// How a queued trigger is named to players: its card and power, e.g.
    /// "Gamora: Deadliest Woman in the Galaxy". Built only when shown.
    pub fn trigger_text(&self, t: &QueuedTrigger) -> String {
        let power_name = |source: &EffectSource| match source {
            EffectSource::Power { def, power } | EffectSource::LevelUp { def, power } => {
                Some(self.db.get(*def).powers[*power as usize].name.clone())
            }
            EffectSource::Keyword(k) => Some(k.name().to_string()),
            _ => None,
        };
        let what = match &t.frame.source {
            EffectSource::Delayed { parent, .. } => power_name(parent),
            source => power_name(source),
        }
        .unwrap_or_else(|| "delayed trigger".to_string());
        format!("{}: {what}", self.name(t.frame.card))
    }

    pub fn new_frame(&self, source: EffectSource, card: CardId, controller: Seat) -> Frame {
        Frame {
            source,
            card,
            card_epoch: self.card(card).epoch,
            controller,
            pc: 0,
            slots: Vec::new(),
            player_slots: Vec::new(),
            amplified: false,
            last_count: 0,
            recheck_if: false,
            reacting_to: None,
            cancelled: false,
            plot_twist: None,
            subject: None,
            row_slots: Vec::new(),
            named: None,
            shuffle_plot_twist: false,
        }
    }

    /// Is the delayed trigger still within its duration?
    pub fn delayed_active(&self, d: &DelayedTrigger) -> bool {
        let Some(duration) = delayed_step(&self.db, &d.source).map(|d| d.duration) else {
            return false;
        };
        match duration {
            Duration::ThisCombat => d.combat.is_some() && d.combat == self.combat_key(),
            Duration::ThisTurn => d.turn == self.turn,
            Duration::UntilStartOfNextTurn => d.turn == self.turn,
            Duration::UntilSourceStunnedOrLeaves | Duration::Permanent => true,
        }
    }

    /// Identifies the current combat: turn, attacking seat and its attack number.
    pub fn combat_key(&self) -> Option<(u32, Seat, u8)> {
        self.combat.as_ref().map(|c| {
            (
                self.turn,
                c.attacking_seat,
                self.players[c.attacking_seat].attacks_this_turn,
            )
        })
    }

    /// The delayed triggers `event` sets off (Delayed Trigger Modifiers p.22).
    fn collect_delayed(&self, event: &Event, out: &mut Vec<QueuedTrigger>) {
        for d in &self.delayed {
            if !self.delayed_active(d) {
                continue;
            }
            let Some(crate::verbs::Delayed {
                on,
                if_cond,
                while_cond,
                ..
            }) = delayed_step(&self.db, &d.source)
            else {
                continue;
            };
            // It belongs to that object: a card that left play and came back is new. A
            // trigger watching another character follows that one.
            let (c, epoch) = d.watch.unwrap_or((d.card, d.card_epoch));
            if self.card(c).epoch != epoch {
                continue;
            }
            let Some(subject) = self.trigger_matches(on, c, d.controller, event) else {
                continue;
            };
            if let Some(w) = while_cond {
                if !self.cond_holds(w, c, d.controller, None) {
                    continue;
                }
            }
            if let Some(i) = if_cond {
                if !self.cond_holds(i, c, d.controller, None) {
                    continue;
                }
            }
            let mut frame = self.new_frame(d.source.clone(), d.card, d.controller);
            frame.card_epoch = d.card_epoch;
            frame.recheck_if = if_cond.is_some();
            frame.subject = subject;
            frame.slots = d.slots.clone();
            frame.player_slots = d.player_slots.clone();
            // Named after the power that created it.
            out.push(QueuedTrigger {
                controller: d.controller,
                frame,
            });
        }
    }

    /// Keywords that are triggers (Select Keyword Powers p.31). A keyword added here must
    /// also name its event in `Keyword::trigger_event`, or `collect_triggers` never asks.
    fn keyword_trigger(
        &self,
        k: Keyword,
        c: CardId,
        controller: Seat,
        event: &Event,
    ) -> Option<QueuedTrigger> {
        let hook = |subject: Option<CardId>| {
            let mut frame = self.new_frame(EffectSource::Keyword(k), c, controller);
            frame.subject = subject;
            frame.slots = vec![vec![]];
            Some(QueuedTrigger { controller, frame })
        };
        match (k, event) {
            (Keyword::Berserker, Event::Attacks { attackers, .. }) if attackers.contains(&c) => {
                hook(Some(c))
            }
            (Keyword::Inspire, Event::Appeared { card })
                if *card != c && self.same_side(self.card(*card).controller, controller) =>
            {
                hook(Some(*card))
            }
            (Keyword::Shrink, Event::Attacked { defender })
                if *defender == c && !self.players[controller].shrink_used.contains(&c) =>
            {
                hook(Some(c))
            }
            (Keyword::Schemer, Event::PlotTwistPlayed { seat })
                if *seat == controller && self.players[controller].plot_twists_this_turn == 1 =>
            {
                hook(None)
            }
            _ => None,
        }
    }

    /// Does trigger `on` of character `c` match the event? Returns the subject.
    fn trigger_matches(
        &self,
        on: &TriggerOn,
        c: CardId,
        controller: Seat,
        event: &Event,
    ) -> Option<Option<CardId>> {
        let yes = |s: Option<CardId>| Some(s);
        match (on, event) {
            (TriggerOn::SelfAppears, Event::Appeared { card }) if *card == c => yes(Some(c)),
            (TriggerOn::OtherAppearsOnYourSide, Event::Appeared { card })
                if *card != c && self.same_side(self.card(*card).controller, controller) =>
            {
                yes(Some(*card))
            }
            (TriggerOn::Appears { filter }, Event::Appeared { card })
                if self.matches(filter, *card, c, controller) =>
            {
                yes(Some(*card))
            }
            (TriggerOn::EnemyAppears, Event::Appeared { card })
                if self.are_enemies(self.card(*card).controller, controller) =>
            {
                yes(Some(*card))
            }
            (TriggerOn::SelfAttacks, Event::Attacks { attackers, .. })
                if attackers.contains(&c) =>
            {
                yes(Some(c))
            }
            (
                TriggerOn::SelfTeamAttacks,
                Event::Attacks {
                    attackers,
                    team: true,
                },
            ) if attackers.contains(&c) => yes(Some(c)),
            (TriggerOn::SelfAttacked { first_each_turn }, Event::Attacked { defender })
                if *defender == c =>
            {
                if *first_each_turn && self.attacked_this_turn.contains(&c) {
                    None
                } else {
                    yes(Some(c))
                }
            }
            (TriggerOn::SelfStunned, Event::Stunned { card, .. }) if *card == c => yes(Some(c)),
            (TriggerOn::SelfKod, Event::Kod { card, .. }) if *card == c => yes(Some(c)),
            (
                TriggerOn::OtherYoursKod,
                Event::Kod {
                    controller: victim,
                    card,
                    ..
                },
            ) if *card != c && self.same_side(*victim, controller) => yes(Some(*card)),
            (
                TriggerOn::SelfKosEnemy,
                Event::Kod {
                    controller: victim,
                    card,
                    source: Some(s),
                    ..
                },
            ) if *s == c && self.are_enemies(*victim, controller) => yes(Some(*card)),
            (
                TriggerOn::SelfStunsEnemy {
                    team_attacking,
                    solo_defender,
                    main_only,
                },
                Event::Stunned {
                    card, source, also, ..
                },
            ) if (*source == Some(c) || also.contains(&c))
                && self.are_enemies(self.card(*card).controller, controller) =>
            {
                let cb = self.combat.as_ref();
                if *team_attacking
                    && !(self.is_attacking(c) && cb.is_some_and(|x| x.is_team_attack()))
                {
                    return None;
                }
                if *solo_defender
                    && !(self.is_attacking(c)
                        && cb.is_some_and(|x| !x.is_team_attack() && x.defender == Some(*card)))
                {
                    return None;
                }
                if *main_only && !self.card(*card).main {
                    return None;
                }
                yes(Some(*card))
            }
            (TriggerOn::EnemyStunned, Event::Stunned { card, .. })
                if self.are_enemies(self.card(*card).controller, controller) =>
            {
                yes(Some(*card))
            }
            (
                TriggerOn::EnemyKod,
                Event::Kod {
                    controller: victim,
                    card,
                    ..
                },
            ) if self.are_enemies(*victim, controller) => yes(Some(*card)),
            (TriggerOn::StartOfYourTurn, Event::StartOfTurn { seat }) if *seat == controller => {
                yes(None)
            }
            (TriggerOn::EndOfYourTurn, Event::EndOfTurn { seat }) if *seat == controller => {
                yes(None)
            }
            (TriggerOn::StartOfYourBuild, Event::StartOfBuild { seat }) if *seat == controller => {
                yes(None)
            }
            (TriggerOn::StartOfYourMain, Event::StartOfMain { seat }) if *seat == controller => {
                yes(None)
            }
            (TriggerOn::YouPlayPlotTwist { first_each_turn }, Event::PlotTwistPlayed { seat })
                if *seat == controller
                    && (!first_each_turn
                        || self.players[controller].plot_twists_this_turn == 1) =>
            {
                yes(None)
            }
            (TriggerOn::YouUseSuperPowerWith(sym), Event::SuperPowerUsed { seat, cost })
                if *seat == controller && cost.contains(sym) =>
            {
                yes(None)
            }
            (
                TriggerOn::YouTeamAttack,
                Event::Attacks {
                    attackers,
                    team: true,
                },
            ) if attackers
                .iter()
                .any(|&a| self.same_side(self.card(a).controller, controller)) =>
            {
                yes(None)
            }
            (TriggerOn::YouUseSuperPower, Event::SuperPowerUsed { seat, .. })
                if *seat == controller =>
            {
                yes(None)
            }
            (TriggerOn::EnemyUsesSuperPower, Event::SuperPowerUsed { seat, .. })
                if self.are_enemies(*seat, controller) =>
            {
                yes(None)
            }
            (TriggerOn::SelfPowersUp, Event::PoweredUp { card }) if *card == c => yes(Some(c)),
            (
                TriggerOn::SelfKos { filter },
                Event::Kod {
                    card, source, also, ..
                },
            ) if (*source == Some(c) || also.contains(&c))
                && *card != c
                && self.matches(filter, *card, c, controller) =>
            {
                yes(Some(*card))
            }
            (TriggerOn::YourCharacterPowersUp, Event::PoweredUp { card })
                if self.same_side(self.card(*card).controller, controller) =>
            {
                yes(Some(*card))
            }
            (TriggerOn::CardLeavesYourHand, Event::LeftHand { seat }) if *seat == controller => {
                yes(None)
            }
            (TriggerOn::YouRecruit, Event::Recruited { seat, card }) if *seat == controller => {
                yes(Some(*card))
            }
            (TriggerOn::YouGainResource, Event::ResourceGained { seat }) if *seat == controller => {
                yes(None)
            }
            (TriggerOn::YouDraw, Event::Drew { seat }) if *seat == controller => yes(None),
            (TriggerOn::SelfSurvives, Event::Survived { card }) if *card == c => yes(Some(c)),
            (TriggerOn::SelfWounded, Event::Wounded { card, .. }) if *card == c => yes(Some(c)),
            (TriggerOn::Wounded { filter }, Event::Wounded { card, .. })
                if self.matches(filter, *card, c, controller) =>
            {
                yes(Some(*card))
            }
            (
                TriggerOn::SelfStuns { filter, in_combat },
                Event::Stunned {
                    card,
                    source,
                    also,
                    strike,
                },
            ) if (*source == Some(c) || also.contains(&c))
                && (*strike || !in_combat.0)
                && self.matches(filter, *card, c, controller) =>
            {
                yes(Some(*card))
            }
            _ => None,
        }
    }

    /// Tough: "when this character gets stunned, you may recover it" (p.31).
    pub fn queue_tough(&mut self, c: CardId) {
        let controller = self.card(c).controller;
        let mut frame = self.new_frame(EffectSource::Keyword(Keyword::Tough), c, controller);
        frame.subject = Some(c);
        self.triggers.push(QueuedTrigger { controller, frame });
    }
}

/// How a once-per-turn trigger is recorded among the powers used this turn (cleared as
/// the turn ends, like a Super Power's once-each-turn use).
fn once_per_turn_use(card: CardId, def: DefId, power: u8) -> PowerUse {
    PowerUse {
        card,
        def,
        power,
        from: card,
    }
}
