//! `(gains-activated-powers WHO FROM [this-turn])`: each character WHO names gains the
//! activated powers (500.3a) of the character FROM names (500.6a: "Rogue gains target
//! character's activated powers this turn"). The gained powers have none of their
//! keywords; their references to the card they are on (`this`, `stun-this`, "use only if
//! this character is defending") are to the gaining character, and name tests (`(named
//! "Kang") other`: "another Kang") still look for any card of that name. A power worded
//! identically to one the character has is not gained. Without `this-turn` the powers
//! stay while the character is the same object (213.1c).
//!
//! `(gains-powers WHO FROM [this-turn])` gains FROM's payment and continuous powers alike
//! (triggered powers and the powers keywords stand for are not gained); a gained
//! continuous power's modifier has the time it was gained as its timestamp (500.6).

use crate::verbs::{Compiler, HostState, Tcg};
use crate::vocab::{Duration, GainedSet, Who};
use crate::wording::who;
use crate::words::{err, parse_duration, parse_who, R};
use crossover_kernel::Seat;
use crossover_sexpr::Sexp;
use crossover_vs_core::Verb;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct GainsPowers {
    pub who: Who,
    pub from: Who,
    pub this_turn: bool,
    /// `gains-activated-powers` (500.3a), `gains-payment-powers` (501.1a) or
    /// `gains-powers`: the payment and continuous powers.
    pub set: GainedSet,
}

impl Verb<Tcg> for GainsPowers {
    const WORDS: &'static [&'static str] = &[
        "gains-activated-powers",
        "gains-payment-powers",
        "gains-powers",
    ];

    fn compile(c: &mut Compiler<'_>, word: &str, form: &Sexp) -> R<()> {
        let (w, f, d) = match form.args() {
            [w, f] => (w, f, None),
            [w, f, d] => (w, f, Some(d)),
            _ => return err(form.pos(), format!("write `({word} WHO FROM [this-turn])`")),
        };
        let who = parse_who(w, &mut c.scope)?;
        let from = parse_who(f, &mut c.scope)?;
        let this_turn = match parse_duration(d, &mut c.scope)? {
            Duration::ThisTurn => true,
            Duration::Game => false,
            _ => {
                return err(
                    form.pos(),
                    "gained powers last this turn (`this-turn`) or, without it, while the character stays in play",
                )
            }
        };
        c.push(GainsPowers {
            who,
            from,
            this_turn,
            set: match word {
                "gains-activated-powers" => GainedSet::Activated,
                "gains-payment-powers" => GainedSet::Payment,
                _ => GainedSet::PaymentAndContinuous,
            },
        });
        Ok(())
    }

    fn text(&self) -> String {
        let verb = if matches!(self.who, Who::Each(_)) {
            "gain"
        } else {
            "gains"
        };
        let subject = match &self.who {
            Who::Each(f) => crate::wording::filter(f, true),
            w => who(w),
        };
        let when = if self.this_turn { " this turn" } else { "" };
        let kind = match self.set {
            GainedSet::Activated => "activated powers",
            GainedSet::Payment => "payment powers",
            GainedSet::PaymentAndContinuous => "payment and continuous powers",
        };
        let mut s = format!("{subject} {verb} the {kind} of {}{when}.", who(&self.from));
        s[..1].make_ascii_uppercase();
        s
    }

    fn run(&self, g: &mut HostState) -> Option<Seat> {
        let &from = g.who(&self.from).first()?;
        for to in g.who(&self.who) {
            if to != from {
                g.gain_powers(to, from, self.this_turn, self.set);
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use crate::testkit::Bench;

    /// The two words, with and without "this turn".
    #[test]
    fn gains_powers_text() {
        let (b, pt) = Bench::with_effect(
            "(target 0 character) (gains-activated-powers (each yours) (target 0) this-turn) (gains-powers (target 0) (target 0))",
            "",
        );
        assert_eq!(
            b.effect_text(pt),
            "Target 0 is a character. Characters you control gain the activated powers of target 0 this turn. Target 0 gains the payment and continuous powers of target 0."
        );
    }
}
