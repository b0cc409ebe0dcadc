//! The game state: every card and where it is, the players, the turn, priority, the
//! chain and the attack in progress. Fields are `pub(crate)`: the state changes only
//! through this crate's rules code (atoms.rs and the files that call it).

use crate::action::Action;
use crate::db::{CardPool, DefId};
use crate::ids::*;
pub use crate::ids::{Defender, TargetRef};
use crate::model::*;
pub use crate::vocab::{Cant, Duration};
use crossover_cards::Pool;
use crossover_kernel::{GameRng, LogEntry};
pub use crossover_vs_core::PriorityWindow;
use serde::{Deserialize, Serialize};
use smallvec::SmallVec;

/// Where a card is (213: the six zones; the in-play zone split into its places).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Zone {
    Deck,
    Hand,
    KoPile,
    /// Removed from the game (213.7), face up unless said otherwise.
    Removed {
        face_down: bool,
    },
    /// On the chain, as a recruit effect or a plot twist played from hand (213.6a).
    Chain,
    /// A character in a front or support row.
    Character(Position),
    /// An equipment attached to a character (302.4).
    Equipped(CardId),
    /// In the resource row (its place there is its index in the player's row).
    Resource,
}

/// One card and, while it is in play, the object it is.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Card {
    pub(crate) def: DefId,
    pub(crate) owner: PlayerId,
    pub(crate) controller: PlayerId,
    pub(crate) zone: Zone,
    /// 701.3 / 701.9: exhausted, or else ready.
    pub(crate) exhausted: bool,
    /// 701.12: a stunned character (face down in its row).
    pub(crate) stunned: bool,
    /// A resource turned face up (a flipped location, a played plot twist).
    pub(crate) face_up: bool,
    /// A face-down resource revealed by its controller (701.11f).
    pub(crate) revealed: bool,
    /// +1/+1 counters (215).
    pub(crate) plus: u8,
    /// A cosmic counter (706.7).
    pub(crate) cosmic: bool,
    /// Which object this card is: a new number each time it changes zones or moves
    /// between the resource row and the character rows (213.1c), so modifiers and use
    /// limits of the old object stop applying to it.
    pub(crate) object: u32,
    /// 515.1: when it entered play or was last turned face up.
    pub(crate) timestamp: u32,
    /// Boost was paid for this object as it was recruited (706.2a).
    pub(crate) boosted: bool,
}

/// 215.1c: named counters (dream, plague, micro ...) on one object: counters of one
/// name are alike, whoever put them there (215.1c), and they stay with the object,
/// not the card (213.1c, 215.2: a new object has none).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct NamedCounters {
    pub(crate) card: CardId,
    pub(crate) object: u32,
    pub(crate) name: String,
    pub(crate) n: u16,
}

/// 515.7, 702.4: one player's continuous modifiers that started to apply together,
/// waiting for the player to order their timestamps (a block of timestamps reserved for
/// them, in the order the player picks).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct StampOrder {
    pub(crate) player: PlayerId,
    /// The powers still to be ordered: (card, object, power number).
    pub(crate) powers: Vec<(CardId, u32, u8)>,
    /// The timestamps still to give, earliest first.
    pub(crate) stamps: Vec<u32>,
}

/// 501.4d: the characters a face-up resource chose as it was played ("to play, choose
/// ..."), remembered by that object until it turns face down (701.11d) or leaves play;
/// 513.1c: an affiliation it chose, remembered the same way.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Remembered {
    pub(crate) card: CardId,
    pub(crate) object: u32,
    pub(crate) chosen: Vec<(CardId, u32)>,
    /// 513.1c: an affiliation it chose, by its index in the pool.
    #[serde(default)]
    pub(crate) affiliation: Option<u8>,
}

/// A player and the zones they own.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Player {
    /// Starts at 50 (101.5); may be negative (104.1).
    pub(crate) endurance: i32,
    /// Top of the deck is the end of the vector.
    pub(crate) deck: Vec<CardId>,
    pub(crate) hand: Vec<CardId>,
    pub(crate) ko_pile: Vec<CardId>,
    pub(crate) removed: Vec<CardId>,
    /// The resource row, left to right (403.2, 705.3).
    pub(crate) resources: Vec<CardId>,
    /// The characters this player controls, in either area.
    pub(crate) characters: Vec<CardId>,
    /// The equipment this player controls.
    pub(crate) equipment: Vec<CardId>,
    /// Resource points in the pool (404.1); only during the player's recruit step.
    pub(crate) rp: u8,
    /// Still in the game (102.3).
    pub(crate) in_game: bool,
    /// Has taken the once-per-game mulligan decision (101.6).
    pub(crate) mulligan_decided: bool,
    /// 706.12: press cards recruited this turn, and the reduction the next character
    /// recruited gets.
    pub(crate) press_recruited: u8,
    pub(crate) press_reduction: u8,
    /// 706.15a: the player's deck started the game insane (no more than one copy of
    /// each card); announced as the game starts (706.15a allows announcing early).
    #[serde(default)]
    pub(crate) insane: bool,
}

/// The four phases (400.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Phase {
    Draw,
    Build,
    Combat,
    Recovery,
}

impl Phase {
    pub fn name(self) -> &'static str {
        match self {
            Phase::Draw => "draw phase",
            Phase::Build => "build phase",
            Phase::Combat => "combat phase",
            Phase::Recovery => "recovery phase",
        }
    }
}

/// The steps, each owned by one player (400.4, 402.1, 406.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum StepKind {
    Resource,
    Recruit,
    Formation,
    Attack,
}

impl StepKind {
    pub fn name(self) -> &'static str {
        match self {
            StepKind::Resource => "resource step",
            StepKind::Recruit => "recruit step",
            StepKind::Formation => "formation step",
            StepKind::Attack => "attack step",
        }
    }
}

/// The part of the turn the game is in: a phase outside its steps, or a player's step.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Part {
    /// Before the first turn: choosing the initiative and mulligans (101.4–6).
    Setup,
    Phase(Phase),
    Step(StepKind, PlayerId),
}

/// The attack being proposed or in its substep.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Attack {
    /// Proposed attackers, then (in the substep) the attackers still in the attack,
    /// with the object each was (602.2a).
    /// On the stack up to four: an attack allocates nothing (a state clone either).
    pub(crate) attackers: SmallVec<[(CardId, u32); 4]>,
    /// The proposed defender, then the defender still in the attack.
    pub(crate) defender: Option<(Defender, u32)>,
    /// The attack substep has started (602.1); before that it is a proposal.
    pub(crate) started: bool,
    /// A team attack (602.1e): stays one when attackers leave (602.2b).
    pub(crate) team: bool,
    /// The player whose defender is attacked, or who is attacked directly.
    pub(crate) defending_player: PlayerId,
    /// 602.6c: the order chosen so far in which the attackers' ATK is applied to the
    /// defender, for a team attack that can cause breakthrough (602.7c).
    #[serde(default)]
    pub(crate) order: SmallVec<[CardId; 4]>,
}

/// What an effect on the chain does.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum EffectKind {
    /// 401.1: each player draws two cards; no controller.
    NormalDraw,
    /// A character or equipment being recruited (301.5, 302.4); the card is on the
    /// chain. Equipment targets its host (302.3c).
    Recruit {
        card: CardId,
        host: Option<(CardId, u32)>,
        boost: bool,
    },
    /// 507.1b / 708.5c: target attacker or defender you control becomes powered-up.
    PowerUp { target: (CardId, u32) },
    /// 507.1c / 708.7b: target defender you control has reinforcement this attack.
    Reinforcement { target: (CardId, u32), by: CardId },
    /// The effect of a delayed triggered modifier (513.4b: only "triggered").
    Delayed(Box<Delayed>),
    /// An effect from a card's power: a plot twist's, a payment or a triggered power's.
    Card {
        source: CardId,
        object: u32,
        power: u8,
        origin: Origin,
        targets: SmallVec<[TargetRef; 4]>,
        /// The cards used to pay its additional costs (203.9), as they were.
        paid: Vec<CardId>,
        /// A triggered effect's event: what it was about ("that character", "that much").
        about: Option<(CardId, i32)>,
    },
}

/// An effect on the chain (213.6).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ChainEffect {
    /// Names the effect while it is on the chain, for effects that target effects.
    pub(crate) id: u32,
    pub(crate) kind: EffectKind,
    /// 504.2; the normal draw has none.
    pub(crate) controller: Option<PlayerId>,
}

/// What a continuous modifier from an effect applies to.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Applies {
    /// One object (508.2d), while it is that object (213.1c).
    Object(CardId, u32),
    /// Every character that matches, as things change (513.2c), read from the effect's
    /// controller and source.
    Each {
        filter: Filter,
        controller: PlayerId,
        source: CardId,
    },
}

/// A continuous modifier from a resolved effect or a game-based effect (513.2).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Modifier {
    pub(crate) applies: Applies,
    pub(crate) atk: i16,
    pub(crate) def: i16,
    pub(crate) grant: Option<Grant>,
    /// 103.2: what it forbids.
    pub(crate) cant: Option<Cant>,
    /// 513.2e: a characteristic it removes ("loses flight"), until a later modifier
    /// gives it again.
    #[serde(default)]
    pub(crate) loses: Option<Grant>,
    pub(crate) duration: Duration,
    pub(crate) timestamp: u32,
    /// 513.1f: "its ATK / DEF becomes N": overwrites the changes timestamped before it;
    /// later ones change it.
    #[serde(default)]
    pub(crate) set_atk: Option<i16>,
    #[serde(default)]
    pub(crate) set_def: Option<i16>,
    /// 203.2a: raises the cost ("gains the printed cost of <card>").
    #[serde(default)]
    pub(crate) cost: i16,
    /// 701.10c: the object it came from (the resolving effect's source; the character
    /// exhausted to play a reinforcement effect, 708.7c).
    #[serde(default)]
    pub(crate) source: Option<(CardId, u32)>,
    /// 601.1c: "must attack <character> if able": that character, as that object.
    #[serde(default)]
    pub(crate) must_attack: Option<(CardId, u32)>,
    /// 513.6a: an exhaust-and-hold modifier's captor, as that object: the modifier
    /// applies only while the captor remains exhausted, and ends as it readies.
    #[serde(default)]
    pub(crate) captor: Option<(CardId, u32)>,
}

/// Where an effect from a card came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Origin {
    /// A plot twist played from hand: the card is on the chain (304.5).
    FromHand,
    /// A plot twist played from the resource row: it stays there (304.5).
    FromResourceRow,
    /// A payment power (501).
    Payment,
    /// A triggered power (502).
    Triggered,
    /// 708.2: a copy of another effect: not played, no card on the chain.
    Copy,
}

/// An effect being played, before it is on the chain (505.1): its choices so far.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Draft {
    pub(crate) player: PlayerId,
    pub(crate) source: CardId,
    pub(crate) power: u8,
    pub(crate) origin: Origin,
    pub(crate) targets: SmallVec<[TargetRef; 4]>,
    /// Cards chosen to pay additional costs so far (505.1d), in cost order.
    pub(crate) paid: Vec<CardId>,
    /// A triggered effect's event: what it was about.
    pub(crate) about: Option<(CardId, i32)>,
    /// The player stopped paying an "up to" additional cost (G-Up-To).
    #[serde(default)]
    pub(crate) paid_done: bool,
    /// 203.10a: a payment power's alternate cost is paid (`Some(true)`) or its own
    /// (`Some(false)`); `None` until its player chose (or only one could be paid).
    #[serde(default)]
    pub(crate) alternate: Option<bool>,
    /// 706.2, 505.1b: a plot twist with boost is played with its boost paid
    /// (`Some(true)`) or not; `None` until its player said (or it couldn't be paid).
    #[serde(default)]
    pub(crate) boost: Option<bool>,
}

/// 510.2b: the terms of flipping a location, locked in once it is revealed: its printed
/// threshold, the threshold after reductions, and its additional costs (203.9a).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct FlipTerms {
    pub(crate) printed: u8,
    pub(crate) threshold: u8,
    pub(crate) costs: Vec<crate::power::AdditionalCost>,
}

/// A triggered power waiting to go on the chain (506.2).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Waiting {
    pub(crate) source: CardId,
    pub(crate) object: u32,
    pub(crate) power: u8,
    pub(crate) controller: PlayerId,
    /// A delayed triggered modifier's effect (513.4), instead of the card's power.
    pub(crate) delayed: Option<Box<Delayed>>,
    /// What the event was about: the character stunned ("that character") and an amount
    /// ("that much" breakthrough).
    pub(crate) about: Option<(CardId, i32)>,
}

/// A delayed triggered modifier (513.4): created by a resolving effect, it triggers once
/// on its event; its targets were fixed when the creating effect was played (513.4d).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Delayed {
    pub(crate) event: crate::power::Event,
    /// "this turn": it ends at the wrap-up if it hasn't triggered.
    pub(crate) this_turn: bool,
    pub(crate) steps: Vec<crate::verbs::Step>,
    pub(crate) controller: PlayerId,
    pub(crate) source: CardId,
    pub(crate) source_object: u32,
    pub(crate) targets: SmallVec<[Option<TargetRef>; 4]>,
    pub(crate) chosen: Vec<Option<CardId>>,
    /// 513.4a: the target whose event it waits for ("whenever target character becomes
    /// stunned"), instead of a phase.
    #[serde(default)]
    pub(crate) watch: Option<u8>,
    /// "whenever": it triggers each time until it ends; else only the next time.
    #[serde(default)]
    pub(crate) whenever: bool,
}

/// The effect resolving now (508.2), between its steps.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Resolving {
    pub(crate) source: CardId,
    pub(crate) source_object: u32,
    pub(crate) power: u8,
    pub(crate) controller: PlayerId,
    /// Each target, or `None` where it was illegal as the effect began to resolve
    /// (508.2c).
    pub(crate) targets: SmallVec<[Option<TargetRef>; 4]>,
    /// The step running now (508.2b: in order).
    pub(crate) step: u8,
    /// Characters chosen as it resolves (508.2b: choices not made on playing are made
    /// on resolution), by slot.
    pub(crate) chosen: Vec<Option<CardId>>,
    /// The cards its additional costs were paid with (508.2e).
    pub(crate) paid: Vec<CardId>,
    /// A plot twist card on the chain goes to the KO'd pile as the effect leaves it.
    pub(crate) card_on_chain: bool,
    /// How far the current step has got, for a step that pauses more than once.
    pub(crate) progress: u8,
    /// The steps of a delayed triggered modifier's effect (not a card's power).
    pub(crate) inline: Option<Vec<crate::verbs::Step>>,
    /// For a replacement's new event (513.5): the card and amount of the event it
    /// replaced ("that character", "that much").
    pub(crate) event_card: Option<CardId>,
    pub(crate) event_amount: i32,
    /// 508.2i: whether the last step that says so did its action ("if you do").
    #[serde(default)]
    pub(crate) did: bool,
    /// 508.2k: how many times a process of this effect has been repeated.
    #[serde(default)]
    pub(crate) repeats: u16,
    /// 513.5: the new event of a replacement modifier: when its steps are done, the
    /// event it replaced goes on (`events`), not the chain.
    #[serde(default)]
    pub(crate) replacement: bool,
    /// The characters a step that stopped part way (an event of it waits while it is
    /// being replaced, or a move waits for a position, 708.4d) still acts on, the
    /// waiting one first.
    #[serde(default)]
    pub(crate) held: Vec<CardId>,
    /// Glossary: Number: the number chosen as it resolves ("choose a number").
    #[serde(default)]
    pub(crate) number: Option<u16>,
    /// 214, 602.4b: the card a `put-into-play` step is putting into play, chosen before
    /// its position.
    #[serde(default)]
    pub(crate) entering: Option<CardId>,
    /// 213.5i, 702.2: the cards a `put-into-play` of several cards has chosen, with their
    /// positions, waiting to enter play together once all are chosen.
    #[serde(default)]
    pub(crate) placing: Vec<(CardId, Position)>,
}

/// 513.5: an event being replaced while a player decides (513.5c: which replacement
/// applies first; 513.5e: whether to pay a replacement cost) or while a replacement's
/// steps wait for a choice. The event's caller stopped; it goes on (`resume`) once the
/// event is settled: replaced, or happening because no replacement applies.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct EventFrame {
    pub(crate) event: crate::vocab::ReplaceEvent,
    pub(crate) card: Option<CardId>,
    pub(crate) player: Option<PlayerId>,
    /// The amount ("that much") and the character "that" names in the new event.
    pub(crate) amount: i32,
    pub(crate) that: Option<CardId>,
    /// Replacement powers that won't apply to it: declined, or their cost can't be paid
    /// (203.7b).
    pub(crate) passed: Vec<(CardId, u8)>,
    pub(crate) stage: EventStage,
    /// The effect that was resolving when the event began (its step runs again).
    pub(crate) outer: Option<Box<Resolving>>,
    pub(crate) resume: Resume,
    /// Whether a decision may stop the game (a caller that can go on later).
    pub(crate) can_wait: bool,
    /// 203.10: the cost being paid when the event began.
    pub(crate) paying: bool,
}

/// What asking for a replacement found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Replaced {
    /// No replacement applies: the event happens.
    No,
    /// A replacement applied: the event doesn't happen.
    Yes,
    /// A player decides first: the caller stops and asks again once resumed.
    Wait,
}

/// Where an event being replaced has got to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum EventStage {
    /// Looking for the next replacement to apply.
    Looking,
    /// 513.5c: the player picks which of the replacements applies first.
    Order(PlayerId),
    /// 513.5e: the replacement's controller may pay its cost.
    Cost {
        source: CardId,
        power: u8,
        payer: PlayerId,
    },
    /// The replacement's new event is happening: its steps (`resolving`) run.
    Steps { source: CardId, power: u8 },
}

/// What goes on once an event being replaced is settled.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Resume {
    /// The resolving effect's step that began the event runs again (it holds its place).
    Steps,
    /// The attack's conclusion goes on (`conclusion`).
    Combat,
    /// A power-up game effect (507.1b) resolves again.
    PowerUp {
        target: (CardId, u32),
        controller: PlayerId,
    },
}

/// An event settled while its caller waited: whether it was replaced. The caller asks
/// for it again and gets this answer instead of the replacements.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Settled {
    pub(crate) event: crate::vocab::ReplaceEvent,
    pub(crate) card: Option<CardId>,
    pub(crate) player: Option<PlayerId>,
    pub(crate) replaced: bool,
}

/// 602.7: the attack's conclusion, worked out at once and carried out event by event, so
/// that a replacement may stop it for a decision (513.5).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Conclusion {
    pub(crate) hit: CardId,
    pub(crate) defender: CardId,
    pub(crate) attackers: SmallVec<[CardId; 4]>,
    pub(crate) stun_defender: bool,
    pub(crate) defender_stuns: bool,
    pub(crate) breakthrough: i32,
    pub(crate) shares: Vec<(CardId, i32)>,
    pub(crate) caused: Vec<(CardId, i32)>,
    pub(crate) active: SmallVec<[CardId; 8]>,
    pub(crate) defending_player: PlayerId,
    /// The next event: 0 the defender's stun, 1 the hit attacker's, 2 a lone attacker's
    /// breakthrough, 3 + i the i-th team share's, then the endurance loss.
    pub(crate) stage: u8,
}

/// The decision the game waits for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Pending {
    /// 101.4: the player picked at random chooses who starts with the initiative.
    ChooseInitiative(PlayerId),
    /// 101.6: keep or mulligan.
    Mulligan(PlayerId),
    /// 403.1, 403.4: build a resource or explicitly not.
    Build(PlayerId),
    /// 405.1: rearrange the formation.
    Formation(PlayerId),
    /// 216.1: the player with priority acts or passes.
    Priority(PlayerId),
    /// 214.3a: where the entering character goes.
    Place(PlayerId, CardId),
    /// 601.1b: more attackers may join the proposed team attack.
    TeamUp(PlayerId),
    /// 602.6c: which attacker the defender applies its ATK to.
    HitAttacker(PlayerId),
    /// 408.2b: which stunned character to recover in the wrap-up.
    WrapUpRecover(PlayerId),
    /// 505.1c / 506.3: choose the next target of the effect being played.
    Target(PlayerId),
    /// 505.1d: choose the next card to pay the effect's additional costs with.
    PayCost(PlayerId),
    /// 506.2a: which of your triggered effects goes on the chain next.
    OrderTriggers(PlayerId),
    /// 508.2b: a choice the resolving effect asks of this player.
    EffectChoice(PlayerId),
    /// 706.11b: the player may refill the resource row spot a reservist left, at this
    /// index.
    Refill(PlayerId, u8),
    /// 602.6c: the attacking player picks the attacker whose ATK is applied next to the
    /// defender (a team attack that can cause breakthrough, 602.7c).
    OrderAttackers(PlayerId),
    /// 400.9b–c: which of the skip modifiers that would skip the next step or phase
    /// applies (by the card that made it).
    ChooseSkip(PlayerId),
    /// 513.5c / 513.5e: a decision about the event being replaced (`events`): which
    /// replacement applies first, or whether to pay a replacement cost.
    Replacement(PlayerId),
    /// 513.6b, 513.6d: in the wrap-up, whether to ready this captor (and so its
    /// captives with it).
    ReadyCaptor(PlayerId, CardId),
    /// 203.10a: whether to pay the power being used's alternate cost (yes) or its own
    /// (no); 706.2: for a plot twist being played, whether to pay its boost.
    ChooseCost(PlayerId),
    /// 515.7, 702.4: which of this player's continuous modifiers that start to apply
    /// together gets the next timestamp (`stamp_orders`).
    OrderModifiers(PlayerId),
    Over,
    /// 703.1a: how many times the demonstrated loop repeats (`loops.counting`). After
    /// `Over` so the hashes of the other decisions stay as they were.
    LoopCount(PlayerId),
}

impl Pending {
    pub fn seat(self) -> Option<PlayerId> {
        match self {
            Pending::ChooseInitiative(p)
            | Pending::Mulligan(p)
            | Pending::Build(p)
            | Pending::Formation(p)
            | Pending::Priority(p)
            | Pending::Place(p, _)
            | Pending::TeamUp(p)
            | Pending::HitAttacker(p)
            | Pending::WrapUpRecover(p)
            | Pending::Target(p)
            | Pending::PayCost(p)
            | Pending::OrderTriggers(p)
            | Pending::EffectChoice(p)
            | Pending::Refill(p, _)
            | Pending::OrderAttackers(p)
            | Pending::ChooseSkip(p)
            | Pending::Replacement(p)
            | Pending::ReadyCaptor(p, _)
            | Pending::ChooseCost(p)
            | Pending::OrderModifiers(p)
            | Pending::LoopCount(p) => Some(p),
            Pending::Over => None,
        }
    }
}

/// How a game ended.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum GameResult {
    Win(PlayerId),
    /// 703.3 or the engine's turn limit: the players still in the game share it.
    Draw(Vec<PlayerId>),
}

/// The kinds of continuous power (503) the cards of a game have, worked out at setup.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct ContinuousKinds {
    /// "Can't"s, a bit per kind (`Cant::bit`).
    pub cants: u32,
    /// Grants, a bit per kind (`Grant::bit`).
    pub grants: u32,
    /// ATK/DEF changes.
    pub stats: bool,
    /// Affiliation changes (crossover, gain or lose affiliations: `layers.rs`).
    #[serde(default)]
    pub affiliations: bool,
    /// Name changes (has-name, only-name: `layers.rs`).
    #[serde(default)]
    pub names: bool,
    /// 504.3d: "can't target" powers.
    #[serde(default)]
    pub targeting: bool,
    /// 601.4b: "<player> can't be attacked" powers.
    #[serde(default)]
    pub player_cants: bool,
    /// Powers given to other cards (has-power, 500.6b: `gained.rs`).
    #[serde(default)]
    pub gives_powers: bool,
    /// 304.2a: plot twists played from the KO'd pile.
    #[serde(default)]
    pub play_from_ko_pile: bool,
    /// 708.18b: "the top card of your deck is revealed" powers.
    #[serde(default)]
    pub top_card: bool,
    /// 513.5: replacement powers.
    #[serde(default)]
    pub replaces: bool,
    /// 510.2b: "locations you flip have threshold N less".
    #[serde(default)]
    pub flip_reductions: bool,
}

impl ContinuousKinds {
    /// Every kind: for boards whose cards are swapped in after setup.
    #[cfg(test)]
    pub const ALL: ContinuousKinds = ContinuousKinds {
        cants: u32::MAX,
        grants: u32::MAX,
        stats: true,
        affiliations: true,
        names: true,
        targeting: true,
        player_cants: true,
        gives_powers: true,
        play_from_ko_pile: true,
        top_card: true,
        replaces: true,
        flip_reductions: true,
    };

    pub fn of<'a>(powers: impl IntoIterator<Item = &'a crate::power::PowerDef>) -> Self {
        use crate::power::{Continuous, Power};
        let mut k = ContinuousKinds::default();
        for p in powers {
            match &p.power {
                Power::Continuous(Continuous::Cant { what, .. }) => k.cants |= what.bit(),
                Power::Continuous(Continuous::Grant { grant, .. }) => k.grants |= grant.bit(),
                Power::Continuous(Continuous::Stats { .. }) => k.stats = true,
                Power::Continuous(
                    Continuous::Crossover { .. }
                    | Continuous::GainAffiliation { .. }
                    | Continuous::LoseAffiliations { .. },
                ) => k.affiliations = true,
                Power::Continuous(Continuous::Names { .. }) => k.names = true,
                Power::Continuous(Continuous::CantTarget { .. }) => k.targeting = true,
                Power::Continuous(Continuous::PlayerCantBeAttacked { .. }) => k.player_cants = true,
                Power::Continuous(Continuous::HasPower { .. }) => k.gives_powers = true,
                Power::Continuous(Continuous::PlayFromKoPile { .. }) => k.play_from_ko_pile = true,
                Power::Continuous(Continuous::TopCard { .. }) => k.top_card = true,
                Power::Continuous(Continuous::Replace { .. }) => k.replaces = true,
                Power::Continuous(Continuous::FlipThresholdLess { yours: true, .. }) => {
                    k.flip_reductions = true
                }
                _ => {}
            }
        }
        k
    }
}

fn yes() -> bool {
    true
}

/// The cards of `cards` with a continuous power, and which kinds (see
/// `GameState::continuous_cards`).
pub(crate) fn continuous_cards(
    pool: &CardPool,
    cards: &[Card],
) -> std::sync::Arc<[(CardId, ContinuousKinds)]> {
    cards
        .iter()
        .enumerate()
        .filter(|(_, c)| pool.def(c.def).continuous)
        .map(|(i, c)| {
            (
                CardId(i as u16),
                ContinuousKinds::of(&pool.def(c.def).powers),
            )
        })
        .collect()
}

/// What a card could be used for at priority, and whether it could trigger, by its
/// printed definition (see `GameState::action_cards`): bits of [`ActionKind`].
pub(crate) struct ActionKind;

impl ActionKind {
    /// A plot twist or a location: played or flipped (304.2, 510.1).
    pub const PLAYABLE: u8 = 1;
    /// 706.11a: a reservist, revealed face down (701.11f).
    pub const RESERVIST: u8 = 2;
    /// 501.3: a payment power.
    pub const PAYMENT: u8 = 4;
    /// 501.5: a payment power that works from the hand.
    pub const HAND_PAYMENT: u8 = 8;
    /// A triggered power (502.2): looked for as events happen, not at priority.
    pub const TRIGGERS: u8 = 16;
    /// Every bit: a card the list doesn't know.
    pub const ANY: u8 = u8::MAX;

    pub fn of(def: &CardDef) -> u8 {
        let mut k = 0;
        if matches!(
            def.ty,
            CardType::PlotTwist { .. } | CardType::Location { .. }
        ) {
            k |= Self::PLAYABLE;
        }
        if def.has(Keyword::Reservist) {
            k |= Self::RESERVIST;
        }
        if def.payment {
            k |= Self::PAYMENT;
        }
        if def.hand_payment {
            k |= Self::HAND_PAYMENT;
        }
        if def.triggers {
            k |= Self::TRIGGERS;
        }
        k
    }
}

/// The kinds of event ([`crate::vocab::Event::bit`]) the printed triggered powers of
/// `cards` wait for.
pub(crate) fn trigger_events(pool: &CardPool, cards: &[Card]) -> u32 {
    cards
        .iter()
        .flat_map(|c| &pool.def(c.def).powers)
        .filter_map(|p| match p.power {
            crate::power::Power::Trigger { event, .. } => Some(event.bit()),
            _ => None,
        })
        .fold(0, |a, b| a | b)
}

fn every_event() -> u32 {
    u32::MAX
}

/// [`ActionKind`] of each card of `cards`, by card number.
pub(crate) fn action_cards(pool: &CardPool, cards: &[Card]) -> std::sync::Arc<[u8]> {
    cards
        .iter()
        .map(|c| ActionKind::of(pool.def(c.def)))
        .collect()
}

/// 400.9a: a replacement modifier that skips the next phase or step it names, used up
/// as it applies.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Skip {
    pub(crate) part: Part,
    /// It ends at the wrap-up if it hasn't applied.
    pub(crate) this_turn: bool,
    /// The card of the effect that made it (400.9b–c: what a player picks).
    #[serde(default)]
    pub(crate) source: Option<CardId>,
}

/// 400.9b–c: the game stopped before `next` for a player to choose which skip applies.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct SkipChoice {
    pub(crate) next: Part,
    pub(crate) added_now: bool,
    pub(crate) part_serial: u32,
    pub(crate) phase_serial: u32,
}

/// 400.10a: a phase or step added after the current one.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Added {
    pub(crate) part: Part,
    /// The number of the part it comes after: the step (or phase window) it was added
    /// in, or for an added phase the phase it was added in.
    pub(crate) after: u32,
    /// It waits for the end of a phase (an added phase), not of a step.
    pub(crate) phase_end: bool,
}

/// The phases and steps modifiers skip (400.9) and add (400.10).
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct TurnChanges {
    pub(crate) skips: Vec<Skip>,
    pub(crate) added: Vec<Added>,
    /// Numbers each part of the turn as it begins; the current phase's number.
    pub(crate) part_serial: u32,
    pub(crate) phase_serial: u32,
    /// 400.10b: when the added part (step or phase) of this number ends, the game goes
    /// on to the part that was scheduled after the one it was added after.
    pub(crate) resume: Vec<(u32, Part)>,
    /// 400.9b–c: a choice of skip modifiers being made.
    #[serde(default)]
    pub(crate) choosing: Option<SkipChoice>,
}

/// The whole game.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct GameState {
    pub(crate) pool: Pool<CardPool>,
    /// Some card of the game has a continuous power (a shortcut for the stats).
    pub(crate) has_continuous_powers: bool,
    /// The kinds of continuous power some card of the game has: the queries look for
    /// continuous sources only for these.
    #[serde(default)]
    pub(crate) continuous_kinds: ContinuousKinds,
    /// The cards of the game with continuous powers and the kinds each has, worked out
    /// at setup: a query for one kind (has anything given `c` flight?) looks at these
    /// few cards instead of every object in play. `None` (boards whose cards are swapped
    /// after setup, a state read back) means: scan the objects in play.
    #[serde(skip)]
    pub(crate) continuous_cards: Option<std::sync::Arc<[(CardId, ContinuousKinds)]>>,
    /// What each card of the game could be used for at priority and whether it could
    /// trigger ([`ActionKind`]), worked out at setup: a priority decision or an event
    /// passes over the many cards that can do nothing there without looking them up.
    /// `None` (as for `continuous_cards`): look each up.
    #[serde(skip)]
    pub(crate) action_cards: Option<std::sync::Arc<[u8]>>,
    /// The kinds of event some card of the game has a printed triggered power for
    /// (`Event::bit`), worked out at setup: an event no card waits for is not offered
    /// to every object in play. Every bit (a state read back, a test board): offer it.
    #[serde(skip, default = "every_event")]
    pub(crate) trigger_events: u32,
    /// Some card of the game has a "whenever a character adjacent to this enters combat
    /// with ..." trigger: without one, entering combat looks for none (502.2).
    #[serde(default = "yes")]
    pub(crate) adjacent_combat_triggers: bool,
    pub(crate) cards: Vec<Card>,
    pub(crate) players: Vec<Player>,
    pub(crate) turn: u32,
    pub(crate) initiative: PlayerId,
    pub(crate) part: Part,
    /// 216: the players still to be asked before the top of the chain resolves or the
    /// game moves on; the first has priority.
    pub(crate) priority: PriorityWindow<PlayerId>,
    /// Top of the chain is the end of the vector.
    pub(crate) chain: Vec<ChainEffect>,
    pub(crate) attack: Option<Attack>,
    pub(crate) modifiers: Vec<Modifier>,
    /// The characters moved so far in this formation step: each moves at most once
    /// (405.1; docs/rulings.md, "Formation").
    pub(crate) formation_moved: SmallVec<[CardId; 8]>,
    /// Attacks and effects taken back since the player with priority got it.
    pub(crate) takebacks: u8,
    /// In the wrap-up (408.2b): the characters chosen so far, one per player at most.
    pub(crate) wrap_up_saved: Vec<CardId>,
    /// Who chose to hit which attacker (602.6c), chosen before the conclusion's
    /// simultaneous events.
    pub(crate) hit_attacker: Option<CardId>,
    pub(crate) pending: Pending,
    /// The effect being played (505.1), before it is on the chain.
    pub(crate) draft: Option<Draft>,
    /// Triggered effects waiting to go on the chain (506.2).
    pub(crate) waiting: Vec<Waiting>,
    /// Who gets priority once the waiting triggered effects are on the chain.
    pub(crate) priority_after: Option<PlayerId>,
    /// The effect resolving now.
    pub(crate) resolving: Option<Resolving>,
    /// Delayed triggered modifiers waiting for their event (513.4).
    pub(crate) delayed: Vec<Delayed>,
    /// The replacement powers applying to the event being replaced now, so that none
    /// applies twice to one event (513.5i): (source, power).
    pub(crate) replacing: Vec<(CardId, u8)>,
    /// 203.10: a cost is being paid now, so its actions can't be replaced (a KO aside,
    /// 203.10b). Only true inside the payment; false whenever an action is awaited.
    #[serde(default)]
    pub(crate) paying_cost: bool,
    /// 513.5: the events being replaced while a decision is awaited, innermost last.
    #[serde(default)]
    pub(crate) events: Vec<EventFrame>,
    /// An event settled while its caller waited, for the caller to pick up.
    #[serde(default)]
    pub(crate) settled: Option<Settled>,
    /// Inside something that can't stop for a decision (an event within an event, a
    /// cost): replacements are not asked about. Zero whenever an action is awaited.
    #[serde(default)]
    pub(crate) no_wait: u8,
    /// 602.7: the attack's conclusion in progress.
    #[serde(default)]
    pub(crate) conclusion: Option<Conclusion>,
    /// 215.1c: the named counters on objects (stale entries, of an object that has
    /// since changed zones, count for nothing).
    #[serde(default)]
    pub(crate) named_counters: Vec<NamedCounters>,
    /// 706.17: the character each player hunts, as the object it was when it became
    /// hunted: (player, card, object). It stops being hunted as it leaves play (a new
    /// object) or stops being opposed to that player (706.17a: read by `hunted_by`).
    #[serde(default)]
    pub(crate) hunted: Vec<(PlayerId, CardId, u32)>,
    /// 501.4d: the choices face-up resources remember.
    #[serde(default)]
    pub(crate) remembered: Vec<Remembered>,
    /// 708.12g: the equipment a resolving `transfer-equipment` has tried so far, in the
    /// order its controller chose, and whether each was transferred.
    #[serde(default)]
    pub(crate) transfers_tried: Vec<(CardId, bool)>,
    /// 706.18a: the cards removed from the game shifted, as the object each became
    /// there: it stops being shifted as it changes zones (a new object).
    #[serde(default)]
    pub(crate) shifted: Vec<(CardId, u32)>,
    /// The players who have drawn a card in this phase (a "first draw in a phase"
    /// replacement, 513.5).
    #[serde(default)]
    pub(crate) drawn_this_phase: Vec<PlayerId>,
    /// Payment powers used this turn by object (501.4): (card, object, power).
    pub(crate) used_this_turn: Vec<(CardId, u32, u8)>,
    /// 515.3, 500.5: powers that came back (a cosmic counter, a removal ended) with a
    /// timestamp later than their object's: (card, object, power, timestamp).
    #[serde(default)]
    pub(crate) power_stamps: Vec<(CardId, u32, u8, u32)>,
    /// 515.7, 702.4: modifiers that started together, waiting for their controllers
    /// to order their timestamps, the primary player's first.
    #[serde(default)]
    pub(crate) stamp_orders: Vec<StampOrder>,
    /// 500.6: powers gained from other cards by effects (500.6a) and the powers of
    /// continuous grants kept for the effects played from them (500.6b).
    #[serde(default)]
    pub(crate) gained_powers: Vec<GainedPower>,
    /// "while attacking a <description> character": the modifiers (by timestamp) that
    /// apply only while their character attacks a defender that matches.
    #[serde(default)]
    pub(crate) while_attacking: Vec<(u32, Filter)>,
    /// 511.4: the affiliation the resolving effect's controller chose (an index of the
    /// pool's affiliations), for its later steps.
    #[serde(default)]
    pub(crate) chosen_affiliation: Option<u8>,
    /// 511.4a: the identity the resolving effect chose (`choose-identity`), by its
    /// index in `identity_names`.
    #[serde(default)]
    pub(crate) chosen_identity: Option<u16>,
    /// The player the last breakthrough was caused to ("that player" of a "causes
    /// breakthrough" trigger; attacks begin only with an empty chain, 601.1a, so its
    /// effects resolve before another breakthrough).
    #[serde(default)]
    pub(crate) breakthrough_to: Option<PlayerId>,
    /// 301.4: the affiliations a character card recruited onto the chain had in the
    /// zone it came from: (card, its object on the chain, affiliations).
    #[serde(default)]
    pub(crate) kept_affiliations: Vec<(CardId, u32, Affiliations)>,
    /// 513.1b: what "while <card> remains exhausted" modifiers need.
    #[serde(default)]
    pub(crate) exhaust_ties: ExhaustTies,
    /// The characters each player recruited this turn, with the affiliations they had
    /// as they were recruited (301.4): (player, card, affiliations).
    #[serde(default)]
    pub(crate) recruited_this_turn: Vec<(PlayerId, CardId, Affiliations)>,
    pub(crate) result: Option<GameResult>,
    /// 400.9, 400.10: skipped and added phases and steps.
    #[serde(default)]
    pub(crate) turn_changes: TurnChanges,
    /// Who attacked, team attacked and defended in which attack substep this turn
    /// (Glossary: Attacked; First Attack or First Defense in a Turn).
    #[serde(default)]
    pub(crate) combat_history: CombatHistory,
    /// 215.1e: when +1/+1 counters were put on objects, for a later "becomes" to
    /// overwrite the earlier ones (513.1f): (card, object, timestamp, how many).
    #[serde(default)]
    pub(crate) counter_stamps: Vec<(CardId, u32, u32, u8)>,
    /// 513.6b, 513.6d: the captors chosen in this wrap-up to ready, and those kept
    /// exhausted.
    #[serde(default)]
    pub(crate) wrap_up_captors: (Vec<CardId>, Vec<CardId>),
    /// 703.3: what the engine remembers to find a loop of mandatory actions (not part
    /// of the state hash: it only says when the game is drawn).
    #[serde(default)]
    pub(crate) loop_watch: LoopWatch,
    /// 703.1a–b: loops of optional actions: what is being demonstrated, the repeat
    /// count being chosen, the action that can't come next (`loops.rs`).
    #[serde(default)]
    pub(crate) loops: LoopShortcut,
    /// Counts timestamps (515) and objects (213.1c).
    pub(crate) clock: u32,
    pub(crate) rng: GameRng,
    pub(crate) logging: bool,
    pub(crate) log: Vec<LogEntry>,
}

/// 703.3: since a player last did anything but pass priority (or order triggered
/// effects), how many effects have resolved, and — from the [`LOOP_WATCH_FROM`]th on —
/// the loop fingerprints of the game as each began to resolve (at most
/// [`LOOP_WATCH_KEEP`], the latest); and the fingerprints of the resolving effect's
/// repeated process as each repetition ended.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct LoopWatch {
    pub(crate) resolved: u32,
    pub(crate) seen: Vec<u64>,
    #[serde(default)]
    pub(crate) repeats: Vec<u64>,
}

/// 703.3: the resolutions with only passes between them after which the engine starts
/// comparing game states (a loop is found a few repetitions late; fingerprints cost
/// nothing in a game with no such run).
pub const LOOP_WATCH_FROM: u32 = 8;
/// 703.3: the most fingerprints kept: loops of up to this many resolutions are found.
pub const LOOP_WATCH_KEEP: usize = 64;

/// 703.1a: a player's action: who took it and what it was.
pub type LoopAction = (PlayerId, Action);

/// 703.1a–b: what the engine keeps to shortcut a loop of optional actions.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct LoopShortcut {
    /// The turn `started` is about.
    pub(crate) turn: u32,
    /// The optional actions (not passing) taken with priority or answering a resolving
    /// effect this turn, each once (at most [`LOOP_STARTS_KEEP`]).
    pub(crate) started: Vec<LoopAction>,
    /// One of them taken again: a loop may be under way from there.
    pub(crate) demo: Option<LoopDemo>,
    /// A demonstrated loop whose repeat count is being chosen.
    pub(crate) counting: Option<LoopCount>,
    /// The action that would continue the loop just repeated: the next action taken
    /// can't be it.
    pub(crate) refused: Option<LoopAction>,
    /// The loop is being repeated now (only inside one `apply`: always false between).
    #[serde(skip)]
    pub(crate) replaying: bool,
    /// The last optional action taken and whether it was added to `started` then: if it
    /// is taken back (216.2f), it is as if it never was.
    #[serde(default)]
    pub(crate) last: Option<(LoopAction, bool)>,
}

/// 703.1a: a loop possibly being demonstrated: the action that began it, the game's
/// loop point then (see `GameState::loop_point`), and every action since, that one
/// first.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct LoopDemo {
    pub(crate) start: LoopAction,
    pub(crate) point: u64,
    pub(crate) actions: Vec<LoopAction>,
}

/// 703.1a: a demonstrated loop and its repeat count as the players choose it. Counts
/// are in actions of the loop (`steps`): whole repetitions are multiples of its length;
/// a player stopping it partway through one (703.1b) stops it before one of their own
/// actions.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct LoopCount {
    pub(crate) actions: Vec<LoopAction>,
    /// The players still to choose a smaller number, clockwise; the first chooses now.
    pub(crate) choosers: Vec<PlayerId>,
    /// The smallest number chosen so far (in actions), once the first player chose.
    pub(crate) steps: Option<u32>,
    /// Who chose it.
    pub(crate) smallest: PlayerId,
    /// The decision the loop's first action answered, where it starts again.
    pub(crate) resume: Pending,
}

/// 703.1a: how many of a turn's optional actions are remembered to find a loop.
pub const LOOP_STARTS_KEEP: usize = 64;
/// 703.1a: the most actions a loop the engine shortcuts may have.
pub const LOOP_ACTIONS_MAX: usize = 64;
/// 703.1a, 703.2: the most times a loop may be chosen to repeat (a number, never
/// infinite; docs/rulings.md).
pub const LOOP_TIMES_MAX: u32 = 99;

/// What the attack substeps of this turn were (cleared as the turn ends, 408.2d).
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct CombatHistory {
    /// Attack substeps started this turn; the current one is this number.
    pub(crate) substeps: u32,
    /// (character, its object, role, substep): each attacker, team attacker and
    /// character defender, as it gained that characteristic.
    pub(crate) records: Vec<(CardId, u32, CombatRole, u32)>,
    /// (player, substep): the substeps in which the player controlled an attacker
    /// (attacks) or a defender or was the direct defender (defenses).
    pub(crate) attacks: Vec<(PlayerId, u32)>,
    pub(crate) defenses: Vec<(PlayerId, u32)>,
}

impl CombatHistory {
    /// Empty, as at the start of a turn (its lists keep their room: no allocation the
    /// next turn).
    pub(crate) fn clear(&mut self) {
        self.substeps = 0;
        self.records.clear();
        self.attacks.clear();
        self.defenses.clear();
    }
}

/// A characteristic of combat a character had (Glossary: Attacked).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum CombatRole {
    Attacker,
    TeamAttacker,
    Defender,
}

/// 500.6: a power an object has that is not printed on it.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct GainedPower {
    /// The object that has it.
    pub(crate) card: CardId,
    pub(crate) object: u32,
    /// Its number among the object's powers (after the printed ones).
    pub(crate) index: u8,
    pub(crate) power: crate::power::PowerDef,
    /// 500.6b: the card its "this" costs name: the modifier's source for a power an
    /// equipment's text gives; the object itself for a power gained from another
    /// character, whose name references became the object's (500.6a).
    pub(crate) text_of: CardId,
    /// 500.6, 515.3: when it was added.
    pub(crate) timestamp: u32,
    /// Gained "this turn": it ends in the wrap-up (408.2d).
    pub(crate) this_turn: bool,
    /// Kept only for an effect already played from a continuous grant (the grant may
    /// be gone by the time the effect resolves, 500.6b's KO cost): not a power the
    /// object has.
    pub(crate) played: bool,
}

/// 513.1b: when objects last readied, when the resolving effect was played, and which
/// modifiers (by timestamp) last only while their source remains exhausted.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ExhaustTies {
    /// (card, the clock as it readied).
    pub(crate) readied_at: Vec<(CardId, u32)>,
    /// The chain id (a clock value) of the card effect resolving now.
    pub(crate) played_at: u32,
    /// (modifier timestamp, source).
    pub(crate) ties: Vec<(u32, CardId)>,
}

impl std::hash::Hash for GameState {
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        // The pool is named by its fingerprint in the setup; the log is not rules state.
        self.cards.hash(h);
        self.players.hash(h);
        self.turn.hash(h);
        self.initiative.hash(h);
        self.part.hash(h);
        self.priority.hash(h);
        self.chain.hash(h);
        self.attack.hash(h);
        self.modifiers.hash(h);
        self.formation_moved[..].hash(h);
        self.takebacks.hash(h);
        self.wrap_up_saved.hash(h);
        self.hit_attacker.hash(h);
        self.pending.hash(h);
        self.draft.hash(h);
        self.waiting.hash(h);
        self.priority_after.hash(h);
        self.resolving.hash(h);
        self.delayed.hash(h);
        self.replacing.hash(h);
        self.used_this_turn.hash(h);
        if !self.stamp_orders.is_empty() {
            self.stamp_orders.hash(h);
        }
        if !self.power_stamps.is_empty() {
            self.power_stamps.hash(h);
        }
        if !self.gained_powers.is_empty() {
            self.gained_powers.hash(h);
        }
        if !self.while_attacking.is_empty() {
            self.while_attacking.hash(h);
        }
        if self.chosen_identity.is_some() {
            self.chosen_identity.hash(h);
        }
        if self.chosen_affiliation.is_some() {
            self.chosen_affiliation.hash(h);
        }
        // `breakthrough_to` is left out: every breakthrough sets it, and replays recorded
        // before it existed keep their hashes; only a trigger's effect reads it.
        if !self.named_counters.is_empty() {
            self.named_counters.hash(h);
        }
        if !self.hunted.is_empty() {
            self.hunted.hash(h);
        }
        if !self.remembered.is_empty() {
            self.remembered.hash(h);
        }
        if !self.transfers_tried.is_empty() {
            self.transfers_tried.hash(h);
        }
        if !self.shifted.is_empty() {
            self.shifted.hash(h);
        }
        self.kept_affiliations.hash(h);
        self.exhaust_ties.hash(h);
        self.recruited_this_turn.hash(h);
        if !self.drawn_this_phase.is_empty() {
            self.drawn_this_phase.hash(h);
        }
        if !self.events.is_empty() || self.conclusion.is_some() {
            self.events.hash(h);
            self.conclusion.hash(h);
        }
        self.result.hash(h);
        self.turn_changes.hash(h);
        if self.combat_history.substeps != 0 {
            self.combat_history.hash(h);
        }
        if !self.counter_stamps.is_empty() {
            self.counter_stamps.hash(h);
        }
        if !self.wrap_up_captors.0.is_empty() || !self.wrap_up_captors.1.is_empty() {
            self.wrap_up_captors.hash(h);
        }
        // 703.1a: what decides the options now; the record of the turn's optional
        // actions is left out, as `loop_watch` is (a play taken back leaves the game as
        // it was, 216.2f).
        if self.loops.counting.is_some() || self.loops.refused.is_some() {
            (&self.loops.counting, &self.loops.refused).hash(h);
        }
        self.clock.hash(h);
        self.rng.hash(h);
    }
}

/// The name of shift counters (706.18).
pub(crate) const SHIFT: &str = "shift";

/// The most effects the chain holds: a free power used again and again is a loop
/// (703.1); past this, nothing more is played until the chain resolves
/// (docs/rulings.md, "Loops").
pub const MAX_CHAIN: usize = 64;

/// How many times a player may take back an attack or an effect being played while they
/// hold priority (see `GameState::takebacks`).
pub const MAX_TAKEBACKS: u8 = 3;

/// The engine stops a game that reaches this turn: a draw between the players still in
/// it (docs/rulings.md, "Turn limit"). Real games end far sooner; it bounds simulations
/// whose players never attack.
pub const TURN_LIMIT: u32 = 60;

impl GameState {
    pub fn pool(&self) -> &CardPool {
        &self.pool
    }

    pub fn card(&self, c: CardId) -> &Card {
        &self.cards[c.0 as usize]
    }

    pub(crate) fn card_mut(&mut self, c: CardId) -> &mut Card {
        &mut self.cards[c.0 as usize]
    }

    /// Could an object in play trigger on `event` (502.1)? No when no card of the game
    /// has a printed power waiting for it and no object can gain powers (500.6).
    pub(crate) fn may_trigger_on(&self, event: crate::vocab::Event) -> bool {
        debug_assert!(
            self.setup_lists_fit(),
            "the lists made at setup no longer match the cards' definitions"
        );
        self.trigger_events & event.bit() != 0
            || !self.gained_powers.is_empty()
            || self.continuous_kinds.gives_powers
    }

    /// `c`'s [`ActionKind`] bits (every bit when the game keeps no list).
    pub(crate) fn action_kind(&self, c: CardId) -> u8 {
        self.action_cards
            .as_deref()
            .map_or(ActionKind::ANY, |k| k[usize::from(c.0)])
    }

    /// The lists made at setup from the cards' definitions (`action_cards`,
    /// `trigger_events`) still say what the definitions do (a board that swaps
    /// definitions after setup must rebuild or drop them).
    pub(crate) fn setup_lists_fit(&self) -> bool {
        let kinds_fit = self.action_cards.as_deref().is_none_or(|k| {
            k.len() == self.cards.len()
                && self
                    .cards
                    .iter()
                    .zip(k)
                    .all(|(c, &kind)| kind == ActionKind::of(self.pool.def(c.def)))
        });
        let events = trigger_events(&self.pool, &self.cards);
        kinds_fit && self.trigger_events & events == events
    }

    pub fn def(&self, c: CardId) -> &CardDef {
        self.pool.def(self.card(c).def)
    }

    pub fn player(&self, p: PlayerId) -> &Player {
        &self.players[p as usize]
    }

    pub(crate) fn player_mut(&mut self, p: PlayerId) -> &mut Player {
        &mut self.players[p as usize]
    }

    pub fn seats(&self) -> PlayerId {
        self.players.len() as PlayerId
    }

    pub fn pending(&self) -> Pending {
        self.pending
    }

    pub fn result(&self) -> Option<&GameResult> {
        self.result.as_ref()
    }

    pub fn turn(&self) -> u32 {
        self.turn
    }

    pub fn part(&self) -> Part {
        self.part
    }

    pub fn initiative(&self) -> PlayerId {
        self.initiative
    }

    pub fn chain(&self) -> &[ChainEffect] {
        &self.chain
    }

    pub fn attack(&self) -> Option<&Attack> {
        self.attack.as_ref()
    }

    pub fn endurance(&self, p: PlayerId) -> i32 {
        self.player(p).endurance
    }

    pub fn in_game(&self, p: PlayerId) -> bool {
        self.player(p).in_game
    }

    /// The players still in the game, clockwise from `from` (itself first if in).
    pub fn clockwise_from(&self, from: PlayerId) -> impl Iterator<Item = PlayerId> + '_ {
        let n = self.seats();
        // From `from` to the last seat, then round from the first: no division (this is
        // asked at every priority window).
        let from = if from < n { from } else { from % n.max(1) };
        (from..n).chain(0..from).filter(move |&p| self.in_game(p))
    }

    /// [`Self::clockwise_from`] as a list kept on the stack (a game seats at most
    /// `MAX_SEATS`), for callers that change the state as they go through it.
    pub(crate) fn clockwise_order(&self, from: PlayerId) -> SeatOrder {
        let mut order = SeatOrder {
            seats: [0; SEAT_ORDER_MAX],
            len: 0,
        };
        // The loop of `clockwise_from`, written out: every priority window starts here.
        let n = self.seats();
        let mut p = if from < n { from } else { from % n.max(1) };
        for _ in 0..n {
            if self.in_game(p) && order.len < order.seats.len() {
                order.seats[order.len] = p;
                order.len += 1;
            }
            p = if p + 1 == n { 0 } else { p + 1 };
        }
        order
    }

    /// The next player still in the game clockwise after `p`.
    pub fn next_player(&self, p: PlayerId) -> PlayerId {
        let n = self.seats();
        (1..=n)
            .map(|i| (p + i) % n)
            .find(|&q| self.in_game(q))
            .unwrap_or(p)
    }

    pub fn players_in_game(&self) -> u8 {
        self.players.iter().filter(|p| p.in_game).count() as u8
    }

    /// 400.5: inside a step, its owner; outside, the initiative player.
    pub fn primary_player(&self) -> PlayerId {
        match self.part {
            Part::Step(_, owner) => owner,
            _ => self.initiative,
        }
    }

    /// Opponents: every other player still in the game.
    pub fn is_opponent(&self, me: PlayerId, other: PlayerId) -> bool {
        me != other && self.in_game(other)
    }

    /// Puts an effect on top of the chain (213.6c).
    pub(crate) fn push_effect(&mut self, kind: EffectKind, controller: Option<PlayerId>) {
        let id = self.tick();
        self.chain.push(ChainEffect {
            id,
            kind,
            controller,
        });
    }

    pub(crate) fn tick(&mut self) -> u32 {
        self.clock = self.clock.saturating_add(1);
        self.clock
    }

    /// Adds a log line everyone may read.
    pub(crate) fn log(&mut self, text: impl FnOnce(&GameState) -> String) {
        if self.logging {
            let text = text(self);
            self.log.push(LogEntry {
                turn: self.turn,
                visible_to: None,
                text,
            });
        }
    }

    /// Adds a log line only `seat` may read (a card drawn, a face-down resource).
    pub(crate) fn log_private(&mut self, seat: PlayerId, text: impl FnOnce(&GameState) -> String) {
        if self.logging {
            let text = text(self);
            self.log.push(LogEntry {
                turn: self.turn,
                visible_to: Some(seat as usize),
                text,
            });
        }
    }

    pub fn name(&self, c: CardId) -> String {
        self.current_name(c)
    }

    pub fn log_entries(&self) -> &[LogEntry] {
        &self.log
    }
}

impl Player {
    pub fn deck_len(&self) -> usize {
        self.deck.len()
    }
    pub fn hand_len(&self) -> usize {
        self.hand.len()
    }
    pub fn ko_len(&self) -> usize {
        self.ko_pile.len()
    }
    pub fn removed_len(&self) -> usize {
        self.removed.len()
    }
    pub fn resources_len(&self) -> usize {
        self.resources.len()
    }
    pub fn characters_len(&self) -> usize {
        self.characters.len()
    }
    pub fn equipment_len(&self) -> usize {
        self.equipment.len()
    }
    pub fn hand(&self) -> &[CardId] {
        &self.hand
    }
    pub fn characters(&self) -> &[CardId] {
        &self.characters
    }
    pub fn resources(&self) -> &[CardId] {
        &self.resources
    }
    pub fn ko_pile(&self) -> &[CardId] {
        &self.ko_pile
    }
}

impl GameState {
    pub fn card_count(&self) -> usize {
        self.cards.len()
    }

    /// Cards on the chain (recruit effects; plot twists played from hand).
    pub fn cards_on_chain(&self) -> usize {
        self.cards.iter().filter(|c| c.zone == Zone::Chain).count()
    }
}

/// The most players a `SeatOrder` holds (setup checks that a game seats no more).
pub(crate) const SEAT_ORDER_MAX: usize = 4;

/// Players in clockwise order (`GameState::clockwise_order`).
#[derive(Debug, Clone, Copy)]
pub(crate) struct SeatOrder {
    seats: [PlayerId; SEAT_ORDER_MAX],
    len: usize,
}

impl std::ops::Deref for SeatOrder {
    type Target = [PlayerId];
    fn deref(&self) -> &[PlayerId] {
        &self.seats[..self.len]
    }
}
