//! `(draw-until PLAYER N)`: each player draws cards until their hand has N cards; a player
//! with N or more draws none (Hand; an empty deck skips the draws it can't give, Running
//! Out Of Cards p.25).

use crate::verbs::{Compiler, HostState, Pcg};
use crate::vocab::PlayerWho;
use crate::wording::subject;
use crate::words::{int_in, parse_player, written, E};
use crossover_kernel::Seat;
use crossover_sexpr::Sexp;
use crossover_vs_core::Verb;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct DrawUntil {
    pub player: PlayerWho,
    pub n: u8,
}

impl Verb<Pcg> for DrawUntil {
    const WORDS: &'static [&'static str] = &["draw-until"];

    fn compile(c: &mut Compiler<'_>, word: &str, form: &Sexp) -> Result<(), E> {
        let a = written(form, word, 2, "(draw-until PLAYER N), like (draw-until you 3)")?;
        let player = parse_player(&a[0], c.scope)?;
        let n = int_in(&a[1], "a hand size", 1, 30)? as u8;
        c.push(DrawUntil { player, n });
        Ok(())
    }

    fn text(&self) -> String {
        let their = if self.player == PlayerWho::You {
            "your"
        } else {
            "their"
        };
        format!(
            "{} cards until {their} hand has {} cards.",
            subject(&self.player, "draw"),
            self.n
        )
    }

    fn run(&self, g: &mut HostState) -> Option<Seat> {
        for seat in g.which_players(&self.player) {
            let have = g.hand(seat).len();
            let want = self.n as usize;
            if have < want {
                g.draw(seat, (want - have) as u32);
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

    /// Hand: the player draws up to the number, never past it.
    #[test]
    fn draw_until_does_what_the_rulebook_says() {
        let (mut g, pt, _, _) = verb_bench("(draw-until you 9)");
        let text = crate::text::steps(&g.def(pt).effect);
        assert_eq!(text, "You draw cards until your hand has 9 cards.");
        g.apply(&Action::PlayPlotTwist { card: pt }).unwrap();
        assert_eq!(g.players()[0].hand().len(), 9);
    }
}
