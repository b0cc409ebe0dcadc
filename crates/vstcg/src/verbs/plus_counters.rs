//! `(plus-counters WHO N)`: put N +1/+1 counters on characters (215).

use crate::verbs::{Compiler, HostState, Tcg};
use crate::vocab::{Amount, Who};
use crate::wording::{amount, who};
use crate::words::{err, parse_amount, parse_who, R};
use crossover_kernel::Seat;
use crossover_sexpr::Sexp;
use crossover_vs_core::Verb;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct PlusCounters {
    pub who: Who,
    pub n: Amount,
}

impl Verb<Tcg> for PlusCounters {
    const WORDS: &'static [&'static str] = &["plus-counters"];

    fn compile(c: &mut Compiler<'_>, _word: &str, form: &Sexp) -> R<()> {
        let [w, n] = form.args() else {
            return err(form.pos(), "write `(plus-counters WHO N)`");
        };
        let who = parse_who(w, &mut c.scope)?;
        let n = parse_amount(n, &mut c.scope)?;
        c.push(PlusCounters { who, n });
        Ok(())
    }

    fn text(&self) -> String {
        let n = amount(&self.n);
        let counters = if n == "1" { "counter" } else { "counters" };
        format!("Put {n} +1/+1 {counters} on {}.", who(&self.who))
    }

    fn run(&self, g: &mut HostState) -> Option<Seat> {
        let n = g.amount(&self.n).clamp(0, 99) as u8;
        for c in g.who(&self.who) {
            g.add_plus_counters(c, n);
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use crate::ids::Row;
    use crate::state::Zone;
    use crate::testkit::Bench;

    /// 215.1e / 215.3: +1/+1 counters raise ATK and DEF; a card that changes zones
    /// loses its counters.
    #[test]
    fn r215_1e_r215_3_counters_count_and_fall_off_on_a_zone_change() {
        let (mut b, pt) = Bench::with_effect(
            "(target 0 character yours) (plus-counters (target 0) 2)",
            "",
        );
        assert_eq!(
            b.effect_text(pt),
            "Target 0 is a character you control. Put 2 +1/+1 counters on target 0."
        );
        let c = b.in_play(0, "trn-007", Row::Front, 0); // 6/5
        b.play(pt, &[c]);
        assert_eq!((b.g.atk(c), b.g.def_value(c)), (8, 7));
        b.g.move_card(c, Zone::Hand);
        assert_eq!(b.g.card(c).plus, 0);
    }
}
