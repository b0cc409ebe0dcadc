//! Saved replays store state hashes and depend on the random stream: `stable_hash` and
//! `GameRng` must give these exact values in every build. If this test fails after a
//! dependency or toolchain upgrade, the upgrade changed them: every saved replay would
//! stop verifying, so the change must be undone, not the vectors.

use crossover_kernel::{stable_hash, GameRng};

#[test]
fn stable_hash_gives_the_pinned_values() {
    let got = [
        stable_hash(&0u64),
        stable_hash("crossover"),
        stable_hash(&(7u8, vec![1u32, 2, 3], "two-player".to_string())),
        stable_hash(&[i32::MIN, -1, 0, 1, i32::MAX][..]),
    ];
    assert_eq!(got, PINNED_HASHES);
}

#[test]
fn game_rng_gives_the_pinned_stream_and_indices() {
    let mut rng = GameRng::from_seed(42);
    let raw: Vec<u64> = (0..3).map(|_| rng.next_u64()).collect();
    let below: Vec<usize> = [1usize, 2, 6, 7, 60, 1000, usize::MAX]
        .iter()
        .map(|&n| rng.below(n))
        .collect();
    let mut deck: Vec<u8> = (0..10).collect();
    rng.shuffle(&mut deck);
    assert_eq!(raw, PINNED_RAW);
    assert_eq!(below, PINNED_BELOW);
    assert_eq!(deck, PINNED_SHUFFLE);
}

#[test]
fn below_is_always_in_range() {
    let mut rng = GameRng::from_seed(7);
    for n in 1..200usize {
        for _ in 0..50 {
            assert!(rng.below(n) < n);
        }
    }
}

const PINNED_HASHES: [u64; 4] = [
    13646096770106105413,
    11876708686183884725,
    12522937481110840361,
    10889013248651955608,
];
const PINNED_RAW: [u64; 3] = [
    12578764544318200737,
    17529487244874322312,
    7886285670807131020,
];
const PINNED_BELOW: [usize; 7] = [0, 0, 4, 1, 30, 901, 17653354571726536748];
const PINNED_SHUFFLE: [u8; 10] = [2, 4, 6, 8, 9, 0, 3, 1, 5, 7];

#[test]
fn below_draws_what_rand_0_8_drew() {
    // Games seeded before `below` was written out keep their streams.
    use rand::{Rng, SeedableRng};
    let mut ours = GameRng::from_seed(99);
    let mut theirs = rand_chacha::ChaCha8Rng::seed_from_u64(99);
    for n in [1usize, 2, 3, 6, 7, 60, 61, 1000, 1 << 40, usize::MAX] {
        for _ in 0..20 {
            assert_eq!(ours.below(n), theirs.gen_range(0..n), "n = {n}");
        }
    }
}
