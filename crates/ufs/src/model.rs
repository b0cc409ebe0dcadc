//! Card definitions (B. Card Types, B.6 Common Properties, I. Keywords): the printed
//! facts of a card, as our card files and the OCTGN importer give them.

use serde::{Deserialize, Serialize};
use std::fmt;

/// One of the twelve resource symbols (B.6.6).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Symbol {
    Air,
    Chaos,
    Death,
    Earth,
    Evil,
    Fire,
    Good,
    Life,
    Order,
    Void,
    Water,
    /// The twelfth symbol, written "All" on the cards (not the infinity symbol).
    All,
}

impl Symbol {
    pub const EVERY: [Symbol; 12] = [
        Symbol::Air,
        Symbol::Chaos,
        Symbol::Death,
        Symbol::Earth,
        Symbol::Evil,
        Symbol::Fire,
        Symbol::Good,
        Symbol::Life,
        Symbol::Order,
        Symbol::Void,
        Symbol::Water,
        Symbol::All,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Symbol::Air => "air",
            Symbol::Chaos => "chaos",
            Symbol::Death => "death",
            Symbol::Earth => "earth",
            Symbol::Evil => "evil",
            Symbol::Fire => "fire",
            Symbol::Good => "good",
            Symbol::Life => "life",
            Symbol::Order => "order",
            Symbol::Void => "void",
            Symbol::Water => "water",
            Symbol::All => "all",
        }
    }

    pub fn from_name(word: &str) -> Option<Symbol> {
        Symbol::EVERY
            .into_iter()
            .find(|s| s.name().eq_ignore_ascii_case(word))
    }

    fn bit(self) -> u16 {
        1 << (self as u16)
    }
}

/// A card's resource symbols (B.6.6): a set, since no card has two of one (J.5.2).
/// The infinity symbol is not a symbol but grants all twelve (B.6.6.2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub struct Symbols(u16);

impl Symbols {
    pub const NONE: Symbols = Symbols(0);
    pub const INFINITY: Symbols = Symbols((1 << 12) - 1);

    pub fn with(self, s: Symbol) -> Symbols {
        Symbols(self.0 | s.bit())
    }
    pub fn has(self, s: Symbol) -> bool {
        self.0 & s.bit() != 0
    }
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }
    pub fn shares_with(self, other: Symbols) -> bool {
        self.0 & other.0 != 0
    }
    pub fn intersect(self, other: Symbols) -> Symbols {
        Symbols(self.0 & other.0)
    }
    pub fn union(self, other: Symbols) -> Symbols {
        Symbols(self.0 | other.0)
    }
    pub fn count(self) -> u32 {
        self.0.count_ones()
    }
    pub fn iter(self) -> impl Iterator<Item = Symbol> {
        Symbol::EVERY.into_iter().filter(move |s| self.has(*s))
    }
}

impl fmt::Display for Symbols {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if *self == Symbols::INFINITY {
            return write!(f, "infinity");
        }
        let names: Vec<&str> = self.iter().map(Symbol::name).collect();
        write!(f, "{}", names.join(" "))
    }
}

/// An attack or block zone (B.2.2, G.2.1.2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Zone {
    High,
    Mid,
    Low,
}

impl Zone {
    pub const ALL: [Zone; 3] = [Zone::High, Zone::Mid, Zone::Low];

    pub fn name(self) -> &'static str {
        match self {
            Zone::High => "high",
            Zone::Mid => "mid",
            Zone::Low => "low",
        }
    }
    pub fn from_name(word: &str) -> Option<Zone> {
        [Zone::High, Zone::Mid, Zone::Low]
            .into_iter()
            .find(|z| z.name().eq_ignore_ascii_case(word.trim()))
    }

    /// Whether a block in this zone may block an attack in `attack` (G.2.1.2): a low
    /// attack is blocked low or mid, a high attack high or mid, a mid attack by any.
    pub fn can_block(self, attack: Zone) -> bool {
        match attack {
            Zone::Mid => true,
            Zone::High => matches!(self, Zone::High | Zone::Mid),
            Zone::Low => matches!(self, Zone::Low | Zone::Mid),
        }
    }
}

/// The card types (B.1–B.5).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Kind {
    /// B.1: a character card. `version` is the number of dots beside the name
    /// (B.6.1.1.2).
    Character {
        version: u8,
        hand_size: u8,
        vitality: u8,
    },
    /// B.2: an attack. Speed and damage may be missing (read as 0, J.4.5).
    Attack { zone: Zone, speed: u8, damage: u8 },
    /// B.3.
    Action,
    /// B.4.
    Asset,
    /// B.5.
    Foundation,
}

impl Kind {
    pub fn type_name(&self) -> &'static str {
        match self {
            Kind::Character { .. } => "character",
            Kind::Attack { .. } => "attack",
            Kind::Action => "action",
            Kind::Asset => "asset",
            Kind::Foundation => "foundation",
        }
    }
}

/// Keyword traits (I.1), which have no rules of their own, and keyword abilities
/// (I.3), with their ratings.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Keyword {
    // I.1 keyword traits.
    Ally,
    Charge,
    Fury,
    Kick,
    Punch,
    Ranged,
    Slam,
    Taunt,
    Tech,
    Weapon,
    // I.3 keyword abilities.
    Breaker(u8),
    /// "[Name] Only": the character name.
    Only(String),
    /// Combo (I.3.3) with its requirements, one per preceding card, in card pool
    /// order (ruling UFS-37).
    Combo(Vec<ComboReq>),
    Desperation(u8),
    Ex(u8),
    Flash,
    Gauge(u8),
    Multiple(u8),
    Powerful(u8),
    Reversal,
    /// "[Name] Reversal": a reversal only that character may play (I.3.10 with H.3.1.5).
    ReversalOnly(String),
    Safe,
    Stun(u8),
    Terrain,
    Throw,
    Unique,
    /// A trait without rules that the keyword line carries (Stance, Item, ...), kept
    /// for effects that name it.
    Other(String),
}

/// One card's printed facts and abilities.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct CardDef {
    /// Our id for the card: the set's short prefix and its place in the OCTGN set file ("rva-07").
    pub id: String,
    /// OCTGN's id for the card, which `.o8d` deck files name.
    pub guid: Option<String>,
    /// The card name; for a character, the character name (B.6.1.1.1).
    pub name: String,
    pub kind: Kind,
    pub difficulty: u8,
    pub control: u8,
    /// Block zone and block modifier (B.6.3, B.6.4), when the card has them.
    pub block: Option<(Zone, i8)>,
    pub symbols: Symbols,
    pub keywords: Vec<Keyword>,
    /// The card's printed played abilities, in our card language (H).
    pub abilities: Vec<crate::ability::Ability>,
    /// A printed ability the engine does not play yet, with what it is: a card with
    /// one is not put in a deck to be played (the rules say what to do with it, the
    /// engine does not yet).
    pub missing: Option<String>,
    /// A split card's other half (ruling UFS-31): its type, difficulty, keywords and
    /// abilities. It shares the card's name, control, block and resource symbols, which
    /// the card file does not repeat.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub split: Option<Box<CardDef>>,
}

impl CardDef {
    pub fn is_character(&self) -> bool {
        matches!(self.kind, Kind::Character { .. })
    }

    /// The card name for deck building and "same name" (K.3.2): a character's name
    /// with its version.
    pub fn card_name(&self) -> String {
        match self.kind {
            Kind::Character { version, .. } => format!("{} (version {version})", self.name),
            _ => self.name.clone(),
        }
    }

    pub fn has(&self, k: &Keyword) -> bool {
        self.keywords.contains(k)
    }

    /// An attack with Reversal or a "[Name] Reversal" (I.3.10).
    pub fn is_reversal(&self) -> bool {
        matches!(self.kind, Kind::Attack { .. })
            && self
                .keywords
                .iter()
                .any(|k| matches!(k, Keyword::Reversal | Keyword::ReversalOnly(_)))
    }

    pub fn rating(&self, f: fn(&Keyword) -> Option<u8>) -> Option<u8> {
        self.keywords.iter().find_map(f)
    }
}

/// What a Combo requirement asks of one preceding card's printed values (I.3.3.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ComboWhat {
    /// A card type: "Attack" (with a zone, "Mid Attack": an attack in that zone),
    /// "Action", "Asset", "Foundation".
    Attack,
    Action,
    Asset,
    Foundation,
    /// "Mid Block": a card whose printed block zone is that zone (a zone is required).
    Block,
    /// A keyword the card has printed ("Kick", "Combo", "Powerful" at any rating; a
    /// "[Name] Reversal" is a Reversal, I.2.5). With a zone ("Mid Weapon"): an attack
    /// in that zone with the keyword.
    Trait(ComboTrait),
    /// "3 Damage": that printed value, exactly.
    Value(ComboStat, u8),
}

/// A printed number a Combo requirement names.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ComboStat {
    Damage,
    Speed,
    Difficulty,
    Control,
}

impl ComboStat {
    const ALL: [ComboStat; 4] = [
        ComboStat::Damage,
        ComboStat::Speed,
        ComboStat::Difficulty,
        ComboStat::Control,
    ];
    pub fn name(self) -> &'static str {
        match self {
            ComboStat::Damage => "damage",
            ComboStat::Speed => "speed",
            ComboStat::Difficulty => "difficulty",
            ComboStat::Control => "control",
        }
    }
}

/// The keywords a Combo requirement may name (those of [`Keyword`] but "[Name] Only"
/// and unruled traits).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ComboTrait {
    Ally,
    Charge,
    Fury,
    Kick,
    Punch,
    Ranged,
    Slam,
    Taunt,
    Tech,
    Weapon,
    Breaker,
    Combo,
    Desperation,
    Ex,
    Flash,
    Gauge,
    Multiple,
    Powerful,
    Reversal,
    Safe,
    Stun,
    Terrain,
    Throw,
    Unique,
}

impl ComboTrait {
    const ALL: [ComboTrait; 24] = [
        ComboTrait::Ally,
        ComboTrait::Charge,
        ComboTrait::Fury,
        ComboTrait::Kick,
        ComboTrait::Punch,
        ComboTrait::Ranged,
        ComboTrait::Slam,
        ComboTrait::Taunt,
        ComboTrait::Tech,
        ComboTrait::Weapon,
        ComboTrait::Breaker,
        ComboTrait::Combo,
        ComboTrait::Desperation,
        ComboTrait::Ex,
        ComboTrait::Flash,
        ComboTrait::Gauge,
        ComboTrait::Multiple,
        ComboTrait::Powerful,
        ComboTrait::Reversal,
        ComboTrait::Safe,
        ComboTrait::Stun,
        ComboTrait::Terrain,
        ComboTrait::Throw,
        ComboTrait::Unique,
    ];

    pub fn name(self) -> &'static str {
        match self {
            ComboTrait::Ally => "ally",
            ComboTrait::Charge => "charge",
            ComboTrait::Fury => "fury",
            ComboTrait::Kick => "kick",
            ComboTrait::Punch => "punch",
            ComboTrait::Ranged => "ranged",
            ComboTrait::Slam => "slam",
            ComboTrait::Taunt => "taunt",
            ComboTrait::Tech => "tech",
            ComboTrait::Weapon => "weapon",
            ComboTrait::Breaker => "breaker",
            ComboTrait::Combo => "combo",
            ComboTrait::Desperation => "desperation",
            ComboTrait::Ex => "ex",
            ComboTrait::Flash => "flash",
            ComboTrait::Gauge => "gauge",
            ComboTrait::Multiple => "multiple",
            ComboTrait::Powerful => "powerful",
            ComboTrait::Reversal => "reversal",
            ComboTrait::Safe => "safe",
            ComboTrait::Stun => "stun",
            ComboTrait::Terrain => "terrain",
            ComboTrait::Throw => "throw",
            ComboTrait::Unique => "unique",
        }
    }

    /// Whether the keyword is this one (at any rating).
    pub fn is(self, k: &Keyword) -> bool {
        matches!(
            (self, k),
            (ComboTrait::Ally, Keyword::Ally)
                | (ComboTrait::Charge, Keyword::Charge)
                | (ComboTrait::Fury, Keyword::Fury)
                | (ComboTrait::Kick, Keyword::Kick)
                | (ComboTrait::Punch, Keyword::Punch)
                | (ComboTrait::Ranged, Keyword::Ranged)
                | (ComboTrait::Slam, Keyword::Slam)
                | (ComboTrait::Taunt, Keyword::Taunt)
                | (ComboTrait::Tech, Keyword::Tech)
                | (ComboTrait::Weapon, Keyword::Weapon)
                | (ComboTrait::Breaker, Keyword::Breaker(_))
                | (ComboTrait::Combo, Keyword::Combo(_))
                | (ComboTrait::Desperation, Keyword::Desperation(_))
                | (ComboTrait::Ex, Keyword::Ex(_))
                | (ComboTrait::Flash, Keyword::Flash)
                | (ComboTrait::Gauge, Keyword::Gauge(_))
                | (ComboTrait::Multiple, Keyword::Multiple(_))
                | (ComboTrait::Powerful, Keyword::Powerful(_))
                // I.2.5: "[Name] Reversal" is Reversal with a play restriction before it.
                | (ComboTrait::Reversal, Keyword::Reversal | Keyword::ReversalOnly(_))
                | (ComboTrait::Safe, Keyword::Safe)
                | (ComboTrait::Stun, Keyword::Stun(_))
                | (ComboTrait::Terrain, Keyword::Terrain)
                | (ComboTrait::Throw, Keyword::Throw)
                | (ComboTrait::Unique, Keyword::Unique)
        )
    }
}

/// One requirement of a Combo keyword (I.3.3.1), met by one preceding card's printed
/// values: `[symbol] [zone] what`, as in "[Void] Attack", "Mid Weapon", "3 Damage".
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ComboReq {
    /// "[Void] Attack": the card has that resource symbol printed (the infinity
    /// symbol grants all, B.6.6.2). "[All]" is not read: it could name the symbol All
    /// or any symbol.
    pub symbol: Option<Symbol>,
    pub zone: Option<Zone>,
    pub what: ComboWhat,
}

impl ComboReq {
    /// Reads one requirement from its words, any case ("Mid", "Attack"; "[Void]" as
    /// "[void]" or "void"; "3", "Damage"), or says why not: the engine never guesses.
    pub fn from_words(words: &[&str]) -> Result<ComboReq, String> {
        let said = || words.join(" ");
        let mut rest: Vec<String> = words
            .iter()
            .map(|w| w.trim().to_ascii_lowercase())
            .filter(|w| !w.is_empty())
            .collect();
        let mut symbol = None;
        if let Some(first) = rest.first() {
            let bare = first.trim_start_matches('[').trim_end_matches(']');
            let bracketed = first.starts_with('[') && first.ends_with(']');
            if bracketed || (rest.len() > 1 && Symbol::from_name(bare).is_some()) {
                match Symbol::from_name(bare) {
                    Some(Symbol::All) => {
                        return Err(format!(
                        "the Combo requirement \"{}\": [All] may name the symbol All or any symbol",
                        said()
                    ))
                    }
                    Some(s) => symbol = Some(s),
                    None => {
                        return Err(format!(
                            "the Combo requirement \"{}\": unknown resource symbol",
                            said()
                        ))
                    }
                }
                rest.remove(0);
            }
        }
        let mut zone = None;
        if rest.len() > 1 {
            if let Some(z) = Zone::from_name(&rest[0]) {
                zone = Some(z);
                rest.remove(0);
            }
        }
        let unknown = || {
            Err(format!(
                "the Combo requirement \"{}\" is not one the engine reads",
                said()
            ))
        };
        let what = match rest.as_slice() {
            [n, stat] if n.bytes().all(|b| b.is_ascii_digit()) => {
                let Some(stat) = ComboStat::ALL.into_iter().find(|s| s.name() == stat) else {
                    return unknown();
                };
                let Ok(n) = n.parse::<u8>() else {
                    return unknown();
                };
                ComboWhat::Value(stat, n)
            }
            [w] => match w.as_str() {
                "attack" => ComboWhat::Attack,
                "action" => ComboWhat::Action,
                "asset" => ComboWhat::Asset,
                "foundation" => ComboWhat::Foundation,
                "block" => ComboWhat::Block,
                w => match ComboTrait::ALL.into_iter().find(|t| t.name() == w) {
                    Some(t) => ComboWhat::Trait(t),
                    None => return unknown(),
                },
            },
            _ => return unknown(),
        };
        // A zone goes with an attack, a block or a keyword of an attack; a block needs one.
        let zone_fits = match what {
            ComboWhat::Attack | ComboWhat::Trait(_) => true,
            ComboWhat::Block => zone.is_some(),
            _ => zone.is_none(),
        };
        if !zone_fits {
            return unknown();
        }
        if symbol.is_some() && matches!(what, ComboWhat::Value(..)) {
            return unknown();
        }
        Ok(ComboReq { symbol, zone, what })
    }

    /// Reads the text inside a Combo keyword's parentheses: requirements separated by
    /// commas ("Mid Attack, Mid Attack").
    pub fn parse_list(text: &str) -> Result<Vec<ComboReq>, String> {
        let reqs: Result<Vec<ComboReq>, String> = text
            .split(',')
            .map(|part| ComboReq::from_words(&part.split_whitespace().collect::<Vec<_>>()))
            .collect();
        let reqs = reqs?;
        if reqs.is_empty() {
            return Err("a Combo keyword needs at least one requirement (I.3.3.1)".into());
        }
        Ok(reqs)
    }

    /// The words the card language writes: "[void]"-less, lower case ("void attack",
    /// "mid weapon", "3 damage").
    pub fn words(&self) -> Vec<String> {
        let mut out = Vec::new();
        if let Some(s) = self.symbol {
            out.push(s.name().to_string());
        }
        if let Some(z) = self.zone {
            out.push(z.name().to_string());
        }
        match self.what {
            ComboWhat::Attack => out.push("attack".into()),
            ComboWhat::Action => out.push("action".into()),
            ComboWhat::Asset => out.push("asset".into()),
            ComboWhat::Foundation => out.push("foundation".into()),
            ComboWhat::Block => out.push("block".into()),
            ComboWhat::Trait(t) => out.push(t.name().into()),
            ComboWhat::Value(s, n) => {
                out.push(n.to_string());
                out.push(s.name().into());
            }
        }
        out
    }

    /// As a card prints it: "[Void] Attack", "Mid Weapon", "3 Damage".
    pub fn display(&self) -> String {
        let mut words = self.words();
        if self.symbol.is_some() {
            words[0] = format!("[{}]", capitalise(&words[0]));
        }
        words
            .iter()
            .map(|w| {
                if w.starts_with('[') {
                    w.clone()
                } else {
                    capitalise(w)
                }
            })
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// Whether a card's printed values (`def`) meet this requirement (I.3.3.2).
    pub fn met_by(&self, def: &CardDef) -> bool {
        if let Some(s) = self.symbol {
            if !def.symbols.has(s) {
                return false;
            }
        }
        let attack_zone = match def.kind {
            Kind::Attack { zone, .. } => Some(zone),
            _ => None,
        };
        let zone_ok = |z: Option<Zone>| self.zone.is_none() || z == self.zone;
        match self.what {
            ComboWhat::Attack => attack_zone.is_some() && zone_ok(attack_zone),
            ComboWhat::Action => def.kind == Kind::Action,
            ComboWhat::Asset => def.kind == Kind::Asset,
            ComboWhat::Foundation => def.kind == Kind::Foundation,
            ComboWhat::Block => def.block.is_some_and(|(z, _)| Some(z) == self.zone),
            ComboWhat::Trait(t) => {
                def.keywords.iter().any(|k| t.is(k))
                    && (self.zone.is_none() || (attack_zone.is_some() && zone_ok(attack_zone)))
            }
            ComboWhat::Value(stat, n) => {
                let v = match (stat, &def.kind) {
                    (ComboStat::Damage, Kind::Attack { damage, .. }) => Some(*damage),
                    (ComboStat::Speed, Kind::Attack { speed, .. }) => Some(*speed),
                    (ComboStat::Difficulty, _) => Some(def.difficulty),
                    (ComboStat::Control, _) => Some(def.control),
                    _ => None,
                };
                v == Some(n)
            }
        }
    }
}

fn capitalise(w: &str) -> String {
    let mut c = w.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}

/// Whether the printed values of `preceding` (the cards before this one in the card
/// pool, left to right) meet these requirements: the last requirement is met by the
/// nearest card, the one before it by the card before that (ruling UFS-37).
pub fn combo_met(reqs: &[ComboReq], preceding: &[Option<&CardDef>]) -> bool {
    if reqs.is_empty() || preceding.len() < reqs.len() {
        return false;
    }
    let cards = &preceding[preceding.len() - reqs.len()..];
    reqs.iter()
        .zip(cards)
        .all(|(r, d)| d.is_some_and(|d| r.met_by(d)))
}
