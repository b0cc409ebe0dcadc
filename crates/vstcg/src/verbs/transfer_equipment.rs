//! `(transfer-equipment FROM TO)`: the effect's controller transfers each equipment on
//! FROM to TO (708.12), one at a time in the order they choose (asked while two or more
//! are left to try), each checked as it goes (708.12g): one that can't be attached to TO
//! then stays where it is.

use crate::action::Action;
use crate::ids::CardId;
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
        g.set_transfers_tried(Vec::new());
        if g.who(&self.to).is_empty() {
            g.set_did(false);
            return None;
        }
        if self.go_on(g) {
            return Some(g.controller() as Seat);
        }
        None
    }

    /// The equipment left to try: the controller picks which goes next.
    fn options(&self, g: &HostState) -> Vec<Action> {
        self.left(g).into_iter().map(Action::Pick).collect()
    }

    fn answer(&self, g: &mut HostState, a: &Action) -> bool {
        let Action::Pick(e) = a else {
            return false;
        };
        if !self.left(g).contains(e) {
            return false;
        }
        self.try_one(g, *e);
        if !self.go_on(g) {
            g.next_step();
        }
        true
    }

    fn prompt(&self, _g: &HostState) -> Option<String> {
        Some("choose the equipment to transfer next".into())
    }
}

impl TransferEquipment {
    /// The equipment on FROM not tried yet, in the order they were attached.
    fn left(&self, g: &HostState) -> Vec<CardId> {
        let tried = g.transfers_tried();
        g.who(&self.from)
            .into_iter()
            .flat_map(|f| g.equipment_on(f))
            .filter(|e| !tried.iter().any(|(t, _)| t == e))
            .collect()
    }

    fn try_one(&self, g: &mut HostState, e: CardId) {
        let ok = g.who(&self.to).first().is_some_and(|&to| g.transfer(e, to));
        let mut tried = g.transfers_tried();
        tried.push((e, ok));
        g.set_transfers_tried(tried);
    }

    /// Transfers what needs no choice; whether a choice is left (two or more to try).
    fn go_on(&self, g: &mut HostState) -> bool {
        loop {
            match self.left(g).as_slice() {
                [] => break,
                [e] => self.try_one(g, *e),
                _ => return true,
            }
        }
        let tried = g.transfers_tried();
        g.set_did(!tried.is_empty() && tried.iter().all(|&(_, ok)| ok));
        g.set_transfers_tried(Vec::new());
        false
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
