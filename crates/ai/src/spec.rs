//! Building players from text specs: `NAME` or `NAME:KEY=VALUE,KEY=VALUE`.

use crate::{
    Budget, GreedyPlayer, IsmctsConfig, IsmctsPlayer, Player, RandomPlayer,
    DEFAULT_ISMCTS_ITERATIONS, MAX_SAMPLES,
};
use crossover_kernel::Game;

/// The player names [`player_from_spec`] knows, with a one-line description each
/// (for help texts).
pub const KNOWN_PLAYERS: &[(&str, &str)] = &[
    ("random", "uniformly random legal actions"),
    (
        "greedy",
        "best heuristic score one decision ahead; options epsilon=P (random move with probability P, default 0), samples=K (determinizations averaged per decision, 1-64; default: as many as the game asks for)",
    ),
    (
        "ismcts",
        "information-set Monte Carlo tree search; options iterations=N (default 1000) or ms=N (time per decision), threads=N (default 1), c=F (exploration, default 0.7), rollout=N (random actions before scoring a leaf, default 0)",
    ),
];

/// Difficulty levels, easiest first: each is a name for a player spec, so a person can
/// ask for `hard` without knowing what a search budget is. Each level beats the one
/// below it (docs/AI.md); there is none above `hard` because 4000 iterations won no more
/// often than 1000 (50 of 100 games).
pub const DIFFICULTIES: &[(&str, &str)] = &[
    ("easy", "greedy:epsilon=0.3"),
    ("medium", "ismcts:iterations=200"),
    ("hard", "ismcts:iterations=1000"),
];

/// The player spec a difficulty level stands for, or `spec` itself.
pub fn resolve_difficulty(spec: &str) -> &str {
    DIFFICULTIES
        .iter()
        .find(|(level, _)| *level == spec.trim())
        .map_or(spec, |(_, s)| s)
}

/// Build a computer player from a spec such as `random`, `greedy`,
/// `greedy:epsilon=0.1` or a difficulty level (`easy`, `medium`, `hard`). `seed` seeds the
/// player's own random choices.
pub fn player_from_spec<G: Game>(spec: &str, seed: u64) -> Result<Box<dyn Player<G>>, String> {
    let (name, params) = parse(resolve_difficulty(spec))?;
    match name {
        "random" => {
            params.expect_only(&[])?;
            Ok(Box::new(RandomPlayer::new(seed)))
        }
        "greedy" => {
            params.expect_only(&["epsilon", "samples"])?;
            let epsilon = match params.get("epsilon") {
                Some(v) => parse_probability("epsilon", v)?,
                None => 0.0,
            };
            let mut player = GreedyPlayer::new(seed).with_epsilon(epsilon);
            if let Some(v) = params.get("samples") {
                player = player.with_samples(parse_whole("samples", v, 1, MAX_SAMPLES as u64)?);
            }
            Ok(Box::new(player))
        }
        "ismcts" => {
            params.expect_only(&["iterations", "ms", "threads", "c", "rollout"])?;
            let config = ismcts_config(&params)?;
            Ok(Box::new(IsmctsPlayer::with_config(seed, config)?))
        }
        _ => Err(format!(
            "unknown player '{name}' (known players: {}; difficulty levels: {})",
            KNOWN_PLAYERS
                .iter()
                .map(|(n, _)| *n)
                .collect::<Vec<_>>()
                .join(", "),
            DIFFICULTIES
                .iter()
                .map(|(n, _)| *n)
                .collect::<Vec<_>>()
                .join(", ")
        )),
    }
}

/// The `KEY=VALUE` part of a spec, in the order given.
struct Params<'a> {
    player: &'a str,
    pairs: Vec<(&'a str, &'a str)>,
}

impl<'a> Params<'a> {
    fn get(&self, key: &str) -> Option<&'a str> {
        self.pairs.iter().find(|(k, _)| *k == key).map(|(_, v)| *v)
    }

    fn expect_only(&self, known: &[&str]) -> Result<(), String> {
        match self.pairs.iter().find(|(k, _)| !known.contains(k)) {
            None => Ok(()),
            Some((key, _)) if known.is_empty() => Err(format!(
                "player '{}' takes no options, but '{key}' was given",
                self.player
            )),
            Some((key, _)) => Err(format!(
                "unknown option '{key}' for player '{}' (known: {})",
                self.player,
                known.join(", ")
            )),
        }
    }
}

fn parse(spec: &str) -> Result<(&str, Params<'_>), String> {
    let spec = spec.trim();
    let (name, rest) = spec.split_once(':').unwrap_or((spec, ""));
    let mut pairs: Vec<(&str, &str)> = Vec::new();
    for item in rest.split(',').map(str::trim).filter(|s| !s.is_empty()) {
        let (key, value) = item.split_once('=').ok_or_else(|| {
            format!("bad option '{item}' in player spec '{spec}': expected KEY=VALUE")
        })?;
        let key = key.trim();
        if pairs.iter().any(|(k, _)| *k == key) {
            return Err(format!(
                "option '{key}' given twice in player spec '{spec}'"
            ));
        }
        pairs.push((key, value.trim()));
    }
    Ok((
        name,
        Params {
            player: name,
            pairs,
        },
    ))
}

/// The settings of an `ismcts` spec; what is not given keeps its default.
fn ismcts_config(params: &Params<'_>) -> Result<IsmctsConfig, String> {
    let budget = match (params.get("iterations"), params.get("ms")) {
        (Some(_), Some(_)) => {
            return Err(
                "give ismcts either iterations=N (a fixed search size) or ms=N (a time budget per decision), not both"
                    .into(),
            )
        }
        (Some(v), None) => Budget::Iterations(parse_whole("iterations", v, 1, MAX_ITERATIONS)?),
        (None, Some(v)) => Budget::Millis(parse_whole("ms", v, 1, MAX_MILLIS)?),
        (None, None) => Budget::Iterations(DEFAULT_ISMCTS_ITERATIONS),
    };
    let mut config = IsmctsConfig {
        budget,
        ..IsmctsConfig::default()
    };
    if let Some(v) = params.get("threads") {
        config.threads = parse_whole("threads", v, 1, MAX_SEARCH_THREADS)?;
    }
    if let Some(v) = params.get("c") {
        config.exploration = match v.parse::<f64>() {
            Ok(c) if c.is_finite() && (0.0..=MAX_EXPLORATION).contains(&c) => c,
            _ => {
                return Err(format!(
                    "c (the exploration constant) must be a number from 0 to {MAX_EXPLORATION}, not '{v}'"
                ))
            }
        };
    }
    if let Some(v) = params.get("rollout") {
        config.rollout = parse_whole("rollout", v, 0, MAX_ROLLOUT)?;
    }
    // Catches what the parsing above does not, e.g. too many threads.
    config.validate()?;
    Ok(config)
}

/// Limits of the numbers in a spec, so that no spec can ask for a search that never
/// ends or a thread per atom: a minute per decision, ten million iterations, 256
/// threads, a rollout of a million actions.
pub const MAX_ITERATIONS: u64 = 10_000_000;
pub const MAX_MILLIS: u64 = 60_000;
pub const MAX_SEARCH_THREADS: u64 = 256;
pub const MAX_ROLLOUT: u64 = 1_000_000;
pub const MAX_EXPLORATION: f64 = 100.0;

/// A whole number from `min` to `max`.
fn parse_whole<T: TryFrom<u64>>(key: &str, value: &str, min: u64, max: u64) -> Result<T, String> {
    match value
        .parse::<u64>()
        .ok()
        .filter(|n| (min..=max).contains(n))
    {
        Some(n) => T::try_from(n).map_err(|_| format!("{key}={value} is too large")),
        None => Err(format!(
            "{key} must be a whole number from {min} to {max}, not '{value}'"
        )),
    }
}

fn parse_probability(key: &str, value: &str) -> Result<f64, String> {
    match value.parse::<f64>() {
        Ok(p) if (0.0..=1.0).contains(&p) => Ok(p),
        _ => Err(format!("{key} must be a number from 0 to 1, not '{value}'")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crossover_toy::Toy;

    fn build(spec: &str) -> Result<String, String> {
        player_from_spec::<Toy>(spec, 0).map(|p| p.name())
    }

    #[test]
    fn known_specs_build() {
        assert_eq!(build("random").unwrap(), "random");
        assert_eq!(build("greedy").unwrap(), "greedy");
        assert_eq!(build(" greedy:epsilon=0.1 ").unwrap(), "greedy:epsilon=0.1");
        assert_eq!(build("greedy:epsilon=0").unwrap(), "greedy");
        assert_eq!(build("greedy:").unwrap(), "greedy");
        assert_eq!(build("greedy:samples=4").unwrap(), "greedy:samples=4");
        assert_eq!(
            build("greedy:samples=1,epsilon=0.5").unwrap(),
            "greedy:epsilon=0.5,samples=1"
        );
        assert_eq!(build("ismcts").unwrap(), "ismcts:iterations=1000");
        assert_eq!(
            build("ismcts:iterations=50").unwrap(),
            "ismcts:iterations=50"
        );
        assert_eq!(
            build("ismcts: rollout=5 , c=1.25, threads=2, ms=300").unwrap(),
            "ismcts:ms=300,threads=2,c=1.25,rollout=5"
        );
        assert_eq!(
            build("ismcts:c=0.7,threads=1,rollout=0").unwrap(),
            "ismcts:iterations=1000"
        );
        assert_eq!(build("ismcts:c=0").unwrap(), "ismcts:iterations=1000,c=0");
    }

    #[test]
    fn difficulty_levels_are_greedy_and_growing_ismcts_budgets() {
        assert_eq!(build("easy").unwrap(), "greedy:epsilon=0.3");
        assert_eq!(build(" medium ").unwrap(), "ismcts:iterations=200");
        assert_eq!(build("hard").unwrap(), "ismcts:iterations=1000");
        // A level is a name for a whole spec; options belong to the player names.
        assert!(build("hard:threads=2")
            .unwrap_err()
            .contains("unknown player 'hard'"));
        assert!(build("impossible")
            .unwrap_err()
            .contains("difficulty levels: easy, medium, hard"));
    }

    #[test]
    fn ismcts_names_build_the_same_player_again() {
        for spec in [
            "ismcts",
            "ismcts:ms=20,threads=3",
            "ismcts:iterations=7,c=0.125,rollout=40",
        ] {
            let name = build(spec).unwrap();
            assert_eq!(build(&name).unwrap(), name, "from {spec}");
        }
    }

    #[test]
    fn ismcts_errors_say_what_is_wrong() {
        let cases = [
            (
                "ismcts:iterations=0",
                "iterations must be a whole number from 1 to 10000000",
            ),
            ("ismcts:iterations=-5", "iterations must be a whole number"),
            ("ismcts:iterations=1.5", "iterations must be a whole number"),
            (
                "ismcts:iterations=99999999999",
                "iterations must be a whole number from 1 to 10000000, not '99999999999'",
            ),
            ("ismcts:ms=0", "ms must be a whole number from 1 to 60000"),
            ("ismcts:iterations=10,ms=10", "not both"),
            (
                "ismcts:threads=0",
                "threads must be a whole number from 1 to 256",
            ),
            (
                "ismcts:threads=100000",
                "threads must be a whole number from 1 to 256",
            ),
            (
                "ismcts:c=-1",
                "c (the exploration constant) must be a number from 0 to 100",
            ),
            ("ismcts:c=inf", "from 0 to 100, not 'inf'"),
            ("ismcts:c=NaN", "from 0 to 100, not 'NaN'"),
            (
                "ismcts:rollout=-1",
                "rollout must be a whole number from 0 to 1000000",
            ),
            (
                "ismcts:depth=3",
                "unknown option 'depth' for player 'ismcts'",
            ),
            ("ismcts:iterations", "expected KEY=VALUE"),
            ("ismcts:threads=2,threads=3", "given twice"),
        ];
        for (spec, expected) in cases {
            let err = build(spec).unwrap_err();
            assert!(err.contains(expected), "{spec}: {err}");
        }
    }

    #[test]
    fn every_number_in_a_spec_is_bounded_and_the_message_says_the_limit() {
        // The example: a u64::MAX time budget per decision was accepted.
        let err = build("ismcts:ms=18446744073709551615").unwrap_err();
        assert!(err.contains("from 1 to 60000"), "{err}");
        assert!(build("ismcts:ms=60000").is_ok());
        assert!(build("ismcts:rollout=1000001").is_err());
        assert!(build("ismcts:c=101").is_err());
        assert!(build("ismcts:iterations=10000001").is_err());
    }

    #[test]
    fn unknown_names_list_the_known_ones() {
        let err = build("minimax").unwrap_err();
        assert!(err.contains("'minimax'"), "{err}");
        assert!(err.contains("random, greedy, ismcts"), "{err}");
    }

    #[test]
    fn bad_options_are_refused() {
        for spec in [
            "random:epsilon=0.1",
            "greedy:depth=3",
            "greedy:epsilon",
            "greedy:epsilon=2",
            "greedy:epsilon=-0.5",
            "greedy:epsilon=abc",
            "greedy:epsilon=NaN",
            "greedy:epsilon=0.1,epsilon=0.2",
            "greedy:samples=0",
            "greedy:samples=65",
            "greedy:samples=1.5",
        ] {
            assert!(build(spec).is_err(), "{spec} was accepted");
        }
    }
}
