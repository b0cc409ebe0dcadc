//! `name-a-card`: the controller names a card (any card name of this game), for a later
//! `named` hand filter.

use crate::action::Action;
use crate::verbs::{Compiler, HostState, Pcg};
use crate::words::{err, E};
use crossover_kernel::Seat;
use crossover_sexpr::Sexp;
use crossover_vs_core::Verb;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct NameCard;

impl Verb<Pcg> for NameCard {
    const WORDS: &'static [&'static str] = &["name-a-card"];

    fn compile(c: &mut Compiler<'_>, _word: &str, form: &Sexp) -> Result<(), E> {
        if !form.args().is_empty() {
            return err(form.pos(), "`name-a-card` takes no arguments");
        }
        c.scope.named = true;
        c.push(NameCard);
        Ok(())
    }

    fn text(&self) -> String {
        "Name a card.".into()
    }

    fn run(&self, g: &mut HostState) -> Option<Seat> {
        g.named_card().is_none().then(|| g.controller())
    }

    fn options(&self, g: &HostState) -> Vec<Action> {
        g.name_options()
            .into_iter()
            .map(|def| Action::ChooseName { def })
            .collect()
    }

    fn answer(&self, g: &mut HostState, a: &Action) -> bool {
        let Action::ChooseName { def } = a else {
            return false;
        };
        let (def, me) = (*def, g.controller());
        g.name_card(def);
        g.log_line(&mut |g| format!("{} names {}.", g.player_name(me), g.def_name(def)));
        g.next_step();
        true
    }

    fn prompt(&self, _g: &HostState) -> Option<String> {
        Some("name a card".into())
    }
}

#[cfg(all(test, feature = "testkit"))]
mod tests {
    use crate::action::Action;
    use crate::testkit::verb_bench;
    use crossover_kernel::Game;

    /// Naming a card: Ada names Vanilla, and Bo discards each card of that name.
    #[test]
    fn name_card_does_what_the_rulebook_says() {
        let (mut g, pt, mine, theirs) = verb_bench("name-a-card (discard-each each-enemy named)");
        let text = crate::text::steps(&g.def(pt).effect);
        assert!(text.starts_with("Name a card."), "{text}");
        g.apply(&Action::PlayPlotTwist { card: pt }).unwrap();
        let vanilla = g.card(mine).def();
        assert!(g
            .legal_actions()
            .contains(&Action::ChooseName { def: vanilla }));
        assert!(!g.players()[1].hand().is_empty());
        g.apply(&Action::ChooseName { def: vanilla }).unwrap();
        assert!(g.players()[1].hand().is_empty());
        let _ = theirs;
    }
}
