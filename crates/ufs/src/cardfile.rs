//! Our UFS card files (`cards/*.cards`): s-expressions, one `(card ...)` per card.
//!
//! ```text
//! (card "rva-06" "Akuma's Low Forward Kick"
//!   (attack (zone low) (speed 3) (damage 2))
//!   (octgn "…") (difficulty 3) (control 2) (block high 2) (symbols chaos evil void)
//!   (keywords kick)
//!   (missing "1 enhance ability"))
//! ```
//!
//! A character is `(character (version 4) (hand-size 5) (vitality 33))`; the other
//! types are `(action)`, `(asset)`, `(foundation)`. Keywords with a rating are
//! `(powerful 2)`; "[Name] Only" is `(only "Ryu")`, "[Name] Reversal" is
//! `(reversal-only "Siegfried")`, an unruled trait `(other "Stance")`. A combo
//! (I.3.3) lists its requirements, one per preceding card in card pool order (ruling
//! UFS-37), each a word or a list of words `([SYMBOL] [ZONE] WHAT)` or `(N STAT)`:
//! `(combo kick)`, `(combo (mid attack) (mid attack))`, `(combo (void attack))`,
//! `(combo (3 damage))`, `(combo (mid weapon) foundation)`. WHAT is a card type
//! (attack, action, asset, foundation), `block` (with a zone: the printed block zone)
//! or a keyword (kick, weapon, combo, powerful...); STAT is damage, speed,
//! difficulty or control. Abilities follow (`abilityfile.rs`: `(enhance (cost commit)
//! (draw you 1))`). The printed facts are facts; no printed text is kept.

use crate::model::*;
use crossover_sexpr::{read, Pos, Sexp};

/// An error in a card file, at the value it was found in.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CardError {
    pub pos: Pos,
    pub message: String,
}

fn err<T>(at: &Sexp, message: impl Into<String>) -> Result<T, CardError> {
    Err(CardError {
        pos: at.pos(),
        message: message.into(),
    })
}

fn int(at: &Sexp, what: &str) -> Result<i64, CardError> {
    at.as_int().map_or_else(
        || {
            err(
                at,
                format!("{what}: expected a number, found {}", at.describe()),
            )
        },
        Ok,
    )
}

fn small(at: &Sexp, what: &str) -> Result<u8, CardError> {
    let n = int(at, what)?;
    u8::try_from(n).or_else(|_| err(at, format!("{what}: {n} is not within 0 to 255")))
}

fn one_arg(form: &Sexp) -> Result<&Sexp, CardError> {
    match form.args() {
        [a] => Ok(a),
        _ => err(
            form,
            format!("`({} ...)` takes one value", form.head().unwrap_or("?")),
        ),
    }
}

/// Reads every card of a file.
pub fn parse_cards(text: &str) -> Result<Vec<CardDef>, CardError> {
    let forms = read(text).map_err(|e| CardError {
        pos: e.pos,
        message: e.message,
    })?;
    forms.iter().map(parse_card).collect()
}

fn parse_card(form: &Sexp) -> Result<CardDef, CardError> {
    if form.head() != Some("card") {
        return err(
            form,
            format!("expected `(card ...)`, found {}", form.describe()),
        );
    }
    let args = form.args();
    let (id, name) = match args {
        [id, name, ..] => match (id.as_str(), name.as_str()) {
            (Some(i), Some(n)) => (i.to_string(), n.to_string()),
            _ => return err(form, "a card starts with its id and name, both in quotes"),
        },
        _ => return err(form, "a card starts with its id and name, both in quotes"),
    };
    let Some(kind_form) = args.get(2) else {
        return err(
            form,
            "the card's type is missing: `(attack ...)`, `(foundation)`...",
        );
    };
    let kind = parse_kind(kind_form)?;
    let mut def = CardDef {
        id,
        guid: None,
        name,
        kind,
        difficulty: 0,
        control: 0,
        block: None,
        symbols: Symbols::NONE,
        keywords: Vec::new(),
        abilities: Vec::new(),
        missing: None,
        split: None,
    };
    for item in &args[3..] {
        if let Some(ability) = crate::abilityfile::parse_ability(item) {
            def.abilities.push(ability?);
            continue;
        }
        match item.head() {
            Some("octgn") => {
                def.guid = Some(one_arg(item)?.as_str().map_or_else(
                    || err(item, "`(octgn \"id\")` takes a string"),
                    |s| Ok(s.to_string()),
                )?)
            }
            Some("difficulty") => def.difficulty = small(one_arg(item)?, "difficulty")?,
            Some("control") => def.control = small(one_arg(item)?, "control")?,
            Some("block") => match item.args() {
                [zone, modifier] => {
                    let z = zone
                        .as_atom()
                        .and_then(Zone::from_name)
                        .map_or_else(|| err(zone, "a block zone is high, mid or low"), Ok)?;
                    let m = int(modifier, "block modifier")?;
                    let m = i8::try_from(m)
                        .or_else(|_| err(modifier, "a block modifier is within -128 to 127"))?;
                    def.block = Some((z, m));
                }
                _ => return err(item, "`(block ZONE MODIFIER)`, e.g. `(block mid 2)`"),
            },
            Some("symbols") => {
                for s in item.args() {
                    match s.as_atom() {
                        Some("infinity") => def.symbols = Symbols::INFINITY,
                        Some(word) => match Symbol::from_name(word) {
                            Some(sym) => def.symbols = def.symbols.with(sym),
                            None => return err(s, format!("unknown resource symbol `{word}`")),
                        },
                        None => return err(s, "a resource symbol is a word, like `void`"),
                    }
                }
            }
            Some("keywords") => {
                for k in item.args() {
                    def.keywords.push(parse_keyword(k)?);
                }
            }
            Some("missing") => {
                def.missing = Some(one_arg(item)?.as_str().map_or_else(
                    || err(item, "`(missing \"why\")` takes a string"),
                    |s| Ok(s.to_string()),
                )?)
            }
            Some("split") => def.split = Some(Box::new(parse_split(item)?)),
            _ => return err(item, format!("unknown card property {}", item.describe())),
        }
    }
    if let Some(half) = def.split.as_deref_mut() {
        if matches!(def.kind, Kind::Character { .. }) || matches!(half.kind, Kind::Character { .. })
        {
            return err(form, "a character can't be a split card");
        }
        if (def.kind == Kind::Action) == (half.kind == Kind::Action) {
            return err(
                form,
                "one half of a split card is an action and the other is not (ruling UFS-31)",
            );
        }
        half.id = format!("{}-split", def.id);
        half.name = def.name.clone();
        half.control = def.control;
        half.block = def.block;
        half.symbols = def.symbols;
    }
    Ok(def)
}

/// `(split KIND (difficulty N) [(keywords ...)] ABILITY...)`: a split card's other half.
fn parse_split(form: &Sexp) -> Result<CardDef, CardError> {
    let args = form.args();
    let Some(kind_form) = args.first() else {
        return err(
            form,
            "`(split KIND (difficulty N) [(keywords ...)] ABILITY...)`: the other half's type is missing",
        );
    };
    let mut half = CardDef {
        id: String::new(),
        guid: None,
        name: String::new(),
        kind: parse_kind(kind_form)?,
        difficulty: 0,
        control: 0,
        block: None,
        symbols: Symbols::NONE,
        keywords: Vec::new(),
        abilities: Vec::new(),
        missing: None,
        split: None,
    };
    for item in &args[1..] {
        if let Some(ability) = crate::abilityfile::parse_ability(item) {
            half.abilities.push(ability?);
            continue;
        }
        match item.head() {
            Some("difficulty") => half.difficulty = small(one_arg(item)?, "difficulty")?,
            Some("keywords") => {
                for k in item.args() {
                    half.keywords.push(parse_keyword(k)?);
                }
            }
            _ => {
                return err(
                    item,
                    format!(
                    "a split half has only its type, difficulty, keywords and abilities, not {}",
                    item.describe()
                ),
                )
            }
        }
    }
    Ok(half)
}

fn field(form: &Sexp, name: &str) -> Result<Option<u8>, CardError> {
    for f in form.args() {
        if f.head() == Some(name) {
            return small(one_arg(f)?, name).map(Some);
        }
    }
    Ok(None)
}

fn parse_kind(form: &Sexp) -> Result<Kind, CardError> {
    let need = |name: &str| -> Result<u8, CardError> {
        field(form, name)?.map_or_else(|| err(form, format!("`({name} N)` is missing")), Ok)
    };
    match form.head() {
        Some("character") => Ok(Kind::Character {
            version: need("version")?,
            hand_size: need("hand-size")?,
            vitality: need("vitality")?,
        }),
        Some("attack") => {
            let zone = form
                .args()
                .iter()
                .find(|f| f.head() == Some("zone"))
                .map_or_else(|| err(form, "an attack needs `(zone high|mid|low)`"), Ok)?;
            let z = one_arg(zone)?;
            let zone = z
                .as_atom()
                .and_then(Zone::from_name)
                .map_or_else(|| err(z, "an attack zone is high, mid or low"), Ok)?;
            Ok(Kind::Attack {
                zone,
                speed: need("speed")?,
                damage: need("damage")?,
            })
        }
        Some("action") => Ok(Kind::Action),
        Some("asset") => Ok(Kind::Asset),
        Some("foundation") => Ok(Kind::Foundation),
        _ => err(
            form,
            format!(
                "expected the card type (character, attack, action, asset, foundation), found {}",
                form.describe()
            ),
        ),
    }
}

fn parse_keyword(k: &Sexp) -> Result<Keyword, CardError> {
    if let Some(word) = k.as_atom() {
        return Ok(match word {
            "ally" => Keyword::Ally,
            "charge" => Keyword::Charge,
            "fury" => Keyword::Fury,
            "kick" => Keyword::Kick,
            "punch" => Keyword::Punch,
            "ranged" => Keyword::Ranged,
            "slam" => Keyword::Slam,
            "taunt" => Keyword::Taunt,
            "tech" => Keyword::Tech,
            "weapon" => Keyword::Weapon,
            "flash" => Keyword::Flash,
            "reversal" => Keyword::Reversal,
            "safe" => Keyword::Safe,
            "terrain" => Keyword::Terrain,
            "throw" => Keyword::Throw,
            "unique" => Keyword::Unique,
            _ => return err(k, format!("unknown keyword `{word}`")),
        });
    }
    if k.head() == Some("combo") {
        return parse_combo(k);
    }
    let arg = one_arg(k)?;
    let text = || {
        arg.as_str().map_or_else(
            || err(arg, "this keyword takes a string"),
            |s| Ok(s.to_string()),
        )
    };
    Ok(match k.head() {
        Some("breaker") => Keyword::Breaker(small(arg, "breaker")?),
        Some("desperation") => Keyword::Desperation(small(arg, "desperation")?),
        Some("ex") => Keyword::Ex(small(arg, "ex")?),
        Some("gauge") => Keyword::Gauge(small(arg, "gauge")?),
        Some("multiple") => Keyword::Multiple(small(arg, "multiple")?),
        Some("powerful") => Keyword::Powerful(small(arg, "powerful")?),
        Some("stun") => Keyword::Stun(small(arg, "stun")?),
        Some("only") => Keyword::Only(text()?),
        Some("reversal-only") => Keyword::ReversalOnly(text()?),
        Some("other") => Keyword::Other(text()?),
        _ => return err(k, format!("unknown keyword {}", k.describe())),
    })
}

/// `(combo REQ...)`: each requirement a word or a list of words (see the top).
fn parse_combo(k: &Sexp) -> Result<Keyword, CardError> {
    if k.args().is_empty() {
        return err(
            k,
            "`(combo REQUIREMENT...)` needs at least one requirement (I.3.3.1)",
        );
    }
    let word = |w: &Sexp| -> Result<String, CardError> {
        if let Some(a) = w.as_atom() {
            Ok(a.to_string())
        } else if let Some(n) = w.as_int() {
            Ok(n.to_string())
        } else {
            err(
                w,
                format!("a combo requirement's word, found {}", w.describe()),
            )
        }
    };
    let mut reqs = Vec::new();
    for r in k.args() {
        let words: Vec<String> = match r.as_list() {
            Some([]) => return err(r, "a combo requirement: a word or a list of words"),
            Some(items) => items.iter().map(word).collect::<Result<_, _>>()?,
            None => vec![word(r)?],
        };
        let refs: Vec<&str> = words.iter().map(String::as_str).collect();
        match ComboReq::from_words(&refs) {
            Ok(req) => reqs.push(req),
            Err(why) => return err(r, why),
        }
    }
    Ok(Keyword::Combo(reqs))
}

fn write_combo(reqs: &[ComboReq]) -> String {
    let parts: Vec<String> = reqs
        .iter()
        .map(|r| match r.words().as_slice() {
            [one] => one.clone(),
            many => format!("({})", many.join(" ")),
        })
        .collect();
    format!("(combo {})", parts.join(" "))
}

fn quote(s: &str) -> String {
    format!("\"{}\"", s.replace('\\', "\\\\").replace('"', "\\\""))
}

fn write_keyword(k: &Keyword) -> String {
    match k {
        Keyword::Ally => "ally".into(),
        Keyword::Charge => "charge".into(),
        Keyword::Fury => "fury".into(),
        Keyword::Kick => "kick".into(),
        Keyword::Punch => "punch".into(),
        Keyword::Ranged => "ranged".into(),
        Keyword::Slam => "slam".into(),
        Keyword::Taunt => "taunt".into(),
        Keyword::Tech => "tech".into(),
        Keyword::Weapon => "weapon".into(),
        Keyword::Flash => "flash".into(),
        Keyword::Reversal => "reversal".into(),
        Keyword::Safe => "safe".into(),
        Keyword::Terrain => "terrain".into(),
        Keyword::Throw => "throw".into(),
        Keyword::Unique => "unique".into(),
        Keyword::Breaker(n) => format!("(breaker {n})"),
        Keyword::Desperation(n) => format!("(desperation {n})"),
        Keyword::Ex(n) => format!("(ex {n})"),
        Keyword::Gauge(n) => format!("(gauge {n})"),
        Keyword::Multiple(n) => format!("(multiple {n})"),
        Keyword::Powerful(n) => format!("(powerful {n})"),
        Keyword::Stun(n) => format!("(stun {n})"),
        Keyword::Only(s) => format!("(only {})", quote(s)),
        Keyword::ReversalOnly(s) => format!("(reversal-only {})", quote(s)),
        Keyword::Combo(reqs) => write_combo(reqs),
        Keyword::Other(s) => format!("(other {})", quote(s)),
    }
}

/// A card type as the card file writes it.
fn kind_form(kind: &Kind) -> String {
    match *kind {
        Kind::Character {
            version,
            hand_size,
            vitality,
        } => {
            format!("(character (version {version}) (hand-size {hand_size}) (vitality {vitality}))")
        }
        Kind::Attack {
            zone,
            speed,
            damage,
        } => format!(
            "(attack (zone {}) (speed {speed}) (damage {damage}))",
            zone.name()
        ),
        Kind::Action => "(action)".into(),
        Kind::Asset => "(asset)".into(),
        Kind::Foundation => "(foundation)".into(),
    }
}

/// A card as our card file writes it (the importer's output; `parse_cards` reads it
/// back to the same definition).
pub fn write_card(def: &CardDef) -> String {
    let kind = kind_form(&def.kind);
    let mut out = format!("(card {} {} {kind}\n ", quote(&def.id), quote(&def.name));
    if let Some(g) = &def.guid {
        out += &format!(" (octgn {})", quote(g));
    }
    out += &format!(" (difficulty {}) (control {})", def.difficulty, def.control);
    if let Some((z, m)) = def.block {
        out += &format!(" (block {} {m})", z.name());
    }
    if !def.symbols.is_empty() {
        out += &format!(" (symbols {})", def.symbols);
    }
    if !def.keywords.is_empty() {
        let ks: Vec<String> = def.keywords.iter().map(write_keyword).collect();
        out += &format!("\n  (keywords {})", ks.join(" "));
    }
    for a in &def.abilities {
        out += &format!("\n  {}", crate::abilityfile::write_ability(a));
    }
    if let Some(m) = &def.missing {
        out += &format!("\n  (missing {})", quote(m));
    }
    if let Some(half) = &def.split {
        out += &format!(
            "\n  (split {} (difficulty {})",
            kind_form(&half.kind),
            half.difficulty
        );
        if !half.keywords.is_empty() {
            let ks: Vec<String> = half.keywords.iter().map(write_keyword).collect();
            out += &format!(" (keywords {})", ks.join(" "));
        }
        for a in &half.abilities {
            out += &format!("\n    {}", crate::abilityfile::write_ability(a));
        }
        out += ")";
    }
    out += ")\n";
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Ruling UFS-31: a split card's other half is written and read back, and takes
    /// the name, control, block and symbols of the card.
    #[test]
    fn a_split_card_reads_back_with_its_other_half() {
        let src = "(card \"t-1\" \"Two Ways\" (attack (zone mid) (speed 4) (damage 5))
  (difficulty 5) (control 3) (block mid 3) (symbols air evil)
  (split (action) (difficulty 1) (keywords (stun 2))
    (response (after-check you 1) checked-card-to-hand (draw you 1))))";
        let def = parse_cards(src).unwrap().remove(0);
        let half = def.split.as_deref().unwrap();
        assert_eq!(half.kind, Kind::Action);
        assert_eq!(half.difficulty, 1);
        assert_eq!(half.id, "t-1-split");
        assert_eq!(half.name, "Two Ways");
        assert_eq!((half.control, half.block), (3, Some((Zone::Mid, 3))));
        assert_eq!(half.symbols, def.symbols);
        assert_eq!(half.abilities.len(), 1);
        assert_eq!(parse_cards(&write_card(&def)).unwrap(), vec![def]);
    }

    #[test]
    fn a_split_card_has_exactly_one_action_half() {
        let src = "(card \"t-1\" \"Two Ways\" (foundation) (difficulty 5) (control 3)
  (split (asset) (difficulty 1)))";
        let e = parse_cards(src).unwrap_err();
        assert!(e.message.contains("UFS-31"), "{}", e.message);
    }

    #[test]
    fn a_written_card_reads_back_the_same() {
        let def = CardDef {
            id: "rva-09".into(),
            guid: Some("abc".into()),
            name: "Go \"Shoryuken\"".into(),
            kind: Kind::Attack {
                zone: Zone::Mid,
                speed: 3,
                damage: 9,
            },
            difficulty: 5,
            control: 1,
            block: Some((Zone::Mid, 2)),
            symbols: Symbols::NONE
                .with(Symbol::Evil)
                .with(Symbol::Order)
                .with(Symbol::Void),
            keywords: vec![
                Keyword::Powerful(2),
                Keyword::Punch,
                Keyword::Only("Ryu".into()),
            ],
            abilities: vec![
                crate::ability::Ability {
                    kind: crate::ability::AbilityKind::Enhance,
                    trigger: None,
                    only_character: Vec::new(),
                    combo: false,
                    only_playable: None,
                    cost: vec![
                        crate::ability::Cost::Commit,
                        crate::ability::Cost::DiscardMomentum(2),
                    ],
                    effect: vec![crate::ability::Effect::OnAttack {
                        when: crate::ability::FiredWhen::Damage,
                        yours_only: true,
                        then: vec![crate::ability::Effect::DiscardRandom(
                            crate::ability::Who::Opponent,
                            crate::ability::Amount::Momentum(crate::ability::Who::You),
                        )],
                    }],
                    while_committed: false,
                    by: crate::ability::PlayableBy::Controller,
                    x_at_most: None,
                },
                crate::ability::Ability {
                    kind: crate::ability::AbilityKind::Response,
                    trigger: Some(crate::ability::Trigger::Check(
                        crate::ability::Who::You,
                        crate::ability::CheckValue::AtMost(2),
                    )),
                    only_character: vec!["Akuma".into(), "Ryu".into()],
                    combo: false,
                    only_playable: None,
                    while_committed: true,
                    by: crate::ability::PlayableBy::EitherPlayer,
                    x_at_most: Some(crate::ability::Amount::HalfPrintedDamage),
                    cost: vec![
                        crate::ability::Cost::Commit,
                        crate::ability::Cost::RemoveTopOfDeck(1),
                    ],
                    effect: vec![
                        crate::ability::Effect::CheckGets(2),
                        crate::ability::Effect::LoseVitality(
                            crate::ability::Who::Opponent,
                            crate::ability::Amount::N(1),
                            Some(1),
                        ),
                        crate::ability::Effect::ReCheck,
                        crate::ability::Effect::CheckedCardToHand,
                        crate::ability::Effect::NextCardDifficulty(
                            crate::ability::Who::Opponent,
                            2,
                        ),
                    ],
                },
            ],
            missing: Some("2 enhance abilities".into()),
            split: None,
        };
        let text = write_card(&def);
        assert_eq!(parse_cards(&text).unwrap(), vec![def]);
    }

    /// Block and Kuchu Tatsumaki Senpukyaku EXTRA (rulings UFS-34, UFS-35): the steps,
    /// costs, triggers and conditions written for them read back the same.
    #[test]
    fn the_last_two_cards_read_back_the_same() {
        let db = crate::db::Db::build().unwrap();
        for id in ["rva-25", "rva-29"] {
            let def = db.def(db.by_id(id).unwrap()).clone();
            assert!(def.missing.is_none() && !def.abilities.is_empty(), "{id}");
            assert_eq!(parse_cards(&write_card(&def)).unwrap(), vec![def], "{id}");
        }
    }

    #[test]
    fn i_3_3_1_combo_requirements_read_back_the_same() {
        let src = "(card \"t-1\" \"Chain\" (attack (zone mid) (speed 4) (damage 3))
  (difficulty 4) (control 5) (block high 1) (symbols fire)
  (keywords (combo (mid attack) (mid attack)) (combo kick) (combo (void attack) (3 damage))
    (combo (low block) (high weapon) foundation combo) punch)
  (enhance combo (draw you 1)))";
        let cards = parse_cards(src).unwrap();
        let def = &cards[0];
        let req = |symbol, zone, what| ComboReq { symbol, zone, what };
        assert_eq!(
            def.keywords[0],
            Keyword::Combo(vec![
                req(None, Some(Zone::Mid), ComboWhat::Attack),
                req(None, Some(Zone::Mid), ComboWhat::Attack)
            ])
        );
        assert_eq!(
            def.keywords[2],
            Keyword::Combo(vec![
                req(Some(Symbol::Void), None, ComboWhat::Attack),
                req(None, None, ComboWhat::Value(ComboStat::Damage, 3))
            ])
        );
        assert!(def.abilities[0].combo);
        let written = write_card(def);
        assert!(
            written.contains("(combo (mid attack) (mid attack))"),
            "{written}"
        );
        assert!(written.contains("(combo (low block) (high weapon) foundation combo)"));
        assert!(written.contains("(enhance combo (draw you 1))"));
        assert_eq!(parse_cards(&written).unwrap(), cards);
        // Unknown requirements are errors at their place, never guesses.
        for (bad, line) in [
            ("(combo sweep)", 2),
            ("(combo (mid action))", 2),
            ("(combo (all ranged))", 2),
            ("(combo)", 2),
            ("(combo ())", 2),
            ("(combo \"kick\")", 2),
        ] {
            let src = format!("(card \"t-1\" \"X\" (foundation)\n  (keywords {bad}))");
            let e = parse_cards(&src).unwrap_err();
            assert_eq!(e.pos.line, line, "{bad}: {}", e.message);
        }
    }

    #[test]
    fn errors_name_the_line_and_what_was_wrong() {
        let e = parse_cards("(card \"x\" \"X\" (foundation)\n  (difficulty 300))").unwrap_err();
        assert_eq!(e.pos.line, 2);
        assert!(e.message.contains("300"), "{}", e.message);
        let e = parse_cards("(card \"x\" \"X\" (attack (speed 2) (damage 3)))").unwrap_err();
        assert!(e.message.contains("zone"), "{}", e.message);
        let e = parse_cards("(card \"x\" \"X\" (foundation) (symbols lava))").unwrap_err();
        assert!(e.message.contains("lava"), "{}", e.message);
    }

    #[test]
    fn an_x_nothing_defines_is_refused_wherever_it_is_read() {
        // J.4.3: X comes from the cost or an `(x AMOUNT)` step; nested steps count too.
        for step in [
            "(removed-to-hand x)",
            "(remove-top-of-deck you x up-to)",
            "(if-deals-damage (may opponent (draw opponent x)))",
            "(either ((discard-random each-player x)) ((discard-random-momentum each-player 1)))",
        ] {
            let src = format!("(card \"x\" \"X\" (foundation) (form {step}))");
            let e = parse_cards(&src).unwrap_err();
            assert!(e.message.contains("defines"), "{step}: {}", e.message);
        }
        for ok in [
            "(form (x (momentum you)) (removed-to-hand x))",
            "(form (cost (remove-from-hand x)) (draw you x))",
        ] {
            let src = format!("(card \"x\" \"X\" (foundation) {ok})");
            assert!(parse_cards(&src).is_ok(), "{ok}");
        }
    }
    #[test]
    fn i_3_7_1_gauge_steps_are_written_as_they_are_read() {
        // The steps Gauge's ability uses (a fired effect on X or more damage, the search)
        // in the card language, read and written back unchanged.
        let step = "(if-deals-damage-at-least 3 gauge-search)";
        let src = format!("(card \"x\" \"X\" (foundation) (enhance {step}))");
        let defs = parse_cards(&src).unwrap();
        let written = crate::abilityfile::write_ability(&defs[0].abilities[0]);
        assert_eq!(written, format!("(enhance {step})"));
    }
}
