//! The card database: our card files, embedded in the binary.

use crate::cardfile::parse_cards;
use crate::model::CardDef;
use std::collections::HashMap;
use std::sync::{Arc, OnceLock};

/// The embedded card files, with the names errors report.
pub const FILES: &[(&str, &str)] = &[
    (
        "crates/ufs/cards/ryu-vs-akuma.cards",
        include_str!("../cards/ryu-vs-akuma.cards"),
    ),
    (
        "crates/ufs/cards/siegfried-vs-sophitia.cards",
        include_str!("../cards/siegfried-vs-sophitia.cards"),
    ),
];

#[derive(Debug)]
pub struct Db {
    /// The printed cards, then the definitions face-down cards played as attacks have
    /// (`FaceDownAttack::def`), one per kind an ability uses, then those of multiple
    /// copies (I.3.8.2), one per printed attack with Multiple, then split cards' other
    /// halves (ruling UFS-31).
    pub defs: Vec<CardDef>,
    /// How many of `defs` are printed cards.
    printed: usize,
    face_down: HashMap<crate::ability::FaceDownAttack, u16>,
    /// By printed attack with Multiple (I.3.8.2): the definition its multiple copies
    /// have (its printed values without the text box, traits or abilities).
    multiple_copy: HashMap<u16, u16>,
    /// By printed split card (ruling UFS-31): the definition of its other half.
    split: HashMap<u16, u16>,
    by_id: HashMap<String, u16>,
    by_guid: HashMap<String, u16>,
    /// By definition: the kinds of game event (`Event::kind_bit`) its response
    /// abilities, printed or granted by a keyword, answer (looked up at every game
    /// event, so worked out once).
    responds: Vec<u32>,
    /// By definition: the kinds of game event its continuous abilities' static fired
    /// effects wait for.
    fires: Vec<u32>,
    /// By definition: whether it has a static ability (`AbilityKind::Static`).
    statics: Vec<bool>,
    /// By definition: whether an ability is "playable while committed" (H.3.3.2), and
    /// whether one is playable by either player (H.3.3.3).
    while_committed: Vec<bool>,
    for_either: Vec<bool>,
}

impl Db {
    pub fn build() -> Result<Db, String> {
        let mut defs = Vec::new();
        for (file, text) in FILES {
            let cards =
                parse_cards(text).map_err(|e| format!("{file}:{}: {}", e.pos, e.message))?;
            defs.extend(cards);
        }
        Db::from_defs(defs)
    }

    /// The same cards with these ones' abilities left out (a scenario's fillers).
    pub fn without_abilities(&self, which: &[u16]) -> Result<Db, String> {
        let mut defs = self.printed().to_vec();
        for &i in which {
            if let Some(d) = defs.get_mut(usize::from(i)) {
                d.abilities.clear();
            }
        }
        Db::from_defs(defs)
    }

    /// These cards and the embedded ones (a scenario's own test cards).
    pub fn with(&self, extra: Vec<CardDef>) -> Result<Db, String> {
        Db::from_defs(self.printed().iter().cloned().chain(extra).collect())
    }

    fn from_defs(mut defs: Vec<CardDef>) -> Result<Db, String> {
        let printed = defs.len();
        let mut face_down = HashMap::new();
        let mut kinds = Vec::new();
        for d in &defs {
            let halves = std::iter::once(d).chain(d.split.as_deref());
            for a in halves.flat_map(|h| &h.abilities) {
                face_down_kinds(&a.effect, &mut kinds);
            }
        }
        for k in kinds {
            if let std::collections::hash_map::Entry::Vacant(slot) = face_down.entry(k) {
                let i = u16::try_from(defs.len()).map_err(|_| "too many cards".to_string())?;
                slot.insert(i);
                defs.push(k.def());
            }
        }
        let mut multiple_copy = HashMap::new();
        let copies: Vec<(usize, CardDef)> = defs[..printed]
            .iter()
            .enumerate()
            .filter(|(_, d)| {
                d.keywords
                    .iter()
                    .any(|k| matches!(k, crate::model::Keyword::Multiple(_)))
            })
            .map(|(i, d)| {
                let copy = CardDef {
                    id: format!("multiple-copy-{}", d.id),
                    guid: None,
                    keywords: Vec::new(),
                    abilities: Vec::new(),
                    missing: None,
                    split: None,
                    ..d.clone()
                };
                (i, copy)
            })
            .collect();
        for (i, copy) in copies {
            let at = u16::try_from(defs.len()).map_err(|_| "too many cards".to_string())?;
            let from = u16::try_from(i).map_err(|_| "too many cards".to_string())?;
            multiple_copy.insert(from, at);
            defs.push(copy);
        }
        let mut split = HashMap::new();
        let halves: Vec<(usize, CardDef)> = defs[..printed]
            .iter()
            .enumerate()
            .filter_map(|(i, d)| d.split.as_deref().map(|h| (i, h.clone())))
            .collect();
        for (i, half) in halves {
            let at = u16::try_from(defs.len()).map_err(|_| "too many cards".to_string())?;
            let from = u16::try_from(i).map_err(|_| "too many cards".to_string())?;
            split.insert(from, at);
            defs.push(half);
        }
        let mut by_id = HashMap::new();
        let mut by_guid = HashMap::new();
        for (i, d) in defs.iter().enumerate().take(printed) {
            let i = u16::try_from(i).map_err(|_| "too many cards".to_string())?;
            if by_id.insert(d.id.clone(), i).is_some() {
                return Err(format!("card {} is defined twice", d.id));
            }
            if let Some(g) = &d.guid {
                if by_guid.insert(g.clone(), i).is_some() {
                    return Err(format!("OCTGN id {g} is given to two cards"));
                }
            }
        }
        use crate::ability::{Ability, AbilityKind};
        let bits = |d: &CardDef, kind: AbilityKind| -> u32 {
            let granted = d.keywords.iter().filter_map(Ability::granted_by);
            d.abilities
                .iter()
                .cloned()
                .chain(granted)
                .filter(|a| a.kind == kind)
                .filter_map(|a| a.trigger.as_ref().map(|t| t.event_bit()))
                .fold(0, |all, b| all | b)
        };
        let mut responds: Vec<u32> = defs
            .iter()
            .map(|d| bits(d, AbilityKind::Response))
            .collect();
        // A split card in hand answers what either half's abilities answer.
        for (&main, &half) in &split {
            responds[usize::from(main)] |= responds[usize::from(half)];
        }
        let fires: Vec<u32> = defs
            .iter()
            .map(|d| bits(d, AbilityKind::Continuous))
            .collect();
        let statics = defs
            .iter()
            .map(|d| d.abilities.iter().any(|a| a.kind == AbilityKind::Static))
            .collect();
        let while_committed = defs
            .iter()
            .map(|d| d.abilities.iter().any(|a| a.while_committed))
            .collect();
        let for_either = defs
            .iter()
            .map(|d| {
                d.abilities
                    .iter()
                    .any(|a| a.by != crate::ability::PlayableBy::Controller)
            })
            .collect();
        Ok(Db {
            while_committed,
            for_either,
            statics,
            fires,
            defs,
            printed,
            face_down,
            multiple_copy,
            split,
            by_id,
            by_guid,
            responds,
        })
    }

    /// The printed cards (not the face-down definitions).
    pub fn printed(&self) -> &[CardDef] {
        &self.defs[..self.printed]
    }

    /// The definition a card played face down this way has.
    pub fn face_down(&self, k: &crate::ability::FaceDownAttack) -> Option<u16> {
        self.face_down.get(k).copied()
    }

    /// The definition a multiple copy of this printed attack has (I.3.8.2).
    pub fn multiple_copy(&self, attack: u16) -> Option<u16> {
        self.multiple_copy.get(&attack).copied()
    }

    /// The definition of this printed split card's other half (ruling UFS-31).
    pub fn split(&self, card: u16) -> Option<u16> {
        self.split.get(&card).copied()
    }

    pub fn by_id(&self, id: &str) -> Option<u16> {
        self.by_id.get(id).copied()
    }

    pub fn by_guid(&self, guid: &str) -> Option<u16> {
        self.by_guid.get(guid).copied()
    }

    pub fn def(&self, i: u16) -> &CardDef {
        &self.defs[usize::from(i)]
    }

    /// Whether the card has a static ability (H.6, `AbilityKind::Static`).
    pub fn has_static(&self, i: u16) -> bool {
        self.statics[usize::from(i)]
    }

    /// Whether the card has an ability "playable while committed" (H.3.3.2).
    pub fn plays_while_committed(&self, i: u16) -> bool {
        self.while_committed[usize::from(i)]
    }

    /// Whether the card has an ability either player may play (H.3.3.3).
    pub fn plays_for_either(&self, i: u16) -> bool {
        self.for_either[usize::from(i)]
    }

    /// The kinds of game event the card's continuous abilities fire on.
    pub fn fired_by(&self, i: u16) -> u32 {
        self.fires[usize::from(i)]
    }

    /// The kinds of game event the card answers or fires on.
    pub fn watched_by(&self, i: u16) -> u32 {
        self.responds[usize::from(i)] | self.fires[usize::from(i)]
    }

    /// Whether the card has a continuous ability whose static fired effect (H.6) waits
    /// for events of this kind (`Event::kind_bit`).
    pub fn fires(&self, i: u16, event: u32) -> bool {
        self.fires[usize::from(i)] & event != 0
    }

    /// Whether the card has a response ability (H.2.3), printed or granted, that
    /// answers events of this kind (`Event::kind_bit`).
    pub fn responds(&self, i: u16, event: u32) -> bool {
        self.responds[usize::from(i)] & event != 0
    }
}

/// Every `PlayTopAsAttack` in these steps (nested ones included, and those of abilities
/// they grant).
fn face_down_kinds(
    steps: &[crate::ability::Effect],
    out: &mut Vec<crate::ability::FaceDownAttack>,
) {
    use crate::ability::Effect;
    for mut s in steps.iter().cloned() {
        s.walk_mut(&mut |step| match step {
            Effect::PlayTopAsAttack(k) => out.push(*k),
            Effect::NextAttackGains(a) => face_down_kinds(&a.effect, out),
            _ => {}
        });
    }
}

/// The embedded cards (built once; the files are checked by the tests, so this can't
/// fail in a released binary).
pub fn core() -> Arc<Db> {
    static DB: OnceLock<Arc<Db>> = OnceLock::new();
    DB.get_or_init(|| Arc::new(Db::build().expect("the embedded UFS card files are valid")))
        .clone()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_embedded_files_hold_both_battle_packs() {
        let db = Db::build().unwrap();
        assert_eq!(db.printed().len(), 88);
        assert_eq!(db.printed().iter().filter(|d| d.is_character()).count(), 8);
    }
}
