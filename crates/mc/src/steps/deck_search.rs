//! Searching a deck (SEARCH): a player searching their deck for a card, or looking at
//! its top cards and taking one; an encounter card searching the encounter deck (and
//! its discard pile) for a card to reveal or to engage; shuffling the searched deck.

use crate::effects::StepResult;
use crate::model::*;
use crate::state::*;

use super::code_is;

impl GameState {
    /// The steps searching a deck.
    pub(crate) fn search_step(&mut self, f: &mut Frame, step: &Step) -> StepResult {
        let p = f.player;
        match step {
            &Step::SearchDeckToHand { slot, filter } => {
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
            &Step::LookTopTakeOne { slot, n } => {
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
            Step::SearchReveal { name, discard_too } => {
                let mut found = None;
                if let Some(i) = self
                    .encounter_deck
                    .iter()
                    .position(|&c| self.def(c).name == *name)
                {
                    found = Some(self.encounter_deck.remove(i));
                } else if *discard_too {
                    if let Some(i) = self
                        .encounter_discard
                        .iter()
                        .position(|&c| self.def(c).name == *name)
                    {
                        found = Some(self.encounter_discard.remove(i));
                    }
                }
                self.shuffle_encounter_deck();
                match found {
                    Some(c) => {
                        self.log_public(format!("The search finds {name}."));
                        self.tasks.push(Task::RevealCard {
                            card: c,
                            player: f.player,
                            step: 0,
                        });
                    }
                    None => self.log_public(format!("The search doesn't find {name}.")),
                }
                self.log_public("The encounter deck is shuffled.".into());
                StepResult::Next
            }
            Step::ShuffleEncounterDeck => {
                self.shuffle_encounter_deck();
                self.log_public("The encounter deck is shuffled.".into());
                StepResult::Next
            }
            Step::SearchAndEngage(code) => {
                let code = *code;
                let found = self
                    .encounter_deck
                    .iter()
                    .chain(self.encounter_discard.iter())
                    .copied()
                    .find(|&c| code_is(self, c, code));
                f.nothing = found.is_none();
                if let Some(c) = found {
                    self.engage_from_encounter(c, f.player);
                } else {
                    self.log_public("The search finds nothing.".into());
                }
                self.shuffle_encounter_deck();
                StepResult::Next
            }
            Step::SearchAndEngageTrait(t) => {
                let mut options: Vec<CardId> = vec![];
                for c in self
                    .encounter_deck
                    .iter()
                    .rev()
                    .chain(self.encounter_discard.iter())
                    .copied()
                {
                    let d = self.def(c);
                    if matches!(d.kind, Kind::Minion { .. })
                        && d.has_trait(*t)
                        && !options
                            .iter()
                            .any(|&o| self.card(o).def == self.card(c).def)
                    {
                        options.push(c);
                    }
                }
                let pick = match (f.chosen[3], options.len()) {
                    (Some(c), _) => Some(c),
                    (None, 0) => None,
                    (None, 1) => Some(options[0]),
                    (None, _) => {
                        return StepResult::Wait(Pending::Choose {
                            player: f.player,
                            options,
                        })
                    }
                };
                f.chosen[3] = None;
                f.nothing = pick.is_none();
                match pick {
                    Some(c) => self.engage_from_encounter(c, f.player),
                    None => self.log_public("The search finds nothing.".into()),
                }
                self.shuffle_encounter_deck();
                StepResult::Next
            }
            _ => StepResult::Next,
        }
    }

    /// Whether a card's definition matches a filter that names cards anywhere (in a
    /// deck, a discard pile).
    pub(crate) fn filter_matches_def(&self, d: &CardDef, filter: Filter) -> bool {
        match filter {
            Filter::Upgrade => matches!(d.kind, Kind::Upgrade { .. }),
            Filter::TraitUpgrade(t) => matches!(d.kind, Kind::Upgrade { .. }) && d.has_trait(t),
            _ => false,
        }
    }

    pub(super) fn shuffle_deck(&mut self, p: u8) {
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

    pub(crate) fn shuffle_encounter_deck(&mut self) {
        let mut deck = std::mem::take(&mut self.encounter_deck);
        self.rng.shuffle(&mut deck);
        self.encounter_deck = deck;
    }

    /// Take a card out of the encounter deck or discard pile and put it into play
    /// engaged with `p`.
    fn engage_from_encounter(&mut self, c: CardId, p: u8) {
        self.encounter_deck.retain(|&x| x != c);
        self.encounter_discard.retain(|&x| x != c);
        self.enter_engaged(c, p);
    }
}
