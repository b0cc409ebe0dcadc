//! Filters (which characters) and conditions.

use super::*;

pub(crate) const FILTER_WORDS: [&str; 29] = [
    "yours",
    "enemy",
    "main",
    "supporting",
    "face-up",
    "stunned",
    "any-face",
    "front-row",
    "back-row",
    "in-combat",
    "attacker",
    "defender",
    "other",
    "has-plus-counter",
    "has-minus-counter",
    "ready",
    "exhausted",
    "unprotected",
    "character",
    "characters",
    "(max-cost N)",
    "(team T)",
    "(has-keyword K)",
    "(named \"N\"...)",
    "(not-named \"N\"...)",
    "(of PLAYER)",
    "(in-row SLOT)",
    "same-name",
    "(same-name-as SLOT)",
];

pub(crate) fn parse_filter(items: &[Sexp], scope: &Scope) -> R<Filter> {
    // `(each (enemy in-combat))` is the same as `(each enemy in-combat)`.
    if let [one @ Sexp::List(inner, _)] = items {
        if !matches!(
            head(one).as_deref(),
            Some(
                "max-cost"
                    | "team"
                    | "has-keyword"
                    | "of"
                    | "in-row"
                    | "same-name-as"
                    | "named"
                    | "not-named"
            )
        ) {
            return parse_filter(inner, scope);
        }
    }
    let mut f = Filter {
        face: FaceFilter::Any,
        ..Filter::default()
    };
    let mut side_set = false;
    let mut kind_set = false;
    let mut face_set = false;
    let mut row_set = false;
    let mut role_set = false;
    let mut ready_set = false;
    let dup = |p: Pos, what: &str| err(p, format!("the filter names two {what}s; keep one"));
    for it in items {
        if let Some(w) = word(it) {
            match w.as_str() {
                "yours" | "enemy" => {
                    if side_set {
                        return dup(it.pos(), "side");
                    }
                    side_set = true;
                    f.side = if w == "yours" {
                        SideFilter::Yours
                    } else {
                        SideFilter::Enemy
                    };
                }
                "main" | "supporting" => {
                    if kind_set {
                        return dup(it.pos(), "kind");
                    }
                    kind_set = true;
                    f.kind = if w == "main" {
                        KindFilter::Main
                    } else {
                        KindFilter::Supporting
                    };
                }
                "not-in-combat" => f.not_in_combat = true,
                "face-up" | "stunned" | "any-face" => {
                    if face_set {
                        return dup(it.pos(), "face");
                    }
                    face_set = true;
                    f.face = match w.as_str() {
                        "face-up" => FaceFilter::Up,
                        "stunned" => FaceFilter::Stunned,
                        _ => FaceFilter::Any,
                    };
                }
                "front-row" | "back-row" => {
                    if row_set {
                        return dup(it.pos(), "row");
                    }
                    row_set = true;
                    f.row = Some(if w == "front-row" {
                        Row::Front
                    } else {
                        Row::Back
                    });
                }
                "in-combat" | "attacker" | "defender" => {
                    if role_set {
                        return dup(it.pos(), "combat role");
                    }
                    role_set = true;
                    f.role = Some(match w.as_str() {
                        "in-combat" => RoleFilter::InCombat,
                        "attacker" => RoleFilter::Attacker,
                        _ => RoleFilter::Defender,
                    });
                }
                "other" => {
                    if !scope.has_self {
                        return err(
                            it.pos(),
                            "`other` means \"not this character\"; a plot twist has no character",
                        );
                    }
                    f.other = true;
                }
                "has-plus-counter" => f.has_plus_counter = true,
                "same-name" => {
                    if !scope.has_self {
                        return err(
                            it.pos(),
                            "`same-name` compares with the power's own character; a plot twist has none",
                        );
                    }
                    if f.same_name.is_some() {
                        return dup(it.pos(), "same-name word");
                    }
                    f.same_name = crossover_kernel::Added(Some(SameName::AsSelf));
                }
                "has-minus-counter" => f.has_minus_counter = crossover_kernel::Added(true),
                "ready" | "exhausted" => {
                    if ready_set {
                        return dup(it.pos(), "ready/exhausted word");
                    }
                    ready_set = true;
                    f.must_be_exhausted = crossover_kernel::Added(Some(w == "exhausted"));
                }
                "unprotected" => f.unprotected = crossover_kernel::Added(true),
                "character" | "characters" => {}
                _ => {
                    let hint = match w.as_str() {
                        "your" | "friendly" | "own" => " (write `yours`)",
                        "face-down" => " (write `stunned`)",
                        _ => "",
                    };
                    let mut e = unknown("filter word", it, &FILTER_WORDS);
                    if !hint.is_empty() {
                        e.msg = format!("unknown filter word `{w}`{hint}");
                    }
                    return Err(e);
                }
            }
            continue;
        }
        match head(it).as_deref() {
            Some("max-cost") => {
                if f.max_cost.is_some() {
                    return dup(it.pos(), "max-cost");
                }
                f.max_cost = Some(u8_of(&args_n(it, 1, "(max-cost N)")?[0], "max-cost")?);
            }
            Some("team") => {
                if f.team.is_some() {
                    return dup(it.pos(), "team");
                }
                f.team = Some(team(&args_n(it, 1, "(team T)")?[0])?);
            }
            Some("has-keyword") => {
                if f.has_keyword.is_some() {
                    return dup(it.pos(), "has-keyword");
                }
                f.has_keyword = Some(keyword(&args_n(it, 1, "(has-keyword K)")?[0])?);
            }
            Some(h @ ("named" | "not-named")) => {
                let list = if h == "named" {
                    &mut f.named
                } else {
                    &mut f.not_named
                };
                if !list.is_empty() {
                    return dup(it.pos(), h);
                }
                if it.args().is_empty() {
                    return err(
                        it.pos(),
                        format!("({h} \"Name\"...) needs at least one name"),
                    );
                }
                for a in it.args() {
                    match a.as_str() {
                        Some(n) if !n.trim().is_empty() => list.push(n.to_string()),
                        _ => {
                            return err(
                                a.pos(),
                                format!(
                                    "({h} ...) takes card names in quotes, found {}",
                                    a.describe()
                                ),
                            )
                        }
                    }
                }
            }
            Some("of") => {
                if f.of_player.is_some() {
                    return dup(it.pos(), "player");
                }
                let p = &args_n(it, 1, "(of PLAYER)")?[0];
                f.of_player = Some(if word(p).as_deref() == Some("defending-player") {
                    PlayerRef::DefendingPlayer
                } else {
                    match parse_player(p, scope) {
                        Ok(PlayerWho::Chosen(n)) => PlayerRef::Chosen(n),
                        Ok(PlayerWho::ControllerOf(n)) => PlayerRef::ControllerOf(n),
                        Ok(_) => {
                            return err(
                                p.pos(),
                                "(of PLAYER) takes (chosen-player SLOT), (controller-of SLOT) or defending-player; for you or enemies write `yours` or `enemy`",
                            )
                        }
                        Err(e) => return Err(e),
                    }
                });
            }
            Some("in-row") => {
                if f.in_row.is_some() {
                    return dup(it.pos(), "in-row");
                }
                let slot = int_in(
                    &args_n(it, 1, "(in-row SLOT)")?[0],
                    "a row slot",
                    0,
                    MAX_SLOT,
                )? as u8;
                if !scope.rows.contains(&slot) {
                    return err(
                        it.pos(),
                        format!("(in-row {slot}) needs an earlier (choose-row {slot} ...) in this effect"),
                    );
                }
                f.in_row = Some(slot);
            }
            Some("same-name-as") => {
                if f.same_name.is_some() {
                    return dup(it.pos(), "same-name word");
                }
                let slot = int_in(
                    &args_n(it, 1, "(same-name-as SLOT)")?[0],
                    "a slot",
                    0,
                    MAX_SLOT,
                )? as u8;
                check_slot(slot, it.pos(), scope)?;
                f.same_name = crossover_kernel::Added(Some(SameName::AsSlot(slot)));
            }
            _ => return Err(unknown("filter word", it, &FILTER_WORDS)),
        }
    }
    Ok(f)
}

pub(crate) const CONDS: [(&str, Cond); 27] = [
    ("self-stunned", Cond::SelfStunned),
    ("self-face-up", Cond::SelfFaceUp),
    ("self-wounded", Cond::SelfWounded),
    ("self-attacking", Cond::SelfAttacking),
    ("self-defending", Cond::SelfDefending),
    ("self-team-attacking", Cond::SelfTeamAttacking),
    ("self-solo-attacking", Cond::SelfSoloAttacking),
    ("self-in-front-row", Cond::SelfInFrontRow),
    ("self-attacking-main", Cond::SelfAttackingMain),
    ("self-attacking-back-row", Cond::SelfAttackingBackRow),
    ("self-protecting", Cond::SelfProtecting),
    (
        "self-stunned-enemy-this-turn",
        Cond::SelfStunnedEnemyThisTurn,
    ),
    ("self-is-your-main-character", Cond::SelfIsYourMainCharacter),
    ("ranged-combat", Cond::RangedCombat),
    ("hand-empty", Cond::HandEmpty),
    ("some-enemy-all-stunned", Cond::SomeEnemyAllStunned),
    ("no-attacks-this-turn", Cond::NoAttacksThisTurn),
    ("amplified", Cond::Amplified),
    ("combat-resolved", Cond::CombatResolved),
    ("enemy-turn", Cond::EnemyTurn),
    ("team-attack", Cond::TeamAttack),
    ("self-attacking-exhausted", Cond::SelfAttackingExhausted),
    ("your-main-evil", Cond::YourMainEvil),
    ("defender-yours", Cond::DefenderYours),
    ("self-in-back-row", Cond::SelfInBackRow),
    (
        "all-enemy-characters-stunned",
        Cond::AllEnemyCharactersStunned,
    ),
    ("self-in-combat", Cond::SelfInCombat),
];

pub(crate) fn parse_cond(s: &Sexp, scope: &Scope) -> R<Cond> {
    let mut names: Vec<&str> = CONDS.iter().map(|(k, _)| *k).collect();
    names.extend([
        "(chose SLOT)",
        "(not COND)",
        "(all COND...)",
        "(last-count-at-least N)",
        "(your-main-level-at-least N)",
        "(self-attacking FILTER-WORD...)",
        "(self-plus-counters-at-least N)",
        "(same-team-on-your-side-at-least N)",
        "(location-on-your-side SYMBOL)",
    ]);
    if let Some(w) = word(s) {
        if let Some((_, c)) = CONDS.iter().find(|(k, _)| *k == w) {
            if w.starts_with("self-") && !scope.has_self {
                return err(
                    s.pos(),
                    format!("`{w}` asks about the power's own character; a plot twist has none"),
                );
            }
            return Ok(c.clone());
        }
        return Err(unknown("condition", s, &names));
    }
    match head(s).as_deref() {
        Some("not") => Ok(Cond::Not(Box::new(parse_cond(
            &args_n(s, 1, "(not COND)")?[0],
            scope,
        )?))),
        Some("all") => {
            if s.args().len() < 2 {
                return err(s.pos(), "(all ...) combines two or more conditions");
            }
            Ok(Cond::All(
                s.args()
                    .iter()
                    .map(|c| parse_cond(c, scope))
                    .collect::<R<Vec<_>>>()?,
            ))
        }
        Some("self-attacking") => {
            if !scope.has_self {
                return err(
                    s.pos(),
                    "`self-attacking` asks about the power's own character; a plot twist has none",
                );
            }
            if s.args().is_empty() {
                return err(
                    s.pos(),
                    "write what it attacks: (self-attacking exhausted), or the bare word self-attacking",
                );
            }
            let f = parse_filter(s.args(), scope)?;
            no_effect_words(&f, s.pos(), "a condition")?;
            Ok(Cond::SelfAttackingMatching(f))
        }
        Some("last-count-at-least") => {
            if !scope.last_count {
                return err(
                    s.pos(),
                    "`last-count-at-least` reads the count of an earlier counting step (a discard, remove-plus-counters, ...); there is none",
                );
            }
            let n = int_in(
                &args_n(s, 1, "(last-count-at-least N)")?[0],
                "a count",
                0,
                99,
            )? as u8;
            Ok(Cond::LastCountAtLeast(n))
        }
        Some("your-main-level-at-least") => Ok(Cond::YourMainLevelAtLeast(int_in(
            &args_n(s, 1, "(your-main-level-at-least N)")?[0],
            "a level",
            1,
            9,
        )? as u8)),
        Some("self-plus-counters-at-least") => {
            if !scope.has_self {
                return err(
                    s.pos(),
                    "`self-plus-counters-at-least` asks about the power's own character; a plot twist has none",
                );
            }
            let n = int_in(
                &args_n(s, 1, "(self-plus-counters-at-least N)")?[0],
                "a count",
                1,
                99,
            )? as u8;
            Ok(Cond::SelfPlusCountersAtLeast(n))
        }
        Some("same-team-on-your-side-at-least") => {
            let n = int_in(
                &args_n(s, 1, "(same-team-on-your-side-at-least N)")?[0],
                "a count",
                1,
                99,
            )? as u8;
            Ok(Cond::SameTeamOnYourSideAtLeast(n))
        }
        Some("location-on-your-side") => Ok(Cond::LocationOnYourSide(symbol(
            &args_n(s, 1, "(location-on-your-side SYMBOL)")?[0],
        )?)),
        Some("chose") => {
            let slot = int_in(&args_n(s, 1, "(chose SLOT)")?[0], "a slot", 0, MAX_SLOT)? as u8;
            if !scope.slots.contains(&slot) {
                return err(
                    s.pos(),
                    format!("(chose {slot}) asks about slot {slot}, but there is no earlier (choose {slot} ...) in this effect"),
                );
            }
            Ok(Cond::Chose(slot))
        }
        _ => match s.as_list().and_then(|l| l.first()) {
            Some(h) => Err(unknown("condition", h, &names)),
            None => Err(unknown("condition", s, &names)),
        },
    }
}
