//! `(remove-from-attack WHO)`: the attackers and the defender WHO names are removed from
//! the attack (602.2, 602.3): they lose the attacker (team attacker) or defender
//! characteristic and are no longer in combat. A team attack stays one (602.2b).

use crate::verbs::{Compiler, HostState, Tcg};
use crate::vocab::Who;
use crate::wording::who;
use crate::words::{err, parse_who, R};
use crossover_kernel::Seat;
use crossover_sexpr::Sexp;
use crossover_vs_core::Verb;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct RemoveFromAttack {
    pub who: Who,
}

impl Verb<Tcg> for RemoveFromAttack {
    const WORDS: &'static [&'static str] = &["remove-from-attack"];

    fn compile(c: &mut Compiler<'_>, _word: &str, form: &Sexp) -> R<()> {
        let [w] = form.args() else {
            return err(form.pos(), "write `(remove-from-attack WHO)`");
        };
        let who = parse_who(w, &mut c.scope)?;
        c.push(RemoveFromAttack { who });
        Ok(())
    }

    fn text(&self) -> String {
        let subject = match &self.who {
            Who::Each(f) => format!("all {}", crate::wording::filter(f, true)),
            w => who(w),
        };
        format!("Remove {subject} from the attack.")
    }

    fn run(&self, g: &mut HostState) -> Option<Seat> {
        for c in g.who(&self.who) {
            g.remove_from_attack(c);
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use crate::testkit::Bench;

    /// The step's words, for one character and for every attacker.
    #[test]
    fn remove_from_attack_text() {
        let (b, pt) = Bench::with_effect(
            "(target 0 character) (remove-from-attack (target 0)) (remove-from-attack (each attacker))",
            "",
        );
        assert_eq!(
            b.effect_text(pt),
            "Target 0 is a character. Remove target 0 from the attack. Remove all attacking characters from the attack."
        );
    }
}
