//! Issue 12 §3 "Replays": Home and End jump to the first and last action, PgUp and PgDn
//! to the start and end of a turn; the keys line shows, in every mode, keys that work
//! there; the game-over screen says where the replay was saved.

use crossover_kernel::{Game, GameRng};
use crossover_tui::draw::{draw, keys_line};
use crossover_tui::{App, Effect, Key, Mode};
use crossover_vs2pcg::bench::prebuilt_pairings;
use crossover_vs2pcg::{Action, GameState};

mod common;

/// `n` random actions of a two-player game (seed 3), each with the turn after it.
fn recorded(n: usize) -> (Vec<Action>, Vec<u32>, u64) {
    let mut g = GameState::new_game(&prebuilt_pairings()[0], 3).unwrap();
    let mut rng = GameRng::from_seed(3);
    let (mut actions, mut turns) = (Vec::new(), vec![g.turn()]);
    while actions.len() < n && g.outcome().is_none() {
        let options = g.legal_actions();
        let a = options[rng.below(options.len())].clone();
        g.apply(&a).unwrap();
        actions.push(a);
        turns.push(g.turn());
    }
    (actions, turns, g.state_hash())
}

fn replay(actions: &[Action]) -> App<GameState> {
    App::for_replay(prebuilt_pairings()[0].clone(), 3, actions.to_vec()).unwrap()
}

#[test]
fn home_end_and_the_page_keys_jump_through_a_replay() {
    let (actions, turns, last_hash) = recorded(200);
    assert!(turns.last().unwrap() >= &4, "{turns:?}");
    let mut app = replay(&actions);
    let first_hash = app.game.state_hash();
    app.on_key(Key::End);
    assert_eq!(app.history.len(), actions.len());
    assert_eq!(app.game.state_hash(), last_hash);
    app.on_key(Key::Home);
    assert_eq!(app.history.len(), 0);
    assert_eq!(app.game.state_hash(), first_hash);
    // PgDn: the last position of each turn in order; PgUp: back to each turn's start.
    let ends: Vec<usize> = (0..turns.len())
        .filter(|&k| k + 1 == turns.len() || turns[k + 1] != turns[k])
        .collect();
    for &end in &ends {
        app.on_key(Key::PageDown);
        assert_eq!(app.history.len(), end, "turn ends at {ends:?}");
        assert_eq!(app.game.turn(), turns[end]);
    }
    let starts: Vec<usize> = (0..turns.len())
        .filter(|&k| k == 0 || turns[k - 1] != turns[k])
        .collect();
    for &start in starts.iter().rev() {
        app.on_key(Key::PageUp);
        assert_eq!(app.history.len(), start, "turns start at {starts:?}");
    }
    assert_eq!(app.game.state_hash(), first_hash);
    let prompt = app.screen().prompt.unwrap();
    assert!(
        prompt.contains("Home End") && prompt.contains("PgUp PgDn"),
        "{prompt}"
    );
}

/// What a key may change.
fn fingerprint(app: &App<GameState>) -> String {
    format!(
        "{:?} {} {} {} {} {}",
        app.mode,
        app.selected,
        app.history.len(),
        app.log_back,
        app.viewer,
        app.game.state_hash()
    )
}

/// The keys a keys line names (words that aren't keys, like "cards", are skipped);
/// each entry is the keys one name stands for, any of which must do something.
fn named_keys(line: &str) -> Vec<(String, Vec<Key>)> {
    line.split_whitespace()
        .filter_map(|w| {
            let keys = match w {
                "↑↓" => vec![Key::Up, Key::Down],
                "←→" => vec![Key::Left, Key::Right],
                "Enter" => vec![Key::Enter],
                "Tab" => vec![Key::Tab],
                "Esc" => vec![Key::Esc],
                "Home" => vec![Key::Home],
                "End" => vec![Key::End],
                "PgUp" => vec![Key::PageUp],
                "PgDn" => vec![Key::PageDown],
                "any" => vec![Key::Char('x')],
                c if c.chars().count() == 1 && "uqvynpi?".contains(c) => {
                    vec![Key::Char(c.chars().next().unwrap())]
                }
                _ => return None,
            };
            Some((w.to_string(), keys))
        })
        .collect()
}

/// A game against the computer (seat 1) where seat 0 has acted and is to act again,
/// with an attack among its options.
fn playing() -> App<GameState> {
    let mut app =
        App::<GameState>::new(prebuilt_pairings()[1].clone(), 2, vec![true, false]).unwrap();
    let mut rng = GameRng::from_seed(2);
    loop {
        let options = app.game.legal_actions();
        if app.game.to_move() == Some(0)
            && app.history.iter().any(|(s, _)| *s == 0)
            && app.game.turn() >= 4
            && options.iter().any(|a| matches!(a, Action::Attack { .. }))
        {
            app.mode = Mode::Board;
            return app;
        }
        let a = options[rng.below(options.len())].clone();
        app.apply(a).unwrap();
    }
}

#[test]
fn the_keys_shown_work_in_every_mode() {
    type Make = Box<dyn Fn() -> App<GameState>>;
    let (actions, _, _) = recorded(120);
    let modes: Vec<(&str, Make)> = vec![
        ("deciding", Box::new(playing)),
        (
            "declaring an attack",
            Box::new(|| {
                let mut app = playing();
                let i = app
                    .game
                    .legal_actions()
                    .iter()
                    .position(|a| matches!(a, Action::Attack { .. }))
                    .unwrap();
                let a = app.game.legal_actions()[i].clone();
                app.apply(a).unwrap();
                app
            }),
        ),
        (
            "waiting for the computer",
            Box::new(|| {
                let mut app = playing();
                while app.game.to_move() == Some(0) {
                    app.on_key(Key::Enter);
                }
                app.mode = Mode::Board;
                app.log_back = 5;
                app
            }),
        ),
        (
            "the computer thinking",
            Box::new(|| {
                let mut app = playing();
                while app.game.to_move() == Some(0) {
                    app.on_key(Key::Enter);
                }
                app.mode = Mode::Thinking;
                app
            }),
        ),
        (
            "card cursor",
            Box::new(|| {
                let mut app = playing();
                app.mode = Mode::Cards(1);
                app
            }),
        ),
        (
            "card detail",
            Box::new(|| {
                let mut app = playing();
                app.mode = Mode::Detail { card: 1, scroll: 0 };
                app
            }),
        ),
        (
            "help",
            Box::new(|| {
                let mut app = playing();
                app.mode = Mode::Help;
                app
            }),
        ),
        (
            "panel",
            Box::new(|| {
                let mut app = playing();
                app.mode = Mode::Panel(0);
                app
            }),
        ),
        (
            "quit?",
            Box::new(|| {
                let mut app = playing();
                app.mode = Mode::ConfirmQuit;
                app
            }),
        ),
        (
            "game over",
            Box::new(|| {
                let mut app = playing();
                app.mode = Mode::GameOver("You win!".into());
                app
            }),
        ),
        (
            "hot-seat curtain",
            Box::new(|| {
                let mut app = playing();
                app.mode = Mode::Curtain(0);
                app
            }),
        ),
        (
            "replay",
            Box::new(move || {
                let mut app = replay(&actions);
                for _ in 0..40 {
                    app.on_key(Key::Right);
                }
                app
            }),
        ),
    ];
    for (name, make) in &modes {
        let line = keys_line(&make().screen());
        let keys = named_keys(&line);
        assert!(!keys.is_empty(), "{name}: no keys in {line:?}");
        for (word, candidates) in keys {
            let works = candidates.iter().any(|&k| {
                let mut app = make();
                let before = fingerprint(&app);
                let effect = app.on_key(k);
                effect != Effect::None || fingerprint(&app) != before
            });
            assert!(works, "{name}: {word:?} in {line:?} does nothing");
        }
    }
}

#[test]
fn the_game_over_screen_says_where_the_replay_is_saved() {
    let mut app =
        App::<GameState>::new(prebuilt_pairings()[0].clone(), 8, vec![true, false]).unwrap();
    app.replay_path = Some("/tmp/saved/game-8.replay.json".into());
    let mut rng = GameRng::from_seed(8);
    while app.game.outcome().is_none() {
        let options = app.game.legal_actions();
        app.apply(options[rng.below(options.len())].clone())
            .unwrap();
    }
    app.refresh_mode();
    assert!(matches!(app.mode, Mode::GameOver(_)));
    let screen = app.screen();
    let text = common::render_text(100, 30, |f| draw(f, &screen));
    assert!(
        text.contains("saved to /tmp/saved/game-8.replay.json"),
        "{text}"
    );
}
