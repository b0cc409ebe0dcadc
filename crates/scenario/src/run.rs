//! Running scenario files: picking the game by the `game` key, the step loop, and the
//! summary of a run.

use crate::{collect, read_capped, ScenarioError, ScenarioGame, ScenarioOutcome, Source, StepAt};
use serde::Deserialize;
use std::io::Write;
use std::marker::PhantomData;
use std::path::{Path, PathBuf};
use toml::de::{DeTable, DeValue};
use toml::Spanned;

/// One game's scenario runner, type-erased so that a list of games can be passed around
/// (the command line passes every game it knows). Made by [`runner`].
pub trait Runner: Sync {
    /// The `game` key this runner answers to.
    fn game(&self) -> &'static str;

    /// Run a file whose runner-owned keys were taken out: `board` is the rest of the
    /// top-level table, `steps` the `[[step]]` tables.
    fn run_parts(
        &self,
        source: &Source<'_>,
        name: String,
        board: Spanned<DeTable<'_>>,
        steps: Vec<Spanned<DeValue<'_>>>,
    ) -> Result<ScenarioOutcome, ScenarioError>;
}

/// The [`Runner`] of a [`ScenarioGame`].
pub struct Scenarios<G>(PhantomData<fn() -> G>);

/// The runner of game `G`'s scenarios.
pub fn runner<G: ScenarioGame + 'static>() -> &'static dyn Runner {
    &Scenarios::<G>(PhantomData)
}

impl<G: ScenarioGame> Runner for Scenarios<G> {
    fn game(&self) -> &'static str {
        G::GAME
    }

    fn run_parts(
        &self,
        source: &Source<'_>,
        name: String,
        board: Spanned<DeTable<'_>>,
        steps: Vec<Spanned<DeValue<'_>>>,
    ) -> Result<ScenarioOutcome, ScenarioError> {
        let toml_error = |e: toml::de::Error, fallback: usize| match e.span() {
            Some(span) => source.error_span(span, e.message()),
            None => source.error(fallback, e.message()),
        };
        // Every step is read before the board is built, so that a malformed step is
        // reported even when an earlier step would fail.
        let mut parsed = Vec::with_capacity(steps.len());
        for value in steps {
            let span = value.span();
            let step = G::Step::deserialize(toml::de::ValueDeserializer::from(value))
                .map_err(|e| toml_error(e, span.start))?;
            parsed.push((span, step));
        }
        let board = G::Board::deserialize(toml::de::Deserializer::from(board))
            .map_err(|e| toml_error(e, 0))?;
        let mut run = G::build(source, board)?;
        for (i, (span, step)) in parsed.iter().enumerate() {
            let at = StepAt {
                source: *source,
                step: i + 1,
                line: source.line_of(span.start),
                span: (span.start, span.end),
            };
            let failure = match G::expectation(step) {
                Some(expect) => G::check(&run, &at, expect)?,
                None => G::apply(&mut run, &at, step)?,
            };
            if failure.is_some() {
                return Ok(ScenarioOutcome {
                    name,
                    game: G::GAME,
                    failure,
                });
            }
        }
        Ok(ScenarioOutcome {
            name,
            game: G::GAME,
            failure: None,
        })
    }
}

/// The names of the games, for messages.
fn game_list(runners: &[&dyn Runner]) -> String {
    runners
        .iter()
        .map(|r| r.game())
        .collect::<Vec<_>>()
        .join(", ")
}

/// Run a scenario given as text; `file` names it in messages. The file's `game` key
/// picks the runner among `runners`.
pub fn run_source(
    file: &str,
    text: &str,
    runners: &[&dyn Runner],
) -> Result<ScenarioOutcome, ScenarioError> {
    let source = Source { file, text };
    let mut doc = DeTable::parse(text).map_err(|e| match e.span() {
        Some(span) => source.error_span(span, e.message()),
        None => source.error(0, e.message()),
    })?;
    let table = doc.get_mut();
    let Some(game) = table.remove("game") else {
        return Err(source.error(
            0,
            format!(
                "a scenario names its game first: `game = \"...\"` (scenarios exist for: {})",
                game_list(runners)
            ),
        ));
    };
    let Some(name) = game.get_ref().as_str() else {
        return Err(source.error_span(
            game.span(),
            format!(
                "`game` is a game's name in quotes (scenarios exist for: {})",
                game_list(runners)
            ),
        ));
    };
    let Some(runner) = runners.iter().find(|r| r.game() == name) else {
        let e = source.error_span(
            game.span(),
            format!(
                "unknown game `{name}`; scenarios exist for: {}",
                game_list(runners)
            ),
        );
        return Err(
            match crossover_diag::did_you_mean(name, runners.iter().map(|r| r.game())) {
                Some(g) => e.with_hint(format!("did you mean `{g}`?")),
                None => e,
            },
        );
    };
    let mut title = None;
    for key in ["name", "rule", "note"] {
        if let Some(v) = table.remove(key) {
            let Some(s) = v.get_ref().as_str() else {
                return Err(source.error_span(
                    v.span(),
                    format!("`{key}` is text in quotes, not {}", v.get_ref().type_str()),
                ));
            };
            if key == "name" {
                title = Some(s.to_string());
            }
        }
    }
    let steps = match table.remove("step") {
        None => Vec::new(),
        Some(v) => {
            let span = v.span();
            match v.into_inner() {
                DeValue::Array(a) => a.into_iter().collect(),
                other => {
                    return Err(source.error_span(
                        span,
                        format!(
                            "`step` is a list of tables (`[[step]]`), not {}",
                            other.type_str()
                        ),
                    ))
                }
            }
        }
    };
    runner.run_parts(
        &source,
        title.unwrap_or_else(|| file.to_string()),
        doc,
        steps,
    )
}

/// Read and run a scenario file.
pub fn run_file(path: &Path, runners: &[&dyn Runner]) -> Result<ScenarioOutcome, ScenarioError> {
    let text = read_capped(path)?;
    run_source(&path.display().to_string(), &text, runners)
}

/// How a run of many scenarios went.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Summary {
    pub passed: usize,
    /// Failed, or couldn't be run (an error in the file, an unreadable path).
    pub failed: usize,
}

impl Summary {
    /// Every file run.
    pub fn files(&self) -> usize {
        self.passed + self.failed
    }
}

impl std::fmt::Display for Summary {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} passed, {} failed", self.passed, self.failed)
    }
}

/// Run scenario files and every `*.toml` under directories, each by its `game`'s runner,
/// writing one line per file (`ok`, `FAIL` with the failed step, or `ERROR` with the
/// file's problem: `file:line:col: message`, then the offending line) and then the
/// summary line `N passed, M failed`. `color` colours the problems (see
/// `crossover_diag::use_color`).
pub fn run_paths(
    paths: &[PathBuf],
    runners: &[&dyn Runner],
    out: &mut dyn Write,
    color: bool,
) -> std::io::Result<Summary> {
    let mut summary = Summary::default();
    let mut files = Vec::new();
    for p in paths {
        match collect(p) {
            Ok(found) => files.extend(found),
            Err(e) => {
                summary.failed += 1;
                writeln!(out, "ERROR {}: cannot read it: {e}", p.display())?;
            }
        }
    }
    for f in &files {
        let text = match read_capped(f) {
            Ok(t) => t,
            Err(e) => {
                summary.failed += 1;
                writeln!(out, "ERROR {}", e.diagnostic(None).render(color).trim_end())?;
                continue;
            }
        };
        match run_source(&f.display().to_string(), &text, runners) {
            Ok(r) => match r.failure {
                None => {
                    summary.passed += 1;
                    writeln!(out, "ok    {}  ({})", f.display(), r.name)?;
                }
                Some(fail) => {
                    summary.failed += 1;
                    writeln!(out, "FAIL  {}  ({})\n  {fail}", f.display(), r.name)?;
                }
            },
            Err(e) => {
                summary.failed += 1;
                writeln!(
                    out,
                    "ERROR {}",
                    e.diagnostic(Some(&text)).render(color).trim_end()
                )?;
            }
        }
    }
    writeln!(out, "{summary}")?;
    Ok(summary)
}
