//! Vs. System TCG scenarios (`game = "vstcg"`): a board stated in TOML, then actions and
//! expectations, run by the shared runner of `crossover-scenario` (docs/scenarios.md,
//! "Vs. System TCG"). Files live in `scenarios/vstcg/`, named `r<rule>-<what>.toml`.
//!
//! ```toml
//! game = "vstcg"
//! name = "602.7b: breakthrough is the attacker's ATK minus the defender's DEF"
//! rule = "602.7b"
//! note = "why the situation is the one the rule is about"
//! seed = 0                  # the game's randomness (default 0)
//! turn = 3                  # default 1 (0 with part = "setup")
//! initiative = "p0"         # default p0
//! part = "p0 attack step"   # setup | draw phase | build phase | combat phase |
//!                           # recovery phase | pN resource step | pN recruit step |
//!                           # pN formation step | pN attack step (default "p0 recruit step")
//! priority = "p1"           # who has priority (or decides): default the primary player
//! passes = 1                # players who passed in succession just before (default 0)
//! pending = "priority"      # the decision: priority (default), build (default in a
//!                           # resource step), formation (default in a formation step),
//!                           # mulligan (default in setup), initiative (setup)
//!
//! [[card]]                  # cards for this scenario only, in the card language
//! text = '''(card x-001 "Toad" "" (character (cost 2) (atk 3) (def 2) (affiliation "Brotherhood")))'''
//!
//! [[player]]                # seat 0 (p0, "Player 1" in the game's texts), then p1...p3
//! endurance = 50            # default 50
//! deck = ["trn-001"]        # TOP CARD FIRST
//! hand = ["trn-002", { card = "trn-101", id = "reflexes" }]
//! ko_pile = []              # in order, the last on top
//! removed = [{ card = "trn-003", face_down = true }]
//! resources = ["trn-001", { card = "trn-121", id = "grounds", face_up = true, exhausted = true },
//!              { card = "trn-104", revealed = true }]   # left to right, face down by default
//! characters = [{ card = "Toad", id = "toad", area = "visible", row = "front", col = 0,
//!                 exhausted = false, stunned = false, plus = 1, cosmic = false,
//!                 counters = { plague = 2 },   # named counters (215.1c), also on resources
//!                 equipment = { card = "trn-131", id = "blade" } }]
//! rp = 0                    # resource points in the pool (only in the player's recruit step)
//! # mulligan_decided = false: with part = "setup" (the default there; true otherwise)
//!
//! [[player]]
//! characters = [{ card = "trn-027", id = "hedda" }]
//!
//! [[chain]]                 # bottom first
//! play = { card = "trn-101", id = "qr" }   # a plot twist played from hand: it is on the chain
//! player = "p0"             # the controller (default: the primary player; for `use` and
//!                           # `trigger` the source's controller; for `power_up` and
//!                           # `reinforce` the target's)
//! targets = ["toad"]        # as many as the effect has: card ids, or players ("p1")
//! # Or: recruit = CARD (+ boost = true, host = "id" for an equipment; only the bottom
//! # effect, in its player's recruit step), play_from_row = "id" (a face-up plot twist in
//! # the row), use = "id" + power = N (a payment power; powers count from 0 in card
//! # order), trigger = "id" + power = N, power_up = "id", reinforce = "id" + by = "id",
//! # normal_draw = true (the bottom, in the draw phase).
//!
//! [attack]                  # an attack in the primary player's attack step
//! attackers = ["toad"]
//! defender = "hedda"        # a character's id, or a player ("p1") for a direct attack
//! started = true            # default true (the attack substep); false: only proposed
//! team = false              # default: two or more attackers
//! ```
//!
//! A card is its id or name (`"trn-007"`, `"Lieutenant Brask"`) or a table with `card`,
//! `id` (how steps name it; unique, not a player's name) and the keys its zone takes.
//! Without an `id`, a card is named by its card id or name when only one card of the
//! game has it. Characters default to the visible area (hidden if concealed), the front
//! row and the first free column from 0; an attacker of a started attack (named by its
//! `id`) is exhausted unless it says `exhausted = false`. Boards the rules can't reach are
//! refused at their line: a stunned character that is ready, two characters in one
//! position, an id given twice (one card in two places), more equipment on a character than it may have (302.3b), a
//! character or equipment in an area its icons don't allow, a face-up resource that is
//! not a location or plot twist, a cosmic counter on a stunned or non-cosmic character,
//! two unique characters of one name under one player, resource points outside the
//! player's recruit step, a recruit effect above the bottom of the chain or outside its
//! player's recruit step, a stunned attacker or defender, an attack outside an attack
//! step. A card file error is reported at its line in the `[[card]]` text.
//!
//! Steps: `choose = "text"` takes the one legal action whose description (as the
//! deciding seat reads it) is this text or, failing that, the only one starting with it;
//! none or several is an error listing the options. Typed actions, for actions that may
//! be illegal: `pass = true` (or `pass = 3`: that many passes in a row), `play`,
//! `recruit` (+ `boost = true`), `equip = { card, host }`, `use = { card, power }`,
//! `flip`, `attack = { attacker, defender }`, `join`, `propose = true`, `take_back =
//! true`, `target` (a card or "p1"), `place = { area, row, col }`, `build = "id"` /
//! `build = false`, `move = { card, row, col }`, `finish = true` (the formation),
//! `power_up = { target, discard }`, `reinforce = { defender, by }`, `hit`, `recover =
//! "id"` / `recover = false`, `pick`, `may = true | false`, `put_trigger` (the source's
//! id), `mulligan = true | false`, `initiative = "p1"`. `seat = "p1"` checks who decides;
//! `illegal = true` (with `rule`, text the refusal's rule number must contain) expects a
//! refusal that changes nothing.
//!
//! Expectations (`expect = { ... }`): `endurance`, `hand`, `deck`, `ko`, `removed`,
//! `resources`, `rp` (player → number); `stunned`, `not_stunned`, `exhausted`, `ready`,
//! `face_up`, `face_down` (lists of cards); `atk`, `def`, `plus`, `willpower` (card → number); `counters`
//! (`{ "xd dream" = 4 }`: a card's counters of one name, 215.1c); `sees_top` (`{ "p0 p1"
//! = "id" }`: the top card of p1's deck as seat p0's view shows it, or "none"; 708.9f,
//! 511.8); `zone`
//! (card → deck | hand | ko | removed | resource | play | chain); `position` (card →
//! "visible front 0", or for a resource its controller and place in the row, "p1 resource
//! 0"); `cosmic` (card → bool); `equipped` (equipment → host, or "none");
//! `chain` (bottom → top, each a text the effect's text contains) and `chain_length`;
//! `priority` ("p0" or "none"), `decision` (priority, target, place, build, formation,
//! team-up, order-attackers, hit-attacker, choose-skip, wrap-up, order-triggers, effect-choice, mulligan, initiative,
//! loop-count, none) and `decider`; `part`; `turn`; `initiative`; `attack = { attackers, defender,
//! started, team }` or `no_attack = true`; `outcome` ("p0 wins", "draw", "none"); `out`
//! and `in_game` (players); `options_include`, `options_exclude` (texts the decider's
//! options start with); `log` and `no_log` (a line of p0's log contains the text / none
//! does). The mutation test changes each of them (`mutations`).

use crate::action::Action;
use crate::db::{built_in_pool, register, CardPool, DefId};
use crate::ids::*;
use crate::model::*;
use crate::power::Power;
use crate::setup::{Deck, VsTcgSetup};
use crate::state::*;
use crate::VsTcg;
use crossover_cards::Pool;
use crossover_scenario::{Failure, Mutation, ScenarioError, ScenarioGame, Source, StepAt};
use serde::Deserialize;
use std::collections::BTreeMap;
use std::ops::Range;
use toml::Spanned;

/// The Vs. System TCG's scenarios, for [`crossover_scenario::runner`].
pub struct VsTcgScenarios;

/// The board: the file's top-level keys other than those the shared runner reads.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Board {
    #[serde(default)]
    seed: u64,
    turn: Option<Spanned<u32>>,
    initiative: Option<Spanned<String>>,
    part: Option<Spanned<String>>,
    priority: Option<Spanned<String>>,
    passes: Option<Spanned<u8>>,
    pending: Option<Spanned<String>>,
    #[serde(default)]
    card: Vec<CardText>,
    player: Spanned<Vec<Spanned<PlayerSpec>>>,
    #[serde(default)]
    chain: Vec<Spanned<ChainSpec>>,
    attack: Option<Spanned<AttackSpec>>,
}

/// `[[card]]`: one or more cards in the card language.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct CardText {
    text: Spanned<String>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct PlayerSpec {
    endurance: Option<i32>,
    /// Top card first.
    #[serde(default)]
    deck: Vec<Spanned<CardSpec>>,
    #[serde(default)]
    hand: Vec<Spanned<CardSpec>>,
    #[serde(default)]
    ko_pile: Vec<Spanned<CardSpec>>,
    #[serde(default)]
    removed: Vec<Spanned<CardSpec>>,
    /// Left to right.
    #[serde(default)]
    resources: Vec<Spanned<CardSpec>>,
    #[serde(default)]
    characters: Vec<Spanned<CardSpec>>,
    rp: Option<Spanned<u8>>,
    mulligan_decided: Option<Spanned<bool>>,
}

/// A card: its id or name, or a table with its state.
#[derive(Debug, Clone)]
enum CardSpec {
    Plain(String),
    Full(Box<CardState>),
}

impl CardSpec {
    fn from_value(v: toml::Value) -> Result<CardSpec, String> {
        match v {
            toml::Value::String(s) => Ok(CardSpec::Plain(s)),
            v @ toml::Value::Table(_) => CardState::deserialize(v)
                .map(|s| CardSpec::Full(Box::new(s)))
                .map_err(|e| e.message().to_string()),
            other => Err(format!(
                "a card is an id or name (\"trn-001\") or a table ({{ card = \"trn-001\", id = \"...\" }}), not {}",
                other.type_str()
            )),
        }
    }

    fn state(&self) -> CardState {
        match self {
            CardSpec::Plain(s) => CardState {
                card: s.clone(),
                ..CardState::default()
            },
            CardSpec::Full(s) => (**s).clone(),
        }
    }
}

/// A table's own error (an unknown key, a wrong type) is reported as it is, not as
/// "matches no form".
impl<'de> Deserialize<'de> for CardSpec {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        use serde::de::Error;
        CardSpec::from_value(toml::Value::deserialize(d)?).map_err(D::Error::custom)
    }
}

#[derive(Debug, Deserialize, Default, Clone)]
#[serde(deny_unknown_fields)]
struct CardState {
    card: String,
    id: Option<String>,
    // Characters.
    area: Option<String>,
    row: Option<String>,
    col: Option<i64>,
    stunned: Option<bool>,
    plus: Option<i64>,
    cosmic: Option<bool>,
    /// Named counters (215.1c) on a character or a resource: `{ dream = 3 }`.
    counters: Option<BTreeMap<String, i64>>,
    /// One equipment (a card or table), or a list of them.
    equipment: Option<toml::Value>,
    // Characters, equipment, resources.
    exhausted: Option<bool>,
    // Resources.
    face_up: Option<bool>,
    revealed: Option<bool>,
    // Removed from the game.
    face_down: Option<bool>,
}

impl CardState {
    /// The keys given, for "not allowed here" errors.
    fn keys(&self) -> Vec<&'static str> {
        let mut out = Vec::new();
        let flags: [(&'static str, bool); 12] = [
            ("counters", self.counters.is_some()),
            ("area", self.area.is_some()),
            ("row", self.row.is_some()),
            ("col", self.col.is_some()),
            ("stunned", self.stunned.is_some()),
            ("plus", self.plus.is_some()),
            ("cosmic", self.cosmic.is_some()),
            ("equipment", self.equipment.is_some()),
            ("exhausted", self.exhausted.is_some()),
            ("face_up", self.face_up.is_some()),
            ("revealed", self.revealed.is_some()),
            ("face_down", self.face_down.is_some()),
        ];
        for (k, given) in flags {
            if given {
                out.push(k);
            }
        }
        out
    }
}

/// One effect on the chain.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct ChainSpec {
    player: Option<String>,
    normal_draw: Option<bool>,
    recruit: Option<CardSpec>,
    boost: Option<bool>,
    host: Option<String>,
    play: Option<CardSpec>,
    play_from_row: Option<String>,
    #[serde(rename = "use")]
    use_: Option<String>,
    trigger: Option<String>,
    power: Option<u8>,
    power_up: Option<String>,
    reinforce: Option<String>,
    by: Option<String>,
    targets: Option<Vec<String>>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct AttackSpec {
    attackers: Vec<String>,
    defender: String,
    started: Option<bool>,
    team: Option<bool>,
}

/// One `[[step]]`: an action, or an `expect` table.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Step {
    choose: Option<String>,
    pass: Option<PassStep>,
    play: Option<String>,
    recruit: Option<String>,
    boost: Option<bool>,
    equip: Option<EquipStep>,
    #[serde(rename = "use")]
    use_: Option<UseStep>,
    flip: Option<String>,
    attack: Option<AttackStep>,
    join: Option<String>,
    propose: Option<bool>,
    take_back: Option<bool>,
    target: Option<String>,
    place: Option<PlaceStep>,
    build: Option<CardOrNo>,
    #[serde(rename = "move")]
    move_: Option<MoveStep>,
    finish: Option<bool>,
    power_up: Option<PowerUpStep>,
    reinforce: Option<ReinforceStep>,
    hit: Option<String>,
    recover: Option<CardOrNo>,
    pick: Option<String>,
    may: Option<bool>,
    number: Option<u16>,
    put_trigger: Option<String>,
    mulligan: Option<bool>,
    initiative: Option<String>,
    seat: Option<String>,
    illegal: Option<bool>,
    rule: Option<String>,
    expect: Option<Expect>,
}

#[derive(Debug, Deserialize)]
#[serde(untagged)]
enum PassStep {
    Flag(bool),
    Times(u32),
}

#[derive(Debug, Deserialize)]
#[serde(untagged)]
enum CardOrNo {
    Card(String),
    No(bool),
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct EquipStep {
    card: String,
    host: String,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct UseStep {
    card: String,
    #[serde(default)]
    power: u8,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct AttackStep {
    attacker: String,
    defender: String,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct PlaceStep {
    area: Option<String>,
    row: Option<String>,
    col: Option<i64>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct MoveStep {
    card: String,
    area: Option<String>,
    row: Option<String>,
    col: Option<i64>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct PowerUpStep {
    target: String,
    discard: String,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct ReinforceStep {
    defender: String,
    by: String,
}

/// What one step expects.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Expect {
    endurance: Option<BTreeMap<String, i64>>,
    hand: Option<BTreeMap<String, i64>>,
    deck: Option<BTreeMap<String, i64>>,
    ko: Option<BTreeMap<String, i64>>,
    removed: Option<BTreeMap<String, i64>>,
    resources: Option<BTreeMap<String, i64>>,
    rp: Option<BTreeMap<String, i64>>,
    stunned: Option<Vec<String>>,
    not_stunned: Option<Vec<String>>,
    exhausted: Option<Vec<String>>,
    ready: Option<Vec<String>>,
    face_up: Option<Vec<String>>,
    face_down: Option<Vec<String>>,
    atk: Option<BTreeMap<String, i64>>,
    def: Option<BTreeMap<String, i64>>,
    plus: Option<BTreeMap<String, i64>>,
    /// 706.9: willpower (0 without the keyword or while stunned).
    willpower: Option<BTreeMap<String, i64>>,
    zone: Option<BTreeMap<String, String>>,
    position: Option<BTreeMap<String, String>>,
    cosmic: Option<BTreeMap<String, bool>>,
    /// `{ "xd dream" = 4 }`: the named counters (215.1c) of a name on a card.
    counters: Option<BTreeMap<String, i64>>,
    /// `{ "p0 p1" = "id" }`: the top card of p1's deck as seat p0's view shows it (708.9f,
    /// 511.8), or "none".
    sees_top: Option<BTreeMap<String, String>>,
    equipped: Option<BTreeMap<String, String>>,
    chain: Option<Vec<String>>,
    chain_length: Option<i64>,
    priority: Option<String>,
    decision: Option<String>,
    decider: Option<String>,
    part: Option<String>,
    turn: Option<i64>,
    initiative: Option<String>,
    attack: Option<AttackExpect>,
    no_attack: Option<bool>,
    outcome: Option<String>,
    out: Option<Vec<String>>,
    in_game: Option<Vec<String>>,
    options_include: Option<Vec<String>>,
    options_exclude: Option<Vec<String>>,
    log: Option<String>,
    no_log: Option<String>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct AttackExpect {
    attackers: Option<Vec<String>>,
    defender: Option<String>,
    started: Option<bool>,
    team: Option<bool>,
}

/// A scenario's game and the names its file gives its cards.
pub struct VsTcgRun {
    pub game: VsTcg,
    ids: BTreeMap<String, CardId>,
}

/// The most cards a board may hold.
pub const MAX_SCENARIO_CARDS: usize = 1000;

// ---------------------------------------------------------------------------------------
// Words.

fn seat_word(p: PlayerId) -> String {
    format!("p{p}")
}

/// "p0".."p3", for a game of `seats` players.
fn seat_of(key: &str, seats: usize) -> Option<PlayerId> {
    let n: usize = key.strip_prefix('p')?.parse().ok()?;
    (n < seats && key.len() == 2).then_some(n as PlayerId)
}

fn part_word(part: Part) -> String {
    match part {
        Part::Setup => "setup".into(),
        Part::Phase(ph) => ph.name().into(),
        Part::Step(k, p) => format!("{} {}", seat_word(p), k.name()),
    }
}

fn parse_part(text: &str, seats: usize) -> Result<Part, String> {
    let t = text.trim();
    let phases = [Phase::Draw, Phase::Build, Phase::Combat, Phase::Recovery];
    if t == "setup" {
        return Ok(Part::Setup);
    }
    if let Some(ph) = phases.into_iter().find(|ph| ph.name() == t) {
        return Ok(Part::Phase(ph));
    }
    let steps = [
        StepKind::Resource,
        StepKind::Recruit,
        StepKind::Formation,
        StepKind::Attack,
    ];
    if let Some((who, rest)) = t.split_once(' ') {
        let who = who.strip_suffix("'s").unwrap_or(who);
        if let (Some(p), Some(k)) = (
            seat_of(who, seats),
            steps.into_iter().find(|k| k.name() == rest.trim()),
        ) {
            return Ok(Part::Step(k, p));
        }
    }
    Err(format!(
        "unknown part of the turn {t:?}: give setup, draw phase, build phase, combat phase, recovery phase, or a player's step: \"p0 resource step\", \"p1 recruit step\", \"p0 formation step\", \"p1 attack step\" (seats p0 to p{})",
        seats - 1
    ))
}

fn decision_word(p: Pending) -> &'static str {
    match p {
        Pending::ChooseInitiative(_) => "initiative",
        Pending::Mulligan(_) => "mulligan",
        Pending::Build(_) => "build",
        Pending::Formation(_) => "formation",
        Pending::Priority(_) => "priority",
        Pending::Place(..) => "place",
        Pending::TeamUp(_) => "team-up",
        Pending::HitAttacker(_) => "hit-attacker",
        Pending::WrapUpRecover(_) => "wrap-up",
        Pending::Target(_) => "target",
        Pending::PayCost(_) => "pay-cost",
        Pending::OrderTriggers(_) => "order-triggers",
        Pending::EffectChoice(_) => "effect-choice",
        Pending::Refill(..) => "refill",
        Pending::OrderAttackers(_) => "order-attackers",
        Pending::ChooseSkip(_) => "choose-skip",
        Pending::Replacement(_) => "replacement",
        Pending::ReadyCaptor(..) => "ready-captor",
        Pending::ChooseCost(_) => "choose-cost",
        Pending::OrderModifiers(_) => "order-modifiers",
        Pending::LoopCount(_) => "loop-count",
        Pending::Over => "none",
    }
}

fn outcome_word(g: &GameState) -> String {
    match g.result() {
        None => "none".into(),
        Some(GameResult::Win(p)) => format!("{} wins", seat_word(*p)),
        Some(GameResult::Draw(_)) => "draw".into(),
    }
}

fn zone_word(z: Zone) -> &'static str {
    match z {
        Zone::Deck => "deck",
        Zone::Hand => "hand",
        Zone::KoPile => "ko",
        Zone::Removed { .. } => "removed",
        Zone::Chain => "chain",
        Zone::Character(_) | Zone::Equipped(_) => "play",
        Zone::Resource => "resource",
    }
}

const ZONE_WORDS: [&str; 7] = ["deck", "hand", "ko", "removed", "resource", "play", "chain"];

fn parse_area(s: &str) -> Result<Area, String> {
    match s {
        "visible" => Ok(Area::Visible),
        "hidden" => Ok(Area::Hidden),
        _ => Err(format!("area {s:?}: give \"visible\" or \"hidden\"")),
    }
}

fn parse_row(s: &str) -> Result<Row, String> {
    match s {
        "front" => Ok(Row::Front),
        "support" => Ok(Row::Support),
        _ => Err(format!("row {s:?}: give \"front\" or \"support\"")),
    }
}

fn parse_col(n: i64) -> Result<i8, String> {
    if (-(MAX_COLUMN as i64)..=MAX_COLUMN as i64).contains(&n) {
        Ok(n as i8)
    } else {
        Err(format!(
            "column {n} is out of range (-{MAX_COLUMN} to {MAX_COLUMN})"
        ))
    }
}

fn position_word(pos: Position) -> String {
    format!("{} {} {}", pos.area.name(), pos.row.name(), pos.col)
}

// ---------------------------------------------------------------------------------------
// Building the board.

/// Where a planned card goes.
#[derive(Debug, Clone)]
enum Place {
    Deck,
    Hand,
    Ko,
    Removed {
        face_down: bool,
    },
    Resource {
        face_up: bool,
        revealed: bool,
        exhausted: bool,
    },
    Character {
        area: Area,
        row: Row,
        col: Option<i8>,
        exhausted: Option<bool>,
        stunned: bool,
        plus: u8,
        cosmic: bool,
    },
    /// Attached to the planned card with this index.
    Equipped {
        host: usize,
        exhausted: bool,
    },
    Chain,
}

struct Planned {
    owner: PlayerId,
    def: DefId,
    place: Place,
    span: Range<usize>,
}

struct Planner<'a> {
    src: &'a Source<'a>,
    pool: &'a CardPool,
    plans: Vec<Planned>,
    /// Ids the file gives, by plan index.
    ids: BTreeMap<String, usize>,
    seats: usize,
    /// Named counters (215.1c) by plan index.
    counters: Vec<(usize, String, u16)>,
}

impl Planner<'_> {
    /// A card's `counters = { dream = 3 }` (215.1c).
    fn named(&mut self, i: usize, s: &CardState, span: &Range<usize>) -> Result<(), ScenarioError> {
        for (name, &n) in s.counters.iter().flatten() {
            let ok_name =
                !name.is_empty() && name.chars().all(|c| c.is_ascii_lowercase() || c == '-');
            if !ok_name || !(1..=999).contains(&n) {
                return Err(self.err(
                    span,
                    format!("counters: a lower-case name and 1 to 999 counters, not {name} = {n}"),
                ));
            }
            self.counters.push((i, name.clone(), n as u16));
        }
        Ok(())
    }

    fn err(&self, span: &Range<usize>, msg: impl Into<String>) -> ScenarioError {
        self.src.error_span(span.clone(), msg)
    }

    fn find(&self, written: &str, span: &Range<usize>) -> Result<DefId, ScenarioError> {
        if let Some(d) = self.pool.find(written) {
            return Ok(d);
        }
        let mut names: Vec<String> = self.pool.defs.iter().map(|d| d.full_name()).collect();
        names.extend(self.pool.defs.iter().map(|d| d.id.clone()));
        let e = self.err(
            span,
            format!("unknown card `{written}`: give a card's id (trn-001) or its name, unique in the card pool (add cards with [[card]] text = '''(card ...)''')"),
        );
        Err(
            match crossover_diag::did_you_mean(written, names.iter().map(String::as_str)) {
                Some(n) => e.with_hint(format!("did you mean `{n}`?")),
                None => e,
            },
        )
    }

    /// Plans a card; `allowed` are the keys its zone takes.
    fn plan(
        &mut self,
        owner: PlayerId,
        spec: &CardSpec,
        span: &Range<usize>,
        zone: &str,
        allowed: &[&str],
    ) -> Result<(usize, CardState), ScenarioError> {
        let state = spec.state();
        for k in state.keys() {
            if !allowed.contains(&k) {
                let which = if allowed.is_empty() {
                    "only `card` and `id`".to_string()
                } else {
                    format!("`card`, `id`, `{}`", allowed.join("`, `"))
                };
                return Err(self.err(
                    span,
                    format!("`{k}` is not for a card in {zone}: a card there takes {which}"),
                ));
            }
        }
        if self.plans.len() >= MAX_SCENARIO_CARDS {
            return Err(self.err(
                span,
                format!("a scenario has at most {MAX_SCENARIO_CARDS} cards: list only the cards the rule needs"),
            ));
        }
        let def = self.find(&state.card, span)?;
        let index = self.plans.len();
        if let Some(id) = &state.id {
            if seat_of(id, 4).is_some() || id.is_empty() {
                return Err(self.err(
                    span,
                    format!("`{id}` names a player (p0 to p3): give the card another id"),
                ));
            }
            if self.ids.insert(id.clone(), index).is_some() {
                return Err(self.err(
                    span,
                    format!("the id `{id}` is given twice: a card is in one place, and each id names one card"),
                ));
            }
        }
        self.plans.push(Planned {
            owner,
            def,
            place: Place::Deck,
            span: span.clone(),
        });
        Ok((index, state))
    }

    fn def(&self, i: usize) -> &CardDef {
        self.pool.def(self.plans[i].def)
    }

    fn player(&self, key: &str, span: &Range<usize>) -> Result<PlayerId, ScenarioError> {
        seat_of(key, self.seats).ok_or_else(|| {
            self.err(
                span,
                format!(
                    "no player `{key}`: the players are p0 to p{}",
                    self.seats - 1
                ),
            )
        })
    }
}

/// The error of a card file in a `[[card]]` text, at its line in the scenario file.
fn card_text_error(
    src: &Source<'_>,
    text: &Spanned<String>,
    e: crate::db::PoolError,
) -> ScenarioError {
    let span = text.span();
    let raw = &src.text[span.clone()];
    // A multi-line string that opens with a newline starts on the next line.
    let skip = ["'''\n", "'''\r\n", "\"\"\"\n", "\"\"\"\r\n"]
        .iter()
        .any(|o| raw.starts_with(o));
    let opening = src.line_of(span.start);
    let mut err = src.error_span(
        span,
        format!(
            "in the card text (its line {}, column {}): {}",
            e.error.pos.line, e.error.pos.col, e.error.message
        ),
    );
    err.line = opening + e.error.pos.line as usize - usize::from(!skip);
    err.span = None;
    err
}

impl ScenarioGame for VsTcgScenarios {
    const GAME: &'static str = "vstcg";
    type Board = Board;
    type Step = Step;
    type Expect = Expect;
    type Run = VsTcgRun;

    fn build(src: &Source<'_>, b: Board) -> Result<VsTcgRun, ScenarioError> {
        build(src, b)
    }

    fn expectation(step: &Step) -> Option<&Expect> {
        step.expect.as_ref()
    }

    fn apply(
        run: &mut VsTcgRun,
        at: &StepAt<'_>,
        step: &Step,
    ) -> Result<Option<Failure>, ScenarioError> {
        run.apply(at, step)
    }

    fn check(
        run: &VsTcgRun,
        at: &StepAt<'_>,
        e: &Expect,
    ) -> Result<Option<Failure>, ScenarioError> {
        run.check(at, e)
    }

    fn mutations(_file: &toml::Table, step: &toml::Table) -> Vec<Mutation> {
        mutations(step)
    }
}

fn build(src: &Source<'_>, b: Board) -> Result<VsTcgRun, ScenarioError> {
    // The card pool: built in, plus this scenario's cards.
    let pool = if b.card.is_empty() {
        built_in_pool()
    } else {
        let mut pool = CardPool::built_in();
        for c in &b.card {
            pool.add_file("scenario", c.text.get_ref())
                .map_err(|e| card_text_error(src, &c.text, e))?;
        }
        register(pool)
    };
    let players = b.player.get_ref();
    let seats = players.len();
    if !(2..=crate::setup::MAX_SEATS).contains(&seats) {
        return Err(src.error_span(
            b.player.span(),
            format!("the Vs. System TCG is played by 2 to 4 players ([[player]] tables, 100.1); this board has {seats}"),
        ));
    }
    let opt_seat =
        |v: &Option<Spanned<String>>, what: &str| -> Result<Option<PlayerId>, ScenarioError> {
            match v {
                None => Ok(None),
                Some(s) => seat_of(s.get_ref(), seats).map(Some).ok_or_else(|| {
                    src.error_span(
                        s.span(),
                        format!(
                            "{what} `{}`: the players are p0 to p{}",
                            s.get_ref(),
                            seats - 1
                        ),
                    )
                }),
            }
        };
    let initiative = opt_seat(&b.initiative, "initiative")?.unwrap_or(0);
    let part = match &b.part {
        None => Part::Step(StepKind::Recruit, 0),
        Some(p) => parse_part(p.get_ref(), seats).map_err(|e| src.error_span(p.span(), e))?,
    };
    let primary = match part {
        Part::Step(_, owner) => owner,
        _ => initiative,
    };
    let priority = opt_seat(&b.priority, "priority")?;
    let turn = match (&b.turn, part) {
        (None, Part::Setup) => 0,
        (None, _) => 1,
        (Some(t), Part::Setup) if *t.get_ref() != 0 => {
            return Err(src.error_span(
                t.span(),
                "before the first turn (part = \"setup\") the turn is 0",
            ))
        }
        (Some(t), Part::Setup) => *t.get_ref(),
        (Some(t), _) if *t.get_ref() == 0 || *t.get_ref() > TURN_LIMIT => {
            return Err(src.error_span(
                t.span(),
                format!("the turn is 1 to {TURN_LIMIT} (turn 0 is part = \"setup\")"),
            ))
        }
        (Some(t), _) => *t.get_ref(),
    };
    let passes = match &b.passes {
        None => 0,
        Some(n) if (*n.get_ref() as usize) < seats => *n.get_ref(),
        Some(n) => {
            return Err(src.error_span(
                n.span(),
                format!(
                    "with {seats} players, at most {} can have passed in succession (216.2)",
                    seats - 1
                ),
            ))
        }
    };

    let mut pl = Planner {
        src,
        pool: &pool,
        plans: Vec::new(),
        ids: BTreeMap::new(),
        seats,
        counters: Vec::new(),
    };
    // Deck order as listed (top first), per player.
    let mut deck_order: Vec<Vec<usize>> = vec![Vec::new(); seats];
    for (p, spec) in players.iter().enumerate() {
        let owner = p as PlayerId;
        let spec_span = spec.span();
        let spec = spec.get_ref();
        for c in &spec.deck {
            let (i, _) = pl.plan(owner, c.get_ref(), &c.span(), "a deck", &[])?;
            deck_order[p].push(i);
        }
        for c in &spec.hand {
            let (i, _) = pl.plan(owner, c.get_ref(), &c.span(), "a hand", &[])?;
            pl.plans[i].place = Place::Hand;
        }
        for c in &spec.ko_pile {
            let (i, _) = pl.plan(owner, c.get_ref(), &c.span(), "a KO'd pile", &[])?;
            pl.plans[i].place = Place::Ko;
        }
        for c in &spec.removed {
            let (i, s) = pl.plan(
                owner,
                c.get_ref(),
                &c.span(),
                "the removed-from-game zone",
                &["face_down"],
            )?;
            pl.plans[i].place = Place::Removed {
                face_down: s.face_down.unwrap_or(false),
            };
        }
        for c in &spec.resources {
            let span = c.span();
            let (i, s) = pl.plan(
                owner,
                c.get_ref(),
                &span,
                "a resource row",
                &["face_up", "revealed", "exhausted", "counters"],
            )?;
            pl.named(i, &s, &span)?;
            let face_up = s.face_up.unwrap_or(false);
            let revealed = s.revealed.unwrap_or(false);
            let def = pl.def(i);
            if face_up
                && !matches!(
                    def.ty,
                    CardType::Location { .. } | CardType::PlotTwist { .. }
                )
            {
                return Err(pl.err(
                    &span,
                    format!("{} is a {}: only a location (flipped, 510) or a plot twist played from the row (304.4) is face up in a resource row", def.full_name(), def.ty.name()),
                ));
            }
            if face_up && revealed {
                return Err(pl.err(
                    &span,
                    "a revealed resource is a face-down one (701.11f): give `face_up` or `revealed`, not both",
                ));
            }
            pl.plans[i].place = Place::Resource {
                face_up,
                revealed,
                exhausted: s.exhausted.unwrap_or(false),
            };
        }
        let mut char_indices = Vec::new();
        for c in &spec.characters {
            let span = c.span();
            let (i, s) = pl.plan(
                owner,
                c.get_ref(),
                &span,
                "the character rows",
                &[
                    "area",
                    "row",
                    "col",
                    "exhausted",
                    "stunned",
                    "plus",
                    "cosmic",
                    "equipment",
                    "counters",
                ],
            )?;
            pl.named(i, &s, &span)?;
            let def = pl.def(i).clone();
            if !def.ty.is_character() {
                return Err(pl.err(
                    &span,
                    format!("{} is a {}, not a character: only characters are in the front and support rows (213.5d)", def.full_name(), def.ty.name()),
                ));
            }
            let area = match &s.area {
                Some(a) => parse_area(a).map_err(|e| pl.err(&span, e))?,
                None if def.concealment() == Concealment::Concealed => Area::Hidden,
                None => Area::Visible,
            };
            let allowed = match def.concealment() {
                Concealment::Visible => area == Area::Visible,
                Concealment::Concealed => area == Area::Hidden,
                Concealment::Optional => true,
            };
            if !allowed {
                return Err(pl.err(
                    &span,
                    format!("{} can't be in the {} area: a character enters the area its icons allow (214.3a, 701.21–22) and moves only inside its area (405.5)", def.full_name(), area.name()),
                ));
            }
            let row = match &s.row {
                Some(r) => parse_row(r).map_err(|e| pl.err(&span, e))?,
                None => Row::Front,
            };
            let col = s
                .col
                .map(parse_col)
                .transpose()
                .map_err(|e| pl.err(&span, e))?;
            let stunned = s.stunned.unwrap_or(false);
            if stunned && s.exhausted == Some(false) {
                return Err(pl.err(
                    &span,
                    "a stunned character is exhausted (701.12) and can't ready (701.12a): drop `exhausted = false`",
                ));
            }
            let plus = match s.plus {
                None => 0,
                Some(n) if (0..=255).contains(&n) => n as u8,
                Some(n) => return Err(pl.err(&span, format!("plus is 0 to 255, not {n}"))),
            };
            let cosmic = s.cosmic.unwrap_or(false);
            if cosmic && stunned {
                return Err(pl.err(
                    &span,
                    "a stunned character can't have a cosmic counter (706.7c, 706.7f)",
                ));
            }
            if cosmic && !def.has(Keyword::Cosmic) && !def.has(Keyword::CosmicSurge) {
                return Err(pl.err(
                    &span,
                    format!(
                        "{} doesn't have cosmic: it can't have a cosmic counter (706.7e)",
                        def.full_name()
                    ),
                ));
            }
            pl.plans[i].place = Place::Character {
                area,
                row,
                col,
                exhausted: s.exhausted,
                stunned,
                plus,
                cosmic,
            };
            char_indices.push(i);
            if let Some(eq) = &s.equipment {
                let list = match eq {
                    toml::Value::Array(a) => a.clone(),
                    other => vec![other.clone()],
                };
                for v in list {
                    let e_spec = CardSpec::from_value(v)
                        .map_err(|e| pl.err(&span, format!("its equipment: {e}")))?;
                    let (e, es) = pl.plan(
                        owner,
                        &e_spec,
                        &span,
                        "a character's equipment",
                        &["exhausted"],
                    )?;
                    let edef = pl.def(e);
                    let ok_area = match edef.concealment() {
                        Concealment::Visible => area == Area::Visible,
                        Concealment::Concealed => area == Area::Hidden,
                        Concealment::Optional => true,
                    };
                    if !matches!(edef.ty, CardType::Equipment { .. }) {
                        return Err(pl.err(
                            &span,
                            format!(
                                "{} is a {}, not an equipment (302)",
                                edef.full_name(),
                                edef.ty.name()
                            ),
                        ));
                    }
                    if !ok_area {
                        return Err(pl.err(
                            &span,
                            format!("{} can't be equipped to a character in the {} area (302.3a, 302.7)", edef.full_name(), area.name()),
                        ));
                    }
                    pl.plans[e].place = Place::Equipped {
                        host: i,
                        exhausted: es.exhausted.unwrap_or(false),
                    };
                }
            }
        }
        if let Some(rp) = &spec.rp {
            if *rp.get_ref() > 0 && part != Part::Step(StepKind::Recruit, owner) {
                return Err(src.error_span(
                    rp.span(),
                    format!("resource points are in a player's pool only during their own recruit step (404.1, 404.2, 404.5); the board is in the {}", part_word(part)),
                ));
            }
        }
        if let Some(m) = &spec.mulligan_decided {
            if part != Part::Setup && !*m.get_ref() {
                return Err(src.error_span(
                    m.span(),
                    "every player has decided on a mulligan before the first turn (101.6): `mulligan_decided = false` is only for part = \"setup\"",
                ));
            }
        }
        if part == Part::Setup
            && (!spec.characters.is_empty()
                || !spec.resources.is_empty()
                || !spec.ko_pile.is_empty()
                || !spec.removed.is_empty())
        {
            return Err(src.error_span(
                spec_span,
                "before the first turn (part = \"setup\") the cards are in the decks and the opening hands only (101.5)",
            ));
        }
        // Columns: the first free one from 0, in each area and row.
        let mut taken: Vec<(Area, Row, i8, usize)> = Vec::new();
        for &i in &char_indices {
            if let Place::Character {
                area,
                row,
                col: Some(col),
                ..
            } = pl.plans[i].place
            {
                if let Some(&(_, _, _, j)) = taken
                    .iter()
                    .find(|&&(a, r, c, _)| (a, r, c) == (area, row, col))
                {
                    let other = pl.def(j).full_name();
                    return Err(pl.err(
                        &pl.plans[i].span.clone(),
                        format!("two characters in one position ({} {} row, column {col}, where {other} is): no character may share a position (405.3)", area.name(), row.name()),
                    ));
                }
                taken.push((area, row, col, i));
            }
        }
        for &i in &char_indices {
            if let Place::Character {
                area,
                row,
                ref mut col,
                ..
            } = pl.plans[i].place
            {
                if col.is_none() {
                    let free = (0..=MAX_COLUMN)
                        .find(|&c| {
                            !taken
                                .iter()
                                .any(|&(a, r, x, _)| (a, r, x) == (area, row, c))
                        })
                        .unwrap_or(MAX_COLUMN);
                    *col = Some(free);
                    taken.push((area, row, free, i));
                }
            }
        }
        // 704.1: one unique character (or face-up location) of a name per player.
        let mut unique: Vec<(String, usize)> = Vec::new();
        for (i, plan) in pl.plans.iter().enumerate() {
            if plan.owner != owner {
                continue;
            }
            let face_up_location = matches!(plan.place, Place::Resource { face_up: true, .. })
                && matches!(pl.def(i).ty, CardType::Location { .. });
            let counts = matches!(plan.place, Place::Character { .. } | Place::Equipped { .. })
                || face_up_location;
            let def = pl.def(i);
            if !counts || !def.is_unique() {
                continue;
            }
            if unique.iter().any(|(n, j)| {
                n.eq_ignore_ascii_case(&def.name) && pl.def(*j).ty.name() == def.ty.name()
            }) {
                return Err(pl.err(
                    &plan.span,
                    format!("{} is unique and p{owner} already controls one named {} (the uniqueness rule, 704.1)", def.full_name(), def.name),
                ));
            }
            unique.push((def.name.clone(), i));
        }
    }

    // Cards on the chain: recruit effects and plot twists played from hand.
    let mut chain_cards: Vec<Option<usize>> = Vec::new();
    for (n, c) in b.chain.iter().enumerate() {
        let span = c.span();
        let spec = c.get_ref();
        let controller = match &spec.player {
            Some(k) => Some(pl.player(k, &span)?),
            None => None,
        };
        let card = spec.recruit.as_ref().or(spec.play.as_ref());
        match card {
            None => chain_cards.push(None),
            Some(card) => {
                let owner = controller.unwrap_or(primary);
                let (i, _) = pl.plan(owner, card, &span, "the chain", &[])?;
                pl.plans[i].place = Place::Chain;
                let def = pl.def(i);
                if spec.recruit.is_some() {
                    if !matches!(
                        def.ty,
                        CardType::Character { .. } | CardType::Equipment { .. }
                    ) {
                        return Err(pl.err(
                            &span,
                            format!("{} is a {}: only characters and equipment are recruited (301, 302)", def.full_name(), def.ty.name()),
                        ));
                    }
                    if part != Part::Step(StepKind::Recruit, owner) {
                        return Err(pl.err(
                            &span,
                            format!("a recruit effect is played only in its player's own recruit step (404.3); the board is in the {} (give `player`, or `part = \"p{owner} recruit step\"`)", part_word(part)),
                        ));
                    }
                    if n != 0 {
                        return Err(pl.err(
                            &span,
                            "a card is recruited only while the chain is empty (301.2, 404.3): a recruit effect is at the bottom of the chain (the first [[chain]])",
                        ));
                    }
                } else if !matches!(def.ty, CardType::PlotTwist { .. }) {
                    return Err(pl.err(
                        &span,
                        format!(
                            "{} is a {}, not a plot twist (304)",
                            def.full_name(),
                            def.ty.name()
                        ),
                    ));
                }
                chain_cards.push(Some(i));
            }
        }
    }

    // The game: each player's board cards as a deck, then every card put in its place.
    let mut decks = vec![
        Deck {
            name: "scenario".into(),
            cards: Vec::new(),
        };
        seats
    ];
    let mut card_of = vec![CardId(0); pl.plans.len()];
    let mut next = 0u16;
    for (p, deck) in decks.iter_mut().enumerate() {
        for (i, plan) in pl.plans.iter().enumerate() {
            if plan.owner as usize == p {
                deck.cards.push(pool.def(plan.def).id.clone());
                card_of[i] = CardId(next);
                next += 1;
            }
        }
    }

    let setup = VsTcgSetup {
        pool: Pool(pool.clone()),
        decks,
    };
    let mut g = GameState::new(&setup, b.seed).map_err(|e| src.error(0, e))?;
    for (i, plan) in pl.plans.iter().enumerate() {
        g.card_mut(card_of[i]).def = plan.def;
    }
    g.continuous_cards = Some(crate::state::continuous_cards(&g.pool, &g.cards));
    g.action_cards = Some(crate::state::action_cards(&g.pool, &g.cards));
    g.trigger_events = crate::state::trigger_events(&g.pool, &g.cards);
    for p in 0..seats as PlayerId {
        let player = g.player_mut(p);
        player.deck.clear();
        player.hand.clear();
        player.ko_pile.clear();
        player.removed.clear();
        player.resources.clear();
        player.characters.clear();
        player.equipment.clear();
        player.mulligan_decided = part != Part::Setup;
        player.rp = 0;
        if let Some(e) = players[p as usize].get_ref().endurance {
            player.endurance = e;
        }
        if let Some(rp) = &players[p as usize].get_ref().rp {
            player.rp = *rp.get_ref();
        }
        if let Some(m) = &players[p as usize].get_ref().mulligan_decided {
            player.mulligan_decided = *m.get_ref();
        }
    }
    g.clock = 0;
    let attack_spec = b.attack.as_ref();
    let started = attack_spec.is_some_and(|a| a.get_ref().started.unwrap_or(true));
    let attacker_ids: Vec<&String> = attack_spec
        .map(|a| a.get_ref().attackers.iter().collect())
        .unwrap_or_default();
    for (i, plan) in pl.plans.iter().enumerate() {
        let c = card_of[i];
        let object = g.tick();
        let zone = match plan.place {
            Place::Deck => Zone::Deck,
            Place::Hand => Zone::Hand,
            Place::Ko => Zone::KoPile,
            Place::Removed { face_down } => Zone::Removed { face_down },
            Place::Resource { .. } => Zone::Resource,
            Place::Character { area, row, col, .. } => Zone::Character(Position {
                area,
                row,
                col: col.unwrap_or(0),
            }),
            Place::Equipped { host, .. } => Zone::Equipped(card_of[host]),
            Place::Chain => Zone::Chain,
        };
        let is_attacker = started
            && pl
                .ids
                .iter()
                .any(|(k, &j)| j == i && attacker_ids.contains(&k));
        let card = g.card_mut(c);
        card.zone = zone;
        card.controller = plan.owner;
        card.object = object;
        card.timestamp = 0;
        card.exhausted = false;
        card.stunned = false;
        card.face_up = false;
        card.revealed = false;
        card.plus = 0;
        card.cosmic = false;
        card.boosted = false;
        match plan.place {
            Place::Resource {
                face_up,
                revealed,
                exhausted,
            } => {
                card.face_up = face_up;
                card.revealed = revealed;
                card.exhausted = exhausted;
                card.timestamp = object;
            }
            Place::Character {
                exhausted,
                stunned,
                plus,
                cosmic,
                ..
            } => {
                card.stunned = stunned;
                card.exhausted = stunned || exhausted.unwrap_or(is_attacker);
                card.plus = plus;
                card.cosmic = cosmic;
                card.timestamp = object;
            }
            Place::Equipped { exhausted, .. } => {
                card.exhausted = exhausted;
                card.timestamp = object;
            }
            _ => {}
        }
        let player = g.player_mut(plan.owner);
        match plan.place {
            Place::Deck => {}
            Place::Hand => player.hand.push(c),
            Place::Ko => player.ko_pile.push(c),
            Place::Removed { .. } => player.removed.push(c),
            Place::Resource { .. } => player.resources.push(c),
            Place::Character { .. } => player.characters.push(c),
            Place::Equipped { .. } => player.equipment.push(c),
            Place::Chain => {}
        }
    }
    for (p, order) in deck_order.iter().enumerate() {
        // The file lists the top card first; the state keeps the top last.
        g.player_mut(p as PlayerId).deck = order.iter().rev().map(|&i| card_of[i]).collect();
    }
    // 302.3b: each equipment, in the order the file lists them, fits on its host (one,
    // or more by Pier 4's kind of power or an equipment's "any number of other").
    for (i, plan) in pl.plans.iter().enumerate() {
        if !matches!(plan.place, Place::Character { .. }) {
            continue;
        }
        let host = card_of[i];
        let on: Vec<CardId> = g.equipment_on(host).collect();
        for (k, &e) in on.iter().enumerate() {
            if !g.room_for(e, host, &on[..k]) {
                return Err(src.error_span(
                    plan.span.clone(),
                    format!(
                        "{} has {} equipment: more than it may have (302.3b)",
                        g.name(host),
                        on.len()
                    ),
                ));
            }
        }
    }
    for (i, name, n) in &pl.counters {
        let c = card_of[*i];
        g.named_counters.push(NamedCounters {
            card: c,
            object: g.card(c).object,
            name: name.clone(),
            n: *n,
        });
    }
    let ids: BTreeMap<String, CardId> = pl
        .ids
        .iter()
        .map(|(k, &i)| (k.clone(), card_of[i]))
        .collect();
    let card_id = |key: &str, span: &Range<usize>| -> Result<CardId, ScenarioError> {
        ids.get(key).copied().ok_or_else(|| {
            src.error_span(
                span.clone(),
                format!(
                    "no card has the id `{key}` (ids: {})",
                    ids.keys().cloned().collect::<Vec<_>>().join(", ")
                ),
            )
        })
    };

    // The chain, bottom first.
    for (n, c) in b.chain.iter().enumerate() {
        let span = c.span();
        let spec = c.get_ref();
        let given = [
            spec.normal_draw.is_some(),
            spec.recruit.is_some(),
            spec.play.is_some(),
            spec.play_from_row.is_some(),
            spec.use_.is_some(),
            spec.trigger.is_some(),
            spec.power_up.is_some(),
            spec.reinforce.is_some(),
        ]
        .iter()
        .filter(|&&x| x)
        .count();
        if given != 1 {
            return Err(src.error_span(
                span,
                "a [[chain]] entry is one effect: normal_draw, recruit, play, play_from_row, use, trigger, power_up or reinforce",
            ));
        }
        let controller = match &spec.player {
            Some(k) => Some(pl.player(k, &span)?),
            None => None,
        };
        let targets_given = spec.targets.is_some();
        let extra = |ok: bool, key: &str| -> Result<(), ScenarioError> {
            if ok {
                Ok(())
            } else {
                Err(src.error_span(
                    span.clone(),
                    format!("`{key}` is not for this kind of chain entry"),
                ))
            }
        };
        let kind;
        let ctrl;
        if spec.normal_draw == Some(true) {
            extra(spec.player.is_none(), "player")?;
            if n != 0 || part != Part::Phase(Phase::Draw) {
                return Err(src.error_span(
                    span,
                    "the normal draw is put on the chain as the draw phase starts (401.1): it is the bottom of the chain, in the draw phase",
                ));
            }
            kind = EffectKind::NormalDraw;
            ctrl = None;
        } else if spec.normal_draw == Some(false) {
            return Err(src.error_span(span, "write `normal_draw = true`"));
        } else if spec.recruit.is_some() {
            extra(
                !targets_given && spec.power.is_none() && spec.by.is_none(),
                "targets/power/by",
            )?;
            let i = chain_cards[n].expect("planned above");
            let card = card_of[i];
            let p = pl.plans[i].owner;
            let def = g.def(card).clone();
            let boost = spec.boost.unwrap_or(false);
            if boost && (!def.has(Keyword::Boost) || !def.ty.is_character()) {
                return Err(
                    src.error_span(span, format!("{} has no boost (706.2)", def.full_name()))
                );
            }
            let host = match (&spec.host, &def.ty) {
                (Some(h), CardType::Equipment { .. }) => {
                    let h = card_id(h, &span)?;
                    if !g.is_character(h) || g.card(h).controller != p {
                        return Err(src.error_span(
                            span,
                            format!("an equipment's recruit effect targets a character its player controls (302.3a, 302.3c): {} is not one of p{p}'s characters", g.name(h)),
                        ));
                    }
                    Some((h, g.card(h).object))
                }
                (None, CardType::Equipment { .. }) => {
                    return Err(src.error_span(
                        span,
                        "an equipment's recruit effect targets the character it will be attached to (302.3c): give `host`",
                    ))
                }
                (Some(_), _) => {
                    return Err(src.error_span(
                        span,
                        "only an equipment's recruit effect has a `host` (302.3c)",
                    ))
                }
                (None, _) => None,
            };
            kind = EffectKind::Recruit { card, host, boost };
            ctrl = Some(p);
        } else if spec.play.is_some()
            || spec.play_from_row.is_some()
            || spec.use_.is_some()
            || spec.trigger.is_some()
        {
            extra(
                spec.boost.is_none() && spec.host.is_none() && spec.by.is_none(),
                "boost/host/by",
            )?;
            let (source, origin, p) = if spec.play.is_some() {
                extra(spec.power.is_none(), "power")?;
                let i = chain_cards[n].expect("planned above");
                (card_of[i], Origin::FromHand, pl.plans[i].owner)
            } else if let Some(k) = &spec.play_from_row {
                extra(spec.power.is_none(), "power")?;
                let c = card_id(k, &span)?;
                let card = g.card(c);
                if card.zone != Zone::Resource
                    || !card.face_up
                    || !matches!(g.def(c).ty, CardType::PlotTwist { .. })
                {
                    return Err(src.error_span(
                        span,
                        format!("`{k}` must be a face-up plot twist in a resource row: a plot twist played from the row turns face up and stays there (304.4, 304.5)"),
                    ));
                }
                (c, Origin::FromResourceRow, card.controller)
            } else {
                let (k, origin) = match (&spec.use_, &spec.trigger) {
                    (Some(k), _) => (k, Origin::Payment),
                    (_, Some(k)) => (k, Origin::Triggered),
                    _ => unreachable!("one of them is given"),
                };
                let c = card_id(k, &span)?;
                (c, origin, controller.unwrap_or(g.card(c).controller))
            };
            if controller.is_some_and(|q| q != p)
                && origin != Origin::Payment
                && origin != Origin::Triggered
            {
                return Err(src.error_span(
                    span,
                    "a plot twist's effect is controlled by the player who played it: its owner (from hand) or the row's controller",
                ));
            }
            let power = match origin {
                Origin::FromHand | Origin::FromResourceRow | Origin::Copy => g
                    .def(source)
                    .powers
                    .iter()
                    .position(|pw| matches!(pw.power, Power::Play { .. })),
                Origin::Payment | Origin::Triggered => {
                    let want = spec.power.unwrap_or(0) as usize;
                    let fits = |pw: &Power| match origin {
                        Origin::Payment => matches!(pw, Power::Payment { .. }),
                        _ => matches!(pw, Power::Trigger { .. }),
                    };
                    g.def(source)
                        .powers
                        .get(want)
                        .filter(|pw| fits(&pw.power))
                        .map(|_| want)
                }
            };
            let Some(power) = power else {
                return Err(src.error_span(
                    span,
                    format!(
                        "{} has no {} power{}",
                        g.name(source),
                        match origin {
                            Origin::Payment => "payment",
                            Origin::Triggered => "triggered",
                            _ => "plot twist effect (`(effect ...)`)",
                        },
                        if matches!(origin, Origin::Payment | Origin::Triggered) {
                            format!(
                                " numbered {} (powers count from 0 in card order)",
                                spec.power.unwrap_or(0)
                            )
                        } else {
                            String::new()
                        }
                    ),
                ));
            };
            let kinds = g
                .effect_of(source, power as u8)
                .map(|e| e.targets.clone())
                .unwrap_or_default();
            let written = spec.targets.clone().unwrap_or_default();
            if written.len() != kinds.len() {
                return Err(src.error_span(
                    span,
                    format!("{}'s effect has {} target(s) (chosen as it is played, 505.1c): `targets` names {}", g.name(source), kinds.len(), written.len()),
                ));
            }
            let mut targets = Vec::new();
            for (t, kind) in written.iter().zip(&kinds) {
                let r = match (kind, seat_of(t, seats)) {
                    (crate::words::TargetKind::Player(_), Some(q)) => TargetRef::Player(q),
                    (crate::words::TargetKind::Player(_), None) => {
                        return Err(src.error_span(
                            span,
                            format!("target `{t}` is for a player: give p0 to p{}", seats - 1),
                        ))
                    }
                    (crate::words::TargetKind::Character(_) | crate::words::TargetKind::Resource(_), Some(_)) => {
                        return Err(src.error_span(
                            span,
                            format!("target `{t}`: this target is a card, not a player"),
                        ))
                    }
                    (crate::words::TargetKind::Character(_) | crate::words::TargetKind::Resource(_), None) => {
                        let c = card_id(t, &span)?;
                        TargetRef::Card(c, g.card(c).object)
                    }
                    (crate::words::TargetKind::Effect(_), _) => {
                        return Err(src.error_span(
                            span,
                            format!("target `{t}` is an effect: a scenario's chain can't name effect targets yet"),
                        ))
                    }
                };
                targets.push(r);
            }
            let object = g.card(source).object;
            kind = EffectKind::Card {
                source,
                object,
                power: power as u8,
                origin,
                targets: targets.into(),
                paid: Vec::new(),
                about: None,
            };
            ctrl = Some(p);
        } else {
            extra(
                !targets_given
                    && spec.power.is_none()
                    && spec.boost.is_none()
                    && spec.host.is_none(),
                "targets/power/boost/host",
            )?;
            if !started {
                return Err(src.error_span(
                    span,
                    "power-up and reinforcement effects are played inside an attack substep (507.1b, 507.1c, 505.3): add an [attack] that has started",
                ));
            }
            if let Some(k) = &spec.power_up {
                extra(spec.by.is_none(), "by")?;
                let c = card_id(k, &span)?;
                kind = EffectKind::PowerUp {
                    target: (c, g.card(c).object),
                };
                ctrl = Some(controller.unwrap_or(g.card(c).controller));
            } else {
                let k = spec.reinforce.as_ref().expect("the last kind");
                let Some(by) = &spec.by else {
                    return Err(src.error_span(span, "a reinforcement names the support row character exhausted for it: `by = \"id\"` (507.1c)"));
                };
                let c = card_id(k, &span)?;
                let by = card_id(by, &span)?;
                kind = EffectKind::Reinforcement {
                    target: (c, g.card(c).object),
                    by,
                };
                ctrl = Some(controller.unwrap_or(g.card(c).controller));
            }
        }
        g.push_effect(kind, ctrl);
    }

    // The attack.
    if let Some(a) = attack_spec {
        let span = a.span();
        let spec = a.get_ref();
        let Part::Step(StepKind::Attack, p) = part else {
            return Err(src.error_span(
                span,
                format!("an attack happens in the attacking player's attack step (601.1a); the board is in the {}", part_word(part)),
            ));
        };
        if spec.attackers.is_empty() {
            return Err(src.error_span(span, "an attack has one or more attackers (601.1b)"));
        }
        let mut attackers = Vec::new();
        for k in &spec.attackers {
            let c = card_id(k, &span)?;
            if !g.is_character(c) || g.card(c).controller != p {
                return Err(src.error_span(
                    span,
                    format!("attacker `{k}` must be a character p{p} controls: the primary player attacks (601.2e)"),
                ));
            }
            if g.card(c).stunned {
                return Err(src.error_span(
                    span,
                    format!("attacker `{k}` is stunned: a stunned character is no attacker (602.2a, 701.12c, 701.12h)"),
                ));
            }
            if attackers.iter().any(|&(x, _)| x == c) {
                return Err(src.error_span(span, format!("attacker `{k}` is named twice")));
            }
            attackers.push((c, g.card(c).object));
        }
        let (defender, defending_player) = match seat_of(&spec.defender, seats) {
            Some(q) => {
                if q == p {
                    return Err(src.error_span(
                        span,
                        "the direct defender is an opponent of the attacking player (601.4c)",
                    ));
                }
                ((Defender::Player(q), 0), q)
            }
            None => {
                let d = card_id(&spec.defender, &span)?;
                let q = g.card(d).controller;
                if !g.is_character(d) || q == p {
                    return Err(src.error_span(
                        span,
                        format!("the defender `{}` must be a character an opponent controls (601.3a, 601.3f)", spec.defender),
                    ));
                }
                if g.card(d).stunned {
                    return Err(src.error_span(
                        span,
                        format!("the defender `{}` is stunned: a stunned character is no defender (602.3a, 701.12h)", spec.defender),
                    ));
                }
                ((Defender::Character(d), g.card(d).object), q)
            }
        };
        let team = spec.team.unwrap_or(attackers.len() >= 2);
        if attackers.len() >= 2 && !team {
            return Err(src.error_span(
                span,
                "an attack with two or more attackers is a team attack (602.1e)",
            ));
        }
        if team && attackers.len() < 2 && !started {
            return Err(src.error_span(
                span,
                "a proposed attack with one attacker is not a team attack (601.1b); only a started team attack stays one when attackers leave (602.2b)",
            ));
        }
        g.attack = Some(Attack {
            attackers: attackers.into(),
            defender: Some(defender),
            started,
            team,
            defending_player,
            order: smallvec::SmallVec::new(),
        });
    }

    // The turn and the decision.
    g.turn = turn;
    g.initiative = initiative;
    g.part = part;
    let who = priority.unwrap_or(primary);
    // `passes` players passed in succession before `who`: the rest are still to be asked.
    let to_ask: Vec<PlayerId> = g.clockwise_from(who).collect();
    let still = to_ask.len().saturating_sub(passes as usize);
    g.priority = PriorityWindow::new(to_ask.into_iter().take(still));
    let pending_word = b.pending.as_ref().map(|p| p.get_ref().as_str());
    let pending_span = b.pending.as_ref().map_or(0..0, |p| p.span());
    let first_undecided = g
        .clockwise_from(initiative)
        .find(|&q| !g.player(q).mulligan_decided);
    g.pending = match (pending_word, part) {
        (None | Some("mulligan"), Part::Setup) => match (priority, first_undecided) {
            (Some(q), _) if !g.player(q).mulligan_decided => Pending::Mulligan(q),
            (None, Some(q)) => Pending::Mulligan(q),
            _ => {
                return Err(src.error(
                    0,
                    "before the first turn, a player who hasn't decided on a mulligan decides (101.6): give one `mulligan_decided = false` and `priority` naming them",
                ))
            }
        },
        (Some("initiative"), Part::Setup) => Pending::ChooseInitiative(who),
        (None, Part::Step(StepKind::Resource, owner)) | (Some("build"), Part::Step(StepKind::Resource, owner)) => {
            Pending::Build(owner)
        }
        (None, Part::Step(StepKind::Formation, owner))
        | (Some("formation"), Part::Step(StepKind::Formation, owner)) => Pending::Formation(owner),
        (None | Some("priority"), Part::Phase(_) | Part::Step(..)) => Pending::Priority(who),
        (Some(w), _) => {
            return Err(src.error_span(
                pending_span,
                format!("pending {w:?} doesn't fit the {}: priority (any part of a turn), build (a resource step), formation (a formation step), mulligan or initiative (setup)", part_word(part)),
            ))
        }
    };
    if matches!(
        g.pending,
        Pending::Build(_)
            | Pending::Formation(_)
            | Pending::Mulligan(_)
            | Pending::ChooseInitiative(_)
    ) && (!g.chain.is_empty() || g.attack.is_some())
    {
        return Err(src.error(
            0,
            "the chain and attacks come after the step's start (403.1, 405.1): with a chain or an attack, the decision is `pending = \"priority\"`",
        ));
    }
    g.log.clear();
    Ok(VsTcgRun {
        game: VsTcg { state: g },
        ids,
    })
}

// ---------------------------------------------------------------------------------------
// Steps.

impl VsTcgRun {
    fn state(&self) -> &GameState {
        &self.game.state
    }

    /// The scenario's id for a card, or its card id and number in the game.
    fn id_of(&self, c: CardId) -> String {
        self.ids.iter().find(|(_, &x)| x == c).map_or_else(
            || format!("{} ({c})", self.state().def(c).id),
            |(k, _)| k.clone(),
        )
    }

    fn card(&self, at: &StepAt<'_>, key: &str) -> Result<CardId, ScenarioError> {
        if let Some(&c) = self.ids.get(key) {
            return Ok(c);
        }
        let g = self.state();
        let found: Vec<CardId> = (0..g.card_count() as u16)
            .map(CardId)
            .filter(|&c| {
                let d = g.def(c);
                d.id.eq_ignore_ascii_case(key)
                    || d.name.eq_ignore_ascii_case(key)
                    || d.full_name().eq_ignore_ascii_case(key)
            })
            .collect();
        match found[..] {
            [c] => Ok(c),
            [] => {
                let e = at.error(format!(
                    "no card in the game is `{key}` (ids: {})",
                    self.ids.keys().cloned().collect::<Vec<_>>().join(", ")
                ));
                Err(
                    match crossover_diag::did_you_mean(key, self.ids.keys().map(String::as_str)) {
                        Some(n) => e.with_hint(format!("did you mean `{n}`?")),
                        None => e,
                    },
                )
            }
            _ => Err(at.error(format!(
                "{} cards in the game are `{key}`: give the one you mean an `id`",
                found.len()
            ))),
        }
    }

    fn player(&self, at: &StepAt<'_>, key: &str) -> Result<PlayerId, ScenarioError> {
        let n = self.state().seats() as usize;
        seat_of(key, n).ok_or_else(|| {
            at.error(format!(
                "no player `{key}`: the players are p0 to p{}",
                n - 1
            ))
        })
    }

    /// Where a card is and how it lies, for failures.
    fn describe(&self, c: CardId) -> String {
        let g = self.state();
        let card = g.card(c);
        let name = g.name(c);
        let owner = seat_word(card.owner);
        let ctrl = seat_word(card.controller);
        match card.zone {
            Zone::Deck => format!("{name} is in {owner}'s deck"),
            Zone::Hand => format!("{name} is in {owner}'s hand"),
            Zone::KoPile => format!("{name} is in {owner}'s KO'd pile"),
            Zone::Removed { face_down } => format!(
                "{name} is removed from the game{}",
                if face_down { " face down" } else { "" }
            ),
            Zone::Chain => format!("{name} is on the chain"),
            Zone::Character(pos) => {
                let how = if card.stunned {
                    "stunned"
                } else if card.exhausted {
                    "exhausted"
                } else {
                    "ready"
                };
                format!("{name} is {how} in {ctrl}'s {pos}")
            }
            Zone::Equipped(h) => format!(
                "{name} is {} and equipped to {}",
                if card.exhausted { "exhausted" } else { "ready" },
                g.name(h)
            ),
            Zone::Resource => format!(
                "{name} is {}{} in {ctrl}'s resource row",
                if card.face_up { "face up" } else { "face down" },
                if card.exhausted { ", exhausted," } else { "" }
            ),
        }
    }

    fn options(&self, seat: PlayerId) -> Vec<(String, Action)> {
        let g = self.state();
        g.legal()
            .into_iter()
            .map(|a| (g.describe_for(seat, &a), a))
            .collect()
    }

    fn apply(&mut self, at: &StepAt<'_>, s: &Step) -> Result<Option<Failure>, ScenarioError> {
        let illegal = s.illegal.unwrap_or(false);
        at.check_rule_key(illegal, s.rule.as_deref())?;
        if s.illegal == Some(false) {
            return Err(at.error("write `illegal = true`, or leave it out"));
        }
        let Some(seat) = self.state().pending().seat() else {
            return Ok(Some(at.fail(
                "an action",
                "a decision pending",
                format!("none: the game is over ({})", outcome_word(self.state())),
            )));
        };
        if let Some(want) = &s.seat {
            let p = self.player(at, want)?;
            if p != seat {
                return Ok(Some(at.fail(
                    "who decides",
                    want.clone(),
                    format!(
                        "{} ({})",
                        seat_word(seat),
                        decision_word(self.state().pending())
                    ),
                )));
            }
        }
        if let Some(PassStep::Times(n)) = s.pass {
            if self.count_actions(s) != 1 {
                return Err(at.error("a step takes one action; split it into several steps"));
            }
            if n == 0 || (illegal && n != 1) {
                return Err(at.error(
                    "`pass = N` passes N times (N from 1; an illegal pass is `pass = true`)",
                ));
            }
            for k in 0..n {
                let Some(seat) = self.state().pending().seat() else {
                    return Ok(Some(at.fail(
                        format!("pass {} of {n}", k + 1),
                        "a decision pending",
                        format!("none: the game is over ({})", outcome_word(self.state())),
                    )));
                };
                let what = format!("{} passes ({} of {n})", seat_word(seat), k + 1);
                if let Some(f) = at.apply_action(
                    &mut self.game,
                    &Action::Pass,
                    what,
                    illegal,
                    s.rule.as_deref(),
                ) {
                    return Ok(Some(f));
                }
            }
            return Ok(None);
        }
        if s.choose.is_some() && illegal {
            return Err(at.error(
                "`choose` takes one of the legal actions: for an action that must be refused, use its own key (play, recruit, attack, target...)",
            ));
        }
        let action = self.action(at, s, seat)?;
        let what = format!(
            "{}: {}",
            seat_word(seat),
            self.state().describe_for(seat, &action)
        );
        Ok(at.apply_action(&mut self.game, &action, what, illegal, s.rule.as_deref()))
    }

    fn count_actions(&self, s: &Step) -> usize {
        [
            s.choose.is_some(),
            s.pass.is_some(),
            s.play.is_some(),
            s.recruit.is_some(),
            s.equip.is_some(),
            s.use_.is_some(),
            s.flip.is_some(),
            s.attack.is_some(),
            s.join.is_some(),
            s.propose.is_some(),
            s.take_back.is_some(),
            s.target.is_some(),
            s.place.is_some(),
            s.build.is_some(),
            s.move_.is_some(),
            s.finish.is_some(),
            s.power_up.is_some(),
            s.reinforce.is_some(),
            s.hit.is_some(),
            s.recover.is_some(),
            s.pick.is_some(),
            s.may.is_some(),
            s.number.is_some(),
            s.put_trigger.is_some(),
            s.mulligan.is_some(),
            s.initiative.is_some(),
        ]
        .iter()
        .filter(|&&x| x)
        .count()
    }

    fn action(&self, at: &StepAt<'_>, s: &Step, seat: PlayerId) -> Result<Action, ScenarioError> {
        match self.count_actions(s) {
            1 => {}
            0 => {
                return Err(at.error(
                    "a step is one action (choose, pass, play, recruit, equip, use, flip, attack, join, propose, take_back, target, place, build, move, finish, power_up, reinforce, hit, recover, pick, may, put_trigger, mulligan, initiative) or an `expect`",
                ))
            }
            _ => return Err(at.error("a step takes one action; split it into several steps")),
        }
        if s.boost.is_some() && s.recruit.is_none() {
            return Err(at.error("`boost` goes with `recruit`"));
        }
        let yes = |b: Option<bool>, key: &str| -> Result<(), ScenarioError> {
            match b {
                Some(false) => Err(at.error(format!("write `{key} = true`, or leave it out"))),
                _ => Ok(()),
            }
        };
        let g = self.state();
        if let Some(text) = &s.choose {
            let options = self.options(seat);
            let exact: Vec<&Action> = options
                .iter()
                .filter(|(d, _)| d == text)
                .map(|(_, a)| a)
                .collect();
            let prefix: Vec<&Action> = options
                .iter()
                .filter(|(d, _)| d.starts_with(text.as_str()))
                .map(|(_, a)| a)
                .collect();
            return match (&exact[..], &prefix[..]) {
                ([a], _) | ([], [a]) => Ok(**a),
                _ => Err(at.error(format!(
                    "{} legal action{} of {} read{} {text:?}; the options are: {}",
                    if prefix.is_empty() {
                        "no"
                    } else {
                        "more than one"
                    },
                    if prefix.is_empty() { "" } else { "s" },
                    seat_word(seat),
                    if prefix.is_empty() { "s" } else { "" },
                    options
                        .iter()
                        .map(|(d, _)| format!("{d:?}"))
                        .collect::<Vec<_>>()
                        .join(", ")
                ))),
            };
        }
        if let Some(PassStep::Flag(b)) = s.pass {
            yes(Some(b), "pass")?;
            return Ok(Action::Pass);
        }
        if let Some(k) = &s.play {
            return Ok(Action::PlayPlotTwist(self.card(at, k)?));
        }
        if let Some(k) = &s.recruit {
            return Ok(Action::Recruit {
                card: self.card(at, k)?,
                boost: s.boost.unwrap_or(false),
            });
        }
        if let Some(e) = &s.equip {
            return Ok(Action::Equip {
                card: self.card(at, &e.card)?,
                host: self.card(at, &e.host)?,
            });
        }
        if let Some(u) = &s.use_ {
            return Ok(Action::UsePower {
                card: self.card(at, &u.card)?,
                power: u.power,
            });
        }
        if let Some(k) = &s.flip {
            return Ok(Action::FlipLocation(self.card(at, k)?));
        }
        if let Some(a) = &s.attack {
            let attacker = self.card(at, &a.attacker)?;
            let defender = match seat_of(&a.defender, g.seats() as usize) {
                Some(q) => Defender::Player(q),
                None => Defender::Character(self.card(at, &a.defender)?),
            };
            return Ok(Action::Propose { attacker, defender });
        }
        if let Some(k) = &s.join {
            return Ok(Action::JoinTeam(self.card(at, k)?));
        }
        if s.propose.is_some() {
            yes(s.propose, "propose")?;
            return Ok(Action::ProposeNow);
        }
        if s.take_back.is_some() {
            yes(s.take_back, "take_back")?;
            return Ok(match g.pending() {
                Pending::TeamUp(_) => Action::CancelAttack,
                _ => Action::CancelPlay,
            });
        }
        if let Some(k) = &s.target {
            return Ok(Action::ChooseTarget(match seat_of(k, g.seats() as usize) {
                Some(q) => TargetRef::Player(q),
                None => {
                    let c = self.card(at, k)?;
                    TargetRef::Card(c, g.card(c).object)
                }
            }));
        }
        if let Some(p) = &s.place {
            let entering = match g.pending() {
                Pending::Place(_, c) => Some(c),
                _ => None,
            };
            let area = match &p.area {
                Some(a) => parse_area(a).map_err(|e| at.error(e))?,
                None => entering
                    .and_then(|c| g.entry_areas(c).first().copied())
                    .unwrap_or(Area::Visible),
            };
            let row = parse_row(p.row.as_deref().unwrap_or("front")).map_err(|e| at.error(e))?;
            let col = parse_col(p.col.unwrap_or(0)).map_err(|e| at.error(e))?;
            return Ok(Action::Place(Position { area, row, col }));
        }
        if let Some(b) = &s.build {
            return match b {
                CardOrNo::Card(k) => Ok(Action::Build(self.card(at, k)?)),
                CardOrNo::No(false) => Ok(Action::NoBuild),
                CardOrNo::No(true) => {
                    Err(at.error("`build` names a card from hand, or is `false` to build none"))
                }
            };
        }
        if let Some(m) = &s.move_ {
            let c = self.card(at, &m.card)?;
            let now = g.position(c);
            let area = match &m.area {
                Some(a) => parse_area(a).map_err(|e| at.error(e))?,
                None => now.map_or(Area::Visible, |p| p.area),
            };
            let row = match &m.row {
                Some(r) => parse_row(r).map_err(|e| at.error(e))?,
                None => now.map_or(Row::Front, |p| p.row),
            };
            let col = match m.col {
                Some(n) => parse_col(n).map_err(|e| at.error(e))?,
                None => now.map_or(0, |p| p.col),
            };
            return Ok(Action::MoveCharacter {
                card: c,
                to: Position { area, row, col },
            });
        }
        if s.finish.is_some() {
            yes(s.finish, "finish")?;
            return Ok(Action::FormationDone);
        }
        if let Some(p) = &s.power_up {
            return Ok(Action::PowerUp {
                target: self.card(at, &p.target)?,
                discard: self.card(at, &p.discard)?,
            });
        }
        if let Some(r) = &s.reinforce {
            return Ok(Action::Reinforce {
                defender: self.card(at, &r.defender)?,
                by: self.card(at, &r.by)?,
            });
        }
        if let Some(k) = &s.hit {
            return Ok(Action::HitAttacker(self.card(at, k)?));
        }
        if let Some(r) = &s.recover {
            return match r {
                CardOrNo::Card(k) => Ok(Action::SaveInWrapUp(Some(self.card(at, k)?))),
                CardOrNo::No(false) => Ok(Action::SaveInWrapUp(None)),
                CardOrNo::No(true) => Err(
                    at.error("`recover` names a stunned character, or is `false` to recover none")
                ),
            };
        }
        if let Some(k) = &s.pick {
            return Ok(Action::Pick(self.card(at, k)?));
        }
        if let Some(b) = s.may {
            return Ok(if b { Action::Yes } else { Action::No });
        }
        if let Some(n) = s.number {
            return Ok(Action::Number(n));
        }
        if let Some(k) = &s.put_trigger {
            let c = self.card(at, k)?;
            return match g
                .waiting
                .iter()
                .position(|w| w.source == c && w.controller == seat)
            {
                Some(i) => Ok(Action::PutTrigger(i as u8)),
                None => Err(at.error(format!(
                    "no triggered effect of {} waits for {} to put it on the chain (506.2a)",
                    g.name(c),
                    seat_word(seat)
                ))),
            };
        }
        if let Some(b) = s.mulligan {
            return Ok(if b {
                Action::Mulligan
            } else {
                Action::KeepHand
            });
        }
        if let Some(k) = &s.initiative {
            return Ok(Action::ChooseInitiative(self.player(at, k)?));
        }
        unreachable!("one action was counted")
    }

    // -----------------------------------------------------------------------------------
    // Expectations.

    fn check(&self, at: &StepAt<'_>, e: &Expect) -> Result<Option<Failure>, ScenarioError> {
        let g = self.state();
        let mut fails: Vec<Failure> = Vec::new();
        let mut cmp = |what: String, want: String, got: String| {
            if want != got {
                fails.push(at.fail(what, want, got));
            }
        };
        let counts: [(&str, &Option<BTreeMap<String, i64>>); 7] = [
            ("endurance", &e.endurance),
            ("hand", &e.hand),
            ("deck", &e.deck),
            ("ko", &e.ko),
            ("removed", &e.removed),
            ("resources", &e.resources),
            ("rp", &e.rp),
        ];
        for (what, map) in counts {
            for (k, &n) in map.iter().flatten() {
                let p = self.player(at, k)?;
                let pl = g.player(p);
                let (label, got) = match what {
                    "endurance" => ("endurance", i64::from(pl.endurance)),
                    "hand" => ("cards in hand", pl.hand.len() as i64),
                    "deck" => ("cards in the deck", pl.deck.len() as i64),
                    "ko" => ("cards in the KO'd pile", pl.ko_pile.len() as i64),
                    "removed" => ("cards removed from the game", pl.removed.len() as i64),
                    "resources" => ("resources", pl.resources.len() as i64),
                    _ => ("resource points", i64::from(pl.rp)),
                };
                cmp(format!("{k}'s {label}"), n.to_string(), got.to_string());
            }
        }
        let lists: [(&str, &Option<Vec<String>>); 6] = [
            ("stunned", &e.stunned),
            ("not_stunned", &e.not_stunned),
            ("exhausted", &e.exhausted),
            ("ready", &e.ready),
            ("face_up", &e.face_up),
            ("face_down", &e.face_down),
        ];
        for (what, list) in lists {
            for k in list.iter().flatten() {
                let c = self.card(at, k)?;
                let card = g.card(c);
                let (label, holds) = match what {
                    "stunned" => ("a stunned character", g.is_character(c) && card.stunned),
                    "not_stunned" => (
                        "a character that isn't stunned",
                        g.is_character(c) && !card.stunned,
                    ),
                    "exhausted" => ("exhausted in play", in_play(card.zone) && card.exhausted),
                    "ready" => ("ready in play", in_play(card.zone) && !card.exhausted),
                    "face_up" => (
                        "face up in play",
                        (g.is_character(c) && !card.stunned)
                            || (card.zone == Zone::Resource && card.face_up),
                    ),
                    _ => (
                        "face down in play",
                        (g.is_character(c) && card.stunned)
                            || (card.zone == Zone::Resource && !card.face_up),
                    ),
                };
                if !holds {
                    cmp(format!("{k} is {label}"), label.into(), self.describe(c));
                }
            }
        }
        let stats: [(&str, &Option<BTreeMap<String, i64>>); 4] = [
            ("ATK", &e.atk),
            ("DEF", &e.def),
            ("+1/+1 counters", &e.plus),
            ("willpower", &e.willpower),
        ];
        for (what, map) in stats {
            for (k, &n) in map.iter().flatten() {
                let c = self.card(at, k)?;
                let got = match what {
                    "ATK" => i64::from(g.atk(c)),
                    "DEF" => i64::from(g.def_value(c)),
                    "willpower" => i64::from(g.willpower(c)),
                    _ => i64::from(g.card(c).plus),
                };
                let shown = if what != "+1/+1 counters" && !g.is_character(c) {
                    format!("{got} ({})", self.describe(c))
                } else {
                    got.to_string()
                };
                cmp(format!("{what} of {k}"), n.to_string(), shown);
            }
        }
        for (k, z) in e.zone.iter().flatten() {
            if !ZONE_WORDS.contains(&z.as_str()) {
                return Err(at.error(format!("zone {z:?}: give {}", ZONE_WORDS.join(", "))));
            }
            let c = self.card(at, k)?;
            let got = zone_word(g.card(c).zone);
            if got != z {
                cmp(
                    format!("zone of {k}"),
                    z.clone(),
                    format!("{got}: {}", self.describe(c)),
                );
            }
        }
        for (k, want) in e.position.iter().flatten() {
            let c = self.card(at, k)?;
            // 705.3: a resource's position is its place in its controller's row.
            let in_row = (g.card(c).zone == Zone::Resource).then(|| {
                let p = g.card(c).controller;
                let i = g
                    .player(p)
                    .resources()
                    .iter()
                    .position(|&r| r == c)
                    .unwrap_or(0);
                format!("p{p} resource {i}")
            });
            let got = in_row.unwrap_or_else(|| {
                g.position(c).map_or_else(
                    || format!("no position: {}", self.describe(c)),
                    position_word,
                )
            });
            cmp(format!("position of {k}"), want.clone(), got);
        }
        for (k, want) in e.sees_top.iter().flatten() {
            let Some((viewer, owner)) = k.split_once(' ') else {
                return Err(at.error(format!(
                    "sees_top: write \"VIEWER OWNER\" = \"id\" or \"none\", as \"p0 p1\" = \"top\", not {k:?}"
                )));
            };
            let (viewer, owner) = (self.player(at, viewer)?, self.player(at, owner)?);
            let shown = g.view_for(viewer).players[owner as usize].deck_top.clone();
            let got = match shown.and_then(|v| v.id) {
                Some(c) => self.id_of(c),
                None => "none".to_string(),
            };
            cmp(
                format!(
                    "the top of {}'s deck as seat {} sees it",
                    seat_word(owner),
                    seat_word(viewer)
                ),
                want.clone(),
                got,
            );
        }
        for (k, &want) in e.counters.iter().flatten() {
            let Some((id, name)) = k.split_once(' ') else {
                return Err(at.error(format!(
                    "counters: write \"ID NAME\" = N, as \"xd dream\" = 4, not {k:?}"
                )));
            };
            let c = self.card(at, id)?;
            cmp(
                format!("{name} counters on {id}"),
                want.to_string(),
                g.named_counters(c, name).to_string(),
            );
        }
        for (k, &want) in e.cosmic.iter().flatten() {
            let c = self.card(at, k)?;
            cmp(
                format!("{k} has a cosmic counter"),
                want.to_string(),
                g.card(c).cosmic.to_string(),
            );
        }
        for (k, host) in e.equipped.iter().flatten() {
            let c = self.card(at, k)?;
            let want = if host == "none" {
                "none".to_string()
            } else {
                self.id_of(self.card(at, host)?)
            };
            let got = match g.card(c).zone {
                Zone::Equipped(h) => self.id_of(h),
                _ => "none".into(),
            };
            cmp(format!("the character {k} is equipped to"), want, got);
        }
        if let Some(want) = &e.chain {
            let texts: Vec<String> = g.chain().iter().map(|x| g.effect_text(x)).collect();
            let ok = texts.len() == want.len()
                && texts.iter().zip(want).all(|(t, w)| t.contains(w.as_str()));
            if !ok {
                cmp(
                    "the chain, bottom to top".into(),
                    format!(
                        "[{}]",
                        want.iter()
                            .map(|w| format!("{w:?}"))
                            .collect::<Vec<_>>()
                            .join(", ")
                    ),
                    format!(
                        "[{}]",
                        texts
                            .iter()
                            .map(|w| format!("{w:?}"))
                            .collect::<Vec<_>>()
                            .join(", ")
                    ),
                );
            }
        }
        if let Some(n) = e.chain_length {
            cmp(
                "effects on the chain".into(),
                n.to_string(),
                g.chain().len().to_string(),
            );
        }
        if let Some(p) = &e.priority {
            if p != "none" {
                self.player(at, p)?;
            }
            let got = match g.pending() {
                Pending::Priority(q) => seat_word(q),
                _ => "none".into(),
            };
            let shown = if got == "none" {
                format!("none (the decision is {})", decision_word(g.pending()))
            } else {
                got.clone()
            };
            if *p != got {
                cmp("who has priority".into(), p.clone(), shown);
            }
        }
        if let Some(d) = &e.decision {
            cmp(
                "the decision".into(),
                d.clone(),
                decision_word(g.pending()).into(),
            );
        }
        if let Some(d) = &e.decider {
            if d != "none" {
                self.player(at, d)?;
            }
            cmp(
                "who decides".into(),
                d.clone(),
                g.pending().seat().map_or("none".into(), seat_word),
            );
        }
        if let Some(p) = &e.part {
            let seats = g.seats() as usize;
            parse_part(p, seats).map_err(|m| at.error(m))?;
            cmp(
                "the part of the turn".into(),
                p.trim().to_string(),
                part_word(g.part()),
            );
        }
        if let Some(t) = e.turn {
            cmp("the turn".into(), t.to_string(), g.turn().to_string());
        }
        if let Some(p) = &e.initiative {
            self.player(at, p)?;
            cmp(
                "who has the initiative".into(),
                p.clone(),
                seat_word(g.initiative()),
            );
        }
        if let Some(a) = &e.attack {
            match g.attack() {
                None => cmp("the attack".into(), "an attack".into(), "none".into()),
                Some(got) => {
                    if let Some(list) = &a.attackers {
                        let mut want: Vec<CardId> = list
                            .iter()
                            .map(|k| self.card(at, k))
                            .collect::<Result<_, _>>()?;
                        want.sort();
                        let mut now: Vec<CardId> =
                            got.attackers.iter().filter_map(|&t| g.still(t)).collect();
                        now.sort();
                        if want != now {
                            let names = |v: &[CardId]| {
                                format!(
                                    "[{}]",
                                    v.iter()
                                        .map(|&c| self.id_of(c))
                                        .collect::<Vec<_>>()
                                        .join(", ")
                                )
                            };
                            cmp("the attackers".into(), names(&want), names(&now));
                        }
                    }
                    if let Some(d) = &a.defender {
                        let now = match got.defender {
                            Some((Defender::Character(c), o)) if g.card(c).object == o => {
                                self.id_of(c)
                            }
                            Some((Defender::Player(q), _)) => seat_word(q),
                            _ => "none".into(),
                        };
                        let want = if d == "none" || seat_of(d, g.seats() as usize).is_some() {
                            d.clone()
                        } else {
                            self.id_of(self.card(at, d)?)
                        };
                        cmp("the defender".into(), want, now);
                    }
                    if let Some(s) = a.started {
                        cmp(
                            "the attack substep has started".into(),
                            s.to_string(),
                            got.started.to_string(),
                        );
                    }
                    if let Some(t) = a.team {
                        cmp("a team attack".into(), t.to_string(), got.team.to_string());
                    }
                }
            }
        }
        if let Some(b) = e.no_attack {
            if !b {
                return Err(at.error("write `no_attack = true`, or expect an `attack`"));
            }
            if g.attack().is_some() {
                cmp(
                    "the attack".into(),
                    "none".into(),
                    g.attack_text().unwrap_or_default(),
                );
            }
        }
        if let Some(o) = &e.outcome {
            cmp("the outcome".into(), o.clone(), outcome_word(g));
        }
        for (key, want_in) in [(&e.out, false), (&e.in_game, true)] {
            for k in key.iter().flatten() {
                let p = self.player(at, k)?;
                let label = |b: bool| if b { "in the game" } else { "out of the game" };
                cmp(
                    format!("{k} is {}", label(want_in)),
                    label(want_in).into(),
                    label(g.in_game(p)).into(),
                );
            }
        }
        let decider = g.pending().seat();
        let options: Vec<String> = decider.map_or_else(Vec::new, |s| {
            self.options(s).into_iter().map(|(d, _)| d).collect()
        });
        for o in e.options_include.iter().flatten() {
            if !options.iter().any(|d| d.starts_with(o.as_str())) {
                cmp(
                    format!("an option reading {o:?}"),
                    "offered".into(),
                    format!("not offered (options: {})", options.join("; ")),
                );
            }
        }
        for o in e.options_exclude.iter().flatten() {
            if let Some(d) = options.iter().find(|d| d.starts_with(o.as_str())) {
                cmp(
                    format!("an option reading {o:?}"),
                    "not offered".into(),
                    format!("offered: {d:?}"),
                );
            }
        }
        let log: Vec<&str> = g
            .log_entries()
            .iter()
            .filter(|l| l.visible_to.is_none_or(|s| s == 0))
            .map(|l| l.text.as_str())
            .collect();
        if let Some(t) = &e.log {
            if !log.iter().any(|l| l.contains(t.as_str())) {
                let last: Vec<&str> = log.iter().rev().take(8).rev().copied().collect();
                cmp(
                    format!("a log line containing {t:?}"),
                    "a line with it".into(),
                    format!("none (the last lines: {})", last.join(" | ")),
                );
            }
        }
        if let Some(t) = &e.no_log {
            if let Some(l) = log.iter().find(|l| l.contains(t.as_str())) {
                cmp(
                    format!("no log line containing {t:?}"),
                    "none".into(),
                    (*l).to_string(),
                );
            }
        }
        Ok(fails.into_iter().next())
    }
}

fn in_play(z: Zone) -> bool {
    matches!(z, Zone::Character(_) | Zone::Equipped(_) | Zone::Resource)
}

// ---------------------------------------------------------------------------------------
// Mutations: every way of changing an expectation so that it no longer holds.

fn other_seat(s: &str) -> &'static str {
    if s == "p0" {
        "p1"
    } else {
        "p0"
    }
}

fn mutations(step: &toml::Table) -> Vec<Mutation> {
    let mut out = vec![];
    let Some(toml::Value::Table(expect)) = step.get("expect") else {
        return out;
    };
    let mut change = |key: &str, new_key: &str, v: toml::Value| {
        let mut e = expect.clone();
        e.remove(key);
        e.insert(new_key.to_string(), v);
        let mut s = step.clone();
        s.insert("expect".into(), toml::Value::Table(e));
        out.push(Mutation {
            kind: key.to_string(),
            step: s,
        });
    };
    let opposite = |k: &str| -> Option<&'static str> {
        Some(match k {
            "stunned" => "not_stunned",
            "not_stunned" => "stunned",
            "exhausted" => "ready",
            "ready" => "exhausted",
            "face_up" => "face_down",
            "face_down" => "face_up",
            "options_include" => "options_exclude",
            "options_exclude" => "options_include",
            "out" => "in_game",
            "in_game" => "out",
            "log" => "no_log",
            "no_log" => "log",
            _ => return None,
        })
    };
    use toml::Value as V;
    for (key, v) in expect {
        match (key.as_str(), v) {
            (k, _) if opposite(k).is_some() => change(key, opposite(k).unwrap_or(k), v.clone()),
            (_, V::Integer(n)) => change(key, key, V::Integer(n + 1)),
            ("no_attack", V::Boolean(true)) => change(key, "attack", V::Table(toml::Table::new())),
            ("chain", V::Array(a)) => {
                let mut a = a.clone();
                if a.pop().is_none() {
                    a.push(V::String("normal draw".into()));
                }
                change(key, key, V::Array(a))
            }
            ("attack", V::Table(t)) => {
                for (k, x) in t {
                    let nv = match (k.as_str(), x) {
                        ("attackers", V::Array(a)) if !a.is_empty() => {
                            V::Array(a[..a.len() - 1].to_vec())
                        }
                        ("defender", V::String(s)) => V::String(other_seat(s).into()),
                        (_, V::Boolean(b)) => V::Boolean(!b),
                        _ => continue,
                    };
                    let mut t2 = t.clone();
                    t2.insert(k.clone(), nv);
                    change(key, key, V::Table(t2));
                }
            }
            (_, V::Table(t)) => {
                for (k, x) in t {
                    let nv = match x {
                        V::Integer(n) => V::Integer(n + 1),
                        V::Boolean(b) => V::Boolean(!b),
                        V::String(s) if key == "zone" => {
                            V::String(if s == "ko" { "hand" } else { "ko" }.into())
                        }
                        V::String(s) if key == "position" && s.contains("resource") => {
                            V::String(other_seat(&s[..2]).to_string() + &s[2..])
                        }
                        V::String(s) if key == "position" => {
                            let flipped = if s.contains("front") {
                                s.replace("front", "support")
                            } else {
                                s.replace("support", "front")
                            };
                            V::String(flipped)
                        }
                        V::String(s) if key == "sees_top" => V::String(if s == "none" {
                            "a-card".into()
                        } else {
                            "none".into()
                        }),
                        V::String(s) if key == "equipped" => V::String(if s == "none" {
                            k.clone()
                        } else {
                            "none".into()
                        }),
                        _ => continue,
                    };
                    let mut t2 = t.clone();
                    t2.insert(k.clone(), nv);
                    change(key, key, V::Table(t2));
                }
            }
            (_, V::String(s)) => {
                let other = match key.as_str() {
                    "outcome" if s == "none" => "p0 wins".to_string(),
                    "outcome" => "none".to_string(),
                    "priority" | "decider" | "initiative" => other_seat(s).to_string(),
                    "decision" if s == "priority" => "target".to_string(),
                    "decision" => "priority".to_string(),
                    "part" if s == "recovery phase" => "combat phase".to_string(),
                    "part" => "recovery phase".to_string(),
                    _ => continue,
                };
                change(key, key, V::String(other))
            }
            _ => {}
        }
    }
    out
}
