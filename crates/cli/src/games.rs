//! The games this binary offers: [`visit_games`] is the one list. A game is offered
//! by implementing [`crossover_platform::Platform`] in its own crate and [`CliGame`]
//! here (in `games/<game>.rs`, the only files of this crate that name a game crate).

pub mod mc;
pub mod toy;
pub mod ufs;
pub mod vs2pcg;
pub mod vstcg;

use crate::play::PlayOptions;
use crate::CliError;
use crossover_kernel::Game;
use crossover_platform::Platform;
use crossover_tui::ClientGame;

/// The games, in the order `--help` lists them: one line per game.
pub fn visit_games(v: &mut impl GameVisitor) {
    v.visit::<vs2pcg::Vs2pcg>();
    v.visit::<mc::Mc>();
    v.visit::<toy::Toy>();
    v.visit::<ufs::Ufs>();
    v.visit::<vstcg::VsTcg>();
}

/// The game `crossover play` starts when none is named.
pub const DEFAULT_GAME: &str = <vs2pcg::Vs2pcg as Game>::NAME;

/// What the binary needs beyond [`Platform`]: the full-screen client
/// ([`ClientGame`]: how the game's board is laid out). Every method has a default: the
/// client in a terminal, the numbered line mode otherwise.
pub trait CliGame: Platform + ClientGame {
    /// Play in the full-screen client if we are in a terminal; `None` means: use the
    /// numbered line mode [default: the setup the options describe, in the client].
    fn play_full_screen(request: &PlayRequest<'_, Self>) -> Option<Result<(), CliError>> {
        if !crate::full_screen::is_interactive() {
            return None;
        }
        Some(play_the_options::<Self>(request))
    }

    /// Step through a replay (its text, already verified) in the full-screen client
    /// if we are in a terminal; `None` means: print it.
    fn replay_full_screen(json: &str) -> Option<Result<(), CliError>> {
        crate::full_screen::is_interactive().then(|| crate::full_screen::replay::<Self>(json))
    }
}

/// Play the setup the options (or `--setup`) describe in the full-screen client.
pub fn play_the_options<G: CliGame>(request: &PlayRequest<'_, G>) -> Result<(), CliError> {
    let opts = request.opts;
    G::setup(request.args, request.from_file.cloned(), opts.human_seat)
        .and_then(|setup| crate::full_screen::play::<G>(&setup, opts))
}

/// What `crossover play GAME` was asked for.
pub struct PlayRequest<'a, G: Platform> {
    /// The game's own options.
    pub args: &'a G::Args,
    /// The setup read from `--setup`, already checked.
    pub from_file: Option<&'a G::Setup>,
    /// `--ai`, if given.
    pub ai: Option<&'a str>,
    pub opts: &'a PlayOptions,
}

/// Something done for each game in [`visit_games`] (building the command line), or
/// for the one game named ([`with_game`]).
pub trait GameVisitor {
    fn visit<G: CliGame>(&mut self);
}

/// A command's work for one concrete game, so each command is written once.
pub trait GameTask {
    fn run<G: CliGame>(self) -> Result<(), CliError>;
}

/// Run `task` for the game called `name`, or say which games exist.
pub fn with_game(name: &str, task: impl GameTask) -> Result<(), CliError> {
    struct Find<'a, T> {
        name: &'a str,
        task: Option<T>,
        result: Option<Result<(), CliError>>,
    }
    impl<T: GameTask> GameVisitor for Find<'_, T> {
        fn visit<G: CliGame>(&mut self) {
            if G::NAME == self.name {
                if let Some(task) = self.task.take() {
                    self.result = Some(task.run::<G>());
                }
            }
        }
    }
    let mut find = Find {
        name,
        task: Some(task),
        result: None,
    };
    visit_games(&mut find);
    find.result.unwrap_or_else(|| Err(unknown_game(name)))
}

/// Every game's name and one-line description, in registry order.
pub fn games() -> Vec<(&'static str, &'static str)> {
    struct List(Vec<(&'static str, &'static str)>);
    impl GameVisitor for List {
        fn visit<G: CliGame>(&mut self) {
            self.0.push((G::NAME, G::ABOUT));
        }
    }
    let mut list = List(Vec::new());
    visit_games(&mut list);
    list.0
}

/// The usage error for a game that isn't offered: the games there are, and the
/// closest one if the name looks misspelt.
pub fn unknown_game(name: &str) -> CliError {
    let names: Vec<&str> = games().into_iter().map(|(n, _)| n).collect();
    let closest = names
        .iter()
        .map(|n| (strsim::jaro_winkler(&name.to_lowercase(), n), *n))
        .filter(|(score, _)| *score > 0.7)
        .max_by(|a, b| a.0.total_cmp(&b.0));
    CliError::Usage(format!(
        "unknown game '{name}'{} (the games: {})",
        closest.map_or(String::new(), |(_, n)| format!("; did you mean '{n}'?")),
        names.join(", ")
    ))
}

/// `crossover scenario run PATH...`: the scenarios of every game; each file's `game`
/// key picks the game's runner.
pub fn run_scenarios(paths: &[std::path::PathBuf]) -> Result<(), CliError> {
    struct Runners(Vec<&'static dyn crossover_scenario::Runner>);
    impl GameVisitor for Runners {
        fn visit<G: CliGame>(&mut self) {
            self.0.extend(G::scenarios());
        }
    }
    let mut runners = Runners(Vec::new());
    visit_games(&mut runners);
    let color = crossover_diag::color_for_stdout();
    let summary =
        crossover_scenario::run_paths(paths, &runners.0, &mut std::io::stdout().lock(), color)
            .map_err(|e| CliError::io("writing the scenario results", e))?;
    if summary.files() == 0 {
        return Err(CliError::Failed("no scenario files (*.toml) found".into()));
    }
    if summary.failed > 0 {
        Err(CliError::Failed(format!(
            "{} scenario(s) failed",
            summary.failed
        )))
    } else {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_unknown_game_names_the_games_and_the_closest() {
        let e = unknown_game("vs2pgc").to_string();
        assert!(e.contains("did you mean 'vs2pcg'?"), "{e}");
        assert!(e.contains("vs2pcg, mc, toy, ufs, vstcg"), "{e}");
        let e = unknown_game("chess");
        assert_eq!(e.exit_code(), 2);
        assert!(!e.to_string().contains("did you mean"), "{e}");
    }

    #[test]
    fn every_game_is_listed_once_with_a_description() {
        let list = games();
        assert!(list.iter().any(|(n, _)| *n == DEFAULT_GAME));
        for (i, (name, about)) in list.iter().enumerate() {
            assert!(!about.is_empty() && !about.contains('\n'), "{name}");
            assert!(!list[..i].iter().any(|(n, _)| n == name), "{name} twice");
        }
    }

    /// Issue 12: no file of this crate outside `src/games/` (a game's own module)
    /// imports a game crate, so adding a game touches only the registry and its
    /// module.
    #[test]
    fn only_the_games_modules_name_a_game_crate() {
        // Spelt in pieces, so that this file does not name them itself.
        const GAME_CRATES: &[&str] = &["vs2pcg", "mc", "toy", "ufs", "vstcg"];
        let src = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
        let mut offenders = Vec::new();
        let mut dirs = vec![src.clone()];
        while let Some(dir) = dirs.pop() {
            for entry in std::fs::read_dir(&dir).unwrap().flatten() {
                let path = entry.path();
                let rel = path
                    .strip_prefix(&src)
                    .unwrap()
                    .to_string_lossy()
                    .replace('\\', "/");
                if path.is_dir() {
                    if rel != "games" {
                        dirs.push(path);
                    }
                    continue;
                }
                let text = std::fs::read_to_string(&path).unwrap();
                for game_crate in GAME_CRATES
                    .iter()
                    .flat_map(|g| [format!("crossover_{g}"), format!("crossover-{g}")])
                {
                    if text.contains(&game_crate) {
                        offenders.push(format!("{rel} mentions {game_crate}"));
                    }
                }
            }
        }
        assert!(offenders.is_empty(), "{offenders:#?}");
    }
}
