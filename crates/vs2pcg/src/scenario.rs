//! 2PCG scenarios (`game = "vs2pcg"`): a rules situation stated declaratively in a TOML
//! file (a board, then actions in the game's own words and expectations), run against
//! the engine by the shared runner of `crossover-scenario`. The format is documented in
//! docs/scenarios.md.

use crate::action::{Action, Pay};
use crate::db::CardDb;
use crate::game::{PlayerSetup, Setup};
use crate::model::Keyword;
use crate::state::*;
use crossover_kernel::{Game, Outcome, Presentation, Seat};
pub use crossover_scenario::{Failure, ScenarioError, ScenarioOutcome};
use crossover_scenario::{Mutation, ScenarioGame, Source, StepAt};
use serde::Deserialize;
use std::collections::BTreeMap;
use std::path::Path;
use std::sync::Arc;
use toml::Spanned;

/// 2PCG's scenarios, for [`crossover_scenario::runner`].
pub struct Vs2pcgScenarios;

/// The board of a 2PCG scenario: the file's top-level keys other than those the shared
/// runner reads (`game`, `name`, `rule`, `note`, `[[step]]`).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Board {
    #[serde(default)]
    seed: u64,
    variant: Option<Spanned<String>>,
    turn: Option<Spanned<u32>>,
    turn_player: Option<Spanned<usize>>,
    phase: Option<Spanned<String>>,
    /// Cards defined for this scenario only, in the card language.
    cards: Option<Spanned<String>>,
    #[serde(rename = "player")]
    players: Vec<Spanned<PlayerSpec>>,
    combat: Option<CombatSpec>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct PlayerSpec {
    name: Option<String>,
    /// How steps and expectations name this player: the player as a defender or a
    /// target (the engine's stand-in card, docs/rulings.md #29) and as a seat.
    id: Option<Spanned<String>>,
    /// The player's main character (its other levels are set aside automatically).
    main: Option<Spanned<CardSpec>>,
    /// Two or more main characters (a promoted supporting character, ...); the one the
    /// player started with is marked `original = true`.
    mains: Option<Spanned<Vec<Spanned<CardSpec>>>>,
    #[serde(default)]
    front: Vec<Spanned<CardSpec>>,
    #[serde(default)]
    back: Vec<Spanned<CardSpec>>,
    #[serde(default)]
    resources: Vec<Spanned<CardSpec>>,
    #[serde(default)]
    hand: Vec<Spanned<CardSpec>>,
    /// Top card first.
    #[serde(default)]
    deck: Vec<Spanned<CardSpec>>,
    #[serde(default)]
    ko_pile: Vec<Spanned<CardSpec>>,
    /// Cards outside the game (a transform side deck, other levels).
    #[serde(default)]
    outside: Vec<Spanned<CardSpec>>,
    /// The Facehugger pile (Facehuggers p.24); its Facehuggers are tokens.
    #[serde(default)]
    facehugger_pile: Vec<Spanned<CardSpec>>,
    recruit_points: Option<u8>,
}

#[derive(Debug, Clone)]
enum CardSpec {
    Plain(String),
    Full(CardState),
}

/// A card is a string or a table; a table's own error (`wounds = 256`, an unknown key) is
/// reported as it is, not as "matches no form".
impl<'de> Deserialize<'de> for CardSpec {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        use serde::de::Error;
        match toml::Value::deserialize(d)? {
            toml::Value::String(s) => Ok(CardSpec::Plain(s)),
            v @ toml::Value::Table(_) => {
                for key in ["wounds", "xp", "plus", "minus"] {
                    if let Some(n) = v.get(key).and_then(toml::Value::as_integer) {
                        if !(0..=255).contains(&n) {
                            return Err(D::Error::custom(format!(
                                "{key} must be 0..=255, not {n}"
                            )));
                        }
                    }
                }
                CardState::deserialize(v)
                    .map(CardSpec::Full)
                    .map_err(|e| D::Error::custom(e.message()))
            }
            other => Err(D::Error::custom(format!(
                "a card is a number or name (\"mnb-011\") or a table ({{ card = \"mnb-011\", ... }}), not {}",
                other.type_str()
            ))),
        }
    }
}

#[derive(Debug, Deserialize, Default, Clone)]
#[serde(deny_unknown_fields)]
struct CardState {
    card: String,
    id: Option<String>,
    /// Main character only: `front` (default) or `back`.
    row: Option<String>,
    #[serde(default)]
    stunned: bool,
    /// Resources: face down (a location is face up unless this is set).
    #[serde(default)]
    face_down: bool,
    #[serde(default)]
    exhausted: bool,
    #[serde(default)]
    wounds: u8,
    #[serde(default)]
    xp: u8,
    #[serde(default)]
    plus: u8,
    #[serde(default)]
    minus: u8,
    /// The equipment attached to it: a card, or a table with its `id`.
    equipment: Option<Box<CardSpec>>,
    #[serde(default)]
    frozen: bool,
    /// Main characters only: the level it is at (as if it had levelled up).
    level: Option<u8>,
    /// `mains` only: the main character the player started with.
    #[serde(default)]
    original: bool,
    /// A token character: it ceases to exist outside play (p.26).
    #[serde(default)]
    token: bool,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct CombatSpec {
    attackers: Vec<Spanned<String>>,
    defender: Spanned<String>,
}

/// One `[[step]]`: an action (with `illegal` and `rule` when it must be refused), a deck
/// check, or an `expect` table.
#[derive(Debug, Deserialize, Default, Clone)]
#[serde(deny_unknown_fields)]
pub struct StepSpec {
    play_resource: Option<String>,
    face_up: Option<bool>,
    recruit: Option<String>,
    row: Option<String>,
    equip: Option<String>,
    on: Option<String>,
    plot_twist: Option<String>,
    power: Option<String>,
    of: Option<String>,
    pay: Option<Vec<String>>,
    power_up: Option<String>,
    discard: Option<String>,
    #[serde(rename = "move")]
    move_: Option<String>,
    attack: Option<OneOrMany>,
    at: Option<String>,
    strike_back_at: Option<String>,
    choose: Option<String>,
    choose_player: Option<Spanned<PlayerRef>>,
    choose_row: Option<String>,
    order_trigger: Option<String>,
    answer: Option<String>,
    pass: Option<bool>,
    pass_combat: Option<bool>,
    end_turn: Option<bool>,
    /// A deck list (its lines) to check against the Deck Building Rules (p.28), with
    /// `deck_legal` (and `deck_problem`, text every reported problem must include one of).
    deck_list: Option<Vec<String>>,
    deck_legal: Option<bool>,
    deck_problem: Option<String>,
    /// The action must be refused; `rule` must appear in the refusal.
    illegal: Option<bool>,
    rule: Option<String>,
    expect: Option<Expect>,
}

/// A player: its seat number or the `id` of its `[[player]]` table.
#[derive(Debug, Deserialize, Clone)]
#[serde(untagged)]
enum PlayerRef {
    Seat(i64),
    Id(String),
}

#[derive(Debug, Deserialize, Clone)]
#[serde(untagged)]
enum OneOrMany {
    One(String),
    Many(Vec<String>),
}

/// What one step expects.
#[derive(Debug, Deserialize, Default, Clone)]
#[serde(deny_unknown_fields)]
pub struct Expect {
    #[serde(default)]
    stunned: Vec<String>,
    #[serde(default)]
    face_up: Vec<String>,
    #[serde(default)]
    ko: Vec<String>,
    #[serde(default)]
    removed: Vec<String>,
    #[serde(default)]
    in_hand: Vec<String>,
    #[serde(default)]
    in_deck: Vec<String>,
    #[serde(default)]
    in_play: Vec<String>,
    #[serde(default)]
    exhausted: Vec<String>,
    #[serde(default)]
    ready: Vec<String>,
    #[serde(default)]
    row: BTreeMap<String, String>,
    #[serde(default)]
    atk: BTreeMap<String, i32>,
    #[serde(default)]
    def: BTreeMap<String, i32>,
    #[serde(default)]
    wounds: BTreeMap<String, u8>,
    #[serde(default)]
    plus: BTreeMap<String, u8>,
    #[serde(default)]
    minus: BTreeMap<String, u8>,
    #[serde(default)]
    xp: BTreeMap<String, u8>,
    #[serde(default)]
    level: BTreeMap<String, u8>,
    #[serde(default)]
    keyword: BTreeMap<String, Vec<String>>,
    #[serde(default)]
    no_keyword: BTreeMap<String, Vec<String>>,
    hand_size: Option<Vec<usize>>,
    deck_size: Option<Vec<usize>>,
    recruit_points: Option<Vec<u8>>,
    decider: Option<usize>,
    #[serde(default)]
    options_include: Vec<String>,
    #[serde(default)]
    options_exclude: Vec<String>,
    winner: Option<usize>,
    tie: Option<bool>,
    game_over: Option<bool>,
    in_combat: Option<bool>,
    phase: Option<String>,
    turn_player: Option<usize>,
    /// In a resource row, face up / face down.
    #[serde(default)]
    resource_face_up: Vec<String>,
    #[serde(default)]
    resource_face_down: Vec<String>,
    /// Cards in each seat's resource row.
    resources: Option<Vec<usize>>,
    /// Each is the top card of the deck it is in.
    #[serde(default)]
    deck_top: Vec<String>,
    /// A player's whole deck, top card first.
    #[serde(default)]
    deck_order: BTreeMap<String, Vec<String>>,
    /// Can't ready in its controller's turn (Freeze).
    #[serde(default)]
    frozen: Vec<String>,
    #[serde(default)]
    not_frozen: Vec<String>,
    /// A main character / a supporting character.
    #[serde(default)]
    main: Vec<String>,
    #[serde(default)]
    supporting: Vec<String>,
    /// In the combat under way: an attacker / the defender / neither.
    #[serde(default)]
    attacking: Vec<String>,
    defending: Option<String>,
    #[serde(default)]
    not_in_combat: Vec<String>,
    /// In this player's KO pile.
    #[serde(default)]
    ko_pile_of: BTreeMap<String, PlayerRef>,
    /// Players out of the game / still in it.
    #[serde(default)]
    out: Vec<PlayerRef>,
    #[serde(default)]
    in_game: Vec<PlayerRef>,
}

/// Read and run a 2PCG scenario file.
pub fn run_file(path: &Path) -> Result<ScenarioOutcome, ScenarioError> {
    crossover_scenario::run_file(path, &[crossover_scenario::runner::<Vs2pcgScenarios>()])
}

/// Run a 2PCG scenario given as text; `file` is only used in messages.
pub fn run_source(file: &str, src: &str) -> Result<ScenarioOutcome, ScenarioError> {
    crossover_scenario::run_source(
        file,
        src,
        &[crossover_scenario::runner::<Vs2pcgScenarios>()],
    )
}

pub use crossover_scenario::collect;

fn line_of(src: &str, offset: usize) -> usize {
    src[..offset.min(src.len())].matches('\n').count() + 1
}

/// A scenario being run: the game, and how the file names its cards and players.
pub struct Vs2pcgRun {
    file: String,
    src: String,
    g: GameState,
    ids: BTreeMap<String, CardId>,
    /// Player ids and their seats.
    players: BTreeMap<String, Seat>,
    /// Where each card of the board is written, for refusing an unreachable board.
    spans: Vec<(CardId, usize)>,
}

impl Vs2pcgRun {
    fn error(&self, offset: usize, message: impl Into<String>) -> ScenarioError {
        Source {
            file: &self.file,
            text: &self.src,
        }
        .error(offset, message)
    }

    fn err<T>(&self, offset: usize, message: impl Into<String>) -> Result<T, ScenarioError> {
        Err(self.error(offset, message))
    }

    fn id(&self, name: &str) -> Option<CardId> {
        self.ids.get(name).copied()
    }

    /// Refuses one more card once the board holds [`MAX_SCENARIO_CARDS`]: card ids are
    /// `u16` and a game is a few hundred cards, so a larger board is a mistake (and a
    /// hostile one would wrap the ids and take minutes to set up).
    fn room_for_a_card(&self, offset: usize) -> Result<(), ScenarioError> {
        if self.g.cards.len() >= MAX_SCENARIO_CARDS {
            return self.err(
                offset,
                format!(
                    "a scenario has at most {MAX_SCENARIO_CARDS} cards: list only the cards the rule needs"
                ),
            );
        }
        Ok(())
    }
}

/// The most cards a scenario's board may hold (every player's zones together).
pub const MAX_SCENARIO_CARDS: usize = 1000;

impl ScenarioGame for Vs2pcgScenarios {
    const GAME: &'static str = "vs2pcg";
    type Board = Board;
    type Step = StepSpec;
    type Expect = Expect;
    type Run = Vs2pcgRun;

    fn build(source: &Source<'_>, spec: Board) -> Result<Vs2pcgRun, ScenarioError> {
        build(source, spec)
    }

    fn expectation(step: &StepSpec) -> Option<&Expect> {
        step.expect.as_ref()
    }

    fn apply(
        run: &mut Vs2pcgRun,
        at: &StepAt<'_>,
        step: &StepSpec,
    ) -> Result<Option<Failure>, ScenarioError> {
        run.step(at, step)
    }

    fn check(
        run: &Vs2pcgRun,
        at: &StepAt<'_>,
        e: &Expect,
    ) -> Result<Option<Failure>, ScenarioError> {
        run.check(e, &|what, expected, actual| at.fail(what, expected, actual))
            .map_err(|m| at.error(m))
    }

    fn mutations(file: &toml::Table, step: &toml::Table) -> Vec<Mutation> {
        mutations(file, step)
    }
}

/// Set the game up as the board says.
fn build(source: &Source<'_>, spec: Board) -> Result<Vs2pcgRun, ScenarioError> {
    let (file, src) = (source.file, source.text);
    let bad = |offset: usize, message: String| source.error(offset, message);
    // Scenario-local cards, with their lines counted from the top of the file.
    let db: Arc<CardDb> = match &spec.cards {
        None => crate::cardfile::embedded(),
        Some(cards) => {
            let start = cards.span().start;
            // A multi-line string drops the newline right after its opening quotes.
            let rest = &src[start..];
            let skips_newline = ["'''\n", "\"\"\"\n", "'''\r\n", "\"\"\"\r\n"]
                .iter()
                .any(|q| rest.starts_with(q));
            let first = line_of(src, start) + usize::from(skips_newline);
            let local = crate::cardfile::parse_cards(file, cards.get_ref()).map_err(|e| {
                ScenarioError::at_line(file, first + e.line as usize - 1, e.message.clone())
            })?;
            crate::db::with_overrides(local).map_err(|m| bad(cards.span().start, m))?
        }
    };
    let variant = match spec.variant.as_ref().map(|v| v.get_ref().as_str()) {
        None | Some("two-player") => Variant::TwoPlayer,
        Some("ffa") => Variant::FreeForAll,
        Some("2v2") => Variant::TwoVsTwo,
        Some("2h") => Variant::TwoHeaded,
        Some(other) => {
            return Err(bad(
                spec.variant.as_ref().unwrap().span().start,
                format!("unknown variant `{other}`; use two-player, ffa, 2v2 or 2h"),
            ))
        }
    };
    let mut players = Vec::new();
    for (i, p) in spec.players.iter().enumerate() {
        let (entries, original) = main_entries(p).map_err(|(o, m)| bad(o, m))?;
        let entry = entries[original];
        let st = state_of(entry.get_ref());
        let Some(d) = db.find(&st.card) else {
            return Err(unknown_card(
                bad(entry.span().start, format!("unknown card `{}`", st.card)),
                &db,
                &st.card,
            ));
        };
        let Some(l1) = level_one(&db, d) else {
            return Err(bad(
                entry.span().start,
                format!(
                    "`{}` is not a main character: a player starts the game with a main character (Setting Up the Game p.8)",
                    st.card
                ),
            ));
        };
        players.push(PlayerSetup {
            name: p.get_ref().name.clone().unwrap_or(format!("Player {i}")),
            main: db.get(l1).number.clone(),
            deck: Vec::new(),
            // A level 2 or 3 card not printed with that level 1 is another version the
            // player brings (a deck's `version` line).
            versions: if d != l1 && !printed_with(&db, l1, d) {
                vec![db.get(d).number.clone()]
            } else {
                Vec::new()
            },
        });
    }
    let setup = Setup {
        variant,
        players,
        cards: db.clone().into(),
    };
    let g = GameState::new_game(&setup, spec.seed).map_err(|e| bad(0, e.0))?;
    let mut r = Vs2pcgRun {
        file: file.to_string(),
        src: src.to_string(),
        g,
        ids: BTreeMap::new(),
        players: BTreeMap::new(),
        spans: Vec::new(),
    };
    r.build(&spec)?;
    Ok(r)
}

impl Vs2pcgRun {
    fn build(&mut self, spec: &Board) -> Result<(), ScenarioError> {
        let n = spec.players.len();
        let turn_player = spec.turn_player.as_ref().map_or(0, |t| *t.get_ref());
        if turn_player >= n {
            return self.err(
                spec.turn_player.as_ref().map_or(0, |t| t.span().start),
                format!(
                    "turn_player {turn_player} but only {n} players (seats 0 to {})",
                    n - 1
                ),
            );
        }
        if let Some(t) = spec.turn.as_ref().filter(|t| *t.get_ref() == 0) {
            return self.err(
                t.span().start,
                "turns are counted from 1 (turn 0 is the setup)",
            );
        }
        let phase = match spec.phase.as_ref().map(|p| p.get_ref().as_str()) {
            None | Some("main") => Phase::Main,
            Some("resource") | Some("build") => Phase::Resource,
            Some("recruit") => Phase::Recruit,
            Some("formation") => Phase::Formation,
            Some("draw") | Some("start") => Phase::StartOfTurn,
            Some(other) => {
                return self.err(
                    spec.phase.as_ref().unwrap().span().start,
                    format!(
                        "unknown phase `{other}`; use start, resource, recruit, formation or main"
                    ),
                )
            }
        };
        let g = &mut self.g;
        g.first_chosen = true;
        g.setup_done = (0..n).collect();
        for p in g.players.iter_mut() {
            p.mulliganed = true;
        }
        g.turn = spec.turn.as_ref().map_or(3, |t| *t.get_ref());
        g.turn_seat = turn_player;
        g.acting = turn_player;
        g.first_seat = 0;
        g.phase = phase;
        for (seat, sp) in spec.players.iter().enumerate() {
            let (entries, original) = match main_entries(sp) {
                Ok(x) => x,
                Err((o, m)) => return self.err(o, m),
            };
            for (k, entry) in entries.iter().enumerate() {
                self.place_main(entry, seat, k == original)?;
            }
            let p = sp.get_ref();
            for (list, zone) in [
                (&p.front, Zone::Front),
                (&p.back, Zone::Back),
                (&p.resources, Zone::Resources),
                (&p.hand, Zone::Hand),
                (&p.ko_pile, Zone::KoPile),
                (&p.outside, Zone::SetAside),
                (&p.facehugger_pile, Zone::FacehuggerPile),
            ] {
                for c in list {
                    self.place(c, seat, zone)?;
                }
            }
            for c in p.deck.iter().rev() {
                self.place(c, seat, Zone::Deck)?;
            }
            if let Some(rp) = p.recruit_points {
                self.g.players[seat].recruit_points = rp;
            } else if phase == Phase::Recruit {
                self.g.players[seat].recruit_points =
                    u8::try_from(self.g.players[seat].resources().len()).unwrap_or(u8::MAX);
            }
        }
        self.name_players(spec)?;
        self.check_reachable()?;
        self.g.settle();
        if let Some(cb) = &spec.combat {
            let mut attackers = Vec::new();
            for a in &cb.attackers {
                attackers.push(self.board_card(a)?);
            }
            let d = self.board_card(&cb.defender)?;
            // A combat the rules couldn't declare here is refused, like any other
            // unreachable board (Declare a Combat p.10).
            let at = cb.defender.span().start;
            if self.g.phase != Phase::Main || self.g.combat.is_some() {
                return self.err(at, "a combat is declared in the turn player's Main Phase, when no other combat is under way (p.10)");
            }
            for (i, (&a, name)) in attackers.iter().zip(&cb.attackers).enumerate() {
                let ok = if i == 0 {
                    self.g.can_attack(a)
                } else {
                    self.g.can_join_team(a, &attackers[..i])
                };
                if !ok {
                    return self.err(
                        name.span().start,
                        format!(
                            "{} can't {} (Declare a Combat p.10, Team Attacks p.11)",
                            name.get_ref(),
                            if i == 0 {
                                "attack now"
                            } else {
                                "join this team attack"
                            }
                        ),
                    );
                }
            }
            if attackers.is_empty() || !self.g.legal_defenders(&attackers).contains(&d) {
                return self.err(
                    at,
                    format!(
                        "{} can't be attacked by these attackers (Declare a Combat p.10)",
                        cb.defender.get_ref()
                    ),
                );
            }
            self.g.declare_attack(attackers, d);
            self.g.settle();
        }
        Ok(())
    }

    /// A card of the board named in the file (`[combat]`), with the line it is named on.
    fn board_card(&self, name: &Spanned<String>) -> Result<CardId, ScenarioError> {
        self.card(name.get_ref())
            .or_else(|m| self.err(name.span().start, m))
    }

    /// Players with an `id`: the id names the seat, and the card that stands for the
    /// player when it defends or is targeted (docs/rulings.md #29).
    fn name_players(&mut self, spec: &Board) -> Result<(), ScenarioError> {
        if spec.players.iter().all(|p| p.get_ref().id.is_none()) {
            return Ok(());
        }
        self.g.ensure_player_tokens();
        for (seat, p) in spec.players.iter().enumerate() {
            let Some(id) = &p.get_ref().id else { continue };
            let name = id.get_ref().clone();
            if self.ids.contains_key(&name) || self.players.contains_key(&name) {
                return self.err(
                    id.span().start,
                    format!("id `{name}` is already used: ids must be unique"),
                );
            }
            if name.parse::<i64>().is_ok() {
                return self.err(
                    id.span().start,
                    format!("player id `{name}` is a number: seat numbers already name players"),
                );
            }
            self.players.insert(name.clone(), seat);
            let token = (0..self.g.cards.len() as CardId)
                .find(|&c| self.g.is_player_token(c) && self.g.card(c).owner == seat);
            if let Some(t) = token {
                self.ids.insert(name, t);
            }
        }
        Ok(())
    }

    /// Name a card: by its `id`, which must be unique, or by the card as written, numbered
    /// from the second copy on (`mnb-011#2`).
    fn name_card(
        &mut self,
        c: CardId,
        id: Option<&str>,
        written: &str,
        offset: usize,
    ) -> Result<(), ScenarioError> {
        self.spans.push((c, offset));
        if let Some(id) = id {
            if self.ids.contains_key(id) {
                return self.err(
                    offset,
                    format!("id `{id}` is already used: ids must be unique"),
                );
            }
            self.ids.insert(id.to_string(), c);
            return Ok(());
        }
        if self.ids.contains_key(written) {
            let mut k = 2;
            while self.ids.contains_key(&format!("{written}#{k}")) {
                k += 1;
            }
            self.ids.insert(format!("{written}#{k}"), c);
        } else {
            self.ids.insert(written.to_string(), c);
        }
        Ok(())
    }

    /// A main character: the original one is the card the game was set up with; another
    /// one is a main character card or a promoted supporting character (p.23).
    fn place_main(
        &mut self,
        entry: &Spanned<CardSpec>,
        seat: Seat,
        original: bool,
    ) -> Result<(), ScenarioError> {
        let st = state_of(entry.get_ref());
        let at = entry.span().start;
        self.room_for_a_card(at)?;
        if st.face_down {
            return self.err(
                at,
                "`face_down` is only for resources; a stunned character is `stunned = true`",
            );
        }
        let Some(d) = self.g.db.find(&st.card) else {
            return Err(unknown_card(
                self.error(at, format!("unknown card `{}`", st.card)),
                &self.g.db,
                &st.card,
            ));
        };
        let row = match st.row.as_deref() {
            None | Some("front") => Row::Front,
            Some("back") => Row::Back,
            Some(o) => return self.err(at, format!("row `{o}`: use front or back")),
        };
        let db = self.g.db.clone();
        let def = db.get(d);
        let c = if original {
            self.g.players[seat].main
        } else if def.level() > 0 {
            // A level 2 or 3 comes into play at its level, its level 1 (printed with it, or
            // of its name for another version) waiting outside the game; one whose level 1
            // isn't in the card data comes into play as it is (p.22).
            let l1 = level_one(&db, d).unwrap_or(d);
            let c = self.g.spawn(&db.get(l1).number, seat, Zone::SetAside);
            self.g.card_mut(c).main = true;
            // Its other levels wait outside the game, as for the original (p.20).
            let mut others: Vec<DefId> = Vec::new();
            for lv in &db.get(l1).levels {
                if let Some(o) = db.find(lv) {
                    others.push(o);
                    for lv2 in &db.get(o).levels {
                        if let Some(o2) = db.find(lv2) {
                            others.push(o2);
                        }
                    }
                }
            }
            // Another version (p.20) waits there too, with its own higher levels.
            if d != l1 && !printed_with(&db, l1, d) {
                others.push(d);
                others.extend(db.get(d).levels.iter().filter_map(|n| db.find(n)));
            }
            others.sort();
            others.dedup();
            for o in others.into_iter().filter(|&o| o != l1) {
                self.g.spawn(&db.get(o).number, seat, Zone::SetAside);
            }
            c
        } else if matches!(def.kind, crate::model::CardKind::Supporting) {
            if st.level.is_some_and(|l| l != 1) {
                return self.err(
                    at,
                    format!(
                        "`{}` is a supporting character: promoted, it is a level 1 main character (Changing Main/Supporting Character Status p.23)",
                        st.card
                    ),
                );
            }
            let c = self.g.spawn(&def.number, seat, Zone::SetAside);
            self.g.card_mut(c).main = true;
            c
        } else {
            return self.err(at, format!("`{}` is not a character", st.card));
        };
        self.g.move_to(c, Zone::of_row(row), seat);
        if def.level() > 0 {
            let want = st.level.unwrap_or(def.level());
            // The version it has reached: the card named if it is at that level, else
            // the version of that level waiting outside the game.
            let target = if def.level() == want {
                Some(d)
            } else {
                self.g.players[seat]
                    .set_aside()
                    .iter()
                    .map(|&o| self.g.card(o).def)
                    .chain([self.g.card(c).def])
                    .find(|&o| db.get(o).level() == want && db.get(o).name == def.name)
            };
            let Some(target) = target else {
                return self.err(at, format!("{} has no level {want} version", def.name));
            };
            if target != self.g.card(c).def {
                // Levelling up trades the in-play version for the one outside the game
                // (Level Up Powers p.20): the level 1 card waits outside the game.
                let Some(other) = self.g.players[seat]
                    .set_aside()
                    .iter()
                    .copied()
                    .find(|&o| self.g.card(o).def == target)
                else {
                    return self.err(
                        at,
                        format!(
                            "{} level {want} (`{}`) is not one of its levels",
                            def.name,
                            db.get(target).number
                        ),
                    );
                };
                let (a, b) = (self.g.card(c).def, self.g.card(other).def);
                self.g.card_mut(c).def = b;
                self.g.card_mut(other).def = a;
            }
        }
        self.apply_state(c, &st, at, Zone::of_row(row))?;
        self.name_card(c, st.id.as_deref(), &st.card, at)
    }

    fn place(
        &mut self,
        c: &Spanned<CardSpec>,
        seat: Seat,
        zone: Zone,
    ) -> Result<(), ScenarioError> {
        let st = state_of(c.get_ref());
        let at = c.span().start;
        self.room_for_a_card(at)?;
        let Some(def) = self.g.db.find(&st.card) else {
            return Err(unknown_card(
                self.error(at, format!("unknown card `{}`", st.card)),
                &self.g.db,
                &st.card,
            ));
        };
        let number = self.g.db.get(def).number.clone();
        let is_char = self.g.db.get(def).is_character();
        if st.row.is_some() || st.level.is_some() || st.original {
            return self.err(
                at,
                "`row`, `level` and `original` are only for a main character (`main` or `mains`)",
            );
        }
        if st.face_down && zone != Zone::Resources {
            return self.err(
                at,
                "`face_down` is only for resources; a stunned character is `stunned = true`",
            );
        }
        if matches!(zone, Zone::Front | Zone::Back) {
            if !is_char {
                return self.err(
                    at,
                    format!("`{}` is not a character: it can't be in a row", st.card),
                );
            }
            if self.g.db.get(def).level() > 0 {
                return self.err(
                    at,
                    format!(
                        "`{}` is a main character card: it is in play only as a main character (Main Characters vs Supporting Characters p.22); put it in `main` or `mains`",
                        st.card
                    ),
                );
            }
        }
        let id = self.g.spawn(&number, seat, zone);
        if zone == Zone::FacehuggerPile && is_char {
            self.g.card_mut(id).token = true;
        }
        if zone == Zone::Resources {
            let loc = self.g.def(id).is_location();
            self.g.card_mut(id).face_up = loc && !st.face_down;
        }
        self.apply_state(id, &st, at, zone)?;
        self.name_card(id, st.id.as_deref(), &st.card, at)
    }

    /// A card's counters and condition, refusing what the rules never allow.
    fn apply_state(
        &mut self,
        id: CardId,
        st: &CardState,
        offset: usize,
        zone: Zone,
    ) -> Result<(), ScenarioError> {
        let name = self.g.def(id).name.clone();
        let in_play_character = zone.in_play() && zone != Zone::Resources;
        let condition = st.stunned
            || st.exhausted
            || st.frozen
            || st.wounds > 0
            || st.xp > 0
            || st.plus > 0
            || st.minus > 0
            || st.equipment.is_some();
        if condition && !in_play_character {
            return self.err(
                offset,
                format!(
                    "{name} is {}: only a character in play has counters, wounds, equipment or a condition (stunned, exhausted, frozen); a card leaving play loses them",
                    zone_words(zone)
                ),
            );
        }
        if st.token && !(in_play_character || zone == Zone::FacehuggerPile) {
            return self.err(
                offset,
                format!(
                    "{name} is a token {}: a token that leaves play ceases to exist (Tokens p.26)",
                    zone_words(zone)
                ),
            );
        }
        if st.plus > 0 && st.minus > 0 {
            return self.err(
                offset,
                format!(
                    "{name} has both +1/+1 and -1/-1 counters: they cancel out, one of each, until only one kind is left (+1/+1 and -1/-1 counters p.13)"
                ),
            );
        }
        if st.stunned && st.equipment.is_some() {
            return self.err(
                offset,
                format!(
                    "{name} is stunned with equipment: a stun KOs its equipment, and equipment can't be put on a stunned character (Playing Equipment p.11)"
                ),
            );
        }
        if st.xp > 0 && self.g.def(id).level_up_xp().is_none() {
            return self.err(
                offset,
                format!(
                    "{name} has XP but no Level Up power: XP is gained only through one, and progressing removes it (Level Up Powers p.20, Game Terms › Progress)"
                ),
            );
        }
        let health = self.g.def(id).health;
        if in_play_character && i32::from(st.wounds) >= health {
            return self.err(
                offset,
                format!(
                    "{name} has {} wounds and {health} health: a character with as many wounds as its health is KO'd (Wounds, Game Terms)",
                    st.wounds
                ),
            );
        }
        let turn = self.g.turn;
        let card = self.g.card_mut(id);
        card.wounds = st.wounds;
        card.xp = st.xp;
        card.plus = st.plus;
        card.minus = st.minus;
        if st.stunned {
            card.face_up = false;
            card.exhausted = true;
        }
        if st.exhausted {
            card.exhausted = true;
        }
        if st.frozen {
            card.exhausted = true;
            card.frozen_turn = Some(turn);
        }
        card.token = st.token;
        if let Some(e) = &st.equipment {
            let est = state_of(e);
            let Some(def) = self.g.db.find(&est.card) else {
                return self.err(offset, format!("unknown equipment `{}`", est.card));
            };
            if !matches!(self.g.db.get(def).kind, crate::model::CardKind::Equipment) {
                return self.err(offset, format!("`{}` is not an equipment card", est.card));
            }
            let est_condition = est.stunned
                || est.exhausted
                || est.frozen
                || est.wounds > 0
                || est.xp > 0
                || est.plus > 0
                || est.minus > 0
                || est.equipment.is_some()
                || est.token
                || est.face_down
                || est.row.is_some()
                || est.level.is_some()
                || est.original;
            if est_condition {
                return self.err(
                    offset,
                    "an equipment takes only `card` and `id`: it has no counters or condition of its own",
                );
            }
            let number = self.g.db.get(def).number.clone();
            let side = self.g.card(id).controller;
            self.room_for_a_card(offset)?;
            let eq = self.g.spawn(&number, side, Zone::Attached);
            self.g.card_mut(eq).attached_to = Some(id);
            self.g.card_mut(id).equipment = Some(eq);
            self.name_card(eq, est.id.as_deref(), &est.card, offset)?;
        }
        Ok(())
    }

    /// Refuse a board the rules could never reach, looking at the whole board.
    fn check_reachable(&self) -> Result<(), ScenarioError> {
        let g = &self.g;
        for &(c, at) in &self.spans {
            if !g.is_character_in_play(c) {
                continue;
            }
            let name = &g.def(c).name;
            let card = g.card(c);
            if !card.face_up {
                // Symbiosis keeps its own +1/+1 counters, an enemy's Waking Nightmare
                // keeps -1/-1 counters (p.31); otherwise a stun removes them (p.14).
                if card.plus > 0 && !g.def(c).has_printed_keyword(Keyword::Symbiosis) {
                    return self.err(at, format!("{name} is stunned with +1/+1 counters: a stunned character can't have them (Stunned, Game Terms), unless it has Symbiosis"));
                }
                let nightmare = g.all_characters().into_iter().any(|o| {
                    g.are_enemies(g.card(o).controller, card.controller)
                        && g.has_keyword(o, Keyword::WakingNightmare)
                });
                if card.minus > 0 && !nightmare {
                    return self.err(at, format!("{name} is stunned with -1/-1 counters: a stunned character can't have them (Stunned, Game Terms), unless an enemy has Waking Nightmare"));
                }
            }
            // Uniqueness (p.24): one character of a name on a side; Swarm allows copies,
            // and only a main character's Swarm allows a supporting character with its
            // name. Two main characters of one name are never on a side.
            let clash = self.spans.iter().find(|&&(o, _)| {
                o < c
                    && g.is_character_in_play(o)
                    && g.card(o).controller == card.controller
                    && g.def(o).shares_name_with(g.def(c))
                    && match (g.card(o).main, card.main) {
                        (false, false) => {
                            !(g.has_keyword(c, Keyword::Swarm) || g.has_keyword(o, Keyword::Swarm))
                        }
                        (true, true) => true,
                        (true, false) => !g.has_keyword(o, Keyword::Swarm),
                        (false, true) => !g.has_keyword(c, Keyword::Swarm),
                    }
            });
            if let Some(&(o, _)) = clash {
                return self.err(
                    at,
                    format!(
                        "{name} shares a side with {} of the same name: a side has one character of a name (Uniqueness p.24), unless Swarm allows it",
                        self.label(o)
                    ),
                );
            }
            if card.face_up && g.defense(c) <= 0 {
                return self.err(
                    at,
                    format!(
                        "{name} is face up with {} DEF: a character whose DEF is 0 is stunned at once (+1/+1 and -1/-1 counters p.13)",
                        g.defense(c)
                    ),
                );
            }
        }
        Ok(())
    }

    /// One step that is not an expectation. `Err` for a malformed step; `Ok(Some)` when
    /// the engine did not do what the step says.
    fn step(&mut self, at: &StepAt<'_>, s: &StepSpec) -> Result<Option<Failure>, ScenarioError> {
        let fail = |what: String, expected: String, actual: String| at.fail(what, expected, actual);
        let bad = |message: String| at.error(message);
        if let Some(lines) = &s.deck_list {
            let src = lines.join("\n");
            let d = crate::deck::parse("deck_list", "scenario deck", &src)
                .map_err(|e| bad(format!("deck_list: {e}")))?;
            let problems = crate::deck::check("deck_list", &d, &self.g.db);
            let text: Vec<String> = problems.iter().map(|p| p.to_string()).collect();
            let want_legal = s.deck_legal.unwrap_or(true);
            if problems.is_empty() != want_legal {
                return Ok(Some(fail(
                    "the deck is legal".into(),
                    want_legal.to_string(),
                    if text.is_empty() {
                        "legal".into()
                    } else {
                        text.join("; ")
                    },
                )));
            }
            if let Some(p) = &s.deck_problem {
                if !text.iter().any(|t| t.contains(p.as_str())) {
                    return Ok(Some(fail(
                        "a deck problem".into(),
                        p.clone(),
                        text.join("; "),
                    )));
                }
            }
            return Ok(None);
        }
        if s.pass_combat == Some(true) {
            let mut guard = 0;
            while self.g.combat.is_some() && matches!(self.g.pending, Pending::Act { .. }) {
                self.g
                    .apply(&Action::Pass)
                    .map_err(|e| bad(e.to_string()))?;
                guard += 1;
                if guard > 1000 {
                    return Ok(Some(fail(
                        "every player passes until the combat resolves".into(),
                        "the combat resolves".into(),
                        "it was still under way after 1,000 passes".into(),
                    )));
                }
            }
            return Ok(None);
        }
        if s.end_turn == Some(true) {
            let turn = self.g.turn;
            let mut guard = 0;
            while self.g.turn == turn && self.g.outcome.is_none() && guard < 200 {
                if !self.g.legal_actions().contains(&Action::Pass) {
                    return Ok(Some(fail(
                        "end the turn by passing".into(),
                        "Pass to be a legal action".into(),
                        format!("pending {:?}", self.g.pending),
                    )));
                }
                self.g
                    .apply(&Action::Pass)
                    .map_err(|e| bad(e.to_string()))?;
                guard += 1;
            }
            return Ok(None);
        }
        // A seat from the file is checked before anything uses it (a seat past the end
        // once reached the engine's description of the action and panicked).
        if let Some(p) = &s.choose_player {
            self.seat(p.get_ref()).map_err(|m| {
                Source {
                    file: &self.file,
                    text: &self.src,
                }
                .error_span(p.span(), format!("choose_player: {m}"))
            })?;
        }
        let actions = self.actions_for(s).map_err(bad)?;
        let illegal = s.illegal == Some(true);
        // An illegal step leaves the board as it was before the step (a refused defender
        // must not leave the attack half declared).
        let saved = illegal.then(|| self.g.clone());
        let result = self.apply_actions(at, s, &actions, illegal);
        if let (Some(saved), Ok(None)) = (saved, &result) {
            self.g = saved;
        }
        result
    }

    fn apply_actions(
        &mut self,
        at: &StepAt<'_>,
        s: &StepSpec,
        actions: &[Action],
        illegal: bool,
    ) -> Result<Option<Failure>, ScenarioError> {
        let fail = |what: String, expected: String, actual: String| at.fail(what, expected, actual);
        for (k, action) in actions.iter().enumerate() {
            let before = self.g.state_hash();
            let last = k + 1 == actions.len();
            match self.g.apply(action) {
                // An illegal step may be refused at any of its actions (e.g. declaring an
                // exhausted attacker, before the defender is named).
                Err(e) if illegal && !last => {
                    if let Some(rule) = &s.rule {
                        if !e.rule.contains(rule.as_str()) {
                            return Ok(Some(fail(
                                format!("{action:?} refused"),
                                format!("refused by {rule}"),
                                format!("refused by {}: {}", e.rule, e.message),
                            )));
                        }
                    }
                    return Ok(None);
                }
                Ok(()) if illegal && last => {
                    return Ok(Some(fail(
                        format!("{action:?}"),
                        format!(
                            "refused{}",
                            s.rule
                                .as_ref()
                                .map_or(String::new(), |r| format!(" by {r}"))
                        ),
                        "it was allowed".into(),
                    )))
                }
                Ok(()) => {}
                Err(e) if illegal && last => {
                    if let Some(rule) = &s.rule {
                        if !e.rule.contains(rule.as_str()) {
                            return Ok(Some(fail(
                                format!("{action:?} refused"),
                                format!("refused by {rule}"),
                                format!("refused by {}: {}", e.rule, e.message),
                            )));
                        }
                    }
                    if self.g.state_hash() != before {
                        return Ok(Some(fail(
                            "a refused action leaves the state unchanged".into(),
                            "the same state".into(),
                            "the state changed".into(),
                        )));
                    }
                }
                Err(e) => {
                    return Ok(Some(fail(
                        // A refused action is shown as written: describing one assumes
                        // the rules offer it here.
                        format!("{action:?}"),
                        "a legal action".into(),
                        format!("refused ({}): {}", e.rule, e.message),
                    )));
                }
            }
        }
        Ok(None)
    }

    fn card(&self, name: &str) -> Result<CardId, String> {
        self.id(name).ok_or_else(|| {
            format!(
                "no card with id `{name}` (ids: {})",
                self.ids.keys().cloned().collect::<Vec<_>>().join(", ")
            )
        })
    }

    /// A player named in the file: a seat that exists, or a player's `id`.
    fn seat(&self, p: &PlayerRef) -> Result<Seat, String> {
        let n = self.g.seats();
        match p {
            PlayerRef::Seat(s) if (0..n as i64).contains(s) => Ok(*s as Seat),
            PlayerRef::Seat(s) => Err(format!(
                "seat {s} doesn't exist: this game has seats 0 to {}",
                n - 1
            )),
            PlayerRef::Id(id) => match (self.players.get(id), id.parse::<i64>()) {
                (Some(&s), _) => Ok(s),
                (None, Ok(s)) => self.seat(&PlayerRef::Seat(s)),
                (None, Err(_)) => Err(format!(
                    "no player with id `{id}` (player ids: {}; or a seat number)",
                    self.players.keys().cloned().collect::<Vec<_>>().join(", ")
                )),
            },
        }
    }

    fn row(name: &str) -> Result<Row, String> {
        match name {
            "front" => Ok(Row::Front),
            "back" => Ok(Row::Back),
            o => Err(format!("row `{o}`: use front or back")),
        }
    }

    /// The actions a step stands for, in order.
    fn actions_for(&self, s: &StepSpec) -> Result<Vec<Action>, String> {
        if let Some(c) = &s.play_resource {
            return Ok(vec![Action::PlayResource {
                card: self.card(c)?,
                face_up: s.face_up.unwrap_or(false),
            }]);
        }
        if let Some(c) = &s.recruit {
            let row = Self::row(s.row.as_deref().unwrap_or("front"))?;
            return Ok(vec![Action::Recruit {
                card: self.card(c)?,
                row,
            }]);
        }
        if let Some(c) = &s.equip {
            let on = s.on.as_deref().ok_or("`equip` needs `on = \"id\"`")?;
            return Ok(vec![Action::PlayEquipment {
                card: self.card(c)?,
                on: self.card(on)?,
            }]);
        }
        if let Some(c) = &s.plot_twist {
            return Ok(vec![Action::PlayPlotTwist {
                card: self.card(c)?,
            }]);
        }
        if let Some(p) = &s.power {
            let of =
                s.of.as_deref()
                    .ok_or("`power` needs `of = \"id\"` (whose power)")?;
            let card = self.card(of)?;
            let powers = self.g.powers_of(card);
            let want_pay: Option<Vec<CardId>> = match &s.pay {
                Some(list) => Some(
                    list.iter()
                        .map(|x| self.card(x))
                        .collect::<Result<_, _>>()?,
                ),
                None => None,
            };
            let idx: Vec<u8> = powers
                .iter()
                .enumerate()
                .filter(|(_, h)| self.g.power_def(**h).name.eq_ignore_ascii_case(p))
                .map(|(i, _)| i as u8)
                .collect();
            if idx.is_empty() {
                return Err(format!("{} has no power named `{p}`", self.g.name(card)));
            }
            // A legal use with the requested payment, or an explicit (refusable) one.
            for a in self.g.legal_actions() {
                if let Action::UsePower {
                    card: c,
                    power,
                    payment,
                } = &a
                {
                    if *c == card && idx.contains(power) {
                        let mut cards: Vec<CardId> = payment.iter().map(|x| x.card()).collect();
                        cards.sort();
                        // Interchangeable locations (same card, same place) pay alike.
                        let key =
                            |c: CardId| (self.g.card(c).def, self.g.card(c).zone() == Zone::Hand);
                        let ok = match &want_pay {
                            None => true,
                            Some(w) => {
                                let mut want: Vec<_> = w.iter().map(|&c| key(c)).collect();
                                let mut got: Vec<_> = cards.iter().map(|&c| key(c)).collect();
                                want.sort();
                                got.sort();
                                want == got
                            }
                        };
                        if ok {
                            return Ok(vec![a.clone()]);
                        }
                    }
                }
            }
            let payment = want_pay
                .unwrap_or_default()
                .into_iter()
                .map(|c| {
                    if self.g.card(c).zone() == Zone::Hand {
                        Pay::Discard(c)
                    } else {
                        Pay::Flip(c)
                    }
                })
                .collect();
            return Ok(vec![Action::UsePower {
                card,
                power: idx[0],
                payment,
            }]);
        }
        if let Some(c) = &s.power_up {
            let d = s
                .discard
                .as_deref()
                .ok_or("`power_up` needs `discard = \"id\"`")?;
            return Ok(vec![Action::PowerUp {
                discard: self.card(d)?,
                target: self.card(c)?,
            }]);
        }
        if let Some(c) = &s.move_ {
            let row = Self::row(s.row.as_deref().ok_or("`move` needs `row`")?)?;
            return Ok(vec![Action::Move {
                card: self.card(c)?,
                row,
            }]);
        }
        if let Some(a) = &s.attack {
            let names = match a {
                OneOrMany::One(x) => vec![x.clone()],
                OneOrMany::Many(v) => v.clone(),
            };
            // Without `at`, the step only declares the attackers, leaving the choice of
            // defender pending (to look at the options).
            let at = s.at.as_deref();
            let mut out = Vec::new();
            for (i, nm) in names.iter().enumerate() {
                let c = self.card(nm)?;
                out.push(if i == 0 {
                    Action::Attack { attacker: c }
                } else {
                    Action::AddAttacker { card: c }
                });
            }
            if let Some(at) = at {
                out.push(Action::Defender {
                    card: self.card(at)?,
                });
            }
            return Ok(out);
        }
        if let Some(c) = &s.strike_back_at {
            return Ok(vec![Action::StrikeBackAt {
                card: self.card(c)?,
            }]);
        }
        if let Some(c) = &s.choose {
            return Ok(vec![Action::Choose {
                card: self.card(c)?,
            }]);
        }
        if let Some(p) = &s.choose_player {
            return Ok(vec![Action::ChoosePlayer {
                seat: self.seat(p.get_ref())?,
            }]);
        }
        if let Some(r) = &s.choose_row {
            return Ok(vec![Action::ChooseRow { row: Self::row(r)? }]);
        }
        if let Some(t) = &s.order_trigger {
            let i = self
                .g
                .triggers
                .iter()
                .position(|q| self.g.trigger_text(q).contains(t.as_str()))
                .ok_or(format!("no pending trigger mentions `{t}`"))?;
            return Ok(vec![Action::OrderTrigger { index: i as u8 }]);
        }
        if let Some(a) = &s.answer {
            return match a.as_str() {
                "yes" => Ok(vec![Action::Yes]),
                "no" => Ok(vec![Action::No]),
                o => Err(format!("answer `{o}`: use yes or no")),
            };
        }
        if s.pass == Some(true) {
            return Ok(vec![Action::Pass]);
        }
        Err("a step needs one action (play_resource, recruit, equip, plot_twist, power, power_up, move, attack, strike_back_at, choose, choose_player, choose_row, order_trigger, answer, pass, pass_combat, end_turn) or an `expect` table".into())
    }

    fn check(
        &self,
        e: &Expect,
        fail: &dyn Fn(String, String, String) -> Failure,
    ) -> Result<Option<Failure>, String> {
        let g = &self.g;
        let where_is = |c: CardId| -> String {
            let card = g.card(c);
            let zone = match card.zone() {
                Zone::Front | Zone::Back => format!(
                    "{} in the {}",
                    if card.face_up { "face up" } else { "stunned" },
                    card.zone().row().map_or("", |r| r.name())
                ),
                z => format!("in {z:?}"),
            };
            format!("{} is {zone}", g.name(c))
        };
        let checks: [(&Vec<String>, &str, CardTest); 9] = [
            (&e.stunned, "stunned", &|c| g.is_stunned(c)),
            (&e.face_up, "face up in play", &|c| {
                g.is_face_up_character(c)
            }),
            // A player's stand-in card leaves the game when KO'd: the player is out (#29).
            (&e.ko, "in its owner's KO pile", &|c| {
                g.card(c).zone() == Zone::KoPile
                    || (g.is_player_token(c) && g.players[g.card(c).owner].out)
            }),
            (&e.removed, "removed from the game", &|c| {
                g.card(c).zone() == Zone::Removed
            }),
            (&e.in_hand, "in its owner's hand", &|c| {
                g.card(c).zone() == Zone::Hand
            }),
            (&e.in_deck, "in its owner's deck", &|c| {
                g.card(c).zone() == Zone::Deck
            }),
            (&e.in_play, "in play", &|c| g.card(c).zone().in_play()),
            (&e.exhausted, "exhausted", &|c| g.card(c).exhausted),
            (&e.ready, "ready", &|c| !g.card(c).exhausted),
        ];
        for (list, what, pred) in checks {
            for nm in list {
                let c = self.card(nm)?;
                if !pred(c) {
                    let actual = if what == "exhausted" || what == "ready" {
                        format!(
                            "{} is {}",
                            g.name(c),
                            if g.card(c).exhausted {
                                "exhausted"
                            } else {
                                "ready"
                            }
                        )
                    } else {
                        where_is(c)
                    };
                    return Ok(Some(fail(
                        format!("{nm} is {what}"),
                        what.to_string(),
                        actual,
                    )));
                }
            }
        }
        for (nm, r) in &e.row {
            let c = self.card(nm)?;
            let want = Self::row(r)?;
            if g.row_of(c) != Some(want) {
                return Ok(Some(fail(
                    format!("{nm}'s row"),
                    want.name().into(),
                    where_is(c),
                )));
            }
        }
        let nums: [(&BTreeMap<String, i32>, &str, CardNumber<i32>); 2] = [
            (&e.atk, "ATK", &|c| g.atk(c)),
            (&e.def, "DEF", &|c| g.defense(c)),
        ];
        for (map, what, get) in nums {
            for (nm, want) in map {
                let c = self.card(nm)?;
                if get(c) != *want {
                    return Ok(Some(fail(
                        format!("{nm}'s {what}"),
                        want.to_string(),
                        get(c).to_string(),
                    )));
                }
            }
        }
        let small: [(&BTreeMap<String, u8>, &str, CardNumber<u8>); 5] = [
            (&e.wounds, "wounds", &|c| g.card(c).wounds),
            (&e.plus, "+1/+1 counters", &|c| g.card(c).plus),
            (&e.minus, "-1/-1 counters", &|c| g.card(c).minus),
            (&e.xp, "XP", &|c| g.card(c).xp),
            // A promoted supporting character is a level 1 main character (p.23).
            (&e.level, "level", &|c| {
                g.def(c).level().max(u8::from(g.card(c).main))
            }),
        ];
        for (map, what, get) in small {
            for (nm, want) in map {
                let c = self.card(nm)?;
                if get(c) != *want {
                    return Ok(Some(fail(
                        format!("{nm}'s {what}"),
                        want.to_string(),
                        get(c).to_string(),
                    )));
                }
            }
        }
        for (positive, map) in [(true, &e.keyword), (false, &e.no_keyword)] {
            for (nm, kws) in map {
                let c = self.card(nm)?;
                for k in kws {
                    let kw = keyword(k)?;
                    if g.has_keyword(c, kw) != positive {
                        return Ok(Some(fail(
                            format!("{nm} {} {k}", if positive { "has" } else { "doesn't have" }),
                            format!("{}{k}", if positive { "" } else { "no " }),
                            format!("{}{k}", if positive { "no " } else { "" }),
                        )));
                    }
                }
            }
        }
        let sizes: [(&Option<Vec<usize>>, &str, SeatNumber); 3] = [
            (&e.hand_size, "hand sizes", &|s| g.players[s].hand().len()),
            (&e.deck_size, "deck sizes", &|s| g.players[s].deck().len()),
            (
                &e.recruit_points
                    .as_ref()
                    .map(|v| v.iter().map(|&x| x as usize).collect()),
                "recruit points",
                &|s| g.players[s].recruit_points as usize,
            ),
        ];
        for (want, what, get) in sizes {
            if let Some(want) = want {
                let actual: Vec<usize> = (0..g.seats()).map(get).collect();
                if &actual != want {
                    return Ok(Some(fail(
                        what.into(),
                        format!("{want:?}"),
                        format!("{actual:?}"),
                    )));
                }
            }
        }
        if let Some(d) = e.decider {
            if g.pending_seat() != Some(d) {
                return Ok(Some(fail(
                    "who decides next".into(),
                    format!("seat {d}"),
                    format!("{:?} ({:?})", g.pending_seat(), g.pending),
                )));
            }
        }
        let options: Vec<String> = g
            .legal_actions()
            .iter()
            // As the deciding seat reads them.
            .map(|a| g.describe_action(g.pending_seat().unwrap_or(0), a))
            .collect();
        for want in &e.options_include {
            if !options.iter().any(|o| o.contains(want.as_str())) {
                return Ok(Some(fail(
                    format!("the options include `{want}`"),
                    want.clone(),
                    options.join(" | "),
                )));
            }
        }
        for not in &e.options_exclude {
            if let Some(o) = options.iter().find(|o| o.contains(not.as_str())) {
                return Ok(Some(fail(
                    format!("no option matches `{not}`"),
                    "no such option".into(),
                    o.clone(),
                )));
            }
        }
        if let Some(w) = e.winner {
            let ok = matches!(&g.outcome, Some(Outcome::Win(s)) if s.contains(&w));
            if !ok {
                return Ok(Some(fail(
                    "the winner".into(),
                    format!("seat {w}"),
                    format!("{:?}", g.outcome),
                )));
            }
        }
        if let Some(t) = e.tie {
            if matches!(g.outcome, Some(Outcome::Tie(_))) != t {
                return Ok(Some(fail(
                    "a tie".into(),
                    t.to_string(),
                    format!("{:?}", g.outcome),
                )));
            }
        }
        if let Some(over) = e.game_over {
            if g.outcome.is_some() != over {
                return Ok(Some(fail(
                    "the game is over".into(),
                    over.to_string(),
                    format!("{:?}", g.outcome),
                )));
            }
        }
        if let Some(c) = e.in_combat {
            if g.combat.is_some() != c {
                return Ok(Some(fail(
                    "a combat is under way".into(),
                    c.to_string(),
                    g.combat.is_some().to_string(),
                )));
            }
        }
        if let Some(p) = &e.phase {
            let name = g.phase.name().to_ascii_lowercase();
            if !name.contains(&p.to_ascii_lowercase()) {
                return Ok(Some(fail(
                    "the phase".into(),
                    p.clone(),
                    g.phase.name().into(),
                )));
            }
        }
        if let Some(f) = self.check_board(e, fail)? {
            return Ok(Some(f));
        }
        if let Some(t) = e.turn_player {
            if g.turn_seat != t {
                return Ok(Some(fail(
                    "whose turn it is".into(),
                    format!("seat {t}"),
                    format!("seat {}", g.turn_seat),
                )));
            }
        }
        Ok(None)
    }
}

/// An unknown card's error, with the nearest card's name or number as a hint.
fn unknown_card(e: ScenarioError, db: &CardDb, key: &str) -> ScenarioError {
    let names = db
        .cards
        .iter()
        .filter(|c| !c.number.starts_with("xo-"))
        .flat_map(|c| [c.name.as_str(), c.number.as_str()]);
    match crossover_diag::did_you_mean(key, names) {
        Some(best) => e.with_hint(format!("did you mean `{best}`?")),
        None => e,
    }
}

/// A player's main character entries and the index of the original one.
type MainEntries<'a> = (Vec<&'a Spanned<CardSpec>>, usize);

/// A player's main character entries (`main`, or `mains`) and which one is the original.
fn main_entries(p: &Spanned<PlayerSpec>) -> Result<MainEntries<'_>, (usize, String)> {
    let ps = p.get_ref();
    match (&ps.main, &ps.mains) {
        (Some(_), Some(m)) => Err((
            m.span().start,
            "a player has either `main` or `mains`, not both".into(),
        )),
        (None, None) => Err((
            p.span().start,
            "a player needs a main character: `main = \"...\"` (or `mains = [...]`)".into(),
        )),
        (Some(m), None) => Ok((vec![m], 0)),
        (None, Some(list)) => {
            let entries: Vec<&Spanned<CardSpec>> = list.get_ref().iter().collect();
            if entries.is_empty() {
                return Err((list.span().start, "`mains` is empty".into()));
            }
            let marked: Vec<usize> = (0..entries.len())
                .filter(|&i| state_of(entries[i].get_ref()).original)
                .collect();
            match (entries.len(), marked.as_slice()) {
                (_, [o]) => Ok((entries, *o)),
                (1, []) => Ok((entries, 0)),
                (_, []) => Err((
                    list.span().start,
                    "mark the main character the player started with: `original = true`".into(),
                )),
                (_, [_, second, ..]) => Err((
                    entries[*second].span().start,
                    "only one main character is the player's original one".into(),
                )),
            }
        }
    }
}

/// The level 1 version of a main character card.
/// Is `d` one of the levels printed with level 1 main character `l1` (its links, and
/// theirs)?
fn printed_with(db: &CardDb, l1: DefId, d: DefId) -> bool {
    db.get(l1)
        .levels
        .iter()
        .filter_map(|n| db.find(n))
        .any(|lv| {
            lv == d
                || db
                    .get(lv)
                    .levels
                    .iter()
                    .filter_map(|n| db.find(n))
                    .any(|x| x == d)
        })
}

fn level_one(db: &CardDb, d: DefId) -> Option<DefId> {
    let def = db.get(d);
    match def.kind {
        crate::model::CardKind::MainCharacter { level: 1 } => Some(d),
        // Printed with it, else (another version, p.20) the first level 1 of its name.
        crate::model::CardKind::MainCharacter { .. } => def
            .levels
            .iter()
            .filter_map(|n| db.find(n))
            .find(|&o| db.get(o).level() == 1 && db.get(o).name == def.name)
            .or_else(|| {
                db.named(&def.name).into_iter().find(|&o| {
                    matches!(
                        db.get(o).kind,
                        crate::model::CardKind::MainCharacter { level: 1 }
                    )
                })
            }),
        _ => None,
    }
}

impl Vs2pcgRun {
    /// How a card is named in the file (its id), else its name.
    fn label(&self, c: CardId) -> String {
        self.ids
            .iter()
            .find(|(k, &v)| v == c && !self.players.contains_key(*k))
            .map_or_else(|| self.g.name(c).to_string(), |(k, _)| k.clone())
    }

    /// The seat whose zone list holds this card (a card in a KO pile or deck may not be
    /// in its owner's).
    fn holder(&self, c: CardId) -> Option<Seat> {
        let g = &self.g;
        (0..g.seats()).find(|&s| {
            let p = &g.players[s];
            p.ko_pile().contains(&c)
                || p.deck().contains(&c)
                || p.resources().contains(&c)
                || p.hand().contains(&c)
        })
    }

    /// Expectations on resources, decks, Freeze, main/supporting, the combat's
    /// characters, KO piles and players out of the game.
    fn check_board(
        &self,
        e: &Expect,
        fail: &dyn Fn(String, String, String) -> Failure,
    ) -> Result<Option<Failure>, String> {
        let g = &self.g;
        let face = |c: CardId| -> String {
            let card = g.card(c);
            let where_ = match card.zone() {
                Zone::Resources => {
                    if card.face_up {
                        "face up in the resource row".to_string()
                    } else {
                        "face down in the resource row".to_string()
                    }
                }
                Zone::Front | Zone::Back if card.face_up => "face up in play".into(),
                Zone::Front | Zone::Back => "stunned in play".into(),
                z => zone_words(z).to_string(),
            };
            format!("{} is {where_}", self.label(c))
        };
        let frozen = |c: CardId| g.card(c).frozen_turn.is_some_and(|t| t >= g.turn);
        let combat = g.combat.as_ref();
        let attacking = |c: CardId| combat.is_some_and(|cb| cb.attackers.contains(&c));
        let defending = |c: CardId| combat.is_some_and(|cb| cb.defender == Some(c));
        let combat_role = |c: CardId| -> String {
            let role = if attacking(c) {
                "an attacker"
            } else if defending(c) {
                "the defender"
            } else if combat.is_some() {
                "not in the combat"
            } else {
                "not in combat (no combat is under way)"
            };
            format!("{} is {role}", self.label(c))
        };
        let checks: [(&Vec<String>, &str, CardTest, CardText); 8] = [
            (
                &e.resource_face_up,
                "face up in the resource row",
                &|c| g.card(c).zone() == Zone::Resources && g.card(c).face_up,
                &face,
            ),
            (
                &e.resource_face_down,
                "face down in the resource row",
                &|c| g.card(c).zone() == Zone::Resources && !g.card(c).face_up,
                &face,
            ),
            (&e.frozen, "frozen", &frozen, &|c| {
                format!("{} is not frozen", self.label(c))
            }),
            (&e.not_frozen, "not frozen", &|c| !frozen(c), &|c| {
                format!("{} is frozen", self.label(c))
            }),
            (&e.main, "a main character", &|c| g.card(c).main, &|c| {
                format!("{} is not a main character", self.label(c))
            }),
            (
                &e.supporting,
                "a supporting character",
                &|c| g.def(c).is_character() && !g.card(c).main,
                &|c| {
                    format!(
                        "{} is {}",
                        self.label(c),
                        if g.card(c).main {
                            "a main character"
                        } else {
                            "not a character"
                        }
                    )
                },
            ),
            (&e.attacking, "an attacker", &attacking, &combat_role),
            (
                &e.not_in_combat,
                "not in combat",
                &|c| !attacking(c) && !defending(c),
                &combat_role,
            ),
        ];
        for (list, what, pred, actual) in checks {
            for nm in list {
                let c = self.card(nm)?;
                if !pred(c) {
                    return Ok(Some(fail(
                        format!("{nm} is {what}"),
                        what.to_string(),
                        actual(c),
                    )));
                }
            }
        }
        if let Some(d) = &e.defending {
            let c = self.card(d)?;
            if !defending(c) {
                return Ok(Some(fail(
                    format!("{d} is the defender"),
                    "the defender".into(),
                    combat_role(c),
                )));
            }
        }
        if let Some(want) = &e.resources {
            let actual: Vec<usize> = (0..g.seats())
                .map(|s| g.players[s].resources().len())
                .collect();
            if &actual != want {
                return Ok(Some(fail(
                    "resource row sizes".into(),
                    format!("{want:?}"),
                    format!("{actual:?}"),
                )));
            }
        }
        for nm in &e.deck_top {
            let c = self.card(nm)?;
            let top = self
                .holder(c)
                .filter(|_| g.card(c).zone() == Zone::Deck)
                .and_then(|s| g.players[s].deck().last().copied());
            if top != Some(c) {
                return Ok(Some(fail(
                    format!("{nm} is the top card of its deck"),
                    "the top card of its deck".into(),
                    match top {
                        Some(t) => format!("{} is on top", self.label(t)),
                        None => face(c),
                    },
                )));
            }
        }
        for (who, want) in &e.deck_order {
            let seat = self.seat(&PlayerRef::Id(who.clone()))?;
            for nm in want {
                self.card(nm)?;
            }
            let actual: Vec<String> = g.players[seat]
                .deck()
                .iter()
                .rev()
                .map(|&c| self.label(c))
                .collect();
            if &actual != want {
                return Ok(Some(fail(
                    format!("{who}'s deck, top first"),
                    format!("{want:?}"),
                    format!("{actual:?}"),
                )));
            }
        }
        for (nm, who) in &e.ko_pile_of {
            let c = self.card(nm)?;
            let seat = self.seat(who)?;
            if !(g.card(c).zone() == Zone::KoPile && g.players[seat].ko_pile().contains(&c)) {
                return Ok(Some(fail(
                    format!("{nm} is in {}'s KO pile", g.players[seat].name),
                    format!("in {}'s KO pile", g.players[seat].name),
                    match (g.card(c).zone(), self.holder(c)) {
                        (Zone::KoPile, Some(h)) => {
                            format!("{} is in {}'s KO pile", self.label(c), g.players[h].name)
                        }
                        _ => face(c),
                    },
                )));
            }
        }
        for (want_out, list) in [(true, &e.out), (false, &e.in_game)] {
            for who in list {
                let seat = self.seat(who)?;
                if g.players[seat].out != want_out {
                    let state = |out: bool| {
                        if out {
                            "out of the game"
                        } else {
                            "in the game"
                        }
                    };
                    return Ok(Some(fail(
                        format!("{} is {}", g.players[seat].name, state(want_out)),
                        state(want_out).into(),
                        state(!want_out).into(),
                    )));
                }
            }
        }
        Ok(None)
    }
}

type CardTest<'a> = &'a dyn Fn(CardId) -> bool;
type CardText<'a> = &'a dyn Fn(CardId) -> String;
type CardNumber<'a, T> = &'a dyn Fn(CardId) -> T;
type SeatNumber<'a> = &'a dyn Fn(Seat) -> usize;

fn state_of(c: &CardSpec) -> CardState {
    match c {
        CardSpec::Plain(s) => CardState {
            card: s.clone(),
            ..CardState::default()
        },
        CardSpec::Full(st) => CardState {
            card: st.card.clone(),
            id: st.id.clone(),
            row: st.row.clone(),
            stunned: st.stunned,
            face_down: st.face_down,
            exhausted: st.exhausted,
            wounds: st.wounds,
            xp: st.xp,
            plus: st.plus,
            minus: st.minus,
            equipment: st.equipment.clone(),
            frozen: st.frozen,
            token: st.token,
            level: st.level,
            original: st.original,
        },
    }
}

/// Where a zone is, in words for messages.
fn zone_words(z: Zone) -> &'static str {
    match z {
        Zone::Hand => "in hand",
        Zone::Deck => "in the deck",
        Zone::KoPile => "in the KO pile",
        Zone::Resources => "in the resource row",
        Zone::SetAside => "outside the game",
        Zone::FacehuggerPile => "in the Facehugger pile",
        _ => "out of play",
    }
}

fn keyword(k: &str) -> Result<Keyword, String> {
    let norm = k.to_ascii_lowercase().replace(['-', '_'], " ");
    // The deck-building keywords are not powers a character has in play.
    Keyword::ALL
        .into_iter()
        .filter(|kw| !matches!(kw, Keyword::Loyalty | Keyword::OneOfAKind | Keyword::Legion))
        .find(|kw| kw.name().to_ascii_lowercase() == norm)
        .ok_or(format!("unknown keyword `{k}`"))
}

// ------------------------------------------------------------------ the mutation test

/// Every way of changing one expectation of a step (each key of its `expect` table, and
/// a deck check's verdict) so that it no longer holds.
fn mutations(file: &toml::Table, step: &toml::Table) -> Vec<Mutation> {
    let seats = seats_of(file);
    let mut out = Vec::new();
    // A deck check's verdict is an expectation too: flipping it must fail.
    if let Some(legal) = step.get("deck_legal").and_then(toml::Value::as_bool) {
        let mut s = step.clone();
        s.insert("deck_legal".into(), toml::Value::Boolean(!legal));
        s.remove("deck_problem");
        out.push(Mutation {
            kind: "deck_legal".into(),
            step: s,
        });
    }
    let Some(expect) = step.get("expect").and_then(toml::Value::as_table) else {
        return out;
    };
    for k in expect.keys() {
        let mut e = expect.clone();
        if mutate_key(&mut e, k, &seats) {
            let mut s = step.clone();
            s.insert("expect".into(), toml::Value::Table(e));
            out.push(Mutation {
                kind: k.clone(),
                step: s,
            });
        }
    }
    out
}

/// The seats of a scenario file: how many, and the `id` of each player that has one.
fn seats_of(doc: &toml::Table) -> (i64, Vec<Option<String>>) {
    let players = doc
        .get("player")
        .and_then(|p| p.as_array())
        .cloned()
        .unwrap_or_default();
    let ids = players
        .iter()
        .map(|p| p.get("id").and_then(|i| i.as_str()).map(String::from))
        .collect::<Vec<_>>();
    (players.len() as i64, ids)
}

/// Change the expectation `k` of one `expect` table so that it no longer holds (when the
/// scenario passes as written). Returns false when this key can't be changed.
fn mutate_key(expect: &mut toml::Table, k: &str, seats: &(i64, Vec<Option<String>>)) -> bool {
    // Keys whose lists contradict another key's: moving an entry there must fail.
    let opposite = |k: &str| match k {
        "stunned" => Some("face_up"),
        "face_up" => Some("stunned"),
        "ko" => Some("in_hand"),
        "in_hand" => Some("ko"),
        "removed" => Some("in_play"),
        "in_play" => Some("removed"),
        "in_deck" => Some("in_play"),
        "exhausted" => Some("ready"),
        "ready" => Some("exhausted"),
        "keyword" => Some("no_keyword"),
        "no_keyword" => Some("keyword"),
        "options_include" => Some("options_exclude"),
        "options_exclude" => Some("options_include"),
        "resource_face_up" => Some("resource_face_down"),
        "resource_face_down" => Some("resource_face_up"),
        "frozen" => Some("not_frozen"),
        "not_frozen" => Some("frozen"),
        "main" => Some("supporting"),
        "supporting" => Some("main"),
        "attacking" => Some("not_in_combat"),
        "not_in_combat" => Some("attacking"),
        "deck_top" => Some("in_hand"),
        "out" => Some("in_game"),
        "in_game" => Some("out"),
        _ => None,
    };
    let v = expect[k].clone();
    match (k, &v, opposite(k)) {
        (_, toml::Value::Array(a), Some(o)) if !a.is_empty() => {
            // Move one entry to the opposite list (keeping the others where they were).
            let mut rest = a.clone();
            let moved = rest.remove(0);
            if rest.is_empty() {
                expect.remove(k);
            } else {
                expect.insert(k.to_string(), toml::Value::Array(rest));
            }
            let mut other = match expect.get(o) {
                Some(toml::Value::Array(x)) => x.clone(),
                _ => Vec::new(),
            };
            other.push(moved);
            expect.insert(o.to_string(), toml::Value::Array(other));
            true
        }
        ("defending", toml::Value::String(id), _) => {
            expect.remove(k);
            expect.insert(
                "not_in_combat".into(),
                toml::Value::Array(vec![toml::Value::String(id.clone())]),
            );
            true
        }
        ("deck_order", toml::Value::Table(t), _) => {
            let mut t = t.clone();
            let Some((who, toml::Value::Array(cards))) =
                t.iter().next().map(|(a, b)| (a.clone(), b.clone()))
            else {
                return false;
            };
            // Reverse the order, or empty a one-card deck.
            let changed: Vec<toml::Value> = if cards.len() >= 2 {
                cards.iter().rev().cloned().collect()
            } else if cards.len() == 1 {
                Vec::new()
            } else {
                return false;
            };
            t.insert(who, toml::Value::Array(changed));
            expect.insert(k.to_string(), toml::Value::Table(t));
            true
        }
        ("ko_pile_of", toml::Value::Table(t), _) => {
            let mut t = t.clone();
            let Some((card, who)) = t.iter().next().map(|(a, b)| (a.clone(), b.clone())) else {
                return false;
            };
            let seat = match &who {
                toml::Value::Integer(i) => *i,
                toml::Value::String(id) => seats
                    .1
                    .iter()
                    .position(|x| x.as_deref() == Some(id.as_str()))
                    .map_or_else(|| id.parse().unwrap_or(0), |i| i as i64),
                _ => return false,
            };
            // Another player's KO pile.
            t.insert(card, toml::Value::Integer((seat + 1) % seats.0.max(1)));
            expect.insert(k.to_string(), toml::Value::Table(t));
            true
        }
        (_, toml::Value::Table(t), None) if !t.is_empty() => {
            let mut t = t.clone();
            let first = t.keys().next().unwrap().clone();
            let nv = match &t[&first] {
                toml::Value::Integer(i) => toml::Value::Integer(i + 1),
                toml::Value::String(s) if s == "front" => toml::Value::String("back".into()),
                toml::Value::String(s) if s == "back" => toml::Value::String("front".into()),
                _ => return false,
            };
            t.insert(first, nv);
            expect.insert(k.to_string(), toml::Value::Table(t));
            true
        }
        (_, toml::Value::Integer(i), _) => {
            expect.insert(k.to_string(), toml::Value::Integer(i + 1));
            true
        }
        (_, toml::Value::Boolean(b), _) => {
            expect.insert(k.to_string(), toml::Value::Boolean(!b));
            true
        }
        (_, toml::Value::Array(a), None) if !a.is_empty() && a.iter().all(|x| x.is_integer()) => {
            let mut a = a.clone();
            a[0] = toml::Value::Integer(a[0].as_integer().unwrap() + 1);
            expect.insert(k.to_string(), toml::Value::Array(a));
            true
        }
        _ => false,
    }
}
