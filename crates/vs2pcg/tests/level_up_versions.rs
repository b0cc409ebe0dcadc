//! Level Up Powers (p.20): "choose ... any of its level 2 versions". A deck's `version`
//! lines bring other versions of the main character (Legacy's Groot for Marvel Battles'
//! Groot); with several versions of the next level set aside, the controller chooses
//! which one the main character becomes (docs/rulings.md #86). Without them nothing is
//! asked, as before.

use crossover_kernel::{Game, Presentation};
use crossover_vs2pcg::action::Action;
use crossover_vs2pcg::cardfile::embedded;
use crossover_vs2pcg::deck;
use crossover_vs2pcg::state::*;
use crossover_vs2pcg::{GameState, PlayerSetup, Setup};

fn apply(g: &mut GameState, a: Action) {
    g.apply(&a).unwrap_or_else(|e| panic!("{a:?} refused: {e}"));
}

/// Ada (seat 0) plays `main` with these other versions against Magneto, decks of
/// Fortress; the game is at Ada's first Main Phase.
fn game(main: &str, versions: &[&str], seed: u64) -> GameState {
    let p = |name: &str, main: &str, versions: &[&str]| PlayerSetup {
        name: name.into(),
        main: main.into(),
        deck: vec!["mnb-112".to_string(); 60],
        versions: versions.iter().map(|v| v.to_string()).collect(),
    };
    let s = Setup {
        variant: Variant::TwoPlayer,
        players: vec![p("Ada", main, versions), p("Bo", "mnb-083", &[])],
        cards: Default::default(),
    };
    let mut g = GameState::with_db(embedded(), &s, seed).unwrap();
    if matches!(g.pending(), Pending::ChooseFirst { .. }) {
        g.set_chooser(0);
        g.set_pending(Pending::ChooseFirst { seat: 0 });
    }
    while g.turn() == 0 {
        let a = match &g.pending() {
            Pending::ChooseFirst { seat } => Action::GoFirst(*seat == 0),
            Pending::PlaceMain { .. } => Action::PlaceMain(Row::Front),
            _ => Action::Mulligan(false),
        };
        apply(&mut g, a);
    }
    g.goto_main();
    g
}

fn numbers(g: &GameState, cards: &[CardId]) -> Vec<String> {
    let mut v: Vec<String> = cards.iter().map(|&c| g.def(c).number.clone()).collect();
    v.sort();
    v
}

#[test]
fn a_version_line_sets_the_version_aside_with_its_own_higher_level() {
    let g = game("mnb-059", &["leg-021"], 1);
    let aside = g.players()[0].set_aside().clone();
    assert_eq!(numbers(&g, &aside), ["leg-021", "leg-022", "mnb-060"]);
    let plain = game("mnb-059", &[], 1);
    assert_eq!(
        numbers(&plain, &plain.players()[0].set_aside().clone()),
        ["mnb-060"]
    );
}

#[test]
fn with_two_level_2_versions_the_controller_chooses_which_one_groot_becomes() {
    let mut g = game("mnb-059", &["leg-021"], 2);
    let groot = g.players()[0].main();
    g.set_xp(groot, 5);
    g.settle();
    assert!(
        matches!(g.pending(), Pending::ChooseVersion { seat: 0, card } if card == groot),
        "{:?}",
        g.pending()
    );
    let options = g.legal_actions();
    let offered: Vec<String> = options
        .iter()
        .map(|a| match a {
            Action::Choose { card } => g.def(*card).number.clone(),
            other => panic!("{other:?}"),
        })
        .collect();
    assert_eq!(offered, ["mnb-060", "leg-021"]);
    let seen = g.describe_action(0, &options[1]);
    assert!(seen.contains("leg-021"), "{seen}");
    apply(&mut g, options[1].clone());
    assert_eq!(g.def(groot).number, "leg-021");
    assert_eq!(g.card(groot).xp(), 0);
    // Legacy's level 2 levels up again, into its level 3 (3 XP).
    g.set_xp(groot, 3);
    g.settle();
    assert_eq!(
        g.def(groot).number,
        "leg-022",
        "the only level 3: nothing to ask"
    );
}

#[test]
fn with_one_version_of_the_next_level_nothing_is_asked() {
    let mut g = game("mnb-059", &[], 3);
    let groot = g.players()[0].main();
    g.set_xp(groot, 5);
    g.settle();
    assert_eq!(g.def(groot).number, "mnb-060");
    assert!(!matches!(g.pending(), Pending::ChooseVersion { .. }));
}

#[test]
fn a_choice_outside_the_versions_is_refused_and_changes_nothing() {
    let mut g = game("mnb-059", &["leg-021"], 4);
    let groot = g.players()[0].main();
    g.set_xp(groot, 5);
    g.settle();
    let before = g.state_hash();
    let bos_main = g.players()[1].main();
    assert!(g.apply(&Action::Choose { card: bos_main }).is_err());
    assert_eq!(g.state_hash(), before);
}

#[test]
fn deck_lists_take_version_lines_and_check_them() {
    let db = embedded();
    let mut src = String::from("main mnb-059\nversion leg-021\n");
    for n in ["mnb-109", "mnb-110", "mnb-111", "mnb-112"] {
        src.push_str(&format!("4 {n}\n"));
    }
    let list = deck::parse("groot.deck", "groot", &src).unwrap();
    assert_eq!(list.versions, [(2, "leg-021".to_string())]);
    let errs = deck::check_rules("groot.deck", &list, &db, deck::DeckRules { casual: true });
    assert!(errs.is_empty(), "{errs:?}");
    assert_eq!(list.to_setup(&db, "Ada").versions, ["leg-021"]);

    let wrong = deck::parse(
        "cap.deck",
        "cap",
        &src.replace("main mnb-059", "main mnb-001"),
    )
    .unwrap();
    let errs = deck::check_rules("cap.deck", &wrong, &db, deck::DeckRules { casual: true });
    assert_eq!(errs.len(), 1, "{errs:?}");
    assert_eq!(errs[0].line, 2);
    assert!(
        errs[0].message.contains("not a version of Captain America"),
        "{}",
        errs[0]
    );

    let setup_err = GameState::with_db(
        db.clone(),
        &Setup {
            variant: Variant::TwoPlayer,
            players: vec![wrong.to_setup(&db, "Ada"), list.to_setup(&db, "Bo")],
            cards: Default::default(),
        },
        1,
    );
    assert!(setup_err.is_err());
}
