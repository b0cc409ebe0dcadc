//! Session 27 (helper d): entering play stunned, paying ATK/DEF and resolving costs,
//! values that "become" a number or gain printed values, "can't target", players who
//! can't be attacked, attack history and first attacks, becoming an attacker or a
//! defender, "must attack <a character>", and what has reinforced.

use crate::action::Action;
use crate::ids::*;
use crate::state::*;
use crate::testkit::Bench;

const VISIBLE_FRONT_0: Position = Position {
    area: Area::Visible,
    row: Row::Front,
    col: 0,
};

/// Proposes an attack by `a` alone (no team-up).
fn propose_alone(b: &mut Bench, a: CardId, d: Defender) {
    b.act(Action::Propose {
        attacker: a,
        defender: d,
    });
    if matches!(b.g.pending(), Pending::TeamUp(_)) {
        b.act(Action::ProposeNow);
    }
}

/// Player 0 recruits `c` (paying from a full pool) and places it at `pos`.
fn recruit_and_place(b: &mut Bench, c: CardId, pos: Position) {
    b.g.player_mut(0).rp = 20;
    b.act(Action::Recruit {
        card: c,
        boost: false,
    });
    b.resolve_all();
    assert_eq!(b.g.pending(), Pending::Place(0, c));
    b.act(Action::Place(pos));
}

const STUNNED_ENTRY: &str = r#"
(card x-sl "Sleeper" "Dormant" (character (cost 4) (atk 5) (def 5) (affiliation "Training Squad"))
  (continuous (enters-play-stunned this))
  (trigger (on becomes-stunned) (draw you 1))
  (trigger (on enters-play) (gain-endurance you 5)))
(card x-cz "Cosmic Sleeper" "" (character (cost 3) (atk 3) (def 3) (affiliation "Training Squad"))
  (keywords cosmic)
  (continuous (enters-play-stunned this)))
(card x-hz "Hidden Sleeper" "" (character (cost 2) (atk 3) (def 3) (affiliation "Training Squad") concealed)
  (continuous (enters-play-stunned this)))
(card x-wd "Warden" "Gatekeeper" (character (cost 5) (atk 5) (def 5) (affiliation "Sparring Circle"))
  (continuous (enters-play-stunned (each opposing))))
"#;

/// 214.6: a character whose modifier says it enters play stunned enters face down and
/// exhausted; the card text reads so.
#[test]
fn r214_6_a_character_can_enter_play_stunned() {
    let mut b = Bench::new(STUNNED_ENTRY);
    let c = b.in_hand(0, "x-sl");
    assert_eq!(b.g.power_text(c, 0), "This character enters play stunned.");
    recruit_and_place(&mut b, c, VISIBLE_FRONT_0);
    assert_eq!(b.g.position(c), Some(VISIBLE_FRONT_0));
    assert!(b.g.card(c).stunned && b.g.card(c).exhausted);
    // A plain character enters play ready and face up (214.3).
    let plain = b.in_hand(0, "trn-007");
    recruit_and_place(
        &mut b,
        plain,
        Position {
            col: 1,
            ..VISIBLE_FRONT_0
        },
    );
    assert!(!b.g.card(plain).stunned && !b.g.card(plain).exhausted);
}

/// 214.6a: it was never non-stunned, so nothing triggers off its becoming stunned — not
/// even its own power, which stunning it after it entered would have looked back at
/// (502.4).
#[test]
fn r214_6a_entering_stunned_is_not_becoming_stunned() {
    let mut b = Bench::new(STUNNED_ENTRY);
    let c = b.in_hand(0, "x-sl");
    let hand = b.g.player(0).hand_len();
    recruit_and_place(&mut b, c, VISIBLE_FRONT_0);
    assert!(b.g.waiting.is_empty() && b.g.chain().is_empty());
    assert_eq!(b.g.player(0).hand_len(), hand - 1, "no card drawn");
    // Stunned in play the ordinary way, the same power does trigger.
    let mut b = Bench::new(STUNNED_ENTRY);
    let c = b.in_play(0, "x-sl", Row::Front, 0);
    b.g.stun(c);
    assert_eq!(b.g.waiting.len(), 1);
}

/// 214.6b: its controller takes no stun endurance loss.
#[test]
fn r214_6b_no_stun_endurance_loss_for_entering_stunned() {
    let mut b = Bench::new(STUNNED_ENTRY);
    let c = b.in_hand(0, "x-sl");
    recruit_and_place(&mut b, c, VISIBLE_FRONT_0);
    assert!(b.g.card(c).stunned);
    assert_eq!(b.g.endurance(0), 50, "not the 4 a stun would cost");
}

/// 214.6c: a cosmic character that enters play stunned has no cosmic counter (one
/// entering the ordinary way has, 706.7b).
#[test]
fn r214_6c_no_cosmic_counter_when_entering_stunned() {
    let mut b = Bench::new(STUNNED_ENTRY);
    let c = b.in_hand(0, "x-cz");
    recruit_and_place(&mut b, c, VISIBLE_FRONT_0);
    assert!(b.g.card(c).stunned);
    assert!(!b.g.card(c).cosmic);
}

/// 214.6d: its text box is inactive, so its "when this card enters play" power doesn't
/// trigger.
#[test]
fn r214_6d_its_enters_play_power_does_not_trigger() {
    let mut b = Bench::new(STUNNED_ENTRY);
    let c = b.in_hand(0, "x-sl");
    recruit_and_place(&mut b, c, VISIBLE_FRONT_0);
    b.resolve_all();
    assert_eq!(b.g.endurance(0), 50, "no 5 endurance gained");
    assert!(b.g.waiting.is_empty() && b.g.chain().is_empty());
}

/// 214.6e: a concealed character that enters play stunned still enters a hidden area:
/// its player is offered only hidden positions.
#[test]
fn r214_6e_concealed_still_applies_to_a_character_entering_stunned() {
    let mut b = Bench::new(STUNNED_ENTRY);
    let c = b.in_hand(0, "x-hz");
    b.g.player_mut(0).rp = 20;
    b.act(Action::Recruit {
        card: c,
        boost: false,
    });
    b.resolve_all();
    let places: Vec<Position> =
        b.g.legal()
            .into_iter()
            .filter_map(|a| match a {
                Action::Place(p) => Some(p),
                _ => None,
            })
            .collect();
    assert!(!places.is_empty() && places.iter().all(|p| p.area == Area::Hidden));
    b.act(Action::Place(places[0]));
    assert!(b.g.card(c).stunned);
    assert_eq!(b.g.position(c).map(|p| p.area), Some(Area::Hidden));
}

/// 701.12g: a character another card makes enter play stunned follows 214.6: stunned
/// with no endurance loss and no enters-play trigger, and as a stunned character it
/// can't be proposed as an attacker (701.12h).
#[test]
fn r701_12g_a_character_made_to_enter_play_stunned_follows_214_6() {
    let mut b = Bench::new(STUNNED_ENTRY);
    b.in_play(1, "x-wd", Row::Front, 0);
    let c = b.in_hand(0, "trn-012"); // Quartermaster Bell: draws as it enters play
    let hand = b.g.player(0).hand_len();
    recruit_and_place(&mut b, c, VISIBLE_FRONT_0);
    assert!(b.g.card(c).stunned && b.g.card(c).exhausted);
    assert_eq!(b.g.endurance(0), 50);
    assert!(b.g.waiting.is_empty() && b.g.chain().is_empty());
    assert_eq!(b.g.player(0).hand_len(), hand - 1);
    // The Warden's own controller's characters enter the ordinary way.
    let mut b2 = Bench::new(STUNNED_ENTRY);
    b2.in_play(0, "x-wd", Row::Front, 1);
    let mine = b2.in_hand(0, "trn-007");
    recruit_and_place(&mut b2, mine, VISIBLE_FRONT_0);
    assert!(!b2.g.card(mine).stunned);
    b.g.part = Part::Step(StepKind::Attack, 0);
    assert!(!b.g.can_attack(0, c));
}

const PAYERS: &str = r#"
(card x-pa "Heavy Hitter" "" (character (cost 3) (atk 4) (def 4) (affiliation "Training Squad"))
  (payment (cost (pay-atk 3)) (draw you 1)))
(card x-pd "Shield Bearer" "" (character (cost 3) (atk 2) (def 2) (affiliation "Training Squad"))
  (payment (cost (pay-def 3)) (draw you 1)))
"#;

/// 203.6d: "pay X ATK this turn" can be paid only with at least X ATK (203.3, refused
/// naming it); paid, the character has -X ATK this turn, and the modifier is timestamped
/// as it is paid: a later "becomes" overwrites it (513.1f), and it changes an earlier
/// one.
#[test]
fn r203_6d_paying_atk_or_def_as_a_cost() {
    let mut b = Bench::new(PAYERS);
    let h = b.in_play(0, "x-pa", Row::Front, 0);
    let s = b.in_play(0, "x-pd", Row::Front, 1);
    assert_eq!(
        b.g.power_text(h, 0),
        "Pay 3 ATK this turn >>> You draw 1 card."
    );
    let use_d = Action::UsePower { card: s, power: 0 };
    assert!(!b.g.legal().contains(&use_d), "2 DEF can't pay 3");
    assert_eq!(b.g.explain_illegal(&use_d).rule, "203.3");
    let hand = b.g.player(0).hand_len();
    b.act(Action::UsePower { card: h, power: 0 });
    assert_eq!(b.g.atk(h), 1, "-3 ATK this turn, paid at once");
    b.resolve_all();
    assert_eq!(b.g.player(0).hand_len(), hand + 1);
    // 1 ATK left: it can't be paid again.
    assert!(!b
        .g
        .legal()
        .contains(&Action::UsePower { card: h, power: 0 }));
    // A later "ATK becomes 6" overwrites the payment.
    let (mut b2, pt) = Bench::with_effect(
        "(target 0 character yours) (becomes (target 0) atk 6 this-turn)",
        PAYERS,
    );
    let h2 = b2.in_play(0, "x-pa", Row::Front, 0);
    b2.act(Action::UsePower { card: h2, power: 0 });
    b2.resolve_all();
    b2.play(pt, &[h2]);
    assert_eq!(b2.g.atk(h2), 6);
    // Paid after the "becomes", it lowers the new value.
    let (mut b3, pt) = Bench::with_effect(
        "(target 0 character yours) (becomes (target 0) atk 6 this-turn)",
        PAYERS,
    );
    let h3 = b3.in_play(0, "x-pa", Row::Front, 0);
    b3.play(pt, &[h3]);
    b3.act(Action::UsePower { card: h3, power: 0 });
    b3.resolve_all();
    assert_eq!(b3.g.atk(h3), 3);
    // The modifier ends with the turn.
    b3.g.modifiers
        .retain(|m| m.duration != crate::vocab::Duration::ThisTurn);
    assert_eq!(b3.g.atk(h3), 4);
}

/// 513.1f: a value that "becomes" a number overwrites the changes timestamped before it
/// (a +2 modifier, a +1/+1 counter, a continuous power already in play) and is changed by
/// those after it (a later modifier, a later counter, a power entering play later).
#[test]
fn r513_1f_becomes_overwrites_earlier_changes_and_later_ones_change_it() {
    let lord = "(card x-ld \"Drill Sergeant\" \"\" (character (cost 3) (atk 1) (def 1) (affiliation \"Training Squad\")) (continuous (stats (each yours other) 2 0)))";
    let (mut b, pt) = Bench::with_effect(
        "(target 0 character) (becomes (target 0) atk 3 this-turn)",
        lord,
    );
    let c = b.in_play(0, "trn-007", Row::Front, 0); // 6/5
    b.in_play(0, "x-ld", Row::Support, 1);
    b.g.add_modifier(c, 2, 0, None, crate::vocab::Duration::ThisTurn);
    crate::verbs::Host::add_plus_counters(&mut b.g, c, 1);
    assert_eq!(b.g.atk(c), 6 + 2 + 1 + 2);
    b.play(pt, &[c]);
    assert_eq!(b.g.atk(c), 3, "everything before is overwritten");
    assert_eq!(b.g.def_value(c), 6, "DEF untouched (5 + the counter)");
    b.g.add_modifier(c, -1, 0, None, crate::vocab::Duration::ThisTurn);
    assert_eq!(b.g.atk(c), 2);
    crate::verbs::Host::add_plus_counters(&mut b.g, c, 1);
    assert_eq!(b.g.atk(c), 3, "a later counter counts");
    let later = b.in_hand(0, "x-ld");
    let pos = Position {
        area: Area::Visible,
        row: Row::Support,
        col: 2,
    };
    b.g.enter_play(later, 0, pos, false);
    assert_eq!(
        b.g.atk(c),
        5,
        "a power entering play later applies after it"
    );
}

const PRINTED: &str = r#"
(card x-mi "Mimic" "Copycat" (character (cost 2) (atk 2) (def 2) (affiliation "Training Squad")))
"#;

/// 211.2a: a card that gains the printed ATK and DEF of a second card gets +that ATK
/// and DEF — the second card's printed values, not its current ones — and its own
/// printed values don't change.
#[test]
fn r211_2a_gaining_printed_atk_and_def_adds_them() {
    let (mut b, pt) = Bench::with_effect(
        "(target 0 character yours) (target 1 character) (gains-printed (target 0) (target 1) atk-def this-turn)",
        PRINTED,
    );
    assert_eq!(
        b.effect_text(pt),
        "Target 0 is a character you control; target 1 is a character. Target 0 gains the printed ATK and DEF of target 1 this turn."
    );
    let m = b.in_play(0, "x-mi", Row::Front, 0); // 2/2
    let big = b.in_play(1, "trn-007", Row::Front, 0); // 6/5
    b.g.add_modifier(big, 3, 3, None, crate::vocab::Duration::ThisTurn);
    b.play(pt, &[m, big]);
    assert_eq!((b.g.atk(m), b.g.def_value(m)), (8, 7));
    let printed = |b: &Bench, v| b.g.printed_value(m, v);
    assert_eq!(
        (
            printed(&b, crate::vocab::PrintedValue::Atk),
            printed(&b, crate::vocab::PrintedValue::Def)
        ),
        (2, 2)
    );
}

/// 203.2a: a card that gains the printed cost of a second card costs that much more (its
/// stun costs its controller more endurance, a cost test sees it), while its printed cost
/// stays: gaining its printed cost in turn adds only that.
#[test]
fn r203_2a_gaining_a_printed_cost_adds_it() {
    let (mut b, pt) = Bench::with_effect(
        "(target 0 character yours) (target 1 character) (gains-printed (target 0) (target 1) cost)",
        PRINTED,
    );
    let m = b.in_play(0, "x-mi", Row::Front, 0); // cost 2
    let big = b.in_play(1, "trn-007", Row::Front, 0); // cost 4
    b.play(pt, &[m, big]);
    assert_eq!(b.g.cost(m), Some(6));
    let f = crate::vocab::Filter(vec![crate::vocab::Test::CostAtLeast(6)]);
    assert!(b.g.matches(&f, m, 0, m));
    assert_eq!(b.g.printed_value(m, crate::vocab::PrintedValue::Cost), 2);
    // Another gains Mimic's printed cost: 2, not 6.
    let other = b.in_play(0, "trn-001", Row::Front, 1); // cost 1
    let pt2 = b.in_hand(0, "x-pt");
    b.play(pt2, &[other, m]);
    assert_eq!(b.g.cost(other), Some(3));
    b.g.stun(m);
    assert_eq!(b.g.endurance(0), 44, "the stun costs 6");
}

/// Glossary: Printed: `(printed atk WHO)` reads what the card prints, ignoring what it
/// gained; without "printed" the current value would be read.
#[test]
fn g_printed_reads_the_printed_value_not_the_current_one() {
    let (mut b, pt) = Bench::with_effect(
        "(target 0 character yours) (target 1 character) (gets (target 0) (printed atk (target 1)) 0 this-turn)",
        "",
    );
    assert_eq!(
        b.effect_text(pt),
        "Target 0 is a character you control; target 1 is a character. Target 0 gets +X ATK, where X is the printed ATK of target 1 this turn."
    );
    let mine = b.in_play(0, "trn-001", Row::Front, 0); // 2 ATK
    let c = b.in_play(1, "trn-007", Row::Front, 0); // printed 6 ATK
    b.g.add_modifier(c, 4, 0, None, crate::vocab::Duration::ThisTurn);
    assert_eq!(b.g.atk(c), 10);
    b.play(pt, &[mine, c]);
    assert_eq!(b.g.atk(mine), 2 + 6);
}

const UNTARGETABLE: &str = r#"
(card x-ce "Cloak Bearer" "" (character (cost 3) (atk 3) (def 3) (affiliation "Sparring Circle"))
  (continuous (cant-target opponent (each yours))))
"#;

/// 504.3d: "your opponents can't target characters you control": those characters can't
/// be the targets of effects an opponent controls; their own controller's effects may
/// target them.
#[test]
fn r504_3d_a_player_cant_target_a_card() {
    let (mut b, pt) = Bench::with_effect("(target 0 character) (stun (target 0))", UNTARGETABLE);
    let cloak = b.in_play(1, "x-ce", Row::Front, 0);
    assert_eq!(
        b.g.power_text(cloak, 0),
        "Your opponents can't target each character you control."
    );
    let guarded = b.in_play(1, "trn-021", Row::Front, 1);
    let open = b.in_play(0, "trn-001", Row::Front, 0);
    let t = |c: CardId, b: &Bench| TargetRef::Card(c, b.g.card(c).object);
    b.act(Action::PlayPlotTwist(pt));
    let options: Vec<Action> = b.g.legal();
    assert!(!options.contains(&Action::ChooseTarget(t(guarded, &b))));
    assert!(!options.contains(&Action::ChooseTarget(t(cloak, &b))));
    assert!(options.contains(&Action::ChooseTarget(t(open, &b))));
    // Player 1's own effects may target them.
    let kind = crate::words::TargetKind::Character(crate::vocab::Filter::default());
    assert!(b.g.target_ok(&kind, t(guarded, &b), 1, guarded));
    assert!(!b.g.target_ok(&kind, t(guarded, &b), 0, pt));
}

/// 601.4b: a player under a modifier saying they can't be attacked can't be the proposed
/// direct defender, even with no non-stunned visible character (601.4a); the refusal names
/// 601.4b.
#[test]
fn r601_4b_a_player_who_cant_be_attacked() {
    let card = "(card x-sa \"Sanctuary Keeper\" \"\" (character (cost 2) (atk 1) (def 1) (affiliation \"Sparring Circle\")) (continuous (cant-be-attacked you)))";
    let mut b = Bench::new(card);
    let a = b.in_play(0, "trn-007", Row::Front, 0);
    let keeper = b.in_play(1, "x-sa", Row::Front, 0);
    assert_eq!(b.g.power_text(keeper, 0), "You can't be attacked.");
    b.g.part = Part::Step(StepKind::Attack, 0);
    // With the keeper hidden, player 1 has no non-stunned visible character: 601.4a
    // alone would allow a direct attack.
    let hide = Position {
        area: Area::Hidden,
        row: Row::Front,
        col: 0,
    };
    b.g.move_card(keeper, Zone::Character(hide));
    let direct = Action::Propose {
        attacker: a,
        defender: Defender::Player(1),
    };
    assert!(!b.g.can_be_attacked_directly(1, 0));
    assert!(!b.g.legal().contains(&direct));
    assert_eq!(b.g.explain_illegal(&direct).rule, "601.4b");
    // Without the keeper's power, the direct attack is legal.
    b.g.move_card(keeper, Zone::KoPile);
    assert!(b.g.legal().contains(&direct));
}

/// Glossary: All Characters: a condition on "all characters you control" is false with
/// none, true when every one passes, false when one doesn't.
#[test]
fn g_all_characters_a_condition_on_all_characters_you_control() {
    let effect = "(if (all-yours front-row) (then (gain-endurance you 5)))";
    let text = "If all characters you control are front row characters: You gain 5 endurance.";
    let run = |setup: &dyn Fn(&mut Bench)| {
        let (mut b, pt) = Bench::with_effect(effect, "");
        assert_eq!(b.effect_text(pt), text);
        setup(&mut b);
        b.play(pt, &[]);
        b.g.endurance(0)
    };
    assert_eq!(run(&|_| {}), 50, "no characters: false");
    assert_eq!(
        run(&|b| {
            b.in_play(0, "trn-001", Row::Front, 0);
            b.in_play(0, "trn-002", Row::Front, 1);
            b.in_play(1, "trn-021", Row::Support, 0);
        }),
        55,
        "all in the front row (an opponent's don't count)"
    );
    assert_eq!(
        run(&|b| {
            b.in_play(0, "trn-001", Row::Front, 0);
            b.in_play(0, "trn-002", Row::Support, 1);
        }),
        50
    );
}

/// Glossary: Exactly One: "exactly one" is one and only one: not none, not two.
#[test]
fn g_exactly_one_means_one_and_only_one() {
    let effect = "(if (exactly (count yours range) 1) (then (gain-endurance you 5)))";
    for (n, want) in [(0, 50), (1, 55), (2, 50)] {
        let (mut b, pt) = Bench::with_effect(effect, "");
        assert_eq!(
            b.effect_text(pt),
            "If the number of characters you control with range is exactly 1: You gain 5 endurance."
        );
        for col in 0..n {
            b.in_play(0, "trn-002", Row::Front, col);
        }
        b.in_play(0, "trn-001", Row::Front, 5);
        b.play(pt, &[]);
        assert_eq!(b.g.endurance(0), want, "{n} with range");
    }
}

/// 203.8a: an effect that says to "pay" endurance as it resolves pays a cost: it can't
/// be replaced (203.10), it is paid only with the means (203.3) and then "if you do"
/// holds; resource points are paid from the pool the same way.
#[test]
fn r203_8a_paying_as_the_effect_resolves_is_a_cost() {
    let shield = "(card x-js \"Endurance Shield\" \"\" (character (cost 3) (atk 3) (def 3) (affiliation \"Training Squad\")) (continuous (replace lose-endurance you (draw you 1))))";
    let effect = "(pay 3 endurance) (if you-did (then (draw you 2)))";
    let (mut b, pt) = Bench::with_effect(effect, shield);
    assert_eq!(
        b.effect_text(pt),
        "You pay 3 endurance. If you do: You draw 2 cards."
    );
    b.in_play(0, "x-js", Row::Front, 0);
    let hand = b.g.player(0).hand_len();
    b.play(pt, &[]);
    assert_eq!(b.g.endurance(0), 47, "paid, not replaced");
    assert_eq!(b.g.player(0).hand_len(), hand - 1 + 2);
    // With 2 endurance, 3 can't be paid: nothing is lost and "if you do" fails.
    let (mut b, pt) = Bench::with_effect(effect, "");
    b.g.player_mut(0).endurance = 2;
    let hand = b.g.player(0).hand_len();
    b.play(pt, &[]);
    assert_eq!(b.g.endurance(0), 2);
    assert_eq!(b.g.player(0).hand_len(), hand - 1);
    // Resource points come from the pool.
    let (mut b, pt) = Bench::with_effect(
        "(pay 2 resource-points) (if you-did (then (gain-endurance you 1)))",
        "",
    );
    b.g.player_mut(0).rp = 3;
    b.play(pt, &[]);
    assert_eq!((b.g.player(0).rp, b.g.endurance(0)), (1, 51));
}

/// Glossary: During: "<this> can't ready during the recovery phase" is active only in
/// that phase: the character readies in the build phase, not in the recovery phase's
/// wrap-up.
#[test]
fn g_during_a_modifier_active_only_during_a_phase() {
    let card = "(card x-sg \"Sluggard\" \"\" (character (cost 2) (atk 2) (def 2) (affiliation \"Training Squad\")) (during recovery-phase (continuous (cant this ready))))";
    let mut b = Bench::new(card);
    let c = b.in_play(0, "x-sg", Row::Front, 0);
    let line = crate::text::card_line(b.g.pool(), b.g.def(c));
    assert!(
        line.contains("During the recovery phase, this character can't ready."),
        "{line}"
    );
    b.g.exhaust(c);
    assert!(b.g.ready(c), "the build phase: it readies");
    b.g.exhaust(c);
    b.g.part = Part::Phase(Phase::Recovery);
    assert!(!b.g.ready(c), "the recovery phase: it can't");
    assert!(b.g.card(c).exhausted);
    b.g.part = Part::Phase(Phase::Draw);
    assert!(b.g.ready(c));
}

/// Two attacks in player 0's attack step: `first` attacks `d1`, then `second` attacks
/// `d2`; `between` runs between the two substeps, `during` inside the second.
fn two_attacks(
    b: &mut Bench,
    (first, d1): (CardId, CardId),
    (second, d2): (CardId, CardId),
    during: &mut dyn FnMut(&mut Bench),
) {
    b.g.part = Part::Step(StepKind::Attack, 0);
    propose_alone(b, first, Defender::Character(d1));
    for _ in 0..4 {
        b.act(Action::Pass);
    }
    propose_alone(b, second, Defender::Character(d2));
    b.act(Action::Pass);
    b.act(Action::Pass);
    during(b);
}

/// Glossary: Attacked: "has attacked this turn" is having had the attacker
/// characteristic this turn (right now too); "has already been attacked this turn" is
/// having defended in an earlier substep, not only in this one; the turn's end forgets
/// both.
#[test]
fn g_attacked_has_attacked_and_already_been_attacked() {
    use crate::vocab::{Filter, Test};
    let mut b = Bench::new("");
    let a1 = b.in_play(0, "trn-007", Row::Front, 0); // 6/5
    let a2 = b.in_play(0, "trn-009", Row::Front, 1); // 8/7
    let idle = b.in_play(0, "trn-001", Row::Front, 2);
    let d1 = b.in_play(1, "trn-027", Row::Front, 0);
    let d2 = b.in_play(1, "trn-011", Row::Front, 1); // 13/12: survives
    let test = |b: &Bench, t: Test, c: CardId| b.g.passes(&t, c, 0, c);
    two_attacks(&mut b, (a1, d1), (a2, d2), &mut |b| {
        assert!(test(b, Test::HasAttacked, a1), "attacked earlier");
        assert!(test(b, Test::HasAttacked, a2), "attacking now");
        assert!(!test(b, Test::HasAttacked, idle));
        assert!(!test(b, Test::AlreadyAttacked, d2), "only now");
        assert!(test(b, Test::Defender, d2));
    });
    // After the second attack, d2 has been attacked in an earlier substep.
    for _ in 0..2 {
        b.act(Action::Pass);
    }
    assert!(test(&b, Test::AlreadyAttacked, d2));
    let f = Filter(vec![Test::HasAttacked]);
    assert_eq!(b.g.matching(&f, 0, idle).len(), 2);
    assert_eq!(
        crate::wording::filter(&Filter(vec![Test::AlreadyAttacked]), false),
        "character that has already been attacked this turn"
    );
    b.g.combat_history = Default::default();
    assert!(!test(&b, Test::HasAttacked, a1));
}

/// Glossary: Team Attacks: a character "team attacks" as it becomes a team attacker
/// (its power triggers; a lone attack doesn't), "has team attacked this turn" remembers
/// it, and one that "can't team attack" can't be proposed as a team attacker — nor join
/// a proposal, nor be joined.
#[test]
fn g_team_attacks_trigger_history_and_cant_team_attack() {
    use crate::vocab::Test;
    let cards = r#"
(card x-tp "Team Player" "" (character (cost 3) (atk 3) (def 3) (affiliation "Training Squad"))
  (trigger (on team-attacks) (gain-endurance you 2)))
(card x-lw "Lone Wolf" "" (character (cost 3) (atk 3) (def 3) (affiliation "Training Squad"))
  (continuous (cant this team-attack)))
"#;
    let mut b = Bench::new(cards);
    let tp = b.in_play(0, "x-tp", Row::Front, 0);
    let mate = b.in_play(0, "trn-007", Row::Front, 1);
    let wolf = b.in_play(0, "x-lw", Row::Front, 2);
    let d = b.in_play(1, "trn-011", Row::Front, 0);
    assert_eq!(
        b.g.power_text(tp, 0),
        "Whenever this character team attacks, you gain 2 endurance."
    );
    b.g.part = Part::Step(StepKind::Attack, 0);
    b.act(Action::Propose {
        attacker: tp,
        defender: Defender::Character(d),
    });
    assert!(!b.g.legal().contains(&Action::JoinTeam(wolf)));
    assert!(b.g.legal().contains(&Action::JoinTeam(mate)));
    b.act(Action::JoinTeam(mate));
    b.act(Action::Pass);
    b.act(Action::Pass);
    assert_eq!(b.g.chain().len(), 1, "team attacks triggered");
    b.resolve_all();
    assert_eq!(b.g.endurance(0), 52);
    assert!(b.g.passes(&Test::HasTeamAttacked, mate, 0, mate));
    assert!(!b.g.passes(&Test::HasTeamAttacked, wolf, 0, wolf));
    // The lone wolf may attack alone, and then nobody may join it.
    let mut b = Bench::new(cards);
    let wolf = b.in_play(0, "x-lw", Row::Front, 0);
    let mate = b.in_play(0, "trn-007", Row::Front, 1);
    let tp = b.in_play(0, "x-tp", Row::Front, 2);
    let d = b.in_play(1, "trn-011", Row::Front, 0);
    b.g.part = Part::Step(StepKind::Attack, 0);
    assert!(!b.g.team_is_legal(0, &[mate, wolf], Defender::Character(d)));
    assert!(b.g.team_is_legal(0, &[mate, tp], Defender::Character(d)));
    b.act(Action::Propose {
        attacker: wolf,
        defender: Defender::Character(d),
    });
    assert_eq!(
        b.g.pending(),
        Pending::Priority(0),
        "proposed at once, alone"
    );
    assert_eq!(b.g.attack().map(|a| a.attackers.len()), Some(1));
    b.act(Action::Pass);
    b.act(Action::Pass);
    assert!(
        b.g.chain().is_empty(),
        "a lone attacker doesn't team attack"
    );
}

/// Glossary: First Attack or First Defense in a Turn: "your first attack this turn" is
/// the first attack in which you control an attacker; "your first defense" the first in
/// which you control the defender — the second attack is neither.
#[test]
fn g_first_attack_or_first_defense_in_a_turn() {
    let effect = "(if first-attack (then (gain-endurance you 1))) (if first-defense (then (gain-endurance you 10)))";
    let (mut b, pt) = Bench::with_effect(effect, "");
    let pt2 = b.in_hand(0, "x-pt");
    let a1 = b.in_play(0, "trn-007", Row::Front, 0);
    let a2 = b.in_play(0, "trn-009", Row::Front, 1);
    let d1 = b.in_play(1, "trn-027", Row::Front, 0);
    let d2 = b.in_play(1, "trn-011", Row::Front, 1);
    b.g.part = Part::Step(StepKind::Attack, 0);
    propose_alone(&mut b, a1, Defender::Character(d1));
    b.act(Action::Pass);
    b.act(Action::Pass);
    b.play(pt, &[]);
    assert_eq!(
        b.g.endurance(0),
        51,
        "player 0's first attack, not a defense"
    );
    assert!(b.g.first_combat(1, false), "player 1's first defense");
    for _ in 0..2 {
        b.act(Action::Pass);
    }
    propose_alone(&mut b, a2, Defender::Character(d2));
    b.act(Action::Pass);
    b.act(Action::Pass);
    b.play(pt2, &[]);
    assert_eq!(b.g.endurance(0), 51, "the second attack is not the first");
    assert!(!b.g.first_combat(1, false));
}

/// 601.1c: a character that "must attack <a character> if able" may be proposed only
/// against that character (the refusal names 601.1c), and its player can't pass without
/// proposing it; if no such proposal would be legal, any legal defender will do.
#[test]
fn r601_1c_must_attack_a_specified_character_if_able() {
    let (mut b, pt) = Bench::with_effect(
        "(target 0 character yours) (target 1 character opposing) (must-attack (target 0) (target 1) this-turn)",
        "",
    );
    assert_eq!(
        b.effect_text(pt),
        "Target 0 is a character you control; target 1 is a character an opponent controls. Target 0 must attack target 1 this turn if able."
    );
    let a = b.in_play(0, "trn-007", Row::Front, 0);
    let named = b.in_play(1, "trn-021", Row::Front, 0);
    let other = b.in_play(1, "trn-027", Row::Front, 1);
    b.play(pt, &[a, named]);
    b.g.part = Part::Step(StepKind::Attack, 0);
    let against = |d| Action::Propose {
        attacker: a,
        defender: Defender::Character(d),
    };
    let legal = b.g.legal();
    assert!(legal.contains(&against(named)));
    assert!(!legal.contains(&against(other)));
    assert!(!legal.contains(&Action::Pass), "it must attack if able");
    assert_eq!(b.g.explain_illegal(&against(other)).rule, "601.1c");
    assert_eq!(b.g.explain_illegal(&Action::Pass).rule, "601.1c");
    // The named character can't be attacked now (it is protected): any other will do,
    // and the attack need not happen at all.
    let behind = Position {
        area: Area::Visible,
        row: Row::Support,
        col: 1,
    };
    b.g.move_card(named, Zone::Character(behind));
    assert!(b.g.is_protected(named));
    let legal = b.g.legal();
    assert!(legal.contains(&against(other)) && legal.contains(&Action::Pass));
}

/// 602.4, 602.4a: during an attack a character becomes an attacker: even one that
/// couldn't legally attack the defender (exhausted, in the support row), but only one
/// the attacking player controls; the attack becomes a team attack with each attacker a
/// team attacker, the new attacker's "attacks" power triggers and the defender's
/// "defends" power doesn't trigger again.
#[test]
fn r602_4_r602_4a_becoming_an_attacker_during_an_attack() {
    use crate::vocab::Test;
    let cards = r#"
(card x-ch "Charger" "" (character (cost 3) (atk 3) (def 3) (affiliation "Sparring Circle"))
  (trigger (on attacks) (gain-endurance you 1)))
(card x-gd "Guard" "" (character (cost 5) (atk 1) (def 20) (affiliation "Training Squad"))
  (trigger (on defends) (gain-endurance you 1)))
"#;
    let (mut b, pt) =
        Bench::with_effect("(target 0 character) (becomes-attacker (target 0))", cards);
    assert_eq!(
        b.effect_text(pt),
        "Target 0 is a character. Target 0 becomes an attacker."
    );
    let a = b.in_play(0, "trn-007", Row::Front, 0);
    let late = b.in_play(0, "x-ch", Row::Support, 1);
    b.g.exhaust(late);
    let d = b.in_play(1, "x-gd", Row::Front, 0);
    b.g.part = Part::Step(StepKind::Attack, 0);
    b.act(Action::Propose {
        attacker: a,
        defender: Defender::Character(d),
    });
    b.act(Action::Pass);
    b.act(Action::Pass);
    b.resolve_all(); // the guard's defends trigger
    assert_eq!(b.g.endurance(1), 51);
    assert!(
        !b.g.can_attack(0, late),
        "exhausted, support row, different team"
    );
    b.play(pt, &[late]);
    assert!(b.g.is_attacker(late) && b.g.is_attacker(a));
    assert!(b.g.attack().unwrap().team);
    assert!(b.g.passes(&Test::TeamAttacker, a, 0, a));
    assert!(b.g.passes(&Test::TeamAttacker, late, 0, late));
    b.resolve_all();
    assert_eq!(b.g.endurance(0), 51, "the charger's attacks power");
    assert_eq!(b.g.endurance(1), 51, "the guard doesn't defend again");
    // 602.4a: an opponent's character can't become an attacker.
    let (mut b, pt) =
        Bench::with_effect("(target 0 character) (becomes-attacker (target 0))", cards);
    let a = b.in_play(0, "trn-007", Row::Front, 0);
    let d = b.in_play(1, "x-gd", Row::Front, 0);
    let theirs = b.in_play(1, "x-ch", Row::Front, 1);
    b.g.part = Part::Step(StepKind::Attack, 0);
    b.act(Action::Propose {
        attacker: a,
        defender: Defender::Character(d),
    });
    b.act(Action::Pass);
    b.act(Action::Pass);
    b.resolve_all();
    b.play(pt, &[theirs]);
    assert!(!b.g.is_attacker(theirs) && !b.g.attack().unwrap().team);
}

/// 602.5, 602.5a: during an attack a character becomes the defender — even one that
/// couldn't legally be attacked (a protected support row character) — and the old
/// defender is removed from the attack; its "defends" power triggers, the attacker's
/// "attacks" power doesn't trigger again. Only a character the defending player controls
/// can.
#[test]
fn r602_5_r602_5a_becoming_the_defender_during_an_attack() {
    let cards = r#"
(card x-ch "Charger" "" (character (cost 3) (atk 3) (def 3) (affiliation "Sparring Circle"))
  (trigger (on attacks) (gain-endurance you 1)))
(card x-bo "Bodyguard" "" (character (cost 3) (atk 1) (def 9) (affiliation "Training Squad"))
  (trigger (on defends) (gain-endurance you 3)))
"#;
    let (mut b, pt) =
        Bench::with_effect("(target 0 character) (becomes-defender (target 0))", cards);
    assert_eq!(
        b.effect_text(pt),
        "Target 0 is a character. Target 0 becomes the defender."
    );
    let a = b.in_play(0, "x-ch", Row::Front, 0);
    let d = b.in_play(1, "trn-021", Row::Front, 0);
    let guard = b.in_play(1, "x-bo", Row::Support, 0);
    assert!(b.g.is_protected(guard));
    b.g.part = Part::Step(StepKind::Attack, 0);
    b.act(Action::Propose {
        attacker: a,
        defender: Defender::Character(d),
    });
    b.act(Action::Pass);
    b.act(Action::Pass);
    b.resolve_all(); // the charger's attacks power
    assert_eq!(b.g.endurance(0), 51);
    b.play(pt, &[guard]);
    assert!(b.g.is_defender(guard) && !b.g.is_defender(d));
    b.resolve_all();
    assert_eq!(b.g.endurance(1), 53, "the bodyguard's defends power");
    assert_eq!(b.g.endurance(0), 51, "no second attacks trigger");
    for _ in 0..2 {
        b.act(Action::Pass);
    }
    assert!(b.g.attack().is_none(), "the attack concluded");
    assert!(
        !b.g.card(d).stunned,
        "the old defender is out of the attack"
    );
    assert!(
        !b.g.card(guard).stunned,
        "3 ATK against the bodyguard's 9 DEF"
    );
    assert_eq!(b.g.endurance(1), 53, "no breakthrough");
    // 602.5a: a character of the attacking player's can't become the defender.
    let (mut b, pt) =
        Bench::with_effect("(target 0 character) (becomes-defender (target 0))", cards);
    let a = b.in_play(0, "x-ch", Row::Front, 0);
    let mine = b.in_play(0, "trn-001", Row::Front, 1);
    let d = b.in_play(1, "trn-021", Row::Front, 0);
    b.g.part = Part::Step(StepKind::Attack, 0);
    b.act(Action::Propose {
        attacker: a,
        defender: Defender::Character(d),
    });
    b.act(Action::Pass);
    b.act(Action::Pass);
    b.resolve_all();
    b.play(pt, &[mine]);
    assert!(b.g.is_defender(d) && !b.g.is_defender(mine));
}

/// 701.10c: a character that is the source of a modifier giving another character
/// reinforcement has reinforced it ("has-reinforced"); giving itself reinforcement is
/// not reinforcing another.
#[test]
fn r701_10c_the_source_of_a_reinforcement_modifier_has_reinforced() {
    use crate::vocab::Test;
    let cards = r#"
(card x-sh "Shieldwall" "" (character (cost 3) (atk 1) (def 5) (affiliation "Training Squad"))
  (payment (cost activate) (target 0 character yours) (has (target 0) reinforcement this-turn)))
"#;
    let mut b = Bench::new(cards);
    let s = b.in_play(0, "x-sh", Row::Support, 0);
    let ally = b.in_play(0, "trn-007", Row::Front, 0);
    assert!(!b.g.passes(&Test::HasReinforced, s, 0, s));
    b.act(Action::UsePower { card: s, power: 0 });
    b.target(s);
    b.resolve_all();
    assert!(b.g.has_reinforcement(s));
    assert!(!b.g.passes(&Test::HasReinforced, s, 0, s), "only itself");
    b.g.ready(s);
    b.act(Action::UsePower { card: s, power: 0 });
    b.target(ally);
    b.resolve_all();
    assert!(b.g.passes(&Test::HasReinforced, s, 0, s));
    assert!(!b.g.passes(&Test::HasReinforced, ally, 0, ally));
    assert_eq!(
        crate::wording::test(&Test::HasReinforced),
        "that has reinforced another character"
    );
}

/// 708.7c: the character exhausted to play a reinforcement effect has reinforced the
/// defender once the effect resolved giving it reinforcement (not before).
#[test]
fn r708_7c_the_exhausted_character_has_reinforced_the_defender() {
    use crate::vocab::Test;
    let mut b = Bench::new("");
    let a = b.in_play(0, "trn-011", Row::Front, 0);
    let d = b.in_play(1, "trn-006", Row::Front, 0);
    let by = b.in_play(1, "trn-004", Row::Support, 0);
    b.g.part = Part::Step(StepKind::Attack, 0);
    b.act(Action::Propose {
        attacker: a,
        defender: Defender::Character(d),
    });
    b.act(Action::Pass);
    b.act(Action::Pass);
    b.act(Action::Pass);
    b.act(Action::Reinforce { defender: d, by });
    assert!(
        !b.g.passes(&Test::HasReinforced, by, 1, by),
        "not yet resolved"
    );
    b.act(Action::Pass);
    b.act(Action::Pass);
    assert!(b.g.has_reinforcement(d));
    assert!(b.g.passes(&Test::HasReinforced, by, 1, by));
}

const JAILER: &str = r#"
(card x-jl "Jailer" "" (character (cost 3) (atk 3) (def 3) (affiliation "Training Squad"))
  (payment (cost activate) (target 0 character) (exhaust (target 0)) (hold (target 0))))
"#;

/// A hold of `captive` by `captor`, both exhausted (as an exhaust-and-hold effect of the
/// captor's would leave them).
fn hold(b: &mut Bench, captor: CardId, captive: CardId) {
    b.g.exhaust(captor);
    b.g.exhaust(captive);
    let object = b.g.card(captor).object;
    b.g.add_modifier(captive, 0, 0, None, crate::vocab::Duration::Game);
    let m = b.g.modifiers.last_mut().unwrap();
    m.cant = Some(crate::vocab::Cant::Ready);
    m.captor = Some((captor, object));
}

/// Goes from player 0's recruit step to the recovery phase's wrap-up (no stunned
/// characters: straight to readying).
fn to_wrap_up(b: &mut Bench) {
    b.g.part = Part::Phase(Phase::Recovery);
    b.act(Action::Pass);
    b.act(Action::Pass);
}

/// 513.6a: "<captive> can't ready while <captor> remains exhausted": it can't while the
/// captor is exhausted; once the captor readies, the hold is over for good (exhausting
/// the captor again doesn't bring it back).
#[test]
fn r513_6a_the_captive_cant_ready_while_the_captor_remains_exhausted() {
    let mut b = Bench::new(JAILER);
    let j = b.in_play(0, "x-jl", Row::Front, 0);
    let v = b.in_play(1, "trn-021", Row::Front, 0);
    assert_eq!(
        b.g.power_text(j, 0),
        "Activate >>> Target 0 is a character. Exhaust target 0. Target 0 can't ready while this card remains exhausted."
    );
    b.act(Action::UsePower { card: j, power: 0 });
    b.target(v);
    b.resolve_all();
    assert!(b.g.card(j).exhausted && b.g.card(v).exhausted);
    assert!(!b.g.ready(v), "held");
    assert!(b.g.ready(j));
    b.g.exhaust(j);
    assert!(b.g.ready(v), "released when the captor readied");
}

/// 513.6b: in the wrap-up the captor's controller chooses to ready it, and its captive
/// readies with it (though the hold would end only as the captor readies, 513.1e); kept
/// exhausted, both stay exhausted into the next turn, still held.
#[test]
fn r513_6b_a_captor_readied_in_the_wrap_up_takes_its_captive_with_it() {
    for ready in [true, false] {
        // The captive's player readies first (408.2c goes player by player): it readies
        // with the captor only because the two ready together.
        let mut b = Bench::new("");
        let j = b.in_play(1, "trn-007", Row::Front, 0);
        let v = b.in_play(0, "trn-021", Row::Front, 0);
        hold(&mut b, j, v);
        to_wrap_up(&mut b);
        assert_eq!(b.g.pending(), Pending::ReadyCaptor(1, j));
        assert_eq!(b.g.legal(), vec![Action::Yes, Action::No]);
        b.act(if ready { Action::Yes } else { Action::No });
        assert_eq!(b.g.part(), Part::Phase(Phase::Draw), "the next turn");
        assert_eq!(b.g.card(j).exhausted, !ready);
        assert_eq!(b.g.card(v).exhausted, !ready, "the captive goes with it");
        if !ready {
            assert!(!b.g.ready(v), "still held");
        }
    }
}

/// 513.6c: a captor or captive turned face down (stunned) still holds or is still held,
/// and so after turning face up again.
#[test]
fn r513_6c_turning_face_down_does_not_release_the_captive() {
    let mut b = Bench::new("");
    let j = b.in_play(0, "trn-007", Row::Front, 0);
    let v = b.in_play(1, "trn-021", Row::Front, 0);
    hold(&mut b, j, v);
    b.g.stun(j);
    assert!(!b.g.ready(v), "the captor is face down, still exhausted");
    b.g.recover(j);
    assert!(!b.g.ready(v));
    b.g.stun(v);
    b.g.recover(v);
    assert!(
        !b.g.ready(v),
        "the captive turned face down and up: still held"
    );
    assert!(b.g.ready(j) && b.g.ready(v));
}

/// 513.6d: in a series (A holds B, B holds C), the master captor's controller chooses
/// first, then the next captor's; all yes: all ready together; a "no" stops everything
/// after it.
#[test]
fn r513_6d_a_series_of_captors_is_chosen_in_order() {
    let setup = || {
        let mut b = Bench::new("");
        let a = b.in_play(0, "trn-007", Row::Front, 0);
        let bb = b.in_play(1, "trn-021", Row::Front, 0);
        let c = b.in_play(0, "trn-001", Row::Front, 1);
        hold(&mut b, bb, c);
        hold(&mut b, a, bb);
        to_wrap_up(&mut b);
        assert_eq!(
            b.g.pending(),
            Pending::ReadyCaptor(0, a),
            "the master first"
        );
        (b, a, bb, c)
    };
    let exhausted = |b: &Bench, cs: [CardId; 3]| cs.map(|c| b.g.card(c).exhausted);
    let (mut b, a, bb, c) = setup();
    b.act(Action::Yes);
    assert_eq!(
        b.g.pending(),
        Pending::ReadyCaptor(1, bb),
        "then the next captor's"
    );
    b.act(Action::Yes);
    assert_eq!(exhausted(&b, [a, bb, c]), [false, false, false]);
    let (mut b, a, bb, c) = setup();
    b.act(Action::Yes);
    b.act(Action::No);
    assert_eq!(exhausted(&b, [a, bb, c]), [false, true, true]);
    let (mut b, a, bb, c) = setup();
    b.act(Action::No);
    assert_eq!(b.g.part(), Part::Phase(Phase::Draw), "no one else is asked");
    assert_eq!(exhausted(&b, [a, bb, c]), [true, true, true]);
}

/// 513.6e: two captors holding each other: neither can ready (no one is asked in the
/// wrap-up) until one of them leaves play.
#[test]
fn r513_6e_captors_holding_each_other_wait_for_one_to_leave_play() {
    let mut b = Bench::new("");
    let a = b.in_play(0, "trn-007", Row::Front, 0);
    let z = b.in_play(1, "trn-021", Row::Front, 0);
    hold(&mut b, a, z);
    hold(&mut b, z, a);
    to_wrap_up(&mut b);
    assert_eq!(b.g.part(), Part::Phase(Phase::Draw), "no choice to make");
    assert!(b.g.card(a).exhausted && b.g.card(z).exhausted);
    b.g.move_card(a, Zone::KoPile);
    assert!(b.g.ready(z));
}

/// 203.6c: a payment power whose cost reveals a card can't be paid with a face-up
/// resource: with only a face-up plot twist in the row the power can't be used (203.3);
/// with a face-down one too, only the face-down one is offered, and it is revealed.
#[test]
fn r203_6c_a_face_up_resource_cant_be_revealed_to_pay_a_cost() {
    let cards = r#"
(card x-se "Seer" "" (character (cost 2) (atk 2) (def 2) (affiliation "Training Squad"))
  (payment (cost activate (reveal 1 plot-twist-card)) (draw you 1)))
"#;
    let mut b = Bench::new(cards);
    let seer = b.in_play(0, "x-se", Row::Front, 0);
    assert_eq!(
        b.g.power_text(seer, 0),
        "Activate, reveal a plot twist card >>> You draw 1 card."
    );
    let up = b.resource(0, "trn-101");
    b.g.card_mut(up).face_up = true;
    let use_it = Action::UsePower {
        card: seer,
        power: 0,
    };
    assert!(!b.g.legal().contains(&use_it));
    assert_eq!(b.g.explain_illegal(&use_it).rule, "203.3");
    let down = b.resource(0, "trn-102");
    assert!(b.g.legal().contains(&use_it));
    b.act(use_it);
    assert_eq!(b.g.pending(), Pending::PayCost(0));
    let picks: Vec<Action> =
        b.g.legal()
            .into_iter()
            .filter(|a| matches!(a, Action::Pick(_)))
            .collect();
    assert_eq!(picks, vec![Action::Pick(down)], "not the face-up one");
    b.act(Action::Pick(down));
    assert!(b.g.card(down).revealed && !b.g.card(down).face_up);
    assert!(b.g.card(seer).exhausted);
    let hand = b.g.player(0).hand_len();
    b.resolve_all();
    assert_eq!(b.g.player(0).hand_len(), hand + 1);
}

/// Glossary: Different: two cards are different unless they are copies — the same
/// printed name and version; a different version of a card is a different card, and a
/// name a modifier gives doesn't make a copy.
#[test]
fn g_different_cards_are_not_copies_of_each_other() {
    let cards = r#"
(card x-v1 "Twin" "First" (character (cost 1) (atk 1) (def 1) (affiliation "Training Squad")))
(card x-v2 "Twin" "Second" (character (cost 1) (atk 1) (def 1) (affiliation "Training Squad")))
(card x-nm "Impostor" "First" (character (cost 1) (atk 1) (def 1) (affiliation "Training Squad"))
  (continuous (has-name this "Twin")))
"#;
    let effect = "(target 0 character) (target 1 character) (if (different (target 0) (target 1)) (then (gain-endurance you 1)))";
    let run = |a: &str, c: &str| {
        let (mut b, pt) = Bench::with_effect(effect, cards);
        assert_eq!(
            b.effect_text(pt),
            "Target 0 is a character; target 1 is a character. If target 0 and target 1 are different cards: You gain 1 endurance."
        );
        let x = b.in_play(0, a, Row::Front, 0);
        let y = b.in_play(0, c, Row::Front, 1);
        b.play(pt, &[x, y]);
        b.g.endurance(0) == 51
    };
    assert!(!run("x-v1", "x-v1"), "copies");
    assert!(run("x-v1", "x-v2"), "a different version");
    assert!(run("x-v1", "x-nm"), "a gained name is not printed");
}

/// 203.10a: an alternate cost ("you may pay 2 endurance rather than activate") is paid
/// instead of the power's own cost, not as a replacement of it: with both payable the
/// player chooses, and paying the alternate leaves the character ready; with only the
/// alternate payable (the character exhausted) the power can still be used, paying it.
#[test]
fn r203_10a_an_alternate_cost_is_paid_rather_than_the_original() {
    let card = r#"(card x-al "Quick Study" "" (character (cost 2) (atk 2) (def 2) (affiliation "Training Squad"))
  (payment (cost activate) (rather-than (pay-endurance 2)) (draw you 1)))"#;
    let mut b = Bench::new(card);
    let q = b.in_play(0, "x-al", Row::Front, 0);
    assert_eq!(
        b.g.power_text(q, 0),
        "Activate >>> You draw 1 card. You may pay 2 endurance rather than activate."
    );
    let use_it = Action::UsePower { card: q, power: 0 };
    b.act(use_it);
    assert_eq!(b.g.pending(), Pending::ChooseCost(0));
    assert!(b.g.legal().contains(&Action::Yes) && b.g.legal().contains(&Action::No));
    b.act(Action::Yes);
    assert_eq!(b.g.endurance(0), 48);
    assert!(!b.g.card(q).exhausted, "the original cost isn't paid");
    b.resolve_all();
    // Its own cost: exhausted, no endurance paid.
    b.act(use_it);
    b.act(Action::No);
    assert!(b.g.card(q).exhausted);
    assert_eq!(b.g.endurance(0), 48);
    b.resolve_all();
    // Exhausted: only the alternate can be paid, and is, without a question.
    b.act(use_it);
    assert_eq!(b.g.endurance(0), 46);
    b.resolve_all();
    // Neither payable: refused naming 203.3.
    b.g.player_mut(0).endurance = 1;
    assert!(!b.g.legal().contains(&use_it));
    assert_eq!(b.g.explain_illegal(&use_it).rule, "203.3");
}

/// Glossary: Number: a player asked to choose a number chooses a whole number, 0 or
/// more: the choices are 0, 1, 2, … and nothing else; the effect reads the one chosen.
#[test]
fn g_number_a_chosen_number_is_whole_and_not_negative() {
    let (mut b, pt) =
        Bench::with_effect("(choose-number 5) (gain-endurance you chosen-number)", "");
    assert_eq!(
        b.effect_text(pt),
        "Choose a number from 0 to 5. You gain the chosen number endurance."
    );
    b.play(pt, &[]);
    assert_eq!(b.g.pending(), Pending::EffectChoice(0));
    let want: Vec<Action> = (0..=5).map(Action::Number).collect();
    assert_eq!(b.g.legal(), want);
    b.act(Action::Number(3));
    b.resolve_all();
    assert_eq!(b.g.endurance(0), 53);
}

/// 703.2: "infinite" can't be chosen for any number: the choices end at the highest the
/// effect offers (20 when the card names none); a larger one is refused naming 703.2,
/// changing nothing.
#[test]
fn r703_2_infinite_cant_be_chosen_for_a_number() {
    let (mut b, pt) = Bench::with_effect("(choose-number) (gain-endurance you chosen-number)", "");
    assert_eq!(
        b.effect_text(pt),
        "Choose a number. You gain the chosen number endurance."
    );
    b.play(pt, &[]);
    let legal = b.g.legal();
    assert_eq!(legal.len(), 21);
    assert_eq!(legal.last(), Some(&Action::Number(20)));
    let too_many = Action::Number(u16::MAX);
    assert!(!legal.contains(&too_many));
    assert_eq!(b.g.explain_illegal(&too_many).rule, "703.2");
    assert_eq!(b.g.pending(), Pending::EffectChoice(0));
    b.act(Action::Number(20));
    b.resolve_all();
    assert_eq!(b.g.endurance(0), 70);
}

/// 602.4b: a character put into play team attacking becomes a (team) attacker as the
/// last part of entering play: its "enters play" power triggers, and so does its
/// "attacks" power; the attack becomes a team attack. Outside its player's attack it
/// just enters play.
#[test]
fn r602_4b_a_character_put_into_play_team_attacking() {
    let cards = r#"
(card x-rf "Reinforcer" "" (character (cost 3) (atk 3) (def 3) (affiliation "Sparring Circle"))
  (trigger (on enters-play) (gain-endurance you 1))
  (trigger (on attacks) (gain-endurance you 10)))
"#;
    let (mut b, pt) = Bench::with_effect("(put-into-play (cost<= 3) team-attacking)", cards);
    assert_eq!(
        b.effect_text(pt),
        "Put a character card with cost 3 or less from your hand into play team attacking."
    );
    let a = b.in_play(0, "trn-007", Row::Front, 0);
    let d = b.in_play(1, "trn-011", Row::Front, 0);
    let r = b.in_hand(0, "x-rf");
    let big = b.in_hand(0, "trn-009"); // cost 5: not offered
    b.g.part = Part::Step(StepKind::Attack, 0);
    propose_alone(&mut b, a, Defender::Character(d));
    b.act(Action::Pass);
    b.act(Action::Pass);
    b.play(pt, &[]);
    assert_eq!(b.g.pending(), Pending::EffectChoice(0));
    assert_eq!(b.g.legal(), vec![Action::Pick(r)], "not {big:?}, cost 5");
    b.act(Action::Pick(r));
    let to = Position {
        area: Area::Visible,
        row: Row::Front,
        col: 1,
    };
    assert!(b.g.legal().contains(&Action::Place(to)));
    b.act(Action::Place(to));
    assert_eq!(b.g.position(r), Some(to));
    assert!(b.g.is_attacker(r) && b.g.is_attacker(a));
    assert!(b.g.attack().unwrap().team);
    assert!(!b.g.card(r).exhausted, "it entered ready");
    // Both its powers triggered: its player orders them (506.2a).
    assert_eq!(b.g.pending(), Pending::OrderTriggers(0));
    b.act(Action::PutTrigger(0));
    b.resolve_all();
    assert_eq!(b.g.endurance(0), 61, "entered play, then attacked");
    // In the recruit step there is no attack: it only enters play.
    let (mut b, pt) = Bench::with_effect("(put-into-play team-attacking)", cards);
    let r = b.in_hand(0, "x-rf");
    b.play(pt, &[]);
    b.act(Action::Pick(r));
    b.act(Action::Place(VISIBLE_FRONT_0));
    b.resolve_all();
    assert!(b.g.is_character(r) && !b.g.is_attacker(r));
    assert_eq!(b.g.endurance(0), 51);
}

/// 704.4: the uniqueness rule is checked only as a recruit effect (or flipping,
/// attaching) resolves: a unique character put into play by another effect leaves the
/// one of the same name in play, while recruiting a third sends the others away (704.1).
#[test]
fn r704_4_putting_into_play_doesnt_check_uniqueness() {
    let (mut b, pt) = Bench::with_effect("(put-into-play)", "");
    let first = b.in_play(0, "trn-007", Row::Front, 0);
    let second = b.in_hand(0, "trn-007");
    b.play(pt, &[]);
    b.act(Action::Pick(second));
    let to = Position {
        col: 1,
        ..VISIBLE_FRONT_0
    };
    b.act(Action::Place(to));
    assert!(b.g.is_character(first) && b.g.is_character(second));
    let third = b.in_hand(0, "trn-007");
    // Recruited: the other two leave as it resolves, before it is placed (508.3b).
    recruit_and_place(&mut b, third, VISIBLE_FRONT_0);
    assert_eq!(b.g.card(first).zone, Zone::KoPile);
    assert_eq!(b.g.card(second).zone, Zone::KoPile);
    assert!(b.g.is_character(third));
}
