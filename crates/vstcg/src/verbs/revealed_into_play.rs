//! `(revealed-into-play)`: the character card revealed from hand to pay the effect's
//! cost, on the chain with it (708.9d), is put into play under the effect's controller
//! (substitute, 706.14b): the uniqueness rule first (704.1), then it enters play in an
//! empty position its controller chooses (214.3a). Done only while that card is still
//! on the chain.

use crate::action::Action;
use crate::verbs::{Compiler, HostState, Tcg};
use crate::words::{err, R};
use crossover_kernel::Seat;
use crossover_sexpr::Sexp;
use crossover_vs_core::Verb;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct RevealedIntoPlay;

impl Verb<Tcg> for RevealedIntoPlay {
    const WORDS: &'static [&'static str] = &["revealed-into-play"];

    fn compile(c: &mut Compiler<'_>, word: &str, form: &Sexp) -> R<()> {
        if !form.args().is_empty() {
            return err(form.pos(), format!("write `({word})`"));
        }
        c.push(RevealedIntoPlay);
        Ok(())
    }

    fn text(&self) -> String {
        "Put this card into play.".into()
    }

    fn run(&self, g: &mut HostState) -> Option<Seat> {
        let card = g.revealed_card();
        super::into_play_run(g, card)
    }

    fn options(&self, g: &HostState) -> Vec<Action> {
        super::into_play_options(g, g.revealed_card())
    }

    fn answer(&self, g: &mut HostState, a: &Action) -> bool {
        let card = g.revealed_card();
        super::into_play_answer(g, card, a)
    }

    fn prompt(&self, _g: &HostState) -> Option<String> {
        Some("choose where the character enters play".into())
    }
}

#[cfg(test)]
mod tests {
    use crate::state::Zone;
    use crate::testkit::Bench;

    /// Without a card revealed for the cost (a plot twist's own effect) nothing enters
    /// play.
    #[test]
    fn revealed_into_play_needs_a_revealed_card() {
        let (mut b, pt) = Bench::with_effect("(revealed-into-play)", "");
        assert_eq!(b.effect_text(pt), "Put this card into play.");
        b.play(pt, &[]);
        assert_eq!(b.g.card(pt).zone, Zone::KoPile);
        assert!(b.g.player(0).characters.is_empty());
    }
}
