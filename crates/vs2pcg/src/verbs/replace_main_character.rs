//! `(replace-main-character NUMBER [stunned])`: if the power's own character is its
//! controller's main character, KO it and put NUMBER from outside the game onto the side
//! as the new main character, stunned if so written (Sister Ripley; Regressing/Progressing
//! p.22 example).

use crate::verbs::transform_into::outside_card;
use crate::verbs::{Compiler, HostState, Pcg};
use crate::words::{err, E};
use crossover_kernel::Seat;
use crossover_sexpr::Sexp;
use crossover_vs_core::Verb;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ReplaceMainCharacter {
    pub number: String,
    pub stunned: bool,
}

impl Verb<Pcg> for ReplaceMainCharacter {
    const WORDS: &'static [&'static str] = &["replace-main-character"];

    fn compile(c: &mut Compiler<'_>, word: &str, form: &Sexp) -> Result<(), E> {
        let number = outside_card(c, word, form)?;
        let a = form.args();
        let stunned = match a.get(1).and_then(|x| x.as_atom()) {
            None => false,
            Some("stunned") => true,
            Some(_) => return err(a[1].pos(), "(replace-main-character NUMBER [stunned])"),
        };
        c.push(ReplaceMainCharacter { number, stunned });
        Ok(())
    }

    fn text(&self) -> String {
        format!(
            "If this character is your main character, KO it and put {} from outside the game onto your side{} as your new main character.",
            self.number,
            if self.stunned { " stunned" } else { "" }
        )
    }

    fn run(&self, g: &mut HostState) -> Option<Seat> {
        let (me, seat) = (g.source(), g.controller());
        g.replace_main_character(me, seat, &self.number, self.stunned);
        None
    }
}

#[cfg(all(test, feature = "testkit"))]
mod tests {
    use crate::ids::Zone;
    use crate::testkit::main_power_bench;
    use crossover_kernel::Game;

    /// Regressing/Progressing Main Characters p.22 (example): the main character is KO'd
    /// and the set-aside card is the new main character, stunned.
    #[test]
    fn replace_main_character_does_what_the_rulebook_says() {
        let (mut g, main, use_it, theirs) =
            main_power_bench("(replace-main-character t-vmc2 stunned)");
        let text = crate::text::card_text(g.def(main));
        assert!(
            text.contains("If this character is your main character, KO it and put t-vmc2 from outside the game onto your side stunned as your new main character."),
            "{text}"
        );
        g.apply(&use_it).unwrap();
        let new = g.players()[0].main();
        assert_ne!(new, main);
        assert_eq!(g.def(new).number, "t-vmc2");
        assert!(!g.card(new).face_up());
        assert_ne!(g.card(main).zone(), Zone::Front);
        let _ = theirs;
    }
}
