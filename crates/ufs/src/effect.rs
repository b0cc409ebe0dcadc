//! Executing an effect's steps (J.1): one step at a time, each as much as it can
//! (J.1.2), with the numbers read when the step is executed (J.4).

use crate::ability::*;
use crate::model::{Kind, Symbol, Zone};
use crate::state::*;
use std::collections::VecDeque;

impl GameState {
    fn players_of(&self, controller: u8, who: Who) -> Vec<u8> {
        match who {
            Who::You => vec![controller],
            Who::Opponent => vec![1 - controller],
            // Each player, the active player first; where both choose cards from their
            // hands, the effect's controller decides who goes first (K.1.3, EachOrder).
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
            // An X no binding reached (J.4.3.4: X is never negative).
            Amount::X => 0,
            Amount::ReversalsInCardPool(who) => self
                .players_of(controller, *who)
                .iter()
                .flat_map(|&p| self.player(p).card_pool.iter())
                .filter(|&&c| {
                    let def = self.def(c);
                    matches!(def.kind, crate::model::Kind::Attack { .. })
                        && def.keywords.iter().any(|k| {
                            matches!(
                                k,
                                crate::model::Keyword::Reversal
                                    | crate::model::Keyword::ReversalOnly(_)
                            )
                        })
                })
                .count() as i16,
            Amount::Tokens(h, kind) => self
                .holder_cards(controller, *h)
                .iter()
                .map(|&c| i16::from(self.tokens_on(c, *kind)))
                .sum(),
            Amount::HalfMomentum(who) => (self.amount(controller, &Amount::Momentum(*who)) + 1) / 2,
            // A face-down attack has no printed values (C.3.3.1 Note, UFS-20): a value it
            // lacks counts as 0 (J.4.2.1).
            Amount::HalfPrintedDamage => self
                .attack
                .as_ref()
                .filter(|a| self.face_down_of(a.card).is_none())
                .map_or(0, |a| match self.def(a.card).kind {
                    Kind::Attack { damage, .. } => i16::from(damage) / 2,
                    _ => 0,
                }),
            Amount::OverHandSize => {
                let held = self.player(controller).hand.len();
                held.saturating_sub(self.hand_size(controller)).min(255) as i16
            }
            Amount::CardsInHand(who) => self
                .players_of(controller, *who)
                .iter()
                .map(|&p| self.player(p).hand.len().min(255) as i16)
                .sum(),
            // A paid value no binding reached: no card was paid.
            Amount::Paid(_) => 0,
            Amount::AttacksDealtDamage => [0u8, 1]
                .iter()
                .flat_map(|&p| self.player(p).card_pool.iter())
                .filter(|&&c| self.card(c).dealt_damage)
                .count() as i16,
        }
    }

    /// The cards a `Holder` names for `controller`.
    pub(crate) fn holder_cards(&self, controller: u8, h: Holder) -> Vec<CardId> {
        match h {
            Holder::Card(c) if usize::from(c) < self.cards.len() => vec![c],
            Holder::Card(_) | Holder::ThisCard | Holder::Taken | Holder::Revealed => Vec::new(),
            Holder::YourCharacter => vec![self.player(controller).character],
            Holder::EachStaging => {
                // D.2.2.3.4.2: attached characters are not impacted by effects.
                let mut out = self.player(self.active).staging.clone();
                out.extend(self.player(1 - self.active).staging.iter().copied());
                out.retain(|&c| !self.is_attached(c));
                out
            }
        }
    }

    /// Tokens of `kind` (or of any kind) on `c`.
    pub fn tokens_on(&self, c: CardId, kind: Option<TokenKind>) -> u8 {
        self.marks
            .tokens
            .iter()
            .filter(|(x, k, _)| *x == c && kind.is_none_or(|want| want == *k))
            .fold(0u8, |sum, (_, _, n)| sum.saturating_add(*n))
    }

    pub(crate) fn place_tokens(&mut self, c: CardId, kind: TokenKind, n: u8) {
        let tokens = &mut self.marks.tokens;
        match tokens.iter_mut().find(|(x, k, _)| *x == c && *k == kind) {
            Some((_, _, have)) => *have = have.saturating_add(n),
            None => {
                tokens.push((c, kind, n));
                tokens.sort_unstable();
            }
        }
        let total = self.tokens_on(c, Some(kind));
        self.say(|s| {
            format!(
                "{n} {} token(s) placed on {} ({total} now).",
                kind.name(),
                s.name_of(c)
            )
        });
    }

    /// Removes up to `n` tokens of `kind` (or of any kind, in `TokenKind` order) from
    /// `c`; returns how many.
    pub(crate) fn remove_tokens(&mut self, c: CardId, kind: Option<TokenKind>, n: u8) -> u8 {
        let mut left = n;
        let tokens = &mut self.marks.tokens;
        for (x, k, have) in tokens.iter_mut() {
            if *x != c || kind.is_some_and(|want| want != *k) {
                continue;
            }
            let take = left.min(*have);
            *have -= take;
            left -= take;
        }
        tokens.retain(|(_, _, have)| *have > 0);
        let removed = n - left;
        if removed > 0 {
            self.say(|s| format!("{removed} token(s) removed from {}.", s.name_of(c)));
        }
        removed
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
            Condition::PlayedAsReversal => self.attack.as_ref().is_some_and(|a| a.reversal),
            Condition::NoCardToHandThisCombat => !self.player(controller).to_hand_this_combat,
            Condition::NoReversalInHand => !self
                .player(controller)
                .hand
                .iter()
                .any(|&c| self.def(c).is_reversal()),
            // Only a restriction on the card itself (`ability_allowed`).
            Condition::FaceUpInMomentum => false,
            Condition::Checked(v) => self
                .check
                .as_ref()
                .and_then(|ch| ch.checked)
                .is_some_and(|c| v.holds(i16::from(self.def(c).control))),
            Condition::MoreMomentum => {
                self.player(controller).momentum.len() > self.player(1 - controller).momentum.len()
            }
            Condition::MoreCardsInHand => {
                self.player(controller).hand.len() > self.player(1 - controller).hand.len()
            }
            Condition::FewerInStaging => {
                self.player(controller).staging.len() < self.player(1 - controller).staging.len()
            }
            Condition::PlayedControl(n) => self
                .player(controller)
                .card_pool
                .last()
                .is_some_and(|&c| self.def(c).control == *n),
            // Only in a static ability's "while" (`static_holds`), which knows the card.
            Condition::ThisCommitted => false,
            // Only a restriction on the card itself (`ability_allowed`, `static_fired`).
            Condition::InStaging | Condition::ReadyInStaging | Condition::InHand => false,
            Condition::NoFirstForm => self.player(controller).first_form.is_none(),
            Condition::NoTokens(h, k) => match *h {
                Holder::Card(c) => self
                    .marks
                    .tokens
                    .iter()
                    .filter(|(x, kind, _)| *x == c && k.is_none_or(|k| k == *kind))
                    .all(|(_, _, n)| *n == 0),
                _ => false,
            },
            Condition::All(cs) => cs.iter().all(|c| self.condition(controller, c)),
            Condition::Any(cs) => cs.iter().any(|c| self.condition(controller, c)),
            Condition::AtLeast(a, n) => self.amount(controller, a) >= i16::from(*n),
            Condition::OpponentsAttack => self
                .attack
                .as_ref()
                .is_some_and(|a| a.attacker != controller),
            Condition::BlockCheckAgainst(h) => {
                let Holder::Card(c) = *h else {
                    return false;
                };
                self.check
                    .as_ref()
                    .is_some_and(|ch| ch.purpose == Purpose::Block)
                    && self.attack.as_ref().is_some_and(|a| a.card == c)
            }
            Condition::CheckedToPlayThisAttack(n) => self
                .attack
                .as_ref()
                .and_then(|a| self.checked_to_play(a.card))
                .is_some_and(|v| v == *n),
        }
    }

    /// The steps of an effect still to execute, then what follows it.
    fn rest_of(controller: u8, queue: VecDeque<Effect>, then: Resume) -> Resume {
        Resume::Effect {
            controller,
            rest: queue.into(),
            then: Box::new(then),
        }
    }

    /// Executes `steps` for `controller` one at a time (J.1.2), then goes on with
    /// `then`. A step whose game event opens a response window halts the effect
    /// (H.2.3.2.2): the steps left wait in the window's continuation.
    pub(crate) fn run_effect(&mut self, controller: u8, steps: Vec<Effect>, then: Resume) {
        let mut queue: VecDeque<Effect> = steps.into();
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
                Effect::Draw(who, n)
                    if self.watches(Event::BeforeDraw { player: 0 }.kind_bit()) =>
                {
                    // "Before (a player) draws": its window first, then the draw (not
                    // for a player who may not draw: they will not).
                    queue.push_front(Effect::DrawNow(who, n));
                    let mut rest = Self::rest_of(controller, queue, then);
                    for p in self.players_of(controller, who).into_iter().rev() {
                        if self.may_not_draw(p) {
                            continue;
                        }
                        rest = Resume::Event(Event::BeforeDraw { player: p }, Box::new(rest));
                    }
                    self.resume(rest);
                    return;
                }
                Effect::DefineX(a) => {
                    let x = self.amount(controller, &a).clamp(0, 255) as u8;
                    let mut rest: Vec<Effect> = queue.into();
                    Binding {
                        x: Some(x),
                        ..Binding::default()
                    }
                    .apply(&mut rest);
                    queue = rest.into();
                    continue;
                }
                Effect::ThatPlayer(q, steps) => {
                    // "That player": their steps, then the rest of this effect.
                    let rest = Self::rest_of(controller, queue, then);
                    self.run_effect(q.unwrap_or(controller), steps, rest);
                    return;
                }
                // Steps that ask a player: the rest of the effect waits in the choice.
                Effect::May(who, steps, otherwise) => {
                    let decider = self.players_of(controller, who)[0];
                    let rest = Self::rest_of(controller, queue, then);
                    if !self.may_do(controller, &steps) {
                        // UFS-18: a player who can't do it does not.
                        self.say(|s| format!("{} can't, so does not.", s.seat_name(decider)));
                        self.run_effect(controller, otherwise, rest);
                        return;
                    }
                    self.choice = Some(Choice::May {
                        controller,
                        steps,
                        otherwise,
                        then: Box::new(rest),
                    });
                    self.pending = Pending::Choose(decider);
                    return;
                }
                Effect::Either(options) => {
                    let rest = Self::rest_of(controller, queue, then);
                    self.choice = Some(Choice::Either {
                        controller,
                        options,
                        then: Box::new(rest),
                    });
                    self.pending = Pending::Choose(controller);
                    return;
                }
                Effect::PlayTopAsAttack(k) => {
                    let rest = Self::rest_of(controller, queue, then);
                    self.play_top_as_attack(controller, &k, rest);
                    return;
                }
                Effect::ChooseZone
                | Effect::NameCardType
                | Effect::ChooseNumber(..)
                | Effect::ChooseSymbol => {
                    let rest = Self::rest_of(controller, queue, then);
                    let naming = match step {
                        Effect::ChooseZone => Naming::Zone,
                        Effect::ChooseSymbol => Naming::Symbol,
                        Effect::ChooseNumber(lo, hi) => Naming::Number(lo, hi.max(lo)),
                        _ => Naming::CardType,
                    };
                    self.choice = Some(Choice::Name {
                        controller,
                        naming,
                        then: Box::new(rest),
                    });
                    self.pending = Pending::Choose(controller);
                    return;
                }
                Effect::RemoveTopOfDeck(who, n, true) => {
                    let p = self.players_of(controller, who)[0];
                    // K.5.3: more than the deck holds may be chosen (the deck is then
                    // cycled part-way).
                    let max = self.amount(controller, &n).clamp(0, 255) as u8;
                    if max == 0 {
                        continue;
                    }
                    let rest = Self::rest_of(controller, queue, then);
                    self.choice = Some(Choice::TopOfDeck {
                        player: p,
                        max,
                        then: Box::new(rest),
                    });
                    self.pending = Pending::Choose(p);
                    return;
                }
                Effect::DestroyOne(..)
                | Effect::DiscardFromCardPool(_)
                | Effect::CommitOne(_)
                | Effect::CommitFoundations(..) => {
                    let commit =
                        matches!(step, Effect::CommitOne(_) | Effect::CommitFoundations(..));
                    if let Effect::CommitFoundations(w, n) = step {
                        if n > 1 {
                            queue.push_front(Effect::CommitFoundations(w, n - 1));
                        }
                    }
                    let (cards, destroy) = match step {
                        Effect::CommitFoundations(who, _) => {
                            let mut cards = Vec::new();
                            for p in self.players_of(controller, who) {
                                cards.extend(self.foundations_to_commit(p));
                            }
                            (cards, false)
                        }
                        Effect::CommitOne(who) => {
                            let mut cards = Vec::new();
                            for p in self.players_of(controller, who) {
                                cards.extend(self.player(p).staging.iter().copied().filter(|&c| {
                                    !self.card(c).committed
                                        && matches!(
                                            self.def(c).kind,
                                            Kind::Foundation | Kind::Asset
                                        )
                                }));
                            }
                            (cards, false)
                        }
                        Effect::DestroyOne(kind, who) => {
                            let mut cards = Vec::new();
                            for p in self.players_of(controller, who) {
                                // A starting character is never destroyed (D.2.2.3.4).
                                cards.extend(self.player(p).staging.iter().copied().filter(|&c| {
                                    let k = &self.def(c).kind;
                                    kind.map_or(CardKind::of(k).is_some(), |kind| kind.is(k))
                                }));
                            }
                            (cards, true)
                        }
                        Effect::DiscardFromCardPool(who) => {
                            let p = self.players_of(controller, who)[0];
                            // UFS-23: not the card whose check is under way.
                            let checking = self.check.as_ref().map(|ch| ch.card);
                            let cards = self
                                .player(p)
                                .card_pool
                                .iter()
                                .copied()
                                .filter(|&c| Some(c) != checking)
                                .collect();
                            (cards, false)
                        }
                        _ => unreachable!("matched above"),
                    };
                    let Some(&first) = cards.first() else {
                        continue;
                    };
                    let decider = if destroy || commit {
                        controller
                    } else {
                        self.card(first).owner
                    };
                    let rest = Self::rest_of(controller, queue, then);
                    self.choice = Some(Choice::Board {
                        cards,
                        destroy,
                        commit,
                        then: Box::new(rest),
                    });
                    self.pending = Pending::Choose(decider);
                    return;
                }
                Effect::HandToMomentum(who, _) | Effect::DeckToMomentum(who, _)
                    if self
                        .players_of(controller, who)
                        .iter()
                        .all(|&p| self.momentum_locked(p)) =>
                {
                    self.say(|_| "No card may be added to momentum this Combat Phase.".into());
                    continue;
                }
                Effect::Discard(ref who, ref n)
                | Effect::RemoveFromHand(ref who, ref n)
                | Effect::HandToMomentum(ref who, ref n) => {
                    let to = match step {
                        Effect::Discard(..) => Place::Discard,
                        Effect::HandToMomentum(..) => Place::Momentum,
                        _ => Place::Removed,
                    };
                    let (who, n) = (*who, n.clone());
                    let count = self.amount(controller, &n).clamp(0, 255) as u8;
                    let order: Vec<(u8, u8)> = self
                        .players_of(controller, who)
                        .into_iter()
                        .filter(|&p| to != Place::Momentum || !self.momentum_locked(p))
                        .filter_map(|p| {
                            let k = count.min(self.player(p).hand.len().min(255) as u8);
                            (k > 0).then_some((p, k))
                        })
                        .collect();
                    if order.is_empty() {
                        continue;
                    }
                    let rest = Self::rest_of(controller, queue, then);
                    // K.1.3: when both players choose cards, the effect's controller
                    // decides who goes first.
                    if order.len() == 2
                        && order
                            .iter()
                            .all(|&(p, k)| self.player(p).hand.len() > usize::from(k))
                    {
                        self.choice = Some(Choice::EachOrder {
                            controller,
                            order,
                            to,
                            then: Box::new(rest),
                        });
                        self.pending = Pending::Choose(controller);
                        return;
                    }
                    let first = order[0].0;
                    self.choice = Some(Choice::EffectMove {
                        controller,
                        order,
                        done: Vec::new(),
                        to,
                        then: Box::new(rest),
                    });
                    self.pending = Pending::Choose(first);
                    return;
                }
                Effect::DiscardMomentum(who, n) => {
                    // D.4.2.3: each player chooses their own, the active player first.
                    let count = self.amount(controller, &n).clamp(0, 255) as u8;
                    let players = self.players_of(controller, who);
                    for &p in players.iter().skip(1).rev() {
                        let w = if p == controller {
                            Who::You
                        } else {
                            Who::Opponent
                        };
                        queue.push_front(Effect::DiscardMomentum(w, Amount::N(count)));
                    }
                    let rest = Self::rest_of(controller, queue, then);
                    self.momentum_of_choice(players[0], count, Place::Discard, rest);
                    return;
                }
                Effect::GaugeSearch => {
                    let rest = Self::rest_of(controller, queue, then);
                    if self.gauge_candidates(controller).is_empty() {
                        // Nothing to find: the deck is still searched and shuffled.
                        self.finish_gauge(controller, None, rest);
                        return;
                    }
                    self.choice = Some(Choice::Gauge {
                        player: controller,
                        then: Box::new(rest),
                    });
                    self.pending = Pending::Choose(controller);
                    return;
                }
                Effect::FromRemoved { .. }
                | Effect::RemoveFromDiscard(..)
                | Effect::DiscardAsMomentum(_)
                | Effect::RevealFromHand(_) => {
                    let (from, n, up_to, kind, to) = match step {
                        // Only while a momentum cost is about to be paid, and no more
                        // cards than it asks for.
                        Effect::DiscardAsMomentum(kind) => match self.momentum_cost {
                            Some(m) if m.player == controller && m.covered < m.due => (
                                Place::Hand,
                                Some(Amount::N(m.due - m.covered)),
                                true,
                                kind,
                                RemovedTo::DiscardAsMomentum,
                            ),
                            _ => continue,
                        },
                        Effect::FromRemoved { n, up_to, kind, to } => {
                            (Place::Removed, n, up_to, kind, to)
                        }
                        Effect::RevealFromHand(kind) => (
                            Place::Hand,
                            Some(Amount::N(u8::MAX)),
                            true,
                            kind,
                            RemovedTo::Reveal,
                        ),
                        Effect::RemoveFromDiscard(_, n, kind) => {
                            (Place::Discard, Some(n), false, kind, RemovedTo::OutOfGame)
                        }
                        _ => unreachable!("matched above"),
                    };
                    if to == RemovedTo::Hand && self.hand_locked() {
                        self.say(|_| "No card may be added to a hand this Combat Phase.".into());
                        continue;
                    }
                    let Some(n) = n else {
                        // "All of them": nothing to choose.
                        for c in self.take_choices(controller, from, kind) {
                            self.take_from_removed(controller, c, to);
                        }
                        continue;
                    };
                    let n = self.amount(controller, &n).clamp(0, 255) as u8;
                    if n == 0 || self.take_choices(controller, from, kind).is_empty() {
                        continue;
                    }
                    let rest = Self::rest_of(controller, queue, then);
                    self.choice = Some(Choice::FromRemoved {
                        from,
                        chosen: Vec::new(),
                        kind,
                        left: n,
                        up_to,
                        to,
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
                let mut after = Self::rest_of(controller, queue, then);
                for e in others.iter().rev() {
                    after = Resume::Event(e.clone(), Box::new(after));
                }
                self.event(first.clone(), after);
                return;
            }
        }
        self.resume(then);
    }

    /// The cards in `p`'s `zone` (removed from the game, or the discard pile) of the
    /// kind an effect names.
    pub(crate) fn take_choices(&self, p: u8, zone: Place, kind: KindRef) -> Vec<CardId> {
        self.zone(p, zone)
            .iter()
            .copied()
            .filter(|&c| kind.allows(self.def(c)))
            .collect()
    }

    /// A card removed from the game goes to its owner's hand, or the bottom of their
    /// deck.
    pub(crate) fn take_from_removed(&mut self, p: u8, c: CardId, to: RemovedTo) {
        match to {
            RemovedTo::Hand => {
                self.move_card(c, Place::Hand);
                self.say(|s| {
                    format!(
                        "{} adds {} from the removed-from-game zone to their hand.",
                        s.seat_name(p),
                        s.name_of(c)
                    )
                });
            }
            RemovedTo::DeckBottom => {
                self.move_card(c, Place::Deck);
                // The deck's top is its last card: the bottom is the front.
                let deck = &mut self.player_mut(p).deck;
                if let Some(c) = deck.pop() {
                    deck.insert(0, c);
                }
                self.say(|s| {
                    format!(
                        "{} puts {} from the removed-from-game zone on the bottom of their deck.",
                        s.seat_name(p),
                        s.name_of(c)
                    )
                });
            }
            RemovedTo::Reveal => {
                // "Revealed:" marks a line that names a hidden card on purpose.
                self.say(|s| {
                    format!(
                        "Revealed: {} reveals {} from their hand.",
                        s.seat_name(p),
                        s.name_of(c)
                    )
                });
            }
            RemovedTo::DiscardAsMomentum => {
                self.move_card(c, Place::Discard);
                if let Some(m) = self.momentum_cost.as_mut() {
                    m.covered = m.covered.saturating_add(1);
                }
                self.say(|s| {
                    format!(
                        "{} discards {} from their hand; it counts as 1 momentum for the cost.",
                        s.seat_name(p),
                        s.name_of(c)
                    )
                });
            }
            RemovedTo::OutOfGame => {
                self.move_card(c, Place::Removed);
                self.say(|s| {
                    format!(
                        "{} removes {} in their discard pile from the game.",
                        s.seat_name(p),
                        s.name_of(c)
                    )
                });
            }
        }
    }

    /// Whether Mortal Strike's lock keeps cards out of `p`'s momentum now: only in
    /// their own Combat Phase.
    pub(crate) fn momentum_locked(&self, p: u8) -> bool {
        self.phase == Phase::Combat && self.no_momentum_in_combat.is_some() && p == self.active
    }

    /// Whether Armored Defense's lock keeps cards out of hands now.
    pub(crate) fn hand_locked(&self) -> bool {
        self.phase == Phase::Combat && self.no_cards_to_hand_in_combat.is_some()
    }

    /// The cards `p` may commit for "commit N of your foundations" as a cost (J.1.4.1):
    /// their ready foundations, and their ready starting character (H.4.3).
    fn foundations_to_commit(&self, p: u8) -> Vec<CardId> {
        let character = self.player(p).character;
        self.player(p)
            .staging
            .iter()
            .copied()
            .filter(|&c| {
                !self.card(c).committed && (self.def(c).kind == Kind::Foundation || c == character)
            })
            .collect()
    }

    /// UFS-18: whether the player a "may" asks could do its first step at all.
    fn may_do(&self, controller: u8, steps: &[Effect]) -> bool {
        let has = |who: Who, place: Place| {
            self.players_of(controller, who)
                .iter()
                .any(|&p| !self.zone(p, place).is_empty())
        };
        match steps.first() {
            Some(Effect::DiscardRandom(w, _) | Effect::Discard(w, _)) => has(*w, Place::Hand),
            Some(Effect::DiscardMomentum(w, _) | Effect::DiscardRandomMomentum(w, _)) => {
                has(*w, Place::Momentum)
            }
            Some(Effect::Draw(w, _)) => has(*w, Place::Deck),
            Some(Effect::CommitFoundations(w, n)) => self
                .players_of(controller, *w)
                .iter()
                .any(|&p| self.foundations_to_commit(p).len() >= usize::from(*n)),
            _ => true,
        }
    }

    /// `p` picks one of the options of `Choice::Either` or `Choice::Zone`.
    pub(crate) fn pick(&mut self, p: u8, i: u8) {
        if matches!(self.choice, Some(Choice::Momentum { .. })) {
            self.pick_momentum(p, i);
            return;
        }
        match self.choice.take() {
            Some(Choice::Either {
                controller,
                mut options,
                then,
            }) => {
                let i = usize::from(i).min(options.len().saturating_sub(1));
                let steps = options.swap_remove(i);
                let said = crate::text::steps_text(&steps);
                self.say(|s| format!("{} chooses: {said}", s.seat_name(p)));
                self.run_effect(controller, steps, *then);
            }
            Some(Choice::Name { naming, then, .. }) => {
                let binding = match naming {
                    Naming::Zone => {
                        let zone = Zone::ALL[usize::from(i).min(2)];
                        self.say(|s| format!("{} chooses {}.", s.seat_name(p), zone.name()));
                        Binding {
                            zone: Some(zone),
                            ..Binding::default()
                        }
                    }
                    Naming::CardType => {
                        let kind = CardKind::ALL[usize::from(i).min(3)];
                        self.say(|s| format!("{} names {}.", s.seat_name(p), kind.word()));
                        Binding {
                            kind: Some(kind),
                            ..Binding::default()
                        }
                    }
                    Naming::Number(lo, hi) => {
                        let n = lo.saturating_add(i).min(hi);
                        self.say(|s| format!("{} chooses {n}.", s.seat_name(p)));
                        Binding {
                            number: Some(n),
                            ..Binding::default()
                        }
                    }
                    Naming::Symbol => {
                        let symbol = Symbol::EVERY[usize::from(i).min(Symbol::EVERY.len() - 1)];
                        self.say(|s| format!("{} chooses {}.", s.seat_name(p), symbol.name()));
                        Binding {
                            symbol: Some(symbol),
                            ..Binding::default()
                        }
                    }
                };
                self.resume(then.bound(&binding));
            }
            Some(Choice::EachOrder {
                controller,
                mut order,
                to,
                then,
            }) => {
                if i == 1 {
                    order.reverse();
                }
                let first = order[0].0;
                self.say(|s| {
                    format!(
                        "{} chooses: {} goes first.",
                        s.seat_name(p),
                        s.seat_name(first)
                    )
                });
                self.choice = Some(Choice::EffectMove {
                    controller,
                    order,
                    done: Vec::new(),
                    to,
                    then,
                });
                self.pending = Pending::Choose(first);
            }
            other => self.choice = other,
        }
    }

    /// How many options the choice under way has (`Action::Pick`).
    pub fn pick_count(&self) -> u8 {
        match &self.choice {
            Some(Choice::Either { options, .. }) => options.len().min(255) as u8,
            Some(Choice::EachOrder { .. }) => 2,
            Some(Choice::Momentum { player, .. }) => {
                self.momentum_options(*player).len().min(255) as u8
            }
            Some(Choice::Name { naming, .. }) => match naming {
                Naming::Zone => 3,
                Naming::CardType => 4,
                Naming::Number(lo, hi) => hi.saturating_sub(*lo).saturating_add(1),
                Naming::Symbol => Symbol::EVERY.len() as u8,
            },
            _ => 0,
        }
    }

    /// A player discards (or removes from the game) a card of their choice for an
    /// effect; once every player has, the discards are game events (Angelic Grace) and
    /// the effect goes on.
    pub(crate) fn effect_move(&mut self, p: u8, c: CardId) {
        let Some(Choice::EffectMove {
            controller,
            mut order,
            mut done,
            to,
            then,
        }) = self.choice.take()
        else {
            return;
        };
        self.move_card(c, to);
        if to == Place::Discard {
            self.say(|s| format!("{} discards {}.", s.seat_name(p), s.name_of(c)));
        } else if to == Place::Momentum {
            // Momentum is face down (D.4.2.3): only its owner knows which card.
            self.say(|s| {
                format!(
                    "{} adds a card from their hand to their momentum.",
                    s.seat_name(p)
                )
            });
            self.say_to(p, |s| format!("You add {} to your momentum.", s.name_of(c)));
        } else {
            self.say(|s| {
                format!(
                    "{} removes {} in their hand from the game.",
                    s.seat_name(p),
                    s.name_of(c)
                )
            });
        }
        if !done.contains(&p) {
            done.push(p);
        }
        if let Some(first) = order.first_mut() {
            first.1 = first.1.saturating_sub(1);
            if first.1 == 0 || self.player(first.0).hand.is_empty() {
                order.remove(0);
            }
        }
        if let Some(&(next, _)) = order.first() {
            self.choice = Some(Choice::EffectMove {
                controller,
                order,
                done,
                to,
                then,
            });
            self.pending = Pending::Choose(next);
            return;
        }
        let mut after = *then;
        for &d in done.iter().rev() {
            let e = match to {
                Place::Discard => Event::Discard {
                    player: d,
                    by: controller,
                },
                Place::Momentum => Event::GainsMomentum { player: d },
                _ => continue,
            };
            after = Resume::Event(e, Box::new(after));
        }
        self.resume(after);
    }

    /// `p` answers "you may": the steps happen or not, then the effect goes on.
    pub(crate) fn decide_may(&mut self, p: u8, yes: bool) {
        let Some(Choice::May {
            controller,
            steps,
            otherwise,
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
            self.run_effect(controller, otherwise, *then);
        }
    }

    /// `p` chose to put `k` cards off their deck's top out of the game (Slash Impact).
    pub(crate) fn remove_top_of_deck(&mut self, p: u8, k: u8) {
        let Some(Choice::TopOfDeck { then, .. }) = self.choice.take() else {
            return;
        };
        self.remove_top(p, k);
        self.resume(*then);
    }

    fn remove_top(&mut self, p: u8, k: u8) {
        let mut done = 0;
        let mut left = usize::from(k);
        loop {
            let moved = self
                .move_from_top(p, Place::Deck, Place::Removed, left)
                .len();
            done += moved;
            left -= moved;
            // K.5.3: more cards than the deck holds: remove them all, cycle it (E.2.2),
            // then remove the rest. A player who can't cycle is left with the empty
            // deck, and the pause conditions end the game (E.2.2.1).
            if left == 0 || !self.player(p).deck.is_empty() || self.player(p).discard.len() <= 10 {
                break;
            }
            self.cycle(p);
        }
        self.say(|s| {
            format!(
                "{} removes the top {done} card(s) of their deck from the game.",
                s.seat_name(p)
            )
        });
    }

    /// "Up to N": the player takes no more.
    pub(crate) fn stop_choosing(&mut self) {
        if let Some(Choice::Gauge { player, then }) = self.choice.clone() {
            self.finish_gauge(player, None, *then);
            return;
        }
        if let Some(Choice::FromRemoved {
            then, chosen, to, ..
        }) = self.choice.take()
        {
            self.resume(Self::after_taking(*then, &chosen, to));
        }
    }

    /// What follows an effect's picks: "that card" is the last taken, and X the number
    /// revealed.
    pub(crate) fn after_taking(then: Resume, chosen: &[CardId], to: RemovedTo) -> Resume {
        then.bound(&Binding {
            taken: chosen.last().copied(),
            x: (to == RemovedTo::Reveal).then_some(chosen.len().min(255) as u8),
            ..Binding::default()
        })
    }

    /// `p` discards up to `count` random cards from hand among those `eligible`;
    /// returns how many.
    fn discard_random(
        &mut self,
        p: u8,
        count: i16,
        eligible: impl Fn(&GameState, CardId) -> bool,
    ) -> i16 {
        let mut done = 0;
        while done < count {
            let pool: Vec<CardId> = self
                .player(p)
                .hand
                .iter()
                .copied()
                .filter(|&c| eligible(self, c))
                .collect();
            if pool.is_empty() {
                break;
            }
            let c = pool[self.rng.below(pool.len())];
            self.move_card(c, Place::Discard);
            self.say(|s| format!("{} discards {} at random.", s.seat_name(p), s.name_of(c)));
            done += 1;
        }
        done
    }

    /// K.3.17, ruling UFS-34: `p` may play `c` this turn as though it were in their
    /// hand, while it stays in the zone it is in now: a public one (their discard pile,
    /// or out of the game). In their hand it needs nothing; in a deck (cycled back in)
    /// it can't be found.
    fn play_as_though_in_hand(&mut self, p: u8, c: CardId) {
        let card = *self.card(c);
        if card.owner != p {
            return;
        }
        match card.place {
            Place::Discard | Place::Removed => {
                self.as_in_hand.retain(|(_, x, _)| *x != c);
                self.as_in_hand.push((p, c, card.place));
                self.say(|s| {
                    format!(
                        "For the rest of this turn, {} may play {} as though it were in their hand (K.3.17).",
                        s.seat_name(p),
                        s.name_of(c)
                    )
                });
            }
            Place::Hand => {
                self.say(|s| format!("The revealed card is already in {}'s hand.", s.seat_name(p)))
            }
            _ => {
                self.say(|_| "The revealed card is no longer where it could be played from.".into())
            }
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
                floor,
            } => {
                if !self.attack_for(controller, attack) {
                    self.say(|_| "The effect finds no attack to change.".into());
                    return events;
                }
                let d = self.amount(controller, &damage.amount);
                let d = if damage.minus { -d } else { d };
                if let Some(a) = self.attack.as_mut() {
                    a.speed = a.speed.saturating_add(i16::from(*speed));
                    let floor = floor.map_or(i16::MIN, i16::from).min(a.damage);
                    a.damage = a.damage.saturating_add(d).max(floor);
                }
                let (sp, dm) = self.attack.as_ref().map_or((0, 0), |a| (a.speed, a.damage));
                self.say(|_| format!("The attack is now speed {sp}, damage {dm}."));
            }
            Effect::Draw(..) if self.hand_locked() => {
                self.say(|_| "No card may be drawn this Combat Phase.".into());
            }
            Effect::Draw(who, n) | Effect::DrawNow(who, n) => {
                // K.1.3.1: when each player draws, the draws are one event.
                let mut drew = Vec::new();
                for p in self.players_of(controller, *who) {
                    if self.may_not_draw(p) {
                        self.say(|s| {
                            format!(
                                "{} may not draw this turn: no card is drawn.",
                                s.seat_name(p)
                            )
                        });
                        continue;
                    }
                    let n = self.amount(controller, n).max(0);
                    for _ in 0..n {
                        if !self.draw(p) {
                            return events;
                        }
                    }
                    self.say(|s| format!("{} draws {n}.", s.seat_name(p)));
                    if n > 0 {
                        drew.push(p);
                    }
                }
                if let Some(&player) = drew.first() {
                    events.push(Event::Draws {
                        player,
                        both: drew.len() == 2,
                    });
                }
            }
            Effect::DeckToMomentum(who, n) => {
                for p in self.players_of(controller, *who) {
                    if self.momentum_locked(p) {
                        continue;
                    }
                    let n = self.amount(controller, n).max(0);
                    let mut done = 0;
                    for _ in 0..n {
                        if !self.pause_conditions() {
                            return events;
                        }
                        let Some(&top) = self.player(p).deck.last() else {
                            break;
                        };
                        self.move_card(top, Place::Momentum);
                        done += 1;
                    }
                    if done > 0 {
                        self.say(|s| {
                            format!(
                                "{} adds the top {done} card(s) of their deck to their momentum.",
                                s.seat_name(p)
                            )
                        });
                        events.push(Event::GainsMomentum { player: p });
                    }
                }
            }
            Effect::DiscardRandom(who, n) => {
                let count = self.amount(controller, n).max(0);
                for p in self.players_of(controller, *who) {
                    if self.discard_random(p, count, |_, _| true) > 0 {
                        events.push(Event::Discard {
                            player: p,
                            by: controller,
                        });
                    }
                }
            }
            Effect::DiscardRandomBlocking(who, n, zone) => {
                let count = self.amount(controller, n).max(0);
                for p in self.players_of(controller, *who) {
                    let blocks = |s: &GameState, c: CardId| {
                        zone.is_some_and(|z| s.def(c).block.is_some_and(|(bz, _)| bz == z))
                    };
                    if self.discard_random(p, count, blocks) > 0 {
                        events.push(Event::Discard {
                            player: p,
                            by: controller,
                        });
                    }
                }
            }
            Effect::RevealHand(who) => {
                for p in self.players_of(controller, *who) {
                    let names: Vec<String> = self
                        .player(p)
                        .hand
                        .iter()
                        .map(|&c| self.name_of(c))
                        .collect();
                    let names = if names.is_empty() {
                        "no cards".to_string()
                    } else {
                        names.join(", ")
                    };
                    // "Revealed:" marks a line that names hidden cards on purpose (the
                    // hidden-information property test knows it).
                    self.say(|s| {
                        format!("Revealed: {} reveals their hand: {names}.", s.seat_name(p))
                    });
                }
            }
            Effect::PlaceTokens(h, kind, n) => {
                let n = self.amount(controller, n).clamp(0, 255) as u8;
                for c in self.holder_cards(controller, *h) {
                    if n > 0 {
                        self.place_tokens(c, *kind, n);
                    }
                }
            }
            Effect::RemoveTokens(h, kind, n) => {
                let n = match n {
                    Some(a) => self.amount(controller, a).clamp(0, 255) as u8,
                    None => u8::MAX,
                };
                for c in self.holder_cards(controller, *h) {
                    self.remove_tokens(c, *kind, n);
                }
            }
            Effect::AllFromDiscard(who, kind, to) => {
                for p in self.players_of(controller, *who) {
                    if *to == MoveTo::Hand && self.hand_locked() {
                        self.say(|_| "No card may be added to a hand this Combat Phase.".into());
                        continue;
                    }
                    let cards: Vec<CardId> = self
                        .player(p)
                        .discard
                        .iter()
                        .copied()
                        .filter(|&c| kind.allows(self.def(c)))
                        .collect();
                    let (place, said) = match to {
                        MoveTo::Hand => (Place::Hand, "into their hand"),
                        _ => (Place::Removed, "out of the game"),
                    };
                    for &c in &cards {
                        self.move_card(c, place);
                    }
                    let n = cards.len();
                    self.say(|s| {
                        let names: Vec<String> = cards.iter().map(|&c| s.name_of(c)).collect();
                        format!(
                            "{} puts {n} card{} from their discard pile {said}{}{}.",
                            s.seat_name(p),
                            if n == 1 { "" } else { "s" },
                            if n == 0 { "" } else { ": " },
                            names.join(", ")
                        )
                    });
                }
            }
            Effect::Move(h, MoveTo::CardPool) => {
                for c in self.holder_cards(controller, *h) {
                    // Only from its owner's hand (J.5.4: a card that has moved on can't
                    // be interacted with).
                    let card = self.card(c);
                    if card.place != Place::Hand || card.owner != controller {
                        continue;
                    }
                    self.move_card(c, Place::CardPool);
                    self.say(|s| {
                        format!(
                            "{} puts {} from their hand into their card pool.",
                            s.seat_name(controller),
                            s.name_of(c)
                        )
                    });
                }
            }
            Effect::Move(h, to) => {
                for c in self.holder_cards(controller, *h) {
                    // It moves only from where it is in play (J.5.4: a card that has
                    // moved on can't be interacted with).
                    if !matches!(self.card(c).place, Place::CardPool | Place::Staging) {
                        continue;
                    }
                    let (place, verb) = match to {
                        MoveTo::Discard => (Place::Discard, "discarded"),
                        MoveTo::Removed => (Place::Removed, "removed from the game"),
                        MoveTo::Hand if self.card(c).place != Place::CardPool => continue,
                        MoveTo::Hand if self.hand_locked() => {
                            self.say(|_| {
                                "No card may be added to a hand this Combat Phase.".into()
                            });
                            continue;
                        }
                        MoveTo::Hand => (Place::Hand, "returned to its owner's hand"),
                        MoveTo::Staging if self.card(c).place != Place::CardPool => continue,
                        MoveTo::Staging => (Place::Staging, "put into its owner's staging area"),
                        MoveTo::CardPool => continue,
                    };
                    self.move_card(c, place);
                    self.say(|s| format!("{} is {verb}.", s.name_of(c)));
                }
            }
            Effect::BlockRule(attack, rule) => {
                if !self.attack_for(controller, attack) {
                    return events;
                }
                if let Some(a) = self.attack.as_mut() {
                    if !a.block_rules.contains(rule) {
                        a.block_rules.push(*rule);
                    }
                }
                self.say(|_| match rule {
                    BlockRule::Unblockable => "The attack is unblockable (G.2.1.1.2).".into(),
                    BlockRule::NoSharedSymbols => {
                        "The attack can't be blocked with a card that shares a resource symbol with it.".into()
                    }
                    BlockRule::NoCommitSymbol(s) => format!(
                        "No foundation with {} may be committed to a block's check against the attack.",
                        s.map_or("the chosen symbol", |s| s.name())
                    ),
                });
            }
            Effect::NextAttackGains(ability) => {
                self.player_mut(controller)
                    .next_attack_gains
                    .push((**ability).clone());
                self.say(|s| {
                    format!(
                        "{}'s next attack this turn will have an ability.",
                        s.seat_name(controller)
                    )
                });
            }
            Effect::AnotherBlock => {
                if let Some(a) = self.attack.as_mut() {
                    a.block_again = true;
                }
            }
            Effect::DiscardRandomMomentum(who, n) => {
                let count = self.amount(controller, n).max(0) as usize;
                for p in self.players_of(controller, *who) {
                    self.discard_random_momentum(p, count);
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
                    let n = self.damage_taken(p, n);
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
            Effect::Detached(d) => {
                self.add_detached(controller, (**d).clone());
                self.say(|_| "A lasting effect begins.".into());
            }
            Effect::PlayAsThoughInHand(h) => {
                for c in self.holder_cards(controller, *h) {
                    self.play_as_though_in_hand(controller, c);
                }
            }
            Effect::SetBlockZone(h, zone) => {
                for c in self.holder_cards(controller, *h) {
                    let m = &mut self.marks.block_zone;
                    m.retain(|(x, _)| *x != c);
                    m.push((c, *zone));
                    self.say(|s| format!("{}'s block zone is now {}.", s.name_of(c), zone.name()));
                }
            }
            Effect::NoDraws(who) => {
                for p in self.players_of(controller, *who) {
                    self.player_mut(p).no_draws_turn = Some(self.turn);
                    self.say(|s| {
                        format!("{} may not draw for the rest of this turn.", s.seat_name(p))
                    });
                }
            }
            Effect::FirstForm(h) => {
                for c in self.holder_cards(controller, *h) {
                    if self.card(c).place != Place::CardPool {
                        continue;
                    }
                    self.player_mut(controller).first_form = Some(c);
                    self.say(|s| {
                        format!(
                            "Once the Ready Phase is over, {} is {}'s first form, with no control check.",
                            s.name_of(c),
                            s.seat_name(controller)
                        )
                    });
                }
            }
            // Never a step that runs: a static ability is read where it applies.
            Effect::Static(_) => {}
            Effect::KeepCommitted(c) => {
                if let Some(k) = self.marks.ready_choices.iter_mut().find(|(x, _)| x == c) {
                    k.1 = true;
                }
            }
            // Run by `run_effect` as a choice.
            Effect::ChooseSymbol => {}
            Effect::CancelEffects => {
                self.effects_cancelled = true;
                self.say(|_| "The ability's effects are cancelled.".into());
            }
            Effect::NoMomentumInCombat => {
                self.no_momentum_in_combat = Some(1 - controller);
                self.say(|s| {
                    format!(
                        "No player adds cards to their momentum in a Combat Phase until {}'s next turn begins.",
                        s.seat_name(1 - controller)
                    )
                });
            }
            Effect::MomentumFaceUp(h) => {
                for c in self.holder_cards(controller, *h) {
                    if self.card(c).place == Place::CardPool
                        && !self.marks.momentum_face_up.contains(&c)
                    {
                        self.marks.momentum_face_up.push(c);
                    }
                }
            }
            Effect::If(..)
            | Effect::May(..)
            | Effect::ChooseNumber(..)
            | Effect::HandToMomentum(..)
            | Effect::DestroyOne(..)
            | Effect::CommitOne(_)
            | Effect::CommitFoundations(..)
            | Effect::ThatPlayer(..)
            | Effect::DiscardAsMomentum(_)
            | Effect::RevealFromHand(_)
            | Effect::DiscardFromCardPool(_)
            | Effect::RemoveFromDiscard(..)
            | Effect::FromRemoved { .. }
            | Effect::NameCardType
            | Effect::RemoveFromHand(..)
            | Effect::Either(_)
            | Effect::DefineX(_)
            | Effect::ChooseZone
            | Effect::PlayTopAsAttack(_)
            | Effect::DiscardMomentum(..)
            | Effect::Discard(..) => {
                unreachable!("run_effect handles the steps that ask or splice")
            }
            // Handled where a step may wait for a choice (`run_steps`).
            Effect::GaugeSearch => {}
            Effect::ReCheck => {
                if let Some(ch) = self.check_mut() {
                    // E.3.3.1: a re-check can't be re-checked.
                    if !ch.is_recheck {
                        ch.recheck = true;
                        self.say(|_| "The check will be re-checked (E.3.3).".into());
                    }
                }
            }
            Effect::RemoveTopOfDeck(who, n, _) => {
                let k = self.amount(controller, n).clamp(0, 255) as u8;
                for p in self.players_of(controller, *who) {
                    self.remove_top(p, k);
                }
            }
            Effect::ReversalAsIfBlocked => {
                if let Some(a) = self.attack.as_mut() {
                    a.reversal_as_if_blocked = true;
                }
                self.say(|s| {
                    format!(
                        "{} may play a reversal as if they had blocked the attack.",
                        s.seat_name(controller)
                    )
                });
            }
            Effect::NoCardsToHandInCombat => {
                self.no_cards_to_hand_in_combat = Some(controller);
                self.say(|s| {
                    format!(
                                                "No player draws or puts cards into their hand in a Combat Phase until {}'s next turn begins.",
                        s.seat_name(controller)
                    )
                });
            }
            Effect::CheckedCardToHand if self.hand_locked() => {
                self.say(|_| "No card may be added to a hand this Combat Phase.".into());
            }
            Effect::CheckedCardToHand => {
                let checked = self.check.as_ref().and_then(|ch| ch.checked);
                if let Some(c) = checked {
                    let owner = self.card(c).owner;
                    // J.5.4: only if it has not moved on from the discard pile.
                    if self.card(c).place == Place::Discard {
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
            Effect::OnAttack {
                when,
                yours_only,
                then,
            } => {
                if let Some(a) = self.attack.as_mut() {
                    let fired = Fired {
                        controller,
                        yours_only: *yours_only,
                        when: *when,
                        then: then.clone(),
                    };
                    if *when == FiredWhen::DamageWithCopies {
                        // I.3.8.3: assigned to the attack, and so to its copies.
                        let mut cards = vec![a.card];
                        cards.extend(&a.copies);
                        self.shared_fired.push(SharedFired { cards, fired });
                    } else {
                        a.fired.push(fired);
                    }
                }
            }
        }
        events
    }
}

impl Resume {
    /// The same continuation with `binding` applied to the rest of the effect it holds
    /// (a chosen zone or type, the card taken).
    pub(crate) fn bound(self, binding: &Binding) -> Resume {
        match self {
            Resume::Effect {
                controller,
                mut rest,
                then,
            } => {
                binding.apply(&mut rest);
                Resume::Effect {
                    controller,
                    rest,
                    then,
                }
            }
            other => other,
        }
    }
}
