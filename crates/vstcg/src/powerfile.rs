//! Compiling a card's powers from its card file:
//!
//! ```text
//! (effect [(only your-attack-step)] (target 0 character opposing) (stun (target 0)))
//! (payment (cost activate (pay-endurance 2)) [once-per-turn] [(only build-phase)]
//!   (target 0 character yours) (gets (target 0) 2 0 this-turn))
//! (trigger (on enters-play) (draw you 1))
//! (continuous (stats host 1 1))  (continuous (grant (each yours front-row) flight))
//! ```

use crate::cardfile::{AffiliationNames, CardFileError};
use crate::power::*;
use crate::verbs::{compile_step, Compiler};
use crate::vocab::*;
use crate::words::{err, parse_filter, parse_grant, Scope, TargetKind, R};
use crossover_sexpr::Sexp;

/// The most targets one effect declares.
const MAX_TARGETS: usize = 8;

pub fn parse_power(
    word: &str,
    form: &Sexp,
    names: &mut dyn AffiliationNames,
) -> Result<Power, CardFileError> {
    let args = form.args();
    match word {
        "effect" => {
            let (timing, rest) = take_timing(args)?;
            Ok(Power::Play {
                // 304.9: an ongoing plot twist's effect may be blank.
                effect: parse_effect(rest, names, true)?,
                timing,
            })
        }
        "payment" => {
            let Some((cost, rest)) = args.split_first().filter(|(c, _)| c.head() == Some("cost"))
            else {
                return err(form.pos(), "a payment power starts with its cost: `(payment (cost activate ...) ...)` (501.1)");
            };
            let costs = cost.args().iter().map(parse_cost).collect::<R<Vec<_>>>()?;
            let mut rest = rest;
            let mut once_per_turn = false;
            if let Some((w, r)) = rest.split_first() {
                if w.as_atom() == Some("once-per-turn") {
                    once_per_turn = true;
                    rest = r;
                }
            }
            let (timing, rest) = take_timing(rest)?;
            Ok(Power::Payment {
                costs,
                effect: parse_effect(rest, names, false)?,
                timing,
                once_per_turn,
            })
        }
        "trigger" => {
            let Some((on, rest)) = args.split_first().filter(|(o, _)| o.head() == Some("on"))
            else {
                return err(form.pos(), "a triggered power starts with its event: `(trigger (on enters-play) ...)` (502.1)");
            };
            let event = match on.args() {
                [e] => parse_event(e)?,
                _ => return err(on.pos(), "write `(on EVENT)`"),
            };
            Ok(Power::Trigger {
                event,
                effect: parse_effect(rest, names, false)?,
            })
        }
        _ => {
            let [m] = args else {
                return err(
                    form.pos(),
                    "write `(continuous (stats WHO ATK DEF))` or `(continuous (grant WHO flight))`",
                );
            };
            parse_continuous(m, names).map(Power::Continuous)
        }
    }
}

fn take_timing(args: &[Sexp]) -> R<(Timing, &[Sexp])> {
    match args.split_first() {
        Some((t, rest)) if t.head() == Some("only") => {
            let timing = match t.args().first().and_then(Sexp::as_atom) {
                Some("build-phase") => Timing::BuildPhase,
                Some("combat-phase") => Timing::CombatPhase,
                Some("your-attack-step") => Timing::YourAttackStep,
                _ => return err(t.pos(), "write `(only build-phase)`, `(only combat-phase)` or `(only your-attack-step)`"),
            };
            Ok((timing, rest))
        }
        _ => Ok((Timing::Any, args)),
    }
}

fn parse_cost(s: &Sexp) -> R<CostItem> {
    let n = |s: &Sexp| -> R<u8> {
        match s.args() {
            [n] => match n.as_int() {
                Some(v) if (0..=99).contains(&v) => Ok(v as u8),
                _ => err(n.pos(), "a cost is a number from 0 to 99"),
            },
            _ => err(s.pos(), "write `(pay-endurance N)` or `(pay-rp N)`"),
        }
    };
    match (s.as_atom(), s.head()) {
        (Some("activate"), _) => Ok(CostItem::Activate),
        (Some("stun-this"), _) => Ok(CostItem::StunThis),
        (Some("ko-this"), _) => Ok(CostItem::KoThis),
        (_, Some("pay-endurance")) => Ok(CostItem::PayEndurance(n(s)?)),
        (_, Some("pay-rp")) => Ok(CostItem::PayResourcePoints(n(s)?)),
        _ => err(s.pos(), format!("expected a cost: activate, stun-this, ko-this, `(pay-endurance N)` or `(pay-rp N)`; found {}", s.describe())),
    }
}

fn parse_event(s: &Sexp) -> R<Event> {
    Ok(match (s.as_atom(), s.head()) {
        (Some("enters-play"), _) => Event::EntersPlay,
        (Some("becomes-stunned"), _) => Event::BecomesStunned,
        (Some("attacks"), _) => Event::Attacks,
        (Some("defends"), _) => Event::Defends,
        (_, Some("start-of")) => Event::StartOfPhase(match s.args().first().and_then(Sexp::as_atom) {
            Some("draw-phase") => PhaseWord::Draw,
            Some("build-phase") => PhaseWord::Build,
            Some("combat-phase") => PhaseWord::Combat,
            Some("recovery-phase") => PhaseWord::Recovery,
            _ => return err(s.pos(), "write `(start-of draw-phase|build-phase|combat-phase|recovery-phase)`"),
        }),
        _ => return err(s.pos(), format!("expected an event: enters-play, becomes-stunned, attacks, defends or `(start-of PHASE)`; found {}", s.describe())),
    })
}

fn parse_affects(s: &Sexp, scope: &mut Scope<'_>) -> R<Affects> {
    match (s.as_atom(), s.head()) {
        (Some("this"), _) => Ok(Affects::This),
        (Some("host"), _) => Ok(Affects::Host),
        (_, Some("each")) => Ok(Affects::Each(parse_filter(s.args(), scope)?)),
        _ => err(
            s.pos(),
            format!(
                "expected `this`, `host` or `(each TEST...)`, found {}",
                s.describe()
            ),
        ),
    }
}

fn parse_continuous(m: &Sexp, names: &mut dyn AffiliationNames) -> R<Continuous> {
    let mut durations = Vec::new();
    let mut scope = Scope {
        targets: &[],
        names,
        durations: &mut durations,
    };
    match (m.head(), m.args()) {
        (Some("stats"), [w, a, d]) => {
            let small = |s: &Sexp| match s.as_int() {
                Some(v) if (-99..=99).contains(&v) => Ok(v as i8),
                _ => err(s.pos(), "a stat change is a number from -99 to 99"),
            };
            Ok(Continuous::Stats {
                who: parse_affects(w, &mut scope)?,
                atk: small(a)?,
                def: small(d)?,
            })
        }
        (Some("grant"), [w, g]) => Ok(Continuous::Grant {
            who: parse_affects(w, &mut scope)?,
            grant: parse_grant(g)?,
        }),
        _ => err(m.pos(), "write `(stats WHO ATK DEF)` or `(grant WHO flight|range|reinforcement|invulnerability)`"),
    }
}

/// Targets first, then steps.
pub fn parse_effect(items: &[Sexp], names: &mut dyn AffiliationNames, blank_ok: bool) -> R<Effect> {
    let mut targets = Vec::new();
    let mut rest = items;
    let mut durations = Vec::new();
    while let Some((t, r)) = rest.split_first() {
        if t.head() != Some("target") {
            break;
        }
        let args = t.args();
        let n = args.first().and_then(Sexp::as_int);
        if n != Some(targets.len() as i64) {
            return err(
                t.pos(),
                format!(
                    "targets are numbered from 0 in order: this one should be `(target {} ...)`",
                    targets.len()
                ),
            );
        }
        if targets.len() >= MAX_TARGETS {
            return err(
                t.pos(),
                format!("an effect has at most {MAX_TARGETS} targets"),
            );
        }
        let kind = match args.get(1).and_then(Sexp::as_atom) {
            Some("character") => {
                let mut scope = Scope {
                    targets: &[],
                    names,
                    durations: &mut durations,
                };
                TargetKind::Character(parse_filter(&args[2..], &mut scope)?)
            }
            Some("player") => TargetKind::Player(match args.get(2).and_then(Sexp::as_atom) {
                None => None,
                Some("opponent") => Some(Relation::Opponent),
                Some("you") => Some(Relation::You),
                Some(w) => {
                    return err(
                        t.pos(),
                        format!("`{w}`: a player target may say `opponent` or `you`"),
                    )
                }
            }),
            _ => {
                return err(
                    t.pos(),
                    "write `(target N character TEST...)` or `(target N player [opponent])`",
                )
            }
        };
        targets.push(kind);
        rest = r;
    }
    if rest.is_empty() && !blank_ok {
        return err(
            items.first().map_or_else(Default::default, Sexp::pos),
            "an effect needs at least one step",
        );
    }
    let mut steps = Vec::new();
    let mut compiler = Compiler {
        scope: Scope {
            targets: &targets,
            names,
            durations: &mut durations,
        },
        out: &mut steps,
    };
    for s in rest {
        compile_step(&mut compiler, s)?;
    }
    let attack_only = durations.contains(&Duration::ThisAttack);
    Ok(Effect {
        targets,
        steps,
        attack_only,
    })
}
