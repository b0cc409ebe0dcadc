//! Occurrences and their windows: forced interrupts, then interrupts offered in player
//! order until every player has passed in a row, then the occurrence itself (unless
//! canceled), then forced responses and responses the same way (INTERRUPT, RESPONSE,
//! FORCED, FIRST PLAYER, TRIGGERING CONDITION: one window per occurrence).

use crate::model::*;
use crate::state::*;
use crossover_kernel::Outcome;

impl GameState {
    pub(crate) fn occur(&mut self, mut o: Occurrence) {
        match o.stage {
            OccStage::ForcedInterrupts => {
                o.stage = OccStage::Interrupts { next: 0, passes: 0 };
                let forced = self.forced_matching(&o.event, true);
                self.tasks.push(Task::Occur(o.clone()));
                self.queue_forced(forced, &o.event);
            }
            OccStage::Interrupts { next, passes } | OccStage::Responses { next, passes } => {
                let interrupts = matches!(o.stage, OccStage::Interrupts { .. });
                let order = self.player_order();
                if o.canceled && interrupts
                    || usize::from(passes) >= order.len()
                    || order.is_empty()
                {
                    o.stage = if interrupts {
                        OccStage::Resolve
                    } else {
                        return;
                    };
                    self.tasks.push(Task::Occur(o));
                    return;
                }
                let p = order[usize::from(next) % order.len()];
                let options = self.window_options(&o, p, interrupts);
                if options.is_empty() {
                    let stage = (next + 1, passes + 1);
                    o.stage = if interrupts {
                        OccStage::Interrupts {
                            next: stage.0,
                            passes: stage.1,
                        }
                    } else {
                        OccStage::Responses {
                            next: stage.0,
                            passes: stage.1,
                        }
                    };
                    self.tasks.push(Task::Occur(o));
                } else {
                    self.tasks.push(Task::Occur(o));
                    self.pending = Pending::Window { player: p };
                }
            }
            OccStage::Resolve => {
                o.stage = OccStage::ForcedResponses;
                let event = o.event.clone();
                let canceled = o.canceled;
                let prevented = o.prevented;
                self.tasks.push(Task::Occur(o));
                if !canceled {
                    // Responses to damage see the damage actually taken
                    // (after prevention and the tough status card).
                    let at = self.tasks.len() - 1;
                    let before = match event {
                        Event::Damage { to, .. } => self.card(to).damage,
                        _ => 0,
                    };
                    self.resolve_event(&event, prevented);
                    if let Event::Damage { to, .. } = event {
                        let taken = self.card(to).damage.saturating_sub(before);
                        if let Some(Task::Occur(o)) = self.tasks.get_mut(at) {
                            if let Event::Damage { amount, .. } = &mut o.event {
                                *amount = taken;
                            }
                        }
                    }
                } else if let Event::EnemyAttack { attacker, .. } = event {
                    // A canceled attack initiation ends the attack.
                    if let Some(i) = self
                        .tasks
                        .iter()
                        .rposition(|t| matches!(t, Task::Attack(a) if a.attacker == attacker))
                    {
                        // Its "until the end of this attack" effects end.
                        if let Task::Attack(mut a) = self.tasks.remove(i) {
                            self.attack_over(&mut a, false);
                        }
                    }
                }
            }
            OccStage::ForcedResponses => {
                if o.canceled {
                    return;
                }
                o.stage = OccStage::Responses { next: 0, passes: 0 };
                let forced = self.forced_matching(&o.event, false);
                self.tasks.push(Task::Occur(o.clone()));
                self.queue_forced(forced, &o.event);
            }
        }
    }

    /// The player passed, or used an ability: the window moves on to the next player.
    pub(crate) fn window_moved_on(&mut self, used: Option<(CardId, u8)>) {
        if let Some(Task::Occur(o)) = self.tasks.last_mut() {
            let (next, passes) = match o.stage {
                OccStage::Interrupts { next, passes } | OccStage::Responses { next, passes } => {
                    (next, passes)
                }
                _ => return,
            };
            let passes = if used.is_some() { 0 } else { passes + 1 };
            if let Some(u) = used {
                o.used.push(u);
            }
            o.stage = match o.stage {
                OccStage::Interrupts { .. } => OccStage::Interrupts {
                    next: next + 1,
                    passes,
                },
                _ => OccStage::Responses {
                    next: next + 1,
                    passes,
                },
            };
        }
    }

    /// Forced abilities triggered together: one initiates at once; of two or more, the
    /// first player picks the order (FORCED), through `Task::OrderForced`.
    fn queue_forced(&mut self, forced: Vec<(CardId, u8, u8)>, ev: &Event) {
        let damaged = match ev {
            Event::EnemyAttacked { damaged, .. } => *damaged,
            _ => None,
        };
        let event_card = event_card(ev);
        match forced.as_slice() {
            [] => {}
            [one] => self.initiate_forced(*one, event_card, damaged),
            _ => self.tasks.push(Task::OrderForced {
                left: forced,
                event_card,
                damaged,
            }),
        }
    }

    pub(crate) fn initiate_forced(
        &mut self,
        (card, idx, player): (CardId, u8, u8),
        event_card: CardId,
        damaged: Option<CardId>,
    ) {
        self.push_ability(card, idx, player, Some(event_card));
        if let Some(Task::Effect(f)) = self.tasks.last_mut() {
            f.damaged = damaged;
        }
    }

    /// Forced abilities triggered by this event, as (card, ability, player resolving),
    /// in card order.
    fn forced_matching(&self, ev: &Event, interrupt: bool) -> Vec<(CardId, u8, u8)> {
        let mut out = vec![];
        for c in self.trigger_sources() {
            let d = self.face(c);
            for (i, a) in d.abilities.iter().enumerate() {
                let kind_ok = if interrupt {
                    a.kind == AbilityKind::ForcedInterrupt
                } else {
                    a.kind == AbilityKind::ForcedResponse
                };
                if !kind_ok {
                    continue;
                }
                if let Some(t) = a.trigger {
                    if let Some(p) = self.trigger_matches(c, t, ev) {
                        out.push((c, i as u8, p));
                    }
                }
            }
        }
        out
    }

    /// Cards whose abilities may trigger: in play, in any zone.
    fn trigger_sources(&self) -> impl Iterator<Item = CardId> + '_ {
        // A face-down Drone has no abilities.
        self.trigger_candidates()
            .filter(|&c| self.in_play(c) && !self.card(c).face_down)
    }

    /// Optional interrupts or responses player `p` may use now, as (card, ability).
    pub(crate) fn window_options(
        &self,
        o: &Occurrence,
        p: u8,
        interrupt: bool,
    ) -> Vec<(CardId, u8)> {
        let mut out = vec![];
        let want = if interrupt {
            AbilityKind::Interrupt
        } else {
            AbilityKind::Response
        };
        // In play, what `controlled_by` gives, of the cards that may have the ability.
        let controlled = self
            .trigger_candidates()
            .filter(|&c| self.in_play(c) && self.controls(p, c));
        let candidates = controlled.chain(
            self.player(p)
                .hand
                .iter()
                .copied()
                .filter(|&c| matches!(self.def(c).kind, Kind::Event { .. })),
        );
        for c in candidates {
            let d = self.face(c);
            for (i, a) in d.abilities.iter().enumerate() {
                if a.kind != want || o.used.contains(&(c, i as u8)) {
                    continue;
                }
                let Some(t) = a.trigger else { continue };
                if self.trigger_matches(c, t, &o.event) != Some(p)
                    && !self.hand_event_matches(c, p, t, &o.event)
                {
                    continue;
                }
                if self.can_use(c, i as u8, p).is_ok() {
                    out.push((c, i as u8));
                }
            }
        }
        out
    }

    fn hand_event_matches(&self, c: CardId, p: u8, t: Trigger, ev: &Event) -> bool {
        self.card(c).zone == Zone::Hand(p) && self.trigger_matches_for(c, p, t, ev)
    }

    /// Whether trigger `t` on card `c` fires for `ev`; the player who resolves it.
    pub(crate) fn trigger_matches(&self, c: CardId, t: Trigger, ev: &Event) -> Option<u8> {
        let mut p = self.resolver_of(c);
        // An encounter card's "you" in an attack is the attacked player.
        if self.card(c).owner == SCENARIO {
            match (t, ev) {
                (Trigger::ThisAttacksYou, Event::EnemyAttack { player, .. })
                | (Trigger::ThisAttackedYou, Event::EnemyAttacked { player, .. }) => p = *player,
                _ => {}
            }
        }
        self.trigger_matches_for(c, p, t, ev).then_some(p)
    }

    /// The player who resolves an ability of `c`: its controller, or for an encounter
    /// card the player it is engaged with, or the first player.
    fn resolver_of(&self, c: CardId) -> u8 {
        let card = self.card(c);
        if card.owner != SCENARIO && card.controller != SCENARIO {
            return card.controller;
        }
        if let Zone::Engaged(p) = card.zone {
            return p;
        }
        if let Some(t) = card.attached_to {
            if let Zone::Engaged(p) = self.card(t).zone {
                return p;
            }
        }
        self.first_player
    }

    fn trigger_matches_for(&self, c: CardId, p: u8, t: Trigger, ev: &Event) -> bool {
        use Trigger::*;
        let you = self.player(p).identity;
        let attached = self.card(c).attached_to;
        match (t, ev) {
            (VillainAttacksYou, Event::EnemyAttack { attacker, player }) => {
                *attacker == self.villain && *player == p
            }
            (VillainAttacks, Event::EnemyAttack { attacker, .. }) => {
                *attacker == self.villain && attached == Some(*attacker)
            }
            (ThisAttacks, Event::EnemyAttack { attacker, .. }) => {
                *attacker == c || (attached == Some(*attacker) && self.def(c).atk_star)
            }
            (ThisAttacksYou, Event::EnemyAttack { attacker, player }) => {
                *attacker == c && *player == p
            }
            (AttachedWouldAttack, Event::EnemyAttack { attacker, .. }) => {
                attached == Some(*attacker)
            }
            (ThisSchemes, Event::EnemyScheme { schemer }) => {
                *schemer == c || attached == Some(*schemer)
            }
            (VillainSchemes, Event::EnemyScheme { schemer }) => *schemer == self.villain,
            (
                YouWouldTakeAttackDamage,
                Event::Damage {
                    to,
                    from_attack,
                    amount,
                    ..
                },
            ) => *to == you && *from_attack && *amount > 0,
            (YouWouldTakeDamage, Event::Damage { to, amount, .. }) => {
                *to == you && *amount > 0 && self.player(p).form == Form::Hero
            }
            (TreacheryRevealed, Event::Revealed { card, .. }) => {
                matches!(self.def(*card).kind, Kind::Treachery)
            }
            (EncounterCardRevealed, Event::Revealed { .. }) => true,
            (ThisEntersPlay, Event::EntersPlay { card }) => *card == c,
            (MinionEntersPlay, Event::EntersPlay { card }) => self.is_minion(*card),
            (AttachedDefeated, Event::Defeated { card, .. }) => attached == Some(*card),
            (ChangedToThisForm, Event::ChangedForm { player }) => {
                *player == p && self.player(p).identity == c
            }
            (ThreatWouldBePlaced, Event::Threat { amount, .. }) => *amount > 0,
            (YourBasicAttack, Event::PlayerAttack { by, basic, .. }) => *by == you && *basic,
            (ThisAttacked, Event::PlayerAttack { by, .. }) => *by == c,
            (YourHeroAttacked, Event::PlayerAttack { by, .. }) => *by == you,
            (ThisDefeatedMinion, Event::PlayerAttack { by, target, .. }) => {
                *by == c && !self.in_play(*target) && self.was_minion(*target)
            }
            (YourHeroDefeatedEnemy, Event::PlayerAttack { by, target, .. }) => {
                *by == you && !self.in_play(*target)
            }
            (ThisThwarted, Event::Thwarted { by }) => *by == c,
            (YouDefeatedMinion, Event::Defeated { card, by }) => {
                *by == Some(p) && self.was_minion(*card)
            }
            (YourHeroDefended, Event::Defended { defender, .. }) => *defender == you,
            (VillainWouldTakeDamage, Event::Damage { to, amount, .. }) => {
                *to == self.villain && *amount > 0 && (attached == Some(*to) || c == *to)
            }
            (VillainTookDamage, Event::Damage { to, amount, .. }) => {
                *to == self.villain && attached == Some(*to) && *amount > 0
            }
            (
                ThisAttackDamaged,
                Event::EnemyAttacked {
                    attacker, damaged, ..
                },
            ) => damaged.is_some() && (*attacker == c || attached == Some(*attacker)),
            (ThisDefeated, Event::Defeated { card, .. })
            | (ThisWouldBeDefeated, Event::Defeated { card, .. }) => *card == c,
            (ThreatPlacedInStepOne, Event::StepOneThreat) => c == self.main_scheme,
            (DroneDefeated, Event::Defeated { card, .. }) => self.card(*card).face_down,
            (RoundEnds, Event::RoundEnds) => true,
            (
                ThisAttackedYou,
                Event::EnemyAttacked {
                    attacker, player, ..
                },
            ) => *player == p && (*attacker == c || attached == Some(*attacker)),
            (AfterThisAttacks, Event::EnemyAttacked { attacker, .. }) => *attacker == c,
            (
                AfterThisAttacksYou,
                Event::EnemyAttacked {
                    attacker, player, ..
                },
            ) => *attacker == c && *player == p,
            _ => false,
        }
    }

    fn was_minion(&self, c: CardId) -> bool {
        matches!(self.def(c).kind, Kind::Minion { .. }) || self.card(c).face_down
    }

    /// What an occurrence does when it resolves.
    fn resolve_event(&mut self, ev: &Event, prevented: u16) {
        match *ev {
            Event::Damage {
                to,
                amount,
                attacker,
                from_attack,
            } => {
                let amount = amount.saturating_sub(prevented);
                let before = self.card(to).damage;
                self.apply_damage(to, amount, attacker);
                let dealt = self.card(to).damage.saturating_sub(before);
                if let (true, Some(a)) = (from_attack, attacker) {
                    self.note_attack_damage(a, to, dealt);
                }
            }
            Event::Threat { on, amount } => {
                let amount = amount.saturating_sub(prevented);
                if amount > 0 && self.in_play(on) {
                    // A scheme counts the threat it placed.
                    let len = self.tasks.len();
                    if let Some(Task::Scheme { step: 3, bonus, .. }) =
                        len.checked_sub(2).and_then(|i| self.tasks.get_mut(i))
                    {
                        *bonus = bonus.saturating_add(amount);
                    }
                    self.card_mut(on).threat = self.card(on).threat.saturating_add(amount);
                    self.log_public(format!(
                        "{amount} threat is placed on {}.",
                        self.card_name(on)
                    ));
                }
            }
            Event::Defeated { card, by } => self.defeat(card, by),
            Event::EnemyScheme { schemer } => self.scheme_resolves(schemer, prevented),
            // RETALIATE: an enemy that survives a hero's or ally's attack
            // deals its retaliate damage to the attacker.
            Event::PlayerAttack { by, target, .. } => {
                let r = self.retaliate(target);
                if r > 0
                    && self.in_play(target)
                    && self.remaining_hp(target) > 0
                    && self.in_play(by)
                {
                    self.log_public(format!("{} retaliates for {r}.", self.card_name(target)));
                    self.deal_damage(by, u16::from(r), Some(target), false);
                }
            }
            _ => {}
        }
    }

    /// DAMAGE, after prevention: the tough status card prevents all of it.
    pub(crate) fn apply_damage(&mut self, to: CardId, amount: u16, _attacker: Option<CardId>) {
        if amount == 0 || !self.in_play(to) {
            return;
        }
        if self.has_status(to, TOUGH) {
            self.card_mut(to).status &= !TOUGH;
            self.log_public(format!(
                "{}'s tough status card prevents the {amount} damage.",
                self.card_name(to)
            ));
            return;
        }
        if self.cannot_take_damage(to) {
            self.log_public(format!("{} cannot take damage now.", self.card_name(to)));
            return;
        }
        self.card_mut(to).damage = self.card(to).damage.saturating_add(amount);
        self.log_public(format!("{} takes {amount} damage.", self.card_name(to)));
    }

    fn cannot_take_damage(&self, c: CardId) -> bool {
        let code = self.def(c).code.as_str();
        match code {
            // Ultron (III): not while a Drone minion is in play.
            "01136" => self.ids().any(|m| {
                self.is_minion(m) && (self.card(m).face_down || self.def(m).has_trait(Trait::Drone))
            }),
            // Madame Hydra: not while the Legions of Hydra side scheme is in play.
            "01181" => self
                .side_schemes()
                .into_iter()
                .any(|s| self.def(s).code == "01180"),
            _ => false,
        }
    }

    /// DEFEAT: discard it (a villain stage advances, a player is eliminated).
    fn defeat(&mut self, c: CardId, by: Option<u8>) {
        if !self.in_play(c) {
            return;
        }
        let _ = by;
        if c == self.villain {
            self.villain_defeated();
            return;
        }
        if let Some(p) = self.identity_of(c) {
            self.eliminate(p);
            return;
        }
        self.log_public(format!("{} is defeated.", self.card_name(c)));
        let resolver = match self.card(c).zone {
            Zone::Engaged(p) => p,
            _ => self.resolver_of(c),
        };
        // A face-down Drone has no abilities.
        if !self.card(c).face_down {
            self.push_abilities(c, AbilityKind::WhenDefeated, resolver, None);
        }
        self.discard_from_play(c);
    }

    /// Put a card in play into its owner's discard pile, with what is attached to it
    /// (ATTACH TO: attachments are discarded with their card).
    pub(crate) fn discard_from_play(&mut self, c: CardId) {
        // A card already gone (discarded with its host, then by its own effect) stays
        // where it went.
        if matches!(
            self.card(c).zone,
            Zone::Discard(_) | Zone::EncounterDiscard | Zone::Removed
        ) {
            return;
        }
        for a in self.attachments_on(c) {
            self.discard_from_play(a);
        }
        let card = self.card_mut(c);
        card.damage = 0;
        card.threat = 0;
        card.status = 0;
        card.exhausted = false;
        card.counters = 0;
        card.attached_to = None;
        card.surge = false;
        let was_face_down = card.face_down;
        card.face_down = false;
        let owner = card.owner;
        card.controller = owner;
        let _ = was_face_down;
        if owner == SCENARIO {
            self.card_mut(c).zone = Zone::EncounterDiscard;
            self.encounter_discard.push(c);
        } else {
            self.card_mut(c).zone = Zone::Discard(owner);
            self.player_mut(owner).discard.push(c);
        }
    }

    /// VILLAIN DEFEAT: the next stage, or the players win.
    fn villain_defeated(&mut self) {
        let old = self.villain;
        let name = self.def(old).name.clone();
        let Some(next) = self.villain_deck.pop() else {
            self.log_public(format!(
                "{name}'s final stage is defeated: the players win!"
            ));
            let seats = (0..self.players.len()).collect();
            self.outcome = Some(Outcome::Win(seats));
            return;
        };
        self.log_public(format!(
            "{name} is defeated: the next villain stage is revealed."
        ));
        let status = self.card(old).status;
        let attached = self.attachments_on(old);
        self.card_mut(old).zone = Zone::Removed;
        self.card_mut(old).damage = 0;
        self.card_mut(old).status = 0;
        self.villain = next;
        self.card_mut(next).zone = Zone::Villain;
        self.card_mut(next).status = status;
        for a in attached {
            self.card_mut(a).attached_to = Some(next);
        }
        if self.keyword(next, Keyword::Toughness) {
            self.card_mut(next).status |= TOUGH;
        }
        let p = self.first_player;
        self.push_abilities(next, AbilityKind::WhenRevealed, p, None);
    }

    /// PLAYER ELIMINATION.
    pub(crate) fn eliminate(&mut self, p: u8) {
        self.log_public(format!(
            "{} is defeated: that player is eliminated.",
            self.player_name(p)
        ));
        self.player_mut(p).eliminated = true;
        let id = self.player(p).identity;
        // Cards they control, their hand and deck go to their owners' discard piles.
        for c in self.controlled_by(p).collect::<Vec<_>>() {
            if c != id {
                self.discard_from_play(c);
            }
        }
        self.card_mut(id).zone = Zone::Removed;
        for c in std::mem::take(&mut self.player_mut(p).hand) {
            self.card_mut(c).zone = Zone::Discard(p);
            self.player_mut(p).discard.push(c);
        }
        for c in std::mem::take(&mut self.player_mut(p).deck) {
            self.card_mut(c).zone = Zone::Discard(p);
            self.player_mut(p).discard.push(c);
        }
        for c in std::mem::take(&mut self.player_mut(p).dealt) {
            self.card_mut(c).zone = Zone::EncounterDiscard;
            self.encounter_discard.push(c);
        }
        let order = self.player_order();
        if order.is_empty() {
            self.log_public("Every hero is defeated: the players lose.".into());
            self.outcome = Some(Outcome::AllLose);
            return;
        }
        // Engaged enemies move to the next player clockwise.
        let n = self.players.len() as u8;
        let mut next = (p + 1) % n;
        while self.player(next).eliminated {
            next = (next + 1) % n;
        }
        for m in self.minions_engaged_with(p) {
            self.card_mut(m).zone = Zone::Engaged(next);
        }
        if self.first_player == p {
            self.first_player = next;
        }
    }
}

/// The card an event is about, for "that enemy", "that minion", "that card".
pub(crate) fn event_card(ev: &Event) -> CardId {
    match *ev {
        Event::EnemyAttack { attacker, .. } => attacker,
        Event::EnemyScheme { schemer } => schemer,
        Event::Damage { to, .. } => to,
        Event::Threat { on, .. } => on,
        Event::Revealed { card, .. } => card,
        Event::EntersPlay { card } => card,
        Event::Defeated { card, .. } => card,
        Event::ChangedForm { .. } | Event::StepOneThreat => CardId(0),
        Event::PlayerAttack { target, .. } => target,
        Event::Thwarted { by } => by,
        Event::Defended { defender, .. } => defender,
        Event::EnemyAttacked { attacker, .. } => attacker,
        Event::RoundEnds => CardId(0),
    }
}
