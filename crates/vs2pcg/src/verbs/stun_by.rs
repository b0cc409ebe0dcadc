//! The step `(stun WHO (by WHO))` compiles to (it has no word of its own): stun
//! characters with another character as the source of the stun. It counts as that
//! character stunning them ("when this character stuns", look-back, "stunned an enemy
//! this turn"), as when it directly stuns (p.17).

use crate::verbs::{Compiler, HostState, Pcg};
use crate::vocab::Who;
use crate::wording::{capitalise, who};
use crate::words::{stun_by, E};
use crossover_kernel::Seat;
use crossover_sexpr::Sexp;
use crossover_vs_core::Verb;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct StunBy {
    pub who: Who,
    pub by: Who,
}

impl Verb<Pcg> for StunBy {
    const WORDS: &'static [&'static str] = &[];

    fn compile(c: &mut Compiler<'_>, _word: &str, form: &Sexp) -> Result<(), E> {
        let (who, by) = stun_by(form, c.scope)?;
        c.push(StunBy { who, by });
        Ok(())
    }

    fn text(&self) -> String {
        let by = match &self.by {
            Who::Chosen(_) => "the chosen character of yours".to_string(),
            other => who(other),
        };
        format!(
            "{} stuns {} (it counts as {} stunning it).",
            capitalise(&by),
            who(&self.who),
            by
        )
    }

    fn run(&self, g: &mut HostState) -> Option<Seat> {
        // If the named character is gone, the stun still happens, with no character as
        // its source.
        let source = g.who(&self.by).first().copied();
        for c in g.who(&self.who) {
            g.stun(c, source, true);
        }
        None
    }
}

#[cfg(all(test, feature = "testkit"))]
mod tests {
    use crate::action::Action;
    use crate::ids::Zone;
    use crate::testkit::verb_bench;
    use crossover_kernel::Game;

    /// Stunned Characters p.17: the enemy is stunned (and KO'd at its 1 health), and it
    /// counts as Ada's character stunning it.
    #[test]
    fn stun_by_does_what_the_rulebook_says() {
        let (mut g, pt, mine, theirs) = verb_bench(
            "(choose 0 (yours supporting character)) (choose 1 (enemy supporting character)) \
             (stun (chosen 1) (by (chosen 0)))",
        );
        let text = crate::text::steps(&g.def(pt).effect);
        assert!(
            text.ends_with("The chosen character of yours stuns that character (it counts as the chosen character of yours stunning it)."),
            "{text}"
        );
        g.apply(&Action::PlayPlotTwist { card: pt }).unwrap();
        assert_eq!(g.card(theirs).zone(), Zone::KoPile);
        assert!(g.players()[0].stunned_by_this_turn().contains(&mine));
    }
}
