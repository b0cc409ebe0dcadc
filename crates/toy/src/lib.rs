//! The toy game: the smallest complete game on the Crossover platform, and the worked
//! example of docs/ADDING_A_GAME.md. It tests game-generic code (computer players, the
//! command line, the client, replays, scenarios) without depending on a real card game.
//!
//! Two-seat Nim: a pile of counters, the seats alternately take 1 to 3, and whoever
//! takes the last counter wins. To exercise hidden information, each seat also holds
//! a secret number drawn at setup; it only matters if the turn limit is reached with
//! counters left, when the higher secret wins (equal secrets tie).

pub mod scenario;

use crossover_kernel::{
    stable_hash, Decision, Game, GameRng, LogEntry, Outcome, Presentation, RuleError, Seat,
    SetupError,
};
use serde::{Deserialize, Serialize};

pub mod platform;

const SEATS: usize = 2;
const MAX_TAKE: u32 = 3;
/// Secrets are drawn from 1..=SECRET_MAX; small, so ties at the turn limit happen.
const SECRET_MAX: u32 = 9;

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ToySetup {
    /// Counters in the pile at the start.
    pub pile: u32,
    /// The game ends after this many turns even if counters are left.
    pub max_turns: u32,
}

impl Default for ToySetup {
    fn default() -> Self {
        ToySetup {
            pile: 15,
            max_turns: 100,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ToyAction {
    /// Take this many counters from the pile.
    Take(u32),
}

/// The rules state; everything [`Toy::state_hash`] covers.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
struct State {
    setup: ToySetup,
    pile: u32,
    to_move: Seat,
    turn: u32,
    secrets: [u32; SEATS],
    outcome: Option<Outcome>,
    rng: GameRng,
}

/// A game of toy Nim. Not `Hash`: use [`Game::state_hash`], which leaves out the log.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Toy {
    state: State,
    // Kept apart from `state` because the log is not part of the rules state hash.
    log: Vec<LogEntry>,
    #[serde(default = "logging_on")]
    logging: bool,
}

fn logging_on() -> bool {
    true
}

/// What one seat may see: everything except the other seat's secret, which is only
/// revealed when the turn limit decides the game.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ToyView {
    pub seat: Seat,
    pub pile: u32,
    pub turn: u32,
    pub max_turns: u32,
    /// The seat to move, `None` once the game is over.
    pub to_move: Option<Seat>,
    /// Indexed by seat; `None` where the secret is hidden from the viewer.
    pub secrets: [Option<u32>; SEATS],
    pub outcome: Option<Outcome>,
}

impl Toy {
    fn max_take(&self) -> u32 {
        MAX_TAKE.min(self.state.pile)
    }

    fn is_over(&self) -> bool {
        self.state.outcome.is_some()
    }

    /// Secrets become public when the turn limit decided the game.
    fn secrets_revealed(&self) -> bool {
        self.is_over() && self.state.pile > 0
    }

    fn log(&mut self, visible_to: Option<Seat>, text: String) {
        if !self.logging {
            return;
        }
        self.log.push(LogEntry {
            turn: self.state.turn,
            visible_to,
            text,
        });
    }

    /// Decide the game at the turn limit: the higher secret wins.
    fn end_by_turn_limit(&mut self) {
        let [a, b] = self.state.secrets;
        let outcome = match a.cmp(&b) {
            std::cmp::Ordering::Greater => Outcome::Win(vec![0]),
            std::cmp::Ordering::Less => Outcome::Win(vec![1]),
            std::cmp::Ordering::Equal => Outcome::Tie(vec![0, 1]),
        };
        let result = match &outcome {
            Outcome::Win(w) => format!("seat {} wins", w[0]),
            Outcome::Tie(_) | Outcome::AllLose => "it is a tie".to_string(),
        };
        self.log(
            None,
            format!("Turn limit reached; the secrets are {a} and {b}, so {result}."),
        );
        self.state.outcome = Some(outcome);
    }
}

impl Presentation for Toy {
    type View = ToyView;

    fn view(&self, seat: Seat) -> ToyView {
        let revealed = self.secrets_revealed();
        let mut secrets = [None; SEATS];
        for (s, secret) in secrets.iter_mut().enumerate() {
            if s == seat || revealed {
                *secret = Some(self.state.secrets[s]);
            }
        }
        ToyView {
            seat,
            pile: self.state.pile,
            turn: self.state.turn,
            max_turns: self.state.setup.max_turns,
            to_move: (!self.is_over()).then_some(self.state.to_move),
            secrets,
            outcome: self.state.outcome.clone(),
        }
    }

    fn prompt(&self, viewer: Seat) -> Option<String> {
        let seat = self.decision()?.seat;
        Some(if viewer == seat {
            format!("Take how many counters (1 to {})?", self.max_take())
        } else {
            format!("Seat {seat} is taking 1 to {} counters.", self.max_take())
        })
    }

    fn describe_action(&self, _viewer: Seat, action: &ToyAction) -> String {
        match action {
            ToyAction::Take(1) => "Take 1 counter".to_string(),
            ToyAction::Take(n) => format!("Take {n} counters"),
        }
    }

    fn render(&self, seat: Seat) -> String {
        let v = self.view(seat);
        let mut out = format!(
            "Pile: {} counters. Turn {} of at most {}.\n",
            v.pile, v.turn, v.max_turns
        );
        for (s, secret) in v.secrets.iter().enumerate() {
            let you = if s == seat { " (you)" } else { "" };
            let secret = secret.map_or("hidden".to_string(), |n| n.to_string());
            out += &format!("Seat {s}{you}: secret {secret}\n");
        }
        match (&v.outcome, v.to_move) {
            (Some(Outcome::Win(w)), _) => out += &format!("Seat {} won.\n", w[0]),
            (Some(Outcome::Tie(_)), _) => out += "The game is a tie.\n",
            (Some(Outcome::AllLose), _) => out += "Every seat lost.\n",
            (None, Some(s)) => out += &format!("Seat {s} to move.\n"),
            (None, None) => {}
        }
        out
    }

    fn log_for(&self, seat: Seat) -> Vec<&LogEntry> {
        self.log
            .iter()
            .filter(|e| e.visible_to.is_none_or(|s| s == seat))
            .collect()
    }
}

impl Game for Toy {
    type Setup = ToySetup;
    type Action = ToyAction;

    const NAME: &'static str = "toy";

    fn card_data_version(&self) -> String {
        // The toy game has no card data; the version names its rules instead.
        "toy-1".to_string()
    }

    fn new_game(setup: &ToySetup, seed: u64) -> Result<Self, SetupError> {
        if setup.pile == 0 {
            return Err(SetupError("the pile must hold at least one counter".into()));
        }
        if setup.max_turns == 0 {
            return Err(SetupError("the turn limit must be at least 1".into()));
        }
        let mut rng = GameRng::from_seed(seed);
        let secrets = [0; SEATS].map(|_| rng.below(SECRET_MAX as usize) as u32 + 1);
        let mut game = Toy {
            state: State {
                setup: setup.clone(),
                pile: setup.pile,
                to_move: 0,
                turn: 1,
                secrets,
                outcome: None,
                rng,
            },
            log: Vec::new(),
            logging: true,
        };
        game.log(None, format!("The pile holds {} counters.", setup.pile));
        for (seat, secret) in secrets.into_iter().enumerate() {
            game.log(Some(seat), format!("Your secret number is {secret}."));
        }
        Ok(game)
    }

    fn seat_count(&self) -> usize {
        SEATS
    }

    fn decision(&self) -> Option<Decision<ToyAction>> {
        if self.is_over() {
            return None;
        }
        Some(Decision {
            seat: self.state.to_move,
            options: self.legal_actions(),
        })
    }

    fn legal_actions(&self) -> Vec<ToyAction> {
        if self.is_over() {
            return Vec::new();
        }
        (1..=self.max_take()).map(ToyAction::Take).collect()
    }

    fn apply(&mut self, action: &ToyAction) -> Result<(), RuleError> {
        if self.is_over() {
            return Err(RuleError::new("toy/over", "the game is over"));
        }
        let ToyAction::Take(n) = *action;
        if !(1..=self.max_take()).contains(&n) {
            return Err(RuleError::new(
                "toy/take",
                format!(
                    "take 1 to {} counters, not {n} ({} left)",
                    self.max_take(),
                    self.state.pile
                ),
            ));
        }
        let seat = self.state.to_move;
        self.state.pile -= n;
        self.log(
            None,
            format!("Seat {seat} takes {n}; {} left.", self.state.pile),
        );
        if self.state.pile == 0 {
            self.log(None, format!("Seat {seat} took the last counter and wins."));
            self.state.outcome = Some(Outcome::Win(vec![seat]));
        } else if self.state.turn >= self.state.setup.max_turns {
            self.end_by_turn_limit();
        } else {
            self.state.to_move = (seat + 1) % SEATS;
            self.state.turn += 1;
        }
        Ok(())
    }

    fn outcome(&self) -> Option<Outcome> {
        self.state.outcome.clone()
    }

    fn state_hash(&self) -> u64 {
        stable_hash(&self.state)
    }

    fn turn(&self) -> u32 {
        self.state.turn
    }

    fn determinize(&self, seat: Seat, seed: u64) -> Toy {
        let mut game = self.clone();
        let mut rng = GameRng::from_seed(seed);
        if !self.secrets_revealed() {
            for (s, secret) in game.state.secrets.iter_mut().enumerate() {
                if s != seat {
                    *secret = rng.below(SECRET_MAX as usize) as u32 + 1;
                }
            }
        }
        game.state.rng = rng;
        game.log.clear();
        game
    }

    fn set_logging(&mut self, on: bool) {
        self.logging = on;
    }

    fn heuristic(&self, seat: Seat) -> f64 {
        if let Some(outcome) = &self.state.outcome {
            return outcome.reward(seat);
        }
        // Nim theory: the seat to move wins with perfect play unless the pile is a
        // multiple of MAX_TAKE + 1. Not certain, since the opponent may err.
        let mover_wins = !self.state.pile.is_multiple_of(MAX_TAKE + 1);
        if mover_wins == (seat == self.state.to_move) {
            0.8
        } else {
            0.2
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crossover_kernel::Replay;

    fn new_game(seed: u64) -> Toy {
        Toy::new_game(&ToySetup::default(), seed).unwrap()
    }

    #[test]
    fn illegal_actions_are_rejected_and_leave_the_state_unchanged() {
        let mut game = new_game(7);
        for _ in 0..4 {
            game.apply(&ToyAction::Take(3)).unwrap();
        }
        // 3 counters left.
        let before = game.state_hash();
        let log_len = game.log.len();
        for bad in [0, 4, 100] {
            let err = game.apply(&ToyAction::Take(bad)).unwrap_err();
            assert_eq!(err.rule, "toy/take");
            assert_eq!(game.state_hash(), before);
            assert_eq!(game.log.len(), log_len);
        }
        game.apply(&ToyAction::Take(3)).unwrap();
        assert_eq!(game.outcome(), Some(Outcome::Win(vec![0])));
        let after = game.state_hash();
        let err = game.apply(&ToyAction::Take(1)).unwrap_err();
        assert_eq!(err.rule, "toy/over");
        assert_eq!(game.state_hash(), after);
    }

    #[test]
    fn legal_actions_shrink_with_the_pile() {
        let mut game = Toy::new_game(
            &ToySetup {
                pile: 2,
                max_turns: 10,
            },
            1,
        )
        .unwrap();
        assert_eq!(
            game.legal_actions(),
            vec![ToyAction::Take(1), ToyAction::Take(2)]
        );
        assert_eq!(game.decision().unwrap().options, game.legal_actions());
        game.apply(&ToyAction::Take(1)).unwrap();
        assert_eq!(game.decision().unwrap().seat, 1);
        assert_eq!(game.legal_actions(), vec![ToyAction::Take(1)]);
        game.apply(&ToyAction::Take(1)).unwrap();
        assert_eq!(game.outcome(), Some(Outcome::Win(vec![1])));
        assert!(game.decision().is_none());
        assert!(game.legal_actions().is_empty());
        assert_eq!(game.turn(), 2);
    }

    #[test]
    fn view_and_log_hide_the_other_seats_secret() {
        let game = new_game(3);
        for seat in 0..2 {
            let other = 1 - seat;
            let view = game.view(seat);
            assert_eq!(view.secrets[seat], Some(game.state.secrets[seat]));
            assert_eq!(view.secrets[other], None);
            assert!(game
                .log_for(seat)
                .iter()
                .all(|e| e.visible_to != Some(other)));
            assert!(game.render(seat).contains("hidden"));
        }
    }

    #[test]
    fn the_turn_limit_ends_the_game_and_reveals_the_secrets() {
        let setup = ToySetup {
            pile: 100,
            max_turns: 3,
        };
        let mut game = Toy::new_game(&setup, 5).unwrap();
        for _ in 0..3 {
            game.apply(&ToyAction::Take(1)).unwrap();
        }
        let [a, b] = game.state.secrets;
        let expected = match a.cmp(&b) {
            std::cmp::Ordering::Greater => Outcome::Win(vec![0]),
            std::cmp::Ordering::Less => Outcome::Win(vec![1]),
            std::cmp::Ordering::Equal => Outcome::Tie(vec![0, 1]),
        };
        assert_eq!(game.outcome(), Some(expected));
        assert_eq!(game.turn(), 3);
        assert_eq!(game.view(0).secrets, [Some(a), Some(b)]);
    }

    #[test]
    fn bad_setups_are_refused() {
        assert!(Toy::new_game(
            &ToySetup {
                pile: 0,
                max_turns: 5
            },
            0
        )
        .is_err());
        assert!(Toy::new_game(
            &ToySetup {
                pile: 5,
                max_turns: 0
            },
            0
        )
        .is_err());
    }

    #[test]
    fn clones_and_serde_round_trips_keep_the_hash() {
        let mut game = new_game(11);
        game.apply(&ToyAction::Take(2)).unwrap();
        assert_eq!(game.clone().state_hash(), game.state_hash());
        let json = serde_json::to_string(&game).unwrap();
        let back: Toy = serde_json::from_str(&json).unwrap();
        assert_eq!(back.state_hash(), game.state_hash());
        assert_eq!(back.log, game.log);
    }

    #[test]
    fn the_seed_decides_the_secrets() {
        assert_eq!(new_game(9).state_hash(), new_game(9).state_hash());
        let differ = (0..20).any(|s| new_game(s).state.secrets != new_game(0).state.secrets);
        assert!(differ);
    }

    #[test]
    fn determinize_redraws_only_what_the_seat_cannot_see() {
        let game = new_game(3);
        let mut other = game.clone();
        other.state.secrets[1] = other.state.secrets[1] % SECRET_MAX + 1;
        let a = game.determinize(0, 42);
        let b = other.determinize(0, 42);
        assert_eq!(
            a.state_hash(),
            b.state_hash(),
            "seat 1's real secret leaked"
        );
        assert_eq!(a.state.secrets[0], game.state.secrets[0]);
        let drawn: std::collections::BTreeSet<u32> = (0..50)
            .map(|s| game.determinize(0, s).state.secrets[1])
            .collect();
        assert!(
            drawn.len() > 3,
            "the hidden secret is not re-dealt: {drawn:?}"
        );
    }

    #[test]
    fn replays_round_trip() {
        let setup = ToySetup::default();
        let actions = vec![
            ToyAction::Take(3),
            ToyAction::Take(1),
            ToyAction::Take(2),
            ToyAction::Take(3),
        ];
        let replay = Replay::<Toy>::record(setup.clone(), 42, actions.clone()).unwrap();
        let json = serde_json::to_string(&replay).unwrap();
        let loaded: Replay<Toy> = serde_json::from_str(&json).unwrap();
        let game = loaded.verify().unwrap();
        assert_eq!(game.state_hash(), replay.final_hash);
        assert_eq!(loaded.actions, actions);

        let mut tampered = loaded.clone();
        tampered.final_hash ^= 1;
        assert!(tampered.verify().is_err());
        let mut illegal = loaded;
        illegal.actions.push(ToyAction::Take(9));
        assert!(illegal.verify().is_err());
    }
}
