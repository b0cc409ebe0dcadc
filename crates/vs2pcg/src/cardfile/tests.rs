use super::*;
use crate::verbs::{Choose, ChooseRow, Delayed};

fn parse_err(src: &str) -> CardFileError {
    match parse_cards("t.cards", src) {
        Ok(c) => panic!("expected an error, parsed {} card(s)", c.len()),
        Err(e) => e,
    }
}

fn expect(src: &str, line: u32, phrase: &str) {
    let e = parse_err(src);
    assert_eq!(e.line, line, "wrong line for error: {e}");
    assert!(
        e.message.contains(phrase),
        "message `{}` lacks `{phrase}`",
        e.message
    );
    assert!(
        e.to_string().starts_with(&format!("t.cards:{line}:")),
        "{e}"
    );
}

#[test]
fn examples_compile() {
    let src = r#"
(card mnb-021 "Thor"
  (supporting (cost 6) (atk 6) (def 5) (health 2) (team avengers) flight)
  (power "Lightning Strike"
(super main (cost energy)
  (choose 0 (enemy character))
  (minus-counters (chosen 0) 3))))
(card mnb-107 "Savage Surprise" (plot-twist (timing combat any-turn))
  (effect (choose 0 (defender)) (modify (chosen 0) 4 0 this-combat)))
(card mnb-026 "Avengers Mansion" (special-location (team avengers) energy intellect might skill))
(card x-001 "Maybe" (supporting (cost 1) (atk 1) (def 1) (health 1))
  (power "P" (trigger (on self-appears) (if self-face-up)
 (may "Choose?" (choose 0 (enemy)) (if (chose 0) (stun (chosen 0)) (draw you 1)))
 cancel-combat)))
"#;
    let cards = parse_cards("t.cards", src).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(cards.len(), 4);
    let thor = &cards[0];
    assert_eq!(
        (thor.cost, thor.atk, thor.def, thor.health),
        (Some(6), 6, 5, 2)
    );
    assert_eq!(thor.powers[0].body, PowerBody::Keyword(Keyword::Flight));
    let PowerBody::Super(sp) = &thor.powers[1].body else {
        panic!()
    };
    assert_eq!(sp.cost, vec![Symbol::Energy]);
    assert_eq!(
        sp.effect[1],
        Step::MinusCounters(MinusCounters {
            who: Who::Chosen(0),
            n: Amount::Fixed(3)
        })
    );
    assert_eq!(thor.source, "t.cards:2");
    assert_eq!(
        cards[1].timing,
        Some(Timing::Combat {
            any_turn: true,
            any_combat: false
        })
    );
    assert_eq!(cards[2].symbols.len(), 4);
    let PowerBody::Triggered(t) = &cards[3].powers[0].body else {
        panic!()
    };
    assert_eq!(t.if_cond, Some(Cond::SelfFaceUp));
    assert!(matches!(&t.effect[0], Step::May(m) if m.skip == 4));
    assert!(matches!(&t.effect[2], Step::If(i) if i.skip == 2));
    assert_eq!(t.effect[5], Step::CancelCombat(CancelCombat));
    let Step::Choose(Choose {
        filter, min, max, ..
    }) = &t.effect[1]
    else {
        panic!()
    };
    assert_eq!(
        (filter.side, filter.face, *min, *max),
        (SideFilter::Enemy, FaceFilter::Any, 1, 1)
    );
}

#[test]
fn broken_cards_name_line_and_fix() {
    // Unclosed paren: the line of the `(` that is never closed.
    expect(
        "(card t-1 \"A\"\n  (supporting (cost 1) (atk 1) (def 1) (health 1))\n",
        1,
        "never closed",
    );
    expect(
        "(card t-1 \"A\"\n  (supporting (cost 1) (atk 1) (def 1) (health 1)\n",
        2,
        "never closed",
    );
    // Unknown keyword, with the known ones listed.
    expect(
        "(card t-1 \"A\" (supporting (cost 1) (atk 1) (def 1) (health 1))\n  (power \"F\" (keyword Ferocius)))",
        2,
        "unknown keyword `Ferocius` (did you mean `ferocious`?); known keywords: flight, ranged",
    );
    // Missing atk.
    expect(
        "\n(card mnb-021 \"Thor\"\n  (supporting (cost 6) (def 5) (health 2)))",
        3,
        "card mnb-021 has no (atk N)",
    );
    // Missing cost.
    expect(
        "(card t-1 \"A\" (supporting (atk 1) (def 1) (health 1)))",
        1,
        "a supporting character needs (cost N)",
    );
    // Unknown step.
    expect(
        "(card t-1 \"A\" (supporting (cost 1) (atk 1) (def 1) (health 1))\n (power \"P\" (super main (cost might)\n   (bogus self))))",
        3,
        "unknown step `bogus`",
    );
    // Bad team.
    expect(
        "(card t-1 \"A\"\n (supporting (cost 1) (atk 1) (def 1) (health 1) (team avenger)))",
        2,
        "unknown team `avenger` (did you mean `avengers`?)",
    );
    // Duplicate number.
    expect(
        "(card t-1 \"A\" (location might))\n(card t-2 \"B\" (location skill))\n(card T-1 \"C\" (location energy))",
        3,
        "already defined at t.cards:1",
    );
    // chosen 1 with no choose 1.
    expect(
        "(card t-1 \"A\" (plot-twist (timing main))\n (effect (choose 0 (yours))\n  (stun (chosen 1))))",
        3,
        "no earlier (choose 1",
    );
    // A level that doesn't exist.
    expect(
        "(card t-1 \"A\" (main 1 (atk 1) (def 1) (health 5)\n   (levels mnb-999)))",
        2,
        "there is no card mnb-999",
    );
    // Levels must agree with each other.
    expect(
        "(card t-1 \"A\" (main 1 (atk 1) (def 1) (health 5) (levels t-2)))\n(card t-2 \"B\" (main 2 (atk 1) (def 1) (health 5) (levels t-1)))",
        1,
        "levels must have the same name",
    );
    // Super Powers need a cost.
    expect("(card t-1 \"A\" (supporting (cost 1) (atk 1) (def 1) (health 1))\n (power \"P\" (super main (draw you 1))))", 2, "non-empty (cost");
    expect("(card t-1 \"A\" (supporting (cost 1) (atk 1) (def 1) (health 1))\n (power \"P\" (super main (cost) (draw you 1))))", 2, "can't be empty");
    // Colours instead of symbols.
    expect(
        "(card t-1 \"A\" (location green))",
        1,
        "write the power symbol `might`",
    );
    // Plot twists need a timing and an effect; locations need symbols.
    expect(
        "(card t-1 \"A\" (plot-twist) (effect cancel-combat))",
        1,
        "needs a timing",
    );
    expect(
        "(card t-1 \"A\" (plot-twist (timing main)))",
        1,
        "needs an (effect",
    );
    expect(
        "(card t-1 \"A\" (location))",
        1,
        "needs at least one power symbol",
    );
    // `self` in a plot twist.
    expect(
        "(card t-1 \"A\" (plot-twist (timing main))\n (effect (ready self)))",
        2,
        "a plot twist has no `self`",
    );
    // Reactions.
    expect(
        "(card t-1 \"A\" (supporting (cost 1) (atk 1) (def 1) (health 1))\n (power \"P\" (super main (cost might) cancel-super-power)))",
        2,
        "only works in a reaction",
    );
    // last-count without a counting step.
    expect(
        "(card t-1 \"A\" (supporting (cost 1) (atk 1) (def 1) (health 1))\n (power \"P\" (super main (cost might)\n (draw you last-count))))",
        3,
        "last-count",
    );
    // Reserved slots.
    expect("(card t-1 \"A\" (plot-twist (timing main)) (effect\n (choose 5 (yours)) (ready (chosen 5))))", 2, "between 0 and 4");
    // Powers belong on characters and equipment; a plot twist's only one is Loyalty.
    expect(
        "(card t-1 \"A\" (plot-twist (timing main)) (effect cancel-combat)\n (power \"P\" (keyword tough)))",
        2,
        "a plot twist's only power is the keyword loyalty",
    );
    expect(
        "(card t-1 \"A\" (location might)\n (power \"P\" (keyword tough)))",
        2,
        "only characters, equipment and plot twists have powers",
    );
    // A Super Power's timing comes first.
    expect(
        "(card t-1 \"A\" (supporting (cost 1) (atk 1) (def 1) (health 1))\n (power \"P\" (super (cost might) (draw you 1))))",
        2,
        "the timing comes first",
    );
    // Not a card at all.
    expect("\n\n(crad t-1)", 3, "expected a (card NUMBER");
}

#[test]
fn delayed_triggers_loops_and_level_up_steps_compile() {
    let src = r#"
(card x-1 "A" (main 1 (atk 1) (def 1) (health 5) (levels x-2))
  (power "Grow" (level-up 8 (on end-of-your-turn) (gain-xp (count yours face-up supporting))))
  (power "Blade"
(super main (cost might)
  (delayed (on self-stuns any-face) this-turn (take-subject 0) (ko (chosen 0))))))
(card x-2 "A" (main 2 (atk 1) (def 1) (health 5) (levels x-1))
  (power "Gauntlet"
(super main (cost might)
  (for-each-player 0 enemy
    (choose 1 (supporting (of (chosen-player 0))))
    (ko (chosen 1)))
  (choose-row 2 enemy)
  (minus-counters (each (in-row 2)) 1))))
"#;
    let cards = parse_cards("t.cards", src).unwrap_or_else(|e| panic!("{e}"));
    let PowerBody::LevelUp { trigger, .. } = &cards[0].powers[0].body else {
        panic!()
    };
    assert!(matches!(trigger.effect[..], [Step::GainXp(_)]));
    let PowerBody::Super(sp) = &cards[0].powers[1].body else {
        panic!()
    };
    let Step::Delayed(Delayed {
        on,
        duration,
        repeat,
        steps,
        ..
    }) = &sp.effect[0]
    else {
        panic!("{:?}", sp.effect)
    };
    assert!(matches!(on, TriggerOn::SelfStuns { .. }));
    assert_eq!(
        (*duration, *repeat, steps.len()),
        (Duration::ThisTurn, false, 2)
    );
    let PowerBody::Super(sp) = &cards[1].powers[0].body else {
        panic!()
    };
    assert!(matches!(
        sp.effect[..],
        [
            Step::ForEachPlayer(crate::verbs::ForEachPlayer {
                slot: 0,
                enemy_only: true,
                skip: 2
            }),
            Step::Choose(_),
            Step::Ko(Ko { .. }),
            Step::EndForEach(crate::verbs::EndForEach { back: 3 }),
            Step::ChooseRow(ChooseRow { slot: 2, .. }),
            Step::MinusCounters(MinusCounters { .. }),
        ]
    ));
}

#[test]
fn new_steps_refuse_what_they_cant_mean() {
    let sup = "(card t-1 \"A\" (supporting (cost 1) (atk 1) (def 1) (health 1))\n";
    let case = |body: &str, phrase: &str| expect(&format!("{sup}{body}"), 2, phrase);
    case(
        "(power \"P\" (super main (cost might) (take-subject 0))))",
        "only a (trigger ...)",
    );
    case(
        "(power \"P\" (super main (cost might) (stun (each (in-row 0))))))",
        "needs an earlier (choose-row 0",
    );
    case(
        "(power \"P\" (static (stats (count (of defending-player)) 0))))",
        "a static's count can't use them",
    );
    case(
        "(power \"P\" (super main (cost might) (discard-each each-enemy named))))",
        "`named` discards the card named by an earlier `name-a-card`",
    );
    case(
        "(power \"P\" (super main (cost might) (if (last-count-at-least 1) (draw you 1)))))",
        "there is none",
    );
    case(
        "(power \"P\" (super main (cost might) (delayed (on self-stuns) until-source-stunned-or-leaves (draw you 1)))))",
        "a delayed trigger lasts",
    );
    case(
        "(power \"P\" (super main (cost might) (ko-resource))))",
        "`ko-resource` is written",
    );
    case(
        "(power \"P\" (super main (cost might) (self-from-ko-pile-to hnd))))",
        "unknown destination `hnd`",
    );
    case(
        "(power \"P\" (super main (cost might) (play-from-ko-pile reaction))))",
        "no reaction timing",
    );
    case(
        "(power \"P\" (super main (cost might) (for-each-player 0 enemy))))",
        "needs steps to repeat",
    );
    case(
        "(power \"P\" (trigger (on self-stuns (of (chosen-player 0))) (draw you 1))))",
        "chosen-player 0",
    );
    expect(
        "(card t-1 \"A\" (plot-twist (timing main))\n (effect (delayed (on self-stuns) this-turn (draw you 1))))",
        2,
        "a plot twist has none",
    );
    expect(
        "(card t-1 \"A\" (main 1 (atk 1) (def 1) (health 5))\n (power \"L\" (level-up 3 (on end-of-your-turn) (draw you 1))))",
        2,
        "(gain-xp AMOUNT)",
    );
}

#[test]
fn load_dir_reads_sorted_files_and_checks_across_them() {
    let dir = std::env::temp_dir().join(format!("crossover-cardfile-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(
        dir.join("b.cards"),
        "(card t-2 \"B\" (main 2 (atk 1) (def 1) (health 5) (levels t-1)))",
    )
    .unwrap();
    std::fs::write(
        dir.join("a.cards"),
        "(card t-1 \"B\" (main 1 (atk 1) (def 1) (health 5) (levels t-2)))",
    )
    .unwrap();
    std::fs::write(dir.join("notes.txt"), "not a card file").unwrap();
    let cards = load_dir(&dir).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        cards.iter().map(|c| c.number.as_str()).collect::<Vec<_>>(),
        ["t-1", "t-2"]
    );
    std::fs::write(
        dir.join("c.cards"),
        "; dup\n(card t-1 \"X\" (location might))",
    )
    .unwrap();
    let e = load_dir(&dir).unwrap_err();
    assert!(
        e.file.ends_with("c.cards") && e.line == 2 && e.message.contains("already defined"),
        "{e}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The same card files give the same card database, so the same fingerprint in replays,
/// wherever their directory is: a definition's place is its file's name and line.
#[test]
fn the_same_card_files_in_two_directories_give_the_same_fingerprint() {
    let base = std::env::temp_dir().join(format!("crossover-fingerprint-{}", std::process::id()));
    let (a, b) = (base.join("one"), base.join("two/deeper"));
    for dir in [&a, &b] {
        std::fs::create_dir_all(dir).unwrap();
        std::fs::write(
            dir.join("mine.cards"),
            "(card t-1 \"A\" (supporting (cost 1) (atk 1) (def 1) (health 1)))",
        )
        .unwrap();
    }
    let (one, two) = (load_dir(&a).unwrap(), load_dir(&b).unwrap());
    assert_eq!(one[0].source, "mine.cards:1");
    assert_eq!(
        crate::db::CardDb::new(one).fingerprint,
        crate::db::CardDb::new(two).fingerprint
    );
    std::fs::remove_dir_all(&base).unwrap();
}

// --- cross-check against the card data set ---------------------------------------

fn norm_name(s: &str) -> String {
    s.chars()
        .filter(|c| !matches!(c, ' ' | '-' | '.'))
        .flat_map(char::to_lowercase)
        .collect()
}

/// Power names: lower case, `[...]` icons dropped, letters and digits only.
fn norm_power(s: &str) -> String {
    let mut out = String::new();
    let mut depth = 0;
    for c in s.chars() {
        match c {
            '[' => depth += 1,
            ']' => depth -= 1,
            _ if depth == 0 && c.is_alphanumeric() => out.extend(c.to_lowercase()),
            _ => {}
        }
    }
    out
}

/// Known misspellings in the data set: (number, printed name).
const DATA_TYPOS: [(&str, &str); 3] = [
    ("aln-038", "Leaping Xenomorph"),
    ("aln-040", "Salivating Xenomorph"),
    // The card's own power names him Havok.
    ("leg-017", "Havok"),
];

/// Cards of the data set not written at all, with the reason.
const NOT_WRITTEN: [(&str, &str); 1] = [(
    "leg-035",
    "Onslaught's ATK, DEF and health are printed `*`: its power sets them, and a card \
     file has no `*` stat yet",
)];

/// Known misspellings of power names in the data set: (number, data set's name,
/// printed name).
const POWER_TYPOS: [(&str, &str, &str); 4] = [
    ("mnb-081", "Plots Withins Plots", "Plots Within Plots"),
    ("def-012", "Iron First Punch", "Iron Fist Punch"),
    ("leg-001", "Beserker", "Berserker"),
    (
        "leg-003",
        "Greater Responsiblility",
        "Greater Responsibility",
    ),
];

/// A power name of the data set, with its known misspelling corrected.
fn fix_power_typo(number: &str, name: String) -> String {
    POWER_TYPOS
        .iter()
        .find(|(n, bad, _)| n.eq_ignore_ascii_case(number) && norm_power(bad) == name)
        .map(|(_, _, good)| norm_power(good))
        .unwrap_or(name)
}

#[derive(Debug, Default)]
struct JsonPower {
    /// (timing, cost) of each Super Power line.
    supers: Vec<(String, Vec<Symbol>)>,
    level_up: Option<u8>,
}

fn timing_word(line: &str) -> Option<String> {
    let l = line.trim_start_matches("[anyturn]").trim();
    for w in ["Any Combat", "Combat", "Main", "Build", "Reaction"] {
        if l.starts_with(w) && l.contains(':') {
            let any_turn = line.starts_with("[anyturn]");
            return Some(match w {
                "Any Combat" => format!(
                    "combat{}-any-combat",
                    if any_turn { "-any-turn" } else { "" }
                ),
                "Combat" => format!("combat{}", if any_turn { "-any-turn" } else { "" }),
                other => other.to_lowercase(),
            });
        }
    }
    None
}

fn colour_symbols(s: &str) -> Vec<Symbol> {
    let mut v = Vec::new();
    let mut rest = s;
    while let Some(i) = rest.find('[') {
        let Some(j) = rest[i..].find(']') else { break };
        match &rest[i + 1..i + j] {
            "blue" => v.push(Symbol::Energy),
            "yellow" => v.push(Symbol::Intellect),
            "green" => v.push(Symbol::Might),
            "red" => v.push(Symbol::Skill),
            "alien" | "space" => v.push(Symbol::Alien),
            "humanity" | "earth" => v.push(Symbol::Humanity),
            _ => {}
        }
        rest = &rest[i + j + 1..];
    }
    v.sort();
    v
}

/// The powers printed in a character's or equipment's text, by normalised name.
fn json_powers(text: &str) -> (Vec<(String, JsonPower)>, Option<String>) {
    let mut out: Vec<(String, JsonPower)> = Vec::new();
    let mut aka = None;
    let known_kw: Vec<String> = KEYWORDS.iter().map(|(_, k)| norm_power(k.name())).collect();
    for para in text.replace("\r\n", "\n").split("\n\n") {
        let lines: Vec<&str> = para
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty())
            .collect();
        let Some(first) = lines.first() else { continue };
        if let Some(a) = first.strip_prefix("AKA ") {
            aka = Some(a.trim().to_string());
            continue;
        }
        if lines.len() == 1 {
            let items: Vec<String> = first
                .split(',')
                .map(norm_power)
                .filter(|s| !s.is_empty())
                .collect();
            if !items.is_empty() && items.iter().all(|i| known_kw.contains(i)) {
                for i in items {
                    out.push((i, JsonPower::default()));
                }
            }
            continue;
        }
        let mut p = JsonPower::default();
        for l in &lines[1..] {
            if let Some(t) = timing_word(l) {
                let before_colon = &l[..l.find(':').unwrap()];
                p.supers.push((t, colour_symbols(before_colon)));
            }
            if let Some(r) = l.strip_prefix("Level Up (") {
                p.level_up = r.split(')').next().and_then(|n| n.trim().parse().ok());
            }
        }
        // Two printed powers may share a name (Groot's "I am Groot"): merge them.
        let name = norm_power(first);
        match out.iter_mut().find(|(n, _)| *n == name) {
            Some((_, q)) => {
                q.supers.extend(p.supers);
                q.level_up = q.level_up.or(p.level_up);
            }
            None => out.push((name, p)),
        }
    }
    (out, aka)
}

fn timing_name(t: Timing) -> String {
    match t {
        Timing::Build => "build".into(),
        Timing::Main => "main".into(),
        Timing::Reaction => "reaction".into(),
        Timing::Combat {
            any_turn,
            any_combat,
        } => format!(
            "combat{}{}",
            if any_turn { "-any-turn" } else { "" },
            if any_combat { "-any-combat" } else { "" }
        ),
    }
}

fn json_team(faction: &str) -> Option<Team> {
    Some(match faction {
        "avengers" => Team::Avengers,
        "xmen" => Team::XMen,
        "guardians of the galaxy" => Team::Guardians,
        "villains" => Team::Villains,
        "defenders" => Team::Defenders,
        "a-force" => Team::AForce,
        "underworld" => Team::Underworld,
        "femme fatales" => Team::FemmeFatales,
        "the company" => Team::Company,
        "xenomorph" => Team::Xenomorphs,
        _ => return None,
    })
}

fn json_int(v: &serde_json::Value, key: &str) -> Option<i32> {
    let s = v[key].as_str()?.trim().trim_end_matches('+');
    if s.is_empty() {
        None
    } else {
        s.parse().ok()
    }
}

#[test]
#[cfg_attr(
    not(shared_cards),
    ignore = "needs the community card data in ../shared/cards/vs-2pcg, not beside this checkout"
)]
fn cards_match_the_card_data_set() {
    // Present: `build.rs` found it.
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../../shared/cards/vs-2pcg/vs-cards.normalized.json");
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{} can't be read: {e}", path.display()));
    let json: serde_json::Value = serde_json::from_str(&text).expect("valid JSON");
    let by_guid: HashMap<String, &serde_json::Value> = json
        .as_array()
        .expect("a list of cards")
        .iter()
        .map(|c| {
            (
                c["guid"].as_str().unwrap_or_default().to_ascii_lowercase(),
                c,
            )
        })
        .collect();
    let mut parsed = Vec::new();
    // The embedded card files (the catalogue's), read here without naming the module above.
    let embedded = [
        ("mnb.cards", include_str!("../../cards/mnb.cards")),
        ("extra.cards", include_str!("../../cards/extra.cards")),
        ("def.cards", include_str!("../../cards/def.cards")),
        ("aff.cards", include_str!("../../cards/aff.cards")),
        ("aln.cards", include_str!("../../cards/aln.cards")),
        ("leg.cards", include_str!("../../cards/leg.cards")),
    ];
    for (file, src) in embedded {
        parsed.extend(parse_file(file, src).unwrap_or_else(|e| panic!("{e}")));
    }
    let mut problems = Vec::new();
    let mut checked = 0;
    for p in &parsed {
        let d = &p.def;
        let Some(j) = by_guid.get(&d.number.to_ascii_lowercase()) else {
            continue;
        };
        checked += 1;
        let mut bad = |what: String| problems.push(format!("{} ({}): {what}", d.number, d.source));
        // Name.
        let jname = j["name"].as_str().unwrap_or_default();
        let typo_ok = DATA_TYPOS
            .iter()
            .any(|(n, real)| *n == d.number && *real == d.name);
        if norm_name(jname) != norm_name(&d.name) && !typo_ok {
            bad(format!(
                "name \"{}\" but the data set says \"{jname}\"",
                d.name
            ));
        }
        // Type.
        let ty = if d.pile {
            "facehugger pile".to_string()
        } else {
            match d.kind {
                CardKind::MainCharacter { level } => format!("main character l{level}"),
                CardKind::Supporting => "supporting character".into(),
                CardKind::PlotTwist => "plot twist".into(),
                CardKind::Equipment => "equipment".into(),
                CardKind::Location => "location".into(),
                CardKind::SpecialLocation => "special location".into(),
            }
        };
        let jty = j["type"].as_str().unwrap_or_default().to_lowercase();
        // A token card (aff-054) may have no type in the data set.
        let token_ok = d.token.0 && jty.is_empty();
        if jty != ty && !token_ok {
            bad(format!("type {ty} but the data set says {jty}"));
        }
        // Cost and stats.
        if json_int(j, "cost").map(|c| c as u8) != d.cost {
            bad(format!(
                "cost {:?} but the data set says {:?}",
                d.cost, j["cost"]
            ));
        }
        if d.is_character() {
            for (key, ours) in [("atk", d.atk), ("def", d.def), ("health", d.health)] {
                if json_int(j, key) != Some(ours) {
                    bad(format!("{key} {ours} but the data set says {:?}", j[key]));
                }
            }
        }
        // Team.
        let jteam = json_team(j["faction"].as_str().unwrap_or_default());
        let expect_teams: Vec<Team> = jteam.into_iter().collect();
        if d.teams != expect_teams {
            bad(format!(
                "teams {:?} but the data set says {:?}",
                d.teams, j["faction"]
            ));
        }
        // Icons.
        let traits = j["traits"].as_str().unwrap_or_default();
        for (icon, k) in [("[flight]", Keyword::Flight), ("[ranged]", Keyword::Ranged)] {
            if traits.contains(icon) != d.has_printed_keyword(k) {
                bad(format!(
                    "{icon} icon: data set {}, ours {}",
                    traits.contains(icon),
                    d.has_printed_keyword(k)
                ));
            }
        }
        let jtext = j["text"].as_str().unwrap_or_default();
        // Plot twist timing; location symbols.
        if d.kind == CardKind::PlotTwist && !d.pile {
            // The first line with a timing: a Loyalty plot twist starts with its keyword.
            let jt = jtext.lines().find_map(timing_word);
            if jt != d.timing.map(timing_name) {
                bad(format!(
                    "timing {:?} but the data set says {jt:?}",
                    d.timing
                ));
            }
        }
        if d.is_location() {
            let mut ours = d.symbols.clone();
            ours.sort();
            if ours != colour_symbols(jtext) {
                bad(format!(
                    "symbols {ours:?} but the data set says {:?}",
                    colour_symbols(jtext)
                ));
            }
        }
        // Deck-building keywords from the copy limit.
        let limit = j["limit"].as_str().unwrap_or_default();
        if d.kind == CardKind::Supporting && !d.token.0 {
            if (limit == "1") != d.has_printed_keyword(Keyword::OneOfAKind) {
                bad(format!("copy limit {limit} vs One of a Kind"));
            }
            if (limit == "8") != d.has_printed_keyword(Keyword::Legion) {
                bad(format!("copy limit {limit} vs Legion"));
            }
        }
        if !(d.is_character() || d.kind == CardKind::Equipment) {
            continue;
        }
        // Powers: every printed power is ours (or deliberately omitted), with the
        // same Super Power timings and costs and the same Level Up number.
        let (jpowers, jaka) = json_powers(jtext);
        let jpowers: Vec<(String, JsonPower)> = jpowers
            .into_iter()
            .map(|(n, p)| (fix_power_typo(&d.number, n), p))
            .collect();
        // aff-022 Phoenix: the data set's "AKA Phoenix and Dark Phoenix" names the card
        // itself too; the other name is Dark Phoenix.
        let jaka = match (d.number.as_str(), jaka) {
            ("aff-022", Some(a)) if a == "Phoenix and Dark Phoenix" => Some("Dark Phoenix".into()),
            (_, a) => a,
        };
        if jaka.as_deref().map(norm_name) != d.aka.as_deref().map(norm_name) {
            bad(format!("AKA {:?} but the data set says {jaka:?}", d.aka));
        }
        let omitted: Vec<String> = p.omitted.iter().map(|s| norm_power(s)).collect();
        for o in &p.omitted {
            if !jpowers.iter().any(|(n, _)| *n == norm_power(o)) {
                bad(format!("omits \"{o}\", which is not printed on the card"));
            }
        }
        for (jname, jp) in &jpowers {
            let ours: Vec<&Power> = d
                .powers
                .iter()
                .filter(|pw| norm_power(&pw.name) == *jname)
                .collect();
            if omitted.contains(jname) {
                if !ours.is_empty() {
                    bad(format!("power `{jname}` is both defined and omitted"));
                }
                continue;
            }
            if ours.is_empty() {
                bad(format!(
                    "printed power `{jname}` is missing (define it or (omit ...) it)"
                ));
                continue;
            }
            let mut our_supers: Vec<(String, Vec<Symbol>)> = ours
                .iter()
                .filter_map(|pw| match &pw.body {
                    PowerBody::Super(sp) => {
                        let mut c = sp.cost.clone();
                        c.sort();
                        Some((timing_name(sp.timing), c))
                    }
                    _ => None,
                })
                .collect();
            let mut js = jp.supers.clone();
            our_supers.sort();
            js.sort();
            if our_supers != js {
                bad(format!(
                    "power `{jname}`: Super Powers {our_supers:?} but the data set says {js:?}"
                ));
            }
            let our_level = ours.iter().find_map(|pw| match pw.body {
                PowerBody::LevelUp { xp, .. } => Some(xp),
                _ => None,
            });
            if our_level != jp.level_up {
                bad(format!(
                    "power `{jname}`: Level Up {our_level:?} but the data set says {:?}",
                    jp.level_up
                ));
            }
        }
        // Keyword lines like "Creature, Swarm, Passive" name several powers; a line may
        // also be one keyword alone (leg-001's misprinted "Beserker").
        let keyword_line = |name: &str| {
            jtext.lines().any(|l| {
                l.split(',').any(|part| {
                    fix_power_typo(&d.number, norm_power(part.trim())) == norm_power(name)
                })
            })
        };
        for pw in &d.powers {
            if !jpowers.iter().any(|(n, _)| *n == norm_power(&pw.name))
                && !keyword_line(&pw.name)
                && !matches!(
                    pw.body,
                    PowerBody::Keyword(Keyword::Flight | Keyword::Ranged)
                )
            {
                bad(format!("power \"{}\" is not printed on the card", pw.name));
            }
        }
    }
    // Every Marvel Battles card of the data set is defined.
    // Every card of the five sets the rulebook covers is defined, but those listed in
    // NOT_WRITTEN (each with the reason).
    let mut missing: Vec<&String> = by_guid
        .keys()
        .filter(|g| !parsed.iter().any(|p| p.def.number.eq_ignore_ascii_case(g)))
        .filter(|g| !NOT_WRITTEN.iter().any(|(n, _)| n == g))
        .collect();
    missing.sort();
    assert!(
        missing.is_empty(),
        "cards of the data set not defined: {missing:?}"
    );
    for (n, why) in NOT_WRITTEN {
        assert!(
            !parsed.iter().any(|p| p.def.number == n),
            "{n} is defined now: take it off NOT_WRITTEN ({why})"
        );
    }
    let mut per_set: std::collections::BTreeMap<&str, (usize, usize)> = Default::default();
    for p in &parsed {
        let set = p.def.number.split('-').next().unwrap_or_default();
        let e = per_set.entry(set).or_default();
        e.0 += 1;
        if !p.omitted.is_empty() {
            e.1 += 1;
        }
    }
    for (set, (n, partial)) in &per_set {
        println!("{set}: {n} cards, {partial} with powers not yet written");
    }
    println!("checked {checked} cards against {}", path.display());
    assert!(checked > 0, "no card numbers matched the data set");
    assert!(
        problems.is_empty(),
        "{} mismatch(es):\n{}",
        problems.len(),
        problems.join("\n")
    );
}
