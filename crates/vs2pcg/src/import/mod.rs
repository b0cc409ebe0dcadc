//! `crossover cards import vs2pcg FILE.xml`: an OCTGN set file of the later 2PCG sets
//! → our card file.
//!
//! Every card whose facts can be read is written (`facts.rs`: number, name, kind, cost,
//! ATK, DEF, health, teams, flight, range; a plot twist's timing and a location's power
//! symbols are read from its text). Its text is cut into printed powers (`powers.rs`)
//! and each power is compiled by our grammar of printed phrasing (`phrase.rs`). A card
//! is **whole** when every power compiles (and the card compiler accepts the result);
//! otherwise it is written **in part**: its facts, and `(omit "Power" "why")` for each
//! printed power (a plot twist's effect too: it can't be played), after a comment naming
//! the first reason. A card is **refused** (not written) when its facts can't be read.
//! The printed text itself is never written: only power names and our compiled forms.
//! Main characters of one name and different levels are linked with `(levels ...)`.

pub mod facts;
pub mod phrase;
pub mod powers;
pub mod xml;

use self::facts::{clean, facts, id_word, quoted, Facts, Kind};
use self::phrase::{compile_power, Compiled, Holder};
use self::powers::{normalise, printed_powers, restore, symbol_word, Head, MAX_RULES_CHARS};
use self::xml::{read_set, XmlCard, XmlError};
use crossover_diag::Diagnostic;
use crossover_platform::{Error, ImportReport};
use std::collections::{BTreeMap, HashSet};
use std::path::{Path, PathBuf};

/// The largest set file read.
pub const MAX_FILE_BYTES: u64 = 16 * 1024 * 1024;

/// What importing one set file gave.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Imported {
    /// The `<set name>` (or the file's label when it has none).
    pub set_name: String,
    /// The card file's text.
    pub card_file: String,
    /// Cards written whole.
    pub whole: usize,
    /// Of those, the cards with text to compile (the others are locations and such).
    pub whole_with_text: usize,
    /// Cards written in part (facts only): the name with the id, and the first reason.
    pub in_part: Vec<(String, String)>,
    /// Cards not written: the name, the line of the set file and why.
    pub refused: Vec<(String, usize, String)>,
    /// Every printed power not compiled (of cards written in part), by reason.
    pub powers_not_read: Vec<String>,
}

impl Imported {
    /// All the cards of the set file.
    pub fn cards(&self) -> usize {
        self.whole + self.in_part.len() + self.refused.len()
    }

    /// The reasons cards were written in part, each with how many cards it concerns,
    /// most common first (then alphabetically).
    pub fn in_part_reasons(&self) -> Vec<(String, usize)> {
        group(self.in_part.iter().map(|(_, why)| why.as_str()))
    }

    /// The reasons powers weren't compiled, grouped the same way.
    pub fn power_reasons(&self) -> Vec<(String, usize)> {
        group(self.powers_not_read.iter().map(String::as_str))
    }
}

fn group<'a>(reasons: impl Iterator<Item = &'a str>) -> Vec<(String, usize)> {
    let mut counts: BTreeMap<&str, usize> = BTreeMap::new();
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

/// One card's forms before the levels are linked.
struct Written {
    id: String,
    facts: Facts,
    /// The kind form without `(levels ...)`'s closing: `(main 1 (atk 2) ...`.
    kind_open: String,
    /// The items after the kind form, each a line.
    items: Vec<String>,
    /// `;; in part: ...` when the card is in part.
    comment: Option<String>,
}

impl Written {
    fn form(&self, levels: &[String]) -> String {
        let mut s = format!(
            "(card {} {}\n  {}",
            self.id,
            quoted(&self.facts.name),
            self.kind_open
        );
        if !levels.is_empty() {
            s += &format!(" (levels {})", levels.join(" "));
        }
        s.push(')');
        for i in &self.items {
            s += "\n  ";
            s += i;
        }
        s += ")\n";
        s
    }
}

/// The kind form of the facts (open: levels may follow), with the facts the text gives.
fn kind_form(f: &Facts, timing: Option<&str>, symbols: &[&str]) -> String {
    let team = |s: &mut String| {
        if !f.teams.is_empty() {
            *s += &format!(" (team {})", f.teams.join(" "));
        }
    };
    let mut s = match f.kind {
        Kind::Main(level) => format!(
            "(main {level} (atk {}) (def {}) (health {})",
            f.atk, f.def, f.health
        ),
        Kind::Supporting => format!(
            "(supporting (cost {}) (atk {}) (def {}) (health {})",
            f.cost.unwrap_or(0),
            f.atk,
            f.def,
            f.health
        ),
        Kind::Equipment => format!("(equipment (cost {})", f.cost.unwrap_or(0)),
        Kind::PlotTwist => format!("(plot-twist (timing {})", timing.unwrap_or("main")),
        Kind::Location => format!("(location {}", symbols.join(" ")),
        Kind::SpecialLocation => format!("(special-location (team {})", f.teams.join(" ")),
    };
    match f.kind {
        Kind::Location => {}
        Kind::SpecialLocation => s += &format!(" {}", symbols.join(" ")),
        _ => team(&mut s),
    }
    if f.kind.is_character() {
        if f.flight {
            s += " flight";
        }
        if f.ranged {
            s += " ranged";
        }
    }
    s
}

/// A location's symbols, `[A] or [B] ... [for a [TEAM] character]`: the symbols and
/// the team.
fn location_text(text: &str) -> Option<(Vec<&'static str>, Option<&'static str>)> {
    let t = text.trim().trim_end_matches('.').trim();
    let (syms, team) = match t.to_ascii_lowercase().find(" for a") {
        Some(i) => (&t[..i], Some(&t[i..])),
        None => (t, None),
    };
    let mut symbols = Vec::new();
    for part in syms.split(" or ") {
        let p = part.trim();
        let inner = p.strip_prefix('[')?.strip_suffix(']')?;
        let s = symbol_word(inner)?;
        if !symbols.contains(&s) {
            symbols.push(s);
        }
    }
    let team = match team {
        None => None,
        Some(rest) => {
            let rest = rest.trim();
            let rest = rest
                .strip_prefix("for an ")
                .or_else(|| rest.strip_prefix("for a "))?;
            let inner = rest.strip_prefix('[')?;
            let close = inner.find(']')?;
            if inner[close + 1..].trim() != "character" {
                return None;
            }
            Some(facts::team_word(&inner[..close])?)
        }
    };
    Some((symbols, team))
}

/// The card's powers compiled: the items, or the first reason one wasn't (with every
/// reason, for the counts).
struct CardText {
    timing: Option<String>,
    aka: Option<String>,
    items: Result<Vec<String>, Vec<String>>,
    /// The names of the printed powers (for `omit`), in order, each with why it wasn't
    /// compiled (none: it was).
    names: Vec<(String, Option<String>)>,
    /// The text had something to compile.
    has_text: bool,
}

fn card_text(text: &str, f: &Facts) -> CardText {
    let holder = Holder::of(f.kind);
    let mut out = CardText {
        timing: None,
        aka: None,
        items: Ok(Vec::new()),
        names: Vec::new(),
        has_text: !text.trim().is_empty(),
    };
    let mut items = Vec::new();
    let mut refusals = Vec::new();
    for p in printed_powers(text) {
        let name = p.name.as_deref().map(|n| clean(&restore(n, &f.name)));
        let compiled = compile_power(&p, holder);
        if let Some(n) = &name {
            if !n.starts_with("AKA") {
                out.names
                    .push((n.clone(), compiled.as_ref().err().cloned()));
            }
        }
        match compiled {
            Ok(Compiled::Aka(a)) => {
                if out.aka.is_some() {
                    refusals.push("two AKA lines".to_string());
                }
                out.aka = Some(clean(&restore(&a, &f.name)));
            }
            Ok(Compiled::Effect { timing, steps }) => {
                if out.timing.is_some() {
                    refusals.push("a plot twist with two timings".into());
                    continue;
                }
                out.timing = Some(timing);
                if p.name.is_some() {
                    refusals.push("a plot twist effect with a name".into());
                }
                items.push(format!("(effect {})", steps.join(" ")));
            }
            Ok(Compiled::Bodies(bodies)) => {
                let Some(name) = name else {
                    refusals.push("a power without a name".into());
                    continue;
                };
                // "One of a Kind, Swarm": one power per keyword, by its name.
                let parts: Vec<&str> = name.split(',').map(str::trim).collect();
                if parts.len() > 1 && parts.len() == bodies.len() {
                    for (n, b) in parts.iter().zip(&bodies) {
                        items.push(format!("(power {} {b})", quoted(n)));
                    }
                } else {
                    items.push(format!("(power {} {})", quoted(&name), bodies.join(" ")));
                }
            }
            Err(why) => {
                if f.kind == Kind::PlotTwist && out.timing.is_none() {
                    if let Head::Timed {
                        timings, any_turn, ..
                    } = &p.head
                    {
                        // The timing is a fact even when the effect isn't read.
                        if let [t] = timings.as_slice() {
                            out.timing = match (t.as_str(), any_turn) {
                                ("main", false) => Some("main".into()),
                                ("build", false) => Some("build".into()),
                                ("combat", false) => Some("combat".into()),
                                ("combat", true) => Some("combat any-turn".into()),
                                _ => None,
                            };
                        }
                    }
                }
                refusals.push(why);
            }
        }
    }
    if text.chars().count() >= MAX_RULES_CHARS {
        refusals.insert(
            0,
            format!("a text longer than {MAX_RULES_CHARS} characters, not read"),
        );
    }
    out.items = if refusals.is_empty() {
        Ok(items)
    } else {
        Err(refusals)
    };
    out
}

/// Checks a card's forms with our card compiler: the message if it refuses them.
fn check(label: &str, form: &str) -> Result<(), String> {
    crate::cardfile::parse_cards(label, form)
        .map(drop)
        .map_err(|e| clean(&e.message))
}

/// Imports the cards of a set file read; `label` names the file in the card file's
/// header and in messages, `prefix` starts made-up ids. Fails only if the card file
/// written doesn't read back (a bug).
pub fn import_cards(
    set_name: &str,
    cards: &[XmlCard],
    label: &str,
    prefix: &str,
) -> Result<Imported, String> {
    let mut out = Imported {
        set_name: set_name.to_string(),
        card_file: format!(
            ";;; Vs. System 2PCG cards imported by `crossover cards import vs2pcg` from {}.\n;;; Facts are the set file's; powers are compiled into the card language\n;;; (docs/cards.md). Cards marked \"in part\" have their facts only.\n\n",
            clean(label)
        ),
        whole: 0,
        whole_with_text: 0,
        in_part: Vec::new(),
        refused: Vec::new(),
        powers_not_read: Vec::new(),
    };
    let mut written: Vec<Written> = Vec::new();
    let mut ids: HashSet<String> = HashSet::new();
    for (index, card) in cards.iter().enumerate() {
        let refuse = |out: &mut Imported, why: String| {
            let name = clean(&card.name)
                .chars()
                .take(facts::MAX_FACT_CHARS)
                .collect();
            let name = if card.name.trim().is_empty() {
                "(no name)".to_string()
            } else {
                name
            };
            out.refused.push((name, card.line, why));
        };
        let f = match facts(card) {
            Ok(f) => f,
            Err(why) => {
                refuse(&mut out, why);
                continue;
            }
        };
        let base = id_word(&f.number, prefix, index + 1);
        let mut id = base.clone();
        let mut k = 2;
        while ids.contains(&id) {
            id = format!("{base}-{k}");
            k += 1;
        }
        let text = normalise(card.get("Rules"), &f.name, f.kind.is_character());
        let mut symbols: Vec<&str> = Vec::new();
        let mut f = f;
        if matches!(f.kind, Kind::Location | Kind::SpecialLocation) {
            let Some((s, team)) = location_text(&text) else {
                refuse(
                    &mut out,
                    "a location whose power symbols aren't read from its text".into(),
                );
                continue;
            };
            match (f.kind, team) {
                (Kind::Location, None) => {}
                (Kind::SpecialLocation, Some(t)) => {
                    if !f.teams.is_empty() && f.teams != [t] {
                        refuse(
                            &mut out,
                            "a special location whose text names another team than its own".into(),
                        );
                        continue;
                    }
                    f.teams = vec![t];
                }
                _ => {
                    refuse(
                        &mut out,
                        "a location whose power symbols aren't read from its text".into(),
                    );
                    continue;
                }
            }
            symbols = s;
            let w = Written {
                id: id.clone(),
                kind_open: kind_form(&f, None, &symbols),
                facts: f,
                items: Vec::new(),
                comment: None,
            };
            ids.insert(id);
            written.push(w);
            out.whole += 1;
            continue;
        }
        let t = card_text(&text, &f);
        if f.kind == Kind::PlotTwist && t.timing.is_none() {
            refuse(&mut out, "a plot twist whose timing isn't read".into());
            continue;
        }
        let kind_open = kind_form(&f, t.timing.as_deref(), &symbols);
        let mut aka_item = Vec::new();
        if let Some(a) = &t.aka {
            aka_item.push(format!("(aka {})", quoted(a)));
        }
        let facts_only = |why: &str| -> Vec<String> {
            let mut items = aka_item.clone();
            let mut seen: HashSet<&str> = HashSet::new();
            for (n, own) in &t.names {
                if seen.insert(n.as_str()) {
                    let why = match own {
                        Some(w) => format!("not compiled: {w}"),
                        None => "compiled, but left out with the rest of the card".to_string(),
                    };
                    items.push(format!("(omit {} {})", quoted(n), quoted(&why)));
                }
            }
            if f.kind == Kind::PlotTwist {
                let why = format!("not compiled: {why}");
                items.push(format!("(omit \"Effect\" {})", quoted(&why)));
            }
            items
        };
        let check_form = |items: &[String]| {
            let w = Written {
                id: id.clone(),
                facts: f.clone(),
                kind_open: kind_open.clone(),
                items: items.to_vec(),
                comment: None,
            };
            check(label, &w.form(&[]))
        };
        let (items, comment) = match &t.items {
            Ok(items) => {
                let mut all = aka_item.clone();
                all.extend(items.iter().cloned());
                match check_form(&all) {
                    Ok(()) => (all, None),
                    Err(why) => {
                        let why = format!("compiled text refused: {why}");
                        out.powers_not_read.push(why.clone());
                        (facts_only(&why), Some(why))
                    }
                }
            }
            Err(reasons) => {
                out.powers_not_read.extend(reasons.iter().cloned());
                (facts_only(&reasons[0]), Some(reasons[0].clone()))
            }
        };
        if comment.is_some() {
            if let Err(why) = check_form(&items) {
                refuse(
                    &mut out,
                    format!("the card compiler refused its facts: {why}"),
                );
                continue;
            }
        }
        match &comment {
            None => {
                out.whole += 1;
                if t.has_text {
                    out.whole_with_text += 1;
                }
            }
            Some(why) => out
                .in_part
                .push((format!("{} ({id})", f.name), why.clone())),
        }
        ids.insert(id.clone());
        written.push(Written {
            id,
            facts: f,
            kind_open,
            items,
            comment: comment.map(|w| format!(";; in part: {w}\n")),
        });
    }
    // Main characters of one name, one card per level, are each other's levels.
    let mut by_name: BTreeMap<&str, Vec<usize>> = BTreeMap::new();
    for (i, w) in written.iter().enumerate() {
        if let Kind::Main(_) = w.facts.kind {
            by_name.entry(w.facts.name.as_str()).or_default().push(i);
        }
    }
    let mut levels: Vec<Vec<String>> = vec![Vec::new(); written.len()];
    for group in by_name.values() {
        let lv: Vec<Kind> = group.iter().map(|&i| written[i].facts.kind).collect();
        let distinct = lv.iter().collect::<HashSet<_>>().len() == lv.len();
        if group.len() < 2 || !distinct {
            continue;
        }
        for &i in group {
            levels[i] = group
                .iter()
                .filter(|&&j| j != i)
                .map(|&j| written[j].id.clone())
                .collect();
        }
    }
    for (w, lv) in written.iter().zip(&levels) {
        if let Some(c) = &w.comment {
            out.card_file += c;
        }
        out.card_file += &w.form(lv);
    }
    // The file as a whole reads, with every card written.
    let n = crate::cardfile::parse_cards(label, &out.card_file)
        .map_err(|e| format!("the card file written does not read back: {e}"))?
        .len();
    if n != out.whole + out.in_part.len() {
        return Err(format!(
            "the card file written reads back {n} cards, not {}",
            out.whole + out.in_part.len()
        ));
    }
    Ok(out)
}

/// The id prefix for cards without a usable number: the set name's letters.
fn prefix_of(set_name: &str) -> String {
    let p: String = set_name
        .chars()
        .filter(char::is_ascii_alphanumeric)
        .take(8)
        .collect::<String>()
        .to_ascii_lowercase();
    if p.is_empty() {
        "imp".into()
    } else {
        p
    }
}

/// Imports a set file's text; `label` names it.
pub fn import_set(text: &str, label: &str) -> Result<Imported, ImportError> {
    let set = read_set(text).map_err(ImportError::Xml)?;
    let name = if set.name.trim().is_empty() {
        label.to_string()
    } else {
        clean(&set.name)
    };
    import_cards(&name, &set.cards, label, &prefix_of(&name)).map_err(ImportError::Bug)
}

/// Why a set file wasn't imported.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ImportError {
    /// The file isn't well-formed XML (or has no card).
    Xml(XmlError),
    /// The card file written doesn't read back.
    Bug(String),
}

/// `crossover cards import vs2pcg FILE [--out FILE] [--force]`: reads the set file,
/// writes the card file (by default the file's name with `.cards`, in the current
/// directory; an existing file only with `force`), reads it back as `--cards DIR` will,
/// and reports.
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
            "{} is the set file itself: give --out FILE",
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
    let imported = import_set(&text, &label).map_err(|e| match e {
        ImportError::Xml(e) => Error::Failed(
            Diagnostic::at_line(&label, e.line, &e.message)
                .with_source(text.as_str())
                .render(crossover_diag::color_for_stderr())
                .trim_end()
                .to_string(),
        ),
        ImportError::Bug(m) => Error::Failed(m),
    })?;
    std::fs::write(&written, &imported.card_file)
        .map_err(|e| Error::Failed(format!("cannot write {}: {e}", written.display())))?;
    let back = std::fs::read_to_string(&written)
        .map_err(|e| Error::Failed(format!("cannot read back {}: {e}", written.display())))?;
    crate::cardfile::parse_cards(&written.display().to_string(), &back)
        .map_err(|e| Error::Failed(format!("the card file written does not read back: {e}")))?;
    Ok(report(&imported, &label, written))
}

/// The report: the in-part reasons grouped, most common first, with how many cards and
/// a few of their names; each refused card as `FILE:LINE: NAME: REASON`; the counts.
pub fn report(imported: &Imported, label: &str, written: PathBuf) -> ImportReport {
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
    let all = imported.cards();
    let percent = (imported.whole * 100).checked_div(all).unwrap_or(0);
    // The file, and the set it says it is (a set file may carry another set's name).
    let file = Path::new(label)
        .file_name()
        .map_or_else(|| label.to_string(), |n| n.to_string_lossy().into_owned());
    ImportReport {
        written,
        summary: format!(
            "{file} (set \"{}\"): {} of {all} cards compiled whole ({percent}%; {} of them with compiled text), {} in part (facts only; powers not compiled), {} refused",
            imported.set_name,
            imported.whole,
            imported.whole_with_text,
            imported.in_part.len(),
            imported.refused.len()
        ),
        details,
    }
}
