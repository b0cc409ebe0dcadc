//! `(move WHO)`: the effect's controller moves each character to an empty position of
//! its rows, in the same area (708.4a; its own position is allowed). One at a time,
//! which ends where 708.4d's simultaneous moves would.

use crate::action::Action;
use crate::verbs::{Compiler, HostState, Tcg};
use crate::vocab::Who;
use crate::wording::who;
use crate::words::{one_who, R};
use crossover_kernel::Seat;
use crossover_sexpr::Sexp;
use crossover_vs_core::Verb;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct MoveCharacter {
    pub who: Who,
}

impl MoveCharacter {
    /// The character being moved now: the progress-th of those named.
    fn current(&self, g: &HostState) -> Option<crate::ids::CardId> {
        g.who(&self.who).get(g.progress() as usize).copied()
    }
}

impl Verb<Tcg> for MoveCharacter {
    const WORDS: &'static [&'static str] = &["move"];

    fn compile(c: &mut Compiler<'_>, word: &str, form: &Sexp) -> R<()> {
        let who = one_who(form, word, &mut c.scope)?;
        c.push(MoveCharacter { who });
        Ok(())
    }

    fn text(&self) -> String {
        format!("Move {}.", who(&self.who))
    }

    fn run(&self, g: &mut HostState) -> Option<Seat> {
        self.current(g).map(|_| g.controller() as Seat)
    }

    fn options(&self, g: &HostState) -> Vec<Action> {
        match self.current(g) {
            Some(c) => g.move_options(c).into_iter().map(Action::Place).collect(),
            None => Vec::new(),
        }
    }

    fn answer(&self, g: &mut HostState, a: &Action) -> bool {
        let (Action::Place(to), Some(c)) = (a, self.current(g)) else {
            return false;
        };
        g.move_character(c, *to);
        let next = g.progress().saturating_add(1);
        g.set_progress(next);
        if self.current(g).is_none() {
            g.next_step();
        }
        true
    }

    fn prompt(&self, g: &HostState) -> Option<String> {
        self.current(g)
            .map(|c| format!("choose where {} moves", g.card_name(c)))
    }
}

#[cfg(test)]
mod tests {
    use crate::action::Action;
    use crate::ids::*;
    use crate::testkit::Bench;

    /// 708.4a, 708.4e–f: a moved character stays in its area, in play, the same object.
    #[test]
    fn r708_4a_r708_4f_move_within_the_area_keeps_the_object() {
        let (mut b, pt) = Bench::with_effect("(target 0 character yours) (move (target 0))", "");
        assert_eq!(
            b.effect_text(pt),
            "Target 0 is a character you control. Move target 0."
        );
        let c = b.in_play(0, "trn-007", Row::Front, 0);
        let object = b.g.card(c).object;
        b.play(pt, &[c]);
        let to = Position {
            area: Area::Visible,
            row: Row::Support,
            col: 0,
        };
        assert!(b
            .g
            .legal()
            .iter()
            .all(|a| matches!(a, Action::Place(p) if p.area == Area::Visible)));
        b.act(Action::Place(to));
        assert_eq!(b.g.position(c), Some(to));
        assert_eq!(b.g.card(c).object, object);
    }
}
