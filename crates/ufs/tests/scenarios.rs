//! Every scenario in scenarios/ufs passes, and changing any of its expectations makes it
//! fail at that step (the shared mutation test). `UFS_SCENARIOS=part` narrows both to the
//! files whose path contains `part`.

use crossover_scenario::suite;
use crossover_ufs::scenario::UfsScenarios;
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../scenarios/ufs")
}

#[test]
fn every_ufs_scenario_passes() {
    suite::assert_all_pass::<UfsScenarios>(&root(), "UFS_SCENARIOS");
}

#[test]
fn changing_any_expectation_of_any_scenario_makes_it_fail_at_that_step() {
    suite::assert_mutations_caught::<UfsScenarios>(&root(), "UFS_SCENARIOS");
}
