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

#[test]
fn a_board_of_400000_cards_is_refused_at_the_card_past_the_limit_not_out_of_memory() {
    // Card ids are u16: 400,000 deck cards wrapped them and the setup ran out of memory.
    use crossover_scenario::{run_source, runner};
    let deck = vec!["\"rva-40\""; 400_000].join(", ");
    let src = format!(
        "game = \"ufs\"\nname = \"big\"\n[[player]]\ncharacter = \"rva-23\"\ndeck = [{deck}]\n\
         [[player]]\ncharacter = \"rva-01\"\n"
    );
    let err = run_source("big.toml", &src, &[runner::<UfsScenarios>()]).unwrap_err();
    assert_eq!(err.line, 5, "{err}");
    assert!(err.message.contains("at most 1000 cards"), "{err}");
}
