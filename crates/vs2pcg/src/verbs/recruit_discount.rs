//! `recruit-discount`: the next character its controller recruits this turn costs 1 less
//! (Recruit Step p.9).

use crate::verbs::{Compiler, HostState, Pcg};
use crate::words::{no_args, E};
use crossover_kernel::Seat;
use crossover_sexpr::Sexp;
use crossover_vs_core::Verb;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct RecruitDiscount;

impl Verb<Pcg> for RecruitDiscount {
    const WORDS: &'static [&'static str] = &["recruit-discount"];

    fn compile(c: &mut Compiler<'_>, word: &str, form: &Sexp) -> Result<(), E> {
        no_args(form, word, c.scope, false)?;
        c.push(RecruitDiscount);
        Ok(())
    }

    fn text(&self) -> String {
        "The next character you recruit this turn costs 1 less.".into()
    }

    fn run(&self, g: &mut HostState) -> Option<Seat> {
        let me = g.controller();
        g.discount_next_recruit(me);
        None
    }
}

#[cfg(all(test, feature = "testkit"))]
mod tests {
    use crate::action::Action;
    use crate::testkit::verb_bench;
    use crossover_kernel::Game;

    /// Recruit Step p.9: Ada's next recruit this turn costs 1 less.
    #[test]
    fn recruit_discount_does_what_the_rulebook_says() {
        let (mut g, pt, mine, theirs) = verb_bench("recruit-discount");
        let text = crate::text::steps(&g.def(pt).effect);
        assert_eq!(
            text,
            "The next character you recruit this turn costs 1 less."
        );
        let before = g.players()[0].recruit_discount();
        g.apply(&Action::PlayPlotTwist { card: pt }).unwrap();
        assert_eq!(g.players()[0].recruit_discount(), before + 1);
        assert_eq!(g.players()[1].recruit_discount(), 0);
        let _ = (mine, theirs);
    }
}
