//! Powers: keyword, Super, triggered, static and Level Up bodies, and what triggers them.

use super::*;

pub(super) fn parse_power(form: &Sexp, card: &CardDef) -> R<Vec<Power>> {
    let args = form.args();
    let name =
        match args.first() {
            Some(Sexp::Str(s, p)) => {
                if s.trim().is_empty() {
                    return err(*p, "a power needs a name");
                }
                s.clone()
            }
            _ => return err(
                form.pos(),
                "a power starts with its printed name in quotes: (power \"Lightning Strike\" ...)",
            ),
        };
    if args.len() < 2 {
        return err(
            form.pos(),
            format!("power \"{name}\" has no body: add (keyword K), (super ...), (trigger ...), (static ...) or (level-up ...)"),
        );
    }
    let mut out = Vec::new();
    for body in &args[1..] {
        let body = parse_body(body, card, &name)?;
        out.push(Power {
            name: name.clone(),
            body,
        });
    }
    Ok(out)
}

pub(super) const BODIES: [&str; 5] = ["keyword", "super", "trigger", "static", "level-up"];

pub(super) fn parse_body(form: &Sexp, card: &CardDef, name: &str) -> R<PowerBody> {
    let Some(h) = head(form) else {
        return err(
            form.pos(),
            format!(
                "power \"{name}\": expected (keyword K), (super ...), (trigger ...), (static ...) or (level-up ...), found {}",
                form.describe()
            ),
        );
    };
    let args = form.args();
    let is_main = matches!(card.kind, CardKind::MainCharacter { .. });
    match h.as_str() {
        "keyword" => Ok(PowerBody::Keyword(keyword(
            &args_n(form, 1, "(keyword K)")?[0],
        )?)),
        "super" => parse_super(form, name).map(PowerBody::Super),
        "trigger" => {
            let (trigger, _) = parse_trigger(form, name, false)?;
            Ok(PowerBody::Triggered(trigger))
        }
        "static" => {
            let mut while_cond = None;
            let mut rest = args;
            if let Some(first) = rest.first() {
                if head(first).as_deref() == Some("while") {
                    let c = args_n(first, 1, "(while COND)")?;
                    while_cond = Some(parse_cond(&c[0], &Scope::new(true, false))?);
                    rest = &rest[1..];
                }
            }
            if rest.len() != 1 {
                return err(
                    form.pos(),
                    format!("power \"{name}\": write (static [(while COND)] STATIC) with exactly one static effect"),
                );
            }
            Ok(PowerBody::Static(Conditional {
                while_cond,
                effect: parse_static(&rest[0])?,
            }))
        }
        "level-up" => {
            if !is_main {
                return err(
                    form.pos(),
                    format!("power \"{name}\": only main characters have Level Up powers"),
                );
            }
            let Some(n) = args.first() else {
                return err(form.pos(), "write (level-up N (on TRIGGER) [(if COND)])");
            };
            let xp = int_in(n, "the XP a Level Up needs", 1, 99)? as u8;
            let (trigger, _) = parse_trigger(form, name, true)?;
            if !trigger.effect.is_empty()
                && !trigger.effect.iter().any(|s| matches!(s, Step::GainXp(_)))
            {
                return err(
                    form.pos(),
                    format!(
                        "power \"{name}\": a Level Up power's steps must give XP with (gain-xp AMOUNT); leave the steps out for 1 XP"
                    ),
                );
            }
            Ok(PowerBody::LevelUp { xp, trigger })
        }
        _ => Err(unknown("power body", &form.as_list().unwrap()[0], &BODIES)),
    }
}

/// `(trigger (on ...) [(if C)] [(while C)] STEP...)` or `(level-up N (on ...) ...)`.
/// Returns the position of the first step for level-ups (which may not have any).
pub(super) fn parse_trigger(
    form: &Sexp,
    name: &str,
    level_up: bool,
) -> R<(Triggered, Option<Pos>)> {
    let args = if level_up {
        &form.args()[1..]
    } else {
        form.args()
    };
    let usage = if level_up {
        "(level-up N (on TRIGGER) [(if COND)] [(while COND)] [STEP...])"
    } else {
        "(trigger (on TRIGGER) [(if COND)] [(while COND)] STEP...)"
    };
    let Some(on_form) = args.first().filter(|a| head(a).as_deref() == Some("on")) else {
        return err(
            form.pos(),
            format!("power \"{name}\": say what it triggers on: {usage}"),
        );
    };
    let on = parse_trigger_on(on_form, on_form.args())?;
    let mut t = Triggered {
        on,
        if_cond: None,
        while_cond: None,
        effect: vec![],
        once_per_turn: Default::default(),
    };
    let mut rest = &args[1..];
    let mut scope = Scope::new(true, false);
    scope.has_subject = true;
    while let Some(first) = rest.first() {
        if !level_up && word(first).as_deref() == Some("once-per-turn") {
            if *t.once_per_turn {
                return err(first.pos(), "`once-per-turn` is written twice");
            }
            t.once_per_turn = crossover_kernel::Added(true);
            rest = &rest[1..];
            continue;
        }
        match head(first).as_deref() {
            Some("if") if first.args().len() == 1 => {
                if t.if_cond.is_some() {
                    return err(
                        first.pos(),
                        "two (if COND) clauses; combine them with (all C1 C2)",
                    );
                }
                t.if_cond = Some(parse_cond(&first.args()[0], &scope)?);
            }
            Some("while") => {
                if t.while_cond.is_some() {
                    return err(
                        first.pos(),
                        "two (while COND) clauses; combine them with (all C1 C2)",
                    );
                }
                t.while_cond = Some(parse_cond(&args_n(first, 1, "(while COND)")?[0], &scope)?);
            }
            _ => break,
        }
        rest = &rest[1..];
    }
    if level_up {
        // With no steps a Level Up gives 1 XP.
        parse_steps(rest, &mut scope, &mut t.effect)?;
        return Ok((t, rest.first().map(Sexp::pos)));
    }
    if rest.is_empty() {
        return err(
            form.pos(),
            format!("power \"{name}\": the trigger has no steps: {usage}"),
        );
    }
    parse_steps(rest, &mut scope, &mut t.effect)?;
    Ok((t, None))
}

pub(super) fn parse_super(form: &Sexp, name: &str) -> R<SuperPower> {
    let args = form.args();
    let Some(t) = args.first() else {
        return err(
            form.pos(),
            format!("power \"{name}\": write (super TIMING (cost SYMBOL...) STEP...)"),
        );
    };
    if head(t).as_deref() == Some("cost") || t.as_str().is_some() {
        return err(
            t.pos(),
            format!("power \"{name}\": the timing comes first: (super main (cost energy) STEP...)"),
        );
    }
    let timing = match t {
        Sexp::List(items, _) => parse_timing_words(t, items)?,
        other => parse_timing_words(other, std::slice::from_ref(other))?,
    };
    let mut sp = SuperPower {
        timing,
        cost: vec![],
        effect: vec![],
        reaction: None,
        only_if: None,
        once_per_game: false,
        start_of_main_only: false,
        any_number_each_turn: Default::default(),
        repeatable: crossover_kernel::Added(false),
        once_per_level: Default::default(),
    };
    let mut cost_seen = false;
    let mut steps: Vec<Sexp> = Vec::new();
    let mut scope = Scope::new(true, false);
    for item in &args[1..] {
        let w = word(item).or_else(|| head(item));
        match w.as_deref() {
            Some("cost") if item.as_list().is_some() => {
                if cost_seen {
                    return err(
                        item.pos(),
                        "the cost is given twice; list every symbol in one (cost ...)",
                    );
                }
                cost_seen = true;
                if item.args().is_empty() {
                    return err(
                        item.pos(),
                        format!("power \"{name}\": a Super Power's cost can't be empty"),
                    );
                }
                for s in item.args() {
                    sp.cost.push(symbol(s)?);
                }
            }
            Some("once-per-game") => sp.once_per_game = true,
            Some("repeatable") => sp.repeatable = crossover_kernel::Added(true),
            Some("start-of-main") => sp.start_of_main_only = true,
            Some("any-number-each-turn") => sp.any_number_each_turn = crossover_kernel::Added(true),
            Some("once-per-level") => sp.once_per_level = crossover_kernel::Added(true),
            Some("only-if") => {
                sp.only_if = Some(parse_cond(&args_n(item, 1, "(only-if COND)")?[0], &scope)?)
            }
            Some("reacts-to") if item.as_list().is_some() => {
                sp.reaction = Some(parse_trigger_on(item, item.args())?);
            }
            _ => steps.push(item.clone()),
        }
    }
    if !cost_seen {
        return err(
            form.pos(),
            format!("power \"{name}\": a Super Power needs a non-empty (cost SYMBOL...), like (cost energy)"),
        );
    }
    match (sp.timing, &sp.reaction) {
        (Timing::Reaction, None) => {
            return err(
                form.pos(),
                format!("power \"{name}\": a reaction needs (reacts-to TRIGGER), like (reacts-to enemy-uses-super-power)"),
            )
        }
        (Timing::Reaction, _) | (_, None) => {}
        (_, Some(_)) => {
            return err(form.pos(), format!("power \"{name}\": only `reaction` powers take (reacts-to ...)"))
        }
    }
    if steps.is_empty() {
        return err(
            form.pos(),
            format!("power \"{name}\": the Super Power has no steps"),
        );
    }
    scope.reacts_to_super = sp.reaction == Some(TriggerOn::EnemyUsesSuperPower)
        || sp.reaction == Some(TriggerOn::YouUseSuperPower);
    parse_steps(&steps, &mut scope, &mut sp.effect)?;
    Ok(sp)
}

pub(super) fn parse_static(s: &Sexp) -> R<Static> {
    const KNOWN: [&str; 18] = [
        "(stats ATK DEF)",
        "double-strike",
        "no-strike-back",
        "grab",
        "(team-up T)",
        "enemy-support-cant-recover",
        "appears-stunned",
        "(copy-team-powers T)",
        "teams-with-main-characters",
        "(grant-keyword K)",
        "(deny-keyword K)",
        "passive",
        "cant-be-attacked",
        "(cant-be-struck-by FILTER-WORD...)",
        "power-up-with-any-character",
        "no-wound-if-stunned-in-combat",
        "enemies-cant-play-plot-twists",
        "(enemies-cant-use-super-powers SYMBOL)",
    ];
    let w = word(s).or_else(|| head(s)).unwrap_or_default();
    let bare = s.as_atom().is_some() || s.args().is_empty();
    let scope = Scope::new(true, false);
    let st = match w.as_str() {
        "double-strike" if bare => Static::DoubleStrike,
        "no-strike-back" if bare => Static::NoStrikeBack,
        "grab" if bare => Static::Grab,
        "enemy-support-cant-recover" if bare => Static::EnemySupportCantRecover,
        "appears-stunned" if bare => Static::AppearsStunned,
        "teams-with-main-characters" if bare => Static::TeamsWithMainCharacters,
        "passive" if bare => Static::Passive,
        "cant-be-attacked" if bare => Static::CantBeAttacked,
        "power-up-with-any-character" if bare => Static::PowerUpWithAnyCharacter,
        "no-wound-if-stunned-in-combat" if bare => Static::NoWoundIfStunnedInCombat,
        "enemies-cant-play-plot-twists" if bare => Static::EnemiesCantPlayPlotTwists,
        "enemies-cant-use-super-powers" => Static::EnemiesCantUseSuperPowers(symbol(
            &args_n(s, 1, "(enemies-cant-use-super-powers SYMBOL)")?[0],
        )?),
        "stats" => {
            let a = args_n(s, 2, "(stats ATK DEF)")?;
            Static::Stats {
                atk: parse_amount(&a[0], &scope, true)?,
                def: parse_amount(&a[1], &scope, true)?,
            }
        }
        "team-up" => Static::TeamUp(team(&args_n(s, 1, "(team-up T)")?[0])?),
        "copy-team-powers" => {
            Static::CopyTeamPowers(team(&args_n(s, 1, "(copy-team-powers T)")?[0])?)
        }
        "grant-keyword" => Static::GrantKeyword(keyword(&args_n(s, 1, "(grant-keyword K)")?[0])?),
        "deny-keyword" => Static::DenyKeyword(keyword(&args_n(s, 1, "(deny-keyword K)")?[0])?),
        "cant-be-struck-by" if !bare => {
            let f = parse_filter(s.args(), &scope)?;
            no_effect_words(&f, s.pos(), "a static power")?;
            Static::CantBeStruckBy(f)
        }
        _ => {
            let names: Vec<&str> = KNOWN.to_vec();
            let mut e = unknown(
                "static effect",
                s.as_list().and_then(|l| l.first()).unwrap_or(s),
                &names,
            );
            if !w.is_empty() && !bare && KNOWN.contains(&w.as_str()) {
                e.msg = format!("`{w}` takes no arguments");
            }
            return Err(e);
        }
    };
    Ok(st)
}
