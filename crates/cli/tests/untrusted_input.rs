//! Issue 11 §3: untrusted input never crashes, hangs or eats the machine. Each test runs
//! the `crossover` binary on one kind of hostile or mistaken input and checks for a
//! clear error (or, where the input is legal, success), never a panic.

use serde_json::Value;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

fn crossover_in(dir: Option<&Path>, args: &[&str], stdin: &str) -> Output {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_crossover"));
    if let Some(d) = dir {
        cmd.current_dir(d);
    }
    let mut child = cmd
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("cannot start crossover");
    let _ = child.stdin.take().unwrap().write_all(stdin.as_bytes());
    child.wait_with_output().unwrap()
}

fn crossover(args: &[&str]) -> Output {
    crossover_in(None, args, "")
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// Fails with the output unless the command failed with `code` and a message (on
/// standard error, or the problems `deck check` lists on standard output) containing
/// every one of `wanted`, without a panic.
fn refused(o: &Output, code: i32, wanted: &[&str]) {
    let err = stderr(o) + &stdout(o);
    assert_eq!(
        o.status.code(),
        Some(code),
        "stderr: {err}\nstdout: {}",
        stdout(o)
    );
    assert!(!err.contains("panicked"), "{err}");
    for w in wanted {
        assert!(err.contains(w), "`{w}` not in: {err}");
    }
}

fn succeeded(o: &Output) {
    assert!(o.status.success(), "stderr: {}", stderr(o));
}

fn temp_dir(test: &str) -> PathBuf {
    let dir =
        std::env::temp_dir().join(format!("crossover-untrusted-{}-{test}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn p(path: &Path) -> &str {
    path.to_str().unwrap()
}

/// A legal replay of a game just begun (play with no input saves it at once).
fn fresh_replay(dir: &Path) -> Value {
    let save = dir.join("g.replay.json");
    let out = crossover(&["play", "--seed", "5", "--save", p(&save)]);
    succeeded(&out);
    serde_json::from_str(&std::fs::read_to_string(&save).unwrap()).unwrap()
}

fn write_json(dir: &Path, name: &str, v: &Value) -> PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, serde_json::to_string(v).unwrap()).unwrap();
    path
}

#[test]
fn a_replay_with_a_forged_attacker_past_the_end_is_refused_not_a_panic() {
    let dir = temp_dir("forged");
    let mut r = fresh_replay(&dir);
    r["actions"]
        .as_array_mut()
        .unwrap()
        .push(serde_json::json!({"Attack": {"attacker": 65535}}));
    let path = write_json(&dir, "forged.json", &r);
    let out = crossover(&["replay", p(&path), "--to-end"]);
    refused(&out, 1, &["was refused", "no card 65535"]);
}

#[test]
fn replay_errors_name_the_file_and_the_line_and_say_what_to_do() {
    // They named neither the file nor (for a value of the wrong type) its line.
    let dir = temp_dir("replay-lines");
    let mut r = fresh_replay(&dir);
    r["actions"] = serde_json::json!([12345]);
    let text = serde_json::to_string_pretty(&r).unwrap();
    let line = text.lines().position(|l| l.contains("12345")).unwrap() + 1;
    let path = dir.join("bad.json");
    std::fs::write(&path, &text).unwrap();
    let out = crossover(&["replay", p(&path), "--to-end"]);
    refused(
        &out,
        1,
        &[
            &format!("bad.json:{line}:"),
            "not a valid vs2pcg replay",
            "12345",
            "help: a replay file is the JSON `crossover play` saves",
        ],
    );
    // Cut off mid-line: the line where it ends.
    let cut = dir.join("cut.json");
    std::fs::write(&cut, &text[..text.len() / 2]).unwrap();
    let out = crossover(&["replay", p(&cut), "--to-end"]);
    refused(&out, 1, &["cut.json:", "this is not a replay file", "EOF"]);
    // An action refused by the rules: the file, and which action.
    let mut r = fresh_replay(&dir);
    r["actions"] = serde_json::json!([{"GoFirst": true}, {"GoFirst": true}]);
    let path = write_json(&dir, "refused.json", &r);
    let out = crossover(&["replay", p(&path), "--to-end"]);
    refused(&out, 1, &["refused.json: replay does not verify: action 2"]);
}

#[test]
fn a_replay_made_with_other_card_data_says_which_card_data_it_needs() {
    let dir = temp_dir("carddata");
    let mut r = fresh_replay(&dir);
    r["actions"]
        .as_array_mut()
        .unwrap()
        .push(serde_json::json!("Pass"));
    r["card_data_version"] = Value::from("vs2pcg-cards-0123456789abcdef");
    let path = write_json(&dir, "other.json", &r);
    let out = crossover(&["replay", p(&path), "--to-end"]);
    refused(
        &out,
        1,
        &["card data vs2pcg-cards-0123456789abcdef", "--cards"],
    );
    assert!(!stderr(&out).contains("action 0"), "{}", stderr(&out));
}

#[test]
fn dev_zero_as_deck_replay_or_setup_stops_at_the_size_cap() {
    if !Path::new("/dev/zero").exists() {
        return;
    }
    refused(
        &crossover(&["deck", "check", "vs2pcg", "/dev/zero"]),
        1,
        &["/dev/zero", "larger than"],
    );
    refused(
        &crossover(&["replay", "/dev/zero"]),
        1,
        &["/dev/zero", "larger than"],
    );
    refused(
        &crossover(&["sim", "vs2pcg", "--games", "1", "--setup", "/dev/zero"]),
        1,
        &["/dev/zero", "larger than"],
    );
}

#[test]
fn read_errors_name_the_path_and_the_os_error_not_0_0() {
    let out = crossover(&["replay", "/nonexistent/x.replay.json"]);
    refused(&out, 1, &["/nonexistent/x.replay.json", "No such file"]);
    let out = crossover(&["cards", "list", "vs2pcg", "--cards", "/nonexistent/cards"]);
    refused(&out, 1, &["/nonexistent/cards", "No such file"]);
    assert!(!stderr(&out).contains(":0:0:"), "{}", stderr(&out));
}

#[test]
fn a_deck_count_that_would_wrap_is_refused_with_its_line() {
    let dir = temp_dir("wrap");
    let deck = dir.join("wrap.deck");
    std::fs::write(&deck, "main mnb-001\n4294967295 mnb-011\n5 mnb-011\n").unwrap();
    refused(
        &crossover(&["deck", "check", "vs2pcg", p(&deck)]),
        1,
        &["wrap.deck:2:", "at most 1000 cards"],
    );
}

#[test]
fn a_non_utf8_deck_says_it_is_not_utf8_text_with_the_line() {
    let dir = temp_dir("utf8");
    let deck = dir.join("latin1.deck");
    std::fs::write(&deck, b"main mnb-001\n4 Caf\xe9\n").unwrap();
    refused(
        &crossover(&["deck", "check", "vs2pcg", p(&deck)]),
        1,
        &["latin1.deck:2:", "not UTF-8 text"],
    );
}

#[test]
fn every_command_line_number_is_bounded_and_the_message_says_the_limit() {
    refused(
        &crossover(&["sim", "vs2pcg", "--games", "99999999999999"]),
        2,
        &["1..=1000000000"],
    );
    refused(
        &crossover(&["sim", "vs2pcg", "--games", "1", "--threads", "40000"]),
        2,
        &["1..=256"],
    );
    refused(
        &crossover(&[
            "sim",
            "vs2pcg",
            "--games",
            "1",
            "--ai",
            "ismcts:ms=18446744073709551615",
        ]),
        2,
        &["from 1 to 60000"],
    );
    refused(
        &crossover(&["bench", "vs2pcg", "--seconds", "1e-300"]),
        2,
        &["from 0.01 to 3600"],
    );
    refused(
        &crossover(&["bench", "vs2pcg", "--seconds", "NaN"]),
        2,
        &["from 0.01 to 3600"],
    );
}

#[test]
fn sim_with_many_threads_and_games_runs_in_bounded_memory() {
    // 256 threads for 3 games: only as many workers as games start; results match one
    // thread's.
    let a = crossover(&[
        "sim",
        "toy",
        "--games",
        "3",
        "--seed",
        "1",
        "--threads",
        "256",
        "--json",
    ]);
    let b = crossover(&["sim", "toy", "--games", "3", "--seed", "1", "--json"]);
    succeeded(&a);
    assert_eq!(stdout(&a), stdout(&b));
}

#[test]
fn deeply_nested_card_files_are_a_file_line_error_not_a_stack_overflow() {
    let dir = temp_dir("nested");
    std::fs::write(
        dir.join("deep.cards"),
        format!("; deep\n{}", "(".repeat(40_000)),
    )
    .unwrap();
    refused(
        &crossover(&["cards", "list", "vs2pcg", "--cards", p(&dir)]),
        1,
        &["deep.cards:2:", "nested more than"],
    );
}

#[test]
fn cards_overrides_are_checked_as_the_merged_database() {
    // mnb-002 is Captain America's level 2: as a supporting character it breaks mnb-001.
    let dir = temp_dir("override-bad");
    std::fs::write(
        dir.join("x.cards"),
        "(card mnb-002 \"Captain America\"\n (supporting (cost 3) (atk 3) (def 3) (health 1) (team avengers)))",
    )
    .unwrap();
    refused(
        &crossover(&["cards", "show", "vs2pcg", "mnb-001", "--cards", p(&dir)]),
        1,
        &["mnb-002", "not a main character"],
    );
    // Overriding just level 1 (its level 2 is the built-in card) is fine.
    let dir = temp_dir("override-good");
    std::fs::write(
        dir.join("x.cards"),
        "(card mnb-001 \"Captain America\"\n (main 1 (atk 3) (def 5) (health 5) (team avengers) (levels mnb-002)))",
    )
    .unwrap();
    let out = crossover(&["cards", "show", "vs2pcg", "mnb-001", "--cards", p(&dir)]);
    succeeded(&out);
    assert!(stdout(&out).contains("Captain America"));
}

fn setup_with(decks: [(&str, Vec<&str>); 2], name: &str) -> Value {
    let players: Vec<Value> = decks
        .iter()
        .map(|(main, deck)| serde_json::json!({"name": name, "main": main, "deck": deck}))
        .collect();
    serde_json::json!({"variant": "TwoPlayer", "players": players})
}

#[test]
fn illegal_setups_are_refused_and_casual_allows_only_tournament_rule_breaks() {
    let dir = temp_dir("setups");
    let legal = crossover(&["play", "--seed", "1", "--save", p(&dir.join("l.json"))]);
    succeeded(&legal);
    let r: Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("l.json")).unwrap()).unwrap();
    let good_deck: Vec<String> = r["setup"]["players"][0]["deck"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap().to_string())
        .collect();
    let good: Vec<&str> = good_deck.iter().map(String::as_str).collect();
    let sim = |file: &Path, casual: bool| {
        let mut args = vec!["sim", "vs2pcg", "--games", "1", "--setup", p(file)];
        if casual {
            args.push("--casual");
        }
        crossover(&args)
    };
    // 60 Thors: a tournament deck may not; a casual one may.
    let thors = write_json(
        &dir,
        "thors.json",
        &setup_with(
            [("mnb-001", vec!["mnb-021"; 60]), ("mnb-001", good.clone())],
            "P",
        ),
    );
    refused(&sim(&thors, false), 1, &["60 copies of Thor", "--casual"]);
    succeeded(&sim(&thors, true));
    for (what, deck, message) in [
        ("empty", vec![], "empty"),
        ("engine", vec!["xo-player"; 60], "engine's own cards"),
        ("main", vec!["mnb-002"; 60], "is a main character"),
    ] {
        let f = write_json(
            &dir,
            &format!("{what}.json"),
            &setup_with([("mnb-001", deck), ("mnb-001", good.clone())], "P"),
        );
        refused(&sim(&f, true), 1, &[message]);
    }
    // A player name of a megabyte is refused before anything is played.
    let long = "N".repeat(1 << 20);
    let f = write_json(
        &dir,
        "name.json",
        &setup_with(
            [("mnb-001", good.clone()), ("mnb-001", good.clone())],
            &long,
        ),
    );
    refused(&sim(&f, true), 1, &["at most 100 characters"]);
}

#[test]
fn replays_are_checked_against_the_deck_rules() {
    let dir = temp_dir("replay-rules");
    let mut r = fresh_replay(&dir);
    r["setup"]["players"][0]["deck"] = serde_json::json!(vec!["mnb-021"; 60]);
    let path = write_json(&dir, "thors.json", &r);
    refused(
        &crossover(&["replay", p(&path), "--to-end"]),
        1,
        &["60 copies of Thor", "--casual"],
    );
    // With --casual the deck rules pass; the recorded hash is then what differs.
    let out = crossover(&["replay", "vs2pcg", p(&path), "--to-end", "--casual"]);
    assert!(!stderr(&out).contains("Thor"), "{}", stderr(&out));
    r["setup"]["players"][0]["name"] = Value::from("x".repeat(200));
    let path = write_json(&dir, "name.json", &r);
    refused(
        &crossover(&["replay", p(&path), "--to-end"]),
        1,
        &["at most 100 characters"],
    );
}

#[test]
fn main_option_errors_name_the_option_and_suggest_a_card() {
    let out = crossover(&["play", "--main", "nobody"]);
    refused(&out, 2, &["--main nobody: no such card"]);
    assert!(!stderr(&out).contains(":2:"), "{}", stderr(&out));
    let out = crossover(&["play", "--main", "Captian America"]);
    refused(&out, 2, &["did you mean `Captain America`?"]);
    let out = crossover(&["play", "--main", "mnb-011"]);
    refused(&out, 2, &["--main mnb-011", "not a level 1 main character"]);
}

#[test]
fn a_local_file_named_like_a_prebuilt_deck_is_not_silently_ignored() {
    let dir = temp_dir("ambiguous");
    std::fs::write(dir.join("avengers-cap"), "main mnb-001\n60 mnb-021\n").unwrap();
    let out = crossover_in(Some(&dir), &["deck", "check", "vs2pcg", "avengers-cap"], "");
    refused(
        &out,
        2,
        &["both a prebuilt deck and a file", "./avengers-cap"],
    );
    let out = crossover_in(
        Some(&dir),
        &["deck", "check", "vs2pcg", "./avengers-cap"],
        "",
    );
    refused(&out, 1, &["60 copies of Thor"]);
}

#[test]
fn deck_check_refuses_banned_cards_for_tournament_play_and_casual_allows_them() {
    let dir = temp_dir("banned");
    let deck = dir.join("cosmo.deck");
    let mut list = String::from("main mnb-001\n");
    for n in [
        "mnb-109", "mnb-110", "mnb-111", "mnb-112", "mnb-026", "mnb-009", "mnb-010", "mnb-011",
        "mnb-012", "mnb-013", "mnb-014", "mnb-018", "mnb-021", "mnb-022",
    ] {
        list += &format!("4 {n}\n");
    }
    list += "4 mnb-061\n";
    std::fs::write(&deck, list).unwrap();
    refused(
        &crossover(&["deck", "check", "vs2pcg", p(&deck)]),
        1,
        &["cosmo.deck:16:", "Cosmo (mnb-061) is banned", "tournament"],
    );
    let out = crossover(&["deck", "check", "vs2pcg", "--casual", p(&deck)]);
    succeeded(&out);
    assert!(stdout(&out).contains("legal for casual play"));
}

#[test]
fn a_scenario_with_256_wounds_gets_a_plain_range_message_not_a_serde_enum_message() {
    let dir = temp_dir("wounds");
    let file = dir.join("w.toml");
    std::fs::write(
        &file,
        "game = \"vs2pcg\"\nname = \"w\"\nrule = \"x\"\nphase = \"main\"\n\n[[player]]\n\
         main = { card = \"mnb-001\", wounds = 256 }\n\n[[player]]\nmain = \"mnb-079\"\n",
    )
    .unwrap();
    let out = crossover(&["scenario", "run", p(&file)]);
    refused(&out, 1, &["w.toml:7:", "wounds must be 0..=255, not 256"]);
    assert!(!stdout(&out).contains("untagged"), "{}", stdout(&out));
}

#[test]
fn a_misspelt_ai_is_refused_even_when_no_seat_is_the_computers() {
    // A solo Marvel Champions game has no computer seat; `--ai hardd` once started it
    // anyway and said "the other seats are played by 'hardd'".
    refused(
        &crossover(&["play", "mc", "--deck", "spider-man", "--ai", "hardd"]),
        2,
        &[
            "--ai: unknown player 'hardd'",
            "difficulty levels: easy, medium, hard",
        ],
    );
}

#[test]
fn a_misspelt_deck_name_gets_a_suggestion() {
    refused(
        &crossover(&["play", "mc", "--deck", "spiderman"]),
        2,
        &["unknown deck `spiderman`: did you mean `spider-man`?"],
    );
    refused(
        &crossover(&["play", "ufs", "--deck", "ryuu"]),
        2,
        &["unknown deck `ryuu`: did you mean `ryu`?"],
    );
}

/// A setup file whose first deck's name is too long or holds escape sequences is
/// refused for what it is, naming the file, and nothing of the name reaches the
/// terminal; `seat` is how the game's message names the deck's owner.
fn deck_name_is_refused(game: &str, seat: &str) {
    let dir = temp_dir(&format!("{game}-name"));
    let save = dir.join("g.replay.json");
    succeeded(&crossover(&[
        "play",
        game,
        "--seed",
        "5",
        "--save",
        p(&save),
    ]));
    let replay: Value = serde_json::from_str(&std::fs::read_to_string(&save).unwrap()).unwrap();
    for name in ["\u{1b}[2J\u{1b}[31mEVIL".to_string(), "x".repeat(101)] {
        let mut setup = replay["setup"].clone();
        setup["decks"][0]["name"] = Value::from(name);
        let path = write_json(&dir, "setup.json", &setup);
        let out = crossover(&["sim", game, "--games", "1", "--setup", p(&path)]);
        let message = format!("{seat}: a deck name has at most 100 characters");
        refused(&out, 1, &["setup.json", &message]);
        assert!(!stdout(&out).contains('\u{1b}') && !stderr(&out).contains('\u{1b}'));
    }
}

#[test]
fn a_ufs_setup_whose_deck_name_holds_escape_sequences_is_refused() {
    // The name went raw into sim's summary: a file could send escape sequences to the
    // terminal (vs2pcg refused them already).
    deck_name_is_refused("ufs", "seat 0");
}

#[test]
fn an_mc_setup_deck_name_too_long_or_with_escapes_is_refused_for_what_it_is() {
    // A 101-character name was refused as "a deck in the setup file is too large", and
    // escape sequences were accepted.
    deck_name_is_refused("mc", "player 0");
}

#[test]
fn a_setup_file_the_game_cannot_set_up_is_named_in_the_error() {
    // "cannot set up mc: 255 copies of `01002` is too many" did not say which file.
    let dir = temp_dir("setup-named");
    let save = dir.join("g.replay.json");
    succeeded(&crossover(&[
        "play",
        "mc",
        "--seed",
        "5",
        "--save",
        p(&save),
    ]));
    let replay: Value = serde_json::from_str(&std::fs::read_to_string(&save).unwrap()).unwrap();
    let mut setup = replay["setup"].clone();
    setup["decks"][0]["cards"] = serde_json::json!([["01002", 255]]);
    let path = write_json(&dir, "copies.json", &setup);
    let out = crossover(&["sim", "mc", "--games", "1", "--setup", p(&path)]);
    refused(&out, 1, &["copies.json: ", "255 copies"]);
    let out = crossover(&["play", "mc", "--setup", p(&path), "--save", p(&save)]);
    refused(&out, 1, &["copies.json: ", "255 copies"]);
}

#[test]
fn too_many_players_for_a_solo_game_name_its_one_seat() {
    // It said "mc with 1 seats".
    refused(
        &crossover(&[
            "sim",
            "mc",
            "--deck",
            "spider-man",
            "--games",
            "1",
            "--ai",
            "random",
            "--ai",
            "greedy",
        ]),
        2,
        &["2 players given for mc with 1 seat (give one --ai per seat, or one for all)"],
    );
}

#[test]
fn an_overlong_argument_is_refused_without_echoing_it() {
    // Errors used to echo the whole argument back: 100 KB in, 100 KB of error out.
    let long = "a".repeat(100_000);
    for args in [
        vec!["sim", "mc", "--deck", long.as_str(), "--games", "1"],
        vec!["deck", "check", "mc", long.as_str()],
        vec![long.as_str()],
    ] {
        let o = crossover(&args);
        refused(
            &o,
            2,
            &["is 100000 bytes long", "the most accepted is 4096"],
        );
        assert!(stderr(&o).len() < 300, "{}", stderr(&o));
    }
    // A long path is still fine.
    let path = "x/".repeat(1000);
    let o = crossover(&["deck", "check", "mc", &path]);
    assert!(!stderr(&o).contains("bytes long"), "{}", stderr(&o));
}
