//! `(exchange WHO WHO)`: two resources exchange positions (Glossary: Exchange, 217.1a):
//! each takes the other's place in its resource row, and so its controller (708.4b).
//! Neither enters nor leaves play, nor turns face up or down. The exchange happens only
//! if both are still resources, and two different ones: otherwise not at all (Eminent
//! Domain), and an `(if you-did ...)` after it fails.

use crate::verbs::turn_face_down::resources_text;
use crate::verbs::{Compiler, HostState, Tcg};
use crate::vocab::Who;
use crate::words::{err, parse_who, R};
use crossover_kernel::Seat;
use crossover_sexpr::Sexp;
use crossover_vs_core::Verb;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Exchange {
    pub a: Who,
    pub b: Who,
}

impl Verb<Tcg> for Exchange {
    const WORDS: &'static [&'static str] = &["exchange"];

    fn compile(c: &mut Compiler<'_>, _word: &str, form: &Sexp) -> R<()> {
        let [a, b] = form.args() else {
            return err(
                form.pos(),
                "write `(exchange WHO WHO)`, e.g. `(exchange (chosen 0) (chosen 1))`",
            );
        };
        let a = parse_who(a, &mut c.scope)?;
        let b = parse_who(b, &mut c.scope)?;
        if matches!(a, Who::Each(_)) || matches!(b, Who::Each(_)) {
            return err(form.pos(), "an exchange is between two resources: name each with `(target N)`, `(chosen N)` or `this`");
        }
        c.push(Exchange { a, b });
        Ok(())
    }

    fn text(&self) -> String {
        let mut s = format!(
            "Exchange the positions of {} and {}.",
            resources_text(&self.a),
            resources_text(&self.b)
        );
        s = s.replace(
            "of the chosen resource and the chosen resource",
            "of the chosen resources",
        );
        s
    }

    fn run(&self, g: &mut HostState) -> Option<Seat> {
        let (a, b) = (g.resources_of(&self.a), g.resources_of(&self.b));
        let did = match (a.as_slice(), b.as_slice()) {
            ([a], [b]) => g.exchange(*a, *b),
            _ => false,
        };
        g.set_did(did);
        None
    }
}

#[cfg(test)]
mod tests {
    use crate::testkit::Bench;

    /// 217.1a: an exchange moves resources between resource rows without entering or
    /// leaving play: the same objects, each in the other's position and under the other
    /// player's control, face up or down as they were.
    #[test]
    fn r217_1a_exchanged_resources_keep_their_objects_and_faces() {
        let (mut b, pt) = Bench::with_effect(
            "(target 0 resource yours face-up) (target 1 resource opposing) (exchange (target 0) (target 1))",
            "",
        );
        assert_eq!(
            b.effect_text(pt),
            "Target 0 is a face-up resource you control; target 1 is a resource an opponent controls. Exchange the positions of target 0 and target 1."
        );
        b.resources(0, 1);
        let mine = b.resource(0, "trn-121");
        b.g.card_mut(mine).face_up = true;
        let theirs = b.resource(1, "trn-007");
        b.resources(1, 1);
        let (om, ot) = (b.g.card(mine).object, b.g.card(theirs).object);
        b.play(pt, &[mine, theirs]);
        assert_eq!(b.g.player(0).resources()[1], theirs);
        assert_eq!(b.g.player(1).resources()[0], mine);
        assert_eq!(
            (b.g.card(mine).controller, b.g.card(theirs).controller),
            (1, 0)
        );
        assert_eq!((b.g.card(mine).object, b.g.card(theirs).object), (om, ot));
        assert!(b.g.card(mine).face_up && !b.g.card(theirs).face_up);
    }
}
