//! Session 26's rules of counters, endurance, counts, costs and the deck's top cards,
//! tested where one verb's own tests don't cover them.

use crate::action::Action;
use crate::state::Zone;
use crate::testkit::Bench;

/// 213.2c: two cards put on the bottom of a deck together go in the order their owner
/// picks: picking the other card first gives the other order.
#[test]
fn r213_2c_the_owner_picks_the_order_of_cards_put_on_the_bottom() {
    for first_x in [true, false] {
        let (mut b, pt) = Bench::with_effect("(bottom-from-ko-pile you 2 character-card)", "");
        let x = b.in_hand(0, "trn-007");
        let y = b.in_hand(0, "trn-006");
        for c in [x, y] {
            b.g.move_card(c, Zone::KoPile);
        }
        b.act(Action::PlayPlotTwist(pt));
        b.act(Action::Pass);
        b.act(Action::Pass);
        b.act(Action::Pick(if first_x { x } else { y }));
        let deck = &b.g.player(0).deck;
        let want = if first_x { [y, x] } else { [x, y] };
        assert_eq!(&deck[..2], &want, "bottom first; x picked first: {first_x}");
    }
}

const CADMUS: &str = r#"
(card x-cl "Cadmus Labs" "" (location (threshold 0))
  (payment (cost replace-this) (target 0 character yours) (gets (target 0) 1 1 this-turn)))
"#;

/// Glossary Replace, 708.8a: a "replace this" cost reveals and KO's the resource and puts
/// the top card of the deck face down in its place; with no card in the deck it can't be
/// paid (203.3), and using the power is refused, changing nothing.
#[test]
fn g_replace_a_replace_cost_needs_a_card_in_the_deck() {
    let mut b = Bench::new(CADMUS);
    let other = b.resource(0, "trn-001");
    let labs = b.resource(0, "x-cl");
    b.g.card_mut(labs).face_up = true;
    let c = b.in_play(0, "trn-007", crate::ids::Row::Front, 0);
    let top = *b.g.player(0).deck.last().unwrap();
    let deck = b.g.player(0).deck_len();
    b.act(Action::UsePower {
        card: labs,
        power: 0,
    });
    b.target(c);
    assert_eq!(b.g.card(labs).zone, Zone::KoPile, "replaced: KO'd");
    assert_eq!(
        b.g.player(0).resources,
        vec![other, top],
        "the top card took its place, face down"
    );
    assert!(!b.g.card(top).face_up);
    assert_eq!(b.g.player(0).deck_len(), deck - 1);
    b.resolve_all();
    assert_eq!(b.g.atk(c), 7);

    // With an empty deck the cost can't be paid.
    let mut b = Bench::new(CADMUS);
    let labs = b.resource(0, "x-cl");
    b.g.card_mut(labs).face_up = true;
    b.in_play(0, "trn-007", crate::ids::Row::Front, 0);
    for d in b.g.player(0).deck.clone() {
        b.g.move_card(d, Zone::KoPile);
    }
    let use_it = Action::UsePower {
        card: labs,
        power: 0,
    };
    assert!(!b.g.legal().contains(&use_it));
    let why = b.g.explain_illegal(&use_it);
    assert!(why.to_string().contains("203.3"), "{why}");
}

const LONAR: &str = r#"
(card x-lo "Lonar" "Herald" (character (cost 3) (atk 3) (def 3) (affiliation "Heralds"))
  (continuous (top-card-revealed opponent)))
"#;

/// 708.9f: "each opponent plays with the top card of their deck revealed": every seat's
/// view shows it, the opponent's own too; the controller's own top card stays hidden.
#[test]
fn r708_9f_the_top_card_is_revealed_to_every_player() {
    let mut b = Bench::new(LONAR);
    b.in_play(0, "x-lo", crate::ids::Row::Front, 0);
    let top1 = *b.g.player(1).deck.last().unwrap();
    for viewer in [0, 1] {
        let v = b.g.view_for(viewer);
        assert_eq!(
            v.players[1].deck_top.as_ref().and_then(|c| c.id),
            Some(top1)
        );
        assert_eq!(v.players[0].deck_top, None);
    }
}

/// 708.18b: drawing two cards with the top card revealed reveals each card drawn, not
/// only the first and the one left on top.
#[test]
fn r708_18b_each_card_drawn_is_revealed() {
    let (mut b, pt) = Bench::with_effect("(draw each-opponent 2)", LONAR);
    b.in_play(0, "x-lo", crate::ids::Row::Front, 0);
    let n = b.g.player(1).deck_len();
    let drawn = [b.g.player(1).deck[n - 1], b.g.player(1).deck[n - 2]];
    b.play(pt, &[]);
    for c in drawn {
        let line = format!("Player 2 draws {}, revealed (708.18b).", b.g.name(c));
        // A public line: seat 0, the drawer's opponent, reads it.
        let seen =
            b.g.log
                .iter()
                .any(|e| e.visible_to.is_none() && e.text == line);
        assert!(seen, "{line}");
    }
}

/// 513.1a: "costs 2 less to recruit while an opponent controls six or more resources"
/// applies only while that is true: it turns on and off as the resources change.
#[test]
fn r513_1a_a_while_modifier_applies_only_while_its_condition_holds() {
    let card = r#"(card x-si "Sinestro" "Corrupted by the Ring" (character (cost 5) (atk 9) (def 9) (affiliation "Sinestro Corps"))
  (continuous (costs-less 2 (while (resources opponent 6)))))"#;
    let mut b = Bench::new(card);
    let s = b.in_hand(0, "x-si");
    assert_eq!(
        b.g.power_text(s, 0),
        "This card costs 2 less to recruit while an opponent controls 6 or more resources."
    );
    b.resources(1, 5);
    assert_eq!(b.g.recruit_cost(s, false), 5, "five resources: off");
    b.resources(1, 1);
    assert_eq!(b.g.recruit_cost(s, false), 3, "six: on");
    let r = b.g.player(1).resources[0];
    b.g.move_card(r, Zone::KoPile);
    assert_eq!(b.g.recruit_cost(s, false), 5, "back to five: off again");
}

/// 513.5i (VS-TCG-092, one Moondragon): the first draw of a phase becomes two draws; the
/// replacement doesn't apply again to the new first draw, so two cards, not more.
#[test]
fn r513_5i_one_first_draw_replacement_makes_two_draws() {
    let md = r#"(card x-md "Moondragon" "Heather Douglas" (character (cost 4) (atk 5) (def 5) (affiliation "Avengers"))
  (continuous (replace first-draw-in-phase you (draw you 2))))"#;
    let (mut b, pt) = Bench::with_effect("(draw you 1)", md);
    let m = b.in_play(0, "x-md", crate::ids::Row::Front, 0);
    assert_eq!(
        b.g.power_text(m, 0),
        "If you would draw a card for the first time in a phase, instead, you draw 2 cards."
    );
    b.g.drawn_this_phase.clear();
    let (hand, deck) = (b.g.player(0).hand_len(), b.g.player(0).deck_len());
    b.play(pt, &[]);
    assert_eq!(b.g.player(0).hand_len(), hand - 1 + 2);
    assert_eq!(b.g.player(0).deck_len(), deck - 2);
}
