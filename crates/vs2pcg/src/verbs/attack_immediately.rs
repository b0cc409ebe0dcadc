//! `(attack-immediately WHO)`: the power's own character, attacking in this combat,
//! attacks the first character of WHO as soon as this combat ends (even though it is
//! exhausted).

use crate::verbs::{Compiler, HostState, Pcg};
use crate::vocab::Who;
use crate::wording::who;
use crate::words::{err, one_who, E};
use crossover_kernel::Seat;
use crossover_sexpr::Sexp;
use crossover_vs_core::Verb;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct AttackImmediately {
    pub who: Who,
}

impl Verb<Pcg> for AttackImmediately {
    const WORDS: &'static [&'static str] = &["attack-immediately"];

    fn compile(c: &mut Compiler<'_>, word: &str, form: &Sexp) -> Result<(), E> {
        let who = one_who(form, word, c.scope)?;
        if !c.scope.has_self {
            return err(form.pos(), "`attack-immediately` makes the power's own character attack; a plot twist has none");
        }
        c.push(AttackImmediately { who });
        Ok(())
    }

    fn text(&self) -> String {
        format!("This character may immediately attack {}.", who(&self.who))
    }

    fn run(&self, g: &mut HostState) -> Option<Seat> {
        let me = g.source();
        if let Some(&t) = g.who(&self.who).first() {
            if g.is_attacking(me) {
                g.attack_next(me, t);
                g.log_line(&mut |g| {
                    format!("{} will attack {} next.", g.card_name(me), g.card_name(t))
                });
            }
        }
        None
    }
}

#[cfg(all(test, feature = "testkit"))]
mod tests {
    use crate::action::Action;
    use crate::testkit::power_bench;
    use crossover_kernel::Game;

    /// Combat: the attacker is set to attack the chosen enemy right after this combat;
    /// not while it isn't attacking.
    #[test]
    fn attack_immediately_does_what_the_rulebook_says() {
        let (mut g, me, use_it, theirs) = power_bench(
            "combat",
            "(choose 0 (enemy main character)) (attack-immediately (chosen 0))",
        );
        let text = crate::text::card_text(g.def(me));
        assert!(
            text.contains("This character may immediately attack that character."),
            "{text}"
        );
        let main = g.players()[1].main();
        g.apply(&Action::Attack { attacker: me }).unwrap();
        g.apply(&Action::Defender { card: theirs }).unwrap();
        g.apply(&use_it).unwrap();
        assert_eq!(g.follow_up_attack(), Some((me, main)));
    }
}
