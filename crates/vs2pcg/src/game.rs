//! Vs. System 2PCG behind the game-agnostic [`Game`] interface: rules and search.

use crate::action::Action;
use crate::state::*;
use crossover_kernel::{Decision, Game, Outcome, RuleError, Seat, SetupError};

// Old paths of the setup and view types (other code names them through `game`).
pub use crate::setup::{PlayerSetup, Setup};
pub use crate::view::{render_view, CharacterView, PlayerView, ResourceView, View};

pub fn rules_hash(g: &GameState) -> u64 {
    crossover_kernel::stable_hash(g)
}

impl Game for GameState {
    type Setup = Setup;
    type Action = Action;
    const NAME: &'static str = "vs2pcg";

    fn card_data_version(&self) -> String {
        self.db.version()
    }

    fn new_game(setup: &Setup, seed: u64) -> Result<Self, SetupError> {
        GameState::with_db(setup.cards.0.clone(), setup, seed)
    }

    fn seat_count(&self) -> usize {
        self.players.len()
    }

    fn decision(&self) -> Option<Decision<Action>> {
        let seat = self.pending_seat()?;
        Some(Decision {
            seat,
            options: self.legal(),
        })
    }

    fn legal_actions(&self) -> Vec<Action> {
        self.legal()
    }

    fn to_move(&self) -> Option<Seat> {
        self.pending_seat()
    }

    fn apply_offered(&mut self, action: &Action) {
        debug_assert!(
            self.check(action).is_ok(),
            "apply_offered of {action:?}, which was not offered"
        );
        self.perform(action);
    }

    fn apply(&mut self, action: &Action) -> Result<(), RuleError> {
        self.check(action)?;
        self.perform(action);
        Ok(())
    }

    fn outcome(&self) -> Option<Outcome> {
        self.outcome.clone()
    }

    fn state_hash(&self) -> u64 {
        rules_hash(self)
    }

    fn turn(&self) -> u32 {
        self.turn
    }

    fn cards_used(&self, action: &Action) -> Vec<String> {
        let label = |c: CardId| format!("{} {}", self.def(c).number, self.name(c));
        match action {
            Action::PlayResource {
                card,
                face_up: true,
            } => vec![label(*card)],
            Action::Recruit { card, .. } | Action::PlayPlotTwist { card } => vec![label(*card)],
            Action::PlayEquipment { card, .. } => vec![label(*card)],
            Action::PowerUp { discard, .. } => vec![label(*discard)],
            Action::UsePower {
                card,
                power,
                payment,
            } => {
                let held = self.powers_of(*card)[*power as usize];
                let mut v = vec![format!(
                    "{} {}",
                    self.db.get(held.def).number,
                    self.db.get(held.def).name
                )];
                v.extend(payment.iter().map(|p| label(p.card())));
                v
            }
            _ => Vec::new(),
        }
    }

    fn card_pool(&self) -> Vec<String> {
        let mut v: Vec<String> = self
            .cards
            .iter()
            .map(|c| {
                let d = self.db.get(c.def);
                format!("{} {}", d.number, d.name)
            })
            .collect();
        v.sort();
        v.dedup();
        v
    }

    fn set_logging(&mut self, on: bool) {
        self.log.enabled = on;
    }

    fn determinize(&self, seat: Seat, seed: u64) -> Self {
        self.determinized(seat, seed)
    }

    fn heuristic(&self, seat: Seat) -> f64 {
        self.position_value(seat)
    }
}
