//! Building blocks for rules tests: small card definitions written in Rust, and a way
//! to put a board together (board state → actions → expected state).

use crate::action::Action;
use crate::db::CardDb;
use crate::model::*;
use crate::setup::{PlayerSetup, Setup};
use crate::state::*;
use crossover_kernel::{GameRng, Seat};
use std::sync::Arc;

pub fn character(number: &str, name: &str, atk: i32, def: i32, health: i32, team: Team) -> CardDef {
    CardDef {
        number: number.into(),
        name: name.into(),
        aka: None,
        kind: CardKind::Supporting,
        cost: Some(1),
        atk,
        def,
        health,
        teams: vec![team],
        triple_team: false,
        timing: None,
        symbols: vec![],
        powers: vec![],
        effect: vec![],
        levels: vec![],
        banned: false,
        pile: false,
        source: "testkit".into(),
        omitted: Default::default(),
        token: Default::default(),
    }
}

pub fn with_keyword(mut c: CardDef, k: Keyword) -> CardDef {
    c.powers.push(Power {
        name: k.name().into(),
        body: PowerBody::Keyword(k),
    });
    c
}

pub fn main_character(
    number: &str,
    name: &str,
    level: u8,
    atk: i32,
    def: i32,
    team: Team,
) -> CardDef {
    let mut c = character(number, name, atk, def, 5, team);
    c.kind = CardKind::MainCharacter { level };
    c.cost = None;
    c
}

pub fn location(number: &str, name: &str, sym: Symbol) -> CardDef {
    let mut c = character(number, name, 0, 0, 0, Team::Avengers);
    c.kind = CardKind::Location;
    c.teams.clear();
    c.cost = None;
    c.symbols = vec![sym];
    c
}

pub fn plot_twist(number: &str, name: &str, timing: Timing, effect: Vec<Step>) -> CardDef {
    let mut c = character(number, name, 0, 0, 0, Team::Avengers);
    c.kind = CardKind::PlotTwist;
    c.teams.clear();
    c.cost = None;
    c.timing = Some(timing);
    c.effect = effect;
    c
}

/// A Super Power (Super Powers p.18) to add to a card with [`with_power`].
pub fn super_power(name: &str, timing: Timing, cost: Vec<Symbol>, effect: Vec<Step>) -> Power {
    Power {
        name: name.into(),
        body: PowerBody::Super(SuperPower {
            timing,
            cost,
            effect,
            reaction: None,
            only_if: None,
            once_per_game: false,
            start_of_main_only: false,
            any_number_each_turn: Default::default(),
            repeatable: crossover_kernel::Added(false),
            once_per_level: Default::default(),
        }),
    }
}

/// A Reaction power (Reaction Powers p.19) that reacts to `on`.
pub fn reaction_power(name: &str, on: TriggerOn, cost: Vec<Symbol>, effect: Vec<Step>) -> Power {
    let mut p = super_power(name, Timing::Reaction, cost, effect);
    if let PowerBody::Super(sp) = &mut p.body {
        sp.reaction = Some(on);
    }
    p
}

/// A triggered power (Triggers p.16) with no intervening clause.
pub fn triggered(name: &str, on: TriggerOn, effect: Vec<Step>) -> Power {
    Power {
        name: name.into(),
        body: PowerBody::Triggered(Triggered {
            on,
            if_cond: None,
            while_cond: None,
            effect,
            once_per_turn: Default::default(),
        }),
    }
}

/// A continuous power, or a conditional one when `while_cond` is set (p.18).
pub fn static_power(name: &str, while_cond: Option<Cond>, effect: Static) -> Power {
    Power {
        name: name.into(),
        body: PowerBody::Static(Conditional { while_cond, effect }),
    }
}

pub fn with_power(mut c: CardDef, p: Power) -> CardDef {
    c.powers.push(p);
    c
}

/// An equipment card (Playing Equipment p.15); `team` is its team symbol, if any.
pub fn equipment(
    number: &str,
    name: &str,
    cost: u8,
    team: Option<Team>,
    powers: Vec<Power>,
) -> CardDef {
    let mut c = character(number, name, 0, 0, 0, Team::Avengers);
    c.kind = CardKind::Equipment;
    c.teams = team.into_iter().collect();
    c.cost = Some(cost);
    c.powers = powers;
    c
}

/// A team's special location (Resources and Locations p.25).
pub fn special_location(number: &str, name: &str, team: Team, symbols: Vec<Symbol>) -> CardDef {
    let mut c = location(number, name, Symbol::Might);
    c.kind = CardKind::SpecialLocation;
    c.teams = vec![team];
    c.symbols = symbols;
    c
}

/// A database of simple test cards: `t-mc1` (L1 main, 2/5), `t-mc2` (its L2, 5/7),
/// `t-vanilla` (2/2 Avengers), `t-loc` (Might location), plus `extra`.
pub fn db(extra: Vec<CardDef>) -> Arc<CardDb> {
    let mut mc1 = main_character("t-mc1", "Test Hero", 1, 2, 5, Team::Avengers);
    mc1.levels = vec!["t-mc2".into()];
    let mut mc2 = main_character("t-mc2", "Test Hero", 2, 5, 7, Team::Avengers);
    mc2.levels = vec!["t-mc1".into()];
    let mut cards = vec![
        mc1,
        mc2,
        character("t-vanilla", "Vanilla", 2, 2, 1, Team::Avengers),
        location("t-loc", "Test Fortress", Symbol::Might),
    ];
    cards.extend(extra);
    CardDb::new(cards)
}

/// A two-player setup: both play `t-mc1` and 60 of `deck_card` (default `t-vanilla`).
pub fn setup(deck_card: &str) -> Setup {
    let p = |name: &str| PlayerSetup {
        name: name.into(),
        main: "t-mc1".into(),
        deck: vec![deck_card.to_string(); 60],
        versions: Vec::new(),
    };
    Setup {
        variant: Variant::TwoPlayer,
        players: vec![p("Ada"), p("Bo")],
        cards: Default::default(),
    }
}

/// Start a game and play through setup (seat 0 goes first, main characters in front,
/// no mulligans), stopping at the first player's first Resource Step.
pub fn started(db: Arc<CardDb>, deck_card: &str, seed: u64) -> GameState {
    started_with(db, &setup(deck_card), seed)
}

/// A setup for `variant` with `n` players, each playing `main` and 60 of `deck_card`.
pub fn setup_n(variant: Variant, n: usize, main: &str, deck_card: &str) -> Setup {
    let names = ["Ada", "Bo", "Cy", "Di"];
    Setup {
        variant,
        players: (0..n)
            .map(|i| PlayerSetup {
                name: names[i % names.len()].into(),
                main: main.into(),
                deck: vec![deck_card.to_string(); 60],
                versions: Vec::new(),
            })
            .collect(),
        cards: Default::default(),
    }
}

/// Like [`started`] for any setup: seat 0 is the randomly chosen player and goes
/// first, main characters go in front, nobody mulligans.
pub fn started_with(db: Arc<CardDb>, setup: &Setup, seed: u64) -> GameState {
    let mut g = GameState::with_db(db, setup, seed).expect("setup");
    if matches!(g.pending, Pending::ChooseFirst { .. }) {
        // Let the random choice of the deciding player fall on seat 0.
        g.chooser = 0;
        g.pending = Pending::ChooseFirst { seat: 0 };
    }
    loop {
        let a = match &g.pending {
            Pending::ChooseFirst { seat } => Action::GoFirst(*seat == 0),
            Pending::PlaceMain { .. } => Action::PlaceMain(Row::Front),
            Pending::Mulligan { .. } => Action::Mulligan(false),
            _ => break,
        };
        crossover_kernel::Game::apply(&mut g, &a).expect("setup action");
    }
    g
}

impl GameState {
    /// Test helper: jump to the turn player's Main Phase with nothing pending.
    pub fn goto_main(&mut self) {
        self.phase = Phase::Main;
        self.frames.clear();
        self.triggers.clear();
        self.settle();
    }
}

/// Board editing for tests: setting a condition or a turn-structure field directly, the
/// way a test sets up a position (the rules themselves change these only through the
/// atoms and the turn structure).
impl GameState {
    pub fn set_xp(&mut self, c: CardId, xp: u8) {
        self.cards[c as usize].xp = xp;
    }
    pub fn set_wounds(&mut self, c: CardId, wounds: u8) {
        self.cards[c as usize].wounds = wounds;
    }
    pub fn set_exhausted(&mut self, c: CardId, exhausted: bool) {
        self.cards[c as usize].exhausted = exhausted;
    }
    pub fn set_token(&mut self, c: CardId, token: bool) {
        self.cards[c as usize].token = token;
    }
    /// Make card `c` another definition (what determinizing does to a hidden card).
    pub fn set_def(&mut self, c: CardId, def: DefId) {
        self.cards[c as usize].def = def;
    }
    pub fn set_phase(&mut self, phase: Phase) {
        self.phase = phase;
    }
    pub fn set_pending(&mut self, pending: Pending) {
        self.pending = pending;
    }
    pub fn set_chooser(&mut self, seat: Seat) {
        self.chooser = seat;
    }
    pub fn set_turn_seat(&mut self, seat: Seat) {
        self.turn_seat = seat;
    }
    pub fn set_acting(&mut self, seat: Seat) {
        self.acting = seat;
    }
    pub fn set_rng(&mut self, rng: GameRng) {
        self.rng = rng;
    }
    /// Forget the triggers waiting to be put on the queue.
    pub fn clear_triggers(&mut self) {
        self.triggers.clear();
    }
    /// Each card of `seat`'s hand, in order, to the bottom of its deck (the last one
    /// ends up lowest).
    pub fn hand_to_deck_bottom(&mut self, seat: Seat) {
        let mut hand = self.players[seat].hand().clone();
        for &c in &hand {
            self.relist(c, Zone::Deck, seat);
        }
        hand.reverse();
        self.put_on_bottom_of_deck(seat, &hand);
    }
}

/// A verb's own test bench: `steps` (card-language steps, as a card file writes them
/// inside `(effect ...)`) become a main-timing plot twist with no team requirement in
/// Ada's hand (seat 0) in her Main Phase, with a vanilla 2/2 in each front
/// row beside the main characters. Returns the game, the plot twist, Ada's vanilla and
/// Bo's vanilla; play it with `Action::PlayPlotTwist`.
pub fn verb_bench(steps: &str) -> (GameState, CardId, CardId, CardId) {
    verb_bench_timed("main", steps)
}

/// [`verb_bench`] with the plot twist's timing words (`"combat"`, `"combat any-turn"`).
pub fn verb_bench_timed(timing: &str, steps: &str) -> (GameState, CardId, CardId, CardId) {
    let src = format!(
        "(card t-verb \"Verb Under Test\"\n  (plot-twist (timing {timing}))\n  (effect {steps}))\n"
    );
    let cards = crate::cardfile::parse_cards("verb-bench.cards", &src)
        .unwrap_or_else(|e| panic!("the steps compile: {e}"));
    let mut g = started(db(cards), "t-vanilla", 7);
    g.goto_main();
    let pt = g.spawn("t-verb", 0, Zone::Hand);
    let mine = g.spawn("t-vanilla", 0, Zone::Front);
    let theirs = g.spawn("t-vanilla", 1, Zone::Front);
    (g, pt, mine, theirs)
}

/// A verb's bench for steps about "this character": in Ada's Main Phase, her front row
/// holds a 2/2 (`t-verb-char`) whose Super Power has `timing` (`"main"`), costs one Might
/// and has `steps`, and her resource row a face-up Might location to pay for it; Bo has a
/// vanilla 2/2 in front. Returns the game, the character, the action that uses its power
/// and Bo's vanilla.
pub fn power_bench(timing: &str, steps: &str) -> (GameState, CardId, Action, CardId) {
    let src = format!(
        "(card t-verb-char \"Verb Bearer\"\n  (supporting (cost 1) (atk 2) (def 2) (health 1) (team avengers))\n  (power \"Under Test\" (super {timing} (cost might) {steps})))\n"
    );
    let cards = crate::cardfile::parse_cards("power-bench.cards", &src)
        .unwrap_or_else(|e| panic!("the steps compile: {e}"));
    let mut g = started(db(cards), "t-vanilla", 7);
    g.goto_main();
    let bearer = g.spawn("t-verb-char", 0, Zone::Front);
    let loc = g.spawn("t-loc", 0, Zone::Resources);
    let theirs = g.spawn("t-vanilla", 1, Zone::Front);
    let use_it = Action::UsePower {
        card: bearer,
        power: 0,
        payment: vec![crate::action::Pay::Flip(loc)],
    };
    (g, bearer, use_it, theirs)
}

/// A verb's bench for steps about a main character's own power: both players play
/// `t-vmc1` (a level 1 2/5 main character, with its level 2 5/7 `t-vmc2` set aside),
/// whose Super Power (main timing, one Might) has `steps`; Ada has a face-up Might
/// location to pay with and it is her Main Phase, with a vanilla 2/2 in each front row.
/// Returns the game, Ada's main character, the action that uses its power and Bo's
/// vanilla.
pub fn main_power_bench(steps: &str) -> (GameState, CardId, Action, CardId) {
    let power = format!("(power \"Under Test\" (super main (cost might) {steps}))");
    let src = format!(
        "(card t-vmc1 \"Verb Hero\"\n  (main 1 (atk 2) (def 5) (health 5) (team avengers) (levels t-vmc2))\n  {power})\n\
         (card t-vmc2 \"Verb Hero\"\n  (main 2 (atk 5) (def 7) (health 5) (team avengers) (levels t-vmc1))\n  {power})\n"
    );
    let cards = crate::cardfile::parse_cards("main-power-bench.cards", &src)
        .unwrap_or_else(|e| panic!("the steps compile: {e}"));
    let setup = setup_n(Variant::TwoPlayer, 2, "t-vmc1", "t-vanilla");
    let mut g = started_with(db(cards), &setup, 7);
    g.goto_main();
    let main = g.players[0].main;
    let loc = g.spawn("t-loc", 0, Zone::Resources);
    g.spawn("t-vanilla", 0, Zone::Front);
    let theirs = g.spawn("t-vanilla", 1, Zone::Front);
    let use_it = Action::UsePower {
        card: main,
        power: 0,
        payment: vec![crate::action::Pay::Flip(loc)],
    };
    (g, main, use_it, theirs)
}
