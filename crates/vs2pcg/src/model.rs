//! Card definitions: the facts printed on a card and its powers compiled into a
//! typed ability tree. Card files (see `cardfile/`) compile into these types.

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

/// Team affiliations of the five sets the compiled rulebook covers.
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
        }
    }
    /// Good and Evil (Game Terms p.29).
    pub fn is_good(self) -> bool {
        !matches!(
            self,
            Team::Villains | Team::FemmeFatales | Team::Underworld | Team::Xenomorphs
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
}

impl Keyword {
    /// Every keyword, in the order of the enum (the order card details list them).
    pub const ALL: [Keyword; 23] = [
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
}

/// The steps of a resolving effect, processed in order (Resolving Effects p.22).
/// Impossible steps are skipped; the rest still resolves.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Step {
    /// Choose between `min` and `max` characters matching `filter` into slot `slot`.
    Choose {
        slot: u8,
        filter: Filter,
        min: u8,
        max: u8,
    },
    /// Choose a player into slot `slot`.
    ChoosePlayer {
        slot: u8,
        enemy_only: bool,
    },
    /// Ask "you may ..."; if declined, skip the next `skip` steps.
    May {
        prompt: String,
        skip: u8,
    },
    /// If the condition is false, skip the next `skip` steps.
    If {
        cond: Cond,
        skip: u8,
    },
    PlusCounters {
        who: Who,
        n: Amount,
    },
    MinusCounters {
        who: Who,
        n: Amount,
    },
    /// Put `n` -1/-1 counters divided as the controller chooses among up to `max` characters.
    DivideMinusCounters {
        filter: Filter,
        n: u8,
        max: u8,
    },
    RemovePlusCounters {
        who: Who,
    },
    /// Swap +1/+1 counters for as many -1/-1 counters (or the other way round).
    Transmute {
        who: Who,
    },
    /// A continuous +X/+Y modifier with a duration.
    Modify {
        who: Who,
        atk: Amount,
        def: Amount,
        duration: Duration,
    },
    /// The character strikes with its ATK multiplied this combat.
    StrikeMultiplier {
        who: Who,
        factor: u8,
    },
    /// Switch current ATK and DEF this combat (Trickster God).
    SwapAtkDef {
        who: Who,
    },
    /// Base ATK/DEF become another character's current values (Impersonate).
    SetBaseToCurrent {
        who: Who,
        from: Who,
        duration: Duration,
    },
    /// Current ATK and DEF become base this combat (Even the Odds).
    ResetToBase {
        who: Who,
    },
    GainKeyword {
        who: Who,
        keyword: Keyword,
        duration: Duration,
    },
    /// Loses and can't gain Keyword and Super Powers (Nullify); with `all`, every power
    /// including Level Up (Space Cop: "loses its powers").
    LosePowers {
        who: Who,
        duration: Duration,
        #[serde(default)]
        all: bool,
    },
    Stun {
        who: Who,
    },
    /// Stun these characters with `by` (its first character) as the source of the stun:
    /// it counts as that character stunning them ("when this character stuns",
    /// look-back, "stunned an enemy this turn"), as when it directly stuns (p.17).
    StunBy {
        who: Who,
        by: Who,
    },
    /// These characters can't change rows for a duration: the Formation Step, Mobile,
    /// push, pull and move effects leave them where they are, and a switch with one of
    /// them doesn't happen (Game Terms, Switch).
    CantMove {
        who: Who,
        duration: Duration,
    },
    /// Switch the positions of the first character of `a` and of `b`: each moves to
    /// where the other was, at the same time; if either can't move, neither does
    /// (Game Terms, Switch). Both must be on one side.
    Switch {
        a: Who,
        b: Who,
    },
    /// Search your deck for up to `max` cards matching `what`, put them into your hand
    /// or onto your side (all at once, each in the row you choose), then shuffle
    /// (Searching and Shuffling p.25: for a kind of card you may fail to find; for any
    /// card you must take one if the deck has one).
    SearchDeck {
        what: DeckFilter,
        max: u8,
        to: SearchDest,
    },
    Daze {
        who: Who,
    },
    Wound {
        who: Who,
        n: Amount,
    },
    Heal {
        who: Who,
        n: Amount,
    },
    Ko {
        who: Who,
    },
    Recover {
        who: Who,
    },
    Ready {
        who: Who,
    },
    Exhaust {
        who: Who,
    },
    Freeze {
        who: Who,
    },
    Push {
        who: Who,
    },
    Pull {
        who: Who,
    },
    /// The controller picks front or back row for each.
    MoveRow {
        who: Who,
    },
    /// Return to owner's hand.
    ReturnToHand {
        who: Who,
    },
    Draw {
        player: PlayerWho,
        n: Amount,
    },
    DiscardRandom {
        player: PlayerWho,
        n: Amount,
    },
    /// The player discards a card of their choice.
    Discard {
        player: PlayerWho,
        n: Amount,
    },
    CancelCombat,
    /// This turn, enemies don't strike back in its controller's team attacks.
    NoStrikeBackInTeamAttacks,
    /// Put the top card of your deck into your resource row (face up if a location and you choose).
    TopCardToResources,
    /// Flip a face-down location of yours face up.
    TurnLocationFaceUp,
    /// Turn an enemy face-up location face down.
    TurnEnemyLocationFaceDown,
    /// Return a card of your KO pile to your hand.
    KoPileToHand {
        random: bool,
        n: u8,
    },
    /// Reveal the top n cards, put a character among them into hand, rest on the bottom.
    RevealTopTakeCharacter {
        n: u8,
    },
    /// Look at the top n cards, put one into your hand, the others on the bottom.
    LookTopTakeOne {
        n: u8,
    },
    /// Put this card from your KO pile onto your side.
    SelfFromKoPile,
    /// Remove a defender on your side and replace it with `with` (switching positions).
    ReplaceDefender {
        with: Who,
    },
    /// When this combat is over, enemy characters that survived it are stunned (Ultimate Soldier).
    StunSurvivorsAtEndOfCombat,
    /// While attacking the next time this turn, the source gets +X/+Y.
    NextAttackBonus {
        atk: i32,
        def: i32,
    },
    /// Give every character on your side a keyword this turn.
    TeamGainsKeyword {
        keyword: Keyword,
    },
    /// Cancel the Super Power being reacted to.
    CancelSuperPower,
    /// Shuffle each character in every KO pile into its owner's deck; the count is kept
    /// for `Amount::LastCount`.
    ShuffleKoCharactersIntoDecks,
    /// The source (a main character) becomes level 1.
    RegressSelf,
    /// These main characters become level 1 for a duration; when it ends they progress
    /// back (Regressing/Progressing Main Characters p.22, Hypnotize).
    Regress {
        who: Who,
        duration: Duration,
    },
    /// This character transforms into the card `number` from outside the game (its
    /// owner's set-aside cards): same orientation, counters, equipment and modifiers;
    /// the old card is removed from the game (Transform p.26).
    TransformInto {
        number: String,
    },
    /// Demote a main character to a supporting character, or promote a supporting
    /// character to a main character (Changing Main/Supporting Character Status p.23).
    Demote {
        who: Who,
    },
    Promote {
        who: Who,
    },
    /// If this is your main character: KO it and put `number` from outside the game onto
    /// your side as your new main character, stunned if `stunned` (Sister Ripley).
    ReplaceMainCharacter {
        number: String,
        stunned: bool,
    },
    /// Pay 1 less for the next character you recruit this turn.
    RecruitDiscount,
    /// Take control of the chosen characters until end of turn and ready them.
    MindControl {
        who: Who,
        to_row_choice: bool,
    },
    /// The source gains `n` XP (Level Up powers, p.20).
    GainXp {
        n: Amount,
    },
    /// A delayed trigger (Delayed Trigger Modifiers p.22): from now until `duration`
    /// ends, when `on` happens to the source, `steps` resolve as a trigger. It stops
    /// after firing once unless `repeat`. The slots chosen so far are remembered.
    Delayed {
        on: TriggerOn,
        duration: Duration,
        repeat: bool,
        if_cond: Option<Cond>,
        while_cond: Option<Cond>,
        steps: Vec<Step>,
        /// Watch this character (its first, chosen when the delayed trigger is created)
        /// instead of the power's own: "self" in `on` and the conditions means it.
        #[serde(default)]
        watch: Option<Who>,
    },
    /// Put the trigger's subject ("it": the character that appeared, got stunned, ...)
    /// into slot `slot`.
    TakeSubject {
        slot: u8,
    },
    /// Repeat the next `skip` steps once for each player (each enemy player), with the
    /// player in player slot `slot`; an `EndForEach` closes the loop.
    ForEachPlayer {
        slot: u8,
        enemy_only: bool,
        skip: u8,
    },
    /// The end of a `ForEachPlayer` loop `back` steps before.
    EndForEach {
        back: u8,
    },
    /// Choose a row of a player (an enemy player) into row slot `slot`.
    ChooseRow {
        slot: u8,
        enemy_only: bool,
    },
    /// The controller names a card (any card name of this game) for `HandFilter::Named`.
    NameCard,
    /// The player reveals their hand (everyone sees it).
    RevealHand {
        player: PlayerWho,
    },
    /// The player discards every card of their hand matching `what`; the count is kept
    /// for `Amount::LastCount`.
    DiscardEach {
        player: PlayerWho,
        what: HandFilter,
    },
    /// The player discards one card of their choice matching `what`; the count (0 or 1)
    /// is kept for `Amount::LastCount`.
    DiscardMatching {
        player: PlayerWho,
        what: HandFilter,
    },
    /// Play a plot twist with this timing from your KO pile (its team requirement
    /// applies); after it resolves, shuffle it into your deck instead of KOing it.
    PlayFromKoPile {
        timing: Timing,
    },
    /// The controller KOs one resource (of `whose`, or of any player); only face-down
    /// ones if `face_down_only`.
    KoResource {
        whose: Option<PlayerWho>,
        face_down_only: bool,
    },
    /// Turn a face-up location in a resource row of this side face down.
    TurnLocationFaceDown {
        side: SideFilter,
    },
    /// If this card is in its owner's KO pile, move it there.
    SelfFromKoPileTo {
        dest: KoPileDest,
    },
    /// Put a character card from a KO pile (an enemy player's) onto your side.
    KoPileCharacterToSide {
        enemy_only: bool,
    },
    /// For the rest of the game these characters can attack enemy players (a player can
    /// be attacked only if all of its characters are stunned; defending, it is a 0/1
    /// supporting character with 1 health).
    CanAttackPlayers {
        who: Who,
    },
    /// The source, attacking in this combat, attacks the first character of `who` as
    /// soon as this combat ends (even though it is exhausted).
    AttackImmediately {
        who: Who,
    },
    /// A named Rust hook for behaviour the language can't express.
    Hook(Hook),
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
            Hook::Hatch => "if there's an enemy supporting character, reveal a random card from your Facehugger pile: a Facehugger KOs this Ovomorph, appears in your back row and captures an enemy supporting character",
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
    /// stun, p.16).
    SelfStuns {
        filter: Filter,
    },
    /// This character gets wounded (by a stun's wound or an effect).
    SelfWounded,
    /// A character matching the filter gets wounded (judged just before the wound).
    Wounded {
        filter: Filter,
    },
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
            SelfAppears | OtherAppearsOnYourSide | EnemyAppears => EventKind::Appeared,
            SelfAttacks | SelfTeamAttacks => EventKind::Attacks,
            SelfAttacked { .. } => EventKind::Attacked,
            SelfStunned | SelfStunsEnemy { .. } | EnemyStunned | SelfStuns { .. } => {
                EventKind::Stunned
            }
            SelfKod | EnemyKod => EventKind::Kod,
            StartOfYourTurn => EventKind::StartOfTurn,
            EndOfYourTurn => EventKind::EndOfTurn,
            StartOfYourBuild => EventKind::StartOfBuild,
            StartOfYourMain => EventKind::StartOfMain,
            YouPlayPlotTwist { .. } => EventKind::PlotTwistPlayed,
            YouUseSuperPower | EnemyUsesSuperPower => EventKind::SuperPowerUsed,
            YourCharacterPowersUp => EventKind::PoweredUp,
            CardLeavesYourHand => EventKind::LeftHand,
            YouRecruit | SelfRecruited => EventKind::Recruited,
            YouGainResource => EventKind::ResourceGained,
            SelfSurvives => EventKind::Survived,
            SelfWounded | Wounded { .. } => EventKind::Wounded,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Triggered {
    pub on: TriggerOn,
    /// Intervening "if": checked when it triggers and again when it resolves (p.17).
    pub if_cond: Option<Cond>,
    /// Intervening "while": checked only when it triggers (p.17).
    pub while_cond: Option<Cond>,
    pub effect: Vec<Step>,
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
    /// Where in which file this card was defined, for error messages.
    pub source: String,
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
