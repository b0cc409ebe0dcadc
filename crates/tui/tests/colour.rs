//! Issue 12 §3 "Colour and layout": your side and the opponents' differ at a glance;
//! stunned, exhausted, face-down and playable cards are marked in colour and in text;
//! only the 16 named terminal colours are used, and none with `NO_COLOR`.

use crossover_kernel::{Game, GameRng, Presentation};
use crossover_tui::draw::draw;
use crossover_tui::{Mode, Screen, Theme};
use crossover_vs2pcg::bench::prebuilt_pairings;
use crossover_vs2pcg::GameState;
use ratatui::backend::TestBackend;
use ratatui::buffer::Buffer;
use ratatui::style::Color;
use ratatui::Terminal;

/// A game of the first prebuilt pairing played at random from `seed` until `stop`.
fn game_until(seed: u64, stop: impl Fn(&GameState) -> bool) -> GameState {
    let mut g = GameState::new_game(&prebuilt_pairings()[0], seed).unwrap();
    let mut rng = GameRng::from_seed(seed);
    while !stop(&g) {
        let options = g.legal_actions();
        g.apply(&options[rng.below(options.len())]).unwrap();
    }
    g
}

/// Seat 0 to act in a main phase, with a stunned or exhausted character somewhere
/// and a card in hand it can play.
fn varied_board(g: &GameState) -> bool {
    if g.turn() < 5 || g.to_move() != Some(0) {
        return false;
    }
    let v = g.view(0);
    let chars = || v.players.iter().flat_map(|p| p.front.iter().chain(&p.back));
    let screen = Screen::of(g, 0, 0, Mode::Board);
    chars().any(|c| c.stunned || c.exhausted) && screen.cards.iter().any(|c| c.playable)
}

fn buffer(screen: &Screen<GameState>) -> Buffer {
    let mut terminal = Terminal::new(TestBackend::new(80, 24)).unwrap();
    terminal.draw(|f| draw(f, screen)).unwrap();
    terminal.backend().buffer().clone()
}

fn named(c: Color) -> bool {
    !matches!(c, Color::Rgb(..) | Color::Indexed(_))
}

/// The foreground colours used on screen line `y`.
fn colours_on(buf: &Buffer, y: u16) -> Vec<Color> {
    (0..buf.area.width)
        .map(|x| buf[(x, y)].fg)
        .filter(|&c| c != Color::Reset)
        .collect()
}

fn line(buf: &Buffer, y: u16) -> String {
    (0..buf.area.width).map(|x| buf[(x, y)].symbol()).collect()
}

#[test]
fn sixteen_named_colours_and_your_side_differs_from_theirs() {
    let g = game_until(3, varied_board);
    let screen = Screen::of(&g, 0, 0, Mode::Board).with_theme(Theme { colour: true });
    let buf = buffer(&screen);
    for cell in buf.content() {
        assert!(named(cell.fg) && named(cell.bg), "{cell:?}");
    }
    let rows = |pat: &str| -> Vec<u16> {
        (0..buf.area.height)
            .filter(|&y| line(&buf, y).contains(pat))
            .collect()
    };
    let yours = rows("(you)");
    let theirs = rows(&screen.view.players[1].name);
    assert!(!yours.is_empty() && !theirs.is_empty());
    let your_colours = colours_on(&buf, yours[0]);
    let their_colours = colours_on(&buf, theirs[0]);
    assert!(your_colours.contains(&Color::Cyan), "{your_colours:?}");
    assert!(
        their_colours.contains(&Color::LightRed),
        "{their_colours:?}"
    );
    assert!(!their_colours.contains(&Color::Cyan));
    // Playable cards are green and marked '*'.
    let text: String = (0..buf.area.height).map(|y| line(&buf, y) + "\n").collect();
    assert!(text.contains('*'), "{text}");
    assert!(buf.content().iter().any(|c| c.fg == Color::Green));
}

#[test]
fn with_no_color_nothing_is_coloured_and_the_marks_stay() {
    let g = game_until(3, varied_board);
    let screen = Screen::of(&g, 0, 0, Mode::Board).with_theme(Theme { colour: false });
    let buf = buffer(&screen);
    for cell in buf.content() {
        assert_eq!((cell.fg, cell.bg), (Color::Reset, Color::Reset), "{cell:?}");
    }
    let text: String = (0..buf.area.height).map(|y| line(&buf, y) + "\n").collect();
    assert!(text.contains('*'), "playable mark:\n{text}");
    assert!(
        text.contains(" exh") || text.contains(" STUN"),
        "exhausted or stunned mark:\n{text}"
    );
    assert!(text.contains("(you)"), "{text}");
}

#[test]
fn no_color_in_the_environment_turns_colour_off() {
    // The only test in this binary that reads the environment.
    std::env::set_var("NO_COLOR", "1");
    assert_eq!(Theme::from_env(), Theme { colour: false });
    std::env::set_var("NO_COLOR", "");
    assert_eq!(Theme::from_env(), Theme { colour: true });
    std::env::remove_var("NO_COLOR");
    assert_eq!(Theme::from_env(), Theme { colour: true });
}

/// Each cell's style as a letter ('.' for the plain style), then which letter is which
/// style: the colour scheme as text.
fn style_map(buf: &Buffer) -> String {
    let mut styles: Vec<String> = Vec::new();
    let mut grid = String::new();
    for y in 0..buf.area.height {
        for x in 0..buf.area.width {
            let c = &buf[(x, y)];
            let key = format!("fg {:?}, bg {:?}, {:?}", c.fg, c.bg, c.modifier);
            let plain = c.fg == Color::Reset && c.bg == Color::Reset && c.modifier.is_empty();
            if plain {
                grid.push('.');
                continue;
            }
            let i = styles.iter().position(|s| *s == key).unwrap_or_else(|| {
                styles.push(key);
                styles.len() - 1
            });
            grid.push((b'a' + i as u8) as char);
        }
        grid.push('\n');
    }
    grid.push('\n');
    for (i, s) in styles.iter().enumerate() {
        grid += &format!("{}: {s}\n", (b'a' + i as u8) as char);
    }
    grid
}

#[test]
fn the_colour_scheme() {
    let g = game_until(3, varied_board);
    for (name, colour) in [("colour_scheme", true), ("colour_scheme_no_color", false)] {
        let screen = Screen::of(&g, 0, 0, Mode::Board).with_theme(Theme { colour });
        let buf = buffer(&screen);
        let text: String = (0..buf.area.height).map(|y| line(&buf, y) + "\n").collect();
        insta::assert_snapshot!(name, format!("{text}\n{}", style_map(&buf)));
    }
}

#[test]
fn in_2_vs_2_your_teammate_is_on_your_side_and_the_enemies_are_not() {
    let db = crossover_vs2pcg::cardfile::embedded();
    let decks = crossover_vs2pcg::decks::all();
    let setup = crossover_vs2pcg::Setup {
        variant: crossover_vs2pcg::state::Variant::TwoVsTwo,
        players: decks[..4]
            .iter()
            .map(|d| d.to_setup(&db, &d.name))
            .collect(),
        cards: db.clone().into(),
    };
    let mut g = GameState::new_game(&setup, 4).unwrap();
    let mut rng = GameRng::from_seed(4);
    while g.turn() < 3 {
        let options = g.legal_actions();
        g.apply(&options[rng.below(options.len())]).unwrap();
    }
    let screen = Screen::of(&g, 0, 0, Mode::Board).with_theme(Theme { colour: true });
    // Teams by seat parity (2 vs 2): seat 2 plays with seat 0.
    assert_eq!(screen.allies, vec![true, false, true, false]);
    let mut terminal = Terminal::new(TestBackend::new(100, 30)).unwrap();
    terminal.draw(|f| draw(f, &screen)).unwrap();
    let buf = terminal.backend().buffer().clone();
    let title_row = |seat: usize| {
        (0..buf.area.height)
            .find(|&y| line(&buf, y).contains(screen.names[seat].as_str()))
            .unwrap()
    };
    assert!(line(&buf, title_row(2)).contains("(ally)"));
    assert!(colours_on(&buf, title_row(2)).contains(&Color::Cyan));
    for enemy in [1, 3] {
        let colours = colours_on(&buf, title_row(enemy));
        assert!(colours.contains(&Color::LightRed), "{colours:?}");
        assert!(!colours.contains(&Color::Cyan), "{colours:?}");
    }
}
