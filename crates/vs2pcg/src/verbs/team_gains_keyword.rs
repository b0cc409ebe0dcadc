//! `(team-gains-keyword KEYWORD)`: every character on its controller's side has a keyword
//! this turn (Keyword Powers p.18).

use crate::verbs::{Compiler, HostState, Pcg};
use crate::vocab::Keyword;
use crate::words::{keyword, written, E};
use crossover_kernel::Seat;
use crossover_sexpr::Sexp;
use crossover_vs_core::Verb;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct TeamGainsKeyword {
    pub keyword: Keyword,
}

impl Verb<Pcg> for TeamGainsKeyword {
    const WORDS: &'static [&'static str] = &["team-gains-keyword"];

    fn compile(c: &mut Compiler<'_>, word: &str, form: &Sexp) -> Result<(), E> {
        let a = written(form, word, 1, "(team-gains-keyword KEYWORD)")?;
        c.push(TeamGainsKeyword {
            keyword: keyword(&a[0])?,
        });
        Ok(())
    }

    fn text(&self) -> String {
        format!(
            "Characters on your side have {} this turn.",
            self.keyword.name()
        )
    }

    fn run(&self, g: &mut HostState) -> Option<Seat> {
        let me = g.controller();
        g.team_gains_keyword(me, self.keyword);
        None
    }
}

#[cfg(all(test, feature = "testkit"))]
mod tests {
    use crate::action::Action;
    use crate::testkit::verb_bench;
    use crate::vocab::Keyword;
    use crossover_kernel::Game;

    /// Keyword Powers p.18: Ada's characters have Flight this turn, Bo's don't.
    #[test]
    fn team_gains_keyword_does_what_the_rulebook_says() {
        let (mut g, pt, mine, theirs) = verb_bench("(team-gains-keyword flight)");
        let text = crate::text::steps(&g.def(pt).effect);
        assert_eq!(text, "Characters on your side have Flight this turn.");
        g.apply(&Action::PlayPlotTwist { card: pt }).unwrap();
        assert!(g.has_keyword(mine, Keyword::Flight));
        assert!(!g.has_keyword(theirs, Keyword::Flight));
    }
}
