//! Card definitions: the facts printed on a card and its powers compiled into a
//! typed ability tree. Card files (see `cardfile/`) compile into these types; the
//! vocabulary they are made of is `vocab.rs`, and the steps of an effect are the verbs of
//! `verbs/`.

use serde::{Deserialize, Serialize};

pub use crate::verbs::{
    AttackImmediately, CanAttackPlayers, CancelCombat, CancelSuperPower, CantMove, Daze, Demote,
    Discard, DiscardEach, DiscardMatching, DiscardRandom, Draw, Exhaust, Freeze, GainKeyword,
    GainXp, Heal, Ko, KoPileToHand, KoResource, LookTopTakeOne, LosePowers, MindControl,
    MinusCounters, Modify, MoveRow, NameCard, NextAttackBonus, NoStrikeBackInTeamAttacks,
    PlusCounters, Promote, Pull, Push, Ready, Recover, RecruitDiscount, Regress, RegressSelf,
    RemovePlusCounters, ReplaceDefender, ReplaceMainCharacter, ResetToBase, ReturnToHand,
    RevealHand, RevealTopTakeCharacter, RunHook, SelfFromKoPileTo, SetBaseToCurrent,
    ShuffleKoCharactersIntoDecks, Step, StrikeMultiplier, Stun, StunBy, StunSurvivorsAtEndOfCombat,
    SwapAtkDef, Switch, TeamGainsKeyword, TopCardToResources, TransformInto, Transmute,
    TurnEnemyLocationFaceDown, TurnLocationFaceDown, TurnLocationFaceUp, Wound,
};
pub use crate::vocab::*;

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Triggered {
    pub on: TriggerOn,
    /// Intervening "if": checked when it triggers and again when it resolves (p.17).
    pub if_cond: Option<Cond>,
    /// Intervening "while": checked only when it triggers (p.17).
    pub while_cond: Option<Cond>,
    pub effect: Vec<Step>,
    /// "Once per turn": it triggers at most once each turn for its character.
    #[serde(default)]
    pub once_per_turn: crossover_kernel::Added<bool>,
}

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct SuperPower {
    pub timing: Timing,
    pub cost: Vec<Symbol>,
    pub effect: Vec<Step>,
    /// What a Reaction power reacts to.
    pub reaction: Option<TriggerOn>,
    /// "Use this power only while ..." / "only if ...".
    pub only_if: Option<Cond>,
    pub once_per_game: bool,
    /// "Beginning of main phase" powers (Main Phase p.10).
    pub start_of_main_only: bool,
    /// Usable any number of times each turn (Super Powers: otherwise
    /// the same power only once each turn).
    #[serde(default)]
    pub any_number_each_turn: crossover_kernel::Added<bool>,
    /// Usable any number of times on your turn (the card overrides the once-each-turn
    /// rule of Super Powers p.18: The Golden Rules).
    #[serde(default)]
    pub repeatable: crossover_kernel::Added<bool>,
    /// "Use this power only once while this character is Level N": a main character's
    /// levels are different cards, so it is recorded like a once-per-game power of this
    /// card (Once Per Game Restrictions p.19).
    #[serde(default)]
    pub once_per_level: crossover_kernel::Added<bool>,
}

/// Continuous and conditional powers (p.18).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Static {
    /// +X/+Y, where the amount is read live.
    Stats { atk: Amount, def: Amount },
    /// While the condition holds, the character strikes with double ATK.
    DoubleStrike,
    /// Enemy characters can't strike back at this character.
    NoStrikeBack,
    /// Enemy characters can't fly over this character while it's in the front row (Grab).
    Grab,
    /// Each supporting character on your side is also of this team.
    TeamUp(Team),
    /// Enemy supporting characters can't recover.
    EnemySupportCantRecover,
    /// This character appears stunned.
    AppearsStunned,
    /// Has every power of the other face-up supporting characters of this team its controller has.
    CopyTeamPowers(Team),
    /// Can team attack with any main character (Mercenary).
    TeamsWithMainCharacters,
    /// Equipment: the equipped character has these keywords.
    GrantKeyword(Keyword),
    /// Equipment: the equipped character loses and can't gain this keyword.
    DenyKeyword(Keyword),
    /// This character can't attack or strike back (Passive).
    Passive,
    /// This character can't be attacked (it can't be declared the defender).
    CantBeAttacked,
    /// Characters matching the filter (judged from this character's side) can't strike
    /// this character (Innocent Mary: attackers with a -1/-1 counter).
    CantBeStruckBy(Filter),
    /// Any character card may be discarded to power up this character (Power-Ups;
    /// Moon Knight's Multiple Personalities).
    PowerUpWithAnyCharacter,
    /// If this character gets stunned during combat (while it is an attacker or
    /// defender), it doesn't get wounded (glossary Elder of the Universe, During Combat).
    NoWoundIfStunnedInCombat,
    /// Enemy players can't play plot twists.
    EnemiesCantPlayPlotTwists,
    /// Enemy players can't use Super Powers with this symbol in their cost.
    EnemiesCantUseSuperPowers(Symbol),
}

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Conditional {
    pub while_cond: Option<Cond>,
    pub effect: Static,
}

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum PowerBody {
    Keyword(Keyword),
    Super(SuperPower),
    Triggered(Triggered),
    Static(Conditional),
    /// Level Up (n): the trigger gives XP; at n XP the character levels up (p.20). With
    /// no steps the trigger gives 1 XP; otherwise its steps say how much (`GainXp`).
    LevelUp {
        xp: u8,
        trigger: Triggered,
    },
}

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Power {
    pub name: String,
    pub body: PowerBody,
}

/// The names of printed powers a card file leaves unwritten: shown to players, never
/// played. Not part of the card database's fingerprint (the card data a replay names): an
/// unwritten power changes nothing the engine does, and card data saved before these were
/// shown keeps its fingerprint.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Unwritten(pub Vec<String>);

impl std::hash::Hash for Unwritten {
    fn hash<H: std::hash::Hasher>(&self, _: &mut H) {}
}

impl std::ops::Deref for Unwritten {
    type Target = Vec<String>;
    fn deref(&self) -> &Vec<String> {
        &self.0
    }
}

/// One card as printed (with errata), compiled from a card file.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct CardDef {
    /// Collector number, e.g. `mnb-021`.
    pub number: String,
    pub name: String,
    /// A second name (AKA, Game Terms p.28).
    pub aka: Option<String>,
    pub kind: CardKind,
    pub cost: Option<u8>,
    pub atk: i32,
    pub def: i32,
    pub health: i32,
    pub teams: Vec<Team>,
    /// Plot twists with three team symbols (p.16).
    pub triple_team: bool,
    /// Play timing of a plot twist.
    pub timing: Option<Timing>,
    /// Power symbols a location provides (any one of them, for special locations).
    pub symbols: Vec<Symbol>,
    pub powers: Vec<Power>,
    /// Plot twist effect.
    pub effect: Vec<Step>,
    /// The numbers of the other levels of a main character.
    pub levels: Vec<String>,
    /// Equipment can't be played, or card is not tournament legal: informational.
    pub banned: bool,
    /// The card starts the game in its owner's Facehugger pile, not in the deck
    /// (Facehuggers and Capturing Characters p.24).
    #[serde(default)]
    pub pile: bool,
    /// Where this card was defined (file name and line), for error messages.
    pub source: String,
    /// Printed powers (or a plot twist's effect) not yet written in the card language:
    /// shown as such to players, never played (`(omit "Name" "why")`).
    #[serde(default)]
    pub omitted: Unwritten,
    /// A token card (Token Characters p.26): it stands for a token character a power
    /// creates, and is not a game card for a deck.
    #[serde(default)]
    pub token: crossover_kernel::Added<bool>,
}

impl CardDef {
    pub fn is_character(&self) -> bool {
        matches!(
            self.kind,
            CardKind::MainCharacter { .. } | CardKind::Supporting
        )
    }
    pub fn is_location(&self) -> bool {
        matches!(self.kind, CardKind::Location | CardKind::SpecialLocation)
    }
    pub fn level(&self) -> u8 {
        match self.kind {
            CardKind::MainCharacter { level } => level,
            _ => 0,
        }
    }
    /// The XP its Level Up power needs (p.20); `None` for a card that can't level up.
    pub fn level_up_xp(&self) -> Option<u8> {
        self.powers.iter().find_map(|p| match p.body {
            PowerBody::LevelUp { xp, .. } => Some(xp),
            _ => None,
        })
    }
    pub fn printed_keywords(&self) -> impl Iterator<Item = Keyword> + '_ {
        self.powers.iter().filter_map(|p| match p.body {
            PowerBody::Keyword(k) => Some(k),
            _ => None,
        })
    }
    pub fn has_printed_keyword(&self, k: Keyword) -> bool {
        self.printed_keywords().any(|x| x == k)
    }
    /// Names this card counts as having: its name and its AKA (Game Terms p.28).
    pub fn names(&self) -> impl Iterator<Item = &str> {
        std::iter::once(self.name.as_str()).chain(self.aka.as_deref())
    }
    pub fn shares_name_with(&self, other: &CardDef) -> bool {
        self.names().any(|a| other.names().any(|b| a == b))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every hook is found by its name, and serialises as that name.
    #[test]
    fn hooks_are_named_by_their_card_file_word() {
        for h in Hook::ALL {
            assert_eq!(Hook::from_name(h.name()), Some(h));
            assert_eq!(
                serde_json::to_string(&h).unwrap(),
                format!("\"{}\"", h.name())
            );
        }
        assert_eq!(Hook::from_name("no-such-hook"), None);
    }

    /// A hook hashes like the string it was before it was an enum, so card database
    /// fingerprints (written in replays) and state hashes did not change.
    #[test]
    fn a_hook_hashes_as_its_name_did() {
        for h in Hook::ALL {
            assert_eq!(
                crossover_kernel::stable_hash(&h),
                crossover_kernel::stable_hash(&h.name().to_string())
            );
        }
    }
}
