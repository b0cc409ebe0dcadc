//! Reading and writing replay files (`Replay<G>` as JSON).

use crate::{seeds, CliError};
use crossover_kernel::{Game, Replay};
use std::path::{Path, PathBuf};

/// The most bytes read from a replay file (a long game is a few megabytes) and a setup
/// file: anything larger (or `/dev/zero`) stops at the cap with an error instead of
/// filling the memory (a game's own files, like deck lists, have their own caps).
pub const MAX_REPLAY_BYTES: u64 = 64 << 20;
pub const MAX_SETUP_BYTES: u64 = 4 << 20;

pub use crossover_platform::read_text;

/// Where `crossover play` saves replays unless told otherwise, relative to the
/// current directory.
pub const DEFAULT_REPLAY_DIR: &str = "crossover-replays";

/// The default replay path for a game: `./crossover-replays/<game>-<seed>-<unix
/// time>.replay.json`, with `-2`, `-3`, ... before `.replay.json` if that file exists.
pub fn default_replay_path(game: &str, seed: u64) -> PathBuf {
    let stem = format!("{game}-{seed}-{}", seeds::unix_time());
    let dir = Path::new(DEFAULT_REPLAY_DIR);
    let mut path = dir.join(format!("{stem}.replay.json"));
    let mut n = 2;
    while path.exists() {
        path = dir.join(format!("{stem}-{n}.replay.json"));
        n += 1;
    }
    path
}

/// Write `replay` to `path` as pretty JSON, creating missing directories. Written to
/// `<path>.tmp` first and renamed, so a crash never leaves a half-written replay.
pub fn save<G: Game>(replay: &Replay<G>, path: &Path) -> Result<(), CliError> {
    let json = serde_json::to_string_pretty(replay)
        .map_err(|e| CliError::Failed(format!("cannot encode the replay: {e}")))?;
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir)
            .map_err(|e| CliError::io(format!("cannot create {}", dir.display()), e))?;
    }
    let mut tmp = path.as_os_str().to_owned();
    tmp.push(".tmp");
    let tmp = PathBuf::from(tmp);
    std::fs::write(&tmp, json + "\n")
        .map_err(|e| CliError::io(format!("cannot write {}", tmp.display()), e))?;
    std::fs::rename(&tmp, path)
        .map_err(|e| CliError::io(format!("cannot write {}", path.display()), e))
}

/// The game a replay file's text is for, read before knowing its type.
pub fn game_name(json: &str) -> Result<String, CliError> {
    #[derive(serde::Deserialize)]
    struct Header {
        game: String,
    }
    serde_json::from_str::<Header>(json)
        .map(|h| h.game)
        .map_err(|e| CliError::Failed(format!("not a replay file: {e}")))
}

/// [`game_name`] of the text of replay file `file`, with a JSON error given as
/// `file:line:col`, the line shown, and what to do.
pub fn game_name_in(file: &Path, json: &str) -> Result<String, CliError> {
    #[derive(serde::Deserialize)]
    struct Header {
        game: String,
    }
    serde_json::from_str::<Header>(json)
        .map(|h| h.game)
        .map_err(|e| json_error(file, json, &e, "this is not a replay file".into()))
}

/// [`parse`] of the text of replay file `file`, with a JSON error given as
/// `file:line:col`, the line shown, and what to do.
pub fn parse_in<G: Game>(file: &Path, json: &str) -> Result<Replay<G>, CliError> {
    serde_json::from_str(json).map_err(|e| {
        json_error(
            file,
            json,
            &e,
            format!("this is not a valid {} replay", G::NAME),
        )
    })
}

fn json_error(file: &Path, json: &str, e: &serde_json::Error, what: String) -> CliError {
    let d = crossover_diag::Diagnostic::at_line_col(
        file.display().to_string(),
        e.line(),
        e.column(),
        format!("{what}: {e}"),
    )
    .with_source(json)
    .with_hint(
        "a replay file is the JSON `crossover play` saves: if it was edited, undo the change at this place",
    );
    CliError::Failed(
        d.render(crossover_diag::color_for_stderr())
            .trim_end()
            .into(),
    )
}

/// Parse a replay of game `G` (not yet verified).
pub fn parse<G: Game>(json: &str) -> Result<Replay<G>, CliError> {
    serde_json::from_str(json)
        .map_err(|e| CliError::Failed(format!("not a valid {} replay: {e}", G::NAME)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::toy::{Toy, ToyAction, ToySetup};

    #[test]
    fn saved_replays_load_back() {
        let dir =
            std::env::temp_dir().join(format!("crossover-replay-file-{}", std::process::id()));
        let path = dir.join("sub").join("a.replay.json");
        let replay =
            Replay::<Toy>::record(ToySetup::default(), 5, vec![ToyAction::Take(2)]).unwrap();
        save(&replay, &path).unwrap();
        let text = std::fs::read_to_string(&path).unwrap();
        assert_eq!(game_name(&text).unwrap(), "toy");
        let back = parse::<Toy>(&text).unwrap();
        assert_eq!(back.final_hash, replay.final_hash);
        assert_eq!(back.actions, replay.actions);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn non_replays_are_refused() {
        assert!(game_name("{}").is_err());
        assert!(game_name("not json").is_err());
        assert!(parse::<Toy>(r#"{"game": "toy"}"#).is_err());
    }
}
