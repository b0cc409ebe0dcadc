//! MarvelCDB decklist files (the JSON its public API and "download" give): the identity
//! in `hero_code` (older exports: `investigator_code`), the cards in `slots` (number →
//! copies), and the aspect in `meta`, which is itself a JSON *string*
//! (`"{\"aspect\":\"justice\"}"`). Everything else is ignored. Errors carry the line of
//! the part of the file they are about.

use crate::model::{Aspect, Kind};
use crate::setup::DeckList;
use serde_json::Value;

/// The most bytes a deck file may have (real ones are about 1 KB).
pub const MAX_DECK_BYTES: u64 = 256 * 1024;
/// The most different cards and copies a deck file may list.
const MAX_SLOTS: usize = 200;

/// A problem reading a deck file, at a line (from 1; 0 when it is about the whole file).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReadError {
    pub line: usize,
    pub message: String,
}

/// A deck read from a file, with the line of each card's slot (for the deck rules'
/// errors).
#[derive(Debug, Clone)]
pub struct DeckFile {
    pub deck: DeckList,
    pub lines: Vec<(String, usize)>,
    /// The line of the identity's code.
    pub hero_line: usize,
}

impl DeckFile {
    pub fn line_of(&self, code: &str) -> Option<usize> {
        self.lines.iter().find(|(c, _)| c == code).map(|(_, l)| *l)
    }
}

fn err(line: usize, message: impl Into<String>) -> ReadError {
    ReadError {
        line,
        message: message.into(),
    }
}

/// The line of the first `"key"` at or after byte `from` (serde_json's `Value` keeps no
/// positions, so the text is searched for the key as written).
fn line_of_key(text: &str, key: &str, from: usize) -> Option<(usize, usize)> {
    let needle = format!("\"{key}\"");
    let at = text.get(from..)?.find(&needle)? + from;
    Some((text[..at].matches('\n').count() + 1, at))
}

/// Walks a JSON value and refuses a key given twice in one object: serde_json's `Value`
/// keeps the last one without a word, so `"01001": 1, …, "01001": 3` would be read as 3
/// copies, or a second `hero_code` would silently change the identity.
struct NoDuplicateKeys;

impl<'de> serde::de::DeserializeSeed<'de> for NoDuplicateKeys {
    type Value = ();
    fn deserialize<D: serde::Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        d.deserialize_any(self)
    }
}

impl<'de> serde::de::Visitor<'de> for NoDuplicateKeys {
    type Value = ();
    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("a JSON value")
    }
    fn visit_bool<E>(self, _: bool) -> Result<(), E> {
        Ok(())
    }
    fn visit_i64<E>(self, _: i64) -> Result<(), E> {
        Ok(())
    }
    fn visit_u64<E>(self, _: u64) -> Result<(), E> {
        Ok(())
    }
    fn visit_f64<E>(self, _: f64) -> Result<(), E> {
        Ok(())
    }
    fn visit_str<E>(self, _: &str) -> Result<(), E> {
        Ok(())
    }
    fn visit_unit<E>(self) -> Result<(), E> {
        Ok(())
    }
    fn visit_seq<A: serde::de::SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
        while seq.next_element_seed(NoDuplicateKeys)?.is_some() {}
        Ok(())
    }
    fn visit_map<A: serde::de::MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
        let mut seen = std::collections::HashSet::new();
        while let Some(key) = map.next_key::<String>()? {
            if !seen.insert(key.clone()) {
                return Err(serde::de::Error::custom(format!(
                    "\"{key}\" is given twice in one object"
                )));
            }
            map.next_value_seed(NoDuplicateKeys)?;
        }
        Ok(())
    }
}

/// Read a MarvelCDB deck from the file's text.
pub fn read(text: &str, name_hint: &str) -> Result<DeckFile, ReadError> {
    use serde::de::DeserializeSeed;
    let not_json =
        |e: serde_json::Error| err(e.line(), format!("not a MarvelCDB deck file (JSON): {e}"));
    NoDuplicateKeys
        .deserialize(&mut serde_json::Deserializer::from_str(text))
        .map_err(not_json)?;
    let v: Value = serde_json::from_str(text).map_err(not_json)?;
    let obj = v.as_object().ok_or_else(|| {
        err(
            1,
            "a MarvelCDB deck file is a JSON object ({ \"hero_code\": ..., \"slots\": ... })",
        )
    })?;
    let line = |key: &str| line_of_key(text, key, 0).map_or(0, |(l, _)| l);
    let (hero_key, hero) = ["hero_code", "investigator_code"]
        .iter()
        .find_map(|k| obj.get(*k).and_then(Value::as_str).map(|h| (*k, h)))
        .ok_or_else(|| {
            err(
                0,
                "the deck names no identity: it needs \"hero_code\" (or \"investigator_code\")",
            )
        })?;
    let hero_line = line(hero_key);
    let db = crate::db::core();
    // Accept the alter-ego side's number too; the deck's identity is its hero side.
    let hero = match db.get(hero) {
        Some(d) if matches!(d.kind, Kind::AlterEgo { .. }) => db
            .defs
            .iter()
            .find(|h| h.back.as_deref() == Some(d.code.as_str()))
            .map_or(hero.to_string(), |h| h.code.clone()),
        _ => hero.to_string(),
    };
    if hero.len() > 20 {
        return Err(err(
            hero_line,
            "the identity code is too long to be a card number",
        ));
    }
    let slots = obj.get("slots").and_then(Value::as_object).ok_or_else(|| {
        err(
            line("slots"),
            "the deck needs \"slots\": an object of card number → copies",
        )
    })?;
    if slots.len() > MAX_SLOTS {
        return Err(err(
            line("slots"),
            format!(
                "{} different cards: a deck file lists at most {MAX_SLOTS}",
                slots.len()
            ),
        ));
    }
    let slots_at = line_of_key(text, "slots", 0).map_or(0, |(_, at)| at);
    let mut cards = vec![];
    let mut lines = vec![];
    for (code, n) in slots {
        let l = line_of_key(text, code, slots_at).map_or(0, |(l, _)| l);
        let n = n.as_u64().filter(|n| *n <= 50).ok_or_else(|| {
            err(
                l,
                format!("the copies of `{code}` must be a number from 0 to 50, not {n}"),
            )
        })?;
        // MarvelCDB lists the identity among the slots in some exports; it is not a deck card.
        if code == &hero
            || db.get(code).is_some_and(|d| {
                d.kind.is_identity() && d.set == db.get(&hero).map_or("", |h| h.set.as_str())
            })
        {
            continue;
        }
        if n > 0 {
            cards.push((code.clone(), n as u8));
            lines.push((code.clone(), l));
        }
    }
    let aspect = aspect_of(obj, text, &cards)?;
    let name = obj
        .get("name")
        .and_then(Value::as_str)
        .unwrap_or(name_hint)
        .chars()
        .take(80)
        .collect();
    Ok(DeckFile {
        deck: DeckList {
            name,
            hero,
            aspect,
            cards,
        },
        lines,
        hero_line,
    })
}

/// The aspect: `meta`'s `aspect` (a JSON string holding an object), else the one aspect
/// the cards have.
fn aspect_of(
    obj: &serde_json::Map<String, Value>,
    text: &str,
    cards: &[(String, u8)],
) -> Result<Aspect, ReadError> {
    let meta_line = line_of_key(text, "meta", 0).map_or(0, |(l, _)| l);
    let meta: Option<Value> = match obj.get("meta") {
        Some(Value::String(s)) if !s.trim().is_empty() => {
            Some(serde_json::from_str(s).map_err(|e| {
                err(
                    meta_line,
                    format!("\"meta\" is not the JSON MarvelCDB writes: {e}"),
                )
            })?)
        }
        Some(Value::Object(m)) => Some(Value::Object(m.clone())),
        _ => None,
    };
    if let Some(m) = &meta {
        if let Some(a2) = m.get("aspect2").and_then(Value::as_str) {
            return Err(err(
                meta_line,
                format!("a second aspect (`{a2}`) is only for identities that allow it; no Core Set identity does"),
            ));
        }
        if let Some(a) = m.get("aspect").and_then(Value::as_str) {
            return Aspect::from_word(a)
                .filter(|x| Aspect::DECK.contains(x))
                .ok_or_else(|| {
                    err(
                        meta_line,
                        format!(
                            "unknown aspect `{a}`: aggression, justice, leadership or protection"
                        ),
                    )
                });
        }
    }
    let db = crate::db::core();
    let mut seen: Vec<Aspect> = cards
        .iter()
        .filter_map(|(c, _)| db.get(c).map(|d| d.aspect))
        .filter(|a| Aspect::DECK.contains(a))
        .collect();
    seen.sort();
    seen.dedup();
    match seen.as_slice() {
        [a] => Ok(*a),
        [] => Err(err(
            meta_line,
            "the deck names no aspect (\"meta\": \"{\\\"aspect\\\":\\\"justice\\\"}\") and has no aspect card to tell it by",
        )),
        _ => Err(err(
            meta_line,
            format!(
                "the deck names no aspect and has cards of {} aspects ({})",
                seen.len(),
                seen.iter().map(|a| a.word()).collect::<Vec<_>>().join(", ")
            ),
        )),
    }
}
