//! The `crossover` binary: parses the command line (`crossover::command_line`) and
//! runs the command (`crossover::commands`); the games are listed in
//! `crossover::games`.

use std::process::ExitCode;

fn main() -> ExitCode {
    if let Err(e) = crossover::command_line::check_argument_lengths(std::env::args_os()) {
        eprintln!("crossover: error: {e}");
        return ExitCode::from(2);
    }
    let matches = crossover::command_line::command().get_matches();
    match crossover::commands::run(&matches) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("crossover: error: {e}");
            ExitCode::from(e.exit_code())
        }
    }
}
