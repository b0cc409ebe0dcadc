//! Card scenario tests for Marvel Battles (mnb): every card defined in
//! `cards/mnb.cards`, taken from the embedded card database, put into a game and shown
//! doing what its printed card says; restrictions (timing, team symbols, "only while",
//! costs) are shown refusing or doing nothing otherwise.
//!
//! Tests are grouped by team, in card-number order. Each test is named after its card:
//! `mnb_NNN_<name>_<what it shows>`. Boards are set up with `spawn`, `move_row`,
//! `goto_main` and direct field edits (counters, wounds, XP); everything under test is
//! driven through `Game::apply` with actions taken from `legal_actions()`.

use crossover_kernel::{Game, Presentation, RuleError};
use crossover_vs2pcg::action::{Action, Pay};
use crossover_vs2pcg::cardfile::embedded;
use crossover_vs2pcg::model::{Keyword, PowerBody};
use crossover_vs2pcg::state::*;
use crossover_vs2pcg::{PlayerSetup, Setup};

// ---------------------------------------------------------------------------
// Card numbers used as scenery
// ---------------------------------------------------------------------------

/// What both decks are made of: a neutral plot twist that only matters in a combat
/// with an attacker, so drawing it changes nothing the tests look at.
const FILLER: &str = "mnb-105";

const TRAINING_GROUND: &str = "mnb-109"; // Skill
const LABORATORY: &str = "mnb-110"; // Energy
const ACADEMY: &str = "mnb-111"; // Intellect
const FORTRESS: &str = "mnb-112"; // Might

// Level 1 main characters.
const CAP: &str = "mnb-001";
const HULK: &str = "mnb-003";
const IRON_MAN: &str = "mnb-005";
const STORM: &str = "mnb-027";
const WOLVERINE: &str = "mnb-029";
const PROF_X: &str = "mnb-033";
const ROCKET: &str = "mnb-053";
const STAR_LORD: &str = "mnb-055";
const GROOT: &str = "mnb-059";
const GOBLIN: &str = "mnb-079";
const MAGNETO: &str = "mnb-083";

// Supporting characters that appear as bystanders (attackers, defenders, targets).
const ANT_MAN: &str = "mnb-009"; // 2/2 Avengers
const BLACK_WIDOW: &str = "mnb-010"; // 2/1 Avengers, Ranged
const HAWKEYE: &str = "mnb-013"; // 2/3 Avengers, Ranged
const NICK_FURY: &str = "mnb-014"; // 1/5 Avengers, Ranged
const LUKE_CAGE: &str = "mnb-018"; // 7/6 Avengers
const THOR: &str = "mnb-021"; // 6/5 Avengers, Flight
const ICEMAN: &str = "mnb-035"; // 2/1 X-Men, Ranged
const MAGIK: &str = "mnb-036"; // 3/2 X-Men
const CYCLOPS: &str = "mnb-038"; // 2/3 X-Men, Ranged
const NAMOR: &str = "mnb-040"; // 3/2 health 2 X-Men, Flight
const STORM_SC: &str = "mnb-042"; // 4/6 X-Men, Flight
const CABLE: &str = "mnb-045"; // 2/7 X-Men, Ranged
const COLOSSUS: &str = "mnb-046"; // 7/7 X-Men
const AGENT_VENOM: &str = "mnb-065"; // 3/3 Guardians
const MANDARIN: &str = "mnb-095"; // 3/6 Supervillains, Ranged
const THANOS_SC: &str = "mnb-100"; // 12/12 Supervillains

// ---------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------

/// A two-player game with the embedded cards: `main0` (Ada, seat 0) against `main1`
/// (Bo, seat 1), decks of [`FILLER`]. Ada goes first; both main characters start in the
/// back row; both hands are emptied (so a hand holds only what a test puts there).
/// The game is at Ada's first Resource Step.
fn game(main0: &str, main1: &str) -> GameState {
    let p = |name: &str, main: &str| PlayerSetup {
        name: name.into(),
        main: main.into(),
        deck: vec![FILLER.to_string(); 60],
        versions: Vec::new(),
    };
    let s = Setup {
        variant: Variant::TwoPlayer,
        players: vec![p("Ada", main0), p("Bo", main1)],
        cards: Default::default(),
    };
    let mut g = GameState::with_db(embedded(), &s, 7).expect("setup");
    // Let the random choice of who decides fall on seat 0, as `testkit::started` does.
    g.set_chooser(0);
    g.set_pending(Pending::ChooseFirst { seat: 0 });
    while g.turn() == 0 {
        let a = match &g.pending() {
            Pending::ChooseFirst { .. } => Action::GoFirst(true),
            Pending::PlaceMain { .. } => Action::PlaceMain(Row::Back),
            _ => Action::Mulligan(false),
        };
        apply(&mut g, a);
    }
    for s in 0..2 {
        g.hand_to_deck_bottom(s);
    }
    assert_eq!((g.turn_seat(), g.phase()), (0, Phase::Resource));
    g
}

/// [`game`], moved on to Ada's Main Phase.
fn main_phase(main0: &str, main1: &str) -> GameState {
    let mut g = game(main0, main1);
    g.goto_main();
    g
}

fn apply(g: &mut GameState, a: Action) {
    let text = g.describe_action(g.pending_seat().unwrap_or(0), &a);
    g.apply(&a)
        .unwrap_or_else(|e| panic!("{text} ({a:?}) refused: {e}"));
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

fn main_of(g: &GameState, seat: usize) -> CardId {
    g.players()[seat].main()
}

/// Put a location into `seat`'s resource row, face up.
fn loc(g: &mut GameState, seat: usize, number: &str) -> CardId {
    g.spawn(number, seat, Zone::Resources)
}

/// The legal uses of `card`'s Super Power `name` (one per distinct payment).
fn uses(g: &GameState, card: CardId, name: &str) -> Vec<Action> {
    let prefix = format!("Use {}'s {name} (", g.name(card));
    g.legal_actions()
        .into_iter()
        .filter(|a| {
            matches!(a, Action::UsePower { card: c, .. } if *c == card)
                && g.describe_action(g.pending_seat().unwrap_or(0), a)
                    .starts_with(&prefix)
        })
        .collect()
}

fn can_use(g: &GameState, card: CardId, name: &str) -> bool {
    !uses(g, card, name).is_empty()
}

/// Use `card`'s Super Power `name`, paying the first offered way.
fn use_power(g: &mut GameState, card: CardId, name: &str) {
    let a = uses(g, card, name)
        .into_iter()
        .next()
        .unwrap_or_else(|| panic!("no legal use of {name}: {:?}", g.legal_actions()));
    apply(g, a);
}

/// Use `card`'s Super Power `name`, paying by turning `location` face down.
fn use_power_paying(g: &mut GameState, card: CardId, name: &str, location: CardId) {
    let a = uses(g, card, name)
        .into_iter()
        .find(|a| matches!(a, Action::UsePower { payment, .. } if payment == &vec![Pay::Flip(location)]))
        .unwrap_or_else(|| panic!("{name} can't be paid with that location"));
    apply(g, a);
}

/// Can `location` (face up in the resource row) pay for `card`'s Super Power `name` now?
fn pays_for(g: &GameState, location: CardId, card: CardId, name: &str) -> bool {
    uses(g, card, name).iter().any(
        |a| matches!(a, Action::UsePower { payment, .. } if payment.contains(&Pay::Flip(location))),
    )
}

/// Answer "choose a character" with `c`, unless the engine already chose it because it
/// was the only legal choice (rulings 11).
fn pick(g: &mut GameState, c: CardId) {
    let a = Action::Choose { card: c };
    if legal(g, &a) {
        apply(g, a);
    }
}

/// Is `c` offered as a choice for the resolving effect?
fn offered(g: &GameState, c: CardId) -> bool {
    legal(g, &Action::Choose { card: c })
}

/// Declare an attack: the first attacker, then teammates, then the defender.
fn attack(g: &mut GameState, attackers: &[CardId], defender: CardId) {
    apply(
        g,
        Action::Attack {
            attacker: attackers[0],
        },
    );
    for &a in &attackers[1..] {
        apply(g, Action::AddAttacker { card: a });
    }
    apply(g, Action::Defender { card: defender });
}

/// Pass in the combat window until the combat resolves (or stops at another decision).
fn pass_window(g: &mut GameState) {
    while g.combat().is_some() && matches!(g.pending(), Pending::Act { .. }) {
        apply(g, Action::Pass);
    }
}

/// Pass until the next turn starts; stops at the first decision of that turn (a
/// start-of-turn trigger's question, or the Resource Step).
fn next_turn(g: &mut GameState) {
    let t = g.turn();
    while g.turn() == t && g.outcome().is_none() {
        apply(g, Action::Pass);
    }
}

/// Pass the rest of this turn; a borrowed character going back at the end of the turn
/// asks its player for a row, answered with `row` (asserting the question is asked).
fn next_turn_returning(g: &mut GameState, seat: usize, row: Row) {
    let t = g.turn();
    let mut asked = false;
    while g.turn() == t && g.outcome().is_none() {
        if g.pending() == (Pending::Effect { seat }) {
            assert_eq!(
                g.legal_actions(),
                vec![
                    Action::ChooseRow { row: Row::Front },
                    Action::ChooseRow { row: Row::Back }
                ],
                "the player whose card took it picks the row it goes back to"
            );
            asked = true;
            apply(g, Action::ChooseRow { row });
        } else {
            apply(g, Action::Pass);
        }
    }
    assert!(asked, "the return's row was asked");
}

/// Pass the rest of this turn and go to the next player's Main Phase.
fn their_main_phase(g: &mut GameState) {
    next_turn(g);
    g.goto_main();
}

/// From the Resource Step: give the turn player resources to pay `number`'s cost,
/// play no resource, and recruit it into `row`. Its recruit and appear triggers are
/// left for the test to answer.
fn recruit(g: &mut GameState, number: &str, row: Row) -> CardId {
    let seat = g.turn_seat();
    assert_eq!(
        g.phase(),
        Phase::Resource,
        "recruit() starts at the Resource Step"
    );
    let c = g.spawn(number, seat, Zone::Hand);
    let cost = g.def(c).cost.unwrap_or(0) as usize;
    while g.players()[seat].resources().len() < cost {
        loc(g, seat, FORTRESS);
    }
    apply(g, Action::Pass);
    assert_eq!(g.phase(), Phase::Recruit);
    apply(g, Action::Recruit { card: c, row });
    c
}

/// Level up `seat`'s main character by giving it the XP its Level Up power asks for.
fn level_up(g: &mut GameState, seat: usize) -> CardId {
    let m = main_of(g, seat);
    let need = g
        .def(m)
        .powers
        .iter()
        .find_map(|p| match p.body {
            PowerBody::LevelUp { xp, .. } => Some(xp),
            _ => None,
        })
        .expect("a Level Up power");
    g.set_xp(m, need);
    g.settle();
    assert_eq!(g.def(m).level(), 2, "{} levels up", g.name(m));
    m
}

/// XP needed by `c`'s Level Up power.
fn level_up_xp(g: &GameState, c: CardId) -> u8 {
    g.def(c)
        .powers
        .iter()
        .find_map(|p| match p.body {
            PowerBody::LevelUp { xp, .. } => Some(xp),
            _ => None,
        })
        .expect("a Level Up power")
}

fn plot_twists_offered(g: &GameState, card: CardId) -> bool {
    legal(g, &Action::PlayPlotTwist { card })
}

fn play(g: &mut GameState, card: CardId) {
    apply(g, Action::PlayPlotTwist { card });
}

fn stunned(g: &GameState, c: CardId) -> bool {
    g.is_stunned(c)
}

fn kod(g: &GameState, c: CardId) -> bool {
    g.card(c).zone() == Zone::KoPile
}

/// Setup: stun `c` (with a wound) or daze it, dropping the triggers that fires, since
/// the stun is scenery, not the behaviour under test.
fn stun_setup(g: &mut GameState, c: CardId, wound: bool) {
    g.stun(c, None, wound);
    g.clear_triggers();
}

fn counters(g: &GameState, c: CardId) -> (u8, u8) {
    (g.card(c).plus(), g.card(c).minus())
}

/// A team plot twist can be played only with a face-up character of its team on your
/// side (Playing Plot Twists p.16). Ada's main character `main0` and `attacker` are not
/// of that team; `member` is. With `combat`, the check happens in a combat window.
fn team_symbol_is_required(plot: &str, main0: &str, attacker: &str, member: &str, combat: bool) {
    let mut g = main_phase(main0, PROF_X);
    if combat {
        let a = g.spawn(attacker, 0, Zone::Front);
        let d = g.spawn(CABLE, 1, Zone::Front);
        attack(&mut g, &[a], d);
        assert_eq!(g.pending(), Pending::Act { seat: 0 });
    }
    let pt = g.spawn(plot, 0, Zone::Hand);
    assert!(!plot_twists_offered(&g, pt), "no character of its team");
    let e = refuse(&mut g, Action::PlayPlotTwist { card: pt });
    assert_eq!(e.rule, "Playing Plot Twists (p.16)");
    let m = g.spawn(member, 0, Zone::Back);
    assert!(plot_twists_offered(&g, pt), "a face-up team member");
    stun_setup(&mut g, m, false);
    assert!(
        !plot_twists_offered(&g, pt),
        "a stunned member doesn't count"
    );
}

/// A plot twist with `main`-timing can't be played in a combat, and one with combat
/// timing can't be played outside one (Playing Plot Twists p.16). `main0` meets any
/// team requirement.
fn plot_twist_timing(plot: &str, main0: &str, main_timing: bool) {
    let mut g = main_phase(main0, PROF_X);
    let pt = g.spawn(plot, 0, Zone::Hand);
    assert_eq!(
        plot_twists_offered(&g, pt),
        main_timing,
        "Main Phase, no combat"
    );
    let a = g.spawn(ANT_MAN, 0, Zone::Front);
    let d = g.spawn(CABLE, 1, Zone::Front);
    attack(&mut g, &[a], d);
    assert_eq!(plot_twists_offered(&g, pt), !main_timing, "in a combat");
    // Not in the Build Phase either.
    let mut g = game(main0, PROF_X);
    let pt = g.spawn(plot, 0, Zone::Hand);
    assert!(!plot_twists_offered(&g, pt), "Build Phase");
}

/// A location pays for exactly its symbols: `yes` lists (card, power) pairs it pays for,
/// `no` the ones it doesn't (Resources and Locations p.25). Each power is tried with
/// `location` as Ada's only location, in her Build Phase and in her Main Phase (whichever
/// the power's timing allows), turned face down from the resource row or discarded
/// from her hand.
fn location_pays(location: &str, main0: &str, yes: &[(&str, &str)], no: &[(&str, &str)]) {
    for (list, expect) in [(yes, true), (no, false)] {
        for &(number, power) in list {
            let (mut flip, mut discard) = (false, false);
            for main in [false, true] {
                let mut g = game(main0, PROF_X);
                if main {
                    g.goto_main();
                }
                let l = loc(&mut g, 0, location);
                let c = if g.def(main_of(&g, 0)).number == number {
                    main_of(&g, 0)
                } else {
                    g.spawn(number, 0, Zone::Back)
                };
                assert!(
                    g.def(c).powers.iter().any(|p| p.name == power),
                    "{number} has no power {power}"
                );
                flip |= pays_for(&g, l, c, power);
                g.set_face_up(l, false);
                let h = g.spawn(location, 0, Zone::Hand);
                discard |= uses(&g, c, power).iter().any(|a| {
                    matches!(a, Action::UsePower { payment, .. } if payment.contains(&Pay::Discard(h)))
                });
            }
            assert_eq!(flip, expect, "{location} paying for {number}'s {power}");
            assert_eq!(
                discard, expect,
                "{location} discarded for {number}'s {power}"
            );
        }
    }
    // It can be played face up as a resource.
    let mut g = game(main0, PROF_X);
    let h = g.spawn(location, 0, Zone::Hand);
    apply(
        &mut g,
        Action::PlayResource {
            card: h,
            face_up: true,
        },
    );
    assert!(g.card(h).face_up() && g.card(h).zone() == Zone::Resources);
}

// ===========================================================================
// Avengers
// ===========================================================================

/// Cap (seat 0, main, front) and Ant-Man team attack Luke Cage (7/6); Bo gets to strike
/// back unless Avengers Assemble was used.
fn avengers_assemble(level2: bool, used: bool) {
    let mut g = main_phase(CAP, PROF_X);
    let cap = main_of(&g, 0);
    if level2 {
        level_up(&mut g, 0);
    }
    g.move_row(cap, Row::Front);
    let ant = g.spawn(ANT_MAN, 0, Zone::Front);
    let luke = g.spawn(LUKE_CAGE, 1, Zone::Front);
    loc(&mut g, 0, TRAINING_GROUND);
    if used {
        use_power(&mut g, cap, "Avengers Assemble");
    }
    attack(&mut g, &[cap, ant], luke);
    assert!(
        !can_use(&g, cap, "Avengers Assemble"),
        "a Main power can't be used in a combat"
    );
    pass_window(&mut g);
    if used {
        assert!(g.combat().is_none(), "no strike-back decision");
        assert!(!stunned(&g, cap) && g.card(ant).zone() == Zone::Front);
    } else {
        assert_eq!(
            g.pending(),
            Pending::StrikeBack {
                seat: 1,
                ferocious: false
            }
        );
        apply(&mut g, Action::StrikeBackAt { card: ant });
        assert!(kod(&g, ant), "7 ATK stuns Ant-Man (2 DEF)");
    }
    assert!(!stunned(&g, luke), "4 ATK doesn't stun 6 DEF");
}

#[test]
fn mnb_001_captain_america_avengers_assemble_stops_strike_backs_in_team_attacks() {
    avengers_assemble(false, false);
    avengers_assemble(false, true);
}

#[test]
fn mnb_001_captain_america_side_by_side_gains_xp_when_he_stuns_while_team_attacking() {
    let mut g = main_phase(CAP, PROF_X);
    let cap = main_of(&g, 0);
    g.move_row(cap, Row::Front);
    let ant = g.spawn(ANT_MAN, 0, Zone::Front);
    // A solo stun gives no XP.
    let ice = g.spawn(ICEMAN, 1, Zone::Front);
    attack(&mut g, &[cap], ice);
    pass_window(&mut g);
    assert!(kod(&g, ice));
    assert_eq!(g.card(cap).xp(), 0, "solo attack");
    // A team attack with Cap stunning the defender does.
    for round in 1..=3 {
        g.set_exhausted(cap, false);
        g.set_exhausted(ant, false);
        let ice = g.spawn(ICEMAN, 1, Zone::Front);
        attack(&mut g, &[cap, ant], ice);
        pass_window(&mut g);
        assert!(
            matches!(g.pending(), Pending::StrikeBack { .. }),
            "the defender of a team attack chooses whom it strikes back at: {:?}",
            g.pending()
        );
        apply(&mut g, Action::StrikeBackAt { card: cap });
        assert!(kod(&g, ice));
        if round < 3 {
            assert_eq!(g.card(cap).xp(), round);
            assert_eq!(g.def(cap).level(), 1);
        }
    }
    assert_eq!(g.def(cap).level(), 2, "Level Up (3)");
    assert_eq!(g.card(cap).xp(), 0);
    assert_eq!(g.stats(cap), (5, 7));
}

#[test]
fn mnb_001_captain_america_side_by_side_counts_when_he_joins_another_characters_team_attack() {
    let mut g = main_phase(CAP, PROF_X);
    let cap = main_of(&g, 0);
    g.move_row(cap, Row::Front);
    let ant = g.spawn(ANT_MAN, 0, Zone::Front);
    let ice = g.spawn(ICEMAN, 1, Zone::Front);
    attack(&mut g, &[ant, cap], ice);
    pass_window(&mut g);
    assert!(
        matches!(g.pending(), Pending::StrikeBack { .. }),
        "the defender of a team attack chooses whom it strikes back at: {:?}",
        g.pending()
    );
    apply(&mut g, Action::StrikeBackAt { card: cap });
    assert!(kod(&g, ice));
    assert_eq!(g.card(cap).xp(), 1);
}

#[test]
fn mnb_002_captain_america_l2_avengers_assemble_stops_strike_backs_in_team_attacks() {
    avengers_assemble(true, false);
    avengers_assemble(true, true);
}

#[test]
fn mnb_002_captain_america_l2_leader_of_the_avengers_counters_each_character_on_your_side() {
    let mut g = main_phase(CAP, PROF_X);
    let cap = level_up(&mut g, 0);
    let ant = g.spawn(ANT_MAN, 0, Zone::Front);
    let hawk = g.spawn(HAWKEYE, 0, Zone::Back);
    let thor = g.spawn(THOR, 0, Zone::Back);
    stun_setup(&mut g, thor, true); // stunned: can't get counters (p.14)
    let ice = g.spawn(ICEMAN, 1, Zone::Front);
    loc(&mut g, 0, ACADEMY);
    use_power(&mut g, cap, "Leader of the Avengers");
    assert_eq!(counters(&g, cap), (1, 0));
    assert_eq!(counters(&g, ant), (1, 0));
    assert_eq!(counters(&g, hawk), (1, 0));
    assert_eq!(counters(&g, thor), (0, 0));
    assert_eq!(counters(&g, ice), (0, 0), "enemy characters get none");
    assert_eq!(g.stats(cap), (6, 8));
}

#[test]
fn mnb_003_hulk_smash_puts_a_counter_on_him_for_each_wound() {
    let mut g = game(HULK, PROF_X);
    let hulk = main_of(&g, 0);
    g.set_wounds(hulk, 2);
    loc(&mut g, 0, FORTRESS);
    assert!(
        !can_use(&g, hulk, "Smash"),
        "a Main power, not in the Build Phase"
    );
    g.goto_main();
    use_power(&mut g, hulk, "Smash");
    assert_eq!(counters(&g, hulk), (2, 0));
    assert_eq!(g.stats(hulk), (5, 5));
    // Without wounds it puts none.
    let mut g = main_phase(HULK, PROF_X);
    let hulk = main_of(&g, 0);
    loc(&mut g, 0, FORTRESS);
    use_power(&mut g, hulk, "Smash");
    assert_eq!(counters(&g, hulk), (0, 0));
}

#[test]
fn mnb_003_hulk_you_wont_like_him_when_hes_angry_gains_xp_when_he_is_stunned() {
    let mut g = main_phase(HULK, PROF_X);
    let hulk = main_of(&g, 0);
    assert_eq!(level_up_xp(&g, hulk), 4);
    g.move_row(hulk, Row::Front);
    g.set_xp(hulk, 3);
    let thanos = g.spawn(THANOS_SC, 1, Zone::Front);
    attack(&mut g, &[hulk], thanos);
    pass_window(&mut g);
    assert!(stunned(&g, hulk));
    assert_eq!(g.card(hulk).xp(), 4, "stunned: an XP");
    // Level Up powers are off while he is stunned (p.20); he levels up once he recovers.
    assert_eq!(g.def(hulk).level(), 1);
    next_turn(&mut g);
    next_turn(&mut g);
    assert!(!stunned(&g, hulk));
    assert_eq!(g.def(hulk).level(), 2);
    assert_eq!(g.stats(hulk), (6, 6));
    assert_eq!(
        g.card(hulk).wounds(),
        1,
        "the wound stays on the level 2 version"
    );
}

#[test]
fn mnb_004_hulk_l2_smash_puts_a_counter_on_him_for_each_wound() {
    let mut g = main_phase(HULK, PROF_X);
    let hulk = level_up(&mut g, 0);
    g.set_wounds(hulk, 3);
    loc(&mut g, 0, FORTRESS);
    use_power(&mut g, hulk, "Smash");
    assert_eq!(counters(&g, hulk), (3, 0));
    assert_eq!(g.stats(hulk), (9, 9));
}

#[test]
fn mnb_004_hulk_l2_banners_influence_draws_a_card_per_counter_removed_in_the_build_phase() {
    let mut g = game(HULK, PROF_X);
    let hulk = level_up(&mut g, 0);
    g.add_plus(hulk, 3);
    loc(&mut g, 0, ACADEMY);
    use_power(&mut g, hulk, "Banner's Influence");
    assert_eq!(counters(&g, hulk), (0, 0));
    assert_eq!(g.players()[0].hand().len(), 3);
    // A Build power: not in the Main Phase.
    let mut g = main_phase(HULK, PROF_X);
    let hulk = level_up(&mut g, 0);
    g.add_plus(hulk, 3);
    loc(&mut g, 0, ACADEMY);
    assert!(!can_use(&g, hulk, "Banner's Influence"));
}

/// Iron Man (main, level 1 or 2) Repulsor Blasts Colossus and pushes it or not.
fn repulsor_blast(level2: bool, push: bool) {
    let mut g = main_phase(IRON_MAN, PROF_X);
    let im = main_of(&g, 0);
    if level2 {
        level_up(&mut g, 0);
    }
    let col = g.spawn(COLOSSUS, 1, Zone::Front);
    let ant = g.spawn(ANT_MAN, 0, Zone::Front);
    loc(&mut g, 0, LABORATORY);
    use_power(&mut g, im, "Repulsor Blast");
    assert!(offered(&g, col) && offered(&g, main_of(&g, 1)));
    assert!(!offered(&g, ant) && !offered(&g, im), "an enemy character");
    pick(&mut g, col);
    apply(&mut g, if push { Action::Yes } else { Action::No });
    assert_eq!(counters(&g, col), (0, 1));
    assert_eq!(g.stats(col), (6, 6));
    let row = if push { Row::Back } else { Row::Front };
    assert_eq!(g.row_of(col), Some(row));
}

#[test]
fn mnb_005_iron_man_repulsor_blast_puts_a_minus_counter_and_may_push() {
    repulsor_blast(false, true);
    repulsor_blast(false, false);
}

#[test]
fn mnb_005_iron_man_armor_mk_3_gains_xp_when_a_character_on_your_side_powers_up() {
    let mut g = main_phase(IRON_MAN, PROF_X);
    let im = main_of(&g, 0);
    assert_eq!(level_up_xp(&g, im), 3);
    let thor = g.spawn(THOR, 0, Zone::Back);
    let im_cards: Vec<CardId> = (0..2).map(|_| g.spawn("mnb-020", 0, Zone::Hand)).collect();
    let thor_card = g.spawn(THOR, 0, Zone::Hand);
    apply(
        &mut g,
        Action::PowerUp {
            discard: im_cards[0],
            target: im,
        },
    );
    assert_eq!(g.card(im).xp(), 1);
    apply(
        &mut g,
        Action::PowerUp {
            discard: thor_card,
            target: thor,
        },
    );
    assert_eq!(g.card(im).xp(), 2, "any character on your side");
    assert_eq!(g.def(im).level(), 1);
    apply(
        &mut g,
        Action::PowerUp {
            discard: im_cards[1],
            target: im,
        },
    );
    assert_eq!(g.def(im).level(), 2);
    assert_eq!(
        g.stats(im),
        (3 + 2, 7 + 2),
        "the two Power-Up counters stay"
    );
}

#[test]
fn mnb_006_iron_man_l2_repulsor_blast_puts_a_minus_counter_and_may_push() {
    repulsor_blast(true, true);
    repulsor_blast(true, false);
}

#[test]
fn mnb_006_iron_man_l2_upgraded_armor_adds_three_counters_to_a_character_that_has_one() {
    let mut g = main_phase(IRON_MAN, PROF_X);
    let im = level_up(&mut g, 0);
    let ant = g.spawn(ANT_MAN, 0, Zone::Front);
    let thor = g.spawn(THOR, 0, Zone::Back);
    let venom = g.spawn(AGENT_VENOM, 0, Zone::Back);
    g.add_plus(ant, 1);
    g.add_plus(venom, 1);
    let ice = g.spawn(ICEMAN, 1, Zone::Front);
    g.add_plus(ice, 1);
    loc(&mut g, 0, ACADEMY);
    use_power(&mut g, im, "Upgraded Armor");
    assert!(offered(&g, ant) && offered(&g, venom));
    assert!(
        !offered(&g, thor) && !offered(&g, im),
        "no +1/+1 counter yet"
    );
    assert!(!offered(&g, ice), "a character on your side");
    pick(&mut g, ant);
    assert_eq!(counters(&g, ant), (4, 0));
    assert_eq!(counters(&g, venom), (1, 0));
}

#[test]
fn mnb_009_ant_man_shrink_cancels_the_first_attack_on_him_each_turn() {
    let mut g = main_phase(HULK, PROF_X);
    let ant = g.spawn(ANT_MAN, 1, Zone::Front);
    let venom = g.spawn(AGENT_VENOM, 0, Zone::Front);
    let thor = g.spawn(THOR, 0, Zone::Front);
    attack(&mut g, &[venom], ant);
    assert_eq!(g.pending(), Pending::Effect { seat: 1 }, "Bo may shrink");
    apply(&mut g, Action::Yes);
    assert!(g.combat().is_none(), "the attack is cancelled");
    assert!(!stunned(&g, ant) && !stunned(&g, venom));
    assert!(g.card(venom).exhausted());
    // The second attack on him this turn can't be cancelled.
    attack(&mut g, &[thor], ant);
    assert_eq!(g.pending(), Pending::Act { seat: 0 }, "no Shrink question");
    pass_window(&mut g);
    assert!(kod(&g, ant));
}

#[test]
fn mnb_010_black_widow_sting_puts_a_minus_counter_on_an_enemy_when_she_appears() {
    let mut g = game(HULK, PROF_X);
    let col = g.spawn(COLOSSUS, 1, Zone::Front);
    let ant = g.spawn(ANT_MAN, 0, Zone::Front);
    let bw = recruit(&mut g, BLACK_WIDOW, Row::Back);
    assert_eq!(g.pending(), Pending::Effect { seat: 0 });
    assert_eq!(g.card(bw).zone(), Zone::Back, "she has appeared");
    assert!(offered(&g, col) && offered(&g, main_of(&g, 1)));
    assert!(
        !offered(&g, ant) && !offered(&g, main_of(&g, 0)),
        "an enemy character"
    );
    pick(&mut g, col);
    assert_eq!(counters(&g, col), (0, 1));
}

#[test]
fn mnb_011_black_panther_ferocious_strikes_first_in_melee() {
    let mut g = main_phase(HULK, PROF_X);
    let bp = g.spawn("mnb-011", 0, Zone::Front);
    let magik = g.spawn(MAGIK, 1, Zone::Front); // 3/2: would stun Black Panther (3/2)
    attack(&mut g, &[bp], magik);
    pass_window(&mut g);
    assert!(kod(&g, magik));
    assert!(
        !stunned(&g, bp),
        "Magik was stunned before she could strike back"
    );
}

#[test]
fn mnb_012_daredevil_dodge_cant_be_ranged_attacked() {
    let mut g = main_phase(HULK, MAGNETO);
    let dd = g.spawn("mnb-012", 1, Zone::Front);
    let ant = g.spawn(ANT_MAN, 1, Zone::Front);
    let bw = g.spawn(BLACK_WIDOW, 0, Zone::Back);
    let thor = g.spawn(THOR, 0, Zone::Front);
    assert!(
        g.legal_defenders(&[thor]).contains(&dd),
        "melee attacks can"
    );
    apply(&mut g, Action::Attack { attacker: bw });
    assert!(legal(&g, &Action::Defender { card: ant }));
    assert!(!legal(&g, &Action::Defender { card: dd }));
    refuse(&mut g, Action::Defender { card: dd });
}

#[test]
fn mnb_012_daredevil_fearless_strikes_with_double_atk_against_a_main_character() {
    let mut g = main_phase(HULK, MAGNETO);
    let dd = g.spawn("mnb-012", 0, Zone::Front);
    let magneto = main_of(&g, 1);
    g.move_row(magneto, Row::Front); // 2/4
    attack(&mut g, &[dd], magneto);
    assert_eq!(g.strike_value(dd), 6);
    pass_window(&mut g);
    assert!(stunned(&g, magneto), "6 ATK against 4 DEF");
    // Against a supporting character he strikes with his 3 ATK.
    g.set_exhausted(dd, false);
    let skull = g.spawn("mnb-091", 1, Zone::Front); // 2/4
    attack(&mut g, &[dd], skull);
    assert_eq!(g.strike_value(dd), 3);
    pass_window(&mut g);
    assert!(!stunned(&g, skull));
}

#[test]
fn mnb_013_hawkeye_take_aim_adds_three_atk_and_stops_ranged_strike_backs_next_attack() {
    let mut g = main_phase(HULK, PROF_X);
    let hawk = g.spawn(HAWKEYE, 0, Zone::Back);
    loc(&mut g, 0, TRAINING_GROUND);
    let ms_marvel = g.spawn("mnb-017", 1, Zone::Front); // 3/3 Ranged
    let mandarin = g.spawn(MANDARIN, 1, Zone::Front); // 3/6 Ranged
    use_power(&mut g, hawk, "Take Aim");
    assert_eq!(g.stats(hawk), (2, 3), "only while attacking");
    attack(&mut g, &[hawk], ms_marvel);
    assert_eq!(g.stats(hawk), (5, 3));
    pass_window(&mut g);
    assert!(stunned(&g, ms_marvel));
    assert!(
        !stunned(&g, hawk),
        "Ms. Marvel (Ranged, 3 ATK) can't strike back"
    );
    // The next attack gets neither: Mandarin (Ranged, 3 ATK) strikes back.
    g.set_exhausted(hawk, false);
    attack(&mut g, &[hawk], mandarin);
    assert_eq!(g.stats(hawk), (2, 3));
    pass_window(&mut g);
    assert!(kod(&g, hawk));
}

#[test]
fn mnb_014_nick_fury_puts_the_top_card_of_the_deck_into_the_resource_row() {
    // A location on top: it may go in face up.
    let mut g = main_phase(HULK, PROF_X);
    let fury = g.spawn(NICK_FURY, 0, Zone::Back);
    loc(&mut g, 0, ACADEMY);
    let lab = g.spawn(LABORATORY, 0, Zone::Deck);
    use_power(&mut g, fury, "The Vast Resources of S.H.I.E.L.D.");
    assert_eq!(g.pending(), Pending::Effect { seat: 0 });
    apply(&mut g, Action::Yes);
    assert_eq!(g.card(lab).zone(), Zone::Resources);
    assert!(g.card(lab).face_up());
    assert!(
        !can_use(&g, fury, "The Vast Resources of S.H.I.E.L.D."),
        "once per turn"
    );
    // Any other card goes in face down, without a question.
    let mut g = main_phase(HULK, PROF_X);
    let fury = g.spawn(NICK_FURY, 0, Zone::Back);
    loc(&mut g, 0, ACADEMY);
    let top = *g.players()[0].deck().last().unwrap();
    use_power(&mut g, fury, "The Vast Resources of S.H.I.E.L.D.");
    assert_eq!(g.pending(), Pending::Act { seat: 0 });
    assert_eq!(g.card(top).zone(), Zone::Resources);
    assert!(!g.card(top).face_up());
    assert_eq!(g.players()[0].resources().len(), 2);
}

#[test]
fn mnb_015_captain_america_inspire_counters_each_other_character_appearing_on_your_side() {
    let mut g = game(HULK, PROF_X);
    let cap = g.spawn("mnb-015", 0, Zone::Front);
    let ant = recruit(&mut g, ANT_MAN, Row::Front);
    assert_eq!(g.card(ant).zone(), Zone::Front);
    assert_eq!(counters(&g, ant), (1, 0));
    assert_eq!(counters(&g, cap), (0, 0));
}

#[test]
fn mnb_015_captain_america_leader_lets_you_choose_the_strike_back_target() {
    let mut g = main_phase(HULK, PROF_X);
    let cap = g.spawn("mnb-015", 0, Zone::Front);
    let ant = g.spawn(ANT_MAN, 0, Zone::Front);
    let col = g.spawn(COLOSSUS, 1, Zone::Front);
    attack(&mut g, &[cap, ant], col);
    pass_window(&mut g);
    assert_eq!(
        g.pending(),
        Pending::StrikeBack {
            seat: 0,
            ferocious: false
        },
        "Ada (attacking) chooses"
    );
    apply(&mut g, Action::StrikeBackAt { card: ant });
    assert!(kod(&g, ant));
    assert!(!stunned(&g, cap));
}

#[test]
fn mnb_016_spider_man_websling_pulls_an_enemy_back_row_character() {
    let mut g = main_phase(HULK, PROF_X);
    let spidey = g.spawn("mnb-016", 0, Zone::Front);
    let hawk = g.spawn(HAWKEYE, 0, Zone::Back);
    let col = g.spawn(COLOSSUS, 1, Zone::Front);
    let ice = g.spawn(ICEMAN, 1, Zone::Back);
    loc(&mut g, 0, TRAINING_GROUND);
    use_power(&mut g, spidey, "Websling");
    assert!(offered(&g, ice) && offered(&g, main_of(&g, 1)));
    assert!(!offered(&g, col), "already in the front row");
    assert!(!offered(&g, hawk), "an enemy character");
    pick(&mut g, ice);
    assert_eq!(g.row_of(ice), Some(Row::Front));
}

#[test]
fn mnb_016_spider_man_dodge_cant_be_ranged_attacked() {
    let mut g = main_phase(HULK, PROF_X);
    let spidey = g.spawn("mnb-016", 1, Zone::Front);
    let ant = g.spawn(ANT_MAN, 1, Zone::Front);
    let bw = g.spawn(BLACK_WIDOW, 0, Zone::Back);
    apply(&mut g, Action::Attack { attacker: bw });
    assert!(legal(&g, &Action::Defender { card: ant }));
    assert!(!legal(&g, &Action::Defender { card: spidey }));
}

#[test]
fn mnb_017_ms_marvel_energy_absorption_counts_each_other_ranged_character_on_your_side() {
    let mut g = main_phase(HULK, PROF_X);
    let ms = g.spawn("mnb-017", 0, Zone::Back);
    g.spawn(BLACK_WIDOW, 0, Zone::Back);
    g.spawn(HAWKEYE, 0, Zone::Front);
    g.spawn(ANT_MAN, 0, Zone::Front); // not Ranged
    g.spawn(ICEMAN, 1, Zone::Front); // Ranged, but an enemy
    loc(&mut g, 0, LABORATORY);
    use_power(&mut g, ms, "Energy Absorption");
    assert_eq!(counters(&g, ms), (2, 0));
}

/// Thanos attacks Ada's Luke Cage on Bo's turn; Ada uses Impervious Skin or not.
fn impervious_skin(used: bool) {
    let mut g = main_phase(HULK, PROF_X);
    let luke = g.spawn(LUKE_CAGE, 0, Zone::Front);
    loc(&mut g, 0, FORTRESS);
    assert!(!can_use(&g, luke, "Impervious Skin"), "only in a combat");
    their_main_phase(&mut g);
    let thanos = g.spawn(THANOS_SC, 1, Zone::Front);
    attack(&mut g, &[thanos], luke);
    apply(&mut g, Action::Pass); // Bo
    assert_eq!(g.pending(), Pending::Act { seat: 0 });
    if used {
        use_power(&mut g, luke, "Impervious Skin");
    }
    pass_window(&mut g);
    if used {
        assert!(stunned(&g, luke));
        assert_eq!(
            g.card(luke).wounds(),
            0,
            "no wound, so not KO'd at 1 health"
        );
    } else {
        assert!(kod(&g, luke));
    }
}

#[test]
fn mnb_018_luke_cage_impervious_skin_takes_no_wound_when_stunned_this_combat() {
    impervious_skin(true);
    impervious_skin(false);
}

#[test]
fn mnb_019_dr_strange_transmute_turns_plus_counters_into_minus_counters_or_back() {
    let mut g = main_phase(HULK, PROF_X);
    let strange = g.spawn("mnb-019", 0, Zone::Back);
    loc(&mut g, 0, ACADEMY);
    let col = g.spawn(COLOSSUS, 1, Zone::Front);
    g.add_plus(col, 2);
    use_power(&mut g, strange, "Transmute");
    pick(&mut g, col);
    apply(&mut g, Action::Yes); // +1/+1 into -1/-1
    assert_eq!(counters(&g, col), (0, 2));
    assert_eq!(g.stats(col), (5, 5));
    // Or vice versa, on any character.
    let mut g = main_phase(HULK, PROF_X);
    let strange = g.spawn("mnb-019", 0, Zone::Back);
    loc(&mut g, 0, ACADEMY);
    let ant = g.spawn(ANT_MAN, 0, Zone::Front);
    g.add_minus(ant, 1, None);
    use_power(&mut g, strange, "Transmute");
    pick(&mut g, ant);
    apply(&mut g, Action::No); // -1/-1 into +1/+1
    assert_eq!(counters(&g, ant), (1, 0));
    assert_eq!(g.stats(ant), (3, 3));
}

#[test]
fn mnb_020_iron_man_inventive_turns_a_face_down_location_face_up_when_he_appears() {
    let mut g = game(HULK, PROF_X);
    let lab = loc(&mut g, 0, LABORATORY);
    g.set_face_up(lab, false);
    let im = recruit(&mut g, "mnb-020", Row::Back);
    assert_eq!(g.pending(), Pending::Effect { seat: 0 });
    assert_eq!(g.card(im).zone(), Zone::Back);
    assert!(legal(&g, &Action::Pass), "a may");
    apply(&mut g, Action::Choose { card: lab });
    assert!(g.card(lab).face_up());
}

#[test]
fn mnb_021_thor_lightning_strike_puts_three_minus_counters_on_an_enemy() {
    let mut g = main_phase(HULK, PROF_X);
    let thor = g.spawn(THOR, 0, Zone::Back);
    let ant = g.spawn(ANT_MAN, 0, Zone::Front);
    let col = g.spawn(COLOSSUS, 1, Zone::Front);
    loc(&mut g, 0, LABORATORY);
    use_power(&mut g, thor, "Lightning Strike");
    assert!(!offered(&g, ant) && offered(&g, col));
    pick(&mut g, col);
    assert_eq!(counters(&g, col), (0, 3));
    assert_eq!(g.stats(col), (4, 4));
}

#[test]
fn mnb_022_hulk_incredible_power_adds_seven_counters_only_if_he_has_a_wound() {
    for wounded in [true, false] {
        let mut g = main_phase(CAP, PROF_X);
        let hulk = g.spawn("mnb-022", 0, Zone::Front);
        if wounded {
            g.set_wounds(hulk, 1);
        }
        loc(&mut g, 0, FORTRESS);
        use_power(&mut g, hulk, "Incredible Power");
        let n = if wounded { 7 } else { 0 };
        assert_eq!(counters(&g, hulk), (n, 0));
    }
}

#[test]
fn mnb_023_earths_mightiest_heroes_gives_a_character_in_combat_two_two() {
    let mut g = main_phase(HULK, PROF_X);
    let ant = g.spawn(ANT_MAN, 0, Zone::Front);
    let ice = g.spawn(ICEMAN, 1, Zone::Front); // 2/1: would stun Ant-Man (2 DEF)
    let bystander = g.spawn(CABLE, 1, Zone::Front);
    let emh = g.spawn("mnb-023", 0, Zone::Hand);
    attack(&mut g, &[ant], ice);
    play(&mut g, emh);
    assert!(offered(&g, ant) && offered(&g, ice));
    assert!(!offered(&g, bystander), "a character in the combat");
    pick(&mut g, ant);
    assert_eq!(g.stats(ant), (4, 4));
    pass_window(&mut g);
    assert!(kod(&g, ice) && !stunned(&g, ant));
    assert!(kod(&g, emh), "a played plot twist goes to the KO pile");
    assert_eq!(g.stats(ant), (2, 2), "this combat only");
}

#[test]
fn mnb_023_earths_mightiest_heroes_needs_an_avenger_and_a_combat() {
    team_symbol_is_required("mnb-023", WOLVERINE, MAGIK, ANT_MAN, true);
    plot_twist_timing("mnb-023", HULK, false);
}

#[test]
fn mnb_024_think_again_cancels_the_combat_on_any_turn() {
    let mut g = main_phase(HULK, PROF_X);
    let ant = g.spawn(ANT_MAN, 0, Zone::Front);
    let think = g.spawn("mnb-024", 0, Zone::Hand);
    their_main_phase(&mut g);
    let thor = g.spawn(THOR, 1, Zone::Front);
    attack(&mut g, &[thor], ant);
    if g.pending() == (Pending::Effect { seat: 0 }) {
        apply(&mut g, Action::No); // Ant-Man's own Shrink: declined
    }
    apply(&mut g, Action::Pass); // Bo
    play(&mut g, think);
    assert!(g.combat().is_none());
    assert!(!stunned(&g, ant) && !stunned(&g, thor));
    assert!(g.card(thor).exhausted(), "the attacker stays exhausted");
}

#[test]
fn mnb_024_think_again_needs_an_avenger_and_a_combat() {
    team_symbol_is_required("mnb-024", WOLVERINE, MAGIK, ANT_MAN, true);
    plot_twist_timing("mnb-024", HULK, false);
}

#[test]
fn mnb_025_stark_tech_gives_a_counter_and_ranged_this_turn() {
    let mut g = main_phase(HULK, PROF_X);
    let ant = g.spawn(ANT_MAN, 0, Zone::Back);
    let ice = g.spawn(ICEMAN, 1, Zone::Front);
    let col = g.spawn(COLOSSUS, 1, Zone::Front);
    assert!(!g.can_attack(ant), "no Ranged in the back row");
    let st = g.spawn("mnb-025", 0, Zone::Hand);
    play(&mut g, st);
    assert!(!offered(&g, col), "a character on your side");
    pick(&mut g, ant);
    assert_eq!(counters(&g, ant), (1, 0));
    assert!(g.has_keyword(ant, Keyword::Ranged));
    attack(&mut g, &[ant], ice);
    pass_window(&mut g);
    assert!(kod(&g, ice));
    next_turn(&mut g);
    assert!(!g.has_keyword(ant, Keyword::Ranged), "this turn only");
}

#[test]
fn mnb_025_stark_tech_needs_an_avenger_and_the_main_phase() {
    team_symbol_is_required("mnb-025", WOLVERINE, MAGIK, ANT_MAN, false);
    plot_twist_timing("mnb-025", HULK, true);
}

#[test]
fn mnb_026_avengers_mansion_pays_any_of_four_symbols_for_avengers_only() {
    location_pays(
        "mnb-026",
        HULK,
        &[
            (THOR, "Lightning Strike"),                        // Energy
            (NICK_FURY, "The Vast Resources of S.H.I.E.L.D."), // Intellect
            (HULK, "Smash"),                                   // Might
            (HAWKEYE, "Take Aim"),                             // Skill
        ],
        &[
            (STORM_SC, "Thunder Storm"),
            ("mnb-065", "Symbiote Strength"),
        ],
    );
}

// ===========================================================================
// X-Men
// ===========================================================================

/// Storm (main, level 1 or 2) puts her two counters on two enemies, or both on one.
fn lightning_storm(level2: bool) {
    for split in [true, false] {
        let mut g = main_phase(STORM, PROF_X);
        let storm = main_of(&g, 0);
        if level2 {
            level_up(&mut g, 0);
        }
        let col = g.spawn(COLOSSUS, 1, Zone::Front);
        let luke = g.spawn(LUKE_CAGE, 1, Zone::Front);
        let own = g.spawn(CYCLOPS, 0, Zone::Front);
        loc(&mut g, 0, LABORATORY);
        use_power(&mut g, storm, "Lightning Storm");
        assert!(offered(&g, col) && offered(&g, luke));
        assert!(!offered(&g, own), "enemy characters");
        apply(&mut g, Action::Choose { card: col });
        let second = if split { luke } else { col };
        apply(&mut g, Action::Choose { card: second });
        assert_eq!(g.pending(), Pending::Act { seat: 0 }, "two counters placed");
        if split {
            assert_eq!((counters(&g, col), counters(&g, luke)), ((0, 1), (0, 1)));
        } else {
            assert_eq!((counters(&g, col), counters(&g, luke)), ((0, 2), (0, 0)));
        }
    }
}

#[test]
fn mnb_027_storm_lightning_storm_divides_two_minus_counters_among_up_to_two_enemies() {
    lightning_storm(false);
}

#[test]
fn mnb_027_storm_lightning_storm_must_place_both_counters() {
    let mut g = main_phase(STORM, PROF_X);
    let storm = main_of(&g, 0);
    let col = g.spawn(COLOSSUS, 1, Zone::Front);
    loc(&mut g, 0, LABORATORY);
    use_power(&mut g, storm, "Lightning Storm");
    apply(&mut g, Action::Choose { card: col });
    assert!(!legal(&g, &Action::Pass));
}

#[test]
fn mnb_027_storm_children_of_the_atom_gains_xp_when_you_use_a_super_power() {
    let mut g = main_phase(STORM, PROF_X);
    let storm = main_of(&g, 0);
    assert_eq!(level_up_xp(&g, storm), 3);
    let cyclops = g.spawn(CYCLOPS, 0, Zone::Back);
    let mandarin = g.spawn(MANDARIN, 0, Zone::Back); // any Super Power counts, of any team
    let col = g.spawn(COLOSSUS, 1, Zone::Front);
    loc(&mut g, 0, LABORATORY);
    loc(&mut g, 0, TRAINING_GROUND);
    let academy = loc(&mut g, 0, ACADEMY);
    use_power(&mut g, storm, "Lightning Storm");
    apply(&mut g, Action::Choose { card: col });
    apply(&mut g, Action::Choose { card: col });
    assert_eq!(g.card(storm).xp(), 1);
    use_power(&mut g, cyclops, "Battle Tactics");
    pick(&mut g, cyclops);
    apply(&mut g, Action::ChooseRow { row: Row::Front });
    assert_eq!(g.card(storm).xp(), 2);
    use_power_paying(&mut g, mandarin, "Makluan Rings", academy);
    assert_eq!(g.def(storm).level(), 2);
    // An enemy using a Super Power gives her nothing.
    let mut g = main_phase(STORM, PROF_X);
    let storm = main_of(&g, 0);
    their_main_phase(&mut g);
    let thor = g.spawn(THOR, 1, Zone::Back);
    loc(&mut g, 1, LABORATORY);
    use_power(&mut g, thor, "Lightning Strike");
    pick(&mut g, storm);
    assert_eq!(g.card(storm).xp(), 0);
}

#[test]
fn mnb_028_storm_l2_lightning_storm_divides_two_minus_counters_among_up_to_two_enemies() {
    lightning_storm(true);
}

#[test]
fn mnb_028_storm_l2_wind_storm_gives_your_characters_flight_this_turn() {
    let mut g = main_phase(STORM, PROF_X);
    let storm = level_up(&mut g, 0);
    let col = g.spawn(COLOSSUS, 0, Zone::Front);
    let guard = g.spawn(ICEMAN, 1, Zone::Front);
    let cable = g.spawn(CABLE, 1, Zone::Back);
    assert!(!g.legal_defenders(&[col]).contains(&cable), "protected");
    loc(&mut g, 0, TRAINING_GROUND);
    use_power(&mut g, storm, "Wind Storm");
    assert!(g.has_keyword(col, Keyword::Flight));
    assert!(!g.has_keyword(guard, Keyword::Flight), "only your side");
    apply(&mut g, Action::Attack { attacker: col });
    assert!(legal(&g, &Action::Defender { card: cable }));
    apply(&mut g, Action::Defender { card: cable });
    pass_window(&mut g);
    next_turn(&mut g);
    assert!(!g.has_keyword(col, Keyword::Flight), "this turn only");
}

/// Wolverine (main, level 1 or 2) attacks Nick Fury (1/5) and uses SNIKT!.
fn snikt(level2: bool) {
    let mut g = main_phase(WOLVERINE, PROF_X);
    let w = main_of(&g, 0);
    if level2 {
        level_up(&mut g, 0);
    }
    g.move_row(w, Row::Front);
    let fury = g.spawn(NICK_FURY, 1, Zone::Front);
    loc(&mut g, 0, TRAINING_GROUND);
    assert!(!can_use(&g, w, "SNIKT!"), "a Combat power");
    let (atk, def) = g.stats(w);
    attack(&mut g, &[w], fury);
    use_power(&mut g, w, "SNIKT!");
    assert_eq!(g.stats(w), (atk + 3, def));
    pass_window(&mut g);
    assert!(kod(&g, fury));
    assert_eq!(g.stats(w), (atk, def), "this combat only");
}

#[test]
fn mnb_029_wolverine_snikt_gives_him_three_atk_this_combat() {
    snikt(false);
}

#[test]
fn mnb_029_wolverine_best_at_what_he_does_gains_xp_for_stunning_a_defender_solo() {
    let mut g = main_phase(WOLVERINE, PROF_X);
    let w = main_of(&g, 0);
    assert_eq!(level_up_xp(&g, w), 3);
    g.move_row(w, Row::Front);
    let cyclops = g.spawn(CYCLOPS, 0, Zone::Front);
    // Team attack: no XP.
    let ice = g.spawn(ICEMAN, 1, Zone::Front);
    attack(&mut g, &[w, cyclops], ice);
    pass_window(&mut g);
    assert!(
        matches!(g.pending(), Pending::StrikeBack { .. }),
        "the defender of a team attack chooses whom it strikes back at: {:?}",
        g.pending()
    );
    apply(&mut g, Action::StrikeBackAt { card: w });
    assert!(kod(&g, ice));
    assert_eq!(g.card(w).xp(), 0, "team attack");
    for round in 1..=3 {
        g.set_exhausted(w, false);
        let ice = g.spawn(ICEMAN, 1, Zone::Front);
        attack(&mut g, &[w], ice);
        pass_window(&mut g);
        assert!(kod(&g, ice));
        if round < 3 {
            assert_eq!(g.card(w).xp(), round);
        }
    }
    assert_eq!(g.def(w).level(), 2);
    assert_eq!(g.stats(w), (8, 4));
}

#[test]
fn mnb_030_wolverine_l2_snikt_gives_him_three_atk_this_combat() {
    snikt(true);
}

#[test]
fn mnb_030_wolverine_l2_healing_factor_heals_a_wound() {
    let mut g = main_phase(WOLVERINE, PROF_X);
    let w = level_up(&mut g, 0);
    g.set_wounds(w, 2);
    loc(&mut g, 0, FORTRESS);
    use_power(&mut g, w, "Healing Factor");
    assert_eq!(g.card(w).wounds(), 1);
}

/// Professor X (main, level 1 or 2) uses Cerebro in the Build Phase.
fn cerebro(level2: bool) {
    let mut g = game(PROF_X, HULK);
    let px = main_of(&g, 0);
    if level2 {
        level_up(&mut g, 0);
    }
    loc(&mut g, 0, LABORATORY);
    let fort = g.spawn(FORTRESS, 0, Zone::Deck);
    let ice = g.spawn(ICEMAN, 0, Zone::Deck);
    let filler = g.spawn(FILLER, 0, Zone::Deck);
    let col = g.spawn(COLOSSUS, 0, Zone::Deck);
    let lab = g.spawn(LABORATORY, 0, Zone::Deck); // the top card
    use_power(&mut g, px, "Cerebro");
    assert!(offered(&g, ice) && offered(&g, col));
    assert!(!offered(&g, fort) && !offered(&g, lab), "only characters");
    apply(&mut g, Action::Choose { card: ice });
    assert_eq!(g.card(ice).zone(), Zone::Hand);
    let bottom = &g.players()[0].deck()[..4];
    for c in [fort, filler, col, lab] {
        assert!(bottom.contains(&c), "the rest go to the bottom");
    }
    // A Build power: not in the Main Phase.
    let mut g = main_phase(PROF_X, HULK);
    if level2 {
        level_up(&mut g, 0);
    }
    loc(&mut g, 0, LABORATORY);
    assert!(!can_use(&g, main_of(&g, 0), "Cerebro"));
}

#[test]
fn mnb_033_professor_x_cerebro_takes_a_character_from_the_top_five() {
    cerebro(false);
}

#[test]
fn mnb_033_professor_x_a_dream_of_peace_gains_xp_at_the_end_of_a_turn_without_attacks() {
    let mut g = game(PROF_X, HULK);
    let px = main_of(&g, 0);
    assert_eq!(level_up_xp(&g, px), 4);
    next_turn(&mut g);
    assert_eq!(g.card(px).xp(), 1, "no attacks on turn 1");
    next_turn(&mut g);
    assert_eq!(g.card(px).xp(), 1, "Bo's turn");
    g.goto_main();
    let ant = g.spawn(ANT_MAN, 0, Zone::Front);
    let ice = g.spawn(ICEMAN, 1, Zone::Front);
    attack(&mut g, &[ant], ice);
    pass_window(&mut g);
    next_turn(&mut g);
    assert_eq!(g.card(px).xp(), 1, "Ada attacked on turn 3");
    next_turn(&mut g);
    g.set_xp(px, 3);
    next_turn(&mut g);
    assert_eq!(g.def(px).level(), 2);
}

#[test]
fn mnb_034_professor_x_l2_cerebro_takes_a_character_from_the_top_five() {
    cerebro(true);
}

#[test]
fn mnb_034_professor_x_l2_mental_domination_borrows_a_face_up_enemy_until_end_of_turn() {
    let mut g = main_phase(PROF_X, HULK);
    let px = level_up(&mut g, 0);
    let col = g.spawn(COLOSSUS, 1, Zone::Front);
    g.set_exhausted(col, true);
    let namor = g.spawn(NAMOR, 1, Zone::Front);
    stun_setup(&mut g, namor, true);
    let own = g.spawn(CYCLOPS, 0, Zone::Front);
    let ice = g.spawn(ICEMAN, 1, Zone::Front);
    loc(&mut g, 0, ACADEMY);
    use_power(&mut g, px, "Mental Domination");
    assert!(offered(&g, col) && offered(&g, main_of(&g, 1)));
    assert!(!offered(&g, namor), "face-up");
    assert!(!offered(&g, own), "an enemy character");
    pick(&mut g, col);
    assert_eq!(
        g.pending(),
        Pending::Effect { seat: 0 },
        "the card says: your front or back row"
    );
    apply(&mut g, Action::ChooseRow { row: Row::Front });
    assert_eq!(g.card(col).controller(), 0);
    assert!(!g.card(col).exhausted(), "readied");
    // It attacks for Ada this turn.
    attack(&mut g, &[col], ice);
    pass_window(&mut g);
    assert!(kod(&g, ice));
    // "Move it back" doesn't say the row: Ada, whose card took it, picks it (the
    // official Mind Control answer; ruling 35).
    next_turn_returning(&mut g, 0, Row::Back);
    assert_eq!(
        g.card(col).controller(),
        1,
        "moved back at the end of the turn"
    );
    assert_eq!(g.row_of(col), Some(Row::Back));
}

#[test]
fn mnb_034_professor_x_l2_mental_domination_lets_you_choose_the_row() {
    let mut g = main_phase(PROF_X, HULK);
    let px = level_up(&mut g, 0);
    let col = g.spawn(COLOSSUS, 1, Zone::Front);
    loc(&mut g, 0, ACADEMY);
    use_power(&mut g, px, "Mental Domination");
    pick(&mut g, col);
    assert!(legal(&g, &Action::ChooseRow { row: Row::Back }));
    apply(&mut g, Action::ChooseRow { row: Row::Back });
    assert_eq!(g.row_of(col), Some(Row::Back));
}

#[test]
fn mnb_035_iceman_freeze_exhausts_a_character_that_then_skips_its_next_ready() {
    let mut g = game(WOLVERINE, HULK);
    let col = g.spawn(COLOSSUS, 1, Zone::Front);
    let ice = recruit(&mut g, ICEMAN, Row::Back);
    assert_eq!(g.card(ice).zone(), Zone::Back);
    assert!(offered(&g, col));
    assert!(offered(&g, main_of(&g, 0)), "any character, yours too");
    apply(&mut g, Action::Choose { card: col });
    assert!(g.card(col).exhausted());
    next_turn(&mut g);
    assert_eq!(g.turn_seat(), 1);
    assert!(
        g.card(col).exhausted(),
        "it doesn't ready in Bo's next turn"
    );
    next_turn(&mut g);
    next_turn(&mut g);
    assert!(!g.card(col).exhausted(), "the turn after, it does");
}

#[test]
fn mnb_036_magik_teleport_to_limbo_returns_her_and_up_to_one_other_supporting_character() {
    for other in [true, false] {
        let mut g = main_phase(WOLVERINE, HULK);
        let magik = g.spawn(MAGIK, 0, Zone::Front);
        let ice = g.spawn(ICEMAN, 0, Zone::Back);
        let col = g.spawn(COLOSSUS, 1, Zone::Front);
        loc(&mut g, 0, ACADEMY);
        use_power(&mut g, magik, "Teleport to Limbo");
        assert!(offered(&g, ice));
        assert!(!offered(&g, magik) && !offered(&g, main_of(&g, 0)));
        assert!(!offered(&g, col), "on your side");
        if other {
            apply(&mut g, Action::Choose { card: ice });
        } else {
            apply(&mut g, Action::Pass);
        }
        assert_eq!(g.card(magik).zone(), Zone::Hand);
        let ice_zone = if other { Zone::Hand } else { Zone::Back };
        assert_eq!(g.card(ice).zone(), ice_zone);
    }
}

#[test]
fn mnb_037_hope_summers_has_the_powers_of_other_face_up_x_men_supporting_characters() {
    let mut g = main_phase(WOLVERINE, HULK);
    let hope = g.spawn("mnb-037", 0, Zone::Back);
    let storm = g.spawn(STORM_SC, 0, Zone::Back);
    let thor = g.spawn(THOR, 0, Zone::Back);
    let ice = g.spawn(ICEMAN, 1, Zone::Front);
    loc(&mut g, 0, LABORATORY);
    assert!(g.has_keyword(hope, Keyword::Flight), "Storm's Flight");
    assert!(can_use(&g, hope, "Thunder Storm"));
    assert!(
        !can_use(&g, hope, "Lightning Strike"),
        "Thor is not an X-Man"
    );
    assert!(can_use(&g, thor, "Lightning Strike"));
    use_power(&mut g, hope, "Thunder Storm");
    assert!(kod(&g, ice));
    stun_setup(&mut g, storm, false);
    assert!(!g.has_keyword(hope, Keyword::Flight), "only face-up ones");
}

#[test]
fn mnb_037_hope_summers_copies_appear_triggers_like_iceman_freeze() {
    let mut g = game(WOLVERINE, HULK);
    g.spawn(ICEMAN, 0, Zone::Back);
    let col = g.spawn(COLOSSUS, 1, Zone::Front);
    let hope = recruit(&mut g, "mnb-037", Row::Back);
    assert_eq!(g.card(hope).zone(), Zone::Back);
    assert_eq!(
        g.pending(),
        Pending::Effect { seat: 0 },
        "Hope's copy of Freeze"
    );
    apply(&mut g, Action::Choose { card: col });
    assert!(g.card(col).exhausted());
}

#[test]
fn mnb_038_cyclops_leader_lets_you_choose_the_strike_back_target() {
    let mut g = main_phase(WOLVERINE, HULK);
    let cyclops = g.spawn(CYCLOPS, 0, Zone::Front);
    let ice = g.spawn(ICEMAN, 0, Zone::Front);
    let col = g.spawn(COLOSSUS, 1, Zone::Front);
    attack(&mut g, &[cyclops, ice], col);
    pass_window(&mut g);
    assert_eq!(
        g.pending(),
        Pending::StrikeBack {
            seat: 0,
            ferocious: false
        }
    );
    apply(&mut g, Action::StrikeBackAt { card: ice });
    assert!(kod(&g, ice) && !stunned(&g, cyclops));
}

#[test]
fn mnb_038_cyclops_battle_tactics_moves_a_character_on_your_side_to_a_row() {
    let mut g = main_phase(WOLVERINE, HULK);
    let cyclops = g.spawn(CYCLOPS, 0, Zone::Back);
    let col = g.spawn(COLOSSUS, 0, Zone::Back);
    let enemy = g.spawn(ICEMAN, 1, Zone::Front);
    loc(&mut g, 0, TRAINING_GROUND);
    use_power(&mut g, cyclops, "Battle Tactics");
    assert!(offered(&g, col) && offered(&g, cyclops) && offered(&g, main_of(&g, 0)));
    assert!(!offered(&g, enemy), "on your side");
    apply(&mut g, Action::Choose { card: col });
    apply(&mut g, Action::ChooseRow { row: Row::Front });
    assert_eq!(g.row_of(col), Some(Row::Front));
}

#[test]
fn mnb_039_deadpool_mercenary_team_attacks_with_any_main_character() {
    let mut g = main_phase(GROOT, HULK);
    let groot = main_of(&g, 0); // a Guardian
    g.move_row(groot, Row::Front);
    let dp = g.spawn("mnb-039", 0, Zone::Front);
    let cyclops = g.spawn(CYCLOPS, 0, Zone::Front);
    let ice = g.spawn(ICEMAN, 1, Zone::Front);
    assert!(!g.can_join_team(cyclops, &[groot]), "no shared team");
    apply(&mut g, Action::Attack { attacker: groot });
    assert!(legal(&g, &Action::AddAttacker { card: dp }));
    assert!(!legal(&g, &Action::AddAttacker { card: cyclops }));
    apply(&mut g, Action::AddAttacker { card: dp });
    apply(&mut g, Action::Defender { card: ice });
    pass_window(&mut g);
    assert!(
        matches!(g.pending(), Pending::StrikeBack { .. }),
        "the defender of a team attack chooses whom it strikes back at: {:?}",
        g.pending()
    );
    apply(&mut g, Action::StrikeBackAt { card: dp });
    assert!(kod(&g, ice));
}

#[test]
fn mnb_039_deadpool_cant_keep_a_bad_man_down_comes_back_from_the_ko_pile_in_the_build_phase() {
    let mut g = game(WOLVERINE, HULK);
    let dp = g.spawn("mnb-039", 0, Zone::KoPile);
    loc(&mut g, 0, FORTRESS);
    use_power(&mut g, dp, "Can't Keep a Bad Man Down");
    // "Onto your side" doesn't say the row: Ada picks it.
    assert_eq!(g.pending(), Pending::Effect { seat: 0 });
    apply(&mut g, Action::ChooseRow { row: Row::Front });
    assert!(g.is_face_up_character(dp), "back on Ada's side");
    assert_eq!(g.card(dp).controller(), 0);
    assert_eq!(g.row_of(dp), Some(Row::Front));
    // A Build power: not from the KO pile in the Main Phase.
    let mut g = main_phase(WOLVERINE, HULK);
    let dp = g.spawn("mnb-039", 0, Zone::KoPile);
    loc(&mut g, 0, FORTRESS);
    assert!(!can_use(&g, dp, "Can't Keep a Bad Man Down"));
}

#[test]
fn mnb_040_namor_invade_no_strike_back_while_he_attacks_the_back_row() {
    let mut g = main_phase(WOLVERINE, HULK);
    let namor = g.spawn(NAMOR, 0, Zone::Front);
    g.spawn(CABLE, 1, Zone::Front);
    let magik = g.spawn(MAGIK, 1, Zone::Back); // 3 ATK would stun Namor (2 DEF)
    attack(&mut g, &[namor], magik);
    pass_window(&mut g);
    assert!(kod(&g, magik));
    assert!(!stunned(&g, namor));
    // Attacking the front row, he gets struck back.
    g.set_exhausted(namor, false);
    let magik2 = g.spawn(MAGIK, 1, Zone::Front);
    attack(&mut g, &[namor], magik2);
    pass_window(&mut g);
    assert!(stunned(&g, namor));
}

#[test]
fn mnb_042_storm_thunder_storm_puts_a_minus_counter_on_each_enemy_character() {
    let mut g = main_phase(WOLVERINE, HULK);
    let storm = g.spawn(STORM_SC, 0, Zone::Back);
    let own = g.spawn(ICEMAN, 0, Zone::Front);
    let col = g.spawn(COLOSSUS, 1, Zone::Front);
    let ice = g.spawn(ICEMAN, 1, Zone::Front);
    loc(&mut g, 0, LABORATORY);
    use_power(&mut g, storm, "Thunder Storm");
    assert_eq!(counters(&g, col), (0, 1));
    assert_eq!(counters(&g, main_of(&g, 1)), (0, 1));
    assert!(kod(&g, ice), "1 DEF: stunned, and KO'd at 1 health");
    assert_eq!(counters(&g, own), (0, 0));
    assert_eq!(counters(&g, storm), (0, 0));
}

#[test]
fn mnb_043_beast_ferocious_strikes_first_in_melee() {
    let mut g = main_phase(WOLVERINE, HULK);
    let beast = g.spawn("mnb-043", 0, Zone::Front);
    let magik = g.spawn(MAGIK, 1, Zone::Front);
    attack(&mut g, &[beast], magik);
    pass_window(&mut g);
    assert!(kod(&g, magik) && !stunned(&g, beast));
}

/// A "Genius" character (Beast, Doctor Octopus) on Bo's side: at the start of Bo's turn,
/// if it is face up, Bo may draw a card.
fn genius(number: &str) {
    for face_up in [true, false] {
        let mut g = game(WOLVERINE, HULK);
        let c = g.spawn(number, 1, Zone::Front);
        if !face_up {
            stun_setup(&mut g, c, false);
        }
        next_turn(&mut g);
        if face_up {
            assert_eq!(g.pending(), Pending::Effect { seat: 1 });
            apply(&mut g, Action::Yes);
            assert_eq!(
                g.players()[1].hand().len(),
                3,
                "one, then the two of the Draw Phase"
            );
        } else {
            assert_eq!(g.pending(), Pending::Act { seat: 1 }, "no question");
            assert_eq!(g.players()[1].hand().len(), 2);
        }
    }
}

#[test]
fn mnb_043_beast_genius_may_draw_a_card_at_the_start_of_your_turn_if_face_up() {
    genius("mnb-043");
}

#[test]
fn mnb_044_wolverine_berserker_gets_a_counter_when_he_attacks() {
    let mut g = main_phase(STORM, HULK);
    let w = g.spawn("mnb-044", 0, Zone::Front);
    let col = g.spawn(COLOSSUS, 1, Zone::Front);
    attack(&mut g, &[w], col);
    assert_eq!(
        g.pending(),
        Pending::Act { seat: 0 },
        "in the combat window"
    );
    assert_eq!(counters(&g, w), (1, 0));
}

#[test]
fn mnb_044_wolverine_regeneration_heals_a_wound_at_the_start_of_your_turn_if_face_up() {
    for face_up in [true, false] {
        let mut g = game(STORM, HULK);
        let w = g.spawn("mnb-044", 1, Zone::Front);
        g.set_wounds(w, 1);
        if !face_up {
            stun_setup(&mut g, w, false);
        }
        next_turn(&mut g);
        assert_eq!(g.card(w).wounds(), if face_up { 0 } else { 1 });
    }
}

#[test]
fn mnb_045_cable_ultimate_soldier_stuns_enemies_that_survive_the_combat() {
    let mut g = main_phase(WOLVERINE, HULK);
    let cable = g.spawn(CABLE, 0, Zone::Back);
    let fury = g.spawn(NICK_FURY, 1, Zone::Front); // 1/5: neither stuns the other
    loc(&mut g, 0, TRAINING_GROUND);
    assert!(!can_use(&g, cable, "Ultimate Soldier"), "a Combat power");
    attack(&mut g, &[cable], fury);
    use_power(&mut g, cable, "Ultimate Soldier");
    pass_window(&mut g);
    assert!(kod(&g, fury), "stunned at the end of the combat");
    assert!(!stunned(&g, cable), "only enemy characters");
    // Combat without the Any-Turn symbol: not on Bo's turn.
    let mut g = main_phase(WOLVERINE, HULK);
    let cable = g.spawn(CABLE, 0, Zone::Back);
    loc(&mut g, 0, TRAINING_GROUND);
    their_main_phase(&mut g);
    let thor = g.spawn(THOR, 1, Zone::Front);
    attack(&mut g, &[thor], cable);
    apply(&mut g, Action::Pass);
    assert_eq!(g.pending(), Pending::Act { seat: 0 });
    assert!(!can_use(&g, cable, "Ultimate Soldier"));
}

#[test]
fn mnb_046_colossus_toss_gives_another_character_on_your_side_flight_when_he_appears() {
    let mut g = game(WOLVERINE, HULK);
    let ice = g.spawn(ICEMAN, 0, Zone::Front);
    let enemy = g.spawn(CABLE, 1, Zone::Front);
    let col = recruit(&mut g, COLOSSUS, Row::Front);
    assert_eq!(g.pending(), Pending::Effect { seat: 0 });
    assert!(offered(&g, ice) && offered(&g, main_of(&g, 0)));
    assert!(!offered(&g, col), "another character");
    assert!(!offered(&g, enemy), "on your side");
    apply(&mut g, Action::Choose { card: ice });
    assert!(g.has_keyword(ice, Keyword::Flight));
    next_turn(&mut g);
    assert!(!g.has_keyword(ice, Keyword::Flight), "this turn only");
}

#[test]
fn mnb_046_colossus_organic_steel_gives_him_five_five_this_combat() {
    let mut g = main_phase(WOLVERINE, HULK);
    let col = g.spawn(COLOSSUS, 0, Zone::Front);
    let thanos = g.spawn(THANOS_SC, 1, Zone::Front);
    loc(&mut g, 0, FORTRESS);
    assert!(!can_use(&g, col, "Organic Steel"), "a Combat power");
    attack(&mut g, &[col], thanos);
    use_power(&mut g, col, "Organic Steel");
    assert_eq!(g.stats(col), (12, 12));
    pass_window(&mut g);
    assert!(stunned(&g, thanos), "12 ATK against 12 DEF");
}

#[test]
fn mnb_048_professor_x_mind_control_borrows_a_face_up_enemy_supporting_character() {
    let mut g = main_phase(WOLVERINE, HULK);
    let px = g.spawn("mnb-048", 0, Zone::Back);
    let col = g.spawn(COLOSSUS, 1, Zone::Front);
    g.set_exhausted(col, true);
    let ice = g.spawn(ICEMAN, 1, Zone::Front);
    let target = g.spawn(MAGIK, 1, Zone::Front);
    loc(&mut g, 0, ACADEMY);
    use_power(&mut g, px, "Mind Control");
    assert!(offered(&g, col) && offered(&g, ice));
    assert!(!offered(&g, main_of(&g, 1)), "a supporting character");
    apply(&mut g, Action::Choose { card: col });
    // "Move it to your side": the row is Ada's choice.
    assert_eq!(g.pending(), Pending::Effect { seat: 0 });
    apply(&mut g, Action::ChooseRow { row: Row::Front });
    assert_eq!(g.card(col).controller(), 0);
    assert_eq!(g.row_of(col), Some(Row::Front));
    assert!(!g.card(col).exhausted());
    attack(&mut g, &[col], target);
    pass_window(&mut g);
    assert!(kod(&g, target));
    // It was in Bo's front row; Ada, whose card took it, puts it back in Bo's back row.
    next_turn_returning(&mut g, 0, Row::Back);
    assert_eq!(g.card(col).controller(), 1);
    assert_eq!(g.row_of(col), Some(Row::Back));
}

#[test]
fn mnb_049_x_factor_readies_a_character() {
    let mut g = main_phase(WOLVERINE, HULK);
    let cyclops = g.spawn(CYCLOPS, 0, Zone::Front);
    let ice = g.spawn(ICEMAN, 1, Zone::Front);
    attack(&mut g, &[cyclops], ice);
    pass_window(&mut g);
    assert!(g.card(cyclops).exhausted());
    let xf = g.spawn("mnb-049", 0, Zone::Hand);
    play(&mut g, xf);
    pick(&mut g, cyclops);
    assert!(!g.card(cyclops).exhausted());
    assert!(g.can_attack(cyclops));
}

#[test]
fn mnb_049_x_factor_needs_an_x_man_and_the_main_phase() {
    team_symbol_is_required("mnb-049", HULK, ANT_MAN, ICEMAN, false);
    plot_twist_timing("mnb-049", WOLVERINE, true);
}

#[test]
fn mnb_050_squad_tactics_counters_each_of_your_characters_in_the_combat() {
    let mut g = main_phase(WOLVERINE, HULK);
    let cyclops = g.spawn(CYCLOPS, 0, Zone::Front);
    let ice = g.spawn(ICEMAN, 0, Zone::Front);
    let magik = g.spawn(MAGIK, 0, Zone::Back);
    let col = g.spawn(COLOSSUS, 1, Zone::Front);
    attack(&mut g, &[cyclops, ice], col);
    let st = g.spawn("mnb-050", 0, Zone::Hand);
    play(&mut g, st);
    assert_eq!(counters(&g, cyclops), (1, 0));
    assert_eq!(counters(&g, ice), (1, 0));
    assert_eq!(counters(&g, magik), (0, 0), "not in the combat");
    assert_eq!(counters(&g, col), (0, 0), "not on your side");
}

#[test]
fn mnb_050_squad_tactics_needs_an_x_man_and_a_combat() {
    team_symbol_is_required("mnb-050", HULK, ANT_MAN, ICEMAN, true);
    plot_twist_timing("mnb-050", WOLVERINE, false);
}

#[test]
fn mnb_051_uncanny_defense_replaces_your_defender_and_switches_their_positions() {
    let mut g = main_phase(WOLVERINE, HULK);
    let ice = g.spawn(ICEMAN, 0, Zone::Front);
    let col = g.spawn(COLOSSUS, 0, Zone::Back);
    let ud = g.spawn("mnb-051", 0, Zone::Hand);
    their_main_phase(&mut g);
    let bp = g.spawn("mnb-011", 1, Zone::Front);
    attack(&mut g, &[bp], ice);
    apply(&mut g, Action::Pass); // Bo
    play(&mut g, ud);
    assert!(!offered(&g, ice) && !offered(&g, bp));
    apply(&mut g, Action::Choose { card: col });
    assert_eq!(g.combat().as_ref().unwrap().defender, Some(col));
    assert_eq!(g.row_of(col), Some(Row::Front));
    assert_eq!(g.row_of(ice), Some(Row::Back));
    pass_window(&mut g);
    assert!(stunned(&g, bp), "Colossus stuns Black Panther");
    assert!(!stunned(&g, col) && !stunned(&g, ice));
}

#[test]
fn mnb_051_uncanny_defense_needs_an_x_man_and_a_combat() {
    team_symbol_is_required("mnb-051", HULK, ANT_MAN, ICEMAN, true);
    plot_twist_timing("mnb-051", WOLVERINE, false);
}

#[test]
fn mnb_052_school_for_gifted_youngsters_pays_any_of_four_symbols_for_x_men_only() {
    location_pays(
        "mnb-052",
        WOLVERINE,
        &[
            (STORM_SC, "Thunder Storm"),              // Energy
            (MAGIK, "Teleport to Limbo"),             // Intellect
            ("mnb-039", "Can't Keep a Bad Man Down"), // Might (Build)
            (CYCLOPS, "Battle Tactics"),              // Skill
        ],
        &[
            (THOR, "Lightning Strike"),
            (AGENT_VENOM, "Symbiote Strength"),
        ],
    );
}

// ===========================================================================
// Guardians of the Galaxy
// ===========================================================================

/// Rocket (main, level 1 or 2, back row, Ranged) uses Murder You! and attacks Luke Cage.
fn murder_you(level2: bool) {
    let mut g = main_phase(ROCKET, HULK);
    let rocket = main_of(&g, 0);
    if level2 {
        level_up(&mut g, 0);
    }
    let luke = g.spawn(LUKE_CAGE, 1, Zone::Front);
    loc(&mut g, 0, LABORATORY);
    let (atk, def) = g.stats(rocket);
    use_power(&mut g, rocket, "Murder You!");
    assert_eq!(g.stats(rocket), (atk, def), "only while attacking");
    attack(&mut g, &[rocket], luke);
    assert_eq!(g.stats(rocket), (atk + 4, def));
    pass_window(&mut g);
    assert!(kod(&g, luke));
    assert_eq!(g.stats(rocket), (atk, def), "the next attack only");
}

#[test]
fn mnb_053_rocket_murder_you_gives_him_four_atk_on_his_next_attack() {
    murder_you(false);
}

#[test]
fn mnb_053_rocket_back_against_the_wall_gains_xp_when_your_hand_empties() {
    // The card leaving leaves another in hand: no XP.
    let mut g = game(ROCKET, HULK);
    let rocket = main_of(&g, 0);
    assert_eq!(level_up_xp(&g, rocket), 1);
    let a = g.spawn(FILLER, 0, Zone::Hand);
    g.spawn(FILLER, 0, Zone::Hand);
    apply(
        &mut g,
        Action::PlayResource {
            card: a,
            face_up: false,
        },
    );
    assert_eq!((g.card(rocket).xp(), g.def(rocket).level()), (0, 1));
    // The last card leaving: an XP, and Level Up (1) levels him up at once.
    let mut g = game(ROCKET, HULK);
    let rocket = main_of(&g, 0);
    let a = g.spawn(FILLER, 0, Zone::Hand);
    apply(
        &mut g,
        Action::PlayResource {
            card: a,
            face_up: false,
        },
    );
    assert_eq!(g.def(rocket).level(), 2);
    assert_eq!(g.stats(rocket), (6, 5));
}

#[test]
fn mnb_054_rocket_l2_murder_you_gives_him_four_atk_on_his_next_attack() {
    murder_you(true);
}

#[test]
fn mnb_054_rocket_l2_one_raccoons_garbage_returns_two_random_cards_from_your_ko_pile() {
    let mut g = main_phase(ROCKET, HULK);
    let rocket = level_up(&mut g, 0);
    let pile: Vec<CardId> = [THOR, FILLER, ICEMAN]
        .iter()
        .map(|n| g.spawn(n, 0, Zone::KoPile))
        .collect();
    let theirs = g.spawn(THOR, 1, Zone::KoPile);
    loc(&mut g, 0, TRAINING_GROUND);
    use_power(&mut g, rocket, "One Raccoon's Garbage");
    assert_eq!(g.pending(), Pending::Act { seat: 0 }, "random: no choice");
    let back = pile
        .iter()
        .filter(|&&c| g.card(c).zone() == Zone::Hand)
        .count();
    assert_eq!(back, 2);
    assert_eq!(g.players()[0].ko_pile().len(), 1);
    assert!(kod(&g, theirs), "only your KO pile");
}

/// Star-Lord (main, level 1 or 2) uses Greatest Guardian in the Resource Step and
/// recruits a 2-cost character with 1 recruit point.
fn greatest_guardian(level2: bool) {
    for used in [true, false] {
        let mut g = game(STAR_LORD, HULK);
        let sl = main_of(&g, 0);
        if level2 {
            level_up(&mut g, 0);
        }
        loc(&mut g, 0, ACADEMY);
        let venom = g.spawn(AGENT_VENOM, 0, Zone::Hand); // cost 2
        if used {
            use_power(&mut g, sl, "Greatest Guardian");
        }
        apply(&mut g, Action::Pass);
        assert_eq!(g.players()[0].recruit_points(), 1);
        let a = Action::Recruit {
            card: venom,
            row: Row::Front,
        };
        if used {
            apply(&mut g, a);
            assert!(g.is_face_up_character(venom));
        } else {
            assert_eq!(refuse(&mut g, a).rule, "Recruit Step (p.9)");
        }
    }
    // A Build power: not in the Main Phase.
    let mut g = main_phase(STAR_LORD, HULK);
    if level2 {
        level_up(&mut g, 0);
    }
    loc(&mut g, 0, ACADEMY);
    assert!(!can_use(&g, main_of(&g, 0), "Greatest Guardian"));
}

#[test]
fn mnb_055_star_lord_greatest_guardian_makes_your_next_recruit_cost_one_less() {
    greatest_guardian(false);
}

#[test]
fn mnb_055_star_lord_recruiting_drive_gains_xp_when_you_recruit_a_character() {
    let mut g = game(STAR_LORD, HULK);
    let sl = main_of(&g, 0);
    assert_eq!(level_up_xp(&g, sl), 5);
    g.set_xp(sl, 3);
    loc(&mut g, 0, FORTRESS);
    loc(&mut g, 0, FORTRESS);
    let ant = g.spawn(ANT_MAN, 0, Zone::Hand);
    let ice = g.spawn(ICEMAN, 0, Zone::Hand);
    apply(&mut g, Action::Pass);
    apply(
        &mut g,
        Action::Recruit {
            card: ant,
            row: Row::Front,
        },
    );
    assert_eq!(g.card(sl).xp(), 4);
    apply(
        &mut g,
        Action::Recruit {
            card: ice,
            row: Row::Back,
        },
    );
    assert_eq!(g.def(sl).level(), 2);
}

#[test]
fn mnb_056_star_lord_l2_greatest_guardian_makes_your_next_recruit_cost_one_less() {
    greatest_guardian(true);
}

#[test]
fn mnb_056_star_lord_l2_space_cop_turns_off_enemy_powers_this_turn() {
    let mut g = main_phase(STAR_LORD, HULK);
    let sl = level_up(&mut g, 0);
    let dd = g.spawn("mnb-012", 1, Zone::Front);
    let bw = g.spawn(BLACK_WIDOW, 0, Zone::Back);
    assert!(!g.legal_defenders(&[bw]).contains(&dd), "Dodge");
    loc(&mut g, 0, TRAINING_GROUND);
    use_power(&mut g, sl, "Space Cop");
    assert!(!g.has_keyword(dd, Keyword::Dodge));
    assert!(
        g.has_keyword(bw, Keyword::Ranged),
        "your characters keep theirs"
    );
    attack(&mut g, &[bw], dd);
    pass_window(&mut g);
    next_turn(&mut g);
    assert!(g.has_keyword(dd, Keyword::Dodge), "this turn only");
}

/// Groot (main, level 1 or 2, front row) attacks Iceman and uses I am Groot with three
/// resources on Ada's side.
fn i_am_groot(level2: bool) {
    let mut g = main_phase(GROOT, HULK);
    let groot = main_of(&g, 0);
    if level2 {
        level_up(&mut g, 0);
    }
    g.move_row(groot, Row::Front);
    loc(&mut g, 0, FORTRESS);
    loc(&mut g, 0, LABORATORY);
    loc(&mut g, 0, ACADEMY);
    loc(&mut g, 1, ACADEMY); // Bo's resources don't count
    let ice = g.spawn(ICEMAN, 1, Zone::Front);
    assert!(!can_use(&g, groot, "I am Groot"), "a Combat power");
    let (atk, def) = g.stats(groot);
    attack(&mut g, &[groot], ice);
    use_power(&mut g, groot, "I am Groot");
    assert_eq!(g.stats(groot), (atk + 3, def + 3));
    pass_window(&mut g);
    assert!(kod(&g, ice));
    assert_eq!(g.stats(groot), (atk, def), "this combat only");
}

#[test]
fn mnb_059_groot_i_am_groot_gives_him_plus_one_plus_one_per_resource_this_combat() {
    i_am_groot(false);
}

#[test]
fn mnb_059_groot_i_am_groot_level_up_gains_xp_when_you_gain_a_resource() {
    let mut g = game(GROOT, HULK);
    let groot = main_of(&g, 0);
    assert_eq!(level_up_xp(&g, groot), 5);
    let r = g.spawn(FILLER, 0, Zone::Hand);
    apply(
        &mut g,
        Action::PlayResource {
            card: r,
            face_up: false,
        },
    );
    assert_eq!(g.card(groot).xp(), 1);
    // Any way of gaining one counts: Nick Fury's top card.
    g.goto_main();
    g.set_xp(groot, 4);
    let fury = g.spawn(NICK_FURY, 0, Zone::Back);
    loc(&mut g, 0, ACADEMY);
    use_power(&mut g, fury, "The Vast Resources of S.H.I.E.L.D.");
    assert_eq!(g.def(groot).level(), 2);
}

#[test]
fn mnb_060_groot_l2_i_am_groot_gives_him_plus_one_plus_one_per_resource_this_combat() {
    i_am_groot(true);
}

#[test]
fn mnb_060_groot_l2_we_are_groot_heals_your_characters_and_he_becomes_level_1() {
    let mut g = main_phase(GROOT, HULK);
    let groot = level_up(&mut g, 0);
    g.set_wounds(groot, 2);
    let namor = g.spawn(NAMOR, 0, Zone::Front);
    g.set_wounds(namor, 1);
    let thor = g.spawn(THOR, 1, Zone::Front);
    g.set_wounds(thor, 1);
    loc(&mut g, 0, LABORATORY);
    use_power(&mut g, groot, "We are Groot");
    assert_eq!(g.card(groot).wounds(), 1);
    assert_eq!(g.card(namor).wounds(), 0);
    assert_eq!(g.card(thor).wounds(), 1, "only your side");
    assert_eq!(g.def(groot).level(), 1);
    assert_eq!(g.stats(groot), (1, 1));
}

#[test]
fn mnb_061_cosmo_nullify_turns_off_an_enemys_powers_until_cosmo_is_stunned() {
    let mut g = game(STAR_LORD, HULK);
    let dd = g.spawn("mnb-012", 1, Zone::Front);
    let col = g.spawn(COLOSSUS, 1, Zone::Front);
    let own = g.spawn(BLACK_WIDOW, 0, Zone::Back);
    let cosmo = recruit(&mut g, "mnb-061", Row::Front);
    assert!(g.def(cosmo).banned, "no longer tournament legal");
    assert!(offered(&g, dd) && !offered(&g, own));
    apply(&mut g, Action::Choose { card: dd });
    assert!(!g.has_keyword(dd, Keyword::Dodge));
    g.goto_main();
    assert!(g.legal_defenders(&[own]).contains(&dd));
    // Cosmo (1/3) attacks Colossus and gets stunned: Daredevil has Dodge again.
    attack(&mut g, &[cosmo], col);
    pass_window(&mut g);
    assert!(kod(&g, cosmo));
    assert!(g.has_keyword(dd, Keyword::Dodge));
}

#[test]
fn mnb_061_cosmo_nullify_leaves_level_up_powers_working() {
    let mut g = game(STAR_LORD, MAGNETO);
    let magneto = main_of(&g, 1);
    g.spawn(ICEMAN, 1, Zone::Front);
    recruit(&mut g, "mnb-061", Row::Front);
    apply(&mut g, Action::Choose { card: magneto });
    let xp = g.card(magneto).xp();
    next_turn(&mut g);
    assert_eq!(g.card(magneto).xp(), xp + 1, "Mutant Master still gives XP");
}

#[test]
fn mnb_062_yondu_yaka_arrow_stuns_a_supporting_character_with_cost_3_or_less() {
    let mut g = main_phase(STAR_LORD, HULK);
    let yondu = g.spawn("mnb-062", 0, Zone::Back);
    let ice = g.spawn(ICEMAN, 1, Zone::Front); // cost 1
    let gamora = g.spawn("mnb-067", 1, Zone::Front); // cost 3
    let cable = g.spawn(CABLE, 1, Zone::Front); // cost 5
    let magik = g.spawn(MAGIK, 0, Zone::Front); // cost 1, Ada's own
    loc(&mut g, 0, TRAINING_GROUND);
    use_power(&mut g, yondu, "Yaka Arrow");
    assert!(offered(&g, ice) && offered(&g, gamora) && offered(&g, magik));
    assert!(!offered(&g, cable), "cost 5");
    assert!(!offered(&g, main_of(&g, 1)), "a supporting character");
    apply(&mut g, Action::Choose { card: gamora });
    assert!(stunned(&g, gamora));
    assert_eq!(g.card(gamora).wounds(), 1);
}

#[test]
fn mnb_063_major_victory_psychokinetic_shove_pushes_an_enemy_to_its_back_row() {
    let mut g = main_phase(STAR_LORD, HULK);
    let mv = g.spawn("mnb-063", 0, Zone::Back);
    let own = g.spawn(AGENT_VENOM, 0, Zone::Front);
    let col = g.spawn(COLOSSUS, 1, Zone::Front);
    loc(&mut g, 0, ACADEMY);
    use_power(&mut g, mv, "Psychokinetic Shove");
    assert!(offered(&g, col) && !offered(&g, own));
    apply(&mut g, Action::Choose { card: col });
    assert_eq!(g.row_of(col), Some(Row::Back));
}

#[test]
fn mnb_064_mantis_rebirth_may_become_a_face_down_resource_when_kod() {
    for yes in [true, false] {
        let mut g = main_phase(STAR_LORD, HULK);
        let mantis = g.spawn("mnb-064", 0, Zone::Front);
        let col = g.spawn(COLOSSUS, 1, Zone::Front);
        attack(&mut g, &[mantis], col);
        pass_window(&mut g);
        assert_eq!(g.pending(), Pending::Effect { seat: 0 });
        apply(&mut g, if yes { Action::Yes } else { Action::No });
        if yes {
            assert_eq!(g.card(mantis).zone(), Zone::Resources);
            assert!(!g.card(mantis).face_up());
            assert_eq!(*g.players()[0].resources(), vec![mantis]);
        } else {
            assert!(kod(&g, mantis));
        }
    }
}

#[test]
fn mnb_065_agent_venom_symbiote_strength_puts_two_counters_on_him() {
    let mut g = main_phase(STAR_LORD, HULK);
    let venom = g.spawn(AGENT_VENOM, 0, Zone::Front);
    loc(&mut g, 0, FORTRESS);
    loc(&mut g, 0, FORTRESS);
    use_power(&mut g, venom, "Symbiote Strength");
    assert_eq!(counters(&g, venom), (2, 0));
    assert_eq!(g.stats(venom), (5, 5));
    assert!(!can_use(&g, venom, "Symbiote Strength"), "once per turn");
}

#[test]
fn mnb_066_rocket_scavenger_returns_a_ko_pile_card_to_hand() {
    let mut g = main_phase(STAR_LORD, HULK);
    let rocket = g.spawn("mnb-066", 0, Zone::Back);
    let filler = g.spawn(FILLER, 0, Zone::KoPile);
    let thor = g.spawn(THOR, 0, Zone::KoPile);
    let theirs = g.spawn(THOR, 1, Zone::KoPile);
    loc(&mut g, 0, TRAINING_GROUND);
    use_power(&mut g, rocket, "Scavenger");
    assert!(offered(&g, filler) && offered(&g, thor));
    assert!(!offered(&g, theirs), "your KO pile");
    apply(&mut g, Action::Choose { card: thor });
    assert_eq!(g.card(thor).zone(), Zone::Hand);
    assert!(kod(&g, filler));
}

#[test]
fn mnb_067_gamora_lethal_kos_a_defending_supporting_character_she_stuns() {
    let mut g = main_phase(STAR_LORD, GROOT);
    let gamora = g.spawn("mnb-067", 0, Zone::Front);
    let namor = g.spawn(NAMOR, 1, Zone::Front); // health 2
    attack(&mut g, &[gamora], namor);
    pass_window(&mut g);
    assert!(kod(&g, namor), "KO'd with one wound");
    // A main character just gets its wound.
    g.set_exhausted(gamora, false);
    let groot = main_of(&g, 1);
    attack(&mut g, &[gamora], groot);
    pass_window(&mut g);
    assert!(stunned(&g, groot));
    assert_eq!(g.card(groot).wounds(), 1);
}

#[test]
fn mnb_068_nova_force_speed_readies_nova() {
    let mut g = main_phase(STAR_LORD, HULK);
    let nova = g.spawn("mnb-068", 0, Zone::Front);
    let ice = g.spawn(ICEMAN, 1, Zone::Front);
    attack(&mut g, &[nova], ice);
    pass_window(&mut g);
    assert!(!g.can_attack(nova), "exhausted");
    loc(&mut g, 0, LABORATORY);
    use_power(&mut g, nova, "Nova Force Speed");
    assert!(!g.card(nova).exhausted());
    let ice2 = g.spawn(ICEMAN, 1, Zone::Front);
    attack(&mut g, &[nova], ice2);
    pass_window(&mut g);
    assert!(kod(&g, ice2));
}

#[test]
fn mnb_069_star_lord_team_up_makes_your_supporting_characters_guardians() {
    let mut g = main_phase(GROOT, HULK);
    let cyclops = g.spawn(CYCLOPS, 0, Zone::Front); // X-Men
    let cap = g.spawn("mnb-015", 0, Zone::Front); // Avengers
    let col = g.spawn(COLOSSUS, 1, Zone::Front);
    assert!(!g.can_join_team(cap, &[cyclops]), "no shared team yet");
    let sl = g.spawn("mnb-069", 0, Zone::Back);
    assert!(g.can_join_team(cap, &[cyclops]), "both are Guardians now");
    attack(&mut g, &[cyclops, cap], col);
    pass_window(&mut g);
    assert!(
        matches!(g.pending(), Pending::StrikeBack { .. }),
        "the defender of a team attack chooses whom it strikes back at: {:?}",
        g.pending()
    );
    apply(&mut g, Action::StrikeBackAt { card: cyclops });
    // Knowhere pays for them too.
    let knowhere = loc(&mut g, 0, "mnb-078");
    let storm = g.spawn(STORM_SC, 0, Zone::Back);
    assert!(pays_for(&g, knowhere, storm, "Thunder Storm"));
    stun_setup(&mut g, sl, false);
    assert!(
        !pays_for(&g, knowhere, storm, "Thunder Storm"),
        "only while face up"
    );
}

#[test]
fn mnb_069_star_lord_leader_lets_you_choose_the_strike_back_target() {
    let mut g = main_phase(GROOT, HULK);
    let sl = g.spawn("mnb-069", 0, Zone::Front);
    let venom = g.spawn(AGENT_VENOM, 0, Zone::Front);
    let col = g.spawn(COLOSSUS, 1, Zone::Front);
    attack(&mut g, &[sl, venom], col);
    pass_window(&mut g);
    assert_eq!(
        g.pending(),
        Pending::StrikeBack {
            seat: 0,
            ferocious: false
        }
    );
    apply(&mut g, Action::StrikeBackAt { card: venom });
    assert!(kod(&g, venom) && !stunned(&g, sl));
}

#[test]
fn mnb_070_groot_i_am_groot_has_plus_one_plus_one_per_resource_on_your_side() {
    let mut g = main_phase(STAR_LORD, HULK);
    for _ in 0..3 {
        loc(&mut g, 0, FORTRESS);
    }
    loc(&mut g, 1, FORTRESS); // Bo's don't count
    let groot = g.spawn("mnb-070", 0, Zone::Front);
    assert_eq!(g.stats(groot), (3, 3));
    let fury = g.spawn(NICK_FURY, 0, Zone::Back);
    loc(&mut g, 0, ACADEMY);
    assert_eq!(g.stats(groot), (4, 4));
    use_power(&mut g, fury, "The Vast Resources of S.H.I.E.L.D.");
    assert_eq!(g.stats(groot), (5, 5), "always the current count");
}

#[test]
fn mnb_071_moondragon_mental_focus_takes_one_of_the_top_three_cards() {
    let mut g = main_phase(STAR_LORD, HULK);
    let md = g.spawn("mnb-071", 0, Zone::Back);
    loc(&mut g, 0, ACADEMY);
    let fourth = g.spawn(ICEMAN, 0, Zone::Deck);
    let a = g.spawn(FORTRESS, 0, Zone::Deck);
    let b = g.spawn(THOR, 0, Zone::Deck);
    let c = g.spawn(LABORATORY, 0, Zone::Deck);
    use_power(&mut g, md, "Mental Focus");
    assert!(offered(&g, a) && offered(&g, b) && offered(&g, c));
    assert!(!offered(&g, fourth), "only the top three");
    apply(&mut g, Action::Choose { card: b });
    assert_eq!(g.card(b).zone(), Zone::Hand);
    let deck = &g.players()[0].deck();
    assert!(
        deck[..2].contains(&a) && deck[..2].contains(&c),
        "the others go under"
    );
    assert_eq!(deck.last(), Some(&fourth));
}

#[test]
fn mnb_073_drax_berserker_gets_a_counter_when_he_attacks() {
    let mut g = main_phase(STAR_LORD, HULK);
    let drax = g.spawn("mnb-073", 0, Zone::Front);
    let col = g.spawn(COLOSSUS, 1, Zone::Front);
    attack(&mut g, &[drax], col);
    assert_eq!(counters(&g, drax), (1, 0));
    pass_window(&mut g);
    assert!(kod(&g, col), "7 ATK against 7 DEF");
}

/// A character with Grab (Drax, Doctor Octopus) in Bo's front row stops Ada's flyers
/// flying over it; in the back row it doesn't.
fn grab(number: &str) {
    let mut g = main_phase(STAR_LORD, HULK);
    let grabber = g.spawn(number, 1, Zone::Front);
    g.spawn(ANT_MAN, 1, Zone::Front);
    let target = g.spawn(ICEMAN, 1, Zone::Back);
    let thor = g.spawn(THOR, 0, Zone::Front);
    assert!(!g.legal_defenders(&[thor]).contains(&target));
    g.move_row(grabber, Row::Back);
    assert!(g.legal_defenders(&[thor]).contains(&target));
    attack(&mut g, &[thor], target);
    pass_window(&mut g);
    assert!(kod(&g, target));
}

#[test]
fn mnb_073_drax_grab_stops_enemies_flying_over_him_in_the_front_row() {
    grab("mnb-073");
}

#[test]
fn mnb_074_adam_warlock_appears_stunned_and_emerge_recovers_and_readies_him() {
    let mut g = game(STAR_LORD, HULK);
    let adam = recruit(&mut g, "mnb-074", Row::Front);
    assert!(stunned(&g, adam) && g.card(adam).exhausted());
    assert_eq!(g.card(adam).wounds(), 0, "appearing stunned is no wound");
    g.goto_main();
    loc(&mut g, 0, FORTRESS);
    use_power(&mut g, adam, "Emerge");
    assert!(g.is_face_up_character(adam) && !g.card(adam).exhausted());
    let ice = g.spawn(ICEMAN, 1, Zone::Front);
    attack(&mut g, &[adam], ice);
    pass_window(&mut g);
    assert!(kod(&g, ice));
    // Only while he's stunned.
    let mut g = main_phase(STAR_LORD, HULK);
    let adam = g.spawn("mnb-074", 0, Zone::Front);
    loc(&mut g, 0, FORTRESS);
    assert!(g.is_face_up_character(adam));
    assert!(!can_use(&g, adam, "Emerge"));
}

#[test]
fn mnb_075_vigilante_justice_makes_a_character_in_combat_ferocious() {
    for played in [true, false] {
        let mut g = main_phase(STAR_LORD, HULK);
        let venom = g.spawn(AGENT_VENOM, 0, Zone::Front); // 3/3
        let magik = g.spawn(MAGIK, 1, Zone::Front); // 3/2
        attack(&mut g, &[venom], magik);
        if played {
            let vj = g.spawn("mnb-075", 0, Zone::Hand);
            play(&mut g, vj);
            assert!(offered(&g, venom) && offered(&g, magik));
            apply(&mut g, Action::Choose { card: venom });
            assert!(g.has_keyword(venom, Keyword::Ferocious));
        }
        pass_window(&mut g);
        assert!(kod(&g, magik));
        assert_eq!(!kod(&g, venom), played, "strikes first only when Ferocious");
    }
}

#[test]
fn mnb_075_vigilante_justice_needs_a_guardian_and_a_combat() {
    team_symbol_is_required("mnb-075", HULK, ANT_MAN, AGENT_VENOM, true);
    plot_twist_timing("mnb-075", STAR_LORD, false);
}

#[test]
fn mnb_076_even_the_odds_strips_counters_and_resets_an_enemy_to_base_this_combat() {
    let mut g = main_phase(STAR_LORD, HULK);
    let thor = g.spawn(THOR, 0, Zone::Front);
    let col = g.spawn(COLOSSUS, 1, Zone::Front);
    g.add_plus(col, 2);
    loc(&mut g, 1, FORTRESS);
    let eto = g.spawn("mnb-076", 0, Zone::Hand);
    attack(&mut g, &[thor], col);
    apply(&mut g, Action::Pass); // Ada
    use_power(&mut g, col, "Organic Steel"); // Bo: 14/14
    assert_eq!(g.stats(col), (14, 14));
    play(&mut g, eto);
    pick(&mut g, col);
    assert_eq!(counters(&g, col), (0, 0));
    assert_eq!(g.stats(col), (7, 7));
    pass_window(&mut g);
    assert!(stunned(&g, thor) && !stunned(&g, col));
}

#[test]
fn mnb_076_even_the_odds_needs_a_guardian_and_a_combat() {
    team_symbol_is_required("mnb-076", HULK, ANT_MAN, AGENT_VENOM, true);
    plot_twist_timing("mnb-076", STAR_LORD, false);
}

#[test]
fn mnb_077_give_em_a_lift_gives_a_counter_and_flight_this_turn() {
    let mut g = main_phase(STAR_LORD, HULK);
    let venom = g.spawn(AGENT_VENOM, 0, Zone::Front);
    g.spawn(ANT_MAN, 1, Zone::Front);
    let cable = g.spawn(CABLE, 1, Zone::Back);
    assert!(!g.legal_defenders(&[venom]).contains(&cable));
    let lift = g.spawn("mnb-077", 0, Zone::Hand);
    play(&mut g, lift);
    pick(&mut g, venom);
    assert_eq!(counters(&g, venom), (1, 0));
    assert!(g.legal_defenders(&[venom]).contains(&cable));
    next_turn(&mut g);
    assert!(!g.has_keyword(venom, Keyword::Flight), "this turn only");
}

#[test]
fn mnb_077_give_em_a_lift_needs_a_guardian_and_the_main_phase() {
    team_symbol_is_required("mnb-077", HULK, ANT_MAN, AGENT_VENOM, false);
    plot_twist_timing("mnb-077", STAR_LORD, true);
}

#[test]
fn mnb_078_knowhere_pays_any_of_four_symbols_for_guardians_only() {
    location_pays(
        "mnb-078",
        STAR_LORD,
        &[
            ("mnb-068", "Nova Force Speed"),    // Energy
            ("mnb-063", "Psychokinetic Shove"), // Intellect
            (AGENT_VENOM, "Symbiote Strength"), // Might
            ("mnb-062", "Yaka Arrow"),          // Skill
        ],
        &[(THOR, "Lightning Strike"), (STORM_SC, "Thunder Storm")],
    );
}

// ===========================================================================
// Supervillains
// ===========================================================================

/// Green Goblin (main, level 1 or 2) uses Sadistic Choice on Colossus. `discard`: Bo
/// has two cards and answers Yes (discard) or No (stun); None: Bo's hand is empty.
fn sadistic_choice(level2: bool, discard: Option<bool>) {
    let mut g = main_phase(GOBLIN, HULK);
    let gg = main_of(&g, 0);
    if level2 {
        level_up(&mut g, 0);
    }
    let col = g.spawn(COLOSSUS, 1, Zone::Front);
    let ice = g.spawn(ICEMAN, 1, Zone::Front);
    let own = g.spawn(ANT_MAN, 0, Zone::Front);
    if discard.is_some() {
        g.spawn(FILLER, 1, Zone::Hand);
        g.spawn(FILLER, 1, Zone::Hand);
    }
    loc(&mut g, 0, ACADEMY);
    use_power(&mut g, gg, "Sadistic Choice");
    assert!(offered(&g, col) && offered(&g, ice));
    assert!(!offered(&g, main_of(&g, 1)), "a supporting character");
    assert!(!offered(&g, own), "an enemy character");
    apply(&mut g, Action::Choose { card: col });
    match discard {
        Some(yes) => {
            assert_eq!(g.pending(), Pending::Effect { seat: 1 }, "Bo chooses");
            apply(&mut g, if yes { Action::Yes } else { Action::No });
            assert_eq!(g.players()[1].hand().len(), if yes { 1 } else { 2 });
            assert_eq!(kod(&g, col), !yes);
        }
        None => assert!(kod(&g, col), "no card to discard"),
    }
}

#[test]
fn mnb_079_green_goblin_sadistic_choice_stuns_unless_that_player_discards_at_random() {
    sadistic_choice(false, Some(true));
    sadistic_choice(false, Some(false));
    sadistic_choice(false, None);
}

#[test]
fn mnb_079_green_goblin_chaos_and_destruction_gains_xp_when_an_enemy_is_stunned() {
    let mut g = main_phase(GOBLIN, HULK);
    let gg = main_of(&g, 0);
    assert_eq!(level_up_xp(&g, gg), 6);
    let thor = g.spawn(THOR, 0, Zone::Front);
    let ice = g.spawn(ICEMAN, 1, Zone::Front);
    attack(&mut g, &[thor], ice);
    pass_window(&mut g);
    assert_eq!(g.card(gg).xp(), 1);
    // One of Ada's own characters stunned: nothing.
    let ant = g.spawn(ANT_MAN, 0, Zone::Front);
    let col = g.spawn(COLOSSUS, 1, Zone::Front);
    attack(&mut g, &[ant], col);
    pass_window(&mut g);
    assert!(kod(&g, ant));
    assert_eq!(g.card(gg).xp(), 1);
    // Stunned by an effect also counts; the sixth levels him up.
    g.set_xp(gg, 5);
    let storm = g.spawn(STORM_SC, 0, Zone::Back);
    loc(&mut g, 0, LABORATORY);
    let ice = g.spawn(ICEMAN, 1, Zone::Front);
    use_power(&mut g, storm, "Thunder Storm");
    assert!(kod(&g, ice));
    assert_eq!(g.def(gg).level(), 2);
}

#[test]
fn mnb_080_green_goblin_l2_sadistic_choice_stuns_unless_that_player_discards_at_random() {
    sadistic_choice(true, Some(true));
    sadistic_choice(true, Some(false));
    sadistic_choice(true, None);
}

#[test]
fn mnb_080_green_goblin_l2_bombs_away_kos_a_stunned_enemy_supporting_character() {
    let mut g = main_phase(GOBLIN, HULK);
    let gg = level_up(&mut g, 0);
    let namor = g.spawn(NAMOR, 1, Zone::Front);
    let thor = g.spawn(THOR, 1, Zone::Front);
    let col = g.spawn(COLOSSUS, 1, Zone::Front);
    let own = g.spawn(NAMOR, 0, Zone::Back);
    for c in [namor, thor, own, main_of(&g, 1)] {
        stun_setup(&mut g, c, true);
    }
    loc(&mut g, 0, TRAINING_GROUND);
    use_power(&mut g, gg, "Bombs Away");
    assert!(offered(&g, namor) && offered(&g, thor));
    assert!(!offered(&g, col), "stunned");
    assert!(!offered(&g, main_of(&g, 1)), "supporting");
    assert!(!offered(&g, own), "enemy");
    apply(&mut g, Action::Choose { card: namor });
    assert!(kod(&g, namor));
}

/// Magneto (main, level 1 or 2) is attacked by Thor on Bo's turn and raises his DEF.
fn magnetic_force_field(level2: bool) {
    let mut g = main_phase(MAGNETO, HULK);
    let magneto = main_of(&g, 0);
    if level2 {
        level_up(&mut g, 0);
    }
    loc(&mut g, 0, LABORATORY);
    assert!(
        !can_use(&g, magneto, "Magnetic Force Field"),
        "a Combat power"
    );
    their_main_phase(&mut g);
    let thor = g.spawn(THOR, 1, Zone::Front);
    g.add_plus(thor, 1); // 7 ATK: enough against either level's DEF alone
    let (atk, def) = g.stats(magneto);
    attack(&mut g, &[thor], magneto);
    apply(&mut g, Action::Pass); // Bo
    use_power(&mut g, magneto, "Magnetic Force Field");
    assert_eq!(g.stats(magneto), (atk, def + 4));
    pass_window(&mut g);
    assert!(!stunned(&g, magneto));
    assert_eq!(g.stats(magneto), (atk, def), "this combat only");
}

#[test]
fn mnb_083_magneto_magnetic_force_field_gives_him_four_def_this_combat() {
    magnetic_force_field(false);
}

#[test]
fn mnb_083_magneto_mutant_master_gains_xp_at_the_start_of_your_turn_if_face_up() {
    let mut g = game(MAGNETO, HULK);
    let magneto = main_of(&g, 0);
    assert_eq!(level_up_xp(&g, magneto), 4);
    let xp = g.card(magneto).xp();
    next_turn(&mut g);
    assert_eq!(g.card(magneto).xp(), xp, "Bo's turn");
    next_turn(&mut g);
    assert_eq!(g.card(magneto).xp(), xp + 1);
    // Stunned at the start of the turn: none (he recovers only afterwards).
    next_turn(&mut g);
    stun_setup(&mut g, magneto, false);
    next_turn(&mut g);
    assert!(!stunned(&g, magneto));
    assert_eq!(g.card(magneto).xp(), xp + 1);
    g.set_xp(magneto, 3);
    next_turn(&mut g);
    next_turn(&mut g);
    assert_eq!(g.def(magneto).level(), 2);
}

#[test]
fn mnb_084_magneto_l2_magnetic_force_field_gives_him_four_def_this_combat() {
    magnetic_force_field(true);
}

#[test]
fn mnb_084_magneto_l2_mutant_supremacy_kos_a_face_down_resource() {
    let mut g = main_phase(MAGNETO, HULK);
    let magneto = level_up(&mut g, 0);
    loc(&mut g, 0, FORTRESS);
    let theirs = loc(&mut g, 1, LABORATORY);
    g.set_face_up(theirs, false);
    let face_up = loc(&mut g, 1, ACADEMY);
    let mine = loc(&mut g, 0, LABORATORY);
    g.set_face_up(mine, false);
    use_power(&mut g, magneto, "Mutant Supremacy");
    assert!(offered(&g, theirs) && offered(&g, mine), "any side");
    assert!(!offered(&g, face_up), "face down only");
    apply(&mut g, Action::Choose { card: theirs });
    assert!(kod(&g, theirs));
    assert_eq!(*g.players()[1].resources(), vec![face_up]);
}

#[test]
fn mnb_088_mystique_impersonate_copies_another_characters_current_stats_as_her_base() {
    let mut g = main_phase(MAGNETO, HULK);
    let mystique = g.spawn("mnb-088", 0, Zone::Front);
    g.add_plus(mystique, 1);
    let col = g.spawn(COLOSSUS, 1, Zone::Front);
    g.add_plus(col, 1); // currently 8/8
    let thor = g.spawn(THOR, 1, Zone::Front);
    stun_setup(&mut g, thor, true);
    loc(&mut g, 0, TRAINING_GROUND);
    use_power(&mut g, mystique, "Impersonate");
    assert!(offered(&g, col) && offered(&g, main_of(&g, 0)));
    assert!(!offered(&g, mystique), "another character");
    assert!(!offered(&g, thor), "face-up");
    apply(&mut g, Action::Choose { card: col });
    assert_eq!(g.base_stats(mystique), (8, 8));
    assert_eq!(g.stats(mystique), (9, 9), "her own counter still counts");
    next_turn(&mut g);
    assert_eq!(g.stats(mystique), (3, 5), "for the rest of the turn");
}

#[test]
fn mnb_089_doctor_octopus_grab_stops_enemies_flying_over_him_in_the_front_row() {
    grab("mnb-089");
}

#[test]
fn mnb_089_doctor_octopus_genius_may_draw_a_card_at_the_start_of_your_turn_if_face_up() {
    genius("mnb-089");
}

#[test]
fn mnb_090_green_goblin_blast_puts_a_minus_counter_on_each_character_in_an_enemy_row() {
    let mut g = game(MAGNETO, HULK);
    let ice = g.spawn(ICEMAN, 1, Zone::Front);
    let col = g.spawn(COLOSSUS, 1, Zone::Front);
    let cable = g.spawn(CABLE, 1, Zone::Back);
    let own = g.spawn(ANT_MAN, 0, Zone::Front);
    let gg = recruit(&mut g, "mnb-090", Row::Back);
    assert_eq!(g.card(gg).zone(), Zone::Back);
    assert_eq!(g.pending(), Pending::Effect { seat: 0 });
    apply(&mut g, Action::ChooseRow { row: Row::Front });
    assert!(kod(&g, ice));
    assert_eq!(counters(&g, col), (0, 1));
    assert_eq!(counters(&g, cable), (0, 0), "the other row");
    assert_eq!(counters(&g, own), (0, 0), "an enemy row");
}

#[test]
fn mnb_091_red_skull_dodge_cant_be_ranged_attacked() {
    let mut g = main_phase(HULK, MAGNETO);
    let skull = g.spawn("mnb-091", 1, Zone::Front);
    let ant = g.spawn(ANT_MAN, 1, Zone::Front);
    let bw = g.spawn(BLACK_WIDOW, 0, Zone::Back);
    apply(&mut g, Action::Attack { attacker: bw });
    assert!(legal(&g, &Action::Defender { card: ant }));
    assert!(!legal(&g, &Action::Defender { card: skull }));
}

#[test]
fn mnb_091_red_skull_dust_of_death_stuns_a_character_melee_attacking_him() {
    let mut g = main_phase(HULK, MAGNETO);
    let skull = g.spawn("mnb-091", 1, Zone::Front);
    loc(&mut g, 1, TRAINING_GROUND);
    let col = g.spawn(COLOSSUS, 0, Zone::Front);
    attack(&mut g, &[col], skull);
    apply(&mut g, Action::Pass); // Ada
    assert_eq!(g.pending(), Pending::Act { seat: 1 });
    use_power(&mut g, skull, "Dust of Death");
    pick(&mut g, col);
    assert!(kod(&g, col));
    pass_window(&mut g);
    assert!(g.combat().is_none());
    assert!(!stunned(&g, skull), "the attacker never struck");
    // Only while he is the one being attacked.
    let mut g = main_phase(HULK, MAGNETO);
    let skull = g.spawn("mnb-091", 1, Zone::Front);
    let cable = g.spawn(CABLE, 1, Zone::Front);
    loc(&mut g, 1, TRAINING_GROUND);
    let col = g.spawn(COLOSSUS, 0, Zone::Front);
    attack(&mut g, &[col], cable);
    apply(&mut g, Action::Pass);
    assert!(!can_use(&g, skull, "Dust of Death"));
}

#[test]
fn mnb_092_sabretooth_berserker_and_ferocious_counter_then_strike_first() {
    let mut g = main_phase(MAGNETO, HULK);
    let sabre = g.spawn("mnb-092", 0, Zone::Front);
    let magik = g.spawn(MAGIK, 1, Zone::Front);
    g.add_plus(magik, 1); // 4/3: would stun a 4/4 striking at the same time
    attack(&mut g, &[sabre], magik);
    assert_eq!(counters(&g, sabre), (1, 0), "Berserker");
    pass_window(&mut g);
    assert!(kod(&g, magik));
    assert!(!stunned(&g, sabre), "Ferocious: Magik never struck");
}

/// Ultron `number` in play uses Replicate in the Build Phase and finds `copy` in the deck.
fn replicate(number: &str, copy: &str) {
    let mut g = game(MAGNETO, HULK);
    let ultron = g.spawn(number, 0, Zone::Back);
    let found = g.spawn(copy, 0, Zone::Deck);
    g.spawn(FILLER, 0, Zone::Deck);
    loc(&mut g, 0, LABORATORY);
    use_power(&mut g, ultron, "Replicate");
    assert!(offered(&g, found));
    assert!(legal(&g, &Action::Pass), "you may fail to find (p.25)");
    apply(&mut g, Action::Choose { card: found });
    // "Onto your side": the row is the controller's choice.
    assert_eq!(g.pending(), Pending::Effect { seat: 0 });
    apply(&mut g, Action::ChooseRow { row: Row::Front });
    assert!(g.is_face_up_character(found) && g.card(found).controller() == 0);
    assert_eq!(g.row_of(found), Some(Row::Front));
    assert!(g.is_face_up_character(ultron), "Swarm: both stay");
    // A Build power: not in the Main Phase.
    let mut g = main_phase(MAGNETO, HULK);
    let ultron = g.spawn(number, 0, Zone::Back);
    g.spawn(copy, 0, Zone::Deck);
    loc(&mut g, 0, LABORATORY);
    assert!(!can_use(&g, ultron, "Replicate"));
}

#[test]
fn mnb_093_ultron_replicate_puts_a_copy_from_your_deck_onto_your_side() {
    replicate("mnb-093", "mnb-093");
    replicate("mnb-093", "mnb-093ea");
}

#[test]
fn mnb_093ea_ultron_replicate_puts_a_copy_from_your_deck_onto_your_side() {
    replicate("mnb-093ea", "mnb-093ea");
    replicate("mnb-093ea", "mnb-093");
}

#[test]
fn mnb_094_abomination_monstrous_strikes_back_at_each_melee_team_attacker() {
    let mut g = main_phase(HULK, MAGNETO);
    let abom = g.spawn("mnb-094", 1, Zone::Front);
    let ant = g.spawn(ANT_MAN, 0, Zone::Front);
    let bw = g.spawn(BLACK_WIDOW, 0, Zone::Front);
    attack(&mut g, &[ant, bw], abom);
    pass_window(&mut g);
    assert!(g.combat().is_none(), "no strike-back choice to make");
    assert!(kod(&g, ant) && kod(&g, bw));
    assert!(!stunned(&g, abom), "4 ATK against 5 DEF");
}

#[test]
fn mnb_095_mandarin_makluan_rings_four_powers_one_per_symbol() {
    let setup = |location: &str| {
        let mut g = main_phase(MAGNETO, HULK);
        let mandarin = g.spawn(MANDARIN, 0, Zone::Back);
        let l = loc(&mut g, 0, location);
        assert_eq!(
            uses(&g, mandarin, "Makluan Rings").len(),
            1,
            "one per symbol"
        );
        (g, mandarin, l)
    };
    // Intellect: draw a card.
    let (mut g, m, l) = setup(ACADEMY);
    use_power_paying(&mut g, m, "Makluan Rings", l);
    assert_eq!(g.players()[0].hand().len(), 1);
    // Skill: an enemy player discards a card of their choice.
    let (mut g, m, l) = setup(TRAINING_GROUND);
    let keep = g.spawn(FILLER, 1, Zone::Hand);
    let lose = g.spawn(THOR, 1, Zone::Hand);
    use_power_paying(&mut g, m, "Makluan Rings", l);
    assert_eq!(g.pending(), Pending::Effect { seat: 1 });
    apply(&mut g, Action::Choose { card: lose });
    assert!(kod(&g, lose) && g.card(keep).zone() == Zone::Hand);
    // Might: a +1/+1 counter on a character.
    let (mut g, m, l) = setup(FORTRESS);
    let col = g.spawn(COLOSSUS, 1, Zone::Front);
    use_power_paying(&mut g, m, "Makluan Rings", l);
    apply(&mut g, Action::Choose { card: col });
    assert_eq!(counters(&g, col), (1, 0));
    // Energy: a -1/-1 counter on a character.
    let (mut g, m, l) = setup(LABORATORY);
    let col = g.spawn(COLOSSUS, 1, Zone::Front);
    use_power_paying(&mut g, m, "Makluan Rings", l);
    apply(&mut g, Action::Choose { card: col });
    assert_eq!(counters(&g, col), (0, 1));
    // Each is its own Super Power: all four in one turn.
    let mut g = main_phase(MAGNETO, HULK);
    let m = g.spawn(MANDARIN, 0, Zone::Back);
    for l in [ACADEMY, TRAINING_GROUND, FORTRESS, LABORATORY] {
        loc(&mut g, 0, l);
    }
    g.spawn(FILLER, 1, Zone::Hand);
    let mut used = 0;
    while let Some(a) = uses(&g, m, "Makluan Rings").into_iter().next() {
        apply(&mut g, a);
        while let Some(a) = g.legal_actions().into_iter().find(|a| *a != Action::Pass) {
            if g.pending() == (Pending::Act { seat: 0 }) {
                break;
            }
            apply(&mut g, a);
        }
        used += 1;
    }
    assert_eq!(used, 4);
}

#[test]
fn mnb_097_magneto_magnetic_suppression_keeps_enemy_supporting_characters_stunned() {
    let mut g = game(GOBLIN, HULK);
    g.spawn("mnb-097", 0, Zone::Back);
    let namor = g.spawn(NAMOR, 1, Zone::Front);
    let hulk = main_of(&g, 1);
    stun_setup(&mut g, namor, true);
    stun_setup(&mut g, hulk, true);
    let own = g.spawn(NAMOR, 0, Zone::Front);
    stun_setup(&mut g, own, true);
    next_turn(&mut g);
    assert!(
        stunned(&g, namor),
        "Bo's supporting character can't recover"
    );
    assert!(!stunned(&g, hulk), "his main character does");
    next_turn(&mut g);
    assert!(!stunned(&g, own), "Ada's own characters do");
}

#[test]
fn mnb_098_loki_schemer_may_draw_on_the_first_plot_twist_of_a_turn() {
    let mut g = main_phase(MAGNETO, HULK);
    g.spawn("mnb-098", 0, Zone::Back);
    let first = g.spawn("mnb-101", 0, Zone::Hand);
    let second = g.spawn("mnb-101", 0, Zone::Hand);
    play(&mut g, first);
    assert_eq!(g.pending(), Pending::Effect { seat: 0 });
    apply(&mut g, Action::Yes);
    assert_eq!(
        g.players()[0].hand().len(),
        2,
        "the second plot twist and the drawn card"
    );
    play(&mut g, second);
    assert_eq!(
        g.pending(),
        Pending::Act { seat: 0 },
        "only the first each turn"
    );
    assert_eq!(g.players()[0].hand().len(), 1);
}

#[test]
fn mnb_100_thanos_welcome_death_wounds_every_stunned_character() {
    let mut g = main_phase(MAGNETO, HULK);
    let thanos = g.spawn(THANOS_SC, 0, Zone::Front);
    let own = g.spawn(NAMOR, 0, Zone::Back);
    let theirs = g.spawn(THOR, 1, Zone::Front);
    let hulk = main_of(&g, 1);
    let up = g.spawn(COLOSSUS, 1, Zone::Front);
    for c in [own, theirs, hulk] {
        stun_setup(&mut g, c, true);
    }
    loc(&mut g, 0, FORTRESS);
    use_power(&mut g, thanos, "Welcome Death");
    assert!(kod(&g, own) && kod(&g, theirs), "second wound at health 2");
    assert_eq!(g.card(hulk).wounds(), 2);
    assert_eq!(g.card(up).wounds(), 0, "face-up characters are spared");
    assert_eq!(g.card(thanos).wounds(), 0);
}

#[test]
fn mnb_101_extinguish_kos_a_stunned_supporting_character() {
    let mut g = main_phase(MAGNETO, HULK);
    let theirs = g.spawn(THOR, 1, Zone::Front);
    let own = g.spawn(NAMOR, 0, Zone::Back);
    let up = g.spawn(COLOSSUS, 1, Zone::Front);
    let hulk = main_of(&g, 1);
    for c in [theirs, own, hulk] {
        stun_setup(&mut g, c, true);
    }
    let ex = g.spawn("mnb-101", 0, Zone::Hand);
    play(&mut g, ex);
    assert!(offered(&g, theirs) && offered(&g, own));
    assert!(!offered(&g, up), "stunned");
    assert!(!offered(&g, hulk), "supporting");
    apply(&mut g, Action::Choose { card: theirs });
    assert!(kod(&g, theirs));
}

#[test]
fn mnb_101_extinguish_needs_a_supervillain_and_the_main_phase() {
    team_symbol_is_required("mnb-101", HULK, ANT_MAN, MANDARIN, false);
    plot_twist_timing("mnb-101", MAGNETO, true);
}

#[test]
fn mnb_102_metal_and_fire_puts_a_minus_counter_on_each_enemy_in_the_combat() {
    let mut g = main_phase(MAGNETO, HULK);
    let ant = g.spawn(ANT_MAN, 0, Zone::Front);
    let col = g.spawn(COLOSSUS, 1, Zone::Front);
    let other = g.spawn(LUKE_CAGE, 1, Zone::Front);
    attack(&mut g, &[ant], col);
    let mf = g.spawn("mnb-102", 0, Zone::Hand);
    play(&mut g, mf);
    assert_eq!(counters(&g, col), (0, 1));
    assert_eq!(counters(&g, other), (0, 0), "not in the combat");
    assert_eq!(counters(&g, ant), (0, 0), "not an enemy");
}

#[test]
fn mnb_102_metal_and_fire_needs_a_supervillain_and_a_combat() {
    team_symbol_is_required("mnb-102", HULK, ANT_MAN, MANDARIN, true);
    plot_twist_timing("mnb-102", MAGNETO, false);
}

#[test]
fn mnb_103_trickster_god_switches_atk_and_def_of_a_character_in_the_combat() {
    let mut g = main_phase(MAGNETO, HULK);
    let ant = g.spawn(ANT_MAN, 0, Zone::Front);
    let luke = g.spawn(LUKE_CAGE, 1, Zone::Front);
    let other = g.spawn(COLOSSUS, 1, Zone::Front);
    attack(&mut g, &[ant], luke);
    let tg = g.spawn("mnb-103", 0, Zone::Hand);
    play(&mut g, tg);
    assert!(offered(&g, luke) && offered(&g, ant));
    assert!(!offered(&g, other), "in the combat");
    apply(&mut g, Action::Choose { card: luke });
    assert_eq!(g.stats(luke), (6, 7));
    pass_window(&mut g);
    assert_eq!(g.stats(luke), (7, 6), "this combat only");
}

#[test]
fn mnb_103_trickster_god_needs_a_supervillain_and_a_combat() {
    team_symbol_is_required("mnb-103", HULK, ANT_MAN, MANDARIN, true);
    plot_twist_timing("mnb-103", MAGNETO, false);
}

#[test]
fn mnb_104_the_vault_pays_any_of_four_symbols_for_supervillains_only() {
    location_pays(
        "mnb-104",
        MAGNETO,
        &[
            ("mnb-093", "Replicate"),     // Energy (Build)
            (MANDARIN, "Makluan Rings"),  // Intellect among others
            (THANOS_SC, "Welcome Death"), // Might
            ("mnb-088", "Impersonate"),   // Skill
        ],
        &[
            (THOR, "Lightning Strike"),
            (AGENT_VENOM, "Symbiote Strength"),
        ],
    );
}

// ===========================================================================
// Neutral plot twists and locations
// ===========================================================================

/// On Bo's turn, Bo's `attacker` attacks Ada's `defender`; Ada plays `plot` and chooses
/// `target`. Returns the game after the choice, still in the combat window.
fn neutral_plot_twist(
    plot: &str,
    attacker: &str,
    defender: &str,
    pick_defender: bool,
) -> (GameState, CardId, CardId) {
    let mut g = main_phase(HULK, MAGNETO);
    let d = g.spawn(defender, 0, Zone::Front);
    let pt = g.spawn(plot, 0, Zone::Hand);
    their_main_phase(&mut g);
    let a = g.spawn(attacker, 1, Zone::Front);
    attack(&mut g, &[a], d);
    apply(&mut g, Action::Pass); // Bo
    play(&mut g, pt);
    let (yes, no) = if pick_defender { (d, a) } else { (a, d) };
    assert!(!offered(&g, no), "the other side of the combat");
    pick(&mut g, yes);
    assert!(kod(&g, pt));
    (g, a, d)
}

#[test]
fn mnb_105_open_fire_gives_an_attacker_two_atk_this_combat() {
    let (g, a, _) = neutral_plot_twist("mnb-105", AGENT_VENOM, COLOSSUS, false);
    assert_eq!(g.stats(a), (5, 3));
    plot_twist_timing("mnb-105", HULK, false);
}

#[test]
fn mnb_106_best_offense_is_a_good_defense_gives_an_attacker_five_def_this_combat() {
    let (mut g, a, d) = neutral_plot_twist("mnb-106", AGENT_VENOM, COLOSSUS, false);
    assert_eq!(g.stats(a), (3, 8));
    pass_window(&mut g);
    assert!(!stunned(&g, a), "Colossus' 7 ATK no longer stuns it");
    assert!(!stunned(&g, d));
    plot_twist_timing("mnb-106", HULK, false);
}

#[test]
fn mnb_107_savage_surprise_gives_a_defender_four_atk_this_combat() {
    let (mut g, a, d) = neutral_plot_twist("mnb-107", THOR, AGENT_VENOM, true);
    assert_eq!(g.stats(d), (7, 3));
    pass_window(&mut g);
    assert!(stunned(&g, a), "7 ATK stuns Thor (5 DEF)");
    plot_twist_timing("mnb-107", HULK, false);
}

#[test]
fn mnb_108_find_cover_gives_a_defender_three_def_this_combat() {
    let (mut g, _, d) = neutral_plot_twist("mnb-108", ANT_MAN, MAGIK, true);
    assert_eq!(g.stats(d), (3, 5));
    pass_window(&mut g);
    assert!(!stunned(&g, d), "Ant-Man's 2 ATK no longer stuns Magik");
    plot_twist_timing("mnb-108", HULK, false);
}

#[test]
fn mnb_109_training_ground_pays_skill() {
    location_pays(
        TRAINING_GROUND,
        HULK,
        &[(HAWKEYE, "Take Aim"), ("mnb-062", "Yaka Arrow")],
        &[
            (THOR, "Lightning Strike"),
            (NICK_FURY, "The Vast Resources of S.H.I.E.L.D."),
            (AGENT_VENOM, "Symbiote Strength"),
        ],
    );
}

#[test]
fn mnb_110_laboratory_pays_energy() {
    location_pays(
        LABORATORY,
        HULK,
        &[(THOR, "Lightning Strike"), (STORM_SC, "Thunder Storm")],
        &[
            (HAWKEYE, "Take Aim"),
            (NICK_FURY, "The Vast Resources of S.H.I.E.L.D."),
            (AGENT_VENOM, "Symbiote Strength"),
        ],
    );
}

#[test]
fn mnb_111_academy_pays_intellect() {
    location_pays(
        ACADEMY,
        HULK,
        &[
            (NICK_FURY, "The Vast Resources of S.H.I.E.L.D."),
            (MAGIK, "Teleport to Limbo"),
        ],
        &[
            (HAWKEYE, "Take Aim"),
            (THOR, "Lightning Strike"),
            (AGENT_VENOM, "Symbiote Strength"),
        ],
    );
}

#[test]
fn mnb_112_fortress_pays_might() {
    location_pays(
        FORTRESS,
        HULK,
        &[(AGENT_VENOM, "Symbiote Strength"), (HULK, "Smash")],
        &[
            (HAWKEYE, "Take Aim"),
            (THOR, "Lightning Strike"),
            (NICK_FURY, "The Vast Resources of S.H.I.E.L.D."),
        ],
    );
}
