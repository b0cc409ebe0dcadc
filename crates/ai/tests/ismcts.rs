//! The ISMCTS player on the kernel's toy game: it finds winning moves, never uses the
//! hidden secret of the other seat, and replays exactly from its seed.

use crossover_ai::{
    play_game, player_from_spec, Budget, IsmctsConfig, IsmctsPlayer, Player, SearchReport,
};
use crossover_kernel::{Decision, Game, Outcome, Presentation, RuleError, Seat, SetupError};
use crossover_toy::{Toy, ToyAction, ToySetup};
use serde::{Deserialize, Serialize};

fn player(spec: &str, seed: u64) -> IsmctsPlayer {
    // Built through the spec parser, so the tests also cover what `--ai` accepts.
    let name = player_from_spec::<Toy>(spec, seed).unwrap().name();
    let config = config_of(&name);
    IsmctsPlayer::with_config(seed, config).unwrap()
}

/// The settings named by a canonical `ismcts:` spec.
fn config_of(spec: &str) -> IsmctsConfig {
    let mut config = IsmctsConfig::default();
    for pair in spec.trim_start_matches("ismcts:").split(',') {
        let (key, value) = pair.split_once('=').unwrap();
        match key {
            "iterations" => config.budget = Budget::Iterations(value.parse().unwrap()),
            "ms" => config.budget = Budget::Millis(value.parse().unwrap()),
            "threads" => config.threads = value.parse().unwrap(),
            "c" => config.exploration = value.parse().unwrap(),
            "rollout" => config.rollout = value.parse().unwrap(),
            _ => panic!("unexpected option in {spec}"),
        }
    }
    config
}

fn toy(pile: u32, max_turns: u32, seed: u64) -> Toy {
    Toy::new_game(&ToySetup { pile, max_turns }, seed).unwrap()
}

/// The sum of the root visits: every iteration passes through exactly one root action.
fn root_visits<A>(report: &SearchReport<A>) -> u64 {
    report.actions.iter().map(|s| s.visits).sum()
}

#[test]
fn takes_the_winning_move() {
    for pile in [5, 6, 7, 10, 15, 22] {
        let game = toy(pile, 100, pile as u64);
        for seed in 0..4 {
            let action = player("ismcts:iterations=200", seed).choose(&game);
            assert_eq!(
                action,
                ToyAction::Take(pile % 4),
                "pile {pile}, seed {seed}"
            );
        }
    }
}

/// Toy Nim whose heuristic knows nothing (always 0.5), so only the search itself,
/// backing up real wins and losses from each mover's point of view, can find the
/// winning move.
#[derive(Debug, Clone, Serialize, Deserialize)]
struct BlindNim(Toy);

impl Game for BlindNim {
    type Setup = ToySetup;
    type Action = ToyAction;
    const NAME: &'static str = "blind-nim";

    fn card_data_version(&self) -> String {
        self.0.card_data_version()
    }
    fn new_game(setup: &ToySetup, seed: u64) -> Result<Self, SetupError> {
        Toy::new_game(setup, seed).map(BlindNim)
    }
    fn seat_count(&self) -> usize {
        self.0.seat_count()
    }
    fn decision(&self) -> Option<Decision<ToyAction>> {
        self.0.decision()
    }
    fn legal_actions(&self) -> Vec<ToyAction> {
        self.0.legal_actions()
    }
    fn apply(&mut self, action: &ToyAction) -> Result<(), RuleError> {
        self.0.apply(action)
    }
    fn outcome(&self) -> Option<Outcome> {
        self.0.outcome()
    }
    fn state_hash(&self) -> u64 {
        self.0.state_hash()
    }
    fn turn(&self) -> u32 {
        self.0.turn()
    }
    fn set_logging(&mut self, on: bool) {
        self.0.set_logging(on)
    }
    fn heuristic(&self, _: Seat) -> f64 {
        0.5
    }
    fn determinize(&self, seat: Seat, seed: u64) -> Self {
        BlindNim(self.0.determinize(seat, seed))
    }
}

fn blind(pile: u32, seed: u64) -> BlindNim {
    BlindNim::new_game(
        &ToySetup {
            pile,
            max_turns: 100,
        },
        seed,
    )
    .unwrap()
}

#[test]
fn search_alone_finds_the_winning_move() {
    for pile in [5, 6, 7, 9] {
        let game = blind(pile, 1);
        for seed in 0..3 {
            let report = player("ismcts:iterations=2000", seed).search(&game);
            assert_eq!(
                report.action,
                ToyAction::Take(pile % 4),
                "pile {pile}, seed {seed}: {report:?}"
            );
        }
    }
}

#[test]
fn rollouts_find_the_winning_move_without_a_heuristic() {
    for pile in [6, 7, 9, 10] {
        let game = blind(pile, 2);
        for seed in 0..3 {
            let report = player("ismcts:iterations=600,rollout=50", seed).search(&game);
            assert_eq!(
                report.action,
                ToyAction::Take(pile % 4),
                "pile {pile}, seed {seed}: {report:?}"
            );
        }
    }
}

#[test]
fn a_lost_position_is_valued_as_lost() {
    // 8 counters: every take leaves the opponent a winning reply.
    let report = player("ismcts:iterations=3000", 0).search(&blind(8, 0));
    for stats in &report.actions {
        assert!(stats.mean < 0.5, "{report:?}");
    }
    let report = player("ismcts:iterations=3000", 0).search(&blind(7, 0));
    assert!(report.actions[2].mean > 0.7, "{report:?}");
}

#[test]
fn beats_the_random_player() {
    let games = 50;
    let mut wins = 0;
    for seed in 0..games {
        let seat = (seed % 2) as usize;
        let mut players: Vec<Box<dyn Player<Toy>>> = vec![
            player_from_spec("random", seed).unwrap(),
            player_from_spec("random", seed).unwrap(),
        ];
        players[seat] = player_from_spec("ismcts:iterations=100", seed).unwrap();
        let mut game = toy(15, 100, seed);
        play_game(&mut game, &mut players, 1_000).unwrap();
        if game.outcome().unwrap().winners().contains(&seat) {
            wins += 1;
        }
    }
    assert!(
        wins >= 45,
        "ISMCTS won only {wins} of {games} against random"
    );
}

/// Two toy games that seat 0 cannot tell apart, but whose seat 1 secrets differ: a
/// pile too large to finish, so the turn limit (and the secrets) decide the game.
fn twins() -> (Toy, Toy) {
    let game = |seed| toy(40, 3, seed);
    for a in 0..100 {
        for b in a + 1..100 {
            let (x, y) = (game(a), game(b));
            if x.view(0) == y.view(0) && x.view(1) != y.view(1) {
                return (x, y);
            }
        }
    }
    panic!("no two seeds give seat 0 the same secret");
}

#[test]
fn never_peeks_at_the_other_seats_secret() {
    let (a, b) = twins();
    assert_ne!(a.state_hash(), b.state_hash());
    for spec in ["ismcts:iterations=300", "ismcts:iterations=300,rollout=3"] {
        for seed in 0..4 {
            let ra = player(spec, seed).search(&a);
            let rb = player(spec, seed).search(&b);
            assert_eq!(ra, rb, "{spec}, seed {seed}");
        }
    }
}

#[test]
fn the_searching_seats_own_secret_matters() {
    // The counterpart of the test above, showing that it could fail: the secret
    // decides these games, so seat 0 values them differently when its own differs.
    let game = |seed| toy(40, 3, seed);
    let mut secrets = std::collections::BTreeMap::new();
    for seed in 0..50 {
        let g = game(seed);
        secrets.insert(g.view(0).secrets[0].unwrap(), g);
    }
    let low = secrets.values().next().unwrap();
    let high = secrets.values().next_back().unwrap();
    let mean = |g: &Toy| {
        let r = player("ismcts:iterations=300", 0).search(g);
        r.actions.iter().map(|s| s.mean).sum::<f64>() / r.actions.len() as f64
    };
    assert!(
        mean(low) + 0.5 < mean(high),
        "{} vs {}",
        mean(low),
        mean(high)
    );
}

#[test]
fn the_same_seed_gives_the_same_search() {
    let game = toy(40, 3, 3);
    for threads in [1, 2] {
        let spec = format!("ismcts:iterations=400,threads={threads}");
        for seed in 0..3 {
            let a = player(&spec, seed).search(&game);
            let b = player(&spec, seed).search(&game);
            assert_eq!(a, b, "{spec}, seed {seed}");
            // Alone, the search may stop once its choice is made (below).
            assert!(a.iterations <= 400);
            if threads > 1 {
                assert_eq!(a.iterations, 400);
            }
            assert_eq!(root_visits(&a), a.iterations);
            assert!(game.legal_actions().contains(&a.action));
        }
    }
    let reports: Vec<_> = (0..5)
        .map(|seed| player("ismcts:iterations=400", seed).search(&game))
        .collect();
    assert!(
        reports.iter().any(|r| r != &reports[0]),
        "the seed changed nothing"
    );
}

/// A lone search stops once its most visited move can no longer be overtaken: the same
/// choice the whole budget would make, sooner.
#[test]
fn a_lone_search_stops_when_its_choice_is_made() {
    let budget = 3000u64;
    let mut stopped_early = 0;
    for pile in [5, 6, 7, 9, 10, 13] {
        for seed in 0..3 {
            let report =
                player(&format!("ismcts:iterations={budget}"), seed).search(&toy(pile, 100, 1));
            assert_eq!(root_visits(&report), report.iterations);
            assert!(report.iterations <= budget);
            let mut visits: Vec<u64> = report.actions.iter().map(|a| a.visits).collect();
            visits.sort_unstable_by(|a, b| b.cmp(a));
            let (first, second) = (visits[0], visits.get(1).copied().unwrap_or(0));
            let chosen = report
                .actions
                .iter()
                .find(|a| a.action == report.action)
                .unwrap();
            assert_eq!(chosen.visits, first, "pile {pile}, seed {seed}: {report:?}");
            if report.iterations < budget {
                // Stopped: the iterations left could not have changed the choice.
                assert!(first > second + (budget - report.iterations), "{report:?}");
                stopped_early += 1;
            }
        }
    }
    assert!(stopped_early > 0, "no search stopped early");
}

#[test]
fn successive_decisions_search_differently() {
    let game = toy(40, 3, 3);
    let mut p = player("ismcts:iterations=400", 7);
    let first = p.search(&game);
    let second = p.search(&game);
    assert_ne!(first, second);
    // ... yet a new player with the same seed replays both.
    let mut again = player("ismcts:iterations=400", 7);
    assert_eq!(again.search(&game), first);
    assert_eq!(again.search(&game), second);
}

#[test]
fn threads_share_the_iterations() {
    let game = blind(9, 0);
    for (spec, iterations) in [
        ("ismcts:iterations=301,threads=2", 301),
        ("ismcts:iterations=1,threads=4", 1),
        ("ismcts:iterations=5,threads=8", 5),
    ] {
        let report = player(spec, 0).search(&game);
        assert_eq!(report.iterations, iterations, "{spec}");
        assert_eq!(root_visits(&report), iterations, "{spec}");
        assert!(game.legal_actions().contains(&report.action), "{spec}");
    }
    // More threads, same budget: still strong enough to see the winning move.
    let report = player("ismcts:iterations=2000,threads=2", 0).search(&game);
    assert_eq!(report.action, ToyAction::Take(1), "{report:?}");
}

#[test]
fn a_time_budget_runs_and_answers() {
    let game = toy(15, 100, 0);
    for spec in ["ismcts:ms=20", "ismcts:ms=20,threads=2"] {
        let start = std::time::Instant::now();
        let report = player(spec, 0).search(&game);
        assert!(report.iterations >= 1, "{spec}");
        assert_eq!(root_visits(&report), report.iterations, "{spec}");
        assert!(game.legal_actions().contains(&report.action), "{spec}");
        assert!(
            start.elapsed() < std::time::Duration::from_secs(5),
            "{spec}"
        );
    }
}

#[test]
fn forced_decisions_are_not_searched() {
    let game = toy(1, 100, 0);
    let report = player("ismcts", 0).search(&game);
    assert_eq!(report.action, ToyAction::Take(1));
    assert_eq!(report.iterations, 0);
}

#[test]
fn plays_whole_games_on_both_seats() {
    for seed in 0..3 {
        let mut players: Vec<Box<dyn Player<Toy>>> = vec![
            player_from_spec("ismcts:iterations=50", seed).unwrap(),
            player_from_spec("ismcts:iterations=50,threads=2,rollout=5", seed + 1).unwrap(),
        ];
        let mut game = toy(15, 100, seed);
        play_game(&mut game, &mut players, 1_000).unwrap();
        // Perfect play from 15 counters: the first seat wins.
        assert_eq!(game.outcome(), Some(Outcome::Win(vec![0])), "seed {seed}");
    }
}
