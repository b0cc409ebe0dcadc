//! Marvel Champions in the full-screen client, driven by keystrokes in a real
//! pseudo-terminal (tmux): a whole solo game (Spider-Man against Rhino) and a whole
//! two-hero game, then `crossover replay` of the saved replay must end at the state
//! hash the client printed (issue 13: "A tmux end-to-end test plays a whole solo game
//! and a two-hero game in the client by keystrokes and replays it to the same hash").
//! `.ci/run` installs tmux.

use std::path::PathBuf;
use std::process::Command;
use std::time::{Duration, Instant};

fn tmux(args: &[&str]) -> String {
    let out = Command::new("tmux")
        .args(args)
        .output()
        .expect("tmux is needed for this test (.ci/run installs it: apt-get install tmux)");
    String::from_utf8_lossy(&out.stdout).into_owned()
}

struct Session(String);

impl Drop for Session {
    fn drop(&mut self) {
        tmux(&["kill-session", "-t", &self.0]);
    }
}

/// What the end-to-end run saw.
struct Played {
    /// The first screen of the game (after `first_screen` showed).
    first: String,
    /// The last screen of the game, with "Game over" on it.
    last: String,
    /// What the client printed after leaving the full screen.
    printed: String,
}

/// Option keys pressed over and over: choose option 3 (when there is one), then 2, then
/// the first, then 4, each with Enter. A person's turn so plays cards, pays for them,
/// changes form, attacks and thwarts, and still ends (End your turn is option 1). Any
/// key lifts the hot-seat curtain; Enter shows a waiting computer action at once.
const KEYS: &[&str] = &["3", "Enter", "2", "Enter", "Enter", "4", "Enter"];

/// Start `crossover play mc ARGS` in a 100×30 tmux terminal, wait for `first_screen`,
/// press [`KEYS`] until the game is over, quit with q, and check that
/// `crossover replay --to-end --json` of the saved replay ends at the hash the client
/// printed.
fn play_by_keys(test: &str, args: &str, first_screen: &str) -> Played {
    let dir = std::env::temp_dir().join(format!("crossover-mc-{test}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let replay: PathBuf = dir.join("game.replay.json");
    let bin = env!("CARGO_BIN_EXE_crossover");
    let name = format!("crossover-mc-e2e-{test}-{}", std::process::id());
    // No pause after computer actions: the test presses Enter anyway, this only keeps
    // the run short.
    let command = format!(
        "env CROSSOVER_PACE_MS=0 {bin} play mc {args} --save {}",
        replay.display()
    );
    tmux(&[
        "new-session",
        "-d",
        "-s",
        &name,
        "-x",
        "100",
        "-y",
        "30",
        &command,
    ]);
    let session = Session(name.clone());
    tmux(&["set-option", "-t", &name, "remain-on-exit", "on"]);

    // Generous limits: they only turn a hang into a failure with the screen, they
    // measure nothing.
    let start = Instant::now();
    let mut screen = String::new();
    while !screen.contains(first_screen) {
        assert!(
            start.elapsed() < Duration::from_secs(30),
            "no {first_screen:?} on the first screen:\n{screen}"
        );
        std::thread::sleep(Duration::from_millis(100));
        screen = tmux(&["capture-pane", "-p", "-t", &name]);
    }
    let first = screen.clone();
    let mut last = String::new();
    while !screen.contains("Game over") {
        assert!(
            start.elapsed() < Duration::from_secs(300),
            "no game over after 5 minutes; the screen:\n{screen}"
        );
        for key in KEYS {
            tmux(&["send-keys", "-t", &name, key]);
        }
        std::thread::sleep(Duration::from_millis(50));
        screen = tmux(&["capture-pane", "-p", "-t", &name]);
        last = screen.clone();
    }
    // Enter doesn't leave the finished game; q does.
    tmux(&["send-keys", "-t", &name, "q"]);
    let mut printed = String::new();
    let mut dead_since: Option<Instant> = None;
    while !printed.contains("Replay saved to") {
        std::thread::sleep(Duration::from_millis(100));
        // With the scrollback: what the client prints after leaving the full screen may
        // have scrolled.
        printed = tmux(&["capture-pane", "-p", "-S", "-500", "-t", &name]);
        let dead = tmux(&["display-message", "-p", "-t", &name, "#{pane_dead}"]);
        // On a loaded machine tmux may show the client's last lines a while after the
        // process has exited (a full `cargo test --workspace` once missed them at 3 s).
        if dead.trim() == "1" && !printed.contains("Replay saved to") {
            let since = *dead_since.get_or_insert_with(Instant::now);
            assert!(
                since.elapsed() < Duration::from_secs(20),
                "the client exited without printing where the replay is:\n{printed}"
            );
        }
        assert!(start.elapsed() < Duration::from_secs(320), "{printed}");
    }
    drop(session);
    let hash = printed
        .lines()
        .find_map(|l| l.strip_prefix("Final state hash: "))
        .unwrap_or_else(|| panic!("no final hash printed:\n{printed}"))
        .trim()
        .to_string();

    let out = Command::new(bin)
        .args(["replay", replay.to_str().unwrap(), "--to-end", "--json"])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let json = String::from_utf8_lossy(&out.stdout);
    assert!(
        json.contains(&format!("\"hash\":\"{hash}\"")),
        "the replay ends at another state: {json} (client printed {hash})"
    );
    assert!(
        !json.contains("\"outcome\":null"),
        "the replay must end with the game over: {json}"
    );
    let _ = std::fs::remove_dir_all(&dir);
    Played {
        first,
        last,
        printed,
    }
}

#[test]
fn a_solo_game_spider_man_against_rhino_played_by_keystrokes_replays_to_the_same_hash() {
    let played = play_by_keys(
        "solo",
        "--seed 1 --deck spider-man --villain rhino",
        "Decision",
    );
    assert!(played.first.contains("Rhino"), "{}", played.first);
    // Heroes start alter-ego side up (Learn to Play setup).
    assert!(played.first.contains("Peter Parker"), "{}", played.first);
    assert!(played.printed.contains("Result: "), "{}", played.printed);
}

#[test]
fn a_two_hero_game_played_hot_seat_by_keystrokes_replays_to_the_same_hash() {
    // One person plays both heroes: the curtain between the seats is lifted with Enter.
    let played = play_by_keys(
        "two",
        "--seed 2 --hot-seat --deck spider-man --deck captain-marvel --villain klaw",
        "any key",
    );
    assert!(played.last.contains("Game over"), "{}", played.last);
    assert!(played.printed.contains("Result: "), "{}", played.printed);
}

#[test]
fn a_hero_with_a_computer_teammate_played_by_keystrokes_replays_to_the_same_hash() {
    // Seat 0 is the person; seat 1 (Iron Man) is played by the computer.
    let played = play_by_keys(
        "teammate",
        "--seed 3 --ai random --deck spider-man --deck iron-man --villain rhino",
        "Decision",
    );
    assert!(played.first.contains("Tony Stark"), "{}", played.first);
    assert!(played.printed.contains("Result: "), "{}", played.printed);
}

#[test]
fn without_a_deck_the_new_game_form_opens_and_its_game_replays_to_the_same_hash() {
    // `--villain` is preselected in the form; Enter (the first key pressed) starts the
    // form's default table: one hero, Spider-Man, against the chosen villain.
    let played = play_by_keys("form", "--seed 4 --villain ultron", "new game");
    assert!(played.first.contains("Heroes"), "{}", played.first);
    assert!(played.first.contains("◀ Ultron ▶"), "{}", played.first);
    assert!(played.last.contains("Ultron"), "{}", played.last);
    assert!(played.printed.contains("Result: "), "{}", played.printed);
}
