//! `crossover cards import ufs FILE.xml`: OCTGN set file → our card file.
//!
//! The facts of every card are taken (`octgn::facts`). Abilities are compiled from
//! the card's printed text by our grammar of UFS ability phrasing (`phrase.rs`), one
//! paragraph at a time. A card is written whole only if every paragraph (of both
//! halves of a split card) compiles and the engine plays its keywords; otherwise it is
//! written with `(missing ...)` naming the first reason, so the engine refuses to deal
//! it into a game. The printed text itself is never written out.

use crate::cardfile::write_card;
use crate::model::{CardDef, Keyword};
use crate::octgn::{facts, read_set, SetCard, SetFile, XmlError};

/// What importing one set file gave.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Imported {
    pub set_name: String,
    /// The card file's text, every card whose facts could be read.
    pub card_file: String,
    /// Cards written whole: facts, and abilities if they have any.
    pub compiled: usize,
    /// Of those, the cards with printed abilities (the others have none to compile).
    pub compiled_with_abilities: usize,
    /// Cards written with `(missing ...)`: the card name and why.
    pub incomplete: Vec<(String, String)>,
    /// Cards left out, with the line of the set file and why.
    pub refused: Vec<(String, usize, String)>,
}

impl Imported {
    /// The reasons cards were written with facts only, each with how many cards it
    /// kept from compiling, most common first (then alphabetically).
    pub fn incomplete_reasons(&self) -> Vec<(String, usize)> {
        group(self.incomplete.iter().map(|(_, why)| why.as_str()))
    }

    /// The reasons cards were refused, grouped the same way.
    pub fn refused_reasons(&self) -> Vec<(String, usize)> {
        group(self.refused.iter().map(|(_, _, why)| why.as_str()))
    }
}

fn group<'a>(reasons: impl Iterator<Item = &'a str>) -> Vec<(String, usize)> {
    let mut counts: std::collections::BTreeMap<&str, usize> = Default::default();
    for r in reasons {
        *counts.entry(r).or_default() += 1;
    }
    let mut out: Vec<(String, usize)> = counts
        .into_iter()
        .map(|(r, n)| (r.to_string(), n))
        .collect();
    out.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
    out
}

/// H.3.1.2 Note: a combo ability on a card without the Combo keyword could never be
/// played; the card data more likely lost the keyword, so the card is not compiled.
fn combo_without_keyword(def: &CardDef) -> Option<String> {
    let combo = def.abilities.iter().any(|a| a.combo);
    let keyword = def.keywords.iter().any(|k| matches!(k, Keyword::Combo(_)));
    (combo && !keyword)
        .then(|| "a combo ability (H.3.1.2) on a card without the Combo keyword".to_string())
}

/// The property holding the printed text of a card's half.
fn printed(card: &SetCard, key: &str) -> String {
    card.properties
        .get(key)
        .map(|s| s.trim().to_string())
        .unwrap_or_default()
}

/// Compiles the card's abilities into `def` (and its split half); the reason it
/// could not, if any.
fn compile_abilities(card: &SetCard, def: &mut CardDef) -> Result<(), String> {
    def.abilities = crate::phrase::compile_text(&printed(card, "CardText"))?;
    if let Some(why) = combo_without_keyword(def) {
        return Err(why);
    }
    if let Some(half) = def.split.as_deref_mut() {
        // Ruling UFS-31: the other half's text is OCTGN's "Split Rules".
        half.abilities = crate::phrase::compile_text(&printed(card, "Split Rules"))?;
        if let Some(why) = combo_without_keyword(half) {
            return Err(format!("the split half: {why}"));
        }
    }
    Ok(())
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
            ";;; UFS: {}. Names and stats are the printed facts (imported from OCTGN's set\n;;; file); abilities are compiled into the card language of src/cardfile.rs.\n\n",
            set.name
        ),
        compiled: 0,
        compiled_with_abilities: 0,
        incomplete: Vec::new(),
        refused: Vec::new(),
    };
    for (i, card) in set.cards.iter().enumerate() {
        let id = format!("{prefix}-{:02}", i + 1);
        match facts(card, &id) {
            Ok(mut def) => {
                match compile_abilities(card, &mut def) {
                    Ok(()) => {
                        out.compiled += 1;
                        let halves = std::iter::once(&def).chain(def.split.as_deref());
                        if halves.clone().any(|h| !h.abilities.is_empty()) {
                            out.compiled_with_abilities += 1;
                        }
                    }
                    Err(why) => {
                        // Facts only: no half-compiled abilities are written.
                        def.abilities.clear();
                        if let Some(half) = def.split.as_deref_mut() {
                            half.abilities.clear();
                        }
                        def.missing = Some(why.clone());
                        out.incomplete.push((def.card_name(), why));
                    }
                }
                out.card_file += &write_card(&def);
                out.card_file += "\n";
            }
            Err(why) => out.refused.push((card.name.clone(), card.line, why)),
        }
    }
    out
}
