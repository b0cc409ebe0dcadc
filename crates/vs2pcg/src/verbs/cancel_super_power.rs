//! `cancel-super-power`: a reaction cancels the Super Power it reacts to (Reaction Powers
//! p.19): that power's effect does nothing.

use crate::verbs::{Compiler, HostState, Pcg};
use crate::words::{err, no_args, E};
use crossover_kernel::Seat;
use crossover_sexpr::Sexp;
use crossover_vs_core::Verb;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct CancelSuperPower;

impl Verb<Pcg> for CancelSuperPower {
    const WORDS: &'static [&'static str] = &["cancel-super-power"];

    fn compile(c: &mut Compiler<'_>, word: &str, form: &Sexp) -> Result<(), E> {
        no_args(form, word, c.scope, false)?;
        if !c.scope.reacts_to_super {
            return err(
                form.pos(),
                "`cancel-super-power` only works in a reaction to a Super Power: (super reaction (cost ...) (reacts-to enemy-uses-super-power) ...)",
            );
        }
        c.push(CancelSuperPower);
        Ok(())
    }

    fn text(&self) -> String {
        "Cancel that Super Power.".into()
    }

    fn run(&self, g: &mut HostState) -> Option<Seat> {
        g.cancel_reacted_super_power();
        None
    }
}

#[cfg(all(test, feature = "testkit"))]
mod tests {
    use crate::action::{Action, Pay};
    use crate::ids::Zone;
    use crate::testkit::{db, started};
    use crossover_kernel::Game;

    /// Reaction Powers p.19: Bo reacts to Ada's Super Power and cancels it; her 2/2 gets
    /// no counter.
    #[test]
    fn cancel_super_power_does_what_the_rulebook_says() {
        let src = "(card t-boost \"Booster\"\n  (supporting (cost 1) (atk 2) (def 2) (health 1) (team avengers))\n  (power \"Boost\" (super main (cost might) (plus-counters self 1))))\n\
                   (card t-nul \"Nullifier\"\n  (supporting (cost 1) (atk 2) (def 2) (health 1) (team avengers))\n  (power \"No\" (super reaction (cost might) (reacts-to enemy-uses-super-power) cancel-super-power)))\n";
        let cards =
            crate::cardfile::parse_cards("cancel.cards", src).unwrap_or_else(|e| panic!("{e}"));
        let mut g = started(db(cards), "t-vanilla", 7);
        g.goto_main();
        let booster = g.spawn("t-boost", 0, Zone::Front);
        let nul = g.spawn("t-nul", 1, Zone::Front);
        let (l0, l1) = (
            g.spawn("t-loc", 0, Zone::Resources),
            g.spawn("t-loc", 1, Zone::Resources),
        );
        let text = crate::text::card_text(g.def(nul));
        assert!(text.contains("Cancel that Super Power."), "{text}");
        g.apply(&Action::UsePower {
            card: booster,
            power: 0,
            payment: vec![Pay::Flip(l0)],
        })
        .unwrap();
        g.apply(&Action::UsePower {
            card: nul,
            power: 0,
            payment: vec![Pay::Flip(l1)],
        })
        .unwrap();
        while g.frames().len() + g.reactions().len() > 0 && g.apply(&Action::Pass).is_ok() {}
        assert_eq!(g.card(booster).plus(), 0);
    }
}
