//! Tests of rules 600–706 (attacks, glossary-like rules 700–705, keywords 706).

use crate::action::Action;
use crate::ids::*;
use crate::state::Phase;
use crate::state::*;
use crate::testkit::Bench;
use crate::vocab::{Duration, Grant, Keyword};

fn attack_step(b: &mut Bench) {
    b.g.part = Part::Step(StepKind::Attack, 0);
}

fn propose(b: &mut Bench, a: CardId, d: Defender) {
    b.act(Action::Propose {
        attacker: a,
        defender: d,
    });
}

fn pass(b: &mut Bench, n: usize) {
    for _ in 0..n {
        b.act(Action::Pass);
    }
}

fn snapshot(b: &Bench) -> String {
    serde_json::to_string(&b.g).expect("the state serializes")
}

fn proposal(a: CardId, d: Defender) -> Action {
    Action::Propose {
        attacker: a,
        defender: d,
    }
}

fn at(area: Area, row: Row, col: i8) -> Position {
    Position { area, row, col }
}

/// 600.1: in p0's attack step only p0 attacks: p1, with priority there, can't propose.
#[test]
fn r600_1_only_the_primary_player_attacks_in_the_attack_step() {
    let mut b = Bench::new("");
    let mine = b.in_play(0, "trn-007", Row::Front, 0);
    let theirs = b.in_play(1, "trn-007", Row::Front, 0);
    attack_step(&mut b);
    assert!(b
        .g
        .legal()
        .contains(&proposal(mine, Defender::Character(theirs))));
    b.act(Action::Pass);
    assert_eq!(b.g.pending(), Pending::Priority(1));
    let a = proposal(theirs, Defender::Character(mine));
    assert!(!b.g.legal().contains(&a));
    assert_eq!(b.g.explain_illegal(&a).rule, "601.1a");
}

/// 600.2: the attack may go against a non-stunned, visible character of an opponent,
/// not a stunned or a hidden one.
#[test]
fn r600_2_attacks_go_against_non_stunned_visible_characters() {
    let mut b = Bench::new("");
    let a = b.in_play(0, "trn-009", Row::Front, 0);
    let ok = b.in_play(1, "trn-021", Row::Front, 0);
    let stunned = b.in_play(1, "trn-024", Row::Front, 1);
    let hidden = b.in_hand(1, "trn-023");
    b.g.move_card(hidden, Zone::Character(at(Area::Hidden, Row::Front, 0)));
    b.g.stun(stunned);
    attack_step(&mut b);
    let legal = b.g.legal();
    assert!(legal.contains(&proposal(a, Defender::Character(ok))));
    assert!(!legal.contains(&proposal(a, Defender::Character(stunned))));
    assert!(!legal.contains(&proposal(a, Defender::Character(hidden))));
}

/// 600.3: a direct attack only on an opponent with no non-stunned visible character.
#[test]
fn r600_3_a_direct_attack_needs_no_non_stunned_visible_defender() {
    let mut b = Bench::new("");
    let a = b.in_play(0, "trn-007", Row::Front, 0);
    let d = b.in_play(1, "trn-021", Row::Front, 0);
    attack_step(&mut b);
    let direct = proposal(a, Defender::Player(1));
    assert!(!b.g.legal().contains(&direct));
    b.g.stun(d);
    assert!(b.g.legal().contains(&direct));
}

/// 601.1b, 602.1c, 602.1e: two attackers proposed together are a team attack; when the
/// substep starts, both still able, both at once become attackers (exhausted) and team
/// attackers.
#[test]
fn r601_1b_r602_1c_r602_1e_a_proposal_of_two_is_a_team_attack() {
    let mut b = Bench::new("");
    let a1 = b.in_play(0, "trn-007", Row::Front, 0);
    let a2 = b.in_play(0, "trn-001", Row::Front, 1);
    let d = b.in_play(1, "trn-027", Row::Front, 0);
    attack_step(&mut b);
    propose(&mut b, a1, Defender::Character(d));
    assert_eq!(b.g.pending(), Pending::TeamUp(0));
    b.act(Action::JoinTeam(a2));
    let at = b.g.attack().expect("proposed");
    assert_eq!(at.attackers.len(), 2);
    assert!(!at.started && !b.g.card(a1).exhausted);
    pass(&mut b, 2);
    let at = b.g.attack().expect("started");
    assert!(at.started && at.team);
    assert!(b.g.is_attacker(a1) && b.g.is_attacker(a2));
    assert!(b.g.card(a1).exhausted && b.g.card(a2).exhausted);
    assert!(b.g.is_defender(d));
}

/// 601.1e: an attack breaking a rule of legality can't be proposed: it is refused and
/// nothing changes.
#[test]
fn r601_1e_an_illegal_attack_is_refused_and_nothing_changes() {
    let mut b = Bench::new("");
    let a = b.in_play(0, "trn-001", Row::Support, 0); // no range
    let d = b.in_play(1, "trn-021", Row::Front, 0);
    attack_step(&mut b);
    let before = snapshot(&b);
    let act = proposal(a, Defender::Character(d));
    assert!(!b.g.legal().contains(&act));
    assert_eq!(b.g.explain_illegal(&act).rule, "601.2d");
    assert_eq!(snapshot(&b), before);
    assert!(b.g.attack().is_none());
}

/// 601.5b: each proposed team attacker must be able to attack the defender: a support
/// row teammate without range can't join; one with range can.
#[test]
fn r601_5b_each_team_attacker_must_be_able_to_attack_the_defender() {
    let mut b = Bench::new("");
    let a = b.in_play(0, "trn-007", Row::Front, 0);
    let back = b.in_play(0, "trn-004", Row::Support, 1); // no range
    let ranged = b.in_play(0, "trn-006", Row::Support, 2); // range
    let d = b.in_play(1, "trn-027", Row::Front, 0);
    attack_step(&mut b);
    propose(&mut b, a, Defender::Character(d));
    let join = b.g.could_join(0);
    assert!(join.contains(&ranged));
    assert!(!join.contains(&back));
    assert!(!b.g.legal().contains(&Action::JoinTeam(back)));
}

/// 602.1b: a direct attack that is no longer legal as the substep starts (the defending
/// player now has a non-stunned visible character) does nothing.
#[test]
fn r602_1b_a_direct_attack_no_longer_legal_does_nothing() {
    let mut b = Bench::new("");
    let a = b.in_play(0, "trn-007", Row::Front, 0);
    let d = b.in_play(1, "trn-021", Row::Front, 0);
    b.g.stun(d);
    attack_step(&mut b);
    propose(&mut b, a, Defender::Player(1));
    b.g.recover(d);
    pass(&mut b, 2);
    assert!(!b.g.is_attacker(a) && !b.g.card(a).exhausted);
    pass(&mut b, 2);
    assert_eq!(b.g.endurance(1), 49); // only the earlier stun of Kett
    assert!(b.g.attack().is_none());
}

/// 602.3a: a defender that is stunned or changes zones is no longer the defender; with
/// no defender left the attacker readies at the conclusion (602.6b) and no one is hit.
#[test]
fn r602_3a_a_stunned_or_moved_defender_stops_defending() {
    for how in ["stun", "hand"] {
        let mut b = Bench::new("");
        let a = b.in_play(0, "trn-001", Row::Front, 0); // 2/1
        let d = b.in_play(1, "trn-025", Row::Front, 0); // 5/3
        attack_step(&mut b);
        propose(&mut b, a, Defender::Character(d));
        pass(&mut b, 2);
        assert!(b.g.is_defender(d));
        if how == "stun" {
            b.g.stun(d);
        } else {
            b.g.move_card(d, Zone::Hand);
        }
        assert!(!b.g.is_defender(d), "{how}");
        pass(&mut b, 2);
        assert!(!b.g.card(a).stunned && !b.g.card(a).exhausted, "{how}");
    }
}

/// 602.6: the attack concludes only once both players pass in succession with the
/// chain empty: a pass by one, or passes that resolve an effect, don't conclude it.
#[test]
fn r602_6_the_attack_concludes_when_all_pass_with_an_empty_chain() {
    let (mut b, pt) = Bench::with_effect("(draw you 1)", "");
    let a = b.in_play(0, "trn-007", Row::Front, 0);
    let d = b.in_play(1, "trn-021", Row::Front, 0);
    attack_step(&mut b);
    propose(&mut b, a, Defender::Character(d));
    pass(&mut b, 2);
    b.act(Action::PlayPlotTwist(pt));
    pass(&mut b, 2); // the twist resolves
    assert!(b.g.chain().is_empty());
    assert!(b.g.attack().is_some() && !b.g.card(d).stunned);
    b.act(Action::Pass);
    assert!(b.g.attack().is_some() && !b.g.card(d).stunned);
    assert_eq!(b.g.pending(), Pending::Priority(1));
    b.act(Action::Pass);
    assert!(b.g.attack().is_none() && b.g.card(d).stunned);
}

/// 602.6d: with both the attacker and the defender gone from the attack, it concludes
/// doing nothing, and there is no attacker to ready.
#[test]
fn r602_6d_with_attacker_and_defender_gone_nothing_happens() {
    let mut b = Bench::new("");
    let a = b.in_play(0, "trn-007", Row::Front, 0);
    let d = b.in_play(1, "trn-021", Row::Front, 0);
    attack_step(&mut b);
    propose(&mut b, a, Defender::Character(d));
    pass(&mut b, 2);
    b.g.stun(a); // leaves the attack (602.2a)
    b.g.recover(a); // face up, still exhausted
    b.g.move_card(d, Zone::Hand);
    let endurance = (b.g.endurance(0), b.g.endurance(1));
    pass(&mut b, 2);
    assert!(b.g.attack().is_none());
    assert!(b.g.card(a).exhausted, "602.6b doesn't ready it");
    assert_eq!((b.g.endurance(0), b.g.endurance(1)), endurance);
}

/// 701.14, 602.2b: the last attacker of a team attack is still a team attacker when
/// the other leaves: its ATK over the defender's DEF causes no breakthrough (602.7b).
#[test]
fn r701_14_the_last_team_attacker_is_still_a_team_attacker() {
    let mut b = Bench::new("");
    let a1 = b.in_play(0, "trn-007", Row::Front, 0); // 6/5
    let a2 = b.in_play(0, "trn-001", Row::Front, 1);
    let d = b.in_play(1, "trn-021", Row::Front, 0); // 2/2, cost 1
    attack_step(&mut b);
    propose(&mut b, a1, Defender::Character(d));
    b.act(Action::JoinTeam(a2));
    pass(&mut b, 2);
    b.g.move_card(a2, Zone::Hand);
    assert!(b.g.attack().is_some_and(|x| x.team));
    pass(&mut b, 2);
    assert!(b.g.card(d).stunned);
    assert_eq!(b.g.endurance(1), 49, "the stun only, no breakthrough");
}

/// 602.9b, 602.9c, 602.9d: after the conclusion there is no team attack, attacking or
/// defending player: the same character attacking alone afterwards causes breakthrough.
#[test]
fn r602_9b_r602_9c_r602_9d_the_team_attack_ends_with_its_conclusion() {
    let mut b = Bench::new("");
    let a1 = b.in_play(0, "trn-007", Row::Front, 0); // 6/5
    let a2 = b.in_play(0, "trn-001", Row::Front, 1);
    let d1 = b.in_play(1, "trn-021", Row::Front, 0); // 2/2
    let d2 = b.in_play(1, "trn-021", Row::Front, 1);
    attack_step(&mut b);
    propose(&mut b, a1, Defender::Character(d1));
    b.act(Action::JoinTeam(a2));
    pass(&mut b, 2);
    b.act(Action::Pass);
    b.act(Action::Pass);
    b.act(Action::HitAttacker(a1));
    assert!(b.g.attack().is_none());
    assert_eq!(b.g.endurance(1), 49);
    b.g.ready(a1);
    propose(&mut b, a1, Defender::Character(d2));
    if b.g.pending() == Pending::TeamUp(0) {
        b.act(Action::ProposeNow);
    }
    pass(&mut b, 4);
    assert_eq!(b.g.endurance(1), 44, "the stun and 4 breakthrough");
}

/// 602.9f: "this attack" modifiers end with the attack; "this turn" ones don't.
#[test]
fn r602_9f_this_attack_modifiers_end() {
    let mut b = Bench::new("");
    let a = b.in_play(0, "trn-007", Row::Front, 0); // 6/5
    let d = b.in_play(1, "trn-027", Row::Front, 0); // 4/7
    attack_step(&mut b);
    propose(&mut b, a, Defender::Character(d));
    pass(&mut b, 2);
    b.g.add_modifier(a, 2, 0, None, Duration::ThisAttack);
    b.g.add_modifier(a, 0, 1, None, Duration::ThisTurn);
    assert_eq!((b.g.atk(a), b.g.def_value(a)), (8, 6));
    pass(&mut b, 2);
    assert!(b.g.card(d).stunned, "8 ATK against 7 DEF");
    assert_eq!((b.g.atk(a), b.g.def_value(a)), (6, 6));
}

/// 602.9g: the substep ends and the attack step goes on: the primary player has
/// priority and may propose another attack.
#[test]
fn r602_9g_back_to_the_attack_step() {
    let mut b = Bench::new("");
    let a1 = b.in_play(0, "trn-007", Row::Front, 0);
    let a2 = b.in_play(0, "trn-025", Row::Front, 1);
    let d = b.in_play(1, "trn-027", Row::Front, 0);
    attack_step(&mut b);
    propose(&mut b, a1, Defender::Character(d));
    if b.g.pending() == Pending::TeamUp(0) {
        b.act(Action::ProposeNow);
    }
    pass(&mut b, 4);
    assert!(b.g.attack().is_none());
    assert_eq!(b.g.part(), Part::Step(StepKind::Attack, 0));
    assert_eq!(b.g.pending(), Pending::Priority(0));
    assert!(b.g.legal().contains(&proposal(a2, Defender::Character(d))));
}

/// 602.10b: a direct team attack takes the attackers' combined ATK from the defender.
#[test]
fn r602_10b_a_direct_team_attack_combines_atk() {
    let mut b = Bench::new("");
    let a1 = b.in_play(0, "trn-007", Row::Front, 0); // 6
    let a2 = b.in_play(0, "trn-001", Row::Front, 1); // 2
    attack_step(&mut b);
    propose(&mut b, a1, Defender::Player(1));
    b.act(Action::JoinTeam(a2));
    pass(&mut b, 4);
    assert_eq!(b.g.endurance(1), 42);
}

/// 701.3, 701.9: an object is exhausted or ready, never both: attacking exhausts, and an
/// exhausted character can't attack until it is readied.
#[test]
fn r701_3_r701_9_exhausted_or_ready() {
    let mut b = Bench::new("");
    let a = b.in_play(0, "trn-007", Row::Front, 0);
    let d1 = b.in_play(1, "trn-027", Row::Front, 0);
    attack_step(&mut b);
    assert!(!b.g.card(a).exhausted);
    propose(&mut b, a, Defender::Character(d1));
    pass(&mut b, 4);
    assert!(b.g.card(a).exhausted);
    let again = proposal(a, Defender::Character(d1));
    assert_eq!(b.g.explain_illegal(&again).rule, "601.2b");
    b.g.ready(a);
    assert!(!b.g.card(a).exhausted);
    assert!(b.g.legal().contains(&again));
}

/// 701.9: objects enter play ready: a recruited character is ready.
#[test]
fn r701_9_a_recruited_character_enters_ready() {
    let mut b = Bench::new("");
    b.g.player_mut(0).rp = 4;
    let c = b.in_hand(0, "trn-007");
    b.act(Action::Recruit {
        card: c,
        boost: false,
    });
    b.resolve_all();
    b.act(Action::Place(at(Area::Visible, Row::Front, 0)));
    assert!(b.g.is_character(c));
    assert!(!b.g.card(c).exhausted);
}

/// 701.10a: characters attacking a character with reinforcement cause no breakthrough.
#[test]
fn r701_10a_no_breakthrough_into_reinforcement() {
    for reinforced in [false, true] {
        let mut b = Bench::new("");
        let a = b.in_play(0, "trn-009", Row::Front, 0); // 8/7
        let d = b.in_play(1, "trn-021", Row::Front, 0); // 2/2, cost 1
        attack_step(&mut b);
        propose(&mut b, a, Defender::Character(d));
        pass(&mut b, 2);
        if reinforced {
            b.g.add_modifier(d, 0, 0, Some(Grant::Reinforcement), Duration::ThisAttack);
        }
        pass(&mut b, 2);
        let want = if reinforced { 49 } else { 43 };
        assert_eq!(b.g.endurance(1), want, "reinforced: {reinforced}");
    }
}

/// 701.10b, 708.7b: the defending player may reinforce the defender with an adjacent
/// support row character; the attacking player may not.
#[test]
fn r701_10b_the_defending_player_may_reinforce() {
    let mut b = Bench::new("");
    let a = b.in_play(0, "trn-009", Row::Front, 0);
    let d = b.in_play(1, "trn-001", Row::Front, 0);
    let by = b.in_play(1, "trn-004", Row::Support, 0);
    attack_step(&mut b);
    propose(&mut b, a, Defender::Character(d));
    pass(&mut b, 2);
    let r = Action::Reinforce { defender: d, by };
    assert_eq!(b.g.pending(), Pending::Priority(0));
    assert!(!b.g.legal().contains(&r));
    b.act(Action::Pass);
    assert!(b.g.legal().contains(&r));
    b.act(r);
    b.resolve_all();
    assert!(b.g.has_reinforcement(d));
    assert!(b.g.card(by).exhausted);
}

/// 701.12: a stunned character is face down and exhausted, and its controller takes
/// stun endurance loss (its cost).
#[test]
fn r701_12_a_stun_turns_it_down_exhausts_it_and_costs_endurance() {
    let mut b = Bench::new("");
    let c = b.in_play(1, "trn-027", Row::Front, 0); // cost 4
    b.g.stun(c);
    assert!(b.g.card(c).stunned && b.g.card(c).exhausted);
    assert_eq!(b.g.endurance(1), 46);
}

/// 701.12c, 701.12h: a stunned character loses attacker and can't be protected, and
/// can't be proposed as an attacker or a defender.
#[test]
fn r701_12c_r701_12h_a_stunned_character_isnt_in_combat_or_protected() {
    let mut b = Bench::new("");
    let a = b.in_play(0, "trn-007", Row::Front, 0);
    let a2 = b.in_play(0, "trn-009", Row::Front, 1);
    let d = b.in_play(1, "trn-027", Row::Front, 0);
    let behind = b.in_play(1, "trn-021", Row::Support, 0);
    let front = b.in_play(1, "trn-004", Row::Front, 1);
    let back = b.in_play(1, "trn-024", Row::Support, 1);
    attack_step(&mut b);
    propose(&mut b, a, Defender::Character(d));
    if b.g.pending() == Pending::TeamUp(0) {
        b.act(Action::ProposeNow);
    }
    pass(&mut b, 2);
    assert!(b.g.is_attacker(a));
    b.g.stun(a);
    assert!(!b.g.is_attacker(a));
    pass(&mut b, 2);
    assert!(b.g.is_protected(behind));
    b.g.stun(behind);
    assert!(!b.g.is_protected(behind));
    b.g.ready(a);
    assert_eq!(
        b.g.explain_illegal(&proposal(a, Defender::Character(front)))
            .rule,
        "601.2b"
    );
    b.g.stun(front);
    assert!(b.g.card(front).stunned);
    assert_eq!(
        b.g.explain_illegal(&proposal(a2, Defender::Character(front)))
            .rule,
        "601.3b"
    );
    assert!(b
        .g
        .legal()
        .contains(&proposal(a2, Defender::Character(back))));
}

/// 701.12e: a stunned character's willpower is 0.
#[test]
fn r701_12e_a_stunned_characters_willpower_is_0() {
    let mut b = Bench::new(
        "(card x-w \"Willful\" \"\" (character (cost 2) (atk 2) (def 2) (affiliation \"Training Squad\")) (keywords (willpower 3)))",
    );
    let c = b.in_play(0, "x-w", Row::Front, 0);
    assert_eq!(b.g.willpower(c), 3);
    b.g.stun(c);
    assert_eq!(b.g.willpower(c), 0);
}

/// 701.12b, 701.12f: a stunned character's text is inactive and it has no keywords: its
/// continuous power stops and it loses invulnerability.
#[test]
fn r701_12b_r701_12f_a_stunned_character_has_no_text_or_keywords() {
    let mut b = Bench::new(
        "(card x-l \"Drill Leader\" \"\" (character (cost 2) (atk 2) (def 2) (affiliation \"Training Squad\"))
           (keywords invulnerability)
           (continuous (stats (each yours other) 1 0)))",
    );
    let l = b.in_play(0, "x-l", Row::Front, 0);
    let o = b.in_play(0, "trn-001", Row::Front, 1);
    assert_eq!(b.g.atk(o), 3);
    assert!(b.g.has_keyword(l, Keyword::Invulnerability));
    b.g.stun(l);
    assert!(!b.g.text_active(l));
    assert_eq!(b.g.atk(o), 2);
    assert!(!b.g.has_keyword(l, Keyword::Invulnerability));
    assert!(!b.g.has_invulnerability(l));
}

fn recruit(b: &mut Bench, c: CardId, boost: bool) {
    b.act(Action::Recruit { card: c, boost });
    b.resolve_all();
}

fn place_options(b: &Bench) -> Vec<Position> {
    b.g.legal()
        .into_iter()
        .filter_map(|a| match a {
            Action::Place(p) => Some(p),
            _ => None,
        })
        .collect()
}

/// 700.2: the player moving a character chooses among the legal positions: empty ones
/// of its own rows, in the same area; the character lands where chosen.
#[test]
fn r700_2_a_move_goes_where_its_player_legally_chooses() {
    let (mut b, pt) = Bench::with_effect("(target 0 character yours) (move (target 0))", "");
    let c = b.in_play(0, "trn-007", Row::Front, 0);
    let other = b.in_play(0, "trn-001", Row::Support, 0);
    b.play(pt, &[c]);
    let opts = place_options(&b);
    let taken = b.g.position(other).expect("in play");
    assert!(!opts.is_empty());
    assert!(!opts.contains(&taken), "not onto another character");
    assert!(opts.iter().all(|p| p.area == Area::Visible));
    let to = at(Area::Visible, Row::Support, 2);
    assert!(opts.contains(&to), "not only next to the others (705.1)");
    b.act(Action::Place(to));
    assert_eq!(b.g.position(c), Some(to));
    assert_eq!(b.g.card(c).controller, 0);
}

/// 701.11: a card in the resource row is a resource: it counts as one, and is no
/// character (it can't be attacked).
#[test]
fn r701_11_a_card_in_the_resource_row_is_a_resource_not_a_character() {
    let mut b = Bench::new("");
    let a = b.in_play(0, "trn-009", Row::Front, 0);
    let r = b.resource(1, "trn-007");
    assert_eq!(b.g.resource_count(1), 1);
    assert!(!b.g.is_character(r));
    attack_step(&mut b);
    let act = proposal(a, Defender::Character(r));
    assert!(!b.g.legal().contains(&act));
    assert_eq!(b.g.explain_illegal(&act).rule, "601.3a");
}

const LOYAL: &str = r#"
(card x-l "Loyal One" "" (character (cost 1) (atk 1) (def 1) (affiliation "Red")) (keywords loyalty))
(card x-r "Red Friend" "" (character (cost 1) (atk 1) (def 1) (affiliation "Red")) (keywords reservist))
"#;

/// 701.11a, 701.11b: a face-down resource has no characteristics beyond being a
/// resource, and revealed it is still no character: a Red character card there, even
/// revealed, doesn't meet a Red loyalty; in play it does.
#[test]
fn r701_11a_r701_11b_a_face_down_resource_is_no_character() {
    let mut b = Bench::new(LOYAL);
    b.g.player_mut(0).rp = 3;
    let l = b.in_hand(0, "x-l");
    let r = b.resource(0, "x-r");
    let act = Action::Recruit {
        card: l,
        boost: false,
    };
    assert!(!b.g.legal().contains(&act));
    b.act(Action::Reveal(r));
    assert!(b.g.card(r).revealed);
    assert!(!b.g.legal().contains(&act));
    b.in_play(0, "x-r", Row::Front, 0);
    assert!(b.g.legal().contains(&act));
}

/// 701.11c: a face-up resource has its characteristics and powers: a flipped location's
/// continuous power works; face down, it doesn't.
#[test]
fn r701_11c_a_face_up_resource_has_its_powers() {
    let mut b = Bench::new("");
    let w = b.resource(0, "trn-122"); // support row characters have range
    b.resources(0, 2);
    let c = b.in_play(0, "trn-001", Row::Support, 0);
    assert!(!b.g.has_range(c));
    b.act(Action::FlipLocation(w));
    assert!(b.g.card(w).face_up);
    assert!(b.g.has_range(c));
}

/// 701.11e: a resource turned face up is the same object, with a new timestamp.
#[test]
fn r701_11e_a_flipped_resource_is_the_same_object_with_a_new_timestamp() {
    let mut b = Bench::new("");
    let w = b.resource(0, "trn-121");
    b.resources(0, 1);
    b.g.exhaust(w);
    let (object, stamp) = (b.g.card(w).object, b.g.card(w).timestamp);
    b.act(Action::FlipLocation(w));
    assert_eq!(b.g.card(w).object, object);
    assert!(b.g.card(w).timestamp > stamp);
    assert!(b.g.card(w).exhausted, "still the same exhausted resource");
    assert_eq!(b.g.card(w).zone, Zone::Resource);
}

/// 701.15: non-Army characters and locations are unique; Army characters, equipment
/// (but the Unique version) and plot twists are not.
#[test]
fn r701_15_which_cards_are_unique() {
    let b = Bench::new("(card x-ue \"Lucky Charm\" \"Unique\" (equipment (cost 1)))");
    let unique = |id: &str| {
        let d = b.g.pool.find_id(id).expect("card");
        b.g.pool.def(d).is_unique()
    };
    assert!(unique("trn-001"));
    assert!(!unique("trn-002")); // Army
    assert!(unique("trn-121")); // location
    assert!(!unique("trn-131")); // equipment
    assert!(unique("x-ue"));
    assert!(!unique("trn-101")); // plot twist
}

/// 701.16: front row characters, and support row characters with no non-stunned front
/// row character in their column, are unprotected: they may be attacked.
#[test]
fn r701_16_unprotected_characters_can_be_attacked() {
    let mut b = Bench::new("");
    let a = b.in_play(0, "trn-007", Row::Front, 0); // no flight
    let front = b.in_play(1, "trn-021", Row::Front, 0);
    let open_back = b.in_play(1, "trn-024", Row::Support, 1);
    let covered = b.in_play(1, "trn-004", Row::Support, 0);
    attack_step(&mut b);
    let legal = b.g.legal();
    assert!(legal.contains(&proposal(a, Defender::Character(front))));
    assert!(legal.contains(&proposal(a, Defender::Character(open_back))));
    assert!(!legal.contains(&proposal(a, Defender::Character(covered))));
    assert!(!b.g.is_protected(front) && !b.g.is_protected(open_back));
    assert!(b.g.is_protected(covered));
}

/// 701.21a: a concealed character enters play in the hidden area only.
#[test]
fn r701_21a_a_concealed_character_enters_hidden() {
    let mut b = Bench::new("");
    b.g.player_mut(0).rp = 2;
    let c = b.in_hand(0, "trn-023");
    recruit(&mut b, c, false);
    let opts = place_options(&b);
    assert!(!opts.is_empty());
    assert!(opts.iter().all(|p| p.area == Area::Hidden));
}

/// 701.22a: a concealed—optional character may enter either area; the choice is made as
/// it enters.
#[test]
fn r701_22a_a_concealed_optional_character_enters_either_area() {
    let mut b = Bench::new("");
    b.g.player_mut(0).rp = 3;
    let c = b.in_hand(0, "trn-005");
    recruit(&mut b, c, false);
    let opts = place_options(&b);
    assert!(opts.iter().any(|p| p.area == Area::Hidden));
    assert!(opts.iter().any(|p| p.area == Area::Visible));
    let to = at(Area::Hidden, Row::Front, 0);
    b.act(Action::Place(to));
    assert_eq!(b.g.position(c), Some(to));
}

/// 701.21b, 701.22b: a concealed equipment goes only on a hidden character; a
/// concealed—optional one on a hidden or a visible one; a plain one only on a visible one.
#[test]
fn r701_21b_r701_22b_where_concealed_equipment_goes() {
    let mut b = Bench::new("(card x-ce \"Smoke Cloak\" \"\" (equipment (cost 1) concealed))");
    b.g.player_mut(0).rp = 3;
    let seen = b.in_play(0, "trn-007", Row::Front, 0);
    let hidden = b.in_hand(0, "trn-005");
    b.g.move_card(hidden, Zone::Character(at(Area::Hidden, Row::Front, 0)));
    let cloak = b.in_hand(0, "x-ce");
    let vest = b.in_hand(0, "trn-132");
    let blade = b.in_hand(0, "trn-131");
    let legal = b.g.legal();
    let eq = |card, host| Action::Equip { card, host };
    assert!(legal.contains(&eq(cloak, hidden)));
    assert!(!legal.contains(&eq(cloak, seen)));
    assert!(legal.contains(&eq(vest, hidden)));
    assert!(legal.contains(&eq(vest, seen)));
    assert!(legal.contains(&eq(blade, seen)));
    assert!(!legal.contains(&eq(blade, hidden)));
    b.act(eq(cloak, hidden));
    b.resolve_all();
    assert_eq!(b.g.card(cloak).zone, Zone::Equipped(hidden));
}

/// 702.3: triggered effects that trigger together go on the chain the primary player's
/// first (at the bottom), then the next player's clockwise, on top.
#[test]
fn r702_3_simultaneous_triggers_go_on_primary_player_first() {
    let mut b = Bench::new(
        "(card x-c \"Morning Drill\" \"\" (location (threshold 0)) (trigger (on (start-of combat-phase)) (gain-endurance you 1)))",
    );
    for p in [0, 1] {
        let l = b.resource(p, "x-c");
        b.g.card_mut(l).face_up = true;
    }
    b.g.initiative = 1;
    b.g.part = Part::Phase(Phase::Combat);
    b.g.fire_phase(Phase::Combat);
    b.g.give_priority(1);
    let chain: Vec<Option<PlayerId>> = b.g.chain().iter().map(|e| e.controller).collect();
    assert_eq!(chain, vec![Some(1), Some(0)]);
}

/// 704.3: attaching a unique equipment sends the other one of that name its player
/// controls to its owner's KO'd pile.
#[test]
fn r704_3_a_second_unique_equipment_sends_the_first_away() {
    let mut b = Bench::new("(card x-ue \"Lucky Charm\" \"Unique\" (equipment (cost 1)))");
    b.g.player_mut(0).rp = 2;
    let h1 = b.in_play(0, "trn-007", Row::Front, 0);
    let h2 = b.in_play(0, "trn-001", Row::Front, 1);
    let e1 = b.in_hand(0, "x-ue");
    let e2 = b.in_hand(0, "x-ue");
    b.act(Action::Equip { card: e1, host: h1 });
    b.resolve_all();
    assert_eq!(b.g.card(e1).zone, Zone::Equipped(h1));
    b.act(Action::Equip { card: e2, host: h2 });
    b.resolve_all();
    assert_eq!(b.g.card(e2).zone, Zone::Equipped(h2));
    assert_eq!(b.g.card(e1).zone, Zone::KoPile);
}

/// 705.1: a character goes in any empty position of its rows, not next to the others
/// necessarily, never onto another character.
#[test]
fn r705_1_positions_are_any_empty_column() {
    let mut b = Bench::new("");
    b.g.player_mut(0).rp = 1;
    let there = b.in_play(0, "trn-007", Row::Front, 0);
    let c = b.in_hand(0, "trn-001");
    recruit(&mut b, c, false);
    let opts = place_options(&b);
    let taken = b.g.position(there).expect("in play");
    assert!(!opts.contains(&taken));
    let far = at(Area::Visible, Row::Front, 2);
    assert!(opts.contains(&far), "a gap column may be left");
    let refused = Action::Place(taken);
    assert_eq!(b.g.explain_illegal(&refused).rule, "214.3a");
    b.act(Action::Place(far));
    assert_eq!(b.g.position(c), Some(far));
    assert!(!b.g.adjacent(c, there));
}

/// 705.3a: the resource row has no hidden part: a concealed character card built as a
/// resource is a resource, in no area.
#[test]
fn r705_3a_resources_are_never_hidden() {
    let mut b = Bench::new("");
    b.g.part = Part::Step(StepKind::Resource, 0);
    b.g.pending = Pending::Build(0);
    let c = b.in_hand(0, "trn-023"); // concealed
    b.act(Action::Build(c));
    assert_eq!(b.g.card(c).zone, Zone::Resource);
    assert_eq!(b.g.position(c), None);
    assert!(!b.g.is_visible(c) || b.g.position(c).is_none());
}

/// 705.5: a resource is never adjacent to a character.
#[test]
fn r705_5_a_resource_is_never_adjacent_to_a_character() {
    let mut b = Bench::new("");
    let c = b.in_play(0, "trn-007", Row::Front, 0);
    let n = b.in_play(0, "trn-001", Row::Front, 1);
    let r = b.resource(0, "trn-004");
    assert!(b.g.adjacent(c, n));
    assert!(!b.g.adjacent(c, r) && !b.g.adjacent(r, c));
}

/// 706.2: boost is an extra cost a player may pay to recruit the card.
#[test]
fn r706_2_boost_is_paid_on_top_of_the_cost() {
    let mut b = Bench::new(
        "(card x-b \"Booster\" \"\" (character (cost 1) (atk 1) (def 1)) (keywords (boost 2)))",
    );
    b.g.player_mut(0).rp = 2;
    let c = b.in_hand(0, "x-b");
    let boosted = Action::Recruit {
        card: c,
        boost: true,
    };
    assert!(!b.g.legal().contains(&boosted), "1 + 2 > 2");
    b.g.player_mut(0).rp = 3;
    assert!(b.g.legal().contains(&boosted));
    b.act(boosted);
    assert_eq!(b.g.player(0).rp, 0);
}

/// 706.3c: cards "with loyalty" are those with loyalty, loyalty—reveal or dual loyalty.
#[test]
fn r706_3c_with_loyalty_means_any_loyalty() {
    let mut b = Bench::new(
        r#"(card x-cap "Banner" "" (character (cost 2) (atk 1) (def 1)) (continuous (stats (each yours (keyword loyalty)) 1 0)))
(card x-l "Loyal" "" (character (cost 1) (atk 1) (def 1) (affiliation "Red")) (keywords loyalty))
(card x-v "Revealer" "" (character (cost 1) (atk 1) (def 1) (affiliation "Red")) (keywords loyalty-reveal))
(card x-d "Two Flags" "" (character (cost 1) (atk 1) (def 1) (affiliation "Red" "Blue")) (keywords dual-loyalty))"#,
    );
    b.in_play(0, "x-cap", Row::Front, 0);
    let l = b.in_play(0, "x-l", Row::Front, 1);
    let v = b.in_play(0, "x-v", Row::Front, 2);
    let d = b.in_play(0, "x-d", Row::Front, 3);
    let plain = b.in_play(0, "trn-001", Row::Front, 4);
    assert_eq!(
        (b.g.atk(l), b.g.atk(v), b.g.atk(d), b.g.atk(plain)),
        (2, 2, 2, 2)
    );
}

/// 706.8c: cards "with cosmic" are those with cosmic or cosmic—surge.
#[test]
fn r706_8c_with_cosmic_means_cosmic_or_cosmic_surge() {
    let mut b = Bench::new(
        r#"(card x-cap "Star Chart" "" (character (cost 2) (atk 1) (def 1)) (continuous (stats (each yours (keyword cosmic)) 1 0)))
(card x-c "Comet" "" (character (cost 1) (atk 1) (def 1)) (keywords cosmic))
(card x-s "Surger" "" (character (cost 1) (atk 1) (def 1)) (keywords cosmic-surge))"#,
    );
    b.in_play(0, "x-cap", Row::Front, 0);
    let c = b.in_play(0, "x-c", Row::Front, 1);
    let s = b.in_play(0, "x-s", Row::Front, 2);
    let plain = b.in_play(0, "trn-001", Row::Front, 3);
    assert_eq!((b.g.atk(c), b.g.atk(s), b.g.atk(plain)), (2, 2, 2));
}

/// 706.6: a character with invulnerability (printed or given) causes no stun endurance
/// loss as it is stunned.
#[test]
fn r706_6_invulnerability_means_no_stun_loss() {
    let mut b = Bench::new("");
    let given = b.in_play(0, "trn-007", Row::Front, 0); // cost 4
    let plain = b.in_play(0, "trn-009", Row::Front, 1); // cost 5
    b.g.add_modifier(
        given,
        0,
        0,
        Some(Grant::Invulnerability),
        Duration::ThisTurn,
    );
    b.g.stun(given);
    assert!(b.g.card(given).stunned);
    assert_eq!(b.g.endurance(0), 50);
    b.g.stun(plain);
    assert_eq!(b.g.endurance(0), 45);
}

/// 706.6a: a character losing invulnerability as it becomes stunned (a stunned
/// character has no keywords, 701.12f) still causes no stun endurance loss.
#[test]
fn r706_6a_losing_invulnerability_by_the_stun_still_means_no_loss() {
    let mut b = Bench::new("");
    let c = b.in_play(0, "trn-010", Row::Front, 0); // cost 6, invulnerability
    b.g.stun(c);
    assert!(!b.g.has_invulnerability(c));
    assert_eq!(b.g.endurance(0), 50);
}

/// 706.11c: a reservist recruited from the resource row follows the steps of playing an
/// effect: its cost is paid and its recruit effect waits on the chain for the players.
#[test]
fn r706_11c_a_reservist_is_recruited_like_any_effect() {
    let mut b = Bench::new(
        "(card x-res \"Moonlighter\" \"\" (character (cost 2) (atk 2) (def 2)) (keywords reservist))",
    );
    let r = b.resource(0, "x-res");
    b.g.player_mut(0).rp = 3;
    b.act(Action::Reveal(r));
    b.act(Action::Recruit {
        card: r,
        boost: false,
    });
    if matches!(b.g.pending(), Pending::Refill(..)) {
        b.act(Action::Refill(None));
    }
    assert_eq!(b.g.player(0).rp, 1);
    assert_eq!(b.g.chain().len(), 1);
    assert_eq!(b.g.card(r).zone, Zone::Chain);
    assert_eq!(b.g.pending(), Pending::Priority(0));
    b.act(Action::Pass);
    assert_eq!(b.g.pending(), Pending::Priority(1), "p1 may respond");
    b.act(Action::Pass);
    b.act(Action::Place(at(Area::Visible, Row::Front, 0)));
    assert!(b.g.is_character(r));
}

/// 701.22c: a card "with concealed" is one with concealed or concealed—optional: a
/// discard cost asking for one takes either, not a plain character card.
#[test]
fn r701_22c_with_concealed_takes_in_concealed_optional() {
    let (mut b, pt) = Bench::with_effect(
        "(to-play (discard 1 character-card concealed)) (draw you 1)",
        "",
    );
    let optional = b.in_hand(0, "trn-005");
    let concealed = b.in_hand(0, "trn-023");
    let plain = b.in_hand(0, "trn-007");
    b.act(Action::PlayPlotTwist(pt));
    let picks: Vec<CardId> =
        b.g.legal()
            .into_iter()
            .filter_map(|a| match a {
                Action::Pick(c) => Some(c),
                _ => None,
            })
            .collect();
    assert!(picks.contains(&optional) && picks.contains(&concealed));
    assert!(!picks.contains(&plain));
    b.act(Action::Pick(optional));
    assert_eq!(b.g.card(optional).zone, Zone::KoPile);
}

/// 706.7a: cosmic text is inactive while the character has no cosmic counter, and a card
/// in the hand has none: a cosmic payment power used by discarding the card from the hand
/// is not offered, though the same power without the gate is.
#[test]
fn r706_7a_a_cosmic_power_used_from_the_hand_is_inactive_there() {
    let mut b = Bench::new(
        r#"(card x-ch "Star Courier" "" (character (cost 2) (atk 2) (def 2)) (keywords cosmic) (cosmic (payment (cost discard-this) (draw you 1))))
(card x-ph "Road Courier" "" (character (cost 2) (atk 2) (def 2)) (payment (cost discard-this) (draw you 1)))"#,
    );
    let gated = b.in_hand(0, "x-ch");
    let plain = b.in_hand(0, "x-ph");
    assert!(!b.g.can_use_power(0, gated, 0));
    assert!(b.g.can_use_power(0, plain, 0));
}
