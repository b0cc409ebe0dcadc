//! The card pool a game plays with: the built-in cards (the training set and the cards
//! the rules documents quote) plus any card files a user adds, and the affiliation
//! names they use.

use crate::cardfile::{parse_cards, AffiliationNames, CardFileError};
use crate::model::*;
use serde::{Deserialize, Serialize};
use std::collections::HashMap;

/// The built-in card files: (file name, text).
pub const BUILT_IN: &[(&str, &str)] = &[
    ("training.cards", include_str!("../cards/training.cards")),
    (
        "quoted-a-c.cards",
        include_str!("../cards/quoted-a-c.cards"),
    ),
    (
        "quoted-d-j.cards",
        include_str!("../cards/quoted-d-j.cards"),
    ),
    (
        "quoted-k-r.cards",
        include_str!("../cards/quoted-k-r.cards"),
    ),
    (
        "quoted-s-z.cards",
        include_str!("../cards/quoted-s-z.cards"),
    ),
];

/// The index of a card definition in its pool.
pub type DefId = u16;

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct CardPool {
    pub defs: Vec<CardDef>,
    pub affiliations: Vec<String>,
    /// Lower-case card id → its definition, built on the first lookup: every new game
    /// looks up its decks' ids (a shortcut only: a stale or missing entry falls back to
    /// the scan).
    #[serde(skip)]
    ids: std::sync::OnceLock<HashMap<String, DefId>>,
}

impl PartialEq for CardPool {
    fn eq(&self, other: &CardPool) -> bool {
        self.defs == other.defs && self.affiliations == other.affiliations
    }
}

impl Eq for CardPool {}

impl std::hash::Hash for CardPool {
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        self.defs.hash(h);
        self.affiliations.hash(h);
    }
}

struct Names<'a>(&'a mut Vec<String>);

impl AffiliationNames for Names<'_> {
    fn affiliation_index(&mut self, name: &str) -> Option<usize> {
        if let Some(i) = self.0.iter().position(|a| a.eq_ignore_ascii_case(name)) {
            return Some(i);
        }
        if self.0.len() >= 128 {
            return None;
        }
        self.0.push(name.to_string());
        Some(self.0.len() - 1)
    }
}

/// A card pool problem, with the file it is in.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{file}:{error}")]
pub struct PoolError {
    pub file: String,
    pub error: CardFileError,
}

/// Most cards a pool may hold (ids are 16 bits; a pool is untrusted input).
pub const MAX_CARDS: usize = 20_000;

impl CardPool {
    /// The built-in cards.
    pub fn built_in() -> CardPool {
        let mut pool = CardPool::default();
        for (file, text) in BUILT_IN {
            if let Err(e) = pool.add_file(file, text) {
                panic!("built-in card file {e}");
            }
        }
        pool
    }

    /// Adds the cards of one file; a card with an id already in the pool replaces it
    /// (a user's file can give the stats a quoted card lacks).
    pub fn add_file(&mut self, file: &str, text: &str) -> Result<usize, PoolError> {
        let cards =
            parse_cards(text, &mut Names(&mut self.affiliations)).map_err(|error| PoolError {
                file: file.to_string(),
                error,
            })?;
        let n = cards.len();
        self.ids = std::sync::OnceLock::new();
        for (def, pos) in cards {
            if let Some(old) = self.defs.iter_mut().find(|d| d.id == def.id) {
                *old = def;
            } else if self.defs.len() >= MAX_CARDS {
                return Err(PoolError {
                    file: file.to_string(),
                    error: CardFileError {
                        pos,
                        message: format!("a card pool holds at most {MAX_CARDS} cards"),
                    },
                });
            } else {
                self.defs.push(def);
            }
        }
        Ok(n)
    }

    pub fn def(&self, id: DefId) -> &CardDef {
        &self.defs[id as usize]
    }

    pub fn find_id(&self, id: &str) -> Option<DefId> {
        let ids = self.ids.get_or_init(|| {
            let mut ids = HashMap::with_capacity(self.defs.len());
            for (i, d) in self.defs.iter().enumerate() {
                ids.entry(d.id.to_ascii_lowercase()).or_insert(i as DefId);
            }
            ids
        });
        let fits = |i: DefId| {
            self.defs
                .get(i as usize)
                .is_some_and(|d| d.id.eq_ignore_ascii_case(id))
        };
        let hit = if id.bytes().any(|b| b.is_ascii_uppercase()) {
            ids.get(&id.to_ascii_lowercase()).copied()
        } else {
            ids.get(id).copied()
        };
        match hit {
            Some(i) if fits(i) => Some(i),
            _ => self
                .defs
                .iter()
                .position(|d| d.id.eq_ignore_ascii_case(id))
                .map(|i| i as DefId),
        }
    }

    /// A card by the way players write it: "Name, Version", or the name alone when
    /// only one version exists, or its id.
    pub fn find(&self, written: &str) -> Option<DefId> {
        let w = written.trim();
        if let Some(i) = self.find_id(w) {
            return Some(i);
        }
        let full: Vec<DefId> = (0..self.defs.len() as DefId)
            .filter(|&i| self.def(i).full_name().eq_ignore_ascii_case(w))
            .collect();
        if let [one] = full[..] {
            return Some(one);
        }
        let by_name: Vec<DefId> = (0..self.defs.len() as DefId)
            .filter(|&i| self.def(i).name.eq_ignore_ascii_case(w))
            .collect();
        match by_name[..] {
            [one] => Some(one),
            _ => None,
        }
    }

    /// Every way a card may be written, for "did you mean" hints.
    pub fn all_names(&self) -> HashMap<String, DefId> {
        let mut out = HashMap::new();
        for (i, d) in self.defs.iter().enumerate() {
            out.insert(d.full_name(), i as DefId);
        }
        out
    }

    pub fn affiliation_name(&self, i: usize) -> &str {
        self.affiliations.get(i).map(String::as_str).unwrap_or("?")
    }

    /// "X-Men/Brotherhood" (206.1b).
    pub fn affiliation_text(&self, a: Affiliations) -> String {
        let names: Vec<&str> = a.indices().map(|i| self.affiliation_name(i)).collect();
        names.join("/")
    }

    pub fn fingerprint(&self) -> u64 {
        crossover_kernel::stable_hash(self)
    }
}

static CARDS: crossover_cards::Registry<CardPool> = crossover_cards::Registry::new();

impl crossover_cards::CardDatabase for CardPool {
    fn fingerprint(&self) -> u64 {
        CardPool::fingerprint(self)
    }

    fn registry() -> &'static crossover_cards::Registry<CardPool> {
        &CARDS
    }

    fn builtin() -> Option<std::sync::Arc<CardPool>> {
        Some(built_in_pool())
    }
}

/// The built-in pool, built once per process and registered.
pub fn built_in_pool() -> std::sync::Arc<CardPool> {
    static POOL: std::sync::OnceLock<std::sync::Arc<CardPool>> = std::sync::OnceLock::new();
    POOL.get_or_init(|| CARDS.register(std::sync::Arc::new(CardPool::built_in())))
        .clone()
}

/// Registers a pool (built-in cards plus user files) so setups and replays can name it.
pub fn register(pool: CardPool) -> std::sync::Arc<CardPool> {
    use crossover_cards::CardDatabase;
    CardPool::registry().register(std::sync::Arc::new(pool))
}
