//! How a diagnostic reads: the `file:line:col: message` line first, then the offending
//! line with a caret, the hint and the notes; and it never panics on odd places.

use crossover_diag::{did_you_mean, use_color, Diagnostic};

const DECK: &str = "# Avengers\nmain mnb-001\n4 Captian America\n4 mnb-011\n";

#[test]
fn a_span_shows_the_line_with_a_caret_the_hint_and_the_notes() {
    let start = DECK.find("Captian").unwrap();
    let d = Diagnostic::at_span(
        "avengers.deck",
        DECK,
        start..start + "Captian America".len(),
        "unknown card `Captian America`",
    )
    .with_did_you_mean(
        "Captian America",
        ["Black Panther", "Captain America", "Iceman"],
    )
    .with_note("cards are named by number (mnb-015) or by exact name");
    let text = d.render(false);
    assert!(
        text.starts_with("avengers.deck:3:3: unknown card `Captian America`\n"),
        "{text}"
    );
    insta::assert_snapshot!("span_with_hint_and_note", text);
}

#[test]
fn a_line_without_a_column_underlines_the_line_text() {
    let d = Diagnostic::at_line(
        "avengers.deck",
        4,
        "4 copies of Black Panther; at most 1 are allowed",
    )
    .with_hint("One of a Kind allows one copy")
    .with_source(DECK);
    assert_eq!(d.col, 0);
    let text = d.render(false);
    assert!(text.starts_with("avengers.deck:4: 4 copies"), "{text}");
    insta::assert_snapshot!("line_only", text);
}

#[test]
fn without_the_text_the_hint_and_notes_follow_the_first_line() {
    let d = Diagnostic::at_line(
        "cosmo.deck",
        16,
        "Cosmo (mnb-061) is banned from tournament play",
    )
    .with_hint("add --casual")
    .with_note("Major Rulings, Errata, Bans");
    insta::assert_snapshot!("no_source", d.render(false));
    assert_eq!(
        d.to_string(),
        "cosmo.deck:16: Cosmo (mnb-061) is banned from tournament play"
    );
    assert_eq!(
        Diagnostic::file("x.cards", "can't read it").to_string(),
        "x.cards: can't read it"
    );
}

#[test]
fn colour_adds_escapes_and_plain_has_none() {
    let d = Diagnostic::at_span(
        "a.toml",
        "game = \"chess\"\n",
        7..14,
        "unknown game `chess`",
    );
    assert!(!d.render(false).contains('\x1b'));
    assert!(d.render(true).contains('\x1b'));
    assert!(d
        .render(true)
        .starts_with("a.toml:1:8: unknown game `chess`\n"));
    // Not a terminal: never colour, whatever NO_COLOR says.
    assert!(!use_color(false));
}

#[test]
fn odd_places_never_panic() {
    let texts = ["", "\n", "abc", "abc\n", "é\nñé\n", "a\r\nb"];
    for text in texts {
        for start in 0..text.len() + 3 {
            for end in [0, start, start + 1, start + 7, usize::MAX] {
                let d = Diagnostic::at_span("f", text, start..end, "m");
                let shown = d.render(false);
                assert!(shown.starts_with("f:"), "{shown}");
                assert!(d.line >= 1 && d.col >= 1);
                d.render(true);
                d.clone().with_source("other text").render(false);
            }
        }
        for line in 0..5 {
            for col in 0..4 {
                Diagnostic::at_line_col("f", line, col, "m")
                    .with_source(text)
                    .render(false);
            }
        }
    }
    // A span at the very end of a file.
    let d = Diagnostic::at_span("f", "abc\n", 4..4, "end");
    assert_eq!((d.line, d.col), (2, 1));
    // Inside a two-byte character: widened to the whole character.
    let d = Diagnostic::at_span("f", "é", 1..1, "m");
    assert_eq!((d.line, d.col, d.span.clone()), (1, 1, Some(0..2)));
}

#[test]
fn did_you_mean_finds_typos_and_case_but_not_other_words() {
    let cards = ["Captain America", "Black Panther", "Iceman", "mnb-011"];
    assert_eq!(
        did_you_mean("Captian America", cards),
        Some("Captain America")
    );
    assert_eq!(
        did_you_mean("captain america", cards),
        Some("Captain America")
    );
    assert_eq!(did_you_mean("icemna", cards), Some("Iceman"));
    assert_eq!(did_you_mean("mnb-0111", cards), Some("mnb-011"));
    assert_eq!(did_you_mean("Wolverine", cards), None);
    assert_eq!(did_you_mean("x", cards), None);
    assert_eq!(did_you_mean("anything", []), None);
    assert_eq!(
        did_you_mean("chss", ["vs2pcg", "toy", "chess"]),
        Some("chess")
    );
}

#[test]
fn a_long_line_or_a_span_over_a_whole_file_is_shown_as_a_window_not_megabytes() {
    // A setup of one 3 MB line printed 6 MB of error: the line and a caret under it.
    let text = format!("{{\"pile\": 1, \"x\": \"{}\" ,]}}\n", "a".repeat(3_000_000));
    let at = text.find(" ,]").unwrap() + 2;
    let d = Diagnostic::at_span("s.json", text.as_str(), at..at + 1, "expected value");
    let shown = d.render(false);
    assert!(shown.len() < 1_000, "{} bytes:\n{shown}", shown.len());
    let col = at + 1;
    assert!(shown.starts_with(&format!("s.json:1:{col}: ")), "{shown}");
    assert!(shown.contains(&format!("┌─ s.json:1:{col}\n")), "{shown}");
    assert!(shown.contains("…aaaa"), "{shown}");
    assert!(shown.contains(" ,]}"), "{shown}");
    // The line number is kept for a long line further down.
    let text = format!("one\ntwo\n{}\n", "b".repeat(10_000));
    let d = Diagnostic::at_span("f", text.as_str(), 8 + 5_000..8 + 5_001, "m");
    let shown = d.render(false);
    assert!(shown.contains("3 │ …bbb"), "{shown}");
    assert!(shown.len() < 1_000, "{shown}");
    // A span over 100,000 lines is drawn on its first line.
    let text = "x\n".repeat(100_000);
    let d = Diagnostic::at_span("f", text.as_str(), 0..text.len(), "m");
    let shown = d.render(false);
    assert!(shown.len() < 1_000, "{} bytes", shown.len());
}
