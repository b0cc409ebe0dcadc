//! Session 26: attack rules, phases, face-down cards, rules words and copies.

use crate::action::Action;
use crate::ids::*;
use crate::state::*;
use crate::testkit::Bench;

const TEAM: &str = "(card x-be \"Beast\" \"Furry Blue Scientist\" (character (cost 3) (atk 2) (def 4) (affiliation \"Avengers\")))
(card x-vi \"Vision\" \"Young Avenger\" (character (cost 5) (atk 8) (def 6) (affiliation \"Avengers\"))
  (continuous (grant (each itself team-attacker) team-breakthrough))
  (trigger (on causes-breakthrough) (gain-endurance you that-much)))";

/// A team attack by Vision and Beast on a 3/5 defender (cost 3), the attacking player
/// ordering `first` first; returns the board.
fn team_attack(first_is_vision: bool) -> (Bench, CardId, CardId, CardId) {
    let mut b = Bench::new(TEAM);
    let vision = b.in_play(0, "x-vi", Row::Front, 0);
    let beast = b.in_play(0, "x-be", Row::Front, 1);
    let d = b.in_play(1, "trn-006", Row::Front, 0);
    b.g.part = Part::Step(StepKind::Attack, 0);
    b.act(Action::Propose {
        attacker: vision,
        defender: Defender::Character(d),
    });
    b.act(Action::JoinTeam(beast));
    for _ in 0..4 {
        b.act(Action::Pass);
    }
    assert_eq!(b.g.pending(), Pending::OrderAttackers(0));
    let mut options = b.g.legal();
    options.sort_by_key(|a| format!("{a:?}"));
    let mut want = vec![Action::Pick(vision), Action::Pick(beast)];
    want.sort_by_key(|a| format!("{a:?}"));
    assert_eq!(options, want);
    b.act(Action::Pick(if first_is_vision { vision } else { beast }));
    // The last attacker needs no choice; then the defending player picks the hit.
    assert_eq!(b.g.pending(), Pending::HitAttacker(1));
    b.act(Action::HitAttacker(beast));
    (b, vision, beast, d)
}

/// 602.6c, 602.7c (VS-TCG-102, 103): a team attack that can cause breakthrough: the
/// attacking player orders the attackers' ATK before the defending player picks the
/// attacker hit; the defender's controller loses the combined ATK over the DEF, and
/// each attacker's breakthrough is its ATK against what DEF is left in that order.
#[test]
fn r602_6c_r602_7c_team_breakthrough_in_the_attackers_order() {
    let (mut b, vision, _, d) = team_attack(true);
    b.resolve_all();
    assert!(b.g.card(d).stunned);
    // 3 for the stun, 5 breakthrough: 3 from Vision, 2 from Beast.
    assert_eq!(b.g.endurance(1), 42);
    assert_eq!(b.g.endurance(0), 53, "Vision caused 3");
    assert!(b.g.card(vision).exhausted);
    let (mut b, _, _, _) = team_attack(false);
    b.resolve_all();
    assert_eq!(b.g.endurance(1), 42);
    assert_eq!(b.g.endurance(0), 55, "Vision caused all 5");
}

/// 602.7b, 602.7c: without a modifier a team attack on a character asks no order and
/// causes no breakthrough.
#[test]
fn r602_7b_r602_7c_a_plain_team_attack_causes_no_breakthrough() {
    let mut b = Bench::new(TEAM);
    let beast = b.in_play(0, "x-be", Row::Front, 0);
    let beast2 = b.in_play(0, "x-be", Row::Front, 1);
    let d = b.in_play(1, "trn-021", Row::Front, 0); // 2/2, cost 1
    b.g.part = Part::Step(StepKind::Attack, 0);
    b.act(Action::Propose {
        attacker: beast,
        defender: Defender::Character(d),
    });
    b.act(Action::JoinTeam(beast2));
    for _ in 0..4 {
        b.act(Action::Pass);
    }
    assert_eq!(b.g.pending(), Pending::HitAttacker(1));
    b.act(Action::HitAttacker(beast));
    assert_eq!(b.g.endurance(1), 49, "the stun only");
}

/// 400.9a, 400.10b: an added step can itself be skipped: the part scheduled after it
/// begins.
#[test]
fn r400_9a_r400_10b_a_skipped_additional_step() {
    let (mut b, pt) = Bench::with_effect("(additional attack-step you) (skip attack-step you)", "");
    b.g.part = Part::Step(StepKind::Attack, 0);
    b.play(pt, &[]);
    b.act(Action::Pass);
    b.act(Action::Pass);
    assert_eq!(b.g.part(), Part::Step(StepKind::Attack, 1));
    assert!(b.g.turn_changes.skips.is_empty() && b.g.turn_changes.resume.is_empty());
}

const JSA: &str = "(card x-st \"S.T.R.I.P.E.\" \"\" (character (cost 4) (atk 7) (def 6) (affiliation \"JSA\"))
  (continuous (grant (each yours exhausted defender (affiliation \"JSA\")) reinforcement)))
(card x-al \"Alan Scott\" \"\" (character (cost 4) (atk 4) (def 4) (affiliation \"JSA\")))
(card x-hl \"Harry Leland\" \"\" (character (cost 3) (atk 3) (def 3) (affiliation \"JSA\"))
  (payment (cost (pay-endurance 1)) (target 0 character yours defender) (gets (target 0) -2 2 this-attack) (has (target 0) reinforcement this-attack)))";

/// 701.10d (VS-TCG-106, 107): "can't reinforce other characters": a continuous power
/// of the character gives reinforcement only to itself; an effect from it gives none to
/// another character (checked as the modifier is created: one given before stays); it
/// can't pay the reinforcement game-based effect's cost.
#[test]
fn r701_10d_cant_reinforce_other_characters() {
    let (mut b, pt) = Bench::with_effect(
        "(target 0 character) (cant (target 0) reinforce-others this-turn)",
        JSA,
    );
    assert_eq!(
        b.effect_text(pt),
        "Target 0 is a character. Target 0 can't reinforce other characters this turn."
    );
    let stripe = b.in_play(0, "x-st", Row::Front, 0);
    let alan = b.in_play(0, "x-al", Row::Front, 1);
    let harry = b.in_play(0, "x-hl", Row::Support, 1);
    b.g.exhaust(stripe);
    b.g.exhaust(alan);
    let a = b.in_play(1, "trn-007", Row::Front, 0);
    b.g.attack = Some(Attack {
        attackers: smallvec::smallvec![(a, b.g.card(a).object)],
        defender: Some((Defender::Character(alan), b.g.card(alan).object)),
        started: true,
        team: false,
        defending_player: 0,
        order: smallvec::SmallVec::new(),
    });
    assert!(b.g.has_reinforcement(alan), "S.T.R.I.P.E. reinforces Alan");
    b.play(pt, &[stripe]);
    assert!(!b.g.has_reinforcement(alan));
    b.g.attack.as_mut().unwrap().defender =
        Some((Defender::Character(stripe), b.g.card(stripe).object));
    assert!(b.g.has_reinforcement(stripe), "still himself");
    // Harry can't pay the game-based effect's cost for Alan once he can't reinforce.
    b.g.attack.as_mut().unwrap().defender =
        Some((Defender::Character(alan), b.g.card(alan).object));
    let reinforce = Action::Reinforce {
        defender: alan,
        by: harry,
    };
    assert!(b.g.legal().contains(&reinforce));
    let pt2 = b.in_hand(0, "x-pt");
    b.play(pt2, &[harry]);
    assert!(!b.g.legal().contains(&reinforce));
    assert_eq!(b.g.explain_illegal(&reinforce).rule, "701.10d");
    // Harry's own effect: -2/+2 but no reinforcement.
    let def = b.g.def_value(alan);
    b.act(Action::UsePower {
        card: harry,
        power: 0,
    });
    b.target(alan);
    b.resolve_all();
    assert_eq!(b.g.def_value(alan), def + 2);
    assert!(!b.g.has_reinforcement(alan));
}

/// Glossary: As Though (VS-TCG-143): a character that attacks as though it had flight and
/// range has neither, but attacks from the support row and attacks protected characters;
/// losing flight takes printed flight away, not that. 601.3e with 103.1 (VS-TCG-003):
/// "can attack hidden characters" lets a front row character attack a hidden one.
#[test]
fn g_as_though_attacking_as_though_with_flight_and_range() {
    let cards = "(card x-nc \"Nightcrawler\" \"Kurt Wagner\" (character (cost 4) (atk 5) (def 4) (affiliation \"X-Men\"))
  (continuous (grant this attack-as-though-flight)) (continuous (grant this attack-as-though-range)))";
    let (mut b, pt) = Bench::with_effect("(loses (each yours) flight this-turn)", cards);
    let nc = b.in_play(0, "x-nc", Row::Support, 0);
    let flier = b.in_play(0, "trn-026", Row::Front, 1);
    let front = b.in_play(1, "trn-021", Row::Front, 0);
    let back = b.in_play(1, "trn-025", Row::Support, 0);
    assert!(b.g.is_protected(back) && !b.g.has_flight(nc) && !b.g.has_range(nc));
    assert!(b.g.can_attack_character(0, flier, back));
    b.play(pt, &[]);
    assert!(!b.g.has_flight(flier));
    assert!(!b.g.can_attack_character(0, flier, back));
    assert!(b.g.can_attack_character(0, nc, back));
    assert!(b.g.can_attack_character(0, nc, front));
    // Hidden characters: only with "can attack hidden characters".
    let hidden = b.in_hand(1, "trn-023");
    b.g.move_card(
        hidden,
        Zone::Character(Position {
            area: Area::Hidden,
            row: Row::Front,
            col: 0,
        }),
    );
    assert!(!b.g.can_attack_character(0, nc, hidden));
    b.g.add_modifier(
        nc,
        0,
        0,
        Some(crate::vocab::Grant::AttackHidden),
        crate::vocab::Duration::ThisTurn,
    );
    assert!(b.g.can_attack_character(0, nc, hidden));
}

/// 201.4, 201.5, Glossary: Considered To (VS-TCG-147, 148): "use only if you control
/// Dr. Doom" holds with a character named Dr. Doom (any version) or with an object saying
/// you are considered to control Dr. Doom, whose text must be active; that object is not a
/// Dr. Doom for a cost, and gives no control over an opponent's Dr. Doom.
#[test]
fn r201_4_r201_5_g_considered_to_control() {
    let cards = "(card x-bo \"Boris\" \"Servant\" (character (cost 2) (atk 1) (def 2))
  (payment (cost activate) (only-if-you-control \"Dr. Doom\") (draw you 1)))
(card x-kr \"Kristoff\" \"\" (character (cost 3) (atk 3) (def 3)) (continuous (considered-to-control \"Dr. Doom\")))
(card x-dd \"Dr. Doom\" \"Monarch\" (character (cost 7) (atk 9) (def 9)))";
    let mut b = Bench::new(cards);
    let boris = b.in_play(0, "x-bo", Row::Front, 0);
    assert_eq!(
        crate::text::power(&b.g.def(boris).powers[0].power),
        "Activate >>> You draw 1 card. Use only if you control Dr. Doom."
    );
    assert!(!b.g.can_use_power(0, boris, 0));
    // An opponent's Dr. Doom is not yours.
    let doom = b.in_play(1, "x-dd", Row::Front, 0);
    assert!(!b.g.can_use_power(0, boris, 0));
    b.g.move_card(doom, Zone::Hand);
    let kristoff = b.in_play(0, "x-kr", Row::Front, 1);
    assert_eq!(
        crate::text::power(&b.g.def(kristoff).powers[0].power),
        "You are considered to control Dr. Doom."
    );
    assert!(b.g.controls_named(0, "Dr. Doom") && !b.g.controls_named(1, "Dr. Doom"));
    assert!(b.g.can_use_power(0, boris, 0));
    // A stunned Kristoff has no active text (701.12f).
    b.g.stun(kristoff);
    assert!(!b.g.can_use_power(0, boris, 0));
    // A Dr. Doom of any version (201.4).
    b.in_play(0, "x-dd", Row::Front, 2);
    assert!(b.g.can_use_power(0, boris, 0));
}

/// 400.9b: two skip modifiers would skip the same step: its player chooses which
/// applies (by the card that made it); the other waits for the next such step. 400.9c:
/// for a phase, the initiative player chooses.
#[test]
fn r400_9b_r400_9c_choosing_which_skip_applies() {
    let other = "(card x-s2 \"Second Skip\" \"\" (plot-twist (threshold 0)) (effect (skip attack-step you)))
(card x-s3 \"Phase Skip\" \"\" (plot-twist (threshold 0)) (effect (skip combat-phase)))";
    let (mut b, pt) = Bench::with_effect("(skip attack-step you this-turn)", other);
    let second = b.in_hand(0, "x-s2");
    b.play(pt, &[]);
    b.play(second, &[]);
    b.g.part = Part::Phase(Phase::Combat);
    b.act(Action::Pass);
    b.act(Action::Pass);
    assert_eq!(b.g.pending(), Pending::ChooseSkip(0));
    let mut options = b.g.legal();
    options.sort_by_key(|a| format!("{a:?}"));
    let mut want = vec![Action::Pick(pt), Action::Pick(second)];
    want.sort_by_key(|a| format!("{a:?}"));
    assert_eq!(options, want);
    b.act(Action::Pick(second));
    assert_eq!(b.g.part(), Part::Step(StepKind::Attack, 1));
    // The "this turn" one is left, and ends at the wrap-up.
    assert_eq!(b.g.turn_changes.skips.len(), 1);
    assert!(b.g.turn_changes.skips[0].this_turn);

    // 400.9c: two skips of the combat phase; the initiative player (p1 here) chooses.
    let (mut b, pt) = Bench::with_effect("(skip combat-phase this-turn)", other);
    let phase = b.in_hand(0, "x-s3");
    b.play(pt, &[]);
    b.play(phase, &[]);
    b.g.initiative = 1;
    b.g.part = Part::Step(StepKind::Formation, 0);
    b.act(Action::Pass);
    b.act(Action::Pass);
    assert_eq!(b.g.pending(), Pending::ChooseSkip(1));
    b.act(Action::Pick(pt));
    assert_eq!(b.g.part(), Part::Phase(Phase::Recovery));
    assert!(!b.g.turn_changes.skips[0].this_turn, "the other waits");
}
