//! The text players read for a card, generated from its definition (never printed
//! text).

use crate::db::CardPool;
use crate::model::*;

/// "Cadet Vance, Training Squad — character, cost 1, 2 ATK / 1 DEF, Training Squad".
pub fn card_line(pool: &CardPool, def: &CardDef) -> String {
    let mut parts = Vec::new();
    match def.ty {
        CardType::Character {
            cost,
            atk,
            def: d,
            affiliations,
            flight,
            range,
            concealment,
        } => {
            parts.push(match cost {
                Cost::Known(n) => format!("character, cost {n}"),
                Cost::Costless => "character, costless".into(),
                Cost::Unknown => "character, cost unknown".into(),
            });
            let atk = if def.unknown.contains(&Unknown::Atk) {
                "?".into()
            } else {
                atk.to_string()
            };
            let d = if def.unknown.contains(&Unknown::Def) {
                "?".into()
            } else {
                d.to_string()
            };
            parts.push(format!("{atk} ATK / {d} DEF"));
            if affiliations.is_empty() {
                parts.push("unaffiliated".into());
            } else {
                parts.push(pool.affiliation_text(affiliations));
            }
            if flight {
                parts.push("flight".into());
            }
            if range {
                parts.push("range".into());
            }
            parts.extend(concealment_text(concealment));
        }
        CardType::Equipment { cost, concealment } => {
            parts.push(format!("equipment, cost {cost}"));
            parts.extend(concealment_text(concealment));
        }
        CardType::Location { threshold } => parts.push(format!("location, threshold {threshold}")),
        CardType::PlotTwist { threshold, ongoing } => {
            parts.push(format!("plot twist, threshold {threshold}"));
            if ongoing {
                parts.push("ongoing".into());
            }
        }
    }
    for k in def.keywords.iter() {
        parts.push(match k {
            Keyword::Boost => format!("Boost {}", def.boost),
            Keyword::Willpower => format!("Willpower {}", def.willpower),
            _ => k.title().to_string(),
        });
    }
    if let Some(n) = def.deck_limit {
        parts.push(format!("at most {n} per deck"));
    }
    if def.training {
        parts.push("training, not a real card".into());
    }
    if !def.unknown.is_empty() {
        let u: Vec<&str> = def.unknown.iter().map(|u| u.name()).collect();
        parts.push(format!("unknown: {}", u.join(", ")));
    }
    format!("{} — {}", def.full_name(), parts.join(", "))
}

fn concealment_text(c: Concealment) -> Option<String> {
    match c {
        Concealment::Visible => None,
        Concealment::Concealed => Some("concealed".into()),
        Concealment::Optional => Some("concealed—optional".into()),
    }
}
