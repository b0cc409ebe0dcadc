//! How the `crossover` binary offers UFS ([`Platform`]): the two decks, the cards and
//! the pre-built decks.

use crate::db::core;
use crate::deckfile::{self, DeckFile, MAX_DECK_BYTES};
use crate::model::Kind;
use crate::setup::{DeckList, UfsSetup, PREBUILT};
use crate::Ufs;
use crossover_diag::Diagnostic;
use crossover_kernel::Seat;
use crossover_platform::{DeckCheck, DeckInfo, Error, ImportReport, Platform};
use std::path::Path;

/// UFS's setup options, given after `ufs` on the command line.
#[derive(clap::Args, Debug, Clone)]
pub struct UfsArgs {
    /// Your deck: a pre-built deck (ryu, akuma, siegfried, sophitia), or a deck file:
    /// OCTGN's .o8d, or our text format (`character ID`, then `COUNT ID` lines).
    #[arg(long, value_name = "NAME|FILE", default_value = "ryu")]
    pub deck: String,
    /// The other player's deck, as for --deck.
    #[arg(long, value_name = "NAME|FILE", default_value = "akuma")]
    pub opponent: String,
}

fn prebuilt(name: &str) -> Result<DeckList, Error> {
    DeckList::prebuilt(name).ok_or_else(|| {
        let names: Vec<&str> = PREBUILT.iter().map(|(n, _)| *n).collect();
        Error::Failed(format!(
            "no pre-built UFS deck {name:?}; the decks are {}",
            names.join(", ")
        ))
    })
}

/// The largest set file read (the largest of OCTGN's 59 is about 250 KB).
const MAX_SET_BYTES: u64 = 8 * 1024 * 1024;

/// The id prefix for an imported set: the initials of its words, numbers whole
/// ("Street Fighter 2017" → "sf2017").
/// The most characters of a deck's name in a setup file.
const MAX_NAME_CHARS: usize = 100;

fn id_prefix(set_name: &str) -> String {
    let p: String = set_name
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(|w| {
            if w.chars().all(|c| c.is_ascii_digit()) {
                w.to_string()
            } else {
                w.chars()
                    .next()
                    .map(|c| c.to_ascii_lowercase())
                    .into_iter()
                    .collect()
            }
        })
        .collect::<String>()
        .chars()
        .filter(char::is_ascii_alphanumeric)
        .take(12)
        .collect();
    if p.is_empty() {
        "set".into()
    } else {
        p
    }
}

/// A pre-built deck by name, or a deck file by path; a file must be legal (A.2).
fn deck(spec: &str) -> Result<DeckList, Error> {
    if let Some(d) = DeckList::prebuilt(spec) {
        return Ok(d);
    }
    let path = Path::new(spec);
    if spec.ends_with(".o8d") || spec.ends_with(".deck") || path.is_file() {
        let (file, problems) = read_and_check(path, false)?;
        if !problems.is_empty() {
            return Err(Error::Failed(format!(
                "{spec} is not a legal deck:\n{}",
                problems.join("\n")
            )));
        }
        return Ok(file.deck);
    }
    let names: Vec<&str> = PREBUILT.iter().map(|(n, _)| *n).collect();
    let guess = crossover_diag::did_you_mean(spec, names.iter().copied())
        .map_or(String::new(), |n| format!("did you mean `{n}`? "));
    Err(Error::Usage(format!(
        "unknown deck `{spec}`: {guess}give a pre-built deck ({}) or a deck file (.o8d or .deck)",
        names.join(", ")
    )))
}

/// Reads a deck file and checks it against A.2: the deck, and each problem as a
/// `file:line` diagnostic showing the line.
fn read_and_check(path: &Path, color: bool) -> Result<(DeckFile, Vec<String>), Error> {
    let label = path.display().to_string();
    let text = crossover_platform::read_text(path, MAX_DECK_BYTES)?;
    let name = path
        .file_stem()
        .map_or_else(|| label.clone(), |s| s.to_string_lossy().into_owned());
    let shown = |line: usize, message: &str| {
        let d = if line > 0 {
            Diagnostic::at_line(&label, line, message).with_source(text.as_str())
        } else {
            Diagnostic::file(&label, message)
        };
        d.render(color).trim_end().to_string()
    };
    let db = core();
    let file =
        deckfile::read(&name, &text, &db).map_err(|p| Error::Failed(shown(p.line, &p.message)))?;
    // A game plays every card's abilities, so a card without them can't be played.
    let problems = deckfile::check(&file, &db, false)
        .iter()
        .map(|p| shown(p.line, &p.message))
        .collect();
    Ok((file, problems))
}

impl Platform for Ufs {
    const ABOUT: &'static str = "Universal Fighting System: the Ryu vs Akuma and Siegfried vs Sophitia Battle Packs, every card with its abilities";
    type Args = UfsArgs;

    fn setup(args: &UfsArgs, from_file: Option<UfsSetup>, seat: Seat) -> Result<UfsSetup, Error> {
        if let Some(setup) = from_file {
            return Ok(setup);
        }
        let (mine, theirs) = (deck(&args.deck)?, deck(&args.opponent)?);
        let decks = if seat == 0 {
            [mine, theirs]
        } else {
            [theirs, mine]
        };
        // Every Battle Pack card's abilities are written: a game plays them all, and a
        // deck with a card whose abilities are not (an imported one) is refused.
        Ok(UfsSetup {
            decks,
            facts_only: false,
        })
    }

    fn setup_labels(setup: &UfsSetup) -> Vec<String> {
        vec![format!(
            "decks: {} vs {}",
            setup.decks[0].name, setup.decks[1].name
        )]
    }

    fn check_setup(setup: &UfsSetup, _args: &UfsArgs) -> Result<(), Error> {
        let db = core();
        for (seat, deck) in setup.decks.iter().enumerate() {
            // The name is printed (sim's summary, the log): a file's escape sequences
            // would reach the terminal.
            if deck.name.chars().count() > MAX_NAME_CHARS || deck.name.chars().any(char::is_control)
            {
                return Err(Error::Failed(format!(
                    "seat {seat}: a deck name has at most {MAX_NAME_CHARS} characters and no control characters; rename the deck"
                )));
            }
            if deck.cards.len() > crate::setup::MAX_DECK {
                return Err(Error::Failed(format!(
                    "deck {:?} lists more than {} cards",
                    deck.name,
                    crate::setup::MAX_DECK
                )));
            }
            deck.check(&db, setup.facts_only)
                .map_err(|e| Error::Failed(format!("deck {:?}: {e}", deck.name)))?;
        }
        Ok(())
    }

    fn decks(_args: &UfsArgs) -> Result<Vec<DeckInfo>, Error> {
        let db = core();
        PREBUILT
            .iter()
            .map(|(name, _)| {
                let deck = prebuilt(name)?;
                let character = db.def(db.by_id(&deck.character).expect("embedded"));
                Ok(DeckInfo {
                    name: name.to_string(),
                    description: format!(
                        "{}, {} cards",
                        character.card_name(),
                        deck.cards.len() + 1
                    ),
                })
            })
            .collect()
    }

    fn check_deck(_args: &UfsArgs, file: &Path) -> Result<DeckCheck, Error> {
        let (_, problems) = read_and_check(file, crossover_diag::color_for_stdout())?;
        let verdict = if problems.is_empty() {
            "legal (A.2); every card in it plays with its abilities".to_string()
        } else {
            format!("{} problem(s): the deck is not legal", problems.len())
        };
        Ok(DeckCheck { problems, verdict })
    }

    fn import_cards(
        _args: &UfsArgs,
        file: &Path,
        out: Option<&Path>,
        force: bool,
    ) -> Result<ImportReport, Error> {
        let label = file.display().to_string();
        let text = crossover_platform::read_text(file, MAX_SET_BYTES)?;
        let set = crate::octgn::read_set(&text).map_err(|e| {
            Error::Failed(
                Diagnostic::at_line(&label, e.line, &e.message)
                    .with_source(text.as_str())
                    .render(crossover_diag::color_for_stdout())
                    .trim_end()
                    .to_string(),
            )
        })?;
        let imported = crate::import::import_cards(&set, &id_prefix(&set.name));
        let written = match out {
            Some(p) => p.to_path_buf(),
            None => Path::new(file.file_stem().unwrap_or(file.as_os_str())).with_extension("cards"),
        };
        if written.exists() && !force {
            return Err(Error::Failed(format!(
                "{} exists: give --force to replace it, or --out FILE",
                written.display()
            )));
        }
        std::fs::write(&written, &imported.card_file)
            .map_err(|e| Error::Failed(format!("cannot write {}: {e}", written.display())))?;
        // The reasons, grouped, most common first: a set file has a hundred or more
        // cards, and a few phrases keep most of them from compiling.
        let mut details = Vec::new();
        let examples = |why: &str| {
            let names: Vec<&str> = imported
                .incomplete
                .iter()
                .filter(|(_, w)| w == why)
                .map(|(n, _)| n.as_str())
                .take(3)
                .collect();
            names.join(", ")
        };
        for (why, n) in imported.incomplete_reasons() {
            let cards = if n == 1 { "card" } else { "cards" };
            details.push(format!(
                "facts only, {n} {cards}: {why} (e.g. {})",
                examples(&why)
            ));
        }
        for (name, line, why) in &imported.refused {
            details.push(format!("refused: {label}:{line}: {name}: {why}"));
        }
        Ok(ImportReport {
            written,
            summary: format!(
                "{}: {} cards compiled whole ({} of them with abilities), {} written with facts only (abilities not compiled), {} refused",
                imported.set_name,
                imported.compiled,
                imported.compiled_with_abilities,
                imported.incomplete.len(),
                imported.refused.len()
            ),
            details,
        })
    }

    fn card_lines(_args: &UfsArgs, set: Option<&str>) -> Result<Vec<String>, Error> {
        let db = core();
        Ok(db
            .printed()
            .iter()
            .filter(|d| set.is_none_or(|s| d.id.starts_with(s)))
            .map(|d| {
                let stats = |d: &crate::model::CardDef| match d.kind {
                    Kind::Character {
                        hand_size,
                        vitality,
                        ..
                    } => format!("hand size {hand_size}, vitality {vitality}"),
                    Kind::Attack {
                        zone,
                        speed,
                        damage,
                    } => format!("{} attack, speed {speed}, damage {damage}", zone.name()),
                    _ => d.kind.type_name().to_string(),
                };
                let keywords = |d: &crate::model::CardDef| {
                    if d.keywords.is_empty() {
                        String::new()
                    } else {
                        let ks: Vec<String> =
                            d.keywords.iter().map(crate::text::keyword_word).collect();
                        format!("; {}", ks.join(" - "))
                    }
                };
                let abilities = |d: &crate::model::CardDef| -> String {
                    d.abilities
                        .iter()
                        .map(|a| format!(" | {}", crate::text::ability_text(a)))
                        .collect()
                };
                // Ruling UFS-31: a split card's other half, after its printed one.
                let split = d.split.as_deref().map_or(String::new(), |h| {
                    format!(
                        " // split: {}; difficulty {}{}{}",
                        stats(h),
                        h.difficulty,
                        keywords(h),
                        abilities(h)
                    )
                });
                let block = d.block.map_or(String::new(), |(z, m)| {
                    format!(", block {} {m:+}", z.name())
                });
                let missing = if d.missing.is_some() {
                    " (abilities not yet written)"
                } else {
                    ""
                };
                format!(
                    "{}  {} — {}; difficulty {}, control {}{block}; {}{}{}{split}{missing}",
                    d.id,
                    d.card_name(),
                    stats(d),
                    d.difficulty,
                    d.control,
                    d.symbols,
                    keywords(d),
                    abilities(d)
                )
            })
            .collect())
    }

    fn card_text(_args: &UfsArgs, card: &str) -> Result<String, Error> {
        let db = core();
        let found: Vec<&crate::model::CardDef> = db
            .printed()
            .iter()
            .filter(|d| {
                d.id.eq_ignore_ascii_case(card)
                    || d.name.eq_ignore_ascii_case(card)
                    || d.card_name().eq_ignore_ascii_case(card)
            })
            .collect();
        match found.as_slice() {
            [d] => Ok(crate::text::card_text(d).trim_end().to_string()),
            [] => Err(Error::Failed(format!(
                "no UFS card `{card}`: give an id (rva-07) or a name; `crossover cards list ufs` lists them"
            ))),
            many => Err(Error::Failed(format!(
                "{} cards are named `{card}`: give the id ({})",
                many.len(),
                many.iter().map(|d| d.id.as_str()).collect::<Vec<_>>().join(", ")
            ))),
        }
    }

    fn scenarios() -> Option<&'static dyn crossover_scenario::Runner> {
        Some(crossover_scenario::runner::<crate::scenario::UfsScenarios>())
    }
}
