//! Every scenario in scenarios/vstcg passes, and changing any of its expectations makes
//! it fail at that step (the shared mutation test); boards the rules can't reach are
//! refused at their line. `VSTCG_SCENARIOS=part` narrows the first two to the files whose
//! path contains `part`.

use crossover_scenario::{run_source, runner, suite};
use crossover_vstcg::scenario::VsTcgScenarios;
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../scenarios/vstcg")
}

#[test]
fn every_vstcg_scenario_passes() {
    suite::assert_all_pass::<VsTcgScenarios>(&root(), "VSTCG_SCENARIOS");
}

#[test]
fn changing_any_expectation_of_any_scenario_makes_it_fail_at_that_step() {
    suite::assert_mutations_caught::<VsTcgScenarios>(&root(), "VSTCG_SCENARIOS");
}

const TWO: &str = "game = \"vstcg\"\n[[player]]\n[[player]]\n";

fn error(src: &str) -> crossover_scenario::ScenarioError {
    run_source("t.toml", src, &[runner::<VsTcgScenarios>()]).unwrap_err()
}

fn passes(src: &str) {
    let r =
        run_source("t.toml", src, &[runner::<VsTcgScenarios>()]).unwrap_or_else(|e| panic!("{e}"));
    assert!(r.failure.is_none(), "{:?}", r.failure);
}

#[test]
fn unreachable_boards_are_refused_at_their_line_with_the_rule() {
    let cases = [
        (
            "game = \"vstcg\"\n[[player]]\ncharacters = [{ card = \"trn-007\", stunned = true, exhausted = false }]\n[[player]]\n",
            3,
            "701.12",
        ),
        (
            "game = \"vstcg\"\n[[player]]\ncharacters = [{ card = \"trn-007\", col = 1 },\n  { card = \"trn-006\", col = 1 }]\n[[player]]\n",
            4,
            "405.3",
        ),
        (
            "game = \"vstcg\"\n[[player]]\nhand = [{ card = \"trn-001\", id = \"a\" }]\nko_pile = [{ card = \"trn-002\", id = \"a\" }]\n[[player]]\n",
            4,
            "given twice",
        ),
        (
            "game = \"vstcg\"\n[[player]]\ncharacters = [{ card = \"trn-007\", equipment = [\"trn-131\", \"trn-132\"] }]\n[[player]]\n",
            3,
            "302.3b",
        ),
        (
            "game = \"vstcg\"\n[[player]]\ncharacters = [{ card = \"trn-007\", area = \"hidden\" }]\n[[player]]\n",
            3,
            "214.3a",
        ),
        (
            "game = \"vstcg\"\n[[player]]\nhand = [{ card = \"trn-001\", stunned = true }]\n[[player]]\n",
            3,
            "`stunned` is not for a card in a hand",
        ),
        (
            "game = \"vstcg\"\npart = \"p0 attack step\"\n[[player]]\ncharacters = [{ card = \"trn-007\", id = \"a\" }]\n[[player]]\ncharacters = [{ card = \"trn-021\", id = \"d\", stunned = true }]\n[attack]\nattackers = [\"a\"]\ndefender = \"d\"\n",
            7,
            "602.3a",
        ),
        (
            "game = \"vstcg\"\npart = \"combat phase\"\n[[player]]\nrp = 2\n[[player]]\n",
            4,
            "404.1",
        ),
        (
            "game = \"vstcg\"\n[[player]]\ncharacters = [\"trn-007\", \"trn-007\"]\n[[player]]\n",
            3,
            "704.1",
        ),
        (
            "game = \"vstcg\"\n[[player]]\nhand = [\"no-such-card\"]\n[[player]]\n",
            3,
            "unknown card `no-such-card`",
        ),
        (
            "game = \"vstcg\"\n[[player]]\n[[player]]\n[[player]]\n[[player]]\n[[player]]\n",
            2,
            "2 to 4 players",
        ),
    ];
    for (src, line, text) in cases {
        let e = error(src);
        assert_eq!(e.line, line, "{e}\n{src}");
        assert!(e.message.contains(text), "{e}\n{src}");
    }
}

#[test]
fn reachable_boards_that_look_odd_are_accepted() {
    // Equipment on a stunned character (302.5: its text is inactive), counters on a
    // stunned character (215.2), a concealed—optional character in the hidden area.
    passes(
        "game = \"vstcg\"\n[[player]]\ncharacters = [{ card = \"trn-007\", stunned = true, plus = 2, equipment = \"trn-132\" },\n  { card = \"trn-028\", area = \"hidden\" }, { card = \"trn-002\", area = \"visible\" }]\n[[player]]\n",
    );
}

#[test]
fn a_card_file_error_points_at_its_line_in_the_scenario() {
    let src = "game = \"vstcg\"\n\n[[card]]\ntext = '''\n(card x-1 \"Fine\" \"\" (character (cost 1) (atk 1) (def 1)))\n(card x-2 \"Broken\" \"\" (character (cost 1) (atk 1)))\n'''\n[[player]]\n[[player]]\n";
    let e = error(src);
    assert_eq!(e.line, 6, "{e}");
    assert!(e.message.contains("def"), "{e}");
    let one_line = "game = \"vstcg\"\n[[card]]\ntext = '''(card x-2 \"Broken\" \"\" (characterr))'''\n[[player]]\n[[player]]\n";
    assert_eq!(error(one_line).line, 3);
}

#[test]
fn a_step_naming_no_card_is_an_error_at_its_line() {
    let src = format!("{TWO}[[step]]\nplay = \"nothing\"\n");
    let e = error(&src);
    assert_eq!(e.line, 4, "{e}");
    assert!(
        e.message.contains("no card in the game is `nothing`"),
        "{e}"
    );
}

#[test]
fn choose_lists_the_options_when_no_text_matches() {
    let src = format!("{TWO}[[step]]\nchoose = \"Dance\"\n");
    let e = error(&src);
    assert!(e.message.contains("\"Pass\""), "{e}");
}

/// Every expectation key a scenario uses is changed by the mutation test at least once
/// (so the test above proves each is checked).
#[test]
fn every_expectation_key_used_has_a_mutation() {
    use crossover_scenario::mutation_test;
    let mut used = std::collections::BTreeSet::new();
    let mut changed = std::collections::BTreeSet::new();
    for f in suite::files(&root(), "VSTCG_SCENARIOS") {
        let text = std::fs::read_to_string(&f).unwrap();
        let doc: toml::Table = toml::from_str(&text).unwrap();
        for step in doc
            .get("step")
            .and_then(|s| s.as_array())
            .into_iter()
            .flatten()
        {
            if let Some(e) = step.get("expect").and_then(|e| e.as_table()) {
                used.extend(e.keys().cloned());
            }
        }
        let report = mutation_test::<VsTcgScenarios>(&f.display().to_string(), &text).unwrap();
        changed.extend(report.changed.into_iter().map(|(_, k)| k));
    }
    let missing: Vec<&String> = used.difference(&changed).collect();
    assert!(
        missing.is_empty(),
        "expectation keys never changed: {missing:?}"
    );
}
