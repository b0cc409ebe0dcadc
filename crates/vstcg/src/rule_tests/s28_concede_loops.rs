//! Session 28: conceding (102.5) and loops (703.1a, 703.1b, 703.3).

use crate::action::Action;
use crate::deckfile::{prebuilt, PREBUILT};
use crate::ids::*;
use crate::setup::VsTcgSetup;
use crate::state::*;
use crate::testkit::Bench;
use crate::VsTcg;
use crossover_kernel::{Game, GameRng, Outcome};

/// A game of `seats` players with the prebuilt decks, played at random from `seed` until
/// `stop` holds (or the game ends).
fn random_game(seats: usize, seed: u64, mut stop: impl FnMut(&VsTcg) -> bool) -> VsTcg {
    let pool = crate::db::built_in_pool();
    let decks = (0..seats)
        .map(|i| prebuilt(&pool, PREBUILT[i % PREBUILT.len()].0).expect("prebuilt"))
        .collect();
    let mut g = VsTcg::new_game(&VsTcgSetup::new(decks), seed).expect("a game");
    let mut rng = GameRng::from_seed(seed);
    while g.outcome().is_none() && !stop(&g) {
        let legal = g.legal_actions();
        g.apply(&legal[rng.below(legal.len())]).expect("offered");
    }
    g
}

/// Plays the game to its end at random; every decision has options and is asked of a
/// player still in the game.
fn play_out(g: &mut VsTcg, seed: u64) {
    let mut rng = GameRng::from_seed(seed);
    let mut steps = 0;
    while g.outcome().is_none() {
        steps += 1;
        assert!(steps < 200_000, "the game does not end");
        let seat = g.to_move().expect("a decision");
        assert!(
            g.state.in_game(seat as PlayerId),
            "a player who left is asked"
        );
        let legal = g.legal_actions();
        assert!(!legal.is_empty(), "a decision with no options");
        g.apply(&legal[rng.below(legal.len())]).expect("offered");
    }
}

/// 102.5: in a two-player game, the player who concedes loses and the other wins (102.1);
/// a player may concede though the decision is the other's.
#[test]
fn r102_5_conceding_in_a_two_player_game_the_other_wins() {
    let b = Bench::new("");
    let mut g = VsTcg { state: b.g };
    assert_eq!(g.state.pending(), Pending::Priority(0));
    g.apply(&Action::Concede(1)).expect("player 1 concedes");
    assert_eq!(g.outcome(), Some(Outcome::Win(vec![0])));
    assert!(!g.state.in_game(1));
    // The deciding player may concede too.
    let b = Bench::new("");
    let mut g = VsTcg { state: b.g };
    assert_eq!(g.concede(0), Some(Action::Concede(0)));
    g.apply(&Action::Concede(0)).expect("player 0 concedes");
    assert_eq!(g.outcome(), Some(Outcome::Win(vec![1])));
    // No one concedes once the game is over.
    assert_eq!(g.concede(1), None);
    assert_eq!(g.apply(&Action::Concede(1)).unwrap_err().rule, "102.5");
}

/// 102.5: conceding is never among the options of a decision (computer players choose
/// from those), and a player who isn't in the game can't concede: refused naming 102.5,
/// the state unchanged.
#[test]
fn r102_5_conceding_is_never_offered_and_only_a_player_in_the_game_concedes() {
    let mut g = random_game(3, 5, |g| g.state.turn() >= 2);
    assert!(g.outcome().is_none());
    assert!(!g
        .legal_actions()
        .iter()
        .any(|a| matches!(a, Action::Concede(_))));
    let before = g.state_hash();
    assert_eq!(g.apply(&Action::Concede(3)).unwrap_err().rule, "102.5");
    assert_eq!(g.apply(&Action::Concede(200)).unwrap_err().rule, "102.5");
    assert_eq!(g.state_hash(), before);
    let other = (g.to_move().unwrap() as PlayerId + 1) % 3;
    g.apply(&Action::Concede(other)).expect("concedes");
    let before = g.state_hash();
    let again = g.apply(&Action::Concede(other)).unwrap_err();
    assert_eq!(again.rule, "102.5");
    assert_eq!(g.state_hash(), before, "refused unchanged");
}

/// 102.5, 102.3: in a three-player game the player who concedes leaves with every card
/// they own (as a player who loses), and the other two play on to the end.
#[test]
fn r102_5_a_player_who_concedes_leaves_and_the_others_play_on() {
    let mut g = random_game(3, 11, |g| {
        g.state.turn() >= 2 && matches!(g.state.pending(), Pending::Priority(_))
    });
    assert!(g.outcome().is_none());
    let p = g.to_move().unwrap() as PlayerId;
    g.apply(&Action::Concede(p)).expect("concedes");
    assert!(!g.state.in_game(p));
    assert!(g.outcome().is_none(), "two players are left");
    for i in 0..g.state.card_count() {
        let c = g.state.card(CardId(i as u16));
        assert_eq!(
            matches!(c.zone, Zone::Removed { .. }),
            c.owner == p,
            "only the conceding player's cards leave"
        );
    }
    assert!(g.state.chain().iter().all(|e| e.controller != Some(p)));
    assert_ne!(
        g.to_move(),
        Some(p as usize),
        "the game goes on without them"
    );
    play_out(&mut g, 11);
    match g.outcome() {
        Some(Outcome::Win(w)) => assert_ne!(w, vec![p as usize]),
        Some(Outcome::Tie(t)) => assert!(!t.contains(&(p as usize))),
        o => panic!("{o:?}"),
    }
}

/// 102.5: a player concedes while another holds priority: the decision stays the other
/// player's, and priority then passes over the player who left (216.2).
#[test]
fn r102_5_conceding_while_not_holding_priority() {
    let mut g = random_game(3, 21, |g| {
        g.state.turn() >= 2
            && g.state.pending() == Pending::Priority(g.state.primary_player())
            && g.state.priority.to_ask().len() == 3
    });
    let holder = g.to_move().unwrap() as PlayerId;
    let next = (holder + 1) % 3;
    let after = (holder + 2) % 3;
    g.apply(&Action::Concede(next)).expect("concedes");
    assert_eq!(
        g.state.pending(),
        Pending::Priority(holder),
        "still the holder's"
    );
    assert!(!g.state.priority.to_ask().contains(&next));
    g.apply(&Action::Pass).unwrap();
    assert_eq!(
        g.state.pending(),
        Pending::Priority(after),
        "the player who left is skipped"
    );
    play_out(&mut g, 21);
}

/// 102.5: conceding in the middle of something — the effect they are playing, their
/// step, an attack, a choice — ends it with them, and the game goes on from the next
/// decision of a player still in it: at every decision of many random games, some
/// player concedes, and the game still plays to its end.
#[test]
fn r102_5_conceding_at_any_point_leaves_a_game_that_goes_on() {
    for seed in 0..std::env::var("S28_SEEDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(60u64)
    {
        let seats = 3 + (seed % 2) as usize;
        let at = 20 + (seed * 37) % 400;
        let mut steps = 0u64;
        let mut g = random_game(seats, seed, |_| {
            steps += 1;
            steps > at
        });
        if g.outcome().is_some() {
            continue;
        }
        let decider = g.to_move().unwrap() as PlayerId;
        // Half the time the deciding player, half another player still in.
        let p = if seed % 2 == 0 {
            decider
        } else {
            g.state.next_player(decider)
        };
        g.apply(&Action::Concede(p)).expect("concedes");
        assert!(!g.state.in_game(p));
        play_out(&mut g, seed);
    }
}

const LOOP: &str = r#"
(card x-lp "Restless Cadet" "" (character (cost 1) (atk 1) (def 1))
  (trigger (on exhausts) (ready this))
  (trigger (on readies) (exhaust this)))
(card x-g1 "Small Gift" "" (plot-twist (threshold 0)) (effect (gain-endurance you 1)))
"#;

/// Passes, and puts triggered effects on the chain, until the game ends or `limit`
/// decisions were made; how many were.
fn pass_on(b: &mut Bench, limit: usize) -> usize {
    let mut n = 0;
    while b.g.result().is_none() && n < limit {
        match b.g.pending() {
            Pending::Priority(_) => b.act(Action::Pass),
            Pending::OrderTriggers(_) => b.act(Action::PutTrigger(0)),
            p => panic!("{p:?}"),
        }
        n += 1;
    }
    n
}

/// 703.3: triggered effects that keep triggering each other (a character readies when
/// it exhausts and exhausts when it readies) while every player passes bring the game
/// back to the same state again and again: a loop of mandatory actions no player is
/// willing to break, and the game is a draw between the players in it.
#[test]
fn r703_3_a_loop_of_mandatory_actions_no_one_breaks_is_a_draw() {
    let (mut b, pt) = Bench::with_effect("(target 0 character) (exhaust (target 0))", LOOP);
    let cadet = b.in_play(0, "x-lp", Row::Front, 0);
    b.act(Action::PlayPlotTwist(pt));
    b.target(cadet);
    let n = pass_on(&mut b, 500);
    assert_eq!(
        b.g.result(),
        Some(&GameResult::Draw(vec![0, 1])),
        "after {n}"
    );
    assert!(
        n < 2 * (LOOP_WATCH_FROM as usize + 4) + 4,
        "found within a few repetitions: {n} decisions"
    );
}

/// 703.3: the loop is one "no player is willing and able to break": a player who does
/// anything but pass (here plays a plot twist) breaks the run, and the engine starts
/// counting again.
#[test]
fn r703_3_a_player_who_acts_breaks_the_loop() {
    let (mut b, pt) = Bench::with_effect("(target 0 character) (exhaust (target 0))", LOOP);
    let cadet = b.in_play(0, "x-lp", Row::Front, 0);
    let gift = b.in_hand(0, "x-g1");
    b.act(Action::PlayPlotTwist(pt));
    b.target(cadet);
    // Four resolutions: both effects resolve twice.
    while b.g.loop_watch.resolved < 5 {
        pass_on(&mut b, 1);
    }
    while b.g.pending() != Pending::Priority(0) {
        pass_on(&mut b, 1);
    }
    b.act(Action::PlayPlotTwist(gift));
    assert_eq!(b.g.loop_watch.resolved, 0, "the run starts again");
    assert!(b.g.loop_watch.seen.is_empty());
    pass_on(&mut b, 500);
    assert!(
        matches!(b.g.result(), Some(GameResult::Draw(_))),
        "still a draw once everyone passes"
    );
}

/// 703.3: a repeated process (508.2k) whose repetitions leave the game as it was —
/// nothing in it changes what its condition reads — repeats for ever with no decision
/// in it: a loop no player can break, and the game is a draw. A process that changes
/// the game each time is still stopped at 100 repetitions (docs/rulings.md, "Loops").
#[test]
fn r703_3_a_repeated_process_that_changes_nothing_is_a_draw() {
    let effect = "(repeat ((exhaust (target 0))) (until (at-least (cards-in (hand)) 99)))";
    let (mut b, pt) = Bench::with_effect(&format!("(target 0 character) {effect}"), "");
    let cadet = b.in_play(1, "trn-001", Row::Front, 0);
    b.act(Action::PlayPlotTwist(pt));
    b.target(cadet);
    b.resolve_all();
    assert_eq!(b.g.result(), Some(&GameResult::Draw(vec![0, 1])));
    assert!(b.g.card(cadet).exhausted);
}

/// 102.5: a player who concedes in their own step takes no more steps: the game goes
/// on to the next player's steps (here their resource step), and the initiative, if it
/// was theirs, passes clockwise (as in 408.2e).
#[test]
fn r102_5_conceding_in_your_own_step_ends_your_steps() {
    let mut g = random_game(3, 8, |g| {
        g.state.turn() >= 2
            && g.state.chain().is_empty()
            && matches!(g.state.part(), Part::Step(StepKind::Recruit, p) if p == g.state.initiative())
            && g.state.pending() == Pending::Priority(g.state.initiative())
    });
    let p = g.state.initiative();
    let next = (p + 1) % 3;
    g.apply(&Action::Concede(p)).expect("concedes");
    assert_eq!(
        g.state.initiative(),
        next,
        "the initiative passes clockwise"
    );
    assert_eq!(g.state.part(), Part::Step(StepKind::Resource, next));
    assert_eq!(g.state.pending(), Pending::Build(next));
    play_out(&mut g, 8);
}
