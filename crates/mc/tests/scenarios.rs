//! Every scenario in scenarios/mc passes, and changing any of its expectations makes it
//! fail at that step (the shared mutation test). `MC_SCENARIOS=part` narrows both to the
//! files whose path contains `part`.

use crossover_mc::scenario::McScenarios;
use crossover_scenario::suite;
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../scenarios/mc")
}

#[test]
fn every_marvel_champions_scenario_passes() {
    suite::assert_all_pass::<McScenarios>(&root(), "MC_SCENARIOS");
}

#[test]
fn changing_any_expectation_of_any_scenario_makes_it_fail_at_that_step() {
    suite::assert_mutations_caught::<McScenarios>(&root(), "MC_SCENARIOS");
}
