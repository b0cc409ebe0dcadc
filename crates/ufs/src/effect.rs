//! Executing an effect's steps (J.1): one step at a time, each as much as it can
//! (J.1.2), with the numbers read when the step is executed (J.4).

use crate::ability::*;
use crate::state::*;

impl GameState {
    fn players_of(&self, controller: u8, who: Who) -> Vec<u8> {
        match who {
            Who::You => vec![controller],
            Who::Opponent => vec![1 - controller],
            // Each player, the active player first (K.1.3).
            Who::Each => vec![self.active, 1 - self.active],
        }
    }

    pub(crate) fn amount(&self, controller: u8, a: &Amount) -> i16 {
        match a {
            Amount::N(n) => i16::from(*n),
            Amount::Momentum(who) => self
                .players_of(controller, *who)
                .iter()
                .map(|&p| self.player(p).momentum.len() as i16)
                .sum(),
            Amount::HandSize => self.hand_size(controller) as i16,
            Amount::VitalityLost => self.windows.last().map_or(0, |w| match w.event {
                Event::LoseVitality { amount, .. } => amount,
                _ => 0,
            }),
            Amount::HandLead => {
                let mine = self.player(controller).hand.len() as i16;
                let theirs = self.player(1 - controller).hand.len() as i16;
                (mine - theirs).max(0)
            }
        }
    }

    /// The current attack, if `r` names it for `controller` (K.3.4, K.3.4.1).
    fn attack_for(&self, controller: u8, r: &AttackRef) -> bool {
        let Some(a) = &self.attack else {
            return false;
        };
        match r {
            AttackRef::This => true,
            AttackRef::Yours(trait_) => {
                a.attacker == controller && trait_.as_ref().is_none_or(|k| self.def(a.card).has(k))
            }
        }
    }

    pub(crate) fn condition(&self, controller: u8, c: &Condition) -> bool {
        match c {
            Condition::DamageBelow(n) => self
                .attack
                .as_ref()
                .is_some_and(|a| a.damage < i16::from(*n)),
            Condition::YourAttackHasSymbol(s) => self
                .attack
                .as_ref()
                .is_some_and(|a| a.attacker == controller && self.def(a.card).symbols.has(*s)),
        }
    }

    /// Executes `steps` for `controller` one at a time (J.1.2), then goes on with
    /// `then`. A step whose game event opens a response window halts the effect
    /// (H.2.3.2.2): the steps left wait in the window's continuation.
    pub(crate) fn run_effect(&mut self, controller: u8, steps: Vec<Effect>, then: Resume) {
        let mut queue: std::collections::VecDeque<Effect> = steps.into();
        while let Some(step) = queue.pop_front() {
            match step {
                Effect::If(c, inner) => {
                    if self.condition(controller, &c) {
                        for s in inner.into_iter().rev() {
                            queue.push_front(s);
                        }
                    }
                    continue;
                }
                // Steps that ask a player: the rest of the effect waits in the choice.
                Effect::May(who, steps) => {
                    let decider = self.players_of(controller, who)[0];
                    let rest = Resume::Effect {
                        controller,
                        rest: queue.into(),
                        then: Box::new(then),
                    };
                    self.choice = Some(Choice::May {
                        controller,
                        steps,
                        then: Box::new(rest),
                    });
                    self.pending = Pending::Choose(decider);
                    return;
                }
                Effect::RemovedToHand { n, up_to, kind } => {
                    if n == 0 || self.removed_choices(controller, kind).is_empty() {
                        continue;
                    }
                    let rest = Resume::Effect {
                        controller,
                        rest: queue.into(),
                        then: Box::new(then),
                    };
                    self.choice = Some(Choice::FromRemoved {
                        kind,
                        left: n,
                        up_to,
                        then: Box::new(rest),
                    });
                    self.pending = Pending::Choose(controller);
                    return;
                }
                _ => {}
            }
            let events = self.execute_step(controller, &step);
            if self.result.is_some() {
                return;
            }
            if let Some((first, others)) = events.split_first() {
                let mut after = Resume::Effect {
                    controller,
                    rest: queue.into(),
                    then: Box::new(then),
                };
                for e in others.iter().rev() {
                    after = Resume::Event(e.clone(), Box::new(after));
                }
                self.event(first.clone(), after);
                return;
            }
        }
        self.resume(then);
    }

    /// The cards in `p`'s removed-from-game zone of the kind an effect names.
    pub(crate) fn removed_choices(&self, p: u8, kind: Option<CardKind>) -> Vec<CardId> {
        self.player(p)
            .removed
            .iter()
            .copied()
            .filter(|&c| kind.is_none_or(|k| k.is(&self.def(c).kind)))
            .collect()
    }

    /// `p` answers "you may": the steps happen or not, then the effect goes on.
    pub(crate) fn decide_may(&mut self, p: u8, yes: bool) {
        let Some(Choice::May {
            controller,
            steps,
            then,
        }) = self.choice.take()
        else {
            return;
        };
        self.say(|s| {
            format!(
                "{} {}.",
                s.seat_name(p),
                if yes { "does so" } else { "declines" }
            )
        });
        if yes {
            self.run_effect(controller, steps, *then);
        } else {
            self.resume(*then);
        }
    }

    /// "Up to N": the player takes no more.
    pub(crate) fn stop_choosing(&mut self) {
        if let Some(Choice::FromRemoved { then, .. }) = self.choice.take() {
            self.resume(*then);
        }
    }

    /// The check under way, if there is one.
    fn check_mut(&mut self) -> Option<&mut Check> {
        self.check.as_mut()
    }

    /// Executes one step; returns the game events it caused that responses may answer.
    fn execute_step(&mut self, controller: u8, step: &Effect) -> Vec<Event> {
        let mut events = Vec::new();
        match step {
            Effect::Gets {
                attack,
                speed,
                damage,
            } => {
                if !self.attack_for(controller, attack) {
                    self.say(|_| "The effect finds no attack to change.".into());
                    return events;
                }
                let d = self.amount(controller, &damage.amount);
                let d = if damage.minus { -d } else { d };
                if let Some(a) = self.attack.as_mut() {
                    a.speed = a.speed.saturating_add(i16::from(*speed));
                    a.damage = a.damage.saturating_add(d);
                }
                let (sp, dm) = self.attack.as_ref().map_or((0, 0), |a| (a.speed, a.damage));
                self.say(|_| format!("The attack is now speed {sp}, damage {dm}."));
            }
            Effect::Draw(who, n) => {
                for p in self.players_of(controller, *who) {
                    for _ in 0..self.amount(controller, n).max(0) {
                        if !self.draw(p) {
                            return events;
                        }
                    }
                    let n = self.amount(controller, n).max(0);
                    self.say(|s| format!("{} draws {n}.", s.seat_name(p)));
                }
            }
            Effect::DiscardRandom(who, n) => {
                let count = self.amount(controller, n).max(0);
                for p in self.players_of(controller, *who) {
                    for _ in 0..count {
                        let hand = self.player(p).hand.len();
                        if hand == 0 {
                            break;
                        }
                        let i = self.rng.below(hand);
                        let c = self.player(p).hand[i];
                        self.move_card(c, Place::Discard);
                        self.say(|s| {
                            format!("{} discards {} at random.", s.seat_name(p), s.name_of(c))
                        });
                    }
                }
            }
            Effect::DiscardMomentum(who, n) => {
                let count = self.amount(controller, n).max(0);
                for p in self.players_of(controller, *who) {
                    let mut done = 0;
                    for _ in 0..count {
                        let Some(&c) = self.player(p).momentum.last() else {
                            break;
                        };
                        self.move_card(c, Place::Discard);
                        done += 1;
                    }
                    self.say(|s| format!("{} discards {done} momentum.", s.seat_name(p)));
                }
            }
            Effect::GainVitality(who, n) => {
                let n = self.amount(controller, n).max(0);
                for p in self.players_of(controller, *who) {
                    // J.5.1: vitality can't go above the character's maximum.
                    let max = self.max_vitality(p);
                    let pl = self.player_mut(p);
                    pl.vitality = pl.vitality.saturating_add(n).min(max.max(pl.vitality));
                    self.say(|s| {
                        format!(
                            "{} is at {} vitality.",
                            s.seat_name(p),
                            s.player(p).vitality
                        )
                    });
                }
            }
            Effect::TakeDamage(who, n) => {
                let n = self.amount(controller, n).max(0);
                for p in self.players_of(controller, *who) {
                    if n == 0 {
                        continue;
                    }
                    let pl = self.player_mut(p);
                    pl.vitality = pl.vitality.saturating_sub(n);
                    self.say(|s| {
                        format!(
                            "{} takes {n} damage ({} left).",
                            s.seat_name(p),
                            s.player(p).vitality
                        )
                    });
                    events.push(Event::LoseVitality {
                        player: p,
                        amount: n,
                        attack: None,
                        by: controller,
                    });
                }
            }
            Effect::LoseVitality(who, n, floor) => {
                let n = self.amount(controller, n).max(0);
                for p in self.players_of(controller, *who) {
                    let pl = self.player_mut(p);
                    let before = pl.vitality;
                    let lowest = floor.map_or(i16::MIN, i16::from).min(before);
                    pl.vitality = pl.vitality.saturating_sub(n).max(lowest);
                    let lost = before - pl.vitality;
                    self.say(|s| {
                        format!(
                            "{} loses {lost} vitality ({} left).",
                            s.seat_name(p),
                            s.player(p).vitality
                        )
                    });
                    if lost > 0 {
                        events.push(Event::LoseVitality {
                            player: p,
                            amount: lost,
                            attack: None,
                            by: controller,
                        });
                    }
                }
            }
            Effect::If(..) | Effect::May(..) | Effect::RemovedToHand { .. } => {
                unreachable!("run_effect handles the steps that ask or splice")
            }
            Effect::IfYouBlock(then) => {
                if let Some(a) = self.attack.as_mut() {
                    a.fired.push(Fired {
                        controller,
                        yours_only: false,
                        when: FiredWhen::Block,
                        then: then.clone(),
                    });
                }
            }
            Effect::ReCheck => {
                if let Some(ch) = self.check_mut() {
                    // E.3.3.1: a re-check can't be re-checked.
                    if !ch.is_recheck {
                        ch.recheck = true;
                        self.say(|_| "The check will be re-checked (E.3.3).".into());
                    }
                }
            }
            Effect::CheckedCardToHand => {
                let checked = self.check.as_ref().and_then(|ch| ch.checked);
                if let Some(c) = checked {
                    let owner = self.card(c).owner;
                    if self.player(owner).discard.last() == Some(&c) {
                        self.move_card(c, Place::Hand);
                        self.say(|s| {
                            format!(
                                "{} puts the checked card, {}, into their hand.",
                                s.seat_name(owner),
                                s.name_of(c)
                            )
                        });
                    }
                }
            }
            Effect::CheckGets(n) => {
                if let Some(ch) = self.check_mut() {
                    ch.value = ch.value.saturating_add(i16::from(*n));
                    let v = ch.value;
                    self.say(|_| format!("The check is now {v}."));
                }
            }
            Effect::CheckSucceeds => {
                if let Some(ch) = self.check_mut() {
                    ch.succeeds = true;
                }
            }
            Effect::NextCardDifficulty(who, n) => {
                for p in self.players_of(controller, *who) {
                    let pl = self.player_mut(p);
                    pl.next_card_difficulty = pl.next_card_difficulty.saturating_add(i16::from(*n));
                    self.say(|s| {
                        format!(
                            "The next card {} attempts to play this turn gets +{n} difficulty.",
                            s.seat_name(p)
                        )
                    });
                }
            }
            Effect::IfDealsDamage { yours_only, then } => {
                if let Some(a) = self.attack.as_mut() {
                    a.fired.push(Fired {
                        controller,
                        yours_only: *yours_only,
                        when: FiredWhen::Damage,
                        then: then.clone(),
                    });
                }
            }
        }
        events
    }
}
