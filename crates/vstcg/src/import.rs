//! `crossover cards import vstcg FILE`: a collection export (CSV or JSON, the layout
//! of the community collection scrapers) → our card file.
//!
//! Both formats carry the columns (CSV, with a header row) or keys (JSON, an array of
//! objects) `card_number, name, version, type, cost, atk, def, flight, range,
//! affiliation, text`; other columns are ignored. Every card whose facts can be read is
//! written; its text is compiled by our grammar of printed phrasing (`phrase.rs`). A
//! card is taken *whole* when its facts and every sentence of its text compile; *in
//! part* (facts and keywords, the text left out, a `;` comment naming why) otherwise;
//! *refused* when its facts can't be read. Each card's forms are checked with our card
//! compiler before they are written (a compiled text it refuses leaves the card in
//! part), and the written file is read back with it. The printed text itself is never
//! written out: only our compiled forms.
//!
//! Facts: the id is the card number, reduced to a word (`MOR-001`), made unique
//! (`-2`, `-3`…), or made from the name when there is none. A character's empty cost
//! is "costless" (203.4d); `?` or `unknown` is a cost no source gives (`(cost
//! unknown)`). Locations and plot twists take their threshold from `cost` (or a
//! `threshold` column). Empty ATK, DEF or threshold are unknown stats (`(unknown ...)`),
//! which scenarios accept and deck checks refuse. Flight and range are `1/0`,
//! `true/false`, `yes/no`, `y/n` (empty: no). The affiliation is one name or two
//! separated by `/`.

use crate::db::CardPool;
use crate::phrase::{self, CardFacts, Kind};
use crossover_diag::Diagnostic;
use crossover_platform::{Error, ImportReport};
use std::collections::{BTreeMap, HashSet};
use std::path::{Path, PathBuf};

/// The largest collection file read.
pub const MAX_FILE_BYTES: u64 = 16 * 1024 * 1024;
/// The most cards a collection file may hold (as many as a card pool holds).
pub const MAX_CARDS: usize = crate::db::MAX_CARDS;
/// The longest name, version, card number or affiliation read, in characters.
pub const MAX_FACT_CHARS: usize = 100;
/// The most columns a CSV header may have.
pub const MAX_COLUMNS: usize = 64;
/// The longest id written.
const MAX_ID_CHARS: usize = 40;

/// The columns read, by their names in the export.
pub const COLUMNS: [&str; 11] = [
    "card_number",
    "name",
    "version",
    "type",
    "cost",
    "atk",
    "def",
    "flight",
    "range",
    "affiliation",
    "text",
];

/// A malformed file: where (1-based line, and column when known) and what.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReadError {
    pub line: usize,
    pub col: Option<usize>,
    pub message: String,
}

fn read_err<T>(line: usize, message: impl Into<String>) -> Result<T, ReadError> {
    Err(ReadError {
        line,
        col: None,
        message: message.into(),
    })
}

/// One card of the export: its line and its fields by column (`threshold` too, when
/// the export has it), as text.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Row {
    pub line: usize,
    pub fields: BTreeMap<&'static str, String>,
    /// A field that isn't text, a number or true/false (JSON), if any.
    pub bad: Option<String>,
}

impl Row {
    fn get(&self, key: &str) -> &str {
        self.fields.get(key).map_or("", |s| s.trim())
    }
}

/// The two formats read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    Csv,
    Json,
}

impl Format {
    /// By the file's extension, else by its first character (`[` is JSON).
    pub fn of(path: &Path, text: &str) -> Format {
        match path
            .extension()
            .map(|e| e.to_string_lossy().to_ascii_lowercase())
            .as_deref()
        {
            Some("json") => Format::Json,
            Some("csv") => Format::Csv,
            _ if text.trim_start().starts_with('[') => Format::Json,
            _ => Format::Csv,
        }
    }
}

/// The column a header or key names: ours, or a few spellings of them.
fn column(name: &str) -> Option<&'static str> {
    let n: String = name
        .trim()
        .to_ascii_lowercase()
        .chars()
        .map(|c| if c == ' ' || c == '-' { '_' } else { c })
        .collect();
    if let Some(c) = COLUMNS.iter().find(|c| **c == n) {
        return Some(c);
    }
    Some(match n.as_str() {
        "number" | "card_no" | "card_num" | "cardnumber" | "collector_number" | "id" => {
            "card_number"
        }
        "card_name" | "title" => "name",
        "subtitle" => "version",
        "card_type" | "cardtype" | "kind" => "type",
        "attack" => "atk",
        "defense" | "defence" => "def",
        "affiliations" | "team" => "affiliation",
        "card_text" | "rules" | "rules_text" | "ability" | "abilities" => "text",
        "threshold" => "threshold",
        _ => return None,
    })
}

/// Reads a collection file.
pub fn read_collection(text: &str, format: Format) -> Result<Vec<Row>, ReadError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    match format {
        Format::Csv => read_csv(text),
        Format::Json => read_json(text),
    }
}

// ---------------------------------------------------------------------------------
// CSV (RFC 4180: a header row; fields separated by commas; a field in double quotes
// may hold commas, line breaks and doubled quotes; CRLF or LF line ends)

/// The records of a CSV text, each with the line it starts on.
fn csv_records(text: &str) -> Result<Vec<(usize, Vec<String>)>, ReadError> {
    let mut out = Vec::new();
    let mut chars = text.chars().peekable();
    let mut line = 1;
    let mut record: Vec<String> = Vec::new();
    let mut start = 1;
    let mut field = String::new();
    let mut quoted_field = false;
    loop {
        // At the start of a field.
        match chars.peek() {
            Some('"') => {
                chars.next();
                quoted_field = true;
                let opened = line;
                loop {
                    match chars.next() {
                        None => {
                            return read_err(
                                opened,
                                "this quoted field is never closed: add a `\"`",
                            )
                        }
                        Some('"') if chars.peek() == Some(&'"') => {
                            chars.next();
                            field.push('"');
                        }
                        Some('"') => break,
                        Some('\n') => {
                            line += 1;
                            field.push('\n');
                        }
                        Some(c) => field.push(c),
                    }
                }
                match chars.peek() {
                    None | Some(',' | '\n' | '\r') => {}
                    Some(_) => {
                        return read_err(
                            line,
                            "text after a quoted field's closing quote: write a quote inside a quoted field as `\"\"`",
                        )
                    }
                }
            }
            _ => {
                while let Some(&c) = chars.peek() {
                    match c {
                        ',' | '\n' | '\r' => break,
                        '"' => {
                            return read_err(
                                line,
                                "a quote inside a field that doesn't start with one: quote the whole field, and double the quotes inside it",
                            )
                        }
                        c => {
                            field.push(c);
                            chars.next();
                        }
                    }
                }
            }
        }
        record.push(std::mem::take(&mut field));
        match chars.next() {
            Some(',') => {
                if record.len() > MAX_COLUMNS {
                    return read_err(line, format!("more than {MAX_COLUMNS} fields"));
                }
            }
            end => {
                if end == Some('\r') && chars.peek() == Some(&'\n') {
                    chars.next();
                }
                // A blank line is no record.
                let blank = record.len() == 1 && record[0].is_empty() && !quoted_field;
                if !blank {
                    if out.len() > MAX_CARDS {
                        return read_err(
                            start,
                            format!("more than {MAX_CARDS} cards: split the file"),
                        );
                    }
                    out.push((start, std::mem::take(&mut record)));
                }
                record.clear();
                if end.is_none() {
                    return Ok(out);
                }
                line += 1;
                start = line;
            }
        }
        quoted_field = false;
    }
}

fn read_csv(text: &str) -> Result<Vec<Row>, ReadError> {
    let records = csv_records(text)?;
    let Some(((hline, header), rest)) = records.split_first() else {
        return read_err(
            1,
            "the file is empty: a CSV collection starts with a header row naming its columns",
        );
    };
    let mut columns: Vec<Option<&'static str>> = Vec::new();
    for h in header {
        let c = column(h);
        if let Some(c) = c {
            if columns.contains(&Some(c)) {
                return read_err(*hline, format!("two columns are `{c}`"));
            }
        }
        columns.push(c);
    }
    for need in ["name", "type"] {
        if !columns.contains(&Some(need)) {
            return read_err(
                *hline,
                format!(
                    "the header row has no `{need}` column; the columns read are {}",
                    COLUMNS.join(", ")
                ),
            );
        }
    }
    let mut rows = Vec::new();
    for (line, fields) in rest {
        if fields.len() != columns.len() {
            return read_err(
                *line,
                format!(
                    "{} fields, but the header row (line {hline}) has {}",
                    fields.len(),
                    columns.len()
                ),
            );
        }
        let mut row = Row {
            line: *line,
            ..Row::default()
        };
        for (c, f) in columns.iter().zip(fields) {
            if let Some(c) = c {
                row.fields.insert(c, f.clone());
            }
        }
        rows.push(row);
    }
    Ok(rows)
}

// ---------------------------------------------------------------------------------
// JSON (an array of objects)

/// The lines the elements of the top-level array start on (the text is valid JSON).
fn element_lines(text: &str) -> Vec<usize> {
    let mut out = Vec::new();
    let (mut depth, mut line) = (0usize, 1usize);
    let (mut in_string, mut escaped) = (false, false);
    let mut expect_element = false;
    for c in text.chars() {
        if c == '\n' {
            line += 1;
        }
        if in_string {
            if escaped {
                escaped = false;
            } else if c == '\\' {
                escaped = true;
            } else if c == '"' {
                in_string = false;
            }
            continue;
        }
        if expect_element && depth == 1 && !c.is_whitespace() && c != ']' {
            out.push(line);
            expect_element = false;
        }
        match c {
            '"' => in_string = true,
            '[' | '{' => {
                depth += 1;
                if depth == 1 {
                    expect_element = true;
                }
            }
            ']' | '}' => depth = depth.saturating_sub(1),
            ',' if depth == 1 => expect_element = true,
            _ => {}
        }
    }
    out
}

fn read_json(text: &str) -> Result<Vec<Row>, ReadError> {
    let value: serde_json::Value = serde_json::from_str(text).map_err(|e| {
        let m = e.to_string();
        let message = match m.rfind(" at line ") {
            Some(i) => m[..i].to_string(),
            None => m,
        };
        ReadError {
            line: e.line().max(1),
            col: Some(e.column().max(1)),
            message: format!("not valid JSON: {message}"),
        }
    })?;
    let first_line = 1 + text
        .chars()
        .take_while(|c| c.is_whitespace())
        .filter(|&c| c == '\n')
        .count();
    let serde_json::Value::Array(items) = value else {
        return read_err(
            first_line,
            "expected an array of card objects: `[{\"name\": ..., \"type\": ...}, ...]`",
        );
    };
    if items.len() > MAX_CARDS {
        return read_err(
            first_line,
            format!("more than {MAX_CARDS} cards: split the file"),
        );
    }
    let lines = element_lines(text);
    let mut rows = Vec::new();
    for (i, item) in items.iter().enumerate() {
        let line = lines.get(i).copied().unwrap_or(first_line);
        let serde_json::Value::Object(map) = item else {
            return read_err(line, format!("card {} is not an object `{{...}}`", i + 1));
        };
        let mut row = Row {
            line,
            ..Row::default()
        };
        for (k, v) in map {
            let Some(c) = column(k) else { continue };
            let text = match v {
                serde_json::Value::Null => String::new(),
                serde_json::Value::Bool(b) => b.to_string(),
                serde_json::Value::Number(n) => match (n.as_i64(), n.as_f64()) {
                    (Some(i), _) => i.to_string(),
                    (None, Some(f)) if f.fract() == 0.0 && f.abs() < 1e6 => (f as i64).to_string(),
                    _ => n.to_string(),
                },
                serde_json::Value::String(s) => s.clone(),
                // Two affiliations as a list.
                serde_json::Value::Array(list)
                    if c == "affiliation" && list.iter().all(|x| x.is_string()) =>
                {
                    list.iter()
                        .filter_map(|x| x.as_str())
                        .collect::<Vec<_>>()
                        .join("/")
                }
                _ => {
                    row.bad.get_or_insert_with(|| {
                        format!("`{c}` is not text, a number or true/false")
                    });
                    continue;
                }
            };
            row.fields.insert(c, text);
        }
        rows.push(row);
    }
    Ok(rows)
}

// ---------------------------------------------------------------------------------
// Facts

/// The facts of one card, read from its row.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Facts {
    name: String,
    version: String,
    kind: Kind,
    ongoing: bool,
    /// `N`, `costless` or `unknown` (characters and equipment).
    cost: String,
    atk: Option<u8>,
    def: Option<u8>,
    threshold: Option<u8>,
    flight: bool,
    range: bool,
    affiliations: Vec<String>,
}

/// White space collapsed, control characters gone.
fn clean(s: &str) -> String {
    s.split(|c: char| c.is_whitespace() || c.is_control())
        .filter(|w| !w.is_empty())
        .collect::<Vec<_>>()
        .join(" ")
}

/// A value quoted in a reason: short, one line.
fn shown(s: &str) -> String {
    let c = clean(s);
    let mut out: String = c.chars().take(20).collect();
    if c.chars().count() > 20 {
        out.push('…');
    }
    format!("\"{out}\"")
}

fn fact(row: &Row, key: &str, what: &str) -> Result<String, String> {
    let v = clean(row.get(key));
    if v.chars().count() > MAX_FACT_CHARS {
        return Err(format!("{what} longer than {MAX_FACT_CHARS} characters"));
    }
    Ok(v)
}

/// A stat: a number 0 to 99, or none (empty, `?`, `unknown`).
fn stat(row: &Row, key: &str, what: &str) -> Result<Option<u8>, String> {
    let v = row.get(key);
    if v.is_empty() || v == "?" || v.eq_ignore_ascii_case("unknown") {
        return Ok(None);
    }
    let n: Option<i64> = v.parse::<i64>().ok().or_else(|| {
        v.parse::<f64>()
            .ok()
            .filter(|f| f.fract() == 0.0 && f.abs() < 1e6)
            .map(|f| f as i64)
    });
    match n {
        Some(n) if (0..=99).contains(&n) => Ok(Some(n as u8)),
        Some(n) => Err(format!("bad number: {what} {n} is out of range (0 to 99)")),
        None => Err(format!("bad number: {what} {} is not a number", shown(v))),
    }
}

fn boolean(row: &Row, key: &str) -> Result<bool, String> {
    let v = row.get(key).to_ascii_lowercase();
    match v.as_str() {
        "" | "0" | "false" | "no" | "n" => Ok(false),
        "1" | "true" | "yes" | "y" | "x" => Ok(true),
        _ => Err(format!(
            "{key} {} is not yes or no (1/0, true/false, yes/no, y/n)",
            shown(&v)
        )),
    }
}

fn kind(row: &Row) -> Result<(Kind, bool), String> {
    let raw = row.get("type");
    let t: String = raw
        .to_ascii_lowercase()
        .chars()
        .map(|c| if c == '-' || c == '_' { ' ' } else { c })
        .collect();
    let t = clean(&t);
    let t = t.strip_suffix(" card").unwrap_or(&t);
    Ok(match t {
        "" => return Err("no type".into()),
        "character" => (Kind::Character, false),
        "equipment" => (Kind::Equipment, false),
        "location" => (Kind::Location, false),
        "plot twist" | "plottwist" => (Kind::PlotTwist, false),
        "ongoing plot twist" | "plot twist ongoing" => (Kind::PlotTwist, true),
        _ => {
            return Err(format!(
                "unknown type {} (character, equipment, location or plot twist)",
                shown(raw)
            ))
        }
    })
}

fn facts(row: &Row) -> Result<Facts, String> {
    if let Some(bad) = &row.bad {
        return Err(bad.clone());
    }
    let name = fact(row, "name", "a name")?;
    if name.is_empty() {
        return Err("no name".into());
    }
    let version = fact(row, "version", "a version")?;
    let (kind, ongoing) = kind(row)?;
    let mut f = Facts {
        name,
        version,
        kind,
        ongoing,
        cost: String::new(),
        atk: None,
        def: None,
        threshold: None,
        flight: false,
        range: false,
        affiliations: Vec::new(),
    };
    match kind {
        Kind::Character => {
            let raw = row.get("cost");
            f.cost = if raw.is_empty() || raw.eq_ignore_ascii_case("costless") {
                "costless".into()
            } else {
                stat(row, "cost", "cost")?.map_or("unknown".into(), |n| n.to_string())
            };
            f.atk = stat(row, "atk", "ATK")?;
            f.def = stat(row, "def", "DEF")?;
            f.flight = boolean(row, "flight")?;
            f.range = boolean(row, "range")?;
            let a = fact(row, "affiliation", "an affiliation")?;
            f.affiliations = a
                .split('/')
                .map(|s| s.trim().to_string())
                .filter(|s| !s.is_empty())
                .collect();
            if f.affiliations.len() > 2 {
                return Err("more than two affiliations".into());
            }
        }
        Kind::Equipment => {
            f.cost = stat(row, "cost", "cost")?.map_or("unknown".into(), |n| n.to_string());
        }
        Kind::Location | Kind::PlotTwist => {
            let key = if row.get("threshold").is_empty() {
                "cost"
            } else {
                "threshold"
            };
            f.threshold = stat(row, key, "threshold")?;
        }
    }
    Ok(f)
}

/// The card number reduced to a word the card file reads as an id (`MOR-001`), or
/// the name's when there is none.
fn id_word(row: &Row, name: &str) -> String {
    let from = |s: &str| -> String {
        let mut out = String::new();
        for c in s.chars() {
            if c.is_ascii_alphanumeric() {
                out.push(c);
            } else if !out.is_empty() && !out.ends_with('-') {
                out.push('-');
            }
        }
        let out = out.trim_end_matches('-');
        out.chars().take(MAX_ID_CHARS).collect::<String>()
    };
    let mut id = from(row.get("card_number"));
    if id.is_empty() {
        id = from(&name.to_ascii_lowercase());
    }
    if id.is_empty() {
        id = "card".into();
    }
    // A number alone would read as a number.
    if id.chars().all(|c| c.is_ascii_digit()) {
        id = format!("vs-{id}");
    }
    id
}

fn quoted(s: &str) -> String {
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

/// A card's form: its facts, keywords and (when given) powers.
fn card_form(id: &str, f: &Facts, text: &phrase::Compiled, powers: &[String]) -> String {
    let mut ty = String::new();
    let mut unknown = Vec::new();
    let flag = |w: &str| text.flags.contains(&w);
    match f.kind {
        Kind::Character => {
            ty += &format!("(character (cost {})", f.cost);
            for (v, w) in [(f.atk, "atk"), (f.def, "def")] {
                match v {
                    Some(n) => ty += &format!(" ({w} {n})"),
                    None => unknown.push(w),
                }
            }
            if !f.affiliations.is_empty() {
                ty += " (affiliation";
                for a in &f.affiliations {
                    ty.push(' ');
                    ty += &quoted(a);
                }
                ty.push(')');
            }
            if f.flight || flag("flight") {
                ty += " flight";
            }
            if f.range || flag("range") {
                ty += " range";
            }
        }
        Kind::Equipment => ty += &format!("(equipment (cost {})", f.cost),
        Kind::Location | Kind::PlotTwist => {
            let w = if f.kind == Kind::Location {
                "location"
            } else {
                "plot-twist"
            };
            ty += &format!("({w}");
            match f.threshold {
                Some(n) => ty += &format!(" (threshold {n})"),
                None => unknown.push("threshold"),
            }
            if f.kind == Kind::PlotTwist && (f.ongoing || flag("ongoing")) {
                ty += " ongoing";
            }
        }
    }
    if matches!(f.kind, Kind::Character | Kind::Equipment) {
        if flag("concealed-optional") {
            ty += " concealed-optional";
        } else if flag("concealed") {
            ty += " concealed";
        }
    }
    ty.push(')');
    let mut s = format!("(card {id} {} {}", quoted(&f.name), quoted(&f.version));
    // Before the type, which reads it.
    if !unknown.is_empty() {
        s += &format!("\n  (unknown {})", unknown.join(" "));
    }
    s += &format!("\n  {ty}");
    if !text.keywords.is_empty() {
        s += &format!("\n  (keywords {})", text.keywords.join(" "));
    }
    for p in powers {
        s += "\n  ";
        s += p;
    }
    s += ")\n";
    s
}

// ---------------------------------------------------------------------------------
// Importing

/// What importing a collection gave.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Imported {
    /// The card file's text.
    pub card_file: String,
    /// Cards taken whole: facts, and every sentence of their text compiled.
    pub whole: usize,
    /// Of those, the cards with text (the others have none to compile).
    pub whole_with_text: usize,
    /// Cards written in part (facts and keywords): the card's name and why.
    pub in_part: Vec<(String, String)>,
    /// Cards left out: the name (or "(no name)"), the line of the file and why.
    pub refused: Vec<(String, usize, String)>,
}

impl Imported {
    /// The reasons cards were written in part, each with how many cards it concerns,
    /// most common first (then alphabetically).
    pub fn in_part_reasons(&self) -> Vec<(String, usize)> {
        let mut counts: BTreeMap<&str, usize> = BTreeMap::new();
        for (_, why) in &self.in_part {
            *counts.entry(why).or_default() += 1;
        }
        let mut out: Vec<(String, usize)> = counts
            .into_iter()
            .map(|(r, n)| (r.to_string(), n))
            .collect();
        out.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
        out
    }
}

/// One line, for a comment.
fn one_line(s: &str) -> String {
    clean(s)
}

/// Imports the rows of a collection; `label` names the file in the card file's header
/// and in the compiler's messages. Fails only if the card file written doesn't read
/// back (a bug).
pub fn import_rows(rows: &[Row], label: &str) -> Result<Imported, String> {
    let mut out = Imported {
        card_file: format!(
            ";;; Vs. System TCG cards imported by `crossover cards import vstcg` from {}.\n;;; Facts are the collection's; powers are compiled into the card language\n;;; (docs/cards.md). Cards marked \"in part\" have their facts and keywords only.\n\n",
            one_line(label)
        ),
        whole: 0,
        whole_with_text: 0,
        in_part: Vec::new(),
        refused: Vec::new(),
    };
    let read: Vec<(&Row, Result<Facts, String>)> = rows.iter().map(|r| (r, facts(r))).collect();
    // The affiliations the collection uses: the grammar reads them as tests.
    let mut affiliations: Vec<String> = Vec::new();
    for (_, f) in &read {
        for a in f.iter().flat_map(|f| &f.affiliations) {
            if !affiliations.iter().any(|x| x.eq_ignore_ascii_case(a)) {
                affiliations.push(a.clone());
            }
        }
    }
    let mut ids: HashSet<String> = HashSet::new();
    let mut pool = CardPool::default();
    for (row, f) in read {
        let f = match f {
            Ok(f) => f,
            Err(why) => {
                let name = clean(row.get("name"));
                let name = if name.is_empty() {
                    "(no name)".to_string()
                } else {
                    name.chars().take(MAX_FACT_CHARS).collect()
                };
                out.refused.push((name, row.line, why));
                continue;
            }
        };
        let base = id_word(row, &f.name);
        let mut id = base.clone();
        let mut k = 2;
        while ids.contains(&id.to_ascii_lowercase()) {
            id = format!("{base}-{k}");
            k += 1;
        }
        let text = phrase::compile(
            row.get("text"),
            &CardFacts {
                name: &f.name,
                kind: f.kind,
                ongoing: f.ongoing,
            },
            &affiliations,
        );
        let full_name = if f.version.is_empty() {
            f.name.clone()
        } else {
            format!("{}, {}", f.name, f.version)
        };
        // Checks a card's forms with our card compiler, leaving the pool as it was.
        let mut check = |form: &str| -> Result<(), String> {
            let before = pool.affiliations.len();
            let r = pool
                .add_file(label, form)
                .map(drop)
                .map_err(|e| e.error.message);
            if r.is_err() {
                pool.affiliations.truncate(before);
            }
            pool.defs.clear();
            r
        };
        let (form, missing) = match &text.powers {
            Ok(powers) => {
                let form = card_form(&id, &f, &text, powers);
                match check(&form) {
                    Ok(()) => (form, None),
                    Err(why) => (
                        card_form(&id, &f, &text, &[]),
                        Some(format!("compiled text refused: {}", one_line(&why))),
                    ),
                }
            }
            Err(why) => (card_form(&id, &f, &text, &[]), Some(why.clone())),
        };
        if missing.is_some() {
            if let Err(why) = check(&form) {
                out.refused.push((
                    full_name,
                    row.line,
                    format!("the card compiler refused its facts: {}", one_line(&why)),
                ));
                continue;
            }
        }
        ids.insert(id.to_ascii_lowercase());
        match missing {
            None => {
                out.whole += 1;
                if text.sentences > 0 {
                    out.whole_with_text += 1;
                }
            }
            Some(why) => {
                out.card_file += &format!(";; in part: {why}\n");
                out.in_part.push((full_name, why));
            }
        }
        out.card_file += &form;
    }
    // The file as a whole reads, with every card written.
    let mut all = CardPool::default();
    let n = all
        .add_file(label, &out.card_file)
        .map_err(|e| format!("the card file written does not read back: {e}"))?;
    if n != out.whole + out.in_part.len() {
        return Err(format!(
            "the card file written reads back {n} cards, not {}",
            out.whole + out.in_part.len()
        ));
    }
    Ok(out)
}

/// Renders a read error at its place in the file.
fn located(label: &str, text: &str, e: &ReadError) -> Error {
    let d = match e.col {
        Some(col) => Diagnostic::at_line_col(label, e.line, col, &e.message),
        None => Diagnostic::at_line(label, e.line, &e.message),
    };
    Error::Failed(
        d.with_source(text)
            .render(crossover_diag::color_for_stderr())
            .trim_end()
            .to_string(),
    )
}

/// `crossover cards import vstcg FILE [--out FILE] [--force]`: reads the collection,
/// writes the card file (by default the file's name with `.cards`, in the current
/// directory; an existing file only with `force`), reads it back with our card
/// compiler, and reports.
pub fn import_file(file: &Path, out: Option<&Path>, force: bool) -> Result<ImportReport, Error> {
    let label = file.display().to_string();
    let written: PathBuf = match out {
        Some(p) => p.to_path_buf(),
        None => Path::new(file.file_stem().unwrap_or(file.as_os_str())).with_extension("cards"),
    };
    let same = |a: &Path, b: &Path| match (a.canonicalize(), b.canonicalize()) {
        (Ok(a), Ok(b)) => a == b,
        _ => false,
    };
    if same(file, &written) {
        return Err(Error::Failed(format!(
            "{} is the collection file itself: give --out FILE",
            written.display()
        )));
    }
    if written.exists() && !force {
        return Err(Error::Failed(format!(
            "{} exists: give --force to replace it, or --out FILE",
            written.display()
        )));
    }
    let text = crossover_platform::read_text(file, MAX_FILE_BYTES)?;
    let rows =
        read_collection(&text, Format::of(file, &text)).map_err(|e| located(&label, &text, &e))?;
    let imported = import_rows(&rows, &label).map_err(Error::Failed)?;
    std::fs::write(&written, &imported.card_file)
        .map_err(|e| Error::Failed(format!("cannot write {}: {e}", written.display())))?;
    // Read back what was written, as `--cards DIR` will.
    let back = std::fs::read_to_string(&written)
        .map_err(|e| Error::Failed(format!("cannot read back {}: {e}", written.display())))?;
    CardPool::default()
        .add_file(&written.display().to_string(), &back)
        .map_err(|e| Error::Failed(format!("the card file written does not read back: {e}")))?;
    let mut details = Vec::new();
    for (why, n) in imported.in_part_reasons() {
        let cards = if n == 1 { "card" } else { "cards" };
        let examples: Vec<&str> = imported
            .in_part
            .iter()
            .filter(|(_, w)| *w == why)
            .map(|(name, _)| name.as_str())
            .take(3)
            .collect();
        details.push(format!(
            "in part, {n} {cards}: {why} (e.g. {})",
            examples.join("; ")
        ));
    }
    for (name, line, why) in &imported.refused {
        details.push(format!("refused: {label}:{line}: {name}: {why}"));
    }
    let source = file
        .file_name()
        .map_or_else(|| label.clone(), |n| n.to_string_lossy().into_owned());
    Ok(ImportReport {
        written,
        summary: format!(
            "{source}: {} cards taken whole ({} of them with compiled text), {} in part (facts and keywords; text not compiled), {} refused",
            imported.whole,
            imported.whole_with_text,
            imported.in_part.len(),
            imported.refused.len()
        ),
        details,
    })
}
