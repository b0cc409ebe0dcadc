//! `(choose-identity)`: the effect's controller chooses an identity as the effect
//! resolves (511.4): one that exists in the Vs. System TCG (its card pool, as the engine
//! knows it): the printed identities and the names of characters printed without a
//! diamond, which are their own identities (511.4a, 201.6). Later steps read it as the
//! test `chosen-identity` (a character with that identity, printed or gained).

use crate::action::Action;
use crate::verbs::{Compiler, HostState, Tcg};
use crate::words::{err, R};
use crossover_kernel::Seat;
use crossover_sexpr::Sexp;
use crossover_vs_core::Verb;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ChooseIdentity;

impl Verb<Tcg> for ChooseIdentity {
    const WORDS: &'static [&'static str] = &["choose-identity"];

    fn compile(c: &mut Compiler<'_>, _word: &str, form: &Sexp) -> R<()> {
        if !form.args().is_empty() {
            return err(form.pos(), "write `(choose-identity)`");
        }
        c.push(ChooseIdentity);
        Ok(())
    }

    fn text(&self) -> String {
        "Choose an identity.".into()
    }

    fn run(&self, g: &mut HostState) -> Option<Seat> {
        if g.identity_names().is_empty() {
            return None;
        }
        Some(g.controller() as Seat)
    }

    fn options(&self, g: &HostState) -> Vec<Action> {
        (0..g.identity_names().len().min(u16::MAX as usize) as u16)
            .map(Action::Choose)
            .collect()
    }

    fn answer(&self, g: &mut HostState, a: &Action) -> bool {
        match a {
            Action::Choose(i) if (*i as usize) < g.identity_names().len() => {
                g.set_chosen_identity(*i);
                g.next_step();
                true
            }
            _ => false,
        }
    }

    fn prompt(&self, _g: &HostState) -> Option<String> {
        Some("choose an identity".into())
    }
}
