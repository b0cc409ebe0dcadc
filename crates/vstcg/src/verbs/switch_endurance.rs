//! `(switch-endurance PLAYER PLAYER)`: two players' endurance totals switch;
//! `(endurance-becomes PLAYER PLAYER)`: the first player's total becomes equal to the
//! second's. A switch is done by adding to and subtracting from each value (glossary
//! Switch): each total changes by the difference, which is no loss or gain of endurance
//! for replacements and triggers (docs/rulings.md). The other player's total is used as
//! it is, negative or not (104.1b: the one exception, with comparing, to 104.1's "a
//! negative number counts as 0"). Each PLAYER must name one player; if either names none
//! (an illegal target), nothing happens.

use crate::verbs::{Compiler, HostState, Tcg};
use crate::vocab::PlayerWho;
use crate::wording::player;
use crate::words::{err, parse_player, R};
use crossover_kernel::Seat;
use crossover_sexpr::Sexp;
use crossover_vs_core::Verb;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct SwitchEndurance {
    pub a: PlayerWho,
    pub b: PlayerWho,
    /// Both change (a switch), or only `a` becomes equal to `b`.
    pub switch: bool,
}

fn one_player(p: PlayerWho) -> bool {
    matches!(
        p,
        PlayerWho::You | PlayerWho::Target(_) | PlayerWho::ControllerOf(_)
    )
}

impl Verb<Tcg> for SwitchEndurance {
    const WORDS: &'static [&'static str] = &["switch-endurance", "endurance-becomes"];

    fn compile(c: &mut Compiler<'_>, word: &str, form: &Sexp) -> R<()> {
        let [a, b] = form.args() else {
            return err(form.pos(), format!("write `({word} PLAYER PLAYER)`"));
        };
        let (a, b) = (
            parse_player(a, &mut c.scope)?,
            parse_player(b, &mut c.scope)?,
        );
        if !one_player(a) || !one_player(b) {
            return err(
                form.pos(),
                "each PLAYER is one player: `you`, `(target N)` or `(controller-of N)`",
            );
        }
        c.push(SwitchEndurance {
            a,
            b,
            switch: word == "switch-endurance",
        });
        Ok(())
    }

    fn text(&self) -> String {
        let (a, b) = (player(&self.a), player(&self.b));
        let whose = |p: &PlayerWho, name: &str| match p {
            PlayerWho::You => "yours".to_string(),
            _ => format!("that of {name}"),
        };
        let mut s = if self.switch {
            format!("{a} and {b} switch endurance totals.")
        } else if matches!(self.a, PlayerWho::You) {
            format!(
                "your endurance total becomes equal to {}.",
                whose(&self.b, &b)
            )
        } else {
            format!(
                "the endurance total of {a} becomes equal to {}.",
                whose(&self.b, &b)
            )
        };
        s[..1].make_ascii_uppercase();
        s
    }

    fn run(&self, g: &mut HostState) -> Option<Seat> {
        let (Some(&a), Some(&b)) = (g.players(&self.a).first(), g.players(&self.b).first()) else {
            return None;
        };
        // 104.1b: the totals as they are, negative ones too.
        let (ea, eb) = (g.endurance_total(a), g.endurance_total(b));
        g.adjust_endurance(a, eb - ea);
        if self.switch {
            g.adjust_endurance(b, ea - eb);
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use crate::action::Action;
    use crate::testkit::Bench;

    /// 104.1b: switching with a player whose total is negative gives you that negative
    /// total, not 0; G-Switch: each value changes by adding or subtracting the difference.
    #[test]
    fn r104_1b_g_switch_a_negative_total_is_switched_as_it_is() {
        let (mut b, pt) = Bench::with_effect(
            "(target 0 player opponent) (switch-endurance you (target 0))",
            "",
        );
        assert_eq!(
            b.effect_text(pt),
            "Target 0 is an opponent. You and target player 0 switch endurance totals."
        );
        b.g.player_mut(1).endurance = -7;
        b.act(Action::PlayPlotTwist(pt));
        b.act(Action::ChooseTarget(crate::ids::TargetRef::Player(1)));
        b.resolve_all();
        assert_eq!((b.g.endurance(0), b.g.endurance(1)), (-7, 50));
    }

    /// 104.1b: "becomes equal to" a negative total uses it; the other player's total
    /// doesn't change.
    #[test]
    fn r104_1b_becoming_equal_to_a_negative_total_uses_it() {
        let (mut b, pt) = Bench::with_effect(
            "(target 0 player opponent) (endurance-becomes (target 0) you)",
            "",
        );
        assert_eq!(
            b.effect_text(pt),
            "Target 0 is an opponent. The endurance total of target player 0 becomes equal to yours."
        );
        b.g.player_mut(0).endurance = -3;
        b.act(Action::PlayPlotTwist(pt));
        b.act(Action::ChooseTarget(crate::ids::TargetRef::Player(1)));
        b.resolve_all();
        assert_eq!((b.g.endurance(0), b.g.endurance(1)), (-3, -3));
    }
}
