//! Every UFS example in docs/cards.md (the ```ufs blocks) is a card the loader reads, so
//! the reference can't drift from the card language.

use crossover_ufs::cardfile::parse_cards;

#[test]
fn every_ufs_example_in_docs_cards_md_loads() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/cards.md");
    let docs = std::fs::read_to_string(path).unwrap();
    let mut blocks = 0;
    let mut rest = docs.as_str();
    while let Some(start) = rest.find("```ufs\n") {
        let body = &rest[start + "```ufs\n".len()..];
        let end = body.find("```").expect("a closed ```ufs block");
        let cards = parse_cards(&body[..end])
            .unwrap_or_else(|e| panic!("docs/cards.md ```ufs block {}: {e:?}", blocks + 1));
        assert!(!cards.is_empty(), "an empty ```ufs block");
        blocks += 1;
        rest = &body[end..];
    }
    assert!(blocks >= 2, "docs/cards.md has {blocks} ```ufs examples");
}
