//! Session 28: replacements of an amount (513.5g), several cards entering play at once
//! (213.5i), modifiers on "cards" in every zone (511.2b), flipping a location step by step
//! (510.2a, 510.2b, 510.2e) and text active outside play (210.5a).

use crate::action::Action;
use crate::ids::*;
use crate::testkit::Bench;

// ---------------------------------------------------------------------------------------
// 513.5g: "additional" and "less" amounts.

const AMOUNTS: &str = r#"
(card x-bru "Brute Force" "" (character (cost 3) (atk 3) (def 3))
  (continuous (replace lose-endurance opponent (additional 2))))
(card x-shl "Shield Bearer" "" (character (cost 3) (atk 3) (def 3))
  (continuous (replace lose-endurance you (less 3))))
(card x-jk "The Joker" "Emperor Joker" (character (cost 5) (atk 5) (def 5))
  (continuous (replace lose-endurance opponent (gain-endurance you 1))))
(card x-sch "Scholar" "" (character (cost 2) (atk 2) (def 2))
  (continuous (replace first-draw-in-phase you (additional 1))))
(card x-dul "Dullard" "" (character (cost 2) (atk 2) (def 2))
  (continuous (replace first-draw-in-phase you (less 1))))
"#;

/// 513.5g: "N additional" raises the amount of the event it replaces; "N less" lowers it
/// (and not below 0).
#[test]
fn r513_5g_additional_and_less_change_the_amount_lost() {
    let (mut b, pt) = Bench::with_effect("(lose-endurance each-opponent 5)", AMOUNTS);
    let bru = b.in_play(0, "x-bru", Row::Front, 0);
    assert_eq!(
        b.g.power_text(bru, 0),
        "If an opponent would lose endurance, instead, that player loses that much endurance and 2 additional endurance."
    );
    b.play(pt, &[]);
    assert_eq!(b.g.endurance(1), 50 - 7, "5 and 2 additional");

    // The opponent's own "less" applies to the same event too: 5 + 2 - 3.
    let (mut b, pt) = Bench::with_effect("(lose-endurance each-opponent 5)", AMOUNTS);
    b.in_play(0, "x-bru", Row::Front, 0);
    let shl = b.in_play(1, "x-shl", Row::Front, 0);
    assert_eq!(
        b.g.power_text(shl, 0),
        "If you would lose endurance, instead, you lose 3 less endurance."
    );
    b.play(pt, &[]);
    assert_eq!(b.g.endurance(1), 50 - 4);

    // "Less" alone below 0: no endurance is lost.
    let (mut b, pt) = Bench::with_effect("(lose-endurance each-opponent 2)", AMOUNTS);
    b.in_play(1, "x-shl", Row::Front, 0);
    b.play(pt, &[]);
    assert_eq!(b.g.endurance(1), 50);
}

/// 513.5g, 513.5i: the raised amount is the new event's "that much", which another
/// replacement may still replace (applied earliest timestamp first here: Brute Force, then
/// the Joker, whose "instead" ends the loss).
#[test]
fn r513_5g_r513_5i_the_changed_event_may_be_replaced_again() {
    let (mut b, pt) = Bench::with_effect("(lose-endurance each-opponent 5)", AMOUNTS);
    b.g.logging = true;
    let bru = b.in_play(0, "x-bru", Row::Front, 0);
    b.g.card_mut(bru).timestamp = b.g.tick();
    let jk = b.in_play(0, "x-jk", Row::Front, 1);
    b.g.card_mut(jk).timestamp = b.g.tick();
    b.play(pt, &[]);
    let log: Vec<String> = b.g.log_entries().iter().map(|l| l.text.clone()).collect();
    assert_eq!((b.g.endurance(0), b.g.endurance(1)), (51, 50), "{log:#?}");
    assert!(b
        .g
        .log_entries()
        .iter()
        .any(|l| l.text.contains("5 becomes 7 (513.5g)")), "{log:#?}");
}

/// 513.5g: a draw of one card for the first time in a phase becomes a draw of two, or of
/// none.
#[test]
fn r513_5g_a_first_draw_of_an_additional_card_or_one_less() {
    let (mut b, pt) = Bench::with_effect("(draw you 2)", AMOUNTS);
    let s = b.in_play(0, "x-sch", Row::Front, 0);
    assert_eq!(
        b.g.power_text(s, 0),
        "If you would draw a card for the first time in a phase, instead, you draw that card and 1 additional card."
    );
    b.g.drawn_this_phase.clear();
    let hand = b.g.player(0).hand_len();
    b.play(pt, &[]);
    // The first of the two draws became two cards; the second is not the first.
    assert_eq!(b.g.player(0).hand_len(), hand - 1 + 3);

    let (mut b, pt) = Bench::with_effect("(draw you 1)", AMOUNTS);
    let d = b.in_play(0, "x-dul", Row::Front, 0);
    assert_eq!(
        b.g.power_text(d, 0),
        "If you would draw a card for the first time in a phase, instead, you draw 1 card less."
    );
    b.g.drawn_this_phase.clear();
    let hand = b.g.player(0).hand_len();
    b.play(pt, &[]);
    assert_eq!(b.g.player(0).hand_len(), hand - 1);
}

/// 513.5g: only an event with an amount can have it changed.
#[test]
fn r513_5g_only_events_with_an_amount() {
    let mut pool = crate::db::CardPool::built_in();
    let bad = r#"(card x-bad "Bad" "" (character (cost 2) (atk 2) (def 2))
  (continuous (replace become-stunned this (additional 1))))"#;
    let e = pool.add_file("bad.cards", bad).unwrap_err();
    assert!(e.to_string().contains("513.5g"), "{e}");
    let _ = Action::Pass;
}
