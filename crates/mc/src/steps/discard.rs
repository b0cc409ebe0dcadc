//! Discarding: the top cards of a player's deck (EMPTY PLAYER DECK: an emptied deck is
//! reshuffled at once), cards from a hand (chosen, at random, by printed resource) and
//! from play; cards taken back from a discard pile to the hand or shuffled into the
//! deck; encounter cards discarded from the top of the encounter deck, or until one of
//! a kind turns up (EMPTY ENCOUNTER DECK).

use crate::effects::StepResult;
use crate::model::*;
use crate::state::*;

impl GameState {
    /// The steps discarding cards or taking them back from a discard pile.
    pub(crate) fn discard_step(&mut self, f: &mut Frame, step: &Step) -> StepResult {
        let p = f.player;
        match step {
            // The top of a player's deck.
            &Step::DiscardTopCardInto(slot) => {
                self.deck_ran_out(p);
                if let Some(c) = self.discard_top_card(p) {
                    f.chosen[usize::from(slot)] = Some(c);
                    self.deck_ran_out(p);
                }
                StepResult::Next
            }
            &Step::DiscardTopKeep { n, r } => {
                let discarded = self.discard_top_of_deck(p, u16::from(n));
                self.keep_from_discard(p, &discarded, r);
                StepResult::Next
            }
            &Step::DiscardTopOfYourDeck { n, counting } => {
                if self.attack_replaced_by_stun(f) {
                    // STATUS CARDS: the attack ability is replaced; its damage step
                    // discards the stunned card.
                    return StepResult::Next;
                }
                let discarded = self.discard_top_of_deck(p, u16::from(n));
                let count = counting.map_or(0, |r| self.printed_resources(&discarded, r));
                if let Some(r) = counting {
                    self.log_public(format!(
                        "{count} printed {} resource(s) discarded.",
                        r.word()
                    ));
                }
                f.counted = count;
                StepResult::Next
            }
            Step::DiscardDeckTop(amount) => {
                let n = self.amount(f, *amount);
                self.discard_top_of_deck(f.player, n);
                StepResult::Next
            }
            Step::DiscardTopOfDeck { n, count } => {
                let discarded = self.discard_top_of_deck(p, u16::from(*n));
                f.counted = self.printed_resources(&discarded, *count);
                StepResult::Next
            }
            // A hand, play.
            Step::DiscardAtRandom(n) => {
                for _ in 0..*n {
                    let Some(c) = self.random_from_hand(p) else {
                        break;
                    };
                    self.log_public("A card is discarded at random.".into());
                    self.discard_from_hand(p, c);
                }
                StepResult::Next
            }
            Step::DiscardRandomFromHand { each_player } => {
                let players = if *each_player {
                    self.player_order()
                } else {
                    vec![f.player]
                };
                let mut types = Icons::default();
                let mut any = false;
                for p in players {
                    if let Some(c) = self.random_from_hand(p) {
                        self.log_public(format!(
                            "{} discards a card at random.",
                            self.player_name(p)
                        ));
                        self.discard_from_hand(p, c);
                        types = types.plus(self.def(c).resources);
                        any = true;
                    }
                }
                f.counted = Resource::ALL.iter().filter(|&&r| types.get(r) > 0).count() as u16;
                f.nothing = !any;
                StepResult::Next
            }
            Step::DiscardFromHandWithResource(r) => {
                let cards: Vec<CardId> = self
                    .player(p)
                    .hand
                    .iter()
                    .copied()
                    .filter(|&c| self.def(c).resources.get(*r) > 0)
                    .collect();
                for &c in &cards {
                    self.discard_from_hand(p, c);
                }
                f.counted = cards.len() as u16;
                f.nothing = cards.is_empty();
                StepResult::Next
            }
            Step::Discard(t) => {
                let mut n = 0;
                for c in self.targets(f, *t) {
                    if self.in_play(c) {
                        self.log_public(format!("{} is discarded.", self.card_name(c)));
                        self.discard_from_play(c);
                        n += 1;
                    }
                }
                f.counted = n;
                f.nothing = n == 0;
                StepResult::Next
            }
            // A discard pile.
            &Step::ShuffleFromDiscardIntoDeck { max } => {
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
            &Step::ReturnTopmostFromDiscard { slot, filter } => {
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
            // The encounter deck.
            Step::DiscardTopEncounterCard => {
                f.counted = 0;
                if let Some(c) = self.take_encounter_card() {
                    f.counted = u16::from(self.def(c).boost);
                    self.encounter_discard_card(c);
                }
                StepResult::Next
            }
            Step::DiscardUntilMinion => {
                let limit = self.encounter_deck.len() + self.encounter_discard.len() + 1;
                for _ in 0..limit {
                    let Some(c) = self.take_encounter_card() else {
                        break;
                    };
                    let minion = matches!(self.def(c).kind, Kind::Minion { .. });
                    self.log_public(format!(
                        "{} is discarded from the encounter deck.",
                        self.def(c).name
                    ));
                    if minion {
                        let p = self.first_player;
                        self.enter_engaged(c, p);
                        break;
                    }
                    self.card_mut(c).zone = Zone::EncounterDiscard;
                    self.encounter_discard.push(c);
                }
                StepResult::Next
            }
            Step::DiscardUntilMinionWithTrait(t) => {
                let t = *t;
                self.discard_until(f.player, move |g, c| {
                    matches!(g.def(c).kind, Kind::Minion { .. }) && g.def(c).has_trait(t)
                });
                StepResult::Next
            }
            Step::DiscardUntilSideScheme => {
                self.discard_until(f.player, |g, c| {
                    matches!(g.def(c).kind, Kind::SideScheme { .. })
                });
                StepResult::Next
            }
            _ => StepResult::Next,
        }
    }

    /// Move the top card of `p`'s deck to their discard pile, face up for all to see;
    /// `None` if the deck is empty. Callers decide when an empty deck is reshuffled.
    pub(crate) fn discard_top_card(&mut self, p: u8) -> Option<CardId> {
        let c = self.player_mut(p).deck.pop()?;
        self.card_mut(c).zone = Zone::Discard(p);
        self.player_mut(p).discard.push(c);
        self.log_public(format!(
            "{} discards {} from the top of their deck.",
            self.player_name(p),
            self.def(c).name
        ));
        Some(c)
    }

    /// Discard up to `n` cards from the top of `p`'s deck, in order. If the deck runs
    /// out it is reshuffled and nothing is discarded from the new deck (EMPTY PLAYER
    /// DECK: unlike drawing, discarding stops).
    pub(crate) fn discard_top_of_deck(&mut self, p: u8, n: u16) -> Vec<CardId> {
        let mut discarded = Vec::new();
        for _ in 0..n {
            let Some(c) = self.discard_top_card(p) else {
                break;
            };
            discarded.push(c);
            if self.player(p).deck.is_empty() {
                self.reshuffle_player_deck(p);
                break;
            }
        }
        discarded
    }

    /// The printed `r` resources of `cards`.
    fn printed_resources(&self, cards: &[CardId], r: Resource) -> u16 {
        cards
            .iter()
            .map(|&c| u16::from(self.def(c).resources.get(r)))
            .sum()
    }

    /// Of the `discarded` cards, those still in `p`'s discard pile with a printed `r`
    /// resource go to the hand (Black Cat; one reshuffled into a new deck stays there).
    fn keep_from_discard(&mut self, p: u8, discarded: &[CardId], r: Resource) {
        for &c in discarded {
            if self.card(c).zone == Zone::Discard(p) && self.def(c).resources.get(r) > 0 {
                self.player_mut(p).discard.retain(|&x| x != c);
                self.card_mut(c).zone = Zone::Hand(p);
                self.player_mut(p).hand.push(c);
                self.log_public(format!(
                    "{} adds {} to their hand.",
                    self.player_name(p),
                    self.def(c).name
                ));
            }
        }
    }

    pub(super) fn deck_to_discard(&mut self, p: u8, c: CardId) {
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
    pub(super) fn deck_ran_out(&mut self, p: u8) {
        if self.player(p).deck.is_empty() {
            self.reshuffle_player_deck(p);
        }
    }

    /// Whether the card remembered in `slot` has printed resource `r` (or wild).
    pub(crate) fn chosen_has_resource(&self, f: &Frame, slot: u8, r: Resource) -> bool {
        f.chosen[usize::from(slot)].is_some_and(|c| {
            let icons = self.def(c).resources;
            icons.get(r) > 0 || icons.wild > 0
        })
    }

    pub(super) fn random_from_hand(&mut self, p: u8) -> Option<CardId> {
        let n = self.player(p).hand.len();
        if n == 0 {
            return None;
        }
        let i = self.rng.below(n);
        Some(self.player(p).hand[i])
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

    fn encounter_discard_card(&mut self, c: CardId) {
        self.card_mut(c).zone = Zone::EncounterDiscard;
        self.encounter_discard.push(c);
        self.log_public(format!("{} is discarded.", self.def(c).name));
    }

    /// Discard encounter cards from the top until one matches: a minion enters play
    /// engaged with the first player, anything else is revealed by `p`. The search
    /// stops after going through the deck once (with its reshuffle) without a match.
    fn discard_until(&mut self, p: u8, matches: impl Fn(&GameState, CardId) -> bool) {
        let limit = self.encounter_deck.len() + self.encounter_discard.len();
        for _ in 0..limit {
            let Some(c) = self.take_encounter_card() else {
                break;
            };
            if matches(self, c) {
                self.encounter_discard_card(c);
                self.encounter_discard.retain(|&x| x != c);
                if matches!(self.def(c).kind, Kind::Minion { .. }) {
                    let fp = self.first_player;
                    self.enter_engaged(c, fp);
                } else {
                    self.tasks.push(Task::RevealCard {
                        card: c,
                        player: p,
                        step: 0,
                    });
                }
                return;
            }
            self.encounter_discard_card(c);
        }
        self.log_public("No matching card was found.".into());
    }
}
