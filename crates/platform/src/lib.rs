//! What a game crate implements to be offered by the `crossover` binary.
//!
//! The kernel's [`Game`] and [`Presentation`] are the rules and what each seat sees;
//! [`Platform`] is the rest the command line needs: the game's own setup options, its
//! prebuilt decks, deck checking, card listing and bench workloads. The binary lists
//! the games in one place (`crates/cli/src/games.rs`); every command (`play`, `sim`,
//! `replay`, `bench`, `cards`, `deck`) is written once over this trait.
//!
//! # Adding a game (the checklist)
//!
//! 1. Implement [`Game`] and [`Presentation`] (the kernel's docs; `crates/toy` is the
//!    smallest worked example).
//! 2. Write the game's setup options as a `#[derive(clap::Args)]` struct: they follow
//!    the game on the command line (`crossover play toy --pile 20`), so their names
//!    must not clash with the commands' own options (`--seat`, `--ai`, `--seed`,
//!    `--save`, `--hot-seat`, `--setup`, `--games`, `--threads`, `--json`, ...).
//! 3. Implement [`Platform`] in the game crate's `platform.rs`: [`Platform::ABOUT`],
//!    [`Platform::Args`] and [`Platform::setup`] are required; the rest have defaults
//!    for a game without cards or decks, and [`Platform::workloads`] for `bench`.
//! 4. Add one line to the binary's registry (`crates/cli/src/games.rs`) and, only if
//!    it needs the terminal client, a module `crates/cli/src/games/<game>.rs`.

mod bench;
mod error;
mod files;

pub use bench::{random_game, SpeedTargets, Workloads};
pub use error::Error;
pub use files::read_text;

#[cfg(doc)]
use crossover_kernel::Game;
use crossover_kernel::{Presentation, Seat};
use std::path::Path;

/// A prebuilt deck, as `crossover deck list GAME` shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DeckInfo {
    /// What `--deck` takes to use it.
    pub name: String,
    /// One line about it (for 2PCG: its main character).
    pub description: String,
}

/// The result of checking a deck file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DeckCheck {
    /// Every problem, each starting `file:line:`; none means the deck is legal.
    pub problems: Vec<String>,
    /// The verdict printed last: what the deck is legal for, or how many problems
    /// make it illegal for what.
    pub verdict: String,
}

/// What `crossover cards import` did with a card data file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ImportReport {
    /// The card file written.
    pub written: std::path::PathBuf,
    /// One line: how many cards were taken whole, in part, and refused.
    pub summary: String,
    /// Why cards were not taken whole: a reason per line (grouped, with how many
    /// cards it concerns, when a game's importer groups them).
    pub details: Vec<String>,
}

/// A game as the `crossover` binary offers it. The identifier on the command line and
/// in replay files is [`Game::NAME`].
pub trait Platform: Presentation<Setup: Send + Sync> {
    /// One line for `--help` and for the list of games.
    const ABOUT: &'static str;

    /// The game's own setup options, given after the game on the command line. They
    /// must all be optional: `crossover play` without options plays the standard
    /// game, and `crossover replay FILE` uses the defaults.
    type Args: clap::Args + Send + Sync;

    /// The ids of [`Platform::Args`] that mean something to the `cards` and `deck`
    /// commands (2PCG: `cards`, a directory of card files); `--help` there hides the
    /// others, which only set up a game [default: none].
    const CARD_OPTIONS: &'static [&'static str] = &[];

    /// The setup for `play` with the person in `seat`: the one read from `--setup`
    /// (`from_file`, already checked by [`Platform::check_setup`]) or the one the
    /// options describe. Options that contradict a setup file are a usage error.
    fn setup(
        args: &Self::Args,
        from_file: Option<Self::Setup>,
        seat: Seat,
    ) -> Result<Self::Setup, Error>;

    /// The setups `sim` cycles through, each played from every seat [default: the one
    /// [`Platform::setup`] makes].
    fn sim_setups(
        args: &Self::Args,
        from_file: Option<Self::Setup>,
    ) -> Result<Vec<Self::Setup>, Error> {
        Ok(vec![Self::setup(args, from_file, 0)?])
    }

    /// The groups a setup's games are counted in by `sim`'s breakdown (Marvel
    /// Champions: "hero: Spider-Man", "villain: Rhino") [default: none].
    fn setup_labels(_setup: &Self::Setup) -> Vec<String> {
        Vec::new()
    }

    /// Load what the options name before any setup or replay file is read (2PCG: the
    /// card pool of `--cards`, so that files naming it by fingerprint can be read, and
    /// so that bad card files are reported first) [default: nothing].
    fn prepare(_args: &Self::Args) -> Result<(), Error> {
        Ok(())
    }

    /// Check a setup read from a file (`--setup`, or a replay's) before it is played,
    /// with the options given (2PCG: `--casual` waives the tournament deck rules);
    /// files come from anyone, so limit what could exhaust memory or flood the screen.
    fn check_setup(_setup: &Self::Setup, _args: &Self::Args) -> Result<(), Error> {
        Ok(())
    }

    /// The prebuilt decks `crossover deck list` shows [default: the game has no
    /// decks].
    fn decks(_args: &Self::Args) -> Result<Vec<DeckInfo>, Error> {
        Err(Error::Failed(format!("{} has no decks", Self::NAME)))
    }

    /// Check a deck file against the deck building rules [default: the game has no
    /// decks].
    fn check_deck(_args: &Self::Args, _file: &Path) -> Result<DeckCheck, Error> {
        Err(Error::Failed(format!("{} has no decks", Self::NAME)))
    }

    /// One line per card (number, name, type, ...), only those of `set` if given (what
    /// a set is, is the game's to say) [default: the game has no cards].
    fn card_lines(_args: &Self::Args, _set: Option<&str>) -> Result<Vec<String>, Error> {
        Err(Error::Failed(format!("{} has no cards", Self::NAME)))
    }

    /// A card's full text, generated from its definition, by number or name.
    fn card_text(_args: &Self::Args, _card: &str) -> Result<String, Error> {
        Err(Error::Failed(format!("{} has no cards", Self::NAME)))
    }

    /// Import another card database's file (UFS: an OCTGN set XML) into our card
    /// format, writing `out` (refusing to replace an existing file unless `force`)
    /// [default: the game has no importer].
    fn import_cards(
        _args: &Self::Args,
        _file: &Path,
        _out: Option<&Path>,
        _force: bool,
    ) -> Result<ImportReport, Error> {
        Err(Error::Failed(format!(
            "{} has no card importer",
            Self::NAME
        )))
    }

    /// What `crossover bench` measures [default: random games of [`Platform::setup`]
    /// and the positions after a few random moves of them, without speed targets].
    fn workloads(args: &Self::Args) -> Result<Workloads<Self>, Error> {
        let setup = Self::setup(args, None, 0)?;
        Workloads::from_random_play(vec![setup], 16, 10)
    }

    /// How `crossover scenario run` runs this game's scenario files (those whose `game`
    /// key is [`Game::NAME`]): `crossover_scenario::runner::<MyScenarios>()` for the
    /// game's `ScenarioGame` [default: the game has no scenarios].
    fn scenarios() -> Option<&'static dyn crossover_scenario::Runner> {
        None
    }
}

/// A game's options with every option left out, as `crossover replay FILE` uses them.
pub fn default_args<G: Platform>() -> Result<G::Args, Error> {
    use clap::{Args, FromArgMatches};
    let cmd = G::Args::augment_args(clap::Command::new(G::NAME).no_binary_name(true));
    let matches = cmd
        .try_get_matches_from(std::iter::empty::<&str>())
        .map_err(|e| Error::Usage(format!("{}: {e}", G::NAME)))?;
    G::Args::from_arg_matches(&matches).map_err(|e| Error::Usage(format!("{}: {e}", G::NAME)))
}
