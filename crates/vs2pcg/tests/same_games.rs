//! A pin on 2PCG's behaviour while the engine is reshaped (issue 34, §1: the Vs. core
//! shared with the TCG must not change one 2PCG game).
//!
//! The embedded cards' fingerprint is the stable hash of every compiled definition, so it
//! changes if any card compiles to another ability tree; the games' final state hashes
//! change if any rule plays differently. Both were recorded before the reshaping began
//! (main at d4dd1b3). If a later change is *meant* to change 2PCG, re-record them and say
//! so in the commit; the full-size comparison is `docs/vs-core/compare-2pcg.sh`.
//!
//! Re-recorded for issue 35 §3, three official rulings that change 2PCG on purpose: the
//! Godslayer Blade errata (a new card definition), the row a Mind Controlled character
//! returns to (chosen by the taker) and counters kept on a defending player.

use crossover_kernel::{stable_hash, Game, GameRng};
use crossover_vs2pcg::bench::{prebuilt_pairings, quiet_game};

/// `crossover_vs2pcg::catalogue::embedded().fingerprint` (0x6001_2eb3_c459_a82f at
/// d4dd1b3; 0xaa5e_76dd_3459_4a1a after issue 35's Godslayer Blade errata, before the
/// four later sets' card files were embedded).
const EMBEDDED_FINGERPRINT: u64 = 0x6856_6c77_4625_6952;
/// The hash of every final state hash of `GAMES` random games (0x2944_2733_b209_5cc3 at
/// d4dd1b3; 0xed96_d8d8_1d59_1c94 after issue 35's rulings, before the later sets were
/// embedded: a state's hash covers its card database's fingerprint, and the engine's
/// defending-player card moved to another definition number; 0x0059_0d0c_d85b_1e80 before
/// the later sets' prebuilt decks joined the pairings the games are drawn from).
const FINAL_STATES: u64 = 0x745e_1cd7_e273_a224;
const GAMES: u64 = 300;

#[test]
fn the_embedded_cards_compile_to_the_same_definitions() {
    let fp = crossover_vs2pcg::catalogue::embedded().fingerprint;
    assert_eq!(
        fp, EMBEDDED_FINGERPRINT,
        "the embedded cards' fingerprint is {fp:#x}: a card compiles differently"
    );
}

#[test]
fn random_games_end_in_the_same_states() {
    let setups = prebuilt_pairings();
    let mut finals = Vec::new();
    for seed in 0..GAMES {
        let mut g = quiet_game(&setups[(seed as usize * 7) % setups.len()], seed);
        let mut rng = GameRng::from_seed(seed ^ 0x5eed);
        let mut actions = 0;
        while let Some(_seat) = g.to_move() {
            let options = g.legal_actions();
            let pick = options[rng.below(options.len())].clone();
            g.apply(&pick).expect("an offered action applies");
            actions += 1;
            assert!(actions < 20_000, "game {seed} did not end");
        }
        finals.push((g.state_hash(), actions));
    }
    let h = stable_hash(&finals);
    assert_eq!(
        h, FINAL_STATES,
        "the {GAMES} random games end in other states (hash {h:#x}): a rule plays differently"
    );
}
