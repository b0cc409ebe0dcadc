//! The deck building rules (Rules Reference Appendix I, DECK CUSTOMIZATION — our copy
//! of the Rules Reference lacks its appendices; docs/rulings.md MC-10 records them as
//! we apply them): one identity; 40 to 50 cards besides it; every card of the
//! identity's own set in its exact quantity; one aspect, the rest basic; at most 3
//! copies of a card by title (and a card's own "max per deck"); one of a unique title.

use crate::db::Db;
use crate::model::{Aspect, Kind};
use crate::setup::DeckList;
use std::collections::BTreeMap;

pub const MIN_CARDS: usize = 40;
pub const MAX_CARDS: usize = 50;
pub const MAX_COPIES_BY_TITLE: u32 = 3;

/// One broken rule: the rule's name, what is wrong, and the card it is about (to find
/// its line in the deck file).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DeckProblem {
    pub rule: &'static str,
    pub message: String,
    pub card: Option<String>,
}

fn problem(rule: &'static str, message: String, card: Option<&str>) -> DeckProblem {
    DeckProblem {
        rule,
        message,
        card: card.map(str::to_string),
    }
}

/// Every rule the deck breaks (none: the deck is legal).
pub fn check(deck: &DeckList, db: &Db) -> Vec<DeckProblem> {
    let mut out = vec![];
    let Some(hero) = db.get(&deck.hero) else {
        out.push(problem(
            "IDENTITY",
            format!("`{}` is not a Core Set card number", deck.hero),
            None,
        ));
        return out;
    };
    if !matches!(hero.kind, Kind::Hero { .. }) {
        out.push(problem(
            "IDENTITY",
            format!("{} ({}) is not a hero identity", hero.name, hero.code),
            None,
        ));
        return out;
    }
    if !Aspect::DECK.contains(&deck.aspect) {
        out.push(problem(
            "ASPECT",
            format!(
                "a deck has one aspect (aggression, justice, leadership or protection), not {}",
                deck.aspect.word()
            ),
            None,
        ));
    }
    let mut total: usize = 0;
    let mut by_title: BTreeMap<&str, (u32, &str)> = BTreeMap::new();
    let mut own: BTreeMap<&str, u32> = BTreeMap::new();
    for (code, n) in &deck.cards {
        let n = u32::from(*n);
        total = total.saturating_add(n as usize);
        let Some(d) = db.get(code) else {
            out.push(problem(
                "CARDS",
                format!("`{code}` is not a Core Set card number"),
                Some(code),
            ));
            continue;
        };
        if !d.kind.is_player_card() || d.kind.is_identity() {
            out.push(problem(
                "CARDS",
                format!(
                    "{} ({code}) is {} {} card: a deck holds player cards besides its identity",
                    d.name,
                    if d.kind.is_identity() {
                        "an"
                    } else {
                        "an encounter"
                    },
                    d.kind.word()
                ),
                Some(code),
            ));
            continue;
        }
        if d.aspect == Aspect::Hero {
            if d.set != hero.set {
                out.push(problem(
                    "IDENTITY-SPECIFIC CARDS",
                    format!(
                        "{} ({code}) belongs to another hero's set ({}); only {}'s own cards may be used",
                        d.name, d.set, hero.name
                    ),
                    Some(code),
                ));
            } else {
                *own.entry(code).or_default() += n;
            }
            continue;
        }
        if d.aspect != Aspect::Basic && d.aspect != deck.aspect {
            out.push(problem(
                "ASPECT",
                format!(
                    "{} ({code}) is a {} card; this deck's aspect is {} (only its cards and basic cards)",
                    d.name,
                    d.aspect.word(),
                    deck.aspect.word()
                ),
                Some(code),
            ));
        }
        // "Max N per deck" below the title rule's 3 (The Power of X, Energy).
        if !d.unique && d.deck_limit < 3 && n > u32::from(d.deck_limit) {
            out.push(problem(
                "MAX PER DECK",
                format!(
                    "{n} copies of {} ({code}): at most {} per deck",
                    d.name, d.deck_limit
                ),
                Some(code),
            ));
        }
        let e = by_title.entry(d.name.as_str()).or_insert((0, code));
        e.0 += n;
    }
    // The identity's own set, each card in its exact quantity.
    for (_, d) in db.set(&hero.set) {
        if d.aspect != Aspect::Hero || d.kind.is_identity() || !d.kind.is_player_card() {
            continue;
        }
        let have = own.get(d.code.as_str()).copied().unwrap_or(0);
        if have != u32::from(d.quantity) {
            out.push(problem(
                "IDENTITY-SPECIFIC CARDS",
                format!(
                    "{} needs its card {} ({}) exactly {} time(s); the deck has {have}",
                    hero.name, d.name, d.code, d.quantity
                ),
                Some(&d.code),
            ));
        }
    }
    for (title, (n, code)) in &by_title {
        let unique = db.get(code).is_some_and(|d| d.unique);
        let max = if unique { 1 } else { MAX_COPIES_BY_TITLE };
        if *n > max {
            out.push(problem(
                if unique { "UNIQUE" } else { "COPIES BY TITLE" },
                format!(
                    "{n} copies of {title}: at most {max} by title{}",
                    if unique { " (a unique card)" } else { "" }
                ),
                Some(code),
            ));
        }
        if unique && title.eq_ignore_ascii_case(&hero.name) {
            out.push(problem(
                "UNIQUE",
                format!("{title} shares the identity's title, and both are unique"),
                Some(code),
            ));
        }
    }
    if !(MIN_CARDS..=MAX_CARDS).contains(&total) {
        out.push(problem(
            "DECK SIZE",
            format!(
                "the deck has {total} cards besides its identity; a deck has {MIN_CARDS} to {MAX_CARDS}"
            ),
            None,
        ));
    }
    out
}
