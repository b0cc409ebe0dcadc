//! The card file example of docs/cards.md ("Vs. System TCG") compiles, and its decks
//! example in docs/decks.md reads with the built-in cards (its set-coded line aside).

use crossover_vstcg::db::CardPool;

fn root() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The first ```text block after `heading`.
fn first_block(doc: &str, heading: &str) -> String {
    let text = std::fs::read_to_string(root().join(doc)).unwrap();
    let at = text
        .find(heading)
        .unwrap_or_else(|| panic!("{doc} has no {heading:?}"));
    let rest = &text[at..];
    let start = rest.find("```text\n").expect("a text block") + "```text\n".len();
    let end = rest[start..].find("```").expect("the block ends");
    rest[start..start + end].to_string()
}

#[test]
fn the_card_file_example_in_docs_cards_md_compiles() {
    let block = first_block("docs/cards.md", "# Vs. System TCG");
    let mut pool = CardPool::built_in();
    let n = pool
        .add_file("docs/cards.md", &block)
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(n, 3);
    // By id: the built-in quoted Focused Blast has the same name.
    let fb = pool.find("x-fb").expect("the example's card");
    let text = crossover_vstcg::text::card_line(&pool, pool.def(fb));
    assert!(
        text.contains("To play, exhaust a character you control with range"),
        "{text}"
    );
}

#[test]
fn the_deck_list_example_in_docs_decks_md_reads() {
    let block = first_block("docs/decks.md", "# Vs. System TCG deck lists");
    let pool = CardPool::built_in();
    // Dr. Doom's set code is not an id of ours, but his name finds the quoted card; the
    // deck check refuses him for the stats no source gives (and the deck is short).
    let file = crossover_vstcg::deckfile::read_deck(&pool, &block).unwrap();
    let problems = file.check(&pool);
    let doom: Vec<_> = problems.iter().filter(|p| p.line != 0).collect();
    assert_eq!(doom.len(), 1, "{problems:?}");
    assert_eq!(doom[0].line, 5);
    assert!(
        doom[0]
            .message
            .contains("Dr. Doom, Diabolic Genius can't be played: no source gives its"),
        "{problems:?}"
    );
}
