//! How the `crossover` binary offers the Vs. System TCG ([`Platform`]): the decks, the
//! card pool (built-in cards plus `--cards DIR`), deck checking and the bench.

use crate::db::{built_in_pool, register, CardPool};
use crate::deckfile::{self, read_deck, PREBUILT};
use crate::setup::{Deck, VsTcgSetup, MAX_DECK, MAX_SEATS};
use crate::VsTcg;
use crossover_cards::Pool;
use crossover_diag::Diagnostic;
use crossover_kernel::Seat;
use crossover_platform::{DeckCheck, DeckInfo, Error, Platform, SpeedTargets, Workloads};
use std::path::{Path, PathBuf};
use std::sync::{Arc, OnceLock};

/// The Vs. System TCG's setup options, given after `vstcg` on the command line.
#[derive(clap::Args, Debug)]
pub struct VsTcgArgs {
    /// A deck for each seat in turn, yours first: a prebuilt deck (training-squad,
    /// sparring-circle) or a deck list file (`4 Name, Version` a line; docs/decks.md).
    /// Two to four decks; with none, training-squad against sparring-circle.
    #[arg(long = "deck", value_name = "NAME|FILE")]
    pub decks: Vec<String>,
    /// Also load the card files (*.cards) in DIR; a card with the id of a built-in card
    /// replaces it (to give a quoted card the stats no source has). See docs/cards.md.
    #[arg(long, value_name = "DIR")]
    pub cards: Option<PathBuf>,
    #[arg(skip)]
    pool: OnceLock<Arc<CardPool>>,
}

/// The largest card or deck file read.
const MAX_FILE_BYTES: u64 = 4 * 1024 * 1024;
/// The most card files read from `--cards`.
const MAX_CARD_FILES: usize = 200;

impl VsTcgArgs {
    /// The card pool: the built-in cards, plus `--cards DIR`.
    pub fn pool(&self) -> Result<Arc<CardPool>, Error> {
        if let Some(p) = self.pool.get() {
            return Ok(p.clone());
        }
        let pool = match &self.cards {
            None => built_in_pool(),
            Some(dir) => register(load_dir(dir)?),
        };
        Ok(self.pool.get_or_init(|| pool).clone())
    }
}

fn load_dir(dir: &Path) -> Result<CardPool, Error> {
    let mut pool = CardPool::built_in();
    let entries = std::fs::read_dir(dir).map_err(|e| {
        Error::Failed(format!(
            "{}: can't read the card directory: {e}",
            dir.display()
        ))
    })?;
    let mut files: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "cards"))
        .collect();
    files.sort();
    if files.len() > MAX_CARD_FILES {
        return Err(Error::Failed(format!(
            "{}: more than {MAX_CARD_FILES} card files",
            dir.display()
        )));
    }
    if files.is_empty() {
        return Err(Error::Failed(format!(
            "{}: no card files (*.cards) in it; see docs/cards.md",
            dir.display()
        )));
    }
    for f in files {
        let text = crossover_platform::read_text(&f, MAX_FILE_BYTES)?;
        let label = f.display().to_string();
        pool.add_file(&label, &text).map_err(|e| {
            let d = Diagnostic::at_line_col(
                &label,
                e.error.pos.line as usize,
                e.error.pos.col as usize,
                &e.error.message,
            )
            .with_source(text.as_str());
            Error::Failed(
                d.render(crossover_diag::color_for_stderr())
                    .trim_end()
                    .to_string(),
            )
        })?;
    }
    Ok(pool)
}

fn deck_names() -> String {
    PREBUILT
        .iter()
        .map(|(n, _, _)| *n)
        .collect::<Vec<_>>()
        .join(", ")
}

/// A prebuilt deck by name, or a deck list file; a file must be legal.
fn deck(pool: &CardPool, spec: &str) -> Result<Deck, Error> {
    if let Some(d) = deckfile::prebuilt(pool, spec) {
        return Ok(d);
    }
    let path = Path::new(spec);
    if !path.is_file() {
        let names: Vec<&str> = PREBUILT.iter().map(|(n, _, _)| *n).collect();
        let guess = crossover_diag::did_you_mean(spec, names.iter().copied())
            .map_or(String::new(), |n| format!("did you mean `{n}`? "));
        return Err(Error::Usage(format!(
            "unknown deck `{spec}`: {guess}give a prebuilt deck ({}) or a deck list file",
            deck_names()
        )));
    }
    let (file, problems) = read_and_check(pool, path, crossover_diag::color_for_stderr())?;
    if !problems.is_empty() {
        return Err(Error::Failed(format!(
            "{spec} is not a legal deck:\n{}",
            problems.join("\n")
        )));
    }
    let name = path
        .file_stem()
        .map_or_else(|| spec.to_string(), |s| s.to_string_lossy().into_owned());
    Ok(file
        .expect("a file without problems was read")
        .to_deck(pool, &name))
}

/// Reads and checks a deck file: the deck (if it could be read) and each problem as a
/// `file:line` diagnostic with the line shown.
fn read_and_check(
    pool: &CardPool,
    path: &Path,
    color: bool,
) -> Result<(Option<deckfile::DeckFile>, Vec<String>), Error> {
    let label = path.display().to_string();
    let text = crossover_platform::read_text(path, MAX_FILE_BYTES)?;
    let shown = |p: &deckfile::DeckProblem| {
        let message = match p.rule {
            Some(r) => format!("{} ({r})", p.message),
            None => p.message.clone(),
        };
        let d = if p.line > 0 {
            Diagnostic::at_line(&label, p.line, message).with_source(text.as_str())
        } else {
            Diagnostic::file(&label, message)
        };
        d.render(color).trim_end().to_string()
    };
    match read_deck(pool, &text) {
        Ok(file) => {
            let problems = file.check(pool).iter().map(shown).collect();
            Ok((Some(file), problems))
        }
        Err(problems) => Ok((None, problems.iter().map(shown).collect())),
    }
}

/// The most characters of a deck's name in a setup file.
const MAX_NAME_CHARS: usize = 100;

impl Platform for VsTcg {
    const ABOUT: &'static str = "Vs. System TCG (Comprehensive Rules v2.7), 2 to 4 players: the training set's cards and decks";
    type Args = VsTcgArgs;
    const CARD_OPTIONS: &'static [&'static str] = &["cards"];

    fn setup(
        args: &VsTcgArgs,
        from_file: Option<VsTcgSetup>,
        seat: Seat,
    ) -> Result<VsTcgSetup, Error> {
        if let Some(setup) = from_file {
            if !args.decks.is_empty() {
                return Err(Error::Usage(
                    "--deck and --setup both name the decks: give one".into(),
                ));
            }
            return Ok(setup);
        }
        let pool = args.pool()?;
        let specs: Vec<String> = if args.decks.is_empty() {
            vec!["training-squad".into(), "sparring-circle".into()]
        } else if args.decks.len() == 1 {
            let other = if args.decks[0] == "sparring-circle" {
                "training-squad"
            } else {
                "sparring-circle"
            };
            vec![args.decks[0].clone(), other.into()]
        } else {
            args.decks.clone()
        };
        if specs.len() > MAX_SEATS {
            return Err(Error::Usage(format!(
                "{} decks: the Vs. System TCG seats 2 to {MAX_SEATS} players",
                specs.len()
            )));
        }
        let mut decks = specs
            .iter()
            .map(|s| deck(&pool, s))
            .collect::<Result<Vec<_>, _>>()?;
        // Your deck (the first) goes to your seat.
        if seat < decks.len() {
            decks.rotate_right(seat);
        } else {
            return Err(Error::Usage(format!(
                "seat {seat} does not exist with {} players",
                decks.len()
            )));
        }
        Ok(VsTcgSetup {
            pool: Pool(pool),
            decks,
        })
    }

    fn prepare(args: &VsTcgArgs) -> Result<(), Error> {
        args.pool().map(drop)
    }

    fn check_setup(setup: &VsTcgSetup, _args: &VsTcgArgs) -> Result<(), Error> {
        if !(2..=MAX_SEATS).contains(&setup.decks.len()) {
            return Err(Error::Failed(format!(
                "the setup has {} decks; the Vs. System TCG seats 2 to {MAX_SEATS}",
                setup.decks.len()
            )));
        }
        for d in &setup.decks {
            if d.cards.len() > MAX_DECK || d.name.chars().count() > MAX_NAME_CHARS {
                return Err(Error::Failed(format!(
                    "a deck of the setup is too large (at most {MAX_DECK} cards and a {MAX_NAME_CHARS}-character name)"
                )));
            }
            for id in &d.cards {
                let Some(def) = setup.pool.find_id(id) else {
                    return Err(Error::Failed(format!(
                        "deck {} names card {id}, which is not in the card pool",
                        d.name
                    )));
                };
                let def = setup.pool.def(def);
                if let Some(why) = def.unplayable() {
                    return Err(Error::Failed(format!(
                        "deck {} holds {}, which can't be played: {why}; add it with --cards DIR",
                        d.name,
                        def.full_name()
                    )));
                }
            }
        }
        Ok(())
    }

    fn decks(_args: &VsTcgArgs) -> Result<Vec<DeckInfo>, Error> {
        Ok(PREBUILT
            .iter()
            .map(|(name, description, _)| DeckInfo {
                name: name.to_string(),
                description: description.to_string(),
            })
            .collect())
    }

    fn check_deck(args: &VsTcgArgs, file: &Path) -> Result<DeckCheck, Error> {
        let pool = args.pool()?;
        let (_, problems) = read_and_check(&pool, file, crossover_diag::color_for_stdout())?;
        let verdict = match problems.len() {
            0 => "legal".to_string(),
            n => format!("{n} problem(s): the deck is not legal (101.1–101.2)"),
        };
        Ok(DeckCheck { problems, verdict })
    }

    /// `set`: `training`, `quoted`, or a prefix of card ids (`MOR`).
    fn card_lines(args: &VsTcgArgs, set: Option<&str>) -> Result<Vec<String>, Error> {
        let pool = args.pool()?;
        let lines: Vec<String> = pool
            .defs
            .iter()
            .filter(|d| match set {
                None => true,
                Some("training") => d.training,
                Some("quoted") => !d.training,
                Some(prefix) => {
                    d.id.to_ascii_lowercase()
                        .starts_with(&prefix.to_ascii_lowercase())
                }
            })
            .map(|d| format!("{:<10} {}", d.id, crate::text::card_line(&pool, d)))
            .collect();
        if lines.is_empty() {
            return Err(Error::Failed(format!(
                "no cards{}; sets are `training`, `quoted` or an id prefix",
                set.map_or(String::new(), |s| format!(" in `{s}`"))
            )));
        }
        Ok(lines)
    }

    fn card_text(args: &VsTcgArgs, key: &str) -> Result<String, Error> {
        let pool = args.pool()?;
        let id = pool.find(key).ok_or_else(|| {
            let names = pool.all_names();
            let guess = crossover_diag::did_you_mean(key, names.keys().map(String::as_str))
                .map_or(String::new(), |n| format!("did you mean \"{n}\"? "));
            Error::Failed(format!(
                "no card `{key}`: {guess}`crossover cards list vstcg` lists them"
            ))
        })?;
        Ok(crate::text::card_line(&pool, pool.def(id)))
    }

    /// A collection export (CSV or JSON) into our card file (docs/cards.md, "Vs. System
    /// TCG"; `import.rs`).
    fn import_cards(
        _args: &VsTcgArgs,
        file: &Path,
        out: Option<&Path>,
        force: bool,
    ) -> Result<crossover_platform::ImportReport, Error> {
        crate::import::import_file(file, out, force)
    }

    fn workloads(args: &VsTcgArgs) -> Result<Workloads<Self>, Error> {
        let pool = args.pool()?;
        let mut setups = Vec::new();
        for (a, _, _) in PREBUILT {
            for (b, _, _) in PREBUILT {
                let decks = vec![deck(&pool, a)?, deck(&pool, b)?];
                setups.push(VsTcgSetup {
                    pool: Pool(pool.clone()),
                    decks,
                });
            }
        }
        let mut w = Workloads::from_random_play(setups, 16, 40)?;
        w.description = "the prebuilt decks, every pairing, two players".into();
        w.targets = Some(SpeedTargets {
            random_games_per_s: 3000.0,
            clone_ns: 1000.0,
            ismcts_iterations_per_s: 10_000.0,
        });
        Ok(w)
    }

    fn scenarios() -> Option<&'static dyn crossover_scenario::Runner> {
        Some(crossover_scenario::runner::<crate::scenario::VsTcgScenarios>())
    }
}
