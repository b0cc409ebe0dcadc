//! Compiling a card's powers from its card file:
//!
//! ```text
//! (effect [(only your-attack-step)] (target 0 character opposing) (stun (target 0)))
//! (payment (cost activate (pay-endurance 2)) [once-per-turn] [(only build-phase)]
//!   (target 0 character yours) (gets (target 0) 2 0 this-turn))
//! (trigger (on enters-play) (draw you 1))
//! (continuous (stats host 1 1))  (continuous (grant (each yours front-row) flight))
//! ```

use crate::power::*;
use crate::verbs::{compile_step, Compiler};
use crate::vocab::*;
use crate::words::{
    err, parse_event, parse_filter, parse_grant, AffiliationNames, CardFileError, Scope,
    TargetKind, R,
};
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
            let (only_if, rest) = take_only_if(rest)?;
            let mut effect = parse_effect(rest, names, true)?;
            effect.only_if_you_control = only_if;
            Ok(Power::Play {
                // 304.9: an ongoing plot twist's effect may be blank.
                effect,
                timing,
            })
        }
        "payment" => {
            let Some((cost, rest)) = args.split_first().filter(|(c, _)| c.head() == Some("cost"))
            else {
                return err(form.pos(), "a payment power starts with its cost: `(payment (cost activate ...) ...)` (501.1)");
            };
            // 203.6c: "reveal N <cards>" is paid with chosen cards, as additional costs are.
            let (reveals, items): (Vec<&Sexp>, Vec<&Sexp>) =
                cost.args().iter().partition(|c| c.head() == Some("reveal"));
            let costs = items.into_iter().map(parse_cost).collect::<R<Vec<_>>>()?;
            let reveals = reveals
                .into_iter()
                .map(|r| parse_reveal_cost(r, names))
                .collect::<R<Vec<_>>>()?;
            let mut rest = rest;
            // 203.10a: `(rather-than COST...)`, an alternate cost.
            let mut alternate = None;
            if let Some((alt, r)) = rest
                .split_first()
                .filter(|(a, _)| a.head() == Some("rather-than"))
            {
                if alt.args().is_empty() {
                    return err(
                        alt.pos(),
                        "write `(rather-than COST...)`: the alternate cost (203.10a)",
                    );
                }
                alternate = Some(alt.args().iter().map(parse_cost).collect::<R<Vec<_>>>()?);
                rest = r;
            }
            let mut once_per_turn = false;
            if let Some((w, r)) = rest.split_first() {
                if w.as_atom() == Some("once-per-turn") {
                    once_per_turn = true;
                    rest = r;
                }
            }
            let (timing, rest) = take_timing(rest)?;
            let (only_if, rest) = take_only_if(rest)?;
            let (only_if_this, rest) = take_only_if_this(rest, names)?;
            let mut effect = parse_effect(rest, names, false)?;
            effect.only_if_you_control = only_if;
            effect.only_if_this = only_if_this;
            effect.costs.splice(0..0, reveals);
            Ok(Power::Payment {
                costs,
                effect,
                timing,
                once_per_turn,
                alternate,
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
            let (when, rest) = take_trigger_when(rest, names)?;
            Ok(Power::Trigger {
                event,
                effect: parse_effect(rest, names, false)?,
                when,
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

/// `[(when COND)] [(double-check COND)] [once-per-turn]` after a trigger's event
/// (502.1a, 502.1c, 502.2a).
fn take_trigger_when<'a>(
    args: &'a [Sexp],
    names: &mut dyn AffiliationNames,
) -> R<(TriggerWhen, &'a [Sexp])> {
    let mut when = TriggerWhen::default();
    let mut rest = args;
    while let Some((w, r)) = rest.split_first() {
        match (w.as_atom(), w.head(), w.args()) {
            (Some("once-per-turn"), _, _) if !when.once_per_turn => when.once_per_turn = true,
            (_, Some("when"), [c]) if when.also.is_none() => {
                when.also = Some(crate::verbs::parse_trigger_condition(c, names)?)
            }
            (_, Some("double-check"), [c]) if when.double_check.is_none() => {
                when.double_check = Some(crate::verbs::parse_trigger_condition(c, names)?)
            }
            (_, Some("when" | "double-check"), _) => {
                return err(w.pos(), "write `(when COND)` or `(double-check COND)` once, with one condition (502.1a, 502.1c)")
            }
            _ => break,
        }
        rest = r;
    }
    Ok((when, rest))
}

/// `(only-if-you-control "NAME")`: "use (play) only if you control NAME" (201.5).
fn take_only_if(args: &[Sexp]) -> R<(Option<String>, &[Sexp])> {
    match args.split_first() {
        Some((t, rest)) if t.head() == Some("only-if-you-control") => match t.args() {
            [n] if n.as_str().is_some() => Ok((n.as_str().map(str::to_string), rest)),
            _ => err(t.pos(), "write `(only-if-you-control \"NAME\")`"),
        },
        _ => Ok((None, args)),
    }
}

/// `(only-if-this TEST...)`: "use only if <this character> is <tests>".
fn take_only_if_this<'a>(
    args: &'a [Sexp],
    names: &mut dyn AffiliationNames,
) -> R<(Option<Filter>, &'a [Sexp])> {
    match args.split_first() {
        Some((t, rest)) if t.head() == Some("only-if-this") => {
            let mut durations = Vec::new();
            let mut scope = Scope {
                targets: &[],
                names,
                durations: &mut durations,
            };
            let f = parse_filter(t.args(), &mut scope)?;
            if f.0.is_empty() {
                return err(
                    t.pos(),
                    "write `(only-if-this TEST...)` with at least one test",
                );
            }
            Ok((Some(f), rest))
        }
        _ => Ok((None, args)),
    }
}

fn take_timing(args: &[Sexp]) -> R<(Timing, &[Sexp])> {
    match args.split_first() {
        Some((t, rest)) if t.head() == Some("only") => {
            let timing = match t.args().first().and_then(Sexp::as_atom) {
                Some("build-phase") => Timing::BuildPhase,
                Some("combat-phase") => Timing::CombatPhase,
                Some("your-attack-step") => Timing::YourAttackStep,
                Some("your-recruit-step") => Timing::YourRecruitStep,
                _ => return err(t.pos(), "write `(only build-phase)`, `(only combat-phase)`, `(only your-attack-step)` or `(only your-recruit-step)`"),
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
        (Some("replace-this"), _) => Ok(CostItem::ReplaceThis),
        (Some("discard-this"), _) => Ok(CostItem::DiscardThis),
        (Some("reveal-this"), _) => Ok(CostItem::RevealThis),
        (_, Some("pay-endurance")) => Ok(CostItem::PayEndurance(n(s)?)),
        (_, Some("pay-rp")) => Ok(CostItem::PayResourcePoints(n(s)?)),
        (_, Some("pay-atk")) => Ok(CostItem::PayAtk(n(s)?)),
        (_, Some("pay-def")) => Ok(CostItem::PayDef(n(s)?)),
        (_, Some("remove-shift-counters")) => Ok(CostItem::RemoveShiftCounters(n(s)?)),
        _ => err(s.pos(), format!("expected a cost: activate, stun-this, ko-this, replace-this, discard-this, reveal-this, `(pay-endurance N)`, `(pay-rp N)`, `(pay-atk N)`, `(pay-def N)` or `(remove-shift-counters N)`; found {}", s.describe())),
    }
}

/// `(reveal N TEST...)` in a payment power's cost: reveal N cards that pass the card
/// tests (203.6c).
fn parse_reveal_cost(s: &Sexp, names: &mut dyn AffiliationNames) -> R<AdditionalCost> {
    let mut durations = Vec::new();
    let mut scope = Scope {
        targets: &[],
        names,
        durations: &mut durations,
    };
    match s.args().split_first() {
        Some((n, tests)) => match n.as_int() {
            Some(v) if (1..=20).contains(&v) => Ok(AdditionalCost::Reveal {
                n: v as u8,
                filter: parse_filter(tests, &mut scope)?,
            }),
            _ => err(n.pos(), "write `(reveal N TEST...)`, N from 1 to 20"),
        },
        None => err(s.pos(), "write `(reveal N TEST...)`"),
    }
}

/// [`parse_affects`], or `(cards TEST...)`: cards in every zone (511.2b).
fn parse_affects_cards(s: &Sexp, scope: &mut Scope<'_>) -> R<Affects> {
    if s.head() == Some("cards") {
        return Ok(Affects::Cards(parse_filter(s.args(), scope)?));
    }
    parse_affects(s, scope)
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

/// 203.7a: `(may COST)`, the replacement cost of "instead, you may COST": `(choose N
/// TEST...)`, `(pay-endurance N)`, `(plus-counters N)` (on this character), `ko-this` or
/// `return-this`.
fn parse_replace_cost(form: &Sexp, scope: &mut Scope<'_>) -> R<ReplaceCost> {
    const HELP: &str = "write `(may COST)` with one replacement cost: `(choose N TEST...)`, `(pay-endurance N)`, `(plus-counters N)`, `ko-this` or `return-this`";
    let [c] = form.args() else {
        return err(form.pos(), HELP);
    };
    let n = |s: &Sexp, lo: i64, hi: i64, what: &str| match s.as_int() {
        Some(v) if (lo..=hi).contains(&v) => Ok(v as u8),
        _ => err(s.pos(), format!("{what} is a number from {lo} to {hi}")),
    };
    match (c.as_atom(), c.head(), c.args()) {
        (Some("ko-this"), _, _) => Ok(ReplaceCost::KoThis),
        (Some("return-this"), _, _) => Ok(ReplaceCost::ReturnThis),
        (_, Some("pay-endurance"), [x]) => Ok(ReplaceCost::PayEndurance(n(
            x,
            1,
            99,
            "the endurance paid",
        )?)),
        (_, Some("plus-counters"), [x]) => {
            Ok(ReplaceCost::PlusCounters(n(x, 1, 9, "the +1/+1 counters")?))
        }
        (_, Some("choose"), [slot, tests @ ..]) => Ok(ReplaceCost::Choose {
            slot: n(slot, 0, 7, "the slot")?,
            filter: parse_filter(tests, scope)?,
        }),
        _ => err(c.pos(), HELP),
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
        (Some("play-from-ko-pile"), tests) => Ok(Continuous::PlayFromKoPile {
            filter: parse_filter(tests, &mut scope)?,
        }),
        (Some("not-unique-across-versions"), tests) => Ok(Continuous::NotUniqueAcrossVersions {
            filter: parse_filter(tests, &mut scope)?,
        }),
        (Some("considered-to-control"), [n]) if n.as_str().is_some() => {
            Ok(Continuous::ConsideredToControl {
                name: n.as_str().unwrap_or_default().to_string(),
            })
        }
        (Some("cant"), [w, what]) => Ok(Continuous::Cant {
            who: parse_affects(w, &mut scope)?,
            what: crate::words::parse_cant(what)?,
        }),
        (Some("crossover"), list) if list.len() >= 2 => {
            let (affiliations, names) = affiliation_list(list, &mut scope)?;
            Ok(Continuous::Crossover {
                affiliations,
                names,
            })
        }
        (Some("gain-affiliation"), [w, list @ ..]) if !list.is_empty() => {
            let who = parse_affects_cards(w, &mut scope)?;
            let (affiliations, names) = affiliation_list(list, &mut scope)?;
            Ok(Continuous::GainAffiliation {
                who,
                affiliations,
                names,
            })
        }
        (Some("lose-affiliations"), [w]) => Ok(Continuous::LoseAffiliations {
            who: parse_affects(w, &mut scope)?,
        }),
        (Some(w @ ("has-name" | "only-name")), [who, list @ ..]) if !list.is_empty() => {
            let who = parse_affects_cards(who, &mut scope)?;
            let mut names = Vec::new();
            for x in list {
                match x.as_str() {
                    Some(n) if !n.trim().is_empty() => names.push(n.to_string()),
                    _ => return err(x.pos(), "a name is a quoted string"),
                }
            }
            Ok(Continuous::Names {
                who,
                names,
                lose: w == "only-name",
            })
        }
        // Glossary Identity: gaining identities.
        (Some("has-identity"), [who, list @ ..]) if !list.is_empty() => {
            let who = parse_affects(who, &mut scope)?;
            let mut identities = Vec::new();
            for x in list {
                match x.as_str() {
                    Some(n) if !n.trim().is_empty() => identities.push(n.to_string()),
                    _ => return err(x.pos(), "an identity is a quoted string"),
                }
            }
            Ok(Continuous::Identities { who, identities })
        }
        (Some("costs-less-per-recruited"), tests) => Ok(Continuous::CostLessPerRecruited {
            filter: parse_filter(tests, &mut scope)?,
        }),
        (Some("equip-only-to"), tests) if !tests.is_empty() => Ok(Continuous::EquipOnlyTo {
            filter: parse_filter(tests, &mut scope)?,
        }),
        (Some("equip-also"), tests) if !tests.is_empty() => Ok(Continuous::EquipAlso {
            filter: parse_filter(tests, &mut scope)?,
        }),
        (Some("concealed-optional-while"), tests) if !tests.is_empty() => {
            Ok(Continuous::ConcealedOptionalWhile {
                filter: parse_filter(tests, &mut scope)?,
            })
        }
        (Some("equip-limit"), [w, n]) => Ok(Continuous::EquipLimit {
            who: parse_affects(w, &mut scope)?,
            n: match n.as_int() {
                Some(v) if (1..=9).contains(&v) => v as u8,
                _ => return err(n.pos(), "an equipment limit is a number from 1 to 9"),
            },
        }),
        (Some("replace"), [ev, w, rest @ ..]) if !rest.is_empty() => {
            let event = match ev.as_atom() {
                Some("become-stunned") => ReplaceEvent::BecomeStunned,
                Some("ko-from-play") => ReplaceEvent::KoFromPlay,
                Some("lose-endurance") => ReplaceEvent::LoseEndurance,
                Some("cause-breakthrough") => ReplaceEvent::CauseBreakthrough,
                Some("ready") => ReplaceEvent::Ready,
                Some("exhaust") => ReplaceEvent::Exhaust,
                Some("first-draw-in-phase") => ReplaceEvent::FirstDrawInPhase,
                Some("become-powered-up") => ReplaceEvent::BecomePoweredUp,
                _ => return err(ev.pos(), "a replacement replaces become-stunned, ko-from-play, lose-endurance, cause-breakthrough, ready, exhaust, first-draw-in-phase or become-powered-up"),
            };
            let (who, player) = if matches!(event, ReplaceEvent::LoseEndurance | ReplaceEvent::FirstDrawInPhase) {
                let rel = match w.as_atom() {
                    Some("you") => Relation::You,
                    Some("opponent") => Relation::Opponent,
                    _ => return err(w.pos(), "whose endurance: `you` or `opponent`"),
                };
                (None, Some(rel))
            } else {
                (Some(parse_affects(w, &mut scope)?), None)
            };
            // 513.5g: "instead, N additional" / "N less": the amount changes.
            if let [form] = rest {
                let change = match (form.head(), form.as_list().map(|l| &l[1..])) {
                    (Some("additional"), Some([n])) if n.as_int().is_some() => {
                        Some((n, AmountChange::Additional as fn(u8) -> AmountChange))
                    }
                    (Some("less"), Some([n])) => Some((n, AmountChange::Less as fn(u8) -> AmountChange)),
                    _ => None,
                };
                if let Some((n, make)) = change {
                    if !matches!(event, ReplaceEvent::LoseEndurance | ReplaceEvent::FirstDrawInPhase) {
                        return err(form.pos(), "only a lose-endurance or first-draw-in-phase replacement has an amount to change (513.5g)");
                    }
                    let n = match n.as_int() {
                        Some(v) if (1..=20).contains(&v) => v as u8,
                        _ => return err(n.pos(), "an additional or less amount is a number from 1 to 20"),
                    };
                    return Ok(Continuous::Replace {
                        event,
                        who,
                        player,
                        steps: Vec::new(),
                        cost: None,
                        amount: Some(make(n)),
                    });
                }
            }
            // 203.7a: "instead, you may COST. If you do, STEPS".
            let (cost, steps) = match rest.split_first() {
                Some((c, steps)) if c.head() == Some("may") => {
                    (Some(parse_replace_cost(c, &mut scope)?), steps)
                }
                _ => (None, rest),
            };
            // Only these events stop for a player's decision while they are replaced
            // (docs/rulings.md, 513.5c): a cost, or steps that ask, need one of them.
            let stops = matches!(
                event,
                ReplaceEvent::BecomeStunned
                    | ReplaceEvent::CauseBreakthrough
                    | ReplaceEvent::BecomePoweredUp
            );
            if cost.is_some() && !stops {
                return err(m.pos(), "only a become-stunned, cause-breakthrough or become-powered-up replacement may have a replacement cost `(may ...)` (docs/rulings.md, 513.5c)");
            }
            let mut out = Vec::new();
            let mut compiler = Compiler {
                scope: Scope {
                    targets: &[],
                    names: &mut *scope.names,
                    durations: &mut *scope.durations,
                },
                out: &mut out,
                depth: 1,
            };
            for s in steps {
                compile_step(&mut compiler, s)?;
            }
            if cost.is_none() && out.is_empty() {
                return err(m.pos(), "write `(replace EVENT WHO [(may COST)] STEP...)`: a replacement without a cost has steps");
            }
            // The other events happen inside others that can't stop for a choice.
            if !stops {
                if let Some(bad) = out.iter().find(|s| s.pauses()) {
                    return err(m.pos(), format!("only a become-stunned, cause-breakthrough or become-powered-up replacement's steps may ask a player to choose (`{}`)", bad.text()));
                }
            }
            // Replacement steps all run: an if clause can't skip any.
            if out.iter().any(|s| matches!(s, crate::verbs::Step::If(_))) {
                return err(m.pos(), "a replacement's steps can't have an if clause");
            }
            Ok(Continuous::Replace { event, who, player, steps: out, cost, amount: None })
        }
        (Some("top-card-revealed"), [w]) => Ok(Continuous::TopCard {
            player: match w.as_atom() {
                Some("you") => Relation::You,
                Some("opponent") => Relation::Opponent,
                _ => return err(w.pos(), "whose deck: `you` or `opponent` (each opponent)"),
            },
            to_all: true,
        }),
        (Some("costs-less"), [n, rest @ ..]) if rest.len() <= 1 => {
            let n = match n.as_int() {
                Some(v) if (1..=20).contains(&v) => v as u8,
                _ => return err(n.pos(), "a cost reduction is a number from 1 to 20"),
            };
            let while_ = match rest.first() {
                None => None,
                Some(w) => Some(parse_while(w)?),
            };
            Ok(Continuous::CostsLess { n, while_ })
        }
        // 510.2b: threshold reductions for flipping.
        (Some("flip-threshold-less"), [w, n, rest @ ..]) if rest.len() <= 1 => {
            let yours = match w.as_atom() {
                Some("this") => false,
                Some("yours") => true,
                _ => return err(w.pos(), "whose flips: `this` (this location) or `yours` (locations you flip)"),
            };
            let n = match n.as_int() {
                Some(v) if (1..=20).contains(&v) => v as u8,
                _ => return err(n.pos(), "a threshold reduction is a number from 1 to 20"),
            };
            let while_ = match rest.first() {
                None => None,
                Some(w) => Some(parse_while(w)?),
            };
            Ok(Continuous::FlipThresholdLess { yours, n, while_ })
        }
        // 203.9a: "to flip, COST".
        (Some("to-flip"), costs) if !costs.is_empty() => {
            let costs = parse_additional_costs(m, &mut *scope.names)?;
            if costs.iter().any(|c| !matches!(c, AdditionalCost::PayEndurance(_))) {
                return err(m.pos(), "a flip's additional cost is `(pay-endurance N)`: flipping asks no choice (docs/cards.md)");
            }
            Ok(Continuous::ToFlip { costs })
        }
        (Some("enters-play-stunned"), [w]) => Ok(Continuous::EntersPlayStunned {
            who: parse_affects(w, &mut scope)?,
        }),
        (Some("cant-target"), [p, w]) => Ok(Continuous::CantTarget {
            player: match p.as_atom() {
                Some("you") => Relation::You,
                Some("opponent") => Relation::Opponent,
                _ => return err(p.pos(), "who can't target: `you` or `opponent` (each opponent)"),
            },
            who: parse_affects(w, &mut scope)?,
        }),
        (Some("cant-be-attacked"), [p]) => Ok(Continuous::PlayerCantBeAttacked {
            player: match p.as_atom() {
                Some("you") => Relation::You,
                Some("opponent") => Relation::Opponent,
                _ => return err(p.pos(), "which player can't be attacked: `you` or `opponent` (each opponent)"),
            },
        }),
        // 500.6b: a payment power given to the characters named.
        (Some("has-power"), [w, p]) => {
            let who = parse_affects(w, &mut scope)?;
            if p.head() != Some("payment") {
                return err(p.pos(), "write `(has-power WHO (payment (cost ...) ...))`: a payment power the characters have (500.6b)");
            }
            let power = parse_power("payment", p, &mut *scope.names)?;
            Ok(Continuous::HasPower {
                who,
                power: Box::new(power.into()),
            })
        }
        (Some("look-at-top-card"), []) => Ok(Continuous::TopCard {
            player: Relation::You,
            to_all: false,
        }),
        _ => err(m.pos(), "write `(stats WHO ATK DEF)`, `(grant WHO flight|range|reinforcement|invulnerability)`, `(cant WHO WHAT)`, `(replace EVENT WHO [(may COST)] STEP...)`, `(top-card-revealed you|opponent)`, `(look-at-top-card)`, `(crossover \"A\" \"B\"...)`, `(gain-affiliation WHO \"A\"...)`, `(lose-affiliations WHO)`, `(equip-only-to TEST...)`, `(equip-limit WHO N)`, `(costs-less N [(while COND)])`, `(enters-play-stunned WHO)`, `(cant-target you|opponent WHO)`, `(cant-be-attacked you|opponent)` or `(has-power WHO (payment ...))`"),
    }
}

/// Quoted affiliation names, as a set and in order (for the text).
fn affiliation_list(list: &[Sexp], scope: &mut Scope<'_>) -> R<(Affiliations, Vec<String>)> {
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
    Ok((a, names))
}

/// `(while (resources you|opponent N))`: you / an opponent control N or more resources
/// (513.1a).
fn parse_while(w: &Sexp) -> R<WhileCond> {
    let bad = || {
        err(
            w.pos(),
            "write `(while (resources you|opponent N))` (while you / an opponent control N or more resources) or `(while (endurance>= N))` (while you have N or more endurance)",
        )
    };
    let [cond] = w.args() else {
        return bad();
    };
    if w.head() == Some("while") && cond.head() == Some("endurance>=") {
        return match cond.args() {
            [n] => match n.as_int() {
                Some(v) if (0..=99).contains(&v) => Ok(WhileCond::Endurance { at_least: v as u8 }),
                _ => bad(),
            },
            _ => bad(),
        };
    }
    if w.head() != Some("while") || cond.head() != Some("resources") {
        return bad();
    }
    let [who, n] = cond.args() else {
        return bad();
    };
    let who = match who.as_atom() {
        Some("you") => Relation::You,
        Some("opponent") => Relation::Opponent,
        _ => return bad(),
    };
    let at_least = match n.as_int() {
        Some(v) if (0..=99).contains(&v) => v as u8,
        _ => return bad(),
    };
    Ok(WhileCond::Resources { who, at_least })
}

/// `(to-play (exhaust N TEST...) (discard N TEST...) (choose N TEST...) (pay-endurance N))`.
fn parse_additional_costs(form: &Sexp, names: &mut dyn AffiliationNames) -> R<Vec<AdditionalCost>> {
    let mut out = Vec::new();
    let mut durations = Vec::new();
    for c in form.args() {
        let n = |s: Option<&Sexp>| -> R<u8> {
            match s.and_then(Sexp::as_int) {
                Some(v) if (0..=20).contains(&v) => Ok(v as u8),
                _ => err(c.pos(), "a cost's count is a number from 0 to 20"),
            }
        };
        let args = c.args();
        let mut scope = Scope {
            targets: &[],
            names: &mut *names,
            durations: &mut durations,
        };
        out.push(match c.head() {
            Some("exhaust") => AdditionalCost::Exhaust {
                n: n(args.first())?,
                filter: parse_filter(args.get(1..).unwrap_or(&[]), &mut scope)?,
            },
            Some("discard") => AdditionalCost::Discard {
                n: n(args.first())?,
                filter: parse_filter(args.get(1..).unwrap_or(&[]), &mut scope)?,
            },
            Some("pay-endurance") => AdditionalCost::PayEndurance(n(args.first())?),
            Some("stun") => AdditionalCost::Stun {
                n: n(args.first())?,
                filter: parse_filter(args.get(1..).unwrap_or(&[]), &mut scope)?,
            },
            Some("discard-up-to") => AdditionalCost::DiscardUpTo {
                n: n(args.first())?,
                filter: parse_filter(args.get(1..).unwrap_or(&[]), &mut scope)?,
            },
            Some("choose") => AdditionalCost::Choose {
                n: n(args.first())?,
                filter: parse_filter(args.get(1..).unwrap_or(&[]), &mut scope)?,
            },
            _ => {
                return err(
                    c.pos(),
                    format!("expected an additional cost: `(exhaust N TEST...)`, `(discard N TEST...)`, `(discard-up-to N TEST...)`, `(choose N TEST...)`, `(stun N TEST...)` or `(pay-endurance N)`; found {}", c.describe()),
                )
            }
        });
    }
    if let Some(i) = out
        .iter()
        .position(|c| matches!(c, AdditionalCost::DiscardUpTo { .. }))
    {
        if i + 1 != out.len() {
            return err(
                form.pos(),
                "`(discard-up-to N TEST...)` is written as the last additional cost",
            );
        }
    }
    Ok(out)
}

/// Additional costs, then targets, then steps.
pub fn parse_effect(items: &[Sexp], names: &mut dyn AffiliationNames, blank_ok: bool) -> R<Effect> {
    let mut targets = Vec::new();
    let mut rest = items;
    let mut durations = Vec::new();
    let mut costs = Vec::new();
    if let Some((first, r)) = rest.split_first() {
        if first.head() == Some("to-play") {
            costs = parse_additional_costs(first, names)?;
            rest = r;
        }
    }
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
            Some("resource") => {
                let mut scope = Scope {
                    targets: &[],
                    names,
                    durations: &mut durations,
                };
                TargetKind::Resource(parse_filter(&args[2..], &mut scope)?)
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
            Some("effect") => TargetKind::Effect(match args.get(2).and_then(Sexp::as_atom) {
                None => EffectTest::Any,
                Some("plot-twist") => EffectTest::PlotTwist,
                Some("non-ongoing-plot-twist") => EffectTest::NonOngoingPlotTwist,
                Some("power-up") => EffectTest::PowerUp,
                Some("character-power") => EffectTest::PowerOf(CardKind::Character),
                Some("equipment-power") => EffectTest::PowerOf(CardKind::Equipment),
                Some("location-power") => EffectTest::PowerOf(CardKind::Location),
                Some("plot-twist-power") => EffectTest::PowerOf(CardKind::PlotTwist),
                Some(w) => {
                    return err(
                        t.pos(),
                        format!("`{w}`: an effect target may say plot-twist, non-ongoing-plot-twist, power-up or CARD-TYPE-power (character-power, equipment-power, location-power, plot-twist-power)"),
                    )
                }
            }),
            _ => {
                return err(
                    t.pos(),
                    "write `(target N character TEST...)`, `(target N resource TEST...)`, `(target N player [opponent])` or `(target N effect [plot-twist])`",
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
        depth: 0,
    };
    for s in rest {
        compile_step(&mut compiler, s)?;
    }
    let attack_only = durations.contains(&Duration::ThisAttack);
    Ok(Effect {
        costs,
        targets,
        steps,
        attack_only,
        only_if_you_control: None,
        only_if_this: None,
    })
}

/// A keyword's power written in the card language (it names no affiliation).
fn keyword_power(src: &str) -> Power {
    struct NoNames;
    impl AffiliationNames for NoNames {
        fn affiliation_index(&mut self, _name: &str) -> Option<usize> {
            None
        }
    }
    let forms = crossover_sexpr::read(src).expect("a keyword's power reads");
    let form = &forms[0];
    let word = form.head().expect("a power form");
    match parse_power(word, form, &mut NoNames) {
        Ok(p) => p,
        Err(e) => panic!("a keyword's power compiles: {e:?}"),
    }
}

/// The powers keywords stand for (706): energize (706.16), evasion (706.5) and
/// cosmic—surge's counter (706.8b), added to the card's powers and shown as the keyword.
pub fn add_keyword_powers(def: &mut crate::model::CardDef) {
    use crate::verbs::{CosmicCounter, Delayed, Ready, Recover};
    let this = || Who::This;
    let add = |def: &mut crate::model::CardDef, k: Keyword, power: Power| {
        def.powers.push(PowerDef {
            power,
            gate: None,
            keyword: Some(k),
            leader: false,
            mode: None,
            works: None,
        });
    };
    if def.has(Keyword::Energize) {
        let effect = Effect {
            costs: Vec::new(),
            targets: Vec::new(),
            steps: vec![Ready { who: this() }.into()],
            attack_only: false,
            only_if_you_control: None,
            only_if_this: None,
        };
        add(
            def,
            Keyword::Energize,
            Power::Trigger {
                event: Event::Defends,
                effect,
                when: TriggerWhen::default(),
            },
        );
    }
    if def.has(Keyword::Evasion) {
        let recover = Delayed {
            event: Event::StartOfPhase(PhaseWord::Recovery),
            this_turn: true,
            steps: vec![Recover { who: this() }.into()],
            watch: None,
            whenever: false,
        };
        let effect = Effect {
            costs: Vec::new(),
            targets: Vec::new(),
            steps: vec![recover.into()],
            attack_only: false,
            only_if_you_control: None,
            only_if_this: None,
        };
        add(
            def,
            Keyword::Evasion,
            Power::Payment {
                costs: vec![CostItem::StunThis],
                effect,
                timing: Timing::Any,
                once_per_turn: false,
                alternate: None,
            },
        );
    }
    // 706.13: "Reveal this card >>> You may return a face-down resource you control to
    // its owner's hand. If you do, put this card face-down into your resource row. Use
    // only if this card is in your hand and only during your recruit step."
    if def.has(Keyword::Terraform) {
        let p = keyword_power(
            "(payment (cost reveal-this) (only your-recruit-step) (return-resource) (if you-did (then (revealed-to-resource-row))))",
        );
        add(def, Keyword::Terraform, p);
    }
    // 706.14: "Reveal this card >>> You may remove from the game a ready character you
    // control with cost greater than or equal to the cost of this card. If you do, put
    // this card into play. ..."
    if def.has(Keyword::Substitute) {
        let p = keyword_power(
            "(payment (cost reveal-this) (only your-recruit-step) (may \"remove from the game a ready character you control with cost greater than or equal to this card's\" 2) (choose 0 ready yours cost-at-least-this) (remove-from-game (chosen 0)) (if you-did (then (revealed-into-play))))",
        );
        add(def, Keyword::Substitute, p);
    }
    // 706.17: "When this card enters play, choose an opposing character. That character
    // becomes hunted by you."
    if def.has(Keyword::Hunter) {
        let p = keyword_power("(trigger (on enters-play) (choose 0 opposing) (hunt (chosen 0)))");
        add(def, Keyword::Hunter, p);
    }
    // 706.4: "At the start of the formation step, you may transfer this card."
    if def.has(Keyword::Transferable) {
        let p = keyword_power("(trigger (on (start-of your-formation-step)) (transfer-this))");
        add(def, Keyword::Transferable, p);
    }
    // 706.18: shift's three payment powers. "Pay 1 or more resource points" is one
    // power per amount, up to the card's cost (706.18b: no more counters than that).
    if def.has(Keyword::Shift) {
        let cost = def.cost().unwrap_or(0);
        let works = |def: &mut crate::model::CardDef, src: String, w: WorksIn| {
            def.powers.push(PowerDef {
                power: keyword_power(&src),
                gate: None,
                keyword: Some(Keyword::Shift),
                leader: false,
                mode: None,
                works: Some(w),
            });
        };
        for n in 1..=cost {
            works(
                def,
                format!("(payment (cost (pay-rp {n})) (remove-shifted {n}))"),
                WorksIn::Hand,
            );
        }
        works(
            def,
            "(payment (cost (pay-rp 1)) (shift-counter))".into(),
            WorksIn::Shifted,
        );
        works(
            def,
            format!("(payment (cost (remove-shift-counters {cost})) (only your-recruit-step) (shift-into-play))"),
            WorksIn::Shifted,
        );
    }
    if def.has(Keyword::CosmicSurge) {
        let effect = Effect {
            costs: Vec::new(),
            targets: Vec::new(),
            steps: vec![CosmicCounter { who: this() }.into()],
            attack_only: false,
            only_if_you_control: None,
            only_if_this: None,
        };
        add(
            def,
            Keyword::CosmicSurge,
            Power::Trigger {
                event: Event::StartOfPhase(PhaseWord::Recovery),
                effect,
                when: TriggerWhen::default(),
            },
        );
    }
}

#[cfg(test)]
mod tests {
    use crate::action::Action;
    use crate::ids::*;
    use crate::state::{Defender, Part, Phase, StepKind};
    use crate::testkit::Bench;

    const CARDS: &str = "
(card x-en \"Spring Guard\" \"\" (character (cost 2) (atk 1) (def 5)) (keywords energize))
(card x-ev \"Slippery One\" \"\" (character (cost 3) (atk 3) (def 3)) (keywords evasion))
(card x-su \"Surging One\" \"\" (character (cost 3) (atk 3) (def 3)) (keywords cosmic-surge))
";

    /// 706.16: energize readies the character whenever it defends.
    #[test]
    fn r706_16_energize_readies_a_defender() {
        let mut b = Bench::new(CARDS);
        let a = b.in_play(0, "trn-007", Row::Front, 0);
        let d = b.in_play(1, "x-en", Row::Front, 0);
        b.g.exhaust(d);
        b.g.part = Part::Step(StepKind::Attack, 0);
        b.act(Action::Propose {
            attacker: a,
            defender: Defender::Character(d),
        });
        b.act(Action::Pass);
        b.act(Action::Pass);
        assert!(b.g.card(d).exhausted);
        assert_eq!(b.g.chain().len(), 1, "energize triggered");
        b.act(Action::Pass);
        b.act(Action::Pass);
        assert!(!b.g.card(d).exhausted);
    }

    /// 706.5: evasion: stun this character (with stun endurance loss) and recover it
    /// at the start of the recovery phase this turn.
    #[test]
    fn r706_5_evasion_stuns_now_and_recovers_at_the_recovery_phase() {
        let mut b = Bench::new(CARDS);
        let c = b.in_play(0, "x-ev", Row::Front, 0);
        let text = crate::text::card_line(b.g.pool(), b.g.def(c));
        assert!(
            text.contains("Evasion") && !text.contains("Stun this character"),
            "{text}"
        );
        b.act(Action::UsePower { card: c, power: 0 });
        assert!(b.g.card(c).stunned);
        assert_eq!(b.g.endurance(0), 47);
        b.act(Action::Pass);
        b.act(Action::Pass);
        b.g.part = Part::Phase(Phase::Recovery);
        b.g.fire_phase(Phase::Recovery);
        b.g.give_priority(0);
        b.act(Action::Pass);
        b.act(Action::Pass);
        assert!(!b.g.card(c).stunned && b.g.card(c).exhausted);
    }

    /// 706.8a–b: cosmic—surge enters with no counter and gains one each recovery phase.
    #[test]
    fn r706_8a_r706_8b_cosmic_surge_gains_its_counter_at_the_recovery_phase() {
        let mut b = Bench::new(CARDS);
        let c = b.in_hand(0, "x-su");
        let pos = Position {
            area: Area::Visible,
            row: Row::Front,
            col: 0,
        };
        b.g.enter_play(c, 0, pos, false);
        assert!(!b.g.card(c).cosmic);
        b.g.part = Part::Phase(Phase::Recovery);
        b.g.fire_phase(Phase::Recovery);
        b.g.give_priority(0);
        b.act(Action::Pass);
        b.act(Action::Pass);
        assert!(b.g.card(c).cosmic);
    }
}
