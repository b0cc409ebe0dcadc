//! `self-from-ko-pile`: if this character is in its owner's KO pile, it comes onto their
//! side, in the row they choose. A Super Power whose first step this is can be used
//! from the KO pile (`act.rs`).

use crate::action::Action;
use crate::ids::Zone;
use crate::verbs::{Compiler, HostState, Pcg};
use crate::words::{about_own_character, E};
use crossover_kernel::Seat;
use crossover_sexpr::Sexp;
use crossover_vs_core::Verb;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct SelfFromKoPile;

impl Verb<Pcg> for SelfFromKoPile {
    const WORDS: &'static [&'static str] = &["self-from-ko-pile"];

    fn compile(c: &mut Compiler<'_>, word: &str, form: &Sexp) -> Result<(), E> {
        about_own_character(c.scope, form, word)?;
        c.push(SelfFromKoPile);
        Ok(())
    }

    fn text(&self) -> String {
        "If this character is in your KO pile, put it onto your side.".into()
    }

    /// Its owner picks the row.
    fn run(&self, g: &mut HostState) -> Option<Seat> {
        let me = g.source();
        (g.zone_of(me) == Zone::KoPile).then(|| g.owner_of(me))
    }

    fn options(&self, _g: &HostState) -> Vec<Action> {
        crate::verbs::row_choices()
    }

    fn answer(&self, g: &mut HostState, a: &Action) -> bool {
        let Action::ChooseRow { row } = *a else {
            return false;
        };
        let me = g.source();
        if g.zone_of(me) == Zone::KoPile {
            let owner = g.owner_of(me);
            g.put_onto_side(me, row, owner);
        }
        g.next_step();
        true
    }

    fn prompt(&self, _g: &HostState) -> Option<String> {
        Some("choose a row".into())
    }
}

#[cfg(all(test, feature = "testkit"))]
mod tests {
    use crate::action::Action;
    use crate::ids::{Row, Zone};
    use crate::testkit::power_bench;
    use crossover_kernel::Game;

    /// A KO'd character whose Super Power starts with this step uses it from the KO pile
    /// and comes back onto its owner's side, in the row they pick.
    #[test]
    fn self_from_ko_pile_does_what_its_card_says() {
        let (mut g, bearer, use_it, _) = power_bench("main", "self-from-ko-pile");
        let text = crate::text::card_text(g.def(bearer));
        assert!(
            text.contains(": If this character is in your KO pile, put it onto your side."),
            "{text}"
        );
        g.move_to(bearer, Zone::KoPile, 0);
        g.apply(&use_it).unwrap();
        assert_eq!(
            g.legal_actions(),
            vec![
                Action::ChooseRow { row: Row::Front },
                Action::ChooseRow { row: Row::Back }
            ]
        );
        g.apply(&Action::ChooseRow { row: Row::Back }).unwrap();
        assert_eq!(g.card(bearer).zone(), Zone::Back);
        assert_eq!(g.card(bearer).controller, 0);
    }

    /// Only a power's own character can come back: a plot twist has none.
    #[test]
    fn self_from_ko_pile_needs_a_character() {
        let src = "(card t-x \"X\" (plot-twist (timing main)) (effect self-from-ko-pile))\n";
        let e = crate::cardfile::parse_cards("x.cards", src).unwrap_err();
        assert!(e.to_string().contains("plot twist has none"), "{e}");
    }
}
