//! What encounter cards do to the players besides attacking and scheming: revealing
//! another encounter card or dealing one (REVEAL, DEAL AN ENCOUNTER CARD), a revealed
//! card canceled and discarded (CANCEL), the nemesis set coming into play (NEMESIS), and
//! the choices of obligations and nemesis schemes (OBLIGATION): a card removed from the
//! game (REMOVED FROM THE GAME), an acceleration token (ACCELERATION TOKEN), cards placed
//! face down under a scheme and returned.

use crate::effects::StepResult;
use crate::model::*;
use crate::state::*;

impl GameState {
    /// The steps of encounter cards.
    pub(crate) fn encounter_card_step(&mut self, f: &mut Frame, step: &Step) -> StepResult {
        match step {
            Step::RevealAnotherEncounterCard | Step::RevealEncounterCard => {
                if let Some(c) = self.take_encounter_card() {
                    self.tasks.push(Task::RevealCard {
                        card: c,
                        player: f.player,
                        step: 0,
                    });
                }
                StepResult::Next
            }
            Step::DealEncounterCard => {
                self.deal_encounter(f.player);
                StepResult::Next
            }
            &Step::DiscardEventCard => {
                let Some(c) = f.event_card else {
                    return StepResult::Next;
                };
                if let Some(o) = self.tasks.iter_mut().rev().find_map(|t| match t {
                    Task::Occur(o) => Some(o),
                    _ => None,
                }) {
                    o.canceled = true;
                }
                if self.card(c).zone == Zone::Resolving && self.card(c).owner == SCENARIO {
                    self.card_mut(c).zone = Zone::EncounterDiscard;
                    self.encounter_discard.push(c);
                    self.log_public(format!("{} is canceled and discarded.", self.def(c).name));
                }
                StepResult::Next
            }
            Step::RemoveThisFromGame => {
                let c = f.source;
                if self.in_play(c) {
                    self.discard_from_play(c);
                    self.encounter_discard.retain(|&x| x != c);
                }
                self.card_mut(c).zone = Zone::Removed;
                self.log_public(format!("{} is removed from the game.", self.def(c).name));
                StepResult::Next
            }
            Step::AccelerationToken => {
                self.acceleration_tokens = self.acceleration_tokens.saturating_add(1);
                self.log_public("The main scheme gets an acceleration token.".into());
                StepResult::Next
            }
            Step::EachPlayerPlacesRandomCardUnderThis => {
                for p in self.player_order() {
                    if let Some(c) = self.random_from_hand(p) {
                        self.player_mut(p).hand.retain(|&x| x != c);
                        self.card_mut(c).zone = Zone::Under(f.source);
                        self.log_public(format!(
                            "{} places a random card from hand face down under {}.",
                            self.player_name(p),
                            self.def(f.source).name
                        ));
                    }
                }
                StepResult::Next
            }
            Step::ReturnCardsUnderThis => {
                let src = f.source;
                let under: Vec<CardId> = self
                    .ids()
                    .filter(|&c| self.card(c).zone == Zone::Under(src))
                    .collect();
                for c in under {
                    let owner = self.card(c).owner;
                    self.card_mut(c).zone = Zone::Hand(owner);
                    self.player_mut(owner).hand.push(c);
                    self.log_public(format!(
                        "A card under {} returns to {}'s hand.",
                        self.def(src).name,
                        self.player_name(owner)
                    ));
                }
                StepResult::Next
            }
            _ => StepResult::Next,
        }
    }

    /// Shadow of the Past: your set-aside nemesis minion engages you, your nemesis side
    /// scheme is revealed, the rest of the set is shuffled into the encounter deck; if no
    /// minion entered, the card gains surge.
    pub(crate) fn shadow_of_the_past(&mut self, f: &Frame) {
        let p = f.player;
        let set: Vec<CardId> = self
            .ids()
            .filter(|&c| self.card(c).zone == Zone::SetAside(p))
            .collect();
        let minion = set
            .iter()
            .copied()
            .find(|&c| matches!(self.def(c).kind, Kind::Minion { .. }));
        let scheme = set
            .iter()
            .copied()
            .find(|&c| matches!(self.def(c).kind, Kind::SideScheme { .. }));
        for &c in &set {
            if Some(c) != minion && Some(c) != scheme {
                self.card_mut(c).zone = Zone::EncounterDeck;
                self.encounter_deck.push(c);
            }
        }
        if set.len() > usize::from(minion.is_some()) + usize::from(scheme.is_some()) {
            self.shuffle_encounter_deck();
            self.log_public(
                "The rest of the nemesis set is shuffled into the encounter deck.".into(),
            );
        }
        for c in [scheme, minion].into_iter().flatten() {
            self.tasks.push(Task::RevealCard {
                card: c,
                player: p,
                step: 0,
            });
        }
        if minion.is_none() {
            self.card_mut(f.source).surge = true;
            self.log_public(format!(
                "No nemesis minion entered play: {} gains surge.",
                self.def(f.source).name
            ));
        }
    }
}
