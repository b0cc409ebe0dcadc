//! Seeds: deriving many independent ones from one, and a default from the clock.

use std::time::{SystemTime, UNIX_EPOCH};

/// The `index`-th seed derived from `seed` (SplitMix64). Simulation results depend on
/// this function, so changing it changes every recorded result for a given `--seed`.
pub fn derive(seed: u64, index: u64) -> u64 {
    let mut z = seed.wrapping_add(index.wrapping_add(1).wrapping_mul(0x9E37_79B9_7F4A_7C15));
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// A seed for when none was given; printed by the caller so the game can be repeated.
pub fn from_clock() -> u64 {
    let nanos = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos());
    // Keep seeds short enough to type back in.
    derive(nanos as u64, 0) % 1_000_000_000
}

/// Seconds since the Unix epoch (0 if the clock is before it).
pub fn unix_time() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn derived_seeds_are_stable_and_distinct() {
        // Pinned: simulation results for a given --seed must not change by accident.
        assert_eq!(derive(0, 0), 0xE220_A839_7B1D_CDAF);
        let seeds: std::collections::HashSet<u64> = (0..1000).map(|i| derive(1, i)).collect();
        assert_eq!(seeds.len(), 1000);
        assert_ne!(derive(1, 0), derive(2, 0));
    }
}
