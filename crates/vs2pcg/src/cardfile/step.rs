//! Steps of an effect, with the scope of what an effect may refer to (slots, players, rows), and who/player/amount arguments.

use super::*;

pub(super) const STEPS: &[&str] = &["choose", "delayed", "take-subject", "choose-row"];

pub(super) fn parse_steps(items: &[Sexp], scope: &mut Scope, out: &mut Vec<Step>) -> R<()> {
    for item in items {
        parse_step(item, scope, out)?;
    }
    Ok(())
}

pub(super) fn parse_step(form: &Sexp, scope: &mut Scope, out: &mut Vec<Step>) -> R<()> {
    let known = STEPS;
    let (name, name_sexp) = match form {
        Sexp::Atom(..) => (word(form).unwrap(), form),
        Sexp::List(items, _) if !items.is_empty() => match word(&items[0]) {
            Some(w) => (w, &items[0]),
            None => {
                return err(
                    form.pos(),
                    format!(
                        "a step starts with its name, like (stun (chosen 0)); found {}",
                        form.describe()
                    ),
                )
            }
        },
        _ => {
            return err(
                form.pos(),
                format!(
                    "expected a step, like (stun (chosen 0)); found {}",
                    form.describe()
                ),
            )
        }
    };
    if let Some(compiled) = Step::compile(
        &mut crate::verbs::Compiler {
            scope,
            out,
            steps: parse_steps,
        },
        &name,
        form,
    ) {
        return compiled;
    }
    let a = form.args();
    let step = match name.as_str() {
        "choose" => {
            if a.len() < 2 || a.len() > 3 || a[1].as_list().is_none() {
                return err(
                    form.pos(),
                    "`choose` is written (choose SLOT (FILTER...) [(up-to N) | (exactly N)]), like (choose 0 (enemy character))",
                );
            }
            let slot = int_in(&a[0], "a choose slot", 0, MAX_SLOT)? as u8;
            if scope.slots.contains(&slot) {
                return err(
                    a[0].pos(),
                    format!("slot {slot} is already filled by an earlier choose; use another slot"),
                );
            }
            let filter = parse_filter(a[1].as_list().unwrap(), scope)?;
            let (min, max) = match a.get(2) {
                None => (1, 1),
                Some(c) => match head(c).as_deref() {
                    Some("up-to") => (
                        0,
                        int_in(&args_n(c, 1, "(up-to N)")?[0], "up-to", 1, 9)? as u8,
                    ),
                    Some("exactly") => {
                        let n = int_in(&args_n(c, 1, "(exactly N)")?[0], "exactly", 1, 9)? as u8;
                        (n, n)
                    }
                    _ => {
                        return err(
                            c.pos(),
                            format!("expected (up-to N) or (exactly N), found {}", c.describe()),
                        )
                    }
                },
            };
            scope.slots.push(slot);
            Step::Choose {
                slot,
                filter,
                min,
                max,
            }
        }
        "delayed" => return parse_delayed(form, scope, out),
        "choose-row" => {
            let (slot_s, enemy_only) = match a {
                [s] => (s, false),
                [s, e] if word(e).as_deref() == Some("enemy") => (s, true),
                _ => {
                    return err(
                        form.pos(),
                        "`choose-row` is written (choose-row SLOT [enemy]), then (each (in-row SLOT)) names the characters in it",
                    )
                }
            };
            let slot = int_in(slot_s, "a row slot", 0, MAX_SLOT)? as u8;
            if scope.rows.contains(&slot) {
                return err(
                    slot_s.pos(),
                    format!("row slot {slot} is already filled by an earlier choose-row"),
                );
            }
            scope.rows.push(slot);
            Step::ChooseRow { slot, enemy_only }
        }
        _ => {
            let known: Vec<&str> = known.iter().copied().chain(Step::verb_words()).collect();
            return Err(unknown("step", name_sexp, &known));
        }
    };
    out.push(step);
    Ok(())
}

/// `(delayed (on TRIGGER) DURATION [repeat] [(if COND)] [(while COND)] STEP...)`.
pub(super) fn parse_delayed(form: &Sexp, scope: &mut Scope, out: &mut Vec<Step>) -> R<()> {
    let usage = "(delayed (on TRIGGER) DURATION [repeat] [(if COND)] [(while COND)] STEP...)";
    if !scope.has_self {
        return err(
            form.pos(),
            "a delayed trigger watches the power's own character; a plot twist has none",
        );
    }
    let a = form.args();
    let Some(on_form) = a.first().filter(|x| head(x).as_deref() == Some("on")) else {
        return err(form.pos(), format!("say what it waits for: {usage}"));
    };
    let on = parse_trigger_on(on_form, on_form.args())?;
    let Some(d) = a.get(1) else {
        return err(
            form.pos(),
            format!("a delayed trigger needs a duration: {usage}"),
        );
    };
    let duration = duration(d)?;
    if duration == Duration::UntilSourceStunnedOrLeaves {
        return err(
            d.pos(),
            "a delayed trigger lasts this-combat, this-turn, until-start-of-next-turn or permanent",
        );
    }
    let mut rest = &a[2..];
    let mut repeat = false;
    if rest.first().and_then(word).as_deref() == Some("repeat") {
        repeat = true;
        rest = &rest[1..];
    }
    let mut watch = None;
    if let Some(w) = rest.first().filter(|x| head(x).as_deref() == Some("watch")) {
        let who = parse_who(&args_n(w, 1, "(watch WHO)")?[0], scope)?;
        if who == Who::This {
            return err(
                w.pos(),
                "a delayed trigger watches its own character already; (watch ...) names another",
            );
        }
        watch = Some(who);
        rest = &rest[1..];
    }
    // The steps run later in their own frame, with the slots chosen so far.
    let mut inner = Scope::new(true, false);
    inner.slots = scope.slots.clone();
    inner.players = scope.players.clone();
    inner.has_subject = true;
    let (mut if_cond, mut while_cond) = (None, None);
    while let Some(first) = rest.first() {
        match head(first).as_deref() {
            Some("if") if first.args().len() == 1 && if_cond.is_none() => {
                if_cond = Some(parse_cond(&first.args()[0], &inner)?)
            }
            Some("while") if while_cond.is_none() => {
                while_cond = Some(parse_cond(&args_n(first, 1, "(while COND)")?[0], &inner)?)
            }
            _ => break,
        }
        rest = &rest[1..];
    }
    if rest.is_empty() {
        return err(
            form.pos(),
            format!("the delayed trigger has no steps: {usage}"),
        );
    }
    let mut steps = Vec::new();
    parse_steps(rest, &mut inner, &mut steps)?;
    out.push(Step::Delayed {
        on,
        duration,
        repeat,
        if_cond,
        while_cond,
        steps,
        watch,
    });
    Ok(())
}
