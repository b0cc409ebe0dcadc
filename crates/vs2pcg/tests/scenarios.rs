//! Every scenario in scenarios/vs2pcg passes, and the runner reports a changed expectation
//! with the expected and the actual value.

use crossover_scenario::mutation_test;
use crossover_vs2pcg::scenario::{self, Vs2pcgScenarios};
use std::path::Path;

fn root() -> std::path::PathBuf {
    // The 2PCG scenarios (scenarios/toy holds the toy game's, run by crossover-toy).
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../scenarios/vs2pcg")
}

#[test]
fn every_scenario_in_the_scenarios_directory_passes() {
    crossover_scenario::suite::assert_all_pass::<Vs2pcgScenarios>(&root(), "VS2PCG_SCENARIOS");
}

#[test]
fn a_changed_expectation_fails_with_expected_and_actual() {
    let path = root().join("2PCG-002-team-attack.toml");
    let src = std::fs::read_to_string(&path).unwrap();
    assert!(scenario::run_source("ok.toml", &src)
        .unwrap()
        .failure
        .is_none());
    let changed = src.replace(r#"face_up = ["a", "c"]"#, r#"face_up = ["a", "b"]"#);
    assert_ne!(changed, src);
    let fail = scenario::run_source("changed.toml", &changed)
        .unwrap()
        .failure
        .expect("must fail");
    let text = fail.to_string();
    assert!(text.contains("expected: face up in play"), "{text}");
    assert!(text.contains("actual:   Two-Two is stunned"), "{text}");
    let expect_line = src
        .lines()
        .position(|l| l.contains("stunned = [\"big\""))
        .unwrap()
        + 1;
    assert!(
        fail.line <= expect_line && fail.line + 2 >= expect_line,
        "{text}"
    );
}

#[test]
fn malformed_scenarios_name_file_line_and_problem() {
    let base =
        "game = \"vs2pcg\"\n[[player]]\nmain = \"mnb-001\"\n[[player]]\nmain = \"mnb-079\"\n";
    let cases = [
        (
            format!("{base}front = [\"no-such-card\"]\n"),
            6,
            "unknown card `no-such-card`",
        ),
        (
            format!("{base}front = [\"mnb-110\"]\n"),
            6,
            "not a character",
        ),
        (base.replace("vs2pcg", "chess"), 1, "unknown game"),
        (
            format!("{base}front = [\"Icemn\"]\n"),
            6,
            "unknown card `Icemn`",
        ),
        (
            format!("{base}[[step]]\nattack = \"zz\"\nat = \"mnb-079\"\n"),
            6,
            "no card with id `zz`",
        ),
        (
            base.replacen("\n", "\nphase = \"lunch\"\n", 1),
            2,
            "unknown phase",
        ),
        ("game = \"vs2pcg\"\n[[player]\n".to_string(), 2, ""),
        (
            format!("cards = '''\n(card x-1 \"X\" (supporting (cost 1)))\n'''\n{base}"),
            2,
            "atk",
        ),
    ];
    for (src, line, phrase) in cases {
        let err = scenario::run_source("bad.toml", &src).expect_err(&src);
        assert_eq!(err.line, line, "{err}\n{src}");
        if phrase.contains("Icemn") {
            assert_eq!(err.hint.as_deref(), Some("did you mean `Iceman`?"));
            let shown = err.diagnostic(Some(&src)).render(false);
            assert!(shown.contains("6 │ front = [\"Icemn\"]"), "{shown}");
        }
        assert!(err.message.contains(phrase), "{err}");
        assert!(
            err.to_string().starts_with(&format!("bad.toml:{line}:")),
            "{err}"
        );
    }
}

/// The expectation kinds added for issue 11 (section 2): some scenario must use each.
const NEW_EXPECTATIONS: [&str; 15] = [
    "resource_face_up",
    "resource_face_down",
    "resources",
    "deck_top",
    "deck_order",
    "frozen",
    "not_frozen",
    "main",
    "supporting",
    "attacking",
    "defending",
    "not_in_combat",
    "ko_pile_of",
    "out",
    "in_game",
];

#[test]
fn changing_any_expectation_of_any_scenario_makes_it_fail_at_that_step() {
    // The shared mutation test changes every expectation of every scenario in turn
    // (crossover_scenario::mutation_test, with Vs2pcgScenarios::mutations).
    let mut covered = std::collections::BTreeSet::new();
    let mut problems = Vec::new();
    let mut unchanged = Vec::new();
    let mut changes = 0;
    for f in scenario::collect(&root()).unwrap() {
        let src = std::fs::read_to_string(&f).unwrap();
        let file = f.display().to_string();
        let report =
            mutation_test::<Vs2pcgScenarios>(&file, &src).unwrap_or_else(|e| panic!("{e}"));
        if report.changed.is_empty() {
            unchanged.push(file);
        }
        changes += report.changed.len();
        covered.extend(report.changed.into_iter().map(|(_, k)| k));
        problems.extend(report.problems);
    }
    assert!(
        problems.is_empty(),
        "{} of {changes} changed expectations were not caught:\n{}",
        problems.len(),
        problems.join("\n")
    );
    assert!(
        unchanged.is_empty(),
        "scenarios with no expectation to change: {unchanged:?}"
    );
    let missing: Vec<_> = NEW_EXPECTATIONS
        .iter()
        .filter(|k| !covered.contains(**k))
        .collect();
    assert!(missing.is_empty(), "no scenario uses {missing:?}");
}

// ------------------------------------------------------------------ the board, accepted

/// Two players: `p0` is seat 0's table (after `game`), `p1` seat 1's; `steps` follow.
fn board(p0: &str, p1: &str, steps: &str) -> String {
    format!("game = \"vs2pcg\"\n[[player]]\n{p0}\n[[player]]\n{p1}\n{steps}")
}

fn passes(src: &str) {
    match scenario::run_source("ok.toml", src) {
        Ok(r) => assert!(r.failure.is_none(), "{}\n{src}", r.failure.unwrap()),
        Err(e) => panic!("{e}\n{src}"),
    }
}

fn fails(src: &str, phrase: &str) {
    let r = scenario::run_source("ok.toml", src).unwrap_or_else(|e| panic!("{e}\n{src}"));
    let f = r.failure.unwrap_or_else(|| panic!("must fail:\n{src}"));
    assert!(f.to_string().contains(phrase), "{f}");
}

/// The file is refused at `line` with a message containing `phrase`.
fn refused(src: &str, line: usize, phrase: &str) {
    let err = scenario::run_source("bad.toml", src).expect_err(src);
    assert_eq!(err.line, line, "{err}\n{src}");
    assert!(err.message.contains(phrase), "{err}");
    assert!(
        err.to_string().starts_with(&format!("bad.toml:{line}:")),
        "{err}"
    );
}

#[test]
fn a_main_character_starts_at_level_2_by_level_or_by_naming_the_level_2_card() {
    // Deadpool: level 1 is mnb-031, level 2 mnb-032; the level 1 waits outside the game.
    for main in [
        r#"main = { card = "mnb-031", level = 2, id = "dp" }"#,
        r#"main = { card = "mnb-032", id = "dp" }"#,
        r#"main = { card = "mnb-032", level = 2, id = "dp" }"#,
    ] {
        passes(&board(
            main,
            r#"main = "mnb-079""#,
            "[[step]]\nexpect = { level = { dp = 2 }, atk = { dp = 4 }, def = { dp = 6 }, main = [\"dp\"] }\n",
        ));
    }
    // Named at level 2, asked for level 1: the level 1 version is in play.
    passes(&board(
        r#"main = { card = "mnb-032", level = 1, id = "dp" }"#,
        r#"main = "mnb-079""#,
        "[[step]]\nexpect = { level = { dp = 1 }, atk = { dp = 2 } }\n",
    ));
}

#[test]
fn a_level_2_main_character_regresses_like_one_that_levelled_up() {
    // Groot L2's We are Groot regresses him: the level 1 card must be outside the game,
    // where levelling up would have put it (p.20).
    let src = board(
        "main = { card = \"mnb-060\", id = \"groot\" }\nresources = [{ card = \"mnb-110\", id = \"lab\" }]",
        r#"main = "mnb-079""#,
        "[[step]]\nexpect = { level = { groot = 2 }, atk = { groot = 7 } }\n[[step]]\npower = \"We are Groot\"\nof = \"groot\"\npay = [\"lab\"]\n[[step]]\nexpect = { level = { groot = 1 }, main = [\"groot\"], face_up = [\"groot\"] }\n",
    );
    passes(&src);
    fails(
        &src.replace("level = { groot = 1 }", "level = { groot = 2 }"),
        "groot's level",
    );
}

#[test]
fn two_main_characters_with_the_original_marked() {
    let src = board(
        "mains = [\n  { card = \"mnb-029\", id = \"w\" },\n  { card = \"mnb-081\", id = \"loki\", level = 2, original = true },\n]",
        r#"main = "mnb-079""#,
        "[[step]]\nexpect = { main = [\"w\", \"loki\"], level = { w = 1, loki = 2 } }\n",
    );
    passes(&src);
}

#[test]
fn every_card_and_each_player_is_addressable_by_id() {
    let src = board(
        r#"id = "me"
main = { card = "mnb-001", id = "cap", equipment = { card = "aln-023", id = "rifle" } }
resources = [{ card = "mnb-111", id = "res" }]
hand = [{ card = "mnb-112", id = "h" }]
deck = [{ card = "mnb-110", id = "d" }]
ko_pile = [{ card = "mnb-035", id = "k" }]
outside = [{ card = "mnb-036", id = "o" }]"#,
        r#"id = "them"
main = "mnb-079""#,
        r#"[[step]]
[step.expect]
resource_face_up = ["res"]
in_hand = ["h"]
deck_top = ["d"]
ko_pile_of = { k = "me" }
in_play = ["rifle", "cap"]
supporting = ["o"]
in_game = ["me", "them", 0, 1]
keyword = { cap = ["Ranged"] }
"#,
    );
    passes(&src);
}

#[test]
fn choose_player_names_a_player_by_id_or_seat() {
    // Emma Frost's Mind Games: "may ... choose a player". Seat 1 by id, then by number.
    for who in ["\"them\"", "1"] {
        let src = board(
            "id = \"me\"\nmain = \"mnb-001\"\nhand = [{ card = \"mnb-047\", id = \"emma\" }]\nresources = [\"mnb-112\", \"mnb-112\", \"mnb-112\", \"mnb-112\", \"mnb-112\", \"mnb-112\"]",
            "id = \"them\"\nmain = \"mnb-079\"\nhand = [\"mnb-112\", \"mnb-112\"]\ndeck = [\"mnb-112\", \"mnb-112\", \"mnb-112\"]",
            &format!(
                "[[step]]\nrecruit = \"emma\"\n[[step]]\nanswer = \"yes\"\n[[step]]\nchoose_player = {who}\n[[step]]\nexpect = {{ hand_size = [0, 2], deck_size = [0, 1] }}\n"
            ),
        )
        .replacen("game = \"vs2pcg\"", "game = \"vs2pcg\"\nphase = \"recruit\"", 1);
        passes(&src);
    }
}

// ------------------------------------------------------------------ the board, refused

const THEM: &str = r#"main = "mnb-079""#;

#[test]
fn both_kinds_of_counters_on_one_character_are_refused_p13() {
    refused(
        &board(
            "main = \"mnb-001\"\nfront = [\n  { card = \"mnb-035\", plus = 1, minus = 1 },\n]",
            THEM,
            "",
        ),
        5,
        "cancel out",
    );
}

#[test]
fn a_level_1_main_character_placed_as_a_supporting_character_is_refused() {
    refused(
        &board("main = \"mnb-001\"\nback = [\"mnb-031\"]", THEM, ""),
        4,
        "main character card",
    );
    refused(
        &board(
            "main = \"mnb-001\"\nfront = [{ card = \"mnb-032\" }]",
            THEM,
            "",
        ),
        4,
        "only as a main character",
    );
}

#[test]
fn a_stunned_character_with_counters_is_refused_unless_symbiosis_or_waking_nightmare() {
    refused(
        &board(
            "main = \"mnb-001\"\nfront = [{ card = \"mnb-035\", stunned = true, plus = 1 }]",
            THEM,
            "",
        ),
        4,
        "stunned with +1/+1 counters",
    );
    refused(
        &board(
            "main = \"mnb-001\"\nfront = [{ card = \"mnb-036\", stunned = true, minus = 1 }]",
            THEM,
            "",
        ),
        4,
        "stunned with -1/-1 counters",
    );
    // Symbiosis keeps its +1/+1 counters; an enemy's Waking Nightmare keeps -1/-1 ones.
    passes(&board(
        "main = \"mnb-001\"\nfront = [{ card = \"def-043\", id = \"venom\", stunned = true, plus = 2 }]",
        THEM,
        "[[step]]\nexpect = { stunned = [\"venom\"], plus = { venom = 2 } }\n",
    ));
    passes(&board(
        "main = \"mnb-001\"\nfront = [{ card = \"mnb-036\", id = \"m\", stunned = true, minus = 1 }]",
        "main = \"mnb-079\"\nfront = [\"leg-053\"]",
        "[[step]]\nexpect = { minus = { m = 1 } }\n",
    ));
}

#[test]
fn a_stunned_character_with_equipment_is_refused() {
    refused(
        &board(
            "main = \"mnb-001\"\nfront = [\n\n  { card = \"mnb-036\", stunned = true, equipment = \"aln-023\" },\n]",
            THEM,
            "",
        ),
        6,
        "stunned with equipment",
    );
}

#[test]
fn wounds_as_many_as_health_on_a_character_in_play_are_refused() {
    // Iceman has 1 health.
    refused(
        &board(
            "main = \"mnb-001\"\nfront = [{ card = \"mnb-035\", stunned = true, wounds = 1 }]",
            THEM,
            "",
        ),
        4,
        "as many wounds as its health",
    );
    refused(
        &board("main = { card = \"mnb-001\", wounds = 200 }", THEM, ""),
        3,
        "KO'd",
    );
}

#[test]
fn a_face_up_character_at_0_def_is_refused_p13() {
    // Iceman: 1 DEF.
    refused(
        &board(
            "main = \"mnb-001\"\nfront = [{ card = \"mnb-035\", minus = 1 }]",
            THEM,
            "",
        ),
        4,
        "DEF is 0",
    );
}

#[test]
fn counters_or_a_condition_on_a_card_out_of_play_are_refused() {
    for (zone, key) in [
        ("hand", "wounds = 1"),
        ("deck", "exhausted = true"),
        ("ko_pile", "plus = 1"),
        ("outside", "xp = 2"),
        ("resources", "stunned = true"),
        ("hand", "equipment = \"aln-023\""),
    ] {
        refused(
            &board(
                &format!("main = \"mnb-001\"\n{zone} = [{{ card = \"mnb-035\", {key} }}]"),
                THEM,
                "",
            ),
            4,
            "only a character in play",
        );
    }
}

#[test]
fn a_token_out_of_play_is_refused_p26() {
    refused(
        &board(
            "main = \"mnb-001\"\nko_pile = [{ card = \"mnb-035\", token = true }]",
            THEM,
            "",
        ),
        4,
        "ceases to exist",
    );
}

#[test]
fn malformed_board_entries_are_refused_with_their_line() {
    let cases = [
        // Not an equipment card.
        (
            "main = \"mnb-001\"\nfront = [{ card = \"mnb-035\", equipment = \"mnb-036\" }]",
            4,
            "not an equipment card",
        ),
        // An id used twice.
        (
            "main = { card = \"mnb-001\", id = \"x\" }\nfront = [{ card = \"mnb-035\", id = \"x\" }]",
            4,
            "already used",
        ),
        // `row` / `level` / `original` only for main characters.
        (
            "main = \"mnb-001\"\nfront = [{ card = \"mnb-035\", level = 2 }]",
            4,
            "only for a main character",
        ),
        // `face_down` only for resources.
        (
            "main = \"mnb-001\"\nhand = [{ card = \"mnb-111\", face_down = true }]",
            4,
            "only for resources",
        ),
        // No such level.
        ("main = { card = \"mnb-001\", level = 3 }", 3, "no level 3"),
        // A promoted supporting character is level 1.
        (
            "mains = [\"mnb-001\", { card = \"mnb-035\", level = 2, original = false }]\n",
            3,
            "mark the main character the player started with",
        ),
        (
            "mains = [{ card = \"mnb-001\", original = true }, { card = \"mnb-035\", level = 2 }]\n",
            3,
            "level 1 main character",
        ),
        (
            "mains = [\n{ card = \"mnb-001\", original = true },\n{ card = \"mnb-029\", original = true }]\n",
            5,
            "only one",
        ),
        ("main = \"mnb-001\"\nmains = [\"mnb-029\"]", 4, "not both"),
        // The player's table begins at its `[[player]]` line.
        ("front = [\"mnb-035\"]", 2, "needs a main character"),
        // The original main character is a main character card.
        ("main = \"mnb-035\"", 3, "not a main character"),
        // A player id that is a card id, or a number.
        (
            "id = \"cap\"\nmain = { card = \"mnb-001\", id = \"cap\" }",
            3,
            "already used",
        ),
        ("id = \"7\"\nmain = \"mnb-001\"", 3, "is a number"),
    ];
    for (p0, line, phrase) in cases {
        refused(&board(p0, THEM, ""), line, phrase);
    }
}

#[test]
fn scenario_choose_player_99_is_a_file_line_error_not_a_panic_in_describe() {
    // Once, `choose_player = 99` reached the engine's description of the action (which
    // indexes the players) before any check and panicked. Every seat from the file is
    // checked against the game's seats first.
    let base = board(
        "main = \"mnb-001\"\nhand = [\"mnb-047\"]\nresources = [\"mnb-112\", \"mnb-112\", \"mnb-112\", \"mnb-112\", \"mnb-112\", \"mnb-112\"]",
        "main = \"mnb-079\"",
        "[[step]]\nrecruit = \"mnb-047\"\n[[step]]\nanswer = \"yes\"\n[[step]]\nchoose_player = SEAT\n",
    )
    .replacen("game = \"vs2pcg\"", "game = \"vs2pcg\"\nphase = \"recruit\"", 1);
    for (seat, phrase) in [
        ("99", "seat 99 doesn't exist"),
        ("-1", "seat -1 doesn't exist"),
        ("18446744073709551615", ""),
        ("1.5", ""),
        ("\"nobody\"", "no player with id `nobody`"),
    ] {
        let src = base.replace("SEAT", seat);
        let err = scenario::run_source("bad.toml", &src).expect_err(&src);
        assert_eq!(err.line, 14, "{err}");
        assert!(err.message.contains(phrase), "{err}");
    }
    passes(&base.replace("SEAT", "1"));
}

#[test]
fn combat_and_turn_player_errors_name_their_line() {
    refused(
        &format!(
            "{}[combat]\nattackers = [\"mnb-001\"]\ndefender = \"zz\"\n",
            board("main = \"mnb-001\"", THEM, "")
        ),
        8,
        "no card with id `zz`",
    );
    refused(
        &board("main = \"mnb-001\"", THEM, "").replacen(
            "game = \"vs2pcg\"",
            "game = \"vs2pcg\"\nturn_player = 5",
            1,
        ),
        2,
        "only 2 players",
    );
    refused(
        &board("main = \"mnb-001\"", THEM, "").replacen(
            "game = \"vs2pcg\"",
            "game = \"vs2pcg\"\nturn = 0",
            1,
        ),
        2,
        "counted from 1",
    );
}

#[test]
fn two_characters_of_one_name_on_a_side_are_refused_uniqueness_p24() {
    // Two supporting Iceman cards.
    refused(
        &board(
            "main = \"mnb-001\"\nfront = [\"mnb-035\"]\nback = [\"mnb-035\"]",
            THEM,
            "",
        ),
        5,
        "Uniqueness p.24",
    );
    // A supporting character with the main character's name (Captain America mnb-015).
    refused(
        &board("main = \"mnb-001\"\n\nfront = [\"mnb-015\"]", THEM, ""),
        5,
        "same name",
    );
    // On different sides, and with Swarm, copies are fine.
    passes(&board(
        "main = \"mnb-001\"\nfront = [\"mnb-035\"]",
        "main = \"mnb-079\"\nfront = [\"mnb-035\"]",
        "",
    ));
    passes(&board(
        "main = \"mnb-001\"\nfront = [\"aln-038\", \"aln-038\"]",
        THEM,
        "[[step]]\nexpect = { face_up = [\"aln-038\", \"aln-038#2\"] }\n",
    ));
}

#[test]
fn a_card_table_error_says_what_is_wrong_not_that_no_form_matched() {
    for (card, phrase) in [
        (
            "{ card = \"mnb-035\", wounds = 256 }",
            "wounds must be 0..=255",
        ),
        (
            "{ card = \"mnb-035\", colour = \"red\" }",
            "unknown field `colour`",
        ),
        ("7", "a card is a number or name"),
    ] {
        let src = board(&format!("main = \"mnb-001\"\n\nfront = [{card}]"), THEM, "");
        let err = scenario::run_source("bad.toml", &src).expect_err(&src);
        assert_eq!(err.line, 5, "{err}");
        assert!(err.message.contains(phrase), "{err}");
        assert!(!err.message.contains("untagged"), "{err}");
    }
}

#[test]
fn a_declared_combat_is_checked_against_the_rules() {
    // Accepted: Iceman (front row) attacks the enemy's Iceman.
    passes(&format!(
        "{}[combat]\nattackers = [\"ice\"]\ndefender = \"their\"\n[[step]]\nexpect = {{ attacking = [\"ice\"], defending = \"their\", exhausted = [\"ice\"] }}\n",
        board(
            "main = { card = \"mnb-001\", row = \"back\" }\nfront = [{ card = \"mnb-035\", id = \"ice\" }]",
            "main = { card = \"mnb-079\", row = \"back\" }\nfront = [{ card = \"mnb-035\", id = \"their\" }]",
            ""
        )
    ));
    let cases = [
        // An exhausted attacker.
        (
            "front = [{ card = \"mnb-035\", id = \"ice\", exhausted = true }]",
            "[\"ice\"]",
            "their",
            9,
            "can't attack now",
        ),
        // A defender on the attacker's own side.
        (
            "front = [{ card = \"mnb-035\", id = \"ice\" }]",
            "[\"ice\"]",
            "mnb-001",
            10,
            "can't be attacked",
        ),
        // A stunned defender.
        (
            "front = [{ card = \"mnb-035\", id = \"ice\" }]",
            "[\"ice\"]",
            "stunned",
            10,
            "can't be attacked",
        ),
    ];
    for (front, attackers, defender, line, phrase) in cases {
        let src = format!(
            "{}[combat]\nattackers = {attackers}\ndefender = \"{defender}\"\n",
            board(
                &format!("main = \"mnb-001\"\n{front}"),
                "main = { card = \"mnb-079\", row = \"back\" }\nfront = [{ card = \"mnb-035\", id = \"their\" }, { card = \"mnb-036\", id = \"stunned\", stunned = true }]",
                ""
            )
        );
        refused(&src, line, phrase);
    }
}

#[test]
fn xp_on_a_character_without_a_level_up_power_is_refused_p20() {
    // Deadpool L2 has no Level Up power; Iceman is a supporting character.
    refused(
        &board("main = { card = \"mnb-032\", xp = 1 }", THEM, ""),
        3,
        "no Level Up power",
    );
    refused(
        &board(
            "main = \"mnb-001\"\nfront = [{ card = \"mnb-035\", xp = 1 }]",
            THEM,
            "",
        ),
        4,
        "no Level Up power",
    );
    // Level 1 Deadpool levels up with 3 XP; 2 is a board the rules reach.
    passes(&board(
        "main = { card = \"mnb-031\", id = \"dp\", xp = 2 }",
        THEM,
        "[[step]]\nexpect = { xp = { dp = 2 }, level = { dp = 1 } }\n",
    ));
}

#[test]
fn a_board_of_70000_cards_is_refused_at_the_card_past_the_limit_not_wrapped_or_hung() {
    // Card ids are u16: 70,000 deck cards wrapped them and took minutes to set up.
    let deck = vec!["\"mnb-009\""; 70_000].join(", ");
    let src = board(
        r#"main = "mnb-001""#,
        &format!("main = \"mnb-079\"\ndeck = [{deck}]"),
        "",
    );
    refused(&src, 6, "at most 1000 cards");
    // 300 resources: the Recruit Phase's points saturate at 255 instead of wrapping to 44.
    let resources = vec!["\"mnb-009\""; 300].join(", ");
    passes(
        &board(
            &format!("main = \"mnb-001\"\nresources = [{resources}]"),
            r#"main = "mnb-079""#,
            "[[step]]\nexpect = { recruit_points = [255, 0] }\n",
        )
        .replacen("\n", "\nphase = \"recruit\"\n", 1),
    );
}
