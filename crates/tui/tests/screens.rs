//! Snapshot tests of the main screens (issue 6): board, combat, a decision, help and
//! game over, drawn at 80×24 with ratatui's test backend, and a mid-game board at the
//! three terminal sizes of issue 12 (80×24, 100×30, 140×40), compared with the `insta`
//! snapshots in `tests/snapshots/` (see `common/mod.rs` for updating them).

use crossover_kernel::{Game, GameRng, Presentation};
use crossover_tui::draw::draw;
use crossover_tui::{Mode, Screen};
use crossover_vs2pcg::bench::prebuilt_pairings;
use crossover_vs2pcg::state::Variant;
use crossover_vs2pcg::state::{Pending, Phase};
use crossover_vs2pcg::{GameState, Setup};

mod common;

fn render(screen: &Screen<GameState>, width: u16, height: u16) -> String {
    common::render_text(width, height, |f| draw(f, screen))
}

/// A logged game played by random choices from `seed` until `stop` says so.
fn game_until(seed: u64, stop: impl Fn(&GameState) -> bool) -> GameState {
    game_of(&prebuilt_pairings()[0], seed, stop)
}

fn game_of(setup: &Setup, seed: u64, stop: impl Fn(&GameState) -> bool) -> GameState {
    let mut g = GameState::new_game(setup, seed).unwrap();
    let mut rng = GameRng::from_seed(seed);
    while !stop(&g) {
        let options = g.legal_actions();
        assert!(
            !options.is_empty(),
            "the game ended before the wanted screen"
        );
        g.apply(&options[rng.below(options.len())]).unwrap();
    }
    g
}

fn seat0_main_phase(g: &GameState) -> bool {
    g.turn() >= 5 && g.phase() == Phase::Main && g.combat().is_none() && g.to_move() == Some(0)
}

#[test]
fn board_screen() {
    let g = game_until(3, seat0_main_phase);
    let text = render(&Screen::of(&g, 0, 0, Mode::Board), 80, 24);
    assert!(text.contains("Decision") && text.contains("hand"), "{text}");
    // Level and XP progress of each main character (p.20: Level Up (n)).
    for p in g.players() {
        let main = p
            .front()
            .iter()
            .chain(p.back())
            .find(|&&c| g.card(c).main());
        let need = g.def(*main.unwrap()).level_up_xp().unwrap();
        assert!(text.contains(&format!(" L1 XP0/{need}")), "{text}");
    }
    insta::assert_snapshot!("board", text);
}

#[test]
fn combat_screen() {
    let g = game_until(5, |g| {
        g.combat().is_some() && g.to_move() == Some(0) && matches!(g.pending(), Pending::Act { .. })
    });
    let text = render(&Screen::of(&g, 0, 0, Mode::Board), 80, 24);
    assert!(text.contains("Combat:"), "{text}");
    insta::assert_snapshot!("combat", text);
}

#[test]
fn decision_screen_with_the_second_choice_selected() {
    let g = game_until(1, |g| matches!(g.pending(), Pending::Mulligan { seat: 0 }));
    let text = render(&Screen::of(&g, 0, 1, Mode::Board), 80, 24);
    assert!(text.contains("▶2."), "the selection is not shown:\n{text}");
    insta::assert_snapshot!("decision", text);
}

#[test]
fn help_screen() {
    let g = game_until(3, seat0_main_phase);
    let text = render(&Screen::of(&g, 0, 0, Mode::Help), 80, 24);
    assert!(text.contains("Keys") && text.contains("undo"), "{text}");
    // The player titles' "RP" is explained.
    assert!(text.contains("RP recruit points"), "{text}");
    insta::assert_snapshot!("help", text);
}

/// The line between the rows names the phase and step in full at 80×24 even when the
/// turn player's name is long: the name gives way first.
#[test]
fn the_turn_line_keeps_the_step_when_the_name_is_long() {
    let mut setup = prebuilt_pairings()[0].clone();
    for (i, p) in setup.players.iter_mut().enumerate() {
        p.name = format!("Player {} ({})", i + 1, p.name);
    }
    let g = game_of(&setup, 1, |g| {
        g.phase() == Phase::Resource && g.to_move() == Some(0) && g.combat().is_none()
    });
    let text = render(&Screen::of(&g, 0, 0, Mode::Board), 80, 24);
    assert!(text.contains("· Build Phase, Resource Step"), "{text}");
}

#[test]
fn game_over_screen() {
    let g = game_until(8, |g| g.outcome().is_some());
    let text = render(&Screen::of(&g, 0, 0, Mode::Board), 80, 24);
    assert!(text.contains("Game over"), "{text}");
    insta::assert_snapshot!("game_over", text);
}

#[test]
fn a_bigger_terminal_uses_the_room_and_hides_the_opponents_hand() {
    let g = game_until(3, seat0_main_phase);
    let screen = Screen::of(&g, 0, 0, Mode::Board);
    let text = render(&screen, 140, 40);
    for line in text.lines().take(5) {
        assert!(
            !line.contains("hand  "),
            "an opponent's hand is shown: {line}"
        );
    }
    let opponent_hand: Vec<String> = g.players()[1]
        .hand()
        .iter()
        .map(|&c| g.name(c).to_string())
        .collect();
    assert!(screen.view.players[1].hand.is_none());
    assert!(!opponent_hand.is_empty());
}

#[test]
fn piles_screen_lists_ko_piles_and_only_your_own_face_down_resources() {
    let g = game_until(3, |g| {
        seat0_main_phase(g)
            && g.turn() >= 9
            && g.players().iter().all(|p| !p.ko_pile().is_empty())
            && g.players()
                .iter()
                .all(|p| p.resources().iter().any(|&r| !g.card(r).face_up()))
    });
    let text = render(&Screen::of(&g, 0, 0, Mode::Panel(0)), 80, 24);
    assert!(text.contains("KO piles, newest first"), "{text}");
    let listed = crossover_tui::games::vs2pcg::piles_lines(&g.view(0)).join("\n");
    let newest_ko = g.name(*g.players()[1].ko_pile().last().unwrap());
    assert!(listed.contains(newest_ko), "{listed}");
    let own_face_down = g.players()[0]
        .resources()
        .iter()
        .find(|&&r| !g.card(r).face_up())
        .unwrap();
    assert!(listed.contains(g.name(*own_face_down)), "{listed}");
    // The opponent's face-down resources stay hidden: nothing of theirs is named
    // except what is in their KO pile or face up somewhere.
    let view = g.view(0);
    assert!(view.players[1]
        .resources
        .iter()
        .filter(|r| !r.face_up)
        .all(|r| r.name.is_none()));
    insta::assert_snapshot!("piles", text);
}

#[test]
fn the_log_scrolls_back_to_older_entries() {
    let g = game_until(3, seat0_main_phase);
    let newest = render(&Screen::of(&g, 0, 0, Mode::Board), 80, 24);
    let screen = Screen::of(&g, 0, 0, Mode::Board).with_log_back(5);
    let older = render(&screen, 80, 24);
    assert!(older.contains("Log, 5 newer below (PgDn)"), "{older}");
    let log_lines = |text: &str| -> Vec<String> {
        text.lines()
            .skip_while(|l| !l.contains("Log"))
            .skip(1)
            .map(|l| {
                l.chars()
                    .take(46)
                    .collect::<String>()
                    .trim_end()
                    .to_string()
            })
            .collect()
    };
    let (new_lines, old_lines) = (log_lines(&newest), log_lines(&older));
    assert_eq!(new_lines.last().unwrap(), screen.log.last().unwrap());
    assert_eq!(
        old_lines.last().unwrap(),
        &screen.log[screen.log.len() - 6],
        "scrolled back five entries:\n{older}"
    );
    // Scrolling is clamped at the first entry.
    let first = Screen::of(&g, 0, 0, Mode::Board).with_log_back(usize::MAX);
    assert_eq!(first.log_back, first.log.len() - 1);
}

#[test]
fn free_for_all_with_four_players_fits_80_by_24() {
    let db = crossover_vs2pcg::cardfile::embedded();
    let decks = crossover_vs2pcg::decks::all();
    let setup = Setup {
        variant: Variant::FreeForAll,
        players: decks[..4]
            .iter()
            .map(|d| d.to_setup(&db, &d.name))
            .collect(),
        cards: db.clone().into(),
    };
    let g = game_of(&setup, 2, |g| {
        g.turn() >= 5 && g.phase() == Phase::Main && g.combat().is_none() && g.to_move() == Some(0)
    });
    let text = render(&Screen::of(&g, 0, 0, Mode::Board), 80, 24);
    for d in &decks[..4] {
        assert!(text.contains(&d.name), "{} is missing:\n{text}", d.name);
    }
    assert!(text.contains("hand  ") && text.contains("Log"), "{text}");
    insta::assert_snapshot!("free_for_all", text);
}

#[test]
fn a_mid_game_board_at_three_terminal_sizes() {
    let g = game_until(3, |g| seat0_main_phase(g) && g.turn() >= 9);
    let screen = Screen::of(&g, 0, 0, Mode::Board);
    for (w, h) in [(80, 24), (100, 30), (140, 40)] {
        let text = render(&screen, w, h);
        assert!(text.contains("hand ") && text.contains("Log"), "{text}");
        insta::assert_snapshot!(format!("board_{w}x{h}"), text);
    }
}
