//! `(repeat (STEP...) (until COND))`: "STEP... Repeat this process from <the first
//! step> until COND" (508.2k): the steps run, then the condition is looked at; if it
//! doesn't hold, the steps run again, and so on. The steps run at least once, even if
//! the condition held before; the instruction to repeat is not itself repeated. The
//! engine stops a process that has repeated 100 times (703.1: a loop no one can end).
//!
//! It compiles to a mark, the steps, and a step that goes back to the mark while the
//! condition is false.

use crate::verbs::if_clause::{condition_text, parse_condition};
use crate::verbs::{compile_step, Compiler, Condition, HostState, Tcg};
use crate::words::{err, R};
use crossover_kernel::Seat;
use crossover_sexpr::Sexp;
use crossover_vs_core::Verb;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Repeat {
    /// `None`: the mark where the process starts.
    pub until: Option<Condition>,
    /// How many steps back the mark is.
    pub back: u8,
    /// The first step's text, for "repeat this process from …".
    pub from: String,
}

impl Verb<Tcg> for Repeat {
    const WORDS: &'static [&'static str] = &["repeat"];

    fn compile(c: &mut Compiler<'_>, _word: &str, form: &Sexp) -> R<()> {
        let usage = "write `(repeat (STEP...) (until COND))`";
        let [body, until] = form.args() else {
            return err(form.pos(), usage);
        };
        let Some(steps) = body.as_list().filter(|l| !l.is_empty()) else {
            return err(body.pos(), usage);
        };
        let ([cond], Some("until")) = (until.args(), until.head()) else {
            return err(until.pos(), usage);
        };
        let mark = c.out.len();
        c.push(Repeat {
            until: None,
            back: 0,
            from: String::new(),
        });
        for s in steps {
            compile_step(c, s)?;
        }
        let condition = parse_condition(cond, c)?;
        let back = u8::try_from(c.out.len() - mark)
            .ok()
            .filter(|&n| n <= 40)
            .map_or_else(
                || err(body.pos(), "a repeated process has at most 40 steps"),
                Ok,
            )?;
        let mut from = c.out[mark + 1].text();
        from = from.trim_end_matches(['.', ':']).to_string();
        if let Some(f) = from.get_mut(..1) {
            f.make_ascii_lowercase();
        }
        c.push(Repeat {
            until: Some(condition),
            back,
            from,
        });
        Ok(())
    }

    fn text(&self) -> String {
        match &self.until {
            None => String::new(),
            Some(cond) => format!(
                "Repeat this process from \"{}\" until {}.",
                self.from,
                condition_text(cond)
            ),
        }
    }

    fn run(&self, g: &mut HostState) -> Option<Seat> {
        if let Some(cond) = &self.until {
            if !g.holds(cond) && !g.repeat_back(self.back) {
                g.log_line(&mut |_| {
                    "The process has repeated 100 times: the engine stops it (703.1).".into()
                });
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use crate::testkit::Bench;

    /// 508.2k: the process is done at least once, even if the condition held before; then
    /// again until it holds.
    #[test]
    fn r508_2k_repeat_the_process_until_the_condition_holds() {
        let effect =
            "(repeat ((draw you 1) (lose-endurance you 1)) (until (at-least (cards-in (hand)) 3)))";
        let (mut b, pt) = Bench::with_effect(effect, "");
        assert_eq!(
            b.effect_text(pt),
            "You draw 1 card. You lose 1 endurance. Repeat this process from \"you draw 1 card\" until the number of cards in your hand is 3 or more."
        );
        b.play(pt, &[]);
        assert_eq!(b.g.player(0).hand_len(), 3, "drawn until 3 in hand");
        assert_eq!(b.g.endurance(0), 47, "three times");
        // With 5 cards in hand already, the process is still done once.
        let (mut b, pt) = Bench::with_effect(effect, "");
        for _ in 0..5 {
            b.in_hand(0, "trn-001");
        }
        b.play(pt, &[]);
        assert_eq!(b.g.player(0).hand_len(), 6);
        assert_eq!(b.g.endurance(0), 49, "once");
    }

    /// A process whose condition never holds is stopped by the engine (703.1).
    #[test]
    fn a_process_that_never_ends_is_stopped() {
        let effect = "(repeat ((gain-endurance you 1)) (until (at-least (cards-in (hand)) 99)))";
        let (mut b, pt) = Bench::with_effect(effect, "");
        b.play(pt, &[]);
        assert_eq!(b.g.endurance(0), 151, "once and 100 times again");
        assert!(b.g.chain().is_empty());
    }
}
