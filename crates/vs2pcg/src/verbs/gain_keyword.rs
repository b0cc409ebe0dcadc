//! `(gain-keyword WHO KEYWORD DURATION)`: characters gain a keyword power for a while
//! (Keyword Powers p.18; Continuous Effects and Modifiers p.21).

use crate::verbs::{Compiler, HostState, Pcg};
use crate::vocab::{Duration, Keyword, Who};
use crate::wording::{capitalise, duration, who};
use crate::words::{duration as duration_word, keyword, parse_who, written, E};
use crossover_kernel::Seat;
use crossover_sexpr::Sexp;
use crossover_vs_core::Verb;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct GainKeyword {
    pub who: Who,
    pub keyword: Keyword,
    pub duration: Duration,
}

impl Verb<Pcg> for GainKeyword {
    const WORDS: &'static [&'static str] = &["gain-keyword"];

    fn compile(c: &mut Compiler<'_>, word: &str, form: &Sexp) -> Result<(), E> {
        let a = written(form, word, 3, "(gain-keyword WHO KEYWORD DURATION)")?;
        c.push(GainKeyword {
            who: parse_who(&a[0], c.scope)?,
            keyword: keyword(&a[1])?,
            duration: duration_word(&a[2])?,
        });
        Ok(())
    }

    fn text(&self) -> String {
        format!(
            "{} gains {}{}.",
            capitalise(&who(&self.who)),
            self.keyword.name(),
            duration(self.duration)
        )
    }

    fn run(&self, g: &mut HostState) -> Option<Seat> {
        let k = self.keyword;
        for c in g.who(&self.who) {
            g.gain_keyword(c, k, self.duration);
            g.log_line(&mut |g| format!("{} gains {}.", g.card_name(c), k.name()));
        }
        None
    }
}

#[cfg(all(test, feature = "testkit"))]
mod tests {
    use crate::action::Action;
    use crate::testkit::verb_bench;
    use crate::vocab::Keyword;
    use crossover_kernel::Game;

    /// Keyword Powers p.18: the chosen character has Flight this turn, the other doesn't.
    #[test]
    fn gain_keyword_does_what_the_rulebook_says() {
        let (mut g, pt, mine, theirs) = verb_bench(
            "(choose 0 (yours supporting character)) (gain-keyword (chosen 0) flight this-turn)",
        );
        let text = crate::text::steps(&g.def(pt).effect);
        assert!(
            text.ends_with("That character gains Flight this turn."),
            "{text}"
        );
        g.apply(&Action::PlayPlotTwist { card: pt }).unwrap();
        assert!(g.has_keyword(mine, Keyword::Flight));
        assert!(!g.has_keyword(theirs, Keyword::Flight));
    }
}
