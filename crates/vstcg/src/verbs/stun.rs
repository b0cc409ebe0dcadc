//! `(stun WHO)`: Stun characters (708.11).

use crate::verbs::{Compiler, HostState, Tcg};
use crate::vocab::Who;
use crate::wording::who;
use crate::words::{one_who, R};
use crossover_kernel::Seat;
use crossover_sexpr::Sexp;
use crossover_vs_core::Verb;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Stun {
    pub who: Who,
}

impl Verb<Tcg> for Stun {
    const WORDS: &'static [&'static str] = &["stun"];

    fn compile(c: &mut Compiler<'_>, word: &str, form: &Sexp) -> R<()> {
        let who = one_who(form, word, &mut c.scope)?;
        c.push(Stun { who });
        Ok(())
    }

    fn text(&self) -> String {
        format!("Stun {}.", who(&self.who))
    }

    /// 508.2i: done when every character named became stunned (a replaced stun is not).
    /// A stun that waits while it is replaced (513.5) stops the step, holding the
    /// characters still to stun; the step runs again from there once it is settled.
    fn run(&self, g: &mut HostState) -> Option<Seat> {
        let (named, mut did) = if g.progress() == 0 {
            let named = g.who(&self.who);
            let did = !named.is_empty();
            (named, did)
        } else {
            (g.held(), g.did())
        };
        for (i, &c) in named.iter().enumerate() {
            // Where it stands, written before the stun: a stun that waits puts the
            // effect aside as it is.
            g.hold(named[i..].to_vec());
            g.set_did(did);
            g.set_progress(1);
            match g.stun_or_wait(c) {
                Some(stunned) => did &= stunned,
                None => return Some(0),
            }
        }
        g.set_did(did);
        None
    }
}

#[cfg(test)]
mod tests {
    use crate::ids::Row;
    use crate::testkit::Bench;

    /// 708.11a–b: a stunned character is face down and exhausted, and its controller
    /// loses endurance equal to its cost.
    #[test]
    fn r708_11a_r708_11b_stun_turns_it_down_and_costs_its_controller_its_cost() {
        let (mut b, pt) = Bench::with_effect("(target 0 character opposing) (stun (target 0))", "");
        assert_eq!(
            b.effect_text(pt),
            "Target 0 is a character an opponent controls. Stun target 0."
        );
        let lt = b.in_play(1, "trn-007", Row::Front, 0); // cost 4
        b.play(pt, &[lt]);
        assert!(b.g.card(lt).stunned && b.g.card(lt).exhausted);
        assert_eq!(b.g.endurance(1), 46);
    }

    /// 708.11d: an already stunned character doesn't become stunned again: no second
    /// endurance loss.
    #[test]
    fn r708_11d_a_stunned_character_is_not_stunned_again() {
        let (mut b, pt) = Bench::with_effect("(stun (each opposing))", "");
        let lt = b.in_play(1, "trn-007", Row::Front, 0);
        b.g.stun(lt);
        assert_eq!(b.g.endurance(1), 46);
        b.play(pt, &[]);
        assert_eq!(b.g.endurance(1), 46);
    }
}
