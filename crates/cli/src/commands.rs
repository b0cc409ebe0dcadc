//! Running the command line of [`crate::command_line`]: each command is one
//! [`GameTask`], written once for any game of the registry.

use crate::command_line::{
    BenchArgs, CardsImportArgs, CardsListArgs, CardsShowArgs, DeckCheckArgs, PlayArgs, ReplayArgs,
    SimArgs,
};
use crate::console::emit;
use crate::games::{self, with_game, CliGame, GameTask, PlayRequest, DEFAULT_GAME};
use crate::play::{self, PlayOptions};
use crate::replay_cmd::{self, ReplayOptions};
use crate::sim::{self, SimOptions};
use crate::{bench, replay_file, seeds, CliError};
use clap::{ArgMatches, FromArgMatches};
use crossover_platform::Platform;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// Run the command the person typed.
pub fn run(matches: &ArgMatches) -> Result<(), CliError> {
    let Some((command, m)) = matches.subcommand() else {
        return Err(CliError::Usage("no command given; see --help".into()));
    };
    match command {
        "play" => match m.subcommand() {
            // Options before the game leave clap nothing to match the game to.
            Some((game, _)) if given_on_the_command_line(m) => Err(CliError::Usage(format!(
                "name the game right after `play`, then its options: crossover play {game} [OPTIONS]"
            ))),
            Some((game, gm)) => with_game(game, Play(gm)),
            None => with_game(DEFAULT_GAME, Play(m)),
        },
        "sim" => on_game(m, Sim),
        "bench" => on_game(m, Bench),
        "replay" => replay(m),
        "deck" => match m.subcommand() {
            Some(("check", m)) => on_game(m, DeckCheck),
            Some(("list", m)) => on_game(m, DeckList),
            _ => Err(CliError::Usage("deck: check or list".into())),
        },
        "cards" => match m.subcommand() {
            Some(("list", m)) => on_game(m, CardsList),
            Some(("show", m)) => on_game(m, CardsShow),
            Some(("import", m)) => on_game(m, CardsImport),
            _ => Err(CliError::Usage("cards: list, show or import".into())),
        },
        "scenario" => {
            let paths: Vec<PathBuf> = m
                .subcommand_matches("run")
                .and_then(|m| m.get_many::<PathBuf>("paths"))
                .map(|p| p.cloned().collect())
                .unwrap_or_default();
            games::run_scenarios(&paths)
        }
        other => Err(CliError::Usage(format!("unknown command '{other}'"))),
    }
}

/// Whether any option of `m` itself was typed (not a default).
fn given_on_the_command_line(m: &ArgMatches) -> bool {
    m.ids()
        .any(|id| m.value_source(id.as_str()) == Some(clap::parser::ValueSource::CommandLine))
}

/// Run the task made by `task` for the game named by `m`'s subcommand (an unknown
/// name gets [`games::unknown_game`]).
fn on_game<'a, T: GameTask>(
    m: &'a ArgMatches,
    task: fn(&'a ArgMatches) -> T,
) -> Result<(), CliError> {
    match m.subcommand() {
        Some((game, gm)) => with_game(game, task(gm)),
        None => Err(CliError::Usage("name a game; see --help".into())),
    }
}

/// The command's own options and the game's, from the same matches.
fn options<T: FromArgMatches, G: Platform>(m: &ArgMatches) -> Result<(T, G::Args), CliError> {
    let usage = |e: clap::Error| CliError::Usage(e.to_string());
    let common = T::from_arg_matches(m).map_err(usage)?;
    let args = <G::Args as FromArgMatches>::from_arg_matches(m).map_err(usage)?;
    // The game loads what its options name first (2PCG: checks the card files).
    G::prepare(&args)?;
    Ok((common, args))
}

/// The setup from `--setup FILE`, if given, checked like the game checks any file's.
fn setup_from_file<G: Platform>(
    file: Option<&Path>,
    args: &G::Args,
) -> Result<Option<G::Setup>, CliError> {
    let Some(path) = file else {
        return Ok(None);
    };
    let text = replay_file::read_text(path, replay_file::MAX_SETUP_BYTES)?;
    let setup = serde_json::from_str(&text).map_err(|e| {
        // serde_json names the line and column: show that line with a caret.
        let d = crossover_diag::Diagnostic::at_line_col(
            path.display().to_string(),
            e.line(),
            e.column(),
            format!("this is not a {} setup: {e}", G::NAME),
        )
        .with_source(text.as_str())
        .with_hint(format!(
            "a setup file is the JSON `setup` of a replay; `crossover play {} --help` lists the options that make one",
            G::NAME
        ));
        CliError::Failed(
            d.render(crossover_diag::color_for_stderr())
                .trim_end()
                .into(),
        )
    })?;
    G::check_setup(&setup, args)
        .map_err(|e| CliError::Failed(format!("{}: {e}", path.display())))?;
    // What the game itself refuses ("255 copies of `01002` is too many") is said here
    // with the file, not later as "cannot set up" without it.
    G::new_game(&setup, 0).map_err(|e| {
        CliError::Failed(format!(
            "{}: the game cannot be set up from this file: {e}",
            path.display()
        ))
    })?;
    Ok(Some(setup))
}

struct Play<'a>(&'a ArgMatches);

impl GameTask for Play<'_> {
    fn run<G: CliGame>(self) -> Result<(), CliError> {
        let (common, args) = options::<PlayArgs, G>(self.0)?;
        let from_file = setup_from_file::<G>(common.setup_file.as_deref(), &args)?;
        let opts = PlayOptions {
            human_seat: common.seat,
            ai_spec: common.ai.clone().unwrap_or_else(|| "hard".into()),
            seed: common.seed.unwrap_or_else(seeds::from_clock),
            save: common.save.clone(),
            hot_seat: common.hot_seat,
        };
        // Checked before anything starts, even when no seat turns out to be the
        // computer's (a solo game, the new-game menu): a misspelt `--ai` is an error, not
        // silently ignored or shown in the menu.
        crossover_ai::player_from_spec::<G>(&opts.ai_spec, 0)
            .map_err(|e| CliError::Usage(format!("--ai: {e}")))?;
        let request = PlayRequest {
            args: &args,
            from_file: from_file.as_ref(),
            ai: common.ai.as_deref(),
            opts: &opts,
        };
        if let Some(result) = G::play_full_screen(&request) {
            return result;
        }
        let setup = G::setup(&args, from_file, common.seat)?;
        play::run::<G>(
            &setup,
            &opts,
            &mut std::io::stdin().lock(),
            &mut std::io::stdout().lock(),
        )
    }
}

struct Sim<'a>(&'a ArgMatches);

impl GameTask for Sim<'_> {
    fn run<G: CliGame>(self) -> Result<(), CliError> {
        let (common, args) = options::<SimArgs, G>(self.0)?;
        let from_file = setup_from_file::<G>(common.setup_file.as_deref(), &args)?;
        let setups = G::sim_setups(&args, from_file)?;
        let opts = SimOptions {
            games: usize::try_from(common.games)
                .map_err(|_| CliError::Usage("--games is too large".into()))?,
            seed: common.seed.unwrap_or_else(seeds::from_clock),
            players: common.players,
            threads: usize::try_from(common.threads).unwrap_or(usize::MAX),
            max_actions: usize::try_from(common.max_actions).unwrap_or(usize::MAX),
            card_stats: common.card_stats,
            progress: !common.no_progress,
            labels: setups.iter().map(G::setup_labels).collect(),
        };
        let start = Instant::now();
        let report = sim::run::<G>(&setups, &opts)?;
        let text = if common.json {
            serde_json::to_string(&report)
                .map_err(|e| CliError::Failed(format!("cannot encode the report: {e}")))?
        } else {
            sim::summary(&report, start.elapsed())
        };
        print(&text)
    }
}

/// `replay FILE` (the game read from the file, its options left out) or `replay GAME
/// FILE [OPTIONS]`.
fn replay(m: &ArgMatches) -> Result<(), CliError> {
    let (named, rm) = match m.subcommand() {
        Some((game, gm)) => (Some(game), gm),
        None => (None, m),
    };
    let common = ReplayArgs::from_arg_matches(rm).map_err(|e| CliError::Usage(e.to_string()))?;
    let file = common
        .file
        .clone()
        .ok_or_else(|| CliError::Usage("replay: give the replay FILE".into()))?;
    let json = replay_file::read_text(&file, replay_file::MAX_REPLAY_BYTES)?;
    let game = replay_file::game_name_in(&file, &json)?;
    if let Some(named) = named.filter(|n| *n != game) {
        return Err(CliError::Usage(format!(
            "{} is a replay of {game}, not of {named}",
            file.display()
        )));
    }
    let opts = ReplayOptions {
        to_end: common.to_end,
        json: common.json,
    };
    let task = Replay {
        file,
        json,
        opts,
        game_options: named.map(|_| rm),
    };
    with_game(&game, task)
}

/// The replay's text, with the game it is for already read from it.
struct Replay<'a> {
    file: PathBuf,
    json: String,
    opts: ReplayOptions,
    /// The matches with the game's options, when the game was named.
    game_options: Option<&'a ArgMatches>,
}

impl GameTask for Replay<'_> {
    fn run<G: CliGame>(self) -> Result<(), CliError> {
        let args = match self.game_options {
            Some(m) => options::<ReplayArgs, G>(m)?.1,
            None => {
                let args = crossover_platform::default_args::<G>()?;
                G::prepare(&args)?;
                args
            }
        };
        // The recorded setup is checked like a --setup file before anything is played.
        let file = self.file.display().to_string();
        let replay = replay_file::parse_in::<G>(&self.file, &self.json)?;
        G::check_setup(&replay.setup, &args)
            .map_err(|e| CliError::Failed(format!("{file}: the replay's setup: {e}")))?;
        if !self.opts.to_end && !self.opts.json && crate::full_screen::is_interactive() {
            // The full-screen client steps through the actions; verify them (and the
            // card data) first, as the printed replay does.
            replay
                .verify()
                .map_err(|e| CliError::Failed(format!("{file}: replay does not verify: {e}")))?;
            if let Some(result) = G::replay_full_screen(&self.json) {
                return result;
            }
        }
        replay_cmd::run::<G>(&file, &self.json, &self.opts, &mut std::io::stdout().lock())
    }
}

struct Bench<'a>(&'a ArgMatches);

impl GameTask for Bench<'_> {
    fn run<G: CliGame>(self) -> Result<(), CliError> {
        let (common, args) = options::<BenchArgs, G>(self.0)?;
        let opts = bench::BenchOptions {
            seconds: common.seconds,
            ismcts_iterations: common.ismcts_iterations,
        };
        let work = G::workloads(&args)?;
        let report = bench::run(&work, &opts, &mut |step| eprintln!("measuring {step}..."))?;
        if common.json {
            let json = serde_json::to_string(&report)
                .map_err(|e| CliError::Failed(format!("cannot encode the report: {e}")))?;
            print(&json)
        } else {
            print(&bench::summary(&report))
        }
    }
}

struct CardsList<'a>(&'a ArgMatches);

impl GameTask for CardsList<'_> {
    fn run<G: CliGame>(self) -> Result<(), CliError> {
        let (common, args) = options::<CardsListArgs, G>(self.0)?;
        for line in G::card_lines(&args, common.set.as_deref())? {
            if !emit(&line) {
                break;
            }
        }
        Ok(())
    }
}

struct CardsShow<'a>(&'a ArgMatches);

impl GameTask for CardsShow<'_> {
    fn run<G: CliGame>(self) -> Result<(), CliError> {
        let (common, args) = options::<CardsShowArgs, G>(self.0)?;
        emit(&G::card_text(&args, &common.card)?);
        Ok(())
    }
}

struct CardsImport<'a>(&'a ArgMatches);

impl GameTask for CardsImport<'_> {
    fn run<G: CliGame>(self) -> Result<(), CliError> {
        let (common, args) = options::<CardsImportArgs, G>(self.0)?;
        let report = G::import_cards(&args, &common.file, common.out.as_deref(), common.force)?;
        for line in &report.details {
            if !emit(line) {
                break;
            }
        }
        emit(&format!(
            "{} → {}",
            report.summary,
            report.written.display()
        ));
        Ok(())
    }
}

struct DeckList<'a>(&'a ArgMatches);

impl GameTask for DeckList<'_> {
    fn run<G: CliGame>(self) -> Result<(), CliError> {
        let args = options::<NoOptions, G>(self.0)?.1;
        for d in G::decks(&args)? {
            if !emit(&format!("{:<20} {}", d.name, d.description)) {
                break;
            }
        }
        Ok(())
    }
}

struct DeckCheck<'a>(&'a ArgMatches);

impl GameTask for DeckCheck<'_> {
    fn run<G: CliGame>(self) -> Result<(), CliError> {
        let (common, args) = options::<DeckCheckArgs, G>(self.0)?;
        let check = G::check_deck(&args, &common.file)?;
        if check.problems.is_empty() {
            emit(&check.verdict);
            return Ok(());
        }
        for p in &check.problems {
            emit(p);
        }
        Err(CliError::Failed(check.verdict))
    }
}

/// A command without options of its own.
struct NoOptions;

impl FromArgMatches for NoOptions {
    fn from_arg_matches(_: &ArgMatches) -> Result<Self, clap::Error> {
        Ok(NoOptions)
    }
    fn update_from_arg_matches(&mut self, _: &ArgMatches) -> Result<(), clap::Error> {
        Ok(())
    }
}

fn print(text: &str) -> Result<(), CliError> {
    writeln!(std::io::stdout().lock(), "{text}").map_err(|e| CliError::io("cannot write output", e))
}
