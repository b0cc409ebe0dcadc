//! The card file format: s-expressions, one `(card ...)` form per card.
//!
//! ```text
//! (card trn-001 "Cadet Vance" "Training Squad"
//!   (character (cost 2) (atk 3) (def 3) (affiliation "Training Squad") range)
//!   (keywords invulnerability (boost 2))
//!   training)
//! (card trn-040 "Drill Sergeant's Whistle" ""
//!   (plot-twist (threshold 1)))
//! ```
//!
//! Types: `(character (cost N|costless|unknown) (atk N) (def N) (affiliation "A")...
//! [flight] [range] [concealed|concealed-optional])`, `(equipment (cost N)
//! [concealed|concealed-optional])`, `(location (threshold N))`, `(plot-twist
//! (threshold N) [ongoing])`. Other forms: `(keywords ...)` (706, 707; `(boost N)` and
//! `(willpower N)` take their number), `(deck-limit N)`, `(unknown cost atk def ...)`
//! for stats our sources don't give (`(unknown type)`: the type written is a stand-in),
//! `(identity "Name")` for a printed identity (201.6), `(unimplemented "needs: ...")`
//! for a power the language can't express yet (the card plays in scenarios with its
//! other powers; deck checks refuse it), `training` for a fictional card.

use crate::model::*;
pub use crate::words::{AffiliationNames, CardFileError};
use crossover_sexpr::{Pos, Sexp};

fn err<T>(pos: Pos, message: impl Into<String>) -> Result<T, CardFileError> {
    Err(CardFileError {
        pos,
        message: message.into(),
    })
}

/// Stats are bytes; a card file is untrusted input.
const MAX_STAT: i64 = 99;

/// Reads every card of a file's text.
pub fn parse_cards(
    src: &str,
    names: &mut dyn AffiliationNames,
) -> Result<Vec<(CardDef, Pos)>, CardFileError> {
    let forms = crossover_sexpr::read(src).map_err(|e| CardFileError {
        pos: e.pos,
        message: e.message,
    })?;
    let mut out = Vec::new();
    for form in &forms {
        if form.head() != Some("card") {
            return err(
                form.pos(),
                format!(
                    "expected a `(card ID \"Name\" \"Version\" ...)` form, found {}",
                    form.describe()
                ),
            );
        }
        out.push((parse_card(form, names)?, form.pos()));
    }
    Ok(out)
}

fn int(s: &Sexp, what: &str) -> Result<u8, CardFileError> {
    match s.as_int() {
        Some(n) if (0..=MAX_STAT).contains(&n) => Ok(n as u8),
        Some(n) => err(
            s.pos(),
            format!("{what} {n} is out of range (0 to {MAX_STAT})"),
        ),
        None => err(
            s.pos(),
            format!("{what} must be a number, found {}", s.describe()),
        ),
    }
}

/// `(word N)` → N.
fn number_form(s: &Sexp, word: &str) -> Result<u8, CardFileError> {
    match s.args() {
        [n] => int(n, word),
        _ => err(s.pos(), format!("`({word} N)` takes one number")),
    }
}

fn parse_card(form: &Sexp, names: &mut dyn AffiliationNames) -> Result<CardDef, CardFileError> {
    let args = form.args();
    let (id, name, version) = match args {
        [id, name, version, ..] => (
            id.as_atom().ok_or_else(|| CardFileError {
                pos: id.pos(),
                message: format!(
                    "a card's id is a word such as `MOR-001`, found {}",
                    id.describe()
                ),
            })?,
            name.as_str().ok_or_else(|| CardFileError {
                pos: name.pos(),
                message: format!(
                    "a card's name is a quoted string, found {}",
                    name.describe()
                ),
            })?,
            version.as_str().ok_or_else(|| CardFileError {
                pos: version.pos(),
                message: format!(
                    "a card's version is a quoted string (\"\" for none), found {}",
                    version.describe()
                ),
            })?,
        ),
        _ => {
            return err(
                form.pos(),
                "a card starts `(card ID \"Name\" \"Version\" ...)`",
            )
        }
    };
    if name.trim().is_empty() {
        return err(args[1].pos(), "a card's name can't be empty");
    }
    let mut def = CardDef {
        id: id.to_string(),
        name: name.to_string(),
        version: version.to_string(),
        ty: CardType::PlotTwist {
            threshold: 0,
            ongoing: false,
        },
        keywords: Keywords::default(),
        boost: 0,
        willpower: 0,
        deck_limit: None,
        training: false,
        unknown: Vec::new(),
        identity: None,
        unimplemented: Vec::new(),
        powers: Vec::new(),
        continuous: false,
        payment: false,
        hand_payment: false,
        triggers: false,
        traits: Vec::new(),
        marvel: false,
        dc: false,
        more_versions: Vec::new(),
    };
    let mut typed = false;
    for item in &args[3..] {
        match (item.as_atom(), item.head()) {
            (Some("training"), _) => def.training = true,
            (_, Some(ty @ ("character" | "equipment" | "location" | "plot-twist"))) => {
                if typed {
                    return err(item.pos(), "a card has one type");
                }
                typed = true;
                def.ty = parse_type(ty, item, names, &mut def.unknown)?;
            }
            (_, Some("keywords")) => parse_keywords(item, &mut def)?,
            (_, Some(w @ ("effect" | "payment" | "trigger" | "continuous"))) => {
                def.powers.push(crate::powerfile::parse_power(w, item, names)?.into());
            }
            // 706.7a, 706.2a, 706.15: text active only with a cosmic counter / when
            // boosted / from an insane deck; 706.10: a leader power (`(cosmic (leader
            // POWER))` is both).
            (_, Some(g @ ("cosmic" | "boost" | "insanity" | "leader"))) => {
                def.powers.push(parse_gated(g, item, names)?);
            }
            // Glossary: During: a power active only during a phase.
            (_, Some("during")) => {
                let [phase, inner] = item.args() else {
                    return err(item.pos(), "write `(during PHASE (POWER ...))`, one power");
                };
                let ph = match phase.as_atom() {
                    Some("draw-phase") => crate::power::PhaseWord::Draw,
                    Some("build-phase") => crate::power::PhaseWord::Build,
                    Some("combat-phase") => crate::power::PhaseWord::Combat,
                    Some("recovery-phase") => crate::power::PhaseWord::Recovery,
                    _ => return err(phase.pos(), "a phase: draw-phase, build-phase, combat-phase or recovery-phase"),
                };
                let Some(w @ ("payment" | "trigger" | "continuous")) = inner.head() else {
                    return err(inner.pos(), "`(during PHASE ...)` holds a payment, trigger or continuous power");
                };
                let mut p: crate::power::PowerDef = crate::powerfile::parse_power(w, inner, names)?.into();
                p.gate = Some(crate::power::Gate::During(ph));
                def.powers.push(p);
            }
            // 508.2h: a modal plot twist effect, one effect per choice of modes.
            (_, Some("modal")) => def.powers.extend(parse_modal(item, names)?),
            (_, Some("identity")) => match item.args() {
                [i] if i.as_str().is_some_and(|s| !s.trim().is_empty()) => {
                    def.identity = i.as_str().map(str::to_string)
                }
                _ => return err(item.pos(), "write `(identity \"Name\")` (201.6)"),
            },
            // A power the card language can't express yet: the mechanic it needs.
            (_, Some("unimplemented")) => match item.args() {
                [n] if n.as_str().is_some_and(|s| !s.trim().is_empty()) => {
                    def.unimplemented.push(n.as_str().unwrap_or_default().to_string())
                }
                _ => {
                    return err(
                        item.pos(),
                        "write `(unimplemented \"needs: what the language lacks\")`",
                    )
                }
            },
            (_, Some("deck-limit")) => def.deck_limit = Some(number_form(item, "deck-limit")?),
            // 202.1a: more printed versions.
            (_, Some("versions")) if !item.args().is_empty() => {
                for v in item.args() {
                    match v.as_str() {
                        Some(s) if !s.trim().is_empty() => def.more_versions.push(s.to_string()),
                        _ => return err(v.pos(), "write `(versions \"V\" ...)`: more printed versions (202.1a)"),
                    }
                }
            }
            // 207: the class tab's class and traits.
            (_, Some("traits")) if !item.args().is_empty() => {
                for t in item.args() {
                    match t.as_str() {
                        Some(s) if !s.trim().is_empty() => def.traits.push(s.to_string()),
                        _ => return err(t.pos(), "write `(traits \"Mutant\" \"Mental\")`: quoted class and trait names (207)"),
                    }
                }
            }
            // 212.2: the brands any printing of the card shows.
            (_, Some("brand")) if !item.args().is_empty() => {
                for b in item.args() {
                    match b.as_atom() {
                        Some("marvel") => def.marvel = true,
                        Some("dc") => def.dc = true,
                        _ => return err(b.pos(), "write `(brand marvel)`, `(brand dc)` or `(brand marvel dc)` (212.2)"),
                    }
                }
            }
            (_, Some("unknown")) => {
                for u in item.args() {
                    let stat = match u.as_atom() {
                        Some("cost") => Unknown::Cost,
                        Some("atk") => Unknown::Atk,
                        Some("def") => Unknown::Def,
                        Some("threshold") => Unknown::Threshold,
                        Some("affiliation") => Unknown::Affiliation,
                        Some("icons") => Unknown::Icons,
                        Some("type") => Unknown::Type,
                        Some("text") => Unknown::Text,
                        _ => {
                            return err(
                                u.pos(),
                                format!(
                                    "unknown stats are cost, atk, def, threshold, affiliation, icons, type or text; found {}",
                                    u.describe()
                                ),
                            )
                        }
                    };
                    if !def.unknown.contains(&stat) {
                        def.unknown.push(stat);
                    }
                }
            }
            _ => {
                return err(
                    item.pos(),
                    format!(
                        "expected a type (character, equipment, location, plot-twist), keywords, a power (effect, payment, trigger, continuous), deck-limit, identity, unimplemented, unknown or training; found {}",
                        item.describe()
                    ),
                )
            }
        }
    }
    def.unknown.sort_by_key(|u| *u as u8);
    def.unknown.dedup();
    crate::powerfile::add_keyword_powers(&mut def);
    def.continuous = def
        .powers
        .iter()
        .any(|p| matches!(p.power, crate::power::Power::Continuous(_)));
    def.payment = def
        .powers
        .iter()
        .any(|p| matches!(p.power, crate::power::Power::Payment { .. }));
    def.triggers = def
        .powers
        .iter()
        .any(|p| matches!(p.power, crate::power::Power::Trigger { .. }));
    def.hand_payment = def.powers.iter().any(|pw| {
        pw.works == Some(crate::power::WorksIn::Hand)
            || matches!(&pw.power, crate::power::Power::Payment { costs, .. } if crate::power::from_hand(costs))
    });
    let is_plot_twist = matches!(def.ty, CardType::PlotTwist { .. });
    if def
        .powers
        .iter()
        .any(|p| matches!(p.power, crate::power::Power::Play { .. }))
        && !is_plot_twist
    {
        return err(form.pos(), format!("card {id}: only a plot twist has an `(effect ...)` it plays (304.3); other cards' effects come from payment or triggered powers"));
    }
    if !typed {
        return err(form.pos(), format!("card {id} has no type: add `(character ...)`, `(equipment ...)`, `(location ...)` or `(plot-twist ...)`"));
    }
    Ok(def)
}

fn concealment(word: &str) -> Option<Concealment> {
    match word {
        "concealed" => Some(Concealment::Concealed),
        "concealed-optional" => Some(Concealment::Optional),
        _ => None,
    }
}

fn parse_type(
    ty: &str,
    form: &Sexp,
    names: &mut dyn AffiliationNames,
    unknown: &mut Vec<Unknown>,
) -> Result<CardType, CardFileError> {
    let mut cost: Option<Cost> = None;
    let (mut atk, mut def, mut threshold) = (None, None, None);
    let mut affiliations = Affiliations::NONE;
    let (mut flight, mut range, mut ongoing) = (false, false, false);
    let mut hidden = Concealment::Visible;
    for item in form.args() {
        match (item.as_atom(), item.head()) {
            (Some("flight"), _) if ty == "character" => flight = true,
            (Some("range"), _) if ty == "character" => range = true,
            (Some("ongoing"), _) if ty == "plot-twist" => ongoing = true,
            (Some(w), _) if concealment(w).is_some() && matches!(ty, "character" | "equipment") => {
                hidden = concealment(w).unwrap_or_default();
            }
            (_, Some("cost")) if matches!(ty, "character" | "equipment") => {
                cost = Some(match item.args() {
                    [c] if c.as_atom() == Some("costless") && ty == "character" => Cost::Costless,
                    [c] if c.as_atom() == Some("unknown") => {
                        unknown.push(Unknown::Cost);
                        Cost::Unknown
                    }
                    _ => Cost::Known(number_form(item, "cost")?),
                });
            }
            (_, Some("atk")) if ty == "character" => atk = Some(number_form(item, "atk")?),
            (_, Some("def")) if ty == "character" => def = Some(number_form(item, "def")?),
            (_, Some("threshold")) if matches!(ty, "location" | "plot-twist") => {
                threshold = Some(number_form(item, "threshold")?)
            }
            (_, Some("affiliation")) if ty == "character" => {
                for a in item.args() {
                    let Some(name) = a.as_str() else {
                        return err(
                            a.pos(),
                            format!("an affiliation is a quoted name, found {}", a.describe()),
                        );
                    };
                    let Some(i) = names.affiliation_index(name) else {
                        return err(a.pos(), "a card pool may use at most 128 affiliations");
                    };
                    affiliations = affiliations.with(i);
                }
            }
            _ => {
                return err(
                    item.pos(),
                    format!("{} is not part of a {ty}'s stats", item.describe()),
                )
            }
        }
    }
    let need = |v: Option<u8>, what: &str, u: Unknown| -> Result<u8, CardFileError> {
        match v {
            Some(n) => Ok(n),
            None if unknown.contains(&u) => Ok(0),
            None => err(
                form.pos(),
                format!("a {ty} needs `({what} N)` (or `(unknown {what})` if no source gives it)"),
            ),
        }
    };
    Ok(match ty {
        "character" => CardType::Character {
            cost: match cost {
                Some(c) => c,
                None if unknown.contains(&Unknown::Cost) => Cost::Unknown,
                None => {
                    return err(
                        form.pos(),
                        "a character needs `(cost N)`, `(cost costless)` or `(cost unknown)`",
                    )
                }
            },
            atk: need(atk, "atk", Unknown::Atk)?,
            def: need(def, "def", Unknown::Def)?,
            affiliations,
            flight,
            range,
            concealment: hidden,
        },
        "equipment" => CardType::Equipment {
            cost: match cost {
                Some(Cost::Known(n)) => n,
                Some(_) => 0,
                None if unknown.contains(&Unknown::Cost) => 0,
                None => return err(form.pos(), "an equipment needs `(cost N)`"),
            },
            concealment: hidden,
        },
        "location" => CardType::Location {
            threshold: need(threshold, "threshold", Unknown::Threshold)?,
        },
        _ => CardType::PlotTwist {
            threshold: need(threshold, "threshold", Unknown::Threshold)?,
            ongoing,
        },
    })
}

fn parse_keywords(form: &Sexp, def: &mut CardDef) -> Result<(), CardFileError> {
    for k in form.args() {
        let (word, number) = match (k.as_atom(), k.head()) {
            (Some(w), _) => (w, None),
            (_, Some(w @ ("boost" | "willpower"))) => (w, Some(number_form(k, w)?)),
            _ => {
                return err(
                    k.pos(),
                    format!("expected a keyword, found {}", k.describe()),
                )
            }
        };
        let Some(kw) = Keyword::from_word(word) else {
            let words: Vec<&str> = Keyword::ALL.iter().map(|k| k.word()).collect();
            let hint = crossover_diag::did_you_mean(word, words.iter().copied())
                .map(|s| format!(" (did you mean `{s}`?)"))
                .unwrap_or_default();
            return err(
                k.pos(),
                format!("`{word}` is not a keyword of 706 or 707{hint}"),
            );
        };
        match (kw, number) {
            (Keyword::Boost, Some(n)) => def.boost = n,
            (Keyword::Willpower, Some(n)) => def.willpower = n,
            (Keyword::Boost | Keyword::Willpower, None) => {
                return err(
                    k.pos(),
                    format!("write `({word} N)`: {word} takes a number"),
                )
            }
            _ => {}
        }
        def.keywords = def.keywords.with(kw);
    }
    Ok(())
}

/// `(modal one|one-or-both [(only TIMING)] (mode TARGETS... STEPS...) ...)`: a modal
/// plot twist effect (508.2h). Targets are numbered across the modes in the file; each
/// choice of modes the player may announce (505.1b) becomes an effect of its own with
/// the chosen modes' targets numbered from 0.
fn parse_modal(
    item: &Sexp,
    names: &mut dyn crate::words::AffiliationNames,
) -> Result<Vec<crate::power::PowerDef>, CardFileError> {
    let args = item.args();
    let or_both = match args.first().and_then(Sexp::as_atom) {
        Some("one") => false,
        Some("one-or-both") => true,
        _ => {
            return err(
                item.pos(),
                "write `(modal one|one-or-both (mode ...) (mode ...))` (508.2h)",
            )
        }
    };
    let mut rest = &args[1..];
    let timing: Vec<Sexp> = match rest.first() {
        Some(t) if t.head() == Some("only") => {
            rest = &rest[1..];
            vec![t.clone()]
        }
        _ => Vec::new(),
    };
    if rest.len() < 2 || rest.len() > 4 || rest.iter().any(|m| m.head() != Some("mode")) {
        return err(
            item.pos(),
            "a modal effect has two to four `(mode TARGETS... STEPS...)` forms",
        );
    }
    if or_both && rest.len() != 2 {
        return err(item.pos(), "\"choose one or both\" has two modes");
    }
    let n = rest.len() as u8;
    let mut choices: Vec<u8> = (0..n).map(|i| 1u8 << i).collect();
    if or_both {
        choices.push(0b11);
    }
    let mut out = Vec::new();
    for chosen in choices {
        // The chosen modes' items, their targets renumbered in order.
        let mut map: Vec<(i64, i64)> = Vec::new();
        for (i, m) in rest.iter().enumerate() {
            if chosen & (1 << i) != 0 {
                for t in m.args().iter().filter(|t| t.head() == Some("target")) {
                    if let Some(k) = t.args().first().and_then(Sexp::as_int) {
                        map.push((k, map.len() as i64));
                    }
                }
            }
        }
        let mut items = vec![Sexp::Atom("effect".into(), item.pos())];
        items.extend(timing.iter().cloned());
        // The chosen modes' targets first, then their steps (505.1c: targets are
        // chosen as the effect is played).
        for targets in [true, false] {
            for (i, m) in rest.iter().enumerate() {
                if chosen & (1 << i) != 0 {
                    items.extend(
                        m.args()
                            .iter()
                            .filter(|x| (x.head() == Some("target")) == targets)
                            .map(|x| renumber_targets(x, &map)),
                    );
                }
            }
        }
        let form = Sexp::List(items, item.pos());
        let mut p: crate::power::PowerDef =
            crate::powerfile::parse_power("effect", &form, names)?.into();
        p.mode = Some(crate::power::ModeTag {
            chosen,
            modes: n,
            or_both,
        });
        out.push(p);
    }
    Ok(out)
}

/// `(target N ...)` and `(controller-of N)` with N mapped to the mode's own numbering.
fn renumber_targets(s: &Sexp, map: &[(i64, i64)]) -> Sexp {
    match s {
        Sexp::List(items, pos) => {
            let renumber = matches!(s.head(), Some("target" | "controller-of"));
            let items = items
                .iter()
                .enumerate()
                .map(|(i, x)| match (renumber, i, x) {
                    (true, 1, Sexp::Int(k, p)) => Sexp::Int(
                        map.iter()
                            .find(|(from, _)| from == k)
                            .map_or(*k, |&(_, to)| to),
                        *p,
                    ),
                    _ => renumber_targets(x, map),
                })
                .collect();
            Sexp::List(items, *pos)
        }
        other => other.clone(),
    }
}

/// `(cosmic POWER)`, `(boost POWER)`, `(leader POWER)`, and a leader power under a
/// cosmic or boost gate: `(cosmic (leader POWER))`.
fn parse_gated(
    g: &str,
    item: &Sexp,
    names: &mut dyn crate::words::AffiliationNames,
) -> Result<crate::power::PowerDef, CardFileError> {
    let [inner] = item.args() else {
        return err(item.pos(), format!("write `({g} (POWER ...))`, one power"));
    };
    let mut p: crate::power::PowerDef = match inner.head() {
        Some(w @ ("payment" | "trigger" | "continuous")) => {
            crate::powerfile::parse_power(w, inner, names)?.into()
        }
        Some("leader") if g != "leader" => parse_gated("leader", inner, names)?,
        _ => {
            return err(
                inner.pos(),
                format!("`({g} ...)` holds a payment, trigger or continuous power"),
            )
        }
    };
    match g {
        "cosmic" => p.gate = Some(crate::power::Gate::Cosmic),
        "boost" => p.gate = Some(crate::power::Gate::Boost),
        "insanity" => p.gate = Some(crate::power::Gate::Insanity),
        _ => p.leader = true,
    }
    Ok(p)
}

#[cfg(test)]
mod tests {
    use crate::db::CardPool;
    use crate::ids::Row;
    use crate::testkit::Bench;

    const MARKED: &str = r#"
(card x-mk "Marked Kick" "" (plot-twist (threshold 0))
  (effect (target 0 character) (stun (target 0)))
  (unimplemented "needs: a trigger when a plot twist is played"))
(card x-id "Anya" "Nightwatch" (character (cost 2) (atk 2) (def 2)) (identity "The Owl"))
"#;

    fn pool(text: &str) -> Result<CardPool, String> {
        let mut pool = CardPool::default();
        pool.add_file("t.cards", text).map_err(|e| e.to_string())?;
        Ok(pool)
    }

    #[test]
    fn unimplemented_and_identity_are_read_shown_and_make_a_card_unplayable() {
        let pool = pool(MARKED).unwrap();
        let mk = pool.def(pool.find_id("x-mk").unwrap());
        assert_eq!(
            mk.unimplemented,
            ["needs: a trigger when a plot twist is played"]
        );
        assert_eq!(mk.powers.len(), 1, "its other powers are compiled");
        let text = crate::text::card_line(&pool, mk);
        assert!(
            text.ends_with("not implemented: needs: a trigger when a plot twist is played"),
            "{text}"
        );
        let why = mk.unplayable().unwrap();
        assert!(
            why.contains(
                "a power is not implemented (needs: a trigger when a plot twist is played)"
            ),
            "{why}"
        );
        let anya = pool.def(pool.find_id("x-id").unwrap());
        assert_eq!(anya.identity.as_deref(), Some("The Owl"));
        assert_eq!(anya.full_name(), "Anya, Nightwatch");
        assert!(crate::text::card_line(&pool, anya).starts_with("Anya <> The Owl, Nightwatch — "));
        assert_eq!(anya.unplayable(), None);
    }

    #[test]
    fn a_marker_needs_its_words_and_unknown_text_is_an_unknown_stat() {
        for bad in [
            r#"(card x "A" "" (plot-twist (threshold 0)) (unimplemented))"#,
            r#"(card x "A" "" (plot-twist (threshold 0)) (unimplemented ""))"#,
            r#"(card x "A" "" (plot-twist (threshold 0)) (unimplemented needs))"#,
            r#"(card x "A" "" (plot-twist (threshold 0)) (identity))"#,
        ] {
            let e = pool(bad).unwrap_err();
            assert!(e.contains("write `("), "{bad}: {e}");
        }
        let p = pool(r#"(card x "A" "" (unknown text threshold) (plot-twist))"#).unwrap();
        let d = p.def(0);
        assert_eq!(d.unknown, [super::Unknown::Threshold, super::Unknown::Text]);
        assert!(d
            .unplayable()
            .unwrap()
            .contains("threshold, full game text"));
    }

    #[test]
    fn a_deck_with_a_marked_card_is_refused_naming_it_and_the_mechanic() {
        let pool = pool(MARKED).unwrap();
        let deck = crate::deckfile::read_deck(&pool, "4 Marked Kick\n4 Anya\n").unwrap();
        let problems: Vec<String> = deck.check(&pool).into_iter().map(|p| p.message).collect();
        let mk: Vec<&String> = problems
            .iter()
            .filter(|m| m.contains("Marked Kick"))
            .collect();
        assert_eq!(mk.len(), 1, "{problems:?}");
        assert!(
            mk[0].contains("needs: a trigger when a plot twist is played"),
            "{}",
            mk[0]
        );
        assert!(!problems.iter().any(|m| m.contains("Anya")), "{problems:?}");
    }

    /// A marked card still plays, with the powers it has.
    #[test]
    fn a_marked_card_plays_its_other_powers() {
        let mut b = Bench::new(MARKED);
        let target = b.in_play(1, "trn-007", Row::Front, 0);
        let kick = b.in_hand(0, "x-mk");
        b.play(kick, &[target]);
        assert!(b.g.card(target).stunned);
    }

    /// A built-in quoted card whose threshold and type no source gives plays in a bench:
    /// Children of the Atom recovers a stunned X-Men character.
    #[test]
    fn a_quoted_card_with_unknown_stats_plays_on_the_bench() {
        let mut b = Bench::new("");
        let cyclops = b.in_play(0, "q-055", Row::Front, 0);
        b.g.stun(cyclops);
        assert!(b.g.card(cyclops).stunned);
        let children = b.in_hand(0, "q-045");
        assert!(b.g.def(children).unplayable().is_some());
        b.play(children, &[cyclops]);
        assert!(!b.g.card(cyclops).stunned);
    }
}
