//! Response windows (H.2.3.2) and the continuation that follows them: a game event opens a
//! window when a player has a valid response to it; priority alternates from the active
//! player until both pass in succession; then the game goes on where the event happened
//! (`Resume`).
//!
//! A player with no valid response can only pass, so the engine passes for them and asks
//! only a player who has one (docs/rulings.md UFS-13).

use crate::ability::*;
use crate::state::*;

/// Whether `who`, seen from `controller`, is `player`.
fn who_is(who: Who, controller: u8, player: u8) -> bool {
    match who {
        Who::You => player == controller,
        Who::Opponent => player != controller,
        Who::Each => true,
    }
}

impl GameState {
    /// Whether a response condition matches the event for the ability on `source`
    /// controlled by `p` (H.2.3.2.4.2.1).
    fn trigger_matches(&self, t: &Trigger, p: u8, source: CardId, e: &Event) -> bool {
        match (t, e) {
            (Trigger::Check(who, v), Event::Check { player, value, .. }) => {
                who_is(*who, p, *player) && v.holds(*value)
            }
            (Trigger::CheckFails(who, n), Event::CheckFails { player, by, .. }) => {
                who_is(*who, p, *player) && *by <= i16::from(*n)
            }
            (Trigger::CheckFailsByMore(who, n), Event::CheckFails { player, by, .. }) => {
                who_is(*who, p, *player) && *by > i16::from(*n)
            }
            (
                Trigger::ToPlayAttack(t),
                Event::CheckFails { attack: true, .. } | Event::CheckPasses { attack: true, .. },
            ) => self.trigger_matches(t, p, source, e),
            (Trigger::Block(who), Event::Block { player, .. }) => who_is(*who, p, *player),
            (Trigger::BlockWithThis, Event::Block { card, .. })
            | (Trigger::BeforeBlockWithThis, Event::BeforeBlock { card, .. }) => *card == source,
            (
                Trigger::LoseVitality { who, from },
                Event::LoseVitality {
                    player, attack, by, ..
                },
            ) => {
                who_is(*who, p, *player)
                    && match from {
                        LossFrom::Anything => true,
                        LossFrom::OpponentsAttack => {
                            attack.is_some_and(|a| self.card(a).owner != *player)
                        }
                        LossFrom::Opponent => *by != *player,
                        LossFrom::BlockedAttack => {
                            attack.is_some_and(|a| self.card(a).owner != *player)
                                && self
                                    .attack
                                    .as_ref()
                                    .is_some_and(|a| a.block != BlockStatus::NotBlocked)
                        }
                    }
            }
            (
                Trigger::DealsDamage(who, by),
                Event::LoseVitality {
                    attack: Some(a), ..
                },
            ) => {
                who_is(*who, p, self.card(*a).owner)
                    && match by {
                        DamageBy::Any => true,
                        DamageBy::Reversal => self.reversal_attacks.contains(a),
                        DamageBy::Card(Holder::Card(c)) => c == a,
                        DamageBy::Card(_) => false,
                    }
            }
            // K.1.3.1: each player drawing is one event, which every "draws" names.
            (Trigger::Draws(who), Event::Draws { player, both }) => {
                *both || who_is(*who, p, *player)
            }
            (Trigger::PlaysAttack(who), Event::PlaysAttack { player, .. })
            | (Trigger::CheckPasses(who), Event::CheckPasses { player, .. })
            | (Trigger::CheckFailureStands(who), Event::CheckFailureStands { player })
            | (Trigger::GainsMomentum(who), Event::GainsMomentum { player })
            | (Trigger::EndPhase(who), Event::EndPhase { player })
            | (Trigger::AttackBegins(who), Event::AttackBegins { player })
            | (Trigger::AddsAttacksWithoutCheck(who), Event::AddsAttacksWithoutCheck { player })
            | (Trigger::BeforeDraw(who), Event::BeforeDraw { player })
            | (Trigger::BeforeMomentumCost(who), Event::BeforeMomentumCost { player })
            | (Trigger::BeforeDrawStep(who), Event::BeforeDrawStep { player }) => {
                who_is(*who, p, *player)
            }
            (Trigger::PlaysCardMatching(who, n), Event::PlaysCard { player, card }) => {
                let mine = self.character_symbols(*player);
                let shared = crate::model::Symbol::EVERY
                    .iter()
                    .filter(|&&s| mine.has(s) && self.def(*card).symbols.has(s))
                    .count();
                who_is(*who, p, *player) && shared >= usize::from(*n)
            }
            (Trigger::YourCardDestroyed, Event::Destroyed { owner, by }) => *owner == p && *by != p,
            (Trigger::Either(x, y), _) => {
                self.trigger_matches(x, p, source, e) || self.trigger_matches(y, p, source, e)
            }
            (Trigger::TakeDamage(who), Event::LoseVitality { player, attack, .. }) => {
                who_is(*who, p, *player) && attack.is_some_and(|a| self.card(a).owner != *player)
            }
            (Trigger::PassForm(who), Event::PassForm { player }) => who_is(*who, p, *player),
            (Trigger::DrawStep(who) | Trigger::ReadyPhase(who), Event::DrawStep { player }) => {
                who_is(*who, p, *player)
            }
            (Trigger::ReadyThis, Event::ReadyStep { readied, .. }) => readied.contains(&source),
            (Trigger::DiscardByYourEffect(who), Event::Discard { player, by }) => {
                who_is(*who, p, *player) && *by == p
            }
            (Trigger::BeforeForm(who), Event::BeforeForm { player }) => who_is(*who, p, *player),
            (Trigger::BlockFails(who), Event::BlockFails { player }) => who_is(*who, p, *player),
            _ => false,
        }
    }

    /// H.2.3.3: the cards whose response abilities `p` may play: ready foundations,
    /// assets and their starting character in the staging area, action cards in their
    /// hand (played with the card, E.4) or that they may play as though they were there
    /// (K.3.17.1), and the current attack if it is theirs; a card the event names
    /// (Breaker's "this card", a card about to block) wherever it is. Only cards that
    /// have a response ability are listed (this runs at every game event).
    fn response_sources(&self, p: u8, e: &Event) -> Vec<CardId> {
        let bit = e.kind_bit();
        // D.2.2.3.4.1: a starting character answers with its attached characters'
        // responses too.
        let characters = [self.player(0).character, self.player(1).character];
        let has_response = |c: CardId| {
            self.db.responds(self.card(c).def, bit)
                || (characters.contains(&c) && self.attached_responds(c, bit))
        };
        // Nearly every event finds no card that answers it: nothing is allocated then.
        let mut out = Vec::new();
        let pl = self.player(p);
        // `ability_cards(p)`, the cheap test first.
        out.extend(
            pl.staging
                .iter()
                .chain(&self.player(1 - p).staging)
                .copied()
                .filter(|&c| has_response(c) && self.is_ability_card_for(p, c)),
        );
        out.extend(
            self.hand_like(p)
                .filter(|&c| has_response(c) && self.is_playable_action(p, c)),
        );
        out.extend(
            pl.momentum
                .iter()
                .copied()
                .filter(|&c| self.card(c).face_up && has_response(c)),
        );
        if let Some(a) = &self.attack {
            if self.card(a.card).owner == p && !out.contains(&a.card) && has_response(a.card) {
                out.push(a.card);
            }
        }
        if let Event::Block { card, .. } | Event::BeforeBlock { card, .. } = e {
            if self.card(*card).owner == p && !out.contains(card) && has_response(*card) {
                out.push(*card);
            }
        }
        out
    }

    /// Whether `p` may play the ability now as far as its restrictions and costs go:
    /// H.3.1.5 (a character's name), H.3.1.2 (combo), H.3.3.1 (only playable), E.4.1.1
    /// (every cost payable).
    pub(crate) fn ability_allowed(&self, p: u8, c: CardId, a: &Ability) -> bool {
        let card = self.card(c);
        if card.place == Place::Staging {
            // H.5.1, H.3.3.2: not on a committed card unless "playable while committed".
            if card.committed && !a.while_committed {
                return false;
            }
            // H.3.3.3: another player's card only if "playable by either player".
            if card.owner != p && a.by == PlayableBy::Controller {
                return false;
            }
        }
        // An attack an effect put into the staging area (H.2.1.3 names no such place)
        // plays from there only the abilities that say so.
        if self.card(c).place == Place::Staging
            && matches!(self.def(c).kind, crate::model::Kind::Attack { .. })
            && a.only_playable != Some(Condition::InStaging)
        {
            return false;
        }
        if a.combo && !self.combo_allows(p, c) {
            return false;
        }
        (a.only_character.is_empty()
            || a.only_character
                .iter()
                .any(|n| n.eq_ignore_ascii_case(&self.character_def(p).name)))
            && a.only_playable.as_ref().is_none_or(|cond| match cond {
                Condition::FaceUpInMomentum => self.card(c).face_up,
                Condition::InStaging => self.card(c).place == Place::Staging,
                Condition::ReadyInStaging => {
                    self.card(c).place == Place::Staging && !self.card(c).committed
                }
                Condition::InHand => self.card(c).place == Place::Hand,
                _ => self.condition(p, cond),
            })
            && a.cost.iter().all(|k| self.cost_payable(p, c, k))
    }

    /// H.3.1.2, I.3.3.2: whether a combo ability on `c`, played by `p`, may be played:
    /// the printed values of the cards immediately before `c` in the card pool meet
    /// the requirements of at least one of its Combo keywords, in order (ruling
    /// UFS-37). A card in the card pool (the current attack) is preceded by the cards
    /// to its left; a card played from the hand, or as though from it (an action with
    /// its ability, E.4), goes to the right of all the cards of the card pool (D.2.1.1,
    /// E.4.2), so they precede it. A card anywhere else (the staging area) is not in
    /// the card pool and no card precedes it. A card without Combo can't play one
    /// (H.3.1.2 Note).
    pub(crate) fn combo_allows(&self, p: u8, c: CardId) -> bool {
        let card = self.card(c);
        let in_hand = card.place == Place::Hand || self.as_though_in_hand(p, c);
        let (def, pool): (&crate::model::CardDef, Vec<CardId>) = if in_hand {
            let def = self.hand_action(c).map_or(self.def(c), |(_, d)| d);
            let pool = self.player(p).card_pool.iter().copied();
            (def, pool.filter(|&x| x != c).collect())
        } else if card.place == Place::CardPool {
            let pool = &self.player(card.owner).card_pool;
            let at = pool.iter().position(|&x| x == c).unwrap_or(0);
            (self.def(c), pool[..at].to_vec())
        } else {
            return false;
        };
        let preceding: Vec<Option<&crate::model::CardDef>> =
            pool.iter().map(|&x| self.printed_values(x)).collect();
        def.keywords.iter().any(|k| match k {
            crate::model::Keyword::Combo(reqs) => crate::model::combo_met(reqs, &preceding),
            _ => false,
        })
    }

    /// A card's printed values as Combo reads them (I.3.3.2 Note: effects don't change
    /// them): its definition (a split card played as its other half is that half,
    /// ruling UFS-31), or none for a card face down in the card pool (one played face
    /// down as an attack, UFS-20, or a multiple copy, I.3.8.1): face-down cards have no
    /// printed values (C.3.3.1 Note).
    pub(crate) fn printed_values(&self, c: CardId) -> Option<&crate::model::CardDef> {
        match self.face_down_of(c) {
            Some(f) if self.db.split(f.printed) != Some(self.card(c).def) => None,
            _ => Some(self.def(c)),
        }
    }

    /// The response abilities `p` may play in the window on top (H.2.3.2.4.2).
    pub fn legal_responses(&self, p: u8) -> Vec<(CardId, u8)> {
        let Some(w) = self.windows.last() else {
            return Vec::new();
        };
        let mut out = Vec::new();
        self.scan_responses(p, &w.event, &w.used, &mut |c, i| {
            out.push((c, i));
            false
        });
        out
    }

    /// Whether `p` has a valid response to `e` (the abilities in `used` were played in
    /// this window already): `legal_responses` that stops at the first.
    fn has_response(&self, p: u8, e: &Event, used: &[(CardId, u8)]) -> bool {
        self.scan_responses(p, e, used, &mut |_, _| true)
    }

    /// Calls `found` with each response ability `p` may play for `e`, in the order
    /// offered, until it returns true; returns whether it did.
    fn scan_responses(
        &self,
        p: u8,
        e: &Event,
        used: &[(CardId, u8)],
        found: &mut dyn FnMut(CardId, u8) -> bool,
    ) -> bool {
        let valid = |c: CardId, i: u8, a: &Ability| {
            a.kind == AbilityKind::Response
                && !used.contains(&(c, i))
                && a.trigger
                    .as_ref()
                    .is_some_and(|t| self.trigger_matches(t, p, c, e))
                && self.ability_allowed(p, c, a)
        };
        for c in self.response_sources(p, e) {
            let def = self.def(c);
            let (from, abilities) = self.printed_abilities(c);
            for (i, a) in abilities.iter().enumerate() {
                let i = from.saturating_add(i as u8);
                if valid(c, i, a) && found(c, i) {
                    return true;
                }
            }
            // D.2.2.3.4.1: a starting character's abilities from attached characters.
            for (i, a) in self.each_attached_ability(c) {
                if valid(c, i, a) && found(c, i) {
                    return true;
                }
            }
            for (k, kw) in def.keywords.iter().enumerate() {
                if !Ability::grants_ability(kw) {
                    continue;
                }
                let i = (usize::from(GRANTED) + k).min(255) as u8;
                if Ability::granted_by(kw).is_some_and(|a| valid(c, i, &a)) && found(c, i) {
                    return true;
                }
            }
        }
        false
    }

    /// H.6, J.3.2: the static fired effects waiting for `e`: continuous abilities of
    /// cards in their controller's card pool (or where the ability says it works),
    /// the active player's first (J.3.2.1.2), with "this card" bound.
    fn static_fired(&self, e: &Event) -> Vec<(u8, Vec<Effect>)> {
        let mut out = Vec::new();
        for p in [self.active, 1 - self.active] {
            let pl = self.player(p);
            // A continuous ability works from the card pool, or, when it says so, from
            // face up in momentum (Shinku Tatsumaki Senpukyaku).
            // "While this card is ready" works from the staging area (Onigami Isle).
            let face_up = pl.momentum.iter().filter(|&&c| self.card(c).face_up);
            // An attached character's abilities are not its own (D.2.2.3.3): the starting
            // character has them, once per version (D.2.2.3.4.1), "this card" being it.
            let ready = pl
                .staging
                .iter()
                .copied()
                .filter(|&c| !self.card(c).committed)
                .filter_map(|c| {
                    if !self.is_attached(c) {
                        Some((c, c))
                    } else {
                        self.gives_its_abilities(c).then_some((c, pl.character))
                    }
                });
            // One whose restriction says so works from the hand (Kuchu Tatsumaki
            // Senpukyaku EXTRA).
            for (c, holder) in pl
                .card_pool
                .iter()
                .chain(face_up)
                .copied()
                .map(|c| (c, c))
                .chain(ready)
                .chain(pl.hand.iter().map(|&c| (c, c)))
            {
                if !self.db.fires(self.card(c).def, e.kind_bit()) {
                    continue;
                }
                let place = self.card(c).place;
                for a in &self.def(c).abilities {
                    let works_from = match a.only_playable {
                        Some(Condition::FaceUpInMomentum) => Place::Momentum,
                        Some(Condition::ReadyInStaging) => Place::Staging,
                        Some(Condition::InHand) => Place::Hand,
                        _ => Place::CardPool,
                    };
                    let matches = a.kind == AbilityKind::Continuous
                        && works_from == place
                        && a.trigger
                            .as_ref()
                            .is_some_and(|t| self.trigger_matches(t, p, holder, e));
                    if matches {
                        let mut steps = a.effect.clone();
                        Binding {
                            this: Some(holder),
                            event_player: Some(e.player()),
                            ..Binding::default()
                        }
                        .apply(&mut steps);
                        out.push((p, steps));
                    }
                }
            }
        }
        out
    }

    /// J.2.2, J.3.2: the detached fired effects `e` ends or fires, the active player's
    /// first (J.3.2.1.2); those that fire only once end as they fire. An effect the
    /// event ends does not fire on it (J.2.5).
    fn detached_fired(&mut self, e: &Event) -> Vec<(u8, Vec<Effect>)> {
        if self.detached.is_empty() {
            return Vec::new();
        }
        let mut out = Vec::new();
        let mut keep = Vec::new();
        let mine_first = [self.active, 1 - self.active];
        for d in std::mem::take(&mut self.detached) {
            let p = d.controller;
            let ends = d
                .effect
                .ends_on
                .as_ref()
                .is_some_and(|t| self.trigger_matches(t, p, CardId::MAX, e));
            if ends {
                self.say(|_| "A lasting effect ends.".into());
                continue;
            }
            let fires = self.trigger_matches(&d.effect.trigger, p, CardId::MAX, e);
            if fires {
                let mut steps = d.effect.steps.clone();
                Binding {
                    event_player: Some(e.player()),
                    ..Binding::default()
                }
                .apply(&mut steps);
                out.push((p, steps));
            }
            if !(fires && d.effect.once) {
                keep.push(d);
            }
        }
        self.detached = keep;
        out.sort_by_key(|(p, _)| mine_first.iter().position(|q| q == p));
        out
    }

    /// An effect creates a detached fired effect (J.3.1.5): it lasts to the end of the
    /// turn it names (`GameState::turn` counts each player's turns).
    pub(crate) fn add_detached(&mut self, controller: u8, effect: Detached) {
        let mine_now = self.active == controller;
        let last_turn = match effect.until {
            Until::ThisTurn => self.turn,
            // It ends as the controller's next turn begins.
            Until::YourNextTurn => self.turn + if mine_now { 1 } else { 0 },
            Until::OpponentsNextTurnEnds => self.turn + if mine_now { 1 } else { 2 },
        };
        self.watched |=
            effect.trigger.event_bit() | effect.ends_on.as_ref().map_or(0, Trigger::event_bit);
        self.detached.push(ActiveDetached {
            controller,
            last_turn,
            effect,
        });
    }

    /// A game event happened: its static fired effects execute (J.3.2.1.1), then a
    /// response window opens if either player has a valid response (H.2.3.2.1), else
    /// the game goes straight on.
    pub(crate) fn event(&mut self, e: Event, then: Resume) {
        if !self.pause_conditions() {
            return;
        }
        if !self.watches(e.kind_bit()) {
            // No card in the game answers or fires on events of this kind.
            self.resume(then);
            return;
        }
        let mut fired = if self.fired_watched & e.kind_bit() != 0 {
            self.static_fired(&e)
        } else {
            Vec::new()
        };
        fired.extend(self.detached_fired(&e));
        // J.3.2.1.2: the active player's fired effects first.
        let active = self.active;
        fired.sort_by_key(|(p, _)| *p != active);
        if fired.is_empty() {
            self.open_window(e, then);
            return;
        }
        let mut next = Resume::OpenWindow(e, Box::new(then));
        for (controller, steps) in fired.into_iter().rev() {
            next = Resume::Effect {
                controller,
                rest: steps,
                then: Box::new(next),
            };
        }
        self.resume(next);
    }

    /// H.2.3.2.1: a window for `e`, if either player has a valid response.
    fn open_window(&mut self, e: Event, then: Resume) {
        if !self.pause_conditions() {
            return;
        }
        if !self.has_response(self.active, &e, &[]) && !self.has_response(1 - self.active, &e, &[])
        {
            self.resume(then);
            return;
        }
        self.windows.push(Window {
            event: e,
            priority: self.active,
            passes: 0,
            used: Vec::new(),
            then,
        });
        self.say(|_| "A response window opens (H.2.3.2).".into());
        self.offer_priority();
    }

    /// Gives the window's priority to its player, passing for a player with no valid
    /// response, until someone may respond or the window closes.
    fn offer_priority(&mut self) {
        loop {
            let Some(w) = self.windows.last() else {
                return;
            };
            let p = w.priority;
            if self.has_response(p, &w.event, &w.used) {
                self.pending = Pending::Respond(p);
                return;
            }
            if self.window_pass() {
                return;
            }
        }
    }

    /// The player with priority passes (H.2.3.2.4.2); two passes in succession close
    /// the window (H.2.3.2.4.3) and the game goes on. Returns whether it closed.
    fn window_pass(&mut self) -> bool {
        let Some(w) = self.windows.last_mut() else {
            return true;
        };
        w.passes += 1;
        if w.passes >= 2 {
            let w = self.windows.pop().expect("a window");
            self.resume(w.then);
            return true;
        }
        w.priority = 1 - w.priority;
        false
    }

    /// `Pass` in a response window.
    pub(crate) fn respond_pass(&mut self) {
        if !self.window_pass() {
            self.offer_priority();
        }
    }

    /// After `p`'s response is done, the other player has priority (H.2.3.2.4.1) and the
    /// passes start again.
    fn priority_after_response(&mut self, p: u8) {
        if !self.pause_conditions() {
            return;
        }
        let Some(w) = self.windows.last_mut() else {
            return;
        };
        w.priority = 1 - p;
        w.passes = 0;
        self.offer_priority();
    }

    /// What happened, for the window's prompt (every card named is public: a card
    /// checked or blocked with, an attack).
    pub fn describe_event(&self, e: &Event) -> String {
        match e {
            Event::Check { player, value, .. } => {
                format!("{} checked {value}", self.seat_name(*player))
            }
            Event::CheckFails { player, by, .. } => {
                format!("{}'s check failed by {by}", self.seat_name(*player))
            }
            Event::Block { player, card } => {
                format!(
                    "{} blocked with {}",
                    self.seat_name(*player),
                    self.name_of(*card)
                )
            }
            Event::LoseVitality { player, amount, .. } => {
                format!("{} lost {amount} vitality", self.seat_name(*player))
            }
            Event::PassForm { player } => {
                format!("{} passed priority to play a form", self.seat_name(*player))
            }
            Event::ReadyStep { player, .. } => {
                format!("{}'s Ready Step", self.seat_name(*player))
            }
            Event::DrawStep { player } => format!("{}'s Draw Step", self.seat_name(*player)),
            Event::Discard { player, .. } => {
                format!("{} discarded from their hand", self.seat_name(*player))
            }
            Event::BeforeForm { player } => {
                format!("{} is about to perform a form", self.seat_name(*player))
            }
            Event::BlockFails { player } => {
                format!("{}'s block failed", self.seat_name(*player))
            }
            Event::PlaysAttack { player, card } => {
                format!("{} played {}", self.seat_name(*player), self.name_of(*card))
            }
            Event::CheckPasses { player, .. } => {
                format!("{}'s check passed", self.seat_name(*player))
            }
            Event::Draws { both: true, .. } => "each player drew".into(),
            Event::Draws { player, .. } => format!("{} drew", self.seat_name(*player)),
            Event::GainsMomentum { player } => {
                format!("{} gained momentum", self.seat_name(*player))
            }
            Event::EndPhase { player } => {
                format!("{}'s End Phase begins", self.seat_name(*player))
            }
            Event::Destroyed { owner, .. } => {
                format!("a card of {} was destroyed", self.seat_name(*owner))
            }
            Event::AttackBegins { player } => {
                format!("{}'s attack enters its sequence", self.seat_name(*player))
            }
            Event::PlaysCard { player, card } => {
                format!("{} played {}", self.seat_name(*player), self.name_of(*card))
            }
            Event::BeforeDraw { player } => {
                format!("{} is about to draw", self.seat_name(*player))
            }
            Event::BeforeMomentumCost { player } => format!(
                "{} is about to pay a cost of discarding momentum",
                self.seat_name(*player)
            ),
            Event::AddsAttacksWithoutCheck { player } => format!(
                "{} played an ability that adds attacks without a control check",
                self.seat_name(*player)
            ),
            Event::BeforeBlock { player, card } => format!(
                "{} is about to block with {}",
                self.seat_name(*player),
                self.name_of(*card)
            ),
            Event::BeforeDrawStep { player } => {
                format!("{}'s Draw Step is about to begin", self.seat_name(*player))
            }
            Event::CheckFailureStands { player } => {
                format!("{}'s check failed", self.seat_name(*player))
            }
        }
    }

    /// Goes on with what an event, an effect or a window interrupted.
    pub(crate) fn resume(&mut self, r: Resume) {
        match r {
            Resume::EnhancePriority(p) => {
                if self.pause_conditions() {
                    self.pass_enhance_priority(p);
                }
            }
            Resume::WindowPriority(p) => self.priority_after_response(p),
            Resume::Effect {
                controller,
                rest,
                then,
            } => self.run_effect(controller, rest, *then),
            Resume::Event(e, then) => self.event(e, *then),
            Resume::CheckValue => self.judge_check(),
            Resume::CheckFailure => self.check_failure(),
            Resume::FailCheck => self.fail_check(),
            Resume::Damage(status) => self.damage_step(status),
            Resume::ResolveAttack => self.resolve_attack(),
            Resume::ContinueCombat => self.continue_combat(),
            Resume::CombatPhase => self.combat_phase(),
            Resume::EndPhase => self.end_phase(),
            Resume::ReviewStep => self.review_step(),
            Resume::PerformForm(action) => self.perform_form(&action),
            Resume::OpenWindow(e, then) => self.open_window(e, *then),
            Resume::AfterBlockFails => self.after_block_fails(),
            Resume::CheckPassed(check) => self.card_played(*check),
            Resume::EnhanceStep => self.enhance_step(),
            Resume::ReadyStep => self.ready_step(),
            Resume::MultipleCopies(n) => self.multiple_copies(n),
            Resume::DrawStepDraws => self.draw_step_draws(),
            Resume::PayCosts {
                player,
                card,
                ability,
                x,
                from_hand,
            } => self.pay_costs(player, card, ability, x, from_hand),
            Resume::KeywordEnhance(kind, n) => self.keyword_enhance_paid(kind, n),
            Resume::PlayMultiple(n) => self.multiple_paid(n),
            Resume::CardPlayed(check) => self.card_played_now(*check),
            Resume::BlockCheck => self.check_difficulty(),
            Resume::DrawStep => self.draw_step_begins(),
            Resume::FirstForm(c) => self.play_first_form(c),
            Resume::MomentumCostChoice(then) => self.momentum_cost_choice(*then),
            Resume::AdditionalCostPaid {
                player,
                card,
                purpose,
                paid,
            } => self.additional_cost_paid(player, card, purpose, paid),
        }
    }
}
