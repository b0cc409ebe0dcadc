//! 2PCG on the command line: the full-screen client (the new-game menu and turning its
//! choice into a setup), and the rules scenarios. Everything else comes from the
//! game's [`Platform`] implementation (`crossover_vs2pcg::platform`).

use super::{CliGame, PlayRequest};
use crate::CliError;
use crossover_ai::DIFFICULTIES;
use crossover_kernel::GameRng;
use crossover_tui::menu::{DeckEntry, NewGame, NewGameChoice};
use crossover_vs2pcg::db::CardDb;
use crossover_vs2pcg::model::CardKind;
use crossover_vs2pcg::platform::{from_decks_with_main, load_deck};
use crossover_vs2pcg::{decks, Setup};
use std::path::Path;
use std::sync::Arc;

pub use crossover_vs2pcg::GameState as Vs2pcg;

impl CliGame for Vs2pcg {
    fn play_full_screen(request: &PlayRequest<'_, Self>) -> Option<Result<(), CliError>> {
        if !crate::full_screen::is_interactive() {
            return None;
        }
        let PlayRequest {
            args,
            from_file,
            ai,
            opts,
        } = *request;
        if args.decks.is_empty() && from_file.is_none() {
            // No deck given: let the person choose in the new-game menu.
            let pool = match args.pool() {
                Ok(pool) => pool,
                Err(e) => return Some(Err(e)),
            };
            let mut menu = new_game_menu(&pool, ai, args.main.as_deref(), opts.hot_seat);
            menu.for_game::<Vs2pcg>();
            let (seed, seat, hot_seat) = (opts.seed, opts.human_seat, opts.hot_seat);
            return Some(crate::full_screen::play_from_menu::<Vs2pcg, _>(
                menu,
                |choice| {
                    let setup = from_choice(&pool, choice, seed, seat)?;
                    let seats = choice.opponent_decks.len() + 1;
                    Ok(crate::full_screen::Table {
                        setup,
                        people: (0..seats).map(|s| hot_seat || s == seat).collect(),
                        computer: choice.computer.clone(),
                    })
                },
                opts,
            ));
        }
        Some(super::play_the_options(request))
    }
}

/// The new-game menu `play` shows in a terminal when no deck was given: the prebuilt
/// decks and the deck files (`*.deck`) in the current directory and in `./decks/`.
/// `ai` (from `--ai`) and `main` (from `--main`) are preselected.
pub fn new_game_menu(db: &CardDb, ai: Option<&str>, main: Option<&str>, hot_seat: bool) -> NewGame {
    let main_name = |key: &str| {
        db.find(key)
            .map_or(key.to_string(), |m| db.get(m).name.clone())
    };
    let mut entries: Vec<DeckEntry> = decks::all()
        .iter()
        .map(|d| DeckEntry {
            key: d.name.clone(),
            label: format!("{} ({})", d.name, main_name(&d.main)),
        })
        .collect();
    let mut notes = vec![
        "Decks: the prebuilt ones, then *.deck files here or in ./decks/ (docs/decks.md)."
            .to_string(),
    ];
    for file in deck_files() {
        let key = file.to_string_lossy().to_string();
        match load_deck(&key) {
            Ok(d) => entries.push(DeckEntry {
                label: format!("{key} ({})", main_name(&d.main)),
                key,
            }),
            Err(e) => notes.push(format!("Not offered: {e}")),
        }
    }
    let mains: Vec<(String, String)> = db
        .cards
        .iter()
        .filter(|c| matches!(c.kind, CardKind::MainCharacter { level: 1 }))
        .map(|c| (c.number.clone(), c.name.clone()))
        .collect();
    let mut computers: Vec<String> = DIFFICULTIES.iter().map(|(l, _)| l.to_string()).collect();
    let computer = match ai {
        None => computers.iter().position(|c| c == "hard").unwrap_or(0),
        Some(spec) => match computers.iter().position(|c| c == spec.trim()) {
            Some(i) => i,
            None => {
                computers.push(spec.trim().to_string());
                computers.len() - 1
            }
        },
    };
    let mut menu = NewGame::new(entries, mains, computers, computer);
    menu.hot_seat = hot_seat;
    menu.notes = notes;
    if let Some(key) = main {
        if let Some(m) = db.find(key) {
            let number = &db.get(m).number;
            if let Some(i) = menu.mains.iter().position(|(n, _)| n == number) {
                menu.main = i + 1;
            }
        } else {
            menu.message = Some(format!("--main: no card `{key}`"));
        }
    }
    menu
}

/// `*.deck` files in the current directory and in `./decks/`, sorted.
fn deck_files() -> Vec<std::path::PathBuf> {
    let mut files = Vec::new();
    for dir in [Path::new("."), Path::new("decks")] {
        let Ok(read) = std::fs::read_dir(dir) else {
            continue;
        };
        for entry in read.flatten() {
            let path = entry.path();
            if path.extension().is_some_and(|e| e == "deck") && path.is_file() {
                files.push(path.strip_prefix(".").unwrap_or(&path).to_path_buf());
            }
        }
    }
    files.sort();
    files
}

/// The game the new-game menu's choice describes: your deck at `seat`, the opponents
/// in the other seats in order; a random opponent deck is a prebuilt deck nobody else
/// has, drawn from `seed`.
pub fn from_choice(
    db: &Arc<CardDb>,
    choice: &NewGameChoice,
    seed: u64,
    seat: usize,
) -> Result<Setup, String> {
    let seats = choice.opponent_decks.len() + 1;
    if seat >= seats {
        return Err(format!(
            "you sit in seat {seat} (--seat), but a game with {} opponent(s) has seats 0 to {}",
            seats - 1,
            seats - 1
        ));
    }
    let mut taken: Vec<String> = std::iter::once(choice.deck.clone())
        .chain(choice.opponent_decks.iter().flatten().cloned())
        .collect();
    let mut rng = GameRng::from_seed(crate::seeds::derive(seed, 0x0de0c));
    let mut opponents = Vec::new();
    for d in &choice.opponent_decks {
        let key = match d {
            Some(k) => k.clone(),
            None => {
                let free: Vec<&str> = decks::names()
                    .into_iter()
                    .filter(|n| !taken.iter().any(|t| t == n))
                    .collect();
                let all = decks::names();
                let pool = if free.is_empty() { &all } else { &free };
                let k = pool[rng.below(pool.len())].to_string();
                taken.push(k.clone());
                k
            }
        };
        opponents.push(key);
    }
    let mut keys = opponents;
    keys.insert(seat, choice.deck.clone());
    let variant = (seats == 4).then_some("ffa");
    from_decks_with_main(
        db,
        &keys,
        variant,
        choice.main.as_deref().map(|m| (seat, m)),
        false,
    )
    .map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crossover_vs2pcg::cardfile::embedded;

    fn choice(deck: &str, main: Option<&str>, opponents: Vec<Option<&str>>) -> NewGameChoice {
        NewGameChoice {
            deck: deck.into(),
            main: main.map(String::from),
            opponent_decks: opponents.into_iter().map(|o| o.map(String::from)).collect(),
            computer: "hard".into(),
        }
    }

    #[test]
    fn random_opponent_decks_are_other_prebuilt_decks_drawn_from_the_seed() {
        let c = choice("avengers-cap", None, vec![None, Some("xmen-storm"), None]);
        let a = from_choice(&embedded(), &c, 7, 0).unwrap();
        assert_eq!(a.players.len(), 4);
        assert!(a.players[0].name.contains("avengers-cap"));
        assert!(a.players[2].name.contains("xmen-storm"));
        let names: Vec<&str> = a.players.iter().map(|p| p.name.as_str()).collect();
        for (i, n) in names.iter().enumerate() {
            assert!(!names[..i].contains(n), "a deck twice: {names:?}");
        }
        // Four decks from the menu play Free-for-All, not 2 vs 2.
        assert_eq!(a.variant, crossover_vs2pcg::state::Variant::FreeForAll);
        assert_eq!(
            from_choice(&embedded(), &c, 7, 0).unwrap(),
            a,
            "same seed, same decks"
        );
        let differ = (8..40).any(|seed| from_choice(&embedded(), &c, seed, 0).unwrap() != a);
        assert!(differ, "the random decks never depend on the seed");
    }

    #[test]
    fn your_deck_goes_to_your_seat_with_the_main_character_you_chose() {
        let db = embedded();
        let hulk = db
            .find("mnb-003")
            .map(|h| db.get(h).number.clone())
            .unwrap();
        // Any deck without a Loyalty card takes another main character (p.28).
        let deck = decks::names()
            .into_iter()
            .find(|d| from_choice(&db, &choice(d, Some(&hulk), vec![None]), 1, 1).is_ok())
            .expect("some prebuilt deck is legal with Hulk");
        let s = from_choice(&db, &choice(deck, Some(&hulk), vec![None]), 1, 1).unwrap();
        assert!(s.players[1].name.contains(deck));
        assert_eq!(s.players[1].main, hulk);
        let e = from_choice(&db, &choice(deck, None, vec![None]), 1, 2).unwrap_err();
        assert!(
            e.contains("seat 2 (--seat), but a game with 1 opponent(s) has seats 0 to 1"),
            "{e}"
        );
        let e = from_choice(&db, &choice(deck, Some("mnb-011"), vec![None]), 1, 0).unwrap_err();
        assert!(e.contains("is not a level 1 main character"), "{e}");
    }

    #[test]
    fn the_menu_preselects_ai_and_main_from_the_command_line() {
        let m = new_game_menu(
            &embedded(),
            Some("ismcts:iterations=50"),
            Some("mnb-003"),
            false,
        );
        assert_eq!(m.choice().computer, "ismcts:iterations=50");
        assert_eq!(m.choice().main.as_deref(), Some("mnb-003"));
        let m = new_game_menu(&embedded(), Some("easy"), None, false);
        assert_eq!(m.choice().computer, "easy");
        assert_eq!(m.computers.len(), DIFFICULTIES.len());
        let m = new_game_menu(&embedded(), None, Some("Nobody"), false);
        assert_eq!(m.choice().computer, "hard");
        assert_eq!(m.message.as_deref(), Some("--main: no card `Nobody`"));
        assert!(decks::names()
            .iter()
            .all(|n| m.decks.iter().any(|d| &d.key == n)));
    }
}
