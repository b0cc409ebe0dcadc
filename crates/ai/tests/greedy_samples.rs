//! The greedy player averages its options' scores over several determinizations when
//! asked to ([`Game::search_samples`] or `samples=K`), so one lucky imagined deal does
//! not decide its move.

use crossover_ai::{player_from_spec, GreedyPlayer, Player};
use crossover_kernel::{Decision, Game, Outcome, RuleError, Seat, SetupError};
use serde::{Deserialize, Serialize};

/// Seat 0 either stops safely (a position worth 0.7) or gambles on a hidden coin: heads
/// wins, tails loses, so the gamble is worth 0.5 on average. A player that judged the
/// gamble on one imagined toss would take it whenever it imagined heads.
#[derive(Debug, Clone, Serialize, Deserialize)]
struct Gamble {
    heads: bool,
    stopped: bool,
    outcome: Option<Outcome>,
    samples: usize,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
enum Move {
    Stop,
    Gamble,
}

impl Game for Gamble {
    type Setup = usize;
    type Action = Move;
    const NAME: &'static str = "gamble";

    fn card_data_version(&self) -> String {
        "none".into()
    }
    fn new_game(samples: &usize, seed: u64) -> Result<Self, SetupError> {
        Ok(Gamble {
            heads: crossover_kernel::GameRng::from_seed(seed).below(2) == 0,
            stopped: false,
            outcome: None,
            samples: *samples,
        })
    }
    fn seat_count(&self) -> usize {
        1
    }
    fn decision(&self) -> Option<Decision<Move>> {
        (!self.stopped && self.outcome.is_none()).then(|| Decision {
            seat: 0,
            options: self.legal_actions(),
        })
    }
    fn legal_actions(&self) -> Vec<Move> {
        if self.stopped || self.outcome.is_some() {
            vec![]
        } else {
            vec![Move::Stop, Move::Gamble]
        }
    }
    fn apply(&mut self, m: &Move) -> Result<(), RuleError> {
        if !self.legal_actions().contains(m) {
            return Err(RuleError::new("gamble", "the game is over"));
        }
        match m {
            Move::Stop => self.stopped = true,
            Move::Gamble => self.outcome = Some(Outcome::Win(vec![if self.heads { 0 } else { 1 }])),
        }
        Ok(())
    }
    fn outcome(&self) -> Option<Outcome> {
        self.outcome.clone()
    }
    fn state_hash(&self) -> u64 {
        crossover_kernel::stable_hash(&(self.heads, self.stopped, &self.outcome))
    }
    fn turn(&self) -> u32 {
        1
    }
    fn heuristic(&self, _: Seat) -> f64 {
        0.7
    }
    fn search_samples(&self) -> usize {
        self.samples
    }
    fn set_logging(&mut self, _: bool) {}
    /// The coin is tossed again: seat 0 never saw it.
    fn determinize(&self, _: Seat, seed: u64) -> Self {
        Gamble {
            heads: crossover_kernel::GameRng::from_seed(seed).below(2) == 0,
            ..self.clone()
        }
    }
}

/// How many of 200 decisions `make` stops rather than gambles.
fn stops(game_samples: usize, make: impl Fn(u64) -> Box<dyn Player<Gamble>>) -> usize {
    (0..200)
        .filter(|&seed| {
            let game = Gamble::new_game(&game_samples, seed).unwrap();
            make(seed).choose(&game) == Move::Stop
        })
        .count()
}

#[test]
fn one_imagined_toss_gambles_about_half_the_time() {
    let n = stops(1, |seed| Box::new(GreedyPlayer::new(seed)));
    // About 100 of 200; this range holds with odds far beyond a million to one.
    assert!((50..=150).contains(&n), "stopped {n} of 200 times");
}

#[test]
fn averaging_the_samples_the_game_asks_for_stops() {
    // 64 imagined tosses average above 0.7 only if over 70% of them are heads.
    let n = stops(64, |seed| Box::new(GreedyPlayer::new(seed)));
    assert!(n >= 195, "stopped only {n} of 200 times");
}

#[test]
fn the_samples_option_overrides_the_game() {
    let n = stops(1, |seed| {
        player_from_spec("greedy:samples=64", seed).unwrap()
    });
    assert!(n >= 195, "stopped only {n} of 200 times");
}
