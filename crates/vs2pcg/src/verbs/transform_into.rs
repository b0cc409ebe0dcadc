//! `(transform-into NUMBER)`: the power's own character transforms into the card NUMBER
//! from outside the game (its owner's set-aside cards): same orientation, counters,
//! equipment and modifiers; the old card is removed from the game (Transform p.26).

use crate::verbs::{Compiler, HostState, Pcg};
use crate::words::{err, written, E};
use crossover_kernel::Seat;
use crossover_sexpr::Sexp;
use crossover_vs_core::Verb;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct TransformInto {
    pub number: String,
}

/// The card from outside the game that `(WORD NUMBER ...)` names, for a power's own
/// character.
pub(crate) fn outside_card(c: &Compiler<'_>, word: &str, form: &Sexp) -> Result<String, E> {
    if !c.scope.has_self {
        return err(
            form.pos(),
            format!("`{word}` acts on the power's own character; a plot twist has none"),
        );
    }
    let a = form.args();
    let Some(number) = a.first().and_then(|x| {
        x.as_atom()
            .map(str::to_string)
            .or(x.as_str().map(str::to_string))
    }) else {
        return err(
            form.pos(),
            format!("({word} NUMBER): name the card from outside the game, like ({word} leg-010)"),
        );
    };
    Ok(number)
}

impl Verb<Pcg> for TransformInto {
    const WORDS: &'static [&'static str] = &["transform-into"];

    fn compile(c: &mut Compiler<'_>, word: &str, form: &Sexp) -> Result<(), E> {
        let number = outside_card(c, word, form)?;
        written(form, word, 1, "(transform-into NUMBER)")?;
        c.push(TransformInto { number });
        Ok(())
    }

    fn text(&self) -> String {
        format!(
            "This character transforms into {} from outside the game.",
            self.number
        )
    }

    fn run(&self, g: &mut HostState) -> Option<Seat> {
        let me = g.source();
        g.transform_into(me, &self.number);
        None
    }
}

#[cfg(all(test, feature = "testkit"))]
mod tests {
    use crate::testkit::main_power_bench;
    use crossover_kernel::Game;

    /// Transform p.26: the character takes the set-aside card's definition and keeps its
    /// counters.
    #[test]
    fn transform_into_does_what_the_rulebook_says() {
        let (mut g, main, use_it, theirs) =
            main_power_bench("(plus-counters self 1) (transform-into t-vmc2)");
        let text = crate::text::card_text(g.def(main));
        assert!(
            text.contains("This character transforms into t-vmc2 from outside the game."),
            "{text}"
        );
        g.apply(&use_it).unwrap();
        assert_eq!(g.def(main).number, "t-vmc2");
        assert_eq!(g.card(main).plus(), 1);
        let _ = theirs;
    }
}
