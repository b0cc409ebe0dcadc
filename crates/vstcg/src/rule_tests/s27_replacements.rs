//! Replacements that ask a player (session 27): optional replacement costs (203.7,
//! 513.5e), competing replacements ordered by the affected player (513.5c, 702.5), and
//! replacement steps that ask a choice, while the event waits (replace.rs).

use crate::action::Action;
use crate::ids::*;
use crate::state::*;
use crate::testkit::Bench;

const CARDS: &str = r#"
(card x-tim "Tim Drake" "Robin, Young Detective" (character (cost 3) (atk 4) (def 4) (affiliation "Gotham Knights"))
  (continuous (replace become-stunned (each yours team-attacker)
    (may (choose 0 yours team-attacker (not that))) (stun (chosen 0)))))
(card x-dove "Dawn Granger" "Dove" (character (cost 2) (atk 3) (def 3) (affiliation "Gotham Knights")))
(card x-sab "Sabretooth" "Victor Creed" (character (cost 4) (atk 7) (def 5) (affiliation "Brotherhood"))
  (continuous (replace become-stunned (each itself front-row) (may (pay-endurance 10)) (exhaust this))))
(card x-toad "Toad" "Mortimer Toynbee" (character (cost 2) (atk 3) (def 2) (affiliation "Brotherhood"))
  (continuous (replace become-stunned this (may return-this))))
(card x-kev "Kevlar Body Armor" "" (equipment (cost 1))
  (continuous (replace become-stunned host (may ko-this))))
(card x-arc "Arcanna" "Arcanna Jones" (character (cost 3) (atk 8) (def 5) (affiliation "Squadron Supreme"))
  (continuous (replace cause-breakthrough this
    (choose 0 thats-controllers (not stunned) (not that) (by controller-of-that))
    (stun (chosen 0)))))
(card x-g1 "Old Guard" "" (character (cost 2) (atk 2) (def 2))
  (continuous (replace become-stunned (each yours other) (gain-endurance you 1))))
(card x-g2 "New Guard" "" (character (cost 2) (atk 2) (def 2))
  (continuous (replace become-stunned (each yours other) (gain-endurance you 2))))
"#;

const STUN: &str = "(target 0 character) (stun (target 0))";

/// p0's team attack of `attackers` on p1's `defender`, in its substep.
fn team_attack(b: &mut Bench, attackers: &[CardId], defender: CardId) {
    b.g.part = Part::Step(StepKind::Attack, 0);
    let obj = |b: &Bench, c: CardId| b.g.card(c).object;
    b.g.attack = Some(Attack {
        attackers: attackers.iter().map(|&c| (c, obj(b, c))).collect(),
        defender: Some((Defender::Character(defender), obj(b, defender))),
        started: true,
        team: true,
        defending_player: 1,
        order: smallvec::SmallVec::new(),
    });
}

/// Tim Drake and Dawn Granger team attacking a 5/20 of p1; p0 holds the stun.
fn tim_and_dawn() -> (Bench, CardId, CardId, CardId) {
    let (mut b, pt) = Bench::with_effect(STUN, CARDS);
    let tim = b.in_play(0, "x-tim", Row::Front, 0);
    let dove = b.in_play(0, "x-dove", Row::Front, 1);
    let wall = b.in_play(1, "trn-010", Row::Front, 0);
    team_attack(&mut b, &[tim, dove], wall);
    (b, pt, tim, dove)
}

/// 203.7a, 203.7b (VS-TCG-026): with no other team attacker the cost "choose another
/// team attacker you control" can't be paid: no one is asked and Tim is stunned.
#[test]
fn r203_7a_r203_7b_a_replacement_cost_that_cant_be_paid_doesnt_replace() {
    let (mut b, pt) = Bench::with_effect(STUN, CARDS);
    b.g.logging = true;
    let tim = b.in_play(0, "x-tim", Row::Front, 0);
    let wall = b.in_play(1, "trn-010", Row::Front, 0);
    // 602.2b: still a team attack after the other attacker left.
    team_attack(&mut b, &[tim], wall);
    b.play(pt, &[tim]);
    assert!(b.g.card(tim).stunned);
    assert_eq!(b.g.endurance(0), 47);
    assert!(b
        .g
        .log_entries()
        .iter()
        .any(|l| l.text.contains("can't be paid (203.7b)")));
}

/// 203.7b, 513.5e (VS-TCG-026): the cost may be declined though it could be paid: no
/// replacement, Tim is stunned.
#[test]
fn r203_7b_r513_5e_declining_a_replacement_cost_leaves_the_event() {
    let (mut b, pt, tim, dove) = tim_and_dawn();
    b.play(pt, &[tim]);
    assert_eq!(b.g.pending(), Pending::Replacement(0));
    assert_eq!(b.g.legal(), vec![Action::Pick(dove), Action::No]);
    b.act(Action::No);
    assert!(b.g.card(tim).stunned && !b.g.card(dove).stunned);
    assert_eq!(b.g.pending(), Pending::Priority(0));
}

/// 513.5e, 513.5f (VS-TCG-026): once the cost is paid the stun is replaced, even if the
/// chosen character can't be stunned.
#[test]
fn r513_5e_a_paid_cost_replaces_even_if_the_new_event_does_nothing() {
    let (mut b, pt, tim, dove) = tim_and_dawn();
    b.g.add_modifier(dove, 0, 0, None, crate::vocab::Duration::ThisTurn);
    b.g.modifiers.last_mut().unwrap().cant = Some(crate::vocab::Cant::BeStunned);
    b.play(pt, &[tim]);
    b.act(Action::Pick(dove));
    assert!(!b.g.card(tim).stunned && !b.g.card(dove).stunned);
    assert_eq!(b.g.endurance(0), 50);
}

/// 203.7b (VS-TCG-027): with less endurance than the cost, Sabretooth's cost can't be
/// paid and he is stunned; with enough, the player may still decline.
#[test]
fn r203_7b_sabretooth_without_10_endurance_is_stunned() {
    let (mut b, pt) = Bench::with_effect(STUN, CARDS);
    let sab = b.in_play(0, "x-sab", Row::Front, 0);
    b.g.player_mut(0).endurance = 9;
    b.play(pt, &[sab]);
    assert!(b.g.card(sab).stunned);
    assert_eq!(b.g.endurance(0), 5);
    let (mut b, pt) = Bench::with_effect(STUN, CARDS);
    let sab = b.in_play(0, "x-sab", Row::Front, 0);
    b.play(pt, &[sab]);
    assert_eq!(b.g.legal(), vec![Action::Yes, Action::No]);
    b.act(Action::No);
    assert!(b.g.card(sab).stunned);
    assert_eq!(b.g.endurance(0), 46);
    // In the support row his replacement doesn't apply at all.
    let (mut b, pt) = Bench::with_effect(STUN, CARDS);
    let sab = b.in_play(0, "x-sab", Row::Support, 0);
    b.play(pt, &[sab]);
    assert!(b.g.card(sab).stunned);
}

/// 513.5c, 702.5 (VS-TCG-090): Toad's controller orders the two replacements; the first
/// declined, the other is offered, and paid it replaces the stun.
#[test]
fn r513_5c_r702_5_the_affected_player_orders_competing_replacements() {
    let (mut b, pt) = Bench::with_effect(STUN, CARDS);
    let toad = b.in_play(0, "x-toad", Row::Front, 0);
    let kev = b.in_hand(0, "x-kev");
    b.g.card_mut(kev).controller = 0;
    b.g.move_card(kev, Zone::Equipped(toad));
    b.play(pt, &[toad]);
    assert_eq!(b.g.pending(), Pending::Replacement(0));
    let mut options = b.g.legal();
    options.sort_by_key(|a| format!("{a:?}"));
    let mut both = vec![Action::Pick(toad), Action::Pick(kev)];
    both.sort_by_key(|a| format!("{a:?}"));
    assert_eq!(options, both);
    b.act(Action::Pick(kev));
    assert_eq!(b.g.legal(), vec![Action::Yes, Action::No]);
    b.act(Action::No);
    // Only Toad's is left: its cost is offered at once.
    assert_eq!(b.g.pending(), Pending::Replacement(0));
    assert_eq!(b.g.legal(), vec![Action::Yes, Action::No]);
    b.act(Action::Yes);
    assert_eq!(b.g.card(toad).zone, Zone::Hand);
    // 302.6: the armor falls off as its host leaves play.
    assert_eq!(b.g.card(kev).zone, Zone::KoPile);
    assert_eq!(b.g.endurance(0), 50);
    assert_eq!(b.g.pending(), Pending::Priority(0));
}

/// 513.5c: two mandatory replacements of one stun: the stunned character's controller
/// picks which applies; the other doesn't apply to the new event.
#[test]
fn r513_5c_mandatory_replacements_are_ordered_too() {
    let (mut b, pt) = Bench::with_effect(STUN, CARDS);
    let old = b.in_play(0, "x-g1", Row::Front, 0);
    let new = b.in_play(0, "x-g2", Row::Front, 1);
    let v = b.in_play(0, "trn-007", Row::Front, 2);
    // The later replacement is offered second (515.6: cards are stamped as they enter).
    b.g.card_mut(new).timestamp = b.g.card(old).timestamp.max(b.g.card(v).timestamp) + 1;
    b.play(pt, &[v]);
    assert_eq!(b.g.pending(), Pending::Replacement(0));
    assert_eq!(b.g.legal(), vec![Action::Pick(old), Action::Pick(new)]);
    assert!(!b.g.legal().contains(&Action::Pick(v)));
    b.act(Action::Pick(new));
    assert_eq!(b.g.endurance(0), 52, "only the one picked applied");
    assert!(!b.g.card(v).stunned);
    assert_eq!(b.g.pending(), Pending::Priority(0));
}

/// 511.1d, 513.5f (VS-TCG-074): Arcanna's replacement applies with no character to
/// stun; with several, the defending player chooses which is stunned.
#[test]
fn r511_1d_arcannas_defending_player_chooses_the_character_stunned() {
    let mut b = Bench::new(CARDS);
    let arc = b.in_play(0, "x-arc", Row::Front, 0);
    let kett = b.in_play(1, "trn-021", Row::Front, 0); // 2/2
    let a = b.in_play(1, "trn-022", Row::Front, 1);
    let c = b.in_play(1, "trn-003", Row::Front, 2);
    b.g.part = Part::Step(StepKind::Attack, 0);
    b.act(Action::Propose {
        attacker: arc,
        defender: Defender::Character(kett),
    });
    b.act(Action::Pass);
    b.act(Action::Pass);
    b.act(Action::Pass);
    b.act(Action::Pass);
    assert_eq!(b.g.pending(), Pending::EffectChoice(1));
    let mut options = b.g.legal();
    options.sort_by_key(|x| format!("{x:?}"));
    let mut want = vec![Action::Pick(a), Action::Pick(c)];
    want.sort_by_key(|x| format!("{x:?}"));
    assert_eq!(options, want, "not the defender, not p0's");
    b.act(Action::Pick(c));
    assert!(b.g.card(kett).stunned && b.g.card(c).stunned && !b.g.card(a).stunned);
    // Kett's cost 1 and the chosen one's 2; no breakthrough.
    assert_eq!(b.g.endurance(1), 47);
    assert!(b.g.attack().is_none());
    assert_eq!(b.g.pending(), Pending::Priority(0));
}

/// 513.5e, 702.5: only stun, breakthrough and power-up replacements may stop for a
/// decision; the card file refuses a replacement cost or a choosing step on others.
#[test]
fn r513_5e_only_events_that_can_wait_take_replacement_costs() {
    let bad = [
        r#"(card x-b "Bad" "" (character (cost 1) (atk 1) (def 1)) (continuous (replace lose-endurance you (may (pay-endurance 1)) (draw you 1))))"#,
        r#"(card x-b "Bad" "" (character (cost 1) (atk 1) (def 1)) (continuous (replace ko-from-play (each yours) (choose 0 yours) (stun (chosen 0)))))"#,
        r#"(card x-b "Bad" "" (character (cost 1) (atk 1) (def 1)) (continuous (replace become-stunned this (may (pay-rp 1)))))"#,
    ];
    for text in bad {
        let mut pool = crate::db::CardPool::built_in();
        assert!(pool.add_file("bad.cards", text).is_err(), "{text}");
    }
}

/// 513.5a, 513.5e: a replacement's new event may itself be replaced after a decision:
/// Arcanna's breakthrough becomes a stun of the character p1 chooses, which wears
/// Kevlar Body Armor; p1 KOs the armor instead. Each event goes on where it stopped,
/// innermost first, and then the attack ends.
#[test]
fn r513_5a_a_new_event_waits_inside_another_and_both_resume() {
    let mut b = Bench::new(CARDS);
    let arc = b.in_play(0, "x-arc", Row::Front, 0);
    let kett = b.in_play(1, "trn-021", Row::Front, 0);
    let other = b.in_play(1, "trn-003", Row::Front, 1);
    let kev = b.in_hand(1, "x-kev");
    b.g.card_mut(kev).controller = 1;
    b.g.move_card(kev, Zone::Equipped(other));
    b.g.part = Part::Step(StepKind::Attack, 0);
    b.act(Action::Propose {
        attacker: arc,
        defender: Defender::Character(kett),
    });
    for _ in 0..4 {
        b.act(Action::Pass);
    }
    assert_eq!(b.g.pending(), Pending::EffectChoice(1));
    b.act(Action::Pick(other));
    assert_eq!(b.g.pending(), Pending::Replacement(1));
    assert_eq!(b.g.legal(), vec![Action::Yes, Action::No]);
    b.act(Action::Yes);
    assert_eq!(b.g.card(kev).zone, Zone::KoPile);
    assert!(b.g.card(kett).stunned && !b.g.card(other).stunned);
    assert_eq!(b.g.endurance(1), 49, "Kett's cost only: no breakthrough");
    assert!(b.g.attack().is_none() && b.g.events.is_empty());
    assert_eq!(b.g.pending(), Pending::Priority(0));
}

/// 508.2d, 508.2i: a step that stuns every matching character stops at the one whose
/// stun waits, then goes on with the characters it held (the list as the step began,
/// though the first no longer matches "ready"); one stun was replaced, so "if you do"
/// fails.
#[test]
fn r508_2i_a_step_resumes_with_the_characters_it_held() {
    let (mut b, pt) = Bench::with_effect(
        "(stun (each opposing ready)) (if you-did (then (draw you 1)))",
        CARDS,
    );
    let first = b.in_play(1, "trn-021", Row::Front, 0);
    let armored = b.in_play(1, "trn-003", Row::Front, 1);
    let last = b.in_play(1, "trn-022", Row::Front, 2);
    let kev = b.in_hand(1, "x-kev");
    b.g.card_mut(kev).controller = 1;
    b.g.move_card(kev, Zone::Equipped(armored));
    let hand = b.g.player(0).hand_len();
    b.play(pt, &[]);
    assert_eq!(b.g.pending(), Pending::Replacement(1));
    assert!(b.g.card(first).stunned && !b.g.card(last).stunned);
    b.act(Action::Yes);
    assert!(b.g.card(last).stunned && !b.g.card(armored).stunned);
    assert_eq!(
        b.g.player(0).hand_len(),
        hand - 1,
        "the twist left; no card drawn"
    );
    assert_eq!(b.g.pending(), Pending::Priority(0));
}
