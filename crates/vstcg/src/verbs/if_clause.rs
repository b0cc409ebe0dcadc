//! `(if COND (then STEP...) [(otherwise STEP...)])`: an "if" clause (508.2f) and its
//! "otherwise" clause, and "swap" clauses written with "instead" (508.2j: "<action>. If
//! <condition>, instead, <other action>" is the same as an if with an otherwise). The
//! condition is looked at once, as the effect resolves (508.2f, 513.2a); the steps of
//! the clause that applies run, the others are skipped.
//!
//! COND is `initiative` (you have the initiative), `(control TEST...)` (you control a
//! character that passes the tests), `(not COND)` or `(and COND...)`.
//!
//! It compiles to flat steps: an `If` that skips the "then" steps (and the jump after
//! them) when the condition is false, the "then" steps, and, with an otherwise clause,
//! an `If` with no condition that jumps over the "otherwise" steps.

use crate::verbs::{compile_step, Compiler, HostState, Tcg};
use crate::vocab::{Filter, Relation, Test, Who};
use crate::wording::filter;
use crate::words::{err, parse_filter, R};
use crossover_kernel::Seat;
use crossover_sexpr::Sexp;
use crossover_vs_core::Verb;
use serde::{Deserialize, Serialize};

/// What an "if" clause looks at.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Condition {
    /// The effect's controller has the initiative.
    Initiative,
    /// The effect's controller controls a character that passes the filter.
    Control(Filter),
    Not(Box<Condition>),
    And(Vec<Condition>),
}

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct IfClause {
    /// `None`: the end of a "then" clause, jumping over its "otherwise" clause.
    pub condition: Option<Condition>,
    /// The steps skipped when the condition is false (always, for a jump).
    pub skip: u8,
}

fn parse_condition(s: &Sexp, c: &mut Compiler<'_>) -> R<Condition> {
    match (s.as_atom(), s.head()) {
        (Some("initiative"), _) => Ok(Condition::Initiative),
        (_, Some("control")) => {
            let mut f = parse_filter(s.args(), &mut c.scope)?;
            f.0.push(Test::Controlled(Relation::You));
            Ok(Condition::Control(f))
        }
        (_, Some("not")) => match s.args() {
            [inner] => Ok(Condition::Not(Box::new(parse_condition(inner, c)?))),
            _ => err(s.pos(), "write `(not COND)`"),
        },
        (_, Some("and")) if s.args().len() >= 2 => Ok(Condition::And(
            s.args()
                .iter()
                .map(|a| parse_condition(a, c))
                .collect::<R<Vec<_>>>()?,
        )),
        _ => err(
            s.pos(),
            format!(
                "expected a condition: `initiative`, `(control TEST...)`, `(not COND)` or `(and COND COND...)`, found {}",
                s.describe()
            ),
        ),
    }
}

fn condition_text(cond: &Condition) -> String {
    match cond {
        Condition::Initiative => "you have the initiative".into(),
        Condition::Control(f) => {
            let mut f = f.clone();
            f.0.retain(|t| *t != Test::Controlled(Relation::You));
            format!("you control a {}", filter(&f, false))
        }
        Condition::Not(c) => format!("it is not so that {}", condition_text(c)),
        Condition::And(cs) => cs
            .iter()
            .map(condition_text)
            .collect::<Vec<_>>()
            .join(" and "),
    }
}

fn holds(cond: &Condition, g: &HostState) -> bool {
    match cond {
        Condition::Initiative => g.has_initiative(g.controller()),
        Condition::Control(f) => !g.who(&Who::Each(f.clone())).is_empty(),
        Condition::Not(c) => !holds(c, g),
        Condition::And(cs) => cs.iter().all(|c| holds(c, g)),
    }
}

/// Compiles the steps of a clause into `c`, returning how many steps they made.
fn clause(c: &mut Compiler<'_>, form: &Sexp, word: &str) -> R<usize> {
    if form.head() != Some(word) || form.args().is_empty() {
        return err(form.pos(), format!("write `({word} STEP...)`"));
    }
    let start = c.out.len();
    for s in form.args() {
        compile_step(c, s)?;
    }
    Ok(c.out.len() - start)
}

fn small(n: usize, form: &Sexp) -> R<u8> {
    u8::try_from(n)
        .ok()
        .filter(|&n| n <= 40)
        .map_or_else(|| err(form.pos(), "a clause has at most 40 steps"), Ok)
}

impl Verb<Tcg> for IfClause {
    const WORDS: &'static [&'static str] = &["if"];

    fn compile(c: &mut Compiler<'_>, _word: &str, form: &Sexp) -> R<()> {
        let (cond, then, otherwise) = match form.args() {
            [cond, then] => (cond, then, None),
            [cond, then, otherwise] => (cond, then, Some(otherwise)),
            _ => {
                return err(
                    form.pos(),
                    "write `(if COND (then STEP...) [(otherwise STEP...)])`",
                )
            }
        };
        let condition = parse_condition(cond, c)?;
        let at = c.out.len();
        c.push(IfClause {
            condition: None,
            skip: 0,
        });
        let mut skip = clause(c, then, "then")?;
        if let Some(o) = otherwise {
            let jump = c.out.len();
            c.push(IfClause {
                condition: None,
                skip: 0,
            });
            let n = clause(c, o, "otherwise")?;
            c.out[jump] = IfClause {
                condition: None,
                skip: small(n, o)?,
            }
            .into();
            skip += 1;
        }
        c.out[at] = IfClause {
            condition: Some(condition),
            skip: small(skip, form)?,
        }
        .into();
        Ok(())
    }

    fn text(&self) -> String {
        match &self.condition {
            Some(cond) => format!("If {}:", condition_text(cond)),
            None => "Otherwise:".into(),
        }
    }

    fn run(&self, g: &mut HostState) -> Option<Seat> {
        let go_on = self.condition.as_ref().is_some_and(|cond| holds(cond, g));
        if !go_on {
            g.skip_steps(self.skip);
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use crate::testkit::Bench;

    /// The text of an if clause with its otherwise clause.
    #[test]
    fn if_and_otherwise_read_in_order() {
        let (b, pt) = Bench::with_effect(
            "(target 0 character yours) (if initiative (then (gets (target 0) 4 0 this-turn)) (otherwise (gets (target 0) 6 0 this-turn))) (draw you 1)",
            "",
        );
        assert_eq!(
            b.effect_text(pt),
            "Target 0 is a character you control. If you have the initiative: Target 0 gets +4 ATK this turn. Otherwise: Target 0 gets +6 ATK this turn. You draw 1 card."
        );
    }
}
