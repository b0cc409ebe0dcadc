//! Deck files as players have them: OCTGN's `.o8d` (XML) and our own text format
//! (`character ID`, then `COUNT ID` lines), read with the line of every card so that the
//! deck rules (A.2) can be reported as `file:line` problems.

use crate::db::Db;
use crate::octgn;
use crate::setup::{DeckList, MAX_DECK};

/// The largest deck file read (a 60-card `.o8d` is about 5 KB).
pub const MAX_DECK_BYTES: u64 = 256 * 1024;

/// A deck read from a file, with where each card was listed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DeckFile {
    pub deck: DeckList,
    /// The line naming the starting character.
    pub character_line: usize,
    /// The line of each card id in the main deck (its first listing).
    pub lines: Vec<(String, usize)>,
    /// Sideboard cards (`.o8d` only): not played, but counted by A.2.2.
    pub sideboard: Vec<(String, usize)>,
}

/// A problem with a deck: where it is, what is wrong, and the rule it breaks.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DeckProblem {
    /// From 1; 0 when it is about the whole file.
    pub line: usize,
    pub message: String,
}

fn problem(line: usize, message: impl Into<String>) -> DeckProblem {
    DeckProblem {
        line,
        message: message.into(),
    }
}

impl DeckFile {
    pub fn line_of(&self, id: &str) -> usize {
        self.lines
            .iter()
            .chain(&self.sideboard)
            .find(|(c, _)| c == id)
            .map_or(0, |&(_, l)| l)
    }
}

/// Reads a deck file of either format: XML (`.o8d`) when its first non-blank character
/// is `<`, our text format otherwise. `name` is what the deck is called in setups.
pub fn read(name: &str, text: &str, db: &Db) -> Result<DeckFile, DeckProblem> {
    // A byte order mark (editors on Windows write one) is no part of either format.
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    if text.trim_start().starts_with('<') {
        read_o8d(name, text, db)
    } else {
        read_text(name, text, db)
    }
}

/// Our format: the ids are card ids (`rva-07`); every line is checked for an unknown
/// card here, so that the rules check sees only known cards.
fn read_text(name: &str, text: &str, db: &Db) -> Result<DeckFile, DeckProblem> {
    let deck = DeckList::parse(name, text).map_err(|e| problem(e.line, e.message))?;
    let mut character_line = 1;
    let mut lines: Vec<(String, usize)> = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let words: Vec<&str> = raw
            .split(';')
            .next()
            .unwrap_or("")
            .split_whitespace()
            .collect();
        let id = match words.as_slice() {
            ["character", id] => {
                character_line = i + 1;
                id
            }
            [_, id] => id,
            _ => continue,
        };
        if db.by_id(id).is_none() {
            return Err(problem(i + 1, unknown_id(id)));
        }
        if !lines.iter().any(|(c, _)| c == id) {
            lines.push((id.to_string(), i + 1));
        }
    }
    Ok(DeckFile {
        deck,
        character_line,
        lines,
        sideboard: Vec::new(),
    })
}

fn unknown_id(id: &str) -> String {
    format!(
        "no card {id:?} in the card pool (the Ryu vs Akuma and Siegfried vs Sophitia Battle Packs; `crossover cards list ufs` lists them)"
    )
}

/// OCTGN's deck: sections `Main` and `Sideboard` of `<card qty id>Name</card>`, where the
/// id is the card's OCTGN GUID. The starting character is the first character card of
/// the main section (docs/rulings.md UFS-9): OCTGN decks have no section for it.
fn read_o8d(name: &str, text: &str, db: &Db) -> Result<DeckFile, DeckProblem> {
    let entries = octgn::read_deck(text).map_err(|e| problem(e.line, e.message))?;
    let mut character: Option<(String, usize)> = None;
    let mut cards = Vec::new();
    let mut lines: Vec<(String, usize)> = Vec::new();
    let mut sideboard = Vec::new();
    for e in entries {
        let Some(i) = db.by_guid(&e.guid) else {
            return Err(problem(
                e.line,
                format!(
                    "{} (OCTGN id {}) is not in the card pool: only the Ryu vs Akuma and Siegfried vs Sophitia Battle Packs can be played",
                    if e.name.is_empty() { "this card" } else { e.name.as_str() },
                    e.guid
                ),
            ));
        };
        let def = db.def(i);
        let qty = e.qty as usize;
        if (cards.len() + sideboard.len())
            .checked_add(qty)
            .is_none_or(|t| t > MAX_DECK)
        {
            return Err(problem(
                e.line,
                format!(
                    "more than {MAX_DECK} cards: a deck holds at most {MAX_DECK}; lower the qty"
                ),
            ));
        }
        if e.section.eq_ignore_ascii_case("sideboard") {
            sideboard.extend(std::iter::repeat_n((def.id.clone(), e.line), qty));
            continue;
        }
        let mut qty = qty;
        if character.is_none() && def.is_character() && qty > 0 {
            character = Some((def.id.clone(), e.line));
            qty -= 1;
        }
        cards.extend(std::iter::repeat_n(def.id.clone(), qty));
        if !lines.iter().any(|(c, _)| *c == def.id) {
            lines.push((def.id.clone(), e.line));
        }
    }
    let Some((character, character_line)) = character else {
        return Err(problem(
            0,
            "the deck has no character card in its main section: a deck needs a starting character (E.1.1)",
        ));
    };
    Ok(DeckFile {
        deck: DeckList {
            name: name.to_string(),
            character,
            cards,
        },
        character_line,
        lines,
        sideboard,
    })
}

/// Every deck rule the file breaks (A.2), each at the line of the card it is about.
/// With `facts_only` false, a card whose abilities are not yet written is a problem
/// too (it can't be played).
pub fn check(file: &DeckFile, db: &Db, facts_only: bool) -> Vec<DeckProblem> {
    let mut out = Vec::new();
    let deck = &file.deck;
    let Some(start) = db.by_id(&deck.character) else {
        return vec![problem(file.character_line, unknown_id(&deck.character))];
    };
    if !db.def(start).is_character() {
        out.push(problem(
            file.character_line,
            format!(
                "{} is not a character: the starting character must be one (E.1.1)",
                db.def(start).card_name()
            ),
        ));
    }
    let total = deck.cards.len() + 1;
    if total < 60 {
        out.push(problem(
            0,
            format!("A.2.1: a main deck holds at least 60 cards with its starting character; this one has {total}"),
        ));
    }
    let mut counts: Vec<(String, usize, usize)> = Vec::new();
    let ids = std::iter::once((&deck.character, file.character_line))
        .chain(deck.cards.iter().map(|c| (c, file.line_of(c))))
        .chain(file.sideboard.iter().map(|(c, l)| (c, *l)));
    for (id, line) in ids {
        let Some(i) = db.by_id(id) else {
            out.push(problem(line, unknown_id(id)));
            continue;
        };
        let name = db.def(i).card_name();
        match counts.iter_mut().find(|(n, _, _)| *n == name) {
            Some(entry) => {
                entry.1 += 1;
                entry.2 = line;
            }
            None => counts.push((name, 1, line)),
        }
    }
    for (name, n, line) in &counts {
        if *n > 4 {
            out.push(problem(
                *line,
                format!("A.2.2: at most 4 copies of a card name, sideboard included; this deck has {n} of {name}"),
            ));
        }
    }
    if !facts_only {
        let mut seen = Vec::new();
        for id in std::iter::once(&deck.character).chain(&deck.cards) {
            let Some(i) = db.by_id(id) else { continue };
            let def = db.def(i);
            if let Some(why) = &def.missing {
                if !seen.contains(id) {
                    seen.push(id.clone());
                    out.push(problem(
                        file.line_of(id).max(if *id == deck.character {
                            file.character_line
                        } else {
                            0
                        }),
                        format!("{} can't be played yet: {why}", def.card_name()),
                    ));
                }
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::db::core;

    fn o8d(main: &[(u32, &str)], side: &[(u32, &str)]) -> String {
        let db = core();
        let card = |(q, id): &(u32, &str)| {
            let d = db.def(db.by_id(id).unwrap());
            format!(
                "    <card qty=\"{q}\" id=\"{}\">{}</card>\n",
                d.guid.as_deref().unwrap(),
                d.card_name()
            )
        };
        let mut s = String::from(
            "<?xml version=\"1.0\"?>\n<deck game=\"ufs\">\n  <section name=\"Main\">\n",
        );
        s.extend(main.iter().map(card));
        s.push_str("  </section>\n  <section name=\"Sideboard\">\n");
        s.extend(side.iter().map(card));
        s.push_str("  </section>\n</deck>\n");
        s
    }

    /// Ryu's half of the pack: the two Ryus and 3 of each of the other 20 cards.
    fn ryu_main() -> Vec<(u32, &'static str)> {
        let mut v = vec![(1, "rva-23"), (1, "rva-24")];
        const IDS: [&str; 20] = [
            "rva-25", "rva-26", "rva-27", "rva-28", "rva-29", "rva-30", "rva-31", "rva-32",
            "rva-33", "rva-34", "rva-35", "rva-36", "rva-37", "rva-38", "rva-39", "rva-40",
            "rva-41", "rva-42", "rva-43", "rva-44",
        ];
        v.extend(IDS.iter().map(|id| (3, *id)));
        v
    }

    #[test]
    fn a_2_a_legal_o8d_deck_reads_with_its_first_character_as_the_starting_one() {
        let db = core();
        let text = o8d(&ryu_main(), &[]);
        let file = read("mine", &text, &db).unwrap();
        assert_eq!(file.deck.character, "rva-23");
        assert_eq!(file.character_line, 4);
        assert_eq!(file.deck.cards.len(), 61);
        assert_eq!(check(&file, &db, true), vec![]);
    }

    #[test]
    fn a_2_1_fewer_than_60_cards_is_refused() {
        let db = core();
        let mut main = ryu_main();
        main.truncate(10);
        let file = read("mine", &o8d(&main, &[]), &db).unwrap();
        let problems = check(&file, &db, true);
        assert_eq!(problems.len(), 1, "{problems:?}");
        assert!(problems[0].message.starts_with("A.2.1"), "{problems:?}");
    }

    #[test]
    fn a_2_2_five_copies_counting_the_sideboard_is_refused_at_its_line() {
        let db = core();
        let text = o8d(&ryu_main(), &[(2, "rva-30")]);
        let file = read("mine", &text, &db).unwrap();
        let problems = check(&file, &db, true);
        assert_eq!(problems.len(), 1, "{problems:?}");
        assert!(problems[0].message.starts_with("A.2.2"), "{problems:?}");
        let line = text.lines().position(|l| l.contains("qty=\"2\"")).unwrap() + 1;
        assert_eq!(problems[0].line, line);
    }

    #[test]
    fn k_3_2_copies_are_cards_of_one_card_name_and_a_characters_includes_its_version() {
        let db = core();
        // Five Ryus, but one version 6 and four version 7: not copies of each other
        // (K.3.2's note), so no card name has more than 4.
        let mut main = ryu_main();
        main[1] = (4, "rva-24");
        let file = read("mine", &o8d(&main, &[]), &db).unwrap();
        assert_eq!(check(&file, &db, true), vec![]);
        // A fifth version 7 is a fifth copy of that card.
        let file = read("mine", &o8d(&main, &[(1, "rva-24")]), &db).unwrap();
        let problems = check(&file, &db, true);
        assert_eq!(problems.len(), 1, "{problems:?}");
        assert!(problems[0].message.starts_with("A.2.2"), "{problems:?}");
    }

    #[test]
    fn a_text_deck_count_that_would_wrap_is_refused_at_its_line_not_a_panic() {
        let db = core();
        let text = format!("character rva-23\n3 rva-24\n{} rva-25\n", usize::MAX);
        let e = read("mine", &text, &db).unwrap_err();
        assert_eq!(e.line, 3, "{e:?}");
        assert!(e.message.contains("more than 500 cards"), "{e:?}");
        let text = o8d(&ryu_main(), &[]).replace("qty=\"3\"", &format!("qty=\"{}\"", u32::MAX));
        let e = read("mine", &text, &db).unwrap_err();
        assert!(e.message.contains("more than 500 cards"), "{e:?}");
    }

    #[test]
    fn a_byte_order_mark_before_either_format_is_ignored() {
        let db = core();
        let file = read("mine", "\u{feff}character rva-23\n3 rva-25\n", &db).unwrap();
        assert_eq!(file.deck.character, "rva-23");
        assert_eq!(file.character_line, 1);
        let file = read("mine", &format!("\u{feff}{}", o8d(&ryu_main(), &[])), &db).unwrap();
        assert_eq!(file.deck.character, "rva-23");
    }

    #[test]
    fn an_unknown_card_and_a_deck_without_character_are_refused() {
        let db = core();
        let text = o8d(&ryu_main(), &[]).replace(
            db.def(db.by_id("rva-30").unwrap()).guid.as_deref().unwrap(),
            "nope",
        );
        let e = read("mine", &text, &db).unwrap_err();
        assert!(e.message.contains("not in the card pool"), "{e:?}");
        assert!(e.line > 0);
        let e = read("mine", &o8d(&ryu_main()[2..], &[]), &db).unwrap_err();
        assert!(e.message.contains("E.1.1"), "{e:?}");
    }

    #[test]
    fn our_text_format_names_the_line_of_an_unknown_card() {
        let db = core();
        let e = read("mine", "character rva-23\n3 rva-30\n3 rva-99\n", &db).unwrap_err();
        assert_eq!(e.line, 3);
        let file = read("mine", "character rva-30\n3 rva-31\n", &db).unwrap();
        let problems = check(&file, &db, true);
        assert!(
            problems
                .iter()
                .any(|p| p.line == 1 && p.message.contains("E.1.1")),
            "{problems:?}"
        );
    }
}
