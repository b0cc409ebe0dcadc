//! `(look-top-take-one N)`: look at the top N cards of your deck; one goes to your hand,
//! the others to the bottom of your deck.

use crate::action::Action;
use crate::verbs::reveal_top_take_character::{look_at_top, looked_at, take_one, top_n};
use crate::verbs::{Compiler, HostState, Pcg};
use crate::words::E;
use crossover_kernel::Seat;
use crossover_sexpr::Sexp;
use crossover_vs_core::Verb;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct LookTopTakeOne {
    pub n: u8,
}

impl Verb<Pcg> for LookTopTakeOne {
    const WORDS: &'static [&'static str] = &["look-top-take-one"];

    fn compile(c: &mut Compiler<'_>, word: &str, form: &Sexp) -> Result<(), E> {
        let n = top_n(word, form)?;
        c.push(LookTopTakeOne { n });
        Ok(())
    }

    fn text(&self) -> String {
        format!(
            "Look at your deck's top {} cards; one goes to your hand, the others under your deck.",
            self.n
        )
    }

    fn run(&self, g: &mut HostState) -> Option<Seat> {
        look_at_top(g, self.n)
    }

    fn options(&self, g: &HostState) -> Vec<Action> {
        looked_at(g)
            .into_iter()
            .map(|card| Action::Choose { card })
            .collect()
    }

    fn answer(&self, g: &mut HostState, a: &Action) -> bool {
        take_one(g, a)
    }

    fn prompt(&self, _g: &HostState) -> Option<String> {
        Some("choose a card".into())
    }
}

#[cfg(all(test, feature = "testkit"))]
mod tests {
    use crate::action::Action;
    use crate::testkit::verb_bench;
    use crossover_kernel::Game;

    /// Searching: Ada looks at the top 2 cards, must take one, and the other goes under.
    #[test]
    fn look_top_take_one_does_what_the_rulebook_says() {
        let (mut g, pt, mine, theirs) = verb_bench("(look-top-take-one 2)");
        let text = crate::text::steps(&g.def(pt).effect);
        assert_eq!(
            text,
            "Look at your deck's top 2 cards; one goes to your hand, the others under your deck."
        );
        let deck = g.players()[0].deck().clone();
        let (second, top) = (deck[deck.len() - 2], deck[deck.len() - 1]);
        g.apply(&Action::PlayPlotTwist { card: pt }).unwrap();
        assert!(!g.legal_actions().contains(&Action::Pass));
        g.apply(&Action::Choose { card: top }).unwrap();
        assert!(g.players()[0].hand().contains(&top));
        assert_eq!(g.players()[0].deck()[0], second);
        let _ = (mine, theirs);
    }
}
