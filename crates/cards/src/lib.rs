//! Card databases by fingerprint, for every game. A game's card definitions are data; a
//! game state or setup refers to its database by a fingerprint (a hash of every
//! definition), so it can be saved and read back in any process that has loaded the same
//! cards. This crate holds the databases a process has built ([`Registry`], a cache
//! keyed by content: building the same cards twice gives the same `Arc`) and the serde
//! helpers that write a database as its fingerprint and read it back from the registry
//! ([`by_fingerprint`], [`Pool`]).

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex};

/// A game's card database, as the registry knows it.
pub trait CardDatabase: Send + Sync + Sized + 'static {
    /// A hash of every definition: two databases with the same fingerprint are equal.
    fn fingerprint(&self) -> u64;

    /// The process-wide registry of this type's databases: a `static` in the game crate,
    /// `static CARDS: Registry<MyDb> = Registry::new();`.
    fn registry() -> &'static Registry<Self>;

    /// The database that is always available without loading anything (the cards built
    /// into the game), tried when a fingerprint isn't registered.
    fn builtin() -> Option<Arc<Self>> {
        None
    }
}

/// The databases of one type that this process has built, by fingerprint.
pub struct Registry<D> {
    // A BTreeMap because its `new` is const (the registry is a `static`).
    by_fingerprint: Mutex<BTreeMap<u64, Arc<D>>>,
}

impl<D> Default for Registry<D> {
    fn default() -> Self {
        Registry::new()
    }
}

impl<D> Registry<D> {
    pub const fn new() -> Registry<D> {
        Registry {
            by_fingerprint: Mutex::new(BTreeMap::new()),
        }
    }

    fn map(&self) -> std::sync::MutexGuard<'_, BTreeMap<u64, Arc<D>>> {
        // A panic while holding the lock can't leave the map half-changed (each use is
        // one insert or one lookup), so a poisoned lock is still a good map.
        self.by_fingerprint
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}

impl<D: CardDatabase> Registry<D> {
    /// Register a database; the one registered first with its fingerprint is returned,
    /// so that equal databases are one `Arc`.
    pub fn register(&self, db: Arc<D>) -> Arc<D> {
        self.map().entry(db.fingerprint()).or_insert(db).clone()
    }

    /// The database with this fingerprint: registered, or the built-in one.
    pub fn get(&self, fingerprint: u64) -> Option<Arc<D>> {
        if let Some(db) = self.map().get(&fingerprint) {
            return Some(db.clone());
        }
        D::builtin().filter(|b| b.fingerprint() == fingerprint)
    }

    /// How many databases are registered.
    pub fn len(&self) -> usize {
        self.map().len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// The error for a fingerprint no database of this process has.
pub fn not_loaded(fingerprint: u64) -> String {
    format!(
        "this game uses card data {fingerprint:016x}, which is not loaded: give the directory of its card files with --cards DIR"
    )
}

/// `#[serde(with = "crossover_cards::by_fingerprint")]` on an `Arc<D>`: written as the
/// database's fingerprint (a number), read back from `D`'s registry.
pub mod by_fingerprint {
    use super::{not_loaded, CardDatabase};
    use serde::{de::Error, Deserialize, Deserializer, Serializer};
    use std::sync::Arc;

    pub fn serialize<S: Serializer, D: CardDatabase>(db: &Arc<D>, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_u64(db.fingerprint())
    }

    pub fn deserialize<'de, De: Deserializer<'de>, D: CardDatabase>(
        d: De,
    ) -> Result<Arc<D>, De::Error> {
        let fingerprint = u64::deserialize(d)?;
        D::registry()
            .get(fingerprint)
            .ok_or_else(|| De::Error::custom(not_loaded(fingerprint)))
    }
}

/// A card database as a setup names it: serialised as its fingerprint alone.
#[derive(serde::Serialize, serde::Deserialize)]
#[serde(transparent, bound = "")]
pub struct Pool<D: CardDatabase>(#[serde(with = "by_fingerprint")] pub Arc<D>);

impl<D: CardDatabase> Clone for Pool<D> {
    fn clone(&self) -> Self {
        Pool(self.0.clone())
    }
}

impl<D: CardDatabase> PartialEq for Pool<D> {
    fn eq(&self, other: &Self) -> bool {
        self.0.fingerprint() == other.0.fingerprint()
    }
}

impl<D: CardDatabase> Eq for Pool<D> {}

impl<D: CardDatabase> std::hash::Hash for Pool<D> {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.0.fingerprint().hash(state)
    }
}

impl<D: CardDatabase> std::fmt::Debug for Pool<D> {
    /// The fingerprint, not the definitions.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Pool({:016x})", self.0.fingerprint())
    }
}

impl<D: CardDatabase> std::ops::Deref for Pool<D> {
    type Target = Arc<D>;
    fn deref(&self) -> &Arc<D> {
        &self.0
    }
}

impl<D: CardDatabase> From<Arc<D>> for Pool<D> {
    fn from(db: Arc<D>) -> Self {
        Pool(db)
    }
}
