//! Tests of the rules session 28 implemented on orders and choices: "<card type> power"
//! and "payment powers" in card text (500.3b, 501.1a), boost on a plot twist (706.2b),
//! the Illuminati (glossary), choosing an identity (511.4a), simultaneous choices
//! (702.1, 702.2), a choice a continuous modifier remembers (513.1c) and the order of
//! modifiers that start to apply together (515.7, 702.4).

use crate::action::Action;
use crate::ids::*;
use crate::state::*;
use crate::testkit::Bench;
use crate::vocab::{CardKind, EffectTest, GainedSet};

const CARDS: &str = r#"
(card x-pw "Power Broker" "" (character (cost 3) (atk 3) (def 3))
  (payment (cost activate) (draw you 1)))
(card x-src "Many Tricks" "" (character (cost 3) (atk 3) (def 3)) (keywords evasion)
  (payment (cost activate) (draw you 1))
  (payment (cost (pay-rp 1)) (draw you 1))
  (continuous (stats this 1 0)))
(card x-pal "Plain Soldier" "" (character (cost 2) (atk 2) (def 2)))
(card x-tr "Troop Rider" "" (character (cost 3) (atk 3) (def 3) (affiliation "Troop")))
(card x-spi "Wall Crawler" "" (character (cost 3) (atk 3) (def 3)) (identity "Peter Parker"))
(card x-im "Iron Man" "Armored" (character (cost 3) (atk 3) (def 3)))
(card x-im2 "Iron Man" "Extremis" (character (cost 4) (atk 4) (def 4)))
(card x-bb "Black Bolt" "" (character (cost 5) (atk 5) (def 5)))
(card x-bt "Boost Twist" "" (plot-twist (threshold 0)) (keywords (boost 2))
  (effect (draw you 1) (if boosted (then (draw you 1)))))
(card x-og "Banner of the Day" "" (plot-twist (threshold 0) ongoing)
  (effect (choose-affiliation remember))
  (continuous (stats (each remembered-affiliation) 1 0)))
(card x-two "Twin Star" "" (character (cost 3) (atk 3) (def 3) (affiliation "Troop"))
  (keywords cosmic)
  (cosmic (continuous (gain-affiliation this "Guard")))
  (cosmic (continuous (lose-affiliations this))))
(card x-sum "Sum Star" "" (character (cost 3) (atk 3) (def 3)) (keywords cosmic)
  (cosmic (continuous (stats this 1 0)))
  (cosmic (continuous (stats this 0 1))))
"#;

/// 500.3b: "<card type> power" is a power on a card of that type: a character's payment
/// power's effect is a "character power", not a "plot twist power"; a plot twist's own
/// played effect is an effect from a plot twist but no plot twist *power*.
#[test]
fn r500_3b_a_card_type_power_is_a_power_on_a_card_of_that_type() {
    let mut b = Bench::new(CARDS);
    let pw = b.in_play(0, "x-pw", Row::Front, 0);
    b.act(Action::UsePower { card: pw, power: 0 });
    let e = b.g.chain().last().expect("on the chain").clone();
    assert!(b
        .g
        .effect_passes(&e, EffectTest::PowerOf(CardKind::Character)));
    assert!(!b
        .g
        .effect_passes(&e, EffectTest::PowerOf(CardKind::PlotTwist)));
    let (mut b2, pt) = Bench::with_effect("(draw you 1)", CARDS);
    b2.act(Action::PlayPlotTwist(pt));
    let e = b2.g.chain().last().expect("on the chain").clone();
    assert!(b2.g.effect_passes(&e, EffectTest::PlotTwist));
    assert!(!b2
        .g
        .effect_passes(&e, EffectTest::PowerOf(CardKind::PlotTwist)));
    // The card-file word and its text.
    let (b3, pt3) = Bench::with_effect("(target 0 effect character-power) (negate (target 0))", "");
    assert!(
        b3.effect_text(pt3).contains("effect of a character power"),
        "{}",
        b3.effect_text(pt3)
    );
}

/// 501.1a: "payment powers" in card text are the powers with a printed arrow: gaining
/// them takes neither continuous powers nor the keyword powers (evasion) that stand for
/// payment powers; "activated powers" are those with activate in their cost (500.3a).
#[test]
fn r501_1a_payment_powers_in_card_text_are_the_arrow_powers() {
    let mut b = Bench::new(CARDS);
    let from = b.in_play(0, "x-src", Row::Front, 0);
    let a = b.in_play(0, "x-pal", Row::Front, 1);
    let c = b.in_play(0, "x-pal", Row::Front, 2);
    let d = b.in_play(0, "x-pal", Row::Front, 3);
    assert_eq!(b.g.gain_powers(a, from, false, GainedSet::Payment), 2);
    assert_eq!(b.g.gain_powers(c, from, false, GainedSet::Activated), 1);
    assert_eq!(
        b.g.gain_powers(d, from, false, GainedSet::PaymentAndContinuous),
        3
    );
    let (b2, pt) = Bench::with_effect(
        "(target 0 character) (gains-payment-powers (each yours) (target 0) this-turn)",
        "",
    );
    assert_eq!(
        b2.effect_text(pt),
        "Target 0 is a character. Characters you control gain the payment powers of target 0 this turn."
    );
}

/// 706.2, 706.2b: a plot twist's boost: its player is asked as it is played (505.1b)
/// only when the boost can be paid; paid, the boost text is active while the effect is
/// on the chain and resolves with it; unpaid, it isn't.
#[test]
fn r706_2b_boost_text_on_a_plot_twist_is_active_while_its_effect_is_on_the_chain() {
    let mut b = Bench::new(CARDS);
    let pt = b.in_hand(0, "x-bt");
    b.g.player_mut(0).rp = 3;
    let hand = b.g.player(0).hand().len();
    b.act(Action::PlayPlotTwist(pt));
    assert_eq!(b.g.pending(), Pending::ChooseCost(0));
    b.act(Action::Yes);
    assert_eq!(b.g.player(0).rp, 1);
    assert!(b.g.card(pt).boosted);
    b.resolve_all();
    // Two cards drawn, the twist gone from the hand.
    assert_eq!(b.g.player(0).hand().len(), hand - 1 + 2);
    assert!(!b.g.card(pt).boosted);
    // Not paid: one card.
    let mut b = Bench::new(CARDS);
    let pt = b.in_hand(0, "x-bt");
    b.g.player_mut(0).rp = 3;
    let hand = b.g.player(0).hand().len();
    b.act(Action::PlayPlotTwist(pt));
    b.act(Action::No);
    b.resolve_all();
    assert_eq!(b.g.player(0).hand().len(), hand - 1 + 1);
    assert_eq!(b.g.player(0).rp, 3);
    // The boost can't be paid: no question.
    let mut b = Bench::new(CARDS);
    let pt = b.in_hand(0, "x-bt");
    b.g.player_mut(0).rp = 1;
    b.act(Action::PlayPlotTwist(pt));
    assert_eq!(b.g.pending(), Pending::Priority(0));
}

/// Glossary: Illuminati: a member is a character with one of the members' names,
/// whatever its version; "two different members" are two characters each with a
/// different one of two chosen names (two Iron Men are one member's name).
#[test]
fn g_illuminati_members_and_different_members() {
    let (mut b, pt) = Bench::with_effect(
        "(if (control-different-members 2) (then (draw you 1)))",
        CARDS,
    );
    let im = b.in_play(0, "x-im", Row::Front, 0);
    let im2 = b.in_play(0, "x-im2", Row::Front, 1);
    let pal = b.in_play(0, "x-pal", Row::Front, 2);
    let t = crate::vocab::Test::IlluminatiMember;
    assert!(b.g.passes(&t, im, 0, im) && b.g.passes(&t, im2, 0, im));
    assert!(!b.g.passes(&t, pal, 0, im));
    assert!(b
        .effect_text(pt)
        .contains("2 different members of the Illuminati"));
    let hand = b.g.player(0).hand().len();
    b.play(pt, &[]);
    assert_eq!(b.g.player(0).hand().len(), hand - 1);
    let (mut b, pt) = Bench::with_effect(
        "(if (control-different-members 2) (then (draw you 1)))",
        CARDS,
    );
    b.in_play(0, "x-im", Row::Front, 0);
    b.in_play(0, "x-im2", Row::Front, 1);
    b.in_play(0, "x-bb", Row::Front, 2);
    let hand = b.g.player(0).hand().len();
    b.play(pt, &[]);
    assert_eq!(b.g.player(0).hand().len(), hand);
}

/// 511.4, 511.4a, 201.6: choosing an identity offers the identities that exist: the
/// printed ones and the names of characters without a diamond, which are their own.
#[test]
fn r511_4a_choosing_an_identity_offers_printed_and_secret_identities() {
    let (mut b, pt) = Bench::with_effect("(choose-identity) (stun (each chosen-identity))", CARDS);
    let spi = b.in_play(1, "x-spi", Row::Front, 0);
    let pal = b.in_play(1, "x-pal", Row::Front, 1);
    let names = b.g.identity_names();
    assert!(names.iter().any(|n| n == "Peter Parker"));
    assert!(names.iter().any(|n| n == "Plain Soldier"));
    assert!(!names.iter().any(|n| n == "Wall Crawler"));
    b.act(Action::PlayPlotTwist(pt));
    b.act(Action::Pass);
    b.act(Action::Pass);
    assert_eq!(b.g.pending(), Pending::EffectChoice(0));
    assert_eq!(b.g.legal().len(), names.len());
    let i = names.iter().position(|n| n == "Peter Parker").unwrap() as u16;
    assert_eq!(b.g.choice_labels()[i as usize], "Peter Parker");
    b.act(Action::Choose(i));
    assert!(b.g.card(spi).stunned && !b.g.card(pal).stunned);
}

/// 702.1, 702.2: "each player discards a card": the primary player chooses first, then
/// the next player clockwise; nothing is discarded until all have chosen, and another
/// seat is not told which card was chosen; then all are discarded together.
#[test]
fn r702_1_r702_2_each_player_discards_primary_first_all_together() {
    let (mut b, pt) = Bench::with_effect("(each-player-discards 1)", CARDS);
    assert_eq!(b.effect_text(pt), "Each player discards a card.");
    let a0 = b.in_hand(0, "x-pal");
    let k0 = b.in_hand(0, "x-pal");
    let a1 = b.in_hand(1, "x-pal");
    let k1 = b.in_hand(1, "x-pal");
    b.act(Action::PlayPlotTwist(pt));
    b.act(Action::Pass);
    b.act(Action::Pass);
    assert_eq!(b.g.pending(), Pending::EffectChoice(0));
    assert_eq!(b.g.legal(), vec![Action::Pick(a0), Action::Pick(k0)]);
    b.act(Action::Pick(a0));
    // Not discarded yet; player 1 chooses, without being told which card it was.
    assert!(b.g.player(0).hand().contains(&a0));
    assert_eq!(b.g.pending(), Pending::EffectChoice(1));
    assert_eq!(b.g.describe_for(1, &Action::Pick(a0)), "Choose a card");
    assert_eq!(b.g.legal(), vec![Action::Pick(a1), Action::Pick(k1)]);
    b.act(Action::Pick(a1));
    assert_eq!(b.g.player(0).hand(), &[k0]);
    assert_eq!(b.g.player(1).hand(), &[k1]);
    // A player with no more cards than asked has no choice to make.
    let (mut b, pt) = Bench::with_effect("(each-player-discards 2)", CARDS);
    let x = b.in_hand(0, "x-pal");
    let y = b.in_hand(0, "x-pal");
    let z = b.in_hand(0, "x-pal");
    b.in_hand(1, "x-pal");
    b.act(Action::PlayPlotTwist(pt));
    b.act(Action::Pass);
    b.act(Action::Pass);
    assert_eq!(b.g.pending(), Pending::EffectChoice(0));
    b.act(Action::Pick(x));
    b.act(Action::Pick(y));
    assert_eq!(b.g.player(0).hand(), &[z]);
    assert!(b.g.player(1).hand().is_empty());
}

/// 702.1: "each player chooses a character they control": the primary player first,
/// then clockwise, each from their own; the choices are carried out together.
#[test]
fn r702_1_each_player_chooses_a_character_primary_player_first() {
    let (mut b, pt) = Bench::with_effect(
        "(each-player-chooses 0) (stun (chosen 0)) (stun (chosen 1))",
        CARDS,
    );
    let m0 = b.in_play(0, "x-pal", Row::Front, 0);
    let n0 = b.in_play(0, "x-pal", Row::Front, 1);
    let m1 = b.in_play(1, "x-pal", Row::Front, 0);
    let n1 = b.in_play(1, "x-pal", Row::Front, 1);
    b.act(Action::PlayPlotTwist(pt));
    b.act(Action::Pass);
    b.act(Action::Pass);
    assert_eq!(b.g.pending(), Pending::EffectChoice(0));
    assert_eq!(b.g.legal(), vec![Action::Pick(m0), Action::Pick(n0)]);
    b.act(Action::Pick(n0));
    assert_eq!(b.g.pending(), Pending::EffectChoice(1));
    assert_eq!(b.g.legal(), vec![Action::Pick(m1), Action::Pick(n1)]);
    assert!(!b.g.card(n0).stunned);
    b.act(Action::Pick(m1));
    assert!(b.g.card(n0).stunned && b.g.card(m1).stunned);
    assert!(!b.g.card(m0).stunned && !b.g.card(n1).stunned);
}

/// 513.1c, 701.11d: a modifier that asks a choice remembers it: the ongoing plot twist's
/// continuous power reads the affiliation it chose; turned face down, it forgets.
#[test]
fn r513_1c_a_continuous_modifier_remembers_its_choice() {
    let mut b = Bench::new(CARDS);
    let og = b.resource(0, "x-og");
    let tr = b.in_play(0, "x-tr", Row::Front, 0);
    let pal = b.in_play(0, "x-pal", Row::Front, 1);
    b.act(Action::PlayPlotTwist(og));
    b.resolve_all();
    assert_eq!(b.g.pending(), Pending::EffectChoice(0));
    let troop =
        b.g.pool
            .affiliations
            .iter()
            .position(|a| a == "Troop")
            .unwrap();
    b.act(Action::Choose(troop as u16));
    b.resolve_all();
    assert_eq!((b.g.atk(tr), b.g.atk(pal)), (4, 2));
    assert!(b.g.turn_face_down(og));
    assert_eq!(b.g.atk(tr), 3);
}

/// 515.7, 702.4: two modifiers of one player that start together, whose order matters,
/// are ordered by that player: a decision lists them; the one chosen first is
/// timestamped first. Plain +ATK/+DEF powers, which add up in any order, ask nothing.
#[test]
fn r515_7_r702_4_the_controller_orders_modifiers_that_start_together() {
    for (first, guard) in [(0u16, false), (1, true)] {
        let (mut b, pt) =
            Bench::with_effect("(target 0 character) (cosmic-counter (target 0))", CARDS);
        let c = b.in_play(0, "x-two", Row::Front, 0);
        b.play(pt, &[c]);
        assert_eq!(b.g.pending(), Pending::OrderModifiers(0));
        assert_eq!(b.g.legal(), vec![Action::Choose(0), Action::Choose(1)]);
        let labels = b.g.choice_labels();
        assert!(labels[0].contains("Guard"), "{labels:?}");
        b.act(Action::Choose(first));
        assert_eq!(b.g.pending(), Pending::Priority(0));
        let guard_i =
            b.g.pool
                .affiliations
                .iter()
                .position(|a| a == "Guard")
                .unwrap();
        // Gain then lose: none; lose then gain: Guard.
        assert_eq!(
            b.g.affiliations(c).contains(guard_i),
            guard,
            "first {first}"
        );
        assert!(b.g.power_timestamp(c, first as u8) < b.g.power_timestamp(c, 1 - first as u8));
    }
    let (mut b, pt) = Bench::with_effect("(target 0 character) (cosmic-counter (target 0))", CARDS);
    let c = b.in_play(0, "x-sum", Row::Front, 0);
    b.play(pt, &[c]);
    assert_eq!(b.g.pending(), Pending::Priority(0));
    assert_eq!((b.g.atk(c), b.g.def_value(c)), (4, 4));
}
