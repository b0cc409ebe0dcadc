//! Tests of the rules on names, versions, traits, brands, affiliations and equipment
//! that session 26 implemented (crossover and the affiliation layer of 514, …).

use crate::action::Action;
use crate::ids::*;
use crate::model::Affiliations;
use crate::state::*;
use crate::testkit::Bench;

/// Affiliation changers and the characters they change.
const CARDS: &str = r#"
(card x-xm "Mutant Cadet" "" (character (cost 2) (atk 2) (def 2) (affiliation "X-Men")))
(card x-mo "Tunnel Dweller" "" (character (cost 2) (atk 2) (def 2) (affiliation "Morlocks")))
(card x-br "Brotherhood Bruiser" "" (character (cost 2) (atk 2) (def 2) (affiliation "Brotherhood")))
(card x-ff "Foursome Pilot" "" (character (cost 2) (atk 2) (def 2) (affiliation "Fantastic Four")))
(card x-la "Assassin Adept" "" (character (cost 2) (atk 2) (def 2) (affiliation "League of Assassins")))
(card x-un "Drifter" "" (character (cost 2) (atk 2) (def 2)))
(card x-ab "Tunnels and Towers" "" (plot-twist (threshold 0) ongoing)
  (effect) (continuous (crossover "X-Men" "Morlocks")))
(card x-mn "Mutant Kinship" "" (plot-twist (threshold 0) ongoing)
  (effect) (continuous (crossover "Brotherhood" "X-Men")))
(card x-hu "Heroic Kinship" "" (plot-twist (threshold 0) ongoing)
  (effect) (continuous (crossover "Fantastic Four" "X-Men")))
(card x-ds "Mercenary Chief" "" (character (cost 3) (atk 3) (def 3))
  (continuous (gain-affiliation (each yours unaffiliated) "Mercenaries")))
(card x-ra "Demon Head" "" (character (cost 5) (atk 5) (def 5) (affiliation "League of Assassins"))
  (continuous (lose-affiliations (each (not (affiliation "League of Assassins"))))))
(card x-dr "Drill Hall" "" (location (threshold 0))
  (continuous (stats (each yours front-row (affiliation "X-Men")) 1 0)))
"#;

fn aff(b: &mut Bench, names: &[&str]) -> Affiliations {
    let mut a = Affiliations::NONE;
    for n in names {
        let i =
            b.g.pool
                .affiliations
                .iter()
                .position(|x| x == n)
                .expect("an affiliation of the pool");
        a = a.with(i);
    }
    a
}

fn face_up(b: &mut Bench, p: PlayerId, id: &str) -> CardId {
    let c = b.resource(p, id);
    b.g.card_mut(c).face_up = true;
    let t = b.g.tick();
    b.g.card_mut(c).timestamp = t;
    c
}

/// 708.3a, G-Crossover, 511.2a: crossover gives both affiliations to the characters
/// its player controls and to the character cards they own in every zone (a deck, a
/// hand, a KO'd pile), and to nothing of another player's.
#[test]
fn r708_3a_g_crossover_r511_2a_crossover_reaches_characters_and_owned_cards() {
    let mut b = Bench::new(CARDS);
    let mine = b.in_play(0, "x-mo", Row::Front, 0);
    let in_hand = b.in_hand(0, "x-xm");
    let in_ko = b.in_hand(0, "x-mo");
    b.g.move_card(in_ko, Zone::KoPile);
    let other = b.in_hand(0, "x-br");
    let theirs = b.in_play(1, "x-mo", Row::Front, 0);
    let both = aff(&mut b, &["X-Men", "Morlocks"]);
    assert_ne!(b.g.affiliations(mine), both);
    let text = crate::text::card_line(b.g.pool(), b.g.pool.def(b.g.pool.find_id("x-ab").unwrap()));
    assert!(text.contains("Crossover X-Men and Morlocks."), "{text}");
    face_up(&mut b, 0, "x-ab");
    for c in [mine, in_hand, in_ko] {
        assert_eq!(b.g.affiliations(c), both, "{}", b.g.name(c));
    }
    assert_eq!(b.g.affiliations(other), aff(&mut b, &["Brotherhood"]));
    assert_eq!(b.g.affiliations(theirs), aff(&mut b, &["Morlocks"]));
}

/// 514.2, 514.3: a modifier depends on another that could change whether it applies;
/// "lose all affiliations" for those without League of Assassins comes before "your
/// unaffiliated characters gain Mercenaries" (which can't change League of Assassins),
/// whatever their timestamps: the unaffiliated ones and those stripped of theirs gain
/// Mercenaries; so does a character of another affiliation once stripped.
#[test]
fn r514_2_r514_3_gaining_depends_on_losing() {
    for ra_first in [false, true] {
        let mut b = Bench::new(CARDS);
        let (ds, ra) = if ra_first {
            let ra = b.in_play(1, "x-ra", Row::Front, 0);
            (b.in_play(0, "x-ds", Row::Front, 0), ra)
        } else {
            let ds = b.in_play(0, "x-ds", Row::Front, 0);
            (ds, b.in_play(1, "x-ra", Row::Front, 0))
        };
        let t = b.g.tick();
        b.g.card_mut(if ra_first { ds } else { ra }).timestamp = t;
        let xm = b.in_play(0, "x-xm", Row::Front, 1);
        let la = b.in_play(0, "x-la", Row::Front, 2);
        let merc = aff(&mut b, &["Mercenaries"]);
        // Stripped of X-Men by Demon Head, then unaffiliated: gains Mercenaries.
        assert_eq!(b.g.affiliations(xm), merc);
        assert_eq!(b.g.affiliations(ds), merc);
        // League of Assassins keeps it and isn't unaffiliated.
        assert_eq!(b.g.affiliations(la), aff(&mut b, &["League of Assassins"]));
        assert_eq!(b.g.affiliations(ra), aff(&mut b, &["League of Assassins"]));
    }
}

/// 514.1, 514.4: a modifier that reads affiliations comes after the one that changes
/// them, though it has the earlier timestamp: Drill Hall (X-Men front row characters
/// get +1 ATK) flipped before Mutant Kinship (Brotherhood and X-Men crossover) still
/// gives a Brotherhood character +1 ATK.
#[test]
fn r514_1_r514_4_a_reader_applies_after_the_crossover() {
    let mut b = Bench::new(CARDS);
    let br = b.in_play(0, "x-br", Row::Front, 0);
    face_up(&mut b, 0, "x-dr");
    assert_eq!(b.g.atk(br), 2);
    face_up(&mut b, 0, "x-mn");
    assert_eq!(b.g.atk(br), 3);
}

/// 514.4a: two crossovers that depend on each other are a knot: for each character the
/// first that applies to it starts, then the other, so Brotherhood, X-Men and Fantastic
/// Four characters all end with the three affiliations, in either timestamp order.
#[test]
fn r514_4a_a_knot_of_crossovers_starts_where_it_applies() {
    for hu_first in [false, true] {
        let mut b = Bench::new(CARDS);
        if hu_first {
            face_up(&mut b, 0, "x-hu");
            face_up(&mut b, 0, "x-mn");
        } else {
            face_up(&mut b, 0, "x-mn");
            face_up(&mut b, 0, "x-hu");
        }
        let all = aff(&mut b, &["Brotherhood", "X-Men", "Fantastic Four"]);
        for (i, id) in ["x-br", "x-ff", "x-xm"].into_iter().enumerate() {
            let c = b.in_play(0, id, Row::Front, i as i8);
            assert_eq!(b.g.affiliations(c), all, "{id}");
        }
        let un = b.in_play(0, "x-un", Row::Front, 3);
        assert!(b.g.affiliations(un).is_empty());
    }
}

/// 301.4: a character card recruited onto the chain keeps the affiliations it had in
/// the hand: with the crossover gone while it is on the chain, it still has both.
#[test]
fn r301_4_a_recruited_card_keeps_its_hand_affiliations_on_the_chain() {
    let mut b = Bench::new(CARDS);
    let ab = face_up(&mut b, 0, "x-ab");
    let c = b.in_hand(0, "x-mo");
    let both = aff(&mut b, &["X-Men", "Morlocks"]);
    assert_eq!(b.g.affiliations(c), both);
    b.g.player_mut(0).rp = 2;
    b.act(Action::Recruit {
        card: c,
        boost: false,
    });
    assert_eq!(b.g.card(c).zone, Zone::Chain);
    b.g.move_card(ab, Zone::KoPile);
    assert_eq!(b.g.affiliations(c), both);
    b.resolve_all();
    b.act(Action::Place(Position {
        area: Area::Visible,
        row: Row::Front,
        col: 0,
    }));
    assert!(b.g.is_character(c));
    // In play it is a new object: only its printed Morlocks now.
    assert_eq!(b.g.affiliations(c), aff(&mut b, &["Morlocks"]));
}

/// Equipment with restrictions and a limit raiser, and a transfer plot twist.
const EQUIPMENT: &str = r#"
(card x-ff "Foursome Pilot" "" (character (cost 2) (atk 2) (def 2) (affiliation "Fantastic Four")))
(card x-gk "Night Knight" "" (character (cost 2) (atk 2) (def 2) (affiliation "Gotham Knights")))
(card x-bat "Batman" "Cape and Cowl" (character (cost 4) (atk 6) (def 6) (affiliation "Gotham Knights")))
(card x-az "Azrael" "Knightfall" (character (cost 4) (atk 6) (def 6) (affiliation "Gotham Knights"))
  (identity "Batman"))
(card x-jet "Jet Pack" "" (equipment (cost 1)))
(card x-belt "Tool Belt" "" (equipment (cost 1)))
(card x-rang "Batarang" "" (equipment (cost 1))
  (continuous (equip-only-to (affiliation "Gotham Knights"))))
(card x-edge "Batarang" "Cutting Edge" (equipment (cost 1))
  (continuous (equip-only-to (named "Batman"))))
(card x-once "Signal Watch" "" (equipment (cost 1))
  (payment (cost activate) once-per-turn (draw you 1)))
(card x-pier "Pier 4" "" (location (threshold 0))
  (continuous (equip-limit (each yours (affiliation "Fantastic Four")) 2)))
(card x-tr "Hand-Off" "" (plot-twist (threshold 0))
  (effect (target 0 character) (target 1 character) (transfer-equipment (target 0) (target 1))))
"#;

/// `e` attached to `host` under the host's controller.
fn equip(b: &mut Bench, e_id: &str, host: CardId) -> CardId {
    let p = b.g.card(host).controller;
    let e = b.in_hand(p, e_id);
    b.g.card_mut(e).controller = p;
    b.g.move_card(e, Zone::Equipped(host));
    let t = b.g.tick();
    b.g.card_mut(e).timestamp = t;
    e
}

fn transfer(b: &mut Bench, from: CardId, to: CardId) {
    let pt = b.in_hand(0, "x-tr");
    b.play(pt, &[from, to]);
}

/// 708.12a, G-Transfer, 708.12f, 302.10, 700.1, 700.3: a transfer moves an equipment
/// from one character to another at once; it stays the same object, gets a new
/// timestamp, and the new host's controller gains control of it.
#[test]
fn r708_12a_g_transfer_r708_12f_r302_10_r700_1_r700_3_a_transfer_moves_control_and_timestamp() {
    let mut b = Bench::new(EQUIPMENT);
    let theirs = b.in_play(1, "trn-007", Row::Front, 0);
    let mine = b.in_play(0, "trn-006", Row::Front, 0);
    let jet = equip(&mut b, "x-jet", theirs);
    let (object, stamp) = (b.g.card(jet).object, b.g.card(jet).timestamp);
    transfer(&mut b, theirs, mine);
    assert_eq!(b.g.card(jet).zone, Zone::Equipped(mine));
    assert_eq!(b.g.card(jet).controller, 0);
    assert_eq!(b.g.card(jet).object, object);
    assert!(b.g.card(jet).timestamp > stamp);
    assert_eq!(b.g.equipment_on(mine).collect::<Vec<_>>(), vec![jet]);
    assert_eq!(b.g.equipment_on(theirs).count(), 0);
}

/// 700.3a, 700.3b: a modifier on an equipment and its once-per-turn use stay with it
/// when it changes controller.
#[test]
fn r700_3a_r700_3b_r501_4b_modifiers_and_uses_stay_with_the_equipment() {
    let mut b = Bench::new(EQUIPMENT);
    let theirs = b.in_play(1, "trn-007", Row::Front, 0);
    let mine = b.in_play(0, "trn-006", Row::Front, 0);
    let watch = equip(&mut b, "x-once", theirs);
    let object = b.g.card(watch).object;
    b.g.used_this_turn.push((watch, object, 0));
    b.g.modifiers.push(Modifier {
        applies: Applies::Object(watch, object),
        atk: 0,
        def: 0,
        grant: None,
        cant: Some(crate::vocab::Cant::Ready),
        loses: None,
        duration: crate::vocab::Duration::ThisTurn,
        timestamp: 1,
        set_atk: None,
        set_def: None,
        cost: 0,
        source: None,
        must_attack: None,
        captor: None,
    });
    transfer(&mut b, theirs, mine);
    assert_eq!(b.g.card(watch).controller, 0);
    assert!(b.g.cant(watch, crate::vocab::Cant::Ready));
    assert!(!b.g.legal().contains(&Action::UsePower {
        card: watch,
        power: 0
    }));
}

/// 708.12b, 302.3b: the new host must not be stunned nor have its maximum of equipment
/// (one, or two for a Fantastic Four character under Pier 4).
#[test]
fn r708_12b_r302_3b_the_new_host_is_ready_to_take_it() {
    let mut b = Bench::new(EQUIPMENT);
    let from = b.in_play(0, "trn-007", Row::Front, 0);
    let ff = b.in_play(0, "x-ff", Row::Front, 1);
    let down = b.in_play(0, "trn-005", Row::Front, 2);
    b.g.stun(down);
    let jet = equip(&mut b, "x-jet", from);
    equip(&mut b, "x-belt", ff);
    transfer(&mut b, from, down);
    assert_eq!(
        b.g.card(jet).zone,
        Zone::Equipped(from),
        "not to a stunned one"
    );
    transfer(&mut b, from, ff);
    assert_eq!(
        b.g.card(jet).zone,
        Zone::Equipped(from),
        "one is the maximum"
    );
    let pier = b.resource(0, "x-pier");
    b.g.card_mut(pier).face_up = true;
    assert_eq!(b.g.equip_limit(ff), 2);
    transfer(&mut b, from, ff);
    assert_eq!(b.g.card(jet).zone, Zone::Equipped(ff));
}

/// 708.12c: no equipment is transferred from a stunned character.
#[test]
fn r708_12c_not_from_a_stunned_character() {
    let mut b = Bench::new(EQUIPMENT);
    let from = b.in_play(0, "trn-007", Row::Front, 0);
    let to = b.in_play(0, "trn-006", Row::Front, 1);
    let jet = equip(&mut b, "x-jet", from);
    b.g.stun(from);
    transfer(&mut b, from, to);
    assert_eq!(b.g.card(jet).zone, Zone::Equipped(from));
}

/// 708.12d, 700.2: a player transfers equipment only to a character they control.
#[test]
fn r708_12d_r700_2_only_to_a_character_you_control() {
    let mut b = Bench::new(EQUIPMENT);
    let from = b.in_play(0, "trn-007", Row::Front, 0);
    let theirs = b.in_play(1, "trn-006", Row::Front, 0);
    let jet = equip(&mut b, "x-jet", from);
    transfer(&mut b, from, theirs);
    assert_eq!(b.g.card(jet).zone, Zone::Equipped(from));
    assert_eq!(b.g.card(jet).controller, 0);
}

/// 708.12e, 302.3a, 201.2e: an equipment goes only where its restrictions allow; "equip
/// only to Batman" means the name, not a version or an identity Batman.
#[test]
fn r708_12e_r302_3a_r201_2e_restrictions_on_attaching() {
    let mut b = Bench::new(EQUIPMENT);
    let from = b.in_play(0, "x-gk", Row::Front, 0);
    let plain = b.in_play(0, "trn-006", Row::Front, 1);
    let bat = b.in_play(0, "x-bat", Row::Front, 2);
    let az = b.in_play(0, "x-az", Row::Front, 3);
    let rang = equip(&mut b, "x-rang", from);
    let text = crate::text::card_line(b.g.pool(), b.g.def(rang));
    assert!(
        text.contains("Equip only to a Gotham Knights character."),
        "{text}"
    );
    transfer(&mut b, from, plain);
    assert_eq!(b.g.card(rang).zone, Zone::Equipped(from));
    let edge = b.in_hand(0, "x-edge");
    assert!(b.g.can_attach(edge, bat, 0));
    assert!(!b.g.can_attach(edge, az, 0));
    assert!(!b.g.can_attach(edge, from, 0));
}

/// 708.12g: several equipment are transferred one at a time, each checked then: with
/// room for one more, the first goes and the second stays.
#[test]
fn r708_12g_several_are_transferred_one_at_a_time() {
    let mut b = Bench::new(EQUIPMENT);
    let pier = b.resource(0, "x-pier");
    b.g.card_mut(pier).face_up = true;
    let from = b.in_play(0, "x-ff", Row::Front, 0);
    let to = b.in_play(0, "x-ff", Row::Front, 1);
    let jet = equip(&mut b, "x-jet", from);
    let belt = equip(&mut b, "x-belt", from);
    equip(&mut b, "x-once", to);
    transfer(&mut b, from, to);
    // The player picks the order (two are left to try): the jet first.
    b.act(Action::Pick(jet));
    assert_eq!(b.g.card(jet).zone, Zone::Equipped(to));
    assert_eq!(b.g.card(belt).zone, Zone::Equipped(from));
}

/// Classes and traits, brands, and cards with words.
const WORDS: &str = r#"
(card x-mr "Mindreader" "" (character (cost 2) (atk 2) (def 2) (affiliation "X-Men")) (traits "Mutant" "Mental"))
(card x-sa "Strongarm" "" (character (cost 2) (atk 3) (def 2) (affiliation "X-Men")) (traits "Mutant" "Physical"))
"#;

fn filter(b: &mut Bench, text: &str) -> crate::vocab::Filter {
    let src = format!("(card x-f \"F\" \"\" (plot-twist (threshold 0)) (effect (target 0 character {text}) (stun (target 0))))");
    let mut pool: crate::db::CardPool = b.g.pool().clone();
    pool.add_file("f.cards", &src).expect("the filter compiles");
    let def = pool.def(pool.find_id("x-f").unwrap()).clone();
    match &def.play_effect().unwrap().0.targets[0] {
        crate::words::TargetKind::Character(f) => f.clone(),
        _ => unreachable!(),
    }
}

/// 207.2, 207.3: a class or trait groups cards ("a Mental card"); it is outside the text
/// box, so a stunned character and a face-down character card in the resource row keep
/// it.
#[test]
fn r207_2_r207_3_traits_are_kept_stunned_and_face_down() {
    let mut b = Bench::new(WORDS);
    let mental = filter(&mut b, "(trait \"Mental\")");
    assert_eq!(crate::wording::filter(&mental, false), "Mental character");
    let mind = b.in_play(0, "x-mr", Row::Front, 0);
    let strong = b.in_play(0, "x-sa", Row::Front, 1);
    assert!(b.g.matches(&mental, mind, 0, mind));
    assert!(!b.g.matches(&mental, strong, 0, mind));
    b.g.stun(mind);
    assert!(b.g.matches(&mental, mind, 0, mind));
    let row = b.resource(0, "x-mr");
    assert!(!b.g.card(row).face_up);
    assert!(b.g.card_matches(&mental, row, 0, row));
    let text = crate::text::card_line(b.g.pool(), b.g.def(mind));
    assert!(text.contains("Mutant Mental"), "{text}");
}

/// 212.2, 212.2a, 212.2b, 701.19, 701.20: a card has the Marvel or DC characteristic
/// if any printing had the icon; Dual Sidearms, Flying Kick and Jetpack are Marvel
/// cards, Blind Sided, Mobilize and Nasty Surprise both Marvel and DC.
#[test]
fn r212_2_r212_2a_r212_2b_r701_19_r701_20_marvel_and_dc_cards() {
    let mut b = Bench::new("");
    let marvel = filter(&mut b, "marvel");
    let dc = filter(&mut b, "dc");
    assert_eq!(crate::wording::filter(&marvel, false), "Marvel character");
    let card = |b: &mut Bench, name: &str| {
        let id =
            b.g.pool
                .defs
                .iter()
                .find(|d| d.name == name && d.id.starts_with("q-"))
                .unwrap_or_else(|| panic!("{name} is a quoted card"))
                .id
                .clone();
        b.in_hand(0, &id)
    };
    for name in ["Dual Sidearms", "Flying Kick", "Jetpack"] {
        let c = card(&mut b, name);
        assert!(b.g.card_matches(&marvel, c, 0, c), "{name}");
        assert!(!b.g.card_matches(&dc, c, 0, c), "{name}");
    }
    for name in ["Blind Sided", "Mobilize", "Nasty Surprise"] {
        let c = card(&mut b, name);
        assert!(b.g.card_matches(&marvel, c, 0, c), "{name}");
        assert!(b.g.card_matches(&dc, c, 0, c), "{name}");
        let text = crate::text::card_line(b.g.pool(), b.g.def(c));
        assert!(text.contains("Marvel and DC"), "{text}");
    }
    let vance = b.in_hand(0, "trn-001");
    assert!(!b.g.card_matches(&marvel, vance, 0, vance));
}

/// G-Word: a word matches only as a whole word, in the parts named: "Superman/Batman"
/// has "Batman"; "Hulking", "Hulkbuster" and "She-Hulk" don't have "Hulk"; a card's own
/// game text counts.
#[test]
fn g_word_only_whole_words_match() {
    use crate::query::has_word;
    assert!(has_word("Superman/Batman Robot", "Batman"));
    assert!(has_word("Hulk", "hulk"));
    for name in ["Hulking", "Hulkbuster Armor", "She-Hulk"] {
        assert!(!has_word(name, "Hulk"), "{name}");
    }
    let mut b = Bench::new("");
    let word = filter(&mut b, "(word \"Batman\")");
    assert_eq!(
        crate::wording::filter(&word, false),
        "character with the word \"Batman\" in its name, identity or game text"
    );
    let service = b.in_hand(0, "q-011");
    assert!(b.g.card_matches(&word, service, 0, service));
    let name_only = filter(&mut b, "(word \"Batman\" name)");
    assert!(!b.g.card_matches(&name_only, service, 0, service));
    // Azrael <> Batman: the identity counts where it is named.
    let az =
        b.g.pool
            .defs
            .iter()
            .find(|d| d.identity.as_deref() == Some("Batman"))
            .expect("Azrael")
            .id
            .clone();
    let az = b.in_hand(0, &az);
    let identity = filter(&mut b, "(word \"Batman\" identity)");
    assert!(b.g.card_matches(&identity, az, 0, az));
    assert!(!b.g.card_matches(&name_only, az, 0, az));
}

/// Name changers.
const NAMES: &str = r#"
(card x-bz "Bizarro" "Imperfect Duplicate" (character (cost 3) (atk 4) (def 4) (affiliation "Bizarro"))
  (continuous (has-name this "Superman" "Bizarro")))
(card x-sm "Superman" "Man of Steel" (character (cost 5) (atk 9) (def 9) (affiliation "JLA")))
(card x-cl "Clark Kent" "Reporter" (character (cost 2) (atk 2) (def 2) (affiliation "JLA")))
(card x-dp "Decoy Program" "" (equipment (cost 1))
  (continuous (only-name host "Dr. Doom")))
"#;

/// 201.7: a modifier can change a card's name: the equipped character loses its names
/// and versions and has only the new name, shown and matched by it; the power's text is
/// generated from its definition.
#[test]
fn r201_7_a_modifier_changes_the_name() {
    let mut b = Bench::new(NAMES);
    let clark = b.in_play(0, "x-cl", Row::Front, 0);
    let decoy = equip(&mut b, "x-dp", clark);
    let text = crate::text::card_line(b.g.pool(), b.g.def(decoy));
    assert!(
        text.contains(
            "The equipped character loses all names and versions and has the name Dr. Doom."
        ),
        "{text}"
    );
    assert_eq!(b.g.names(clark), vec!["Dr. Doom".to_string()]);
    assert_eq!(b.g.version(clark), "");
    assert_eq!(b.g.name(clark), "Dr. Doom");
    let doom = filter(&mut b, "(named \"Dr. Doom\")");
    let kent = filter(&mut b, "(named \"Clark Kent\")");
    assert!(b.g.matches(&doom, clark, 0, clark) && !b.g.matches(&kent, clark, 0, clark));
    b.g.move_card(decoy, Zone::KoPile);
    assert_eq!(b.g.name(clark), "Clark Kent, Reporter");
}

/// 201.8, 201.8a: a character may have several names and can't gain one it has; two
/// cards share a name when one of their names is the same (so the uniqueness rule sees
/// Bizarro, who has the name Superman, and Superman as sharing one).
#[test]
fn r201_8_r201_8a_several_names_and_sharing_one() {
    let mut b = Bench::new(NAMES);
    let bz = b.in_play(0, "x-bz", Row::Front, 0);
    assert_eq!(
        b.g.names(bz),
        vec!["Bizarro".to_string(), "Superman".to_string()]
    );
    let sm = b.in_hand(0, "x-sm");
    let cl = b.in_hand(0, "x-cl");
    assert!(b.g.shares_name(bz, sm) && b.g.shares_name(sm, bz));
    assert!(!b.g.shares_name(bz, cl));
    let named = filter(&mut b, "(named \"Superman\")");
    assert!(b.g.matches(&named, bz, 0, bz));
}

/// Cards of one name with several versions.
const VERSIONS: &str = r#"
(card x-e1 "Echo" "A" (versions "B") (character (cost 2) (atk 2) (def 2)))
(card x-e2 "Echo" "B" (versions "A") (character (cost 2) (atk 2) (def 2)))
(card x-e3 "Echo" "C" (versions "A") (character (cost 2) (atk 2) (def 2)))
(card x-e4 "Echo" "A" (character (cost 2) (atk 2) (def 2)))
"#;

/// 202.1a, 202.6, 202.7: a card may print several versions; two cards have the same
/// version when all their versions match, share one when one matches; a different
/// version of a card has its name and not the same version.
#[test]
fn r202_1a_r202_6_r202_7_several_versions() {
    let mut b = Bench::new(VERSIONS);
    let c: Vec<CardId> = ["x-e1", "x-e2", "x-e3", "x-e4"]
        .iter()
        .map(|id| b.in_hand(0, id))
        .collect();
    assert_eq!(b.g.versions(c[0]), vec!["A".to_string(), "B".to_string()]);
    assert!(b.g.same_version(c[0], c[1]));
    assert!(!b.g.same_version(c[0], c[2]) && !b.g.same_version(c[0], c[3]));
    for &x in &c {
        assert!(b.g.shares_version(c[0], x));
    }
    let v_b = filter(&mut b, "(version \"B\")");
    assert!(b.g.card_matches(&v_b, c[0], 0, c[0]) && !b.g.card_matches(&v_b, c[2], 0, c[2]));
    let diff = filter(&mut b, "different-version");
    assert_eq!(
        crate::wording::filter(&diff, false),
        "character that is a different version of this card"
    );
    let other: Vec<bool> = c
        .iter()
        .map(|&x| b.g.card_matches(&diff, x, 0, c[0]))
        .collect();
    assert_eq!(other, vec![false, false, true, true]);
}

/// "Costs 1 less for each X character you recruited this turn" counts the characters
/// recruited with the affiliations they had then (301.4), and the count ends with the
/// turn.
#[test]
fn costs_less_per_recruited_reads_the_affiliations_they_were_recruited_with() {
    let mut b = Bench::new(
        r#"
(card x-gg "Glider" "" (equipment (cost 2))
  (continuous (costs-less-per-recruited (affiliation "Morlocks"))))
(card x-mo "Tunnel Dweller" "" (character (cost 2) (atk 2) (def 2) (affiliation "Morlocks")))
"#,
    );
    let gg = b.in_hand(0, "x-gg");
    let text = crate::text::card_line(b.g.pool(), b.g.def(gg));
    assert!(
        text.contains("This card costs 1 less to recruit for each Morlocks character you recruited this turn."),
        "{text}"
    );
    assert_eq!(b.g.recruit_cost(gg, false), 2);
    let c = b.in_hand(0, "x-mo");
    b.g.player_mut(0).rp = 2;
    b.act(Action::Recruit {
        card: c,
        boost: false,
    });
    assert_eq!(b.g.recruit_cost(gg, false), 1);
}
