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
    /// Combo with its requirement, as written (compiled by the ability language).
    Combo(String),
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
