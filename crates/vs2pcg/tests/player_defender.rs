//! A player as a defender (Deadpool L2, ruling 29): while a player defends, the rules treat
//! it as a 0/1 supporting character with 1 health. It is a character for every rule:
//! plot twists can choose it, counters go on it, DEF 0 stuns it, and a KO'd player is out.

use crossover_kernel::{Game, Outcome, Presentation};
use crossover_vs2pcg::action::Action;
use crossover_vs2pcg::cardfile::{embedded_cards, parse_cards};
use crossover_vs2pcg::db::CardDb;
use crossover_vs2pcg::state::*;
use crossover_vs2pcg::{GameState, PlayerSetup, Setup};

/// Plot twists for these tests (any-turn combat): Bolster puts a +1/+1 counter on the
/// defender, Wither a -1/-1 counter on it, Fortify four +1/+1 counters.
const TEST_CARDS: &str = r#"
(card x-bolster "Bolster" (plot-twist (timing combat any-turn))
  (effect (choose 0 (defender)) (plus-counters (chosen 0) 1)))
(card x-wither "Wither" (plot-twist (timing combat any-turn))
  (effect (choose 0 (defender)) (minus-counters (chosen 0) 1)))
(card x-fortify "Fortify" (plot-twist (timing combat any-turn))
  (effect (choose 0 (defender)) (plus-counters (chosen 0) 4)))
"#;

fn apply(g: &mut GameState, a: Action) {
    g.apply(&a).unwrap_or_else(|e| panic!("{a:?} refused: {e}"));
}

/// Deadpool L2 (seat 0) against Magneto (seat 1) in seat 0's Main Phase, with every
/// character of seat 1 stunned so that Deadpool may attack the player, and his power used.
fn deadpool_may_attack_the_player() -> (GameState, CardId) {
    let mut cards = embedded_cards().unwrap();
    cards.extend(parse_cards("player_defender.rs", TEST_CARDS).unwrap());
    let db = CardDb::new(cards);
    let p = |name: &str, main: &str| PlayerSetup {
        name: name.into(),
        main: main.into(),
        deck: vec!["mnb-112".to_string(); 60],
        versions: Vec::new(),
    };
    let setup = Setup {
        variant: Variant::TwoPlayer,
        players: vec![p("Ada", "mnb-031"), p("Bo", "mnb-083")],
        cards: Default::default(),
    };
    let mut g = crossover_vs2pcg::testkit::started_with(db, &setup, 5);
    g.goto_main();
    let deadpool = g.players()[0].main();
    g.set_xp(deadpool, 3);
    g.settle();
    assert_eq!(g.def(deadpool).level(), 2);
    g.spawn("mnb-111", 0, Zone::Resources);
    let power = g
        .legal_actions()
        .into_iter()
        .find(|a| {
            matches!(a, Action::UsePower { card, .. } if *card == deadpool)
                && g.describe_action(0, a).contains("Hi there")
        })
        .expect("Deadpool L2's power is offered");
    apply(&mut g, power);
    let magneto = g.players()[1].main();
    g.stun(magneto, None, false);
    g.settle();
    let player = *g
        .legal_defenders(&[deadpool])
        .first()
        .expect("every character of Bo's is stunned: Bo may be attacked");
    (g, player)
}

fn attack_the_player(g: &mut GameState, player: CardId) {
    let deadpool = g.players()[0].main();
    apply(g, Action::Attack { attacker: deadpool });
    apply(g, Action::Defender { card: player });
    assert_eq!(g.combat().as_ref().unwrap().defender, Some(player));
}

fn play(g: &mut GameState, seat: usize, number: &str) {
    let card = g.spawn(number, seat, Zone::Hand);
    apply(g, Action::PlayPlotTwist { card });
}

#[test]
fn a_player_as_defender_can_be_chosen_by_a_plot_twist_and_gets_counters() {
    let (mut g, player) = deadpool_may_attack_the_player();
    attack_the_player(&mut g, player);
    // The attacking player's plot twist chooses "the defender": the player is one.
    play(&mut g, 0, "x-bolster");
    assert_eq!(
        g.card(player).plus(),
        1,
        "a +1/+1 counter on the defending player"
    );
    assert_eq!(g.stats(player), (1, 2));
}

#[test]
fn a_player_as_defender_at_0_def_is_stunned_and_a_kod_player_is_out() {
    let (mut g, player) = deadpool_may_attack_the_player();
    attack_the_player(&mut g, player);
    play(&mut g, 0, "x-wither");
    // DEF 1 - 1 = 0: stunned (p.13), wounded; 1 health: KO'd, and Bo is out.
    assert_eq!(g.outcome(), Some(Outcome::Win(vec![0])));
    assert!(g.players()[1].out());
}

/// Ruling 83 (issue 35 §3): counters on a defending player stay on the player after the
/// combat and are on it again when it next defends.
#[test]
fn counters_on_a_defending_player_stay_on_the_player_for_later_combats() {
    let (mut g, player) = deadpool_may_attack_the_player();
    attack_the_player(&mut g, player);
    play(&mut g, 0, "x-fortify");
    assert_eq!(g.stats(player), (4, 5));
    while g.combat().is_some() && matches!(g.pending(), Pending::Act { .. }) {
        apply(&mut g, Action::Pass);
    }
    assert!(g.combat().is_none());
    assert!(!g.players()[1].out(), "4 ATK against 5 DEF: Bo survives");
    assert_eq!(
        g.card(player).zone(),
        Zone::Removed,
        "out of play between combats"
    );
    assert_eq!(g.players()[1].counters(), (4, 0), "the counters stay on Bo");
    let deadpool = g.players()[0].main();
    g.set_exhausted(deadpool, false);
    attack_the_player(&mut g, player);
    assert_eq!(
        g.card(player).plus(),
        4,
        "and are on Bo when Bo defends again"
    );
    assert_eq!(g.stats(player), (4, 5));
}
