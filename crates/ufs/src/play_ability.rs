//! Playing a played ability of any type (E.4 for abilities, H.4 costs): announcing it,
//! paying its costs in order (a discard from hand is the player's choice), then
//! executing its immediate effect (J.3.1), after which the game goes on as its type says:
//! enhance priority passes (G.1), response priority passes (H.2.3.2.4), or another form
//! may be played (F.2). Form abilities (H.2.2) are here too.

use crate::ability::*;
use crate::model::*;
use crate::state::*;

impl GameState {
    /// Ready foundations, assets and the starting character in `p`'s staging area: where
    /// enhance, form and response abilities may be played from (H.2.1.3, H.2.2.3,
    /// H.2.3.3; H.5.1: not committed cards). Also committed ones with an ability
    /// "playable while committed" (H.3.3.2), and the opponent's with one "playable by
    /// either player" (H.3.3.3); `ability_allowed` then lets only those abilities be
    /// played from them.
    pub(crate) fn ability_cards(&self, p: u8) -> Vec<CardId> {
        self.each_ability_card(p).collect()
    }

    /// `ability_cards`, without collecting them (it runs at every game event).
    pub(crate) fn each_ability_card(&self, p: u8) -> impl Iterator<Item = CardId> + '_ {
        self.player(p)
            .staging
            .iter()
            .chain(&self.player(1 - p).staging)
            .copied()
            .filter(move |&c| self.is_ability_card_for(p, c))
    }

    /// Whether `c`, in a staging area, is one of `ability_cards(p)`.
    pub(crate) fn is_ability_card_for(&self, p: u8, c: CardId) -> bool {
        // D.2.2.3.3: abilities on attached cards can't be played (the starting
        // character has them, D.2.2.3.4.1).
        if self.is_attached(c) {
            return false;
        }
        let def = self.card(c).def;
        if self.card(c).owner == p {
            self.is_ready_ability_card(c)
                || (self.db.plays_while_committed(def) && self.is_ability_card_kind(c))
        } else {
            self.db.plays_for_either(def)
                && self.is_ability_card_kind(c)
                && (!self.card(c).committed || self.db.plays_while_committed(def))
        }
    }

    fn is_ability_card_kind(&self, c: CardId) -> bool {
        matches!(
            self.def(c).kind,
            Kind::Foundation | Kind::Asset | Kind::Character { .. } | Kind::Attack { .. }
        )
    }

    /// A staging card of `ready_ability_cards`.
    pub(crate) fn is_ready_ability_card(&self, c: CardId) -> bool {
        !self.card(c).committed
            && !self.is_attached(c)
            && matches!(
                self.def(c).kind,
                Kind::Foundation | Kind::Asset | Kind::Character { .. } | Kind::Attack { .. }
            )
    }

    /// A hand card of `playable_actions_in_hand`.
    pub(crate) fn is_playable_action(&self, p: u8, c: CardId) -> bool {
        self.hand_action(c)
            .is_some_and(|(_, d)| !d.abilities.is_empty())
            && self.symbols_allow(p, c)
            && self.name_allows(p, c)
    }

    /// The card a cost's `Holder` names for the ability on `c` played by `p`.
    fn cost_holder(&self, p: u8, c: CardId, h: Holder) -> CardId {
        match h {
            Holder::YourCharacter => self.player(p).character,
            Holder::Card(card) => card,
            Holder::ThisCard | Holder::EachStaging | Holder::Taken | Holder::Revealed => c,
        }
    }

    /// E.4.1.1: whether `p` can pay this part of a cost of an ability on `c`.
    pub(crate) fn cost_payable(&self, p: u8, c: CardId, cost: &Cost) -> bool {
        let card = self.card(c);
        match cost {
            Cost::RemoveTokens(h, kind, Some(n)) => {
                self.tokens_on(self.cost_holder(p, c, *h), Some(*kind)) >= *n
            }
            // H.4.4.2: X may be 0.
            Cost::RemoveTokens(_, _, None)
            | Cost::PlaceTokens(..)
            | Cost::RemoveFromHand(None)
            | Cost::CommitFoundations(None)
            | Cost::RemoveThis
            | Cost::RemoveHand => true,
            Cost::DestroyFoundation => !self.pick_cards(p, c, &Self::DESTROY_FOUNDATION).is_empty(),
            Cost::DiscardMomentumX | Cost::DiscardX => true,
            Cost::CommitFoundations(Some(n)) => {
                self.pick_cards(p, c, &Self::commit_foundations(*n)).len() >= usize::from(*n)
            }
            Cost::RemoveFromHand(Some(n)) => {
                self.cost_cards(p, c, Place::Hand).len() >= usize::from(*n)
            }
            Cost::RemoveFromDiscard(n) => self.player(p).discard.len() >= usize::from(*n),
            Cost::RevealFromHand(k) => self
                .cost_cards(p, c, Place::Hand)
                .iter()
                .any(|&h| k.allows(self.def(h))),
            Cost::Commit => card.place == Place::Staging && !card.committed,
            Cost::Destroy => card.place == Place::Staging && c != self.player(p).character,
            Cost::DiscardMomentum(n) => self.player(p).momentum.len() >= usize::from(*n),
            Cost::Discard(n) => self.cost_cards(p, c, Place::Hand).len() >= usize::from(*n),
            Cost::RemoveTopOfDeck(n) => self.player(p).deck.len() >= usize::from(*n),
            Cost::RevealTopOfDeck => !self.player(p).deck.is_empty(),
            Cost::RemoveMomentum(n) => self.player(p).momentum.len() >= usize::from(*n),
        }
    }

    /// "Destroy 1 foundation" as a pick.
    const DESTROY_FOUNDATION: CostPick = CostPick {
        from: Place::Staging,
        to: Some(Place::Discard),
        foundations: true,
        left: 1,
        kind: None,
    };

    /// "Commit N foundations" as a pick.
    fn commit_foundations(n: u8) -> CostPick {
        CostPick {
            from: Place::Staging,
            to: None,
            foundations: true,
            left: n,
            kind: None,
        }
    }

    /// The cards that may pay a chosen-card part of a cost of the ability on `source`.
    pub(crate) fn pick_cards(&self, p: u8, source: CardId, pick: &CostPick) -> Vec<CardId> {
        let mut cards = self.cost_cards(p, source, pick.from);
        if let Some(k) = pick.kind {
            cards.retain(|&c| k.allows(self.def(c)));
        }
        if pick.foundations {
            // H.4.3: a cost committing foundations may commit the ready starting
            // character in place of one of them.
            let character = self.player(p).character;
            cards.retain(|&c| {
                let foundation = self.def(c).kind == Kind::Foundation;
                match pick.to {
                    Some(_) => foundation,
                    None => (foundation || c == character) && !self.card(c).committed,
                }
            });
        }
        cards
    }

    /// The cards in `p`'s `zone` that may pay a cost of the ability on `source` (not
    /// the card itself, which is being played).
    pub(crate) fn cost_cards(&self, p: u8, source: CardId, zone: Place) -> Vec<CardId> {
        self.zone(p, zone)
            .iter()
            .copied()
            .filter(|&c| c != source)
            .collect()
    }

    /// Action cards in `p`'s hand they could play (E.4.1.2 symbols, I.3.2 name): their
    /// abilities are played with the card (E.4). Those they may play as though they
    /// were in their hand count too (K.3.17.1).
    pub(crate) fn playable_actions_in_hand(&self, p: u8) -> Vec<CardId> {
        self.hand_like(p)
            .filter(|&c| self.is_playable_action(p, c))
            .collect()
    }

    /// H.2.2.3: the form abilities `p` may play now, from their ready foundations,
    /// assets and character, and action cards in their hand.
    pub fn legal_form_abilities(&self, p: u8) -> Vec<(CardId, u8)> {
        let mut out = Vec::new();
        let mut sources = self.ability_cards(p);
        sources.extend(self.playable_actions_in_hand(p));
        for c in sources {
            let (from, abilities) = self.printed_abilities(c);
            let printed = abilities
                .iter()
                .enumerate()
                .map(|(i, a)| (from.saturating_add(i as u8), a));
            for (i, a) in printed.chain(self.each_attached_ability(c)) {
                // UFS-36: an X it can no longer choose leaves nothing to choose.
                let x_spent =
                    a.cost.iter().any(Cost::is_x) && self.x_max(p, c, a) < self.x_min(c, i);
                if a.kind == AbilityKind::Form && !x_spent && self.ability_allowed(p, c, a) {
                    out.push((c, i));
                }
            }
        }
        out
    }

    /// `p` plays ability `i` of `c`: it is announced, its costs are paid in the order
    /// written (E.4.4.1), then its effect is executed.
    pub(crate) fn play_ability(&mut self, p: u8, c: CardId, i: u8) {
        let Some(ability) = self.ability(c, i) else {
            return;
        };
        let kind = match ability.kind {
            // A continuous ability is never played (H.6): it is not offered.
            AbilityKind::Continuous | AbilityKind::Static => return,
            AbilityKind::Enhance => {
                let own_use = self.opponents_own_use(p, c, &ability);
                if let Some(a) = self.attack.as_mut() {
                    if own_use {
                        a.enhanced_by_opponent.push((c, i));
                    } else {
                        a.enhanced.push((c, crate::enhance::ABILITY_KIND + i));
                    }
                }
                "an enhance"
            }
            AbilityKind::Response => {
                if let Some(w) = self.windows.last_mut() {
                    w.used.push((c, i));
                }
                "a response"
            }
            AbilityKind::Form => {
                if self.in_hand_for(p, c) {
                    // F.2.2.1: a form ability on an action card is an attempt to play a
                    // card from hand as a form.
                    let pl = self.player_mut(p);
                    pl.attempted_from_hand = true;
                    pl.must_attempt = false;
                }
                "a form"
            }
        };
        self.say(|s| {
            format!(
                "{} plays {kind} ability of {}.",
                s.seat_name(p),
                s.name_of(c)
            )
        });
        // E.4.2: an action card played with its ability leaves the hand as it is
        // announced, before the costs are paid; its check comes after them (E.4.8).
        let from_hand = self.in_hand_for(p, c);
        if from_hand {
            self.move_card(c, Place::CardPool);
            if (SPLIT_HALF..GRANTED).contains(&i) {
                self.become_split_half(c);
            }
        }
        if ability.cost.iter().any(Cost::is_x) {
            // H.4.4.2: X is chosen as the ability is announced, at most what can be paid.
            let max = self.x_max(p, c, &ability);
            self.choice = Some(Choice::ChooseX {
                source: c,
                ability: i,
                max,
                from_hand,
            });
            self.pending = Pending::Choose(p);
            return;
        }
        self.before_costs(p, c, i, 0, from_hand);
    }

    /// H.4.4.2: the most X an ability's cost can be paid with (and at most what the
    /// ability caps it at).
    pub(crate) fn x_max(&self, p: u8, c: CardId, ability: &Ability) -> u8 {
        ability
            .cost
            .iter()
            .filter_map(|k| match k {
                Cost::RemoveTokens(h, kind, None) => {
                    Some(self.tokens_on(self.cost_holder(p, c, *h), Some(*kind)))
                }
                Cost::RemoveFromHand(None) => {
                    Some(self.cost_cards(p, c, Place::Hand).len().min(255) as u8)
                }
                Cost::DiscardMomentumX => Some(self.player(p).momentum.len().min(255) as u8),
                Cost::DiscardX => Some(self.cost_cards(p, c, Place::Hand).len().min(255) as u8),
                Cost::CommitFoundations(None) => Some(
                    self.pick_cards(p, c, &Self::commit_foundations(0))
                        .len()
                        .min(255) as u8,
                ),
                _ => None,
            })
            .chain(
                ability
                    .x_at_most
                    .as_ref()
                    .map(|a| self.amount(p, a).clamp(0, 255) as u8),
            )
            .min()
            .unwrap_or(0)
    }

    /// Ruling UFS-36: the least X a player may choose for ability `i` of `c`: 0, or 1
    /// once it was played with X = 0 this turn (a second play with X = 0 could only
    /// repeat the first, and repeating it would let a turn go on forever).
    pub(crate) fn x_min(&self, c: CardId, i: u8) -> u8 {
        u8::from(self.marks.x_zero.contains(&(c, i)))
    }

    /// Ruling UFS-33: before the costs are paid, if a part discards momentum, the
    /// "before you pay" window; then the costs.
    fn before_costs(&mut self, p: u8, c: CardId, i: u8, x: u8, from_hand: bool) {
        // The momentum the cost discards, and the momentum it removes from the game.
        let (due, removing) = self.ability(c, i).map_or((0, 0), |a| {
            a.cost
                .iter()
                .fold((0u8, 0u8), |(due, removing), k| match k {
                    Cost::DiscardMomentum(n) => (due.saturating_add(*n), removing),
                    Cost::DiscardMomentumX => (due.saturating_add(x), removing),
                    Cost::RemoveMomentum(n) => (due, removing.saturating_add(*n)),
                    _ => (due, removing),
                })
        });
        let then = Resume::PayCosts {
            player: p,
            card: c,
            ability: i,
            x,
            from_hand,
        };
        self.before_momentum_costs(p, due, removing, then);
    }

    /// Ruling UFS-33: before `p` pays a cost discarding `due` momentum, the window for
    /// responses to it (Unleashed Demons), when some card answers; then the choice of
    /// the momentum (D.4.2.3); then `then`.
    pub(crate) fn before_momentum_cost(&mut self, p: u8, due: u8, then: Resume) {
        self.before_momentum_costs(p, due, 0, then);
    }

    /// `before_momentum_cost`, for a cost that also removes `removing` momentum from
    /// the game.
    fn before_momentum_costs(&mut self, p: u8, due: u8, removing: u8, then: Resume) {
        if due == 0 && removing == 0 {
            self.resume(then);
            return;
        }
        self.start_momentum_cost(p, due, removing);
        let then = Resume::MomentumCostChoice(Box::new(then));
        let e = Event::BeforeMomentumCost { player: p };
        if due == 0 || !self.watches(e.kind_bit()) {
            self.resume(then);
            return;
        }
        self.event(e, then);
    }

    /// `p` discards `n` momentum for a cost, less as many cards as they discarded from
    /// hand to count for it (ruling UFS-33); returns how many momentum were discarded.
    pub(crate) fn pay_momentum(&mut self, p: u8, n: u8) -> usize {
        let covered = self
            .momentum_cost
            .take()
            .filter(|m| m.player == p)
            .map_or(0, |m| m.covered.min(n));
        self.take_momentum(p, usize::from(n - covered), Place::Discard)
            .len()
    }

    /// `p` chose X for the ability being announced.
    pub(crate) fn choose_x(&mut self, p: u8, x: u8) {
        if let Some(Choice::ChooseX {
            source,
            ability,
            from_hand,
            ..
        }) = self.choice.take()
        {
            self.say(|s| format!("{} chooses X = {x}.", s.seat_name(p)));
            // UFS-36: a form ability has no limit on how often it is played.
            let form = self
                .ability(source, ability)
                .is_some_and(|a| a.kind == AbilityKind::Form);
            if x == 0 && form {
                self.marks.x_zero.push((source, ability));
            }
            self.before_costs(p, source, ability, x, from_hand);
        }
    }

    /// H.4: the costs are paid in the order written (E.4.4.1), X being `x`.
    pub(crate) fn pay_costs(&mut self, p: u8, c: CardId, i: u8, x: u8, from_hand: bool) {
        let Some(ability) = self.ability(c, i) else {
            return;
        };
        let mut picks = Vec::new();
        // The card a part of the cost revealed, which the effect may name.
        let mut revealed = None;
        // What of the momentum parts is paid already (ruling UFS-33, D.4.2.3): the
        // window and the choice before the costs, when the cost has such parts (an
        // ability played in that window leaves it for the cost it waits on).
        let momentum_parts = ability.cost.iter().any(|k| {
            matches!(
                k,
                Cost::DiscardMomentum(_) | Cost::DiscardMomentumX | Cost::RemoveMomentum(_)
            )
        });
        let before = if momentum_parts {
            self.momentum_cost.take().filter(|m| m.player == p)
        } else {
            None
        };
        let (mut covered, mut removed) = before.map_or((0, 0), |m| (m.covered, m.removed));
        for cost in &ability.cost {
            match cost {
                Cost::Commit => self.card_mut(c).committed = true,
                Cost::RevealTopOfDeck => {
                    if let Some(&top) = self.player(p).deck.last() {
                        revealed = Some(top);
                        // "Revealed:" marks a line that names a hidden card on purpose.
                        self.say(|s| {
                            format!(
                                "Revealed: {} reveals the top card of their deck for the cost: {}.",
                                s.seat_name(p),
                                s.name_of(top)
                            )
                        });
                    }
                }
                Cost::Destroy => {
                    self.move_card(c, Place::Discard);
                    self.say(|s| format!("{} is destroyed.", s.name_of(c)));
                }
                Cost::DiscardMomentum(_) | Cost::DiscardMomentumX => {
                    let n = match cost {
                        Cost::DiscardMomentum(n) => *n,
                        _ => x,
                    };
                    let paid = covered.min(n);
                    covered -= paid;
                    let discarded = self
                        .take_momentum(p, usize::from(n - paid), Place::Discard)
                        .len();
                    self.say(|s| {
                        format!(
                            "{} discards {discarded} momentum for the cost.",
                            s.seat_name(p)
                        )
                    });
                }
                Cost::RemoveTopOfDeck(n) => {
                    for top in self.move_from_top(p, Place::Deck, Place::Removed, usize::from(*n)) {
                        self.say(|s| {
                            format!(
                                "{} removes {} from the top of their deck from the game.",
                                s.seat_name(p),
                                s.name_of(top)
                            )
                        });
                    }
                }
                Cost::RemoveMomentum(n) => {
                    let chosen = removed.min(*n);
                    removed -= chosen;
                    for m in self.take_momentum(p, usize::from(*n - chosen), Place::Removed) {
                        self.say(|s| {
                            format!(
                                "{} removes a momentum, {}, from the game.",
                                s.seat_name(p),
                                s.name_of(m)
                            )
                        });
                    }
                }
                // UFS-10: the parts paid with chosen cards come last, in order.
                Cost::Discard(_) | Cost::DiscardX => picks.push(CostPick {
                    from: Place::Hand,
                    to: Some(Place::Discard),
                    foundations: false,
                    left: match cost {
                        Cost::Discard(n) => *n,
                        _ => x,
                    },
                    kind: None,
                }),
                Cost::RevealFromHand(k) => picks.push(CostPick {
                    from: Place::Hand,
                    to: Some(Place::Hand),
                    foundations: false,
                    left: 1,
                    kind: Some(*k),
                }),
                Cost::RemoveFromHand(n) => picks.push(CostPick {
                    from: Place::Hand,
                    to: Some(Place::Removed),
                    foundations: false,
                    left: n.unwrap_or(x),
                    kind: None,
                }),
                Cost::RemoveFromDiscard(n) => picks.push(CostPick {
                    from: Place::Discard,
                    to: Some(Place::Removed),
                    foundations: false,
                    left: *n,
                    kind: None,
                }),
                Cost::DestroyFoundation => picks.push(Self::DESTROY_FOUNDATION),
                Cost::CommitFoundations(n) => picks.push(Self::commit_foundations(n.unwrap_or(x))),
                Cost::RemoveThis => {
                    self.move_card(c, Place::Removed);
                    self.say(|s| format!("{} is removed from the game.", s.name_of(c)));
                }
                Cost::RemoveHand => {
                    for h in self.cost_cards(p, c, Place::Hand) {
                        self.move_card(h, Place::Removed);
                    }
                    self.say(|s| format!("{} removes their hand from the game.", s.seat_name(p)));
                }
                Cost::RemoveTokens(h, kind, n) => {
                    let holder = self.cost_holder(p, c, *h);
                    self.remove_tokens(holder, Some(*kind), n.unwrap_or(x));
                }
                Cost::PlaceTokens(h, kind, n) => {
                    let holder = self.cost_holder(p, c, *h);
                    self.place_tokens(holder, *kind, *n);
                }
            }
        }
        picks.retain(|k| k.left > 0);
        if !picks.is_empty() {
            self.choice = Some(Choice::CostCards {
                source: c,
                ability: i,
                x,
                picks,
                paid: revealed,
                from_hand,
            });
            self.pending = Pending::Choose(p);
            return;
        }
        self.finish_ability(p, c, i, x, revealed, from_hand);
    }

    /// The costs are paid: the effect is executed, then the game goes on as the
    /// ability's type says. An ability on an action card in hand is played with the
    /// card (E.4): the card's control check comes first (E.4.7, E.4.8).
    fn finish_ability(
        &mut self,
        p: u8,
        c: CardId,
        i: u8,
        x: u8,
        paid: Option<CardId>,
        from_hand: bool,
    ) {
        if from_hand {
            self.attempt_paid(p, c, Purpose::Ability(i, x), paid);
            return;
        }
        self.action_ability_played(p, c, i, x, paid);
    }

    /// What follows an ability of each type.
    fn after_ability(kind: AbilityKind, p: u8) -> Resume {
        match kind {
            AbilityKind::Enhance => Resume::EnhancePriority(p),
            AbilityKind::Response => Resume::WindowPriority(p),
            AbilityKind::Form | AbilityKind::Continuous | AbilityKind::Static => {
                Resume::ContinueCombat
            }
        }
    }

    /// The ability has been played successfully (E.4.11): its effect is executed.
    pub(crate) fn action_ability_played(
        &mut self,
        p: u8,
        c: CardId,
        i: u8,
        x: u8,
        paid: Option<CardId>,
    ) {
        let Some(mut ability) = self.ability(c, i) else {
            return;
        };
        let then = Self::after_ability(ability.kind, p);
        // J.4.3.1: an X chosen for the cost is X in the effect.
        let x = ability.cost.iter().any(Cost::is_x).then_some(x);
        // The card paid keeps its printed values in the discard pile (J.4.2).
        let paid_values = paid.map(|d| (self.def(d).control, self.def(d).difficulty));
        Binding {
            this: Some(c),
            x,
            paid: paid_values,
            cost_card: paid,
            ..Binding::default()
        }
        .apply(&mut ability.effect);
        self.run_effect(p, ability.effect, then);
    }

    /// The action card's check failed: the card is discarded (E.4.8.2) and the ability
    /// not played; a form ability's failure ends the Combat Phase (F.2.2.1.1).
    pub(crate) fn action_ability_failed(&mut self, p: u8, c: CardId, i: u8) {
        let Some(ability) = self.ability(c, i) else {
            return;
        };
        if ability.kind == AbilityKind::Form {
            self.say(|_| "A failed form ends the Combat Phase (F.2.2.1.1).".into());
            self.end_phase();
            return;
        }
        self.resume(Self::after_ability(ability.kind, p));
    }

    /// The cards `p` may choose now.
    pub fn legal_choices(&self, p: u8) -> Vec<CardId> {
        match &self.choice {
            Some(Choice::CostCards { source, picks, .. }) => picks
                .first()
                .map_or(Vec::new(), |k| self.pick_cards(p, *source, k)),
            Some(Choice::StunCommit { .. }) => self.stun_candidates(p),
            Some(Choice::Gauge { player, .. }) => self.gauge_candidates(*player),
            Some(Choice::FromRemoved {
                from, kind, chosen, ..
            }) => {
                let mut cards = self.take_choices(p, *from, *kind);
                cards.retain(|c| !chosen.contains(c));
                cards
            }
            Some(Choice::EffectMove { .. }) => self.player(p).hand.clone(),
            Some(Choice::Board { cards, .. }) => cards.clone(),
            Some(
                Choice::May { .. }
                | Choice::Either { .. }
                | Choice::EachOrder { .. }
                | Choice::Momentum { .. }
                | Choice::Name { .. }
                | Choice::ChooseX { .. }
                | Choice::TopOfDeck { .. },
            )
            | None => Vec::new(),
        }
    }

    /// `p` chooses `c` for the choice under way.
    pub(crate) fn choose(&mut self, p: u8, c: CardId) {
        match self.choice.clone() {
            Some(Choice::Gauge { player, then }) => self.finish_gauge(player, Some(c), *then),
            Some(Choice::CostCards {
                source,
                ability,
                x,
                mut picks,
                mut paid,
                from_hand,
            }) => {
                let Some(pick) = picks.first_mut() else {
                    return;
                };
                match pick.to {
                    None => {
                        self.card_mut(c).committed = true;
                        self.say(|s| format!("{} commits {}.", s.seat_name(p), s.name_of(c)));
                    }
                    Some(Place::Hand) => {
                        // "Revealed:" marks a line that names a hidden card on purpose.
                        self.say(|s| {
                            format!(
                                "Revealed: {} reveals {} from their hand for the cost.",
                                s.seat_name(p),
                                s.name_of(c)
                            )
                        });
                    }
                    Some(to) => {
                        let from = self.card(c).place;
                        self.move_card(c, to);
                        let verb = match (from, to) {
                            (Place::Staging, _) => {
                                paid = Some(c);
                                "destroys"
                            }
                            (_, Place::Discard) => "discards",
                            _ => "removes from the game",
                        };
                        self.say(|s| format!("{} {verb} {}.", s.seat_name(p), s.name_of(c)));
                    }
                }
                pick.left -= 1;
                if pick.left == 0 {
                    picks.remove(0);
                }
                // A part that can't be paid in full is paid as far as it can (the
                // ability was allowed with it payable, so only X parts run short).
                while picks
                    .first()
                    .is_some_and(|k| self.pick_cards(p, source, k).is_empty())
                {
                    picks.remove(0);
                }
                if !picks.is_empty() {
                    self.choice = Some(Choice::CostCards {
                        source,
                        ability,
                        x,
                        picks,
                        paid,
                        from_hand,
                    });
                    return;
                }
                self.choice = None;
                self.finish_ability(p, source, ability, x, paid, from_hand);
            }
            Some(Choice::EffectMove { .. }) => self.effect_move(p, c),
            Some(Choice::Board {
                commit: true, then, ..
            }) => {
                self.choice = None;
                self.card_mut(c).committed = true;
                self.say(|s| format!("{} commits {}.", s.seat_name(p), s.name_of(c)));
                self.resume(*then);
            }
            Some(Choice::Board { destroy, then, .. }) => {
                self.choice = None;
                let owner = self.card(c).owner;
                self.move_card(c, Place::Discard);
                if destroy {
                    self.say(|s| format!("{} is destroyed.", s.name_of(c)));
                    let e = Event::Destroyed { owner, by: p };
                    self.event(e, *then);
                    return;
                } else {
                    self.say(|s| {
                        format!(
                            "{} discards {} from their card pool.",
                            s.seat_name(owner),
                            s.name_of(c)
                        )
                    });
                }
                self.resume(*then);
            }
            Some(Choice::StunCommit { left }) => {
                self.card_mut(c).committed = true;
                self.say(|s| format!("{} commits {} (Stun).", s.seat_name(p), s.name_of(c)));
                self.stun_commit(p, left - 1);
            }
            Some(Choice::FromRemoved {
                from,
                mut chosen,
                kind,
                left,
                up_to,
                to,
                then,
            }) => {
                self.take_from_removed(p, c, to);
                chosen.push(c);
                // "Of the same type": the first card chosen says which.
                let kind = match (kind, CardKind::of(&self.def(c).kind)) {
                    (KindRef::Same, Some(k)) => KindRef::Is(k),
                    (kind, _) => kind,
                };
                let more = self
                    .take_choices(p, from, kind)
                    .iter()
                    .any(|x| !chosen.contains(x));
                if left > 1 && more {
                    self.choice = Some(Choice::FromRemoved {
                        from,
                        chosen,
                        kind,
                        left: left - 1,
                        up_to,
                        to,
                        then,
                    });
                    return;
                }
                self.choice = None;
                self.resume(Self::after_taking(*then, &chosen, to));
            }
            Some(
                Choice::May { .. }
                | Choice::Either { .. }
                | Choice::EachOrder { .. }
                | Choice::Momentum { .. }
                | Choice::Name { .. }
                | Choice::ChooseX { .. }
                | Choice::TopOfDeck { .. },
            )
            | None => {}
        }
    }
}
