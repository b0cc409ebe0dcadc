//! `(additional PHASE)`, `(additional STEP PLAYER)` (400.10a): a phase, or a step of that
//! player, added after the current one (a step after the current step; a phase after the
//! current phase). It follows the usual rules of its kind, with its usual steps and
//! substeps (400.10c); after it, the part that was scheduled next begins (400.10b).
//! PHASE and STEP are the words of `skip`.

use crate::verbs::skip::{parse_part, subject};
use crate::verbs::{Compiler, HostState, Tcg};
use crate::vocab::{PlayerWho, TurnPart};
use crate::words::{err, R};
use crossover_kernel::Seat;
use crossover_sexpr::Sexp;
use crossover_vs_core::Verb;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Additional {
    pub part: TurnPart,
    /// Whose step (a phase is everyone's).
    pub who: PlayerWho,
}

impl Verb<Tcg> for Additional {
    const WORDS: &'static [&'static str] = &["additional"];

    fn compile(c: &mut Compiler<'_>, word: &str, form: &Sexp) -> R<()> {
        let (part, who, rest) = parse_part(form, &mut c.scope, word)?;
        if !rest.is_empty() {
            return err(
                form.pos(),
                "an additional phase or step comes after the current one: write nothing after it",
            );
        }
        c.push(Additional { part, who });
        Ok(())
    }

    fn text(&self) -> String {
        match self.part {
            TurnPart::Phase(p) => format!("There is an additional {} after this one.", p.name()),
            TurnPart::Step(s) => {
                let who = subject(&self.who, "get");
                // "You get your" reads "You get an".
                let who = who
                    .trim_end_matches(" your")
                    .trim_end_matches(" their")
                    .to_string();
                format!("{who} an additional {} after this one.", s.name())
            }
        }
    }

    fn run(&self, g: &mut HostState) -> Option<Seat> {
        match self.part {
            TurnPart::Phase(_) => g.add_turn_part(self.part, g.controller()),
            TurnPart::Step(_) => {
                for p in g.players(&self.who) {
                    g.add_turn_part(self.part, p);
                }
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use crate::action::Action;
    use crate::state::{Part, Phase, StepKind};
    use crate::testkit::Bench;

    fn pass_all(b: &mut Bench) {
        b.act(Action::Pass);
        b.act(Action::Pass);
    }

    /// 400.10a, 400.10b (VS-TCG-039): an additional attack step for you after this one;
    /// the opponent's comes after it.
    #[test]
    fn r400_10a_r400_10b_an_additional_step_is_tucked_in() {
        let (mut b, pt) = Bench::with_effect("(additional attack-step you)", "");
        assert_eq!(
            b.effect_text(pt),
            "You get an additional attack step after this one."
        );
        b.g.part = Part::Step(StepKind::Attack, 0);
        b.play(pt, &[]);
        pass_all(&mut b);
        assert_eq!(b.g.part(), Part::Step(StepKind::Attack, 0));
        pass_all(&mut b);
        assert_eq!(b.g.part(), Part::Step(StepKind::Attack, 1));
        pass_all(&mut b);
        assert_eq!(b.g.part(), Part::Phase(Phase::Recovery));
    }

    /// 400.10b: after an additional step that was the last of its phase, the phase ends
    /// only as the new step ends.
    #[test]
    fn r400_10b_the_last_step_and_its_addition() {
        let (mut b, pt) = Bench::with_effect("(additional attack-step you)", "");
        b.g.initiative = 1;
        b.g.part = Part::Step(StepKind::Attack, 0);
        b.play(pt, &[]);
        pass_all(&mut b);
        assert_eq!(b.g.part(), Part::Step(StepKind::Attack, 0));
        pass_all(&mut b);
        assert_eq!(b.g.part(), Part::Phase(Phase::Recovery));
    }

    /// 400.10c: an additional phase has its usual steps: an additional combat phase
    /// after this one has every player's attack step, then the recovery phase.
    #[test]
    fn r400_10c_an_additional_phase_has_its_usual_steps() {
        let (mut b, pt) = Bench::with_effect("(additional combat-phase)", "");
        assert_eq!(
            b.effect_text(pt),
            "There is an additional combat phase after this one."
        );
        b.g.part = Part::Step(StepKind::Attack, 0);
        b.g.turn_changes.phase_serial = 0;
        b.play(pt, &[]);
        pass_all(&mut b);
        assert_eq!(b.g.part(), Part::Step(StepKind::Attack, 1));
        pass_all(&mut b);
        assert_eq!(b.g.part(), Part::Phase(Phase::Combat));
        pass_all(&mut b);
        assert_eq!(b.g.part(), Part::Step(StepKind::Attack, 0));
        pass_all(&mut b);
        assert_eq!(b.g.part(), Part::Step(StepKind::Attack, 1));
        pass_all(&mut b);
        assert_eq!(b.g.part(), Part::Phase(Phase::Recovery));
    }
}
