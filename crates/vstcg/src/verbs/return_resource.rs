//! `(return-resource)`: the effect's controller may return a face-down resource they
//! control to its owner's hand (terraform, 706.13); it says whether one was returned
//! ("if you do", 508.2i).

use crate::action::Action;
use crate::verbs::{Compiler, HostState, Tcg};
use crate::words::{err, R};
use crossover_kernel::Seat;
use crossover_sexpr::Sexp;
use crossover_vs_core::Verb;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ReturnResource;

impl ReturnResource {
    fn candidates(g: &HostState) -> Vec<crate::ids::CardId> {
        g.face_down_resources(g.controller())
    }
}

impl Verb<Tcg> for ReturnResource {
    const WORDS: &'static [&'static str] = &["return-resource"];

    fn compile(c: &mut Compiler<'_>, word: &str, form: &Sexp) -> R<()> {
        if !form.args().is_empty() {
            return err(form.pos(), format!("write `({word})`"));
        }
        c.push(ReturnResource);
        Ok(())
    }

    fn text(&self) -> String {
        "You may return a face-down resource you control to its owner's hand.".into()
    }

    fn run(&self, g: &mut HostState) -> Option<Seat> {
        let any = !Self::candidates(g).is_empty();
        super::may_pick_run(g, any)
    }

    fn options(&self, g: &HostState) -> Vec<Action> {
        super::may_pick_options(Self::candidates(g))
    }

    fn answer(&self, g: &mut HostState, a: &Action) -> bool {
        match a {
            Action::Pick(r) if Self::candidates(g).contains(r) => {
                let done = g.resource_to_hand(*r);
                g.set_did(done);
            }
            Action::No => g.set_did(false),
            _ => return false,
        }
        g.next_step();
        true
    }

    fn prompt(&self, _g: &HostState) -> Option<String> {
        Some("you may return a face-down resource you control to its owner's hand".into())
    }
}

#[cfg(test)]
mod tests {
    use crate::action::Action;
    use crate::state::{Pending, Zone};
    use crate::testkit::Bench;

    /// The controller picks one of their face-down resources (or none): it goes to
    /// their hand, and "if you do" follows.
    #[test]
    fn return_resource_returns_a_chosen_face_down_resource() {
        let (mut b, pt) = Bench::with_effect(
            "(return-resource) (if you-did (then (gain-endurance you 3)))",
            "",
        );
        assert_eq!(
            b.effect_text(pt),
            "You may return a face-down resource you control to its owner's hand. If you do: You gain 3 endurance."
        );
        b.resources(0, 2);
        let r = b.g.player(0).resources[1];
        b.act(Action::PlayPlotTwist(pt));
        b.act(Action::Pass);
        b.act(Action::Pass);
        assert_eq!(b.g.pending(), Pending::EffectChoice(0));
        b.act(Action::Pick(r));
        assert_eq!(b.g.card(r).zone, Zone::Hand);
        assert_eq!(b.g.player(0).resources.len(), 1);
        assert_eq!(b.g.endurance(0), 53);
    }
}
