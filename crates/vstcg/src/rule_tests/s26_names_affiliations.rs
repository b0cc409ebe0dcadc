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
