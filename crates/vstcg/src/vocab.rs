//! The vocabulary cards and rules share: affiliations, keywords, durations, and the
//! words of the card language that name characters, players and amounts.

use serde::{Deserialize, Serialize};

/// Affiliations as a set over the card pool's affiliation names (206.1): a pool may use
/// at most 128 different affiliations.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Affiliations(pub u128);

impl Affiliations {
    pub const NONE: Affiliations = Affiliations(0);

    pub fn with(self, index: usize) -> Affiliations {
        Affiliations(self.0 | (1u128 << index))
    }

    pub fn contains(self, index: usize) -> bool {
        self.0 & (1u128 << index) != 0
    }

    /// 601.5a, 708.7b: two cards share an affiliation.
    pub fn shares(self, other: Affiliations) -> bool {
        self.0 & other.0 != 0
    }

    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    pub fn count(self) -> u32 {
        self.0.count_ones()
    }

    pub fn indices(self) -> impl Iterator<Item = usize> {
        (0..128).filter(move |&i| self.contains(i))
    }
}

/// The keywords of 706 and the tags of 707 that a card prints, as a set.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Keywords(pub u32);

/// One keyword (706, 707). Keywords with a number (boost, willpower) keep it on the
/// card definition.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[repr(u8)]
pub enum Keyword {
    Boost,
    Loyalty,
    LoyaltyReveal,
    DualLoyalty,
    Transferable,
    Evasion,
    Invulnerability,
    Cosmic,
    CosmicSurge,
    Willpower,
    Leader,
    Reservist,
    Press,
    Terraform,
    Substitute,
    Insanity,
    Energize,
    Hunter,
    Shift,
    Epic,
    Ally,
    Backup,
    Vengeance,
}

impl Keyword {
    pub const ALL: [Keyword; 23] = [
        Keyword::Boost,
        Keyword::Loyalty,
        Keyword::LoyaltyReveal,
        Keyword::DualLoyalty,
        Keyword::Transferable,
        Keyword::Evasion,
        Keyword::Invulnerability,
        Keyword::Cosmic,
        Keyword::CosmicSurge,
        Keyword::Willpower,
        Keyword::Leader,
        Keyword::Reservist,
        Keyword::Press,
        Keyword::Terraform,
        Keyword::Substitute,
        Keyword::Insanity,
        Keyword::Energize,
        Keyword::Hunter,
        Keyword::Shift,
        Keyword::Epic,
        Keyword::Ally,
        Keyword::Backup,
        Keyword::Vengeance,
    ];

    /// The word a card file and the generated text use.
    pub fn word(self) -> &'static str {
        match self {
            Keyword::Boost => "boost",
            Keyword::Loyalty => "loyalty",
            Keyword::LoyaltyReveal => "loyalty-reveal",
            Keyword::DualLoyalty => "dual-loyalty",
            Keyword::Transferable => "transferable",
            Keyword::Evasion => "evasion",
            Keyword::Invulnerability => "invulnerability",
            Keyword::Cosmic => "cosmic",
            Keyword::CosmicSurge => "cosmic-surge",
            Keyword::Willpower => "willpower",
            Keyword::Leader => "leader",
            Keyword::Reservist => "reservist",
            Keyword::Press => "press",
            Keyword::Terraform => "terraform",
            Keyword::Substitute => "substitute",
            Keyword::Insanity => "insanity",
            Keyword::Energize => "energize",
            Keyword::Hunter => "hunter",
            Keyword::Shift => "shift",
            Keyword::Epic => "epic",
            Keyword::Ally => "ally",
            Keyword::Backup => "backup",
            Keyword::Vengeance => "vengeance",
        }
    }

    /// How players read it on a card.
    pub fn title(self) -> &'static str {
        match self {
            Keyword::Boost => "Boost",
            Keyword::Loyalty => "Loyalty",
            Keyword::LoyaltyReveal => "Loyalty—Reveal",
            Keyword::DualLoyalty => "Dual Loyalty",
            Keyword::Transferable => "Transferable",
            Keyword::Evasion => "Evasion",
            Keyword::Invulnerability => "Invulnerability",
            Keyword::Cosmic => "Cosmic",
            Keyword::CosmicSurge => "Cosmic—Surge",
            Keyword::Willpower => "Willpower",
            Keyword::Leader => "Leader",
            Keyword::Reservist => "Reservist",
            Keyword::Press => "Press",
            Keyword::Terraform => "Terraform",
            Keyword::Substitute => "Substitute",
            Keyword::Insanity => "Insanity",
            Keyword::Energize => "Energize",
            Keyword::Hunter => "Hunter",
            Keyword::Shift => "Shift",
            Keyword::Epic => "Epic",
            Keyword::Ally => "Ally",
            Keyword::Backup => "Backup",
            Keyword::Vengeance => "Vengeance",
        }
    }

    pub fn from_word(w: &str) -> Option<Keyword> {
        Keyword::ALL.into_iter().find(|k| k.word() == w)
    }

    /// The keywords a card "with `self`" may have: 706.3c, "with loyalty" is any of the
    /// three loyalties; 706.8c, "with cosmic" is cosmic or cosmic—surge.
    pub fn family(self) -> &'static [Keyword] {
        match self {
            Keyword::Loyalty => &[
                Keyword::Loyalty,
                Keyword::LoyaltyReveal,
                Keyword::DualLoyalty,
            ],
            Keyword::Cosmic => &[Keyword::Cosmic, Keyword::CosmicSurge],
            _ => &KEYWORDS[self as usize..self as usize + 1],
        }
    }
}

/// Every keyword in order, for slices of one (`Keyword::family`).
static KEYWORDS: [Keyword; 23] = Keyword::ALL;

impl Keywords {
    pub fn has(self, k: Keyword) -> bool {
        self.0 & (1 << k as u8) != 0
    }

    pub fn with(self, k: Keyword) -> Keywords {
        Keywords(self.0 | (1 << k as u8))
    }

    pub fn iter(self) -> impl Iterator<Item = Keyword> {
        Keyword::ALL.into_iter().filter(move |&k| self.has(k))
    }
}

/// How long a continuous modifier from an effect lasts (513.2d: none means the rest of
/// the game).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Duration {
    ThisAttack,
    ThisTurn,
    Game,
    /// 513.1b: "while <this card> remains exhausted this turn": not made if the source
    /// readied after the effect was played; it ends when the source readies (or at the
    /// end of the turn). Made as a this-turn modifier tied to its source.
    WhileThisExhausted,
}

impl Duration {
    pub fn words(self) -> &'static str {
        match self {
            Duration::ThisAttack => " this attack",
            Duration::ThisTurn => " this turn",
            Duration::Game => "",
            Duration::WhileThisExhausted => " while this card remains exhausted this turn",
        }
    }
}

/// Whose, relative to the controller of the effect or power.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Relation {
    You,
    Opponent,
}

/// One test a character (or character card) passes or fails.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Test {
    /// 701.5 / 701.13.
    FrontRow,
    SupportRow,
    /// 701.17 / 701.18.
    Visible,
    Hidden,
    /// 701.3 / 701.9.
    Exhausted,
    Ready,
    /// 701.12.
    Stunned,
    /// 701.1 / 701.2.
    Attacker,
    Defender,
    /// Controlled by you / an opponent of the effect's controller.
    Controlled(Relation),
    /// Any of these affiliations (206.1), with their names for the text.
    Affiliation(Affiliations, Vec<String>),
    /// No affiliation.
    Unaffiliated,
    /// 201.2d–e: a card with this name.
    Named(String),
    /// 202.5, 201.2c: a card with this version, whatever its name.
    Version(String),
    /// 203.4d: costless cards have no cost and pass no cost test.
    CostAtMost(u8),
    CostAtLeast(u8),
    /// 201.2b.
    Keyword(Keyword),
    Flight,
    Range,
    /// Not the card the power or effect is on (`another`, `other`).
    Other,
    /// The card the power or effect is on itself (`itself`: "this character while …").
    Itself,
    /// A card of this type, in any zone (201.2c: "character card", "plot twist card").
    CardType(CardKind),
    Not(Box<Test>),
    /// 701.14: a team attacker (an attacker of a team attack, 602.1e).
    TeamAttacker,
    /// 701.21, 701.22c: "with concealed": concealed or concealed—optional.
    Concealed,
    /// 207.3: a card with this class or trait ("a Mental card").
    Trait(String),
    /// 212.2, 701.19: a Marvel card.
    Marvel,
    /// 212.2, 701.20: a DC card.
    Dc,
    /// G-Word: the whole word in the parts of the card named.
    Word(String, WordParts),
    /// 202.7: a different version of the card the power is on: the same name, a
    /// different version (202.6).
    DifferentVersion,
    /// 701.11: a face-up resource (a flipped location, a played plot twist); `(not
    /// face-up)` is a face-down one.
    FaceUp,
    /// 706.14: a cost greater than or equal to the cost of the card the power is on
    /// (203.4d: a costless card passes no cost test).
    CostAtLeastThis,
    /// 706.17: hunted by the controller of the power or effect.
    Hunted,
    /// 511.2a: "you own": a card whose owner is the power's or effect's controller, in
    /// every zone.
    Owned,
    /// 510.2e, 213.5b: an object of the type location (a flipped location: a face-up
    /// resource that is a location card); not a face-down resource, nor a card out of play.
    LocationObject,
    /// 201.6, glossary Identity: one of its identities, printed or gained, is this.
    Identity(String),
    /// Glossary Identity: shares an identity with the card the power is on.
    SharesIdentity,
    /// Glossary: Attacked: has had the attacker characteristic this turn (now too).
    HasAttacked,
    /// Glossary: Attacked: has had the team attacker characteristic this turn.
    HasTeamAttacked,
    /// Glossary: Attacked: "has already been attacked this turn": had the defender
    /// characteristic in an attack substep before the current one this turn.
    AlreadyAttacked,
    /// 701.10c, 708.7c: has reinforced another character: it is the source of a
    /// modifier giving another character reinforcement (the character exhausted for a
    /// reinforcement effect is its source).
    HasReinforced,
    /// The character of the event a replacement replaces (`that`, 513.5): "another"
    /// is `(not that)`.
    That,
    /// Controlled by the controller of the event's character ("he controls", after
    /// "that character's controller").
    ThatsControllers,
    /// 705.2, 706.10: adjacent to the card the power or effect is on ("characters
    /// adjacent to <this leader>").
    Adjacent,
    /// 501.4d: a character the card the power is on chose as it was played ("to play,
    /// choose ..."), while it remembers it.
    ChosenToPlay,
    /// G-In-Combat: an attacker or a defender of a started attack ("target attacker or
    /// defender").
    InCombat,
    /// 705.1a: a support row character behind the card the power is on (a front row
    /// character): the same column, player and area, stunned or not.
    Behind,
    /// 705.4: a resource next to the card the power is on in its resource row.
    AdjacentResource,
    /// Glossary: Illuminati: a member of the Illuminati: a character with any of the
    /// members' names, whatever its versions, identities or other names.
    IlluminatiMember,
    /// 511.4, 511.4a: with the identity the resolving effect chose (`choose-identity`).
    ChosenIdentity,
    /// 513.1c: with the affiliation the card the power is on remembers choosing
    /// (`(choose-affiliation remember)`), while it remembers it.
    RememberedAffiliation,
}

/// Glossary: Illuminati: the names of its members.
pub const ILLUMINATI: [&str; 6] = [
    "Black Bolt",
    "Dr. Strange",
    "Iron Man",
    "Mr. Fantastic",
    "Professor X",
    "Sub-Mariner",
];

/// Which powers of another character a "gains ... powers" step takes (500.6a).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum GainedSet {
    /// "gains <character>'s payment and continuous powers".
    PaymentAndContinuous,
    /// 501.1a: "gains <character>'s payment powers": the powers with a printed arrow,
    /// not keywords that stand for payment powers (shift, evasion).
    Payment,
    /// 500.3a: "gains <character>'s activated powers".
    Activated,
}

/// The parts of a card a word test looks in (G-Word).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct WordParts {
    pub name: bool,
    pub identity: bool,
    pub text: bool,
}

/// A description of characters: every test holds.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Filter(pub Vec<Test>);

/// The characters a step acts on.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Who {
    /// The character chosen for target `n` as the effect was played (504.3).
    Target(u8),
    /// The card the power is on (201.2: its own name means itself).
    This,
    /// The character an equipment is attached to.
    Host,
    /// Every character that matches as the step runs (508.2d).
    Each(Filter),
    /// The character chosen into slot `n` as the effect resolved (`choose`).
    Chosen(u8),
    /// The character of the event a replacement replaced (`that`, 513.5).
    That,
    /// The `n`th card the effect's additional costs were paid with (`paid`), if it is
    /// a character in play.
    Paid(u8),
}

/// The players a step acts on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum PlayerWho {
    You,
    /// The player chosen for target `n`.
    Target(u8),
    EachOpponent,
    EachPlayer,
    /// The controller of the character chosen for target `n`.
    ControllerOf(u8),
    /// The controller of the event's character ("its controller" after "that
    /// character").
    ControllerOfThat,
    /// "that player" of a "causes breakthrough" trigger: the player the breakthrough
    /// was caused to.
    BreakthroughPlayer,
}

/// A number a step reads as it runs.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Amount {
    N(i32),
    /// The resources the effect's controller controls (203.5b).
    ResourcesYouControl,
    /// How many characters match.
    CountOf(Filter),
    /// The amount of the event a replacement replaced ("that much", 513.5).
    ThatMuch,
    /// The cost of the `n`th card used to pay the additional costs, as it was then
    /// (508.2e: last known information; 203.4d: a costless card has none, 0).
    PaidCost(u8),
    /// 215.1c–d: the counters of one name on the cards named (all of them, whoever
    /// put them there).
    Counters(String, Who),
    /// A player's endurance total as a number: a negative total counts as 0 (104.1;
    /// only comparing, "becomes equal to" and "switches with" keep it negative, 104.1a–b).
    Endurance(PlayerWho),
    /// One decimal digit of an amount (the tens or the ones digit).
    Digit(DigitPlace, Box<Amount>),
    /// 201.2d: the cards in the effect controller's zones that match ("other Future
    /// Friends in your resource row and KO'd pile").
    CardsIn(Vec<OwnZone>, Filter),
    /// Glossary: Printed: the printed ATK, DEF or cost of the (first) character named,
    /// whatever modifiers give or take (0 when none is named, or costless).
    Printed(PrintedValue, Who),
    /// N for each card the effect's additional costs were paid with ("+2 ATK for each
    /// card you discarded"; a copy's are the original's, 708.2b).
    PerPaid(i32),
    /// Glossary: Number: the number chosen as the effect resolves (0 if none was).
    ChosenNumber,
}

/// A value printed on a card (203.2, 211.2; Glossary: Printed).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum PrintedValue {
    Atk,
    Def,
    Cost,
}

impl PrintedValue {
    pub fn word(self) -> &'static str {
        match self {
            PrintedValue::Atk => "atk",
            PrintedValue::Def => "def",
            PrintedValue::Cost => "cost",
        }
    }

    pub fn text(self) -> &'static str {
        match self {
            PrintedValue::Atk => "ATK",
            PrintedValue::Def => "DEF",
            PrintedValue::Cost => "cost",
        }
    }
}

/// Which decimal digit (`Amount::Digit`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum DigitPlace {
    Tens,
    Ones,
}

/// A zone of the effect's controller that an amount counts cards in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum OwnZone {
    ResourceRow,
    KoPile,
    Hand,
}

impl OwnZone {
    pub fn word(self) -> &'static str {
        match self {
            OwnZone::ResourceRow => "resource-row",
            OwnZone::KoPile => "ko-pile",
            OwnZone::Hand => "hand",
        }
    }

    pub fn text(self) -> &'static str {
        match self {
            OwnZone::ResourceRow => "your resource row",
            OwnZone::KoPile => "your KO'd pile",
            OwnZone::Hand => "your hand",
        }
    }
}

/// What a character may be given for a while (701).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Grant {
    Flight,
    Range,
    Reinforcement,
    Invulnerability,
    /// 600.4: "must attack if able".
    MustAttack,
    /// 602.7c: team attacks this character is part of can cause breakthrough.
    TeamBreakthrough,
    /// "can attack hidden characters" (103.1: only 601.3e gives way; VS-TCG-003).
    AttackHidden,
    /// "can attack protected characters" (601.3d gives way).
    AttackProtected,
    /// "can attack as though it has flight" (Glossary: As Though): it has no flight.
    AttackAsThoughFlight,
    /// "can attack as though it has range": it has no range.
    AttackAsThoughRange,
    /// The cosmic keyword (706.7), which a modifier may remove (706.7g).
    Cosmic,
}

impl Grant {
    /// This kind's bit in a set of kinds.
    pub fn bit(self) -> u32 {
        1 << self as u32
    }

    pub fn word(self) -> &'static str {
        match self {
            Grant::Flight => "flight",
            Grant::Range => "range",
            Grant::Reinforcement => "reinforcement",
            Grant::Invulnerability => "invulnerability",
            Grant::MustAttack => "must-attack",
            Grant::TeamBreakthrough => "team-breakthrough",
            Grant::AttackHidden => "attack-hidden",
            Grant::AttackProtected => "attack-protected",
            Grant::AttackAsThoughFlight => "attack-as-though-flight",
            Grant::AttackAsThoughRange => "attack-as-though-range",
            Grant::Cosmic => "cosmic",
        }
    }

    pub const ALL: [Grant; 11] = [
        Grant::Flight,
        Grant::Range,
        Grant::Reinforcement,
        Grant::Invulnerability,
        Grant::MustAttack,
        Grant::TeamBreakthrough,
        Grant::AttackHidden,
        Grant::AttackProtected,
        Grant::AttackAsThoughFlight,
        Grant::AttackAsThoughRange,
        Grant::Cosmic,
    ];
}

/// What a triggered power waits for (502.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Event {
    /// 214.5: this card enters play.
    EntersPlay,
    /// 502.6: this character becomes stunned.
    BecomesStunned,
    /// 602.1d: this character becomes an attacker.
    Attacks,
    /// 602.1g: this character becomes a defender (706.16 energize).
    Defends,
    /// 400.8: at the start of a phase.
    StartOfPhase(PhaseWord),
    /// 708.11e–g: this character stuns a character ("that character" is the one
    /// stunned).
    StunsCharacter,
    /// 602.7b: this character causes breakthrough ("that much").
    CausesBreakthrough,
    /// 502.4: this card leaves play (its text looked at as it was just before).
    LeavesPlay,
    /// 407.1: at the start of your attack step.
    StartOfYourAttackStep,
    /// 405: at the start of your formation step (transferable, 706.4: the triggered
    /// effects go on the chain once the formation is set, G-Transferable).
    StartOfYourFormationStep,
    /// 708.15b: this object readies (only a real exhausted-to-ready change).
    Readies,
    /// 708.16b: this object exhausts (only a real ready-to-exhausted change).
    Exhausts,
    /// 708.5b: this character becomes powered-up (each time the modifier is applied).
    BecomesPoweredUp,
    /// 505.1f: any player plays a plot twist (from hand or the resource row).
    PlotTwistPlayed,
    /// 707.2: a character this card's controller controls becomes powered-up (each
    /// time, 502.6b; "that character" is the one powered-up).
    YoursPoweredUp,
    /// 708.12-like: this character recovers (turns face up, 701.12).
    Recovers,
    /// 502.4: any character leaves play ("that character" is the one that left); the
    /// leaving character's own power looks back, ignoring inactive text.
    ACharacterLeavesPlay,
    /// 510: an opponent of this card's controller flips a location ("that card" is the
    /// location).
    OpponentFlipsLocation,
    /// 502.2, G-Enters-Combat: a character adjacent to this character (705.2) enters
    /// combat with a character that has this (flight, range): once per such pair
    /// (G-In-Combat); "that character" is the adjacent one.
    AdjacentEntersCombatWith(Grant),
    /// Glossary: Team Attacks: this character becomes a team attacker (602.1d, or
    /// during an attack, 602.4).
    TeamAttacks,
}

impl Event {
    /// This kind of event's bit in a set of kinds (every phase one bit, every
    /// adjacent-combat characteristic one bit).
    pub fn bit(self) -> u32 {
        let i = match self {
            Event::EntersPlay => 0,
            Event::BecomesStunned => 1,
            Event::Attacks => 2,
            Event::Defends => 3,
            Event::StartOfPhase(_) => 4,
            Event::StunsCharacter => 5,
            Event::CausesBreakthrough => 6,
            Event::LeavesPlay => 7,
            Event::StartOfYourAttackStep => 8,
            Event::StartOfYourFormationStep => 9,
            Event::Readies => 10,
            Event::Exhausts => 11,
            Event::BecomesPoweredUp => 12,
            Event::PlotTwistPlayed => 13,
            Event::YoursPoweredUp => 14,
            Event::Recovers => 15,
            Event::ACharacterLeavesPlay => 16,
            Event::OpponentFlipsLocation => 17,
            Event::AdjacentEntersCombatWith(_) => 18,
            Event::TeamAttacks => 19,
        };
        1 << i
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum PhaseWord {
    Draw,
    Build,
    Combat,
    Recovery,
}

/// What a "can't" modifier forbids (103.2: it beats any "can", whatever the
/// timestamps; a "can't" event can't be replaced).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Cant {
    /// "can't be stunned" (VS-TCG-002).
    BeStunned,
    /// 601.2c: can't attack.
    Attack,
    /// 601.3c: can't be attacked.
    BeAttacked,
    /// "can't ready" (708.15).
    Ready,
    /// "can't cause breakthrough" (VS-TCG-005).
    CauseBreakthrough,
    /// 708.5e: can't become powered-up.
    BecomePoweredUp,
    /// "loses and can't have reinforcement" (VS-TCG-004).
    HaveReinforcement,
    /// 500.5: "loses and can't have non-activated powers" (not keyword powers, nor
    /// keywords).
    HaveNonActivatedPowers,
    /// 701.10d: "can't reinforce other characters": it is the source of no modifier
    /// that gives another character reinforcement (701.10c).
    ReinforceOthers,
    /// Glossary: Team Attacks: "can't team attack": it can't be proposed as a team
    /// attacker (601.5); it may still become one through a modifier (602.4).
    TeamAttack,
    /// 706.10: "loses leader and all leader powers": the leader keyword and the powers
    /// that follow it are removed (500.5).
    HaveLeader,
}

impl Cant {
    /// This kind's bit in a set of kinds.
    pub fn bit(self) -> u32 {
        1 << self as u32
    }

    pub const ALL: [Cant; 11] = [
        Cant::BeStunned,
        Cant::Attack,
        Cant::BeAttacked,
        Cant::Ready,
        Cant::CauseBreakthrough,
        Cant::BecomePoweredUp,
        Cant::HaveReinforcement,
        Cant::HaveNonActivatedPowers,
        Cant::ReinforceOthers,
        Cant::TeamAttack,
        Cant::HaveLeader,
    ];

    pub fn word(self) -> &'static str {
        match self {
            Cant::BeStunned => "be-stunned",
            Cant::Attack => "attack",
            Cant::BeAttacked => "be-attacked",
            Cant::Ready => "ready",
            Cant::CauseBreakthrough => "cause-breakthrough",
            Cant::BecomePoweredUp => "become-powered-up",
            Cant::HaveReinforcement => "have-reinforcement",
            Cant::HaveNonActivatedPowers => "have-non-activated-powers",
            Cant::ReinforceOthers => "reinforce-others",
            Cant::TeamAttack => "team-attack",
            Cant::HaveLeader => "have-leader",
        }
    }

    pub fn text(self) -> &'static str {
        match self {
            Cant::BeStunned => "can't be stunned",
            Cant::Attack => "can't attack",
            Cant::BeAttacked => "can't be attacked",
            Cant::Ready => "can't ready",
            Cant::CauseBreakthrough => "can't cause breakthrough",
            Cant::BecomePoweredUp => "can't become powered-up",
            Cant::HaveReinforcement => "can't have reinforcement",
            Cant::HaveNonActivatedPowers => "loses and can't have non-activated powers",
            Cant::ReinforceOthers => "can't reinforce other characters",
            Cant::TeamAttack => "can't team attack",
            Cant::HaveLeader => "loses and can't have leader and leader powers",
        }
    }
}

/// The four card types, as a test names them (300.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum CardKind {
    Character,
    Equipment,
    Location,
    PlotTwist,
}

impl CardKind {
    pub fn word(self) -> &'static str {
        match self {
            CardKind::Character => "character-card",
            CardKind::Equipment => "equipment-card",
            CardKind::Location => "location-card",
            CardKind::PlotTwist => "plot-twist-card",
        }
    }
}

/// What an effect target must be (504.4: "a plot twist effect" is from a plot twist
/// card; 708.5d: a power-up effect).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum EffectTest {
    Any,
    PlotTwist,
    NonOngoingPlotTwist,
    PowerUp,
    /// 500.3b: "<card type> power": an effect a payment or triggered power generated,
    /// the power being on a card of that type, whatever its object is (a plot twist
    /// card's power used from the resource row is a "plot twist power").
    PowerOf(CardKind),
}

/// The events a replacement modifier can replace (513.5a).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ReplaceEvent {
    /// A character would become stunned (708.11).
    BecomeStunned,
    /// A card would enter a KO'd pile from play (a KO, 708.13).
    KoFromPlay,
    /// A player would lose endurance.
    LoseEndurance,
    /// A character would cause breakthrough (602.7b).
    CauseBreakthrough,
    /// An exhausted object would ready (708.15c).
    Ready,
    /// A ready object would exhaust (708.16c).
    Exhaust,
    /// A player would draw a card for the first time in a phase (the draw is of one
    /// card, 708.18b: several are drawn one at a time).
    FirstDrawInPhase,
    /// An attacker or defender would become powered-up (708.5).
    BecomePoweredUp,
}

impl ReplaceEvent {
    pub fn word(self) -> &'static str {
        match self {
            ReplaceEvent::BecomeStunned => "become-stunned",
            ReplaceEvent::KoFromPlay => "ko-from-play",
            ReplaceEvent::LoseEndurance => "lose-endurance",
            ReplaceEvent::CauseBreakthrough => "cause-breakthrough",
            ReplaceEvent::Ready => "ready",
            ReplaceEvent::Exhaust => "exhaust",
            ReplaceEvent::FirstDrawInPhase => "first-draw-in-phase",
            ReplaceEvent::BecomePoweredUp => "become-powered-up",
        }
    }

    pub fn text(self) -> &'static str {
        match self {
            ReplaceEvent::BecomeStunned => "would become stunned",
            ReplaceEvent::KoFromPlay => "would enter a KO'd pile from play",
            ReplaceEvent::LoseEndurance => "would lose endurance",
            ReplaceEvent::CauseBreakthrough => "would cause breakthrough",
            ReplaceEvent::Ready => "would ready",
            ReplaceEvent::Exhaust => "would exhaust",
            ReplaceEvent::FirstDrawInPhase => "would draw a card for the first time in a phase",
            ReplaceEvent::BecomePoweredUp => "would become powered-up",
        }
    }
}

/// A step of the turn as the card language names it (400.4, 402.1, 406.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum StepWord {
    Resource,
    Recruit,
    Formation,
    Attack,
}

impl StepWord {
    pub const ALL: [StepWord; 4] = [
        StepWord::Resource,
        StepWord::Recruit,
        StepWord::Formation,
        StepWord::Attack,
    ];

    pub fn word(self) -> &'static str {
        match self {
            StepWord::Resource => "resource-step",
            StepWord::Recruit => "recruit-step",
            StepWord::Formation => "formation-step",
            StepWord::Attack => "attack-step",
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            StepWord::Resource => "resource step",
            StepWord::Recruit => "recruit step",
            StepWord::Formation => "formation step",
            StepWord::Attack => "attack step",
        }
    }
}

impl PhaseWord {
    pub const ALL: [PhaseWord; 4] = [
        PhaseWord::Draw,
        PhaseWord::Build,
        PhaseWord::Combat,
        PhaseWord::Recovery,
    ];

    pub fn word(self) -> &'static str {
        match self {
            PhaseWord::Draw => "draw-phase",
            PhaseWord::Build => "build-phase",
            PhaseWord::Combat => "combat-phase",
            PhaseWord::Recovery => "recovery-phase",
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            PhaseWord::Draw => "draw phase",
            PhaseWord::Build => "build phase",
            PhaseWord::Combat => "combat phase",
            PhaseWord::Recovery => "recovery phase",
        }
    }
}

/// A phase, or a kind of step (whose player the step names), that a modifier skips
/// (400.9) or adds (400.10).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum TurnPart {
    Phase(PhaseWord),
    Step(StepWord),
}
