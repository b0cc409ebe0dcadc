//! `stun-survivors-at-end-of-combat`: when this combat is over, the enemy characters that
//! survived it are stunned (Ultimate Soldier; Game Terms, Survives).

use crate::verbs::{Compiler, HostState, Pcg};
use crate::words::{no_args, E};
use crossover_kernel::Seat;
use crossover_sexpr::Sexp;
use crossover_vs_core::Verb;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct StunSurvivorsAtEndOfCombat;

impl Verb<Pcg> for StunSurvivorsAtEndOfCombat {
    const WORDS: &'static [&'static str] = &["stun-survivors-at-end-of-combat"];

    fn compile(c: &mut Compiler<'_>, word: &str, form: &Sexp) -> Result<(), E> {
        no_args(form, word, c.scope, false)?;
        c.push(StunSurvivorsAtEndOfCombat);
        Ok(())
    }

    fn text(&self) -> String {
        "When this combat is over, every enemy character that survived it is stunned.".into()
    }

    fn run(&self, g: &mut HostState) -> Option<Seat> {
        let me = g.controller();
        g.stun_survivors_at_end_of_combat(me);
        None
    }
}

#[cfg(all(test, feature = "testkit"))]
mod tests {
    use crate::action::Action;
    use crate::testkit::verb_bench_timed;
    use crossover_kernel::Game;

    /// Game Terms, Survives: Bo's main character (2/5) survives the 2/2's attack, and is
    /// stunned when the combat is over.
    #[test]
    fn stun_survivors_at_end_of_combat_does_what_the_rulebook_says() {
        let (mut g, pt, mine, theirs) =
            verb_bench_timed("combat", "stun-survivors-at-end-of-combat");
        let text = crate::text::steps(&g.def(pt).effect);
        assert_eq!(
            text,
            "When this combat is over, every enemy character that survived it is stunned."
        );
        let main = g.players()[1].main();
        g.apply(&Action::Attack { attacker: mine }).unwrap();
        g.apply(&Action::Defender { card: main }).unwrap();
        g.apply(&Action::PlayPlotTwist { card: pt }).unwrap();
        while g.combat().is_some() && g.apply(&Action::Pass).is_ok() {}
        assert!(!g.card(main).face_up());
        assert!(g.card(theirs).face_up());
    }
}
