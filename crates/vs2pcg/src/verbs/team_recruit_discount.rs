//! `(team-recruit-discount N T)`: the next character of team T its controller recruits
//! this turn costs N less (Recruit Step p.9; Nighthawk's Mobilize the Team). Recruits of
//! other teams don't use it up; that character uses it up whatever it costs.

use crate::verbs::{Compiler, HostState, Pcg};
use crate::vocab::Team;
use crate::words::{int_in, team, written, E};
use crossover_kernel::Seat;
use crossover_sexpr::Sexp;
use crossover_vs_core::Verb;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct TeamRecruitDiscount {
    pub n: u8,
    pub team: Team,
}

impl Verb<Pcg> for TeamRecruitDiscount {
    const WORDS: &'static [&'static str] = &["team-recruit-discount"];

    fn compile(c: &mut Compiler<'_>, word: &str, form: &Sexp) -> Result<(), E> {
        let a = written(
            form,
            word,
            2,
            "(team-recruit-discount N TEAM), like (team-recruit-discount 4 defenders)",
        )?;
        c.push(TeamRecruitDiscount {
            n: int_in(&a[0], "the discount", 1, 20)? as u8,
            team: team(&a[1])?,
        });
        Ok(())
    }

    fn text(&self) -> String {
        format!(
            "The next {} character you recruit this turn costs {} less.",
            self.team.name(),
            self.n
        )
    }

    fn run(&self, g: &mut HostState) -> Option<Seat> {
        let me = g.controller();
        g.discount_next_team_recruit(me, self.team, self.n);
        None
    }
}

#[cfg(all(test, feature = "testkit"))]
mod tests {
    use crate::testkit::verb_bench;

    /// The text; recruiting with the discount is shown by the def-017 scenarios
    /// (scenarios/vs2pcg/cards/def/).
    #[test]
    fn team_recruit_discount_does_what_the_rulebook_says() {
        let (g, pt, _mine, _theirs) = verb_bench("(team-recruit-discount 4 defenders)");
        let text = crate::text::steps(&g.def(pt).effect);
        assert_eq!(
            text,
            "The next Defenders character you recruit this turn costs 4 less."
        );
    }
}
