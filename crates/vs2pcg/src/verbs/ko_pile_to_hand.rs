//! `(ko-pile-to-hand N [random])`: return cards of your KO pile to your hand: N picked at
//! random, or one of your choice.

use crate::action::Action;
use crate::verbs::{Compiler, HostState, Pcg};
use crate::vocab::Amount;
use crate::wording::count_of;
use crate::words::{err, int_in, word as plain_word, E};
use crossover_kernel::Seat;
use crossover_sexpr::Sexp;
use crossover_vs_core::Verb;
use serde::{Deserialize, Serialize};

/// The scratch slot of the card taken.
const TAKEN: u8 = 6;

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct KoPileToHand {
    pub random: bool,
    pub n: u8,
}

impl Verb<Pcg> for KoPileToHand {
    const WORDS: &'static [&'static str] = &["ko-pile-to-hand"];

    fn compile(c: &mut Compiler<'_>, _word: &str, form: &Sexp) -> Result<(), E> {
        let (n, random) = match form.args() {
            [n] => (n, false),
            [n, r] if plain_word(r).as_deref() == Some("random") => (n, true),
            _ => {
                return err(
                    form.pos(),
                    "`ko-pile-to-hand` is written (ko-pile-to-hand N [random])",
                )
            }
        };
        let n = int_in(n, "the number of cards", 1, 9)? as u8;
        if !random && n != 1 {
            return err(
                form.pos(),
                "(ko-pile-to-hand N) without `random` takes one card of your choice: N must be 1",
            );
        }
        c.push(KoPileToHand { random, n });
        Ok(())
    }

    fn text(&self) -> String {
        format!(
            "Return {} of your KO pile to your hand.",
            count_of(
                &Amount::Fixed(self.n as i32),
                if self.random { "random card" } else { "card" }
            )
        )
    }

    fn run(&self, g: &mut HostState) -> Option<Seat> {
        let me = g.controller();
        for _ in 0..self.n {
            let pile = g.ko_pile(me);
            if pile.is_empty() {
                break;
            }
            if self.random {
                let c = pile[g.random_below(pile.len())];
                g.put_into_hand(c, me);
            } else {
                return g.slot(TAKEN).is_empty().then_some(me);
            }
        }
        None
    }

    fn options(&self, g: &HostState) -> Vec<Action> {
        g.ko_pile(g.controller())
            .into_iter()
            .map(|card| Action::Choose { card })
            .collect()
    }

    fn answer(&self, g: &mut HostState, a: &Action) -> bool {
        let Action::Choose { card } = a else {
            return false;
        };
        let me = g.controller();
        g.add_to_slot(TAKEN, *card);
        g.put_into_hand(*card, me);
        g.next_step();
        true
    }

    fn prompt(&self, _g: &HostState) -> Option<String> {
        Some("make a choice".into())
    }
}

#[cfg(all(test, feature = "testkit"))]
mod tests {
    use crate::action::Action;
    use crate::testkit::verb_bench;
    use crossover_kernel::Game;

    /// KO pile: Ada takes the KO'd 2/2 of her choice back into her hand.
    #[test]
    fn ko_pile_to_hand_does_what_the_rulebook_says() {
        let (mut g, pt, mine, theirs) = verb_bench(
            "(choose 0 (yours supporting character)) (ko (chosen 0)) (ko-pile-to-hand 1)",
        );
        let text = crate::text::steps(&g.def(pt).effect);
        assert!(
            text.ends_with("Return a card of your KO pile to your hand."),
            "{text}"
        );
        g.apply(&Action::PlayPlotTwist { card: pt }).unwrap();
        assert_eq!(g.legal_actions(), vec![Action::Choose { card: mine }]);
        g.apply(&Action::Choose { card: mine }).unwrap();
        assert!(g.players()[0].hand().contains(&mine));
        let _ = theirs;
    }
}
