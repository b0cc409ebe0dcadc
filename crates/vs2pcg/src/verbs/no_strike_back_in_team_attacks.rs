//! `no-strike-back-in-team-attacks`: for the rest of the turn, enemies don't strike back
//! in its controller's team attacks (Avengers Assemble).

use crate::verbs::{Compiler, HostState, Pcg};
use crate::words::{no_args, E};
use crossover_kernel::Seat;
use crossover_sexpr::Sexp;
use crossover_vs_core::Verb;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct NoStrikeBackInTeamAttacks;

impl Verb<Pcg> for NoStrikeBackInTeamAttacks {
    const WORDS: &'static [&'static str] = &["no-strike-back-in-team-attacks"];

    fn compile(c: &mut Compiler<'_>, word: &str, form: &Sexp) -> Result<(), E> {
        no_args(form, word, c.scope, false)?;
        c.push(NoStrikeBackInTeamAttacks);
        Ok(())
    }

    fn text(&self) -> String {
        "For the rest of this turn, your team attacks get no strike-backs from enemies.".into()
    }

    fn run(&self, g: &mut HostState) -> Option<Seat> {
        let me = g.controller();
        g.deny_team_attack_strike_backs(me);
        None
    }
}

#[cfg(all(test, feature = "testkit"))]
mod tests {
    use crate::action::Action;
    use crate::testkit::verb_bench;
    use crossover_kernel::Game;

    /// Team Attacks p.11, strike backs: this turn, Ada's team attacks get none.
    #[test]
    fn no_strike_back_in_team_attacks_does_what_the_rulebook_says() {
        let (mut g, pt, mine, theirs) = verb_bench("no-strike-back-in-team-attacks");
        let text = crate::text::steps(&g.def(pt).effect);
        assert_eq!(
            text,
            "For the rest of this turn, your team attacks get no strike-backs from enemies."
        );
        assert!(!g.players()[0].no_strike_back_team_attacks());
        g.apply(&Action::PlayPlotTwist { card: pt }).unwrap();
        assert!(g.players()[0].no_strike_back_team_attacks());
        assert!(!g.players()[1].no_strike_back_team_attacks());
        let _ = (mine, theirs);
    }
}
