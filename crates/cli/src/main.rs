//! The `crossover` command line: parses arguments, picks the game, and hands over to
//! the game-generic subcommands in the library.

use clap::{builder::PossibleValuesParser, Args, Parser, Subcommand};
use crossover::play::{self, PlayOptions};
use crossover::replay_cmd::{self, ReplayOptions};
use crossover::sim::{self, SimOptions};
use crossover::{replay_file, seeds, CliError};
use crossover_ai::KNOWN_PLAYERS;
use crossover_kernel::{Game, Presentation};
use crossover_toy::{Toy, ToySetup};
use crossover_vs2pcg::GameState as Vs2pcg;
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

mod vs2pcg_setup;

/// The games this binary offers, by `Game::NAME`. Adding a game: add it here, in
/// [`with_game`], and implement [`CliGame`] for it.
const GAMES: &[&str] = &[Vs2pcg::NAME, Toy::NAME];
/// The game `crossover play` starts without a GAME argument.
const DEFAULT_GAME: &str = Vs2pcg::NAME;

/// What the binary needs beyond [`Game`] to offer a game on the command line.
trait CliGame: Presentation {
    /// The setup for a new game, from the setup options.
    fn setup(args: &SetupArgs) -> Result<Self::Setup, CliError>;
    /// The setup `play` uses: [`CliGame::setup`], with `--main` (`main`) for the
    /// person's seat.
    fn play_setup(
        args: &SetupArgs,
        main: Option<&str>,
        _seat: usize,
    ) -> Result<Self::Setup, CliError> {
        match main {
            Some(_) => Err(CliError::Usage(format!(
                "--main is for vs2pcg, not {}",
                Self::NAME
            ))),
            None => Self::setup(args),
        }
    }
    /// Play in the full-screen client, if this game has one and we are in a terminal;
    /// `None` means: use the numbered line mode.
    fn play_full_screen(_args: &PlayArgs, _opts: &PlayOptions) -> Option<Result<(), CliError>> {
        None
    }
    /// Step through a replay in the full-screen client, if this game has one and we
    /// are in a terminal; `None` means: print it.
    fn replay_full_screen(_json: &str) -> Option<Result<(), CliError>> {
        None
    }
    /// Check a setup read from a file (`--setup`, or a replay's) before it is played:
    /// `casual` waives the rules only tournaments need.
    fn check_setup(_setup: &Self::Setup, _casual: bool) -> Result<(), CliError> {
        Ok(())
    }
    /// The setups `sim` cycles through, game by game [default: just `setup`].
    fn sim_setups(args: &SetupArgs) -> Result<Vec<Self::Setup>, CliError> {
        Ok(vec![Self::setup(args)?])
    }
}

impl CliGame for Toy {
    fn setup(args: &SetupArgs) -> Result<ToySetup, CliError> {
        Ok(args.load::<Toy>()?.unwrap_or_default())
    }
}

impl CliGame for Vs2pcg {
    fn setup(args: &SetupArgs) -> Result<crossover_vs2pcg::Setup, CliError> {
        if let Some(setup) = args.load::<Vs2pcg>()? {
            return Ok(setup);
        }
        crate::vs2pcg_setup::from_decks(
            &args.pool()?,
            &args.decks,
            args.variant.as_deref(),
            args.casual,
        )
    }
    fn check_setup(setup: &crossover_vs2pcg::Setup, casual: bool) -> Result<(), CliError> {
        crate::vs2pcg_setup::check_setup(setup, casual)
    }
    fn play_setup(
        args: &SetupArgs,
        main: Option<&str>,
        seat: usize,
    ) -> Result<crossover_vs2pcg::Setup, CliError> {
        match (main, &args.setup_file) {
            (None, _) => Self::setup(args),
            (Some(_), Some(_)) => Err(CliError::Usage(
                "--main changes a deck; a --setup file already names every main character".into(),
            )),
            (Some(m), None) => {
                let mut keys = args.decks.clone();
                if keys.is_empty() {
                    keys = crate::vs2pcg_setup::DEFAULT_DECKS
                        .map(String::from)
                        .to_vec();
                }
                crate::vs2pcg_setup::from_decks_with_main(
                    &args.pool()?,
                    &keys,
                    args.variant.as_deref(),
                    Some((seat, m)),
                    args.casual,
                )
            }
        }
    }
    fn play_full_screen(args: &PlayArgs, opts: &PlayOptions) -> Option<Result<(), CliError>> {
        if !crossover::full_screen::is_interactive() {
            return None;
        }
        if args.setup.decks.is_empty() && args.setup.setup_file.is_none() {
            // No deck given: let the person choose in the new-game menu.
            let pool = match args.setup.pool() {
                Ok(pool) => pool,
                Err(e) => return Some(Err(e)),
            };
            let menu = crate::vs2pcg_setup::new_game_menu(
                &pool,
                args.ai.as_deref(),
                args.main.as_deref(),
                args.hot_seat,
            );
            let (seed, seat) = (opts.seed, opts.human_seat);
            return Some(crossover::full_screen::play_from_menu::<Vs2pcg>(
                menu,
                |choice| crate::vs2pcg_setup::from_choice(&pool, choice, seed, seat),
                opts,
            ));
        }
        Some(
            Self::play_setup(&args.setup, args.main.as_deref(), opts.human_seat)
                .and_then(|setup| crossover::full_screen::play::<Vs2pcg>(&setup, opts)),
        )
    }
    fn replay_full_screen(json: &str) -> Option<Result<(), CliError>> {
        crossover::full_screen::is_interactive()
            .then(|| crossover::full_screen::replay::<Vs2pcg>(json))
    }
    fn sim_setups(args: &SetupArgs) -> Result<Vec<crossover_vs2pcg::Setup>, CliError> {
        if args.setup_file.is_some() || !args.decks.is_empty() {
            return Ok(vec![Self::setup(args)?]);
        }
        // Without decks, simulate every pairing of the prebuilt decks.
        crate::vs2pcg_setup::all_prebuilt_pairings(&args.pool()?)
    }
}

/// A subcommand's work for one concrete game, so each subcommand is written once
/// and [`with_game`] is the only place that lists the games.
trait GameTask {
    fn run<G: CliGame>(self) -> Result<(), CliError>
    where
        G::Setup: Send + Sync;
}

fn with_game(name: &str, task: impl GameTask) -> Result<(), CliError> {
    match name {
        Vs2pcg::NAME => task.run::<Vs2pcg>(),
        Toy::NAME => task.run::<Toy>(),
        other => Err(CliError::Usage(format!(
            "unknown game '{other}' (known games: {})",
            GAMES.join(", ")
        ))),
    }
}

#[derive(Parser)]
#[command(
    name = "crossover",
    version,
    about = "Play and simulate card games with the rules enforced",
    long_about = "Play and simulate card games with the rules enforced.\n\n\
                  Every game is recorded as a replay file that `crossover replay` can \
                  verify and summarise.",
    after_help = games_help()
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
    /// vs2pcg: also load the card files (*.cards) in DIR; a card with the same number
    /// as a built-in card replaces it. See docs/cards.md.
    #[arg(long, global = true, value_name = "DIR")]
    cards: Option<PathBuf>,
}

#[derive(Subcommand)]
enum Command {
    Play(PlayArgs),
    Sim(SimArgs),
    Replay(ReplayArgs),
    Deck(DeckArgs),
    Cards(CardsArgs),
    Scenario(ScenarioArgs),
    Bench(BenchArgs),
}

/// Measure how fast the engine runs on this machine, on one thread: random-vs-random
/// games per second, actions per second, the cost of cloning a mid-game state and of
/// listing its legal actions, and ISMCTS iterations per second (docs/PERFORMANCE.md).
#[derive(Args)]
struct BenchArgs {
    /// The game to measure (only vs2pcg so far).
    #[arg(value_parser = ["vs2pcg"])]
    game: String,
    /// Print the figures as one JSON object.
    #[arg(long)]
    json: bool,
    /// About how many seconds each measurement runs (0.01 to 3600).
    #[arg(long, default_value_t = 3.0, value_name = "S", value_parser = bench_seconds)]
    seconds: f64,
    /// ISMCTS iterations per searched decision (1 to 1000000).
    #[arg(long, default_value_t = crossover_ai::DEFAULT_ISMCTS_ITERATIONS, value_name = "N",
          value_parser = clap::value_parser!(u32).range(1..=crossover::bench::MAX_ISMCTS_ITERATIONS as i64))]
    ismcts_iterations: u32,
}

/// Rules scenarios: a board, actions and expectations in a TOML file (docs/scenarios.md).
#[derive(Args)]
struct ScenarioArgs {
    #[command(subcommand)]
    command: ScenarioCommand,
}

#[derive(Subcommand)]
enum ScenarioCommand {
    /// Run scenario files, or every *.toml under the given directories; prints each
    /// result and, for a failure, the step with its expected and actual value. Exits 1
    /// if any scenario fails or can't be read.
    Run {
        /// Files or directories.
        #[arg(required = true)]
        paths: Vec<PathBuf>,
    },
}

/// List and show 2PCG cards with their text, generated from the card definitions.
#[derive(Args)]
struct CardsArgs {
    #[command(subcommand)]
    command: CardsCommand,
}

#[derive(Subcommand)]
enum CardsCommand {
    /// One line per card: number, name, type, cost and stats.
    List {
        /// The game (only vs2pcg has card files so far).
        #[arg(value_parser = ["vs2pcg"])]
        game: String,
        /// Only cards of this set, by number prefix (mnb, aln, leg, ...).
        #[arg(long)]
        set: Option<String>,
    },
    /// A card's full text.
    Show {
        #[arg(value_parser = ["vs2pcg"])]
        game: String,
        /// Card number (mnb-001) or name.
        card: String,
    },
}

/// Work with 2PCG deck lists.
#[derive(Args)]
struct DeckArgs {
    #[command(subcommand)]
    command: DeckCommand,
}

#[derive(Subcommand)]
enum DeckCommand {
    /// Check a deck list against the Deck Building Rules (p.28): prints every problem
    /// with its line, or "legal"; exits 1 if the deck is illegal.
    Check {
        /// The deck file (one `count card` per line, a `main card` line; `#` comments).
        file: PathBuf,
        /// Check for casual play: bans, exactly 60 cards, the copy limits, neutral
        /// locations and Loyalty are waived (docs/decks.md).
        #[arg(long)]
        casual: bool,
    },
    /// The prebuilt decks built into the binary, with their main characters.
    List,
}

/// Play a game against computer players in the terminal.
///
/// In a terminal, vs2pcg opens a full-screen client: first a new-game menu (deck, main
/// character, one to three computer opponents, their decks, difficulty) unless --deck
/// or --setup is given, then the board. Keys: arrows or j/k pick a choice, 1-9 picks by
/// number, Enter confirms, u undoes your last action, p shows the KO piles, PgUp/PgDn
/// scroll the log, ? lists the keys, q quits (after asking).
///
/// When input or output is not a terminal (or the game has no client), the game state,
/// the new log entries you may see, the question and the numbered options are printed;
/// type a number and press Enter, or q to quit. The other seats move by themselves and
/// their moves are shown.
///
/// When the game ends, or you quit, or the input ends, the replay is saved and its path
/// printed.
#[derive(Args)]
#[command(after_help = players_help())]
struct PlayArgs {
    /// The game to play.
    #[arg(default_value = DEFAULT_GAME, value_parser = PossibleValuesParser::new(GAMES))]
    game: String,
    /// Your seat, counted from 0; seat 0 starts.
    #[arg(long, default_value_t = 0, value_name = "N")]
    seat: usize,
    /// The computer player for every other seat: a difficulty level or a player spec
    /// (see below) [default: hard].
    #[arg(long, value_name = "SPEC")]
    ai: Option<String>,
    /// vs2pcg: your main character (card number or name) instead of your deck's own;
    /// the deck must still be legal with it (Loyalty).
    #[arg(long, value_name = "CARD")]
    main: Option<String>,
    /// Seed for the game's randomness and the computer players [default: from the
    /// clock, and printed].
    #[arg(long, value_name = "S")]
    seed: Option<u64>,
    /// Where to save the replay [default:
    /// ./crossover-replays/<game>-<seed>-<unix time>.replay.json].
    #[arg(long, value_name = "PATH")]
    save: Option<PathBuf>,
    /// Two (or more) people at one screen: every seat is played here, and the screen is
    /// hidden between turns until the next player presses a key (full-screen only).
    #[arg(long)]
    hot_seat: bool,
    #[command(flatten)]
    setup: SetupArgs,
}

/// Let computer players play many games against each other and count the wins.
///
/// Game i gets a seed derived from --seed and i, and the players rotate seats from
/// game to game (with two players they swap on odd games), each setup being played
/// once from every seat, so every player has each deck and each seat equally often
/// and neither the first-player advantage nor a stronger deck biases the result.
/// Wins are credited to the players in the order of their --ai options, with a 95%
/// confidence interval. The results do not depend on --threads; a progress bar with
/// games/s and the time left is drawn on standard error when it is a terminal.
#[derive(Args)]
#[command(after_help = players_help())]
struct SimArgs {
    /// The game to simulate.
    #[arg(value_parser = PossibleValuesParser::new(GAMES))]
    game: String,
    /// How many games to play (at most 1000000000).
    #[arg(long, value_name = "N",
          value_parser = clap::value_parser!(u64).range(1..=sim::MAX_GAMES))]
    games: u64,
    /// Seed of the whole run [default: from the clock, and printed].
    #[arg(long, value_name = "S")]
    seed: Option<u64>,
    /// A player spec; give one per seat in seat order, or one for all seats
    /// [default: random for all seats].
    #[arg(long = "ai", value_name = "SPEC")]
    players: Vec<String>,
    /// Print one JSON object (games, seed, players, wins, win_rates, win_rate_ci95,
    /// ties, avg_turns, avg_actions, card_stats) instead of a summary.
    #[arg(long)]
    json: bool,
    /// Worker threads (1 to 256; more than the machine's cores gains nothing).
    #[arg(long, default_value_t = 1, value_name = "T",
          value_parser = clap::value_parser!(u64).range(1..=sim::MAX_THREADS))]
    threads: u64,
    /// Also report how often each card was played or used and its player's win rate
    /// in the games it was used in (vs2pcg).
    #[arg(long)]
    card_stats: bool,
    /// A game still running after this many actions counts as an error (at most
    /// 100000000).
    #[arg(long, default_value_t = 100_000, value_name = "N",
          value_parser = clap::value_parser!(u64).range(1..=100_000_000))]
    max_actions: u64,
    /// Don't draw the progress bar (it is only drawn when standard error is a terminal).
    #[arg(long)]
    no_progress: bool,
    #[command(flatten)]
    setup: SetupArgs,
}

/// Step through a saved replay, or verify it and show how the game ended.
///
/// In a terminal (and without --to-end or --json) the replay opens in the full-screen
/// client: ← and → step backwards and forwards, v shows another seat's view, q leaves.
/// Otherwise it re-plays every recorded action under the current rules and checks the
/// final state hash against the recorded one; any difference is an error (exit code
/// 1). It prints each action, then the outcome, the number of turns and the final hash.
#[derive(Args)]
struct ReplayArgs {
    /// The replay file (JSON, as saved by `crossover play`).
    file: PathBuf,
    /// Skip the list of actions; print only the summary.
    #[arg(long)]
    to_end: bool,
    /// Print only {"hash", "outcome", "turns", "actions"} as one JSON object.
    #[arg(long)]
    json: bool,
    /// vs2pcg: the game was a casual game; its decks need not follow the tournament
    /// deck rules.
    #[arg(long)]
    casual: bool,
}

/// Options every game understands for setting up a new game.
#[derive(Args)]
struct SetupArgs {
    /// A JSON file with the game's setup [default: the game's standard setup].
    #[arg(long = "setup", value_name = "FILE")]
    setup_file: Option<PathBuf>,
    /// vs2pcg: a prebuilt deck name or a deck file, once per seat in seat order
    /// [default: avengers-cap against villains-goblin; `sim` plays every pairing of the
    /// prebuilt decks in turn]. `crossover deck list` names
    /// the prebuilt decks.
    #[arg(long = "deck", value_name = "NAME|FILE")]
    decks: Vec<String>,
    /// vs2pcg: with four decks, `2v2` (seats 0 and 2 against 1 and 3), `2h`
    /// (2-Headed Teammates: seats 0 and 1 against 2 and 3) or `ffa` (Free-for-All)
    /// [default: 2v2]. Three decks always play Free-for-All.
    #[arg(long, value_name = "VARIANT", value_parser = ["2v2", "2h", "ffa"])]
    variant: Option<String>,
    /// vs2pcg: a casual game: decks need not follow the tournament deck rules (bans,
    /// exactly 60 cards, the copy limits, neutral locations, Loyalty). A deck still
    /// needs a level 1 main character and at least one game card.
    #[arg(long)]
    casual: bool,
    /// `--cards DIR` (a global option), set by `main` before the game's setup is made.
    #[arg(skip)]
    cards: Option<PathBuf>,
}

impl SetupArgs {
    /// The vs2pcg card pool (`--cards DIR`, or the built-in cards).
    fn pool(&self) -> Result<std::sync::Arc<crossover_vs2pcg::db::CardDb>, CliError> {
        crate::vs2pcg_setup::pool(self.cards.as_deref())
    }

    /// The setup from --setup, if given.
    fn load<G: CliGame>(&self) -> Result<Option<G::Setup>, CliError> {
        let Some(path) = &self.setup_file else {
            return Ok(None);
        };
        let text = replay_file::read_text(path, replay_file::MAX_SETUP_BYTES)?;
        let setup = serde_json::from_str(&text).map_err(|e| {
            CliError::Failed(format!(
                "{} is not a {} setup: {e}",
                path.display(),
                G::NAME
            ))
        })?;
        G::check_setup(&setup, self.casual)
            .map_err(|e| CliError::Failed(format!("{}: {e}", path.display())))?;
        Ok(Some(setup))
    }
}

fn games_help() -> String {
    format!("Games: {}", GAMES.join(", "))
}

fn players_help() -> String {
    let mut text = String::from("Computer players (SPEC is NAME or NAME:KEY=VALUE,...):\n");
    for (name, about) in KNOWN_PLAYERS {
        text += &format!("  {name:<8} {about}\n");
    }
    text += "Difficulty levels (each names a spec; docs/AI.md measures them):\n";
    for (level, spec) in crossover_ai::DIFFICULTIES {
        text += &format!("  {level:<8} {spec}\n");
    }
    text
}

impl GameTask for PlayArgs {
    fn run<G: CliGame>(self) -> Result<(), CliError>
    where
        G::Setup: Send + Sync,
    {
        let opts = PlayOptions {
            human_seat: self.seat,
            ai_spec: self.ai.clone().unwrap_or_else(|| "hard".into()),
            seed: self.seed.unwrap_or_else(seeds::from_clock),
            save: self.save.clone(),
            hot_seat: self.hot_seat,
        };
        if let Some(result) = G::play_full_screen(&self, &opts) {
            return result;
        }
        let setup = G::play_setup(&self.setup, self.main.as_deref(), self.seat)?;
        play::run::<G>(
            &setup,
            &opts,
            &mut std::io::stdin().lock(),
            &mut std::io::stdout().lock(),
        )
    }
}

impl GameTask for SimArgs {
    fn run<G: CliGame>(self) -> Result<(), CliError>
    where
        G::Setup: Send + Sync,
    {
        let setups = G::sim_setups(&self.setup)?;
        let opts = SimOptions {
            games: usize::try_from(self.games)
                .map_err(|_| CliError::Usage("--games is too large".into()))?,
            seed: self.seed.unwrap_or_else(seeds::from_clock),
            players: self.players,
            threads: usize::try_from(self.threads).unwrap_or(usize::MAX),
            max_actions: usize::try_from(self.max_actions).unwrap_or(usize::MAX),
            card_stats: self.card_stats,
            progress: !self.no_progress,
        };
        let start = Instant::now();
        let report = sim::run::<G>(&setups, &opts)?;
        let text = if self.json {
            serde_json::to_string(&report)
                .map_err(|e| CliError::Failed(format!("cannot encode the report: {e}")))?
        } else {
            sim::summary(&report, start.elapsed())
        };
        print(&text)
    }
}

/// The replay's text, with the game it is for already read from it.
struct ReplayTask {
    json: String,
    opts: ReplayOptions,
    casual: bool,
}

impl GameTask for ReplayTask {
    fn run<G: CliGame>(self) -> Result<(), CliError>
    where
        G::Setup: Send + Sync,
    {
        // The recorded setup is checked like a --setup file before anything is played.
        let replay = replay_file::parse::<G>(&self.json)?;
        G::check_setup(&replay.setup, self.casual)
            .map_err(|e| CliError::Failed(format!("the replay's setup: {e}")))?;
        if !self.opts.to_end && !self.opts.json && crossover::full_screen::is_interactive() {
            // The full-screen client steps through the actions; verify them (and the
            // card data) first, as the printed replay does.
            replay
                .verify()
                .map_err(|e| CliError::Failed(format!("replay does not verify: {e}")))?;
            if let Some(result) = G::replay_full_screen(&self.json) {
                return result;
            }
        }
        replay_cmd::run::<G>(&self.json, &self.opts, &mut std::io::stdout().lock())
    }
}

fn replay(args: ReplayArgs) -> Result<(), CliError> {
    let json = replay_file::read_text(&args.file, replay_file::MAX_REPLAY_BYTES)?;
    let game = replay_file::game_name(&json)
        .map_err(|e| CliError::Failed(format!("{}: {e}", args.file.display())))?;
    let opts = ReplayOptions {
        to_end: args.to_end,
        json: args.json,
    };
    with_game(
        &game,
        ReplayTask {
            json,
            opts,
            casual: args.casual,
        },
    )
}

fn bench(args: BenchArgs) -> Result<(), CliError> {
    use crossover::bench;
    let opts = bench::BenchOptions {
        seconds: args.seconds,
        ismcts_iterations: args.ismcts_iterations,
    };
    let report = bench::run(&opts, &mut |step| eprintln!("measuring {step}..."))?;
    if args.json {
        let json = serde_json::to_string(&report)
            .map_err(|e| CliError::Failed(format!("cannot encode the report: {e}")))?;
        print(&json)
    } else {
        print(&bench::summary(&report))
    }
}

/// `bench --seconds`: a finite number within the bounds `bench` accepts.
fn bench_seconds(s: &str) -> Result<f64, String> {
    use crossover::bench::{MAX_SECONDS, MIN_SECONDS};
    match s.parse::<f64>() {
        Ok(v) if (MIN_SECONDS..=MAX_SECONDS).contains(&v) => Ok(v),
        _ => Err(format!(
            "must be a number of seconds from {MIN_SECONDS} to {MAX_SECONDS}"
        )),
    }
}

fn print(text: &str) -> Result<(), CliError> {
    writeln!(std::io::stdout().lock(), "{text}").map_err(|e| CliError::io("cannot write output", e))
}

fn main() -> ExitCode {
    let mut cli = Cli::parse();
    // Building the pool checks the card files before anything else, and registers the
    // pool so that a replay naming it by fingerprint can be read.
    let pool = match crate::vs2pcg_setup::pool(cli.cards.as_deref()) {
        Ok(pool) => pool,
        Err(e) => {
            eprintln!("crossover: error: {e}");
            return ExitCode::from(e.exit_code());
        }
    };
    match &mut cli.command {
        Command::Play(args) => args.setup.cards = cli.cards.clone(),
        Command::Sim(args) => args.setup.cards = cli.cards.clone(),
        _ => {}
    }
    let result = match cli.command {
        Command::Play(args) => with_game(&args.game.clone(), args),
        Command::Sim(args) => with_game(&args.game.clone(), args),
        Command::Replay(args) => replay(args),
        Command::Deck(DeckArgs {
            command: DeckCommand::Check { file, casual },
        }) => crate::vs2pcg_setup::check_deck(&pool, &file, casual),
        Command::Deck(DeckArgs {
            command: DeckCommand::List,
        }) => crate::vs2pcg_setup::list_decks(&pool),
        Command::Scenario(ScenarioArgs {
            command: ScenarioCommand::Run { paths },
        }) => crate::vs2pcg_setup::run_scenarios(&paths),
        Command::Bench(args) => bench(args),
        Command::Cards(CardsArgs { command }) => match command {
            CardsCommand::List { set, .. } => {
                crate::vs2pcg_setup::list_cards(&pool, set.as_deref())
            }
            CardsCommand::Show { card, .. } => crate::vs2pcg_setup::show_card(&pool, &card),
        },
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("crossover: error: {e}");
            ExitCode::from(e.exit_code())
        }
    }
}
