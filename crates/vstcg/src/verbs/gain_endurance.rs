//! `(gain-endurance PLAYER AMOUNT)` (203.1).

use crate::verbs::{Compiler, HostState, Tcg};
use crate::vocab::{Amount, PlayerWho};
use crate::wording::{amount, player};
use crate::words::{player_and_amount, R};
use crossover_kernel::Seat;
use crossover_sexpr::Sexp;
use crossover_vs_core::Verb;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct GainEndurance {
    pub who: PlayerWho,
    pub n: Amount,
}

impl Verb<Tcg> for GainEndurance {
    const WORDS: &'static [&'static str] = &["gain-endurance"];

    fn compile(c: &mut Compiler<'_>, word: &str, form: &Sexp) -> R<()> {
        let (who, n) = player_and_amount(form, word, &mut c.scope)?;
        c.push(GainEndurance { who, n });
        Ok(())
    }

    fn text(&self) -> String {
        let who = player(&self.who);
        let verb = if matches!(self.who, PlayerWho::You) {
            "gain"
        } else {
            "gains"
        };
        let mut s = format!("{who} {verb} {} endurance.", amount(&self.n));
        s[..1].make_ascii_uppercase();
        s
    }

    fn run(&self, g: &mut HostState) -> Option<Seat> {
        let n = g.amount(&self.n);
        for p in g.players(&self.who) {
            g.gain_endurance(p, n);
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use crate::testkit::Bench;

    /// 203.1: a player gains a positive amount; gaining a negative amount does nothing.
    #[test]
    fn r203_1_gain_endurance_and_never_a_negative_amount() {
        let (mut b, pt) = Bench::with_effect("(gain-endurance you 4) (gain-endurance you -3)", "");
        assert_eq!(
            b.effect_text(pt),
            "You gain 4 endurance. You gain -3 endurance."
        );
        b.play(pt, &[]);
        assert_eq!(b.g.endurance(0), 54);
    }
}
