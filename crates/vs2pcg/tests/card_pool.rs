//! The card pool travels with the game (issue 12 §1, no process globals): a setup names
//! its pool, a game plays with the pool its setup names, and setups and replays store
//! the pool's fingerprint.

use crossover_kernel::Game;
use crossover_vs2pcg::model::Team;
use crossover_vs2pcg::testkit::{self, character};
use crossover_vs2pcg::{cardfile, GameState, Setup};

#[test]
fn a_game_plays_with_the_pool_its_setup_names() {
    let pool = testkit::db(vec![character(
        "t-pool",
        "Pool Only",
        1,
        1,
        1,
        Team::Avengers,
    )]);
    let mut setup = testkit::setup("t-pool");
    setup.cards = pool.clone().into();
    let g = GameState::new_game(&setup, 1).unwrap();
    assert_eq!(g.card_data_version(), pool.version());
    assert_ne!(g.card_data_version(), cardfile::embedded().version());
    // Two pools in one process: a game with the embedded cards is unaffected.
    let embedded = testkit::setup("t-pool");
    assert!(
        GameState::new_game(&embedded, 1).is_err(),
        "the embedded cards have no t-mc1, so this setup must be refused"
    );
}

#[test]
fn a_setup_stores_its_pool_by_fingerprint_and_reads_back_the_same_pool() {
    let pool = testkit::db(vec![]);
    let mut setup = testkit::setup("t-vanilla");
    setup.cards = pool.clone().into();
    let json = serde_json::to_string(&setup).unwrap();
    assert!(
        json.contains(&format!("\"cards\":{}", pool.fingerprint)),
        "{json}"
    );
    let back: Setup = serde_json::from_str(&json).unwrap();
    assert_eq!(back, setup);
    assert_eq!(back.cards.fingerprint, pool.fingerprint);
}

#[test]
fn a_setup_without_a_pool_plays_the_embedded_cards_as_setups_saved_before_pools_did() {
    let json = r#"{"variant":"TwoPlayer","players":[]}"#;
    let setup: Setup = serde_json::from_str(json).unwrap();
    assert!(setup.cards.is_embedded());
    // The embedded pool is not written out, so older readers still read new setups.
    assert_eq!(serde_json::to_string(&setup).unwrap(), json);
}

#[test]
fn a_setup_naming_cards_that_are_not_loaded_is_refused_with_what_to_do() {
    let json = r#"{"variant":"TwoPlayer","players":[],"cards":12345}"#;
    let e = serde_json::from_str::<Setup>(json).unwrap_err().to_string();
    assert!(e.contains("not loaded"), "{e}");
}
