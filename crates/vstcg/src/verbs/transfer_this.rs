//! `(transfer-this)`: the effect's controller may transfer the equipment the power is
//! on to another character, chosen as the effect resolves (708.12; transferable,
//! 706.4): the characters it could legally be attached to (708.12a–e), or none.

use crate::action::Action;
use crate::verbs::{Compiler, HostState, Tcg};
use crate::words::{err, R};
use crossover_kernel::Seat;
use crossover_sexpr::Sexp;
use crossover_vs_core::Verb;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct TransferThis;

impl TransferThis {
    fn options_of(g: &HostState) -> Vec<crate::ids::CardId> {
        match g.source_in_play() {
            Some(e) => g.transfer_options(e),
            None => Vec::new(),
        }
    }
}

impl Verb<Tcg> for TransferThis {
    const WORDS: &'static [&'static str] = &["transfer-this"];

    fn compile(c: &mut Compiler<'_>, word: &str, form: &Sexp) -> R<()> {
        if !form.args().is_empty() {
            return err(form.pos(), format!("write `({word})`"));
        }
        c.push(TransferThis);
        Ok(())
    }

    fn text(&self) -> String {
        "You may transfer this card.".into()
    }

    fn run(&self, g: &mut HostState) -> Option<Seat> {
        let any = !Self::options_of(g).is_empty();
        super::may_pick_run(g, any)
    }

    fn options(&self, g: &HostState) -> Vec<Action> {
        super::may_pick_options(Self::options_of(g))
    }

    fn answer(&self, g: &mut HostState, a: &Action) -> bool {
        match a {
            Action::Pick(to) if Self::options_of(g).contains(to) => {
                let Some(e) = g.source_in_play() else {
                    return false;
                };
                let done = g.transfer(e, *to);
                g.set_did(done);
            }
            Action::No => g.set_did(false),
            _ => return false,
        }
        g.next_step();
        true
    }

    fn prompt(&self, _g: &HostState) -> Option<String> {
        Some("you may transfer this card to another character".into())
    }
}
