//! `(turn-face-down WHO)`: turn face-up resources face down (701.11d): `(target N)` a
//! resource target, `(chosen N)` a resource chosen as the effect resolves, `this` the
//! card itself, or `(each TEST...)` every resource that passes the tests ("each
//! opponent turns all locations he controls face down": `(each opposing location-card
//! face-up)`). The resource stays the same object (501.4d): its timestamp, counters and
//! ready or exhausted state stay.

use crate::verbs::{Compiler, HostState, Tcg};
use crate::vocab::Who;
use crate::wording::resource_filter;
use crate::words::{one_who, R};
use crossover_kernel::Seat;
use crossover_sexpr::Sexp;
use crossover_vs_core::Verb;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct TurnFaceDown {
    pub who: Who,
}

/// How a step names resources (701.11).
pub fn resources_text(w: &Who) -> String {
    match w {
        Who::Each(f) => format!("each {}", resource_filter(f, false)),
        Who::Chosen(_) => "the chosen resource".into(),
        Who::This => "this card".into(),
        w => crate::wording::who(w),
    }
}

impl Verb<Tcg> for TurnFaceDown {
    const WORDS: &'static [&'static str] = &["turn-face-down"];

    fn compile(c: &mut Compiler<'_>, word: &str, form: &Sexp) -> R<()> {
        let who = one_who(form, word, &mut c.scope)?;
        c.push(TurnFaceDown { who });
        Ok(())
    }

    fn text(&self) -> String {
        format!("Turn {} face down.", resources_text(&self.who))
    }

    fn run(&self, g: &mut HostState) -> Option<Seat> {
        let mut any = false;
        for r in g.resources_of(&self.who) {
            any |= g.turn_face_down(r);
        }
        g.set_did(any);
        None
    }
}

#[cfg(test)]
mod tests {
    use crate::testkit::Bench;

    /// 701.11d: turned face down, a resource keeps its object, timestamp, counters and
    /// exhausted state; only face-up resources that pass the tests turn.
    #[test]
    fn r701_11d_a_resource_turned_face_down_is_the_same_object() {
        let (mut b, pt) =
            Bench::with_effect("(turn-face-down (each opposing location-card face-up))", "");
        assert_eq!(
            b.effect_text(pt),
            "Turn each face-up location an opponent controls face down."
        );
        let theirs = b.resource(1, "trn-121");
        b.g.card_mut(theirs).face_up = true;
        b.g.card_mut(theirs).exhausted = true;
        b.g.card_mut(theirs).timestamp = 7;
        b.g.named_counters.push(crate::state::NamedCounters {
            card: theirs,
            object: b.g.card(theirs).object,
            name: "dream".into(),
            n: 2,
        });
        let mine = b.resource(0, "trn-121");
        b.g.card_mut(mine).face_up = true;
        let object = b.g.card(theirs).object;
        b.play(pt, &[]);
        let card = b.g.card(theirs);
        assert!(!card.face_up && card.exhausted);
        assert_eq!((card.object, card.timestamp), (object, 7));
        assert_eq!(b.g.named_counters(theirs, "dream"), 2);
        assert!(b.g.card(mine).face_up, "yours stays face up");
    }
}
