//! `(transfer-equipment FROM TO)`: the effect's controller transfers each equipment on
//! FROM to TO (708.12), one at a time in the order they were attached, each checked as
//! it goes (708.12g): one that can't be attached to TO then stays where it is.

use crate::verbs::{Compiler, HostState, Tcg};
use crate::vocab::Who;
use crate::wording::who;
use crate::words::{err, parse_who, R};
use crossover_kernel::Seat;
use crossover_sexpr::Sexp;
use crossover_vs_core::Verb;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct TransferEquipment {
    /// The characters whose equipment is transferred.
    pub from: Who,
    /// The character it goes to (the first named, if several).
    pub to: Who,
}

impl Verb<Tcg> for TransferEquipment {
    const WORDS: &'static [&'static str] = &["transfer-equipment"];

    fn compile(c: &mut Compiler<'_>, word: &str, form: &Sexp) -> R<()> {
        let [from, to] = form.args() else {
            return err(form.pos(), format!("write `({word} FROM TO)`"));
        };
        let from = parse_who(from, &mut c.scope)?;
        let to = parse_who(to, &mut c.scope)?;
        c.push(TransferEquipment { from, to });
        Ok(())
    }

    fn text(&self) -> String {
        format!(
            "Transfer each equipment on {} to {}.",
            who(&self.from),
            who(&self.to)
        )
    }

    /// 508.2i: done when there was equipment to transfer and all of it was.
    fn run(&self, g: &mut HostState) -> Option<Seat> {
        let Some(&to) = g.who(&self.to).first() else {
            g.set_did(false);
            return None;
        };
        let mut any = false;
        let mut all = true;
        for from in g.who(&self.from) {
            for e in g.equipment_on(from) {
                any = true;
                all &= g.transfer(e, to);
            }
        }
        g.set_did(any && all);
        None
    }
}

#[cfg(test)]
mod tests {
    use crate::ids::Row;
    use crate::state::Zone;
    use crate::testkit::Bench;

    /// 708.12a, 302.10: transferring moves the equipment from one character to another
    /// as the same object; transferred to a character of the effect's controller from
    /// an opponent's, it changes control.
    #[test]
    fn transfer_equipment_moves_it_and_its_control() {
        let (mut b, pt) = Bench::with_effect(
            "(target 0 character opposing) (target 1 character yours) (transfer-equipment (target 0) (target 1))",
            "(card x-eq \"Test Blade\" \"\" (equipment (cost 1)))",
        );
        assert_eq!(
            b.effect_text(pt),
            "Target 0 is a character an opponent controls; target 1 is a character you control. Transfer each equipment on target 0 to target 1."
        );
        let theirs = b.in_play(1, "trn-007", Row::Front, 0);
        let mine = b.in_play(0, "trn-006", Row::Front, 0);
        let blade = b.in_hand(1, "x-eq");
        b.g.card_mut(blade).controller = 1;
        b.g.move_card(blade, Zone::Equipped(theirs));
        let object = b.g.card(blade).object;
        b.play(pt, &[theirs, mine]);
        assert_eq!(b.g.card(blade).zone, Zone::Equipped(mine));
        assert_eq!(b.g.card(blade).controller, 0);
        assert_eq!(b.g.card(blade).object, object);
        assert!(b.g.player(0).equipment.contains(&blade));
        assert!(!b.g.player(1).equipment.contains(&blade));
    }
}
