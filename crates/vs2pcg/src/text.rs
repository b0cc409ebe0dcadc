//! The text shown to players, generated from a card's definition in the rulebook's
//! wording style. No printed rules text is stored anywhere: what players read is what
//! the engine does.

use crate::model::*;
use crate::wording::*;

/// The full text of a card: its type line, stats and every power.
pub fn card_text(c: &CardDef) -> String {
    let mut out = format!("{} ({})\n{}\n", c.name, c.number, type_line(c));
    if let Some(aka) = &c.aka {
        out += &format!("AKA {aka}\n");
    }
    // A plot twist whose effect is not yet written shows only that (below).
    if c.kind == CardKind::PlotTwist && (!c.effect.is_empty() || c.omitted.is_empty()) {
        out += &format!(
            "{}: {}\n",
            timing_name(c.timing.unwrap_or(Timing::Main)),
            steps(&c.effect)
        );
    }
    for p in &c.powers {
        match p.body {
            // A keyword printed under its own name reads as the keyword alone.
            PowerBody::Keyword(k) if k.name().eq_ignore_ascii_case(&p.name) => {
                out += &format!("{}\n", keyword_text(k));
            }
            _ => {
                let mut t = power_text(&p.body);
                // A keyword granted or denied by a character's own static is its own.
                if c.kind != CardKind::Equipment {
                    t = t.replace("the equipped character", "this character");
                    t = t.replace("The equipped character", "This character");
                }
                out += &format!("{} — {t}\n", p.name)
            }
        }
    }
    for name in c.omitted.iter() {
        out += &format!("{name} — {NOT_YET_WRITTEN}\n");
    }
    if c.banned {
        out += "(Not tournament legal.)\n";
    }
    out
}

/// What a printed power the card language can't say yet shows instead of its text.
pub const NOT_YET_WRITTEN: &str = "not yet written: Crossover doesn't play this power yet.";

/// One line: kind, teams, cost and stats.
pub fn type_line(c: &CardDef) -> String {
    let teams = if c.teams.is_empty() {
        String::new()
    } else {
        let t: Vec<&str> = c.teams.iter().map(|t| t.name()).collect();
        format!(
            " [{}{}]",
            t.join("/"),
            if c.triple_team { " x3" } else { "" }
        )
    };
    let stats = format!("{} ATK / {} DEF, {} health", c.atk, c.def, c.health);
    let symbols: Vec<&str> = c.symbols.iter().map(|s| s.name()).collect();
    match c.kind {
        CardKind::MainCharacter { level } => {
            format!("Main Character, Level {level}{teams} — {stats}")
        }
        CardKind::Supporting if c.token.0 => format!("Token Supporting Character{teams} — {stats}"),
        CardKind::Supporting => format!(
            "Supporting Character{teams} — cost {} — {stats}",
            c.cost.unwrap_or(0)
        ),
        CardKind::PlotTwist => format!("Plot Twist{teams}"),
        CardKind::Equipment => format!("Equipment{teams} — cost {}", c.cost.unwrap_or(0)),
        CardKind::Location => format!("Location — {}", symbols.join(" or ")),
        CardKind::SpecialLocation => format!(
            "Special Location{teams} — {} for a{teams} character",
            symbols.join(" or ")
        )
        .replace("for a [A", "for an [A"),
    }
}

fn cost(c: &[Symbol]) -> String {
    c.iter()
        .map(|s| format!("[{}]", s.name()))
        .collect::<Vec<_>>()
        .join("")
}

pub fn power_text(b: &PowerBody) -> String {
    match b {
        PowerBody::Keyword(k) => keyword_text(*k).into(),
        PowerBody::Super(sp) => {
            let mut t = format!("{} {}: ", timing_name(sp.timing), cost(&sp.cost));
            if let Some(r) = &sp.reaction {
                t += &format!("{}, you may use this power. ", capitalise(&trigger(r)));
            }
            t += &steps(&sp.effect);
            if let Some(c) = &sp.only_if {
                t += &format!(" Use this power only if {}.", cond(c));
            }
            if sp.start_of_main_only {
                t += " Use this power only at the beginning of your Main Phase.";
            }
            if *sp.once_per_level {
                t += " It may be used only once while this character stays at this level.";
            }
            if sp.once_per_game {
                t += " Use this power only once per game.";
            }
            if *sp.repeatable {
                t += " On your turn, this power can be used again and again.";
            }
            if *sp.any_number_each_turn {
                t += " This power can be used any number of times each turn.";
            }
            t
        }
        PowerBody::Triggered(tr) => triggered(tr),
        PowerBody::Static(c) => {
            let body = static_text(&c.effect);
            match &c.while_cond {
                Some(w) => format!("While {}, {}", cond(w), lower_first(&body)),
                None => body,
            }
        }
        PowerBody::LevelUp { xp, trigger: tr } => {
            let mut t = format!("Level Up ({xp} XP) — {}", capitalise(&trigger(&tr.on)));
            if let Some(c) = &tr.if_cond {
                t += &format!(", if {}", cond(c));
            }
            if tr.effect.is_empty() {
                t + ", this character gains an XP."
            } else {
                format!("{t}, {}", lower_first(&steps(&tr.effect)))
            }
        }
    }
}

fn triggered(tr: &Triggered) -> String {
    let mut t = if *tr.once_per_turn {
        format!("Once per turn, {}", trigger(&tr.on))
    } else {
        capitalise(&trigger(&tr.on))
    };
    if let Some(w) = &tr.while_cond {
        t += &format!(" while {}", cond(w));
    }
    if let Some(c) = &tr.if_cond {
        t += &format!(", if {}", cond(c));
    }
    format!("{t}, {}", lower_first(&steps(&tr.effect)))
}

fn keyword_text(k: Keyword) -> &'static str {
    match k {
        Keyword::Flight => "Flight: can fly over the enemy front row to attack the back row.",
        Keyword::Ranged => "Ranged: can attack from the back row; strikes back at ranged attackers.",
        Keyword::Stealth => "Stealth: can melee attack protected back row characters.",
        Keyword::Mobile => "Mobile: once per turn in your Main Phase, outside combat, may move to your front or back row.",
        Keyword::Berserker => "Berserker: each attack it makes gives it a +1/+1 counter.",
        Keyword::Creature => "Creature: never equipped; nothing turns this power off.",
        Keyword::Dodge => "Dodge: can't be ranged attacked.",
        Keyword::Ferocious => "Ferocious: in melee combat, strikes before characters without Ferocious.",
        Keyword::Hex => "Hex: enemy characters can't level up (they still gain XP).",
        Keyword::Inspire => "Inspire: each other character that appears on its side gets a +1/+1 counter.",
        Keyword::Leader => "Leader: in a team attack it is part of, its controller (not the defender's) picks which attacker the defender strikes back at.",
        Keyword::Leap => "Leap: has Flight during your turn.",
        Keyword::Lethal => "Lethal: a defending supporting character it wounds is KO'd.",
        Keyword::Monstrous => "Monstrous: defending against a melee team attack, it strikes back at every attacker.",
        Keyword::Schemer => "Schemer: the first plot twist its controller plays in a turn lets that player draw a card (optional).",
        Keyword::Shrink => "Shrink: the first attack against it in a turn may be cancelled by its controller.",
        Keyword::Swarm => "Swarm: any number of same-named copies may share a side; nothing turns this power off.",
        Keyword::Symbiosis => "Symbiosis: can have and gain +1/+1 counters while stunned.",
        Keyword::Tough => "Tough: when it gets stunned, its controller may recover it (the wound stays).",
        Keyword::WakingNightmare => "Waking Nightmare: stunned enemy characters keep and can gain -1/-1 counters.",
        Keyword::Loyalty => "Loyalty: put this in your deck only if every character and affiliated card in it shares its team.",
        Keyword::OneOfAKind => "One of a Kind: only one copy in a deck.",
        Keyword::Legion => "Legion: up to eight copies in a deck.",
        Keyword::Immobile => "Immobile: can't move in your Formation Step.",
    }
}

fn static_text(s: &Static) -> String {
    match s {
        Static::Stats { atk, def } if atk == def && !matches!(atk, Amount::Fixed(_)) => {
            format!("This character has +1/+1 for each {}.", each_of(atk))
        }
        Static::Stats { atk, def } => format!("This character has +{}/+{}.", amount(atk), amount(def)),
        Static::DoubleStrike => "This character strikes with double its ATK.".into(),
        Static::NoStrikeBack => "Enemy characters can't strike back at this character.".into(),
        Static::Grab => {
            "Enemy characters can't fly over this character as long as it is in the front row.".into()
        }
        Static::TeamUp(t) => format!(
            "Supporting characters you control count as {} too.",
            t.name()
        ),
        Static::EnemySupportCantRecover => "Enemy supporting characters can't recover.".into(),
        Static::AppearsStunned => "This character appears stunned.".into(),
        Static::CopyTeamPowers(t) => format!(
            "This character has every power that any other face-up {} supporting character you control has.",
            t.name()
        ),
        Static::TeamsWithMainCharacters => "This character can team attack with any main character.".into(),
        Static::GrantKeyword(k) => format!("The equipped character has {}.", k.name()),
        Static::DenyKeyword(k) => format!("The equipped character loses and can't gain {}.", k.name()),
        Static::Passive => "This character can't attack or strike back.".into(),
        Static::CantBeAttacked => "This character can't be attacked.".into(),
        Static::PowerUpWithAnyCharacter => {
            "You may discard any character card to power up this character.".into()
        }
        Static::CantBeStruckBy(f) => format!("Each {} can't strike this character.", filter(f)),
        Static::NoWoundIfStunnedInCombat => {
            "If this character gets stunned while attacking or defending, it doesn't get wounded."
                .into()
        }
        Static::EnemiesCantPlayPlotTwists => "Enemy players can't play plot twists.".into(),
        Static::EnemiesCantUseSuperPowers(s) => {
            format!("Enemy players can't use [{}] Super Powers.", s.name())
        }
    }
}

/// The sentences of an effect, in order.
pub fn steps(s: &[Step]) -> String {
    crate::verbs::steps_text(s)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_embedded_card_has_generated_text_with_each_power_name() {
        let db = crate::catalogue::embedded();
        for c in &db.cards {
            let t = card_text(c);
            assert!(t.contains(&c.name));
            for p in &c.powers {
                assert!(t.contains(&p.name), "{}: {}", c.number, t);
            }
            assert!(!t.contains("Hook("), "{}: raw hook in text: {t}", c.number);
        }
    }

    #[test]
    fn thor_reads_in_the_rulebook_terms() {
        let db = crate::catalogue::embedded();
        let thor = db.get(db.by_number("mnb-021").unwrap());
        let t = card_text(thor);
        assert!(
            t.contains("Supporting Character [Avengers] — cost 6 — 6 ATK / 5 DEF, 2 health"),
            "{t}"
        );
        assert!(
            t.contains("Main [Energy]: Choose an enemy character."),
            "{t}"
        );
        assert!(t.contains("That character gets 3 -1/-1 counters."), "{t}");
    }
}
