//! `crossover replay`: re-play a saved game, verify it and show how it ended.

use crate::outcome_text::describe_outcome;
use crate::{replay_file, CliError};
use crossover_kernel::{Outcome, Presentation};
use serde::Serialize;
use std::io::Write;

#[derive(Debug, Clone, Default)]
pub struct ReplayOptions {
    /// Only the summary; without it every action is listed first.
    pub to_end: bool,
    /// Print the summary as one JSON object instead (implies `to_end`).
    pub json: bool,
}

/// What `--json` prints.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ReplaySummary {
    /// The final state hash, 16 hex digits.
    pub hash: String,
    /// `null` for a game that was abandoned before its end.
    pub outcome: Option<Outcome>,
    pub turns: u32,
    pub actions: usize,
}

/// Verify the replay in `json` (text of replay file `file`, for game `G`) and report on
/// `out`. Find `G` with [`replay_file::game_name`] first.
pub fn run<G: Presentation>(
    file: &str,
    json: &str,
    opts: &ReplayOptions,
    out: &mut dyn Write,
) -> Result<(), CliError> {
    let replay = replay_file::parse::<G>(json)?;
    let game = replay
        .verify()
        .map_err(|e| CliError::Failed(format!("{file}: replay does not verify: {e}")))?;
    let summary = ReplaySummary {
        hash: format!("{:016x}", game.state_hash()),
        outcome: game.outcome(),
        turns: game.turn(),
        actions: replay.actions.len(),
    };
    let text = if opts.json {
        serde_json::to_string(&summary)
            .map_err(|e| CliError::Failed(format!("cannot encode the summary: {e}")))?
    } else {
        let mut text = String::new();
        if !opts.to_end {
            text += &walk_through::<G>(&replay.setup, replay.seed, &replay.actions)?;
        }
        let outcome = summary
            .outcome
            .as_ref()
            .map_or("unfinished".to_string(), |o| {
                describe_outcome(o, |s| format!("seat {s}"))
            });
        text += &format!(
            "Replay of {} (seed {}, card data {}) verified: {} actions.\n\
             Outcome: {outcome}\nTurns: {}\nFinal hash: {}",
            replay.game,
            replay.seed,
            replay.card_data_version,
            summary.actions,
            summary.turns,
            summary.hash
        );
        text
    };
    writeln!(out, "{text}").map_err(|e| CliError::io("cannot write output", e))
}

/// One line per action: its number, the turn, who took it and what it was.
fn walk_through<G: Presentation>(
    setup: &G::Setup,
    seed: u64,
    actions: &[G::Action],
) -> Result<String, CliError> {
    // The replay was verified already, so these cannot fail; map errors anyway
    // rather than panic.
    let failed = |e: String| CliError::Failed(format!("replay does not verify: {e}"));
    let mut game = G::new_game(setup, seed).map_err(|e| failed(e.0))?;
    let mut text = String::new();
    for (i, action) in actions.iter().enumerate() {
        let seat = game.decision().map(|d| d.seat);
        // A finished game's replay is read by its players: each action is told as the
        // seat that took it saw it.
        text += &format!(
            "{:>4}. turn {}, seat {}: {}\n",
            i + 1,
            game.turn(),
            seat.map_or("?".to_string(), |s| s.to_string()),
            game.describe_action(seat.unwrap_or(0), action)
        );
        game.apply(action).map_err(|e| failed(e.to_string()))?;
    }
    Ok(text)
}
