//! `(negate (target N))`: negate an effect on the chain (509): it leaves the chain
//! without resolving, its card (if one represents it) to the KO'd pile, with no refund.
//! Epic plot twists can't be negated by modifiers (509.5).

use crate::verbs::{Compiler, HostState, Tcg};
use crate::words::{err, parse_effect_target, R};
use crossover_kernel::Seat;
use crossover_sexpr::Sexp;
use crossover_vs_core::Verb;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Negate {
    pub target: u8,
}

impl Verb<Tcg> for Negate {
    const WORDS: &'static [&'static str] = &["negate"];

    fn compile(c: &mut Compiler<'_>, _word: &str, form: &Sexp) -> R<()> {
        let [t] = form.args() else {
            return err(
                form.pos(),
                "write `(negate (target N))`, target N an effect",
            );
        };
        let target = parse_effect_target(t, &mut c.scope)?;
        c.push(Negate { target });
        Ok(())
    }

    fn text(&self) -> String {
        format!("Negate target {}.", self.target)
    }

    fn run(&self, g: &mut HostState) -> Option<Seat> {
        if let Some(id) = g.effect_target(self.target) {
            g.negate(id);
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use crate::action::Action;
    use crate::state::{TargetRef, Zone};
    use crate::testkit::Bench;

    const CARDS: &str = "
(card x-dr \"Draw Twist\" \"\" (plot-twist (threshold 0)) (effect (draw you 1)))
(card x-ep \"Epic Twist\" \"Epic\" (plot-twist (threshold 0)) (keywords epic) (effect (draw you 1)))
";

    fn respond(b: &mut Bench, card: crate::ids::CardId, target_index: usize) {
        b.act(Action::PlayPlotTwist(card));
        let id = b.g.chain()[target_index].id;
        b.act(Action::ChooseTarget(TargetRef::Effect(id)));
    }

    /// 509.1–509.3: a negated effect leaves the chain unresolved; its card goes to the
    /// KO'd pile.
    #[test]
    fn r509_1_r509_3_a_negated_effect_does_nothing() {
        let (mut b, nt) =
            Bench::with_effect("(target 0 effect plot-twist) (negate (target 0))", CARDS);
        assert_eq!(
            b.effect_text(nt),
            "Target 0 is an effect from a plot twist. Negate target 0."
        );
        let draw = b.in_hand(0, "x-dr");
        b.act(Action::PlayPlotTwist(draw));
        let hand = b.g.player(0).hand_len();
        respond(&mut b, nt, 0);
        b.resolve_all();
        assert_eq!(b.g.player(0).hand_len(), hand - 1, "no card drawn");
        assert_eq!(b.g.card(draw).zone, Zone::KoPile);
    }

    /// 509.5: an Epic plot twist can't be negated by a modifier.
    #[test]
    fn r509_5_epic_plot_twists_cant_be_negated() {
        let (mut b, nt) =
            Bench::with_effect("(target 0 effect plot-twist) (negate (target 0))", CARDS);
        let epic = b.in_hand(0, "x-ep");
        b.act(Action::PlayPlotTwist(epic));
        let hand = b.g.player(0).hand_len();
        respond(&mut b, nt, 0);
        b.resolve_all();
        assert_eq!(
            b.g.player(0).hand_len(),
            hand - 1 + 1,
            "the epic twist still drew"
        );
    }
}
