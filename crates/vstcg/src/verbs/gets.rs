//! `(gets WHO ATK DEF [this-attack|this-turn])`: characters get +X/+Y (511.9); a
//! continuous modifier with a duration (513.2), or a one-object one for a target (508.2d).
//! `(each ...)` is not flagged: it applies to whatever matches while it lasts (513.2c).

use crate::verbs::{Compiler, HostState, Tcg};
use crate::vocab::{Amount, Duration, Who};
use crate::wording::{stats, who};
use crate::words::{err, parse_amount, parse_duration, parse_who, R};
use crossover_kernel::Seat;
use crossover_sexpr::Sexp;
use crossover_vs_core::Verb;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Gets {
    pub who: Who,
    pub atk: Amount,
    pub def: Amount,
    pub duration: Duration,
}

impl Verb<Tcg> for Gets {
    const WORDS: &'static [&'static str] = &["gets"];

    fn compile(c: &mut Compiler<'_>, _word: &str, form: &Sexp) -> R<()> {
        let (w, atk, def, d) = match form.args() {
            [w, a, d] => (w, a, d, None),
            [w, a, d, dur] => (w, a, d, Some(dur)),
            _ => {
                return err(
                    form.pos(),
                    "write `(gets WHO ATK DEF [this-attack|this-turn])`",
                )
            }
        };
        let who = parse_who(w, &mut c.scope)?;
        let atk = parse_amount(atk, &mut c.scope)?;
        let def = parse_amount(def, &mut c.scope)?;
        let duration = parse_duration(d, &mut c.scope)?;
        c.push(Gets {
            who,
            atk,
            def,
            duration,
        });
        Ok(())
    }

    fn text(&self) -> String {
        let mut s = format!(
            "{} gets {}{}.",
            who(&self.who),
            stats(&self.atk, &self.def),
            self.duration.words()
        );
        s[..1].make_ascii_uppercase();
        s
    }

    fn run(&self, g: &mut HostState) -> Option<Seat> {
        let (atk, def) = (g.amount(&self.atk), g.amount(&self.def));
        match &self.who {
            Who::Each(f) => g.modify_all(f, atk, def, None, self.duration),
            w => {
                for c in g.who(w) {
                    g.modify(c, atk, def, None, self.duration);
                }
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use crate::ids::Row;
    use crate::testkit::Bench;

    /// 511.9, 513.2d: "+2/+1 this turn" on a target lasts until the wrap-up.
    #[test]
    fn r511_9_r513_2d_gets_plus_x_plus_y_for_its_duration() {
        let (mut b, pt) = Bench::with_effect(
            "(target 0 character yours) (gets (target 0) 2 1 this-turn)",
            "",
        );
        assert_eq!(
            b.effect_text(pt),
            "Target 0 is a character you control. Target 0 gets +2/+1 this turn."
        );
        let c = b.in_play(0, "trn-007", Row::Front, 0); // 6/5
        b.play(pt, &[c]);
        assert_eq!((b.g.atk(c), b.g.def_value(c)), (8, 6));
    }

    /// 513.2c: a modifier on "each character you control" isn't flagged: a character
    /// that enters play later gets it too.
    #[test]
    fn r513_2c_a_group_modifier_applies_to_later_characters() {
        let (mut b, pt) = Bench::with_effect("(gets (each yours) 1 0 this-turn)", "");
        b.play(pt, &[]);
        let later = b.in_play(0, "trn-007", Row::Front, 0);
        assert_eq!(b.g.atk(later), 7);
    }

    /// 104.1: ATK lowered below 0 counts as 0, but keeps its negative value while it is
    /// changed further (VS-TCG-007: 2 DEF, -3, then +1 is 0, not 1).
    #[test]
    fn r104_1_a_value_below_zero_is_zero_but_changes_from_below() {
        let (mut b, pt) =
            Bench::with_effect("(target 0 character) (gets (target 0) 0 -3 this-turn)", "");
        let toad = b.in_play(1, "trn-003", Row::Front, 0); // 3/2
        b.play(pt, &[toad]);
        assert_eq!(b.g.def_value(toad), 0);
        assert_eq!(b.g.raw_def(toad), -1);
        b.g.add_modifier(toad, 0, 1, None, crate::vocab::Duration::ThisTurn);
        assert_eq!(b.g.def_value(toad), 0);
    }
}
