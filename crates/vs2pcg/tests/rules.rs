//! Rules tests for Vs. System 2PCG. Each test names the rulebook section it checks.

use crossover_kernel::{Game, Presentation};
use crossover_vs2pcg::action::Action;
use crossover_vs2pcg::model::*;
use crossover_vs2pcg::state::*;
use crossover_vs2pcg::testkit::*;

fn apply(g: &mut GameState, a: Action) {
    g.apply(&a).unwrap_or_else(|e| panic!("{a:?} refused: {e}"));
}

/// Pass in the combat window until the combat resolves (nobody plays anything).
fn pass_window(g: &mut GameState) {
    while g.combat().is_some() && matches!(g.pending(), Pending::Act { .. }) {
        apply(g, Action::Pass);
    }
}

fn empty_rows(g: &mut GameState) {
    // Move both main characters to the back row so tests control the front rows.
    for s in 0..2 {
        let m = g.players()[s].main();
        g.move_row(m, Row::Back);
    }
}

#[test]
fn setting_up_the_game_p8_seven_cards_and_first_player_draws_none() {
    let g = started(db(vec![]), "t-vanilla", 1);
    assert_eq!(g.players()[0].hand().len(), 7);
    assert_eq!(g.players()[1].hand().len(), 7);
    assert_eq!(g.turn(), 1);
    assert_eq!(g.turn_seat(), 0);
    assert_eq!(g.phase(), Phase::Resource);
    assert_eq!(g.players()[0].deck().len(), 53);
}

#[test]
fn draw_phase_p9_second_turn_draws_two() {
    let mut g = started(db(vec![]), "t-vanilla", 2);
    // End turn 1 quickly: no resource, no recruits, no formation, no attacks.
    for _ in 0..4 {
        apply(&mut g, Action::Pass);
    }
    assert_eq!(g.turn(), 2);
    assert_eq!(g.turn_seat(), 1);
    assert_eq!(g.players()[1].hand().len(), 9);
}

#[test]
fn recruit_step_p9_one_recruit_point_per_resource_face_up_or_down() {
    let mut g = started(db(vec![]), "t-vanilla", 3);
    let c = g.players()[0].hand()[0];
    apply(
        &mut g,
        Action::PlayResource {
            card: c,
            face_up: false,
        },
    );
    assert_eq!(g.phase(), Phase::Recruit);
    assert_eq!(g.players()[0].recruit_points(), 1);
    let v = g.players()[0].hand()[0];
    apply(
        &mut g,
        Action::Recruit {
            card: v,
            row: Row::Front,
        },
    );
    assert_eq!(g.players()[0].recruit_points(), 0);
    assert_eq!(g.card(v).zone(), Zone::Front);
}

#[test]
fn illegal_actions_are_rejected_with_the_rule_and_leave_the_state_unchanged() {
    let mut g = started(db(vec![]), "t-vanilla", 4);
    let before = g.state_hash();
    let c = g.players()[0].hand()[0];
    // Recruiting during the Resource Step with no recruit points.
    let err = g
        .apply(&Action::Recruit {
            card: c,
            row: Row::Front,
        })
        .unwrap_err();
    assert_eq!(err.rule, "Recruit Step (p.9)");
    assert_eq!(g.state_hash(), before);
    // A non-location can't be played face up (Resource Step p.9).
    let err = g
        .apply(&Action::PlayResource {
            card: c,
            face_up: true,
        })
        .unwrap_err();
    assert_eq!(err.rule, "Resource Step (p.9)");
    assert_eq!(g.state_hash(), before);
    // An opponent's card is not ours to play.
    let theirs = g.players()[1].hand()[0];
    assert!(g
        .apply(&Action::PlayResource {
            card: theirs,
            face_up: false
        })
        .is_err());
    assert_eq!(g.state_hash(), before);
}

#[test]
fn resolving_combat_p11_solo_strikes_are_simultaneous_and_stun_wounds() {
    let mut g = started(
        db(vec![character("t-big", "Big", 4, 4, 2, Team::Villains)]),
        "t-vanilla",
        5,
    );
    empty_rows(&mut g);
    g.goto_main();
    let a = g.spawn("t-big", 0, Zone::Front);
    let d = g.spawn("t-vanilla", 1, Zone::Front);
    apply(&mut g, Action::Attack { attacker: a });
    apply(&mut g, Action::Defender { card: d });
    pass_window(&mut g);
    assert!(g.combat().is_none());
    // 4 ATK vs 2 DEF: the defender is stunned; its 2 ATK < 4 DEF: the attacker is not.
    // Vanilla has health 1: the wound KOs it (Stunned Characters p.14).
    assert_eq!(g.card(d).zone(), Zone::KoPile);
    assert!(g.card(a).face_up());
    assert!(g.card(a).exhausted(), "attacking exhausts the attacker");
}

#[test]
fn stunned_characters_p14_face_down_exhausted_counters_gone_one_wound() {
    let mut g = started(
        db(vec![character("t-tank", "Tank", 1, 1, 3, Team::Villains)]),
        "t-vanilla",
        6,
    );
    let c = g.spawn("t-tank", 1, Zone::Front);
    g.add_plus(c, 2);
    g.stun(c, None, true);
    let card = g.card(c);
    assert!(!card.face_up());
    assert!(card.exhausted());
    assert_eq!((card.plus(), card.minus(), card.wounds()), (0, 0, 1));
    // Daze: a stun without the wound.
    g.recover(c);
    g.stun(c, None, false);
    assert_eq!(g.card(c).wounds(), 1);
}

#[test]
fn counters_p13_cancel_in_pairs_and_def_zero_stuns() {
    let mut g = started(
        db(vec![character("t-tank", "Tank", 1, 3, 3, Team::Villains)]),
        "t-vanilla",
        7,
    );
    let c = g.spawn("t-tank", 1, Zone::Front);
    g.add_plus(c, 2);
    g.add_minus(c, 1, None);
    assert_eq!((g.card(c).plus(), g.card(c).minus()), (1, 0));
    assert_eq!(g.stats(c), (2, 4));
    g.add_minus(c, 4, None);
    // 3 DEF + 1 - 4 = 0: immediately stunned.
    assert!(!g.card(c).face_up());
    assert_eq!(g.card(c).wounds(), 1);
}

#[test]
fn team_attacks_p11_example_three_2_2s_against_a_6_6() {
    // 2PCG-002: total ATK 6 stuns the 6/6; it strikes back at exactly one attacker.
    let mut g = started(
        db(vec![character("t-six", "Six", 6, 6, 3, Team::Villains)]),
        "t-vanilla",
        8,
    );
    empty_rows(&mut g);
    g.goto_main();
    let atk: Vec<CardId> = (0..3)
        .map(|_| g.spawn("t-vanilla", 0, Zone::Front))
        .collect();
    let d = g.spawn("t-six", 1, Zone::Front);
    apply(&mut g, Action::Attack { attacker: atk[0] });
    apply(&mut g, Action::AddAttacker { card: atk[1] });
    apply(&mut g, Action::AddAttacker { card: atk[2] });
    apply(&mut g, Action::Defender { card: d });
    pass_window(&mut g);
    // The defending player chooses the strike-back target.
    assert_eq!(
        g.pending(),
        Pending::StrikeBack {
            seat: 1,
            ferocious: false
        }
    );
    apply(&mut g, Action::StrikeBackAt { card: atk[1] });
    assert!(!g.card(d).face_up(), "defender stunned");
    assert_eq!(
        g.card(atk[1]).zone(),
        Zone::KoPile,
        "the chosen attacker was stunned (and KO'd at 1 health)"
    );
    assert!(
        g.card(atk[0]).face_up() && g.card(atk[2]).face_up(),
        "the other two survive"
    );
}

#[test]
fn ferocious_characters_in_combat_p12_team_example_black_panther_and_nick_fury() {
    // 2PCG-003: Black Panther (3/2 Ferocious) and Nick Fury (1/5) team attack Major Victory (2/4).
    let bp = with_keyword(
        character("t-bp", "Black Panther", 3, 2, 2, Team::Avengers),
        Keyword::Ferocious,
    );
    let nf = character("t-nf", "Nick Fury", 1, 5, 1, Team::Avengers);
    let mv = character("t-mv", "Major Victory", 2, 4, 2, Team::Guardians);
    let mut g = started(db(vec![bp, nf, mv]), "t-vanilla", 9);
    empty_rows(&mut g);
    g.goto_main();
    let b = g.spawn("t-bp", 0, Zone::Front);
    let n = g.spawn("t-nf", 0, Zone::Front);
    let m = g.spawn("t-mv", 1, Zone::Front);
    apply(&mut g, Action::Attack { attacker: b });
    apply(&mut g, Action::AddAttacker { card: n });
    apply(&mut g, Action::Defender { card: m });
    pass_window(&mut g);
    let Pending::StrikeBack { seat, .. } = g.pending() else {
        panic!(
            "the defender of a team attack chooses whom it strikes back at: {:?}",
            g.pending()
        );
    };
    assert_eq!(seat, 1);
    apply(&mut g, Action::StrikeBackAt { card: b });
    assert!(
        !g.card(m).face_up(),
        "3 + 1 = 4 ATK stuns Major Victory in the normal step"
    );
    assert!(
        !g.card(b).face_up(),
        "Major Victory's 2 ATK stuns Black Panther (2 DEF)"
    );
    assert!(g.card(n).face_up());
}

#[test]
fn declare_a_combat_p10_protection_and_flight() {
    let flyer = with_keyword(
        character("t-fly", "Flyer", 3, 3, 2, Team::Avengers),
        Keyword::Flight,
    );
    let mut g = started(db(vec![flyer]), "t-vanilla", 10);
    empty_rows(&mut g);
    g.goto_main();
    let walker = g.spawn("t-vanilla", 0, Zone::Front);
    let fly = g.spawn("t-fly", 0, Zone::Front);
    let guard = g.spawn("t-vanilla", 1, Zone::Front);
    let behind = g.players()[1].main(); // in the back row, protected by `guard`
    assert!(g.is_protected(behind));
    assert!(!g.legal_defenders(&[walker]).contains(&behind));
    assert!(
        g.legal_defenders(&[fly]).contains(&behind),
        "Flight flies over the front row"
    );
    // An enemy front-row Flight character stops flying over.
    let enemy_flyer = g.spawn("t-fly", 1, Zone::Front);
    assert!(!g.legal_defenders(&[fly]).contains(&behind));
    // Stunned characters don't protect (Protection, Game Terms).
    g.stun(guard, None, false);
    g.stun(enemy_flyer, None, false);
    assert!(g.legal_defenders(&[walker]).contains(&behind));
    // Stunned characters can't be attacked.
    assert!(!g.legal_defenders(&[walker]).contains(&guard));
}

#[test]
fn making_a_ranged_attack_p11_no_strike_back_without_ranged() {
    let archer = with_keyword(
        character("t-arch", "Archer", 3, 1, 2, Team::Avengers),
        Keyword::Ranged,
    );
    let brute = character("t-brute", "Brute", 5, 3, 2, Team::Villains);
    let mut g = started(db(vec![archer, brute]), "t-vanilla", 11);
    empty_rows(&mut g);
    g.goto_main();
    let a = g.spawn("t-arch", 0, Zone::Back);
    let d = g.spawn("t-brute", 1, Zone::Front);
    assert!(g.can_attack(a), "a back-row Ranged character can attack");
    let plain = g.spawn("t-vanilla", 0, Zone::Back);
    assert!(
        !g.can_attack(plain),
        "a back-row character without Ranged can't"
    );
    apply(&mut g, Action::Attack { attacker: a });
    apply(&mut g, Action::Defender { card: d });
    pass_window(&mut g);
    assert!(!g.card(d).face_up(), "3 ATK stuns the 3 DEF brute");
    assert!(
        g.card(a).face_up(),
        "the brute has no Ranged: it can't strike back"
    );
}

#[test]
fn recovery_phase_p9_stunned_characters_recover_then_ready() {
    let mut g = started(
        db(vec![character("t-tank", "Tank", 1, 3, 3, Team::Avengers)]),
        "t-vanilla",
        12,
    );
    let c = g.spawn("t-tank", 1, Zone::Front);
    g.stun(c, None, true);
    for _ in 0..4 {
        apply(&mut g, Action::Pass);
    }
    // Seat 1's turn: its Recovery Phase has run.
    assert_eq!(g.turn_seat(), 1);
    assert!(g.card(c).face_up());
    assert!(!g.card(c).exhausted());
    assert_eq!(
        g.card(c).wounds(),
        1,
        "recovering does not heal wounds (p.15)"
    );
}

#[test]
fn ending_the_game_p13_main_character_kod_loses() {
    let mut g = started(db(vec![]), "t-vanilla", 13);
    let m = g.players()[1].main();
    g.wound(m, 5, None, false);
    g.settle();
    assert_eq!(g.outcome(), Some(crossover_kernel::Outcome::Win(vec![0])));
    assert!(g.legal_actions().is_empty());
}

#[test]
fn basic_game_concepts_p7_a_view_hides_other_hands_and_face_down_resources() {
    let mut g = started(db(vec![]), "t-vanilla", 14);
    let c = g.players()[0].hand()[0];
    apply(
        &mut g,
        Action::PlayResource {
            card: c,
            face_up: false,
        },
    );
    let v = g.view(1);
    assert!(v.players[0].hand.is_none());
    assert_eq!(v.players[0].hand_size, 6);
    assert_eq!(v.players[0].resources.len(), 1);
    assert_eq!(v.players[0].resources[0].name, None);
    assert!(!v.players[0].resources[0].face_up);
    assert!(v.players[1].hand.is_some());
    let own = g.view(0);
    assert!(
        own.players[0].resources[0].name.as_deref() == Some(g.name(c)),
        "you can look at your own face-down resources"
    );
    // Nothing about the deck order is in a view: only its size.
    let json = serde_json::to_string(&v).unwrap();
    assert!(!json.contains("\"deck\":"));
}

#[test]
fn level_up_powers_p20_enough_xp_swaps_in_level_2_keeping_wounds() {
    let mut d1 = main_character("t-lv1", "Leveler", 1, 2, 5, Team::Avengers);
    d1.levels = vec!["t-lv2".into()];
    d1.powers.push(Power {
        name: "Practice".into(),
        body: PowerBody::LevelUp {
            xp: 2,
            trigger: Triggered {
                on: TriggerOn::StartOfYourTurn,
                if_cond: None,
                while_cond: None,
                effect: vec![],
                once_per_turn: Default::default(),
            },
        },
    });
    let mut d2 = main_character("t-lv2", "Leveler", 2, 6, 8, Team::Avengers);
    d2.levels = vec!["t-lv1".into()];
    let db = db(vec![d1, d2]);
    let mut s = setup("t-vanilla");
    s.players[0].main = "t-lv1".into();
    let mut g = GameState::with_db(db, &s, 15).unwrap();
    while g.turn() == 0 {
        let a = g.legal_actions()[0].clone();
        apply(&mut g, a);
    }
    let m = g.players()[0].main();
    g.set_wounds(m, 1);
    // Turns pass; at the start of each of seat 0's turns Leveler gains an XP.
    while g.turn() < 5 && g.outcome().is_none() {
        let a = g.legal_actions().last().unwrap().clone();
        apply(&mut g, a);
    }
    assert_eq!(g.def(m).level(), 2);
    assert_eq!(g.stats(m), (6, 8));
    assert_eq!(g.card(m).wounds(), 1);
    assert_eq!(g.card(m).xp(), 0);
}

#[test]
fn uniqueness_p24_a_supporting_swarm_card_still_cant_share_the_main_characters_name() {
    // Only a *main character* with Swarm lifts the main-character-name rule (p.24).
    let mut hero = with_keyword(
        character("t-hero-sc", "Test Hero", 1, 1, 1, Team::Avengers),
        Keyword::Swarm,
    );
    hero.cost = Some(0);
    let mut g = started(db(vec![hero]), "t-vanilla", 21);
    let c = g.spawn("t-hero-sc", 0, Zone::Hand);
    apply(&mut g, Action::Pass); // no resource: Recruit Step
    let err = g
        .apply(&Action::Recruit {
            card: c,
            row: Row::Front,
        })
        .unwrap_err();
    assert_eq!(err.rule, "Uniqueness (p.24)");
}

#[test]
fn triggers_p16_first_time_each_turn_counts_every_attack_not_only_shrink() {
    // "When this character is attacked for the first time each turn" fires once a turn.
    let mut d = character("t-wary", "Wary", 0, 9, 3, Team::Villains);
    d.powers.push(Power {
        name: "Alarm".into(),
        body: PowerBody::Triggered(Triggered {
            on: TriggerOn::SelfAttacked {
                first_each_turn: true,
            },
            if_cond: None,
            while_cond: None,
            effect: vec![Step::Draw(Draw {
                player: PlayerWho::You,
                n: Amount::Fixed(1),
            })],
            once_per_turn: Default::default(),
        }),
    });
    let mut g = started(db(vec![d]), "t-vanilla", 22);
    empty_rows(&mut g);
    g.goto_main();
    let a1 = g.spawn("t-vanilla", 0, Zone::Front);
    let wary = g.spawn("t-wary", 1, Zone::Front);
    let hand = g.players()[1].hand().len();
    apply(&mut g, Action::Attack { attacker: a1 });
    apply(&mut g, Action::Defender { card: wary });
    pass_window(&mut g);
    assert_eq!(g.players()[1].hand().len(), hand + 1);
    let m = g.players()[0].main();
    g.move_row(m, Row::Front);
    apply(&mut g, Action::Attack { attacker: m });
    apply(&mut g, Action::Defender { card: wary });
    pass_window(&mut g);
    assert_eq!(
        g.players()[1].hand().len(),
        hand + 1,
        "the second attack this turn doesn't trigger it"
    );
}

fn two_headed(seed: u64) -> GameState {
    let db = db(vec![]);
    let mut s = setup("t-vanilla");
    let p = s.players[0].clone();
    s.players = (0..4)
        .map(|i| crossover_vs2pcg::PlayerSetup {
            name: format!("P{i}"),
            ..p.clone()
        })
        .collect();
    s.variant = Variant::TwoHeaded;
    let mut g = GameState::with_db(db, &s, seed).unwrap();
    while g.turn() == 0 {
        let a = match &g.pending() {
            Pending::ChooseFirst { seat } => Action::GoFirst(*seat < 2),
            Pending::PlaceMain { .. } => Action::PlaceMain(Row::Front),
            _ => Action::Mulligan(false),
        };
        apply(&mut g, a);
    }
    g
}

#[test]
fn two_headed_teammates_p27_shared_turn_separate_recruiting_no_first_turn_draws() {
    let mut g = two_headed(31);
    assert_eq!(g.turn_seat(), 0);
    assert_eq!(
        (g.players()[0].hand().len(), g.players()[1].hand().len()),
        (7, 7),
        "the first team draws nothing"
    );
    // Each teammate has their own Resource Step, then their own Recruit Step.
    assert_eq!(g.pending(), Pending::Act { seat: 0 });
    let r0 = g.players()[0].hand()[0];
    apply(
        &mut g,
        Action::PlayResource {
            card: r0,
            face_up: false,
        },
    );
    assert_eq!(g.pending(), Pending::Act { seat: 1 });
    assert_eq!(g.phase(), Phase::Resource);
    let r1 = g.players()[1].hand()[0];
    apply(
        &mut g,
        Action::PlayResource {
            card: r1,
            face_up: false,
        },
    );
    assert_eq!(g.phase(), Phase::Recruit);
    assert_eq!(
        (
            g.players()[0].recruit_points(),
            g.players()[1].recruit_points()
        ),
        (1, 1)
    );
    let c0 = g.players()[0].hand()[0];
    apply(
        &mut g,
        Action::Recruit {
            card: c0,
            row: Row::Back,
        },
    );
    // Seat 0 can't spend seat 1's recruit point: the second recruit is not offered.
    assert!(!g
        .legal_actions()
        .iter()
        .any(|a| matches!(a, Action::Recruit { .. })));
    apply(&mut g, Action::Pass);
    assert_eq!(g.pending(), Pending::Act { seat: 1 });
    assert!(g
        .legal_actions()
        .iter()
        .any(|a| matches!(a, Action::Recruit { .. })));
}

#[test]
fn two_headed_teammates_p27_rows_are_shared_for_protection_and_attacks() {
    let mut g = two_headed(32);
    g.goto_main();
    // Seat 2's back-row character is protected by teammate 3's front-row main character.
    let m2 = g.players()[2].main();
    g.move_row(m2, Row::Back);
    let behind = g.spawn("t-vanilla", 2, Zone::Back);
    assert!(g.is_protected(behind));
    // Both teammates' characters attack on the team's turn.
    let mate_attacker = g.spawn("t-vanilla", 1, Zone::Front);
    assert!(g.can_attack(mate_attacker));
    assert!(!g.legal_defenders(&[mate_attacker]).contains(&behind));
}

#[test]
fn two_headed_teammates_p27_the_team_loses_when_both_main_characters_are_kod() {
    let mut g = two_headed(33);
    let m2 = g.players()[2].main();
    g.wound(m2, 5, None, false);
    g.settle();
    assert!(
        g.outcome().is_none(),
        "seat 2 plays on while its teammate's main character stands"
    );
    assert!(g.players()[2].main_kod() && !g.players()[2].out());
    let m3 = g.players()[3].main();
    g.wound(m3, 5, None, false);
    g.settle();
    assert_eq!(
        g.outcome(),
        Some(crossover_kernel::Outcome::Win(vec![0, 1]))
    );
}

/// A two-player game with the embedded Marvel Battles cards: Groot against Magneto,
/// 60 Fortresses each, set up and at the first Resource Step.
fn marvel(seed: u64) -> GameState {
    let p = |name: &str, main: &str| crossover_vs2pcg::PlayerSetup {
        name: name.into(),
        main: main.into(),
        deck: vec!["mnb-112".to_string(); 60],
        versions: Vec::new(),
    };
    let s = crossover_vs2pcg::Setup {
        variant: Variant::TwoPlayer,
        players: vec![p("Ada", "mnb-059"), p("Bo", "mnb-083")],
        cards: Default::default(),
    };
    let mut g = GameState::with_db(crossover_vs2pcg::cardfile::embedded(), &s, seed).unwrap();
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

fn use_first_power_named(g: &mut GameState, name: &str) {
    let a = g
        .legal_actions()
        .into_iter()
        .find(|a| {
            matches!(a, Action::UsePower { .. })
                && g.describe_action(g.pending_seat().unwrap_or(0), a)
                    .contains(name)
        })
        .unwrap_or_else(|| panic!("no legal use of {name}: {:?}", g.legal_actions()));
    apply(g, a);
}

#[test]
fn regressing_main_characters_p22_groot_becomes_level_1_keeping_wounds_and_counters() {
    let mut g = marvel(41);
    let groot = g.players()[0].main();
    g.set_xp(groot, 5);
    g.settle();
    assert_eq!(g.def(groot).level(), 2, "5 XP levels Groot up");
    g.set_wounds(groot, 2);
    g.add_plus(groot, 1);
    let lab = g.spawn("mnb-110", 0, Zone::Resources);
    let _ = lab;
    g.goto_main();
    use_first_power_named(&mut g, "We are Groot");
    assert_eq!(g.def(groot).level(), 1);
    assert_eq!(
        g.card(groot).wounds(),
        1,
        "We are Groot heals a wound first"
    );
    assert_eq!(
        g.card(groot).plus(),
        1,
        "counters stay on the regressed version"
    );
    assert_eq!(g.stats(groot), (2, 2));
}

#[test]
fn game_terms_cancel_p28_think_again_ends_the_combat_without_stuns_and_nobody_readies() {
    let mut g = marvel(42);
    empty_rows(&mut g);
    g.goto_main();
    let a = g.spawn("mnb-011", 0, Zone::Front); // Black Panther 3/2
    let d = g.spawn("mnb-067", 1, Zone::Front); // Gamora 3/4
    let _cap = g.spawn("mnb-015", 1, Zone::Front); // an Avenger on Bo's side for the team symbol
    let think = g.spawn("mnb-024", 1, Zone::Hand);
    apply(&mut g, Action::Attack { attacker: a });
    apply(&mut g, Action::Defender { card: d });
    apply(&mut g, Action::Pass); // Ada passes; Bo answers with Think Again
    apply(&mut g, Action::PlayPlotTwist { card: think });
    assert!(g.combat().is_none(), "the combat is cancelled");
    assert!(
        g.card(a).face_up() && g.card(d).face_up(),
        "nobody is stunned"
    );
    assert!(g.card(a).exhausted(), "the attacker stays exhausted");
    assert_eq!(g.card(think).zone(), Zone::KoPile);
}

#[test]
fn game_terms_switch_p30_uncanny_defense_replaces_the_defender_and_switches_rows() {
    let mut g = marvel(43);
    empty_rows(&mut g);
    g.goto_main();
    let a = g.spawn("mnb-011", 0, Zone::Front);
    let d = g.spawn("mnb-035", 1, Zone::Front); // Iceman, 2/1
    let guard = g.spawn("mnb-046", 1, Zone::Back); // Colossus, 7/7
    let ud = g.spawn("mnb-051", 1, Zone::Hand);
    apply(&mut g, Action::Attack { attacker: a });
    apply(&mut g, Action::Defender { card: d });
    apply(&mut g, Action::Pass);
    apply(&mut g, Action::PlayPlotTwist { card: ud });
    // Only a character not already in the combat can replace the defender.
    let choices = g.legal_actions();
    assert!(!choices.contains(&Action::Choose { card: d }));
    apply(&mut g, Action::Choose { card: guard });
    assert_eq!(g.combat().as_ref().unwrap().defender, Some(guard));
    assert_eq!(g.row_of(guard), Some(Row::Front));
    assert_eq!(g.row_of(d), Some(Row::Back), "the two switch positions");
    pass_window(&mut g);
    assert!(!g.card(a).face_up(), "Colossus' 7 ATK stuns Black Panther");
    assert!(g.card(guard).face_up());
}

#[test]
fn when_this_character_stuns_p17_a_minus_counter_to_zero_def_makes_its_giver_the_source() {
    // Thor's Lightning Strike puts -1/-1 counters that drop DEF to 0: Thor is the source
    // of that stun (p.17), so "when an enemy character gets stunned" counts it and a
    // Gamora-style "stuns a main character" trigger would see Thor.
    let mut g = marvel(44);
    g.goto_main();
    let thor = g.spawn("mnb-021", 0, Zone::Back);
    g.spawn("mnb-110", 0, Zone::Resources);
    let victim = g.spawn("mnb-035", 1, Zone::Front); // Iceman 2/1
    use_first_power_named(&mut g, "Lightning Strike");
    if g.legal_actions().contains(&Action::Choose { card: victim }) {
        apply(&mut g, Action::Choose { card: victim });
    }
    assert_eq!(
        g.card(victim).zone(),
        Zone::KoPile,
        "0 DEF stuns it; its 1 health KOs it"
    );
    assert!(
        g.players()[0].stunned_by_this_turn().contains(&thor),
        "Thor is the source of the stun"
    );
}

#[test]
fn neutral_locations_with_different_names_p25_count_as_one_card() {
    use crossover_vs2pcg::deck;
    let mut mixed = location("t-fort2", "Other Fortress", Symbol::Might);
    mixed.number = "t-fort2".into();
    let db = db(vec![mixed]);
    let src = "main t-mc1\n4 t-loc\n1 t-fort2\n55 t-vanilla\n";
    let d = deck::parse("mixed.deck", "mixed", src).unwrap();
    let errs = deck::check("mixed.deck", &d, &db);
    assert!(
        errs.iter().any(|e| e
            .message
            .contains("same neutral Might location under different names")),
        "{errs:?}"
    );
    let five = deck::parse("five.deck", "five", "main t-mc1\n5 t-loc\n55 t-vanilla\n").unwrap();
    let errs = deck::check("five.deck", &five, &db);
    assert!(
        errs.iter()
            .any(|e| e.line == 2 && e.message.contains("at most 4")),
        "{errs:?}"
    );
}
