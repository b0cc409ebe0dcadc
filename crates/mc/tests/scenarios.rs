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

#[test]
fn a_card_in_play_with_as_much_damage_as_hit_points_is_refused_at_its_line() {
    // A Hydra Mercenary (3 hit points) with 65535 damage was accepted, and the scenario
    // then failed at a step for a reason the board hid.
    use crossover_scenario::{run_source, runner};
    let board = |damage: u16| {
        format!(
            "game = \"mc\"\nname = \"x\"\nvillain = \"01094\"\nvillain_deck = []\n\
             main_scheme = {{ card = \"01097b\", threat = 3 }}\n[[player]]\n\
             identity = \"Spider-Man\"\n\
             engaged = [{{ card = \"01101\", id = \"merc\", damage = {damage} }}]\n\
             [[step]]\nexpect = {{ damage = {{ merc = {damage} }} }}\n"
        )
    };
    let run = |src: &str| run_source("d.toml", src, &[runner::<McScenarios>()]);
    let ok = run(&board(2)).unwrap_or_else(|e| panic!("{e}"));
    assert!(
        ok.failure.is_none(),
        "{:?}",
        ok.failure.map(|f| f.to_string())
    );
    for damage in [3, 65535] {
        let e = run(&board(damage)).unwrap_err();
        assert_eq!(e.line, 8, "{e}");
        assert!(e.message.contains("would be defeated"), "{e}");
    }
}
