//! `(remove-plus-counters WHO)`: take every +1/+1 counter off characters (+1/+1 Counters
//! p.21); how many came off is kept for `that-many`. `(remove-plus-counters WHO N)`: at
//! most N from each (Bullseye's Improvised Weapon: "remove a +1/+1 counter ... if you do").

use crate::verbs::{Compiler, HostState, Pcg};
use crate::vocab::Who;
use crate::wording::who;
use crate::words::{err, int_in, parse_who, E};
use crossover_kernel::Seat;
use crossover_sexpr::Sexp;
use crossover_vs_core::Verb;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct RemovePlusCounters {
    pub who: Who,
    /// At most this many from each character (0: every counter).
    #[serde(default)]
    pub most: crossover_kernel::Added<u8>,
}

impl Verb<Pcg> for RemovePlusCounters {
    const WORDS: &'static [&'static str] = &["remove-plus-counters"];

    fn compile(c: &mut Compiler<'_>, word: &str, form: &Sexp) -> Result<(), E> {
        let (who, most) = match form.args() {
            [w] => (parse_who(w, c.scope)?, 0),
            [w, n] => (
                parse_who(w, c.scope)?,
                int_in(n, "the most counters to remove", 1, 9)? as u8,
            ),
            _ => {
                return err(
                    form.pos(),
                    format!("`{word}` is written ({word} WHO) or ({word} WHO N)"),
                )
            }
        };
        c.scope.last_count = true;
        c.push(RemovePlusCounters {
            who,
            most: crossover_kernel::Added(most),
        });
        Ok(())
    }

    fn text(&self) -> String {
        match *self.most {
            0 => format!("Remove each +1/+1 counter from {}.", who(&self.who)),
            1 => format!("Remove a +1/+1 counter from {}.", who(&self.who)),
            n => format!("Remove up to {n} +1/+1 counters from {}.", who(&self.who)),
        }
    }

    fn run(&self, g: &mut HostState) -> Option<Seat> {
        let mut total = 0;
        for c in g.who(&self.who) {
            total += match *self.most {
                0 => g.remove_plus_counters(c),
                most => g.remove_some_plus_counters(c, most),
            } as i32;
        }
        g.keep_count(total);
        None
    }
}

#[cfg(all(test, feature = "testkit"))]
mod tests {
    use crate::action::Action;
    use crate::testkit::verb_bench;
    use crossover_kernel::Game;

    /// +1/+1 Counters p.21: the counters come off, and `last-count` counts them.
    #[test]
    fn remove_plus_counters_does_what_the_rulebook_says() {
        let (mut g, pt, mine, theirs) = verb_bench(
            "(choose 0 (yours supporting character)) (plus-counters (chosen 0) 2) \
             (remove-plus-counters (chosen 0)) (choose 1 (enemy supporting character)) \
             (plus-counters (chosen 1) last-count)",
        );
        let text = crate::text::steps(&g.def(pt).effect);
        assert!(
            text.contains("Remove each +1/+1 counter from that character."),
            "{text}"
        );
        g.apply(&Action::PlayPlotTwist { card: pt }).unwrap();
        assert_eq!(g.card(mine).plus(), 0);
        assert_eq!(g.card(theirs).plus(), 2);
    }
}
