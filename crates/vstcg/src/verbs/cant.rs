//! `(cant WHO WHAT [this-attack|this-turn])`: a "can't" modifier (103.2): it beats any
//! "can", whatever the timestamps. WHAT is be-stunned, attack, be-attacked, ready,
//! cause-breakthrough, become-powered-up, have-reinforcement or reinforce-others.

use crate::verbs::{Compiler, HostState, Tcg};
use crate::vocab::{Cant, Duration, Who};
use crate::wording::who;
use crate::words::{err, parse_cant, parse_duration, parse_who, R};
use crossover_kernel::Seat;
use crossover_sexpr::Sexp;
use crossover_vs_core::Verb;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct CantDo {
    pub who: Who,
    pub what: Cant,
    pub duration: Duration,
}

impl Verb<Tcg> for CantDo {
    const WORDS: &'static [&'static str] = &["cant"];

    fn compile(c: &mut Compiler<'_>, _word: &str, form: &Sexp) -> R<()> {
        let (w, what, d) = match form.args() {
            [w, what] => (w, what, None),
            [w, what, d] => (w, what, Some(d)),
            _ => {
                return err(
                    form.pos(),
                    "write `(cant WHO WHAT [this-attack|this-turn])`",
                )
            }
        };
        let who = parse_who(w, &mut c.scope)?;
        let what = parse_cant(what)?;
        let duration = parse_duration(d, &mut c.scope)?;
        c.push(CantDo {
            who,
            what,
            duration,
        });
        Ok(())
    }

    fn text(&self) -> String {
        let mut s = format!(
            "{} {}{}.",
            who(&self.who),
            self.what.text(),
            self.duration.words()
        );
        s[..1].make_ascii_uppercase();
        s
    }

    fn run(&self, g: &mut HostState) -> Option<Seat> {
        g.forbid(&self.who, self.what, self.duration);
        None
    }
}

#[cfg(test)]
mod tests {
    use crate::action::Action;
    use crate::ids::*;
    use crate::state::{Defender, Part, StepKind};
    use crate::testkit::Bench;

    /// 103.2 (VS-TCG-004): a "can't have reinforcement" modifier beats a later grant.
    #[test]
    fn r103_2_cant_beats_can_whatever_the_timestamps() {
        let (mut b, pt) = Bench::with_effect(
            "(target 0 character) (cant (target 0) have-reinforcement this-turn) (has (target 0) reinforcement this-turn)",
            "",
        );
        assert_eq!(
            b.effect_text(pt),
            "Target 0 is a character. Target 0 can't have reinforcement this turn. Target 0 has reinforcement this turn."
        );
        let c = b.in_play(0, "trn-007", Row::Front, 0);
        b.play(pt, &[c]);
        assert!(!b.g.has_reinforcement(c));
    }

    /// 103.1 (VS-TCG-002): card text that says a character can't be stunned while
    /// attacking overrides the combat rules.
    #[test]
    fn r103_1_text_overrides_the_rules_when_it_says_so() {
        let cards = "(card x-nc \"Nightcrawler\" \"Kurt Wagner\" (character (cost 3) (atk 5) (def 3)) (continuous (cant (each itself attacker) be-stunned)))
(card x-nc2 \"Nightcrawler\" \"Other\" (character (cost 3) (atk 5) (def 3)))";
        let mut b = Bench::new(cards);
        let mine = b.in_play(0, "x-nc", Row::Front, 0);
        let theirs = b.in_play(1, "x-nc2", Row::Front, 0);
        b.g.part = Part::Step(StepKind::Attack, 0);
        b.act(Action::Propose {
            attacker: mine,
            defender: Defender::Character(theirs),
        });
        for _ in 0..4 {
            b.act(Action::Pass);
        }
        assert!(b.g.card(theirs).stunned);
        assert!(!b.g.card(mine).stunned);
    }

    /// 601.2c / 601.3c: a character that can't attack isn't a legal attacker.
    #[test]
    fn r601_2c_r601_3c_cant_attack_and_cant_be_attacked() {
        let (mut b, pt) = Bench::with_effect(
            "(cant (each opposing) be-attacked this-turn) (cant (each yours) attack this-turn)",
            "",
        );
        let a = b.in_play(0, "trn-007", Row::Front, 0);
        let d = b.in_play(1, "trn-006", Row::Front, 0);
        b.play(pt, &[]);
        b.g.part = Part::Step(StepKind::Attack, 0);
        assert!(!b.g.can_attack(0, a));
        assert!(!b.g.can_attack_character(0, a, d));
        assert!(!b
            .g
            .legal()
            .iter()
            .any(|x| matches!(x, Action::Propose { .. })));
    }

    /// 708.5e: "can't become powered-up": the power-up modifier isn't created.
    #[test]
    fn r708_5e_no_power_up_modifier_is_created() {
        let mut b = Bench::new("(card x-k \"Kang\" \"\" (character (cost 5) (atk 5) (def 5)) (continuous (cant (each opposing) become-powered-up)))");
        b.in_play(1, "x-k", Row::Support, 0);
        let a = b.in_play(0, "trn-007", Row::Front, 0);
        let d = b.in_play(1, "trn-006", Row::Front, 1);
        let twin = b.in_hand(0, "trn-007");
        b.g.part = Part::Step(StepKind::Attack, 0);
        b.act(Action::Propose {
            attacker: a,
            defender: Defender::Character(d),
        });
        b.act(Action::Pass);
        b.act(Action::Pass);
        b.act(Action::PowerUp {
            target: a,
            discard: twin,
        });
        b.resolve_all();
        assert_eq!(b.g.atk(a), 6);
    }
}
