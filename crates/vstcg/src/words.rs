//! The card-file words of the vocabulary: characters (`(target 0)`, `this`, `(each
//! yours front-row)`), tests, players, amounts and durations. Verbs compile their forms
//! with these.

use crate::vocab::*;
use crossover_sexpr::{Pos, Sexp};

/// A card file error: where and what.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{pos}: {message}")]
pub struct CardFileError {
    pub pos: Pos,
    pub message: String,
}

/// Names the pool gives affiliation bits (see [`Affiliations`]).
pub trait AffiliationNames {
    fn affiliation_index(&mut self, name: &str) -> Option<usize>;
}

pub type R<T> = Result<T, CardFileError>;

pub fn err<T>(pos: Pos, message: impl Into<String>) -> R<T> {
    Err(CardFileError {
        pos,
        message: message.into(),
    })
}

/// What a target slot holds (504.3).
#[derive(Debug, Clone, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum TargetKind {
    Character(Filter),
    /// 701.11: a resource in any resource row that passes the tests ("target resource").
    Resource(Filter),
    Player(Option<Relation>),
    /// An effect on the chain (504.3b: "target effect").
    Effect(EffectTest),
}

/// The effect's declared targets, as verbs see them while compiling.
pub struct Scope<'a> {
    pub targets: &'a [TargetKind],
    pub names: &'a mut dyn AffiliationNames,
    /// The longest duration a step of the effect gives a modifier (505.3).
    pub durations: &'a mut Vec<Duration>,
}

const TEST_WORDS: &[&str] = &[
    "character",
    "illuminati-member",
    "chosen-identity",
    "remembered-affiliation",
    "adjacent",
    "front-row",
    "support-row",
    "visible",
    "hidden",
    "exhausted",
    "ready",
    "stunned",
    "attacker",
    "defender",
    "team-attacker",
    "concealed",
    "yours",
    "opposing",
    "unaffiliated",
    "flight",
    "range",
    "other",
    "itself",
    "marvel",
    "dc",
    "different-version",
    "face-up",
    "face-down",
    "cost-at-least-this",
    "hunted",
    "shares-identity",
    "has-attacked",
    "has-team-attacked",
    "already-attacked",
    "has-reinforced",
    "that",
    "thats-controllers",
    "chosen-to-play",
    "in-combat",
    "behind",
    "adjacent-resource",
    "owned",
    "location",
];

pub fn number(s: &Sexp, what: &str) -> R<i32> {
    match s.as_int() {
        Some(n) if (-99..=99).contains(&n) => Ok(n as i32),
        Some(n) => err(s.pos(), format!("{what} {n} is out of range (-99 to 99)")),
        None => err(
            s.pos(),
            format!("{what} must be a number, found {}", s.describe()),
        ),
    }
}

fn small(s: &Sexp, what: &str) -> R<u8> {
    let n = number(s, what)?;
    if n < 0 {
        return err(s.pos(), format!("{what} can't be negative"));
    }
    Ok(n as u8)
}

/// One test: an atom (`front-row`) or a form (`(cost<= 3)`).
pub fn parse_test(s: &Sexp, scope: &mut Scope<'_>) -> R<Option<Test>> {
    if let Some(w) = s.as_atom() {
        return Ok(Some(match w {
            "character" => return Ok(None),
            "front-row" => Test::FrontRow,
            "support-row" => Test::SupportRow,
            "visible" => Test::Visible,
            "hidden" => Test::Hidden,
            "exhausted" => Test::Exhausted,
            "ready" => Test::Ready,
            "stunned" => Test::Stunned,
            "attacker" => Test::Attacker,
            "defender" => Test::Defender,
            "team-attacker" => Test::TeamAttacker,
            "concealed" => Test::Concealed,
            "yours" => Test::Controlled(Relation::You),
            "opposing" => Test::Controlled(Relation::Opponent),
            "unaffiliated" => Test::Unaffiliated,
            "flight" => Test::Flight,
            "range" => Test::Range,
            "other" => Test::Other,
            "itself" => Test::Itself,
            "marvel" => Test::Marvel,
            "dc" => Test::Dc,
            "different-version" => Test::DifferentVersion,
            "face-up" => Test::FaceUp,
            "chosen-to-play" => Test::ChosenToPlay,
            "in-combat" => Test::InCombat,
            "behind" => Test::Behind,
            "adjacent-resource" => Test::AdjacentResource,
            "illuminati-member" => Test::IlluminatiMember,
            "chosen-identity" => Test::ChosenIdentity,
            "remembered-affiliation" => Test::RememberedAffiliation,
            "owned" => Test::Owned,
            "location" => Test::LocationObject,
            "face-down" => Test::Not(Box::new(Test::FaceUp)),
            "cost-at-least-this" => Test::CostAtLeastThis,
            "hunted" => Test::Hunted,
            "shares-identity" => Test::SharesIdentity,
            "has-attacked" => Test::HasAttacked,
            "has-team-attacked" => Test::HasTeamAttacked,
            "already-attacked" => Test::AlreadyAttacked,
            "has-reinforced" => Test::HasReinforced,
            "that" => Test::That,
            "thats-controllers" => Test::ThatsControllers,
            "adjacent" => Test::Adjacent,
            "character-card" => Test::CardType(CardKind::Character),
            "equipment-card" => Test::CardType(CardKind::Equipment),
            "location-card" => Test::CardType(CardKind::Location),
            "plot-twist-card" => Test::CardType(CardKind::PlotTwist),
            _ => {
                let hint = crossover_diag::did_you_mean(w, TEST_WORDS.iter().copied())
                    .map(|h| format!(" (did you mean `{h}`?)"))
                    .unwrap_or_default();
                return err(s.pos(), format!("`{w}` is not a character test{hint}"));
            }
        }));
    }
    let args = s.args();
    Ok(Some(match (s.head(), args) {
        (Some("cost<="), [n]) => Test::CostAtMost(small(n, "cost")?),
        (Some("cost>="), [n]) => Test::CostAtLeast(small(n, "cost")?),
        (Some("identity"), [n]) => match n.as_str() {
            Some(i) => Test::Identity(i.to_string()),
            None => return err(n.pos(), "`(identity \"Identity\")` takes a quoted identity"),
        },
        (Some("named"), [n]) => match n.as_str() {
            Some(name) => Test::Named(name.to_string()),
            None => return err(n.pos(), "`(named \"Name\")` takes a quoted name"),
        },
        (Some("version"), [v]) => match v.as_str() {
            Some(version) => Test::Version(version.to_string()),
            None => return err(v.pos(), "`(version \"Version\")` takes a quoted version"),
        },
        (Some("affiliation"), list) if !list.is_empty() => {
            let mut a = Affiliations::NONE;
            let mut names = Vec::new();
            for x in list {
                let Some(name) = x.as_str() else {
                    return err(x.pos(), "an affiliation is a quoted name");
                };
                let Some(i) = scope.names.affiliation_index(name) else {
                    return err(x.pos(), "a card pool may use at most 128 affiliations");
                };
                a = a.with(i);
                names.push(name.to_string());
            }
            Test::Affiliation(a, names)
        }
        (Some("trait"), [t]) => match t.as_str() {
            Some(name) => Test::Trait(name.to_string()),
            None => return err(t.pos(), "`(trait \"Mental\")` takes a quoted class or trait"),
        },
        (Some("word"), [w, parts @ ..]) => {
            let Some(word) = w.as_str().filter(|s| !s.trim().is_empty()) else {
                return err(w.pos(), "`(word \"W\" [name] [identity] [text])` takes a quoted word");
            };
            let mut p = WordParts {
                name: parts.is_empty(),
                identity: parts.is_empty(),
                text: parts.is_empty(),
            };
            for x in parts {
                match x.as_atom() {
                    Some("name") => p.name = true,
                    Some("identity") => p.identity = true,
                    Some("text") => p.text = true,
                    _ => return err(x.pos(), "a word is looked for in `name`, `identity` or `text`"),
                }
            }
            Test::Word(word.to_string(), p)
        }
        (Some("keyword"), [k]) => match k.as_atom().and_then(Keyword::from_word) {
            Some(kw) => Test::Keyword(kw),
            None => return err(k.pos(), format!("{} is not a keyword", k.describe())),
        },
        (Some("not"), [t]) => match parse_test(t, scope)? {
            Some(t) => Test::Not(Box::new(t)),
            None => return err(t.pos(), "`(not character)` matches nothing"),
        },
        _ => {
            return err(
                s.pos(),
                format!("expected a character test (a word such as `front-row`, or `(cost<= N)`, `(cost>= N)`, `(named \"N\")`, `(version \"V\")`, `(affiliation \"A\")`, `(keyword K)`, `(not TEST)`), found {}", s.describe()),
            )
        }
    }))
}

pub fn parse_filter(items: &[Sexp], scope: &mut Scope<'_>) -> R<Filter> {
    let mut tests = Vec::new();
    for i in items {
        if let Some(t) = parse_test(i, scope)? {
            tests.push(t);
        }
    }
    Ok(Filter(tests))
}

/// `(target N)`, `this`, `host` or `(each TEST...)`.
pub fn parse_who(s: &Sexp, scope: &mut Scope<'_>) -> R<Who> {
    match (s.as_atom(), s.head()) {
        (Some("this"), _) => Ok(Who::This),
        (Some("host"), _) => Ok(Who::Host),
        (Some("that"), _) => Ok(Who::That),
        (_, Some("target")) => {
            let n = match s.args() {
                [n] => small(n, "a target number")?,
                _ => return err(s.pos(), "write `(target N)`"),
            };
            match scope.targets.get(n as usize) {
                Some(TargetKind::Character(_) | TargetKind::Resource(_)) => Ok(Who::Target(n)),
                Some(TargetKind::Player(_) | TargetKind::Effect(_)) => err(s.pos(), format!("target {n} is not a character")),
                None => err(s.pos(), format!("the effect declares no target {n}: add `(target {n} character ...)` before its steps")),
            }
        }
        (_, Some("each")) => Ok(Who::Each(parse_filter(s.args(), scope)?)),
        (_, Some("paid")) => match s.args() {
            [n] => Ok(Who::Paid(small(n, "a paid card's number")?)),
            _ => err(s.pos(), "write `(paid N)`"),
        },
        (_, Some("chosen")) => match s.args() {
            [n] => Ok(Who::Chosen(small(n, "a choice slot")?)),
            _ => err(s.pos(), "write `(chosen N)`"),
        },
        _ => err(s.pos(), format!("expected the characters a step acts on: `(target N)`, `(chosen N)`, `this`, `host` or `(each TEST...)`, found {}", s.describe())),
    }
}

/// `you`, `each-opponent`, `each-player`, `(target N)` or `(controller-of N)`.
pub fn parse_player(s: &Sexp, scope: &mut Scope<'_>) -> R<PlayerWho> {
    match (s.as_atom(), s.head()) {
        (Some("you"), _) => Ok(PlayerWho::You),
        (Some("each-opponent"), _) => Ok(PlayerWho::EachOpponent),
        (Some("each-player"), _) => Ok(PlayerWho::EachPlayer),
        (Some("controller-of-that"), _) => Ok(PlayerWho::ControllerOfThat),
        (Some("breakthrough-player"), _) => Ok(PlayerWho::BreakthroughPlayer),
        (_, Some(w @ ("target" | "controller-of"))) => {
            let n = match s.args() {
                [n] => small(n, "a target number")?,
                _ => return err(s.pos(), format!("write `({w} N)`")),
            };
            match (w, scope.targets.get(n as usize)) {
                ("target", Some(TargetKind::Player(_))) => Ok(PlayerWho::Target(n)),
                ("controller-of", Some(TargetKind::Character(_) | TargetKind::Resource(_))) => Ok(PlayerWho::ControllerOf(n)),
                (_, None) => err(s.pos(), format!("the effect declares no target {n}")),
                ("target", Some(TargetKind::Character(_) | TargetKind::Resource(_))) => err(s.pos(), format!("target {n} is a card; write `(controller-of {n})` for its controller")),
                (_, Some(TargetKind::Effect(_))) => err(s.pos(), format!("target {n} is an effect, not a player")),
                _ => err(s.pos(), format!("target {n} is a player; write `(target {n})`")),
            }
        }
        _ => err(s.pos(), format!("expected a player: `you`, `each-opponent`, `each-player`, `(target N)` or `(controller-of N)`, found {}", s.describe())),
    }
}

/// A number, `resources-you-control` or `(count TEST...)`.
pub fn parse_amount(s: &Sexp, scope: &mut Scope<'_>) -> R<Amount> {
    match (s.as_int(), s.as_atom(), s.head()) {
        (Some(_), _, _) => Ok(Amount::N(number(s, "an amount")?)),
        (_, Some("resources-you-control"), _) => Ok(Amount::ResourcesYouControl),
        (_, Some("that-much"), _) => Ok(Amount::ThatMuch),
        (_, Some("chosen-number"), _) => Ok(Amount::ChosenNumber),
        (_, _, Some("count")) => Ok(Amount::CountOf(parse_filter(s.args(), scope)?)),
        (_, _, Some("per-paid")) => match s.args() {
            [n] => Ok(Amount::PerPaid(number(n, "an amount per paid card")?)),
            _ => err(s.pos(), "write `(per-paid N)`: N for each card the additional costs were paid with"),
        },
        (_, _, Some("cost-of-paid")) => match s.args() {
            [n] => Ok(Amount::PaidCost(small(n, "a paid card's number")?)),
            _ => err(s.pos(), "write `(cost-of-paid N)`"),
        },
        (_, _, Some("counters")) => match s.args() {
            [name, w] => Ok(Amount::Counters(counter_name(name)?, parse_who(w, scope)?)),
            _ => err(s.pos(), "write `(counters \"NAME\" WHO)`: the NAME counters on WHO (215.1c)"),
        },
        (_, _, Some("endurance")) => match s.args() {
            [p] => Ok(Amount::Endurance(parse_player(p, scope)?)),
            _ => err(s.pos(), "write `(endurance PLAYER)`"),
        },
        (_, _, Some(w @ ("tens-digit" | "ones-digit"))) => match s.args() {
            [a] => Ok(Amount::Digit(
                if w == "tens-digit" { DigitPlace::Tens } else { DigitPlace::Ones },
                Box::new(parse_amount(a, scope)?),
            )),
            _ => err(s.pos(), format!("write `({w} AMOUNT)`")),
        },
        (_, _, Some("printed")) => match s.args() {
            [v, w] => {
                let value = match v.as_atom() {
                    Some("atk") => PrintedValue::Atk,
                    Some("def") => PrintedValue::Def,
                    Some("cost") => PrintedValue::Cost,
                    _ => return err(v.pos(), "write `(printed atk|def|cost WHO)`"),
                };
                Ok(Amount::Printed(value, parse_who(w, scope)?))
            }
            _ => err(s.pos(), "write `(printed atk|def|cost WHO)`: a value printed on the card (Glossary: Printed)"),
        },
        (_, _, Some("cards-in")) => match s.args() {
            [zones, tests @ ..] => {
                let Some(items) = zones.as_list().filter(|l| !l.is_empty()) else {
                    return err(zones.pos(), "write the zones as a list: `(resource-row ko-pile)`");
                };
                let mut list = Vec::new();
                for z in items {
                    let zone = match z.as_atom() {
                        Some("resource-row") => OwnZone::ResourceRow,
                        Some("ko-pile") => OwnZone::KoPile,
                        Some("hand") => OwnZone::Hand,
                        _ => return err(z.pos(), "a zone of yours: resource-row, ko-pile or hand"),
                    };
                    list.push(zone);
                }
                Ok(Amount::CardsIn(list, parse_filter(tests, scope)?))
            }
            _ => err(s.pos(), "write `(cards-in (ZONE...) TEST...)`"),
        },
        _ => err(s.pos(), format!("expected an amount: a number, `resources-you-control`, `(count TEST...)`, `(counters \"NAME\" WHO)`, `(endurance PLAYER)`, `(tens-digit AMOUNT)`, `(ones-digit AMOUNT)` or `(cards-in (ZONE...) TEST...)`, found {}", s.describe())),
    }
}

/// A counter's name (215.1c): a quoted word such as "dream".
pub fn counter_name(s: &Sexp) -> R<String> {
    match s.as_str() {
        Some(n)
            if !n.is_empty()
                && n.len() <= 30
                && n.chars().all(|c| c.is_ascii_lowercase() || c == '-') =>
        {
            Ok(n.to_string())
        }
        _ => err(
            s.pos(),
            "a counter's name is a quoted lower-case word, such as \"dream\"",
        ),
    }
}

/// `this-attack`, `this-turn`, or nothing for the rest of the game (513.2d).
pub fn parse_duration(s: Option<&Sexp>, scope: &mut Scope<'_>) -> R<Duration> {
    let d = match s {
        None => Duration::Game,
        Some(s) => match s.as_atom() {
            Some("this-attack") => Duration::ThisAttack,
            Some("this-turn") => Duration::ThisTurn,
            Some("while-this-exhausted") => Duration::WhileThisExhausted,
            _ => {
                return err(
                    s.pos(),
                    format!(
                        "expected `this-attack`, `this-turn` or `while-this-exhausted`, found {}",
                        s.describe()
                    ),
                )
            }
        },
    };
    scope.durations.push(d);
    Ok(d)
}

pub fn parse_grant(s: &Sexp) -> R<Grant> {
    let w = s.as_atom().unwrap_or("");
    Grant::ALL.into_iter().find(|g| g.word() == w).map_or_else(
        || {
            err(
                s.pos(),
                format!(
                    "expected flight, range, reinforcement, invulnerability, must-attack, team-breakthrough, attack-hidden, attack-protected, attack-as-though-flight, attack-as-though-range or cosmic, found {}",
                    s.describe()
                ),
            )
        },
        Ok,
    )
}

/// `(WORD WHO)`: a step with one argument naming characters.
pub fn one_who(form: &Sexp, word: &str, scope: &mut Scope<'_>) -> R<Who> {
    match form.args() {
        [w] => parse_who(w, scope),
        _ => err(
            form.pos(),
            format!(
                "write `({word} WHO)`, WHO being `(target N)`, `this`, `host` or `(each TEST...)`"
            ),
        ),
    }
}

/// `(WORD PLAYER AMOUNT)`.
pub fn player_and_amount(form: &Sexp, word: &str, scope: &mut Scope<'_>) -> R<(PlayerWho, Amount)> {
    match form.args() {
        [p, n] => Ok((parse_player(p, scope)?, parse_amount(n, scope)?)),
        _ => err(
            form.pos(),
            format!("write `({word} PLAYER AMOUNT)`, e.g. `({word} you 2)`"),
        ),
    }
}

/// A trigger event: enters-play, becomes-stunned, attacks, defends or `(start-of PHASE)`.
pub fn parse_event(s: &Sexp) -> R<Event> {
    Ok(match (s.as_atom(), s.head()) {
        (Some("enters-play"), _) => Event::EntersPlay,
        (Some("becomes-stunned"), _) => Event::BecomesStunned,
        (Some("attacks"), _) => Event::Attacks,
        (Some("team-attacks"), _) => Event::TeamAttacks,
        (Some("defends"), _) => Event::Defends,
        (Some("stuns-a-character"), _) => Event::StunsCharacter,
        (Some("causes-breakthrough"), _) => Event::CausesBreakthrough,
        (Some("leaves-play"), _) => Event::LeavesPlay,
        (Some("readies"), _) => Event::Readies,
        (Some("exhausts"), _) => Event::Exhausts,
        (Some("becomes-powered-up"), _) => Event::BecomesPoweredUp,
        (Some("a-plot-twist-is-played"), _) => Event::PlotTwistPlayed,
        (Some("yours-becomes-powered-up"), _) => Event::YoursPoweredUp,
        (Some("recovers"), _) => Event::Recovers,
        (Some("a-character-leaves-play"), _) => Event::ACharacterLeavesPlay,
        (Some("an-opponent-flips-a-location"), _) => Event::OpponentFlipsLocation,
        (_, Some("adjacent-enters-combat-with")) => match s.args().first().and_then(Sexp::as_atom) {
            Some("flight") => Event::AdjacentEntersCombatWith(Grant::Flight),
            Some("range") => Event::AdjacentEntersCombatWith(Grant::Range),
            _ => return err(s.pos(), "write `(adjacent-enters-combat-with flight|range)`"),
        },
        (_, Some("start-of")) if s.args().first().and_then(Sexp::as_atom) == Some("your-attack-step") => {
            Event::StartOfYourAttackStep
        }
        (_, Some("start-of")) if s.args().first().and_then(Sexp::as_atom) == Some("your-formation-step") => {
            Event::StartOfYourFormationStep
        }
        (_, Some("start-of")) => Event::StartOfPhase(match s.args().first().and_then(Sexp::as_atom) {
            Some("draw-phase") => PhaseWord::Draw,
            Some("build-phase") => PhaseWord::Build,
            Some("combat-phase") => PhaseWord::Combat,
            Some("recovery-phase") => PhaseWord::Recovery,
            _ => return err(s.pos(), "write `(start-of draw-phase|build-phase|combat-phase|recovery-phase)`"),
        }),
        _ => return err(s.pos(), format!("expected an event: enters-play, becomes-stunned, attacks, team-attacks, defends, stuns-a-character, causes-breakthrough, leaves-play, readies, exhausts, becomes-powered-up, yours-becomes-powered-up, recovers, a-character-leaves-play, an-opponent-flips-a-location, a-plot-twist-is-played, `(adjacent-enters-combat-with flight|range)` or `(start-of PHASE|your-attack-step)`; found {}", s.describe())),
    })
}

pub fn parse_cant(s: &Sexp) -> R<Cant> {
    let w = s.as_atom().unwrap_or("");
    Cant::ALL.into_iter().find(|c| c.word() == w).map_or_else(
        || {
            let words: Vec<&str> = Cant::ALL.iter().map(|c| c.word()).collect();
            err(
                s.pos(),
                format!(
                    "expected what is forbidden: {}; found {}",
                    words.join(", "),
                    s.describe()
                ),
            )
        },
        Ok,
    )
}

/// `(target N)` naming an effect target.
pub fn parse_effect_target(s: &Sexp, scope: &mut Scope<'_>) -> R<u8> {
    let n = match (s.head(), s.args()) {
        (Some("target"), [n]) => small(n, "a target number")?,
        _ => return err(s.pos(), "write `(target N)` for an effect target"),
    };
    match scope.targets.get(n as usize) {
        Some(TargetKind::Effect(_)) => Ok(n),
        Some(_) => err(
            s.pos(),
            format!("target {n} is not an effect: declare `(target {n} effect ...)`"),
        ),
        None => err(s.pos(), format!("the effect declares no target {n}")),
    }
}
