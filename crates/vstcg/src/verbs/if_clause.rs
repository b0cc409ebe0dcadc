//! `(if-you-do N)` and `(if CONDITION N)`: the next N steps apply only if the condition
//! holds as the effect resolves (508.2f); "if you do" asks whether the step just before
//! did its action (508.2i: not if it couldn't be done in full or was replaced). An
//! `(otherwise M)` right after the N steps applies when this one didn't.
//!
//! Conditions: `you-have-the-initiative`, `(any TEST...)` (a character in play matches:
//! `(any yours (affiliation "Training Squad"))`).

use crate::verbs::{Compiler, HostState, Step, Tcg};
use crate::vocab::{Filter, Who};
use crate::wording::filter;
use crate::words::{err, parse_filter, R};
use crossover_kernel::Seat;
use crossover_sexpr::Sexp;
use crossover_vs_core::Verb;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Condition {
    /// 508.2i: the step before did its action.
    YouDid,
    /// The effect's controller has the initiative (508.2f's example).
    YouHaveTheInitiative,
    /// Some character in play matches.
    Any(Filter),
}

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct IfClause {
    pub condition: Condition,
    /// How many of the following steps the clause covers.
    pub skip: u8,
}

/// The steps that say whether they did their action (`Host::set_did`).
fn says_whether_done(s: &Step) -> bool {
    matches!(s, Step::Stun(_) | Step::Ko(_) | Step::Discard(_))
}

fn steps(n: &Sexp) -> R<u8> {
    match n.as_int() {
        Some(v) if (1..=20).contains(&v) => Ok(v as u8),
        _ => err(
            n.pos(),
            "N is how many of the following steps the clause covers (1 to 20)",
        ),
    }
}

impl Verb<Tcg> for IfClause {
    const WORDS: &'static [&'static str] = &["if-you-do", "if"];

    fn compile(c: &mut Compiler<'_>, word: &str, form: &Sexp) -> R<()> {
        let condition_and_n = match (word, form.args()) {
            ("if-you-do", [n]) => {
                if !c.out.last().is_some_and(says_whether_done) {
                    return err(
                        form.pos(),
                        "`if-you-do` follows a step that says whether it was done: stun, ko or discard (508.2i)",
                    );
                }
                (Condition::YouDid, steps(n)?)
            }
            ("if", [cond, n]) => {
                let condition = match (cond.as_atom(), cond.head()) {
                    (Some("you-have-the-initiative"), _) => Condition::YouHaveTheInitiative,
                    (_, Some("any")) => {
                        let items = cond.args();
                        Condition::Any(parse_filter(items, &mut c.scope)?)
                    }
                    _ => {
                        return err(
                            cond.pos(),
                            "a condition is `you-have-the-initiative` or `(any TEST...)`",
                        )
                    }
                };
                (condition, steps(n)?)
            }
            ("if-you-do", _) => {
                return err(
                    form.pos(),
                    "write `(if-you-do N)`: the next N steps apply if you did",
                )
            }
            _ => {
                return err(
                    form.pos(),
                    "write `(if CONDITION N)`: the next N steps apply if the condition holds",
                )
            }
        };
        let (condition, skip) = condition_and_n;
        c.push(IfClause { condition, skip });
        Ok(())
    }

    fn text(&self) -> String {
        let n = if self.skip == 1 {
            "the next step".to_string()
        } else {
            format!("the next {} steps", self.skip)
        };
        match &self.condition {
            Condition::YouDid => format!("If you do ({n}):"),
            Condition::YouHaveTheInitiative => format!("If you have the initiative ({n}):"),
            Condition::Any(f) => format!("If there is a {} ({n}):", filter(f, false)),
        }
    }

    fn run(&self, g: &mut HostState) -> Option<Seat> {
        let applies = match &self.condition {
            Condition::YouDid => g.did(),
            Condition::YouHaveTheInitiative => g.has_initiative(g.controller()),
            Condition::Any(f) => !g.who(&Who::Each(f.clone())).is_empty(),
        };
        g.set_condition(applies);
        if !applies {
            g.skip_steps(self.skip);
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use crate::action::Action;
    use crate::ids::Row;
    use crate::state::Zone;
    use crate::testkit::Bench;

    /// 508.2i (VS-TCG-068): "discard three cards. If you do, ... Otherwise, ...": with
    /// fewer cards in hand all are discarded, the "if you do" fails and the otherwise
    /// clause applies.
    #[test]
    fn r508_2i_if_you_do_fails_when_the_action_was_not_done_in_full() {
        let effect = "(discard you 3) (if-you-do 1) (gain-endurance you 5) (otherwise 1) (lose-endurance you 2)";
        let (mut b, pt) = Bench::with_effect(effect, "");
        assert_eq!(
            b.effect_text(pt),
            "You discard 3 cards. If you do (the next step): You gain 5 endurance. Otherwise (the next step): You lose 2 endurance."
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
        let effect = "(discard you 1) (if-you-do 1) (gain-endurance you 5) (otherwise 1) (lose-endurance you 2)";
        let (mut b, pt) = Bench::with_effect(effect, "");
        b.in_hand(0, "trn-001");
        b.play(pt, &[]);
        assert_eq!(b.g.endurance(0), 55);
    }

    /// 508.2i (VS-TCG-069): a stun that was replaced was not done, so "if you do" fails.
    #[test]
    fn r508_2i_a_replaced_stun_was_not_done() {
        let extra = "(card x-armor \"Test Armor\" \"\" (character (cost 2) (atk 1) (def 1) (affiliation \"Training Squad\")) (continuous (replace become-stunned this (exhaust this))))";
        let effect = "(target 0 character) (stun (target 0)) (if-you-do 1) (gain-endurance you 5)";
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

    /// 708.13c (VS-TCG-067): a KO whose trip to the KO'd pile is replaced still
    /// satisfies "if you do".
    #[test]
    fn r708_13c_a_replaced_ko_still_satisfies_if_you_do() {
        let extra = "(card x-tn \"Test Neutralizer\" \"\" (character (cost 2) (atk 1) (def 1) (affiliation \"Training Squad\")) (continuous (replace ko-from-play (each character) (remove-from-game that))))";
        let effect = "(target 0 character) (ko (target 0)) (if-you-do 1) (gain-endurance you 5)";
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

    /// 508.2i: a stun done in full satisfies "if you do".
    #[test]
    fn r508_2i_a_stun_done_satisfies_if_you_do() {
        let effect = "(target 0 character) (stun (target 0)) (if-you-do 1) (gain-endurance you 5)";
        let (mut b, pt) = Bench::with_effect(effect, "");
        let c = b.in_play(1, "trn-007", Row::Front, 0);
        b.play(pt, &[c]);
        assert!(b.g.card(c).stunned);
        assert_eq!(b.g.endurance(0), 55);
        assert_eq!(b.g.card(c).zone, Zone::Character(b.g.position(c).unwrap()));
    }

    /// 508.2f (its example): the "if" is checked as the effect resolves, and the
    /// "otherwise" applies when it is false.
    #[test]
    fn r508_2f_an_if_clause_is_checked_on_resolution_and_otherwise_applies_if_not() {
        let effect = "(if you-have-the-initiative 1) (gain-endurance you 4) (otherwise 1) (gain-endurance you 6)";
        let (mut b, pt) = Bench::with_effect(effect, "");
        b.g.initiative = 1;
        b.play(pt, &[]);
        assert_eq!(b.g.endurance(0), 56, "no initiative: the otherwise clause");
        let (mut b, pt) = Bench::with_effect(effect, "");
        b.g.initiative = 0;
        b.play(pt, &[]);
        assert_eq!(b.g.endurance(0), 54, "the initiative: the if clause only");
    }

    /// 508.2f: `(any TEST...)` looks at the characters in play as the effect resolves.
    #[test]
    fn r508_2f_an_any_condition_reads_the_characters_in_play() {
        let effect = "(if (any yours front-row) 1) (gain-endurance you 3)";
        let (mut b, pt) = Bench::with_effect(effect, "");
        b.play(pt, &[]);
        assert_eq!(b.g.endurance(0), 50);
        let (mut b, pt) = Bench::with_effect(effect, "");
        b.in_play(0, "trn-001", Row::Front, 0);
        b.play(pt, &[]);
        assert_eq!(b.g.endurance(0), 53);
    }

    #[test]
    fn if_you_do_must_follow_a_step_that_says_whether_it_was_done() {
        let text = "(card x \"X\" \"\" (plot-twist (threshold 0)) (effect (gain-endurance you 1) (if-you-do 1) (draw you 1)))";
        let mut pool = crate::db::CardPool::built_in();
        let e = pool.add_file("t.cards", text).unwrap_err().to_string();
        assert!(e.contains("508.2i"), "{e}");
        let _ = Action::Pass;
    }
}
