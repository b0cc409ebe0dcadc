//! Issue 34, §3: at least one scenario per keyword (706), tag keyword (707) and game
//! action (708). A scenario covers one when its top-level `rule` starts with the number
//! (`rule = "706.9b"` covers 706.9, `"706.1"` doesn't cover 706.10). A keyword or action
//! the engine doesn't implement (its number, or its first sub-rule `a` that says what it
//! does, is a bullet of docs/rulings.md's "Vs. System TCG rules not implemented") needs
//! none; one with only some later sub-rules listed (708.19b) still needs one.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// 706.2–706.18 (706.1 says what keywords are), 707.2–707.4 (707.1 says what tags are),
/// 708.2–708.19 (708.1 says what game actions are).
fn keywords_and_actions() -> Vec<String> {
    let mut all = Vec::new();
    all.extend((2..=18).map(|n| format!("706.{n}")));
    all.extend((2..=4).map(|n| format!("707.{n}")));
    all.extend((2..=19).map(|n| format!("708.{n}")));
    all
}

/// The top-level `rule` of a scenario file (the keys before the first table).
fn scenario_rule(text: &str) -> Option<String> {
    text.lines()
        .take_while(|l| !l.trim_start().starts_with('['))
        .find_map(|l| {
            let rest = l.strip_prefix("rule")?.trim_start().strip_prefix('=')?;
            Some(rest.trim().trim_matches('"').to_string())
        })
}

/// Does `rule` (say "706.9b") fall under `number` (say "706.9")?
fn under(rule: &str, number: &str) -> bool {
    rule.strip_prefix(number)
        .is_some_and(|rest| !rest.starts_with(|c: char| c.is_ascii_digit()))
}

/// The rule numbers of the bullets of "Vs. System TCG rules not implemented".
fn not_implemented() -> BTreeSet<String> {
    let text = std::fs::read_to_string(root().join("docs/rulings.md")).unwrap();
    let start = text
        .find("## Vs. System TCG rules not implemented")
        .expect("docs/rulings.md has the section");
    let section = &text[start..];
    let end = section[3..].find("\n## ").map_or(section.len(), |e| e + 3);
    bullet_rules(&section[..end])
}

/// The rule numbers at the head of each bullet: `- **706.13**, **706.13a**: reason`.
fn bullet_rules(section: &str) -> BTreeSet<String> {
    section
        .lines()
        .filter(|l| l.starts_with("- **"))
        .flat_map(|l| {
            let head = l.split(": ").next().unwrap_or("");
            head.split("**")
                .filter(|s| s.starts_with(|c: char| c.is_ascii_digit()))
                .map(str::to_string)
                .collect::<Vec<_>>()
        })
        .collect()
}

#[test]
fn every_keyword_and_game_action_has_a_scenario() {
    let dir = root().join("scenarios/vstcg");
    let mut rules = Vec::new();
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "toml") {
            let text = std::fs::read_to_string(&path).unwrap();
            if let Some(rule) = scenario_rule(&text) {
                rules.push(rule);
            }
        }
    }
    assert!(rules.len() > 100, "read the scenarios of {}", dir.display());
    let skipped = not_implemented();
    let missing: Vec<String> = keywords_and_actions()
        .into_iter()
        .filter(|n| !skipped.contains(n) && !skipped.contains(&format!("{n}a")))
        .filter(|n| !rules.iter().any(|r| under(r, n)))
        .collect();
    assert!(
        missing.is_empty(),
        "keywords and game actions with no scenario in scenarios/vstcg (a scenario's top-level \
         `rule` must start with the number): {missing:?}"
    );
}

#[test]
fn a_rule_is_under_its_own_number_only() {
    assert!(under("706.9b", "706.9"));
    assert!(under("706.9", "706.9"));
    assert!(!under("706.10", "706.1"));
    assert!(!under("708.1", "708.19"));
    assert_eq!(
        bullet_rules("intro\n- **706.13**, **706.13a**: why; see 708.1\n- **G-Exchange**: why"),
        BTreeSet::from(["706.13".to_string(), "706.13a".to_string()])
    );
    assert_eq!(
        scenario_rule("game = \"vstcg\"\nrule = \"706.16\"\n[[step]]\nrule = \"1\""),
        Some("706.16".to_string())
    );
}
