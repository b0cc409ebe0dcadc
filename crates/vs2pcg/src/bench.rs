//! Workloads for measuring the engine's speed, shared by `cargo bench` and
//! `crossover bench vs2pcg` so both measure the same thing (docs/PERFORMANCE.md).

use crate::game::Setup;
use crate::state::GameState;
use crossover_kernel::{Game, GameRng};

/// Two-player setups of every ordered pairing of two different prebuilt MNB decks.
pub fn prebuilt_pairings() -> Vec<Setup> {
    let db = crate::catalogue::embedded();
    let decks = crate::decks::all();
    let mut setups = Vec::new();
    for a in &decks {
        for b in &decks {
            if a.name != b.name {
                setups.push(Setup {
                    variant: Default::default(),
                    players: vec![a.to_setup(&db, &a.name), b.to_setup(&db, &b.name)],
                    cards: Default::default(),
                });
            }
        }
    }
    setups
}

/// A new game with the event log off, as simulations and search play it.
pub fn quiet_game(setup: &Setup, seed: u64) -> GameState {
    let mut g = GameState::new_game(setup, seed).expect("prebuilt setups are legal");
    g.set_logging(false);
    g
}

/// Plays one game to its end through the [`Game`] interface, every seat choosing
/// uniformly among the legal actions. Returns the number of actions taken.
pub fn random_game(setup: &Setup, seed: u64) -> usize {
    let mut g = quiet_game(setup, seed);
    let mut rng = GameRng::from_seed(seed ^ 0x9e37_79b9_7f4a_7c15);
    let mut actions = 0;
    loop {
        let options = g.legal_actions();
        if options.is_empty() {
            return actions;
        }
        g.apply_offered(&options[rng.below(options.len())]);
        actions += 1;
    }
}

/// A state from the middle of a random game (its main phase around turn 8), for
/// measuring clones and legal-action generation on a typical board.
pub fn mid_game_state(setup: &Setup, seed: u64) -> GameState {
    let mut g = quiet_game(setup, seed);
    let mut rng = GameRng::from_seed(seed);
    let mut last_main = g.clone();
    while g.turn < 8 {
        let options = g.legal_actions();
        if options.is_empty() {
            break;
        }
        if g.phase == crate::state::Phase::Main && g.combat.is_none() {
            last_main = g.clone();
        }
        let pick = &options[rng.below(options.len())];
        g.apply(pick).expect("a legal action applies");
    }
    last_main
}

/// The mid-game states both benchmarks measure: the main phase of turn 8 of 16 random
/// games over different deck pairings.
pub fn mid_game_states() -> Vec<GameState> {
    let setups = prebuilt_pairings();
    (0..16u64)
        .map(|i| mid_game_state(&setups[(i as usize * 37) % setups.len()], i))
        .collect()
}
