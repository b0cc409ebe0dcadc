//! `(power-up WHO)`: Power-up characters (708.5).

use crate::verbs::{Compiler, HostState, Tcg};
use crate::vocab::Who;
use crate::wording::who;
use crate::words::{one_who, R};
use crossover_kernel::Seat;
use crossover_sexpr::Sexp;
use crossover_vs_core::Verb;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct PowerUp {
    pub who: Who,
}

impl Verb<Tcg> for PowerUp {
    const WORDS: &'static [&'static str] = &["power-up"];

    fn compile(c: &mut Compiler<'_>, word: &str, form: &Sexp) -> R<()> {
        let who = one_who(form, word, &mut c.scope)?;
        c.push(PowerUp { who });
        Ok(())
    }

    fn text(&self) -> String {
        format!("Power-up {}.", who(&self.who))
    }

    /// A power-up that waits while it is replaced (513.5) stops the step, as `stun`.
    fn run(&self, g: &mut HostState) -> Option<Seat> {
        let named = if g.progress() == 0 {
            g.who(&self.who)
        } else {
            g.held()
        };
        for (i, &c) in named.iter().enumerate() {
            g.hold(named[i..].to_vec());
            g.set_progress(1);
            if g.power_up_or_wait(c).is_none() {
                return Some(0);
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use crate::ids::Row;
    use crate::testkit::Bench;

    /// 708.5a: power-up gives an attacker or defender you control +1/+1 this attack;
    /// other characters don't become powered-up.
    #[test]
    fn r708_5a_power_up_is_plus_one_plus_one_on_an_attacker_or_defender() {
        let (mut b, pt) = Bench::with_effect("(power-up (each yours))", "");
        assert_eq!(b.effect_text(pt), "Power-up each character you control.");
        let idle = b.in_play(0, "trn-007", Row::Front, 0);
        b.play(pt, &[]);
        assert_eq!(b.g.atk(idle), 6);
    }
}
