//! `--cards DIR` loading (issue 11 §3.6, §3.7): linear in the number of cards, bounded
//! in size, and checked as the merged database.

use crossover_vs2pcg::cardfile;
use std::path::{Path, PathBuf};

fn temp_dir(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("crossover-cards-{}-{test}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn many_cards(dir: &Path, n: usize) {
    let mut src = String::with_capacity(n * 48);
    for i in 0..n {
        src += &format!("(card z-{i:06} \"Place {i}\" (location might))\n");
    }
    std::fs::write(dir.join("many.cards"), src).unwrap();
}

#[test]
fn a_cards_directory_of_tens_of_thousands_of_cards_loads_every_card() {
    let dir = temp_dir("many");
    many_cards(&dir, 40_000);
    // Merging used to scan every card for every override (40,000 took minutes); it is a
    // map lookup now. No timing is asserted here (speed lives in benchmarks): a return of
    // the quadratic merge shows as this test taking minutes.
    let cards = cardfile::load_dir_over_embedded(&dir).unwrap_or_else(|e| panic!("{e}"));
    assert!(cards.len() > 40_000);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn more_cards_than_a_database_can_number_are_refused_with_a_message() {
    let dir = temp_dir("toomany");
    many_cards(&dir, 70_000);
    let e = cardfile::load_dir_over_embedded(&dir).unwrap_err();
    assert!(e.to_string().contains("holds at most 65535"), "{e}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn an_override_of_one_level_is_accepted_and_one_that_breaks_a_level_is_refused() {
    let dir = temp_dir("levels");
    std::fs::write(
        dir.join("cap.cards"),
        "(card mnb-001 \"Captain America\"\n (main 1 (atk 3) (def 5) (health 5) (team avengers) (levels mnb-002)))",
    )
    .unwrap();
    let cards = cardfile::load_dir_over_embedded(&dir).unwrap_or_else(|e| panic!("{e}"));
    let cap = cards.iter().find(|c| c.number == "mnb-001").unwrap();
    assert_eq!(cap.atk, 3, "the override replaced the built-in card");
    assert!(cap.source.contains("cap.cards"));
    std::fs::write(
        dir.join("cap.cards"),
        "(card mnb-002 \"Captain America\"\n (supporting (cost 3) (atk 3) (def 3) (health 1) (team avengers)))",
    )
    .unwrap();
    let e = cardfile::load_dir_over_embedded(&dir).unwrap_err();
    assert!(
        e.to_string()
            .contains("mnb-002 as a level, but mnb-002 is not a main character"),
        "{e}"
    );
    // The same check applies to scenario-local overrides (`db::with_overrides`).
    let bad = cardfile::parse_cards(
        "s.cards",
        "(card mnb-002 \"Captain America\" (supporting (cost 3) (atk 3) (def 3) (health 1)))",
    )
    .unwrap();
    let e = crossover_vs2pcg::db::with_overrides(bad).unwrap_err();
    assert!(e.contains("lists mnb-002 as a level"), "{e}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn reads_stop_at_the_cap_and_name_the_path() {
    if Path::new("/dev/zero").exists() {
        let e = cardfile::read_capped(Path::new("/dev/zero"), 1 << 16).unwrap_err();
        assert!(
            e.contains("/dev/zero") && e.contains("larger than 65536 bytes"),
            "{e}"
        );
    }
    let e = cardfile::read_capped(Path::new("/nonexistent/x.cards"), 10).unwrap_err();
    assert!(e.starts_with("/nonexistent/x.cards: "), "{e}");
    let e = cardfile::utf8_text("d.deck", b"main x\n\n4 Caf\xe9\n".to_vec()).unwrap_err();
    assert!(e.starts_with("d.deck:3: this is not UTF-8 text"), "{e}");
}

#[test]
fn a_card_file_with_a_byte_order_mark_loads() {
    // The mark was read as an atom: "expected a (card NUMBER "Name" ...) form, found ``".
    let dir = temp_dir("bom");
    std::fs::write(
        dir.join("bom.cards"),
        "\u{feff}(card z-000001 \"Place\" (location might))\n",
    )
    .unwrap();
    let cards = cardfile::load_dir_over_embedded(&dir).unwrap_or_else(|e| panic!("{e}"));
    assert!(cards.iter().any(|c| c.number == "z-000001"));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_directory_of_many_large_card_files_stops_at_the_first_file_past_the_limit() {
    // Every file was parsed before the count was checked: ten files of 70,000 cards
    // each held gigabytes of definitions. Reading stops after the first one now.
    let dir = temp_dir("manyfiles");
    many_cards(&dir, 70_000);
    let one = std::fs::read_to_string(dir.join("many.cards")).unwrap();
    for i in 0..10 {
        std::fs::write(dir.join(format!("more-{i}.cards")), &one).unwrap();
    }
    let e = cardfile::load_dir_over_embedded(&dir).unwrap_err();
    assert!(e.to_string().contains("70000 card definitions"), "{e}");
    assert!(e.to_string().contains("holds at most 65535"), "{e}");
    std::fs::remove_dir_all(&dir).unwrap();
}
