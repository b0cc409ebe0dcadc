//! The five Core Set hero decks built into the game. No card-by-card list of the
//! box's suggested decks was available to us, so each is the hero's own set, the
//! whole box pool of one aspect and basic cards to 40 (docs/rulings.md, "Prebuilt
//! decks"); each passes the deck rules (tests/decks.rs).

use crate::model::Aspect;

/// A prebuilt deck: name, hero side code, aspect, cards (code, copies).
pub struct Prebuilt {
    pub name: &'static str,
    pub hero: &'static str,
    pub aspect: Aspect,
    pub cards: &'static [(&'static str, u8)],
}

const BASICS: [(&str, u8); 5] = [
    ("01088", 1),
    ("01089", 1),
    ("01090", 1),
    ("01091", 1),
    ("01092", 1),
];

macro_rules! deck {
    ($name:expr, $hero:expr, $aspect:expr, [$($c:expr => $n:expr),* $(,)?]) => {
        Prebuilt {
            name: $name,
            hero: $hero,
            aspect: $aspect,
            cards: &[$(($c, $n)),*, (BASICS[0].0, 1), (BASICS[1].0, 1), (BASICS[2].0, 1), (BASICS[3].0, 1), (BASICS[4].0, 1)],
        }
    };
}

pub const PREBUILT: [Prebuilt; 5] = [
    deck!("spider-man", "01001a", Aspect::Justice, [
        "01002" => 1, "01003" => 2, "01004" => 2, "01005" => 3, "01006" => 1, "01007" => 2, "01008" => 2, "01009" => 2,
        "01058" => 1, "01059" => 1, "01060" => 3, "01061" => 3, "01062" => 2, "01063" => 3, "01064" => 3, "01065" => 3,
        "01083" => 1,
    ]),
    deck!("captain-marvel", "01010a", Aspect::Leadership, [
        "01011" => 1, "01012" => 3, "01013" => 3, "01014" => 2, "01015" => 1, "01016" => 1, "01017" => 2, "01018" => 2,
        "01066" => 1, "01067" => 1, "01068" => 1, "01069" => 3, "01070" => 3, "01071" => 3, "01072" => 2, "01073" => 1, "01074" => 3,
        "01084" => 1, "01087" => 1,
    ]),
    deck!("she-hulk", "01019a", Aspect::Aggression, [
        "01020" => 1, "01021" => 1, "01022" => 2, "01023" => 2, "01024" => 3, "01025" => 1, "01026" => 1, "01027" => 2, "01028" => 2,
        "01050" => 1, "01051" => 1, "01052" => 3, "01053" => 3, "01054" => 3, "01055" => 2, "01056" => 3, "01057" => 3,
        "01087" => 1,
    ]),
    deck!("iron-man", "01029a", Aspect::Aggression, [
        "01030" => 1, "01031" => 3, "01032" => 2, "01033" => 1, "01034" => 1, "01035" => 1, "01036" => 1, "01037" => 1, "01038" => 2, "01039" => 2,
        "01050" => 1, "01051" => 1, "01052" => 3, "01053" => 3, "01054" => 3, "01055" => 2, "01056" => 3, "01057" => 3,
        "01093" => 1,
    ]),
    deck!("black-panther", "01040a", Aspect::Protection, [
        "01041" => 1, "01042" => 1, "01043a" => 1, "01043b" => 1, "01043c" => 1, "01043d" => 2, "01044" => 3, "01045" => 1, "01046" => 1, "01047" => 1, "01048" => 1, "01049" => 1,
        "01075" => 1, "01076" => 1, "01077" => 3, "01078" => 3, "01079" => 2, "01080" => 3, "01081" => 3, "01082" => 3,
        "01086" => 1,
    ]),
];

pub fn prebuilt(name: &str) -> Option<&'static Prebuilt> {
    PREBUILT.iter().find(|d| d.name.eq_ignore_ascii_case(name))
}
