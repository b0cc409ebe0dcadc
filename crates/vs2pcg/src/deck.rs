//! Deck lists and the Deck Building Rules (p.28).
//!
//! Format: one entry per line, `#` starts a comment.
//! ```text
//! # Avengers assemble
//! main mnb-001          # the level 1 main character (number or name)
//! 4 mnb-011             # four copies of Black Panther
//! 2 Savage Surprise     # names work too
//! ```
//!
//! A `version leg-021` line brings another version of the main character, set aside with
//! the ones printed with it (Level Up Powers p.20: "choose ... any of its level 2
//! versions"): a level 2 or 3 main character card of the main character's name, e.g.
//! Legacy's Groot for Marvel Battles' Groot. Its own higher level comes with it.

use crate::db::CardDb;
use crate::game::PlayerSetup;
use crate::ids::DefId;
use crate::model::{CardDef, CardKind, Keyword};

/// The most cards a deck list (or a setup's deck) may hold, whatever the rules in force:
/// a tournament deck has 60, and a bound keeps a list like `4294967295 mnb-011` from
/// becoming billions of cards in a game.
pub const MAX_DECK_CARDS: u32 = 1000;

/// The most `version` lines a deck may have (no character has more versions).
pub const MAX_VERSIONS: usize = 8;

/// Cards that are not tournament legal (Major Rulings, Errata, Bans: Cosmo and Thanos
/// of Marvel Battles, Singularity of A-Force), by card number. A card file can also
/// mark a card `banned`. The Fantastic Battles Machine is banned too, but no card data
/// we have numbers it.
pub const BANNED: &[&str] = &["mnb-061", "mnb-085", "mnb-086", "aff-015"];

/// Is this card banned from tournament play?
pub fn is_banned(def: &CardDef) -> bool {
    def.banned || BANNED.iter().any(|b| def.number.eq_ignore_ascii_case(b))
}

/// Which deck rules apply.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct DeckRules {
    /// A casual game: only what a game needs to run is checked (a level 1 main
    /// character, at least one card, game cards only and no main character among them,
    /// at most [`MAX_DECK_CARDS`]); the tournament rules (exactly 60 cards, the copy
    /// limits, bans, neutral locations and Loyalty) are waived.
    pub casual: bool,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DeckList {
    pub name: String,
    pub main: String,
    /// (line, count, card key)
    pub entries: Vec<(u32, u32, String)>,
    pub main_line: u32,
    /// (line, card key): other versions of the main character the player brings.
    pub versions: Vec<(u32, String)>,
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{file}:{line}: {message}")]
pub struct DeckError {
    pub file: String,
    pub line: u32,
    pub message: String,
}

pub fn parse(file: &str, name: &str, src: &str) -> Result<DeckList, DeckError> {
    let mut main = None;
    let mut versions = Vec::new();
    let mut entries = Vec::new();
    let mut main_line = 0;
    let mut total: u32 = 0;
    // A byte order mark (editors on Windows write one) is not part of the first line.
    let src = src.strip_prefix('\u{feff}').unwrap_or(src);
    for (i, raw) in src.lines().enumerate() {
        let line = (i + 1) as u32;
        let text = raw.split('#').next().unwrap_or("").trim();
        if text.is_empty() {
            continue;
        }
        let err = |m: String| DeckError {
            file: file.into(),
            line,
            message: m,
        };
        if let Some(rest) = text.strip_prefix("main ") {
            if main.is_some() {
                return Err(err("a deck has exactly one `main` line".into()));
            }
            main = Some(rest.trim().to_string());
            main_line = line;
            continue;
        }
        if let Some(rest) = text.strip_prefix("version ") {
            if versions.len() >= MAX_VERSIONS {
                return Err(err(format!(
                    "a deck has at most {MAX_VERSIONS} `version` lines"
                )));
            }
            versions.push((line, rest.trim().to_string()));
            continue;
        }
        let (count, key) = match text.split_once(char::is_whitespace) {
            Some((n, rest)) if n.chars().all(|c| c.is_ascii_digit()) => (
                n.parse::<u32>()
                    .ok()
                    .filter(|&c| c <= MAX_DECK_CARDS)
                    .ok_or_else(|| {
                        err(format!(
                            "bad count `{n}`: a deck list holds at most {MAX_DECK_CARDS} cards"
                        ))
                    })?,
                rest.trim(),
            ),
            _ => (1, text),
        };
        if count == 0 {
            return Err(err("a count must be at least 1".into()));
        }
        // Checked: two huge counts must not wrap round to a small legal one.
        total = total
            .checked_add(count)
            .filter(|&t| t <= MAX_DECK_CARDS)
            .ok_or_else(|| {
                err(format!(
                    "this line takes the deck past {MAX_DECK_CARDS} cards, the most a deck list may hold"
                ))
            })?;
        entries.push((line, count, key.to_string()));
    }
    let main = main.ok_or_else(|| DeckError {
        file: file.into(),
        line: 1,
        message: "no `main <card>` line: every deck names its level 1 main character".into(),
    })?;
    Ok(DeckList {
        name: name.into(),
        main,
        entries,
        main_line,
        versions,
    })
}

/// What a line of the 60 names (p.28: the main character has its own line).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DeckCard {
    /// The card: named by its number, or the only card of that name that can be among
    /// the 60 (or several of that name that differ only in their numbers).
    Card(DefId),
    /// No card has that number or name.
    Unknown,
    /// Only main characters have that name (each level of one).
    MainCharacter(Vec<DefId>),
    /// Several different cards that can be among the 60 have that name (cards of one
    /// name from different sets): the line must give the number.
    Ambiguous(Vec<DefId>),
}

/// The card a line of the 60 means by `key`, a card number or a name (case-insensitive).
pub fn deck_card(db: &CardDb, key: &str) -> DeckCard {
    if let Some(d) = db.by_number(key) {
        return DeckCard::Card(d);
    }
    let named = db.named(key);
    if named.is_empty() {
        return DeckCard::Unknown;
    }
    let playable: Vec<DefId> = named
        .iter()
        .copied()
        .filter(|&d| !matches!(db.get(d).kind, CardKind::MainCharacter { .. }))
        .collect();
    let Some(&first) = playable.first() else {
        return DeckCard::MainCharacter(named);
    };
    // Reprints that play alike (an alternate printing's number) are one choice.
    let rules_text = |d: DefId| {
        let text = crate::text::card_text(db.get(d));
        text.split_once('\n')
            .map_or(String::new(), |(_, rest)| rest.to_string())
    };
    let first_text = rules_text(first);
    if playable.iter().all(|&d| rules_text(d) == first_text) {
        DeckCard::Card(first)
    } else {
        DeckCard::Ambiguous(playable)
    }
}

/// The cards `ds` by number and type line, for a message: "mnb-029 (Main Character,
/// Level 1 [X-Men] — ...), ...".
fn candidates(db: &CardDb, ds: &[DefId]) -> String {
    ds.iter()
        .map(|&d| {
            let c = db.get(d);
            format!("{} ({})", c.number, crate::text::type_line(c))
        })
        .collect::<Vec<_>>()
        .join("; ")
}

impl DeckList {
    pub fn to_setup(&self, db: &CardDb, player: &str) -> PlayerSetup {
        let mut deck = Vec::new();
        for (_, n, key) in &self.entries {
            let num = match deck_card(db, key) {
                DeckCard::Card(d) => db.get(d).number.clone(),
                _ => key.clone(),
            };
            for _ in 0..*n {
                deck.push(num.clone());
            }
        }
        PlayerSetup {
            name: player.into(),
            main: db
                .find(&self.main)
                .map_or(self.main.clone(), |d| db.get(d).number.clone()),
            deck,
            versions: self
                .versions
                .iter()
                .map(|(_, k)| db.find(k).map_or(k.clone(), |d| db.get(d).number.clone()))
                .collect(),
        }
    }
}

/// Every problem with a deck under the Deck Building Rules (p.28) for tournament play;
/// empty means legal.
pub fn check(file: &str, deck: &DeckList, db: &CardDb) -> Vec<DeckError> {
    check_rules(file, deck, db, DeckRules::default())
}

/// A setup's deck as a deck list (one entry per run of equal card keys; line numbers
/// count entries), for checking setups and replays like deck files.
pub fn from_setup(p: &PlayerSetup) -> DeckList {
    let mut entries: Vec<(u32, u32, String)> = Vec::new();
    for key in &p.deck {
        match entries.last_mut() {
            Some((_, n, k)) if k == key => *n = n.saturating_add(1),
            _ => entries.push((entries.len() as u32 + 2, 1, key.clone())),
        }
    }
    DeckList {
        name: p.name.clone(),
        main: p.main.clone(),
        entries,
        main_line: 1,
        versions: p.versions.iter().map(|v| (1, v.clone())).collect(),
    }
}

/// [`check`] under `rules`.
pub fn check_rules(file: &str, deck: &DeckList, db: &CardDb, rules: DeckRules) -> Vec<DeckError> {
    let mut errs = Vec::new();
    let e = |line: u32, m: String| DeckError {
        file: file.into(),
        line,
        message: m,
    };
    let main = match db.find(&deck.main) {
        Some(m) => Some(m),
        None => {
            errs.push(e(deck.main_line, format!("unknown card `{}`", deck.main)));
            None
        }
    };
    if let Some(m) = main {
        if !matches!(db.get(m).kind, CardKind::MainCharacter { level: 1 }) {
            errs.push(e(
                deck.main_line,
                format!("`{}` is not a level 1 main character", deck.main),
            ));
        } else if !rules.casual && is_banned(db.get(m)) {
            errs.push(e(deck.main_line, banned_message(db.get(m))));
        }
        for (line, key) in &deck.versions {
            if let Err(why) = db.version_of(m, key) {
                errs.push(e(*line, why));
            }
        }
    }
    let mut total: u64 = 0;
    // One entry per card (set and number): the copy limits count copies of one card,
    // so two cards with one name from different sets have four copies each.
    let mut by_card: Vec<(String, u32, u32, u16)> = Vec::new();
    for (line, n, key) in &deck.entries {
        let d = match deck_card(db, key) {
            DeckCard::Card(d) => d,
            DeckCard::Unknown => {
                errs.push(e(*line, format!("unknown card `{key}`")));
                continue;
            }
            DeckCard::MainCharacter(ds) => {
                errs.push(e(
                    *line,
                    format!(
                        "{} is a main character; it goes on the `main` line, not in the 60 \
                         (the cards of that name: {})",
                        db.get(ds[0]).name,
                        candidates(db, &ds)
                    ),
                ));
                continue;
            }
            DeckCard::Ambiguous(ds) => {
                errs.push(e(
                    *line,
                    format!(
                        "`{key}` names {} different cards: {}; write the number of the one you mean",
                        ds.len(),
                        candidates(db, &ds)
                    ),
                ));
                continue;
            }
        };
        let def = db.get(d);
        if def.token.0 {
            errs.push(e(
                *line,
                format!(
                    "{} is a token card: it stands for a token character a power creates, and is not a game card for a deck (Token Characters p.26)",
                    def.name
                ),
            ));
            continue;
        }
        if def.number.starts_with("xo-") {
            errs.push(e(
                *line,
                format!(
                    "{} is one of the engine's own cards, not a game card",
                    def.name
                ),
            ));
            continue;
        }
        if matches!(def.kind, CardKind::MainCharacter { .. }) {
            errs.push(e(
                *line,
                format!(
                    "{} is a main character; it goes on the `main` line, not in the 60",
                    def.name
                ),
            ));
            continue;
        }
        if !rules.casual && is_banned(def) {
            errs.push(e(*line, banned_message(def)));
        }
        total += u64::from(*n);
        match by_card.iter_mut().find(|(.., id)| *id == d) {
            Some(entry) => entry.1 = entry.1.saturating_add(*n),
            None => by_card.push((def.name.clone(), *n, *line, d)),
        }
    }
    let last_line = deck.entries.last().map_or(deck.main_line.max(1), |x| x.0);
    if total > u64::from(MAX_DECK_CARDS) {
        errs.push(e(
            last_line,
            format!("{total} cards: a deck may hold at most {MAX_DECK_CARDS}"),
        ));
    }
    if rules.casual {
        if total == 0 {
            errs.push(e(
                last_line,
                "the deck is empty: even a casual deck needs cards".into(),
            ));
        }
        return errs;
    }
    if total != 60 {
        errs.push(e(
            last_line,
            format!("a deck has exactly 60 cards besides the main character; this one has {total}"),
        ));
    }
    for (name, n, line, d) in &by_card {
        let def = db.get(*d);
        let max = if def.has_printed_keyword(Keyword::OneOfAKind) {
            1
        } else if def.has_printed_keyword(Keyword::Legion) {
            8
        } else {
            4
        };
        if *n > max {
            errs.push(e(
                *line,
                format!("{n} copies of {name}; at most {max} are allowed"),
            ));
        }
    }
    // Neutral Locations with Different Names (p.25): neutral locations with the same
    // symbol count as one card: at most four, all with the same name.
    let mut by_symbol: Vec<(Vec<crate::model::Symbol>, u32, Vec<String>, u32)> = Vec::new();
    for (name, n, line, d) in &by_card {
        let def = db.get(*d);
        if def.kind == CardKind::Location && def.teams.is_empty() {
            let mut syms = def.symbols.clone();
            syms.sort();
            match by_symbol.iter_mut().find(|(s, ..)| *s == syms) {
                Some(entry) => {
                    entry.1 += n;
                    if !entry.2.contains(name) {
                        entry.2.push(name.clone());
                    }
                    entry.3 = entry.3.max(*line);
                }
                None => by_symbol.push((syms, *n, vec![name.clone()], *line)),
            }
        }
    }
    for (syms, n, names, line) in &by_symbol {
        let symbol = syms.iter().map(|s| s.name()).collect::<Vec<_>>().join("/");
        if names.len() > 1 {
            errs.push(e(
                *line,
                format!(
                    "{} are the same neutral {symbol} location under different names; all copies must have the same name",
                    names.join(" and ")
                ),
            ));
        } else if *n > 4 {
            errs.push(e(
                *line,
                format!("{n} neutral {symbol} locations; at most 4 are allowed"),
            ));
        }
    }
    // Loyalty: every affiliated card (and the main character) shares the team.
    let mut all: Vec<(u32, u16)> = by_card.iter().map(|(_, _, l, d)| (*l, *d)).collect();
    if let Some(m) = main {
        all.push((deck.main_line, m));
    }
    for &(line, d) in &all {
        let def = db.get(d);
        if def.has_printed_keyword(Keyword::Loyalty) {
            for &(l2, d2) in &all {
                let other = db.get(d2);
                let affiliated = !other.teams.is_empty() || other.is_character();
                if affiliated && !other.teams.iter().any(|t| def.teams.contains(t)) {
                    errs.push(e(
                        l2,
                        format!(
                            "{} breaks {}'s Loyalty (line {line}): it doesn't share its team",
                            other.name, def.name
                        ),
                    ));
                }
            }
        }
    }
    errs
}

fn banned_message(def: &CardDef) -> String {
    format!(
        "{} ({}) is banned from tournament play (Major Rulings, Errata, Bans); --casual allows it",
        def.name, def.number
    )
}
