use std::fmt;

/// Why a subcommand failed; decides the exit code.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CliError {
    /// The command line asked for something impossible (unknown game, bad player
    /// spec, seat out of range). Exit code 2, like clap's own usage errors.
    Usage(String),
    /// The command ran and failed (I/O, a bad replay, a game error). Exit code 1.
    Failed(String),
}

impl CliError {
    pub fn exit_code(&self) -> u8 {
        match self {
            CliError::Usage(_) => 2,
            CliError::Failed(_) => 1,
        }
    }

    /// An I/O error, with what was being done when it happened.
    pub fn io(context: impl fmt::Display, error: std::io::Error) -> Self {
        CliError::Failed(format!("{context}: {error}"))
    }
}

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CliError::Usage(m) | CliError::Failed(m) => f.write_str(m),
        }
    }
}

impl std::error::Error for CliError {}
