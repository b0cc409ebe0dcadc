//! Deck lists as players write them, one card a line: `4 Dr. Doom, Diabolic Genius`,
//! `4x Cadet Vance`, `3 MOR-001 Dr. Doom, Diabolic Genius` (a set code first) or a set
//! code alone; headings such as `Characters`, `Plot Twists` or `3-Drops:` and blank
//! lines are skipped; `#`, `;` and `//` start comments. Checked by the deck rules of
//! 101.1–101.2 (at least 60 cards; at most four per name and version, Army and printed
//! limits aside) with `file:line` errors.

use crate::db::{CardPool, DefId};
use crate::setup::{Deck, MAX_DECK};

/// A problem at a line of a deck file (0: the whole deck).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DeckProblem {
    pub line: usize,
    /// The rule it breaks, if it is a deck rule rather than a reading error.
    pub rule: Option<&'static str>,
    pub message: String,
}

/// A deck file read: the cards and the line each came from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DeckFile {
    pub entries: Vec<(usize, DefId, usize)>,
}

/// The most lines a deck file may have (input is bounded).
pub const MAX_LINES: usize = 2_000;

fn strip_comment(raw: &str) -> &str {
    let mut s = raw;
    for mark in ["#", ";", "//"] {
        if let Some(i) = s.find(mark) {
            s = &s[..i];
        }
    }
    s.trim()
}

/// `4`, `4x`, `x4`, `4 x`: a count first.
fn split_count(line: &str) -> Option<(usize, &str)> {
    let (first, rest) = line.split_once(char::is_whitespace)?;
    let digits = first
        .trim_end_matches(['x', 'X'])
        .trim_start_matches(['x', 'X']);
    let n: usize = digits.parse().ok()?;
    let rest = rest.trim_start();
    let rest = rest
        .strip_prefix("x ")
        .or_else(|| rest.strip_prefix("X "))
        .unwrap_or(rest);
    Some((n, rest.trim()))
}

fn looks_like_set_code(word: &str) -> bool {
    let mut parts = word.splitn(2, '-');
    let (Some(a), Some(b)) = (parts.next(), parts.next()) else {
        return false;
    };
    (2..=4).contains(&a.len())
        && a.chars().all(|c| c.is_ascii_alphanumeric())
        && !b.is_empty()
        && b.chars().all(|c| c.is_ascii_alphanumeric())
}

/// Reads a deck file's text; every line that names no card is a problem.
pub fn read_deck(pool: &CardPool, text: &str) -> Result<DeckFile, Vec<DeckProblem>> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut entries = Vec::new();
    let mut problems = Vec::new();
    let mut total = 0usize;
    let names = pool.all_names();
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        if line > MAX_LINES {
            problems.push(DeckProblem {
                line,
                rule: None,
                message: format!("a deck file has at most {MAX_LINES} lines"),
            });
            break;
        }
        let s = strip_comment(raw);
        if s.is_empty() {
            continue;
        }
        let Some((count, written)) = split_count(s) else {
            // A heading: "Characters", "Plot Twists (12)", "3-Drops:".
            continue;
        };
        if count == 0 {
            continue;
        }
        total = total.saturating_add(count);
        if total > MAX_DECK {
            problems.push(DeckProblem {
                line,
                rule: None,
                message: format!(
                    "more than {MAX_DECK} cards: a deck file holds at most {MAX_DECK}"
                ),
            });
            break;
        }
        // A set code may come first ("MOR-001 Dr. Doom") or stand alone.
        let (code, name) = match written.split_once(char::is_whitespace) {
            Some((w, rest)) if looks_like_set_code(w) => (Some(w), rest.trim()),
            _ if looks_like_set_code(written) => (Some(written), ""),
            _ => (None, written),
        };
        // The whole text first: names have hyphens too ("Rope-Dart Adept Suri").
        let found = pool
            .find(written)
            .or_else(|| code.and_then(|c| pool.find_id(c)))
            .or_else(|| (!name.is_empty()).then(|| pool.find(name)).flatten());
        match found {
            Some(d) => entries.push((line, d, count)),
            None => {
                let wanted = if name.is_empty() {
                    code.unwrap_or(written)
                } else {
                    name
                };
                let hint = crossover_diag::did_you_mean(wanted, names.keys().map(String::as_str))
                    .map(|s| format!(" (did you mean \"{s}\"?)"))
                    .unwrap_or_default();
                problems.push(DeckProblem {
                    line,
                    rule: None,
                    message: format!("no card \"{wanted}\" in the card pool{hint}"),
                });
            }
        }
    }
    if problems.is_empty() {
        Ok(DeckFile { entries })
    } else {
        Err(problems)
    }
}

impl DeckFile {
    pub fn total(&self) -> usize {
        self.entries.iter().map(|&(_, _, n)| n).sum()
    }

    /// 101.1, 101.2, 513.3c, and cards whose stats no source gives.
    pub fn check(&self, pool: &CardPool) -> Vec<DeckProblem> {
        let mut problems = Vec::new();
        let total = self.total();
        if total < 60 {
            problems.push(DeckProblem {
                line: 0,
                rule: Some("101.1"),
                message: format!("a deck has at least 60 cards; this one has {total}"),
            });
        }
        // 101.2: copies counted by name and version, over every line naming them.
        let mut seen: Vec<(String, String, usize, usize)> = Vec::new();
        for &(line, d, n) in &self.entries {
            let def = pool.def(d);
            let key = (def.name.to_lowercase(), def.version.to_lowercase());
            match seen
                .iter_mut()
                .find(|(a, b, _, _)| (a, b) == (&key.0, &key.1))
            {
                Some(entry) => {
                    entry.2 += n;
                    entry.3 = line;
                }
                None => seen.push((key.0, key.1, n, line)),
            }
            if let Some(why) = def.unplayable() {
                problems.push(DeckProblem {
                    line,
                    rule: None,
                    message: format!(
                        "{} can't be played: {why} (add a card file with `--cards DIR` that does)",
                        def.full_name(),
                    ),
                });
            }
        }
        for (name, version, n, line) in seen {
            let d = self
                .entries
                .iter()
                .map(|&(_, d, _)| d)
                .find(|&d| {
                    pool.def(d).name.to_lowercase() == name
                        && pool.def(d).version.to_lowercase() == version
                })
                .expect("every counted card came from an entry");
            let def = pool.def(d);
            let (limit, rule) = match def.deck_limit {
                Some(l) => (l as usize, "513.3c"),
                None if def.is_army() => continue,
                None => (4, "101.2"),
            };
            if n > limit {
                problems.push(DeckProblem {
                    line,
                    rule: Some(rule),
                    message: format!(
                        "{} copies of {}: a deck may hold at most {limit}",
                        n,
                        def.full_name()
                    ),
                });
            }
        }
        problems
    }

    /// The deck as a setup names it.
    pub fn to_deck(&self, pool: &CardPool, name: &str) -> Deck {
        let mut cards = Vec::new();
        for &(_, d, n) in &self.entries {
            cards.extend(std::iter::repeat_n(pool.def(d).id.clone(), n));
        }
        Deck {
            name: name.to_string(),
            cards,
        }
    }
}

/// The prebuilt decks: (name, description, text).
pub const PREBUILT: &[(&str, &str, &str)] = &[
    (
        "training-squad",
        "Training Squad: flight and range, a steady curve (training cards)",
        include_str!("../decks/training-squad.deck"),
    ),
    (
        "sparring-circle",
        "Sparring Circle: hidden strikers and big defenders (training cards)",
        include_str!("../decks/sparring-circle.deck"),
    ),
];

/// A prebuilt deck by name.
pub fn prebuilt(pool: &CardPool, name: &str) -> Option<Deck> {
    let (n, _, text) = PREBUILT.iter().find(|(n, _, _)| *n == name)?;
    read_deck(pool, text).ok().map(|f| f.to_deck(pool, n))
}
