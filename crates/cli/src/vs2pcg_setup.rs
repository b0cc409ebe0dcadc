//! Building a 2PCG setup from deck names or files, and `crossover deck check`.

use crossover::CliError;
use crossover_vs2pcg::{cardfile, db, deck, decks, text, Setup};
use std::path::Path;

const DEFAULT_DECKS: [&str; 2] = ["avengers-cap", "villains-goblin"];

/// A deck by prebuilt name, or else read from a file.
fn load_deck(key: &str) -> Result<deck::DeckList, CliError> {
    if let Some(d) = decks::prebuilt(key) {
        return Ok(d);
    }
    let path = Path::new(key);
    let text = std::fs::read_to_string(path).map_err(|e| {
        CliError::Usage(format!(
            "`{key}` is neither a prebuilt deck ({}) nor a readable file: {e}",
            decks::names().join(", ")
        ))
    })?;
    let name = path
        .file_stem()
        .map_or(key.to_string(), |s| s.to_string_lossy().into());
    deck::parse(key, &name, &text).map_err(|e| CliError::Failed(e.to_string()))
}

pub fn from_decks(keys: &[String], variant: Option<&str>) -> Result<Setup, CliError> {
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
    let db = db::active();
    let mut players = Vec::new();
    for (i, key) in keys.iter().enumerate() {
        let d = load_deck(key)?;
        let problems = deck::check(key, &d, &db);
        if !problems.is_empty() {
            let text: Vec<String> = problems.iter().map(|e| e.to_string()).collect();
            return Err(CliError::Failed(format!(
                "deck {key} is not legal:\n{}",
                text.join("\n")
            )));
        }
        players.push(d.to_setup(&db, &format!("Player {} ({})", i + 1, d.name)));
    }
    Ok(Setup { variant, players })
}

pub fn check_deck(file: &Path) -> Result<(), CliError> {
    let key = file.to_string_lossy().to_string();
    let d = load_deck(&key)?;
    let problems = deck::check(&key, &d, &db::active());
    if problems.is_empty() {
        emit("legal");
        Ok(())
    } else {
        for p in &problems {
            emit(&p.to_string());
        }
        Err(CliError::Failed(format!(
            "{} problem(s): the deck is not legal",
            problems.len()
        )))
    }
}

/// `--cards DIR`: the built-in cards plus the card files in DIR.
pub fn load_cards(dir: &Path) -> Result<(), CliError> {
    let extra = cardfile::load_dir(dir).map_err(|e| CliError::Failed(e.to_string()))?;
    let db = db::with_overrides(extra).map_err(CliError::Failed)?;
    db::set_active(db);
    Ok(())
}

pub fn list_cards(set: Option<&str>) -> Result<(), CliError> {
    let db = db::active();
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

pub fn show_card(key: &str) -> Result<(), CliError> {
    let db = db::active();
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

pub fn list_decks() -> Result<(), CliError> {
    let db = db::active();
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
pub fn all_prebuilt_pairings() -> Result<Vec<Setup>, CliError> {
    let names = decks::names();
    let mut setups = Vec::new();
    for a in &names {
        for b in &names {
            if a != b {
                setups.push(from_decks(&[a.to_string(), b.to_string()], None)?);
            }
        }
    }
    Ok(setups)
}

/// `crossover scenario run PATH...`
pub fn run_scenarios(paths: &[std::path::PathBuf]) -> Result<(), CliError> {
    use crossover_vs2pcg::scenario;
    let mut files = Vec::new();
    for p in paths {
        files.extend(
            scenario::collect(p)
                .map_err(|e| CliError::Failed(format!("cannot read {}: {e}", p.display())))?,
        );
    }
    if files.is_empty() {
        return Err(CliError::Failed("no scenario files (*.toml) found".into()));
    }
    let (mut passed, mut failed) = (0, 0);
    for f in &files {
        match scenario::run_file(f) {
            Ok(r) => match r.failure {
                None => {
                    passed += 1;
                    emit(&format!("ok    {}  ({})", f.display(), r.name));
                }
                Some(fail) => {
                    failed += 1;
                    emit(&format!("FAIL  {}  ({})\n  {fail}", f.display(), r.name));
                }
            },
            Err(e) => {
                failed += 1;
                emit(&format!("ERROR {e}"));
            }
        }
    }
    emit(&format!("{passed} passed, {failed} failed"));
    if failed > 0 {
        Err(CliError::Failed(format!("{failed} scenario(s) failed")))
    } else {
        Ok(())
    }
}
