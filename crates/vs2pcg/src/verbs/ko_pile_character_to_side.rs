//! `(ko-pile-character-to-side [enemy|yours])`: the controller chooses a character card in
//! a KO pile (an enemy player's with `enemy`, their own with `yours`), then the row of
//! their side it appears in.

use crate::action::Action;
use crate::verbs::{Compiler, HostState, Pcg};
use crate::words::{err, word, E};
use crossover_kernel::Seat;
use crossover_sexpr::Sexp;
use crossover_vs_core::Verb;
use serde::{Deserialize, Serialize};

/// The effect's slot holding the card chosen, until its row is.
const FOUND: u8 = 11;

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct KoPileCharacterToSide {
    pub enemy_only: bool,
    /// Only from the controller's own KO pile.
    #[serde(default)]
    pub yours_only: crossover_kernel::Added<bool>,
}

impl Verb<Pcg> for KoPileCharacterToSide {
    const WORDS: &'static [&'static str] = &["ko-pile-character-to-side"];

    fn compile(c: &mut Compiler<'_>, _word: &str, form: &Sexp) -> Result<(), E> {
        let (enemy_only, yours_only) = match form.args() {
            [] => (false, false),
            [e] if word(e).as_deref() == Some("enemy") => (true, false),
            [e] if word(e).as_deref() == Some("yours") => (false, true),
            _ => {
                return err(
                    form.pos(),
                    "`ko-pile-character-to-side` is written (ko-pile-character-to-side [enemy|yours])",
                )
            }
        };
        c.push(KoPileCharacterToSide {
            enemy_only,
            yours_only: crossover_kernel::Added(yours_only),
        });
        Ok(())
    }

    fn text(&self) -> String {
        format!(
            "Bring a character out of {}KO pile onto your side.",
            if self.enemy_only {
                "an enemy player's "
            } else if *self.yours_only {
                "your "
            } else {
                "a "
            }
        )
    }

    fn run(&self, g: &mut HostState) -> Option<Seat> {
        (!self.candidates(g).is_empty()).then(|| g.controller())
    }

    /// First the card, then the row of its new controller's side.
    fn options(&self, g: &HostState) -> Vec<Action> {
        if !g.slot(FOUND).is_empty() {
            return crate::verbs::row_choices();
        }
        self.candidates(g)
            .into_iter()
            .map(|card| Action::Choose { card })
            .collect()
    }

    fn answer(&self, g: &mut HostState, a: &Action) -> bool {
        match *a {
            // The step asks again, for the row.
            Action::Choose { card } => g.set_slot(FOUND, vec![card]),
            Action::ChooseRow { row } => {
                if let Some(&card) = g.slot(FOUND).first() {
                    g.set_slot(FOUND, Vec::new());
                    let me = g.controller();
                    g.put_onto_side(card, row, me);
                }
                g.next_step();
            }
            _ => return false,
        }
        true
    }

    fn prompt(&self, _g: &HostState) -> Option<String> {
        Some("choose a character in a KO pile".into())
    }
}

impl KoPileCharacterToSide {
    /// The character cards this step may bring back.
    fn candidates(&self, g: &HostState) -> Vec<crate::ids::CardId> {
        let me = g.controller();
        let mut v = g.characters_in_ko_piles(self.enemy_only);
        if *self.yours_only {
            v.retain(|&c| g.owner_of(c) == me);
        }
        v
    }
}

#[cfg(all(test, feature = "testkit"))]
mod tests {
    use crate::action::Action;
    use crate::ids::{Row, Zone};
    use crate::testkit::verb_bench;
    use crossover_kernel::Game;

    /// Bo's KO'd character comes onto Ada's side, in the row she picks: first the card,
    /// then the row; the text says from whose KO pile.
    #[test]
    fn ko_pile_character_to_side_does_what_the_rulebook_says() {
        let (mut g, pt, _, theirs) = verb_bench("(ko-pile-character-to-side enemy)");
        let text = crate::text::steps(&g.def(pt).effect);
        assert!(
            text.starts_with("Bring a character out of an enemy player's KO pile"),
            "{text}"
        );
        g.move_to(theirs, Zone::KoPile, 1);
        g.apply(&Action::PlayPlotTwist { card: pt }).unwrap();
        assert_eq!(g.legal_actions(), vec![Action::Choose { card: theirs }]);
        g.apply(&Action::Choose { card: theirs }).unwrap();
        assert_eq!(
            g.legal_actions(),
            vec![
                Action::ChooseRow { row: Row::Front },
                Action::ChooseRow { row: Row::Back }
            ]
        );
        g.apply(&Action::ChooseRow { row: Row::Back }).unwrap();
        assert_eq!(g.card(theirs).controller, 0, "on Ada's side");
        assert_eq!(g.card(theirs).zone(), Zone::Back);
    }
}
