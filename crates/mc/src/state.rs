//! The game state: every physical card with where it is and what is on it, the
//! players, the scenario's decks, and the engine's work stack ([`Task`]) with the
//! pending decision ([`Pending`]).

use crate::db::Db;
use crate::model::*;
use crossover_kernel::{GameRng, Outcome};
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// A physical card in this game: an index into [`GameState::cards`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, PartialOrd, Ord)]
pub struct CardId(pub u16);

/// The scenario owns and controls encounter cards (OWNERSHIP AND CONTROL).
pub const SCENARIO: u8 = 255;

/// Where a card is (IN PLAY AND OUT OF PLAY).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Zone {
    Deck(u8),
    Hand(u8),
    Discard(u8),
    /// In a player's play area: identity, allies, upgrades, supports.
    Play(u8),
    /// A minion engaged with a player (ENGAGED).
    Engaged(u8),
    /// Dealt face down to a player, waiting to be revealed (DEAL).
    Dealt(u8),
    EncounterDeck,
    EncounterDiscard,
    /// The current villain stage (in play).
    Villain,
    /// Unrevealed villain stages.
    VillainDeck,
    MainScheme,
    SchemeDeck,
    SideScheme,
    Environment,
    /// Attached to `attached_to`.
    Attached,
    /// Face down on the villain as a boost card.
    Boost,
    /// A player's nemesis set, set aside (NEMESIS).
    SetAside(u8),
    Removed,
    /// Being resolved (an event being played, a treachery being revealed).
    Resolving,
    /// Face down under a card in play (Highway Robbery).
    Under(CardId),
}

impl Zone {
    pub fn in_play(self) -> bool {
        matches!(
            self,
            Zone::Play(_)
                | Zone::Engaged(_)
                | Zone::Villain
                | Zone::MainScheme
                | Zone::SideScheme
                | Zone::Environment
                | Zone::Attached
        )
    }
}

pub const STUNNED: u8 = 1;
pub const CONFUSED: u8 = 2;
pub const TOUGH: u8 = 4;

/// One physical card.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Card {
    pub def: u16,
    pub owner: u8,
    pub controller: u8,
    pub zone: Zone,
    pub exhausted: bool,
    /// A player card put into play face down as a Drone minion.
    pub face_down: bool,
    pub damage: u16,
    pub threat: u16,
    pub counters: u8,
    /// STUNNED | CONFUSED | TOUGH status cards (STATUS CARDS: one of each at most).
    pub status: u8,
    pub attached_to: Option<CardId>,
    /// The encounter card gained surge while resolving.
    pub surge: bool,
}

/// One player.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Player {
    pub identity: CardId,
    pub hero_def: u16,
    pub alter_ego_def: u16,
    pub form: Form,
    /// The one voluntary form change of the turn is used (FORM).
    pub changed_form: bool,
    pub eliminated: bool,
    /// Top of the deck is the end.
    pub deck: Vec<CardId>,
    pub hand: Vec<CardId>,
    /// Top of the discard pile is the end.
    pub discard: Vec<CardId>,
    pub dealt: Vec<CardId>,
    pub aspect: Aspect,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Phase {
    Setup,
    Player,
    Villain,
    Over,
}

/// A lasting effect (LASTING EFFECTS): `card` gets `stat` + `n` until `until` ends.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Lasting {
    pub card: CardId,
    pub stat: Stat,
    pub n: i8,
    pub until: Period,
}

/// What happened or is about to happen: the triggering conditions of interrupts and
/// responses (TRIGGERING CONDITION).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Event {
    /// An enemy initiates an attack against a player.
    EnemyAttack {
        attacker: CardId,
        player: u8,
    },
    /// An enemy schemes.
    EnemyScheme {
        schemer: CardId,
    },
    /// Damage is dealt to a card; `attack` when it comes from an attack on that player.
    Damage {
        to: CardId,
        amount: u16,
        from_attack: bool,
        attacker: Option<CardId>,
    },
    /// Threat placed on a scheme.
    Threat {
        on: CardId,
        amount: u16,
    },
    /// An encounter card revealed by a player.
    Revealed {
        card: CardId,
        player: u8,
    },
    EntersPlay {
        card: CardId,
    },
    /// A character or side scheme is defeated; `by` the player whose attack or effect
    /// did it.
    Defeated {
        card: CardId,
        by: Option<u8>,
    },
    ChangedForm {
        player: u8,
    },
    /// A hero or ally attacked an enemy; `basic`: with its basic power.
    PlayerAttack {
        by: CardId,
        target: CardId,
        basic: bool,
        defeated: bool,
    },
    Thwarted {
        by: CardId,
    },
    Defended {
        defender: CardId,
        player: u8,
    },
    /// Threat was placed on the main scheme in step one of the villain phase.
    StepOneThreat,
    /// An enemy attack finished; `damaged`: the character it damaged, if any.
    EnemyAttacked {
        attacker: CardId,
        player: u8,
        damaged: Option<CardId>,
    },
    /// The round ends (step five of the villain phase).
    RoundEnds,
}

/// One occurrence going through its interrupt window, its resolution and its response
/// window (INTERRUPT, RESPONSE). Effects that prevent, cancel or replace change it.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Occurrence {
    pub event: Event,
    pub stage: OccStage,
    pub canceled: bool,
    /// Damage or threat prevented so far.
    pub prevented: u16,
    /// Abilities already used or passed in this occurrence's windows (card, ability).
    pub used: Vec<(CardId, u8)>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum OccStage {
    ForcedInterrupts,
    Interrupts { next: u8, passes: u8 },
    Resolve,
    ForcedResponses,
    Responses { next: u8, passes: u8 },
}

/// An ability resolving: its steps and what its choices and payment remembered.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Frame {
    pub source: CardId,
    /// The player resolving it ("you"); for encounter cards, the player revealing or
    /// resolving them.
    pub player: u8,
    /// Shared between clones until one of them edits it (an `(if ...)` or a choice
    /// splicing its steps in): searches clone the state with frames on the stack far
    /// more often than a frame's steps change, and steps own nested `Vec`s and strings.
    pub steps: Arc<Vec<Step>>,
    pub pc: u16,
    pub chosen: [Option<CardId>; 4],
    pub chosen_player: [Option<u8>; 4],
    pub paid: Icons,
    pub counted: u16,
    /// The last step changed nothing (for "if no damage was healed this way").
    pub nothing: bool,
    /// The card of the occurrence that triggered it.
    pub event_card: Option<CardId>,
    /// Resolving an event card: discard it when done.
    pub event: bool,
    pub label: Option<Label>,
    /// Counters the source had when the ability was initiated, before its costs
    /// (a discarded card loses its counters).
    pub counters: u8,
    /// The character damaged by the attack this effect started (or by the attack of
    /// the triggering occurrence).
    pub damaged: Option<CardId>,
    /// Damage assigned so far by `AssignDamageAmongHeroesAndAllies`, and what is left.
    pub assigned: Vec<(CardId, u16)>,
    pub assign_left: Option<u16>,
}

/// An enemy attack in progress (ENEMY ATTACKS).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct EnemyAttack {
    pub attacker: CardId,
    pub player: u8,
    pub step: u8,
    pub defender: Option<CardId>,
    pub boosts: u8,
    pub bonus: u16,
    pub overkill: bool,
    pub damaged: Option<CardId>,
    /// Players already asked whether they defend.
    pub asked: u8,
    /// Damage this attack dealt (after prevention), and the first character it
    /// really damaged.
    pub dealt: u16,
    pub hit: Option<CardId>,
    /// Cards to discard when this attack ends (Charge).
    pub discard_after: Vec<CardId>,
    /// The attacked player's identity took damage from it.
    pub hero_damaged: bool,
    /// Exhaust that hero when the attack ends, if it damaged them (Sonic Boom).
    pub exhaust_if_damaged: bool,
    /// The source of the effect whose frame counts the attacks made.
    pub counted_by: Option<CardId>,
    /// Stun the character this attack damages.
    pub stun_damaged: bool,
    /// The damage `damaged` had before the attack's damage.
    pub damaged_had: u16,
}

/// The engine's work: popped from the top of [`GameState::tasks`] by the settle loop.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Task {
    Mulligan(u8),
    StartRound,
    Turn(u8),
    EndPhaseDiscard(u8),
    EndPhaseDrawReady,
    VillainStep1,
    /// The villain's activations against the players whose seats are left in this set
    /// (a bit per seat), the next in player order first. A set, not a position in player
    /// order, so that a player eliminated meanwhile neither shifts nor skips the others.
    Activation(u8),
    /// Minions engaged with a player activate, starting at this one of them.
    MinionActivations {
        player: u8,
        next: u8,
    },
    Deal,
    /// Reveal the dealt cards of the players whose seats are left in this set (a bit per
    /// seat), the next in player order first (as for `Activation`).
    Reveal(u8),
    PassToken,
    Attack(EnemyAttack),
    Scheme {
        schemer: CardId,
        player: u8,
        step: u8,
        bonus: u16,
    },
    RevealCard {
        card: CardId,
        player: u8,
        step: u8,
    },
    Occur(Occurrence),
    /// Forced abilities triggered at the same moment and not yet initiated, as (card,
    /// ability, player resolving): the first player picks which initiates next, and
    /// each resolves completely before the next (FORCED).
    OrderForced {
        left: Vec<(CardId, u8, u8)>,
        /// The card of the triggering occurrence, and the character its attack
        /// damaged, handed to each ability.
        event_card: CardId,
        damaged: Option<CardId>,
    },
    Effect(Frame),
    /// The next main scheme stage enters play (its B side).
    EnterSchemeStage(CardId),
    /// Each player draws their opening hand (alter-ego hand size).
    OpeningHands,
    /// An ally or hero's basic attack or thwart after its costs.
    Consequential {
        ally: CardId,
        amount: u8,
    },
    /// Each player draws their opening hand, after the identities' Setup abilities.
    DrawOpeningHands,
}

/// What a seat must decide now.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Pending {
    None,
    Mulligan(u8),
    Turn(u8),
    /// Paying for a card or ability (COST): the sources tentatively chosen.
    Pay(Box<Payment>),
    /// Choose a defender for this attack (DEFEND).
    Defend {
        player: u8,
    },
    /// An effect's `(choose ...)`.
    Choose {
        player: u8,
        options: Vec<CardId>,
    },
    ChoosePlayer {
        player: u8,
    },
    ChooseOne {
        player: u8,
        count: u8,
    },
    /// Use an interrupt or response, or pass.
    Window {
        player: u8,
    },
    /// Pick which of the forced abilities triggered together initiates next.
    OrderForced {
        player: u8,
    },
    DiscardDown(u8),
}

/// What is being paid for.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum PayFor {
    /// Playing this card from hand.
    Play(CardId),
    /// Using an ability of this card.
    Ability(CardId, u8),
    /// An effect paying the printed cost of this card (Make the Call).
    Effect(CardId),
    /// Resources an effect asks for ("either spend ... or ...").
    EffectResources,
}

/// A payment in progress: nothing is spent until the cost is covered (COST: costs are
/// paid simultaneously), and it can be called off with nothing spent.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Payment {
    pub player: u8,
    pub what: PayFor,
    /// Any-type resources still needed.
    pub generic: u8,
    /// Typed resources still needed.
    pub typed: Icons,
    /// Cards from hand discarded for resources.
    pub cards: Vec<CardId>,
    /// Resource abilities used (card, ability index).
    pub abilities: Vec<(CardId, u8)>,
    pub generated: Icons,
    /// `Spend X`: pay as many as wanted; `Done` finishes.
    pub open_ended: bool,
}

/// The rules state. Everything here is covered by the state hash.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct GameState {
    #[serde(skip, default = "crate::db::core")]
    pub(crate) db: Arc<Db>,
    pub(crate) cards: Vec<Card>,
    pub(crate) players: Vec<Player>,
    pub(crate) starting_players: u8,
    pub(crate) first_player: u8,
    pub(crate) round: u32,
    pub(crate) phase: Phase,
    pub(crate) villain: CardId,
    pub(crate) villain_deck: Vec<CardId>,
    pub(crate) main_scheme: CardId,
    pub(crate) scheme_deck: Vec<CardId>,
    pub(crate) encounter_deck: Vec<CardId>,
    pub(crate) encounter_discard: Vec<CardId>,
    pub(crate) boost: Vec<CardId>,
    pub(crate) acceleration_tokens: u8,
    pub(crate) lasting: Vec<Lasting>,
    /// Uses of limited abilities this round/phase: (card, ability, period, times).
    pub(crate) limits: Vec<(CardId, u8, Period, u8)>,
    pub(crate) tasks: Vec<Task>,
    pub(crate) pending: Pending,
    pub(crate) outcome: Option<Outcome>,
    pub(crate) rng: GameRng,
    pub(crate) expert: bool,
    /// The player whose attack or effect last dealt damage (for "after you defeat").
    pub(crate) last_damager: Option<u8>,
    /// The card being revealed had its When Revealed effects canceled.
    pub(crate) revealed_canceled: bool,
    /// The option picked for a pending `(choose-one ...)`.
    pub(crate) chosen_option: Option<u8>,
    /// Payments called off since the last other action: not offered again until then.
    #[serde(default)]
    pub(crate) called_off: Vec<PayFor>,
    /// The readable log (not hashed). Shared between clones until one of them logs:
    /// searches clone the state many times and never log, so they never copy it.
    pub(crate) log: Arc<Vec<crossover_kernel::LogEntry>>,
    pub(crate) logging: bool,
    /// Derived from `cards`, so neither hashed nor saved.
    #[serde(skip)]
    pub(crate) ability_sources: AbilitySources,
    /// Whether a card, a player or a lasting effect may have changed since the state
    /// checks last walked the cards and found nothing: they walk them only then. Derived
    /// (neither hashed nor saved); a loaded state checks at once.
    #[serde(skip, default = "checks_due")]
    pub(crate) checks_due: bool,
}

fn checks_due() -> bool {
    true
}

/// The cards abilities of a kind can come from, in card order, so that what asks for
/// them often need not scan every card (`GameState::modifiers` asks for every stat of
/// every character at every state check; every occurrence looks for forced abilities,
/// interrupts and responses). Valid while `for_cards` equals the number of cards;
/// otherwise (a state just deserialized, or built card by card by a scenario) every
/// card is scanned.
#[derive(Debug, Clone, Default)]
pub(crate) struct AbilitySources {
    /// Cards whose definition has constant abilities: the only cards a stat's
    /// modifiers can come from.
    pub(crate) constants: Arc<Vec<CardId>>,
    /// Cards with a triggered ability, and every identity (its side, and so its
    /// abilities, changes): the only cards a forced ability, an interrupt or a response
    /// in play can come from.
    pub(crate) triggered: Arc<Vec<CardId>>,
    pub(crate) for_cards: usize,
}

/// Whether a card of definition `d` belongs in [`AbilitySources::triggered`].
pub(crate) fn may_trigger(d: &crate::model::CardDef) -> bool {
    d.abilities.iter().any(|a| a.trigger.is_some())
        || matches!(d.kind, Kind::Hero { .. } | Kind::AlterEgo { .. })
}

impl AbilitySources {
    /// Card `id`, of definition `def`, is about to be added (or just was).
    pub(crate) fn card_added(&mut self, db: &crate::db::Db, id: CardId, def: u16) {
        if self.for_cards == usize::from(id.0) {
            let d = &db.defs[usize::from(def)];
            if !d.constants.is_empty() {
                Arc::make_mut(&mut self.constants).push(id);
            }
            if may_trigger(d) {
                Arc::make_mut(&mut self.triggered).push(id);
            }
            self.for_cards += 1;
        }
    }
}

impl std::hash::Hash for GameState {
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        self.cards.hash(h);
        self.players.hash(h);
        self.starting_players.hash(h);
        self.first_player.hash(h);
        self.round.hash(h);
        self.phase.hash(h);
        self.villain.hash(h);
        self.villain_deck.hash(h);
        self.main_scheme.hash(h);
        self.scheme_deck.hash(h);
        self.encounter_deck.hash(h);
        self.encounter_discard.hash(h);
        self.boost.hash(h);
        self.acceleration_tokens.hash(h);
        self.lasting.hash(h);
        self.limits.hash(h);
        self.tasks.hash(h);
        self.pending.hash(h);
        self.outcome.hash(h);
        self.rng.hash(h);
        self.expert.hash(h);
        self.last_damager.hash(h);
        self.revealed_canceled.hash(h);
        self.chosen_option.hash(h);
        self.called_off.hash(h);
    }
}

impl GameState {
    pub fn def(&self, c: CardId) -> &CardDef {
        &self.db.defs[usize::from(self.cards[usize::from(c.0)].def)]
    }
    pub fn card(&self, c: CardId) -> &Card {
        &self.cards[usize::from(c.0)]
    }
    pub(crate) fn card_mut(&mut self, c: CardId) -> &mut Card {
        self.checks_due = true;
        &mut self.cards[usize::from(c.0)]
    }
    pub fn ids(&self) -> impl Iterator<Item = CardId> + '_ {
        (0..self.cards.len() as u16).map(CardId)
    }
    pub fn players(&self) -> &[Player] {
        &self.players
    }
    pub fn round(&self) -> u32 {
        self.round
    }
    pub fn phase(&self) -> Phase {
        self.phase
    }
    pub fn first_player(&self) -> u8 {
        self.first_player
    }
    pub fn villain(&self) -> CardId {
        self.villain
    }
    pub fn main_scheme(&self) -> CardId {
        self.main_scheme
    }
    pub fn pending(&self) -> &Pending {
        &self.pending
    }
    pub fn outcome(&self) -> Option<&Outcome> {
        self.outcome.as_ref()
    }
    pub fn encounter_deck_len(&self) -> usize {
        self.encounter_deck.len()
    }
    pub fn encounter_discard(&self) -> &[CardId] {
        &self.encounter_discard
    }
    pub fn acceleration_tokens(&self) -> u8 {
        self.acceleration_tokens
    }
    pub fn is_expert(&self) -> bool {
        self.expert
    }
    /// Players in player order (IN PLAYER ORDER), from the first player, skipping the
    /// eliminated.
    /// The first player, in player order, of a set of seats (a bit per seat) who is still
    /// in the game.
    pub(crate) fn next_of(&self, seats: u8) -> Option<u8> {
        self.player_order()
            .into_iter()
            .find(|&p| seats & seat_bit(p) != 0)
    }
    pub fn player_order(&self) -> Vec<u8> {
        let n = self.players.len() as u8;
        (0..n)
            .map(|i| (self.first_player + i) % n)
            .filter(|&p| !self.players[usize::from(p)].eliminated)
            .collect()
    }
    pub fn player(&self, p: u8) -> &Player {
        &self.players[usize::from(p)]
    }
    /// A new lasting effect: it may change a character's hit points, so the state
    /// checks are due.
    pub(crate) fn add_lasting(&mut self, l: Lasting) {
        self.checks_due = true;
        self.lasting.push(l);
    }

    pub(crate) fn player_mut(&mut self, p: u8) -> &mut Player {
        self.checks_due = true;
        &mut self.players[usize::from(p)]
    }
}

/// A set of seats with every seat in it (`Task::Activation`, `Task::Reveal`).
pub(crate) const EVERY_SEAT: u8 = u8::MAX;

/// A seat's bit in a set of seats.
pub(crate) fn seat_bit(p: u8) -> u8 {
    1 << p
}
