//! How the `crossover` binary offers the toy game ([`Platform`]): the smallest
//! implementation, with two setup options and nothing else (no cards, no decks; the
//! bench measures random games and positions of the standard setup).

use crate::{Toy, ToySetup};
use crossover_kernel::Seat;
use crossover_platform::{Error, Platform};

/// The most counters in the pile and the longest turn limit the options take.
pub const MAX_PILE: u32 = 1_000_000;
pub const MAX_TURNS: u32 = 1_000_000;

/// The toy game's setup options, given after `toy` on the command line.
#[derive(clap::Args, Debug, Clone)]
pub struct ToyArgs {
    /// Counters in the pile at the start (1 to 1000000).
    #[arg(long, value_name = "N", default_value_t = ToySetup::default().pile,
          value_parser = clap::value_parser!(u32).range(1..=MAX_PILE as i64))]
    pub pile: u32,
    /// The game ends after this many turns even if counters are left; the higher
    /// secret number then wins (1 to 1000000).
    #[arg(long, value_name = "N", default_value_t = ToySetup::default().max_turns,
          value_parser = clap::value_parser!(u32).range(1..=MAX_TURNS as i64))]
    pub max_turns: u32,
}

impl Platform for Toy {
    const ABOUT: &'static str =
        "the toy game: two-seat Nim with a secret (the smallest example game)";
    type Args = ToyArgs;

    fn setup(args: &ToyArgs, from_file: Option<ToySetup>, _seat: Seat) -> Result<ToySetup, Error> {
        Ok(from_file.unwrap_or(ToySetup {
            pile: args.pile,
            max_turns: args.max_turns,
        }))
    }

    fn check_setup(setup: &ToySetup, _args: &ToyArgs) -> Result<(), Error> {
        // A pile of four billion counters is a game of a billion turns.
        if setup.pile > MAX_PILE || setup.max_turns > MAX_TURNS {
            return Err(Error::Failed(format!(
                "the pile and the turn limit are at most {MAX_PILE} and {MAX_TURNS}"
            )));
        }
        Ok(())
    }

    fn scenarios() -> Option<&'static dyn crossover_scenario::Runner> {
        Some(crossover_scenario::runner::<crate::scenario::ToyScenarios>())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;
    use crossover_kernel::Game;

    #[derive(Parser)]
    struct Cli {
        #[command(flatten)]
        args: ToyArgs,
    }

    #[test]
    fn the_options_make_the_setup_and_a_setup_file_wins() {
        let args = Cli::parse_from(["toy", "--pile", "20"]).args;
        let setup = Toy::setup(&args, None, 0).unwrap();
        assert_eq!(setup.pile, 20);
        assert_eq!(setup.max_turns, ToySetup::default().max_turns);
        let file = ToySetup {
            pile: 3,
            max_turns: 1,
        };
        assert_eq!(Toy::setup(&args, Some(file.clone()), 0).unwrap(), file);
        assert!(Cli::try_parse_from(["toy", "--pile", "0"]).is_err());
    }

    #[test]
    fn the_toy_has_no_cards_or_decks_and_benches_its_own_positions() {
        let args = crossover_platform::default_args::<Toy>().unwrap();
        let e = Toy::card_lines(&args, None).unwrap_err().to_string();
        assert_eq!(e, "toy has no cards");
        assert_eq!(
            Toy::decks(&args).unwrap_err().to_string(),
            "toy has no decks"
        );
        let w = Toy::workloads(&args).unwrap();
        assert!(!w.positions.is_empty());
        assert!(w.positions.iter().all(|g| g.legal_actions().len() > 1));
    }
}
