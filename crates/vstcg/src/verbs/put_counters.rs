//! `(put-counters "NAME" WHO N)`: put N counters named NAME on objects in play (215.1c).
//! Named counters of one name are alike whoever put them (215.1c) and are counted by the
//! amount `(counters "NAME" WHO)` (215.1d); they stay with the object (213.1c). `this`
//! is the card the effect is from wherever it is in play, a plot twist in the resource
//! row too ("put a dream counter on Xavier's Dream").

use crate::verbs::{Compiler, HostState, Tcg};
use crate::vocab::{Amount, Who};
use crate::wording::{amount, who};
use crate::words::{counter_name, err, parse_amount, parse_who, R};
use crossover_kernel::Seat;
use crossover_sexpr::Sexp;
use crossover_vs_core::Verb;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct PutCounters {
    pub name: String,
    pub who: Who,
    pub n: Amount,
}

impl Verb<Tcg> for PutCounters {
    const WORDS: &'static [&'static str] = &["put-counters"];

    fn compile(c: &mut Compiler<'_>, _word: &str, form: &Sexp) -> R<()> {
        let [name, w, n] = form.args() else {
            return err(
                form.pos(),
                "write `(put-counters \"NAME\" WHO N)`, e.g. `(put-counters \"dream\" this 1)`",
            );
        };
        let name = counter_name(name)?;
        let who = parse_who(w, &mut c.scope)?;
        let n = parse_amount(n, &mut c.scope)?;
        c.push(PutCounters { name, who, n });
        Ok(())
    }

    fn text(&self) -> String {
        let n = amount(&self.n);
        let counters = if n == "1" { "counter" } else { "counters" };
        let on = match &self.who {
            Who::This => "this card".to_string(),
            w => who(w),
        };
        let n = if n == "1" { "a".to_string() } else { n };
        format!("Put {n} {} {counters} on {on}.", self.name)
    }

    fn run(&self, g: &mut HostState) -> Option<Seat> {
        let n = g.amount(&self.n).clamp(0, 999) as u16;
        for c in g.counter_cards(&self.who) {
            g.put_named_counters(c, &self.name, n);
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use crate::ids::Row;
    use crate::state::Zone;
    use crate::testkit::Bench;

    /// 215.1c: named counters of one name are alike and add up; another name is apart;
    /// they leave with the object.
    #[test]
    fn r215_1c_named_counters_add_up_by_name_and_leave_with_the_object() {
        let (mut b, pt) = Bench::with_effect(
            "(target 0 character) (put-counters \"plague\" (target 0) 2) (put-counters \"micro\" (target 0) 1)",
            "",
        );
        assert_eq!(
            b.effect_text(pt),
            "Target 0 is a character. Put 2 plague counters on target 0. Put a micro counter on target 0."
        );
        let c = b.in_play(1, "trn-007", Row::Front, 0);
        b.g.put_named_counters(c, "plague", 1);
        b.play(pt, &[c]);
        assert_eq!(b.g.named_counters(c, "plague"), 3);
        assert_eq!(b.g.named_counters(c, "micro"), 1);
        b.g.move_card(c, Zone::Hand);
        assert_eq!(b.g.named_counters(c, "plague"), 0, "a new object has none");
    }
}
