//! `(skip PHASE [this-turn])`, `(skip STEP PLAYER [this-turn])` (400.9a): a replacement
//! modifier: when the game would begin the next such phase (or that player's next such
//! step), it begins the following phase or step instead, and the modifier is used up.
//! Skipping a phase skips every step inside it. With `this-turn` it ends at the wrap-up
//! if it hasn't applied. PHASE is `draw-phase`, `build-phase` or `combat-phase` (the
//! recovery phase, whose wrap-up ends the turn, can't be skipped); STEP is
//! `resource-step`, `recruit-step`, `formation-step` or `attack-step`.

use crate::verbs::{Compiler, HostState, Tcg};
use crate::vocab::{PhaseWord, PlayerWho, StepWord, TurnPart};
use crate::wording::player;
use crate::words::{err, parse_player, Scope, R};
use crossover_kernel::Seat;
use crossover_sexpr::Sexp;
use crossover_vs_core::Verb;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Skip {
    pub part: TurnPart,
    /// Whose step (a phase is everyone's).
    pub who: PlayerWho,
    pub this_turn: bool,
}

/// `PHASE` or `STEP PLAYER` at the start of `args`; the rest of them.
pub(super) fn parse_part<'a>(
    form: &'a Sexp,
    scope: &mut Scope<'_>,
    word: &str,
) -> R<(TurnPart, PlayerWho, &'a [Sexp])> {
    let args = form.args();
    let usage = format!(
        "write `({word} PHASE)` or `({word} STEP PLAYER)`: PHASE is draw-phase, build-phase or combat-phase; STEP is resource-step, recruit-step, formation-step or attack-step"
    );
    let Some((first, rest)) = args.split_first() else {
        return err(form.pos(), usage);
    };
    let w = first.as_atom().unwrap_or("");
    if let Some(ph) = PhaseWord::ALL.into_iter().find(|p| p.word() == w) {
        if ph == PhaseWord::Recovery {
            return err(
                first.pos(),
                "the recovery phase can't be skipped or added: its wrap-up ends the turn (408.2)",
            );
        }
        return Ok((TurnPart::Phase(ph), PlayerWho::EachPlayer, rest));
    }
    if let Some(st) = StepWord::ALL.into_iter().find(|s| s.word() == w) {
        let Some((p, rest)) = rest.split_first() else {
            return err(first.pos(), format!("name whose {}: {usage}", st.name()));
        };
        return Ok((TurnPart::Step(st), parse_player(p, scope)?, rest));
    }
    err(first.pos(), usage)
}

/// "You skip your", "Each opponent skips their".
pub(super) fn subject(who: &PlayerWho, verb: &str) -> String {
    let mut s = match who {
        PlayerWho::You => format!("you {verb} your"),
        other => format!("{} {verb}s their", player(other)),
    };
    s[..1].make_ascii_uppercase();
    s
}

impl Verb<Tcg> for Skip {
    const WORDS: &'static [&'static str] = &["skip"];

    fn compile(c: &mut Compiler<'_>, word: &str, form: &Sexp) -> R<()> {
        let (part, who, rest) = parse_part(form, &mut c.scope, word)?;
        let this_turn = match rest {
            [] => false,
            [d] if d.as_atom() == Some("this-turn") => true,
            _ => {
                return err(
                    form.pos(),
                    "after what is skipped, write nothing or `this-turn`",
                )
            }
        };
        c.push(Skip {
            part,
            who,
            this_turn,
        });
        Ok(())
    }

    fn text(&self) -> String {
        match (self.part, self.this_turn) {
            (TurnPart::Phase(p), true) => format!("Players skip the {} this turn.", p.name()),
            (TurnPart::Phase(p), false) => format!("Players skip the next {}.", p.name()),
            (TurnPart::Step(s), this_turn) => format!(
                "{} next {}{}.",
                subject(&self.who, "skip"),
                s.name(),
                if this_turn { " this turn" } else { "" }
            ),
        }
    }

    fn run(&self, g: &mut HostState) -> Option<Seat> {
        match self.part {
            TurnPart::Phase(_) => g.skip_part(self.part, g.controller(), self.this_turn),
            TurnPart::Step(_) => {
                for p in g.players(&self.who) {
                    g.skip_part(self.part, p, self.this_turn);
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

    /// 400.9a (VS-TCG-038): a skipped phase: the game goes from the build phase straight
    /// to the recovery phase; no attack step of anyone begins.
    #[test]
    fn r400_9a_a_skipped_phase_skips_its_steps() {
        let (mut b, pt) = Bench::with_effect("(skip combat-phase this-turn)", "");
        assert_eq!(
            b.effect_text(pt),
            "Players skip the combat phase this turn."
        );
        b.play(pt, &[]);
        // Player 0's recruit step, formation step; then player 1's build steps.
        pass_all(&mut b);
        assert_eq!(b.g.part(), Part::Step(StepKind::Formation, 0));
        b.act(Action::FormationDone);
        pass_all(&mut b);
        b.act(Action::NoBuild);
        pass_all(&mut b);
        pass_all(&mut b);
        b.act(Action::FormationDone);
        pass_all(&mut b);
        assert_eq!(b.g.part(), Part::Phase(Phase::Recovery));
        assert!(b.g.turn_changes.skips.is_empty(), "the skip is used up");
    }

    /// 400.9a: a skipped step: the following one begins instead; a skip with no
    /// duration waits for the next such step.
    #[test]
    fn r400_9a_a_skipped_step_and_the_next_one() {
        let (mut b, pt) = Bench::with_effect("(skip attack-step you)", "");
        assert_eq!(b.effect_text(pt), "You skip your next attack step.");
        b.play(pt, &[]);
        b.g.part = Part::Phase(Phase::Combat);
        pass_all(&mut b);
        assert_eq!(b.g.part(), Part::Step(StepKind::Attack, 1));
        assert!(b.g.turn_changes.skips.is_empty());
        // An opponent's: "each opponent skips their".
        let (b2, pt2) = Bench::with_effect("(skip recruit-step each-opponent this-turn)", "");
        assert_eq!(
            b2.effect_text(pt2),
            "Each opponent skips their next recruit step this turn."
        );
    }

    /// The recovery phase can't be skipped (its wrap-up ends the turn).
    #[test]
    fn the_recovery_phase_cant_be_skipped() {
        let text =
            "(card x-s \"S\" \"\" (plot-twist (threshold 0)) (effect (skip recovery-phase)))";
        let mut pool = crate::db::CardPool::built_in();
        let e = pool.add_file("x.cards", text).unwrap_err();
        assert!(format!("{e:?}").contains("408.2"), "{e:?}");
    }
}
