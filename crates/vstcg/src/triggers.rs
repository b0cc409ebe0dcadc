//! Triggered powers (502): events make them wait, and before anyone gets priority they
//! go on the chain, the primary player's first, each player ordering their own (506.2).

use crate::ids::*;
use crate::power::*;
use crate::state::*;
use crate::vocab::Grant;
use crossover_kernel::small::SmallVec;

impl GameState {
    /// The objects in play — characters, equipment and resources — of every player
    /// (`None`) or of one whose cards have a triggered power, listed before any fires.
    pub(crate) fn objects_with_triggers(&self, of: Option<PlayerId>) -> SmallVec<CardId, 16> {
        let mut out = SmallVec::new();
        for (i, p) in self.players.iter().enumerate() {
            if of.is_some_and(|q| q as usize != i) {
                continue;
            }
            for list in [&p.characters, &p.equipment, &p.resources] {
                for &c in list {
                    // Only a card with a triggered power can trigger (most have none).
                    if self.action_kind(c) & ActionKind::TRIGGERS != 0 && self.def(c).triggers {
                        out.push(c);
                    }
                }
            }
        }
        out
    }

    /// The powers of `card` that wait for `event` about itself: its text must be active
    /// (or, for becoming stunned, have been active just before, 502.4: call this first).
    pub(crate) fn fire(&mut self, event: Event, card: CardId) {
        self.fire_about(event, card, None);
    }

    /// As [`GameState::fire`], with what the event was about.
    pub(crate) fn fire_about(&mut self, event: Event, card: CardId, about: Option<(CardId, i32)>) {
        if !self.text_active(card) {
            return;
        }
        self.fire_looking_back(event, card, about);
    }

    /// 502.4: a power that triggers off stunning, leaving play or breakthrough looks at
    /// the card as it was just before: the caller checked its text then.
    pub(crate) fn fire_looking_back(
        &mut self,
        event: Event,
        card: CardId,
        about: Option<(CardId, i32)>,
    ) {
        if !self.def(card).triggers {
            return;
        }
        let object = self.card(card).object;
        let controller = self.card(card).controller;
        let mut hits: Vec<u8> = self
            .def(card)
            .powers
            .iter()
            .enumerate()
            .filter(|(_, p)| matches!(&p.power, Power::Trigger { event: e, .. } if *e == event))
            .map(|(i, _)| i as u8)
            .filter(|&i| self.power_active(card, i))
            .filter(|&i| self.within_its_duration(card, i))
            .collect();
        // 502.1a, 502.1c, 502.2a: its conditions as it triggers, and once per turn.
        hits.retain(|&i| self.trigger_conditions_hold(card, i, controller));
        let once: Vec<u8> = hits
            .iter()
            .copied()
            .filter(|&i| self.trigger_once_per_turn(card, i))
            .collect();
        hits.retain(|&i| !(once.contains(&i) && self.used_this_turn.contains(&(card, object, i))));
        for &i in &once {
            if hits.contains(&i) {
                self.used_this_turn.push((card, object, i));
            }
        }
        for power in hits {
            self.waiting.push(Waiting {
                source: card,
                object,
                power,
                controller,
                delayed: None,
                about,
            });
        }
    }

    /// G-In-Combat: `a` is in combat with `b` when one attacks the other in the attack
    /// substep: an attacker with the defender it attacks (each attacker of a team with
    /// the defender), never two attackers with each other.
    pub fn in_combat_with(&self, a: CardId, b: CardId) -> bool {
        let Some(att) = self.attack.as_ref().filter(|att| att.started) else {
            return false;
        };
        let defender = match att.defender {
            Some((Defender::Character(d), o)) if self.card(d).object == o => Some(d),
            _ => None,
        };
        let attacks = |x: CardId| {
            att.attackers
                .iter()
                .any(|&(c, o)| c == x && self.card(c).object == o)
        };
        defender.is_some_and(|d| (attacks(a) && b == d) || (attacks(b) && a == d))
    }

    /// 502.2, G-Enters-Combat: the attackers and the defender entered combat, each pair
    /// once (G-In-Combat): "whenever a character adjacent to this enters combat with a
    /// character with flight" triggers once for each character entering combat next to
    /// the power's card and each character with flight it enters combat with, about the
    /// adjacent character.
    pub(crate) fn fire_entered_combat(&mut self, attackers: &[CardId], defender: CardId) {
        if !self.adjacent_combat_triggers {
            return;
        }
        let pairs: Vec<(CardId, CardId)> = attackers
            .iter()
            .flat_map(|&a| [(a, defender), (defender, a)])
            .filter(|&(x, y)| self.in_combat_with(x, y))
            .collect();
        for (x, y) in pairs {
            for o in self.objects_with_triggers(Some(self.card(x).controller)) {
                if !self.adjacent(o, x) {
                    continue;
                }
                for g in [Grant::Flight, Grant::Range] {
                    let has = match g {
                        Grant::Flight => self.has_flight(y),
                        _ => self.has_range(y),
                    };
                    if has {
                        self.fire_about(Event::AdjacentEntersCombatWith(g), o, Some((x, 0)));
                    }
                }
            }
        }
    }

    /// 502.1a, 502.1c: a triggered power's additional and double-check conditions,
    /// looked at as it triggers (for its controller, from its card).
    fn trigger_conditions_hold(&self, card: CardId, power: u8, controller: PlayerId) -> bool {
        let Some(Power::Trigger { when, .. }) = self.def(card).power(power) else {
            return true;
        };
        [&when.also, &when.double_check]
            .into_iter()
            .flatten()
            .all(|c| self.condition_holds(c, controller, card, false))
    }

    /// 502.2a: "this power triggers only once per turn".
    fn trigger_once_per_turn(&self, card: CardId, power: u8) -> bool {
        matches!(self.def(card).power(power), Some(Power::Trigger { when, .. }) if when.once_per_turn)
    }

    /// 502.1c: the double-check condition of a triggered power, if it has one: as its
    /// effect resolves, the effect is negated if this no longer holds.
    pub(crate) fn double_check(&self, card: CardId, power: u8) -> Option<crate::verbs::Condition> {
        match self.def(card).power(power) {
            Some(Power::Trigger { when, .. }) => when.double_check.clone(),
            _ => None,
        }
    }

    /// Does a condition of the card language hold for `you`, reading tests from
    /// `source` (`did`: the last step did its action, 508.2i)?
    pub(crate) fn condition_holds(
        &self,
        cond: &crate::verbs::Condition,
        you: PlayerId,
        source: CardId,
        did: bool,
    ) -> bool {
        self.condition_holds_paid(cond, you, source, did, &[])
    }

    /// As [`GameState::condition_holds`], with the cards the effect's additional costs
    /// were paid with (508.2e: read as they last were; a card's characteristics don't
    /// change outside play here, 301.4).
    pub(crate) fn condition_holds_paid(
        &self,
        cond: &crate::verbs::Condition,
        you: PlayerId,
        source: CardId,
        did: bool,
        paid: &[CardId],
    ) -> bool {
        let in_play = |f: &crate::vocab::Filter| {
            self.players.iter().any(|pl| {
                pl.characters
                    .iter()
                    .chain(&pl.equipment)
                    .chain(pl.resources.iter().filter(|&&r| self.card(r).face_up))
                    .any(|&c| f.0.iter().all(|t| self.passes(t, c, you, source)))
            })
        };
        let world = crate::verbs::CondWorld {
            you,
            did,
            in_your_resource_row: self.card(source).zone == Zone::Resource
                && self.player(you).resources.contains(&source),
            initiative: &|p| self.initiative == p,
            endurance: &|p| self.endurance(p),
            controls: &|f| !self.matching(f, you, source).is_empty(),
            in_play: &in_play,
            paid: &|n, f| {
                paid.get(n as usize)
                    .is_some_and(|&c| self.card_matches(f, c, you, source))
            },
            amount: &|a| crate::verbs::Host::amount(self, a),
            all_yours: &|f| {
                let mine = &self.player(you).characters;
                !mine.is_empty()
                    && mine
                        .iter()
                        .all(|&c| f.0.iter().all(|t| self.passes(t, c, you, source)))
            },
            boosted: self.card(source).boosted
                && self.def(source).kind() == crate::vocab::CardKind::PlotTwist,
            first_attack: self.first_combat(you, true),
            first_defense: self.first_combat(you, false),
            controls_each_named: &|names| self.controls_each_named(you, names),
            different: &|a, b| {
                let (a, b) = (
                    crate::verbs::Host::who(self, a),
                    crate::verbs::Host::who(self, b),
                );
                match (a.first(), b.first()) {
                    (Some(&x), Some(&y)) => self.different_cards(x, y),
                    _ => false,
                }
            },
        };
        crate::verbs::holds_with(cond, &world)
    }

    /// 708.5b, 502.6b: a character became powered-up (each application): its own
    /// powers, then its controller's "whenever a character you control becomes
    /// powered-up" powers (707.2), about it.
    pub(crate) fn fire_powered_up(&mut self, c: CardId) {
        self.fire(Event::BecomesPoweredUp, c);
        let p = self.card(c).controller;
        if !self.may_trigger_on(Event::YoursPoweredUp) {
            return;
        }
        for o in self.objects_with_triggers(Some(p)) {
            self.fire_about(Event::YoursPoweredUp, o, Some((c, 0)));
        }
    }

    /// 513.4a: delayed triggered modifiers waiting for this event of `c` (the object
    /// chosen as their target) trigger; one that waits for the next time only is used up.
    pub(crate) fn fire_delayed_on(&mut self, event: Event, c: CardId) {
        let object = self.card(c).object;
        let hit = |d: &Delayed| {
            d.event == event
                && d.watch.is_some_and(|n| {
                    d.targets.get(n as usize).copied().flatten() == Some(TargetRef::Card(c, object))
                })
        };
        let now: Vec<Delayed> = self.delayed.iter().filter(|d| hit(d)).cloned().collect();
        self.delayed.retain(|d| !hit(d) || d.whenever);
        for d in now {
            self.waiting.push(Waiting {
                source: d.source,
                object: d.source_object,
                power: 0,
                controller: d.controller,
                delayed: Some(Box::new(d)),
                about: None,
            });
        }
    }

    /// 502.4: a character left play: "whenever a character leaves play" powers of the
    /// objects still in play trigger, and the leaving character's own, looking back (its
    /// text as just before, inactive or not).
    pub(crate) fn fire_character_left(&mut self, c: CardId) {
        let about = Some((c, 0));
        if self.def(c).powers.iter().any(
            |p| matches!(&p.power, Power::Trigger { event, .. } if *event == Event::ACharacterLeavesPlay),
        ) {
            self.fire_looking_back(Event::ACharacterLeavesPlay, c, about);
        }
        if !self.may_trigger_on(Event::ACharacterLeavesPlay) {
            return;
        }
        for o in self.objects_with_triggers(None) {
            self.fire_about(Event::ACharacterLeavesPlay, o, about);
        }
    }

    /// An event about no card in particular ("whenever a plot twist is played"): every
    /// object in play whose text is active may trigger.
    pub(crate) fn fire_everywhere(&mut self, event: Event) {
        if !self.may_trigger_on(event) {
            return;
        }
        for c in self.objects_with_triggers(None) {
            self.fire(event, c);
        }
    }

    /// 502.7: a triggered power whose effect makes a "this attack" modifier triggers
    /// only during an attack (inside an attack substep, its conclusion included).
    fn within_its_duration(&self, card: CardId, power: u8) -> bool {
        !self
            .effect_of(card, power)
            .is_some_and(|e| e.attack_only && !self.in_attack_substep())
    }

    /// 400.8: "at the start of" a phase, for every object whose text is active.
    pub(crate) fn fire_phase(&mut self, phase: Phase) {
        let word = match phase {
            Phase::Draw => PhaseWord::Draw,
            Phase::Build => PhaseWord::Build,
            Phase::Combat => PhaseWord::Combat,
            Phase::Recovery => PhaseWord::Recovery,
        };
        // Skipped when no card waits for a phase (most games).
        let objects = if self.may_trigger_on(Event::StartOfPhase(word)) {
            self.objects_with_triggers(None)
        } else {
            SmallVec::new()
        };
        for c in objects {
            self.fire(Event::StartOfPhase(word), c);
        }
        // 513.4: delayed triggered modifiers waiting for this phase trigger, once.
        let (now, later): (Vec<Delayed>, Vec<Delayed>) = std::mem::take(&mut self.delayed)
            .into_iter()
            .partition(|d| d.event == Event::StartOfPhase(word));
        self.delayed = later;
        for d in now {
            self.waiting.push(Waiting {
                source: d.source,
                object: d.source_object,
                power: 0,
                controller: d.controller,
                delayed: Some(Box::new(d)),
                about: None,
            });
        }
    }

    /// 513.4: delayed triggered modifiers of `owner` waiting for the start of their
    /// attack step trigger, once.
    pub(crate) fn fire_delayed_attack_step(&mut self, owner: PlayerId) {
        let (now, later): (Vec<Delayed>, Vec<Delayed>) = std::mem::take(&mut self.delayed)
            .into_iter()
            .partition(|d| d.event == Event::StartOfYourAttackStep && d.controller == owner);
        self.delayed = later;
        for d in now {
            self.waiting.push(Waiting {
                source: d.source,
                object: d.source_object,
                power: 0,
                controller: d.controller,
                delayed: Some(Box::new(d)),
                about: None,
            });
        }
    }

    /// 506.2: triggered effects go on the chain: the first player clockwise from the
    /// primary player who has any puts theirs on (choosing the order of two or more),
    /// then the next; when none wait, the player due gets priority.
    pub(crate) fn next_trigger(&mut self) {
        // 515.7, 702.4: timestamps of modifiers that started together are ordered
        // before anyone gets priority.
        if let Some(o) = self.stamp_orders.first() {
            if self.in_game(o.player) {
                self.pending = Pending::OrderModifiers(o.player);
                return;
            }
            self.stamp_orders.remove(0);
            return self.next_trigger();
        }
        // A trigger whose source left play before it went on the chain still goes on
        // (506.1); nothing to drop here.
        if self.waiting.is_empty() {
            let p = self
                .priority_after
                .take()
                .unwrap_or_else(|| self.primary_player());
            self.open_priority(p);
            self.takebacks = 0;
            self.pending = Pending::Priority(p);
            return;
        }
        let pp = self.primary_player();
        let Some(owner) = self
            .clockwise_from(pp)
            .find(|&q| self.waiting.iter().any(|w| w.controller == q))
        else {
            // Triggers of players who left the game (102.3) never go on.
            self.waiting.clear();
            return self.next_trigger();
        };
        let theirs = self
            .waiting
            .iter()
            .filter(|w| w.controller == owner)
            .count();
        if theirs >= 2 {
            self.pending = Pending::OrderTriggers(owner);
        } else {
            let i = self
                .waiting
                .iter()
                .position(|w| w.controller == owner)
                .expect("counted above");
            self.put_trigger(i);
        }
    }

    /// One waiting triggered effect goes on the chain (506.3): its targets are chosen
    /// as it is announced.
    pub(crate) fn put_trigger(&mut self, index: usize) {
        let w = self.waiting.remove(index);
        if let Some(d) = w.delayed {
            // 513.4d: its targets were fixed when the creating effect was played; if
            // every one has changed zones, it is removed before it is on the chain.
            if !self.delayed_targets_ok(&d) {
                self.log(|g| {
                    format!(
                        "A delayed effect of {} has lost its target and is removed (513.4d).",
                        g.name(d.source)
                    )
                });
                return self.next_trigger();
            }
            self.log(|g| format!("A delayed effect of {} triggers.", g.name(d.source)));
            let controller = d.controller;
            self.push_effect(EffectKind::Delayed(d), Some(controller));
            return self.next_trigger();
        }
        self.begin_play_about(w.controller, w.source, w.power, Origin::Triggered, w.about);
    }

    /// 513.4d: a targeted delayed effect still has a target that hasn't changed zones:
    /// a card still the object it was, in play, or a player still in the game. (Its
    /// target tests were those of the effect that made it, "target defender" for a
    /// "return it at the start of the recovery phase": the delayed modifier itself
    /// names no new target, so they are not asked again.)
    fn delayed_targets_ok(&self, d: &Delayed) -> bool {
        let chosen: Vec<TargetRef> = d.targets.iter().flatten().copied().collect();
        chosen.is_empty()
            || chosen.iter().any(|&t| match t {
                TargetRef::Card(c, object) => {
                    self.card(c).object == object
                        && (self.is_character(c) || self.card(c).zone == Zone::Resource)
                }
                TargetRef::Player(q) => self.in_game(q),
                TargetRef::Effect(_) => false,
            })
    }

    /// The triggered effects `p` may put on the chain next (506.2a).
    pub fn triggers_of(&self, p: PlayerId) -> Vec<usize> {
        (0..self.waiting.len())
            .filter(|&i| self.waiting[i].controller == p)
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use crate::action::Action;
    use crate::ids::*;
    use crate::state::Pending;
    use crate::testkit::Bench;

    const CARDS: &str = "
(card x-a \"Greeter\" \"\" (character (cost 1) (atk 1) (def 1)) (trigger (on enters-play) (draw you 1)))
(card x-b \"Tripwire\" \"\" (character (cost 1) (atk 1) (def 1)) (trigger (on becomes-stunned) (gain-endurance you 5)))
(card x-c \"Morning Drill\" \"\" (location (threshold 0)) (trigger (on (start-of combat-phase)) (gain-endurance you 1)))
(card x-d \"Morning Run\" \"\" (location (threshold 0)) (trigger (on (start-of combat-phase)) (gain-endurance you 2)))
";

    /// 214.5 / 508.3c: a character's own enters-play power triggers as it enters; its
    /// effect goes on the chain before anyone gets priority (506.2).
    #[test]
    fn r214_5_r506_2_enters_play_triggers_go_on_before_priority() {
        let mut b = Bench::new(CARDS);
        b.g.player_mut(0).rp = 1;
        let c = b.in_hand(0, "x-a");
        b.act(Action::Recruit {
            card: c,
            boost: false,
        });
        b.resolve_all();
        assert!(matches!(b.g.pending(), Pending::Place(0, _)));
        let pos = Position {
            area: Area::Visible,
            row: Row::Front,
            col: 0,
        };
        b.act(Action::Place(pos));
        assert_eq!(b.g.chain().len(), 1, "the trigger is on the chain");
        assert_eq!(b.g.pending(), Pending::Priority(0));
        let hand = b.g.player(0).hand_len();
        b.resolve_all();
        assert_eq!(b.g.player(0).hand_len(), hand + 1);
    }

    /// 502.4: a "becomes stunned" power triggers from the moment before the stun, even
    /// though the stunned character's text is then inactive.
    #[test]
    fn r502_4_a_stun_trigger_looks_back() {
        let mut b = Bench::new(CARDS);
        let c = b.in_play(0, "x-b", Row::Front, 0);
        b.g.stun(c);
        b.g.give_priority(0);
        b.resolve_all();
        assert_eq!(b.g.endurance(0), 50 - 1 + 5);
    }

    /// 506.2a: a player with two triggered effects orders them.
    #[test]
    fn r506_2a_the_controller_orders_their_triggers() {
        let mut b = Bench::new(CARDS);
        for id in ["x-c", "x-d"] {
            let l = b.resource(0, id);
            b.g.card_mut(l).face_up = true;
        }
        b.g.fire_phase(crate::state::Phase::Combat);
        b.g.give_priority(0);
        assert_eq!(b.g.pending(), Pending::OrderTriggers(0));
        assert_eq!(b.g.legal().len(), 2);
        b.act(Action::PutTrigger(1));
        assert_eq!(b.g.chain().len(), 2);
    }
}

#[cfg(test)]
mod more_events {
    use crate::action::Action;
    use crate::ids::*;
    use crate::state::{Defender, Part, Phase, StepKind};
    use crate::testkit::Bench;

    const CARDS: &str = r#"
(card x-wf "Witchfire" "" (character (cost 3) (atk 6) (def 3))
  (trigger (on stuns-a-character) (gain-endurance you 2)))
(card x-vu "Vulture" "" (character (cost 3) (atk 7) (def 3))
  (trigger (on causes-breakthrough) (gain-endurance you that-much)))
(card x-bd "Blue Devil" "Dan Cassidy" (character (cost 3) (atk 3) (def 3))
  (trigger (on leaves-play) (gain-endurance you 6)))
(card x-an "Annihilus" "" (character (cost 5) (atk 5) (def 5))
  (trigger (on (start-of your-attack-step)) (target 0 character opposing front-row) (stun (target 0))))
"#;

    fn attack(b: &mut Bench, a: CardId, d: Defender) {
        b.g.part = Part::Step(StepKind::Attack, 0);
        b.act(Action::Propose {
            attacker: a,
            defender: d,
        });
        for _ in 0..4 {
            b.act(Action::Pass);
        }
    }

    /// 708.11e and 502.4: a character that stuns its defender has stunned it; the power
    /// triggers from the moment before.
    #[test]
    fn r708_11e_a_combatant_that_stuns_a_character_triggers() {
        let mut b = Bench::new(CARDS);
        let w = b.in_play(0, "x-wf", Row::Front, 0);
        let d = b.in_play(1, "trn-025", Row::Front, 0); // 5/3: stuns Witchfire back
        attack(&mut b, w, Defender::Character(d));
        assert!(b.g.card(w).stunned && b.g.card(d).stunned);
        b.act(Action::Pass);
        b.act(Action::Pass);
        // 3 stun loss, then +2 from the trigger that looked back.
        assert_eq!(b.g.endurance(0), 49);
    }

    /// 602.7b / 602.10c: "that much" is the breakthrough the character caused.
    #[test]
    fn r602_10c_breakthrough_triggers_read_that_much() {
        let mut b = Bench::new(CARDS);
        let v = b.in_play(0, "x-vu", Row::Front, 0);
        attack(&mut b, v, Defender::Player(1));
        b.act(Action::Pass);
        b.act(Action::Pass);
        assert_eq!((b.g.endurance(0), b.g.endurance(1)), (57, 43));
    }

    /// 502.4 (Blue Devil): a stunned character KO'd later still triggers its leaves-play
    /// power, though its text was inactive.
    #[test]
    fn r502_4_leaves_play_looks_back_past_inactive_text() {
        let mut b = Bench::new(CARDS);
        let c = b.in_play(0, "x-bd", Row::Front, 0);
        b.g.stun(c);
        b.g.ko(c);
        b.g.give_priority(0);
        b.resolve_all();
        assert_eq!(b.g.endurance(0), 50 - 3 + 6);
    }

    /// 407.1: "at the start of your attack step" triggers as that player's step starts.
    #[test]
    fn r407_1_start_of_your_attack_step() {
        let mut b = Bench::new(CARDS);
        b.in_play(0, "x-an", Row::Support, 0);
        let victim = b.in_play(1, "trn-007", Row::Front, 0);
        b.g.part = Part::Phase(Phase::Combat);
        b.act(Action::Pass);
        b.act(Action::Pass);
        assert_eq!(b.g.part(), Part::Step(StepKind::Attack, 0));
        b.target(victim);
        b.resolve_all();
        assert!(b.g.card(victim).stunned);
    }
}
