//! Tests of the rules on powers and triggered effects taken up in session 26: trigger
//! conditions (502.1a–c), once-per-turn triggers (502.2a), "a character you control
//! becomes powered-up" (502.6b, 707.2).

use crate::action::Action;
use crate::ids::*;
use crate::state::*;
use crate::testkit::Bench;

/// Answers what the game asks until the chain is empty and a player has priority.
fn settle(b: &mut Bench) {
    for _ in 0..100 {
        match b.g.pending() {
            Pending::Priority(_) if b.g.chain().is_empty() && b.g.waiting.is_empty() => return,
            Pending::Priority(_) => b.act(Action::Pass),
            Pending::OrderTriggers(_) | Pending::HitAttacker(_) => {
                let a = b.g.legal()[0];
                b.act(a);
            }
            p => panic!("settle: the game asks {p:?}"),
        }
    }
    panic!("settle: the chain does not resolve");
}

/// The generated text of a card (a copy put into player 1's hand).
fn line(b: &mut Bench, id: &str) -> String {
    let c = b.in_hand(1, id);
    crate::text::card_line(b.g.pool(), b.g.def(c))
}

const CARDS: &str = r#"
(card x-wf "Low Ebb Striker" "" (character (cost 5) (atk 9) (def 9) (affiliation "Training Squad"))
  (payment (cost activate) (stun (each opposing)))
  (trigger (on stuns-a-character) (when (endurance<= 25)) (gain-endurance you 3)))
(card x-once "Once Striker" "" (character (cost 5) (atk 9) (def 9) (affiliation "Training Squad"))
  (payment (cost activate) (stun (each opposing)))
  (trigger (on stuns-a-character) once-per-turn (gain-endurance you 3)))
(card x-lg "Lonely One" "" (character (cost 3) (atk 3) (def 3) (affiliation "Lone Guard"))
  (trigger (on becomes-stunned) (if (not (control other (affiliation "Lone Guard"))) (then (ko this)))))
(card x-lg2 "Lone Partner" "" (character (cost 2) (atk 2) (def 2) (affiliation "Lone Guard")))
(card x-dc "Quiet Night" "" (plot-twist (threshold 0) ongoing)
  (effect)
  (trigger (on (start-of combat-phase)) (double-check (not (in-play stunned))) (draw you 1)))
(card x-sw "Swat" "" (plot-twist (threshold 0))
  (effect (target 0 character) (stun (target 0))))
(card x-gain "Deep Breath" "" (plot-twist (threshold 0))
  (effect (gain-endurance you 5)))
(card x-ally "Pack Leader" "" (character (cost 3) (atk 3) (def 3) (affiliation "Training Squad"))
  (keywords ally)
  (trigger (on yours-becomes-powered-up) (gain-endurance you 1)))
"#;

/// 502.1a: an additional trigger condition is looked at only as the power triggers:
/// above 25 endurance the power doesn't trigger; at 25 it does, and it resolves though
/// its controller has gained endurance meanwhile.
#[test]
fn r502_1a_an_additional_condition_is_checked_only_as_it_triggers() {
    let mut b = Bench::new(CARDS);
    let text = line(&mut b, "x-wf");
    assert!(
        text.contains("Whenever this character stuns a character and you have 25 or less endurance, you gain 3 endurance."),
        "{text}"
    );
    let w = b.in_play(0, "x-wf", Row::Front, 0);
    b.in_play(1, "trn-001", Row::Front, 0);
    b.g.player_mut(0).endurance = 26;
    b.act(Action::UsePower { card: w, power: 0 });
    settle(&mut b);
    assert_eq!(b.g.endurance(0), 26, "26 endurance: it doesn't trigger");

    let mut b = Bench::new(CARDS);
    let w = b.in_play(0, "x-wf", Row::Front, 0);
    b.in_play(1, "trn-001", Row::Front, 0);
    let breath = b.in_hand(0, "x-gain");
    b.g.player_mut(0).endurance = 25;
    b.act(Action::UsePower { card: w, power: 0 });
    b.act(Action::Pass);
    b.act(Action::Pass);
    assert_eq!(b.g.chain().len(), 1, "25 endurance: it triggers");
    b.act(Action::PlayPlotTwist(breath));
    settle(&mut b);
    assert_eq!(
        b.g.endurance(0),
        33,
        "30 endurance as it resolves: still gained"
    );
}

/// 502.1b: a conditional effect is looked at only as it resolves: the power triggers
/// on the stun alone, and KOs its character only if, then, no other character of its
/// affiliation is controlled.
#[test]
fn r502_1b_a_conditional_effect_is_checked_only_on_resolution() {
    for friend in [false, true] {
        let mut b = Bench::new(CARDS);
        let l = b.in_play(1, "x-lg", Row::Front, 0);
        let f = friend.then(|| b.in_play(1, "x-lg2", Row::Front, 1));
        let swat = b.in_hand(0, "x-sw");
        b.act(Action::PlayPlotTwist(swat));
        b.target(l);
        b.act(Action::Pass);
        b.act(Action::Pass);
        assert_eq!(b.g.chain().len(), 1, "it triggers on the stun alone");
        let _ = f;
        settle(&mut b);
        let gone = b.g.card(l).zone == Zone::KoPile;
        assert_eq!(gone, !friend, "friend: {friend}");
    }
}

/// 502.1c: a double-check power doesn't trigger when its condition is false; when it
/// triggers, its effect is negated by the rules if the condition no longer holds.
#[test]
fn r502_1c_a_double_check_power_checks_twice() {
    let mut b = Bench::new(CARDS);
    let text = line(&mut b, "x-dc");
    assert!(
        text.contains("At the start of the combat phase, if no stunned character is in play, you draw 1 card."),
        "{text}"
    );
    let qn = b.resource(0, "x-dc");
    b.g.card_mut(qn).face_up = true;
    let c = b.in_play(1, "trn-001", Row::Front, 0);
    b.g.card_mut(c).stunned = true;
    b.g.card_mut(c).exhausted = true;
    b.g.fire_phase(Phase::Combat);
    assert!(b.g.waiting.is_empty(), "a stunned character: no trigger");

    let mut b = Bench::new(CARDS);
    let qn = b.resource(0, "x-dc");
    b.g.card_mut(qn).face_up = true;
    let c = b.in_play(1, "trn-001", Row::Front, 0);
    let swat = b.in_hand(0, "x-sw");
    b.g.part = Part::Phase(Phase::Combat);
    b.g.fire_phase(Phase::Combat);
    b.g.give_priority(0);
    assert_eq!(b.g.chain().len(), 1, "no stunned character: it triggers");
    let hand = b.g.player(0).hand_len();
    b.act(Action::PlayPlotTwist(swat));
    b.target(c);
    b.act(Action::Pass);
    b.act(Action::Pass);
    assert!(b.g.card(c).stunned);
    assert_eq!(b.g.chain().len(), 1, "the trigger waits");
    settle(&mut b);
    assert_eq!(
        b.g.player(0).hand_len(),
        hand - 1,
        "negated: no card drawn (the swat left the hand)"
    );
}

/// 502.2a: a power that triggers only once per turn triggers off the first event only,
/// even of simultaneous ones; a new turn lets it trigger again.
#[test]
fn r502_2a_a_power_triggers_only_once_per_turn() {
    let mut b = Bench::new(CARDS);
    let text = line(&mut b, "x-once");
    assert!(
        text.contains("you gain 3 endurance. This power triggers only once per turn."),
        "{text}"
    );
    let s = b.in_play(0, "x-once", Row::Front, 0);
    b.in_play(1, "trn-001", Row::Front, 0);
    b.in_play(1, "trn-004", Row::Front, 1);
    b.act(Action::UsePower { card: s, power: 0 });
    b.act(Action::Pass);
    b.act(Action::Pass);
    assert_eq!(b.g.chain().len(), 1, "two stuns at once, one trigger");
    settle(&mut b);
    assert_eq!(b.g.endurance(0), 53);
    // Later that turn: readied, it stuns again, and it doesn't trigger.
    b.g.card_mut(s).exhausted = false;
    b.in_play(1, "trn-005", Row::Front, 2);
    b.act(Action::UsePower { card: s, power: 0 });
    settle(&mut b);
    assert_eq!(b.g.endurance(0), 53, "not again this turn");
}

/// 502.6b, 707.2: an ally power ("whenever a character you control becomes
/// powered-up") triggers each time the modifier is applied, and only inside an attack,
/// where power-ups are played.
#[test]
fn r502_6b_r707_2_an_ally_power_triggers_on_each_power_up() {
    let mut b = Bench::new(CARDS);
    let text = line(&mut b, "x-ally");
    assert!(
        text.contains("Whenever a character you control becomes powered-up, you gain 1 endurance."),
        "{text}"
    );
    b.in_play(0, "x-ally", Row::Support, 0);
    let a = b.in_play(0, "trn-007", Row::Front, 0);
    let d = b.in_play(1, "trn-027", Row::Front, 0);
    let first = b.in_hand(0, "trn-007");
    let second = b.in_hand(0, "trn-007");
    assert!(
        !b.g.legal()
            .iter()
            .any(|x| matches!(x, Action::PowerUp { .. })),
        "outside an attack there is no power-up to trigger it"
    );
    b.g.part = Part::Step(StepKind::Attack, 0);
    b.act(Action::Propose {
        attacker: a,
        defender: Defender::Character(d),
    });
    b.act(Action::Pass);
    b.act(Action::Pass);
    for (card, n) in [(first, 1), (second, 2)] {
        b.act(Action::PowerUp {
            target: a,
            discard: card,
        });
        b.act(Action::Pass);
        b.act(Action::Pass);
        settle(&mut b);
        assert_eq!(b.g.endurance(0), 50 + n);
    }
}

const HAND_POWER: &str = r#"
(card x-hq "Jester Girl" "" (character (cost 2) (atk 2) (def 2) (affiliation "Asylum"))
  (payment (cost discard-this) (target 0 character yours (affiliation "Asylum") attacker) (power-up (target 0))))
(card x-in "Inmate Brute" "" (character (cost 4) (atk 6) (def 5) (affiliation "Asylum")))
"#;

/// 500.2a, 501.5, 708.17d: a payment power whose cost discards its own card exists only
/// while the card is in its owner's hand: it is used from there (the card goes to the
/// KO'd pile as the cost is paid), never from play.
#[test]
fn r500_2a_r501_5_r708_17d_a_discard_this_power_is_used_from_the_hand() {
    let mut b = Bench::new(HAND_POWER);
    let text = line(&mut b, "x-hq");
    assert!(
        text.contains(
            "Discard this card >>> Target 0 is a Asylum attacking character you control."
        ),
        "{text}"
    );
    let a = b.in_play(0, "x-in", Row::Front, 0);
    let d = b.in_play(1, "trn-027", Row::Front, 0);
    let in_play = b.in_play(0, "x-hq", Row::Support, 1);
    let h = b.in_hand(0, "x-hq");
    b.g.part = Part::Step(StepKind::Attack, 0);
    b.act(Action::Propose {
        attacker: a,
        defender: Defender::Character(d),
    });
    b.act(Action::Pass);
    b.act(Action::Pass);
    let legal = b.g.legal();
    assert!(legal.contains(&Action::UsePower { card: h, power: 0 }));
    assert!(
        !legal.contains(&Action::UsePower {
            card: in_play,
            power: 0
        }),
        "in play the power doesn't exist"
    );
    b.act(Action::UsePower { card: h, power: 0 });
    b.target(a);
    assert_eq!(b.g.card(h).zone, Zone::KoPile, "discarded to pay");
    assert_eq!(b.g.chain().len(), 1);
    b.act(Action::Pass);
    b.act(Action::Pass);
    assert_eq!(b.g.atk(a), 7, "powered-up");
}

const FLIGHT: &str = r#"
(card x-st "Weather Witch" "" (character (cost 4) (atk 4) (def 4) (affiliation "Training Squad"))
  (payment (cost (pay-endurance 2)) (loses (each opposing) flight this-turn)))
(card x-fk "Leap Kick" "" (plot-twist (threshold 0))
  (effect (target 0 character) (has (target 0) flight this-turn)))
"#;

/// 513.2e: a modifier that removes a characteristic doesn't stop a later one from giving
/// it, nor a later removal from taking it again.
#[test]
fn r513_2e_a_removed_characteristic_can_be_given_again_and_removed_again() {
    let mut b = Bench::new(FLIGHT);
    let w = b.in_play(0, "x-st", Row::Front, 0);
    let c = b.in_play(1, "trn-001", Row::Front, 0);
    let flyer = b.in_play(1, "trn-009", Row::Front, 1);
    let kick = b.in_hand(1, "x-fk");
    b.act(Action::UsePower { card: w, power: 0 });
    settle(&mut b);
    assert!(!b.g.has_flight(flyer), "printed flight is lost");
    b.g.give_priority(1);
    b.act(Action::PlayPlotTwist(kick));
    b.target(c);
    settle(&mut b);
    assert!(b.g.has_flight(c), "the later modifier gives flight");
    b.g.give_priority(0);
    b.act(Action::UsePower { card: w, power: 0 });
    settle(&mut b);
    assert!(!b.g.has_flight(c), "and the still later one removes it");
    assert!(!b.g.has_flight(flyer));
}

/// 212.6: removing or adding a characteristic doesn't remove or add its icon: a printed
/// flier that lost flight still prints the icon, and a character given flight prints none.
#[test]
fn r212_6_icons_stay_as_characteristics_change() {
    let mut b = Bench::new(FLIGHT);
    let w = b.in_play(0, "x-st", Row::Front, 0);
    let flyer = b.in_play(1, "trn-009", Row::Front, 1);
    b.act(Action::UsePower { card: w, power: 0 });
    settle(&mut b);
    assert!(!b.g.has_flight(flyer));
    let icon = |b: &Bench, c| {
        matches!(
            b.g.def(c).ty,
            crate::model::CardType::Character { flight: true, .. }
        )
    };
    assert!(icon(&b, flyer), "the icon is still printed");
    let (mut b, pt) =
        Bench::with_effect("(target 0 character) (has (target 0) flight this-turn)", "");
    let c = b.in_play(0, "trn-001", Row::Front, 0);
    b.play(pt, &[c]);
    assert!(b.g.has_flight(c) && !icon(&b, c), "flight given, no icon");
}

const DAMPENERS: &str = r#"
(card x-go "Stone Warden" "" (character (cost 4) (atk 5) (def 5) (affiliation "Inhumans"))
  (keywords cosmic)
  (cosmic (continuous (cant (each) ready)))
  (trigger (on attacks) (gain-endurance you 1))
  (payment (cost activate) (gain-endurance you 2)))
(card x-pd "Dampening Cuffs" "" (equipment (cost 1))
  (continuous (cant host have-non-activated-powers)))
(card x-wu "Wake Up" "" (plot-twist (threshold 0))
  (effect (target 0 character) (ready (target 0))))
"#;

/// 500.5: a modifier that removes powers: the cosmic "can't ready" power and the
/// triggered power are removed, the activated power and the cosmic keyword stay.
#[test]
fn r500_5_removed_powers_are_inactive_but_keywords_and_activated_powers_stay() {
    for cuffed in [false, true] {
        let mut b = Bench::new(DAMPENERS);
        let text = line(&mut b, "x-pd");
        assert!(
            text.contains("The equipped character loses and can't have non-activated powers."),
            "{text}"
        );
        let g = b.in_play(0, "x-go", Row::Front, 0);
        b.g.card_mut(g).cosmic = true;
        if cuffed {
            let e = b.in_hand(0, "x-pd");
            b.g.move_card(e, Zone::Equipped(g));
        }
        let k = b.in_play(1, "trn-021", Row::Front, 0);
        b.g.card_mut(k).exhausted = true;
        let wake = b.in_hand(0, "x-wu");
        b.play(wake, &[k]);
        assert_eq!(!b.g.card(k).exhausted, cuffed, "cuffed: {cuffed}");
        assert!(b.g.has_keyword(g, crate::model::Keyword::Cosmic));
        assert!(b.g.power_active(g, 1) != cuffed, "the trigger");
        assert!(b.g.power_active(g, 2), "the activated power stays");
        assert!(
            b.g.legal()
                .contains(&Action::UsePower { card: g, power: 2 }),
            "cuffed: {cuffed}"
        );
    }
}

const VALENTINA: &str = r#"
(card x-vv "Quiet Handler" "" (character (cost 3) (atk 3) (def 3) (affiliation "Training Squad"))
  (payment (cost activate) (gets (each opposing) 0 -3 while-this-exhausted)))
(card x-wu "Wake Up" "" (plot-twist (threshold 0))
  (effect (target 0 character) (ready (target 0))))
"#;

/// 513.1b: "while <card> remains exhausted": not made if the card readied after the
/// effect was played; made otherwise, and ended when the card readies.
#[test]
fn r513_1b_while_this_remains_exhausted() {
    let mut b = Bench::new(VALENTINA);
    let text = line(&mut b, "x-vv");
    assert!(
        text.contains("Activate >>> Each character an opponent controls gets -3 DEF while this card remains exhausted this turn."),
        "{text}"
    );
    let v = b.in_play(0, "x-vv", Row::Front, 0);
    let h = b.in_play(1, "trn-027", Row::Front, 0);
    let wake = b.in_hand(0, "x-wu");
    let wake2 = b.in_hand(0, "x-wu");
    b.act(Action::UsePower { card: v, power: 0 });
    b.act(Action::PlayPlotTwist(wake));
    b.target(v);
    b.act(Action::Pass);
    b.act(Action::Pass);
    assert!(
        !b.g.card(v).exhausted,
        "readied before activation 1 resolves"
    );
    b.act(Action::UsePower { card: v, power: 0 });
    settle(&mut b);
    assert_eq!(b.g.def_value(h), 4, "only activation 2 made its modifier");
    b.play(wake2, &[v]);
    assert_eq!(b.g.def_value(h), 7, "she readied: it ends");
}

/// 508.2e: `(paid N TEST...)` reads the card an additional cost was paid with: the
/// X-Men card gives the "then" clause, another card the "otherwise" clause.
#[test]
fn r508_2e_an_if_clause_reads_the_discarded_card() {
    let extra =
        r#"(card x-cy "Cyclops" "" (character (cost 4) (atk 6) (def 5) (affiliation "X-Men")))"#;
    let effect = r#"(to-play (discard 1)) (if (paid 0 character-card (affiliation "X-Men")) (then (gain-endurance you 4)) (otherwise (gain-endurance you 2)))"#;
    for (id, gained) in [("x-cy", 54), ("trn-007", 52)] {
        let (mut b, pt) = Bench::with_effect(effect, extra);
        assert!(
            b.effect_text(pt)
                .contains("If paid card 0 was a X-Men character card: You gain 4 endurance."),
            "{}",
            b.effect_text(pt)
        );
        let c = b.in_hand(0, id);
        b.act(Action::PlayPlotTwist(pt));
        b.act(Action::Pick(c));
        b.resolve_all();
        assert_eq!(b.g.endurance(0), gained, "{id}");
    }
}

/// 513.4a: a delayed modifier on its target's event: with `whenever` it triggers each
/// time this turn; without, only the next time.
#[test]
fn r513_4a_a_delayed_whenever_triggers_each_time_and_a_next_once() {
    let extra = r#"(card x-sw "Swat" "" (plot-twist (threshold 0)) (effect (target 0 character) (stun (target 0))))
(card x-up "Get Up" "" (plot-twist (threshold 0)) (effect (target 0 character) (recover (target 0))))"#;
    for (whenever, lost) in [(true, 8), (false, 4)] {
        let w = if whenever { " whenever" } else { "" };
        let effect = format!(
            "(target 0 character) (delayed (becomes-stunned (target 0)) this-turn{w} (lose-endurance (controller-of 0) 4))"
        );
        let (mut b, pt) = Bench::with_effect(&effect, extra);
        let text = b.effect_text(pt);
        let lead = if whenever {
            "Whenever target 0 becomes stunned this turn,"
        } else {
            "When target 0 becomes stunned next this turn,"
        };
        assert!(text.contains(lead), "{text}");
        let k = b.in_play(1, "trn-021", Row::Front, 0);
        b.play(pt, &[k]);
        for _ in 0..2 {
            let swat = b.in_hand(0, "x-sw");
            b.play(swat, &[k]);
            settle(&mut b);
            let up = b.in_hand(0, "x-up");
            b.play(up, &[k]);
            settle(&mut b);
        }
        assert_eq!(b.g.endurance(1), 50 - 2 - lost, "whenever: {whenever}");
    }
}

/// 502.4: "whenever a character leaves play": an object in play triggers for another
/// character leaving; the leaving character triggers for itself, looking back even from
/// a stunned (inactive) state; a character already gone doesn't trigger.
#[test]
fn r502_4_a_character_leaves_play_looks_back_for_itself() {
    let cards = r#"(card x-zw "Hive Watcher" "" (character (cost 3) (atk 3) (def 3))
  (trigger (on a-character-leaves-play) (gain-endurance you 1)))
(card x-ko "Cull" "" (plot-twist (threshold 0)) (effect (target 0 character) (ko (target 0))))"#;
    let mut b = Bench::new(cards);
    let w = b.in_play(0, "x-zw", Row::Front, 0);
    let k = b.in_play(1, "trn-021", Row::Front, 0);
    let cull = b.in_hand(0, "x-ko");
    b.play(cull, &[k]);
    settle(&mut b);
    assert_eq!(b.g.endurance(0), 51, "another character left play");
    b.g.card_mut(w).stunned = true;
    b.g.card_mut(w).exhausted = true;
    let cull = b.in_hand(0, "x-ko");
    b.play(cull, &[w]);
    settle(&mut b);
    assert_eq!(b.g.endurance(0), 52, "itself, stunned: it looks back");
    let k2 = b.in_play(1, "trn-021", Row::Front, 0);
    let cull = b.in_hand(0, "x-ko");
    b.play(cull, &[k2]);
    settle(&mut b);
    assert_eq!(b.g.endurance(0), 52, "gone: no trigger");
}
