//! A card's powers (500): the effect a plot twist plays, payment powers, triggered
//! powers and continuous powers, as the card file defines them.

use crate::verbs::Step;
use crate::vocab::*;
pub use crate::vocab::{Event, PhaseWord};
use crate::words::TargetKind;
use serde::{Deserialize, Serialize};

/// What an effect does: its targets, chosen as it is played (505.1c), and its steps,
/// processed in order as it resolves (508.2b).
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Effect {
    /// 203.9: additional costs, paid as the effect is played ("to play, …").
    pub costs: Vec<AdditionalCost>,
    pub targets: Vec<TargetKind>,
    pub steps: Vec<Step>,
    /// 505.3: a step makes a "this attack" modifier, so the effect may be played only
    /// inside an attack substep.
    pub attack_only: bool,
    /// "Use (play) only if you control <name>" (201.5).
    #[serde(default)]
    pub only_if_you_control: Option<String>,
    /// "Use only if <this character> is <tests>" (VS-TCG-042: "use only if Kang is
    /// defending"): the object the power is on passes the tests.
    #[serde(default)]
    pub only_if_this: Option<Filter>,
}

/// An additional cost (203.9a), paid with the effect's other costs (505.1d): the cards
/// used to pay are remembered for the effect (508.2e: "the discarded card").
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum AdditionalCost {
    /// Exhaust N ready characters you control that match.
    Exhaust {
        n: u8,
        filter: Filter,
    },
    /// Discard N cards that match.
    Discard {
        n: u8,
        filter: Filter,
    },
    PayEndurance(u8),
    /// Stun N non-stunned characters you control that match ("stun another Kang you
    /// control", VS-TCG-042); the stuns are not replaced (513.5d).
    Stun {
        n: u8,
        filter: Filter,
    },
    /// "To play, discard up to N cards that match" (G-Up-To): the player stops when they
    /// choose; written last, so that the cards after the others' are its own.
    DiscardUpTo {
        n: u8,
        filter: Filter,
    },
    /// "To play, choose N characters you control that match": nothing is done to them;
    /// a plot twist played from the resource row remembers them while it stays face up
    /// (`chosen-to-play`; 501.4d, 701.11d: turned face down, it forgets them).
    Choose {
        n: u8,
        filter: Filter,
    },
    /// A payment power's cost "reveal N <cards>" (from the hand or face down from the
    /// resource row: a face-up resource can't be revealed to pay it, 203.6c).
    Reveal {
        n: u8,
        filter: Filter,
    },
}

impl AdditionalCost {
    /// How many cards it asks the player to choose.
    pub fn cards(&self) -> u8 {
        match self {
            AdditionalCost::Exhaust { n, .. }
            | AdditionalCost::Discard { n, .. }
            | AdditionalCost::Stun { n, .. }
            | AdditionalCost::Choose { n, .. }
            | AdditionalCost::DiscardUpTo { n, .. }
            | AdditionalCost::Reveal { n, .. } => *n,
            AdditionalCost::PayEndurance(_) => 0,
        }
    }
}

/// A cost of a payment power (203.6) or an additional cost (203.9).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum CostItem {
    /// Exhaust this object (500.3a, glossary Activate).
    Activate,
    PayEndurance(u8),
    /// Only in your recruit step (404.2).
    PayResourcePoints(u8),
    /// Stun this character (evasion, 706.5).
    StunThis,
    KoThis,
    /// "Replace <this card>" (708.8a: reveal and KO this resource, then the top card of
    /// your deck goes face down in its place); only with a card in your deck (203.3,
    /// glossary Replace).
    ReplaceThis,
    /// Discard this card (500.2a, 708.17d): the power exists only while the card is in
    /// its owner's hand, and is used from there (501.5).
    DiscardThis,
    /// Reveal this card from its owner's hand (708.9b): the power exists only there, and
    /// the card goes onto the chain with the effect (708.9d: terraform, substitute); it
    /// goes back to the hand unless the effect puts it into play.
    RevealThis,
    /// 203.6d: "Pay X ATK this turn": only with at least X ATK; paying it gives the
    /// character -X ATK this turn, timestamped as it is paid.
    PayAtk(u8),
    /// 203.6d: "Pay X DEF this turn".
    PayDef(u8),
    /// Remove N shift counters from this card (706.18: shifting it into play).
    RemoveShiftCounters(u8),
}

/// 203.7a: a replacement cost, "instead, you may <cost>", paid by the replacement's
/// controller. Its actions can't be replaced (513.5d), except a KO's trip to the KO'd
/// pile (203.10b).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ReplaceCost {
    /// Choose a character that matches into slot `slot` (`(chosen N)` in the steps);
    /// can't be paid with none (VS-TCG-026).
    Choose { slot: u8, filter: Filter },
    /// Pay N endurance; can't be paid with less (203.3).
    PayEndurance(u8),
    /// Put N +1/+1 counters on this character (VS-TCG-028).
    PlusCounters(u8),
    /// KO this card.
    KoThis,
    /// Return this character to its owner's hand.
    ReturnThis,
}

/// 513.5g: a replacement that replaces an amount with an "additional" amount or an
/// amount some number "less": the original amount is raised or lowered (never below 0,
/// 104.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum AmountChange {
    Additional(u8),
    Less(u8),
}

impl AmountChange {
    /// The new amount for `n`.
    pub fn apply(self, n: i32) -> i32 {
        match self {
            AmountChange::Additional(k) => n.saturating_add(i32::from(k)),
            AmountChange::Less(k) => n.saturating_sub(i32::from(k)).max(0),
        }
    }
}

/// When a power may be used, beyond having priority (501.3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Timing {
    /// Any time you have priority.
    Any,
    /// 707.3: backup powers and "use only during the build phase".
    BuildPhase,
    CombatPhase,
    /// "Use only during your attack step" / "play only during your attack step".
    YourAttackStep,
    /// "Use only during your recruit step" (terraform, 706.13; substitute, 706.14).
    YourRecruitStep,
}

/// Which characters a continuous power modifies.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Affects {
    This,
    Host,
    Each(Filter),
    /// 511.2b: "[type] cards ...": the cards that pass the card tests in every zone (in
    /// play, the deck, the hand, the KO'd pile, out of the game), not only objects in
    /// play; `owned` is "you own" (511.2a). Only modifiers of names and affiliations take
    /// it (the characteristics a card has outside play).
    Cards(Filter),
}

/// A continuous power's modifier (503).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Continuous {
    Stats {
        who: Affects,
        atk: i8,
        def: i8,
    },
    Grant {
        who: Affects,
        grant: Grant,
    },
    /// 103.2: "can't".
    Cant {
        who: Affects,
        what: Cant,
    },
    /// 513.5: "if EVENT would happen, instead, STEPS" (mandatory, 513.5f), or with a
    /// replacement cost "instead, you may COST. If you do, STEPS" (203.7, 513.5e).
    Replace {
        event: ReplaceEvent,
        /// Whose card (character events) …
        who: Option<Affects>,
        /// … or which player (endurance), relative to the power's controller.
        player: Option<Relation>,
        steps: Vec<crate::verbs::Step>,
        /// 203.7a: the optional replacement cost its controller may pay; the event is
        /// replaced only if it is paid (203.7b).
        #[serde(default)]
        cost: Option<ReplaceCost>,
        /// 513.5g: "instead, N additional" / "N less": the event happens with its amount
        /// raised or lowered (then `steps` is empty).
        #[serde(default)]
        amount: Option<AmountChange>,
    },
    /// The top card of the decks of `player` (relative to the power's controller):
    /// revealed to every player (708.9f, "plays with the top card of his deck
    /// revealed"), or, `to_all` false, looked at by its controller whenever they have
    /// priority (511.8, "you may look at the top card of your deck at any time").
    TopCard {
        player: Relation,
        to_all: bool,
    },
    /// 708.3a: "crossover A and B": characters you control and character cards you own
    /// in every zone that have any of the affiliations have all of them.
    Crossover {
        affiliations: Affiliations,
        names: Vec<String>,
    },
    /// "WHO gain the A affiliation" (514.2's Deathstroke).
    GainAffiliation {
        who: Affects,
        affiliations: Affiliations,
        names: Vec<String>,
    },
    /// "WHO lose all affiliations" (514.2's Ra's al Ghul).
    LoseAffiliations {
        who: Affects,
    },
    /// An equipment's "Equip only to a <description>" (201.2e, 302.3a, 708.12e): a
    /// restriction on what it may be attached to, read from the card wherever it is.
    EquipOnlyTo {
        filter: Filter,
    },
    /// 201.7, 201.8: "WHO has the name N" (adding names), or with `lose`, "WHO loses all
    /// names and versions and has the name N".
    Names {
        who: Affects,
        names: Vec<String>,
        lose: bool,
    },
    /// 304.2a: "you may play plot twist cards that pass FILTER from your KO'd pile": played
    /// as from the hand, going onto the chain from there.
    PlayFromKoPile {
        filter: Filter,
    },
    /// 704.1a: "FILTER character cards you control are not unique with cards with the
    /// same name but different version".
    NotUniqueAcrossVersions {
        filter: Filter,
    },
    /// Glossary Identity: "WHO has the identity N" (characters may gain identities).
    Identities {
        who: Affects,
        identities: Vec<String>,
    },
    /// "This card costs 1 less to recruit for each FILTER character you recruited this
    /// turn" (Goblin Glider, VS-TCG-035), read from the card in the hand.
    CostLessPerRecruited {
        filter: Filter,
    },
    /// "While targeting or equipped to a <description>, this card has concealed—optional"
    /// (Batmobile; Glossary: Targeting: a card targets only while it is a recruit effect
    /// on the chain, an equipment its host, 302.3c).
    ConcealedOptionalWhile {
        filter: Filter,
    },
    /// On an equipment: "equipped character can be equipped with any number of other
    /// <description> equipment": one that matches may be attached beyond the host's
    /// maximum (302.3b; the Fate Artifacts of VS-TCG-140).
    EquipAlso {
        filter: Filter,
    },
    /// "WHO can be equipped with up to N equipment" (302.3b, 708.12b: Pier 4).
    EquipLimit {
        who: Affects,
        n: u8,
    },
    /// Glossary: Considered To (201.5): "you are considered to control <name>".
    ConsideredToControl {
        name: String,
    },
    /// "This card costs N less to recruit [while CONDITION]" (706.12b: applied before
    /// press; 513.1a: only while the condition is true). Read from the card wherever it is
    /// recruited from, as its cost is worked out (505.1d).
    CostsLess {
        n: u8,
        while_: Option<WhileCond>,
    },
    /// 510.2b: "this location's threshold is N less to flip" (`yours` false: read from the
    /// location itself, its text active once revealed, 510.2a, 210.5a) or "locations you
    /// flip have threshold N less" (`yours`: from another object in play) [while ...].
    FlipThresholdLess {
        yours: bool,
        n: u8,
        while_: Option<WhileCond>,
    },
    /// 203.9a, 510.2c: "to flip, COST": a location's additional costs to flip it.
    ToFlip {
        costs: Vec<AdditionalCost>,
    },
    /// 214.6: "WHO enter(s) play stunned": `this` read from the card itself as it enters,
    /// `(each ...)` from a card in play, matching the character as it enters.
    EntersPlayStunned {
        who: Affects,
    },
    /// 504.3d: "<player> can't target WHO": those characters can't be the targets of
    /// effects that player controls (you / each opponent, relative to the power's
    /// controller).
    CantTarget {
        player: Relation,
        who: Affects,
    },
    /// 601.4b: "<player> can't be attacked": the player can't be a proposed direct
    /// defender.
    PlayerCantBeAttacked {
        player: Relation,
    },
    /// 500.6, 500.6b: "WHO has "<power>"": the characters named have the power (a
    /// payment power); its "this" costs name this card, the modifier's source.
    HasPower {
        who: Affects,
        power: Box<PowerDef>,
    },
}

/// A "while" condition of a continuous power (513.1a), read for the card's controller.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum WhileCond {
    /// You / an opponent control N or more resources.
    Resources { who: Relation, at_least: u8 },
    /// You have N or more endurance.
    Endurance { at_least: u8 },
}

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Power {
    /// A plot twist's effect (304.3).
    Play { effect: Effect, timing: Timing },
    /// 501: `costs >>> effect`.
    Payment {
        costs: Vec<CostItem>,
        effect: Effect,
        timing: Timing,
        /// "Use only once per turn" (501.4).
        once_per_turn: bool,
        /// 203.10a: "you may <these> rather than pay this power's cost": an alternate
        /// cost, paid instead of the original (not a replacement of it).
        #[serde(default)]
        alternate: Option<Vec<CostItem>>,
    },
    /// 502.
    Trigger {
        event: Event,
        effect: Effect,
        /// 502.1a, 502.1c, 502.2a: what it asks beyond its event.
        #[serde(default)]
        when: TriggerWhen,
    },
    /// 503.
    Continuous(Continuous),
}

/// What a triggered power asks beyond its event (502.1a, 502.1c, 502.2a).
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct TriggerWhen {
    /// 502.1a: an additional trigger condition ("whenever <event> and <condition>"),
    /// looked at only as the power triggers, never as its effect resolves.
    pub also: Option<crate::verbs::Condition>,
    /// 502.1c: a double-check condition ("<event>, if <condition>, ..."): the power
    /// triggers only if it holds, and its effect is negated by the rules if it no
    /// longer holds as the effect resolves.
    pub double_check: Option<crate::verbs::Condition>,
    /// 502.2a: "this power triggers only once per turn": only off the first
    /// applicable event each turn (of this object: 501.4a).
    pub once_per_turn: bool,
}

/// What makes a power's text active or inactive beyond the card's (210.5b).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Gate {
    /// 706.7a: "Cosmic: text" is active only with a cosmic counter.
    Cosmic,
    /// 706.2a: a character's boost text is active only if it was played this turn with
    /// its boost cost paid.
    Boost,
    /// 706.15: "Insanity: text" is active only if the card started the game in an
    /// insane deck (706.15a), in every zone.
    Insanity,
    /// Glossary: During: "during <period>, <text>": the power's modifier is active only
    /// while the game is in that phase (not a duration, 505.3).
    During(PhaseWord),
}

/// One power of a card: the power, what gates it, and the keyword it stands for when
/// the card prints a keyword rather than the power's text (706: energize, evasion…).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct PowerDef {
    pub power: Power,
    pub gate: Option<Gate>,
    pub keyword: Option<Keyword>,
    /// 706.10: a leader power (it follows the leader keyword): active only while the
    /// card has leader, and removed with it ("loses leader and all leader powers").
    #[serde(default)]
    pub leader: bool,
    /// 508.2h: one way to play a modal effect: the modes it makes modifiers for.
    #[serde(default)]
    pub mode: Option<ModeTag>,
    /// Where a payment power works when not on an object in play (501.5: "use only if
    /// this card is in your hand", shift's "use only if this card is shifted", 706.18).
    #[serde(default)]
    pub works: Option<WorksIn>,
}

/// A zone a payment power works in besides play (500.2, 501.5).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum WorksIn {
    /// In its owner's hand.
    Hand,
    /// While the card is shifted (706.18a), in its owner's removed-from-game zone.
    Shifted,
}

/// 508.2h, 505.1b: a modal effect ("choose one:", "choose one or both:") is compiled to
/// one effect per choice of modes the player may announce; this is that choice.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ModeTag {
    /// The modes chosen, a bit each (mode 1 is bit 0).
    pub chosen: u8,
    /// How many modes the effect has.
    pub modes: u8,
    /// "choose one or both" rather than "choose one".
    pub or_both: bool,
}

impl From<Power> for PowerDef {
    fn from(power: Power) -> PowerDef {
        PowerDef {
            power,
            gate: None,
            keyword: None,
            leader: false,
            mode: None,
            works: None,
        }
    }
}

/// 500.2a, 501.5, 708.9d: a payment power whose cost discards or reveals its own card
/// exists only in its owner's hand and is used from there.
pub(crate) fn from_hand(costs: &[CostItem]) -> bool {
    costs
        .iter()
        .any(|c| matches!(c, CostItem::DiscardThis | CostItem::RevealThis))
}
