//! Session 27: resources as objects of effects (targets, choices, turning face down,
//! exchanges), being in combat and entering it, and what a card or an effect targets.

use crate::action::Action;
use crate::ids::*;
use crate::state::*;
use crate::testkit::Bench;

const COMBAT: &str = r#"
(card x-storm "Storm" "Gold Leader" (character (cost 4) (atk 4) (def 4) (affiliation "X-Men"))
  (trigger (on (adjacent-enters-combat-with flight)) (power-up that)))
(card x-fly "Banshee" "" (character (cost 2) (atk 3) (def 3) (affiliation "Brotherhood") flight))
"#;

/// Lets the proposed attack go on until its attack substep starts.
fn start_substep(b: &mut Bench) {
    for _ in 0..10 {
        if b.g.attack().is_some_and(|a| a.started) {
            return;
        }
        let a = if b.g.legal().contains(&Action::ProposeNow) {
            Action::ProposeNow
        } else {
            Action::Pass
        };
        b.act(a);
    }
    panic!("the attack substep does not start");
}

/// G-In-Combat: an attacker and the defender it attacks are in combat with each other;
/// two attackers of one team are not; nothing is in combat before the substep starts.
#[test]
fn g_in_combat_attackers_with_their_defender_not_with_each_other() {
    let mut b = Bench::new(COMBAT);
    let a1 = b.in_play(0, "x-fly", Row::Front, 0);
    let a2 = b.in_play(0, "x-fly", Row::Front, 1);
    let d = b.in_play(1, "trn-006", Row::Front, 0);
    let other = b.in_play(1, "trn-007", Row::Front, 1);
    b.g.part = Part::Step(StepKind::Attack, 0);
    b.act(Action::Propose {
        attacker: a1,
        defender: Defender::Character(d),
    });
    assert!(!b.g.in_combat_with(a1, d), "a proposal is not combat yet");
    b.act(Action::JoinTeam(a2));
    start_substep(&mut b);
    assert!(b.g.in_combat_with(a1, d) && b.g.in_combat_with(d, a2));
    assert!(
        !b.g.in_combat_with(a1, a2),
        "two attackers are not in combat"
    );
    assert!(!b.g.in_combat_with(other, a1));
}

/// 502.2, G-Enters-Combat: a character next to Storm defending against two flying
/// attackers enters combat twice, once with each: the power triggers twice.
#[test]
fn r502_2_one_trigger_for_each_pair_entering_combat() {
    let mut b = Bench::new(COMBAT);
    let a1 = b.in_play(0, "x-fly", Row::Front, 0);
    let a2 = b.in_play(0, "x-fly", Row::Front, 1);
    let d = b.in_play(1, "trn-006", Row::Front, 0);
    let storm = b.in_play(1, "x-storm", Row::Front, 1);
    b.g.part = Part::Step(StepKind::Attack, 0);
    b.act(Action::Propose {
        attacker: a1,
        defender: Defender::Character(d),
    });
    b.act(Action::JoinTeam(a2));
    start_substep(&mut b);
    assert_eq!(b.g.pending(), Pending::OrderTriggers(1));
    assert_eq!(b.g.waiting.len(), 2);
    while let Pending::OrderTriggers(_) = b.g.pending() {
        let a = b.g.legal()[0];
        b.act(a);
    }
    let from_storm =
        b.g.chain()
            .iter()
            .filter(|e| matches!(e.kind, EffectKind::Card { source, .. } if source == storm))
            .count();
    assert_eq!(from_storm, 2);
    // Sergeant Okoye-Marsh (3/5), powered-up twice before the attack concludes.
    for _ in 0..4 {
        b.act(Action::Pass);
    }
    assert!(b.g.chain().is_empty());
    assert_eq!((b.g.atk(d), b.g.def_value(d)), (5, 7));
}

const CHOOSER: &str = r#"
(card x-bnw "Brave New World" "" (plot-twist (threshold 0) ongoing)
  (effect (to-play (choose 1 yours)) (gain-endurance you 1))
  (continuous (stats (each chosen-to-play) 1 0)))
"#;

/// Plays the ongoing plot twist `pt` from player 0's resource row, choosing `c`.
fn play_choosing(b: &mut Bench, pt: CardId, c: CardId) {
    b.act(Action::PlayPlotTwist(pt));
    assert_eq!(b.g.pending(), Pending::PayCost(0));
    b.act(Action::Pick(c));
    b.resolve_all();
}

/// 501.4d, 701.11d (VS-TCG-108): a plot twist turned face down is the same object but
/// forgets what it chose as it was played; played again, it chooses afresh and only the
/// new choice counts. Turning face down keeps its timestamp (701.11d); turning face up
/// again resets it (501.4d).
#[test]
fn r501_4d_r701_11d_turned_face_down_a_plot_twist_forgets_its_choices() {
    let mut b = Bench::new(CHOOSER);
    let a = b.in_play(0, "trn-007", Row::Front, 0);
    let c = b.in_play(0, "trn-006", Row::Front, 1);
    let pt = b.resource(0, "x-bnw");
    assert_eq!(
        crate::text::effect(b.g.def(pt).play_effect().unwrap().0),
        "To play, choose a character you control. You gain 1 endurance."
    );
    let (atk_a, atk_c) = (b.g.atk(a), b.g.atk(c));
    play_choosing(&mut b, pt, a);
    assert!(b.g.card(pt).face_up);
    assert_eq!((b.g.atk(a), b.g.atk(c)), (atk_a + 1, atk_c));
    let (object, stamp) = (b.g.card(pt).object, b.g.card(pt).timestamp);
    assert!(b.g.turn_face_down(pt));
    assert_eq!(
        (b.g.card(pt).object, b.g.card(pt).timestamp),
        (object, stamp)
    );
    assert!(!b.g.chose_to_play(pt, a), "the choice is forgotten");
    play_choosing(&mut b, pt, c);
    assert_eq!(b.g.card(pt).object, object, "still the same object");
    assert!(
        b.g.card(pt).timestamp > stamp,
        "face up again: a new timestamp"
    );
    assert_eq!((b.g.atk(a), b.g.atk(c)), (atk_a, atk_c + 1));
}

const BATMOBILE: &str = r#"
(card x-bat "Batman" "Dark Knight" (character (cost 4) (atk 6) (def 6) (affiliation "Gotham Knights") concealed-optional))
(card x-rob "Robin" "Boy Wonder" (character (cost 2) (atk 3) (def 3) (affiliation "Gotham Knights")))
(card x-bm "Batmobile" "Burn Rubber" (equipment (cost 2))
  (continuous (concealed-optional-while (named "Batman")))
  (payment (cost activate) (target 0 character yours (affiliation "Gotham Knights")) (has (target 0) reinforcement this-turn)))
"#;

/// Glossary: Targeting (VS-TCG-155 a): an effect of Batmobile's power targets Batman, but
/// the card doesn't: a card targets only while it is a recruit effect on the chain. On
/// Robin, Batmobile has no concealed—optional.
#[test]
fn g_targeting_a_cards_power_targets_not_the_card() {
    let mut b = Bench::new(BATMOBILE);
    let robin = b.in_play(0, "x-rob", Row::Front, 0);
    let batman = b.in_play(0, "x-bat", Row::Front, 1);
    let bm = b.in_hand(0, "x-bm");
    b.g.move_card(bm, Zone::Equipped(robin));
    b.act(Action::UsePower { card: bm, power: 1 });
    b.target(batman);
    let id = b.g.chain().last().expect("on the chain").id;
    assert!(b.g.effect_targets(id, batman) && !b.g.effect_targets(id, robin));
    assert_eq!(b.g.card_targets(bm), None);
    assert_eq!(b.g.concealment_of(bm), crate::model::Concealment::Visible);
}

/// Glossary: Targeting (VS-TCG-155 b): Batmobile on the chain as a recruit effect targets
/// Batman, so it has concealed—optional and may go onto a hidden Batman, where a plain
/// equipment can't (302.3a); equipped to him, it keeps it.
#[test]
fn g_targeting_a_recruit_effect_targets_its_host() {
    let mut b = Bench::new(BATMOBILE);
    let batman = b.in_hand(0, "x-bat");
    let hidden = Position {
        area: Area::Hidden,
        row: Row::Front,
        col: 0,
    };
    b.g.move_card(batman, Zone::Character(hidden));
    let bm = b.in_hand(0, "x-bm");
    let blade = b.in_hand(0, "trn-131");
    b.g.player_mut(0).rp = 5;
    let legal = b.g.legal();
    assert!(!legal.contains(&Action::Equip {
        card: blade,
        host: batman
    }));
    assert_eq!(b.g.concealment_of(bm), crate::model::Concealment::Visible);
    b.act(Action::Equip {
        card: bm,
        host: batman,
    });
    assert_eq!(b.g.card_targets(bm), Some(batman));
    assert_eq!(b.g.concealment_of(bm), crate::model::Concealment::Optional);
    b.resolve_all();
    assert_eq!(b.g.card(bm).zone, Zone::Equipped(batman));
    assert_eq!(b.g.card_targets(bm), None);
    assert_eq!(b.g.concealment_of(bm), crate::model::Concealment::Optional);
}

/// 708.2e (VS-TCG-121): a copy is itself an effect from a non-ongoing plot twist, so it
/// may be copied in turn; kept, its target is the original's.
#[test]
fn r708_2e_a_copy_is_an_effect_from_a_non_ongoing_plot_twist() {
    let cards = r#"
(card x-st "Stun Twist" "" (plot-twist (threshold 0)) (effect (target 0 character) (stun (target 0))))
(card x-cp "Copy Twist" "" (plot-twist (threshold 0))
  (effect (target 0 effect non-ongoing-plot-twist) (copy (target 0) new-targets)))
"#;
    let mut b = Bench::new(cards);
    let st = b.in_hand(0, "x-st");
    let cp = b.in_hand(0, "x-cp");
    let victim = b.in_play(1, "trn-007", Row::Front, 0);
    let _other = b.in_play(1, "trn-006", Row::Front, 1);
    b.act(Action::PlayPlotTwist(st));
    b.target(victim);
    let original = b.g.chain()[0].id;
    b.act(Action::PlayPlotTwist(cp));
    b.act(Action::ChooseTarget(TargetRef::Effect(original)));
    b.act(Action::Pass);
    b.act(Action::Pass);
    assert_eq!(b.g.pending(), Pending::EffectChoice(0));
    b.act(Action::No);
    assert_eq!(b.g.chain().len(), 2);
    let copy = b.g.chain()[1].clone();
    assert!(b
        .g
        .effect_passes(&copy, crate::vocab::EffectTest::NonOngoingPlotTwist));
    assert!(
        matches!(&copy.kind, EffectKind::Card { origin: Origin::Copy, targets, .. }
        if targets[..] == [TargetRef::Card(victim, b.g.card(victim).object)])
    );
    assert_eq!(
        b.g.card(st).zone,
        Zone::Chain,
        "the copy has no card of its own"
    );
}

const FATE: &str = r#"
(card x-helm "Helm of Nabu" "" (equipment (cost 2)) (traits "Fate Artifact")
  (continuous (equip-also (trait "Fate Artifact"))))
(card x-cloak "Cloak of Nabu" "" (equipment (cost 2)) (traits "Fate Artifact")
  (continuous (equip-also (trait "Fate Artifact"))))
"#;

/// 302.3b (with VS-TCG-140's Fate Artifacts): a character's maximum is one; an equipment
/// that lets "any number of other" Fate Artifacts join makes room only for those.
#[test]
fn r302_3b_an_equipment_may_make_room_beyond_the_maximum() {
    let mut b = Bench::new(FATE);
    let host = b.in_play(0, "trn-007", Row::Front, 0);
    let helm = b.in_hand(0, "x-helm");
    let cloak = b.in_hand(0, "x-cloak");
    let blade = b.in_hand(0, "trn-131");
    assert!(b.g.room_for(helm, host, &[]));
    assert!(!b.g.room_for(helm, host, &[blade]), "one is the maximum");
    assert!(
        b.g.room_for(cloak, host, &[helm]),
        "the Helm makes room for a Fate Artifact"
    );
    assert!(
        !b.g.room_for(blade, host, &[helm]),
        "but not for another equipment"
    );
    let line = crate::text::card_line(b.g.pool(), b.g.def(helm));
    assert!(
        line.contains(
            "Equipped character can be equipped with any number of other Fate Artifact equipment."
        ),
        "{line}"
    );
}

/// 705.1a: a support row character in the same column as a front row character is
/// behind it, stunned or not; one in another column, or another player's, is not.
#[test]
fn r705_1a_behind_is_the_same_column_in_the_support_row() {
    let cards = r#"
(card x-wall "Shield Wall" "" (character (cost 3) (atk 3) (def 3) (affiliation "Training Squad"))
  (continuous (stats (each behind) 0 2)))
"#;
    let mut b = Bench::new(cards);
    let f = b.in_play(0, "x-wall", Row::Front, 1);
    let s = b.in_play(0, "trn-007", Row::Support, 1);
    let beside = b.in_play(0, "trn-006", Row::Support, 2);
    let theirs = b.in_play(1, "trn-005", Row::Support, 1);
    assert!(b.g.behind(s, f) && !b.g.behind(beside, f) && !b.g.behind(theirs, f));
    assert!(!b.g.behind(f, s), "a front row character is behind nothing");
    let (ds, db) = (b.g.def_value(s), b.g.def_value(beside));
    let printed = |b: &Bench, c: CardId| match b.g.def(c).ty {
        crate::model::CardType::Character { def, .. } => def as i32,
        _ => 0,
    };
    assert_eq!((ds, db), (printed(&b, s) + 2, printed(&b, beside)));
    b.g.card_mut(s).stunned = true;
    assert!(b.g.behind(s, f), "stunned, still behind");
}

/// 705.4: resources in neighbouring places of one row are adjacent: a location's power
/// on "each face-up resource adjacent to this" turns only those.
#[test]
fn r705_4_adjacent_resources_are_neighbours_in_the_row() {
    let cards = r#"
(card x-lot "Vacant Lot" "" (location (threshold 0))
  (payment (cost activate) (turn-face-down (each adjacent-resource face-up))))
"#;
    let mut b = Bench::new(cards);
    let left = b.resource(0, "trn-121");
    let lot = b.resource(0, "x-lot");
    let right = b.resource(0, "trn-122");
    let far = b.resource(0, "trn-121");
    let theirs = b.resource(1, "trn-121");
    for r in [left, lot, right, far, theirs] {
        b.g.card_mut(r).face_up = true;
    }
    assert!(b.g.adjacent_resources(left, lot) && b.g.adjacent_resources(right, lot));
    assert!(!b.g.adjacent_resources(far, lot) && !b.g.adjacent_resources(theirs, left));
    b.act(Action::UsePower {
        card: lot,
        power: 0,
    });
    b.resolve_all();
    let up: Vec<bool> = [left, lot, right, far, theirs]
        .iter()
        .map(|&r| b.g.card(r).face_up)
        .collect();
    assert_eq!(up, [false, true, false, true, true]);
}

/// 708.4g: a resource moved into a character row turns face up, leaves play as a resource
/// and enters as a character: a new object, its timestamp reset and its counters gone,
/// in an empty position its controller chooses. A resource that is no character card
/// stays.
#[test]
fn r708_4g_a_resource_moved_into_a_row_enters_play_as_a_character() {
    let (mut b, pt) = Bench::with_effect(
        "(target 0 resource yours) (to-character-row (target 0))",
        "",
    );
    assert_eq!(
        b.effect_text(pt),
        "Target 0 is a resource you control. Move target 0 into your front or support row."
    );
    let r = b.resource(0, "trn-007");
    b.g.card_mut(r).timestamp = 3;
    b.g.named_counters.push(NamedCounters {
        card: r,
        object: b.g.card(r).object,
        name: "dream".into(),
        n: 1,
    });
    let object = b.g.card(r).object;
    b.act(Action::PlayPlotTwist(pt));
    b.target(r);
    b.act(Action::Pass);
    b.act(Action::Pass);
    assert_eq!(b.g.pending(), Pending::EffectChoice(0));
    let places: Vec<Position> =
        b.g.legal()
            .into_iter()
            .filter_map(|a| match a {
                Action::Place(p) => Some(p),
                _ => None,
            })
            .collect();
    assert!(places.iter().all(|p| p.area == Area::Visible) && places.len() >= 2);
    let to = *places
        .iter()
        .find(|p| p.row == Row::Support)
        .expect("a support row place");
    b.act(Action::Place(to));
    assert_eq!(b.g.card(r).zone, Zone::Character(to));
    assert_ne!(b.g.card(r).object, object);
    assert!(b.g.card(r).timestamp > 3);
    assert_eq!(b.g.named_counters(r, "dream"), 0);
    assert!(!b.g.player(0).resources().contains(&r));
    // A location can't become a character: nothing happens.
    let (mut b, pt) = Bench::with_effect(
        "(target 0 resource yours) (to-character-row (target 0))",
        "",
    );
    let loc = b.resource(0, "trn-121");
    b.play(pt, &[loc]);
    assert_eq!(b.g.card(loc).zone, Zone::Resource);
}
