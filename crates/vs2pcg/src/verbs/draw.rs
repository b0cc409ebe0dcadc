//! `(draw PLAYER AMOUNT)`: players draw cards (an empty deck skips the draw, Running Out
//! Of Cards p.25).

use crate::verbs::{Compiler, HostState, Pcg};
use crate::vocab::{Amount, PlayerWho};
use crate::wording::{count_of, subject};
use crate::words::{parse_amount, parse_player, written, E};
use crossover_kernel::Seat;
use crossover_sexpr::Sexp;
use crossover_vs_core::Verb;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Draw {
    pub player: PlayerWho,
    pub n: Amount,
}

impl Verb<Pcg> for Draw {
    const WORDS: &'static [&'static str] = &["draw"];

    fn compile(c: &mut Compiler<'_>, word: &str, form: &Sexp) -> Result<(), E> {
        let a = written(form, word, 2, "(draw PLAYER AMOUNT), like (draw you 1)")?;
        let player = parse_player(&a[0], c.scope)?;
        let n = parse_amount(&a[1], c.scope, false)?;
        c.push(Draw { player, n });
        Ok(())
    }

    fn text(&self) -> String {
        format!(
            "{} {}.",
            subject(&self.player, "draw"),
            count_of(&self.n, "card")
        )
    }

    fn run(&self, g: &mut HostState) -> Option<Seat> {
        let n = g.how_many(&self.n).max(0) as u32;
        for p in g.which_players(&self.player) {
            g.draw(p, n);
        }
        None
    }
}

#[cfg(all(test, feature = "testkit"))]
mod tests {
    use crate::action::Action;
    use crate::testkit::verb_bench;
    use crossover_kernel::Game;

    /// Drawing cards: each enemy player takes two cards from the top of their deck.
    #[test]
    fn draw_does_what_the_rulebook_says() {
        let (mut g, pt, mine, theirs) = verb_bench("(draw each-enemy 2)");
        let text = crate::text::steps(&g.def(pt).effect);
        assert_eq!(text, "Each enemy player draws 2 cards.");
        let (hand, deck) = (g.players()[1].hand().len(), g.players()[1].deck().len());
        let my_hand = g.players()[0].hand().len();
        g.apply(&Action::PlayPlotTwist { card: pt }).unwrap();
        assert_eq!(g.players()[1].hand().len(), hand + 2);
        assert_eq!(g.players()[1].deck().len(), deck - 2);
        assert_eq!(g.players()[0].hand().len(), my_hand - 1);
        let _ = (mine, theirs);
    }
}
