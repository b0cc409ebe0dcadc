//! `(take-subject SLOT)`: the character a trigger is about ("it": the one that appeared,
//! got stunned, ...) goes into the effect's slot SLOT, as if chosen. Only a trigger, a
//! level-up or a delayed trigger has one.

use crate::verbs::{Compiler, HostState, Pcg};
use crate::words::{err, int_in, written, E, MAX_SLOT};
use crossover_kernel::Seat;
use crossover_sexpr::Sexp;
use crossover_vs_core::Verb;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct TakeSubject {
    pub slot: u8,
}

impl Verb<Pcg> for TakeSubject {
    const WORDS: &'static [&'static str] = &["take-subject"];

    fn compile(c: &mut Compiler<'_>, word: &str, form: &Sexp) -> Result<(), E> {
        let a = written(form, word, 1, "(take-subject SLOT)")?;
        if !c.scope.has_subject {
            return err(
                form.pos(),
                "`take-subject` takes the character a trigger is about; only a (trigger ...), (level-up ...) or (delayed ...) has one",
            );
        }
        let slot = int_in(&a[0], "a slot", 0, MAX_SLOT)? as u8;
        if c.scope.slots.contains(&slot) {
            return err(
                a[0].pos(),
                format!("slot {slot} is already filled by an earlier choose; use another slot"),
            );
        }
        c.scope.slots.push(slot);
        c.push(TakeSubject { slot });
        Ok(())
    }

    /// Nothing to read: the steps after it say "it".
    fn text(&self) -> String {
        String::new()
    }

    fn run(&self, g: &mut HostState) -> Option<Seat> {
        if let Some(s) = g.subject() {
            g.set_slot(self.slot, vec![s]);
        }
        None
    }
}

#[cfg(all(test, feature = "testkit"))]
mod tests {
    /// Only a trigger has a subject: a plot twist's `take-subject` is refused.
    #[test]
    fn take_subject_needs_a_trigger() {
        let src = "(card t-x \"X\" (plot-twist (timing main)) (effect (take-subject 0)))\n";
        let e = crate::cardfile::parse_cards("x.cards", src).unwrap_err();
        assert!(e.to_string().contains("only a (trigger ...)"), "{e}");
    }

    /// A trigger's subject is the character its steps act on: the enemy that appeared
    /// is the one exhausted.
    #[test]
    fn take_subject_does_what_its_card_says() {
        use crate::action::Action;
        use crate::ids::{Row, Zone};
        use crate::testkit::{db, started};
        use crossover_kernel::Game;
        let src = "(card t-watch \"Watcher\"\n  (supporting (cost 1) (atk 2) (def 2) (health 1) (team avengers))\n  (power \"Watch\" (trigger (on enemy-appears) (take-subject 0) (exhaust (chosen 0)))))\n";
        let cards =
            crate::cardfile::parse_cards("watch.cards", src).unwrap_or_else(|e| panic!("{e}"));
        let mut g = started(db(cards), "t-vanilla", 7);
        g.goto_main();
        g.spawn("t-watch", 0, Zone::Front);
        let other = g.spawn("t-vanilla", 1, Zone::Front);
        let newcomer = g.spawn("t-vanilla", 1, Zone::Hand);
        g.appear(newcomer, Row::Back, 1);
        // The trigger waits until the game settles, then resolves.
        g.settle();
        while !g.frames().is_empty() && g.apply(&Action::Pass).is_ok() {}
        assert!(g.card(newcomer).exhausted(), "the subject");
        assert!(!g.card(other).exhausted());
    }
}
