//! `no-more-attacks-this-turn`: no player can declare another attack this turn (Main
//! Phase: attacks are declared there; The Golden Rules: "can't" beats "can").

use crate::verbs::{Compiler, HostState, Pcg};
use crate::words::{no_args, E};
use crossover_kernel::Seat;
use crossover_sexpr::Sexp;
use crossover_vs_core::Verb;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct NoMoreAttacksThisTurn;

impl Verb<Pcg> for NoMoreAttacksThisTurn {
    const WORDS: &'static [&'static str] = &["no-more-attacks-this-turn"];

    fn compile(c: &mut Compiler<'_>, word: &str, form: &Sexp) -> Result<(), E> {
        no_args(form, word, c.scope, false)?;
        c.push(NoMoreAttacksThisTurn);
        Ok(())
    }

    fn text(&self) -> String {
        "No player can declare another attack this turn.".into()
    }

    fn run(&self, g: &mut HostState) -> Option<Seat> {
        g.forbid_attacks_this_turn();
        None
    }
}

#[cfg(all(test, feature = "testkit"))]
mod tests {
    use crate::action::Action;
    use crate::testkit::verb_bench;
    use crossover_kernel::Game;

    /// Main Phase: after the effect, a ready character of the turn player can't attack.
    #[test]
    fn no_more_attacks_this_turn_does_what_the_rulebook_says() {
        let (mut g, pt, mine, _theirs) = verb_bench("no-more-attacks-this-turn");
        let text = crate::text::steps(&g.def(pt).effect);
        assert_eq!(text, "No player can declare another attack this turn.");
        assert!(g.can_attack(mine));
        g.apply(&Action::PlayPlotTwist { card: pt }).unwrap();
        assert!(!g.can_attack(mine));
        assert!(g.apply(&Action::Attack { attacker: mine }).is_err());
    }
}
