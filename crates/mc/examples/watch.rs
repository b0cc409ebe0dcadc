//! Watch one game played by a computer player: each real decision with its options
//! and the choice, between the log lines seat 0 sees. For studying the AI:
//! `cargo run --release -p crossover-mc --example watch -- SPEC HERO VILLAIN SEED`
//! (defaults: greedy spider-man rhino 1).
use crossover_ai::player_from_spec;
use crossover_kernel::{Game, Presentation};
use crossover_mc::{DeckList, Mc, McSetup};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let arg = |i: usize, default: &'static str| args.get(i).map_or(default, String::as_str);
    let (spec, hero, villain) = (arg(1, "greedy"), arg(2, "spider-man"), arg(3, "rhino"));
    let seed: u64 = arg(4, "1").parse().unwrap_or(1);
    let Some(modular) = crossover_mc::setup::VILLAINS
        .iter()
        .find(|v| v.0 == villain)
    else {
        eprintln!("unknown villain {villain}: rhino, klaw or ultron");
        std::process::exit(2);
    };
    let Some(deck) = DeckList::prebuilt(hero) else {
        eprintln!("unknown prebuilt hero deck {hero}");
        std::process::exit(2);
    };
    let setup = McSetup {
        decks: vec![deck],
        villain: villain.to_string(),
        modular: modular.1.to_string(),
        expert: false,
    };
    let mut game = Mc::new_game(&setup, seed).unwrap_or_else(|e| {
        eprintln!("{e}");
        std::process::exit(2);
    });
    let mut player = player_from_spec::<Mc>(spec, seed).unwrap_or_else(|e| {
        eprintln!("{e}");
        std::process::exit(2);
    });
    let mut seen = 0;
    loop {
        let log = game.log_for(0);
        for e in &log[seen..] {
            println!("  | {}", e.text);
        }
        seen = log.len();
        if game.outcome().is_some() {
            break;
        }
        let options = game.legal_actions();
        let choice = player.choose(&game);
        if options.len() > 1 && std::env::var("WATCH_SCORES").is_ok() {
            // Each option's score as the greedy player sees it (the mean over 8
            // determinizations, its own follow-up played with the first options).
            let mut parts = Vec::new();
            for o in &options {
                let mut total = 0.0;
                for k in 0..8 {
                    let mut g = game.determinize(0, k);
                    g.set_logging(false);
                    g.apply_offered(o);
                    for _ in 0..20 {
                        if g.to_move() != Some(0) || g.quiet() == Some(true) {
                            break;
                        }
                        let first = g.legal_actions()[0];
                        g.apply_offered(&first);
                    }
                    let explain = k == 0 && std::env::var("WATCH_EXPLAIN").is_ok();
                    if explain {
                        eprintln!("  {}:", game.describe_action(0, o));
                    }
                    total += match g.outcome() {
                        Some(out) => out.reward(0),
                        None if explain => crossover_mc::explained(|| g.heuristic(0)),
                        None => g.heuristic(0),
                    };
                }
                parts.push(format!("{:.4}", total / 8.0));
            }
            println!("  scores: {}", parts.join(" / "));
        }
        if options.len() > 1 {
            let names: Vec<String> = options.iter().map(|o| game.describe_action(0, o)).collect();
            let chosen = game.describe_action(0, &choice);
            println!("? [{}] -> {chosen}", names.join(" / "));
        }
        game.apply_offered(&choice);
    }
    println!("{:?}", game.outcome());
}
