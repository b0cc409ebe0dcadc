//! `(delayed (start-of PHASE|your-attack-step) [this-turn] STEP...)`: a delayed
//! triggered modifier (513.4): at the start of that phase (or of the creating effect's
//! controller's next attack step), its steps go on the chain as a triggered effect, with
//! the targets and choices of the effect that created it (513.4d).
//!
//! `(delayed (becomes-stunned|recovers (target N)) [this-turn] [whenever] STEP...)`
//! waits for that event of the character chosen for target N (513.4a): "whenever
//! target character becomes stunned this turn" triggers each time until the turn ends
//! (`whenever`); without it, only the next time ("recovers next"). It lasts though its
//! source leaves play, and its effect is a triggered effect (513.4b).

use crate::verbs::{compile_step, Compiler, HostState, Step, Tcg};
use crate::vocab::{Event, PhaseWord};
use crate::words::{err, parse_event, Scope, R};
use crossover_kernel::Seat;
use crossover_sexpr::Sexp;
use crossover_vs_core::Verb;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Delayed {
    pub event: Event,
    pub this_turn: bool,
    pub steps: Vec<Step>,
    /// 513.4a: the target whose event it waits for, instead of a phase.
    #[serde(default)]
    pub watch: Option<u8>,
    /// With `watch`: triggers each time ("whenever"), else the next time only.
    #[serde(default)]
    pub whenever: bool,
}

/// How deeply delayed effects may nest (each compiles the next).
const MAX_NESTING: usize = 4;

impl Verb<Tcg> for Delayed {
    const WORDS: &'static [&'static str] = &["delayed"];

    fn compile(c: &mut Compiler<'_>, _word: &str, form: &Sexp) -> R<()> {
        let args = form.args();
        let Some((ev, mut rest)) = args.split_first() else {
            return err(
                form.pos(),
                "write `(delayed (start-of PHASE) [this-turn] STEP...)`",
            );
        };
        let (event, watch) = match (ev.head(), ev.args()) {
            (Some(w @ ("becomes-stunned" | "recovers")), [t]) => {
                let n = crate::words::parse_who(t, &mut c.scope)?;
                let crate::vocab::Who::Target(n) = n else {
                    return err(
                        t.pos(),
                        "a delayed effect waits for an event of `(target N)`",
                    );
                };
                let event = if w == "recovers" {
                    Event::Recovers
                } else {
                    Event::BecomesStunned
                };
                (event, Some(n))
            }
            _ => (parse_event(ev)?, None),
        };
        if watch.is_none()
            && !matches!(event, Event::StartOfPhase(_) | Event::StartOfYourAttackStep)
        {
            return err(
                ev.pos(),
                "a delayed effect waits for the start of a phase or of your attack step, `(start-of recovery-phase)`, `(start-of your-attack-step)`, or an event of a target, `(becomes-stunned (target 0))`",
            );
        }
        let mut this_turn = false;
        let mut whenever = false;
        while let Some((w, r)) = rest.split_first() {
            match w.as_atom() {
                Some("this-turn") if !this_turn => this_turn = true,
                Some("whenever") if watch.is_some() && !whenever => whenever = true,
                _ => break,
            }
            rest = r;
        }
        if rest.is_empty() {
            return err(form.pos(), "a delayed effect needs at least one step");
        }
        if c.depth >= MAX_NESTING {
            return err(form.pos(), "delayed effects nest at most 4 deep");
        }
        let mut steps = Vec::new();
        let mut inner = Compiler {
            scope: Scope {
                targets: c.scope.targets,
                names: &mut *c.scope.names,
                durations: &mut *c.scope.durations,
            },
            out: &mut steps,
            depth: c.depth + 1,
        };
        for s in rest {
            compile_step(&mut inner, s)?;
        }
        c.push(Delayed {
            event,
            this_turn,
            steps,
            watch,
            whenever,
        });
        Ok(())
    }

    fn text(&self) -> String {
        if let Some(n) = self.watch {
            let what = if self.event == Event::Recovers {
                "recovers"
            } else {
                "becomes stunned"
            };
            let (lead, next) = if self.whenever {
                ("Whenever", "")
            } else {
                ("When", " next")
            };
            let when = if self.this_turn { " this turn" } else { "" };
            let steps: Vec<String> = self.steps.iter().map(|s| s.text()).collect();
            let mut body = steps.join(" ");
            if let Some(f) = body.get_mut(..1) {
                f.make_ascii_lowercase();
            }
            return format!("{lead} target {n} {what}{next}{when}, {body}");
        }
        let phase = match self.event {
            Event::StartOfPhase(PhaseWord::Draw) => "draw",
            Event::StartOfPhase(PhaseWord::Build) => "build",
            Event::StartOfPhase(PhaseWord::Combat) => "combat",
            _ => "recovery",
        };
        let when = if self.this_turn { " this turn" } else { "" };
        let steps: Vec<String> = self.steps.iter().map(|s| s.text()).collect();
        let mut body = steps.join(" ");
        if let Some(f) = body.get_mut(..1) {
            f.make_ascii_lowercase();
        }
        if self.event == Event::StartOfYourAttackStep {
            return format!("At the start of your next attack step{when}, {body}");
        }
        format!("At the start of the {phase} phase{when}, {body}")
    }

    fn run(&self, g: &mut HostState) -> Option<Seat> {
        match self.watch {
            Some(n) => g.create_delayed_on(
                self.event,
                n,
                self.whenever,
                self.this_turn,
                self.steps.clone(),
            ),
            None => g.create_delayed(self.event, self.this_turn, self.steps.clone()),
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use crate::action::Action;
    use crate::ids::Row;
    use crate::state::{Part, Phase};
    use crate::testkit::Bench;

    /// 513.4, 513.4d: a delayed effect triggers at its event with the creating effect's
    /// target.
    #[test]
    fn r513_4_a_delayed_effect_triggers_later_with_its_target() {
        let (mut b, pt) = Bench::with_effect(
            "(target 0 character yours) (stun (target 0)) (delayed (start-of recovery-phase) this-turn (recover (target 0)))",
            "",
        );
        assert_eq!(
            b.effect_text(pt),
            "Target 0 is a character you control. Stun target 0. At the start of the recovery phase this turn, recover target 0."
        );
        let c = b.in_play(0, "trn-007", Row::Front, 0);
        b.play(pt, &[c]);
        assert!(b.g.card(c).stunned);
        b.g.part = Part::Phase(Phase::Recovery);
        b.g.fire_phase(Phase::Recovery);
        b.g.give_priority(0);
        assert_eq!(b.g.chain().len(), 1);
        b.act(Action::Pass);
        b.act(Action::Pass);
        assert!(!b.g.card(c).stunned);
    }
}
