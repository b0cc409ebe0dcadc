//! `(discard-random PLAYER AMOUNT)`: players discard cards picked at random from their
//! hands (discarded cards go to their owner's KO pile).

use crate::verbs::{Compiler, HostState, Pcg};
use crate::vocab::{Amount, PlayerWho};
use crate::wording::{count_of, subject};
use crate::words::{parse_amount, parse_player, written, E};
use crossover_kernel::Seat;
use crossover_sexpr::Sexp;
use crossover_vs_core::Verb;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct DiscardRandom {
    pub player: PlayerWho,
    pub n: Amount,
}

impl Verb<Pcg> for DiscardRandom {
    const WORDS: &'static [&'static str] = &["discard-random"];

    fn compile(c: &mut Compiler<'_>, word: &str, form: &Sexp) -> Result<(), E> {
        let a = written(
            form,
            word,
            2,
            "(discard-random PLAYER AMOUNT), like (discard-random you 1)",
        )?;
        let player = parse_player(&a[0], c.scope)?;
        let n = parse_amount(&a[1], c.scope, false)?;
        c.push(DiscardRandom { player, n });
        Ok(())
    }

    fn text(&self) -> String {
        format!(
            "{} {}.",
            subject(&self.player, "discard"),
            count_of(&self.n, "random card")
        )
    }

    fn run(&self, g: &mut HostState) -> Option<Seat> {
        let n = g.how_many(&self.n).max(0);
        for p in g.which_players(&self.player) {
            for _ in 0..n {
                if !g.discard_at_random(p) {
                    break;
                }
            }
        }
        None
    }
}

#[cfg(all(test, feature = "testkit"))]
mod tests {
    use crate::action::Action;
    use crate::testkit::verb_bench;
    use crossover_kernel::Game;

    /// Discarding: two cards of the enemy's hand go to their KO pile, none of Ada's.
    #[test]
    fn discard_random_does_what_the_rulebook_says() {
        let (mut g, pt, mine, theirs) = verb_bench("(discard-random each-enemy 2)");
        let text = crate::text::steps(&g.def(pt).effect);
        assert_eq!(text, "Each enemy player discards 2 random cards.");
        let hand: Vec<_> = g.players()[1].hand().clone();
        let ko = g.players()[1].ko_pile().len();
        g.apply(&Action::PlayPlotTwist { card: pt }).unwrap();
        assert_eq!(g.players()[1].hand().len(), hand.len() - 2);
        assert_eq!(g.players()[1].ko_pile().len(), ko + 2);
        assert!(g.players()[1].ko_pile().iter().all(|c| hand.contains(c)));
        let _ = (mine, theirs);
    }
}
