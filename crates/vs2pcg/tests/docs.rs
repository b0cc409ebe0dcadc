//! The card-format reference in docs/cards.md stays the same as the grammar the loader
//! documents in cardfile/mod.rs, and every example card in the docs loads.

use std::path::Path;

fn read(rel: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(rel);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

#[test]
fn docs_cards_md_carries_the_whole_card_grammar() {
    let module: Vec<String> = read("src/cardfile/mod.rs")
        .lines()
        .take_while(|l| l.starts_with("//!"))
        .map(|l| l.trim_start_matches("//!").trim().to_string())
        .filter(|l| !l.is_empty())
        .collect();
    let docs = read("../../docs/cards.md");
    let docs_lines: Vec<&str> = docs.lines().map(str::trim).collect();
    for line in &module {
        assert!(
            docs_lines.contains(&line.as_str()),
            "docs/cards.md is missing this line of the grammar in cardfile/mod.rs: {line}"
        );
    }
}

#[test]
fn every_card_example_in_docs_cards_md_loads() {
    let docs = read("../../docs/cards.md");
    let mut blocks = 0;
    for block in docs.split("```lisp").skip(1) {
        let mut code = block.split("```").next().unwrap().to_string();
        // An example shows one level; the other levels it links to live in mnb.cards.
        while let Some(i) = code.find(" (levels ") {
            let j = i + code[i..].find(')').unwrap() + 1;
            code.replace_range(i..j, "");
        }
        if code.trim_start().starts_with("(power") {
            // A power on its own: put it on a plain character to check it.
            code = format!(
                "(card doc-001 \"Example\" (supporting (cost 1) (atk 1) (def 1) (health 1)) {code})"
            );
        }
        crossover_vs2pcg::cardfile::parse_cards("docs/cards.md", &code)
            .unwrap_or_else(|e| panic!("example does not load: {e}\n{code}"));
        blocks += 1;
    }
    assert!(blocks >= 3, "docs/cards.md should show worked examples");
}
