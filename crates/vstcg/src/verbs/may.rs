//! `(may "question" N)`: the controller may do the next N steps, or skip them (511.6:
//! choosing to do it is allowed even if it can't be done in full).

use crate::action::Action;
use crate::verbs::{Compiler, HostState, Tcg};
use crate::words::{err, R};
use crossover_kernel::Seat;
use crossover_sexpr::Sexp;
use crossover_vs_core::Verb;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct May {
    pub question: String,
    pub skip: u8,
}

impl Verb<Tcg> for May {
    const WORDS: &'static [&'static str] = &["may"];

    fn compile(c: &mut Compiler<'_>, _word: &str, form: &Sexp) -> R<()> {
        let [q, n] = form.args() else {
            return err(
                form.pos(),
                "write `(may \"question\" N)`: the controller may do the next N steps",
            );
        };
        let Some(question) = q.as_str() else {
            return err(q.pos(), "the question is a quoted string");
        };
        let skip = match n.as_int() {
            Some(v) if (1..=20).contains(&v) => v as u8,
            _ => return err(n.pos(), "N is how many steps the choice covers (1 to 20)"),
        };
        c.push(May {
            question: question.to_string(),
            skip,
        });
        Ok(())
    }

    fn text(&self) -> String {
        let n = if self.skip == 1 {
            "this".to_string()
        } else {
            format!("the next {}", self.skip)
        };
        format!("You may ({}; {n}):", self.question)
    }

    fn run(&self, g: &mut HostState) -> Option<Seat> {
        Some(g.controller() as Seat)
    }

    fn options(&self, _g: &HostState) -> Vec<Action> {
        vec![Action::Yes, Action::No]
    }

    fn answer(&self, g: &mut HostState, a: &Action) -> bool {
        match a {
            Action::Yes => g.next_step(),
            Action::No => {
                g.skip_steps(self.skip);
                g.next_step();
            }
            _ => return false,
        }
        true
    }

    fn prompt(&self, _g: &HostState) -> Option<String> {
        Some(format!("you may {}", self.question))
    }
}

#[cfg(test)]
mod tests {
    use crate::action::Action;
    use crate::testkit::Bench;

    /// 511.6: "may" asks the player; declining skips what it covers.
    #[test]
    fn r511_6_may_asks_and_no_skips_the_steps() {
        let (mut b, pt) = Bench::with_effect(
            "(may \"draw a card\" 1) (draw you 1) (gain-endurance you 1)",
            "",
        );
        assert_eq!(
            b.effect_text(pt),
            "You may (draw a card; this): You draw 1 card. You gain 1 endurance."
        );
        let hand = b.g.player(0).hand_len();
        b.act(Action::PlayPlotTwist(pt));
        b.act(Action::Pass);
        b.act(Action::Pass);
        assert_eq!(b.g.legal(), vec![Action::Yes, Action::No]);
        b.act(Action::No);
        assert_eq!(b.g.player(0).hand_len(), hand - 1);
        assert_eq!(b.g.endurance(0), 51);
    }
}
