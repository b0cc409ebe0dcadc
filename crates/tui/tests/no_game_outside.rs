//! Issue 12 acceptance: no file of `crates/tui` outside a game's own module names a
//! game crate, so the client stays generic and a new game adds only its module in
//! `src/games/`.

use std::path::{Path, PathBuf};

/// The game crates, as Rust code names them.
const GAME_CRATES: &[&str] = &[
    "crossover_vs2pcg",
    "crossover_mc",
    "crossover_toy",
    "crossover_ufs",
    "crossover_vstcg",
];

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

#[test]
fn only_src_games_names_a_game_crate() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let games = src.join("games");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    let mut offenders = Vec::new();
    let mut named_in_games = Vec::new();
    for file in &files {
        let text = std::fs::read_to_string(file).unwrap();
        for krate in GAME_CRATES {
            if text.contains(krate) {
                if file.starts_with(&games) {
                    named_in_games.push(*krate);
                } else {
                    offenders.push(format!("{} names {krate}", file.display()));
                }
            }
        }
    }
    assert!(
        offenders.is_empty(),
        "game crates named outside src/games/:\n{}",
        offenders.join("\n")
    );
    // The scan sees the files it should: every game is registered in src/games/.
    for krate in GAME_CRATES {
        assert!(
            named_in_games.contains(krate),
            "{krate} not found in src/games/"
        );
    }
}
