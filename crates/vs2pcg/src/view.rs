//! What each seat sees: which cards it may look at, the per-seat [`View`] and its text
//! rendering, and the [`Presentation`] of the game (questions, action descriptions, log).

use crate::action::{Action, Pay};
use crate::state::*;
use crossover_kernel::{LogEntry, Presentation, Seat};
use serde::Serialize;

impl GameState {
    /// Whether `viewer` may look at card `c` where it is now: cards in play (stunned
    /// ones too), KO piles and set-aside levels are public; a hand and a face-down
    /// resource only to their owner; decks and the Facehugger pile to nobody.
    pub fn visible_to(&self, viewer: Seat, c: CardId) -> bool {
        let card = self.card(c);
        match card.zone() {
            Zone::Front | Zone::Back | Zone::Attached | Zone::KoPile | Zone::SetAside => true,
            // Cards being recruited or resolving, tokens and removed cards were seen going.
            Zone::Removed => true,
            Zone::Resources => card.face_up || card.owner == viewer,
            Zone::Hand => card.owner == viewer,
            Zone::Deck | Zone::FacehuggerPile => false,
        }
    }

    /// Card `c` as `viewer` may read it: its name when `viewer` may see it, otherwise
    /// where it is (a face-down resource by its position in its owner's resource row).
    pub fn card_label(&self, viewer: Seat, c: CardId) -> String {
        if self.visible_to(viewer, c) {
            return self.name(c).to_string();
        }
        let card = self.card(c);
        let owner = &self.players[card.owner];
        match card.zone() {
            Zone::Resources => format!(
                "{}'s face-down resource #{}",
                owner.name,
                owner
                    .resources()
                    .iter()
                    .position(|&r| r == c)
                    .map_or(0, |i| i + 1)
            ),
            Zone::Hand => format!("a card in {}'s hand", owner.name),
            Zone::Deck => format!("a card in {}'s deck", owner.name),
            _ => "a hidden card".to_string(),
        }
    }

    /// Log a sentence naming card `c` (`text` gets the card as the reader may read it):
    /// one public entry when every seat sees `c`, otherwise one entry per seat, so a
    /// card chosen from a hand or among face-down resources is named only to its owner.
    pub fn log_naming(&mut self, c: CardId, text: impl Fn(&GameState, &str) -> String) {
        if !self.log.enabled {
            return;
        }
        let seats = self.players.len();
        if (0..seats).all(|s| self.visible_to(s, c)) {
            self.log(|g| text(g, g.name(c)));
        } else {
            for s in 0..seats {
                self.log_private(s, |g| text(g, &g.card_label(s, c)));
            }
        }
    }

    /// `a` as `viewer` reads it. Cards the action itself reveals (a recruit, a plot
    /// twist, a discard) are named; a card that stays hidden from `viewer` is not.
    pub(crate) fn describe(&self, viewer: Seat, a: &Action) -> String {
        // Revealed by the action: named whoever reads it.
        let n = |c: CardId| self.name(c).to_string();
        // Stays where it is (or goes somewhere hidden): named only when `viewer` sees it,
        // or when `viewer` is the one looking through its own deck (a search).
        let seen = |c: CardId| {
            let card = self.card(c);
            if card.zone() == Zone::Deck
                && card.owner == viewer
                && self.pending_seat() == Some(viewer)
                && matches!(self.pending, Pending::Effect { .. })
            {
                self.name(c).to_string()
            } else {
                self.card_label(viewer, c)
            }
        };
        match a {
            Action::GoFirst(true) => "Go first".into(),
            Action::GoFirst(false) => "Go second".into(),
            Action::PlaceMain(r) => format!("Put your main character in your {}", r.name()),
            Action::Mulligan(true) => "Mulligan (shuffle your hand in, draw seven)".into(),
            Action::Mulligan(false) => "Keep this hand".into(),
            Action::PlayResource {
                card,
                face_up: true,
            } => format!("Play {} face up as a resource", n(*card)),
            Action::PlayResource {
                card,
                face_up: false,
            } if self.visible_to(viewer, *card) => {
                format!("Play {} face down as a resource", n(*card))
            }
            Action::PlayResource { face_up: false, .. } => {
                "Play a card face down as a resource".into()
            }
            Action::Recruit { card, row } => format!(
                "Recruit {} (cost {}) into your {}",
                n(*card),
                self.def(*card).cost.unwrap_or(0),
                row.name()
            ),
            Action::PlayEquipment { card, on } => format!("Equip {} with {}", n(*on), n(*card)),
            Action::PlayPlotTwist { card } => format!("Play plot twist {}", n(*card)),
            Action::UsePower {
                card,
                power,
                payment,
            } => {
                let held = self.powers_of(*card)[*power as usize];
                let pay: Vec<String> = payment
                    .iter()
                    .map(|p| match p {
                        Pay::Flip(l) => format!("turn {} face down", seen(*l)),
                        Pay::Discard(l) => format!("discard {}", n(*l)),
                    })
                    .collect();
                format!(
                    "Use {}'s {} ({})",
                    n(*card),
                    self.power_def(held).name,
                    if pay.is_empty() {
                        "free".into()
                    } else {
                        pay.join(", ")
                    }
                )
            }
            Action::PowerUp { discard, target } => {
                format!("Power-Up {} by discarding {}", n(*target), n(*discard))
            }
            Action::Move { card, row } => format!("Move {} to your {}", seen(*card), row.name()),
            Action::Attack { attacker } => format!("Attack with {}", seen(*attacker)),
            Action::AddAttacker { card } => format!("Add {} to the team attack", seen(*card)),
            Action::Defender { card } => format!(
                "Attack {} ({}'s {})",
                seen(*card),
                self.players[self.card(*card).controller].name,
                self.row_of(*card).map_or("", |r| r.name())
            ),
            Action::StrikeBackAt { card } => {
                format!("The defender strikes back at {}", seen(*card))
            }
            // Set-aside versions are public (Setup p.8); they share a name.
            Action::Choose { card } if matches!(self.pending, Pending::ChooseVersion { .. }) => {
                format!(
                    "Level up into {} ({})",
                    self.name(*card),
                    self.def(*card).number
                )
            }
            Action::Choose { card } => format!("Choose {}", seen(*card)),
            Action::ChoosePlayer { seat } => format!("Choose {}", self.players[*seat].name),
            Action::ChooseRow { row } => format!("The {}", row.name()),
            Action::ChooseName { def } => format!("Name {}", self.db.get(*def).name),
            Action::OrderTrigger { index } => format!(
                "Resolve first: {}",
                self.triggers
                    .get(*index as usize)
                    .map_or("?".into(), |t| self.trigger_text(t))
            ),
            Action::Yes => "Yes".into(),
            Action::No => "No".into(),
            Action::Pass => match (&self.pending, self.phase) {
                (Pending::Act { .. }, _) if self.combat.is_some() => "Pass".into(),
                (Pending::Act { .. }, Phase::Resource) => "Play no resource".into(),
                (Pending::Act { .. }, Phase::Recruit) => "End the Recruit Step".into(),
                (Pending::Act { .. }, Phase::Formation) => "End the Formation Step".into(),
                (Pending::Act { .. }, Phase::Main) => "End your turn".into(),
                _ => "Done".into(),
            },
        }
    }

    /// The question of the pending decision, for the seat that must answer it.
    fn question(&self) -> String {
        match &self.pending {
            Pending::None => "The game is over.".into(),
            Pending::ChooseFirst { .. } => "You were chosen at random: go first or second?".into(),
            Pending::PlaceMain { .. } => "Where does your main character start? The front row \
                 attacks and protects the back row; the back row is safer, but only Ranged \
                 characters attack from it."
                .into(),
            Pending::Mulligan { .. } => "Keep your opening hand or mulligan once?".into(),
            Pending::Act { .. } if self.combat.is_some() => {
                "Combat: play a plot twist, use a Super Power, Power-Up, or pass (the combat \
                 resolves once every player passes in a row)."
                    .into()
            }
            Pending::Act { .. } if self.phase == Phase::Resource => format!(
                "{}: play a card as a resource? Each resource gives 1 recruit point a turn; \
                 a location may go face up, to pay for Super Powers later.",
                self.phase.name()
            ),
            Pending::Act { .. } => format!("{}: what do you do?", self.phase.name()),
            Pending::Declare { .. } => {
                "Choose the defender, or add a teammate to the attack.".into()
            }
            Pending::StrikeBack { .. } => match self.combat.as_ref().and_then(|c| c.defender) {
                Some(d) => format!("Which attacker does {} strike back against?", self.name(d)),
                None => "Which attacker does the defender strike back against?".into(),
            },
            Pending::OrderTriggers { .. } => {
                "Several triggers happened at once: which resolves first?".into()
            }
            Pending::Effect { .. } => self.effect_question(),
            Pending::ChooseVersion { card, .. } => format!(
                "{} levels up: which level {} version replaces it?",
                self.name(*card),
                self.def(*card).level() + 1
            ),
            Pending::Reaction { .. } => match self.reactions.last() {
                Some(w) => format!(
                    "{} used {}: react with a Super Power, or pass?",
                    self.players[w.user].name,
                    self.source_label(&w.frame.source, w.frame.card)
                ),
                None => "An enemy used a Super Power: react?".into(),
            },
        }
    }

    /// Where a resolving effect comes from, in players' words: "Black Widow's Sting",
    /// a plot twist's name, "Wolverine's Berserker".
    fn source_label(&self, source: &EffectSource, card: CardId) -> String {
        match source {
            EffectSource::PlotTwist { def } => self.db.get(*def).name.clone(),
            EffectSource::Power { def, power } | EffectSource::LevelUp { def, power } => {
                let power = &self.db.get(*def).powers[*power as usize].name;
                format!("{}'s {power}", self.name(card))
            }
            EffectSource::Keyword(k) => format!("{}'s {}", self.name(card), k.name()),
            EffectSource::Delayed { parent, .. } => self.source_label(parent, card),
            EffectSource::Rule(RuleChoice::ReturnControl) => {
                format!("{} returns to its controller", self.name(card))
            }
        }
    }

    /// The question of a paused effect: the card and power asking, then what it asks
    /// ("Black Widow's Sting: choose a character").
    pub(crate) fn effect_question(&self) -> String {
        let Some(f) = self.frames.last() else {
            return "Make a choice for the resolving effect.".into();
        };
        let source = self.source_label(&f.source, f.card);
        let what: String = match &f.source {
            EffectSource::Keyword(k) => format!("use {}?", k.name()),
            EffectSource::Rule(RuleChoice::ReturnControl) => "choose the row it returns to".into(),
            _ => match steps_of(&self.db, &f.source).get(f.pc) {
                // Each verb asks its own question.
                Some(step) => step.prompt(self).unwrap_or_default(),
                None => "make a choice".into(),
            },
        };
        format!("{source}: {what}")
    }
}

/// What one seat may see.
#[derive(Debug, Clone, Serialize)]
pub struct View {
    pub seat: Seat,
    pub turn: u32,
    pub turn_player: Seat,
    pub phase: String,
    pub players: Vec<PlayerView>,
    pub combat: Option<String>,
    pub deciding: Option<Seat>,
}

#[derive(Debug, Clone, Serialize)]
pub struct PlayerView {
    pub name: String,
    pub out: bool,
    pub deck_size: usize,
    pub hand_size: usize,
    /// Only the viewer's own hand.
    pub hand: Option<Vec<String>>,
    pub ko_pile: Vec<String>,
    pub front: Vec<CharacterView>,
    pub back: Vec<CharacterView>,
    /// In play order.
    pub resources: Vec<ResourceView>,
    pub recruit_points: u8,
    pub set_aside: Vec<String>,
}

#[derive(Debug, Clone, Serialize)]
pub struct ResourceView {
    /// `None` for another player's face-down resource: only its owner may look at it.
    pub name: Option<String>,
    pub face_up: bool,
}

#[derive(Debug, Clone, Serialize)]
pub struct CharacterView {
    pub id: CardId,
    pub name: String,
    pub main: bool,
    pub level: u8,
    pub atk: i32,
    pub def: i32,
    pub health: i32,
    pub wounds: u8,
    pub xp: u8,
    /// The XP its Level Up power needs (p.20), for a main character that can still level up.
    pub level_up_xp: Option<u8>,
    pub plus: u8,
    pub minus: u8,
    pub stunned: bool,
    pub exhausted: bool,
    pub equipment: Option<String>,
}

impl GameState {
    pub fn make_view(&self, seat: Seat) -> View {
        let players = self
            .players
            .iter()
            .map(|p| {
                let ch = |c: &CardId| {
                    let card = self.card(*c);
                    let (atk, def) = self.stats(*c);
                    CharacterView {
                        id: *c,
                        name: self.name(*c).to_string(),
                        main: card.main,
                        level: self.def(*c).level(),
                        atk,
                        def,
                        health: self.def(*c).health,
                        wounds: card.wounds,
                        xp: card.xp,
                        level_up_xp: self.def(*c).level_up_xp(),
                        plus: card.plus,
                        minus: card.minus,
                        stunned: !card.face_up,
                        exhausted: card.exhausted,
                        equipment: card.equipment.map(|e| self.name(e).to_string()),
                    }
                };
                PlayerView {
                    name: p.name.clone(),
                    out: p.out,
                    deck_size: p.deck().len(),
                    hand_size: p.hand().len(),
                    hand: (p.seat == seat)
                        .then(|| p.hand().iter().map(|&c| self.name(c).to_string()).collect()),
                    ko_pile: p
                        .ko_pile()
                        .iter()
                        .map(|&c| self.name(c).to_string())
                        .collect(),
                    front: p.front().iter().map(ch).collect(),
                    back: p.back().iter().map(ch).collect(),
                    resources: p
                        .resources()
                        .iter()
                        .map(|&r| {
                            let face_up = self.card(r).face_up;
                            ResourceView {
                                name: (face_up || p.seat == seat).then(|| self.name(r).to_string()),
                                face_up,
                            }
                        })
                        .collect(),
                    recruit_points: p.recruit_points,
                    set_aside: p
                        .set_aside()
                        .iter()
                        .filter(|&&c| self.def(c).is_character())
                        .map(|&c| format!("{} L{}", self.name(c), self.def(c).level()))
                        .collect(),
                }
            })
            .collect();
        View {
            seat,
            turn: self.turn,
            turn_player: self.turn_seat,
            phase: self.phase.name().into(),
            players,
            combat: self.combat.as_ref().map(|cb| {
                format!(
                    "{} attacking {}",
                    cb.attackers
                        .iter()
                        .map(|&a| self.name(a))
                        .collect::<Vec<_>>()
                        .join(" + "),
                    cb.defender.map_or("(no defender)", |d| self.name(d))
                )
            }),
            deciding: self.pending_seat(),
        }
    }
}

pub fn render_view(v: &View) -> String {
    use std::fmt::Write;
    let mut s = String::new();
    let _ = writeln!(
        s,
        "Turn {} — {}'s turn — {}",
        v.turn, v.players[v.turn_player].name, v.phase
    );
    for (i, p) in v.players.iter().enumerate() {
        let you = if i == v.seat { " (you)" } else { "" };
        let _ = writeln!(
            s,
            "{}{}{}: deck {}, hand {}, KO pile {}, RP {}",
            p.name,
            you,
            if p.out { " [out]" } else { "" },
            p.deck_size,
            p.hand_size,
            p.ko_pile.len(),
            p.recruit_points
        );
        let row = |cs: &Vec<CharacterView>| {
            cs.iter()
                .map(|c| {
                    let mut t = format!("{} {}/{}", c.name, c.atk.max(0), c.def);
                    if c.main {
                        t += &format!(" L{} XP{}", c.level, c.xp);
                    }
                    if c.wounds > 0 {
                        t += &format!(" W{}/{}", c.wounds, c.health);
                    }
                    if c.plus > 0 {
                        t += &format!(" +{}", c.plus);
                    }
                    if c.minus > 0 {
                        t += &format!(" -{}", c.minus);
                    }
                    if c.stunned {
                        t += " STUNNED";
                    } else if c.exhausted {
                        t += " exhausted";
                    }
                    if let Some(e) = &c.equipment {
                        t += &format!(" [{e}]");
                    }
                    t
                })
                .collect::<Vec<_>>()
                .join(" | ")
        };
        let _ = writeln!(s, "  front: {}", row(&p.front));
        let _ = writeln!(s, "  back:  {}", row(&p.back));
        let res: Vec<String> = p
            .resources
            .iter()
            .map(|r| match (&r.name, r.face_up) {
                (Some(n), true) => n.clone(),
                (Some(n), false) => format!("{n} (face down)"),
                (None, _) => "(face down)".into(),
            })
            .collect();
        let _ = writeln!(s, "  resources: {}", res.join(", "));
        if let Some(h) = &p.hand {
            let _ = writeln!(s, "  hand: {}", h.join(", "));
        }
    }
    if let Some(c) = &v.combat {
        let _ = writeln!(s, "Combat: {c}");
    }
    s
}

/// What players read: every text is written for the seat looking (hidden cards are
/// named by where they are, see [`GameState::log_naming`]).
impl Presentation for GameState {
    type View = View;

    fn view(&self, seat: Seat) -> View {
        self.make_view(seat)
    }

    fn prompt(&self, viewer: Seat) -> Option<String> {
        let seat = self.pending_seat()?;
        // The questions name no card, but only the deciding seat is asked.
        Some(if viewer == seat {
            self.question()
        } else {
            format!("{} decides: {}", self.players[seat].name, self.question())
        })
    }

    fn describe_action(&self, viewer: Seat, action: &Action) -> String {
        self.describe(viewer, action)
    }

    fn render(&self, seat: Seat) -> String {
        render_view(&self.make_view(seat))
    }

    fn log_for(&self, seat: Seat) -> Vec<&LogEntry> {
        self.log
            .entries
            .iter()
            .filter(|e| e.visible_to.is_none_or(|s| s == seat))
            .collect()
    }
}
