//! Why the computer heroes lose: plays games with one player spec, one thread, and
//! prints per hero and villain the wins, the losses by the hero's defeat and by the
//! scheme, the mean round a game ends in, and the minions engaged at the end.
//! `cargo run --release -p crossover-mc --example stats -- SPEC GAMES SEED [HERO|all] [VILLAIN|all]`
//! Weights may be overridden with `MC_WEIGHTS="name=value,..."`.
use crossover_ai::player_from_spec;
use crossover_kernel::{Game, Outcome};
use crossover_mc::{with_weights, DeckList, Mc, McSetup, Weights};

fn weights() -> Weights {
    let mut a = Weights::DEFAULT.to_array();
    if let Ok(spec) = std::env::var("MC_WEIGHTS") {
        for kv in spec.split(',').filter(|s| !s.is_empty()) {
            let (k, v) = kv.split_once('=').expect("name=value");
            let i = Weights::NAMES
                .iter()
                .position(|n| *n == k)
                .unwrap_or_else(|| panic!("unknown weight {k}"));
            a[i] = v.parse().expect("a number");
        }
    }
    Weights::from_array(a)
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let spec = args.first().map_or("greedy", String::as_str).to_string();
    let games: u64 = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(20);
    let seed: u64 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(1);
    let hero = args.get(3).map_or("all", String::as_str);
    let villain = args.get(4).map_or("all", String::as_str);
    let heroes: Vec<&str> = if hero == "all" {
        crossover_mc::decks::PREBUILT
            .iter()
            .map(|d| d.name)
            .collect()
    } else {
        vec![hero]
    };
    let villains: Vec<&str> = if villain == "all" {
        vec!["rhino", "klaw", "ultron"]
    } else {
        vec![villain]
    };
    let w = weights();
    let mut total_wins = 0;
    let (mut total_progress, mut total_games) = (0.0, 0);
    for &v in &villains {
        let modular = crossover_mc::setup::VILLAINS
            .iter()
            .find(|x| x.0 == v)
            .expect("a Core villain")
            .1;
        for &h in &heroes {
            let setup = McSetup {
                decks: vec![DeckList::prebuilt(h).expect("a pre-built deck")],
                villain: v.to_string(),
                modular: modular.to_string(),
                expert: false,
            };
            let (mut wins, mut dead, mut scheme, mut other) = (0, 0, 0, 0);
            let (mut rounds, mut minions, mut stage2, mut progress) = (0.0, 0.0, 0, 0.0);
            for g in 0..games {
                let s = seed.wrapping_mul(1_000_003).wrapping_add(g);
                let mut game = Mc::new_game(&setup, s).expect("a Core setup");
                game.set_logging(false);
                let start = game.state.villain_hit_points_left().max(1.0);
                let mut player = player_from_spec::<Mc>(&spec, s).expect("a player spec");
                with_weights(w, || {
                    for _ in 0..100_000 {
                        if game.outcome().is_some() {
                            break;
                        }
                        let a = player.choose(&game);
                        game.apply_offered(&a);
                    }
                });
                let (round, hp, threat, target, m, stage) = game.state.study();
                rounds += f64::from(round);
                minions += m as f64;
                if stage >= 2 {
                    stage2 += 1;
                }
                progress += match game.outcome() {
                    Some(Outcome::Win(_)) => 1.0,
                    _ => 0.5 * (1.0 - game.state.villain_hit_points_left() / start),
                };
                match game.outcome() {
                    Some(Outcome::Win(_)) => wins += 1,
                    _ if hp <= 0 => dead += 1,
                    _ if threat >= target => scheme += 1,
                    _ => other += 1,
                }
            }
            total_wins += wins;
            total_progress += progress;
            total_games += games;
            let n = games as f64;
            println!(
                "{h:15} {v:7} wins {wins:3}/{games} dead {dead:3} scheme {scheme:3} other {other:3} rounds {:.1} minions {:.1} reached-stage2 {stage2} score {:.3}",
                rounds / n,
                minions / n,
                progress / n
            );
        }
    }
    println!(
        "total wins {total_wins} score {:.4}",
        total_progress / total_games as f64
    );
}
