//! The prebuilt decks embedded in the binary (`decks/*.deck`, in the deck list format
//! of [`crate::deck`]).

use crate::deck::{self, DeckList};

const PREBUILT: &[(&str, &str)] = &[
    ("avengers-cap", include_str!("../decks/avengers-cap.deck")),
    (
        "xmen-wolverine",
        include_str!("../decks/xmen-wolverine.deck"),
    ),
    (
        "guardians-groot",
        include_str!("../decks/guardians-groot.deck"),
    ),
    (
        "villains-goblin",
        include_str!("../decks/villains-goblin.deck"),
    ),
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

/// Every prebuilt deck.
pub fn all() -> Vec<DeckList> {
    names().into_iter().filter_map(prebuilt).collect()
}

#[cfg(test)]
mod tests {
    #[test]
    fn every_prebuilt_deck_is_legal_with_the_embedded_cards() {
        let db = crate::cardfile::embedded();
        for d in super::all() {
            let errs = crate::deck::check(&format!("{}.deck", d.name), &d, &db);
            assert!(errs.is_empty(), "{}: {:?}", d.name, errs);
        }
    }
}
