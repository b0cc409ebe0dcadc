//! The prebuilt decks embedded in the binary (`decks/*.deck`, in the deck list format
//! of [`crate::deck`]).

use crate::deck::{self, DeckList};

/// Name and text of each prebuilt deck: two per team, each with its own main character.
macro_rules! decks {
    ($($name:literal),* $(,)?) => {
        &[$(($name, include_str!(concat!("../decks/", $name, ".deck")))),*]
    };
}

const PREBUILT: &[(&str, &str)] = decks![
    "avengers-cap",
    "xmen-wolverine",
    "guardians-groot",
    "villains-goblin",
    "avengers-ironman",
    "xmen-storm",
    "guardians-starlord",
    "villains-magneto",
    "avengers-spiderman",
    "xmen-deadpool",
    "guardians-gamora",
    "villains-loki",
];

/// Names of the prebuilt decks.
pub fn names() -> Vec<&'static str> {
    PREBUILT.iter().map(|(n, _)| *n).collect()
}

/// A prebuilt deck by name.
pub fn prebuilt(name: &str) -> Option<DeckList> {
    PREBUILT.iter().find(|(n, _)| *n == name).map(|(n, src)| {
        deck::parse(&format!("{n}.deck"), n, src).expect("embedded decks parse (tested)")
    })
}

/// A prebuilt deck's text (for showing the line of a problem).
pub fn text(name: &str) -> Option<&'static str> {
    PREBUILT
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, src)| *src)
}

/// Every prebuilt deck.
pub fn all() -> Vec<DeckList> {
    names().into_iter().filter_map(prebuilt).collect()
}

#[cfg(test)]
mod tests {
    #[test]
    fn two_prebuilt_decks_per_team_each_with_a_different_main_character() {
        let db = crate::cardfile::embedded();
        let decks = super::all();
        assert!(decks.len() >= 8);
        let mut mains: Vec<String> = decks.iter().map(|d| d.main.clone()).collect();
        mains.sort();
        mains.dedup();
        assert_eq!(
            mains.len(),
            decks.len(),
            "every deck has its own main character"
        );
        for team in [
            crate::model::Team::Avengers,
            crate::model::Team::XMen,
            crate::model::Team::Guardians,
            crate::model::Team::Villains,
        ] {
            let n = decks
                .iter()
                .filter(|d| db.get(db.find(&d.main).unwrap()).teams.contains(&team))
                .count();
            assert!(n >= 2, "{team:?} has {n} prebuilt decks");
        }
    }

    #[test]
    fn every_prebuilt_deck_is_legal_with_the_embedded_cards() {
        let db = crate::cardfile::embedded();
        for d in super::all() {
            let errs = crate::deck::check(&format!("{}.deck", d.name), &d, &db);
            assert!(errs.is_empty(), "{}: {:?}", d.name, errs);
        }
    }
}
