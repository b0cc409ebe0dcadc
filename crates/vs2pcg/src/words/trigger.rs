//! The events a trigger waits for (`(on EVENT OPTION...)` of a triggered power or a
//! delayed trigger), read from the card file.

use super::{err, trigger_filter, unknown, word, R};
use crate::vocab::TriggerOn;
use crossover_sexpr::{Pos, Sexp};

pub(crate) const TRIGGERS: &[&str] = &[
    "self-appears",
    "other-appears-on-your-side",
    "enemy-appears",
    "self-attacks",
    "self-team-attacks",
    "self-attacked",
    "self-stunned",
    "self-kod",
    "self-stuns-enemy",
    "enemy-stunned",
    "enemy-kod",
    "start-of-your-turn",
    "end-of-your-turn",
    "start-of-your-build",
    "start-of-your-main",
    "you-play-plot-twist",
    "you-use-super-power",
    "enemy-uses-super-power",
    "your-character-powers-up",
    "card-leaves-your-hand",
    "you-recruit",
    "self-recruited",
    "you-gain-resource",
    "self-survives",
    "self-stuns",
    "self-wounded",
    "wounded",
    "appears",
    "self-powers-up",
    "you-draw",
    "other-yours-kod",
    "self-kos-enemy",
    "self-kos",
    "you-team-attack",
];

pub(crate) fn parse_trigger_on(form: &Sexp, words: &[Sexp]) -> R<TriggerOn> {
    let known = TRIGGERS;
    let Some(first) = words.first() else {
        return err(
            form.pos(),
            format!("say which event: one of {}", known.join(", ")),
        );
    };
    let Some(w) = word(first) else {
        return Err(unknown("trigger", first, known));
    };
    let opts: Vec<(String, Pos)> = words[1..]
        .iter()
        .map(|o| (word(o).unwrap_or_else(|| o.to_string()), o.pos()))
        .collect();
    let take = |allowed: &[&str]| -> R<Vec<String>> {
        let mut got = Vec::new();
        for (o, p) in &opts {
            if !allowed.contains(&o.as_str()) {
                return err(
                    *p,
                    if allowed.is_empty() {
                        format!("`{w}` takes no options, found `{o}`")
                    } else {
                        format!("`{w}` takes only {}, found `{o}`", allowed.join(", "))
                    },
                );
            }
            got.push(o.clone());
        }
        Ok(got)
    };
    let on = match w.as_str() {
        "self-attacked" => {
            let o = take(&["first-each-turn"])?;
            return Ok(TriggerOn::SelfAttacked {
                first_each_turn: !o.is_empty(),
            });
        }
        "self-stuns-enemy" => {
            let o = take(&["team-attacking", "solo-defender", "main-only"])?;
            let has = |s: &str| o.iter().any(|x| x == s);
            return Ok(TriggerOn::SelfStunsEnemy {
                team_attacking: has("team-attacking"),
                solo_defender: has("solo-defender"),
                main_only: has("main-only"),
            });
        }
        // The words after these are a filter on the stunned, wounded or appearing character;
        // `self-stuns in-combat ...`: by striking it in combat.
        "self-stuns" => {
            let in_combat = words.get(1).and_then(word).as_deref() == Some("in-combat");
            let rest = if in_combat { &words[2..] } else { &words[1..] };
            return Ok(TriggerOn::SelfStuns {
                filter: trigger_filter(rest, form)?,
                in_combat: crossover_kernel::Added(in_combat),
            });
        }
        "wounded" => {
            return Ok(TriggerOn::Wounded {
                filter: trigger_filter(&words[1..], form)?,
            });
        }
        "self-kos" => {
            return Ok(TriggerOn::SelfKos {
                filter: trigger_filter(&words[1..], form)?,
            });
        }
        "appears" => {
            return Ok(TriggerOn::Appears {
                filter: trigger_filter(&words[1..], form)?,
            });
        }
        "you-play-plot-twist" => {
            let o = take(&["first-each-turn"])?;
            return Ok(TriggerOn::YouPlayPlotTwist {
                first_each_turn: !o.is_empty(),
            });
        }
        "self-appears" => TriggerOn::SelfAppears,
        "other-appears-on-your-side" => TriggerOn::OtherAppearsOnYourSide,
        "enemy-appears" => TriggerOn::EnemyAppears,
        "self-attacks" => TriggerOn::SelfAttacks,
        "self-team-attacks" => TriggerOn::SelfTeamAttacks,
        "self-stunned" => TriggerOn::SelfStunned,
        "self-kod" => TriggerOn::SelfKod,
        "enemy-stunned" => TriggerOn::EnemyStunned,
        "enemy-kod" => TriggerOn::EnemyKod,
        "start-of-your-turn" => TriggerOn::StartOfYourTurn,
        "end-of-your-turn" => TriggerOn::EndOfYourTurn,
        "start-of-your-build" => TriggerOn::StartOfYourBuild,
        "start-of-your-main" => TriggerOn::StartOfYourMain,
        "you-use-super-power" if words.len() == 2 => {
            return Ok(TriggerOn::YouUseSuperPowerWith(super::symbol(&words[1])?));
        }
        "you-use-super-power" => TriggerOn::YouUseSuperPower,
        "you-team-attack" => TriggerOn::YouTeamAttack,
        "enemy-uses-super-power" => TriggerOn::EnemyUsesSuperPower,
        "your-character-powers-up" => TriggerOn::YourCharacterPowersUp,
        "self-powers-up" => TriggerOn::SelfPowersUp,
        "card-leaves-your-hand" => TriggerOn::CardLeavesYourHand,
        "you-recruit" => TriggerOn::YouRecruit,
        "self-recruited" => TriggerOn::SelfRecruited,
        "you-gain-resource" => TriggerOn::YouGainResource,
        "you-draw" => TriggerOn::YouDraw,
        "other-yours-kod" => TriggerOn::OtherYoursKod,
        "self-kos-enemy" => TriggerOn::SelfKosEnemy,
        "self-survives" => TriggerOn::SelfSurvives,
        "self-wounded" => TriggerOn::SelfWounded,
        _ => return Err(unknown("trigger", first, known)),
    };
    take(&[])?;
    Ok(on)
}
