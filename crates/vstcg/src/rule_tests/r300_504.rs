//! Tests of rules 300–504 (card types, the turn and its phases, powers and their kinds).

use crate::action::Action;
use crate::db::CardPool;
use crate::ids::*;
use crate::state::*;
use crate::testkit::Bench;

fn visible(row: Row, col: i8) -> Position {
    Position {
        area: Area::Visible,
        row,
        col,
    }
}

fn recruit(card: CardId) -> Action {
    Action::Recruit { card, boost: false }
}

/// The rule an illegal action is refused with.
fn refused(b: &Bench, a: &Action) -> String {
    assert!(!b.g.legal().contains(a), "{a:?} should be illegal");
    b.g.explain_illegal(a).rule.to_string()
}

/// 301.2, 302.2, 404.3: characters and equipment are recruited only in your own recruit
/// step, with priority and an empty chain.
#[test]
fn r301_2_r302_2_r404_3_recruiting_needs_your_own_recruit_step_and_an_empty_chain() {
    let mut b = Bench::new("");
    b.resources(0, 3);
    b.g.player_mut(0).rp = 3;
    let host = b.in_play(0, "trn-001", Row::Front, 0);
    let ch = b.in_hand(0, "trn-006");
    let blade = b.in_hand(0, "trn-131");
    let rations = b.in_hand(0, "trn-104");
    let eq = Action::Equip { card: blade, host };
    // A non-empty chain.
    b.act(Action::PlayPlotTwist(rations));
    assert_eq!(b.g.pending, Pending::Priority(0));
    assert_eq!(refused(&b, &recruit(ch)), "404.3");
    assert_eq!(refused(&b, &eq), "404.3");
    b.resolve_all();
    assert!(b.g.legal().contains(&recruit(ch)));
    assert!(b.g.legal().contains(&eq));
    // Another player's recruit step (p0 holding priority in it).
    b.g.part = Part::Step(StepKind::Recruit, 1);
    assert_eq!(refused(&b, &recruit(ch)), "404.3");
    assert_eq!(refused(&b, &eq), "404.3");
    // Their own step of another kind.
    b.g.part = Part::Step(StepKind::Formation, 0);
    assert_eq!(refused(&b, &recruit(ch)), "404.3");
    assert_eq!(refused(&b, &eq), "404.3");
    // Without priority: p1 holds it in p0's recruit step.
    b.g.part = Part::Step(StepKind::Recruit, 0);
    b.g.pending = Pending::Priority(1);
    b.g.open_priority(1);
    assert!(!b.g.legal().contains(&recruit(ch)));
}

/// 301.3, 301.5, 404.4: recruiting a character is playing an effect: its cost is paid
/// and the card itself goes on the chain as the recruit effect; every player gets to
/// respond; resolved, it enters a row as a character object.
#[test]
fn r301_3_r301_5_r404_4_a_recruited_character_is_the_recruit_effect() {
    let mut b = Bench::new("");
    b.resources(0, 4);
    b.g.player_mut(0).rp = 4;
    let brask = b.in_hand(0, "trn-007");
    let before = b.g.card(brask).object;
    b.act(recruit(brask));
    assert_eq!(b.g.card(brask).zone, Zone::Chain);
    assert_eq!(b.g.player(0).rp, 0);
    assert!(matches!(
        b.g.chain()[0].kind,
        EffectKind::Recruit { card, host: None, .. } if card == brask
    ));
    assert_eq!(b.g.chain()[0].controller, Some(0));
    // Both players pass in succession before it resolves.
    b.act(Action::Pass);
    assert_eq!(b.g.chain().len(), 1);
    assert_eq!(b.g.pending, Pending::Priority(1));
    b.act(Action::Pass);
    assert_eq!(b.g.pending, Pending::Place(0, brask));
    b.act(Action::Place(visible(Row::Support, 0)));
    assert_eq!(b.g.position(brask), Some(visible(Row::Support, 0)));
    assert!(b.g.player(0).characters.contains(&brask));
    assert_ne!(b.g.card(brask).object, before, "a new object");
    assert!(b.g.chain().is_empty());
}

/// 301.6: a non-Army character is unique: resolving the recruit of a second one puts
/// the first into the KO'd pile; Army characters aren't.
#[test]
fn r301_6_non_army_characters_are_unique_army_ones_are_not() {
    let mut b = Bench::new("");
    b.resources(0, 4);
    b.g.player_mut(0).rp = 4;
    let iwa1 = b.in_play(0, "trn-002", Row::Front, 0); // Army
    let vance1 = b.in_play(0, "trn-001", Row::Front, 1);
    let iwa2 = b.in_hand(0, "trn-002");
    let vance2 = b.in_hand(0, "trn-001");
    b.act(recruit(iwa2));
    b.resolve_all();
    b.act(Action::Place(visible(Row::Front, 2)));
    assert!(b.g.is_character(iwa1) && b.g.is_character(iwa2));
    b.act(recruit(vance2));
    b.resolve_all();
    b.act(Action::Place(visible(Row::Front, 3)));
    assert_eq!(b.g.card(vance1).zone, Zone::KoPile);
    assert!(b.g.is_character(vance2));
}

/// 301.7: only character cards have ATK, DEF and affiliations: a card file giving them
/// to another card type is refused, and other cards count as having none.
#[test]
fn r301_7_only_character_cards_have_atk_def_and_affiliations() {
    let mut pool = CardPool::built_in();
    for bad in [
        "(card x-e \"Bad Gear\" \"\" (equipment (cost 1) (atk 2)))",
        "(card x-l \"Bad Place\" \"\" (location (threshold 1) (def 2)))",
        "(card x-p \"Bad Twist\" \"\" (plot-twist (threshold 1) (affiliation \"Training Squad\")))",
    ] {
        assert!(pool.add_file("bad.cards", bad).is_err(), "{bad}");
    }
    let b = Bench::new("");
    let vance = b.g.player(0).deck[0];
    assert!(!b.g.affiliations(vance).is_empty());
    let mut b = Bench::new("");
    let blade = b.in_hand(0, "trn-131");
    assert!(b.g.affiliations(blade).is_empty());
    assert_eq!(b.g.raw_stats(blade), (0, 0));
}

/// 302.3, 302.4, 302.3c, 504.3a: recruiting equipment is playing an effect that targets
/// its future host; the equipment card is the effect, and attaches as it resolves.
#[test]
fn r302_3_r302_4_r302_3c_r504_3a_an_equipment_recruit_targets_its_host() {
    let mut b = Bench::new("");
    b.resources(0, 2);
    b.g.player_mut(0).rp = 2;
    let vance = b.in_play(0, "trn-001", Row::Front, 0);
    let theirs = b.in_play(1, "trn-021", Row::Front, 0);
    let blade = b.in_hand(0, "trn-131");
    // Only a character it could attach to is a legal target: not an opponent's.
    assert!(!b.g.legal().contains(&Action::Equip {
        card: blade,
        host: theirs
    }));
    b.act(Action::Equip {
        card: blade,
        host: vance,
    });
    assert_eq!(b.g.card(blade).zone, Zone::Chain);
    assert_eq!(b.g.player(0).rp, 1);
    assert!(matches!(
        b.g.chain()[0].kind,
        EffectKind::Recruit { card, host: Some((h, _)), .. } if card == blade && h == vance
    ));
    assert_eq!(b.g.atk(vance), 2);
    b.resolve_all();
    assert_eq!(b.g.card(blade).zone, Zone::Equipped(vance));
    assert_eq!(b.g.atk(vance), 4);
}

/// 302.3b: a character carries one equipment.
#[test]
fn r302_3b_one_equipment_per_character() {
    let mut b = Bench::new("");
    b.resources(0, 2);
    b.g.player_mut(0).rp = 2;
    let vance = b.in_play(0, "trn-001", Row::Front, 0);
    let kett = b.in_play(0, "trn-004", Row::Front, 1);
    let blade = b.in_hand(0, "trn-131");
    let vest = b.in_hand(0, "trn-132");
    b.act(Action::Equip {
        card: blade,
        host: vance,
    });
    b.resolve_all();
    assert!(!b.g.legal().contains(&Action::Equip {
        card: vest,
        host: vance
    }));
    b.act(Action::Equip {
        card: vest,
        host: kett,
    });
    b.resolve_all();
    assert_eq!(b.g.card(vest).zone, Zone::Equipped(kett));
}

const GEAR: &str = r#"
(card x-gear "Signal Gear" "" (equipment (cost 1))
  (payment (cost (pay-endurance 1)) (draw you 1)))
(card x-crown "Test Crown" "Unique" (equipment (cost 1))
  (continuous (stats host 1 0)))
"#;

/// 302.5: equipment on a stunned character has inactive text.
#[test]
fn r302_5_equipment_on_a_stunned_character_is_inactive() {
    let mut b = Bench::new(GEAR);
    let vance = b.in_play(0, "trn-001", Row::Front, 0);
    let gear = b.in_hand(0, "x-gear");
    b.g.move_card(gear, Zone::Equipped(vance));
    b.g.card_mut(gear).controller = 0;
    b.g.player_mut(0).equipment.push(gear);
    b.g.player_mut(0).equipment.dedup();
    let use_it = Action::UsePower {
        card: gear,
        power: 0,
    };
    assert!(b.g.legal().contains(&use_it));
    b.g.stun(vance);
    assert_eq!(refused(&b, &use_it), "501.3");
    b.g.recover(vance);
    assert!(b.g.legal().contains(&use_it));
}

/// 302.8, 302.8a: equipment is unique only with the Unique version; attaching a unique
/// one sends your other one of that name away, even from a stunned character (the
/// version is not text).
#[test]
fn r302_8_r302_8a_unique_equipment_checks_uniqueness_even_on_a_stunned_host() {
    let mut b = Bench::new(GEAR);
    b.resources(0, 4);
    b.g.player_mut(0).rp = 4;
    let a = b.in_play(0, "trn-001", Row::Front, 0);
    let c = b.in_play(0, "trn-004", Row::Front, 1);
    let d = b.in_play(0, "trn-006", Row::Front, 2);
    let e = b.in_play(0, "trn-003", Row::Front, 3);
    // Not unique: two Practice Blades stay.
    let blade1 = b.in_hand(0, "trn-131");
    let blade2 = b.in_hand(0, "trn-131");
    b.act(Action::Equip {
        card: blade1,
        host: a,
    });
    b.resolve_all();
    b.act(Action::Equip {
        card: blade2,
        host: c,
    });
    b.resolve_all();
    assert_eq!(b.g.card(blade1).zone, Zone::Equipped(a));
    assert_eq!(b.g.card(blade2).zone, Zone::Equipped(c));
    // Unique: the first crown goes, though its host is stunned.
    let crown1 = b.in_hand(0, "x-crown");
    let crown2 = b.in_hand(0, "x-crown");
    b.act(Action::Equip {
        card: crown1,
        host: d,
    });
    b.resolve_all();
    b.g.stun(d);
    b.act(Action::Equip {
        card: crown2,
        host: e,
    });
    b.resolve_all();
    assert_eq!(b.g.card(crown1).zone, Zone::KoPile);
    assert_eq!(b.g.card(crown2).zone, Zone::Equipped(e));
}

/// 303.2: only a location in the resource row flips; it turns face up there.
#[test]
fn r303_2_locations_flip_only_from_the_resource_row() {
    let mut b = Bench::new("");
    b.resources(0, 3);
    let in_hand = b.in_hand(0, "trn-121");
    assert_eq!(refused(&b, &Action::FlipLocation(in_hand)), "510.2c");
    let in_row = b.resource(0, "trn-121");
    b.act(Action::FlipLocation(in_row));
    assert!(b.g.card(in_row).face_up);
    assert_eq!(b.g.card(in_row).zone, Zone::Resource);
}

/// 303.3: flipping a location doesn't use the chain, but it is an action: it breaks
/// passing in succession.
#[test]
fn r303_3_flipping_uses_no_chain_but_is_an_action() {
    let mut b = Bench::new("");
    b.resources(0, 1);
    b.resources(1, 2);
    let loc = b.resource(1, "trn-121");
    let rations = b.in_hand(0, "trn-104");
    b.act(Action::PlayPlotTwist(rations));
    b.act(Action::Pass);
    assert_eq!(
        (b.g.pending, b.g.passed_in_succession()),
        (Pending::Priority(1), 1)
    );
    b.act(Action::FlipLocation(loc));
    assert!(b.g.card(loc).face_up);
    assert_eq!(b.g.chain().len(), 1, "no effect added");
    assert_eq!(
        b.g.passed_in_succession(),
        0,
        "passing in succession starts over"
    );
    assert_eq!(b.g.pending, Pending::Priority(1));
}

/// 303.4: a location is unique: flipping one puts your face-up one of that name into
/// your KO'd pile.
#[test]
fn r303_4_flipping_a_unique_location_sends_the_other_away() {
    let mut b = Bench::new("");
    b.resources(0, 2);
    let first = b.resource(0, "trn-121");
    let second = b.resource(0, "trn-121");
    b.act(Action::FlipLocation(first));
    assert!(b.g.card(first).face_up);
    b.act(Action::FlipLocation(second));
    assert_eq!(b.g.card(first).zone, Zone::KoPile);
    assert_eq!(b.g.card(second).zone, Zone::Resource);
}

/// 304.2: a plot twist is played from hand or face down from the resource row whenever
/// its player has priority, also in another player's step.
#[test]
fn r304_2_plot_twists_are_played_whenever_you_have_priority() {
    let mut b = Bench::new("");
    b.resources(1, 1);
    let from_hand = b.in_hand(1, "trn-104");
    let from_row = b.resource(1, "trn-104");
    let play_hand = Action::PlayPlotTwist(from_hand);
    let play_row = Action::PlayPlotTwist(from_row);
    // p0's recruit step, p0's priority: p1 can't.
    assert!(!b.g.legal().contains(&play_hand));
    b.act(Action::Pass);
    assert_eq!(b.g.pending, Pending::Priority(1));
    assert!(b.g.legal().contains(&play_hand));
    assert!(b.g.legal().contains(&play_row));
    b.act(play_row);
    b.resolve_all();
    assert!(b.g.card(from_row).face_up);
    // In the deck a plot twist can't be played.
    let in_deck = b.g.player(1).deck[0];
    assert_eq!(refused(&b, &Action::PlayPlotTwist(in_deck)), "304.2");
}

/// 304.3: playing a plot twist is playing an effect (505): targets are chosen as it is
/// played, then it goes on the chain and waits for every player to pass.
#[test]
fn r304_3_a_plot_twist_is_played_as_an_effect() {
    let (mut b, reflexes) = Bench::with_effect(
        "(target 0 character yours) (gets (target 0) 2 2 this-turn)",
        "",
    );
    let vance = b.in_play(0, "trn-001", Row::Front, 0);
    b.act(Action::PlayPlotTwist(reflexes));
    assert_eq!(b.g.pending, Pending::Target(0));
    assert!(b.g.chain().is_empty());
    b.target(vance);
    assert_eq!(b.g.chain().len(), 1);
    assert_eq!(b.g.card(reflexes).zone, Zone::Chain);
    b.act(Action::Pass);
    assert_eq!(b.g.chain().len(), 1);
    b.act(Action::Pass);
    assert!(b.g.chain().is_empty());
    assert_eq!(b.g.atk(vance), 4);
}

/// 304.7: an additional cost is paid whether the plot twist is played from hand or
/// from the resource row.
#[test]
fn r304_7_additional_costs_work_in_the_zone_played_from() {
    let text = "(card x-c \"Costly Call\" \"\" (plot-twist (threshold 0)) (effect (to-play (pay-endurance 3)) (draw you 1)))";
    let mut b = Bench::new(text);
    let row = b.resource(0, "x-c");
    let hand = b.in_hand(0, "x-c");
    b.act(Action::PlayPlotTwist(row));
    assert_eq!(b.g.endurance(0), 47);
    b.resolve_all();
    b.act(Action::PlayPlotTwist(hand));
    assert_eq!(b.g.endurance(0), 44);
}

/// 304.9, 304.10: an ongoing plot twist with no effect before "ongoing" still plays a
/// blank effect; its ongoing text is never played: from hand it does nothing, from the
/// resource row it is active as soon as it is played, before anyone has priority.
#[test]
fn r304_9_r304_10_an_ongoing_plot_twists_blank_effect_and_its_ongoing_text() {
    let mut b = Bench::new("");
    b.resources(0, 2);
    let vance = b.in_play(0, "trn-001", Row::Front, 0);
    let from_hand = b.in_hand(0, "trn-105");
    b.act(Action::PlayPlotTwist(from_hand));
    assert_eq!(b.g.chain().len(), 1, "the blank effect is played");
    assert_eq!(b.g.atk(vance), 2);
    b.resolve_all();
    assert_eq!(b.g.card(from_hand).zone, Zone::KoPile);
    assert_eq!(b.g.atk(vance), 2, "from hand its ongoing text does nothing");
    let from_row = b.resource(0, "trn-105");
    b.act(Action::PlayPlotTwist(from_row));
    assert_eq!(b.g.chain().len(), 1);
    assert_eq!(
        b.g.atk(vance),
        3,
        "active while its blank effect is on the chain"
    );
    b.resolve_all();
    assert_eq!(b.g.atk(vance), 3);
}

/// Everyone passes until the game leaves `part` (or a decision other than priority is
/// asked).
fn pass_out_of(b: &mut Bench, part: Part) {
    let mut guard = 0;
    while b.g.part == part && matches!(b.g.pending, Pending::Priority(_)) {
        b.act(Action::Pass);
        guard += 1;
        assert!(guard < 50, "the game does not move on");
    }
}

/// A bench in `part` with the primary player holding priority and nothing pending.
fn bench_in(extra: &str, part: Part) -> Bench {
    let mut b = Bench::new(extra);
    b.g.part = part;
    let p = b.g.primary_player();
    b.g.pending = Pending::Priority(p);
    b.g.open_priority(p);
    b
}

/// 400.2: all players share a phase: when p0's build phase steps end, p1's steps follow
/// in the same build phase; the combat phase begins only after p1's formation step.
#[test]
fn r400_2_players_share_the_phases() {
    let mut b = bench_in("", Part::Step(StepKind::Formation, 0));
    pass_out_of(&mut b, Part::Step(StepKind::Formation, 0));
    assert_eq!(b.g.part, Part::Step(StepKind::Resource, 1));
    assert_eq!(b.g.pending, Pending::Build(1));
    b.act(Action::NoBuild);
    pass_out_of(&mut b, Part::Step(StepKind::Resource, 1));
    assert_eq!(b.g.part, Part::Step(StepKind::Recruit, 1));
    pass_out_of(&mut b, Part::Step(StepKind::Recruit, 1));
    b.act(Action::FormationDone);
    pass_out_of(&mut b, Part::Step(StepKind::Formation, 1));
    assert_eq!(b.g.part, Part::Phase(Phase::Combat));
}

/// 400.4: a step belongs to one player: only p1 builds in p1's resource step, and only
/// p1 proposes attacks in p1's attack step.
#[test]
fn r400_4_steps_belong_to_one_player() {
    let mut b = Bench::new("");
    b.g.part = Part::Step(StepKind::Resource, 1);
    b.g.pending = Pending::Build(1);
    let mine = b.in_hand(0, "trn-001");
    let theirs = b.in_hand(1, "trn-001");
    assert!(!b.g.legal().contains(&Action::Build(mine)));
    b.act(Action::Build(theirs));
    assert_eq!(b.g.card(theirs).zone, Zone::Resource);
    let attacker0 = b.in_play(0, "trn-007", Row::Front, 0);
    let attacker1 = b.in_play(1, "trn-007", Row::Front, 0);
    b.g.part = Part::Step(StepKind::Attack, 1);
    b.g.pending = Pending::Priority(0);
    b.g.open_priority(0);
    let p0_attack = Action::Propose {
        attacker: attacker0,
        defender: Defender::Character(attacker1),
    };
    assert_eq!(refused(&b, &p0_attack), "601.1a");
    b.g.pending = Pending::Priority(1);
    b.g.open_priority(1);
    assert!(b.g.legal().contains(&Action::Propose {
        attacker: attacker1,
        defender: Defender::Character(attacker0),
    }));
}

/// 400.7a (= 216.2a): progressing into a new phase ends the current steps: after the last
/// formation step, the combat phase begins and its primary player has priority.
#[test]
fn r400_7a_a_new_phase_ends_the_steps() {
    let mut b = bench_in("", Part::Step(StepKind::Formation, 1));
    b.g.pending = Pending::Priority(1);
    b.g.open_priority(1);
    pass_out_of(&mut b, Part::Step(StepKind::Formation, 1));
    assert_eq!(b.g.part, Part::Phase(Phase::Combat));
    assert_eq!(b.g.pending, Pending::Priority(0));
}

/// 400.7b (= 216.2b): progressing into a new step ends the current step; the phase goes
/// on: p0's recruit step ends (its points are lost) and p0's formation step begins.
#[test]
fn r400_7b_a_new_step_ends_the_step_and_the_phase_continues() {
    let mut b = Bench::new("");
    b.resources(0, 2);
    b.g.player_mut(0).rp = 2;
    pass_out_of(&mut b, Part::Step(StepKind::Recruit, 0));
    assert_eq!(b.g.part, Part::Step(StepKind::Formation, 0));
    assert_eq!(b.g.pending, Pending::Formation(0));
    assert_eq!(b.g.player(0).rp, 0);
}

/// 400.7c (= 216.2c): passing in succession over a proposed attack moves on to its attack
/// substep, and the attack step continues.
#[test]
fn r400_7c_a_new_substep_and_the_step_continues() {
    let mut b = bench_in("", Part::Step(StepKind::Attack, 0));
    let a = b.in_play(0, "trn-007", Row::Front, 0);
    let d = b.in_play(1, "trn-021", Row::Front, 0);
    b.act(Action::Propose {
        attacker: a,
        defender: Defender::Character(d),
    });
    if b.g.pending == Pending::TeamUp(0) {
        b.act(Action::ProposeNow);
    }
    assert!(!b.g.attack().expect("proposed").started);
    b.act(Action::Pass);
    b.act(Action::Pass);
    assert!(b.g.attack().expect("in its substep").started);
    assert_eq!(b.g.part, Part::Step(StepKind::Attack, 0));
}

/// 400.7d (= 216.2d): when all pass in the recovery phase, the wrap-up runs before the
/// phase ends: the stunned character is KO'd, then the next turn's draw phase begins.
#[test]
fn r400_7d_the_wrap_up_runs_before_the_recovery_phase_ends() {
    let mut b = bench_in("", Part::Phase(Phase::Recovery));
    let c = b.in_play(0, "trn-007", Row::Front, 0);
    b.g.stun(c);
    b.act(Action::Pass);
    b.act(Action::Pass);
    assert_eq!(b.g.pending, Pending::WrapUpRecover(0));
    assert_eq!(b.g.part, Part::Phase(Phase::Recovery));
    b.act(Action::SaveInWrapUp(None));
    assert_eq!(b.g.card(c).zone, Zone::KoPile);
    assert_eq!(b.g.part, Part::Phase(Phase::Draw));
    assert_eq!(b.g.turn(), 2);
}

/// 400.7e (= 216.2e): when all pass in an attack substep, the attack concludes before the
/// substep ends; the attack step continues with priority to its owner.
#[test]
fn r400_7e_the_attack_concludes_before_the_substep_ends() {
    let mut b = bench_in("", Part::Step(StepKind::Attack, 0));
    let a = b.in_play(0, "trn-007", Row::Front, 0);
    let d = b.in_play(1, "trn-021", Row::Front, 0);
    b.act(Action::Propose {
        attacker: a,
        defender: Defender::Character(d),
    });
    if b.g.pending == Pending::TeamUp(0) {
        b.act(Action::ProposeNow);
    }
    for _ in 0..4 {
        b.act(Action::Pass);
    }
    assert!(b.g.card(d).stunned, "the conclusion happened");
    assert!(b.g.attack().is_none());
    assert_eq!(b.g.part, Part::Step(StepKind::Attack, 0));
    assert_eq!(b.g.pending, Pending::Priority(0));
}

const AT_THE_START: &str = r#"
(card x-bld "Build Herald" "" (character (cost 2) (atk 2) (def 2) (affiliation "Training Squad"))
  (trigger (on (start-of build-phase)) (gain-endurance you 1)))
(card x-cmb "Combat Herald" "" (character (cost 2) (atk 2) (def 2) (affiliation "Training Squad"))
  (trigger (on (start-of combat-phase)) (gain-endurance you 1)))
(card x-rec "Recovery Herald" "" (character (cost 2) (atk 2) (def 2) (affiliation "Training Squad"))
  (trigger (on (start-of recovery-phase)) (gain-endurance you 1)))
(card x-gone "Parting Gift" "" (character (cost 2) (atk 2) (def 2) (affiliation "Training Squad"))
  (trigger (on leaves-play) (gain-endurance you 5)))
"#;

/// A phase begins after the previous part with these start-of triggers on the chain and
/// the primary player (the initiative player, p1 here) holding priority.
fn phase_starts_with_its_trigger(from: Part, card: &str, phase: Phase) {
    let mut b = Bench::new(AT_THE_START);
    b.g.initiative = 1;
    b.g.part = from;
    b.g.pending = Pending::Priority(0);
    b.g.open_priority(0);
    b.in_play(0, card, Row::Front, 0);
    pass_out_of(&mut b, from);
    assert_eq!(b.g.part, Part::Phase(phase));
    assert_eq!(b.g.chain().len(), 1, "the trigger is on the chain");
    assert_eq!(b.g.pending, Pending::Priority(1));
    b.resolve_all();
    assert_eq!(b.g.endurance(0), 51);
}

/// 402.2: at the start of the build phase its triggers go on the chain, then the primary
/// player gets priority.
#[test]
fn r402_2_start_of_the_build_phase() {
    phase_starts_with_its_trigger(Part::Phase(Phase::Draw), "x-bld", Phase::Build);
}

/// 406.2: likewise at the start of the combat phase.
#[test]
fn r406_2_start_of_the_combat_phase() {
    phase_starts_with_its_trigger(Part::Step(StepKind::Formation, 0), "x-cmb", Phase::Combat);
}

/// 408.1: likewise at the start of the recovery phase.
#[test]
fn r408_1_start_of_the_recovery_phase() {
    phase_starts_with_its_trigger(Part::Step(StepKind::Attack, 0), "x-rec", Phase::Recovery);
}

/// 408.2: the wrap-up gives no one priority; a power triggered during it (a stunned
/// character KO'd) goes on the chain at the start of the next draw phase, above the
/// normal draw.
#[test]
fn r408_2_wrap_up_triggers_wait_for_the_next_draw_phase() {
    let mut b = bench_in(AT_THE_START, Part::Phase(Phase::Recovery));
    let gift = b.in_play(0, "x-gone", Row::Front, 0);
    b.g.stun(gift);
    b.act(Action::Pass);
    b.act(Action::Pass);
    b.act(Action::SaveInWrapUp(None));
    assert_eq!(b.g.card(gift).zone, Zone::KoPile);
    assert_eq!(b.g.part, Part::Phase(Phase::Draw));
    assert_eq!(b.g.chain().len(), 2);
    assert!(matches!(b.g.chain()[0].kind, EffectKind::NormalDraw));
    assert!(matches!(b.g.chain()[1].kind, EffectKind::Card { source, .. } if source == gift));
    assert_eq!(b.g.endurance(0), 50 - 2);
    b.act(Action::Pass);
    b.act(Action::Pass);
    assert_eq!(b.g.endurance(0), 53);
}

/// 403.3: resources are not repositioned: the formation moves characters only, and a
/// resource row keeps its order through a turn's build.
#[test]
fn r403_3_resources_cant_be_repositioned() {
    let mut b = Bench::new("");
    b.resources(0, 2);
    let row_before = b.g.player(0).resources.clone();
    let c = b.in_play(0, "trn-001", Row::Front, 0);
    b.g.part = Part::Step(StepKind::Formation, 0);
    b.g.pending = Pending::Formation(0);
    let r = row_before[0];
    let moves: Vec<Action> = b.g.legal();
    assert!(moves
        .iter()
        .all(|a| !matches!(a, Action::MoveCharacter { card, .. } if *card == r)));
    assert!(moves
        .iter()
        .any(|a| matches!(a, Action::MoveCharacter { card, .. } if *card == c)));
    let to = visible(Row::Support, 0);
    assert_eq!(refused(&b, &Action::MoveCharacter { card: r, to }), "405.5");
    assert_eq!(b.g.player(0).resources, row_before);
}

/// 404.2: resource points are spent only in their player's own recruit step, on
/// recruiting and on effects; outside it nobody pays them.
#[test]
fn r404_2_resource_points_only_in_your_own_recruit_step() {
    let text = "(card x-loc \"Supply Post\" \"\" (location (threshold 0)) (payment (cost (pay-rp 1)) (gain-endurance you 2)))";
    let mut b = Bench::new(text);
    let post = b.resource(0, "x-loc");
    b.act(Action::FlipLocation(post));
    b.g.player_mut(0).rp = 2;
    let use_it = Action::UsePower {
        card: post,
        power: 0,
    };
    b.act(use_it);
    assert_eq!(b.g.player(0).rp, 1);
    b.resolve_all();
    assert_eq!(b.g.endurance(0), 52);
    // In p1's recruit step, p0 can't spend the point it still has.
    // (Refused as a cost that can't be paid, 203.3: the point can't be spent here.)
    b.g.part = Part::Step(StepKind::Recruit, 1);
    assert_eq!(refused(&b, &use_it), "203.3");
    b.g.part = Part::Step(StepKind::Attack, 0);
    assert_eq!(refused(&b, &use_it), "203.3");
}

/// 404.2a: in the recruit step a player may also play plot twists and use powers.
#[test]
fn r404_2a_other_actions_in_the_recruit_step() {
    let mut b = Bench::new("");
    b.resources(0, 2);
    let loc = b.resource(0, "trn-121");
    let rations = b.in_hand(0, "trn-104");
    let c = b.in_play(0, "trn-001", Row::Front, 0);
    b.act(Action::PlayPlotTwist(rations));
    b.resolve_all();
    assert_eq!(b.g.endurance(0), 53);
    b.act(Action::FlipLocation(loc));
    b.act(Action::UsePower {
        card: loc,
        power: 0,
    });
    b.target(c);
    b.resolve_all();
    assert_eq!(b.g.atk(c), 3);
    assert_eq!(b.g.part, Part::Step(StepKind::Recruit, 0));
}

fn formation(b: &mut Bench) {
    b.g.part = Part::Step(StepKind::Formation, 0);
    b.g.pending = Pending::Formation(0);
}

/// 405.2: a formation move changes only what depends on position: the character stays
/// the same object, keeps its counters and exhaustion, and gets what its new row gives
/// (Watchtower's range in the support row).
#[test]
fn r405_2_moving_changes_only_position_dependent_characteristics() {
    let mut b = Bench::new("");
    b.resources(0, 3);
    let tower = b.resource(0, "trn-122");
    b.g.card_mut(tower).face_up = true;
    let c = b.in_play(0, "trn-007", Row::Front, 0);
    b.g.card_mut(c).plus = 1;
    b.g.exhaust(c);
    let object = b.g.card(c).object;
    assert!(!b.g.has_range(c));
    formation(&mut b);
    b.act(Action::MoveCharacter {
        card: c,
        to: visible(Row::Support, 0),
    });
    assert_eq!(b.g.position(c), Some(visible(Row::Support, 0)));
    assert!(b.g.has_range(c), "the support row gives range");
    assert_eq!(b.g.card(c).object, object);
    assert_eq!(b.g.card(c).plus, 1);
    assert!(b.g.card(c).exhausted);
    assert_eq!(b.g.atk(c), 7);
}

/// In the formation step: `card` moves to column `col` of `row` in the visible area.
fn move_in_formation(b: &mut Bench, card: CardId, row: Row, col: i8) {
    b.act(Action::MoveCharacter {
        card,
        to: visible(row, col),
    });
}

/// 405.3, 405.5: no two characters share a position: a character moved onto another of
/// its player's characters in the same area takes its place and the other takes the
/// first one's (both picked up together, docs/rulings.md "Formation"); never onto a
/// character of the other area.
#[test]
fn r405_3_r405_5_a_move_onto_another_character_swaps_them() {
    let mut b = Bench::new("");
    let a = b.in_play(0, "trn-001", Row::Front, 0);
    let c = b.in_play(0, "trn-004", Row::Front, 1);
    let h = b.in_play(0, "trn-005", Row::Front, 0);
    let hidden = Position {
        area: Area::Hidden,
        row: Row::Front,
        col: 0,
    };
    b.g.move_card(h, Zone::Character(hidden));
    formation(&mut b);
    let onto = Action::MoveCharacter {
        card: a,
        to: visible(Row::Front, 1),
    };
    assert!(b.g.legal().contains(&onto));
    assert!(b
        .g
        .describe_for(0, &onto)
        .ends_with("Shield Cadet Ros, Training Squad taking its place"));
    assert_eq!(
        refused(
            &b,
            &Action::MoveCharacter {
                card: a,
                to: hidden
            }
        ),
        "405.5"
    );
    b.act(onto);
    assert_eq!(b.g.position(a), Some(visible(Row::Front, 1)));
    assert_eq!(b.g.position(c), Some(visible(Row::Front, 0)));
    assert_eq!(b.g.position(h), Some(hidden));
    let mut places: Vec<Position> = [a, c, h].iter().filter_map(|&x| b.g.position(x)).collect();
    places.sort_by_key(|p| (p.area == Area::Hidden, p.row == Row::Support, p.col));
    places.dedup();
    assert_eq!(places.len(), 3, "no two characters in one position");
}

/// 405.1, 405.5: each character is moved once at most in a formation step (the one it
/// takes the place of may still move), so the step always ends; docs/rulings.md
/// "Formation".
#[test]
fn r405_1_each_character_moves_once_in_a_formation() {
    let mut b = Bench::new("");
    let a = b.in_play(0, "trn-001", Row::Front, 0);
    let c = b.in_play(0, "trn-004", Row::Front, 1);
    formation(&mut b);
    move_in_formation(&mut b, a, Row::Front, 1);
    let again = Action::MoveCharacter {
        card: a,
        to: visible(Row::Support, 0),
    };
    assert_eq!(refused(&b, &again), "405.5");
    assert!(b
        .g
        .legal()
        .iter()
        .all(|m| !matches!(m, Action::MoveCharacter { card, .. } if *card == a)));
    move_in_formation(&mut b, c, Row::Support, 2);
    assert_eq!(b.g.legal(), vec![Action::FormationDone]);
    b.act(Action::FormationDone);
    assert!(matches!(b.g.pending, Pending::Priority(0)));
}

/// 405.4, 405.5: every formation can be reached moving each character once: three
/// characters in a row rotated one place to the left (a cycle, which moves into empty
/// positions alone can't make in three moves).
#[test]
fn r405_4_every_formation_in_one_move_per_character() {
    let mut b = Bench::new("");
    let x = b.in_play(0, "trn-001", Row::Front, 0);
    let y = b.in_play(0, "trn-004", Row::Front, 1);
    let z = b.in_play(0, "trn-006", Row::Front, 2);
    formation(&mut b);
    // Target: y at 0, z at 1, x at 2. x goes to 2 (z takes 0), then y to 0 (z takes 1).
    move_in_formation(&mut b, x, Row::Front, 2);
    move_in_formation(&mut b, y, Row::Front, 0);
    assert_eq!(b.g.position(x), Some(visible(Row::Front, 2)));
    assert_eq!(b.g.position(y), Some(visible(Row::Front, 0)));
    assert_eq!(b.g.position(z), Some(visible(Row::Front, 1)));
}

/// 405.4: any formation: every character in one row, with gaps between them.
#[test]
fn r405_4_any_formation_with_gaps() {
    let mut b = Bench::new("");
    let a = b.in_play(0, "trn-001", Row::Front, 0);
    let c = b.in_play(0, "trn-004", Row::Front, 1);
    let d = b.in_play(0, "trn-006", Row::Front, 2);
    formation(&mut b);
    for (card, col) in [(a, -1), (c, 3), (d, 1)] {
        b.act(Action::MoveCharacter {
            card,
            to: visible(Row::Support, col),
        });
    }
    b.act(Action::FormationDone);
    assert_eq!(b.g.position(a), Some(visible(Row::Support, -1)));
    assert_eq!(b.g.position(c), Some(visible(Row::Support, 3)));
    assert_eq!(b.g.position(d), Some(visible(Row::Support, 1)));
}

fn attack(b: &mut Bench, attacker: CardId, defender: CardId) {
    b.act(Action::Propose {
        attacker,
        defender: Defender::Character(defender),
    });
    if b.g.pending == Pending::TeamUp(b.g.priority.asked().unwrap()) {
        b.act(Action::ProposeNow);
    }
}

/// 407.2, 407.3: a player makes any number of attacks in their attack step, one at a
/// time; each proposed attack starts its own attack substep.
#[test]
fn r407_2_r407_3_attacks_one_at_a_time_each_in_its_substep() {
    let mut b = bench_in("", Part::Step(StepKind::Attack, 0));
    let a1 = b.in_play(0, "trn-007", Row::Front, 0);
    let a2 = b.in_play(0, "trn-008", Row::Front, 1);
    let d1 = b.in_play(1, "trn-021", Row::Front, 0);
    let d2 = b.in_play(1, "trn-024", Row::Front, 1);
    attack(&mut b, a1, d1);
    // One at a time: no second proposal while this one is unconcluded.
    assert!(!b
        .g
        .legal()
        .iter()
        .any(|x| matches!(x, Action::Propose { .. })));
    b.act(Action::Pass);
    b.act(Action::Pass);
    assert!(b.g.attack().expect("substep").started);
    b.act(Action::Pass);
    b.act(Action::Pass);
    assert!(b.g.attack().is_none());
    assert!(b.g.card(d1).stunned);
    attack(&mut b, a2, d2);
    assert!(!b.g.attack().expect("proposed").started);
    b.act(Action::Pass);
    b.act(Action::Pass);
    assert!(b.g.attack().expect("a new substep").started);
    b.act(Action::Pass);
    b.act(Action::Pass);
    assert!(b.g.card(d2).stunned);
    assert_eq!(b.g.part, Part::Step(StepKind::Attack, 0));
}

/// 407.4: after the conclusion the substep ends, the triggers of the conclusion go on
/// the chain and the attack step's owner gets priority.
#[test]
fn r407_4_after_the_conclusion_triggers_then_priority_in_the_attack_step() {
    let mut b = bench_in("", Part::Step(StepKind::Attack, 0));
    let a = b.in_play(0, "trn-007", Row::Front, 0);
    let mei = b.in_play(1, "trn-032", Row::Front, 0);
    b.in_play(0, "trn-001", Row::Front, 1);
    attack(&mut b, a, mei);
    for _ in 0..4 {
        b.act(Action::Pass);
    }
    assert!(b.g.card(mei).stunned);
    assert!(b.g.attack().is_none());
    assert_eq!(b.g.part, Part::Step(StepKind::Attack, 0));
    // Mei's stun trigger was put on the chain by p1 (asked for its target), then p0 has
    // priority.
    if b.g.pending == Pending::Target(1) {
        let t =
            b.g.legal()
                .into_iter()
                .find(|x| matches!(x, Action::ChooseTarget(_)))
                .expect("a target");
        b.act(t);
    }
    assert_eq!(b.g.chain().len(), 1);
    assert_eq!(b.g.pending, Pending::Priority(0));
}

/// 407.5: proposing an attack needs priority, an empty chain, your own attack step and
/// no attack unconcluded.
#[test]
fn r407_5_proposing_needs_priority_an_empty_chain_and_your_attack_step() {
    let mut b = bench_in("", Part::Step(StepKind::Attack, 0));
    b.resources(0, 1);
    let a = b.in_play(0, "trn-007", Row::Front, 0);
    let a2 = b.in_play(0, "trn-008", Row::Front, 1);
    let d = b.in_play(1, "trn-021", Row::Front, 0);
    let rations = b.in_hand(0, "trn-104");
    let propose = |x| Action::Propose {
        attacker: x,
        defender: Defender::Character(d),
    };
    assert!(b.g.legal().contains(&propose(a)));
    b.act(Action::PlayPlotTwist(rations));
    assert_eq!(refused(&b, &propose(a)), "601.1a");
    b.act(Action::Pass);
    // p1 has priority: p0 can't propose.
    assert!(!b.g.legal().contains(&propose(a)));
    b.act(Action::Pass);
    assert!(b.g.chain().is_empty());
    b.g.part = Part::Step(StepKind::Recruit, 0);
    assert_eq!(refused(&b, &propose(a)), "601.1a");
    b.g.part = Part::Step(StepKind::Attack, 0);
    attack(&mut b, a, d);
    b.act(Action::Pass);
    b.act(Action::Pass);
    assert_eq!(b.g.pending, Pending::Priority(0));
    assert_eq!(refused(&b, &propose(a2)), "601.1a");
}

const POWERS: &str = r#"
(card x-drill "Drill Sergeant" "" (character (cost 2) (atk 2) (def 2) (affiliation "Training Squad"))
  (continuous (stats (each yours other) 1 0))
  (payment (cost (pay-endurance 1)) (gain-endurance you 3)))
(card x-twice "Two-Drill Post" "" (location (threshold 0))
  (payment (cost (pay-endurance 1)) once-per-turn (gain-endurance you 2))
  (payment (cost (pay-endurance 1)) once-per-turn (gain-endurance you 5)))
(card x-coach "Coach" "" (character (cost 2) (atk 2) (def 2) (affiliation "Training Squad"))
  (payment (cost (pay-endurance 1)) once-per-turn (gain-endurance you 2)))
(card x-free "Free Post" "" (location (threshold 0))
  (payment (cost (pay-endurance 1)) (gain-endurance you 2)))
(card x-banner "Banner" "" (location (threshold 0))
  (continuous (stats (each yours) 1 0))
  (continuous (stats (each yours) 0 1)))
"#;

/// 500.2: a card's powers work only on the object in play: a character card's
/// continuous and payment powers do nothing from the hand.
#[test]
fn r500_2_powers_work_only_in_play() {
    let mut b = Bench::new(POWERS);
    b.resources(0, 2);
    b.g.player_mut(0).rp = 2;
    let vance = b.in_play(0, "trn-001", Row::Front, 0);
    let drill = b.in_hand(0, "x-drill");
    assert_eq!(b.g.atk(vance), 2);
    let use_it = Action::UsePower {
        card: drill,
        power: 1,
    };
    assert!(!b.g.legal().contains(&use_it));
    b.act(recruit(drill));
    b.resolve_all();
    b.act(Action::Place(visible(Row::Front, 1)));
    assert_eq!(b.g.atk(vance), 3);
    assert!(b.g.legal().contains(&use_it));
}

/// 500.4: each paragraph of a card is a power of its own: two once-per-turn powers of
/// one location are each used once.
#[test]
fn r500_4_each_paragraph_is_a_power() {
    let mut b = Bench::new(POWERS);
    let post = b.resource(0, "x-twice");
    b.act(Action::FlipLocation(post));
    let first = Action::UsePower {
        card: post,
        power: 0,
    };
    let second = Action::UsePower {
        card: post,
        power: 1,
    };
    b.act(first);
    b.resolve_all();
    assert!(!b.g.legal().contains(&first));
    assert!(b.g.legal().contains(&second));
    b.act(second);
    b.resolve_all();
    assert!(!b.g.legal().contains(&second));
    assert_eq!(b.g.endurance(0), 50 - 2 + 2 + 5);
}

/// 501.2: only an object's controller uses its payment powers.
#[test]
fn r501_2_only_the_controller_uses_payment_powers() {
    let mut b = Bench::new(POWERS);
    let post = b.resource(0, "x-free");
    b.act(Action::FlipLocation(post));
    b.act(Action::Pass);
    assert_eq!(b.g.pending, Pending::Priority(1));
    let use_it = Action::UsePower {
        card: post,
        power: 0,
    };
    assert_eq!(refused(&b, &use_it), "501.3");
}

/// 501.3: a payment power is used whenever its controller has priority and can pay,
/// again and again (priority comes back after each use), also in another player's step.
#[test]
fn r501_3_payment_powers_whenever_you_have_priority_and_can_pay() {
    let mut b = Bench::new(POWERS);
    let post = b.resource(1, "x-free");
    b.g.card_mut(post).face_up = true;
    b.act(Action::Pass);
    let use_it = Action::UsePower {
        card: post,
        power: 0,
    };
    b.act(use_it);
    assert_eq!(b.g.pending, Pending::Priority(1));
    b.act(use_it);
    b.act(use_it);
    assert_eq!(b.g.chain().len(), 3);
    assert_eq!(b.g.endurance(1), 47);
    b.resolve_all();
    assert_eq!(b.g.endurance(1), 53);
    b.g.player_mut(1).endurance = 0;
    b.g.pending = Pending::Priority(1);
    b.g.open_priority(1);
    // No endurance to pay with: a cost that can't be paid (203.3).
    assert_eq!(refused(&b, &use_it), "203.3");
}

/// 501.4c: a character stunned and recovered is the same object: its once-per-turn
/// power stays used.
#[test]
fn r501_4c_stunned_and_recovered_is_the_same_object() {
    let mut b = Bench::new(POWERS);
    let coach = b.in_play(0, "x-coach", Row::Front, 0);
    let use_it = Action::UsePower {
        card: coach,
        power: 0,
    };
    b.act(use_it);
    b.resolve_all();
    let object = b.g.card(coach).object;
    b.g.stun(coach);
    b.g.recover(coach);
    assert_eq!(b.g.card(coach).object, object);
    assert_eq!(refused(&b, &use_it), "501.3");
}

/// 503.1: a continuous power applies without the chain while its card is in play with
/// it, and stops when it leaves.
#[test]
fn r503_1_continuous_powers_apply_while_in_play() {
    let mut b = Bench::new(POWERS);
    let vance = b.in_play(0, "trn-001", Row::Front, 0);
    let drill = b.in_play(0, "x-drill", Row::Front, 1);
    assert!(b.g.chain().is_empty());
    assert_eq!(b.g.atk(vance), 3);
    assert_eq!(b.g.atk(drill), 2, "\"other\": not itself");
    b.g.stun(drill);
    assert_eq!(b.g.atk(vance), 2, "inactive text");
    b.g.move_card(drill, Zone::KoPile);
    assert_eq!(b.g.atk(vance), 2);
}

/// 503.2: each continuous power makes its own modifier: both of Banner's apply, and two
/// Banners apply twice.
#[test]
fn r503_2_each_continuous_power_its_own_modifier() {
    let mut b = Bench::new(POWERS);
    let vance = b.in_play(0, "trn-001", Row::Front, 0);
    let one = b.resource(0, "x-banner");
    b.g.card_mut(one).face_up = true;
    assert_eq!((b.g.atk(vance), b.g.def_value(vance)), (3, 2));
    let two = b.resource(0, "x-banner");
    b.g.card_mut(two).face_up = true;
    assert_eq!((b.g.atk(vance), b.g.def_value(vance)), (4, 3));
}

const TRIGGERS: &str = r#"
(card x-count "Headcount" "" (character (cost 2) (atk 2) (def 2) (affiliation "Training Squad"))
  (trigger (on enters-play) (gain-endurance you (count yours))))
(card x-scorer "Scorer" "" (character (cost 5) (atk 9) (def 9) (affiliation "Training Squad"))
  (payment (cost activate) (stun (each opposing)))
  (trigger (on stuns-a-character) (gain-endurance you 1)))
(card x-shiva "Jade Fist" "" (character (cost 3) (atk 3) (def 3) (affiliation "Training Squad"))
  (trigger (on becomes-stunned) (gets (each yours) 1 0 this-attack)))
(card x-sweep "Clean Sweep" "" (plot-twist (threshold 0))
  (effect (target 0 character) (stun (target 0))))
(card x-quell "Quell" "" (plot-twist (threshold 0))
  (effect (target 0 effect plot-twist) (negate (target 0))))
(card x-drum "War Drum" "" (plot-twist (threshold 0) ongoing)
  (effect)
  (payment (cost (pay-endurance 1)) (gain-endurance you 2)))
"#;

/// 502.1d: an amount in a triggered effect is worked out as it resolves: characters
/// that enter play after the trigger (before it resolves) are counted.
#[test]
fn r502_1d_x_is_worked_out_on_resolution() {
    let mut b = Bench::new(TRIGGERS);
    b.resources(0, 4);
    b.g.player_mut(0).rp = 4;
    let hc = b.in_hand(0, "x-count");
    b.act(recruit(hc));
    b.resolve_all();
    b.act(Action::Place(visible(Row::Front, 0)));
    // The trigger is on the chain; one more character comes in before it resolves.
    assert_eq!(b.g.chain().len(), 1);
    b.in_play(0, "trn-001", Row::Front, 1);
    b.in_play(0, "trn-004", Row::Front, 2);
    b.resolve_all();
    assert_eq!(b.g.endurance(0), 53);
}

/// 502.2: a power triggers once for each instance of its event, simultaneous ones
/// included: stunning two characters at once triggers "stuns a character" twice.
#[test]
fn r502_2_one_trigger_per_instance_of_the_event() {
    let mut b = Bench::new(TRIGGERS);
    let scorer = b.in_play(0, "x-scorer", Row::Front, 0);
    b.in_play(1, "trn-001", Row::Front, 0);
    b.in_play(1, "trn-004", Row::Front, 1);
    b.act(Action::UsePower {
        card: scorer,
        power: 0,
    });
    b.act(Action::Pass);
    b.act(Action::Pass);
    assert_eq!(b.g.pending, Pending::OrderTriggers(0));
    assert_eq!(b.g.waiting.len(), 2, "two triggered effects");
    b.act(Action::PutTrigger(0));
    if b.g.pending == Pending::OrderTriggers(0) {
        b.act(Action::PutTrigger(0));
    }
    assert_eq!(b.g.chain().len(), 2);
    b.resolve_all();
    assert_eq!(b.g.endurance(0), 52);
}

/// 502.3: a trigger is judged on the state just after its event: a character entering
/// play triggers its own enters-play power (its text was not active in hand).
#[test]
fn r502_3_triggers_see_the_state_after_the_event() {
    let mut b = Bench::new(TRIGGERS);
    b.resources(0, 2);
    b.g.player_mut(0).rp = 2;
    let hc = b.in_hand(0, "x-count");
    b.act(recruit(hc));
    b.resolve_all();
    b.act(Action::Place(visible(Row::Front, 0)));
    assert!(matches!(
        b.g.chain()[0].kind,
        EffectKind::Card { source, origin: Origin::Triggered, .. } if source == hc
    ));
    b.resolve_all();
    assert_eq!(b.g.endurance(0), 51, "it counts itself");
}

/// 502.6, 502.6a: a stunned character can't become stunned again: stunning it again
/// triggers no "becomes stunned" power and costs no stun endurance loss.
#[test]
fn r502_6_r502_6a_an_already_stunned_character_doesnt_become_stunned() {
    let mut b = Bench::new(TRIGGERS);
    let mei = b.in_play(1, "trn-032", Row::Front, 0);
    b.in_play(0, "trn-001", Row::Front, 0);
    b.g.stun(mei);
    b.g.waiting.clear();
    assert_eq!(b.g.endurance(1), 47);
    let sweep = b.in_hand(0, "x-sweep");
    b.play(sweep, &[mei]);
    assert!(b.g.chain().is_empty(), "no trigger");
    assert!(b.g.waiting.is_empty());
    assert_eq!(b.g.endurance(1), 47, "no second loss");
}

/// 502.7: a triggered power whose effect makes a "this attack" modifier triggers only
/// during an attack: stunned outside one, Jade Fist's power doesn't trigger; stunned in
/// an attack substep it does.
#[test]
fn r502_7_a_this_attack_trigger_only_during_an_attack() {
    let mut b = Bench::new(TRIGGERS);
    let fist = b.in_play(0, "x-shiva", Row::Front, 0);
    let sweep = b.in_hand(0, "x-sweep");
    b.play(sweep, &[fist]);
    assert!(b.g.card(fist).stunned);
    assert!(b.g.chain().is_empty(), "no trigger outside an attack");
    // In an attack substep.
    let mut b = bench_in(TRIGGERS, Part::Step(StepKind::Attack, 0));
    let fist = b.in_play(0, "x-shiva", Row::Front, 0);
    let mate = b.in_play(0, "trn-001", Row::Front, 1);
    let d = b.in_play(1, "trn-021", Row::Front, 0);
    attack(&mut b, mate, d);
    b.act(Action::Pass);
    b.act(Action::Pass);
    assert!(b.g.attack().expect("substep").started);
    let sweep = b.in_hand(0, "x-sweep");
    b.act(Action::PlayPlotTwist(sweep));
    b.target(fist);
    b.act(Action::Pass);
    b.act(Action::Pass);
    assert!(b.g.card(fist).stunned);
    assert_eq!(b.g.chain().len(), 1, "it triggers inside the attack");
    b.act(Action::Pass);
    b.act(Action::Pass);
    assert_eq!(b.g.atk(mate), 3);
}

/// 504.2: whoever plays an effect controls it; a triggered effect is controlled by the
/// controller of its source as it triggered.
#[test]
fn r504_2_who_controls_an_effect() {
    let mut b = Bench::new(TRIGGERS);
    let mei = b.in_play(1, "trn-032", Row::Front, 0);
    let vance = b.in_play(0, "trn-001", Row::Front, 0);
    let sweep = b.in_hand(0, "x-sweep");
    b.act(Action::PlayPlotTwist(sweep));
    b.target(mei);
    assert_eq!(b.g.chain()[0].controller, Some(0));
    b.act(Action::Pass);
    b.act(Action::Pass);
    // Mei's trigger: p1 chooses its target as it goes on the chain.
    assert_eq!(b.g.pending, Pending::Target(1));
    b.target(vance);
    assert_eq!(b.g.chain().len(), 1);
    assert_eq!(b.g.chain()[0].controller, Some(1));
}

/// 504.3, 504.3b: an effect is targeted exactly when it says "target", and its targets
/// are chosen as it is played, meeting the stated requirement ("opposing ... cost 3 or
/// less"); an effect with no "target" goes on the chain without one.
#[test]
fn r504_3_r504_3b_targets_are_chosen_as_played_and_meet_the_requirement() {
    let (mut b, pt) = Bench::with_effect(
        "(target 0 character opposing (cost<= 3)) (exhaust (target 0))",
        "",
    );
    let mine = b.in_play(0, "trn-001", Row::Front, 0);
    let big = b.in_play(1, "trn-007", Row::Front, 0);
    let small = b.in_play(1, "trn-021", Row::Front, 1);
    b.act(Action::PlayPlotTwist(pt));
    assert_eq!(b.g.pending, Pending::Target(0));
    let t = |c: CardId, b: &Bench| Action::ChooseTarget(TargetRef::Card(c, b.g.card(c).object));
    assert!(!b.g.legal().contains(&t(mine, &b)));
    assert!(!b.g.legal().contains(&t(big, &b)));
    b.act(t(small, &b));
    assert_eq!(b.g.chain().len(), 1);
    b.resolve_all();
    assert!(b.g.card(small).exhausted);
    b.resources(0, 1);
    let rations = b.in_hand(0, "trn-104");
    b.act(Action::PlayPlotTwist(rations));
    assert_eq!(b.g.chain().len(), 1, "no target asked");
}

/// 504.3c: an effect can't target itself: with nothing else on the chain, an effect
/// that targets an effect can't be played.
#[test]
fn r504_3c_an_effect_cant_target_itself() {
    let mut b = Bench::new(TRIGGERS);
    let quell = b.in_hand(0, "x-quell");
    let quell2 = b.in_hand(0, "x-quell");
    assert_eq!(refused(&b, &Action::PlayPlotTwist(quell)), "304.2");
    b.resources(0, 1);
    let rations = b.in_hand(0, "trn-104");
    b.act(Action::PlayPlotTwist(rations));
    b.act(Action::PlayPlotTwist(quell));
    // Its only candidate is Field Rations' effect, not its own.
    let targets: Vec<Action> = b.g.legal();
    assert_eq!(
        targets
            .iter()
            .filter(|a| matches!(a, Action::ChooseTarget(_)))
            .count(),
        1
    );
    let _ = quell2;
}

/// 504.4: a "plot twist effect" is one whose source is a plot twist card: the effect
/// of an ongoing plot twist's payment power is one; a location's is not.
#[test]
fn r504_4_a_plot_twist_effect_is_one_from_a_plot_twist_card() {
    let mut b = Bench::new(TRIGGERS);
    let drum = b.resource(0, "x-drum");
    b.g.card_mut(drum).face_up = true;
    let post = b.resource(0, "trn-121");
    b.g.card_mut(post).face_up = true;
    let vance = b.in_play(0, "trn-001", Row::Front, 0);
    let quell = b.in_hand(1, "x-quell");
    b.act(Action::UsePower {
        card: post,
        power: 0,
    });
    b.target(vance);
    b.act(Action::Pass);
    assert_eq!(b.g.pending, Pending::Priority(1));
    assert!(
        !b.g.legal().contains(&Action::PlayPlotTwist(quell)),
        "a location's effect is no plot twist effect"
    );
    b.g.pending = Pending::Priority(0);
    b.g.open_priority(0);
    b.act(Action::UsePower {
        card: drum,
        power: 1,
    });
    b.act(Action::Pass);
    assert_eq!(b.g.pending, Pending::Priority(1));
    b.act(Action::PlayPlotTwist(quell));
    let t: Vec<Action> = b.g.legal();
    let drum_effect = b.g.chain()[1].id;
    assert!(t.contains(&Action::ChooseTarget(TargetRef::Effect(drum_effect))));
    let post_effect = b.g.chain()[0].id;
    assert!(!t.contains(&Action::ChooseTarget(TargetRef::Effect(post_effect))));
}

/// 500.1: a power may be printed or granted by a modifier: range granted by Watchtower
/// lets a support row character attack as printed range does (601.2d).
#[test]
fn r500_1_a_granted_power_works_like_a_printed_one() {
    let mut b = bench_in("", Part::Step(StepKind::Attack, 0));
    let printed = b.in_play(0, "trn-008", Row::Support, 0); // range
    let plain = b.in_play(0, "trn-007", Row::Support, 1);
    let d = b.in_play(1, "trn-021", Row::Front, 0);
    let propose = |a| Action::Propose {
        attacker: a,
        defender: Defender::Character(d),
    };
    assert!(b.g.legal().contains(&propose(printed)));
    assert_eq!(refused(&b, &propose(plain)), "601.2d");
    b.resources(0, 3);
    let tower = b.resource(0, "trn-122");
    b.g.card_mut(tower).face_up = true;
    assert!(b.g.legal().contains(&propose(plain)));
}

/// 501.4a: a character that leaves play and comes back is a new object: its
/// once-per-turn power may be used again.
#[test]
fn r501_4a_a_returned_character_is_a_new_object_with_its_own_use() {
    let bounce = "(card x-back \"Recall\" \"\" (plot-twist (threshold 0)) (effect (target 0 character yours) (return-to-hand (target 0))))";
    let mut b = Bench::new(&format!("{POWERS}{bounce}"));
    b.resources(0, 2);
    b.g.player_mut(0).rp = 2;
    let coach = b.in_play(0, "x-coach", Row::Front, 0);
    let use_it = Action::UsePower {
        card: coach,
        power: 0,
    };
    b.act(use_it);
    b.resolve_all();
    assert!(!b.g.legal().contains(&use_it));
    let recall = b.in_hand(0, "x-back");
    b.play(recall, &[coach]);
    assert_eq!(b.g.card(coach).zone, Zone::Hand);
    b.act(recruit(coach));
    b.resolve_all();
    b.act(Action::Place(visible(Row::Front, 0)));
    assert!(b.g.legal().contains(&use_it));
}

/// 502.7 with "whenever a plot twist is played": outside an attack the power doesn't
/// trigger; in an attack substep it does, and its "this attack" bonus applies.
#[test]
fn r502_7_a_plot_twist_played_in_an_attack_triggers_a_this_attack_power() {
    let shiva = r#"(card x-ls "Jade Striker" "" (character (cost 4) (atk 6) (def 4) (affiliation "Training Squad"))
  (trigger (on a-plot-twist-is-played) (gets (each yours) 1 0 this-attack)))"#;
    let mut b = Bench::new(shiva);
    b.resources(0, 1);
    let s = b.in_play(0, "x-ls", Row::Front, 0);
    let rations = b.in_hand(0, "trn-104");
    b.act(Action::PlayPlotTwist(rations));
    assert_eq!(b.g.chain().len(), 1);
    b.resolve_all();
    assert_eq!(b.g.atk(s), 6);
    let mut b = bench_in(shiva, Part::Step(StepKind::Attack, 0));
    b.resources(0, 1);
    let s = b.in_play(0, "x-ls", Row::Front, 0);
    let d = b.in_play(1, "trn-021", Row::Front, 0);
    let rations = b.in_hand(0, "trn-104");
    attack(&mut b, s, d);
    b.act(Action::Pass);
    b.act(Action::Pass);
    b.act(Action::PlayPlotTwist(rations));
    assert_eq!(b.g.chain().len(), 2, "Field Rations and the trigger");
    b.resolve_all();
    assert_eq!(b.g.atk(s), 7);
}
