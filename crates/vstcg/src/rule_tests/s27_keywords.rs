//! Session 27's keywords and the rules they bring: terraform, substitute, hunter,
//! transferable and insanity (706), revealing as a cost (708.9b, 708.9d).

use crate::action::Action;
use crate::ids::*;
use crate::state::*;
use crate::testkit::Bench;
use crate::vocab::{Filter, Keyword, Test};

const CARDS: &str = r#"
(card x-tf "Test Terraformer" "" (location (threshold 1)) (keywords terraform))
(card x-sb "Test Understudy" "" (character (cost 3) (atk 3) (def 3)) (keywords substitute))
(card x-sb2 "Lieutenant Brask" "Stand-In" (character (cost 2) (atk 2) (def 2)) (keywords substitute))
(card x-hu "Test Tracker" "" (character (cost 2) (atk 2) (def 2)) (keywords hunter)
  (continuous (stats (each hunted) -1 -1)))
(card x-eq "Test Harness" "" (equipment (cost 1)) (keywords transferable))
(card x-in "Test Lunatic" "" (character (cost 2) (atk 2) (def 2)) (keywords insanity)
  (insanity (continuous (stats this 2 2))))
(card x-ng "Test Veto" "" (plot-twist (threshold 0)) (effect (target 0 effect) (negate (target 0))))
"#;

fn bench() -> Bench {
    Bench::new(CARDS)
}

fn pass_both(b: &mut Bench) {
    b.act(Action::Pass);
    b.act(Action::Pass);
}

/// 706.13: terraform is a payment power from the hand, only in your recruit step:
/// reveal the card; as it resolves you may return a face-down resource to your hand,
/// and if you do the card goes face down into your resource row.
#[test]
fn r706_13_terraform_swaps_a_face_down_resource_for_the_revealed_card() {
    let mut b = bench();
    let tf = b.in_hand(0, "x-tf");
    b.resources(0, 2);
    let back = b.g.player(0).resources[0];
    let text = crate::text::card_line(b.g.pool(), b.g.def(tf));
    assert!(
        text.contains("Terraform") && !text.contains("reveal this card"),
        "{text}"
    );
    // Not outside your recruit step.
    b.g.part = Part::Step(StepKind::Attack, 0);
    assert!(!b
        .g
        .legal()
        .contains(&Action::UsePower { card: tf, power: 0 }));
    b.g.part = Part::Step(StepKind::Recruit, 0);
    b.act(Action::UsePower { card: tf, power: 0 });
    assert_eq!(b.g.card(tf).zone, Zone::Chain, "revealed onto the chain");
    pass_both(&mut b);
    assert_eq!(b.g.pending(), Pending::EffectChoice(0));
    assert!(b.g.legal().contains(&Action::No));
    b.act(Action::Pick(back));
    assert_eq!(b.g.card(back).zone, Zone::Hand);
    assert_eq!(b.g.card(tf).zone, Zone::Resource);
    assert!(!b.g.card(tf).face_up, "face down");
    assert_eq!(b.g.player(0).resources.len(), 2);
}

/// 706.13: terraform works from the hand whatever the card's type: a plot twist's too.
#[test]
fn r706_13_terraform_on_a_plot_twist_in_hand() {
    let mut b = Bench::new(
        "(card x-tp \"Test Landfall\" \"\" (plot-twist (threshold 9)) (keywords terraform) (effect (draw you 1)))",
    );
    let tp = b.in_hand(0, "x-tp");
    b.resources(0, 1);
    let power = b.g.def(tp).powers.len() as u8 - 1;
    assert!(b.g.legal().contains(&Action::UsePower { card: tp, power }));
    b.act(Action::UsePower { card: tp, power });
    pass_both(&mut b);
    let r = b.g.player(0).resources[0];
    b.act(Action::Pick(r));
    assert_eq!(b.g.card(tp).zone, Zone::Resource);
    assert_eq!(b.g.card(r).zone, Zone::Hand);
}

/// 706.13a: the revealed card goes onto the chain with the effect; if its controller
/// returns no face-down resource, it goes back to its owner's hand.
#[test]
fn r706_13a_terraform_declined_sends_the_card_back_to_hand() {
    let mut b = bench();
    let tf = b.in_hand(0, "x-tf");
    b.resources(0, 1);
    b.act(Action::UsePower { card: tf, power: 0 });
    assert_eq!(b.g.card(tf).zone, Zone::Chain);
    pass_both(&mut b);
    b.act(Action::No);
    assert_eq!(b.g.card(tf).zone, Zone::Hand);
    assert_eq!(b.g.player(0).resources.len(), 1);
    assert!(b.g.chain().is_empty());
}

/// 708.9b: a reveal cost can't be paid with a resource: the power exists only in the
/// hand, so a face-up (or face-down) copy in the resource row offers none.
#[test]
fn r708_9b_a_reveal_cost_is_paid_from_the_hand_not_with_a_resource() {
    let mut b = bench();
    let tf = b.resource(0, "x-tf");
    b.g.card_mut(tf).face_up = true;
    assert!(!b
        .g
        .legal()
        .contains(&Action::UsePower { card: tf, power: 0 }));
    let other = b.in_hand(0, "x-tf");
    assert!(b.g.legal().contains(&Action::UsePower {
        card: other,
        power: 0
    }));
}

/// 708.9d: the card revealed for the cost is carried onto the chain from the hand with
/// its effect; if the effect leaves the chain before resolving (negated), the card goes
/// back to its owner's hand, not to the KO'd pile.
#[test]
fn r708_9d_a_revealed_card_rides_the_chain_and_returns_when_negated() {
    let mut b = bench();
    let sb = b.in_hand(0, "x-sb");
    let veto = b.in_hand(1, "x-ng");
    b.in_play(0, "trn-007", Row::Front, 0);
    b.act(Action::UsePower { card: sb, power: 0 });
    assert_eq!(b.g.card(sb).zone, Zone::Chain);
    assert!(b.g.can_see(1, sb), "revealed: public on the chain");
    b.act(Action::Pass);
    b.act(Action::PlayPlotTwist(veto));
    let id = b.g.chain()[0].id;
    b.act(Action::ChooseTarget(TargetRef::Effect(id)));
    b.resolve_all();
    assert_eq!(b.g.card(sb).zone, Zone::Hand);
    assert_eq!(b.g.card(veto).zone, Zone::KoPile);
    assert!(b.g.chain().is_empty());
}

/// 706.14: substitute: reveal this card >>> you may remove from the game a ready
/// character you control with cost at least this card's; if you do, put this card into
/// play (706.14b: it is substituted: it enters play, its enters-play powers trigger).
#[test]
fn r706_14_r706_14b_substitute_trades_a_ready_character_for_the_revealed_card() {
    let mut b = bench();
    let sb = b.in_hand(0, "x-sb");
    let cheap = b.in_play(0, "trn-004", Row::Front, 0); // cost 2: too cheap
    let big = b.in_play(0, "trn-007", Row::Front, 1); // cost 4
    let tired = b.in_play(0, "trn-009", Row::Front, 2); // cost 5, exhausted
    b.g.exhaust(tired);
    b.act(Action::UsePower { card: sb, power: 0 });
    pass_both(&mut b);
    b.act(Action::Yes);
    let picks: Vec<Action> = b.g.legal();
    assert!(picks.contains(&Action::Pick(big)));
    assert!(!picks.contains(&Action::Pick(cheap)) && !picks.contains(&Action::Pick(tired)));
    b.act(Action::Pick(big));
    assert_eq!(b.g.card(big).zone, Zone::Removed { face_down: false });
    assert_eq!(b.g.pending(), Pending::EffectChoice(0));
    let pos = Position {
        area: Area::Visible,
        row: Row::Support,
        col: 0,
    };
    b.act(Action::Place(pos));
    assert_eq!(b.g.card(sb).zone, Zone::Character(pos));
    assert!(!b.g.card(sb).exhausted);
    assert_eq!(b.g.card(sb).controller, 0);
}

/// 706.14a: if no appropriate character is removed from the game, the revealed card goes
/// back to its owner's hand.
#[test]
fn r706_14a_substitute_without_a_removal_returns_the_card() {
    for say_yes in [true, false] {
        let mut b = bench();
        let sb = b.in_hand(0, "x-sb");
        let cheap = b.in_play(0, "trn-004", Row::Front, 0);
        b.act(Action::UsePower { card: sb, power: 0 });
        pass_both(&mut b);
        b.act(if say_yes { Action::Yes } else { Action::No });
        assert_eq!(b.g.card(sb).zone, Zone::Hand, "yes: {say_yes}");
        assert_eq!(
            b.g.card(cheap).zone,
            Zone::Character(Position {
                area: Area::Visible,
                row: Row::Front,
                col: 0
            })
        );
        assert!(b.g.chain().is_empty());
    }
}

/// 704.1: resolving a substitute effect for a unique character sends the other unique
/// objects of its name its controller controls to their owners' KO'd piles.
#[test]
fn r704_1_substituting_checks_the_uniqueness_rule() {
    let mut b = bench();
    let sb = b.in_hand(0, "x-sb2"); // "Lieutenant Brask", cost 2
    let brask = b.in_play(0, "trn-007", Row::Front, 0);
    let other = b.in_play(0, "trn-004", Row::Front, 1);
    b.act(Action::UsePower { card: sb, power: 0 });
    pass_both(&mut b);
    b.act(Action::Yes);
    b.act(Action::Pick(other));
    let pos = Position {
        area: Area::Visible,
        row: Row::Support,
        col: 0,
    };
    b.act(Action::Place(pos));
    assert_eq!(b.g.card(sb).zone, Zone::Character(pos));
    assert_eq!(b.g.card(brask).zone, Zone::KoPile);
}

/// 706.17: hunter: when it enters play its controller chooses an opposing character,
/// which becomes hunted by them (a card may refer to it: here -1/-1).
#[test]
fn r706_17_hunter_hunts_an_opposing_character_as_it_enters_play() {
    let mut b = bench();
    let hu = b.in_hand(0, "x-hu");
    let prey = b.in_play(1, "trn-007", Row::Front, 0);
    let mine = b.in_play(0, "trn-004", Row::Front, 0);
    b.g.player_mut(0).rp = 2;
    b.act(Action::Recruit {
        card: hu,
        boost: false,
    });
    pass_both(&mut b);
    let pos = Position {
        area: Area::Visible,
        row: Row::Front,
        col: 1,
    };
    b.act(Action::Place(pos));
    // The triggered effect resolves; only the opposing character may be chosen.
    b.resolve_all();
    assert_eq!(b.g.pending(), Pending::EffectChoice(0));
    assert!(!b.g.legal().contains(&Action::Pick(mine)));
    b.act(Action::Pick(prey));
    assert_eq!(b.g.hunted_by(0), Some(prey));
    assert_eq!((b.g.atk(prey), b.g.def_value(prey)), (5, 4));
}

/// 706.17a: one character is hunted by a player at a time; it stops being hunted when it
/// stops being opposed to that player or leaves play.
#[test]
fn r706_17a_one_hunted_character_at_a_time_and_only_while_opposed_and_in_play() {
    let (mut b, pt) = Bench::with_effect("(target 0 character opposing) (hunt (target 0))", "");
    let first = b.in_play(1, "trn-007", Row::Front, 0);
    let second = b.in_play(1, "trn-006", Row::Front, 1);
    b.play(pt, &[first]);
    assert_eq!(b.g.hunted_by(0), Some(first));
    let pt2 = b.in_hand(0, "x-pt");
    b.play(pt2, &[second]);
    assert_eq!(
        b.g.hunted_by(0),
        Some(second),
        "the first stopped being hunted"
    );
    // Control changes: no longer opposed.
    b.g.player_mut(1).characters.retain(|&c| c != second);
    b.g.card_mut(second).controller = 0;
    b.g.player_mut(0).characters.push(second);
    assert_eq!(b.g.hunted_by(0), None);
    // Leaving play ends it for good, even if it comes back.
    let pt3 = b.in_hand(0, "x-pt");
    b.play(pt3, &[first]);
    assert_eq!(b.g.hunted_by(0), Some(first));
    b.g.move_card(first, Zone::Hand);
    b.g.move_card(
        first,
        Zone::Character(Position {
            area: Area::Visible,
            row: Row::Front,
            col: 0,
        }),
    );
    b.g.card_mut(first).controller = 1;
    assert_eq!(b.g.hunted_by(0), None);
}

/// 706.4, G-Transferable: at the start of your formation step you may transfer a
/// transferable equipment; the triggered effect goes on the chain once the formation is
/// set, and the new host is chosen as it resolves.
#[test]
fn r706_4_g_transferable_moves_the_equipment_at_the_formation_step() {
    let mut b = bench();
    let a = b.in_play(0, "trn-007", Row::Front, 0);
    let c = b.in_play(0, "trn-006", Row::Front, 1);
    let eq = b.in_hand(0, "x-eq");
    b.g.card_mut(eq).controller = 0;
    b.g.move_card(eq, Zone::Equipped(a));
    let text = crate::text::card_line(b.g.pool(), b.g.def(eq));
    assert!(text.contains("Transferable"), "{text}");
    // The recruit step ends: the formation step starts and the power triggers.
    pass_both(&mut b);
    assert_eq!(b.g.part(), Part::Step(StepKind::Formation, 0));
    assert_eq!(b.g.pending(), Pending::Formation(0));
    assert!(b.g.chain().is_empty(), "not before the formation is set");
    b.act(Action::FormationDone);
    assert_eq!(b.g.chain().len(), 1);
    pass_both(&mut b);
    assert_eq!(b.g.pending(), Pending::EffectChoice(0));
    assert!(b.g.legal().contains(&Action::No));
    assert!(!b.g.legal().contains(&Action::Pick(a)));
    b.act(Action::Pick(c));
    assert_eq!(b.g.card(eq).zone, Zone::Equipped(c));
}

/// 706.15: "Insanity: text" is active only if the card started the game in an insane
/// deck.
#[test]
fn r706_15_insanity_text_is_active_only_from_an_insane_deck() {
    let mut b = bench();
    let lu = b.in_play(0, "x-in", Row::Front, 0);
    let text = crate::text::card_line(b.g.pool(), b.g.def(lu));
    assert!(text.contains("Insanity: "), "{text}");
    b.g.player_mut(0).insane = false;
    assert_eq!(b.g.atk(lu), 2);
    b.g.player_mut(0).insane = true;
    assert_eq!(b.g.atk(lu), 4);
    // The owner's deck counts, not the controller's.
    b.g.player_mut(0).insane = false;
    b.g.player_mut(1).insane = true;
    b.g.card_mut(lu).controller = 1;
    assert_eq!(b.g.atk(lu), 2);
}

/// 706.15a: a deck is insane if it has no more than one copy of each card.
#[test]
fn r706_15a_a_deck_with_one_copy_of_each_card_is_insane() {
    use crate::setup::{Deck, VsTcgSetup};
    let pool = crate::db::register(crate::db::CardPool::built_in());
    let sane: Vec<String> = vec!["trn-001".into(), "trn-002".into(), "trn-001".into()];
    let insane: Vec<String> = (1..=9).map(|i| format!("trn-00{i}")).collect();
    let setup = VsTcgSetup {
        pool: crossover_cards::Pool(pool),
        decks: vec![
            Deck {
                name: "sane".into(),
                cards: sane,
            },
            Deck {
                name: "insane".into(),
                cards: insane,
            },
        ],
    };
    let g = GameState::new(&setup, 1).expect("setup");
    assert!(!g.player(0).insane);
    assert!(g.player(1).insane);
}

/// 708.19b: a rally "for a card of your choice" is chosen before the card is revealed:
/// the choice is asked while the top card is still in the deck, and decides the rally.
#[test]
fn r708_19b_rally_for_a_card_of_your_choice_chooses_before_revealing() {
    for take_first in [true, false] {
        let (mut b, pt) = Bench::with_effect("(rally-choice you ((cost>= 4)) ((cost<= 1)))", "");
        let top = *b.g.player(0).deck.last().unwrap(); // a cost-1 Cadet
        b.act(Action::PlayPlotTwist(pt));
        pass_both(&mut b);
        assert_eq!(b.g.pending(), Pending::EffectChoice(0));
        assert_eq!(b.g.card(top).zone, Zone::Deck, "not revealed yet");
        b.act(if take_first { Action::Yes } else { Action::No });
        let want = if take_first { Zone::Deck } else { Zone::Hand };
        assert_eq!(
            b.g.card(top).zone,
            want,
            "cost 4 or more chosen: {take_first}"
        );
        if take_first {
            assert_eq!(b.g.player(0).deck[0], top, "to the bottom");
        }
    }
}

/// 708.19c: rallying for several cards rallies one at a time, each revealing the top
/// card as it then is: a one-card deck's card, put on the bottom, is revealed again.
#[test]
fn r708_19c_rallying_for_several_cards_goes_one_at_a_time() {
    let (mut b, pt) = Bench::with_effect("(rally you 2 (cost>= 4))", "");
    assert_eq!(
        b.effect_text(pt),
        "You rally for 2 cards with cost 4 or more, one at a time."
    );
    let deck = b.g.player(0).deck.clone();
    let (keep, big) = (deck[deck.len() - 1], deck[deck.len() - 2]);
    b.g.card_mut(big).def = b.g.pool.find_id("trn-007").unwrap();
    for c in deck {
        if c != keep && c != big {
            b.g.move_card(c, Zone::KoPile);
        }
    }
    // Deck: big (bottom), keep (top, cost 1).
    b.play(pt, &[]);
    // First rally: keep fails and goes to the bottom; second: big is now on top.
    assert_eq!(b.g.card(big).zone, Zone::Hand);
    assert_eq!(b.g.player(0).deck, vec![keep]);
}

/// 302.9: an equipment put into play attached follows the rules for attaching it: one
/// that may be attached enters play on that character; one that can't (a concealed
/// equipment on a visible character, 302.3a) stays in the hand.
#[test]
fn r302_9_equipment_put_into_play_attached_must_be_legal_there() {
    let extra = r#"
(card x-vq "Test Visible Kit" "" (equipment (cost 1)))
(card x-cq "Test Hidden Kit" "" (equipment (cost 1) concealed))
"#;
    let (mut b, pt) = Bench::with_effect(
        "(target 0 character yours) (equip-from-hand (target 0))",
        extra,
    );
    assert_eq!(
        b.effect_text(pt),
        "Target 0 is a character you control. Put an equipment card from your hand into play attached to target 0."
    );
    let host = b.in_play(0, "trn-007", Row::Front, 0);
    let hidden = b.in_hand(0, "x-cq");
    b.act(Action::PlayPlotTwist(pt));
    b.target(host);
    pass_both(&mut b);
    b.act(Action::Pick(hidden));
    assert_eq!(
        b.g.card(hidden).zone,
        Zone::Hand,
        "can't be attached: stays"
    );
    let kit = b.in_hand(0, "x-vq");
    let pt2 = b.in_hand(0, "x-pt");
    b.act(Action::PlayPlotTwist(pt2));
    b.target(host);
    pass_both(&mut b);
    b.act(Action::Pick(kit));
    assert_eq!(b.g.card(kit).zone, Zone::Equipped(host));
    assert_eq!(b.g.card(kit).controller, 0);
}

const IDENTITIES: &str = r#"
(card x-ow "Anya" "Night Owl" (character (cost 2) (atk 2) (def 2)) (identity "The Owl"))
(card x-nw "Anya" "Nightwatch" (character (cost 2) (atk 2) (def 2)) (identity "The Watcher"))
(card x-to "The Owl" "Feathered" (character (cost 2) (atk 2) (def 2)))
(card x-mk "Mask Maker" "" (character (cost 2) (atk 2) (def 2))
  (continuous (has-identity (each yours) "The Owl")))
"#;

/// 201.6: the text after the diamond is the printed identity; a character with no diamond
/// has its printed name as its identity; identities are ignored by the uniqueness rule
/// (two Anyas with different identities are unique with each other, "The Owl" and "Anya
/// <> The Owl" are not).
#[test]
fn r201_6_identities_after_the_diamond_and_ignored_by_uniqueness() {
    let mut b = Bench::new(IDENTITIES);
    let owl = b.in_play(0, "x-ow", Row::Front, 0);
    assert_eq!(b.g.def(owl).display_name(), "Anya <> The Owl, Night Owl");
    assert_eq!(b.g.identities(owl), vec!["The Owl".to_string()]);
    let plain = b.in_play(0, "x-to", Row::Front, 1);
    assert_eq!(b.g.identities(plain), vec!["The Owl".to_string()]);
    let ident = Filter(vec![Test::Identity("The Owl".into())]);
    assert!(b.g.matches(&ident, owl, 0, owl) && b.g.matches(&ident, plain, 0, plain));
    // Another "The Owl" enters: the one of that name goes, the Anya whose identity it
    // is stays (names differ).
    let another = b.in_hand(0, "x-to");
    b.g.check_uniqueness(another, 0);
    assert_eq!(b.g.card(plain).zone, Zone::KoPile);
    assert!(matches!(b.g.card(owl).zone, Zone::Character(_)));
    // Same name, different identity: the uniqueness rule applies.
    let watch = b.in_hand(0, "x-nw");
    b.g.check_uniqueness(watch, 0);
    assert_eq!(b.g.card(owl).zone, Zone::KoPile);
}

/// Glossary Identity: characters may gain identities; two characters share an identity
/// if any of their identities match, printed or gained.
#[test]
fn g_identity_gained_identities_are_shared() {
    let mut b = Bench::new(IDENTITIES);
    let watch = b.in_play(0, "x-nw", Row::Front, 0);
    let owl = b.in_play(1, "x-to", Row::Front, 0);
    let shares = Filter(vec![Test::SharesIdentity]);
    assert!(!b.g.matches(&shares, watch, 1, owl));
    let mk = b.in_play(0, "x-mk", Row::Front, 1);
    let text = crate::text::card_line(b.g.pool(), b.g.def(mk));
    assert!(text.contains("has the identity The Owl"), "{text}");
    assert_eq!(
        b.g.identities(watch),
        vec!["The Watcher".to_string(), "The Owl".to_string()]
    );
    assert!(
        b.g.matches(&shares, watch, 1, owl),
        "a gained identity matches"
    );
    // Only while the power applies: the opponent's character gains nothing.
    assert_eq!(b.g.identities(owl), vec!["The Owl".to_string()]);
}

/// 213.1d: a modifier of an effect whose cost moved a card to a zone may affect that card
/// only if it has stayed in that zone since: a substitute card that left the chain and
/// came back is a new card, which the effect neither puts into play nor sends back.
#[test]
fn r213_1d_an_effect_follows_the_card_its_cost_moved_only_while_it_stays() {
    let mut b = bench();
    let sb = b.in_hand(0, "x-sb");
    let big = b.in_play(0, "trn-007", Row::Front, 0);
    b.act(Action::UsePower { card: sb, power: 0 });
    pass_both(&mut b);
    b.act(Action::Yes);
    // The card leaves the chain and comes back before the effect would move it.
    b.g.move_card(sb, Zone::Hand);
    b.g.move_card(sb, Zone::Chain);
    b.act(Action::Pick(big));
    assert_eq!(b.g.card(big).zone, Zone::Removed { face_down: false });
    assert_eq!(
        b.g.card(sb).zone,
        Zone::Chain,
        "not put into play, not sent back"
    );
    assert!(b.g.chain().is_empty());
    // Untouched, the same card is put into play (r706_14 above).
}

const SHIFTERS: &str = r#"
(card x-sh "Test Drifter" "" (character (cost 3) (atk 3) (def 3)) (keywords shift))
(card x-sh1 "Lieutenant Brask" "Drifter" (character (cost 1) (atk 1) (def 1)) (keywords shift))
(card x-ng "Test Veto" "" (plot-twist (threshold 0)) (effect (target 0 effect) (negate (target 0))))
"#;

fn shift_powers(b: &Bench, c: CardId) -> Vec<u8> {
    b.g.legal()
        .into_iter()
        .filter_map(|a| match a {
            Action::UsePower { card, power } if card == c => Some(power),
            _ => None,
        })
        .collect()
}

fn shift_counters(b: &Bench, c: CardId) -> u32 {
    b.g.named_counters(c, "shift")
}

/// 706.18: shift's three powers: pay 1 or more resource points from the hand to remove
/// the card from the game shifted with that many counters; pay 1 to add a counter while
/// it is shifted; remove counters equal to its cost to shift it into play in your recruit
/// step if you control that many resources. Their effects can't be negated by players.
#[test]
fn r706_18_shift_from_hand_to_shifted_to_play() {
    let mut b = Bench::new(SHIFTERS);
    let sh = b.in_hand(0, "x-sh");
    let text = crate::text::card_line(b.g.pool(), b.g.def(sh));
    assert!(
        text.contains("Shift") && !text.contains("shift counter"),
        "{text}"
    );
    b.resources(0, 3);
    b.g.player_mut(0).rp = 3;
    // From the hand: pay 1, 2 or 3 (its cost); the shifted powers are not there yet.
    assert_eq!(shift_powers(&b, sh), vec![0, 1, 2]);
    b.act(Action::UsePower { card: sh, power: 1 });
    assert_eq!(b.g.player(0).rp, 1);
    // Players can't negate it.
    let veto = b.in_hand(1, "x-ng");
    b.act(Action::Pass);
    b.act(Action::PlayPlotTwist(veto));
    let id = b.g.chain()[0].id;
    b.act(Action::ChooseTarget(TargetRef::Effect(id)));
    b.resolve_all();
    assert_eq!(b.g.card(sh).zone, Zone::Removed { face_down: false });
    assert!(b.g.is_shifted(sh));
    assert_eq!(shift_counters(&b, sh), 2);
    // Shifted: pay 1 for a counter.
    assert_eq!(shift_powers(&b, sh), vec![3]);
    b.act(Action::UsePower { card: sh, power: 3 });
    b.resolve_all();
    assert_eq!(shift_counters(&b, sh), 3);
    // Next turn's recruit step: remove 3 counters to shift it into play.
    b.g.player_mut(0).rp = 0;
    assert_eq!(shift_powers(&b, sh), vec![4]);
    b.act(Action::UsePower { card: sh, power: 4 });
    assert_eq!(shift_counters(&b, sh), 0);
    b.resolve_all();
    let pos = Position {
        area: Area::Visible,
        row: Row::Front,
        col: 0,
    };
    b.act(Action::Place(pos));
    assert_eq!(b.g.card(sh).zone, Zone::Character(pos));
    assert!(!b.g.is_shifted(sh));
}

/// 706.18a: a card is shifted while it stays in the removed-from-game zone it was removed
/// to shifted; while shifted it has the shift keyword; it stops being shifted when it
/// changes zones.
#[test]
fn r706_18a_shifted_only_while_it_stays_and_it_has_shift() {
    let mut b = Bench::new(SHIFTERS);
    let plain = b.in_hand(0, "trn-004");
    b.g.move_card(plain, Zone::Removed { face_down: false });
    let shift = Filter(vec![Test::Keyword(Keyword::Shift)]);
    assert!(!b.g.card_matches(&shift, plain, 0, plain));
    b.g.shifted.push((plain, b.g.card(plain).object));
    assert!(b.g.is_shifted(plain));
    assert!(b.g.card_matches(&shift, plain, 0, plain), "gains shift");
    b.g.move_card(plain, Zone::Hand);
    b.g.move_card(plain, Zone::Removed { face_down: false });
    assert!(!b.g.is_shifted(plain), "it changed zones");
    assert!(!b.g.card_matches(&shift, plain, 0, plain));
}

/// 706.18b: a shifted card can't have more shift counters than its cost; one that isn't
/// shifted has none.
#[test]
fn r706_18b_shift_counters_up_to_the_cost_and_only_while_shifted() {
    let mut b = Bench::new(SHIFTERS);
    let sh = b.in_hand(0, "x-sh1"); // cost 1
    b.resources(0, 1);
    b.g.player_mut(0).rp = 5;
    assert_eq!(shift_powers(&b, sh), vec![0], "only 1 counter's worth");
    b.act(Action::UsePower { card: sh, power: 0 });
    b.resolve_all();
    assert_eq!(shift_counters(&b, sh), 1);
    b.act(Action::UsePower { card: sh, power: 1 });
    b.resolve_all();
    assert_eq!(shift_counters(&b, sh), 1, "not past its cost");
    assert_eq!(b.g.player(0).rp, 3, "paid all the same");
    b.g.move_card(sh, Zone::Hand);
    b.g.move_card(sh, Zone::Removed { face_down: false });
    assert_eq!(shift_counters(&b, sh), 0);
    assert!(shift_powers(&b, sh).is_empty());
}

/// 706.18c: shifting a card into play invokes the uniqueness rule.
#[test]
fn r706_18c_shifting_into_play_checks_uniqueness() {
    let mut b = Bench::new(SHIFTERS);
    let brask = b.in_play(0, "trn-007", Row::Front, 0);
    let sh = b.in_hand(0, "x-sh1"); // "Lieutenant Brask", cost 1
    b.resources(0, 1);
    b.g.player_mut(0).rp = 1;
    b.act(Action::UsePower { card: sh, power: 0 });
    b.resolve_all();
    b.act(Action::UsePower { card: sh, power: 2 });
    b.resolve_all();
    let pos = Position {
        area: Area::Visible,
        row: Row::Support,
        col: 0,
    };
    b.act(Action::Place(pos));
    assert_eq!(b.g.card(sh).zone, Zone::Character(pos));
    assert_eq!(b.g.card(brask).zone, Zone::KoPile);
}

/// 706.7g: a character that loses cosmic without becoming stunned keeps the cosmic
/// counter already on it (and its cosmic text stays active); without cosmic it can't get
/// another (706.7e).
#[test]
fn r706_7g_losing_cosmic_keeps_the_counter() {
    let extra = r#"
(card x-co "Test Star" "" (character (cost 2) (atk 2) (def 2)) (keywords cosmic)
  (cosmic (continuous (stats this 1 1))))
"#;
    let (mut b, pt) = Bench::with_effect(
        "(target 0 character) (loses (target 0) cosmic this-turn)",
        extra,
    );
    assert_eq!(
        b.effect_text(pt),
        "Target 0 is a character. Target 0 loses cosmic this turn."
    );
    let star = b.in_hand(0, "x-co");
    let pos = Position {
        area: Area::Visible,
        row: Row::Front,
        col: 0,
    };
    b.g.enter_play(star, 0, pos, false);
    assert!(b.g.card(star).cosmic && b.g.has_keyword(star, Keyword::Cosmic));
    b.play(pt, &[star]);
    assert!(!b.g.has_keyword(star, Keyword::Cosmic), "lost cosmic");
    assert!(b.g.card(star).cosmic, "the counter stays");
    assert_eq!(b.g.atk(star), 3, "its cosmic text is still active");
    // 706.7e: without cosmic, no new counter.
    b.g.card_mut(star).cosmic = false;
    crate::verbs::Host::add_cosmic_counter(&mut b.g, star);
    assert!(!b.g.card(star).cosmic);
}

const KITS: &str = r#"
(card x-vq "Test Visible Kit" "" (equipment (cost 1)))
(card x-oq "Test Folding Kit" "" (equipment (cost 1) concealed-optional))
"#;

fn front(col: i8) -> Position {
    Position {
        area: Area::Visible,
        row: Row::Front,
        col,
    }
}

/// 708.4b, 213.5f: moving a character from another player's row into one of yours gives
/// you control of it and its equipment, as the same object; 704.4: that is no recruit,
/// flip or attach, so the uniqueness rule is not checked (both Brasks stay).
#[test]
fn r708_4b_r213_5f_r704_4_moving_into_your_row_takes_control_without_uniqueness() {
    let (mut b, pt) = Bench::with_effect(
        "(target 0 character opposing) (move-to (target 0) yours)",
        KITS,
    );
    assert_eq!(
        b.effect_text(pt),
        "Target 0 is a character an opponent controls. Move target 0 into an empty position of your rows."
    );
    let theirs = b.in_play(1, "trn-007", Row::Front, 0);
    let mine = b.in_play(0, "trn-007", Row::Front, 0);
    let kit = b.in_hand(1, "x-vq");
    b.g.card_mut(kit).controller = 1;
    b.g.move_card(kit, Zone::Equipped(theirs));
    let object = b.g.card(theirs).object;
    b.play(pt, &[theirs]);
    assert!(
        !b.g.legal().contains(&Action::Place(front(0))),
        "my Brask is there"
    );
    b.act(Action::Place(front(1)));
    assert_eq!(b.g.card(theirs).controller, 0);
    assert_eq!(b.g.card(theirs).zone, Zone::Character(front(1)));
    assert!(b.g.player(0).characters.contains(&theirs));
    assert!(!b.g.player(1).characters.contains(&theirs));
    assert_eq!(b.g.card(theirs).object, object);
    assert_eq!(b.g.card(kit).controller, 0);
    assert!(b.g.player(0).equipment.contains(&kit));
    assert_eq!(b.g.card(kit).zone, Zone::Equipped(theirs));
    assert_eq!(
        b.g.card(mine).zone,
        Zone::Character(front(0)),
        "no uniqueness"
    );
}

/// 708.4c, 302.7: moving a character between its visible and hidden areas puts its
/// equipment into its owner's KO'd pile, except concealed—optional equipment.
#[test]
fn r708_4c_r302_7_moving_between_areas_drops_equipment_but_concealed_optional() {
    let (mut b, pt) = Bench::with_effect(
        "(target 0 character yours) (move-to (target 0) hidden)",
        KITS,
    );
    assert_eq!(
        b.effect_text(pt),
        "Target 0 is a character you control. Move target 0 into an empty position of its controller's hidden area."
    );
    let c = b.in_play(0, "trn-007", Row::Front, 0);
    let (vis, opt) = (b.in_hand(0, "x-vq"), b.in_hand(0, "x-oq"));
    for e in [vis, opt] {
        b.g.card_mut(e).controller = 0;
        b.g.move_card(e, Zone::Equipped(c));
    }
    b.play(pt, &[c]);
    let hidden = Position {
        area: Area::Hidden,
        row: Row::Front,
        col: 0,
    };
    assert!(b
        .g
        .legal()
        .iter()
        .all(|a| matches!(a, Action::Place(p) if p.area == Area::Hidden)));
    b.act(Action::Place(hidden));
    assert_eq!(b.g.card(c).zone, Zone::Character(hidden));
    assert_eq!(b.g.card(vis).zone, Zone::KoPile);
    assert_eq!(b.g.card(opt).zone, Zone::Equipped(c));
}

/// 708.4d: moving several characters at once picks them all up first: one may take the
/// position another left, but no two end in one position.
#[test]
fn r708_4d_simultaneous_moves_pick_everything_up_first() {
    let (mut b, pt) = Bench::with_effect("(move-to (each yours) visible)", "");
    let a = b.in_play(0, "trn-007", Row::Front, 0);
    let c = b.in_play(0, "trn-006", Row::Front, 1);
    b.play(pt, &[]);
    // a may take c's position: c is picked up too.
    assert!(b.g.legal().contains(&Action::Place(front(1))));
    b.act(Action::Place(front(1)));
    // c may take a's old position, never the one a took.
    assert!(b.g.legal().contains(&Action::Place(front(0))));
    assert!(!b.g.legal().contains(&Action::Place(front(1))));
    b.act(Action::Place(front(0)));
    assert_eq!(b.g.card(a).zone, Zone::Character(front(1)));
    assert_eq!(b.g.card(c).zone, Zone::Character(front(0)));
    assert!(b.g.chain().is_empty());
}

/// 704.1a: "[description] character cards you control are not unique with cards with the
/// same name but different version": a Brask of another version entering keeps the
/// described Brask in play; one of the same version still sends it away, and so does an
/// entering Brask while the power's description doesn't fit the one in play.
#[test]
fn r704_1a_not_unique_with_a_different_version() {
    let extra = r#"
(card x-tr "Test Registrar" "" (character (cost 2) (atk 2) (def 2))
  (continuous (not-unique-across-versions (affiliation "Training Squad"))))
(card x-br2 "Lieutenant Brask" "Second Tour" (character (cost 4) (atk 6) (def 5)))
"#;
    let mut b = Bench::new(extra);
    let reg = b.in_play(0, "x-tr", Row::Support, 0);
    let text = crate::text::card_line(b.g.pool(), b.g.def(reg));
    assert!(
        text.contains("Training Squad character cards you control are not unique with cards with the same name but a different version."),
        "{text}"
    );
    let old = b.in_play(0, "trn-007", Row::Front, 0); // Training Squad
    let new = b.in_hand(0, "x-br2"); // another version
    b.g.check_uniqueness(new, 0);
    assert!(matches!(b.g.card(old).zone, Zone::Character(_)), "stays");
    // The same version: the rule applies.
    let same = b.in_hand(0, "trn-007");
    b.g.check_uniqueness(same, 0);
    assert_eq!(b.g.card(old).zone, Zone::KoPile);
    // The one in play doesn't fit the description (no affiliation): it goes.
    let unaffiliated = b.in_play(0, "x-br2", Row::Front, 1);
    let entering = b.in_hand(0, "trn-007");
    b.g.check_uniqueness(entering, 0);
    assert_eq!(b.g.card(unaffiliated).zone, Zone::KoPile);
}

/// 304.2a: a modifier may let a player play a plot twist from a zone other than the hand
/// or the resource row (here the KO'd pile); it is otherwise played as from the hand: its
/// card goes onto the chain from that zone, and to the KO'd pile after.
#[test]
fn r304_2a_a_plot_twist_played_from_the_ko_pile() {
    let extra = r#"
(card x-gr "Test Gravedigger" "" (character (cost 2) (atk 2) (def 2))
  (continuous (play-from-ko-pile)))
"#;
    let (mut b, pt) = Bench::with_effect("(gain-endurance you 2)", extra);
    b.g.move_card(pt, Zone::KoPile);
    assert!(!b.g.legal().contains(&Action::PlayPlotTwist(pt)));
    let gd = b.in_play(0, "x-gr", Row::Front, 0);
    let text = crate::text::card_line(b.g.pool(), b.g.def(gd));
    assert!(
        text.contains("You may play plot twist cards from your KO'd pile."),
        "{text}"
    );
    assert!(b.g.legal().contains(&Action::PlayPlotTwist(pt)));
    // Not an opponent's KO'd pile's card.
    assert!(!b.g.can_play_plot_twist(1, pt));
    b.act(Action::PlayPlotTwist(pt));
    assert_eq!(
        b.g.card(pt).zone,
        Zone::Chain,
        "onto the chain from the KO'd pile"
    );
    b.resolve_all();
    assert_eq!(b.g.endurance(0), 52);
    assert_eq!(b.g.card(pt).zone, Zone::KoPile);
}

/// 512.3: a modifier that changes the target of an effect: the player must choose a new
/// legal target if there is another; with none, the target stays (legal or not).
#[test]
fn r512_3_changing_an_effects_target() {
    let extra = r#"
(card x-st "Test Strike" "" (plot-twist (threshold 0)) (effect (target 0 character opposing) (stun (target 0))))
"#;
    let (mut b, redirect) =
        Bench::with_effect("(target 0 effect) (change-target (target 0))", extra);
    assert_eq!(
        b.effect_text(redirect),
        "Target 0 is an effect. Change the target of target 0."
    );
    let first = b.in_play(1, "trn-007", Row::Front, 0);
    let second = b.in_play(1, "trn-006", Row::Front, 1);
    let mine = b.in_play(0, "trn-004", Row::Front, 0);
    let strike = b.in_hand(0, "x-st");
    b.act(Action::PlayPlotTwist(strike));
    b.target(first);
    // Player 0 keeps priority and responds with the redirect on the strike.
    let id = b.g.chain()[0].id;
    b.act(Action::PlayPlotTwist(redirect));
    b.act(Action::ChooseTarget(TargetRef::Effect(id)));
    pass_both(&mut b);
    assert_eq!(b.g.pending(), Pending::EffectChoice(0));
    let legal = b.g.legal();
    let to = |c: CardId| Action::ChooseTarget(TargetRef::Card(c, b.g.card(c).object));
    assert!(legal.contains(&to(second)));
    assert!(!legal.contains(&to(first)), "it must change");
    assert!(!legal.contains(&to(mine)), "only a legal target");
    b.act(to(second));
    b.resolve_all();
    assert!(b.g.card(second).stunned && !b.g.card(first).stunned);
    // With no other legal target, it stays.
    let strike2 = b.in_hand(0, "x-st");
    let redirect2 = b.in_hand(0, "x-pt");
    b.g.move_card(second, Zone::KoPile);
    b.g.recover(first);
    b.act(Action::PlayPlotTwist(strike2));
    b.target(first);
    let id = b.g.chain()[0].id;
    b.act(Action::PlayPlotTwist(redirect2));
    b.act(Action::ChooseTarget(TargetRef::Effect(id)));
    b.resolve_all();
    assert!(b.g.card(first).stunned, "the target did not change");
}

/// 515.6: a card out of play has the time it entered its zone as its timestamp; one that
/// has been there since the game began has the beginning of the game.
#[test]
fn r515_6_out_of_play_timestamps_are_when_the_card_entered_the_zone() {
    let mut b = bench();
    // The deck's cards never moved (still their first object) date from the beginning;
    // those the bench put back from the opening hand entered the deck again.
    let deck = b.g.player(0).deck.clone();
    let (never, again): (Vec<CardId>, Vec<CardId>) = deck
        .iter()
        .partition(|&&c| b.g.card(c).object == u32::from(c.0));
    assert!(!never.is_empty() && !again.is_empty());
    assert!(never.iter().all(|&c| b.g.card(c).timestamp == 0));
    assert!(again.iter().all(|&c| b.g.card(c).timestamp > 0));
    let first = b.in_hand(0, "trn-001");
    let second = b.in_hand(0, "trn-001");
    let (t1, t2) = (b.g.card(first).timestamp, b.g.card(second).timestamp);
    assert!(t1 > 0 && t2 > t1, "{t1} {t2}");
    b.g.move_card(first, Zone::KoPile);
    assert!(b.g.card(first).timestamp > t2, "entering the KO'd pile");
    let in_ko = b.g.card(first).timestamp;
    b.g.move_card(second, Zone::Removed { face_down: false });
    assert!(b.g.card(second).timestamp > in_ko);
}

/// 706.17a: a hunted character that stops being opposed to its hunter (moved into the
/// hunter's rows, 708.4b) stops being hunted, and stays unhunted when it goes back to an
/// opponent's side: only a new hunt makes it hunted again.
#[test]
fn r706_17a_a_character_that_stops_being_opposed_is_hunted_no_more() {
    use crate::verbs::Host;
    let (mut b, pt) = Bench::with_effect("(target 0 character opposing) (hunt (target 0))", "");
    let prey = b.in_play(1, "trn-007", Row::Front, 0);
    b.play(pt, &[prey]);
    assert_eq!(b.g.hunted_by(0), Some(prey));
    let spot = |col| Position {
        area: Area::Visible,
        row: Row::Front,
        col,
    };
    Host::move_into(&mut b.g, prey, 0, spot(3));
    assert_eq!(b.g.card(prey).controller, 0);
    assert_eq!(b.g.hunted_by(0), None);
    Host::move_into(&mut b.g, prey, 1, spot(0));
    assert_eq!(b.g.card(prey).controller, 1, "opposed again");
    assert_eq!(b.g.hunted_by(0), None, "706.17a: it stopped being hunted");
}
