//! How the `crossover` binary offers Marvel Champions ([`Platform`]).

use crate::deckrules;
use crate::marvelcdb::{self, DeckFile, MAX_DECK_BYTES};
use crate::model::Kind;
use crate::setup::{DeckList, McSetup, MAX_PLAYERS, MODULARS, VILLAINS};
use crate::Mc;
use crossover_diag::Diagnostic;
use crossover_kernel::Seat;
use crossover_platform::{DeckCheck, DeckInfo, Error, Platform};
use std::path::Path;

/// Marvel Champions' setup options, given after `mc` on the command line.
#[derive(clap::Args, Debug, Clone, Default)]
pub struct McArgs {
    /// A hero deck: a prebuilt deck's name (spider-man, captain-marvel, she-hulk,
    /// iron-man, black-panther) or a MarvelCDB deck file (.json). Give it once per
    /// player, in player order (1 to 4 players).
    #[arg(long = "deck", value_name = "NAME|FILE")]
    pub decks: Vec<String>,
    /// The villain: rhino, klaw or ultron [default: rhino; `sim` without it plays each].
    #[arg(long, value_name = "VILLAIN", value_parser = ["rhino", "klaw", "ultron"])]
    pub villain: Option<String>,
    /// The modular encounter set [default: the villain's recommended set].
    #[arg(long, value_name = "SET", value_parser = MODULARS)]
    pub modular: Option<String>,
    /// Expert mode: villain stages II and III and the Expert encounter set.
    #[arg(long)]
    pub expert: bool,
}

impl McArgs {
    fn deck(&self, spec: &str) -> Result<DeckList, Error> {
        if let Some(d) = DeckList::prebuilt(spec) {
            return Ok(d);
        }
        let path = Path::new(spec);
        if spec.ends_with(".json") || path.is_file() {
            let (file, problems) = read_and_check(path, false)?;
            if !problems.is_empty() {
                return Err(Error::Failed(format!(
                    "{spec} is not a legal deck:\n{}",
                    problems.join("\n")
                )));
            }
            return Ok(file.deck);
        }
        let names: Vec<&str> = crate::decks::PREBUILT.iter().map(|d| d.name).collect();
        let guess = crossover_diag::did_you_mean(spec, names.iter().copied())
            .map_or(String::new(), |n| format!("did you mean `{n}`? "));
        Err(Error::Usage(format!(
            "unknown deck `{spec}`: {guess}give a prebuilt deck ({}) or a MarvelCDB deck file (.json)",
            names.join(", ")
        )))
    }
}

impl McArgs {
    fn setup_with(&self, specs: &[String], villain: &str) -> Result<McSetup, Error> {
        if specs.len() > MAX_PLAYERS {
            return Err(Error::Usage(format!(
                "at most {MAX_PLAYERS} players (one --deck each)"
            )));
        }
        let decks = specs
            .iter()
            .map(|s| self.deck(s))
            .collect::<Result<Vec<_>, _>>()?;
        let modular = self.modular.clone().unwrap_or_else(|| {
            VILLAINS
                .iter()
                .find(|(v, _)| *v == villain)
                .map_or("bomb_scare", |(_, m)| m)
                .to_string()
        });
        Ok(McSetup {
            decks,
            villain: villain.to_string(),
            modular,
            expert: self.expert,
        })
    }
}

/// Read a MarvelCDB deck file and check it against the deck rules: the deck, and each
/// broken rule as a `file:line` diagnostic (with the line shown).
fn read_and_check(path: &Path, color: bool) -> Result<(DeckFile, Vec<String>), Error> {
    let label = path.display().to_string();
    let text = crossover_platform::read_text(path, MAX_DECK_BYTES)?;
    let file = marvelcdb::read(&text, &label).map_err(|e| {
        let d = if e.line > 0 {
            Diagnostic::at_line(&label, e.line, &e.message).with_source(text.as_str())
        } else {
            Diagnostic::file(&label, &e.message)
        };
        Error::Failed(d.render(color).trim_end().to_string())
    })?;
    let problems = deckrules::check(&file.deck, &crate::db::core())
        .into_iter()
        .map(|p| {
            let line = p.card.as_deref().and_then(|c| file.line_of(c)).unwrap_or(
                if p.rule.starts_with("IDENTITY") {
                    file.hero_line
                } else {
                    0
                },
            );
            let message = format!("{} (deck rule: {})", p.message, p.rule);
            let d = if line > 0 {
                Diagnostic::at_line(&label, line, message).with_source(text.as_str())
            } else {
                Diagnostic::file(&label, message)
            };
            d.render(color).trim_end().to_string()
        })
        .collect();
    Ok((file, problems))
}

impl Platform for Mc {
    const ABOUT: &'static str = "Marvel Champions: 1–4 heroes against Rhino, Klaw or Ultron";
    type Args = McArgs;

    fn setup(args: &McArgs, from_file: Option<McSetup>, _seat: Seat) -> Result<McSetup, Error> {
        if let Some(s) = from_file {
            return Ok(s);
        }
        let specs: Vec<String> = if args.decks.is_empty() {
            vec!["spider-man".to_string()]
        } else {
            args.decks.clone()
        };
        let villain = args.villain.as_deref().unwrap_or("rhino");
        args.setup_with(&specs, villain)
    }

    /// Without `--deck`, each prebuilt hero solo; without `--villain`, each villain.
    fn sim_setups(args: &McArgs, from_file: Option<McSetup>) -> Result<Vec<McSetup>, Error> {
        if let Some(s) = from_file {
            return Ok(vec![s]);
        }
        let heroes: Vec<Vec<String>> = if args.decks.is_empty() {
            crate::decks::PREBUILT
                .iter()
                .map(|d| vec![d.name.to_string()])
                .collect()
        } else {
            vec![args.decks.clone()]
        };
        let villains: Vec<&str> = match &args.villain {
            Some(v) => vec![v.as_str()],
            None => VILLAINS.iter().map(|(v, _)| *v).collect(),
        };
        let mut out = vec![];
        for h in &heroes {
            for v in &villains {
                out.push(args.setup_with(h, v)?);
            }
        }
        Ok(out)
    }

    fn setup_labels(setup: &McSetup) -> Vec<String> {
        let db = crate::db::core();
        let heroes: Vec<String> = setup
            .decks
            .iter()
            .map(|d| db.get(&d.hero).map_or(d.hero.clone(), |c| c.name.clone()))
            .collect();
        vec![
            format!("heroes: {}", heroes.join(" + ")),
            format!(
                "villain: {}{}",
                setup
                    .villain
                    .get(..1)
                    .map_or(String::new(), str::to_uppercase),
                setup.villain.get(1..).unwrap_or("")
            ),
        ]
    }

    fn check_setup(setup: &McSetup, _args: &McArgs) -> Result<(), Error> {
        if setup.decks.is_empty() || setup.decks.len() > MAX_PLAYERS {
            return Err(Error::Failed(format!(
                "a game has 1 to {MAX_PLAYERS} players"
            )));
        }
        for (player, d) in setup.decks.iter().enumerate() {
            if d.cards.len() > 200 {
                return Err(Error::Failed(format!(
                    "player {player}: a deck lists at most 200 different cards, this one {}",
                    d.cards.len()
                )));
            }
            // A name of 101 characters was called "a deck ... too large"; escape
            // sequences in a name would reach the terminal wherever it is shown.
            if d.name.chars().count() > 100 || d.name.chars().any(char::is_control) {
                return Err(Error::Failed(format!(
                    "player {player}: a deck name has at most 100 characters and no control characters; rename the deck"
                )));
            }
        }
        Ok(())
    }

    fn decks(_args: &McArgs) -> Result<Vec<DeckInfo>, Error> {
        let db = crate::db::core();
        Ok(crate::decks::PREBUILT
            .iter()
            .map(|d| DeckInfo {
                name: d.name.to_string(),
                description: format!(
                    "{} — {}",
                    db.get(d.hero).map_or("?", |c| c.name.as_str()),
                    d.aspect.word()
                ),
            })
            .collect())
    }

    fn check_deck(_args: &McArgs, file: &Path) -> Result<DeckCheck, Error> {
        let (f, problems) = read_and_check(file, crossover_diag::color_for_stdout())?;
        let verdict = if problems.is_empty() {
            let db = crate::db::core();
            let mut unwritten: Vec<String> = f
                .deck
                .cards
                .iter()
                .filter_map(|(c, _)| db.get(c))
                .filter(|d| d.missing.is_some())
                .map(|d| format!("{} {}", d.code, d.name))
                .collect();
            unwritten.dedup();
            if unwritten.is_empty() {
                "legal".to_string()
            } else {
                format!(
                    "legal, but not playable yet: these cards' abilities are not implemented: {}",
                    unwritten.join(", ")
                )
            }
        } else {
            format!("{} problem(s): the deck is not legal", problems.len())
        };
        Ok(DeckCheck { problems, verdict })
    }

    fn card_lines(_args: &McArgs, set: Option<&str>) -> Result<Vec<String>, Error> {
        let db = crate::db::core();
        Ok(db
            .defs
            .iter()
            .filter(|d| match set {
                None | Some("core") => true,
                Some(s) => d.set == s,
            })
            .map(|d| {
                let stats = match &d.kind {
                    Kind::Ally { cost, .. }
                    | Kind::Event { cost }
                    | Kind::Upgrade { cost }
                    | Kind::Support { cost } => {
                        format!("cost {cost}")
                    }
                    _ => String::new(),
                };
                format!(
                    "{:7} {:28} {:12} {:20} {}",
                    d.code,
                    d.name,
                    d.kind.word(),
                    d.set,
                    stats
                )
            })
            .collect())
    }

    fn card_text(_args: &McArgs, card: &str) -> Result<String, Error> {
        let db = crate::db::core();
        let d = db
            .find(card)
            .ok_or_else(|| Error::Failed(format!("no card `{card}` in the Core Set")))?;
        Ok(crate::text::card_text(d))
    }

    fn scenarios() -> Option<&'static dyn crossover_scenario::Runner> {
        Some(crossover_scenario::runner::<crate::scenario::McScenarios>())
    }
}
