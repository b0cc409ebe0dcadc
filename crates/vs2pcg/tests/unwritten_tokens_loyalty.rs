//! What the later sets' cards bring to the card files (issue 35): powers not yet written
//! are shown as such and never played, token cards stay out of decks (Token Characters
//! p.26), and Loyalty printed on a plot twist counts for deck building (Deck Building
//! Rules p.28, Select Keyword Powers).

use crossover_kernel::Game;
use crossover_vs2pcg::action::Action;
use crossover_vs2pcg::cardfile;
use crossover_vs2pcg::db::CardDb;
use crossover_vs2pcg::deck::{self, DeckRules};
use crossover_vs2pcg::state::*;
use crossover_vs2pcg::testkit::*;
use crossover_vs2pcg::text;
use crossover_vs2pcg::{PlayerSetup, Setup};

fn problems(src: &str, db: &CardDb) -> Vec<String> {
    let d = deck::parse("t.deck", "t", src).unwrap_or_else(|e| panic!("{e}"));
    deck::check_rules("t.deck", &d, db, DeckRules { casual: false })
        .iter()
        .map(|e| e.to_string())
        .collect()
}

/// The prebuilt X-Men deck (Wolverine) without its two Hope Summers: 58 cards, then
/// `extra`.
fn xmen_deck(extra: &str) -> String {
    let full = crossover_vs2pcg::decks::text("xmen-wolverine").expect("a prebuilt deck");
    full.replace("2 mnb-037", "") + "\n" + extra
}

#[test]
fn a_power_not_yet_written_is_shown_as_such() {
    let db = cardfile::embedded();
    let spellbound = db.get(db.by_number("def-023").unwrap());
    let t = text::card_text(spellbound);
    assert!(
        t.contains("Spellbound — not yet written"),
        "the plot twist's unwritten effect is named: {t}"
    );
    assert!(!t.contains("Combat:"), "and no empty effect line: {t}");
}

/// A plot twist whose effect is not written can't be played: the engine says why rather
/// than play a card that does nothing.
#[test]
fn a_plot_twist_whose_effect_is_not_yet_written_is_refused_naming_why() {
    let db = cardfile::embedded();
    let setup = Setup {
        variant: Variant::TwoPlayer,
        players: vec![
            PlayerSetup {
                name: "Ada".into(),
                main: "aff-001".into(),
                deck: vec!["mnb-112".to_string(); 60],
                versions: Vec::new(),
            },
            PlayerSetup {
                name: "Bo".into(),
                main: "mnb-081".into(),
                deck: vec!["mnb-112".to_string(); 60],
                versions: Vec::new(),
            },
        ],
        cards: Default::default(),
    };
    let mut g = started_with(db, &setup, 3);
    g.goto_main();
    let unwritten = g.spawn("aff-025", 0, Zone::Hand);
    assert!(!g
        .legal_actions()
        .contains(&Action::PlayPlotTwist { card: unwritten }));
    let before = g.state_hash();
    let e = g
        .apply(&Action::PlayPlotTwist { card: unwritten })
        .unwrap_err();
    assert!(e.to_string().contains("not yet written"), "{e}");
    assert_eq!(g.state_hash(), before, "refused, nothing changed");
}

#[test]
fn token_cards_are_not_game_cards_for_a_deck() {
    let db = cardfile::embedded();
    let p = problems(&xmen_deck("2 mnb-037\n"), &db);
    assert_eq!(p, Vec::<String>::new(), "the deck is legal as it is");
    let p = problems(&xmen_deck("1 mnb-037\n1 leg-063\n"), &db);
    assert!(
        p.iter()
            .any(|l| l.starts_with("t.deck:24: Monkey Joe is a token card")
                && l.contains("Token Characters p.26")),
        "{p:?}"
    );
    assert!(text::type_line(db.get(db.by_number("leg-063").unwrap())).starts_with("Token"));
}

/// Gifted and Talented (leg-018) is an X-Men plot twist with Loyalty: in an X-Men deck it
/// is legal; an Avengers card next to it breaks its Loyalty.
#[test]
fn loyalty_on_a_plot_twist_counts_for_deck_building() {
    let db = cardfile::embedded();
    assert_eq!(
        problems(&xmen_deck("2 leg-018\n"), &db),
        Vec::<String>::new()
    );
    let p = problems(&xmen_deck("1 leg-018\n1 mnb-009\n"), &db);
    assert!(
        p.iter()
            .any(|l| l.contains("breaks Gifted and Talented's Loyalty")),
        "{p:?}"
    );
}
