use crate::Player;
use crossover_kernel::{Game, Seat};
use rand::{Rng, RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// How many of its own follow-up decisions the greedy player plays out (always with
/// the first option) before scoring a position. A turn is often several decisions in
/// a row by one seat; scoring halfway through one would mostly measure noise. A game
/// that says when a position is quiet ([`Game::quiet`]) stops the follow-up there.
const FOLLOW_UP_STEPS: usize = 20;

/// Scores equal within this are ties, broken at random.
const SCORE_EPSILON: f64 = 1e-9;

/// One-ply search: tries every legal action on a determinization of the game (what
/// its seat can't see re-dealt at random), plays out its own follow-up decisions, and
/// keeps the action whose position [`Game::heuristic`] likes best.
#[derive(Debug, Clone)]
pub struct GreedyPlayer {
    rng: ChaCha8Rng,
    epsilon: f64,
    /// Determinizations averaged per decision; `None`: as many as the game asks for
    /// ([`Game::search_samples`]).
    samples: Option<usize>,
}

/// The most determinizations a decision may average.
pub const MAX_SAMPLES: usize = 64;

impl GreedyPlayer {
    pub fn new(seed: u64) -> Self {
        GreedyPlayer {
            rng: ChaCha8Rng::seed_from_u64(seed),
            epsilon: 0.0,
            samples: None,
        }
    }

    /// With probability `epsilon`, pick a uniformly random legal action instead; keeps
    /// simulations between greedy players from replaying the same few games.
    ///
    /// # Panics
    /// If `epsilon` is not within `[0, 1]`.
    pub fn with_epsilon(mut self, epsilon: f64) -> Self {
        assert!(
            (0.0..=1.0).contains(&epsilon),
            "epsilon must be within [0, 1], not {epsilon}"
        );
        self.epsilon = epsilon;
        self
    }

    pub fn epsilon(&self) -> f64 {
        self.epsilon
    }

    /// Average each option's score over `samples` determinizations instead of the
    /// number the game asks for.
    ///
    /// # Panics
    /// If `samples` is not within `1..=MAX_SAMPLES`.
    pub fn with_samples(mut self, samples: usize) -> Self {
        assert!(
            (1..=MAX_SAMPLES).contains(&samples),
            "samples must be within 1..={MAX_SAMPLES}, not {samples}"
        );
        self.samples = Some(samples);
        self
    }
}

/// How good the position after `action` is for `seat`, in [0, 1], played out on
/// `imagined` (a determinization of the real game, so the player never learns what
/// its seat can't see); 0 if the action is not legal there.
fn score<G: Game>(imagined: &G, seat: Seat, action: &G::Action) -> f64 {
    let mut game = imagined.clone();
    if !game.legal_actions().contains(action) {
        return 0.0;
    }
    game.apply_offered(action);
    for _ in 0..FOLLOW_UP_STEPS {
        if game.to_move() != Some(seat) || game.quiet() == Some(true) {
            break;
        }
        let options = game.legal_actions();
        let Some(first) = options.first() else {
            break;
        };
        game.apply_offered(first);
    }
    match game.outcome() {
        Some(outcome) => outcome.reward(seat),
        // A NaN would compare unequal to everything and could leave no best action.
        None => match game.heuristic(seat) {
            h if h.is_nan() => 0.0,
            h => h,
        },
    }
}

impl<G: Game> Player<G> for GreedyPlayer {
    fn name(&self) -> String {
        let mut params = Vec::new();
        if self.epsilon > 0.0 {
            params.push(format!("epsilon={}", self.epsilon));
        }
        if let Some(samples) = self.samples {
            params.push(format!("samples={samples}"));
        }
        if params.is_empty() {
            "greedy".to_string()
        } else {
            format!("greedy:{}", params.join(","))
        }
    }

    /// # Panics
    /// If there is no pending decision or it has no options.
    fn choose(&mut self, game: &G) -> G::Action {
        let options = game.legal_actions();
        self.choose_from(game, &options)
    }

    /// # Panics
    /// If there is no pending decision or it has no options.
    fn choose_from(&mut self, game: &G, options: &[G::Action]) -> G::Action {
        let seat = game
            .to_move()
            .expect("GreedyPlayer asked to choose with no pending decision");
        let mut options = options.to_vec();
        assert!(
            !options.is_empty(),
            "GreedyPlayer asked to choose with no legal action"
        );
        if options.len() == 1 {
            return options.swap_remove(0);
        }
        // Only roll when exploring, so epsilon 0 leaves the random stream untouched.
        if self.epsilon > 0.0 && self.rng.gen_bool(self.epsilon) {
            let index = self.rng.gen_range(0..options.len());
            return options.swap_remove(index);
        }
        // Each determinization scores every option, so that they are compared on the
        // same imagined hidden cards; the scores are summed over the determinizations.
        let samples = self
            .samples
            .unwrap_or_else(|| game.search_samples())
            .clamp(1, MAX_SAMPLES);
        let mut scores = vec![0.0; options.len()];
        for _ in 0..samples {
            let mut imagined = game.determinize(seat, self.rng.next_u64());
            imagined.set_logging(false);
            for (total, a) in scores.iter_mut().zip(&options) {
                *total += score(&imagined, seat, a);
            }
        }
        let best = scores.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        let mut tied: Vec<usize> = (0..options.len())
            .filter(|&i| scores[i] >= best - SCORE_EPSILON)
            .collect();
        let pick = tied.swap_remove(self.rng.gen_range(0..tied.len()));
        options.swap_remove(pick)
    }
}
