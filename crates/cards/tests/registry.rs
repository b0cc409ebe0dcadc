//! The registry with a tiny card database of its own.

use crossover_cards::{by_fingerprint, CardDatabase, Pool, Registry};
use serde::{Deserialize, Serialize};
use std::sync::{Arc, OnceLock};

/// Cards that are only names; the fingerprint is a sum of their bytes (enough here).
#[derive(Debug)]
struct Names(Vec<&'static str>);

static NAMES: Registry<Names> = Registry::new();

impl Names {
    fn build(names: Vec<&'static str>) -> Arc<Names> {
        NAMES.register(Arc::new(Names(names)))
    }
}

fn builtin() -> Arc<Names> {
    static B: OnceLock<Arc<Names>> = OnceLock::new();
    // Not registered: found through `builtin` alone.
    B.get_or_init(|| Arc::new(Names(vec!["builtin"]))).clone()
}

impl CardDatabase for Names {
    fn fingerprint(&self) -> u64 {
        self.0
            .iter()
            .flat_map(|n| n.bytes())
            .map(u64::from)
            .sum::<u64>()
            + 1000 * self.0.len() as u64
    }

    fn registry() -> &'static Registry<Names> {
        &NAMES
    }

    fn builtin() -> Option<Arc<Names>> {
        Some(builtin())
    }
}

#[derive(Serialize, Deserialize)]
struct Saved {
    #[serde(with = "by_fingerprint")]
    db: Arc<Names>,
    pool: Pool<Names>,
}

#[test]
fn the_same_cards_built_twice_are_one_database() {
    let a = Names::build(vec!["Iceman", "Storm"]);
    let b = Names::build(vec!["Iceman", "Storm"]);
    assert!(Arc::ptr_eq(&a, &b));
    assert!(NAMES.get(a.fingerprint()).is_some());
}

#[test]
fn a_database_is_written_as_its_fingerprint_and_read_back_from_the_registry() {
    let db = Names::build(vec!["Cyclops"]);
    let saved = Saved {
        db: db.clone(),
        pool: Pool(db.clone()),
    };
    let json = serde_json::to_string(&saved).unwrap();
    let fp = db.fingerprint();
    assert_eq!(json, format!("{{\"db\":{fp},\"pool\":{fp}}}"));
    let back: Saved = serde_json::from_str(&json).unwrap();
    assert!(Arc::ptr_eq(&back.db, &db));
    assert_eq!(back.pool, Pool(db));
}

#[test]
fn an_unknown_fingerprint_says_to_load_the_cards_and_the_builtin_needs_no_loading() {
    let err = serde_json::from_str::<Pool<Names>>("12345").unwrap_err();
    assert!(
        err.to_string()
            .contains("not loaded: give the directory of its card files with --cards DIR"),
        "{err}"
    );
    assert!(err.to_string().contains("0000000000003039"), "{err}");
    let fp = builtin().fingerprint();
    let pool: Pool<Names> = serde_json::from_str(&fp.to_string()).unwrap();
    assert_eq!(pool.0 .0, vec!["builtin"]);
    assert_eq!(format!("{pool:?}"), format!("Pool({fp:016x})"));
}
