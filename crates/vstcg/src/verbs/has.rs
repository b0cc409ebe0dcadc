//! `(has WHO flight|range|reinforcement|invulnerability [this-attack|this-turn])`:
//! characters have a characteristic for a while (701.4, 701.8, 701.10, 706.6).

use crate::verbs::{Compiler, HostState, Tcg};
use crate::vocab::{Duration, Grant, Who};
use crate::wording::who;
use crate::words::{err, parse_duration, parse_grant, parse_who, R};
use crossover_kernel::Seat;
use crossover_sexpr::Sexp;
use crossover_vs_core::Verb;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Has {
    pub who: Who,
    pub grant: Grant,
    pub duration: Duration,
}

impl Verb<Tcg> for Has {
    const WORDS: &'static [&'static str] = &["has"];

    fn compile(c: &mut Compiler<'_>, _word: &str, form: &Sexp) -> R<()> {
        let (w, g, d) = match form.args() {
            [w, g] => (w, g, None),
            [w, g, d] => (w, g, Some(d)),
            _ => return err(form.pos(), "write `(has WHO flight|range|reinforcement|invulnerability [this-attack|this-turn])`"),
        };
        let who = parse_who(w, &mut c.scope)?;
        let grant = parse_grant(g)?;
        let duration = parse_duration(d, &mut c.scope)?;
        c.push(Has {
            who,
            grant,
            duration,
        });
        Ok(())
    }

    fn text(&self) -> String {
        let mut s = format!(
            "{} has {}{}.",
            who(&self.who),
            self.grant.word(),
            self.duration.words()
        );
        s[..1].make_ascii_uppercase();
        s
    }

    fn run(&self, g: &mut HostState) -> Option<Seat> {
        match &self.who {
            Who::Each(f) => g.modify_all(f, 0, 0, Some(self.grant), self.duration),
            w => {
                for c in g.who(w) {
                    g.modify(c, 0, 0, Some(self.grant), self.duration);
                }
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use crate::ids::Row;
    use crate::testkit::Bench;

    /// 701.4 / 701.8: a modifier can give flight and range.
    #[test]
    fn r701_4_r701_8_has_gives_flight_and_range() {
        let (mut b, pt) = Bench::with_effect(
            "(target 0 character yours) (has (target 0) flight this-turn) (has (target 0) range this-turn)",
            "",
        );
        assert_eq!(
            b.effect_text(pt),
            "Target 0 is a character you control. Target 0 has flight this turn. Target 0 has range this turn."
        );
        let c = b.in_play(0, "trn-007", Row::Support, 0);
        assert!(!b.g.has_flight(c) && !b.g.has_range(c));
        b.play(pt, &[c]);
        assert!(b.g.has_flight(c) && b.g.has_range(c));
    }

    /// 600.4 / G-Must-Attack-If-Able: while such an attack can be proposed, its
    /// controller can't pass.
    #[test]
    fn r600_4_g_must_attack_if_able_forbids_passing() {
        use crate::action::Action;
        use crate::state::{Part, StepKind};
        let (mut b, pt) = Bench::with_effect(
            "(target 0 character yours) (has (target 0) must-attack this-turn)",
            "",
        );
        let c = b.in_play(0, "trn-007", Row::Front, 0);
        b.in_play(1, "trn-006", Row::Front, 0);
        b.play(pt, &[c]);
        b.g.part = Part::Step(StepKind::Attack, 0);
        assert!(!b.g.legal().contains(&Action::Pass));
        assert_eq!(b.g.explain_illegal(&Action::Pass).rule, "600.4");
        b.g.exhaust(c);
        assert!(
            b.g.legal().contains(&Action::Pass),
            "an exhausted character can't attack: passing is fine"
        );
    }
}
