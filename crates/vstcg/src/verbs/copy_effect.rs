//! `(copy (target N))`: copy an effect on the chain (708.2): a new effect goes on top,
//! controlled by this effect's controller (708.2d), with the original's targets and
//! choices (708.2b) and the original's source (708.2c); it is not played (505.5).
//! `(copy (target N) new-targets)`: "you may choose new targets for that copy": as the
//! copy is made, its controller chooses each of its targets again among the legal ones,
//! or keeps the original's (even one no longer legal, VS-TCG-121).

use crate::action::Action;
use crate::verbs::{Compiler, HostState, Tcg};
use crate::words::{err, parse_effect_target, R};
use crossover_kernel::Seat;
use crossover_sexpr::Sexp;
use crossover_vs_core::Verb;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct CopyEffect {
    pub target: u8,
    /// "You may choose new targets for that copy" (708.2b).
    #[serde(default)]
    pub new_targets: bool,
}

impl Verb<Tcg> for CopyEffect {
    const WORDS: &'static [&'static str] = &["copy"];

    fn compile(c: &mut Compiler<'_>, _word: &str, form: &Sexp) -> R<()> {
        let (t, new_targets) = match form.args() {
            [t] => (t, false),
            [t, w] if w.as_atom() == Some("new-targets") => (t, true),
            _ => {
                return err(
                    form.pos(),
                    "write `(copy (target N) [new-targets])`, target N an effect",
                )
            }
        };
        let target = parse_effect_target(t, &mut c.scope)?;
        c.push(CopyEffect {
            target,
            new_targets,
        });
        Ok(())
    }

    fn text(&self) -> String {
        if self.new_targets {
            format!(
                "Copy target {}. You may choose new targets for that copy.",
                self.target
            )
        } else {
            format!("Copy target {}.", self.target)
        }
    }

    fn run(&self, g: &mut HostState) -> Option<Seat> {
        let id = g.effect_target(self.target)?;
        g.copy_effect(id);
        if !self.new_targets || g.copy_targets() == 0 {
            return None;
        }
        Some(g.controller() as Seat)
    }

    /// One target of the copy at a time: a new legal one, or keep the original's.
    fn options(&self, g: &HostState) -> Vec<Action> {
        let mut out = vec![Action::No];
        out.extend(
            g.copy_target_options(g.progress())
                .into_iter()
                .map(Action::ChooseTarget),
        );
        out
    }

    fn answer(&self, g: &mut HostState, a: &Action) -> bool {
        let n = g.progress();
        match a {
            Action::No => {}
            Action::ChooseTarget(t) if g.copy_target_options(n).contains(t) => {
                g.set_copy_target(n, *t)
            }
            _ => return false,
        }
        g.set_progress(n + 1);
        if n + 1 >= g.copy_targets() {
            g.next_step();
        }
        true
    }

    fn prompt(&self, g: &HostState) -> Option<String> {
        Some(format!(
            "choose a new target {} for the copy, or keep the original's",
            g.progress()
        ))
    }
}

#[cfg(test)]
mod tests {
    use crate::action::Action;
    use crate::state::{TargetRef, Zone};
    use crate::testkit::Bench;

    /// 708.2a–e: the copy goes on top, isn't played (no threshold, no card), keeps the
    /// original's target, and is controlled by the copier; the original still resolves.
    #[test]
    fn r708_2a_r708_2b_r708_2d_r708_2e_a_copy_keeps_the_targets() {
        let cards = "(card x-st \"Stun Twist\" \"\" (plot-twist (threshold 0)) (effect (target 0 character) (stun (target 0))))";
        let (mut b, cp) =
            Bench::with_effect("(target 0 effect plot-twist) (copy (target 0))", cards);
        let st = b.in_hand(0, "x-st");
        let victim = b.in_play(1, "trn-007", crate::ids::Row::Front, 0);
        b.act(Action::PlayPlotTwist(st));
        b.target(victim);
        b.act(Action::PlayPlotTwist(cp));
        let id = b.g.chain()[0].id;
        b.act(Action::ChooseTarget(TargetRef::Effect(id)));
        b.act(Action::Pass);
        b.act(Action::Pass);
        // The copy is on top of the original.
        assert_eq!(b.g.chain().len(), 2);
        b.resolve_all();
        assert!(b.g.card(victim).stunned);
        assert_eq!(b.g.card(st).zone, Zone::KoPile);
        // Stunned once (708.11d): one stun endurance loss.
        assert_eq!(b.g.endurance(1), 46);
    }
}
