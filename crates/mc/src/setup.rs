//! Setup (Rules Reference Appendix II, as docs/rulings.md records it): identities alter-
//! ego side up, hit points, first player, nemesis sets set aside, obligations shuffled
//! into the encounter deck, villain and main scheme decks, the encounter deck from the
//! villain's set, a modular set and the Standard (and Expert) set, the main scheme's
//! setup, then opening hands and one mulligan.

use crate::db::Db;
use crate::model::*;
use crate::state::*;
use crossover_kernel::{GameRng, SetupError};
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// The most players a game seats (the Core Set plays 1–4).
pub const MAX_PLAYERS: usize = 4;

/// One player's deck: the identity (by its hero side's number), the aspect and the
/// other cards with their copies.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct DeckList {
    pub name: String,
    pub hero: String,
    pub aspect: Aspect,
    pub cards: Vec<(String, u8)>,
}

impl DeckList {
    pub fn prebuilt(name: &str) -> Option<DeckList> {
        crate::decks::prebuilt(name).map(|d| DeckList {
            name: d.name.to_string(),
            hero: d.hero.to_string(),
            aspect: d.aspect,
            cards: d.cards.iter().map(|(c, n)| (c.to_string(), *n)).collect(),
        })
    }
}

/// Everything a game starts from besides the seed.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct McSetup {
    /// One deck per player, in player order from the first player.
    pub decks: Vec<DeckList>,
    /// The villain's encounter set: `rhino`, `klaw` or `ultron`.
    pub villain: String,
    /// The modular encounter set.
    pub modular: String,
    /// Expert mode: villain stages II and III and the Expert set.
    #[serde(default)]
    pub expert: bool,
}

pub const VILLAINS: [(&str, &str); 3] = [
    ("rhino", "bomb_scare"),
    ("klaw", "masters_of_evil"),
    ("ultron", "under_attack"),
];
pub const MODULARS: [&str; 5] = [
    "bomb_scare",
    "masters_of_evil",
    "under_attack",
    "legions_of_hydra",
    "the_doomsday_chair",
];

fn bad(msg: impl Into<String>) -> SetupError {
    SetupError(msg.into())
}

impl GameState {
    pub fn new(setup: &McSetup, seed: u64, db: Arc<Db>) -> Result<GameState, SetupError> {
        if setup.decks.is_empty() || setup.decks.len() > MAX_PLAYERS {
            return Err(bad(format!(
                "a game has 1 to {MAX_PLAYERS} players, not {}",
                setup.decks.len()
            )));
        }
        if !VILLAINS.iter().any(|(v, _)| *v == setup.villain) {
            return Err(bad(format!(
                "unknown villain `{}` (the Core Set villains are rhino, klaw and ultron)",
                setup.villain
            )));
        }
        if !MODULARS.contains(&setup.modular.as_str()) {
            return Err(bad(format!(
                "unknown modular set `{}` (one of {})",
                setup.modular,
                MODULARS.join(", ")
            )));
        }
        let mut g = GameState {
            db: db.clone(),
            cards: vec![],
            players: vec![],
            starting_players: setup.decks.len() as u8,
            first_player: 0,
            round: 0,
            phase: Phase::Setup,
            villain: CardId(0),
            villain_deck: vec![],
            main_scheme: CardId(0),
            scheme_deck: vec![],
            encounter_deck: vec![],
            encounter_discard: vec![],
            boost: vec![],
            acceleration_tokens: 0,
            lasting: vec![],
            limits: vec![],
            tasks: vec![],
            pending: Pending::None,
            outcome: None,
            rng: GameRng::from_seed(seed),
            expert: setup.expert,
            last_damager: None,
            revealed_canceled: false,
            chosen_option: None,
            called_off: vec![],
            log: Arc::default(),
            logging: true,
            ability_sources: Default::default(),
            checks_due: true,
        };
        let mut heroes_in_play: Vec<&str> = vec![];
        for (p, deck) in setup.decks.iter().enumerate() {
            let p = p as u8;
            let hero = db
                .by_code(&deck.hero)
                .ok_or_else(|| bad(format!("unknown hero card `{}`", deck.hero)))?;
            let hd = &db.defs[usize::from(hero)];
            if !matches!(hd.kind, Kind::Hero { .. }) {
                return Err(bad(format!(
                    "`{}` ({}) is not a hero card",
                    deck.hero, hd.name
                )));
            }
            if heroes_in_play.contains(&hd.set.as_str()) {
                return Err(bad(format!("{} is in the game twice (UNIQUE)", hd.name)));
            }
            heroes_in_play.push(&hd.set);
            let back = hd
                .back
                .as_deref()
                .and_then(|b| db.by_code(b))
                .ok_or_else(|| bad(format!("{} has no alter-ego side", hd.name)))?;
            let identity = g.new_card(hero, p, Zone::Play(p));
            let mut deck_cards = vec![];
            for (code, n) in &deck.cards {
                let d = db
                    .by_code(code)
                    .ok_or_else(|| bad(format!("unknown card `{code}` in deck {}", deck.name)))?;
                if !db.defs[usize::from(d)].kind.is_player_card()
                    || db.defs[usize::from(d)].kind.is_identity()
                {
                    return Err(bad(format!("`{code}` can't be in a player deck")));
                }
                if *n > 50 {
                    return Err(bad(format!("{n} copies of `{code}` is too many")));
                }
                for _ in 0..*n {
                    deck_cards.push(g.new_card(d, p, Zone::Deck(p)));
                }
            }
            if deck_cards.len() > 60 {
                return Err(bad(format!(
                    "deck {} has {} cards; a deck has at most 50",
                    deck.name,
                    deck_cards.len()
                )));
            }
            g.rng.shuffle(&mut deck_cards);
            g.players.push(Player {
                identity,
                hero_def: hero,
                alter_ego_def: back,
                form: Form::AlterEgo,
                changed_form: false,
                eliminated: false,
                deck: deck_cards,
                hand: vec![],
                discard: vec![],
                dealt: vec![],
                aspect: deck.aspect,
            });
            // Nemesis set aside; obligation into the encounter deck.
            let set = hd.set.clone();
            for (d, def) in db.set(&format!("{set}_nemesis")) {
                let _ = def;
                g.new_card(d, SCENARIO, Zone::SetAside(p));
            }
            for (d, def) in db.set(&set) {
                if matches!(def.kind, Kind::Obligation) {
                    let c = g.new_card(d, SCENARIO, Zone::EncounterDeck);
                    g.encounter_deck.push(c);
                }
            }
        }
        // The villain deck and the main scheme deck.
        let stages: Vec<u8> = if setup.expert { vec![2, 3] } else { vec![1, 2] };
        let mut villains = vec![];
        let mut b_sides = vec![];
        for (d, def) in db.set(&setup.villain) {
            match def.kind {
                Kind::Villain { stage, .. } => {
                    if stages.contains(&stage) {
                        villains.push((stage, d));
                    }
                }
                Kind::MainScheme {
                    b_side: true,
                    stage,
                    ..
                } => b_sides.push((stage, d)),
                Kind::MainScheme { b_side: false, .. } => {}
                Kind::Environment => {
                    g.new_card(d, SCENARIO, Zone::SetAside(SCENARIO));
                }
                _ => {
                    for _ in 0..def.quantity {
                        let c = g.new_card(d, SCENARIO, Zone::EncounterDeck);
                        g.encounter_deck.push(c);
                    }
                }
            }
        }
        let mut sets = vec![setup.modular.clone(), "standard".to_string()];
        if setup.expert {
            sets.push("expert".to_string());
        }
        for s in &sets {
            for (d, def) in db.set(s) {
                for _ in 0..def.quantity {
                    let c = g.new_card(d, SCENARIO, Zone::EncounterDeck);
                    g.encounter_deck.push(c);
                }
            }
        }
        villains.sort();
        if villains.len() != 2 {
            return Err(bad(format!(
                "the {} set lacks its villain stages",
                setup.villain
            )));
        }
        let v1 = g.new_card(villains[0].1, SCENARIO, Zone::Villain);
        let v2 = g.new_card(villains[1].1, SCENARIO, Zone::VillainDeck);
        g.villain = v1;
        g.villain_deck = vec![v2];
        if g.keyword(v1, Keyword::Toughness) {
            g.card_mut(v1).status |= TOUGH;
        }
        b_sides.sort();
        let mut schemes: Vec<CardId> = b_sides
            .iter()
            .map(|&(_, d)| g.new_card(d, SCENARIO, Zone::SchemeDeck))
            .collect();
        schemes.reverse();
        let first = schemes
            .pop()
            .ok_or_else(|| bad(format!("the {} set lacks its main scheme", setup.villain)))?;
        g.scheme_deck = schemes;
        g.main_scheme = first;
        let mut deck = std::mem::take(&mut g.encounter_deck);
        g.rng.shuffle(&mut deck);
        g.encounter_deck = deck;
        // Refuse what the engine can't play yet, naming it.
        let missing: Vec<String> = g
            .ids()
            .filter(|&c| g.def(c).missing.is_some())
            .map(|c| format!("{} {}", g.def(c).code, g.def(c).name))
            .collect::<std::collections::BTreeSet<_>>()
            .into_iter()
            .collect();
        if !missing.is_empty() && !crate::ALLOW_INCOMPLETE.with(|a| a.get()) {
            return Err(bad(format!(
                "these cards' abilities are not implemented yet, so this setup can't be played: {}",
                missing.join(", ")
            )));
        }
        // Opening hands and mulligans come after the scenario's setup.
        for p in (0..g.players.len() as u8).rev() {
            g.tasks.push(Task::Mulligan(p));
        }
        g.tasks.push(Task::OpeningHands);
        let heroes: Vec<String> = g
            .players
            .iter()
            .map(|pl| {
                format!(
                    "{} ({})",
                    g.db.defs[usize::from(pl.hero_def)].name,
                    title_case(pl.aspect.word())
                )
            })
            .collect();
        g.log_public(format!(
            "Setup: {} against {}{}, with the modular set {}.",
            heroes.join(", "),
            g.def(v1).name,
            if setup.expert { " (Expert)" } else { "" },
            title_case(&setup.modular.replace('_', " "))
        ));
        // Appendix II step 12: the main scheme's setup and When Revealed, then the
        // villain's When Revealed (Expert's stage II has one); the stack runs the last
        // pushed first.
        g.push_abilities(v1, AbilityKind::WhenRevealed, 0, None);
        g.reveal_main_scheme(first);
        g.settle();
        Ok(g)
    }

    pub(crate) fn new_card(&mut self, def: u16, owner: u8, zone: Zone) -> CardId {
        let id = CardId(self.cards.len() as u16);
        self.ability_sources.card_added(&self.db, id, def);
        self.cards.push(Card {
            def,
            owner,
            controller: owner,
            zone,
            exhausted: false,
            face_down: false,
            damage: 0,
            threat: 0,
            counters: 0,
            status: 0,
            attached_to: None,
            surge: false,
        });
        id
    }

    /// The A side of a main scheme's B side.
    pub(crate) fn a_side(&self, b: CardId) -> Option<u16> {
        let code = &self.def(b).code;
        let a = format!("{}a", code.strip_suffix('b')?);
        self.db.by_code(&a)
    }
}

/// "the doomsday chair" → "The Doomsday Chair": set and aspect names as players read them.
fn title_case(words: &str) -> String {
    words
        .split(' ')
        .map(|w| {
            let mut cs = w.chars();
            match cs.next() {
                Some(first) => first.to_uppercase().chain(cs).collect(),
                None => String::new(),
            }
        })
        .collect::<Vec<String>>()
        .join(" ")
}

#[cfg(test)]
impl McSetup {
    /// One pre-built deck against Rhino with Bomb Scare, Standard: the board most unit
    /// tests start from.
    pub(crate) fn solo_against_rhino(hero: &str) -> McSetup {
        McSetup::solo(hero, "rhino")
    }

    /// One pre-built deck against `villain` with its recommended modular set, Standard.
    pub(crate) fn solo(hero: &str, villain: &str) -> McSetup {
        let modular = VILLAINS
            .iter()
            .find(|v| v.0 == villain)
            .expect("a Core villain")
            .1;
        McSetup {
            decks: vec![DeckList::prebuilt(hero).unwrap()],
            villain: villain.into(),
            modular: modular.into(),
            expert: false,
        }
    }
}
