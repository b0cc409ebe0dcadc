//! The words players read for the vocabulary of the card language (who, how many, which
//! characters, for how long, under which condition), shared by the verbs' texts
//! (`verbs/`) and the card text (`text.rs`). Generated from the definitions: no printed
//! text is stored.

use crate::ids::Row;
use crate::vocab::*;

pub(crate) fn cond(c: &Cond) -> String {
    match c {
        Cond::Not(inner) => match inner.as_ref() {
            Cond::RangedCombat => "it's not a ranged attack".into(),
            other => format!("not ({})", cond(other)),
        },
        Cond::All(cs) => cs.iter().map(cond).collect::<Vec<_>>().join(" and "),
        Cond::SelfStunned => "this character is stunned".into(),
        Cond::SelfFaceUp => "this character is face up".into(),
        Cond::SelfWounded => "this character has a wound".into(),
        Cond::SelfAttacking => "this character is attacking".into(),
        Cond::SelfDefending => "this character is defending".into(),
        Cond::SelfTeamAttacking => "this character is team attacking".into(),
        Cond::SelfSoloAttacking => "this character is attacking solo".into(),
        Cond::SelfInFrontRow => "this character is in the front row".into(),
        Cond::SelfAttackingMain => "this character is attacking a main character".into(),
        Cond::SelfAttackingBackRow => "this character is attacking a back row character".into(),
        Cond::SelfProtecting => "this character is protecting a character".into(),
        Cond::SelfStunnedEnemyThisTurn => {
            "this character stunned an enemy character this turn".into()
        }
        Cond::SelfIsYourMainCharacter => "this character is your main character".into(),
        Cond::RangedCombat => "it's a ranged attack".into(),
        Cond::HandEmpty => "your hand is empty".into(),
        Cond::SomeEnemyAllStunned => "some enemy player has only stunned characters".into(),
        Cond::NoAttacksThisTurn => "you made no attack this turn".into(),
        Cond::Chose(_) => "you chose one".into(),
        Cond::Amplified => "you paid by discarding a location (Amplify)".into(),
        Cond::LastCountAtLeast(1) => "you do".into(),
        Cond::LastCountAtLeast(n) => format!("at least {n} were"),
        Cond::CombatResolved => "the combat resolved normally".into(),
        Cond::EnemyTurn => "it's an enemy player's turn".into(),
        Cond::TeamAttack => "it's a team attack (more than one attacker)".into(),
        Cond::SelfAttackingExhausted => "this character is attacking an exhausted character".into(),
        Cond::YourMainEvil => "your main character is Evil".into(),
        Cond::YourMainLevelAtLeast(n) => format!("your main character is level {n} or higher"),
        Cond::DefenderYours => "the defender is on your side".into(),
        Cond::SelfInBackRow => "this character is in the back row".into(),
        Cond::SelfAttackingMatching(f) => {
            format!("this character is attacking {}", with_article(&filter(f)))
        }
        Cond::SelfPlusCountersAtLeast(1) => "this character has a +1/+1 counter".into(),
        Cond::SelfPlusCountersAtLeast(n) => {
            format!("this character has at least {n} +1/+1 counters")
        }
        Cond::AllEnemyCharactersStunned => "every enemy character is stunned".into(),
        Cond::SelfInCombat => "this character is an attacker or the defender".into(),
        Cond::SameTeamOnYourSideAtLeast(n) => {
            format!("{n} or more characters you control share a team affiliation")
        }
        Cond::LocationOnYourSide(s) => format!("you have a basic [{}] location", s.name()),
    }
}

pub(crate) fn filter(f: &Filter) -> String {
    filter_n(f, false)
}

/// "face-up supporting characters on your side": the plural of [`filter`].
pub(crate) fn filters(f: &Filter) -> String {
    filter_n(f, true)
}

pub(crate) fn filter_n(f: &Filter, plural: bool) -> String {
    let mut words: Vec<String> = Vec::new();
    if f.other {
        words.push("another".into());
    }
    if *f.unprotected {
        words.push("unprotected".into());
    }
    match f.face {
        FaceFilter::Up => words.push("face-up".into()),
        FaceFilter::Stunned => words.push("stunned".into()),
        FaceFilter::Any => {}
    }
    match *f.must_be_exhausted {
        Some(true) => words.push("exhausted".into()),
        Some(false) => words.push("ready".into()),
        None => {}
    }
    match f.side {
        SideFilter::Enemy => words.push("enemy".into()),
        SideFilter::Yours | SideFilter::Any => {}
    }
    if let Some(r) = f.row {
        words.push(match r {
            Row::Front => "front row".into(),
            Row::Back => "back row".into(),
        });
    }
    if let Some(t) = f.team {
        words.push(t.name().into());
    }
    words.push(
        match (f.kind, f.role) {
            (_, Some(RoleFilter::Attacker)) => "attacker",
            (_, Some(RoleFilter::Defender)) => "defender",
            (KindFilter::Main, _) => "main character",
            (KindFilter::Supporting, _) => "supporting character",
            (KindFilter::Any, _) => "character",
        }
        .to_string()
            + if plural { "s" } else { "" },
    );
    let mut t = words.join(" ");
    if f.role == Some(RoleFilter::InCombat) {
        t += " in the combat";
    }
    if f.not_in_combat {
        t += " not in the combat";
    }
    if f.side == SideFilter::Yours {
        t += " you control";
    }
    match f.of_player {
        Some(PlayerRef::Chosen(_)) => t += " of that player",
        Some(PlayerRef::ControllerOf(_)) => t += " of that character's controller",
        Some(PlayerRef::DefendingPlayer) => t += " of the defending player",
        None => {}
    }
    if f.in_row.is_some() {
        t += " in that row";
    }
    if let Some(c) = f.max_cost {
        t += &format!(" with cost {c} or less");
    }
    if f.has_plus_counter {
        t += " that has a +1/+1 counter";
    }
    if *f.has_minus_counter {
        t += " that has a -1/-1 counter";
    }
    if let Some(k) = f.has_keyword {
        t += &format!(" with {}", k.name());
    }
    match *f.same_name {
        Some(SameName::AsSelf) => t += " with this character's name",
        Some(SameName::AsSlot(_)) => t += " with the same name as that character",
        None => {}
    }
    if !f.named.is_empty() {
        t += &format!(" named {}", f.named.join(" or "));
    }
    if !f.not_named.is_empty() {
        t += &format!(" not named {}", f.not_named.join(" or "));
    }
    t
}

pub(crate) fn amount(a: &Amount) -> String {
    match a {
        Amount::Fixed(n) => n.to_string(),
        Amount::ResourcesOnYourSide => "X (the resources you have),".into(),
        Amount::CountCharacters(f) => format!("X, where X is the number of {},", filters(f)),
        Amount::WoundsOnSelf => "X, where X is its wounds,".into(),
        Amount::LastCount => "that many".into(),
        Amount::AtkToMatch(_) => "as much as it takes for its ATK to equal that character's".into(),
        Amount::HandSizeDifference(p) => format!(
            "X, where X is how many more cards you have in hand than {} (if more),",
            player(p)
        ),
        Amount::CountKoPile { good } => format!(
            "X, where X is how many {} character cards are in your KO pile,",
            good_evil(*good)
        ),
        Amount::SelfCurrent { atk } => format!(
            "X, where X is its current {},",
            if *atk { "ATK" } else { "DEF" }
        ),
        Amount::HealthOf(_) => "X, where X is that character's health,".into(),
        Amount::PlusCountersOn(Who::Each(f)) => format!(
            "X, where X is the number of {},",
            each_of(&Amount::PlusCountersOn(Who::Each(f.clone())))
        ),
        Amount::PlusCountersOn(w) => format!("as many as the +1/+1 counters on {}", who(w)),
        Amount::MinusCountersOn(w) => format!("as many as the -1/-1 counters on {}", who(w)),
    }
}

fn good_evil(good: bool) -> &'static str {
    if good {
        "Good"
    } else {
        "Evil"
    }
}

pub(crate) fn hand_filter(h: &HandFilter) -> &'static str {
    match h {
        HandFilter::Cards => "card",
        HandFilter::PlotTwists => "plot twist",
        HandFilter::Named => "card with the named name",
        HandFilter::CostAtLeastOf(_) => "card whose cost is at least that character's cost",
    }
}

/// "resource on your side", "wound it has": what a per-unit amount counts.
pub(crate) fn each_of(a: &Amount) -> String {
    match a {
        Amount::Fixed(_) => "time".into(),
        Amount::ResourcesOnYourSide => "resource you have".into(),
        Amount::CountCharacters(f) => filter(f),
        Amount::WoundsOnSelf => "wound it has".into(),
        Amount::LastCount => "card counted that way".into(),
        Amount::PlusCountersOn(Who::Each(f)) => {
            let all = if f.other {
                let rest = Filter {
                    other: false,
                    ..f.clone()
                };
                format!("the other {}", filters(&rest))
            } else {
                format!("all {}", filters(f))
            };
            format!("+1/+1 counter on {all}, all together")
        }
        Amount::AtkToMatch(_) => "point of ATK that character has more than it".into(),
        Amount::HandSizeDifference(p) => {
            format!("card you have in hand more than {}", player(p))
        }
        Amount::CountKoPile { good } => {
            format!("{} character card in your KO pile", good_evil(*good))
        }
        Amount::SelfCurrent { atk } => {
            format!("point of its current {}", if *atk { "ATK" } else { "DEF" })
        }
        Amount::HealthOf(_) => "point of that character's health".into(),
        Amount::PlusCountersOn(w) => format!("+1/+1 counter on {}", who(w)),
        Amount::MinusCountersOn(w) => format!("-1/-1 counter on {}", who(w)),
    }
}

/// "a +1/+1 counter", "3 -1/-1 counters", "a +1/+1 counter ... for each wound it has".
pub(crate) fn counters(kind: &str, n: &Amount, w: &Who) -> String {
    let w = capitalise(&who(w));
    match n {
        Amount::Fixed(1) => format!("{w} gets a {kind} counter."),
        Amount::Fixed(k) => format!("{w} gets {k} {kind} counters."),
        Amount::LastCount => format!("{w} gets that many {kind} counters."),
        other => format!("{w} gets a {kind} counter per {}.", each_of(other)),
    }
}

/// "a card", "2 cards", "that many cards".
pub(crate) fn count_of(n: &Amount, noun: &str) -> String {
    match n {
        Amount::Fixed(1) => with_article(noun),
        Amount::Fixed(k) => format!("{k} {noun}s"),
        Amount::LastCount => format!("that many {noun}s"),
        other => format!("one {noun} per {}", each_of(other)),
    }
}

pub(crate) fn times(n: &Amount) -> String {
    match n {
        Amount::Fixed(1) => String::new(),
        Amount::Fixed(k) => format!(" {k} times"),
        other => format!(" once for each {}", each_of(other)),
    }
}

/// The player as the subject of a verb: "You draw", "That player draws".
pub(crate) fn subject(p: &PlayerWho, verb: &str) -> String {
    let who = capitalise(&player(p));
    if matches!(p, PlayerWho::You) {
        format!("{who} {verb}")
    } else {
        format!("{who} {verb}s")
    }
}

pub(crate) fn who(w: &Who) -> String {
    match w {
        Who::This => "this character".into(),
        Who::Chosen(_) => "that character".into(),
        Who::Each(f) => format!("each {}", filter(f)),
    }
}

pub(crate) fn player(p: &PlayerWho) -> String {
    match p {
        PlayerWho::You => "you".into(),
        PlayerWho::Chosen(_) => "that player".into(),
        PlayerWho::EachEnemy => "each enemy player".into(),
        PlayerWho::ControllerOf(_) => "its controller".into(),
    }
}

pub(crate) fn duration(d: Duration) -> &'static str {
    match d {
        Duration::ThisCombat => " this combat",
        Duration::ThisTurn => " this turn",
        Duration::UntilSourceStunnedOrLeaves => " until this character gets stunned or leaves play",
        Duration::UntilStartOfNextTurn => " until the start of the next turn",
        Duration::Permanent => "",
    }
}

/// "a face-up character", "an enemy character", "another character", "an [Any Turn] ...".
pub(crate) fn with_article(noun: &str) -> String {
    if noun.starts_with("[A") {
        return format!("an {noun}");
    }
    if noun.starts_with("another") {
        return noun.to_string();
    }
    let vowel = noun
        .chars()
        .next()
        .is_some_and(|c| "aeiouAEIOU".contains(c));
    format!("{} {noun}", if vowel { "an" } else { "a" })
}

pub(crate) fn capitalise(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().collect::<String>() + c.as_str(),
        None => String::new(),
    }
}

pub(crate) fn lower_first(s: &str) -> String {
    // Keep acronyms ("KO a ...") as they are.
    if s.chars().nth(1).is_some_and(|c| c.is_uppercase()) {
        return s.to_string();
    }
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_lowercase().collect::<String>() + c.as_str(),
        None => String::new(),
    }
}

/// A timing as card text shows it: "Main", "[Any Turn] Combat".
pub(crate) fn timing_name(t: Timing) -> String {
    match t {
        Timing::Build => "Build".into(),
        Timing::Main => "Main".into(),
        Timing::Combat {
            any_turn,
            any_combat,
        } => format!(
            "{}{}",
            if any_turn { "[Any Turn] " } else { "" },
            if any_combat { "Any Combat" } else { "Combat" }
        ),
        Timing::Reaction => "Reaction".into(),
    }
}

/// The event a trigger waits for, as a clause ("when this character attacks").
pub(crate) fn trigger(t: &TriggerOn) -> String {
    match t {
        TriggerOn::SelfAppears => "when this character appears".into(),
        TriggerOn::OtherAppearsOnYourSide => {
            "when another character appears on its controller's side".into()
        }
        TriggerOn::EnemyAppears => "when an enemy character appears".into(),
        TriggerOn::SelfAttacks => "when this character attacks".into(),
        TriggerOn::SelfTeamAttacks => "when this character team attacks".into(),
        TriggerOn::SelfAttacked { first_each_turn } => format!(
            "when this character is attacked{}",
            if *first_each_turn {
                " (only the first time in a turn)"
            } else {
                ""
            }
        ),
        TriggerOn::SelfStunned => "when this character gets stunned".into(),
        TriggerOn::SelfKod => "when this character gets KO'd".into(),
        TriggerOn::SelfStunsEnemy {
            team_attacking,
            solo_defender,
            main_only,
        } => {
            let what = if *main_only {
                "a main character"
            } else if *solo_defender {
                "an enemy defender"
            } else {
                "an enemy character"
            };
            if *team_attacking {
                format!("when this character stuns {what} while team attacking")
            } else if *solo_defender {
                format!("when this character, attacking solo, stuns {what}")
            } else {
                format!("when this character stuns {what}")
            }
        }
        TriggerOn::EnemyStunned => "when an enemy character gets stunned".into(),
        TriggerOn::EnemyKod => "when an enemy character gets KO'd".into(),
        TriggerOn::StartOfYourTurn => "as your turn begins".into(),
        TriggerOn::EndOfYourTurn => "as your turn ends".into(),
        TriggerOn::StartOfYourBuild => "as your Build Phase begins".into(),
        TriggerOn::StartOfYourMain => "as your Main Phase begins".into(),
        TriggerOn::YouPlayPlotTwist { first_each_turn } => format!(
            "when you play {}plot twist",
            if *first_each_turn {
                "your first "
            } else {
                "a "
            }
        )
        .replace("a plot twist", "a plot twist"),
        TriggerOn::YouUseSuperPower => "when you use a Super Power".into(),
        TriggerOn::EnemyUsesSuperPower => "when an enemy player uses a Super Power".into(),
        TriggerOn::YourCharacterPowersUp => "when a character you control Powers Up".into(),
        TriggerOn::CardLeavesYourHand => "whenever a card goes out of your hand".into(),
        TriggerOn::YouRecruit => "when you recruit a character".into(),
        TriggerOn::SelfRecruited => "when you recruit this character".into(),
        TriggerOn::YouGainResource => "when you gain a resource".into(),
        TriggerOn::SelfKosEnemy => "when this character KOs an enemy character".into(),
        TriggerOn::OtherYoursKod => "when another character you control gets KO'd".into(),
        TriggerOn::YouDraw => "each time you draw (one card or more)".into(),
        TriggerOn::SelfSurvives => "when this character survives a combat".into(),
        TriggerOn::SelfStuns {
            filter: f,
            in_combat,
        } => format!(
            "when this character stuns {}{}",
            with_article(&filter(f)),
            if in_combat.0 { " in combat" } else { "" }
        ),
        TriggerOn::SelfWounded => "when this character gets wounded".into(),
        TriggerOn::YouUseSuperPowerWith(s) => {
            format!("when you use a Super Power with [{}] in its cost", s.name())
        }
        TriggerOn::YouTeamAttack => "when characters you control team attack".into(),
        TriggerOn::SelfKos { filter: f } => {
            format!("when this character KOs {}", with_article(&filter(f)))
        }
        TriggerOn::SelfPowersUp => "when this character gets powered-up".into(),
        TriggerOn::Appears { filter: f } => {
            format!("when {} appears", with_article(&filter(f)))
        }
        TriggerOn::Wounded { filter: f } => {
            format!("when {} gets wounded", with_article(&filter(f)))
        }
    }
}
