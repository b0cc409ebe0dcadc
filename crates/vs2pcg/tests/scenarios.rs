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

/// Change one expectation of a scenario (the first one that can be changed) so that it
/// no longer holds. Returns None when the scenario has nothing to change.
fn mutate(src: &str) -> Option<String> {
    let mut doc: toml::Table = toml::from_str(src).ok()?;
    let steps = doc.get_mut("step")?.as_array_mut()?;
    let opposite = |k: &str| match k {
        "stunned" => Some("face_up"),
        "face_up" => Some("stunned"),
        "ko" => Some("in_hand"),
        "in_hand" => Some("ko"),
        "removed" => Some("in_play"),
        "in_play" => Some("removed"),
        "in_deck" => Some("in_play"),
        "exhausted" => Some("ready"),
        "ready" => Some("exhausted"),
        "keyword" => Some("no_keyword"),
        "no_keyword" => Some("keyword"),
        "options_include" => Some("options_exclude"),
        "options_exclude" => Some("options_include"),
        _ => None,
    };
    for step in steps.iter_mut() {
        let Some(expect) = step.get_mut("expect").and_then(|e| e.as_table_mut()) else {
            continue;
        };
        let keys: Vec<String> = expect.keys().cloned().collect();
        for k in keys {
            let v = expect[&k].clone();
            let changed = match (&v, opposite(&k)) {
                (toml::Value::Array(a), Some(o)) if !a.is_empty() && !expect.contains_key(o) => {
                    expect.remove(&k);
                    expect.insert(o.to_string(), v);
                    true
                }
                (toml::Value::Table(t), None) if !t.is_empty() => {
                    let mut t = t.clone();
                    let first = t.keys().next().unwrap().clone();
                    let nv = match &t[&first] {
                        toml::Value::Integer(i) => toml::Value::Integer(i + 1),
                        toml::Value::String(s) if s == "front" => {
                            toml::Value::String("back".into())
                        }
                        toml::Value::String(s) if s == "back" => {
                            toml::Value::String("front".into())
                        }
                        _ => continue,
                    };
                    t.insert(first, nv);
                    expect.insert(k.clone(), toml::Value::Table(t));
                    true
                }
                (toml::Value::Integer(i), _) => {
                    expect.insert(k.clone(), toml::Value::Integer(i + 1));
                    true
                }
                (toml::Value::Boolean(b), _) => {
                    expect.insert(k.clone(), toml::Value::Boolean(!b));
                    true
                }
                (toml::Value::Array(a), None)
                    if !a.is_empty() && a.iter().all(|x| x.is_integer()) =>
                {
                    let mut a = a.clone();
                    a[0] = toml::Value::Integer(a[0].as_integer().unwrap() + 1);
                    expect.insert(k.clone(), toml::Value::Array(a));
                    true
                }
                _ => false,
            };
            if changed {
                return toml::to_string(&doc).ok();
            }
        }
    }
    None
}

#[test]
fn changing_an_expectation_in_any_scenario_makes_it_fail() {
    let files = scenario::collect(&root()).unwrap();
    let mut unchanged = Vec::new();
    for f in &files {
        let src = std::fs::read_to_string(f).unwrap();
        let Some(changed) = mutate(&src) else {
            unchanged.push(f.display().to_string());
            continue;
        };
        match scenario::run_source(&f.display().to_string(), &changed) {
            Ok(r) => {
                let fail = r.failure.unwrap_or_else(|| {
                    panic!(
                        "{}: a changed expectation still passed:\n{changed}",
                        f.display()
                    )
                });
                let text = fail.to_string();
                assert!(
                    text.contains("expected:") && text.contains("actual:"),
                    "{text}"
                );
            }
            Err(e) => panic!("{}: the changed scenario no longer loads: {e}", f.display()),
        }
    }
    assert!(
        unchanged.is_empty(),
        "scenarios with no expectation to change: {unchanged:?}"
    );
}
