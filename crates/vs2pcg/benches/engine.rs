//! `cargo bench -p crossover-vs2pcg`: the engine's speed on one thread, on the same
//! workloads as `crossover bench vs2pcg` (docs/PERFORMANCE.md has the targets).

use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use crossover_ai::{Budget, IsmctsConfig, IsmctsPlayer};
use crossover_kernel::Game;
use crossover_vs2pcg::bench::{mid_game_states, prebuilt_pairings, random_game};

fn random_games(c: &mut Criterion) {
    let setups = prebuilt_pairings();
    let mut group = c.benchmark_group("random_game");
    group.throughput(Throughput::Elements(1));
    let mut seed = 0u64;
    group.bench_function("prebuilt_mnb_decks", |b| {
        b.iter(|| {
            seed += 1;
            black_box(random_game(&setups[seed as usize % setups.len()], seed))
        })
    });
    group.finish();
}

fn mid_game(c: &mut Criterion) {
    let states = mid_game_states();
    let mut i = 0usize;
    c.bench_function("state_clone/mid_game", |b| {
        b.iter(|| {
            i += 1;
            black_box(black_box(&states[i % states.len()]).clone())
        })
    });
    c.bench_function("legal_actions/mid_game", |b| {
        b.iter(|| {
            i += 1;
            black_box(black_box(&states[i % states.len()]).legal_actions())
        })
    });
    let searched: Vec<_> = states
        .iter()
        .filter(|g| g.legal_actions().len() > 1)
        .collect();
    const ITERATIONS: u32 = 200;
    let mut group = c.benchmark_group("ismcts");
    group.throughput(Throughput::Elements(u64::from(ITERATIONS)));
    group.bench_function("iterations/mid_game", |b| {
        b.iter(|| {
            i += 1;
            let config = IsmctsConfig {
                budget: Budget::Iterations(ITERATIONS),
                ..IsmctsConfig::default()
            };
            let mut player = IsmctsPlayer::with_config(i as u64, config).expect("valid");
            black_box(player.search(searched[i % searched.len()]))
        })
    });
    group.finish();
}

criterion_group!(benches, random_games, mid_game);
criterion_main!(benches);
