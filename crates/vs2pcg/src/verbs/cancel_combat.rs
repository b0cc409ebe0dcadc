//! `cancel-combat`: cancel the combat (Cancelling an Attack: nothing in it strikes, and
//! the attackers stay exhausted).

use crate::verbs::{Compiler, HostState, Pcg};
use crate::words::{no_args, E};
use crossover_kernel::Seat;
use crossover_sexpr::Sexp;
use crossover_vs_core::Verb;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct CancelCombat;

impl Verb<Pcg> for CancelCombat {
    const WORDS: &'static [&'static str] = &["cancel-combat"];

    fn compile(c: &mut Compiler<'_>, word: &str, form: &Sexp) -> Result<(), E> {
        no_args(form, word, c.scope, false)?;
        c.push(CancelCombat);
        Ok(())
    }

    fn text(&self) -> String {
        "Cancel the combat.".into()
    }

    fn run(&self, g: &mut HostState) -> Option<Seat> {
        g.cancel_combat();
        None
    }
}

#[cfg(all(test, feature = "testkit"))]
mod tests {
    use crate::action::Action;
    use crate::ids::Zone;
    use crate::testkit::verb_bench_timed;
    use crossover_kernel::Game;

    /// Combat p.10, cancelling: the 2/2s would stun each other; cancelled, neither strikes.
    #[test]
    fn cancel_combat_does_what_the_rulebook_says() {
        let (mut g, pt, mine, theirs) = verb_bench_timed("combat", "cancel-combat");
        let text = crate::text::steps(&g.def(pt).effect);
        assert_eq!(text, "Cancel the combat.");
        g.apply(&Action::Attack { attacker: mine }).unwrap();
        g.apply(&Action::Defender { card: theirs }).unwrap();
        g.apply(&Action::PlayPlotTwist { card: pt }).unwrap();
        while g.combat().is_some() && g.apply(&Action::Pass).is_ok() {}
        assert_eq!(g.card(theirs).zone(), Zone::Front);
        assert!(g.card(theirs).face_up() && g.card(mine).face_up());
        assert!(g.card(mine).exhausted());
    }
}
