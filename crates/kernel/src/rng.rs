use rand::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};
use std::hash::{Hash, Hasher};

/// The one source of randomness in a game state: a seeded ChaCha8 stream. Its
/// position is part of the state, so cloning, hashing and serialising a game carry it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameRng(ChaCha8Rng);

impl GameRng {
    pub fn from_seed(seed: u64) -> Self {
        GameRng(ChaCha8Rng::seed_from_u64(seed))
    }

    /// A uniform index below `n` (`n` > 0). Written out here rather than calling `rand`'s
    /// `gen_range`, whose sampling may change in a `rand` release while replays depend on
    /// it. The method is the one `rand` 0.8 used, so games seeded before keep their
    /// streams: multiply a raw 64-bit value by `n`, take the high word, and reject the
    /// low words past the largest multiple of `n` that fits (no bias).
    pub fn below(&mut self, n: usize) -> usize {
        assert!(n > 0, "GameRng::below(0)");
        let range = n as u64;
        let zone = (range << range.leading_zeros()).wrapping_sub(1);
        loop {
            let product = u128::from(self.0.next_u64()) * u128::from(range);
            let (high, low) = ((product >> 64) as u64, product as u64);
            if low <= zone {
                return high as usize;
            }
        }
    }

    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        // Fisher-Yates, written out so the order never depends on a library version.
        for i in (1..items.len()).rev() {
            let j = self.below(i + 1);
            items.swap(i, j);
        }
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0.next_u64()
    }
}

impl Hash for GameRng {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.0.get_seed().hash(state);
        self.0.get_stream().hash(state);
        self.0.get_word_pos().hash(state);
    }
}
