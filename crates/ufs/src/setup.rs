//! Decks (A.2) and starting the game (E.1).

use crate::db::{core, Db};
use crate::state::*;
use crossover_kernel::GameRng;
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// The most cards a deck may list (A.2 sets no upper bound; this keeps input bounded).
pub const MAX_DECK: usize = 500;

/// A deck: the starting character and the rest of the main deck, by card id.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct DeckList {
    pub name: String,
    pub character: String,
    /// Every other card of the main deck, one id per copy.
    pub cards: Vec<String>,
}

/// The embedded pre-built decks, one per Battle Pack character.
pub const PREBUILT: &[(&str, &str)] = &[
    ("ryu", include_str!("../decks/ryu.deck")),
    ("akuma", include_str!("../decks/akuma.deck")),
    ("siegfried", include_str!("../decks/siegfried.deck")),
    ("sophitia", include_str!("../decks/sophitia.deck")),
];

/// A deck file error at its line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DeckError {
    pub line: usize,
    pub message: String,
}

impl DeckList {
    pub fn prebuilt(name: &str) -> Option<DeckList> {
        let (_, text) = PREBUILT.iter().find(|(n, _)| *n == name)?;
        DeckList::parse(name, text).ok()
    }

    /// Reads our deck format: `character ID` once, then `COUNT ID` lines; `;` starts
    /// a comment.
    pub fn parse(name: &str, text: &str) -> Result<DeckList, DeckError> {
        let mut character = None;
        let mut cards = Vec::new();
        // A byte order mark (editors on Windows write one) is not part of the first line.
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        for (i, raw) in text.lines().enumerate() {
            let line = i + 1;
            let words: Vec<&str> = raw
                .split(';')
                .next()
                .unwrap_or("")
                .split_whitespace()
                .collect();
            let fail = |message: String| Err(DeckError { line, message });
            match words.as_slice() {
                [] => {}
                ["character", id] => {
                    if character.is_some() {
                        return fail("a deck has one starting character (E.1.1)".into());
                    }
                    character = Some(id.to_string());
                }
                [count, id] => {
                    let Ok(n) = count.parse::<usize>() else {
                        return fail(format!("{count:?} is not a number of copies"));
                    };
                    // Checked: a count near usize::MAX must not wrap past the cap.
                    if cards.len().checked_add(n).is_none_or(|t| t > MAX_DECK) {
                        return fail(format!(
                            "more than {MAX_DECK} cards: a deck holds at most {MAX_DECK}; lower the count"
                        ));
                    }
                    cards.extend(std::iter::repeat_n(id.to_string(), n));
                }
                _ => return fail("expected `character ID` or `COUNT ID`".into()),
            }
        }
        let Some(character) = character else {
            return Err(DeckError {
                line: 1,
                message: "the deck names no starting character (`character ID`)".into(),
            });
        };
        Ok(DeckList {
            name: name.to_string(),
            character,
            cards,
        })
    }

    /// A.2 and what the engine needs (see [`crate::deckfile::check`]): the first
    /// problem, if any.
    pub fn check(&self, db: &Db, facts_only: bool) -> Result<(), String> {
        let file = crate::deckfile::DeckFile {
            deck: self.clone(),
            character_line: 0,
            lines: Vec::new(),
            sideboard: Vec::new(),
        };
        match crate::deckfile::check(&file, db, facts_only)
            .into_iter()
            .next()
        {
            Some(p) => Err(p.message),
            None => Ok(()),
        }
    }
}

/// Everything a game starts from besides the seed.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct UfsSetup {
    pub decks: [DeckList; 2],
    /// Play the cards as their printed facts and keywords only (see `GameState`).
    pub facts_only: bool,
}

impl GameState {
    pub fn new(setup: &UfsSetup, seed: u64) -> Result<GameState, String> {
        GameState::with_db(setup, core(), seed)
    }

    /// A game whose decks name cards of `db` (imported ones: `Db::with`) rather than
    /// the embedded card files alone.
    pub fn with_db(setup: &UfsSetup, db: Arc<Db>, seed: u64) -> Result<GameState, String> {
        for (p, deck) in setup.decks.iter().enumerate() {
            deck.check(&db, setup.facts_only)
                .map_err(|e| format!("seat {p}'s deck {:?}: {e}", deck.name))?;
        }
        let mut rng = GameRng::from_seed(seed);
        let mut cards = Vec::new();
        let mut players = Vec::new();
        for (p, deck) in setup.decks.iter().enumerate() {
            let p = p as u8;
            let mut new_card = |id: &str, place: Place| -> CardId {
                let def = db.by_id(id).expect("checked");
                cards.push(Card::new(def, p, place));
                (cards.len() - 1) as CardId
            };
            let character = new_card(&deck.character, Place::Staging);
            let mut deck_cards: Vec<CardId> = deck
                .cards
                .iter()
                .map(|id| new_card(id, Place::Deck))
                .collect();
            rng.shuffle(&mut deck_cards);
            let mut player = Player::new(character);
            player.deck = deck_cards;
            players.push(player);
        }
        let [a, b]: [Player; 2] = players.try_into().expect("two players");
        let mut state = GameState::from_parts(db, cards, [a, b], rng, setup.facts_only);
        state.say(|s| {
            format!(
                "{} against {} (E.1.1: the starting characters are revealed).",
                s.seat_name(0),
                s.seat_name(1)
            )
        });
        if setup.facts_only {
            state.say(|_| {
                "Facts only: every card plays as its printed facts and keywords; abilities not yet in the card language are left out.".into()
            });
        }
        state.choose_first_at_random();
        Ok(state)
    }

    /// E.1.4–E.1.7: the first player commits their character; vitality is set; both
    /// draw their hand size; then the mulligans (E.1.8).
    pub(crate) fn begin_game(&mut self, first: u8) {
        self.first_player = first;
        self.active = first;
        self.say(|s| format!("{} goes first.", s.seat_name(first)));
        let c = self.player(first).character;
        self.card_mut(c).committed = true;
        for p in [first, 1 - first] {
            for _ in 0..self.hand_size(p) {
                if !self.draw(p) {
                    return;
                }
            }
        }
        self.pending = Pending::Mulligan(first);
    }

    /// E.1.8: the hand to the bottom of the deck, a new hand, then shuffle.
    pub(crate) fn mulligan(&mut self, p: u8, take: bool) {
        if take {
            let hand = std::mem::take(&mut self.player_mut(p).hand);
            for &c in &hand {
                self.card_mut(c).place = Place::Deck;
            }
            self.player_mut(p).deck.splice(0..0, hand);
            for _ in 0..self.hand_size(p) {
                if !self.draw(p) {
                    return;
                }
            }
            let mut deck = std::mem::take(&mut self.player_mut(p).deck);
            self.rng.shuffle(&mut deck);
            self.player_mut(p).deck = deck;
            self.player_mut(p).mulliganed = true;
            self.say(|s| format!("{} takes a mulligan.", s.seat_name(p)));
        }
        if p == self.first_player {
            self.pending = Pending::Mulligan(1 - p);
        } else {
            // E.1.9: the first player skips the Ready Phase of their first turn.
            self.turn = 1;
            let first = self.first_player;
            self.say(|s| format!("Turn 1: {} (no Ready Phase, E.1.9).", s.seat_name(first)));
            self.combat_phase();
        }
    }
}
