//! The vocabulary of the card language: the facts printed on cards (symbols, teams,
//! kinds, keywords) and the parts the steps of an effect are made of (filters, amounts,
//! durations, conditions, who and which player, what a trigger listens for). The verbs
//! (`verbs/`) and the card model (`model.rs`) are built from these.

use serde::{Deserialize, Serialize};

/// The six power symbols (Resources and Locations p.25).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Symbol {
    Energy,
    Intellect,
    Might,
    Skill,
    Alien,
    Humanity,
}

impl Symbol {
    pub const ALL: [Symbol; 6] = [
        Symbol::Energy,
        Symbol::Intellect,
        Symbol::Might,
        Symbol::Skill,
        Symbol::Alien,
        Symbol::Humanity,
    ];
    pub fn name(self) -> &'static str {
        match self {
            Symbol::Energy => "Energy",
            Symbol::Intellect => "Intellect",
            Symbol::Might => "Might",
            Symbol::Skill => "Skill",
            Symbol::Alien => "Alien",
            Symbol::Humanity => "Humanity",
        }
    }
}

/// Team affiliations of the five sets the compiled rulebook covers, then those of the
/// later sets `crossover cards import vs2pcg` reads (added at the end, so the earlier
/// teams keep their hashes and every existing card its fingerprint).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Team {
    Avengers,
    XMen,
    Guardians,
    Villains,
    Defenders,
    AForce,
    Underworld,
    FemmeFatales,
    Company,
    Xenomorphs,
    Babyfaces,
    Heels,
    TheBoys,
    TheSeven,
    SpiderFriends,
    SinisterSyndicate,
    Brotherhood,
    McuHeroes,
    McuVillains,
    Fantastic,
    Frightful,
    ProRegistration,
    AntiRegistration,
}

impl Team {
    pub fn name(self) -> &'static str {
        match self {
            Team::Avengers => "Avengers",
            Team::XMen => "X-Men",
            Team::Guardians => "Guardians",
            Team::Villains => "Supervillains",
            Team::Defenders => "Defenders",
            Team::AForce => "A-Force",
            Team::Underworld => "Underworld",
            Team::FemmeFatales => "Femme Fatales",
            Team::Company => "The Company",
            Team::Xenomorphs => "Xenomorphs",
            Team::Babyfaces => "Babyfaces",
            Team::Heels => "Heels",
            Team::TheBoys => "The Boys",
            Team::TheSeven => "The Seven",
            Team::SpiderFriends => "Spider-Friends",
            Team::SinisterSyndicate => "Sinister Syndicate",
            Team::Brotherhood => "Brotherhood of Mutants",
            Team::McuHeroes => "MCU Heroes",
            Team::McuVillains => "MCU Villains",
            Team::Fantastic => "Fantastic",
            Team::Frightful => "Frightful",
            Team::ProRegistration => "Pro-Registration",
            Team::AntiRegistration => "Anti-Registration",
        }
    }
    /// Good and Evil (Game Terms p.29; for the later sets, what their cards' Good/Evil
    /// line says of every character of the team).
    pub fn is_good(self) -> bool {
        !matches!(
            self,
            Team::Villains
                | Team::FemmeFatales
                | Team::Underworld
                | Team::Xenomorphs
                | Team::Heels
                | Team::TheSeven
                | Team::SinisterSyndicate
                | Team::Brotherhood
                | Team::McuVillains
                | Team::Frightful
        )
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum CardKind {
    MainCharacter { level: u8 },
    Supporting,
    PlotTwist,
    Equipment,
    Location,
    SpecialLocation,
}

/// "Select Keyword Powers" (p.31) plus the keywords defined elsewhere in the rulebook
/// (Flight, Ranged, Stealth, Mobile) and the deck-building keywords.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Keyword {
    Flight,
    Ranged,
    Stealth,
    Mobile,
    Berserker,
    Creature,
    Dodge,
    Ferocious,
    Hex,
    Inspire,
    Leader,
    Leap,
    Lethal,
    Monstrous,
    Schemer,
    Shrink,
    Swarm,
    Symbiosis,
    Tough,
    WakingNightmare,
    Loyalty,
    OneOfAKind,
    Legion,
    /// Can't move in its controller's Formation Step (glossary Immobile).
    Immobile,
}

impl Keyword {
    /// Every keyword, in the order of the enum (the order card details list them).
    pub const ALL: [Keyword; 24] = [
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
        Keyword::Immobile,
    ];

    /// The event a keyword that triggers listens for (`triggers::keyword_trigger`).
    pub fn trigger_event(self) -> Option<EventKind> {
        match self {
            Keyword::Berserker => Some(EventKind::Attacks),
            Keyword::Inspire => Some(EventKind::Appeared),
            Keyword::Shrink => Some(EventKind::Attacked),
            Keyword::Schemer => Some(EventKind::PlotTwistPlayed),
            _ => None,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Keyword::Flight => "Flight",
            Keyword::Ranged => "Ranged",
            Keyword::Stealth => "Stealth",
            Keyword::Mobile => "Mobile",
            Keyword::Berserker => "Berserker",
            Keyword::Creature => "Creature",
            Keyword::Dodge => "Dodge",
            Keyword::Ferocious => "Ferocious",
            Keyword::Hex => "Hex",
            Keyword::Inspire => "Inspire",
            Keyword::Leader => "Leader",
            Keyword::Leap => "Leap",
            Keyword::Lethal => "Lethal",
            Keyword::Monstrous => "Monstrous",
            Keyword::Schemer => "Schemer",
            Keyword::Shrink => "Shrink",
            Keyword::Swarm => "Swarm",
            Keyword::Symbiosis => "Symbiosis",
            Keyword::Tough => "Tough",
            Keyword::WakingNightmare => "Waking Nightmare",
            Keyword::Loyalty => "Loyalty",
            Keyword::OneOfAKind => "One of a Kind",
            Keyword::Legion => "Legion",
            Keyword::Immobile => "Immobile",
        }
    }
    /// Creature and Swarm "can't be turned off" (p.31).
    pub fn cant_be_turned_off(self) -> bool {
        matches!(self, Keyword::Creature | Keyword::Swarm)
    }
}

/// When a plot twist or Super Power may be used (Playing Plot Twists p.16, Super Powers p.18).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Timing {
    Build,
    Main,
    /// "Combat"; `any_turn` is the Any-Turn symbol; `any_combat` lets a Super Power be
    /// used in a combat its character is not part of.
    Combat {
        any_turn: bool,
        any_combat: bool,
    },
    /// Reaction powers: usable when their condition is met (p.19).
    Reaction,
}

/// Which side of the table a filter accepts, from the point of view of the power's controller.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
pub enum SideFilter {
    #[default]
    Any,
    Yours,
    Enemy,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
pub enum KindFilter {
    #[default]
    Any,
    Main,
    Supporting,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
pub enum FaceFilter {
    /// Face-up characters (the default: most powers can only pick face-up characters).
    #[default]
    Up,
    Stunned,
    Any,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum RoleFilter {
    InCombat,
    Attacker,
    Defender,
}

/// "a face-up enemy supporting character with cost 3 or less" and friends.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
pub struct Filter {
    pub side: SideFilter,
    pub kind: KindFilter,
    pub face: FaceFilter,
    pub row: Option<crate::ids::Row>,
    pub role: Option<RoleFilter>,
    pub max_cost: Option<u8>,
    pub team: Option<Team>,
    /// Not the source of the power ("another character").
    pub other: bool,
    pub has_plus_counter: bool,
    pub has_keyword: Option<Keyword>,
    /// Not an attacker or defender ("a different character", Uncanny Defense).
    #[serde(default)]
    pub not_in_combat: bool,
    /// Controlled by this player ("one of their supporting characters"). Read from the
    /// resolving effect, so only `choose` and `each` in steps may use it.
    #[serde(default)]
    pub of_player: Option<PlayerRef>,
    /// In the row chosen into row slot `n` by an earlier `ChooseRow` (steps only).
    #[serde(default)]
    pub in_row: Option<u8>,
    /// `Some(true)`: exhausted (turned on its side); `Some(false)`: ready (upright)
    /// (glossary Ready/Exhausted).
    #[serde(default)]
    pub must_be_exhausted: crossover_kernel::Added<Option<bool>>,
    /// Has a -1/-1 counter.
    #[serde(default)]
    pub has_minus_counter: crossover_kernel::Added<bool>,
    /// Has one of these names (its name or AKA: glossary "Card Name"); empty: any name.
    #[serde(default)]
    pub named: crossover_kernel::Added<Vec<String>>,
    /// Has none of these names ("other than Cyclops or Havok").
    #[serde(default)]
    pub not_named: crossover_kernel::Added<Vec<String>>,
    /// Not protected (Protection, Game Terms).
    #[serde(default)]
    pub unprotected: crossover_kernel::Added<bool>,
    /// Shares a name with a character (Uniqueness p.24: a name or an AKA): `same-name`,
    /// with the power's own character (itself included unless `other`);
    /// `(same-name-as SLOT)`, with the character chosen into that slot (not itself).
    #[serde(default)]
    pub same_name: crossover_kernel::Added<Option<SameName>>,
}

/// Whose name a `same-name` filter word compares with.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum SameName {
    /// The power's own character.
    AsSelf,
    /// The first character in slot `n` (steps only); that character itself doesn't match.
    AsSlot(u8),
}

/// A player a filter refers to, read from the resolving effect.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum PlayerRef {
    /// The player chosen into player slot `n`.
    Chosen(u8),
    /// The controller of the first character in slot `n`.
    ControllerOf(u8),
    /// The defending player of the current combat (their whole side).
    DefendingPlayer,
}

/// Which cards of a hand a discard step takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum HandFilter {
    /// Any card.
    Cards,
    PlotTwists,
    /// Cards with the name chosen by an earlier `NameCard`.
    Named,
    /// Cards whose cost is at least the cost of the first character in slot `n`
    /// (a card without a cost counts 0).
    CostAtLeastOf(u8),
}

/// Which cards of a deck a `SearchDeck` step looks for.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
pub struct DeckFilter {
    /// Any card: the player must take one if the deck has one (p.25).
    pub any: bool,
    /// Only cards of these kinds (empty: every kind).
    pub kinds: Vec<DeckKind>,
    pub max_cost: Option<u8>,
    pub team: Option<Team>,
    /// Only cards with this card's name (a copy of it).
    pub same_name_as_self: bool,
}

/// A kind of card for `DeckFilter`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum DeckKind {
    /// Main or supporting character card.
    Character,
    Supporting,
    PlotTwist,
    Equipment,
    Location,
}

/// Where a `SearchDeck` step puts what it found.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum SearchDest {
    Hand,
    /// Onto your side, all found cards at once, each in a row you choose (characters only).
    Side,
}

/// Where a card in its owner's KO pile goes (`SelfFromKoPileTo`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum KoPileDest {
    /// Shuffled into its owner's deck.
    Deck,
    /// Face down into its owner's resource row.
    Resources,
}

/// How many: a fixed number or a count read from the game.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Amount {
    Fixed(i32),
    /// Resources on the controller's side.
    ResourcesOnYourSide,
    /// Characters on the battlefield matching a filter.
    CountCharacters(Filter),
    /// Wounds on the power's source.
    WoundsOnSelf,
    /// The number of +1/+1 counters removed by the last step.
    LastCount,
    /// Character cards in the controller's KO pile that are Good (`good`) or Evil:
    /// on at least one team of that kind (Game Terms, Good and Evil).
    CountKoPile {
        good: bool,
    },
    /// The source's current ATK (`atk: true`) or DEF, read as the step resolves (the
    /// information is locked in, Resolving Effects).
    SelfCurrent {
        atk: bool,
    },
    /// The printed health of the first card in slot `n` (in play or not).
    HealthOf(u8),
    /// The +1/+1 counters on those characters, all together.
    PlusCountersOn(Who),
    /// The -1/-1 counters on those characters, all together.
    MinusCountersOn(Who),
    /// How much ATK the power's character needs to reach the ATK of the first character
    /// in slot `n` (0 if it has as much already): "gains ATK until her ATK is the same".
    AtkToMatch(u8),
    /// How many more cards you have in hand than that player (0 if not more).
    HandSizeDifference(PlayerWho),
}

/// How long a continuous modifier from a resolving effect lasts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Duration {
    ThisCombat,
    ThisTurn,
    /// Until the source of the effect gets stunned or leaves play (Cosmo's Nullify).
    UntilSourceStunnedOrLeaves,
    /// Until the start of the next turn.
    UntilStartOfNextTurn,
    /// No duration: until the character leaves play or the game ends (p.21).
    Permanent,
}

/// Where the chosen or referred-to characters come from in an effect.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Who {
    /// The power's own character (for equipment: the equipped character).
    This,
    /// The characters chosen into slot `n` by an earlier `Choose`.
    Chosen(u8),
    /// Every character matching the filter when the step resolves.
    Each(Filter),
}

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum PlayerWho {
    You,
    /// The player chosen into slot `n` by an earlier `ChoosePlayer`.
    Chosen(u8),
    EachEnemy,
    /// The controller of the first character in slot `n`.
    ControllerOf(u8),
}

/// A condition tested by an intervening "if", a "use only while", a conditional
/// power's "while", or an `If` step.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Cond {
    Not(Box<Cond>),
    All(Vec<Cond>),
    SelfStunned,
    SelfFaceUp,
    SelfWounded,
    SelfAttacking,
    SelfDefending,
    SelfTeamAttacking,
    SelfSoloAttacking,
    SelfInFrontRow,
    /// The source is attacking a main character.
    SelfAttackingMain,
    /// The source is attacking a character in a back row.
    SelfAttackingBackRow,
    /// The source is protecting a character (Protection, Game Terms).
    SelfProtecting,
    SelfStunnedEnemyThisTurn,
    SelfIsYourMainCharacter,
    /// This is a ranged attack.
    RangedCombat,
    HandEmpty,
    /// Every character of some enemy player is stunned.
    SomeEnemyAllStunned,
    NoAttacksThisTurn,
    /// Chosen slot `n` is non-empty.
    Chose(u8),
    /// The power's cost was paid at least in part by discarding a location (Amplify).
    Amplified,
    /// The count kept by the last counting step (discards, KO pile shuffles, ...) is at
    /// least `n` ("if you do").
    LastCountAtLeast(u8),
    /// The current combat has resolved its strikes normally (not cancelled): checked
    /// with `SelfAttacking`, the source survived it.
    CombatResolved,
    /// It is an enemy player's turn (the turn player is an enemy of the power's
    /// controller; in 2-Headed Teammates, of its side).
    EnemyTurn,
    /// The source is attacking, and the character it attacks (the defender) matches the
    /// filter (Pounce: "attacking an exhausted character").
    SelfAttackingMatching(Filter),
    /// The source has at least `n` +1/+1 counters.
    SelfPlusCountersAtLeast(u8),
    /// Every enemy character (of every enemy player) is stunned.
    AllEnemyCharactersStunned,
    /// The source is an attacker or the defender of the current combat.
    SelfInCombat,
    /// At least `n` characters on your side share a team affiliation.
    SameTeamOnYourSideAtLeast(u8),
    /// A basic location of this symbol is in your resource row (glossary Locations).
    LocationOnYourSide(Symbol),
    /// The combat is a team attack (Team Attacks p.11: more than one attacker now).
    TeamAttack,
    /// The source is attacking a character that is exhausted.
    SelfAttackingExhausted,
    /// Your main character is Evil (Game Terms: Good and Evil).
    YourMainEvil,
    /// Your main character is level `n` or higher.
    YourMainLevelAtLeast(u8),
    /// The defender of the combat is on your side.
    DefenderYours,
    /// The source is in its side's back row.
    SelfInBackRow,
}

/// A behaviour the card language can't express, implemented in Rust (`hooks.rs`) and
/// named in a card file as `(hook NAME)`; a card naming an unknown hook is refused at
/// load.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Hook {
    NoWoundThisCombat,
    TakeAimRangedNoStrikeBack,
    StunUnlessControllerDiscardsRandom,
    NextTeamAttackCounters,
    Hatch,
    Burst,
    CounterOnEachOtherSameName,
}

impl Hook {
    pub const ALL: [Hook; 7] = [
        Hook::NoWoundThisCombat,
        Hook::TakeAimRangedNoStrikeBack,
        Hook::StunUnlessControllerDiscardsRandom,
        Hook::NextTeamAttackCounters,
        Hook::Hatch,
        Hook::Burst,
        Hook::CounterOnEachOtherSameName,
    ];

    /// The name a card file writes.
    pub fn name(self) -> &'static str {
        match self {
            Hook::NoWoundThisCombat => "no-wound-this-combat",
            Hook::TakeAimRangedNoStrikeBack => "take-aim-ranged-no-strike-back",
            Hook::StunUnlessControllerDiscardsRandom => "stun-unless-controller-discards-random",
            Hook::NextTeamAttackCounters => "next-team-attack-counters",
            Hook::Hatch => "hatch",
            Hook::Burst => "burst",
            Hook::CounterOnEachOtherSameName => "counter-on-each-other-same-name",
        }
    }

    /// The card behaviour it implements, as players read it.
    pub fn description(self) -> &'static str {
        match self {
            Hook::NoWoundThisCombat => "if this character gets stunned during this combat, it doesn't receive a wound",
            Hook::TakeAimRangedNoStrikeBack => "the next time it attacks this turn, should that attack be ranged, no Ranged enemy strikes back at it",
            Hook::StunUnlessControllerDiscardsRandom => "stun that character unless its controller discards a random card",
            Hook::NextTeamAttackCounters => "the next team attack your characters make this turn gives each of them a +1/+1 counter",
            Hook::Hatch => "if any enemy has a supporting character in play, a card picked at random from your Facehugger pile is revealed: a Facehugger KOs this Ovomorph, appears in your back row and captures an enemy supporting character",
            Hook::Burst => "you may pay an [Alien]; if you do, KO this character, put its captive into its owner's KO pile, and you may put a Xenomorphs character from your hand into your back row",
            Hook::CounterOnEachOtherSameName => "each other character you control with this name gets a +1/+1 counter",
        }
    }

    pub fn from_name(name: &str) -> Option<Hook> {
        Hook::ALL.into_iter().find(|h| h.name() == name)
    }
}

/// Hashed as its name, the way the hook was stored before it was an enum, so that
/// card database fingerprints (and so replays and state hashes) stay what they were.
impl std::hash::Hash for Hook {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.name().hash(state)
    }
}

/// What a triggered power listens for (Triggers p.16).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum TriggerOn {
    SelfAppears,
    /// Another character appears on your side.
    OtherAppearsOnYourSide,
    EnemyAppears,
    SelfAttacks,
    SelfTeamAttacks,
    /// This character is attacked (declared as defender).
    SelfAttacked {
        first_each_turn: bool,
    },
    SelfStunned,
    SelfKod,
    /// This character stuns an enemy character; options narrow it down.
    SelfStunsEnemy {
        team_attacking: bool,
        solo_defender: bool,
        main_only: bool,
    },
    EnemyStunned,
    EnemyKod,
    StartOfYourTurn,
    EndOfYourTurn,
    StartOfYourBuild,
    StartOfYourMain,
    YouPlayPlotTwist {
        first_each_turn: bool,
    },
    YouUseSuperPower,
    EnemyUsesSuperPower,
    /// A character on your side Powers Up.
    YourCharacterPowersUp,
    /// A card leaves your hand.
    CardLeavesYourHand,
    YouRecruit,
    /// You recruit this very card: it resolves before the card appears (p.18).
    SelfRecruited,
    YouGainResource,
    /// This character survives a combat.
    SelfSurvives,
    /// This character stuns a character matching the filter (judged just before the
    /// stun, p.16); `in_combat`: by striking it in combat (Godslayer Blade's errata),
    /// not by a power or a daze, in combat or out.
    SelfStuns {
        filter: Filter,
        #[serde(default)]
        in_combat: crossover_kernel::Added<bool>,
    },
    /// This character gets wounded (by a stun's wound or an effect).
    SelfWounded,
    /// A character matching the filter gets wounded (judged just before the wound).
    Wounded {
        filter: Filter,
    },
    /// A character matching the filter appears (glossary Appears: enters play, from
    /// hand or by a modifier; changing sides is not appearing). Without `other`, the
    /// power's own character appearing counts too.
    Appears {
        filter: Filter,
    },
    /// This character gets powered-up (Power-Ups).
    SelfPowersUp,
    /// You draw one or more cards (one event per draw: the Draw Phase's, an effect's).
    YouDraw,
    /// Another character on your side gets KO'd (its side as it was KO'd).
    OtherYoursKod,
    /// This character KOs an enemy character (it is the source of the KO: a stun's
    /// wound, a wound or a KO by its power; the side judged as the KO happens).
    SelfKosEnemy,
    /// This character is a source of the KO of a character matching the filter (When
    /// this Character Stuns/KO triggers p.17; the filter judges it just before the KO,
    /// or before the stun whose wound KO'd it).
    SelfKos {
        filter: Filter,
    },
    /// You use a Super Power with this symbol in its cost (Super Powers p.18).
    YouUseSuperPowerWith(Symbol),
    /// Characters on your side team attack (Team Attacks).
    YouTeamAttack,
}

/// The kinds of events triggers listen for (`triggers::Event`), so the card database
/// can say which kinds a card could ever react to and an event skips the other cards.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EventKind {
    Appeared,
    Attacks,
    Attacked,
    Stunned,
    Kod,
    StartOfTurn,
    EndOfTurn,
    StartOfBuild,
    StartOfMain,
    PlotTwistPlayed,
    SuperPowerUsed,
    PoweredUp,
    LeftHand,
    Recruited,
    ResourceGained,
    Survived,
    Wounded,
    Drew,
}

impl EventKind {
    pub fn bit(self) -> u32 {
        1 << self as u32
    }
}

impl TriggerOn {
    /// The one kind of event this trigger condition can match.
    pub fn event(&self) -> EventKind {
        use TriggerOn::*;
        match self {
            SelfAppears | OtherAppearsOnYourSide | EnemyAppears | Appears { .. } => {
                EventKind::Appeared
            }
            SelfAttacks | SelfTeamAttacks | YouTeamAttack => EventKind::Attacks,
            SelfAttacked { .. } => EventKind::Attacked,
            SelfStunned | SelfStunsEnemy { .. } | EnemyStunned | SelfStuns { .. } => {
                EventKind::Stunned
            }
            SelfKod | EnemyKod | OtherYoursKod | SelfKosEnemy | SelfKos { .. } => EventKind::Kod,
            StartOfYourTurn => EventKind::StartOfTurn,
            EndOfYourTurn => EventKind::EndOfTurn,
            StartOfYourBuild => EventKind::StartOfBuild,
            StartOfYourMain => EventKind::StartOfMain,
            YouPlayPlotTwist { .. } => EventKind::PlotTwistPlayed,
            YouUseSuperPower | EnemyUsesSuperPower | YouUseSuperPowerWith(_) => {
                EventKind::SuperPowerUsed
            }
            YourCharacterPowersUp | SelfPowersUp => EventKind::PoweredUp,
            CardLeavesYourHand => EventKind::LeftHand,
            YouRecruit | SelfRecruited => EventKind::Recruited,
            YouGainResource => EventKind::ResourceGained,
            SelfSurvives => EventKind::Survived,
            SelfWounded | Wounded { .. } => EventKind::Wounded,
            YouDraw => EventKind::Drew,
        }
    }
}
