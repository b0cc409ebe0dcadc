//! The player text of the vocabulary: how a step's characters, players and amounts read.

use crate::vocab::*;

pub fn test(t: &Test) -> String {
    match t {
        Test::FrontRow => "front row".into(),
        Test::SupportRow => "support row".into(),
        Test::Visible => "visible".into(),
        Test::Hidden => "hidden".into(),
        Test::Exhausted => "exhausted".into(),
        Test::Ready => "ready".into(),
        Test::Stunned => "stunned".into(),
        Test::Attacker => "attacking".into(),
        Test::Defender => "defending".into(),
        Test::Controlled(Relation::You) => "you control".into(),
        Test::Controlled(Relation::Opponent) => "an opponent controls".into(),
        Test::Affiliation(_, names) => names.join(" or "),
        Test::Unaffiliated => "unaffiliated".into(),
        Test::Named(n) => format!("named {n}"),
        Test::Version(v) => format!("with version {v}"),
        Test::CostAtMost(n) => format!("with cost {n} or less"),
        Test::CostAtLeast(n) => format!("with cost {n} or more"),
        Test::Keyword(k) => k.title().to_lowercase(),
        Test::Flight => "with flight".into(),
        Test::Range => "with range".into(),
        Test::Other => "other".into(),
        Test::Itself => "this".into(),
        Test::CardType(k) => k.word().replace('-', " "),
        Test::Not(t) if **t == Test::That => "other than that character".into(),
        Test::Not(t) => format!("not {}", test(t)),
        Test::TeamAttacker => "team attacking".into(),
        Test::Concealed => "with concealed".into(),
        Test::Trait(t) => t.clone(),
        Test::DifferentVersion => "that is a different version of this card".into(),
        Test::CostAtLeastThis => "with cost greater than or equal to this card's".into(),
        Test::Hunted => "hunted by you".into(),
        Test::Identity(i) => format!("with the identity {i}"),
        Test::SharesIdentity => "that shares an identity with this card".into(),
        Test::That => "that character".into(),
        Test::ThatsControllers => "that character's controller controls".into(),
        Test::Adjacent => "adjacent to this character".into(),
        Test::Marvel => "Marvel".into(),
        Test::HasAttacked => "that has attacked this turn".into(),
        Test::HasTeamAttacked => "that has team attacked this turn".into(),
        Test::AlreadyAttacked => "that has already been attacked this turn".into(),
        Test::HasReinforced => "that has reinforced another character".into(),
        Test::Dc => "DC".into(),
        Test::FaceUp => "face-up".into(),
        Test::ChosenToPlay => "chosen to play this card".into(),
        Test::InCombat => "in combat".into(),
        Test::Behind => "behind this character".into(),
        Test::AdjacentResource => "adjacent to this card".into(),
        Test::IlluminatiMember => "member of the Illuminati".into(),
        Test::ChosenIdentity => "with the chosen identity".into(),
        Test::RememberedAffiliation => "of the chosen affiliation".into(),
        Test::Owned => "you own".into(),
        Test::LocationObject => "that is a location".into(),
        Test::Word(w, p) => {
            let mut parts = Vec::new();
            if p.name {
                parts.push("name");
            }
            if p.identity {
                parts.push("identity");
            }
            if p.text {
                parts.push("game text");
            }
            let parts = match parts.as_slice() {
                [rest @ .., last] if !rest.is_empty() => {
                    format!("{} or {last}", rest.join(", "))
                }
                _ => parts.join(""),
            };
            format!("with the word \"{w}\" in its {parts}")
        }
    }
}

/// "front row character with cost 3 or less you control".
pub fn filter(f: &Filter, plural: bool) -> String {
    let noun = if plural { "characters" } else { "character" };
    filter_noun(f, noun)
}

/// "face-up resource you control", "not face-up location card resource an opponent
/// controls": a filter of resources (701.11).
pub fn resource_filter(f: &Filter, plural: bool) -> String {
    // A card type names the resource: "face-up location an opponent controls".
    let kind = f.0.iter().find_map(|t| match t {
        Test::CardType(_) => Some(test(t).trim_end_matches(" card").to_string()),
        _ => None,
    });
    let rest = Filter(
        f.0.iter()
            .filter(|t| kind.is_none() || !matches!(t, Test::CardType(_)))
            .cloned()
            .collect(),
    );
    let noun = kind.unwrap_or_else(|| "resource".into());
    let noun = if plural { format!("{noun}s") } else { noun };
    filter_noun(&rest, &noun)
}

fn filter_noun(f: &Filter, noun: &str) -> String {
    let mut before = Vec::new();
    let mut after = Vec::new();
    for t in &f.0 {
        match t {
            Test::FrontRow
            | Test::SupportRow
            | Test::Visible
            | Test::Hidden
            | Test::Exhausted
            | Test::Ready
            | Test::Stunned
            | Test::Attacker
            | Test::Defender
            | Test::TeamAttacker
            | Test::Unaffiliated
            | Test::Other
            | Test::Keyword(_)
            | Test::Trait(_)
            | Test::Marvel
            | Test::Dc
            | Test::FaceUp
            | Test::Affiliation(..) => before.push(test(t)),
            Test::InCombat => after.push(test(t)),
            _ => after.push(test(t)),
        }
    }
    let mut s = before.join(" ");
    if !s.is_empty() {
        s.push(' ');
    }
    s += noun;
    for a in after {
        s.push(' ');
        s += &a;
    }
    s
}

pub fn who(w: &Who) -> String {
    match w {
        Who::Target(n) => format!("target {n}"),
        Who::This => "this character".into(),
        Who::Host => "the equipped character".into(),
        Who::Each(f) => format!("each {}", filter(f, false)),
        Who::Chosen(_) => "the chosen character".into(),
        Who::That => "that card".into(),
        Who::Paid(_) => "the character used to pay".into(),
    }
}

pub fn player(p: &PlayerWho) -> String {
    match p {
        PlayerWho::You => "you".into(),
        PlayerWho::Target(n) => format!("target player {n}"),
        PlayerWho::EachOpponent => "each opponent".into(),
        PlayerWho::EachPlayer => "each player".into(),
        PlayerWho::ControllerOf(n) => format!("the controller of target {n}"),
        PlayerWho::ControllerOfThat => "that card's controller".into(),
        PlayerWho::BreakthroughPlayer => "that player".into(),
    }
}

pub fn amount(a: &Amount) -> String {
    match a {
        Amount::N(n) => n.to_string(),
        Amount::ResourcesYouControl => "the number of resources you control".into(),
        Amount::CountOf(f) => format!("the number of {}", filter(f, true)),
        Amount::ThatMuch => "that much".into(),
        Amount::PaidCost(_) => "the cost of the card used to pay".into(),
        Amount::Counters(name, w) => {
            let on = match w {
                Who::This => "this card".to_string(),
                Who::Each(f) => filter(f, true),
                w => who(w),
            };
            format!("the number of {name} counters on {on}")
        }
        Amount::Endurance(p) => match p {
            PlayerWho::You => "your endurance".into(),
            p => format!("the endurance of {}", player(p)),
        },
        Amount::Digit(place, a) => format!(
            "the {} digit of {}",
            match place {
                DigitPlace::Tens => "tens",
                DigitPlace::Ones => "ones",
            },
            amount(a)
        ),
        Amount::ChosenNumber => "the chosen number".into(),
        Amount::Printed(v, w) => format!("the printed {} of {}", v.text(), who(w)),
        Amount::PerPaid(n) => format!("{n} for each card used to pay"),
        Amount::CardsIn(zones, f) => {
            let noun = card_filter(f);
            let zones: Vec<&str> = zones.iter().map(|z| z.text()).collect();
            format!("the number of {noun} in {}", zones.join(" and "))
        }
    }
}

/// "other cards named Future Friends": a filter over cards in any zone (201.2d).
pub fn card_filter(f: &Filter) -> String {
    let mut before = Vec::new();
    let mut after = Vec::new();
    let mut noun = "cards".to_string();
    for t in &f.0 {
        match t {
            Test::CardType(k) => noun = format!("{}s", k.word().replace('-', " ")),
            Test::Other | Test::Keyword(_) | Test::Affiliation(..) | Test::Unaffiliated => {
                before.push(test(t))
            }
            _ => after.push(test(t)),
        }
    }
    before.push(noun);
    before.extend(after);
    before.join(" ")
}

/// "+2 ATK", "-1/-1", "+1 DEF".
pub fn stats(atk: &Amount, def: &Amount) -> String {
    match (atk, def) {
        (Amount::N(a), Amount::N(0)) => format!("{a:+} ATK"),
        (Amount::N(0), Amount::N(d)) => format!("{d:+} DEF"),
        (Amount::N(a), Amount::N(d)) => format!("{a:+}/{d:+}"),
        (a, Amount::N(0)) => format!("+X ATK, where X is {}", amount(a)),
        (Amount::N(0), d) => format!("+X DEF, where X is {}", amount(d)),
        (a, d) => format!(
            "+X ATK and +Y DEF, where X is {} and Y is {}",
            amount(a),
            amount(d)
        ),
    }
}
