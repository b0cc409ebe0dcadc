//! Plays one random game between two pre-built decks and prints seat 0's log and the
//! choices made: `watch DECK DECK SEED`.
use crossover_kernel::{Game, GameRng, Presentation};
use crossover_ufs::{DeckList, Ufs, UfsSetup};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let setup = UfsSetup {
        decks: [
            DeckList::prebuilt(&args[1]).expect("a pre-built deck"),
            DeckList::prebuilt(&args[2]).expect("a pre-built deck"),
        ],
        facts_only: true,
    };
    let seed: u64 = args[3].parse().expect("a seed");
    let mut g = Ufs::new_game(&setup, seed).unwrap();
    let mut rng = GameRng::from_seed(seed);
    let mut printed = 0;
    while g.outcome().is_none() {
        let options = g.legal_actions();
        let a = options[rng.below(options.len())].clone();
        let seat = g.to_move().unwrap();
        let names: Vec<String> = options.iter().map(|o| g.describe_action(seat, o)).collect();
        let pick = g.describe_action(seat, &a);
        g.apply(&a).unwrap();
        let log = g.log_for(0);
        for e in &log[printed..] {
            println!("  | {}", e.text);
        }
        printed = log.len();
        let _ = names;
        println!("seat {seat}: {pick}");
    }
    for e in &g.log_for(0)[printed..] {
        println!("  | {}", e.text);
    }
}
