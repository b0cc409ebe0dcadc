//! The client is generic over the game (issue 12 §2): the toy game, whose `ClientGame`
//! impl is empty, is played through `App` by keys and drawn by the default layout (its
//! text rendering as the board).

use crossover_kernel::{Game, Outcome, Presentation};
use crossover_toy::{Toy, ToyAction, ToySetup};
use crossover_tui::draw::draw;
use crossover_tui::{App, Effect, Key, Mode, Screen};

mod common;

fn app(people: Vec<bool>) -> App<Toy> {
    App::new(ToySetup::default(), 7, people).unwrap()
}

/// Seat 1 (the computer in these tests) takes `n`.
fn computer_takes(app: &mut App<Toy>, n: u32) {
    assert_eq!(app.game.to_move(), Some(1));
    app.apply(ToyAction::Take(n)).unwrap();
}

fn pile(app: &App<Toy>) -> u32 {
    app.game.view(app.viewer).pile
}

#[test]
fn keys_choose_and_apply_the_toy_actions_until_the_person_wins() {
    let mut app = app(vec![true, false]);
    assert_eq!(app.mode, Mode::Board);
    assert_eq!(app.screen().options.len(), 3, "take 1, 2 or 3");
    // 15 counters: taking 3 leaves a multiple of 4, which wins Nim.
    app.on_key(Key::Digit(3));
    assert_eq!(app.selected, 2);
    assert_eq!(app.on_key(Key::Enter), Effect::Applied(ToyAction::Take(3)));
    assert_eq!(pile(&app), 12);
    // Keys do nothing while the computer must move.
    assert_eq!(app.on_key(Key::Enter), Effect::None);
    assert_eq!(pile(&app), 12);
    for computer in [1, 3, 2] {
        computer_takes(&mut app, computer);
        app.on_key(Key::Down);
        app.on_key(Key::Up);
        app.on_key(Key::Digit(4 - computer as u8));
        assert_eq!(
            app.on_key(Key::Enter),
            Effect::Applied(ToyAction::Take(4 - computer))
        );
    }
    assert_eq!(app.game.outcome(), Some(Outcome::Win(vec![0])));
    app.refresh_mode();
    assert_eq!(app.mode, Mode::GameOver("You win!".into()));
    // Enter doesn't leave the finished game; q does.
    assert_eq!(app.on_key(Key::Enter), Effect::None);
    assert_eq!(app.on_key(Key::Char('q')), Effect::Quit);
}

#[test]
fn undo_replays_the_toy_game_without_the_persons_last_action() {
    let mut app = app(vec![true, false]);
    app.on_key(Key::Enter); // take 1
    computer_takes(&mut app, 2);
    let hash = app.game.state_hash();
    app.on_key(Key::Digit(2));
    app.on_key(Key::Enter);
    computer_takes(&mut app, 1);
    assert_eq!(pile(&app), 9);
    app.on_key(Key::Char('u'));
    assert_eq!(app.game.state_hash(), hash);
    assert_eq!(pile(&app), 12);
    assert_eq!(app.history.len(), 2);
}

#[test]
fn a_game_without_a_panel_ignores_p_and_its_help_has_only_the_clients_keys() {
    let mut app = app(vec![true, false]);
    app.on_key(Key::Char('p'));
    assert_eq!(app.mode, Mode::Board, "the toy has no extra panel");
    app.on_key(Key::Char('?'));
    assert_eq!(app.mode, Mode::Help);
    let text = common::render_text(80, 24, |f| draw(f, &app.screen()));
    assert!(text.contains("undo your last action"), "{text}");
    assert!(
        !text.contains("KO"),
        "2PCG's keys in the toy's help:\n{text}"
    );
}

#[test]
fn the_hot_seat_curtain_names_the_seats_by_default() {
    let mut app = app(vec![true, true]);
    assert_eq!(app.mode, Mode::Curtain(0));
    app.on_key(Key::Char(' '));
    app.on_key(Key::Enter);
    assert_eq!(app.mode, Mode::Curtain(1));
    assert_eq!(app.viewer, 1);
    let text = common::render_text(80, 24, |f| draw(f, &app.screen()));
    assert!(text.contains("Pass the screen to Seat 1."), "{text}");
    assert!(
        !text.contains("secret"),
        "the board shows behind the curtain"
    );
}

#[test]
fn a_toy_replay_steps_through_the_recorded_game() {
    let actions = vec![ToyAction::Take(2), ToyAction::Take(3), ToyAction::Take(1)];
    let mut replay = App::<Toy>::for_replay(ToySetup::default(), 7, actions).unwrap();
    assert!(replay.screen().prompt.unwrap().contains("action 0 of 3"));
    for _ in 0..3 {
        replay.on_key(Key::Right);
    }
    assert_eq!(pile(&replay), 9);
    let prompt = replay.screen().prompt.unwrap();
    assert!(prompt.contains("The end of the replay"), "{prompt}");
    replay.on_key(Key::Left);
    assert_eq!(pile(&replay), 10);
    replay.on_key(Key::Char('v'));
    assert_eq!(replay.viewer, 1);
    let prompt = replay.screen().prompt.unwrap();
    assert!(
        prompt.contains("Next: Seat 0: Take 1 counter."),
        "another seat's move is named by the default seat names: {prompt}"
    );
}

#[test]
fn toy_board_is_its_text_rendering_at_80_by_24() {
    let mut app = app(vec![true, false]);
    app.on_key(Key::Digit(2));
    app.on_key(Key::Enter);
    computer_takes(&mut app, 1);
    app.on_key(Key::Down);
    let screen: Screen<Toy> = app.screen();
    let text = common::render_text(80, 24, |f| draw(f, &screen));
    for line in app.game.render(0).lines() {
        assert!(text.contains(line), "{line:?} is missing:\n{text}");
    }
    assert!(text.contains("Seat 1: secret hidden"), "{text}");
    assert_eq!(
        screen.prompt.as_deref(),
        Some("Take how many counters (1 to 3)?")
    );
    assert!(text.contains("Take how many counters"), "{text}");
    assert!(text.contains("▶2. Take 2 counters"), "{text}");
    assert!(
        text.contains("Seat 1 takes 1; 12 left."),
        "the log:\n{text}"
    );
    insta::assert_snapshot!("toy_board", text);
}
