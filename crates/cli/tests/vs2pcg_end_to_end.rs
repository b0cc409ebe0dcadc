//! End-to-end tests of the `crossover` binary on Vs. System 2PCG: a game typed at the
//! numbered prompt to its end, its replay, `sim --json` and `deck check`.

use serde_json::Value;
use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

fn crossover(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_crossover"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("cannot start crossover");
    let _ = child.stdin.take().unwrap().write_all(stdin.as_bytes());
    child.wait_with_output().unwrap()
}

fn text(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn temp_dir(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("crossover-2pcg-{}-{test}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn play_is_typed_to_a_finished_game_and_its_replay_reproduces_the_hash() {
    let dir = temp_dir("play");
    let save = dir.join("game.replay.json");
    // Always answer "1": the first legal option, until the game is over.
    let input = "1\n".repeat(5000);
    let out = crossover(
        &["play", "--seed", "3", "--save", save.to_str().unwrap()],
        &input,
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let shown = text(&out);
    assert!(
        shown.contains("Result:"),
        "the game must finish:\n{}",
        &shown[shown.len().saturating_sub(2000)..]
    );
    assert!(shown.contains("Turn 1"), "the board is shown");
    let hash = shown
        .lines()
        .find_map(|l| l.strip_prefix("Final state hash: "))
        .expect("final hash printed")
        .to_string();
    let replay = crossover(
        &["replay", save.to_str().unwrap(), "--to-end", "--json"],
        "",
    );
    assert!(
        replay.status.success(),
        "{}",
        String::from_utf8_lossy(&replay.stderr)
    );
    let summary: Value = serde_json::from_str(&text(&replay)).unwrap();
    assert_eq!(summary["hash"], Value::from(hash));
    assert!(summary["outcome"].is_object());
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Hidden information (issue 11): line mode echoes the computer's moves as the human
/// may see them, so a card the computer plays face down as a resource is not named.
#[test]
fn play_line_mode_never_names_the_computers_face_down_resource() {
    let input = "1\n".repeat(5000);
    let out = crossover(&["play", "--seed", "5"], &input);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let shown = text(&out);
    let computer_resources: Vec<&str> = shown
        .lines()
        .filter(|l| !l.starts_with("seat 0") && l.starts_with("seat "))
        .filter(|l| l.contains("face down as a resource"))
        .collect();
    assert!(
        !computer_resources.is_empty(),
        "the computer plays a face-down resource in this game"
    );
    for l in computer_resources {
        assert!(
            l.ends_with(": Play a card face down as a resource"),
            "names a hidden card: {l}"
        );
    }
}

#[test]
fn sim_prints_json_with_games_wins_ties_and_average_turns_and_is_deterministic() {
    let args = ["sim", "vs2pcg", "--games", "20", "--seed", "1", "--json"];
    let a = text(&crossover(&args, ""));
    let b = text(&crossover(&args, ""));
    assert_eq!(a, b, "same seed, same results");
    let v: Value = serde_json::from_str(&a).unwrap();
    assert_eq!(v["games"], 20);
    let wins: u64 = v["wins"]
        .as_array()
        .unwrap()
        .iter()
        .map(|w| w.as_u64().unwrap())
        .sum();
    assert_eq!(wins + v["ties"].as_u64().unwrap(), 20);
    assert!(v["avg_turns"].as_f64().unwrap() > 1.0);
}

#[test]
fn sim_with_search_players_and_threads_prints_identical_results_twice() {
    let args = [
        "sim",
        "vs2pcg",
        "--games",
        "4",
        "--seed",
        "11",
        "--threads",
        "2",
        "--ai",
        "ismcts:iterations=40,threads=2",
        "--ai",
        "greedy",
    ];
    let a = crossover(&args, "");
    assert!(a.status.success(), "{}", String::from_utf8_lossy(&a.stderr));
    let b = crossover(&args, "");
    // The summary's first line has the wall time; every result line must match.
    let results = |o: &Output| {
        text(o)
            .lines()
            .skip(1)
            .map(String::from)
            .collect::<Vec<_>>()
    };
    assert_eq!(results(&a), results(&b));
    let out = text(&a);
    assert!(
        out.contains("player 0 ismcts:iterations=40,threads=2: "),
        "{out}"
    );
    assert!(out.contains("95% CI"), "{out}");
}

#[test]
fn bench_prints_every_figure_as_json() {
    let out = crossover(
        &[
            "bench",
            "vs2pcg",
            "--json",
            "--seconds",
            "0.05",
            "--ismcts-iterations",
            "20",
        ],
        "",
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: Value = serde_json::from_str(&text(&out)).unwrap();
    for key in [
        "random_games_per_s",
        "actions_per_s",
        "clone_ns",
        "legal_actions_ns",
        "ismcts_iterations_per_s",
    ] {
        assert!(v[key].as_f64().is_some_and(|x| x > 0.0), "{key} in {v}");
    }
    assert_eq!(v["ismcts_iterations_per_decision"], 20);
    assert!(v["machine"].as_str().is_some_and(|m| !m.is_empty()));
    let bad = crossover(&["bench", "vs2pcg", "--seconds", "0"], "");
    assert_eq!(bad.status.code(), Some(2));
}

#[test]
fn deck_check_prints_legal_or_every_problem_with_its_line() {
    let dir = temp_dir("deck");
    let good = dir.join("good.deck");
    let mut list = String::from("# a legal deck\nmain mnb-001\n");
    for n in ["mnb-109", "mnb-110", "mnb-111", "mnb-112", "mnb-026"] {
        list += &format!("4 {n}\n");
    }
    for n in [
        "mnb-009", "mnb-010", "mnb-011", "mnb-012", "mnb-013", "mnb-014", "mnb-018", "mnb-021",
        "mnb-022", "mnb-023",
    ] {
        list += &format!("4 {n}\n");
    }
    std::fs::write(&good, &list).unwrap();
    let out = crossover(&["deck", "check", "vs2pcg", good.to_str().unwrap()], "");
    assert!(out.status.success());
    assert_eq!(text(&out).trim(), "legal");

    let bad = dir.join("bad.deck");
    std::fs::write(&bad, "main mnb-001\n5 mnb-009\nwat 3\n3 No Such Card\n").unwrap();
    let out = crossover(&["deck", "check", "vs2pcg", bad.to_str().unwrap()], "");
    assert_eq!(out.status.code(), Some(1));
    let t = text(&out);
    assert!(
        t.contains("bad.deck:2: 5 copies of Ant-Man; at most 4"),
        "{t}"
    );
    assert!(t.contains(":4: unknown card `No Such Card`"), "{t}");
    assert!(t.contains("exactly 60"), "{t}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn cards_list_show_and_a_cards_dir_that_fixes_or_breaks_a_card() {
    let list = text(&crossover(&["cards", "list", "vs2pcg", "--set", "mnb"], ""));
    assert_eq!(
        list.lines().count(),
        113,
        "every Marvel Battles card is listed"
    );
    let thor = text(&crossover(&["cards", "show", "vs2pcg", "mnb-021"], ""));
    assert!(thor.contains("6 ATK / 5 DEF"), "{thor}");
    assert!(thor.contains("Lightning Strike — Main [Energy]"), "{thor}");

    let dir = temp_dir("cards");
    std::fs::write(
        dir.join("fix.cards"),
        "; a house rule: a stronger Thor\n(card mnb-021 \"Thor\"\n  (supporting (cost 6) (atk 9) (def 5) (health 2) (team avengers) flight))\n",
    )
    .unwrap();
    let fixed = text(&crossover(
        &[
            "cards",
            "show",
            "vs2pcg",
            "mnb-021",
            "--cards",
            dir.to_str().unwrap(),
        ],
        "",
    ));
    assert!(fixed.contains("9 ATK / 5 DEF"), "{fixed}");

    std::fs::write(
        dir.join("fix.cards"),
        "(card mnb-021 \"Thor\"\n  (supporting (cost 6) (atk 9)))\n",
    )
    .unwrap();
    let broken = crossover(
        &[
            "cards",
            "show",
            "vs2pcg",
            "mnb-021",
            "--cards",
            dir.to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(broken.status.code(), Some(1));
    let err = String::from_utf8_lossy(&broken.stderr);
    assert!(err.contains("fix.cards:2:"), "a file:line error: {err}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn play_main_swaps_your_main_character_and_refuses_a_card_that_is_not_one() {
    let dir = temp_dir("main");
    let save = dir.join("game.replay.json");
    let decks = ["--deck", "avengers-cap", "--deck", "villains-goblin"];
    let mut args = vec!["play", "--seed", "4", "--ai", "random", "--main", "Hulk"];
    args.extend(decks);
    args.extend(["--save", save.to_str().unwrap()]);
    let out = crossover(&args, &"1\n".repeat(5000));
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(text(&out).contains("Hulk"), "Hulk is in play");
    let replay: Value = serde_json::from_str(&std::fs::read_to_string(&save).unwrap()).unwrap();
    assert_eq!(replay["setup"]["players"][0]["main"], "mnb-003");
    assert_eq!(replay["setup"]["players"][1]["main"], "mnb-079");

    let mut args = vec!["play", "--seed", "4", "--main", "Black Panther"];
    args.extend(decks);
    let out = crossover(&args, "");
    // A usage error that names the option (it used to blame the deck's line 2).
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("--main Black Panther:") && err.contains("is not a level 1 main character"),
        "{err}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Issue 12: `crossover play` without a game is 2PCG with 2PCG's options, the same game
/// as `crossover play vs2pcg`.
#[test]
fn play_without_a_game_is_play_vs2pcg() {
    let dir = temp_dir("default-game");
    let decks = ["--deck", "xmen-storm", "--deck", "avengers-cap"];
    let mut hashes = Vec::new();
    for game in [None, Some("vs2pcg")] {
        let save = dir.join(format!("{game:?}.replay.json"));
        let mut args = vec!["play"];
        args.extend(game);
        args.extend([
            "--seed",
            "8",
            "--ai",
            "random",
            "--save",
            save.to_str().unwrap(),
        ]);
        args.extend(decks);
        let out = crossover(&args, &"1\n".repeat(30));
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let replay: Value = serde_json::from_str(&std::fs::read_to_string(&save).unwrap()).unwrap();
        assert_eq!(replay["game"], "vs2pcg");
        assert!(replay["setup"]["players"][0]["name"]
            .as_str()
            .unwrap()
            .contains("xmen-storm"));
        hashes.push(replay["final_hash"].clone());
    }
    assert_eq!(hashes[0], hashes[1]);
    let list = text(&crossover(&["deck", "list", "vs2pcg"], ""));
    assert!(
        list.contains("xmen-storm") && list.contains("main character: Storm"),
        "{list}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}
