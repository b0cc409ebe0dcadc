//! Card definitions: what a card file compiles to. Names follow the Rules Reference
//! (RR): a card has a [`Kind`] (CARD TYPES) with its printed stats, icons (resources,
//! boost, scheme icons), keywords (KEYWORDS) and [`Ability`]s whose kinds are the bold
//! timing triggers of TRIGGERED ABILITY. Effects are sequences of [`Step`]s.

use serde::{Deserialize, Serialize};

/// The resource types of RESOURCE and WILD RESOURCE.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, PartialOrd, Ord)]
pub enum Resource {
    Energy,
    Mental,
    Physical,
    Wild,
}

impl Resource {
    pub const ALL: [Resource; 4] = [
        Resource::Energy,
        Resource::Mental,
        Resource::Physical,
        Resource::Wild,
    ];
    pub fn word(self) -> &'static str {
        match self {
            Resource::Energy => "energy",
            Resource::Mental => "mental",
            Resource::Physical => "physical",
            Resource::Wild => "wild",
        }
    }
}

/// A count of each resource type (a card's printed resource icons, or what a payment
/// generated).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Icons {
    pub energy: u8,
    pub mental: u8,
    pub physical: u8,
    pub wild: u8,
}

impl Icons {
    pub fn total(&self) -> u32 {
        u32::from(self.energy)
            + u32::from(self.mental)
            + u32::from(self.physical)
            + u32::from(self.wild)
    }
    pub fn get(&self, r: Resource) -> u8 {
        match r {
            Resource::Energy => self.energy,
            Resource::Mental => self.mental,
            Resource::Physical => self.physical,
            Resource::Wild => self.wild,
        }
    }
    pub fn add(&mut self, r: Resource, n: u8) {
        let slot = match r {
            Resource::Energy => &mut self.energy,
            Resource::Mental => &mut self.mental,
            Resource::Physical => &mut self.physical,
            Resource::Wild => &mut self.wild,
        };
        *slot = slot.saturating_add(n);
    }
    pub fn plus(mut self, o: Icons) -> Icons {
        for r in Resource::ALL {
            self.add(r, o.get(r));
        }
        self
    }
    pub fn doubled(self) -> Icons {
        self.plus(self)
    }
}

/// The player card aspects (and "basic"), and the identity-specific cards of a hero set.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, PartialOrd, Ord)]
pub enum Aspect {
    Aggression,
    Justice,
    Leadership,
    Protection,
    Basic,
    /// A card of a hero's own set (the identity-specific cards).
    Hero,
    /// An encounter card.
    Encounter,
}

impl Aspect {
    pub const DECK: [Aspect; 4] = [
        Aspect::Aggression,
        Aspect::Justice,
        Aspect::Leadership,
        Aspect::Protection,
    ];
    pub fn word(self) -> &'static str {
        match self {
            Aspect::Aggression => "aggression",
            Aspect::Justice => "justice",
            Aspect::Leadership => "leadership",
            Aspect::Protection => "protection",
            Aspect::Basic => "basic",
            Aspect::Hero => "hero",
            Aspect::Encounter => "encounter",
        }
    }
    pub fn from_word(w: &str) -> Option<Aspect> {
        [
            Aspect::Aggression,
            Aspect::Justice,
            Aspect::Leadership,
            Aspect::Protection,
            Aspect::Basic,
            Aspect::Hero,
            Aspect::Encounter,
        ]
        .into_iter()
        .find(|a| a.word() == w)
    }
}

/// A value that may be multiplied by the number of players who started (PER PLAYER).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Scaled {
    pub value: u16,
    pub per_player: bool,
}

impl Scaled {
    pub fn fixed(value: u16) -> Scaled {
        Scaled {
            value,
            per_player: false,
        }
    }
    pub fn of(self, players: usize) -> u16 {
        if self.per_player {
            self.value.saturating_mul(players as u16)
        } else {
            self.value
        }
    }
}

/// A character's power value: a number, or a dash (DASH: it can't be used).
pub type Power = Option<u8>;

/// The card types (CARD TYPES) with their printed stats.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Kind {
    Hero {
        atk: u8,
        thw: u8,
        def: u8,
        hp: u8,
        hand: u8,
    },
    AlterEgo {
        rec: u8,
        hp: u8,
        hand: u8,
    },
    Ally {
        cost: u8,
        atk: Power,
        /// Consequential damage after attacking (CONSEQUENTIAL DAMAGE).
        atk_cd: u8,
        thw: Power,
        thw_cd: u8,
        hp: u8,
    },
    Event {
        cost: u8,
    },
    Upgrade {
        cost: u8,
    },
    Support {
        cost: u8,
    },
    Resource,
    Villain {
        stage: u8,
        atk: u8,
        sch: u8,
        hp: Scaled,
    },
    /// `target` is `None` on an A side (it has no target threat).
    MainScheme {
        stage: u8,
        b_side: bool,
        target: Option<Scaled>,
        start: Scaled,
        acceleration: Scaled,
    },
    SideScheme {
        start: Scaled,
    },
    /// `atk` is `None` for Titania's X.
    Minion {
        atk: Power,
        sch: u8,
        hp: u8,
    },
    Treachery,
    Attachment {
        atk: i8,
        sch: i8,
    },
    Environment,
    Obligation,
}

impl Kind {
    pub fn word(&self) -> &'static str {
        match self {
            Kind::Hero { .. } => "hero",
            Kind::AlterEgo { .. } => "alter-ego",
            Kind::Ally { .. } => "ally",
            Kind::Event { .. } => "event",
            Kind::Upgrade { .. } => "upgrade",
            Kind::Support { .. } => "support",
            Kind::Resource => "resource",
            Kind::Villain { .. } => "villain",
            Kind::MainScheme { .. } => "main scheme",
            Kind::SideScheme { .. } => "side scheme",
            Kind::Minion { .. } => "minion",
            Kind::Treachery => "treachery",
            Kind::Attachment { .. } => "attachment",
            Kind::Environment => "environment",
            Kind::Obligation => "obligation",
        }
    }
    pub fn cost(&self) -> Option<u8> {
        match self {
            Kind::Ally { cost, .. }
            | Kind::Event { cost }
            | Kind::Upgrade { cost }
            | Kind::Support { cost } => Some(*cost),
            _ => None,
        }
    }
    pub fn is_player_card(&self) -> bool {
        matches!(
            self,
            Kind::Hero { .. }
                | Kind::AlterEgo { .. }
                | Kind::Ally { .. }
                | Kind::Event { .. }
                | Kind::Upgrade { .. }
                | Kind::Support { .. }
                | Kind::Resource
        )
    }
    pub fn is_identity(&self) -> bool {
        matches!(self, Kind::Hero { .. } | Kind::AlterEgo { .. })
    }
}

/// KEYWORDS, and the scheme icons of SIDE SCHEME.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, PartialOrd, Ord)]
pub enum Keyword {
    Guard,
    Overkill,
    Quickstrike,
    Peril,
    Restricted,
    Retaliate(u8),
    Surge,
    Toughness,
    /// USES X: counters the card enters play with.
    Uses(u8),
    Crisis,
    Acceleration,
    Hazard,
}

impl Keyword {
    pub fn word(self) -> &'static str {
        match self {
            Keyword::Guard => "guard",
            Keyword::Overkill => "overkill",
            Keyword::Quickstrike => "quickstrike",
            Keyword::Peril => "peril",
            Keyword::Restricted => "restricted",
            Keyword::Retaliate(_) => "retaliate",
            Keyword::Surge => "surge",
            Keyword::Toughness => "toughness",
            Keyword::Uses(_) => "uses",
            Keyword::Crisis => "crisis",
            Keyword::Acceleration => "acceleration",
            Keyword::Hazard => "hazard",
        }
    }
}

/// A stat a modifier changes (MODIFIERS, GETS).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Stat {
    Atk,
    Thw,
    Def,
    Rec,
    Sch,
    Hp,
    HandSize,
    AllyLimit,
    /// On a lasting effect whose card is a player's identity: each character that player
    /// controls gets ATK / THW (characters entering play later included, LASTING EFFECTS).
    CharactersAtk,
    CharactersThw,
    /// On a lasting effect whose card is a player's identity: the resource cost of the
    /// next card that player plays is reduced by `n`.
    NextCardCost,
    /// A lasting effect's gained trait (Rocket Boots): not a number; `n` is unused.
    Trait(Trait),
}

impl Stat {
    pub fn word(self) -> &'static str {
        match self {
            Stat::Atk => "ATK",
            Stat::Thw => "THW",
            Stat::Def => "DEF",
            Stat::Rec => "REC",
            Stat::Sch => "SCH",
            Stat::Hp => "hit points",
            Stat::HandSize => "hand size",
            Stat::AllyLimit => "ally limit",
            Stat::CharactersAtk => "ATK of each character",
            Stat::CharactersThw => "THW of each character",
            Stat::NextCardCost => "cost of the next card played",
            Stat::Trait(_) => "trait",
        }
    }
}

/// An identity's form (FORM).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Form {
    Hero,
    AlterEgo,
}

/// The kinds of ability (TRIGGERED ABILITY, CONSTANT ABILITY).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum AbilityKind {
    Action,
    Interrupt,
    Response,
    Resource,
    ForcedInterrupt,
    ForcedResponse,
    WhenRevealed,
    WhenDefeated,
    Boost,
    Special,
    /// Resolved during setup (T'Challa's "Setup", main scheme 1A).
    Setup,
}

impl AbilityKind {
    pub fn word(self) -> &'static str {
        match self {
            AbilityKind::Action => "Action",
            AbilityKind::Interrupt => "Interrupt",
            AbilityKind::Response => "Response",
            AbilityKind::Resource => "Resource",
            AbilityKind::ForcedInterrupt => "Forced Interrupt",
            AbilityKind::ForcedResponse => "Forced Response",
            AbilityKind::WhenRevealed => "When Revealed",
            AbilityKind::WhenDefeated => "When Defeated",
            AbilityKind::Boost => "Boost",
            AbilityKind::Special => "Special",
            AbilityKind::Setup => "Setup",
        }
    }
    pub fn is_optional(self) -> bool {
        matches!(
            self,
            AbilityKind::Action
                | AbilityKind::Interrupt
                | AbilityKind::Response
                | AbilityKind::Resource
        )
    }
    pub fn is_interrupt(self) -> bool {
        matches!(self, AbilityKind::Interrupt | AbilityKind::ForcedInterrupt)
    }
    pub fn is_response(self) -> bool {
        matches!(self, AbilityKind::Response | AbilityKind::ForcedResponse)
    }
}

/// "Hero Action (attack)": the ability counts as an attack, thwart or defense (ATTACK,
/// THWART, DEFEND).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Label {
    Attack,
    Thwart,
    Defense,
}

/// A period of LIMIT and MAX, and the duration of a lasting effect.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Period {
    Phase,
    Round,
    Game,
    /// "until the end of this attack"
    Attack,
}

/// What an ability waits for (TRIGGERING CONDITION). "You" is the controller of the
/// card with the ability (YOU).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Trigger {
    /// The villain initiates an attack against you.
    VillainAttacksYou,
    /// The villain attacks (anyone).
    VillainAttacks,
    /// This card (an enemy) attacks / attacks you.
    ThisAttacks,
    ThisAttacksYou,
    /// This card (an enemy) schemes.
    ThisSchemes,
    /// The villain schemes.
    VillainSchemes,
    /// You would take damage from an attack.
    YouWouldTakeAttackDamage,
    /// Your identity would take damage.
    YouWouldTakeDamage,
    /// A treachery is revealed from the encounter deck.
    TreacheryRevealed,
    /// Any encounter card is revealed from the encounter deck.
    EncounterCardRevealed,
    /// This card entered play (and "after you play this card").
    ThisEntersPlay,
    /// A minion entered play.
    MinionEntersPlay,
    /// The minion this card is attached to is defeated / would be defeated.
    AttachedDefeated,
    /// The enemy this card is attached to would attack.
    AttachedWouldAttack,
    /// You changed to this form (the identity side with the ability).
    ChangedToThisForm,
    /// Threat would be placed on a scheme.
    ThreatWouldBePlaced,
    /// You made a basic attack.
    YourBasicAttack,
    /// This character (or your hero, for an upgrade) attacked.
    ThisAttacked,
    /// Your hero attacked (an upgrade's "After She-Hulk attacks").
    YourHeroAttacked,
    /// This ally attacked and defeated a minion.
    ThisDefeatedMinion,
    /// Your hero attacked and defeated an enemy.
    YourHeroDefeatedEnemy,
    /// This ally thwarted.
    ThisThwarted,
    /// You defeated a minion.
    YouDefeatedMinion,
    /// Your hero defended.
    YourHeroDefended,
    /// Damage would be dealt to the villain this card is attached to (or to this villain).
    VillainWouldTakeDamage,
    /// The villain took damage.
    VillainTookDamage,
    /// This enemy attacked and damaged a character.
    ThisAttackDamaged,
    /// This card is defeated / would be defeated.
    ThisDefeated,
    ThisWouldBeDefeated,
    /// Threat was placed on this main scheme in step one of the villain phase.
    ThreatPlacedInStepOne,
    /// A face-down Drone minion was defeated.
    DroneDefeated,
    /// The end of the round (step five of the villain phase, after the first player
    /// token passes).
    RoundEnds,
    /// This enemy (or the enemy this is attached to) finished an attack against you.
    ThisAttackedYou,
    /// After this enemy's attack (against anyone) has resolved.
    AfterThisAttacks,
    /// After this enemy's attack against you has resolved.
    AfterThisAttacksYou,
}

/// Who or what a step acts on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Target {
    /// What `(choose N ...)` chose.
    Chosen(u8),
    /// The card with the ability.
    This,
    /// Your identity (YOU).
    You,
    /// "Your hero": your identity while you are in hero form, and nothing while you
    /// are in alter-ego form (FORM: an ability that interacts with a player's hero
    /// does not interact with their alter-ego).
    YourHero,
    /// The current villain.
    Villain,
    /// The current main scheme.
    MainScheme,
    /// The card of the triggering event: the enemy attacked, the minion that entered
    /// play, the attacker, the card revealed.
    EventCard,
    /// The card this one is attached to.
    Attached,
    EachEnemy,
    EachHero,
    EachCharacter,
    EachFriendlyCharacter,
    EachCharacterYouControl,
    EachAllyYouControl,
    EachMinionEngagedWithYou,
    EachSideScheme,
    EachScheme,
    EachUpgradeYouControl,
    /// The enemy whose attack is resolving or just resolved ("that enemy" after a defense).
    AttackingEnemy,
    /// Each minion engaged with the player `(choose-player N)` chose.
    EachMinionEngagedWithChosenPlayer(u8),
    /// The character damaged by the attack this effect started, or by the attack of
    /// the triggering occurrence.
    DamagedCharacter,
    /// The first card in play with this card code (the code's digits as a number,
    /// "01180" → 1180): "the Legions of Hydra side scheme", "Titania".
    InPlayCode(u16),
}

/// What `(choose ...)` may choose among.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Filter {
    Enemy,
    Minion,
    Scheme,
    Ally,
    FriendlyCharacter,
    Character,
    /// An upgrade or support you control.
    UpgradeOrSupportYouControl,
    UpgradeYouControl,
    /// An upgrade with this trait you control.
    TraitUpgradeYouControl(Trait),
    /// An exhausted ally (an ally that readying would change).
    ExhaustedAlly,
    /// A damaged friendly character (one that healing would change).
    DamagedFriendlyCharacter,
    /// An ally in any player's discard pile that you could pay for and put into play
    /// under your control (ally limit, unique).
    AllyInDiscard,
    /// An ally without an attached copy (by title) of this card definition.
    AllyWithout(u16),
    /// A card in your hand (for "choose and discard a card from your hand").
    CardInYourHand,
    /// An enemy with no card of this card's title attached ("Max 1 per enemy").
    EnemyWithoutCopyOf(crate::state::CardId),
    /// Any upgrade card (searching a deck: Shuri).
    Upgrade,
    /// An upgrade card with this trait (T'Challa, Stark Tower).
    TraitUpgrade(Trait),
}

/// Traits the rules engine looks at (TRAITS have no rules of their own; only the
/// traits some Core Set ability names are listed).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, PartialOrd, Ord)]
pub enum Trait {
    Aerial,
    Tech,
    BlackPanther,
    Drone,
    Hydra,
    MastersOfEvil,
}

/// A number a step uses.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Amount {
    N(u8),
    /// The damage your identity has sustained.
    YourSustainedDamage,
    /// `then` if you have the trait, else `otherwise`.
    IfTrait {
        t: Trait,
        then: u8,
        otherwise: u8,
    },
    /// `then` if the card was paid for with this resource, else `otherwise`.
    IfPaidWith {
        r: Resource,
        then: u8,
        otherwise: u8,
    },
    /// Your hero's ATK.
    YourAtk,
    /// The count remembered by the last step that counted.
    Counted,
    /// `per` times the counters on this card, at most `max`.
    PerCounter {
        per: u8,
        max: u8,
    },
    /// `n` per player who started the game (PER PLAYER).
    PerPlayer(u8),
    /// The threat the interrupted occurrence is about to place (after prevention).
    ThreatAboutToBePlaced,
    /// The damage your identity has sustained, to at most this much.
    YourSustainedDamageUpTo(u8),
    /// `per` times the count remembered by the last counting step, plus `plus`.
    CountedTimes {
        per: u8,
        plus: u8,
    },
    /// `then` if the ability resolves as the final step of its sequence (SPECIAL,
    /// Wakanda Forever!), else `otherwise`.
    IfFinalStep {
        then: u8,
        otherwise: u8,
    },
    /// `n` per Drone minion engaged with you.
    PerDroneEngagedWithYou(u8),
    /// `n` per Drone minion in play.
    PerDroneInPlay(u8),
    /// The threat on the first card in play with this code (0 if none is).
    ThreatOn(u16),
    /// The number of upgrades you control.
    UpgradesYouControl,
    /// The counted number plus `n` ("1 more than ...").
    CountedPlus(u8),
    /// `per` for each enemy in play with the trait.
    PerEnemyWithTrait {
        t: Trait,
        per: u8,
    },
    /// As much as there is (heal all damage).
    All,
}

/// A condition of `(if ...)`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Cond {
    YouHaveTrait(Trait),
    PaidWith(Resource),
    YouAreAlterEgo(u16),
    /// The last step did nothing (no damage healed, nothing discarded...).
    NothingHappened,
    /// The card remembered in this slot has this printed resource (or a wild one).
    ChosenHasResource(u8, Resource),
    YouLackTrait(Trait),
    /// The target has a tough status card.
    HasTough(Target),
    /// At least this much damage is on the card with the ability.
    DamageHereAtLeast(u8),
    /// The count remembered by the last counting step is at least this.
    CountedAtLeast(u8),
    /// The target already has the status card (STUNNED, CONFUSED or TOUGH bit).
    HasStatus {
        who: Target,
        status: u8,
    },
    /// A card with this code is in play / is not in play.
    InPlay(u16),
    NotInPlay(u16),
    /// A `(choose ...)` with this filter would have nothing to choose.
    NoneToChoose(Filter),
    /// No side scheme is in play.
    NoSideSchemes,
    /// The current activation is the villain's attack and nobody defended it.
    UndefendedVillainAttack,
    /// The counted number is 0 (no attack was made, nothing was discarded...).
    NoneCounted,
    /// Your identity is hero side up / ready.
    YouAreHero,
    YouAreReady,
}

/// One step of an effect. Each sentence of a card's text is one or more steps, run in
/// order (ABILITY: one sentence at a time).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Step {
    Choose {
        slot: u8,
        filter: Filter,
    },
    ChoosePlayer {
        slot: u8,
    },
    Damage {
        to: Target,
        amount: Amount,
    },
    Heal {
        who: Target,
        amount: Amount,
    },
    RemoveThreat {
        from: Target,
        amount: Amount,
    },
    PlaceThreat {
        on: Target,
        amount: Amount,
    },
    Draw {
        amount: Amount,
    },
    /// The chosen player draws.
    PlayerDraws {
        slot: u8,
        amount: Amount,
    },
    EachPlayerDraws {
        amount: Amount,
    },
    Stun(Target),
    Confuse(Target),
    Tough(Target),
    Ready(Target),
    Exhaust(Target),
    /// This encounter card gains surge.
    Surge,
    /// The villain attacks you.
    VillainAttacksYou,
    VillainSchemes,
    /// Cancel the triggering event's effects (CANCEL).
    CancelEffects,
    /// Prevent all of the damage about to be dealt (PREVENT).
    PreventAllDamage,
    PreventDamage(u8),
    PreventThreat(u8),
    /// Discard the card with the ability.
    DiscardThis,
    ReturnThisToHand,
    /// A lasting effect: `who` gets `stat` +`n` until the end of `until`.
    Gets {
        who: Target,
        stat: Stat,
        n: i8,
        until: Period,
    },
    /// `(if COND STEP...)`
    If {
        cond: Cond,
        then: Vec<Step>,
    },
    /// `(choose-one ("label" STEP...) ...)`: the player picks one.
    ChooseOne(Vec<(String, Vec<Step>)>),
    /// A resource ability's yield (RESOURCE ABILITY).
    Generate(Icons),
    /// Attach the card with the ability to the target (ATTACH TO).
    AttachThisTo(Target),
    /// A card's own mechanism, written in Rust (`effects.rs` `named`): used where an
    /// ability is one of a kind.
    Named(Named),
    // The steps from here on are resolved in `steps/`, one file per subject of the
    // Rules Reference (SEARCH, LASTING EFFECTS, MOVE...): `effects.rs` `run_step` sends
    // each to its file. (Their order here is only the order they were written in; it
    // is kept because it is the enum's serialized and hashed order.)
    /// Discard the top card of your deck and remember it in this chosen slot.
    DiscardTopCardInto(u8),
    /// Deal damage as an attack ("Hero Action (attack)"), gaining overkill if `cond`.
    DamageOverkillIf {
        cond: Cond,
        to: Target,
        amount: Amount,
    },
    /// A lasting effect: each character the chosen player controls gets `stat` +`n`.
    PlayerCharactersGet {
        slot: u8,
        stat: Stat,
        n: i8,
        until: Period,
    },
    /// A lasting effect: the next card the chosen player plays this phase costs `n` less.
    ReduceNextCost {
        slot: u8,
        n: u8,
    },
    /// The card of the triggering event (a revealed encounter card) is discarded: its
    /// effects are canceled with it.
    DiscardEventCard,
    /// You reveal the top card of the encounter deck.
    RevealAnotherEncounterCard,
    /// Choose a player who may control this card (MAX per player), for "play under any
    /// player's control".
    ChooseController(u8),
    /// This card enters play under the chosen player's control.
    EnterPlayUnderChosen(u8),
    /// Pay the printed cost of the chosen card (a payment inside the effect).
    PayPrintedCostOf(u8),
    /// Put the chosen card into play under your control (PUT INTO PLAY).
    PutChosenIntoPlay(u8),
    /// Put by the engine first in a labeled ability (ATTACK, THWART): a stunned
    /// (attack) or confused (thwart) identity discards the status card instead, and
    /// the rest of the ability does not resolve (STATUS CARDS).
    BeginLabeled(Label),
    /// Put by the engine last in a labeled ability: resolving it counted as a thwart
    /// or a defense (THWART, DEFEND), so that occurrence's windows follow.
    EndLabeled(Label),
    /// Like `Choose`, but not what slot `other` chose ("a different scheme").
    ChooseOther {
        slot: u8,
        filter: Filter,
        other: u8,
    },
    /// Discard the top `n` cards of your deck; each of them with a printed `r`
    /// resource is then added to your hand.
    DiscardTopKeep {
        n: u8,
        r: Resource,
    },
    /// Discard the card chosen in the slot from your hand (counts one more).
    DiscardChosen(u8),
    /// Choose how many cards, up to `n`, then choose and discard each from your hand;
    /// the number discarded is counted.
    DiscardUpTo(u8),
    /// Change your form (not the once-per-turn voluntary change: FORM).
    ChangeForm,
    /// Draw until your hand holds your identity's printed hand size.
    DrawUpToPrintedHandSize,
    /// Put this many counters on the target.
    AddCounters {
        on: Target,
        amount: Amount,
    },
    /// SEARCH your deck for a card matching `filter`, add it to your hand (the choice
    /// is remembered in `slot`), then shuffle your deck.
    SearchDeckToHand {
        slot: u8,
        filter: Filter,
    },
    /// Look at the top `n` cards of your deck: add the one you choose (into `slot`) to
    /// your hand and discard the others.
    LookTopTakeOne {
        slot: u8,
        n: u8,
    },
    /// Discard the top `n` cards of your deck; remember how many printed `counting`
    /// resource icons they had (for `counted`).
    DiscardTopOfYourDeck {
        n: u8,
        counting: Option<Resource>,
    },
    /// Choose up to `max` different cards in your discard pile (remembered in the
    /// chosen slots) and shuffle them into your deck.
    ShuffleFromDiscardIntoDeck {
        max: u8,
    },
    /// The player chosen in `slot` returns the topmost card matching `filter` in their
    /// discard pile to their hand.
    ReturnTopmostFromDiscard {
        slot: u8,
        filter: Filter,
    },
    /// Resolve the Special ability of each card matching `filter`, in the order you
    /// choose, as the steps of one sequence (SPECIAL).
    ResolveSpecials(Filter),
    /// Move damage from one character to another (MOVE: the moved damage is dealt).
    MoveDamage {
        from: Target,
        to: Target,
        amount: Amount,
    },
    /// A lasting effect: `who` gains the trait until the end of `until`.
    GainTrait {
        who: Target,
        t: Trait,
        until: Period,
    },
    /// A resource ability's yield: the printed resources of the top card of your
    /// discard pile (Pepper Potts).
    GenerateTopOfDiscard,
    /// Search the encounter deck (and, with `discard_too`, its discard pile) for the
    /// card with this name and reveal it, then shuffle the encounter deck.
    SearchReveal {
        name: String,
        discard_too: bool,
    },
    /// Discard encounter cards until a minion is discarded; put it into play engaged
    /// with the first player.
    DiscardUntilMinion,
    /// Put the set-aside encounter card with this name into play.
    PutSetAsideIntoPlay(String),
    ShuffleEncounterDeck,
    /// The villain's current attack gets one more boost card.
    ExtraBoost,
    /// The current attack by the enemy with (or attached to) this card gains overkill.
    AttackGainsOverkill,
    /// Discard this card when the current attack ends.
    DiscardThisAfterAttack,
    /// Prevent the damage about to be dealt and place that much damage on this card.
    MoveDamageHere,
    /// You put the top `n` cards of your deck into play face down as Drone minions
    /// engaged with you.
    Drones(u8),
    /// Each player, in player order, resolves these steps as "you".
    InPlayerOrder(Vec<Step>),
    /// The first player resolves these steps as "you".
    FirstPlayer(Vec<Step>),
    /// Discard this many cards from the top of your deck.
    DiscardDeckTop(Amount),
    /// Discard this many cards at random from your hand.
    DiscardAtRandom(u8),
    /// Put this encounter card (a minion) into play engaged with you.
    PutThisIntoPlayEngaged,
    /// Each minion with the trait engaged with you attacks you (counting the attacks
    /// made).
    EachEngagedAttacksYou(Trait),
    /// The player chooses: spend these resources (offered only if they could), or
    /// resolve the other steps (`label` names them).
    PayOr {
        icons: Icons,
        label: String,
        otherwise: Vec<Step>,
    },
    /// Spend these resources (the payment of a `PayOr`, offered `again` if it is
    /// called off).
    PayResources {
        icons: Icons,
        again: Box<Step>,
    },
    /// The hero of the player this activation attacks is exhausted if the attack
    /// damages them (a boost ability).
    ExhaustHeroIfActivationDamages,
    /// Like `Gets`, by an amount.
    GetsAmount {
        who: Target,
        stat: Stat,
        amount: Amount,
        until: Period,
    },
    /// `(if-else COND (STEP...) (STEP...))`
    IfElse {
        cond: Cond,
        then: Vec<Step>,
        otherwise: Vec<Step>,
    },
    /// Run the steps once for each player in player order, each as "you".
    EachPlayer(Vec<Step>),
    /// Discard the target card (from play).
    Discard(Target),
    /// Discard 1 card at random from your hand / from each player's hand; counts the
    /// different resource types printed on the discarded cards.
    DiscardRandomFromHand {
        each_player: bool,
    },
    /// Discard each card in your hand with this printed resource; counts them.
    DiscardFromHandWithResource(Resource),
    /// Discard the top `n` cards of your deck; counts their printed `count` icons.
    DiscardTopOfDeck {
        n: u8,
        count: Resource,
    },
    /// Discard the top card of the encounter deck; counts its boost icons.
    DiscardTopEncounterCard,
    /// Discard encounter cards from the top until a minion with the trait is
    /// discarded; it enters play engaged with the first player.
    DiscardUntilMinionWithTrait(Trait),
    /// Discard encounter cards from the top until a side scheme is discarded; you
    /// reveal it.
    DiscardUntilSideScheme,
    /// Search the encounter deck and discard pile for a card with this code / for a
    /// minion with this trait, put it into play engaged with you, shuffle the deck.
    SearchAndEngage(u16),
    SearchAndEngageTrait(Trait),
    /// The target enemy attacks you (if you are a hero); counts the attacks made.
    AttacksYou(Target),
    /// Each minion engaged with you attacks you, one after the other.
    EachEngagedMinionAttacksYou,
    /// Each minion with the trait attacks the hero it is engaged with; counts the
    /// attacks made.
    EachMinionWithTraitAttacks(Trait),
    /// This enemy's current attack is also resolved against each other hero.
    AlsoAttackEachOtherHero,
    /// The villain gets 1 more boost card for the current activation.
    GiveVillainBoost,
    /// The character the current attack damages gets a stunned status card.
    StunWhomThisAttackDamages,
    /// You are dealt an encounter card / reveal the top encounter card.
    DealEncounterCard,
    RevealEncounterCard,
    /// Assign the damage among heroes and allies, one at a time, as the first player
    /// chooses, then deal it.
    AssignDamageAmongHeroesAndAllies(Amount),
    /// Your identity flips to its alter-ego side (an effect, not the once-per-turn
    /// change).
    FlipToAlterEgo,
    RemoveThisFromGame,
    /// The main scheme gets an acceleration token.
    AccelerationToken,
    /// Each player places a random card from their hand face down under this card /
    /// the cards under this card return to their owners' hands.
    EachPlayerPlacesRandomCardUnderThis,
    ReturnCardsUnderThis,
    /// `(choose ...)` made by the player resolving the ability even for an encounter
    /// card (its text says "choose": CHOOSE).
    YouChoose {
        slot: u8,
        filter: Filter,
    },
}

/// Abilities too particular to build from steps; each is one card's text.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Named {
    /// Shadow of the Past: the revealing player's nemesis set comes into play.
    ShadowOfThePast,
}

/// A cost before the arrow (COST).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum CostPart {
    ExhaustThis,
    /// Spend resources of these types ([wild] in the list accepts any).
    Spend(Icons),
    /// Spend X energy (Energy Channel: X counters).
    SpendX(Resource),
    DiscardThis,
    /// Remove one of this card's counters (USES).
    RemoveCounter,
    /// Your identity takes this much damage.
    TakeDamage(u8),
    /// Deal this much damage to this card.
    DamageThis(u8),
    ExhaustYourHero,
    /// Heal this much damage from your identity.
    HealYou(u8),
    DiscardFromHand(u8),
    /// Choose and discard up to this many cards from your hand (how many is counted).
    DiscardUpTo(u8),
}

/// One ability of a card.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Ability {
    pub kind: AbilityKind,
    /// The printed ability name ("Spider-Sense"), if any.
    pub name: Option<String>,
    /// "Hero Action" / "Alter-Ego Action".
    pub form: Option<Form>,
    pub label: Option<Label>,
    pub trigger: Option<Trigger>,
    /// `(when-revealed hero ...)`: only for a player in that form.
    pub revealed_in: Option<Form>,
    pub cost: Vec<CostPart>,
    /// LIMIT: per copy of the ability.
    pub limit: Option<(u8, Period)>,
    pub steps: Vec<Step>,
}

/// A constant ability (CONSTANT ABILITY): active while the card is in play.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Constant {
    /// Your identity (hero or alter-ego side, as named) gets `stat` + `n`.
    YouGet { stat: Stat, n: i8 },
    /// The character this card is attached to gets `stat` + `n`.
    AttachedGets { stat: Stat, n: i8 },
    /// This character gets +1 `stat` for each side scheme in play.
    ThisGetsPerSideScheme(Stat),
    /// +`n` hand size per Tech upgrade you control, to at most `max`.
    HandSizePerTech { max: u8 },
    /// Your identity gains the trait.
    YouGainTrait(Trait),
    /// +2 DEF instead of +1 with Aerial (Captain Marvel's Helmet).
    HelmetDef,
    /// The villain this is attached to gains retaliate.
    VillainGainsRetaliate(u8),
    /// This card enters play with `n` counters (not USES: it stays without them).
    EntersWithCounters(u8),
    /// Max 1 copy (by title) attached to each card.
    MaxOnePerAttached,
    /// The villain gets `stat` + `n` (a side scheme's constant).
    VillainGets { stat: Stat, n: i8 },
    /// Each Drone minion (only face-down ones, with `face_down_only`) gets `stat` + `n`.
    DronesGet {
        stat: Stat,
        n: i8,
        face_down_only: bool,
    },
    /// This card can't take damage from upgrades with the trait.
    NoDamageFromTraitUpgrades(Trait),
    /// The engaged player must defend this enemy's attacks with an ally, if able.
    MustDefendWithAlly,
}

/// A play restriction printed on a card (PLAY RESTRICTIONS AND PERMISSIONS).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Restriction {
    /// "Hero form only" / "Alter-ego form only": played only in that form.
    FormOnly(Form),
    /// "Max 1 per enemy": an attachment with this title goes only on an enemy that
    /// has none.
    MaxOnePerEnemy,
}

/// How an upgrade or attachment enters play (ATTACH TO).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum AttachTo {
    Minion,
    Enemy,
    Ally,
    Villain,
    /// The environment in play.
    Environment,
    /// The minion with the highest printed hit points without another copy of this
    /// card attached.
    MinionWithoutAnother,
}

/// A card as defined in a card file.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct CardDef {
    /// The collector number ("01001a").
    pub code: String,
    pub name: String,
    pub subtitle: Option<String>,
    pub kind: Kind,
    /// The set it belongs to (`spider_man`, `rhino`, `standard`...).
    pub set: String,
    pub aspect: Aspect,
    pub unique: bool,
    pub traits: Vec<Trait>,
    /// Traits the engine does not look at, kept for display.
    pub other_traits: Vec<String>,
    pub resources: Icons,
    pub boost: u8,
    pub boost_star: bool,
    /// Star icons on the ATK or SCH field (STAR ICON).
    pub atk_star: bool,
    pub sch_star: bool,
    pub keywords: Vec<Keyword>,
    pub abilities: Vec<Ability>,
    pub constants: Vec<Constant>,
    pub attach_to: Option<AttachTo>,
    /// The other face of a double-sided card (identity, main scheme).
    pub back: Option<String>,
    /// How many copies the Core Set box holds, and how many a deck may hold (MAX).
    pub quantity: u8,
    pub deck_limit: u8,
    /// "Max 1 per player" in play (MAX).
    pub max_per_player: bool,
    /// The Power of cards: double the resources this card generates while paying
    /// for a card of this aspect.
    pub doubles_for: Option<Aspect>,
    /// "Play under any player's control".
    pub any_player: bool,
    /// The hero whose obligation this is.
    pub obligation_of: Option<String>,
    /// A printed ability this definition does not implement yet, with why: a card with
    /// one can't be put in a deck or encounter deck to be played.
    pub missing: Option<String>,
    /// Play restrictions printed on the card (PLAY RESTRICTIONS AND PERMISSIONS).
    pub restrictions: Vec<Restriction>,
}

impl CardDef {
    pub fn has_keyword(&self, k: Keyword) -> bool {
        self.keywords
            .iter()
            .any(|x| std::mem::discriminant(x) == std::mem::discriminant(&k))
    }
    pub fn retaliate(&self) -> u8 {
        self.keywords
            .iter()
            .find_map(|k| match k {
                Keyword::Retaliate(n) => Some(*n),
                _ => None,
            })
            .unwrap_or(0)
    }
    pub fn uses(&self) -> Option<u8> {
        self.keywords.iter().find_map(|k| match k {
            Keyword::Uses(n) => Some(*n),
            _ => None,
        })
    }
    pub fn has_trait(&self, t: Trait) -> bool {
        self.traits.contains(&t)
    }
}

/// The number a card code's digits make, its face letter left out: "01010b" → 1010 (the
/// number an identity's two faces share).
pub(crate) fn code_digits(code: &str) -> Option<u16> {
    let digits: String = code.chars().filter(char::is_ascii_digit).collect();
    digits.parse().ok()
}

/// A five-digit card code as a number ("01180" → 1180); none for a code with a face
/// letter.
pub(crate) fn five_digit_code(code: &str) -> Option<u16> {
    match code.parse::<u16>() {
        Ok(n) if code.len() == 5 => Some(n),
        _ => None,
    }
}
