//! `(next-attack-bonus ATK DEF)`: while attacking the next time this turn, the power's
//! own character gets +ATK/+DEF.

use crate::verbs::{Compiler, HostState, Pcg};
use crate::words::{err, int_in, written, E};
use crossover_kernel::Seat;
use crossover_sexpr::Sexp;
use crossover_vs_core::Verb;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct NextAttackBonus {
    pub atk: i32,
    pub def: i32,
}

impl Verb<Pcg> for NextAttackBonus {
    const WORDS: &'static [&'static str] = &["next-attack-bonus"];

    fn compile(c: &mut Compiler<'_>, word: &str, form: &Sexp) -> Result<(), E> {
        if !c.scope.has_self {
            return err(form.pos(), "`next-attack-bonus` gives the power's own character a bonus; a plot twist has none");
        }
        let a = written(form, word, 2, "(next-attack-bonus ATK DEF)")?;
        c.push(NextAttackBonus {
            atk: int_in(&a[0], "ATK", -99, 99)? as i32,
            def: int_in(&a[1], "DEF", -99, 99)? as i32,
        });
        Ok(())
    }

    fn text(&self) -> String {
        format!(
            "While attacking the next time this turn, this character gets +{}/+{}.",
            self.atk, self.def
        )
    }

    fn run(&self, g: &mut HostState) -> Option<Seat> {
        let me = g.source();
        g.bonus_next_attack(me, self.atk, self.def);
        None
    }
}

#[cfg(all(test, feature = "testkit"))]
mod tests {
    use crate::testkit::power_bench;
    use crossover_kernel::Game;

    /// Continuous Effects and Modifiers p.21: +2/+1 while attacking, not before.
    #[test]
    fn next_attack_bonus_does_what_the_rulebook_says() {
        let (mut g, me, use_it, theirs) = power_bench("main", "(next-attack-bonus 2 1)");
        let text = crate::text::card_text(g.def(me));
        assert!(
            text.contains("While attacking the next time this turn, this character gets +2/+1."),
            "{text}"
        );
        g.apply(&use_it).unwrap();
        assert_eq!(g.stats(me), (2, 2));
        g.apply(&crate::action::Action::Attack { attacker: me })
            .unwrap();
        g.apply(&crate::action::Action::Defender { card: theirs })
            .unwrap();
        assert_eq!(g.stats(me), (4, 3));
    }
}
