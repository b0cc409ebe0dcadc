//! What a card is, as printed (section 2 and 3 of the Comprehensive Rules): name,
//! version, cost, type, affiliations, ATK/DEF, icons and keywords. Stats a source does
//! not give are recorded as unknown: such a card plays in scenarios, and deck checks
//! refuse it by name until a card file supplies the stat.

pub use crate::vocab::*;
use serde::{Deserialize, Serialize};

/// A character's recruit cost (203.4): a number, none at all (203.4d, "costless"), or
/// not known from our sources.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Cost {
    Known(u8),
    Costless,
    Unknown,
}

impl Cost {
    /// The cost where a number is needed; a costless card has none (203.4d), and an
    /// unknown one counts as 0 in scenarios.
    pub fn number(self) -> Option<u8> {
        match self {
            Cost::Known(n) => Some(n),
            Cost::Costless => None,
            Cost::Unknown => Some(0),
        }
    }
}

/// The hidden and visible icons of a character or equipment (212.4, 701.21–22).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Concealment {
    /// Visible icon lit only: enters play in the visible area.
    #[default]
    Visible,
    /// Concealed: hidden icon lit only.
    Concealed,
    /// Concealed—optional: both icons lit.
    Optional,
}

/// The four card types (300.1) and what each prints.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum CardType {
    Character {
        cost: Cost,
        atk: u8,
        def: u8,
        affiliations: Affiliations,
        flight: bool,
        range: bool,
        concealment: Concealment,
    },
    Equipment {
        cost: u8,
        concealment: Concealment,
    },
    Location {
        threshold: u8,
    },
    PlotTwist {
        threshold: u8,
        ongoing: bool,
    },
}

impl CardType {
    pub fn name(&self) -> &'static str {
        match self {
            CardType::Character { .. } => "character",
            CardType::Equipment { .. } => "equipment",
            CardType::Location { .. } => "location",
            CardType::PlotTwist { .. } => "plot twist",
        }
    }

    pub fn is_character(&self) -> bool {
        matches!(self, CardType::Character { .. })
    }

    pub fn kind(&self) -> CardKind {
        match self {
            CardType::Character { .. } => CardKind::Character,
            CardType::Equipment { .. } => CardKind::Equipment,
            CardType::Location { .. } => CardKind::Location,
            CardType::PlotTwist { .. } => CardKind::PlotTwist,
        }
    }
}

/// A stat our sources do not give for a quoted card (docs/vstcg/quoted-cards.md).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Unknown {
    Cost,
    Atk,
    Def,
    Threshold,
    Affiliation,
    Icons,
    Type,
    /// Game text the documents quote only in part, or only describe.
    Text,
}

impl Unknown {
    pub fn name(self) -> &'static str {
        match self {
            Unknown::Cost => "cost",
            Unknown::Atk => "ATK",
            Unknown::Def => "DEF",
            Unknown::Threshold => "threshold",
            Unknown::Affiliation => "affiliation",
            Unknown::Icons => "icons (flight, range, hidden/visible)",
            Unknown::Type => "card type",
            Unknown::Text => "full game text",
        }
    }
}

/// One card as printed.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct CardDef {
    /// The card file's id for it (a set code such as `MOR-001`, or `trn-001`).
    pub id: String,
    pub name: String,
    /// The version line (202); `Army`, `Non-Unique` and `Unique` are versions too.
    pub version: String,
    pub ty: CardType,
    pub keywords: Keywords,
    /// Boost's cost in resource points (706.2), when the card has boost.
    pub boost: u8,
    /// The printed willpower (706.9).
    pub willpower: u8,
    /// A printed limit on copies per deck that overrides the four per deck rule
    /// (101.2, 513.3c).
    pub deck_limit: Option<u8>,
    /// A fictional card of our training set, not a real card.
    pub training: bool,
    /// Stats our sources do not give.
    pub unknown: Vec<Unknown>,
    /// The printed identity (201.6), for a card that has one: "Azrael <> Batman".
    pub identity: Option<String>,
    /// Powers the card language can't express yet, each as the mechanic it needs
    /// (`(unimplemented "needs: ...")`): such a card plays in scenarios with its other
    /// powers, and deck checks refuse it by name.
    pub unimplemented: Vec<String>,
    /// Its powers, in card order (500.4).
    pub powers: Vec<crate::power::PowerDef>,
    /// It has a continuous power (a shortcut: most cards have none, and the stats ask
    /// every object in play).
    pub continuous: bool,
    /// It has a payment power (a shortcut for the priority decisions, 501.3: most cards
    /// have none).
    #[serde(default)]
    pub payment: bool,
    /// It has a payment power that works from the hand (501.5).
    #[serde(default)]
    pub hand_payment: bool,
    /// It has a triggered power (502: most cards have none, and every event asks).
    #[serde(default)]
    pub triggers: bool,
    /// The class and traits of its class tab (207: "Mutant", "Mental"), outside the
    /// text box (207.2).
    #[serde(default)]
    pub traits: Vec<String>,
    /// 212.2: the Marvel and DC characteristics, from every printing of the card (a
    /// card may have both, 212.2b).
    #[serde(default)]
    pub marvel: bool,
    #[serde(default)]
    pub dc: bool,
    /// 202.1a: printed versions beyond the first (`version`).
    #[serde(default)]
    pub more_versions: Vec<String>,
}

impl CardDef {
    /// "Name, Version", the way players write a card.
    pub fn full_name(&self) -> String {
        if self.version.is_empty() {
            self.name.clone()
        } else {
            format!("{}, {}", self.name, self.version)
        }
    }

    /// "Name <> Identity, Version" when the card prints an identity (201.6), else the
    /// full name.
    pub fn display_name(&self) -> String {
        match &self.identity {
            Some(i) if self.version.is_empty() => format!("{} <> {i}", self.name),
            Some(i) => format!("{} <> {i}, {}", self.name, self.version),
            None => self.full_name(),
        }
    }

    /// 201.6: the printed identity: the text after the diamond, or else the printed name.
    pub fn printed_identity(&self) -> &str {
        self.identity.as_deref().unwrap_or(&self.name)
    }

    /// Why the card can't be in a deck that is played: the stats no source gives and
    /// the powers not implemented, or None.
    pub fn unplayable(&self) -> Option<String> {
        let mut why = Vec::new();
        if !self.unknown.is_empty() {
            let u: Vec<&str> = self.unknown.iter().map(|u| u.name()).collect();
            why.push(format!("no source gives its {}", u.join(", ")));
        }
        if !self.unimplemented.is_empty() {
            why.push(format!(
                "a power is not implemented ({})",
                self.unimplemented.join("; ")
            ));
        }
        if why.is_empty() {
            None
        } else {
            Some(why.join(", and "))
        }
    }

    /// 202.4: Army cards are not limited by the four per deck rule nor unique.
    pub fn is_army(&self) -> bool {
        self.version.eq_ignore_ascii_case("army")
    }

    /// 701.15: locations and non-Army characters are unique unless Non-Unique (202.9);
    /// equipment only with the Unique version (202.8); plot twists never.
    pub fn is_unique(&self) -> bool {
        match self.ty {
            CardType::Character { .. } => {
                !self.is_army() && !self.version.eq_ignore_ascii_case("non-unique")
            }
            CardType::Location { .. } => !self.version.eq_ignore_ascii_case("non-unique"),
            CardType::Equipment { .. } => self.version.eq_ignore_ascii_case("unique"),
            CardType::PlotTwist { .. } => false,
        }
    }

    /// The printed cost a cost check reads (203.2), if any.
    pub fn cost(&self) -> Option<u8> {
        match self.ty {
            CardType::Character { cost, .. } => cost.number(),
            CardType::Equipment { cost, .. } => Some(cost),
            CardType::Location { .. } | CardType::PlotTwist { .. } => None,
        }
    }

    /// The threshold cost of a location or plot twist (203.5).
    pub fn threshold(&self) -> Option<u8> {
        match self.ty {
            CardType::Location { threshold } | CardType::PlotTwist { threshold, .. } => {
                Some(threshold)
            }
            _ => None,
        }
    }

    pub fn affiliations(&self) -> Affiliations {
        match self.ty {
            CardType::Character { affiliations, .. } => affiliations,
            _ => Affiliations::NONE,
        }
    }

    pub fn concealment(&self) -> Concealment {
        match self.ty {
            CardType::Character { concealment, .. } | CardType::Equipment { concealment, .. } => {
                concealment
            }
            _ => Concealment::Visible,
        }
    }

    pub fn has(&self, k: Keyword) -> bool {
        self.keywords.has(k)
    }

    pub fn kind(&self) -> CardKind {
        self.ty.kind()
    }

    /// The power at `i`.
    pub fn power(&self, i: u8) -> Option<&crate::power::Power> {
        self.powers.get(i as usize).map(|p| &p.power)
    }

    /// A plot twist's effect (304.3), if it has one.
    pub fn play_effect(&self) -> Option<(&crate::power::Effect, crate::power::Timing)> {
        self.powers.iter().find_map(|p| match &p.power {
            crate::power::Power::Play { effect, timing } => Some((effect, *timing)),
            _ => None,
        })
    }
}
