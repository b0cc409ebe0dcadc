//! Diagnostics: one type for every problem found in a file a person wrote — card files,
//! deck lists, scenarios, setups. A diagnostic has a place (a byte span of the file's
//! text, or a line and column), a message, an optional hint ("did you mean `Captain
//! America`?", "add --casual") and notes. [`Diagnostic::render`] shows it with the
//! offending line and a caret under the place (drawn by `codespan-reporting`); its first
//! line is always `file:line:col: message`, so tools and people grepping for `file:line`
//! keep working.

use codespan_reporting::diagnostic as cs;
use codespan_reporting::files::SimpleFile;
use codespan_reporting::term::{self, termcolor};
use std::fmt;
use std::ops::Range;
use std::sync::Arc;

/// A problem in a file, with where it is and what to do about it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Diagnostic {
    /// The file as the person named it.
    pub file: String,
    /// From 1; 0 when the problem is the whole file (it can't be read).
    pub line: usize,
    /// From 1 (in characters); 0 when only the line is known.
    pub col: usize,
    /// The bytes of `source` the problem is about.
    pub span: Option<Range<usize>>,
    /// The file's text, when at hand: the offending line is then shown.
    pub source: Option<Arc<str>>,
    pub message: String,
    /// What to do: "did you mean `Iceman`?".
    pub hint: Option<String>,
    /// Anything else worth knowing, one sentence each.
    pub notes: Vec<String>,
}

impl Diagnostic {
    /// A problem with a whole file (unreadable, too large).
    pub fn file(file: impl Into<String>, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            file: file.into(),
            line: 0,
            col: 0,
            span: None,
            source: None,
            message: message.into(),
            hint: None,
            notes: Vec::new(),
        }
    }

    /// A problem at a line (from 1), column unknown.
    pub fn at_line(file: impl Into<String>, line: usize, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            line,
            ..Diagnostic::file(file, message)
        }
    }

    /// A problem at a line and column (both from 1).
    pub fn at_line_col(
        file: impl Into<String>,
        line: usize,
        col: usize,
        message: impl Into<String>,
    ) -> Diagnostic {
        Diagnostic {
            line,
            col,
            ..Diagnostic::file(file, message)
        }
    }

    /// A problem at a byte span of `source`; the line and column are worked out (a span
    /// past the end, or inside a character, is moved to the nearest place that exists).
    pub fn at_span(
        file: impl Into<String>,
        source: impl Into<Arc<str>>,
        span: Range<usize>,
        message: impl Into<String>,
    ) -> Diagnostic {
        let source: Arc<str> = source.into();
        let span = clamp_span(&source, span);
        let (line, col) = line_col(&source, span.start);
        Diagnostic {
            line,
            col,
            span: Some(span),
            source: Some(source),
            ..Diagnostic::file(file, message)
        }
    }

    /// Attach the file's text, to show the offending line. With only a line known, the
    /// whole line's text is underlined (and the first line still says `file:line`: no
    /// column is made up).
    pub fn with_source(mut self, source: impl Into<Arc<str>>) -> Diagnostic {
        let source: Arc<str> = source.into();
        match &self.span {
            Some(span) => self.span = Some(clamp_span(&source, span.clone())),
            None if self.line > 0 => self.span = line_span(&source, self.line, self.col),
            None => {}
        }
        self.source = Some(source);
        self
    }

    pub fn with_hint(mut self, hint: impl Into<String>) -> Diagnostic {
        self.hint = Some(hint.into());
        self
    }

    /// The hint "did you mean `X`?" when `word` is close to one of `candidates`.
    pub fn with_did_you_mean<'a>(
        self,
        word: &str,
        candidates: impl IntoIterator<Item = &'a str>,
    ) -> Diagnostic {
        match did_you_mean(word, candidates) {
            Some(best) => self.with_hint(format!("did you mean `{best}`?")),
            None => self,
        }
    }

    pub fn with_note(mut self, note: impl Into<String>) -> Diagnostic {
        self.notes.push(note.into());
        self
    }

    /// `file:line:col`, `file:line` or `file`, as much as is known.
    pub fn location(&self) -> String {
        match (self.line, self.col) {
            (0, _) => self.file.clone(),
            (l, 0) => format!("{}:{l}", self.file),
            (l, c) => format!("{}:{l}:{c}", self.file),
        }
    }

    /// The diagnostic for a person: `file:line:col: message`, then (when the file's text
    /// is at hand) the offending line with a caret, then the hint and notes. `color`
    /// adds ANSI colours; see [`use_color`].
    pub fn render(&self, color: bool) -> String {
        let mut out = format!("{}: {}\n", self.location(), self.message);
        let snippet = match (&self.source, &self.span) {
            (Some(source), Some(span)) if !source.is_empty() => {
                self.snippet(source, span.clone(), color)
            }
            _ => None,
        };
        match snippet {
            Some(s) => out.push_str(&s),
            None => {
                for (kind, text) in self.tail() {
                    out.push_str(&format!("  = {kind}: {text}\n"));
                }
            }
        }
        out
    }

    /// The hint and the notes, as `(kind, text)`.
    fn tail(&self) -> impl Iterator<Item = (&'static str, &str)> {
        self.hint
            .iter()
            .map(|h| ("help", h.as_str()))
            .chain(self.notes.iter().map(|n| ("note", n.as_str())))
    }

    /// The offending line drawn by codespan-reporting, without its header line (ours
    /// replaces it, keeping `file:line:col: message` first).
    fn snippet(&self, source: &str, span: Range<usize>, color: bool) -> Option<String> {
        let (shown, shown_span) = excerpt(source, span.clone());
        // codespan's `┌─ file:line:col` counts columns in the window: put back the
        // column in the file.
        let columns = shown.as_deref().map(|shown| {
            let (line, window_col) = line_col(shown, shown_span.start);
            let (_, col) = line_col(source, span.start);
            let f = &self.file;
            (
                format!("{f}:{line}:{window_col}"),
                format!("{f}:{line}:{col}"),
            )
        });
        let span = shown_span;
        let source = shown.as_deref().unwrap_or(source);
        let file = SimpleFile::new(self.file.as_str(), source);
        let notes = self.tail().map(|(k, t)| format!("{k}: {t}")).collect();
        let diagnostic = cs::Diagnostic::error()
            .with_labels(vec![cs::Label::primary((), span)])
            .with_notes(notes);
        let config = term::Config::default();
        let bytes = if color {
            let mut w = termcolor::Ansi::new(Vec::new());
            term::emit(&mut w, &config, &file, &diagnostic).ok()?;
            w.into_inner()
        } else {
            let mut w = termcolor::NoColor::new(Vec::new());
            term::emit(&mut w, &config, &file, &diagnostic).ok()?;
            w.into_inner()
        };
        let text = String::from_utf8(bytes).ok()?;
        // The header is one line: the message given to codespan is empty.
        let (_, rest) = text.split_once('\n')?;
        Some(match columns {
            Some((window, file)) => rest.replacen(&window, &file, 1),
            None => rest.to_string(),
        })
    }
}

impl fmt::Display for Diagnostic {
    /// One line, `file:line:col: message` (hint and notes left out; see
    /// [`Diagnostic::render`]).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.location(), self.message)
    }
}

impl std::error::Error for Diagnostic {}

/// Whether to colour output to a stream: only a terminal, and never when `NO_COLOR` is
/// set to anything (<https://no-color.org>).
pub fn use_color(stream_is_terminal: bool) -> bool {
    stream_is_terminal && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
}

/// [`use_color`] for standard error, where diagnostics are printed.
pub fn color_for_stderr() -> bool {
    use std::io::IsTerminal;
    use_color(std::io::stderr().is_terminal())
}

/// [`use_color`] for standard output.
pub fn color_for_stdout() -> bool {
    use std::io::IsTerminal;
    use_color(std::io::stdout().is_terminal())
}

/// The candidate closest to `word` if it is close enough to be what was meant (compared
/// without case; a candidate equal but for case is always close enough).
pub fn did_you_mean<'a>(
    word: &str,
    candidates: impl IntoIterator<Item = &'a str>,
) -> Option<&'a str> {
    let word = word.to_lowercase();
    let mut best: Option<(f64, &'a str)> = None;
    for c in candidates {
        let score = strsim::normalized_damerau_levenshtein(&word, &c.to_lowercase());
        if best.is_none_or(|(b, _)| score > b) {
            best = Some((score, c));
        }
    }
    // 0.7: one wrong letter in three is a typo; more is another word.
    best.filter(|&(score, _)| score >= 0.7).map(|(_, c)| c)
}

/// The most bytes of the offending line shown whole; of a longer line (minified JSON, a
/// file of one line) only [`WINDOW_BYTES`] around the place are shown.
const MAX_SHOWN_LINE_BYTES: usize = 240;
/// How much of a long line is shown, starting a third of it before the place.
const WINDOW_BYTES: usize = 120;
/// The most lines a span is drawn over; a longer one is drawn on its first line only.
const MAX_SPAN_LINES: usize = 12;

/// What codespan is given to draw: `None` (the source as it is, for a short line), or
/// a stand-in text that keeps the line number (empty lines before it) and holds only a
/// window of the long line, marked with `…` where it is cut; with the span moved onto
/// it. A span over many lines is cut to its first line. So a file of one 4 MB line, or
/// a span over a whole file, prints a few lines, not megabytes.
fn excerpt(source: &str, span: Range<usize>) -> (Option<String>, Range<usize>) {
    let line_start = source[..span.start].rfind('\n').map_or(0, |i| i + 1);
    let line_end = source[span.start..]
        .find('\n')
        .map_or(source.len(), |i| span.start + i);
    let lines = source[span.start..span.end].matches('\n').count() + 1;
    let span = if lines > MAX_SPAN_LINES {
        span.start..line_end.max(span.start)
    } else {
        span
    };
    if line_end - line_start <= MAX_SHOWN_LINE_BYTES {
        return (None, span);
    }
    let from = floor_boundary(
        source,
        span.start.saturating_sub(WINDOW_BYTES / 3).max(line_start),
    );
    let to = ceil_boundary(source, (from + WINDOW_BYTES).min(line_end));
    let line = source[..line_start].matches('\n').count();
    let mut shown = "\n".repeat(line);
    if from > line_start {
        shown.push('…');
    }
    let at = shown.len();
    shown.push_str(&source[from..to]);
    if to < line_end {
        shown.push('…');
    }
    let start = at + (span.start - from);
    let end = at + (span.end.min(to).max(span.start) - from);
    (Some(shown), start..end)
}

/// The largest char boundary `<= i` (clamped to the text).
fn floor_boundary(s: &str, i: usize) -> usize {
    let mut i = i.min(s.len());
    while !s.is_char_boundary(i) {
        i -= 1;
    }
    i
}

/// The smallest char boundary `>= i` (clamped to the text).
fn ceil_boundary(s: &str, i: usize) -> usize {
    let mut i = i.min(s.len());
    while !s.is_char_boundary(i) {
        i += 1;
    }
    i
}

/// A span moved onto char boundaries inside the text, start no later than end.
fn clamp_span(s: &str, span: Range<usize>) -> Range<usize> {
    let start = floor_boundary(s, span.start);
    let end = ceil_boundary(s, span.end.max(start));
    start..end
}

/// Line and column (from 1, the column in characters) of a byte offset.
fn line_col(s: &str, offset: usize) -> (usize, usize) {
    let offset = floor_boundary(s, offset);
    let before = &s[..offset];
    let line = before.matches('\n').count() + 1;
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    (line, s[line_start..offset].chars().count() + 1)
}

/// The span of a line's text (from column `col` when given, else from its first
/// non-blank character), or `None` for a line the text doesn't have.
fn line_span(s: &str, line: usize, col: usize) -> Option<Range<usize>> {
    let start = if line == 1 {
        0
    } else {
        s.match_indices('\n').nth(line - 2)?.0 + 1
    };
    let end = s[start..].find('\n').map_or(s.len(), |i| start + i);
    let text = &s[start..end];
    let from = if col > 0 {
        text.char_indices()
            .nth(col - 1)
            .map_or(text.len(), |(i, _)| i)
    } else {
        text.len() - text.trim_start().len()
    };
    let to = text.trim_end().len().max(from);
    Some(start + from..start + to)
}
