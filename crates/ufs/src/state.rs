//! The game state (D. Zones, C. Card States): every card, the two players' zones, the
//! turn, the attack under way and the attack stack, the check being made, and the
//! pending decision.

use crate::db::Db;
use crate::model::*;
use crossover_kernel::{GameRng, LogEntry, Seat};
use serde::{Deserialize, Serialize};
use std::sync::Arc;

pub type CardId = u16;

/// Ability indexes from here on, while the card is in hand, are the abilities of a
/// split card's action half when its printed half is not an action (ruling UFS-31).
pub const SPLIT_HALF: u8 = 100;
/// Ability indexes from here on are abilities granted by the card's keywords (I.3).
pub const GRANTED: u8 = 200;
/// Ability indexes from here on are abilities an effect gave the card
/// (`Card::granted`: "your next attack has the ability ...").
pub const GRANTED_BY_EFFECT: u8 = 230;

/// Where a card is (D.1). Transit (D.2.8) is never a resting place, so it is not here.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Place {
    Deck,
    Hand,
    CardPool,
    Staging,
    Momentum,
    Discard,
    Removed,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Card {
    pub def: u16,
    pub owner: u8,
    pub place: Place,
    /// C.1: committed (turned) rather than ready.
    pub committed: bool,
    /// Played into the card pool this turn as a block (F.3: blocks don't go to staging).
    pub played_as_block: bool,
    /// G.3: this attack dealt damage (F.3: it may go to momentum).
    pub dealt_damage: bool,
    /// Face up in its owner's momentum (`Effect::MomentumFaceUp`): public.
    pub face_up: bool,
}

/// What effects put on cards, kept beside them rather than in each `Card` (few cards
/// have any, and `Card` stays plain data, so the state clones fast). All of it stays
/// behind when the card changes zones (UFS-17).
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct CardMarks {
    /// Tokens on cards, by kind.
    pub tokens: Vec<(CardId, crate::ability::TokenKind, u8)>,
    /// Abilities effects gave cards in the card pool ("your next attack has ...").
    pub granted: Vec<(CardId, crate::ability::Ability)>,
    /// Cards played face down as attacks (`Effect::PlayTopAsAttack`): their `def` is
    /// the definition the effect gave them until they leave the card pool.
    pub face_down: Vec<(CardId, FaceDown)>,
    /// Cards in the card pool that go face up if they are added to momentum.
    pub momentum_face_up: Vec<CardId>,
    /// Attacks in the card pool and the number checked to play them (E.3.1.1).
    #[serde(default)]
    pub checked_to_play: Vec<(CardId, u8)>,
    /// In a Ready Phase, the committed cards that may stay committed whose controller
    /// was asked, and whether they stay (`StaticRule::MayStayCommitted`).
    #[serde(default)]
    pub ready_choices: Vec<(CardId, bool)>,
    /// Block zones an effect changed (`Effect::SetBlockZone`): the card's block zone
    /// while it stays where it is (as a block, until the attack resolves).
    #[serde(default)]
    pub block_zone: Vec<(CardId, crate::model::Zone)>,
    /// Abilities played this turn with X chosen as 0 (ruling UFS-36: not again this
    /// turn, H.5.3: until the card changes zones), by card and ability index.
    #[serde(default)]
    pub x_zero: Vec<(CardId, u8)>,
}

/// A detached fired effect under way (J.2.2): whose it is, and the last turn it is
/// active in (`GameState::turn`).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ActiveDetached {
    pub controller: u8,
    pub last_turn: u32,
    pub effect: crate::ability::Detached,
}

/// A card in the card pool that has another definition than its printed one: played
/// face down as an attack (UFS-20) or as a split card's other half (UFS-31). Its own
/// definition, and what the effect said of it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct FaceDown {
    pub printed: u16,
    pub no_momentum: bool,
}

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Player {
    /// The starting character (E.1.1), in staging for the whole game (D.2.2.3.4).
    pub character: CardId,
    pub vitality: i16,
    /// Top of the deck is the last card.
    pub deck: Vec<CardId>,
    pub hand: Vec<CardId>,
    /// Left to right (D.2.1).
    pub card_pool: Vec<CardId>,
    pub staging: Vec<CardId>,
    pub momentum: Vec<CardId>,
    /// Top of the discard pile is the last card (D.2.4).
    pub discard: Vec<CardId>,
    pub removed: Vec<CardId>,
    /// F.2.2.3 (second): the player passed last turn without attempting to play a card
    /// from hand as a form, so must attempt one this turn.
    pub must_attempt: bool,
    /// This turn, the player attempted to play a card from hand as a form.
    pub attempted_from_hand: bool,
    pub mulliganed: bool,
    /// I.3.1 Breaker: added to the difficulty of the next card this player attempts to
    /// play this turn.
    pub next_card_difficulty: i16,
    /// Abilities this player's next attack this turn will have (K.3.9).
    pub next_attack_gains: Vec<crate::ability::Ability>,
    /// The player drew or added a card to their hand this Combat Phase.
    pub to_hand_this_combat: bool,
    /// The turn (`GameState::turn`) in which the player may not draw
    /// (`Effect::NoDraws`).
    #[serde(default)]
    pub no_draws_turn: Option<u32>,
    /// The card to be played as this player's first form this turn, with no control
    /// check (`Effect::FirstForm`); it stays set, played or not, until the turn ends.
    #[serde(default)]
    pub first_form: Option<CardId>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Phase {
    /// E.1: before the first turn.
    Setup,
    Ready,
    Combat,
    End,
    Over,
}

/// Why a card is being played, which says what follows its control check.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Purpose {
    /// F.2.2: a form; a failure ends the Combat Phase (F.2.2.1.1).
    Form,
    /// G.2: a block against the attack in its sequence.
    Block,
    /// I.3.10: a reversal against the blocked attack that just resolved.
    Reversal,
    /// E.4: an action card in hand played with its ability `.0` (X chosen as `.1`):
    /// the ability's effect follows a passed check; a failed one aborts it.
    Ability(u8, u8),
    /// An effect plays the card (UFS-20): passed or failed, the effect goes on
    /// (`Check::then`).
    Effect,
}

/// A control check under way (E.3) for a card being played (E.4.7).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Check {
    pub player: u8,
    pub card: CardId,
    pub purpose: Purpose,
    pub difficulty: i16,
    /// The final value of the check so far, with the commits made for it.
    pub value: i16,
    /// Cards committed for it so far (E.3.5.2.3: once the player starts, they commit
    /// until the difficulty is met).
    pub commits: u8,
    /// The card the check discarded (E.3.1), whose control is the number checked.
    pub checked: Option<CardId>,
    /// An effect asked for a re-check (E.3.3).
    pub recheck: bool,
    /// This check is itself a re-check, so it can't be re-checked (E.3.3.1).
    pub is_recheck: bool,
    /// An effect made the failed check succeed instead ("it succeeds").
    pub succeeds: bool,
    /// What follows the check when an effect is playing the card.
    pub then: Option<Box<Resume>>,
    /// The card paid for the cost of the ability the card is played with
    /// (`Purpose::Ability`).
    pub paid: Option<CardId>,
}

impl Check {
    /// A check by `p` for card `c`, before anything is known of it: no difficulty yet,
    /// nothing checked or committed.
    pub(crate) fn new(
        p: u8,
        c: CardId,
        purpose: Purpose,
        then: Option<Box<Resume>>,
        paid: Option<CardId>,
    ) -> Check {
        Check {
            player: p,
            card: c,
            purpose,
            difficulty: 0,
            value: 0,
            commits: 0,
            checked: None,
            recheck: false,
            is_recheck: false,
            succeeds: false,
            then,
            paid,
        }
    }
}

/// A game event a response window is opened in reaction to (H.2.3.2.1). Its properties
/// can't change once the window is open (H.2.3.2.5), so they are kept here.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Event {
    /// E.3.1.1: `player` checked `value` (the starting value) to play `card`.
    Check {
        player: u8,
        value: i16,
        card: CardId,
    },
    /// E.3.5.2.2: `player`'s check failed, short by `by`; `attack`: it was a check
    /// to play an attack.
    CheckFails { player: u8, by: i16, attack: bool },
    /// G.2.4: `player` blocked with `card`.
    Block { player: u8, card: CardId },
    /// `player` lost `amount` vitality: from `attack`'s damage (G.3), or from an effect
    /// controlled by `by`.
    LoseVitality {
        player: u8,
        amount: i16,
        attack: Option<CardId>,
        by: u8,
    },
    /// F.2.2.3: `player` passed priority to play a form.
    PassForm { player: u8 },
    /// F.1.1: `player`'s Ready Step readied these cards.
    ReadyStep { player: u8, readied: Vec<CardId> },
    /// F.1.3: `player`'s Draw Step is over, and with it their Ready Phase.
    DrawStep { player: u8 },
    /// `player` discarded cards from their hand as a result of an effect `by` controls.
    Discard { player: u8, by: u8 },
    /// F.2.2: `player` is about to perform a form (the "before" window, UFS-19).
    BeforeForm { player: u8 },
    /// G.2.2.1: `player`'s attempt to block failed.
    BlockFails { player: u8 },
    /// E.4.11: `player` played an attack (`card`).
    PlaysAttack { player: u8, card: CardId },
    /// E.3.5.1: `player`'s control check passed; `attack`: it was to play an attack.
    CheckPasses { player: u8, attack: bool },
    /// E.4.8.2: `player`'s control check failed, and no "successful instead" changed
    /// that.
    CheckFailureStands { player: u8 },
    /// `player` drew 1 or more cards; `both`: each player drew, as one event (K.1.3.1),
    /// and `player` is the first of them.
    Draws { player: u8, both: bool },
    /// `player` added 1 or more cards to their momentum.
    GainsMomentum { player: u8 },
    /// F.3: `player`'s End Phase begins.
    EndPhase { player: u8 },
    /// F.2.3.4: `player`'s attack enters its attack sequence.
    AttackBegins { player: u8 },
    /// An effect `by` controls destroyed a card `owner` owns.
    Destroyed { owner: u8, by: u8 },
    /// `player` played an ability that puts attacks in the card pool with no control
    /// check (Multiple, I.3.8.1), before its effect executes.
    AddsAttacksWithoutCheck { player: u8 },
    /// `player` is about to draw (the Draw Step's draws, or a draw effect): the
    /// "before you draw" window (UFS-19's reading of "before").
    BeforeDraw { player: u8 },
    /// E.4.11: `player` played `card` into their card pool (a form, a block, a
    /// reversal, an action card or a card an effect played).
    PlaysCard { player: u8, card: CardId },
    /// `player` is about to pay a cost that discards momentum (ruling UFS-33).
    BeforeMomentumCost { player: u8 },
    /// `player` is about to block with `card`, announced and in transit, before its
    /// difficulty and check (the "before" window, ruling UFS-34).
    BeforeBlock { player: u8, card: CardId },
    /// `player`'s Draw Step is about to begin: their Review Step is over (ruling
    /// UFS-35).
    BeforeDrawStep { player: u8 },
}

impl Event {
    /// The player the event names ("that player"): for a destruction, the owner of
    /// the destroyed card.
    pub fn player(&self) -> u8 {
        match *self {
            Event::Check { player, .. }
            | Event::CheckFails { player, .. }
            | Event::Block { player, .. }
            | Event::LoseVitality { player, .. }
            | Event::PassForm { player }
            | Event::ReadyStep { player, .. }
            | Event::DrawStep { player }
            | Event::Discard { player, .. }
            | Event::BeforeForm { player }
            | Event::BlockFails { player }
            | Event::PlaysAttack { player, .. }
            | Event::CheckPasses { player, .. }
            | Event::CheckFailureStands { player }
            | Event::Draws { player, .. }
            | Event::GainsMomentum { player }
            | Event::EndPhase { player }
            | Event::AttackBegins { player }
            | Event::AddsAttacksWithoutCheck { player }
            | Event::BeforeDraw { player }
            | Event::PlaysCard { player, .. }
            | Event::BeforeMomentumCost { player, .. }
            | Event::BeforeBlock { player, .. }
            | Event::BeforeDrawStep { player } => player,
            Event::Destroyed { owner, .. } => owner,
        }
    }

    /// The kind of event, as `Trigger::event_bit` names it.
    pub fn kind_bit(&self) -> u32 {
        1 << match self {
            Event::Check { .. } => 0,
            Event::CheckFails { .. } => 1,
            Event::Block { .. } => 2,
            Event::LoseVitality { .. } => 3,
            Event::PassForm { .. } => 4,
            Event::ReadyStep { .. } => 5,
            Event::DrawStep { .. } => 6,
            Event::Discard { .. } => 7,
            Event::BeforeForm { .. } => 8,
            Event::BlockFails { .. } => 9,
            Event::PlaysAttack { .. } => 10,
            Event::CheckPasses { .. } => 11,
            Event::CheckFailureStands { .. } => 23,
            Event::Draws { .. } => 12,
            Event::GainsMomentum { .. } => 13,
            Event::EndPhase { .. } => 14,
            Event::AttackBegins { .. } => 15,
            Event::Destroyed { .. } => 16,
            Event::AddsAttacksWithoutCheck { .. } => 17,
            Event::BeforeDraw { .. } => 18,
            Event::PlaysCard { .. } => 19,
            Event::BeforeMomentumCost { .. } => 20,
            Event::BeforeBlock { .. } => 21,
            Event::BeforeDrawStep { .. } => 22,
        }
    }
}

/// What the game does once a response window closes (or an effect halted by one is
/// finished): the rest of the procedure the event happened in.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Resume {
    /// G.1: after an enhance ability, the other player has enhance priority.
    EnhancePriority(u8),
    /// H.2.3.2.4: after a response ability, the other player has priority in the
    /// window it was played in.
    WindowPriority(u8),
    /// The steps of an effect still to execute (H.2.3.2.2: a window halts an effect),
    /// then what follows the effect.
    Effect {
        controller: u8,
        rest: Vec<crate::ability::Effect>,
        then: Box<Resume>,
    },
    /// Open a response window for this event, then go on.
    Event(Event, Box<Resume>),
    /// E.3.2: the check's value is final: re-check it, or judge it (E.3.3–E.3.5).
    CheckValue,
    /// E.4.8.2: the check failed (unless an effect made it succeed).
    CheckFailure,
    /// E.4.8.2: the failure stands; the card is discarded.
    FailCheck,
    /// G.3: the Damage Step with the block's outcome.
    Damage(BlockStatus),
    /// G.4: the attack resolves.
    ResolveAttack,
    /// F.2: a form may be played (or the pending attack enters its sequence).
    ContinueCombat,
    /// F.2: the Combat Phase begins.
    CombatPhase,
    /// F.3: the End Phase.
    EndPhase,
    /// F.1.2: the Review Step.
    ReviewStep,
    /// F.2.2: the form the active player chose, once the window before it closes.
    PerformForm(crate::act::Action),
    /// The response window for an event whose static fired effects have executed
    /// (J.3.2.1.1).
    OpenWindow(Event, Box<Resume>),
    /// G.2.2: after a failed block's window: another block, or the Damage Step.
    AfterBlockFails,
    /// E.4.11: the card whose check passed is played (what its purpose says follows).
    CheckPassed(Box<Check>),
    /// G.1: the attack that entered its sequence goes to its Enhance Step (or its
    /// Block Step, with Flash).
    EnhanceStep,
    /// F.1.1: the Ready Step goes on (after a card that may stay committed was asked
    /// about).
    ReadyStep,
    /// I.3.8.1: Multiple's effect executes with this X, unless a response cancelled it.
    MultipleCopies(u8),
    /// F.1.3: the Draw Step's draws, once the window before them has closed.
    DrawStepDraws,
    /// E.4.11: the card is played, once the "after you play a card" window has
    /// closed.
    CardPlayed(Box<Check>),
    /// H.4: the ability's costs are paid, once the window before its momentum cost
    /// has closed (ruling UFS-33).
    PayCosts {
        player: u8,
        card: CardId,
        ability: u8,
        x: u8,
        from_hand: bool,
    },
    /// I.3.9 Powerful / I.3.5 EX with this many momentum, once the window before the
    /// cost has closed.
    KeywordEnhance(u8, u8),
    /// I.3.8 Multiple with this many momentum, once the window before the cost has
    /// closed.
    PlayMultiple(u8),
    /// E.4.7: the block's difficulty and control check, once the window before the
    /// block has closed (ruling UFS-34).
    BlockCheck,
    /// F.1.3: the Draw Step, once the window before it has closed (ruling UFS-35).
    DrawStep,
    /// The card to be played as the first form (`Effect::FirstForm`), once the window
    /// before the form has closed.
    FirstForm(CardId),
    /// D.4.2.3: the player chooses the momentum a cost takes (`momentum_cost`), once
    /// the window before it has closed; then the payment.
    MomentumCostChoice(Box<Resume>),
    /// E.4.4: the card's additional cost is paid; its next-attack abilities and its
    /// control check follow.
    AdditionalCostPaid {
        player: u8,
        card: CardId,
        purpose: Purpose,
        paid: Option<CardId>,
    },
}

/// Ruling UFS-33: a momentum cost about to be paid.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct MomentumCost {
    pub player: u8,
    pub due: u8,
    /// Cards discarded from hand that count as momentum discarded, and momentum
    /// cards the player chose to discard for it (D.4.2.3).
    pub covered: u8,
    /// Momentum the cost removes from the game, and how many the player has chosen.
    #[serde(default)]
    pub removing: u8,
    #[serde(default)]
    pub removed: u8,
}

/// An open response window (H.2.3.2.4).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Window {
    pub event: Event,
    /// The player with priority, and the passes in succession so far.
    pub priority: u8,
    pub passes: u8,
    /// The response abilities played in this window, by card and index (H.2.3.4).
    pub used: Vec<(CardId, u8)>,
    /// What follows once the window closes.
    pub then: Resume,
}

/// G: the block step's outcome (G.2.4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum BlockStatus {
    NotBlocked,
    Partial,
    Complete,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum AttackStep {
    /// G.1: enhance priority with `priority`; `passes` in succession so far.
    Enhance { priority: u8, passes: u8 },
    /// G.2: the defender may attempt a block.
    Block,
}

/// The attack in its attack sequence (G) and its current state (C.3.4: speed, damage
/// and zone are modified only while it is played, in sequence or on the stack).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Attack {
    pub card: CardId,
    pub attacker: u8,
    pub zone: Zone,
    pub speed: i16,
    pub damage: i16,
    pub step: AttackStep,
    pub block: BlockStatus,
    /// Played as a reversal (I.3.10).
    pub reversal: bool,
    /// Enhance abilities used this Enhance Step, by card and kind (H.2.1.4: each once
    /// per step).
    pub enhanced: Vec<(CardId, u8)>,
    /// Enhance abilities each player may play once per Enhance Step that the card's
    /// opponent played (`PlayableBy::EachPlayerOnce`), by card and index.
    #[serde(default)]
    pub enhanced_by_opponent: Vec<(CardId, u8)>,
    /// Fired effects assigned to this attack (J.3.2) that wait for its Damage Step:
    /// "if this attack deals damage".
    pub fired: Vec<Fired>,
    /// Rules effects put on its Block Step (G.2.1.1).
    pub block_rules: Vec<crate::ability::BlockRule>,
    /// An effect lets the defender play a reversal against it though it was not
    /// blocked (I.3.10; Two-Handed Style).
    pub reversal_as_if_blocked: bool,
    /// An effect let the defender, whose block failed, play another block.
    pub block_again: bool,
    /// The multiple copies made of it (I.3.8.1).
    #[serde(default)]
    pub copies: Vec<CardId>,
    /// G.5.2: it left the card pool before its Damage Step; its sequence is aborted
    /// at the next chance (`GameState::abort_dropped_attack`).
    #[serde(default)]
    pub dropped: bool,
    /// G.5.3: its Damage Step has begun; leaving the card pool no longer drops it.
    #[serde(default)]
    pub damage_begun: bool,
}

/// I.3.8.3: a fired effect assigned to an attack and to its multiple copies, made
/// or still to come: the first of `cards` to deal damage fires it.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct SharedFired {
    pub cards: Vec<CardId>,
    pub fired: Fired,
}

/// A fired effect waiting for the attack's damage (J.3.2).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Fired {
    /// The player whose ability created it (its controller, J.1.1).
    pub controller: u8,
    /// Only if the attack is the controller's ("your attack", K.3.4.1).
    pub yours_only: bool,
    /// The event it waits for.
    pub when: FiredWhen,
    pub then: Vec<crate::ability::Effect>,
}

pub use crate::ability::FiredWhen;

/// A choice a player is making in the middle of something, and what it is for.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Choice {
    /// Paying the parts of a cost whose cards the player chooses (H.4: "discard N
    /// cards", "remove N cards in your hand/discard pile from the game"), the first of
    /// `picks` now; then the ability's effect.
    CostCards {
        source: CardId,
        ability: u8,
        x: u8,
        picks: Vec<CostPick>,
        /// The card a "destroy 1 foundation" part took, whose values the effect reads.
        paid: Option<CardId>,
        /// The ability is on an action card played from hand with it (E.4).
        from_hand: bool,
    },
    /// I.3.12 Stun: the opponent commits `left` more foundations of their choice.
    StunCommit { left: u8 },
    /// I.3.7.1 Gauge: `player` chooses a character card found in their deck or discard
    /// pile (Action::Choose), or none (Pass); then the effect goes on.
    Gauge { player: u8, then: Box<Resume> },
    /// "Add N (kind) cards removed from the game to your hand": `left` still to choose;
    /// with `up_to`, the player may stop (Pass). Then the effect goes on.
    FromRemoved {
        /// The zone they come from: the removed-from-game zone, the discard pile, or
        /// the hand (cards revealed).
        from: Place,
        /// The cards chosen so far.
        chosen: Vec<CardId>,
        kind: crate::ability::KindRef,
        left: u8,
        up_to: bool,
        to: crate::ability::RemovedTo,
        then: Box<Resume>,
    },
    /// "(Player) may (steps)": yes or no (Action::May); `otherwise` if not. Then the
    /// effect goes on.
    May {
        controller: u8,
        steps: Vec<crate::ability::Effect>,
        otherwise: Vec<crate::ability::Effect>,
        then: Box<Resume>,
    },
    /// "(These steps) or (those), your choice" (Action::Pick).
    Either {
        controller: u8,
        options: Vec<Vec<crate::ability::Effect>>,
        then: Box<Resume>,
    },
    /// "Choose high, mid or low" / "name a card type" (Action::Pick, in the order of
    /// `Zone::ALL` / `CardKind::ALL`).
    Name {
        controller: u8,
        naming: Naming,
        then: Box<Resume>,
    },
    /// "Discard N cards" / "remove N cards in your hand from the game" by an effect:
    /// each player in `order` moves their count to `to`, one card at a time; `done` are
    /// those who have.
    EffectMove {
        controller: u8,
        order: Vec<(u8, u8)>,
        done: Vec<u8>,
        to: Place,
        then: Box<Resume>,
    },
    /// D.4.2.3: `player` chooses which card leaves their momentum for `to`, `left`
    /// still to go (Action::Pick over `GameState::momentum_options`); for a `cost`,
    /// the choice counts in `momentum_cost`. Then `then`.
    Momentum {
        player: u8,
        left: u8,
        to: Place,
        cost: bool,
        then: Box<Resume>,
    },
    /// K.1.3: both players are to move cards of their choice from their hands at once
    /// (`EffectMove`); the effect's controller decides who does it first
    /// (Action::Pick: 0, the player first in `order`; 1, the other).
    EachOrder {
        controller: u8,
        order: Vec<(u8, u8)>,
        to: Place,
        then: Box<Resume>,
    },
    /// How many cards off the deck's top go out of the game (Slash Impact;
    /// Action::Number, 0 to `max`).
    TopOfDeck {
        player: u8,
        max: u8,
        then: Box<Resume>,
    },
    /// A card on the board an effect acts on, the player's choice among `cards`
    /// (`Effect::DestroyOne`, `Effect::DiscardFromCardPool`): it goes to its owner's
    /// discard pile.
    Board {
        cards: Vec<CardId>,
        destroy: bool,
        /// The card is committed rather than moved (`Effect::CommitOne`).
        #[serde(default)]
        commit: bool,
        then: Box<Resume>,
    },
    /// H.4.4.2: the value of X for ability `ability` of `source`, from 0 to `max`
    /// (Action::Number).
    ChooseX {
        source: CardId,
        ability: u8,
        max: u8,
        from_hand: bool,
    },
}

/// A part of a cost paid with cards the player chooses: `left` cards from `from` to
/// `to` (`None`: committed where they are).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct CostPick {
    pub from: Place,
    pub to: Option<Place>,
    /// Only foundations (ready ones, when they are to be committed).
    pub foundations: bool,
    pub left: u8,
    /// Only cards of this kind (a card revealed from hand).
    #[serde(default)]
    pub kind: Option<crate::ability::KindRef>,
}

/// What `Choice::Name` names.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Naming {
    Zone,
    CardType,
    /// One of the twelve resource symbols (`Symbol::EVERY`).
    Symbol,
    /// A number from `.0` to `.1`.
    Number(u8, u8),
}

/// How a game ended (E.2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum GameResult {
    /// This seat won: the other lost.
    Win(u8),
    /// Both players lost at once.
    Draw,
}

/// The decision the game waits for.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Pending {
    /// E.1.3: the winner of the random draw chooses who goes first.
    ChooseFirst(u8),
    /// E.1.8: may mulligan.
    Mulligan(u8),
    /// F.1.2: may discard one card.
    Review(u8),
    /// F.2.2: the active player plays a form or passes.
    Form(u8),
    /// E.3.5.2.3: commit cards to meet the check, or let it fail.
    Commit(u8),
    /// G.1: the player with enhance priority.
    Enhance(u8),
    /// G.2: the defender may block.
    Block(u8),
    /// I.3.10: the defender of a blocked attack that resolved may play a reversal.
    Reversal(u8),
    /// F.3: the owner of an attack that dealt damage adds it to momentum or discards it.
    Momentum(u8, CardId),
    /// A choice of cards (`GameState::choice` says for what).
    Choose(u8),
    /// H.2.3.2.4: the player with priority in the open response window.
    Respond(u8),
    Over,
}

impl Pending {
    pub fn seat(&self) -> Option<u8> {
        match *self {
            Pending::ChooseFirst(s)
            | Pending::Mulligan(s)
            | Pending::Review(s)
            | Pending::Form(s)
            | Pending::Commit(s)
            | Pending::Enhance(s)
            | Pending::Block(s)
            | Pending::Reversal(s)
            | Pending::Momentum(s, _)
            | Pending::Choose(s)
            | Pending::Respond(s) => Some(s),
            Pending::Over => None,
        }
    }
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct GameState {
    #[serde(skip, default = "crate::db::core")]
    pub(crate) db: Arc<Db>,
    pub cards: Vec<Card>,
    pub players: [Player; 2],
    pub active: u8,
    pub first_player: u8,
    pub turn: u32,
    pub phase: Phase,
    /// F.2.3: pending attacks, last in first out.
    pub attack_stack: Vec<CardId>,
    pub attack: Option<Attack>,
    pub check: Option<Check>,
    /// Checks paused while a card is played in one of their response windows (an
    /// action card's response played with the card, E.4), the newest last.
    pub paused_checks: Vec<Check>,
    /// The choice under way, when `pending` is `Choose`.
    pub choice: Option<Choice>,
    /// A blocked attack that just resolved, against which a reversal may be played.
    pub reversal_window: Option<CardId>,
    /// Attacks played as reversals this turn (I.3.10).
    pub reversal_attacks: Vec<CardId>,
    /// Armored Defense's lock on hands in Combat Phases: the player whose effect it
    /// is (it ends when their next turn begins).
    pub no_cards_to_hand_in_combat: Option<u8>,
    /// Mortal Strike's lock on momentum in Combat Phases: the player whose next turn's
    /// beginning ends it.
    pub no_momentum_in_combat: Option<u8>,
    /// A response cancelled the effects of the ability whose window is open ("cancel
    /// its effects"); read and cleared as that effect would execute.
    #[serde(default)]
    pub effects_cancelled: bool,
    /// A cost that discards momentum about to be paid, and how much of it cards
    /// discarded from hand already count for (ruling UFS-33).
    #[serde(default)]
    pub momentum_cost: Option<MomentumCost>,
    /// Fired effects shared by an attack and its multiple copies (I.3.8.3), until one
    /// of them deals damage or all have resolved.
    #[serde(default)]
    pub shared_fired: Vec<SharedFired>,
    /// How many characters are attached to each player's starting character
    /// (D.2.2.3.4), kept by `move_card`: most games have none, and the questions
    /// about attached characters come at every action.
    #[serde(default)]
    pub attached_count: [u8; 2],
    /// Tokens, granted abilities and face-down definitions on cards.
    pub marks: CardMarks,
    /// K.3.17: cards a player may play this turn as though they were in their hand
    /// (`Effect::PlayAsThoughInHand`), and the zone each was in when the effect began:
    /// the permission holds while the card stays there (J.2.3.1).
    #[serde(default)]
    pub as_in_hand: Vec<(u8, CardId, Place)>,
    /// Detached fired effects under way (J.2.2), oldest first.
    pub detached: Vec<ActiveDetached>,
    /// The kinds of game event some card in this game answers or fires on
    /// (`Event::kind_bit`): an event of another kind needs no look at the cards.
    pub(crate) watched: u32,
    /// The kinds of game event some card's continuous ability fires on (H.6): an
    /// event of another kind has no static fired effect. A state saved without it
    /// looks at the cards for every event.
    #[serde(default = "every_event")]
    pub(crate) fired_watched: u32,
    /// Open response windows, the newest last (H.2.3.2.3: a window opened in another
    /// pauses it).
    pub windows: Vec<Window>,
    pub pending: Pending,
    /// How the game ended, once it has.
    pub result: Option<GameResult>,
    /// The turn each card last came to a staging area (E.2.5: the older Terrain).
    pub arrived: Vec<u32>,
    /// Play the cards as their printed facts and keywords only, leaving out abilities
    /// the card language does not have yet (said in the log at the start).
    pub facts_only: bool,
    pub rng: GameRng,
    /// The readable log (not part of the hash); entries hidden from a seat say so.
    #[serde(skip)]
    pub(crate) log: Vec<LogEntry>,
    #[serde(skip)]
    pub(crate) logging: bool,
}

fn every_event() -> u32 {
    u32::MAX
}

impl std::hash::Hash for GameState {
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        self.cards.hash(h);
        self.players.hash(h);
        self.active.hash(h);
        self.first_player.hash(h);
        self.turn.hash(h);
        self.phase.hash(h);
        self.attack_stack.hash(h);
        self.attack.hash(h);
        self.check.hash(h);
        self.paused_checks.hash(h);
        self.choice.hash(h);
        self.reversal_window.hash(h);
        self.reversal_attacks.hash(h);
        self.no_cards_to_hand_in_combat.hash(h);
        self.no_momentum_in_combat.hash(h);
        self.marks.hash(h);
        self.as_in_hand.hash(h);
        self.detached.hash(h);
        self.windows.hash(h);
        self.pending.hash(h);
        self.result.hash(h);
        self.arrived.hash(h);
        self.facts_only.hash(h);
        self.rng.hash(h);
    }
}

impl Card {
    /// A card as it enters the game: ready, never played.
    pub(crate) fn new(def: u16, owner: u8, place: Place) -> Card {
        Card {
            def,
            owner,
            place,
            committed: false,
            played_as_block: false,
            dealt_damage: false,
            face_up: false,
        }
    }
}

impl Player {
    /// A player whose starting character is in their staging area and whose other
    /// zones are empty (vitality is set once the state exists).
    pub(crate) fn new(character: CardId) -> Player {
        Player {
            character,
            vitality: 0,
            deck: Vec::new(),
            hand: Vec::new(),
            card_pool: Vec::new(),
            staging: vec![character],
            momentum: Vec::new(),
            discard: Vec::new(),
            removed: Vec::new(),
            must_attempt: false,
            attempted_from_hand: false,
            mulliganed: false,
            next_card_difficulty: 0,
            next_attack_gains: Vec::new(),
            to_hand_this_combat: false,
            no_draws_turn: None,
            first_form: None,
        }
    }
}

impl GameState {
    /// A game before E.1.3: the cards and players made, each player at their
    /// character's vitality, and the random winner of E.1.3 choosing who goes first.
    pub(crate) fn from_parts(
        db: Arc<Db>,
        cards: Vec<Card>,
        players: [Player; 2],
        rng: GameRng,
        facts_only: bool,
    ) -> GameState {
        let mut state = GameState {
            db,
            arrived: vec![0; cards.len()],
            cards,
            players,
            active: 0,
            first_player: 0,
            turn: 0,
            phase: Phase::Setup,
            attack_stack: Vec::new(),
            attack: None,
            check: None,
            paused_checks: Vec::new(),
            choice: None,
            reversal_window: None,
            reversal_attacks: Vec::new(),
            no_cards_to_hand_in_combat: None,
            no_momentum_in_combat: None,
            effects_cancelled: false,
            momentum_cost: None,
            shared_fired: Vec::new(),
            attached_count: [0, 0],
            marks: CardMarks::default(),
            as_in_hand: Vec::new(),
            detached: Vec::new(),
            watched: 0,
            fired_watched: 0,
            windows: Vec::new(),
            pending: Pending::Over,
            result: None,
            facts_only,
            rng,
            log: Vec::new(),
            logging: true,
        };
        for p in [0, 1] {
            state.player_mut(p).vitality = state.max_vitality(p);
        }
        state.refresh_watched();
        state.recount_attached();
        state
    }

    /// Works out `watched` from the cards in the game.
    pub(crate) fn refresh_watched(&mut self) {
        self.fired_watched = self
            .cards
            .iter()
            .fold(0, |all, c| all | self.db.fired_by(c.def));
        self.watched = self
            .cards
            .iter()
            .fold(0, |all, c| all | self.db.watched_by(c.def))
            | self
                .detached
                .iter()
                .fold(0, |all, d| all | d.effect.trigger.event_bit());
    }

    /// Whether some card in the game answers or fires on events of this kind.
    pub(crate) fn watches(&self, event: u32) -> bool {
        self.watched & event != 0
    }

    /// E.1.3: a random winner chooses who goes first.
    pub(crate) fn choose_first_at_random(&mut self) {
        let winner = self.rng.below(2) as u8;
        self.pending = Pending::ChooseFirst(winner);
    }

    pub fn def(&self, c: CardId) -> &CardDef {
        self.db.def(self.cards[usize::from(c)].def)
    }
    pub fn card(&self, c: CardId) -> &Card {
        &self.cards[usize::from(c)]
    }
    pub fn card_mut(&mut self, c: CardId) -> &mut Card {
        &mut self.cards[usize::from(c)]
    }
    pub fn player(&self, p: u8) -> &Player {
        &self.players[usize::from(p)]
    }
    pub fn player_mut(&mut self, p: u8) -> &mut Player {
        &mut self.players[usize::from(p)]
    }
    /// A card's ability by index: its printed abilities first, then those its keywords
    /// grant ([`GRANTED`] + the keyword's place).
    pub fn ability(&self, c: CardId, i: u8) -> Option<crate::ability::Ability> {
        let def = self.def(c);
        if i >= GRANTED_BY_EFFECT {
            self.granted_to(c)
                .nth(usize::from(i - GRANTED_BY_EFFECT))
                .cloned()
        } else if (crate::attach::ATTACHED..GRANTED).contains(&i)
            && self.player(self.card(c).owner).character == c
        {
            // D.2.2.3.4.1: an ability the starting character has from an attached one.
            self.attached_abilities(c)
                .into_iter()
                .find(|(x, _)| *x == i)
                .map(|(_, a)| a)
        } else if (SPLIT_HALF..GRANTED).contains(&i) {
            let printed = self.face_down_of(c).map_or(self.card(c).def, |f| f.printed);
            self.db
                .split(printed)
                .and_then(|h| self.db.def(h).abilities.get(usize::from(i - SPLIT_HALF)))
                .cloned()
        } else if i < GRANTED {
            def.abilities.get(usize::from(i)).cloned()
        } else {
            def.keywords
                .get(usize::from(i - GRANTED))
                .and_then(crate::ability::Ability::granted_by)
        }
    }

    /// The action a card in hand is played as with its abilities (E.4): the card, or a
    /// split card's action half (ruling UFS-31).
    pub fn hand_action(&self, c: CardId) -> Option<(u8, &CardDef)> {
        let def = self.def(c);
        if def.kind == Kind::Action {
            return Some((0, def));
        }
        let half = self.db.def(self.db.split(self.card(c).def)?);
        (half.kind == Kind::Action).then_some((SPLIT_HALF, half))
    }

    /// A card's printed abilities where it is, and the index the first has: in hand, a
    /// split card whose printed half is not an action offers its action half's
    /// (ruling UFS-31).
    pub fn printed_abilities(&self, c: CardId) -> (u8, &[crate::ability::Ability]) {
        let card = self.card(c);
        if card.place == Place::Hand || self.as_though_in_hand(card.owner, c) {
            if let Some((from, d)) = self.hand_action(c) {
                return (from, &d.abilities);
            }
        }
        (0, &self.def(c).abilities)
    }

    /// What a card in hand is played as a form (F.2.2.1): the card, or a split card's
    /// half that is not an action (ruling UFS-31).
    pub fn form_half(&self, c: CardId) -> Option<&CardDef> {
        let def = self.def(c);
        // F.2.2.1: any non-action card, a character card too (it joins the staging area
        // in the End Phase, F.3.2.1, and is attached there, D.2.2.3.4, or discarded, E.2.3).
        let form = |d: &CardDef| {
            matches!(
                d.kind,
                Kind::Attack { .. } | Kind::Foundation | Kind::Asset | Kind::Character { .. }
            )
        };
        if form(def) {
            return Some(def);
        }
        let half = self.db.def(self.db.split(self.card(c).def)?);
        form(half).then_some(half)
    }

    /// Ruling UFS-31: a split card played as its other half is that half until it
    /// leaves the card pool.
    pub(crate) fn become_split_half(&mut self, c: CardId) {
        let printed = self.card(c).def;
        if let Some(half) = self.db.split(printed) {
            self.marks.face_down.push((
                c,
                FaceDown {
                    printed,
                    no_momentum: false,
                },
            ));
            self.card_mut(c).def = half;
        }
    }

    /// Every ability of a card with its index (see [`GameState::ability`]).
    pub fn abilities_of(&self, c: CardId) -> Vec<(u8, crate::ability::Ability)> {
        let def = self.def(c);
        let (from, abilities) = self.printed_abilities(c);
        let printed = abilities
            .iter()
            .cloned()
            .enumerate()
            .map(|(i, a)| (usize::from(from) + i, a));
        let granted = def.keywords.iter().enumerate().filter_map(|(k, kw)| {
            crate::ability::Ability::granted_by(kw).map(|a| (usize::from(GRANTED) + k, a))
        });
        let by_effect = self
            .granted_to(c)
            .cloned()
            .enumerate()
            .map(|(k, a)| (usize::from(GRANTED_BY_EFFECT) + k, a));
        let attached = self
            .attached_abilities(c)
            .into_iter()
            .map(|(i, a)| (usize::from(i), a));
        printed
            .chain(attached)
            .chain(granted)
            .chain(by_effect)
            .map(|(i, a)| (i.min(255) as u8, a))
            .collect()
    }

    pub fn character_def(&self, p: u8) -> &CardDef {
        self.def(self.player(p).character)
    }
    /// B.1.2: the starting character's hand size, with the static modifiers on it.
    pub fn hand_size(&self, p: u8) -> usize {
        let printed = match self.character_def(p).kind {
            Kind::Character { hand_size, .. } => i16::from(hand_size),
            _ => 0,
        };
        let bonus = self.static_sum(p, |r| match r {
            crate::ability::StaticRule::HandSize(n) => i16::from(*n),
            _ => 0,
        });
        usize::try_from(printed.saturating_add(bonus)).unwrap_or(0)
    }

    /// H.6, J.2.1: the static effects of `p`'s cards in force: those on cards with a
    /// current state (card pool and staging area, J.2.1.1; a character only as the
    /// starting character, J.2.1.2) whose "while" condition holds.
    pub fn static_rules(&self, p: u8) -> Vec<(CardId, &crate::ability::StaticRule)> {
        use crate::ability::{AbilityKind, Effect};
        let mut out = Vec::new();
        let pl = self.player(p);
        for &c in pl.staging.iter().chain(&pl.card_pool) {
            let def = self.card(c).def;
            if !self.db.has_static(def) {
                continue;
            }
            // D.2.2.3.4.1: the starting character has the static abilities of each
            // different character attached to it (once per version); no other character
            // card's count.
            let holder = if self.def(c).is_character() && c != pl.character {
                if !self.gives_its_abilities(c) {
                    continue;
                }
                pl.character
            } else {
                c
            };
            for a in &self.db.def(def).abilities {
                if let (AbilityKind::Static, [Effect::Static(rule)]) = (a.kind, a.effect.as_slice())
                {
                    if a.only_playable
                        .as_ref()
                        .is_none_or(|cond| self.static_holds(p, holder, cond))
                    {
                        out.push((holder, rule));
                    }
                }
            }
        }
        out
    }

    /// The sum of what `value` reads off each of `p`'s static rules in force.
    fn static_sum(&self, p: u8, value: impl Fn(&crate::ability::StaticRule) -> i16) -> i16 {
        self.static_rules(p)
            .iter()
            .fold(0, |sum, (_, r)| sum.saturating_add(value(r)))
    }

    fn static_holds(&self, p: u8, c: CardId, cond: &crate::ability::Condition) -> bool {
        use crate::ability::Condition;
        match cond {
            Condition::ThisCommitted => self.card(c).committed,
            Condition::All(cs) => cs.iter().all(|x| self.static_holds(p, c, x)),
            Condition::Any(cs) => cs.iter().any(|x| self.static_holds(p, c, x)),
            other => self.condition(p, other),
        }
    }

    /// "Reduce all damage you take by N, to a minimum of 1": the damage `p` takes when
    /// `n` would be dealt to them.
    pub(crate) fn damage_taken(&self, p: u8, n: i16) -> i16 {
        if n <= 0 {
            return n;
        }
        let less = self.static_sum(p, |r| match r {
            crate::ability::StaticRule::ReduceDamageTaken(k) => i16::from(*k),
            _ => 0,
        });
        if less == 0 {
            n
        } else {
            n.saturating_sub(less).max(1)
        }
    }

    /// Whether `p` can pay `c`'s additional cost (E.4.1.1: every part in full).
    pub fn additional_cost_payable(&self, p: u8, c: CardId) -> bool {
        let momentum: usize = self
            .additional_cost(c)
            .iter()
            .map(|part| match part {
                crate::ability::Cost::DiscardMomentum(n) => usize::from(*n),
                _ => 0,
            })
            .sum();
        momentum <= self.player(p).momentum.len()
    }

    /// E.4.4: the costs printed on `c` to be paid besides its check when it is played.
    pub fn additional_cost(&self, c: CardId) -> Vec<crate::ability::Cost> {
        use crate::ability::{AbilityKind, Effect, StaticRule};
        let mut out = Vec::new();
        for a in &self.def(c).abilities {
            if let (AbilityKind::Static, [Effect::Static(StaticRule::AdditionalCost(parts))]) =
                (a.kind, a.effect.as_slice())
            {
                out.extend(parts.iter().cloned());
            }
        }
        out
    }
    /// I.3.4.1.1: `p` is at desperation: below half their starting character's
    /// maximum vitality.
    pub fn at_desperation(&self, p: u8) -> bool {
        i32::from(self.player(p).vitality) * 2 < i32::from(self.max_vitality(p))
    }

    /// A card's difficulty: printed, or its Desperation rating while its owner is at
    /// desperation (I.3.4.1, a definition effect).
    pub fn difficulty(&self, c: CardId) -> u8 {
        let def = self.def(c);
        let desperation = def.keywords.iter().find_map(|k| match k {
            Keyword::Desperation(x) => Some(*x),
            _ => None,
        });
        match desperation {
            Some(x) if self.at_desperation(self.card(c).owner) => x,
            _ => def.difficulty,
        }
    }

    pub fn max_vitality(&self, p: u8) -> i16 {
        match self.character_def(p).kind {
            Kind::Character { vitality, .. } => i16::from(vitality),
            _ => 0,
        }
    }

    /// Moves a card between zones (every move passes through transit, D.2.8): takes
    /// it out of where it is and puts it at the end of the new zone's list (the top
    /// of a deck or discard pile, the right end of a card pool). Readies it (D.1.3:
    /// cards enter zones ready).
    pub(crate) fn move_card(&mut self, c: CardId, to: Place) {
        // F.3.2.2, I.3.8.2.1: a card that can't be added to momentum (a multiple copy,
        // or "this attack cannot be added to your momentum") is discarded instead.
        let to = if to == Place::Momentum && self.face_down_of(c).is_some_and(|f| f.no_momentum) {
            Place::Discard
        } else {
            to
        };
        let (owner, from) = {
            let card = self.card(c);
            (card.owner, card.place)
        };
        let list = self.zone_mut(owner, from);
        if let Some(i) = list.iter().position(|&x| x == c) {
            list.remove(i);
        }
        if from == Place::CardPool && to != Place::CardPool {
            // F.2.3.5: a pending attack that leaves the card pool leaves the stack.
            self.attack_stack.retain(|&x| x != c);
            // G.5.2: the attack in its sequence, before its Damage Step, is dropped.
            if let Some(a) = self.attack.as_mut().filter(|a| a.card == c) {
                a.dropped = !a.damage_begun;
            }
        }
        self.zone_mut(owner, to).push(c);
        // H.5.3: a card that changes zones starts its abilities' play counts again (this
        // Enhance Step's, each open window's).
        if let Some(a) = self.attack.as_mut() {
            a.enhanced.retain(|&(x, _)| x != c);
            a.enhanced_by_opponent.retain(|&(x, _)| x != c);
        }
        for w in &mut self.windows {
            w.used.retain(|&(x, _)| x != c);
        }
        // UFS-17: tokens and abilities an effect gave it stay behind; a card played
        // face down is itself again once it leaves the card pool.
        let face_down = self.face_down_of(c);
        let face_up = to == Place::Momentum && self.marks.momentum_face_up.contains(&c);
        self.clear_marks(c);
        let card = self.card_mut(c);
        card.place = to;
        card.committed = false;
        card.face_up = face_up;
        if let Some(f) = face_down {
            card.def = f.printed;
        }
        if to != Place::CardPool {
            card.played_as_block = false;
            card.dealt_damage = false;
        }
        if (from == Place::Staging || to == Place::Staging) && self.def(c).is_character() {
            self.recount_attached();
        }
        // D.2.2.3.2: a character attached as it arrives takes the starting character's
        // state.
        if to == Place::Staging && self.is_attached(c) {
            let committed = self.card(self.player(owner).character).committed;
            self.card_mut(c).committed = committed;
        }
        if to == Place::Hand && self.phase == Phase::Combat {
            self.player_mut(owner).to_hand_this_combat = true;
        }
    }

    /// Moves up to `n` cards off the top of `p`'s `from` zone (a deck or momentum; the
    /// top is the last card) to `to`, one at a time; returns them in the order moved.
    pub(crate) fn move_from_top(&mut self, p: u8, from: Place, to: Place, n: usize) -> Vec<CardId> {
        let mut moved = Vec::new();
        for _ in 0..n {
            let Some(&top) = self.zone(p, from).last() else {
                break;
            };
            self.move_card(top, to);
            moved.push(top);
        }
        moved
    }

    /// A card's block zone and modifier (B.6.3): printed, or the zone an effect
    /// changed it to (`Effect::SetBlockZone`).
    pub fn block_of(&self, c: CardId) -> Option<(Zone, i8)> {
        let (zone, modifier) = self.def(c).block?;
        let changed = self
            .marks
            .block_zone
            .iter()
            .find(|(x, _)| *x == c)
            .map(|(_, z)| *z);
        Some((changed.unwrap_or(zone), modifier))
    }

    /// K.3.17: `p` may play `c` as though it were in their hand (it has not left the
    /// zone it was in when the effect began, J.2.3.1).
    pub fn as_though_in_hand(&self, p: u8, c: CardId) -> bool {
        self.as_in_hand
            .iter()
            .any(|&(q, x, place)| q == p && x == c && self.card(c).place == place)
    }

    /// The cards `p` may play as if from their hand: their hand, then the cards they
    /// may play as though they were in it (K.3.17).
    pub fn hand_like(&self, p: u8) -> impl Iterator<Item = CardId> + '_ {
        self.player(p).hand.iter().copied().chain(
            self.as_in_hand
                .iter()
                .filter(move |&&(q, c, _)| q == p && self.as_though_in_hand(p, c))
                .map(|&(_, c, _)| c),
        )
    }

    /// Whether `c` is played by `p` as from hand: in their hand, or as though it were
    /// (K.3.17).
    pub fn in_hand_for(&self, p: u8, c: CardId) -> bool {
        let card = self.card(c);
        (card.place == Place::Hand && card.owner == p) || self.as_though_in_hand(p, c)
    }

    /// `p` may not draw now (`Effect::NoDraws`).
    pub fn may_not_draw(&self, p: u8) -> bool {
        self.player(p).no_draws_turn == Some(self.turn)
    }

    /// The abilities effects gave `c`, in the order given.
    pub fn granted_to(&self, c: CardId) -> impl Iterator<Item = &crate::ability::Ability> {
        self.marks
            .granted
            .iter()
            .filter(move |(x, _)| *x == c)
            .map(|(_, a)| a)
    }

    /// The number checked to play the attack `c` (while it is in the card pool).
    pub fn checked_to_play(&self, c: CardId) -> Option<u8> {
        self.marks
            .checked_to_play
            .iter()
            .find(|(x, _)| *x == c)
            .map(|(_, v)| *v)
    }

    /// How `c` was played face down, if it was.
    pub fn face_down_of(&self, c: CardId) -> Option<FaceDown> {
        self.marks
            .face_down
            .iter()
            .find(|(x, _)| *x == c)
            .map(|(_, f)| *f)
    }

    /// Everything effects put on `c` goes (it changed zones).
    fn clear_marks(&mut self, c: CardId) {
        let m = &mut self.marks;
        if !m.tokens.is_empty() {
            m.tokens.retain(|(x, ..)| *x != c);
        }
        if !m.granted.is_empty() {
            m.granted.retain(|(x, _)| *x != c);
        }
        if !m.face_down.is_empty() {
            m.face_down.retain(|(x, _)| *x != c);
        }
        if !m.momentum_face_up.is_empty() {
            m.momentum_face_up.retain(|x| *x != c);
        }
        if !m.checked_to_play.is_empty() {
            m.checked_to_play.retain(|(x, _)| *x != c);
        }
        if !m.block_zone.is_empty() {
            m.block_zone.retain(|(x, _)| *x != c);
        }
        if !m.x_zero.is_empty() {
            m.x_zero.retain(|(x, _)| *x != c);
        }
        // J.2.3.1: a permission to play it as though in hand ends as it changes zones.
        if !self.as_in_hand.is_empty() {
            self.as_in_hand.retain(|(_, x, _)| *x != c);
        }
    }

    pub(crate) fn zone_mut(&mut self, p: u8, place: Place) -> &mut Vec<CardId> {
        let pl = self.player_mut(p);
        match place {
            Place::Deck => &mut pl.deck,
            Place::Hand => &mut pl.hand,
            Place::CardPool => &mut pl.card_pool,
            Place::Staging => &mut pl.staging,
            Place::Momentum => &mut pl.momentum,
            Place::Discard => &mut pl.discard,
            Place::Removed => &mut pl.removed,
        }
    }

    pub fn zone(&self, p: u8, place: Place) -> &[CardId] {
        let pl = self.player(p);
        match place {
            Place::Deck => &pl.deck,
            Place::Hand => &pl.hand,
            Place::CardPool => &pl.card_pool,
            Place::Staging => &pl.staging,
            Place::Momentum => &pl.momentum,
            Place::Discard => &pl.discard,
            Place::Removed => &pl.removed,
        }
    }

    /// Ready foundations and characters in a player's staging area: what can be
    /// committed to a control check (E.3.5.2.3).
    pub fn committable(&self, p: u8) -> Vec<CardId> {
        // Forward Kick: foundations with a chosen symbol can't pay for a block's check.
        let barred = match (&self.check, &self.attack) {
            (Some(ch), Some(a)) if ch.purpose == Purpose::Block && ch.player == p => {
                a.block_rules.iter().find_map(|r| match r {
                    crate::ability::BlockRule::NoCommitSymbol(s) => *s,
                    _ => None,
                })
            }
            _ => None,
        };
        self.player(p)
            .staging
            .iter()
            .copied()
            .filter(|&c| {
                let def = self.def(c);
                // D.2.2.3.2: an attached character is not committed on its own.
                !self.card(c).committed
                    && !self.is_attached(c)
                    && match def.kind {
                        Kind::Foundation => barred.is_none_or(|s| !def.symbols.has(s)),
                        Kind::Character { .. } => true,
                        _ => false,
                    }
            })
            .collect()
    }
}

impl GameState {
    /// A log line every seat reads.
    pub(crate) fn say(&mut self, text: impl FnOnce(&Self) -> String) {
        if self.logging {
            let text = text(self);
            self.log.push(LogEntry {
                turn: self.turn,
                visible_to: None,
                text,
            });
        }
    }

    /// A log line only `seat` reads (what it alone can see: its draws).
    pub(crate) fn say_to(&mut self, seat: u8, text: impl FnOnce(&Self) -> String) {
        if self.logging {
            let text = text(self);
            self.log.push(LogEntry {
                turn: self.turn,
                visible_to: Some(Seat::from(seat)),
                text,
            });
        }
    }

    pub fn name_of(&self, c: CardId) -> String {
        self.def(c).card_name()
    }

    pub fn seat_name(&self, p: u8) -> String {
        format!("{} (seat {p})", self.character_def(p).name)
    }
}
