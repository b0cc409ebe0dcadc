//! `crossover cards import ufs FILE.xml`: OCTGN set file → our card file.
//!
//! The facts of every card are taken (`octgn::facts`). Abilities are compiled from
//! the card's printed text by our grammar of UFS ability phrasing; until a phrase is
//! in the grammar, the card is written with `(missing ...)` naming what was not
//! compiled, so the engine refuses to deal it into a game. The printed text itself is
//! never written out.

use crate::cardfile::write_card;
use crate::octgn::{facts, read_set, SetCard, SetFile, XmlError};

/// What importing one set file gave.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Imported {
    pub set_name: String,
    /// The card file's text, every card whose facts could be read.
    pub card_file: String,
    /// Cards written whole: facts, and abilities if they have any.
    pub compiled: usize,
    /// Cards written with `(missing ...)`: the card name and why.
    pub incomplete: Vec<(String, String)>,
    /// Cards left out, with the line of the set file and why.
    pub refused: Vec<(String, usize, String)>,
}

/// The kinds of the abilities a card's text holds, one per paragraph (B.6.5.2): played
/// abilities start with their type letter (after any restriction such as a character
/// name), anything else is continuous (H.1).
pub fn ability_kinds(text: &str) -> Vec<&'static str> {
    text.split("  ")
        .map(str::trim)
        .filter(|p| !p.is_empty())
        .map(|p| {
            let words: Vec<&str> = p.split_whitespace().take(3).collect();
            let letter = words.iter().find_map(|w| match w.trim_end_matches(':') {
                "E" => Some("enhance"),
                "F" => Some("form"),
                "R" => Some("response"),
                _ => None,
            });
            letter.unwrap_or("continuous")
        })
        .collect()
}

fn missing_for(card: &SetCard) -> Option<String> {
    let text = card
        .properties
        .get("CardText")
        .map(|s| s.trim())
        .unwrap_or("");
    let kinds = ability_kinds(text);
    if kinds.is_empty() {
        return None;
    }
    let mut counts: Vec<(String, usize)> = Vec::new();
    for k in kinds {
        match counts.iter_mut().find(|(name, _)| name == k) {
            Some((_, n)) => *n += 1,
            None => counts.push((k.to_string(), 1)),
        }
    }
    let list: Vec<String> = counts
        .iter()
        .map(|(k, n)| format!("{n} {k} abilit{}", if *n == 1 { "y" } else { "ies" }))
        .collect();
    Some(format!("not yet in the card language: {}", list.join(", ")))
}

/// Imports a set file; `prefix` starts every id ("rva" → "rva-01").
pub fn import_set(text: &str, prefix: &str) -> Result<Imported, XmlError> {
    Ok(import_cards(&read_set(text)?, prefix))
}

/// Imports a set file already read.
pub fn import_cards(set: &SetFile, prefix: &str) -> Imported {
    let mut out = Imported {
        set_name: set.name.clone(),
        card_file: format!(
            ";;; UFS: {}. Names and stats are the printed facts (imported from OCTGN's set\n;;; file); abilities are written in the card language of src/cardfile.rs.\n\n",
            set.name
        ),
        compiled: 0,
        incomplete: Vec::new(),
        refused: Vec::new(),
    };
    for (i, card) in set.cards.iter().enumerate() {
        let id = format!("{prefix}-{:02}", i + 1);
        match facts(card, &id) {
            Ok(mut def) => {
                def.missing = missing_for(card);
                match &def.missing {
                    Some(why) => out.incomplete.push((def.card_name(), why.clone())),
                    None => out.compiled += 1,
                }
                out.card_file += &write_card(&def);
                out.card_file += "\n";
            }
            Err(why) => out.refused.push((card.name.clone(), card.line, why)),
        }
    }
    out
}
