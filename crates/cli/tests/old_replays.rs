//! Replays saved by the build before issue 12 (commit 22f99dd: before the card pool
//! moved into the setup and presentation moved out of `Game`) still replay to their
//! recorded hash, with the card data they were recorded with: the hash, the random
//! number sampling, setups and actions kept their meaning, so the replay format is
//! still 1 (README, "Replays").

use std::path::Path;
use std::process::Command;

fn replays_to_its_recorded_hash(file: &str) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(file);
    let recorded: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    assert!(
        recorded.get("format").is_none(),
        "the fixture was saved before replays named their format"
    );
    let out = Command::new(env!("CARGO_BIN_EXE_crossover"))
        .arg("replay")
        .arg(&path)
        .args(["--to-end", "--json"])
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    let summary: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let recorded_hash = format!("{:016x}", recorded["final_hash"].as_u64().unwrap());
    assert_eq!(summary["hash"], recorded_hash.as_str());
    assert_eq!(
        summary["actions"].as_u64().unwrap() as usize,
        recorded["actions"].as_array().unwrap().len()
    );
}

/// The 2PCG replay was recorded with the card data of its day, and a replay is refused
/// with other card data. Errata have since changed a card (Godslayer Blade, issue 35), so
/// it is re-played with the card files as they were (tests/fixtures/cards-before-issue-35,
/// our own card files taken from git at the commit before): they give the recorded card
/// fingerprint exactly, and the recorded hash shows that the state hash, the random number
/// sampling, the setup and the actions kept their meaning.
#[test]
fn a_2pcg_replay_saved_before_issue_12_replays_to_its_hash_with_its_card_data() {
    use crossover_kernel::{Game, Replay, REPLAY_FORMAT};
    use crossover_vs2pcg::action::Action;
    use crossover_vs2pcg::db::{CardDb, CardPool};
    use crossover_vs2pcg::{GameState, Setup};
    let fixtures = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures");
    let recorded: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(fixtures.join("vs2pcg-before-issue-12.replay.json")).unwrap(),
    )
    .unwrap();
    let dir = fixtures.join("cards-before-issue-35");
    let read = |f: &str| std::fs::read_to_string(dir.join(f)).unwrap();
    let (mnb, extra) = (read("mnb.cards"), read("extra.cards"));
    // The embedded files' names and order, as the build of that day embedded them.
    let cards = crossover_vs2pcg::cardfile::parse_files(&[
        ("mnb.cards", mnb.as_str()),
        ("extra.cards", extra.as_str()),
    ])
    .unwrap();
    let db = CardDb::new(cards);
    assert_eq!(
        db.version(),
        recorded["card_data_version"].as_str().unwrap()
    );
    let mut setup: Setup = serde_json::from_value(recorded["setup"].clone()).unwrap();
    setup.cards = CardPool(db);
    let actions: Vec<Action> = serde_json::from_value(recorded["actions"].clone()).unwrap();
    let replay = Replay::<GameState> {
        format: REPLAY_FORMAT,
        game: "vs2pcg".into(),
        card_data_version: recorded["card_data_version"].as_str().unwrap().into(),
        setup,
        seed: recorded["seed"].as_u64().unwrap(),
        actions,
        final_hash: recorded["final_hash"].as_u64().unwrap(),
    };
    let g = replay.verify().unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(g.state_hash(), replay.final_hash);
}

/// With today's built-in cards the same file is refused, saying which card data it needs.
#[test]
fn a_2pcg_replay_with_other_card_data_is_refused_naming_it() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/vs2pcg-before-issue-12.replay.json");
    let out = Command::new(env!("CARGO_BIN_EXE_crossover"))
        .arg("replay")
        .arg(&path)
        .args(["--to-end", "--json"])
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success());
    assert!(
        stderr.contains("recorded with card data vs2pcg-cards-60012eb3c459a82f"),
        "{stderr}"
    );
}

#[test]
fn a_toy_replay_saved_before_issue_12_replays_to_its_hash() {
    replays_to_its_recorded_hash("toy-before-issue-12.replay.json");
}
