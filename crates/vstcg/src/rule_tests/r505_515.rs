//! Tests of rules 505–515 (playing effects, the chain, resolution, modifiers, replacements, timestamps, dependencies).

use crate::action::Action;
use crate::ids::*;
use crate::state::*;
use crate::testkit::Bench;

/// Passes (or takes the first legal action when passing isn't one) until `done`.
fn advance_until(b: &mut Bench, done: impl Fn(&GameState) -> bool) {
    let mut guard = 0;
    while !done(&b.g) {
        let legal = b.g.legal();
        let a = if legal.contains(&Action::Pass) {
            Action::Pass
        } else {
            legal[0]
        };
        b.g.perform(&a);
        guard += 1;
        assert!(guard < 200, "never got there");
    }
}

fn front(col: i8) -> Position {
    Position {
        area: Area::Visible,
        row: Row::Front,
        col,
    }
}

/// A character with a payment power (activate: characters you control get +1 ATK this
/// turn, the other ones only), one with an enters-play trigger and a plot twist that
/// stuns.
const CARDS: &str = r#"
(card x-cap "Drill Captain" "" (character (cost 2) (atk 2) (def 2) (affiliation "Training Squad"))
  (payment (cost activate) (target 0 character yours) (gets (target 0) 1 0 this-turn)))
(card x-rally "Rallying Sergeant" "" (character (cost 2) (atk 2) (def 2) (affiliation "Training Squad"))
  (payment (cost activate) (gets (each yours other) 1 0 this-turn)))
(card x-stun "Stun Twist" "" (plot-twist (threshold 0)) (effect (target 0 character) (stun (target 0))))
(card x-boost "Boosted Cadet" "" (character (cost 2) (atk 2) (def 2) (affiliation "Training Squad"))
  (keywords (boost 2)))
(card x-res "Moonlighter" "" (character (cost 2) (atk 2) (def 2)) (keywords reservist))
(card x-uniq "Lone Wolf" "" (character (cost 1) (atk 1) (def 1) (affiliation "Training Squad")))
"#;

/// 505.1a: a plot twist played from hand is put on top of the chain, on the effects
/// already there; played from the resource row, its card turns face up (revealed) and
/// stays in the row while its effect is on the chain.
#[test]
fn r505_1a_the_effect_goes_on_top_of_the_chain() {
    let mut b = Bench::new(CARDS);
    let first = b.in_hand(0, "x-stun");
    let second = b.in_hand(0, "x-stun");
    let in_row = b.resource(0, "x-stun");
    let v = b.in_play(1, "trn-007", Row::Front, 0);
    b.act(Action::PlayPlotTwist(first));
    b.target(v);
    assert_eq!(b.g.card(first).zone, Zone::Chain);
    b.act(Action::PlayPlotTwist(second));
    b.target(v);
    let sources: Vec<CardId> =
        b.g.chain()
            .iter()
            .map(|e| match e.kind {
                EffectKind::Card { source, .. } => source,
                _ => panic!("a card effect"),
            })
            .collect();
    assert_eq!(sources, [first, second], "the last played is on top");
    assert!(!b.g.card(in_row).face_up);
    b.act(Action::PlayPlotTwist(in_row));
    b.target(v);
    assert!(b.g.card(in_row).face_up && b.g.card(in_row).zone == Zone::Resource);
    assert_eq!(b.g.chain().len(), 3);
}

/// 505.1b: boost is announced as the recruit effect is played, and its additional cost
/// is paid with the recruit cost.
#[test]
fn r505_1b_boost_is_announced_and_paid_with_the_effect() {
    let mut b = Bench::new(CARDS);
    let c = b.in_hand(0, "x-boost");
    // With 3 resource points, boost can't be announced.
    b.g.player_mut(0).rp = 3;
    assert!(!b.g.legal().contains(&Action::Recruit {
        card: c,
        boost: true
    }));
    assert!(b.g.legal().contains(&Action::Recruit {
        card: c,
        boost: false
    }));
    b.g.player_mut(0).rp = 4;
    b.act(Action::Recruit {
        card: c,
        boost: true,
    });
    assert_eq!(b.g.player(0).rp, 0, "cost 2 plus boost 2");
    assert!(matches!(
        b.g.chain()[0].kind,
        EffectKind::Recruit { boost: true, .. }
    ));
}

/// 505.1d: the total cost is the cost after reductions (press), then additional costs
/// (boost) added: a boost after a press reduction.
#[test]
fn r505_1d_reductions_then_additional_costs() {
    let mut b = Bench::new(CARDS);
    let c = b.in_hand(0, "x-boost");
    assert_eq!(b.g.recruit_cost(c, false), 2);
    assert_eq!(b.g.recruit_cost(c, true), 4);
    b.g.player_mut(0).press_reduction = 1;
    assert_eq!(b.g.recruit_cost(c, false), 1);
    assert_eq!(b.g.recruit_cost(c, true), 3, "press, then boost added");
}

/// 505.1e: a recruit effect, once played, has its card recruited: recruiting uses up
/// the press reduction at once, before the effect resolves.
#[test]
fn r505_1e_the_card_is_recruited_as_the_effect_is_played() {
    let mut b = Bench::new(CARDS);
    let c = b.in_hand(0, "x-boost");
    b.g.player_mut(0).rp = 2;
    b.g.player_mut(0).press_reduction = 1;
    b.act(Action::Recruit {
        card: c,
        boost: false,
    });
    assert_eq!(b.g.card(c).zone, Zone::Chain);
    assert_eq!(b.g.player(0).press_reduction, 0);
    assert_eq!(b.g.player(0).rp, 1);
}

/// 505.1f: after playing an effect, its player gets priority (not the primary
/// player): player 2 plays during player 1's step and keeps priority; passing
/// starts over.
#[test]
fn r505_1f_the_player_who_played_gets_priority() {
    let mut b = Bench::new(CARDS);
    let pt = b.in_hand(1, "x-stun");
    let v = b.in_play(0, "trn-007", Row::Front, 0);
    b.act(Action::Pass);
    assert_eq!(b.g.pending(), Pending::Priority(1));
    b.act(Action::PlayPlotTwist(pt));
    b.target(v);
    assert_eq!(b.g.pending(), Pending::Priority(1));
    assert_eq!(b.g.passed_in_succession(), 0);
}

/// 505.4: once on the chain, an effect exists apart from its source: the character
/// whose power it is leaves play, and the effect still resolves.
#[test]
fn r505_4_the_effect_outlives_its_source() {
    let mut b = Bench::new(CARDS);
    let cap = b.in_play(0, "x-cap", Row::Front, 0);
    let other = b.in_play(0, "trn-007", Row::Front, 1);
    b.act(Action::UsePower {
        card: cap,
        power: 0,
    });
    b.target(other);
    b.g.move_card(cap, Zone::Hand);
    b.resolve_all();
    assert_eq!(b.g.atk(other), 7);
}

/// 505.5: a copy is not played: it goes straight on the chain with the original's
/// target, without its threshold or card.
#[test]
fn r505_5_a_copy_is_put_on_the_chain_not_played() {
    let (mut b, cp) = Bench::with_effect("(target 0 effect plot-twist) (copy (target 0))", CARDS);
    let st = b.in_hand(0, "x-stun");
    let victim = b.in_play(1, "trn-007", Row::Front, 0);
    b.act(Action::PlayPlotTwist(st));
    b.target(victim);
    b.act(Action::PlayPlotTwist(cp));
    let id = b.g.chain()[0].id;
    b.act(Action::ChooseTarget(TargetRef::Effect(id)));
    b.act(Action::Pass);
    b.act(Action::Pass);
    // No target was asked for the copy: it is on the chain at once, on the original.
    assert_eq!(b.g.pending(), Pending::Priority(0));
    assert_eq!(b.g.chain().len(), 2);
    assert!(matches!(
        &b.g.chain()[1].kind,
        EffectKind::Card { origin: Origin::Copy, targets, .. }
            if targets[..] == [TargetRef::Card(victim, b.g.card(victim).object)]
    ));
    assert_eq!(b.g.card(st).zone, Zone::Chain, "the copy has no card");
}

/// 506.1: a triggered effect triggers during another effect's resolution (the stun
/// of a plot twist) and goes on the chain once that resolution is done.
#[test]
fn r506_1_a_trigger_during_a_resolution() {
    let mut b = Bench::new(CARDS);
    let pt = b.in_hand(0, "x-stun");
    let coach = b.in_play(1, "trn-032", Row::Front, 0);
    let mine = b.in_play(0, "trn-007", Row::Front, 0);
    b.act(Action::PlayPlotTwist(pt));
    b.target(coach);
    b.act(Action::Pass);
    b.act(Action::Pass);
    assert!(b.g.card(coach).stunned);
    // Coach Mei's trigger: its player chooses its target as it goes on the chain.
    assert_eq!(b.g.pending(), Pending::Target(1));
    b.target(mine);
    assert_eq!(b.g.chain().len(), 1);
}

/// 506.3: a triggered effect goes on the chain through announcement (its target is
/// chosen) but is not played: nothing is paid, and its controller doesn't get
/// priority for having played it (the primary player does).
#[test]
fn r506_3_a_triggered_effect_is_announced_not_played() {
    let mut b = Bench::new(CARDS);
    let pt = b.in_hand(0, "x-stun");
    let coach = b.in_play(1, "trn-032", Row::Front, 0);
    let mine = b.in_play(0, "trn-007", Row::Front, 0);
    b.play(pt, &[coach]);
    let (rp, end) = (b.g.player(1).rp, b.g.endurance(1));
    b.target(mine);
    assert_eq!((b.g.player(1).rp, b.g.endurance(1)), (rp, end));
    assert!(matches!(
        b.g.chain()[0].kind,
        EffectKind::Card {
            origin: Origin::Triggered,
            ..
        }
    ));
    assert_eq!(b.g.pending(), Pending::Priority(0));
}

/// 506.4: a triggered effect whose target can't be chosen is removed before it is on
/// the chain, and the game goes on without it.
#[test]
fn r506_4_a_trigger_without_a_legal_target_is_removed() {
    let mut b = Bench::new(CARDS);
    let pt = b.in_hand(0, "x-stun");
    let coach = b.in_play(1, "trn-032", Row::Front, 0);
    let mine = b.in_play(0, "trn-007", Row::Front, 0);
    b.g.exhaust(mine); // Coach Mei's trigger needs a ready opposing character.
    b.play(pt, &[coach]);
    assert!(b.g.card(coach).stunned);
    assert!(b.g.chain().is_empty());
    assert_eq!(b.g.pending(), Pending::Priority(0));
}

/// 507.1, 507.1a: as the draw phase starts, the normal draw is on the chain with no
/// controller; the primary player gets priority; it resolves like any effect.
#[test]
fn r507_1_r507_1a_the_normal_draw_goes_on_the_chain() {
    let mut b = Bench::new(CARDS);
    // The turn ends and turn 2 starts: find the normal draw.
    advance_until(&mut b, |g| {
        g.chain().iter().any(|e| e.kind == EffectKind::NormalDraw)
    });
    assert_eq!(b.g.part(), Part::Phase(Phase::Draw));
    let e = &b.g.chain()[0];
    assert_eq!(e.controller, None);
    assert_eq!(b.g.pending(), Pending::Priority(b.g.primary_player()));
    let hands = (b.g.player(0).hand.len(), b.g.player(1).hand.len());
    b.resolve_all();
    assert_eq!(
        (b.g.player(0).hand.len(), b.g.player(1).hand.len()),
        (hands.0 + 2, hands.1 + 2)
    );
}

/// 508.1: the top effect resolves only once every player has passed in succession; an
/// action in between (playing another effect) starts the passing over.
#[test]
fn r508_1_all_players_pass_in_succession() {
    let mut b = Bench::new(CARDS);
    let a = b.in_hand(0, "x-stun");
    let c = b.in_hand(1, "x-stun");
    let v0 = b.in_play(0, "trn-007", Row::Front, 0);
    let v1 = b.in_play(1, "trn-007", Row::Front, 0);
    b.act(Action::PlayPlotTwist(a));
    b.target(v1);
    b.act(Action::Pass);
    b.act(Action::PlayPlotTwist(c));
    b.target(v0);
    b.act(Action::Pass);
    assert_eq!(b.g.chain().len(), 2, "one pass is not all");
    b.act(Action::Pass);
    assert_eq!(b.g.chain().len(), 1);
    assert!(b.g.card(v0).stunned && !b.g.card(v1).stunned, "the top one");
}

/// 508.1a: an action taken back (an effect begun and cancelled) is as if it was never
/// taken: it doesn't interrupt passing in succession.
#[test]
fn r508_1a_a_taken_back_play_does_not_interrupt_passing() {
    let mut b = Bench::new(CARDS);
    let a = b.in_hand(0, "x-stun");
    let c = b.in_hand(1, "x-stun");
    let v1 = b.in_play(1, "trn-007", Row::Front, 0);
    b.act(Action::PlayPlotTwist(a));
    b.target(v1);
    b.act(Action::Pass);
    b.act(Action::PlayPlotTwist(c));
    b.act(Action::CancelPlay);
    b.act(Action::Pass);
    assert!(b.g.chain().is_empty() && b.g.card(v1).stunned);
}

/// 508.1b: revealing a face-down resource doesn't interrupt passing in succession.
#[test]
fn r508_1b_revealing_a_resource_does_not_interrupt_passing() {
    let mut b = Bench::new(CARDS);
    let a = b.in_hand(0, "x-stun");
    let r = b.resource(1, "x-res");
    let v1 = b.in_play(1, "trn-007", Row::Front, 0);
    b.act(Action::PlayPlotTwist(a));
    b.target(v1);
    b.act(Action::Pass);
    b.act(Action::Reveal(r));
    b.act(Action::Pass);
    assert!(b.g.chain().is_empty() && b.g.card(v1).stunned);
}

/// 508.2c: an effect with a legal and an illegal target does what it can: it applies
/// to the legal one only.
#[test]
fn r508_2c_the_effect_skips_its_illegal_targets() {
    let (mut b, pt) = Bench::with_effect(
        "(target 0 character opposing ready) (target 1 character opposing ready) (stun (target 0)) (stun (target 1))",
        "",
    );
    let a = b.in_play(1, "trn-007", Row::Front, 0);
    let c = b.in_play(1, "trn-006", Row::Front, 1);
    b.act(Action::PlayPlotTwist(pt));
    b.target(a);
    b.target(c);
    b.g.exhaust(a);
    b.resolve_all();
    assert!(!b.g.card(a).stunned && b.g.card(c).stunned);
}

/// 508.2d: information an effect looks for is read as it resolves: the count of your
/// characters includes one that entered play after the effect was played.
#[test]
fn r508_2d_information_is_checked_on_resolution() {
    let (mut b, pt) = Bench::with_effect("(gain-endurance you (count yours))", "");
    b.in_play(0, "trn-007", Row::Front, 0);
    b.act(Action::PlayPlotTwist(pt));
    b.in_play(0, "trn-006", Row::Front, 1);
    b.resolve_all();
    assert_eq!(b.g.endurance(0), 52);
}

/// 508.2g, 511.1c, 513.1d: portions with different durations are separate modifiers: a "this attack"
/// bonus ends with the attack while the "this turn" one of the same effect stays.
#[test]
fn r508_2g_r511_1c_r513_1d_one_effect_two_durations_two_modifiers() {
    let (mut b, pt) = Bench::with_effect(
        "(target 0 character yours) (gets (target 0) 2 0 this-turn) (gets (target 0) 0 3)",
        "",
    );
    let c = b.in_play(0, "trn-007", Row::Front, 0);
    b.play(pt, &[c]);
    assert_eq!(b.g.raw_stats(c), (8, 8));
    assert_eq!(b.g.modifiers.len(), 2);
    advance_until(&mut b, |g| g.turn() == 2);
    assert_eq!(
        b.g.raw_stats(c),
        (6, 8),
        "the turn's bonus ended, the other stays"
    );
}

/// 508.2l: as the last part of its resolution the effect leaves the chain, its plot
/// twist card goes to its owner's KO'd pile, and the primary player gets priority,
/// even when another player played it.
#[test]
fn r508_2l_the_effect_leaves_the_chain_and_the_primary_player_gets_priority() {
    let mut b = Bench::new(CARDS);
    let pt = b.in_hand(1, "x-stun");
    let v = b.in_play(0, "trn-007", Row::Front, 0);
    b.act(Action::Pass);
    b.act(Action::PlayPlotTwist(pt));
    b.target(v);
    b.act(Action::Pass);
    b.act(Action::Pass);
    assert!(b.g.card(v).stunned);
    assert!(b.g.chain().is_empty());
    assert_eq!(b.g.card(pt).zone, Zone::KoPile);
    assert!(b.g.player(1).ko_pile.contains(&pt));
    assert_eq!(b.g.pending(), Pending::Priority(0));
}

/// 508.3b: recruiting a unique character checks the uniqueness rule as it resolves:
/// your character with its name goes to the KO'd pile.
#[test]
fn r508_3b_a_unique_recruit_checks_uniqueness() {
    let mut b = Bench::new(CARDS);
    let old = b.in_play(0, "x-uniq", Row::Front, 0);
    let new = b.in_hand(0, "x-uniq");
    b.g.player_mut(0).rp = 1;
    b.act(Action::Recruit {
        card: new,
        boost: false,
    });
    assert!(b.g.is_character(old), "not yet: the effect is on the chain");
    b.resolve_all();
    assert_eq!(b.g.card(old).zone, Zone::KoPile);
}

/// 508.3c, 508.3d: the recruited card leaves the chain and enters play as a new
/// object; its enters-play power triggers, goes on the chain once the recruit effect is
/// done, and the primary player then gets priority.
#[test]
fn r508_3c_r508_3d_the_card_enters_play_and_its_triggers_follow() {
    let mut b = Bench::new(CARDS);
    let bell = b.in_hand(0, "trn-012");
    let object = b.g.card(bell).object;
    b.g.player_mut(0).rp = 2;
    b.act(Action::Recruit {
        card: bell,
        boost: false,
    });
    b.act(Action::Pass);
    b.act(Action::Pass);
    assert_eq!(b.g.pending(), Pending::Place(0, bell));
    b.act(Action::Place(front(0)));
    assert!(b.g.is_character(bell));
    assert_ne!(b.g.card(bell).object, object, "a new object");
    assert_eq!(b.g.chain().len(), 1, "Bell's draw is on the chain");
    assert_eq!(b.g.pending(), Pending::Priority(0));
}

/// 509.4: after an effect is negated, the primary player gets priority (here player 1,
/// though player 2 played the negated effect).
#[test]
fn r509_4_after_a_negation_the_primary_player_gets_priority() {
    let mut b = Bench::new(CARDS);
    let pt = b.in_hand(1, "x-stun");
    let v = b.in_play(0, "trn-007", Row::Front, 0);
    b.act(Action::Pass);
    b.act(Action::PlayPlotTwist(pt));
    b.target(v);
    b.g.move_card(v, Zone::Hand); // the only target is gone: negated
    b.act(Action::Pass);
    b.act(Action::Pass);
    assert!(b.g.chain().is_empty());
    assert_eq!(b.g.pending(), Pending::Priority(0));
}

const LOC: &str = r#"
(card x-loc "Test Grounds" "" (location (threshold 2))
  (payment (cost activate) (target 0 character yours) (gets (target 0) 1 1 this-turn)))
(card x-tower "Test Tower" "" (location (threshold 0))
  (continuous (stats (each yours) 0 2)))
"#;

/// 510.1: a location is flipped only by a player with priority.
#[test]
fn r510_1_flipping_needs_priority() {
    let mut b = Bench::new(LOC);
    let l1 = b.resource(1, "x-loc");
    b.resources(1, 1);
    let l0 = b.resource(0, "x-loc");
    b.resources(0, 1);
    assert!(b.g.legal().contains(&Action::FlipLocation(l0)));
    assert!(
        !b.g.legal().contains(&Action::FlipLocation(l1)),
        "player 2 has no priority"
    );
    b.act(Action::Pass);
    assert!(b.g.legal().contains(&Action::FlipLocation(l1)));
}

/// 510.2: a location that can't be flipped (threshold not met) is refused, naming the
/// rule, and the game is as it was.
#[test]
fn r510_2_an_illegal_flip_is_refused_and_changes_nothing() {
    let mut b = Bench::new(LOC);
    let l = b.resource(0, "x-loc");
    let before = crossover_kernel::stable_hash(&b.g);
    let a = Action::FlipLocation(l);
    assert!(!b.g.legal().contains(&a));
    assert!(b.g.explain_illegal(&a).rule.starts_with("510.2"));
    assert_eq!(crossover_kernel::stable_hash(&b.g), before);
    assert!(!b.g.card(l).face_up);
}

/// 510.2d, 510.2g: the flipped location is face up and its continuous power is
/// active at once.
#[test]
fn r510_2d_r510_2g_the_flipped_location_has_active_powers() {
    let mut b = Bench::new(LOC);
    let l = b.resource(0, "x-tower");
    let c = b.in_play(0, "trn-007", Row::Front, 0);
    assert_eq!(b.g.raw_stats(c), (6, 5));
    b.act(Action::FlipLocation(l));
    assert!(b.g.card(l).face_up);
    assert_eq!(b.g.raw_stats(c), (6, 7));
}

/// 510.2f: flipping a unique location checks the uniqueness rule.
#[test]
fn r510_2f_flipping_checks_uniqueness() {
    let mut b = Bench::new(LOC);
    let first = b.resource(0, "x-tower");
    let second = b.resource(0, "x-tower");
    b.act(Action::FlipLocation(first));
    assert!(b.g.card(first).face_up);
    b.act(Action::FlipLocation(second));
    assert_eq!(b.g.card(first).zone, Zone::KoPile);
}

/// 510.3, 510.4: after flipping, the flipper gets priority; flipping doesn't use the
/// chain but is an action, so the passing in succession starts over.
#[test]
fn r510_3_r510_4_the_flipper_gets_priority_and_passing_starts_over() {
    let mut b = Bench::new(&format!("{LOC}{CARDS}"));
    let pt = b.in_hand(0, "x-stun");
    let v = b.in_play(1, "trn-007", Row::Front, 0);
    let l = b.resource(1, "x-tower");
    b.act(Action::PlayPlotTwist(pt));
    b.target(v);
    b.act(Action::Pass);
    b.act(Action::FlipLocation(l));
    assert_eq!(b.g.chain().len(), 1, "flipping uses no chain");
    assert_eq!(
        (b.g.pending(), b.g.passed_in_succession()),
        (Pending::Priority(1), 0)
    );
    b.act(Action::Pass);
    assert_eq!(b.g.chain().len(), 1, "player 1 has not passed since");
    b.act(Action::Pass);
    assert!(b.g.chain().is_empty() && b.g.card(v).stunned);
}

/// 511.1b: each continuous power of an object is a modifier of its own: a location's
/// two powers both apply, each to what it names.
#[test]
fn r511_1b_each_continuous_power_is_its_own_modifier() {
    let mut b = Bench::new(
        "(card x-two \"Twin Tower\" \"\" (location (threshold 0))
           (continuous (stats (each yours) 1 0))
           (continuous (grant (each yours support-row) flight)))",
    );
    let l = b.resource(0, "x-two");
    let f = b.in_play(0, "trn-007", Row::Front, 0);
    let s = b.in_play(0, "trn-006", Row::Support, 1);
    b.act(Action::FlipLocation(l));
    assert_eq!((b.g.atk(f), b.g.atk(s)), (7, 4));
    assert!(!b.g.has_flight(f) && b.g.has_flight(s));
}

/// 511.2: modifiers affect objects in play only: a card in hand with the same card
/// data as a character in play gets nothing from "characters you control".
#[test]
fn r511_2_modifiers_affect_objects_in_play_only() {
    let mut b = Bench::new(LOC);
    let l = b.resource(0, "x-tower");
    let c = b.in_play(0, "trn-007", Row::Front, 0);
    let h = b.in_hand(0, "trn-007");
    b.act(Action::FlipLocation(l));
    assert_eq!(b.g.raw_def(c), 7);
    assert_eq!(b.g.raw_def(h), 5);
    b.g.move_card(c, Zone::Hand);
    assert_eq!(b.g.raw_def(c), 5, "it left play: no longer affected");
}

/// 511.3: the source of a modifier from an effect is the card that generated the
/// effect: the payment power's "other characters you control" leaves out its own
/// character.
#[test]
fn r511_3_the_source_of_a_modifier_is_the_card_of_its_effect() {
    let mut b = Bench::new(CARDS);
    let sgt = b.in_play(0, "x-rally", Row::Front, 0);
    let other = b.in_play(0, "trn-007", Row::Front, 1);
    b.act(Action::UsePower {
        card: sgt,
        power: 0,
    });
    b.resolve_all();
    assert_eq!((b.g.atk(sgt), b.g.atk(other)), (2, 7));
}

/// 511.7: a modifier's controller is the player who played its effect: "characters
/// you control" are player 2's when player 2 plays it, in player 1's turn.
#[test]
fn r511_7_the_modifier_is_controlled_by_who_played_the_effect() {
    let mut b = Bench::new(
        "(card x-all \"All Together\" \"\" (plot-twist (threshold 0)) (effect (gets (each yours) 1 0 this-turn)))",
    );
    let pt = b.in_hand(1, "x-all");
    let mine = b.in_play(0, "trn-007", Row::Front, 0);
    let theirs = b.in_play(1, "trn-007", Row::Front, 0);
    b.act(Action::Pass);
    b.act(Action::PlayPlotTwist(pt));
    b.resolve_all();
    assert_eq!((b.g.atk(mine), b.g.atk(theirs)), (6, 7));
}

/// 513.2b: a continuous modifier from an effect exists apart from its source: the
/// character whose power made it leaves play and the bonus stays.
#[test]
fn r513_2b_an_effects_modifier_outlives_its_source() {
    let mut b = Bench::new(CARDS);
    let cap = b.in_play(0, "x-cap", Row::Front, 0);
    let other = b.in_play(0, "trn-007", Row::Front, 1);
    b.act(Action::UsePower {
        card: cap,
        power: 0,
    });
    b.target(other);
    b.resolve_all();
    b.g.ko(cap);
    assert_eq!(b.g.atk(other), 7);
}

/// 513.3a: a continuous power's modifier lasts while its object is in play with the
/// power: the location is KO'd and the bonus ends.
#[test]
fn r513_3a_a_continuous_powers_modifier_ends_with_its_object() {
    let mut b = Bench::new(LOC);
    let l = b.resource(0, "x-tower");
    let c = b.in_play(0, "trn-007", Row::Front, 0);
    b.act(Action::FlipLocation(l));
    assert_eq!(b.g.raw_def(c), 7);
    b.g.ko(l);
    assert_eq!(b.g.raw_def(c), 5);
}

/// 513.3b: a continuous power's modifier reads the game as it is now: Rally Cry's
/// "front row characters you control" takes in a character that moves to the front row
/// and drops one that leaves it.
#[test]
fn r513_3b_a_continuous_power_reads_the_current_state() {
    let mut b = Bench::new("");
    let rc = b.resource(0, "trn-105");
    b.resources(0, 1);
    b.act(Action::PlayPlotTwist(rc));
    b.resolve_all();
    let c = b.in_play(0, "trn-007", Row::Support, 0);
    assert_eq!(b.g.atk(c), 6);
    b.g.move_card(c, Zone::Character(front(0)));
    assert_eq!(b.g.atk(c), 7);
}

/// 513.3c: "you can't have more than N cards named ..." limits the copies in a deck.
#[test]
fn r513_3c_a_deck_limit_power_restricts_deck_building() {
    let mut pool = crate::db::CardPool::built_in();
    pool.add_file(
        "limit.cards",
        "(card x-one \"Only One\" \"\" (plot-twist (threshold 0)) (effect (draw you 1)) (deck-limit 1))",
    )
    .expect("compiles");
    let two = crate::deckfile::read_deck(&pool, "2 Only One\n58 Cadet Iwa\n");
    let problems = match two {
        Ok(d) => d.check(&pool),
        Err(p) => p,
    };
    assert!(
        problems.iter().any(|p| p.rule == Some("513.3c")),
        "{problems:?}"
    );
    let one = crate::deckfile::read_deck(&pool, "1 Only One\n59 Cadet Iwa\n");
    let problems = match one {
        Ok(d) => d.check(&pool),
        Err(p) => p,
    };
    assert!(problems.is_empty(), "{problems:?}");
}

const DELAYED: &str = r#"
(card x-later "Later Twist" "" (plot-twist (threshold 0))
  (effect (delayed (start-of recovery-phase) this-turn (gain-endurance you 3))))
(card x-timer "Timekeeper" "" (character (cost 2) (atk 2) (def 2))
  (payment (cost activate) (delayed (start-of recovery-phase) this-turn (gain-endurance you 3))))
(card x-neg "Countermand" "" (plot-twist (threshold 0))
  (effect (target 0 effect plot-twist) (negate (target 0))))
"#;

/// Starts the recovery phase so delayed modifiers waiting for it trigger.
fn start_recovery(b: &mut Bench) {
    b.g.part = Part::Phase(Phase::Recovery);
    b.g.fire_phase(Phase::Recovery);
    b.g.give_priority(0);
}

/// 513.4a: a delayed triggered modifier exists apart from its source: the character
/// whose power made it has left play when it triggers, and it still does.
#[test]
fn r513_4a_a_delayed_modifier_outlives_its_source() {
    let mut b = Bench::new(DELAYED);
    let t = b.in_play(0, "x-timer", Row::Front, 0);
    b.act(Action::UsePower { card: t, power: 0 });
    b.resolve_all();
    b.g.ko(t);
    start_recovery(&mut b);
    assert_eq!(b.g.chain().len(), 1);
    b.resolve_all();
    assert_eq!(b.g.endurance(0), 53);
}

/// 513.4b: the effect of a delayed triggered modifier is only "triggered": made by a
/// plot twist, it is still no plot twist effect, so "target plot twist effect" can't
/// target it.
#[test]
fn r513_4b_a_delayed_effect_is_only_triggered() {
    let mut b = Bench::new(DELAYED);
    let later = b.in_hand(0, "x-later");
    let neg = b.in_hand(0, "x-neg");
    b.play(later, &[]);
    start_recovery(&mut b);
    assert!(matches!(b.g.chain()[0].kind, EffectKind::Delayed(_)));
    assert!(!b.g.legal().contains(&Action::PlayPlotTwist(neg)));
    b.resolve_all();
    assert_eq!(b.g.endurance(0), 53);
}

/// 513.5b: a replacement that replaces every instance of an event replaces each of
/// several events happening at once: both characters KO'd by one effect are removed
/// from the game instead.
#[test]
fn r513_5b_a_replacement_replaces_every_instance() {
    let (mut b, pt) = Bench::with_effect(
        "(ko (each opposing))",
        "(card x-tn \"Threat Neutralized\" \"\" (plot-twist (threshold 0) ongoing) (effect)
           (continuous (replace ko-from-play (each character) (remove-from-game that))))",
    );
    let tn = b.resource(1, "x-tn");
    b.g.card_mut(tn).face_up = true;
    let a = b.in_play(1, "trn-007", Row::Front, 0);
    let c = b.in_play(1, "trn-006", Row::Front, 1);
    b.play(pt, &[]);
    assert!(matches!(b.g.card(a).zone, Zone::Removed { .. }));
    assert!(matches!(b.g.card(c).zone, Zone::Removed { .. }));
}

const GUARD: &str = r#"
(card x-guard "Stubborn Guard" "" (character (cost 2) (atk 2) (def 2))
  (continuous (replace become-stunned this (gain-endurance you 1)))
  (payment (cost stun-this) (draw you 1)))
(card x-tn "Threat Neutralized" "" (plot-twist (threshold 0) ongoing) (effect)
  (continuous (replace ko-from-play (each character) (remove-from-game that))))
(card x-martyr "Martyr" "" (character (cost 2) (atk 2) (def 2))
  (payment (cost ko-this) (draw you 1)))
(card x-ward "Endurance Ward" "" (location (threshold 0))
  (continuous (replace lose-endurance you (draw you 1))))
(card x-pay "Toll Gate" "" (character (cost 2) (atk 2) (def 2))
  (payment (cost (pay-endurance 2)) (gain-endurance you 10)))
"#;

/// 513.5d: an action done to pay a cost can't be replaced (stunning a character,
/// paying endurance), but putting an object into the KO'd pile to pay one can.
#[test]
fn r513_5d_costs_are_not_replaced_but_a_ko_for_a_cost_is() {
    let mut b = Bench::new(GUARD);
    let guard = b.in_play(0, "x-guard", Row::Front, 0);
    // Its replacement does apply to a stun that is no cost.
    let other = b.in_play(0, "x-guard", Row::Front, 1);
    b.g.stun(other);
    assert!(!b.g.card(other).stunned);
    assert_eq!(b.g.endurance(0), 51);
    b.act(Action::UsePower {
        card: guard,
        power: 1,
    });
    assert!(b.g.card(guard).stunned, "the stun paying the cost happened");
    assert_eq!(
        b.g.endurance(0),
        49,
        "no endurance gained; the stun's loss of 2"
    );
    b.resolve_all();
    // Paying endurance is not replaced by the ward's replacement.
    let ward = b.resource(0, "x-ward");
    b.act(Action::FlipLocation(ward));
    let gate = b.in_play(0, "x-pay", Row::Support, 0);
    let hand = b.g.player(0).hand.len();
    b.act(Action::UsePower {
        card: gate,
        power: 0,
    });
    assert_eq!(b.g.endurance(0), 47);
    assert_eq!(b.g.player(0).hand.len(), hand, "no draw instead");
    b.resolve_all();
    // A KO to pay a cost is replaced: the martyr is removed from the game.
    let tn = b.resource(1, "x-tn");
    b.g.card_mut(tn).face_up = true;
    let martyr = b.in_play(0, "x-martyr", Row::Front, 2);
    b.act(Action::UsePower {
        card: martyr,
        power: 0,
    });
    assert!(matches!(b.g.card(martyr).zone, Zone::Removed { .. }));
}

/// 513.5h: the new event of a replacement has the replacement's source: "this"
/// in its steps is the replacing card, not the character whose event it replaced.
#[test]
fn r513_5h_the_new_event_has_the_replacements_source() {
    let (mut b, pt) = Bench::with_effect(
        "(target 0 character) (stun (target 0))",
        "(card x-bg \"Bodyguard\" \"\" (character (cost 2) (atk 2) (def 2))
           (continuous (replace become-stunned (each yours other) (plus-counters this 1))))",
    );
    let bg = b.in_play(1, "x-bg", Row::Front, 0);
    let v = b.in_play(1, "trn-007", Row::Front, 1);
    b.play(pt, &[v]);
    assert!(!b.g.card(v).stunned);
    assert_eq!((b.g.card(bg).plus, b.g.card(v).plus), (1, 0));
}

/// 513.5i: a replacement's new event can't be replaced by that replacement again (or
/// the endurance loss would be replaced for ever), but another instance of it may
/// replace it once: with two wards each replaces once, and the last loss happens.
#[test]
fn r513_5i_a_replacement_applies_once_to_an_event() {
    // An ongoing plot twist (not unique, so two can be face up).
    const WARD: &str =
        "(card x-w \"Draining Ward\" \"\" (plot-twist (threshold 0) ongoing) (effect)
       (continuous (replace lose-endurance you (draw you 1) (lose-endurance you 1))))";
    let mut b = Bench::new(WARD);
    let w1 = b.resource(0, "x-w");
    b.g.card_mut(w1).face_up = true;
    b.g.lose_endurance(0, 5);
    assert_eq!((b.g.endurance(0), b.g.player(0).hand.len()), (49, 1));
    let w2 = b.resource(0, "x-w");
    b.g.card_mut(w2).face_up = true;
    b.g.lose_endurance(0, 5);
    assert_eq!((b.g.endurance(0), b.g.player(0).hand.len()), (48, 3));
}

/// 515.1: an object's timestamp is when it entered play or was last turned face up:
/// flipping a location gives it a new, later one; so does entering play.
#[test]
fn r515_1_an_objects_timestamp_is_its_latest_entry_or_flip() {
    let mut b = Bench::new(&format!("{LOC}{CARDS}"));
    let l = b.resource(0, "x-tower");
    let t0 = b.g.card(l).timestamp;
    b.act(Action::FlipLocation(l));
    let t1 = b.g.card(l).timestamp;
    assert!(t1 > t0);
    let c = b.in_hand(0, "x-uniq");
    b.g.player_mut(0).rp = 1;
    b.act(Action::Recruit {
        card: c,
        boost: false,
    });
    b.resolve_all();
    b.act(Action::Place(front(0)));
    assert!(b.g.card(c).timestamp > t1);
}

/// 515.2: a continuous modifier from an effect is timestamped as the effect resolves,
/// not as it was played: a location flipped in between is older than the modifier.
#[test]
fn r515_2_an_effects_modifier_is_timestamped_on_resolution() {
    let (mut b, pt) = Bench::with_effect(
        "(target 0 character yours) (gets (target 0) 1 0 this-turn)",
        LOC,
    );
    let c = b.in_play(0, "trn-007", Row::Front, 0);
    let l = b.resource(0, "x-tower");
    b.act(Action::PlayPlotTwist(pt));
    b.target(c);
    b.act(Action::FlipLocation(l));
    b.resolve_all();
    assert!(b.g.modifiers[0].timestamp > b.g.card(l).timestamp);
}

/// 515.4, 514.4: one-shot modifiers come after the continuous ones and see their
/// result: counting characters with flight counts the one a location grants it to.
#[test]
fn r515_4_r514_4_one_shot_modifiers_see_the_continuous_ones() {
    let (mut b, pt) = Bench::with_effect("(gain-endurance you (count yours flight))", "");
    b.in_play(0, "trn-003", Row::Front, 0); // printed flight
    b.in_play(0, "trn-007", Row::Front, 1);
    let flyer = b.in_play(0, "trn-006", Row::Front, 2);
    b.act(Action::PlayPlotTwist(pt));
    // A continuous modifier made after the effect was played.
    b.g.add_modifier(
        flyer,
        0,
        0,
        Some(crate::vocab::Grant::Flight),
        crate::vocab::Duration::ThisTurn,
    );
    b.resolve_all();
    assert_eq!(b.g.endurance(0), 52);
}

/// 515.5: an equipment's timestamp is when it was attached: later than the character's.
#[test]
fn r515_5_an_equipments_timestamp_is_its_attachment() {
    let mut b = Bench::new("");
    let c = b.in_play(0, "trn-007", Row::Front, 0);
    b.g.card_mut(c).timestamp = b.g.tick();
    let e = b.in_hand(0, "trn-131");
    b.g.player_mut(0).rp = 1;
    b.act(Action::Equip { card: e, host: c });
    b.resolve_all();
    assert_eq!(b.g.card(e).zone, Zone::Equipped(c));
    assert!(b.g.card(e).timestamp > b.g.card(c).timestamp);
}

/// 505.1: playing goes through its steps in order: announced (the card taken from
/// hand), targets chosen (505.1c), then costs paid (505.1d); only then is the effect on
/// the chain and its player has priority again.
#[test]
fn r505_1_the_steps_of_playing_in_order() {
    let (mut b, pt) = Bench::with_effect(
        "(to-play (discard 1 character-card)) (target 0 character) (stun (target 0))",
        "",
    );
    let card = b.in_hand(0, "trn-006");
    let v = b.in_play(1, "trn-007", Row::Front, 0);
    b.act(Action::PlayPlotTwist(pt));
    assert_eq!(b.g.pending(), Pending::Target(0), "targets first");
    assert_eq!(b.g.card(card).zone, Zone::Hand, "no cost paid yet");
    b.target(v);
    assert_eq!(b.g.pending(), Pending::PayCost(0), "then costs");
    assert!(b.g.chain().is_empty());
    b.act(Action::Pick(card));
    assert_eq!(b.g.card(card).zone, Zone::KoPile);
    assert_eq!(b.g.chain().len(), 1);
    assert_eq!(b.g.pending(), Pending::Priority(0));
}

/// 515.3: a continuous power's modifier has its object's timestamp: of two
/// replacements for one event the older object's applies; when that object leaves
/// play and comes back, its power is newer and the other applies.
#[test]
fn r515_3_a_continuous_powers_modifier_has_its_objects_timestamp() {
    let mut b = Bench::new(
        "(card x-a \"Old Guard\" \"\" (character (cost 2) (atk 2) (def 2))
           (continuous (replace become-stunned (each yours other) (gain-endurance you 1))))
         (card x-b \"New Guard\" \"\" (character (cost 2) (atk 2) (def 2))
           (continuous (replace become-stunned (each yours other) (gain-endurance you 2))))",
    );
    let old = b.in_hand(0, "x-a");
    let new = b.in_hand(0, "x-b");
    let v = b.in_play(0, "trn-007", Row::Front, 0);
    b.g.enter_play(old, 0, front(1), false);
    b.g.enter_play(new, 0, front(2), false);
    b.g.stun(v);
    assert_eq!(b.g.endurance(0), 51, "the older one's");
    b.g.move_card(old, Zone::Hand);
    b.g.enter_play(old, 0, front(1), false);
    b.g.stun(v);
    assert_eq!(b.g.endurance(0), 53, "now the other is older");
    assert!(!b.g.card(v).stunned);
}

/// 508.2f: an "if" clause is looked at as the effect resolves; when it holds, the
/// "otherwise" clause is not applied, and when it doesn't, only the otherwise clause is
/// (a Moon Knight-like "+4 ATK this turn if you have the initiative; otherwise +6").
/// The steps after both clauses are done either way.
#[test]
fn r508_2f_if_and_otherwise_clauses() {
    let effect = "(target 0 character yours) (if initiative (then (gets (target 0) 4 0 this-turn)) (otherwise (gets (target 0) 6 0 this-turn))) (draw you 1)";
    let (mut b, pt) = Bench::with_effect(effect, "");
    let c = b.in_play(0, "trn-007", Row::Front, 0);
    b.play(pt, &[c]);
    assert_eq!((b.g.atk(c), b.g.player(0).hand.len()), (10, 1));
    let (mut b, pt) = Bench::with_effect(effect, "");
    let c = b.in_play(0, "trn-007", Row::Front, 0);
    b.act(Action::PlayPlotTwist(pt));
    b.target(c);
    b.g.initiative = 1; // checked on resolution, not when played
    b.resolve_all();
    assert_eq!((b.g.atk(c), b.g.player(0).hand.len()), (12, 1));
}

/// 508.2j: a "swap" clause ("draw a card. If you control a flier, instead, draw two")
/// is an if with an implied otherwise: one of the two actions is done, never both.
#[test]
fn r508_2j_a_swap_clause_does_one_action_or_the_other() {
    let effect = "(if (control flight) (then (draw you 2)) (otherwise (draw you 1)))";
    let (mut b, pt) = Bench::with_effect(effect, "");
    b.in_play(0, "trn-007", Row::Front, 0);
    b.play(pt, &[]);
    assert_eq!(b.g.player(0).hand.len(), 1);
    let (mut b, pt) = Bench::with_effect(effect, "");
    b.in_play(0, "trn-003", Row::Front, 0); // flight
    b.play(pt, &[]);
    assert_eq!(b.g.player(0).hand.len(), 2);
}

/// 513.2a: a condition of an effect's continuous modifier is checked once, as the
/// effect resolves: losing the character it asked for later doesn't end the modifier
/// (A Child Named Valeria).
#[test]
fn r513_2a_an_effects_condition_is_checked_once() {
    let (mut b, pt) = Bench::with_effect(
        "(if (and (control (named \"Lieutenant Brask\")) (control (named \"Scout Lira\"))) (then (cant (each yours (cost<= 3)) be-stunned this-turn)))",
        "",
    );
    let brask = b.in_play(0, "trn-007", Row::Front, 0);
    b.in_play(0, "trn-005", Row::Front, 1);
    b.play(pt, &[]);
    b.g.ko(brask);
    let later = b.in_play(0, "trn-001", Row::Front, 2);
    b.g.stun(later);
    assert!(
        !b.g.card(later).stunned,
        "the modifier stays after the condition ends"
    );
    // Without both characters, no modifier is created.
    let (mut b, pt) = Bench::with_effect(
        "(if (and (control (named \"Lieutenant Brask\")) (control (named \"Scout Lira\"))) (then (cant (each yours (cost<= 3)) be-stunned this-turn)))",
        "",
    );
    b.in_play(0, "trn-007", Row::Front, 0);
    let c = b.in_play(0, "trn-001", Row::Front, 2);
    b.play(pt, &[]);
    b.g.stun(c);
    assert!(b.g.card(c).stunned);
}

/// 513.4d: a targeted delayed triggered modifier uses the target chosen when its
/// effect was played; if that target has changed zones, the delayed effect is removed
/// before it is on the chain.
#[test]
fn r513_4d_a_delayed_effect_whose_target_is_gone_is_removed() {
    let effect =
        "(target 0 character opposing ready) (delayed (start-of recovery-phase) this-turn (ko (target 0)))";
    // Still legal: it goes on the chain and KOs the target.
    let (mut b, pt) = Bench::with_effect(effect, "");
    let v = b.in_play(1, "trn-007", Row::Front, 0);
    b.play(pt, &[v]);
    start_recovery(&mut b);
    assert_eq!(b.g.chain().len(), 1);
    b.resolve_all();
    assert_eq!(b.g.card(v).zone, Zone::KoPile);
    // Changed zones (back to its owner's hand and into play again): removed.
    let (mut b, pt) = Bench::with_effect(effect, "");
    let v = b.in_play(1, "trn-007", Row::Front, 0);
    b.play(pt, &[v]);
    b.g.move_card(v, Zone::Hand);
    b.g.enter_play(v, 1, front(0), false);
    start_recovery(&mut b);
    assert!(b.g.chain().is_empty());
    assert!(b.g.is_character(v));
}
