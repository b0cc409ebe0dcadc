//! Scenario tests for the rulebook sections `rules.rs` does not cover. Each test's
//! name names the section (and page) of the Compiled Rulebook v2.1 it checks; worked
//! examples from `shared/design/conformance/vs-2pcg-examples.md` are cited as 2PCG-NNN.
//! Cards are built in Rust with the testkit; a test sets up a board, drives it with
//! `Game::apply`, and checks the state that results.

use crossover_kernel::{Game, GameRng, Outcome, RuleError};
use crossover_vs2pcg::action::{Action, Pay};
use crossover_vs2pcg::db::CardDb;
use crossover_vs2pcg::deck;
use crossover_vs2pcg::model::*;
use crossover_vs2pcg::state::*;
use crossover_vs2pcg::testkit::*;
use crossover_vs2pcg::verbs::Choose;
use std::sync::Arc;

// ---------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------

fn apply(g: &mut GameState, a: Action) {
    g.apply(&a).unwrap_or_else(|e| panic!("{a:?} refused: {e}"));
}

/// Apply an action that must be refused; the state must not change.
fn refuse(g: &mut GameState, a: Action) -> RuleError {
    let before = g.state_hash();
    let e = g.apply(&a).expect_err("the action should be illegal");
    assert_eq!(g.state_hash(), before, "a refused action changed the state");
    e
}

fn legal(g: &GameState, a: &Action) -> bool {
    g.legal_actions().contains(a)
}

/// Pass in the combat window until the combat resolves (nobody plays anything).
fn pass_window(g: &mut GameState) {
    while g.combat().is_some() && matches!(g.pending(), Pending::Act { .. }) {
        apply(g, Action::Pass);
    }
}

/// Pass until the next turn starts (ends at that player's Resource Step).
fn next_turn(g: &mut GameState) {
    let t = g.turn();
    while g.turn() == t && g.outcome().is_none() {
        apply(g, Action::Pass);
    }
}

/// From the Resource Step: put `n - 1` extra resources into play, then play a card
/// from hand face down, which opens the Recruit Step with `n` recruit points.
fn to_recruit(g: &mut GameState, n: usize) {
    let seat = g.turn_seat();
    for _ in 1..n {
        g.spawn("t-loc", seat, Zone::Resources);
    }
    let c = vanilla_in_hand(g, seat);
    apply(
        g,
        Action::PlayResource {
            card: c,
            face_up: false,
        },
    );
    assert_eq!(g.phase(), Phase::Recruit);
    assert_eq!(g.players()[seat].recruit_points() as usize, n);
}

fn vanilla_in_hand(g: &GameState, seat: usize) -> CardId {
    *g.players()[seat]
        .hand()
        .iter()
        .find(|&&c| g.def(c).number == "t-vanilla")
        .expect("a Vanilla in hand")
}

/// The legal ways to use `card`'s power number `power` now.
fn power_uses(g: &GameState, card: CardId, power: u8) -> Vec<Action> {
    g.legal_actions()
        .into_iter()
        .filter(|a| matches!(a, Action::UsePower { card: c, power: p, .. } if *c == card && *p == power))
        .collect()
}

fn use_power(card: CardId, power: u8, payment: Vec<Pay>) -> Action {
    Action::UsePower {
        card,
        power,
        payment,
    }
}

fn any_turn() -> Timing {
    Timing::Combat {
        any_turn: true,
        any_combat: false,
    }
}
fn my_combat() -> Timing {
    Timing::Combat {
        any_turn: false,
        any_combat: false,
    }
}
fn yours() -> Filter {
    Filter {
        side: SideFilter::Yours,
        ..Filter::default()
    }
}
fn enemy() -> Filter {
    Filter {
        side: SideFilter::Enemy,
        ..Filter::default()
    }
}
fn role(r: RoleFilter) -> Filter {
    Filter {
        role: Some(r),
        ..Filter::default()
    }
}
fn fixed(n: i32) -> Amount {
    Amount::Fixed(n)
}
fn draw(n: i32) -> Step {
    Step::Draw(Draw {
        player: PlayerWho::You,
        n: fixed(n),
    })
}
fn choose(filter: Filter) -> Step {
    Step::Choose(Choose {
        slot: 0,
        filter,
        min: 1,
        max: 1,
    })
}
fn modify(who: Who, atk: i32, def: i32, duration: Duration) -> Step {
    Step::Modify(Modify {
        who,
        atk: fixed(atk),
        def: fixed(def),
        duration,
    })
}
fn plus_self(n: i32) -> Step {
    Step::PlusCounters(PlusCounters {
        who: Who::This,
        n: fixed(n),
    })
}
fn team_pt(mut c: CardDef, team: Team, triple: bool) -> CardDef {
    c.teams = vec![team];
    c.triple_team = triple;
    c
}
fn with_while(mut p: Power, cond: Cond) -> Power {
    if let PowerBody::Triggered(t) = &mut p.body {
        t.while_cond = Some(cond);
    }
    p
}
fn with_if(mut p: Power, cond: Cond) -> Power {
    if let PowerBody::Triggered(t) = &mut p.body {
        t.if_cond = Some(cond);
    }
    p
}
fn once_per_game(mut p: Power) -> Power {
    if let PowerBody::Super(sp) = &mut p.body {
        sp.once_per_game = true;
    }
    p
}
/// A main character with a Level Up power (xp needed, gained at the start of your turn).
fn leveler(
    number: &str,
    name: &str,
    level: u8,
    atk: i32,
    def: i32,
    xp: u8,
    other: &str,
) -> CardDef {
    let mut c = main_character(number, name, level, atk, def, Team::Avengers);
    c.levels = vec![other.into()];
    if level == 1 {
        c.powers.push(Power {
            name: "Practice".into(),
            body: PowerBody::LevelUp {
                xp,
                trigger: Triggered {
                    on: TriggerOn::StartOfYourTurn,
                    if_cond: None,
                    while_cond: None,
                    effect: vec![],
                    once_per_turn: Default::default(),
                },
            },
        });
    }
    c
}
/// A two-player game where seat `seat` plays `main` instead of `t-mc1`.
fn started_main(db: Arc<CardDb>, seat: usize, main: &str, seed: u64) -> GameState {
    let mut s = setup("t-vanilla");
    s.players[seat].main = main.into();
    started_with(db, &s, seed)
}
fn triggers_texts(g: &GameState) -> Vec<String> {
    g.triggers().iter().map(|t| g.trigger_text(t)).collect()
}
fn order_first(g: &mut GameState, name: &str) {
    assert!(
        matches!(g.pending(), Pending::OrderTriggers { .. }),
        "pending: {:?}",
        g.pending()
    );
    let i = g
        .triggers()
        .iter()
        .position(|t| g.trigger_text(t).contains(name))
        .expect("trigger queued") as u8;
    apply(g, Action::OrderTrigger { index: i });
}

// ---------------------------------------------------------------------------
// Playing Equipment (p.15)
// ---------------------------------------------------------------------------

fn equipment_db(extra: Vec<CardDef>) -> Arc<CardDb> {
    let mut cards = vec![
        equipment(
            "t-loader",
            "Power Loader",
            1,
            Some(Team::Company),
            vec![static_power(
                "Lift",
                None,
                Static::Stats {
                    atk: fixed(2),
                    def: fixed(2),
                },
            )],
        ),
        equipment(
            "t-jet",
            "Jet Pack",
            1,
            None,
            vec![static_power(
                "Jets",
                None,
                Static::GrantKeyword(Keyword::Flight),
            )],
        ),
        character("t-ripley", "Ripley", 2, 3, 2, Team::Company),
        character("t-dallas", "Captain Dallas", 2, 4, 3, Team::Company),
        with_keyword(
            character("t-drone", "Drone", 3, 3, 2, Team::Xenomorphs),
            Keyword::Creature,
        ),
        character("t-brute", "Brute", 6, 6, 3, Team::Villains),
        plot_twist(
            "t-recall",
            "Recall",
            Timing::Main,
            vec![
                choose(yours()),
                Step::ReturnToHand(ReturnToHand {
                    who: Who::Chosen(0),
                }),
            ],
        ),
        plot_twist(
            "t-cosmo",
            "Cosmo",
            Timing::Main,
            vec![
                choose(enemy()),
                Step::LosePowers(LosePowers {
                    who: Who::Chosen(0),
                    duration: Duration::UntilStartOfNextTurn,
                    all: false,
                }),
            ],
        ),
    ];
    cards.extend(extra);
    db(cards)
}

#[test]
fn playing_equipment_p15_team_symbol_needs_a_face_up_team_character_but_fits_any_character() {
    // 2PCG-005: with a Company character on your side, Power Loader may go on any character.
    let mut g = started(equipment_db(vec![]), "t-vanilla", 20);
    let loader = g.spawn("t-loader", 0, Zone::Hand);
    to_recruit(&mut g, 2);
    let main = g.players()[0].main(); // an Avengers character
    let play = Action::PlayEquipment {
        card: loader,
        on: main,
    };
    let e = refuse(&mut g, play.clone());
    assert_eq!(e.rule, "Playing Equipment (p.15)");
    // A stunned Company character is not a face-up one.
    let ripley = g.spawn("t-ripley", 0, Zone::Back);
    g.stun(ripley, None, false);
    assert!(!legal(&g, &play));
    g.recover(ripley);
    assert!(legal(&g, &play));
    apply(&mut g, play);
    assert_eq!(g.card(loader).zone(), Zone::Attached);
    assert_eq!(g.card(main).equipment(), Some(loader));
    assert_eq!(
        g.players()[0].recruit_points(),
        1,
        "paid its cost in recruit points"
    );
    assert_eq!(
        g.stats(main),
        (4, 7),
        "the equipment's power is granted to its character"
    );
}

#[test]
fn playing_equipment_p15_one_equipment_per_character_the_older_is_kod_and_none_on_stunned() {
    let mut g = started(equipment_db(vec![]), "t-vanilla", 21);
    let j1 = g.spawn("t-jet", 0, Zone::Hand);
    let j2 = g.spawn("t-jet", 0, Zone::Hand);
    let j3 = g.spawn("t-jet", 0, Zone::Hand);
    to_recruit(&mut g, 3);
    let main = g.players()[0].main();
    let ally = g.spawn("t-ripley", 0, Zone::Front);
    let down = g.spawn("t-dallas", 0, Zone::Front);
    g.stun(down, None, false);
    // Not on a stunned character.
    let e = refuse(&mut g, Action::PlayEquipment { card: j1, on: down });
    assert_eq!(e.rule, "Playing Equipment (p.15)");
    // Nor on an enemy character.
    let enemy_main = g.players()[1].main();
    refuse(
        &mut g,
        Action::PlayEquipment {
            card: j1,
            on: enemy_main,
        },
    );
    apply(&mut g, Action::PlayEquipment { card: j1, on: main });
    apply(&mut g, Action::PlayEquipment { card: j2, on: main });
    assert_eq!(g.card(main).equipment(), Some(j2));
    assert_eq!(
        g.card(j1).zone(),
        Zone::KoPile,
        "the older equipment is KO'd"
    );
    assert!(g.players()[0].ko_pile().contains(&j1));
    // Equipment is not unique: another character may have the same one.
    apply(&mut g, Action::PlayEquipment { card: j3, on: ally });
    assert_eq!(g.card(ally).equipment(), Some(j3));
    assert!(g.has_keyword(main, Keyword::Flight) && g.has_keyword(ally, Keyword::Flight));
}

#[test]
fn playing_equipment_p15_equipment_is_kod_when_its_character_is_stunned_or_leaves_play() {
    let mut g = started(equipment_db(vec![]), "t-vanilla", 22);
    let j1 = g.spawn("t-jet", 0, Zone::Hand);
    let j2 = g.spawn("t-jet", 0, Zone::Hand);
    to_recruit(&mut g, 2);
    let ripley = g.spawn("t-ripley", 0, Zone::Front);
    let dallas = g.spawn("t-dallas", 0, Zone::Front);
    apply(
        &mut g,
        Action::PlayEquipment {
            card: j1,
            on: ripley,
        },
    );
    apply(
        &mut g,
        Action::PlayEquipment {
            card: j2,
            on: dallas,
        },
    );
    apply(&mut g, Action::Pass); // end the Recruit Step
    apply(&mut g, Action::Pass); // end the Formation Step
    assert_eq!(g.phase(), Phase::Main);
    let brute = g.spawn("t-brute", 1, Zone::Front);
    // Ripley (2/3) attacks the Brute (6/6) and is stunned by its strike back.
    apply(&mut g, Action::Attack { attacker: ripley });
    apply(&mut g, Action::Defender { card: brute });
    pass_window(&mut g);
    assert!(!g.card(ripley).face_up());
    assert_eq!(g.card(ripley).equipment(), None);
    assert_eq!(
        g.card(j1).zone(),
        Zone::KoPile,
        "stunned: its equipment is KO'd"
    );
    // Dallas leaves play (returned to hand): the equipment is KO'd.
    let recall = g.spawn("t-recall", 0, Zone::Hand);
    apply(&mut g, Action::PlayPlotTwist { card: recall });
    apply(&mut g, Action::Choose { card: dallas });
    assert_eq!(g.card(dallas).zone(), Zone::Hand);
    assert_eq!(g.card(j2).zone(), Zone::KoPile);
    assert!(g.players()[0].ko_pile().contains(&j2));
}

#[test]
fn playing_equipment_p15_a_creature_cant_have_equipment() {
    let mut g = started(equipment_db(vec![]), "t-vanilla", 23);
    let jet = g.spawn("t-jet", 0, Zone::Hand);
    to_recruit(&mut g, 1);
    let drone = g.spawn("t-drone", 0, Zone::Front);
    let e = refuse(
        &mut g,
        Action::PlayEquipment {
            card: jet,
            on: drone,
        },
    );
    assert_eq!(e.rule, "Playing Equipment (p.15)");
    let main = g.players()[0].main();
    assert!(legal(
        &g,
        &Action::PlayEquipment {
            card: jet,
            on: main
        }
    ));
}

#[test]
fn playing_equipment_p15_granted_powers_work_only_while_attached_and_active_2pcg_006() {
    let mut g = started(equipment_db(vec![]), "t-vanilla", 24);
    let loader = g.spawn("t-loader", 0, Zone::Hand);
    let jet = g.spawn("t-jet", 0, Zone::Hand);
    to_recruit(&mut g, 2);
    let dallas = g.spawn("t-dallas", 0, Zone::Front);
    let ripley = g.spawn("t-ripley", 0, Zone::Front);
    assert!(!g.has_keyword(ripley, Keyword::Flight));
    apply(
        &mut g,
        Action::PlayEquipment {
            card: loader,
            on: dallas,
        },
    );
    apply(
        &mut g,
        Action::PlayEquipment {
            card: jet,
            on: ripley,
        },
    );
    assert_eq!(g.stats(dallas), (4, 6));
    // The granted Flight works: Ripley can fly over a guarded front row.
    let m1 = g.players()[1].main();
    g.move_row(m1, Row::Back);
    g.spawn("t-brute", 1, Zone::Front);
    assert!(g.has_keyword(ripley, Keyword::Flight));
    assert!(g.legal_defenders(&[ripley]).contains(&m1));
    assert!(!g.legal_defenders(&[dallas]).contains(&m1));
    // On the opponent's turn, Cosmo turns off Dallas's powers: back to 2/4 (2PCG-006).
    next_turn(&mut g);
    assert_eq!(g.turn_seat(), 1);
    g.goto_main();
    let cosmo = g.spawn("t-cosmo", 1, Zone::Hand);
    apply(&mut g, Action::PlayPlotTwist { card: cosmo });
    apply(&mut g, Action::Choose { card: dallas });
    assert_eq!(g.stats(dallas), (2, 4));
    assert_eq!(
        g.card(dallas).equipment(),
        Some(loader),
        "the equipment stays; only its power is off"
    );
}

// ---------------------------------------------------------------------------
// Playing Plot Twists (p.16)
// ---------------------------------------------------------------------------

#[test]
fn playing_plot_twists_p16_build_main_combat_and_any_turn_timing_then_ko_pile() {
    let db = db(vec![
        plot_twist("t-pt-build", "Plan Ahead", Timing::Build, vec![draw(1)]),
        plot_twist("t-pt-main", "Regroup", Timing::Main, vec![draw(1)]),
        plot_twist("t-pt-combat", "Ambush", my_combat(), vec![draw(1)]),
        plot_twist("t-pt-any", "Savage Surprise", any_turn(), vec![draw(1)]),
    ]);
    let mut g = started(db, "t-vanilla", 30);
    let b = g.spawn("t-pt-build", 0, Zone::Hand);
    let m = g.spawn("t-pt-main", 0, Zone::Hand);
    let c = g.spawn("t-pt-combat", 0, Zone::Hand);
    let a = g.spawn("t-pt-any", 0, Zone::Hand);
    let c1 = g.spawn("t-pt-combat", 1, Zone::Hand);
    let a1 = g.spawn("t-pt-any", 1, Zone::Hand);
    let play = |card| Action::PlayPlotTwist { card };
    // Build Phase (Resource Step).
    assert!(legal(&g, &play(b)));
    for x in [m, c, a] {
        assert!(!legal(&g, &play(x)));
    }
    let e = refuse(&mut g, play(m));
    assert_eq!(e.rule, "Playing Plot Twists (p.16)");
    let hand = g.players()[0].hand().len();
    apply(&mut g, play(b));
    assert_eq!(
        g.card(b).zone(),
        Zone::KoPile,
        "after resolving it goes to its owner's KO pile"
    );
    assert!(g.players()[0].ko_pile().contains(&b));
    assert_eq!(g.players()[0].hand().len(), hand, "played one, drew one");
    // Main Phase, not in combat.
    apply(&mut g, Action::Pass);
    apply(&mut g, Action::Pass);
    apply(&mut g, Action::Pass);
    assert_eq!(g.phase(), Phase::Main);
    assert!(legal(&g, &play(m)));
    for x in [c, a] {
        assert!(!legal(&g, &play(x)));
    }
    // In combat: Combat plot twists, not Main ones.
    let (m0, m1) = (g.players()[0].main(), g.players()[1].main());
    apply(&mut g, Action::Attack { attacker: m0 });
    apply(&mut g, Action::Defender { card: m1 });
    assert_eq!(g.pending(), Pending::Act { seat: 0 });
    assert!(legal(&g, &play(c)) && legal(&g, &play(a)));
    assert!(!legal(&g, &play(m)));
    apply(&mut g, Action::Pass);
    // The opponent, in a combat on our turn: only the Any-Turn one.
    assert_eq!(g.pending(), Pending::Act { seat: 1 });
    assert!(legal(&g, &play(a1)));
    let e = refuse(&mut g, play(c1));
    assert_eq!(e.rule, "Playing Plot Twists (p.16)");
    let hand1 = g.players()[1].hand().len();
    apply(&mut g, play(a1));
    assert_eq!(g.card(a1).zone(), Zone::KoPile);
    assert_eq!(g.players()[1].hand().len(), hand1);
}

#[test]
fn playing_plot_twists_p16_team_symbols_need_one_or_three_face_up_team_characters() {
    let db = db(vec![
        team_pt(
            plot_twist("t-pt-x", "X-Factor", Timing::Main, vec![draw(1)]),
            Team::XMen,
            false,
        ),
        team_pt(
            plot_twist("t-pt-xxx", "Fastball", Timing::Main, vec![draw(1)]),
            Team::XMen,
            true,
        ),
        character("t-cyc", "Cyclops", 2, 2, 2, Team::XMen),
        character("t-storm", "Storm", 2, 2, 2, Team::XMen),
        character("t-wolv", "Wolverine", 2, 2, 2, Team::XMen),
    ]);
    let mut g = started(db, "t-vanilla", 31);
    g.goto_main();
    let one = g.spawn("t-pt-x", 0, Zone::Hand);
    let three = g.spawn("t-pt-xxx", 0, Zone::Hand);
    let play = |card| Action::PlayPlotTwist { card };
    assert_eq!(refuse(&mut g, play(one)).rule, "Playing Plot Twists (p.16)");
    g.spawn("t-cyc", 0, Zone::Back);
    assert!(legal(&g, &play(one)));
    assert!(!legal(&g, &play(three)));
    g.spawn("t-storm", 0, Zone::Front);
    let w = g.spawn("t-wolv", 0, Zone::Front);
    g.stun(w, None, false);
    assert!(
        !legal(&g, &play(three)),
        "a stunned X-Men character is not a face-up one"
    );
    g.recover(w);
    assert!(legal(&g, &play(three)));
    apply(&mut g, play(three));
    assert_eq!(g.card(three).zone(), Zone::KoPile);
}

// ---------------------------------------------------------------------------
// Super Powers (p.18)
// ---------------------------------------------------------------------------

fn powers_db(extra: Vec<CardDef>) -> Arc<CardDb> {
    let mut cards = vec![
        location("t-acad", "Academy", Symbol::Intellect),
        location("t-lab", "Lab", Symbol::Energy),
        with_power(
            character("t-bull", "Bullseye", 3, 2, 3, Team::Villains),
            super_power(
                "Infallible Aim",
                Timing::Main,
                vec![Symbol::Intellect, Symbol::Intellect],
                vec![
                    choose(Filter {
                        side: SideFilter::Enemy,
                        kind: KindFilter::Supporting,
                        ..Filter::default()
                    }),
                    Step::Wound(Wound {
                        who: Who::Chosen(0),
                        n: fixed(1),
                    }),
                ],
            ),
        ),
        character("t-tank", "Tank", 1, 3, 3, Team::Avengers),
        character("t-thug", "Thug", 4, 4, 2, Team::Villains),
        character("t-thug2", "Goon", 4, 4, 2, Team::Villains),
    ];
    cards.extend(extra);
    db(cards)
}

#[test]
fn super_powers_p18_example_1_main_timing_paid_by_turning_two_locations_face_down() {
    // 2PCG-011 and 2PCG-013: Infallible Aim (Main [Intellect][Intellect]).
    let mut g = started(powers_db(vec![]), "t-vanilla", 40);
    let a1 = g.spawn("t-acad", 0, Zone::Resources);
    let a2 = g.spawn("t-acad", 0, Zone::Resources);
    let bull = g.spawn("t-bull", 0, Zone::Front);
    let tank = g.spawn("t-tank", 1, Zone::Front);
    let aim = use_power(bull, 0, vec![Pay::Flip(a1), Pay::Flip(a2)]);
    // Not in the Build Phase.
    assert!(power_uses(&g, bull, 0).is_empty());
    assert_eq!(refuse(&mut g, aim.clone()).rule, "Super Powers (p.18)");
    g.goto_main();
    // Not while a combat is going on.
    let (m0, m1) = (g.players()[0].main(), g.players()[1].main());
    apply(&mut g, Action::Attack { attacker: m0 });
    apply(&mut g, Action::Defender { card: m1 });
    assert!(power_uses(&g, bull, 0).is_empty());
    pass_window(&mut g);
    // Main Phase, no combat: usable.
    assert_eq!(power_uses(&g, bull, 0), vec![aim.clone()]);
    apply(&mut g, aim);
    assert_eq!(g.card(tank).wounds(), 1);
    for a in [a1, a2] {
        assert!(!g.card(a).face_up(), "paid by turning it face down");
        assert_eq!(g.card(a).zone(), Zone::Resources, "it stays a resource");
    }
    assert_eq!(g.players()[0].resources().len(), 2);
}

#[test]
fn super_powers_p18_example_2_any_turn_combat_power_paid_by_discarding_a_location() {
    // 2PCG-012 and 2PCG-014: Luke Cage's Impervious Skin, used on the opponent's turn.
    let luke = with_power(
        character("t-luke", "Luke Cage", 3, 3, 3, Team::Defenders),
        super_power(
            "Impervious Skin",
            any_turn(),
            vec![Symbol::Might],
            vec![modify(Who::This, 0, 3, Duration::ThisCombat)],
        ),
    );
    let mut g = started(powers_db(vec![luke]), "t-vanilla", 41);
    let luke = g.spawn("t-luke", 1, Zone::Front);
    let fortress = g.spawn("t-loc", 1, Zone::Hand);
    let thug = g.spawn("t-thug", 0, Zone::Front);
    let goon = g.spawn("t-thug2", 0, Zone::Front);
    g.goto_main();
    // Luke is not in this combat: his Combat power can't be used.
    let m1 = g.players()[1].main();
    apply(&mut g, Action::Attack { attacker: thug });
    apply(&mut g, Action::Defender { card: m1 });
    apply(&mut g, Action::Pass);
    assert_eq!(g.pending(), Pending::Act { seat: 1 });
    assert!(power_uses(&g, luke, 0).is_empty());
    pass_window(&mut g);
    // Luke is attacked by the 4/4 Goon: discard the Fortress for +0/+3.
    apply(&mut g, Action::Attack { attacker: goon });
    apply(&mut g, Action::Defender { card: luke });
    apply(&mut g, Action::Pass);
    let skin = use_power(luke, 0, vec![Pay::Discard(fortress)]);
    assert!(legal(&g, &skin));
    apply(&mut g, skin);
    assert_eq!(g.card(fortress).zone(), Zone::KoPile, "discarded from hand");
    assert_eq!(g.stats(luke), (3, 6));
    pass_window(&mut g);
    assert!(g.card(luke).face_up(), "4 ATK does not stun 6 DEF");
    assert_eq!(g.stats(luke), (3, 3), "the +0/+3 lasted this combat only");
}

#[test]
fn super_powers_p18_multi_symbol_costs_may_mix_turning_face_down_and_discarding() {
    let mut g = started(powers_db(vec![]), "t-vanilla", 42);
    let up = g.spawn("t-acad", 0, Zone::Resources);
    g.spawn("t-lab", 0, Zone::Resources); // the wrong symbol
    let bull = g.spawn("t-bull", 0, Zone::Front);
    let tank = g.spawn("t-tank", 1, Zone::Front);
    g.goto_main();
    assert!(
        power_uses(&g, bull, 0).is_empty(),
        "one Intellect can't pay [Intellect][Intellect]"
    );
    let held = g.spawn("t-acad", 0, Zone::Hand);
    let mixed = use_power(bull, 0, vec![Pay::Flip(up), Pay::Discard(held)]);
    assert_eq!(power_uses(&g, bull, 0), vec![mixed.clone()]);
    // Both symbols are paid at the same time: one location can't pay for both.
    refuse(
        &mut g,
        use_power(bull, 0, vec![Pay::Flip(up), Pay::Flip(up)]),
    );
    apply(&mut g, mixed);
    assert!(!g.card(up).face_up());
    assert_eq!(g.card(held).zone(), Zone::KoPile);
    assert_eq!(g.card(tank).wounds(), 1);
}

#[test]
fn super_powers_p18_a_location_pays_for_only_one_super_power() {
    let twin = with_power(
        with_power(
            character("t-twin", "Twin", 2, 2, 2, Team::Avengers),
            super_power("Left", Timing::Main, vec![Symbol::Might], vec![draw(1)]),
        ),
        super_power(
            "Right",
            Timing::Main,
            vec![Symbol::Might],
            vec![plus_self(1)],
        ),
    );
    let mut g = started(powers_db(vec![twin]), "t-vanilla", 43);
    let f = g.spawn("t-loc", 0, Zone::Resources);
    let twin = g.spawn("t-twin", 0, Zone::Front);
    g.goto_main();
    assert_eq!(power_uses(&g, twin, 0).len(), 1);
    assert_eq!(power_uses(&g, twin, 1).len(), 1);
    apply(&mut g, use_power(twin, 0, vec![Pay::Flip(f)]));
    assert!(
        power_uses(&g, twin, 1).is_empty(),
        "the Fortress is face down now"
    );
    refuse(&mut g, use_power(twin, 1, vec![Pay::Flip(f)]));
    // A different location pays for the other power.
    let f2 = g.spawn("t-loc", 0, Zone::Resources);
    apply(&mut g, use_power(twin, 1, vec![Pay::Flip(f2)]));
    assert_eq!(g.card(twin).plus(), 1);
}

#[test]
fn super_powers_p18_a_team_special_location_pays_only_for_its_teams_characters() {
    let cards = vec![
        special_location("t-mansion", "X-Mansion", Team::XMen, vec![Symbol::Might]),
        with_power(
            character("t-colossus", "Colossus", 2, 2, 2, Team::XMen),
            super_power(
                "Steel",
                Timing::Main,
                vec![Symbol::Might],
                vec![plus_self(1)],
            ),
        ),
        with_power(
            character("t-thor", "Thor", 2, 2, 2, Team::Avengers),
            super_power(
                "Thunder",
                Timing::Main,
                vec![Symbol::Might],
                vec![plus_self(1)],
            ),
        ),
    ];
    let mut g = started(powers_db(cards), "t-vanilla", 44);
    let mansion = g.spawn("t-mansion", 0, Zone::Resources);
    let in_hand = g.spawn("t-mansion", 0, Zone::Hand);
    let colossus = g.spawn("t-colossus", 0, Zone::Front);
    let thor = g.spawn("t-thor", 0, Zone::Front);
    g.goto_main();
    assert!(
        power_uses(&g, thor, 0).is_empty(),
        "X-Mansion can't pay for an Avenger"
    );
    refuse(&mut g, use_power(thor, 0, vec![Pay::Flip(mansion)]));
    refuse(&mut g, use_power(thor, 0, vec![Pay::Discard(in_hand)]));
    let uses = power_uses(&g, colossus, 0);
    assert!(uses.contains(&use_power(colossus, 0, vec![Pay::Flip(mansion)])));
    assert!(uses.contains(&use_power(colossus, 0, vec![Pay::Discard(in_hand)])));
    apply(&mut g, use_power(colossus, 0, vec![Pay::Flip(mansion)]));
    assert_eq!(g.card(colossus).plus(), 1);
}

#[test]
fn super_powers_p18_the_same_super_power_only_once_each_turn() {
    let seer = with_power(
        character("t-seer", "Seer", 1, 3, 2, Team::Avengers),
        super_power(
            "Foresight",
            Timing::Main,
            vec![Symbol::Might],
            vec![draw(1)],
        ),
    );
    let mut g = started(powers_db(vec![seer]), "t-vanilla", 45);
    let f1 = g.spawn("t-loc", 0, Zone::Resources);
    let f2 = g.spawn("t-loc", 0, Zone::Resources);
    let seer = g.spawn("t-seer", 0, Zone::Back);
    g.goto_main();
    apply(&mut g, use_power(seer, 0, vec![Pay::Flip(f1)]));
    assert!(power_uses(&g, seer, 0).is_empty());
    let e = refuse(&mut g, use_power(seer, 0, vec![Pay::Flip(f2)]));
    assert_eq!(e.rule, "Super Powers (p.18)");
    // Next turn of ours it may be used again.
    next_turn(&mut g);
    next_turn(&mut g);
    assert_eq!(g.turn_seat(), 0);
    g.goto_main();
    apply(&mut g, use_power(seer, 0, vec![Pay::Flip(f2)]));
}

#[test]
fn super_powers_p18_combat_powers_need_their_character_in_combat_unless_any_combat() {
    let brace = |n: &str, name: &str, timing: Timing| {
        with_power(
            character(n, name, 2, 2, 2, Team::Avengers),
            super_power(
                "Brace",
                timing,
                vec![Symbol::Might],
                vec![modify(
                    Who::Each(role(RoleFilter::Attacker)),
                    2,
                    0,
                    Duration::ThisCombat,
                )],
            ),
        )
    };
    let cards = vec![
        brace("t-fighter", "Fighter", my_combat()),
        brace("t-coach", "Coach", my_combat()),
        brace(
            "t-general",
            "General",
            Timing::Combat {
                any_turn: false,
                any_combat: true,
            },
        ),
    ];
    let mut g = started(powers_db(cards), "t-vanilla", 46);
    g.spawn("t-loc", 0, Zone::Resources);
    let fighter = g.spawn("t-fighter", 0, Zone::Front);
    let coach = g.spawn("t-coach", 0, Zone::Back);
    let general = g.spawn("t-general", 0, Zone::Back);
    g.goto_main();
    for c in [fighter, coach, general] {
        assert!(
            power_uses(&g, c, 0).is_empty(),
            "Combat powers need a combat"
        );
    }
    let m1 = g.players()[1].main();
    apply(&mut g, Action::Attack { attacker: fighter });
    apply(&mut g, Action::Defender { card: m1 });
    assert_eq!(power_uses(&g, fighter, 0).len(), 1, "in the combat");
    assert!(power_uses(&g, coach, 0).is_empty(), "not in the combat");
    assert_eq!(power_uses(&g, general, 0).len(), 1, "Any Combat");
    let u = power_uses(&g, general, 0).remove(0);
    apply(&mut g, u);
    assert_eq!(g.stats(fighter), (4, 2));
}

// ---------------------------------------------------------------------------
// Once Per Game Restrictions, Reaction Powers, Amplify (p.19)
// ---------------------------------------------------------------------------

fn grimm_db() -> Arc<CardDb> {
    powers_db(vec![with_power(
        character("t-grimm", "Sister Grimm", 2, 3, 3, Team::Avengers),
        once_per_game(super_power(
            "Muzzle",
            Timing::Main,
            vec![Symbol::Might],
            vec![plus_self(1)],
        )),
    )])
}

#[test]
fn once_per_game_restrictions_p19_a_used_power_stays_used_even_after_leaving_play() {
    let mut g = started(grimm_db(), "t-vanilla", 50);
    for _ in 0..3 {
        g.spawn("t-loc", 0, Zone::Resources);
    }
    let grimm = g.spawn("t-grimm", 0, Zone::Front);
    g.goto_main();
    let u = power_uses(&g, grimm, 0).remove(0);
    apply(&mut g, u);
    next_turn(&mut g);
    next_turn(&mut g);
    g.goto_main();
    assert!(power_uses(&g, grimm, 0).is_empty());
    let f = *g.players()[0]
        .resources()
        .iter()
        .find(|&&r| g.card(r).face_up())
        .unwrap();
    let e = refuse(&mut g, use_power(grimm, 0, vec![Pay::Flip(f)]));
    assert_eq!(e.rule, "Once Per Game Restrictions (p.19)");
    // It leaves play and comes back: still used.
    g.move_to(grimm, Zone::Hand, 0);
    g.move_to(grimm, Zone::Front, 0);
    assert!(power_uses(&g, grimm, 0).is_empty());
}

#[test]
fn once_per_game_restrictions_p19_a_use_by_an_opponent_controlling_it_counts() {
    let mut g = started(grimm_db(), "t-vanilla", 51);
    g.spawn("t-loc", 0, Zone::Resources);
    g.spawn("t-loc", 1, Zone::Resources);
    let grimm = g.spawn("t-grimm", 0, Zone::Front);
    next_turn(&mut g);
    // The opponent takes control of Sister Grimm and uses Muzzle.
    g.change_side(grimm, 1, Row::Front);
    g.goto_main();
    let u = power_uses(&g, grimm, 0).remove(0);
    apply(&mut g, u);
    // We get her back: the power is still used.
    g.change_side(grimm, 0, Row::Front);
    next_turn(&mut g);
    assert_eq!(g.turn_seat(), 0);
    g.goto_main();
    assert!(power_uses(&g, grimm, 0).is_empty());
}

fn she_hulk_db() -> Arc<CardDb> {
    powers_db(vec![
        with_power(
            character("t-shehulk", "She-Hulk", 3, 4, 3, Team::Avengers),
            reaction_power(
                "Objection!",
                TriggerOn::EnemyUsesSuperPower,
                vec![Symbol::Intellect],
                vec![Step::CancelSuperPower(CancelSuperPower)],
            ),
        ),
        with_power(
            with_power(
                character("t-gambler", "Gambler", 2, 2, 2, Team::Villains),
                super_power("Windfall", Timing::Main, vec![Symbol::Might], vec![draw(2)]),
            ),
            super_power(
                "Hunch",
                Timing::Main,
                vec![Symbol::Might],
                vec![plus_self(1)],
            ),
        ),
    ])
}

#[test]
fn reaction_powers_p19_a_reaction_cancels_an_enemy_super_power_which_never_resolves() {
    // 2PCG-015: She-Hulk says "Objection!".
    let mut g = started(she_hulk_db(), "t-vanilla", 52);
    let f1 = g.spawn("t-loc", 0, Zone::Resources);
    let f2 = g.spawn("t-loc", 0, Zone::Resources);
    let acad = g.spawn("t-acad", 1, Zone::Resources);
    g.spawn("t-acad", 1, Zone::Resources);
    let gambler = g.spawn("t-gambler", 0, Zone::Front);
    let she = g.spawn("t-shehulk", 1, Zone::Front);
    g.goto_main();
    let hand = g.players()[0].hand().len();
    apply(&mut g, use_power(gambler, 0, vec![Pay::Flip(f1)]));
    assert_eq!(g.pending(), Pending::Reaction { seat: 1 });
    assert!(legal(&g, &Action::Pass));
    let objection = use_power(she, 0, vec![Pay::Flip(acad)]);
    assert!(legal(&g, &objection));
    apply(&mut g, objection);
    assert_eq!(
        g.players()[0].hand().len(),
        hand,
        "Windfall was cancelled: no cards drawn"
    );
    assert!(!g.card(f1).face_up(), "its cost stays paid");
    assert!(!g.card(acad).face_up());
    assert_eq!(g.pending(), Pending::Act { seat: 0 });
    assert!(
        power_uses(&g, gambler, 0).is_empty(),
        "a cancelled power was still used this turn"
    );
    // A reaction is a Super Power too: once per turn. Hunch resolves unopposed.
    apply(&mut g, use_power(gambler, 1, vec![Pay::Flip(f2)]));
    assert_eq!(g.pending(), Pending::Act { seat: 0 });
    assert_eq!(g.card(gambler).plus(), 1);
}

#[test]
fn reaction_powers_p19_no_reaction_to_your_own_side_and_passing_lets_the_power_resolve() {
    let mut g = started(she_hulk_db(), "t-vanilla", 53);
    let f1 = g.spawn("t-loc", 0, Zone::Resources);
    g.spawn("t-acad", 0, Zone::Resources);
    g.spawn("t-acad", 1, Zone::Resources);
    let gambler = g.spawn("t-gambler", 0, Zone::Front);
    g.spawn("t-shehulk", 0, Zone::Back); // our own She-Hulk can't object to us
    g.spawn("t-shehulk", 1, Zone::Front);
    g.goto_main();
    let hand = g.players()[0].hand().len();
    apply(&mut g, use_power(gambler, 0, vec![Pay::Flip(f1)]));
    assert_eq!(g.pending(), Pending::Reaction { seat: 1 });
    apply(&mut g, Action::Pass);
    assert_eq!(g.players()[0].hand().len(), hand + 2);
}

#[test]
fn amplify_p19_amplify_text_only_when_the_cost_was_paid_by_discarding() {
    let surge = |n: &str, name: &str| {
        with_power(
            character(n, name, 1, 1, 2, Team::Avengers),
            super_power(
                "Surge",
                Timing::Main,
                vec![Symbol::Might],
                vec![
                    plus_self(1),
                    Step::If(crossover_vs2pcg::verbs::If {
                        cond: Cond::Amplified,
                        skip: 1,
                    }),
                    plus_self(1),
                ],
            ),
        )
    };
    let mut g = started(
        powers_db(vec![
            surge("t-amp1", "Storm Caller"),
            surge("t-amp2", "Tide Caller"),
        ]),
        "t-vanilla",
        54,
    );
    let f = g.spawn("t-loc", 0, Zone::Resources);
    let h = g.spawn("t-loc", 0, Zone::Hand);
    let a = g.spawn("t-amp1", 0, Zone::Front);
    let b = g.spawn("t-amp2", 0, Zone::Front);
    g.goto_main();
    apply(&mut g, use_power(a, 0, vec![Pay::Flip(f)]));
    assert_eq!(g.card(a).plus(), 1, "turned face down: no Amplify");
    apply(&mut g, use_power(b, 0, vec![Pay::Discard(h)]));
    assert_eq!(g.card(b).plus(), 2, "discarded: Amplify");
}

// ---------------------------------------------------------------------------
// Triggers (p.16), Intervening "if"/"while" (p.17), When you Recruit (p.18)
// ---------------------------------------------------------------------------

#[test]
fn triggers_p16_a_when_this_gets_stunned_trigger_looks_back_past_the_lost_powers() {
    let martyr = with_power(
        character("t-martyr", "Martyr", 1, 1, 3, Team::Villains),
        triggered("Last Words", TriggerOn::SelfStunned, vec![draw(1)]),
    );
    let mut g = started(db(vec![martyr]), "t-vanilla", 60);
    let martyr = g.spawn("t-martyr", 1, Zone::Front);
    g.goto_main();
    let hand = g.players()[1].hand().len();
    let m0 = g.players()[0].main();
    apply(&mut g, Action::Attack { attacker: m0 });
    apply(&mut g, Action::Defender { card: martyr });
    pass_window(&mut g);
    assert!(!g.card(martyr).face_up(), "stunned: it has lost its powers");
    assert_eq!(
        g.players()[1].hand().len(),
        hand + 1,
        "but the stun trigger looked back and fired"
    );
}

#[test]
fn triggers_p16_a_when_this_gets_kod_trigger_looks_back_when_its_stun_wound_kos_it() {
    let fallen = with_power(
        character("t-fallen", "Fallen", 1, 1, 1, Team::Villains),
        triggered("Legacy", TriggerOn::SelfKod, vec![draw(1)]),
    );
    let mut g = started(db(vec![fallen]), "t-vanilla", 61);
    let fallen = g.spawn("t-fallen", 1, Zone::Front);
    g.goto_main();
    let hand = g.players()[1].hand().len();
    let m0 = g.players()[0].main();
    apply(&mut g, Action::Attack { attacker: m0 });
    apply(&mut g, Action::Defender { card: fallen });
    pass_window(&mut g);
    assert_eq!(g.card(fallen).zone(), Zone::KoPile);
    assert_eq!(
        g.players()[1].hand().len(),
        hand + 1,
        "the KO trigger looks back to before the stun"
    );
}

#[test]
fn triggers_p16_a_power_must_be_active_when_the_event_happens() {
    let herald = with_power(
        character("t-herald", "Herald", 1, 1, 3, Team::Avengers),
        triggered("Welcome", TriggerOn::OtherAppearsOnYourSide, vec![draw(1)]),
    );
    let mut g = started(
        db(vec![
            herald,
            character("t-other", "Other", 1, 1, 1, Team::Avengers),
        ]),
        "t-vanilla",
        62,
    );
    let herald = g.spawn("t-herald", 0, Zone::Front);
    let other = g.spawn("t-other", 0, Zone::Hand);
    to_recruit(&mut g, 2);
    let hand = g.players()[0].hand().len();
    let v = vanilla_in_hand(&g, 0);
    apply(
        &mut g,
        Action::Recruit {
            card: v,
            row: Row::Front,
        },
    );
    assert_eq!(g.players()[0].hand().len(), hand, "recruited one, drew one");
    // Stunned, Herald has no powers: nothing triggers.
    g.stun(herald, None, false);
    apply(
        &mut g,
        Action::Recruit {
            card: other,
            row: Row::Front,
        },
    );
    assert_eq!(g.players()[0].hand().len(), hand - 1);
}

fn daredevil_db() -> Arc<CardDb> {
    let mut dd = main_character("t-dd", "Daredevil", 1, 3, 4, Team::Defenders);
    dd.powers.push(Power {
        name: "Protector of Hell's Kitchen".into(),
        body: PowerBody::LevelUp {
            xp: 5,
            trigger: Triggered {
                on: TriggerOn::SelfAttacked {
                    first_each_turn: false,
                },
                if_cond: Some(Cond::SelfProtecting),
                while_cond: None,
                effect: vec![],
                once_per_turn: Default::default(),
            },
        },
    });
    let mary = with_power(
        character("t-mary", "Mary Walker", 2, 3, 3, Team::Villains),
        triggered(
            "Typhoid",
            TriggerOn::SelfAttacks,
            vec![
                Step::MinusCounters(MinusCounters {
                    who: Who::Each(role(RoleFilter::Defender)),
                    n: fixed(1),
                }),
                Step::MinusCounters(MinusCounters {
                    who: Who::Each(Filter {
                        side: SideFilter::Enemy,
                        row: Some(Row::Back),
                        ..Filter::default()
                    }),
                    n: fixed(1),
                }),
            ],
        ),
    );
    db(vec![
        dd,
        mary,
        character("t-bw", "Black Widow", 1, 1, 2, Team::Avengers),
    ])
}

/// 2PCG-007: Mary Walker attacks the main character Daredevil, who protects Black Widow.
fn mary_attacks_daredevil(seed: u64) -> (GameState, CardId, CardId) {
    let mut g = started_main(daredevil_db(), 1, "t-dd", seed);
    let dd = g.players()[1].main();
    let mary = g.spawn("t-mary", 0, Zone::Front);
    let bw = g.spawn("t-bw", 1, Zone::Back);
    g.goto_main();
    assert!(g.is_protecting(dd));
    apply(&mut g, Action::Attack { attacker: mary });
    apply(&mut g, Action::Defender { card: dd });
    (g, dd, bw)
}

#[test]
fn intervening_if_clause_p17_2pcg_007_condition_false_on_resolution_cancels_the_trigger() {
    let (mut g, dd, bw) = mary_attacks_daredevil(63);
    // Both triggers are queued; the turn player orders them.
    assert_eq!(g.pending(), Pending::OrderTriggers { seat: 0 });
    assert_eq!(triggers_texts(&g).len(), 2);
    order_first(&mut g, "Mary Walker");
    assert!(!g.card(bw).face_up(), "Black Widow's DEF hit 0: stunned");
    assert_eq!(g.stats(dd), (2, 3));
    assert_eq!(
        g.card(dd).xp(),
        0,
        "Daredevil no longer protects anyone: no XP"
    );
    assert_eq!(g.pending(), Pending::Act { seat: 0 });
}

#[test]
fn triggers_p16_the_turn_player_orders_simultaneous_triggers_including_the_opponents() {
    let (mut g, dd, bw) = mary_attacks_daredevil(64);
    assert_eq!(
        g.pending(),
        Pending::OrderTriggers { seat: 0 },
        "the turn player orders, not the trigger's controller"
    );
    order_first(&mut g, "Daredevil");
    assert_eq!(
        g.card(dd).xp(),
        1,
        "resolved first, while he still protected Black Widow"
    );
    assert!(!g.card(bw).face_up(), "then Mary Walker's trigger resolved");
}

#[test]
fn intervening_if_clause_p17_checked_when_it_triggers_and_again_when_it_resolves() {
    // "When this attacks, if your hand is empty, ..." with a draw ordered first.
    let loner = with_power(
        with_power(
            character("t-loner", "Loner", 2, 2, 2, Team::Avengers),
            with_if(
                triggered("Alone", TriggerOn::SelfAttacks, vec![plus_self(1)]),
                Cond::HandEmpty,
            ),
        ),
        triggered("Scavenge", TriggerOn::SelfAttacks, vec![draw(1)]),
    );
    let mut g = started(db(vec![loner]), "t-vanilla", 65);
    let loner = g.spawn("t-loner", 0, Zone::Front);
    for c in g.players()[0].hand().clone() {
        g.move_to(c, Zone::Deck, 0);
    }
    g.goto_main();
    let m1 = g.players()[1].main();
    apply(&mut g, Action::Attack { attacker: loner });
    apply(&mut g, Action::Defender { card: m1 });
    order_first(&mut g, "Scavenge");
    assert_eq!(g.players()[0].hand().len(), 1);
    assert_eq!(
        g.card(loner).plus(),
        0,
        "the hand is no longer empty: cancelled"
    );
}

#[test]
fn intervening_while_clause_p17_checked_only_when_it_triggers() {
    let loner = with_power(
        with_power(
            character("t-loner", "Loner", 2, 2, 2, Team::Avengers),
            with_while(
                triggered("Alone", TriggerOn::SelfAttacks, vec![plus_self(1)]),
                Cond::HandEmpty,
            ),
        ),
        triggered("Scavenge", TriggerOn::SelfAttacks, vec![draw(1)]),
    );
    let mut g = started(db(vec![loner]), "t-vanilla", 66);
    let loner = g.spawn("t-loner", 0, Zone::Front);
    for c in g.players()[0].hand().clone() {
        g.move_to(c, Zone::Deck, 0);
    }
    g.goto_main();
    let m1 = g.players()[1].main();
    apply(&mut g, Action::Attack { attacker: loner });
    apply(&mut g, Action::Defender { card: m1 });
    order_first(&mut g, "Scavenge");
    assert_eq!(g.players()[0].hand().len(), 1);
    assert_eq!(
        g.card(loner).plus(),
        1,
        "true when it triggered: it resolves anyway"
    );
    // With cards in hand the "while" is false when attacking: it doesn't trigger at all.
    pass_window(&mut g);
    let mut g2 = started(g.db().clone(), "t-vanilla", 67);
    let l2 = g2.spawn("t-loner", 0, Zone::Front);
    g2.goto_main();
    let m1 = g2.players()[1].main();
    apply(&mut g2, Action::Attack { attacker: l2 });
    apply(&mut g2, Action::Defender { card: m1 });
    assert_eq!(
        g2.pending(),
        Pending::Act { seat: 0 },
        "only Scavenge triggered: nothing to order"
    );
    assert_eq!(g2.card(l2).plus(), 0);
}

#[test]
fn when_you_recruit_triggers_p18_resolve_before_the_recruited_character_appears() {
    let scout = with_power(
        character("t-scout", "Scout", 1, 1, 2, Team::Avengers),
        triggered(
            "Rally",
            TriggerOn::YouRecruit,
            vec![Step::PlusCounters(PlusCounters {
                who: Who::Each(yours()),
                n: fixed(1),
            })],
        ),
    );
    let mut g = started(db(vec![scout]), "t-vanilla", 68);
    let scout = g.spawn("t-scout", 0, Zone::Front);
    to_recruit(&mut g, 1);
    let v = vanilla_in_hand(&g, 0);
    apply(
        &mut g,
        Action::Recruit {
            card: v,
            row: Row::Front,
        },
    );
    assert_eq!(g.card(v).zone(), Zone::Front, "it appears afterwards");
    assert_eq!(g.card(scout).plus(), 1);
    assert_eq!(g.card(g.players()[0].main()).plus(), 1);
    assert_eq!(
        g.card(v).plus(),
        0,
        "the recruit trigger resolved before it appeared"
    );
}

// ---------------------------------------------------------------------------
// Continuous and Conditional powers (p.18)
// ---------------------------------------------------------------------------

#[test]
fn continuous_p18_2pcg_009_i_am_groot_updates_as_resources_come_into_play() {
    let groot = with_power(
        character("t-groot", "Groot", 0, 1, 3, Team::Guardians),
        static_power(
            "I am Groot",
            None,
            Static::Stats {
                atk: Amount::ResourcesOnYourSide,
                def: Amount::ResourcesOnYourSide,
            },
        ),
    );
    let mut g = started(db(vec![groot]), "t-vanilla", 70);
    g.spawn("t-loc", 0, Zone::Resources);
    let groot = g.spawn("t-groot", 0, Zone::Front);
    assert_eq!(g.stats(groot), (1, 2), "one resource: +1/+1");
    let c = vanilla_in_hand(&g, 0);
    apply(
        &mut g,
        Action::PlayResource {
            card: c,
            face_up: false,
        },
    );
    assert_eq!(g.stats(groot), (2, 3), "two resources: +2/+2 at once");
}

#[test]
fn conditional_p18_2pcg_010_fearless_doubles_strikes_only_while_attacking_a_main_character() {
    let dd = with_power(
        character("t-ddf", "Daredevil", 3, 3, 3, Team::Defenders),
        static_power(
            "Fearless",
            Some(Cond::SelfAttackingMain),
            Static::DoubleStrike,
        ),
    );
    let db = db(vec![
        dd,
        character("t-wall", "Wall", 0, 5, 3, Team::Villains),
    ]);
    // Attacking a main character (2/5): strikes with 6.
    let mut g = started(db.clone(), "t-vanilla", 71);
    let d = g.spawn("t-ddf", 0, Zone::Front);
    assert_eq!(g.strike_value(d), 3, "not attacking: no modifier at all");
    g.goto_main();
    let m1 = g.players()[1].main();
    apply(&mut g, Action::Attack { attacker: d });
    apply(&mut g, Action::Defender { card: m1 });
    assert_eq!(g.strike_value(d), 6);
    pass_window(&mut g);
    assert!(
        !g.card(m1).face_up(),
        "6 ATK stuns the 5 DEF main character"
    );
    // Attacking a supporting character (0/5): strikes with 3.
    let mut g = started(db, "t-vanilla", 72);
    let d = g.spawn("t-ddf", 0, Zone::Front);
    let wall = g.spawn("t-wall", 1, Zone::Front);
    g.goto_main();
    apply(&mut g, Action::Attack { attacker: d });
    apply(&mut g, Action::Defender { card: wall });
    assert_eq!(g.strike_value(d), 3);
    pass_window(&mut g);
    assert!(g.card(wall).face_up());
}

#[test]
fn conditional_p18_a_while_stat_bonus_applies_only_while_its_condition_holds() {
    let brawler = with_power(
        character("t-brawler", "Brawler", 1, 2, 2, Team::Avengers),
        static_power(
            "Up Close",
            Some(Cond::SelfInFrontRow),
            Static::Stats {
                atk: fixed(2),
                def: fixed(0),
            },
        ),
    );
    let mut g = started(db(vec![brawler]), "t-vanilla", 73);
    let b = g.spawn("t-brawler", 0, Zone::Front);
    assert_eq!(g.stats(b), (3, 2));
    apply(&mut g, Action::Pass); // Resource Step
    apply(&mut g, Action::Pass); // Recruit Step
    apply(
        &mut g,
        Action::Move {
            card: b,
            row: Row::Back,
        },
    );
    assert_eq!(g.stats(b), (1, 2));
}

// ---------------------------------------------------------------------------
// Calculating ATK/DEF and Timestamps (p.14)
// ---------------------------------------------------------------------------

fn combat_pt(number: &str, name: &str, step: Step) -> CardDef {
    plot_twist(number, name, any_turn(), vec![step])
}
fn my_fighters() -> Who {
    Who::Each(Filter {
        side: SideFilter::Yours,
        role: Some(RoleFilter::InCombat),
        ..Filter::default()
    })
}

#[test]
fn calculating_atk_def_p14_2pcg_004_loki_levels_up_and_the_modifiers_are_reapplied() {
    let mut loki1 = main_character("t-loki1", "Loki", 1, 1, 6, Team::Villains);
    loki1.levels = vec!["t-loki2".into()];
    loki1.powers.push(Power {
        name: "Mischief".into(),
        body: PowerBody::LevelUp {
            xp: 4,
            trigger: Triggered {
                on: TriggerOn::StartOfYourTurn,
                if_cond: None,
                while_cond: None,
                effect: vec![],
                once_per_turn: Default::default(),
            },
        },
    });
    let mut loki2 = main_character("t-loki2", "Loki", 2, 4, 8, Team::Villains);
    loki2.levels = vec!["t-loki1".into()];
    let db = db(vec![
        loki1,
        loki2,
        combat_pt(
            "t-cover",
            "Find Cover",
            modify(my_fighters(), 0, 3, Duration::ThisCombat),
        ),
        combat_pt(
            "t-trick",
            "Trickster God",
            Step::SwapAtkDef(SwapAtkDef { who: my_fighters() }),
        ),
        combat_pt(
            "t-savage",
            "Savage Surprise",
            modify(my_fighters(), 4, 0, Duration::ThisCombat),
        ),
    ]);
    let mut g = started_main(db, 0, "t-loki1", 80);
    let loki = g.players()[0].main();
    g.set_xp(loki, 3);
    let cover = g.spawn("t-cover", 0, Zone::Hand);
    let trick = g.spawn("t-trick", 0, Zone::Hand);
    let savage = g.spawn("t-savage", 0, Zone::Hand);
    g.goto_main();
    let m1 = g.players()[1].main();
    apply(&mut g, Action::Attack { attacker: loki });
    apply(&mut g, Action::Defender { card: m1 });
    assert_eq!(g.stats(loki), (1, 6), "base, level 1");
    apply(&mut g, Action::PlayPlotTwist { card: cover });
    assert_eq!(g.stats(loki), (1, 9));
    apply(&mut g, Action::Pass);
    apply(&mut g, Action::PlayPlotTwist { card: trick });
    assert_eq!(g.stats(loki), (9, 1));
    apply(&mut g, Action::Pass);
    // Loki gets his fourth XP and progresses: new base 4/8, modifiers reapplied in order.
    g.set_xp(loki, 4);
    g.check_level_up(loki);
    assert_eq!(g.def(loki).level(), 2);
    assert_eq!(g.base_stats(loki), (4, 8));
    assert_eq!(
        g.stats(loki),
        (11, 4),
        "4/8 → Find Cover 4/11 → Trickster God 11/4"
    );
    apply(&mut g, Action::PlayPlotTwist { card: savage });
    assert_eq!(g.stats(loki), (15, 4), "a later modifier is not swapped");
}

#[test]
fn calculating_atk_def_p14_negative_atk_is_kept_for_later_changes_but_strikes_as_zero() {
    let db = db(vec![
        character("t-weak", "Weakling", 1, 3, 2, Team::Avengers),
        plot_twist(
            "t-sap",
            "Sap",
            Timing::Main,
            vec![
                choose(yours()),
                modify(Who::Chosen(0), -3, 0, Duration::ThisTurn),
            ],
        ),
        plot_twist(
            "t-boost",
            "Boost",
            Timing::Main,
            vec![
                choose(yours()),
                modify(Who::Chosen(0), 1, 0, Duration::ThisTurn),
            ],
        ),
    ]);
    let mut g = started(db, "t-vanilla", 81);
    let w = g.spawn("t-weak", 0, Zone::Front);
    let sap = g.spawn("t-sap", 0, Zone::Hand);
    let boost = g.spawn("t-boost", 0, Zone::Hand);
    g.goto_main();
    apply(&mut g, Action::PlayPlotTwist { card: sap });
    apply(&mut g, Action::Choose { card: w });
    assert_eq!(g.atk(w), -2);
    assert_eq!(g.strike_value(w), 0, "ATK below zero strikes as 0");
    apply(&mut g, Action::PlayPlotTwist { card: boost });
    apply(&mut g, Action::Choose { card: w });
    assert_eq!(g.atk(w), -1, "raising uses the real value, not 0");
}

#[test]
fn timestamps_p14_a_continuous_power_dates_from_when_its_character_came_into_play() {
    let db = db(vec![
        with_power(
            character("t-stat", "Strongarm", 1, 5, 3, Team::Avengers),
            static_power(
                "Strong",
                None,
                Static::Stats {
                    atk: fixed(2),
                    def: fixed(0),
                },
            ),
        ),
        combat_pt(
            "t-trick",
            "Trickster God",
            Step::SwapAtkDef(SwapAtkDef { who: my_fighters() }),
        ),
        combat_pt(
            "t-savage",
            "Savage Surprise",
            modify(my_fighters(), 4, 0, Duration::ThisCombat),
        ),
    ]);
    let mut g = started(db, "t-vanilla", 82);
    let s = g.spawn("t-stat", 0, Zone::Front);
    let trick = g.spawn("t-trick", 0, Zone::Hand);
    let savage = g.spawn("t-savage", 0, Zone::Hand);
    g.goto_main();
    assert_eq!(g.stats(s), (3, 5));
    let m1 = g.players()[1].main();
    apply(&mut g, Action::Attack { attacker: s });
    apply(&mut g, Action::Defender { card: m1 });
    apply(&mut g, Action::PlayPlotTwist { card: savage });
    assert_eq!(g.stats(s), (7, 5));
    apply(&mut g, Action::Pass);
    apply(&mut g, Action::PlayPlotTwist { card: trick });
    // Static +2/+0 (oldest) and Savage Surprise (earlier) are both swapped: 1/5 → 3/5 → 7/5 → 5/7.
    assert_eq!(g.stats(s), (5, 7));
}

// ---------------------------------------------------------------------------
// Continuous Modifiers › Resolving Effects (p.21)
// ---------------------------------------------------------------------------

#[test]
fn continuous_modifiers_resolving_effects_p21_values_are_locked_in_when_the_effect_resolves() {
    // 2PCG-019 shape: a +X whose X is read when it resolves does not change later.
    let db = db(vec![
        plot_twist(
            "t-rally",
            "Rally",
            Timing::Main,
            vec![Step::Modify(Modify {
                who: Who::Each(Filter {
                    side: SideFilter::Yours,
                    kind: KindFilter::Main,
                    ..Filter::default()
                }),
                atk: Amount::ResourcesOnYourSide,
                def: fixed(0),
                duration: Duration::ThisTurn,
            })],
        ),
        plot_twist(
            "t-windfall",
            "Windfall",
            Timing::Main,
            vec![Step::TopCardToResources(TopCardToResources)],
        ),
        with_power(
            character("t-groot", "Groot", 0, 1, 3, Team::Guardians),
            static_power(
                "I am Groot",
                None,
                Static::Stats {
                    atk: Amount::ResourcesOnYourSide,
                    def: fixed(0),
                },
            ),
        ),
    ]);
    let mut g = started(db, "t-vanilla", 90);
    g.spawn("t-loc", 0, Zone::Resources);
    let groot = g.spawn("t-groot", 0, Zone::Back);
    let rally = g.spawn("t-rally", 0, Zone::Hand);
    let windfall = g.spawn("t-windfall", 0, Zone::Hand);
    g.goto_main();
    let main = g.players()[0].main();
    apply(&mut g, Action::PlayPlotTwist { card: rally });
    assert_eq!(
        g.stats(main),
        (3, 5),
        "+1: one resource when Rally resolved"
    );
    apply(&mut g, Action::PlayPlotTwist { card: windfall });
    assert_eq!(g.players()[0].resources().len(), 2);
    assert_eq!(g.stats(main), (3, 5), "still +1: locked in");
    assert_eq!(
        g.stats(groot),
        (2, 1),
        "a continuous power, by contrast, reads the current count"
    );
}

#[test]
fn continuous_modifiers_resolving_effects_p21_characters_entering_later_are_not_affected() {
    let db = db(vec![plot_twist(
        "t-pep",
        "Pep Rally",
        Timing::Build,
        vec![modify(Who::Each(yours()), 2, 2, Duration::ThisTurn)],
    )]);
    let mut g = started(db, "t-vanilla", 91);
    let pep = g.spawn("t-pep", 0, Zone::Hand);
    to_recruit(&mut g, 1);
    let main = g.players()[0].main();
    apply(&mut g, Action::PlayPlotTwist { card: pep });
    assert_eq!(g.stats(main), (4, 7));
    let v = vanilla_in_hand(&g, 0);
    apply(
        &mut g,
        Action::Recruit {
            card: v,
            row: Row::Front,
        },
    );
    assert_eq!(
        g.stats(v),
        (2, 2),
        "recruited after Pep Rally resolved: unaffected"
    );
}

#[test]
fn continuous_modifiers_resolving_effects_p21_a_modifier_is_independent_of_its_source_and_lasts_while_its_target_stays(
) {
    // 2PCG-020/021: Genetic Manipulation's keyword has no duration and outlives its source.
    let gene = with_power(
        character("t-gene", "Geneticist", 1, 1, 2, Team::Villains),
        super_power(
            "Genetic Manipulation",
            Timing::Main,
            vec![Symbol::Energy],
            vec![
                choose(Filter {
                    kind: KindFilter::Supporting,
                    other: true,
                    ..Filter::default()
                }),
                Step::GainKeyword(GainKeyword {
                    who: Who::Chosen(0),
                    keyword: Keyword::Flight,
                    duration: Duration::Permanent,
                }),
            ],
        ),
    );
    let mut g = started(
        db(vec![gene, location("t-lab", "Lab", Symbol::Energy)]),
        "t-vanilla",
        92,
    );
    let lab = g.spawn("t-lab", 0, Zone::Resources);
    let gene = g.spawn("t-gene", 0, Zone::Back);
    let subject = g.spawn("t-vanilla", 0, Zone::Front);
    g.goto_main();
    apply(&mut g, use_power(gene, 0, vec![Pay::Flip(lab)]));
    assert!(g.has_keyword(subject, Keyword::Flight));
    g.ko(gene, None);
    next_turn(&mut g);
    next_turn(&mut g);
    assert!(
        g.has_keyword(subject, Keyword::Flight),
        "source gone, turns passed: still there"
    );
    g.move_to(subject, Zone::Hand, 0);
    g.move_to(subject, Zone::Front, 0);
    assert!(
        !g.has_keyword(subject, Keyword::Flight),
        "it ended when its target left play"
    );
}

// ---------------------------------------------------------------------------
// Stunned Characters (p.14), Recovering Characters (p.15), KO and wounds (p.7)
// ---------------------------------------------------------------------------

fn stun_db() -> Arc<CardDb> {
    db(vec![
        character("t-brute", "Brute", 5, 3, 3, Team::Villains),
        character("t-guard", "Guard", 3, 3, 3, Team::Villains),
        character("t-v2", "Second", 2, 2, 1, Team::Avengers),
        combat_pt(
            "t-punch",
            "Sucker Punch",
            Step::Stun(Stun {
                who: Who::Each(role(RoleFilter::Defender)),
            }),
        ),
        plot_twist(
            "t-trip",
            "Trip",
            any_turn(),
            vec![
                choose(role(RoleFilter::Attacker)),
                Step::Stun(Stun {
                    who: Who::Chosen(0),
                }),
            ],
        ),
        with_power(
            with_keyword(
                character("t-flyer", "Flyer", 2, 2, 3, Team::Avengers),
                Keyword::Flight,
            ),
            super_power(
                "Soar",
                Timing::Main,
                vec![Symbol::Might],
                vec![plus_self(1)],
            ),
        ),
        with_power(
            character("t-stat", "Strongarm", 1, 3, 3, Team::Avengers),
            static_power(
                "Strong",
                None,
                Static::Stats {
                    atk: fixed(2),
                    def: fixed(0),
                },
            ),
        ),
        plot_twist(
            "t-second-wind",
            "Second Wind",
            Timing::Main,
            vec![
                choose(Filter {
                    side: SideFilter::Yours,
                    face: FaceFilter::Stunned,
                    ..Filter::default()
                }),
                Step::Recover(Recover {
                    who: Who::Chosen(0),
                }),
            ],
        ),
        plot_twist(
            "t-cut",
            "Cut",
            Timing::Main,
            vec![
                choose(Filter {
                    side: SideFilter::Enemy,
                    kind: KindFilter::Supporting,
                    ..Filter::default()
                }),
                Step::Wound(Wound {
                    who: Who::Chosen(0),
                    n: fixed(1),
                }),
            ],
        ),
    ])
}

#[test]
fn stunned_characters_p14_stunned_by_an_effect_mid_combat_it_is_removed_from_the_combat() {
    let mut g = started(stun_db(), "t-vanilla", 100);
    let v = g.spawn("t-vanilla", 0, Zone::Front);
    let brute = g.spawn("t-brute", 1, Zone::Front);
    let punch = g.spawn("t-punch", 0, Zone::Hand);
    g.goto_main();
    apply(&mut g, Action::Attack { attacker: v });
    apply(&mut g, Action::Defender { card: brute });
    apply(&mut g, Action::PlayPlotTwist { card: punch });
    assert!(!g.card(brute).face_up());
    assert!(g.combat().is_none(), "no defender left: the combat ends");
    assert!(g.card(v).face_up(), "the Brute never struck back");
    assert!(g.card(v).exhausted());
    assert_eq!(g.pending(), Pending::Act { seat: 0 });
}

#[test]
fn stunned_characters_p14_an_attacker_stunned_mid_combat_no_longer_counts_in_the_team_attack() {
    let mut g = started(stun_db(), "t-vanilla", 101);
    let a = g.spawn("t-vanilla", 0, Zone::Front);
    let b = g.spawn("t-v2", 0, Zone::Front);
    let guard = g.spawn("t-guard", 1, Zone::Front);
    let trip = g.spawn("t-trip", 1, Zone::Hand);
    g.goto_main();
    apply(&mut g, Action::Attack { attacker: a });
    apply(&mut g, Action::AddAttacker { card: b });
    apply(&mut g, Action::Defender { card: guard });
    apply(&mut g, Action::Pass);
    // The defending player trips one attacker.
    apply(&mut g, Action::PlayPlotTwist { card: trip });
    apply(&mut g, Action::Choose { card: a });
    assert_eq!(g.combat().as_ref().unwrap().attackers, vec![b]);
    pass_window(&mut g);
    // 2 ATK alone doesn't stun the 3 DEF Guard; with one attacker left, no strike-back choice.
    assert!(g.card(guard).face_up());
    assert_eq!(
        g.card(b).zone(),
        Zone::KoPile,
        "struck back at and KO'd (1 health)"
    );
    assert!(g.combat().is_none());
}

#[test]
fn stunned_characters_p14_cant_attack_defend_or_use_powers_and_cant_hold_counters() {
    let mut g = started(stun_db(), "t-vanilla", 102);
    g.spawn("t-loc", 0, Zone::Resources);
    let flyer = g.spawn("t-flyer", 0, Zone::Front);
    let strong = g.spawn("t-stat", 0, Zone::Front);
    let foe = g.spawn("t-guard", 1, Zone::Front);
    g.goto_main();
    g.add_plus(flyer, 1);
    g.stun(flyer, None, false);
    g.stun(strong, None, false);
    g.stun(foe, None, false);
    g.set_exhausted(flyer, false); // even ready, a stunned character can't attack
    assert!(!legal(&g, &Action::Attack { attacker: flyer }));
    assert!(!g.can_attack(flyer));
    let m0 = g.players()[0].main();
    assert!(
        !g.legal_defenders(&[m0]).contains(&foe),
        "can't be attacked (defend)"
    );
    assert!(!g.has_keyword(flyer, Keyword::Flight), "no keywords");
    assert!(power_uses(&g, flyer, 0).is_empty(), "no Super Powers");
    assert_eq!(g.stats(strong), (1, 3), "no continuous powers");
    assert_eq!(g.card(flyer).plus(), 0, "counters removed");
    g.add_plus(flyer, 1);
    assert_eq!(g.card(flyer).plus(), 0, "and it can't gain any");
    assert_eq!(g.name(flyer), "Flyer", "it keeps its name");
    assert_eq!(g.teams_of(flyer), vec![Team::Avengers], "and its team");
}

#[test]
fn recovering_characters_p15_an_effect_recovers_face_up_but_exhausted_keeping_wounds() {
    let mut g = started(stun_db(), "t-vanilla", 103);
    let c = g.spawn("t-guard", 0, Zone::Front);
    let pt = g.spawn("t-second-wind", 0, Zone::Hand);
    g.goto_main();
    g.stun(c, None, true);
    assert_eq!(g.card(c).wounds(), 1);
    apply(&mut g, Action::PlayPlotTwist { card: pt });
    assert!(g.card(c).face_up());
    assert!(g.card(c).exhausted(), "it remains exhausted");
    assert_eq!(g.card(c).wounds(), 1, "recovering doesn't heal");
    assert!(!legal(&g, &Action::Attack { attacker: c }));
}

#[test]
fn basic_game_concepts_p7_ko_at_wounds_equal_to_health_into_the_owners_ko_pile() {
    let mut g = started(stun_db(), "t-vanilla", 104);
    let guard = g.spawn("t-guard", 1, Zone::Front); // health 3
    g.set_wounds(guard, 2);
    let cut = g.spawn("t-cut", 0, Zone::Hand);
    g.goto_main();
    apply(&mut g, Action::PlayPlotTwist { card: cut });
    assert_eq!(
        g.card(guard).zone(),
        Zone::KoPile,
        "a wound (not a stun) reaching its health KOs it"
    );
    assert!(g.players()[1].ko_pile().contains(&guard));
    // A character controlled by someone else still goes to its owner's KO pile.
    let brute = g.spawn("t-brute", 1, Zone::Front);
    g.change_side(brute, 0, Row::Front);
    assert_eq!(g.card(brute).controller(), 0);
    g.set_wounds(brute, 2);
    g.stun(brute, None, true);
    assert_eq!(g.card(brute).zone(), Zone::KoPile);
    assert!(g.players()[1].ko_pile().contains(&brute));
    assert!(!g.players()[0].ko_pile().contains(&brute));
}

fn lethal_db() -> Arc<CardDb> {
    db(vec![
        with_keyword(
            character("t-lethal", "Assassin", 6, 3, 3, Team::Villains),
            Keyword::Lethal,
        ),
        character("t-guard", "Guard", 1, 2, 3, Team::Avengers),
        character("t-big", "Big", 6, 6, 3, Team::Avengers),
    ])
}

#[test]
fn select_keyword_powers_p31_lethal_kos_a_defending_supporting_character_it_stuns() {
    let mut g = started(lethal_db(), "t-vanilla", 105);
    let assassin = g.spawn("t-lethal", 0, Zone::Front);
    let guard = g.spawn("t-guard", 1, Zone::Front);
    g.goto_main();
    apply(&mut g, Action::Attack { attacker: assassin });
    apply(&mut g, Action::Defender { card: guard });
    pass_window(&mut g);
    assert_eq!(
        g.card(guard).zone(),
        Zone::KoPile,
        "one wound of three health, but Lethal"
    );
}

#[test]
fn select_keyword_powers_p31_lethal_does_not_ko_a_main_character_or_an_attacker() {
    let mut g = started(lethal_db(), "t-vanilla", 106);
    let assassin = g.spawn("t-lethal", 0, Zone::Front);
    g.goto_main();
    let m1 = g.players()[1].main();
    apply(&mut g, Action::Attack { attacker: assassin });
    apply(&mut g, Action::Defender { card: m1 });
    pass_window(&mut g);
    assert!(
        g.is_character_in_play(m1),
        "a main character only takes the wound"
    );
    assert_eq!(g.card(m1).wounds(), 1);
    assert!(g.outcome().is_none());
    // A Lethal defender striking back wounds an attacking supporting character normally.
    next_turn(&mut g);
    g.goto_main();
    let big = g.spawn("t-big", 1, Zone::Front);
    g.set_exhausted(assassin, false);
    g.recover(assassin);
    apply(&mut g, Action::Attack { attacker: big });
    apply(&mut g, Action::Defender { card: assassin });
    pass_window(&mut g);
    assert!(!g.card(big).face_up(), "6 ATK stuns 6 DEF");
    assert!(
        g.is_character_in_play(big),
        "not KO'd: it was attacking, not defending"
    );
    assert_eq!(g.card(big).wounds(), 1);
}

// ---------------------------------------------------------------------------
// Uniqueness (p.24)
// ---------------------------------------------------------------------------

fn unique_db() -> Arc<CardDb> {
    let mut swarm_main = main_character("t-hive", "Hive", 1, 2, 5, Team::Xenomorphs);
    swarm_main.powers.push(Power {
        name: "Swarm".into(),
        body: PowerBody::Keyword(Keyword::Swarm),
    });
    db(vec![
        character("t-hero-s", "Test Hero", 2, 2, 2, Team::Avengers),
        with_keyword(
            character("t-drone", "Drone", 1, 1, 1, Team::Xenomorphs),
            Keyword::Swarm,
        ),
        with_keyword(
            character("t-hive-s", "Hive", 1, 1, 1, Team::Xenomorphs),
            Keyword::Swarm,
        ),
        swarm_main,
        main_character("t-villain", "Big Bad", 1, 2, 5, Team::Villains),
        character("t-brute", "Brute", 3, 3, 2, Team::Villains),
        plot_twist(
            "t-mc",
            "Mind Control",
            Timing::Main,
            vec![
                choose(Filter {
                    side: SideFilter::Enemy,
                    kind: KindFilter::Supporting,
                    ..Filter::default()
                }),
                Step::MindControl(MindControl {
                    who: Who::Chosen(0),
                    to_row_choice: false,
                }),
            ],
        ),
    ])
}

#[test]
fn uniqueness_p24_recruiting_a_second_character_with_a_name_kos_the_first() {
    let mut g = started(unique_db(), "t-vanilla", 110);
    to_recruit(&mut g, 2);
    let v1 = vanilla_in_hand(&g, 0);
    apply(
        &mut g,
        Action::Recruit {
            card: v1,
            row: Row::Front,
        },
    );
    let v2 = vanilla_in_hand(&g, 0);
    apply(
        &mut g,
        Action::Recruit {
            card: v2,
            row: Row::Back,
        },
    );
    assert_eq!(g.card(v1).zone(), Zone::KoPile, "the first one is KO'd");
    assert_eq!(g.card(v2).zone(), Zone::Back, "the newcomer stays");
    // An enemy with the same name is no problem: one per side.
    let theirs = g.spawn("t-vanilla", 1, Zone::Front);
    g.check_uniqueness(theirs);
    assert_eq!(g.card(theirs).zone(), Zone::Front);
    assert_eq!(g.card(v2).zone(), Zone::Back);
}

#[test]
fn uniqueness_p24_you_cant_recruit_a_supporting_character_with_your_main_characters_name() {
    let mut g = started(unique_db(), "t-vanilla", 111);
    let hero = g.spawn("t-hero-s", 0, Zone::Hand);
    to_recruit(&mut g, 2);
    assert!(!legal(
        &g,
        &Action::Recruit {
            card: hero,
            row: Row::Front
        }
    ));
    let e = refuse(
        &mut g,
        Action::Recruit {
            card: hero,
            row: Row::Front,
        },
    );
    assert_eq!(e.rule, "Uniqueness (p.24)");
}

#[test]
fn uniqueness_p24_swarm_allows_copies_and_a_swarm_main_characters_name() {
    let mut g = started_main(unique_db(), 0, "t-hive", 112);
    let d1 = g.spawn("t-drone", 0, Zone::Hand);
    let d2 = g.spawn("t-drone", 0, Zone::Hand);
    let h = g.spawn("t-hive-s", 0, Zone::Hand);
    to_recruit(&mut g, 3);
    apply(
        &mut g,
        Action::Recruit {
            card: d1,
            row: Row::Front,
        },
    );
    apply(
        &mut g,
        Action::Recruit {
            card: d2,
            row: Row::Front,
        },
    );
    apply(
        &mut g,
        Action::Recruit {
            card: h,
            row: Row::Back,
        },
    );
    assert_eq!(g.card(d1).zone(), Zone::Front);
    assert_eq!(g.card(d2).zone(), Zone::Front);
    assert_eq!(
        g.card(h).zone(),
        Zone::Back,
        "Swarm: it may share the main character's name"
    );
    assert!(g.is_character_in_play(g.players()[0].main()));
}

#[test]
fn uniqueness_p24_2pcg_027_a_mind_controlled_namesake_kos_yours_and_returns_at_end_of_turn() {
    let mut g = started(unique_db(), "t-vanilla", 113);
    let mine = g.spawn("t-brute", 0, Zone::Front);
    let theirs = g.spawn("t-brute", 1, Zone::Front);
    let mc = g.spawn("t-mc", 0, Zone::Hand);
    g.goto_main();
    apply(&mut g, Action::PlayPlotTwist { card: mc });
    // "Move it to your side" doesn't say the row: the controller chooses (ruling 35).
    assert_eq!(g.pending(), Pending::Effect { seat: 0 });
    apply(&mut g, Action::ChooseRow { row: Row::Back });
    assert_eq!(g.card(theirs).controller(), 0);
    assert!(g.players()[0].back().contains(&theirs));
    assert_eq!(
        g.card(mine).zone(),
        Zone::KoPile,
        "you must KO the first one"
    );
    // At the end of the turn it goes back; the player whose card took it picks the row
    // (the official Mind Control answer, ruling 73).
    let t = g.turn();
    let mut asked = false;
    while g.turn() == t {
        if g.pending() == (Pending::Effect { seat: 0 }) {
            asked = true;
            apply(&mut g, Action::ChooseRow { row: Row::Front });
        } else {
            apply(&mut g, Action::Pass);
        }
    }
    assert!(asked, "the row it goes back to is asked");
    assert_eq!(
        g.card(theirs).controller(),
        1,
        "control lasted until the end of the turn"
    );
    assert!(g.players()[1].front().contains(&theirs));
}

#[test]
fn uniqueness_p24_a_character_with_your_main_characters_name_that_would_appear_is_removed_instead()
{
    // Rulings: a character that can't appear is removed from the game.
    let mut g = started_main(unique_db(), 1, "t-villain", 114);
    let namesake = g.spawn("t-hero-s", 1, Zone::Front);
    let mc = g.spawn("t-mc", 0, Zone::Hand);
    g.goto_main();
    apply(&mut g, Action::PlayPlotTwist { card: mc });
    apply(&mut g, Action::ChooseRow { row: Row::Front });
    assert_eq!(g.card(namesake).zone(), Zone::Removed);
    assert!(
        g.is_character_in_play(g.players()[0].main()),
        "the main character is untouched"
    );
}

// ---------------------------------------------------------------------------
// Power-Ups (p.24), AKA (Game Terms p.28), Mantles (p.26)
// ---------------------------------------------------------------------------

fn power_up_db() -> Arc<CardDb> {
    let mut carol = character("t-carol", "Captain Marvel", 3, 3, 3, Team::Avengers);
    carol.aka = Some("Ms. Marvel".into());
    db(vec![
        character("t-hero-s", "Test Hero", 2, 2, 2, Team::Avengers),
        carol,
        character("t-msm", "Ms. Marvel", 2, 2, 2, Team::Avengers),
        character("t-hawk", "Hawkeye", 2, 2, 2, Team::Avengers),
        character("t-kate", "*Hawkeye*", 2, 2, 2, Team::AForce),
    ])
}

#[test]
fn power_ups_p24_a_main_action_discarding_a_same_named_card() {
    let mut g = started(power_up_db(), "t-vanilla", 120);
    let copy = g.spawn("t-hero-s", 0, Zone::Hand);
    let main = g.players()[0].main();
    let pu = Action::PowerUp {
        discard: copy,
        target: main,
    };
    assert!(!legal(&g, &pu), "not in the Build Phase");
    assert_eq!(refuse(&mut g, pu.clone()).rule, "Power-Ups (p.24)");
    g.goto_main();
    apply(&mut g, pu);
    assert_eq!(g.card(main).plus(), 1);
    assert_eq!(g.card(copy).zone(), Zone::KoPile);
    assert_eq!(g.stats(main), (3, 6));
    // A stunned character can't be powered up.
    let v = g.spawn("t-vanilla", 0, Zone::Front);
    g.stun(v, None, false);
    let v_copy = vanilla_in_hand(&g, 0);
    assert!(!legal(
        &g,
        &Action::PowerUp {
            discard: v_copy,
            target: v
        }
    ));
}

#[test]
fn power_ups_p24_2pcg_028_an_any_turn_combat_action_for_a_character_in_combat() {
    let mut g = started(power_up_db(), "t-vanilla", 121);
    let theirs = g.spawn("t-hero-s", 1, Zone::Hand);
    let v_hand = vanilla_in_hand(&g, 1);
    let bystander = g.spawn("t-vanilla", 1, Zone::Back);
    g.goto_main();
    let (m0, m1) = (g.players()[0].main(), g.players()[1].main());
    apply(&mut g, Action::Attack { attacker: m0 });
    apply(&mut g, Action::Defender { card: m1 });
    apply(&mut g, Action::Pass);
    // On our turn, the defending player powers up its main character in the combat.
    assert_eq!(g.pending(), Pending::Act { seat: 1 });
    assert!(
        !legal(
            &g,
            &Action::PowerUp {
                discard: v_hand,
                target: bystander
            }
        ),
        "not in the combat"
    );
    apply(
        &mut g,
        Action::PowerUp {
            discard: theirs,
            target: m1,
        },
    );
    assert_eq!(g.card(m1).plus(), 1);
    assert_eq!(
        g.pending(),
        Pending::Act { seat: 0 },
        "it was that player's action in the window"
    );
}

#[test]
fn game_terms_aka_p28_2pcg_031_an_aka_name_powers_up_and_counts_for_uniqueness() {
    let mut g = started(power_up_db(), "t-vanilla", 122);
    let carol = g.spawn("t-carol", 0, Zone::Front);
    let ms1 = g.spawn("t-msm", 0, Zone::Hand);
    let ms2 = g.spawn("t-msm", 0, Zone::Hand);
    g.goto_main();
    apply(
        &mut g,
        Action::PowerUp {
            discard: ms1,
            target: carol,
        },
    );
    assert_eq!(g.card(carol).plus(), 1);
    // Same person: recruiting Ms. Marvel KOs Captain Marvel.
    next_turn(&mut g);
    next_turn(&mut g);
    to_recruit(&mut g, 2);
    apply(
        &mut g,
        Action::Recruit {
            card: ms2,
            row: Row::Front,
        },
    );
    assert_eq!(g.card(carol).zone(), Zone::KoPile);
    assert_eq!(g.card(ms2).zone(), Zone::Front);
}

#[test]
fn mantles_p26_2pcg_029_a_starred_name_is_a_different_character() {
    let mut g = started(power_up_db(), "t-vanilla", 123);
    let clint = g.spawn("t-hawk", 0, Zone::Front);
    let kate = g.spawn("t-kate", 0, Zone::Hand);
    let kate2 = g.spawn("t-kate", 0, Zone::Hand);
    g.goto_main();
    assert!(
        !legal(
            &g,
            &Action::PowerUp {
                discard: kate,
                target: clint
            }
        ),
        "\"*Hawkeye*\" can't power up \"Hawkeye\""
    );
    refuse(
        &mut g,
        Action::PowerUp {
            discard: kate,
            target: clint,
        },
    );
    next_turn(&mut g);
    next_turn(&mut g);
    to_recruit(&mut g, 1);
    apply(
        &mut g,
        Action::Recruit {
            card: kate2,
            row: Row::Front,
        },
    );
    assert_eq!(
        g.card(clint).zone(),
        Zone::Front,
        "different names: both stay"
    );
    assert_eq!(g.card(kate2).zone(), Zone::Front);
}

// ---------------------------------------------------------------------------
// Running Out Of Cards, Searching and Shuffling, Token Characters (p.25–26)
// ---------------------------------------------------------------------------

fn empty_deck(g: &mut GameState, seat: usize) {
    for c in g.players()[seat].deck().clone() {
        g.move_to(c, Zone::Removed, seat);
    }
}

#[test]
fn running_out_of_cards_p25_an_empty_deck_skips_the_draw_and_play_goes_on() {
    let mut g = started(db(vec![]), "t-vanilla", 130);
    empty_deck(&mut g, 1);
    next_turn(&mut g);
    assert_eq!(g.turn_seat(), 1);
    assert_eq!(
        g.players()[1].hand().len(),
        7,
        "no cards to draw: the draws are skipped"
    );
    assert!(g.outcome().is_none());
    assert_eq!(g.pending(), Pending::Act { seat: 1 });
}

#[test]
fn running_out_of_cards_p25_all_decks_empty_and_no_attacks_fewest_wounds_wins() {
    let mut g = started(db(vec![]), "t-vanilla", 131);
    empty_deck(&mut g, 0);
    empty_deck(&mut g, 1);
    let m1 = g.players()[1].main();
    g.set_wounds(m1, 1);
    next_turn(&mut g);
    assert!(
        g.outcome().is_none(),
        "one turn without attacks is not yet a full round"
    );
    next_turn(&mut g);
    assert_eq!(g.outcome(), Some(Outcome::Win(vec![0])));
}

#[test]
fn running_out_of_cards_p25_equal_fewest_wounds_is_a_tie() {
    let mut g = started(db(vec![]), "t-vanilla", 132);
    empty_deck(&mut g, 0);
    empty_deck(&mut g, 1);
    next_turn(&mut g);
    next_turn(&mut g);
    assert_eq!(g.outcome(), Some(Outcome::Tie(vec![0, 1])));
    assert!(g.legal_actions().is_empty());
}

#[test]
fn searching_and_shuffling_p25_a_search_for_a_specific_card_may_fail_to_find() {
    let brood = with_keyword(
        with_power(
            character("t-brood", "Brood", 1, 1, 1, Team::Villains),
            super_power(
                "Call the Brood",
                Timing::Main,
                vec![Symbol::Might],
                vec![Step::SearchDeck(crossover_vs2pcg::verbs::SearchDeck {
                    what: DeckFilter {
                        kinds: vec![DeckKind::Character],
                        same_name_as_self: true,
                        ..DeckFilter::default()
                    },
                    max: 1,
                    to: SearchDest::Side,
                })],
            ),
        ),
        Keyword::Swarm,
    );
    let mut g = started(db(vec![brood]), "t-vanilla", 133);
    let f1 = g.spawn("t-loc", 0, Zone::Resources);
    let f2 = g.spawn("t-loc", 0, Zone::Resources);
    let caller = g.spawn("t-brood", 0, Zone::Front);
    let c1 = g.spawn("t-brood", 0, Zone::Deck);
    let c2 = g.spawn("t-brood", 0, Zone::Deck);
    g.goto_main();
    apply(&mut g, use_power(caller, 0, vec![Pay::Flip(f1)]));
    assert!(matches!(g.pending(), Pending::Effect { seat: 0 }));
    assert!(legal(&g, &Action::Pass), "fail to find is allowed");
    apply(&mut g, Action::Pass);
    assert_eq!(g.card(c1).zone(), Zone::Deck);
    assert_eq!(g.card(c2).zone(), Zone::Deck);
    assert_eq!(g.pending(), Pending::Act { seat: 0 });
    // Next turn, find one: it comes into play.
    next_turn(&mut g);
    next_turn(&mut g);
    g.goto_main();
    apply(&mut g, use_power(caller, 0, vec![Pay::Flip(f2)]));
    let pick = g
        .legal_actions()
        .into_iter()
        .find(|a| matches!(a, Action::Choose { .. }))
        .expect("a copy to choose");
    apply(&mut g, pick);
    apply(&mut g, Action::ChooseRow { row: Row::Back });
    let in_play = [c1, c2]
        .iter()
        .filter(|&&c| g.is_character_in_play(c))
        .count();
    assert_eq!(in_play, 1);
}

#[test]
fn token_characters_p26_a_token_leaving_play_ceases_to_exist() {
    let db = db(vec![plot_twist(
        "t-recall",
        "Recall",
        Timing::Main,
        vec![
            choose(enemy()),
            Step::ReturnToHand(ReturnToHand {
                who: Who::Chosen(0),
            }),
        ],
    )]);
    let mut g = started(db, "t-vanilla", 134);
    let t1 = g.spawn("t-vanilla", 1, Zone::Front);
    g.set_token(t1, true);
    let t2 = g.spawn("t-vanilla", 1, Zone::Back);
    g.set_token(t2, true);
    g.goto_main();
    // KO'd in combat (health 1): it doesn't go to the KO pile.
    let m0 = g.players()[0].main();
    apply(&mut g, Action::Attack { attacker: m0 });
    apply(&mut g, Action::Defender { card: t1 });
    pass_window(&mut g);
    assert!(!g.players()[1].ko_pile().contains(&t1));
    assert!(!g.is_character_in_play(t1));
    // Returned to hand: it doesn't go to the hand.
    let recall = g.spawn("t-recall", 0, Zone::Hand);
    apply(&mut g, Action::PlayPlotTwist { card: recall });
    apply(&mut g, Action::Choose { card: t2 });
    assert!(!g.players()[1].hand().contains(&t2));
    for p in g.players() {
        for list in [
            &p.deck(),
            &p.hand(),
            &p.ko_pile(),
            &p.front(),
            &p.back(),
            &p.resources(),
        ] {
            assert!(
                !list.contains(&t1) && !list.contains(&t2),
                "tokens exist only in play"
            );
        }
    }
    // A token that ceased to exist is kept out of the game (so every card stays accounted for).
    assert_eq!(g.card(t1).zone(), Zone::Removed);
    assert_eq!(g.card(t2).zone(), Zone::Removed);
}

// ---------------------------------------------------------------------------
// Game Terms: Freeze, Pull and Push; The Golden Rules (p.27)
// ---------------------------------------------------------------------------

#[test]
fn game_terms_freeze_p29_exhausted_and_doesnt_ready_during_its_controllers_next_turn() {
    let db = db(vec![
        plot_twist(
            "t-freeze",
            "Deep Freeze",
            Timing::Main,
            vec![
                choose(enemy()),
                Step::Freeze(Freeze {
                    who: Who::Chosen(0),
                }),
            ],
        ),
        character("t-ice", "Iceberg", 2, 2, 2, Team::Villains),
    ]);
    let mut g = started(db, "t-vanilla", 140);
    let x = g.spawn("t-ice", 1, Zone::Front);
    let pt = g.spawn("t-freeze", 0, Zone::Hand);
    g.goto_main();
    apply(&mut g, Action::PlayPlotTwist { card: pt });
    apply(&mut g, Action::Choose { card: x });
    assert!(g.card(x).exhausted());
    next_turn(&mut g);
    assert_eq!(g.turn_seat(), 1);
    assert!(
        g.card(x).exhausted(),
        "it did not ready in its controller's Recovery Phase"
    );
    g.goto_main();
    assert!(!legal(&g, &Action::Attack { attacker: x }));
    next_turn(&mut g);
    next_turn(&mut g);
    assert_eq!(g.turn_seat(), 1);
    assert!(!g.card(x).exhausted(), "the turn after, it readies");
}

#[test]
fn game_terms_pull_and_push_p30_move_a_character_between_rows() {
    let db = db(vec![
        character("t-ice", "Iceberg", 2, 2, 2, Team::Villains),
        plot_twist(
            "t-push",
            "Shove",
            Timing::Main,
            vec![
                choose(Filter {
                    side: SideFilter::Enemy,
                    row: Some(Row::Front),
                    kind: KindFilter::Supporting,
                    ..Filter::default()
                }),
                Step::Push(Push {
                    who: Who::Chosen(0),
                }),
            ],
        ),
        plot_twist(
            "t-pull",
            "Yank",
            Timing::Main,
            vec![
                choose(Filter {
                    side: SideFilter::Enemy,
                    row: Some(Row::Back),
                    ..Filter::default()
                }),
                Step::Pull(Pull {
                    who: Who::Chosen(0),
                }),
            ],
        ),
    ]);
    let mut g = started(db, "t-vanilla", 141);
    let x = g.spawn("t-ice", 1, Zone::Front);
    g.add_plus(x, 1);
    let push = g.spawn("t-push", 0, Zone::Hand);
    let pull = g.spawn("t-pull", 0, Zone::Hand);
    g.goto_main();
    apply(&mut g, Action::PlayPlotTwist { card: push });
    assert_eq!(g.row_of(x), Some(Row::Back), "Push: front row to back row");
    assert_eq!(g.card(x).plus(), 1, "moving rows keeps counters");
    apply(&mut g, Action::PlayPlotTwist { card: pull });
    assert_eq!(g.row_of(x), Some(Row::Front), "Pull: back row to front row");
}

#[test]
fn the_golden_rules_p27_cant_beats_can_a_denied_keyword_beats_a_granted_one() {
    let db = db(vec![
        with_keyword(
            character("t-fly", "Flyer", 2, 2, 2, Team::Avengers),
            Keyword::Flight,
        ),
        equipment(
            "t-boots",
            "Lead Boots",
            1,
            None,
            vec![static_power(
                "Heavy",
                None,
                Static::DenyKeyword(Keyword::Flight),
            )],
        ),
        plot_twist(
            "t-wings",
            "Wings",
            Timing::Main,
            vec![
                choose(yours()),
                Step::GainKeyword(GainKeyword {
                    who: Who::Chosen(0),
                    keyword: Keyword::Flight,
                    duration: Duration::ThisTurn,
                }),
            ],
        ),
    ]);
    let mut g = started(db, "t-vanilla", 142);
    let fly = g.spawn("t-fly", 0, Zone::Front);
    let boots = g.spawn("t-boots", 0, Zone::Hand);
    let wings = g.spawn("t-wings", 0, Zone::Hand);
    to_recruit(&mut g, 1);
    apply(
        &mut g,
        Action::PlayEquipment {
            card: boots,
            on: fly,
        },
    );
    assert!(
        !g.has_keyword(fly, Keyword::Flight),
        "printed Flight is denied"
    );
    apply(&mut g, Action::Pass);
    apply(&mut g, Action::Pass);
    apply(&mut g, Action::PlayPlotTwist { card: wings });
    apply(&mut g, Action::Choose { card: fly });
    assert!(
        !g.has_keyword(fly, Keyword::Flight),
        "a granted Flight is denied too: can't beats can"
    );
    let m1 = g.players()[1].main();
    g.move_row(m1, Row::Back);
    g.spawn("t-vanilla", 1, Zone::Front);
    assert!(!g.legal_defenders(&[fly]).contains(&m1));
}

// ---------------------------------------------------------------------------
// Select Keyword Powers (p.31), plus Stealth and Mobile
// ---------------------------------------------------------------------------

fn kw(number: &str, name: &str, atk: i32, def: i32, k: Keyword) -> CardDef {
    with_keyword(character(number, name, atk, def, 3, Team::Avengers), k)
}

#[test]
fn select_keyword_powers_p31_berserker_gets_a_counter_when_it_attacks() {
    let db = db(vec![
        kw("t-bers", "Rager", 2, 2, Keyword::Berserker),
        character("t-wall", "Wall", 1, 3, 3, Team::Villains),
    ]);
    let mut g = started(db, "t-vanilla", 150);
    let b = g.spawn("t-bers", 0, Zone::Front);
    let wall = g.spawn("t-wall", 1, Zone::Front);
    g.goto_main();
    apply(&mut g, Action::Attack { attacker: b });
    apply(&mut g, Action::Defender { card: wall });
    assert_eq!(g.card(b).plus(), 1);
    assert_eq!(g.stats(b), (3, 3));
    pass_window(&mut g);
    assert!(
        !g.card(wall).face_up(),
        "3 ATK with the counter stuns the 3 DEF Wall"
    );
}

#[test]
fn select_keyword_powers_p31_creature_cant_have_equipment_and_cant_be_turned_off() {
    let mut g = started(equipment_db(vec![]), "t-vanilla", 151);
    let jet = g.spawn("t-jet", 0, Zone::Hand);
    let drone = g.spawn("t-drone", 0, Zone::Front);
    to_recruit(&mut g, 1);
    assert!(!legal(
        &g,
        &Action::PlayEquipment {
            card: jet,
            on: drone
        }
    ));
    g.add_modifier(drone, ModKind::LosePowers, Duration::ThisTurn, drone);
    assert!(
        g.has_keyword(drone, Keyword::Creature),
        "Creature can't be turned off"
    );
    assert!(!legal(
        &g,
        &Action::PlayEquipment {
            card: jet,
            on: drone
        }
    ));
}

#[test]
fn select_keyword_powers_p31_dodge_cant_be_ranged_attacked() {
    let db = db(vec![
        kw("t-dodge", "Dodger", 1, 2, Keyword::Dodge),
        kw("t-arch", "Archer", 2, 2, Keyword::Ranged),
    ]);
    let mut g = started(db, "t-vanilla", 152);
    let dodger = g.spawn("t-dodge", 1, Zone::Front);
    let archer = g.spawn("t-arch", 0, Zone::Back);
    let m0 = g.players()[0].main();
    let m1 = g.players()[1].main();
    assert!(!g.legal_defenders(&[archer]).contains(&dodger));
    assert!(g.legal_defenders(&[archer]).contains(&m1));
    assert!(
        g.legal_defenders(&[m0]).contains(&dodger),
        "a melee attack is fine"
    );
}

fn ferocious_db() -> Arc<CardDb> {
    db(vec![
        kw("t-fer-a", "Biter", 3, 2, Keyword::Ferocious),
        kw("t-fer-d", "Snapper", 3, 3, Keyword::Ferocious),
        character("t-plain-a", "Plodder", 3, 2, 3, Team::Avengers),
        character("t-plain-d", "Stander", 3, 3, 3, Team::Villains),
    ])
}

fn ferocious_fight(seed: u64, attacker: &str, defender: &str) -> (GameState, CardId, CardId) {
    let mut g = started(ferocious_db(), "t-vanilla", seed);
    let a = g.spawn(attacker, 0, Zone::Front);
    let d = g.spawn(defender, 1, Zone::Front);
    g.goto_main();
    apply(&mut g, Action::Attack { attacker: a });
    apply(&mut g, Action::Defender { card: d });
    pass_window(&mut g);
    (g, a, d)
}

#[test]
fn select_keyword_powers_p31_ferocious_solo_attacker_strikes_first_and_the_stunned_defender_never_strikes(
) {
    let (g, a, d) = ferocious_fight(153, "t-fer-a", "t-plain-d");
    assert!(!g.card(d).face_up(), "3 ATK stuns 3 DEF first");
    assert!(
        g.card(a).face_up(),
        "the stunned defender never struck back (it would have: 3 ≥ 2)"
    );
}

#[test]
fn select_keyword_powers_p31_ferocious_solo_defender_strikes_first() {
    let (g, a, d) = ferocious_fight(154, "t-plain-a", "t-fer-d");
    assert!(!g.card(a).face_up());
    assert!(
        g.card(d).face_up(),
        "the stunned attacker never struck (it would have: 3 ≥ 3)"
    );
}

#[test]
fn select_keyword_powers_p31_ferocious_on_both_sides_strikes_simultaneously() {
    let (g, a, d) = ferocious_fight(155, "t-fer-a", "t-fer-d");
    assert!(!g.card(a).face_up() && !g.card(d).face_up());
}

#[test]
fn select_keyword_powers_p31_hex_enemies_gain_xp_but_cant_level_up() {
    let db = db(vec![
        leveler("t-lv1", "Leveler", 1, 2, 5, 2, "t-lv2"),
        leveler("t-lv2", "Leveler", 2, 6, 8, 2, "t-lv1"),
        kw("t-hex", "Witch", 1, 3, Keyword::Hex),
    ]);
    let mut g = started_main(db, 0, "t-lv1", 156);
    let hex = g.spawn("t-hex", 1, Zone::Back);
    let m = g.players()[0].main();
    g.set_xp(m, 2);
    apply(&mut g, Action::Pass);
    assert_eq!(g.def(m).level(), 1, "Hex: no level up");
    assert_eq!(g.card(m).xp(), 2, "the XP stays");
    g.ko(hex, None);
    apply(&mut g, Action::Pass);
    assert_eq!(g.def(m).level(), 2);
}

#[test]
fn select_keyword_powers_p31_inspire_puts_a_counter_on_another_character_appearing_on_your_side() {
    let db = db(vec![kw("t-insp", "Captain", 1, 1, Keyword::Inspire)]);
    let mut g = started(db, "t-vanilla", 157);
    let insp = g.spawn("t-insp", 0, Zone::Front);
    to_recruit(&mut g, 1);
    let v = vanilla_in_hand(&g, 0);
    apply(
        &mut g,
        Action::Recruit {
            card: v,
            row: Row::Front,
        },
    );
    assert_eq!(g.card(v).plus(), 1);
    assert_eq!(g.card(insp).plus(), 0);
}

#[test]
fn select_keyword_powers_p31_leader_the_attacking_player_chooses_the_strike_back_target() {
    let db = db(vec![
        kw("t-lead", "Boss", 2, 4, Keyword::Leader),
        character("t-six", "Six", 6, 6, 3, Team::Villains),
    ]);
    let mut g = started(db, "t-vanilla", 158);
    let boss = g.spawn("t-lead", 0, Zone::Front);
    let grunt = g.spawn("t-vanilla", 0, Zone::Front);
    let six = g.spawn("t-six", 1, Zone::Front);
    g.goto_main();
    apply(&mut g, Action::Attack { attacker: boss });
    apply(&mut g, Action::AddAttacker { card: grunt });
    apply(&mut g, Action::Defender { card: six });
    pass_window(&mut g);
    assert_eq!(
        g.pending(),
        Pending::StrikeBack {
            seat: 0,
            ferocious: false
        }
    );
    apply(&mut g, Action::StrikeBackAt { card: grunt });
    assert_eq!(g.card(grunt).zone(), Zone::KoPile);
    assert!(g.card(boss).face_up());
}

#[test]
fn select_keyword_powers_p31_leap_has_flight_only_during_your_turn() {
    let db = db(vec![
        kw("t-leap", "Leaper", 2, 2, Keyword::Leap),
        kw("t-fly", "Flyer", 2, 2, Keyword::Flight),
        character("t-guard", "Guard", 1, 1, 3, Team::Villains),
    ]);
    let mut g = started(db, "t-vanilla", 159);
    let leaper = g.spawn("t-leap", 0, Zone::Front);
    let m0 = g.players()[0].main();
    g.move_row(m0, Row::Back);
    let m1 = g.players()[1].main();
    g.move_row(m1, Row::Back);
    g.spawn("t-guard", 1, Zone::Front);
    let flyer = g.spawn("t-fly", 1, Zone::Front);
    g.stun(flyer, None, false); // keep the enemy flyer from blocking us
    assert!(g.has_keyword(leaper, Keyword::Flight));
    assert!(g.legal_defenders(&[leaper]).contains(&m1));
    next_turn(&mut g);
    assert_eq!(g.turn_seat(), 1);
    assert!(
        !g.has_keyword(leaper, Keyword::Flight),
        "not on the opponent's turn"
    );
    assert!(g.card(flyer).face_up());
    assert!(
        g.legal_defenders(&[flyer]).contains(&m0),
        "so it doesn't block their flyer"
    );
}

#[test]
fn select_keyword_powers_p31_monstrous_strikes_back_at_each_melee_team_attacker() {
    let db = db(vec![
        with_keyword(
            character("t-mon", "Monster", 3, 5, 3, Team::Villains),
            Keyword::Monstrous,
        ),
        character("t-v2", "Second", 2, 2, 3, Team::Avengers),
    ]);
    let mut g = started(db, "t-vanilla", 160);
    let a = g.spawn("t-vanilla", 0, Zone::Front);
    let b = g.spawn("t-v2", 0, Zone::Front);
    let mon = g.spawn("t-mon", 1, Zone::Front);
    g.goto_main();
    apply(&mut g, Action::Attack { attacker: a });
    apply(&mut g, Action::AddAttacker { card: b });
    apply(&mut g, Action::Defender { card: mon });
    pass_window(&mut g);
    assert!(g.combat().is_none(), "no strike-back choice was asked");
    assert_eq!(
        g.card(a).zone(),
        Zone::KoPile,
        "the 2/2 with 1 health was struck and KO'd"
    );
    assert!(!g.card(b).face_up(), "both attackers were struck");
    assert!(g.card(mon).face_up(), "4 ATK < 5 DEF");
}

#[test]
fn select_keyword_powers_p31_schemer_may_draw_on_the_first_plot_twist_each_turn() {
    let db = db(vec![
        kw("t-schemer", "Schemer", 1, 1, Keyword::Schemer),
        plot_twist("t-nothing", "Bluff", Timing::Main, vec![]),
    ]);
    let mut g = started(db, "t-vanilla", 161);
    g.spawn("t-schemer", 0, Zone::Back);
    let p1 = g.spawn("t-nothing", 0, Zone::Hand);
    let p2 = g.spawn("t-nothing", 0, Zone::Hand);
    g.goto_main();
    let hand = g.players()[0].hand().len();
    apply(&mut g, Action::PlayPlotTwist { card: p1 });
    assert_eq!(g.pending(), Pending::Effect { seat: 0 });
    assert_eq!(g.legal_actions(), vec![Action::Yes, Action::No]);
    apply(&mut g, Action::Yes);
    assert_eq!(g.players()[0].hand().len(), hand);
    apply(&mut g, Action::PlayPlotTwist { card: p2 });
    assert_eq!(
        g.pending(),
        Pending::Act { seat: 0 },
        "not on the second plot twist"
    );
    assert_eq!(g.players()[0].hand().len(), hand - 1);
}

#[test]
fn select_keyword_powers_p31_shrink_cancels_only_the_first_attack_each_turn() {
    let db = db(vec![
        kw("t-shrink", "Ant", 1, 3, Keyword::Shrink),
        character("t-v2", "Second", 3, 3, 3, Team::Avengers),
    ]);
    let mut g = started(db, "t-vanilla", 162);
    let ant = g.spawn("t-shrink", 1, Zone::Front);
    let a = g.spawn("t-vanilla", 0, Zone::Front);
    let b = g.spawn("t-v2", 0, Zone::Front);
    g.goto_main();
    apply(&mut g, Action::Attack { attacker: a });
    apply(&mut g, Action::Defender { card: ant });
    assert_eq!(g.pending(), Pending::Effect { seat: 1 });
    apply(&mut g, Action::Yes);
    assert!(g.combat().is_none(), "the attack is cancelled");
    assert!(g.card(a).exhausted(), "cancelled attackers don't ready");
    assert!(
        g.card(a).face_up() && g.card(ant).face_up(),
        "nobody is stunned"
    );
    apply(&mut g, Action::Attack { attacker: b });
    apply(&mut g, Action::Defender { card: ant });
    assert_eq!(
        g.pending(),
        Pending::Act { seat: 0 },
        "the second attack goes ahead"
    );
    pass_window(&mut g);
    assert!(!g.card(ant).face_up());
}

#[test]
fn select_keyword_powers_p31_shrink_2pcg_016_two_copies_still_cancel_only_one_attack() {
    let ant = with_keyword(
        kw("t-shrink2", "Ant", 1, 3, Keyword::Shrink),
        Keyword::Shrink,
    );
    let db = db(vec![
        ant,
        character("t-v2", "Second", 3, 3, 3, Team::Avengers),
    ]);
    let mut g = started(db, "t-vanilla", 163);
    let ant = g.spawn("t-shrink2", 1, Zone::Front);
    let a = g.spawn("t-vanilla", 0, Zone::Front);
    let b = g.spawn("t-v2", 0, Zone::Front);
    g.goto_main();
    apply(&mut g, Action::Attack { attacker: a });
    apply(&mut g, Action::Defender { card: ant });
    // Both copies trigger; the turn player orders them.
    assert_eq!(g.pending(), Pending::OrderTriggers { seat: 0 });
    apply(&mut g, Action::OrderTrigger { index: 0 });
    assert_eq!(g.pending(), Pending::Effect { seat: 1 });
    apply(&mut g, Action::Yes);
    // The second copy resolves and does nothing: there is no combat to cancel.
    assert_eq!(g.pending(), Pending::Act { seat: 0 });
    assert!(g.combat().is_none());
    apply(&mut g, Action::Attack { attacker: b });
    apply(&mut g, Action::Defender { card: ant });
    assert_eq!(
        g.pending(),
        Pending::Act { seat: 0 },
        "no second cancellation this turn"
    );
    assert!(g.combat().is_some());
}

#[test]
fn select_keyword_powers_p31_shrink_declining_still_uses_up_the_first_attack() {
    let db = db(vec![
        kw("t-shrink", "Ant", 1, 3, Keyword::Shrink),
        character("t-v2", "Second", 3, 3, 3, Team::Avengers),
    ]);
    let mut g = started(db, "t-vanilla", 169);
    let ant = g.spawn("t-shrink", 1, Zone::Front);
    let a = g.spawn("t-vanilla", 0, Zone::Front);
    let b = g.spawn("t-v2", 0, Zone::Front);
    g.goto_main();
    apply(&mut g, Action::Attack { attacker: a });
    apply(&mut g, Action::Defender { card: ant });
    assert_eq!(g.pending(), Pending::Effect { seat: 1 });
    apply(&mut g, Action::No);
    assert!(g.combat().is_some(), "declined: the attack goes on");
    pass_window(&mut g);
    apply(&mut g, Action::Attack { attacker: b });
    apply(&mut g, Action::Defender { card: ant });
    assert_eq!(
        g.pending(),
        Pending::Act { seat: 0 },
        "the second attack can't be cancelled"
    );
}

#[test]
fn select_keyword_powers_p31_swarm_cant_be_turned_off() {
    let db = db(vec![with_keyword(
        character("t-drone", "Drone", 1, 1, 2, Team::Xenomorphs),
        Keyword::Swarm,
    )]);
    let mut g = started(db, "t-vanilla", 175);
    let d1 = g.spawn("t-drone", 0, Zone::Front);
    let d2 = g.spawn("t-drone", 0, Zone::Hand);
    g.add_modifier(d1, ModKind::LosePowers, Duration::ThisTurn, d1);
    assert!(g.has_keyword(d1, Keyword::Swarm));
    to_recruit(&mut g, 1);
    apply(
        &mut g,
        Action::Recruit {
            card: d2,
            row: Row::Back,
        },
    );
    assert!(g.is_character_in_play(d1) && g.is_character_in_play(d2));
}

#[test]
fn select_keyword_powers_p31_symbiosis_keeps_and_gains_plus_counters_while_stunned() {
    let db = db(vec![
        kw("t-sym", "Symbiote", 2, 2, Keyword::Symbiosis),
        character("t-plain", "Plain", 2, 2, 3, Team::Avengers),
    ]);
    let mut g = started(db, "t-vanilla", 164);
    let s = g.spawn("t-sym", 0, Zone::Front);
    let p = g.spawn("t-plain", 0, Zone::Front);
    g.add_plus(s, 2);
    g.add_plus(p, 2);
    g.stun(s, None, true);
    g.stun(p, None, true);
    assert_eq!(g.card(s).plus(), 2);
    assert_eq!(g.card(p).plus(), 0);
    g.add_plus(s, 1);
    g.add_plus(p, 1);
    assert_eq!(g.card(s).plus(), 3);
    assert_eq!(g.card(p).plus(), 0);
}

#[test]
fn select_keyword_powers_p31_tough_may_recover_when_stunned_but_keeps_the_wound() {
    let db = db(vec![kw("t-tough", "Rock", 1, 2, Keyword::Tough)]);
    let mut g = started(db, "t-vanilla", 165);
    let rock = g.spawn("t-tough", 1, Zone::Front);
    g.goto_main();
    let m0 = g.players()[0].main();
    apply(&mut g, Action::Attack { attacker: m0 });
    apply(&mut g, Action::Defender { card: rock });
    pass_window(&mut g);
    assert_eq!(g.pending(), Pending::Effect { seat: 1 });
    apply(&mut g, Action::Yes);
    assert!(g.card(rock).face_up());
    assert!(g.card(rock).exhausted());
    assert_eq!(g.card(rock).wounds(), 1);
}

#[test]
fn select_keyword_powers_p31_waking_nightmare_enemy_minus_counters_stay_through_a_stun() {
    let db = db(vec![
        kw("t-wn", "Nightmare", 1, 1, Keyword::WakingNightmare),
        character("t-victim", "Victim", 2, 4, 3, Team::Villains),
    ]);
    let mut g = started(db, "t-vanilla", 166);
    g.spawn("t-wn", 0, Zone::Back);
    let victim = g.spawn("t-victim", 1, Zone::Front);
    let own = g.spawn("t-victim", 0, Zone::Front);
    g.add_minus(victim, 1, None);
    g.add_minus(own, 1, None);
    g.stun(victim, None, true);
    g.stun(own, None, true);
    assert_eq!(
        g.card(victim).minus(),
        1,
        "an enemy keeps its -1/-1 counters"
    );
    assert_eq!(
        g.card(own).minus(),
        0,
        "Waking Nightmare only affects enemies"
    );
    g.add_minus(victim, 1, None);
    assert_eq!(g.card(victim).minus(), 2, "and gains them while stunned");
}

#[test]
fn declare_a_combat_p10_stealth_melee_attacks_a_protected_back_row_character() {
    let db = db(vec![
        kw("t-sneak", "Sneak", 2, 2, Keyword::Stealth),
        with_keyword(
            kw("t-snipe", "Sniper", 2, 2, Keyword::Stealth),
            Keyword::Ranged,
        ),
        character("t-guard", "Guard", 1, 1, 3, Team::Villains),
    ]);
    let mut g = started(db, "t-vanilla", 167);
    let sneak = g.spawn("t-sneak", 0, Zone::Front);
    let sniper = g.spawn("t-snipe", 0, Zone::Back);
    let plain = g.spawn("t-vanilla", 0, Zone::Front);
    let m1 = g.players()[1].main();
    g.move_row(m1, Row::Back);
    g.spawn("t-guard", 1, Zone::Front);
    assert!(g.is_protected(m1));
    assert!(g.legal_defenders(&[sneak]).contains(&m1));
    assert!(!g.legal_defenders(&[plain]).contains(&m1));
    assert!(
        !g.legal_defenders(&[sniper]).contains(&m1),
        "Stealth is for melee attacks"
    );
    assert!(
        !g.legal_defenders(&[sneak, plain]).contains(&m1),
        "each team attacker must be able to"
    );
}

#[test]
fn copying_powers_p20_2pcg_017_mobile_moves_at_most_once_per_turn_even_with_two_copies() {
    let db = db(vec![
        with_keyword(
            kw("t-mob", "Runner", 2, 2, Keyword::Mobile),
            Keyword::Mobile,
        ),
        kw("t-mob1", "Jogger", 2, 2, Keyword::Mobile),
    ]);
    let mut g = started(db, "t-vanilla", 168);
    let r = g.spawn("t-mob", 0, Zone::Front);
    let j = g.spawn("t-mob1", 0, Zone::Back);
    assert!(
        !legal(
            &g,
            &Action::Move {
                card: r,
                row: Row::Back
            }
        ),
        "Mobile is a Main Phase move"
    );
    g.goto_main();
    apply(
        &mut g,
        Action::Move {
            card: r,
            row: Row::Back,
        },
    );
    assert_eq!(g.row_of(r), Some(Row::Back));
    refuse(
        &mut g,
        Action::Move {
            card: r,
            row: Row::Front,
        },
    );
    // Not during combat.
    let m0 = g.players()[0].main();
    let m1 = g.players()[1].main();
    apply(&mut g, Action::Attack { attacker: m0 });
    apply(&mut g, Action::Defender { card: m1 });
    assert!(!legal(
        &g,
        &Action::Move {
            card: j,
            row: Row::Front
        }
    ));
    pass_window(&mut g);
    apply(
        &mut g,
        Action::Move {
            card: j,
            row: Row::Front,
        },
    );
    // Next turn of ours it may move again.
    next_turn(&mut g);
    next_turn(&mut g);
    g.goto_main();
    apply(
        &mut g,
        Action::Move {
            card: r,
            row: Row::Front,
        },
    );
}

// ---------------------------------------------------------------------------
// Ending the Game (p.13), Free for All (p.27), 2 vs 2 (p.27)
// ---------------------------------------------------------------------------

#[test]
fn ending_the_game_p13_the_final_two_main_characters_kod_at_once_the_turn_player_wins() {
    let mut g = started(db(vec![]), "t-vanilla", 170);
    g.goto_main();
    let (m0, m1) = (g.players()[0].main(), g.players()[1].main());
    for m in [m0, m1] {
        g.set_wounds(m, 4);
        g.add_modifier(m, ModKind::Stats { atk: 4, def: 0 }, Duration::ThisTurn, m);
    }
    apply(&mut g, Action::Attack { attacker: m0 });
    apply(&mut g, Action::Defender { card: m1 });
    pass_window(&mut g);
    assert_eq!(g.card(m0).zone(), Zone::KoPile);
    assert_eq!(g.card(m1).zone(), Zone::KoPile);
    assert_eq!(g.outcome(), Some(Outcome::Win(vec![0])));
}

#[test]
fn ending_the_game_p13_you_lose_if_an_opponent_controls_your_main_character_at_the_start_of_your_turn(
) {
    let db = db(vec![main_character(
        "t-villain",
        "Big Bad",
        1,
        2,
        5,
        Team::Villains,
    )]);
    let mut g = started_main(db, 1, "t-villain", 171);
    let m1 = g.players()[1].main();
    g.change_side(m1, 0, Row::Front);
    next_turn(&mut g);
    assert_eq!(g.outcome(), Some(Outcome::Win(vec![0])));
}

fn ffa(seed: u64) -> GameState {
    started_with(
        db(vec![character("t-hulk", "Hulk", 9, 9, 5, Team::Avengers)]),
        &setup_n(Variant::FreeForAll, 3, "t-mc1", "t-vanilla"),
        seed,
    )
}

#[test]
fn free_for_all_p27_first_player_draws_none_and_the_second_draws_one() {
    let mut g = ffa(180);
    assert_eq!(g.turn_seat(), 0);
    assert_eq!(g.players()[0].hand().len(), 7);
    next_turn(&mut g);
    assert_eq!(g.turn_seat(), 1);
    assert_eq!(g.players()[1].hand().len(), 8);
    next_turn(&mut g);
    assert_eq!(g.turn_seat(), 2);
    assert_eq!(g.players()[2].hand().len(), 9);
}

#[test]
fn free_for_all_p27_you_may_attack_any_opponent_and_every_player_gets_the_combat_window() {
    let mut g = ffa(181);
    g.goto_main();
    let m: Vec<CardId> = (0..3).map(|s| g.players()[s].main()).collect();
    let defenders = g.legal_defenders(&[m[0]]);
    assert!(defenders.contains(&m[1]) && defenders.contains(&m[2]));
    apply(&mut g, Action::Attack { attacker: m[0] });
    apply(&mut g, Action::Defender { card: m[2] });
    let mut seats = vec![];
    while g.combat().is_some() {
        seats.push(g.pending_seat().unwrap());
        apply(&mut g, Action::Pass);
    }
    assert_eq!(
        seats,
        vec![0, 1, 2],
        "from the attacker, going left; all must pass"
    );
}

#[test]
fn free_for_all_p27_a_kod_players_cards_are_removed_from_the_game_and_play_goes_on() {
    let mut g = ffa(182);
    let hulk = g.spawn("t-hulk", 0, Zone::Front);
    let m2 = g.players()[2].main();
    g.set_wounds(m2, 4);
    let side = g.spawn("t-vanilla", 2, Zone::Back);
    g.goto_main();
    apply(&mut g, Action::Attack { attacker: hulk });
    apply(&mut g, Action::Defender { card: m2 });
    pass_window(&mut g);
    assert!(g.players()[2].out());
    assert!(g.outcome().is_none(), "two players are still in");
    for c in 0..g.cards().len() as CardId {
        if g.card(c).owner() == 2 {
            assert_eq!(
                g.card(c).zone(),
                Zone::Removed,
                "{} of the KO'd player",
                g.name(c)
            );
        }
    }
    assert!(g.players()[2].ko_pile().is_empty(), "removed, not KO'd");
    assert_eq!(g.card(side).zone(), Zone::Removed);
    next_turn(&mut g);
    assert_eq!(g.turn_seat(), 1);
    next_turn(&mut g);
    assert_eq!(g.turn_seat(), 0, "the KO'd player's turns are skipped");
}

#[test]
fn ending_the_game_p13_free_for_all_a_kod_players_borrowed_character_returns_and_its_turn_ends() {
    let db = db(vec![
        character("t-hulk", "Hulk", 9, 9, 5, Team::Avengers),
        character("t-brute", "Brute", 3, 3, 2, Team::Villains),
        plot_twist(
            "t-mc",
            "Mind Control",
            Timing::Main,
            vec![
                choose(Filter {
                    side: SideFilter::Enemy,
                    kind: KindFilter::Supporting,
                    ..Filter::default()
                }),
                Step::MindControl(MindControl {
                    who: Who::Chosen(0),
                    to_row_choice: false,
                }),
            ],
        ),
    ]);
    let mut g = started_with(
        db,
        &setup_n(Variant::FreeForAll, 3, "t-mc1", "t-vanilla"),
        183,
    );
    next_turn(&mut g);
    next_turn(&mut g);
    assert_eq!(g.turn_seat(), 2);
    g.goto_main();
    let hulk = g.spawn("t-hulk", 0, Zone::Front);
    let brute = g.spawn("t-brute", 1, Zone::Front);
    let mc = g.spawn("t-mc", 2, Zone::Hand);
    apply(&mut g, Action::PlayPlotTwist { card: mc });
    apply(&mut g, Action::Choose { card: brute });
    apply(&mut g, Action::ChooseRow { row: Row::Back });
    assert_eq!(g.card(brute).controller(), 2);
    // Seat 2's wounded main character attacks the Hulk and is KO'd.
    let m2 = g.players()[2].main();
    g.set_wounds(m2, 4);
    apply(&mut g, Action::Attack { attacker: m2 });
    apply(&mut g, Action::Defender { card: hulk });
    pass_window(&mut g);
    assert!(g.players()[2].out());
    assert_eq!(
        g.card(brute).controller(),
        1,
        "a borrowed character goes back to the side it came from"
    );
    assert!(g.players()[1].front().contains(&brute));
    assert_ne!(
        g.pending_seat(),
        Some(2),
        "a player who is out makes no more decisions"
    );
    assert_eq!(g.turn_seat(), 0, "its turn ended");
    assert!(g.outcome().is_none());
}

fn two_vs_two(seed: u64) -> GameState {
    started_with(
        db(vec![]),
        &setup_n(Variant::TwoVsTwo, 4, "t-mc1", "t-vanilla"),
        seed,
    )
}

#[test]
fn two_vs_two_p27_you_cant_attack_your_teammate_and_the_second_player_draws_one() {
    let mut g = two_vs_two(190);
    g.goto_main();
    let m: Vec<CardId> = (0..4).map(|s| g.players()[s].main()).collect();
    let defenders = g.legal_defenders(&[m[0]]);
    assert!(defenders.contains(&m[1]) && defenders.contains(&m[3]));
    assert!(!defenders.contains(&m[2]), "seat 2 is our teammate");
    next_turn(&mut g);
    assert_eq!(g.turn_seat(), 1);
    assert_eq!(g.players()[1].hand().len(), 8);
}

#[test]
fn two_vs_two_p27_both_enemy_main_characters_must_fall() {
    let mut g = two_vs_two(191);
    let (m1, m3) = (g.players()[1].main(), g.players()[3].main());
    g.wound(m1, 5, None, false);
    g.settle();
    assert!(g.players()[1].out());
    assert!(g.outcome().is_none(), "one enemy main character left");
    g.wound(m3, 5, None, false);
    g.settle();
    assert_eq!(g.outcome(), Some(Outcome::Win(vec![0, 2])));
}

// ---------------------------------------------------------------------------
// Deck Building Rules (p.28)
// ---------------------------------------------------------------------------

fn deck_db() -> Arc<CardDb> {
    let mut cards: Vec<CardDef> = (1..=15)
        .map(|i| {
            character(
                &format!("f-{i:02}"),
                &format!("Filler {i}"),
                1,
                1,
                1,
                Team::Avengers,
            )
        })
        .collect();
    cards.push(with_keyword(
        character("t-unique", "The One", 3, 3, 3, Team::Avengers),
        Keyword::OneOfAKind,
    ));
    cards.push(with_keyword(
        character("t-legion", "Hand Ninja", 1, 1, 1, Team::Avengers),
        Keyword::Legion,
    ));
    cards.push(with_keyword(
        character("t-loyal", "Loyal Mutant", 2, 2, 2, Team::XMen),
        Keyword::Loyalty,
    ));
    cards.push(character("t-xfill", "X Filler", 1, 1, 1, Team::XMen));
    cards.push(main_character("t-xmain", "Professor", 1, 2, 5, Team::XMen));
    db(cards)
}

/// `main t-mc1`, then 4 copies each of fillers 1..=n, then `tail` lines.
fn deck_src(main: &str, fillers: usize, tail: &str) -> String {
    let mut s = format!("# a test deck\nmain {main}\n");
    for i in 1..=fillers {
        s += &format!("4 f-{i:02}\n");
    }
    s += tail;
    s
}

fn deck_errors(src: &str) -> Vec<deck::DeckError> {
    let d = deck::parse("test.deck", "test", src).expect("parses");
    deck::check("test.deck", &d, &deck_db())
}

#[test]
fn deck_building_rules_p28_a_legal_deck_has_exactly_60_cards_besides_the_main_character() {
    assert_eq!(deck_errors(&deck_src("t-mc1", 15, "")), vec![]);
    let short = deck_src("t-mc1", 14, "3 f-15\n");
    let errs = deck_errors(&short);
    assert_eq!(errs.len(), 1, "{errs:?}");
    assert!(
        errs[0].message.contains("exactly 60"),
        "{}",
        errs[0].message
    );
    assert_eq!(errs[0].line, 17, "reported on the last entry");
    let long = deck_src("t-mc1", 15, "1 t-unique\n");
    assert!(deck_errors(&long)
        .iter()
        .any(|e| e.message.contains("this one has 61")));
}

#[test]
fn deck_building_rules_p28_at_most_four_copies_counted_across_lines() {
    // Fillers 1..=14 (56 cards), then f-15 split 3 + 2 over two lines: 5 copies, 61 cards.
    let src = deck_src("t-mc1", 14, "3 f-15\n2 f-15\n");
    let errs = deck_errors(&src);
    let copies: Vec<_> = errs
        .iter()
        .filter(|e| e.message.contains("at most 4"))
        .collect();
    assert_eq!(copies.len(), 1, "{errs:?}");
    assert_eq!(copies[0].line, 17, "reported on the card's first line");
    assert!(copies[0].message.contains("5 copies of Filler 15"));
}

#[test]
fn deck_building_rules_p28_one_of_a_kind_and_legion_change_the_copy_limit() {
    // 13 fillers (52) + 8 Legion = 60: legal.
    assert_eq!(deck_errors(&deck_src("t-mc1", 13, "8 t-legion\n")), vec![]);
    // Two copies of a One of a Kind card are too many.
    let errs = deck_errors(&deck_src("t-mc1", 13, "6 t-legion\n2 t-unique\n"));
    assert_eq!(errs.len(), 1, "{errs:?}");
    assert_eq!(errs[0].line, 17);
    assert!(errs[0].message.contains("at most 1"));
    let errs = deck_errors(&deck_src("t-mc1", 12, "9 t-legion\n3 f-13\n"));
    assert!(
        errs.iter()
            .any(|e| e.line == 15 && e.message.contains("at most 8")),
        "{errs:?}"
    );
}

#[test]
fn deck_building_rules_p28_loyalty_every_affiliated_card_and_the_main_character_share_its_team() {
    // An X-Men main character with a Loyalty X-Men card and only X-Men characters: legal.
    let mut src = String::from("main t-xmain\n4 t-loyal\n");
    for _ in 0..14 {
        src += "4 t-xfill\n";
    }
    let d = deck::parse("x.deck", "x", &src).unwrap();
    let errs = deck::check("x.deck", &d, &deck_db());
    // 14 lines of the same card are merged: too many copies, but no Loyalty error.
    assert!(
        errs.iter().all(|e| !e.message.contains("Loyalty")),
        "{errs:?}"
    );
    // An Avengers main character and Avengers fillers break the Loyalty card's rule.
    let errs = deck_errors(&deck_src("t-mc1", 14, "4 t-loyal\n"));
    let loyalty: Vec<u32> = errs
        .iter()
        .filter(|e| e.message.contains("Loyalty"))
        .map(|e| e.line)
        .collect();
    assert!(loyalty.contains(&2), "the main character's line: {errs:?}");
    assert!(loyalty.contains(&3), "an Avengers card's line: {errs:?}");
    assert!(!loyalty.contains(&17), "the Loyalty card itself is fine");
}

#[test]
fn deck_building_rules_p28_parse_and_check_errors_carry_their_line_number() {
    let e = deck::parse("bad.deck", "bad", "main t-mc1\n\n0 f-01\n").unwrap_err();
    assert_eq!((e.file.as_str(), e.line), ("bad.deck", 3));
    let e = deck::parse("bad.deck", "bad", "# no main\n4 f-01\n").unwrap_err();
    assert_eq!(e.line, 1);
    let e = deck::parse("bad.deck", "bad", "main t-mc1\nmain t-mc1\n").unwrap_err();
    assert_eq!(e.line, 2);
    let errs = deck_errors(&deck_src("t-mc1", 14, "4 no-such-card\n"));
    assert!(
        errs.iter()
            .any(|e| e.line == 17 && e.message.contains("unknown card")),
        "{errs:?}"
    );
    let errs = deck_errors(&deck_src("t-mc2", 15, ""));
    assert!(
        errs.iter()
            .any(|e| e.line == 2 && e.message.contains("not a level 1")),
        "{errs:?}"
    );
    let errs = deck_errors(&deck_src("t-mc1", 14, "4 t-mc1\n"));
    assert!(
        errs.iter()
            .any(|e| e.line == 17 && e.message.contains("main character")),
        "{errs:?}"
    );
}

// ---------------------------------------------------------------------------
// Decisions: anything not offered is refused and changes nothing
// ---------------------------------------------------------------------------

fn fuzz_db() -> Arc<CardDb> {
    let mut cards = vec![
        with_keyword(
            character("r-fly", "Flyer", 3, 3, 2, Team::Avengers),
            Keyword::Flight,
        ),
        with_keyword(
            character("r-arch", "Archer", 2, 2, 1, Team::Avengers),
            Keyword::Ranged,
        ),
        with_keyword(
            character("r-fer", "Biter", 3, 2, 2, Team::Villains),
            Keyword::Ferocious,
        ),
        with_keyword(
            character("r-lead", "Boss", 2, 4, 2, Team::Villains),
            Keyword::Leader,
        ),
        with_keyword(
            character("r-shrink", "Ant", 1, 3, 2, Team::Avengers),
            Keyword::Shrink,
        ),
        with_keyword(
            character("r-tough", "Rock", 2, 3, 2, Team::Villains),
            Keyword::Tough,
        ),
        with_power(
            character("r-aim", "Marksman", 2, 2, 2, Team::Villains),
            super_power(
                "Aim",
                Timing::Main,
                vec![Symbol::Might],
                vec![
                    choose(Filter {
                        side: SideFilter::Enemy,
                        kind: KindFilter::Supporting,
                        ..Filter::default()
                    }),
                    Step::Wound(Wound {
                        who: Who::Chosen(0),
                        n: fixed(1),
                    }),
                ],
            ),
        ),
        with_power(
            character("r-skin", "Stone", 2, 3, 2, Team::Avengers),
            super_power(
                "Skin",
                any_turn(),
                vec![Symbol::Might, Symbol::Might],
                vec![modify(Who::This, 0, 3, Duration::ThisCombat)],
            ),
        ),
        with_power(
            character("r-she", "Objector", 2, 3, 2, Team::Avengers),
            reaction_power(
                "Objection!",
                TriggerOn::EnemyUsesSuperPower,
                vec![Symbol::Might],
                vec![Step::CancelSuperPower(CancelSuperPower)],
            ),
        ),
        equipment(
            "r-jet",
            "Jet Pack",
            1,
            None,
            vec![static_power(
                "Jets",
                None,
                Static::GrantKeyword(Keyword::Flight),
            )],
        ),
        plot_twist(
            "r-pt",
            "Pep Talk",
            any_turn(),
            vec![
                choose(role(RoleFilter::InCombat)),
                modify(Who::Chosen(0), 2, 2, Duration::ThisCombat),
            ],
        ),
        plot_twist(
            "r-shove",
            "Shove",
            Timing::Main,
            vec![
                choose(enemy()),
                Step::MoveRow(MoveRow {
                    who: Who::Chosen(0),
                }),
            ],
        ),
        plot_twist(
            "r-plan",
            "Plan",
            Timing::Build,
            vec![
                Step::Discard(Discard {
                    player: PlayerWho::You,
                    n: fixed(1),
                }),
                draw(2),
            ],
        ),
    ];
    for (i, c) in cards.iter_mut().enumerate() {
        if c.kind == CardKind::Supporting {
            c.cost = Some(1 + (i as u8 % 3));
        }
    }
    db(cards)
}

/// Actions built around the state: most are illegal now; some are legal.
fn candidate_actions(g: &GameState, rng: &mut GameRng) -> Vec<Action> {
    let mut v = vec![
        Action::Pass,
        Action::Yes,
        Action::No,
        Action::GoFirst(true),
        Action::GoFirst(false),
        Action::PlaceMain(Row::Front),
        Action::Mulligan(true),
        Action::ChooseRow { row: Row::Back },
    ];
    for s in 0..3 {
        v.push(Action::ChoosePlayer { seat: s });
        v.push(Action::OrderTrigger { index: s as u8 });
    }
    let n = g.cards().len();
    for _ in 0..8 {
        let c = rng.below(n) as CardId;
        let o = rng.below(n) as CardId;
        v.extend([
            Action::Choose { card: c },
            Action::Recruit {
                card: c,
                row: Row::Front,
            },
            Action::PlayResource {
                card: c,
                face_up: true,
            },
            Action::PlayPlotTwist { card: c },
            Action::PlayEquipment { card: c, on: o },
            Action::PowerUp {
                discard: c,
                target: o,
            },
            Action::Move {
                card: c,
                row: Row::Front,
            },
            Action::Attack { attacker: c },
            Action::AddAttacker { card: c },
            Action::Defender { card: c },
            Action::StrikeBackAt { card: c },
            Action::UsePower {
                card: c,
                power: 0,
                payment: vec![Pay::Flip(o)],
            },
        ]);
    }
    // Variations of the legal Super Power uses: other locations, other ways to pay.
    for a in g.legal_actions() {
        if let Action::UsePower {
            card,
            power,
            payment,
        } = a
        {
            v.push(Action::UsePower {
                card,
                power: power + 1,
                payment: payment.clone(),
            });
            v.push(Action::UsePower {
                card,
                power,
                payment: payment[1..].to_vec(),
            });
            for (i, p) in payment.iter().enumerate() {
                let loc = p.card();
                let same_def: Vec<CardId> = (0..n as CardId)
                    .filter(|&x| x != loc && g.card(x).def() == g.card(loc).def())
                    .collect();
                for other in same_def {
                    for q in [Pay::Flip(other), Pay::Discard(other)] {
                        let mut pay = payment.clone();
                        pay[i] = q;
                        v.push(Action::UsePower {
                            card,
                            power,
                            payment: pay,
                        });
                    }
                }
                let mut dup = payment.clone();
                dup.push(*p);
                v.push(Action::UsePower {
                    card,
                    power,
                    payment: dup,
                });
            }
        }
    }
    v
}

#[test]
fn decisions_an_action_not_offered_is_refused_and_leaves_the_state_unchanged() {
    let deck: Vec<String> = [
        "t-vanilla",
        "r-fly",
        "r-arch",
        "r-fer",
        "r-lead",
        "r-shrink",
        "r-tough",
        "r-aim",
        "r-skin",
        "r-she",
        "r-jet",
        "r-pt",
        "r-shove",
        "r-plan",
        "t-loc",
        "t-loc",
    ]
    .iter()
    .cycle()
    .take(60)
    .map(|s| s.to_string())
    .collect();
    let mut s = setup("t-vanilla");
    for p in &mut s.players {
        p.deck = deck.clone();
    }
    let mut decisions = 0;
    let mut refused = 0;
    for seed in 1..=3u64 {
        let mut g = GameState::with_db(fuzz_db(), &s, seed).unwrap();
        let mut rng = GameRng::from_seed(seed * 7919);
        for _ in 0..1000 {
            if g.outcome().is_some() {
                break;
            }
            let legal = g.legal_actions();
            assert!(
                !legal.is_empty(),
                "a decision with no options: {:?}",
                g.pending()
            );
            decisions += 1;
            for a in candidate_actions(&g, &mut rng) {
                if legal.contains(&a) {
                    continue;
                }
                let before = g.state_hash();
                let r = g.apply(&a);
                assert!(r.is_err(), "seed {seed}: {a:?} is not among the legal actions {legal:?} but was accepted ({:?})", g.pending());
                assert_eq!(
                    g.state_hash(),
                    before,
                    "seed {seed}: refusing {a:?} changed the state"
                );
                refused += 1;
            }
            let a = legal[rng.below(legal.len())].clone();
            g.apply(&a)
                .unwrap_or_else(|e| panic!("seed {seed}: legal {a:?} refused: {e}"));
        }
    }
    assert!(
        decisions > 1000 && refused > 10_000,
        "{decisions} decisions, {refused} refusals"
    );
}
