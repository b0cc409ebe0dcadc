//! The full-screen client driven by keystrokes in a real pseudo-terminal (tmux): a
//! complete game against the computer, then its saved replay must reproduce the final
//! state hash the client printed (issue 6). `.ci/run` installs tmux.

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

/// Start `crossover play ARGS` in a 100×30 tmux terminal, wait for `first_screen` to
/// show, send `setup_keys`, answer every decision with Enter until the game is over,
/// quit, and check that `crossover replay --to-end --json` ends at the hash the client
/// printed. Returns the last screen of the game.
fn play_by_keys(test: &str, args: &str, first_screen: &str, setup_keys: &[&str]) -> String {
    let dir = std::env::temp_dir().join(format!("crossover-tui-{test}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let replay: PathBuf = dir.join("game.replay.json");
    let bin = env!("CARGO_BIN_EXE_crossover");
    let name = format!("crossover-e2e-{test}-{}", std::process::id());
    let command = format!("{bin} play {args} --save {}", replay.display());
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

    let start = Instant::now();
    let mut screen = String::new();
    while !screen.contains(first_screen) {
        assert!(
            start.elapsed() < Duration::from_secs(20),
            "no {first_screen:?} on the first screen:\n{screen}"
        );
        std::thread::sleep(Duration::from_millis(100));
        screen = tmux(&["capture-pane", "-p", "-t", &name]);
    }
    for key in setup_keys {
        tmux(&["send-keys", "-t", &name, key]);
    }
    // Answer every decision with Enter (the highlighted first choice) until the end.
    let mut last_game_screen = String::new();
    while !screen.contains("Game over") {
        assert!(
            start.elapsed() < Duration::from_secs(240),
            "no game over after 4 minutes; the screen:\n{screen}"
        );
        for _ in 0..10 {
            tmux(&["send-keys", "-t", &name, "Enter"]);
        }
        std::thread::sleep(Duration::from_millis(100));
        screen = tmux(&["capture-pane", "-p", "-t", &name]);
        last_game_screen = screen.clone();
    }
    assert!(screen.contains("Decision"), "{screen}");
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
            // Give the terminal a moment to show the last output, then fail with it.
            let since = *dead_since.get_or_insert_with(Instant::now);
            assert!(
                since.elapsed() < Duration::from_secs(20),
                "the client exited without printing where the replay is:\n{printed}"
            );
        }
        assert!(start.elapsed() < Duration::from_secs(260), "{printed}");
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
    last_game_screen
}

#[test]
fn a_game_played_by_keystrokes_in_a_terminal_replays_to_the_same_hash() {
    play_by_keys(
        "two",
        "--seed 1 --ai random --deck avengers-cap --deck villains-goblin",
        "Decision",
        &[],
    );
}

#[test]
fn the_new_game_menu_starts_a_free_for_all_against_two_computers() {
    // Without --deck the menu comes first: down to "Opponents", one more, Enter.
    let screen = play_by_keys(
        "ffa",
        "--seed 2 --ai random",
        "new game",
        &["Down", "Down", "Right", "Enter"],
    );
    let players = screen.matches(": deck ").count();
    assert_eq!(players, 3, "three players on the board:\n{screen}");
}

#[test]
fn the_toy_game_plays_full_screen_through_the_generic_client() {
    // The toy has no layout of its own: its board is its text rendering.
    let screen = play_by_keys("toy", "toy --seed 3 --ai random --pile 30", "Pile:", &[]);
    assert!(screen.contains("Seat 0 (you)"), "{screen}");
}
