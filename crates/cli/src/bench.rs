//! `crossover bench GAME`: how fast a game's engine and the search run on this
//! machine, over the workloads the game names ([`Workloads`]; for 2PCG the same as
//! `cargo bench`), timed with a plain clock so the figures come out in seconds, not
//! minutes; docs/PERFORMANCE.md keeps the measured table.

use crate::CliError;
use crossover_ai::{Budget, IsmctsConfig, IsmctsPlayer};
use crossover_kernel::Game;
use crossover_platform::{random_game, Workloads};
use serde::Serialize;
use std::hint::black_box;
use std::time::{Duration, Instant};

#[derive(Debug, Clone)]
pub struct BenchOptions {
    /// Roughly how long each measurement runs.
    pub seconds: f64,
    /// ISMCTS iterations per searched decision.
    pub ismcts_iterations: u32,
}

/// What `--json` prints. Everything is single-threaded.
#[derive(Debug, Clone, Serialize)]
pub struct BenchReport {
    pub game: &'static str,
    pub machine: String,
    /// What the games and positions are.
    pub workloads: String,
    /// Random-vs-random full games from the game's setups.
    pub random_games_per_s: f64,
    pub actions_per_s: f64,
    pub avg_actions_per_game: f64,
    /// Cloning one of the game's typical positions.
    pub clone_ns: f64,
    /// `legal_actions()` on those states.
    pub legal_actions_ns: f64,
    pub ismcts_iterations_per_s: f64,
    pub ismcts_iterations_per_decision: u32,
    /// The speed targets of docs/PERFORMANCE.md, and whether each was met (for a game
    /// that has targets).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub targets: Option<Targets>,
}

#[derive(Debug, Clone, Serialize)]
pub struct Targets {
    pub random_games_per_s_at_least: f64,
    pub clone_ns_below: f64,
    pub ismcts_iterations_per_s_at_least: f64,
    pub random_games_met: bool,
    pub clone_met: bool,
    pub ismcts_met: bool,
}

/// Runs `f` over and over for about `budget`, returning runs and elapsed time.
fn time_loop(budget: Duration, mut f: impl FnMut(u64)) -> (u64, Duration) {
    let start = Instant::now();
    let mut runs = 0u64;
    while start.elapsed() < budget {
        f(runs);
        runs += 1;
    }
    (runs, start.elapsed())
}

/// Each measurement runs from a hundredth of a second to an hour: shorter measures nothing
/// (`1e-300` was accepted), longer is a mistake.
pub const MIN_SECONDS: f64 = 0.01;
pub const MAX_SECONDS: f64 = 3600.0;
pub const MAX_ISMCTS_ITERATIONS: u32 = 1_000_000;

pub fn run<G: Game>(
    work: &Workloads<G>,
    opts: &BenchOptions,
    progress: &mut dyn FnMut(&str),
) -> Result<BenchReport, CliError> {
    if !(MIN_SECONDS..=MAX_SECONDS).contains(&opts.seconds) {
        return Err(CliError::Usage(format!(
            "--seconds must be from {MIN_SECONDS} to {MAX_SECONDS}, not {}",
            opts.seconds
        )));
    }
    if !(1..=MAX_ISMCTS_ITERATIONS).contains(&opts.ismcts_iterations) {
        return Err(CliError::Usage(format!(
            "--ismcts-iterations must be from 1 to {MAX_ISMCTS_ITERATIONS}"
        )));
    }
    let budget = Duration::from_secs_f64(opts.seconds);
    let (setups, states) = (&work.setups, &work.positions);
    if setups.is_empty() || states.is_empty() {
        return Err(CliError::Failed(format!(
            "{} names no setups or positions to measure",
            G::NAME
        )));
    }
    // A setup the game refuses is reported, not timed.
    random_game::<G>(&setups[0], 0)?;

    progress("random games");
    let mut actions = 0u64;
    let (games, elapsed) = time_loop(budget, |i| {
        actions += random_game::<G>(&setups[i as usize % setups.len()], i).unwrap_or(0) as u64;
    });
    let secs = elapsed.as_secs_f64();

    progress("clone and legal actions");
    let (clones, clone_time) = time_loop(budget / 2, |i| {
        black_box(black_box(&states[i as usize % states.len()]).clone());
    });
    let (legals, legal_time) = time_loop(budget / 2, |i| {
        black_box(black_box(&states[i as usize % states.len()]).legal_actions());
    });

    progress("ISMCTS");
    let searched: Vec<&G> = states
        .iter()
        .filter(|g| g.decision().is_some_and(|d| d.options.len() > 1))
        .collect();
    if searched.is_empty() {
        return Err(CliError::Failed(format!(
            "none of {}'s positions has a choice to search",
            G::NAME
        )));
    }
    let config = IsmctsConfig {
        budget: Budget::Iterations(opts.ismcts_iterations),
        ..IsmctsConfig::default()
    };
    IsmctsPlayer::with_config(0, config.clone()).map_err(CliError::Usage)?;
    // The iterations the searches really made: a search may stop before its budget once
    // its choice is made.
    let mut iterations = 0u64;
    let (_, search_time) = time_loop(budget, |i| {
        let game = searched[i as usize % searched.len()];
        let mut player = IsmctsPlayer::with_config(i, config.clone()).expect("checked above");
        iterations += black_box(player.search(game)).iterations;
    });

    let random_games_per_s = games as f64 / secs;
    let clone_ns = clone_time.as_nanos() as f64 / clones.max(1) as f64;
    let ismcts_iterations_per_s = iterations as f64 / search_time.as_secs_f64();
    let legal_actions_ns = legal_time.as_nanos() as f64 / legals.max(1) as f64;
    Ok(BenchReport {
        game: G::NAME,
        machine: machine(),
        workloads: work.description.clone(),
        random_games_per_s,
        actions_per_s: actions as f64 / secs,
        avg_actions_per_game: actions as f64 / games.max(1) as f64,
        clone_ns,
        legal_actions_ns,
        ismcts_iterations_per_s,
        ismcts_iterations_per_decision: opts.ismcts_iterations,
        targets: work.targets.map(|t| Targets {
            random_games_per_s_at_least: t.random_games_per_s,
            clone_ns_below: t.clone_ns,
            ismcts_iterations_per_s_at_least: t.ismcts_iterations_per_s,
            random_games_met: random_games_per_s >= t.random_games_per_s,
            clone_met: clone_ns < t.clone_ns,
            ismcts_met: ismcts_iterations_per_s >= t.ismcts_iterations_per_s,
        }),
    })
}

/// The CPU model and core count, for the record.
pub fn machine() -> String {
    let cpu = std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("model name"))
                .and_then(|l| l.split_once(':'))
                .map(|(_, v)| v.trim().to_string())
        })
        .unwrap_or_else(|| std::env::consts::ARCH.to_string());
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    format!("{cpu}, {cores} cores")
}

pub fn summary(r: &BenchReport) -> String {
    let verdict = |met: bool| if met { "met" } else { "MISSED" };
    let target = |t: Option<(&str, f64, bool)>| {
        t.map_or(String::new(), |(cmp, v, met)| {
            format!("  target {cmp} {v:.0}: {}", verdict(met))
        })
    };
    let t = r.targets.as_ref();
    let mut text = format!("{} engine speed, one thread ({})\n", r.game, r.machine);
    if !r.workloads.is_empty() {
        text += &format!("  ({})\n", r.workloads);
    }
    text += &format!(
        "\x20 random games:  {:>9.0} games/s     {}\n\
         \x20                ({:.0} actions/s, {:.0} actions per game)\n\
         \x20 state clone:   {:>9.0} ns          {}\n\
         \x20 legal actions: {:>9.0} ns\n\
         \x20 ISMCTS:        {:>9.0} iterations/s{}   ({} iterations per decision)",
        r.random_games_per_s,
        target(t.map(|t| (">=", t.random_games_per_s_at_least, t.random_games_met))),
        r.actions_per_s,
        r.avg_actions_per_game,
        r.clone_ns,
        target(t.map(|t| ("<", t.clone_ns_below, t.clone_met))),
        r.legal_actions_ns,
        r.ismcts_iterations_per_s,
        target(t.map(|t| (">=", t.ismcts_iterations_per_s_at_least, t.ismcts_met))),
        r.ismcts_iterations_per_decision
    );
    // Without targets the target column is empty.
    let lines: Vec<&str> = text.lines().map(str::trim_end).collect();
    lines.join("\n")
}
