//! A game's scenario directory as a test suite: every file passes, and the mutation test
//! catches every changed expectation. Each game's `tests/scenarios.rs` calls these.

use crate::{collect, mutation_test, run_file, runner, ScenarioGame};
use std::path::{Path, PathBuf};

/// The scenario files under `dir`, narrowed to the paths containing the value of the
/// environment variable `filter` when it is set (to run one file or folder while
/// writing them).
pub fn files(dir: &Path, filter: &str) -> Vec<PathBuf> {
    let all = collect(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
    match std::env::var(filter) {
        Ok(part) => all
            .into_iter()
            .filter(|f| f.display().to_string().contains(&part))
            .collect(),
        Err(_) => all,
    }
}

/// Panics listing every scenario under `dir` that fails or can't be read.
pub fn assert_all_pass<G: ScenarioGame + 'static>(dir: &Path, filter: &str) {
    let files = files(dir, filter);
    assert!(!files.is_empty(), "no scenarios in {}", dir.display());
    let runners = [runner::<G>()];
    let mut failures = vec![];
    for f in &files {
        match run_file(f, &runners) {
            Ok(r) => {
                if let Some(fail) = r.failure {
                    failures.push(format!("{}: {fail}", f.display()));
                }
            }
            Err(e) => failures.push(e.to_string()),
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} scenarios failed:\n{}",
        failures.len(),
        files.len(),
        failures.join("\n")
    );
}

/// Panics when changing an expectation of a scenario under `dir` does not make it fail
/// at that step, or when a scenario has no expectation to change.
pub fn assert_mutations_caught<G: ScenarioGame + 'static>(dir: &Path, filter: &str) {
    let mut problems = vec![];
    let mut unchanged = vec![];
    for f in files(dir, filter) {
        let src = std::fs::read_to_string(&f).unwrap_or_else(|e| panic!("{}: {e}", f.display()));
        let file = f.display().to_string();
        let report = mutation_test::<G>(&file, &src).unwrap_or_else(|e| panic!("{e}"));
        if report.changed.is_empty() {
            unchanged.push(file);
        }
        problems.extend(report.problems);
    }
    assert!(
        problems.is_empty(),
        "changes not caught:\n{}",
        problems.join("\n")
    );
    assert!(
        unchanged.is_empty(),
        "scenarios with nothing to change: {unchanged:?}"
    );
}
