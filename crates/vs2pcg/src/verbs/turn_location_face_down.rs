//! `(turn-location-face-down [any|enemy|yours])`: turn a face-up location in a resource row
//! of that side face down (Resources p.8).

use crate::action::Action;
use crate::verbs::{Compiler, HostState, Pcg};
use crate::vocab::SideFilter;
use crate::words::{err, word as plain_word, E};
use crossover_kernel::Seat;
use crossover_sexpr::Sexp;
use crossover_vs_core::Verb;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct TurnLocationFaceDown {
    pub side: SideFilter,
}

impl Verb<Pcg> for TurnLocationFaceDown {
    const WORDS: &'static [&'static str] = &["turn-location-face-down"];

    fn compile(c: &mut Compiler<'_>, _word: &str, form: &Sexp) -> Result<(), E> {
        let side = match form.args() {
            [] => SideFilter::Any,
            [w] => match plain_word(w).as_deref() {
                Some("any") => SideFilter::Any,
                Some("enemy") => SideFilter::Enemy,
                Some("yours") => SideFilter::Yours,
                _ => {
                    return err(
                        w.pos(),
                        format!(
                            "`turn-location-face-down` takes any, enemy or yours, found {}",
                            w.describe()
                        ),
                    )
                }
            },
            _ => return err(
                form.pos(),
                "`turn-location-face-down` is written (turn-location-face-down [any|enemy|yours])",
            ),
        };
        c.push(TurnLocationFaceDown { side });
        Ok(())
    }

    fn text(&self) -> String {
        format!(
            "Turn {} location face down.",
            match self.side {
                SideFilter::Enemy => "an enemy",
                SideFilter::Yours => "one of your",
                SideFilter::Any => "a",
            }
        )
    }

    fn run(&self, g: &mut HostState) -> Option<Seat> {
        let me = g.controller();
        (!g.face_up_locations(me, self.side).is_empty()).then_some(me)
    }

    fn options(&self, g: &HostState) -> Vec<Action> {
        g.face_up_locations(g.controller(), self.side)
            .into_iter()
            .map(|card| Action::Choose { card })
            .collect()
    }

    fn answer(&self, g: &mut HostState, a: &Action) -> bool {
        let Action::Choose { card } = a else {
            return false;
        };
        let card = *card;
        g.set_face_up(card, false);
        g.log_line(&mut |g| format!("{} is turned face down.", g.card_name(card)));
        g.next_step();
        true
    }

    fn prompt(&self, _g: &HostState) -> Option<String> {
        Some("choose a location".into())
    }
}

#[cfg(all(test, feature = "testkit"))]
mod tests {
    use crate::action::Action;
    use crate::ids::Zone;
    use crate::testkit::verb_bench;
    use crossover_kernel::Game;

    /// Resources p.8: only a location of Ada's own side may be chosen; it turns face down.
    #[test]
    fn turn_location_face_down_does_what_the_rulebook_says() {
        let (mut g, pt, mine, theirs) = verb_bench("(turn-location-face-down yours)");
        let text = crate::text::steps(&g.def(pt).effect);
        assert_eq!(text, "Turn one of your location face down.");
        let bos = g.spawn("t-loc", 1, Zone::Resources);
        let adas = g.spawn("t-loc", 0, Zone::Resources);
        g.apply(&Action::PlayPlotTwist { card: pt }).unwrap();
        assert_eq!(g.legal_actions(), vec![Action::Choose { card: adas }]);
        g.apply(&Action::Choose { card: adas }).unwrap();
        assert!(!g.card(adas).face_up());
        assert!(g.card(bos).face_up());
        let _ = (mine, theirs);
    }
}
