//! Steps of an effect: a step's first word names its verb (`verbs/`), which compiles it with the effect's scope (the slots, players and rows earlier steps filled).

use super::*;

pub(super) fn parse_steps(items: &[Sexp], scope: &mut Scope, out: &mut Vec<Step>) -> R<()> {
    for item in items {
        parse_step(item, scope, out)?;
    }
    Ok(())
}

pub(super) fn parse_step(form: &Sexp, scope: &mut Scope, out: &mut Vec<Step>) -> R<()> {
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
    let known: Vec<&str> = Step::verb_words().collect();
    Err(unknown("step", name_sexp, &known))
}
