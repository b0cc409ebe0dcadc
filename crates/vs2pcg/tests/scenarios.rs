//! Every scenario in scenarios/ passes, and the runner reports a changed expectation
//! with the expected and the actual value.

use crossover_vs2pcg::scenario;
use std::path::Path;

fn root() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../scenarios")
}

#[test]
fn every_scenario_in_the_scenarios_directory_passes() {
    let files = scenario::collect(&root()).unwrap();
    assert!(
        !files.is_empty(),
        "no scenarios found in {}",
        root().display()
    );
    let mut failures = Vec::new();
    for f in &files {
        match scenario::run_file(f) {
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
fn a_changed_expectation_fails_with_expected_and_actual() {
    let path = root().join("vs2pcg/2PCG-002-team-attack.toml");
    let src = std::fs::read_to_string(&path).unwrap();
    assert!(scenario::run_source("ok.toml", &src)
        .unwrap()
        .failure
        .is_none());
    let changed = src.replace(r#"face_up = ["a", "c"]"#, r#"face_up = ["a", "b"]"#);
    assert_ne!(changed, src);
    let fail = scenario::run_source("changed.toml", &changed)
        .unwrap()
        .failure
        .expect("must fail");
    let text = fail.to_string();
    assert!(text.contains("expected: face up in play"), "{text}");
    assert!(text.contains("actual:   Two-Two is stunned"), "{text}");
    let expect_line = src
        .lines()
        .position(|l| l.contains("stunned = [\"big\""))
        .unwrap()
        + 1;
    assert!(
        fail.line <= expect_line && fail.line + 2 >= expect_line,
        "{text}"
    );
}

#[test]
fn malformed_scenarios_name_file_line_and_problem() {
    let base =
        "game = \"vs2pcg\"\n[[player]]\nmain = \"mnb-001\"\n[[player]]\nmain = \"mnb-079\"\n";
    let cases = [
        (
            format!("{base}front = [\"no-such-card\"]\n"),
            6,
            "unknown card `no-such-card`",
        ),
        (
            format!("{base}front = [\"mnb-110\"]\n"),
            6,
            "not a character",
        ),
        (base.replace("vs2pcg", "chess"), 1, "unknown game"),
        (
            format!("{base}[[step]]\nattack = \"zz\"\nat = \"mnb-079\"\n"),
            6,
            "no card with id `zz`",
        ),
        (
            base.replacen("\n", "\nphase = \"lunch\"\n", 1),
            2,
            "unknown phase",
        ),
        ("game = \"vs2pcg\"\n[[player]\n".to_string(), 2, ""),
        (
            format!("cards = '''\n(card x-1 \"X\" (supporting (cost 1)))\n'''\n{base}"),
            2,
            "atk",
        ),
    ];
    for (src, line, phrase) in cases {
        let err = scenario::run_source("bad.toml", &src).expect_err(&src);
        assert_eq!(err.line, line, "{err}\n{src}");
        assert!(err.message.contains(phrase), "{err}");
        assert!(
            err.to_string().starts_with(&format!("bad.toml:{line}:")),
            "{err}"
        );
    }
}
