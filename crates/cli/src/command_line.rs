//! The command line: `crossover COMMAND [GAME] [OPTIONS]`. Each command's own options
//! are written once here; each game's options ([`Platform::Args`]) follow the game, so
//! the commands that take a game get one subcommand per game of the registry
//! ([`crate::games::visit_games`]), and `--help` lists the games.
//!
//! [`Platform::Args`]: crossover_platform::Platform::Args

use crate::games::{self, CliGame, GameVisitor, DEFAULT_GAME};
use crate::{bench, sim};
use clap::{Arg, Args, Command};
use crossover_ai::KNOWN_PLAYERS;
use std::path::PathBuf;

/// `play`'s options, for every game.
#[derive(Args, Debug)]
pub struct PlayArgs {
    /// Your seat, counted from 0; seat 0 starts.
    #[arg(long, default_value_t = 0, value_name = "N")]
    pub seat: usize,
    /// The computer player for every other seat: a difficulty level or a player spec
    /// (see below) [default: hard].
    #[arg(long, value_name = "SPEC")]
    pub ai: Option<String>,
    /// Seed for the game's randomness and the computer players [default: from the
    /// clock, and printed].
    #[arg(long, value_name = "S")]
    pub seed: Option<u64>,
    /// Where to save the replay [default:
    /// ./crossover-replays/<game>-<seed>-<unix time>.replay.json].
    #[arg(long, value_name = "PATH")]
    pub save: Option<PathBuf>,
    /// Two (or more) people at one screen: every seat is played here, and the screen is
    /// hidden between turns until the next player presses a key (full-screen only).
    #[arg(long)]
    pub hot_seat: bool,
    /// A JSON file with the game's setup, instead of the one the game's options make.
    #[arg(long = "setup", value_name = "FILE")]
    pub setup_file: Option<PathBuf>,
}

/// `sim`'s options, for every game.
#[derive(Args, Debug)]
pub struct SimArgs {
    /// How many games to play (at most 1000000000).
    #[arg(long, value_name = "N", required = true,
          value_parser = clap::value_parser!(u64).range(1..=sim::MAX_GAMES))]
    pub games: u64,
    /// Seed of the whole run [default: from the clock, and printed].
    #[arg(long, value_name = "S")]
    pub seed: Option<u64>,
    /// A player spec; give one per seat in seat order, or one for all seats
    /// [default: random for all seats].
    #[arg(long = "ai", value_name = "SPEC")]
    pub players: Vec<String>,
    /// Print one JSON object (games, seed, players, wins, win_rates, win_rate_ci95,
    /// ties, avg_turns, avg_actions, card_stats) instead of a summary.
    #[arg(long)]
    pub json: bool,
    /// Worker threads (1 to 256; more than the machine's cores gains nothing).
    #[arg(long, default_value_t = 1, value_name = "T",
          value_parser = clap::value_parser!(u64).range(1..=sim::MAX_THREADS))]
    pub threads: u64,
    /// Also report how often each card was played or used and its player's win rate
    /// in the games it was used in (games with cards).
    #[arg(long)]
    pub card_stats: bool,
    /// A game still running after this many actions counts as an error (at most
    /// 100000000).
    #[arg(long, default_value_t = 100_000, value_name = "N",
          value_parser = clap::value_parser!(u64).range(1..=100_000_000))]
    pub max_actions: u64,
    /// Don't draw the progress bar (it is only drawn when standard error is a terminal).
    #[arg(long)]
    pub no_progress: bool,
    /// A JSON file with the game's setup, instead of the ones the game's options make.
    #[arg(long = "setup", value_name = "FILE")]
    pub setup_file: Option<PathBuf>,
}

/// `replay`'s options, for every game.
#[derive(Args, Debug)]
pub struct ReplayArgs {
    /// The replay file (JSON, as saved by `crossover play`).
    #[arg(required = true)]
    pub file: Option<PathBuf>,
    /// Skip the list of actions; print only the summary.
    #[arg(long)]
    pub to_end: bool,
    /// Print only {"hash", "outcome", "turns", "actions"} as one JSON object.
    #[arg(long)]
    pub json: bool,
}

/// `bench`'s options, for every game.
#[derive(Args, Debug)]
pub struct BenchArgs {
    /// Print the figures as one JSON object.
    #[arg(long)]
    pub json: bool,
    /// About how many seconds each measurement runs (0.01 to 3600).
    #[arg(long, default_value_t = 3.0, value_name = "S", value_parser = bench_seconds)]
    pub seconds: f64,
    /// ISMCTS iterations per searched decision (1 to 1000000).
    #[arg(long, default_value_t = crossover_ai::DEFAULT_ISMCTS_ITERATIONS, value_name = "N",
          value_parser = clap::value_parser!(u32).range(1..=bench::MAX_ISMCTS_ITERATIONS as i64))]
    pub ismcts_iterations: u32,
}

/// `cards list`'s options.
#[derive(Args, Debug)]
pub struct CardsListArgs {
    /// Only cards of this set, by number prefix (2PCG: mnb, aln, leg, ...).
    #[arg(long)]
    pub set: Option<String>,
}

/// `cards show`'s argument.
#[derive(Args, Debug)]
pub struct CardsShowArgs {
    /// Card number (mnb-001) or name.
    pub card: String,
}

/// `cards import`'s arguments.
#[derive(Args, Debug)]
pub struct CardsImportArgs {
    /// The card data file (UFS: an OCTGN set file, `sets/NAME.xml`; 2PCG: an OCTGN set
    /// file of the later sets; the TCG: a CSV or JSON collection export).
    pub file: PathBuf,
    /// Where to write our card file [default: the data file's name with `.cards`, in the
    /// current directory].
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,
    /// Replace the output file if it exists.
    #[arg(long)]
    pub force: bool,
}

/// `deck check`'s argument.
#[derive(Args, Debug)]
pub struct DeckCheckArgs {
    /// The deck file (vs2pcg: one `count card` per line, a `main card` line, `#`
    /// comments; mc: a MarvelCDB deck file, JSON; ufs: OCTGN's .o8d, or `character ID`
    /// then `COUNT ID` lines; vstcg: `4 Name, Version` a line, headings and set codes
    /// allowed).
    pub file: PathBuf,
}

const PLAY_ABOUT: &str = "Play a game against computer players in the terminal";
const PLAY_LONG: &str =
    "Play a game against computer players in the terminal [default game: vs2pcg].

In a terminal every game opens the full-screen client. Unless --deck or --setup is given, it \
first shows a new-game menu: in vs2pcg your deck, main character, one to three computer \
opponents, their decks and difficulty; in mc how many heroes (1-4), each hero's deck and \
whether you or the computer plays it, the villain, the modular set, Standard or Expert, and the \
computer heroes' level. Keys: arrows or j/k pick a choice, 1-9 picks by number, Enter confirms, Esc \
takes back an attack still being declared, u undoes your last action, Tab or i walks a cursor \
over every card you can see and Enter or i shows the card (its text, stats and why it can't be \
played now), p shows the KO piles, PgUp/PgDn scroll the log, ? lists the keys, q quits (after \
asking). Computer moves are shown one at a time (CROSSOVER_PACE_MS milliseconds each, 700 by \
default; Space shows the next at once). Colours follow NO_COLOR.

When input or output is not a terminal (or the game has no client), the game state, the new log \
entries you may see, the question and the numbered options are printed; type a number and press \
Enter, or q to quit. The other seats move by themselves and their moves are shown.

When the game ends, or you quit, or the input ends, the replay is saved and its path printed.

`crossover play` without a game plays vs2pcg, and takes vs2pcg's options (`crossover play --deck \
xmen-storm --deck villains-loki`); `crossover play GAME --help` lists a game's options.";

const SIM_ABOUT: &str =
    "Let computer players play many games against each other and count the wins";
const SIM_LONG: &str = "Let computer players play many games against each other and count the wins.

Game i gets a seed derived from --seed and i, and the players rotate seats from game to game \
(with two players they swap on odd games), each setup being played once from every seat, so \
every player has each deck and each seat equally often and neither the first-player advantage \
nor a stronger deck biases the result. Wins are credited to the players in the order of their \
--ai options, with a 95% confidence interval. The results do not depend on --threads; a progress \
bar with games/s and the time left is drawn on standard error when it is a terminal.";

const REPLAY_ABOUT: &str = "Step through a saved replay, or verify it and show how the game ended";
const REPLAY_LONG: &str = "Step through a saved replay, or verify it and show how the game ended.

The game is read from the file; `crossover replay GAME FILE` also takes the game's options \
(vs2pcg: --casual for a casual game's decks, --cards for the card files it was played with).

In a terminal (and without --to-end or --json) the replay opens in the full-screen client (for a \
game that has one): ← and → step backwards and forwards, Home and End go to the first and last \
action, PgUp and PgDn to the start and end of a turn, v shows another seat's view, q leaves. \
Otherwise it re-plays every recorded action under the current rules and checks the final state \
hash against the recorded one; any difference is an error (exit code 1). It prints each action, \
then the outcome, the number of turns and the final hash.";

const BENCH_ABOUT: &str = "Measure how fast a game's engine runs on this machine";
const BENCH_LONG: &str = "Measure how fast a game's engine runs on this machine, on one thread: \
random-vs-random games per second, actions per second, the cost of cloning a typical position \
and of listing its legal actions, and ISMCTS iterations per second (docs/PERFORMANCE.md).";

/// The longest argument accepted, in bytes (a path's longest on Linux): a longer one is
/// refused before it is parsed, so that no error echoes megabytes back.
pub const MAX_ARGUMENT_BYTES: usize = 4096;

/// Refuses an argument longer than [`MAX_ARGUMENT_BYTES`], naming its place and start.
pub fn check_argument_lengths(
    args: impl IntoIterator<Item = std::ffi::OsString>,
) -> Result<(), String> {
    for (i, arg) in args.into_iter().enumerate().skip(1) {
        let len = arg.len();
        if len > MAX_ARGUMENT_BYTES {
            let start: String = arg.to_string_lossy().chars().take(24).collect();
            return Err(format!(
                "argument {i} (\"{}…\") is {len} bytes long; the most accepted is {MAX_ARGUMENT_BYTES}",
                start.escape_default()
            ));
        }
    }
    Ok(())
}

/// The whole command line.
pub fn command() -> Command {
    Command::new("crossover")
        .version(env!("CARGO_PKG_VERSION"))
        .about("Play and simulate card games with the rules enforced")
        .long_about(
            "Play and simulate card games with the rules enforced.\n\n\
             Every game is recorded as a replay file that `crossover replay` can verify \
             and summarise.",
        )
        .after_help(games_help())
        .subcommand_required(true)
        .arg_required_else_help(true)
        .subcommand(play_command())
        .subcommand(per_game(
            Command::new("sim")
                .about(SIM_ABOUT)
                .long_about(SIM_LONG)
                .after_help(players_help()),
            SimArgs::augment_args,
            Some(players_help()),
        ))
        .subcommand(replay_command())
        .subcommand(
            Command::new("deck")
                .about("Work with deck lists: the prebuilt decks, and checking a deck file")
                .subcommand_required(true)
                .subcommand(per_game_catalogue(
                    Command::new("check").about(
                        "Check a deck list against the game's deck building rules (2PCG: p.28): \
                         prints every problem with its line, or \"legal\"; exits 1 if the deck \
                         is illegal (vs2pcg --casual: bans, exactly 60 cards, the copy limits, \
                         neutral locations and Loyalty are waived; docs/decks.md)",
                    ),
                    DeckCheckArgs::augment_args,
                ))
                .subcommand(per_game_catalogue(
                    Command::new("list").about("The prebuilt decks built into the binary"),
                    |c| c,
                )),
        )
        .subcommand(
            Command::new("cards")
                .about("List and show cards with their text, generated from the card definitions")
                .subcommand_required(true)
                .subcommand(per_game_catalogue(
                    Command::new("list").about("One line per card: number, name, type, cost and stats"),
                    CardsListArgs::augment_args,
                ))
                .subcommand(per_game_catalogue(
                    Command::new("show").about("A card's full text"),
                    CardsShowArgs::augment_args,
                ))
                .subcommand(per_game_catalogue(
                    Command::new("import").about(
                        "Import a card data file into our card format (ufs: an OCTGN set XML; vstcg: a \
                         CSV or JSON collection export; vs2pcg: an OCTGN set XML of the later sets): \
                         writes a card file with every card whose facts it can read, its \
                         abilities compiled from the printed text where the grammar reads \
                         them; prints the reasons the other cards were written with facts \
                         only (grouped, most common first, with counts), the cards refused, \
                         and how many were compiled whole",
                    ),
                    CardsImportArgs::augment_args,
                )),
        )
        .subcommand(
            Command::new("scenario")
                .about("Rules scenarios: a board, actions and expectations in a TOML file (docs/scenarios.md)")
                .subcommand_required(true)
                .subcommand(
                    Command::new("run")
                        .about(
                            "Run scenario files, or every *.toml under the given directories, of \
                             every game (each file names its game); prints each result and, for \
                             a failure, the step with its expected and actual value. Exits 1 if \
                             any scenario fails or can't be read",
                        )
                        .arg(
                            Arg::new("paths")
                                .help("Files or directories")
                                .value_name("PATH")
                                .required(true)
                                .num_args(1..)
                                .value_parser(clap::value_parser!(PathBuf)),
                        ),
                ),
        )
        .subcommand(per_game(
            Command::new("bench").about(BENCH_ABOUT).long_about(BENCH_LONG),
            BenchArgs::augment_args,
            None,
        ))
}

/// `play`: one subcommand per game, and without one the default game, whose options
/// `play` itself then takes.
fn play_command() -> Command {
    struct AddDefault(Option<Command>);
    impl GameVisitor for AddDefault {
        fn visit<G: CliGame>(&mut self) {
            if G::NAME == DEFAULT_GAME {
                let cmd = self.0.take().expect("one default game");
                let heading = format!("{} options (the game played when none is named)", G::NAME);
                self.0 = Some(G::Args::augment_args(cmd.next_help_heading(heading)));
            }
        }
    }
    let play = per_game(
        Command::new("play")
            .about(PLAY_ABOUT)
            .long_about(PLAY_LONG)
            .after_help(players_help()),
        PlayArgs::augment_args,
        Some(players_help()),
    )
    .subcommand_required(false)
    .args_conflicts_with_subcommands(true);
    let mut add = AddDefault(Some(PlayArgs::augment_args(play)));
    games::visit_games(&mut add);
    add.0
        .expect("the default game is registered")
        // After the options: a derived `Args` gives the command its own doc.
        .about(PLAY_ABOUT)
        .long_about(PLAY_LONG)
        .override_usage("crossover play [OPTIONS]\n       crossover play <GAME> [OPTIONS]")
}

/// `replay FILE` reads the game from the file; `replay GAME FILE` also takes the game's
/// options.
fn replay_command() -> Command {
    per_game(
        // After the options: a derived `Args` gives the command its own doc.
        ReplayArgs::augment_args(Command::new("replay"))
            .about(REPLAY_ABOUT)
            .long_about(REPLAY_LONG)
            .override_usage(
                "crossover replay <FILE> [OPTIONS]\n       crossover replay <GAME> <FILE> [OPTIONS]",
            ),
        ReplayArgs::augment_args,
        None,
    )
    .subcommand_required(false)
    // A replay file is not a game: an unknown first word is the FILE.
    .allow_external_subcommands(false)
    .subcommand_negates_reqs(true)
    .args_conflicts_with_subcommands(true)
}

/// `cmd` with one subcommand per game: `common` adds the command's own options, then
/// come the game's. An unknown game is let through (external subcommand) so that the
/// command can say which games exist.
fn per_game(cmd: Command, common: fn(Command) -> Command, after_help: Option<String>) -> Command {
    per_game_with(cmd, common, after_help, true)
}

/// `per_game` for a command that sets up no game (`cards`, `deck`): the game's
/// options other than its [`Platform::CARD_OPTIONS`] are still accepted but not shown.
fn per_game_catalogue(cmd: Command, common: fn(Command) -> Command) -> Command {
    per_game_with(cmd, common, None, false)
}

fn per_game_with(
    cmd: Command,
    common: fn(Command) -> Command,
    after_help: Option<String>,
    setup_options: bool,
) -> Command {
    struct Add {
        cmd: Option<Command>,
        common: fn(Command) -> Command,
        after_help: Option<String>,
        setup_options: bool,
    }
    impl GameVisitor for Add {
        fn visit<G: CliGame>(&mut self) {
            let mut game = (self.common)(Command::new(G::NAME));
            if let Some(text) = &self.after_help {
                game = game.after_help(text.clone());
            }
            let mut game =
                G::Args::augment_args(game.next_help_heading(format!("{} options", G::NAME)))
                    // After the options: a derived `Args` gives the command its own doc.
                    .about(G::ABOUT)
                    .long_about(None);
            if !self.setup_options {
                let own = G::Args::augment_args(Command::new("options"));
                for arg in own.get_arguments() {
                    let id = arg.get_id().as_str().to_string();
                    if !G::CARD_OPTIONS.contains(&id.as_str()) {
                        game = game.mut_arg(id, |a| a.hide(true));
                    }
                }
            }
            self.cmd = self.cmd.take().map(|c| c.subcommand(game));
        }
    }
    let cmd = cmd
        .subcommand_required(true)
        .subcommand_value_name("GAME")
        .subcommand_help_heading("Games")
        .disable_help_subcommand(true)
        .allow_external_subcommands(true);
    let mut add = Add {
        cmd: Some(cmd),
        common,
        after_help,
        setup_options,
    };
    games::visit_games(&mut add);
    add.cmd.expect("built")
}

/// The games, for `crossover --help`.
fn games_help() -> String {
    let mut text = String::from("Games (GAME in `crossover COMMAND GAME --help`):\n");
    for (name, about) in games::games() {
        text += &format!("  {name:<8} {about}\n");
    }
    text += &format!("`crossover play` without a game plays {DEFAULT_GAME}.");
    text
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

/// `bench --seconds`: a finite number within the bounds `bench` accepts.
fn bench_seconds(s: &str) -> Result<f64, String> {
    use crate::bench::{MAX_SECONDS, MIN_SECONDS};
    match s.parse::<f64>() {
        Ok(v) if (MIN_SECONDS..=MAX_SECONDS).contains(&v) => Ok(v),
        _ => Err(format!(
            "must be a number of seconds from {MIN_SECONDS} to {MAX_SECONDS}"
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_command_line_is_well_formed() {
        command().debug_assert();
    }

    #[test]
    fn help_lists_every_game_with_its_description() {
        let help = command().render_long_help().to_string();
        for (name, about) in games::games() {
            assert!(
                help.contains(name) && help.contains(about),
                "{name}: {help}"
            );
        }
        let mut cmd = command();
        let sim = cmd.find_subcommand_mut("sim").unwrap();
        let help = sim.render_help().to_string();
        assert!(help.contains("Games:"), "{help}");
        for (name, about) in games::games() {
            assert!(
                help.contains(name) && help.contains(about),
                "{name}: {help}"
            );
        }
    }
}
