//! The prebuilt decks embedded in the binary (`decks/*.deck`, in the deck list format
//! of [`crate::deck`]).

use crate::deck::{self, DeckList};

/// Name and text of each prebuilt deck: Marvel Battles' two per team, each with its own
/// main character, then two per later set and two that mix four sets.
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
    // The later sets (issue 35): two per set, and two that mix four sets.
    "defenders-daredevil",
    "defenders-bullseye",
    "aforce-captain-marvel",
    "aforce-black-cat",
    "aliens-ripley",
    "aliens-dragon",
    "legacy-jessica-jones",
    "legacy-elektra",
    "mixed-captain-marvel",
    "mixed-thor",
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
        // The decks that mix four sets may share a main character with a set's deck.
        let own: Vec<_> = decks
            .iter()
            .filter(|d| !d.name.starts_with("mixed-"))
            .collect();
        let mut mains: Vec<String> = own.iter().map(|d| d.main.clone()).collect();
        mains.sort();
        mains.dedup();
        assert_eq!(
            mains.len(),
            own.len(),
            "every deck has its own main character"
        );
        // Issue 35: two per later set, built on a main character of that set.
        for set in ["def", "aff", "aln", "leg"] {
            let n = own.iter().filter(|d| d.main.starts_with(set)).count();
            assert!(n >= 2, "set {set} has {n} prebuilt decks");
        }
        // And decks that mix four sets.
        for d in decks.iter().filter(|d| d.name.starts_with("mixed-")) {
            let mut sets: Vec<&str> = d
                .entries
                .iter()
                .map(|(_, _, key)| key.split('-').next().unwrap_or_default())
                .collect();
            sets.sort();
            sets.dedup();
            assert!(sets.len() >= 4, "{} mixes {sets:?}", d.name);
        }
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
