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
//! `discard` or `replace-resource`, the steps that say so), `(not COND)` or `(and COND...)`.
//!
//! It compiles to flat steps: an `If` that skips the "then" steps (and the jump after
//! them) when the condition is false, the "then" steps, and, with an otherwise clause,
//! an `If` with no condition that jumps over the "otherwise" steps.

use crate::verbs::{compile_step, Compiler, HostState, Step, Tcg};
use crate::vocab::{Filter, Relation, Test, Who};
use crate::wording::filter;
use crate::words::{err, parse_filter, R};
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
    /// "If this card is in your resource row": the effect's source card is in its
    /// controller's resource row (708.2c–d: a copy's, the copier's row).
    InYourResourceRow,
}

/// The steps that say whether they did their action (`Host::set_did`).
fn says_whether_done(s: &Step) -> bool {
    matches!(
        s,
        Step::Stun(_) | Step::Ko(_) | Step::Discard(_) | Step::ReplaceResource(_)
    )
}

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct IfClause {
    /// `None`: the end of a "then" clause, jumping over its "otherwise" clause.
    pub condition: Option<Condition>,
    /// The steps skipped when the condition is false (always, for a jump).
    pub skip: u8,
}

fn parse_condition(s: &Sexp, c: &mut Compiler<'_>) -> R<Condition> {
    match (s.as_atom(), s.head()) {
        (Some("initiative"), _) => Ok(Condition::Initiative),
        (Some("in-your-resource-row"), _) => Ok(Condition::InYourResourceRow),
        (Some("you-did"), _) => {
            if !c.out.last().is_some_and(says_whether_done) {
                return err(
                    s.pos(),
                    "`you-did` follows a step that says whether it was done: stun, ko, discard or replace-resource (508.2i)",
                );
            }
            Ok(Condition::YouDid)
        }
        (_, Some("control")) => {
            let mut f = parse_filter(s.args(), &mut c.scope)?;
            f.0.push(Test::Controlled(Relation::You));
            Ok(Condition::Control(f))
        }
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
                "expected a condition: `initiative`, `in-your-resource-row`, `(control TEST...)`, `you-did`, `(not COND)` or `(and COND COND...)`, found {}",
                s.describe()
            ),
        ),
    }
}

fn condition_text(cond: &Condition) -> String {
    match cond {
        Condition::Initiative => "you have the initiative".into(),
        Condition::YouDid => "you do".into(),
        Condition::InYourResourceRow => "this card is in your resource row".into(),
        Condition::Control(f) => {
            let mut f = f.clone();
            f.0.retain(|t| *t != Test::Controlled(Relation::You));
            format!("you control a {}", filter(&f, false))
        }
        Condition::Not(c) => format!("it is not so that {}", condition_text(c)),
        Condition::And(cs) => cs
            .iter()
            .map(condition_text)
            .collect::<Vec<_>>()
            .join(" and "),
    }
}

fn holds(cond: &Condition, g: &HostState) -> bool {
    match cond {
        Condition::Initiative => g.has_initiative(g.controller()),
        Condition::YouDid => g.did(),
        Condition::InYourResourceRow => g.in_resource_row(g.source(), g.controller()),
        Condition::Control(f) => !g.who(&Who::Each(f.clone())).is_empty(),
        Condition::Not(c) => !holds(c, g),
        Condition::And(cs) => cs.iter().all(|c| holds(c, g)),
    }
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
        let go_on = self.condition.as_ref().is_some_and(|cond| holds(cond, g));
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
