//! The text players read, generated from a card's definition (never copied from a
//! printed card).

use crate::cardfile::trait_word;
use crate::model::*;
use crate::wording;
use std::fmt::Write;

pub fn card_text(d: &CardDef) -> String {
    let mut s = String::new();
    let _ = write!(
        s,
        "{} {}{}",
        d.code,
        if d.unique { "*" } else { "" },
        d.name
    );
    if let Some(sub) = &d.subtitle {
        let _ = write!(s, " ({sub})");
    }
    let group = if d.set.is_empty() {
        d.aspect.word().to_string()
    } else {
        d.set.replace('_', " ")
    };
    let _ = writeln!(s, " — {}, {group}", d.kind.word());
    let stats = match &d.kind {
        Kind::Hero {
            atk,
            thw,
            def,
            hp,
            hand,
        } => format!("ATK {atk} THW {thw} DEF {def} · {hp} hit points · hand size {hand}"),
        Kind::AlterEgo { rec, hp, hand } => {
            format!("REC {rec} · {hp} hit points · hand size {hand}")
        }
        Kind::Ally {
            cost,
            atk,
            atk_cd,
            thw,
            thw_cd,
            hp,
        } => format!(
            "cost {cost} · ATK {}{} THW {}{} · {hp} hit points",
            power(*atk),
            pips(*atk_cd),
            power(*thw),
            pips(*thw_cd)
        ),
        Kind::Event { cost } | Kind::Upgrade { cost } | Kind::Support { cost } => {
            format!("cost {cost}")
        }
        Kind::Resource => String::new(),
        Kind::Villain {
            stage,
            atk,
            sch,
            hp,
        } => format!(
            "stage {stage} · ATK {atk} SCH {sch} · {}",
            scaled(*hp, "hit points")
        ),
        Kind::MainScheme {
            stage,
            b_side,
            target,
            start,
            acceleration,
        } => {
            let mut t = format!("stage {stage}{}", if *b_side { "B" } else { "A" });
            if let Some(tg) = target {
                let _ = write!(t, " · target {}", scaled(*tg, "threat"));
                let _ = write!(t, " · starts with {}", scaled(*start, "threat"));
                let _ = write!(t, " · acceleration {}", scaled(*acceleration, ""));
            }
            t
        }
        Kind::SideScheme { start } => format!("starts with {}", scaled(*start, "threat")),
        Kind::Minion { atk, sch, hp } => format!(
            "ATK {} SCH {sch} · {hp} hit points",
            atk.map_or("X".to_string(), |a| a.to_string())
        ),
        Kind::Attachment { atk, sch } if *atk != 0 || *sch != 0 => {
            format!("ATK {atk:+} SCH {sch:+}")
        }
        _ => String::new(),
    };
    if !stats.is_empty() {
        let _ = writeln!(s, "{stats}");
    }
    let mut traits: Vec<String> = d
        .traits
        .iter()
        .map(|t| trait_word(*t).to_string())
        .collect();
    traits.extend(d.other_traits.iter().map(|t| title(t)));
    if !traits.is_empty() {
        let _ = writeln!(s, "Traits: {}.", traits.join(". "));
    }
    let icons = d.resources;
    if icons.total() > 0 {
        let r: Vec<String> = Resource::ALL
            .iter()
            .flat_map(|&r| std::iter::repeat_n(r.word().to_string(), usize::from(icons.get(r))))
            .collect();
        let _ = writeln!(s, "Resources: {}.", r.join(", "));
    }
    if d.boost > 0 || d.boost_star {
        let _ = writeln!(
            s,
            "Boost: {}{}.",
            d.boost,
            if d.boost_star {
                " and a boost ability"
            } else {
                ""
            }
        );
    }
    let kws: Vec<String> = d
        .keywords
        .iter()
        .map(|k| match k {
            Keyword::Retaliate(n) => format!("Retaliate {n}"),
            Keyword::Uses(n) => format!("Uses ({n} counters)"),
            k => title(k.word()),
        })
        .collect();
    if !kws.is_empty() {
        let _ = writeln!(s, "{}.", kws.join(". "));
    }
    if let Some(t) = d.attach_to {
        let _ = writeln!(
            s,
            "Attach to {}.",
            match t {
                AttachTo::Minion => "a minion",
                AttachTo::Enemy => "an enemy",
                AttachTo::Ally => "an ally",
                AttachTo::Villain => "the villain",
                AttachTo::Environment => "an environment",
                AttachTo::MinionWithoutAnother => "a minion without another copy of it",
            }
        );
    }
    if d.max_per_player {
        let _ = writeln!(s, "Max 1 per player.");
    }
    if d.any_player {
        let _ = writeln!(s, "Play under any player's control.");
    }
    if let Some(a) = d.doubles_for {
        let _ = writeln!(
            s,
            "Double the resources this card generates while paying for a {} card.",
            title(a.word())
        );
    }
    if let Some(h) = &d.obligation_of {
        let _ = writeln!(s, "{h}'s obligation.");
    }
    for a in &d.abilities {
        let _ = writeln!(s, "{}", ability_text(a));
    }
    for c in &d.constants {
        let _ = writeln!(s, "{}", wording::constant(c));
    }
    if let Some(m) = &d.missing {
        let _ = writeln!(s, "(Not implemented yet: {m}.)");
    }
    s
}

fn power(p: Power) -> String {
    p.map_or("–".to_string(), |v| v.to_string())
}

fn pips(n: u8) -> String {
    if n == 0 {
        String::new()
    } else {
        format!(" ({n} consequential)")
    }
}

fn scaled(s: Scaled, what: &str) -> String {
    format!(
        "{}{} {what}",
        s.value,
        if s.per_player { " per player" } else { "" }
    )
    .trim_end()
    .to_string()
}

fn title(w: &str) -> String {
    let mut out = String::new();
    for (i, part) in w.split('-').enumerate() {
        if i > 0 {
            out.push(' ');
        }
        let mut ch = part.chars();
        if let Some(f) = ch.next() {
            out.extend(f.to_uppercase());
            out.push_str(ch.as_str());
        }
    }
    out
}

pub fn ability_text(a: &Ability) -> String {
    let mut s = String::new();
    if let Some(n) = &a.name {
        let _ = write!(s, "{n} — ");
    }
    let form = match a.form {
        Some(Form::Hero) => "Hero ",
        Some(Form::AlterEgo) => "Alter-Ego ",
        None => "",
    };
    let _ = write!(s, "{form}{}", a.kind.word());
    if let Some(l) = a.label {
        let _ = write!(
            s,
            " ({})",
            match l {
                Label::Attack => "attack",
                Label::Thwart => "thwart",
                Label::Defense => "defense",
            }
        );
    }
    if let Some(f) = a.revealed_in {
        let _ = write!(
            s,
            " ({})",
            if f == Form::Hero { "Hero" } else { "Alter-Ego" }
        );
    }
    let _ = write!(s, ": ");
    let mut sentence = String::new();
    if let Some(t) = a.trigger {
        let _ = write!(sentence, "{}, ", wording::trigger(t));
    }
    if !a.cost.is_empty() {
        let costs: Vec<String> = a.cost.iter().map(|c| wording::cost(*c)).collect();
        let _ = write!(sentence, "{} → ", costs.join(" and "));
    }
    // A cost that counts (spend X, discard up to N) is what "that many" refers to.
    let counted = a
        .cost
        .iter()
        .find_map(|c| wording::Counted::of_cost(*c))
        .unwrap_or(wording::Counted::Unknown);
    let _ = write!(sentence, "{}.", wording::steps_counted(&a.steps, counted));
    s.push_str(&capitalized(&sentence));
    if let Some((n, p)) = a.limit {
        let _ = write!(
            s,
            " (Limit {n} per {}.)",
            match p {
                Period::Phase => "phase",
                Period::Round => "round",
                Period::Game => "game",
                Period::Attack => "attack",
            }
        );
    }
    s
}

fn capitalized(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}
