//! Tests of the rules session 27 implemented on powers one card gives another (500.6a–b),
//! leader powers (706.10), their timestamps (515.3) and removing characters from an
//! attack (602.2, 602.3).

use crate::action::Action;
use crate::ids::*;
use crate::state::*;
use crate::testkit::Bench;
use crate::vocab::Keyword;

const CARDS: &str = r#"
(card x-lead "Field Marshal" "" (character (cost 4) (atk 4) (def 4)) (keywords leader)
  (leader (continuous (stats (each adjacent) 1 0))))
(card x-nolead "Would-Be Marshal" "" (character (cost 4) (atk 4) (def 4))
  (leader (continuous (stats (each adjacent) 1 0))))
(card x-pal "Plain Soldier" "" (character (cost 2) (atk 2) (def 2)))
(card x-cos "Star Sentry" "" (character (cost 4) (atk 4) (def 4)) (keywords cosmic)
  (cosmic (continuous (stats this 1 0)))
  (continuous (stats this 0 1))
  (cosmic (continuous (stats this 0 1))))
(card x-sky "Sky Thief" "" (character (cost 3) (atk 3) (def 3)))
(card x-tr1 "Troop Leader" "" (character (cost 3) (atk 3) (def 3) (affiliation "Troop")))
(card x-tr2 "Troop Rider" "" (character (cost 3) (atk 3) (def 3) (affiliation "Troop")))
(card x-star "Star Knight" "" (character (cost 3) (atk 3) (def 3)) (keywords cosmic)
  (cosmic (payment (cost activate) (draw you 1))))
"#;

/// 706.10: a leader power follows the leader keyword: it refers to the characters
/// adjacent to its own card, and works only while that card has leader — not on a card
/// without the keyword, nor after an effect took leader and the leader powers away.
#[test]
fn r706_10_a_leader_power_works_around_its_own_leader_while_it_is_one() {
    let mut b = Bench::new(CARDS);
    let lead = b.in_play(0, "x-lead", Row::Front, 0);
    let beside = b.in_play(0, "x-pal", Row::Front, 1);
    let behind = b.in_play(0, "x-pal", Row::Support, 0);
    let far = b.in_play(0, "x-pal", Row::Front, 3);
    let pretender = b.in_play(1, "x-nolead", Row::Front, 0);
    let theirs = b.in_play(1, "x-pal", Row::Front, 1);
    assert_eq!((b.g.atk(beside), b.g.atk(behind), b.g.atk(far)), (3, 3, 2));
    // Not adjacent to itself, nor to another player's characters.
    assert_eq!((b.g.atk(lead), b.g.atk(theirs)), (4, 2));
    // A leader power on a card without leader does nothing.
    assert!(!b.g.has_keyword(pretender, Keyword::Leader));
    // "Target character loses leader and all leader powers this turn."
    let (mut b2, pt) = Bench::with_effect(
        "(target 0 character) (cant (target 0) have-leader this-turn)",
        CARDS,
    );
    let lead2 = b2.in_play(0, "x-lead", Row::Front, 0);
    let beside2 = b2.in_play(0, "x-pal", Row::Front, 1);
    assert_eq!(b2.g.atk(beside2), 3);
    b2.play(pt, &[lead2]);
    assert!(!b2.g.has_keyword(lead2, Keyword::Leader));
    assert_eq!(b2.g.atk(beside2), 2);
}

/// 515.3, 706.7: a cosmic counter brings the cosmic powers back: each of their
/// modifiers gets a new timestamp, later than the card's, in the order the powers are
/// printed (docs/rulings.md, "Powers that come back together"); a power without the
/// cosmic gate keeps the card's.
#[test]
fn r515_3_a_cosmic_counter_gives_the_cosmic_powers_new_timestamps() {
    let mut b = Bench::new(CARDS);
    let c = b.in_play(0, "x-cos", Row::Front, 0);
    b.g.card_mut(c).timestamp = 3;
    assert_eq!(b.g.atk(c), 4);
    assert_eq!(b.g.power_timestamp(c, 0), 3);
    crate::verbs::Host::add_cosmic_counter(&mut b.g, c);
    assert_eq!((b.g.atk(c), b.g.def_value(c)), (5, 6));
    let (t0, t1, t2) = (
        b.g.power_timestamp(c, 0),
        b.g.power_timestamp(c, 1),
        b.g.power_timestamp(c, 2),
    );
    assert!(t0 > 3 && t2 > t0, "{t0} {t2}");
    assert_eq!(t1, 3);
}

/// 602.2, 602.2b, 602.3: a step removes an attacker and the defender from the attack:
/// they are no longer attacking, defending or in combat, and a team attack stays one.
#[test]
fn r602_2_r602_2b_r602_3_a_step_removes_characters_from_the_attack() {
    let (mut b, pt) = Bench::with_effect(
        "(target 0 character attacker) (target 1 character defender) (remove-from-attack (target 0)) (remove-from-attack (target 1))",
        CARDS,
    );
    assert_eq!(
        b.effect_text(pt),
        "Target 0 is a attacking character; target 1 is a defending character. Remove target 0 from the attack. Remove target 1 from the attack."
    );
    let a1 = b.in_play(0, "x-tr1", Row::Front, 0);
    let a2 = b.in_play(0, "x-tr2", Row::Front, 1);
    let d = b.in_play(1, "x-pal", Row::Front, 0);
    b.g.part = Part::Step(StepKind::Attack, 0);
    b.act(Action::Propose {
        attacker: a1,
        defender: Defender::Character(d),
    });
    b.act(Action::JoinTeam(a2));
    b.act(Action::Pass);
    b.act(Action::Pass);
    assert!(b.g.is_attacker(a1) && b.g.is_defender(d));
    b.play(pt, &[a1, d]);
    assert!(!b.g.is_attacker(a1) && b.g.is_attacker(a2));
    assert!(!b.g.is_defender(d));
    assert!(b.g.attack().is_some_and(|a| a.team));
    assert!(b
        .g
        .log_entries()
        .iter()
        .any(|l| l.text.contains("is removed from the attack")));
}

/// 500.6a: a gained power comes without its keyword: the character doesn't become
/// cosmic, and the power works without a cosmic counter; it lasts this turn only.
#[test]
fn r500_6a_a_gained_power_comes_without_its_keywords() {
    let (mut b, pt) = Bench::with_effect(
        "(target 0 character) (target 1 character) (gains-activated-powers (target 0) (target 1) this-turn)",
        CARDS,
    );
    assert_eq!(
        b.effect_text(pt),
        "Target 0 is a character; target 1 is a character. Target 0 gains the activated powers of target 1 this turn."
    );
    let thief = b.in_play(0, "x-sky", Row::Front, 0);
    let star = b.in_play(1, "x-star", Row::Front, 0);
    b.play(pt, &[thief, star]);
    assert!(!b.g.has_keyword(thief, Keyword::Cosmic));
    // Its first power: it prints none.
    assert_eq!(b.g.power_numbers(thief), vec![0]);
    let hand = b.g.player(0).hand_len();
    b.act(Action::UsePower {
        card: thief,
        power: 0,
    });
    b.resolve_all();
    assert_eq!(b.g.player(0).hand_len(), hand + 1);
    b.g.end_gained_this_turn();
    assert!(b.g.power_numbers(thief).is_empty());
}

const MODAL: &str = r#"
(card x-mod "Two Roads" "" (plot-twist (threshold 0))
  (modal one
    (mode (draw you 1))
    (mode (target 0 character) (gets (target 0) 1 0 this-turn))))
(card x-fan "Stretch" "" (character (cost 2) (atk 2) (def 2)))
(card x-inv "Vanisher" "" (character (cost 2) (atk 2) (def 2)))
(card x-two "Doubler" "" (character (cost 2) (atk 2) (def 2))
  (continuous (has-name this "Stretch" "Vanisher")))
"#;

/// 508.2h, 505.1b: a modal effect is played with its mode announced: only that mode's
/// targets are chosen and only its modifiers are made; "choose one" offers no pair.
#[test]
fn r508_2h_a_modal_effect_makes_only_its_chosen_modes_modifiers() {
    let mut b = Bench::new(MODAL);
    let pt = b.in_hand(0, "x-mod");
    let c = b.in_play(0, "x-fan", Row::Front, 0);
    assert_eq!(
        crate::text::game_text(b.g.def(pt)),
        "Choose one: You draw 1 card; or Target 0 is a character. Target 0 gets +1 ATK this turn."
    );
    let legal = b.g.legal();
    assert!(!legal.contains(&Action::PlayPlotTwist(pt)));
    let modes: Vec<u8> = legal
        .iter()
        .filter_map(|a| match a {
            Action::PlayModes { card, power } if *card == pt => Some(*power),
            _ => None,
        })
        .collect();
    assert_eq!(modes, vec![0, 1]);
    let hand = b.g.player(0).hand_len();
    // Mode 2: a target, +1 ATK, no card drawn.
    b.act(Action::PlayModes { card: pt, power: 1 });
    assert_eq!(b.g.pending(), Pending::Target(0));
    b.target(c);
    b.resolve_all();
    assert_eq!(b.g.atk(c), 3);
    assert_eq!(b.g.player(0).hand_len(), hand - 1);
    // Mode 1 (from a second copy): no target asked, a card drawn, no ATK.
    let pt2 = b.in_hand(0, "x-mod");
    b.act(Action::PlayModes {
        card: pt2,
        power: 0,
    });
    assert_eq!(b.g.chain().len(), 1);
    b.resolve_all();
    assert_eq!(b.g.player(0).hand_len(), hand);
    assert_eq!(b.g.atk(c), 3);
}

/// 201.8b: "if you control A and B" needs a different character for each name: one
/// character with both names satisfies only one check; two characters satisfy both.
#[test]
fn r201_8b_a_character_with_two_names_satisfies_one_check() {
    let mut b = Bench::new(MODAL);
    let names = ["Stretch".to_string(), "Vanisher".to_string()];
    b.in_play(0, "x-two", Row::Front, 0);
    assert!(b.g.names(b.g.player(0).characters()[0]).len() == 3);
    assert!(!b.g.controls_each_named(0, &names));
    b.in_play(0, "x-inv", Row::Front, 1);
    assert!(b.g.controls_each_named(0, &names));
    assert!(!b.g.controls_each_named(1, &names));
}

const PROTOCOLS: &str = r#"
(card x-cpt "Protocol Test" "" (plot-twist (threshold 0))
  (effect (choose-affiliation)
    (gets-while-attacking (each yours) 2 0 (vs chosen-affiliation) this-turn)))
(card x-ta "Alpha Trooper" "" (character (cost 2) (atk 2) (def 2) (affiliation "Alpha Team")))
(card x-tb "Beta Trooper" "" (character (cost 2) (atk 2) (def 5) (affiliation "Beta Team")))
"#;

/// 511.4: a choice of an affiliation offers every affiliation that exists (the card
/// pool's) and the later step uses the one chosen: +2 ATK only while attacking a
/// character with it.
#[test]
fn r511_4_an_affiliation_is_chosen_from_those_that_exist() {
    let mut b = Bench::new(PROTOCOLS);
    let pt = b.in_hand(0, "x-cpt");
    assert_eq!(
        crate::text::game_text(b.g.def(pt)),
        "Choose an affiliation. Characters you control get +2 ATK while attacking a character with the chosen affiliation this turn."
    );
    let a = b.in_play(0, "x-ta", Row::Front, 0);
    let beta = b.in_play(1, "x-tb", Row::Front, 0);
    let alpha = b.in_play(1, "x-ta", Row::Front, 1);
    b.act(Action::PlayPlotTwist(pt));
    b.act(Action::Pass);
    b.act(Action::Pass);
    let n = b.g.pool.affiliations.len();
    assert!(n >= 2);
    assert_eq!(b.g.legal().len(), n);
    let i =
        b.g.pool
            .affiliations
            .iter()
            .position(|x| x == "Beta Team")
            .unwrap();
    assert_eq!(
        b.g.describe_for(0, &Action::Choose(i as u16)),
        "Choose Beta Team"
    );
    b.act(Action::Choose(i as u16));
    assert!(b.g.chain().is_empty());
    assert_eq!(b.g.atk(a), 2);
    b.g.part = Part::Step(StepKind::Attack, 0);
    b.act(Action::Propose {
        attacker: a,
        defender: Defender::Character(alpha),
    });
    b.act(Action::Pass);
    b.act(Action::Pass);
    assert!(b.g.is_attacker(a));
    assert_eq!(b.g.atk(a), 2);
    // The same attack against a Beta Team defender instead.
    let object = b.g.card(beta).object;
    b.g.attack.as_mut().unwrap().defender = Some((Defender::Character(beta), object));
    assert_eq!(b.g.atk(a), 4);
}

const GAINED: &str = r#"
(card x-men "Order Mentor" "" (character (cost 3) (atk 3) (def 3))
  (continuous (gain-affiliation this "Order")))
(card x-cop "Mimic" "" (character (cost 3) (atk 3) (def 3)))
(card x-wip "Clean Slate" "" (location (threshold 0))
  (continuous (lose-affiliations (each yours))))
"#;

/// 500.6: a continuous power gained from another card makes its modifier with the time
/// it was gained as its timestamp: after a "lose all affiliations" power that is later
/// than both cards, the gained "gains the Order affiliation" still applies, while the
/// same power printed on the first card, older, is undone.
#[test]
fn r500_6_a_gained_powers_modifier_is_timestamped_when_gained() {
    let (mut b, pt) = Bench::with_effect(
        "(target 0 character) (target 1 character) (gains-powers (target 0) (target 1))",
        GAINED,
    );
    assert_eq!(
        b.effect_text(pt),
        "Target 0 is a character; target 1 is a character. Target 0 gains the payment and continuous powers of target 1."
    );
    let mentor = b.in_play(0, "x-men", Row::Front, 0);
    let mimic = b.in_play(0, "x-cop", Row::Front, 1);
    let slate = b.resource(0, "x-wip");
    b.g.card_mut(slate).face_up = true;
    b.g.card_mut(mentor).timestamp = 1;
    b.g.card_mut(mimic).timestamp = 2;
    b.g.card_mut(slate).timestamp = 3;
    assert!(b.g.affiliations(mentor).is_empty());
    b.play(pt, &[mimic, mentor]);
    assert_eq!(b.g.power_numbers(mimic), vec![0]);
    assert!(b.g.power_timestamp(mimic, 0) > 3);
    let order =
        b.g.pool
            .affiliations
            .iter()
            .position(|x| x == "Order")
            .unwrap();
    assert!(b.g.affiliations(mimic).contains(order));
    assert!(b.g.affiliations(mentor).is_empty());
}
