//! The text players read, generated from a card's definition (never copied from the
//! printed card): its facts, keywords and abilities in UFS's own phrasing (H.1: type
//! letter, cost, colon, effect).

use crate::ability::*;
use crate::model::*;

fn amount(a: &Amount) -> String {
    match a {
        Amount::N(n) => n.to_string(),
        Amount::Momentum(Who::You) => "X".into(),
        Amount::Momentum(_) => "X".into(),
        Amount::HandSize | Amount::HandLead | Amount::VitalityLost | Amount::X => "X".into(),
        Amount::Tokens(..) | Amount::ReversalsInCardPool(_) => "X".into(),
        Amount::Paid(PaidValue::Control) | Amount::HalfMomentum(_) => "X".into(),
        Amount::AttacksDealtDamage
        | Amount::CardsInHand(_)
        | Amount::HalfPrintedDamage
        | Amount::OverHandSize => "X".into(),
        // A second number beside X on the same card.
        Amount::Paid(PaidValue::Difficulty) => "Y".into(),
    }
}

fn holder(h: &Holder) -> &'static str {
    match h {
        Holder::ThisCard | Holder::Card(_) => "this card",
        Holder::YourCharacter => "your character",
        Holder::EachStaging => "each card in both staging areas",
        Holder::Taken => "that card",
        Holder::Revealed => "the revealed card",
    }
}

/// Whose staging area a choice is made in ("play": both).
fn staging_of(w: Who) -> &'static str {
    match w {
        Who::You => "your staging area",
        Who::Opponent => "your opponent's staging area",
        Who::Each => "play",
    }
}

fn tokens(k: Option<TokenKind>, n: &str) -> String {
    let kind = k.map_or(String::new(), |k| format!("{} ", k.name()));
    if n == "1" {
        format!("1 {kind}token")
    } else {
        format!("{n} {kind}tokens")
    }
}

/// "where X is ..." for an amount read from the game.
fn amount_definition(a: &Amount) -> Option<&'static str> {
    match a {
        Amount::N(_) | Amount::X => None,
        Amount::Tokens(Holder::YourCharacter, _) => {
            Some("X is the number of tokens on your character")
        }
        Amount::Tokens(..) => Some("X is the number of tokens on this card"),
        Amount::ReversalsInCardPool(Who::You) => {
            Some("X is the number of reversals in your card pool")
        }
        Amount::ReversalsInCardPool(_) => Some("X is the number of reversals in a card pool"),
        Amount::Momentum(Who::You) => Some("X is the number of cards in your momentum"),
        Amount::Momentum(Who::Opponent) => {
            Some("X is the number of cards in your opponent's momentum")
        }
        Amount::Momentum(Who::Each) => Some("X is the number of cards in both momentums"),
        Amount::HandSize => Some("X is your character's hand size"),
        Amount::VitalityLost => Some("X is the vitality lost"),
        Amount::HandLead => {
            Some("X is how many more cards you hold than your opponent (0 if not more)")
        }
        Amount::Paid(PaidValue::Control) => Some("X is the control of the destroyed foundation"),
        Amount::Paid(PaidValue::Difficulty) => {
            Some("Y is the difficulty of the destroyed foundation")
        }
        Amount::HalfMomentum(Who::You) => Some("X is half the cards in your momentum, rounded up"),
        Amount::CardsInHand(Who::You) => Some("X is how many cards your hand holds then"),
        Amount::CardsInHand(_) => Some("X is how many cards that hand holds then"),
        Amount::HalfMomentum(_) => Some("X is half the cards in a momentum, rounded up"),
        Amount::AttacksDealtDamage => Some("X is how many attacks have dealt damage this turn"),
        Amount::HalfPrintedDamage => Some("X is half the attack's printed damage, rounded down"),
        Amount::OverHandSize => {
            Some("X is how many cards your hand holds beyond your character's hand size")
        }
    }
}

fn plural(n: &Amount, one: &str, many: &str) -> String {
    match n {
        Amount::N(1) => format!("1 {one}"),
        _ => format!("{} {many}", amount(n)),
    }
}

/// "your" for you, "their" for the player(s) the subject named.
fn possessive(w: Who) -> &'static str {
    if w == Who::You {
        "your"
    } else {
        "their"
    }
}

fn verb(w: Who, base: &str, third: &str) -> String {
    match w {
        Who::You => format!("{} {base}", Who::subject(w)),
        _ => format!("{} {third}", Who::subject(w)),
    }
}

/// H.1.6: the response condition, "After you block".
fn trigger(t: &Trigger) -> String {
    let subject = |w: &Who| match w {
        Who::You => "you",
        Who::Opponent => "your opponent",
        Who::Each => "a player",
    };
    let s = |w: &Who, base: &str, third: &str| match w {
        Who::You => format!("After you {base}"),
        _ => format!("After {} {third}", subject(w)),
    };
    let whose = |w: &Who| match w {
        Who::You => "your",
        Who::Opponent => "your opponent's",
        Who::Each => "a player's",
    };
    match t {
        Trigger::Check(w, v) => {
            if *v == CheckValue::Any {
                return s(w, "make a control check", "makes a control check");
            }
            let v = match v {
                CheckValue::Any => "a control check".to_string(),
                CheckValue::Exactly(n) => n.to_string(),
                CheckValue::AtMost(n) => format!("{n} or less"),
                CheckValue::AtLeast(n) => format!("{n} or more"),
                CheckValue::Chosen => "the chosen number".into(),
            };
            s(w, &format!("check {v}"), &format!("checks {v}"))
        }
        Trigger::PlaysAttack(w) => s(w, "play an attack", "plays an attack"),
        Trigger::PlaysCardMatching(w, n) => s(
            w,
            &format!("put a card you played in your card pool with {n} or more resource symbols your character has"),
            &format!("puts a card they played in their card pool with {n} or more resource symbols their character has"),
        ),
        Trigger::BeforeMomentumCost(w) => match w {
            Who::You => "Before you pay an ability's cost of discarding momentum".into(),
            Who::Opponent => {
                "Before your opponent pays an ability's cost of discarding momentum".into()
            }
            Who::Each => "Before a player pays an ability's cost of discarding momentum".into(),
        },
        Trigger::BeforeBlockWithThis => "Before you block with this card".into(),
        Trigger::BeforeDrawStep(w) => format!("Before {} Draw Step", whose(w)),
        Trigger::BeforeDraw(w) => match w {
            Who::You => "Before you draw".into(),
            Who::Opponent => "Before your opponent draws".into(),
            Who::Each => "Before a player draws".into(),
        },
        Trigger::AddsAttacksWithoutCheck(w) => s(
            w,
            "play an ability putting attacks into your card pool with no control check",
            "plays an ability putting attacks into their card pool with no control check",
        ),
        Trigger::CheckFailsByMore(w, n) => match w {
            Who::You => format!("After your check fails by more than {n}"),
            Who::Opponent => format!("After your opponent's check fails by more than {n}"),
            Who::Each => format!("After a check fails by more than {n}"),
        },
        Trigger::ToPlayAttack(t) => {
            format!("{} (a check to play an attack)", trigger(t))
        }
        Trigger::CheckPasses(w) => match w {
            Who::You => "After your check succeeds".into(),
            Who::Opponent => "After your opponent's check succeeds".into(),
            Who::Each => "After a check succeeds".into(),
        },
        Trigger::CheckFailureStands(w) => match w {
            Who::You => "Once your check has failed for good".into(),
            Who::Opponent => "Once your opponent's check has failed for good".into(),
            Who::Each => "Once a check has failed for good".into(),
        },
        Trigger::Draws(w) => s(w, "draw 1 or more cards", "draws 1 or more cards"),
        Trigger::GainsMomentum(w) => s(
            w,
            "put 1 or more cards into your momentum",
            "puts 1 or more cards into their momentum",
        ),
        Trigger::EndPhase(w) => format!("After {} End Phase begins", whose(w)),
        Trigger::AttackBegins(w) => format!("After {} attack enters its sequence", whose(w)),
        Trigger::YourCardDestroyed => {
            "After an effect of your opponent's destroys a card in your staging area".into()
        }
        Trigger::CheckFails(w, n) if *n == u8::MAX => match w {
            Who::You => "After your check fails".into(),
            Who::Opponent => "After your opponent's check fails".into(),
            Who::Each => "After a check fails".into(),
        },
        Trigger::CheckFails(w, n) => match w {
            Who::You => format!("After your check fails by {n} or less"),
            Who::Opponent => format!("After your opponent's check fails by {n} or less"),
            Who::Each => format!("After a check fails by {n} or less"),
        },
        Trigger::Block(w) => s(w, "block", "blocks"),
        Trigger::BlockWithThis => "After you block with this card".into(),
        Trigger::LoseVitality { who, from } => {
            let from = match from {
                LossFrom::Anything => "",
                LossFrom::OpponentsAttack => " from your opponent's attack",
                LossFrom::Opponent => " from your opponent's card effect or attack",
                LossFrom::BlockedAttack => " to an opposing attack you blocked",
            };
            s(
                who,
                &format!("lose vitality{from}"),
                &format!("loses vitality{from}"),
            )
        }
        Trigger::TakeDamage(w) => s(
            w,
            "take damage from your opponent's attack",
            "takes damage from an opponent's attack",
        ),
        Trigger::PassForm(w) => s(
            w,
            "pass priority to play a form",
            "passes priority to play a form",
        ),
        Trigger::DrawStep(w) => format!("After {} Draw Step", whose(w)),
        Trigger::ReadyPhase(w) => format!("After {} Ready Phase", whose(w)),
        Trigger::ReadyThis => "After this card readies".into(),
        Trigger::DiscardByYourEffect(w) => s(
            w,
            "lose cards from your hand to a discard one of your effects caused",
            "loses cards from their hand to a discard one of your effects caused",
        ),
        Trigger::BeforeForm(w) => match w {
            Who::You => "Before you perform a form".into(),
            Who::Opponent => "Before your opponent performs a form".into(),
            Who::Each => "Before a player performs a form".into(),
        },
        Trigger::BlockFails(w) => s(w, "fail to block an attack", "fails to block an attack"),
        Trigger::DealsDamage(w, by) => {
            let what = match by {
                DamageBy::Any => "an attack",
                DamageBy::Reversal => "a reversal",
                DamageBy::Card(_) => "that card",
            };
            s(
                w,
                &format!("deal damage with {what}"),
                &format!("deals damage with {what}"),
            )
        }
        Trigger::Either(a, b) => {
            format!(
                "{} or {}",
                trigger(a),
                lower_first(&trigger(b)).replacen("after ", "", 1)
            )
        }
    }
}

fn condition(c: &Condition) -> String {
    match c {
        Condition::DamageBelow(n) => format!("this attack's damage is less than {n}"),
        Condition::YourAttackHasSymbol(s) => {
            format!("your attack has the {} resource symbol", s.name())
        }
        Condition::PlayedAsReversal => "this card is being played as a reversal".into(),
        Condition::NoCardToHandThisCombat => {
            "no card has entered your hand since this Combat Phase began".into()
        }
        Condition::NoReversalInHand => "your hand holds no reversal".into(),
        Condition::FaceUpInMomentum => "this card lies face up in your momentum".into(),
        Condition::Checked(v) => match v {
            CheckValue::Any => "a number was checked".into(),
            CheckValue::Exactly(n) => format!("the number checked is {n}"),
            CheckValue::AtMost(n) => format!("the number checked is {n} or less"),
            CheckValue::AtLeast(n) => format!("the number checked is {n} or more"),
            CheckValue::Chosen => "the number checked is the chosen one".into(),
        },
        Condition::MoreMomentum => "your momentum outnumbers your opponent's".into(),
        Condition::MoreCardsInHand => "your hand outnumbers your opponent's".into(),
        Condition::PlayedControl(n) => format!("the card you just played has control {n}"),
        Condition::FewerInStaging => "your staging area holds fewer cards than theirs".into(),
        Condition::ThisCommitted => "this card is committed".into(),
        Condition::InStaging => "this card is in your staging area".into(),
        Condition::ReadyInStaging => "this card is ready in your staging area".into(),
        Condition::NoTokens(h, k) => {
            format!("{} has no {} on it", holder(h), tokens(*k, "").trim())
        }
        Condition::All(cs) => {
            let cs: Vec<String> = cs.iter().map(condition).collect();
            cs.join(" and ")
        }
        Condition::Any(cs) => {
            let cs: Vec<String> = cs.iter().map(condition).collect();
            cs.join(" or ")
        }
        Condition::AtLeast(a, n) => match a {
            Amount::CardsInHand(Who::You) => format!("your hand holds {n} or more cards"),
            Amount::Momentum(Who::You) => format!("your momentum holds {n} or more cards"),
            other => format!("{} is {n} or more", amount(other)),
        },
        Condition::OpponentsAttack => "the attack under way is your opponent's".into(),
        Condition::InHand => "this card is in your hand".into(),
        Condition::NoFirstForm => {
            "no card of yours is already set to be played as your first form this turn".into()
        }
        Condition::BlockCheckAgainst(_) => {
            "the check under way is your opponent's, to block this attack".into()
        }
        Condition::CheckedToPlayThisAttack(n) => {
            format!("the number checked to play this attack was {n}")
        }
    }
}

fn step(e: &Effect, defs: &mut Vec<&'static str>) -> String {
    let mut note = |a: &Amount| {
        if let Some(d) = amount_definition(a) {
            if !defs.contains(&d) {
                defs.push(d);
            }
        }
    };
    match e {
        Effect::Gets {
            attack,
            speed,
            damage,
            floor,
        } => {
            let target = match attack {
                AttackRef::This => "This attack".to_string(),
                AttackRef::Yours(None) => "Your attack".into(),
                AttackRef::Yours(Some(k)) => {
                    format!("Your {} attack", keyword_word(k).to_lowercase())
                }
            };
            let mut parts = Vec::new();
            if *speed != 0 {
                parts.push(format!("{speed:+} speed"));
            }
            if *damage != Change::NONE {
                note(&damage.amount);
                let sign = if damage.minus { '-' } else { '+' };
                parts.push(format!("{sign}{} damage", amount(&damage.amount)));
            }
            let floor = floor.map_or(String::new(), |f| {
                format!(" (no lower than {f} damage by this)")
            });
            format!("{target} gets {}{floor}.", parts.join(" and "))
        }
        Effect::Draw(w, n) | Effect::DrawNow(w, n) => {
            note(n);
            format!(
                "{} {}.",
                verb(*w, "draw", "draws"),
                plural(n, "card", "cards")
            )
        }
        Effect::DiscardRandom(w, n) => {
            note(n);
            format!(
                "{} {} from hand.",
                verb(*w, "discard", "discards"),
                plural(n, "random card", "random cards")
            )
        }
        Effect::DiscardMomentum(w, n) => {
            note(n);
            format!(
                "{} {} momentum of {}.",
                verb(*w, "discard", "discards"),
                amount(n),
                match w {
                    Who::You => "your choice",
                    Who::Opponent => "their choice",
                    Who::Each => "their own choice",
                }
            )
        }
        Effect::DiscardRandomMomentum(w, n) => {
            note(n);
            format!(
                "{} {} random momentum.",
                verb(*w, "discard", "discards"),
                amount(n)
            )
        }
        Effect::TakeDamage(w, n) => {
            note(n);
            format!("{} {} damage.", verb(*w, "take", "takes"), amount(n))
        }
        Effect::GainVitality(w, n) => {
            note(n);
            format!("{} {} vitality.", verb(*w, "gain", "gains"), amount(n))
        }
        Effect::LoseVitality(w, n, floor) => {
            note(n);
            let floor = match floor {
                Some(f) => format!(" This can't reduce vitality below {f}."),
                None => String::new(),
            };
            format!(
                "{} {} vitality.{floor}",
                verb(*w, "lose", "loses"),
                amount(n)
            )
        }
        Effect::ReCheck => "Re-check.".into(),
        Effect::GaugeSearch => "You may search your deck and discard pile for a character card with your character name and add it to your staging area.".into(),
        Effect::CheckedCardToHand => "Put the checked card into its owner's hand.".into(),
        Effect::CheckGets(n) => format!("The check gets {n:+}."),
        Effect::CheckSucceeds => "It succeeds.".into(),
        Effect::NextCardDifficulty(w, n) => {
            let who = match w {
                Who::You => "you attempt",
                Who::Opponent => "your opponent attempts",
                Who::Each => "each player attempts",
            };
            format!("The next card {who} to play this turn gets +{n} difficulty.")
        }
        Effect::If(c, then) => {
            let inner: Vec<String> = then.iter().map(|s| lower_first(&step(s, defs))).collect();
            format!("If {}, {}", condition(c), inner.join(" Then "))
        }
        Effect::May(w, then, otherwise) => {
            let mut out = may(*w, then, defs);
            if !otherwise.is_empty() {
                let inner: Vec<String> = otherwise
                    .iter()
                    .map(|s| lower_first(&step(s, defs)))
                    .collect();
                let who = if *w == Who::You { "you do" } else { "they do" };
                out += &format!(" If {who} not, {}", inner.join(" Then "));
            }
            out
        }
        Effect::Either(options) => {
            let options: Vec<String> = options
                .iter()
                .enumerate()
                .map(|(i, o)| {
                    let inner: Vec<String> = o.iter().map(|s| step(s, defs)).collect();
                    let text = inner.join(" ").trim_end_matches('.').to_string();
                    if i == 0 {
                        text
                    } else {
                        lower_first(&text)
                    }
                })
                .collect();
            format!("{} (your choice).", options.join(", or "))
        }
        Effect::DefineX(a) => {
            note(a);
            String::new()
        }
        Effect::PlaceTokens(h, k, n) => {
            note(n);
            format!("Place {} on {}.", tokens(Some(*k), &amount(n)), holder(h))
        }
        Effect::RemoveTokens(h, k, n) => {
            let n = match n {
                Some(a) => {
                    note(a);
                    amount(a)
                }
                None => "all".into(),
            };
            let what = if n == "all" {
                format!(
                    "all {}tokens",
                    k.map_or(String::new(), |k| format!("{} ", k.name()))
                )
            } else {
                tokens(*k, &n)
            };
            format!("Remove {what} from {}.", holder(h))
        }
        Effect::Discard(w, n) => {
            note(n);
            format!(
                "{} {} of {} choice from hand.",
                verb(*w, "discard", "discards"),
                plural(n, "card", "cards"),
                if *w == Who::You { "your" } else { "their" }
            )
            .replace("You discard 1 card of your choice", "You discard 1 card")
        }
        Effect::Move(h, to) => {
            let h = holder(h);
            match to {
                MoveTo::Discard => format!("Discard {h}."),
                MoveTo::Removed => format!("Remove {h} from the game."),
                MoveTo::Hand => format!("Return {h} from your card pool to your hand."),
                MoveTo::Staging => format!("Put {h} from your card pool into your staging area."),
                MoveTo::CardPool => format!("Put {h} from your hand into your card pool."),
            }
        }
        Effect::PlayAsThoughInHand(h) => format!(
            "For the rest of this turn, {} can be played by you as if it were in your hand.",
            holder(h)
        ),
        Effect::SetBlockZone(h, z) => {
            format!("{}'s block zone becomes {}.", upper_first(holder(h)), z.name())
        }
        Effect::NoDraws(w) => format!(
            "{} any card for the rest of this turn.",
            verb(*w, "can't draw", "can't draw")
        ),
        Effect::FirstForm(h) => {
            format!(
                "Once your Ready Phase is over, {} is played as your first form, with no control check.",
                holder(h)
            )
        }
        Effect::RevealFromHand(k) => format!(
            "Reveal as many {} in your hand as you like; X is the number revealed.",
            kind_noun(k, &Amount::X).trim_start_matches("X ")
        ),
        Effect::ChooseNumber(lo, hi) => format!("Choose a number from {lo} to {hi}."),
        Effect::HandToMomentum(w, n) => {
            note(n);
            format!(
                "{} {} from {} hand into {} momentum.",
                verb(*w, "put", "puts"),
                plural(n, "card", "cards"),
                possessive(*w),
                possessive(*w)
            )
        }
        Effect::DeckToMomentum(w, n) => {
            note(n);
            format!(
                "{} the top {} of {} deck into {} momentum.",
                verb(*w, "put", "puts"),
                plural(n, "card", "cards"),
                possessive(*w),
                possessive(*w)
            )
        }
        Effect::DiscardAsMomentum(k) => {
            let cards = kind_noun(k, &Amount::N(2));
            format!(
                "You may discard as many {} from your hand as you like; each one you discard pays for 1 momentum of that cost.",
                cards.trim_start_matches("2 ")
            )
        }
        Effect::ThatPlayer(_, steps) => {
            let inner: Vec<String> = steps.iter().map(|s| step(s, defs)).collect();
            format!(
                "That player carries this out (\"you\" being them): {}",
                inner.join(" ")
            )
        }
        Effect::CommitFoundations(w, n) => format!(
            "Commit {n} ready {} of your choice in {} (your character may stand in for one).",
            if *n == 1 { "foundation" } else { "foundations" },
            staging_of(*w)
        ),
        Effect::AllFromDiscard(w, k, to) => {
            let card = kind_noun(k, &Amount::N(1));
            let card = card.trim_start_matches("1 ");
            match to {
                MoveTo::Hand => format!(
                    "{} every {card} in {} discard pile into {} hand.",
                    verb(*w, "put", "puts"),
                    possessive(*w),
                    possessive(*w)
                ),
                _ => format!(
                    "{} every {card} in {} discard pile from the game.",
                    verb(*w, "remove", "removes"),
                    possessive(*w)
                ),
            }
        }
        Effect::CommitOne(w) => format!(
            "Commit one ready foundation or asset of your choice in {}.",
            staging_of(*w)
        ),
        Effect::DestroyOne(k, w) => format!(
            "Destroy one {} of your choice in {}.",
            k.map_or("card", CardKind::word),
            staging_of(*w)
        ),
        Effect::DiscardFromCardPool(w) => format!(
            "{} 1 card of {} choice from {} card pool.",
            verb(*w, "discard", "discards"),
            possessive(*w),
            possessive(*w)
        ),
        Effect::MomentumFaceUp(h) => format!(
            "Should {} go to your momentum, it goes there face up.",
            holder(h)
        ),
        Effect::RemoveFromDiscard(w, n, k) => {
            note(n);
            format!(
                "{} {} in {} discard pile from the game.",
                verb(*w, "remove", "removes"),
                kind_noun(k, n),
                possessive(*w)
            )
        }
        Effect::Detached(d) => {
            let mut inner: Vec<String> =
                d.steps.iter().map(|s| lower_first(&step(s, defs))).collect();
            if matches!(d.trigger, Trigger::AttackBegins(_)) {
                // The attack is the one the event names, not the one the ability is on.
                for s in &mut inner {
                    *s = s.replace("this attack", "that attack");
                }
            }
            let event = lower_first(&trigger(&d.trigger)).replacen("after ", "", 1);
            let mut out = if d.once {
                let within = match d.until {
                    Until::ThisTurn => "this turn",
                    Until::YourNextTurn => "before your next turn begins",
                    Until::OpponentsNextTurnEnds => "before your opponent's next turn is over",
                };
                format!("The next time {event} {within}, {}", inner.join(" Then "))
            } else {
                let span = match d.until {
                    Until::ThisTurn => "For the rest of this turn",
                    Until::YourNextTurn => "Until your next turn begins",
                    Until::OpponentsNextTurnEnds => "Until your opponent's next turn is over",
                };
                format!("{span}, each time {event}, {}", inner.join(" Then "))
            };
            if let Some(t) = &d.ends_on {
                out += &format!(
                    " This stops {}.",
                    lower_first(&trigger(t)).replacen("after ", "once ", 1)
                );
            }
            out
        }
        Effect::BlockRule(a, rule) => {
            let target = attack_target(a).to_lowercase();
            match rule {
                BlockRule::Unblockable => format!("{} is unblockable.", upper_first(&target)),
                BlockRule::NoSharedSymbols => format!(
                    "Your opponent can't block {target} with a card that shares a resource symbol with it."
                ),
                BlockRule::NoCommitSymbol(_) => format!(
                    "To pay for a check to block {target}, your opponent can't commit a foundation bearing the chosen symbol."
                ),
            }
        }
        Effect::ChooseZone => "Choose high, mid or low.".into(),
        Effect::ChooseSymbol => "Choose a resource symbol.".into(),
        Effect::CancelEffects => "Its effects are cancelled.".into(),
        Effect::KeepCommitted(_) => "This card does not ready in this Ready Phase.".into(),
        Effect::Static(rule) => static_text(rule),
        Effect::RevealHand(w) => format!(
            "{} {} hand.",
            verb(*w, "reveal", "reveals"),
            match w {
                Who::You => "your",
                _ => "their",
            }
        ),
        Effect::DiscardRandomBlocking(w, n, _) => {
            note(n);
            format!(
                "{} {} from hand among those with a block of the chosen zone.",
                verb(*w, "discard", "discards"),
                plural(n, "random card", "random cards")
            )
        }
        Effect::NextAttackGains(a) => {
            // The quoted ability ends the sentence with its own full stop.
            format!(
                "Your next attack this turn has the ability \"{}\"",
                ability_text(a)
            )
        }
        Effect::AnotherBlock => "You may play another block.".into(),
        Effect::PlayTopAsAttack(k) => {
            let mut out = format!(
                                "Your deck's top card is played face down as a {} attack (difficulty {}, speed {}, damage {}) into your card pool.",
                k.zone.name(),
                k.difficulty,
                k.speed,
                k.damage
            );
            if k.no_momentum {
                out += " It can't be added to your momentum.";
            }
            out
        }
        Effect::FromRemoved { n, up_to, kind, to } => {
            let what = match n {
                None => match kind {
                    KindRef::Named => "all cards of the named type".to_string(),
                    KindRef::Any => "all cards".into(),
                    KindRef::Same => "all cards of one type".into(),
                    KindRef::Is(k) => format!("all {}s", k.word()),
                    KindRef::Reversal => "all reversals".into(),
                    KindRef::ControlAtMost(c) => format!("all cards with control {c} or less"),
                    KindRef::Control(c) => format!("all cards with control {c}"),
                },
                Some(a) => {
                    note(a);
                    format!("{}{}", if *up_to { "up to " } else { "" }, kind_noun(kind, a))
                }
            };
            match to {
                RemovedTo::Hand => format!("Add {what} removed from the game to your hand."),
                RemovedTo::DeckBottom => format!(
                    "Put {what} removed from the game on the bottom of your deck, in the order you choose."
                ),
                RemovedTo::OutOfGame => format!("Remove {what} from the game."),
                RemovedTo::Reveal => format!("Reveal {what} from your hand."),
                RemovedTo::DiscardAsMomentum => format!("Discard {what} from your hand."),
            }
        }
        Effect::NameCardType => "Name a card type.".into(),
        Effect::RemoveFromHand(w, n) => {
            note(n);
            format!(
                "{} {} in hand from the game.",
                verb(*w, "remove", "removes"),
                plural(n, "card", "cards")
            )
        }
        Effect::RemoveTopOfDeck(w, n, up_to) => {
            note(n);
                        format!(
                "{} {}{} off the top of {} deck out of the game.",
                verb(*w, "remove", "removes"),
                if *up_to { "up to " } else { "" },
                plural(n, "card", "cards"),
                possessive(*w)
            )
        }
        Effect::ReversalAsIfBlocked => {
            "You may play a reversal as if you had blocked the attack.".into()
        }
        Effect::NoMomentumInCombat => "Until your opponent's next turn begins, no player puts cards into their momentum during their own Combat Phase.".into(),
        Effect::NoCardsToHandInCombat => "In any Combat Phase before your next turn begins, no player draws or puts cards into their hand.".into(),
        Effect::OnAttack {
            when,
            yours_only,
            then,
        } => {
            let inner: Vec<String> = then.iter().map(|s| lower_first(&step(s, defs))).collect();
            let which = if *yours_only {
                "your attack"
            } else {
                "this attack"
            };
            let cond = match when {
                FiredWhen::Damage => format!("{which} deals damage"),
                FiredWhen::NoDamage => format!("{which} does not deal damage"),
                FiredWhen::YouBlock => "you block this attack".into(),
                FiredWhen::DamageOrBlocked => format!("{which} deals damage or is blocked"),
                FiredWhen::DamageAtLeast(n) => format!("{which} deals {n} or more damage"),
                FiredWhen::DamageWithCopies => {
                    format!("{which} or one of its multiple copies deals damage")
                }
            };
            format!("If {cond}, {}", inner.join(" Then "))
        }
    }
}

/// "2 foundations", "1 reversal", "X cards of one type".
fn kind_noun(kind: &KindRef, n: &Amount) -> String {
    let count = amount(n);
    let one = count == "1";
    let noun = match kind {
        KindRef::Any if one => "card".to_string(),
        KindRef::Any => "cards".into(),
        KindRef::Is(k) if one => k.word().into(),
        KindRef::Is(k) => format!("{}s", k.word()),
        KindRef::Named if one => "card of the named type".into(),
        KindRef::Named => "cards of the named type".into(),
        KindRef::Reversal if one => "reversal".into(),
        KindRef::Reversal => "reversals".into(),
        KindRef::ControlAtMost(c) if one => format!("card with control {c} or less"),
        KindRef::ControlAtMost(c) => format!("cards with control {c} or less"),
        KindRef::Control(c) if one => format!("card with control {c}"),
        KindRef::Control(c) => format!("cards with control {c}"),
        KindRef::Same if one => "card".into(),
        KindRef::Same => "cards, all of one type,".into(),
    };
    format!("{count} {noun}")
}

fn attack_target(attack: &AttackRef) -> String {
    match attack {
        AttackRef::This => "This attack".to_string(),
        AttackRef::Yours(None) => "Your attack".into(),
        AttackRef::Yours(Some(k)) => format!("Your {} attack", keyword_word(k).to_lowercase()),
    }
}

fn upper_first(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().collect::<String>() + c.as_str(),
        None => String::new(),
    }
}

/// "(Who) may (steps)".
fn may(w: Who, then: &[Effect], defs: &mut Vec<&'static str>) -> String {
    let Some((first, more)) = then.split_first() else {
        return String::new();
    };
    let mut out = may_one(w, first, defs);
    if !more.is_empty() {
        // The other steps happen only with the first: "If you do, ... Then ...".
        let more: Vec<String> = more.iter().map(|s| lower_first(&step(s, defs))).collect();
        let who = if w == Who::You { "you do" } else { "they do" };
        out += &format!(" If {who}, {}", more.join(" Then "));
    }
    out
}

/// "(Who) may (step)".
fn may_one(w: Who, first: &Effect, defs: &mut Vec<&'static str>) -> String {
    let inner = step(first, defs);
    // "Your opponent draws 1 card." → "Your opponent may draw 1 card."
    let inner = inner
        .replacen(" draws ", " draw ", 1)
        .replacen(" discards ", " discard ", 1)
        .replacen(" gains ", " gain ", 1)
        .replacen(" loses ", " lose ", 1);
    match w {
        Who::You => match inner.strip_prefix("You ") {
            Some(rest) => format!("You may {rest}"),
            // An instruction ("Put this card ...") reads "You may put this card ...".
            None => format!("You may {}", lower_first(&inner)),
        },
        _ => {
            let subject = Who::subject(w);
            let rest = inner.strip_prefix(subject).unwrap_or(&inner).trim_start();
            format!("{subject} may {rest}")
        }
    }
}

/// Several steps' text (an "either" option as chosen).
pub fn steps_text(steps: &[Effect]) -> String {
    let mut defs = Vec::new();
    let parts: Vec<String> = steps.iter().map(|s| step(s, &mut defs)).collect();
    let mut out = parts.join(" ");
    if !defs.is_empty() {
        out += &format!(" ({})", defs.join("; "));
    }
    out
}

/// One step's text on its own (a "may" prompt).
pub fn step_text(e: &Effect) -> String {
    let mut defs = Vec::new();
    let mut out = step(e, &mut defs);
    if !defs.is_empty() {
        out += &format!(" ({})", defs.join("; "));
    }
    out
}

fn lower_first(s: &str) -> String {
    // "Your opponent ..." stays capitalised only at the start of a sentence.
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_lowercase().collect::<String>() + c.as_str(),
        None => String::new(),
    }
}

/// One ability, as "E Commit, discard 1 momentum: Your opponent discards 1 random card
/// from hand."
pub fn ability_text(a: &Ability) -> String {
    let letter = match a.kind {
        AbilityKind::Enhance => "E",
        AbilityKind::Form => "F",
        AbilityKind::Response => "R",
        AbilityKind::Continuous | AbilityKind::Static => "",
    };
    if a.kind == AbilityKind::Static {
        let rule = a
            .effect
            .iter()
            .map(|e| step(e, &mut Vec::new()))
            .collect::<Vec<_>>()
            .join(" ");
        return match &a.only_playable {
            Some(c) => format!("While {}: {}", condition(c), lower_first(&rule)),
            None => rule,
        };
    }
    let cost: Vec<String> = a.cost.iter().map(cost_text).collect();
    ability_body(a, letter, cost)
}

/// One ability as an option reads it, its type said in words before it rather than by
/// its printed letter: ("form ability", "Reveal your deck's top card: ...").
pub fn ability_option_text(a: &Ability) -> (&'static str, String) {
    let kind = match a.kind {
        AbilityKind::Enhance => "enhance ability",
        AbilityKind::Form => "form ability",
        AbilityKind::Response => "response ability",
        AbilityKind::Continuous | AbilityKind::Static => return ("ability", ability_text(a)),
    };
    const MARK: &str = "\u{0}";
    let cost: Vec<String> = a.cost.iter().map(cost_text).collect();
    let text = ability_body(a, MARK, cost)
        .replacen(&format!("{MARK} "), "", 1)
        .replacen(&format!("{MARK}: "), "", 1);
    (kind, text)
}

/// A static ability's rule, as a sentence.
fn static_text(rule: &StaticRule) -> String {
    match rule {
        StaticRule::HandSize(n) => format!("Your character's hand size is {n:+}."),
        StaticRule::ReduceDamageTaken(n) => {
            format!("Any damage dealt to you is {n} less, but never less than 1.")
        }
        StaticRule::MayStayCommitted => {
            "In your Ready Phase, you choose whether this card readies or stays committed.".into()
        }
        StaticRule::HalfDamageWhenCompletelyBlocked => {
            "Even when completely blocked, this attack deals half its damage, rounded up.".into()
        }
        StaticRule::BlocksRangedWithoutCheck => "From your hand, this card can be put into your card pool as a complete block against a ranged attack, without a control check.".into(),
        StaticRule::AdditionalCost(parts) => {
            let parts: Vec<String> = parts.iter().map(|c| lower_first(&cost_text(c))).collect();
            format!(
                "To play this card you must also {} (an additional cost).",
                parts.join(" and ")
            )
        }
    }
}

fn cost_text(c: &Cost) -> String {
    match c {
        Cost::Commit => "Commit".to_string(),
        Cost::Destroy => "Destroy".into(),
        Cost::DiscardMomentum(n) => format!("Discard {n} momentum"),
        Cost::Discard(1) => "Discard 1 card".into(),
        Cost::Discard(n) => format!("Discard {n} cards"),
        Cost::RemoveTopOfDeck(1) => "Remove your deck's top card from the game".into(),
        Cost::RemoveMomentum(n) => format!("Remove {n} momentum from the game"),
        Cost::RemoveTopOfDeck(n) => {
            format!("Remove your deck's top {n} cards from the game")
        }
        Cost::RemoveTokens(h, k, n) => {
            let n = n.map_or("X".to_string(), |n| n.to_string());
            format!("Remove {} from {}", tokens(Some(*k), &n), holder(h))
        }
        Cost::PlaceTokens(h, k, n) => {
            format!(
                "Place {} on {}",
                tokens(Some(*k), &n.to_string()),
                holder(h)
            )
        }
        Cost::RemoveFromHand(Some(1)) => "Remove 1 card of your hand from the game".into(),
        Cost::RemoveFromHand(n) => format!(
            "Remove {} cards of your hand from the game",
            n.map_or("X".to_string(), |n| n.to_string())
        ),
        Cost::RemoveFromDiscard(1) => "Remove 1 card of your discard pile from the game".into(),
        Cost::RemoveFromDiscard(n) => {
            format!("Remove {n} cards of your discard pile from the game")
        }
        Cost::RemoveHand => "Remove your hand from the game".into(),
        Cost::RevealFromHand(k) => {
            let card = kind_noun(k, &Amount::N(1));
            format!("Reveal {} from your hand", card.replacen("1 ", "a ", 1))
        }
        Cost::DestroyFoundation => "Destroy 1 of your foundations".into(),
        Cost::DiscardMomentumX => "Discard X momentum".into(),
        Cost::DiscardX => "Discard X cards".into(),
        Cost::RemoveThis => "Remove this card from the game".into(),
        Cost::RevealTopOfDeck => "Reveal your deck's top card".into(),
        Cost::CommitFoundations(Some(1)) => "Commit 1 of your foundations".into(),
        Cost::CommitFoundations(n) => format!(
            "Commit {} of your foundations",
            n.map_or("X".to_string(), |n| n.to_string())
        ),
    }
}

fn ability_body(a: &Ability, letter: &str, cost: Vec<String>) -> String {
    let mut defs = Vec::new();
    // A definition of X has no words of its own (it joins the "X is" note).
    let effect: Vec<String> = a
        .effect
        .iter()
        .map(|e| step(e, &mut defs))
        .filter(|s| !s.is_empty())
        .collect();
    let mut out = String::new();
    if !a.only_character.is_empty() {
        out += &a.only_character.join(" or ");
        out += " ";
    }
    if a.combo {
        out += "Combo ";
    }
    if a.kind == AbilityKind::Continuous {
        // H.6: no type letter and no cost; it works while the card is in the card pool.
        out += match a.only_playable {
            Some(Condition::FaceUpInMomentum) => "While this card lies face up in your momentum, ",
            Some(Condition::ReadyInStaging) => "While this card is ready in your staging area, ",
            Some(Condition::InHand) => "While this card is in your hand, ",
            _ => "While this card is in your card pool, ",
        };
        if let Some(t) = &a.trigger {
            out += &lower_first(&trigger(t));
            out += ", ";
        }
        out += &lower_first(&effect.join(" "));
        if !defs.is_empty() {
            out += &format!(" ({})", defs.join("; "));
        }
        return out;
    }
    out += letter;
    if !cost.is_empty() {
        // "Commit, discard 1 momentum": the first part capitalised, as printed.
        let parts: Vec<String> = cost
            .iter()
            .enumerate()
            .map(|(i, c)| if i == 0 { c.clone() } else { lower_first(c) })
            .collect();
        out += " ";
        out += &parts.join(", ");
    }
    out += ": ";
    if let Some(t) = &a.trigger {
        out += &trigger(t);
        out += ", ";
        out += &lower_first(&effect.join(" "));
    } else {
        out += &effect.join(" ");
    }
    if !defs.is_empty() {
        out += &format!(" ({})", defs.join("; "));
    }
    if let Some(c) = &a.only_playable {
        out += &format!(" Only playable if {}.", condition(c));
    }
    if let Some(x) = &a.x_at_most {
        let most = match x {
            Amount::HalfPrintedDamage => {
                "half the printed damage of the attack under way, rounded down".to_string()
            }
            other => amount(other),
        };
        out += &format!(" X can be no more than {most}.");
    }
    match a.by {
        PlayableBy::Controller => {}
        PlayableBy::EitherPlayer => out += " Either player may play this ability.",
        PlayableBy::EachPlayerOnce => {
            out += " Both players may play this ability, each of them once per Enhance Step."
        }
    }
    if a.while_committed {
        out += " It can be played while this card is committed.";
    }
    out
}

pub fn keyword_word(k: &Keyword) -> String {
    match k {
        Keyword::Ally => "Ally".into(),
        Keyword::Charge => "Charge".into(),
        Keyword::Fury => "Fury".into(),
        Keyword::Kick => "Kick".into(),
        Keyword::Punch => "Punch".into(),
        Keyword::Ranged => "Ranged".into(),
        Keyword::Slam => "Slam".into(),
        Keyword::Taunt => "Taunt".into(),
        Keyword::Tech => "Tech".into(),
        Keyword::Weapon => "Weapon".into(),
        Keyword::Breaker(n) => format!("Breaker: {n}"),
        Keyword::Only(name) => format!("{name} Only"),
        Keyword::Combo(reqs) => {
            let parts: Vec<String> = reqs.iter().map(crate::model::ComboReq::display).collect();
            format!("Combo ({})", parts.join(", "))
        }
        Keyword::Desperation(n) => format!("Desperation: {n}"),
        Keyword::Ex(n) => format!("EX: {n}"),
        Keyword::Flash => "Flash".into(),
        Keyword::Gauge(n) => format!("Gauge: {n}"),
        Keyword::Multiple(n) => format!("Multiple: {n}"),
        Keyword::Powerful(n) => format!("Powerful: {n}"),
        Keyword::Reversal => "Reversal".into(),
        Keyword::ReversalOnly(name) => format!("{name} Reversal"),
        Keyword::Safe => "Safe".into(),
        Keyword::Stun(n) => format!("Stun: {n}"),
        Keyword::Terrain => "Terrain".into(),
        Keyword::Throw => "Throw".into(),
        Keyword::Unique => "Unique".into(),
        Keyword::Other(w) => w.clone(),
    }
}

/// A card's whole text: the type line with its facts, the keywords, then each ability.
pub fn card_text(d: &CardDef) -> String {
    let mut out = format!("{} ({})\n", d.card_name(), d.id);
    let facts = match d.kind {
        Kind::Character {
            hand_size,
            vitality,
            ..
        } => format!("Character — hand size {hand_size}, vitality {vitality}"),
        Kind::Attack {
            zone,
            speed,
            damage,
        } => format!(
            "Attack — {} zone, speed {speed}, damage {damage}",
            zone.name()
        ),
        _ => {
            let t = d.kind.type_name();
            let mut c = t.chars();
            c.next().map_or(String::new(), |f| {
                f.to_uppercase().collect::<String>() + c.as_str()
            })
        }
    };
    out += &format!(
        "{facts}; difficulty {}, control {}",
        d.difficulty, d.control
    );
    if let Some((z, m)) = d.block {
        out += &format!("; block {} {m:+}", z.name());
    }
    out += &format!("; resources: {}\n", d.symbols);
    if !d.keywords.is_empty() {
        let ks: Vec<String> = d.keywords.iter().map(keyword_word).collect();
        out += &format!("{}\n", ks.join(" - "));
    }
    // Abilities a keyword grants (I.3) are said by the keyword itself.
    for a in &d.abilities {
        out += &ability_text(a);
        out += "\n";
    }
    if let Some(h) = &d.split {
        // Ruling UFS-31: the other half shares the name, control, block and symbols.
        let facts = match h.kind {
            Kind::Attack {
                zone,
                speed,
                damage,
            } => format!(
                "Attack — {} zone, speed {speed}, damage {damage}",
                zone.name()
            ),
            _ => upper_first(h.kind.type_name()),
        };
        out += &format!(
            "Split — the other half: {facts}; difficulty {}\n",
            h.difficulty
        );
        if !h.keywords.is_empty() {
            let ks: Vec<String> = h.keywords.iter().map(keyword_word).collect();
            out += &format!("{}\n", ks.join(" - "));
        }
        for a in &h.abilities {
            out += &ability_text(a);
            out += "\n";
        }
    }
    if let Some(m) = &d.missing {
        out += &format!("(Not yet playable: {m}.)\n");
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cardfile::parse_cards;

    fn first_ability(src: &str) -> String {
        let card = format!("(card \"t\" \"T\" (foundation) {src})");
        ability_text(&parse_cards(&card).unwrap()[0].abilities[0])
    }

    #[test]
    fn abilities_read_as_type_cost_colon_effect() {
        assert_eq!(
            first_ability("(enhance (cost commit) (gets (your-attack weapon) (damage 2)))"),
            "E Commit: Your weapon attack gets +2 damage."
        );
        assert_eq!(
            first_ability("(enhance (cost (discard-momentum 2)) (discard-random opponent 3))"),
            "E Discard 2 momentum: Your opponent discards 3 random cards from hand."
        );
        assert_eq!(
            first_ability("(enhance (cost commit) (if-deals-damage your-attack (draw you 1)))"),
            "E Commit: If your attack deals damage, you draw 1 card."
        );
        assert_eq!(
            first_ability("(enhance (cost commit (discard-momentum 2)) (gets (your-attack weapon) (damage hand-size)))"),
            "E Commit, discard 2 momentum: Your weapon attack gets +X damage. (X is your character's hand size)"
        );
    }

    #[test]
    fn an_option_says_the_abilitys_type_in_words_instead_of_its_letter() {
        let card = "(card \"t\" \"T\" (foundation) (enhance (cost commit) (gets (your-attack weapon) (damage 2))))";
        let a = &parse_cards(card).unwrap()[0].abilities[0];
        assert_eq!(
            ability_option_text(a),
            (
                "enhance ability",
                "Commit: Your weapon attack gets +2 damage.".to_string()
            )
        );
        let card = "(card \"t\" \"T\" (foundation) (enhance (discard-random opponent 3)))";
        let a = &parse_cards(card).unwrap()[0].abilities[0];
        assert_eq!(
            ability_option_text(a).1,
            "Your opponent discards 3 random cards from hand."
        );
    }
}
