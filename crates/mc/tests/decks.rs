//! Deck building rules (Appendix I, DECK CUSTOMIZATION; docs/rulings.md MC-10) and
//! MarvelCDB deck files.

use crossover_mc::deckrules::{check, DeckProblem};
use crossover_mc::marvelcdb::read;
use crossover_mc::DeckList;

fn rules(problems: &[DeckProblem]) -> Vec<&'static str> {
    problems.iter().map(|p| p.rule).collect()
}

fn fixture(name: &str) -> String {
    std::fs::read_to_string(format!("{}/tests/decks/{name}", env!("CARGO_MANIFEST_DIR"))).unwrap()
}

#[test]
fn deck_customization_every_prebuilt_deck_is_legal() {
    let db = crossover_mc::db::core();
    for d in crossover_mc::decks::PREBUILT {
        let deck = DeckList::prebuilt(d.name).unwrap();
        assert_eq!(check(&deck, &db), vec![], "{}", d.name);
    }
}

#[test]
fn a_marvelcdb_deck_file_reads_to_its_cards_identity_and_aspect() {
    let f = read(&fixture("spider-man-justice.json"), "x").unwrap();
    let prebuilt = DeckList::prebuilt("spider-man").unwrap();
    assert_eq!(f.deck.hero, "01001a");
    assert_eq!(f.deck.aspect, prebuilt.aspect);
    let mut a = f.deck.cards.clone();
    let mut b = prebuilt.cards.clone();
    a.sort();
    b.sort();
    assert_eq!(a, b);
    assert_eq!(f.line_of("01005"), Some(14));
    assert!(check(&f.deck, &crossover_mc::db::core()).is_empty());
}

#[test]
fn older_exports_investigator_code_and_an_object_meta_and_the_alter_ego_code_are_read() {
    let text = fixture("spider-man-justice.json")
        .replace(
            "\"hero_code\": \"01001a\"",
            "\"investigator_code\": \"01001b\"",
        )
        .replace(
            "\"meta\": \"{\\\"aspect\\\":\\\"justice\\\"}\"",
            "\"meta\": {\"aspect\": \"justice\"}",
        );
    let f = read(&text, "x").unwrap();
    assert_eq!(f.deck.hero, "01001a");
    assert!(check(&f.deck, &crossover_mc::db::core()).is_empty());
}

#[test]
fn without_meta_the_aspect_is_the_one_the_cards_have() {
    let text = fixture("spider-man-justice.json")
        .replace("\"meta\": \"{\\\"aspect\\\":\\\"justice\\\"}\",", "");
    assert_eq!(
        read(&text, "x").unwrap().deck.aspect,
        crossover_mc::model::Aspect::Justice
    );
}

#[test]
fn an_illegal_deck_names_each_rule_it_breaks_at_its_card() {
    let f = read(&fixture("spider-man-illegal.json"), "x").unwrap();
    let p = check(&f.deck, &crossover_mc::db::core());
    let r = rules(&p);
    assert!(r.contains(&"IDENTITY-SPECIFIC CARDS"), "{p:?}");
    assert!(r.contains(&"ASPECT"), "{p:?}");
    assert!(r.contains(&"COPIES BY TITLE"), "{p:?}");
    let aspect = p.iter().find(|x| x.rule == "ASPECT").unwrap();
    assert_eq!(aspect.card.as_deref(), Some("01066"));
    assert!(f.line_of("01066").is_some());
}

#[test]
fn deck_size_is_40_to_50_besides_the_identity() {
    let db = crossover_mc::db::core();
    let mut d = DeckList::prebuilt("spider-man").unwrap();
    d.cards.retain(|(c, _)| c != "01088");
    assert_eq!(rules(&check(&d, &db)), vec!["DECK SIZE"]);
    let mut d = DeckList::prebuilt("spider-man").unwrap();
    d.cards.push(("01085".into(), 3));
    d.cards.push(("01086".into(), 3));
    d.cards.push(("01087".into(), 3));
    d.cards.push(("01093".into(), 2));
    assert_eq!(rules(&check(&d, &db)), vec!["DECK SIZE"]);
}

#[test]
fn max_per_deck_unique_and_encounter_cards_are_refused() {
    let db = crossover_mc::db::core();
    let mut d = DeckList::prebuilt("spider-man").unwrap();
    // Energy: max 1 per deck.
    d.cards.iter_mut().find(|(c, _)| c == "01088").unwrap().1 = 2;
    assert!(rules(&check(&d, &db)).contains(&"MAX PER DECK"));
    let mut d = DeckList::prebuilt("spider-man").unwrap();
    d.cards.iter_mut().find(|(c, _)| c == "01058").unwrap().1 = 2; // Daredevil, unique
    assert!(rules(&check(&d, &db)).contains(&"UNIQUE"));
    let mut d = DeckList::prebuilt("spider-man").unwrap();
    d.cards.push(("01101".into(), 1)); // Hydra Mercenary
    assert!(rules(&check(&d, &db)).contains(&"CARDS"));
    let mut d = DeckList::prebuilt("spider-man").unwrap();
    d.cards.push(("01011".into(), 1)); // Spider-Woman, Captain Marvel's card
    assert!(rules(&check(&d, &db)).contains(&"IDENTITY-SPECIFIC CARDS"));
}

#[test]
fn malformed_deck_files_give_their_line_never_a_panic() {
    let e = read(
        "{\n  \"hero_code\": \"01001a\",\n  \"slots\": {\n    \"01002\": \"one\"\n  }\n}",
        "x",
    )
    .unwrap_err();
    assert_eq!(e.line, 4, "{e:?}");
    let e = read(
        "{\n  \"hero_code\": \"01001a\",\n  \"slots\": { \"01002\": 1,, }\n}",
        "x",
    )
    .unwrap_err();
    assert_eq!(e.line, 3, "{e:?}");
    assert!(read("[]", "x").is_err());
    assert!(read("{\"slots\": {}}", "x")
        .unwrap_err()
        .message
        .contains("hero_code"));
    let e = read("{\"hero_code\": \"01001a\", \"slots\": {\"01005\": 3},\n \"meta\": \"{\\\"aspect\\\":\\\"rainbow\\\"}\"}", "x")
        .unwrap_err();
    assert_eq!(e.line, 2);
    assert!(e.message.contains("rainbow"));
}

#[test]
fn a_key_given_twice_is_refused_at_its_line_not_read_as_the_last() {
    // A JSON reader keeps the last of two equal keys: 1 copy then 3 would be read as 3.
    let e = read(
        "{\n  \"hero_code\": \"01001a\",\n  \"slots\": {\n    \"01002\": 1,\n    \"01002\": 3\n  }\n}",
        "x",
    )
    .unwrap_err();
    assert_eq!(e.line, 5, "{e:?}");
    assert!(e.message.contains("\"01002\" is given twice"), "{e:?}");
    let e = read(
        "{\"hero_code\": \"01001a\",\n\"hero_code\": \"01010a\", \"slots\": {}}",
        "x",
    )
    .unwrap_err();
    assert_eq!(e.line, 2, "{e:?}");
    assert!(e.message.contains("\"hero_code\" is given twice"), "{e:?}");
}
