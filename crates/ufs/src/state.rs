//! The game state (D. Zones, C. Card States): every card, the two players' zones, the
//! turn, the attack under way and the attack stack, the check being made, and the
//! pending decision.

use crate::db::Db;
use crate::model::*;
use crossover_kernel::{GameRng, LogEntry, Seat};
use serde::{Deserialize, Serialize};
use std::sync::Arc;

pub type CardId = u16;

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

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
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
    /// Fired effects assigned to this attack (J.3.2) that wait for its Damage Step:
    /// "if this attack deals damage".
    pub fired: Vec<Fired>,
}

/// A fired effect waiting for the attack's damage (J.3.2).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Fired {
    /// The player whose ability created it (its controller, J.1.1).
    pub controller: u8,
    /// Only if the attack is the controller's ("your attack", K.3.4.1).
    pub yours_only: bool,
    pub then: Vec<crate::ability::Effect>,
}

/// A choice a player is making in the middle of something, and what it is for.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Choice {
    /// Paying "discard N cards" for an ability (H.4): `left` still to discard; then
    /// the ability's effect.
    CostDiscard {
        source: CardId,
        ability: u8,
        left: u8,
    },
    /// I.3.12 Stun: the opponent commits `left` more foundations of their choice.
    StunCommit { left: u8 },
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
            | Pending::Choose(s) => Some(s),
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
    /// The choice under way, when `pending` is `Choose`.
    pub choice: Option<Choice>,
    /// A blocked attack that just resolved, against which a reversal may be played.
    pub reversal_window: Option<CardId>,
    /// Attacks played as reversals this turn (I.3.10).
    pub reversal_attacks: Vec<CardId>,
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
        self.choice.hash(h);
        self.reversal_window.hash(h);
        self.reversal_attacks.hash(h);
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
            choice: None,
            reversal_window: None,
            reversal_attacks: Vec::new(),
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
        state
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
    pub fn character_def(&self, p: u8) -> &CardDef {
        self.def(self.player(p).character)
    }
    pub fn hand_size(&self, p: u8) -> usize {
        match self.character_def(p).kind {
            Kind::Character { hand_size, .. } => usize::from(hand_size),
            _ => 0,
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
        let (owner, from) = {
            let card = self.card(c);
            (card.owner, card.place)
        };
        let list = self.zone_mut(owner, from);
        if let Some(i) = list.iter().position(|&x| x == c) {
            list.remove(i);
        }
        self.zone_mut(owner, to).push(c);
        let card = self.card_mut(c);
        card.place = to;
        card.committed = false;
        if to != Place::CardPool {
            card.played_as_block = false;
            card.dealt_damage = false;
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
        self.player(p)
            .staging
            .iter()
            .copied()
            .filter(|&c| {
                !self.card(c).committed
                    && matches!(self.def(c).kind, Kind::Foundation | Kind::Character { .. })
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
