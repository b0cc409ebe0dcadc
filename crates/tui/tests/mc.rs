//! The Marvel Champions board (issue 13: `crossover play mc` for a new player): the
//! villain's side on top, one box per hero, the viewer's hand with its playable cards
//! marked, and card details with the generated card text; drawn with ratatui's test
//! backend and compared with the `insta` snapshots in `tests/snapshots/`.

use crossover_kernel::{Game, GameRng};
use crossover_mc::{DeckList, Mc, McSetup};
use crossover_tui::draw::draw;
use crossover_tui::{ClientGame, Mode, Screen};

mod common;

fn setup(decks: &[&str]) -> McSetup {
    McSetup {
        decks: decks
            .iter()
            .map(|d| DeckList::prebuilt(d).unwrap())
            .collect(),
        villain: "rhino".to_string(),
        modular: "bomb_scare".to_string(),
        expert: false,
    }
}

/// A game of `decks` against Rhino played by random choices from `seed` until the
/// first player decides in the player phase of round 2.
fn round_two(decks: &[&str], seed: u64) -> Mc {
    let mut g = Mc::new_game(&setup(decks), seed).unwrap();
    let mut rng = GameRng::from_seed(seed);
    while !(g.state.round() >= 2
        && g.to_move() == Some(0)
        && g.state
            .legal_actions()
            .contains(&crossover_mc::Action::EndTurn))
    {
        let options = g.legal_actions();
        assert!(!options.is_empty(), "the game ended before round 2");
        g.apply(&options[rng.below(options.len())]).unwrap();
    }
    g
}

fn render(g: &Mc, width: u16, height: u16) -> String {
    common::render_text(width, height, |f| {
        draw(f, &Screen::of(g, 0, 0, Mode::Board))
    })
}

#[test]
fn the_board_shows_the_villain_the_schemes_and_each_hero_in_a_box() {
    let g = round_two(&["spider-man", "she-hulk"], 5);
    let text = render(&g, 100, 30);
    assert!(text.contains(" Villain "), "{text}");
    assert!(text.contains("Main scheme: The Break-In!"), "{text}");
    assert!(text.contains("(you)"), "the viewer's box is named: {text}");
    assert!(text.contains("hand: "), "{text}");
    insta::assert_snapshot!("mc_board_100x30", text);
    // Wide enough: the heroes' boxes stand side by side.
    insta::assert_snapshot!("mc_board_140x40", render(&g, 140, 40));
}

#[test]
fn the_solo_board_fits_80x24() {
    let g = round_two(&["spider-man"], 6);
    let text = render(&g, 80, 24);
    assert!(text.contains("Rhino") && text.contains("hand: "), "{text}");
    insta::assert_snapshot!("mc_board_80x24", text);
}

#[test]
fn every_card_in_the_viewers_hand_is_on_the_card_cursor_with_its_generated_text() {
    let g = round_two(&["spider-man"], 7);
    let cards = Mc::cards(&g, 0);
    let hand: Vec<_> = cards.iter().filter(|c| c.place == "your hand").collect();
    assert_eq!(hand.len(), g.state.player(0).hand.len());
    for c in &cards {
        let detail = Mc::card_detail(&g, 0, c.id).expect("a visible card has a detail");
        assert!(detail.len() > 3, "{} has its text: {detail:?}", c.name);
        // The place reads as a sentence of its own, whatever it is ("Engaged with
        // Spider-Man.", not "In engaged with Spider-Man.").
        let place = detail[1].to_string();
        assert_eq!(place, crossover_tui::client_game::sentence(&c.place));
        assert!(
            place.starts_with(char::is_uppercase) && place.ends_with('.'),
            "{place}"
        );
    }
    // The identity shows both its sides: the one showing, then the other.
    let me = g.state.player(0);
    let identity = Mc::card_detail(&g, 0, u64::from(me.identity.0)).unwrap();
    let text: Vec<String> = identity.iter().map(|l| l.to_string()).collect();
    let other = text
        .iter()
        .position(|l| l.starts_with("The other side, in "))
        .expect("the other side is shown");
    let (hero, alter_ego) = ("Spider-Man", "Peter Parker");
    let (showing, hidden) = match me.form {
        crossover_mc::model::Form::Hero => (hero, alter_ego),
        crossover_mc::model::Form::AlterEgo => (alter_ego, hero),
    };
    assert!(
        text[..other].iter().any(|l| l.contains(showing)),
        "{text:?}"
    );
    assert!(text[other + 1].contains(hidden), "{text:?}");
    // The encounter deck is face down to everyone (Golden Rule of hidden information).
    let deck_card = g.state.ids().find(|&c| !g.state.visible_to(0, c)).unwrap();
    assert!(Mc::card_detail(&g, 0, u64::from(deck_card.0)).is_none());
}

#[test]
fn with_four_heroes_the_viewers_hand_still_shows_and_the_others_shrink_to_their_identity() {
    let g = round_two(&["spider-man", "she-hulk", "iron-man", "black-panther"], 8);
    let text = render(&g, 100, 30);
    assert!(text.contains("hand: "), "{text}");
    assert!(text.contains("(you)"), "{text}");
    insta::assert_snapshot!("mc_board_four_heroes_100x30", text);
}

#[test]
fn with_two_heroes_at_80x24_the_viewers_whole_hand_and_deck_line_show() {
    for seed in 20..30 {
        let g = round_two(&["spider-man", "iron-man"], seed);
        let text = render(&g, 80, 24);
        for c in &g.state.player(0).hand {
            let name = g.state.card_name(*c);
            assert!(
                text.contains(&name),
                "seed {seed}: {name} of the hand is cut off:\n{text}"
            );
        }
        assert!(text.contains("deck: "), "seed {seed}:\n{text}");
    }
}

#[test]
fn tab_opens_the_card_cursor_on_the_highlighted_options_card() {
    let mut app = crossover_tui::App::<Mc>::new(setup(&["spider-man"]), 9, vec![true]).unwrap();
    let mut rng = GameRng::from_seed(9);
    while !(app.game.state.round() >= 2
        && app.game.to_move() == Some(0)
        && app
            .game
            .legal_actions()
            .iter()
            .any(|a| matches!(a, crossover_mc::Action::Play(_))))
    {
        let options = app.game.legal_actions();
        assert!(!options.is_empty(), "the game ended first");
        app.apply(options[rng.below(options.len())]).unwrap();
    }
    let options = app.game.legal_actions();
    let (i, card) = options
        .iter()
        .enumerate()
        .find_map(|(i, a)| match a {
            crossover_mc::Action::Play(c) => Some((i, *c)),
            _ => None,
        })
        .unwrap();
    app.selected = i;
    app.on_key(crossover_tui::Key::Tab);
    let cards = Mc::cards(&app.game, 0);
    let Mode::Cards(at) = app.mode else {
        panic!("Tab opens the card cursor: {:?}", app.mode);
    };
    assert_eq!(cards[at].id, u64::from(card.0), "{:?}", cards[at]);
    assert_ne!(at, 0, "the played card is not the first card listed");
    // An option about no card (ending the turn) opens the cursor at the first card.
    app.on_key(crossover_tui::Key::Esc);
    app.selected = options
        .iter()
        .position(|a| *a == crossover_mc::Action::EndTurn)
        .unwrap();
    app.on_key(crossover_tui::Key::Tab);
    assert_eq!(app.mode, Mode::Cards(0));
}
