//! What one seat may read about the cards it can see: the list a client walks with its
//! card cursor (each card's place, cost, type and whether it can be played now) and one
//! card's detail (its generated text, current ATK/DEF and where the difference from
//! the printed numbers comes from, keywords including granted ones, counters and
//! equipment). Built from the state for a viewing seat: a card that seat cannot see
//! (another hand, a deck, someone else's face-down resource) gives nothing.

use crate::action::Action;
use crate::model::{CardKind, Keyword, PowerBody, Static};
use crate::state::{CardId, GameState, ModKind, Zone};
use crossover_kernel::{Game, Seat};
use serde::Serialize;

/// Every keyword, in the order the detail lists them.
const KEYWORDS: [Keyword; 23] = [
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
    Keyword::Loyalty,
    Keyword::OneOfAKind,
    Keyword::Legion,
];

/// Where a card the viewer can see is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum Place {
    Hand,
    Front,
    Back,
    /// Attached to a character as its equipment.
    Equipment,
    Resource,
    KoPile,
    SetAside,
    /// Anywhere else a decision shows it (a card being recruited or resolving).
    Elsewhere,
}

/// One card the viewer can see, as a card list shows it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SeenCard {
    pub id: CardId,
    pub name: String,
    /// The seat whose card it is (its controller in play, otherwise its owner).
    pub seat: Seat,
    pub place: Place,
    /// "Character", "Main Character", "Plot Twist", "Equipment", "Location".
    pub kind: &'static str,
    pub cost: Option<u8>,
    /// A face-down resource (only its owner sees which card it is).
    pub face_down: bool,
    /// The viewer could play it now: an option of the viewer's decision recruits it or
    /// plays it as equipment or a plot twist.
    pub playable: bool,
}

/// One thing that makes a character's ATK/DEF differ from the printed numbers.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct StatChange {
    /// What it is and where it comes from, e.g. "+1/+1 counters" or "Shield Bash (Captain
    /// America), this turn".
    pub source: String,
    pub atk: i32,
    pub def: i32,
    /// Not a plain addition: "ATK and DEF swapped", "base set to 2/2", "reset to base".
    pub note: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct KeywordSeen {
    pub name: &'static str,
    /// Not printed on the card: given by an equipment, a modifier, its side or a power.
    pub granted: bool,
}

/// Everything the viewer may read about one card.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct CardDetail {
    pub id: CardId,
    pub name: String,
    pub number: String,
    pub kind: &'static str,
    pub place: Place,
    /// The card's text, generated from its definition ([`crate::text::card_text`]), line
    /// by line.
    pub text: Vec<String>,
    pub cost: Option<u8>,
    /// Printed ATK, DEF and health (characters).
    pub printed: Option<(i32, i32, i32)>,
    /// ATK and DEF now (characters).
    pub current: Option<(i32, i32)>,
    pub changes: Vec<StatChange>,
    pub keywords: Vec<KeywordSeen>,
    pub plus: u8,
    pub minus: u8,
    pub wounds: u8,
    pub xp: u8,
    pub level: Option<u8>,
    pub equipment: Option<String>,
    /// For an equipment: the character it is attached to.
    pub attached_to: Option<String>,
    pub stunned: bool,
    pub exhausted: bool,
    pub face_down: bool,
}

fn kind_name(k: &CardKind) -> &'static str {
    match k {
        CardKind::MainCharacter { .. } => "Main Character",
        CardKind::Supporting => "Character",
        CardKind::PlotTwist => "Plot Twist",
        CardKind::Equipment => "Equipment",
        CardKind::Location | CardKind::SpecialLocation => "Location",
    }
}

impl GameState {
    /// Every card `viewer` can see, in reading order: the viewer's hand, then each
    /// player's characters (each followed by its equipment), resources, KO pile and
    /// set-aside cards, then cards the viewer's decision names that are elsewhere.
    pub fn seen_cards(&self, viewer: Seat) -> Vec<SeenCard> {
        let options = self
            .decision()
            .filter(|d| d.seat == viewer)
            .map(|d| d.options)
            .unwrap_or_default();
        let playable = |c: CardId| {
            options.iter().any(|a| match a {
                Action::Recruit { card, .. }
                | Action::PlayEquipment { card, .. }
                | Action::PlayPlotTwist { card } => *card == c,
                _ => false,
            })
        };
        let mut out: Vec<SeenCard> = Vec::new();
        let push = |out: &mut Vec<SeenCard>, c: CardId, place: Place| {
            if !self.visible_to(viewer, c) || out.iter().any(|s| s.id == c) {
                return;
            }
            let card = self.card(c);
            let def = self.def(c);
            out.push(SeenCard {
                id: c,
                name: def.name.clone(),
                seat: if card.zone.in_play() {
                    card.controller
                } else {
                    card.owner
                },
                place,
                kind: kind_name(&def.kind),
                cost: def.cost,
                face_down: place == Place::Resource && !card.face_up,
                playable: place == Place::Hand && playable(c),
            });
        };
        for &c in &self.players[viewer].hand {
            push(&mut out, c, Place::Hand);
        }
        for p in &self.players {
            for (row, place) in [(&p.front, Place::Front), (&p.back, Place::Back)] {
                for &c in row {
                    push(&mut out, c, place);
                    if let Some(e) = self.card(c).equipment {
                        push(&mut out, e, Place::Equipment);
                    }
                }
            }
            for &c in &p.resources {
                push(&mut out, c, Place::Resource);
            }
            for &c in p.ko_pile.iter().rev() {
                push(&mut out, c, Place::KoPile);
            }
            for &c in &p.set_aside {
                push(&mut out, c, Place::SetAside);
            }
        }
        for a in &options {
            for c in a.cards() {
                if (c as usize) < self.cards.len() {
                    push(&mut out, c, Place::Elsewhere);
                }
            }
        }
        out
    }

    /// What `viewer` may read about card `c`; `None` when `viewer` cannot see it (or
    /// there is no such card).
    pub fn card_detail(&self, viewer: Seat, c: CardId) -> Option<CardDetail> {
        if c as usize >= self.cards.len() || viewer >= self.players.len() {
            return None;
        }
        if !self.visible_to(viewer, c) {
            return None;
        }
        let card = self.card(c);
        let def = self.def(c);
        let place = match card.zone {
            Zone::Hand => Place::Hand,
            Zone::Front => Place::Front,
            Zone::Back => Place::Back,
            Zone::Attached => Place::Equipment,
            Zone::Resources => Place::Resource,
            Zone::KoPile => Place::KoPile,
            Zone::SetAside => Place::SetAside,
            _ => Place::Elsewhere,
        };
        let character = def.is_character();
        let in_play = self.is_character_in_play(c);
        let keywords = if character {
            KEYWORDS
                .iter()
                .filter_map(|&k| {
                    let printed = def.powers.iter().any(|p| p.body == PowerBody::Keyword(k));
                    let has = if in_play {
                        self.has_keyword(c, k)
                    } else {
                        printed
                    };
                    has.then_some(KeywordSeen {
                        name: k.name(),
                        granted: !printed,
                    })
                })
                .collect()
        } else {
            Vec::new()
        };
        Some(CardDetail {
            id: c,
            name: def.name.clone(),
            number: def.number.clone(),
            kind: kind_name(&def.kind),
            place,
            text: crate::text::card_text(def)
                .lines()
                .map(str::to_string)
                .collect(),
            cost: def.cost,
            printed: character.then_some((def.atk, def.def, def.health)),
            current: character.then(|| self.stats(c)),
            changes: if character {
                self.stat_changes(c)
            } else {
                Vec::new()
            },
            keywords,
            plus: card.plus,
            minus: card.minus,
            wounds: card.wounds,
            xp: card.xp,
            level: match def.kind {
                CardKind::MainCharacter { level } => Some(level),
                _ => None,
            },
            equipment: card.equipment.map(|e| self.name(e).to_string()),
            attached_to: card.attached_to.map(|a| self.name(a).to_string()),
            stunned: in_play && !card.face_up,
            exhausted: card.exhausted,
            face_down: card.zone == Zone::Resources && !card.face_up,
        })
    }

    /// Where a character's current ATK/DEF differs from the printed numbers, in the
    /// order [`GameState::stats`] applies them: base-setting modifiers, counters, then
    /// modifiers and continuous powers.
    fn stat_changes(&self, c: CardId) -> Vec<StatChange> {
        let card = self.card(c);
        let mut out = Vec::new();
        let by = |source: CardId| self.name(source).to_string();
        for m in self.modifiers_on(c) {
            if let ModKind::SetBase { atk, def } = m.kind {
                out.push(StatChange {
                    source: by(m.source),
                    atk: 0,
                    def: 0,
                    note: Some(format!("base set to {atk}/{def}")),
                });
            }
        }
        if card.plus > 0 {
            let n = card.plus as i32;
            out.push(StatChange {
                source: format!("{n} +1/+1 counter{}", if n == 1 { "" } else { "s" }),
                atk: n,
                def: n,
                note: None,
            });
        }
        if card.minus > 0 {
            let n = card.minus as i32;
            out.push(StatChange {
                source: format!("{n} -1/-1 counter{}", if n == 1 { "" } else { "s" }),
                atk: -n,
                def: -n,
                note: None,
            });
        }
        if !self.is_character_in_play(c) {
            return out;
        }
        for m in self.modifiers_on(c) {
            let (atk, def, note) = match m.kind {
                ModKind::Stats { atk, def } => (atk, def, None),
                ModKind::NextAttack { atk, def } if self.is_attacking(c) => (atk, def, None),
                ModKind::SwapAtkDef => (0, 0, Some("ATK and DEF swapped".to_string())),
                ModKind::ResetToBase => (0, 0, Some("reset to base".to_string())),
                _ => continue,
            };
            out.push(StatChange {
                source: by(m.source),
                atk,
                def,
                note,
            });
        }
        let controller = card.controller;
        for (p, s) in self.static_effects(c) {
            let Static::Stats { atk, def } = &s.effect else {
                continue;
            };
            let holds = s
                .while_cond
                .as_ref()
                .is_none_or(|cond| self.cond_holds(cond, c, controller, None));
            if !holds {
                continue;
            }
            let power = &self.power_def(p).name;
            out.push(StatChange {
                source: format!("{power} ({})", self.name(p.from)),
                atk: self.amount(atk, c, controller, None),
                def: self.amount(def, c, controller, None),
                note: None,
            });
        }
        out
    }
}
