//! The built-in quoted cards (docs/vstcg/quoted-cards.md): every card the rules
//! documents quote is a built-in card with the name, identity and version the document
//! spells; stats no document gives are unknown and powers the card language can't say
//! are marked not implemented, and deck checks refuse such a card naming what's
//! missing; scenarios still use it.

use crossover_scenario::{run_source, runner};
use crossover_vstcg::db::CardPool;
use crossover_vstcg::deckfile::read_deck;
use crossover_vstcg::scenario::VsTcgScenarios;
use std::path::Path;

/// (name, identity, version) of every heading of the document's "Cards" section.
fn headings() -> Vec<(String, Option<String>, String, String)> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/vstcg/quoted-cards.md");
    let doc = std::fs::read_to_string(path).unwrap();
    let start = doc.find("\n## Cards").expect("a Cards section");
    let end = doc[start + 1..]
        .find("\n## ")
        .map_or(doc.len(), |i| start + 1 + i);
    doc[start..end]
        .lines()
        .filter_map(|l| l.strip_prefix("### "))
        .map(|h| {
            let h = h.trim();
            let (base, version) = if let Some(b) = h
                .strip_suffix(" (no version given)")
                .or_else(|| h.strip_suffix(" (no version)"))
            {
                (b.to_string(), String::new())
            } else if let Some(i) = h.find(" (version ") {
                let v = h[i + " (version ".len()..]
                    .strip_suffix(", stated separately)")
                    .expect("(version X, stated separately)");
                (h[..i].to_string(), v.to_string())
            } else if let Some((b, v)) = h.rsplit_once(", ") {
                (b.to_string(), v.to_string())
            } else {
                (h.to_string(), String::new())
            };
            let (name, identity) = match base.split_once(" <> ") {
                Some((n, i)) => (n.to_string(), Some(i.to_string())),
                None => (base, None),
            };
            (name, identity, version, h.to_string())
        })
        .collect()
}

#[test]
fn every_card_of_the_document_is_built_in_with_its_name_identity_and_version() {
    let pool = CardPool::built_in();
    let heads = headings();
    assert_eq!(heads.len(), 207, "the document lists 207 cards");
    let quoted: Vec<_> = pool.defs.iter().filter(|d| !d.training).collect();
    assert_eq!(quoted.len(), heads.len(), "one built-in card per heading");
    for (name, identity, version, h) in &heads {
        let found = quoted
            .iter()
            .filter(|d| &d.name == name && &d.version == version && &d.identity == identity)
            .count();
        assert_eq!(found, 1, "heading `{h}`: one built-in card named {name:?}, identity {identity:?}, version {version:?}");
    }
    let mut ids: Vec<&str> = pool.defs.iter().map(|d| d.id.as_str()).collect();
    ids.sort_unstable();
    ids.dedup();
    assert_eq!(ids.len(), pool.defs.len(), "ids are unique");
    assert!(quoted.iter().all(|d| d.id.starts_with("q-")));
    assert!(pool
        .defs
        .iter()
        .filter(|d| d.id.starts_with("trn-"))
        .all(|d| d.training));
}

#[test]
fn the_generated_text_shows_identity_unknown_stats_and_what_is_not_implemented() {
    let pool = CardPool::built_in();
    let line = |id: &str| {
        let d = pool.def(pool.find_id(id).unwrap());
        crossover_vstcg::text::card_line(&pool, d)
    };
    let torch = line("q-099");
    assert!(
        torch
            .starts_with("Human Torch, The Invisible Man — character, cost unknown, ? ATK / ? DEF"),
        "{torch}"
    );
    assert!(
        !torch.contains("not implemented") && !torch.contains("training"),
        "{torch}"
    );
    let azrael = line("q-015");
    assert!(
        azrael.starts_with("Azrael <> Batman, Knightfall — "),
        "{azrael}"
    );
    let nightcrawler = line("q-135");
    assert!(
        nightcrawler.contains("not implemented: needs: attack rules changed by cards"),
        "{nightcrawler}"
    );
    let fastball = line("q-081");
    assert!(
        fastball.contains("plot twist, threshold 3") && !fastball.contains("unknown"),
        "{fastball}"
    );
    let air = line("q-003");
    assert!(
        air.starts_with("Air Strike — plot twist, threshold unknown")
            && air.contains("unknown: threshold, card type"),
        "{air}"
    );
    let vance = line("trn-001");
    assert!(vance.contains("training, not a real card"), "{vance}");
}

fn problems(pool: &CardPool, deck: &str) -> Vec<String> {
    match read_deck(pool, deck) {
        Ok(file) => file.check(pool).into_iter().map(|p| p.message).collect(),
        Err(p) => panic!("unreadable deck: {p:?}"),
    }
}

#[test]
fn deck_check_refuses_unknown_stats_and_unimplemented_powers_naming_the_card() {
    let pool = CardPool::built_in();
    let deck = "4 Nightcrawler, Kurt Wagner\n4 Fastball Special\n4 Toad\n4 Cadet Vance\n";
    let p = problems(&pool, deck);
    let night = p
        .iter()
        .find(|m| m.contains("Nightcrawler, Kurt Wagner"))
        .unwrap_or_else(|| panic!("{p:?}"));
    assert!(
        night.contains("no source gives its cost, ATK, DEF"),
        "{night}"
    );
    assert!(
        night.contains("not implemented")
            && night.contains("attacks as though it had flight and range"),
        "{night}"
    );
    let toad = p
        .iter()
        .find(|m| m.contains("Toad can't be played"))
        .unwrap_or_else(|| panic!("{p:?}"));
    assert!(
        toad.contains("cost") && !toad.contains("not implemented"),
        "{toad}"
    );
    assert!(!p.iter().any(|m| m.contains("Fastball Special")), "{p:?}");
    assert!(!p.iter().any(|m| m.contains("Cadet Vance")), "{p:?}");
}

#[test]
fn a_user_card_file_gives_the_stats_but_an_unimplemented_power_still_refuses_the_card() {
    let mut pool = CardPool::built_in();
    pool.add_file(
        "user.cards",
        r#"
(card q-192 "Toad" "" (character (cost 2) (atk 3) (def 2) (affiliation "Brotherhood")))
(card q-167 "Sinestro" "Corrupted by the Ring"
  (character (cost 5) (atk 9) (def 9) (affiliation "Sinestro Corps"))
  (unimplemented "needs: recruit cost changes and additional recruit costs (-2 recruit cost)"))
"#,
    )
    .unwrap();
    let p = problems(&pool, "4 Toad\n4 Sinestro, Corrupted by the Ring\n");
    assert!(!p.iter().any(|m| m.contains("Toad")), "{p:?}");
    let s = p
        .iter()
        .find(|m| m.contains("Sinestro, Corrupted by the Ring can't be played"))
        .unwrap_or_else(|| panic!("{p:?}"));
    assert!(
        s.contains("recruit cost changes") && !s.contains("no source gives"),
        "{s}"
    );
}

/// A card with unknown stats and a not-implemented power plays in a scenario with the
/// powers it has: Force Field Belt's +1 DEF works on Cadet Vance (2/1).
#[test]
fn a_card_with_unknown_stats_and_a_marker_still_plays_in_a_scenario() {
    let src = r#"game = "vstcg"
turn = 3
part = "p0 attack step"

[[player]]
characters = [{ card = "trn-001", id = "vance", equipment = { card = "q-086", id = "belt" } },
  { card = "q-135", id = "kurt", col = 1 }]

[[player]]
characters = [{ card = "trn-027", id = "hedda" }]

[[step]]
expect = { def = { vance = 2 }, atk = { vance = 2 }, equipped = { belt = "vance" } }
"#;
    let r =
        run_source("t.toml", src, &[runner::<VsTcgScenarios>()]).unwrap_or_else(|e| panic!("{e}"));
    assert!(r.failure.is_none(), "{:?}", r.failure);
}
