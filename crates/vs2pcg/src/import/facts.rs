//! A card's facts from its OCTGN properties: its number (as our id), name, kind, cost,
//! ATK, DEF, health, teams, flight and range. Printed text is read elsewhere
//! (`powers.rs`, `phrase.rs`); the facts a kind takes from it (a plot twist's timing, a
//! location's symbols) are added when the card form is written (`mod.rs`).

use super::xml::XmlCard;
use crate::words::TEAMS;

/// The longest name, number or team read, in characters.
pub const MAX_FACT_CHARS: usize = 100;
/// The longest id written.
const MAX_ID_CHARS: usize = 40;

/// The kinds of card the engine plays.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Kind {
    Main(u8),
    Supporting,
    PlotTwist,
    Equipment,
    Location,
    SpecialLocation,
}

impl Kind {
    pub fn is_character(self) -> bool {
        matches!(self, Kind::Main(_) | Kind::Supporting)
    }
}

/// The facts of one card.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Facts {
    /// The card number as written ("AEW-001"), cleaned.
    pub number: String,
    pub name: String,
    pub kind: Kind,
    /// A supporting character's or equipment's cost.
    pub cost: Option<u8>,
    pub atk: u8,
    pub def: u8,
    pub health: u8,
    /// The teams, as card-file words.
    pub teams: Vec<&'static str>,
    pub flight: bool,
    pub ranged: bool,
}

/// White space collapsed, control characters gone.
pub fn clean(s: &str) -> String {
    s.split(|c: char| c.is_whitespace() || c.is_control())
        .filter(|w| !w.is_empty())
        .collect::<Vec<_>>()
        .join(" ")
}

/// A value quoted in a reason: short, one line.
pub fn shown(s: &str) -> String {
    let c = clean(s);
    let mut out: String = c.chars().take(24).collect();
    if c.chars().count() > 24 {
        out.push('…');
    }
    format!("\"{out}\"")
}

/// The team words, by the names the set files print (any case).
pub fn team_word(name: &str) -> Option<&'static str> {
    let n = clean(name).to_ascii_lowercase();
    let n = match n.as_str() {
        "xmen" | "x men" => "x-men",
        "supervillains" => "villains",
        "the company" => "company",
        "guardians of the galaxy" => "guardians",
        other => other,
    };
    let t = TEAMS.iter().find(|(_, t)| t.name().eq_ignore_ascii_case(n));
    let t = t.or_else(|| TEAMS.iter().find(|(w, _)| *w == n.replace(' ', "-")));
    t.map(|(w, _)| *w)
}

fn fact(card: &XmlCard, key: &str, what: &str) -> Result<String, String> {
    let v = clean(card.get(key));
    if v.chars().count() > MAX_FACT_CHARS {
        return Err(format!("{what} longer than {MAX_FACT_CHARS} characters"));
    }
    Ok(v)
}

/// A number from `lo` to 99, or none when the property is empty.
fn stat(card: &XmlCard, key: &str, what: &str, lo: i64) -> Result<Option<u8>, String> {
    let v = card.get(key);
    if v.is_empty() {
        return Ok(None);
    }
    match v.parse::<i64>() {
        Ok(n) if (lo..=99).contains(&n) => Ok(Some(n as u8)),
        Ok(n) => Err(format!("{what} {n} is out of range ({lo} to 99)")),
        Err(_) => Err(format!("{what} {} is not a number", shown(v))),
    }
}

fn needed(card: &XmlCard, key: &str, what: &str, lo: i64) -> Result<u8, String> {
    stat(card, key, what, lo)?.ok_or_else(|| format!("no {what}"))
}

fn flag(card: &XmlCard, key: &str) -> Result<bool, String> {
    match card.get(key).to_ascii_lowercase().as_str() {
        "" | "0" | "no" | "false" => Ok(false),
        "1" | "yes" | "true" => Ok(true),
        other => Err(format!("{key} {} is not 1 or 0", shown(other))),
    }
}

fn kind(card: &XmlCard) -> Result<Kind, String> {
    let t = clean(card.get("Type")).to_ascii_lowercase();
    Ok(match t.as_str() {
        "" => return Err("no type".into()),
        "l1 main character" => Kind::Main(1),
        "l2 main character" => Kind::Main(2),
        "l3 main character" => Kind::Main(3),
        "supporting character" => Kind::Supporting,
        "plot twist" => Kind::PlotTwist,
        "basic location" | "location" => Kind::Location,
        "special location" => Kind::SpecialLocation,
        t if t == "equipment" || t.starts_with("equipment -") => Kind::Equipment,
        _ => {
            return Err(format!(
                "type {} is not a card the engine plays (L1-L3 main character, supporting character, plot twist, equipment, basic or special location)",
                shown(card.get("Type"))
            ))
        }
    })
}

/// The facts of a card, or why they can't be read.
pub fn facts(card: &XmlCard) -> Result<Facts, String> {
    if let Some(fault) = &card.fault {
        return Err(fault.clone());
    }
    let name = clean(&card.name);
    if name.is_empty() {
        return Err("no name".into());
    }
    if name.chars().count() > MAX_FACT_CHARS {
        return Err(format!("a name longer than {MAX_FACT_CHARS} characters"));
    }
    let number = fact(card, "Card Number", "a card number")?;
    let kind = kind(card)?;
    let mut f = Facts {
        number,
        name,
        kind,
        cost: None,
        atk: 0,
        def: 0,
        health: 0,
        teams: Vec::new(),
        flight: false,
        ranged: false,
    };
    for t in fact(card, "Teams", "the teams")?.split(',') {
        let t = t.trim();
        if t.is_empty() {
            continue;
        }
        let w = team_word(t).ok_or_else(|| format!("unknown team {}", shown(t)))?;
        if !f.teams.contains(&w) {
            f.teams.push(w);
        }
    }
    if f.kind.is_character() {
        f.atk = needed(card, "ATK", "ATK", 0)?;
        f.def = needed(card, "DEF", "DEF", 0)?;
        f.health = needed(card, "Health", "health", 1)?;
        f.flight = flag(card, "Flight")?;
        f.ranged = flag(card, "Range")?;
    } else if f.teams.len() > 1 {
        return Err(format!(
            "{} teams on a card that isn't a character (the card language gives it one)",
            f.teams.len()
        ));
    }
    match f.kind {
        Kind::Supporting => f.cost = Some(needed(card, "Cost", "cost", 0)?),
        Kind::Equipment => f.cost = Some(needed(card, "Cost", "cost", 0)?),
        _ => {}
    }
    Ok(f)
}

/// The card number reduced to an id the card file reads (`aew-001`): letters, digits
/// and single hyphens, with a hyphen somewhere; else made from `prefix` and `index`.
pub fn id_word(number: &str, prefix: &str, index: usize) -> String {
    let mut out = String::new();
    for c in number.chars() {
        if c.is_ascii_alphanumeric() {
            out.push(c.to_ascii_lowercase());
        } else if !out.is_empty() && !out.ends_with('-') {
            out.push('-');
        }
    }
    let out: String = out
        .trim_end_matches('-')
        .chars()
        .take(MAX_ID_CHARS)
        .collect();
    let out = out.trim_end_matches('-').to_string();
    if out.contains('-') {
        out
    } else if out.is_empty() {
        format!("{prefix}-{index:03}")
    } else {
        format!("{prefix}-{out}")
    }
}

/// A string in card-file quotes.
pub fn quoted(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if c.is_control() => out.push(' '),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeMap;

    fn card(props: &[(&str, &str)]) -> XmlCard {
        XmlCard {
            name: "Test Brawler".into(),
            line: 7,
            properties: props
                .iter()
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .collect::<BTreeMap<_, _>>(),
            fault: None,
        }
    }

    #[test]
    fn a_supporting_character_s_facts() {
        let f = facts(&card(&[
            ("Card Number", "TST-004"),
            ("Type", "Supporting Character"),
            ("Cost", "3"),
            ("ATK", "4"),
            ("DEF", "2"),
            ("Health", "1"),
            ("Flight", "1"),
            ("Range", "0"),
            ("Teams", "Heels, the seven"),
        ]))
        .unwrap();
        assert_eq!(f.kind, Kind::Supporting);
        assert_eq!((f.cost, f.atk, f.def, f.health), (Some(3), 4, 2, 1));
        assert!(f.flight && !f.ranged);
        assert_eq!(f.teams, ["heels", "the-seven"]);
    }

    #[test]
    fn facts_that_cant_be_read_are_refused_with_the_reason() {
        let base = [
            ("Type", "Supporting Character"),
            ("Cost", "3"),
            ("ATK", "4"),
            ("DEF", "2"),
            ("Health", "1"),
        ];
        let with = |k: &str, v: &str| {
            let mut p: Vec<(&str, &str)> = base.iter().filter(|(x, _)| *x != k).copied().collect();
            p.push((k, v));
            facts(&card(&p)).unwrap_err()
        };
        assert_eq!(with("ATK", "2\""), "ATK \"2\"\" is not a number");
        assert_eq!(with("Health", "*"), "health \"*\" is not a number");
        assert_eq!(with("Health", "0"), "health 0 is out of range (1 to 99)");
        assert_eq!(with("Cost", ""), "no cost");
        assert_eq!(with("Teams", "Nobody"), "unknown team \"Nobody\"");
        assert!(with("Type", "Boss Battle").starts_with("type \"Boss Battle\" is not"));
        assert_eq!(with("Flight", "maybe"), "Flight \"maybe\" is not 1 or 0");
        let mut c = card(&base);
        c.fault = Some("line 9: bad".into());
        assert_eq!(facts(&c).unwrap_err(), "line 9: bad");
    }

    #[test]
    fn ids_are_card_numbers_as_words() {
        assert_eq!(id_word("TST-001", "x", 1), "tst-001");
        assert_eq!(id_word(" TST 01b ", "x", 1), "tst-01b");
        assert_eq!(id_word("", "tst", 4), "tst-004");
        assert_eq!(id_word("17", "tst", 4), "tst-17");
        assert_eq!(quoted("a \"b\"\\"), "\"a \\\"b\\\"\\\\\"");
    }
}
