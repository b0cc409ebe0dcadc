//! Replays saved by the build before issue 12 (commit 22f99dd: before the card pool
//! moved into the setup and presentation moved out of `Game`) still replay to their
//! recorded hash: the hash, the random number sampling, setups and actions kept their
//! meaning, so the replay format is still 1 (README, "Replays").

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

#[test]
fn a_2pcg_replay_saved_before_issue_12_replays_to_its_hash() {
    replays_to_its_recorded_hash("vs2pcg-before-issue-12.replay.json");
}

#[test]
fn a_toy_replay_saved_before_issue_12_replays_to_its_hash() {
    replays_to_its_recorded_hash("toy-before-issue-12.replay.json");
}
