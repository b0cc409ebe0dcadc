//! Scenario tests for the later-set cards (The Defenders, A-Force, Aliens, Legacy) whose
//! powers needed new card-language words: each puts the real card from the embedded
//! card files into a game and shows its power doing what the card says, and that the
//! new word narrows it as the rulebook means.

use crossover_kernel::Game;
use crossover_vs2pcg::action::Action;
use crossover_vs2pcg::state::*;
use crossover_vs2pcg::{GameState, PlayerSetup, Setup};

fn apply(g: &mut GameState, a: Action) {
    g.apply(&a).unwrap_or_else(|e| panic!("{a:?} refused: {e}"));
}

/// A game with the embedded cards: these main characters (level 1), decks of Fortress,
/// set up and at the first player's first Resource Step.
fn game(variant: Variant, mains: &[&str], seed: u64) -> GameState {
    let names = ["Ada", "Bo", "Cy", "Di"];
    let s = Setup {
        variant,
        players: mains
            .iter()
            .enumerate()
            .map(|(i, m)| PlayerSetup {
                name: names[i].into(),
                main: m.to_string(),
                deck: vec!["mnb-112".to_string(); 60],
                versions: Vec::new(),
            })
            .collect(),
        cards: Default::default(),
    };
    let mut g = GameState::with_db(crossover_vs2pcg::cardfile::embedded(), &s, seed).unwrap();
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
    g
}

/// A two-player game at seat 0's first Main Phase.
fn duel(main0: &str, main1: &str, seed: u64) -> GameState {
    let mut g = game(Variant::TwoPlayer, &[main0, main1], seed);
    g.goto_main();
    g
}

/// Hands go back into the decks, so tests say exactly what is in them.
fn clear_hand(g: &mut GameState, seat: usize) {
    for c in g.players()[seat].hand().clone() {
        g.move_to(c, Zone::Deck, seat);
    }
}

/// Pass the Main Phase: the turn ends.
fn end_turn(g: &mut GameState) {
    let seat = g.turn_seat();
    while g.turn_seat() == seat && g.outcome().is_none() {
        match g.pending() {
            Pending::Act { .. } => apply(g, Action::Pass),
            _ => panic!("unexpected decision {:?}", g.pending()),
        }
    }
}

fn choices(g: &GameState) -> Vec<CardId> {
    g.legal_actions()
        .into_iter()
        .filter_map(|a| match a {
            Action::Choose { card } => Some(card),
            _ => None,
        })
        .collect()
}

// ------------------------------------------------------------------ ready / exhausted

/// Glossary Ready/Exhausted: Avenge may only pick an exhausted supporting character,
/// and stuns the one picked.
#[test]
fn leg_009_avenge_avenge_stuns_only_an_exhausted_supporting_character() {
    let mut g = duel("mnb-001", "mnb-083", 3);
    clear_hand(&mut g, 0);
    let tired = g.spawn("mnb-014", 1, Zone::Front);
    g.set_exhausted(tired, true);
    let tired2 = g.spawn("mnb-010", 0, Zone::Back);
    g.set_exhausted(tired2, true);
    let fresh = g.spawn("mnb-013", 1, Zone::Front);
    let enemy_main = g.players()[1].main();
    g.set_exhausted(enemy_main, true);
    let pt = g.spawn("leg-009", 0, Zone::Hand);
    apply(&mut g, Action::PlayPlotTwist { card: pt });
    let mut offered = choices(&g);
    offered.sort();
    assert_eq!(
        offered,
        vec![tired, tired2],
        "only the exhausted supporting characters, on any side"
    );
    apply(&mut g, Action::Choose { card: tired });
    while matches!(g.pending(), Pending::Act { seat: 1 }) {
        apply(&mut g, Action::Pass);
    }
    // Stunned with a wound, the 1-health character is KO'd.
    assert_eq!(
        g.card(tired).zone(),
        Zone::KoPile,
        "the exhausted one is stunned"
    );
    assert!(!g.is_stunned(fresh), "the ready one is not");
    assert!(!g.is_stunned(tired2), "only the one picked");
    assert!(
        !g.is_stunned(enemy_main),
        "a main character is not a supporting one"
    );
}

/// Glossary Ready/Exhausted and end-of-turn effects (p.8): at its side's turn end,
/// Stay Frosty gives the upright characters there (Hicks aside) two +1/+1 counters
/// apiece; exhausted ones, Hicks and enemies get none.
#[test]
fn aln_022_corporal_hicks_stay_frosty_counters_each_other_ready_character() {
    let mut g = duel("mnb-001", "mnb-083", 4);
    let hicks = g.spawn("aln-022", 0, Zone::Back);
    let ready = g.spawn("mnb-014", 0, Zone::Front);
    let tired = g.spawn("mnb-013", 0, Zone::Front);
    g.set_exhausted(tired, true);
    let main0 = g.players()[0].main();
    let enemy = g.spawn("mnb-010", 1, Zone::Front);
    end_turn(&mut g);
    assert_eq!(g.card(ready).plus(), 2, "a ready character gets two");
    assert_eq!(g.card(main0).plus(), 2, "the ready main character gets two");
    assert_eq!(g.card(tired).plus(), 0, "an exhausted one gets none");
    assert_eq!(g.card(hicks).plus(), 0, "not Hicks himself");
    assert_eq!(g.card(enemy).plus(), 0, "not an enemy");
}

// ------------------------------------------------------------------ appears FILTER

/// From seat 0's first Resource Step (four Fortresses given, so four recruit points
/// for the turn): recruit `number` into the front row.
fn recruit(g: &mut GameState, number: &str) -> CardId {
    let c = g.spawn(number, 0, Zone::Hand);
    if g.phase() == Phase::Resource {
        while g.players()[0].resources().len() < 4 {
            g.spawn("mnb-112", 0, Zone::Resources);
        }
        apply(g, Action::Pass);
    }
    apply(
        g,
        Action::Recruit {
            card: c,
            row: Row::Front,
        },
    );
    c
}

/// Glossary Appears: Homo Superior gains an XP when an X-Men supporting character
/// appears on Cyclops's side, not when another team's one does.
#[test]
fn leg_010_cyclops_homo_superior_gains_xp_for_an_x_men_supporting_character_appearing() {
    let mut g = game(Variant::TwoPlayer, &["leg-010", "mnb-083"], 5);
    let cyclops = g.players()[0].main();
    recruit(&mut g, "mnb-010");
    assert_eq!(
        g.card(cyclops).xp(),
        0,
        "an Avengers character is not X-Men"
    );
    recruit(&mut g, "leg-014");
    assert_eq!(
        g.card(cyclops).xp(),
        1,
        "an X-Men supporting character appeared"
    );
}

/// Glossary Appears: Henchman puts a +1/+1 counter on Crossbones when a Villains
/// supporting character appears on his side — his own appearing included — and not
/// for another team's character.
#[test]
fn leg_032_crossbones_henchman_counts_villains_supporting_characters_appearing() {
    let mut g = game(Variant::TwoPlayer, &["mnb-001", "mnb-083"], 6);
    let first = recruit(&mut g, "leg-032");
    assert_eq!(g.card(first).plus(), 1, "his own appearing counts");
    recruit(&mut g, "mnb-010");
    assert_eq!(g.card(first).plus(), 1, "an Avengers character doesn't");
    recruit(&mut g, "mnb-087");
    assert_eq!(g.card(first).plus(), 2, "another Villains character does");
}

// ------------------------------------------------------------------ self-powers-up

/// Power-Ups: powered-up, Captain Britain gets the usual +1/+1 counter and Rule
/// Britannia! adds two more.
#[test]
fn leg_008_captain_britain_rule_britannia_adds_two_counters_when_powered_up() {
    let mut g = duel("mnb-001", "mnb-083", 7);
    let brit = g.spawn("leg-008", 0, Zone::Front);
    let copy = g.spawn("leg-008", 0, Zone::Hand);
    apply(
        &mut g,
        Action::PowerUp {
            discard: copy,
            target: brit,
        },
    );
    assert_eq!(g.card(brit).plus(), 3, "one for the power-up, two more");
}

/// Power-Ups: powered-up, Hellstrom heals a wound (Darksoul).
#[test]
fn def_040_hellstrom_darksoul_heals_a_wound_when_powered_up() {
    let mut g = duel("mnb-001", "mnb-083", 8);
    let hell = g.spawn("def-040", 0, Zone::Front);
    g.set_wounds(hell, 1);
    let copy = g.spawn("def-040", 0, Zone::Hand);
    apply(
        &mut g,
        Action::PowerUp {
            discard: copy,
            target: hell,
        },
    );
    assert_eq!(g.card(hell).wounds(), 0, "the wound is healed");
}
