//! End-to-end tests of the `crossover` binary on the toy game.

use serde_json::Value;
use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

/// Run the binary with `args`, feeding `stdin`.
fn crossover(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_crossover"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("cannot start crossover");
    // The process may exit before reading everything; a broken pipe is fine then.
    let _ = child.stdin.take().unwrap().write_all(stdin.as_bytes());
    child.wait_with_output().unwrap()
}

fn stdout(output: &Output) -> String {
    assert!(
        output.status.success(),
        "exit {:?}\nstdout:\n{}\nstderr:\n{}",
        output.status.code(),
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout.clone()).unwrap()
}

/// A fresh directory for one test's files.
fn temp_dir(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("crossover-cli-{}-{test}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The text after `prefix` on the first line that starts with it.
fn line_after<'a>(text: &'a str, prefix: &str) -> &'a str {
    text.lines()
        .find_map(|l| l.strip_prefix(prefix))
        .unwrap_or_else(|| panic!("no line starting with {prefix:?} in:\n{text}"))
}

#[test]
fn a_played_game_replays_to_the_same_end() {
    let dir = temp_dir("play");
    let save = dir.join("game.replay.json");
    let out = stdout(&crossover(
        &[
            "play",
            "toy",
            "--seed",
            "7",
            "--ai",
            "random",
            "--save",
            save.to_str().unwrap(),
        ],
        &"1\n".repeat(30),
    ));
    assert!(out.contains("Result: "), "{out}");
    let hash = line_after(&out, "Final state hash: ");
    assert_eq!(line_after(&out, "Replay saved to "), save.to_str().unwrap());

    let replay = stdout(&crossover(
        &["replay", save.to_str().unwrap(), "--to-end", "--json"],
        "",
    ));
    let summary: Value = serde_json::from_str(&replay).unwrap();
    assert_eq!(summary["hash"], hash);
    assert!(summary["outcome"]["Win"].is_array(), "{summary}");
    let saved: Value = serde_json::from_str(&std::fs::read_to_string(&save).unwrap()).unwrap();
    assert_eq!(
        summary["actions"],
        saved["actions"].as_array().unwrap().len()
    );
    assert!(summary["turns"].as_u64().unwrap() >= 1);

    // Without --json: every action, then the summary.
    let text = stdout(&crossover(&["replay", save.to_str().unwrap()], ""));
    assert!(
        text.contains("   1. turn 1, seat 0: Take 1 counter"),
        "{text}"
    );
    assert_eq!(line_after(&text, "Final hash: "), hash);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn end_of_input_quits_and_still_saves() {
    let dir = temp_dir("eof");
    let save = dir.join("nested").join("eof.replay.json");
    let out = stdout(&crossover(
        &[
            "play",
            "toy",
            "--seed",
            "1",
            "--save",
            save.to_str().unwrap(),
        ],
        "2\n",
    ));
    assert!(out.contains("End of input: quitting."), "{out}");
    assert!(out.contains("Game abandoned"), "{out}");
    let summary: Value = serde_json::from_str(&stdout(&crossover(
        &["replay", save.to_str().unwrap(), "--to-end", "--json"],
        "",
    )))
    .unwrap();
    assert_eq!(summary["outcome"], Value::Null);
    // The human's action and the computer's answer.
    assert_eq!(summary["actions"], 2);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn sim_json_is_reproducible() {
    let args = ["sim", "toy", "--games", "50", "--seed", "1", "--json"];
    let first = stdout(&crossover(&args, ""));
    assert_eq!(stdout(&crossover(&args, "")), first);
    let report: Value = serde_json::from_str(&first).unwrap();
    assert_eq!(report["games"], 50);
    assert_eq!(report["seed"], 1);
    let wins: u64 = report["wins"]
        .as_array()
        .unwrap()
        .iter()
        .map(|w| w.as_u64().unwrap())
        .sum();
    assert_eq!(wins + report["ties"].as_u64().unwrap(), 50);
    assert!(report["avg_turns"].as_f64().unwrap() > 0.0);
    assert!(report["avg_actions"].as_f64().unwrap() > 0.0);
}

#[test]
fn sim_results_do_not_depend_on_threads() {
    let run = |threads: &str| {
        stdout(&crossover(
            &[
                "sim",
                "toy",
                "--games",
                "60",
                "--seed",
                "3",
                "--ai",
                "greedy:epsilon=0.2",
                "--ai",
                "random",
                "--threads",
                threads,
                "--json",
            ],
            "",
        ))
    };
    let one = run("1");
    assert_eq!(run("2"), one);
    assert_eq!(run("5"), one);
}

#[test]
fn sim_summary_credits_players_in_the_order_given() {
    let out = stdout(&crossover(
        &[
            "sim", "toy", "--games", "40", "--seed", "2", "--ai", "greedy", "--ai", "random",
        ],
        "",
    ));
    assert!(out.starts_with("40 games of toy (seed 2)"), "{out}");
    assert!(out.contains("player 0 greedy: "), "{out}");
    assert!(out.contains("player 1 random: "), "{out}");
    assert!(out.contains("ties: "), "{out}");
}

#[test]
fn game_errors_name_the_game_and_exit_1() {
    let out = crossover(
        &[
            "sim",
            "toy",
            "--games",
            "5",
            "--seed",
            "4",
            "--max-actions",
            "2",
        ],
        "",
    );
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("game 0 (seed "), "{err}");
    assert!(err.contains("did not end within 2 actions"), "{err}");
}

#[test]
fn usage_errors_exit_2() {
    for args in [
        &["sim", "chess", "--games", "1"][..],
        &["sim", "toy", "--games", "1", "--ai", "nobody"],
        &[
            "sim", "toy", "--games", "1", "--ai", "random", "--ai", "random", "--ai", "random",
        ],
        &["sim", "toy", "--games", "0"],
        &["play", "toy", "--seat", "5"],
        &["replay"],
    ] {
        let out = crossover(args, "");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(!out.stderr.is_empty(), "{args:?}");
    }
}

#[test]
fn bad_replays_exit_1() {
    let dir = temp_dir("bad-replay");
    let save = dir.join("r.replay.json");
    stdout(&crossover(
        &[
            "play",
            "toy",
            "--seed",
            "9",
            "--save",
            save.to_str().unwrap(),
        ],
        "1\n1\n",
    ));
    let text = std::fs::read_to_string(&save).unwrap();
    let mut replay: Value = serde_json::from_str(&text).unwrap();
    replay["final_hash"] = Value::from(12345u64);
    let tampered = dir.join("tampered.json");
    std::fs::write(&tampered, replay.to_string()).unwrap();
    let not_json = dir.join("not.json");
    std::fs::write(&not_json, "hello").unwrap();
    let missing = dir.join("missing.json");
    for (file, message) in [
        (&tampered, "does not verify"),
        (&not_json, "not a replay"),
        (&missing, "cannot read"),
    ] {
        let out = crossover(&["replay", file.to_str().unwrap()], "");
        assert_eq!(out.status.code(), Some(1), "{file:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(message), "{file:?}: {err}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_setup_file_changes_the_game() {
    let dir = temp_dir("setup");
    let setup = dir.join("setup.json");
    std::fs::write(&setup, r#"{"pile": 40, "max_turns": 1}"#).unwrap();
    let out = stdout(&crossover(
        &[
            "sim",
            "toy",
            "--games",
            "10",
            "--seed",
            "1",
            "--json",
            "--setup",
            setup.to_str().unwrap(),
        ],
        "",
    ));
    let report: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(report["avg_turns"], 1.0);
    std::fs::write(&setup, r#"{"pile": "many"}"#).unwrap();
    let out = crossover(
        &[
            "sim",
            "toy",
            "--games",
            "1",
            "--setup",
            setup.to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(out.status.code(), Some(1));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn every_subcommand_has_help_that_lists_the_games() {
    for sub in [
        &["play"][..],
        &["sim"],
        &["replay"],
        &["bench"],
        &["cards", "list"],
        &["cards", "show"],
        &["deck", "check"],
        &["deck", "list"],
    ] {
        let mut args = sub.to_vec();
        args.push("--help");
        let out = stdout(&crossover(&args, ""));
        assert!(out.contains("Usage: crossover "), "{out}");
        assert!(
            out.contains("vs2pcg") && out.contains("toy"),
            "{sub:?}: {out}"
        );
        assert!(out.contains("two-seat Nim"), "the toy's description: {out}");
    }
    let out = stdout(&crossover(&["--help"], ""));
    assert!(out.contains("Games"), "{out}");
    assert!(
        out.contains("toy ") && out.contains("two-seat Nim"),
        "{out}"
    );
    let out = stdout(&crossover(&["play", "toy", "--help"], ""));
    assert!(out.contains("--pile") && out.contains("--seat"), "{out}");
    assert!(
        !out.contains("--deck"),
        "2PCG's options are not the toy's: {out}"
    );
}

/// `cards` and `deck` set up no game: their help shows only the game's options that
/// mean something there (2PCG's card directory), not the deck and opponent of a game.
#[test]
fn cards_and_deck_help_leave_out_the_options_that_set_up_a_game() {
    for sub in [
        &["cards", "list"][..],
        &["cards", "show"],
        &["cards", "import"],
        &["deck", "check"],
        &["deck", "list"],
    ] {
        for game in ["ufs", "mc", "vs2pcg"] {
            let mut args = sub.to_vec();
            args.extend([game, "--help"]);
            let out = stdout(&crossover(&args, ""));
            assert!(out.contains("Usage: crossover "), "{args:?}: {out}");
            assert!(
                !out.contains("--deck")
                    && !out.contains("--opponent")
                    && !out.contains("--villain"),
                "{args:?}: {out}"
            );
            assert_eq!(
                out.contains("--cards <DIR>"),
                game == "vs2pcg",
                "{args:?}: {out}"
            );
        }
    }
    // The game's setup options are still there where a game is set up.
    let out = stdout(&crossover(&["sim", "ufs", "--help"], ""));
    assert!(
        out.contains("--deck") && out.contains("--opponent"),
        "{out}"
    );
}

/// Issue 12: an unknown game is a usage error that says which games exist.
#[test]
fn an_unknown_game_names_the_games_and_the_closest() {
    for args in [
        &["sim", "toi", "--games", "1"][..],
        &["play", "toi"],
        &["bench", "toi"],
        &["cards", "list", "toi"],
    ] {
        let out = crossover(args, "");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains("unknown game 'toi'"), "{args:?}: {err}");
        assert!(err.contains("did you mean 'toy'?"), "{err}");
        assert!(err.contains("vs2pcg, mc, toy"), "{err}");
    }
}

/// Issue 12: every command goes through the game's platform implementation; the toy
/// has no cards or decks, and says so.
#[test]
fn the_toy_has_no_cards_or_decks_and_says_so() {
    for (args, message) in [
        (&["cards", "list", "toy"][..], "toy has no cards"),
        (&["cards", "show", "toy", "x"], "toy has no cards"),
        (&["deck", "list", "toy"], "toy has no decks"),
        (&["deck", "check", "toy", "x.deck"], "toy has no decks"),
    ] {
        let out = crossover(args, "");
        assert_eq!(out.status.code(), Some(1), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(message), "{args:?}: {err}");
    }
}

#[test]
fn the_toys_own_options_change_its_setup() {
    let out = stdout(&crossover(
        &[
            "sim",
            "toy",
            "--games",
            "10",
            "--seed",
            "1",
            "--json",
            "--pile",
            "40",
            "--max-turns",
            "1",
        ],
        "",
    ));
    let report: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(report["avg_turns"], 1.0);
    let out = crossover(&["sim", "toy", "--games", "1", "--pile", "0"], "");
    assert_eq!(out.status.code(), Some(2), "the pile's limit is checked");
    let out = crossover(
        &["sim", "toy", "--games", "1", "--deck", "avengers-cap"],
        "",
    );
    assert_eq!(
        out.status.code(),
        Some(2),
        "--deck is 2PCG's, not the toy's"
    );
}

#[test]
fn bench_runs_the_generic_workloads_of_the_toy() {
    let out = stdout(&crossover(
        &[
            "bench",
            "toy",
            "--json",
            "--seconds",
            "0.02",
            "--ismcts-iterations",
            "10",
        ],
        "",
    ));
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["game"], "toy");
    for key in [
        "random_games_per_s",
        "clone_ns",
        "legal_actions_ns",
        "ismcts_iterations_per_s",
    ] {
        assert!(v[key].as_f64().is_some_and(|x| x > 0.0), "{key} in {v}");
    }
    assert!(
        v.get("targets").is_none(),
        "the toy has no speed targets: {v}"
    );
}

#[test]
fn a_replay_named_with_the_wrong_game_is_refused() {
    let dir = temp_dir("wrong-game");
    let save = dir.join("r.replay.json");
    crossover(
        &[
            "play",
            "toy",
            "--seed",
            "9",
            "--save",
            save.to_str().unwrap(),
        ],
        "1\n",
    );
    let out = stdout(&crossover(
        &[
            "replay",
            "toy",
            save.to_str().unwrap(),
            "--to-end",
            "--json",
        ],
        "",
    ));
    assert!(out.contains("\"hash\""), "{out}");
    let out = crossover(&["replay", "vs2pcg", save.to_str().unwrap()], "");
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("is a replay of toy, not of vs2pcg"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn options_before_the_game_are_a_usage_error_that_says_where_the_game_goes() {
    let out = crossover(&["play", "--seed", "3", "toy"], "");
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("crossover play toy [OPTIONS]"), "{err}");
}

#[test]
fn scenario_run_runs_the_toy_scenarios_through_the_registry() {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../../scenarios/toy");
    let out = stdout(&crossover(&["scenario", "run", root], ""));
    assert!(out.contains("toy-001"), "{out}");
    assert!(out.trim_end().ends_with("3 passed, 0 failed"), "{out}");
}

#[test]
fn a_scenario_naming_an_unknown_game_is_an_error_at_its_game_line() {
    let dir = temp_dir("scenario-unknown-game");
    let file = dir.join("x.toml");
    std::fs::write(&file, "name = \"x\"\ngame = \"tooy\"\npile = 3\n").unwrap();
    let out = crossover(&["scenario", "run", file.to_str().unwrap()], "");
    assert!(!out.status.success());
    let text =
        String::from_utf8_lossy(&out.stdout).to_string() + &String::from_utf8_lossy(&out.stderr);
    assert!(text.contains("x.toml:2"), "{text}");
    assert!(text.contains("toy") && text.contains("vs2pcg"), "{text}");
}

#[test]
fn a_malformed_setup_file_is_a_diagnostic_showing_its_line() {
    let dir = temp_dir("bad-setup");
    let file = dir.join("setup.json");
    std::fs::write(&file, "{\n  \"pile\": 5,\n  \"max_turns\": \"many\"\n}\n").unwrap();
    let out = crossover(
        &[
            "sim",
            "toy",
            "--games",
            "1",
            "--setup",
            file.to_str().unwrap(),
        ],
        "",
    );
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("setup.json:3:"), "{err}");
    assert!(
        err.contains("\"max_turns\": \"many\""),
        "the line is shown: {err}"
    );
    assert!(err.contains("not a toy setup"), "{err}");
}
