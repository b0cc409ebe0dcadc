//! The `crossover` binary: parses the command line (`crossover::command_line`) and
//! runs the command (`crossover::commands`); the games are listed in
//! `crossover::games`.

use std::process::ExitCode;

fn main() -> ExitCode {
    let matches = crossover::command_line::command().get_matches();
    match crossover::commands::run(&matches) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("crossover: error: {e}");
            ExitCode::from(e.exit_code())
        }
    }
}
