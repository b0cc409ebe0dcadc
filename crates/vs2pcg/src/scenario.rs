//! Scenarios: a rules situation stated declaratively in a TOML file (a board, then
//! actions in the game's own words and expectations), run against the engine. The format
//! is documented in docs/scenarios.md.

use crate::action::{Action, Pay};
use crate::db::CardDb;
use crate::game::{PlayerSetup, Setup};
use crate::model::Keyword;
use crate::state::*;
use crossover_kernel::{Game, Outcome, Seat};
use serde::Deserialize;
use std::collections::BTreeMap;
use std::path::Path;
use std::sync::Arc;
use toml::Spanned;

/// A scenario file that can't be run: bad syntax, an unknown card, an impossible board.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{file}:{line}: {message}")]
pub struct ScenarioError {
    pub file: String,
    pub line: usize,
    pub message: String,
}

/// How a scenario ran.
#[derive(Debug, Clone, PartialEq)]
pub struct ScenarioOutcome {
    pub name: String,
    pub failure: Option<Failure>,
}

/// The first step whose expectation did not hold.
#[derive(Debug, Clone, PartialEq)]
pub struct Failure {
    pub step: usize,
    pub line: usize,
    pub what: String,
    pub expected: String,
    pub actual: String,
}

impl std::fmt::Display for Failure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "step {} (line {}): {}\n    expected: {}\n    actual:   {}",
            self.step, self.line, self.what, self.expected, self.actual
        )
    }
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct FileSpec {
    game: Spanned<String>,
    name: Option<String>,
    /// The rulebook section the scenario checks.
    #[allow(dead_code)]
    rule: Option<String>,
    #[allow(dead_code)]
    note: Option<String>,
    #[serde(default)]
    seed: u64,
    variant: Option<Spanned<String>>,
    turn: Option<u32>,
    #[serde(default)]
    turn_player: usize,
    phase: Option<Spanned<String>>,
    /// Cards defined for this scenario only, in the card language.
    cards: Option<Spanned<String>>,
    #[serde(rename = "player")]
    players: Vec<PlayerSpec>,
    combat: Option<CombatSpec>,
    #[serde(rename = "step", default)]
    steps: Vec<Spanned<StepSpec>>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct PlayerSpec {
    name: Option<String>,
    main: Spanned<CardSpec>,
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

#[derive(Debug, Deserialize)]
#[serde(untagged)]
enum CardSpec {
    Plain(String),
    Full(CardState),
}

#[derive(Debug, Deserialize, Default)]
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
    equipment: Option<String>,
    #[serde(default)]
    frozen: bool,
    /// A token character: it ceases to exist outside play (p.26).
    #[serde(default)]
    token: bool,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct CombatSpec {
    attackers: Vec<String>,
    defender: String,
}

#[derive(Debug, Deserialize, Default, Clone)]
#[serde(deny_unknown_fields)]
struct StepSpec {
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
    choose_player: Option<usize>,
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

#[derive(Debug, Deserialize, Clone)]
#[serde(untagged)]
enum OneOrMany {
    One(String),
    Many(Vec<String>),
}

#[derive(Debug, Deserialize, Default, Clone)]
#[serde(deny_unknown_fields)]
struct Expect {
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
}

/// Read and run a scenario file.
pub fn run_file(path: &Path) -> Result<ScenarioOutcome, ScenarioError> {
    let src = std::fs::read_to_string(path).map_err(|e| ScenarioError {
        file: path.display().to_string(),
        line: 0,
        message: format!("can't read it: {e}"),
    })?;
    run_source(&path.display().to_string(), &src)
}

/// Every `*.toml` scenario under `path` (a file or a directory), sorted.
pub fn collect(path: &Path) -> std::io::Result<Vec<std::path::PathBuf>> {
    if path.is_file() {
        return Ok(vec![path.to_path_buf()]);
    }
    let mut out = Vec::new();
    let mut entries: Vec<_> = std::fs::read_dir(path)?.collect::<Result<_, _>>()?;
    entries.sort_by_key(|e| e.path());
    for e in entries {
        let p = e.path();
        if p.is_dir() {
            out.extend(collect(&p)?);
        } else if p.extension().is_some_and(|x| x == "toml") {
            out.push(p);
        }
    }
    Ok(out)
}

fn line_of(src: &str, offset: usize) -> usize {
    src[..offset.min(src.len())].matches('\n').count() + 1
}

struct Runner<'a> {
    file: &'a str,
    src: &'a str,
    g: GameState,
    ids: BTreeMap<String, CardId>,
}

impl<'a> Runner<'a> {
    fn err<T>(&self, offset: usize, message: impl Into<String>) -> Result<T, ScenarioError> {
        Err(ScenarioError {
            file: self.file.to_string(),
            line: line_of(self.src, offset),
            message: message.into(),
        })
    }

    fn id(&self, name: &str) -> Option<CardId> {
        self.ids.get(name).copied()
    }
}

/// Run a scenario given as text; `file` is only used in messages.
pub fn run_source(file: &str, src: &str) -> Result<ScenarioOutcome, ScenarioError> {
    let spec: FileSpec = toml::from_str(src).map_err(|e| ScenarioError {
        file: file.to_string(),
        line: e.span().map_or(0, |s| line_of(src, s.start)),
        message: e.message().to_string(),
    })?;
    let bad = |offset: usize, message: String| ScenarioError {
        file: file.to_string(),
        line: line_of(src, offset),
        message,
    };
    if spec.game.get_ref() != "vs2pcg" {
        return Err(bad(
            spec.game.span().start,
            format!(
                "unknown game `{}`; scenarios exist for: vs2pcg",
                spec.game.get_ref()
            ),
        ));
    }
    // Scenario-local cards, with their lines counted from the top of the file.
    let db: Arc<CardDb> = match &spec.cards {
        None => crate::db::active(),
        Some(cards) => {
            let start = cards.span().start;
            // A multi-line string drops the newline right after its opening quotes.
            let rest = &src[start..];
            let skips_newline = ["'''\n", "\"\"\"\n", "'''\r\n", "\"\"\"\r\n"]
                .iter()
                .any(|q| rest.starts_with(q));
            let first = line_of(src, start) + usize::from(skips_newline);
            let local =
                crate::cardfile::parse_cards(file, cards.get_ref()).map_err(|e| ScenarioError {
                    file: file.to_string(),
                    line: first + e.line as usize - 1,
                    message: e.message.clone(),
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
    let key = |c: &CardSpec| match c {
        CardSpec::Plain(s) => s.clone(),
        CardSpec::Full(st) => st.card.clone(),
    };
    let mut players = Vec::new();
    for (i, p) in spec.players.iter().enumerate() {
        let k = key(p.main.get_ref());
        let Some(d) = db.find(&k) else {
            return Err(bad(p.main.span().start, format!("unknown card `{k}`")));
        };
        players.push(PlayerSetup {
            name: p.name.clone().unwrap_or(format!("Player {i}")),
            main: db.get(d).number.clone(),
            deck: Vec::new(),
        });
    }
    let setup = Setup { variant, players };
    let g = GameState::with_db(db.clone(), &setup, spec.seed).map_err(|e| bad(0, e.0))?;
    let mut r = Runner {
        file,
        src,
        g,
        ids: BTreeMap::new(),
    };
    r.build(&spec)?;
    r.run(&spec)
}

impl Runner<'_> {
    fn build(&mut self, spec: &FileSpec) -> Result<(), ScenarioError> {
        let n = spec.players.len();
        if spec.turn_player >= n {
            return self.err(
                0,
                format!("turn_player {} but only {n} players", spec.turn_player),
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
        g.turn = spec.turn.unwrap_or(3);
        g.turn_seat = spec.turn_player;
        g.acting = spec.turn_player;
        g.first_seat = 0;
        g.phase = phase;
        for (seat, p) in spec.players.iter().enumerate() {
            let main = self.g.players[seat].main;
            let st = state_of(p.main.get_ref());
            let row = match st.row.as_deref() {
                None | Some("front") => Row::Front,
                Some("back") => Row::Back,
                Some(o) => {
                    return self.err(p.main.span().start, format!("row `{o}`: use front or back"))
                }
            };
            self.g.move_to(main, Zone::of_row(row), seat);
            self.apply_state(main, &st, p.main.span().start)?;
            let name = st.id.clone().unwrap_or_else(|| match p.main.get_ref() {
                CardSpec::Plain(s) => s.clone(),
                CardSpec::Full(s) => s.card.clone(),
            });
            self.name_card(main, name, p.main.span().start)?;
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
                self.g.players[seat].recruit_points = self.g.players[seat].resources.len() as u8;
            }
        }
        self.g.settle();
        if let Some(cb) = &spec.combat {
            let mut attackers = Vec::new();
            for a in &cb.attackers {
                attackers.push(self.id(a).ok_or_else(|| self.unknown_id(a))?);
            }
            let d = self
                .id(&cb.defender)
                .ok_or_else(|| self.unknown_id(&cb.defender))?;
            self.g.declare_attack(attackers, d);
            self.g.settle();
        }
        Ok(())
    }

    fn unknown_id(&self, name: &str) -> ScenarioError {
        ScenarioError {
            file: self.file.to_string(),
            line: 0,
            message: format!(
                "no card with id `{name}` on the board (ids: {})",
                self.ids.keys().cloned().collect::<Vec<_>>().join(", ")
            ),
        }
    }

    fn name_card(&mut self, c: CardId, name: String, offset: usize) -> Result<(), ScenarioError> {
        if self.ids.contains_key(&name) {
            // A second copy without an id: number it.
            let mut k = 2;
            while self.ids.contains_key(&format!("{name}#{k}")) {
                k += 1;
            }
            let _ = offset;
            self.ids.insert(format!("{name}#{k}"), c);
        } else {
            self.ids.insert(name, c);
        }
        Ok(())
    }

    fn place(
        &mut self,
        c: &Spanned<CardSpec>,
        seat: Seat,
        zone: Zone,
    ) -> Result<(), ScenarioError> {
        let st = state_of(c.get_ref());
        let Some(def) = self.g.db.find(&st.card) else {
            return self.err(c.span().start, format!("unknown card `{}`", st.card));
        };
        let number = self.g.db.get(def).number.clone();
        let is_char = self.g.db.get(def).is_character();
        if matches!(zone, Zone::Front | Zone::Back) && !is_char {
            return self.err(
                c.span().start,
                format!("`{}` is not a character: it can't be in a row", st.card),
            );
        }
        let id = self.g.spawn(&number, seat, zone);
        if zone == Zone::FacehuggerPile && is_char {
            self.g.card_mut(id).token = true;
        }
        if zone == Zone::Resources {
            let loc = self.g.def(id).is_location();
            self.g.card_mut(id).face_up = loc && !st.face_down;
        }
        self.apply_state(id, &st, c.span().start)?;
        self.name_card(id, st.id.clone().unwrap_or(st.card.clone()), c.span().start)
    }

    fn apply_state(
        &mut self,
        id: CardId,
        st: &CardState,
        offset: usize,
    ) -> Result<(), ScenarioError> {
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
            let Some(def) = self.g.db.find(e) else {
                return self.err(offset, format!("unknown equipment `{e}`"));
            };
            let number = self.g.db.get(def).number.clone();
            let side = self.g.card(id).controller;
            let eq = self.g.spawn(&number, side, Zone::Attached);
            self.g.card_mut(eq).attached_to = Some(id);
            self.g.card_mut(id).equipment = Some(eq);
            self.ids.insert(e.clone(), eq);
        }
        Ok(())
    }

    fn run(mut self, spec: &FileSpec) -> Result<ScenarioOutcome, ScenarioError> {
        let name = spec.name.clone().unwrap_or_else(|| self.file.to_string());
        for (i, step) in spec.steps.iter().enumerate() {
            let line = line_of(self.src, step.span().start);
            if let Some(failure) = self.step(i + 1, line, step.get_ref())? {
                return Ok(ScenarioOutcome {
                    name,
                    failure: Some(failure),
                });
            }
        }
        Ok(ScenarioOutcome {
            name,
            failure: None,
        })
    }

    /// One step. `Err` for a malformed step; `Ok(Some)` for an expectation that failed.
    fn step(
        &mut self,
        n: usize,
        line: usize,
        s: &StepSpec,
    ) -> Result<Option<Failure>, ScenarioError> {
        let fail = |what: String, expected: String, actual: String| Failure {
            step: n,
            line,
            what,
            expected,
            actual,
        };
        let bad = |message: String| ScenarioError {
            file: self.file.to_string(),
            line,
            message,
        };
        if let Some(e) = &s.expect {
            return self.check(e, &fail).map_err(bad);
        }
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
            while self.g.combat.is_some() && matches!(self.g.pending, Pending::Act { .. }) {
                self.g
                    .apply(&Action::Pass)
                    .map_err(|e| bad(e.to_string()))?;
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
        let actions = self.actions_for(s).map_err(bad)?;
        let illegal = s.illegal == Some(true);
        // An illegal step leaves the board as it was before the step (a refused defender
        // must not leave the attack half declared).
        let saved = illegal.then(|| self.g.clone());
        let result = self.apply_actions(n, line, s, &actions, illegal);
        if let (Some(saved), Ok(None)) = (saved, &result) {
            self.g = saved;
        }
        result
    }

    fn apply_actions(
        &mut self,
        n: usize,
        line: usize,
        s: &StepSpec,
        actions: &[Action],
        illegal: bool,
    ) -> Result<Option<Failure>, ScenarioError> {
        let fail = |what: String, expected: String, actual: String| Failure {
            step: n,
            line,
            what,
            expected,
            actual,
        };
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
                        self.g
                            .describe_action(self.g.pending_seat().unwrap_or(0), action),
                        "a legal action".into(),
                        format!("refused ({}): {}", e.rule, e.message),
                    )))
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
                            |c: CardId| (self.g.card(c).def, self.g.card(c).zone == Zone::Hand);
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
                    if self.g.card(c).zone == Zone::Hand {
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
        if let Some(p) = s.choose_player {
            return Ok(vec![Action::ChoosePlayer { seat: p }]);
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
            let zone = match card.zone {
                Zone::Front | Zone::Back => format!(
                    "{} in the {}",
                    if card.face_up { "face up" } else { "stunned" },
                    card.zone.row().map_or("", |r| r.name())
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
            (&e.ko, "in its owner's KO pile", &|c| {
                g.card(c).zone == Zone::KoPile
            }),
            (&e.removed, "removed from the game", &|c| {
                g.card(c).zone == Zone::Removed
            }),
            (&e.in_hand, "in its owner's hand", &|c| {
                g.card(c).zone == Zone::Hand
            }),
            (&e.in_deck, "in its owner's deck", &|c| {
                g.card(c).zone == Zone::Deck
            }),
            (&e.in_play, "in play", &|c| g.card(c).zone.in_play()),
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
            (&e.hand_size, "hand sizes", &|s| g.players[s].hand.len()),
            (&e.deck_size, "deck sizes", &|s| g.players[s].deck.len()),
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

type CardTest<'a> = &'a dyn Fn(CardId) -> bool;
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
        },
    }
}

fn keyword(k: &str) -> Result<Keyword, String> {
    let norm = k.to_ascii_lowercase().replace(['-', '_'], " ");
    [
        Keyword::Flight,
        Keyword::Ranged,
        Keyword::Stealth,
        Keyword::Mobile,
        Keyword::Berserker,
        Keyword::Creature,
        Keyword::Dodge,
        Keyword::Ferocious,
        Keyword::Hex,
        Keyword::Inspire,
        Keyword::Leader,
        Keyword::Leap,
        Keyword::Lethal,
        Keyword::Monstrous,
        Keyword::Schemer,
        Keyword::Shrink,
        Keyword::Swarm,
        Keyword::Symbiosis,
        Keyword::Tough,
        Keyword::WakingNightmare,
    ]
    .into_iter()
    .find(|kw| kw.name().to_ascii_lowercase() == norm)
    .ok_or(format!("unknown keyword `{k}`"))
}
