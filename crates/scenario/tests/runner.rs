//! The shared runner with a game of its own: a counter that steps add to.

use crossover_scenario::{
    run_paths, run_source, runner, Failure, Mutation, ScenarioError, ScenarioGame, Source, StepAt,
};
use serde::Deserialize;
use toml::Spanned;

struct Counter;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Board {
    start: Spanned<i64>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Step {
    add: Option<i64>,
    expect: Option<i64>,
}

impl ScenarioGame for Counter {
    const GAME: &'static str = "counter";
    type Board = Board;
    type Step = Step;
    type Expect = i64;
    type Run = i64;

    fn build(source: &Source<'_>, b: Board) -> Result<i64, ScenarioError> {
        if *b.start.get_ref() < 0 {
            return Err(source.error_span(b.start.span(), "a counter starts at 0 or more"));
        }
        Ok(*b.start.get_ref())
    }

    fn expectation(step: &Step) -> Option<&i64> {
        step.expect.as_ref()
    }

    fn apply(
        run: &mut i64,
        at: &StepAt<'_>,
        step: &Step,
    ) -> Result<Option<Failure>, ScenarioError> {
        *run += step.add.ok_or_else(|| at.error("a step adds or expects"))?;
        Ok(None)
    }

    fn check(run: &i64, at: &StepAt<'_>, want: &i64) -> Result<Option<Failure>, ScenarioError> {
        Ok((run != want).then(|| at.fail("the counter", want.to_string(), run.to_string())))
    }

    fn mutations(_file: &toml::Table, step: &toml::Table) -> Vec<Mutation> {
        let Some(v) = step.get("expect").and_then(toml::Value::as_integer) else {
            return Vec::new();
        };
        let mut s = step.clone();
        s.insert("expect".into(), (v + 1).into());
        vec![Mutation {
            kind: "expect".into(),
            step: s,
        }]
    }
}

const PASSING: &str =
    "game = \"counter\"\nname = \"adds\"\nstart = 1\n[[step]]\nadd = 2\n[[step]]\nexpect = 3\n";

fn run(text: &str) -> Result<crossover_scenario::ScenarioOutcome, ScenarioError> {
    run_source("c.toml", text, &[runner::<Counter>()])
}

#[test]
fn steps_run_in_order_and_the_first_unmet_expectation_is_reported_with_its_line() {
    let ok = run(PASSING).unwrap();
    assert_eq!(
        (ok.name.as_str(), ok.game, ok.failure),
        ("adds", "counter", None)
    );
    let f = run(&PASSING.replace("expect = 3", "expect = 4"))
        .unwrap()
        .failure
        .unwrap();
    assert_eq!((f.step, f.line), (2, 6));
    assert_eq!(
        f.to_string(),
        "step 2 (line 6): the counter\n    expected: 4\n    actual:   3"
    );
}

#[test]
fn the_game_key_picks_the_runner_and_an_unknown_one_lists_the_known_games() {
    let e = run_source(
        "c.toml",
        "\n\ngame = \"chess\"\n",
        &[runner::<Counter>(), runner::<Counter>()],
    )
    .unwrap_err();
    assert_eq!(e.line, 3);
    assert_eq!(
        e.to_string(),
        "c.toml:3: unknown game `chess`; scenarios exist for: counter, counter"
    );
    let e = run_source("c.toml", "game = \"countr\"\n", &[runner::<Counter>()]).unwrap_err();
    assert_eq!(e.hint.as_deref(), Some("did you mean `counter`?"));
    let shown = e.diagnostic(Some("game = \"countr\"\n")).render(false);
    assert!(
        shown.starts_with("c.toml:1:8: unknown game `countr`"),
        "{shown}"
    );
    assert!(shown.contains("help: did you mean `counter`?"), "{shown}");
    let e = run("start = 1\n").unwrap_err();
    assert_eq!(e.line, 1);
    assert!(e.message.contains("names its game"), "{e}");
    let e = run("game = 7\n").unwrap_err();
    assert!(e.message.contains("in quotes"), "{e}");
}

#[test]
fn malformed_files_are_errors_at_their_line() {
    for (text, line, phrase) in [
        ("game = \"counter\"\nstart = -1\n", 2, "starts at 0"),
        (
            "game = \"counter\"\nstart = 1\nspeed = 2\n",
            3,
            "unknown field `speed`",
        ),
        (
            "game = \"counter\"\nstart = 1\n[[step]]\nadd = 1\n[[step]]\nmultiply = 2\n",
            6,
            "unknown field `multiply`",
        ),
        (
            "game = \"counter\"\nstart = 1\n[[step]]\n",
            3,
            "adds or expects",
        ),
        (
            "game = \"counter\"\nstart = 1\nstep = 3\n",
            3,
            "list of tables",
        ),
        (
            "game = \"counter\"\nname = 3\nstart = 1\n",
            2,
            "text in quotes",
        ),
        ("game = \"counter\"\n[[step]\n", 2, ""),
    ] {
        let e = run(text).expect_err(text);
        assert_eq!(e.line, line, "{e}\n{text}");
        assert!(e.message.contains(phrase), "{e}");
        assert!(
            e.to_string().starts_with(&format!("c.toml:{line}: ")),
            "{e}"
        );
    }
}

#[test]
fn the_mutation_test_changes_each_expectation_and_wants_a_failure_at_that_step() {
    let r = crossover_scenario::mutation_test::<Counter>("c.toml", PASSING).unwrap();
    assert_eq!(r.changed, vec![(2, "expect".to_string())]);
    assert!(r.problems.is_empty(), "{:?}", r.problems);
    // A scenario that fails as written is refused: its mutations would prove nothing.
    assert!(
        crossover_scenario::mutation_test::<Counter>("c.toml", &PASSING.replace("= 3", "= 9"))
            .is_err()
    );
}

#[test]
fn run_paths_collects_sorted_files_and_prints_a_summary() {
    let dir = std::env::temp_dir().join(format!("crossover-scenario-{}", std::process::id()));
    let sub = dir.join("sub");
    std::fs::create_dir_all(&sub).unwrap();
    std::fs::write(dir.join("b.toml"), PASSING).unwrap();
    std::fs::write(
        sub.join("a.toml"),
        PASSING.replace("expect = 3", "expect = 5"),
    )
    .unwrap();
    std::fs::write(dir.join("c.toml"), "game = \"go\"\n").unwrap();
    std::fs::write(dir.join("notes.txt"), "not a scenario").unwrap();
    let mut out = Vec::new();
    let summary = run_paths(
        &[dir.clone(), dir.join("missing")],
        &[runner::<Counter>()],
        &mut out,
        false,
    )
    .unwrap();
    let text = String::from_utf8(out).unwrap();
    std::fs::remove_dir_all(&dir).unwrap();
    assert_eq!((summary.passed, summary.failed), (1, 3), "{text}");
    let lines: Vec<&str> = text.lines().collect();
    assert!(
        lines[0].starts_with("ERROR ") && lines[0].contains("missing"),
        "{text}"
    );
    assert!(
        lines[1].starts_with("ok    ") && lines[1].ends_with("b.toml  (adds)"),
        "{text}"
    );
    // An error shows the offending line under its `file:line:col` line.
    assert!(lines[2].contains("c.toml:1:8: unknown game `go`"), "{text}");
    let fail = lines.iter().position(|l| l.starts_with("FAIL  ")).unwrap();
    assert!(
        lines[2..fail].iter().any(|l| l.contains("game = \"go\"")),
        "{text}"
    );
    assert!(lines[fail].contains("a.toml"), "{text}");
    assert_eq!(lines.last(), Some(&"1 passed, 3 failed"));
}

#[cfg(unix)]
#[test]
fn symbolic_links_back_to_a_directory_are_searched_once_not_forever() {
    // Three links to `.` made the search visit 3^40 paths (it never ended).
    let dir = std::env::temp_dir().join(format!("crossover-scenario-links-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("a.toml"), PASSING).unwrap();
    for l in ["l1", "l2", "l3"] {
        std::os::unix::fs::symlink(".", dir.join(l)).unwrap();
    }
    let files = crossover_scenario::collect(&dir).unwrap();
    std::fs::remove_dir_all(&dir).unwrap();
    assert_eq!(files, vec![dir.join("a.toml")]);
}

#[cfg(unix)]
#[test]
fn a_named_pipe_among_the_scenarios_is_refused_not_waited_on() {
    // Opening a named pipe blocks until something writes to it: the run never ended.
    let dir = std::env::temp_dir().join(format!("crossover-scenario-fifo-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("a.toml"), PASSING).unwrap();
    let made = std::process::Command::new("mkfifo")
        .arg(dir.join("b.toml"))
        .status()
        .unwrap();
    assert!(made.success());
    let e = crossover_scenario::collect(&dir).unwrap_err().to_string();
    std::fs::remove_dir_all(&dir).unwrap();
    assert!(e.contains("b.toml is not a regular file"), "{e}");
}
