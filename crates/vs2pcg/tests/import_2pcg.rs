//! `crossover cards import vs2pcg`: an OCTGN set file of the later sets → our card file.
//! A small set file of invented cards (invented wording, in the set files' property-bag
//! shape) is imported, read back with `--cards DIR` semantics and played; the eight
//! real set files beside the project are imported when they are there.

use crossover_kernel::{Game, GameRng};
use crossover_platform::Platform;
use crossover_vs2pcg::import::{import_file, import_set, ImportError, Imported};
use crossover_vs2pcg::platform::Vs2pcgArgs;
use crossover_vs2pcg::GameState;
use std::path::{Path, PathBuf};

/// One `<card>` of the fixture: name, then the properties.
fn card(name: &str, props: &[(&str, &str)]) -> String {
    let mut s = format!("  <card id=\"\" name=\"{name}\">\n");
    for (k, v) in props {
        s += &format!("      <property name=\"{k}\" value=\"{v}\" />\n");
    }
    s + "  </card>\n"
}

fn character(
    number: &str,
    kind: &str,
    cost: &str,
    stats: [&str; 3],
    rules: &str,
) -> Vec<(String, String)> {
    [
        ("Card Number", number),
        ("Type", kind),
        ("Cost", cost),
        ("ATK", stats[0]),
        ("DEF", stats[1]),
        ("Health", stats[2]),
        ("Flight", "0"),
        ("Range", "0"),
        ("Good Evil Neutral", "Evil"),
        ("Teams", "Heels"),
        ("Format", ""),
        ("Rules", rules),
    ]
    .iter()
    .map(|(k, v)| (k.to_string(), v.to_string()))
    .collect()
}

fn other(number: &str, kind: &str, cost: &str, teams: &str, rules: &str) -> Vec<(String, String)> {
    [
        ("Card Number", number),
        ("Type", kind),
        ("Cost", cost),
        ("ATK", ""),
        ("DEF", ""),
        ("Health", ""),
        ("Flight", ""),
        ("Range", ""),
        ("Good Evil Neutral", "Neutral"),
        ("Teams", teams),
        ("Format", ""),
        ("Rules", rules),
    ]
    .iter()
    .map(|(k, v)| (k.to_string(), v.to_string()))
    .collect()
}

fn props(v: &[(String, String)]) -> Vec<(&str, &str)> {
    v.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect()
}

/// The fixture: invented cards in the later sets' shape.
fn fixture() -> String {
    let mut s = String::from(
        "<?xml version=\"1.0\" encoding=\"utf-8\" standalone=\"yes\"?>\n<set name=\"Test Set\" id=\"\" gameId=\"\" gameVersion=\"1.3\" version=\"1.3\">\n<cards>\n",
    );
    let cards: Vec<(&str, Vec<(String, String)>)> = vec![
        ("Test Captain", character("TST-001", "L1 Main Character", "", ["2", "5", "5"],
            "Rally Cry. Main [SKILL]: Put two +1/+1 counters on each supporting character on your side. Climb Up. Level Up (3) - When Test Captain attacks, he gains 1 XP.")),
        ("Test Captain", character("TST-002", "L2 Main Character", "", ["5", "7", "5"],
            "Rally Cry. Main [SKILL]: Put two +1/+1 counters on each supporting character on your side. Big Swing [Any Turn] Combat [MIGHT]: Test Captain gets +3/+0 this combat.")),
        ("Test Scout", character("TST-003", "Supporting Character", "1", ["2", "1", "1"],
            "Dodge. Test Scout can't be ranged attacked.")),
        ("Test Medic", character("TST-004", "Supporting Character", "2", ["1", "3", "1"],
            "Patch Up. When Test Medic appears, heal a wound from a face-up character on your side.")),
        ("Test Brute", character("TST-005", "Supporting Character", "3", ["4", "3", "2"],
            "Stomp. Main [MIGHT]: Stun an enemy supporting character with cost 2 or less.")),
        ("Test Oddball", character("TST-006", "Supporting Character", "2", ["2", "2", "1"],
            "Dodge. Test Oddball can't be ranged attacked. Weird Trick. Main [SKILL]: Juggle three oranges while singing.")),
        ("Test Shove", other("TST-007", "Plot Twist", "", "Heels",
            "[Any Turn] Combat: Choose a supporting character on your side in the combat to get +1/+4 this combat.")),
        ("Test Song", other("TST-008", "Plot Twist", "", "",
            "Main: Sing a song loudly.")),
        ("Test Gym", other("TST-009", "Basic Location", "", "", "[MIGHT]")),
        ("Test Lab", other("TST-010", "Basic Location", "", "", "[Intellect]")),
        ("Test Hideout", other("TST-011", "Special Location", "", "",
            "[Energy] or [Skill] for a [Heels] character.")),
        ("Test Gloves", other("TST-012", "Equipment", "1", "Heels",
            "Padded. Equipped character has +1/+1.")),
        ("Test Ghost", character("TST-013", "Supporting Character", "2", ["2", "2", "*"], "")),
        ("Test Match", other("TST-014", "Challenge Match", "", "", "Pick one.")),
    ];
    for (name, p) in &cards {
        s += &card(name, &props(p));
    }
    s + "</cards>\n</set>\n"
}

fn imported() -> Imported {
    import_set(&fixture(), "demo.xml").expect("the fixture imports")
}

#[test]
fn the_fixture_is_imported_whole_in_part_and_refused() {
    let i = imported();
    assert_eq!(i.set_name, "Test Set");
    assert_eq!(i.cards(), 14);
    // Whole: the captains, scout, medic, brute, shove, gym, lab, hideout, gloves.
    assert_eq!(i.whole, 10, "{:#?}", i.in_part);
    assert_eq!(i.whole_with_text, 7);
    let names: Vec<&str> = i.in_part.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(names, ["Test Oddball (tst-006)", "Test Song (tst-008)"]);
    assert_eq!(
        i.in_part[0].1,
        "an effect: \"juggle three oranges …\" isn't read"
    );
    let refused: Vec<(&str, usize)> = i.refused.iter().map(|(n, l, _)| (n.as_str(), *l)).collect();
    assert_eq!(refused, [("Test Ghost", 172), ("Test Match", 186)]);
    assert_eq!(i.refused[0].2, "health \"*\" is not a number");
    assert!(i.refused[1]
        .2
        .starts_with("type \"Challenge Match\" is not a card the engine plays"));

    let f = &i.card_file;
    for form in [
        "(card tst-001 \"Test Captain\"\n  (main 1 (atk 2) (def 5) (health 5) (team heels) (levels tst-002))",
        "(power \"Rally Cry\" (super main (cost skill) (plus-counters (each yours supporting character) 2)))",
        "(power \"Climb Up\" (level-up 3 (on self-attacks)))",
        "(power \"Big Swing\" (super (combat any-turn) (cost might) (modify self 3 0 this-combat)))",
        "(power \"Dodge\" (keyword dodge))",
        "(power \"Patch Up\" (trigger (on self-appears) (choose 0 (yours face-up character)) (heal (chosen 0) 1)))",
        "(card tst-007 \"Test Shove\"\n  (plot-twist (timing combat any-turn) (team heels))\n  (effect (choose 0 (yours supporting character in-combat)) (modify (chosen 0) 1 4 this-combat)))",
        "(card tst-009 \"Test Gym\"\n  (location might))",
        "(card tst-011 \"Test Hideout\"\n  (special-location (team heels) energy skill))",
        "(card tst-012 \"Test Gloves\"\n  (equipment (cost 1) (team heels))\n  (power \"Padded\" (static (stats 1 1))))",
        // In part: facts, each power omitted with its own reason.
        ";; in part: an effect: \"juggle three oranges …\" isn't read\n(card tst-006 \"Test Oddball\"",
        "(omit \"Dodge\" \"compiled, but left out with the rest of the card\")",
        "(omit \"Weird Trick\" \"not compiled: an effect: \\\"juggle three oranges …\\\" isn't read\")",
        "(card tst-008 \"Test Song\"\n  (plot-twist (timing main))\n  (omit \"Effect\"",
    ] {
        assert!(f.contains(form), "missing {form}\nin\n{f}");
    }
    // No printed text: the unread sentence's words beyond the first three are nowhere.
    assert!(!f.contains("oranges while"), "{f}");
    assert!(!f.contains("Sing a song"), "{f}");
}

#[test]
fn the_written_file_reads_back_and_a_plot_twist_left_out_cant_be_played() {
    let defs = crossover_vs2pcg::cardfile::parse_cards("demo.cards", &imported().card_file)
        .expect("the card file reads back");
    assert_eq!(defs.len(), 12);
    let song = defs.iter().find(|d| d.name == "Test Song").unwrap();
    assert!(song.effect.is_empty());
}

#[test]
fn malformed_xml_stops_the_import_with_its_line() {
    let bad = fixture().replace(
        "  </card>\n  <card id=\"\" name=\"Test Scout\">",
        "  <card id=\"\" name=\"Test Scout\">",
    );
    match import_set(&bad, "bad.xml") {
        Err(ImportError::Xml(e)) => {
            assert!(e.message.starts_with("not well-formed XML"), "{e:?}");
            assert!(e.line > 1, "{e:?}");
        }
        other => panic!("{other:?}"),
    }
    // A property whose value has no quotes refuses its card only.
    let bad = fixture().replace(
        "value=\"4\" />\n      <property name=\"DEF\" value=\"3\"",
        "value=4\"\" />\n      <property name=\"DEF\" value=\"3\"",
    );
    let i = import_set(&bad, "bad.xml").unwrap();
    let brute = i
        .refused
        .iter()
        .find(|(n, _, _)| n == "Test Brute")
        .expect("refused");
    assert!(
        brute
            .2
            .contains("a <property> whose attributes can't be read"),
        "{brute:?}"
    );
}

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "crossover-import-2pcg-{name}-{}",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn the_command_writes_the_file_reports_and_keeps_an_existing_one() {
    let dir = temp_dir("cmd");
    let xml = dir.join("demo.xml");
    std::fs::write(&xml, fixture()).unwrap();
    let out = dir.join("demo.cards");
    let r = import_file(&xml, Some(&out), false).unwrap();
    assert_eq!(r.written, out);
    assert!(
        r.summary.starts_with("demo.xml (set \"Test Set\"): 10 of 14 cards compiled whole (71%; 7 of them with compiled text), 2 in part"),
        "{}",
        r.summary
    );
    assert!(r.summary.ends_with("2 refused"), "{}", r.summary);
    assert_eq!(r.details.len(), 4, "{:#?}", r.details);
    assert!(
        r.details[0].starts_with("in part, 1 card: "),
        "{}",
        r.details[0]
    );
    assert!(
        r.details[2].starts_with(&format!("refused: {}:172: Test Ghost: ", xml.display())),
        "{}",
        r.details[2]
    );
    let e = import_file(&xml, Some(&out), false).unwrap_err();
    assert!(e.to_string().contains("exists: give --force"), "{e}");
    assert!(import_file(&xml, Some(&out), true).is_ok());
    let e = import_file(&xml, Some(&xml), true).unwrap_err();
    assert!(e.to_string().contains("is the set file itself"), "{e}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A deck of the imported cards: the captain, and the whole and in-part cards.
const DECK: &str = "main tst-001\n8 tst-003\n8 tst-004\n8 tst-005\n4 tst-006\n8 tst-007\n4 tst-008\n8 tst-009\n8 tst-010\n4 tst-012\n";

#[test]
fn imported_cards_load_with_cards_dir_and_play_a_game_to_the_end() {
    let dir = temp_dir("play");
    std::fs::write(dir.join("demo.cards"), imported().card_file).unwrap();
    let deck = dir.join("imported.deck");
    std::fs::write(&deck, DECK).unwrap();
    let deck = deck.display().to_string();
    let mut args = Vs2pcgArgs::default();
    args.decks = vec![deck.clone(), deck];
    args.casual = true;
    args.cards = Some(dir.clone());
    let pool = args
        .pool()
        .expect("the imported cards load over the built-in ones");
    assert!(pool.find("tst-001").is_some());
    assert!(
        pool.find("mnb-001").is_some(),
        "the built-in cards are still there"
    );
    let setup = GameState::setup(&args, None, 0).expect("decks of imported cards");
    for seed in 0..3u64 {
        let mut g = GameState::new_game(&setup, seed).unwrap();
        let mut rng = GameRng::from_seed(seed ^ 0x5eed);
        let mut actions = 0;
        while g.outcome().is_none() {
            let legal = g.legal_actions();
            assert!(!legal.is_empty(), "no legal action: {:?}", g.pending());
            let a = legal[rng.below(legal.len())].clone();
            g.apply(&a).expect("a legal action");
            actions += 1;
            assert!(actions < 20_000, "the game doesn't end");
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// The eight later sets beside the project (present: `build.rs` found the folder).
fn shared_set_files() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/cards/vs-2pcg/octgn-xml");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| {
            panic!(
                "{} can't be read ({e}); it was there when this test was built \
                 (`cargo clean -p crossover-vs2pcg` looks again)",
                dir.display()
            )
        })
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "xml"))
        .collect();
    files.sort();
    assert_eq!(files.len(), 8, "the eight later sets: {files:?}");
    files
}

/// Why a card of the real sets may be refused: the kinds of card the engine doesn't
/// play, and the set files' own mistakes.
fn expected_refusal(why: &str) -> bool {
    why.starts_with("type \"Challenge Match\"")
        || why.starts_with("type \"Boss Battle\"")
        || why.starts_with("type \"Story Mode\"")
        || why.starts_with("type \"Terrain Token\"")
        || why.contains("a <property> whose attributes can't be read")
        || why == "no health"
        || why == "no cost"
        || why.starts_with("health \"*\"")
        || why.contains("teams on a card that isn't a character")
        || why == "a location whose power symbols aren't read from its text"
        || why == "a plot twist whose timing isn't read"
}

#[test]
#[cfg_attr(not(shared_cards), ignore = "needs ../shared/cards/vs-2pcg")]
fn the_eight_later_sets_import_read_back_and_load() {
    let dir = temp_dir("shared");
    let (mut whole, mut all) = (0, 0);
    let mut lines = Vec::new();
    for file in shared_set_files() {
        let stem = file.file_stem().unwrap().to_string_lossy().to_string();
        let out = dir.join(format!("{stem}.cards"));
        let r = import_file(&file, Some(&out), true)
            .unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        let text = std::fs::read_to_string(&file).unwrap();
        let i = import_set(&text, &file.display().to_string()).unwrap();
        // Every card is written, facts at least, unless its facts can't be read for
        // one of the known reasons.
        for (name, line, why) in &i.refused {
            assert!(expected_refusal(why), "{stem}:{line}: {name}: {why}");
        }
        let defs = crossover_vs2pcg::cardfile::parse_cards(&stem, &i.card_file).unwrap();
        assert_eq!(defs.len(), i.whole + i.in_part.len());
        whole += i.whole;
        all += i.cards();
        lines.push(r.summary.clone());
    }
    // The eight files together load over the built-in cards, as `--cards DIR` does.
    let mut args = Vs2pcgArgs::default();
    args.cards = Some(dir.clone());
    args.pool().unwrap_or_else(|e| panic!("{e}"));
    println!("{}", lines.join("\n"));
    println!("all eight: {whole} of {all} cards compiled whole");
    // What docs/cards.md reports: keep it honest when the grammar grows.
    assert!(
        whole >= 38,
        "fewer cards compiled whole than before: {whole}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
