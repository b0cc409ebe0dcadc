use crate::Player;
use crossover_kernel::Game;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Picks uniformly among the legal actions. Useful as a baseline and for fuzzing
/// game rules.
#[derive(Debug, Clone)]
pub struct RandomPlayer {
    rng: ChaCha8Rng,
}

impl RandomPlayer {
    pub fn new(seed: u64) -> Self {
        RandomPlayer {
            rng: ChaCha8Rng::seed_from_u64(seed),
        }
    }
}

impl<G: Game> Player<G> for RandomPlayer {
    fn name(&self) -> String {
        "random".to_string()
    }

    /// # Panics
    /// If there is no legal action, i.e. it was called without a pending decision.
    fn choose(&mut self, game: &G) -> G::Action {
        let mut options = game.legal_actions();
        assert!(
            !options.is_empty(),
            "RandomPlayer asked to choose with no legal action"
        );
        let index = self.rng.gen_range(0..options.len());
        options.swap_remove(index)
    }

    fn choose_from(&mut self, _: &G, options: &[G::Action]) -> G::Action {
        assert!(
            !options.is_empty(),
            "RandomPlayer asked to choose with no legal action"
        );
        // The same draw as `choose`, so both give the same game.
        options[self.rng.gen_range(0..options.len())].clone()
    }

    fn choose_index(&mut self, _: &G, options: &[G::Action]) -> Result<usize, G::Action> {
        assert!(
            !options.is_empty(),
            "RandomPlayer asked to choose with no legal action"
        );
        // The same draw as `choose`.
        Ok(self.rng.gen_range(0..options.len()))
    }
}
