//! The computer players and the game driver, exercised on the kernel's toy game.

use crossover_ai::{play_game, player_from_spec, GreedyPlayer, Player, RandomPlayer};
use crossover_kernel::{Game, Outcome};
use crossover_toy::{Toy, ToyAction, ToySetup};

const MAX_ACTIONS: usize = 1_000;

fn players(specs: &[&str], seed: u64) -> Vec<Box<dyn Player<Toy>>> {
    specs
        .iter()
        .enumerate()
        .map(|(i, spec)| player_from_spec(spec, seed * 31 + i as u64).unwrap())
        .collect()
}

/// Play one game; returns the final state and the actions.
fn play(specs: &[&str], seed: u64) -> (Toy, Vec<ToyAction>) {
    let mut game = Toy::new_game(&ToySetup::default(), seed).unwrap();
    let actions = play_game(&mut game, &mut players(specs, seed), MAX_ACTIONS).unwrap();
    (game, actions)
}

#[test]
fn random_players_always_finish() {
    for seed in 0..200 {
        let (game, actions) = play(&["random", "random"], seed);
        assert!(game.outcome().is_some(), "seed {seed} did not finish");
        assert!(!actions.is_empty());
    }
}

#[test]
fn greedy_beats_random() {
    let games = 200;
    let mut greedy_wins = 0;
    for seed in 0..games {
        // Alternate who moves first: the first mover has the advantage in Nim.
        let greedy_seat = (seed % 2) as usize;
        let specs = if greedy_seat == 0 {
            ["greedy", "random"]
        } else {
            ["random", "greedy"]
        };
        let (game, _) = play(&specs, seed);
        if game.outcome().unwrap().winners().contains(&greedy_seat) {
            greedy_wins += 1;
        }
    }
    assert!(
        greedy_wins * 100 >= games * 60,
        "greedy won only {greedy_wins} of {games}"
    );
}

#[test]
fn same_seeds_give_the_same_games() {
    for specs in [["random", "random"], ["greedy:epsilon=0.3", "random"]] {
        for seed in 0..20 {
            let (a, actions_a) = play(&specs, seed);
            let (b, actions_b) = play(&specs, seed);
            assert_eq!(actions_a, actions_b);
            assert_eq!(a.state_hash(), b.state_hash());
        }
    }
    let differ =
        (1..20).any(|seed| play(&["random", "random"], seed).1 != play(&["random", "random"], 0).1);
    assert!(differ, "the seed changed nothing");
}

#[test]
fn greedy_takes_the_winning_move() {
    // 15 counters: taking 3 leaves a multiple of 4, a lost position for the opponent.
    let game = Toy::new_game(&ToySetup::default(), 0).unwrap();
    for seed in 0..10 {
        assert_eq!(GreedyPlayer::new(seed).choose(&game), ToyAction::Take(3));
    }
    // 2 counters: taking both wins at once.
    let game = Toy::new_game(
        &ToySetup {
            pile: 2,
            max_turns: 10,
        },
        0,
    )
    .unwrap();
    assert_eq!(GreedyPlayer::new(0).choose(&game), ToyAction::Take(2));
}

#[test]
fn players_return_legal_actions() {
    let mut game = Toy::new_game(&ToySetup::default(), 3).unwrap();
    let mut random = RandomPlayer::new(1);
    let mut greedy = GreedyPlayer::new(1).with_epsilon(0.5);
    while game.decision().is_some() {
        let legal = game.legal_actions();
        let a = Player::<Toy>::choose(&mut random, &game);
        assert!(legal.contains(&a));
        let b = Player::<Toy>::choose(&mut greedy, &game);
        assert!(legal.contains(&b));
        game.apply(&b).unwrap();
    }
}

/// Always answers with an action the toy game never allows.
struct Cheater;

impl Player<Toy> for Cheater {
    fn name(&self) -> String {
        "cheater".into()
    }
    fn choose(&mut self, _: &Toy) -> ToyAction {
        ToyAction::Take(99)
    }
}

#[test]
fn illegal_actions_are_reported() {
    let mut game = Toy::new_game(&ToySetup::default(), 0).unwrap();
    let mut players: Vec<Box<dyn Player<Toy>>> =
        vec![Box::new(RandomPlayer::new(0)), Box::new(Cheater)];
    let err = play_game(&mut game, &mut players, MAX_ACTIONS).unwrap_err();
    assert!(err.contains("seat 1 (cheater)"), "{err}");
    assert!(err.contains("Take(99)"), "{err}");
}

#[test]
fn the_action_cap_is_reported() {
    let mut game = Toy::new_game(&ToySetup::default(), 0).unwrap();
    let err = play_game(&mut game, &mut players(&["random", "random"], 0), 2).unwrap_err();
    assert!(err.contains("within 2 actions"), "{err}");
}

#[test]
fn the_player_count_must_match_the_seats() {
    let mut game = Toy::new_game(&ToySetup::default(), 0).unwrap();
    assert!(play_game(&mut game, &mut players(&["random"], 0), MAX_ACTIONS).is_err());
}

#[test]
fn finished_games_count_as_wins_and_ties() {
    // A turn limit of 1 with a big pile: the secrets decide, so both outcomes occur.
    let setup = ToySetup {
        pile: 50,
        max_turns: 1,
    };
    let mut seen_win = false;
    let mut seen_tie = false;
    for seed in 0..100 {
        let mut game = Toy::new_game(&setup, seed).unwrap();
        play_game(
            &mut game,
            &mut players(&["greedy", "greedy"], seed),
            MAX_ACTIONS,
        )
        .unwrap();
        match game.outcome().unwrap() {
            Outcome::Win(_) => seen_win = true,
            Outcome::Tie(_) => seen_tie = true,
            Outcome::AllLose => panic!("the toy game has no co-operative loss"),
        }
    }
    assert!(seen_win && seen_tie);
}
