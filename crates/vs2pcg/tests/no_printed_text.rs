//! No card's printed rules text is in the project (issue 11, section 5): no run of 9
//! consecutive words of the printed text of a card of the five sets the rulebook covers
//! (Marvel Battles, The Defenders, A-Force, Aliens, Legacy; case and punctuation
//! ignored) appears in any text file of the repository, nor in the card text the
//! engine generates (`crossover cards list vs2pcg`, `crossover cards show`).
//!
//! The printed text is read from the shared card data beside the project
//! (`../shared/cards/vs-2pcg/vs-cards.normalized.json`); without it the test has
//! nothing to compare against and is ignored, with that as its reason (`build.rs`).
//! Power and card names may be quoted: a line of the printed text that names the power
//! below it is left out, and runs do not cross lines. Rules language is not card text: a
//! run that is also in one of the rulebooks (`../shared/rules`: a keyword's definition
//! printed on a card as a reminder, a game term) may be in the project.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

const RUN: usize = 9;

fn words(text: &str) -> Vec<String> {
    text.to_lowercase()
        .replace(['\'', '\u{2019}'], "")
        .split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_string)
        .collect()
}

/// Every 9-word run of each card's printed text, with the card it is from.
fn printed_runs(json: &str) -> BTreeMap<String, String> {
    let cards: serde_json::Value = serde_json::from_str(json).expect("card data is JSON");
    let mut runs = BTreeMap::new();
    for card in cards.as_array().expect("a list of cards") {
        let label = format!("{} {}", card["guid"], card["name"]);
        let text = card["text"].as_str().unwrap_or("");
        for paragraph in text.split("\n\n") {
            let lines: Vec<&str> = paragraph.lines().collect();
            // A paragraph of several lines opens with the power's name.
            let skip = usize::from(lines.len() > 1);
            for line in &lines[skip..] {
                let w = words(line);
                for run in w.windows(RUN) {
                    runs.entry(run.join(" ")).or_insert_with(|| label.clone());
                }
            }
        }
    }
    runs
}

/// Every 9-word run of the rulebooks beside the project (`../shared/rules`).
fn rulebook_runs() -> BTreeSet<String> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/rules");
    let mut runs = BTreeSet::new();
    for e in std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{} can't be read ({e})", dir.display()))
        .flatten()
    {
        let Ok(text) = std::fs::read_to_string(e.path()) else {
            continue;
        };
        for line in text.lines() {
            for run in words(line).windows(RUN) {
                runs.insert(run.join(" "));
            }
        }
    }
    assert!(runs.len() > 1000, "the rulebooks are in {}", dir.display());
    runs
}

/// The printed runs of the card data that are not rules language.
fn card_only_runs(json: &str) -> BTreeMap<String, String> {
    let rules = rulebook_runs();
    let mut runs = printed_runs(json);
    runs.retain(|run, _| !rules.contains(run));
    runs
}

/// The runs of `text` that are printed text: (run, card).
fn found(text: &str, runs: &BTreeMap<String, String>) -> BTreeSet<(String, String)> {
    words(text)
        .windows(RUN)
        .filter_map(|w| {
            let run = w.join(" ");
            runs.get(&run).map(|card| (run, card.clone()))
        })
        .collect()
}

fn text_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let path = e.path();
        let name = e.file_name();
        if name == "target" || name.to_string_lossy().starts_with('.') {
            continue;
        }
        if path.is_dir() {
            text_files(&path, out);
        } else {
            out.push(path);
        }
    }
}

/// The community card data (present: `build.rs` found it).
fn shared_card_data() -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../../shared/cards/vs-2pcg/vs-cards.normalized.json");
    std::fs::read_to_string(&path).unwrap_or_else(|e| {
        panic!(
            "{} can't be read ({e}); it was there when this test was built \
             (`cargo clean -p crossover-vs2pcg` looks again)",
            path.display()
        )
    })
}

#[test]
fn the_word_runs_are_case_and_punctuation_blind() {
    let runs = printed_runs(
        r#"[{"set":"mnb","guid":"mnb-999","name":"X","text":"Blast\nMain: Stun a supporting character; it can't recover, ever, at all.\n\nAKA Y"}]"#,
    );
    assert_eq!(runs.len(), 3, "{runs:?}");
    assert_eq!(
        found(
            "STUN a Supporting character -- it cant recover ever at",
            &runs
        )
        .len(),
        1
    );
    assert!(found(
        "Blast main stun a supporting character it cant recover",
        &runs
    )
    .is_empty());
}

#[test]
#[cfg_attr(
    not(shared_cards),
    ignore = "needs the community card data in ../shared/cards/vs-2pcg, not beside this checkout"
)]
fn no_printed_rules_text_of_a_marvel_battles_card_is_in_the_repository() {
    let json = shared_card_data();
    let runs = card_only_runs(&json);
    assert!(runs.len() > 100, "the card data has Marvel Battles text");
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let mut files = Vec::new();
    for dir in ["crates", "docs", "scenarios"] {
        text_files(&root.join(dir), &mut files);
    }
    files.push(root.join("README.md"));
    let mut failures = Vec::new();
    for f in &files {
        // Binary files are not text: skipped.
        let Ok(text) = std::fs::read_to_string(f) else {
            continue;
        };
        for (run, card) in found(&text, &runs) {
            failures.push(format!("{}: \"{run}\" ({card})", f.display()));
        }
    }
    assert!(
        failures.is_empty(),
        "printed text in the repository:\n{}",
        failures.join("\n")
    );
}

#[test]
#[cfg_attr(
    not(shared_cards),
    ignore = "needs the community card data in ../shared/cards/vs-2pcg, not beside this checkout"
)]
fn generated_card_text_does_not_reproduce_printed_text() {
    let json = shared_card_data();
    let runs = card_only_runs(&json);
    let mut failures = Vec::new();
    for card in crossover_vs2pcg::cardfile::embedded_cards().expect("the embedded cards load") {
        let card = &card;
        let text = crossover_vs2pcg::text::card_text(card);
        for (run, printed) in found(&text, &runs) {
            failures.push(format!(
                "{} {}: \"{run}\" ({printed})",
                card.number, card.name
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "generated card text reproduces printed text:\n{}",
        failures.join("\n")
    );
}
