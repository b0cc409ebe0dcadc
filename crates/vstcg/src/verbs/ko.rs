//! `(ko WHO)`: KO characters (708.13).

use crate::verbs::{Compiler, HostState, Tcg};
use crate::vocab::Who;
use crate::wording::who;
use crate::words::{one_who, R};
use crossover_kernel::Seat;
use crossover_sexpr::Sexp;
use crossover_vs_core::Verb;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Ko {
    pub who: Who,
}

impl Verb<Tcg> for Ko {
    const WORDS: &'static [&'static str] = &["ko"];

    fn compile(c: &mut Compiler<'_>, word: &str, form: &Sexp) -> R<()> {
        let who = one_who(form, word, &mut c.scope)?;
        c.push(Ko { who });
        Ok(())
    }

    fn text(&self) -> String {
        format!("KO {}.", who(&self.who))
    }

    /// 508.2i, 708.13c: done when every card named was KO'd (even if its trip to the
    /// KO'd pile was replaced).
    fn run(&self, g: &mut HostState) -> Option<Seat> {
        let named = g.who(&self.who);
        let mut did = !named.is_empty();
        for c in named {
            did &= g.ko(c);
        }
        g.set_did(did);
        None
    }
}

#[cfg(test)]
mod tests {
    use crate::ids::Row;
    use crate::state::Zone;
    use crate::testkit::Bench;

    /// 708.13a: KO puts a card in play into its owner's KO'd pile (no stun loss).
    #[test]
    fn r708_13a_ko_puts_it_into_its_owners_ko_pile() {
        let (mut b, pt) = Bench::with_effect("(target 0 character) (ko (target 0))", "");
        assert_eq!(b.effect_text(pt), "Target 0 is a character. KO target 0.");
        let c = b.in_play(1, "trn-007", Row::Front, 0);
        b.play(pt, &[c]);
        assert_eq!(b.g.card(c).zone, Zone::KoPile);
        assert!(b.g.player(1).ko_pile().contains(&c));
        assert_eq!(b.g.endurance(1), 50);
    }
}
