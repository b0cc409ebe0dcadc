//! `(play-from-ko-pile TIMING...)`: the controller plays a plot twist of that timing from
//! their KO pile (its team requirement met); it resolves on top of this effect, as if
//! played from the hand, then is shuffled into their deck.

use crate::action::Action;
use crate::verbs::{Compiler, HostState, Pcg};
use crate::vocab::Timing;
use crate::wording::{timing_name, with_article};
use crate::words::{err, parse_timing_words, E};
use crossover_kernel::Seat;
use crossover_sexpr::Sexp;
use crossover_vs_core::Verb;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct PlayFromKoPile {
    pub timing: Timing,
}

impl Verb<Pcg> for PlayFromKoPile {
    const WORDS: &'static [&'static str] = &["play-from-ko-pile"];

    fn compile(c: &mut Compiler<'_>, _word: &str, form: &Sexp) -> Result<(), E> {
        let a = form.args();
        if a.is_empty() {
            return err(
                form.pos(),
                "`play-from-ko-pile` is written (play-from-ko-pile TIMING...), like (play-from-ko-pile combat any-turn)",
            );
        }
        let timing = parse_timing_words(form, a)?;
        if timing == Timing::Reaction {
            return err(a[0].pos(), "plot twists have no reaction timing");
        }
        c.push(PlayFromKoPile { timing });
        Ok(())
    }

    fn text(&self) -> String {
        format!(
            "Play {} plot twist from your KO pile, then shuffle it into your deck.",
            with_article(&timing_name(self.timing))
        )
    }

    fn run(&self, g: &mut HostState) -> Option<Seat> {
        let me = g.controller();
        (!g.ko_pile_plot_twists(me, self.timing).is_empty()).then_some(me)
    }

    fn options(&self, g: &HostState) -> Vec<Action> {
        g.ko_pile_plot_twists(g.controller(), self.timing)
            .into_iter()
            .map(|card| Action::Choose { card })
            .collect()
    }

    fn answer(&self, g: &mut HostState, a: &Action) -> bool {
        let Action::Choose { card } = *a else {
            return false;
        };
        // Move on first: the plot twist resolves on top of this effect.
        g.next_step();
        let me = g.controller();
        g.play_from_ko_pile(card, me);
        true
    }

    fn prompt(&self, _g: &HostState) -> Option<String> {
        Some("choose a plot twist in your KO pile".into())
    }
}

#[cfg(all(test, feature = "testkit"))]
mod tests {
    use crate::action::Action;
    use crate::ids::Zone;
    use crate::testkit::verb_bench;
    use crossover_kernel::Game;

    /// A Main plot twist in Ada's KO pile is played from there: it resolves on top of
    /// the effect that played it and then goes into her deck.
    #[test]
    fn play_from_ko_pile_does_what_its_card_says() {
        let (mut g, pt, _, _) = verb_bench("(play-from-ko-pile main)");
        let text = crate::text::steps(&g.def(pt).effect);
        assert_eq!(
            text,
            "Play a Main plot twist from your KO pile, then shuffle it into your deck."
        );
        let again = g.spawn("t-verb", 0, Zone::KoPile);
        g.apply(&Action::PlayPlotTwist { card: pt }).unwrap();
        assert_eq!(g.legal_actions(), vec![Action::Choose { card: again }]);
        g.apply(&Action::Choose { card: again }).unwrap();
        // The copy played resolves at once (its own KO pile step finds nothing left to
        // play) and goes into the deck, not back to the KO pile.
        assert_eq!(g.card(again).zone(), Zone::Deck, "shuffled into the deck");
        assert!(!g.players()[0].ko_pile().contains(&again));
    }

    /// A reaction timing is refused: plot twists have none.
    #[test]
    fn play_from_ko_pile_refuses_reaction() {
        let src = "(card t-x \"X\" (plot-twist (timing main)) (effect (play-from-ko-pile reaction)))\n";
        let e = crate::cardfile::parse_cards("x.cards", src).unwrap_err();
        assert!(e.to_string().contains("no reaction timing"), "{e}");
    }
}
