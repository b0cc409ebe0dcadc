//! The words for each part of the ability tree: triggers, costs, steps, targets,
//! amounts, conditions and constant abilities, as English the way the rules speak
//! ("you" is the card's controller). `text.rs` puts them together into a card's text.

use crate::cardfile::trait_word;
use crate::model::*;

/// "`when`" clause of a triggered ability, without the leading "After"/"When".
pub fn trigger(t: Trigger) -> String {
    match t {
        Trigger::VillainAttacksYou => "when the villain initiates an attack against you",
        Trigger::VillainAttacks => "when the villain initiates an attack",
        Trigger::ThisAttacks => "when this enemy attacks",
        Trigger::ThisAttacksYou => "when this enemy attacks you",
        Trigger::ThisSchemes => "when this enemy schemes",
        Trigger::VillainSchemes => "when the villain schemes",
        Trigger::YouWouldTakeAttackDamage => "when you would take damage from an attack",
        Trigger::YouWouldTakeDamage => "when your identity would take damage",
        Trigger::TreacheryRevealed => "when a treachery card is revealed",
        Trigger::EncounterCardRevealed => "when an encounter card is revealed",
        Trigger::ThisEntersPlay => "after this card enters play",
        Trigger::MinionEntersPlay => "after a minion enters play",
        Trigger::AttachedDefeated => "when the attached minion is defeated",
        Trigger::AttachedWouldAttack => "when the attached enemy would attack",
        Trigger::ChangedToThisForm => "after you change to this form",
        Trigger::ThreatWouldBePlaced => "when threat would be placed on a scheme",
        Trigger::YourBasicAttack => "after you make a basic attack",
        Trigger::ThisAttacked => "after this character attacks",
        Trigger::YourHeroAttacked => "after your hero attacks",
        Trigger::ThisDefeatedMinion => "after this character attacks and defeats a minion",
        Trigger::YourHeroDefeatedEnemy => "after your hero attacks and defeats an enemy",
        Trigger::ThisThwarted => "after this character thwarts",
        Trigger::YouDefeatedMinion => "after you defeat a minion",
        Trigger::YourHeroDefended => "after your hero defends",
        Trigger::VillainWouldTakeDamage => "when damage would be dealt to the villain",
        Trigger::VillainTookDamage => "after the villain takes damage",
        Trigger::ThisAttackDamaged => "after this enemy's attack damages a character",
        Trigger::ThisDefeated => "after this card is defeated",
        Trigger::ThisWouldBeDefeated => "when this card would be defeated",
        Trigger::ThreatPlacedInStepOne => {
            "after threat is placed here in step one of the villain phase"
        }
        Trigger::DroneDefeated => "after a Drone minion is defeated",
        #[allow(unreachable_patterns)]
        other => return crate::wording::debug_words(&format!("{other:?}")),
    }
    .to_string()
}

pub fn target(t: Target) -> String {
    match t {
        Target::Chosen(i) => return chosen(i),
        Target::This => "this card",
        Target::You => "you",
        Target::Villain => "the villain",
        Target::MainScheme => "the main scheme",
        Target::EventCard => "that card",
        Target::Attached => "the attached card",
        Target::EachEnemy => "each enemy",
        Target::EachHero => "each hero",
        Target::EachCharacter => "each character",
        Target::EachFriendlyCharacter => "each friendly character",
        Target::EachCharacterYouControl => "each character you control",
        Target::EachAllyYouControl => "each ally you control",
        Target::EachMinionEngagedWithYou => "each minion engaged with you",
        Target::EachSideScheme => "each side scheme",
        Target::EachScheme => "each scheme",
        Target::EachUpgradeYouControl => "each upgrade you control",
        #[allow(unreachable_patterns)]
        other => return debug_words(&format!("{other:?}")),
    }
    .to_string()
}

fn chosen(i: u8) -> String {
    match i {
        0 => "it".into(),
        n => format!("the {} chosen card", ordinal(n + 1)),
    }
}

fn ordinal(n: u8) -> &'static str {
    match n {
        1 => "first",
        2 => "second",
        3 => "third",
        _ => "fourth",
    }
}

pub fn filter(f: Filter) -> String {
    match f {
        Filter::Enemy => "an enemy".into(),
        Filter::Minion => "a minion".into(),
        Filter::Scheme => "a scheme".into(),
        Filter::Ally => "an ally".into(),
        Filter::FriendlyCharacter => "a friendly character".into(),
        Filter::Character => "a character".into(),
        Filter::UpgradeOrSupportYouControl => "an upgrade or support you control".into(),
        Filter::UpgradeYouControl => "an upgrade you control".into(),
        Filter::TraitUpgradeYouControl(t) => format!("a {} upgrade you control", trait_word(t)),
        #[allow(unreachable_patterns)]
        other => debug_words(&format!("{other:?}")),
    }
}

pub fn amount(a: Amount) -> String {
    match a {
        Amount::N(n) => n.to_string(),
        Amount::YourSustainedDamage => "as much as the damage you have".into(),
        Amount::IfTrait { t, then, otherwise } => {
            format!("{otherwise} ({then} instead if you are {})", trait_word(t))
        }
        Amount::IfPaidWith { r, then, otherwise } => format!(
            "{otherwise} ({then} instead if a {} resource was spent on it)",
            r.word()
        ),
        Amount::YourAtk => "as much as your ATK".into(),
        Amount::Counted => "that many".into(),
        Amount::PerCounter { per, max } => {
            format!("{per} for each counter here (at most {max})")
        }
        Amount::PerPlayer(n) => format!("{n} per player"),
        #[allow(unreachable_patterns)]
        other => debug_words(&format!("{other:?}")),
    }
}

pub fn cond(c: Cond) -> String {
    match c {
        Cond::YouHaveTrait(t) => format!("you are {}", trait_word(t)),
        Cond::PaidWith(r) => format!("a {} resource was spent on it", r.word()),
        Cond::YouAreAlterEgo(_) => "you are in alter-ego form".into(),
        Cond::NothingHappened => "that did nothing".into(),
        #[allow(unreachable_patterns)]
        other => debug_words(&format!("{other:?}")),
    }
}

pub fn cost(c: CostPart) -> String {
    match c {
        CostPart::ExhaustThis => "exhaust this card".into(),
        CostPart::Spend(i) => format!("spend {}", icons(i)),
        CostPart::SpendX(r) => format!("spend X {} resources", r.word()),
        CostPart::DiscardThis => "discard this card".into(),
        CostPart::RemoveCounter => "remove a counter from this card".into(),
        CostPart::TakeDamage(n) => format!("take {n} damage"),
        CostPart::DamageThis(n) => format!("deal {n} damage to this card"),
        CostPart::ExhaustYourHero => "exhaust your hero".into(),
        CostPart::HealYou(n) => format!("heal {n} damage from your identity"),
        CostPart::DiscardFromHand(n) => format!("discard {n} card(s) from your hand"),
        #[allow(unreachable_patterns)]
        other => debug_words(&format!("{other:?}")),
    }
}

/// "2 energy and 1 wild resources".
pub fn icons(i: Icons) -> String {
    let parts: Vec<String> = Resource::ALL
        .iter()
        .filter(|&&r| i.get(r) > 0)
        .map(|&r| format!("{} {}", i.get(r), r.word()))
        .collect();
    if parts.is_empty() {
        "nothing".into()
    } else {
        format!("{} resource(s)", parts.join(" and "))
    }
}

fn stat(s: Stat) -> &'static str {
    s.word()
}

fn period(p: Period) -> &'static str {
    match p {
        Period::Phase => "the end of the phase",
        Period::Round => "the end of the round",
        Period::Game => "the end of the game",
        Period::Attack => "the end of this attack",
    }
}

/// One step as a sentence fragment (no final period).
pub fn step(s: &Step) -> String {
    match s {
        Step::Choose { slot, filter: f } => match slot {
            0 => format!("choose {}", filter(*f)),
            n => format!("choose {} (the {} choice)", filter(*f), ordinal(n + 1)),
        },
        Step::ChoosePlayer { .. } => "choose a player".into(),
        Step::Damage { to, amount: a } => {
            format!("deal {} damage to {}", amount(*a), target(*to))
        }
        Step::Heal { who, amount: a } => {
            format!("heal {} damage from {}", amount(*a), target(*who))
        }
        Step::RemoveThreat { from, amount: a } => {
            format!("remove {} threat from {}", amount(*a), target(*from))
        }
        Step::PlaceThreat { on, amount: a } => {
            format!("place {} threat on {}", amount(*a), target(*on))
        }
        Step::Draw { amount: a } => format!("draw {} card(s)", amount(*a)),
        Step::PlayerDraws { amount: a, .. } => {
            format!("the chosen player draws {} card(s)", amount(*a))
        }
        Step::EachPlayerDraws { amount: a } => format!("each player draws {} card(s)", amount(*a)),
        Step::Stun(t) => format!("stun {}", target(*t)),
        Step::Confuse(t) => format!("confuse {}", target(*t)),
        Step::Tough(t) => format!("give {} a tough status card", target(*t)),
        Step::Ready(t) => format!("ready {}", target(*t)),
        Step::Exhaust(t) => format!("exhaust {}", target(*t)),
        Step::Surge => "this card gains surge".into(),
        Step::VillainAttacksYou => "the villain attacks you".into(),
        Step::VillainSchemes => "the villain schemes".into(),
        Step::CancelEffects => "cancel its effects".into(),
        Step::PreventAllDamage => "prevent all of that damage".into(),
        Step::PreventDamage(n) => format!("prevent {n} of that damage"),
        Step::PreventThreat(n) => format!("prevent {n} of that threat"),
        Step::DiscardThis => "discard this card".into(),
        Step::ReturnThisToHand => "return this card to your hand".into(),
        Step::Gets {
            who,
            stat: st,
            n,
            until,
        } => format!(
            "{} gets {n:+} {} until {}",
            target(*who),
            stat(*st),
            period(*until)
        ),
        Step::If { cond: c, then } => format!("if {}, {}", cond(*c), steps(then)),
        Step::ChooseOne(options) => {
            let o: Vec<String> = options
                .iter()
                .map(|(label, st)| format!("{label} ({})", steps(st)))
                .collect();
            format!("choose one: {}", o.join("; or "))
        }
        Step::Generate(i) => format!("generate {}", icons(*i)),
        Step::AttachThisTo(t) => format!("attach this card to {}", target(*t)),
        Step::Named(n) => format!("({})", debug_words(&format!("{n:?}"))),
        #[allow(unreachable_patterns)]
        other => debug_words(&format!("{other:?}")),
    }
}

/// Steps joined into one sentence.
pub fn steps(v: &[Step]) -> String {
    let parts: Vec<String> = v.iter().map(step).collect();
    parts.join(", then ")
}

pub fn constant(c: &Constant) -> String {
    match c {
        Constant::YouGet { stat: s, n } => format!("Your identity gets {n:+} {}.", stat(*s)),
        Constant::AttachedGets { stat: s, n } => {
            format!("The attached character gets {n:+} {}.", stat(*s))
        }
        Constant::ThisGetsPerSideScheme(s) => {
            format!(
                "This character gets +1 {} for each side scheme in play.",
                stat(*s)
            )
        }
        Constant::HandSizePerTech { max } => {
            format!("Your hand size gets +1 for each Tech upgrade you control (to at most +{max}).")
        }
        Constant::YouGainTrait(t) => format!("Your identity gains the {} trait.", trait_word(*t)),
        Constant::HelmetDef => "Your hero gets +1 DEF, or +2 DEF while your hero is Aerial.".into(),
        Constant::VillainGainsRetaliate(n) => {
            format!("The attached villain gains retaliate {n}.")
        }
        #[allow(unreachable_patterns)]
        other => format!("{}.", debug_words(&format!("{other:?}"))),
    }
}

/// A readable rendering of a debug form, for a variant that has no words yet:
/// `YouGet { stat: Atk, n: 1 }` → "you get stat atk n 1".
pub fn debug_words(dbg: &str) -> String {
    let mut out = String::new();
    let mut prev_lower = false;
    for ch in dbg.chars() {
        if ch.is_uppercase() && prev_lower {
            out.push(' ');
        }
        prev_lower = ch.is_lowercase();
        if matches!(ch, '{' | '}' | '(' | ')' | ',' | ':') {
            out.push(' ');
            continue;
        }
        out.extend(ch.to_lowercase());
    }
    out.split_whitespace().collect::<Vec<_>>().join(" ")
}
