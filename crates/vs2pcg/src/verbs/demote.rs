//! `(demote WHO)`: a main character becomes a supporting character (Changing Main/Supporting Character Status p.23).

use crate::verbs::{Compiler, HostState, Pcg};
use crate::vocab::Who;
use crate::wording::{capitalise, who};
use crate::words::{one_who, E};
use crossover_kernel::Seat;
use crossover_sexpr::Sexp;
use crossover_vs_core::Verb;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Demote {
    pub who: Who,
}

impl Verb<Pcg> for Demote {
    const WORDS: &'static [&'static str] = &["demote"];

    fn compile(c: &mut Compiler<'_>, word: &str, form: &Sexp) -> Result<(), E> {
        let who = one_who(form, word, c.scope)?;
        c.push(Demote { who });
        Ok(())
    }

    fn text(&self) -> String {
        format!(
            "{} becomes a supporting character.",
            capitalise(&who(&self.who))
        )
    }

    fn run(&self, g: &mut HostState) -> Option<Seat> {
        for c in g.who(&self.who) {
            g.set_main_character(c, false);
            g.log_line(&mut |g| {
                format!("{} is demoted to a supporting character.", g.card_name(c))
            });
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
    fn demote_does_what_the_rulebook_says() {
        let (mut g, pt, mine, theirs) =
            verb_bench("(choose 0 (enemy main character)) (demote (chosen 0))");
        let text = crate::text::steps(&g.def(pt).effect);
        assert!(
            text.ends_with("That character becomes a supporting character."),
            "{text}"
        );
        let target = g.players()[1].main();
        assert!(g.card(target).main());
        g.apply(&Action::PlayPlotTwist { card: pt }).unwrap();
        assert!(!g.card(target).main());
        let _ = (mine, theirs);
    }
}
