//! `(strike-multiplier WHO FACTOR)`: characters strike with their ATK multiplied this
//! combat (Strikes, Combat Resolution p.10).

use crate::verbs::{Compiler, HostState, Pcg};
use crate::vocab::Who;
use crate::wording::{capitalise, who};
use crate::words::{int_in, parse_who, written, E};
use crossover_kernel::Seat;
use crossover_sexpr::Sexp;
use crossover_vs_core::Verb;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct StrikeMultiplier {
    pub who: Who,
    pub factor: u8,
}

impl Verb<Pcg> for StrikeMultiplier {
    const WORDS: &'static [&'static str] = &["strike-multiplier"];

    fn compile(c: &mut Compiler<'_>, word: &str, form: &Sexp) -> Result<(), E> {
        let a = written(form, word, 2, "(strike-multiplier WHO FACTOR)")?;
        c.push(StrikeMultiplier {
            who: parse_who(&a[0], c.scope)?,
            factor: int_in(&a[1], "the factor", 2, 9)? as u8,
        });
        Ok(())
    }

    fn text(&self) -> String {
        format!(
            "{} strikes with {} times its ATK this combat.",
            capitalise(&who(&self.who)),
            self.factor
        )
    }

    fn run(&self, g: &mut HostState) -> Option<Seat> {
        for c in g.who(&self.who) {
            g.multiply_strike(c, self.factor);
        }
        None
    }
}

#[cfg(all(test, feature = "testkit"))]
mod tests {
    use crate::action::Action;
    use crate::state::ModKind;
    use crate::testkit::verb_bench;
    use crossover_kernel::Game;

    /// Combat Resolution p.10: the character strikes with its ATK times the factor, for
    /// this combat only.
    #[test]
    fn strike_multiplier_does_what_the_rulebook_says() {
        let (mut g, pt, mine, theirs) =
            verb_bench("(choose 0 (yours supporting character)) (strike-multiplier (chosen 0) 3)");
        let text = crate::text::steps(&g.def(pt).effect);
        assert!(
            text.ends_with("That character strikes with 3 times its ATK this combat."),
            "{text}"
        );
        g.apply(&Action::PlayPlotTwist { card: pt }).unwrap();
        let on = |c| {
            g.modifiers_on(c)
                .any(|m| m.kind == ModKind::StrikeMultiplier(3))
        };
        assert!(on(mine));
        assert!(!on(theirs));
    }
}
