//! Marvel Champions in the full-screen client, driven by keystrokes in a real
//! pseudo-terminal (tmux): a whole solo game (Spider-Man against Rhino) and a whole
//! two-hero game, then `crossover replay` of the saved replay must end at the state
//! hash the client printed (issue 13: "A tmux end-to-end test plays a whole solo game
//! and a two-hero game in the client by keystrokes and replays it to the same hash").
//! `.ci/run` installs tmux.

mod common;

use common::Terminal;

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

/// Start `crossover play mc ARGS` in a terminal, wait for `first_screen`, press
/// [`KEYS`] until the game is over, quit with q, and check that the saved replay ends
/// at the hash the client printed.
fn play_by_keys(test: &str, args: &str, first_screen: &str) -> Played {
    // No pause after computer actions: the test presses Enter anyway, this only keeps
    // the run short.
    let terminal = Terminal::start(
        &format!("mc-{test}"),
        "CROSSOVER_PACE_MS=0",
        &format!("mc {args}"),
    );
    let first = terminal.wait_for(first_screen, 30);
    let last = terminal.play_until_over(KEYS, 50, 300);
    let printed = terminal.quit_and_check_replay();
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
