//! `(to-resource-row WHO)`: put characters face down into their controller's resource
//! row (501.4a: the card is a new object there, and a new one again if it comes back
//! to a character row; its modifiers and use limits stay with the old object).

use crate::verbs::{Compiler, HostState, Tcg};
use crate::vocab::Who;
use crate::wording::who;
use crate::words::{one_who, R};
use crossover_kernel::Seat;
use crossover_sexpr::Sexp;
use crossover_vs_core::Verb;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ToResourceRow {
    pub who: Who,
}

impl Verb<Tcg> for ToResourceRow {
    const WORDS: &'static [&'static str] = &["to-resource-row"];

    fn compile(c: &mut Compiler<'_>, word: &str, form: &Sexp) -> R<()> {
        let who = one_who(form, word, &mut c.scope)?;
        c.push(ToResourceRow { who });
        Ok(())
    }

    fn text(&self) -> String {
        format!(
            "Put {} face down into its controller's resource row.",
            who(&self.who)
        )
    }

    fn run(&self, g: &mut HostState) -> Option<Seat> {
        for c in g.who(&self.who) {
            g.to_resource_row(c);
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use crate::ids::Row;
    use crate::state::Zone;
    use crate::testkit::Bench;

    /// 501.4a: the character goes face down into its controller's resource row as a
    /// new object.
    #[test]
    fn r501_4a_a_character_put_into_the_resource_row_is_a_new_object() {
        let (mut b, pt) =
            Bench::with_effect("(target 0 character) (to-resource-row (target 0))", "");
        assert_eq!(
            b.effect_text(pt),
            "Target 0 is a character. Put target 0 face down into its controller's resource row."
        );
        let c = b.in_play(1, "trn-007", Row::Front, 0);
        let object = b.g.card(c).object;
        b.play(pt, &[c]);
        assert_eq!(b.g.card(c).zone, Zone::Resource);
        assert!(!b.g.card(c).face_up);
        assert!(b.g.player(1).resources.contains(&c));
        assert_ne!(b.g.card(c).object, object);
    }
}
