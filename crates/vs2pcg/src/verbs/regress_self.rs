//! `regress-self`: the power's own main character becomes level 1 (Regressing/Progressing
//! Main Characters p.22); its XP is set aside.

use crate::verbs::{Compiler, HostState, Pcg};
use crate::words::{no_args, E};
use crossover_kernel::Seat;
use crossover_sexpr::Sexp;
use crossover_vs_core::Verb;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct RegressSelf;

impl Verb<Pcg> for RegressSelf {
    const WORDS: &'static [&'static str] = &["regress-self"];

    fn compile(c: &mut Compiler<'_>, word: &str, form: &Sexp) -> Result<(), E> {
        no_args(form, word, c.scope, true)?;
        c.push(RegressSelf);
        Ok(())
    }

    fn text(&self) -> String {
        "This character becomes level 1.".into()
    }

    fn run(&self, g: &mut HostState) -> Option<Seat> {
        let me = g.source();
        g.regress_to_level_1(me);
        None
    }
}

#[cfg(all(test, feature = "testkit"))]
mod tests {
    use crate::testkit::main_power_bench;
    use crossover_kernel::Game;

    /// Regressing/Progressing Main Characters p.22: the level 2 main character is level 1
    /// again, without XP.
    #[test]
    fn regress_self_does_what_the_rulebook_says() {
        let (mut g, main, use_it, theirs) = main_power_bench("regress-self");
        let text = crate::text::card_text(g.def(main));
        assert!(text.contains("This character becomes level 1."), "{text}");
        g.progress_to(main, 2);
        assert_eq!(g.def(main).level(), 2);
        g.apply(&use_it).unwrap();
        assert_eq!(g.def(main).level(), 1);
        assert_eq!(g.card(main).xp(), 0);
        let _ = theirs;
    }
}
