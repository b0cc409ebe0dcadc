//! `(promote WHO)`: a supporting character becomes a main character (Changing Main/Supporting Character Status p.23).

use crate::verbs::{Compiler, HostState, Pcg};
use crate::vocab::Who;
use crate::wording::{capitalise, who};
use crate::words::{one_who, E};
use crossover_kernel::Seat;
use crossover_sexpr::Sexp;
use crossover_vs_core::Verb;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Promote {
    pub who: Who,
}

impl Verb<Pcg> for Promote {
    const WORDS: &'static [&'static str] = &["promote"];

    fn compile(c: &mut Compiler<'_>, word: &str, form: &Sexp) -> Result<(), E> {
        let who = one_who(form, word, c.scope)?;
        c.push(Promote { who });
        Ok(())
    }

    fn text(&self) -> String {
        format!("{} becomes a main character.", capitalise(&who(&self.who)))
    }

    fn run(&self, g: &mut HostState) -> Option<Seat> {
        for c in g.who(&self.who) {
            g.set_main_character(c, true);
            g.log_line(&mut |g| format!("{} is promoted to a main character.", g.card_name(c)));
        }
        None
    }
}

#[cfg(all(test, feature = "testkit"))]
mod tests {
    use crate::action::Action;
    use crate::testkit::verb_bench;
    use crossover_kernel::Game;

    /// Changing Main/Supporting Character Status p.23.
    #[test]
    fn promote_does_what_the_rulebook_says() {
        let (mut g, pt, mine, theirs) =
            verb_bench("(choose 0 (yours supporting character)) (promote (chosen 0))");
        let text = crate::text::steps(&g.def(pt).effect);
        assert!(
            text.ends_with("That character becomes a main character."),
            "{text}"
        );
        let target = mine;
        assert!(!g.card(target).main());
        g.apply(&Action::PlayPlotTwist { card: pt }).unwrap();
        assert!(g.card(target).main());
        let _ = (mine, theirs);
    }
}
