//! The card database: every card definition a game can use, looked up by number.

use crate::ids::DefId;
use crate::model::{Amount, CardDef, CardKind, EventKind, Keyword, PowerBody, Static, Timing};
use std::collections::HashMap;
use std::sync::Arc;

/// What kinds of powers a definition prints, computed once when the database is built,
/// so rules queries can skip the many cards a question can't concern.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct PowerSummary {
    /// Bit `k as u32` is set for each printed keyword power `k`.
    pub keywords: u32,
    pub supers: bool,
    /// The timings of its Super Powers, as [`PowerSummary::timing_bit`]s.
    pub super_timings: u8,
    pub statics: bool,
    /// Triggered or Level Up powers.
    pub triggers: bool,
    /// The kinds of events its triggered, Level Up and triggering keyword powers listen
    /// for, as [`EventKind::bit`]s.
    pub listens: u32,
    /// Copies other characters' powers (Copying Powers p.20).
    pub copies: bool,
}

impl PowerSummary {
    fn of(def: &CardDef) -> PowerSummary {
        let mut s = PowerSummary::default();
        for p in &def.powers {
            match &p.body {
                PowerBody::Keyword(k) => {
                    s.keywords |= 1 << *k as u32;
                    s.listens |= k.trigger_event().map_or(0, EventKind::bit);
                }
                PowerBody::Super(sp) => {
                    s.supers = true;
                    s.super_timings |= PowerSummary::timing_bit(sp.timing);
                }
                PowerBody::Static(c) => {
                    s.statics = true;
                    s.copies |= matches!(c.effect, Static::CopyTeamPowers(_));
                }
                PowerBody::Triggered(t) | PowerBody::LevelUp { trigger: t, .. } => {
                    s.triggers = true;
                    s.listens |= t.on.event().bit();
                }
            }
        }
        s
    }

    /// One bit per kind of Super Power timing (Build, Main, Combat, Reaction).
    pub fn timing_bit(t: Timing) -> u8 {
        match t {
            Timing::Build => 1,
            Timing::Main => 2,
            Timing::Combat { .. } => 4,
            Timing::Reaction => 8,
        }
    }

    pub fn has_keyword(&self, k: Keyword) -> bool {
        self.keywords & (1 << k as u32) != 0
    }
}

#[derive(Debug)]
pub struct CardDb {
    pub cards: Vec<CardDef>,
    /// Indexed like `cards`.
    pub summaries: Vec<PowerSummary>,
    by_number: HashMap<String, DefId>,
    /// A hash of every definition: two databases with the same fingerprint are equal.
    pub fingerprint: u64,
    /// Some card's continuous power can lower a character's DEF. Without one, a character
    /// with no modifiers can't have less DEF than its printed DEF plus its counters (the
    /// DEF 0 state check skips it).
    pub statics_may_lower_def: bool,
}

impl PartialEq for CardDb {
    fn eq(&self, other: &Self) -> bool {
        self.fingerprint == other.fingerprint
    }
}
impl Eq for CardDb {}
impl std::hash::Hash for CardDb {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.fingerprint.hash(state)
    }
}

impl CardDb {
    /// Build a database and register it, so that states referring to it can be
    /// deserialised in this process.
    pub fn new(cards: Vec<CardDef>) -> Arc<CardDb> {
        let by_number = cards
            .iter()
            .enumerate()
            .map(|(i, c)| (c.number.to_ascii_lowercase(), i as DefId))
            .collect();
        let fingerprint = crossover_kernel::stable_hash(&cards);
        let summaries = cards.iter().map(PowerSummary::of).collect();
        let statics_may_lower_def = cards.iter().flat_map(|c| &c.powers).any(|p| {
            matches!(
                &p.body,
                PowerBody::Static(c) if matches!(
                    &c.effect,
                    Static::Stats { def: Amount::Fixed(d), .. } if *d < 0
                )
            )
        });
        let db = Arc::new(CardDb {
            cards,
            summaries,
            by_number,
            fingerprint,
            statics_may_lower_def,
        });
        registry().register(db)
    }

    pub fn get(&self, id: DefId) -> &CardDef {
        &self.cards[id as usize]
    }

    pub fn summary(&self, id: DefId) -> PowerSummary {
        self.summaries[id as usize]
    }

    pub fn by_number(&self, number: &str) -> Option<DefId> {
        self.by_number.get(&number.to_ascii_lowercase()).copied()
    }

    /// Look a card up by number or, failing that, by exact name (case-insensitive;
    /// for a main character, its level 1 version).
    pub fn find(&self, key: &str) -> Option<DefId> {
        if let Some(id) = self.by_number(key) {
            return Some(id);
        }
        let matches = self.named(key);
        matches
            .iter()
            .copied()
            .find(|&i| self.get(i).level() <= 1)
            .or(matches.first().copied())
    }

    /// Every card named `name` (case-insensitive), in the database's order.
    pub fn named(&self, name: &str) -> Vec<DefId> {
        self.cards
            .iter()
            .enumerate()
            .filter(|(_, c)| c.name.eq_ignore_ascii_case(name))
            .map(|(i, _)| i as DefId)
            .collect()
    }

    /// Check that `key` names another version of main character `main` (a level 2 or 3 main
    /// character card of its name, Level Up Powers p.20); its card on success.
    pub fn version_of(&self, main: DefId, key: &str) -> Result<DefId, String> {
        let db = self;
        let name = &db.get(main).name;
        let Some(d) = db.find(key) else {
            return Err(format!("unknown card `{key}`"));
        };
        let def = db.get(d);
        match def.kind {
            CardKind::MainCharacter { level } if level >= 2 && def.name.eq_ignore_ascii_case(name) => {
                Ok(d)
            }
            _ => Err(format!(
                "`{key}` is not a version of {name}: a `version` line names a level 2 or 3 main character card named {name} (Level Up Powers p.20){}",
                {
                    let others: Vec<String> = db
                        .named(name)
                        .into_iter()
                        .filter(|&o| matches!(db.get(o).kind, CardKind::MainCharacter { level } if level >= 2))
                        .map(|o| format!("{} (level {})", db.get(o).number, db.get(o).level()))
                        .collect();
                    if others.is_empty() {
                        String::new()
                    } else {
                        format!("; the versions of {name}: {}", others.join(", "))
                    }
                }
            )),
        }
    }

    /// The version string stored in replays: the fingerprint in hex.
    pub fn version(&self) -> String {
        format!("vs2pcg-cards-{:016x}", self.fingerprint)
    }
}

/// The card pool a game is played with, as a setup names it: serialised as the
/// database's fingerprint (a replay or setup file then needs the same cards loaded, the
/// embedded cards always are); a setup that names none plays with the embedded cards.
#[derive(Clone, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(transparent)]
pub struct CardPool(#[serde(with = "by_fingerprint")] pub Arc<CardDb>);

impl Default for CardPool {
    fn default() -> Self {
        CardPool(crate::cardfile::embedded())
    }
}

impl CardPool {
    /// The embedded cards (a setup need not name them).
    pub fn is_embedded(&self) -> bool {
        self.0.fingerprint == crate::cardfile::embedded().fingerprint
    }
}

impl std::fmt::Debug for CardPool {
    /// The fingerprint, not the thousands of definitions.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "CardPool({})", self.0.version())
    }
}

impl From<Arc<CardDb>> for CardPool {
    fn from(db: Arc<CardDb>) -> Self {
        CardPool(db)
    }
}

impl std::ops::Deref for CardPool {
    type Target = Arc<CardDb>;
    fn deref(&self) -> &Arc<CardDb> {
        &self.0
    }
}

/// The most card definitions a database holds: a definition is named by a `DefId`.
pub const MAX_CARDS: usize = DefId::MAX as usize;

/// Refuse a card set too large for a database (ids would wrap).
pub fn check_size(count: usize) -> Result<(), String> {
    if count > MAX_CARDS {
        return Err(format!(
            "{count} card definitions: a card database holds at most {MAX_CARDS}"
        ));
    }
    Ok(())
}

// Old path: merging with the embedded cards is the catalogue's (the module above this one).
pub use crate::catalogue::with_overrides;

/// The 2PCG card databases this process has built, by fingerprint.
fn registry() -> &'static crossover_cards::Registry<CardDb> {
    static REG: crossover_cards::Registry<CardDb> = crossover_cards::Registry::new();
    &REG
}

impl crossover_cards::CardDatabase for CardDb {
    fn fingerprint(&self) -> u64 {
        self.fingerprint
    }

    fn registry() -> &'static crossover_cards::Registry<CardDb> {
        registry()
    }

    /// The embedded cards are always available, even if not loaded yet.
    fn builtin() -> Option<Arc<CardDb>> {
        Some(crate::cardfile::embedded())
    }
}

/// Serialise a database reference as its fingerprint; deserialise from the registry
/// (`crossover_cards::by_fingerprint` for 2PCG's database).
pub mod by_fingerprint {
    use super::CardDb;
    use serde::{Deserializer, Serializer};
    use std::sync::Arc;

    pub fn serialize<S: Serializer>(db: &Arc<CardDb>, s: S) -> Result<S::Ok, S::Error> {
        crossover_cards::by_fingerprint::serialize(db, s)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Arc<CardDb>, D::Error> {
        crossover_cards::by_fingerprint::deserialize(d)
    }
}
