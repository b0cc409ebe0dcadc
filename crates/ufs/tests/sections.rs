//! Every [checkable] section of the UFS comprehensive rules (docs/ufs/sections.md) has a test
//! named after it, or is listed in docs/rulings.md as not implemented, with the reason.
//!
//! A test is named after a section when
//! - a scenario file in scenarios/ufs starts with it: `e-3-5-1-check-passes.toml` is E.3.5.1;
//! - a Rust `#[test] fn` in crates/ufs (src or tests) contains it: `fn e_3_5_1_passes` is E.3.5.1.
//!
//! The number is read as far as it goes: `e-3-5-1-...` is E.3.5.1 and nothing else, so a
//! test of a deeper section does not count for its parent (a checkable parent has a rule
//! of its own). The two numbers the rules print twice (F.2.2.3, J.1.2) are told apart by
//! `1st`/`2nd` right after the number: `f-2-2-3-2nd-...`, `fn j_1_2_1st_...`.
//!
//! Sections the engine does not implement are the bullets of the section "UFS sections not
//! implemented" of docs/rulings.md: `- **E.2.3**, **E.2.7**: reason`.
//!
//! `REMAINING` lists the checkable sections that have neither yet: the work left. The test
//! prints them and fails when a checkable section is in none of the three places, or when
//! a section in `REMAINING` has since been covered (take it off the list).

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// Checkable sections with no test yet and not listed as not implemented: the remaining
/// work. The goal is an empty list.
const REMAINING: &[&str] = &[];

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// A section as the tests name it: "F.2.2.3" or, for a number printed twice,
/// "F.2.2.3 (2nd)".
type Section = String;

/// The [checkable] sections of docs/ufs/sections.md, in document order.
fn checkable_sections() -> Vec<Section> {
    let text = std::fs::read_to_string(root().join("docs/ufs/sections.md")).unwrap();
    let mut out = Vec::new();
    for line in text.lines() {
        let Some(rest) = line.strip_prefix("- ") else {
            continue;
        };
        if !line.ends_with("[checkable]") {
            continue;
        }
        let head = rest.split(" — ").next().unwrap();
        let number = head.split_whitespace().next().unwrap();
        let ordinal = if head.contains("(1st") {
            " (1st)"
        } else if head.contains("(2nd") {
            " (2nd)"
        } else {
            ""
        };
        assert!(is_section(number), "docs/ufs/sections.md: {line}");
        out.push(format!("{number}{ordinal}"));
    }
    out
}

fn is_section(s: &str) -> bool {
    let mut parts = s.split('.');
    let letter = parts.next().unwrap_or("");
    letter.len() == 1
        && ('A'..='K').contains(&letter.chars().next().unwrap())
        && parts.clone().count() >= 1
        && parts.all(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()))
}

/// The sections a name (split into words by `-` or `_`) names: a letter a–k followed by one
/// or more numbers, read as far as the numbers go, then an optional `1st`/`2nd`. With
/// `at_start`, only a section at the start of the name counts.
fn sections_named(name: &str, at_start: bool) -> Vec<Section> {
    let words: Vec<&str> = name.split(['-', '_']).collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < words.len() {
        let w = words[i];
        let is_letter = w.len() == 1 && (b'a'..=b'k').contains(&w.as_bytes()[0]);
        let is_number = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
        if is_letter && i + 1 < words.len() && is_number(words[i + 1]) {
            let mut j = i + 1;
            let mut section = w.to_ascii_uppercase();
            while j < words.len() && is_number(words[j]) {
                section.push('.');
                section.push_str(words[j]);
                j += 1;
            }
            match words.get(j) {
                Some(&"1st") => section.push_str(" (1st)"),
                Some(&"2nd") => section.push_str(" (2nd)"),
                _ => {}
            }
            out.push(section);
            i = j;
        } else {
            i += 1;
        }
        if at_start {
            break;
        }
    }
    out
}

/// Section → the tests named after it.
fn tests_by_section() -> BTreeMap<Section, Vec<String>> {
    let mut map: BTreeMap<Section, Vec<String>> = BTreeMap::new();
    let scenarios = root().join("scenarios/ufs");
    for entry in std::fs::read_dir(&scenarios).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "toml") {
            let stem = path.file_stem().unwrap().to_string_lossy().into_owned();
            for s in sections_named(&stem, true) {
                map.entry(s).or_default().push(format!("scenario {stem}"));
            }
        }
    }
    let crate_dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    rust_files(&crate_dir.join("src"), &mut files);
    rust_files(&crate_dir.join("tests"), &mut files);
    for file in files {
        let text = std::fs::read_to_string(&file).unwrap();
        let mut after_test = false;
        for line in text.lines() {
            let line = line.trim();
            if line.starts_with("#[test]") {
                after_test = true;
                continue;
            }
            if after_test && line.starts_with("#[") {
                continue;
            }
            if after_test {
                if let Some(rest) = line.strip_prefix("fn ") {
                    let name: String = rest
                        .chars()
                        .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                        .collect();
                    for s in sections_named(&name, false) {
                        map.entry(s).or_default().push(format!("fn {name}"));
                    }
                }
            }
            after_test = false;
        }
    }
    map
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The sections docs/rulings.md lists as not implemented, with their reasons.
fn not_implemented() -> BTreeMap<Section, String> {
    let text = std::fs::read_to_string(root().join("docs/rulings.md")).unwrap();
    let start = text
        .find("### UFS sections not implemented")
        .expect("docs/rulings.md has a section \"### UFS sections not implemented\"");
    let body = &text[start..];
    let body = &body[body.find('\n').unwrap() + 1..];
    let end = body.find("\n#").unwrap_or(body.len());
    let mut out = BTreeMap::new();
    for line in body[..end].lines() {
        let Some(rest) = line.strip_prefix("- ") else {
            continue;
        };
        let (ids, reason) = rest
            .split_once(": ")
            .unwrap_or_else(|| panic!("docs/rulings.md: no reason in {line:?}"));
        assert!(
            reason.trim().len() > 10,
            "docs/rulings.md: give the reason in {line:?}"
        );
        for id in ids.split(", ") {
            let id = id.trim().trim_matches('*');
            let (number, ordinal) = match id.split_once(" (") {
                Some((n, o)) => (n, format!(" ({}", o)),
                None => (id, String::new()),
            };
            assert!(is_section(number), "docs/rulings.md: {id:?} in {line:?}");
            out.insert(format!("{number}{ordinal}"), reason.to_string());
        }
    }
    out
}

#[test]
fn every_checkable_section_has_a_test_or_is_listed_as_not_implemented() {
    let sections = checkable_sections();
    let tests = tests_by_section();
    let skipped = not_implemented();
    let remaining: BTreeSet<&str> = REMAINING.iter().copied().collect();

    let all: BTreeSet<&str> = sections.iter().map(String::as_str).collect();
    for s in skipped.keys() {
        assert!(
            all.contains(s.as_str()),
            "docs/rulings.md lists {s} as not implemented, but it is not a checkable section"
        );
    }
    for s in &remaining {
        assert!(
            all.contains(s),
            "REMAINING lists {s}, not a checkable section"
        );
    }

    let mut covered = 0;
    let mut missing = Vec::new();
    let mut stale = Vec::new();
    let mut left = Vec::new();
    for s in &sections {
        let has_test = tests.contains_key(s);
        let listed = skipped.contains_key(s);
        if has_test {
            covered += 1;
        }
        if remaining.contains(s.as_str()) {
            if has_test || listed {
                stale.push(s.clone());
            } else {
                left.push(s.clone());
            }
        } else if !has_test && !listed {
            missing.push(s.clone());
        }
    }
    println!(
        "UFS sections: {} checkable; {covered} with a test; {} listed as not implemented; {} remaining",
        sections.len(),
        skipped.len(),
        left.len()
    );
    if !left.is_empty() {
        println!(
            "Remaining work (REMAINING in tests/sections.rs): {}",
            left.join(", ")
        );
    }
    assert!(
        stale.is_empty(),
        "these sections in REMAINING now have a test or a not-implemented entry; take them off the list: {}",
        stale.join(", ")
    );
    assert!(
        missing.is_empty(),
        "checkable sections with no test named after them and not listed in docs/rulings.md \
         (\"UFS sections not implemented\"): {}",
        missing.join(", ")
    );
}

#[test]
fn names_are_read_as_far_as_the_number_goes() {
    assert_eq!(sections_named("e-3-5-1-check-passes", true), ["E.3.5.1"]);
    assert_eq!(sections_named("e-2-10-x", true), ["E.2.10"]);
    assert_eq!(
        sections_named("f-2-2-3-2nd-pass-obliges", true),
        ["F.2.2.3 (2nd)"]
    );
    assert!(sections_named("ufs-31-split", true).is_empty());
    assert_eq!(sections_named("a_2_1_fewer_than_60", false), ["A.2.1"]);
    assert_eq!(
        sections_named("twisted_h_3_3_3_and_j_1_2_1st", false),
        ["H.3.3.3", "J.1.2 (1st)"]
    );
    assert!(sections_named("h-2-1-x", true) != ["H.2"]);
}
