//! Building a 2PCG setup from deck names or files, and `crossover deck check`.

use crossover::CliError;
use crossover_ai::DIFFICULTIES;
use crossover_kernel::GameRng;
use crossover_tui::menu::{DeckEntry, NewGame, NewGameChoice};
use crossover_vs2pcg::db::CardDb;
use crossover_vs2pcg::model::CardKind;
use crossover_vs2pcg::{cardfile, db, deck, decks, text, Setup};
use std::path::Path;
use std::sync::Arc;

pub const DEFAULT_DECKS: [&str; 2] = ["avengers-cap", "villains-goblin"];

/// A deck by prebuilt name, or else read from a file. A file in the current directory
/// named exactly like a prebuilt deck is refused as ambiguous (it used to be ignored
/// silently), with the way to say which one is meant.
fn load_deck(key: &str) -> Result<deck::DeckList, CliError> {
    let path = Path::new(key);
    if let Some(d) = decks::prebuilt(key) {
        if path.is_file() {
            return Err(CliError::Usage(format!(
                "`{key}` is both a prebuilt deck and a file here: write ./{key} for the file, or rename the file to use the prebuilt deck"
            )));
        }
        return Ok(d);
    }
    if !path.exists() {
        return Err(CliError::Usage(format!(
            "`{key}` is neither a prebuilt deck ({}) nor a file",
            decks::names().join(", ")
        )));
    }
    let text = crossover::replay_file::read_text(path, crossover::replay_file::MAX_DECK_BYTES)?;
    let name = path
        .file_stem()
        .map_or(key.to_string(), |s| s.to_string_lossy().into());
    deck::parse(key, &name, &text).map_err(|e| {
        let d = crossover_vs2pcg::diagnostics::deck(&e, Some(&text), None);
        CliError::Failed(
            d.render(crossover_diag::color_for_stderr())
                .trim_end()
                .into(),
        )
    })
}

pub fn from_decks(
    db: &Arc<CardDb>,
    keys: &[String],
    variant: Option<&str>,
    casual: bool,
) -> Result<Setup, CliError> {
    from_decks_with_main(db, keys, variant, None, casual)
}

/// The longest player name a setup or replay may give (names are shown on every line
/// of the log; a 40 MB name cost gigabytes).
pub const MAX_NAME_CHARS: usize = 100;

/// Check a setup read from a file (`--setup`, or a replay's) like deck files: player
/// names, and every deck under the Deck Building Rules (`casual`: only what a game
/// needs, see [`deck::DeckRules`]).
pub fn check_setup(setup: &Setup, casual: bool) -> Result<(), CliError> {
    let db = &setup.cards;
    let mut problems = Vec::new();
    for (seat, p) in setup.players.iter().enumerate() {
        if p.name.chars().count() > MAX_NAME_CHARS || p.name.chars().any(char::is_control) {
            problems.push(format!(
                "seat {seat}: a player name has at most {MAX_NAME_CHARS} characters and no control characters"
            ));
            continue;
        }
        if p.deck.len() > deck::MAX_DECK_CARDS as usize {
            problems.push(format!(
                "seat {seat} ({}): {} cards: a deck may hold at most {}",
                p.name,
                p.deck.len(),
                deck::MAX_DECK_CARDS
            ));
            continue;
        }
        let list = deck::from_setup(p);
        for e in deck::check_rules("setup", &list, db, deck::DeckRules { casual }) {
            problems.push(format!("seat {seat} ({}): {}", p.name, e.message));
        }
    }
    if problems.is_empty() {
        return Ok(());
    }
    let hint = if casual {
        ""
    } else {
        "\n(a deliberately illegal casual game: add --casual)"
    };
    Err(CliError::Failed(format!(
        "the setup's decks are not legal:\n{}{hint}",
        problems.join("\n")
    )))
}

/// `--main CARD` must name a level 1 main character; the error names the option, with
/// the closest main character if the name looks misspelt.
fn check_main_option(db: &CardDb, card: &str) -> Result<(), CliError> {
    let mains = || {
        db.cards
            .iter()
            .filter(|c| matches!(c.kind, CardKind::MainCharacter { level: 1 }))
    };
    match db.find(card) {
        Some(m) if matches!(db.get(m).kind, CardKind::MainCharacter { level: 1 }) => Ok(()),
        Some(m) => Err(CliError::Usage(format!(
            "--main {card}: {} ({}) is not a level 1 main character",
            db.get(m).name,
            db.get(m).number
        ))),
        None => {
            let lower = card.to_lowercase();
            let best = mains()
                .flat_map(|c| [c.name.clone(), c.number.clone()])
                .map(|n| (strsim::jaro_winkler(&lower, &n.to_lowercase()), n))
                .filter(|(score, _)| *score > 0.8)
                .max_by(|a, b| a.0.total_cmp(&b.0));
            Err(CliError::Usage(format!(
                "--main {card}: no such card{}",
                best.map_or(
                    "; `crossover cards list vs2pcg` lists the cards".to_string(),
                    |(_, n)| format!("; did you mean `{n}`?")
                )
            )))
        }
    }
}

/// [`from_decks`], with `main = (seat, card)` putting another level 1 main character
/// at the head of that seat's deck (the deck must still be legal with it: Loyalty).
pub fn from_decks_with_main(
    db: &Arc<CardDb>,
    keys: &[String],
    variant: Option<&str>,
    main: Option<(usize, &str)>,
    casual: bool,
) -> Result<Setup, CliError> {
    let keys: Vec<String> = if keys.is_empty() {
        DEFAULT_DECKS.iter().map(|s| s.to_string()).collect()
    } else {
        keys.to_vec()
    };
    use crossover_vs2pcg::state::Variant;
    let variant = match (keys.len(), variant) {
        (2, None) => Variant::TwoPlayer,
        (3, None | Some("ffa")) => Variant::FreeForAll,
        (4, None | Some("2v2")) => Variant::TwoVsTwo,
        (4, Some("ffa")) => Variant::FreeForAll,
        (4, Some("2h")) => Variant::TwoHeaded,
        (n, v) => {
            return Err(CliError::Usage(format!(
                "{n} decks{}: give two --deck options, three (Free-for-All) or four (2 vs 2, or --variant ffa)",
                v.map_or(String::new(), |v| format!(" with --variant {v}"))
            )))
        }
    };
    let mut players = Vec::new();
    if let Some((seat, card)) = main {
        if seat >= keys.len() {
            return Err(CliError::Usage(format!(
                "--main is for seat {seat}, but the game has seats 0 to {}",
                keys.len() - 1
            )));
        }
        check_main_option(db, card)?;
    }
    for (i, key) in keys.iter().enumerate() {
        let mut d = load_deck(key)?;
        if let Some((_, card)) = main.filter(|(seat, _)| *seat == i) {
            d.main = card.to_string();
        }
        let problems = deck::check_rules(key, &d, db, deck::DeckRules { casual });
        if !problems.is_empty() {
            let text: Vec<String> = problems.iter().map(|e| e.to_string()).collect();
            return Err(CliError::Failed(format!(
                "deck {key} is not legal:\n{}",
                text.join("\n")
            )));
        }
        players.push(d.to_setup(db, &format!("Player {} ({})", i + 1, d.name)));
    }
    Ok(Setup {
        variant,
        players,
        cards: db.clone().into(),
    })
}

pub fn check_deck(db: &CardDb, file: &Path, casual: bool) -> Result<(), CliError> {
    let key = file.to_string_lossy().to_string();
    let d = load_deck(&key)?;
    let problems = deck::check_rules(&key, &d, db, deck::DeckRules { casual });
    if problems.is_empty() {
        emit(if casual {
            "legal for casual play"
        } else {
            "legal"
        });
        Ok(())
    } else {
        // Each problem with its line shown (and the nearest card for an unknown one).
        let text = match decks::text(&key).filter(|_| !file.is_file()) {
            Some(t) => Some(t.to_string()),
            None => {
                crossover::replay_file::read_text(file, crossover::replay_file::MAX_DECK_BYTES).ok()
            }
        };
        let color = crossover_diag::color_for_stdout();
        for p in &problems {
            let d = crossover_vs2pcg::diagnostics::deck(p, text.as_deref(), Some(db));
            emit(d.render(color).trim_end());
        }
        Err(CliError::Failed(format!(
            "{} problem(s): the deck is not legal{}",
            problems.len(),
            if casual { "" } else { " for tournament play" }
        )))
    }
}

/// The card pool: the built-in cards, or with `--cards DIR` the built-in cards with
/// the card files in DIR replacing or adding cards (the merged set is what is checked).
/// Building it registers it, so replays and setups that name it by fingerprint load.
pub fn pool(dir: Option<&Path>) -> Result<Arc<CardDb>, CliError> {
    let Some(dir) = dir else {
        return Ok(cardfile::embedded());
    };
    let cards = cardfile::load_dir_over_embedded(dir).map_err(|e| {
        // The card file's text, to show the offending line.
        let text = cardfile::read_capped(Path::new(&e.file), cardfile::MAX_CARD_FILE_BYTES)
            .ok()
            .and_then(|b| String::from_utf8(b).ok());
        let d = crossover_vs2pcg::diagnostics::card_file(&e, text.as_deref());
        CliError::Failed(
            d.render(crossover_diag::color_for_stderr())
                .trim_end()
                .into(),
        )
    })?;
    Ok(db::CardDb::new(cards))
}

pub fn list_cards(db: &CardDb, set: Option<&str>) -> Result<(), CliError> {
    let mut shown = 0;
    for c in &db.cards {
        // The engine's own cards (`xo-...`, like the defending player) are not game cards.
        if c.number.starts_with("xo-") {
            continue;
        }
        if let Some(s) = set {
            if !c
                .number
                .to_ascii_lowercase()
                .starts_with(&format!("{}-", s.to_ascii_lowercase()))
            {
                continue;
            }
        }
        let line = format!("{:<10} {:<32} {}", c.number, c.name, text::type_line(c));
        if !emit(&line) {
            return Ok(());
        }
        shown += 1;
    }
    if shown == 0 {
        return Err(CliError::Failed(format!(
            "no cards{}",
            set.map_or(String::new(), |s| format!(" in set `{s}`"))
        )));
    }
    Ok(())
}

pub fn show_card(db: &CardDb, key: &str) -> Result<(), CliError> {
    let id = db.find(key).ok_or_else(|| {
        CliError::Failed(format!(
            "no card `{key}`; `crossover cards list vs2pcg` lists them"
        ))
    })?;
    emit(text::card_text(db.get(id)).trim_end());
    Ok(())
}

/// Print a line; false once standard output is closed (`| head`), which is not an error.
fn emit(line: &str) -> bool {
    use std::io::Write;
    writeln!(std::io::stdout().lock(), "{line}").is_ok()
}

pub fn list_decks(db: &CardDb) -> Result<(), CliError> {
    for d in decks::all() {
        let main = db
            .find(&d.main)
            .map_or(d.main.clone(), |m| db.get(m).name.clone());
        if !emit(&format!("{:<20} main character: {main}", d.name)) {
            break;
        }
    }
    Ok(())
}

/// Every ordered pairing of two different prebuilt decks, as two-player setups.
pub fn all_prebuilt_pairings(db: &Arc<CardDb>) -> Result<Vec<Setup>, CliError> {
    let names = decks::names();
    let mut setups = Vec::new();
    for a in &names {
        for b in &names {
            if a != b {
                setups.push(from_decks(
                    db,
                    &[a.to_string(), b.to_string()],
                    None,
                    false,
                )?);
            }
        }
    }
    Ok(setups)
}

/// `crossover scenario run PATH...`
pub fn run_scenarios(paths: &[std::path::PathBuf]) -> Result<(), CliError> {
    // Every game with scenarios; each file's `game` key picks its runner.
    let runners = [
        crossover_scenario::runner::<crossover_vs2pcg::scenario::Vs2pcgScenarios>(),
        crossover_scenario::runner::<crossover_toy::scenario::ToyScenarios>(),
    ];
    let color = crossover_diag::color_for_stdout();
    let summary =
        crossover_scenario::run_paths(paths, &runners, &mut std::io::stdout().lock(), color)
            .map_err(|e| CliError::io("writing the scenario results", e))?;
    if summary.files() == 0 {
        return Err(CliError::Failed("no scenario files (*.toml) found".into()));
    }
    if summary.failed > 0 {
        Err(CliError::Failed(format!(
            "{} scenario(s) failed",
            summary.failed
        )))
    } else {
        Ok(())
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
    let mut rng = GameRng::from_seed(crossover::seeds::derive(seed, 0x0de0c));
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
        let a = from_choice(&cardfile::embedded(), &c, 7, 0).unwrap();
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
            from_choice(&cardfile::embedded(), &c, 7, 0).unwrap(),
            a,
            "same seed, same decks"
        );
        let differ =
            (8..40).any(|seed| from_choice(&cardfile::embedded(), &c, seed, 0).unwrap() != a);
        assert!(differ, "the random decks never depend on the seed");
    }

    #[test]
    fn your_deck_goes_to_your_seat_with_the_main_character_you_chose() {
        let db = cardfile::embedded();
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
            &cardfile::embedded(),
            Some("ismcts:iterations=50"),
            Some("mnb-003"),
            false,
        );
        assert_eq!(m.choice().computer, "ismcts:iterations=50");
        assert_eq!(m.choice().main.as_deref(), Some("mnb-003"));
        let m = new_game_menu(&cardfile::embedded(), Some("easy"), None, false);
        assert_eq!(m.choice().computer, "easy");
        assert_eq!(m.computers.len(), DIFFICULTIES.len());
        let m = new_game_menu(&cardfile::embedded(), None, Some("Nobody"), false);
        assert_eq!(m.choice().computer, "hard");
        assert_eq!(m.message.as_deref(), Some("--main: no card `Nobody`"));
        assert!(decks::names()
            .iter()
            .all(|n| m.decks.iter().any(|d| &d.key == n)));
    }
}
