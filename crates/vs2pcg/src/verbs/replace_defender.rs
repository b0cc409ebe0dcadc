//! `(replace-defender WITH)`: remove a defender on your side from the combat and replace it
//! with WITH's first character, which must be able to become a defender; their positions
//! switch (Game Terms, Switch: not if either can't move).

use crate::verbs::{Compiler, HostState, Pcg};
use crate::vocab::Who;
use crate::wording::who;
use crate::words::{one_who, E};
use crossover_kernel::Seat;
use crossover_sexpr::Sexp;
use crossover_vs_core::Verb;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ReplaceDefender {
    pub with: Who,
}

impl Verb<Pcg> for ReplaceDefender {
    const WORDS: &'static [&'static str] = &["replace-defender"];

    fn compile(c: &mut Compiler<'_>, word: &str, form: &Sexp) -> Result<(), E> {
        let with = one_who(form, word, c.scope)?;
        c.push(ReplaceDefender { with });
        Ok(())
    }

    fn text(&self) -> String {
        format!(
            "Remove a defender on your side from the combat and replace it with {}; switch their positions.",
            who(&self.with)
        )
    }

    fn run(&self, g: &mut HostState) -> Option<Seat> {
        let cands = g.who(&self.with);
        if cands.is_empty() {
            return None;
        }
        let old = g.defender()?;
        if g.controller_of(old) != g.controller() {
            return None;
        }
        let new = cands[0];
        if !g.is_face_up_character(new) || new == old {
            return None;
        }
        g.switch(old, new);
        g.make_defender(new);
        g.log_line(&mut |g| {
            format!(
                "{} replaces {} as the defender.",
                g.card_name(new),
                g.card_name(old)
            )
        });
        None
    }
}

#[cfg(all(test, feature = "testkit"))]
mod tests {
    use crate::action::Action;
    use crate::ids::Zone;
    use crate::testkit::verb_bench_timed;
    use crossover_kernel::Game;

    /// Game Terms, Switch: Bo's vanilla takes his attacked main character's place as the
    /// defender.
    #[test]
    fn replace_defender_does_what_the_rulebook_says() {
        let (mut g, pt, mine, theirs) = verb_bench_timed(
            "combat any-turn",
            "(choose 0 (yours face-up not-in-combat character)) (replace-defender (chosen 0))",
        );
        let text = crate::text::steps(&g.def(pt).effect);
        assert!(
            text.ends_with("Remove a defender on your side from the combat and replace it with that character; switch their positions."),
            "{text}"
        );
        let bos = g.spawn("t-verb", 1, Zone::Hand);
        let main = g.players()[1].main();
        g.apply(&Action::Attack { attacker: mine }).unwrap();
        g.apply(&Action::Defender { card: main }).unwrap();
        g.apply(&Action::Pass).unwrap();
        g.apply(&Action::PlayPlotTwist { card: bos }).unwrap();
        assert_eq!(g.combat().as_ref().and_then(|c| c.defender), Some(theirs));
    }
}
