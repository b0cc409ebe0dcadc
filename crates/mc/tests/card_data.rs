//! The card files: every Core Set record is defined once, and every stat agrees with
//! the community database in `../shared/cards/marvel-champions/` when it is present
//! (the stats are facts). Without it the cross-check is ignored, with that as its
//! reason, so `cargo test` reports it as not run (`build.rs` looks for the data).

use crossover_mc::db::Db;
use crossover_mc::model::*;
use serde_json::Value;
use std::path::Path;

/// The Core Set's records of the community database (present: `build.rs` found it).
fn shared() -> Vec<Value> {
    let dir =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/cards/marvel-champions/pack");
    let mut out = vec![];
    for f in ["core.json", "core_encounter.json"] {
        let path = dir.join(f);
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| {
            panic!(
                "{} can't be read ({e}); it was there when this test was built \
                 (`cargo clean -p crossover-mc` looks again)",
                path.display()
            )
        });
        let v: Vec<Value> = serde_json::from_str(&text).expect("the shared card data is JSON");
        out.extend(v);
    }
    out
}

#[test]
fn every_card_file_compiles_and_holds_the_209_core_records() {
    let db = Db::build().expect("the card files compile");
    assert_eq!(db.defs.len(), 209);
}

fn n(r: &Value, k: &str) -> Option<i64> {
    r.get(k).and_then(Value::as_i64)
}

fn scaled(r: &Value, k: &str, fixed: &str) -> Option<Scaled> {
    n(r, k).map(|v| Scaled {
        value: v as u16,
        per_player: !r.get(fixed).and_then(Value::as_bool).unwrap_or(false),
    })
}

#[test]
#[cfg_attr(
    not(shared_cards),
    ignore = "needs the community card data in ../shared/cards/marvel-champions, not beside this checkout"
)]
fn every_stat_agrees_with_the_shared_card_database() {
    let records = shared();
    let db = Db::build().unwrap();
    assert_eq!(records.len(), 209);
    let mut problems = vec![];
    for r in &records {
        let code = r["code"].as_str().unwrap();
        let Some(d) = db.get(code) else {
            problems.push(format!("{code} is not defined"));
            continue;
        };
        let mut check = |what: &str, ours: Option<i64>, theirs: Option<i64>| {
            if ours != theirs {
                problems.push(format!(
                    "{code} {}: {what} is {ours:?}, the database says {theirs:?}",
                    d.name
                ));
            }
        };
        check("quantity", Some(i64::from(d.quantity)), n(r, "quantity"));
        check(
            "boost",
            Some(i64::from(d.boost)),
            Some(n(r, "boost").unwrap_or(0)),
        );
        for (res, key) in [
            (Resource::Energy, "resource_energy"),
            (Resource::Mental, "resource_mental"),
            (Resource::Physical, "resource_physical"),
            (Resource::Wild, "resource_wild"),
        ] {
            check(
                key,
                Some(i64::from(d.resources.get(res))),
                Some(n(r, key).unwrap_or(0)),
            );
        }
        let opt = |p: Power| p.map(i64::from);
        match &d.kind {
            Kind::Hero {
                atk,
                thw,
                def,
                hp,
                hand,
            } => {
                check("ATK", Some(i64::from(*atk)), n(r, "attack"));
                check("THW", Some(i64::from(*thw)), n(r, "thwart"));
                check("DEF", Some(i64::from(*def)), n(r, "defense"));
                check("HP", Some(i64::from(*hp)), n(r, "health"));
                check("hand size", Some(i64::from(*hand)), n(r, "hand_size"));
            }
            Kind::AlterEgo { rec, hp, hand } => {
                check("REC", Some(i64::from(*rec)), n(r, "recover"));
                check("HP", Some(i64::from(*hp)), n(r, "health"));
                check("hand size", Some(i64::from(*hand)), n(r, "hand_size"));
            }
            Kind::Ally {
                cost,
                atk,
                atk_cd,
                thw,
                thw_cd,
                hp,
            } => {
                check("cost", Some(i64::from(*cost)), n(r, "cost"));
                check("ATK", opt(*atk), n(r, "attack"));
                check("THW", opt(*thw), n(r, "thwart"));
                check(
                    "ATK consequential",
                    Some(i64::from(*atk_cd)),
                    Some(n(r, "attack_cost").unwrap_or(0)),
                );
                check(
                    "THW consequential",
                    Some(i64::from(*thw_cd)),
                    Some(n(r, "thwart_cost").unwrap_or(0)),
                );
                check("HP", Some(i64::from(*hp)), n(r, "health"));
            }
            Kind::Event { cost } | Kind::Upgrade { cost } | Kind::Support { cost } => {
                check("cost", Some(i64::from(*cost)), n(r, "cost"));
            }
            Kind::Villain { atk, sch, hp, .. } => {
                check("ATK", Some(i64::from(*atk)), n(r, "attack"));
                check("SCH", Some(i64::from(*sch)), n(r, "scheme"));
                check("HP", Some(i64::from(hp.value)), n(r, "health"));
                let pp = r
                    .get("health_per_hero")
                    .and_then(Value::as_bool)
                    .unwrap_or(false);
                if hp.per_player != pp {
                    problems.push(format!(
                        "{code}: hit points per player is {}, the database says {pp}",
                        hp.per_player
                    ));
                }
            }
            Kind::MainScheme {
                target,
                start,
                acceleration,
                ..
            } => {
                if *target != scaled(r, "threat", "threat_fixed") {
                    problems.push(format!("{code}: target threat {target:?}"));
                }
                if let Some(s) = scaled(r, "base_threat", "base_threat_fixed") {
                    if *start != s {
                        problems.push(format!(
                            "{code}: starting threat {start:?}, the database says {s:?}"
                        ));
                    }
                }
                if let Some(a) = scaled(r, "escalation_threat", "escalation_threat_fixed") {
                    if *acceleration != a {
                        problems.push(format!(
                            "{code}: acceleration {acceleration:?}, the database says {a:?}"
                        ));
                    }
                }
            }
            Kind::SideScheme { start }
                if Some(*start) != scaled(r, "base_threat", "base_threat_fixed") =>
            {
                problems.push(format!("{code}: starting threat {start:?}"));
            }
            Kind::Minion { atk, sch, hp } => {
                check("ATK", atk.map(i64::from).or(Some(-1)), n(r, "attack"));
                check("SCH", Some(i64::from(*sch)), n(r, "scheme"));
                check("HP", Some(i64::from(*hp)), n(r, "health"));
            }
            _ => {}
        }
        for (flag, key) in [
            (Keyword::Crisis, "scheme_crisis"),
            (Keyword::Acceleration, "scheme_acceleration"),
            (Keyword::Hazard, "scheme_hazard"),
        ] {
            let theirs = n(r, key).unwrap_or(0) > 0;
            if d.has_keyword(flag) != theirs {
                problems.push(format!(
                    "{code}: {key} is {}, the database says {theirs}",
                    d.has_keyword(flag)
                ));
            }
        }
        if d.name != r["name"].as_str().unwrap() {
            problems.push(format!("{code}: name {:?}", d.name));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
