//! The full-screen client in a real pseudo-terminal (tmux), for the end-to-end tests:
//! start `crossover play …` in a 100×30 terminal, press keys, read the screen, and at
//! the end check that `crossover replay` of the saved replay reaches the state hash the
//! client printed. `.ci/run` installs tmux.
//!
//! Its time limits are generous: they only turn a hang into a failure that shows the
//! screen; they measure nothing.

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

/// One client running in its own tmux session (killed when dropped) and folder.
pub struct Terminal {
    name: String,
    dir: PathBuf,
    replay: PathBuf,
    start: Instant,
}

impl Terminal {
    /// Start `crossover play PLAY_ARGS --save <a replay in a fresh folder>`, with the
    /// environment variables `env` ("NAME=value …", may be empty).
    pub fn start(test: &str, env: &str, play_args: &str) -> Terminal {
        let id = format!("crossover-e2e-{test}-{}", std::process::id());
        let dir = std::env::temp_dir().join(&id);
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let replay = dir.join("game.replay.json");
        let bin = env!("CARGO_BIN_EXE_crossover");
        let command = format!(
            "env {env} {bin} play {play_args} --save {}",
            replay.display()
        );
        tmux(&[
            "new-session",
            "-d",
            "-s",
            &id,
            "-x",
            "100",
            "-y",
            "30",
            &command,
        ]);
        tmux(&["set-option", "-t", &id, "remain-on-exit", "on"]);
        // Everything the client writes also goes to a file: on a loaded machine tmux has
        // shown a dead pane without the client's last lines.
        let log = dir.join("pane.log");
        tmux(&[
            "pipe-pane",
            "-t",
            &id,
            "-o",
            &format!("cat >> {}", log.display()),
        ]);
        Terminal {
            name: id,
            dir,
            replay,
            start: Instant::now(),
        }
    }

    pub fn screen(&self) -> String {
        tmux(&["capture-pane", "-p", "-t", &self.name])
    }

    /// Press each key (tmux key names: "Enter", "Down", "q", …).
    pub fn keys(&self, keys: &[&str]) {
        for key in keys {
            tmux(&["send-keys", "-t", &self.name, key]);
        }
    }

    /// Wait until the screen shows `text` and has finished drawing (two captures 100 ms
    /// apart agree), within `seconds` of the start; the screen.
    pub fn wait_for(&self, text: &str, seconds: u64) -> String {
        let mut last = String::new();
        loop {
            let screen = self.screen();
            if screen.contains(text) && screen == last {
                return screen;
            }
            last = screen.clone();
            assert!(
                self.start.elapsed() < Duration::from_secs(seconds),
                "no {text:?} on the screen:\n{screen}"
            );
            std::thread::sleep(Duration::from_millis(100));
        }
    }

    /// Press `keys` over and over, `pause_ms` between rounds, until the screen says
    /// "Game over" (within `seconds` of the start); the last screen.
    pub fn play_until_over(&self, keys: &[&str], pause_ms: u64, seconds: u64) -> String {
        let mut screen = self.screen();
        while !screen.contains("Game over") {
            assert!(
                self.start.elapsed() < Duration::from_secs(seconds),
                "no game over after {seconds} s; the screen:\n{screen}"
            );
            self.keys(keys);
            std::thread::sleep(Duration::from_millis(pause_ms));
            screen = self.screen();
        }
        screen
    }

    /// Leave the finished game with q, check that replaying the saved replay ends, with
    /// the game over, at the state hash the client printed; what the client printed
    /// after leaving the full screen.
    pub fn quit_and_check_replay(self) -> String {
        // Enter doesn't leave a finished game; q does.
        self.keys(&["q"]);
        let mut printed = String::new();
        let mut dead_since: Option<Instant> = None;
        while !printed.contains("Replay saved to") {
            std::thread::sleep(Duration::from_millis(100));
            // With the scrollback: what the client prints after leaving the full screen
            // may have scrolled.
            printed = tmux(&["capture-pane", "-p", "-S", "-500", "-t", &self.name]);
            if !printed.contains("Replay saved to") {
                let log = std::fs::read(self.dir.join("pane.log")).unwrap_or_default();
                let log = plain_text(&String::from_utf8_lossy(&log));
                if log.contains("Replay saved to") {
                    printed = log;
                }
            }
            let dead = tmux(&["display-message", "-p", "-t", &self.name, "#{pane_dead}"]);
            // On a loaded machine tmux may show the client's last lines a while after
            // the process has exited (a full `cargo test --workspace` once missed them
            // at 3 s).
            if dead.trim() == "1" && !printed.contains("Replay saved to") {
                let since = *dead_since.get_or_insert_with(Instant::now);
                assert!(
                    since.elapsed() < Duration::from_secs(20),
                    "the client exited without printing where the replay is:\n{printed}"
                );
            }
            assert!(self.start.elapsed() < Duration::from_secs(600), "{printed}");
        }
        let hash = printed
            .lines()
            .find_map(|l| l.split_once("Final state hash: ").map(|(_, h)| h))
            .unwrap_or_else(|| panic!("no final hash printed:\n{printed}"))
            .trim()
            .to_string();
        let out = Command::new(env!("CARGO_BIN_EXE_crossover"))
            .args([
                "replay",
                self.replay.to_str().unwrap(),
                "--to-end",
                "--json",
            ])
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
        printed
    }
}

impl Drop for Terminal {
    fn drop(&mut self) {
        tmux(&["kill-session", "-t", &self.name]);
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// `text` without terminal escape sequences and carriage returns.
fn plain_text(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        match c {
            '\u{1b}' => match chars.next() {
                // CSI: parameters up to a final byte in @..=~.
                Some('[') => {
                    for c in chars.by_ref() {
                        if ('@'..='~').contains(&c) {
                            break;
                        }
                    }
                }
                // OSC: up to BEL or ST.
                Some(']') => {
                    for c in chars.by_ref() {
                        if c == '\u{7}' || c == '\\' {
                            break;
                        }
                    }
                }
                _ => {}
            },
            '\r' => {}
            c => out.push(c),
        }
    }
    out
}
