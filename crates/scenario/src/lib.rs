//! Scenarios: a rules situation stated in a TOML file — a board, then steps (actions in
//! the game's own words, and expectations) — run against a game's engine. This crate is
//! the part every game shares: finding the files, reading each file's `game` key to pick
//! the game's runner, the step loop, expected-vs-actual failures, the summary, and the
//! mutation test (change each expectation in turn: the scenario must then fail at that
//! step). A game supplies its board, steps and expectations by implementing
//! [`ScenarioGame`]. The file format is documented in docs/scenarios.md.
//!
//! A file's top-level keys `game`, `name`, `rule`, `note` and the `[[step]]` tables are
//! read here; every other top-level key is the game's board.

mod collect;
mod mutation;
mod run;
pub mod suite;

pub use collect::{collect, read_capped, MAX_SCENARIO_BYTES};
pub use mutation::{mutation_test, Mutation, MutationReport};
pub use run::{run_file, run_paths, run_source, runner, Runner, Scenarios, Summary};

use serde::de::DeserializeOwned;
use std::ops::Range;

/// A scenario file that can't be run: bad syntax, an unknown game or card, an impossible
/// board, a malformed step. Its `Display` is `file:line: message`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{file}:{line}: {message}")]
pub struct ScenarioError {
    pub file: String,
    /// From 1; 0 when the file couldn't be read at all.
    pub line: usize,
    pub message: String,
    /// The bytes of the file the error is about, when known (for showing the line).
    pub span: Option<Range<usize>>,
    /// What to do about it ("did you mean `vs2pcg`?").
    pub hint: Option<String>,
}

impl ScenarioError {
    /// An error at a line, without a more precise place.
    pub fn at_line(file: &str, line: usize, message: impl Into<String>) -> ScenarioError {
        ScenarioError {
            file: file.to_string(),
            line,
            message: message.into(),
            span: None,
            hint: None,
        }
    }

    pub fn with_hint(mut self, hint: impl Into<String>) -> ScenarioError {
        self.hint = Some(hint.into());
        self
    }

    /// As a diagnostic; with the file's text, it shows the offending line.
    pub fn diagnostic(&self, text: Option<&str>) -> crossover_diag::Diagnostic {
        use crossover_diag::Diagnostic;
        let mut d = match (text, &self.span) {
            (Some(t), Some(span)) => {
                Diagnostic::at_span(&self.file, t, span.clone(), &self.message)
            }
            (Some(t), None) if self.line > 0 => {
                Diagnostic::at_line(&self.file, self.line, &self.message).with_source(t)
            }
            (_, _) if self.line > 0 => Diagnostic::at_line(&self.file, self.line, &self.message),
            _ => Diagnostic::file(&self.file, &self.message),
        };
        d.hint = self.hint.clone();
        d
    }
}

impl From<&ScenarioError> for crossover_diag::Diagnostic {
    fn from(e: &ScenarioError) -> Self {
        e.diagnostic(None)
    }
}

/// The first step whose expectation did not hold.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Failure {
    /// From 1.
    pub step: usize,
    /// The line of the step's `[[step]]` table (or its inline table).
    pub line: usize,
    pub what: String,
    pub expected: String,
    pub actual: String,
}

impl std::fmt::Display for Failure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "step {} (line {}): {}\n    expected: {}\n    actual:   {}",
            self.step, self.line, self.what, self.expected, self.actual
        )
    }
}

/// How a scenario ran.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ScenarioOutcome {
    /// The file's `name`, else the file name.
    pub name: String,
    /// The game's `game` key.
    pub game: &'static str,
    pub failure: Option<Failure>,
}

/// The text of one scenario file and the name it is reported under; turns byte offsets
/// (TOML spans) into `file:line` errors.
#[derive(Debug, Clone, Copy)]
pub struct Source<'a> {
    pub file: &'a str,
    pub text: &'a str,
}

impl<'a> Source<'a> {
    /// The line (from 1) of a byte offset; offsets past the end are on the last line.
    pub fn line_of(&self, offset: usize) -> usize {
        let end = floor_char_boundary(self.text, offset);
        self.text[..end].matches('\n').count() + 1
    }

    /// An error about the text starting at `offset`.
    pub fn error(&self, offset: usize, message: impl Into<String>) -> ScenarioError {
        ScenarioError {
            file: self.file.to_string(),
            line: self.line_of(offset),
            message: message.into(),
            span: Some(offset..offset),
            hint: None,
        }
    }

    /// An error about a span of the text (a TOML value's span).
    pub fn error_span(&self, span: Range<usize>, message: impl Into<String>) -> ScenarioError {
        ScenarioError {
            span: Some(span.clone()),
            ..self.error(span.start, message)
        }
    }
}

/// The largest index `<= i` that is a char boundary of `s` (std's is unstable).
fn floor_char_boundary(s: &str, i: usize) -> usize {
    let mut i = i.min(s.len());
    while !s.is_char_boundary(i) {
        i -= 1;
    }
    i
}

/// The end of the line that `offset` is on.
fn first_line_end(text: &str, offset: usize) -> usize {
    let start = floor_char_boundary(text, offset);
    text[start..].find('\n').map_or(text.len(), |i| start + i)
}

/// Where a step is: its number and line, for its failures and errors.
#[derive(Debug, Clone, Copy)]
pub struct StepAt<'a> {
    pub source: Source<'a>,
    /// From 1.
    pub step: usize,
    pub line: usize,
    /// The step's table in the file.
    pub span: (usize, usize),
}

impl StepAt<'_> {
    /// The step's expectation did not hold.
    pub fn fail(
        &self,
        what: impl Into<String>,
        expected: impl Into<String>,
        actual: impl Into<String>,
    ) -> Failure {
        Failure {
            step: self.step,
            line: self.line,
            what: what.into(),
            expected: expected.into(),
            actual: actual.into(),
        }
    }

    /// The step is malformed (names a card that isn't there, has no action...).
    pub fn error(&self, message: impl Into<String>) -> ScenarioError {
        ScenarioError {
            file: self.source.file.to_string(),
            line: self.line,
            message: message.into(),
            // The step's first line: a whole step table would be drawn line by line.
            span: Some(self.span.0..first_line_end(self.source.text, self.span.0)),
            hint: None,
        }
    }
}

/// What one game supplies to run its scenarios. The runner reads the file, hands the
/// board to [`ScenarioGame::build`], then each step in order to
/// [`ScenarioGame::check`] (a step that is an expectation) or [`ScenarioGame::apply`]
/// (an action), stopping at the first failure.
pub trait ScenarioGame {
    /// The value of the file's `game` key that picks this game (`Game::NAME`).
    const GAME: &'static str;
    /// The board and settings: the file's top-level keys other than `game`, `name`,
    /// `rule`, `note` and `step`. Deserialised with TOML spans (`toml::Spanned`) kept,
    /// so errors can name their line; use `deny_unknown_fields` to catch typos.
    type Board: DeserializeOwned;
    /// One `[[step]]` table: an action, or an expectation.
    type Step: DeserializeOwned;
    /// The expectations one step may state.
    type Expect;
    /// The game built from the board, with how the file names its cards and players.
    type Run;

    /// Set the game up as the board says, refusing a board the rules can't reach.
    fn build(source: &Source<'_>, board: Self::Board) -> Result<Self::Run, ScenarioError>;

    /// The step's expectation, if it is one (then it is checked, not applied).
    fn expectation(step: &Self::Step) -> Option<&Self::Expect>;

    /// Take a step's action(s). `Ok(Some)` when the engine did not do what the step
    /// says it must (refused a legal action, allowed an illegal one); `Err` for a
    /// malformed step.
    fn apply(
        run: &mut Self::Run,
        at: &StepAt<'_>,
        step: &Self::Step,
    ) -> Result<Option<Failure>, ScenarioError>;

    /// Check an expectation: `Ok(Some)` with the expected and actual value when it
    /// doesn't hold.
    fn check(
        run: &Self::Run,
        at: &StepAt<'_>,
        expect: &Self::Expect,
    ) -> Result<Option<Failure>, ScenarioError>;

    /// Every way of changing what this step expects so that it no longer holds (for the
    /// mutation test): each a changed copy of the step's table. `file` is the whole
    /// file, for expectations whose change depends on the board (how many seats).
    /// A step that expects nothing has none.
    fn mutations(file: &toml::Table, step: &toml::Table) -> Vec<Mutation> {
        let _ = (file, step);
        Vec::new()
    }
}

/// How the game answered an action step: taken, or refused by a rule.
#[derive(Debug, Clone, Copy)]
pub enum Taken<'a> {
    Yes,
    Refused { rule: &'a str, message: &'a str },
}

impl StepAt<'_> {
    /// `rule = "..."` only says which rule refuses an `illegal = true` step.
    pub fn check_rule_key(&self, illegal: bool, rule: Option<&str>) -> Result<(), ScenarioError> {
        if rule.is_some() && !illegal {
            return Err(self.error("`rule` names the rule that refuses an `illegal = true` step"));
        }
        Ok(())
    }

    /// Applies a step's action to `game` and judges it (see [`StepAt::judge_action`]).
    pub fn apply_action<G: crossover_kernel::Game>(
        &self,
        game: &mut G,
        action: &G::Action,
        what: String,
        illegal: bool,
        rule: Option<&str>,
    ) -> Option<Failure> {
        let before = game.state_hash();
        let result = game.apply(action);
        let taken = match &result {
            Ok(()) => Taken::Yes,
            Err(e) => Taken::Refused {
                rule: &e.rule,
                message: &e.message,
            },
        };
        let unchanged = game.state_hash() == before;
        self.judge_action(what, illegal, rule, taken, unchanged)
    }

    /// Judges an action step: a legal step must be taken; an `illegal = true` one must be
    /// refused (by `rule` when the step names one) and leave the state as it was
    /// (`unchanged`: the state hash before and after).
    pub fn judge_action(
        &self,
        what: String,
        illegal: bool,
        rule: Option<&str>,
        taken: Taken<'_>,
        unchanged: bool,
    ) -> Option<Failure> {
        match (taken, illegal) {
            (Taken::Yes, false) => None,
            (Taken::Yes, true) => Some(self.fail(
                what,
                format!(
                    "refused{}",
                    rule.map_or(String::new(), |r| format!(" by {r}"))
                ),
                "it was allowed",
            )),
            (Taken::Refused { rule: by, message }, false) => {
                Some(self.fail(what, "a legal action", format!("refused ({by}): {message}")))
            }
            (Taken::Refused { rule: by, message }, true) => {
                if let Some(r) = rule.filter(|r| !by.contains(r)) {
                    Some(self.fail(
                        format!("{what} refused"),
                        format!("refused by {r}"),
                        format!("refused by {by}: {message}"),
                    ))
                } else if !unchanged {
                    Some(self.fail(
                        "a refused action leaves the state unchanged",
                        "the same state",
                        "the state changed",
                    ))
                } else {
                    None
                }
            }
        }
    }
}
