//! Issue 12 §3 "Read any card": Tab (or `i`) puts a cursor on the cards you can see —
//! hand, board, resources, KO piles, the cards the decision names — Enter (or `i`)
//! shows what the card reads (generated text, cost, stats now and why they differ,
//! keywords, counters, equipment), Esc goes back. Cards you cannot see are not among
//! them. The hand shows each card's cost and type.

use crossover_kernel::{Game, GameRng, Presentation};
use crossover_tui::draw::{decision_width, draw};
use crossover_tui::{App, Key, Mode, Screen};
use crossover_vs2pcg::bench::prebuilt_pairings;
use crossover_vs2pcg::GameState;

mod common;

/// A two-player game played at random until seat 0 decides in a main phase of turn 7
/// or later, with cards in every hand; returned as an app with seat 0 a person.
fn app() -> App<GameState> {
    let setup = prebuilt_pairings()[0].clone();
    let mut app = App::<GameState>::new(setup, 5, vec![true, false]).unwrap();
    let mut rng = GameRng::from_seed(5);
    loop {
        let g = &app.game;
        let v = g.view(0);
        if g.turn() >= 7
            && g.to_move() == Some(0)
            && v.phase == "Main Phase"
            && v.players.iter().all(|p| p.hand_size > 0)
        {
            return app;
        }
        let options = app.game.legal_actions();
        app.apply(options[rng.below(options.len())].clone())
            .unwrap();
    }
}

#[test]
fn tab_walks_over_every_card_you_can_see_and_enter_reads_it() {
    let mut app = app();
    let hash = app.game.state_hash();
    let cards = app.screen().cards;
    assert!(cards.len() > 5, "{cards:?}");
    // Nothing of the opponent's hand is listed (Hidden information).
    let view = app.game.view(1);
    let their_hand: Vec<String> = view.players[1].hand.clone().unwrap();
    let listed_in_hand: Vec<&str> = cards
        .iter()
        .filter(|c| c.place == "your hand")
        .map(|c| c.name.as_str())
        .collect();
    assert_eq!(
        listed_in_hand.len(),
        app.game.view(0).players[0].hand_size,
        "only your own hand: {listed_in_hand:?} (theirs: {their_hand:?})"
    );
    // Tab starts on the highlighted choice's card, and at the first card on a choice
    // about no card.
    let options = app.game.legal_actions();
    let (i, named) = options
        .iter()
        .enumerate()
        .find_map(|(i, a)| a.cards().first().map(|&c| (i, c)))
        .expect("a choice about a card");
    app.selected = i;
    app.on_key(Key::Tab);
    let Mode::Cards(at) = app.mode else {
        panic!("Tab opens the card cursor: {:?}", app.mode);
    };
    assert_eq!(cards[at].id, u64::from(named), "{:?}", options[i]);
    app.on_key(Key::Esc);
    app.selected = options
        .iter()
        .position(|a| a.cards().is_empty())
        .expect("a choice about no card");
    app.on_key(Key::Tab);
    assert_eq!(app.mode, Mode::Cards(0));
    for (i, card) in cards.iter().enumerate() {
        assert_eq!(app.mode, Mode::Cards(i));
        let screen = app.screen();
        assert_eq!(screen.cursor_card(), Some(card));
        let text = common::render_text(80, 24, |f| draw(f, &screen));
        assert!(
            text.contains(&format!("Card {} of {}", i + 1, cards.len())),
            "{text}"
        );
        // Enter reads it; any key goes back to the cursor.
        app.on_key(Key::Enter);
        assert_eq!(app.mode, Mode::Detail { card: i, scroll: 0 });
        let detail = app
            .screen()
            .detail
            .expect("a card you can see has a detail");
        let detail: Vec<String> = detail.iter().map(|l| l.to_string()).collect();
        assert!(detail[0].starts_with(&card.name), "{detail:?}");
        assert!(detail.iter().any(|l| l.starts_with("In ")), "{detail:?}");
        app.on_key(Key::Esc);
        assert_eq!(app.mode, Mode::Cards(i));
        app.on_key(Key::Tab);
    }
    assert_eq!(app.mode, Mode::Cards(0), "Tab wraps to the first card");
    app.on_key(Key::BackTab);
    assert_eq!(app.mode, Mode::Cards(cards.len() - 1));
    app.on_key(Key::Esc);
    assert_eq!(app.mode, Mode::Board);
    assert_eq!(app.game.state_hash(), hash, "reading cards changes nothing");
    // `i` opens the cursor too, and reads the card under it.
    app.on_key(Key::Char('i'));
    app.on_key(Key::Char('i'));
    assert_eq!(app.mode, Mode::Detail { card: 0, scroll: 0 });
}

#[test]
fn the_hand_shows_each_cards_cost_and_type() {
    let app = app();
    let screen = app.screen();
    let text = common::render_text(140, 40, |f| draw(f, &screen));
    for c in screen.cards.iter().filter(|c| c.place == "your hand") {
        assert!(c.label.contains('('), "{}", c.label);
        assert!(text.contains(&c.label), "{} missing:\n{text}", c.label);
    }
}

/// The detail of a character whose ATK/DEF differ from printed (the first such card
/// the cursor reaches, else your main character), drawn at 80×24. The card's own text,
/// generated from its definition, is left out of the snapshot (it is checked against
/// `text::card_text` in `crossover_vs2pcg::card_view`'s tests): the snapshot pins the
/// layout and the numbers.
#[test]
fn card_detail_screen() {
    let mut app = (0..40u64)
        .map(|k| {
            let mut app = app();
            let mut rng = GameRng::from_seed(k);
            for _ in 0..k * 3 {
                if app.game.outcome().is_some() {
                    break;
                }
                let options = app.game.legal_actions();
                app.apply(options[rng.below(options.len())].clone())
                    .unwrap();
            }
            app
        })
        .find(|app| {
            let v = app.game.view(app.viewer);
            v.players
                .iter()
                .flat_map(|p| p.front.iter().chain(&p.back))
                .any(|c| c.plus > 0 || c.minus > 0)
        })
        .expect("a character with counters");
    let cards = app.screen().cards;
    let index = (0..cards.len())
        .find(|&i| {
            app.mode = Mode::Detail { card: i, scroll: 0 };
            let d = app.screen().detail.unwrap_or_default();
            d.iter()
                .any(|l| l.to_string().starts_with("  ") && l.to_string().contains("counter"))
        })
        .expect("the counters are explained");
    app.mode = Mode::Detail {
        card: index,
        scroll: 0,
    };
    let mut screen: Screen<GameState> = app.screen();
    let detail = screen.detail.as_mut().unwrap();
    let blank = detail
        .iter()
        .position(|l| l.to_string().is_empty())
        .unwrap();
    let text_lines = detail.len() - blank - 1;
    detail.truncate(blank + 1);
    detail.push(format!("(the card's generated text: {text_lines} lines)").into());
    let text = common::render_text(80, 24, |f| draw(f, &screen));
    assert!(
        text.contains("Printed ATK") && text.contains("Now ATK"),
        "{text}"
    );
    insta::assert_snapshot!("card_detail", text);
}

#[test]
fn the_card_under_the_cursor_is_highlighted_on_the_board() {
    use ratatui::style::Modifier;
    let mut app = app();
    let cards = app.screen().cards;
    let mut highlighted = 0;
    for (i, card) in cards.iter().enumerate() {
        let on_board = ["your hand", "row", "resources"]
            .iter()
            .any(|p| card.place.contains(p));
        if !on_board {
            continue;
        }
        app.mode = Mode::Cards(i);
        let screen = app.screen();
        let mut terminal =
            ratatui::Terminal::new(ratatui::backend::TestBackend::new(140, 40)).unwrap();
        terminal.draw(|f| draw(f, &screen)).unwrap();
        let buf = terminal.backend().buffer();
        // The reversed cells of the board (left of the decision column).
        let reversed: String = (0..40)
            .flat_map(|y| (0..140 - decision_width(140)).map(move |x| (x, y)))
            .filter(|&(x, y)| buf[(x, y)].modifier.contains(Modifier::REVERSED))
            .map(|(x, y)| buf[(x, y)].symbol().to_string())
            .collect();
        assert!(
            reversed.contains(&card.name),
            "{} ({}) not highlighted: {reversed:?}",
            card.name,
            card.place
        );
        highlighted += 1;
    }
    assert!(highlighted > 5);
}

#[test]
fn a_card_in_hand_that_cant_be_played_says_why_in_its_detail() {
    let mut app = app();
    let cards = app.screen().cards;
    let (i, card) = cards
        .iter()
        .enumerate()
        .find(|(_, c)| c.place == "your hand" && !c.playable && !c.label.contains("Loc"))
        .expect("a card in hand that can't be played");
    app.mode = Mode::Detail { card: i, scroll: 0 };
    let detail: Vec<String> = app
        .screen()
        .detail
        .unwrap()
        .iter()
        .map(|l| l.to_string())
        .collect();
    let why = detail
        .iter()
        .find(|l| l.starts_with("Can't be played now: "))
        .unwrap_or_else(|| panic!("{}: {detail:?}", card.name));
    assert!(why.contains("(p."), "{why}");
}
