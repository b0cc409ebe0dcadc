//! Building players from text specs: `NAME` or `NAME:KEY=VALUE,KEY=VALUE`.

use crate::{GreedyPlayer, Player, RandomPlayer};
use crossover_kernel::Game;

/// The player names [`player_from_spec`] knows, with a one-line description each
/// (for help texts).
pub const KNOWN_PLAYERS: &[(&str, &str)] = &[
    ("random", "uniformly random legal actions"),
    (
        "greedy",
        "best heuristic score one decision ahead; option epsilon=P (random move with probability P, default 0)",
    ),
    // ISMCTS goes here once written, e.g. ("ismcts", "... iterations=N ...").
];

/// Build a computer player from a spec such as `random`, `greedy` or
/// `greedy:epsilon=0.1`. `seed` seeds the player's own random choices.
pub fn player_from_spec<G: Game>(spec: &str, seed: u64) -> Result<Box<dyn Player<G>>, String> {
    let (name, params) = parse(spec)?;
    match name {
        "random" => {
            params.expect_only(&[])?;
            Ok(Box::new(RandomPlayer::new(seed)))
        }
        "greedy" => {
            params.expect_only(&["epsilon"])?;
            let epsilon = match params.get("epsilon") {
                Some(v) => parse_probability("epsilon", v)?,
                None => 0.0,
            };
            Ok(Box::new(GreedyPlayer::new(seed).with_epsilon(epsilon)))
        }
        // "ismcts" => { ... } once the ISMCTS player exists; add it to KNOWN_PLAYERS too.
        _ => Err(format!(
            "unknown player '{name}' (known players: {})",
            KNOWN_PLAYERS
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

fn parse_probability(key: &str, value: &str) -> Result<f64, String> {
    match value.parse::<f64>() {
        Ok(p) if (0.0..=1.0).contains(&p) => Ok(p),
        _ => Err(format!("{key} must be a number from 0 to 1, not '{value}'")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crossover_kernel::toy::Toy;

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
    }

    #[test]
    fn unknown_names_list_the_known_ones() {
        let err = build("minimax").unwrap_err();
        assert!(err.contains("'minimax'"), "{err}");
        assert!(err.contains("random, greedy"), "{err}");
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
        ] {
            assert!(build(spec).is_err(), "{spec} was accepted");
        }
    }
}
