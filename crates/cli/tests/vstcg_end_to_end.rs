//! The Vs. System TCG in the full-screen client, driven by keystrokes in a real
//! pseudo-terminal (tmux): a whole game against the computer and a whole hot-seat game,
//! then `crossover replay` of the saved replay must end at the state hash the client
//! printed (issue 34: "A tmux end-to-end test plays a whole TCG game by keystrokes and
//! replays it to the same hash"). `.ci/run` installs tmux.

mod common;

use common::Terminal;

/// Option keys pressed over and over: option 3 (when there is one), then 2, then the
/// first, then 4, each with Enter. A person's turn so builds, recruits, attacks and
/// passes; any key lifts the hot-seat curtain.
const KEYS: &[&str] = &["3", "Enter", "2", "Enter", "Enter", "4", "Enter"];

/// Start `crossover play vstcg ARGS`, wait for `first_screen`, press [`KEYS`] until the
/// game is over, quit with q, and check the saved replay ends at the printed hash.
fn play_by_keys(test: &str, args: &str, first_screen: &str) -> (String, String, String) {
    let terminal = Terminal::start(
        &format!("vstcg-{test}"),
        "CROSSOVER_PACE_MS=0",
        &format!("vstcg {args}"),
    );
    let first = terminal.wait_for(first_screen, 30);
    let last = terminal.play_until_over(KEYS, 30, 400);
    let printed = terminal.quit_and_check_replay();
    (first, last, printed)
}

#[test]
fn a_game_against_the_computer_played_by_keystrokes_replays_to_the_same_hash() {
    let (first, last, printed) = play_by_keys(
        "computer",
        "--seed 1 --ai random --deck training-squad --deck sparring-circle",
        "Decision",
    );
    assert!(first.contains("Player 1 (you)"), "{first}");
    // The TCG's own board: the areas by rows, the resource row, the turn.
    for row in ["V front", "V supp", "res ", " Turn "] {
        assert!(first.contains(row), "{row:?}: {first}");
    }
    assert!(last.contains("Game over"), "{last}");
    assert!(printed.contains("Result: "), "{printed}");
}

#[test]
fn a_hot_seat_game_played_by_keystrokes_replays_to_the_same_hash() {
    let (_, last, printed) = play_by_keys(
        "hot-seat",
        "--seed 2 --hot-seat --deck sparring-circle --deck training-squad",
        "any key",
    );
    assert!(last.contains("Game over"), "{last}");
    assert!(printed.contains("Result: "), "{printed}");
}
