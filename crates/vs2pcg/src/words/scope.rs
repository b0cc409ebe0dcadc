//! The scope of an effect being compiled (what its steps may refer to: the slots, players
//! and rows earlier steps chose), and the card-file words for who, which player, how
//! many and which hand cards a step means.

use super::*;

/// What an effect may refer to while it is being compiled.
pub(crate) struct Scope {
    /// The effect belongs to a character (so `self` means something).
    pub(crate) has_self: bool,
    /// Slots filled by earlier `choose` steps.
    pub(crate) slots: Vec<u8>,
    /// Slots filled by earlier `choose-player` steps.
    pub(crate) players: Vec<u8>,
    /// An earlier step set the count `last-count` reads.
    pub(crate) last_count: bool,
    /// A reaction to a Super Power (so `cancel-super-power` means something).
    pub(crate) reacts_to_super: bool,
    /// The effect is a trigger's, so it has a subject (`take-subject`).
    pub(crate) has_subject: bool,
    /// Row slots filled by earlier `choose-row` steps.
    pub(crate) rows: Vec<u8>,
    /// An earlier `name-a-card` step named a card.
    pub(crate) named: bool,
}

impl Scope {
    pub(crate) fn new(has_self: bool, reacts_to_super: bool) -> Scope {
        Scope {
            has_self,
            slots: vec![],
            players: vec![],
            last_count: false,
            reacts_to_super,
            has_subject: false,
            rows: vec![],
            named: false,
        }
    }
}

/// Engine-internal frame slots start here (5: revealed cards, 6: picked cards, 7: divided counters).
pub(crate) const MAX_SLOT: i64 = 4;

/// WHAT of `discard-each` / `discard-matching`.
pub(crate) fn parse_hand_filter(s: &Sexp, scope: &Scope) -> R<HandFilter> {
    const KNOWN: [&str; 4] = ["cards", "plot-twists", "named", "(cost-at-least-of SLOT)"];
    match word(s).as_deref() {
        Some("cards") => return Ok(HandFilter::Cards),
        Some("plot-twists") => return Ok(HandFilter::PlotTwists),
        Some("named") => {
            if !scope.named {
                return err(
                    s.pos(),
                    "`named` discards the card named by an earlier `name-a-card` step; there is none",
                );
            }
            return Ok(HandFilter::Named);
        }
        _ => {}
    }
    if head(s).as_deref() == Some("cost-at-least-of") {
        let slot = int_in(
            &args_n(s, 1, "(cost-at-least-of SLOT)")?[0],
            "a slot",
            0,
            MAX_SLOT,
        )? as u8;
        check_slot(slot, s.pos(), scope)?;
        return Ok(HandFilter::CostAtLeastOf(slot));
    }
    Err(unknown("kind of card", s, &KNOWN))
}

/// Filters read outside a resolving effect (triggers, counts, statics) can't use the
/// words that refer to what the effect chose.
/// A trigger's filter on the character it is about (written after the trigger word);
/// with none, any character, face up or stunned.
pub(crate) fn trigger_filter(words: &[Sexp], form: &Sexp) -> R<Filter> {
    let filter = if words.is_empty() {
        Filter {
            face: FaceFilter::Any,
            ..Filter::default()
        }
    } else {
        parse_filter(words, &Scope::new(true, false))?
    };
    no_effect_words(&filter, form.pos(), "a trigger")?;
    Ok(filter)
}

pub(crate) fn no_effect_words(f: &Filter, pos: Pos, context: &str) -> R<()> {
    if f.of_player.is_some()
        || f.in_row.is_some()
        || matches!(*f.same_name, Some(SameName::AsSlot(_)))
    {
        return err(
            pos,
            format!("(of ...), (in-row ...) and (same-name-as ...) refer to what a resolving effect chose; {context} can't use them"),
        );
    }
    Ok(())
}

pub(crate) fn parse_who(s: &Sexp, scope: &Scope) -> R<Who> {
    const USAGE: &str = "self, (chosen SLOT) or (each FILTER...)";
    match s {
        Sexp::Atom(..) if word(s).as_deref() == Some("self") => {
            if !scope.has_self {
                return err(
                    s.pos(),
                    "a plot twist has no `self`; choose a character first: (choose 0 (...)) then (chosen 0)",
                );
            }
            Ok(Who::This)
        }
        Sexp::List(..) => match head(s).as_deref() {
            Some("chosen") => {
                let a = args_n(s, 1, "(chosen SLOT)")?;
                let slot = int_in(&a[0], "a slot", 0, MAX_SLOT)? as u8;
                check_slot(slot, s.pos(), scope)?;
                Ok(Who::Chosen(slot))
            }
            Some("each") => {
                if s.args().is_empty() {
                    return err(
                        s.pos(),
                        "write which characters: (each enemy) or (each yours in-combat)",
                    );
                }
                Ok(Who::Each(parse_filter(s.args(), scope)?))
            }
            _ => err(s.pos(), format!("expected {USAGE}, found {}", s.describe())),
        },
        _ => err(s.pos(), format!("expected {USAGE}, found {}", s.describe())),
    }
}

pub(crate) fn check_slot(slot: u8, pos: Pos, scope: &Scope) -> R<()> {
    if !scope.slots.contains(&slot) {
        return err(
            pos,
            format!(
                "(chosen {slot}) refers to slot {slot}, but there is no earlier (choose {slot} ...) in this effect"
            ),
        );
    }
    Ok(())
}

pub(crate) fn parse_player(s: &Sexp, scope: &Scope) -> R<PlayerWho> {
    const USAGE: &str = "you, each-enemy, (chosen-player SLOT) or (controller-of SLOT)";
    match word(s).as_deref() {
        Some("you") => return Ok(PlayerWho::You),
        Some("each-enemy") => return Ok(PlayerWho::EachEnemy),
        _ => {}
    }
    match head(s).as_deref() {
        Some("chosen-player") => {
            let slot = int_in(
                &args_n(s, 1, "(chosen-player SLOT)")?[0],
                "a slot",
                0,
                MAX_SLOT,
            )? as u8;
            if !scope.players.contains(&slot) {
                return err(
                    s.pos(),
                    format!("(chosen-player {slot}) needs an earlier (choose-player {slot}) in this effect"),
                );
            }
            Ok(PlayerWho::Chosen(slot))
        }
        Some("controller-of") => {
            let slot = int_in(
                &args_n(s, 1, "(controller-of SLOT)")?[0],
                "a slot",
                0,
                MAX_SLOT,
            )? as u8;
            check_slot(slot, s.pos(), scope)?;
            Ok(PlayerWho::ControllerOf(slot))
        }
        _ => err(
            s.pos(),
            format!("expected a player: {USAGE}; found {}", s.describe()),
        ),
    }
}

/// AMOUNT; `live` amounts (statics) are read continuously, so `last-count` makes no sense.
pub(crate) fn parse_amount(s: &Sexp, scope: &Scope, live: bool) -> R<Amount> {
    if let Some(n) = s.as_int() {
        if !(-99..=99).contains(&n) {
            return err(s.pos(), format!("{n} is too large for an amount"));
        }
        return Ok(Amount::Fixed(n as i32));
    }
    match word(s).as_deref() {
        Some("resources") => return Ok(Amount::ResourcesOnYourSide),
        Some("wounds-on-self") => {
            if !scope.has_self {
                return err(s.pos(), "a plot twist has no `self` to count wounds on");
            }
            return Ok(Amount::WoundsOnSelf);
        }
        Some(w @ ("self-atk" | "self-def")) => {
            if live || !scope.has_self {
                return err(
                    s.pos(),
                    format!("`{w}` reads the current ATK or DEF of the power's own character as an effect resolves; a static power or plot twist can't use it"),
                );
            }
            return Ok(Amount::SelfCurrent {
                atk: w == "self-atk",
            });
        }
        Some("last-count") => {
            if live || !scope.last_count {
                return err(
                    s.pos(),
                    "`last-count` reads the count of an earlier remove-plus-counters or shuffle-ko-characters-into-decks step in this effect; there is none",
                );
            }
            return Ok(Amount::LastCount);
        }
        _ => {}
    }
    if head(s).as_deref() == Some("count-ko-pile") {
        let a = args_n(s, 1, "(count-ko-pile good|evil)")?;
        return match word(&a[0]).as_deref() {
            Some("good") => Ok(Amount::CountKoPile { good: true }),
            Some("evil") => Ok(Amount::CountKoPile { good: false }),
            _ => Err(unknown("kind of character", &a[0], &["good", "evil"])),
        };
    }
    if let Some(h @ ("plus-counters-on" | "minus-counters-on")) = head(s).as_deref() {
        let w = parse_who(&args_n(s, 1, &format!("({h} WHO)"))?[0], scope)?;
        if let Who::Each(f) = &w {
            no_effect_words(f, s.pos(), &format!("({h} (each ...))"))?;
        }
        return Ok(if h == "plus-counters-on" {
            Amount::PlusCountersOn(w)
        } else {
            Amount::MinusCountersOn(w)
        });
    }
    if head(s).as_deref() == Some("health-of") {
        if live {
            return err(
                s.pos(),
                "(health-of SLOT) reads a slot of a resolving effect; a static has none",
            );
        }
        let slot = int_in(&args_n(s, 1, "(health-of SLOT)")?[0], "a slot", 0, MAX_SLOT)? as u8;
        check_slot(slot, s.pos(), scope)?;
        return Ok(Amount::HealthOf(slot));
    }
    match head(s).as_deref() {
        Some("atk-to-match") if !live => {
            if !scope.has_self {
                return err(s.pos(), "a plot twist has no character to gain the ATK");
            }
            let slot = int_in(
                &args_n(s, 1, "(atk-to-match SLOT)")?[0],
                "a slot",
                0,
                MAX_SLOT,
            )? as u8;
            check_slot(slot, s.pos(), scope)?;
            return Ok(Amount::AtkToMatch(slot));
        }
        Some("hand-size-difference") if !live => {
            let p = parse_player(&args_n(s, 1, "(hand-size-difference PLAYER)")?[0], scope)?;
            return Ok(Amount::HandSizeDifference(p));
        }
        _ => {}
    }
    if head(s).as_deref() == Some("count") {
        if s.args().is_empty() {
            return err(
                s.pos(),
                "write what to count: (count yours face-up supporting)",
            );
        }
        let f = parse_filter(s.args(), scope)?;
        if live {
            no_effect_words(&f, s.pos(), "a static's count")?;
        }
        return Ok(Amount::CountCharacters(f));
    }
    err(
        s.pos(),
        format!(
            "expected an amount: a number, resources, wounds-on-self, last-count, self-atk, self-def, (count FILTER...), (count-ko-pile good|evil), (plus-counters-on WHO), (minus-counters-on WHO), (health-of SLOT), (atk-to-match SLOT) or (hand-size-difference PLAYER); found {}",
            s.describe()
        ),
    )
}

/// `(WORD WHO AMOUNT)`, the form of the counter, wound and heal steps.
pub(crate) fn who_and_amount(form: &Sexp, word: &str, scope: &Scope) -> R<(Who, Amount)> {
    let a = form.args();
    if a.len() != 2 {
        return err(
            form.pos(),
            format!("`{word}` is written ({word} WHO AMOUNT)"),
        );
    }
    Ok((parse_who(&a[0], scope)?, parse_amount(&a[1], scope, false)?))
}

/// `(WORD WHO)`, the form of the steps that do one thing to characters.
pub(crate) fn one_who(form: &Sexp, word: &str, scope: &Scope) -> R<Who> {
    let a = form.args();
    if a.len() != 1 {
        return err(form.pos(), format!("`{word}` is written ({word} WHO)"));
    }
    parse_who(&a[0], scope)
}

/// `(stun WHO (by WHO))`: who is stunned, and the character named as stunning them.
pub(crate) fn stun_by(form: &Sexp, scope: &Scope) -> R<(Who, Who)> {
    let a = form.args();
    let usage = "(stun WHO (by WHO)), like (stun (chosen 1) (by (chosen 0)))";
    if head(&a[1]).as_deref() != Some("by") {
        return err(
            a[1].pos(),
            format!("`stun` is written (stun WHO) or {usage}"),
        );
    }
    Ok((
        parse_who(&a[0], scope)?,
        parse_who(&args_n(&a[1], 1, usage)?[0], scope)?,
    ))
}

/// The arguments of `(WORD ...)`, requiring exactly `n` of them: "`WORD` is written USAGE"
/// otherwise.
pub(crate) fn written<'a>(form: &'a Sexp, word: &str, n: usize, usage: &str) -> R<&'a [Sexp]> {
    let a = form.args();
    if a.len() != n {
        return err(form.pos(), format!("`{word}` is written {usage}"));
    }
    Ok(a)
}

/// `(WORD)`: a step without arguments; `on_self` for one that acts on the power's own
/// character (which a plot twist has not).
pub(crate) fn no_args(form: &Sexp, word: &str, scope: &Scope, on_self: bool) -> R<()> {
    if !form.args().is_empty() {
        return err(form.pos(), format!("`{word}` takes no arguments"));
    }
    if on_self && !scope.has_self {
        return err(
            form.pos(),
            format!("`{word}` acts on the power's own character; a plot twist has none"),
        );
    }
    Ok(())
}

/// A step written `(WORD)` alone about the power's own character: refused with arguments,
/// and in a plot twist, which has no such character.
pub(crate) fn about_own_character(scope: &Scope, form: &Sexp, word: &str) -> R<()> {
    if !form.args().is_empty() {
        return err(form.pos(), format!("`{word}` takes no arguments"));
    }
    if !scope.has_self {
        return err(
            form.pos(),
            format!("`{word}` acts on the power's own character; a plot twist has none"),
        );
    }
    Ok(())
}
