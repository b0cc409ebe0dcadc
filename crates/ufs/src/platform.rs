//! How the `crossover` binary offers UFS ([`Platform`]): the two decks, the cards and
//! the pre-built decks.

use crate::db::core;
use crate::model::Kind;
use crate::setup::{DeckList, UfsSetup, PREBUILT};
use crate::Ufs;
use crossover_kernel::Seat;
use crossover_platform::{DeckInfo, Error, Platform};

/// UFS's setup options, given after `ufs` on the command line.
#[derive(clap::Args, Debug, Clone)]
pub struct UfsArgs {
    /// Your deck: a pre-built deck (ryu, akuma, siegfried, sophitia).
    #[arg(long, value_name = "DECK", default_value = "ryu")]
    pub deck: String,
    /// The other player's deck.
    #[arg(long, value_name = "DECK", default_value = "akuma")]
    pub opponent: String,
}

fn prebuilt(name: &str) -> Result<DeckList, Error> {
    DeckList::prebuilt(name).ok_or_else(|| {
        let names: Vec<&str> = PREBUILT.iter().map(|(n, _)| *n).collect();
        Error::Failed(format!(
            "no pre-built UFS deck {name:?}; the decks are {}",
            names.join(", ")
        ))
    })
}

impl Platform for Ufs {
    const ABOUT: &'static str = "Universal Fighting System: two Battle Pack characters fight (the cards play as their printed facts and keywords for now)";
    type Args = UfsArgs;

    fn setup(args: &UfsArgs, from_file: Option<UfsSetup>, seat: Seat) -> Result<UfsSetup, Error> {
        if let Some(setup) = from_file {
            return Ok(setup);
        }
        let (mine, theirs) = (prebuilt(&args.deck)?, prebuilt(&args.opponent)?);
        let decks = if seat == 0 {
            [mine, theirs]
        } else {
            [theirs, mine]
        };
        // Every Battle Pack card still has abilities the card language lacks, so a
        // game is played on the facts and keywords alone, and says so in its log.
        Ok(UfsSetup {
            decks,
            facts_only: true,
        })
    }

    fn setup_labels(setup: &UfsSetup) -> Vec<String> {
        vec![format!(
            "decks: {} vs {}",
            setup.decks[0].name, setup.decks[1].name
        )]
    }

    fn check_setup(setup: &UfsSetup, _args: &UfsArgs) -> Result<(), Error> {
        let db = core();
        for deck in &setup.decks {
            if deck.cards.len() > crate::setup::MAX_DECK {
                return Err(Error::Failed(format!(
                    "deck {:?} lists more than {} cards",
                    deck.name,
                    crate::setup::MAX_DECK
                )));
            }
            deck.check(&db, setup.facts_only)
                .map_err(|e| Error::Failed(format!("deck {:?}: {e}", deck.name)))?;
        }
        Ok(())
    }

    fn decks(_args: &UfsArgs) -> Result<Vec<DeckInfo>, Error> {
        let db = core();
        PREBUILT
            .iter()
            .map(|(name, _)| {
                let deck = prebuilt(name)?;
                let character = db.def(db.by_id(&deck.character).expect("embedded"));
                Ok(DeckInfo {
                    name: name.to_string(),
                    description: format!(
                        "{}, {} cards",
                        character.card_name(),
                        deck.cards.len() + 1
                    ),
                })
            })
            .collect()
    }

    fn card_lines(_args: &UfsArgs, set: Option<&str>) -> Result<Vec<String>, Error> {
        let db = core();
        Ok(db
            .defs
            .iter()
            .filter(|d| set.is_none_or(|s| d.id.starts_with(s)))
            .map(|d| {
                let stats = match d.kind {
                    Kind::Character {
                        hand_size,
                        vitality,
                        ..
                    } => format!("hand size {hand_size}, vitality {vitality}"),
                    Kind::Attack {
                        zone,
                        speed,
                        damage,
                    } => format!("{} attack, speed {speed}, damage {damage}", zone.name()),
                    _ => d.kind.type_name().to_string(),
                };
                let block = d.block.map_or(String::new(), |(z, m)| {
                    format!(", block {} {m:+}", z.name())
                });
                let missing = if d.missing.is_some() {
                    " (abilities not yet written)"
                } else {
                    ""
                };
                format!(
                    "{}  {} — {stats}; difficulty {}, control {}{block}; {}{missing}",
                    d.id,
                    d.card_name(),
                    d.difficulty,
                    d.control,
                    d.symbols
                )
            })
            .collect())
    }
}
