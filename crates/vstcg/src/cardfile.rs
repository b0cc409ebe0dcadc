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
//! for stats our sources don't give, `training` for a fictional card.

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
        powers: Vec::new(),
        continuous: false,
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
            // 706.7a, 706.2a: text active only with a cosmic counter / when boosted.
            (_, Some(g @ ("cosmic" | "boost"))) => {
                let [inner] = item.args() else {
                    return err(item.pos(), format!("write `({g} (POWER ...))`, one power"));
                };
                let Some(w @ ("payment" | "trigger" | "continuous")) = inner.head() else {
                    return err(inner.pos(), format!("`({g} ...)` holds a payment, trigger or continuous power"));
                };
                let mut p: crate::power::PowerDef = crate::powerfile::parse_power(w, inner, names)?.into();
                p.gate = Some(if g == "cosmic" {
                    crate::power::Gate::Cosmic
                } else {
                    crate::power::Gate::Boost
                });
                def.powers.push(p);
            }
            (_, Some("deck-limit")) => def.deck_limit = Some(number_form(item, "deck-limit")?),
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
                        _ => {
                            return err(
                                u.pos(),
                                format!(
                                    "unknown stats are cost, atk, def, threshold, affiliation, icons or type; found {}",
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
                        "expected a type (character, equipment, location, plot-twist), keywords, a power (effect, payment, trigger, continuous), deck-limit, unknown or training; found {}",
                        item.describe()
                    ),
                )
            }
        }
    }
    crate::powerfile::add_keyword_powers(&mut def);
    def.continuous = def
        .powers
        .iter()
        .any(|p| matches!(p.power, crate::power::Power::Continuous(_)));
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
