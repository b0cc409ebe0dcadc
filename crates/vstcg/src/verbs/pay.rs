//! `(pay N endurance|resource-points)`: the effect's controller pays as the effect
//! resolves (203.8a). It is a cost: paid only with the means (203.3: enough endurance,
//! or resource points in the pool), all or nothing, and not replaced (203.10); paying
//! endurance loses it (203.8b). `(if you-did ...)` after it asks whether it was paid.

use crate::verbs::{Compiler, HostState, Tcg};
use crate::vocab::PlayerWho;
use crate::words::{err, R};
use crossover_kernel::Seat;
use crossover_sexpr::Sexp;
use crossover_vs_core::Verb;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Pay {
    pub n: u8,
    /// Resource points, else endurance.
    pub rp: bool,
}

impl Verb<Tcg> for Pay {
    const WORDS: &'static [&'static str] = &["pay"];

    fn compile(c: &mut Compiler<'_>, _word: &str, form: &Sexp) -> R<()> {
        let usage = "write `(pay N endurance|resource-points)`";
        let [n, what] = form.args() else {
            return err(form.pos(), usage);
        };
        let n = match n.as_int() {
            Some(v) if (0..=99).contains(&v) => v as u8,
            _ => return err(n.pos(), "a cost is a number from 0 to 99"),
        };
        let rp = match what.as_atom() {
            Some("endurance") => false,
            Some("resource-points") => true,
            _ => return err(what.pos(), usage),
        };
        c.push(Pay { n, rp });
        Ok(())
    }

    fn text(&self) -> String {
        let what = if self.rp {
            "resource points"
        } else {
            "endurance"
        };
        format!("You pay {} {what}.", self.n)
    }

    fn run(&self, g: &mut HostState) -> Option<Seat> {
        let paid = match g.players(&PlayerWho::You).first() {
            Some(&p) if self.rp => g.pay_resource_points(p, i32::from(self.n)),
            Some(&p) => g.pay_endurance(p, i32::from(self.n)),
            None => false,
        };
        g.set_did(paid);
        None
    }
}
