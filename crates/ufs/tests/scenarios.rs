//! Every scenario in scenarios/ufs passes, and changing any of its expectations makes it
//! fail at that step (the shared mutation test).

use crossover_scenario::{collect, mutation_test, run_file};
use crossover_ufs::scenario::UfsScenarios;
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../scenarios/ufs")
}

/// The scenario files, narrowed to the paths containing `UFS_SCENARIOS` when it is set
/// (to run one file or one folder while writing them).
fn files() -> Vec<PathBuf> {
    let all = collect(&root()).unwrap();
    match std::env::var("UFS_SCENARIOS") {
        Ok(part) => all
            .into_iter()
            .filter(|f| f.display().to_string().contains(&part))
            .collect(),
        Err(_) => all,
    }
}

#[test]
fn every_ufs_scenario_passes() {
    let files = files();
    assert!(!files.is_empty(), "no scenarios in {}", root().display());
    let runners: [&dyn crossover_scenario::Runner; 1] =
        [crossover_scenario::runner::<UfsScenarios>()];
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

#[test]
fn changing_any_expectation_of_any_scenario_makes_it_fail_at_that_step() {
    let mut problems = vec![];
    let mut unchanged = vec![];
    for f in files() {
        let src = std::fs::read_to_string(&f).unwrap();
        let file = f.display().to_string();
        let report = mutation_test::<UfsScenarios>(&file, &src).unwrap_or_else(|e| panic!("{e}"));
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
