//! Card files: Marvel Champions cards written as s-expressions, compiled into
//! [`crate::model::CardDef`]. Numbers, names and stats are the printed facts; every
//! ability is written in this language, and the text players read is generated from
//! it (`text.rs`).
//!
//! ```text
//! (card CODE "Name" KIND ITEM...)
//!
//! KIND = (hero (atk N) (thw N) (def N) (hp N) (hand N))
//!      | (alter-ego (rec N) (hp N) (hand N))
//!      | (ally (cost N) (atk N|- [CD]) (thw N|- [CD]) (hp N))     ; CD: consequential damage
//!      | (event (cost N)) | (upgrade (cost N)) | (support (cost N)) | (resource)
//!      | (villain (stage N) (atk N) (sch N) (hp N [per-player]))
//!      | (main-scheme (stage N a|b) [(target N [per-player])] [(start N [per-player])]
//!                     [(acceleration N [per-player])])
//!      | (side-scheme (start N [per-player]))
//!      | (minion (atk N|x) (sch N) (hp N))
//!      | (treachery) | (attachment [(atk N)] [(sch N)]) | (environment) | (obligation)
//! ITEM = (set NAME) | (aspect ASPECT) | unique | (subtitle "S") | (traits WORD...)
//!      | (resources RESOURCE...) | (boost N) | boost-star | atk-star | sch-star
//!      | (quantity N) | (deck-limit N) | max-per-player | any-player | (back CODE)
//!      | (obligation-of "Hero") | (attach-to minion|enemy|ally|villain)
//!      | guard | overkill | quickstrike | peril | restricted | surge | toughness
//!      | crisis | acceleration | hazard | (retaliate N) | (uses N)
//!      | (constant CONSTANT) | (missing "what is not implemented, and why")
//!      | (KIND-OF-ABILITY ["Name"] OPTION... STEP...)
//! KIND-OF-ABILITY = action | interrupt | response | resource | forced-interrupt
//!      | forced-response | when-revealed | when-defeated | boost | special | setup
//! OPTION = (form hero|alter-ego) | (label attack|thwart|defense) | (when TRIGGER)
//!      | (revealed-in hero|alter-ego) | (cost COST...) | (limit N round|phase|game)
//! ```
//! Steps, targets, triggers, costs and constants are the kebab-case names of the
//! variants in `model.rs` (`(damage (chosen 0) 8)`, `(choose 0 enemy)`, `villain`...).
//! Play restrictions: `hero-form-only`, `alter-ego-form-only`,
//! `max-one-per-enemy` (an attachment's "Max 1 per enemy").

use crate::model::*;
use crossover_sexpr::{Pos, Sexp};

/// A problem in a card file, at a position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CardError {
    pub pos: Pos,
    pub message: String,
}

type R<T> = Result<T, CardError>;

fn err<T>(at: &Sexp, message: impl Into<String>) -> R<T> {
    Err(CardError {
        pos: at.pos(),
        message: message.into(),
    })
}

/// Compile every card of a file's text.
pub fn parse_cards(src: &str) -> R<Vec<CardDef>> {
    let forms = crossover_sexpr::read(src).map_err(|e| CardError {
        pos: e.pos,
        message: e.message,
    })?;
    forms.iter().map(card).collect()
}

fn atom(s: &Sexp) -> R<&str> {
    s.as_atom().map_or_else(
        || err(s, format!("expected a word, found {}", s.describe())),
        Ok,
    )
}

fn int(s: &Sexp, max: i64) -> R<i64> {
    match s.as_int() {
        Some(n) if (0..=max).contains(&n) => Ok(n),
        Some(n) => err(s, format!("{n} is out of range (0 to {max})")),
        None => err(s, format!("expected a number, found {}", s.describe())),
    }
}

fn u8_of(s: &Sexp) -> R<u8> {
    Ok(int(s, 255)? as u8)
}

fn arg(form: &Sexp, i: usize) -> R<&Sexp> {
    form.args().get(i).map_or_else(
        || {
            err(
                form,
                format!(
                    "`({} ...)` needs more arguments",
                    form.head().unwrap_or("?")
                ),
            )
        },
        Ok,
    )
}

/// `(name N)` inside a kind form.
fn field<'a>(kind: &'a Sexp, name: &str) -> Option<&'a Sexp> {
    kind.args().iter().find(|f| f.head() == Some(name))
}

fn need<'a>(kind: &'a Sexp, name: &str) -> R<&'a Sexp> {
    field(kind, name).map_or_else(
        || {
            err(
                kind,
                format!("`({} ...)` needs `({name} N)`", kind.head().unwrap_or("?")),
            )
        },
        Ok,
    )
}

fn stat(kind: &Sexp, name: &str) -> R<u8> {
    u8_of(arg(need(kind, name)?, 0)?)
}

fn scaled(f: &Sexp) -> R<Scaled> {
    let value = int(arg(f, 0)?, 999)? as u16;
    let per_player = match f.args().get(1) {
        None => false,
        Some(s) if s.as_atom() == Some("per-player") => true,
        Some(s) => return err(s, "expected `per-player`"),
    };
    Ok(Scaled { value, per_player })
}

fn opt_scaled(kind: &Sexp, name: &str) -> R<Scaled> {
    field(kind, name).map_or(Ok(Scaled::default()), scaled)
}

fn power(f: &Sexp) -> R<(Power, u8)> {
    let v = arg(f, 0)?;
    let p = match v.as_atom() {
        Some("-") | Some("x") => None,
        _ => Some(u8_of(v)?),
    };
    let cd = match f.args().get(1) {
        Some(c) => u8_of(c)?,
        None => 0,
    };
    Ok((p, cd))
}

fn kind(k: &Sexp) -> R<Kind> {
    let head = k
        .head()
        .map_or_else(|| err(k, "expected the card's type, like `(ally ...)`"), Ok)?;
    Ok(match head {
        "hero" => Kind::Hero {
            atk: stat(k, "atk")?,
            thw: stat(k, "thw")?,
            def: stat(k, "def")?,
            hp: stat(k, "hp")?,
            hand: stat(k, "hand")?,
        },
        "alter-ego" => Kind::AlterEgo {
            rec: stat(k, "rec")?,
            hp: stat(k, "hp")?,
            hand: stat(k, "hand")?,
        },
        "ally" => {
            let (atk, atk_cd) = power(need(k, "atk")?)?;
            let (thw, thw_cd) = power(need(k, "thw")?)?;
            Kind::Ally {
                cost: stat(k, "cost")?,
                atk,
                atk_cd,
                thw,
                thw_cd,
                hp: stat(k, "hp")?,
            }
        }
        "event" => Kind::Event {
            cost: stat(k, "cost")?,
        },
        "upgrade" => Kind::Upgrade {
            cost: stat(k, "cost")?,
        },
        "support" => Kind::Support {
            cost: stat(k, "cost")?,
        },
        "resource" => Kind::Resource,
        "villain" => Kind::Villain {
            stage: stat(k, "stage")?,
            atk: stat(k, "atk")?,
            sch: stat(k, "sch")?,
            hp: scaled(need(k, "hp")?)?,
        },
        "main-scheme" => {
            let st = need(k, "stage")?;
            let b_side = match arg(st, 1)?.as_atom() {
                Some("a") => false,
                Some("b") => true,
                _ => return err(st, "a main scheme stage is `(stage N a)` or `(stage N b)`"),
            };
            Kind::MainScheme {
                stage: u8_of(arg(st, 0)?)?,
                b_side,
                target: field(k, "target").map(scaled).transpose()?,
                start: opt_scaled(k, "start")?,
                acceleration: opt_scaled(k, "acceleration")?,
            }
        }
        "side-scheme" => Kind::SideScheme {
            start: scaled(need(k, "start")?)?,
        },
        "minion" => Kind::Minion {
            atk: power(need(k, "atk")?)?.0,
            sch: stat(k, "sch")?,
            hp: stat(k, "hp")?,
        },
        "treachery" => Kind::Treachery,
        "attachment" => {
            let signed = |name: &str| -> R<i8> {
                match field(k, name) {
                    None => Ok(0),
                    Some(f) => match arg(f, 0)?.as_int() {
                        Some(n) if (-9..=9).contains(&n) => Ok(n as i8),
                        _ => err(f, "expected a modifier from -9 to 9"),
                    },
                }
            };
            Kind::Attachment {
                atk: signed("atk")?,
                sch: signed("sch")?,
            }
        }
        "environment" => Kind::Environment,
        "obligation" => Kind::Obligation,
        other => return err(k, format!("unknown card type `{other}`")),
    })
}

fn trait_of(w: &str) -> Option<Trait> {
    Some(match w {
        "aerial" => Trait::Aerial,
        "tech" => Trait::Tech,
        "black-panther" => Trait::BlackPanther,
        "drone" => Trait::Drone,
        "hydra" => Trait::Hydra,
        "masters-of-evil" => Trait::MastersOfEvil,
        _ => return None,
    })
}

pub fn trait_word(t: Trait) -> &'static str {
    match t {
        Trait::Aerial => "Aerial",
        Trait::Tech => "Tech",
        Trait::BlackPanther => "Black Panther",
        Trait::Drone => "Drone",
        Trait::Hydra => "Hydra",
        Trait::MastersOfEvil => "Masters of Evil",
    }
}

fn card(form: &Sexp) -> R<CardDef> {
    if form.head() != Some("card") {
        return err(
            form,
            format!("expected `(card ...)`, found {}", form.describe()),
        );
    }
    let code = arg(form, 0)?;
    let code = code.as_str().or_else(|| code.as_atom()).map_or_else(
        || err(code, "expected the card's number in quotes, like \"01002\""),
        Ok,
    )?;
    let name = arg(form, 1)?;
    let name = name
        .as_str()
        .map_or_else(|| err(name, "expected the card's name in quotes"), Ok)?;
    let kind = kind(arg(form, 2)?)?;
    let mut c = CardDef {
        code: code.to_string(),
        name: name.to_string(),
        subtitle: None,
        kind,
        set: String::new(),
        aspect: Aspect::Encounter,
        unique: false,
        traits: vec![],
        other_traits: vec![],
        resources: Icons::default(),
        boost: 0,
        boost_star: false,
        atk_star: false,
        sch_star: false,
        keywords: vec![],
        abilities: vec![],
        constants: vec![],
        attach_to: None,
        back: None,
        quantity: 1,
        deck_limit: 0,
        max_per_player: false,
        any_player: false,
        doubles_for: None,
        obligation_of: None,
        missing: None,
        restrictions: vec![],
    };
    for item in &form.args()[3..] {
        if let Some(w) = item.as_atom() {
            match w {
                "unique" => c.unique = true,
                "boost-star" => c.boost_star = true,
                "atk-star" => c.atk_star = true,
                "sch-star" => c.sch_star = true,
                "max-per-player" => c.max_per_player = true,
                "any-player" => c.any_player = true,
                "guard" => c.keywords.push(Keyword::Guard),
                "overkill" => c.keywords.push(Keyword::Overkill),
                "quickstrike" => c.keywords.push(Keyword::Quickstrike),
                "peril" => c.keywords.push(Keyword::Peril),
                "restricted" => c.keywords.push(Keyword::Restricted),
                "surge" => c.keywords.push(Keyword::Surge),
                "toughness" => c.keywords.push(Keyword::Toughness),
                "crisis" => c.keywords.push(Keyword::Crisis),
                "acceleration" => c.keywords.push(Keyword::Acceleration),
                "hazard" => c.keywords.push(Keyword::Hazard),
                "hero-form-only" => c.restrictions.push(Restriction::FormOnly(Form::Hero)),
                "alter-ego-form-only" => c.restrictions.push(Restriction::FormOnly(Form::AlterEgo)),
                "max-one-per-enemy" => c.restrictions.push(Restriction::MaxOnePerEnemy),
                other => return err(item, format!("unknown word `{other}` in a card")),
            }
            continue;
        }
        let head = item
            .head()
            .map_or_else(|| err(item, format!("unexpected {}", item.describe())), Ok)?;
        match head {
            "set" => c.set = atom(arg(item, 0)?)?.to_string(),
            "aspect" => {
                let w = atom(arg(item, 0)?)?;
                c.aspect = Aspect::from_word(w)
                    .map_or_else(|| err(item, format!("unknown aspect `{w}`")), Ok)?;
            }
            "subtitle" => c.subtitle = arg(item, 0)?.as_str().map(str::to_string),
            "traits" => {
                for t in item.args() {
                    let w = atom(t)?;
                    match trait_of(w) {
                        Some(t) => c.traits.push(t),
                        None => c.other_traits.push(w.to_string()),
                    }
                }
            }
            "resources" => {
                for r in item.args() {
                    let res = match atom(r)? {
                        "energy" => Resource::Energy,
                        "mental" => Resource::Mental,
                        "physical" => Resource::Physical,
                        "wild" => Resource::Wild,
                        other => return err(r, format!("unknown resource `{other}`")),
                    };
                    c.resources.add(res, 1);
                }
            }
            // `(boost N)` is the icon count; `(boost STEP...)` an ability.
            "boost" if arg(item, 0)?.as_int().is_some() => c.boost = u8_of(arg(item, 0)?)?,
            "quantity" => c.quantity = u8_of(arg(item, 0)?)?,
            "deck-limit" => c.deck_limit = u8_of(arg(item, 0)?)?,
            "back" => {
                let b = arg(item, 0)?;
                c.back = Some(
                    b.as_str()
                        .or_else(|| b.as_atom())
                        .map_or_else(|| err(b, "expected a card number"), Ok)?
                        .to_string(),
                );
            }
            "obligation-of" => c.obligation_of = arg(item, 0)?.as_str().map(str::to_string),
            "retaliate" => c.keywords.push(Keyword::Retaliate(u8_of(arg(item, 0)?)?)),
            "uses" => c.keywords.push(Keyword::Uses(u8_of(arg(item, 0)?)?)),
            "attach-to" => {
                c.attach_to = Some(match atom(arg(item, 0)?)? {
                    "minion" => AttachTo::Minion,
                    "enemy" => AttachTo::Enemy,
                    "ally" => AttachTo::Ally,
                    "villain" => AttachTo::Villain,
                    "environment" => AttachTo::Environment,
                    "minion-without-another" => AttachTo::MinionWithoutAnother,
                    other => return err(item, format!("can't attach to `{other}`")),
                })
            }
            "doubles-for" => {
                let w = atom(arg(item, 0)?)?;
                c.doubles_for = Some(
                    Aspect::from_word(w)
                        .map_or_else(|| err(item, format!("unknown aspect `{w}`")), Ok)?,
                );
            }
            "missing" => c.missing = arg(item, 0)?.as_str().map(str::to_string),
            "constant" => c.constants.push(constant(arg(item, 0)?)?),
            _ => c.abilities.push(ability(item)?),
        }
    }
    Ok(c)
}

fn stat_word(s: &Sexp) -> R<Stat> {
    Ok(match atom(s)? {
        "atk" => Stat::Atk,
        "thw" => Stat::Thw,
        "def" => Stat::Def,
        "rec" => Stat::Rec,
        "sch" => Stat::Sch,
        "hp" => Stat::Hp,
        "hand-size" => Stat::HandSize,
        "ally-limit" => Stat::AllyLimit,
        other => return err(s, format!("unknown stat `{other}`")),
    })
}

fn signed(s: &Sexp) -> R<i8> {
    match s.as_int() {
        Some(n) if (-20..=20).contains(&n) => Ok(n as i8),
        _ => err(s, "expected a modifier from -20 to 20"),
    }
}

fn trait_arg(s: &Sexp) -> R<Trait> {
    let w = atom(s)?;
    trait_of(w).map_or_else(
        || err(s, format!("the engine doesn't know the trait `{w}`")),
        Ok,
    )
}

fn constant(f: &Sexp) -> R<Constant> {
    if f.as_atom() == Some("must-defend-with-ally") {
        return Ok(Constant::MustDefendWithAlly);
    }
    let head = f.head().unwrap_or("");
    Ok(match head {
        "you-get" => Constant::YouGet {
            stat: stat_word(arg(f, 0)?)?,
            n: signed(arg(f, 1)?)?,
        },
        "attached-gets" => Constant::AttachedGets {
            stat: stat_word(arg(f, 0)?)?,
            n: signed(arg(f, 1)?)?,
        },
        "this-gets-per-side-scheme" => Constant::ThisGetsPerSideScheme(stat_word(arg(f, 0)?)?),
        "hand-size-per-tech" => Constant::HandSizePerTech {
            max: u8_of(arg(f, 0)?)?,
        },
        "you-gain-trait" => Constant::YouGainTrait(trait_arg(arg(f, 0)?)?),
        "helmet-def" => Constant::HelmetDef,
        "villain-gains-retaliate" => Constant::VillainGainsRetaliate(u8_of(arg(f, 0)?)?),
        "enters-with-counters" => Constant::EntersWithCounters(u8_of(arg(f, 0)?)?),
        "max-one-per-attached" => Constant::MaxOnePerAttached,
        "villain-gets" => Constant::VillainGets {
            stat: stat_word(arg(f, 0)?)?,
            n: signed(arg(f, 1)?)?,
        },
        "drones-get" | "face-down-drones-get" => Constant::DronesGet {
            stat: stat_word(arg(f, 0)?)?,
            n: signed(arg(f, 1)?)?,
            face_down_only: head == "face-down-drones-get",
        },
        "no-damage-from-trait-upgrades" => {
            Constant::NoDamageFromTraitUpgrades(trait_arg(arg(f, 0)?)?)
        }
        _ => return err(f, format!("unknown constant ability {}", f.describe())),
    })
}

fn ability(f: &Sexp) -> R<Ability> {
    let kind = match f.head().unwrap_or("") {
        "action" => AbilityKind::Action,
        "interrupt" => AbilityKind::Interrupt,
        "response" => AbilityKind::Response,
        "resource" => AbilityKind::Resource,
        "forced-interrupt" => AbilityKind::ForcedInterrupt,
        "forced-response" => AbilityKind::ForcedResponse,
        "when-revealed" => AbilityKind::WhenRevealed,
        "when-defeated" => AbilityKind::WhenDefeated,
        "boost" => AbilityKind::Boost,
        "special" => AbilityKind::Special,
        "setup" => AbilityKind::Setup,
        other => return err(f, format!("unknown card item `({other} ...)`")),
    };
    let mut a = Ability {
        kind,
        name: None,
        form: None,
        label: None,
        trigger: None,
        revealed_in: None,
        cost: vec![],
        limit: None,
        steps: vec![],
    };
    for item in f.args() {
        if let Some(s) = item.as_str() {
            a.name = Some(s.to_string());
            continue;
        }
        match item.head() {
            Some("form") => a.form = Some(form_word(arg(item, 0)?)?),
            Some("revealed-in") => a.revealed_in = Some(form_word(arg(item, 0)?)?),
            Some("label") => {
                a.label = Some(match atom(arg(item, 0)?)? {
                    "attack" => Label::Attack,
                    "thwart" => Label::Thwart,
                    "defense" => Label::Defense,
                    other => return err(item, format!("unknown label `{other}`")),
                })
            }
            Some("when") => a.trigger = Some(trigger(arg(item, 0)?)?),
            Some("cost") => {
                for c in item.args() {
                    a.cost.push(cost(c)?);
                }
            }
            Some("limit") => a.limit = Some((u8_of(arg(item, 0)?)?, period(arg(item, 1)?)?)),
            _ => a.steps.push(step(item)?),
        }
    }
    if matches!(
        kind,
        AbilityKind::Interrupt
            | AbilityKind::Response
            | AbilityKind::ForcedInterrupt
            | AbilityKind::ForcedResponse
    ) && a.trigger.is_none()
    {
        return err(f, "an interrupt or response needs `(when TRIGGER)`");
    }
    Ok(a)
}

fn form_word(s: &Sexp) -> R<Form> {
    match atom(s)? {
        "hero" => Ok(Form::Hero),
        "alter-ego" => Ok(Form::AlterEgo),
        other => err(s, format!("a form is `hero` or `alter-ego`, not `{other}`")),
    }
}

fn period(s: &Sexp) -> R<Period> {
    Ok(match atom(s)? {
        "round" => Period::Round,
        "phase" => Period::Phase,
        "game" => Period::Game,
        "attack" => Period::Attack,
        other => return err(s, format!("unknown period `{other}`")),
    })
}

fn trigger(s: &Sexp) -> R<Trigger> {
    use Trigger::*;
    Ok(match atom(s)? {
        "villain-attacks-you" => VillainAttacksYou,
        "villain-attacks" => VillainAttacks,
        "this-attacks" => ThisAttacks,
        "this-attacks-you" => ThisAttacksYou,
        "this-schemes" => ThisSchemes,
        "villain-schemes" => VillainSchemes,
        "you-would-take-attack-damage" => YouWouldTakeAttackDamage,
        "you-would-take-damage" => YouWouldTakeDamage,
        "treachery-revealed" => TreacheryRevealed,
        "encounter-card-revealed" => EncounterCardRevealed,
        "this-enters-play" => ThisEntersPlay,
        "minion-enters-play" => MinionEntersPlay,
        "attached-defeated" => AttachedDefeated,
        "attached-would-attack" => AttachedWouldAttack,
        "changed-to-this-form" => ChangedToThisForm,
        "threat-would-be-placed" => ThreatWouldBePlaced,
        "your-basic-attack" => YourBasicAttack,
        "this-attacked" => ThisAttacked,
        "your-hero-attacked" => YourHeroAttacked,
        "this-defeated-minion" => ThisDefeatedMinion,
        "your-hero-defeated-enemy" => YourHeroDefeatedEnemy,
        "this-thwarted" => ThisThwarted,
        "you-defeated-minion" => YouDefeatedMinion,
        "your-hero-defended" => YourHeroDefended,
        "villain-would-take-damage" => VillainWouldTakeDamage,
        "villain-took-damage" => VillainTookDamage,
        "this-attack-damaged" => ThisAttackDamaged,
        "this-defeated" => ThisDefeated,
        "this-would-be-defeated" => ThisWouldBeDefeated,
        "threat-placed-in-step-one" => ThreatPlacedInStepOne,
        "drone-defeated" => DroneDefeated,
        "round-ends" => RoundEnds,
        "this-attacked-you" => ThisAttackedYou,
        "after-this-attacks" => AfterThisAttacks,
        "after-this-attacks-you" => AfterThisAttacksYou,
        other => return err(s, format!("unknown trigger `{other}`")),
    })
}

fn resource_word(s: &Sexp) -> R<Resource> {
    Ok(match atom(s)? {
        "energy" => Resource::Energy,
        "mental" => Resource::Mental,
        "physical" => Resource::Physical,
        "wild" => Resource::Wild,
        other => return err(s, format!("unknown resource `{other}`")),
    })
}

fn cost(s: &Sexp) -> R<CostPart> {
    if let Some(w) = s.as_atom() {
        return Ok(match w {
            "exhaust-this" => CostPart::ExhaustThis,
            "discard-this" => CostPart::DiscardThis,
            "remove-counter" => CostPart::RemoveCounter,
            "exhaust-your-hero" => CostPart::ExhaustYourHero,
            other => return err(s, format!("unknown cost `{other}`")),
        });
    }
    Ok(match s.head().unwrap_or("") {
        "spend" => {
            let mut icons = Icons::default();
            for r in s.args() {
                icons.add(resource_word(r)?, 1);
            }
            CostPart::Spend(icons)
        }
        "spend-x" => CostPart::SpendX(resource_word(arg(s, 0)?)?),
        "take-damage" => CostPart::TakeDamage(u8_of(arg(s, 0)?)?),
        "damage-this" => CostPart::DamageThis(u8_of(arg(s, 0)?)?),
        "heal-you" => CostPart::HealYou(u8_of(arg(s, 0)?)?),
        "discard-from-hand" => CostPart::DiscardFromHand(u8_of(arg(s, 0)?)?),
        "discard-up-to" => CostPart::DiscardUpTo(u8_of(arg(s, 0)?)?),
        _ => return err(s, format!("unknown cost {}", s.describe())),
    })
}

fn target(s: &Sexp) -> R<Target> {
    use Target::*;
    if s.head() == Some("chosen") {
        return Ok(Chosen(int(arg(s, 0)?, 3)? as u8));
    }
    if s.head() == Some("each-minion-engaged-with-chosen-player") {
        return Ok(EachMinionEngagedWithChosenPlayer(int(arg(s, 0)?, 3)? as u8));
    }
    if s.head() == Some("in-play") {
        return Ok(InPlayCode(code_arg(arg(s, 0)?)?));
    }
    Ok(match atom(s)? {
        "this" => This,
        "you" => You,
        "your-hero" => YourHero,
        "villain" => Villain,
        "main-scheme" => MainScheme,
        "event-card" => EventCard,
        "attached" => Attached,
        "each-enemy" => EachEnemy,
        "each-hero" => EachHero,
        "each-character" => EachCharacter,
        "each-friendly-character" => EachFriendlyCharacter,
        "each-character-you-control" => EachCharacterYouControl,
        "each-ally-you-control" => EachAllyYouControl,
        "each-minion-engaged-with-you" => EachMinionEngagedWithYou,
        "each-side-scheme" => EachSideScheme,
        "each-scheme" => EachScheme,
        "each-upgrade-you-control" => EachUpgradeYouControl,
        "attacking-enemy" => AttackingEnemy,
        "damaged-character" => DamagedCharacter,
        other => return err(s, format!("unknown target `{other}`")),
    })
}

fn filter(s: &Sexp) -> R<Filter> {
    if s.head() == Some("trait-upgrade-you-control") {
        return Ok(Filter::TraitUpgradeYouControl(trait_arg(arg(s, 0)?)?));
    }
    if s.head() == Some("trait-upgrade") {
        return Ok(Filter::TraitUpgrade(trait_arg(arg(s, 0)?)?));
    }
    Ok(match atom(s)? {
        "enemy" => Filter::Enemy,
        "minion" => Filter::Minion,
        "scheme" => Filter::Scheme,
        "ally" => Filter::Ally,
        "friendly-character" => Filter::FriendlyCharacter,
        "character" => Filter::Character,
        "upgrade-or-support-you-control" => Filter::UpgradeOrSupportYouControl,
        "upgrade-you-control" => Filter::UpgradeYouControl,
        "exhausted-ally" => Filter::ExhaustedAlly,
        "damaged-friendly-character" => Filter::DamagedFriendlyCharacter,
        "ally-in-discard" => Filter::AllyInDiscard,
        "card-in-your-hand" => Filter::CardInYourHand,
        "upgrade" => Filter::Upgrade,
        other => return err(s, format!("unknown filter `{other}`")),
    })
}

fn amount(s: &Sexp) -> R<Amount> {
    if let Some(n) = s.as_int() {
        let _ = n;
        return Ok(Amount::N(int(s, 99)? as u8));
    }
    if let Some(w) = s.as_atom() {
        return Ok(match w {
            "your-sustained-damage" => Amount::YourSustainedDamage,
            "your-atk" => Amount::YourAtk,
            "counted" => Amount::Counted,
            "threat-about-to-be-placed" => Amount::ThreatAboutToBePlaced,
            "upgrades-you-control" => Amount::UpgradesYouControl,
            "all" => Amount::All,
            other => return err(s, format!("unknown amount `{other}`")),
        });
    }
    Ok(match s.head().unwrap_or("") {
        "if-trait" => Amount::IfTrait {
            t: trait_arg(arg(s, 0)?)?,
            then: u8_of(arg(s, 1)?)?,
            otherwise: u8_of(arg(s, 2)?)?,
        },
        "if-paid-with" => Amount::IfPaidWith {
            r: resource_word(arg(s, 0)?)?,
            then: u8_of(arg(s, 1)?)?,
            otherwise: u8_of(arg(s, 2)?)?,
        },
        "per-player" => Amount::PerPlayer(u8_of(arg(s, 0)?)?),
        "per-counter" => Amount::PerCounter {
            per: u8_of(arg(s, 0)?)?,
            max: u8_of(arg(s, 1)?)?,
        },
        "your-sustained-damage-up-to" => Amount::YourSustainedDamageUpTo(u8_of(arg(s, 0)?)?),
        "counted-times" => Amount::CountedTimes {
            per: u8_of(arg(s, 0)?)?,
            plus: u8_of(arg(s, 1)?)?,
        },
        "if-final-step" => Amount::IfFinalStep {
            then: u8_of(arg(s, 0)?)?,
            otherwise: u8_of(arg(s, 1)?)?,
        },
        "per-drone-engaged-with-you" => Amount::PerDroneEngagedWithYou(u8_of(arg(s, 0)?)?),
        "per-drone-in-play" => Amount::PerDroneInPlay(u8_of(arg(s, 0)?)?),
        "threat-on" => Amount::ThreatOn(code_arg(arg(s, 0)?)?),
        "counted-plus" => Amount::CountedPlus(u8_of(arg(s, 0)?)?),
        "per-enemy-with-trait" => Amount::PerEnemyWithTrait {
            t: trait_arg(arg(s, 0)?)?,
            per: u8_of(arg(s, 1)?)?,
        },
        _ => return err(s, format!("unknown amount {}", s.describe())),
    })
}

fn cond(s: &Sexp) -> R<Cond> {
    if let Some(w) = s.as_atom() {
        return match w {
            "nothing-happened" => Ok(Cond::NothingHappened),
            "no-side-schemes" => Ok(Cond::NoSideSchemes),
            "undefended-villain-attack" => Ok(Cond::UndefendedVillainAttack),
            "none-counted" => Ok(Cond::NoneCounted),
            "you-are-hero" => Ok(Cond::YouAreHero),
            "you-are-ready" => Ok(Cond::YouAreReady),
            other => err(s, format!("unknown condition `{other}`")),
        };
    }
    Ok(match s.head().unwrap_or("") {
        "you-have-trait" => Cond::YouHaveTrait(trait_arg(arg(s, 0)?)?),
        "paid-with" => Cond::PaidWith(resource_word(arg(s, 0)?)?),
        "chosen-has-resource" => {
            Cond::ChosenHasResource(int(arg(s, 0)?, 3)? as u8, resource_word(arg(s, 1)?)?)
        }
        "you-are-alter-ego" => Cond::YouAreAlterEgo(code_number(arg(s, 0)?)?),
        "you-lack-trait" => Cond::YouLackTrait(trait_arg(arg(s, 0)?)?),
        "has-tough" => Cond::HasTough(target(arg(s, 0)?)?),
        "damage-here-at-least" => Cond::DamageHereAtLeast(u8_of(arg(s, 0)?)?),
        "counted-at-least" => Cond::CountedAtLeast(u8_of(arg(s, 0)?)?),
        "has-status" => Cond::HasStatus {
            who: target(arg(s, 0)?)?,
            status: match atom(arg(s, 1)?)? {
                "stunned" => crate::state::STUNNED,
                "confused" => crate::state::CONFUSED,
                "tough" => crate::state::TOUGH,
                other => return err(s, format!("unknown status `{other}`")),
            },
        },
        "in-play" => Cond::InPlay(code_arg(arg(s, 0)?)?),
        "not-in-play" => Cond::NotInPlay(code_arg(arg(s, 0)?)?),
        "none-to-choose" => Cond::NoneToChoose(filter(arg(s, 0)?)?),
        _ => return err(s, format!("unknown condition {}", s.describe())),
    })
}

fn named(s: &Sexp) -> R<Named> {
    Ok(match atom(s)? {
        "shadow-of-the-past" => Named::ShadowOfThePast,
        other => return err(s, format!("unknown named effect `{other}`")),
    })
}

fn step(s: &Sexp) -> R<Step> {
    if let Some(w) = s.as_atom() {
        return Ok(match w {
            "surge" => Step::Surge,
            "villain-attacks-you" => Step::VillainAttacksYou,
            "villain-schemes" => Step::VillainSchemes,
            "cancel-effects" => Step::CancelEffects,
            "prevent-all-damage" => Step::PreventAllDamage,
            "discard-this" => Step::DiscardThis,
            "return-this-to-hand" => Step::ReturnThisToHand,
            "discard-event-card" => Step::DiscardEventCard,
            "reveal-another-encounter-card" => Step::RevealAnotherEncounterCard,
            "change-form" => Step::ChangeForm,
            "draw-up-to-printed-hand-size" => Step::DrawUpToPrintedHandSize,
            "generate-top-of-discard" => Step::GenerateTopOfDiscard,
            "shuffle-encounter-deck" => Step::ShuffleEncounterDeck,
            "discard-until-minion" => Step::DiscardUntilMinion,
            "extra-boost" => Step::ExtraBoost,
            "attack-gains-overkill" => Step::AttackGainsOverkill,
            "discard-this-after-attack" => Step::DiscardThisAfterAttack,
            "move-damage-here" => Step::MoveDamageHere,
            "put-this-into-play-engaged" => Step::PutThisIntoPlayEngaged,
            "exhaust-your-hero-if-this-activation-damages-you" => {
                Step::ExhaustHeroIfActivationDamages
            }
            "discard-random-from-your-hand" => Step::DiscardRandomFromHand { each_player: false },
            "discard-random-from-each-hand" => Step::DiscardRandomFromHand { each_player: true },
            "discard-top-encounter-card" => Step::DiscardTopEncounterCard,
            "discard-until-side-scheme" => Step::DiscardUntilSideScheme,
            "each-engaged-minion-attacks-you" => Step::EachEngagedMinionAttacksYou,
            "also-attack-each-other-hero" => Step::AlsoAttackEachOtherHero,
            "give-villain-boost" => Step::GiveVillainBoost,
            "stun-whom-this-attack-damages" => Step::StunWhomThisAttackDamages,
            "deal-encounter-card" => Step::DealEncounterCard,
            "reveal-encounter-card" => Step::RevealEncounterCard,
            "flip-to-alter-ego" => Step::FlipToAlterEgo,
            "remove-this-from-game" => Step::RemoveThisFromGame,
            "acceleration-token" => Step::AccelerationToken,
            "each-player-places-random-card-under-this" => {
                Step::EachPlayerPlacesRandomCardUnderThis
            }
            "return-cards-under-this" => Step::ReturnCardsUnderThis,
            other => return err(s, format!("unknown step `{other}`")),
        });
    }
    let head = s.head().map_or_else(
        || err(s, format!("expected a step, found {}", s.describe())),
        Ok,
    )?;
    Ok(match head {
        "choose" => Step::Choose {
            slot: int(arg(s, 0)?, 3)? as u8,
            filter: filter(arg(s, 1)?)?,
        },
        "choose-player" => Step::ChoosePlayer {
            slot: int(arg(s, 0)?, 3)? as u8,
        },
        "damage" => Step::Damage {
            to: target(arg(s, 0)?)?,
            amount: amount(arg(s, 1)?)?,
        },
        "heal" => Step::Heal {
            who: target(arg(s, 0)?)?,
            amount: amount(arg(s, 1)?)?,
        },
        "remove-threat" => Step::RemoveThreat {
            from: target(arg(s, 0)?)?,
            amount: amount(arg(s, 1)?)?,
        },
        "place-threat" => Step::PlaceThreat {
            on: target(arg(s, 0)?)?,
            amount: amount(arg(s, 1)?)?,
        },
        "draw" => Step::Draw {
            amount: amount(arg(s, 0)?)?,
        },
        "player-draws" => Step::PlayerDraws {
            slot: int(arg(s, 0)?, 3)? as u8,
            amount: amount(arg(s, 1)?)?,
        },
        "each-player-draws" => Step::EachPlayerDraws {
            amount: amount(arg(s, 0)?)?,
        },
        "stun" => Step::Stun(target(arg(s, 0)?)?),
        "confuse" => Step::Confuse(target(arg(s, 0)?)?),
        "tough" => Step::Tough(target(arg(s, 0)?)?),
        "ready" => Step::Ready(target(arg(s, 0)?)?),
        "exhaust" => Step::Exhaust(target(arg(s, 0)?)?),
        "prevent-damage" => Step::PreventDamage(u8_of(arg(s, 0)?)?),
        "prevent-threat" => Step::PreventThreat(u8_of(arg(s, 0)?)?),
        "gets" => Step::Gets {
            who: target(arg(s, 0)?)?,
            stat: stat_word(arg(s, 1)?)?,
            n: signed(arg(s, 2)?)?,
            until: period(arg(s, 3)?)?,
        },
        "if" => Step::If {
            cond: cond(arg(s, 0)?)?,
            then: s.args()[1..].iter().map(step).collect::<R<_>>()?,
        },
        "choose-one" => {
            let mut options = vec![];
            for o in s.args() {
                let items = o
                    .as_list()
                    .map_or_else(|| err(o, "expected `(\"label\" STEP...)`"), Ok)?;
                let label = items
                    .first()
                    .and_then(Sexp::as_str)
                    .map_or_else(|| err(o, "an option starts with its label in quotes"), Ok)?;
                options.push((
                    label.to_string(),
                    items[1..].iter().map(step).collect::<R<_>>()?,
                ));
            }
            Step::ChooseOne(options)
        }
        "named" => Step::Named(named(arg(s, 0)?)?),
        "generate" => {
            let mut icons = Icons::default();
            for r in s.args() {
                icons.add(resource_word(r)?, 1);
            }
            Step::Generate(icons)
        }
        "attach-this-to" => Step::AttachThisTo(target(arg(s, 0)?)?),
        "discard-top-card-into" => Step::DiscardTopCardInto(int(arg(s, 0)?, 3)? as u8),
        "damage-overkill-if" => Step::DamageOverkillIf {
            cond: cond(arg(s, 0)?)?,
            to: target(arg(s, 1)?)?,
            amount: amount(arg(s, 2)?)?,
        },
        "player-characters-get" => Step::PlayerCharactersGet {
            slot: int(arg(s, 0)?, 3)? as u8,
            stat: stat_word(arg(s, 1)?)?,
            n: signed(arg(s, 2)?)?,
            until: period(arg(s, 3)?)?,
        },
        "reduce-next-cost" => Step::ReduceNextCost {
            slot: int(arg(s, 0)?, 3)? as u8,
            n: u8_of(arg(s, 1)?)?,
        },
        "pay-printed-cost-of" => Step::PayPrintedCostOf(int(arg(s, 0)?, 3)? as u8),
        "put-chosen-into-play" => Step::PutChosenIntoPlay(int(arg(s, 0)?, 3)? as u8),
        "choose-other" => Step::ChooseOther {
            slot: int(arg(s, 0)?, 3)? as u8,
            filter: filter(arg(s, 1)?)?,
            other: int(arg(s, 2)?, 3)? as u8,
        },
        "discard-top-keep" => Step::DiscardTopKeep {
            n: u8_of(arg(s, 0)?)?,
            r: resource_word(arg(s, 1)?)?,
        },
        "discard-chosen" => Step::DiscardChosen(int(arg(s, 0)?, 3)? as u8),
        "discard-up-to" => Step::DiscardUpTo(u8_of(arg(s, 0)?)?),
        "add-counters" => Step::AddCounters {
            on: target(arg(s, 0)?)?,
            amount: amount(arg(s, 1)?)?,
        },
        "search-deck" => Step::SearchDeckToHand {
            slot: int(arg(s, 0)?, 3)? as u8,
            filter: filter(arg(s, 1)?)?,
        },
        "look-top-take-one" => Step::LookTopTakeOne {
            slot: int(arg(s, 0)?, 3)? as u8,
            n: u8_of(arg(s, 1)?)?,
        },
        "discard-top-of-your-deck" => Step::DiscardTopOfYourDeck {
            n: u8_of(arg(s, 0)?)?,
            counting: s.args().get(1).map(resource_word).transpose()?,
        },
        "shuffle-from-discard-into-deck" => Step::ShuffleFromDiscardIntoDeck {
            max: int(arg(s, 0)?, 4)? as u8,
        },
        "return-topmost-from-discard" => Step::ReturnTopmostFromDiscard {
            slot: int(arg(s, 0)?, 3)? as u8,
            filter: filter(arg(s, 1)?)?,
        },
        "resolve-specials" => Step::ResolveSpecials(filter(arg(s, 0)?)?),
        "move-damage" => Step::MoveDamage {
            from: target(arg(s, 0)?)?,
            to: target(arg(s, 1)?)?,
            amount: amount(arg(s, 2)?)?,
        },
        "gain-trait" => Step::GainTrait {
            who: target(arg(s, 0)?)?,
            t: trait_arg(arg(s, 1)?)?,
            until: period(arg(s, 2)?)?,
        },
        "search-and-reveal" => Step::SearchReveal {
            name: name_arg(arg(s, 0)?)?,
            discard_too: match s.args().get(1) {
                None => false,
                Some(w) if w.as_atom() == Some("and-discard-pile") => true,
                Some(w) => return err(w, "expected `and-discard-pile`"),
            },
        },
        "put-into-play" => Step::PutSetAsideIntoPlay(name_arg(arg(s, 0)?)?),
        "drones" => Step::Drones(u8_of(arg(s, 0)?)?),
        "in-player-order" => Step::InPlayerOrder(s.args().iter().map(step).collect::<R<_>>()?),
        "first-player" => Step::FirstPlayer(s.args().iter().map(step).collect::<R<_>>()?),
        "discard-deck-top" => Step::DiscardDeckTop(amount(arg(s, 0)?)?),
        "discard-at-random" => Step::DiscardAtRandom(u8_of(arg(s, 0)?)?),
        "engaged-with-trait-attack-you" => Step::EachEngagedAttacksYou(trait_arg(arg(s, 0)?)?),
        "pay-or" => {
            let mut icons = Icons::default();
            let list = arg(s, 0)?;
            let items = list
                .as_list()
                .map_or_else(|| err(list, "expected `(RESOURCE...)`"), Ok)?;
            for r in items {
                icons.add(resource_word(r)?, 1);
            }
            Step::PayOr {
                icons,
                label: name_arg(arg(s, 1)?)?,
                otherwise: s.args()[2..].iter().map(step).collect::<R<_>>()?,
            }
        }
        "gets-amount" => Step::GetsAmount {
            who: target(arg(s, 0)?)?,
            stat: stat_word(arg(s, 1)?)?,
            amount: amount(arg(s, 2)?)?,
            until: period(arg(s, 3)?)?,
        },
        "if-else" => {
            let branch = |b: &Sexp| -> R<Vec<Step>> {
                b.as_list()
                    .map_or_else(|| err(b, "expected `(STEP...)`"), Ok)?
                    .iter()
                    .map(step)
                    .collect()
            };
            Step::IfElse {
                cond: cond(arg(s, 0)?)?,
                then: branch(arg(s, 1)?)?,
                otherwise: branch(arg(s, 2)?)?,
            }
        }
        "each-player" => Step::EachPlayer(s.args().iter().map(step).collect::<R<_>>()?),
        "discard" => Step::Discard(target(arg(s, 0)?)?),
        "discard-from-hand-with-resource" => {
            Step::DiscardFromHandWithResource(resource_word(arg(s, 0)?)?)
        }
        "discard-top-of-deck" => Step::DiscardTopOfDeck {
            n: u8_of(arg(s, 0)?)?,
            count: resource_word(arg(s, 1)?)?,
        },
        "discard-until-minion-with-trait" => {
            Step::DiscardUntilMinionWithTrait(trait_arg(arg(s, 0)?)?)
        }
        "search-and-engage" => Step::SearchAndEngage(code_arg(arg(s, 0)?)?),
        "you-choose" => Step::YouChoose {
            slot: int(arg(s, 0)?, 3)? as u8,
            filter: filter(arg(s, 1)?)?,
        },
        "search-and-engage-trait" => Step::SearchAndEngageTrait(trait_arg(arg(s, 0)?)?),
        "attacks-you" => Step::AttacksYou(target(arg(s, 0)?)?),
        "each-minion-with-trait-attacks" => {
            Step::EachMinionWithTraitAttacks(trait_arg(arg(s, 0)?)?)
        }
        "assign-damage-among-heroes-and-allies" => {
            Step::AssignDamageAmongHeroesAndAllies(amount(arg(s, 0)?)?)
        }
        other => return err(s, format!("unknown step `({other} ...)`")),
    })
}

/// A card's name in quotes (`"Breakin' & Takin'"`).
fn name_arg(s: &Sexp) -> R<String> {
    s.as_str().map_or_else(
        || err(s, "expected a card name in quotes"),
        |n| Ok(n.to_string()),
    )
}

/// A card code in quotes ("01180"), as the number its digits make (1180): how a
/// condition or target names one card.
fn code_arg(s: &Sexp) -> R<u16> {
    let w = s.as_str().or_else(|| s.as_atom()).unwrap_or("");
    match five_digit_code(w) {
        Some(n) => Ok(n),
        None => err(
            s,
            "expected a five-digit card number in quotes, like \"01180\"",
        ),
    }
}

/// `"01010b"` → 1010: the number an identity's two faces share.
fn code_number(s: &Sexp) -> R<u16> {
    let text = s.as_str().or_else(|| s.as_atom()).unwrap_or("");
    code_digits(text).map_or_else(
        || {
            err(
                s,
                format!(
                    "expected a card number like \"01010b\", found {}",
                    s.describe()
                ),
            )
        },
        Ok,
    )
}
