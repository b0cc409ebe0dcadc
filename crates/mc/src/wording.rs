//! The words for each part of the ability tree: triggers, costs, steps, targets,
//! amounts, conditions and constant abilities, as English the way the rules speak
//! ("you" is the card's controller, or the player resolving an encounter card).
//! `text.rs` puts them together into a card's text.
//!
//! Every match here is exhaustive: a new variant of the card language has no words
//! until someone writes them, and the crate does not compile without them.

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
        Trigger::RoundEnds => "at the end of the round",
        Trigger::ThisAttackedYou => "after this enemy attacks you",
        Trigger::AfterThisAttacks => "after this enemy attacks",
        Trigger::AfterThisAttacksYou => "after this enemy attacks you",
    }
    .to_string()
}

pub fn target(t: Target) -> String {
    match t {
        Target::Chosen(i) => return chosen(i),
        Target::This => "this card",
        Target::You => "you",
        Target::YourHero => "your hero",
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
        Target::AttackingEnemy => "the attacking enemy",
        Target::EachMinionEngagedWithChosenPlayer(i) => {
            return format!("each minion engaged with {}", chosen_player(i))
        }
        Target::DamagedCharacter => "the character that attack damaged",
        Target::InPlayCode(code) => return card_named(code),
    }
    .to_string()
}

/// The target as the subject of a verb: "you gain", "the villain gains".
fn subject(t: Target, verb: &str) -> String {
    if t == Target::You {
        format!("you {verb}")
    } else {
        format!("{} {}", target(t), third_person(verb))
    }
}

/// "get" → "gets", "have" → "has".
fn third_person(verb: &str) -> String {
    match verb {
        "have" => "has".into(),
        "are" => "is".into(),
        v => format!("{v}s"),
    }
}

fn chosen(i: u8) -> String {
    match i {
        0 => "it".into(),
        n => format!("the {} chosen card", ordinal(n + 1)),
    }
}

fn chosen_player(i: u8) -> String {
    match i {
        0 => "the chosen player".into(),
        n => format!("the {} chosen player", ordinal(n + 1)),
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

/// The name of the Core Set card with this code (a card language `"01180"` is 1180).
fn card_named(code: u16) -> String {
    crate::db::core()
        .get(&format!("{code:05}"))
        .map_or_else(|| format!("card {code:05}"), |d| d.name.clone())
}

/// What a filter matches, with its article: "an enemy", "a Tech upgrade".
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
        Filter::ExhaustedAlly => "an exhausted ally".into(),
        Filter::DamagedFriendlyCharacter => "a damaged friendly character".into(),
        Filter::AllyInDiscard => "an ally in any player's discard pile".into(),
        Filter::AllyWithout(_) => "an ally without a copy of this card attached".into(),
        Filter::CardInYourHand => "a card in your hand".into(),
        Filter::EnemyWithoutCopyOf(_) => "an enemy without a copy of this card attached".into(),
        Filter::Upgrade => "an upgrade".into(),
        Filter::TraitUpgrade(t) => format!("a {} upgrade", trait_word(t)),
    }
}

/// What a filter matches, without its article: "enemy", "Tech upgrade".
fn filter_noun(f: Filter) -> String {
    let s = filter(f);
    match s.split_once(' ') {
        Some(("a" | "an", rest)) => rest.to_string(),
        _ => s,
    }
}

/// What the last counting step counted, for the steps after it that use the count
/// (`Amount::Counted`, `Cond::CountedAtLeast`...).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Counted {
    /// Nothing known: "that many".
    Unknown,
    /// The damage the villain's attack dealt.
    AttackDamage,
    /// The threat the villain's scheme placed.
    SchemeThreat,
    /// The attacks an effect made.
    Attacks,
    /// The cards discarded.
    CardsDiscarded,
    /// The resources of this type printed on the discarded cards.
    Resources(Resource),
    /// The different resource types printed on the discarded cards.
    ResourceTypes,
    /// The boost icons of the discarded encounter card.
    BoostIcons,
    /// The resources spent (a cost's X).
    ResourcesSpent,
}

impl Counted {
    /// What a counting cost counts.
    pub fn of_cost(c: CostPart) -> Option<Counted> {
        match c {
            CostPart::SpendX(_) => Some(Counted::ResourcesSpent),
            CostPart::DiscardUpTo(_) => Some(Counted::CardsDiscarded),
            _ => None,
        }
    }

    /// What a counting step counts (`None`: the step counts nothing that is shown).
    fn of_step(s: &Step) -> Option<Counted> {
        Some(match s {
            Step::VillainAttacksYou => Counted::AttackDamage,
            Step::VillainSchemes => Counted::SchemeThreat,
            Step::EachEngagedAttacksYou(_)
            | Step::AttacksYou(_)
            | Step::EachMinionWithTraitAttacks(_) => Counted::Attacks,
            Step::DiscardUpTo(_)
            | Step::DiscardChosen(_)
            | Step::Discard(_)
            | Step::DiscardFromHandWithResource(_) => Counted::CardsDiscarded,
            Step::DiscardTopOfYourDeck {
                counting: Some(r), ..
            } => Counted::Resources(*r),
            Step::DiscardTopOfDeck { count, .. } => Counted::Resources(*count),
            Step::DiscardRandomFromHand { .. } => Counted::ResourceTypes,
            Step::DiscardTopEncounterCard => Counted::BoostIcons,
            _ => return None,
        })
    }

    /// "for each damage that attack dealt".
    fn for_each(self) -> String {
        match self {
            Counted::Unknown => "for each one counted".into(),
            Counted::AttackDamage => "for each damage that attack dealt".into(),
            Counted::SchemeThreat => "for each threat that scheme placed".into(),
            Counted::Attacks => "for each attack made".into(),
            Counted::CardsDiscarded => "for each card discarded".into(),
            Counted::Resources(r) => {
                format!(
                    "for each {} resource printed on the discarded cards",
                    r.word()
                )
            }
            Counted::ResourceTypes => {
                "for each different resource type printed on the discarded cards".into()
            }
            Counted::BoostIcons => "for each boost icon on the discarded card".into(),
            Counted::ResourcesSpent => "for each resource spent".into(),
        }
    }

    /// "that attack dealt at least 1 damage".
    fn at_least(self, n: u8) -> String {
        match self {
            Counted::AttackDamage => format!("that attack dealt at least {n} damage"),
            Counted::SchemeThreat => format!("that scheme placed at least {n} threat"),
            Counted::Attacks => format!("at least {} made", were(n, "attack")),
            Counted::CardsDiscarded => format!("at least {} discarded", were(n, "card")),
            Counted::Unknown => format!("the count is at least {n}"),
            other => format!("there is at least {n} {}", &other.for_each()[9..]),
        }
    }

    /// "no attack was made".
    fn none(self) -> String {
        match self {
            Counted::AttackDamage => "that attack dealt no damage".into(),
            Counted::SchemeThreat => "that scheme placed no threat".into(),
            Counted::Attacks => "no attack was made".into(),
            Counted::CardsDiscarded => "no card was discarded".into(),
            Counted::Unknown => "nothing was counted".into(),
            other => format!("there is no {}", &other.for_each()[9..]),
        }
    }
}

/// A quantity of `noun` (damage, threat, cards...) as the head before the step's
/// target and the tail after it: ("1 damage", " for each Drone minion engaged with
/// you"), so a step reads "heal 1 damage from the villain for each ...".
pub fn quantity(a: Amount, noun: &str, counted: Counted) -> (String, String) {
    let (head, tail) = quantity_marked(a, noun, counted);
    // "card(s)": "1 card", "2 cards", "that many cards".
    let head = match head.strip_prefix("1 ") {
        Some(rest) => format!("1 {}", rest.replace("(s)", "")),
        None => head.replace("(s)", "s"),
    };
    (head, tail)
}

/// "a mental", "an energy".
fn a_word(w: &str) -> String {
    if w.starts_with(['a', 'e', 'i', 'o', 'u']) {
        format!("an {w}")
    } else {
        format!("a {w}")
    }
}

/// "1 card was", "2 cards were".
fn were(n: u8, noun: &str) -> String {
    format!(
        "{} {}",
        counted_noun(n, noun),
        if n == 1 { "was" } else { "were" }
    )
}

/// `n` of `noun`: "1 card", "2 cards".
fn counted_noun(n: u8, noun: &str) -> String {
    if n == 1 {
        format!("1 {noun}")
    } else {
        format!("{n} {noun}s")
    }
}

fn quantity_marked(a: Amount, noun: &str, counted: Counted) -> (String, String) {
    let plain = |n: u8| (format!("{n} {noun}"), String::new());
    match a {
        Amount::N(n) => plain(n),
        Amount::YourSustainedDamage => (
            format!("{noun} equal to the damage on your identity"),
            String::new(),
        ),
        Amount::IfTrait { t, then, otherwise } => (
            format!("{otherwise} {noun}"),
            format!(" ({then} instead if you are {})", trait_word(t)),
        ),
        Amount::IfPaidWith { r, then, otherwise } => (
            format!("{otherwise} {noun}"),
            format!(
                " ({then} instead if {} resource was spent on it)",
                a_word(r.word())
            ),
        ),
        Amount::YourAtk => (format!("{noun} equal to your ATK"), String::new()),
        Amount::Counted => match counted {
            Counted::Unknown => (format!("that many {noun}"), String::new()),
            c => (format!("1 {noun}"), format!(" {}", c.for_each())),
        },
        Amount::PerCounter { per, max } => (
            format!("{per} {noun}"),
            format!(" for each counter on this card (at most {max} {noun})"),
        ),
        Amount::PerPlayer(n) => (format!("{n} {noun}"), " per player".into()),
        Amount::ThreatAboutToBePlaced => (
            format!("{noun} equal to the threat about to be placed"),
            String::new(),
        ),
        Amount::YourSustainedDamageUpTo(max) => (
            format!("{noun} equal to the damage on your identity (at most {max} {noun})"),
            String::new(),
        ),
        Amount::CountedTimes { per, plus } => (
            format!("{plus} {noun}"),
            format!(" plus {per} more {}", counted.for_each()),
        ),
        Amount::IfFinalStep { then, otherwise } => (
            format!("{otherwise} {noun}"),
            format!(" ({then} instead if this is the last Special ability resolved)"),
        ),
        Amount::PerDroneEngagedWithYou(n) => (
            format!("{n} {noun}"),
            " for each Drone minion engaged with you".into(),
        ),
        Amount::PerDroneInPlay(n) => (
            format!("{n} {noun}"),
            " for each Drone minion in play".into(),
        ),
        Amount::ThreatOn(code) => (
            format!("{noun} equal to the threat on {}", card_named(code)),
            String::new(),
        ),
        Amount::UpgradesYouControl => (format!("1 {noun}"), " for each upgrade you control".into()),
        Amount::CountedPlus(n) => (
            format!("{n} {noun}"),
            format!(" plus 1 more {}", counted.for_each()),
        ),
        Amount::PerEnemyWithTrait { t, per } => (
            format!("{per} {noun}"),
            format!(" for each {} enemy in play", trait_word(t)),
        ),
        Amount::All => (format!("all {noun}"), String::new()),
    }
}

pub fn cond(c: Cond, counted: Counted) -> String {
    match c {
        Cond::YouHaveTrait(t) => format!("you are {}", trait_word(t)),
        Cond::PaidWith(r) => format!("{} resource was spent on it", a_word(r.word())),
        Cond::YouAreAlterEgo(_) => "you are in alter-ego form".into(),
        Cond::NothingHappened => "that did nothing".into(),
        Cond::ChosenHasResource(_, r) => {
            format!("that card has a printed {} (or wild) resource", r.word())
        }
        Cond::YouLackTrait(t) => format!("you are not {}", trait_word(t)),
        Cond::HasTough(t) => format!("{} a tough status card", subject(t, "have")),
        Cond::DamageHereAtLeast(n) => format!("this card has {n} or more damage on it"),
        Cond::CountedAtLeast(n) => counted.at_least(n),
        Cond::HasStatus { who, status } => {
            let what = match status {
                crate::state::STUNNED => "stunned",
                crate::state::CONFUSED => "confused",
                crate::state::TOUGH => "tough",
                _ => "that",
            };
            format!("{} a {what} status card", subject(who, "have"))
        }
        Cond::InPlay(code) => format!("{} is in play", card_named(code)),
        Cond::NotInPlay(code) => format!("{} is not in play", card_named(code)),
        Cond::NoneToChoose(f) => format!("there is no {} to choose", filter_noun(f)),
        Cond::NoSideSchemes => "no side scheme is in play".into(),
        Cond::UndefendedVillainAttack => "nobody defended this villain attack".into(),
        Cond::NoneCounted => counted.none(),
        Cond::YouAreHero => "you are in hero form".into(),
        Cond::YouAreReady => "your identity is ready".into(),
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
        CostPart::DiscardFromHand(n) => {
            format!("discard {} from your hand", counted_noun(n, "card"))
        }
        CostPart::DiscardUpTo(n) => format!("discard up to {n} cards from your hand"),
    }
}

/// "1 mental resource", "2 energy and 1 wild resources".
pub fn icons(i: Icons) -> String {
    let parts: Vec<String> = Resource::ALL
        .iter()
        .filter(|&&r| i.get(r) > 0)
        .map(|&r| format!("{} {}", i.get(r), r.word()))
        .collect();
    match i.total() {
        0 => "nothing".into(),
        1 => format!("{} resource", parts.join(" and ")),
        _ => format!("{} resources", parts.join(" and ")),
    }
}

fn stat(s: Stat) -> String {
    match s {
        Stat::Trait(t) => format!("the {} trait", trait_word(t)),
        s => s.word().to_string(),
    }
}

fn period(p: Period) -> &'static str {
    match p {
        Period::Phase => "the end of the phase",
        Period::Round => "the end of the round",
        Period::Game => "the end of the game",
        Period::Attack => "the end of this attack",
    }
}

/// "the top card" / "the top 3 cards".
fn top_cards(n: u8) -> String {
    if n == 1 {
        "the top card".into()
    } else {
        format!("the top {n} cards")
    }
}

fn drones(n: u8) -> String {
    if n == 1 {
        "put the top card of your deck into play face down as a Drone minion engaged with you"
            .into()
    } else {
        format!(
            "put the top {n} cards of your deck into play face down as Drone minions engaged \
             with you"
        )
    }
}

/// One step as a sentence fragment (no final period), with what an earlier step
/// counted.
pub fn step(s: &Step, counted: Counted) -> String {
    let q = |a: Amount, noun: &str| quantity(a, noun, counted);
    match s {
        Step::Choose { slot, filter: f } | Step::YouChoose { slot, filter: f } => match slot {
            0 => format!("choose {}", filter(*f)),
            n => format!("choose {} (the {} choice)", filter(*f), ordinal(n + 1)),
        },
        Step::ChoosePlayer { .. } => "choose a player".into(),
        Step::Damage { to, amount: a } => {
            let (head, tail) = q(*a, "damage");
            format!("deal {head} to {}{tail}", target(*to))
        }
        Step::Heal { who, amount: a } => {
            let (head, tail) = q(*a, "damage");
            format!("heal {head} from {}{tail}", target(*who))
        }
        Step::RemoveThreat { from, amount: a } => {
            let (head, tail) = q(*a, "threat");
            format!("remove {head} from {}{tail}", target(*from))
        }
        Step::PlaceThreat { on, amount: a } => {
            let (head, tail) = q(*a, "threat");
            format!("place {head} on {}{tail}", target(*on))
        }
        Step::Draw { amount: a } => {
            let (head, tail) = q(*a, "card(s)");
            format!("draw {head}{tail}")
        }
        Step::PlayerDraws { slot, amount: a } => {
            let (head, tail) = q(*a, "card(s)");
            format!("{} draws {head}{tail}", chosen_player(*slot))
        }
        Step::EachPlayerDraws { amount: a } => {
            let (head, tail) = q(*a, "card(s)");
            format!("each player draws {head}{tail}")
        }
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
            "{} {n:+} {} until {}",
            subject(*who, "get"),
            stat(*st),
            period(*until)
        ),
        Step::If { cond: c, then } => {
            format!("if {}, {}", cond(*c, counted), steps_counted(then, counted))
        }
        Step::ChooseOne(options) => {
            let o: Vec<String> = options
                .iter()
                // The label is the option's name in the decision; the card text says
                // what the option does, so the label only stands in for an empty one.
                .map(|(label, st)| {
                    if st.is_empty() {
                        label.clone()
                    } else {
                        steps_counted(st, counted)
                    }
                })
                .collect();
            format!("choose one: {}", o.join("; or "))
        }
        Step::Generate(i) => format!("generate {}", icons(*i)),
        Step::AttachThisTo(t) => format!("attach this card to {}", target(*t)),
        Step::Named(n) => named(*n),
        Step::DiscardTopCardInto(_) => "discard the top card of your deck".into(),
        Step::DamageOverkillIf {
            cond: c,
            to,
            amount: a,
        } => {
            let (head, tail) = q(*a, "damage");
            format!(
                "deal {head} to {}{tail} (with overkill if {})",
                target(*to),
                cond(*c, counted)
            )
        }
        Step::PlayerCharactersGet {
            slot,
            stat: st,
            n,
            until,
        } => format!(
            "each character {} controls gets {n:+} {} until {}",
            chosen_player(*slot),
            stat(*st),
            period(*until)
        ),
        Step::ReduceNextCost { slot, n } => format!(
            "the next card {} plays this phase costs {n} less",
            chosen_player(*slot)
        ),
        Step::DiscardEventCard => "cancel that card's effects and discard it".into(),
        Step::RevealAnotherEncounterCard => "reveal another encounter card".into(),
        Step::ChooseController(_) => "choose a player to control this card".into(),
        Step::EnterPlayUnderChosen(slot) => format!(
            "this card enters play under {}'s control",
            chosen_player(*slot)
        ),
        Step::PayPrintedCostOf(slot) => match slot {
            0 => "pay its printed cost".into(),
            n => format!("pay the printed cost of {}", chosen(*n)),
        },
        Step::PutChosenIntoPlay(slot) => {
            format!("put {} into play under your control", chosen(*slot))
        }
        // Put in by the engine around a labeled ability: the label is already shown.
        Step::BeginLabeled(_) | Step::EndLabeled(_) => String::new(),
        Step::ChooseOther {
            slot: _,
            filter: f,
            other,
        } => {
            let what = filter_noun(*f);
            match other {
                0 => format!("choose another {what}"),
                o => format!("choose {} other than {}", filter(*f), chosen(*o)),
            }
        }
        Step::DiscardTopKeep { n, r } => format!(
            "discard {} of your deck, then add each of them with a printed {} resource to \
             your hand",
            top_cards(*n),
            r.word()
        ),
        Step::DiscardChosen(slot) => format!("discard {} from your hand", chosen(*slot)),
        Step::DiscardUpTo(n) => format!("discard up to {n} cards from your hand"),
        Step::ChangeForm => "change to your other form".into(),
        Step::DrawUpToPrintedHandSize => {
            "draw cards until your hand holds as many as your printed hand size".into()
        }
        Step::AddCounters { on, amount: a } => {
            let (head, tail) = q(*a, "counter(s)");
            format!("put {head} on {}{tail}", target(*on))
        }
        Step::SearchDeckToHand { filter: f, .. } => format!(
            "search your deck for {}, add it to your hand, then shuffle your deck",
            filter(*f)
        ),
        Step::LookTopTakeOne { n, .. } => format!(
            "look at {} of your deck, add one of them to your hand and discard the others",
            top_cards(*n)
        ),
        Step::DiscardTopOfYourDeck { n, .. } => {
            format!("discard {} of your deck", top_cards(*n))
        }
        Step::ShuffleFromDiscardIntoDeck { max } => {
            format!("choose up to {max} cards in your discard pile and shuffle them into your deck")
        }
        Step::ReturnTopmostFromDiscard { slot, filter: f } => format!(
            "{} returns the topmost {} in their discard pile to their hand",
            chosen_player(*slot),
            filter_noun(*f)
        ),
        Step::ResolveSpecials(f) => format!(
            "resolve the Special ability of each {}, one after the other in the order you \
             choose",
            filter_noun(*f)
        ),
        Step::MoveDamage {
            from,
            to,
            amount: a,
        } => {
            let (head, tail) = q(*a, "damage");
            format!(
                "move {head} from {} to {}{tail}",
                target(*from),
                target(*to)
            )
        }
        Step::GainTrait { who, t, until } => format!(
            "{} the {} trait until {}",
            subject(*who, "gain"),
            trait_word(*t),
            period(*until)
        ),
        Step::GenerateTopOfDiscard => {
            "generate the resources printed on the top card of your discard pile".into()
        }
        Step::SearchReveal { name, discard_too } => format!(
            "search the encounter deck{} for {name} and reveal it, then shuffle the encounter \
             deck",
            if *discard_too {
                " and discard pile"
            } else {
                ""
            }
        ),
        Step::DiscardUntilMinion => "discard cards from the top of the encounter deck until a \
                                     minion is discarded, then put that minion into play \
                                     engaged with the first player"
            .into(),
        Step::PutSetAsideIntoPlay(name) => format!("put the set-aside {name} card into play"),
        Step::ShuffleEncounterDeck => "shuffle the encounter deck".into(),
        Step::ExtraBoost => "this attack gets 1 extra boost card".into(),
        Step::AttackGainsOverkill => "this attack gains overkill".into(),
        Step::DiscardThisAfterAttack => "discard this card after the attack".into(),
        Step::MoveDamageHere => "prevent that damage and place it on this card instead".into(),
        Step::Drones(n) => drones(*n),
        Step::InPlayerOrder(v) | Step::EachPlayer(v) => {
            format!("in player order, each player does this: {}", steps(v))
        }
        Step::FirstPlayer(v) => format!("the first player does this: {}", steps(v)),
        Step::DiscardDeckTop(a) => match a {
            Amount::N(n) => format!("discard {} of your deck", top_cards(*n)),
            a => {
                let (head, tail) = q(*a, "card(s)");
                format!("discard {head} from the top of your deck{tail}")
            }
        },
        Step::DiscardAtRandom(n) => format!(
            "discard {} at random from your hand",
            counted_noun(*n, "card")
        ),
        Step::PutThisIntoPlayEngaged => "put this card into play engaged with you".into(),
        Step::EachEngagedAttacksYou(t) => format!(
            "each {} minion engaged with you attacks you",
            trait_word(*t)
        ),
        Step::PayOr {
            icons: i,
            otherwise,
            ..
        } => format!(
            "you may spend {}; if you don't, {}",
            icons(*i),
            steps(otherwise)
        ),
        Step::PayResources { icons: i, .. } => format!("spend {}", icons(*i)),
        Step::ExhaustHeroIfActivationDamages => {
            "if this attack damages a hero, exhaust that hero".into()
        }
        Step::GetsAmount {
            who,
            stat: st,
            amount: a,
            until,
        } => {
            let (head, tail) = q(*a, &stat(*st));
            format!(
                "{} +{head}{tail} until {}",
                subject(*who, "get"),
                period(*until)
            )
        }
        Step::IfElse {
            cond: c,
            then,
            otherwise,
        } => format!(
            "if {}, {}; otherwise, {}",
            cond(*c, counted),
            steps_counted(then, counted),
            steps_counted(otherwise, counted)
        ),
        Step::Discard(t) => format!("discard {}", target(*t)),
        Step::DiscardRandomFromHand { each_player } => {
            if *each_player {
                "each player discards a card at random from their hand".into()
            } else {
                "discard a card at random from your hand".into()
            }
        }
        Step::DiscardFromHandWithResource(r) => format!(
            "discard each card in your hand with a printed {} resource",
            r.word()
        ),
        Step::DiscardTopOfDeck { n, .. } => format!("discard {} of your deck", top_cards(*n)),
        Step::DiscardTopEncounterCard => "discard the top card of the encounter deck".into(),
        Step::DiscardUntilMinionWithTrait(t) => format!(
            "discard cards from the top of the encounter deck until a {} minion is discarded, \
             then put it into play engaged with the first player",
            trait_word(*t)
        ),
        Step::DiscardUntilSideScheme => "discard cards from the top of the encounter deck until \
                                         a side scheme is discarded, then reveal it"
            .into(),
        Step::SearchAndEngage(code) => format!(
            "search the encounter deck and discard pile for {}, put it into play engaged with \
             you, then shuffle the encounter deck",
            card_named(*code)
        ),
        Step::SearchAndEngageTrait(t) => format!(
            "search the encounter deck and discard pile for a {} minion, put it into play \
             engaged with you, then shuffle the encounter deck",
            trait_word(*t)
        ),
        Step::AttacksYou(t) => format!("{} attacks you", target(*t)),
        Step::EachEngagedMinionAttacksYou => "each minion engaged with you attacks you".into(),
        Step::EachMinionWithTraitAttacks(t) => format!(
            "each {} minion attacks the hero it is engaged with",
            trait_word(*t)
        ),
        Step::AlsoAttackEachOtherHero => "this attack is also made against each other hero".into(),
        Step::GiveVillainBoost => "the villain's current activation gets 1 extra boost card".into(),
        Step::StunWhomThisAttackDamages => "stun the character this attack damages".into(),
        Step::DealEncounterCard => "deal an encounter card to you".into(),
        Step::RevealEncounterCard => "reveal the top card of the encounter deck".into(),
        Step::AssignDamageAmongHeroesAndAllies(a) => {
            let (head, tail) = q(*a, "damage");
            format!(
                "deal {head}{tail}, divided among heroes and allies as the first player chooses"
            )
        }
        Step::FlipToAlterEgo => "flip your identity to its alter-ego side".into(),
        Step::RemoveThisFromGame => "remove this card from the game".into(),
        Step::AccelerationToken => "place an acceleration token on the main scheme".into(),
        Step::EachPlayerPlacesRandomCardUnderThis => {
            "each player places a random card from their hand face down under this card".into()
        }
        Step::ReturnCardsUnderThis => "return each card under this card to its owner's hand".into(),
    }
}

fn named(n: Named) -> String {
    match n {
        Named::ShadowOfThePast => "your set-aside nemesis side scheme and nemesis minion come \
                                   into play (the minion engaged with you), and the rest of \
                                   your nemesis set is shuffled into the encounter deck; if no \
                                   nemesis minion came into play, this card gains surge"
            .into(),
    }
}

/// Steps joined into one sentence.
pub fn steps(v: &[Step]) -> String {
    steps_counted(v, Counted::Unknown)
}

/// Steps joined into one sentence, after something counted `counted` (an ability's
/// cost, or an earlier step).
///
/// After a step with steps of its own (an "if", a "choose one"), the next step starts
/// a new sentence, so it doesn't read as part of the last option or condition.
pub fn steps_counted(v: &[Step], mut counted: Counted) -> String {
    let mut out = String::new();
    let mut after_compound = false;
    for s in v {
        let w = step(s, counted);
        if !w.is_empty() {
            if !out.is_empty() {
                out.push_str(if after_compound { ". Then " } else { ", then " });
            }
            out.push_str(&w);
            after_compound = matches!(
                s,
                Step::If { .. } | Step::IfElse { .. } | Step::ChooseOne(_) | Step::PayOr { .. }
            );
        }
        if let Some(c) = Counted::of_step(s) {
            counted = c;
        }
    }
    out
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
        Constant::EntersWithCounters(n) => {
            format!("This card enters play with {n} counters on it.")
        }
        Constant::MaxOnePerAttached => {
            "At most 1 copy of this card can be attached to each card.".into()
        }
        Constant::VillainGets { stat: s, n } => format!("The villain gets {n:+} {}.", stat(*s)),
        Constant::DronesGet {
            stat: s,
            n,
            face_down_only,
        } => format!(
            "Each {}Drone minion gets {n:+} {}.",
            if *face_down_only { "face-down " } else { "" },
            stat(*s)
        ),
        Constant::NoDamageFromTraitUpgrades(t) => format!(
            "This card can't take damage from {} upgrades.",
            trait_word(*t)
        ),
        Constant::MustDefendWithAlly => "The player engaged with this enemy must defend \
                                         against its attacks with an ally, if able."
            .into(),
    }
}
