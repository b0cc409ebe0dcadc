//! Toy scenarios (`game = "toy"`): the smallest implementation of
//! [`crossover_scenario::ScenarioGame`], the worked example for a new game's scenarios.
//!
//! ```toml
//! game = "toy"
//! pile = 5          # counters in the pile (required)
//! max_turns = 100   # the turn limit
//! turn = 1          # the turn being played, 1..=max_turns
//! to_move = 0       # the seat to move
//! secrets = [7, 4]  # each seat's secret, 1 to 9 (default: drawn from `seed`)
//!
//! [[step]]
//! take = 3
//! [[step]]
//! take = 3
//! illegal = true
//! rule = "toy/take"
//! [[step]]
//! expect = { pile = 2, to_move = 1, outcome = "none" }
//! ```

use crate::{Toy, ToyAction, ToySetup, SEATS, SECRET_MAX};
use crossover_kernel::{Game, Outcome, Presentation, Seat};
use crossover_scenario::{Failure, Mutation, ScenarioError, ScenarioGame, Source, StepAt};
use serde::Deserialize;
use toml::Spanned;

/// The toy game's scenarios, for [`crossover_scenario::runner`].
pub struct ToyScenarios;

/// The board: the top-level keys of a toy scenario.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Board {
    pile: Spanned<u32>,
    max_turns: Option<Spanned<u32>>,
    turn: Option<Spanned<u32>>,
    to_move: Option<Spanned<i64>>,
    secrets: Option<Spanned<Vec<i64>>>,
    #[serde(default)]
    seed: u64,
}

/// A step: `take = N` (with `illegal = true` and `rule` when it must be refused), or an
/// `expect` table.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Step {
    take: Option<u32>,
    #[serde(default)]
    illegal: bool,
    rule: Option<String>,
    expect: Option<Expect>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Expect {
    pile: Option<u32>,
    turn: Option<u32>,
    /// The seat to move; none once the game is over.
    to_move: Option<usize>,
    /// `"seat 0 wins"`, `"seat 1 wins"`, `"tie"`, or `"none"` (the game goes on).
    outcome: Option<String>,
}

const OUTCOMES: &str = "\"seat 0 wins\", \"seat 1 wins\", \"tie\" or \"none\" (the game goes on)";

fn outcome_words(o: &Option<Outcome>) -> String {
    match o {
        None => "none".into(),
        Some(Outcome::Win(w)) => format!("seat {} wins", w[0]),
        Some(Outcome::Tie(_)) => "tie".into(),
        Some(Outcome::AllLose) => "every seat loses".into(),
    }
}

impl ScenarioGame for ToyScenarios {
    const GAME: &'static str = Toy::NAME;
    type Board = Board;
    type Step = Step;
    type Expect = Expect;
    type Run = Toy;

    fn build(source: &Source<'_>, b: Board) -> Result<Toy, ScenarioError> {
        let setup = ToySetup {
            pile: *b.pile.get_ref(),
            max_turns: b
                .max_turns
                .as_ref()
                .map_or(ToySetup::default().max_turns, |m| *m.get_ref()),
        };
        let mut game = Toy::new_game(&setup, b.seed)
            .map_err(|e| source.error_span(b.pile.span(), e.0.clone()))?;
        if let Some(m) = b.max_turns.as_ref().filter(|m| *m.get_ref() == 0) {
            return Err(source.error_span(m.span(), "the turn limit must be at least 1"));
        }
        if let Some(t) = &b.turn {
            if !(1..=setup.max_turns).contains(t.get_ref()) {
                return Err(source.error_span(
                    t.span(),
                    format!(
                        "turn {} is not a turn of this game: turns are 1 to {} (max_turns)",
                        t.get_ref(),
                        setup.max_turns
                    ),
                ));
            }
            game.state.turn = *t.get_ref();
        }
        if let Some(s) = &b.to_move {
            if !(0..SEATS as i64).contains(s.get_ref()) {
                return Err(source.error_span(
                    s.span(),
                    format!(
                        "seat {} doesn't exist: the toy game has seats 0 and 1",
                        s.get_ref()
                    ),
                ));
            }
            game.state.to_move = *s.get_ref() as Seat;
        }
        if let Some(s) = &b.secrets {
            let ok = s.get_ref().len() == SEATS
                && s.get_ref()
                    .iter()
                    .all(|x| (1..=i64::from(SECRET_MAX)).contains(x));
            if !ok {
                return Err(source.error_span(
                    s.span(),
                    format!("`secrets` is one number per seat, each 1 to {SECRET_MAX}: [7, 4]"),
                ));
            }
            for (seat, &x) in s.get_ref().iter().enumerate() {
                game.state.secrets[seat] = x as u32;
            }
        }
        // The setup's log named the drawn secrets; say what the board holds instead.
        game.log.clear();
        game.log(
            None,
            format!("The pile holds {} counters.", game.state.pile),
        );
        for (seat, secret) in game.state.secrets.into_iter().enumerate() {
            game.log(Some(seat), format!("Your secret number is {secret}."));
        }
        Ok(game)
    }

    fn expectation(step: &Step) -> Option<&Expect> {
        step.expect.as_ref()
    }

    fn apply(
        game: &mut Toy,
        at: &StepAt<'_>,
        step: &Step,
    ) -> Result<Option<Failure>, ScenarioError> {
        let Some(n) = step.take else {
            return Err(at.error("a step is `take = N` or an `expect` table"));
        };
        at.check_rule_key(step.illegal, step.rule.as_deref())?;
        let action = ToyAction::Take(n);
        let what = game.describe_action(game.state.to_move, &action);
        Ok(at.apply_action(game, &action, what, step.illegal, step.rule.as_deref()))
    }

    fn check(game: &Toy, at: &StepAt<'_>, e: &Expect) -> Result<Option<Failure>, ScenarioError> {
        if let Some(want) = e.pile {
            if game.state.pile != want {
                return Ok(Some(at.fail(
                    "the pile",
                    want.to_string(),
                    game.state.pile.to_string(),
                )));
            }
        }
        if let Some(want) = e.turn {
            if game.state.turn != want {
                return Ok(Some(at.fail(
                    "the turn",
                    want.to_string(),
                    game.state.turn.to_string(),
                )));
            }
        }
        if let Some(want) = e.to_move {
            let actual = game.view(0).to_move;
            if actual != Some(want) {
                return Ok(Some(at.fail(
                    "the seat to move",
                    format!("seat {want}"),
                    actual.map_or("nobody: the game is over".into(), |s| format!("seat {s}")),
                )));
            }
        }
        if let Some(want) = &e.outcome {
            let valid = ["none", "tie", "seat 0 wins", "seat 1 wins"];
            if !valid.contains(&want.as_str()) {
                return Err(at.error(format!("outcome `{want}`: use {OUTCOMES}")));
            }
            let actual = outcome_words(&game.state.outcome);
            if &actual != want {
                return Ok(Some(at.fail("the outcome", want.clone(), actual)));
            }
        }
        Ok(None)
    }

    fn mutations(_file: &toml::Table, step: &toml::Table) -> Vec<Mutation> {
        let mut out = Vec::new();
        let mut with = |kind: &str, change: &dyn Fn(&mut toml::Table)| {
            let mut s = step.clone();
            change(&mut s);
            out.push(Mutation {
                kind: kind.to_string(),
                step: s,
            });
        };
        if let Some(rule) = step.get("rule").and_then(toml::Value::as_str) {
            let other = if rule == "toy/take" {
                "toy/over"
            } else {
                "toy/take"
            };
            with("rule", &|s| {
                s.insert("rule".into(), other.into());
            });
        }
        let Some(expect) = step.get("expect").and_then(toml::Value::as_table) else {
            return out;
        };
        for (key, value) in expect {
            let changed: Option<toml::Value> = match (key.as_str(), value) {
                ("to_move", toml::Value::Integer(i)) => Some((1 - i).into()),
                (_, toml::Value::Integer(i)) => Some((i + 1).into()),
                ("outcome", toml::Value::String(o)) => Some(
                    match o.as_str() {
                        "seat 0 wins" => "seat 1 wins",
                        "seat 1 wins" | "tie" => "seat 0 wins",
                        _ => "tie",
                    }
                    .into(),
                ),
                _ => None,
            };
            if let Some(v) = changed {
                with(key, &|s| {
                    let mut e = expect.clone();
                    e.insert(key.clone(), v.clone());
                    s.insert("expect".into(), toml::Value::Table(e));
                });
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crossover_scenario::{mutation_test, run_source, runner};

    fn run(src: &str) -> Result<crossover_scenario::ScenarioOutcome, ScenarioError> {
        run_source("t.toml", src, &[runner::<ToyScenarios>()])
    }

    #[test]
    fn a_board_and_steps_run_to_the_last_counter() {
        let src = "game = \"toy\"\npile = 5\n[[step]]\ntake = 3\n[[step]]\nexpect = { pile = 2, to_move = 1, outcome = \"none\" }\n[[step]]\ntake = 2\n[[step]]\nexpect = { outcome = \"seat 1 wins\" }\n";
        let r = run(src).unwrap();
        assert_eq!(r.failure, None);
        let changed = src.replace("pile = 2", "pile = 3");
        let f = run(&changed)
            .unwrap()
            .failure
            .expect("a changed pile fails");
        assert_eq!(
            (f.step, f.line, f.expected.as_str(), f.actual.as_str()),
            (2, 5, "3", "2")
        );
    }

    #[test]
    fn an_illegal_take_is_refused_by_its_rule_toy_take() {
        let src = "game = \"toy\"\npile = 2\n[[step]]\ntake = 3\nillegal = true\nrule = \"toy/take\"\n[[step]]\nexpect = { pile = 2, to_move = 0 }\n";
        assert_eq!(run(src).unwrap().failure, None);
        let f = run(&src.replace("toy/take", "toy/over"))
            .unwrap()
            .failure
            .unwrap();
        assert!(f.actual.contains("refused by toy/take"), "{f}");
        let f = run(&src.replace("take = 3", "take = 1"))
            .unwrap()
            .failure
            .unwrap();
        assert_eq!(f.actual, "it was allowed");
    }

    #[test]
    fn impossible_boards_are_file_line_errors() {
        for (board, line, phrase) in [
            ("pile = 0", 2, "at least one counter"),
            ("pile = 3\nto_move = 2", 3, "seat 2 doesn't exist"),
            ("pile = 3\nmax_turns = 4\nturn = 5", 4, "turns are 1 to 4"),
            ("pile = 3\nsecrets = [0, 4]", 3, "each 1 to 9"),
            ("pile = 3\nsecrets = [4]", 3, "one number per seat"),
            ("pile = 3\ncolour = 1", 3, "unknown field `colour`"),
            ("pile = -1", 2, ""),
        ] {
            let src = format!("game = \"toy\"\n{board}\n");
            let e = run(&src).expect_err(&src);
            assert_eq!(e.line, line, "{e}");
            assert!(e.message.contains(phrase), "{e}");
        }
        let e = run("game = \"toy\"\npile = 3\n[[step]]\nexpect = { outcome = \"won\" }\n")
            .unwrap_err();
        assert_eq!(e.line, 3, "{e}");
        let e = run("game = \"toy\"\npile = 3\n[[step]]\nrule = \"toy/take\"\n").unwrap_err();
        assert!(e.message.contains("take = N"), "{e}");
    }

    #[test]
    fn every_changed_expectation_fails_at_its_step() {
        let src = "game = \"toy\"\npile = 9\nmax_turns = 2\nsecrets = [3, 8]\n[[step]]\ntake = 1\n[[step]]\ntake = 4\nillegal = true\nrule = \"toy/take\"\n[[step]]\ntake = 1\n[[step]]\nexpect = { pile = 7, turn = 2, outcome = \"seat 1 wins\" }\n[[step]]\ntake = 1\nillegal = true\nrule = \"toy/over\"\n";
        let report = mutation_test::<ToyScenarios>("t.toml", src).unwrap();
        assert!(report.problems.is_empty(), "{:?}", report.problems);
        let kinds: Vec<&str> = report.changed.iter().map(|(_, k)| k.as_str()).collect();
        assert_eq!(kinds, ["rule", "outcome", "pile", "turn", "rule"]);
    }
}

#[cfg(test)]
mod files {
    use super::ToyScenarios;
    use crossover_scenario::{collect, mutation_test};
    use std::path::Path;

    #[test]
    fn every_toy_scenario_passes_and_catches_each_changed_expectation() {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../scenarios/toy");
        let files = collect(&dir).unwrap();
        assert!(files.len() >= 2, "toy scenarios in {}", dir.display());
        let mut turn_limit = false;
        for f in files {
            let text = std::fs::read_to_string(&f).unwrap();
            let report = mutation_test::<ToyScenarios>(&f.display().to_string(), &text)
                .unwrap_or_else(|e| panic!("{e}"));
            assert!(report.problems.is_empty(), "{:?}", report.problems);
            assert!(
                !report.changed.is_empty(),
                "{}: nothing expected",
                f.display()
            );
            turn_limit |= text.contains("max_turns");
        }
        assert!(turn_limit, "a toy scenario ends the game by the turn limit");
    }
}
