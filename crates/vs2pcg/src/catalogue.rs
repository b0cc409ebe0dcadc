//! The card catalogue built into the engine: the embedded card files, parsed once into
//! a card database, and loading other cards over them. It sits above both the card
//! language (`cardfile`) and the card database (`db`), which know nothing of it.

use crate::cardfile::{self, CardFileError};
use crate::db::{check_size, CardDb};
use crate::model::CardDef;
use std::collections::HashMap;
use std::path::Path;
use std::sync::{Arc, OnceLock};

/// The card files built into the engine.
const EMBEDDED: [(&str, &str); 6] = [
    ("mnb.cards", include_str!("../cards/mnb.cards")),
    ("extra.cards", include_str!("../cards/extra.cards")),
    ("def.cards", include_str!("../cards/def.cards")),
    ("aff.cards", include_str!("../cards/aff.cards")),
    ("aln.cards", include_str!("../cards/aln.cards")),
    ("leg.cards", include_str!("../cards/leg.cards")),
];

/// The embedded card files, parsed once, as a card database.
pub fn embedded() -> Arc<CardDb> {
    static DB: OnceLock<Arc<CardDb>> = OnceLock::new();
    DB.get_or_init(|| match embedded_cards() {
        Ok(cards) => CardDb::new(cards),
        Err(e) => panic!("the embedded card files are broken: {e}"),
    })
    .clone()
}

/// The embedded card definitions (checked as one set).
pub fn embedded_cards() -> Result<Vec<CardDef>, CardFileError> {
    cardfile::parse_files(&EMBEDDED)
}

/// The embedded cards with the cards of a directory's `*.cards` files replacing
/// same-numbered ones and adding the rest (`--cards DIR`); see [`cardfile::load_dir_over`].
pub fn load_dir_over_embedded(dir: &Path) -> Result<Vec<CardDef>, CardFileError> {
    cardfile::load_dir_over(dir, &EMBEDDED)
}

/// The embedded cards with the cards of `extra` added, replacing same-numbered ones;
/// the merged set must be consistent (every level a main character lists is a main
/// character of the same name that lists it back). Linear in the number of cards.
pub fn with_overrides(extra: Vec<CardDef>) -> Result<Arc<CardDb>, String> {
    let mut cards = embedded_cards().map_err(|e| e.to_string())?;
    let mut index: HashMap<String, usize> = cards
        .iter()
        .enumerate()
        .map(|(i, c)| (c.number.to_ascii_lowercase(), i))
        .collect();
    for c in extra {
        let key = c.number.to_ascii_lowercase();
        match index.get(&key) {
            Some(&i) => cards[i] = c,
            None => {
                index.insert(key, cards.len());
                cards.push(c);
            }
        }
    }
    check_size(cards.len())?;
    for d in &cards {
        for lv in &d.levels {
            let other = index.get(&lv.to_ascii_lowercase()).map(|&i| &cards[i]);
            let fine = other.is_some_and(|o| {
                matches!(o.kind, crate::model::CardKind::MainCharacter { .. })
                    && o.name == d.name
                    && o.levels.iter().any(|x| x.eq_ignore_ascii_case(&d.number))
            });
            if !fine {
                return Err(format!(
                    "{} ({}) lists {lv} as a level, but {lv} is not a main character named \"{}\" that lists {} back",
                    d.number, d.source, d.name, d.number
                ));
            }
        }
    }
    Ok(CardDb::new(cards))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Keyword;

    #[test]
    fn embedded_files_load() {
        let cards = embedded_cards().unwrap_or_else(|e| panic!("{e}"));
        assert!(cards.len() > 80, "only {} cards", cards.len());
        let db = embedded();
        let thor = db.get(db.by_number("mnb-021").unwrap());
        assert_eq!(thor.name, "Thor");
        assert!(thor.source.starts_with("mnb.cards:"));
        assert!(thor.has_printed_keyword(Keyword::Flight));
        assert!(db.find("Captain America").is_some());
        assert!(db.by_number("aln-023").is_some());
    }
}
