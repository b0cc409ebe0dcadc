//! `(heal WHO AMOUNT)`: take wounds off characters (Game Terms: Wounds).

use crate::verbs::{Compiler, HostState, Pcg};
use crate::vocab::{Amount, Who};
use crate::wording::{count_of, who};
use crate::words::{who_and_amount, E};
use crossover_kernel::Seat;
use crossover_sexpr::Sexp;
use crossover_vs_core::Verb;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Heal {
    pub who: Who,
    pub n: Amount,
}

impl Verb<Pcg> for Heal {
    const WORDS: &'static [&'static str] = &["heal"];

    fn compile(c: &mut Compiler<'_>, word: &str, form: &Sexp) -> Result<(), E> {
        let (who, n) = who_and_amount(form, word, c.scope)?;
        c.push(Heal { who, n });
        Ok(())
    }

    fn text(&self) -> String {
        format!(
            "Heal {} from {}.",
            count_of(&self.n, "wound"),
            who(&self.who)
        )
    }

    fn run(&self, g: &mut HostState) -> Option<Seat> {
        let n = g.how_many(&self.n).max(0) as u8;
        for c in g.who(&self.who) {
            g.heal(c, n);
        }
        None
    }
}

#[cfg(all(test, feature = "testkit"))]
mod tests {
    use crate::action::Action;
    use crate::testkit::verb_bench;
    use crossover_kernel::Game;

    /// Game Terms, Wounds: healing takes wound counters off, never below none.
    #[test]
    fn heal_does_what_the_rulebook_says() {
        let (mut g, pt, mine, theirs) = verb_bench(
            "(choose 0 (yours main character)) (wound (chosen 0) 2) (heal (chosen 0) 1)",
        );
        let text = crate::text::steps(&g.def(pt).effect);
        assert!(
            text.ends_with("Heal a wound from that character."),
            "{text}"
        );
        let main = g.players()[0].main();
        g.apply(&Action::PlayPlotTwist { card: pt }).unwrap();
        assert_eq!(g.card(main).wounds(), 1);
        let _ = (mine, theirs);
    }
}
