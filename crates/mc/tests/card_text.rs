//! The text players read is generated from each card's definition (`text.rs`,
//! `wording.rs`): every part of every Core Set card must have real words, not the Debug
//! form of a card-language variant ("discard top keep n 2 r mental", "drones 1",
//! "search reveal name ... discard_too true").

use crossover_mc::cardfile::trait_word;
use crossover_mc::model::*;
use crossover_mc::{db, text, wording};

/// Field names of the card language's variants, as a Debug rendering would leave them
/// before a value ("slot 0", "n 2", "per 2", "otherwise 1").
const FIELD_NAMES: [&str; 15] = [
    "slot",
    "filter",
    "amount",
    "cond",
    "stat",
    "who",
    "per",
    "max",
    "then",
    "otherwise",
    "chosen",
    "code",
    "status",
    "counting",
    "count",
];

/// Words and the only words that come just before them in generated text.
const AFTER: [(&str, &[&str]); 15] = [
    (
        "villain",
        &["the", "a", "an", "this", "that", "each", "attached"],
    ),
    ("encounter", &["the", "an", "another"]),
    ("random", &["a", "at"]),
    ("extra", &["an", "1", "2"]),
    ("hero", &["the", "a", "your", "each", "other", "that", "in"]),
    ("top", &["the"]),
    (
        "printed",
        &["a", "your", "its", "resource", "resources", "type"],
    ),
    (
        "threat",
        &["the", "many", "when", "after", "no", "each", "or", "that"],
    ),
    ("exhausted", &["an"]),
    ("damaged", &["a", "attack"]),
    ("attacking", &["the"]),
    ("deck", &["your", "their", "encounter"]),
    ("hand", &["your", "their", "owner's", "printed"]),
    (
        "character",
        &["the", "a", "each", "friendly", "attached", "that", "this"],
    ),
    (
        "minion",
        &[
            "a", "the", "each", "that", "drone", "evil", "hydra", "nemesis", "attached", "no",
        ],
    ),
];

/// Words and how the word after them starts.
const BEFORE: [(&str, &[&str]); 3] = [
    (
        "this",
        &[
            "card",
            "enemy",
            "attack",
            "character",
            "scheme",
            "villain",
            "is",
            "phase",
            "form",
        ],
    ),
    ("until", &["the", "a", "your", "it"]),
    ("engaged", &["with"]),
];

const TRAITS: [Trait; 6] = [
    Trait::Aerial,
    Trait::Tech,
    Trait::BlackPanther,
    Trait::Drone,
    Trait::Hydra,
    Trait::MastersOfEvil,
];

/// What in `t` looks like a Debug rendering rather than English (empty: nothing).
fn debug_leftovers(t: &str) -> Vec<String> {
    let mut out = vec![];
    for bad in [
        "{", "}", "[", "]", "_", "§", "()", "::", "  ", ", ,", " ,", " .",
    ] {
        if t.contains(bad) {
            out.push(format!("contains {bad:?}"));
        }
    }
    let words: Vec<&str> = t
        .split_whitespace()
        .map(|w| w.trim_matches(|c: char| !c.is_alphanumeric()))
        .collect();
    for pair in words.windows(2) {
        let (w, next) = (pair[0], pair[1]);
        let number = !next.is_empty() && next.chars().all(|c| c.is_ascii_digit());
        // "n 2", "r mental"-style: a one-letter field name and its value.
        if w.len() == 1 && w != "a" && w.chars().all(|c| c.is_ascii_lowercase()) {
            out.push(format!("a one-letter token {w:?} before {next:?}"));
        }
        if number && FIELD_NAMES.contains(&w) {
            out.push(format!("a field name {w:?} before the number {next}"));
        }
    }
    for pair in words.windows(2) {
        let (before, w) = (pair[0].to_lowercase(), pair[1]);
        // "give villain boost", "reveal encounter card", "stun damaged character",
        // "choose minion", "discard from hand": in the generated English these words
        // always come after one of a few determiners (or adjectives, or a number).
        if let Some((_, allowed)) = AFTER.iter().find(|(n, _)| *n == w) {
            let number = before.chars().all(|c| c.is_ascii_digit());
            if !number && !allowed.contains(&before.as_str()) {
                out.push(format!("{w:?} after {before:?}"));
            }
        }
    }
    let tokens: Vec<&str> = t.split_whitespace().collect();
    for pair in tokens.windows(2) {
        // "this attacked you", "discard until minion", "put this into play engaged.":
        // what follows these words (as whole tokens, without punctuation).
        let next = pair[1].trim_matches(|c: char| !c.is_alphanumeric() && c != '\'');
        if let Some((_, allowed)) = BEFORE.iter().find(|(n, _)| *n == pair[0]) {
            if !allowed
                .iter()
                .any(|a| next == *a || next == format!("{a}'s"))
            {
                out.push(format!("{:?} before {next:?}", pair[0]));
            }
        }
    }
    // "drones 1.", "at least 1,": a number is followed by what it counts (a modifier
    // "+1" and "retaliate 1" excepted).
    for (i, tok) in tokens.iter().enumerate() {
        let digits = tok.trim_end_matches(['.', ',', ';', ')', ':']);
        if digits.len() < tok.len()
            && !digits.is_empty()
            && digits.chars().all(|c| c.is_ascii_digit())
            && (i == 0 || !tokens[i - 1].eq_ignore_ascii_case("retaliate"))
        {
            out.push(format!("the number {tok:?} counts nothing"));
        }
    }
    for pair in tokens.windows(2) {
        // "discard up to 5 →": a number before something that is not a word.
        if pair[0].chars().all(|c| c.is_ascii_digit())
            && !pair[1].starts_with(|c: char| c.is_alphanumeric() || c == '(')
        {
            out.push(format!("the number {:?} before {:?}", pair[0], pair[1]));
        }
    }
    // Words of variant names the English never uses ("stun whom this attack damages",
    // "discard event card", "your sustained damage").
    for w in ["whom", "event", "sustained"] {
        if words.contains(&w) {
            out.push(format!("the variant-name word {w:?}"));
        }
    }
    // "return cards under this.": "this" is always "this card", "this enemy"...
    for end in ["this.", "this,", "this;", "this)", "engaged.", "engaged,"] {
        if t.contains(end) {
            out.push(format!("{end:?} without its noun"));
        }
    }
    // A sentence starts with a capital letter (the fallback's constants did not).
    if t.chars().next().is_some_and(|c| !c.is_uppercase()) {
        out.push("a lowercase start".into());
    }
    // Card codes ("in play 1184") and other raw numbers: no ability counts that high.
    for w in &words {
        if w.parse::<u32>().is_ok_and(|n| n >= 100) {
            out.push(format!("a raw number {w}"));
        }
    }
    // A one-of-a-kind ability shown as its name in parentheses.
    if t.contains(": (") {
        out.push("an effect that is only a parenthesized name".into());
    }
    // A variant name Debug-printed and split: "YouGet" or its lowercase words.
    for w in &words {
        let mut prev_lower = false;
        for c in w.chars() {
            if c.is_uppercase() && prev_lower {
                out.push(format!("a CamelCase word {w:?}"));
                break;
            }
            prev_lower = c.is_lowercase();
        }
        if matches!(*w, "true" | "false") {
            out.push(format!("a Debug boolean {w:?}"));
        }
    }
    // Traits are always written with their capitals ("Black Panther", not the Debug
    // form's "black panther").
    for tr in TRAITS {
        let lower = trait_word(tr).to_lowercase();
        let padded = format!(" {t} ");
        for sep in [" ", ".", ",", ";"] {
            if padded.contains(&format!(" {lower}{sep}")) {
                out.push(format!("the trait {lower:?} in lowercase"));
                break;
            }
        }
    }
    out
}

#[test]
fn every_core_card_ability_and_constant_is_worded_without_debug_leftovers() {
    let db = db::core();
    let mut failures = vec![];
    for d in &db.defs {
        let full = text::card_text(d);
        assert!(
            !full.trim().is_empty(),
            "{} {} has no text at all",
            d.code,
            d.name
        );
        for bad in ["{", "}", "§", "::"] {
            if full.contains(bad) {
                failures.push(format!("{} {}: card text contains {bad:?}", d.code, d.name));
            }
        }
        for a in &d.abilities {
            if wording::steps(&a.steps).trim().is_empty() {
                failures.push(format!("{} {}: an ability with no words", d.code, d.name));
            }
        }
        let lines = d
            .abilities
            .iter()
            .map(text::ability_text)
            .chain(d.constants.iter().map(wording::constant));
        for a in d.abilities.iter().filter(|a| a.trigger.is_some()) {
            let t = text::ability_text(a);
            let (_, sentence) = t.split_once(": ").unwrap_or_default();
            if !["When ", "After ", "At "]
                .iter()
                .any(|w| sentence.starts_with(w))
            {
                failures.push(format!(
                    "{} {}: a trigger without When/After in {t:?}",
                    d.code, d.name
                ));
            }
        }
        for line in lines {
            if line.ends_with(": .") || line.trim().is_empty() {
                failures.push(format!("{} {}: empty line {line:?}", d.code, d.name));
            }
            if !full.contains(&line) {
                failures.push(format!(
                    "{} {}: {line:?} not in its card text",
                    d.code, d.name
                ));
            }
            for why in debug_leftovers(&line) {
                failures.push(format!("{} {}: {why} in {line:?}", d.code, d.name));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The check itself: each kind of leftover the Debug fallback used to print is caught.
#[test]
fn the_leftover_check_catches_debug_renderings() {
    for old in [
        "Forced Response: After this card enters play, discard top keep n 2 r mental.",
        "Hero Action: Resolve specials trait upgrade you control black panther.",
        "When Revealed: §§in player order [drones 1 ].",
        "When Revealed: Search reveal name \"x\" discard_too true.",
        "Action: Choose a player, then reduce next cost slot 0 n 1.",
        "Special: Deal if final step then 2 otherwise 1 damage to the villain.",
        "Villain gets stat hp n 10.",
        "When Revealed: (shadow of the past()).",
        "Forced Response: YouGet the villain.",
        "When Revealed: Discard until minion.",
        "When Defeated: Return cards under this.",
        "Must defend with ally.".to_lowercase().as_str(),
        "When Revealed: If in play 1167, this card gains surge.",
        "Boost: Give villain boost.",
        "Action: Change form, then draw up to printed hand size.",
        "Boost: Stun whom this attack damages.",
        "When Revealed: Discard from hand with resource energy.",
        "Forced Response: This attacked you, choose one: Drones 1.",
        "When Revealed: If none to choose minion, this card gains surge.",
        "When Revealed (Hero): The villain attacks you, then discard deck top counted.",
        "Action: Choose exhausted ally, then ready it.",
        "Action: Discard up to 5 → choose a scheme.",
    ] {
        assert!(!debug_leftovers(old).is_empty(), "not caught: {old}");
    }
    assert!(debug_leftovers(
        "Hero Action (attack): Choose an enemy, then deal 1 damage to it (2 instead if you \
         are Aerial)."
    )
    .is_empty());
}
