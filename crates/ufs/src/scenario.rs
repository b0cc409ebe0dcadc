//! UFS scenarios (`game = "ufs"`): a board stated in TOML, then actions and expectations,
//! run by the shared runner of `crossover-scenario` (docs/scenarios.md).
//!
//! ```toml
//! game = "ufs"
//! name = "UFS-005: commit only until the check is met"
//! rule = "E.3.5.2.3.2"
//! active = 0            # whose turn it is (default 0)
//! turn = 3              # default 2
//! start = "combat"      # "combat" (default): the active player's Combat Phase begins;
//!                       # "ready": their turn begins (Ready Phase); "setup": E.1 from a
//!                       # random first-player draw, with each player's `deck` as their deck
//! facts_only = true     # default true: a card whose abilities are not written may be used
//! vanilla = ["svs-01"]  # these cards play without their abilities (the rule under test
//!                       # is not about them)
//!
//! [[player]]            # seat 0, then seat 1; they are named p0 and p1
//! character = "rva-23"  # a character card, by id or name
//! vitality = 20         # default: the character's vitality
//! character_committed = false
//! character_tokens = { defense = 2 }   # tokens on the character, by kind
//! must_attempt = false  # F.2.2.3: passed last turn without attempting a card from hand
//! hand = ["rva-30", { card = "rva-31", id = "hadoken" }]
//! deck = ["rva-40"]     # top card first: control checks reveal from the top (E.3.1)
//! staging = [{ card = "rva-38", committed = true, tokens = { balance = 2 } }]
//! card_pool = []
//! momentum = ["rva-25", { card = "rva-34", face_up = true }]   # the top card last
//! discard = []          # top card first
//! removed = []
//!
//! [[step]]
//! play = "hadoken"      # or: option = "Play Ryu's Hadoken EXTRA" (an offered option's text)
//! [[step]]
//! expect = { attack = { card = "hadoken", speed = 2, damage = 9, zone = "mid" } }
//! ```
//!
//! Steps (each names the action of the seat to act): `play`, `commit`, `block`,
//! `reversal`, `review_discard`, `choose` (a card); `enhance` (a card, with `ability`:
//! which of its abilities, from 0, default 0); `form_ability`, `respond` (a card, with
//! `ability`; default its first form or response ability); `stun = true`; `powerful`, `ex`, `multiple` (momentum to discard);
//! `to_momentum` (true: add the attack to momentum, false: discard it); `may` (true or
//! false: answer "you may"); `go_first`,
//! `mulligan` (true or false); `pass = true`; `option` (the text of an offered option:
//! exact, else the only one containing it). `seat = "p1"` checks who acts;
//! `illegal = true` (with `rule`, a section the refusal must name) expects a refusal
//! that leaves the state unchanged.
//!
//! Expectations (`expect`): `vitality`, `hand`, `deck`, `momentum`, `discard`,
//! `card_pool`, `staging`, `removed` (player → number; `hand` etc. count cards);
//! `zone` (card → deck | hand | card_pool | staging | momentum | discard | removed);
//! `committed`, `ready` (lists of cards); `attack` ({ card, speed, damage, zone,
//! block = none | partial | complete }) or `no_attack = true`; `check` ({ card,
//! difficulty, value }) or `no_check = true`; `stack` (how many attacks wait on the
//! attack stack); `decision` (choose-first | mulligan | review | form | commit |
//! enhance | block | reversal | momentum | choose | respond | none) and `decider` (p0 | p1);
//! `options_include`, `options_exclude` (option texts); `outcome` (none | "p0 wins" |
//! "p1 wins" | draw); `turn`; `active` (p0 | p1); `phase` (setup | ready | combat |
//! end | over); `must_attempt` (player → bool); `log_includes` and `log_excludes` (texts
//! the log so far has, or has not); `tokens`
//! (card → how many tokens of any kind are on it).
//!
//! Cards are named by their `id`, or by a card id (`rva-30`) or name that only one card
//! in the game has.

use crate::act::Action;
use crate::db::{core, Db};
use crate::setup::DeckList;
use crate::state::*;
use crate::Ufs;
use crossover_kernel::{GameRng, Presentation, Seat};
use crossover_scenario::{Failure, Mutation, ScenarioError, ScenarioGame, Source, StepAt};
use serde::Deserialize;
use std::collections::BTreeMap;
use std::sync::Arc;
use toml::Spanned;

/// UFS's scenarios, for [`crossover_scenario::runner`].
pub struct UfsScenarios;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Board {
    #[serde(default)]
    seed: u64,
    active: Option<Spanned<u8>>,
    turn: Option<u32>,
    start: Option<Spanned<String>>,
    facts_only: Option<bool>,
    /// Test cards in our card format, added to the card pool for this scenario (for
    /// rules no Battle Pack card exercises: Flash, Safe, EX, Stun...).
    cards: Option<Spanned<String>>,
    /// Cards (by id or name) played without their abilities: a scenario about a rule
    /// uses them for their facts, and a written ability would add windows it is not
    /// about.
    #[serde(default)]
    vanilla: Vec<Spanned<String>>,
    player: Spanned<Vec<PlayerSpec>>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct PlayerSpec {
    character: Spanned<String>,
    vitality: Option<i16>,
    #[serde(default)]
    character_committed: bool,
    /// Tokens on the character, by kind: `{ defense = 2 }`.
    #[serde(default)]
    character_tokens: BTreeMap<String, u8>,
    #[serde(default)]
    must_attempt: bool,
    #[serde(default)]
    hand: Vec<Spanned<CardSpec>>,
    #[serde(default)]
    deck: Vec<Spanned<CardSpec>>,
    #[serde(default)]
    staging: Vec<Spanned<CardSpec>>,
    #[serde(default)]
    card_pool: Vec<Spanned<CardSpec>>,
    #[serde(default)]
    momentum: Vec<Spanned<CardSpec>>,
    #[serde(default)]
    discard: Vec<Spanned<CardSpec>>,
    #[serde(default)]
    removed: Vec<Spanned<CardSpec>>,
}

/// Tokens by kind name (`defense = 2`), as a card holds them.
fn tokens_of(spec: &BTreeMap<String, u8>) -> Result<Vec<(crate::ability::TokenKind, u8)>, String> {
    let mut out = Vec::new();
    for (name, &n) in spec {
        let Some(kind) = crate::ability::TokenKind::ALL
            .into_iter()
            .find(|k| k.word() == name.as_str())
        else {
            return Err(format!("unknown token kind {name:?} (defense or balance)"));
        };
        if n > 0 {
            out.push((kind, n));
        }
    }
    out.sort_unstable();
    Ok(out)
}

/// A card on the board: its id or name, or a table with an `id` for the steps.
#[derive(Debug, Deserialize)]
#[serde(untagged)]
enum CardSpec {
    Name(String),
    Table {
        card: String,
        id: Option<String>,
        #[serde(default)]
        committed: bool,
        #[serde(default)]
        tokens: BTreeMap<String, u8>,
        /// Face up in momentum, as an effect left it (UFS-24).
        #[serde(default)]
        face_up: bool,
    },
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Step {
    play: Option<String>,
    commit: Option<String>,
    block: Option<String>,
    reversal: Option<String>,
    review_discard: Option<String>,
    /// Play an enhance ability: the card, and which of its abilities (`ability`, from
    /// 0; default 0).
    enhance: Option<String>,
    /// Play a form ability (H.2.2) or a response ability (H.2.3) of a card; `ability`
    /// picks which (default: the card's first of that type).
    form_ability: Option<String>,
    respond: Option<String>,
    ability: Option<u8>,
    choose: Option<String>,
    #[serde(default)]
    stun: bool,
    #[serde(default)]
    gauge: bool,
    powerful: Option<u8>,
    ex: Option<u8>,
    multiple: Option<u8>,
    to_momentum: Option<bool>,
    /// "You may ...": yes (true) or no.
    may: Option<bool>,
    go_first: Option<bool>,
    mulligan: Option<bool>,
    #[serde(default)]
    pass: bool,
    option: Option<String>,
    seat: Option<String>,
    #[serde(default)]
    illegal: bool,
    rule: Option<String>,
    expect: Option<Expect>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Expect {
    vitality: Option<BTreeMap<String, i64>>,
    hand: Option<BTreeMap<String, i64>>,
    deck: Option<BTreeMap<String, i64>>,
    momentum: Option<BTreeMap<String, i64>>,
    discard: Option<BTreeMap<String, i64>>,
    card_pool: Option<BTreeMap<String, i64>>,
    staging: Option<BTreeMap<String, i64>>,
    removed: Option<BTreeMap<String, i64>>,
    zone: Option<BTreeMap<String, String>>,
    committed: Option<Vec<String>>,
    ready: Option<Vec<String>>,
    attack: Option<AttackExpect>,
    #[serde(default)]
    no_attack: bool,
    check: Option<CheckExpect>,
    #[serde(default)]
    no_check: bool,
    stack: Option<i64>,
    decision: Option<String>,
    decider: Option<String>,
    options_include: Option<Vec<String>>,
    options_exclude: Option<Vec<String>>,
    outcome: Option<String>,
    turn: Option<i64>,
    active: Option<String>,
    phase: Option<String>,
    must_attempt: Option<BTreeMap<String, bool>>,
    log_includes: Option<Vec<String>>,
    log_excludes: Option<Vec<String>>,
    /// Card → how many tokens (of any kind) are on it.
    tokens: Option<BTreeMap<String, i64>>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct AttackExpect {
    card: Option<String>,
    speed: Option<i64>,
    damage: Option<i64>,
    zone: Option<String>,
    block: Option<String>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct CheckExpect {
    card: Option<String>,
    difficulty: Option<i64>,
    value: Option<i64>,
}

/// Numbers per player (`{ p0 = 3 }`).
type PerPlayer = Option<BTreeMap<String, i64>>;

/// A scenario's game and the names its file gives.
pub struct UfsRun {
    pub game: Ufs,
    ids: BTreeMap<String, CardId>,
}

const PLAYERS: [&str; 2] = ["p0", "p1"];

fn place_word(p: Place) -> &'static str {
    match p {
        Place::Deck => "deck",
        Place::Hand => "hand",
        Place::CardPool => "card_pool",
        Place::Staging => "staging",
        Place::Momentum => "momentum",
        Place::Discard => "discard",
        Place::Removed => "removed",
    }
}

fn decision_word(p: &Pending) -> &'static str {
    match p {
        Pending::ChooseFirst(_) => "choose-first",
        Pending::Mulligan(_) => "mulligan",
        Pending::Review(_) => "review",
        Pending::Form(_) => "form",
        Pending::Commit(_) => "commit",
        Pending::Enhance(_) => "enhance",
        Pending::Block(_) => "block",
        Pending::Reversal(_) => "reversal",
        Pending::Momentum(..) => "momentum",
        Pending::Choose(_) => "choose",
        Pending::Respond(_) => "respond",
        Pending::Over => "none",
    }
}

fn phase_word(p: Phase) -> &'static str {
    match p {
        Phase::Setup => "setup",
        Phase::Ready => "ready",
        Phase::Combat => "combat",
        Phase::End => "end",
        Phase::Over => "over",
    }
}

fn outcome_word(r: Option<GameResult>) -> &'static str {
    match r {
        None => "none",
        Some(GameResult::Win(0)) => "p0 wins",
        Some(GameResult::Win(_)) => "p1 wins",
        Some(GameResult::Draw) => "draw",
    }
}

fn block_word(b: BlockStatus) -> &'static str {
    match b {
        BlockStatus::NotBlocked => "none",
        BlockStatus::Partial => "partial",
        BlockStatus::Complete => "complete",
    }
}

/// A card definition by id or name (names must be unique in the card pool).
fn find_def(db: &Db, key: &str) -> Result<u16, String> {
    if let Some(i) = db.by_id(key) {
        return Ok(i);
    }
    let found: Vec<u16> = (0..db.printed().len() as u16)
        .filter(|&i| {
            db.def(i).name.eq_ignore_ascii_case(key)
                || db.def(i).card_name().eq_ignore_ascii_case(key)
        })
        .collect();
    match found.as_slice() {
        [i] => Ok(*i),
        [] => {
            let names: Vec<&str> = db.printed().iter().map(|d| d.name.as_str()).collect();
            let hint = strsim_best(key, &names)
                .map_or(String::new(), |n| format!(" (did you mean {n:?}?)"));
            Err(format!("no card {key:?} in the card pool{hint}"))
        }
        many => Err(format!(
            "{} cards are named {key:?}: give its id ({})",
            many.len(),
            many.iter()
                .map(|&i| db.def(i).id.as_str())
                .collect::<Vec<_>>()
                .join(", ")
        )),
    }
}

fn strsim_best<'a>(key: &str, names: &[&'a str]) -> Option<&'a str> {
    names
        .iter()
        .map(|n| {
            (
                strsim::jaro_winkler(&key.to_lowercase(), &n.to_lowercase()),
                *n,
            )
        })
        .filter(|(s, _)| *s > 0.8)
        .max_by(|a, b| a.0.total_cmp(&b.0))
        .map(|(_, n)| n)
}

impl ScenarioGame for UfsScenarios {
    const GAME: &'static str = "ufs";
    type Board = Board;
    type Step = Step;
    type Expect = Expect;
    type Run = UfsRun;

    fn build(src: &Source<'_>, b: Board) -> Result<UfsRun, ScenarioError> {
        let db: Arc<Db> = match &b.cards {
            None => core(),
            Some(text) => {
                let defs = crate::cardfile::parse_cards(text.get_ref()).map_err(|e| {
                    // A multi-line string starts on the line after its opening quotes.
                    let opening = src.line_of(text.span().start);
                    let mut err = src.error_span(
                        text.span(),
                        format!("in `cards`, at {}: {}", e.pos, e.message),
                    );
                    err.line = opening + e.pos.line as usize
                        - usize::from(!src.text[text.span()].starts_with("\"\"\"\n"));
                    err.span = None;
                    err
                })?;
                Arc::new(
                    core()
                        .with(defs)
                        .map_err(|e| src.error_span(text.span(), e))?,
                )
            }
        };
        let db = if b.vanilla.is_empty() {
            db
        } else {
            let mut ids = Vec::new();
            for v in &b.vanilla {
                let i = find_def(&db, v.get_ref()).map_err(|e| src.error_span(v.span(), e))?;
                ids.push(i);
            }
            Arc::new(
                db.without_abilities(&ids)
                    .map_err(|e| src.error_span(b.vanilla[0].span(), e))?,
            )
        };
        let players = b.player.get_ref();
        if players.len() != 2 {
            return Err(src.error_span(
                b.player.span(),
                format!(
                    "a UFS game has two players ([[player]] tables); this board has {}",
                    players.len()
                ),
            ));
        }
        let facts_only = b.facts_only.unwrap_or(true);
        let start = b.start.as_ref().map_or("combat", |s| s.get_ref().as_str());
        if !["combat", "ready", "setup"].contains(&start) {
            let span = b.start.as_ref().map(|s| s.span()).unwrap_or(0..0);
            return Err(src.error_span(
                span,
                format!("start {start:?}: give \"combat\", \"ready\" or \"setup\""),
            ));
        }
        let active = b.active.as_ref().map_or(0, |a| *a.get_ref());
        if active > 1 {
            let span = b.active.as_ref().map(|a| a.span()).unwrap_or(0..0);
            return Err(src.error_span(span, "active is 0 or 1 (the seat whose turn it is)"));
        }
        // A legal setup first (the characters, and decks long enough), so that
        // `GameState::new` builds what every game has; then the zones are replaced.
        let mut decks = Vec::new();
        for p in players {
            let c = find_def(&db, p.character.get_ref())
                .map_err(|e| src.error_span(p.character.span(), e))?;
            if !db.def(c).is_character() {
                return Err(src.error_span(
                    p.character.span(),
                    format!(
                        "{} is not a character: the starting character must be one (E.1.1)",
                        db.def(c).card_name()
                    ),
                ));
            }
            decks.push(DeckList {
                name: "scenario".into(),
                character: db.def(c).id.clone(),
                cards: Vec::new(),
            });
        }
        // The board isn't a deck (A.2 doesn't apply): the state is built from the two
        // characters, and the file states every zone.
        let mut state = bare_state(&db, &decks, b.seed).map_err(|e| src.error(0, e))?;
        state.facts_only = facts_only;
        let mut ids = BTreeMap::new();
        for (p, spec) in players.iter().enumerate() {
            let p = p as u8;
            let ch = state.player(p).character;
            state.card_mut(ch).committed = spec.character_committed;
            let tokens = tokens_of(&spec.character_tokens)
                .map_err(|e| src.error_span(spec.character.span(), e))?;
            state
                .marks
                .tokens
                .extend(tokens.into_iter().map(|(k, n)| (ch, k, n)));
            ids.insert(PLAYERS[usize::from(p)].to_string(), ch);
            let zones: [(&[Spanned<CardSpec>], Place); 7] = [
                (&spec.hand, Place::Hand),
                (&spec.deck, Place::Deck),
                (&spec.staging, Place::Staging),
                (&spec.card_pool, Place::CardPool),
                (&spec.momentum, Place::Momentum),
                (&spec.discard, Place::Discard),
                (&spec.removed, Place::Removed),
            ];
            for (cards, place) in zones {
                let mut list = Vec::new();
                for c in cards {
                    let no_tokens = BTreeMap::new();
                    let (key, id, committed, tokens, face_up) = match c.get_ref() {
                        CardSpec::Name(n) => (n.as_str(), None, false, &no_tokens, false),
                        CardSpec::Table {
                            card,
                            id,
                            committed,
                            tokens,
                            face_up,
                        } => (card.as_str(), id.as_deref(), *committed, tokens, *face_up),
                    };
                    let tokens = tokens_of(tokens).map_err(|e| src.error_span(c.span(), e))?;
                    let def = find_def(&db, key).map_err(|e| src.error_span(c.span(), e))?;
                    if committed && place != Place::Staging {
                        return Err(src.error_span(
                            c.span(),
                            "only cards in a staging area can be committed (C.1)",
                        ));
                    }
                    if face_up && place != Place::Momentum {
                        return Err(src.error_span(
                            c.span(),
                            "only cards in momentum are set face up here (public zones are face up anyway, D.2)",
                        ));
                    }
                    // Card ids are u16 and a game is about 120 cards: a larger board is
                    // a mistake, and a hostile one would wrap the ids.
                    if state.cards.len() >= MAX_SCENARIO_CARDS {
                        return Err(src.error_span(
                            c.span(),
                            format!("a scenario has at most {MAX_SCENARIO_CARDS} cards: list only the cards the rule needs"),
                        ));
                    }
                    let card = state.cards.len() as CardId;
                    let mut new = Card::new(def, p, place);
                    new.committed = committed;
                    new.face_up = face_up;
                    state.cards.push(new);
                    state
                        .marks
                        .tokens
                        .extend(tokens.into_iter().map(|(k, n)| (card, k, n)));
                    state.arrived.push(0);
                    if let Some(id) = id {
                        if ids.insert(id.to_string(), card).is_some() {
                            return Err(
                                src.error_span(c.span(), format!("the id {id:?} is given twice"))
                            );
                        }
                    }
                    list.push(card);
                }
                // The file lists decks and discard piles top first; the state keeps
                // the top last.
                if matches!(place, Place::Deck | Place::Discard) {
                    list.reverse();
                }
                state.zone_mut(p, place).extend(list);
            }
            let pl = state.player_mut(p);
            pl.must_attempt = spec.must_attempt;
            if let Some(v) = spec.vitality {
                pl.vitality = v;
            }
        }
        state.log.clear();
        // The board's cards are all in the game now.
        state.refresh_watched();
        state.recount_attached();
        match start {
            "setup" => {
                // GameState::new left the first-player choice pending.
            }
            _ => {
                state.first_player = active;
                state.active = active;
                state.turn = b.turn.unwrap_or(2).max(1);
                if start == "ready" {
                    state.ready_phase();
                } else {
                    state.say(|s| format!("Turn {}: {}.", s.turn, s.seat_name(active)));
                    state.combat_phase();
                }
            }
        }
        Ok(UfsRun {
            game: Ufs { state },
            ids,
        })
    }

    fn expectation(step: &Step) -> Option<&Expect> {
        step.expect.as_ref()
    }

    fn apply(
        run: &mut UfsRun,
        at: &StepAt<'_>,
        step: &Step,
    ) -> Result<Option<Failure>, ScenarioError> {
        let Some(seat) = run.game.state.pending.seat() else {
            return Ok(Some(at.fail(
                "an action",
                "a pending decision",
                format!(
                    "no decision is pending (outcome: {})",
                    outcome_word(run.game.state.result)
                ),
            )));
        };
        if let Some(want) = &step.seat {
            let p = run.player(at, want)?;
            if p != seat {
                return Ok(Some(at.fail(
                    "the seat to act",
                    want.clone(),
                    PLAYERS[usize::from(seat)],
                )));
            }
        }
        at.check_rule_key(step.illegal, step.rule.as_deref())?;
        let action = match run.action(at, step, seat)? {
            Ok(a) => a,
            Err(f) => return Ok(Some(f)),
        };
        let what = run.game.describe_action(Seat::from(seat), &action);
        Ok(at.apply_action(
            &mut run.game,
            &action,
            what,
            step.illegal,
            step.rule.as_deref(),
        ))
    }

    fn check(run: &UfsRun, at: &StepAt<'_>, e: &Expect) -> Result<Option<Failure>, ScenarioError> {
        run.check(at, e)
    }

    fn mutations(_file: &toml::Table, step: &toml::Table) -> Vec<Mutation> {
        mutations(step)
    }
}

/// The most cards a scenario's board may hold (both players' zones together).
pub const MAX_SCENARIO_CARDS: usize = 1000;

/// Two bare characters, no decks: what a board is built on.
fn bare_state(db: &Arc<Db>, decks: &[DeckList], seed: u64) -> Result<GameState, String> {
    let mut cards = Vec::new();
    let mut players = Vec::new();
    for (p, d) in decks.iter().enumerate() {
        let def = db.by_id(&d.character).ok_or("no character")?;
        cards.push(Card::new(def, p as u8, Place::Staging));
        players.push(Player::new((cards.len() - 1) as CardId));
    }
    let players: [Player; 2] = players.try_into().map_err(|_| "two players")?;
    let rng = GameRng::from_seed(seed);
    let mut state = GameState::from_parts(db.clone(), cards, players, rng, true);
    state.choose_first_at_random();
    Ok(state)
}

impl UfsRun {
    /// The scenario's id for card `c`, or its number in the game.
    fn id_of(&self, c: CardId) -> String {
        self.ids
            .iter()
            .find(|(_, &x)| x == c)
            .map_or_else(|| format!("card #{c}"), |(k, _)| k.clone())
    }

    fn card(&self, at: &StepAt<'_>, key: &str) -> Result<CardId, ScenarioError> {
        if let Some(&c) = self.ids.get(key) {
            return Ok(c);
        }
        let s = &self.game.state;
        let found: Vec<CardId> = (0..s.cards.len() as CardId)
            .filter(|&c| {
                let d = s.def(c);
                d.id == key
                    || d.name.eq_ignore_ascii_case(key)
                    || d.card_name().eq_ignore_ascii_case(key)
            })
            .collect();
        match found.as_slice() {
            [c] => Ok(*c),
            [] => Err(at.error(format!(
                "no card in the game is `{key}` (ids: {})",
                self.ids.keys().cloned().collect::<Vec<_>>().join(", ")
            ))),
            many => Err(at.error(format!(
                "{} cards in the game are `{key}`: give the one you mean an `id`",
                many.len()
            ))),
        }
    }

    fn player(&self, at: &StepAt<'_>, key: &str) -> Result<u8, ScenarioError> {
        PLAYERS
            .iter()
            .position(|&n| n == key)
            .map(|p| p as u8)
            .ok_or_else(|| at.error(format!("no player `{key}`: the players are p0 and p1")))
    }

    fn action(
        &self,
        at: &StepAt<'_>,
        s: &Step,
        seat: u8,
    ) -> Result<Result<Action, Failure>, ScenarioError> {
        let c = |k: &Option<String>| -> Result<Option<CardId>, ScenarioError> {
            k.as_deref().map(|k| self.card(at, k)).transpose()
        };
        let mut found: Vec<Action> = Vec::new();
        if let Some(text) = &s.option {
            let options = self.game.state.legal();
            let described: Vec<(String, Action)> = options
                .into_iter()
                .map(|a| (self.game.describe_action(Seat::from(seat), &a), a))
                .collect();
            let exact: Vec<&Action> = described
                .iter()
                .filter(|(d, _)| d == text)
                .map(|(_, a)| a)
                .collect();
            let partial: Vec<&Action> = described
                .iter()
                .filter(|(d, _)| d.contains(text.as_str()))
                .map(|(_, a)| a)
                .collect();
            match (exact.as_slice(), partial.as_slice()) {
                ([a], _) | ([], [a]) => found.push((*a).clone()),
                _ => {
                    return Ok(Err(at.fail(
                        format!("option {text:?}"),
                        "one offered option with that text",
                        format!(
                            "the options are: {}",
                            described
                                .iter()
                                .map(|(d, _)| d.as_str())
                                .collect::<Vec<_>>()
                                .join("; ")
                        ),
                    )))
                }
            }
        }
        if let Some(x) = c(&s.play)? {
            found.push(Action::PlayForm(x));
        }
        if let Some(x) = c(&s.commit)? {
            found.push(Action::Commit(x));
        }
        if let Some(x) = c(&s.block)? {
            found.push(Action::Block(x));
        }
        if let Some(x) = c(&s.reversal)? {
            found.push(Action::Reversal(x));
        }
        if let Some(x) = c(&s.review_discard)? {
            found.push(Action::ReviewDiscard(x));
        }
        if let Some(x) = c(&s.enhance)? {
            found.push(Action::Enhance(x, s.ability.unwrap_or(0)));
        }
        let first_of = |x: CardId, kind: crate::ability::AbilityKind| {
            s.ability.unwrap_or_else(|| {
                self.game
                    .state
                    .abilities_of(x)
                    .into_iter()
                    .find(|(_, a)| a.kind == kind)
                    .map_or(0, |(i, _)| i)
            })
        };
        if let Some(x) = c(&s.form_ability)? {
            found.push(Action::FormAbility(
                x,
                first_of(x, crate::ability::AbilityKind::Form),
            ));
        }
        if let Some(x) = c(&s.respond)? {
            found.push(Action::Respond(
                x,
                first_of(x, crate::ability::AbilityKind::Response),
            ));
        }
        if let Some(x) = c(&s.choose)? {
            found.push(Action::Choose(x));
        }
        if s.stun {
            found.push(Action::Stun);
        }
        if s.gauge {
            found.push(Action::Gauge);
        }
        if let Some(n) = s.powerful {
            found.push(Action::Powerful(n));
        }
        if let Some(n) = s.ex {
            found.push(Action::Ex(n));
        }
        if let Some(n) = s.multiple {
            found.push(Action::Multiple(n));
        }
        if let Some(b) = s.to_momentum {
            found.push(Action::ToMomentum(b));
        }
        if let Some(b) = s.may {
            found.push(Action::May(b));
        }
        if let Some(b) = s.go_first {
            found.push(Action::GoFirst(b));
        }
        if let Some(b) = s.mulligan {
            found.push(Action::Mulligan(b));
        }
        if s.pass {
            found.push(Action::Pass);
        }
        match found.len() {
            1 => Ok(Ok(found.remove(0))),
            0 => Err(at.error(
                "a step is one action (play, commit, block, reversal, review_discard, enhance, form_ability, respond (+ ability), choose, stun, powerful, ex, multiple, to_momentum, go_first, mulligan, pass, option) or an `expect`",
            )),
            _ => Err(at.error("a step takes one action; split it into several steps")),
        }
    }

    fn check(&self, at: &StepAt<'_>, e: &Expect) -> Result<Option<Failure>, ScenarioError> {
        let s = &self.game.state;
        let mut fails: Vec<Failure> = Vec::new();
        let mut cmp = |what: String, want: String, got: String| {
            if want != got {
                fails.push(at.fail(what, want, got));
            }
        };
        let counts: [(&str, &PerPlayer, Option<Place>); 8] = [
            ("vitality", &e.vitality, None),
            ("hand", &e.hand, Some(Place::Hand)),
            ("deck", &e.deck, Some(Place::Deck)),
            ("momentum", &e.momentum, Some(Place::Momentum)),
            ("discard", &e.discard, Some(Place::Discard)),
            ("card_pool", &e.card_pool, Some(Place::CardPool)),
            ("staging", &e.staging, Some(Place::Staging)),
            ("removed", &e.removed, Some(Place::Removed)),
        ];
        for (what, map, place) in counts {
            for (p, &n) in map.iter().flatten() {
                let pi = self.player(at, p)?;
                let got = match place {
                    None => i64::from(s.player(pi).vitality),
                    Some(pl) => s.zone(pi, pl).len() as i64,
                };
                cmp(format!("{what} of {p}"), n.to_string(), got.to_string());
            }
        }
        for (k, z) in e.zone.iter().flatten() {
            let c = self.card(at, k)?;
            cmp(
                format!("zone of {k}"),
                z.clone(),
                place_word(s.card(c).place).into(),
            );
        }
        for k in e.committed.iter().flatten() {
            let c = self.card(at, k)?;
            cmp(
                format!("{k} committed"),
                "committed".into(),
                if s.card(c).committed {
                    "committed"
                } else {
                    "ready"
                }
                .into(),
            );
        }
        for k in e.ready.iter().flatten() {
            let c = self.card(at, k)?;
            cmp(
                format!("{k} ready"),
                "ready".into(),
                if s.card(c).committed {
                    "committed"
                } else {
                    "ready"
                }
                .into(),
            );
        }
        if let Some(a) = &e.attack {
            match &s.attack {
                None => cmp(
                    "the attack".into(),
                    "an attack in its sequence".into(),
                    "none".into(),
                ),
                Some(got) => {
                    if let Some(k) = &a.card {
                        let c = self.card(at, k)?;
                        // By the card itself: a multiple copy bears its attack's name.
                        let label = |x: CardId| format!("{} ({})", s.name_of(x), self.id_of(x));
                        cmp("the attack".into(), label(c), label(got.card));
                    }
                    if let Some(n) = a.speed {
                        cmp(
                            "the attack's speed".into(),
                            n.to_string(),
                            got.speed.to_string(),
                        );
                    }
                    if let Some(n) = a.damage {
                        cmp(
                            "the attack's damage".into(),
                            n.to_string(),
                            got.damage.to_string(),
                        );
                    }
                    if let Some(z) = &a.zone {
                        cmp(
                            "the attack's zone".into(),
                            z.clone(),
                            got.zone.name().to_lowercase(),
                        );
                    }
                    if let Some(b) = &a.block {
                        cmp(
                            "the attack's block status".into(),
                            b.clone(),
                            block_word(got.block).into(),
                        );
                    }
                }
            }
        }
        if e.no_attack {
            cmp(
                "the attack".into(),
                "none".into(),
                s.attack
                    .as_ref()
                    .map_or("none".into(), |a| s.name_of(a.card)),
            );
        }
        if let Some(ch) = &e.check {
            match &s.check {
                None => cmp(
                    "the control check".into(),
                    "a check under way".into(),
                    "none".into(),
                ),
                Some(got) => {
                    if let Some(k) = &ch.card {
                        let c = self.card(at, k)?;
                        cmp("the check's card".into(), s.name_of(c), s.name_of(got.card));
                    }
                    if let Some(n) = ch.difficulty {
                        cmp(
                            "the check's difficulty".into(),
                            n.to_string(),
                            got.difficulty.to_string(),
                        );
                    }
                    if let Some(n) = ch.value {
                        cmp(
                            "the check's value".into(),
                            n.to_string(),
                            got.value.to_string(),
                        );
                    }
                }
            }
        }
        if e.no_check {
            cmp(
                "the control check".into(),
                "none".into(),
                s.check.as_ref().map_or("none".into(), |c| {
                    format!("a check for {}", s.name_of(c.card))
                }),
            );
        }
        if let Some(n) = e.stack {
            cmp(
                "attacks on the attack stack".into(),
                n.to_string(),
                s.attack_stack.len().to_string(),
            );
        }
        if let Some(d) = &e.decision {
            cmp(
                "the decision".into(),
                d.clone(),
                decision_word(&s.pending).into(),
            );
        }
        if let Some(d) = &e.decider {
            cmp(
                "who decides".into(),
                d.clone(),
                s.pending
                    .seat()
                    .map_or("(nobody)".into(), |p| PLAYERS[usize::from(p)].into()),
            );
        }
        let seat = s.pending.seat().unwrap_or(0);
        let options: Vec<String> = s
            .legal()
            .iter()
            .map(|a| self.game.describe_action(Seat::from(seat), a))
            .collect();
        for o in e.options_include.iter().flatten() {
            if !options.contains(o) {
                cmp(
                    format!("option {o:?}"),
                    "offered".into(),
                    format!("not offered (options: {})", options.join("; ")),
                );
            }
        }
        for o in e.options_exclude.iter().flatten() {
            if options.contains(o) {
                cmp(
                    format!("option {o:?}"),
                    "not offered".into(),
                    "offered".into(),
                );
            }
        }
        if let Some(o) = &e.outcome {
            cmp(
                "the outcome".into(),
                o.clone(),
                outcome_word(s.result).into(),
            );
        }
        if let Some(t) = e.turn {
            cmp("the turn".into(), t.to_string(), s.turn.to_string());
        }
        if let Some(a) = &e.active {
            cmp(
                "the active player".into(),
                a.clone(),
                PLAYERS[usize::from(s.active)].into(),
            );
        }
        if let Some(ph) = &e.phase {
            cmp("the phase".into(), ph.clone(), phase_word(s.phase).into());
        }
        for (k, &n) in e.tokens.iter().flatten() {
            let c = self.card(at, k)?;
            cmp(
                format!("tokens on {k}"),
                n.to_string(),
                s.tokens_on(c, None).to_string(),
            );
        }
        for (p, &b) in e.must_attempt.iter().flatten() {
            let pi = self.player(at, p)?;
            cmp(
                format!("{p} must attempt a card from hand"),
                b.to_string(),
                s.player(pi).must_attempt.to_string(),
            );
        }
        for text in e.log_includes.iter().flatten() {
            if !s.log.iter().any(|l| l.text.contains(text.as_str())) {
                let last: Vec<&str> = s
                    .log
                    .iter()
                    .rev()
                    .take(6)
                    .map(|l| l.text.as_str())
                    .collect();
                cmp(
                    format!("the log includes {text:?}"),
                    "a line with it".into(),
                    format!("none (last lines: {})", last.join(" | ")),
                );
            }
        }
        for text in e.log_excludes.iter().flatten() {
            if let Some(l) = s.log.iter().find(|l| l.text.contains(text.as_str())) {
                cmp(
                    format!("the log has no line with {text:?}"),
                    "none".into(),
                    l.text.clone(),
                );
            }
        }
        Ok(fails.into_iter().next())
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
    let opposite = |k: &str| match k {
        "committed" => Some("ready"),
        "ready" => Some("committed"),
        "options_include" => Some("options_exclude"),
        "options_exclude" => Some("options_include"),
        "log_excludes" => Some("log_includes"),
        _ => None,
    };
    for (key, v) in expect {
        match v {
            toml::Value::Integer(n) => change(key, key, toml::Value::Integer(n + 1)),
            toml::Value::Boolean(true) if key == "no_attack" || key == "no_check" => {
                let other = if key == "no_attack" {
                    "attack"
                } else {
                    "check"
                };
                change(key, other, toml::Value::Table(toml::Table::new()))
            }
            toml::Value::Array(_) if opposite(key).is_some() => {
                change(key, opposite(key).unwrap_or(key), v.clone())
            }
            toml::Value::Array(a) if key == "log_includes" => {
                let mut a = a.clone();
                a.push(toml::Value::String("(a line no game logs)".into()));
                change(key, key, toml::Value::Array(a))
            }
            toml::Value::Table(t) => {
                for (k, x) in t {
                    let nv = match x {
                        toml::Value::Integer(n) => toml::Value::Integer(n + 1),
                        toml::Value::Boolean(b) => toml::Value::Boolean(!b),
                        toml::Value::String(s) if key == "zone" => toml::Value::String(
                            if s == "removed" { "hand" } else { "removed" }.into(),
                        ),
                        toml::Value::String(s) if k == "zone" => {
                            toml::Value::String(if s == "high" { "low" } else { "high" }.into())
                        }
                        toml::Value::String(s) if k == "block" => toml::Value::String(
                            if s == "none" { "complete" } else { "none" }.into(),
                        ),
                        toml::Value::String(_) if k == "card" => toml::Value::String("p0".into()),
                        _ => continue,
                    };
                    let mut t2 = t.clone();
                    t2.insert(k.clone(), nv);
                    change(key, key, toml::Value::Table(t2));
                }
            }
            toml::Value::String(s) => {
                let other = match key.as_str() {
                    "outcome" if s == "none" => "draw",
                    "outcome" => "none",
                    "decision" if s == "form" => "block",
                    "decision" => "form",
                    "decider" | "active" if s == "p0" => "p1",
                    "decider" | "active" => "p0",
                    "phase" if s == "combat" => "end",
                    "phase" => "combat",
                    _ => continue,
                };
                change(key, key, toml::Value::String(other.into()))
            }
            _ => {}
        }
    }
    out
}
