//! Session 29: loops of optional actions (703.1a, 703.1b).

use crate::action::Action;
use crate::ids::*;
use crate::state::*;
use crate::testkit::Bench;
use crate::VsTcg;
use crossover_kernel::Game;

const CARDS: &str = r#"
(card x-lr "Loop Runner" "" (character (cost 1) (atk 1) (def 1))
  (payment (cost activate) (target 0 character) (ready (target 0)) (gain-endurance you 1)))
(card x-lp "Costly Runner" "" (character (cost 1) (atk 1) (def 1))
  (payment (cost activate (pay-endurance 3)) (target 0 character) (ready (target 0))))
(card x-g1 "Small Gift" "" (plot-twist (threshold 0)) (effect (gain-endurance you 1)))
(card x-lm "Loop Mayfly" "" (character (cost 1) (atk 1) (def 1))
  (trigger (on exhausts) (ready this))
  (trigger (on readies) (may "exhaust it again?" 1) (exhaust this)))
"#;

/// One repetition of the loop: the runner's power used on itself, then every player
/// passes until it has resolved. Returns how many actions it took.
fn once(b: &mut Bench, runner: CardId) -> usize {
    b.act(Action::UsePower {
        card: runner,
        power: 0,
    });
    b.target(runner);
    let mut n = 2;
    while !b.g.chain.is_empty() {
        b.act(Action::Pass);
        n += 1;
    }
    n
}

/// The bench with player 0's runner of card `id` in play.
fn bench(id: &str) -> (Bench, CardId) {
    let mut b = Bench::new(CARDS);
    let runner = b.in_play(0, id, Row::Front, 0);
    (b, runner)
}

fn use_power(runner: CardId) -> Action {
    Action::UsePower {
        card: runner,
        power: 0,
    }
}

/// 703.1a: a loop of optional actions (a character's activated power readies it again)
/// is demonstrated by playing it through; as its first action is taken once more at the
/// same point, the player who took it chooses how many times it repeats instead, then
/// each other player who acted in it (here by passing) may choose a smaller number. The
/// loop repeats that many times (the endurance gained each time shows it), and the
/// next action can't be the one that would continue it: refused naming 703.1a, the
/// state unchanged.
#[test]
fn r703_1a_a_demonstrated_loop_repeats_the_number_chosen() {
    let (mut b, runner) = bench("x-lr");
    let start = b.g.endurance(0);
    let k = once(&mut b, runner);
    assert_eq!(once(&mut b, runner), k, "the same loop each time");
    assert_eq!(b.g.pending, Pending::Priority(0));
    // The third use begins the loop again: player 0 is asked for its count.
    b.act(use_power(runner));
    assert_eq!(b.g.pending, Pending::LoopCount(0));
    assert_eq!(b.g.endurance(0), start + 2, "the action wasn't taken yet");
    let options = b.g.legal();
    let k = k as u16;
    assert_eq!(options.first(), Some(&Action::Number(0)));
    assert_eq!(
        options.last(),
        Some(&Action::Number(LOOP_TIMES_MAX as u16 * k)),
        "703.2: a number, never infinite"
    );
    assert!(options
        .iter()
        .all(|a| matches!(a, Action::Number(n) if n % k == 0)));
    b.act(Action::Number(5 * k));
    // Player 1 passed in the loop: it may choose a smaller number, or keep 5.
    assert_eq!(b.g.pending, Pending::LoopCount(1));
    let options = b.g.legal();
    assert!(options.contains(&Action::Number(5 * k)));
    assert!(options.contains(&Action::Number(4 * k)));
    assert!(!options.contains(&Action::Number(6 * k)), "only smaller");
    b.act(Action::Number(5 * k));
    assert_eq!(b.g.endurance(0), start + 7, "two by hand, five repeated");
    assert_eq!(
        b.g.pending,
        Pending::Priority(0),
        "the first player chose smallest"
    );
    assert!(b.g.chain.is_empty());
    assert!(!b.g.card(runner).exhausted);
    // The next action can't continue the loop.
    assert!(!b.g.legal().contains(&use_power(runner)));
    let mut g = VsTcg { state: b.g };
    let before = g.state_hash();
    let err = g.apply(&use_power(runner)).unwrap_err();
    assert_eq!(err.rule, "703.1a", "{err:?}");
    assert_eq!(g.state_hash(), before, "refused unchanged");
    // Any other action, and the refusal is over.
    g.apply(&Action::Pass).unwrap();
    assert!(g.state.loops.refused.is_none());
}

/// 703.1a: the smallest number chosen is the number of times the loop repeats, and the
/// player who chose it gets priority after it has repeated.
#[test]
fn r703_1a_the_smallest_number_counts_and_its_chooser_gets_priority() {
    let (mut b, runner) = bench("x-lr");
    let start = b.g.endurance(0);
    let k = once(&mut b, runner) as u16;
    once(&mut b, runner);
    b.act(use_power(runner));
    b.act(Action::Number(9 * k));
    b.act(Action::Number(2 * k));
    assert_eq!(b.g.endurance(0), start + 4);
    assert_eq!(
        b.g.pending,
        Pending::Priority(1),
        "player 1 chose the smallest"
    );
    assert_eq!(
        b.g.passed_in_succession(),
        0,
        "a fresh succession from player 1"
    );
    // Zero times: the loop's action isn't taken, and the first player can't take it next.
    let (mut b, runner) = bench("x-lr");
    let start = b.g.endurance(0);
    once(&mut b, runner);
    once(&mut b, runner);
    b.act(use_power(runner));
    b.act(Action::Number(0));
    assert_eq!(
        b.g.pending,
        Pending::Priority(0),
        "no one can choose less than 0"
    );
    assert_eq!(b.g.endurance(0), start + 2);
    assert!(b.g.chain.is_empty());
    assert!(!b.g.legal().contains(&use_power(runner)));
}

/// 703.1b: the loop stops as soon as it can't go on in its demonstrated form — here
/// its cost, 3 endurance, can't be paid any more — and play goes on from there.
#[test]
fn r703_1b_a_loop_that_cant_go_on_stops_early() {
    let (mut b, runner) = bench("x-lp");
    b.g.player_mut(0).endurance = 13;
    let k = once(&mut b, runner) as u16;
    once(&mut b, runner);
    assert_eq!(b.g.endurance(0), 7);
    b.act(use_power(runner));
    b.act(Action::Number(10 * k));
    b.act(Action::Number(10 * k));
    assert!(
        b.g.endurance(0) < 3,
        "paid while it could: {}",
        b.g.endurance(0)
    );
    assert_eq!(b.g.pending, Pending::Priority(0));
    assert!(b.g.chain.is_empty());
    assert!(
        b.g.log.iter().any(|l| l.text.contains("703.1b")),
        "the stop is told"
    );
    // Stopped early, nothing is refused (the loop can't go on anyway).
    assert!(b.g.loops.refused.is_none());
}

/// 703.1b: a player may break the loop partway through a repetition: player 1 chooses
/// to stop it before its own pass in the third repetition, with the runner's power on
/// the chain; it then has priority there and must do something else than pass (here it
/// plays a plot twist).
#[test]
fn r703_1b_a_player_may_stop_the_loop_partway_through() {
    let (mut b, runner) = bench("x-lr");
    let gift = b.in_hand(1, "x-g1");
    let start = b.g.endurance(0);
    let k = once(&mut b, runner) as u16;
    once(&mut b, runner);
    let actions =
        b.g.loops
            .demo
            .as_ref()
            .expect("a loop under way")
            .actions
            .clone();
    b.act(use_power(runner));
    let pass_1 = actions
        .iter()
        .position(|&(s, a)| s == 1 && a == Action::Pass)
        .expect("player 1 passes in the loop") as u16;
    b.act(Action::Number(5 * k));
    let stop = 2 * k + pass_1;
    assert!(b.g.legal().contains(&Action::Number(stop)));
    // Not before player 0's actions: only the chooser's own.
    assert!(!b.g.legal().contains(&Action::Number(2 * k + 1)));
    b.act(Action::Number(stop));
    assert_eq!(b.g.pending, Pending::Priority(1));
    assert_eq!(
        b.g.chain.len(),
        1,
        "the runner's third power waits on the chain"
    );
    assert_eq!(b.g.endurance(0), start + 4);
    let legal = b.g.legal();
    assert!(
        !legal.contains(&Action::Pass),
        "the pass would continue the loop"
    );
    assert!(legal.contains(&Action::PlayPlotTwist(gift)));
    b.act(Action::PlayPlotTwist(gift));
    b.resolve_all();
    assert_eq!(b.g.endurance(0), start + 5);
}

/// 703.1a: a game with no loop is not asked anything: an optional action taken a
/// second time at another point (the character is exhausted by something else in
/// between) starts no count.
#[test]
fn r703_1a_the_same_action_at_another_point_is_no_loop() {
    let (mut b, runner) = bench("x-lr");
    let gift = b.in_hand(0, "x-g1");
    once(&mut b, runner);
    once(&mut b, runner);
    b.act(Action::PlayPlotTwist(gift));
    b.resolve_all();
    b.act(use_power(runner));
    assert!(
        matches!(b.g.pending, Pending::Target(0)),
        "{:?}",
        b.g.pending
    );
}

/// 703.1a: while a loop's repeat count is being chosen, anything but an offered number
/// — a number too high or not smaller, another player's answer, a pass, a play — is
/// refused naming 703.1a with the state unchanged; another seat is not told what the
/// chooser's own actions in the loop were, and the view of the decision names the rule.
#[test]
fn r703_1a_a_loop_count_refuses_anything_else_unchanged() {
    let (mut b, runner) = bench("x-lr");
    let k = once(&mut b, runner) as u16;
    once(&mut b, runner);
    b.act(use_power(runner));
    let mut g = VsTcg { state: b.g };
    let before = g.state_hash();
    for forged in [
        Action::Number(LOOP_TIMES_MAX as u16 * k + k),
        Action::Number(k + 1),
        Action::Number(u16::MAX),
        Action::Pass,
        use_power(runner),
        Action::Yes,
        Action::Choose(0),
    ] {
        let err = g.apply(&forged).unwrap_err();
        assert_eq!(err.rule, "703.1a", "{forged:?}: {err:?}");
        assert_eq!(g.state_hash(), before, "{forged:?} changed the state");
    }
    g.apply(&Action::Number(3 * k)).unwrap();
    assert_eq!(g.state.pending(), Pending::LoopCount(1));
    let before = g.state_hash();
    for forged in [Action::Number(3 * k + 1), Action::Number(4 * k)] {
        let err = g.apply(&forged).unwrap_err();
        assert_eq!(err.rule, "703.1a", "{forged:?}");
        assert_eq!(g.state_hash(), before);
    }
    // The chooser reads its own actions; player 0 is told only whose action it is.
    let stop = g
        .legal_actions()
        .into_iter()
        .find(|a| matches!(a, Action::Number(n) if n % k != 0))
        .expect("a stop partway");
    let mine = g.state.describe_for(1, &stop);
    let theirs = g.state.describe_for(0, &stop);
    assert!(mine.contains("before your action \"Pass\""), "{mine}");
    assert!(!theirs.contains("Pass"), "{theirs}");
    assert!(
        g.state.prompt_for(1).unwrap_or_default().contains("703.1a"),
        "{:?}",
        g.state.prompt_for(1)
    );
}

/// 703.1a, 102.5: a player may concede while a loop's count is being chosen: the count
/// is dropped with what was under way, and in a two-player game the other wins.
#[test]
fn r703_1a_conceding_while_a_loop_count_is_chosen() {
    let (mut b, runner) = bench("x-lr");
    let k = once(&mut b, runner) as u16;
    once(&mut b, runner);
    b.act(use_power(runner));
    b.act(Action::Number(2 * k));
    assert_eq!(b.g.pending, Pending::LoopCount(1));
    let mut g = VsTcg { state: b.g };
    g.apply(&Action::Concede(1)).expect("concedes");
    assert_eq!(g.outcome(), Some(crossover_kernel::Outcome::Win(vec![0])));
}

/// 703.1a: a loop whose optional action is an answer to a resolving effect's "may" (a
/// character that readies when it exhausts, and may exhaust again when it readies): the
/// third "yes" at the same point asks for the count. Player 1 (who passed in it) chooses
/// 0: nothing more is repeated, the effect goes on resolving — priority comes only once
/// it has (docs/rulings.md) — and "yes" can't be the next answer: it must be "no".
#[test]
fn r703_1a_a_loop_through_a_may_answer() {
    let (mut b, pt) = Bench::with_effect("(target 0 character) (exhaust (target 0))", CARDS);
    let fly = b.in_play(0, "x-lm", Row::Front, 0);
    b.act(Action::PlayPlotTwist(pt));
    b.target(fly);
    let mut yes = 0;
    let mut guard = 0;
    while b.g.pending != Pending::LoopCount(0) {
        guard += 1;
        assert!(guard < 200, "no loop count: {:?}", b.g.pending);
        match b.g.pending {
            Pending::Priority(_) => b.act(Action::Pass),
            Pending::OrderTriggers(_) => b.act(Action::PutTrigger(0)),
            Pending::EffectChoice(0) => {
                yes += 1;
                b.act(Action::Yes);
            }
            p => panic!("{p:?}"),
        }
    }
    assert_eq!(yes, 3, "the third yes is the one asked about");
    let k = b.g.loops.counting.as_ref().expect("a count").actions.len() as u16;
    b.act(Action::Number(3 * k));
    assert!(
        matches!(b.g.pending, Pending::LoopCount(1)),
        "{:?}",
        b.g.pending
    );
    b.act(Action::Number(0));
    assert_eq!(b.g.pending, Pending::EffectChoice(0), "the effect goes on");
    let legal = b.g.legal();
    assert!(!legal.contains(&Action::Yes), "{legal:?}");
    assert!(legal.contains(&Action::No));
    b.act(Action::No);
    assert!(!b.g.card(fly).exhausted, "it stayed ready");
}
