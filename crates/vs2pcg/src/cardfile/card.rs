//! A card form: its kind, stats, timings and items.

use super::*;

pub(super) const CARD_ITEMS: &str =
    "(power \"Name\" ...), (effect STEP...), (aka \"Name\"), banned, (omit \"Power\" \"why\")";

pub(super) fn parse_card(form: &Sexp) -> R<Parsed> {
    if head(form).as_deref() != Some("card") {
        return err(
            form.pos(),
            format!(
                "expected a (card NUMBER \"Name\" ...) form, found {}",
                form.describe()
            ),
        );
    }
    let args = form.args();
    let number = match args.first() {
        Some(Sexp::Atom(a, p)) => {
            let ok = a.contains('-')
                && !a.starts_with('-')
                && a.chars().all(|c| c.is_ascii_alphanumeric() || c == '-');
            if !ok {
                return err(
                    *p,
                    format!("`{a}` is not a card number; write the set and number, like mnb-021"),
                );
            }
            a.clone()
        }
        Some(other) => {
            return err(
                other.pos(),
                format!(
                    "a card starts with its number, like (card mnb-021 \"Thor\" ...), found {}",
                    other.describe()
                ),
            )
        }
        None => {
            return err(
                form.pos(),
                "an empty (card) form: write (card NUMBER \"Name\" KIND ...)",
            )
        }
    };
    let name = match args.get(1) {
        Some(Sexp::Str(s, p)) => {
            if s.trim().is_empty() {
                return err(*p, format!("card {number} has an empty name"));
            }
            s.clone()
        }
        Some(other) => {
            return err(
                other.pos(),
                format!(
                    "card {number}: the card name comes second, in quotes, found {}",
                    other.describe()
                ),
            )
        }
        None => {
            return err(
                form.pos(),
                format!("card {number} has no name: write (card {number} \"Name\" ...)"),
            )
        }
    };
    let Some(kind_form) = args.get(2) else {
        return err(
            form.pos(),
            format!("card {number} has no kind: {KINDS_HELP}"),
        );
    };
    let mut def = CardDef {
        number: number.clone(),
        name,
        aka: None,
        kind: CardKind::Supporting,
        cost: None,
        atk: 0,
        def: 0,
        health: 0,
        teams: vec![],
        triple_team: false,
        timing: None,
        symbols: vec![],
        powers: vec![],
        effect: vec![],
        levels: vec![],
        banned: false,
        pile: false,
        source: String::new(),
        omitted: Default::default(),
    };
    let levels_pos = parse_kind(kind_form, &mut def)?;
    let mut omitted = Vec::new();
    let mut effect_seen: Option<Pos> = None;
    for item in &args[3..] {
        match (word(item), head(item)) {
            (Some(w), _) if w == "banned" => def.banned = true,
            (Some(w), _) if w == "pile" => def.pile = true,
            (_, Some(h)) if h == "banned" && item.args().is_empty() => def.banned = true,
            (_, Some(h)) if h == "power" => {
                if !(def.is_character() || def.kind == CardKind::Equipment) {
                    return err(
                        item.pos(),
                        format!(
                            "card {number}: only characters and equipment have powers; a plot twist's instructions go in (effect STEP...)"
                        ),
                    );
                }
                let powers = parse_power(item, &def)?;
                def.powers.extend(powers);
            }
            (_, Some(h)) if h == "effect" => {
                if def.kind != CardKind::PlotTwist {
                    return err(
                        item.pos(),
                        format!(
                            "card {number}: only plot twists have an (effect ...); put a character's abilities in (power \"Name\" ...)"
                        ),
                    );
                }
                if effect_seen.is_some() {
                    return err(
                        item.pos(),
                        format!("card {number} has two (effect ...) forms; merge them"),
                    );
                }
                effect_seen = Some(item.pos());
                let mut scope = Scope::new(false, false);
                if item.args().is_empty() {
                    return err(
                        item.pos(),
                        format!("card {number}: (effect) needs at least one step"),
                    );
                }
                parse_steps(item.args(), &mut scope, &mut def.effect)?;
            }
            (_, Some(h)) if h == "aka" => {
                match args_n(item, 1, "(aka \"Other Name\")")?[0].as_str() {
                    Some(s) if !s.trim().is_empty() => def.aka = Some(s.to_string()),
                    _ => {
                        return err(
                            item.pos(),
                            "write the other name in quotes: (aka \"Ms. Marvel\")",
                        )
                    }
                }
            }
            (_, Some(h)) if h == "omit" => {
                let a = item.args();
                match (
                    a.first().and_then(Sexp::as_str),
                    a.get(1).and_then(Sexp::as_str),
                    a.len(),
                ) {
                    (Some(p), Some(why), 2) if !why.trim().is_empty() => {
                        omitted.push(p.to_string())
                    }
                    _ => {
                        return err(
                            item.pos(),
                            "write (omit \"Power Name\" \"why it can't be expressed\")",
                        )
                    }
                }
            }
            _ => {
                return err(
                    item.pos(),
                    format!(
                        "card {number}: unexpected {}; a card takes {CARD_ITEMS}",
                        item.describe()
                    ),
                )
            }
        }
    }
    // A Facehugger-pile card is revealed, never played: it has no effect of its own. A
    // plot twist whose effect is not yet written says so with an (omit ...).
    if def.kind == CardKind::PlotTwist && def.effect.is_empty() && !def.pile && omitted.is_empty() {
        return err(
            form.pos(),
            format!("plot twist {number} needs an (effect STEP...)"),
        );
    }
    def.omitted = Unwritten(omitted.clone());
    Ok(Parsed {
        def,
        file: String::new(),
        pos: form.pos(),
        levels_pos,
        omitted,
    })
}

pub(super) const KINDS_HELP: &str = "write (main LEVEL ...), (supporting ...), (plot-twist ...), (equipment ...), (location SYMBOL...) or (special-location (team T) SYMBOL...) after the name";

/// Parse the kind form into `def`; returns where `(levels ...)` was (or the kind form).
pub(super) fn parse_kind(form: &Sexp, def: &mut CardDef) -> R<Pos> {
    let number = def.number.clone();
    let Some(kind) = head(form) else {
        return err(
            form.pos(),
            format!("card {number}: {KINDS_HELP}; found {}", form.describe()),
        );
    };
    let mut items = form.args();
    def.kind = match kind.as_str() {
        "main" => {
            let Some(first) = items.first() else {
                return err(
                    form.pos(),
                    format!("main character {number} needs a level: (main 1 ...)"),
                );
            };
            let level = int_in(first, "a main character's level", 1, 3)? as u8;
            items = &items[1..];
            CardKind::MainCharacter { level }
        }
        "supporting" => CardKind::Supporting,
        "plot-twist" => CardKind::PlotTwist,
        "equipment" => CardKind::Equipment,
        "location" => CardKind::Location,
        "special-location" => CardKind::SpecialLocation,
        _ => {
            return Err(unknown(
                "card kind",
                &form.as_list().unwrap()[0],
                &[
                    "main",
                    "supporting",
                    "plot-twist",
                    "equipment",
                    "location",
                    "special-location",
                ],
            ))
        }
    };
    let is_char = matches!(
        def.kind,
        CardKind::MainCharacter { .. } | CardKind::Supporting
    );
    let is_loc = matches!(def.kind, CardKind::Location | CardKind::SpecialLocation);
    let allowed: &[&str] = match def.kind {
        CardKind::MainCharacter { .. } => {
            &["atk", "def", "health", "team", "levels", "flight", "ranged"]
        }
        CardKind::Supporting => &["cost", "atk", "def", "health", "team", "flight", "ranged"],
        CardKind::PlotTwist => &["timing", "team", "triple-team"],
        CardKind::Equipment => &["cost", "team"],
        CardKind::Location => &["SYMBOL"],
        CardKind::SpecialLocation => &["team", "SYMBOL"],
    };
    let mut seen: Vec<String> = Vec::new();
    let mut levels_pos = form.pos();
    let (mut atk, mut dfn, mut health) = (None, None, None);
    for item in items {
        let key = match item {
            Sexp::Atom(..) => word(item).unwrap(),
            Sexp::List(..) => head(item).unwrap_or_default(),
            _ => String::new(),
        };
        let is_symbol = is_loc
            && item.as_atom().is_some()
            && !["flight", "ranged", "triple-team"].contains(&key.as_str());
        let slot = if is_symbol { "SYMBOL" } else { key.as_str() };
        if !allowed.contains(&slot) {
            return err(
                item.pos(),
                format!(
                    "({kind} ...) doesn't take {}; it takes: {}",
                    item.describe(),
                    allowed
                        .iter()
                        .map(|a| match *a {
                            "flight" | "ranged" | "triple-team" => a.to_string(),
                            "SYMBOL" =>
                                "power symbols (energy intellect might skill alien humanity)"
                                    .to_string(),
                            "team" => "(team T...)".to_string(),
                            "levels" => "(levels NUMBER...)".to_string(),
                            "timing" => "(timing ...)".to_string(),
                            other => format!("({other} N)"),
                        })
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            );
        }
        if slot != "SYMBOL" {
            if seen.contains(&key) {
                return err(item.pos(), format!("card {number}: `{key}` is given twice"));
            }
            seen.push(key.clone());
        }
        match slot {
            "SYMBOL" => {
                let s = symbol(item)?;
                if def.symbols.contains(&s) {
                    return err(
                        item.pos(),
                        format!("card {number}: power symbol `{key}` is listed twice"),
                    );
                }
                def.symbols.push(s);
            }
            "flight" => def.powers.push(Power {
                name: "Flight".into(),
                body: PowerBody::Keyword(Keyword::Flight),
            }),
            "ranged" => def.powers.push(Power {
                name: "Ranged".into(),
                body: PowerBody::Keyword(Keyword::Ranged),
            }),
            "triple-team" => def.triple_team = true,
            "cost" => def.cost = Some(u8_of(&args_n(item, 1, "(cost N)")?[0], "a cost")?),
            "atk" => atk = Some(int_in(&args_n(item, 1, "(atk N)")?[0], "ATK", 0, 99)? as i32),
            "def" => dfn = Some(int_in(&args_n(item, 1, "(def N)")?[0], "DEF", 0, 99)? as i32),
            "health" => {
                health = Some(int_in(&args_n(item, 1, "(health N)")?[0], "health", 1, 99)? as i32)
            }
            "team" => {
                if item.args().is_empty() {
                    return err(
                        item.pos(),
                        "(team) needs at least one team, like (team avengers)",
                    );
                }
                if !is_char && item.args().len() > 1 {
                    return err(
                        item.pos(),
                        format!("card {number}: only characters can have more than one team"),
                    );
                }
                for t in item.args() {
                    let t = team(t)?;
                    if !def.teams.contains(&t) {
                        def.teams.push(t);
                    }
                }
            }
            "levels" => {
                levels_pos = item.pos();
                for n in item.args() {
                    match n {
                        Sexp::Atom(a, _) => def.levels.push(a.clone()),
                        other => {
                            return err(
                                other.pos(),
                                format!(
                                    "(levels ...) lists card numbers like mnb-002, found {}",
                                    other.describe()
                                ),
                            )
                        }
                    }
                }
            }
            "timing" => def.timing = Some(parse_timing_words(item, item.args())?),
            _ => unreachable!(),
        }
    }
    if is_char {
        for (v, f) in [(atk, "atk"), (dfn, "def"), (health, "health")] {
            if v.is_none() {
                return err(form.pos(), format!("card {number} has no ({f} N)"));
            }
        }
        def.atk = atk.unwrap();
        def.def = dfn.unwrap();
        def.health = health.unwrap();
    }
    match def.kind {
        CardKind::Supporting if def.cost.is_none() => {
            return err(form.pos(), format!("card {number}: a supporting character needs (cost N)"))
        }
        CardKind::Equipment if def.cost.is_none() => {
            return err(form.pos(), format!("card {number}: equipment needs (cost N)"))
        }
        CardKind::PlotTwist if def.timing.is_none() => {
            return err(
                form.pos(),
                format!("plot twist {number} needs a timing, like (timing main) or (timing combat any-turn)"),
            )
        }
        CardKind::PlotTwist if def.timing == Some(Timing::Reaction) => {
            return err(form.pos(), format!("plot twist {number}: plot twists can't have reaction timing"))
        }
        CardKind::Location | CardKind::SpecialLocation if def.symbols.is_empty() => {
            return err(
                form.pos(),
                format!("location {number} needs at least one power symbol, like ({kind} might)"),
            )
        }
        CardKind::SpecialLocation if def.teams.is_empty() => {
            return err(form.pos(), format!("special location {number} needs (team T)"))
        }
        _ => {}
    }
    Ok(levels_pos)
}
