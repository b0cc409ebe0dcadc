//! Engine pieces of the Iron Man and Black Panther cards (h-heroes-b): searching a
//! deck (SEARCH), looking at and discarding its top cards (EMPTY PLAYER DECK), shuffling
//! cards back from the discard pile, returning a card from a discard pile, Special
//! abilities resolved as the steps of one sequence (SPECIAL), moving damage (MOVE),
//! traits gained until the end of a period (GAINS, LASTING EFFECTS), resources generated
//! from the top of the discard pile, and the identities' Setup abilities.

use crate::effects::StepResult;
use crate::model::*;
use crate::state::*;
use crossover_kernel::RuleError;

/// A card picked for one of this file's steps: stored in the step's slot, or for the
/// "pick several" steps in the first free slot.
pub(crate) fn record_pick(f: &mut Frame, c: CardId) {
    match f.steps.get(usize::from(f.pc)) {
        Some(Step::SearchDeckToHand { slot, .. }) | Some(Step::LookTopTakeOne { slot, .. }) => {
            f.chosen[usize::from(*slot)] = Some(c);
        }
        Some(Step::ShuffleFromDiscardIntoDeck { .. }) | Some(Step::ResolveSpecials(_)) => {
            if let Some(s) = f.chosen.iter_mut().find(|s| s.is_none()) {
                *s = Some(c);
            }
        }
        _ => {}
    }
}

/// Replace "(X instead if this is the final step of this sequence)" by its value.
fn settle_final(steps: &mut [Step], last: bool) {
    let fix = |a: &mut Amount| {
        if let Amount::IfFinalStep { then, otherwise } = *a {
            *a = Amount::N(if last { then } else { otherwise });
        }
    };
    for s in steps {
        match s {
            Step::Damage { amount, .. }
            | Step::Heal { amount, .. }
            | Step::RemoveThreat { amount, .. }
            | Step::PlaceThreat { amount, .. }
            | Step::Draw { amount }
            | Step::PlayerDraws { amount, .. }
            | Step::EachPlayerDraws { amount }
            | Step::MoveDamage { amount, .. } => fix(amount),
            Step::If { then, .. } => settle_final(then, last),
            Step::ChooseOne(options) => {
                for (_, o) in options {
                    settle_final(o, last);
                }
            }
            _ => {}
        }
    }
}

fn err(rule: &'static str, msg: &str) -> RuleError {
    RuleError::new(rule, msg.to_string())
}

impl GameState {
    /// Whether a card's definition matches a filter that names cards anywhere (in a
    /// deck, a discard pile).
    pub(crate) fn filter_matches_def(&self, d: &CardDef, filter: Filter) -> bool {
        match filter {
            Filter::Upgrade => matches!(d.kind, Kind::Upgrade { .. }),
            Filter::TraitUpgrade(t) => matches!(d.kind, Kind::Upgrade { .. }) && d.has_trait(t),
            _ => false,
        }
    }

    /// The printed resources of the top card of `p`'s discard pile.
    pub(crate) fn top_of_discard_icons(&self, p: u8) -> Icons {
        self.player(p)
            .discard
            .last()
            .map_or(Icons::default(), |&c| self.def(c).resources)
    }

    fn shuffle_deck(&mut self, p: u8) {
        let mut deck = std::mem::take(&mut self.player_mut(p).deck);
        self.rng.shuffle(&mut deck);
        self.player_mut(p).deck = deck;
        self.log_public(format!("{} shuffles their deck.", self.player_name(p)));
    }

    fn deck_to_hand(&mut self, p: u8, c: CardId) {
        self.player_mut(p).deck.retain(|&x| x != c);
        self.card_mut(c).zone = Zone::Hand(p);
        self.player_mut(p).hand.push(c);
        let name = self.def(c).name.clone();
        self.log_private(p, format!("You add {name} to your hand."));
        self.log_public_except(
            p,
            format!("{} adds a card to their hand.", self.player_name(p)),
        );
    }

    fn deck_to_discard(&mut self, p: u8, c: CardId) {
        self.player_mut(p).deck.retain(|&x| x != c);
        self.card_mut(c).zone = Zone::Discard(p);
        self.player_mut(p).discard.push(c);
        self.log_public(format!(
            "{} discards {} from their deck.",
            self.player_name(p),
            self.def(c).name
        ));
    }

    /// EMPTY PLAYER DECK after cards left the deck.
    fn deck_ran_out(&mut self, p: u8) {
        if self.player(p).deck.is_empty() {
            self.reshuffle_player_deck(p);
        }
    }

    /// Cards whose Special ability `ResolveSpecials(filter)` resolves for `p`.
    fn special_sources(&self, p: u8, filter: Filter) -> Vec<CardId> {
        self.filter_options(p, filter, None)
            .into_iter()
            .filter(|&c| {
                self.face(c)
                    .abilities
                    .iter()
                    .any(|a| a.kind == AbilityKind::Special)
            })
            .collect()
    }

    /// One step of a sequence: the Special ability of `c`, resolved by `p` (pushed like
    /// any ability, so its label applies), with its final-step amounts settled.
    fn push_special(&mut self, c: CardId, p: u8, last: bool) {
        let Some(idx) = self
            .face(c)
            .abilities
            .iter()
            .position(|a| a.kind == AbilityKind::Special)
        else {
            return;
        };
        self.log_public(format!(
            "{}: its Special ability resolves{}.",
            self.def(c).name,
            if last {
                " as the final step of the sequence"
            } else {
                ""
            }
        ));
        self.push_ability(c, idx as u8, p, None);
        if let Some(Task::Effect(f)) = self.tasks.last_mut() {
            settle_final(&mut f.steps, last);
        }
    }

    pub(crate) fn heroes_b_step(&mut self, f: &mut Frame, step: &Step) -> StepResult {
        let p = f.player;
        match *step {
            Step::SearchDeckToHand { slot, filter } => {
                let slot = usize::from(slot);
                if f.chosen[slot].is_none() {
                    let mut options: Vec<CardId> = self
                        .player(p)
                        .deck
                        .iter()
                        .copied()
                        .filter(|&c| self.filter_matches_def(self.def(c), filter))
                        .collect();
                    // Offered in card order: the deck's order stays hidden.
                    options.sort();
                    match options.len() {
                        0 => self.log_public(format!(
                            "{} searches their deck and finds no such card.",
                            self.player_name(p)
                        )),
                        1 => f.chosen[slot] = Some(options[0]),
                        _ => {
                            return StepResult::Wait(Pending::Choose { player: p, options });
                        }
                    }
                }
                if let Some(c) = f.chosen[slot] {
                    if self.card(c).zone == Zone::Deck(p) {
                        self.deck_to_hand(p, c);
                    }
                }
                // SEARCH: a searched deck is shuffled when the ability completes.
                self.shuffle_deck(p);
                self.deck_ran_out(p);
                StepResult::Next
            }
            Step::LookTopTakeOne { slot, n } => {
                let slot = usize::from(slot);
                let deck = &self.player(p).deck;
                let top: Vec<CardId> = deck.iter().rev().take(usize::from(n)).copied().collect();
                if top.is_empty() {
                    return StepResult::Next;
                }
                if f.chosen[slot].is_none() {
                    if top.len() == 1 {
                        f.chosen[slot] = Some(top[0]);
                    } else {
                        self.log_private(
                            p,
                            format!(
                                "You look at the top {} cards of your deck: {}.",
                                top.len(),
                                top.iter()
                                    .map(|&c| self.def(c).name.clone())
                                    .collect::<Vec<_>>()
                                    .join(", ")
                            ),
                        );
                        return StepResult::Wait(Pending::Choose {
                            player: p,
                            options: top,
                        });
                    }
                }
                // The kept card leaves first; the others looked at are then the top of
                // the deck (so a deck reordered meanwhile, as in a determinized copy,
                // still loses exactly the cards looked at in number).
                let looked = top.len();
                let mut kept = 0;
                if let Some(c) = f.chosen[slot] {
                    if self.card(c).zone == Zone::Deck(p) {
                        self.deck_to_hand(p, c);
                        kept = 1;
                    }
                }
                for _ in kept..looked {
                    if let Some(&c) = self.player(p).deck.last() {
                        self.deck_to_discard(p, c);
                    }
                }
                self.deck_ran_out(p);
                StepResult::Next
            }
            Step::DiscardTopOfYourDeck { n, counting } => {
                if self.attack_replaced_by_stun(f) {
                    // STATUS CARDS: the attack ability is replaced; its damage step
                    // discards the stunned card.
                    return StepResult::Next;
                }
                let mut count = 0u16;
                for _ in 0..n {
                    let Some(&c) = self.player(p).deck.last() else {
                        break;
                    };
                    if let Some(r) = counting {
                        count += u16::from(self.def(c).resources.get(r));
                    }
                    self.deck_to_discard(p, c);
                    if self.player(p).deck.is_empty() {
                        // EMPTY PLAYER DECK: nothing is discarded from the new deck.
                        self.reshuffle_player_deck(p);
                        break;
                    }
                }
                if let Some(r) = counting {
                    self.log_public(format!(
                        "{count} printed {} resource(s) discarded.",
                        r.word()
                    ));
                }
                f.counted = count;
                StepResult::Next
            }
            Step::ShuffleFromDiscardIntoDeck { max } => {
                let picked: Vec<CardId> = f.chosen.iter().flatten().copied().collect();
                let options: Vec<CardId> = self
                    .player(p)
                    .discard
                    .iter()
                    .copied()
                    .filter(|c| !picked.contains(c))
                    .collect();
                if picked.len() < usize::from(max) && !options.is_empty() {
                    return StepResult::Wait(Pending::Choose { player: p, options });
                }
                self.shuffle_into_deck(p, &picked);
                StepResult::Next
            }
            Step::ReturnTopmostFromDiscard { slot, filter } => {
                let q = f.chosen_player[usize::from(slot)].unwrap_or(p);
                let top = self
                    .player(q)
                    .discard
                    .iter()
                    .rev()
                    .copied()
                    .find(|&c| self.filter_matches_def(self.def(c), filter));
                match top {
                    Some(c) => {
                        self.player_mut(q).discard.retain(|&x| x != c);
                        self.card_mut(c).zone = Zone::Hand(q);
                        self.player_mut(q).hand.push(c);
                        self.log_public(format!(
                            "{} returns {} from their discard pile to their hand.",
                            self.player_name(q),
                            self.def(c).name
                        ));
                    }
                    None => self.log_public(format!(
                        "{} has no such card in their discard pile.",
                        self.player_name(q)
                    )),
                }
                StepResult::Next
            }
            Step::ResolveSpecials(filter) => {
                // The chosen slots list the cards picked so far, in order; `counted`
                // how many of them have been resolved.
                let picked: Vec<CardId> = f.chosen.iter().flatten().copied().collect();
                let remaining: Vec<CardId> = self
                    .special_sources(p, filter)
                    .into_iter()
                    .filter(|c| !picked.contains(c))
                    .collect();
                let full = picked.len() == f.chosen.len();
                let next = if picked.len() > usize::from(f.counted) {
                    Some(picked[usize::from(f.counted)])
                } else if remaining.is_empty() || full {
                    // (Four slots: the Core Set has four Black Panther upgrades.)
                    None
                } else if remaining.len() == 1 {
                    if let Some(s) = f.chosen.iter_mut().find(|s| s.is_none()) {
                        *s = Some(remaining[0]);
                    }
                    Some(remaining[0])
                } else {
                    return StepResult::Wait(Pending::Choose {
                        player: p,
                        options: remaining,
                    });
                };
                let Some(c) = next else {
                    return StepResult::Next;
                };
                let last = remaining.iter().all(|&r| r == c);
                f.counted += 1;
                // Come back to this step once that Special has resolved.
                f.pc -= 1;
                self.push_special(c, p, last);
                StepResult::Next
            }
            Step::MoveDamage { from, to, amount } => {
                let n = self.amount(f, amount);
                let (Some(&src), Some(&dst)) =
                    (self.targets(f, from).first(), self.targets(f, to).first())
                else {
                    return StepResult::Next;
                };
                if self.attack_replaced_by_stun(f) {
                    let you = self.player(p).identity;
                    self.player_attack_effect(you, dst, 0);
                    return StepResult::Next;
                }
                let moved = n.min(self.card(src).damage);
                if moved == 0 || src == dst {
                    // MOVE: no valid source, no move.
                    return StepResult::Next;
                }
                self.card_mut(src).damage -= moved;
                self.log_public(format!(
                    "{moved} damage moves from {} to {}.",
                    self.card_name(src),
                    self.card_name(dst)
                ));
                // MOVE: the moved damage is dealt to the character.
                if f.label == Some(Label::Attack) && self.is_enemy(dst) {
                    let you = self.player(p).identity;
                    self.player_attack_effect(you, dst, moved);
                } else {
                    self.last_damager = Some(p);
                    self.deal_damage(dst, moved, None, false);
                }
                StepResult::Next
            }
            Step::GainTrait { who, t, until } => {
                for c in self.targets(f, who) {
                    self.lasting.push(Lasting {
                        card: c,
                        stat: Stat::Trait(t),
                        n: 1,
                        until,
                    });
                    self.log_public(format!(
                        "{} gains the {} trait.",
                        self.card_name(c),
                        crate::cardfile::trait_word(t)
                    ));
                }
                StepResult::Next
            }
            _ => StepResult::Next,
        }
    }

    /// A stunned hero using an attack ability discards the stunned card instead
    /// (STATUS CARDS): nothing else of the ability happens.
    fn attack_replaced_by_stun(&self, f: &Frame) -> bool {
        f.label == Some(Label::Attack) && self.has_status(self.player(f.player).identity, STUNNED)
    }

    fn shuffle_into_deck(&mut self, p: u8, cards: &[CardId]) {
        for &c in cards {
            if self.card(c).zone == Zone::Discard(p) {
                self.player_mut(p).discard.retain(|&x| x != c);
                self.card_mut(c).zone = Zone::Deck(p);
                self.player_mut(p).deck.push(c);
                self.log_public(format!(
                    "{} shuffles {} into their deck.",
                    self.player_name(p),
                    self.def(c).name
                ));
            }
        }
        self.shuffle_deck(p);
    }

    /// Whether `viewer` is looking at deck card `c` now: it is an option of their
    /// pending deck search or look at the top of their deck (SEARCH), so it may be
    /// named to them.
    pub fn looking_at(&self, viewer: u8, c: CardId) -> bool {
        let Pending::Choose { player, options } = &self.pending else {
            return false;
        };
        *player == viewer
            && self.card(c).zone == Zone::Deck(viewer)
            && options.contains(&c)
            && matches!(
                self.tasks.last(),
                Some(Task::Effect(f)) if f.player == viewer && matches!(
                    f.steps.get(usize::from(f.pc)),
                    Some(Step::SearchDeckToHand { .. }) | Some(Step::LookTopTakeOne { .. })
                )
            )
    }

    /// Whether the pending choice is an "up to N" one the chooser may stop.
    pub(crate) fn choice_may_stop(&self) -> bool {
        matches!(
            self.tasks.last(),
            Some(Task::Effect(f)) if matches!(
                f.steps.get(usize::from(f.pc)),
                Some(Step::ShuffleFromDiscardIntoDeck { .. })
            )
        )
    }

    /// `Done` on an "up to N" choice: resolve it with the cards picked so far.
    pub(crate) fn stop_choosing(&mut self) {
        let Some(Task::Effect(mut f)) = self.tasks.pop() else {
            return;
        };
        if let Some(Step::ShuffleFromDiscardIntoDeck { .. }) = f.steps.get(usize::from(f.pc)) {
            let picked: Vec<CardId> = f.chosen.iter().flatten().copied().collect();
            self.shuffle_into_deck(f.player, &picked);
            f.pc += 1;
        }
        self.tasks.push(Task::Effect(f));
    }

    /// Push the Setup abilities of each identity (SETUP), first player first.
    pub(crate) fn push_identity_setups(&mut self) {
        for p in (0..self.players.len() as u8).rev() {
            let id = self.player(p).identity;
            let setups: Vec<u8> = self
                .face(id)
                .abilities
                .iter()
                .enumerate()
                .filter(|(_, a)| a.kind == AbilityKind::Setup)
                .map(|(i, _)| i as u8)
                .collect();
            for i in setups.into_iter().rev() {
                self.push_ability(id, i, p, None);
            }
        }
    }

    /// "Could it change the game?" for this file's steps and for choices inside an
    /// `(if (you-have-trait ...))` whose condition holds now (TRIGGERED ABILITY).
    pub(crate) fn heroes_b_playable(&self, p: u8, a: &Ability) -> Result<(), RuleError> {
        if a.steps == [Step::Ready(Target::You)] && !self.card(self.player(p).identity).exhausted {
            return Err(err(
                "ABILITY",
                "it could not change the game: you are ready",
            ));
        }
        self.steps_playable(p, a.label, &a.steps)
    }

    fn steps_playable(&self, p: u8, label: Option<Label>, steps: &[Step]) -> Result<(), RuleError> {
        for s in steps {
            match *s {
                Step::If { cond, ref then } => {
                    let holds = match cond {
                        Cond::YouHaveTrait(t) => Some(self.player_has_trait(p, t)),
                        Cond::YouLackTrait(t) => Some(!self.player_has_trait(p, t)),
                        _ => None,
                    };
                    if holds == Some(true) {
                        for t in then {
                            if let Step::Choose { filter, .. } = t {
                                if self.filter_options(p, *filter, label).is_empty() {
                                    return Err(err("CHOOSE", "there is nothing it could choose"));
                                }
                            }
                        }
                        self.steps_playable(p, label, then)?;
                    }
                }
                Step::RemoveThreat {
                    from: Target::EachScheme,
                    ..
                } if self.thwartable().is_empty() => {
                    return Err(err("ABILITY", "no scheme has threat to remove"));
                }
                Step::ResolveSpecials(filter) if self.special_sources(p, filter).is_empty() => {
                    return Err(err(
                        "SPECIAL",
                        "you control no card with a Special ability to resolve",
                    ));
                }
                Step::ShuffleFromDiscardIntoDeck { .. } if self.player(p).discard.is_empty() => {
                    return Err(err("ABILITY", "your discard pile is empty"));
                }
                Step::LookTopTakeOne { .. } if self.player(p).deck.is_empty() => {
                    return Err(err("ABILITY", "your deck is empty"));
                }
                Step::ReturnTopmostFromDiscard { filter, .. }
                    if !self.player_order().into_iter().any(|q| {
                        self.player(q)
                            .discard
                            .iter()
                            .any(|&c| self.filter_matches_def(self.def(c), filter))
                    }) =>
                {
                    return Err(err("ABILITY", "no discard pile holds such a card"));
                }
                Step::MoveDamage {
                    from: Target::You, ..
                } if self.card(self.player(p).identity).damage == 0 => {
                    return Err(err("MOVE", "you have no damage to move"));
                }
                _ => {}
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use crate::model::*;
    use crate::setup::{DeckList, McSetup};
    use crate::state::*;
    use crate::Action;

    /// T'Challa's Setup ability (Foresight) runs during setup, before the opening hand:
    /// the player picks one of the 4 Black Panther upgrades of the deck, and then draws
    /// the opening hand of 6 and may mulligan.
    #[test]
    fn tchalla_foresight_searches_before_the_opening_hand() {
        crate::ALLOW_INCOMPLETE.with(|a| a.set(true));
        let setup = McSetup {
            decks: vec![DeckList::prebuilt("black-panther").unwrap()],
            villain: "rhino".into(),
            modular: "bomb_scare".into(),
            expert: false,
        };
        let mut g = GameState::new(&setup, 7, crate::db::core()).unwrap();
        let Pending::Choose { player, options } = g.pending().clone() else {
            panic!("expected the Foresight choice, found {:?}", g.pending());
        };
        assert_eq!(player, 0);
        assert_eq!(options.len(), 4);
        assert!(options.iter().all(|&c| {
            matches!(g.def(c).kind, Kind::Upgrade { .. }) && g.def(c).has_trait(Trait::BlackPanther)
        }));
        assert!(
            g.player(0).hand.is_empty(),
            "the search comes before the opening hand"
        );
        let pick = options[2];
        g.apply_action(Action::Choose(pick)).unwrap();
        assert_eq!(*g.pending(), Pending::Mulligan(0));
        assert_eq!(g.player(0).hand.len(), 7);
        assert!(g.player(0).hand.contains(&pick));
        assert_eq!(g.player(0).deck.len(), 40 - 7);
    }

    /// Random play with the Iron Man and Black Panther decks (every card of theirs
    /// written) ends without panics, alone and together.
    #[test]
    fn random_games_with_iron_man_and_black_panther_end() {
        use crossover_kernel::{Game, GameRng};
        crate::ALLOW_INCOMPLETE.with(|a| a.set(true));
        for seed in 0..60u64 {
            let heroes: &[&str] = match seed % 3 {
                0 => &["iron-man"],
                1 => &["black-panther"],
                _ => &["black-panther", "iron-man"],
            };
            let setup = McSetup {
                decks: heroes
                    .iter()
                    .map(|h| DeckList::prebuilt(h).unwrap())
                    .collect(),
                villain: ["rhino", "klaw", "ultron"][(seed / 3 % 3) as usize].into(),
                modular: "bomb_scare".into(),
                expert: false,
            };
            let mut g = crate::Mc::new_game(&setup, seed).unwrap();
            let mut rng = GameRng::from_seed(seed);
            let mut steps = 0;
            while g.outcome().is_none() {
                let actions = g.legal_actions();
                assert!(!actions.is_empty(), "a decision without options");
                let a = actions[rng.below(actions.len())];
                g.apply(&a).expect("an offered action is legal");
                steps += 1;
                assert!(steps < 100_000, "the game does not end");
            }
        }
    }
}
