//! `(if COND (then STEP...) [(otherwise STEP...)])`: an "if" clause (508.2f) and its
//! "otherwise" clause, and "swap" clauses written with "instead" (508.2j: "<action>. If
//! <condition>, instead, <other action>" is the same as an if with an otherwise). The
//! condition is looked at once, as the effect resolves (508.2f, 513.2a); the steps of
//! the clause that applies run, the others are skipped.
//!
//! COND is `initiative` (you have the initiative), `(control TEST...)` (you control a
//! character that passes the tests), `you-did` ("if you do", 508.2i: the step just before
//! the `if` did all it said — not if it was cut short or replaced; a KO whose trip to the
//! KO'd pile was replaced still counts, 708.13c; after `replace-resource`, "if you
//! replaced": a card was put where the KO'd one was, 708.8c; only after `stun`, `ko`,
//! `discard` or `replace-resource`, the steps that say so), `(at-least AMOUNT N)` (the
//! amount is N or more), `(in-play TEST...)`, `(not COND)` or `(and COND...)`.
//!
//! It compiles to flat steps: an `If` that skips the "then" steps (and the jump after
//! them) when the condition is false, the "then" steps, and, with an otherwise clause,
//! an `If` with no condition that jumps over the "otherwise" steps.

use crate::verbs::{compile_step, Compiler, HostState, Step, Tcg};
use crate::vocab::{Amount, Filter, Relation, Test, Who};
use crate::wording::{amount, filter};
use crate::words::{err, number, parse_amount, parse_filter, parse_who, R};
use crossover_kernel::Seat;
use crossover_sexpr::Sexp;
use crossover_vs_core::Verb;
use serde::{Deserialize, Serialize};

/// What an "if" clause looks at.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Condition {
    /// The effect's controller has the initiative.
    Initiative,
    /// The effect's controller controls a character that passes the filter.
    Control(Filter),
    Not(Box<Condition>),
    And(Vec<Condition>),
    /// 508.2i: "if you do": the step before did its action.
    YouDid,
    /// "you have N or less endurance" (502.1a).
    EnduranceAtMost(u8),
    /// An amount is at least this number ("if there are three or more dream counters
    /// on it", 215.1d).
    AtLeast(Amount, i32),
    /// "there is a <description> in play": a character, an equipment or a face-up
    /// resource that passes the filter (a face-down resource is no named card, 502.1c).
    InPlay(Filter),
    /// "if the discarded card was a <description>": the `n`th card the additional costs
    /// were paid with, as it last was (508.2e).
    Paid(u8, Filter),
    /// "If this card is in your resource row": the effect's source card is in its
    /// controller's resource row (708.2c–d: a copy's, the copier's row).
    InYourResourceRow,
    /// Glossary: All Characters: every character you control passes the filter, and you
    /// control at least one (with none, it is false).
    AllYours(Filter),
    /// Glossary: Exactly One: the amount is exactly this number ("exactly one
    /// <something>": one and only one).
    Exactly(Amount, i32),
    /// Glossary: First Attack or First Defense: this attack is your first attack this
    /// turn (the first in which you controlled an attacker).
    FirstAttack,
    /// This attack is your first defense this turn (the first in which you controlled
    /// a defender or were the direct defender).
    FirstDefense,
    /// "If you control A and B" (201.8b): a different object for each name — a
    /// character with several names satisfies only one of the checks.
    ControlEachNamed(Vec<String>),
    /// Glossary: Different: the two cards named are different: not copies of each other
    /// (708.2f: the same printed name and version).
    Different(Who, Who),
    /// Glossary: Illuminati: "you control N different members of the Illuminati":
    /// N names of members can be chosen and N characters you control, each with a
    /// different one of those names (whatever other names it has).
    ControlDifferentMembers(u8),
    /// 706.2b: the effect's plot twist was played with its boost paid: its boost text
    /// is active (written `(if boosted STEP...)`, "Boost N: STEP...").
    Boosted,
}

/// The steps that say whether they did their action (`Host::set_did`).
fn says_whether_done(s: &Step) -> bool {
    matches!(
        s,
        Step::Stun(_)
            | Step::Ko(_)
            | Step::Discard(_)
            | Step::ReplaceResource(_)
            | Step::BottomFromKoPile(_)
            | Step::Exchange(_)
            | Step::TurnFaceDown(_)
            | Step::ReturnResource(_)
            | Step::RevealedToResourceRow(_)
            | Step::RevealedIntoPlay(_)
            | Step::TransferThis(_)
            | Step::RemoveFromGame(_)
            | Step::EquipFromHand(_)
            | Step::Pay(_)
            | Step::PutIntoPlay(_)
    )
}

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct IfClause {
    /// `None`: the end of a "then" clause, jumping over its "otherwise" clause.
    pub condition: Option<Condition>,
    /// The steps skipped when the condition is false (always, for a jump).
    pub skip: u8,
}

pub(crate) fn parse_condition(s: &Sexp, c: &mut Compiler<'_>) -> R<Condition> {
    match (s.as_atom(), s.head()) {
        (Some("initiative"), _) => Ok(Condition::Initiative),
        (Some("in-your-resource-row"), _) => Ok(Condition::InYourResourceRow),
        (Some("first-attack"), _) => Ok(Condition::FirstAttack),
        (Some("first-defense"), _) => Ok(Condition::FirstDefense),
        (_, Some("all-yours")) if !s.args().is_empty() => {
            Ok(Condition::AllYours(parse_filter(s.args(), &mut c.scope)?))
        }
        (_, Some("different")) => match s.args() {
            [a, b] => Ok(Condition::Different(
                parse_who(a, &mut c.scope)?,
                parse_who(b, &mut c.scope)?,
            )),
            _ => err(s.pos(), "write `(different WHO WHO)`"),
        },
        (_, Some("exactly")) => match s.args() {
            [a, n] => Ok(Condition::Exactly(
                parse_amount(a, &mut c.scope)?,
                number(n, "a number")?,
            )),
            _ => err(s.pos(), "write `(exactly AMOUNT N)`"),
        },
        (Some("you-did"), _) => {
            if !c.out.last().is_some_and(says_whether_done) {
                return err(
                    s.pos(),
                    "`you-did` follows a step that says whether it was done: stun, ko, discard, replace-resource, bottom-from-ko-pile, exchange, turn-face-down, return-resource, revealed-to-resource-row, revealed-into-play, transfer-this, remove-from-game, equip-from-hand, pay or put-into-play (508.2i)",
                );
            }
            Ok(Condition::YouDid)
        }
        (_, Some("control")) => {
            let mut f = parse_filter(s.args(), &mut c.scope)?;
            f.0.push(Test::Controlled(Relation::You));
            Ok(Condition::Control(f))
        }
        (_, Some("endurance<=")) => match s.args() {
            [n] => match n.as_int() {
                Some(v) if (0..=99).contains(&v) => Ok(Condition::EnduranceAtMost(v as u8)),
                _ => err(n.pos(), "an endurance is a number from 0 to 99"),
            },
            _ => err(s.pos(), "write `(endurance<= N)`"),
        },
        (_, Some("at-least")) => match s.args() {
            [a, n] => Ok(Condition::AtLeast(
                parse_amount(a, &mut c.scope)?,
                number(n, "a number")?,
            )),
            _ => err(s.pos(), "write `(at-least AMOUNT N)`"),
        },
        (_, Some("in-play")) => Ok(Condition::InPlay(parse_filter(s.args(), &mut c.scope)?)),
        (_, Some("control-each-named")) if s.args().len() >= 2 => {
            let mut names = Vec::new();
            for a in s.args() {
                match a.as_str() {
                    Some(n) if !n.trim().is_empty() => names.push(n.to_string()),
                    _ => return err(a.pos(), "a name is a quoted string"),
                }
            }
            Ok(Condition::ControlEachNamed(names))
        }
        (Some("boosted"), _) => Ok(Condition::Boosted),
        (_, Some("control-different-members")) => match s.args() {
            [n] => match n.as_int() {
                Some(v) if (1..=6).contains(&v) => Ok(Condition::ControlDifferentMembers(v as u8)),
                _ => err(n.pos(), "the Illuminati has six members: N is from 1 to 6"),
            },
            _ => err(s.pos(), "write `(control-different-members N)`"),
        },
        (_, Some("paid")) => match s.args().split_first() {
            Some((n, tests)) => match n.as_int() {
                Some(v) if (0..=20).contains(&v) => {
                    Ok(Condition::Paid(v as u8, parse_filter(tests, &mut c.scope)?))
                }
                _ => err(n.pos(), "write `(paid N TEST...)`: N counts the cards paid, from 0"),
            },
            None => err(s.pos(), "write `(paid N TEST...)`"),
        },
        (_, Some("not")) => match s.args() {
            [inner] => Ok(Condition::Not(Box::new(parse_condition(inner, c)?))),
            _ => err(s.pos(), "write `(not COND)`"),
        },
        (_, Some("and")) if s.args().len() >= 2 => Ok(Condition::And(
            s.args()
                .iter()
                .map(|a| parse_condition(a, c))
                .collect::<R<Vec<_>>>()?,
        )),
        _ => err(
            s.pos(),
            format!(
                "expected a condition: `initiative`, `in-your-resource-row`, `first-attack`, `first-defense`, `(control TEST...)`, `(all-yours TEST...)`, `(exactly AMOUNT N)`, `(different WHO WHO)`, `you-did`, `(endurance<= N)`, `(at-least AMOUNT N)`, `(in-play TEST...)`, `(paid N TEST...)`, `(control-each-named \"A\" \"B\"...)`, `(control-different-members N)`, `(not COND)` or `(and COND COND...)`, found {}",
                s.describe()
            ),
        ),
    }
}

pub(crate) fn condition_text(cond: &Condition) -> String {
    match cond {
        Condition::Initiative => "you have the initiative".into(),
        Condition::YouDid => "you do".into(),
        Condition::InYourResourceRow => "this card is in your resource row".into(),
        Condition::FirstAttack => "this is your first attack this turn".into(),
        Condition::FirstDefense => "this is your first defense this turn".into(),
        Condition::AllYours(f) => format!("all characters you control are {}", filter_words(f)),
        Condition::Exactly(a, n) => format!("{} is exactly {n}", amount(a)),
        Condition::Different(a, b) => format!(
            "{} and {} are different cards",
            crate::wording::who(a),
            crate::wording::who(b)
        ),
        Condition::Control(f) => {
            let mut f = f.clone();
            f.0.retain(|t| *t != Test::Controlled(Relation::You));
            format!("you control a {}", filter(&f, false))
        }
        Condition::EnduranceAtMost(n) => format!("you have {n} or less endurance"),
        Condition::Boosted => "its boost was paid".into(),
        Condition::ControlDifferentMembers(n) => {
            format!("you control {n} different members of the Illuminati")
        }
        Condition::ControlEachNamed(names) => match names.as_slice() {
            [rest @ .., last] => format!("you control {} and {last}", rest.join(", ")),
            [] => String::new(),
        },
        Condition::AtLeast(a, n) => format!("{} is {n} or more", amount(a)),
        Condition::InPlay(f) => format!("a {} is in play", in_play_noun(f)),
        Condition::Paid(n, f) => format!("paid card {n} was a {}", card_noun(f)),
        Condition::Not(c) => match &**c {
            Condition::InPlay(f) => format!("no {} is in play", in_play_noun(f)),
            Condition::AtLeast(a, n) => format!("{} is {} or less", amount(a), n - 1),
            c => format!("it is not so that {}", condition_text(c)),
        },
        Condition::And(cs) => cs
            .iter()
            .map(condition_text)
            .collect::<Vec<_>>()
            .join(" and "),
    }
}

/// The tests of a filter as words after "are" ("front row X-Men characters").
fn filter_words(f: &Filter) -> String {
    filter(f, true)
}

/// "card" rather than "character" when the description can fit a card that isn't a
/// character (a name, a card type).
fn in_play_noun(f: &Filter) -> String {
    if f.0
        .iter()
        .any(|t| matches!(t, Test::Named(_) | Test::CardType(_)))
    {
        card_noun(f)
    } else {
        filter(f, false)
    }
}

/// A description of a card: a card-type test names the type ("X-Men character card"),
/// else the noun is "card".
fn card_noun(f: &Filter) -> String {
    let text = filter(f, false);
    if f.0.iter().any(|t| matches!(t, Test::CardType(_))) {
        text.replacen("character ", "", 1)
    } else {
        text.replacen("character", "card", 1)
    }
}

/// The text of a condition, for a triggered power's "and …" or ", if …," (502.1a,
/// 502.1c).
pub fn condition_words(cond: &Condition) -> String {
    condition_text(cond)
}

/// What a condition asks of the game, for an effect (or power) that `you` control
/// (`GameState::condition_holds` answers).
pub struct CondWorld<'a> {
    pub you: crate::ids::PlayerId,
    /// 508.2i: the last step that says so did its action.
    pub did: bool,
    pub initiative: &'a dyn Fn(crate::ids::PlayerId) -> bool,
    pub endurance: &'a dyn Fn(crate::ids::PlayerId) -> i32,
    /// `you` control a character that passes.
    pub controls: &'a dyn Fn(&Filter) -> bool,
    pub in_play: &'a dyn Fn(&Filter) -> bool,
    /// The `n`th card paid passes, as it last was.
    pub paid: &'a dyn Fn(u8, &Filter) -> bool,
    /// The effect's card is in `you`'s resource row (708.2c–d: for a copy, the copier's).
    pub in_your_resource_row: bool,
    /// The value of an amount for the effect.
    pub amount: &'a dyn Fn(&Amount) -> i32,
    /// Every character `you` control passes, and there is at least one.
    pub all_yours: &'a dyn Fn(&Filter) -> bool,
    /// The attack in its substep is `you`'s first attack / first defense this turn.
    pub first_attack: bool,
    pub first_defense: bool,
    /// `you` control an object of each name, a different one for each (201.8b).
    pub controls_each_named: &'a dyn Fn(&[String]) -> bool,
    /// The cards two words name are different (not copies).
    pub different: &'a dyn Fn(&Who, &Who) -> bool,
    /// 706.2b: the effect's card is a plot twist played with its boost paid.
    pub boosted: bool,
}

/// Does the condition hold?
pub fn holds_with(cond: &Condition, w: &CondWorld<'_>) -> bool {
    match cond {
        Condition::Initiative => (w.initiative)(w.you),
        Condition::YouDid => w.did,
        Condition::Control(f) => (w.controls)(f),
        Condition::EnduranceAtMost(n) => (w.endurance)(w.you) <= i32::from(*n),
        Condition::InPlay(f) => (w.in_play)(f),
        Condition::Paid(n, f) => (w.paid)(*n, f),
        Condition::InYourResourceRow => w.in_your_resource_row,
        Condition::ControlEachNamed(names) => (w.controls_each_named)(names),
        // Glossary: Illuminati: choose N of the members' names, then a different
        // character for each.
        Condition::Boosted => w.boosted,
        Condition::ControlDifferentMembers(n) => (0u8..64)
            .filter(|set| set.count_ones() == u32::from(*n))
            .any(|set| {
                let names: Vec<String> = crate::vocab::ILLUMINATI
                    .iter()
                    .enumerate()
                    .filter(|(i, _)| set & (1 << i) != 0)
                    .map(|(_, m)| m.to_string())
                    .collect();
                (w.controls_each_named)(&names)
            }),
        Condition::AtLeast(a, n) => (w.amount)(a) >= *n,
        Condition::Exactly(a, n) => (w.amount)(a) == *n,
        Condition::AllYours(f) => (w.all_yours)(f),
        Condition::FirstAttack => w.first_attack,
        Condition::FirstDefense => w.first_defense,
        Condition::Different(a, b) => (w.different)(a, b),
        Condition::Not(c) => !holds_with(c, w),
        Condition::And(cs) => cs.iter().all(|c| holds_with(c, w)),
    }
}

/// A triggered power's condition (502.1a, 502.1c): `you-did` has no step before it.
pub fn parse_trigger_condition(
    s: &Sexp,
    names: &mut dyn crate::words::AffiliationNames,
) -> R<Condition> {
    let mut durations = Vec::new();
    let mut out = Vec::new();
    let mut c = Compiler {
        scope: crate::words::Scope {
            targets: &[],
            names,
            durations: &mut durations,
        },
        out: &mut out,
        depth: 0,
    };
    parse_condition(s, &mut c)
}

/// Compiles the steps of a clause into `c`, returning how many steps they made.
fn clause(c: &mut Compiler<'_>, form: &Sexp, word: &str) -> R<usize> {
    if form.head() != Some(word) || form.args().is_empty() {
        return err(form.pos(), format!("write `({word} STEP...)`"));
    }
    let start = c.out.len();
    for s in form.args() {
        compile_step(c, s)?;
    }
    Ok(c.out.len() - start)
}

fn small(n: usize, form: &Sexp) -> R<u8> {
    u8::try_from(n)
        .ok()
        .filter(|&n| n <= 40)
        .map_or_else(|| err(form.pos(), "a clause has at most 40 steps"), Ok)
}

impl Verb<Tcg> for IfClause {
    const WORDS: &'static [&'static str] = &["if"];

    fn compile(c: &mut Compiler<'_>, _word: &str, form: &Sexp) -> R<()> {
        let (cond, then, otherwise) = match form.args() {
            [cond, then] => (cond, then, None),
            [cond, then, otherwise] => (cond, then, Some(otherwise)),
            _ => {
                return err(
                    form.pos(),
                    "write `(if COND (then STEP...) [(otherwise STEP...)])`",
                )
            }
        };
        let condition = parse_condition(cond, c)?;
        let at = c.out.len();
        c.push(IfClause {
            condition: None,
            skip: 0,
        });
        let mut skip = clause(c, then, "then")?;
        if let Some(o) = otherwise {
            let jump = c.out.len();
            c.push(IfClause {
                condition: None,
                skip: 0,
            });
            let n = clause(c, o, "otherwise")?;
            c.out[jump] = IfClause {
                condition: None,
                skip: small(n, o)?,
            }
            .into();
            skip += 1;
        }
        c.out[at] = IfClause {
            condition: Some(condition),
            skip: small(skip, form)?,
        }
        .into();
        Ok(())
    }

    fn text(&self) -> String {
        match &self.condition {
            Some(cond) => format!("If {}:", condition_text(cond)),
            None => "Otherwise:".into(),
        }
    }

    fn run(&self, g: &mut HostState) -> Option<Seat> {
        let go_on = self.condition.as_ref().is_some_and(|cond| g.holds(cond));
        if !go_on {
            g.skip_steps(self.skip);
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use crate::testkit::Bench;

    /// The text of an if clause with its otherwise clause.
    #[test]
    fn if_and_otherwise_read_in_order() {
        let (b, pt) = Bench::with_effect(
            "(target 0 character yours) (if initiative (then (gets (target 0) 4 0 this-turn)) (otherwise (gets (target 0) 6 0 this-turn))) (draw you 1)",
            "",
        );
        assert_eq!(
            b.effect_text(pt),
            "Target 0 is a character you control. If you have the initiative: Target 0 gets +4 ATK this turn. Otherwise: Target 0 gets +6 ATK this turn. You draw 1 card."
        );
    }
}

#[cfg(test)]
mod you_did_tests {
    use crate::ids::Row;
    use crate::state::Zone;
    use crate::testkit::Bench;

    /// 508.2i (VS-TCG-068): "discard three cards. If you do, ... Otherwise, ...": with
    /// fewer cards in hand all are discarded, the "if you do" fails and the otherwise
    /// clause applies.
    #[test]
    fn r508_2i_if_you_do_fails_when_the_action_was_not_done_in_full() {
        let effect = "(discard you 3) (if you-did (then (gain-endurance you 5)) (otherwise (lose-endurance you 2)))";
        let (mut b, pt) = Bench::with_effect(effect, "");
        assert_eq!(
            b.effect_text(pt),
            "You discard 3 cards. If you do: You gain 5 endurance. Otherwise: You lose 2 endurance."
        );
        b.in_hand(0, "trn-001");
        b.in_hand(0, "trn-002");
        b.play(pt, &[]);
        assert_eq!(b.g.player(0).hand_len(), 0, "all the cards are discarded");
        assert_eq!(b.g.endurance(0), 48, "the otherwise clause applies");
    }

    /// 508.2i: done in full, the "if you do" clause applies and its "otherwise" doesn't.
    #[test]
    fn r508_2i_if_you_do_applies_when_the_action_was_done() {
        let effect = "(discard you 1) (if you-did (then (gain-endurance you 5)) (otherwise (lose-endurance you 2)))";
        let (mut b, pt) = Bench::with_effect(effect, "");
        b.in_hand(0, "trn-001");
        b.play(pt, &[]);
        assert_eq!(b.g.endurance(0), 55);
    }

    /// 508.2i (VS-TCG-069): a stun that was replaced was not done, so "if you do" fails.
    #[test]
    fn r508_2i_a_replaced_stun_was_not_done() {
        let extra = "(card x-armor \"Test Armor\" \"\" (character (cost 2) (atk 1) (def 1) (affiliation \"Training Squad\")) (continuous (replace become-stunned this (exhaust this))))";
        let effect =
            "(target 0 character) (stun (target 0)) (if you-did (then (gain-endurance you 5)))";
        let (mut b, pt) = Bench::with_effect(effect, extra);
        let c = b.in_play(1, "x-armor", Row::Front, 0);
        b.play(pt, &[c]);
        assert!(!b.g.card(c).stunned, "the stun was replaced");
        assert_eq!(
            b.g.endurance(0),
            50,
            "so the \"if you do\" clause doesn't apply"
        );
    }

    /// 508.2i: a stun done in full satisfies "if you do".
    #[test]
    fn r508_2i_a_stun_done_satisfies_if_you_do() {
        let effect =
            "(target 0 character) (stun (target 0)) (if you-did (then (gain-endurance you 5)))";
        let (mut b, pt) = Bench::with_effect(effect, "");
        let c = b.in_play(1, "trn-007", Row::Front, 0);
        b.play(pt, &[c]);
        assert!(b.g.card(c).stunned);
        assert_eq!(b.g.endurance(0), 55);
    }

    /// 708.13c (VS-TCG-067): a KO whose trip to the KO'd pile is replaced still
    /// satisfies "if you do".
    #[test]
    fn r708_13c_a_replaced_ko_still_satisfies_if_you_do() {
        let extra = "(card x-tn \"Test Neutralizer\" \"\" (character (cost 2) (atk 1) (def 1) (affiliation \"Training Squad\")) (continuous (replace ko-from-play (each character) (remove-from-game that))))";
        let effect =
            "(target 0 character) (ko (target 0)) (if you-did (then (gain-endurance you 5)))";
        let (mut b, pt) = Bench::with_effect(effect, extra);
        b.in_play(0, "x-tn", Row::Support, 0);
        let c = b.in_play(1, "trn-007", Row::Front, 0);
        b.play(pt, &[c]);
        assert!(
            matches!(b.g.card(c).zone, Zone::Removed { .. }),
            "the KO was replaced"
        );
        assert_eq!(b.g.endurance(0), 55, "and \"if you do\" is satisfied");
    }

    /// 708.8c: a resource is replaced only if a card is put where the KO'd one was: with
    /// an empty deck, "if you replaced" fails; with a card, it holds.
    #[test]
    fn r708_8c_replaced_only_if_a_card_took_its_place() {
        let effect = "(replace-resource you) (if you-did (then (gain-endurance you 4)))";
        for deck_empty in [true, false] {
            let (mut b, pt) = Bench::with_effect(effect, "");
            let r = b.resource(0, "trn-001");
            if deck_empty {
                for c in b.g.player(0).deck.clone() {
                    b.g.move_card(c, Zone::Removed { face_down: false });
                }
            }
            b.play(pt, &[]);
            b.act(crate::action::Action::Pick(r));
            b.resolve_all();
            assert_eq!(b.g.card(r).zone, Zone::KoPile, "the resource is KO'd");
            let gained = if deck_empty { 50 } else { 54 };
            assert_eq!(b.g.endurance(0), gained, "deck empty: {deck_empty}");
        }
    }

    #[test]
    fn you_did_must_follow_a_step_that_says_whether_it_was_done() {
        let text = "(card x \"X\" \"\" (plot-twist (threshold 0)) (effect (gain-endurance you 1) (if you-did (then (draw you 1)))))";
        let mut pool = crate::db::CardPool::built_in();
        let e = pool.add_file("t.cards", text).unwrap_err().to_string();
        assert!(e.contains("508.2i"), "{e}");
    }
}
