//! Only the mutation atoms (`src/atoms.rs`) change a card's condition (ARCHITECTURE.md,
//! "The path of one action"): they fire the events triggers listen for, so a rules module
//! writing a condition itself would skip them. This reads the sources and names every
//! line outside the atoms that does.
//!
//! Zones are no longer scanned for: a player's zone lists and a card's zone are private
//! to `src/state.rs`, and change only through its zone-list operations (`new_card`,
//! `unlist`/`list`, `relist`, `swap_places`, the deck orderings), which keep every card in
//! the list of its zone; the compiler refuses any other write (issue 34 §1). What this
//! scan still covers, the card's condition fields, is to move to visibility the same way.

use std::path::Path;

/// Files that may write these fields: the atoms; the setup, which builds the first state
/// (nothing moves yet); the test kit and the scenarios, which set up positions.
const ALLOWED: &[&str] = &["atoms.rs", "setup.rs", "testkit.rs", "scenario.rs"];

/// A card's condition (and its side and attachments).
const CARD_FIELDS: &[&str] = &[
    "face_up",
    "exhausted",
    "wounds",
    "lethal_wound",
    "controller",
    "captor",
    "attached_to",
    "equipment",
];

fn code(line: &str) -> &str {
    line.split("//").next().unwrap_or("")
}

/// Does `line` write a card's condition?
fn writes_condition(line: &str) -> bool {
    let line = code(line);
    let assigns = |field: &str| {
        let pat = format!(".{field}");
        line.match_indices(&pat).any(|(i, _)| {
            let rest = line[i + pat.len()..].trim_start();
            let word_ends = !line[i + pat.len()..]
                .starts_with(|c: char| c.is_ascii_alphanumeric() || c == '_' || c == '(');
            word_ends
                && (rest.starts_with("+=")
                    || rest.starts_with("-=")
                    || (rest.starts_with('=')
                        && !rest.starts_with("==")
                        && !rest.starts_with("=>")))
        })
    };
    CARD_FIELDS.iter().any(|f| assigns(f))
}

fn source_files(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("src/") {
        let path = entry.expect("entry").path();
        if path.is_dir() {
            source_files(&path, out);
        } else if path.extension().is_some_and(|x| x == "rs") {
            out.push(path);
        }
    }
}

#[test]
fn only_the_atoms_change_a_cards_condition() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    source_files(&src, &mut files);
    let mut found = Vec::new();
    for path in files {
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        if ALLOWED.contains(&name.as_str()) {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        for (i, line) in text.lines().enumerate() {
            if writes_condition(line) {
                let rel = path.strip_prefix(&src).unwrap().display();
                found.push(format!("src/{rel}:{}: {}", i + 1, line.trim()));
            }
        }
    }
    assert!(
        found.is_empty(),
        "these lines change a card's condition outside the atoms (add or use an atom in atoms.rs):\n{}",
        found.join("\n")
    );
}

#[test]
fn the_scan_sees_writes_and_not_reads() {
    for write in [
        "self.card_mut(c).controller = 1;",
        "card.face_up = false;",
        "self.cards[c as usize].exhausted = true;",
        "card.wounds += 1;",
    ] {
        assert!(writes_condition(write), "missed: {write}");
    }
    for read in [
        "if self.card(c).zone == Zone::Hand {",
        "let up = card.face_up;",
        "let n = self.players[s].hand.len();",
        "self.exhaust(c); // card.exhausted = true",
        "let zone = Zone::of_row(row);",
        "for &c in &p.deck {",
        "Action::Attack { attacker } if self.card(*attacker).exhausted => None,",
    ] {
        assert!(!writes_condition(read), "flagged a read: {read}");
    }
}
