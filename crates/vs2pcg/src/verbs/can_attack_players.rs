//! `(can-attack-players WHO)`: for the rest of the game characters can attack enemy
//! players (a player can be attacked only if all of its characters are stunned;
//! defending, it is a 0/1 supporting character with 1 health).

use crate::verbs::{Compiler, HostState, Pcg};
use crate::vocab::Who;
use crate::wording::who;
use crate::words::{one_who, E};
use crossover_kernel::Seat;
use crossover_sexpr::Sexp;
use crossover_vs_core::Verb;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct CanAttackPlayers {
    pub who: Who,
}

impl Verb<Pcg> for CanAttackPlayers {
    const WORDS: &'static [&'static str] = &["can-attack-players"];

    fn compile(c: &mut Compiler<'_>, word: &str, form: &Sexp) -> Result<(), E> {
        let who = one_who(form, word, c.scope)?;
        c.push(CanAttackPlayers { who });
        Ok(())
    }

    fn text(&self) -> String {
        format!(
            "For the rest of the game, {} can attack enemy players (only a player whose characters are all stunned; a defending player counts as a 0/1 supporting character with 1 health).",
            who(&self.who)
        )
    }

    fn run(&self, g: &mut HostState) -> Option<Seat> {
        let chars = g.who(&self.who);
        if !chars.is_empty() {
            g.ensure_players_can_defend();
        }
        for c in chars {
            g.allow_attacking_players(c);
            g.log_line(&mut |g| format!("{} can attack enemy players.", g.card_name(c)));
        }
        None
    }
}

#[cfg(all(test, feature = "testkit"))]
mod tests {
    use crate::action::Action;
    use crate::state::ModKind;
    use crate::testkit::verb_bench;
    use crossover_kernel::Game;

    /// A character that can attack players keeps that for the rest of the game; the
    /// others can't.
    #[test]
    fn can_attack_players_does_what_the_rulebook_says() {
        let (mut g, pt, mine, theirs) =
            verb_bench("(choose 0 (yours supporting character)) (can-attack-players (chosen 0))");
        let text = crate::text::steps(&g.def(pt).effect);
        assert!(
            text.contains("For the rest of the game, that character can attack enemy players"),
            "{text}"
        );
        g.apply(&Action::PlayPlotTwist { card: pt }).unwrap();
        let can = |c| g.modifiers_on(c).any(|m| m.kind == ModKind::AttackPlayers);
        assert!(can(mine));
        assert!(!can(theirs));
    }
}
