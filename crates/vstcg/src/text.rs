//! The text players read for a card, generated from its definition (never printed
//! text).

use crate::db::CardPool;
use crate::model::*;
use crate::power::*;
use crate::words::TargetKind;

/// "Cadet Vance, Training Squad — character, cost 1, 2 ATK / 1 DEF, Training Squad".
pub fn card_line(pool: &CardPool, def: &CardDef) -> String {
    let mut parts = Vec::new();
    match def.ty {
        CardType::Character {
            cost,
            atk,
            def: d,
            affiliations,
            flight,
            range,
            concealment,
        } => {
            parts.push(match cost {
                Cost::Known(n) => format!("character, cost {n}"),
                Cost::Costless => "character, costless".into(),
                Cost::Unknown => "character, cost unknown".into(),
            });
            let atk = if def.unknown.contains(&Unknown::Atk) {
                "?".into()
            } else {
                atk.to_string()
            };
            let d = if def.unknown.contains(&Unknown::Def) {
                "?".into()
            } else {
                d.to_string()
            };
            parts.push(format!("{atk} ATK / {d} DEF"));
            if affiliations.is_empty() {
                parts.push("unaffiliated".into());
            } else {
                parts.push(pool.affiliation_text(affiliations));
            }
            if flight {
                parts.push("flight".into());
            }
            if range {
                parts.push("range".into());
            }
            parts.extend(concealment_text(concealment));
        }
        CardType::Equipment { cost, concealment } => {
            if def.unknown.contains(&Unknown::Cost) {
                parts.push("equipment, cost unknown".into());
            } else {
                parts.push(format!("equipment, cost {cost}"));
            }
            parts.extend(concealment_text(concealment));
        }
        CardType::Location { threshold } => parts.push(format!(
            "location, threshold {}",
            threshold_text(def, threshold)
        )),
        CardType::PlotTwist { threshold, ongoing } => {
            parts.push(format!(
                "plot twist, threshold {}",
                threshold_text(def, threshold)
            ));
            if ongoing {
                parts.push("ongoing".into());
            }
        }
    }
    if !def.traits.is_empty() {
        parts.push(def.traits.join(" "));
    }
    match (def.marvel, def.dc) {
        (true, true) => parts.push("Marvel and DC".into()),
        (true, false) => parts.push("Marvel".into()),
        (false, true) => parts.push("DC".into()),
        (false, false) => {}
    }
    for k in def.keywords.iter() {
        parts.push(match k {
            Keyword::Boost => format!("Boost {}", def.boost),
            Keyword::Willpower => format!("Willpower {}", def.willpower),
            _ => k.title().to_string(),
        });
    }
    for p in &def.powers {
        // A power a keyword stands for reads as the keyword (listed above).
        if p.keyword.is_some() {
            continue;
        }
        // 508.2h: a modal effect reads once, with its modes.
        if let Some(m) = p.mode {
            if m.chosen == 1 {
                parts.push(modal_text(def));
            }
            continue;
        }
        let gate = match p.gate {
            Some(Gate::Cosmic) => "Cosmic: ".to_string(),
            Some(Gate::Boost) => "Boost: ".to_string(),
            Some(Gate::Insanity) => "Insanity: ".to_string(),
            Some(Gate::During(ph)) => format!("During the {}, ", ph.name()),
            None => String::new(),
        };
        let leader = if p.leader { "Leader: " } else { "" };
        let mut text = power(&p.power);
        if matches!(p.gate, Some(Gate::During(_))) && leader.is_empty() {
            text[..1].make_ascii_lowercase();
        }
        parts.push(format!("{gate}{leader}{text}"));
    }
    if let Some(n) = def.deck_limit {
        parts.push(format!("at most {n} per deck"));
    }
    if def.training {
        parts.push("training, not a real card".into());
    }
    if !def.unknown.is_empty() {
        let u: Vec<&str> = def.unknown.iter().map(|u| u.name()).collect();
        parts.push(format!("unknown: {}", u.join(", ")));
    }
    for n in &def.unimplemented {
        parts.push(format!("not implemented: {n}"));
    }
    format!("{} — {}", def.display_name(), parts.join(", "))
}

/// 508.2h: "Choose one or both: MODE; or MODE." from the effects of the single modes.
fn modal_text(def: &CardDef) -> String {
    let mut or_both = false;
    let modes: Vec<String> = def
        .powers
        .iter()
        .filter_map(|p| {
            let m = p.mode?;
            or_both |= m.or_both;
            (m.chosen.count_ones() == 1).then(|| {
                let t = power(&p.power);
                t.strip_suffix('.').map_or(t.clone(), str::to_string)
            })
        })
        .collect();
    let head = if or_both {
        "Choose one or both"
    } else {
        "Choose one"
    };
    format!("{head}: {}.", modes.join("; or "))
}

/// The card's game text (G-Word): its keywords and powers, as generated.
pub fn game_text(def: &CardDef) -> String {
    let mut parts: Vec<String> = def.keywords.iter().map(|k| k.title().to_string()).collect();
    for p in &def.powers {
        match p.mode {
            Some(m) if m.chosen == 1 => parts.push(modal_text(def)),
            Some(_) => {}
            None if p.keyword.is_none() => parts.push(power(&p.power)),
            None => {}
        }
    }
    parts.join(" ")
}

fn threshold_text(def: &CardDef, threshold: u8) -> String {
    if def.unknown.contains(&Unknown::Threshold) {
        "unknown".into()
    } else {
        threshold.to_string()
    }
}

fn concealment_text(c: Concealment) -> Option<String> {
    match c {
        Concealment::Visible => None,
        Concealment::Concealed => Some("concealed".into()),
        Concealment::Optional => Some("concealed—optional".into()),
    }
}

fn target(n: usize, k: &TargetKind) -> String {
    match k {
        TargetKind::Character(f) => format!("target {n} is a {}", crate::wording::filter(f, false)),
        TargetKind::Resource(f) => format!(
            "target {n} is a {}",
            crate::wording::resource_filter(f, false)
        ),
        TargetKind::Player(None) => format!("target {n} is a player"),
        TargetKind::Player(Some(Relation::Opponent)) => format!("target {n} is an opponent"),
        TargetKind::Player(Some(Relation::You)) => format!("target {n} is you"),
        TargetKind::Effect(EffectTest::Any) => format!("target {n} is an effect"),
        TargetKind::Effect(EffectTest::PlotTwist) => {
            format!("target {n} is an effect from a plot twist")
        }
        TargetKind::Effect(EffectTest::NonOngoingPlotTwist) => {
            format!("target {n} is an effect from a non-ongoing plot twist")
        }
        TargetKind::Effect(EffectTest::PowerUp) => format!("target {n} is a power-up effect"),
        TargetKind::Effect(EffectTest::PowerOf(k)) => format!(
            "target {n} is an effect of a {} power",
            k.word().trim_end_matches("-card").replace('-', " ")
        ),
    }
}

/// " while you control 6 or more resources", or nothing.
fn while_text(w: &Option<crate::power::WhileCond>) -> String {
    match w {
        None => String::new(),
        Some(crate::power::WhileCond::Resources { who, at_least }) => format!(
            " while {} {at_least} or more resources",
            match who {
                Relation::You => "you control",
                Relation::Opponent => "an opponent controls",
            }
        ),
        Some(crate::power::WhileCond::Endurance { at_least }) => {
            format!(" while you have {at_least} or more endurance")
        }
    }
}

fn additional_cost(c: &AdditionalCost) -> String {
    let cards = |n: u8, f: &Filter| {
        let what = crate::wording::filter(f, n != 1);
        if n == 1 {
            match what.strip_prefix("other ") {
                Some(rest) => format!("another {rest}"),
                None => format!("a {what}"),
            }
        } else {
            format!("{n} {what}")
        }
    };
    match c {
        AdditionalCost::Exhaust { n, filter } => format!("exhaust {}", cards(*n, filter)),
        AdditionalCost::Discard { n, filter } => {
            let what = cards(*n, filter).replace("character", "card");
            format!("discard {}", what.replace("card card", "card"))
        }
        AdditionalCost::PayEndurance(n) => format!("pay {n} endurance"),
        AdditionalCost::Stun { n, filter } => format!("stun {}", cards(*n, filter)),
        AdditionalCost::DiscardUpTo { n, filter } => {
            let what = crate::wording::filter(filter, *n != 1).replace("character", "card");
            format!("discard up to {n} {}", what.replace("card card", "card"))
        }
        AdditionalCost::Choose { n, filter } => {
            let mut f = filter.clone();
            let yours = Test::Controlled(Relation::You);
            if !f.0.contains(&yours) {
                f.0.push(yours);
            }
            format!("choose {}", cards(*n, &f))
        }
        AdditionalCost::Reveal { n, filter } => {
            let what = crate::wording::card_filter(filter);
            if *n == 1 {
                format!("reveal a {}", what.strip_suffix('s').unwrap_or(&what))
            } else {
                format!("reveal {n} {what}")
            }
        }
    }
}

/// An effect: its additional costs, its targets, then its steps.
pub fn effect(e: &Effect) -> String {
    let mut parts: Vec<String> = e
        .targets
        .iter()
        .enumerate()
        .map(|(i, k)| target(i, k))
        .collect();
    let mut s = String::new();
    // A reveal cost is a payment power's and reads with its costs (203.6c).
    let to_play: Vec<String> = e
        .costs
        .iter()
        .filter(|c| !matches!(c, AdditionalCost::Reveal { .. }))
        .map(additional_cost)
        .collect();
    if !to_play.is_empty() {
        s = format!("To play, {}. ", to_play.join(" and "));
    }
    if !parts.is_empty() {
        let mut t = parts.join("; ");
        t[..1].make_ascii_uppercase();
        s += &format!("{t}. ");
    }
    parts.clear();
    for step in &e.steps {
        parts.push(step.text());
    }
    // A step with no words of its own (the mark a repeated process starts at).
    parts.retain(|p| !p.is_empty());
    if parts.is_empty() {
        parts.push("(no effect)".into());
    }
    s + &parts.join(" ")
}

fn cost(c: &CostItem) -> String {
    match c {
        CostItem::Activate => "Activate".into(),
        CostItem::PayEndurance(n) => format!("pay {n} endurance"),
        CostItem::PayResourcePoints(n) => format!("pay {n} resource points"),
        CostItem::StunThis => "stun this character".into(),
        CostItem::KoThis => "KO this card".into(),
        CostItem::ReplaceThis => "replace this card".into(),
        CostItem::DiscardThis => "discard this card".into(),
        CostItem::RevealThis => "reveal this card".into(),
        CostItem::PayAtk(n) => format!("pay {n} ATK this turn"),
        CostItem::PayDef(n) => format!("pay {n} DEF this turn"),
        CostItem::RemoveShiftCounters(n) => format!("remove {n} shift counters"),
    }
}

fn timing(t: Timing) -> &'static str {
    match t {
        Timing::Any => "",
        Timing::BuildPhase => " Use only during the build phase.",
        Timing::CombatPhase => " Use only during the combat phase.",
        Timing::YourAttackStep => " Use only during your attack step.",
        Timing::YourRecruitStep => {
            " Use only if this card is in your hand and only during your recruit step."
        }
    }
}

/// " Use only if you control NAME." (201.5); " Use only if this character is
/// defending."
fn only_if(e: &Effect) -> String {
    let mut s = e
        .only_if_you_control
        .as_ref()
        .map(|n| format!(" Use only if you control {n}."))
        .unwrap_or_default();
    if let Some(f) = &e.only_if_this {
        let tests: Vec<String> = f.0.iter().map(crate::wording::test).collect();
        s += &format!(" Use only if this character is {}.", tests.join(" and "));
    }
    s
}

fn affects(a: &Affects) -> String {
    match a {
        Affects::This => "this character".into(),
        Affects::Host => "the equipped character".into(),
        Affects::Each(f) => format!("each {}", crate::wording::filter(f, false)),
        // 511.2b: "[type] cards" are in every zone.
        Affects::Cards(f) => format!(
            "each {} in every zone",
            crate::wording::card_filter(f).replacen("cards", "card", 1)
        ),
    }
}

/// "A", "A and B", "A, B and C".
fn and_list(names: &[String]) -> String {
    match names {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

/// A power, generated from its definition (never printed text).
pub fn power(p: &Power) -> String {
    let mut s = match p {
        Power::Play {
            effect: e,
            timing: t,
        } => format!(
            "{}{}{}",
            effect(e),
            timing(*t).replace("Use", "Play"),
            only_if(e).replace("Use", "Play")
        ),
        Power::Payment {
            costs,
            effect: e,
            timing: t,
            once_per_turn,
            alternate,
        } => {
            let mut c: Vec<String> = costs.iter().map(cost).collect();
            // A payment power's additional costs are part of its cost.
            c.extend(e.costs.iter().map(additional_cost));
            if c.is_empty() {
                c.push("Free".into());
            }
            let bare;
            let e = if e.costs.is_empty() {
                e
            } else {
                bare = Effect {
                    costs: Vec::new(),
                    ..e.clone()
                };
                &bare
            };
            let once = if *once_per_turn {
                " Use only once per turn."
            } else {
                ""
            };
            // 203.10a: "You may <alternate> rather than <cost>."
            let rather = alternate.as_ref().map_or(String::new(), |alt| {
                let alt: Vec<String> = alt.iter().map(cost).collect();
                let orig = c.join(", ").to_lowercase();
                format!(
                    " You may {} rather than {orig}.",
                    alt.join(", ").to_lowercase()
                )
            });
            format!(
                "{} >>> {}{}{}{once}{rather}",
                c.join(", "),
                effect(e),
                timing(*t),
                only_if(e)
            )
        }
        Power::Trigger {
            event,
            effect: e,
            when: trigger_when,
        } => {
            let when = match event {
                Event::EntersPlay => "When this card enters play".to_string(),
                Event::BecomesStunned => "Whenever this character becomes stunned".into(),
                Event::Attacks => "Whenever this character attacks".into(),
                Event::TeamAttacks => "Whenever this character team attacks".into(),
                Event::Defends => "Whenever this character defends".into(),
                Event::StunsCharacter => "Whenever this character stuns a character".into(),
                Event::CausesBreakthrough => "Whenever this character causes breakthrough".into(),
                Event::LeavesPlay => "When this card leaves play".into(),
                Event::StartOfYourAttackStep => "At the start of your attack step".into(),
                Event::StartOfYourFormationStep => "At the start of your formation step".into(),
                Event::Readies => "Whenever this card readies".into(),
                Event::Exhausts => "Whenever this card exhausts".into(),
                Event::BecomesPoweredUp => "Whenever this character becomes powered-up".into(),
                Event::PlotTwistPlayed => "Whenever a plot twist is played".into(),
                Event::Recovers => "Whenever this character recovers".into(),
                Event::ACharacterLeavesPlay => "Whenever a character leaves play".into(),
                Event::OpponentFlipsLocation => "Whenever an opponent flips a location".into(),
                Event::AdjacentEntersCombatWith(g) => format!(
                    "Whenever a character adjacent to this character enters combat with a character with {}",
                    g.word()
                ),
                Event::YoursPoweredUp => {
                    "Whenever a character you control becomes powered-up".into()
                }
                Event::StartOfPhase(ph) => format!(
                    "At the start of the {} phase",
                    match ph {
                        PhaseWord::Draw => "draw",
                        PhaseWord::Build => "build",
                        PhaseWord::Combat => "combat",
                        PhaseWord::Recovery => "recovery",
                    }
                ),
            };
            let mut e = effect(e);
            e[..1].make_ascii_lowercase();
            let also = trigger_when.also.as_ref().map_or(String::new(), |c| {
                format!(" and {}", crate::verbs::condition_words(c))
            });
            let check = trigger_when
                .double_check
                .as_ref()
                .map_or(String::new(), |c| {
                    format!(", if {}", crate::verbs::condition_words(c))
                });
            let once = if trigger_when.once_per_turn {
                " This power triggers only once per turn."
            } else {
                ""
            };
            format!("{when}{also}{check}, {e}{once}")
        }
        Power::Continuous(Continuous::Stats { who, atk, def }) => {
            let (a, d) = (Amount::N(*atk as i32), Amount::N(*def as i32));
            format!("{} gets {}.", affects(who), crate::wording::stats(&a, &d))
        }
        Power::Continuous(Continuous::Grant { who, grant }) => {
            format!("{} has {}.", affects(who), grant.word())
        }
        Power::Continuous(Continuous::Cant { who, what }) => {
            format!("{} {}.", affects(who), what.text())
        }
        Power::Continuous(Continuous::TopCard {
            player,
            to_all: true,
        }) => match player {
            Relation::You => "You play with the top card of your deck revealed.".into(),
            Relation::Opponent => {
                "Each opponent plays with the top card of their deck revealed.".into()
            }
        },
        Power::Continuous(Continuous::CostsLess { n, while_ }) => {
            let when = while_text(while_);
            format!("This card costs {n} less to recruit{when}.")
        }
        Power::Continuous(Continuous::FlipThresholdLess { yours, n, while_ }) => {
            let when = while_text(while_);
            if *yours {
                format!("Locations you flip have threshold {n} less{when}.")
            } else {
                format!("This location's threshold is {n} less to flip{when}.")
            }
        }
        Power::Continuous(Continuous::ToFlip { costs }) => {
            let costs: Vec<String> = costs.iter().map(additional_cost).collect();
            format!("To flip, {}.", costs.join(" and "))
        }
        Power::Continuous(Continuous::TopCard { to_all: false, .. }) => {
            "You may look at the top card of your deck at any time.".into()
        }
        Power::Continuous(Continuous::PlayFromKoPile { filter }) => {
            let what = if filter.0.is_empty() {
                "plot twist cards".to_string()
            } else {
                format!(
                    "plot twist {}",
                    crate::wording::filter(filter, true).replace("character", "card")
                )
            };
            format!("You may play {what} from your KO'd pile.")
        }
        Power::Continuous(Continuous::NotUniqueAcrossVersions { filter }) => format!(
            "{} cards you control are not unique with cards with the same name but a different version.",
            crate::wording::filter(filter, false)
        ),
        Power::Continuous(Continuous::ConsideredToControl { name }) => {
            format!("You are considered to control {name}.")
        }
        Power::Continuous(Continuous::Replace {
            event,
            who,
            player,
            steps,
            cost,
            amount,
        }) => {
            let subject = match (who, player) {
                (Some(a), _) => affects(a),
                (_, Some(Relation::You)) => "you".into(),
                (_, Some(Relation::Opponent)) => "an opponent".into(),
                _ => "a player".into(),
            };
            // 513.5g: the amount raised or lowered.
            if let Some(change) = amount {
                let (you, lose, draw) = if matches!(player, Some(Relation::You)) {
                    ("you", "lose", "draw")
                } else {
                    ("that player", "loses", "draws")
                };
                let new = match (event, change) {
                    (crate::vocab::ReplaceEvent::LoseEndurance, AmountChange::Additional(n)) => {
                        format!("{you} {lose} that much endurance and {n} additional endurance")
                    }
                    (crate::vocab::ReplaceEvent::LoseEndurance, AmountChange::Less(n)) => {
                        format!("{you} {lose} {n} less endurance")
                    }
                    (_, AmountChange::Additional(n)) => {
                        let s = if *n == 1 { "" } else { "s" };
                        format!("{you} {draw} that card and {n} additional card{s}")
                    }
                    (_, AmountChange::Less(n)) => {
                        let s = if *n == 1 { "" } else { "s" };
                        format!("{you} {draw} {n} card{s} less")
                    }
                };
                return format!("If {subject} {}, instead, {new}.", event.text());
            }
            let then: Vec<String> = steps.iter().map(|s| s.text()).collect();
            let mut then = then.join(" ");
            match cost {
                None => {
                    if let Some(f) = then.get_mut(..1) {
                        f.make_ascii_lowercase();
                    }
                    format!("If {subject} {}, instead, {then}", event.text())
                }
                Some(c) => {
                    let pay = replace_cost(c);
                    if then.is_empty() {
                        format!("If {subject} {}, instead, you may {pay}.", event.text())
                    } else {
                        format!(
                            "If {subject} {}, instead, you may {pay}. If you do: {then}",
                            event.text()
                        )
                    }
                }
            }
        }
        Power::Continuous(Continuous::Crossover { names, .. }) => {
            format!("Crossover {}.", and_list(names))
        }
        Power::Continuous(Continuous::GainAffiliation { who, names, .. }) => {
            let s = if names.len() == 1 { "" } else { "s" };
            format!(
                "{} gains the {} affiliation{s}.",
                affects(who),
                and_list(names)
            )
        }
        Power::Continuous(Continuous::LoseAffiliations { who }) => {
            format!("{} loses all affiliations.", affects(who))
        }
        Power::Continuous(Continuous::EquipAlso { filter }) => format!(
            "Equipped character can be equipped with any number of other {} equipment.",
            crate::wording::filter(filter, false)
                .trim_end_matches("character")
                .trim_end()
        ),
        Power::Continuous(Continuous::ConcealedOptionalWhile { filter }) => format!(
            "While targeting or equipped to a {}, this card has concealed—optional.",
            crate::wording::filter(filter, false)
        ),
        Power::Continuous(Continuous::EquipOnlyTo { filter }) => {
            let f = crate::wording::filter(filter, false);
            let a = if f.starts_with(['A', 'E', 'I', 'O', 'U', 'a', 'e', 'i', 'o', 'u']) {
                "an"
            } else {
                "a"
            };
            format!("Equip only to {a} {f}.")
        }
        Power::Continuous(Continuous::Names { who, names, lose }) => {
            let s = if names.len() == 1 { "" } else { "s" };
            let lose = if *lose {
                "loses all names and versions and "
            } else {
                ""
            };
            format!(
                "{} {lose}has the name{s} {}.",
                affects(who),
                and_list(names)
            )
        }
        Power::Continuous(Continuous::Identities { who, identities }) => {
            let s = if identities.len() == 1 { "y" } else { "ies" };
            format!(
                "{} has the identit{s} {}.",
                affects(who),
                and_list(identities)
            )
        }
        Power::Continuous(Continuous::CostLessPerRecruited { filter }) => format!(
            "This card costs 1 less to recruit for each {} you recruited this turn.",
            crate::wording::filter(filter, false)
        ),
        Power::Continuous(Continuous::EntersPlayStunned { who }) => {
            format!("{} enters play stunned.", affects(who))
        }
        Power::Continuous(Continuous::CantTarget { player, who }) => format!(
            "{} can't target {}.",
            match player {
                Relation::You => "you",
                Relation::Opponent => "your opponents",
            },
            affects(who)
        ),
        Power::Continuous(Continuous::PlayerCantBeAttacked { player }) => match player {
            Relation::You => "You can't be attacked.".into(),
            Relation::Opponent => "Your opponents can't be attacked.".into(),
        },
        Power::Continuous(Continuous::EquipLimit { who, n }) => {
            format!("{} can be equipped with up to {n} equipment.", affects(who))
        }
        Power::Continuous(Continuous::HasPower { who, power: p }) => {
            format!("{} has \"{}\"", affects(who), power(&p.power))
        }
    };
    s[..1].make_ascii_uppercase();
    s
}

/// 203.7a: a replacement cost, after "you may".
fn replace_cost(c: &crate::power::ReplaceCost) -> String {
    use crate::power::ReplaceCost;
    match c {
        ReplaceCost::Choose { filter, .. } => {
            format!("choose a {}", crate::wording::filter(filter, false))
        }
        ReplaceCost::PayEndurance(n) => format!("pay {n} endurance"),
        ReplaceCost::PlusCounters(1) => "put a +1/+1 counter on this character".into(),
        ReplaceCost::PlusCounters(n) => format!("put {n} +1/+1 counters on this character"),
        ReplaceCost::KoThis => "KO this card".into(),
        ReplaceCost::ReturnThis => "return this character to its owner's hand".into(),
    }
}
