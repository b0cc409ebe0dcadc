//! `(wound WHO AMOUNT)`: put wounds on characters without stunning them (Stunned
//! Characters: "Wound"; KO'd at wounds equal to Health).

use crate::verbs::{Compiler, HostState, Pcg};
use crate::vocab::{Amount, Who};
use crate::wording::{times, who};
use crate::words::{who_and_amount, E};
use crossover_kernel::Seat;
use crossover_sexpr::Sexp;
use crossover_vs_core::Verb;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Wound {
    pub who: Who,
    pub n: Amount,
}

impl Verb<Pcg> for Wound {
    const WORDS: &'static [&'static str] = &["wound"];

    fn compile(c: &mut Compiler<'_>, word: &str, form: &Sexp) -> Result<(), E> {
        let (who, n) = who_and_amount(form, word, c.scope)?;
        c.push(Wound { who, n });
        Ok(())
    }

    fn text(&self) -> String {
        format!("Wound {}{}.", who(&self.who), times(&self.n))
    }

    fn run(&self, g: &mut HostState) -> Option<Seat> {
        let n = g.how_many(&self.n).max(0) as u8;
        let source = g.source();
        for c in g.who(&self.who) {
            g.log_line(&mut |g| format!("{} is wounded.", g.card_name(c)));
            g.wound(c, n, Some(source));
        }
        None
    }
}

#[cfg(all(test, feature = "testkit"))]
mod tests {
    use crate::action::Action;
    use crate::testkit::verb_bench;
    use crossover_kernel::Game;

    /// Stunned Characters, "Wound": wounds without a stun; the main character stays face up.
    #[test]
    fn wound_does_what_the_rulebook_says() {
        let (mut g, pt, mine, theirs) =
            verb_bench("(choose 0 (enemy main character)) (wound (chosen 0) 2)");
        let text = crate::text::steps(&g.def(pt).effect);
        assert!(text.contains("Wound that character"), "{text}");
        let main = g.players()[1].main();
        g.apply(&Action::PlayPlotTwist { card: pt }).unwrap();
        assert_eq!(g.card(main).wounds(), 2);
        assert!(g.card(main).face_up(), "a wound does not stun");
        let _ = (mine, theirs);
    }
}
