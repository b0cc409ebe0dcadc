//! Tune the constants of the computer heroes' judgement (`crossover_mc::Weights`) by
//! playing greedy games: every Core hero's pre-built deck solo against each villain
//! (Standard), the same seeds for every candidate, so that two candidates are compared
//! on the same deals.
//!
//! A game scores 1 for a win and otherwise half the share of the villain's hit points
//! (over its stages) the hero took, so that progress shows before wins do.
//!
//! `cargo run --release -p crossover-mc --example tune -- eval GAMES [W1 ... W26]`
//! scores the default weights (or the given ones, in the order of `Weights::NAMES`);
//! `... -- search ROUNDS GAMES SEED` runs a (1+1) evolution strategy from the defaults
//! and prints every improvement.
use crossover_ai::{GreedyPlayer, Player};
use crossover_kernel::{Game, Outcome};
use crossover_mc::{with_weights, DeckList, Mc, McSetup, Weights};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

const HEROES: [&str; 5] = [
    "spider-man",
    "captain-marvel",
    "she-hulk",
    "iron-man",
    "black-panther",
];

/// One greedy game's score (see the module comment) and whether it was won.
fn play(weights: Weights, hero: &str, villain: &str, seed: u64) -> (f64, bool) {
    let modular = crossover_mc::setup::VILLAINS
        .iter()
        .find(|v| v.0 == villain)
        .expect("a Core villain")
        .1;
    let setup = McSetup {
        decks: vec![DeckList::prebuilt(hero).expect("a pre-built deck")],
        villain: villain.to_string(),
        modular: modular.to_string(),
        expert: false,
    };
    with_weights(weights, || {
        let mut game = Mc::new_game(&setup, seed).expect("a Core setup");
        game.set_logging(false);
        let start = game.state.villain_hit_points_left().max(1.0);
        let mut player = GreedyPlayer::new(seed);
        for _ in 0..100_000 {
            if game.outcome().is_some() {
                break;
            }
            let a = player.choose(&game);
            game.apply_offered(&a);
        }
        match game.outcome() {
            Some(Outcome::Win(_)) => (1.0, true),
            _ => (
                0.5 * (1.0 - game.state.villain_hit_points_left() / start),
                false,
            ),
        }
    })
}

/// The mean score and the wins per villain over `games` games of every hero against
/// every villain, on two threads.
fn evaluate(weights: Weights, games: u64, base_seed: u64) -> (f64, [u32; 3]) {
    // TUNE_VILLAINS="klaw,ultron" tunes against those only.
    let only = std::env::var("TUNE_VILLAINS").unwrap_or_default();
    let jobs: Vec<(usize, &str, u64)> = ["rhino", "klaw", "ultron"]
        .iter()
        .enumerate()
        .filter(|(_, v)| only.is_empty() || only.split(',').any(|o| o == **v))
        .flat_map(|(v, _)| {
            HEROES.iter().flat_map(move |&hero| {
                (0..games).map(move |g| (v, hero, base_seed.wrapping_mul(1_000_003) + g))
            })
        })
        .collect();
    let villains = ["rhino", "klaw", "ultron"];
    let half = jobs.len() / 2;
    let (a, b) = jobs.split_at(half);
    let run = |part: &[(usize, &str, u64)]| {
        let mut total = 0.0;
        let mut wins = [0u32; 3];
        for &(v, hero, seed) in part {
            let (score, won) = play(weights, hero, villains[v], seed);
            total += score;
            wins[v] += u32::from(won);
        }
        (total, wins)
    };
    // TUNE_THREADS=1 plays on this thread alone.
    let one = std::env::var("TUNE_THREADS").is_ok_and(|t| t == "1");
    let ((ta, wa), (tb, wb)) = if one {
        (run(a), run(b))
    } else {
        std::thread::scope(|s| {
            let h = s.spawn(|| run(b));
            let first = run(a);
            (first, h.join().expect("the second half"))
        })
    };
    let wins = [wa[0] + wb[0], wa[1] + wb[1], wa[2] + wb[2]];
    ((ta + tb) / jobs.len() as f64, wins)
}

fn show(w: Weights) -> String {
    Weights::NAMES
        .iter()
        .zip(w.to_array())
        .map(|(n, v)| format!("{n}={v:.3}"))
        .collect::<Vec<_>>()
        .join(" ")
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let num = |i: usize, d: u64| args.get(i).and_then(|s| s.parse().ok()).unwrap_or(d);
    match args.first().map(String::as_str) {
        Some("eval") => {
            let games = num(1, 10);
            let mut w = Weights::DEFAULT.to_array();
            for (i, v) in args.iter().skip(2).enumerate().take(w.len()) {
                w[i] = v.parse().expect("a number");
            }
            let seed = std::env::var("TUNE_SEED")
                .ok()
                .and_then(|s| s.parse().ok())
                .unwrap_or(1);
            let (score, wins) = evaluate(Weights::from_array(w), games, seed);
            println!(
                "score {score:.4} wins rhino/klaw/ultron {wins:?} of {}",
                games * 5
            );
        }
        Some("search") => {
            let (rounds, games, seed) = (num(1, 50), num(2, 10), num(3, 1));
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let mut best = Weights::DEFAULT;
            let (mut best_score, wins) = evaluate(best, games, seed);
            println!("start {best_score:.4} {wins:?} {}", show(best));
            for round in 0..rounds {
                let mut a = best.to_array();
                // Change two or three weights at a time, multiplicatively (additively
                // for those at zero), and keep the result if it scores better.
                for _ in 0..rng.gen_range(1..=3) {
                    let i = rng.gen_range(0..a.len());
                    let step: f64 = rng.gen_range(-1.0..1.0);
                    a[i] = if a[i].abs() < 1e-9 {
                        (step * 0.5).max(0.0)
                    } else {
                        (a[i] * (0.6 * step).exp()).max(0.0)
                    };
                }
                let candidate = Weights::from_array(a);
                let (score, wins) = evaluate(candidate, games, seed);
                if score > best_score {
                    best = candidate;
                    best_score = score;
                    println!("{round}: {score:.4} {wins:?} {}", show(best));
                } else {
                    println!("{round}: {score:.4} (kept {best_score:.4})");
                }
            }
            println!("best {best_score:.4} {}", show(best));
        }
        _ => {
            eprintln!("usage: tune eval GAMES [W1 ... W26] | tune search ROUNDS GAMES SEED");
            std::process::exit(2);
        }
    }
}
