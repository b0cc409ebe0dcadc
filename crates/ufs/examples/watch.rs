//! Plays one game between two pre-built decks and prints seat 0's log and the choices
//! made: `watch DECK DECK SEED [SPEC0 SPEC1]` (computer player specs, `random` by
//! default), for studying the computer players.
use crossover_ai::player_from_spec;
use crossover_kernel::{Game, Presentation};
use crossover_ufs::{DeckList, Ufs, UfsSetup};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.len() < 4 {
        eprintln!("usage: watch DECK DECK SEED [SPEC0 SPEC1]");
        std::process::exit(2);
    }
    let setup = UfsSetup {
        decks: [
            DeckList::prebuilt(&args[1]).expect("a pre-built deck"),
            DeckList::prebuilt(&args[2]).expect("a pre-built deck"),
        ],
        facts_only: false,
    };
    let seed: u64 = args[3].parse().expect("a seed");
    let spec = |i: usize| args.get(i).map_or("random", String::as_str);
    let mut players = [4, 5].map(|i| {
        player_from_spec::<Ufs>(spec(i), seed + i as u64).unwrap_or_else(|e| {
            eprintln!("{e}");
            std::process::exit(2);
        })
    });
    let mut g = Ufs::new_game(&setup, seed).unwrap();
    let mut printed = 0;
    while g.outcome().is_none() {
        let options = g.legal_actions();
        let seat = g.to_move().unwrap();
        let a = players[seat].choose(&g);
        let pick = g.describe_action(seat, &a);
        g.apply(&a).unwrap();
        let log = g.log_for(0);
        for e in &log[printed..] {
            println!("  | {}", e.text);
        }
        printed = log.len();
        if options.len() > 1 {
            let names: Vec<String> = options.iter().map(|o| g.describe_action(seat, o)).collect();
            println!("seat {seat}: {pick}   [of {}]", names.join(" / "));
        } else {
            println!("seat {seat}: {pick}");
        }
    }
    for e in &g.log_for(0)[printed..] {
        println!("  | {}", e.text);
    }
}
