//! A pin on Marvel Battles' behaviour while the engine is reshaped (issue 34, §1: the Vs.
//! core shared with the TCG must not change one 2PCG game).
//!
//! The pin is on Marvel Battles alone: its card files (`mnb.cards`, `extra.cards`) as the
//! whole card pool, and random games between its prebuilt decks. The cards' fingerprint is
//! the stable hash of every compiled definition, so it changes if a Marvel Battles card
//! compiles to another ability tree; the games' final state hashes (which cover the pool's
//! fingerprint) change if any rule plays differently. Writing a later set's card changes
//! neither. If a change is *meant* to change 2PCG, re-record them and say so in the commit;
//! the full-size comparison is `docs/vs-core/compare-2pcg.sh`.
//!
//! History: recorded at d4dd1b3 over every embedded card; re-recorded for issue 35 §3
//! (three official rulings); since 2026-11-30 on Marvel Battles' files only (ruling #85,
//! recorded with it — every stun of one resolution looks back to before the strikes —
//! changes none of these games: the old code gives the same hash).

use crossover_kernel::{stable_hash, Game, GameRng};
use crossover_vs2pcg::bench::quiet_game;
use crossover_vs2pcg::db::{CardDb, CardPool};
use crossover_vs2pcg::Setup;
use std::sync::Arc;

/// The fingerprint of a card pool of Marvel Battles' card files alone.
const MARVEL_BATTLES_FINGERPRINT: u64 = 0x569f_7417_34e9_e788;
/// The hash of every final state hash of `GAMES` random games between Marvel Battles'
/// prebuilt decks, on that pool.
const FINAL_STATES: u64 = 0xbe86_d1d6_4cea_ea0b;
const GAMES: u64 = 300;

/// Marvel Battles' card files (and the engine's own extra card) as the whole pool.
fn marvel_battles() -> Arc<CardDb> {
    let files = [
        ("mnb.cards", include_str!("../cards/mnb.cards")),
        ("extra.cards", include_str!("../cards/extra.cards")),
    ];
    let cards = crossover_vs2pcg::cardfile::parse_files(&files).expect("Marvel Battles parses");
    CardDb::new(cards)
}

/// Marvel Battles' prebuilt decks, two per team: the first twelve of `decks.rs`.
const MARVEL_BATTLES_DECKS: usize = 12;

/// Every ordered pairing of Marvel Battles' prebuilt decks.
fn marvel_battles_pairings(db: &Arc<CardDb>) -> Vec<Setup> {
    let decks: Vec<_> = crossover_vs2pcg::decks::all()
        .into_iter()
        .take(MARVEL_BATTLES_DECKS)
        .collect();
    let mut setups = Vec::new();
    for a in &decks {
        for b in &decks {
            if a.name != b.name {
                setups.push(Setup {
                    variant: Default::default(),
                    players: vec![a.to_setup(db, &a.name), b.to_setup(db, &b.name)],
                    cards: CardPool(db.clone()),
                });
            }
        }
    }
    setups
}

#[test]
fn marvel_battles_cards_compile_to_the_same_definitions() {
    let fp = marvel_battles().fingerprint;
    assert_eq!(
        fp, MARVEL_BATTLES_FINGERPRINT,
        "Marvel Battles' cards' fingerprint is {fp:#x}: a card compiles differently"
    );
}

#[test]
fn random_games_end_in_the_same_states() {
    let setups = marvel_battles_pairings(&marvel_battles());
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
