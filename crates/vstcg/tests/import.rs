//! `crossover cards import vstcg FILE` (`import.rs`, `phrase.rs`) on collection exports
//! the tests write themselves: fictional cards only, their texts written here in generic
//! Vs. phrasing. The counts of cards taken whole, in part and refused; the card file
//! compiling with our card compiler to the definitions expected; located errors for
//! malformed files; no overwriting without `force`.

use crossover_vstcg::db::CardPool;
use crossover_vstcg::import::{import_file, import_rows, read_collection, Format};
use crossover_vstcg::model::{CardDef, CardType, Cost, Keyword, Unknown};
use std::path::PathBuf;

fn temp_dir(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "crossover-vstcg-import-{}-{test}",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The header, then cards. Line ends are CRLF; quoted fields hold commas, doubled
/// quotes and a line break.
const CSV: &str = "card_number,name,version,type,cost,atk,def,flight,range,affiliation,text\r\n\
TST-001,Test Bruiser,Test Squad,Character,3,5,4,1,0,Test Squad,\"Loyalty. When Test Bruiser enters play, draw a card.\"\r\n\
TST-002,Test Recruit,Army,character,1,1,1,no,yes,Test Squad/Drill Team,\r\n\
TST 003,Quick Jab,,Plot Twist,2,,,,,,Target character gets +2 ATK this turn.\r\n\
TST-004,Test Gauntlet,,Equipment,1,,,,,,Equipped character gets +1/+1.\r\n\
TST-005,Test Arena,,location,3,,,,,,\"Activate >>> Target Test Squad character you control gets +1 DEF this turn.\r\nUse only once per turn.\"\r\n\
TST-006,Test Mystic,Drill Team,Character,4,6,6,0,0,Drill Team,\"Energize. Whenever Test Mystic sings a song, you gain 1 endurance.\"\r\n\
TST-007,Test Oddity,,Vehicle,2,,,,,,\r\n\
TST-008,,,Character,2,2,2,,,Test Squad,\r\n\
TST-009,Bad Numbers,,Character,2,lots,2,,,Test Squad,\r\n\
TST-010,Test Ghost,,Character,,0,1,,,,\r\n\
,\"Test \"\"Hammer\"\", Jr.\",,plot-twist,1,,,,,,\"Stun target character with cost 2 or less, then… (it's fine).\"\r\n\
TST-001,Test Bruiser,Reprint,Character,3,5,4,y,n,Test Squad,Loyalty—Reveal\r\n";

fn pool_of(card_file: &str) -> CardPool {
    let mut pool = CardPool::default();
    pool.add_file("imported.cards", card_file)
        .unwrap_or_else(|e| panic!("the card file compiles: {e}\n{card_file}"));
    pool
}

fn def<'a>(pool: &'a CardPool, id: &str) -> &'a CardDef {
    let i = pool.find_id(id).unwrap_or_else(|| {
        panic!(
            "no card {id} in {:?}",
            pool.defs.iter().map(|d| &d.id).collect::<Vec<_>>()
        )
    });
    pool.def(i)
}

/// The powers a hand-written card gives (what the grammar must mean).
fn hand_written(pool: &CardPool, form: &str) -> Vec<crossover_vstcg::power::PowerDef> {
    let mut p = pool.clone();
    p.add_file("hand.cards", form).unwrap();
    def(&p, "hand").powers.clone()
}

#[test]
fn a_csv_collection_is_taken_whole_in_part_and_refused() {
    let rows = read_collection(CSV, Format::Csv).unwrap();
    assert_eq!(rows.len(), 12);
    assert_eq!(rows[4].line, 6);
    // The quoted field with a line break: the next record starts two lines on.
    assert_eq!(rows[5].line, 8);
    let imported = import_rows(&rows, "test.csv").unwrap();
    assert_eq!(imported.whole, 7, "{:#?}", imported);
    assert_eq!(imported.whole_with_text, 5);
    assert_eq!(imported.in_part.len(), 2, "{:?}", imported.in_part);
    assert_eq!(imported.refused.len(), 3, "{:?}", imported.refused);
    let refused: Vec<(&str, usize, &str)> = imported
        .refused
        .iter()
        .map(|(n, l, w)| (n.as_str(), *l, w.as_str()))
        .collect();
    assert_eq!(refused[0].0, "Test Oddity");
    assert_eq!(refused[0].1, 9);
    assert!(refused[0].2.starts_with("unknown type"), "{refused:?}");
    assert_eq!(
        (refused[1].0, refused[1].1, refused[1].2),
        ("(no name)", 10, "no name")
    );
    assert_eq!(refused[2].0, "Bad Numbers");
    assert!(refused[2].2.starts_with("bad number: ATK"), "{refused:?}");

    // In part: the facts and keywords, never the text.
    let reasons = imported.in_part_reasons();
    assert!(
        reasons
            .iter()
            .any(|(r, n)| *n == 1 && r.contains("triggered power")),
        "{reasons:?}"
    );
    assert!(
        reasons.iter().any(|(r, _)| r.contains("'stun …' sentence")),
        "{reasons:?}"
    );
    let file = &imported.card_file;
    for printed in [
        "sings a song",
        "Target character gets",
        "enters play",
        "it's fine",
        "Use only",
    ] {
        assert!(
            !file.contains(printed),
            "printed text copied: {printed}\n{file}"
        );
    }
    assert!(file.contains(";; in part: a triggered power"), "{file}");

    let pool = pool_of(file);
    assert_eq!(pool.defs.len(), 9);
    // A character with its stats, icons, affiliation, keyword and compiled trigger.
    let bruiser = def(&pool, "TST-001");
    assert_eq!(bruiser.version, "Test Squad");
    let CardType::Character {
        cost,
        atk,
        def: d,
        affiliations,
        flight,
        range,
        ..
    } = bruiser.ty
    else {
        panic!("{bruiser:?}")
    };
    assert_eq!(
        (cost, atk, d, flight, range),
        (Cost::Known(3), 5, 4, true, false)
    );
    assert_eq!(pool.affiliation_text(affiliations), "Test Squad");
    assert!(bruiser.has(Keyword::Loyalty));
    assert_eq!(
        bruiser.powers,
        hand_written(
            &pool,
            "(card hand \"H\" \"\" (character (cost 1) (atk 1) (def 1)) (trigger (on enters-play) (draw you 1)))"
        )
    );
    // The reprint has its own id.
    let reprint = def(&pool, "TST-001-2");
    assert!(reprint.has(Keyword::LoyaltyReveal) && reprint.powers.is_empty());
    // Two affiliations; Army is the version.
    let recruit = def(&pool, "TST-002");
    assert!(recruit.is_army());
    assert_eq!(
        pool.affiliation_text(recruit.affiliations()),
        "Test Squad/Drill Team"
    );
    assert!(matches!(
        recruit.ty,
        CardType::Character {
            flight: false,
            range: true,
            ..
        }
    ));
    // A plot twist: the card number reduced to a word, the cost its threshold.
    let jab = def(&pool, "TST-003");
    assert_eq!(jab.threshold(), Some(2));
    assert_eq!(
        jab.powers,
        hand_written(
            &pool,
            "(card hand \"H\" \"\" (plot-twist (threshold 1)) (effect (target 0 character) (gets (target 0) 2 0 this-turn)))"
        )
    );
    let gauntlet = def(&pool, "TST-004");
    assert_eq!(gauntlet.cost(), Some(1));
    assert_eq!(
        gauntlet.powers,
        hand_written(
            &pool,
            "(card hand \"H\" \"\" (equipment (cost 1)) (continuous (stats host 1 1)))"
        )
    );
    let arena = def(&pool, "TST-005");
    assert_eq!(
        arena.powers,
        hand_written(
            &pool,
            "(card hand \"H\" \"\" (location (threshold 1)) (payment (cost activate) once-per-turn (target 0 character (affiliation \"Test Squad\") yours) (gets (target 0) 0 1 this-turn)))"
        )
    );
    // In part: the keyword kept (its power comes with it), the text left out.
    let mystic = def(&pool, "TST-006");
    assert!(mystic.has(Keyword::Energize));
    assert!(
        mystic.powers.iter().all(|p| p.keyword.is_some()),
        "{:?}",
        mystic.powers
    );
    // An empty cost is costless; empty ATK/DEF would be unknown.
    let ghost = def(&pool, "TST-010");
    assert!(matches!(
        ghost.ty,
        CardType::Character {
            cost: Cost::Costless,
            ..
        }
    ));
    assert!(ghost.unknown.is_empty());
    // No card number: the id comes from the name; the quoted name keeps its quotes.
    let hammer = def(&pool, "test-hammer-jr");
    assert_eq!(hammer.name, "Test \"Hammer\", Jr.");
    assert!(hammer.powers.is_empty());
}

#[test]
fn a_json_collection_reads_numbers_booleans_and_lists() {
    let json = r#"[
  {"card_number": "JSN-01", "name": "Test Flyer", "version": "Drill Team", "type": "Character",
   "cost": 2, "atk": 3, "def": null, "flight": true, "range": false,
   "affiliation": ["Drill Team", "Test Squad"],
   "text": "Boost 2. Activate, pay 1 endurance >>> Target character an opponent controls gets -1/-1 this attack."},
  {"card_number": "JSN-02", "name": "Test Pep Talk", "type": "plot twist", "cost": 1,
   "text": "Play only during the build phase. Draw two cards. You gain 2 endurance."},
  {"card_number": "JSN-03", "name": "Test Drill Yard", "type": "Ongoing Plot Twist", "cost": "3",
   "text": "Front row characters you control get +1 ATK."},
  {"card_number": "JSN-04", "name": "Test Stray", "type": "Character", "cost": 1, "atk": 1,
   "def": 1, "flight": "maybe"},
  {"card_number": "JSN-05", "name": "Test Sentry", "type": "Character", "cost": 2, "atk": 2,
   "def": 3, "affiliation": "Test Squad",
   "text": "Cosmic: Whenever Test Sentry attacks, KO target exhausted character with cost 1 or less."}
]"#;
    let rows = read_collection(json, Format::Json).unwrap();
    assert_eq!(
        rows.iter().map(|r| r.line).collect::<Vec<_>>(),
        [2, 6, 8, 10, 12]
    );
    let imported = import_rows(&rows, "test.json").unwrap();
    assert_eq!(
        (
            imported.whole,
            imported.in_part.len(),
            imported.refused.len()
        ),
        (4, 0, 1),
        "{imported:#?}"
    );
    assert!(
        imported.refused[0].2.contains("flight"),
        "{:?}",
        imported.refused
    );
    assert_eq!(imported.refused[0].1, 10);
    let pool = pool_of(&imported.card_file);
    let flyer = def(&pool, "JSN-01");
    assert!(flyer.unknown.contains(&Unknown::Def));
    assert_eq!(flyer.boost, 2);
    assert_eq!(
        pool.affiliation_text(flyer.affiliations()),
        "Drill Team/Test Squad"
    );
    assert_eq!(
        flyer.powers,
        hand_written(
            &pool,
            "(card hand \"H\" \"\" (character (cost 1) (atk 1) (def 1)) (payment (cost activate (pay-endurance 1)) (target 0 character opposing) (gets (target 0) -1 -1 this-attack)))"
        )
    );
    let pep = def(&pool, "JSN-02");
    assert_eq!(
        pep.powers,
        hand_written(
            &pool,
            "(card hand \"H\" \"\" (plot-twist (threshold 1)) (effect (only build-phase) (draw you 2) (gain-endurance you 2)))"
        )
    );
    let yard = def(&pool, "JSN-03");
    assert!(matches!(
        yard.ty,
        CardType::PlotTwist {
            threshold: 3,
            ongoing: true
        }
    ));
    assert_eq!(
        yard.powers,
        hand_written(
            &pool,
            "(card hand \"H\" \"\" (plot-twist (threshold 1) ongoing) (effect) (continuous (stats (each front-row yours) 1 0)))"
        )
    );
    let sentry = def(&pool, "JSN-05");
    assert!(sentry.has(Keyword::Cosmic));
    assert_eq!(
        sentry.powers,
        hand_written(
            &pool,
            "(card hand \"H\" \"\" (character (cost 1) (atk 1) (def 1)) (cosmic (trigger (on attacks) (target 0 character exhausted (cost<= 1)) (ko (target 0)))))"
        )
    );
}

/// A compiled text our card compiler refuses (here: more targets than an effect may
/// have) leaves the card in part, with the compiler's reason.
#[test]
fn a_compiled_text_the_card_compiler_refuses_leaves_the_card_in_part() {
    let stuns = "Stun target character. ".repeat(9);
    let csv = format!("name,type,cost,text\nTest Flurry,Plot Twist,5,{stuns}\n");
    let rows = read_collection(&csv, Format::Csv).unwrap();
    let imported = import_rows(&rows, "flurry.csv").unwrap();
    assert_eq!((imported.whole, imported.in_part.len()), (0, 1));
    assert!(
        imported.in_part[0].1.starts_with("compiled text refused: "),
        "{:?}",
        imported.in_part
    );
    let pool = pool_of(&imported.card_file);
    assert!(def(&pool, "test-flurry").powers.is_empty());
}

#[test]
fn malformed_files_give_located_errors() {
    let dir = temp_dir("malformed");
    let cases: &[(&str, &str, &str)] = &[
        (
            "unclosed.csv",
            "name,type,text\nTest A,Character,\"never closed\nTest B,Character,\n",
            "unclosed.csv:2",
        ),
        (
            "fields.csv",
            "name,type,text\nTest A,Character,\nTest B,Character,,extra\n",
            "fields.csv:3",
        ),
        (
            "quote.csv",
            "name,type\nTest A,Character\n\"Test B\"x,Character\n",
            "quote.csv:3",
        ),
        ("header.csv", "title_only,cost\nTest A,1\n", "header.csv:1"),
        (
            "broken.json",
            "[\n  {\"name\": \"Test A\", \"type\": \"Character\"},\n  {\"name\": \"Test B\" \"type\": 1}\n]\n",
            "broken.json:3:",
        ),
        (
            "notarray.json",
            "{\"name\": \"Test A\"}",
            "notarray.json:1",
        ),
        ("element.json", "[\n  {\"name\": \"A\", \"type\": \"Character\"},\n  3\n]", "element.json:3"),
    ];
    for (file, text, at) in cases {
        let path = dir.join(file);
        std::fs::write(&path, text).unwrap();
        let out = dir.join(format!("{file}.cards"));
        let e = import_file(&path, Some(&out), false)
            .unwrap_err()
            .to_string();
        assert!(e.contains(at), "{file}: {e}");
        assert!(!out.exists(), "{file}: nothing is written");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn an_existing_output_is_replaced_only_with_force() {
    let dir = temp_dir("force");
    let input = dir.join("collection.csv");
    std::fs::write(&input, CSV).unwrap();
    let out = dir.join("collection.cards");
    std::fs::write(&out, "; mine\n").unwrap();
    let e = import_file(&input, Some(&out), false)
        .unwrap_err()
        .to_string();
    assert!(e.contains("exists") && e.contains("--force"), "{e}");
    assert_eq!(std::fs::read_to_string(&out).unwrap(), "; mine\n");
    let report = import_file(&input, Some(&out), true).unwrap();
    assert_eq!(report.written, out);
    assert!(
        report.summary.starts_with(
            "collection.csv: 7 cards taken whole (5 of them with compiled text), 2 in part"
        ) && report.summary.ends_with("3 refused"),
        "{}",
        report.summary
    );
    assert!(
        report
            .details
            .iter()
            .any(|d| d.starts_with("in part, 1 card: ")),
        "{:?}",
        report.details
    );
    assert!(
        report.details.iter().any(|d| d.contains("refused: ")
            && d.contains("collection.csv:9: Test Oddity: unknown type")),
        "{:?}",
        report.details
    );
    // The written file loads the way `--cards DIR` loads it: over the built-in cards.
    let mut pool = CardPool::built_in();
    pool.add_file("collection.cards", &std::fs::read_to_string(&out).unwrap())
        .unwrap();
    assert!(pool.find("Test Bruiser, Test Squad").is_some());
    // The collection file itself is never the output.
    let e = import_file(&input, Some(&input), true)
        .unwrap_err()
        .to_string();
    assert!(e.contains("collection file itself"), "{e}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A file larger than the limit, or with too many cards, is refused before reading.
#[test]
fn oversized_input_is_refused() {
    let mut csv = String::from("name,type\n");
    for i in 0..=crossover_vstcg::import::MAX_CARDS {
        csv += &format!("Test {i},Character\n");
    }
    let e = read_collection(&csv, Format::Csv).unwrap_err();
    assert!(e.message.contains("more than"), "{e:?}");
    let long = "x".repeat(crossover_vstcg::import::MAX_FACT_CHARS + 1);
    let rows = read_collection(&format!("name,type\n{long},Character\n"), Format::Csv).unwrap();
    let imported = import_rows(&rows, "long.csv").unwrap();
    assert_eq!(imported.refused.len(), 1);
    assert!(imported.refused[0].2.contains("longer than"));
}

mod properties {
    use super::*;
    use proptest::prelude::*;

    /// Words of Vs. phrasing, shuffled into sentences the grammar half-reads.
    const WORDS: &[&str] = &[
        "Target",
        "target",
        "character",
        "characters",
        "gets",
        "get",
        "+2",
        "-1",
        "ATK",
        "DEF",
        "+1/+1",
        "this",
        "turn",
        "attack",
        ".",
        ",",
        "Stun",
        "KO",
        "Ready",
        "Exhaust",
        "Recover",
        "you",
        "may",
        "draw",
        "a",
        "card",
        "cards",
        "two",
        ">>>",
        "Activate",
        "pay",
        "2",
        "endurance",
        "When",
        "Whenever",
        "Test Bruiser",
        "enters",
        "play",
        "becomes",
        "stunned",
        "attacks",
        "Use",
        "only",
        "once",
        "per",
        "during",
        "the",
        "build",
        "phase",
        "Play",
        "Cosmic",
        ":",
        "Boost 2",
        "Loyalty",
        "Equipped",
        "equipped",
        "control",
        "an",
        "opponent",
        "controls",
        "that",
        "it",
        "player",
        "loses",
        "gain",
        "has",
        "flight",
        "can't",
        "Return",
        "to",
        "its",
        "owner's",
        "hand",
        "Put",
        "counter",
        "on",
        "with",
        "cost",
        "or",
        "less",
        "Test Squad",
        "front",
        "row",
        "each",
        "At",
        "start",
        "of",
        "then",
        "(",
        ")",
        "\"",
        "\n",
    ];

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]

        /// Any text is read or refused with a line, never a panic.
        #[test]
        fn any_file_reads_or_fails_with_a_line(s in "(?s).{0,300}") {
            for format in [Format::Csv, Format::Json] {
                match read_collection(&s, format) {
                    Ok(rows) => { import_rows(&rows, "any").unwrap(); }
                    Err(e) => prop_assert!(e.line >= 1),
                }
            }
        }

        /// Whatever the grammar makes of a text is written so that the card file
        /// compiles: the card whole, or in part with a reason.
        #[test]
        fn any_card_text_is_written_whole_or_in_part(
            words in proptest::collection::vec(proptest::sample::select(WORDS), 0..40),
            ty in proptest::sample::select(&["Character", "Equipment", "Location", "Plot Twist", "Ongoing Plot Twist"][..]),
        ) {
            let text = words.join(" ").replace('"', "\"\"");
            let csv = format!(
                "card_number,name,type,cost,atk,def,affiliation,text\nTST-1,Test Bruiser,{ty},2,2,2,Test Squad,\"{text}\"\n"
            );
            let rows = read_collection(&csv, Format::Csv).unwrap();
            let imported = import_rows(&rows, "words.csv").unwrap();
            prop_assert_eq!(imported.whole + imported.in_part.len(), 1);
            pool_of(&imported.card_file);
        }
    }
}

/// docs/cards.md's example ("Vs. System TCG"): its ```csv block imports to its
/// ```vstcg block, so the reference can't drift from the importer.
#[test]
fn the_example_in_docs_cards_md_imports_as_shown() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/cards.md");
    let docs = std::fs::read_to_string(path).unwrap();
    let block = |tag: &str| -> String {
        let start = docs
            .find(&format!("```{tag}\n"))
            .unwrap_or_else(|| panic!("docs/cards.md has a ```{tag} block"));
        let body = &docs[start + tag.len() + 4..];
        body[..body.find("```").unwrap()].to_string()
    };
    let rows = read_collection(&block("csv"), Format::Csv).unwrap();
    let imported = import_rows(&rows, "demo.csv").unwrap();
    assert_eq!(imported.card_file, block("vstcg"));
    assert_eq!(
        (
            imported.whole,
            imported.in_part.len(),
            imported.refused.len()
        ),
        (2, 1, 1)
    );
}
