//! Information-set Monte Carlo tree search, single-observer variant (SO-ISMCTS;
//! Cowling, Powley & Whitehouse, "Information Set Monte Carlo Tree Search", 2012).
//!
//! Plain MCTS on the real game state would peek at hidden cards. ISMCTS instead
//! starts every iteration from a fresh [`Game::determinize`] of the root as the
//! searching seat sees it, and grows one tree over all those determinizations: a node
//! stands for a sequence of actions, not a state. An action can be legal in one
//! determinization and not in another, so UCB1 uses how often a child was *available*
//! instead of how often its parent was visited.

use crate::Player;
use crossover_kernel::{Game, Seat};
use rand::{Rng, RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::hash::{Hash, Hasher};
use std::time::{Duration, Instant};

/// Search iterations per decision when a spec gives no budget.
pub const DEFAULT_ISMCTS_ITERATIONS: u32 = 1000;

/// The UCB1 exploration constant when a spec gives none. Rewards lie in [0, 1], where
/// the textbook value is √2 ≈ 1.4; heuristic leaf values are less noisy than playout
/// results, so the search can afford to exploit more.
pub const DEFAULT_EXPLORATION: f64 = 0.7;

/// The most search threads one player may use; more is surely a typo.
pub const MAX_ISMCTS_THREADS: usize = 256;

/// Forced decisions (a single option) one iteration applies at most; beyond that it
/// evaluates the position as it is. Guards against a game that keeps asking forced
/// questions forever.
const MAX_FORCED_STEPS: u32 = 10_000;

/// How many first options finish a leaf that is halfway through a move.
const MAX_FOLLOW_UP_STEPS: u32 = 50;

/// How much search one decision gets.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Budget {
    /// A fixed number of iterations, shared among the threads; the choice is then a
    /// function of the seed, the thread count and the position.
    Iterations(u32),
    /// Wall-clock milliseconds; each thread iterates until the time is up (at least
    /// once). Not reproducible: the iteration count depends on the machine's load.
    Millis(u64),
}

/// The settings of an [`IsmctsPlayer`]; [`IsmctsConfig::validate`] says which are
/// allowed.
#[derive(Debug, Clone, PartialEq)]
pub struct IsmctsConfig {
    pub budget: Budget,
    /// Root parallelism: each thread grows its own tree, and the root statistics are
    /// summed at the end.
    pub threads: usize,
    /// The UCB1 exploration constant `c`.
    pub exploration: f64,
    /// How many random actions to play from a new leaf before scoring it (0: score the
    /// leaf itself with [`Game::heuristic`]).
    pub rollout: u32,
}

impl Default for IsmctsConfig {
    fn default() -> Self {
        IsmctsConfig {
            budget: Budget::Iterations(DEFAULT_ISMCTS_ITERATIONS),
            threads: 1,
            exploration: DEFAULT_EXPLORATION,
            rollout: 0,
        }
    }
}

impl IsmctsConfig {
    /// Refuse settings that would make the search meaningless or hang.
    pub fn validate(&self) -> Result<(), String> {
        match self.budget {
            Budget::Iterations(0) => return Err("iterations must be at least 1".into()),
            Budget::Millis(0) => return Err("ms must be at least 1".into()),
            _ => {}
        }
        if !(1..=MAX_ISMCTS_THREADS).contains(&self.threads) {
            return Err(format!(
                "threads must be from 1 to {MAX_ISMCTS_THREADS}, not {}",
                self.threads
            ));
        }
        if !(self.exploration.is_finite() && self.exploration >= 0.0) {
            return Err(format!(
                "c (the exploration constant) must be a number of at least 0, not {}",
                self.exploration
            ));
        }
        Ok(())
    }

    /// The canonical player spec for these settings, e.g. `ismcts:iterations=1000`;
    /// [`crate::player_from_spec`] builds the same settings back from it. Settings at
    /// their default are left out, except the budget.
    pub fn spec(&self) -> String {
        let mut spec = match self.budget {
            Budget::Iterations(n) => format!("ismcts:iterations={n}"),
            Budget::Millis(ms) => format!("ismcts:ms={ms}"),
        };
        if self.threads != 1 {
            spec += &format!(",threads={}", self.threads);
        }
        if self.exploration != DEFAULT_EXPLORATION {
            spec += &format!(",c={}", self.exploration);
        }
        if self.rollout != 0 {
            spec += &format!(",rollout={}", self.rollout);
        }
        spec
    }
}

/// What one root action got from the search.
#[derive(Debug, Clone, PartialEq)]
pub struct ActionStats<A> {
    pub action: A,
    /// Iterations that went through this action, summed over the threads.
    pub visits: u64,
    /// The mean reward of those iterations for the searching seat, in [0, 1]; 0 when
    /// never visited.
    pub mean: f64,
}

/// The result of one [`IsmctsPlayer::search`]: the choice and the evidence behind it.
#[derive(Debug, Clone, PartialEq)]
pub struct SearchReport<A> {
    /// The chosen action: the most visited root action (ties: the higher mean, then
    /// the earlier legal option).
    pub action: A,
    /// Iterations run, summed over the threads; 0 when the decision was forced.
    pub iterations: u64,
    /// Tree nodes built, summed over the threads (the root included).
    pub nodes: u64,
    /// One entry per legal option at the root, in the game's order.
    pub actions: Vec<ActionStats<A>>,
}

/// A computer player that searches with single-observer ISMCTS (see the module
/// documentation). It only ever plays on determinized copies of the game, so it
/// never uses information its seat may not see.
#[derive(Debug, Clone)]
pub struct IsmctsPlayer {
    config: IsmctsConfig,
    /// Draws one search seed per decision, so successive decisions (and players with
    /// different seeds) explore differently, yet every game replays exactly.
    rng: ChaCha8Rng,
}

impl IsmctsPlayer {
    /// A player with the default settings ([`IsmctsConfig::default`]).
    pub fn new(seed: u64) -> Self {
        IsmctsPlayer {
            config: IsmctsConfig::default(),
            rng: ChaCha8Rng::seed_from_u64(seed),
        }
    }

    /// A player with these settings, if [`IsmctsConfig::validate`] accepts them.
    pub fn with_config(seed: u64, config: IsmctsConfig) -> Result<Self, String> {
        config.validate()?;
        Ok(IsmctsPlayer {
            config,
            rng: ChaCha8Rng::seed_from_u64(seed),
        })
    }

    pub fn config(&self) -> &IsmctsConfig {
        &self.config
    }

    /// Search the pending decision of `game` and report the choice with its root
    /// statistics. [`Player::choose`] returns the report's action; benchmarks use the
    /// iteration count.
    ///
    /// # Panics
    /// If there is no pending decision or it has no options.
    pub fn search<G: Game>(&mut self, game: &G) -> SearchReport<G::Action> {
        // Drawn before anything else, so every call advances the stream the same way.
        let search_seed = self.rng.next_u64();
        let decision = game
            .decision()
            .expect("IsmctsPlayer asked to choose with no pending decision");
        let mut options = decision.options;
        assert!(
            !options.is_empty(),
            "IsmctsPlayer asked to choose with no legal action"
        );
        if options.len() == 1 {
            let action = options.swap_remove(0);
            return SearchReport {
                action: action.clone(),
                iterations: 0,
                nodes: 0,
                actions: vec![ActionStats {
                    action,
                    visits: 0,
                    mean: 0.0,
                }],
            };
        }

        let settings = Settings {
            me: decision.seat,
            exploration: self.config.exploration,
            rollout: self.config.rollout,
        };
        let threads = self.config.threads;
        let deadline = match self.config.budget {
            Budget::Millis(ms) => Some(Instant::now() + Duration::from_millis(ms)),
            Budget::Iterations(_) => None,
        };
        // The iterations of thread `t`, or None when it runs until the deadline.
        let quota = |t: usize| match self.config.budget {
            Budget::Iterations(n) => {
                let (n, threads) = (n as u64, threads as u64);
                Some(n / threads + u64::from((t as u64) < n % threads))
            }
            Budget::Millis(_) => None,
        };
        let run = |t: usize| {
            let mut rng = ChaCha8Rng::seed_from_u64(search_seed);
            rng.set_stream(t as u64);
            let mut tree = Tree::new(game, settings, rng);
            match quota(t) {
                Some(n) => {
                    for done in 1..=n {
                        tree.iterate();
                        // Alone, a tree whose most visited root action can no longer be
                        // overtaken has made its choice: the iterations left could not
                        // change it, so they are skipped (the same choice, sooner).
                        if threads == 1 && done % DECIDED_EVERY == 0 && tree.decided(n - done) {
                            break;
                        }
                    }
                }
                None => loop {
                    tree.iterate();
                    if deadline.is_some_and(|d| Instant::now() >= d) {
                        break;
                    }
                },
            }
            tree.finish()
        };
        let busy: Vec<usize> = (0..threads).filter(|&t| quota(t) != Some(0)).collect();
        let results: Vec<TreeResult<G::Action>> = if busy.len() == 1 {
            vec![run(busy[0])]
        } else {
            let run = &run;
            std::thread::scope(|scope| {
                let handles: Vec<_> = busy.iter().map(|&t| scope.spawn(move || run(t))).collect();
                // Joined in thread order, so the sums below are the same every run.
                handles
                    .into_iter()
                    .map(|h| h.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
                    .collect()
            })
        };
        merge(options, &results)
    }
}

impl<G: Game> Player<G> for IsmctsPlayer {
    fn name(&self) -> String {
        self.config.spec()
    }

    /// # Panics
    /// If there is no pending decision or it has no options.
    fn choose(&mut self, game: &G) -> G::Action {
        self.search(game).action
    }
}

/// Sum the root statistics of every tree over the root's real options, and pick.
fn merge<A: Clone + Eq>(options: Vec<A>, results: &[TreeResult<A>]) -> SearchReport<A> {
    let actions: Vec<ActionStats<A>> = options
        .into_iter()
        .map(|action| {
            let (mut visits, mut reward) = (0u64, 0.0f64);
            for edge in results.iter().flat_map(|r| &r.root) {
                if edge.action == action {
                    visits += u64::from(edge.visits);
                    reward += edge.reward;
                }
            }
            let mean = if visits == 0 {
                0.0
            } else {
                reward / visits as f64
            };
            ActionStats {
                action,
                visits,
                mean,
            }
        })
        .collect();
    let mut best = 0;
    for (i, s) in actions.iter().enumerate().skip(1) {
        let b = &actions[best];
        if s.visits > b.visits || (s.visits == b.visits && s.mean > b.mean) {
            best = i;
        }
    }
    SearchReport {
        action: actions[best].action.clone(),
        iterations: results.iter().map(|r| r.iterations).sum(),
        nodes: results.iter().map(|r| r.nodes).sum(),
        actions,
    }
}

/// The per-search settings every thread's tree shares.
#[derive(Debug, Clone, Copy)]
struct Settings {
    /// The searching seat: determinizations are made from its point of view.
    me: Seat,
    exploration: f64,
    rollout: u32,
}

/// An edge of the tree: an action taken at its parent node, with its statistics from
/// the point of view of the seat that chose it.
#[derive(Debug)]
struct Edge<A> {
    action: A,
    /// A cheap hash of `action`, compared before the action itself.
    key: u64,
    visits: u32,
    /// Iterations in which this action was legal when its parent was reached by
    /// selection (UCB1's "parent visits", for moves that are not always available).
    available: u32,
    /// The sum of the rewards of the visits.
    reward: f64,
    /// The node this action leads to.
    child: u32,
}

/// A tree node; its children are small, so a linear scan finds them.
#[derive(Debug)]
struct Node<A> {
    edges: Vec<Edge<A>>,
}

/// What one thread's search leaves behind.
struct TreeResult<A> {
    iterations: u64,
    nodes: u64,
    root: Vec<Edge<A>>,
}

/// How often (in iterations) a lone tree checks whether its choice is already made.
const DECIDED_EVERY: u64 = 16;

/// Marks a legal action that has no edge yet at the current node.
const UNTRIED: u32 = u32::MAX;

/// One thread's search tree, kept in an arena, plus scratch buffers reused by every
/// iteration so the inner loop allocates only what the game itself does.
struct Tree<'g, G: Game> {
    root: &'g G,
    settings: Settings,
    rng: ChaCha8Rng,
    nodes: Vec<Node<G::Action>>,
    iterations: u64,
    /// The edges taken this iteration: (node, edge index, seat that chose).
    path: Vec<(u32, u32, Seat)>,
    /// Per legal option at the current node: its key, and its edge index or UNTRIED.
    keys: Vec<u64>,
    slots: Vec<u32>,
    /// The leaf value, indexed by seat.
    rewards: Vec<f64>,
}

impl<'g, G: Game> Tree<'g, G> {
    fn new(root: &'g G, settings: Settings, rng: ChaCha8Rng) -> Self {
        Tree {
            root,
            settings,
            rng,
            nodes: vec![Node { edges: Vec::new() }],
            iterations: 0,
            path: Vec::new(),
            keys: Vec::new(),
            slots: Vec::new(),
            rewards: vec![0.0; root.seat_count()],
        }
    }

    /// Whether the root's most visited action stays the most visited (strictly, so
    /// no tie-break can change it) whatever `left` more iterations do.
    fn decided(&self, left: u64) -> bool {
        let (mut first, mut second) = (0u64, 0u64);
        for edge in &self.nodes[0].edges {
            let v = u64::from(edge.visits);
            if v > first {
                second = first;
                first = v;
            } else if v > second {
                second = v;
            }
        }
        first > second + left
    }

    fn finish(mut self) -> TreeResult<G::Action> {
        TreeResult {
            iterations: self.iterations,
            nodes: self.nodes.len() as u64,
            root: std::mem::take(&mut self.nodes[0].edges),
        }
    }

    /// One iteration: determinize, descend (selecting or expanding), evaluate the
    /// leaf, and back the value up the path.
    fn iterate(&mut self) {
        let mut game = self.root.determinize(self.settings.me, self.rng.next_u64());
        // Nobody reads the log of an imagined game; formatting it would only cost time.
        game.set_logging(false);
        self.path.clear();
        let mut node = 0u32;
        let mut expanded = false;
        let mut forced = 0u32;
        while let Some(seat) = game.to_move() {
            let mut options = game.legal_actions();
            // A forced decision is no choice: apply it without a node, so the tree only
            // branches where someone really chooses.
            if options.len() <= 1 {
                forced += 1;
                match options.pop() {
                    Some(only) if forced <= MAX_FORCED_STEPS => {
                        game.apply_offered(&only);
                        continue;
                    }
                    _ => break,
                }
            }
            if expanded {
                break;
            }
            // Below the root, a decision the game answers for the search is no branch
            // either (the root is the decision asked for, and must branch).
            if !self.path.is_empty() {
                if let Some(default) = game.search_default() {
                    forced += 1;
                    if forced > MAX_FORCED_STEPS {
                        break;
                    }
                    game.apply_offered(&default);
                    continue;
                }
            }
            self.match_edges(node, &options);
            let untried = self.slots.iter().filter(|&&s| s == UNTRIED).count();
            let edge = if untried > 0 {
                // Expand: one untried action, chosen uniformly.
                let nth = self.rng.gen_range(0..untried);
                let index = (0..options.len())
                    .filter(|&i| self.slots[i] == UNTRIED)
                    .nth(nth)
                    .expect("nth < untried");
                let key = self.keys[index];
                let action = options.swap_remove(index);
                expanded = true;
                self.add_edge(node, action, key)
            } else {
                self.select(node)
            };
            self.path.push((node, edge, seat));
            let edge = &self.nodes[node as usize].edges[edge as usize];
            node = edge.child;
            game.apply_offered(&edge.action);
        }
        self.evaluate(game);
        for &(node, edge, seat) in &self.path {
            let edge = &mut self.nodes[node as usize].edges[edge as usize];
            edge.visits += 1;
            edge.reward += self.rewards[seat];
        }
        self.iterations += 1;
    }

    /// Fill `keys` and `slots` for the legal `options` at `node`.
    fn match_edges(&mut self, node: u32, options: &[G::Action]) {
        let edges = &self.nodes[node as usize].edges;
        self.keys.clear();
        self.slots.clear();
        for action in options {
            let key = key_of(action);
            let slot = edges
                .iter()
                .position(|e| e.key == key && e.action == *action)
                .map_or(UNTRIED, |i| i as u32);
            self.keys.push(key);
            self.slots.push(slot);
        }
    }

    fn add_edge(&mut self, node: u32, action: G::Action, key: u64) -> u32 {
        let child = self.nodes.len() as u32;
        self.nodes.push(Node { edges: Vec::new() });
        let edges = &mut self.nodes[node as usize].edges;
        if edges.is_empty() {
            // Most nodes see the same options in every determinization.
            edges.reserve_exact(self.slots.len());
        }
        edges.push(Edge {
            action,
            key,
            visits: 0,
            available: 1,
            reward: 0.0,
            child,
        });
        (edges.len() - 1) as u32
    }

    /// UCB1 with availability counts among the edges `match_edges` found legal (all
    /// of the options, since none is untried); every one of them was available.
    fn select(&mut self, node: u32) -> u32 {
        let c = self.settings.exploration;
        let edges = &mut self.nodes[node as usize].edges;
        let mut best = (UNTRIED, f64::NEG_INFINITY);
        for &slot in &self.slots {
            let edge = &mut edges[slot as usize];
            edge.available += 1;
            let score = if edge.visits == 0 {
                f64::INFINITY
            } else {
                let visits = f64::from(edge.visits);
                edge.reward / visits + c * (f64::from(edge.available).ln() / visits).sqrt()
            };
            if score > best.1 {
                best = (slot, score);
            }
        }
        best.0
    }

    /// Score the leaf for every seat into `rewards`, after the optional random
    /// rollout.
    fn evaluate(&mut self, mut game: G) {
        // A leaf halfway through a move (a card being paid for) is finished with its
        // first options before it is scored, when the game says so.
        for _ in 0..MAX_FOLLOW_UP_STEPS {
            if game.quiet() != Some(false) {
                break;
            }
            let options = game.legal_actions();
            let Some(first) = options.first() else {
                break;
            };
            // The game's own answer (Game::search_default) where it gives one, as in
            // the tree.
            match game.search_default() {
                Some(default) => game.apply_offered(&default),
                None => game.apply_offered(first),
            }
        }
        for _ in 0..self.settings.rollout {
            let options = game.legal_actions();
            if options.is_empty() {
                break;
            }
            let pick = self.rng.gen_range(0..options.len());
            game.apply_offered(&options[pick]);
        }
        let outcome = game.outcome();
        for (seat, reward) in self.rewards.iter_mut().enumerate() {
            *reward = match &outcome {
                Some(outcome) => outcome.reward(seat),
                // A NaN would poison every sum it reached.
                None => match game.heuristic(seat) {
                    h if h.is_nan() => 0.0,
                    h => h.clamp(0.0, 1.0),
                },
            };
        }
    }
}

/// A fast, fixed-key hash of an action (FxHash-style); only used to skip most
/// equality tests when matching legal actions to edges.
fn key_of<A: Hash>(action: &A) -> u64 {
    let mut hasher = KeyHasher(0);
    action.hash(&mut hasher);
    hasher.finish()
}

struct KeyHasher(u64);

impl KeyHasher {
    fn add(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
}

impl Hasher for KeyHasher {
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.add(u64::from_le_bytes(word));
        }
    }
    fn write_u8(&mut self, n: u8) {
        self.add(n.into());
    }
    fn write_u16(&mut self, n: u16) {
        self.add(n.into());
    }
    fn write_u32(&mut self, n: u32) {
        self.add(n.into());
    }
    fn write_u64(&mut self, n: u64) {
        self.add(n);
    }
    fn write_usize(&mut self, n: usize) {
        self.add(n as u64);
    }
    fn finish(&self) -> u64 {
        self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn stats(action: u8, visits: u64, mean: f64) -> ActionStats<u8> {
        ActionStats {
            action,
            visits,
            mean,
        }
    }

    fn edge(action: u8, visits: u32, reward: f64) -> Edge<u8> {
        Edge {
            action,
            key: key_of(&action),
            visits,
            available: visits,
            reward,
            child: 0,
        }
    }

    fn result(root: Vec<Edge<u8>>) -> TreeResult<u8> {
        TreeResult {
            iterations: root.iter().map(|e| u64::from(e.visits)).sum(),
            nodes: root.len() as u64 + 1,
            root,
        }
    }

    #[test]
    fn merge_sums_threads_and_picks_the_most_visited() {
        let a = result(vec![edge(2, 3, 1.5), edge(1, 5, 1.0)]);
        let b = result(vec![edge(1, 1, 1.0), edge(2, 4, 4.0), edge(9, 50, 50.0)]);
        let report = merge(vec![1, 2, 3], &[a, b]);
        // Action 9 is not a real option at the root, so it is ignored.
        assert_eq!(
            report.actions,
            vec![
                stats(1, 6, 2.0 / 6.0),
                stats(2, 7, 5.5 / 7.0),
                stats(3, 0, 0.0)
            ]
        );
        assert_eq!(report.action, 2);
        assert_eq!(report.iterations, 8 + 55);
        assert_eq!(report.nodes, 3 + 4);
    }

    #[test]
    fn merge_breaks_ties_by_mean_then_by_order() {
        let by_mean = merge(
            vec![1, 2],
            &[result(vec![edge(1, 4, 1.0), edge(2, 4, 2.0)])],
        );
        assert_eq!(by_mean.action, 2);
        let by_order = merge(
            vec![1, 2],
            &[result(vec![edge(2, 4, 2.0), edge(1, 4, 2.0)])],
        );
        assert_eq!(by_order.action, 1);
        let unvisited = merge(vec![7, 8], &[]);
        assert_eq!(unvisited.action, 7);
    }

    #[test]
    fn configs_are_validated() {
        assert_eq!(IsmctsConfig::default().validate(), Ok(()));
        let bad = [
            IsmctsConfig {
                budget: Budget::Iterations(0),
                ..Default::default()
            },
            IsmctsConfig {
                budget: Budget::Millis(0),
                ..Default::default()
            },
            IsmctsConfig {
                threads: 0,
                ..Default::default()
            },
            IsmctsConfig {
                threads: MAX_ISMCTS_THREADS + 1,
                ..Default::default()
            },
            IsmctsConfig {
                exploration: -0.1,
                ..Default::default()
            },
            IsmctsConfig {
                exploration: f64::NAN,
                ..Default::default()
            },
            IsmctsConfig {
                exploration: f64::INFINITY,
                ..Default::default()
            },
        ];
        for config in bad {
            assert!(config.validate().is_err(), "{config:?} was accepted");
            assert!(IsmctsPlayer::with_config(0, config).is_err());
        }
    }

    #[test]
    fn specs_name_the_budget_and_the_settings_off_their_default() {
        assert_eq!(IsmctsConfig::default().spec(), "ismcts:iterations=1000");
        let config = IsmctsConfig {
            budget: Budget::Millis(250),
            threads: 2,
            exploration: 1.5,
            rollout: 10,
        };
        assert_eq!(config.spec(), "ismcts:ms=250,threads=2,c=1.5,rollout=10");
    }

    #[test]
    fn keys_tell_actions_apart() {
        let keys: std::collections::HashSet<u64> = (0u32..1000).map(|n| key_of(&n)).collect();
        assert_eq!(keys.len(), 1000);
        assert_eq!(key_of(&"abc"), key_of(&"abc"));
        assert_ne!(key_of(&"abc"), key_of(&"abd"));
    }
}
