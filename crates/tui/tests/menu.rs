//! The new-game menu (issue 6: choose deck and main character, Free-for-All against
//! computer opponents, difficulty), fed with keys and drawn with the test backend.

use crossover_tui::menu::{draw, DeckEntry, MenuEffect, NewGame, NewGameChoice, Row};
use crossover_tui::Key;
use crossover_vs2pcg::GameState;

fn menu() -> NewGame {
    let decks = ["avengers-cap", "villains-goblin", "my.deck"]
        .iter()
        .map(|k| DeckEntry {
            key: k.to_string(),
            label: format!("{k} (someone)"),
        })
        .collect();
    let mains = vec![
        ("mnb-001".to_string(), "Captain America".to_string()),
        ("mnb-003".to_string(), "Hulk".to_string()),
    ];
    let computers = ["easy", "medium", "hard"].map(String::from).to_vec();
    let mut menu = NewGame::new(decks, mains, computers, 2);
    menu.for_game::<GameState>();
    menu
}

mod common;

fn render(menu: &NewGame) -> String {
    common::render_text(80, 24, |f| draw(f, menu))
}

#[test]
fn enter_right_away_starts_with_the_first_deck_its_own_main_and_one_random_opponent() {
    let mut m = menu();
    assert_eq!(
        m.on_key(Key::Enter),
        MenuEffect::Start(NewGameChoice {
            deck: "avengers-cap".into(),
            main: None,
            opponent_decks: vec![None],
            computer: "hard".into(),
        })
    );
}

#[test]
fn each_line_changes_with_left_and_right() {
    let mut m = menu();
    m.on_key(Key::Right); // your deck
    m.on_key(Key::Right);
    m.on_key(Key::Down);
    m.on_key(Key::Right); // main character: Captain America
    m.on_key(Key::Right); // Hulk
    m.on_key(Key::Down);
    m.on_key(Key::Right); // 2 opponents
    m.on_key(Key::Right); // 3 opponents
    assert_eq!(
        m.rows(),
        vec![
            Row::Deck,
            Row::Main,
            Row::Opponents,
            Row::OpponentDeck(0),
            Row::OpponentDeck(1),
            Row::OpponentDeck(2),
            Row::Computer,
            Row::Start
        ]
    );
    m.on_key(Key::Down);
    m.on_key(Key::Down);
    m.on_key(Key::Left); // opponent 2: the last deck
    m.on_key(Key::Down);
    m.on_key(Key::Down);
    m.on_key(Key::Left); // computer: medium
    let MenuEffect::Start(choice) = m.on_key(Key::Enter) else {
        panic!("Enter starts the game");
    };
    assert_eq!(
        choice,
        NewGameChoice {
            deck: "my.deck".into(),
            main: Some("mnb-003".into()),
            opponent_decks: vec![None, Some("my.deck".into()), None],
            computer: "medium".into(),
        }
    );
    // Back to one opponent: the extra lines go, and so do their decks in the choice.
    m.row = 2;
    m.on_key(Key::Right);
    assert_eq!(m.opponents, 1);
    assert_eq!(m.choice().opponent_decks, vec![None]);
    // Up from the first line wraps to the last.
    m.row = 0;
    m.on_key(Key::Up);
    assert_eq!(m.rows()[m.row], Row::Start);
    assert_eq!(m.on_key(Key::Char('q')), MenuEffect::Quit);
}

#[test]
fn hot_seat_has_no_computer_to_choose() {
    let mut m = menu();
    m.hot_seat = true;
    assert!(!m.rows().contains(&Row::Computer));
    assert_eq!(m.row_text(Row::Opponents).0, "Other players");
}

#[test]
fn menu_screen() {
    let mut m = menu();
    m.notes
        .push("Not offered: bad.deck:3: unknown card `Nobody`".into());
    m.message = Some("deck avengers-cap is not legal: Loyalty".into());
    m.on_key(Key::Down);
    let text = render(&m);
    assert!(text.contains("◀ the deck's own ▶"), "{text}");
    assert!(
        text.contains("Can't start: deck avengers-cap is not legal"),
        "{text}"
    );
    assert!(text.contains("Not offered: bad.deck:3"), "{text}");
    insta::assert_snapshot!("menu", text);
}

#[test]
fn a_game_without_main_characters_or_more_tables_has_neither_line() {
    // The toy: no main characters, one table (two seats).
    let decks = vec![DeckEntry {
        key: "only".into(),
        label: "only".into(),
    }];
    let mut m = NewGame::new(decks, Vec::new(), vec!["easy".into()], 0);
    m.for_game::<crossover_toy::Toy>();
    assert_eq!(
        m.rows(),
        vec![Row::Deck, Row::OpponentDeck(0), Row::Computer, Row::Start]
    );
    m.on_key(Key::Down);
    m.on_key(Key::Right); // opponent 1: the deck
    let MenuEffect::Start(choice) = m.on_key(Key::Enter) else {
        panic!("Enter starts the game");
    };
    assert_eq!(choice.main, None);
    assert_eq!(choice.opponent_decks, vec![Some("only".to_string())]);
    let text = render(&m);
    assert!(text.contains(" toy · new game "), "{text}");
    assert!(!text.contains("Main character"), "{text}");
}
