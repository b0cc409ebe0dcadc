//! Issue 12 §3 "Colour and layout": a card never breaks across lines. At 80×24, 100×30
//! and 140×40, over 200 random mid-game positions of several variants (two players,
//! Free-for-All of three and four, 2 vs 2, 2-Headed Teammates), no card's name or
//! board text is split between two screen lines of the board or the decision; rows
//! that don't fit are abbreviated or counted instead. Long option lists say how many
//! more there are, and every option can be reached and picked.

use crossover_kernel::{Game, GameRng};
use crossover_tui::draw::{decision_width, draw};
use crossover_tui::games::vs2pcg::character_text;
use crossover_tui::{App, Effect, Key, Mode, Screen};
use crossover_vs2pcg::state::Variant;
use crossover_vs2pcg::{GameState, Setup};

mod common;

const SIZES: [(u16, u16); 3] = [(80, 24), (100, 30), (140, 40)];

fn setup(variant: Variant, players: usize, first_deck: usize, marvel_battles: bool) -> Setup {
    let db = crossover_vs2pcg::cardfile::embedded();
    let mut decks = crossover_vs2pcg::decks::all();
    if marvel_battles {
        // The twelve Marvel Battles decks come first.
        decks.truncate(12);
    }
    Setup {
        variant,
        players: (0..players)
            .map(|i| {
                let d = &decks[(first_deck + i) % decks.len()];
                d.to_setup(&db, &d.name)
            })
            .collect(),
        cards: db.clone().into(),
    }
}

/// Position number `n`: a variant, decks and a random number of random legal actions
/// (the kernel's `Game` interface), stopping before the game ends. Returns the setup,
/// seed and actions too, so a test can rebuild it in an `App`.
fn position(n: u64) -> (Setup, u64, Vec<crossover_vs2pcg::Action>, GameState) {
    position_among(n, false)
}

/// [`position`] among the Marvel Battles decks only (`marvel_battles`) or all of them.
fn position_among(
    n: u64,
    marvel_battles: bool,
) -> (Setup, u64, Vec<crossover_vs2pcg::Action>, GameState) {
    let variants = [
        (Variant::TwoPlayer, 2),
        (Variant::FreeForAll, 3),
        (Variant::FreeForAll, 4),
        (Variant::TwoVsTwo, 4),
        (Variant::TwoHeaded, 4),
    ];
    let (variant, players) = variants[n as usize % variants.len()];
    let mut rng = GameRng::from_seed(n * 7919 + 13);
    let setup = setup(variant, players, rng.below(16), marvel_battles);
    let seed = n + 1000;
    let mut g = GameState::new_game(&setup, seed).unwrap();
    let steps = 20 + rng.below(400);
    let mut actions = Vec::new();
    for _ in 0..steps {
        let options = g.legal_actions();
        let a = options[rng.below(options.len())].clone();
        let mut next = g.clone();
        next.apply(&a).unwrap();
        if next.outcome().is_some() {
            break;
        }
        g = next;
        actions.push(a);
    }
    (setup, seed, actions, g)
}

/// The text of one column of the screen (`from..to`), line by line, without the
/// box-drawing borders and the spaces at either end.
fn column(text: &str, from: usize, to: usize) -> Vec<String> {
    text.lines()
        .map(|l| {
            let part: String = l.chars().skip(from).take(to - from).collect();
            part.trim_matches(|c: char| c.is_whitespace() || "│┌┐└┘─".contains(c))
                .to_string()
        })
        .collect()
}

/// Where `card` is split between two consecutive lines of `lines`, if it is.
fn split_at(lines: &[String], card: &str) -> Option<(String, String)> {
    for pair in lines.windows(2) {
        for (k, _) in card.char_indices().skip(1) {
            let (head, tail) = (card[..k].trim_end(), card[k..].trim_start());
            if head.is_empty() || tail.is_empty() {
                continue;
            }
            if pair[0].ends_with(head) && pair[1].starts_with(tail) {
                return Some((pair[0].clone(), pair[1].clone()));
            }
        }
    }
    None
}

#[test]
fn no_card_breaks_across_lines_in_200_random_positions_at_three_sizes() {
    let mut checked = 0;
    for n in 0..200 {
        let (_, _, _, g) = position(n);
        let viewer = g.to_move().unwrap_or(0);
        let screen = Screen::of(&g, viewer, 0, Mode::Board);
        let mut cards: Vec<String> = screen.cards.iter().map(|c| c.name.clone()).collect();
        cards.extend(screen.cards.iter().map(|c| c.label.clone()));
        for p in &screen.view.players {
            cards.extend(p.front.iter().chain(&p.back).map(character_text));
        }
        for (w, h) in SIZES {
            let text = common::render_text(w, h, |f| draw(f, &screen));
            let left = (w - decision_width(w)) as usize;
            for (from, to) in [(0, left), (left, w as usize)] {
                let lines = column(&text, from, to);
                for card in &cards {
                    if let Some((a, b)) = split_at(&lines, card) {
                        panic!(
                            "position {n} at {w}×{h}: {card:?} is split between\n{a:?}\n{b:?}\n{text}"
                        );
                    }
                }
            }
            checked += 1;
        }
    }
    assert_eq!(checked, 600);
}

/// The first of the random positions where the person to move has at least `n`
/// options (among the Marvel Battles decks' positions, where the test found them first).
fn position_with_options(n: usize) -> (Setup, u64, Vec<crossover_vs2pcg::Action>, GameState) {
    (0..2000)
        .map(|i| position_among(i, true))
        .find(|(_, _, _, g)| g.legal_actions().len() >= n)
        .expect("no position with that many options")
}

#[test]
fn a_long_option_list_says_how_many_more_and_every_option_can_be_picked() {
    let (setup, seed, actions, g) = position_with_options(20);
    let seat = g.to_move().unwrap();
    let options = g.legal_actions();
    let first = common::render_text(80, 24, |f| draw(f, &Screen::of(&g, seat, 0, Mode::Board)));
    assert!(first.contains(" more"), "no '↓ n more':\n{first}");
    assert!(first.contains("↓ "), "{first}");
    let mut app = App::<GameState>::new(setup.clone(), seed, vec![true; g.seat_count()]).unwrap();
    for a in actions {
        app.apply(a).unwrap();
    }
    app.mode = Mode::Board;
    assert_eq!(app.game.state_hash(), g.state_hash());
    for (i, option) in options.iter().enumerate() {
        // ↓ reaches option i, and the screen shows it selected.
        while app.selected != i {
            app.on_key(Key::Down);
        }
        let text = common::render_text(80, 24, |f| draw(f, &app.screen()));
        let number = format!("▶{}.", i + 1);
        assert!(
            text.contains(&number),
            "option {i} is not on screen:\n{text}"
        );
        if i > 0 && i + 1 < options.len() {
            assert!(text.contains("↑ ") || text.contains("↓ "), "{text}");
        }
        assert_eq!(app.on_key(Key::Enter), Effect::Applied(option.clone()));
        assert!(app.undo());
        app.mode = Mode::Board;
    }
}

#[test]
fn the_check_finds_a_card_split_as_the_old_layout_split_it() {
    // Two lines of the hand as the board drew them before cards were laid out whole.
    let old = column(
        "│hand  Laboratory, Fortress, Nick Fury, Black  │\n│Panther, Fortress, Find Cover, Academy        │\n",
        0,
        48,
    );
    assert!(split_at(&old, "Black Panther").is_some());
    assert!(split_at(&old, "Nick Fury").is_none());
}
