//! The client's keys, without a terminal: choosing, undo, help and quitting.

use crossover_kernel::{Game, Presentation};
use crossover_tui::{App, Effect, Key, Mode};
use crossover_vs2pcg::bench::prebuilt_pairings;
use crossover_vs2pcg::GameState;

fn app() -> App<GameState> {
    App::new(prebuilt_pairings()[0].clone(), 4, vec![true, false]).unwrap()
}

/// Let seat 1 (the computer in these tests) answer with its first option until seat 0
/// must decide.
fn computer_moves(app: &mut App<GameState>) {
    while app.game.to_move() == Some(1) {
        let first = app.game.legal_actions()[0].clone();
        app.apply(first).unwrap();
    }
}

#[test]
fn arrows_and_digits_select_and_enter_applies_the_selected_option() {
    let mut app = app();
    computer_moves(&mut app);
    assert_eq!(app.game.to_move(), Some(0));
    let options = app.game.legal_actions();
    assert!(options.len() >= 2, "{options:?}");
    app.on_key(Key::Down);
    assert_eq!(app.selected, 1);
    app.on_key(Key::Up);
    app.on_key(Key::Up);
    assert_eq!(
        app.selected,
        options.len() - 1,
        "Up from the first wraps to the last"
    );
    app.on_key(Key::Digit(2));
    assert_eq!(app.selected, 1);
    assert_eq!(app.on_key(Key::Enter), Effect::Applied(options[1].clone()));
    assert_eq!(app.history.last(), Some(&(0, options[1].clone())));
}

#[test]
fn undo_takes_back_the_persons_last_action_and_the_computers_after_it() {
    let mut app = app();
    computer_moves(&mut app);
    let before = app.game.state_hash();
    let actions_before = app.history.len();
    app.on_key(Key::Enter);
    computer_moves(&mut app);
    assert_ne!(app.game.state_hash(), before);
    app.on_key(Key::Char('u'));
    assert_eq!(app.game.state_hash(), before);
    assert_eq!(app.history.len(), actions_before);
    // Nothing of the person's left to undo: undo does nothing.
    let mut fresh =
        App::<GameState>::new(prebuilt_pairings()[0].clone(), 4, vec![true, false]).unwrap();
    let hash = fresh.game.state_hash();
    assert!(!fresh.undo());
    assert_eq!(fresh.game.state_hash(), hash);
}

/// `u` says what it did on the keys line (the board alone doesn't show that an action
/// was taken back, or that there was none), until the next key.
#[test]
fn undo_says_what_it_did_until_the_next_key() {
    let keys = |app: &App<GameState>| crossover_tui::draw::keys_line(&app.screen());
    let mut app = app();
    computer_moves(&mut app);
    app.on_key(Key::Char('u'));
    assert_eq!(keys(&app), " Nothing to take back yet.");
    app.on_key(Key::Down);
    assert!(!keys(&app).contains("take back"), "{}", keys(&app));
    app.on_key(Key::Enter);
    computer_moves(&mut app);
    app.on_key(Key::Char('u'));
    assert_eq!(keys(&app), " Your last action is taken back.");
    app.on_key(Key::Up);
    assert!(keys(&app).contains("u ? q"), "{}", keys(&app));
}

#[test]
fn help_opens_with_a_question_mark_and_any_key_closes_it() {
    let mut app = app();
    app.on_key(Key::Char('?'));
    assert_eq!(app.mode, Mode::Help);
    let hash = app.game.state_hash();
    app.on_key(Key::Enter);
    assert_eq!(app.mode, Mode::Board);
    assert_eq!(
        app.game.state_hash(),
        hash,
        "the key that closed help did nothing else"
    );
}

#[test]
fn quitting_asks_first() {
    let mut app = app();
    assert_eq!(app.on_key(Key::Char('q')), Effect::None);
    assert_eq!(app.mode, Mode::ConfirmQuit);
    assert_eq!(app.on_key(Key::Char('n')), Effect::None);
    assert_eq!(app.mode, Mode::Board);
    app.on_key(Key::Char('q'));
    assert_eq!(app.on_key(Key::Char('y')), Effect::Quit);
}

#[test]
fn keys_do_nothing_while_the_computer_must_move() {
    let mut app = app();
    while app.game.to_move() == Some(0) {
        app.on_key(Key::Enter);
    }
    assert_eq!(app.game.to_move(), Some(1));
    let hash = app.game.state_hash();
    app.on_key(Key::Enter);
    app.on_key(Key::Digit(1));
    assert_eq!(app.game.state_hash(), hash);
}

#[test]
fn hot_seat_hides_the_screen_until_the_next_player_presses_a_key() {
    use crossover_tui::draw::draw;
    use ratatui::{backend::TestBackend, Terminal};
    let mut app =
        App::<GameState>::new(prebuilt_pairings()[0].clone(), 4, vec![true, true]).unwrap();
    let first = app.game.to_move().unwrap();
    assert_eq!(
        app.mode,
        Mode::Curtain(first),
        "hidden before the first player sits down"
    );
    app.on_key(Key::Char('x'));
    assert_eq!(app.mode, Mode::Board);
    // Play until the other seat must decide.
    while app.game.to_move() == Some(first) {
        app.on_key(Key::Enter);
        if let Mode::Curtain(_) = app.mode {
            break;
        }
    }
    let next = app.game.to_move().unwrap();
    assert_ne!(next, first);
    assert_eq!(app.mode, Mode::Curtain(next));
    assert_eq!(app.viewer, next);
    // Behind the curtain the screen shows no card of either hand.
    let mut terminal = Terminal::new(TestBackend::new(80, 24)).unwrap();
    terminal.draw(|f| draw(f, &app.screen())).unwrap();
    let shown: String = terminal
        .backend()
        .buffer()
        .content()
        .iter()
        .map(|c| c.symbol())
        .collect();
    assert!(shown.contains("Pass the screen"), "{shown}");
    for p in app.game.players() {
        for &c in p.hand() {
            assert!(
                !shown.contains(app.game.name(c)),
                "{} is visible",
                app.game.name(c)
            );
        }
    }
    // A key uncovers the board for the next player; keys behind the curtain do nothing else.
    let hash = app.game.state_hash();
    app.on_key(Key::Enter);
    assert_eq!(app.mode, Mode::Board);
    assert_eq!(app.game.state_hash(), hash);
}

#[test]
fn a_replay_steps_forwards_and_backwards_through_the_recorded_game() {
    // Record a few actions of a game, then step through them.
    let mut played = app();
    for _ in 0..12 {
        let first = played.game.legal_actions()[0].clone();
        played.apply(first).unwrap();
    }
    let actions: Vec<_> = played.history.iter().map(|(_, a)| a.clone()).collect();
    let mut replay =
        App::<GameState>::for_replay(prebuilt_pairings()[0].clone(), 4, actions.clone()).unwrap();
    let start = replay.game.state_hash();
    assert!(replay.screen().prompt.unwrap().contains("action 0 of 12"));
    for _ in 0..12 {
        replay.on_key(Key::Right);
    }
    assert_eq!(replay.game.state_hash(), played.game.state_hash());
    replay.on_key(Key::Right); // past the end: nothing happens
    assert_eq!(replay.history.len(), 12);
    replay.on_key(Key::Left);
    replay.on_key(Key::Left);
    assert_eq!(replay.history.len(), 10);
    for _ in 0..10 {
        replay.on_key(Key::Left);
    }
    assert_eq!(replay.game.state_hash(), start);
    replay.on_key(Key::Char('v'));
    assert_eq!(replay.viewer, 1);
    assert_eq!(replay.on_key(Key::Char('q')), Effect::Quit);
}

#[test]
fn page_keys_scroll_the_log_and_acting_shows_the_newest_again() {
    let mut app = app();
    while app.game.log_for(0).len() <= 2 * crossover_tui::app::LOG_PAGE {
        computer_moves(&mut app);
        app.on_key(Key::Enter);
    }
    computer_moves(&mut app);
    let entries = app.game.log_for(0).len();
    app.on_key(Key::PageUp);
    app.on_key(Key::PageUp);
    assert_eq!(app.log_back, 2 * crossover_tui::app::LOG_PAGE);
    assert_eq!(app.screen().log_back, app.log_back);
    app.on_key(Key::PageDown);
    assert_eq!(app.log_back, crossover_tui::app::LOG_PAGE);
    for _ in 0..entries {
        app.on_key(Key::PageUp);
    }
    assert_eq!(app.log_back, entries - 1, "stops at the first entry");
    assert_eq!(app.mode, Mode::Board, "scrolling keeps the board");
    app.on_key(Key::Enter);
    assert_eq!(app.log_back, 0, "after acting, the newest entries show");
}

#[test]
fn p_opens_the_piles_arrows_scroll_them_and_another_key_closes_them() {
    let mut app = app();
    computer_moves(&mut app);
    let selected = app.selected;
    app.on_key(Key::Char('p'));
    assert_eq!(app.mode, Mode::Panel(0));
    app.on_key(Key::Down);
    assert_eq!(app.mode, Mode::Panel(1), "Down scrolls the piles");
    for _ in 0..100 {
        app.on_key(Key::Down);
    }
    let lines = crossover_tui::games::vs2pcg::piles_lines(&app.game.view(0)).len() as u16;
    assert_eq!(
        app.mode,
        Mode::Panel(lines - 1),
        "scrolling stops at the end"
    );
    assert_eq!(app.selected, selected, "the choice did not move");
    let history = app.history.len();
    app.on_key(Key::Enter);
    assert_eq!(app.mode, Mode::Board);
    assert_eq!(
        app.history.len(),
        history,
        "closing the piles is not a choice"
    );
}
