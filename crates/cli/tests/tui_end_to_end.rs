//! The full-screen client driven by keystrokes in a real pseudo-terminal (tmux): a
//! complete game against the computer, then its saved replay must reproduce the final
//! state hash the client printed (issue 6). `.ci/run` installs tmux.

mod common;

use common::Terminal;

/// Start `crossover play ARGS` in a terminal, wait for `first_screen` to show, send
/// `setup_keys`, answer every decision with Enter until the game is over, quit, and
/// check that the saved replay ends at the hash the client printed. Returns the last
/// screen of the game.
fn play_by_keys(test: &str, args: &str, first_screen: &str, setup_keys: &[&str]) -> String {
    let terminal = Terminal::start(test, "", args);
    terminal.wait_for(first_screen, 20);
    terminal.keys(setup_keys);
    // Enter is the highlighted first choice.
    let last_game_screen = terminal.play_until_over(&["Enter"; 10], 100, 240);
    assert!(last_game_screen.contains("Decision"), "{last_game_screen}");
    let printed = terminal.quit_and_check_replay();
    assert!(printed.contains("Result: "), "{printed}");
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
