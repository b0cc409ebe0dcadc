//! The game-agnostic interface every Crossover game implements.
//!
//! A game is a value: created from a setup and a seed, it always states who must
//! decide and what the legal options are ([`Game::decision`]). Callers answer by
//! [`Game::apply`]-ing one of those options. The engine never calls out to a player,
//! so AI search, terminal clients, tests, network clients and replays all drive a
//! game the same way.

mod added;
mod replay;
mod rng;
pub mod small;

pub use added::Added;
pub use replay::{Replay, ReplayError, REPLAY_FORMAT};
pub use rng::GameRng;

use serde::{de::DeserializeOwned, Deserialize, Serialize};
use std::borrow::Cow;
use std::fmt::Debug;
use std::hash::Hash;

/// A player's position at the table, counted from 0 in turn order of the setup.
pub type Seat = usize;

/// An action was refused. `rule` names the rulebook section that forbids it, so a
/// player (or a test) can go and read why. The state is unchanged.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error, Serialize, Deserialize)]
#[error("illegal action ({rule}): {message}")]
pub struct RuleError {
    pub rule: Cow<'static, str>,
    pub message: Cow<'static, str>,
}

impl RuleError {
    /// Static texts are not copied: legal-action generation builds and drops many
    /// refusals, and they must cost next to nothing.
    pub fn new(rule: impl Into<Cow<'static, str>>, message: impl Into<Cow<'static, str>>) -> Self {
        RuleError {
            rule: rule.into(),
            message: message.into(),
        }
    }
}

/// A setup could not produce a game (bad deck, wrong number of seats, ...).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct SetupError(pub String);

/// How a finished game ended.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Outcome {
    /// These seats won (one seat, or a whole team, or every seat of a co-operative game).
    Win(Vec<Seat>),
    /// The game ended in a tie between these seats.
    Tie(Vec<Seat>),
    /// Every seat lost: in a co-operative game, the game itself won (the Marvel
    /// Champions villain completes its scheme or defeats every hero).
    AllLose,
}

impl Outcome {
    pub fn winners(&self) -> &[Seat] {
        match self {
            Outcome::Win(s) => s,
            Outcome::Tie(_) | Outcome::AllLose => &[],
        }
    }

    /// What the game was worth to `seat`, in [0, 1]: 1 for a win, 1/2 for a share of a
    /// tie, 0 otherwise. Every computer player and `sim` score games with this one
    /// mapping.
    pub fn reward(&self, seat: Seat) -> f64 {
        match self {
            Outcome::Win(seats) if seats.contains(&seat) => 1.0,
            Outcome::Tie(seats) if seats.contains(&seat) => 0.5,
            Outcome::Win(_) | Outcome::Tie(_) | Outcome::AllLose => 0.0,
        }
    }
}

/// The explicit pending decision: who must choose and every legal answer. What is being
/// asked, in words, is presentation: [`Presentation::prompt`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Decision<A> {
    pub seat: Seat,
    pub options: Vec<A>,
}

/// One entry of the readable event log. `visible_to` is `None` when every seat may
/// read it, or the one seat that may (a card drawn, a face-down resource).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct LogEntry {
    pub turn: u32,
    pub visible_to: Option<Seat>,
    pub text: String,
}

/// The rules of a game, as search and simulation need them: every game crate
/// implements it. What players read is apart, in [`Presentation`].
///
/// Invariants every implementation keeps (and the property tests check):
/// - all randomness comes from a [`GameRng`] inside the state;
/// - `apply` of an action not in `legal_actions` returns `Err` and leaves the state
///   unchanged (equal hash);
/// - `clone().state_hash() == state_hash()`, and a serde round trip gives an equal state.
///
/// Games and their actions are `Send + Sync` so that search players can explore one
/// position from several threads at once.
pub trait Game: Clone + Debug + Serialize + DeserializeOwned + Send + Sync {
    /// Everything needed to start a game besides the seed: variant, seats, decks, and
    /// the card pool they come from.
    type Setup: Clone + Debug + Serialize + DeserializeOwned;
    /// One answer to a pending decision.
    type Action: Clone + Debug + PartialEq + Eq + Hash + Serialize + DeserializeOwned + Send + Sync;

    /// A short machine name, e.g. `vs2pcg`.
    const NAME: &'static str;

    /// The version of the card data this game plays with; stored in replays.
    fn card_data_version(&self) -> String;

    fn new_game(setup: &Self::Setup, seed: u64) -> Result<Self, SetupError>;

    fn seat_count(&self) -> usize;

    /// The pending decision, or `None` once the game is over.
    fn decision(&self) -> Option<Decision<Self::Action>>;

    /// The legal answers to the pending decision (empty once the game is over).
    fn legal_actions(&self) -> Vec<Self::Action>;

    /// [`Game::legal_actions`] written into `out` (cleared first), so that a loop asking at
    /// every step reuses one buffer. The same actions in the same order.
    fn legal_actions_into(&self, out: &mut Vec<Self::Action>) {
        out.clear();
        out.extend(self.legal_actions());
    }

    /// The seat that must decide next, or `None` once the game is over: `decision()`
    /// without building the options, for search loops.
    fn to_move(&self) -> Option<Seat> {
        self.decision().map(|d| d.seat)
    }

    /// Apply an action that was taken from `legal_actions()` of this very state,
    /// without checking it again (simulations and search apply millions of offered
    /// actions). Debug builds still check. Anything from outside — a person, a file, a
    /// network — goes through [`Game::apply`].
    ///
    /// # Panics
    /// May panic, or leave the state inconsistent, if the action was not offered.
    fn apply_offered(&mut self, action: &Self::Action) {
        if let Err(e) = self.apply(action) {
            panic!("apply_offered of an action that was not offered: {e}");
        }
    }

    /// Apply one legal action. An illegal one is rejected with the rule that forbids
    /// it, and the state is left untouched.
    fn apply(&mut self, action: &Self::Action) -> Result<(), RuleError>;

    fn outcome(&self) -> Option<Outcome>;

    /// The action by which `seat` concedes now, if the game lets players concede (the
    /// Vs. System TCG, 102.5: any player still in the game, at any time, whoever is
    /// deciding). `apply` accepts it from that seat even though it is not the seat to
    /// move; `legal_actions` never lists it, so computer players, which choose from the
    /// legal actions, never concede. `None`, the default: the game has no concession
    /// (or `seat` can't concede now).
    fn concede(&self, _seat: Seat) -> Option<Self::Action> {
        None
    }

    /// A hash of the whole rules state (not of the log), stable across clones,
    /// serde round trips and runs.
    fn state_hash(&self) -> u64;

    /// The turn number, counted from 1 (in games played in rounds, the round).
    fn turn(&self) -> u32;

    /// Turn the readable event log on or off (a new game has it on). Simulations and
    /// search turn it off, and then no log text is ever formatted.
    fn set_logging(&mut self, on: bool);

    /// A quick estimate of how good the position is for `seat`, in [0, 1]; used by
    /// simple computer players.
    fn heuristic(&self, seat: Seat) -> f64;

    /// Whether [`Game::heuristic`] can judge this position as it stands (`Some(true)`),
    /// or it is halfway through one move — paying for a card, picking its target — and
    /// searches should play on before scoring it (`Some(false)`). `None`, the default:
    /// the game does not say, and the greedy player plays its seat's next decisions
    /// (a bounded number) before scoring.
    fn quiet(&self) -> Option<bool> {
        None
    }

    /// The answer a tree search may give this decision without branching on it, when
    /// it is not the decision being searched for: a step of a move whose options
    /// matter little next to the moves around it (which cards pay for a card), so that
    /// the search's iterations go to the moves. `None`, the default: every option is
    /// searched.
    fn search_default(&self) -> Option<Self::Action> {
        None
    }

    /// How many determinizations a one-ply search should average before it compares
    /// its options. One is enough where the hidden cards seldom change what a single
    /// decision leads to; a game where they often do (a face-down card that decides
    /// whether an attack is deadly) asks for more, so that one imagined deal does not
    /// decide the move.
    fn search_samples(&self) -> usize {
        1
    }

    /// A copy of the game as `seat` might imagine it: everything `seat` cannot see
    /// (other players' hands, the order of decks, face-down cards, the random stream)
    /// re-dealt at random from `seed`, consistently with everything it can see.
    ///
    /// The result must depend only on what `seat` may see and on `seed`: two games that
    /// differ only in cards hidden from `seat` give identical results. Search players
    /// play on determinized copies, so they never peek at hidden information.
    fn determinize(&self, seat: Seat, seed: u64) -> Self;

    /// The cards an action plays or uses (for per-card statistics), named so that
    /// different cards never share a name.
    fn cards_used(&self, _action: &Self::Action) -> Vec<String> {
        Vec::new()
    }

    /// Every card in this game that a player could play or use (for per-card
    /// statistics: cards never used show up with zero uses).
    fn card_pool(&self) -> Vec<String> {
        Vec::new()
    }
}

/// What a game shows to people: every function takes the seat that is looking, so what
/// one seat may not see (other hands, deck order, face-down cards) stays hidden by
/// construction. Clients, the command line and replays read a game only through this.
pub trait Presentation: Game {
    /// What one seat may see of the game, as data for clients.
    type View: Debug + Serialize;

    /// The game as `viewer` may see it.
    fn view(&self, viewer: Seat) -> Self::View;

    /// A text rendering of `view(viewer)` for terminal clients.
    fn render(&self, viewer: Seat) -> String;

    /// The pending decision's question as `viewer` may read it (the deciding seat reads
    /// the whole question; others may be told only who is deciding), or `None` once
    /// the game is over.
    fn prompt(&self, viewer: Seat) -> Option<String>;

    /// A player-facing sentence for an action, in the rulebook's words, as `viewer`
    /// may read it: a card `viewer` cannot see (another player's hand or face-down
    /// resource, a deck) is never named, only described by where it is.
    fn describe_action(&self, viewer: Seat, action: &Self::Action) -> String;

    /// The readable event log; entries hidden from `viewer` are left out.
    fn log_for(&self, viewer: Seat) -> Vec<&LogEntry>;
}

/// A stable 64-bit hash of any `Hash` value: SipHash-1-3 with zero keys from the
/// `siphasher` crate, whose output is fixed by its algorithm (std's `DefaultHasher` may
/// change between Rust releases, and saved replays store these hashes). The same in every
/// run and on every machine of the same endianness; pinned by test vectors.
pub fn stable_hash<T: Hash + ?Sized>(value: &T) -> u64 {
    use std::hash::Hasher;
    let mut h = siphasher::sip::SipHasher13::new_with_keys(0, 0);
    value.hash(&mut h);
    h.finish()
}

/// Runs `f` with the thread-local `key` holding `value`, then puts the old value back:
/// how a game's judgement is given other constants for tuning ([`Game::heuristic`] takes
/// no parameters, so the weights it reads are a thread's setting).
pub fn with_thread_value<T: Copy + 'static, R>(
    key: &'static std::thread::LocalKey<std::cell::Cell<T>>,
    value: T,
    f: impl FnOnce() -> R,
) -> R {
    let old = key.with(|c| c.replace(value));
    let r = f();
    key.with(|c| c.set(old));
    r
}
