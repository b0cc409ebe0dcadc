//! Line-mode terminal I/O for interactive play, over any reader and writer so tests
//! can script it.

use crate::CliError;
use std::io::{BufRead, Write};

pub struct Console<'a> {
    input: &'a mut dyn BufRead,
    output: &'a mut dyn Write,
}

impl<'a> Console<'a> {
    pub fn new(input: &'a mut dyn BufRead, output: &'a mut dyn Write) -> Self {
        Console { input, output }
    }

    /// Print `text` and a newline.
    pub fn say(&mut self, text: &str) -> Result<(), CliError> {
        writeln!(self.output, "{text}").map_err(|e| CliError::io("cannot write output", e))
    }

    /// Print `prompt` (no newline) and read one line, without its line ending.
    /// `None` at the end of the input.
    pub fn ask(&mut self, prompt: &str) -> Result<Option<String>, CliError> {
        write!(self.output, "{prompt}")
            .and_then(|()| self.output.flush())
            .map_err(|e| CliError::io("cannot write output", e))?;
        let mut line = String::new();
        let read = self
            .input
            .read_line(&mut line)
            .map_err(|e| CliError::io("cannot read input", e))?;
        if read == 0 {
            return Ok(None);
        }
        let trimmed = line.trim_end_matches(['\n', '\r']).len();
        line.truncate(trimmed);
        Ok(Some(line))
    }
}

/// Print a line on standard output; false once it is closed (`| head`), which is not an
/// error for a listing.
pub fn emit(line: &str) -> bool {
    writeln!(std::io::stdout().lock(), "{line}").is_ok()
}
