//! Issue 12 §3 "Explain": Esc backs out of an attack being declared (Declare a Combat
//! p.10: choosing attackers only changes the pending decision) until the defender is
//! chosen; computer actions in a row are paced so a person can follow them.

use crossover_kernel::{Game, GameRng};
use crossover_tui::draw::keys_line;
use crossover_tui::run::show_at;
use crossover_tui::{App, Key, Mode};
use crossover_vs2pcg::bench::prebuilt_pairings;
use crossover_vs2pcg::{Action, GameState};
use std::time::{Duration, Instant};

/// Seat 0 (a person) is to act with an attack among its options; seat 1 (the computer
/// here) and seat 0 before that play at random.
fn app_that_can_attack(seed: u64) -> Option<App<GameState>> {
    let mut app =
        App::<GameState>::new(prebuilt_pairings()[1].clone(), seed, vec![true, false]).unwrap();
    let mut rng = GameRng::from_seed(seed);
    for _ in 0..600 {
        if app.game.outcome().is_some() {
            return None;
        }
        let options = app.game.legal_actions();
        if app.game.to_move() == Some(0)
            && options.iter().any(|a| matches!(a, Action::Attack { .. }))
        {
            return Some(app);
        }
        let a = options[rng.below(options.len())].clone();
        app.apply(a).unwrap();
    }
    None
}

/// Select the first option matching `want` with ↓ and confirm it with Enter.
fn choose(app: &mut App<GameState>, want: impl Fn(&Action) -> bool) -> bool {
    let Some(i) = app.game.legal_actions().iter().position(want) else {
        return false;
    };
    while app.selected != i {
        app.on_key(Key::Down);
    }
    app.on_key(Key::Enter);
    true
}

#[test]
fn esc_takes_back_an_attack_being_declared() {
    let mut app = (1..40).find_map(app_that_can_attack).expect("an attack");
    app.mode = Mode::Board;
    let (hash, actions) = (app.game.state_hash(), app.history.len());
    assert!(!app.screen().declaring);
    assert!(choose(&mut app, |a| matches!(a, Action::Attack { .. })));
    assert_ne!(app.game.state_hash(), hash);
    let screen = app.screen();
    assert!(screen.declaring);
    assert!(
        keys_line(&screen).contains("Esc take back"),
        "{}",
        keys_line(&screen)
    );
    app.on_key(Key::Esc);
    assert_eq!(app.game.state_hash(), hash, "back to before the attack");
    assert_eq!(app.history.len(), actions);
    assert_eq!(
        app.mode,
        Mode::Board,
        "Esc backed out; it did not ask to quit"
    );
    // With no declaration under way Esc asks to quit, as before.
    app.on_key(Key::Esc);
    assert_eq!(app.mode, Mode::ConfirmQuit);
}

#[test]
fn esc_takes_back_a_team_attack_with_all_its_attackers() {
    // A position where a second attacker may join (Team Attacks p.11).
    let (mut app, hash, actions) = (1..300)
        .find_map(|seed| {
            let mut app = app_that_can_attack(seed)?;
            app.mode = Mode::Board;
            let before = (app.game.state_hash(), app.history.len());
            choose(&mut app, |a| matches!(a, Action::Attack { .. }));
            choose(&mut app, |a| matches!(a, Action::AddAttacker { .. }))
                .then_some((app, before.0, before.1))
        })
        .expect("a team attack");
    assert_eq!(app.history.len(), actions + 2);
    assert!(app.screen().declaring);
    app.on_key(Key::Esc);
    assert_eq!(
        app.game.state_hash(),
        hash,
        "back to before the first attacker"
    );
    assert_eq!(app.history.len(), actions);
}

#[test]
fn a_declaration_is_committed_once_the_defender_is_chosen() {
    let mut app = (1..40).find_map(app_that_can_attack).expect("an attack");
    app.mode = Mode::Board;
    assert!(choose(&mut app, |a| matches!(a, Action::Attack { .. })));
    assert!(choose(&mut app, |a| matches!(a, Action::Defender { .. })));
    let (hash, actions) = (app.game.state_hash(), app.history.len());
    if app.game.to_move() == Some(0) {
        app.on_key(Key::Esc);
        assert_eq!(app.game.state_hash(), hash, "the attack stands");
        assert_eq!(app.history.len(), actions);
    }
}

#[test]
fn computer_actions_in_a_row_are_paced_and_the_pace_is_off_unless_set() {
    let app = App::<GameState>::new(prebuilt_pairings()[0].clone(), 1, vec![true, false]).unwrap();
    assert_eq!(
        app.pace,
        Duration::ZERO,
        "no pause unless the caller sets one"
    );
    let now = Instant::now();
    let pace = Duration::from_millis(700);
    let just_before = now.checked_sub(Duration::from_millis(200)).unwrap();
    // After another computer action: shown `pace` after it.
    assert_eq!(
        show_at(now, Some(just_before), true, pace),
        just_before + pace
    );
    // After a person's action, or long after: at once.
    assert_eq!(show_at(now, Some(just_before), false, pace), now);
    let long_ago = now.checked_sub(Duration::from_secs(5)).unwrap();
    assert_eq!(show_at(now, Some(long_ago), true, pace), now);
    assert_eq!(show_at(now, None, true, pace), now);
    assert_eq!(show_at(now, Some(just_before), true, Duration::ZERO), now);
}
