//! OCTGN's UFS data: set files (`sets/*.xml`, one `<card>` per card with its
//! `<property>`s, named by the game's `definition.xml`) and deck files (`.o8d`). The
//! facts are read here; what the printed text says is never kept (abilities are
//! written in our card language, see `cardfile.rs`).

use crate::model::*;
use quick_xml::events::{BytesStart, Event};
use quick_xml::Reader;
use std::collections::BTreeMap;

/// The most cards one set or deck file may hold (the largest OCTGN set has under 200).
pub const MAX_CARDS: usize = 2_000;

/// An error with the line it was found on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct XmlError {
    pub line: usize,
    pub message: String,
}

/// One `<card>` of a set file, as written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SetCard {
    /// OCTGN's id for the card (a GUID), which deck files name.
    pub guid: String,
    /// The name attribute, with OCTGN's version marks (`Akuma::`, `Siegfried*`).
    pub name: String,
    pub line: usize,
    pub properties: BTreeMap<String, String>,
}

/// A set file's name and cards.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SetFile {
    pub name: String,
    pub cards: Vec<SetCard>,
}

/// Line numbers for byte positions met in increasing order (counted once through the
/// text, so a large file costs one pass, not one per card).
struct Lines<'t> {
    text: &'t str,
    pos: usize,
    line: usize,
}

impl<'t> Lines<'t> {
    fn new(text: &'t str) -> Self {
        Lines {
            text,
            pos: 0,
            line: 1,
        }
    }

    fn at(&mut self, pos: usize) -> usize {
        let pos = pos.min(self.text.len());
        if pos < self.pos {
            self.pos = 0;
            self.line = 1;
        }
        self.line += self.text.as_bytes()[self.pos..pos]
            .iter()
            .filter(|&&b| b == b'\n')
            .count();
        self.pos = pos;
        self.line
    }
}

/// The next XML event and the line it starts on.
fn next_event<'a>(
    reader: &mut Reader<&'a [u8]>,
    lines: &mut Lines<'_>,
) -> Result<(usize, Event<'a>), XmlError> {
    let pos = reader.buffer_position() as usize;
    match reader.read_event() {
        Ok(event) => Ok((lines.at(pos), event)),
        Err(err) => Err(XmlError {
            line: lines.at(reader.error_position() as usize),
            message: format!("not well-formed XML: {err}"),
        }),
    }
}

fn attributes(e: &BytesStart<'_>, line: usize) -> Result<BTreeMap<String, String>, XmlError> {
    let mut out = BTreeMap::new();
    for a in e.attributes() {
        let a = a.map_err(|err| XmlError {
            line,
            message: format!("bad attribute: {err}"),
        })?;
        let key = String::from_utf8_lossy(a.key.as_ref()).into_owned();
        let value = a
            .unescape_value()
            .map_err(|err| XmlError {
                line,
                message: format!("bad attribute value: {err}"),
            })?
            .into_owned();
        out.insert(key, value);
    }
    Ok(out)
}

/// Reads an OCTGN set file.
pub fn read_set(text: &str) -> Result<SetFile, XmlError> {
    let text = text.trim_start_matches('\u{feff}');
    let mut reader = Reader::from_str(text);
    let mut lines = Lines::new(text);
    let mut set = SetFile {
        name: String::new(),
        cards: Vec::new(),
    };
    let mut current: Option<SetCard> = None;
    loop {
        let (line, event) = next_event(&mut reader, &mut lines)?;
        match event {
            Event::Start(e) | Event::Empty(e) => {
                let name = e.name();
                let attrs = attributes(&e, line)?;
                match name.as_ref() {
                    b"set" => set.name = attrs.get("name").cloned().unwrap_or_default(),
                    b"card" => {
                        if let Some(card) = current.take() {
                            set.cards.push(card);
                        }
                        if set.cards.len() >= MAX_CARDS {
                            return Err(XmlError {
                                line,
                                message: format!("more than {MAX_CARDS} cards in one file"),
                            });
                        }
                        let guid = attrs.get("id").cloned().ok_or(XmlError {
                            line,
                            message: "a <card> without an id".into(),
                        })?;
                        let card_name = attrs.get("name").cloned().ok_or(XmlError {
                            line,
                            message: "a <card> without a name".into(),
                        })?;
                        current = Some(SetCard {
                            guid,
                            name: card_name,
                            line,
                            properties: BTreeMap::new(),
                        });
                    }
                    b"property" => {
                        if let (Some(card), Some(k)) = (current.as_mut(), attrs.get("name")) {
                            let v = attrs.get("value").cloned().unwrap_or_default();
                            card.properties.insert(k.clone(), v);
                        }
                    }
                    _ => {}
                }
            }
            Event::End(e) if e.name().as_ref() == b"card" => {
                if let Some(card) = current.take() {
                    set.cards.push(card);
                }
            }
            Event::Eof => break,
            _ => {}
        }
    }
    if let Some(card) = current.take() {
        set.cards.push(card);
    }
    if set.cards.is_empty() {
        // Empty, or another kind of file: importing it would write an empty card file
        // and say it went well.
        return Err(XmlError {
            line: 1,
            message: "no <card> in this file: an OCTGN set file (sets/NAME.xml) is a <set> of <card id=\"..\" name=\"..\"> elements".into(),
        });
    }
    Ok(set)
}

/// A character's version from OCTGN's marks around its name (B.6.1.1.2: the number of
/// dots beside the name; bullets written on each side count once): each `*`, `.`, `·`
/// or `•` after the name is one dot, each `:` two. Returns the name without its marks.
pub fn split_version(name: &str) -> (String, u8) {
    const MARKS: [char; 6] = ['*', '.', ':', '·', '•', ' '];
    let base = name.trim_end_matches(MARKS);
    let marks = &name[base.len()..];
    let version = marks
        .chars()
        .map(|c| match c {
            '*' | '.' | '·' | '•' => 1u8,
            ':' => 2,
            _ => 0,
        })
        .fold(0u8, u8::saturating_add);
    let base = base.trim_start_matches(['·', '•', ' ']);
    (base.trim().to_string(), version)
}

fn number(card: &SetCard, key: &str) -> Result<Option<u8>, String> {
    let raw = card.properties.get(key).map(|s| s.trim()).unwrap_or("");
    if raw.is_empty() || raw == "-" {
        return Ok(None);
    }
    raw.parse::<u8>()
        .map(Some)
        .map_err(|_| format!("{key} {raw:?} is not a number from 0 to 255"))
}

fn signed(card: &SetCard, key: &str) -> Result<Option<i8>, String> {
    let raw = card.properties.get(key).map(|s| s.trim()).unwrap_or("");
    if raw.is_empty() || raw == "-" {
        return Ok(None);
    }
    raw.trim_start_matches('+')
        .parse::<i8>()
        .map(Some)
        .map_err(|_| format!("{key} {raw:?} is not a number from -128 to 127"))
}

/// The keyword line (B.6.5.1, I): keywords are separated by " - " (or, in some older
/// files, only by spaces); a rating follows a colon ("Powerful: 2").
pub fn parse_keywords(line: &str) -> Result<Vec<Keyword>, String> {
    // A keyword line is a few words; each keyword searches the words after it, so a
    // line of a million words would take hours (and ratings are looked for word by word).
    let words = line.split_whitespace().count();
    if words > MAX_KEYWORD_WORDS {
        return Err(format!(
            "a keyword line of {words} words: a card's keywords are at most {MAX_KEYWORD_WORDS} words; is this property another one?"
        ));
    }
    let mut out = Vec::new();
    for part in line.split(" - ") {
        let part = part.trim();
        if part.is_empty() {
            continue;
        }
        // "Powerful:2" is "Powerful: 2" without its space.
        let mut words: Vec<&str> = part
            .split_whitespace()
            .flat_map(|w| match w.find(':') {
                Some(i) if i + 1 < w.len() => vec![&w[..=i], &w[i + 1..]],
                _ => vec![w],
            })
            .collect();
        while !words.is_empty() {
            let (k, used) = keyword_at(&words)?;
            out.push(k);
            words.drain(..used);
        }
    }
    Ok(out)
}

/// The most words a keyword line may have (the longest printed one has about 20).
pub const MAX_KEYWORD_WORDS: usize = 256;

/// The rating from `words[at]` on, skipping words that are only colons, and how many
/// words it took.
fn rating(words: &[&str], at: usize) -> Option<(u8, usize)> {
    let (skipped, w) = words
        .get(at..)?
        .iter()
        .map(|w| w.trim_start_matches(':').trim())
        .enumerate()
        .find(|(_, w)| !w.is_empty())?;
    w.parse::<u8>().ok().map(|n| (n, skipped + 1))
}

/// One keyword from the front of `words`, and how many words it took.
fn keyword_at(words: &[&str]) -> Result<(Keyword, usize), String> {
    let first = words[0].trim_end_matches(':');
    let rated = |make: fn(u8) -> Keyword| -> Result<(Keyword, usize), String> {
        match rating(words, 1) {
            Some((n, used)) => Ok((make(n), 1 + used)),
            None => Err(format!("{first} needs a rating (\"{first}: 2\")")),
        }
    };
    let plain = |k: Keyword| Ok((k, 1));
    match first.to_ascii_lowercase().as_str() {
        "ally" => plain(Keyword::Ally),
        "charge" => plain(Keyword::Charge),
        "fury" => plain(Keyword::Fury),
        "kick" => plain(Keyword::Kick),
        "punch" => plain(Keyword::Punch),
        "ranged" => plain(Keyword::Ranged),
        "slam" => plain(Keyword::Slam),
        "taunt" => plain(Keyword::Taunt),
        "tech" => plain(Keyword::Tech),
        "weapon" => plain(Keyword::Weapon),
        "flash" => plain(Keyword::Flash),
        "reversal" => plain(Keyword::Reversal),
        "safe" => plain(Keyword::Safe),
        "terrain" => plain(Keyword::Terrain),
        "throw" => plain(Keyword::Throw),
        "unique" => plain(Keyword::Unique),
        "breaker" => rated(Keyword::Breaker),
        "desperation" => rated(Keyword::Desperation),
        "ex" => rated(Keyword::Ex),
        "gauge" => rated(Keyword::Gauge),
        "multiple" => rated(Keyword::Multiple),
        "powerful" => rated(Keyword::Powerful),
        "stun" => rated(Keyword::Stun),
        // I.3.3.1: "Combo (requirement(s))"; "Combo(Attack)" is the same without its
        // space. The keyword ends at the closing parenthesis (some files follow it with
        // other keywords and no " - ").
        w if w == "combo" || w.starts_with("combo(") => {
            let Some(close) = words.iter().position(|w| w.contains(')')) else {
                return Err("Combo needs its requirements in parentheses (I.3.3.1)".into());
            };
            let joined = words[..=close].join(" ");
            let (Some(open), Some(end)) = (joined.find('('), joined.rfind(')')) else {
                return Err("Combo needs its requirements in parentheses (I.3.3.1)".into());
            };
            if open > end
                || !joined[end + 1..].trim().is_empty()
                || joined[..open].trim().len() != 5
            {
                return Err(format!("Combo {:?}: not \"Combo (requirements)\"", joined));
            }
            let reqs = ComboReq::parse_list(&joined[open + 1..end])?;
            Ok((Keyword::Combo(reqs), close + 1))
        }
        _ => {
            // "[Name] Only" and "[Name] Reversal" take the words before them.
            if let Some(i) = words.iter().position(|w| w.eq_ignore_ascii_case("only")) {
                return Ok((Keyword::Only(words[..i].join(" ")), i + 1));
            }
            if let Some(i) = words
                .iter()
                .position(|w| w.eq_ignore_ascii_case("reversal"))
            {
                return Ok((Keyword::ReversalOnly(words[..i].join(" ")), i + 1));
            }
            plain(Keyword::Other(first.to_string()))
        }
    }
}

/// The printed facts of one set card as a definition without abilities: `id` is ours.
/// Errors say which property is wrong.
pub fn facts(card: &SetCard, id: &str) -> Result<CardDef, String> {
    let get = |k: &str| card.properties.get(k).map(|s| s.trim()).unwrap_or("");
    let difficulty = number(card, "Difficulty")?.unwrap_or(0);
    let control = number(card, "Control")?.unwrap_or(0);
    let attack = || -> Result<Kind, String> {
        Ok(Kind::Attack {
            // A missing attack zone is read as mid (C.3.3: a null base attack zone
            // becomes mid).
            zone: Zone::from_name(get("Attack Zone")).unwrap_or(Zone::Mid),
            speed: number(card, "Speed")?.unwrap_or(0),
            damage: number(card, "Damage")?.unwrap_or(0),
        })
    };
    let kind = match get("Type").to_ascii_lowercase().as_str() {
        "character" => {
            let (_, version) = split_version(&card.name);
            Kind::Character {
                version,
                hand_size: number(card, "Hand Size")?.ok_or("a character needs a Hand Size")?,
                vitality: number(card, "Vitality")?.ok_or("a character needs a Vitality")?,
            }
        }
        "attack" => attack()?,
        "action" => Kind::Action,
        "asset" => Kind::Asset,
        "foundation" => Kind::Foundation,
        other => return Err(format!("unknown card type {other:?}")),
    };
    let block = match (get("Block Zone"), signed(card, "Block Modifier")?) {
        ("", _) => None,
        (z, m) => {
            let zone = Zone::from_name(z).ok_or(format!("unknown block zone {z:?}"))?;
            Some((zone, m.unwrap_or(0)))
        }
    };
    let mut symbols = Symbols::NONE;
    for word in get("Resources").split_whitespace() {
        if word.eq_ignore_ascii_case("infinity") {
            symbols = Symbols::INFINITY;
        } else if word == "-" {
        } else {
            let s = Symbol::from_name(word).ok_or(format!("unknown resource symbol {word:?}"))?;
            symbols = symbols.with(s);
        }
    }
    let keywords = parse_keywords(get("Keywords"))?;
    let name = if matches!(kind, Kind::Character { .. }) {
        split_version(&card.name).0
    } else {
        card.name.trim().to_string()
    };
    // Ruling UFS-31: a split card's other half. OCTGN gives its difficulty, text and
    // keywords; the half is an attack with the printed attack values when the card is
    // not an attack and has them, and an action otherwise. One half must be an action
    // (which half a form plays is then clear).
    let has_attack_values = !get("Speed").is_empty() || !get("Damage").is_empty();
    let split = match number(card, "Split Difficulty")? {
        None => None,
        Some(split_difficulty) => Some(Box::new(CardDef {
            id: format!("{id}-split"),
            guid: None,
            name: name.clone(),
            kind: match kind {
                Kind::Action if has_attack_values => attack()?,
                Kind::Attack { .. } => Kind::Action,
                _ => {
                    return Err(format!(
                        "a split {} whose other half is not an action is not implemented yet (ruling UFS-31)",
                        kind.type_name()
                    ))
                }
            },
            difficulty: split_difficulty,
            control,
            block,
            symbols,
            keywords: parse_keywords(get("Split Keywords"))?,
            abilities: Vec::new(),
            missing: None,
            split: None,
        })),
    };
    Ok(CardDef {
        id: id.to_string(),
        guid: Some(card.guid.clone()),
        name,
        kind,
        difficulty,
        control,
        block,
        symbols,
        keywords,
        abilities: Vec::new(),
        missing: None,
        split,
    })
}

/// One line of an `.o8d` deck file: how many copies of which card.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DeckLine {
    pub section: String,
    pub qty: u32,
    pub guid: String,
    pub name: String,
    pub line: usize,
}

/// Reads an OCTGN deck file (`<deck><section name=".."><card qty=".." id="..">Name</card>`).
pub fn read_deck(text: &str) -> Result<Vec<DeckLine>, XmlError> {
    let text = text.trim_start_matches('\u{feff}');
    let mut reader = Reader::from_str(text);
    let mut lines = Lines::new(text);
    let mut out = Vec::new();
    let mut section = String::new();
    let mut open: Option<DeckLine> = None;
    loop {
        let (line, event) = next_event(&mut reader, &mut lines)?;
        match event {
            Event::Start(e) | Event::Empty(e) => {
                let attrs = attributes(&e, line)?;
                match e.name().as_ref() {
                    b"section" => section = attrs.get("name").cloned().unwrap_or_default(),
                    b"card" => {
                        if out.len() >= MAX_CARDS {
                            return Err(XmlError {
                                line,
                                message: format!("more than {MAX_CARDS} card lines"),
                            });
                        }
                        let qty = attrs.get("qty").map(String::as_str).unwrap_or("1");
                        let qty = qty.trim().parse::<u32>().map_err(|_| XmlError {
                            line,
                            message: format!("qty {qty:?} is not a number"),
                        })?;
                        let guid = attrs.get("id").cloned().ok_or(XmlError {
                            line,
                            message: "a <card> without an id".into(),
                        })?;
                        open = Some(DeckLine {
                            section: section.clone(),
                            qty,
                            guid,
                            name: String::new(),
                            line,
                        });
                    }
                    _ => {}
                }
            }
            Event::Text(t) => {
                if let Some(d) = open.as_mut() {
                    d.name.push_str(&t.unescape().unwrap_or_default());
                }
            }
            Event::End(e) if e.name().as_ref() == b"card" => {
                if let Some(mut d) = open.take() {
                    d.name = d.name.trim().to_string();
                    out.push(d);
                }
            }
            Event::Eof => break,
            _ => {}
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn b_6_1_1_2_the_version_is_the_number_of_dots() {
        assert_eq!(split_version("Siegfried*"), ("Siegfried".into(), 1));
        assert_eq!(split_version("Siegfried**"), ("Siegfried".into(), 2));
        assert_eq!(split_version("Akuma::."), ("Akuma".into(), 5));
        assert_eq!(split_version("Ryu:::"), ("Ryu".into(), 6));
        assert_eq!(split_version("·Fei Long·"), ("Fei Long".into(), 1));
        assert_eq!(split_version("E. Honda*"), ("E. Honda".into(), 1));
    }

    #[test]
    fn a_set_file_without_cards_is_refused_not_imported_as_nothing() {
        for text in ["", "hello world", "<set name=\"S\"><cards></cards></set>"] {
            let e = read_set(text).unwrap_err();
            assert_eq!(e.line, 1);
            assert!(e.message.starts_with("no <card> in this file"), "{e:?}");
        }
    }

    #[test]
    fn a_keyword_line_of_a_million_words_is_refused_not_a_stack_overflow_or_a_hang() {
        // A million colons after "Powerful" overflowed the stack looking for the rating;
        // a million "Ally" took hours, each keyword shifting the rest of the line.
        let colons = format!("Powerful {}", vec![":"; 1_000_000].join(" "));
        let e = parse_keywords(&colons).unwrap_err();
        assert!(e.contains("at most 256 words"), "{e}");
        let allies = vec!["Ally"; 1_000_000].join(" ");
        assert!(parse_keywords(&allies).is_err());
        // Colons before a rating are still skipped, up to the limit.
        let line = format!("Powerful {} 3", vec![":"; 200].join(" "));
        assert_eq!(parse_keywords(&line).unwrap(), vec![Keyword::Powerful(3)]);
        assert_eq!(
            parse_keywords("Powerful : : 2 - Ally").unwrap(),
            vec![Keyword::Powerful(2), Keyword::Ally]
        );
    }

    #[test]
    fn keyword_lines_with_ratings_and_names() {
        assert_eq!(
            parse_keywords("Powerful: 2 - Punch").unwrap(),
            vec![Keyword::Powerful(2), Keyword::Punch]
        );
        assert_eq!(
            parse_keywords("Sophitia Only - Unique - Weapon").unwrap(),
            vec![
                Keyword::Only("Sophitia".into()),
                Keyword::Unique,
                Keyword::Weapon
            ]
        );
        assert_eq!(
            parse_keywords("Siegfried Reversal - Weapon").unwrap(),
            vec![Keyword::ReversalOnly("Siegfried".into()), Keyword::Weapon]
        );
        assert_eq!(
            parse_keywords("Unique Weapon").unwrap(),
            vec![Keyword::Unique, Keyword::Weapon]
        );
        assert!(parse_keywords("Powerful").is_err());
        assert_eq!(
            parse_keywords("Desperation:2 - Powerful:2 - Punch").unwrap(),
            vec![
                Keyword::Desperation(2),
                Keyword::Powerful(2),
                Keyword::Punch
            ]
        );
        let req = |zone, what| ComboReq {
            symbol: None,
            zone,
            what,
        };
        assert_eq!(
            parse_keywords("Combo(Attack) - Kick").unwrap(),
            vec![
                Keyword::Combo(vec![req(None, ComboWhat::Attack)]),
                Keyword::Kick
            ]
        );
        assert_eq!(
            parse_keywords("Combo (Mid Attack, high weapon) Powerful: 3 Slam").unwrap(),
            vec![
                Keyword::Combo(vec![
                    req(Some(Zone::Mid), ComboWhat::Attack),
                    req(Some(Zone::High), ComboWhat::Trait(ComboTrait::Weapon))
                ]),
                Keyword::Powerful(3),
                Keyword::Slam
            ]
        );
        assert_eq!(
            parse_keywords("Combo (2 Damage) - Combo ([Fire] Block)").unwrap_err(),
            "the Combo requirement \"[Fire] Block\" is not one the engine reads"
        );
        assert!(parse_keywords("Combo (Mid Attack").is_err());
        assert!(parse_keywords("Combo (Sweep)").is_err());
        assert!(parse_keywords("Combo ([All] Ranged)").is_err());
        assert!(parse_keywords("Combo ()").is_err());
    }

    #[test]
    fn a_deck_file_lists_quantities_and_ids() {
        let deck = r#"<?xml version="1.0" encoding="utf-8" standalone="yes"?>
<deck game="b74079e6-4dc7-4f0f-9025-b4e444555265">
  <section name="Character">
    <card qty="1" id="aaaa">Ryu</card>
  </section>
  <section name="Main">
    <card qty="4" id="bbbb">Block</card>
  </section>
</deck>"#;
        let lines = read_deck(deck).unwrap();
        assert_eq!(lines.len(), 2);
        assert_eq!(lines[1].qty, 4);
        assert_eq!(lines[1].guid, "bbbb");
        assert_eq!(lines[1].name, "Block");
        assert_eq!(lines[1].line, 7);
        assert!(read_deck("<deck><card qty=\"x\" id=\"a\">A</card></deck>").is_err());
    }
}
