//! The greedy player looks past its own follow-up decisions before scoring.

use crossover_ai::{GreedyPlayer, Player};
use crossover_kernel::{Decision, Game, Outcome, RuleError, Seat, SetupError};
use serde::{Deserialize, Serialize};

/// Seat 0 chooses `Skip` (the game ends in a tie) or `Open`, after which seat 0 must
/// choose again: `Grab` wins, `Drop` loses. Halfway through, after `Open`, the
/// heuristic is gloomy, so only a player that plays out its follow-up sees that
/// `Open` then `Grab` wins.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
struct Chest {
    opened: bool,
    outcome: Option<Outcome>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
enum Move {
    Skip,
    Open,
    Grab,
    Drop,
}

impl Game for Chest {
    type Setup = ();
    type Action = Move;
    const NAME: &'static str = "chest";

    fn card_data_version(&self) -> String {
        "none".into()
    }
    fn new_game(_: &(), _: u64) -> Result<Self, SetupError> {
        Ok(Chest::default())
    }
    fn seat_count(&self) -> usize {
        2
    }
    fn decision(&self) -> Option<Decision<Move>> {
        self.outcome.is_none().then(|| Decision {
            seat: 0,
            options: self.legal_actions(),
        })
    }
    fn legal_actions(&self) -> Vec<Move> {
        match (&self.outcome, self.opened) {
            (Some(_), _) => vec![],
            (None, false) => vec![Move::Skip, Move::Open],
            (None, true) => vec![Move::Grab, Move::Drop],
        }
    }
    fn apply(&mut self, action: &Move) -> Result<(), RuleError> {
        if !self.legal_actions().contains(action) {
            return Err(RuleError::new("chest", "not now"));
        }
        match action {
            Move::Skip => self.outcome = Some(Outcome::Tie(vec![0, 1])),
            Move::Open => self.opened = true,
            Move::Grab => self.outcome = Some(Outcome::Win(vec![0])),
            Move::Drop => self.outcome = Some(Outcome::Win(vec![1])),
        }
        Ok(())
    }
    fn outcome(&self) -> Option<Outcome> {
        self.outcome.clone()
    }
    fn state_hash(&self) -> u64 {
        crossover_kernel::stable_hash(&(self.opened, &self.outcome))
    }
    fn turn(&self) -> u32 {
        1
    }
    fn heuristic(&self, _: Seat) -> f64 {
        0.1
    }
    fn set_logging(&mut self, _: bool) {}
    fn determinize(&self, _: Seat, _: u64) -> Self {
        self.clone()
    }
}

#[test]
fn greedy_plays_out_its_own_follow_up_decisions() {
    let game = Chest::default();
    for seed in 0..10 {
        assert_eq!(GreedyPlayer::new(seed).choose(&game), Move::Open);
    }
}
