//! How the `crossover` binary offers 2PCG ([`Platform`]): the setup options (`--deck`,
//! `--variant`, `--main`, `--casual`, `--cards`), building setups from prebuilt decks
//! or deck files, checking setups and deck files under the Deck Building Rules (p.28),
//! listing cards and decks, and the bench workloads.

use crate::db::CardDb;
use crate::model::CardKind;
use crate::state::Variant;
use crate::{bench, cardfile, deck, decks, text, GameState, Setup};
use crossover_kernel::Seat;
use crossover_platform::{
    DeckCheck, DeckInfo, Error, ImportReport, Platform, SpeedTargets, Workloads,
};
use std::path::{Path, PathBuf};
use std::sync::{Arc, OnceLock};

/// The decks of `crossover play` without `--deck`.
pub const DEFAULT_DECKS: [&str; 2] = ["avengers-cap", "villains-goblin"];

/// The most bytes read from a deck file.
pub const MAX_DECK_BYTES: u64 = 1 << 20;

/// The longest player name a setup or replay may give (names are shown on every line
/// of the log; a 40 MB name cost gigabytes).
pub const MAX_NAME_CHARS: usize = 100;

/// The 2PCG setup options, given after `vs2pcg` on the command line.
#[derive(clap::Args, Debug, Default)]
pub struct Vs2pcgArgs {
    /// A prebuilt deck name or a deck file, once per seat in seat order [default:
    /// avengers-cap against villains-goblin; `sim` plays every pairing of the prebuilt
    /// decks in turn]. `crossover deck list vs2pcg` names the prebuilt decks.
    #[arg(long = "deck", value_name = "NAME|FILE")]
    pub decks: Vec<String>,
    /// With four decks, `2v2` (seats 0 and 2 against 1 and 3), `2h` (2-Headed
    /// Teammates: seats 0 and 1 against 2 and 3) or `ffa` (Free-for-All) [default:
    /// 2v2]. Three decks always play Free-for-All.
    #[arg(long, value_name = "VARIANT", value_parser = ["2v2", "2h", "ffa"])]
    pub variant: Option<String>,
    /// Your main character (card number or name) instead of your deck's own; the deck
    /// must still be legal with it (Loyalty).
    #[arg(long, value_name = "CARD")]
    pub main: Option<String>,
    /// A casual game: decks need not follow the tournament deck rules (bans, exactly
    /// 60 cards, the copy limits, neutral locations, Loyalty). A deck still needs a
    /// level 1 main character and at least one game card.
    #[arg(long)]
    pub casual: bool,
    /// Also load the card files (*.cards) in DIR; a card with the same number as a
    /// built-in card replaces it. See docs/cards.md.
    #[arg(long, value_name = "DIR")]
    pub cards: Option<PathBuf>,
    /// The card pool, built once from `cards`.
    #[arg(skip)]
    pool: OnceLock<Arc<CardDb>>,
}

impl Vs2pcgArgs {
    /// The card pool: the built-in cards, or with `--cards DIR` the built-in cards
    /// with the card files in DIR replacing or adding cards (the merged set is what is
    /// checked). Building it registers it, so replays and setups that name it by
    /// fingerprint load.
    pub fn pool(&self) -> Result<Arc<CardDb>, Error> {
        if let Some(pool) = self.pool.get() {
            return Ok(pool.clone());
        }
        let pool = match &self.cards {
            None => cardfile::embedded(),
            Some(dir) => CardDb::new(cardfile::load_dir_over_embedded(dir).map_err(|e| {
                // The card file's text, to show the offending line.
                let text = cardfile::read_capped(Path::new(&e.file), cardfile::MAX_CARD_FILE_BYTES)
                    .ok()
                    .and_then(|b| String::from_utf8(b).ok());
                let d = crate::diagnostics::card_file(&e, text.as_deref());
                Error::Failed(
                    d.render(crossover_diag::color_for_stderr())
                        .trim_end()
                        .into(),
                )
            })?),
        };
        Ok(self.pool.get_or_init(|| pool).clone())
    }
}

impl Platform for GameState {
    const ABOUT: &'static str = "Vs. System 2PCG (Compiled Rulebook v2.1), two to four players";
    type Args = Vs2pcgArgs;
    const CARD_OPTIONS: &'static [&'static str] = &["cards", "casual"];

    fn setup(args: &Vs2pcgArgs, from_file: Option<Setup>, seat: Seat) -> Result<Setup, Error> {
        match (from_file, &args.main) {
            (Some(_), Some(_)) => Err(Error::Usage(
                "--main changes a deck; a --setup file already names every main character".into(),
            )),
            (Some(setup), None) => Ok(setup),
            (None, main) => from_decks_with_main(
                &args.pool()?,
                &args.decks,
                args.variant.as_deref(),
                main.as_deref().map(|m| (seat, m)),
                args.casual,
            ),
        }
    }

    fn sim_setups(args: &Vs2pcgArgs, from_file: Option<Setup>) -> Result<Vec<Setup>, Error> {
        if from_file.is_some() || !args.decks.is_empty() || args.main.is_some() {
            return Ok(vec![Self::setup(args, from_file, 0)?]);
        }
        // Without decks, simulate every pairing of the prebuilt decks.
        all_prebuilt_pairings(&args.pool()?)
    }

    fn prepare(args: &Vs2pcgArgs) -> Result<(), Error> {
        args.pool().map(drop)
    }

    fn check_setup(setup: &Setup, args: &Vs2pcgArgs) -> Result<(), Error> {
        check_setup(setup, args.casual)
    }

    fn decks(args: &Vs2pcgArgs) -> Result<Vec<DeckInfo>, Error> {
        let db = args.pool()?;
        Ok(decks::all()
            .into_iter()
            .map(|d| {
                let main = db
                    .find(&d.main)
                    .map_or(d.main.clone(), |m| db.get(m).name.clone());
                DeckInfo {
                    name: d.name,
                    description: format!("main character: {main}"),
                }
            })
            .collect())
    }

    fn check_deck(args: &Vs2pcgArgs, file: &Path) -> Result<DeckCheck, Error> {
        let db = args.pool()?;
        let key = file.to_string_lossy().to_string();
        let d = load_deck(&key)?;
        let casual = args.casual;
        // Each problem with its line shown (and the nearest card for an unknown one).
        let text = match decks::text(&key).filter(|_| !file.is_file()) {
            Some(t) => Some(t.to_string()),
            None => crossover_platform::read_text(file, MAX_DECK_BYTES).ok(),
        };
        let color = crossover_diag::color_for_stdout();
        let problems: Vec<String> = deck::check_rules(&key, &d, &db, deck::DeckRules { casual })
            .iter()
            .map(|p| {
                let d = crate::diagnostics::deck(p, text.as_deref(), Some(&db));
                d.render(color).trim_end().to_string()
            })
            .collect();
        let verdict = match (problems.len(), casual) {
            (0, false) => "legal".to_string(),
            (0, true) => "legal for casual play".to_string(),
            (n, false) => format!("{n} problem(s): the deck is not legal for tournament play"),
            (n, true) => format!("{n} problem(s): the deck is not legal"),
        };
        Ok(DeckCheck { problems, verdict })
    }

    fn card_lines(args: &Vs2pcgArgs, set: Option<&str>) -> Result<Vec<String>, Error> {
        let db = args.pool()?;
        let prefix = set.map(|s| format!("{}-", s.to_ascii_lowercase()));
        let lines: Vec<String> = db
            .cards
            .iter()
            // The engine's own cards (`xo-...`, like the defending player) are not game
            // cards.
            .filter(|c| !c.number.starts_with("xo-"))
            .filter(|c| {
                prefix
                    .as_ref()
                    .is_none_or(|p| c.number.to_ascii_lowercase().starts_with(p))
            })
            .map(|c| {
                let unwritten = match c.omitted.len() {
                    0 => String::new(),
                    1 => " (1 power not yet written)".into(),
                    n => format!(" ({n} powers not yet written)"),
                };
                format!(
                    "{:<10} {:<32} {}{unwritten}",
                    c.number,
                    c.name,
                    text::type_line(c)
                )
            })
            .collect();
        if lines.is_empty() {
            return Err(Error::Failed(format!(
                "no cards{}",
                set.map_or(String::new(), |s| format!(" in set `{s}`"))
            )));
        }
        Ok(lines)
    }

    fn card_text(args: &Vs2pcgArgs, key: &str) -> Result<String, Error> {
        let db = args.pool()?;
        let id = db.find(key).ok_or_else(|| {
            Error::Failed(format!(
                "no card `{key}`; `crossover cards list vs2pcg` lists them"
            ))
        })?;
        Ok(text::card_text(db.get(id)).trim_end().to_string())
    }

    /// An OCTGN set file of the later sets (`import/`): its facts, and the powers our
    /// grammar of printed phrasing reads.
    fn import_cards(
        _args: &Vs2pcgArgs,
        file: &Path,
        out: Option<&Path>,
        force: bool,
    ) -> Result<ImportReport, Error> {
        crate::import::import_file(file, out, force)
    }

    fn workloads(_args: &Vs2pcgArgs) -> Result<Workloads<Self>, Error> {
        // The same workloads as `cargo bench` (crate::bench), so both measure the same.
        Ok(Workloads {
            setups: bench::prebuilt_pairings(),
            positions: bench::mid_game_states(),
            description: "random-vs-random games of every pairing of the prebuilt decks; \
                          positions from the main phase of turn 8"
                .into(),
            // Issue 5's targets for one thread on the reference 2-core machine.
            targets: Some(SpeedTargets {
                random_games_per_s: 5000.0,
                clone_ns: 1000.0,
                ismcts_iterations_per_s: 20_000.0,
            }),
        })
    }

    fn scenarios() -> Option<&'static dyn crossover_scenario::Runner> {
        Some(crossover_scenario::runner::<crate::scenario::Vs2pcgScenarios>())
    }
}

/// A deck by prebuilt name, or else read from a file. A file in the current directory
/// named exactly like a prebuilt deck is refused as ambiguous (it used to be ignored
/// silently), with the way to say which one is meant.
pub fn load_deck(key: &str) -> Result<deck::DeckList, Error> {
    let path = Path::new(key);
    if let Some(d) = decks::prebuilt(key) {
        if path.is_file() {
            return Err(Error::Usage(format!(
                "`{key}` is both a prebuilt deck and a file here: write ./{key} for the file, or rename the file to use the prebuilt deck"
            )));
        }
        return Ok(d);
    }
    if !path.exists() {
        return Err(Error::Usage(format!(
            "`{key}` is neither a prebuilt deck ({}) nor a file",
            decks::names().join(", ")
        )));
    }
    let text = crossover_platform::read_text(path, MAX_DECK_BYTES)?;
    let name = path
        .file_stem()
        .map_or(key.to_string(), |s| s.to_string_lossy().into());
    deck::parse(key, &name, &text).map_err(|e| {
        let d = crate::diagnostics::deck(&e, Some(&text), None);
        Error::Failed(
            d.render(crossover_diag::color_for_stderr())
                .trim_end()
                .into(),
        )
    })
}

/// A setup from deck names or files (`keys`, one per seat; none: [`DEFAULT_DECKS`]),
/// with `main = (seat, card)` putting another level 1 main character at the head of
/// that seat's deck (the deck must still be legal with it: Loyalty).
pub fn from_decks_with_main(
    db: &Arc<CardDb>,
    keys: &[String],
    variant: Option<&str>,
    main: Option<(usize, &str)>,
    casual: bool,
) -> Result<Setup, Error> {
    let keys: Vec<String> = if keys.is_empty() {
        DEFAULT_DECKS.iter().map(|s| s.to_string()).collect()
    } else {
        keys.to_vec()
    };
    let variant = match (keys.len(), variant) {
        (2, None) => Variant::TwoPlayer,
        (3, None | Some("ffa")) => Variant::FreeForAll,
        (4, None | Some("2v2")) => Variant::TwoVsTwo,
        (4, Some("ffa")) => Variant::FreeForAll,
        (4, Some("2h")) => Variant::TwoHeaded,
        (1, None) => {
            return Err(Error::Usage(format!(
                "one --deck given: give one for each player, yours first \
                 (--deck {} --deck {}), or none to use the new-game menu",
                keys[0],
                if keys[0] == DEFAULT_DECKS[1] {
                    DEFAULT_DECKS[0]
                } else {
                    DEFAULT_DECKS[1]
                }
            )))
        }
        (n, v) => {
            return Err(Error::Usage(format!(
                "{n} decks{}: give two --deck options, three (Free-for-All) or four (2 vs 2, or --variant ffa)",
                v.map_or(String::new(), |v| format!(" with --variant {v}"))
            )))
        }
    };
    let mut players = Vec::new();
    if let Some((seat, card)) = main {
        if seat >= keys.len() {
            return Err(Error::Usage(format!(
                "--main is for seat {seat}, but the game has seats 0 to {}",
                keys.len() - 1
            )));
        }
        check_main_option(db, card)?;
    }
    for (i, key) in keys.iter().enumerate() {
        let mut d = load_deck(key)?;
        if let Some((_, card)) = main.filter(|(seat, _)| *seat == i) {
            d.main = card.to_string();
        }
        let problems = deck::check_rules(key, &d, db, deck::DeckRules { casual });
        if !problems.is_empty() {
            let text: Vec<String> = problems.iter().map(|e| e.to_string()).collect();
            return Err(Error::Failed(format!(
                "deck {key} is not legal:\n{}",
                text.join("\n")
            )));
        }
        players.push(d.to_setup(db, &format!("Player {} ({})", i + 1, d.name)));
    }
    Ok(Setup {
        variant,
        players,
        cards: db.clone().into(),
    })
}

/// `--main CARD` must name a level 1 main character; the error names the option, with
/// the closest main character if the name looks misspelt.
fn check_main_option(db: &CardDb, card: &str) -> Result<(), Error> {
    let is_main = |kind: &CardKind| matches!(kind, CardKind::MainCharacter { level: 1 });
    match db.find(card) {
        Some(m) if is_main(&db.get(m).kind) => Ok(()),
        Some(m) => Err(Error::Usage(format!(
            "--main {card}: {} ({}) is not a level 1 main character",
            db.get(m).name,
            db.get(m).number
        ))),
        None => {
            let lower = card.to_lowercase();
            let best = db
                .cards
                .iter()
                .filter(|c| is_main(&c.kind))
                .flat_map(|c| [c.name.clone(), c.number.clone()])
                .map(|n| (strsim::jaro_winkler(&lower, &n.to_lowercase()), n))
                .filter(|(score, _)| *score > 0.8)
                .max_by(|a, b| a.0.total_cmp(&b.0));
            Err(Error::Usage(format!(
                "--main {card}: no such card{}",
                best.map_or(
                    "; `crossover cards list vs2pcg` lists the cards".to_string(),
                    |(_, n)| format!("; did you mean `{n}`?")
                )
            )))
        }
    }
}

/// Check a setup read from a file (`--setup`, or a replay's) like deck files: player
/// names, and every deck under the Deck Building Rules (`casual`: only what a game
/// needs, see [`deck::DeckRules`]).
pub fn check_setup(setup: &Setup, casual: bool) -> Result<(), Error> {
    let db = &setup.cards;
    let mut problems = Vec::new();
    for (seat, p) in setup.players.iter().enumerate() {
        if p.name.chars().count() > MAX_NAME_CHARS || p.name.chars().any(char::is_control) {
            problems.push(format!(
                "seat {seat}: a player name has at most {MAX_NAME_CHARS} characters and no control characters"
            ));
            continue;
        }
        if p.deck.len() > deck::MAX_DECK_CARDS as usize {
            problems.push(format!(
                "seat {seat} ({}): {} cards: a deck may hold at most {}",
                p.name,
                p.deck.len(),
                deck::MAX_DECK_CARDS
            ));
            continue;
        }
        let list = deck::from_setup(p);
        for e in deck::check_rules("setup", &list, db, deck::DeckRules { casual }) {
            problems.push(format!("seat {seat} ({}): {}", p.name, e.message));
        }
    }
    if problems.is_empty() {
        return Ok(());
    }
    let hint = if casual {
        ""
    } else {
        "\n(a deliberately illegal casual game: add --casual)"
    };
    Err(Error::Failed(format!(
        "the setup's decks are not legal:\n{}{hint}",
        problems.join("\n")
    )))
}

/// Every ordered pairing of two different prebuilt decks, as two-player setups.
pub fn all_prebuilt_pairings(db: &Arc<CardDb>) -> Result<Vec<Setup>, Error> {
    let names = decks::names();
    let mut setups = Vec::new();
    for a in &names {
        for b in &names {
            if a != b {
                let keys = [a.to_string(), b.to_string()];
                setups.push(from_decks_with_main(db, &keys, None, None, false)?);
            }
        }
    }
    Ok(setups)
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    #[derive(Parser)]
    struct Cli {
        #[command(flatten)]
        args: Vs2pcgArgs,
    }

    fn args(line: &[&str]) -> Vs2pcgArgs {
        Cli::parse_from(std::iter::once("vs2pcg").chain(line.iter().copied())).args
    }

    #[test]
    fn the_options_build_the_setup_they_name() {
        let s = GameState::setup(&args(&[]), None, 0).unwrap();
        assert_eq!(s.players.len(), 2);
        assert!(s.players[0].name.contains("avengers-cap"));
        let four = ["--deck", "avengers-cap"].repeat(2);
        let mut line = ["--deck", "xmen-storm"].repeat(2);
        line.extend(four);
        line.extend(["--variant", "2h"]);
        let s = GameState::setup(&args(&line), None, 0).unwrap();
        assert_eq!(s.variant, Variant::TwoHeaded);
        let e = GameState::setup(&args(&["--deck", "xmen-storm"]), None, 0).unwrap_err();
        assert_eq!(e.exit_code(), 2, "one deck is a usage error: {e}");
        let hulk = GameState::setup(&args(&["--main", "Hulk"]), None, 1).unwrap();
        assert_eq!(
            hulk.players[1].main, "mnb-003",
            "--main is for the person's seat"
        );
        let from_file = GameState::setup(&args(&["--main", "Hulk"]), Some(hulk), 0);
        assert!(from_file.unwrap_err().to_string().contains("--setup file"));
    }

    #[test]
    fn sim_plays_every_prebuilt_pairing_unless_decks_are_given() {
        let n = decks::names().len();
        let all = GameState::sim_setups(&args(&[]), None).unwrap();
        assert_eq!(all.len(), n * (n - 1));
        let line = ["--deck", "xmen-storm", "--deck", "avengers-cap"];
        assert_eq!(GameState::sim_setups(&args(&line), None).unwrap().len(), 1);
    }

    #[test]
    fn decks_and_cards_are_listed_and_a_misspelt_card_is_named() {
        let a = args(&[]);
        let decks = GameState::decks(&a).unwrap();
        assert!(decks
            .iter()
            .any(|d| d.name == "avengers-cap" && d.description.contains("Captain America")));
        let lines = GameState::card_lines(&a, Some("MNB")).unwrap();
        assert!(lines.iter().all(|l| l.starts_with("mnb-")));
        assert!(GameState::card_lines(&a, Some("nope")).is_err());
        assert!(GameState::card_text(&a, "mnb-021")
            .unwrap()
            .contains("Thor"));
        let e = GameState::card_text(&a, "Nobody").unwrap_err().to_string();
        assert!(e.contains("cards list vs2pcg"), "{e}");
    }
}
