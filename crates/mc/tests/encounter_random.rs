//! Random games with every modular set, 1 to 4 players, Standard and
//! Expert: the encounter and nemesis cards play to the end without a panic or a stuck
//! decision.

use crossover_kernel::{Game, GameRng};
use crossover_mc::{DeckList, Mc, McSetup};

const HEROES: [&str; 5] = [
    "spider-man",
    "captain-marvel",
    "she-hulk",
    "iron-man",
    "black-panther",
];

fn play(heroes: &[&str], villain: &str, modular: &str, expert: bool, seed: u64) -> Mc {
    crossover_mc::ALLOW_INCOMPLETE.with(|a| a.set(true));
    let s = McSetup {
        decks: heroes
            .iter()
            .map(|h| DeckList::prebuilt(h).unwrap())
            .collect(),
        villain: villain.into(),
        modular: modular.into(),
        expert,
    };
    let mut g = Mc::new_game(&s, seed).expect("setup");
    let mut rng = GameRng::from_seed(seed ^ 0xe7c0);
    let mut steps = 0;
    while g.outcome().is_none() {
        let actions = g.legal_actions();
        assert!(!actions.is_empty(), "a pending decision without options");
        let a = actions[rng.below(actions.len())];
        g.apply(&a).expect("an offered action is legal");
        steps += 1;
        assert!(steps < 200_000, "the game does not end");
    }
    g
}

#[test]
fn every_modular_set_plays_with_one_to_four_heroes() {
    let modulars = [
        "bomb_scare",
        "masters_of_evil",
        "under_attack",
        "legions_of_hydra",
        "the_doomsday_chair",
    ];
    let villains = ["rhino", "klaw", "ultron"];
    let mut seed = 500;
    for (i, m) in modulars.iter().enumerate() {
        for n in 1..=4 {
            for expert in [false, true] {
                seed += 1;
                let v = villains[(i + n) % 3];
                let start = (i + n) % 5;
                let heroes: Vec<&str> = (0..n).map(|k| HEROES[(start + k) % 5]).collect();
                let g = play(&heroes, v, m, expert, seed);
                assert!(g.outcome().is_some());
            }
        }
    }
}
