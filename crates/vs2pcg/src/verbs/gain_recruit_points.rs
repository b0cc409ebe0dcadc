//! `(gain-recruit-points N)`: the controller gains recruit points (Recruit Step p.9);
//! gained before the Recruit Step, they are added to the points the resources give, and
//! like them they go away after that step.

use crate::verbs::{Compiler, HostState, Pcg};
use crate::words::{int_in, written, E};
use crossover_kernel::Seat;
use crossover_sexpr::Sexp;
use crossover_vs_core::Verb;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct GainRecruitPoints {
    pub n: u8,
}

impl Verb<Pcg> for GainRecruitPoints {
    const WORDS: &'static [&'static str] = &["gain-recruit-points"];

    fn compile(c: &mut Compiler<'_>, word: &str, form: &Sexp) -> Result<(), E> {
        let a = written(form, word, 1, "(gain-recruit-points N), like (gain-recruit-points 1)")?;
        let n = int_in(&a[0], "a number of recruit points", 1, 20)? as u8;
        c.push(GainRecruitPoints { n });
        Ok(())
    }

    fn text(&self) -> String {
        if self.n == 1 {
            "You gain a recruit point.".into()
        } else {
            format!("You gain {} recruit points.", self.n)
        }
    }

    fn run(&self, g: &mut HostState) -> Option<Seat> {
        let me = g.controller();
        g.gain_recruit_points(me, self.n);
        let n = self.n;
        g.log_line(&mut |g| format!("{} gains {n} recruit point(s).", g.player_name(me)));
        None
    }
}

#[cfg(all(test, feature = "testkit"))]
mod tests {
    use crate::action::Action;
    use crate::testkit::verb_bench;
    use crossover_kernel::Game;

    /// Recruit Step p.9: gained outside the Recruit Step, the points wait for it (and
    /// go away as the turn ends).
    #[test]
    fn gain_recruit_points_does_what_the_rulebook_says() {
        let (mut g, pt, _, _) = verb_bench("(gain-recruit-points 2)");
        let text = crate::text::steps(&g.def(pt).effect);
        assert_eq!(text, "You gain 2 recruit points.");
        g.apply(&Action::PlayPlotTwist { card: pt }).unwrap();
        assert_eq!(*g.players()[0].early_recruit_points, 2);
    }
}
