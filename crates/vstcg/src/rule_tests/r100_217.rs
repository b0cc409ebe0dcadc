//! Tests of rules 100–217 (concepts, card anatomy, zones, priority, the chain as a zone).

use crate::action::Action;
use crate::db::{register, CardPool};
use crate::deckfile::read_deck;
use crate::ids::*;
use crate::setup::{Deck, VsTcgSetup};
use crate::state::*;
use crate::testkit::Bench;
use crossover_cards::Pool;

const CARDS: &str = r#"
(card x-dr "Drone" "Army" (character (cost 1) (atk 2) (def 2) (affiliation "Hive"))
  (payment (cost activate) (gets this 2 0 this-turn))
  (payment (cost stun-this) (gain-endurance you 1)))
(card x-kd "Kamikaze Drone" "Army" (character (cost 1) (atk 1) (def 1) (affiliation "Hive"))
  (payment (cost ko-this) (gain-endurance you 3)))
(card x-fr "Freebie" "Army" (character (cost 1) (atk 1) (def 1) (affiliation "Hive"))
  (payment (cost) (gain-endurance you 2)))
(card x-rp "Quartermaster" "Army" (character (cost 1) (atk 1) (def 1) (affiliation "Hive"))
  (payment (cost activate (pay-rp 3)) (gain-endurance you 4)))
(card x-pe "Bloodletter" "Army" (character (cost 1) (atk 1) (def 1) (affiliation "Hive"))
  (payment (cost (pay-endurance 5)) (gain-endurance you 1)))
(card x-tn "Threat Neutralized" "" (plot-twist (threshold 0) ongoing) (effect)
  (continuous (replace ko-from-play (each character) (remove-from-game that))))
(card x-bm "Batman" "Cape and Cowl" (character (cost 2) (atk 2) (def 2)))
(card x-bk "Batman" "Dark Knight" (character (cost 2) (atk 2) (def 2)))
(card x-az "Azrael" "Batman" (character (cost 2) (atk 2) (def 2)))
(card x-ld "Drill Leader" "" (character (cost 2) (atk 2) (def 2) (affiliation "Training Squad"))
  (continuous (stats (each yours other) 1 0)))
(card x-wp "Psion" "" (character (cost 2) (atk 2) (def 2)) (keywords (willpower 3)))
(card x-nu "Goon" "Non-Unique" (character (cost 1) (atk 1) (def 1)))
(card x-ue "Relic" "Unique" (equipment (cost 1)))
(card x-ce "Shadow Cloak" "" (equipment (cost 1) concealed))
(card x-t3 "Big Plan" "" (plot-twist (threshold 3)) (effect (gain-endurance you 1)))
(card x-g1 "Small Gift" "" (plot-twist (threshold 0)) (effect (gain-endurance you 1)))
(card x-g2 "Big Gift" "" (plot-twist (threshold 0)) (effect (gain-endurance you 2)))
(card x-st "Sudden Stun" "" (plot-twist (threshold 0)) (effect (target 0 character) (stun (target 0))))
(card x-rs "Reserve Cadet" "" (character (cost 2) (atk 2) (def 2) (affiliation "Training Squad")) (keywords reservist))
"#;

fn pos(area: Area, row: Row, col: i8) -> Position {
    Position { area, row, col }
}

fn vis(row: Row, col: i8) -> Position {
    pos(Area::Visible, row, col)
}

fn target_ref(b: &Bench, c: CardId) -> Action {
    Action::ChooseTarget(TargetRef::Card(c, b.g.card(c).object))
}

fn setup(decks: usize) -> VsTcgSetup {
    let deck = Deck {
        name: "d".into(),
        cards: vec!["trn-001".into(); 30],
    };
    VsTcgSetup {
        pool: Pool(register(CardPool::built_in())),
        decks: vec![deck; decks],
    }
}

fn recruit(b: &mut Bench, c: CardId) {
    b.act(Action::Recruit {
        card: c,
        boost: false,
    });
    b.resolve_all();
}

/// 100.1: a game is for two or more players: one deck is refused, three make a game of
/// three.
#[test]
fn r100_1_two_or_more_players() {
    let Err(one) = GameState::new(&setup(1), 1) else {
        panic!("one player is refused");
    };
    assert!(one.contains("100.1"), "{one}");
    let g = GameState::new(&setup(3), 1).expect("three players play");
    assert_eq!(g.players_in_game(), 3);
}

/// 101.1: a deck has at least 60 cards, with no maximum.
#[test]
fn r101_1_a_deck_has_at_least_60_cards() {
    let pool = CardPool::built_in();
    let rules = |text: &str| -> Vec<Option<&'static str>> {
        let f = read_deck(&pool, text).expect("the deck reads");
        f.check(&pool).into_iter().map(|p| p.rule).collect()
    };
    assert_eq!(rules("59 trn-002"), vec![Some("101.1")]);
    assert!(rules("60 trn-002").is_empty());
    assert!(rules("200 trn-002").is_empty());
}

/// 101.2, 202.4: four copies of a name and version at most; Army cards any number.
#[test]
fn r101_2_r202_4_four_per_deck_but_any_number_of_army() {
    let pool = CardPool::built_in();
    let rules = |text: &str| -> Vec<Option<&'static str>> {
        let f = read_deck(&pool, text).expect("the deck reads");
        f.check(&pool).into_iter().map(|p| p.rule).collect()
    };
    assert_eq!(rules("5 trn-001\n55 trn-002"), vec![Some("101.2")]);
    assert!(rules("4 trn-001\n56 trn-002").is_empty());
    // Cadet Iwa is an Army card: 56 copies are fine.
    assert!(rules("4 trn-001\n4 trn-003\n52 trn-022").is_empty());
}

/// 102.3: a player who loses is removed with every card they own and their effects on
/// the chain; the others play on.
#[test]
fn r102_3_a_loser_leaves_with_everything_they_own() {
    let mut g = GameState::new(&setup(3), 1).expect("three players");
    g.push_effect(EffectKind::NormalDraw, Some(1));
    g.push_effect(EffectKind::NormalDraw, Some(2));
    g.remove_player(1);
    assert!(!g.in_game(1));
    assert!(
        g.result().is_none(),
        "two players are left: the game goes on"
    );
    for i in 0..g.card_count() {
        let c = g.card(CardId(i as u16));
        if c.owner == 1 {
            assert!(matches!(c.zone, Zone::Removed { .. }));
        } else {
            assert!(!matches!(c.zone, Zone::Removed { .. }));
        }
    }
    assert_eq!(g.chain().len(), 1);
    assert_eq!(g.chain()[0].controller, Some(2));
}

/// 104.1a: comparing endurance totals, a negative total is not 0: at the endurance check
/// both players are below 0 and the one at -2 stays, the one at -5 loses.
#[test]
fn r104_1a_negative_endurance_compares_below_zero() {
    let mut b = Bench::new("");
    b.g.player_mut(0).endurance = -5;
    b.g.player_mut(1).endurance = -2;
    b.g.part = Part::Phase(Phase::Recovery);
    b.act(Action::Pass);
    b.act(Action::Pass);
    assert_eq!(b.g.result(), Some(&GameResult::Win(1)));
}

/// Passes until the attack is over, the defender hitting the first attacker.
fn finish_attack(b: &mut Bench, hit: CardId) {
    let mut guard = 0;
    while b.g.attack().is_some() {
        match b.g.pending() {
            Pending::HitAttacker(_) => b.act(Action::HitAttacker(hit)),
            _ => b.act(Action::Pass),
        }
        guard += 1;
        assert!(guard < 20, "the attack does not end");
    }
}

/// 104.2, 206.1a: team attackers share an affiliation (Sparring Circle's Kett can't
/// join Training Squad attackers); their ATKs are totaled with a negative ATK counted as
/// 0: 6 + (-2 as 0) = 6 stuns a 5 DEF defender (6 + -2 = 4 would not).
#[test]
fn r104_2_r206_1a_team_attack_totals_and_affiliations() {
    let mut b = Bench::new("");
    let a = b.in_play(0, "trn-007", Row::Front, 0); // 6/5
    let w = b.in_play(0, "trn-004", Row::Front, 1); // 1/4
    let kett = b.in_play(0, "trn-021", Row::Front, 2); // Sparring Circle
    b.g.add_modifier(w, -3, 0, None, crate::vocab::Duration::ThisTurn);
    assert_eq!(b.g.raw_atk(w), -2);
    let d = b.in_play(1, "trn-007", Row::Front, 0); // 6/5, cost 4
    b.g.part = Part::Step(StepKind::Attack, 0);
    b.act(Action::Propose {
        attacker: a,
        defender: Defender::Character(d),
    });
    assert_eq!(b.g.could_join(0), vec![w]);
    assert!(!b.g.legal().contains(&Action::JoinTeam(kett)));
    b.act(Action::JoinTeam(w));
    finish_attack(&mut b, a);
    assert!(b.g.card(d).stunned);
    assert_eq!(b.g.endurance(1), 50 - 4);
}

/// 201.2, 201.3: "this" in a power and a cost naming its own card mean that card, not
/// another copy of it: each Drone pumps and stuns only itself.
#[test]
fn r201_2_r201_3_a_card_naming_itself_means_only_itself() {
    let mut b = Bench::new(CARDS);
    let one = b.in_play(0, "x-dr", Row::Front, 0);
    let two = b.in_play(0, "x-dr", Row::Front, 1);
    b.act(Action::UsePower {
        card: one,
        power: 0,
    });
    b.resolve_all();
    assert_eq!((b.g.atk(one), b.g.atk(two)), (4, 2));
    b.act(Action::UsePower {
        card: two,
        power: 1,
    });
    assert!(b.g.card(two).stunned);
    assert!(!b.g.card(one).stunned);
}

/// 201.2c, 206.1b: a reference to an affiliation finds every character with it; a
/// double-affiliated character (Mora) has both.
#[test]
fn r201_2c_r206_1b_an_affiliation_reference_and_two_affiliations() {
    let text = format!(
        "{CARDS}\n(card x-sc \"Circle Call\" \"\" (plot-twist (threshold 0)) (effect (target 0 character (affiliation \"Sparring Circle\")) (stun (target 0))))\n\
         (card x-ts \"Squad Call\" \"\" (plot-twist (threshold 0)) (effect (target 0 character (affiliation \"Training Squad\")) (stun (target 0))))"
    );
    let mut b = Bench::new(&text);
    let vance = b.in_play(1, "trn-001", Row::Front, 0);
    let kett = b.in_play(1, "trn-021", Row::Front, 1);
    let mora = b.in_play(1, "trn-041", Row::Front, 2);
    let sc = b.in_hand(0, "x-sc");
    let ts = b.in_hand(0, "x-ts");
    b.act(Action::PlayPlotTwist(sc));
    let legal = b.g.legal();
    assert!(legal.contains(&target_ref(&b, kett)));
    assert!(legal.contains(&target_ref(&b, mora)));
    assert!(!legal.contains(&target_ref(&b, vance)));
    b.act(Action::CancelPlay);
    b.act(Action::PlayPlotTwist(ts));
    let legal = b.g.legal();
    assert!(legal.contains(&target_ref(&b, vance)));
    assert!(legal.contains(&target_ref(&b, mora)));
    assert!(!legal.contains(&target_ref(&b, kett)));
}

/// 201.2e, 202.3: a reference by name finds that name whatever the version, and not a
/// card whose version is that name.
#[test]
fn r201_2e_a_name_reference_ignores_versions() {
    let (mut b, pt) = Bench::with_effect(
        "(target 0 character (named \"Batman\")) (stun (target 0))",
        CARDS,
    );
    let cowl = b.in_play(1, "x-bm", Row::Front, 0);
    let knight = b.in_play(1, "x-bk", Row::Front, 1);
    let azrael = b.in_play(1, "x-az", Row::Front, 2);
    b.act(Action::PlayPlotTwist(pt));
    let legal = b.g.legal();
    assert!(legal.contains(&target_ref(&b, cowl)));
    assert!(legal.contains(&target_ref(&b, knight)));
    assert!(!legal.contains(&target_ref(&b, azrael)));
}

/// 201.2d: "cards named X" counts every card that shares the name.
#[test]
fn r201_2d_cards_named_counts_every_copy() {
    let (mut b, pt) = Bench::with_effect("(gain-endurance you (count (named \"Batman\")))", CARDS);
    b.in_play(0, "x-bm", Row::Front, 0);
    b.in_play(1, "x-bk", Row::Front, 0);
    b.in_play(1, "x-az", Row::Front, 1);
    b.play(pt, &[]);
    assert_eq!(b.g.endurance(0), 52);
}

/// 202.8: equipment with the Unique version is unique: a second Relic sends the first
/// to the KO'd pile.
#[test]
fn r202_8_unique_equipment_is_unique() {
    let mut b = Bench::new(CARDS);
    let a = b.in_play(0, "trn-001", Row::Front, 0);
    let h = b.in_play(0, "trn-003", Row::Front, 1);
    let first = b.in_hand(0, "x-ue");
    b.g.player_mut(0).rp = 2;
    b.act(Action::Equip {
        card: first,
        host: a,
    });
    b.resolve_all();
    assert_eq!(b.g.card(first).zone, Zone::Equipped(a));
    let second = b.in_hand(0, "x-ue");
    b.act(Action::Equip {
        card: second,
        host: h,
    });
    b.resolve_all();
    assert_eq!(b.g.card(second).zone, Zone::Equipped(h));
    assert_eq!(b.g.card(first).zone, Zone::KoPile);
}

/// 202.9: a Non-Unique character is not unique: a second Goon joins the first.
#[test]
fn r202_9_non_unique_characters_stay_together() {
    let mut b = Bench::new(CARDS);
    let first = b.in_play(0, "x-nu", Row::Front, 0);
    let second = b.in_hand(0, "x-nu");
    b.g.player_mut(0).rp = 1;
    recruit(&mut b, second);
    b.act(Action::Place(vis(Row::Front, 1)));
    assert!(matches!(b.g.card(first).zone, Zone::Character(_)));
    assert!(matches!(b.g.card(second).zone, Zone::Character(_)));
}

/// 203.1a: a "free" payment power costs nothing: usable with the character exhausted and
/// no endurance to pay, and paying it changes nothing.
#[test]
fn r203_1a_a_free_cost_is_paid_with_nothing() {
    let mut b = Bench::new(CARDS);
    let f = b.in_play(0, "x-fr", Row::Front, 0);
    b.g.card_mut(f).exhausted = true;
    b.g.player_mut(0).endurance = 0;
    b.act(Action::UsePower { card: f, power: 0 });
    b.resolve_all();
    assert_eq!(b.g.endurance(0), 2);
    assert!(b.g.card(f).exhausted);
}

/// 203.2: a cost check reads the printed cost: (cost<= 2) finds a 2-cost character even
/// with its ATK and DEF raised, never a 3-cost one.
#[test]
fn r203_2_a_cost_check_reads_the_printed_cost() {
    let (mut b, pt) = Bench::with_effect("(target 0 character (cost<= 2)) (stun (target 0))", "");
    let two = b.in_play(1, "trn-003", Row::Front, 0);
    let three = b.in_play(1, "trn-005", Row::Front, 1);
    b.g.add_modifier(two, 5, 5, None, crate::vocab::Duration::ThisTurn);
    b.act(Action::PlayPlotTwist(pt));
    let legal = b.g.legal();
    assert!(legal.contains(&target_ref(&b, two)));
    assert!(!legal.contains(&target_ref(&b, three)));
}

/// 203.4b: a recruit cost is paid from the resource points; 203.4c: only in the recruit
/// step.
#[test]
fn r203_4b_r203_4c_recruit_costs_come_from_resource_points() {
    let mut b = Bench::new("");
    let tam = b.in_hand(0, "trn-003"); // cost 2
    b.g.player_mut(0).rp = 1;
    let a = Action::Recruit {
        card: tam,
        boost: false,
    };
    assert!(!b.g.legal().contains(&a));
    b.g.player_mut(0).rp = 3;
    assert!(b.g.legal().contains(&a));
    b.g.part = Part::Step(StepKind::Attack, 0);
    assert!(!b.g.legal().contains(&a));
    assert_eq!(b.g.explain_illegal(&a).rule, "404.3");
    b.g.part = Part::Step(StepKind::Recruit, 0);
    b.act(a);
    assert_eq!(b.g.player(0).rp, 1);
}

/// 203.5c: a threshold is a cost: with two resources a threshold 3 plot twist can't be
/// played, with three it can (and no resource is spent).
#[test]
fn r203_5c_a_threshold_must_be_met() {
    let mut b = Bench::new(CARDS);
    let pt = b.in_hand(0, "x-t3");
    b.resources(0, 2);
    assert!(!b.g.legal().contains(&Action::PlayPlotTwist(pt)));
    b.resources(0, 1);
    b.play(pt, &[]);
    assert_eq!(b.g.endurance(0), 51);
}

/// 203.6b: every action of a payment cost must be possible: ready but short of resource
/// points, the power can't be used; with them, it exhausts and spends.
#[test]
fn r203_6b_every_part_of_a_payment_cost_is_paid() {
    let mut b = Bench::new(CARDS);
    let q = b.in_play(0, "x-rp", Row::Front, 0);
    b.g.player_mut(0).rp = 2;
    let use_it = Action::UsePower { card: q, power: 0 };
    assert!(!b.g.legal().contains(&use_it));
    b.g.player_mut(0).rp = 3;
    b.act(use_it);
    b.resolve_all();
    assert!(b.g.card(q).exhausted);
    assert_eq!(b.g.player(0).rp, 0);
    assert_eq!(b.g.endurance(0), 54);
}

/// 203.8b: losing endurance is not a cost: an effect makes a player at 2 lose 5 (to -3),
/// while a cost of paying 5 endurance can't be paid at 2.
#[test]
fn r203_8b_losing_endurance_is_not_paying_it() {
    let (mut b, pt) = Bench::with_effect("(lose-endurance you 5)", CARDS);
    let p = b.in_play(0, "x-pe", Row::Front, 0);
    b.g.player_mut(0).endurance = 2;
    assert!(!b
        .g
        .legal()
        .contains(&Action::UsePower { card: p, power: 0 }));
    b.play(pt, &[]);
    assert_eq!(b.g.endurance(0), -3);
}

/// 203.9b: a plot twist's additional cost works where it is played from, the hand and the
/// resource row alike.
#[test]
fn r203_9b_an_additional_cost_applies_from_hand_and_row() {
    let (mut b, pt) = Bench::with_effect(
        "(to-play (exhaust 1 yours range)) (gain-endurance you 1)",
        "",
    );
    let row = b.resource(0, "x-pt");
    assert!(!b.g.legal().contains(&Action::PlayPlotTwist(pt)));
    assert!(!b.g.legal().contains(&Action::PlayPlotTwist(row)));
    b.in_play(0, "trn-002", Row::Front, 0); // range
    assert!(b.g.legal().contains(&Action::PlayPlotTwist(pt)));
    assert!(b.g.legal().contains(&Action::PlayPlotTwist(row)));
}

/// 203.10b: a KO paying a cost can be replaced (here: removed from the game instead) and
/// the cost is still paid.
#[test]
fn r203_10b_a_ko_cost_can_be_replaced() {
    let mut b = Bench::new(CARDS);
    let tn = b.resource(1, "x-tn");
    b.g.card_mut(tn).face_up = true;
    let k = b.in_play(0, "x-kd", Row::Front, 0);
    b.act(Action::UsePower { card: k, power: 0 });
    assert!(matches!(b.g.card(k).zone, Zone::Removed { .. }));
    b.resolve_all();
    assert_eq!(b.g.endurance(0), 53);
}

/// 210.5b, 210.5c: a stunned character's and an unrevealed face-down resource's text is
/// inactive and does nothing.
#[test]
fn r210_5b_r210_5c_inactive_text_does_nothing() {
    let mut b = Bench::new(CARDS);
    let leader = b.in_play(0, "x-ld", Row::Front, 0);
    let vance = b.in_play(0, "trn-001", Row::Front, 1); // 2 ATK
    assert_eq!(b.g.atk(vance), 3);
    b.g.stun(leader);
    assert_eq!(b.g.atk(vance), 2);
    // Rally Cry: your front row characters get +1 ATK, but only face up.
    let rc = b.resource(0, "trn-105");
    assert_eq!(b.g.atk(vance), 2);
    b.g.card_mut(rc).face_up = true;
    assert_eq!(b.g.atk(vance), 3);
}

/// 211.3, 211.3a: willpower is the keyword's number, 0 without it and 0 while stunned.
#[test]
fn r211_3_r211_3a_willpower_and_stunned_willpower() {
    let mut b = Bench::new(CARDS);
    let psion = b.in_play(0, "x-wp", Row::Front, 0);
    let vance = b.in_play(0, "trn-001", Row::Front, 1);
    assert_eq!(b.g.willpower(psion), 3);
    assert_eq!(b.g.willpower(vance), 0);
    b.g.stun(psion);
    assert_eq!(b.g.willpower(psion), 0);
}

/// 212.4, 213.5c, 214.3a: a concealed character (hidden icon lit) enters its
/// controller's hidden area, in any empty position there.
#[test]
fn r212_4_r213_5c_r214_3a_concealed_enters_the_hidden_area() {
    let mut b = Bench::new("");
    let nix = b.in_hand(0, "trn-023"); // concealed
    b.g.player_mut(0).rp = 2;
    recruit(&mut b, nix);
    let places: Vec<Action> = b.g.legal();
    assert!(!places.is_empty());
    assert!(places
        .iter()
        .all(|a| matches!(a, Action::Place(p) if p.area == Area::Hidden)));
    b.act(Action::Place(pos(Area::Hidden, Row::Front, 0)));
    assert!(b.g.card(nix).zone == Zone::Character(pos(Area::Hidden, Row::Front, 0)));
    assert!(!b.g.is_visible(nix));
}

/// 214.2, 214.3a: a concealed—optional character's player chooses the area as it
/// enters, and it enters there.
#[test]
fn r214_2_concealed_optional_chooses_its_area() {
    let mut b = Bench::new("");
    let lira = b.in_hand(0, "trn-005"); // concealed-optional
    b.g.player_mut(0).rp = 3;
    recruit(&mut b, lira);
    let legal = b.g.legal();
    assert!(legal.contains(&Action::Place(vis(Row::Front, 0))));
    assert!(legal.contains(&Action::Place(pos(Area::Hidden, Row::Support, 0))));
    b.act(Action::Place(pos(Area::Hidden, Row::Support, 0)));
    assert_eq!(
        b.g.card(lira).zone,
        Zone::Character(pos(Area::Hidden, Row::Support, 0))
    );
}

/// 213.1b, 213.6a, 213.6b, 213.6c: there is one chain; an effect goes on top of it and
/// the top resolves first, in the order played.
#[test]
fn r213_1b_r213_6a_r213_6b_r213_6c_the_chain_is_one_ordered_pile() {
    let mut b = Bench::new(CARDS);
    let g1 = b.in_hand(0, "x-g1");
    let g2 = b.in_hand(0, "x-g2");
    b.act(Action::PlayPlotTwist(g1));
    b.act(Action::PlayPlotTwist(g2));
    assert_eq!(b.g.chain().len(), 2);
    assert_eq!(b.g.cards_on_chain(), 2);
    b.act(Action::Pass);
    b.act(Action::Pass);
    // The top, Big Gift, resolved first.
    assert_eq!(b.g.endurance(0), 52);
    assert_eq!(b.g.chain().len(), 1);
    b.resolve_all();
    assert_eq!(b.g.endurance(0), 53);
}

/// 213.2d: a search shuffles the deck afterwards, even when nothing is found.
#[test]
fn r213_2d_a_search_shuffles_the_deck() {
    let (mut b, pt) = Bench::with_effect("(search-deck you (named \"Nobody\"))", "");
    let before = b.g.player(0).deck.clone();
    b.act(Action::PlayPlotTwist(pt));
    let mut guard = 0;
    while b.g.chain().len() + b.g.cards_on_chain() > 0 {
        match b.g.pending() {
            Pending::EffectChoice(_) => b.act(Action::No),
            _ => b.act(Action::Pass),
        }
        guard += 1;
        assert!(guard < 20);
    }
    let after = b.g.player(0).deck.clone();
    assert_eq!(before.len(), after.len());
    assert_ne!(before, after, "the deck was shuffled");
    let (mut x, mut y) = (before, after);
    x.sort();
    y.sort();
    assert_eq!(x, y);
}

/// 213.2e: a draw takes the top card of the deck.
#[test]
fn r213_2e_draws_come_from_the_top() {
    let mut b = Bench::new("");
    let top = *b.g.player(0).deck.last().unwrap();
    let bottom = b.g.player(0).deck[0];
    b.g.draw(0, 1);
    assert_eq!(b.g.card(top).zone, Zone::Hand);
    assert_eq!(b.g.card(bottom).zone, Zone::Deck);
}

/// 213.5a: moving a character between rows keeps it the same object in play, with its
/// modifiers.
#[test]
fn r213_5a_moving_between_rows_stays_in_play() {
    let mut b = Bench::new("");
    let c = b.in_play(0, "trn-001", Row::Front, 0);
    b.g.add_modifier(c, 3, 0, None, crate::vocab::Duration::ThisTurn);
    let object = b.g.card(c).object;
    b.g.part = Part::Step(StepKind::Formation, 0);
    b.g.pending = Pending::Formation(0);
    b.act(Action::MoveCharacter {
        card: c,
        to: vis(Row::Support, 0),
    });
    assert_eq!(b.g.card(c).zone, Zone::Character(vis(Row::Support, 0)));
    assert_eq!(b.g.card(c).object, object);
    assert_eq!(b.g.atk(c), 5);
}

/// 213.5e: a character is put into play only in an empty position.
#[test]
fn r213_5e_characters_enter_only_empty_positions() {
    let mut b = Bench::new("");
    b.in_play(0, "trn-001", Row::Front, 0);
    let tam = b.in_hand(0, "trn-003");
    b.g.player_mut(0).rp = 2;
    recruit(&mut b, tam);
    let legal = b.g.legal();
    assert!(!legal.contains(&Action::Place(vis(Row::Front, 0))));
    assert!(legal.contains(&Action::Place(vis(Row::Front, 1))));
    assert!(legal.contains(&Action::Place(vis(Row::Support, 0))));
}

/// 214.1, 214.3: no one has priority while a character enters play; it enters ready,
/// controlled by the player who put it into play.
#[test]
fn r214_1_r214_3_entering_play_ready_without_priority() {
    let mut b = Bench::new("");
    let tam = b.in_hand(0, "trn-003");
    b.g.player_mut(0).rp = 2;
    recruit(&mut b, tam);
    assert!(matches!(b.g.pending(), Pending::Place(0, _)));
    assert!(!b.g.legal().contains(&Action::Pass));
    b.act(Action::Place(vis(Row::Front, 0)));
    assert!(!b.g.card(tam).exhausted);
    assert_eq!(b.g.card(tam).controller, 0);
    assert_eq!(b.g.pending(), Pending::Priority(0));
}

/// 214.3b: concealed equipment goes only on a hidden character.
#[test]
fn r214_3b_concealed_equipment_goes_on_a_hidden_character() {
    let mut b = Bench::new(CARDS);
    let seen = b.in_play(0, "trn-001", Row::Front, 0);
    let hid = b.in_play(0, "trn-003", Row::Front, 1);
    b.g.move_card(hid, Zone::Character(pos(Area::Hidden, Row::Front, 0)));
    let cloak = b.in_hand(0, "x-ce");
    b.g.player_mut(0).rp = 1;
    let legal = b.g.legal();
    assert!(!legal.contains(&Action::Equip {
        card: cloak,
        host: seen
    }));
    assert!(legal.contains(&Action::Equip {
        card: cloak,
        host: hid
    }));
}

/// 214.4: continuous modifiers apply to a character as it enters play.
#[test]
fn r214_4_continuous_modifiers_apply_on_entering() {
    let mut b = Bench::new("");
    let rc = b.resource(0, "trn-105"); // front row characters get +1 ATK
    b.g.card_mut(rc).face_up = true;
    let vance = b.in_hand(0, "trn-001");
    b.g.player_mut(0).rp = 1;
    recruit(&mut b, vance);
    b.act(Action::Place(vis(Row::Front, 0)));
    assert_eq!(b.g.atk(vance), 3);
}

/// 215.1, 215.1a: +1/+1 counters put on a character add to its ATK and DEF.
#[test]
fn r215_1_r215_1a_plus_counters_raise_atk_and_def() {
    let (mut b, pt) = Bench::with_effect("(target 0 character) (plus-counters (target 0) 2)", "");
    let c = b.in_play(0, "trn-001", Row::Front, 0); // 2/1
    b.play(pt, &[c]);
    assert_eq!(b.g.card(c).plus, 2);
    assert_eq!((b.g.atk(c), b.g.def_value(c)), (4, 3));
}

/// 216.1: passing priority gives it to the next player clockwise.
#[test]
fn r216_1_passing_gives_priority_to_the_next_player() {
    let mut b = Bench::new("");
    assert_eq!(b.g.pending(), Pending::Priority(0));
    b.act(Action::Pass);
    assert_eq!(b.g.pending(), Pending::Priority(1));
}

/// 216.2b: all passing with an empty chain ends the step; the next step of the same phase
/// begins.
#[test]
fn r216_2b_all_passing_starts_the_next_step() {
    let mut b = Bench::new("");
    b.act(Action::Pass);
    assert_eq!(b.g.part(), Part::Step(StepKind::Recruit, 0));
    b.act(Action::Pass);
    assert_eq!(b.g.part(), Part::Step(StepKind::Formation, 0));
}

/// 216.2a: all passing in the last step of a phase starts the next phase.
#[test]
fn r216_2a_all_passing_starts_the_next_phase() {
    let mut b = Bench::new("");
    b.g.part = Part::Step(StepKind::Formation, 1);
    b.act(Action::Pass);
    b.act(Action::Pass);
    assert_eq!(b.g.part(), Part::Phase(Phase::Combat));
}

/// 216.2d: in the recovery phase, all passing leads to the wrap-up (here: who recovers
/// a stunned character) before the phase ends.
#[test]
fn r216_2d_the_recovery_phase_wraps_up() {
    let mut b = Bench::new("");
    let c = b.in_play(0, "trn-001", Row::Front, 0);
    b.g.stun(c);
    b.g.part = Part::Phase(Phase::Recovery);
    b.g.pending = Pending::Priority(0);
    b.act(Action::Pass);
    b.act(Action::Pass);
    assert_eq!(b.g.pending(), Pending::WrapUpRecover(0));
    assert_eq!(b.g.part(), Part::Phase(Phase::Recovery));
}

/// 216.2c, 216.2e: all passing in the attack substep concludes the attack; the attack
/// step goes on.
#[test]
fn r216_2c_r216_2e_all_passing_concludes_the_attack() {
    let mut b = Bench::new("");
    let a = b.in_play(0, "trn-007", Row::Front, 0); // 6/5
    let d = b.in_play(1, "trn-003", Row::Front, 0); // 3/2
    b.g.part = Part::Step(StepKind::Attack, 0);
    b.act(Action::Propose {
        attacker: a,
        defender: Defender::Character(d),
    });
    b.act(Action::Pass);
    b.act(Action::Pass);
    assert!(b.g.attack().is_some_and(|x| x.started));
    b.act(Action::Pass);
    b.act(Action::Pass);
    assert!(b.g.attack().is_none());
    assert!(b.g.card(d).stunned);
    assert_eq!(b.g.part(), Part::Step(StepKind::Attack, 0));
}

/// 216.2f: an effect begun and taken back does not break passing in succession.
#[test]
fn r216_2f_a_taken_back_play_does_not_break_passing() {
    let mut b = Bench::new(CARDS);
    b.in_play(0, "trn-001", Row::Front, 0);
    let st = b.in_hand(1, "x-st");
    b.act(Action::Pass);
    b.act(Action::PlayPlotTwist(st));
    assert_eq!(b.g.pending(), Pending::Target(1));
    b.act(Action::CancelPlay);
    b.act(Action::Pass);
    assert_eq!(b.g.part(), Part::Step(StepKind::Formation, 0));
}

/// 216.2g: revealing a face-down resource does not break passing in succession.
#[test]
fn r216_2g_revealing_does_not_break_passing() {
    let mut b = Bench::new(CARDS);
    let r = b.resource(1, "x-rs");
    b.act(Action::Pass);
    b.act(Action::Reveal(r));
    b.act(Action::Pass);
    assert_eq!(b.g.part(), Part::Step(StepKind::Formation, 0));
}

/// 217.1, 217.2: a card built in the resource row is put there face down and ready, and
/// its character text (concealed, enters-play powers) is not processed.
#[test]
fn r217_1_r217_2_a_built_resource_is_face_down_and_ready() {
    let mut b = Bench::new("");
    let nix = b.in_hand(0, "trn-023"); // concealed
    let bell = b.in_hand(0, "trn-012"); // draws as it enters play
    b.g.part = Part::Step(StepKind::Resource, 0);
    b.g.pending = Pending::Build(0);
    b.act(Action::Build(nix));
    let c = b.g.card(nix);
    assert_eq!(c.zone, Zone::Resource);
    assert!(!c.face_up && !c.exhausted && !c.stunned);
    // Bell built on another turn: no draw.
    b.g.pending = Pending::Build(0);
    let hand = b.g.player(0).hand_len();
    b.act(Action::Build(bell));
    assert_eq!(b.g.card(bell).zone, Zone::Resource);
    assert_eq!(b.g.player(0).hand_len(), hand - 1);
    assert!(b.g.chain().is_empty());
}

/// 104.3: an undefined number is 0: the cost of a discarded plot twist card (it has none)
/// makes a "lose endurance equal to its cost" lose 0; a cost-4 character makes it 4.
#[test]
fn r104_3_an_undefined_number_is_zero() {
    let effect = "(to-play (discard 1)) (target 0 player opponent) (lose-endurance (target 0) (cost-of-paid 0))";
    for (card, loss) in [("trn-104", 0), ("trn-007", 4)] {
        let (mut b, pt) = Bench::with_effect(effect, "");
        let paid = b.in_hand(0, card);
        b.act(Action::PlayPlotTwist(pt));
        b.act(Action::ChooseTarget(TargetRef::Player(1)));
        b.act(Action::Pick(paid));
        b.resolve_all();
        assert_eq!(b.g.endurance(1), 50 - loss, "{card}");
    }
}

/// 210.1: each paragraph of game text is a power of its own: a Drone's two powers are
/// offered and used separately.
#[test]
fn r210_1_each_power_is_its_own() {
    let mut b = Bench::new(CARDS);
    let d = b.in_play(0, "x-dr", Row::Front, 0);
    let legal = b.g.legal();
    assert!(legal.contains(&Action::UsePower { card: d, power: 0 }));
    assert!(legal.contains(&Action::UsePower { card: d, power: 1 }));
    b.act(Action::UsePower { card: d, power: 1 });
    b.resolve_all();
    // Stunning the cost-1 Drone lost 1 (708.11b), its power gained 1.
    assert_eq!(b.g.endurance(0), 50);
    assert_eq!(
        b.g.raw_atk(d),
        2,
        "the other power (+2 ATK) did not resolve"
    );
    assert!(b.g.card(d).stunned);
}

/// 213.5b: a face-down resource has no type but resource: a character card there is not
/// a character and can't be targeted as one.
#[test]
fn r213_5b_a_face_down_resource_is_only_a_resource() {
    let (mut b, pt) = Bench::with_effect("(target 0 character) (stun (target 0))", "");
    let r = b.resource(1, "trn-007");
    let c = b.in_play(1, "trn-001", Row::Front, 0);
    assert!(!b.g.is_character(r));
    assert!(b.g.is_character(c));
    b.act(Action::PlayPlotTwist(pt));
    let legal = b.g.legal();
    assert!(legal.contains(&target_ref(&b, c)));
    assert!(!legal.contains(&target_ref(&b, r)));
}

/// 213.5d: characters go into the front or the support row; a built resource goes into
/// the resource row, not a character row.
#[test]
fn r213_5d_front_support_and_resource_rows() {
    let mut b = Bench::new("");
    let tam = b.in_hand(0, "trn-003");
    b.g.player_mut(0).rp = 2;
    recruit(&mut b, tam);
    let rows: Vec<Row> =
        b.g.legal()
            .iter()
            .filter_map(|a| match a {
                Action::Place(p) => Some(p.row),
                _ => None,
            })
            .collect();
    assert!(rows.contains(&Row::Front) && rows.contains(&Row::Support));
    b.act(Action::Place(vis(Row::Support, 0)));
    let vance = b.in_hand(0, "trn-001");
    b.g.part = Part::Step(StepKind::Resource, 0);
    b.g.pending = Pending::Build(0);
    b.act(Action::Build(vance));
    assert_eq!(b.g.card(vance).zone, Zone::Resource);
    assert_eq!(b.g.player(0).resources(), &[vance]);
    assert_eq!(b.g.player(0).characters(), &[tam]);
}

/// 203.10: the actions paying a cost can't be replaced: a stun-this cost stuns its own
/// character despite a replacement of stuns, and a pay-endurance cost is lost despite a
/// replacement of endurance losses; the same events from effects are replaced.
#[test]
fn r203_10_a_cost_is_not_replaced() {
    let extra = r#"
(card x-shield "Guardian" "" (character (cost 3) (atk 3) (def 3))
  (continuous (replace become-stunned (each yours other) (gain-endurance you 5))))
(card x-sponge "Sponge" "" (character (cost 3) (atk 3) (def 3))
  (continuous (replace lose-endurance you (gain-endurance you 1))))
"#;
    let text = format!("{CARDS}\n{extra}");
    // The stun paying Drone's cost happens (and loses its controller its cost, 1).
    let (mut b, pt) = Bench::with_effect("(target 0 character) (stun (target 0))", &text);
    b.in_play(0, "x-shield", Row::Support, 0);
    let one = b.in_play(0, "x-dr", Row::Front, 0);
    let two = b.in_play(0, "x-dr", Row::Front, 1);
    b.act(Action::UsePower {
        card: one,
        power: 1,
    });
    assert!(b.g.card(one).stunned);
    assert_eq!(b.g.endurance(0), 49);
    b.resolve_all();
    assert_eq!(b.g.endurance(0), 50);
    // A stun from an effect is replaced.
    b.play(pt, &[two]);
    assert!(!b.g.card(two).stunned);
    assert_eq!(b.g.endurance(0), 55);

    // Paying 5 endurance is a loss the Sponge can't replace; an effect's loss it can.
    let (mut b, pt) = Bench::with_effect("(lose-endurance you 3)", &text);
    b.in_play(0, "x-sponge", Row::Support, 0);
    let p = b.in_play(0, "x-pe", Row::Front, 0);
    b.act(Action::UsePower { card: p, power: 0 });
    assert_eq!(b.g.endurance(0), 45);
    b.resolve_all();
    assert_eq!(b.g.endurance(0), 46, "its effect's gain of 1 is no loss");
    b.play(pt, &[]);
    assert_eq!(b.g.endurance(0), 47);
}

/// 202.5: a reference to a version without a name finds every card with that version,
/// whatever its name; a card whose name is the version doesn't qualify.
#[test]
fn r202_5_a_version_reference_finds_any_name() {
    let extra = r#"
(card x-trok "Trok" "Deep Six" (character (cost 2) (atk 2) (def 2)))
(card x-shark "Shark" "Deep Six" (character (cost 2) (atk 2) (def 2)))
(card x-six "Deep Six" "" (character (cost 2) (atk 2) (def 2)))
"#;
    let (mut b, pt) = Bench::with_effect(
        "(target 0 character (version \"Deep Six\")) (stun (target 0))",
        extra,
    );
    let trok = b.in_play(1, "x-trok", Row::Front, 0);
    let shark = b.in_play(1, "x-shark", Row::Front, 1);
    let named = b.in_play(1, "x-six", Row::Front, 2);
    assert!(b
        .effect_text(pt)
        .contains("character with version Deep Six"));
    b.act(Action::PlayPlotTwist(pt));
    let legal = b.g.legal();
    assert!(legal.contains(&target_ref(&b, trok)));
    assert!(legal.contains(&target_ref(&b, shark)));
    assert!(!legal.contains(&target_ref(&b, named)));
}
