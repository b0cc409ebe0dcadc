//! `(draw PLAYER AMOUNT)` (708.18).

use crate::verbs::{Compiler, HostState, Tcg};
use crate::vocab::{Amount, PlayerWho};
use crate::wording::{amount, player};
use crate::words::{player_and_amount, R};
use crossover_kernel::Seat;
use crossover_sexpr::Sexp;
use crossover_vs_core::Verb;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Draw {
    pub who: PlayerWho,
    pub n: Amount,
}

impl Verb<Tcg> for Draw {
    const WORDS: &'static [&'static str] = &["draw"];

    fn compile(c: &mut Compiler<'_>, word: &str, form: &Sexp) -> R<()> {
        let (who, n) = player_and_amount(form, word, &mut c.scope)?;
        c.push(Draw { who, n });
        Ok(())
    }

    fn text(&self) -> String {
        let who = player(&self.who);
        let verb = if matches!(self.who, PlayerWho::You) {
            "draw"
        } else {
            "draws"
        };
        let n = amount(&self.n);
        let cards = if n == "1" { "card" } else { "cards" };
        let mut s = format!("{who} {verb} {n} {cards}.");
        s[..1].make_ascii_uppercase();
        s
    }

    fn run(&self, g: &mut HostState) -> Option<Seat> {
        let n = g.amount(&self.n);
        for p in g.players(&self.who) {
            g.draw(p, n.max(0) as u32);
        }
        None
    }
}
