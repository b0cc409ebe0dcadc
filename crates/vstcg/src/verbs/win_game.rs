//! `(win-game)`: the effect's controller wins the game (102.2: every other player still
//! in the game loses).

use crate::verbs::{Compiler, HostState, Tcg};
use crate::words::{err, R};
use crossover_kernel::Seat;
use crossover_sexpr::Sexp;
use crossover_vs_core::Verb;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct WinGame;

impl Verb<Tcg> for WinGame {
    const WORDS: &'static [&'static str] = &["win-game"];

    fn compile(c: &mut Compiler<'_>, _word: &str, form: &Sexp) -> R<()> {
        if !form.args().is_empty() {
            return err(form.pos(), "write `(win-game)`: you win the game (102.2)");
        }
        c.push(WinGame);
        Ok(())
    }

    fn text(&self) -> String {
        "You win the game.".into()
    }

    fn run(&self, g: &mut HostState) -> Option<Seat> {
        let p = g.controller();
        g.win_game(p);
        None
    }
}

#[cfg(test)]
mod tests {
    use crate::state::GameResult;
    use crate::testkit::Bench;

    /// 102.2: a player who wins the game ends it: the other players lose.
    #[test]
    fn r102_2_the_winner_ends_the_game_and_the_others_lose() {
        let (mut b, pt) = Bench::with_effect("(win-game)", "");
        assert_eq!(b.effect_text(pt), "You win the game.");
        b.play(pt, &[]);
        assert_eq!(b.g.result(), Some(&GameResult::Win(0)));
        assert!(!b.g.in_game(1));
    }
}
