//! The importer's grammar of UFS ability phrasing (`phrase.rs`) against OCTGN's set
//! files, read at run time from `../shared/cards/ufs/sets/` (ignored, with that as the
//! reason, when they are not there: `build.rs`): what it compiles from the Battle Packs' printed text is what our
//! hand-written cards say; every card it compiles from any set is written and read
//! back to the same definition; and a game deals and plays compiled cards.

use crossover_ufs::ability::Ability;
use crossover_ufs::abilityfile::write_ability;
use crossover_ufs::cardfile::parse_cards;
use crossover_ufs::db::Db;
use crossover_ufs::import::import_cards;
use crossover_ufs::octgn::{read_set, SetFile};
use crossover_ufs::phrase::{compile_paragraph, paragraphs};
use std::path::{Path, PathBuf};

/// OCTGN's set files (present: `build.rs` found them).
fn sets_dir() -> PathBuf {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/cards/ufs/sets");
    assert!(
        dir.is_dir(),
        "{} is gone; it was there when this test was built (`cargo clean -p crossover-ufs` looks again)",
        dir.display()
    );
    dir
}

fn read(dir: &Path, file: &str) -> SetFile {
    let text = std::fs::read_to_string(dir.join(file)).expect("the set file reads");
    read_set(&text).expect("the set file parses")
}

fn all_sets(dir: &Path) -> Vec<(String, SetFile)> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .expect("the sets directory lists")
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "xml"))
        .collect();
    files.sort();
    files
        .into_iter()
        .filter_map(|p| {
            let name = p.file_name()?.to_string_lossy().into_owned();
            let text = std::fs::read_to_string(&p).ok()?;
            Some((name, read_set(&text).ok()?))
        })
        .collect()
}

/// Every paragraph the grammar accepts from a Battle Pack card is the ability the
/// hand-written card has at that place (the cross-check that the grammar means what
/// our cards mean).
#[test]
#[cfg_attr(
    not(shared_cards),
    ignore = "needs OCTGN's set files in ../shared/cards/ufs, not beside this checkout"
)]
fn what_the_grammar_accepts_from_the_battle_packs_is_what_our_cards_say() {
    let dir = sets_dir();
    let db = Db::build().unwrap();
    let (mut accepted, mut total) = (0, 0);
    let mut wrong = Vec::new();
    for file in ["Ryu_vs_Akuma.xml", "Siegfried_vs_Sophitia_Battle_Box.xml"] {
        for card in read(&dir, file).cards {
            let i = db
                .by_guid(&card.guid)
                .expect("every Battle Pack card is ours");
            let ours = db.def(i);
            let halves: [(&str, &[Ability]); 2] = [
                ("CardText", &ours.abilities),
                (
                    "Split Rules",
                    ours.split.as_deref().map_or(&[], |h| &h.abilities),
                ),
            ];
            for (key, hand_written) in halves {
                let text = card.properties.get(key).cloned().unwrap_or_default();
                let paras = paragraphs(&text);
                for (k, para) in paras.iter().enumerate() {
                    total += 1;
                    let compiled = match compile_paragraph(para) {
                        Ok(c) => c,
                        Err(why) => {
                            println!("refused: {}: {why}", ours.card_name());
                            continue;
                        }
                    };
                    accepted += 1;
                    // Paragraph k is ability k, unless the hand-written card splits a
                    // paragraph into two abilities (then it must be one of them).
                    let same = if paras.len() == hand_written.len() {
                        hand_written[k] == compiled
                    } else {
                        hand_written.contains(&compiled)
                    };
                    if !same {
                        wrong.push(format!(
                            "{} ({key}, paragraph {}): compiled {}, ours {}",
                            ours.card_name(),
                            k + 1,
                            write_ability(&compiled),
                            hand_written
                                .get(k)
                                .map_or("nothing".to_string(), write_ability)
                        ));
                    }
                }
            }
        }
    }
    println!("Battle Pack paragraphs the grammar accepts: {accepted} of {total}");
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    // The grammar's reach over the Battle Packs, so that it can't shrink unnoticed.
    assert!(accepted >= 30, "only {accepted} of {total} accepted");
}

/// Every card the importer writes, from every set file, reads back to the same
/// definition (abilities included), and the card file parses as a whole.
#[test]
#[cfg_attr(
    not(shared_cards),
    ignore = "needs OCTGN's set files in ../shared/cards/ufs, not beside this checkout"
)]
fn every_imported_card_round_trips() {
    let dir = sets_dir();
    let (mut whole, mut cards) = (0, 0);
    for (file, set) in all_sets(&dir) {
        let imported = import_cards(&set, "t");
        let back = parse_cards(&imported.card_file)
            .unwrap_or_else(|e| panic!("{file}: the card file does not parse: {e:?}"));
        let mut defs = Vec::new();
        for (i, card) in set.cards.iter().enumerate() {
            if let Ok(def) = crossover_ufs::octgn::facts(card, &format!("t-{:02}", i + 1)) {
                defs.push(def.id);
            }
        }
        assert_eq!(back.len(), defs.len(), "{file}");
        for def in &back {
            let again = parse_cards(&crossover_ufs::cardfile::write_card(def)).unwrap();
            assert_eq!(again, vec![def.clone()], "{file}: {}", def.id);
            if def.missing.is_none() {
                whole += 1;
            }
            cards += 1;
        }
        assert_eq!(
            back.iter().filter(|d| d.missing.is_none()).count(),
            imported.compiled,
            "{file}"
        );
    }
    println!("{whole} of {cards} cards compiled whole over every set file");
    assert!(whole > 100);
}

/// A deck of compiled cards is legal (A.2) and plays: random games with it end, and
/// the compiled abilities are played in them.
#[test]
#[cfg_attr(
    not(shared_cards),
    ignore = "needs OCTGN's set files in ../shared/cards/ufs, not beside this checkout"
)]
fn games_deal_and_play_compiled_cards() {
    use crossover_kernel::{Game, GameRng};
    use crossover_ufs::model::CardDef;
    use crossover_ufs::state::GameState;
    use crossover_ufs::{Action, DeckList, Ufs, UfsSetup};
    use std::collections::BTreeSet;
    use std::sync::Arc;

    let dir = sets_dir();
    // Every card compiled whole, each set's ids with their own prefix.
    // (OCTGN's data gives a few reprints the id of another card: one of each, and none
    // of the embedded cards'.)
    let core = Db::build().unwrap();
    let mut guids = BTreeSet::new();
    let mut pool: Vec<CardDef> = Vec::new();
    for (k, (_, set)) in all_sets(&dir).into_iter().enumerate() {
        let imported = import_cards(&set, &format!("i{k}"));
        pool.extend(
            parse_cards(&imported.card_file)
                .unwrap()
                .into_iter()
                .filter(|d| d.missing.is_none())
                .filter(|d| {
                    d.guid
                        .as_ref()
                        .is_some_and(|g| core.by_guid(g).is_none() && guids.insert(g.clone()))
                }),
        );
    }
    let with_abilities = |d: &CardDef| !d.abilities.is_empty();
    // The character whose symbols the most compiled cards with abilities share (E.4.1.2:
    // a card without a shared symbol can't be played with it).
    let shares = |ch: &CardDef, d: &CardDef| d.symbols.shares_with(ch.symbols);
    let character = pool
        .iter()
        .filter(|d| d.is_character())
        .max_by_key(|ch| {
            pool.iter()
                .filter(|d| !d.is_character() && with_abilities(d) && shares(ch, d))
                .count()
        })
        .expect("a compiled character")
        .clone();
    let mut names = BTreeSet::new();
    let mut cards = Vec::new();
    let mut candidates: Vec<&CardDef> = pool.iter().filter(|d| !d.is_character()).collect();
    // Cards with abilities and a shared symbol first, then the rest.
    candidates.sort_by_key(|d| (!(with_abilities(d) && shares(&character, d)), d.id.clone()));
    for d in candidates {
        if cards.len() >= 59 {
            break;
        }
        if names.insert(d.card_name()) {
            cards.extend(std::iter::repeat_n(d.id.clone(), 4.min(59 - cards.len())));
        }
    }
    assert_eq!(cards.len(), 59, "not enough compiled cards for a deck");
    let deck = DeckList {
        name: "compiled".into(),
        character: character.id.clone(),
        cards,
    };
    let db = Arc::new(core.with(pool).unwrap());
    deck.check(&db, false)
        .expect("a legal deck of compiled cards");
    let setup = UfsSetup {
        decks: [deck.clone(), deck],
        facts_only: false,
    };
    let mut rng = GameRng::from_seed(11);
    let mut played = 0;
    for seed in 0..30 {
        let mut g = Ufs {
            state: GameState::with_db(&setup, db.clone(), seed).unwrap(),
        };
        let mut actions = 0;
        while g.outcome().is_none() {
            actions += 1;
            assert!(actions < 20_000, "game {seed} did not end");
            let legal = g.legal_actions();
            let a = legal[rng.below(legal.len())].clone();
            if let Action::Enhance(c, i) | Action::FormAbility(c, i) | Action::Respond(c, i) = a {
                let d = g.state.def(c);
                if d.id.starts_with('i') && usize::from(i) < d.abilities.len() {
                    played += 1;
                }
            }
            g.apply_offered(&a);
        }
    }
    println!("compiled abilities played in 30 games: {played}");
    assert!(played > 0, "no compiled ability was played");
}
