//! Tune the constants of the computer players' judgement (`crossover_ufs::heuristic::
//! Weights`): a greedy player with the weights tried plays every pairing of the four
//! pre-built decks, in both seats, against an opponent (`random`, or greedy with the
//! default weights), on the same seeds for every candidate.
//!
//! `cargo run --release -p crossover-ufs --example tune -- eval GAMES OPPONENT [W1 ... W6]`
//! prints the win rate of the given weights (the defaults if none); `... -- search
//! ROUNDS GAMES OPPONENT SEED [W1 ... W6]` runs a (1+1) evolution strategy from the
//! defaults (or the given weights).
//! OPPONENT is `random` or `greedy`.
use crossover_ai::{GreedyPlayer, Player, RandomPlayer};
use crossover_kernel::Game;
use crossover_ufs::heuristic::{with_weights, Weights};
use crossover_ufs::{DeckList, Ufs, UfsSetup};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

const DECKS: [&str; 4] = ["ryu", "akuma", "siegfried", "sophitia"];

/// A player that judges positions with its own weights.
struct Weighted<P> {
    weights: Weights,
    inner: P,
}

impl<P: Player<Ufs>> Player<Ufs> for Weighted<P> {
    fn name(&self) -> String {
        self.inner.name()
    }
    fn choose(&mut self, game: &Ufs) -> crossover_ufs::Action {
        let inner = &mut self.inner;
        with_weights(self.weights, || inner.choose(game))
    }
}

/// Whether the tried weights (seat `seat`) won one game.
fn play(tried: Weights, opponent: &str, decks: [&str; 2], seat: usize, seed: u64) -> f64 {
    let setup = UfsSetup {
        decks: decks.map(|d| DeckList::prebuilt(d).expect("a pre-built deck")),
        facts_only: false,
    };
    let mut game = Ufs::new_game(&setup, seed).expect("a pre-built setup");
    game.set_logging(false);
    let mut me = Weighted {
        weights: tried,
        inner: GreedyPlayer::new(seed),
    };
    let mut other: Box<dyn Player<Ufs>> = match opponent {
        "random" => Box::new(RandomPlayer::new(seed + 1)),
        _ => Box::new(Weighted {
            weights: Weights::DEFAULT,
            inner: GreedyPlayer::new(seed + 1),
        }),
    };
    for _ in 0..100_000 {
        let Some(to_move) = game.to_move() else { break };
        let a = if to_move == seat {
            me.choose(&game)
        } else {
            other.choose(&game)
        };
        game.apply_offered(&a);
    }
    match game.outcome() {
        Some(o) => o.reward(seat),
        None => 0.5,
    }
}

/// The tried weights' mean result over `games` games of each pairing and seat.
fn evaluate(tried: Weights, games: u64, opponent: &str, base: u64) -> f64 {
    let mut jobs = Vec::new();
    for (i, a) in DECKS.iter().enumerate() {
        for b in &DECKS[i + 1..] {
            for seat in 0..2 {
                for g in 0..games {
                    jobs.push(([*a, *b], seat, base.wrapping_mul(1_000_003) + g));
                }
            }
        }
    }
    let (first, second) = jobs.split_at(jobs.len() / 2);
    let run = |part: &[([&str; 2], usize, u64)]| {
        part.iter()
            .map(|&(decks, seat, seed)| play(tried, opponent, decks, seat, seed))
            .sum::<f64>()
    };
    let total = std::thread::scope(|s| {
        let h = s.spawn(|| run(second));
        run(first) + h.join().expect("the second half")
    });
    total / jobs.len() as f64
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
    let opponent = args.get(2).map_or("random", String::as_str).to_string();
    match args.first().map(String::as_str) {
        Some("eval") => {
            let mut w = Weights::DEFAULT.to_array();
            for (i, v) in args.iter().skip(3).enumerate().take(w.len()) {
                w[i] = v.parse().expect("a number");
            }
            let w = Weights::from_array(w);
            println!("{:.4} {}", evaluate(w, num(1, 20), &opponent, 1), show(w));
        }
        Some("search") => {
            let (rounds, games, seed) = (num(1, 50), num(2, 20), num(4, 1));
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let mut start = Weights::DEFAULT.to_array();
            for (i, v) in args.iter().skip(5).enumerate().take(start.len()) {
                start[i] = v.parse().expect("a number");
            }
            let mut best = Weights::from_array(start);
            let mut best_score = evaluate(best, games, &opponent, seed);
            println!("start {best_score:.4} {}", show(best));
            for round in 0..rounds {
                let mut a = best.to_array();
                for _ in 0..rng.gen_range(1..=2) {
                    let i = rng.gen_range(0..a.len());
                    let step: f64 = rng.gen_range(-1.0..1.0);
                    a[i] = if a[i].abs() < 1e-9 {
                        step.max(0.0)
                    } else {
                        (a[i] * (0.7 * step).exp()).max(0.0)
                    };
                }
                let candidate = Weights::from_array(a);
                let score = evaluate(candidate, games, &opponent, seed);
                if score > best_score {
                    best = candidate;
                    best_score = score;
                    println!("{round}: {score:.4} {}", show(best));
                }
            }
            println!("best {best_score:.4} {}", show(best));
        }
        _ => {
            eprintln!("usage: tune eval GAMES OPPONENT [W...] | tune search ROUNDS GAMES OPPONENT SEED [W...]");
            std::process::exit(2);
        }
    }
}
