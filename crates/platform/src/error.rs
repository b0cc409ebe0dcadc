use std::fmt;

/// Why a command failed; decides the exit code.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Error {
    /// The command line asked for something impossible (unknown game, bad player
    /// spec, seat out of range, options that contradict each other). Exit code 2, like
    /// clap's own usage errors.
    Usage(String),
    /// The command ran and failed (I/O, a bad file, an illegal deck, a game error).
    /// Exit code 1.
    Failed(String),
}

impl Error {
    pub fn exit_code(&self) -> u8 {
        match self {
            Error::Usage(_) => 2,
            Error::Failed(_) => 1,
        }
    }

    /// An I/O error, with what was being done when it happened.
    pub fn io(context: impl fmt::Display, error: std::io::Error) -> Self {
        Error::Failed(format!("{context}: {error}"))
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Usage(m) | Error::Failed(m) => f.write_str(m),
        }
    }
}

impl std::error::Error for Error {}
