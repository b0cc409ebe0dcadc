//! The greedy player scores its options on a determinization, never on the real game,
//! so it cannot use what its seat doesn't see.

use crossover_ai::{GreedyPlayer, Player};
use crossover_kernel::{Decision, Game, Outcome, RuleError, Seat, SetupError};
use serde::{Deserialize, Serialize};

/// A hidden coin is tossed at setup; seat 0 calls it and wins on a match. The caller
/// cannot see the coin, so no fair player wins much more than half the time, while
/// one that tried its calls on the real game would always win.
#[derive(Debug, Clone, Serialize, Deserialize)]
struct Coin {
    heads: bool,
    outcome: Option<Outcome>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
enum Call {
    Heads,
    Tails,
}

impl Game for Coin {
    type Setup = ();
    type Action = Call;
    const NAME: &'static str = "coin";

    fn card_data_version(&self) -> String {
        "none".into()
    }
    fn new_game(_: &(), seed: u64) -> Result<Self, SetupError> {
        Ok(Coin {
            heads: crossover_kernel::GameRng::from_seed(seed).below(2) == 0,
            outcome: None,
        })
    }
    fn seat_count(&self) -> usize {
        2
    }
    fn decision(&self) -> Option<Decision<Call>> {
        self.outcome.is_none().then(|| Decision {
            seat: 0,
            options: self.legal_actions(),
        })
    }
    fn legal_actions(&self) -> Vec<Call> {
        match self.outcome {
            Some(_) => vec![],
            None => vec![Call::Heads, Call::Tails],
        }
    }
    fn apply(&mut self, call: &Call) -> Result<(), RuleError> {
        if self.outcome.is_some() {
            return Err(RuleError::new("coin", "the game is over"));
        }
        let right = (*call == Call::Heads) == self.heads;
        self.outcome = Some(Outcome::Win(vec![if right { 0 } else { 1 }]));
        Ok(())
    }
    fn outcome(&self) -> Option<Outcome> {
        self.outcome.clone()
    }
    fn state_hash(&self) -> u64 {
        crossover_kernel::stable_hash(&(self.heads, &self.outcome))
    }
    fn turn(&self) -> u32 {
        1
    }
    fn heuristic(&self, _: Seat) -> f64 {
        0.5
    }
    fn set_logging(&mut self, _: bool) {}
    /// The coin is tossed again: seat 0 never saw it.
    fn determinize(&self, _: Seat, seed: u64) -> Self {
        Coin {
            heads: crossover_kernel::GameRng::from_seed(seed).below(2) == 0,
            outcome: self.outcome.clone(),
        }
    }
}

#[test]
fn greedy_does_not_win_by_looking_at_a_hidden_coin() {
    let games = 400;
    let mut wins = 0;
    for seed in 0..games {
        let mut game = Coin::new_game(&(), seed).unwrap();
        let call = GreedyPlayer::new(seed ^ 0x5eed).choose(&game);
        game.apply(&call).unwrap();
        if game.outcome() == Some(Outcome::Win(vec![0])) {
            wins += 1;
        }
    }
    // A fair caller wins about 200 of 400 (this range holds with odds far beyond a
    // million to one); one that looked would win all 400.
    assert!((140..=260).contains(&wins), "{wins} of {games} calls right");
}
