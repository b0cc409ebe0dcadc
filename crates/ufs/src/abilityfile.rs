//! The card language's abilities: reading `(enhance ...)` forms into [`Ability`] and
//! writing them back.
//!
//! ```text
//! (enhance  [RESTRICTION...] [(cost PART...)] STEP...)
//! (form     [RESTRICTION...] [(cost PART...)] STEP...)
//! (response TRIGGER [RESTRICTION...] [(cost PART...)] STEP...)
//! (continuous TRIGGER [(only-playable face-up-in-momentum|ready-in-staging|in-hand)] STEP...)
//!     ; H.6: fires while the card is in your card pool (or face up in your momentum,
//!     ; ready in your staging area, in your hand)
//! (static RULE [(while COND...)])
//!     ; H.6: a static effect in force while the card is in your card pool or staging area
//! RULE = (hand-size N) | (reduce-damage-taken N) | may-stay-committed
//!      | completely-blocked-half-damage | (additional-cost (discard-momentum N))
//!      | blocks-ranged-without-check   ; works from hand
//! RESTRICTION = (only "CHARACTER NAME"...) | (only-playable COND)
//!             | combo (H.3.1.2: only when the card's Combo keyword is met, I.3.3.2)
//!             | playable-while-committed (H.3.3.2) | playable-by-either-player (H.3.3.3)
//!             | playable-by-each-player-once (each player, once per Enhance Step)
//!             | (x-at-most AMOUNT)   ; the most X may be chosen as
//! TRIGGER = (after-check WHO CHECKED) | (after-check-fails WHO N) | (after-block WHO)
//!         | after-block-with-this | (after-block-fails WHO)
//!         | (after-lose-vitality WHO [from-opponents-attack | from-opponent])
//!         | (after-take-damage WHO)
//!         | (after-pass-form WHO) | (after-draw-step WHO) | (after-ready-phase WHO)
//!         | after-ready-this | (after-discard-by-your-effect WHO) | (before-form WHO)
//!         | (after-deals-damage WHO [reversal | taken-card]) | (either-of TRIGGER TRIGGER)
//!         | (after-plays-attack WHO) | (after-check-passes WHO) | (after-draws WHO)
//!         | (after-gains-momentum WHO) | (end-phase WHO) | (attack-begins WHO)
//!         | after-opponent-destroys-yours | (after-check-fails-by-more WHO N)
//!         | (to-play-attack TRIGGER) | (after-adds-attacks-without-check WHO)
//!         | (before-draw WHO) | (after-plays-card-matching-symbols WHO N)
//!         | (before-momentum-cost WHO) | before-block-with-this | (before-draw-step WHO)
//!   (to-play-attack narrows a check, check-fails or check-passes condition;
//!   after-lose-vitality also takes from-blocked-attack; after-check-fails takes N or any)
//! CHECKED = any | N | (at-most N) | (at-least N) | chosen
//! PART   = commit | destroy | (discard-momentum N) | (discard N) | (remove-top-of-deck N)
//!        | (remove-momentum N) | (remove-tokens HOLDER KIND N|x) | (place-tokens HOLDER KIND N)
//!        | (remove-from-hand N|x) | (remove-from-discard N) | remove-hand
//!        | destroy-foundation | (commit-foundations N|x) | remove-this | (discard x)
//!        | (discard-momentum x) | (reveal-from-hand KIND|any) | reveal-top-of-deck
//! STEP   = (gets ATTACK [(speed N)] [(damage N | -N | hand-size | (minus hand-size))]
//!              [(at-least N)])
//!        | (draw WHO AMOUNT) | (discard-random WHO AMOUNT) | (discard-momentum WHO AMOUNT)
//!        | (discard WHO AMOUNT) | (remove-from-hand WHO AMOUNT)
//!        | (remove-top-of-deck WHO AMOUNT [up-to])
//!        | (gain-vitality WHO AMOUNT) | (lose-vitality WHO AMOUNT [(not-below N)])
//!        | (take-damage WHO AMOUNT)
//!        | re-check | checked-card-to-hand | (check-gets N) | check-succeeds
//!        | (next-card-difficulty WHO N)
//!        | (if COND STEP...) | (if-deals-damage [your-attack] STEP...) | (if-no-damage STEP...)
//!        | (if-you-block STEP...) | (if-deals-damage-or-blocked STEP...)
//!        | (if-it-or-a-copy-deals-damage STEP...)   (I.3.8.3: the attack or a multiple copy)
//!        | (if-deals-damage-at-least N STEP...) | gauge-search   (I.3.7.1 Gauge)
//!        | (may WHO STEP... [(otherwise STEP...)]) | (either (STEP...) (STEP...)...)
//!        | (x AMOUNT) | choose-zone | name-card-type
//!        | (removed-to-hand AMOUNT|all [up-to] [KIND | named-type])
//!        | (removed-to-deck-bottom AMOUNT [KIND])
//!        | (place-tokens HOLDER KIND AMOUNT) | (remove-tokens HOLDER KIND|any AMOUNT|all)
//!        | (move this-card discard|removed) | (unblockable ATTACK)
//!        | (no-block-sharing-symbols ATTACK) | (reveal-hand WHO)
//!        | (discard-random-blocking WHO AMOUNT) | (next-attack-gains ABILITY)
//!        | another-block | reversal-as-if-blocked | no-cards-to-hand-in-combat
//!        | (play-top-as-attack (zone Z) (difficulty N) (speed N) (damage N) [no-momentum])
//!        | (detached TRIGGER [once] [(until your-next-turn | opponents-next-turn-ends)]
//!                    [(ends-on TRIGGER)] STEP...)
//!        | (momentum-face-up this-card) | (remove-from-discard WHO AMOUNT [KIND])
//!        | (choose-number LO HI) | (hand-to-momentum WHO AMOUNT) | (deck-to-momentum WHO AMOUNT)
//!        | (destroy-one KIND|any [WHO]) | (discard-from-card-pool WHO)
//!        | (reveal-from-hand KIND) | no-momentum-in-combat
//!        | choose-symbol | (no-commit-chosen-symbol-to-block ATTACK) | cancel-its-effects
//!        | (commit-one WHO) | (commit-foundations WHO N)
//!        | (all-from-discard WHO KIND|any hand|removed)
//!        | (discard-as-momentum KIND|any)   ; for the momentum cost about to be paid
//!        | (that-player STEP...)   ; the player the event names does these, as "you"
//!        | (play-as-though-in-hand HOLDER)   ; K.3.17, for the rest of the turn (UFS-34)
//!        | (block-zone HOLDER ZONE) | (no-draws WHO)   ; no-draws: for the rest of the turn
//!        | (first-form HOLDER)   ; played as the first form, no check (UFS-35)
//!   (move also takes hand, staging and card-pool (from hand); reveal-from-hand defines X as
//!   the number revealed)
//! ATTACK = this-attack | your-attack | (your-attack TRAIT)
//! WHO    = you | opponent | each-player
//! HOLDER = this-card | your-character | each-staging-card (steps only) | taken-card
//!        | revealed-card   ; the card the cost revealed
//! KIND   = defense | balance | siegfried (tokens); attack | foundation | action | asset
//!        | reversal | same-type | (control-at-most N) | (control N) | named-type (cards)
//! AMOUNT = N | x | (momentum WHO) | hand-size | hand-lead | vitality-lost | (cards-in-hand WHO)
//!        | (tokens HOLDER [KIND]) | (reversals-in-card-pool WHO)
//!        | (paid control|difficulty) | (half-momentum WHO) | attacks-dealt-damage
//!        | half-printed-damage | over-hand-size
//! COND   = (damage-below N) | (your-attack-has-symbol SYMBOL) | played-as-reversal
//!        | no-card-to-hand-this-combat | no-reversal-in-hand | face-up-in-momentum
//!        | (checked CHECKED) | more-momentum | more-cards-in-hand | (played-control N)
//!        | fewer-in-staging | this-committed | in-staging | blocking-this-attack
//!        | opponents-attack | (at-least AMOUNT N) | (any COND COND...)
//!        | (checked-to-play-this-attack N) | (no-tokens HOLDER [KIND]) | (all COND COND...)
//!        | no-first-form | in-hand (only as a continuous ability's restriction)
//! ```

use crate::ability::*;
use crate::cardfile::CardError;
use crate::model::{Keyword, Symbol, Zone};
use crossover_sexpr::Sexp;

fn err<T>(at: &Sexp, message: impl Into<String>) -> Result<T, CardError> {
    Err(CardError {
        pos: at.pos(),
        message: message.into(),
    })
}

fn number(at: &Sexp, what: &str, range: std::ops::RangeInclusive<i64>) -> Result<i64, CardError> {
    match at.as_int() {
        Some(n) if range.contains(&n) => Ok(n),
        Some(n) => err(
            at,
            format!(
                "{what}: {n} is not within {} to {}",
                range.start(),
                range.end()
            ),
        ),
        None => err(
            at,
            format!("{what}: expected a number, found {}", at.describe()),
        ),
    }
}

/// Reads an ability form (`(enhance ...)`, `(form ...)`, `(response ...)`); `None`
/// when the form is not an ability.
pub fn parse_ability(form: &Sexp) -> Option<Result<Ability, CardError>> {
    let kind = match form.head()? {
        "enhance" => AbilityKind::Enhance,
        "form" => AbilityKind::Form,
        "response" => AbilityKind::Response,
        "continuous" => AbilityKind::Continuous,
        "static" => return Some(parse_static(form)),
        _ => return None,
    };
    Some(parse_body(kind, form))
}

/// `(static RULE [(while COND...)])`: a continuous ability with a static effect (H.6).
fn parse_static(form: &Sexp) -> Result<Ability, CardError> {
    let args = form.args();
    let Some((rule, rest)) = args.split_first() else {
        return err(
            form,
            "`(static RULE [(while COND...)])`: a static ability names its rule",
        );
    };
    let rule = match (rule.as_atom(), rule.head(), rule.args()) {
        (Some("may-stay-committed"), _, _) => StaticRule::MayStayCommitted,
        (Some("blocks-ranged-without-check"), _, _) => StaticRule::BlocksRangedWithoutCheck,
        (Some("completely-blocked-half-damage"), _, _) => {
            StaticRule::HalfDamageWhenCompletelyBlocked
        }
        (_, Some("hand-size"), [n]) => StaticRule::HandSize(number(n, "hand-size", -9..=9)? as i8),
        (_, Some("reduce-damage-taken"), [n]) => {
            StaticRule::ReduceDamageTaken(number(n, "reduce-damage-taken", 1..=20)? as u8)
        }
        (_, Some("additional-cost"), parts) if !parts.is_empty() => {
            let parts = parts
                .iter()
                .map(|part| match parse_cost(part)? {
                    c @ Cost::DiscardMomentum(_) => Ok(c),
                    _ => err(part, "an additional cost is (discard-momentum N) (no other part is implemented yet)"),
                })
                .collect::<Result<_, _>>()?;
            StaticRule::AdditionalCost(parts)
        }
        _ => {
            return err(
                rule,
                format!(
                    "unknown static rule {}: (hand-size N), (reduce-damage-taken N), may-stay-committed, completely-blocked-half-damage or (additional-cost PART...)",
                    rule.describe()
                ),
            )
        }
    };
    let mut only_playable = None;
    match rest {
        [] => {}
        [w] if w.head() == Some("while") && !w.args().is_empty() => {
            let mut conds = w
                .args()
                .iter()
                .map(parse_condition)
                .collect::<Result<Vec<_>, _>>()?;
            only_playable = Some(if conds.len() == 1 {
                conds.remove(0)
            } else {
                Condition::All(conds)
            });
        }
        [other, ..] => {
            return err(
                other,
                "after the rule, a static ability takes only `(while COND...)`",
            )
        }
    }
    Ok(Ability {
        only_playable,
        effect: vec![Effect::Static(rule)],
        ..Ability::new(AbilityKind::Static)
    })
}

fn parse_body(kind: AbilityKind, form: &Sexp) -> Result<Ability, CardError> {
    let mut ability = Ability::new(kind);
    let mut items = form.args();
    if matches!(kind, AbilityKind::Response | AbilityKind::Continuous) {
        let Some((t, rest)) = items.split_first() else {
            return err(form, "`(response TRIGGER ...)`: a response ability starts with its response condition (H.1.6.1)");
        };
        ability.trigger = Some(parse_trigger(t)?);
        items = rest;
    }
    for item in items {
        match item.as_atom() {
            Some("playable-while-committed") => {
                ability.while_committed = true;
                continue;
            }
            Some("playable-by-either-player") => {
                ability.by = PlayableBy::EitherPlayer;
                continue;
            }
            Some("playable-by-each-player-once") => {
                ability.by = PlayableBy::EachPlayerOnce;
                continue;
            }
            Some("combo") => {
                ability.combo = true;
                continue;
            }
            _ => {}
        }
        match item.head() {
            Some("only") => {
                if item.args().is_empty() {
                    return err(item, "`(only \"NAME\"...)` names at least one character");
                }
                for n in item.args() {
                    match n.as_str() {
                        Some(name) => ability.only_character.push(name.to_string()),
                        None => return err(n, "a character name in quotes"),
                    }
                }
            }
            Some("only-playable") => match item.args() {
                [c] => ability.only_playable = Some(parse_condition(c)?),
                _ => return err(item, "`(only-playable CONDITION)` takes one condition"),
            },
            Some("x-at-most") => match item.args() {
                [a] => ability.x_at_most = Some(parse_amount(a)?),
                _ => return err(item, "`(x-at-most AMOUNT)` takes one amount"),
            },
            Some("cost") => {
                if !ability.effect.is_empty() {
                    return err(item, "the cost comes before the effect's steps (H.1)");
                }
                for part in item.args() {
                    ability.cost.push(parse_cost(part)?);
                }
            }
            _ => ability.effect.push(parse_step(item)?),
        }
    }
    if ability.effect.is_empty() {
        return err(form, "an ability needs at least one step (H.1.7)");
    }
    // J.4.3: an X in the effect is defined by the cost (H.4.4.2) or by `(x AMOUNT)`.
    if uses_x(&ability.effect)
        && !ability.cost.iter().any(Cost::is_x)
        && !defines_x(&ability.effect)
    {
        return err(
            form,
            "the effect uses x, but neither the cost (an X cost part) nor an `(x AMOUNT)` step defines it (J.4.3)",
        );
    }
    Ok(ability)
}

/// Whether a step (nested ones included) defines X: `(x AMOUNT)` or a reveal.
fn defines_x(steps: &[Effect]) -> bool {
    let mut found = false;
    for mut s in steps.iter().cloned() {
        s.walk_mut(&mut |step| {
            found |= matches!(step, Effect::DefineX(_) | Effect::RevealFromHand(_));
        });
    }
    found
}

/// Whether any step (nested ones included) reads X (other than defining it).
fn uses_x(steps: &[Effect]) -> bool {
    let mut found = false;
    for mut s in steps.iter().cloned() {
        s.walk_mut(&mut |step| {
            if !matches!(step, Effect::DefineX(_)) {
                found |= matches!(step.amount_mut(), Some(Amount::X));
            }
        });
    }
    found
}

fn parse_holder(at: &Sexp, each: bool) -> Result<Holder, CardError> {
    match at.as_atom() {
        Some("taken-card") => Ok(Holder::Taken),
        Some("revealed-card") => Ok(Holder::Revealed),
        Some("this-card") => Ok(Holder::ThisCard),
        Some("your-character") => Ok(Holder::YourCharacter),
        Some("each-staging-card") if each => Ok(Holder::EachStaging),
        _ => err(
            at,
            format!(
                "expected this-card, your-character, taken-card or revealed-card{}, found {}",
                if each { " or each-staging-card" } else { "" },
                at.describe()
            ),
        ),
    }
}

fn parse_token(at: &Sexp) -> Result<TokenKind, CardError> {
    match TokenKind::ALL
        .into_iter()
        .find(|k| at.as_atom() == Some(k.word()))
    {
        Some(k) => Ok(k),
        None => err(
            at,
            format!(
                "expected a token kind (defense, balance), found {}",
                at.describe()
            ),
        ),
    }
}

fn parse_cost(part: &Sexp) -> Result<Cost, CardError> {
    match (part.as_atom(), part.head(), part.args()) {
                (Some("commit"), _, _) => Ok(Cost::Commit),
        (Some("remove-hand"), _, _) => Ok(Cost::RemoveHand),
        (Some("destroy-foundation"), _, _) => Ok(Cost::DestroyFoundation),
        (Some("reveal-top-of-deck"), _, _) => Ok(Cost::RevealTopOfDeck),
        (Some("remove-this"), _, _) => Ok(Cost::RemoveThis),
        (_, Some("discard-momentum"), [n]) if n.as_atom() == Some("x") => Ok(Cost::DiscardMomentumX),
        (_, Some("discard"), [n]) if n.as_atom() == Some("x") => Ok(Cost::DiscardX),
        (_, Some("commit-foundations"), [n]) => Ok(Cost::CommitFoundations(if n.as_atom() == Some("x") {
            None
        } else {
            Some(number(n, "commit-foundations", 1..=20)? as u8)
        })),
        (_, Some("remove-from-hand"), [n]) => Ok(Cost::RemoveFromHand(if n.as_atom() == Some("x") {
            None
        } else {
            Some(number(n, "remove-from-hand", 1..=20)? as u8)
        })),
        (_, Some("reveal-from-hand"), [k]) => Ok(Cost::RevealFromHand(match k.as_atom() {
            Some("any") => KindRef::Any,
            _ => parse_kind_ref(k)?,
        })),
        (_, Some("remove-from-discard"), [n]) => Ok(Cost::RemoveFromDiscard(
            number(n, "remove-from-discard", 1..=20)? as u8,
        )),
        (Some("destroy"), _, _) => Ok(Cost::Destroy),
        (_, Some("discard-momentum"), [n]) => {
            Ok(Cost::DiscardMomentum(
                number(n, "discard-momentum", 1..=20)? as u8,
            ))
        }
        (_, Some("discard"), [n]) => Ok(Cost::Discard(number(n, "discard", 1..=20)? as u8)),
                (_, Some("remove-momentum"), [n]) => Ok(Cost::RemoveMomentum(
            number(n, "remove-momentum", 1..=20)? as u8,
        )),
                (_, Some("remove-top-of-deck"), [n]) => Ok(Cost::RemoveTopOfDeck(
            number(n, "remove-top-of-deck", 1..=20)? as u8,
        )),
        (_, Some("remove-tokens"), [h, k, n]) => Ok(Cost::RemoveTokens(
            parse_holder(h, false)?,
            parse_token(k)?,
            if n.as_atom() == Some("x") {
                None
            } else {
                Some(number(n, "remove-tokens", 1..=20)? as u8)
            },
        )),
        (_, Some("place-tokens"), [h, k, n]) => Ok(Cost::PlaceTokens(
            parse_holder(h, false)?,
            parse_token(k)?,
            number(n, "place-tokens", 1..=20)? as u8,
        )),
        _ => err(
            part,
            format!(
                                "unknown cost {}: commit, destroy, (discard-momentum N), (discard N), (remove-top-of-deck N), (remove-momentum N), (remove-tokens HOLDER KIND N|x), (place-tokens HOLDER KIND N), (remove-from-hand N|x), (remove-from-discard N), remove-hand, destroy-foundation, (commit-foundations N|x), (reveal-from-hand KIND|any), reveal-top-of-deck or remove-this",
                part.describe()
            ),
        ),
    }
}

fn parse_who(at: &Sexp) -> Result<Who, CardError> {
    match Who::ALL
        .into_iter()
        .find(|w| at.as_atom() == Some(w.word()))
    {
        Some(w) => Ok(w),
        None => err(
            at,
            format!(
                "expected you, opponent or each-player, found {}",
                at.describe()
            ),
        ),
    }
}

fn parse_checked(at: &Sexp) -> Result<CheckValue, CardError> {
    if at.as_atom() == Some("any") {
        return Ok(CheckValue::Any);
    }
    if at.as_atom() == Some("chosen") {
        return Ok(CheckValue::Chosen);
    }
    match (at.head(), at.args()) {
        (Some("at-most"), [n]) => Ok(CheckValue::AtMost(number(n, "at-most", 0..=20)? as u8)),
        (Some("at-least"), [n]) => Ok(CheckValue::AtLeast(number(n, "at-least", 0..=20)? as u8)),
        _ => Ok(CheckValue::Exactly(number(at, "checked", 0..=20)? as u8)),
    }
}

fn parse_trigger(at: &Sexp) -> Result<Trigger, CardError> {
    let args = at.args();
    let who = || match args.first() {
        Some(w) => parse_who(w),
        None => err(at, format!("`({} WHO ...)`", at.head().unwrap_or("?"))),
    };
    match (at.as_atom(), at.head()) {
        (Some("after-block-with-this"), _) => Ok(Trigger::BlockWithThis),
        (Some("after-ready-this"), _) => Ok(Trigger::ReadyThis),
        (Some("before-block-with-this"), _) => Ok(Trigger::BeforeBlockWithThis),
        (_, Some("before-draw-step")) => Ok(Trigger::BeforeDrawStep(who()?)),
        (_, Some("after-check")) => match args {
            [w, v] => Ok(Trigger::Check(parse_who(w)?, parse_checked(v)?)),
            _ => err(at, "`(after-check WHO CHECKED)`"),
        },
        (_, Some("after-check-fails")) => match args {
            [w, n] if n.as_atom() == Some("any") => Ok(Trigger::CheckFails(parse_who(w)?, u8::MAX)),
            [w, n] => Ok(Trigger::CheckFails(
                parse_who(w)?,
                number(n, "after-check-fails", 1..=20)? as u8,
            )),
            _ => err(at, "`(after-check-fails WHO N|any)`: fails by N or less, or at all"),
        },
        (_, Some("before-draw")) => Ok(Trigger::BeforeDraw(who()?)),
        (_, Some("before-momentum-cost")) => Ok(Trigger::BeforeMomentumCost(who()?)),
        (_, Some("after-plays-card-matching-symbols")) => match args {
            [w, n] => Ok(Trigger::PlaysCardMatching(
                parse_who(w)?,
                number(n, "after-plays-card-matching-symbols", 1..=12)? as u8,
            )),
            _ => err(at, "`(after-plays-card-matching-symbols WHO N)`"),
        },
        (_, Some("after-adds-attacks-without-check")) => {
            Ok(Trigger::AddsAttacksWithoutCheck(who()?))
        }
        (_, Some("after-check-fails-by-more")) => match args {
            [w, n] => Ok(Trigger::CheckFailsByMore(
                parse_who(w)?,
                number(n, "after-check-fails-by-more", 0..=20)? as u8,
            )),
            _ => err(at, "`(after-check-fails-by-more WHO N)`"),
        },
        (_, Some("to-play-attack")) => match args {
            [t] => {
                let inner = parse_trigger(t)?;
                if !matches!(
                    inner,
                    Trigger::Check(..)
                        | Trigger::CheckFails(..)
                        | Trigger::CheckFailsByMore(..)
                        | Trigger::CheckPasses(_)
                ) {
                    return err(t, "`to-play-attack` narrows a check condition (after-check, after-check-fails, after-check-fails-by-more, after-check-passes)");
                }
                Ok(Trigger::ToPlayAttack(Box::new(inner)))
            }
            _ => err(at, "`(to-play-attack TRIGGER)`"),
        },
        (_, Some("after-block")) => Ok(Trigger::Block(who()?)),
        (_, Some("after-lose-vitality")) => {
                        let from = match args.get(1).map(|f| (f, f.as_atom())) {
                None => LossFrom::Anything,
                Some((_, Some("from-opponents-attack"))) => LossFrom::OpponentsAttack,
                Some((_, Some("from-opponent"))) => LossFrom::Opponent,
                Some((_, Some("from-blocked-attack"))) => LossFrom::BlockedAttack,
                Some((f, _)) => {
                    return err(
                        f,
                        "expected from-opponents-attack, from-opponent or from-blocked-attack",
                    )
                }
            };
            Ok(Trigger::LoseVitality { who: who()?, from })
        }
        (_, Some("after-take-damage")) => Ok(Trigger::TakeDamage(who()?)),
        (_, Some("after-pass-form")) => Ok(Trigger::PassForm(who()?)),
        (_, Some("after-draw-step")) => Ok(Trigger::DrawStep(who()?)),
                (_, Some("after-ready-phase")) => Ok(Trigger::ReadyPhase(who()?)),
        (_, Some("after-discard-by-your-effect")) => Ok(Trigger::DiscardByYourEffect(who()?)),
        (_, Some("before-form")) => Ok(Trigger::BeforeForm(who()?)),
        (_, Some("after-block-fails")) => Ok(Trigger::BlockFails(who()?)),
        (_, Some("after-deals-damage")) => {
            let by = match args.get(1).map(|a| (a, a.as_atom())) {
                None => DamageBy::Any,
                Some((_, Some("reversal"))) => DamageBy::Reversal,
                Some((_, Some("taken-card"))) => DamageBy::Card(Holder::Taken),
                Some((a, _)) => return err(a, "expected reversal or taken-card"),
            };
            Ok(Trigger::DealsDamage(who()?, by))
        }
        (_, Some("after-plays-attack")) => Ok(Trigger::PlaysAttack(who()?)),
        (_, Some("after-check-passes")) => Ok(Trigger::CheckPasses(who()?)),
        (_, Some("after-check-failure-stands")) => Ok(Trigger::CheckFailureStands(who()?)),
        (_, Some("after-draws")) => Ok(Trigger::Draws(who()?)),
        (_, Some("after-gains-momentum")) => Ok(Trigger::GainsMomentum(who()?)),
        (_, Some("end-phase")) => Ok(Trigger::EndPhase(who()?)),
        (_, Some("attack-begins")) => Ok(Trigger::AttackBegins(who()?)),
        (Some("after-opponent-destroys-yours"), _) => Ok(Trigger::YourCardDestroyed),
        (_, Some("either-of")) => match args {
            [a, b] => Ok(Trigger::Either(
                Box::new(parse_trigger(a)?),
                Box::new(parse_trigger(b)?),
            )),
            _ => err(at, "`(either-of TRIGGER TRIGGER)`"),
        },
        _ => err(
            at,
            format!(
                "unknown response condition {}: (after-check WHO CHECKED), (after-check-fails WHO N), (after-block WHO), after-block-with-this, (after-lose-vitality WHO [from-opponents-attack]), (after-take-damage WHO), (after-pass-form WHO), (after-draw-step WHO), (after-ready-phase WHO), after-ready-this, (after-discard-by-your-effect WHO), (before-form WHO), (after-block-fails WHO), (after-deals-damage WHO [reversal|taken-card]) (either-of TRIGGER TRIGGER), (after-plays-attack WHO), (after-check-passes WHO), (after-draws WHO), (after-gains-momentum WHO), (end-phase WHO), (attack-begins WHO), before-block-with-this or (before-draw-step WHO)",
                at.describe()
            ),
        ),
    }
}

fn parse_amount(at: &Sexp) -> Result<Amount, CardError> {
    if at.as_atom() == Some("hand-size") {
        return Ok(Amount::HandSize);
    }
    if at.as_atom() == Some("hand-lead") {
        return Ok(Amount::HandLead);
    }
    if at.as_atom() == Some("vitality-lost") {
        return Ok(Amount::VitalityLost);
    }
    if at.as_atom() == Some("x") {
        return Ok(Amount::X);
    }
    if at.as_atom() == Some("attacks-dealt-damage") {
        return Ok(Amount::AttacksDealtDamage);
    }
    if at.head() == Some("reversals-in-card-pool") {
        return match at.args() {
            [w] => Ok(Amount::ReversalsInCardPool(parse_who(w)?)),
            _ => err(at, "`(reversals-in-card-pool WHO)`"),
        };
    }
    if at.head() == Some("tokens") {
        return match at.args() {
            [h] => Ok(Amount::Tokens(parse_holder(h, false)?, None)),
            [h, k] => Ok(Amount::Tokens(
                parse_holder(h, false)?,
                Some(parse_token(k)?),
            )),
            _ => err(at, "`(tokens HOLDER [KIND])`"),
        };
    }
    if at.head() == Some("paid") {
        return match at.args().first().and_then(Sexp::as_atom) {
            Some("control") if at.args().len() == 1 => Ok(Amount::Paid(PaidValue::Control)),
            Some("difficulty") if at.args().len() == 1 => Ok(Amount::Paid(PaidValue::Difficulty)),
            _ => err(
                at,
                "`(paid control|difficulty)`: a value of the card paid for the cost",
            ),
        };
    }
    if at.as_atom() == Some("half-printed-damage") {
        return Ok(Amount::HalfPrintedDamage);
    }
    if at.as_atom() == Some("over-hand-size") {
        return Ok(Amount::OverHandSize);
    }
    if at.head() == Some("cards-in-hand") {
        return match at.args() {
            [w] => Ok(Amount::CardsInHand(parse_who(w)?)),
            _ => err(at, "`(cards-in-hand WHO)`"),
        };
    }
    if at.head() == Some("half-momentum") {
        return match at.args() {
            [w] => Ok(Amount::HalfMomentum(parse_who(w)?)),
            _ => err(at, "`(half-momentum WHO)`"),
        };
    }
    if at.head() == Some("momentum") {
        return match at.args() {
            [w] => Ok(Amount::Momentum(parse_who(w)?)),
            _ => err(at, "`(momentum WHO)`"),
        };
    }
    Ok(Amount::N(number(at, "amount", 0..=99)? as u8))
}

fn parse_change(at: &Sexp) -> Result<Change, CardError> {
    if at.as_int().is_some() {
        let n = number(at, "damage", -99..=99)?;
        return Ok(Change {
            minus: n < 0,
            amount: Amount::N(n.unsigned_abs() as u8),
        });
    }
    if at.head() == Some("minus") {
        return match at.args() {
            [a] => Ok(Change {
                minus: true,
                amount: parse_amount(a)?,
            }),
            _ => err(at, "`(minus AMOUNT)`"),
        };
    }
    Ok(Change {
        minus: false,
        amount: parse_amount(at)?,
    })
}

fn parse_attack(at: &Sexp) -> Result<AttackRef, CardError> {
    match (at.as_atom(), at.head(), at.args()) {
        (Some("this-attack"), _, _) => Ok(AttackRef::This),
        (Some("your-attack"), _, _) => Ok(AttackRef::Yours(None)),
        (_, Some("your-attack"), [t]) => Ok(AttackRef::Yours(Some(parse_trait(t)?))),
        _ => err(
            at,
            format!(
                "expected this-attack, your-attack or (your-attack TRAIT), found {}",
                at.describe()
            ),
        ),
    }
}

fn parse_trait(at: &Sexp) -> Result<Keyword, CardError> {
    Ok(match at.as_atom() {
        Some("weapon") => Keyword::Weapon,
        Some("kick") => Keyword::Kick,
        Some("punch") => Keyword::Punch,
        Some("ranged") => Keyword::Ranged,
        Some("throw") => Keyword::Throw,
        _ => {
            return err(
                at,
                format!(
                    "expected a trait (weapon, kick, punch, ranged, throw), found {}",
                    at.describe()
                ),
            )
        }
    })
}

fn parse_condition(at: &Sexp) -> Result<Condition, CardError> {
    match at.as_atom() {
        Some("played-as-reversal") => return Ok(Condition::PlayedAsReversal),
        Some("no-card-to-hand-this-combat") => return Ok(Condition::NoCardToHandThisCombat),
        Some("no-reversal-in-hand") => return Ok(Condition::NoReversalInHand),
        Some("face-up-in-momentum") => return Ok(Condition::FaceUpInMomentum),
        Some("more-momentum") => return Ok(Condition::MoreMomentum),
        Some("more-cards-in-hand") => return Ok(Condition::MoreCardsInHand),
        Some("fewer-in-staging") => return Ok(Condition::FewerInStaging),
        Some("this-committed") => return Ok(Condition::ThisCommitted),
        Some("in-staging") => return Ok(Condition::InStaging),
        Some("ready-in-staging") => return Ok(Condition::ReadyInStaging),
        Some("opponents-attack") => return Ok(Condition::OpponentsAttack),
        Some("in-hand") => return Ok(Condition::InHand),
        Some("no-first-form") => return Ok(Condition::NoFirstForm),
        Some("blocking-this-attack") => return Ok(Condition::BlockCheckAgainst(Holder::ThisCard)),
        _ => {}
    }
    match (at.head(), at.args()) {
        (Some("damage-below"), [n]) => {
            Ok(Condition::DamageBelow(
                number(n, "damage-below", -99..=99)? as i8
            ))
        }
        (Some("checked"), [v]) => Ok(Condition::Checked(parse_checked(v)?)),
        (Some("no-tokens"), [h]) => Ok(Condition::NoTokens(parse_holder(h, false)?, None)),
        (Some("no-tokens"), [h, k]) => Ok(Condition::NoTokens(
            parse_holder(h, false)?,
            Some(parse_token(k)?),
        )),
        (Some("checked-to-play-this-attack"), [n]) => Ok(Condition::CheckedToPlayThisAttack(
            number(n, "checked-to-play-this-attack", 0..=20)? as u8,
        )),
        (Some("all"), cs) if cs.len() >= 2 => Ok(Condition::All(
            cs.iter().map(parse_condition).collect::<Result<_, _>>()?,
        )),
        (Some("any"), cs) if cs.len() >= 2 => Ok(Condition::Any(
            cs.iter().map(parse_condition).collect::<Result<_, _>>()?,
        )),
        (Some("at-least"), [a, n]) => Ok(Condition::AtLeast(
            parse_amount(a)?,
            number(n, "at-least", 0..=99)? as u8,
        )),
        (Some("played-control"), [n]) => Ok(Condition::PlayedControl(
            number(n, "played-control", 0..=20)? as u8,
        )),
        (Some("your-attack-has-symbol"), [s]) => match s.as_atom().and_then(Symbol::from_name) {
            Some(sym) => Ok(Condition::YourAttackHasSymbol(sym)),
            None => err(s, "expected a resource symbol"),
        },
        _ => err(
            at,
            format!(
                                "unknown condition {}: (damage-below N), (your-attack-has-symbol SYMBOL), played-as-reversal, no-card-to-hand-this-combat, no-reversal-in-hand, face-up-in-momentum, (checked CHECKED), more-momentum, more-cards-in-hand, (played-control N), fewer-in-staging, this-committed, blocking-this-attack, (checked-to-play-this-attack N), opponents-attack, in-hand, no-first-form, (at-least AMOUNT N), (all COND COND...) or (any COND COND...)",
                at.describe()
            ),
        ),
    }
}

fn parse_steps(items: &[Sexp]) -> Result<Vec<Effect>, CardError> {
    items.iter().map(parse_step).collect()
}

fn parse_step(at: &Sexp) -> Result<Effect, CardError> {
    match at.as_atom() {
        Some("re-check") => return Ok(Effect::ReCheck),
        Some("gauge-search") => return Ok(Effect::GaugeSearch),
        Some("checked-card-to-hand") => return Ok(Effect::CheckedCardToHand),
        Some("check-succeeds") => return Ok(Effect::CheckSucceeds),
        Some("choose-zone") => return Ok(Effect::ChooseZone),
        Some("choose-symbol") => return Ok(Effect::ChooseSymbol),
        Some("cancel-its-effects") => return Ok(Effect::CancelEffects),
        Some("name-card-type") => return Ok(Effect::NameCardType),
        Some("reversal-as-if-blocked") => return Ok(Effect::ReversalAsIfBlocked),
        Some("no-cards-to-hand-in-combat") => return Ok(Effect::NoCardsToHandInCombat),
        Some("no-momentum-in-combat") => return Ok(Effect::NoMomentumInCombat),
        Some("another-block") => return Ok(Effect::AnotherBlock),
        _ => {}
    }
    let on_attack = |when: FiredWhen, yours_only: bool, steps: &[Sexp]| {
        if steps.is_empty() {
            return err(
                at,
                format!(
                    "`({} STEP...)`: at least one step",
                    at.head().unwrap_or("?")
                ),
            );
        }
        Ok(Effect::OnAttack {
            when,
            yours_only,
            then: parse_steps(steps)?,
        })
    };
    let args = at.args();
    let who_amount = |make: fn(Who, Amount) -> Effect| -> Result<Effect, CardError> {
        match args {
            [w, n] => Ok(make(parse_who(w)?, parse_amount(n)?)),
            _ => err(at, format!("`({} WHO AMOUNT)`", at.head().unwrap_or("?"))),
        }
    };
    match at.head() {
        Some("gets") => {
            let Some((first, rest)) = args.split_first() else {
                return err(at, "`(gets ATTACK (speed N) (damage N))`");
            };
            let mut speed = 0;
            let mut damage = Change::NONE;
            let mut floor = None;
            for f in rest {
                match (f.head(), f.args()) {
                    (Some("speed"), [n]) => speed = number(n, "speed", -99..=99)? as i8,
                    (Some("damage"), [d]) => damage = parse_change(d)?,
                    (Some("at-least"), [n]) => floor = Some(number(n, "at-least", 0..=99)? as u8),
                    _ => return err(f, "expected (speed N), (damage N) or (at-least N)"),
                }
            }
            Ok(Effect::Gets {
                attack: parse_attack(first)?,
                speed,
                damage,
                floor,
            })
        }
        Some("draw") => who_amount(Effect::Draw),
        Some("discard-random") => who_amount(Effect::DiscardRandom),
        Some("discard-momentum") => who_amount(Effect::DiscardMomentum),
        Some("discard-random-momentum") => who_amount(Effect::DiscardRandomMomentum),
        Some("gain-vitality") => who_amount(Effect::GainVitality),
        Some("take-damage") => who_amount(Effect::TakeDamage),
        Some("lose-vitality") => match args {
            [w, n] => Ok(Effect::LoseVitality(parse_who(w)?, parse_amount(n)?, None)),
            [w, n, f] => match (f.head(), f.args()) {
                (Some("not-below"), [m]) => Ok(Effect::LoseVitality(
                    parse_who(w)?,
                    parse_amount(n)?,
                    Some(number(m, "not-below", 0..=99)? as u8),
                )),
                _ => err(f, "expected (not-below N)"),
            },
            _ => err(at, "`(lose-vitality WHO AMOUNT [(not-below N)])`"),
        },
        Some("check-gets") => match args {
            [n] => Ok(Effect::CheckGets(number(n, "check-gets", -20..=20)? as i8)),
            _ => err(at, "`(check-gets N)`"),
        },
        Some("next-card-difficulty") => match args {
            [w, n] => Ok(Effect::NextCardDifficulty(
                parse_who(w)?,
                number(n, "next-card-difficulty", 0..=20)? as u8,
            )),
            _ => err(at, "`(next-card-difficulty WHO N)`"),
        },
        Some("if") => match args.split_first() {
            Some((c, then)) if !then.is_empty() => {
                Ok(Effect::If(parse_condition(c)?, parse_steps(then)?))
            }
            _ => err(at, "`(if CONDITION STEP...)`"),
        },
        Some("if-you-block") => on_attack(FiredWhen::YouBlock, false, args),
        Some("if-deals-damage-or-blocked") => on_attack(FiredWhen::DamageOrBlocked, false, args),
        Some("if-it-or-a-copy-deals-damage") => on_attack(FiredWhen::DamageWithCopies, false, args),
        Some("if-no-damage") => on_attack(FiredWhen::NoDamage, false, args),
        Some("may") => match args.split_first() {
            Some((w, rest)) if !rest.is_empty() => {
                let (then, otherwise) = match rest.split_last() {
                    Some((last, before)) if last.head() == Some("otherwise") => {
                        (before, parse_steps(last.args())?)
                    }
                    _ => (rest, Vec::new()),
                };
                if then.is_empty() {
                    return err(at, "`(may WHO STEP... [(otherwise STEP...)])`");
                }
                Ok(Effect::May(parse_who(w)?, parse_steps(then)?, otherwise))
            }
            _ => err(at, "`(may WHO STEP... [(otherwise STEP...)])`"),
        },
        Some("either") => {
            if args.len() < 2 {
                return err(at, "`(either (STEP...) (STEP...)...)`: two or more choices");
            }
            let mut options = Vec::new();
            for o in args {
                match o.as_list() {
                    Some(steps) if !steps.is_empty() && o.head().is_none() => {
                        options.push(parse_steps(steps)?)
                    }
                    _ => return err(o, "each choice is a list of steps: ((STEP) (STEP)...)"),
                }
            }
            Ok(Effect::Either(options))
        }
        Some("x") => match args {
            [a] if a.as_atom() != Some("x") => Ok(Effect::DefineX(parse_amount(a)?)),
            _ => err(at, "`(x AMOUNT)`: what X equals (J.4.3.2)"),
        },
        Some("place-tokens") => match args {
            [h, k, n] => Ok(Effect::PlaceTokens(
                parse_holder(h, false)?,
                parse_token(k)?,
                parse_amount(n)?,
            )),
            _ => err(at, "`(place-tokens HOLDER KIND AMOUNT)`"),
        },
        Some("remove-tokens") => match args {
            [h, k, n] => Ok(Effect::RemoveTokens(
                parse_holder(h, true)?,
                if k.as_atom() == Some("any") {
                    None
                } else {
                    Some(parse_token(k)?)
                },
                if n.as_atom() == Some("all") {
                    None
                } else {
                    Some(parse_amount(n)?)
                },
            )),
            _ => err(at, "`(remove-tokens HOLDER KIND|any AMOUNT|all)`"),
        },
        Some("discard") => who_amount(Effect::Discard),
        Some("move") => match args {
            [h, to] => Ok(Effect::Move(
                parse_holder(h, false)?,
                match to.as_atom() {
                    Some("discard") => MoveTo::Discard,
                    Some("removed") => MoveTo::Removed,
                    Some("hand") => MoveTo::Hand,
                    Some("staging") => MoveTo::Staging,
                    Some("card-pool") => MoveTo::CardPool,
                    _ => return err(to, "expected discard, removed, hand, staging or card-pool"),
                },
            )),
            _ => err(
                at,
                "`(move this-card discard|removed|hand|staging|card-pool)`",
            ),
        },
        Some("play-as-though-in-hand") => match args {
            [h] => Ok(Effect::PlayAsThoughInHand(parse_holder(h, false)?)),
            _ => err(at, "`(play-as-though-in-hand HOLDER)`"),
        },
        Some("block-zone") => match args {
            [h, z] => match z.as_atom().and_then(Zone::from_name) {
                Some(zone) => Ok(Effect::SetBlockZone(parse_holder(h, false)?, zone)),
                None => err(z, "expected high, mid or low"),
            },
            _ => err(at, "`(block-zone HOLDER ZONE)`"),
        },
        Some("no-draws") => match args {
            [w] => Ok(Effect::NoDraws(parse_who(w)?)),
            _ => err(at, "`(no-draws WHO)`: they may not draw this turn"),
        },
        Some("first-form") => match args {
            [h] => Ok(Effect::FirstForm(parse_holder(h, false)?)),
            _ => err(at, "`(first-form HOLDER)`"),
        },
        Some("unblockable") => match args {
            [a] => Ok(Effect::BlockRule(parse_attack(a)?, BlockRule::Unblockable)),
            _ => err(at, "`(unblockable ATTACK)`"),
        },
        Some("no-commit-chosen-symbol-to-block") => match args {
            [a] => Ok(Effect::BlockRule(
                parse_attack(a)?,
                BlockRule::NoCommitSymbol(None),
            )),
            _ => err(at, "`(no-commit-chosen-symbol-to-block ATTACK)`"),
        },
        Some("no-block-sharing-symbols") => match args {
            [a] => Ok(Effect::BlockRule(
                parse_attack(a)?,
                BlockRule::NoSharedSymbols,
            )),
            _ => err(at, "`(no-block-sharing-symbols ATTACK)`"),
        },
        Some("reveal-hand") => match args {
            [w] => Ok(Effect::RevealHand(parse_who(w)?)),
            _ => err(at, "`(reveal-hand WHO)`"),
        },
        Some("discard-random-blocking") => match args {
            [w, n] => Ok(Effect::DiscardRandomBlocking(
                parse_who(w)?,
                parse_amount(n)?,
                None,
            )),
            _ => err(
                at,
                "`(discard-random-blocking WHO AMOUNT)`: cards with a block of the chosen zone",
            ),
        },
        Some("play-top-as-attack") => {
            let mut zone = None;
            let (mut difficulty, mut speed, mut damage) = (None, None, None);
            let mut no_momentum = false;
            for a in args {
                match (a.as_atom(), a.head(), a.args()) {
                    (Some("no-momentum"), _, _) => no_momentum = true,
                    (_, Some("zone"), [z]) => match z.as_atom().and_then(Zone::from_name) {
                        Some(found) => zone = Some(found),
                        None => return err(z, "expected high, mid or low"),
                    },
                    (_, Some("difficulty"), [n]) => {
                        difficulty = Some(number(n, "difficulty", 0..=20)? as u8)
                    }
                    (_, Some("speed"), [n]) => speed = Some(number(n, "speed", 0..=20)? as u8),
                    (_, Some("damage"), [n]) => damage = Some(number(n, "damage", 0..=40)? as u8),
                    _ => return err(
                        a,
                        "expected (zone Z), (difficulty N), (speed N), (damage N) or no-momentum",
                    ),
                }
            }
            match (zone, difficulty, speed, damage) {
                (Some(zone), Some(difficulty), Some(speed), Some(damage)) => {
                    Ok(Effect::PlayTopAsAttack(FaceDownAttack {
                        zone,
                        difficulty,
                        speed,
                        damage,
                        no_momentum,
                    }))
                }
                _ => err(
                    at,
                    "`(play-top-as-attack (zone Z) (difficulty N) (speed N) (damage N) [no-momentum])`: all four values",
                ),
            }
        }
        Some("next-attack-gains") => match args {
            [a] => match parse_ability(a) {
                Some(Ok(ability)) => Ok(Effect::NextAttackGains(Box::new(ability))),
                Some(Err(e)) => Err(e),
                None => err(
                    a,
                    "expected an ability: (enhance ...), (form ...) or (response ...)",
                ),
            },
            _ => err(at, "`(next-attack-gains ABILITY)`"),
        },
        Some("removed-to-hand") | Some("removed-to-deck-bottom") => {
            let to = if at.head() == Some("removed-to-hand") {
                RemovedTo::Hand
            } else {
                RemovedTo::DeckBottom
            };
            let Some((n, rest)) = args.split_first() else {
                return err(
                    at,
                    "`(removed-to-hand N|AMOUNT|all [up-to] [KIND|named-type])`",
                );
            };
            let n = if n.as_atom() == Some("all") {
                None
            } else {
                Some(parse_amount(n)?)
            };
            let mut up_to = false;
            let mut kind = KindRef::Any;
            for a in rest {
                match a.as_atom() {
                    Some("up-to") => up_to = true,
                    _ => kind = parse_kind_ref(a)?,
                }
            }
            Ok(Effect::FromRemoved { n, up_to, kind, to })
        }
        Some("remove-from-discard") => match args {
            [w, n] => Ok(Effect::RemoveFromDiscard(
                parse_who(w)?,
                parse_amount(n)?,
                KindRef::Any,
            )),
            [w, n, k] => Ok(Effect::RemoveFromDiscard(
                parse_who(w)?,
                parse_amount(n)?,
                parse_kind_ref(k)?,
            )),
            _ => err(at, "`(remove-from-discard WHO AMOUNT [KIND])`"),
        },
        Some("choose-number") => match args {
            [lo, hi] => {
                let lo = number(lo, "choose-number", 0..=20)? as u8;
                let hi = number(hi, "choose-number", i64::from(lo)..=20)? as u8;
                Ok(Effect::ChooseNumber(lo, hi))
            }
            _ => err(at, "`(choose-number LO HI)`"),
        },
        Some("hand-to-momentum") => who_amount(Effect::HandToMomentum),
        Some("deck-to-momentum") => who_amount(Effect::DeckToMomentum),
        Some("destroy-one") => {
            let (k, who) = match args {
                [k] => (k, Who::Each),
                [k, w] => (k, parse_who(w)?),
                _ => return err(at, "`(destroy-one KIND|any [WHO])`"),
            };
            let kind = if k.as_atom() == Some("any") {
                None
            } else {
                match CardKind::ALL
                    .into_iter()
                    .find(|c| k.as_atom() == Some(c.word()))
                {
                    Some(kind) => Some(kind),
                    None => return err(k, "expected any, attack, foundation, action or asset"),
                }
            };
            Ok(Effect::DestroyOne(kind, who))
        }
        Some("discard-as-momentum") => match args {
            [k] => Ok(Effect::DiscardAsMomentum(match k.as_atom() {
                Some("any") => KindRef::Any,
                _ => parse_kind_ref(k)?,
            })),
            _ => err(at, "`(discard-as-momentum KIND|any)`"),
        },
        Some("that-player") => {
            if args.is_empty() {
                return err(at, "`(that-player STEP...)` needs at least one step");
            }
            let steps = args.iter().map(parse_step).collect::<Result<Vec<_>, _>>()?;
            Ok(Effect::ThatPlayer(None, steps))
        }
        Some("commit-foundations") => match args {
            [w, n] => Ok(Effect::CommitFoundations(
                parse_who(w)?,
                number(n, "commit-foundations", 1..=9)? as u8,
            )),
            _ => err(at, "`(commit-foundations WHO N)`"),
        },
        Some("all-from-discard") => match args {
            [w, k, to] => Ok(Effect::AllFromDiscard(
                parse_who(w)?,
                match k.as_atom() {
                    Some("any") => KindRef::Any,
                    _ => parse_kind_ref(k)?,
                },
                match to.as_atom() {
                    Some("hand") => MoveTo::Hand,
                    Some("removed") => MoveTo::Removed,
                    _ => return err(to, "expected hand or removed"),
                },
            )),
            _ => err(at, "`(all-from-discard WHO KIND|any hand|removed)`"),
        },
        Some("commit-one") => match args {
            [w] => Ok(Effect::CommitOne(parse_who(w)?)),
            _ => err(
                at,
                "`(commit-one WHO)`: one of their ready foundations or assets",
            ),
        },
        Some("discard-from-card-pool") => match args {
            [w] => Ok(Effect::DiscardFromCardPool(parse_who(w)?)),
            _ => err(at, "`(discard-from-card-pool WHO)`"),
        },
        Some("momentum-face-up") => match args {
            [h] => Ok(Effect::MomentumFaceUp(parse_holder(h, false)?)),
            _ => err(at, "`(momentum-face-up this-card)`"),
        },
        Some("detached") => parse_detached(at).map(|d| Effect::Detached(Box::new(d))),
        Some("reveal-from-hand") => match args {
            [k] => Ok(Effect::RevealFromHand(parse_kind_ref(k)?)),
            _ => err(at, "`(reveal-from-hand KIND)`: X is how many are revealed"),
        },
        Some("remove-from-hand") => who_amount(Effect::RemoveFromHand),
        Some("remove-top-of-deck") => match args {
            [w, n] => Ok(Effect::RemoveTopOfDeck(
                parse_who(w)?,
                parse_amount(n)?,
                false,
            )),
            [w, n, u] if u.as_atom() == Some("up-to") => Ok(Effect::RemoveTopOfDeck(
                parse_who(w)?,
                parse_amount(n)?,
                true,
            )),
            _ => err(at, "`(remove-top-of-deck WHO AMOUNT [up-to])`"),
        },
        Some("if-deals-damage-at-least") => match args.split_first() {
            Some((n, steps)) if !steps.is_empty() => Ok(Effect::OnAttack {
                when: FiredWhen::DamageAtLeast(number(n, "if-deals-damage-at-least", 1..=40)? as u8),
                yours_only: false,
                then: parse_steps(steps)?,
            }),
            _ => err(at, "`(if-deals-damage-at-least N STEP...)`"),
        },
        Some("if-deals-damage") => {
            let yours_only = args.first().and_then(Sexp::as_atom) == Some("your-attack");
            on_attack(
                FiredWhen::Damage,
                yours_only,
                &args[usize::from(yours_only)..],
            )
        }
        _ => err(at, format!("unknown step {}", at.describe())),
    }
}

/// `(detached TRIGGER [once] [(until your-next-turn|opponents-next-turn-ends)]
/// [(ends-on TRIGGER)] STEP...)`.
fn parse_detached(at: &Sexp) -> Result<Detached, CardError> {
    let Some((t, rest)) = at.args().split_first() else {
        return err(
            at,
            "`(detached TRIGGER [once] [(until WHEN)] [(ends-on TRIGGER)] STEP...)`",
        );
    };
    let mut d = Detached {
        trigger: parse_trigger(t)?,
        until: Until::ThisTurn,
        once: false,
        ends_on: None,
        steps: Vec::new(),
    };
    for item in rest {
        match (item.as_atom(), item.head(), item.args()) {
            (Some("once"), _, _) => d.once = true,
            (_, Some("until"), [w]) => {
                d.until = match w.as_atom() {
                    Some("your-next-turn") => Until::YourNextTurn,
                    Some("opponents-next-turn-ends") => Until::OpponentsNextTurnEnds,
                    _ => return err(w, "expected your-next-turn or opponents-next-turn-ends"),
                }
            }
            (_, Some("ends-on"), [t]) => d.ends_on = Some(parse_trigger(t)?),
            _ => d.steps.push(parse_step(item)?),
        }
    }
    if d.steps.is_empty() {
        return err(at, "a detached effect needs at least one step");
    }
    Ok(d)
}

/// A card type or trait an effect names: KIND | named-type | reversal | same-type.
fn parse_kind_ref(a: &Sexp) -> Result<KindRef, CardError> {
    if let (Some("control"), [n]) = (a.head(), a.args()) {
        return Ok(KindRef::Control(number(n, "control", 0..=20)? as u8));
    }
    if let (Some("control-at-most"), [n]) = (a.head(), a.args()) {
        return Ok(KindRef::ControlAtMost(
            number(n, "control-at-most", 0..=20)? as u8,
        ));
    }
    match a.as_atom() {
        Some("named-type") => Ok(KindRef::Named),
        Some("reversal") => Ok(KindRef::Reversal),
        Some("same-type") => Ok(KindRef::Same),
        Some(w) if CardKind::ALL.iter().any(|k| k.word() == w) => Ok(KindRef::Is(
            CardKind::ALL
                .into_iter()
                .find(|k| k.word() == w)
                .unwrap_or(CardKind::Attack),
        )),
        _ => err(
            a,
            "expected up-to, named-type, reversal, same-type or a card type (attack, foundation, action, asset)",
        ),
    }
}

fn kind_ref_word(k: &KindRef) -> Option<String> {
    match k {
        KindRef::Any => None,
        KindRef::Is(k) => Some(k.word().into()),
        KindRef::Named => Some("named-type".into()),
        KindRef::Reversal => Some("reversal".into()),
        KindRef::Same => Some("same-type".into()),
        KindRef::ControlAtMost(n) => Some(format!("(control-at-most {n})")),
        KindRef::Control(n) => Some(format!("(control {n})")),
    }
}

fn amount_word(a: &Amount) -> String {
    match a {
        Amount::N(n) => n.to_string(),
        Amount::Momentum(w) => format!("(momentum {})", Who::word(*w)),
        Amount::HandSize => "hand-size".into(),
        Amount::HandLead => "hand-lead".into(),
        Amount::VitalityLost => "vitality-lost".into(),
        Amount::X => "x".into(),
        Amount::ReversalsInCardPool(w) => format!("(reversals-in-card-pool {})", w.word()),
        Amount::Tokens(h, None) => format!("(tokens {})", holder_word(h)),
        Amount::Tokens(h, Some(k)) => format!("(tokens {} {})", holder_word(h), k.word()),
        Amount::Paid(PaidValue::Control) => "(paid control)".into(),
        Amount::Paid(PaidValue::Difficulty) => "(paid difficulty)".into(),
        Amount::HalfMomentum(w) => format!("(half-momentum {})", w.word()),
        Amount::CardsInHand(w) => format!("(cards-in-hand {})", w.word()),
        Amount::AttacksDealtDamage => "attacks-dealt-damage".into(),
        Amount::HalfPrintedDamage => "half-printed-damage".into(),
        Amount::OverHandSize => "over-hand-size".into(),
    }
}

fn holder_word(h: &Holder) -> &'static str {
    match h {
        Holder::ThisCard | Holder::Card(_) => "this-card",
        Holder::YourCharacter => "your-character",
        Holder::EachStaging => "each-staging-card",
        Holder::Taken => "taken-card",
        Holder::Revealed => "revealed-card",
    }
}

fn steps_word(steps: &[Effect]) -> String {
    steps.iter().map(write_step).collect::<Vec<_>>().join(" ")
}

fn attack_word(attack: &AttackRef) -> String {
    match attack {
        AttackRef::This => "this-attack".to_string(),
        AttackRef::Yours(None) => "your-attack".into(),
        AttackRef::Yours(Some(k)) => format!("(your-attack {})", trait_word(k)),
    }
}

fn trigger_word(t: &Trigger) -> String {
    let w = |head: &str, who: &Who| format!("({head} {})", who.word());
    match t {
        Trigger::Check(who, v) => format!("(after-check {} {})", who.word(), checked_word(v)),
        Trigger::CheckFails(who, n) if *n == u8::MAX => {
            format!("(after-check-fails {} any)", who.word())
        }
        Trigger::CheckFails(who, n) => format!("(after-check-fails {} {n})", who.word()),
        Trigger::CheckFailsByMore(who, n) => {
            format!("(after-check-fails-by-more {} {n})", who.word())
        }
        Trigger::ToPlayAttack(t) => format!("(to-play-attack {})", trigger_word(t)),
        Trigger::AddsAttacksWithoutCheck(who) => w("after-adds-attacks-without-check", who),
        Trigger::BeforeDraw(who) => w("before-draw", who),
        Trigger::BeforeMomentumCost(who) => w("before-momentum-cost", who),
        Trigger::PlaysCardMatching(who, n) => {
            format!("(after-plays-card-matching-symbols {} {n})", who.word())
        }
        Trigger::Block(who) => w("after-block", who),
        Trigger::BlockWithThis => "after-block-with-this".into(),
        Trigger::LoseVitality { who, from } => {
            let from = match from {
                LossFrom::Anything => "",
                LossFrom::OpponentsAttack => " from-opponents-attack",
                LossFrom::Opponent => " from-opponent",
                LossFrom::BlockedAttack => " from-blocked-attack",
            };
            format!("(after-lose-vitality {}{from})", who.word())
        }
        Trigger::DealsDamage(who, by) => {
            let by = match by {
                DamageBy::Any => "",
                DamageBy::Reversal => " reversal",
                DamageBy::Card(_) => " taken-card",
            };
            format!("(after-deals-damage {}{by})", who.word())
        }
        Trigger::Either(a, b) => format!("(either-of {} {})", trigger_word(a), trigger_word(b)),
        Trigger::PlaysAttack(who) => w("after-plays-attack", who),
        Trigger::CheckPasses(who) => w("after-check-passes", who),
        Trigger::CheckFailureStands(who) => w("after-check-failure-stands", who),
        Trigger::Draws(who) => w("after-draws", who),
        Trigger::GainsMomentum(who) => w("after-gains-momentum", who),
        Trigger::EndPhase(who) => w("end-phase", who),
        Trigger::AttackBegins(who) => w("attack-begins", who),
        Trigger::YourCardDestroyed => "after-opponent-destroys-yours".into(),
        Trigger::TakeDamage(who) => w("after-take-damage", who),
        Trigger::PassForm(who) => w("after-pass-form", who),
        Trigger::DrawStep(who) => w("after-draw-step", who),
        Trigger::ReadyPhase(who) => w("after-ready-phase", who),
        Trigger::ReadyThis => "after-ready-this".into(),
        Trigger::DiscardByYourEffect(who) => w("after-discard-by-your-effect", who),
        Trigger::BeforeForm(who) => w("before-form", who),
        Trigger::BlockFails(who) => w("after-block-fails", who),
        Trigger::BeforeBlockWithThis => "before-block-with-this".into(),
        Trigger::BeforeDrawStep(who) => w("before-draw-step", who),
    }
}

fn checked_word(v: &CheckValue) -> String {
    match v {
        CheckValue::Any => "any".to_string(),
        CheckValue::Exactly(n) => n.to_string(),
        CheckValue::AtMost(n) => format!("(at-most {n})"),
        CheckValue::AtLeast(n) => format!("(at-least {n})"),
        CheckValue::Chosen => "chosen".into(),
    }
}

fn condition_word(c: &Condition) -> String {
    match c {
        Condition::DamageBelow(n) => format!("(damage-below {n})"),
        Condition::YourAttackHasSymbol(s) => format!("(your-attack-has-symbol {})", s.name()),
        Condition::PlayedAsReversal => "played-as-reversal".into(),
        Condition::NoCardToHandThisCombat => "no-card-to-hand-this-combat".into(),
        Condition::NoReversalInHand => "no-reversal-in-hand".into(),
        Condition::FaceUpInMomentum => "face-up-in-momentum".into(),
        Condition::Checked(v) => format!("(checked {})", checked_word(v)),
        Condition::MoreMomentum => "more-momentum".into(),
        Condition::MoreCardsInHand => "more-cards-in-hand".into(),
        Condition::PlayedControl(n) => format!("(played-control {n})"),
        Condition::FewerInStaging => "fewer-in-staging".into(),
        Condition::ThisCommitted => "this-committed".into(),
        Condition::InStaging => "in-staging".into(),
        Condition::ReadyInStaging => "ready-in-staging".into(),
        Condition::NoTokens(h, None) => format!("(no-tokens {})", holder_word(h)),
        Condition::NoTokens(h, Some(k)) => {
            format!("(no-tokens {} {})", holder_word(h), k.word())
        }
        Condition::BlockCheckAgainst(_) => "blocking-this-attack".into(),
        Condition::CheckedToPlayThisAttack(n) => format!("(checked-to-play-this-attack {n})"),
        Condition::All(cs) => {
            let cs: Vec<String> = cs.iter().map(condition_word).collect();
            format!("(all {})", cs.join(" "))
        }
        Condition::Any(cs) => {
            let cs: Vec<String> = cs.iter().map(condition_word).collect();
            format!("(any {})", cs.join(" "))
        }
        Condition::AtLeast(a, n) => format!("(at-least {} {n})", amount_word(a)),
        Condition::OpponentsAttack => "opponents-attack".into(),
        Condition::InHand => "in-hand".into(),
        Condition::NoFirstForm => "no-first-form".into(),
    }
}

fn trait_word(k: &Keyword) -> &'static str {
    match k {
        Keyword::Weapon => "weapon",
        Keyword::Kick => "kick",
        Keyword::Punch => "punch",
        Keyword::Ranged => "ranged",
        _ => "throw",
    }
}

fn write_step(e: &Effect) -> String {
    let wa =
        |name: &str, w: &Who, a: &Amount| format!("({name} {} {})", Who::word(*w), amount_word(a));
    match e {
        Effect::Gets {
            attack,
            speed,
            damage,
            floor,
        } => {
            let mut out = format!("(gets {}", attack_word(attack));
            if let Some(f) = floor {
                out += &format!(" (at-least {f})");
            }
            if *speed != 0 {
                out += &format!(" (speed {speed})");
            }
            if *damage != Change::NONE {
                let d = match (&damage.amount, damage.minus) {
                    (Amount::N(n), true) => format!("-{n}"),
                    (a, true) => format!("(minus {})", amount_word(a)),
                    (a, false) => amount_word(a),
                };
                out += &format!(" (damage {d})");
            }
            out + ")"
        }
        Effect::Draw(w, a) => wa("draw", w, a),
        Effect::DiscardRandom(w, a) => wa("discard-random", w, a),
        Effect::DiscardMomentum(w, a) => wa("discard-momentum", w, a),
        Effect::DiscardRandomMomentum(w, a) => wa("discard-random-momentum", w, a),
        Effect::GainVitality(w, a) => wa("gain-vitality", w, a),
        Effect::TakeDamage(w, a) => wa("take-damage", w, a),
        Effect::LoseVitality(w, a, None) => wa("lose-vitality", w, a),
        Effect::LoseVitality(w, a, Some(f)) => format!(
            "(lose-vitality {} {} (not-below {f}))",
            Who::word(*w),
            amount_word(a)
        ),
        Effect::ReCheck => "re-check".into(),
        Effect::GaugeSearch => "gauge-search".into(),
        Effect::CheckedCardToHand => "checked-card-to-hand".into(),
        Effect::CheckSucceeds => "check-succeeds".into(),
        Effect::CheckGets(n) => format!("(check-gets {n})"),
        Effect::NextCardDifficulty(w, n) => {
            format!("(next-card-difficulty {} {n})", Who::word(*w))
        }
        Effect::If(c, then) => {
            let steps: Vec<String> = then.iter().map(write_step).collect();
            format!("(if {} {})", condition_word(c), steps.join(" "))
        }
        Effect::May(w, then, otherwise) => {
            let otherwise = if otherwise.is_empty() {
                String::new()
            } else {
                format!(" (otherwise {})", steps_word(otherwise))
            };
            format!("(may {} {}{otherwise})", w.word(), steps_word(then))
        }
        Effect::Either(options) => {
            let options: Vec<String> = options
                .iter()
                .map(|o| format!("({})", steps_word(o)))
                .collect();
            format!("(either {})", options.join(" "))
        }
        Effect::DefineX(a) => format!("(x {})", amount_word(a)),
        Effect::PlaceTokens(h, k, a) => format!(
            "(place-tokens {} {} {})",
            holder_word(h),
            k.word(),
            amount_word(a)
        ),
        Effect::RemoveTokens(h, k, a) => format!(
            "(remove-tokens {} {} {})",
            holder_word(h),
            k.map_or("any", TokenKind::word),
            a.as_ref().map_or("all".to_string(), amount_word)
        ),
        Effect::Discard(w, a) => wa("discard", w, a),
        Effect::Move(h, to) => format!(
            "(move {} {})",
            holder_word(h),
            match to {
                MoveTo::Discard => "discard",
                MoveTo::Removed => "removed",
                MoveTo::Hand => "hand",
                MoveTo::Staging => "staging",
                MoveTo::CardPool => "card-pool",
            }
        ),
        Effect::PlayAsThoughInHand(h) => format!("(play-as-though-in-hand {})", holder_word(h)),
        Effect::SetBlockZone(h, z) => format!("(block-zone {} {})", holder_word(h), z.name()),
        Effect::NoDraws(w) => format!("(no-draws {})", w.word()),
        Effect::FirstForm(h) => format!("(first-form {})", holder_word(h)),
        Effect::MomentumFaceUp(h) => format!("(momentum-face-up {})", holder_word(h)),
        Effect::RevealFromHand(k) => format!(
            "(reveal-from-hand {})",
            kind_ref_word(k).unwrap_or_else(|| "any".into())
        ),
        Effect::ChooseNumber(lo, hi) => format!("(choose-number {lo} {hi})"),
        Effect::HandToMomentum(w, a) => wa("hand-to-momentum", w, a),
        Effect::DeckToMomentum(w, a) => wa("deck-to-momentum", w, a),
        Effect::DestroyOne(k, w) => format!(
            "(destroy-one {} {})",
            k.map_or("any", CardKind::word),
            w.word()
        ),
        Effect::DiscardFromCardPool(w) => format!("(discard-from-card-pool {})", w.word()),
        Effect::CommitOne(w) => format!("(commit-one {})", w.word()),
        Effect::CommitFoundations(w, n) => format!("(commit-foundations {} {n})", w.word()),
        Effect::DiscardAsMomentum(k) => format!(
            "(discard-as-momentum {})",
            kind_ref_word(k).unwrap_or_else(|| "any".into())
        ),
        Effect::ThatPlayer(_, steps) => {
            let steps: Vec<String> = steps.iter().map(write_step).collect();
            format!("(that-player {})", steps.join(" "))
        }
        Effect::AllFromDiscard(w, k, to) => format!(
            "(all-from-discard {} {} {})",
            w.word(),
            kind_ref_word(k).unwrap_or_else(|| "any".into()),
            if *to == MoveTo::Hand {
                "hand"
            } else {
                "removed"
            }
        ),
        Effect::RemoveFromDiscard(w, a, k) => format!(
            "(remove-from-discard {} {}{})",
            w.word(),
            amount_word(a),
            kind_ref_word(k).map_or(String::new(), |k| format!(" {k}"))
        ),
        Effect::Detached(d) => {
            let mut out = format!("(detached {}", trigger_word(&d.trigger));
            if d.once {
                out += " once";
            }
            match d.until {
                Until::ThisTurn => {}
                Until::YourNextTurn => out += " (until your-next-turn)",
                Until::OpponentsNextTurnEnds => out += " (until opponents-next-turn-ends)",
            }
            if let Some(t) = &d.ends_on {
                out += &format!(" (ends-on {})", trigger_word(t));
            }
            format!("{out} {})", steps_word(&d.steps))
        }
        Effect::BlockRule(a, BlockRule::Unblockable) => {
            format!("(unblockable {})", attack_word(a))
        }
        Effect::BlockRule(a, BlockRule::NoSharedSymbols) => {
            format!("(no-block-sharing-symbols {})", attack_word(a))
        }
        Effect::ChooseZone => "choose-zone".into(),
        Effect::ChooseSymbol => "choose-symbol".into(),
        Effect::CancelEffects => "cancel-its-effects".into(),
        Effect::DrawNow(w, a) => wa("draw", w, a),
        Effect::KeepCommitted(_) => "keep-committed".into(),
        Effect::Static(rule) => static_word(rule),
        Effect::BlockRule(a, BlockRule::NoCommitSymbol(_)) => {
            format!("(no-commit-chosen-symbol-to-block {})", attack_word(a))
        }
        Effect::RevealHand(w) => format!("(reveal-hand {})", w.word()),
        Effect::DiscardRandomBlocking(w, a, _) => wa("discard-random-blocking", w, a),
        Effect::NextAttackGains(a) => format!("(next-attack-gains {})", write_ability(a)),
        Effect::AnotherBlock => "another-block".into(),
        Effect::NameCardType => "name-card-type".into(),
        Effect::ReversalAsIfBlocked => "reversal-as-if-blocked".into(),
        Effect::NoCardsToHandInCombat => "no-cards-to-hand-in-combat".into(),
        Effect::NoMomentumInCombat => "no-momentum-in-combat".into(),
        Effect::RemoveFromHand(w, a) => wa("remove-from-hand", w, a),
        Effect::RemoveTopOfDeck(w, a, up_to) => format!(
            "(remove-top-of-deck {} {}{})",
            w.word(),
            amount_word(a),
            if *up_to { " up-to" } else { "" }
        ),
        Effect::PlayTopAsAttack(k) => format!(
            "(play-top-as-attack (zone {}) (difficulty {}) (speed {}) (damage {}){})",
            k.zone.name(),
            k.difficulty,
            k.speed,
            k.damage,
            if k.no_momentum { " no-momentum" } else { "" }
        ),
        Effect::FromRemoved { n, up_to, kind, to } => {
            let head = match to {
                RemovedTo::Hand => "removed-to-hand",
                RemovedTo::DeckBottom
                | RemovedTo::OutOfGame
                | RemovedTo::Reveal
                | RemovedTo::DiscardAsMomentum => "removed-to-deck-bottom",
            };
            let mut out = format!(
                "({head} {}",
                n.as_ref().map_or("all".to_string(), amount_word)
            );
            if *up_to {
                out += " up-to";
            }
            if let Some(k) = kind_ref_word(kind) {
                out += " ";
                out += &k;
            }
            out + ")"
        }
        Effect::OnAttack {
            when,
            yours_only,
            then,
        } => {
            let head = match when {
                FiredWhen::Damage => "if-deals-damage",
                FiredWhen::NoDamage => "if-no-damage",
                FiredWhen::YouBlock => "if-you-block",
                FiredWhen::DamageOrBlocked => "if-deals-damage-or-blocked",
                FiredWhen::DamageWithCopies => "if-it-or-a-copy-deals-damage",
                FiredWhen::DamageAtLeast(n) => {
                    return format!("(if-deals-damage-at-least {n} {})", steps_word(then));
                }
            };
            let yours = if *yours_only { " your-attack" } else { "" };
            format!("({head}{yours} {})", steps_word(then))
        }
    }
}

/// An ability as the card language writes it.
pub fn write_ability(a: &Ability) -> String {
    if let (AbilityKind::Static, [Effect::Static(rule)]) = (a.kind, a.effect.as_slice()) {
        let cond = match &a.only_playable {
            None => String::new(),
            Some(Condition::All(cs)) => {
                let cs: Vec<String> = cs.iter().map(condition_word).collect();
                format!(" (while {})", cs.join(" "))
            }
            Some(c) => format!(" (while {})", condition_word(c)),
        };
        return format!("(static {}{cond})", static_word(rule));
    }
    let mut out = match a.kind {
        AbilityKind::Static => "(static".to_string(),
        AbilityKind::Enhance => "(enhance".to_string(),
        AbilityKind::Form => "(form".to_string(),
        AbilityKind::Response => "(response".to_string(),
        AbilityKind::Continuous => "(continuous".to_string(),
    };
    if let Some(t) = &a.trigger {
        out += " ";
        out += &trigger_word(t);
    }
    if !a.only_character.is_empty() {
        let names: Vec<String> = a.only_character.iter().map(|n| format!("{n:?}")).collect();
        out += &format!(" (only {})", names.join(" "));
    }
    if a.combo {
        out += " combo";
    }
    if let Some(c) = &a.only_playable {
        out += &format!(" (only-playable {})", condition_word(c));
    }
    if let Some(x) = &a.x_at_most {
        out += &format!(" (x-at-most {})", amount_word(x));
    }
    if a.while_committed {
        out += " playable-while-committed";
    }
    match a.by {
        PlayableBy::Controller => {}
        PlayableBy::EitherPlayer => out += " playable-by-either-player",
        PlayableBy::EachPlayerOnce => out += " playable-by-each-player-once",
    }
    if !a.cost.is_empty() {
        let parts: Vec<String> = a.cost.iter().map(cost_word).collect();
        out += &format!(" (cost {})", parts.join(" "));
    }
    for e in &a.effect {
        out += " ";
        out += &write_step(e);
    }
    out + ")"
}

fn static_word(rule: &StaticRule) -> String {
    match rule {
        StaticRule::HandSize(n) => format!("(hand-size {n})"),
        StaticRule::ReduceDamageTaken(n) => format!("(reduce-damage-taken {n})"),
        StaticRule::MayStayCommitted => "may-stay-committed".into(),
        StaticRule::HalfDamageWhenCompletelyBlocked => "completely-blocked-half-damage".into(),
        StaticRule::BlocksRangedWithoutCheck => "blocks-ranged-without-check".into(),
        StaticRule::AdditionalCost(parts) => {
            let parts: Vec<String> = parts.iter().map(cost_word).collect();
            format!("(additional-cost {})", parts.join(" "))
        }
    }
}

fn cost_word(c: &Cost) -> String {
    match c {
        Cost::Commit => "commit".to_string(),
        Cost::Destroy => "destroy".into(),
        Cost::DiscardMomentum(n) => format!("(discard-momentum {n})"),
        Cost::Discard(n) => format!("(discard {n})"),
        Cost::RemoveTopOfDeck(n) => format!("(remove-top-of-deck {n})"),
        Cost::RemoveMomentum(n) => format!("(remove-momentum {n})"),
        Cost::RemoveTokens(h, k, n) => format!(
            "(remove-tokens {} {} {})",
            holder_word(h),
            k.word(),
            n.map_or("x".to_string(), |n| n.to_string())
        ),
        Cost::PlaceTokens(h, k, n) => {
            format!("(place-tokens {} {} {n})", holder_word(h), k.word())
        }
        Cost::RemoveFromHand(n) => format!(
            "(remove-from-hand {})",
            n.map_or("x".to_string(), |n| n.to_string())
        ),
        Cost::RemoveFromDiscard(n) => format!("(remove-from-discard {n})"),
        Cost::RevealFromHand(k) => format!(
            "(reveal-from-hand {})",
            kind_ref_word(k).unwrap_or_else(|| "any".into())
        ),
        Cost::RemoveHand => "remove-hand".into(),
        Cost::DestroyFoundation => "destroy-foundation".into(),
        Cost::DiscardMomentumX => "(discard-momentum x)".into(),
        Cost::DiscardX => "(discard x)".into(),
        Cost::RemoveThis => "remove-this".into(),
        Cost::RevealTopOfDeck => "reveal-top-of-deck".into(),
        Cost::CommitFoundations(n) => format!(
            "(commit-foundations {})",
            n.map_or("x".to_string(), |n| n.to_string())
        ),
    }
}
