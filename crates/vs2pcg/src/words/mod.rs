//! Words of the card language below the verbs: reading atoms, errors with their position, the tables of keywords, teams, symbols and durations, "did you mean" hints.

use crate::ids::Row;
use crate::vocab::*;
use crossover_sexpr::{Pos, Sexp};

mod filter;
mod scope;
mod trigger;

pub(crate) use self::{filter::*, scope::*, trigger::*};

/// An error before the file name is known.
pub struct E {
    pub(crate) pos: Pos,
    pub(crate) msg: String,
}

pub(crate) type R<T> = Result<T, E>;

pub(crate) fn err<T>(pos: Pos, msg: impl Into<String>) -> R<T> {
    Err(E {
        pos,
        msg: msg.into(),
    })
}

pub(crate) fn word(s: &Sexp) -> Option<String> {
    s.as_atom().map(|a| a.to_ascii_lowercase())
}

pub(crate) fn head(s: &Sexp) -> Option<String> {
    s.head().map(|a| a.to_ascii_lowercase())
}

pub(crate) fn edit_distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for i in 1..=a.len() {
        let mut cur = vec![i; b.len() + 1];
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            cur[j] = (prev[j] + 1).min(cur[j - 1] + 1).min(prev[j - 1] + cost);
        }
        prev = cur;
    }
    prev[b.len()]
}

/// " (did you mean `x`?)" when a known word is close to what was written.
pub(crate) fn did_you_mean<'a>(written: &str, known: impl IntoIterator<Item = &'a str>) -> String {
    let w = written.to_ascii_lowercase();
    // Forms like "(stats ATK DEF)" are matched by their leading word.
    let best = known
        .into_iter()
        .map(|k| k.trim_start_matches('(').split(' ').next().unwrap_or(k))
        .map(|k| (edit_distance(&w, k), k))
        .min_by_key(|(d, _)| *d);
    match best {
        Some((d, k)) if d > 0 && d <= (w.len() / 3).max(2) => format!(" (did you mean `{k}`?)"),
        _ => String::new(),
    }
}

pub(crate) fn unknown(what: &str, s: &Sexp, known: &[&str]) -> E {
    let written = match s {
        Sexp::Atom(a, _) => a.clone(),
        other => other.to_string(),
    };
    E {
        pos: s.pos(),
        msg: format!(
            "unknown {what} `{written}`{}; known {}: {}",
            did_you_mean(&written, known.iter().copied()),
            match what.strip_suffix('y') {
                Some(stem) => format!("{stem}ies"),
                None => format!("{what}s"),
            },
            known.join(", ")
        ),
    }
}

pub(crate) fn lookup<T: Copy>(s: &Sexp, table: &[(&str, T)], what: &str) -> R<T> {
    if let Some(w) = word(s) {
        if let Some((_, v)) = table.iter().find(|(k, _)| *k == w) {
            return Ok(*v);
        }
    }
    let names: Vec<&str> = table.iter().map(|(k, _)| *k).collect();
    Err(unknown(what, s, &names))
}

pub(crate) const KEYWORDS: [(&str, Keyword); 24] = [
    ("flight", Keyword::Flight),
    ("ranged", Keyword::Ranged),
    ("stealth", Keyword::Stealth),
    ("mobile", Keyword::Mobile),
    ("berserker", Keyword::Berserker),
    ("creature", Keyword::Creature),
    ("dodge", Keyword::Dodge),
    ("ferocious", Keyword::Ferocious),
    ("hex", Keyword::Hex),
    ("inspire", Keyword::Inspire),
    ("leader", Keyword::Leader),
    ("leap", Keyword::Leap),
    ("lethal", Keyword::Lethal),
    ("monstrous", Keyword::Monstrous),
    ("schemer", Keyword::Schemer),
    ("shrink", Keyword::Shrink),
    ("swarm", Keyword::Swarm),
    ("symbiosis", Keyword::Symbiosis),
    ("tough", Keyword::Tough),
    ("waking-nightmare", Keyword::WakingNightmare),
    ("loyalty", Keyword::Loyalty),
    ("one-of-a-kind", Keyword::OneOfAKind),
    ("legion", Keyword::Legion),
    ("immobile", Keyword::Immobile),
];

pub(crate) const TEAMS: [(&str, Team); 23] = [
    ("avengers", Team::Avengers),
    ("x-men", Team::XMen),
    ("guardians", Team::Guardians),
    ("villains", Team::Villains),
    ("defenders", Team::Defenders),
    ("a-force", Team::AForce),
    ("underworld", Team::Underworld),
    ("femme-fatales", Team::FemmeFatales),
    ("company", Team::Company),
    ("xenomorphs", Team::Xenomorphs),
    ("babyfaces", Team::Babyfaces),
    ("heels", Team::Heels),
    ("the-boys", Team::TheBoys),
    ("the-seven", Team::TheSeven),
    ("spider-friends", Team::SpiderFriends),
    ("sinister-syndicate", Team::SinisterSyndicate),
    ("brotherhood-of-mutants", Team::Brotherhood),
    ("mcu-heroes", Team::McuHeroes),
    ("mcu-villains", Team::McuVillains),
    ("fantastic", Team::Fantastic),
    ("frightful", Team::Frightful),
    ("pro-registration", Team::ProRegistration),
    ("anti-registration", Team::AntiRegistration),
];

pub(crate) const SYMBOLS: [(&str, Symbol); 6] = [
    ("energy", Symbol::Energy),
    ("intellect", Symbol::Intellect),
    ("might", Symbol::Might),
    ("skill", Symbol::Skill),
    ("alien", Symbol::Alien),
    ("humanity", Symbol::Humanity),
];

pub(crate) const DURATIONS: [(&str, Duration); 5] = [
    ("this-combat", Duration::ThisCombat),
    ("this-turn", Duration::ThisTurn),
    (
        "until-source-stunned-or-leaves",
        Duration::UntilSourceStunnedOrLeaves,
    ),
    ("until-start-of-next-turn", Duration::UntilStartOfNextTurn),
    ("permanent", Duration::Permanent),
];

pub(crate) fn keyword(s: &Sexp) -> R<Keyword> {
    lookup(s, &KEYWORDS, "keyword")
}

pub(crate) fn team(s: &Sexp) -> R<Team> {
    lookup(s, &TEAMS, "team")
}

pub(crate) fn symbol(s: &Sexp) -> R<Symbol> {
    let colour = match word(s).as_deref() {
        Some("blue") => Some("energy"),
        Some("yellow") => Some("intellect"),
        Some("green") => Some("might"),
        Some("red") => Some("skill"),
        _ => None,
    };
    if let Some(name) = colour {
        return err(
            s.pos(),
            format!("write the power symbol `{name}` instead of the colour `{s}`"),
        );
    }
    lookup(s, &SYMBOLS, "power symbol")
}

pub(crate) fn duration(s: &Sexp) -> R<Duration> {
    lookup(s, &DURATIONS, "duration")
}

pub(crate) fn int_in(s: &Sexp, what: &str, lo: i64, hi: i64) -> R<i64> {
    match s.as_int() {
        Some(n) if (lo..=hi).contains(&n) => Ok(n),
        Some(n) => err(
            s.pos(),
            format!("{what} must be between {lo} and {hi}, not {n}"),
        ),
        None => err(
            s.pos(),
            format!("{what} must be a number, found {}", s.describe()),
        ),
    }
}

pub(crate) fn u8_of(s: &Sexp, what: &str) -> R<u8> {
    int_in(s, what, 0, 255).map(|n| n as u8)
}

/// The arguments of a list form, requiring exactly `n` of them.
/// `(WORD SLOT [enemy])`: the slot's form, and whether only enemies may be chosen;
/// `usage` is the error for any other shape.
pub(crate) fn slot_maybe_enemy<'a>(form: &'a Sexp, usage: &str) -> R<(&'a Sexp, bool)> {
    match form.args() {
        [s] => Ok((s, false)),
        [s, e] if word(e).as_deref() == Some("enemy") => Ok((s, true)),
        _ => err(form.pos(), usage),
    }
}

pub(crate) fn args_n<'a>(form: &'a Sexp, n: usize, usage: &str) -> R<&'a [Sexp]> {
    let a = form.args();
    if a.len() != n {
        return err(
            form.pos(),
            format!("expected {usage}, found {} argument(s) in {form}", a.len()),
        );
    }
    Ok(a)
}

/// `combat any-turn any-combat`, `main`, ...: the timing words of a plot twist or power.
pub(crate) fn parse_timing_words(form: &Sexp, words: &[Sexp]) -> R<Timing> {
    let Some(first) = words.first() else {
        return err(
            form.pos(),
            "a timing needs a word: build, main, combat or reaction",
        );
    };
    let t = match word(first).as_deref() {
        Some("build") => Timing::Build,
        Some("main") => Timing::Main,
        Some("reaction") => Timing::Reaction,
        Some("combat") => {
            let (mut any_turn, mut any_combat) = (false, false);
            for w in &words[1..] {
                match word(w).as_deref() {
                    Some("any-turn") if !any_turn => any_turn = true,
                    Some("any-combat") if !any_combat => any_combat = true,
                    _ => {
                        return err(
                            w.pos(),
                            format!(
                            "after `combat` only `any-turn` and `any-combat` may follow, found {}",
                            w.describe()
                        ),
                        )
                    }
                }
            }
            return Ok(Timing::Combat {
                any_turn,
                any_combat,
            });
        }
        _ => {
            return Err(unknown(
                "timing",
                first,
                &["build", "main", "combat", "reaction"],
            ))
        }
    };
    if let Some(extra) = words.get(1) {
        return err(
            extra.pos(),
            format!(
                "only a combat timing takes more words (any-turn, any-combat); found {}",
                extra.describe()
            ),
        );
    }
    Ok(t)
}
