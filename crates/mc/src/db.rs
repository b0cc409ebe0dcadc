//! The card database: the Core Set card files built into the binary, compiled once.

use crate::cardfile::parse_cards;
use crate::model::*;
use std::collections::HashMap;
use std::sync::{Arc, OnceLock};

/// The card files, by name (for error messages) and text.
pub const FILES: [(&str, &str); 5] = [
    ("cards/heroes.cards", include_str!("../cards/heroes.cards")),
    (
        "cards/aspects.cards",
        include_str!("../cards/aspects.cards"),
    ),
    (
        "cards/villains.cards",
        include_str!("../cards/villains.cards"),
    ),
    (
        "cards/modular.cards",
        include_str!("../cards/modular.cards"),
    ),
    (
        "cards/nemesis.cards",
        include_str!("../cards/nemesis.cards"),
    ),
];

#[derive(Debug)]
pub struct Db {
    pub defs: Vec<CardDef>,
    by_code: HashMap<String, u16>,
    /// Some card's constant ability lowers hit points (none in the Core Set): only then
    /// can a character with no damage be at 0 hit points (the state checks skip the
    /// undamaged otherwise).
    pub(crate) lowers_hit_points: bool,
}

impl Db {
    pub fn build() -> Result<Db, String> {
        let mut defs = vec![];
        for (name, text) in FILES {
            let cards =
                parse_cards(text).map_err(|e| format!("{name}:{}: {}", e.pos, e.message))?;
            defs.extend(cards);
        }
        let mut by_code = HashMap::new();
        for (i, d) in defs.iter().enumerate() {
            if by_code.insert(d.code.clone(), i as u16).is_some() {
                return Err(format!("card {} is defined twice", d.code));
            }
        }
        let lowers_hit_points = defs.iter().any(|d| {
            d.constants.iter().any(|k| {
                matches!(
                    *k,
                    Constant::YouGet { stat: Stat::Hp, n }
                    | Constant::AttachedGets { stat: Stat::Hp, n }
                    | Constant::VillainGets { stat: Stat::Hp, n }
                    | Constant::DronesGet { stat: Stat::Hp, n, .. } if n < 0
                )
            })
        });
        Ok(Db {
            defs,
            by_code,
            lowers_hit_points,
        })
    }
    pub fn by_code(&self, code: &str) -> Option<u16> {
        self.by_code.get(code).copied()
    }
    pub fn get(&self, code: &str) -> Option<&CardDef> {
        self.by_code(code).map(|i| &self.defs[usize::from(i)])
    }
    /// Cards of a set (`rhino`, `spider_man`, `standard`...), in file order.
    pub fn set(&self, set: &str) -> impl Iterator<Item = (u16, &CardDef)> + '_ {
        let set = set.to_string();
        self.defs
            .iter()
            .enumerate()
            .filter(move |(_, d)| d.set == set)
            .map(|(i, d)| (i as u16, d))
    }
    /// A card by number, or by name (case-insensitive, first match).
    pub fn find(&self, key: &str) -> Option<&CardDef> {
        self.get(key)
            .or_else(|| self.defs.iter().find(|d| d.name.eq_ignore_ascii_case(key)))
    }
}

/// The Core Set database (the built-in card files are checked by a test, so a failure
/// here is a build defect, reported with the file and line).
pub fn core() -> Arc<Db> {
    static DB: OnceLock<Arc<Db>> = OnceLock::new();
    DB.get_or_init(|| match Db::build() {
        Ok(db) => Arc::new(db),
        Err(e) => panic!("the built-in Marvel Champions card files are broken: {e}"),
    })
    .clone()
}

#[cfg(test)]
mod lowers_hit_points_tests {
    /// The state checks skip characters without damage unless some card lowers hit
    /// points; no Core Set card does (if one is written, the flag turns the skip off).
    #[test]
    fn no_core_set_card_lowers_hit_points() {
        assert!(!super::core().lowers_hit_points);
    }
}
