//! 2PCG's file errors as diagnostics (`crossover_diag::Diagnostic`): card file errors and
//! deck errors, with the offending line when the file's text is at hand and a hint where
//! one helps (the nearest card name for an unknown card). The error types keep their
//! one-line `Display`; scenario errors convert in `crossover-scenario`.

use crate::cardfile::CardFileError;
use crate::db::CardDb;
use crate::deck::DeckError;
use crossover_diag::Diagnostic;

impl From<&CardFileError> for Diagnostic {
    fn from(e: &CardFileError) -> Self {
        card_file(e, None)
    }
}

impl From<&DeckError> for Diagnostic {
    fn from(e: &DeckError) -> Self {
        deck(e, None, None)
    }
}

/// A card file error; with the file's text, the offending line is shown.
pub fn card_file(e: &CardFileError, source: Option<&str>) -> Diagnostic {
    let d = match (e.line, e.col) {
        (0, _) => Diagnostic::file(&e.file, &e.message),
        (line, 0) => Diagnostic::at_line(&e.file, line as usize, &e.message),
        (line, col) => Diagnostic::at_line_col(&e.file, line as usize, col as usize, &e.message),
    };
    match source {
        Some(text) => d.with_source(text),
        None => d,
    }
}

/// A deck list error; with the deck's text its line is shown, and with the card database
/// an unknown card gets the nearest card's name or number as a hint.
pub fn deck(e: &DeckError, source: Option<&str>, db: Option<&CardDb>) -> Diagnostic {
    let mut d = if e.line == 0 {
        Diagnostic::file(&e.file, &e.message)
    } else {
        Diagnostic::at_line(&e.file, e.line as usize, &e.message)
    };
    if let Some(text) = source {
        d = d.with_source(text);
    }
    let unknown = e
        .message
        .strip_prefix("unknown card `")
        .and_then(|m| m.strip_suffix('`'));
    if let (Some(key), Some(db)) = (unknown, db) {
        let game_cards = db.cards.iter().filter(|c| !c.number.starts_with("xo-"));
        let candidates = game_cards.flat_map(|c| [c.name.as_str(), c.number.as_str()]);
        d = d.with_did_you_mean(key, candidates);
    }
    d
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_unknown_card_in_a_deck_shows_its_line_and_the_nearest_card() {
        let db = crate::cardfile::embedded();
        let text = "main mnb-001\n4 Captian America\n";
        let list = crate::deck::parse("a.deck", "a", text).unwrap();
        let problems = crate::deck::check("a.deck", &list, &db);
        let unknown = problems
            .iter()
            .find(|p| p.message.contains("unknown card"))
            .unwrap();
        let shown = deck(unknown, Some(text), Some(&db)).render(false);
        assert!(
            shown.starts_with("a.deck:2: unknown card `Captian America`\n"),
            "{shown}"
        );
        assert!(shown.contains("2 │ 4 Captian America"), "{shown}");
        assert!(shown.contains("did you mean `Captain America`?"), "{shown}");
        // The error's own line is unchanged.
        assert_eq!(
            unknown.to_string(),
            "a.deck:2: unknown card `Captian America`"
        );
    }

    #[test]
    fn a_card_file_error_keeps_its_line_and_column() {
        let text = "(card x-1 \"X\"\n  (supporting (cost 1)))\n";
        let e = crate::cardfile::parse_cards("x.cards", text).unwrap_err();
        let d = card_file(&e, Some(text));
        assert_eq!(d.to_string(), e.to_string());
        assert!(
            d.render(false).starts_with(&format!("{e}\n")),
            "{}",
            d.render(false)
        );
        assert_eq!(
            Diagnostic::from(&e).to_string(),
            e.to_string(),
            "without the text too"
        );
    }
}
