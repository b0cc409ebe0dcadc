//! `top-card-to-resources`: the top card of your deck becomes a face-down resource; a
//! location may go face up instead, as you choose (Resources p.8).

use crate::action::Action;
use crate::verbs::{Compiler, HostState, Pcg};
use crate::words::{no_args, E};
use crossover_kernel::Seat;
use crossover_sexpr::Sexp;
use crossover_vs_core::Verb;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct TopCardToResources;

/// The top card of `seat`'s deck into their resource row, face up or down.
fn top_card_to_resources(g: &mut HostState, seat: Seat, face_up: bool) {
    if let Some(top) = g.deck_top(seat) {
        g.put_into_resources(top, seat, face_up);
        g.resource_gained(seat);
    }
}

impl Verb<Pcg> for TopCardToResources {
    const WORDS: &'static [&'static str] = &["top-card-to-resources"];

    fn compile(c: &mut Compiler<'_>, word: &str, form: &Sexp) -> Result<(), E> {
        no_args(form, word, c.scope, false)?;
        c.push(TopCardToResources);
        Ok(())
    }

    fn text(&self) -> String {
        "Your deck's top card becomes a face-down resource; you may put it face up if it is a location.".into()
    }

    fn run(&self, g: &mut HostState) -> Option<Seat> {
        let me = g.controller();
        let top = g.deck_top(me)?;
        if g.is_location(top) {
            return Some(me);
        }
        top_card_to_resources(g, me, false);
        None
    }

    fn options(&self, _g: &HostState) -> Vec<Action> {
        vec![Action::Yes, Action::No]
    }

    fn answer(&self, g: &mut HostState, a: &Action) -> bool {
        let me = g.controller();
        top_card_to_resources(g, me, *a == Action::Yes);
        g.next_step();
        true
    }

    fn prompt(&self, _g: &HostState) -> Option<String> {
        Some("put the top card of your deck into your resource row?".into())
    }
}

#[cfg(all(test, feature = "testkit"))]
mod tests {
    use crate::action::Action;
    use crate::ids::Zone;
    use crate::testkit::verb_bench;
    use crossover_kernel::Game;

    /// Resources p.8: a character on top of the deck becomes a face-down resource.
    #[test]
    fn top_card_to_resources_does_what_the_rulebook_says() {
        let (mut g, pt, mine, theirs) = verb_bench("top-card-to-resources");
        let text = crate::text::steps(&g.def(pt).effect);
        assert!(
            text.starts_with("Your deck's top card becomes a face-down resource"),
            "{text}"
        );
        let top = *g.players()[0].deck().last().unwrap();
        g.apply(&Action::PlayPlotTwist { card: pt }).unwrap();
        assert_eq!(g.card(top).zone(), Zone::Resources);
        assert!(!g.card(top).face_up());
        let _ = (mine, theirs);
    }
}
