//! Setting up a game (Setting Up the Game p.8): the setup a game is started from, and
//! the steps before the first turn (first player, main characters, hands, mulligans).

use crate::db::{CardDb, CardPool};
use crate::model::CardKind;
use crate::state::*;
use crossover_kernel::{GameRng, SetupError};
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// One seat's part of a setup: a name, a level 1 main character and exactly 60 cards.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerSetup {
    pub name: String,
    /// Card number (or name) of the level 1 main character.
    pub main: String,
    /// Card numbers (or names), one entry per copy.
    pub deck: Vec<String>,
    /// Other versions of the main character brought besides the levels printed with it
    /// (a deck's `version` lines; Level Up Powers p.20).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub versions: Vec<String>,
}

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Setup {
    #[serde(default)]
    pub variant: Variant,
    pub players: Vec<PlayerSetup>,
    /// The card pool the decks come from [default: the embedded cards]; replays store
    /// its fingerprint.
    #[serde(default, skip_serializing_if = "CardPool::is_embedded")]
    pub cards: CardPool,
}

impl GameState {
    /// Start a game with a given card database instead of the setup's pool (tests use
    /// their own cards).
    pub fn with_db(db: Arc<CardDb>, setup: &Setup, seed: u64) -> Result<GameState, SetupError> {
        let n = setup.players.len();
        let ok = match setup.variant {
            Variant::TwoPlayer => n == 2,
            Variant::FreeForAll => (3..=4).contains(&n),
            Variant::TwoVsTwo | Variant::TwoHeaded => n == 4,
        };
        if !ok {
            return Err(SetupError(format!(
                "{:?} needs {} players, but the setup has {n}",
                setup.variant,
                match setup.variant {
                    Variant::TwoPlayer => "2",
                    Variant::FreeForAll => "3 or 4",
                    Variant::TwoVsTwo | Variant::TwoHeaded => "4",
                }
            )));
        }
        let mut g = GameState {
            db: db.clone(),
            variant: setup.variant,
            cards: Vec::new(),
            players: Vec::new(),
            turn: 0,
            turn_seat: 0,
            first_seat: 0,
            phase: Phase::Setup,
            combat: None,
            pending: Pending::None,
            frames: Vec::new(),
            triggers: Vec::new(),
            ordered_triggers: Vec::new(),
            reactions: Vec::new(),
            modifiers: Vec::new(),
            clock: 0,
            rng: GameRng::from_seed(seed),
            outcome: None,
            setup_done: Vec::new(),
            chooser: 0,
            first_chosen: false,
            idle_turns: 0,
            recruiting: Vec::new(),
            attacked_this_turn: Vec::new(),
            no_more_attacks: Default::default(),
            acting: 0,
            side_passes: 0,
            borrowed: Vec::new(),
            delayed: Vec::new(),
            follow_up_attack: None,
            log: EventLog {
                enabled: true,
                entries: Default::default(),
            },
        };
        for (seat, ps) in setup.players.iter().enumerate() {
            let find = |key: &str| {
                db.find(key)
                    .ok_or_else(|| SetupError(format!("{}: unknown card `{key}`", ps.name)))
            };
            let main_def = find(&ps.main)?;
            if !matches!(db.get(main_def).kind, CardKind::MainCharacter { level: 1 }) {
                return Err(SetupError(format!(
                    "{}: `{}` is not a level 1 main character",
                    ps.name, ps.main
                )));
            }
            let team = match setup.variant {
                Variant::TwoVsTwo => (seat % 2) as u8,
                // Teammates sit next to each other (2-Headed Teammates p.27).
                Variant::TwoHeaded => (seat / 2) as u8,
                _ => seat as u8,
            };
            g.players.push(Player::new(seat, ps.name.clone(), team));
            let m = g.new_card(main_def, seat, Zone::SetAside);
            g.cards[m as usize].main = true;
            g.players[seat].main = m;
            // The other levels are set aside where everyone can see them.
            for lv in &db.get(main_def).levels {
                let d = find(lv)?;
                g.new_card(d, seat, Zone::SetAside);
                for lv2 in &db.get(d).levels {
                    let d2 = find(lv2)?;
                    if d2 != main_def
                        && !g.players[seat]
                            .set_aside()
                            .iter()
                            .any(|&c| g.cards[c as usize].def == d2)
                    {
                        g.new_card(d2, seat, Zone::SetAside);
                    }
                }
            }
            // Other versions the player brings, each with its own higher levels.
            for key in &ps.versions {
                let v = db
                    .version_of(main_def, key)
                    .map_err(|why| SetupError(format!("{}: {why}", ps.name)))?;
                let mut bring = vec![v];
                for lv in &db.get(v).levels {
                    bring.push(find(lv)?);
                }
                for d in bring {
                    let already = d == main_def
                        || g.players[seat]
                            .set_aside()
                            .iter()
                            .any(|&c| g.cards[c as usize].def == d);
                    if !already {
                        g.new_card(d, seat, Zone::SetAside);
                    }
                }
            }
            for key in &ps.deck {
                let d = find(key)?;
                g.new_card(d, seat, Zone::Deck);
            }
            // A deck with Ovomorphs brings its Facehugger pile: three Facehuggers and one
            // Extended Incubation, out of play (Facehuggers p.24).
            let hatches = g.players[seat].deck().iter().any(|&c| {
                db.get(g.cards[c as usize].def).powers.iter().any(|p| {
                    matches!(&p.body, crate::model::PowerBody::Triggered(t)
                        if t.effect.contains(&crate::model::Step::Hook(crate::model::RunHook(crate::model::Hook::Hatch))))
                })
            });
            if hatches {
                for (i, d) in db.cards.iter().enumerate() {
                    if d.pile {
                        let copies = if d.is_character() { 3 } else { 1 };
                        for _ in 0..copies {
                            let id = g.new_card(i as DefId, seat, Zone::FacehuggerPile);
                            g.cards[id as usize].token = d.is_character();
                        }
                    }
                }
            }
        }
        g.chooser = g.rng.below(n);
        g.settle();
        Ok(g)
    }

    /// Setup (Setting Up the Game p.8): first player, main characters, hands, mulligans.
    pub fn setup_step(&mut self) -> Option<Pending> {
        if !self.first_chosen {
            return Some(Pending::ChooseFirst { seat: self.chooser });
        }
        let order = self.seats_from(self.first_seat);
        for &s in &order {
            if !self.setup_done.contains(&s) {
                return Some(Pending::PlaceMain { seat: s });
            }
        }
        if self
            .players
            .iter()
            .all(|p| p.hand().is_empty() && !p.mulliganed)
        {
            for &s in &order {
                self.shuffle_deck(s);
                self.draw(s, 7);
            }
        }
        for &s in &order {
            if !self.players[s].mulliganed {
                return Some(Pending::Mulligan { seat: s });
            }
        }
        self.turn = 1;
        self.turn_seat = self.first_seat;
        self.acting = self.first_seat;
        self.phase = Phase::StartOfTurn;
        None
    }
}
