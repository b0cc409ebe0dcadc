//! The game state as the card language's verbs see it (`verbs::Host`): the resolving
//! effect's source, controller and targets, and the atoms.

use crate::ids::*;
use crate::state::*;
use crate::verbs::{Host, HostState};
use crate::vocab::*;

impl GameState {
    /// A "can't" or a removed characteristic for the characters named (every one that
    /// matches as it lasts, for `each`), from the resolving effect, for `duration`.
    fn modifier_on_each(
        &mut self,
        who: &Who,
        duration: Duration,
        cant: Option<Cant>,
        loses: Option<Grant>,
    ) {
        let Some(d) = self.start_duration(duration) else {
            return;
        };
        let (from, tied) = (self.modifiers.len(), duration);
        let duration = d;
        let timestamp = self.tick();
        let (controller, source) = (Host::controller(self), Host::source(self));
        let applies: Vec<Applies> = match who {
            Who::Each(filter) => vec![Applies::Each {
                filter: filter.clone(),
                controller,
                source,
            }],
            w => Host::who(self, w)
                .into_iter()
                .map(|c| Applies::Object(c, self.card(c).object))
                .collect(),
        };
        for applies in applies {
            self.modifiers.push(Modifier {
                applies,
                atk: 0,
                def: 0,
                grant: None,
                cant,
                loses,
                duration,
                timestamp,
                set_atk: None,
                set_def: None,
                cost: 0,
                source: self.effect_source(),
                must_attack: None,
                captor: None,
            });
        }
        self.tie_to_source(tied, from);
    }

    fn frame(&self) -> Option<&Resolving> {
        self.resolving.as_ref()
    }

    /// 701.10c: the object the resolving effect comes from, as a modifier's source.
    pub(crate) fn effect_source(&self) -> Option<(CardId, u32)> {
        self.frame().map(|f| (f.source, f.source_object))
    }

    /// 513.1b: the duration a modifier is made with, or `None` if a "while <this card>
    /// remains exhausted" modifier is not made: its source readied after the effect was
    /// played, or isn't exhausted (or the object it was) now.
    fn start_duration(&self, d: Duration) -> Option<Duration> {
        if d != Duration::WhileThisExhausted {
            return Some(d);
        }
        let f = self.frame()?;
        let s = f.source;
        let t = &self.exhaust_ties;
        let readied = t
            .readied_at
            .iter()
            .any(|&(c, at)| c == s && at >= t.played_at);
        let still = self.card(s).object == f.source_object && self.card(s).exhausted;
        (still && !readied).then_some(Duration::ThisTurn)
    }

    /// 513.1b: ties the modifiers made since `from` to the source, if their duration
    /// says so.
    fn tie_to_source(&mut self, d: Duration, from: usize) {
        if d != Duration::WhileThisExhausted {
            return;
        }
        let s = Host::source(self);
        let stamps: Vec<u32> = self.modifiers[from..].iter().map(|m| m.timestamp).collect();
        let live: Vec<u32> = self.modifiers.iter().map(|m| m.timestamp).collect();
        let ties = &mut self.exhaust_ties.ties;
        ties.retain(|(t, _)| live.contains(t));
        ties.extend(stamps.into_iter().map(|t| (t, s)));
    }

    /// 513.1b: `c` readied: the modifiers that lasted while it remained exhausted end.
    pub(crate) fn end_while_exhausted(&mut self, c: CardId) {
        let now = self.clock;
        let t = &mut self.exhaust_ties;
        t.readied_at.retain(|&(x, _)| x != c);
        t.readied_at.push((c, now));
        let ended: Vec<u32> = t
            .ties
            .iter()
            .filter(|&&(_, s)| s == c)
            .map(|&(m, _)| m)
            .collect();
        if ended.is_empty() {
            return;
        }
        t.ties.retain(|&(_, s)| s != c);
        self.modifiers.retain(|m| !ended.contains(&m.timestamp));
    }

    /// The controller's opponents still in the game, clockwise.
    fn opponents_of(&self, p: PlayerId) -> Vec<PlayerId> {
        self.clockwise_from(p).filter(|&q| q != p).collect()
    }
}

impl GameState {
    /// The objects a counter step or amount names: `this` is the source wherever it is
    /// in play (a character, an equipment, a resource: an ongoing plot twist's own
    /// counters), still that object; other words name characters as `who` does.
    fn counter_holders(&self, w: &Who) -> Vec<CardId> {
        match (w, self.frame()) {
            (Who::This, Some(f)) => {
                let c = f.source;
                let in_play = matches!(
                    self.card(c).zone,
                    Zone::Character(_) | Zone::Equipped(_) | Zone::Resource
                );
                if in_play && self.card(c).object == f.source_object {
                    vec![c]
                } else {
                    Vec::new()
                }
            }
            _ => Host::who(self, w),
        }
    }

    /// 701.10c–d: `source` is a character that can't reinforce other characters, and
    /// `c` is another one.
    pub(crate) fn cant_reinforce(&self, source: CardId, c: CardId) -> bool {
        source != c && self.is_character(source) && self.cant(source, Cant::ReinforceOthers)
    }
}

impl Host for GameState {
    fn source(&self) -> CardId {
        self.frame().map_or(CardId(0), |f| f.source)
    }

    fn controller(&self) -> PlayerId {
        self.frame().map_or(0, |f| f.controller)
    }

    fn who(&self, who: &Who) -> Vec<CardId> {
        let Some(f) = self.frame() else {
            return Vec::new();
        };
        match who {
            Who::Target(n) => match f.targets.get(*n as usize).copied().flatten() {
                // Still that object (213.1c) and a character (or a targeted resource) in
                // play.
                Some(TargetRef::Card(c, object))
                    if self.card(c).object == object
                        && (self.is_character(c) || self.card(c).zone == Zone::Resource) =>
                {
                    vec![c]
                }
                _ => Vec::new(),
            },
            Who::This => {
                let c = f.source;
                if self.card(c).object == f.source_object && self.is_character(c) {
                    vec![c]
                } else {
                    Vec::new()
                }
            }
            Who::Host => match self.card(f.source).zone {
                Zone::Equipped(h) if self.card(f.source).object == f.source_object => vec![h],
                _ => Vec::new(),
            },
            Who::Each(filter) => self.matching(filter, f.controller, f.source),
            Who::Paid(n) => match f.paid.get(*n as usize).copied() {
                Some(c) if self.is_character(c) => vec![c],
                _ => Vec::new(),
            },
            Who::That => match f.event_card {
                // The event's card, wherever the replaced event left it (in play: a
                // character, or a resource or equipment whose KO was replaced, 708.13a).
                Some(c)
                    if matches!(
                        self.card(c).zone,
                        Zone::Character(_) | Zone::Equipped(_) | Zone::Resource
                    ) =>
                {
                    vec![c]
                }
                _ => Vec::new(),
            },
            Who::Chosen(n) => match f.chosen.get(*n as usize).copied().flatten() {
                Some(c) if self.is_character(c) || self.card(c).zone == Zone::Resource => {
                    vec![c]
                }
                _ => Vec::new(),
            },
        }
    }

    fn players(&self, who: &PlayerWho) -> Vec<PlayerId> {
        let Some(f) = self.frame() else {
            return Vec::new();
        };
        let p = f.controller;
        match who {
            PlayerWho::You => vec![p],
            PlayerWho::EachOpponent => self.opponents_of(p),
            PlayerWho::EachPlayer => self.clockwise_from(self.primary_player()).collect(),
            PlayerWho::Target(n) => match f.targets.get(*n as usize).copied().flatten() {
                Some(TargetRef::Player(q)) if self.in_game(q) => vec![q],
                _ => Vec::new(),
            },
            PlayerWho::ControllerOf(n) => match f.targets.get(*n as usize).copied().flatten() {
                Some(TargetRef::Card(c, object)) if self.card(c).object == object => {
                    vec![self.card(c).controller]
                }
                _ => Vec::new(),
            },
            PlayerWho::BreakthroughPlayer => self
                .breakthrough_to
                .filter(|&q| self.in_game(q))
                .into_iter()
                .collect(),
            PlayerWho::ControllerOfThat => match f.event_card {
                Some(c) if self.is_character(c) || self.card(c).zone == Zone::Resource => {
                    vec![self.card(c).controller]
                }
                _ => Vec::new(),
            },
        }
    }

    fn amount(&self, n: &Amount) -> i32 {
        match n {
            Amount::N(v) => *v,
            Amount::ResourcesYouControl => self.resource_count(Host::controller(self)) as i32,
            Amount::PaidCost(n) => self
                .frame()
                .and_then(|f| f.paid.get(*n as usize).copied())
                .and_then(|c| self.def(c).cost())
                .map_or(0, i32::from),
            Amount::ThatMuch => self.frame().map_or(0, |f| f.event_amount),
            Amount::CountOf(f) => {
                let (p, s) = (Host::controller(self), Host::source(self));
                self.matching(f, p, s).len() as i32
            }
            Amount::Counters(name, w) => self
                .counter_holders(w)
                .into_iter()
                .map(|c| self.named_counters(c, name) as i32)
                .sum(),
            // 104.1: a negative total is read as 0.
            Amount::Endurance(p) => self
                .players(p)
                .first()
                .map_or(0, |&q| self.endurance(q).max(0)),
            Amount::Digit(place, a) => {
                let v = self.amount(a).max(0);
                match place {
                    DigitPlace::Tens => v / 10 % 10,
                    DigitPlace::Ones => v % 10,
                }
            }
            Amount::ChosenNumber => self
                .resolving
                .as_ref()
                .and_then(|f| f.number)
                .map_or(0, i32::from),
            // Glossary: Printed: what the card prints, whatever modifiers do.
            Amount::Printed(v, w) => Host::who(self, w)
                .first()
                .map_or(0, |&c| self.printed_value(c, *v)),
            Amount::PerPaid(n) => n * self.frame().map_or(0, |f| f.paid.len() as i32),
            Amount::CardsIn(zones, f) => {
                let p = self.player(Host::controller(self));
                let cards: Vec<CardId> = zones
                    .iter()
                    .flat_map(|z| match z {
                        OwnZone::ResourceRow => p.resources.clone(),
                        OwnZone::KoPile => p.ko_pile.clone(),
                        OwnZone::Hand => p.hand.clone(),
                    })
                    .collect();
                cards
                    .into_iter()
                    .filter(|&c| Host::card_matches(self, f, c))
                    .count() as i32
            }
        }
    }

    fn card_name(&self, c: CardId) -> String {
        self.name(c)
    }

    fn player_name(&self, p: PlayerId) -> String {
        GameState::player_name(self, p)
    }

    fn log_line(&mut self, text: &mut dyn FnMut(&HostState) -> String) {
        if self.logging {
            let t = text(self);
            self.log(|_| t);
        }
    }

    fn stun(&mut self, c: CardId) -> bool {
        self.stun_by_effect(c, None).unwrap_or(false)
    }

    fn stun_or_wait(&mut self, c: CardId) -> Option<bool> {
        self.stun_by_effect(c, Some(crate::state::Resume::Steps))
    }

    fn power_up_or_wait(&mut self, c: CardId) -> Option<bool> {
        let p = Host::controller(self);
        self.power_up_event(c, p, Some(crate::state::Resume::Steps))
    }

    fn held(&self) -> Vec<CardId> {
        self.resolving
            .as_ref()
            .map(|f| f.held.clone())
            .unwrap_or_default()
    }

    fn hold(&mut self, cards: Vec<CardId>) {
        if let Some(f) = &mut self.resolving {
            f.held = cards;
        }
    }

    fn ask(&mut self, p: PlayerId) {
        self.pending = Pending::EffectChoice(p);
    }

    fn controller_of(&self, c: CardId) -> PlayerId {
        self.card(c).controller
    }

    fn reveal_hand(&mut self, p: PlayerId) {
        self.log(|g| {
            let names: Vec<String> = g.player(p).hand.iter().map(|&c| g.name(c)).collect();
            format!(
                "{} reveals their hand: {}.",
                g.player_name(p),
                if names.is_empty() {
                    "no cards".to_string()
                } else {
                    names.join(", ")
                }
            )
        });
    }

    fn is_character_card(&self, c: CardId) -> bool {
        self.def(c).kind() == crate::vocab::CardKind::Character
    }

    fn shares_name_with(&self, a: CardId, b: CardId) -> bool {
        self.shares_name(a, b)
    }

    fn ko(&mut self, c: CardId) -> bool {
        GameState::ko(self, c)
    }

    fn ready(&mut self, c: CardId) -> bool {
        GameState::ready(self, c)
    }

    fn exhaust(&mut self, c: CardId) -> bool {
        GameState::exhaust(self, c)
    }

    fn recover(&mut self, c: CardId) -> bool {
        GameState::recover(self, c)
    }

    fn draw(&mut self, p: PlayerId, n: u32) {
        GameState::draw(self, p, n.min(500));
    }

    fn lose_endurance(&mut self, p: PlayerId, n: i32) {
        GameState::lose_endurance(self, p, n);
    }

    fn gain_endurance(&mut self, p: PlayerId, n: i32) {
        if n > 0 {
            let e = &mut self.player_mut(p).endurance;
            *e = e.saturating_add(n);
            self.log(|g| {
                format!(
                    "{} gains {n} endurance ({}).",
                    g.player_name(p),
                    g.endurance(p)
                )
            });
        }
    }

    fn counter_cards(&self, w: &Who) -> Vec<CardId> {
        self.counter_holders(w)
    }

    fn put_named_counters(&mut self, c: CardId, name: &str, n: u16) {
        GameState::put_named_counters(self, c, name, n);
    }

    fn win_game(&mut self, p: PlayerId) {
        GameState::win_game(self, p);
    }

    fn to_deck_top(&mut self, c: CardId) {
        self.log(|g| format!("{} goes on the top of its owner's deck.", g.name(c)));
        self.move_card(c, Zone::Deck);
    }

    fn ko_pile(&self, p: PlayerId) -> Vec<CardId> {
        self.player(p).ko_pile.clone()
    }

    fn endurance_total(&self, p: PlayerId) -> i32 {
        self.endurance(p)
    }

    fn adjust_endurance(&mut self, p: PlayerId, delta: i32) {
        let e = &mut self.player_mut(p).endurance;
        *e = e.saturating_add(delta);
        self.log(|g| {
            format!(
                "{}'s endurance is now {}.",
                g.player_name(p),
                g.endurance(p)
            )
        });
    }

    fn add_plus_counters(&mut self, c: CardId, n: u8) {
        let card = self.card_mut(c);
        card.plus = card.plus.saturating_add(n);
        // 215.1e: the counters' modifier is timestamped as they are put on: after
        // everything stamped until now (no tick: timestamps of others stay as they were).
        let (object, now) = (self.card(c).object, self.clock);
        let cards = &self.cards;
        self.counter_stamps
            .retain(|k| cards[k.0 .0 as usize].object == k.1);
        self.counter_stamps.push((c, object, now, n));
    }

    fn modify(&mut self, c: CardId, atk: i32, def: i32, grant: Option<Grant>, duration: Duration) {
        let clamp = |v: i32| v.clamp(i16::MIN as i32, i16::MAX as i32) as i16;
        // 701.10d: a source that can't reinforce other characters gives no other
        // character reinforcement (checked as the modifier is created).
        let grant = grant
            .filter(|&g| g != Grant::Reinforcement || !self.cant_reinforce(Host::source(self), c));
        if grant.is_none() && atk == 0 && def == 0 {
            return;
        }
        let Some(d) = self.start_duration(duration) else {
            return;
        };
        let from = self.modifiers.len();
        self.add_modifier(c, clamp(atk), clamp(def), grant, d);
        let source = self.effect_source();
        if let Some(m) = self.modifiers.last_mut() {
            m.source = source;
        }
        self.tie_to_source(duration, from);
    }

    fn modify_all(
        &mut self,
        filter: &Filter,
        atk: i32,
        def: i32,
        grant: Option<Grant>,
        duration: Duration,
    ) {
        let clamp = |v: i32| v.clamp(i16::MIN as i32, i16::MAX as i32) as i16;
        let Some(d) = self.start_duration(duration) else {
            return;
        };
        let from = self.modifiers.len();
        let timestamp = self.tick();
        let (controller, source) = (Host::controller(self), Host::source(self));
        // 701.10d: from a source that can't reinforce other characters, a reinforcement
        // modifier applies to that source only.
        let mut filter = filter.clone();
        if grant == Some(Grant::Reinforcement)
            && self.is_character(source)
            && self.cant(source, Cant::ReinforceOthers)
        {
            filter.0.push(Test::Itself);
        }
        self.modifiers.push(Modifier {
            applies: Applies::Each {
                filter,
                controller,
                source,
            },
            atk: clamp(atk),
            def: clamp(def),
            grant,
            cant: None,
            loses: None,
            duration: d,
            timestamp,
            set_atk: None,
            set_def: None,
            cost: 0,
            source: self.effect_source(),
            must_attack: None,
            captor: None,
        });
        self.tie_to_source(duration, from);
    }

    fn power_up(&mut self, c: CardId) -> bool {
        let p = Host::controller(self);
        self.power_up_event(c, p, None).unwrap_or(false)
    }

    fn to_resource_row(&mut self, c: CardId) -> bool {
        if !self.is_character(c) {
            return false;
        }
        self.log(|g| {
            format!(
                "{} is put face down into its controller's resource row.",
                g.name(c)
            )
        });
        self.move_card(c, Zone::Resource);
        true
    }

    fn return_to_hand(&mut self, c: CardId) -> bool {
        if !self.is_character(c) {
            return false;
        }
        self.log(|g| format!("{} returns to its owner's hand.", g.name(c)));
        self.move_card(c, Zone::Hand);
        true
    }

    fn discard(&mut self, c: CardId) {
        GameState::discard(self, c);
    }

    fn hand(&self, p: PlayerId) -> Vec<CardId> {
        self.player(p).hand.clone()
    }

    fn choose(&mut self, slot: u8, c: Option<CardId>) {
        if let Some(f) = &mut self.resolving {
            let i = slot as usize;
            if f.chosen.len() <= i {
                f.chosen.resize(i + 1, None);
            }
            f.chosen[i] = c;
        }
        if let Some(c) = c {
            self.log(|g| format!("{} is chosen.", g.name(c)));
        }
    }

    fn next_step(&mut self) {
        if let Some(f) = &mut self.resolving {
            f.step = f.step.saturating_add(1);
            f.progress = 0;
        }
    }

    fn skip_steps(&mut self, n: u8) {
        if let Some(f) = &mut self.resolving {
            f.step = f.step.saturating_add(n);
        }
    }

    fn has_initiative(&self, p: PlayerId) -> bool {
        self.initiative == p
    }

    fn remove_characteristic(&mut self, who: &Who, g: Grant, duration: Duration) {
        self.modifier_on_each(who, duration, None, Some(g));
    }

    fn create_delayed_on(
        &mut self,
        event: Event,
        watch: u8,
        whenever: bool,
        this_turn: bool,
        steps: Vec<crate::verbs::Step>,
    ) {
        let Some(f) = &self.resolving else {
            return;
        };
        let d = Delayed {
            event,
            this_turn,
            steps,
            controller: f.controller,
            source: f.source,
            source_object: f.source_object,
            targets: f.targets.clone(),
            chosen: f.chosen.clone(),
            watch: Some(watch),
            whenever,
        };
        if self.delayed.len() < 256 {
            self.delayed.push(d);
        }
    }

    fn holds(&self, cond: &crate::verbs::Condition) -> bool {
        let (you, source) = (Host::controller(self), Host::source(self));
        let paid = self.frame().map(|f| f.paid.clone()).unwrap_or_default();
        self.condition_holds_paid(cond, you, source, Host::did(self), &paid)
    }

    fn in_resource_row(&self, c: CardId, p: PlayerId) -> bool {
        self.card(c).zone == Zone::Resource && self.player(p).resources.contains(&c)
    }

    fn revealed_card(&self) -> Option<CardId> {
        let f = self.frame()?;
        (f.inline.is_none() && self.revealed_on_chain(f.source, f.source_object, f.power))
            .then_some(f.source)
    }

    fn resource_to_hand(&mut self, r: CardId) -> bool {
        if self.card(r).zone != Zone::Resource {
            return false;
        }
        let p = self.card(r).controller;
        self.move_card(r, Zone::Hand);
        self.log(|g| {
            format!(
                "{} returns a resource to its owner's hand.",
                g.player_name(p)
            )
        });
        true
    }

    fn put_into_resource_row(&mut self, c: CardId, p: PlayerId) {
        self.card_mut(c).controller = p;
        self.move_card(c, Zone::Resource);
        self.log(|g| {
            format!(
                "{} puts {} face down into their resource row.",
                g.player_name(p),
                g.name(c)
            )
        });
    }

    fn entry_positions(&self, c: CardId, p: PlayerId) -> Vec<Position> {
        self.entry_areas(c)
            .iter()
            .flat_map(|&a| self.empty_positions(p, a))
            .collect()
    }

    fn put_into_play(&mut self, c: CardId, p: PlayerId, pos: Position) {
        self.card_mut(c).controller = p;
        self.check_uniqueness(c, p);
        self.enter_play(c, p, pos, false);
    }

    fn hunt(&mut self, p: PlayerId, c: CardId) {
        let object = self.card(c).object;
        self.hunted.retain(|&(q, _, _)| q != p);
        self.hunted.push((p, c, object));
        self.log(|g| format!("{} becomes hunted by {}.", g.name(c), g.player_name(p)));
    }

    fn source_in_play(&self) -> Option<CardId> {
        let f = self.frame()?;
        let c = f.source;
        (self.card(c).object == f.source_object
            && matches!(
                self.card(c).zone,
                Zone::Character(_) | Zone::Equipped(_) | Zone::Resource
            ))
        .then_some(c)
    }

    fn attach_from_hand(&mut self, e: CardId, host: CardId) -> bool {
        let p = Host::controller(self);
        if self.card(e).zone != Zone::Hand || !self.can_attach(e, host, p) {
            self.log(|g| {
                format!(
                    "{} can't be attached to {}; it stays in the hand (302.9).",
                    g.name(e),
                    g.name(host)
                )
            });
            return false;
        }
        self.attach_equipment(e, host);
        true
    }

    fn remove_shifted(&mut self, n: u8) -> bool {
        let Some(f) = self.frame() else {
            return false;
        };
        let c = f.source;
        if self.card(c).zone != Zone::Hand || self.card(c).object != f.source_object {
            return false;
        }
        self.move_card(c, Zone::Removed { face_down: false });
        let object = self.card(c).object;
        self.shifted.retain(|&(x, _)| x != c);
        self.shifted.push((c, object));
        self.log(|g| format!("{} is removed from the game shifted.", g.name(c)));
        let cap = self.def(c).cost().unwrap_or(0);
        self.put_named_counters(c, SHIFT, u16::from(n.min(cap)));
        true
    }

    fn add_shift_counter(&mut self) -> bool {
        let Some(f) = self.frame() else {
            return false;
        };
        let c = f.source;
        if !self.is_shifted(c) || self.card(c).object != f.source_object {
            return false;
        }
        let cap = u32::from(self.def(c).cost().unwrap_or(0));
        if self.named_counters(c, SHIFT) >= cap {
            return false;
        }
        self.put_named_counters(c, SHIFT, 1);
        true
    }

    fn shiftable_source(&self) -> Option<CardId> {
        let f = self.frame()?;
        let c = f.source;
        let cost = self.def(c).cost()?;
        (self.is_shifted(c)
            && self.card(c).object == f.source_object
            && self.resource_count(f.controller) >= cost)
            .then_some(c)
    }

    fn side_and_area(&self, c: CardId) -> Option<(PlayerId, Area)> {
        self.position(c).map(|p| (self.card(c).controller, p.area))
    }

    fn move_destinations(&self, c: CardId, side: PlayerId, area: Area) -> Vec<Position> {
        let mut out = self.empty_positions(side, area);
        let held = Host::held(self);
        for x in held.iter().copied().chain([c]) {
            if let Some(pos) = self.position(x) {
                if self.card(x).controller == side && pos.area == area {
                    out.push(pos);
                }
            }
        }
        out.sort();
        out.dedup();
        out
    }

    fn move_into(&mut self, c: CardId, side: PlayerId, to: Position) {
        let Some(from) = self.position(c) else {
            return;
        };
        let old = self.card(c).controller;
        // 708.4d: a picked-up character still standing there makes way.
        if let Some(d) = self.character_at(side, to).filter(|&d| d != c) {
            let spot = if old == side && from.area == to.area {
                Some(from)
            } else {
                self.empty_positions(side, to.area).into_iter().next()
            };
            if let Some(spot) = spot {
                self.move_card(d, Zone::Character(spot));
            }
        }
        // 708.4b, 213.5f: into another player's rows: control of it and its equipment.
        if old != side {
            let equipment: Vec<CardId> = self.equipment_on(c).collect();
            self.leave_attack(c);
            self.player_mut(old).characters.retain(|&x| x != c);
            self.card_mut(c).controller = side;
            self.player_mut(side).characters.push(c);
            // 706.17a: no longer opposed to a player who hunts it: not hunted by them
            // again, even if it comes back to an opponent's side.
            let stop: Vec<PlayerId> = self
                .hunted
                .iter()
                .filter(|&&(q, h, _)| h == c && !self.is_opponent(q, side))
                .map(|&(q, _, _)| q)
                .collect();
            self.hunted
                .retain(|&(q, h, _)| !(h == c && stop.contains(&q)));
            for e in equipment {
                self.player_mut(self.card(e).controller)
                    .equipment
                    .retain(|&x| x != e);
                self.card_mut(e).controller = side;
                self.player_mut(side).equipment.push(e);
            }
        }
        // 708.4c, 302.7: between areas, equipment (not concealed—optional) falls off.
        if from.area != to.area {
            let equipment: Vec<CardId> = self.equipment_on(c).collect();
            for e in equipment {
                if self.def(e).concealment() != crate::model::Concealment::Optional {
                    self.move_card(e, Zone::KoPile);
                }
            }
        }
        self.move_card(c, Zone::Character(to));
        self.log(|g| format!("{} moves to {}'s {to}.", g.name(c), g.player_name(side)));
    }

    fn retarget_options(&self, id: u32) -> Vec<TargetRef> {
        let Some(e) = self.chain.iter().find(|e| e.id == id) else {
            return Vec::new();
        };
        let EffectKind::Card {
            source,
            power,
            ref targets,
            ..
        } = e.kind
        else {
            return Vec::new();
        };
        let Some(kind) = self
            .effect_of(source, power)
            .and_then(|ef| ef.targets.first())
            .filter(|_| targets.len() == 1)
        else {
            return Vec::new();
        };
        let controller = e.controller.unwrap_or(self.card(source).owner);
        self.target_candidates(kind, controller, source, targets)
    }

    fn retarget(&mut self, id: u32, t: TargetRef) {
        if let Some(e) = self.chain.iter_mut().find(|e| e.id == id) {
            if let EffectKind::Card { targets, .. } = &mut e.kind {
                if let Some(first) = targets.first_mut() {
                    *first = t;
                }
            }
        }
        self.log(|g| format!("The effect's target changes to {}.", g.target_name(t)));
    }

    fn transfer_options(&self, e: CardId) -> Vec<CardId> {
        let Zone::Equipped(from) = self.card(e).zone else {
            return Vec::new();
        };
        if self.card(from).stunned {
            return Vec::new();
        }
        let p = Host::controller(self);
        self.players
            .iter()
            .flat_map(|pl| pl.characters.iter().copied())
            .filter(|&to| to != from && self.can_attach(e, to, p))
            .collect()
    }

    fn set_stats(&mut self, who: &Who, atk: Option<i32>, def: Option<i32>, duration: Duration) {
        let clamp = |v: i32| v.clamp(i16::MIN as i32, i16::MAX as i32) as i16;
        let from = self.modifiers.len();
        self.modifier_on_each(who, duration, None, None);
        for m in &mut self.modifiers[from..] {
            m.set_atk = atk.map(clamp);
            m.set_def = def.map(clamp);
        }
        if self.modifiers.len() > from {
            let names = match who {
                Who::Each(f) => format!("each {}", crate::wording::filter(f, false)),
                w => {
                    let cards = Host::who(self, w);
                    let names: Vec<String> = cards.iter().map(|&c| self.name(c)).collect();
                    names.join(", ")
                }
            };
            self.log(|_| {
                let what = match (atk, def) {
                    (Some(a), Some(d)) => format!("ATK and DEF become {a} and {d}"),
                    (Some(a), None) => format!("ATK becomes {a}"),
                    (None, Some(d)) => format!("DEF becomes {d}"),
                    (None, None) => String::new(),
                };
                format!("{names}: {what} (513.1f).")
            });
        }
    }

    fn raise_cost(&mut self, c: CardId, n: i32, duration: Duration) {
        if n == 0 {
            return;
        }
        let Some(d) = self.start_duration(duration) else {
            return;
        };
        let from = self.modifiers.len();
        self.add_modifier(c, 0, 0, None, d);
        let source = self.effect_source();
        if let Some(m) = self.modifiers.last_mut() {
            m.cost = n.clamp(i16::MIN as i32, i16::MAX as i32) as i16;
            m.source = source;
        }
        self.tie_to_source(duration, from);
        self.log(|g| format!("{}'s cost goes up by {n} (203.2a).", g.name(c)));
    }

    fn pay_endurance(&mut self, p: PlayerId, n: i32) -> bool {
        // 203.3: only with the means; 203.10: a cost is never replaced.
        if n < 0 || self.endurance(p) < n {
            self.log(|g| format!("{} can't pay {n} endurance (203.3).", g.player_name(p)));
            return false;
        }
        let paying = std::mem::replace(&mut self.paying_cost, true);
        self.unreplaced(|g| g.lose_endurance(p, n));
        self.paying_cost = paying;
        true
    }

    fn pay_resource_points(&mut self, p: PlayerId, n: i32) -> bool {
        let rp = i32::from(self.player(p).rp);
        if n < 0 || rp < n {
            self.log(|g| {
                format!(
                    "{} can't pay {n} resource points (203.3).",
                    g.player_name(p)
                )
            });
            return false;
        }
        self.player_mut(p).rp = (rp - n) as u8;
        self.log(|g| format!("{} pays {n} resource points.", g.player_name(p)));
        true
    }

    fn become_attacker(&mut self, c: CardId) -> bool {
        GameState::become_attacker(self, c)
    }

    fn become_defender(&mut self, c: CardId) -> bool {
        GameState::become_defender(self, c)
    }

    fn must_attack(&mut self, c: CardId, defender: CardId, duration: Duration) {
        let Some(d) = self.start_duration(duration) else {
            return;
        };
        let from = self.modifiers.len();
        self.add_modifier(c, 0, 0, None, d);
        let (source, target) = (self.effect_source(), (defender, self.card(defender).object));
        if let Some(m) = self.modifiers.last_mut() {
            m.must_attack = Some(target);
            m.source = source;
        }
        self.tie_to_source(duration, from);
        self.log(|g| {
            format!(
                "{} must attack {} if able (601.1c).",
                g.name(c),
                g.name(defender)
            )
        });
    }

    fn choose_number(&mut self, n: u16) {
        if let Some(f) = &mut self.resolving {
            f.number = Some(n);
        }
        let p = Host::controller(self);
        self.log(|g| format!("{} chooses the number {n}.", g.player_name(p)));
    }

    fn entering(&self) -> Option<CardId> {
        self.resolving.as_ref().and_then(|f| f.entering)
    }

    fn set_entering(&mut self, c: Option<CardId>) {
        if let Some(f) = &mut self.resolving {
            f.entering = c;
        }
    }

    fn entry_positions_yours(&self, c: CardId) -> Vec<Position> {
        let p = Host::controller(self);
        // 213.5i: positions chosen for cards entering play with it count as taken.
        let taken: Vec<Position> = Host::placing(self).into_iter().map(|(_, q)| q).collect();
        let mut out = Vec::new();
        for &area in self.entry_areas(c) {
            self.open_positions_besides(p, area, &taken)
                .each(|to| out.push(to));
        }
        out
    }

    fn put_into_play_yours(&mut self, c: CardId, pos: Position, team_attacking: bool) -> bool {
        Host::put_into_play_together(self, &[(c, pos)], team_attacking) == 1
    }

    fn placing(&self) -> Vec<(CardId, Position)> {
        self.resolving
            .as_ref()
            .map(|f| f.placing.clone())
            .unwrap_or_default()
    }

    fn set_placing(&mut self, placing: Vec<(CardId, Position)>) {
        if let Some(f) = &mut self.resolving {
            f.placing = placing;
        }
    }

    fn put_into_play_together(
        &mut self,
        cards: &[(CardId, Position)],
        team_attacking: bool,
    ) -> usize {
        let p = Host::controller(self);
        let mut going: Vec<(CardId, Position)> = Vec::new();
        for &(c, pos) in cards {
            let card = self.card(c);
            if card.zone != Zone::Hand || card.owner != p || !self.def(c).ty.is_character() {
                continue;
            }
            if self.character_at(p, pos).is_some() || going.iter().any(|&(_, q)| q == pos) {
                continue;
            }
            going.push((c, pos));
        }
        // 704.4: the uniqueness rule is not checked: it isn't a recruit effect.
        for &(c, _) in &going {
            self.log(|g| format!("{} puts {} into play.", g.player_name(p), g.name(c)));
        }
        self.enter_play_together(p, &going);
        // 602.4b: the last part of entering play.
        if team_attacking && self.in_attack_substep() && self.primary_player() == p {
            for &(c, _) in &going {
                GameState::become_attacker(self, c);
            }
        }
        going.len()
    }

    fn hold_captive(&mut self, c: CardId) {
        let Some(captor) = self.effect_source() else {
            return;
        };
        if !self.captor_holds(captor) || captor.0 == c {
            return;
        }
        self.add_modifier(c, 0, 0, None, Duration::Game);
        if let Some(m) = self.modifiers.last_mut() {
            m.cant = Some(Cant::Ready);
            m.captor = Some(captor);
            m.source = Some(captor);
        }
        self.log(|g| {
            format!(
                "{} can't ready while {} remains exhausted (513.6a).",
                g.name(c),
                g.name(captor.0)
            )
        });
    }

    fn repeat_back(&mut self, n: u8) -> bool {
        let Some(f) = &mut self.resolving else {
            return false;
        };
        if f.repeats >= 100 || n > f.step {
            return false;
        }
        // 703.3: a repetition that leaves the game as an earlier one did repeats for
        // ever: a draw.
        if self.repeat_loops() {
            return true;
        }
        let Some(f) = &mut self.resolving else {
            return false;
        };
        f.repeats += 1;
        f.step -= n;
        true
    }

    fn gain_powers(
        &mut self,
        to: CardId,
        from: CardId,
        this_turn: bool,
        set: crate::vocab::GainedSet,
    ) -> usize {
        let n = GameState::gain_powers(self, to, from, this_turn, set);
        self.log(|g| {
            format!(
                "{} gains {n} {}power{} of {} (500.6a).",
                g.name(to),
                match set {
                    crate::vocab::GainedSet::Activated => "activated ",
                    crate::vocab::GainedSet::Payment => "payment ",
                    crate::vocab::GainedSet::PaymentAndContinuous => "",
                },
                if n == 1 { "" } else { "s" },
                g.name(from)
            )
        });
        n
    }

    fn affiliation_names(&self) -> Vec<String> {
        self.pool.affiliations.clone()
    }

    fn set_chosen_affiliation(&mut self, i: u8) {
        self.chosen_affiliation = Some(i);
        self.log(|g| {
            format!(
                "{} chooses the affiliation {}.",
                g.player_name(Host::controller(g)),
                g.pool
                    .affiliations
                    .get(i as usize)
                    .map_or("", String::as_str)
            )
        });
    }

    fn remember_affiliation(&mut self, i: u8) {
        let source = Host::source(self);
        // 513.1c: only an object in play remembers (a card on the chain is none).
        if matches!(
            self.card(source).zone,
            Zone::Resource | Zone::Character(_) | Zone::Equipped(_)
        ) {
            GameState::remember_affiliation(self, source, i);
        }
    }

    fn identity_names(&self) -> Vec<String> {
        GameState::identity_names(self)
    }

    fn set_chosen_identity(&mut self, i: u16) {
        self.chosen_identity = Some(i);
        self.log(|g| {
            format!(
                "{} chooses the identity {} (511.4a).",
                g.player_name(Host::controller(g)),
                g.chosen_identity_name().unwrap_or_default()
            )
        });
    }

    fn chosen_affiliation_test(&self) -> Option<Test> {
        let i = self.chosen_affiliation?;
        let name = self.pool.affiliations.get(i as usize)?.clone();
        Some(Test::Affiliation(
            Affiliations::NONE.with(i as usize),
            vec![name],
        ))
    }

    fn modify_while_attacking(
        &mut self,
        who: &Who,
        atk: i32,
        def: i32,
        vs: Filter,
        duration: Duration,
    ) {
        let from = self.modifiers.len();
        match who {
            Who::Each(f) => Host::modify_all(self, f, atk, def, None, duration),
            w => {
                for c in Host::who(self, w) {
                    Host::modify(self, c, atk, def, None, duration);
                }
            }
        }
        let stamps: Vec<u32> = self.modifiers[from..].iter().map(|m| m.timestamp).collect();
        for t in stamps {
            if !self.while_attacking.iter().any(|(x, _)| *x == t) {
                self.while_attacking.push((t, vs.clone()));
            }
        }
    }

    fn card_choices(&self, f: &Filter) -> Vec<(String, String)> {
        let mut out: Vec<(String, String)> = self
            .pool
            .defs
            .iter()
            .filter(|d| f.0.iter().all(|t| def_passes(d, t)))
            .map(|d| (d.name.clone(), d.version.clone()))
            .collect();
        out.sort();
        out.dedup();
        out
    }

    fn is_copy_of(&self, c: CardId, name: &str, version: &str) -> bool {
        let d = self.def(c);
        d.name.eq_ignore_ascii_case(name) && d.version.eq_ignore_ascii_case(version)
    }

    fn remove_from_attack(&mut self, c: CardId) -> bool {
        let object = self.card(c).object;
        let Some(a) = self.attack.as_mut().filter(|a| a.started) else {
            return false;
        };
        let before = a.attackers.len();
        // 602.2, 602.2b: it leaves the attack; a team attack stays one.
        a.attackers.retain(|t| !(t.0 == c && t.1 == object));
        let mut removed = a.attackers.len() != before;
        // 602.3.
        if a.defender == Some((Defender::Character(c), object)) {
            a.defender = None;
            removed = true;
        }
        if removed {
            self.log(|g| format!("{} is removed from the attack.", g.name(c)));
        }
        removed
    }

    fn skip_part(&mut self, part: TurnPart, p: PlayerId, this_turn: bool) {
        let part = turn_part(part, p);
        self.log(|g| format!("The next {} will be skipped (400.9a).", g.part_words(part)));
        let source = Host::source(self);
        self.add_skip(part, this_turn, source);
    }

    fn add_turn_part(&mut self, part: TurnPart, p: PlayerId) {
        let part = turn_part(part, p);
        self.log(|g| {
            format!(
                "An additional {} will follow this one (400.10a).",
                g.part_words(part)
            )
        });
        self.add_part(part);
    }

    fn progress(&self) -> u8 {
        self.resolving.as_ref().map_or(0, |f| f.progress)
    }

    fn set_did(&mut self, did: bool) {
        if let Some(f) = &mut self.resolving {
            f.did = did;
        }
    }

    fn did(&self) -> bool {
        self.resolving.as_ref().is_some_and(|f| f.did)
    }

    fn set_progress(&mut self, n: u8) {
        if let Some(f) = &mut self.resolving {
            f.progress = n;
        }
    }

    fn create_delayed(&mut self, event: Event, this_turn: bool, steps: Vec<crate::verbs::Step>) {
        let Some(f) = &self.resolving else {
            return;
        };
        let d = Delayed {
            event,
            this_turn,
            steps,
            controller: f.controller,
            source: f.source,
            source_object: f.source_object,
            targets: f.targets.clone(),
            chosen: f.chosen.clone(),
            watch: None,
            whenever: false,
        };
        // A bound: no effect makes more than a few (input is untrusted).
        if self.delayed.len() < 256 {
            self.delayed.push(d);
        }
    }

    fn add_cosmic_counter(&mut self, c: CardId) {
        // 706.7e–f: only a non-stunned character with cosmic.
        let cosmic = self.has_keyword(c, Keyword::Cosmic) || self.def(c).has(Keyword::CosmicSurge);
        if self.is_character(c) && cosmic && !self.card(c).stunned && !self.card(c).cosmic {
            self.card_mut(c).cosmic = true;
            // 515.3: its cosmic powers come back with new timestamps.
            self.cosmic_powers_back(c);
        }
    }

    fn forbid(&mut self, who: &Who, what: Cant, duration: Duration) {
        self.modifier_on_each(who, duration, Some(what), None);
    }

    fn move_options(&self, c: CardId) -> Vec<Position> {
        let Some(pos) = self.position(c) else {
            return Vec::new();
        };
        let mut out = self.empty_positions(self.card(c).controller, pos.area);
        out.push(pos);
        out.sort();
        out
    }

    fn move_character(&mut self, c: CardId, to: Position) {
        let p = self.card(c).controller;
        if self.position(c).is_some_and(|pos| pos.area == to.area)
            && self.character_at(p, to).is_none_or(|x| x == c)
        {
            self.move_card(c, Zone::Character(to));
            self.log(|g| format!("{} moves to the {to}.", g.name(c)));
        }
    }

    fn deck(&self, p: PlayerId) -> Vec<CardId> {
        self.player(p).deck.clone()
    }

    fn card_matches(&self, f: &Filter, c: CardId) -> bool {
        let (p, s) = (Host::controller(self), Host::source(self));
        GameState::card_matches(self, f, c, p, s)
    }

    fn reveal_to_hand(&mut self, c: CardId) {
        let owner = self.card(c).owner;
        self.log(|g| {
            format!(
                "{} reveals {} and puts it into their hand.",
                g.player_name(owner),
                g.name(c)
            )
        });
        self.move_card(c, Zone::Hand);
    }

    fn shuffle_deck(&mut self, p: PlayerId) {
        let mut deck = std::mem::take(&mut self.player_mut(p).deck);
        self.rng.shuffle(&mut deck);
        self.player_mut(p).deck = deck;
        self.log(|g| format!("{} shuffles their deck.", g.player_name(p)));
    }

    fn to_deck_bottom(&mut self, c: CardId) {
        self.move_card(c, Zone::Deck);
        let owner = self.card(c).owner;
        let deck = &mut self.player_mut(owner).deck;
        if let Some(x) = deck.pop() {
            deck.insert(0, x);
        }
    }

    fn face_down_resources(&self, p: PlayerId) -> Vec<CardId> {
        self.player(p)
            .resources
            .iter()
            .copied()
            .filter(|&r| !self.card(r).face_up)
            .collect()
    }

    fn replace_resource(&mut self, r: CardId) -> bool {
        let p = self.card(r).controller;
        let Some(i) = self.player(p).resources.iter().position(|&x| x == r) else {
            return false;
        };
        self.log(|g| {
            format!(
                "{} reveals and KO's {} (replace, 708.8a).",
                g.player_name(p),
                g.name(r)
            )
        });
        if !GameState::ko(self, r) {
            return false;
        }
        let Some(&top) = self.player(p).deck.last() else {
            return false;
        };
        self.move_card(top, Zone::Resource);
        let row = &mut self.player_mut(p).resources;
        if let Some(x) = row.pop() {
            row.insert(i.min(row.len()), x);
        }
        self.log_private(p, |g| {
            format!("{} goes face down into your resource row.", g.name(top))
        });
        true
    }

    fn is_revealed(&self, r: CardId) -> bool {
        self.card(r).revealed
    }

    fn set_revealed(&mut self, r: CardId, revealed: bool) {
        self.card_mut(r).revealed = revealed;
    }

    fn effect_target(&self, n: u8) -> Option<u32> {
        match self.frame()?.targets.get(n as usize).copied().flatten()? {
            TargetRef::Effect(id) if self.chain.iter().any(|e| e.id == id) => Some(id),
            _ => None,
        }
    }

    fn negate(&mut self, id: u32) -> bool {
        let Some(i) = self.chain.iter().position(|e| e.id == id) else {
            return false;
        };
        let card = match self.chain[i].kind {
            EffectKind::Card { source, origin, .. } => {
                // 509.5: by a modifier, never an Epic plot twist.
                if self.def(source).has(Keyword::Epic) {
                    self.log(|g| format!("{} is Epic: it can't be negated.", g.name(source)));
                    return false;
                }
                // 706.18: shift's payment effects can't be negated by players.
                if let EffectKind::Card { power, .. } = self.chain[i].kind {
                    if self
                        .def(source)
                        .powers
                        .get(power as usize)
                        .and_then(|d| d.keyword)
                        == Some(Keyword::Shift)
                    {
                        self.log(|g| {
                            format!("{}'s shift effect can't be negated.", g.name(source))
                        });
                        return false;
                    }
                }
                (origin == Origin::FromHand).then_some(source)
            }
            EffectKind::Recruit { card, .. } => Some(card),
            _ => None,
        };
        let e = self.chain.remove(i);
        self.log(|g| format!("The effect \"{}\" is negated.", g.effect_text(&e)));
        // 708.9d: a card revealed onto the chain with it goes back to the hand.
        if let EffectKind::Card {
            source,
            object,
            power,
            ..
        } = e.kind
        {
            self.revealed_back_to_hand(source, object, power);
        }
        // 509.1: a card representing it goes to the KO'd pile.
        if let Some(c) = card {
            if self.card(c).zone == Zone::Chain {
                self.move_card(c, Zone::KoPile);
            }
        }
        true
    }

    fn copy_effect(&mut self, id: u32) {
        let Some(original) = self.chain.iter().find(|e| e.id == id).cloned() else {
            return;
        };
        let kind = match original.kind {
            EffectKind::Card {
                source,
                object,
                power,
                targets,
                paid,
                about,
                ..
            } => EffectKind::Card {
                source,
                object,
                power,
                origin: Origin::Copy,
                targets,
                // 708.2b: the copy remembers how the original's costs were paid.
                paid,
                about,
            },
            EffectKind::PowerUp { target } => EffectKind::PowerUp { target },
            // A recruit effect is its card: there is nothing to copy without it.
            _ => return,
        };
        let controller = Host::controller(self);
        self.push_effect(kind, Some(controller));
        self.log(|g| format!("{} copies an effect.", g.player_name(controller)));
    }

    fn remove_from_game(&mut self, c: CardId) {
        self.log(|g| format!("{} is removed from the game.", g.name(c)));
        self.move_card(c, Zone::Removed { face_down: false });
    }

    fn equipment_on(&self, host: CardId) -> Vec<CardId> {
        let mut on: Vec<CardId> = GameState::equipment_on(self, host).collect();
        on.sort_by_key(|&e| self.card(e).timestamp);
        on
    }

    fn resources_of(&self, who: &Who) -> Vec<CardId> {
        match who {
            Who::Each(filter) => {
                let (p, s) = (Host::controller(self), Host::source(self));
                self.matching_resources(filter, p, s)
            }
            Who::This => {
                let Some(f) = self.frame() else {
                    return Vec::new();
                };
                let c = f.source;
                if self.card(c).object == f.source_object && self.card(c).zone == Zone::Resource {
                    vec![c]
                } else {
                    Vec::new()
                }
            }
            w => Host::who(self, w)
                .into_iter()
                .filter(|&c| self.card(c).zone == Zone::Resource)
                .collect(),
        }
    }

    fn copy_targets(&self) -> u8 {
        match self.chain.last().map(|e| &e.kind) {
            Some(EffectKind::Card {
                origin: Origin::Copy,
                targets,
                ..
            }) => targets.len() as u8,
            _ => 0,
        }
    }

    fn copy_target_options(&self, n: u8) -> Vec<TargetRef> {
        let Some(top) = self.chain.last() else {
            return Vec::new();
        };
        let EffectKind::Card {
            origin: Origin::Copy,
            source,
            power,
            targets,
            ..
        } = &top.kind
        else {
            return Vec::new();
        };
        let Some(kind) = self
            .effect_of(*source, *power)
            .and_then(|e| e.targets.get(n as usize))
        else {
            return Vec::new();
        };
        // 505.1c: distinct from its other targets; the copy can't target itself.
        let others: Vec<TargetRef> = targets
            .iter()
            .enumerate()
            .filter(|&(i, _)| i != n as usize)
            .map(|(_, &t)| t)
            .chain([TargetRef::Effect(top.id)])
            .collect();
        let controller = top.controller.unwrap_or(0);
        self.target_candidates(kind, controller, *source, &others)
    }

    fn set_copy_target(&mut self, n: u8, t: TargetRef) {
        if let Some(ChainEffect {
            kind:
                EffectKind::Card {
                    origin: Origin::Copy,
                    targets,
                    ..
                },
            ..
        }) = self.chain.last_mut()
        {
            if let Some(slot) = targets.get_mut(n as usize) {
                *slot = t;
            }
        }
    }

    fn character_row_positions(&self, r: CardId) -> Vec<Position> {
        self.entry_positions(self.card(r).controller, r)
    }

    fn resource_to_character_row(&mut self, r: CardId, pos: Position) {
        if self.card(r).zone != Zone::Resource {
            return;
        }
        let p = self.card(r).controller;
        // A new object (213.1c): move_card makes it so, clearing what was on the resource.
        self.enter_play(r, p, pos, false);
        self.check_uniqueness(r, p);
    }

    fn transfers_tried(&self) -> Vec<(CardId, bool)> {
        self.transfers_tried.clone()
    }

    fn set_transfers_tried(&mut self, tried: Vec<(CardId, bool)>) {
        self.transfers_tried = tried;
    }

    fn turn_face_down(&mut self, r: CardId) -> bool {
        GameState::turn_face_down(self, r)
    }

    fn exchange(&mut self, a: CardId, b: CardId) -> bool {
        self.exchange_resources(a, b)
    }

    fn transfer(&mut self, e: CardId, to: CardId) -> bool {
        let p = Host::controller(self);
        GameState::transfer(self, e, to, p)
    }
}

/// The part of the turn a step of the card language names, for player `p`.
fn turn_part(part: TurnPart, p: PlayerId) -> Part {
    match part {
        TurnPart::Phase(ph) => Part::Phase(match ph {
            PhaseWord::Draw => Phase::Draw,
            PhaseWord::Build => Phase::Build,
            PhaseWord::Combat => Phase::Combat,
            PhaseWord::Recovery => Phase::Recovery,
        }),
        TurnPart::Step(s) => Part::Step(
            match s {
                StepWord::Resource => StepKind::Resource,
                StepWord::Recruit => StepKind::Recruit,
                StepWord::Formation => StepKind::Formation,
                StepWord::Attack => StepKind::Attack,
            },
            p,
        ),
    }
}

impl GameState {
    /// 708.11 by the resolving effect: `None` while it waits as it is replaced.
    fn stun_by_effect(&mut self, c: CardId, resume: Option<crate::state::Resume>) -> Option<bool> {
        let source = Host::source(self);
        let source_active = self.is_character(source) && self.text_active(source);
        let stunned = GameState::stun_event(self, c, resume)?;
        // 708.11g: the card whose effect stunned it has stunned it.
        if stunned && source_active {
            self.fire_looking_back(Event::StunsCharacter, source, Some((c, 0)));
        }
        Some(stunned)
    }

    /// 708.5: `p` powers up `c` (+1/+1 this attack); `None` while it waits as it is
    /// replaced (513.5).
    pub(crate) fn power_up_event(
        &mut self,
        c: CardId,
        p: PlayerId,
        resume: Option<crate::state::Resume>,
    ) -> Option<bool> {
        let event = crate::vocab::ReplaceEvent::BecomePoweredUp;
        let settled = self.take_settled(event, Some(c), None);
        if settled == Some(true) {
            return Some(false);
        }
        // 708.5a: only an attacker or defender, and only one the modifier's controller
        // controls.
        // 708.5e: a "can't become powered-up" character gets no power-up modifier.
        if self.card(c).controller != p
            || !(self.is_attacker(c) || self.is_defender(c))
            || self.cant(c, Cant::BecomePoweredUp)
        {
            return Some(false);
        }
        if settled.is_none() {
            match self.replace_event(event, Some(c), None, 0, Some(c), resume) {
                crate::state::Replaced::Yes => return Some(false),
                crate::state::Replaced::Wait => return None,
                crate::state::Replaced::No => {}
            }
        }
        self.add_modifier(c, 1, 1, None, Duration::ThisAttack);
        self.log(|g| format!("{} becomes powered-up.", g.name(c)));
        // 708.5b: each application triggers.
        self.fire_powered_up(c);
        Some(true)
    }
}

/// A card test read on a card of the pool, not in any game (511.4): its type, printed
/// name and version; other tests fail.
fn def_passes(d: &crate::model::CardDef, t: &Test) -> bool {
    match t {
        Test::CardType(k) => d.kind() == *k,
        Test::Named(n) => d.name.eq_ignore_ascii_case(n),
        Test::Version(v) => d.version.eq_ignore_ascii_case(v),
        Test::Not(inner) => !def_passes(d, inner),
        _ => false,
    }
}

impl GameState {
    /// The words the resolving effect's step offers to choose from (`Action::Choose`).
    pub(crate) fn choice_labels(&self) -> Vec<String> {
        if let Pending::OrderModifiers(_) = self.pending {
            return self.modifier_order_labels();
        }
        match self.current_step() {
            Some(crate::verbs::Step::ChooseAffiliation(_)) => self.pool.affiliations.clone(),
            Some(crate::verbs::Step::ChooseIdentity(_)) => self.identity_names(),
            Some(crate::verbs::Step::RemoveCopies(s)) => Host::card_choices(self, &s.filter)
                .into_iter()
                .map(|(n, v)| {
                    if v.is_empty() {
                        format!("{n} (no version)")
                    } else {
                        format!("{n}, {v}")
                    }
                })
                .collect(),
            _ => Vec::new(),
        }
    }
}
