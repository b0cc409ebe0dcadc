//! `(lose-endurance PLAYER AMOUNT)` (104.1).

use crate::verbs::{Compiler, HostState, Tcg};
use crate::vocab::{Amount, PlayerWho};
use crate::wording::{amount, player};
use crate::words::{player_and_amount, R};
use crossover_kernel::Seat;
use crossover_sexpr::Sexp;
use crossover_vs_core::Verb;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct LoseEndurance {
    pub who: PlayerWho,
    pub n: Amount,
}

impl Verb<Tcg> for LoseEndurance {
    const WORDS: &'static [&'static str] = &["lose-endurance"];

    fn compile(c: &mut Compiler<'_>, word: &str, form: &Sexp) -> R<()> {
        let (who, n) = player_and_amount(form, word, &mut c.scope)?;
        c.push(LoseEndurance { who, n });
        Ok(())
    }

    fn text(&self) -> String {
        let who = player(&self.who);
        let verb = if matches!(self.who, PlayerWho::You) {
            "lose"
        } else {
            "loses"
        };
        let mut s = match &self.n {
            crate::vocab::Amount::N(_) => format!("{who} {verb} {} endurance.", amount(&self.n)),
            n => format!("{who} {verb} endurance equal to {}.", amount(n)),
        };
        s[..1].make_ascii_uppercase();
        s
    }

    fn run(&self, g: &mut HostState) -> Option<Seat> {
        let n = g.amount(&self.n);
        for p in g.players(&self.who) {
            g.lose_endurance(p, n);
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use crate::testkit::Bench;

    /// 104.1: endurance may go below 0; a player at 0 or less loses only at the
    /// wrap-up's endurance check (102.4).
    #[test]
    fn r104_1_r102_4_endurance_goes_negative_and_the_game_goes_on() {
        let (mut b, pt) = Bench::with_effect(
            "(target 0 player opponent) (lose-endurance (target 0) 60)",
            "",
        );
        assert_eq!(
            b.effect_text(pt),
            "Target 0 is an opponent. Target player 0 loses 60 endurance."
        );
        b.act(crate::action::Action::PlayPlotTwist(pt));
        b.act(crate::action::Action::ChooseTarget(
            crate::state::TargetRef::Player(1),
        ));
        b.resolve_all();
        assert_eq!(b.g.endurance(1), -10);
        assert!(b.g.in_game(1) && b.g.result().is_none());
    }
}
