//! The steps of effects beyond the basic ones of effects.rs, one file per subject of the
//! Rules Reference. Each file resolves its `model::Step` variants (`effects.rs`
//! `run_step` sends each variant to its file) with the helpers they need:
//!
//! - `labeled_abilities.rs`: ATTACK, THWART, DEFEND labels and the STATUS CARDS that
//!   replace them; damage dealt as an attack with OVERKILL.
//! - `deck_search.rs`: SEARCH of a player's deck or of the encounter deck, looking at
//!   the top cards of a deck.
//! - `discard.rs`: discarding from the top of a deck (EMPTY PLAYER DECK), from a hand,
//!   from play and from the encounter deck; taking cards back from a discard pile.
//! - `put_into_play.rs`: PUT INTO PLAY, OWNERSHIP AND CONTROL, MAX, ATTACH TO, PLAY
//!   RESTRICTIONS AND PERMISSIONS, set-aside cards and Drone minions entering play.
//! - `costs.rs`: COST paid inside an ability, Spend X (RESOURCE), "pay or else",
//!   RESOURCE ABILITY from a discard pile, COUNTER and USES X.
//! - `enemy_attacks.rs`: ENEMY ATTACKS and ENEMY SCHEMES an effect makes or changes
//!   (BOOST, OVERKILL, DEFEND).
//! - `damage.rs`: DAMAGE moved (MOVE), placed elsewhere or assigned.
//! - `lasting_effects.rs`: LASTING EFFECTS, GAINS, and the end of the round (DELAYED
//!   EFFECTS).
//! - `resolution_order.rs`: IN PLAYER ORDER, FIRST PLAYER, SPECIAL sequences, SETUP
//!   abilities, if-else branches and CHOOSE.
//! - `encounter_cards.rs`: REVEAL, DEAL AN ENCOUNTER CARD, CANCEL, NEMESIS, OBLIGATION,
//!   REMOVED FROM THE GAME, ACCELERATION TOKEN.
//! - `form.rs`: FORM changed by an effect, HAND SIZE.

mod costs;
mod damage;
mod deck_search;
mod discard;
mod encounter_cards;
mod enemy_attacks;
mod form;
mod labeled_abilities;
mod lasting_effects;
mod put_into_play;
mod resolution_order;

pub(crate) use costs::PAID;
pub(crate) use labeled_abilities::{abort_point, labeled};

use crate::model::*;
use crate::state::*;

/// A card picked for a step that chooses without `(choose ...)`: stored in the step's
/// slot, for the "pick several" steps in the first free slot, and for damage assigned
/// one at a time, counted toward it.
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
        Some(Step::AssignDamageAmongHeroesAndAllies(_)) => {
            match f.assigned.iter_mut().find(|(x, _)| *x == c) {
                Some((_, n)) => *n += 1,
                None => f.assigned.push((c, 1)),
            }
            if let Some(l) = f.assign_left.as_mut() {
                *l = l.saturating_sub(1);
            }
        }
        Some(Step::SearchAndEngageTrait(_)) => f.chosen[3] = Some(c),
        Some(Step::YouChoose { slot, .. }) => f.chosen[usize::from(*slot)] = Some(c),
        _ => {}
    }
}

/// Whether card `c`'s code is `code` ("01180" is 1180; a code with a face letter is
/// none).
fn code_is(g: &GameState, c: CardId, code: u16) -> bool {
    five_digit_code(&g.def(c).code) == Some(code)
}

/// The number of a card's code without its face letter ("01010b" → 1010: the number an
/// identity's two faces share); 0 if none.
fn code_of(d: &CardDef) -> u16 {
    code_digits(&d.code).unwrap_or(0)
}

impl GameState {
    /// The first card in play with this code.
    pub(crate) fn in_play_code(&self, code: u16) -> Option<CardId> {
        self.in_play_cards().find(|&c| code_is(self, c, code))
    }
}

#[cfg(test)]
mod tests {
    use crate::setup::{DeckList, McSetup};

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
