//! Marvel Champions scenarios (`game = "mc"`): a board stated in TOML, then actions and
//! expectations, run by the shared runner of `crossover-scenario` (docs/scenarios.md).
//!
//! ```toml
//! game = "mc"
//! name = "Swinging Web Kick deals 8 damage"
//! rule = "01005 Swinging Web Kick; ATTACK"
//! villain = { card = "01094", damage = 2 }        # Rhino I; `villain_deck` defaults to the next stage
//! main_scheme = { card = "01097b", threat = 3 }   # a B side
//! side_schemes = [{ card = "01107", id = "heist", threat = 2 }]
//! encounter_deck = ["01100", "01101"]             # top card first
//! round = 1                 # default 1
//! phase = "player"          # "player" (default: the active player's turn) or "villain"
//! active = "p0"             # whose turn it is (default: the first player)
//!
//! [[player]]                # in player order from the first player; ids default p0, p1...
//! identity = "Spider-Man"   # by number or name; the hero side or the alter-ego side
//! form = "hero"             # default hero
//! damage = 1
//! hand = ["01005", { card = "01088", id = "energy" }]
//! deck = ["01087"]          # top card first
//! play = [{ card = "01002", id = "cat", exhausted = true, attached = ["..."] }]
//! engaged = [{ card = "01101", id = "shocker", damage = 1 }]
//!
//! [[step]]
//! play = "01005"            # or: do = "Play Swinging Web Kick" (an offered option's text)
//! [[step]]
//! pay_with = "energy"
//! [[step]]
//! expect = { damage = { villain = 10 }, zone = { "01005" = "discard" } }
//! ```
//!
//! A card table may set `id`, `damage`, `threat`, `counters` (default: its USES),
//! `exhausted`, `status` (`["stunned", "confused", "tough"]`; default tough for
//! TOUGHNESS) and `attached` (cards attached to it). Steps and expectations name cards
//! by id, by player id (their identity), `villain`, `main_scheme`, or by a number or name
//! that only one card in the game has.
//!
//! Steps: `do` (the text of an offered option: exact, else the only option containing
//! it), or one of `play`, `use` (+ `ability`, default 0), `attack`/`thwart` (+ `by`,
//! default the acting player's identity), `choose`, `choose_player`, `option` (0-based),
//! `defend`, `pay_with`, `pay_with_ability` (+ `ability`), `discard`, and the flags
//! `pass`, `end_turn`, `change_form`, `recover`, `no_defense`, `done`, `cancel_payment`.
//! `seat = "p1"` checks who acts; `illegal = true` (with `rule`) expects a refusal that
//! leaves the state unchanged.
//!
//! Expectations (`expect`): `damage`, `threat`, `counters` (maps id → n); `zone`
//! (id → hand | deck | discard | play | engaged | attached | encounter_deck |
//! encounter_discard | removed | set_aside | villain | side_scheme | main_scheme |
//! environment | boost | dealt); `exhausted`, `ready`, `in_play`, `not_in_play` (lists);
//! `status` (id → list, exact); `form`, `hand`, `deck`, `discard` (player id → form or
//! count); `stat` (id → { atk, thw, def, rec, sch, hp, hand_size }); `decider`
//! (player id), `decision` (turn | window | choose | choose_player | choose_one | pay |
//! defend | discard | mulligan | none), `options_include`, `options_exclude`;
//! `outcome` ("none" | "the players win" | "the players lose"); `log_includes`; `round`;
//! `phase`; `encounter_deck`, `encounter_discard` (counts); `acceleration_tokens`;
//! `villain` and `main_scheme` (which card they are).

use crate::act::Action;
use crate::db::Db;
use crate::model::*;
use crate::setup::{DeckList, McSetup};
use crate::state::*;
use crate::Mc;
use crossover_kernel::{Game, GameRng, Outcome, Presentation};
use crossover_scenario::{Failure, Mutation, ScenarioError, ScenarioGame, Source, StepAt};
use serde::Deserialize;
use std::collections::BTreeMap;
use std::sync::Arc;
use toml::Spanned;

/// Marvel Champions' scenarios, for [`crossover_scenario::runner`].
pub struct McScenarios;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Board {
    #[serde(default)]
    seed: u64,
    villain: Spanned<CardSpec>,
    villain_deck: Option<Vec<Spanned<CardSpec>>>,
    main_scheme: Spanned<CardSpec>,
    scheme_deck: Option<Vec<Spanned<CardSpec>>>,
    #[serde(default)]
    side_schemes: Vec<Spanned<CardSpec>>,
    #[serde(default)]
    environment: Vec<Spanned<CardSpec>>,
    #[serde(default)]
    encounter_deck: Vec<Spanned<CardSpec>>,
    #[serde(default)]
    encounter_discard: Vec<Spanned<CardSpec>>,
    /// Encounter cards set aside (out of play).
    #[serde(default)]
    set_aside: Vec<Spanned<CardSpec>>,
    #[serde(default)]
    expert: bool,
    round: Option<Spanned<u32>>,
    phase: Option<Spanned<String>>,
    active: Option<Spanned<String>>,
    acceleration_tokens: Option<u8>,
    #[serde(rename = "player")]
    players: Vec<Spanned<PlayerSpec>>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct PlayerSpec {
    identity: Spanned<String>,
    id: Option<String>,
    form: Option<Spanned<String>>,
    #[serde(default)]
    damage: u16,
    #[serde(default)]
    exhausted: bool,
    status: Option<Vec<String>>,
    /// The form was already changed this turn.
    #[serde(default)]
    changed_form: bool,
    aspect: Option<Spanned<String>>,
    #[serde(default)]
    hand: Vec<Spanned<CardSpec>>,
    #[serde(default)]
    deck: Vec<Spanned<CardSpec>>,
    #[serde(default)]
    discard: Vec<Spanned<CardSpec>>,
    #[serde(default)]
    play: Vec<Spanned<CardSpec>>,
    #[serde(default)]
    engaged: Vec<Spanned<CardSpec>>,
    /// Encounter cards dealt face down to this player.
    #[serde(default)]
    dealt: Vec<Spanned<CardSpec>>,
    /// Default: the player's nemesis set.
    set_aside: Option<Vec<Spanned<CardSpec>>>,
}

#[derive(Debug, Clone)]
enum CardSpec {
    Plain(String),
    Full(CardState),
}

impl<'de> Deserialize<'de> for CardSpec {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        use serde::de::Error;
        match toml::Value::deserialize(d)? {
            toml::Value::String(s) => Ok(CardSpec::Plain(s)),
            v @ toml::Value::Table(_) => CardState::deserialize(v)
                .map(CardSpec::Full)
                .map_err(|e| D::Error::custom(e.message())),
            other => Err(D::Error::custom(format!(
                "a card is a number or name (\"01005\") or a table ({{ card = \"01005\", ... }}), not {}",
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
    #[serde(default)]
    damage: u16,
    threat: Option<u16>,
    counters: Option<u8>,
    #[serde(default)]
    exhausted: bool,
    status: Option<Vec<String>>,
    #[serde(default)]
    attached: Vec<CardSpec>,
}

impl CardSpec {
    fn state(&self) -> CardState {
        match self {
            CardSpec::Plain(s) => CardState {
                card: s.clone(),
                ..CardState::default()
            },
            CardSpec::Full(s) => s.clone(),
        }
    }
}

/// A step: one action, or an expectation.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Step {
    #[serde(rename = "do")]
    option: Option<String>,
    seat: Option<String>,
    play: Option<String>,
    #[serde(rename = "use")]
    use_card: Option<String>,
    ability: Option<u8>,
    attack: Option<String>,
    thwart: Option<String>,
    by: Option<String>,
    choose: Option<String>,
    choose_player: Option<String>,
    #[serde(rename = "option")]
    choose_option: Option<u8>,
    defend: Option<String>,
    pay_with: Option<String>,
    pay_with_ability: Option<String>,
    discard: Option<String>,
    #[serde(default)]
    pass: bool,
    #[serde(default)]
    end_turn: bool,
    #[serde(default)]
    change_form: bool,
    #[serde(default)]
    recover: bool,
    #[serde(default)]
    no_defense: bool,
    #[serde(default)]
    done: bool,
    #[serde(default)]
    cancel_payment: bool,
    #[serde(default)]
    illegal: bool,
    rule: Option<String>,
    expect: Option<Expect>,
}

#[derive(Debug, Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct Expect {
    #[serde(default)]
    damage: BTreeMap<String, u16>,
    #[serde(default)]
    threat: BTreeMap<String, u16>,
    #[serde(default)]
    counters: BTreeMap<String, u8>,
    #[serde(default)]
    zone: BTreeMap<String, String>,
    #[serde(default)]
    exhausted: Vec<String>,
    #[serde(default)]
    ready: Vec<String>,
    #[serde(default)]
    in_play: Vec<String>,
    #[serde(default)]
    not_in_play: Vec<String>,
    #[serde(default)]
    status: BTreeMap<String, Vec<String>>,
    #[serde(default)]
    form: BTreeMap<String, String>,
    #[serde(default)]
    hand: BTreeMap<String, usize>,
    #[serde(default)]
    deck: BTreeMap<String, usize>,
    #[serde(default)]
    discard: BTreeMap<String, usize>,
    #[serde(default)]
    stat: BTreeMap<String, BTreeMap<String, u16>>,
    decider: Option<String>,
    decision: Option<String>,
    #[serde(default)]
    options_include: Vec<String>,
    #[serde(default)]
    options_exclude: Vec<String>,
    outcome: Option<String>,
    #[serde(default)]
    log_includes: Vec<String>,
    round: Option<u32>,
    phase: Option<String>,
    encounter_deck: Option<usize>,
    encounter_discard: Option<usize>,
    acceleration_tokens: Option<u8>,
    villain: Option<String>,
    main_scheme: Option<String>,
}

/// The game built from a board, with the names the file gives cards and players.
pub struct McRun {
    pub game: Mc,
    ids: BTreeMap<String, CardId>,
    players: Vec<String>,
}

const STATUS_WORDS: &str = "\"stunned\", \"confused\" or \"tough\"";

fn status_bit(w: &str) -> Option<u8> {
    match w {
        "stunned" => Some(STUNNED),
        "confused" => Some(CONFUSED),
        "tough" => Some(TOUGH),
        _ => None,
    }
}

fn status_words(s: u8) -> Vec<String> {
    [
        (STUNNED, "stunned"),
        (CONFUSED, "confused"),
        (TOUGH, "tough"),
    ]
    .into_iter()
    .filter(|(b, _)| s & b != 0)
    .map(|(_, w)| w.to_string())
    .collect()
}

fn zone_word(z: Zone) -> &'static str {
    match z {
        Zone::Deck(_) => "deck",
        Zone::Hand(_) => "hand",
        Zone::Discard(_) => "discard",
        Zone::Play(_) => "play",
        Zone::Engaged(_) => "engaged",
        Zone::Dealt(_) => "dealt",
        Zone::EncounterDeck => "encounter_deck",
        Zone::EncounterDiscard => "encounter_discard",
        Zone::Villain => "villain",
        Zone::VillainDeck => "villain_deck",
        Zone::MainScheme => "main_scheme",
        Zone::SchemeDeck => "scheme_deck",
        Zone::SideScheme => "side_scheme",
        Zone::Environment => "environment",
        Zone::Attached => "attached",
        Zone::Boost => "boost",
        Zone::SetAside(_) => "set_aside",
        Zone::Removed => "removed",
        Zone::Resolving => "resolving",
        Zone::Under(_) => "under",
    }
}

fn outcome_words(o: Option<&Outcome>) -> &'static str {
    match o {
        None => "none",
        Some(Outcome::Win(_)) => "the players win",
        Some(_) => "the players lose",
    }
}

fn decision_word(p: &Pending) -> &'static str {
    match p {
        Pending::None => "none",
        Pending::Mulligan(_) => "mulligan",
        Pending::Turn(_) => "turn",
        Pending::Pay(_) => "pay",
        Pending::Defend { .. } => "defend",
        Pending::Choose { .. } => "choose",
        Pending::ChoosePlayer { .. } => "choose_player",
        Pending::ChooseOne { .. } => "choose_one",
        Pending::Window { .. } => "window",
        Pending::OrderForced { .. } => "order_forced",
        Pending::DiscardDown(_) => "discard",
    }
}

/// Builds the state card by card, naming each card the board gives an id.
struct Builder<'a> {
    src: &'a Source<'a>,
    db: Arc<Db>,
    g: GameState,
    ids: BTreeMap<String, CardId>,
    /// The cards given damage, with where: checked against their hit points once the
    /// whole board (and what modifies hit points) is in place.
    damaged: Vec<(CardId, std::ops::Range<usize>)>,
}

impl Builder<'_> {
    fn def(&self, key: &str, span: std::ops::Range<usize>) -> Result<u16, ScenarioError> {
        let d = self.db.find(key).ok_or_else(|| {
            self.src.error_span(
                span.clone(),
                format!("no Core Set card is numbered or named `{key}`"),
            )
        })?;
        let i = self.db.by_code(&d.code).unwrap_or(0);
        if let Some(m) = &d.missing {
            return Err(self.src.error_span(
                span,
                format!(
                    "{} {}'s ability is not implemented yet, so a scenario can't use it: {m}",
                    d.code, d.name
                ),
            ));
        }
        Ok(i)
    }

    fn card(
        &mut self,
        spec: &CardSpec,
        span: std::ops::Range<usize>,
        owner: u8,
        zone: Zone,
    ) -> Result<CardId, ScenarioError> {
        let s = spec.state();
        let def = self.def(&s.card, span.clone())?;
        let id = CardId(self.g.cards.len() as u16);
        if self.g.cards.len() >= 1000 {
            return Err(self
                .src
                .error_span(span, "a scenario has at most 1000 cards"));
        }
        let d = &self.db.defs[usize::from(def)];
        let mut status = 0;
        match &s.status {
            Some(words) => {
                for w in words {
                    status |= status_bit(w).ok_or_else(|| {
                        self.src.error_span(
                            span.clone(),
                            format!("unknown status `{w}`: use {STATUS_WORDS}"),
                        )
                    })?;
                }
            }
            None if d.has_keyword(Keyword::Toughness) && zone.in_play() => status = TOUGH,
            None => {}
        }
        let threat = match (&d.kind, s.threat) {
            (_, Some(t)) => t,
            (Kind::SideScheme { start }, None) | (Kind::MainScheme { start, .. }, None) => {
                start.of(self.g.players.len())
            }
            _ => 0,
        };
        let counters = s.counters.unwrap_or(if zone.in_play() {
            d.uses().unwrap_or(0)
        } else {
            0
        });
        self.g.cards.push(Card {
            def,
            owner,
            controller: owner,
            zone,
            exhausted: s.exhausted,
            face_down: false,
            damage: s.damage,
            threat,
            counters,
            status,
            attached_to: None,
            surge: false,
        });
        self.g.ability_sources.card_added(&self.g.db, id, def);
        if s.damage > 0 {
            self.damaged.push((id, span.clone()));
        }
        if let Some(name) = &s.id {
            self.name(name, id, span.clone())?;
        }
        for a in &s.attached {
            let owner = if self.db.defs[usize::from(self.def(&a.state().card, span.clone())?)]
                .kind
                .is_player_card()
            {
                owner_of_player_card(owner)
            } else {
                SCENARIO
            };
            let c = self.card(a, span.clone(), owner, Zone::Attached)?;
            self.g.card_mut(c).attached_to = Some(id);
        }
        Ok(id)
    }

    fn name(
        &mut self,
        name: &str,
        id: CardId,
        span: std::ops::Range<usize>,
    ) -> Result<(), ScenarioError> {
        if self.ids.insert(name.to_string(), id).is_some() {
            return Err(self
                .src
                .error_span(span, format!("the id `{name}` is given twice")));
        }
        Ok(())
    }

    fn cards(
        &mut self,
        specs: &[Spanned<CardSpec>],
        owner: u8,
        zone: Zone,
    ) -> Result<Vec<CardId>, ScenarioError> {
        specs
            .iter()
            .map(|s| self.card(s.get_ref(), s.span(), owner, zone))
            .collect()
    }
}

/// Player cards attached to an encounter card stay their owner's (Spider-Tracer on a
/// minion); encounter cards attached to a player's card are the scenario's.
fn owner_of_player_card(owner: u8) -> u8 {
    if owner == SCENARIO {
        0
    } else {
        owner
    }
}

fn stage_of(d: &CardDef) -> Option<u8> {
    match d.kind {
        Kind::Villain { stage, .. } | Kind::MainScheme { stage, .. } => Some(stage),
        _ => None,
    }
}

impl ScenarioGame for McScenarios {
    const GAME: &'static str = Mc::NAME;
    type Board = Board;
    type Step = Step;
    type Expect = Expect;
    type Run = McRun;

    fn build(src: &Source<'_>, b: Board) -> Result<McRun, ScenarioError> {
        let db = crate::db::core();
        if b.players.is_empty() || b.players.len() > crate::setup::MAX_PLAYERS {
            return Err(src.error(
                0,
                "a scenario has 1 to 4 `[[player]]` tables, in player order",
            ));
        }
        let g = GameState {
            db: db.clone(),
            cards: vec![],
            players: vec![],
            starting_players: b.players.len() as u8,
            first_player: 0,
            round: 1,
            phase: Phase::Player,
            villain: CardId(0),
            villain_deck: vec![],
            main_scheme: CardId(0),
            scheme_deck: vec![],
            encounter_deck: vec![],
            encounter_discard: vec![],
            boost: vec![],
            acceleration_tokens: b.acceleration_tokens.unwrap_or(0),
            lasting: vec![],
            limits: vec![],
            tasks: vec![],
            pending: Pending::None,
            outcome: None,
            rng: GameRng::from_seed(b.seed),
            expert: b.expert,
            last_damager: None,
            revealed_canceled: false,
            chosen_option: None,
            called_off: vec![],
            log: Arc::default(),
            logging: true,
            ability_sources: Default::default(),
            checks_due: true,
        };
        let mut bl = Builder {
            src,
            db: db.clone(),
            g,
            ids: BTreeMap::new(),
            damaged: Vec::new(),
        };
        let mut names = vec![];
        let mut decks = vec![];
        // Identities first, so that `players` exists for per-player values.
        for (p, spec) in b.players.iter().enumerate() {
            let ps = spec.get_ref();
            let p = p as u8;
            let found = bl.def(ps.identity.get_ref(), ps.identity.span())?;
            let fd = &db.defs[usize::from(found)];
            let hero = match fd.kind {
                Kind::Hero { .. } => found,
                Kind::AlterEgo { .. } => db
                    .defs
                    .iter()
                    .position(|d| d.back.as_deref() == Some(fd.code.as_str()))
                    .map(|i| i as u16)
                    .ok_or_else(|| {
                        src.error_span(ps.identity.span(), "this alter-ego has no hero side")
                    })?,
                _ => {
                    return Err(src.error_span(
                        ps.identity.span(),
                        format!("{} is not an identity (a hero or alter-ego card)", fd.name),
                    ))
                }
            };
            let hd = &db.defs[usize::from(hero)];
            let back = hd
                .back
                .as_deref()
                .and_then(|c| db.by_code(c))
                .unwrap_or(hero);
            let form = match ps.form.as_ref().map(|f| f.get_ref().as_str()) {
                None | Some("hero") => Form::Hero,
                Some("alter-ego") | Some("alter_ego") => Form::AlterEgo,
                Some(other) => {
                    let f = ps.form.as_ref().unwrap();
                    return Err(src.error_span(
                        f.span(),
                        format!("form `{other}`: use \"hero\" or \"alter-ego\""),
                    ));
                }
            };
            let aspect = match &ps.aspect {
                None => Aspect::Basic,
                Some(a) => Aspect::from_word(a.get_ref())
                    .filter(|a| Aspect::DECK.contains(a))
                    .ok_or_else(|| {
                        src.error_span(
                            a.span(),
                            "aspect: use aggression, justice, leadership or protection",
                        )
                    })?,
            };
            let identity = bl.card(
                &CardSpec::Full(CardState {
                    card: hd.code.clone(),
                    damage: ps.damage,
                    exhausted: ps.exhausted,
                    status: ps.status.clone(),
                    ..CardState::default()
                }),
                ps.identity.span(),
                p,
                Zone::Play(p),
            )?;
            let name = ps.id.clone().unwrap_or(format!("p{p}"));
            bl.name(&name, identity, spec.span())?;
            names.push(name);
            bl.g.players.push(Player {
                identity,
                hero_def: hero,
                alter_ego_def: back,
                form,
                changed_form: ps.changed_form,
                eliminated: false,
                deck: vec![],
                hand: vec![],
                discard: vec![],
                dealt: vec![],
                aspect,
            });
            decks.push(DeckList {
                name: hd.name.clone(),
                hero: hd.code.clone(),
                aspect,
                cards: vec![],
            });
        }
        for (p, spec) in b.players.iter().enumerate() {
            let ps = spec.get_ref();
            let p = p as u8;
            let hand = bl.cards(&ps.hand, p, Zone::Hand(p))?;
            let mut deck = bl.cards(&ps.deck, p, Zone::Deck(p))?;
            deck.reverse();
            let discard = bl.cards(&ps.discard, p, Zone::Discard(p))?;
            bl.cards(&ps.play, p, Zone::Play(p))?;
            for m in bl.cards(&ps.engaged, SCENARIO, Zone::Engaged(p))? {
                if !matches!(bl.g.def(m).kind, Kind::Minion { .. }) {
                    return Err(src.error_span(spec.span(), "only minions can be engaged"));
                }
            }
            let dealt = bl.cards(&ps.dealt, SCENARIO, Zone::Dealt(p))?;
            match &ps.set_aside {
                Some(v) => {
                    bl.cards(v, SCENARIO, Zone::SetAside(p))?;
                }
                None => {
                    let set = db.defs[usize::from(bl.g.players[usize::from(p)].hero_def)]
                        .set
                        .clone();
                    let nemesis: Vec<u16> =
                        db.set(&format!("{set}_nemesis")).map(|(d, _)| d).collect();
                    for d in nemesis {
                        let code = db.defs[usize::from(d)].code.clone();
                        if db.defs[usize::from(d)].missing.is_none() {
                            bl.card(
                                &CardSpec::Plain(code),
                                spec.span(),
                                SCENARIO,
                                Zone::SetAside(p),
                            )?;
                        }
                    }
                }
            }
            let pl = bl.g.player_mut(p);
            pl.hand = hand;
            pl.deck = deck;
            pl.discard = discard;
            pl.dealt = dealt;
        }
        // The villain, its later stages, the main scheme and the scheme deck.
        let villain = bl.card(
            b.villain.get_ref(),
            b.villain.span(),
            SCENARIO,
            Zone::Villain,
        )?;
        let vdef = bl.g.def(villain).clone();
        if !matches!(vdef.kind, Kind::Villain { .. }) {
            return Err(src.error_span(b.villain.span(), format!("{} is not a villain", vdef.name)));
        }
        bl.g.villain = villain;
        bl.ids.entry("villain".into()).or_insert(villain);
        let later = |stage: u8, kind_b: bool| -> Vec<String> {
            let mut v: Vec<(u8, String)> = db
                .set(&vdef.set)
                .filter(|(_, d)| match d.kind {
                    Kind::Villain { .. } => !kind_b,
                    Kind::MainScheme { b_side, .. } => kind_b && b_side,
                    _ => false,
                })
                .filter_map(|(_, d)| stage_of(d).map(|s| (s, d.code.clone())))
                .filter(|(s, _)| *s > stage)
                .collect();
            v.sort();
            v.into_iter().map(|(_, c)| c).collect()
        };
        let vstage = stage_of(&vdef).unwrap_or(1);
        let villain_deck: Vec<CardId> = match &b.villain_deck {
            Some(v) => bl.cards(v, SCENARIO, Zone::VillainDeck)?,
            None => {
                let last = if b.expert { 3 } else { 2 };
                let mut v = vec![];
                for code in later(vstage, false).into_iter().take(1) {
                    if vstage < last {
                        v.push(bl.card(
                            &CardSpec::Plain(code),
                            b.villain.span(),
                            SCENARIO,
                            Zone::VillainDeck,
                        )?);
                    }
                }
                v
            }
        };
        bl.g.villain_deck = villain_deck.into_iter().rev().collect();
        let ms = bl.card(
            b.main_scheme.get_ref(),
            b.main_scheme.span(),
            SCENARIO,
            Zone::MainScheme,
        )?;
        let msdef = bl.g.def(ms).clone();
        if !matches!(msdef.kind, Kind::MainScheme { b_side: true, .. }) {
            return Err(src.error_span(
                b.main_scheme.span(),
                format!(
                    "{} is not the B side of a main scheme (its number ends in b)",
                    msdef.code
                ),
            ));
        }
        bl.g.main_scheme = ms;
        bl.ids.entry("main_scheme".into()).or_insert(ms);
        let scheme_deck = match &b.scheme_deck {
            Some(v) => bl.cards(v, SCENARIO, Zone::SchemeDeck)?,
            None => {
                let mut v = vec![];
                for code in later(stage_of(&msdef).unwrap_or(1), true) {
                    v.push(bl.card(
                        &CardSpec::Plain(code),
                        b.main_scheme.span(),
                        SCENARIO,
                        Zone::SchemeDeck,
                    )?);
                }
                v
            }
        };
        bl.g.scheme_deck = scheme_deck.into_iter().rev().collect();
        bl.cards(&b.side_schemes, SCENARIO, Zone::SideScheme)?;
        bl.cards(&b.environment, SCENARIO, Zone::Environment)?;
        bl.cards(&b.set_aside, SCENARIO, Zone::SetAside(SCENARIO))?;
        let mut ed = bl.cards(&b.encounter_deck, SCENARIO, Zone::EncounterDeck)?;
        ed.reverse();
        bl.g.encounter_deck = ed;
        bl.g.encounter_discard =
            bl.cards(&b.encounter_discard, SCENARIO, Zone::EncounterDiscard)?;

        // The round: the active player's turn, or the villain phase.
        let round = b.round.as_ref().map_or(1, |r| *r.get_ref()).max(1);
        bl.g.round = round;
        let order = bl.g.player_order();
        let active = match &b.active {
            None => 0,
            Some(a) => names.iter().position(|n| n == a.get_ref()).ok_or_else(|| {
                src.error_span(a.span(), format!("no player has the id `{}`", a.get_ref()))
            })?,
        };
        // A card in play with as much damage as hit points would have been defeated: the
        // board can't be (a villain at 0 hit points, a hero at -60000).
        for (c, span) in &bl.damaged {
            let g = &bl.g;
            if g.card(*c).zone.in_play() && g.remaining_hp(*c) <= 0 {
                return Err(src.error_span(
                    span.clone(),
                    format!(
                        "{} has {} damage and {} hit points: it would be defeated; give it less damage than its hit points",
                        g.def(*c).name,
                        g.card(*c).damage,
                        g.max_hp(*c)
                    ),
                ));
            }
        }
        let g = &mut bl.g;
        g.tasks.push(Task::PassToken);
        g.tasks.push(Task::Reveal(EVERY_SEAT));
        g.tasks.push(Task::Deal);
        g.tasks.push(Task::Activation(EVERY_SEAT));
        g.tasks.push(Task::VillainStep1);
        match b.phase.as_ref().map(|p| p.get_ref().as_str()) {
            None | Some("player") => {
                g.tasks.push(Task::EndPhaseDrawReady);
                g.tasks.push(Task::EndPhaseDiscard(0));
                for &p in order.iter().skip(active).rev() {
                    g.tasks.push(Task::Turn(p));
                }
                g.phase = Phase::Player;
                g.log_public(format!("Round {round}: the player phase."));
            }
            Some("villain") => {
                g.phase = Phase::Villain;
                g.log_public(format!("Round {round}: the villain phase."));
            }
            Some(other) => {
                let p = b.phase.as_ref().unwrap();
                return Err(src.error_span(
                    p.span(),
                    format!("phase `{other}`: use \"player\" or \"villain\""),
                ));
            }
        }
        g.settle();
        let setup = McSetup {
            decks,
            villain: vdef.set.clone(),
            modular: String::new(),
            expert: b.expert,
        };
        Ok(McRun {
            game: Mc {
                state: bl.g,
                setup: std::sync::Arc::new(setup),
            },
            ids: bl.ids,
            players: names,
        })
    }

    fn expectation(step: &Step) -> Option<&Expect> {
        step.expect.as_ref()
    }

    fn apply(
        run: &mut McRun,
        at: &StepAt<'_>,
        step: &Step,
    ) -> Result<Option<Failure>, ScenarioError> {
        let g = &run.game.state;
        let Some(seat) = g.to_move() else {
            return Ok(Some(at.fail(
                "an action",
                "a pending decision",
                format!(
                    "no decision is pending (outcome: {})",
                    outcome_words(g.outcome())
                ),
            )));
        };
        if let Some(want) = &step.seat {
            let p = run.player(at, want)?;
            if p != seat {
                return Ok(Some(at.fail(
                    "the seat to act",
                    want.clone(),
                    run.players[usize::from(seat)].clone(),
                )));
            }
        }
        at.check_rule_key(step.illegal, step.rule.as_deref())?;
        let action = match run.action(at, step, seat)? {
            Ok(a) => a,
            Err(f) => return Ok(Some(f)),
        };
        let what = run.game.describe_action(usize::from(seat), &action);
        Ok(at.apply_action(
            &mut run.game,
            &action,
            what,
            step.illegal,
            step.rule.as_deref(),
        ))
    }

    fn check(run: &McRun, at: &StepAt<'_>, e: &Expect) -> Result<Option<Failure>, ScenarioError> {
        run.check(at, e)
    }

    fn mutations(_file: &toml::Table, step: &toml::Table) -> Vec<Mutation> {
        let mut out = vec![];
        let Some(toml::Value::Table(expect)) = step.get("expect") else {
            return out;
        };
        // Each change replaces one expectation (`key`) by `(new_key, value)`.
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
            "exhausted" => Some("ready"),
            "ready" => Some("exhausted"),
            "in_play" => Some("not_in_play"),
            "not_in_play" => Some("in_play"),
            "options_include" => Some("options_exclude"),
            "options_exclude" => Some("options_include"),
            _ => None,
        };
        for (key, v) in expect {
            match v {
                toml::Value::Integer(n) => change(key, key, toml::Value::Integer(n + 1)),
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
                            toml::Value::String(s) if key == "zone" => toml::Value::String(
                                if s == "removed" { "hand" } else { "removed" }.into(),
                            ),
                            toml::Value::String(s) if key == "form" => toml::Value::String(
                                if s == "hero" { "alter-ego" } else { "hero" }.into(),
                            ),
                            toml::Value::Array(a) if key == "status" => {
                                toml::Value::Array(if a.is_empty() {
                                    vec![toml::Value::String("stunned".into())]
                                } else {
                                    vec![]
                                })
                            }
                            toml::Value::Table(st) if key == "stat" => {
                                let mut st = st.clone();
                                for (_, n) in st.iter_mut() {
                                    if let toml::Value::Integer(i) = n {
                                        *i += 1;
                                    }
                                }
                                toml::Value::Table(st)
                            }
                            _ => continue,
                        };
                        let mut t2 = t.clone();
                        t2.insert(k.clone(), nv);
                        change(key, key, toml::Value::Table(t2));
                    }
                }
                toml::Value::String(s) => {
                    let other = match key.as_str() {
                        "outcome" if s == "none" => "the players win",
                        "outcome" => "none",
                        "decision" if s == "turn" => "window",
                        "decision" => "turn",
                        "phase" if s == "player" => "villain",
                        "phase" => "player",
                        "decider" => "(nobody)",
                        _ => continue,
                    };
                    change(key, key, toml::Value::String(other.into()))
                }
                _ => {}
            }
        }
        out
    }
}

impl McRun {
    /// A card named by the file: an id, a player id (the identity), `villain`,
    /// `main_scheme` (the current ones), or a number or name only one card has.
    fn card(&self, at: &StepAt<'_>, key: &str) -> Result<CardId, ScenarioError> {
        let g = &self.game.state;
        match key {
            "villain" => return Ok(g.villain),
            "main_scheme" => return Ok(g.main_scheme),
            _ => {}
        }
        if let Some(&c) = self.ids.get(key) {
            return Ok(c);
        }
        let found: Vec<CardId> = g
            .ids()
            .filter(|&c| {
                let d = g.face(c);
                d.code == key || d.name.eq_ignore_ascii_case(key)
            })
            .collect();
        match found.len() {
            1 => Ok(found[0]),
            0 => Err(at.error(format!(
                "no card in the game is `{key}` (ids: {})",
                self.ids.keys().cloned().collect::<Vec<_>>().join(", ")
            ))),
            n => Err(at.error(format!(
                "{n} cards in the game are `{key}`: give the one you mean an `id`"
            ))),
        }
    }

    fn player(&self, at: &StepAt<'_>, key: &str) -> Result<u8, ScenarioError> {
        self.players
            .iter()
            .position(|n| n == key)
            .map(|p| p as u8)
            .ok_or_else(|| {
                at.error(format!(
                    "no player has the id `{key}` (players: {})",
                    self.players.join(", ")
                ))
            })
    }

    /// The action a step names; `Err(failure)` when `do` matches no offered option.
    fn action(
        &self,
        at: &StepAt<'_>,
        s: &Step,
        seat: u8,
    ) -> Result<Result<Action, Failure>, ScenarioError> {
        let g = &self.game.state;
        let c = |k: &Option<String>| -> Result<Option<CardId>, ScenarioError> {
            k.as_deref().map(|k| self.card(at, k)).transpose()
        };
        let mut found: Vec<Action> = vec![];
        if let Some(text) = &s.option {
            let options = g.legal_actions();
            let described: Vec<(Action, String)> = options
                .iter()
                .map(|a| (*a, self.game.describe_action(usize::from(seat), a)))
                .collect();
            let exact: Vec<Action> = described
                .iter()
                .filter(|(_, d)| d.eq_ignore_ascii_case(text))
                .map(|(a, _)| *a)
                .collect();
            let lower = text.to_lowercase();
            let partial: Vec<Action> = described
                .iter()
                .filter(|(_, d)| d.to_lowercase().contains(&lower))
                .map(|(a, _)| *a)
                .collect();
            match (exact.first(), partial.len()) {
                (Some(a), _) => found.push(*a),
                (None, 1) => found.push(partial[0]),
                (None, n) => {
                    let list: Vec<String> = described.into_iter().map(|(_, d)| d).collect();
                    return Ok(Err(at.fail(
                        format!("an offered option `{text}`"),
                        if n == 0 {
                            "one option with this text".to_string()
                        } else {
                            format!("one option, not {n}")
                        },
                        format!("the options are: {}", list.join(" | ")),
                    )));
                }
            }
        }
        if let Some(card) = c(&s.play)? {
            found.push(Action::Play(card));
        }
        if let Some(card) = c(&s.use_card)? {
            found.push(Action::Use {
                card,
                ability: s.ability.unwrap_or(0),
            });
        }
        let by = || -> Result<CardId, ScenarioError> {
            match &s.by {
                Some(k) => self.card(at, k),
                None => Ok(g.player(seat).identity),
            }
        };
        if let Some(target) = c(&s.attack)? {
            found.push(Action::Attack { by: by()?, target });
        }
        if let Some(scheme) = c(&s.thwart)? {
            found.push(Action::Thwart { by: by()?, scheme });
        }
        if let Some(card) = c(&s.choose)? {
            found.push(Action::Choose(card));
        }
        if let Some(p) = &s.choose_player {
            found.push(Action::ChoosePlayer(self.player(at, p)?));
        }
        if let Some(i) = s.choose_option {
            found.push(Action::ChooseOption(i));
        }
        if let Some(card) = c(&s.defend)? {
            found.push(Action::Defend(card));
        }
        if let Some(card) = c(&s.pay_with)? {
            found.push(Action::PayWith(card));
        }
        if let Some(card) = c(&s.pay_with_ability)? {
            found.push(Action::PayWithAbility {
                card,
                ability: s.ability.unwrap_or(0),
            });
        }
        if let Some(card) = c(&s.discard)? {
            found.push(Action::Discard(card));
        }
        for (flag, a) in [
            (s.pass, Action::Pass),
            (s.end_turn, Action::EndTurn),
            (s.change_form, Action::ChangeForm),
            (s.recover, Action::Recover),
            (s.no_defense, Action::NoDefense),
            (s.done, Action::Done),
            (s.cancel_payment, Action::CancelPayment),
        ] {
            if flag {
                found.push(a);
            }
        }
        match found.len() {
            1 => Ok(Ok(found[0])),
            0 => Err(at.error(
                "a step is one action (`do`, `play`, `use`, `attack`, `thwart`, `choose`, `pay_with`, `pass`, ...) or an `expect` table",
            )),
            _ => Err(at.error("a step takes one action; split it into several steps")),
        }
    }

    fn check(&self, at: &StepAt<'_>, e: &Expect) -> Result<Option<Failure>, ScenarioError> {
        let g = &self.game.state;
        macro_rules! differ {
            ($what:expr, $want:expr, $got:expr) => {
                if $want != $got {
                    return Ok(Some(at.fail($what, $want.to_string(), $got.to_string())));
                }
            };
        }
        for (k, &want) in &e.damage {
            let c = self.card(at, k)?;
            differ!(format!("damage on {k}"), want, g.card(c).damage);
        }
        for (k, &want) in &e.threat {
            let c = self.card(at, k)?;
            differ!(format!("threat on {k}"), want, g.card(c).threat);
        }
        for (k, &want) in &e.counters {
            let c = self.card(at, k)?;
            differ!(format!("counters on {k}"), want, g.card(c).counters);
        }
        for (k, want) in &e.zone {
            let c = self.card(at, k)?;
            differ!(
                format!("where {k} is"),
                want.as_str(),
                zone_word(g.card(c).zone)
            );
        }
        for k in &e.exhausted {
            let c = self.card(at, k)?;
            differ!(
                format!("{k} exhausted"),
                "true",
                g.card(c).exhausted.to_string()
            );
        }
        for k in &e.ready {
            let c = self.card(at, k)?;
            differ!(
                format!("{k} ready"),
                "true",
                (!g.card(c).exhausted).to_string()
            );
        }
        for k in &e.in_play {
            let c = self.card(at, k)?;
            differ!(format!("{k} in play"), "true", g.in_play(c).to_string());
        }
        for k in &e.not_in_play {
            let c = self.card(at, k)?;
            differ!(format!("{k} in play"), "false", g.in_play(c).to_string());
        }
        for (k, want) in &e.status {
            let c = self.card(at, k)?;
            for w in want {
                if status_bit(w).is_none() {
                    return Err(at.error(format!("unknown status `{w}`: use {STATUS_WORDS}")));
                }
            }
            let mut want = want.clone();
            want.sort();
            let mut got = status_words(g.card(c).status);
            got.sort();
            differ!(
                format!("status cards on {k}"),
                want.join(", "),
                got.join(", ")
            );
        }
        for (k, want) in &e.form {
            let p = self.player(at, k)?;
            let got = match g.player(p).form {
                Form::Hero => "hero",
                Form::AlterEgo => "alter-ego",
            };
            differ!(format!("{k}'s form"), want.as_str(), got);
        }
        for (k, &want) in &e.hand {
            let p = self.player(at, k)?;
            differ!(format!("cards in {k}'s hand"), want, g.player(p).hand.len());
        }
        for (k, &want) in &e.deck {
            let p = self.player(at, k)?;
            differ!(format!("cards in {k}'s deck"), want, g.player(p).deck.len());
        }
        for (k, &want) in &e.discard {
            let p = self.player(at, k)?;
            differ!(
                format!("cards in {k}'s discard pile"),
                want,
                g.player(p).discard.len()
            );
        }
        for (k, stats) in &e.stat {
            let c = self.card(at, k)?;
            for (s, &want) in stats {
                let got = if s == "hand_size" {
                    let p = g.identity_of(c).ok_or_else(|| {
                        at.error(format!("{k} is not an identity: hand_size is a player's"))
                    })?;
                    Some(g.hand_size(p) as u16)
                } else {
                    let stat = match s.as_str() {
                        "atk" => Stat::Atk,
                        "thw" => Stat::Thw,
                        "def" => Stat::Def,
                        "rec" => Stat::Rec,
                        "sch" => Stat::Sch,
                        "hp" => Stat::Hp,
                        other => {
                            return Err(at.error(format!(
                                "stat `{other}`: use atk, thw, def, rec, sch, hp or hand_size"
                            )))
                        }
                    };
                    g.stat(c, stat)
                };
                differ!(
                    format!("{k}'s {s}"),
                    want.to_string(),
                    got.map_or("none (it has no such stat)".to_string(), |n| n.to_string())
                );
            }
        }
        if let Some(want) = &e.decider {
            let got = g.to_move().map_or("nobody".to_string(), |p| {
                self.players[usize::from(p)].clone()
            });
            differ!("who decides", want.as_str(), got);
        }
        if let Some(want) = &e.decision {
            differ!(
                "the pending decision",
                want.as_str(),
                decision_word(g.pending())
            );
        }
        if !e.options_include.is_empty() || !e.options_exclude.is_empty() {
            let seat = g.to_move().unwrap_or(0);
            let options: Vec<String> = g
                .legal_actions()
                .iter()
                .map(|a| self.game.describe_action(usize::from(seat), a))
                .collect();
            for want in &e.options_include {
                if !options.iter().any(|o| o.eq_ignore_ascii_case(want)) {
                    return Ok(Some(at.fail(
                        "an option offered",
                        want.clone(),
                        format!("the options are: {}", options.join(" | ")),
                    )));
                }
            }
            for bad in &e.options_exclude {
                if options.iter().any(|o| o.eq_ignore_ascii_case(bad)) {
                    return Ok(Some(at.fail(
                        "an option not offered",
                        format!("no `{bad}`"),
                        format!("the options are: {}", options.join(" | ")),
                    )));
                }
            }
        }
        if let Some(want) = &e.outcome {
            if !["none", "the players win", "the players lose"].contains(&want.as_str()) {
                return Err(at.error(format!(
                    "outcome `{want}`: use \"none\", \"the players win\" or \"the players lose\""
                )));
            }
            differ!("the outcome", want.as_str(), outcome_words(g.outcome()));
        }
        for want in &e.log_includes {
            if !g.log().iter().any(|l| l.text.contains(want.as_str())) {
                let tail: Vec<&str> = g
                    .log()
                    .iter()
                    .rev()
                    .take(12)
                    .rev()
                    .map(|l| l.text.as_str())
                    .collect();
                return Ok(Some(at.fail(
                    "a log line",
                    format!("one containing `{want}`"),
                    format!("the last lines are: {}", tail.join(" / ")),
                )));
            }
        }
        if let Some(want) = e.round {
            differ!("the round", want, g.round());
        }
        if let Some(want) = &e.phase {
            let got = match g.phase() {
                Phase::Setup => "setup",
                Phase::Player => "player",
                Phase::Villain => "villain",
                Phase::Over => "over",
            };
            differ!("the phase", want.as_str(), got);
        }
        if let Some(want) = e.encounter_deck {
            differ!("cards in the encounter deck", want, g.encounter_deck_len());
        }
        if let Some(want) = e.encounter_discard {
            differ!(
                "cards in the encounter discard pile",
                want,
                g.encounter_discard().len()
            );
        }
        if let Some(want) = e.acceleration_tokens {
            differ!("acceleration tokens", want, g.acceleration_tokens());
        }
        if let Some(want) = &e.villain {
            let c = self.card(at, want)?;
            differ!("the villain", g.card_name(c), g.card_name(g.villain()));
            differ!(
                "the villain stage",
                g.def(c).code.as_str(),
                g.def(g.villain()).code.as_str()
            );
        }
        if let Some(want) = &e.main_scheme {
            let c = self.card(at, want)?;
            differ!(
                "the main scheme",
                g.def(c).code.as_str(),
                g.def(g.main_scheme()).code.as_str()
            );
        }
        Ok(None)
    }
}
