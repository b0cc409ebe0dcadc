//! Session 28: replacements of an amount (513.5g), several cards entering play at once
//! (213.5i), modifiers on "cards" in every zone (511.2b), flipping a location step by step
//! (510.2a, 510.2b, 510.2e) and text active outside play (210.5a).

use crate::action::Action;
use crate::ids::*;
use crate::state::*;
use crate::testkit::Bench;

// ---------------------------------------------------------------------------------------
// 513.5g: "additional" and "less" amounts.

const AMOUNTS: &str = r#"
(card x-bru "Brute Force" "" (character (cost 3) (atk 3) (def 3))
  (continuous (replace lose-endurance opponent (additional 2))))
(card x-shl "Shield Bearer" "" (character (cost 3) (atk 3) (def 3))
  (continuous (replace lose-endurance you (less 3))))
(card x-jk "The Joker" "Emperor Joker" (character (cost 5) (atk 5) (def 5))
  (continuous (replace lose-endurance opponent (gain-endurance you 1))))
(card x-sch "Scholar" "" (character (cost 2) (atk 2) (def 2))
  (continuous (replace first-draw-in-phase you (additional 1))))
(card x-dul "Dullard" "" (character (cost 2) (atk 2) (def 2))
  (continuous (replace first-draw-in-phase you (less 1))))
"#;

/// 513.5g: "N additional" raises the amount of the event it replaces; "N less" lowers it
/// (and not below 0).
#[test]
fn r513_5g_additional_and_less_change_the_amount_lost() {
    let (mut b, pt) = Bench::with_effect("(lose-endurance each-opponent 5)", AMOUNTS);
    let bru = b.in_play(0, "x-bru", Row::Front, 0);
    assert_eq!(
        b.g.power_text(bru, 0),
        "If an opponent would lose endurance, instead, that player loses that much endurance and 2 additional endurance."
    );
    b.play(pt, &[]);
    assert_eq!(b.g.endurance(1), 50 - 7, "5 and 2 additional");

    // The opponent's own "less" applies to the same event too: 5 + 2 - 3.
    let (mut b, pt) = Bench::with_effect("(lose-endurance each-opponent 5)", AMOUNTS);
    b.in_play(0, "x-bru", Row::Front, 0);
    let shl = b.in_play(1, "x-shl", Row::Front, 0);
    assert_eq!(
        b.g.power_text(shl, 0),
        "If you would lose endurance, instead, you lose 3 less endurance."
    );
    b.play(pt, &[]);
    assert_eq!(b.g.endurance(1), 50 - 4);

    // "Less" alone below 0: no endurance is lost.
    let (mut b, pt) = Bench::with_effect("(lose-endurance each-opponent 2)", AMOUNTS);
    b.in_play(1, "x-shl", Row::Front, 0);
    b.play(pt, &[]);
    assert_eq!(b.g.endurance(1), 50);
}

/// 513.5g, 513.5i: the raised amount is the new event's "that much", which another
/// replacement may still replace (applied earliest timestamp first here: Brute Force, then
/// the Joker, whose "instead" ends the loss).
#[test]
fn r513_5g_r513_5i_the_changed_event_may_be_replaced_again() {
    let (mut b, pt) = Bench::with_effect("(lose-endurance each-opponent 5)", AMOUNTS);
    b.g.logging = true;
    let bru = b.in_play(0, "x-bru", Row::Front, 0);
    b.g.card_mut(bru).timestamp = b.g.tick();
    let jk = b.in_play(0, "x-jk", Row::Front, 1);
    b.g.card_mut(jk).timestamp = b.g.tick();
    b.play(pt, &[]);
    let log: Vec<String> = b.g.log_entries().iter().map(|l| l.text.clone()).collect();
    assert_eq!((b.g.endurance(0), b.g.endurance(1)), (51, 50), "{log:#?}");
    assert!(
        b.g.log_entries()
            .iter()
            .any(|l| l.text.contains("5 becomes 7 (513.5g)")),
        "{log:#?}"
    );
}

/// 513.5g: a draw of one card for the first time in a phase becomes a draw of two, or of
/// none.
#[test]
fn r513_5g_a_first_draw_of_an_additional_card_or_one_less() {
    let (mut b, pt) = Bench::with_effect("(draw you 2)", AMOUNTS);
    let s = b.in_play(0, "x-sch", Row::Front, 0);
    assert_eq!(
        b.g.power_text(s, 0),
        "If you would draw a card for the first time in a phase, instead, you draw that card and 1 additional card."
    );
    b.g.drawn_this_phase.clear();
    let hand = b.g.player(0).hand_len();
    b.play(pt, &[]);
    // The first of the two draws became two cards; the second is not the first.
    assert_eq!(b.g.player(0).hand_len(), hand - 1 + 3);

    let (mut b, pt) = Bench::with_effect("(draw you 1)", AMOUNTS);
    let d = b.in_play(0, "x-dul", Row::Front, 0);
    assert_eq!(
        b.g.power_text(d, 0),
        "If you would draw a card for the first time in a phase, instead, you draw 1 card less."
    );
    b.g.drawn_this_phase.clear();
    let hand = b.g.player(0).hand_len();
    b.play(pt, &[]);
    assert_eq!(b.g.player(0).hand_len(), hand - 1);
}

/// 513.5g: only an event with an amount can have it changed.
#[test]
fn r513_5g_only_events_with_an_amount() {
    let mut pool = crate::db::CardPool::built_in();
    let bad = r#"(card x-bad "Bad" "" (character (cost 2) (atk 2) (def 2))
  (continuous (replace become-stunned this (additional 1))))"#;
    let e = pool.add_file("bad.cards", bad).unwrap_err();
    assert!(e.to_string().contains("513.5g"), "{e}");
    let _ = Action::Pass;
}

// ---------------------------------------------------------------------------------------
// 213.5i: cards put into play together enter play simultaneously.

const TWINS: &str = r#"
(card x-twa "Twin Alpha" "" (character (cost 2) (atk 2) (def 2))
  (trigger (on enters-play) (when (control (named "Twin Beta"))) (gain-endurance you 1)))
(card x-twb "Twin Beta" "" (character (cost 2) (atk 2) (def 2))
  (trigger (on enters-play) (when (control (named "Twin Alpha"))) (gain-endurance you 1)))
"#;

fn front(col: i8) -> Position {
    Position {
        area: Area::Visible,
        row: Row::Front,
        col,
    }
}

/// 213.5i, 702.2: "put two character cards into play": both cards and both positions are
/// chosen first, then the two enter play at once: one timestamp, and each one's "when it
/// enters play, if you control the other" sees the other already in play.
#[test]
fn r213_5i_two_cards_put_into_play_enter_simultaneously() {
    let (mut b, pt) = Bench::with_effect("(put-into-play 2)", TWINS);
    assert_eq!(
        b.effect_text(pt),
        "Put 2 character cards from your hand into play at the same time."
    );
    let a = b.in_hand(0, "x-twa");
    let z = b.in_hand(0, "x-twb");
    b.play(pt, &[]);
    b.act(Action::Pick(a));
    b.act(Action::Place(front(0)));
    // Chosen, not yet in play; its position is no longer offered to the other.
    assert_eq!(b.g.card(a).zone, crate::state::Zone::Hand);
    assert!(!b.g.legal().contains(&Action::Pick(a)));
    b.act(Action::Pick(z));
    assert!(!b.g.legal().contains(&Action::Place(front(0))));
    b.act(Action::Place(front(1)));
    assert!(b.g.is_character(a) && b.g.is_character(z));
    assert_eq!(b.g.card(a).timestamp, b.g.card(z).timestamp);
    // Both powers triggered: their player orders them (506.2a).
    if b.g.pending() == Pending::OrderTriggers(0) {
        b.act(Action::PutTrigger(0));
    }
    b.resolve_all();
    assert_eq!(b.g.endurance(0), 52, "each saw the other");

    // One at a time, the first to enter sees no other: one trigger only.
    let (mut b, pt) = Bench::with_effect("(put-into-play) (put-into-play)", TWINS);
    let a = b.in_hand(0, "x-twa");
    let z = b.in_hand(0, "x-twb");
    b.play(pt, &[]);
    b.act(Action::Pick(a));
    b.act(Action::Place(front(0)));
    b.act(Action::Pick(z));
    b.act(Action::Place(front(1)));
    b.resolve_all();
    assert!(b.g.card(a).timestamp < b.g.card(z).timestamp);
    assert_eq!(b.g.endurance(0), 51);
}

/// 213.5i, 508.2i: with one card that can go, it enters alone and the step did less than
/// it said.
#[test]
fn r213_5i_with_fewer_cards_as_many_as_can_enter() {
    let (mut b, pt) = Bench::with_effect(
        "(put-into-play 2) (if you-did (then (gain-endurance you 5)))",
        TWINS,
    );
    let a = b.in_hand(0, "x-twa");
    b.play(pt, &[]);
    b.act(Action::Pick(a));
    b.act(Action::Place(front(0)));
    b.resolve_all();
    assert!(b.g.is_character(a));
    assert_eq!(b.g.endurance(0), 50);
}

// ---------------------------------------------------------------------------------------
// 511.2b: modifiers on "cards" reach every zone.

const MIRRORS: &str = r#"
(card x-hom "Hall Keeper" "" (character (cost 3) (atk 3) (def 3))
  (continuous (has-name (cards owned character-card) "Reflection")))
(card x-gld "Guild Master" "" (character (cost 3) (atk 3) (def 3))
  (continuous (gain-affiliation (cards owned character-card) "Mirror Guild")))
(card x-inp "In Play Only" "" (character (cost 3) (atk 3) (def 3))
  (continuous (has-name (each yours) "Reflection")))
(card x-mg "Mirror Adept" "" (character (cost 2) (atk 2) (def 2) (affiliation "Mirror Guild")))
"#;

/// 511.2b, 511.2a: "character cards you own have the name Reflection" names them in the
/// hand, the deck and the KO'd pile as in play, and no card its owner doesn't own; a
/// modifier on "characters" names only those in play (511.2).
#[test]
fn r511_2b_a_modifier_on_cards_reaches_every_zone() {
    let count = "(gain-endurance you (cards-in (hand ko-pile) (named \"Reflection\")))";
    let (mut b, pt) = Bench::with_effect(count, MIRRORS);
    let keeper = b.in_play(0, "x-hom", Row::Front, 0);
    assert_eq!(
        b.g.power_text(keeper, 0),
        "Each character card you own in every zone has the name Reflection."
    );
    let in_hand = b.in_hand(0, "trn-007");
    b.in_hand(0, "trn-007");
    let in_pile = b.in_hand(0, "trn-007");
    b.g.move_card(in_pile, Zone::KoPile);
    let in_deck = *b.g.player(0).deck.last().unwrap();
    let theirs = b.in_hand(1, "trn-007");
    let named = |b: &Bench, c| b.g.names(c).iter().any(|n| n == "Reflection");
    assert!(named(&b, in_hand) && named(&b, in_pile) && named(&b, in_deck));
    assert!(named(&b, keeper), "in play too");
    assert!(!named(&b, theirs), "a card its opponent owns");
    assert!(!named(&b, pt), "a plot twist card is no character card");
    b.play(pt, &[]);
    assert_eq!(b.g.endurance(0), 53, "two in hand, one in the KO'd pile");

    // "Each character you control": objects in play only.
    let (mut b, pt) = Bench::with_effect(count, MIRRORS);
    let inp = b.in_play(0, "x-inp", Row::Front, 0);
    let in_hand = b.in_hand(0, "trn-007");
    assert!(b.g.names(inp).iter().any(|n| n == "Reflection"));
    assert!(!b.g.names(in_hand).iter().any(|n| n == "Reflection"));
    b.play(pt, &[]);
    assert_eq!(b.g.endurance(0), 50);
}

/// 511.2b: a card in the hand gains an affiliation from a modifier on "cards", and a step
/// looking at the hand for that affiliation finds it.
#[test]
fn r511_2b_cards_in_hand_gain_an_affiliation() {
    let (mut b, pt) = Bench::with_effect("(put-into-play (affiliation \"Mirror Guild\"))", MIRRORS);
    let guild = b.in_play(0, "x-gld", Row::Front, 0);
    assert_eq!(
        b.g.power_text(guild, 0),
        "Each character card you own in every zone gains the Mirror Guild affiliation."
    );
    let cadet = b.in_hand(0, "trn-007");
    b.play(pt, &[]);
    assert!(b.g.legal().contains(&Action::Pick(cadet)));
    b.act(Action::Pick(cadet));
    b.act(Action::Place(front(1)));
    assert!(b.g.is_character(cadet));
    // Without the Guild Master in play, the hand's card has no affiliation to match.
    let (mut b, pt) = Bench::with_effect("(put-into-play (affiliation \"Mirror Guild\"))", MIRRORS);
    b.in_hand(0, "trn-007");
    b.play(pt, &[]);
    assert!(b.g.chain.is_empty() && matches!(b.g.pending(), Pending::Priority(_)));
}

// ---------------------------------------------------------------------------------------
// 510.2: flipping a location, step by step.

const SITES: &str = r#"
(card x-pg "Proving Ground" "" (location (threshold 4))
  (continuous (flip-threshold-less this 2 (while (endurance>= 20))))
  (continuous (to-flip (pay-endurance 3))))
(card x-ps "Plain Site" "" (location (threshold 3)))
(card x-pf "Pathfinder" "" (character (cost 2) (atk 2) (def 2))
  (continuous (flip-threshold-less yours 1)))
"#;

fn logged(b: &Bench, what: &str) -> bool {
    b.g.log_entries().iter().any(|l| l.text.contains(what))
}

/// 510.2a, 210.5b: the location is revealed first, so its own powers that affect
/// flipping it (unrevealed face down, its text is inactive) reduce its threshold; its
/// type and threshold are shown.
#[test]
fn r510_2a_revealing_shows_the_location_and_its_own_reductions_count() {
    let mut b = Bench::new(SITES);
    b.g.logging = true;
    let pg = b.resource(0, "x-pg");
    b.resources(0, 1);
    assert!(!b.g.text_active(pg), "face down, unrevealed");
    assert_eq!(
        b.g.power_text(pg, 0),
        "This location's threshold is 2 less to flip while you have 20 or more endurance."
    );
    assert_eq!(b.g.power_text(pg, 1), "To flip, pay 3 endurance.");
    // Threshold 4, 2 less once revealed: two resources do.
    b.act(Action::FlipLocation(pg));
    assert!(b.g.card(pg).face_up);
    assert!(logged(
        &b,
        "reveals Proving Ground to flip it: a location with threshold 4 (510.2a)"
    ));
    assert_eq!(b.g.endurance(0), 47, "its additional cost (510.2c)");
    // Below 20 endurance its reduction is off: two resources don't meet 4.
    let mut b = Bench::new(SITES);
    let pg = b.resource(0, "x-pg");
    b.resources(0, 1);
    b.g.player_mut(0).endurance = 19;
    assert!(!b.g.legal().contains(&Action::FlipLocation(pg)));
}

/// 510.2b: the additional costs and reductions are worked out, and the threshold is
/// locked, before anything is paid: paying 3 endurance takes the player from 21 to 18,
/// where Proving Ground's reduction no longer applies, yet its threshold stays 2.
/// Another object's power reduces it too.
#[test]
fn r510_2b_the_threshold_is_locked_before_the_costs_are_paid() {
    let mut b = Bench::new(SITES);
    b.g.logging = true;
    let pg = b.resource(0, "x-pg");
    b.resources(0, 1);
    b.g.player_mut(0).endurance = 21;
    assert!(b.g.legal().contains(&Action::FlipLocation(pg)));
    b.act(Action::FlipLocation(pg));
    assert!(b.g.card(pg).face_up, "threshold 2, locked");
    assert_eq!(b.g.endurance(0), 18);
    let log: Vec<&str> = b.g.log_entries().iter().map(|l| l.text.as_str()).collect();
    let locked = log
        .iter()
        .position(|l| l.contains("locked at 2 (510.2b)"))
        .unwrap();
    let paid = log
        .iter()
        .position(|l| l.contains("loses 3 endurance"))
        .unwrap();
    let flipped = log
        .iter()
        .position(|l| l.contains("flips Proving Ground"))
        .unwrap();
    assert!(locked < paid && paid < flipped, "{log:#?}");

    // "Locations you flip have threshold 1 less", from a character in play.
    let mut b = Bench::new(SITES);
    let ps = b.resource(0, "x-ps");
    b.resources(0, 1);
    assert!(
        !b.g.legal().contains(&Action::FlipLocation(ps)),
        "3 with two"
    );
    let pf = b.in_play(0, "x-pf", Row::Front, 0);
    assert_eq!(
        b.g.power_text(pf, 0),
        "Locations you flip have threshold 1 less."
    );
    assert!(
        b.g.legal().contains(&Action::FlipLocation(ps)),
        "3 - 1 = 2 with two"
    );
    b.act(Action::FlipLocation(ps));
    assert!(b.g.card(ps).face_up);
}

/// 510.2: a flip whose steps can't be completed was illegal: the location goes back
/// face down, the game is as it was right before, and the player still has priority.
#[test]
fn r510_2_an_illegal_flip_returns_the_game_to_before() {
    let mut b = Bench::new(SITES);
    let ps = b.resource(0, "x-ps");
    b.resources(0, 1);
    let before = crossover_kernel::stable_hash(&b.g);
    assert!(!b.g.flip_location(0, ps), "threshold 3 with two resources");
    assert_eq!(crossover_kernel::stable_hash(&b.g), before);
    assert!(!b.g.card(ps).face_up && !b.g.card(ps).revealed);
    assert_eq!(b.g.pending(), Pending::Priority(0));
}

/// 510.2e, 213.5b: a flipped location's object has the type location (the test
/// `location`); a face-down resource that is a location card has only the type resource,
/// and a location card in the hand is no object.
#[test]
fn r510_2e_a_flipped_location_has_the_type_location() {
    let (mut b, pt) = Bench::with_effect("(target 0 resource location) (ko (target 0))", SITES);
    assert_eq!(
        b.effect_text(pt),
        "Target 0 is a resource that is a location. KO target 0."
    );
    let ps = b.resource(1, "x-ps");
    let down = b.resource(1, "x-ps");
    let in_hand = b.in_hand(1, "x-ps");
    b.resources(1, 2);
    assert!(!b.g.is_location_object(ps) && !b.g.is_location_object(in_hand));
    b.g.card_mut(ps).controller = 1;
    assert!(b.g.flip_location(1, ps));
    assert!(b.g.is_location_object(ps) && !b.g.is_location_object(down));
    assert!(
        b.g.def(down).kind() == crate::vocab::CardKind::Location,
        "its card's type"
    );
    b.g.pending = Pending::Priority(0);
    b.g.open_priority(0);
    b.act(Action::PlayPlotTwist(pt));
    let legal = b.g.legal();
    let t = |c: CardId| Action::ChooseTarget(TargetRef::Card(c, b.g.card(c).object));
    assert!(legal.contains(&t(ps)));
    assert!(
        !legal.contains(&t(down)),
        "a face-down location card is only a resource"
    );
    b.target(ps);
    b.resolve_all();
    assert_eq!(b.g.card(ps).zone, Zone::KoPile);
}

// ---------------------------------------------------------------------------------------
// 210.5a: a revealed card's text is active in every zone.

const TEXTS: &str = r#"
(card x-ew "Endurance Whisperer" "" (character (cost 4) (atk 3) (def 3))
  (payment (cost discard-this) (gain-endurance you 2))
  (continuous (costs-less 1)))
"#;

/// 210.5a, 210.5b, 210.5c: the card's text is active in the hand, the deck and the KO'd
/// pile, where its powers don't all function: a test of the words of its text finds them
/// there; a stunned character's text and an unrevealed face-down resource's have none.
/// Its text active in the hand, the power that says it works there does (500.2a: discard
/// it to gain 2 endurance), and so does its own cost reduction as it is recruited.
#[test]
fn r210_5a_revealed_cards_have_active_text_in_every_zone() {
    let count = "(gain-endurance you (cards-in (hand ko-pile) (word \"endurance\" text)))";
    let (mut b, pt) = Bench::with_effect(count, TEXTS);
    let hand = b.in_hand(0, "x-ew");
    let pile = b.in_hand(0, "x-ew");
    b.g.move_card(pile, Zone::KoPile);
    let stunned = b.in_play(0, "x-ew", Row::Front, 0);
    let standing = b.in_play(0, "x-ew", Row::Front, 1);
    let down = b.resource(0, "x-ew");
    // The bench takes its cards from the deck's top: this one stays there.
    let deck = b.in_hand(0, "x-ew");
    b.g.move_card(deck, Zone::Deck);
    b.g.stun(stunned);
    let has_word = |b: &Bench, c| {
        let f = crate::vocab::Filter(vec![crate::vocab::Test::Word(
            "endurance".into(),
            crate::vocab::WordParts {
                name: false,
                identity: false,
                text: true,
            },
        )]);
        b.g.card_matches(&f, c, 0, pt) || (b.g.is_character(c) && b.g.matches(&f, c, 0, pt))
    };
    assert!(b.g.text_is_active(hand) && b.g.text_is_active(pile));
    assert!(has_word(&b, hand) && has_word(&b, pile) && has_word(&b, standing));
    assert!(
        !b.g.text_is_active(stunned) && !has_word(&b, stunned),
        "210.5b, 210.5c"
    );
    assert!(
        b.g.text_is_active(deck) && has_word(&b, deck),
        "searched, VS-TCG-160"
    );
    assert!(
        !b.g.text_is_active(down) && !has_word(&b, down),
        "unrevealed face down"
    );
    b.g.card_mut(down).revealed = true;
    assert!(b.g.text_is_active(down), "revealed (701.11f)");
    // Its powers don't function in the hand (text active is not a power working), but
    // those that say they work there do.
    assert!(!b.g.text_active(hand));
    assert_eq!(
        b.g.recruit_cost(hand, false),
        3,
        "costs 1 less, read in the hand"
    );
    b.play(pt, &[]);
    // 46 after the stun (its cost, 708.11b), then 2: one in the hand, one in the pile.
    assert_eq!(
        b.g.endurance(0),
        48,
        "one in the hand, one in the KO'd pile"
    );
    b.act(Action::UsePower {
        card: hand,
        power: 0,
    });
    b.resolve_all();
    assert_eq!(b.g.card(hand).zone, Zone::KoPile);
    assert_eq!(b.g.endurance(0), 50);
}
