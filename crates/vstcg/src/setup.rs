//! What a game starts from (101): two to four decks from one card pool.

use crate::db::{built_in_pool, CardPool, DefId};
use crate::ids::*;
use crate::state::*;
use crossover_cards::Pool;
use crossover_kernel::GameRng;
use serde::{Deserialize, Serialize};
use smallvec::SmallVec;

/// The most cards a deck may hold (101.1 sets no maximum; this bounds input).
pub const MAX_DECK: usize = 500;

/// 100.1: two or more players; we seat up to four.
pub const MAX_SEATS: usize = 4;
const _: () = assert!(MAX_SEATS <= crate::state::SEAT_ORDER_MAX);

/// One player's deck, by card id, one entry per copy.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Deck {
    pub name: String,
    pub cards: Vec<String>,
}

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct VsTcgSetup {
    pub pool: Pool<CardPool>,
    /// One deck per seat, clockwise.
    pub decks: Vec<Deck>,
}

impl VsTcgSetup {
    /// A setup with the built-in cards.
    pub fn new(decks: Vec<Deck>) -> VsTcgSetup {
        VsTcgSetup {
            pool: Pool(built_in_pool()),
            decks,
        }
    }
}

impl GameState {
    /// 101: shuffle, 50 endurance each, draw four; a player picked at random chooses
    /// who starts with the initiative (101.4).
    pub fn new(setup: &VsTcgSetup, seed: u64) -> Result<GameState, String> {
        let n = setup.decks.len();
        if !(2..=MAX_SEATS).contains(&n) {
            return Err(format!("Vs. System TCG is played by 2 to {MAX_SEATS} players (100.1); this setup has {n} decks"));
        }
        let pool = setup.pool.clone();
        let mut cards = Vec::new();
        let mut players = Vec::new();
        for (p, deck) in setup.decks.iter().enumerate() {
            if deck.cards.len() > MAX_DECK {
                return Err(format!(
                    "deck {} has {} cards; a deck holds at most {MAX_DECK}",
                    deck.name,
                    deck.cards.len()
                ));
            }
            let mut list = Vec::new();
            // Copies of a card come one after another in a deck: the last id's
            // definition is kept (a lookup costs more than the rest of a card's setup).
            let mut last: Option<(&str, DefId)> = None;
            for id in &deck.cards {
                // The pool keeps an index of its ids.
                let found = match last {
                    Some((was, def)) if was == id.as_str() => Some(def),
                    _ => pool.find_id(id),
                };
                if let Some(def) = found {
                    last = Some((id.as_str(), def));
                }
                let Some(def) = found else {
                    return Err(format!(
                        "deck {} names card {id}, which is not in the card pool",
                        deck.name
                    ));
                };
                let c = CardId(cards.len() as u16);
                cards.push(Card {
                    def,
                    owner: p as PlayerId,
                    controller: p as PlayerId,
                    zone: Zone::Deck,
                    exhausted: false,
                    stunned: false,
                    face_up: false,
                    revealed: false,
                    plus: 0,
                    cosmic: false,
                    object: cards.len() as u32,
                    timestamp: 0,
                    boosted: false,
                });
                list.push(c);
            }
            // 706.15a: no more than one copy of each card (ids are looked up without
            // regard to case, so compare the cards they name).
            let insane = {
                let mut defs: Vec<DefId> = list.iter().map(|c| cards[c.0 as usize].def).collect();
                defs.sort_unstable();
                defs.dedup();
                defs.len() == list.len()
            };
            players.push(Player {
                endurance: 50,
                deck: list,
                hand: Vec::new(),
                ko_pile: Vec::new(),
                removed: Vec::new(),
                resources: Vec::new(),
                characters: Vec::new(),
                equipment: Vec::new(),
                rp: 0,
                in_game: true,
                mulligan_decided: false,
                press_recruited: 0,
                press_reduction: 0,
                insane,
            });
        }
        let clock = cards.len() as u32;
        let has_continuous_powers = cards.iter().any(|c: &Card| {
            pool.def(c.def)
                .powers
                .iter()
                .any(|p| matches!(p.power, crate::power::Power::Continuous(_)))
        });
        let continuous_kinds =
            ContinuousKinds::of(cards.iter().flat_map(|c: &Card| &pool.def(c.def).powers));
        let continuous_cards = crate::state::continuous_cards(&pool, &cards);
        let action_cards = crate::state::action_cards(&pool, &cards);
        let trigger_events = crate::state::trigger_events(&pool, &cards);
        let adjacent_combat_triggers = cards.iter().any(|c: &Card| {
            pool.def(c.def).powers.iter().any(|p| {
                matches!(
                    p.power,
                    crate::power::Power::Trigger {
                        event: crate::vocab::Event::AdjacentEntersCombatWith(_),
                        ..
                    }
                )
            })
        });
        let mut g = GameState {
            pool,
            has_continuous_powers,
            continuous_kinds,
            continuous_cards: Some(continuous_cards),
            action_cards: Some(action_cards),
            trigger_events,
            adjacent_combat_triggers,
            cards,
            players,
            turn: 0,
            initiative: 0,
            part: Part::Setup,
            priority: PriorityWindow::default(),
            chain: Vec::new(),
            attack: None,
            modifiers: Vec::new(),
            formation_moved: SmallVec::new(),
            takebacks: 0,
            wrap_up_saved: Vec::new(),
            hit_attacker: None,
            pending: Pending::Over,
            draft: None,
            waiting: Vec::new(),
            priority_after: None,
            resolving: None,
            delayed: Vec::new(),
            replacing: Vec::new(),
            paying_cost: false,
            events: Vec::new(),
            settled: None,
            no_wait: 0,
            conclusion: None,
            named_counters: Vec::new(),
            hunted: Vec::new(),
            remembered: Vec::new(),
            transfers_tried: Vec::new(),
            shifted: Vec::new(),
            drawn_this_phase: Vec::new(),
            used_this_turn: Vec::new(),
            power_stamps: Vec::new(),
            stamp_orders: Vec::new(),
            gained_powers: Vec::new(),
            while_attacking: Vec::new(),
            chosen_affiliation: None,
            chosen_identity: None,
            breakthrough_to: None,
            kept_affiliations: Vec::new(),
            exhaust_ties: ExhaustTies::default(),
            recruited_this_turn: Vec::new(),
            result: None,
            turn_changes: TurnChanges::default(),
            combat_history: CombatHistory::default(),
            counter_stamps: Vec::new(),
            wrap_up_captors: Default::default(),
            loop_watch: Default::default(),
            loops: Default::default(),
            clock,
            rng: GameRng::from_seed(seed),
            logging: true,
            log: Vec::new(),
        };
        for p in 0..n as PlayerId {
            let mut deck = std::mem::take(&mut g.player_mut(p).deck);
            g.rng.shuffle(&mut deck);
            g.player_mut(p).deck = deck;
            g.draw(p, 4);
        }
        // The opening hands are drawn before any phase.
        g.drawn_this_phase.clear();
        let chooser = g.rng.below(n) as PlayerId;
        g.pending = Pending::ChooseInitiative(chooser);
        Ok(g)
    }
}
