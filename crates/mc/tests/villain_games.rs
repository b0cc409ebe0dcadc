//! Many random games against each Core Set villain (Standard and Expert) end without
//! panics: the villain sets' mechanisms (searches, drones, choices to pay) always let
//! the game go on.

use crossover_kernel::{Game, GameRng};
use crossover_mc::{DeckList, Mc, McSetup};

fn play(villain: &str, modular: &str, expert: bool, players: usize, seed: u64) {
    crossover_mc::ALLOW_INCOMPLETE.with(|a| a.set(true));
    let s = McSetup {
        decks: ["spider-man", "iron-man", "she-hulk"][..players]
            .iter()
            .map(|h| DeckList::prebuilt(h).unwrap())
            .collect(),
        villain: villain.into(),
        modular: modular.into(),
        expert,
    };
    let mut g = Mc::new_game(&s, seed).expect("setup");
    let mut rng = GameRng::from_seed(seed ^ 0x51);
    let mut steps = 0;
    while g.outcome().is_none() {
        let actions = g.legal_actions();
        assert!(!actions.is_empty(), "a pending decision without options");
        let a = actions[rng.below(actions.len())];
        g.apply(&a).expect("an offered action is legal");
        steps += 1;
        assert!(steps < 200_000, "the game does not end (seed {seed})");
    }
    if std::env::var("MC_PRINT").is_ok() {
        println!(
            "{villain} {expert} {players} {seed}: {steps} steps, round {}, {:?}",
            g.state.round(),
            g.outcome()
        );
    }
}

#[test]
fn random_games_against_each_villain_end() {
    for seed in 0..150 {
        for (v, m) in [
            ("rhino", "bomb_scare"),
            ("klaw", "masters_of_evil"),
            ("ultron", "under_attack"),
        ] {
            play(v, m, seed % 2 == 1, 1 + (seed as usize % 3), 1000 + seed);
        }
    }
}
