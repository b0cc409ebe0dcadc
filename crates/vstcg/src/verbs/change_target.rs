//! `(change-target (target N))`: the effect's controller changes the target of the
//! effect chosen for target N (512.3): they must choose a new legal target if there is
//! one other than the current; with none, the target does not change, legal or not. Only
//! effects with one target have "the target" to change.

use crate::action::Action;
use crate::ids::TargetRef;
use crate::verbs::{Compiler, HostState, Tcg};
use crate::words::{err, parse_effect_target, R};
use crossover_kernel::Seat;
use crossover_sexpr::Sexp;
use crossover_vs_core::Verb;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ChangeTarget {
    pub target: u8,
}

impl ChangeTarget {
    fn options_of(&self, g: &HostState) -> Vec<TargetRef> {
        match g.effect_target(self.target) {
            Some(id) => g.retarget_options(id),
            None => Vec::new(),
        }
    }
}

impl Verb<Tcg> for ChangeTarget {
    const WORDS: &'static [&'static str] = &["change-target"];

    fn compile(c: &mut Compiler<'_>, word: &str, form: &Sexp) -> R<()> {
        let [t] = form.args() else {
            return err(
                form.pos(),
                format!("write `({word} (target N))`, target N an effect"),
            );
        };
        let target = parse_effect_target(t, &mut c.scope)?;
        c.push(ChangeTarget { target });
        Ok(())
    }

    fn text(&self) -> String {
        format!("Change the target of target {}.", self.target)
    }

    fn run(&self, g: &mut HostState) -> Option<Seat> {
        if self.options_of(g).is_empty() {
            g.set_did(false);
            return None;
        }
        Some(g.controller() as Seat)
    }

    fn options(&self, g: &HostState) -> Vec<Action> {
        self.options_of(g)
            .into_iter()
            .map(Action::ChooseTarget)
            .collect()
    }

    fn answer(&self, g: &mut HostState, a: &Action) -> bool {
        let Action::ChooseTarget(t) = a else {
            return false;
        };
        let Some(id) = g.effect_target(self.target) else {
            return false;
        };
        if !g.retarget_options(id).contains(t) {
            return false;
        }
        g.retarget(id, *t);
        g.set_did(true);
        g.next_step();
        true
    }

    fn prompt(&self, _g: &HostState) -> Option<String> {
        Some("choose the effect's new target".into())
    }
}
