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
    /// `None` at the end of the input. At most [`MAX_LINE_BYTES`] of a line are kept
    /// (the rest is read and dropped, so a line of gigabytes can't fill the memory), and
    /// bytes that are not UTF-8 become U+FFFD: an answer is a number or `q`, so such a
    /// line is just not one of the options.
    pub fn ask(&mut self, prompt: &str) -> Result<Option<String>, CliError> {
        write!(self.output, "{prompt}")
            .and_then(|()| self.output.flush())
            .map_err(|e| CliError::io("cannot write output", e))?;
        let mut bytes = Vec::new();
        let mut read_any = false;
        loop {
            let buf = self
                .input
                .fill_buf()
                .map_err(|e| CliError::io("cannot read input", e))?;
            if buf.is_empty() {
                break;
            }
            read_any = true;
            let (len, end_of_line) = match buf.iter().position(|&b| b == b'\n') {
                Some(i) => (i + 1, true),
                None => (buf.len(), false),
            };
            let room = MAX_LINE_BYTES.saturating_sub(bytes.len());
            bytes.extend_from_slice(&buf[..len.min(room)]);
            self.input.consume(len);
            if end_of_line {
                break;
            }
        }
        if !read_any {
            return Ok(None);
        }
        let mut line = String::from_utf8_lossy(&bytes).into_owned();
        let trimmed = line.trim_end_matches(['\n', '\r']).len();
        line.truncate(trimmed);
        Ok(Some(line))
    }
}

/// The most bytes of one input line that [`Console::ask`] keeps.
pub const MAX_LINE_BYTES: usize = 1024;

/// Print a line on standard output; false once it is closed (`| head`), which is not an
/// error for a listing.
pub fn emit(line: &str) -> bool {
    writeln!(std::io::stdout().lock(), "{line}").is_ok()
}
