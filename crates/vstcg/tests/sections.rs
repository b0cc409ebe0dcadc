//! Every [checkable] rule of the Vs. System TCG comprehensive rules v2.7
//! (docs/vstcg/sections.md) has a test named after it, or is listed in docs/rulings.md as
//! not implemented, with the reason.
//!
//! A test is named after a rule when
//! - a Rust `#[test] fn` in crates/vstcg (src or tests) contains it, with `r` before the
//!   number and `_` for its dot: `fn r602_7a_breakthrough` is 602.7a. Every rule in the
//!   name counts: `fn r602_7a_r602_7b_...` is 602.7a and 602.7b;
//! - a scenario file in scenarios/vstcg starts with it, with `-` for `_`:
//!   `r602-7a-breakthrough.toml` is 602.7a (only the rule the name starts with counts);
//! - a scenario file in scenarios/vstcg is a conformance example, `VS-TCG-001-....toml`: it
//!   covers the rule its case is filed under in the conformance examples, as copied into
//!   docs/vstcg/examples-rules.txt (`VS-TCG-001 102.2`).
//!
//! The number is read as far as it goes: `r602_7a` is 602.7a and nothing else, so a test of
//! a deeper rule does not count for its parent (a checkable parent has a rule of its own).
//! The number the rules print twice (708.11) is told apart by `1st`/`2nd` right after it:
//! `fn r708_11_2nd_...` is "708.11 (2nd)". 508.2l (printed "508.21") and 708.2b (printed with
//! no number) are written as sections.md lists them: `r508_2l`, `r708_2b`.
//!
//! A glossary entry `G-<Term>` is written `g_` and the term in lower case with `_` for its
//! hyphens (`-` in a scenario file name): `fn g_power_up_...` and `g-power-up-....toml` are
//! G-Power-up, `g_enters_a_kod_pile` is G-Enters-a-KOd-Pile. The longest term that matches
//! wins: `g_cosmic_surge_...` is G-Cosmic-Surge, not G-Cosmic.
//!
//! Rules the engine does not implement are the bullets of the section "Vs. System TCG rules
//! not implemented" of docs/rulings.md: `- **602.7c**, **708.11 (2nd)**, **G-Crossover**: reason`.
//!
//! `REMAINING` lists the checkable rules that have neither yet: the work left. The test
//! prints them and fails when a checkable rule is in none of the three places, when a rule
//! in `REMAINING` has since been covered or listed (take it off the list), when a rule has a
//! test and is also listed as not implemented, or when `REMAINING`, docs/rulings.md or
//! docs/vstcg/examples-rules.txt names a rule that is not one.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// Checkable rules with no test yet and not listed as not implemented: the remaining work,
/// in document order. The goal is an empty list.
#[rustfmt::skip]
const REMAINING: &[&str] = &[
];

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// A rule as the tests name it: "602.7a", "708.11 (2nd)" for the number printed twice, or a
/// glossary entry "G-Power-up".
type Rule = String;

/// One line of docs/vstcg/sections.md: the rule and whether it is tagged [checkable].
struct Line {
    rule: Rule,
    checkable: bool,
}

/// The rules and glossary entries of docs/vstcg/sections.md, in document order.
fn lines() -> Vec<Line> {
    let text = std::fs::read_to_string(root().join("docs/vstcg/sections.md")).unwrap();
    parse_sections(&text)
}

/// A line lists a rule when it is a bullet whose first word is a rule number or a glossary
/// id and that ends with its tag: `- 602.7a — ... — [checkable]`, `- 708.11 (2nd) — ...`,
/// `- 508.2l (printed "508.21") — ...`, `- G-Power-up — ... — [definition]`.
fn parse_sections(text: &str) -> Vec<Line> {
    let mut out = Vec::new();
    for line in text.lines() {
        let Some(rest) = line.strip_prefix("- ") else {
            continue;
        };
        let tagged = line.ends_with("[checkable]")
            || line.ends_with("[definition]")
            || line.contains("[not-checkable");
        let head = rest.split(" — ").next().unwrap();
        let number = head.split_whitespace().next().unwrap_or("");
        if !tagged || !(is_number(number) || is_glossary(number)) {
            assert!(
                !line.ends_with("[checkable]"),
                "docs/vstcg/sections.md: no rule number in {line:?}"
            );
            continue;
        }
        let ordinal = if head.contains("(1st)") {
            " (1st)"
        } else if head.contains("(2nd)") {
            " (2nd)"
        } else {
            ""
        };
        out.push(Line {
            rule: format!("{number}{ordinal}"),
            checkable: line.ends_with("[checkable]"),
        });
    }
    out
}

/// A rule number: `602`, `602.7`, `602.7a`.
fn is_number(s: &str) -> bool {
    let (top, sub) = s.split_once('.').unwrap_or((s, ""));
    if top.len() != 3 || !top.bytes().all(|b| b.is_ascii_digit()) {
        return false;
    }
    if !s.contains('.') {
        return true;
    }
    is_sub_number(sub)
}

/// The part of a rule number after its dot: `7`, `7a`, `10d`.
fn is_sub_number(s: &str) -> bool {
    let digits = s.trim_end_matches(|c: char| c.is_ascii_lowercase());
    !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) && s.len() - digits.len() <= 1
}

/// A glossary id: `G-Power-up`.
fn is_glossary(s: &str) -> bool {
    s.strip_prefix("G-").is_some_and(|t| {
        !t.is_empty()
            && t.split('-').all(|w| !w.is_empty())
            && t.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-')
    })
}

/// A rule as docs/rulings.md or `REMAINING` writes it: a number, a number with its ordinal
/// (`708.11 (2nd)`), or a glossary id.
fn is_rule(s: &str) -> bool {
    let (number, ordinal) = s.split_once(' ').unwrap_or((s, ""));
    (is_number(number) || is_glossary(number)) && ["", "(1st)", "(2nd)"].contains(&ordinal)
}

/// Each glossary entry as the words a name writes it with: G-Power-up is `power`, `up`.
/// Longest first, so that the longest term that matches wins.
fn glossary_words(lines: &[Line]) -> Vec<(Vec<String>, Rule)> {
    let mut out: Vec<(Vec<String>, Rule)> = lines
        .iter()
        .filter_map(|l| {
            let term = l.rule.strip_prefix("G-")?;
            let words = term.split('-').map(str::to_ascii_lowercase).collect();
            Some((words, l.rule.clone()))
        })
        .collect();
    out.sort_by_key(|(words, _)| std::cmp::Reverse(words.len()));
    out
}

/// The rules a name (split into words by `-` or `_`) names: `r` and a three-digit number
/// followed by the number after its dot, read as far as the number goes, then an optional
/// `1st`/`2nd`; or `g` followed by the words of a glossary term, the longest that matches.
/// With `at_start`, only a rule at the start of the name counts.
fn rules_named(name: &str, at_start: bool, glossary: &[(Vec<String>, Rule)]) -> Vec<Rule> {
    let words: Vec<&str> = name.split(['-', '_']).collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < words.len() {
        let w = words[i];
        let top = w.strip_prefix('r').filter(|n| n.len() == 3 && is_number(n));
        if let Some(top) = top {
            let mut rule = top.to_string();
            let mut j = i + 1;
            if let Some(sub) = words.get(j).filter(|s| is_sub_number(s)) {
                rule.push('.');
                rule.push_str(sub);
                j += 1;
            }
            match words.get(j) {
                Some(&"1st") => {
                    rule.push_str(" (1st)");
                    j += 1;
                }
                Some(&"2nd") => {
                    rule.push_str(" (2nd)");
                    j += 1;
                }
                _ => {}
            }
            out.push(rule);
            i = j;
        } else if let Some((term, rule)) = (w == "g")
            .then(|| {
                glossary.iter().find(|(term, _)| {
                    words.len() > i + term.len()
                        && term.iter().zip(&words[i + 1..]).all(|(t, w)| t == w)
                })
            })
            .flatten()
        {
            out.push(rule.clone());
            i += 1 + term.len();
        } else {
            i += 1;
        }
        if at_start {
            break;
        }
    }
    out
}

/// The conformance examples' rules, read from docs/vstcg/examples-rules.txt (one example a
/// line: `VS-TCG-001 102.2`; `#` starts a comment line).
fn example_rules() -> BTreeMap<String, Rule> {
    let text = std::fs::read_to_string(root().join("docs/vstcg/examples-rules.txt")).unwrap();
    parse_example_rules(&text)
}

fn parse_example_rules(text: &str) -> BTreeMap<String, Rule> {
    let mut out = BTreeMap::new();
    for line in text.lines() {
        if line.trim().is_empty() || line.starts_with('#') {
            continue;
        }
        let (id, rule) = line
            .split_once(' ')
            .unwrap_or_else(|| panic!("docs/vstcg/examples-rules.txt: {line:?}"));
        assert!(
            example_id(id) == Some(id) && is_rule(rule.trim()),
            "docs/vstcg/examples-rules.txt: {line:?} is not `VS-TCG-NNN rule`"
        );
        let old = out.insert(id.to_string(), rule.trim().to_string());
        assert!(old.is_none(), "docs/vstcg/examples-rules.txt: {id} twice");
    }
    out
}

/// The conformance example a scenario file name starts with: `VS-TCG-001` of
/// `VS-TCG-001-a-win.toml`'s stem.
fn example_id(stem: &str) -> Option<&str> {
    let id = stem.get(..10)?;
    let digits = id.strip_prefix("VS-TCG-")?;
    let rest = &stem[10..];
    (digits.bytes().all(|b| b.is_ascii_digit()) && (rest.is_empty() || rest.starts_with('-')))
        .then_some(id)
}

/// The rules a scenario file (its stem) is named after; an error for a conformance example
/// that docs/vstcg/examples-rules.txt does not have.
fn scenario_rules(
    stem: &str,
    glossary: &[(Vec<String>, Rule)],
    examples: &BTreeMap<String, Rule>,
) -> Result<Vec<Rule>, String> {
    match example_id(stem) {
        Some(id) => match examples.get(id) {
            Some(rule) => Ok(vec![rule.clone()]),
            None => Err(format!(
                "scenario {stem}: {id} is not in docs/vstcg/examples-rules.txt"
            )),
        },
        None => Ok(rules_named(stem, true, glossary)),
    }
}

/// The names of the `#[test]` functions of a Rust file: a `fn` after `#[test]` (and maybe
/// other attributes or comments). String literals and constants are not names.
fn test_fn_names(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut after_test = false;
    for line in text.lines() {
        let mut line = line.trim();
        if let Some(rest) = line.strip_prefix("#[test]") {
            after_test = true;
            line = rest.trim();
            if line.is_empty() {
                continue;
            }
        }
        if after_test && (line.starts_with("#[") || line.starts_with("//")) {
            continue;
        }
        if after_test {
            let line = line.strip_prefix("pub ").unwrap_or(line);
            if let Some(rest) = line.strip_prefix("fn ") {
                let name: String = rest
                    .chars()
                    .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                    .collect();
                out.push(name);
            }
        }
        after_test = false;
    }
    out
}

/// Rule → the tests named after it.
fn tests_by_rule(glossary: &[(Vec<String>, Rule)]) -> BTreeMap<Rule, Vec<String>> {
    let mut map: BTreeMap<Rule, Vec<String>> = BTreeMap::new();
    let examples = example_rules();
    let scenarios = root().join("scenarios/vstcg");
    for entry in std::fs::read_dir(&scenarios).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "toml") {
            let stem = path.file_stem().unwrap().to_string_lossy().into_owned();
            let rules =
                scenario_rules(&stem, glossary, &examples).unwrap_or_else(|e| panic!("{e}"));
            for r in rules {
                map.entry(r).or_default().push(format!("scenario {stem}"));
            }
        }
    }
    let crate_dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    rust_files(&crate_dir.join("src"), &mut files);
    rust_files(&crate_dir.join("tests"), &mut files);
    for file in files {
        let text = std::fs::read_to_string(&file).unwrap();
        for name in test_fn_names(&text) {
            for r in rules_named(&name, false, glossary) {
                map.entry(r).or_default().push(format!("fn {name}"));
            }
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

/// The rules docs/rulings.md lists as not implemented, with their reasons.
fn not_implemented() -> BTreeMap<Rule, String> {
    let text = std::fs::read_to_string(root().join("docs/rulings.md")).unwrap();
    parse_not_implemented(&text)
}

const NOT_IMPLEMENTED: &str = "## Vs. System TCG rules not implemented";

/// The bullets of the section [`NOT_IMPLEMENTED`], up to the next heading of its level or
/// above: `- **602.7c**, **708.11 (2nd)**, **G-Crossover**: reason`.
fn parse_not_implemented(text: &str) -> BTreeMap<Rule, String> {
    let start = text
        .find(&format!("\n{NOT_IMPLEMENTED}\n"))
        .unwrap_or_else(|| panic!("docs/rulings.md has a section \"{NOT_IMPLEMENTED}\""));
    let body = &text[start + NOT_IMPLEMENTED.len() + 2..];
    let end = body
        .find("\n## ")
        .into_iter()
        .chain(body.find("\n# "))
        .min()
        .unwrap_or(body.len());
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
            assert!(is_rule(id), "docs/rulings.md: {id:?} in {line:?}");
            out.insert(id.to_string(), reason.to_string());
        }
    }
    out
}

#[test]
fn every_checkable_rule_has_a_test_or_is_listed_as_not_implemented() {
    let lines = lines();
    let rules: Vec<&str> = lines
        .iter()
        .filter(|l| l.checkable)
        .map(|l| l.rule.as_str())
        .collect();
    let all: BTreeSet<&str> = rules.iter().copied().collect();
    assert_eq!(
        all.len(),
        rules.len(),
        "docs/vstcg/sections.md lists a checkable rule twice"
    );
    let known: BTreeSet<&str> = lines.iter().map(|l| l.rule.as_str()).collect();
    let glossary = glossary_words(&lines);
    let tests = tests_by_rule(&glossary);
    let skipped = not_implemented();
    let remaining: BTreeSet<&str> = REMAINING.iter().copied().collect();

    let mut errors = Vec::new();
    for s in skipped.keys() {
        if !all.contains(s.as_str()) {
            errors.push(format!(
                "docs/rulings.md lists {s} as not implemented, but it is not a checkable rule"
            ));
        }
    }
    for s in REMAINING {
        if !all.contains(s) {
            errors.push(format!("REMAINING lists {s}, not a checkable rule"));
        }
    }
    for (i, s) in REMAINING.iter().enumerate() {
        if REMAINING[..i].contains(s) {
            errors.push(format!("REMAINING lists {s} twice"));
        }
    }
    let position = |s: &str| rules.iter().position(|r| *r == s);
    for pair in REMAINING.windows(2) {
        if let (Some(a), Some(b)) = (position(pair[0]), position(pair[1])) {
            if a > b {
                errors.push(format!(
                    "REMAINING is not in document order: {} before {}",
                    pair[0], pair[1]
                ));
            }
        }
    }
    for (id, rule) in example_rules() {
        if !known.contains(rule.as_str()) {
            errors.push(format!(
                "docs/vstcg/examples-rules.txt files {id} under {rule}, not a rule of docs/vstcg/sections.md"
            ));
        }
    }

    let mut covered = 0;
    let mut missing = Vec::new();
    let mut stale = Vec::new();
    let mut both = Vec::new();
    let mut left = Vec::new();
    for s in &rules {
        let has_test = tests.contains_key(*s);
        let listed = skipped.contains_key(*s);
        if has_test {
            covered += 1;
        }
        if has_test && listed {
            both.push(format!("{s} ({})", tests[*s].join(", ")));
        }
        if remaining.contains(s) {
            if has_test || listed {
                stale.push(*s);
            } else {
                left.push(*s);
            }
        } else if !has_test && !listed {
            missing.push(*s);
        }
    }
    println!(
        "Vs. System TCG rules: {} checkable; {covered} with a test; {} listed as not implemented; {} remaining",
        rules.len(),
        skipped.len(),
        left.len()
    );
    if !left.is_empty() {
        println!(
            "Remaining work (REMAINING in tests/sections.rs): {}",
            left.join(", ")
        );
    }
    let unknown: Vec<String> = tests
        .iter()
        .filter(|(rule, _)| !known.contains(rule.as_str()))
        .map(|(rule, names)| format!("{rule} ({})", names.join(", ")))
        .collect();
    if !unknown.is_empty() {
        println!(
            "Tests named after no rule of docs/vstcg/sections.md: {}",
            unknown.join("; ")
        );
    }
    if !stale.is_empty() {
        errors.push(format!(
            "these rules in REMAINING now have a test or a not-implemented entry; take them off the list: {}",
            stale.join(", ")
        ));
    }
    if !both.is_empty() {
        errors.push(format!(
            "these rules have a test and are listed in docs/rulings.md as not implemented; \
             take them off docs/rulings.md: {}",
            both.join("; ")
        ));
    }
    if !missing.is_empty() {
        errors.push(format!(
            "checkable rules with no test named after them and not listed in docs/rulings.md \
             (\"Vs. System TCG rules not implemented\"): {}",
            missing.join(", ")
        ));
    }
    assert!(errors.is_empty(), "{}", errors.join("\n"));
}

fn glossary() -> Vec<(Vec<String>, Rule)> {
    glossary_words(&lines())
}

#[test]
fn parsing_reads_numbers_as_far_as_they_go() {
    let none = &[];
    assert_eq!(rules_named("r602_7a_breakthrough", false, none), ["602.7a"]);
    assert_eq!(rules_named("r602_7_breakthrough", false, none), ["602.7"]);
    assert_eq!(rules_named("r602_10d_x", false, none), ["602.10d"]);
    assert_eq!(rules_named("r215_counters", false, none), ["215"]);
    assert_eq!(rules_named("r213_1c_x", false, none), ["213.1c"]);
    assert_eq!(rules_named("r101_6_4_cards", false, none), ["101.6"]);
    assert_eq!(
        rules_named("r602_7a_r602_7b_x", false, none),
        ["602.7a", "602.7b"]
    );
    assert_eq!(
        rules_named("r708_11a_r708_11b_x", false, none),
        ["708.11a", "708.11b"]
    );
    assert!(rules_named("r6027a_x", false, none).is_empty());
    assert!(rules_named("every_vstcg_scenario_passes", false, none).is_empty());
    assert!(rules_named("random_games_keep_every_invariant", false, none).is_empty());
}

#[test]
fn parsing_tells_the_number_printed_twice_apart() {
    let none = &[];
    assert_eq!(rules_named("r708_11_2nd_x", false, none), ["708.11 (2nd)"]);
    assert_eq!(rules_named("r708_11_1st", false, none), ["708.11 (1st)"]);
    assert_eq!(rules_named("r708_11_x", false, none), ["708.11"]);
    assert_eq!(rules_named("r508_2l_x", false, none), ["508.2l"]);
    assert_eq!(rules_named("r708_2b_x", false, none), ["708.2b"]);
}

#[test]
fn parsing_reads_scenario_names_from_their_start() {
    let glossary = glossary();
    let examples = parse_example_rules("# comment\nVS-TCG-001 102.2\nVS-TCG-143 G-As-Though\n");
    let named = |stem: &str| scenario_rules(stem, &glossary, &examples).unwrap();
    assert_eq!(named("r602-7a-breakthrough"), ["602.7a"]);
    assert_eq!(named("r708-11-2nd-x"), ["708.11 (2nd)"]);
    assert_eq!(named("r602-7a-r602-7b-x"), ["602.7a"]);
    assert!(named("a-r602-7a-x").is_empty());
    assert_eq!(named("g-power-up-x"), ["G-Power-up"]);
    assert_eq!(named("VS-TCG-001-you-win"), ["102.2"]);
    assert_eq!(named("VS-TCG-001"), ["102.2"]);
    assert_eq!(named("VS-TCG-143-x"), ["G-As-Though"]);
    assert!(named("VS-TCG-0011-x").is_empty());
    assert!(named("2PCG-001-x").is_empty());
}

#[test]
fn parsing_refuses_an_example_with_no_rule() {
    let examples = parse_example_rules("VS-TCG-001 102.2\n");
    assert_eq!(
        scenario_rules("VS-TCG-002-x", &[], &examples),
        Err("scenario VS-TCG-002-x: VS-TCG-002 is not in docs/vstcg/examples-rules.txt".into())
    );
}

#[test]
fn parsing_reads_glossary_terms_longest_first() {
    let glossary = glossary();
    let named = |name: &str| rules_named(name, false, &glossary);
    assert_eq!(named("g_power_up_x"), ["G-Power-up"]);
    assert_eq!(named("g_cosmic_surge_x"), ["G-Cosmic-Surge"]);
    assert_eq!(named("g_cosmic_x"), ["G-Cosmic"]);
    assert_eq!(named("g_concealed_optional"), ["G-Concealed-Optional"]);
    assert_eq!(named("g_enters_a_kod_pile_x"), ["G-Enters-a-KOd-Pile"]);
    assert_eq!(named("g_team_attacks_x"), ["G-Team-Attacks"]);
    assert_eq!(named("g_team_attacker_x"), ["G-Team-Attacker"]);
    assert_eq!(named("g_dc_x"), ["G-DC"]);
    assert_eq!(named("r602_7a_g_may_x"), ["602.7a", "G-May"]);
    assert_eq!(named("g_may_r602_7a"), ["G-May", "602.7a"]);
    assert!(named("g_no_such_term").is_empty());
    assert!(named("power_up_x").is_empty());
}

#[test]
fn parsing_reads_the_checklist_lines() {
    let text = "- **708.11 is printed twice.** The first ...\n\
                - 100 — Heading. — [definition]\n\
                - 508.2l (printed \"508.21\") — Last. — [checkable]\n\
                - 708.2b (number not printed) — The copy. — [checkable]\n\
                - 708.11 (1st) — Heading: stun. — [definition]\n\
                - 708.11 (2nd) — Should be 708.11l. — [checkable]\n\
                - 100.2 — Tournament. — [not-checkable: tournament procedure]\n\
                - G-All-Characters — A condition. — [checkable]\n\
                - Numbered rules listed: **818**\n";
    let lines = parse_sections(text);
    let got: Vec<(&str, bool)> = lines
        .iter()
        .map(|l| (l.rule.as_str(), l.checkable))
        .collect();
    assert_eq!(
        got,
        [
            ("100", false),
            ("508.2l", true),
            ("708.2b", true),
            ("708.11 (1st)", false),
            ("708.11 (2nd)", true),
            ("100.2", false),
            ("G-All-Characters", true),
        ]
    );
    let all = self::lines();
    assert!(all.iter().any(|l| l.rule == "708.11 (2nd)" && l.checkable));
    assert!(all.iter().any(|l| l.rule == "G-Power-up"));
}

#[test]
fn parsing_reads_the_not_implemented_bullets() {
    let text = format!(
        "# Rulings\n\n{NOT_IMPLEMENTED}\n\nIntro.\n\n\
         - **602.7c**, **708.11 (2nd)**, **G-Crossover**: a reason long enough\n\
         - **101.4**: another reason long enough\n\n\
         ## Not implemented yet\n\n- **102.1**: not in the section at all\n"
    );
    let listed = parse_not_implemented(&text);
    let ids: Vec<&str> = listed.keys().map(String::as_str).collect();
    assert_eq!(ids, ["101.4", "602.7c", "708.11 (2nd)", "G-Crossover"]);
}

#[test]
fn parsing_counts_only_the_names_of_test_functions() {
    let text = "#[test]\nfn r100_1_x() {}\nfn r100_2_y() {}\n#[test]\n#[ignore]\n// why\nfn g_may_z() {}\n\
                const S: &str = \"#[test] fn r101_1\";\n#[test] fn r101_2_w() {}\n#[test]\npub fn r101_4_v() {}\n";
    assert_eq!(
        test_fn_names(text),
        ["r100_1_x", "g_may_z", "r101_2_w", "r101_4_v"]
    );
}

#[test]
fn parsing_finds_no_rule_in_this_files_own_tests() {
    let glossary = glossary();
    let text = include_str!("sections.rs");
    let names = test_fn_names(text);
    assert!(names.len() >= 9, "{names:?}");
    for name in names {
        assert!(
            rules_named(&name, false, &glossary).is_empty(),
            "fn {name} in tests/sections.rs would count as a test of a rule"
        );
    }
}
