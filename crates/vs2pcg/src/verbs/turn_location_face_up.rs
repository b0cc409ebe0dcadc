//! `turn-location-face-up`: you may flip a face-down location of yours face up (Resources
//! p.8).

use crate::action::Action;
use crate::verbs::{Compiler, HostState, Pcg};
use crate::words::{no_args, E};
use crossover_kernel::Seat;
use crossover_sexpr::Sexp;
use crossover_vs_core::Verb;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct TurnLocationFaceUp;

impl Verb<Pcg> for TurnLocationFaceUp {
    const WORDS: &'static [&'static str] = &["turn-location-face-up"];

    fn compile(c: &mut Compiler<'_>, word: &str, form: &Sexp) -> Result<(), E> {
        no_args(form, word, c.scope, false)?;
        c.push(TurnLocationFaceUp);
        Ok(())
    }

    fn text(&self) -> String {
        "You may flip a face-down location of yours face up.".into()
    }

    fn run(&self, g: &mut HostState) -> Option<Seat> {
        let me = g.controller();
        (!self.candidates(g).is_empty()).then_some(me)
    }

    fn options(&self, g: &HostState) -> Vec<Action> {
        let mut v: Vec<Action> = self
            .candidates(g)
            .into_iter()
            .map(|card| Action::Choose { card })
            .collect();
        v.push(Action::Pass);
        v
    }

    fn answer(&self, g: &mut HostState, a: &Action) -> bool {
        match a {
            Action::Choose { card } => g.set_face_up(*card, true),
            Action::Pass => {}
            _ => return false,
        }
        g.next_step();
        true
    }

    fn prompt(&self, _g: &HostState) -> Option<String> {
        Some("make a choice".into())
    }
}

impl TurnLocationFaceUp {
    /// The controller's face-down locations in their resource row.
    fn candidates(&self, g: &HostState) -> Vec<crate::ids::CardId> {
        let me = g.controller();
        g.resources(me)
            .into_iter()
            .filter(|&r| !g.is_face_up(r) && g.is_location(r))
            .collect()
    }
}

#[cfg(all(test, feature = "testkit"))]
mod tests {
    use crate::action::Action;
    use crate::ids::Zone;
    use crate::testkit::verb_bench;
    use crossover_kernel::Game;

    /// Resources p.8: Ada flips her face-down location face up.
    #[test]
    fn turn_location_face_up_does_what_the_rulebook_says() {
        let (mut g, pt, mine, theirs) = verb_bench("turn-location-face-up");
        let text = crate::text::steps(&g.def(pt).effect);
        assert_eq!(text, "You may flip a face-down location of yours face up.");
        let loc = g.spawn("t-loc", 0, Zone::Resources);
        g.set_face_up(loc, false);
        g.apply(&Action::PlayPlotTwist { card: pt }).unwrap();
        assert_eq!(
            g.legal_actions(),
            vec![Action::Choose { card: loc }, Action::Pass]
        );
        g.apply(&Action::Choose { card: loc }).unwrap();
        assert!(g.card(loc).face_up());
        let _ = (mine, theirs);
    }
}
