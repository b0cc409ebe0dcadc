//! Marvel Champions on the command line: the new-game screen `crossover play mc` opens
//! in a terminal when no deck was given (how many heroes, each hero's deck and who
//! plays it, the villain, the modular set, Standard or Expert, the computer heroes'
//! level). Everything else comes from its [`Platform`] implementation and the client's
//! defaults.
//!
//! [`Platform`]: crossover_platform::Platform

use super::{CliGame, PlayRequest};
use crate::full_screen::Table;
use crate::CliError;
use crossover_ai::DIFFICULTIES;
use crossover_mc::decks::PREBUILT;
use crossover_mc::platform::McArgs;
use crossover_mc::setup::{MAX_PLAYERS, MODULARS, VILLAINS};
use crossover_platform::Platform;
use crossover_tui::form::{Field, Form};
use std::path::Path;

pub use crossover_mc::{Action, Mc, McSetup};

impl CliGame for Mc {
    fn play_full_screen(request: &PlayRequest<'_, Self>) -> Option<Result<(), CliError>> {
        if !crate::full_screen::is_interactive() {
            return None;
        }
        if !request.args.decks.is_empty() || request.from_file.is_some() {
            return Some(super::play_the_options(request));
        }
        let NewGameForm { form, values } =
            NewGameForm::new(request.args, request.ai, request.opts.hot_seat);
        Some(crate::full_screen::play_from_menu::<Mc, _>(
            form,
            |choice: &Vec<usize>| values.table(choice),
            request.opts,
        ))
    }
}

/// The lines of the form, in order.
const HEROES: usize = 0;
const DECK: usize = 1; // one line per hero: DECK..DECK + MAX_PLAYERS
const PLAYED_BY: usize = DECK + MAX_PLAYERS; // heroes 2 to MAX_PLAYERS
const VILLAIN: usize = PLAYED_BY + MAX_PLAYERS - 1;
const MODULAR: usize = VILLAIN + 1;
const MODE: usize = MODULAR + 1;
const COMPUTER: usize = MODE + 1;

/// The new-game form and what its values stand for.
pub struct NewGameForm {
    pub form: Form,
    pub values: FormValues,
}

/// What the form's values stand for.
pub struct FormValues {
    /// What `--deck` takes for each deck value.
    decks: Vec<String>,
    /// The computer players' specs, per value of the computer line.
    computers: Vec<String>,
}

/// "you" or "a computer", per value of a played-by line.
const YOU: usize = 0;

fn show_lines(fields: &mut [Field]) {
    let heroes = fields[HEROES].value + 1;
    for i in 0..MAX_PLAYERS {
        fields[DECK + i].shown = i < heroes;
    }
    let mut computers = false;
    for i in 1..MAX_PLAYERS {
        let line = &mut fields[PLAYED_BY + i - 1];
        line.shown = i < heroes;
        computers |= line.shown && line.value != YOU;
    }
    fields[COMPUTER].shown = computers;
    let recommended = VILLAINS[fields[VILLAIN].value].1;
    fields[MODULAR].values[0] = format!("{} (the villain's own)", set_name(recommended));
}

impl NewGameForm {
    /// The form with `args`' villain, modular set and mode, and `ai` (from `--ai`),
    /// preselected. At the hot seat every hero is played by a person here.
    pub fn new(args: &McArgs, ai: Option<&str>, hot_seat: bool) -> NewGameForm {
        let db = crossover_mc::db::core();
        let mut decks: Vec<String> = Vec::new();
        let mut labels: Vec<String> = Vec::new();
        for d in &PREBUILT {
            let hero = db.get(d.hero).map_or(d.name, |c| c.name.as_str());
            decks.push(d.name.to_string());
            labels.push(format!("{hero} ({}, pre-built)", d.aspect.word()));
        }
        let mut notes = Vec::new();
        for file in deck_files() {
            labels.push(file.clone());
            decks.push(file);
        }
        if decks.len() > PREBUILT.len() {
            notes.push(
                "Deck files (*.json) from this folder and ./decks/ are offered after the \
                 pre-built decks; one that breaks the deck rules is refused when you start."
                    .to_string(),
            );
        }
        let mut computers: Vec<String> = DIFFICULTIES.iter().map(|(n, _)| n.to_string()).collect();
        let mut computer = computers.iter().position(|c| c == "hard").unwrap_or(0);
        if let Some(spec) = ai {
            computer = computers.iter().position(|c| c == spec).unwrap_or_else(|| {
                computers.push(spec.to_string());
                computers.len() - 1
            });
        }
        let computer_labels = computers
            .iter()
            .map(|c| match DIFFICULTIES.iter().find(|(n, _)| n == c) {
                Some((n, spec)) => format!("{n} ({spec})"),
                None => c.clone(),
            })
            .collect();

        let mut fields = vec![Field::new(
            "Heroes",
            (1..=MAX_PLAYERS)
                .map(|n| match n {
                    1 => "1 (true solo)".to_string(),
                    n => n.to_string(),
                })
                .collect(),
        )];
        for i in 0..MAX_PLAYERS {
            let mut f = Field::new(&format!("Hero {} deck", i + 1), labels.clone());
            // Different heroes by default.
            f.value = i % labels.len();
            fields.push(f);
        }
        let person = if hot_seat { "a person here" } else { "you" };
        for i in 1..MAX_PLAYERS {
            let mut f = Field::new(
                &format!("Hero {} played by", i + 1),
                vec![person.to_string(), "the computer".to_string()],
            );
            if !hot_seat {
                f.value = 1;
            }
            fields.push(f);
        }
        let mut villain = Field::new(
            "Villain",
            VILLAINS.iter().map(|(v, _)| set_name(v)).collect(),
        );
        villain.value = VILLAINS
            .iter()
            .position(|(v, _)| Some(*v) == args.villain.as_deref())
            .unwrap_or(0);
        fields.push(villain);
        let mut modular = Field::new(
            "Modular set",
            std::iter::once(String::new())
                .chain(MODULARS.iter().map(|m| set_name(m)))
                .collect(),
        );
        modular.value = MODULARS
            .iter()
            .position(|m| Some(*m) == args.modular.as_deref())
            .map_or(0, |i| i + 1);
        fields.push(modular);
        let mut mode = Field::new("Mode", vec!["Standard".into(), "Expert".into()]);
        mode.value = usize::from(args.expert);
        fields.push(mode);
        let mut computer_field = Field::new("Computer heroes", computer_labels);
        computer_field.value = computer;
        fields.push(computer_field);

        let mut form = Form::new("Marvel Champions", fields, show_lines);
        form.notes = notes;
        NewGameForm {
            form,
            values: FormValues { decks, computers },
        }
    }
}

impl FormValues {
    /// The table a choice makes, or why it can't be played (a deck file that breaks
    /// the deck rules).
    pub fn table(&self, choice: &[usize]) -> Result<Table<McSetup>, String> {
        let heroes = choice[HEROES] + 1;
        let args = McArgs {
            decks: (0..heroes)
                .map(|i| self.decks[choice[DECK + i]].clone())
                .collect(),
            villain: Some(VILLAINS[choice[VILLAIN]].0.to_string()),
            modular: (choice[MODULAR] > 0).then(|| MODULARS[choice[MODULAR] - 1].to_string()),
            expert: choice[MODE] == 1,
        };
        let setup = Mc::setup(&args, None, 0).map_err(|e| e.to_string())?;
        let people = (0..heroes)
            .map(|i| i == 0 || choice[PLAYED_BY + i - 1] == YOU)
            .collect();
        Ok(Table {
            setup,
            people,
            computer: self.computers[choice[COMPUTER]].clone(),
        })
    }
}

/// "masters_of_evil" → "Masters of Evil".
fn set_name(key: &str) -> String {
    key.split('_')
        .enumerate()
        .map(|(i, w)| match w {
            "of" | "the" if i > 0 => w.to_string(),
            _ => {
                let mut c = w.chars();
                c.next()
                    .map(|f| f.to_uppercase().chain(c).collect())
                    .unwrap_or_default()
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// The MarvelCDB deck files (`*.json`) in the current folder and in `./decks/`, in
/// name order (at most 50).
fn deck_files() -> Vec<String> {
    let mut files = Vec::new();
    for dir in [".", "decks"] {
        let Ok(entries) = std::fs::read_dir(dir) else {
            continue;
        };
        let mut found: Vec<String> = entries
            .flatten()
            .map(|e| e.path())
            .filter(|p| {
                let name = p.file_name().and_then(|n| n.to_str()).unwrap_or("");
                // Replays are JSON too.
                p.is_file() && name.ends_with(".json") && !name.ends_with(".replay.json")
            })
            .map(|p| {
                p.strip_prefix(".")
                    .unwrap_or(Path::new(&p))
                    .display()
                    .to_string()
            })
            .collect();
        found.sort();
        files.extend(found);
    }
    files.truncate(50);
    files
}

#[cfg(test)]
mod tests {
    use super::*;
    use crossover_tui::menu::{Menu, MenuEffect};
    use crossover_tui::Key;

    fn form() -> NewGameForm {
        NewGameForm::new(&McArgs::default(), None, false)
    }

    fn start(f: &mut NewGameForm) -> Vec<usize> {
        match f.form.on_key(Key::Enter) {
            MenuEffect::Start(choice) => choice,
            other => panic!("Enter gave {other:?}"),
        }
    }

    #[test]
    fn the_default_is_one_hero_against_rhino_standard() {
        let mut f = form();
        let rows = f.form.rows();
        // Heroes, hero 1's deck, villain, modular set, mode, start: no computer line
        // while every hero is yours.
        assert_eq!(rows.len(), 6, "{rows:?}");
        let choice = start(&mut f);
        let table = f.values.table(&choice).unwrap();
        assert_eq!(table.setup.decks.len(), 1);
        assert_eq!(table.setup.villain, "rhino");
        assert_eq!(table.setup.modular, "bomb_scare");
        assert!(!table.setup.expert);
        assert_eq!(table.people, vec![true]);
    }

    #[test]
    fn two_heroes_show_the_second_deck_and_who_plays_it() {
        let mut f = form();
        f.form.on_key(Key::Right); // Heroes: 2
        let labels: Vec<String> = f
            .form
            .rows()
            .into_iter()
            .flatten()
            .map(|i| f.form.fields[i].label.clone())
            .collect();
        assert_eq!(
            labels,
            [
                "Heroes",
                "Hero 1 deck",
                "Hero 2 deck",
                "Hero 2 played by",
                "Villain",
                "Modular set",
                "Mode",
                "Computer heroes"
            ]
        );
        let choice = start(&mut f);
        let table = f.values.table(&choice).unwrap();
        assert_eq!(table.setup.decks.len(), 2);
        assert_ne!(table.setup.decks[0], table.setup.decks[1]);
        assert_eq!(table.people, vec![true, false]);
        assert_eq!(
            table.computer, "hard",
            "the default of --ai, as its help says"
        );
    }

    #[test]
    fn villain_modular_and_expert_reach_the_setup() {
        let mut f = form();
        f.form.set(VILLAIN, 1);
        f.form.set(MODULAR, 5);
        f.form.set(MODE, 1);
        let table = f.values.table(&f.form.choice()).unwrap();
        assert_eq!(table.setup.villain, "klaw");
        assert_eq!(table.setup.modular, "the_doomsday_chair");
        assert!(table.setup.expert);
        // The recommended set follows the villain.
        f.form.set(MODULAR, 0);
        f.form.set(VILLAIN, 2);
        assert_eq!(
            f.form.value_text(MODULAR),
            "Under Attack (the villain's own)"
        );
        assert_eq!(
            f.values.table(&f.form.choice()).unwrap().setup.modular,
            "under_attack"
        );
    }

    #[test]
    fn multi_handed_play_makes_every_hero_yours() {
        let mut f = form();
        f.form.set(HEROES, 2);
        f.form.set(PLAYED_BY, YOU);
        f.form.set(PLAYED_BY + 1, YOU);
        assert!(!f.form.rows().contains(&Some(COMPUTER)));
        let table = f.values.table(&f.form.choice()).unwrap();
        assert_eq!(table.people, vec![true, true, true]);
    }

    #[test]
    fn command_line_choices_are_preselected() {
        let args = McArgs {
            villain: Some("ultron".into()),
            modular: Some("legions_of_hydra".into()),
            expert: true,
            ..McArgs::default()
        };
        let f = NewGameForm::new(&args, Some("greedy"), false);
        assert_eq!(f.form.value_text(VILLAIN), "Ultron");
        assert_eq!(f.form.value_text(MODULAR), "Legions of Hydra");
        assert_eq!(f.form.value_text(MODE), "Expert");
        assert_eq!(f.form.value_text(COMPUTER), "greedy");
    }

    #[test]
    fn quitting_leaves_without_a_game() {
        let mut f = form();
        assert_eq!(f.form.on_key(Key::Char('q')), MenuEffect::Quit);
    }
}
