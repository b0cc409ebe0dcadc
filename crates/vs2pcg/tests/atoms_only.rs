//! Only the mutation atoms (`src/atoms.rs`) move cards between zones and change their
//! condition (ARCHITECTURE.md, "The path of one action"): they fire the events triggers
//! listen for, so a rules module writing a zone or a condition itself would skip them.
//! This reads the sources and names every line outside the atoms that does.

use std::path::Path;

/// Files that may write these fields: the atoms; the setup, which builds the first state
/// (nothing moves yet); the test kit and the scenarios, which set up positions.
const ALLOWED: &[&str] = &["atoms.rs", "setup.rs", "testkit.rs", "scenario.rs"];

/// A card's place and condition.
const CARD_FIELDS: &[&str] = &[
    "zone",
    "face_up",
    "exhausted",
    "wounds",
    "lethal_wound",
    "controller",
    "captor",
    "attached_to",
    "equipment",
];

/// A player's zones.
const ZONES: &[&str] = &[
    "deck",
    "hand",
    "ko_pile",
    "front",
    "back",
    "resources",
    "removed",
    "set_aside",
    "facehugger_pile",
];

const LIST_CHANGES: &[&str] = &[
    "push(",
    "insert(",
    "remove(",
    "retain(",
    "clear()",
    "pop()",
    "swap_remove(",
    "drain(",
    "truncate(",
    "append(",
    "sort",
    "reverse()",
];

fn code(line: &str) -> &str {
    line.split("//").next().unwrap_or("")
}

/// Does `line` write a card's place or condition, or change a zone list?
fn writes_place_or_condition(line: &str) -> bool {
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
    let changes_list = |zone: &str| {
        LIST_CHANGES
            .iter()
            .any(|m| line.contains(&format!(".{zone}.{m}")))
            || line.contains(&format!("&mut self.players[seat].{zone}"))
            || line.contains("mem::take(&mut self.players")
    };
    CARD_FIELDS.iter().any(|f| assigns(f))
        || ZONES.iter().any(|z| assigns(z) || changes_list(z))
        || line.contains("row_mut(")
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
fn only_the_atoms_move_cards_or_change_their_condition() {
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
            // `Player::row_mut` itself is defined in state.rs.
            if name == "state.rs" && line.contains("fn row_mut(") {
                continue;
            }
            if writes_place_or_condition(line) {
                let rel = path.strip_prefix(&src).unwrap().display();
                found.push(format!("src/{rel}:{}: {}", i + 1, line.trim()));
            }
        }
    }
    assert!(
        found.is_empty(),
        "these lines move cards or change their condition outside the atoms (add or use an atom in atoms.rs):\n{}",
        found.join("\n")
    );
}

#[test]
fn the_scan_sees_writes_and_not_reads() {
    for write in [
        "self.card_mut(c).zone = Zone::Deck;",
        "card.face_up = false;",
        "self.cards[c as usize].exhausted = true;",
        "card.wounds += 1;",
        "self.players[s].hand.push(c);",
        "p.front.retain(|&x| x != c);",
        "self.players[seat].deck.insert(0, c);",
        "p.row_mut(row).push(c);",
        "let hand = std::mem::take(&mut self.players[seat].hand);",
    ] {
        assert!(writes_place_or_condition(write), "missed: {write}");
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
        assert!(!writes_place_or_condition(read), "flagged a read: {read}");
    }
}
