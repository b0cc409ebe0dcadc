//! Tests of rules 708 (game actions) and the glossary entries.

use crate::action::Action;
use crate::ids::*;
use crate::model::Keyword;
use crate::state::*;
use crate::testkit::Bench;

fn pos(row: Row, col: i8) -> Position {
    Position {
        area: Area::Visible,
        row,
        col,
    }
}

/// Answers what the game asks until the chain is empty and a player has priority:
/// passes, puts triggered effects on the chain in the order offered, picks the first
/// attacker hit.
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

/// 708.1a: stunning the character to pay a cost is a game action done as the power is
/// used, not a modifier of its effect: the stun and its endurance loss stand when the
/// effect is negated.
#[test]
fn r708_1a_a_stun_cost_stands_when_the_effect_is_negated() {
    let cards = "(card x-rd \"Robot Drone\" \"\" (character (cost 5) (atk 5) (def 5)) (payment (cost stun-this) (draw you 1)))";
    let (mut b, nt) = Bench::with_effect("(target 0 effect) (negate (target 0))", cards);
    let rd = b.in_play(0, "x-rd", Row::Front, 0);
    let hand = b.g.player(0).hand_len();
    b.act(Action::UsePower { card: rd, power: 0 });
    // Paid as the power is used, before anything resolves.
    assert!(b.g.card(rd).stunned);
    assert_eq!(b.g.endurance(0), 45);
    assert_eq!(b.g.chain().len(), 1);
    b.act(Action::PlayPlotTwist(nt));
    let id = b.g.chain()[0].id;
    b.act(Action::ChooseTarget(TargetRef::Effect(id)));
    b.resolve_all();
    assert!(b.g.chain().is_empty());
    assert!(b.g.card(rd).stunned);
    assert_eq!(b.g.endurance(0), 45);
    // The negate twist left the hand; the negated effect drew nothing.
    assert_eq!(b.g.player(0).hand_len(), hand - 1);
}

/// 708.2c: a copy of a plot twist's effect comes from the same card and is itself an
/// effect from a (non-ongoing) plot twist: another copier may target it.
#[test]
fn r708_2c_a_copy_of_a_plot_twist_effect_is_a_plot_twist_effect() {
    let cards = "(card x-st \"Stun Twist\" \"\" (plot-twist (threshold 0)) (effect (target 0 character) (stun (target 0))))
(card x-c2 \"Second Copy\" \"\" (plot-twist (threshold 0)) (effect (target 0 effect non-ongoing-plot-twist) (copy (target 0))))";
    let (mut b, cp) = Bench::with_effect("(target 0 effect plot-twist) (copy (target 0))", cards);
    let st = b.in_hand(0, "x-st");
    let c2 = b.in_hand(0, "x-c2");
    let victim = b.in_play(1, "trn-007", Row::Front, 0);
    b.act(Action::PlayPlotTwist(st));
    b.target(victim);
    b.act(Action::PlayPlotTwist(cp));
    let id = b.g.chain()[0].id;
    b.act(Action::ChooseTarget(TargetRef::Effect(id)));
    b.act(Action::Pass);
    b.act(Action::Pass);
    assert_eq!(b.g.chain().len(), 2);
    let copy = b.g.chain()[1].clone();
    match (&b.g.chain()[0].kind, &copy.kind) {
        (
            EffectKind::Card { source: a, .. },
            EffectKind::Card {
                source: c, origin, ..
            },
        ) => {
            assert_eq!(a, c, "the copy comes from the original's card");
            assert_eq!(*origin, Origin::Copy);
        }
        k => panic!("unexpected chain {k:?}"),
    }
    b.g.give_priority(0);
    b.act(Action::PlayPlotTwist(c2));
    assert!(b
        .g
        .legal()
        .contains(&Action::ChooseTarget(TargetRef::Effect(copy.id))));
    b.act(Action::ChooseTarget(TargetRef::Effect(copy.id)));
    b.resolve_all();
    // The original, its copy and the copy of the copy all stun the same character: once.
    assert!(b.g.card(victim).stunned);
    assert_eq!(b.g.endurance(1), 46);
}

/// 708.2f and 708.10d: copies of a card are the cards with its name and its version: a
/// deck may hold four of each version of one name, not five of one.
#[test]
fn r708_2f_r708_10d_copies_share_the_name_and_the_version() {
    use crate::db::CardPool;
    use crate::deckfile::read_deck;
    let mut pool = CardPool::built_in();
    pool.add_file(
        "t.cards",
        "(card tst-001 \"Test Hero\" \"First\" (character (cost 1) (atk 1) (def 1)))
(card tst-002 \"Test Hero\" \"Second\" (character (cost 1) (atk 1) (def 1)))",
    )
    .unwrap();
    let too_many = |text: &str| {
        read_deck(&pool, text)
            .unwrap()
            .check(&pool)
            .into_iter()
            .filter(|p| p.rule == Some("101.2"))
            .count()
    };
    assert_eq!(too_many("4 tst-001\n4 tst-002"), 0);
    assert_eq!(too_many("3 tst-001\n2 tst-001\n4 tst-002"), 1);
}

/// 708.4e: a move between rows is not a zone change: the character doesn't enter play
/// again (no enters-play trigger) and is the same object.
#[test]
fn r708_4e_a_move_is_no_zone_change() {
    let cards = "(card x-qb \"Greeter\" \"\" (character (cost 2) (atk 2) (def 3)) (trigger (on enters-play) (gain-endurance you 3)))";
    let (mut b, pt) = Bench::with_effect("(target 0 character yours) (move (target 0))", cards);
    let q = b.in_play(0, "x-qb", Row::Front, 0);
    let object = b.g.card(q).object;
    b.play(pt, &[q]);
    b.act(Action::Place(pos(Row::Support, 0)));
    settle(&mut b);
    assert_eq!(b.g.position(q), Some(pos(Row::Support, 0)));
    assert_eq!(b.g.card(q).object, object);
    assert_eq!(b.g.endurance(0), 50);
}

/// 708.7a: a continuous modifier gives reinforcement while its power is active.
#[test]
fn r708_7a_reinforcement_from_a_continuous_power() {
    let cards = "(card x-bb \"Banner Bearer\" \"\" (character (cost 2) (atk 1) (def 1)) (continuous (grant (each yours other) reinforcement)))";
    let mut b = Bench::new(cards);
    let bearer = b.in_play(0, "x-bb", Row::Front, 0);
    let mate = b.in_play(0, "trn-007", Row::Front, 1);
    let foe = b.in_play(1, "trn-007", Row::Front, 0);
    assert!(b.g.has_reinforcement(mate));
    assert!(!b.g.has_reinforcement(bearer));
    assert!(!b.g.has_reinforcement(foe));
    b.g.stun(bearer);
    assert!(!b.g.has_reinforcement(mate));
}

/// 708.9a: you reveal only resources you control; 708.9c (= 701.11f): a revealed
/// resource goes back to unrevealed when its player passes.
#[test]
fn r708_9a_r708_9c_reveal_your_own_resource_until_you_pass() {
    let cards = "(card x-rs \"Reserve Cadet\" \"\" (character (cost 2) (atk 2) (def 2)) (keywords reservist))";
    let mut b = Bench::new(cards);
    let mine = b.resource(0, "x-rs");
    let theirs = b.resource(1, "x-rs");
    assert!(!b.g.legal().contains(&Action::Reveal(theirs)));
    let e = b.g.explain_illegal(&Action::Reveal(theirs));
    assert!(e.to_string().contains("701.11f"), "{e}");
    b.act(Action::Reveal(mine));
    assert!(b.g.card(mine).revealed && !b.g.card(theirs).revealed);
    b.act(Action::Pass);
    assert!(!b.g.card(mine).revealed);
}

/// 708.11f: every attacker of a team attack whose conclusion stuns the defender has
/// stunned it: each one's "stuns a character" power triggers.
#[test]
fn r708_11f_every_team_attacker_has_stunned_the_defender() {
    let cards = "(card x-ta \"Strike Trooper\" \"\" (character (cost 3) (atk 3) (def 3) (affiliation \"Strike Team\")) (trigger (on stuns-a-character) (gain-endurance you 2)))";
    let mut b = Bench::new(cards);
    let a1 = b.in_play(0, "x-ta", Row::Front, 0);
    let a2 = b.in_play(0, "x-ta", Row::Front, 1);
    let d = b.in_play(1, "trn-021", Row::Front, 0); // 2/2, cost 1
    b.g.part = Part::Step(StepKind::Attack, 0);
    b.act(Action::Propose {
        attacker: a1,
        defender: Defender::Character(d),
    });
    b.act(Action::JoinTeam(a2));
    if b.g.legal().contains(&Action::ProposeNow) {
        b.act(Action::ProposeNow);
    }
    assert_eq!(b.g.attack().map(|a| a.attackers.len()), Some(2));
    for _ in 0..4 {
        b.act(Action::Pass);
    }
    settle(&mut b);
    assert!(b.g.card(d).stunned);
    assert!(!b.g.card(a1).stunned && !b.g.card(a2).stunned);
    assert_eq!(b.g.endurance(1), 49);
    assert_eq!(b.g.endurance(0), 54, "both attackers' powers triggered");
}

/// 708.11g: the card whose effect stuns a character has stunned it, and a character
/// that pays a cost by stunning itself has stunned itself.
#[test]
fn r708_11g_the_source_of_a_stun_has_stunned() {
    let cards = "(card x-zp \"Zapper\" \"\" (character (cost 2) (atk 2) (def 2)) (payment (cost activate) (target 0 character opposing) (stun (target 0))) (trigger (on stuns-a-character) (gain-endurance you 2)))
(card x-sm \"Martyr\" \"\" (character (cost 3) (atk 3) (def 3)) (payment (cost stun-this) (draw you 1)) (trigger (on stuns-a-character) (gain-endurance you 5)))";
    let mut b = Bench::new(cards);
    let z = b.in_play(0, "x-zp", Row::Front, 0);
    let m = b.in_play(0, "x-sm", Row::Front, 1);
    let victim = b.in_play(1, "trn-007", Row::Front, 0);
    b.act(Action::UsePower { card: z, power: 0 });
    b.target(victim);
    settle(&mut b);
    assert!(b.g.card(victim).stunned);
    assert_eq!(b.g.endurance(0), 52);
    b.act(Action::UsePower { card: m, power: 0 });
    assert!(b.g.card(m).stunned);
    settle(&mut b);
    // 3 stun endurance loss for the cost, 5 from Martyr having stunned itself.
    assert_eq!(b.g.endurance(0), 52 - 3 + 5);
}

/// 708.11k (= 211.3a): a stunned character's willpower is 0.
#[test]
fn r708_11k_a_stunned_characters_willpower_is_0() {
    let cards = "(card x-wp \"Willful\" \"\" (character (cost 3) (atk 3) (def 3)) (keywords (willpower 3)))";
    let mut b = Bench::new(cards);
    let w = b.in_play(0, "x-wp", Row::Front, 0);
    assert_eq!(b.g.willpower(w), 3);
    b.g.stun(w);
    assert_eq!(b.g.willpower(w), 0);
}

/// 708.11 (2nd) (= 701.12f): a stunned character has no powers and no keywords.
#[test]
fn r708_11_2nd_a_stunned_character_has_no_powers_or_keywords() {
    let cards = "(card x-cm \"Commander\" \"\" (character (cost 3) (atk 3) (def 3)) (keywords invulnerability) (continuous (stats (each yours other) 2 0)))";
    let mut b = Bench::new(cards);
    let cm = b.in_play(0, "x-cm", Row::Front, 0);
    let mate = b.in_play(0, "trn-007", Row::Front, 1);
    assert_eq!(b.g.atk(mate), 8);
    assert!(b.g.has_keyword(cm, Keyword::Invulnerability));
    b.g.card_mut(cm).stunned = true;
    assert_eq!(b.g.atk(mate), 6);
    assert!(!b.g.has_keyword(cm, Keyword::Invulnerability));
    assert!(!b.g.has_invulnerability(cm));
}

/// 708.13b (= 203.10b): a KO paid as a cost that is replaced still counts as paid: the
/// effect resolves.
#[test]
fn r708_13b_a_replaced_ko_cost_is_still_paid() {
    let cards = "(card x-sac \"Sacrifice\" \"\" (character (cost 2) (atk 2) (def 2)) (payment (cost ko-this) (draw you 1)))
(card x-gd \"Guardian\" \"\" (character (cost 3) (atk 3) (def 3)) (continuous (replace ko-from-play (each yours other) (gain-endurance you 3))))";
    let mut b = Bench::new(cards);
    let sac = b.in_play(0, "x-sac", Row::Front, 0);
    b.in_play(0, "x-gd", Row::Front, 1);
    let hand = b.g.player(0).hand_len();
    b.act(Action::UsePower {
        card: sac,
        power: 0,
    });
    assert_eq!(b.g.endurance(0), 53, "the KO was replaced");
    assert!(matches!(b.g.card(sac).zone, Zone::Character(_)));
    settle(&mut b);
    assert_eq!(b.g.player(0).hand_len(), hand + 1, "the effect resolved");
}

/// 708.14a (= 101.6): a mulligan puts the hand on the bottom of the deck and draws four.
#[test]
fn r708_14a_a_mulligan_is_a_one_shot() {
    use crate::db::{register, CardPool};
    use crate::setup::{Deck, VsTcgSetup};
    let deck = Deck {
        name: "t".into(),
        cards: (1..=11)
            .map(|i| format!("trn-{i:03}"))
            .cycle()
            .take(60)
            .collect(),
    };
    let setup = VsTcgSetup {
        pool: crossover_cards::Pool(register(CardPool::built_in())),
        decks: vec![deck.clone(), deck],
    };
    let mut g = GameState::new(&setup, 11).unwrap();
    if let Pending::ChooseInitiative(_) = g.pending() {
        g.perform(&Action::ChooseInitiative(0));
    }
    let Pending::Mulligan(p) = g.pending() else {
        panic!("{:?}", g.pending());
    };
    let hand = g.player(p).hand.clone();
    assert_eq!(hand.len(), 4);
    g.perform(&Action::Mulligan);
    let bottom: std::collections::BTreeSet<CardId> =
        g.player(p).deck[..4].iter().copied().collect();
    assert_eq!(bottom, hand.iter().copied().collect());
    assert_eq!(g.player(p).hand_len(), 4);
    assert!(g.player(p).hand.iter().all(|c| !hand.contains(c)));
    assert_eq!(g.player(p).deck_len(), 56);
}

/// 708.17b: cards are discarded only from the hand: with an empty hand a discard takes
/// nothing from the deck or the resource row.
#[test]
fn r708_17b_discard_only_from_the_hand() {
    let (mut b, pt) = Bench::with_effect("(discard you 2)", "");
    b.resources(0, 2);
    b.act(Action::PlayPlotTwist(pt));
    assert_eq!(b.g.player(0).hand_len(), 0);
    let deck = b.g.player(0).deck_len();
    settle(&mut b);
    assert_eq!(b.g.player(0).ko_pile, vec![pt]);
    assert_eq!(b.g.player(0).deck_len(), deck);
    assert_eq!(b.g.player(0).resources().len(), 2);
}

/// G-Attacks: a character "attacks" when it becomes an attacker; a "can't attack"
/// character is never proposed.
#[test]
fn g_attacks_attacks_is_becoming_an_attacker() {
    let cards = "(card x-ch \"Charger\" \"\" (character (cost 3) (atk 3) (def 3)) (trigger (on attacks) (gain-endurance you 2)))
(card x-nc \"Pacifier\" \"\" (character (cost 3) (atk 3) (def 3)) (continuous (cant (each opposing) attack)))";
    let mut b = Bench::new(cards);
    let ch = b.in_play(0, "x-ch", Row::Front, 0);
    let d = b.in_play(1, "trn-027", Row::Front, 0);
    b.g.part = Part::Step(StepKind::Attack, 0);
    let propose = Action::Propose {
        attacker: ch,
        defender: Defender::Character(d),
    };
    b.act(propose);
    assert_eq!(b.g.endurance(0), 50, "not an attacker while proposed");
    b.act(Action::Pass);
    b.act(Action::Pass);
    assert!(b.g.attack().is_some_and(|a| a.started));
    assert_eq!(b.g.chain().len() + b.g.waiting.len(), 1, "it attacked");
    settle(&mut b);
    assert_eq!(b.g.endurance(0), 52);
    // A "can't attack" character isn't proposed.
    let mut b = Bench::new(cards);
    let ch = b.in_play(0, "x-ch", Row::Front, 0);
    let d = b.in_play(1, "trn-027", Row::Front, 0);
    b.in_play(1, "x-nc", Row::Front, 1);
    b.g.part = Part::Step(StepKind::Attack, 0);
    let propose = Action::Propose {
        attacker: ch,
        defender: Defender::Character(d),
    };
    assert!(!b.g.legal().contains(&propose));
}

/// G-Control: a player controls the characters in their rows and the effects they
/// play: only the controller uses a character's payment power, and controls its effect.
#[test]
fn g_control_you_use_the_powers_of_what_you_control() {
    let cards = "(card x-gp \"Giver\" \"\" (character (cost 2) (atk 2) (def 2)) (payment (cost activate) (gain-endurance you 1)))";
    let mut b = Bench::new(cards);
    let mine = b.in_play(0, "x-gp", Row::Front, 0);
    let theirs = b.in_play(1, "x-gp", Row::Front, 0);
    assert!(b.g.legal().contains(&Action::UsePower {
        card: mine,
        power: 0
    }));
    assert!(!b.g.legal().contains(&Action::UsePower {
        card: theirs,
        power: 0
    }));
    b.act(Action::UsePower {
        card: mine,
        power: 0,
    });
    assert_eq!(b.g.chain()[0].controller, Some(0));
    settle(&mut b);
    assert_eq!((b.g.endurance(0), b.g.endurance(1)), (51, 50));
}

/// G-Own: ownership never changes: a card owned by one player and controlled by
/// another goes to its owner's KO'd pile.
#[test]
fn g_own_a_kod_card_goes_to_its_owners_pile() {
    let mut b = Bench::new("");
    let c = b.in_hand(0, "trn-007");
    b.g.card_mut(c).controller = 1;
    b.g.move_card(c, Zone::Character(pos(Row::Front, 0)));
    assert_eq!(b.g.player(1).characters(), &[c]);
    b.g.ko(c);
    assert_eq!(b.g.card(c).owner, 0);
    assert_eq!(b.g.player(0).ko_pile(), &[c]);
    assert!(b.g.player(1).ko_pile().is_empty());
}

/// G-Priority: no player has priority while an effect resolves: a choice it asks
/// can't be passed.
#[test]
fn g_priority_nobody_has_priority_while_an_effect_resolves() {
    let (mut b, pt) = Bench::with_effect("(may \"gain\" 1) (gain-endurance you 2)", "");
    b.act(Action::PlayPlotTwist(pt));
    b.act(Action::Pass);
    b.act(Action::Pass);
    assert_eq!(b.g.pending(), Pending::EffectChoice(0));
    assert!(!b.g.legal().contains(&Action::Pass));
    assert!(!b
        .g
        .legal()
        .iter()
        .any(|a| matches!(a, Action::PlayPlotTwist(_))));
    b.act(Action::Yes);
    assert_eq!(b.g.pending(), Pending::Priority(0));
}

/// G-May: a "may" has no default: the effect waits for the player's answer, and each
/// answer is honoured.
#[test]
fn g_may_waits_for_the_players_choice() {
    for (answer, endurance) in [(Action::Yes, 52), (Action::No, 50)] {
        let (mut b, pt) = Bench::with_effect("(may \"gain\" 1) (gain-endurance you 2)", "");
        b.act(Action::PlayPlotTwist(pt));
        b.act(Action::Pass);
        b.act(Action::Pass);
        assert_eq!(b.g.legal(), vec![Action::Yes, Action::No]);
        assert_eq!(b.g.endurance(0), 50);
        b.act(answer);
        assert_eq!(b.g.endurance(0), endurance);
    }
}

/// G-Protecting: a character protects the one directly behind it if both have one
/// controller and it isn't stunned; a protected character can't be attacked by a
/// character without flight or range.
#[test]
fn g_protecting_the_character_in_front_protects() {
    let mut b = Bench::new("");
    let front = b.in_play(1, "trn-007", Row::Front, 0);
    let back = b.in_play(1, "trn-004", Row::Support, 0);
    let side = b.in_play(1, "trn-004", Row::Support, 1);
    let a = b.in_play(0, "trn-007", Row::Front, 0);
    assert!(b.g.is_protected(back));
    assert!(!b.g.is_protected(side));
    b.g.part = Part::Step(StepKind::Attack, 0);
    let at = |d| Action::Propose {
        attacker: a,
        defender: Defender::Character(d),
    };
    assert!(!b.g.legal().contains(&at(back)));
    assert!(b.g.legal().contains(&at(side)));
    b.g.card_mut(front).stunned = true;
    assert!(!b.g.is_protected(back));
    assert!(b.g.legal().contains(&at(back)));
}

/// G-Target: a target is checked again as the effect resolves: a character that left
/// play and came back is a new object, no longer the target, and an effect whose
/// targets are all illegal does nothing.
#[test]
fn g_target_a_target_that_changed_zones_is_lost() {
    let cards = "(card x-st \"Stun Twist\" \"\" (plot-twist (threshold 0)) (effect (target 0 character) (stun (target 0))))";
    let (mut b, bounce) =
        Bench::with_effect("(target 0 character) (return-to-hand (target 0))", cards);
    let st = b.in_hand(0, "x-st");
    let victim = b.in_play(1, "trn-007", Row::Front, 0);
    b.act(Action::PlayPlotTwist(st));
    b.target(victim);
    b.act(Action::PlayPlotTwist(bounce));
    b.target(victim);
    b.act(Action::Pass);
    b.act(Action::Pass);
    assert_eq!(b.g.card(victim).zone, Zone::Hand);
    b.g.move_card(victim, Zone::Character(pos(Row::Front, 0)));
    b.resolve_all();
    assert!(!b.g.card(victim).stunned);
    assert_eq!(b.g.endurance(1), 50);
    assert_eq!(b.g.card(st).zone, Zone::KoPile);
}

/// G-That-The: "that character" keeps meaning the character the trigger was about,
/// even once it no longer fits the description (it was recovered).
#[test]
fn g_that_the_that_character_after_a_recover() {
    let cards = "(card x-an \"Anarch\" \"\" (character (cost 2) (atk 2) (def 2)) (payment (cost activate) (target 0 character opposing) (stun (target 0))) (trigger (on stuns-a-character) (ko that)))
(card x-rc \"Back Up\" \"\" (plot-twist (threshold 0)) (effect (target 0 character stunned) (recover (target 0))))";
    let mut b = Bench::new(cards);
    let an = b.in_play(0, "x-an", Row::Front, 0);
    let victim = b.in_play(1, "trn-007", Row::Front, 0);
    let rc = b.in_hand(1, "x-rc");
    b.act(Action::UsePower { card: an, power: 0 });
    b.target(victim);
    b.act(Action::Pass);
    b.act(Action::Pass);
    assert!(b.g.card(victim).stunned);
    // The trigger is on the chain; p1 recovers the character in response.
    while b.g.chain().is_empty() {
        b.act(Action::Pass);
    }
    if b.g.pending() == Pending::Priority(0) {
        b.act(Action::Pass);
    }
    b.act(Action::PlayPlotTwist(rc));
    b.target(victim);
    b.act(Action::Pass);
    b.act(Action::Pass);
    assert!(!b.g.card(victim).stunned);
    b.resolve_all();
    assert_eq!(b.g.card(victim).zone, Zone::KoPile);
}

/// G-Unaffiliated: a character with no affiliation is unaffiliated; one with an
/// affiliation is not.
#[test]
fn g_unaffiliated_only_characters_without_affiliation() {
    let (mut b, pt) = Bench::with_effect(
        "(gets (each unaffiliated) 2 0 this-turn)",
        "(card x-lw \"Lone Wolf\" \"\" (character (cost 2) (atk 2) (def 2)))",
    );
    let lone = b.in_play(0, "x-lw", Row::Front, 0);
    let cadet = b.in_play(0, "trn-001", Row::Front, 1);
    b.play(pt, &[]);
    assert_eq!((b.g.atk(lone), b.g.atk(cadet)), (4, 2));
}

/// G-You: "you" is the controller of the power's object, whoever owns it, and never a
/// target: only "target" names the target player.
#[test]
fn g_you_is_the_controller_never_the_target() {
    let (mut b, pt) = Bench::with_effect(
        "(target 0 player opponent) (gain-endurance you 1) (lose-endurance (target 0) 2)",
        "(card x-gp \"Giver\" \"\" (character (cost 2) (atk 2) (def 2)) (payment (cost activate) (gain-endurance you 3)))",
    );
    b.act(Action::PlayPlotTwist(pt));
    b.act(Action::ChooseTarget(TargetRef::Player(1)));
    b.resolve_all();
    assert_eq!((b.g.endurance(0), b.g.endurance(1)), (51, 48));
    // A character of p0's deck that p1 controls: its "you" is p1.
    let c = b.in_hand(0, "x-gp");
    b.g.card_mut(c).controller = 1;
    b.g.move_card(c, Zone::Character(pos(Row::Front, 0)));
    b.g.give_priority(1);
    b.act(Action::UsePower { card: c, power: 0 });
    settle(&mut b);
    assert_eq!((b.g.endurance(0), b.g.endurance(1)), (51, 51));
}

/// G-Reveal: a revealed face-down resource doesn't become a character, and revealing
/// doesn't break the succession of passes.
#[test]
fn g_reveal_a_revealed_resource_stays_a_resource_and_passes_go_on() {
    let cards = "(card x-rs \"Reserve Cadet\" \"\" (character (cost 2) (atk 2) (def 2)) (keywords reservist))";
    let mut b = Bench::new(cards);
    let r = b.resource(1, "x-rs");
    b.act(Action::Pass);
    assert_eq!(b.g.pending(), Pending::Priority(1));
    b.act(Action::Reveal(r));
    assert!(b.g.card(r).revealed);
    assert!(!b.g.is_character(r));
    assert_eq!(b.g.player(1).characters_len(), 0);
    assert_eq!(b.g.part(), Part::Step(StepKind::Recruit, 0));
    // p0 passed, p1 revealed then passes: the step ends.
    b.act(Action::Pass);
    assert_ne!(b.g.part(), Part::Step(StepKind::Recruit, 0));
}

/// 708.5c (= 507.1b): during an attack, discarding a character card that shares a name
/// with your attacker powers it up (+1/+1); a card of another name can't be discarded
/// for it, and there is no power-up outside an attack.
#[test]
fn r708_5c_the_game_based_power_up() {
    let mut b = Bench::new("");
    let a = b.in_play(0, "trn-007", Row::Front, 0);
    let d = b.in_play(1, "trn-027", Row::Front, 0);
    let same = b.in_hand(0, "trn-007");
    let other = b.in_hand(0, "trn-008");
    let up = |discard| Action::PowerUp { target: a, discard };
    assert!(!b.g.legal().contains(&up(same)), "no attack yet");
    b.g.part = Part::Step(StepKind::Attack, 0);
    b.act(Action::Propose {
        attacker: a,
        defender: Defender::Character(d),
    });
    b.act(Action::Pass);
    b.act(Action::Pass);
    assert!(b.g.attack().is_some_and(|x| x.started));
    assert!(!b.g.legal().contains(&up(other)));
    b.act(up(same));
    assert_eq!(b.g.card(same).zone, Zone::KoPile);
    b.act(Action::Pass);
    b.act(Action::Pass);
    assert_eq!((b.g.atk(a), b.g.def_value(a)), (7, 6));
}

/// G-Share: characters share an affiliation if they have one in common; an
/// unaffiliated character shares none, not even with another unaffiliated one, so it
/// can't join a team attack (601.5).
#[test]
fn g_share_no_affiliation_is_shared_by_the_unaffiliated() {
    let cards = "(card x-lw \"Lone Wolf\" \"\" (character (cost 2) (atk 2) (def 2)))";
    for first_wolf in [true, false] {
        let mut b = Bench::new(cards);
        let w1 = b.in_play(0, "x-lw", Row::Front, 0);
        // A second unaffiliated character, which can't join the first.
        b.in_play(0, "x-lw", Row::Front, 1);
        let c1 = b.in_play(0, "trn-001", Row::Front, 2);
        let c2 = b.in_play(0, "trn-004", Row::Front, 3);
        let d = b.in_play(1, "trn-027", Row::Front, 0);
        b.g.part = Part::Step(StepKind::Attack, 0);
        b.act(Action::Propose {
            attacker: if first_wolf { w1 } else { c1 },
            defender: Defender::Character(d),
        });
        if first_wolf {
            assert!(b.g.could_join(0).is_empty());
            assert!(b.g.attack().is_some_and(|a| a.attackers.len() == 1));
        } else {
            assert_eq!(b.g.could_join(0), vec![c2]);
            assert!(b.g.legal().contains(&Action::JoinTeam(c2)));
            assert!(!b.g.legal().contains(&Action::JoinTeam(w1)));
        }
    }
}

/// 708.5b: a "becomes powered-up" power triggers on every application of a power-up.
#[test]
fn r708_5b_becomes_powered_up_triggers_each_time() {
    let cards = "(card x-pu \"Pumped\" \"\" (character (cost 4) (atk 4) (def 4)) (trigger (on becomes-powered-up) (gain-endurance you 1)))";
    let mut b = Bench::new(cards);
    let a = b.in_play(0, "x-pu", Row::Front, 0);
    let d = b.in_play(1, "trn-027", Row::Front, 0);
    let first = b.in_hand(0, "x-pu");
    let second = b.in_hand(0, "x-pu");
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
        assert_eq!(b.g.atk(a), 4 + n);
    }
}

const READY_EXHAUST: &str = "(card x-wt \"Watcher\" \"\" (character (cost 2) (atk 2) (def 2)) (trigger (on readies) (gain-endurance you 1)) (trigger (on exhausts) (gain-endurance you 10)))
(card x-rd \"Ready Twist\" \"\" (plot-twist (threshold 0)) (effect (target 0 character) (ready (target 0))))
(card x-ex \"Exhaust Twist\" \"\" (plot-twist (threshold 0)) (effect (target 0 character) (exhaust (target 0))))";

/// 708.15b and 708.16b: "readies" and "exhausts" powers trigger only when the
/// character really changes: readying a ready character or exhausting an exhausted one
/// triggers nothing.
#[test]
fn r708_15b_r708_16b_ready_and_exhaust_trigger_only_on_a_change() {
    let mut b = Bench::new(READY_EXHAUST);
    let w = b.in_play(0, "x-wt", Row::Front, 0);
    let twists: Vec<CardId> = ["x-rd", "x-ex", "x-ex", "x-rd"]
        .iter()
        .map(|id| b.in_hand(0, id))
        .collect();
    // Ready while ready: nothing. Exhaust: +10. Exhaust again: nothing. Ready: +1.
    for (pt, endurance) in twists.into_iter().zip([50, 60, 60, 61]) {
        b.play(pt, &[w]);
        settle(&mut b);
        assert_eq!(b.g.endurance(0), endurance);
    }
    assert!(!b.g.card(w).exhausted);
}

/// 708.15c and 708.16c: a replacement of readying applies only to an exhausted
/// character, one of exhausting only to a ready one.
#[test]
fn r708_15c_r708_16c_replacements_of_ready_and_exhaust() {
    let cards = format!(
        "{READY_EXHAUST}
(card x-nr \"Lethargy Field\" \"\" (character (cost 2) (atk 2) (def 2)) (continuous (replace ready (each opposing) (gain-endurance you 3))))
(card x-nx \"Vigor Field\" \"\" (character (cost 2) (atk 2) (def 2)) (continuous (replace exhaust (each opposing) (gain-endurance you 5))))"
    );
    let mut b = Bench::new(&cards);
    b.in_play(0, "x-nr", Row::Support, 0);
    b.in_play(0, "x-nx", Row::Support, 1);
    let foe = b.in_play(1, "trn-007", Row::Front, 0);
    // Ready a ready character: no replacement. Exhaust it: replaced (+5, still ready).
    let r1 = b.in_hand(0, "x-rd");
    b.play(r1, &[foe]);
    assert_eq!(b.g.endurance(0), 50);
    let e1 = b.in_hand(0, "x-ex");
    b.play(e1, &[foe]);
    assert_eq!(b.g.endurance(0), 55);
    assert!(!b.g.card(foe).exhausted);
    // Exhausted (by the game): exhausting it is not replaced; readying it is (+3).
    b.g.card_mut(foe).exhausted = true;
    let e2 = b.in_hand(0, "x-ex");
    b.play(e2, &[foe]);
    assert_eq!(b.g.endurance(0), 55);
    let r2 = b.in_hand(0, "x-rd");
    b.play(r2, &[foe]);
    assert_eq!(b.g.endurance(0), 58);
    assert!(b.g.card(foe).exhausted);
}

/// G-Up-To: "discard up to 2 cards" allows 0, 1 or 2: the player may stop before any
/// card, and is never asked for a third.
#[test]
fn g_up_to_any_number_from_0_to_n() {
    for stop_after in 0..=2usize {
        let (mut b, pt) = Bench::with_effect("(discard-up-to you 2) (gain-endurance you 1)", "");
        assert_eq!(
            b.effect_text(pt),
            "You discard up to 2 cards. You gain 1 endurance."
        );
        let hand: Vec<CardId> = (0..3).map(|_| b.in_hand(0, "trn-001")).collect();
        b.act(Action::PlayPlotTwist(pt));
        b.act(Action::Pass);
        b.act(Action::Pass);
        for &c in hand.iter().take(stop_after) {
            assert!(b.g.legal().contains(&Action::No));
            b.act(Action::Pick(c));
        }
        if stop_after < 2 {
            b.act(Action::No);
        }
        assert_eq!(b.g.pending(), Pending::Priority(0));
        assert_eq!(b.g.player(0).hand_len(), 3 - stop_after);
        assert_eq!(b.g.player(0).ko_pile.len(), 1 + stop_after);
        assert_eq!(b.g.endurance(0), 51);
    }
}

/// 708.8b: replacing several resources chooses them all first (a card put in a
/// replaced resource's place can't be chosen), then each is KO'd and a deck card put
/// face down in its place.
#[test]
fn r708_8b_replacing_several_chooses_them_all_first() {
    let (mut b, pt) = Bench::with_effect("(replace-resources you 2)", "");
    assert_eq!(
        b.effect_text(pt),
        "Replace 2 face-down resources you control."
    );
    let r1 = b.resource(0, "trn-007");
    let keep = b.resource(0, "trn-008");
    let r2 = b.resource(0, "trn-009");
    let deck = b.g.player(0).deck_len();
    b.act(Action::PlayPlotTwist(pt));
    b.act(Action::Pass);
    b.act(Action::Pass);
    assert_eq!(b.g.legal().len(), 3);
    b.act(Action::Pick(r1));
    // Nothing is replaced yet: the other two are the only choices.
    assert_eq!(b.g.card(r1).zone, Zone::Resource);
    assert_eq!(b.g.legal(), vec![Action::Pick(keep), Action::Pick(r2)]);
    b.act(Action::Pick(r2));
    assert_eq!(b.g.pending(), Pending::Priority(0));
    assert_eq!(b.g.card(r1).zone, Zone::KoPile);
    assert_eq!(b.g.card(r2).zone, Zone::KoPile);
    let row = b.g.player(0).resources().to_vec();
    assert_eq!(row.len(), 3);
    assert_eq!(row[1], keep);
    assert!(row
        .iter()
        .all(|&r| !b.g.card(r).face_up && !b.g.card(r).revealed));
    assert_eq!(b.g.player(0).deck_len(), deck - 2);
}
