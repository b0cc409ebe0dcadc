//! `turn-enemy-location-face-down`: turn a face-up resource of an enemy face down
//! (Resources p.8).

use crate::action::Action;
use crate::verbs::{Compiler, HostState, Pcg};
use crate::words::{no_args, E};
use crossover_kernel::Seat;
use crossover_sexpr::Sexp;
use crossover_vs_core::Verb;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct TurnEnemyLocationFaceDown;

impl Verb<Pcg> for TurnEnemyLocationFaceDown {
    const WORDS: &'static [&'static str] = &["turn-enemy-location-face-down"];

    fn compile(c: &mut Compiler<'_>, word: &str, form: &Sexp) -> Result<(), E> {
        no_args(form, word, c.scope, false)?;
        c.push(TurnEnemyLocationFaceDown);
        Ok(())
    }

    fn text(&self) -> String {
        "Turn an enemy location face down.".into()
    }

    fn run(&self, g: &mut HostState) -> Option<Seat> {
        let me = g.controller();
        (!g.face_up_enemy_resources(me).is_empty()).then_some(me)
    }

    fn options(&self, g: &HostState) -> Vec<Action> {
        g.face_up_enemy_resources(g.controller())
            .into_iter()
            .map(|card| Action::Choose { card })
            .collect()
    }

    fn answer(&self, g: &mut HostState, a: &Action) -> bool {
        let Action::Choose { card } = a else {
            return false;
        };
        g.set_face_up(*card, false);
        g.next_step();
        true
    }

    fn prompt(&self, _g: &HostState) -> Option<String> {
        Some("make a choice".into())
    }
}

#[cfg(all(test, feature = "testkit"))]
mod tests {
    use crate::action::Action;
    use crate::ids::Zone;
    use crate::testkit::verb_bench;
    use crossover_kernel::Game;

    /// Resources p.8: Bo's face-up location is turned face down.
    #[test]
    fn turn_enemy_location_face_down_does_what_the_rulebook_says() {
        let (mut g, pt, mine, theirs) = verb_bench("turn-enemy-location-face-down");
        let text = crate::text::steps(&g.def(pt).effect);
        assert_eq!(text, "Turn an enemy location face down.");
        let bos = g.spawn("t-loc", 1, Zone::Resources);
        let adas = g.spawn("t-loc", 0, Zone::Resources);
        g.apply(&Action::PlayPlotTwist { card: pt }).unwrap();
        assert!(g.legal_actions().contains(&Action::Choose { card: bos }));
        assert!(!g.legal_actions().contains(&Action::Choose { card: adas }));
        g.apply(&Action::Choose { card: bos }).unwrap();
        assert!(!g.card(bos).face_up());
        assert!(g.card(adas).face_up());
        let _ = (mine, theirs);
    }
}
