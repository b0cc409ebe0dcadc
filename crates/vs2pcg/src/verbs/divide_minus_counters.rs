//! `(divide-minus-counters N (FILTER...) (up-to MAX))`: the controller puts N -1/-1
//! counters one at a time on characters matching the filter, at most MAX different ones;
//! every counter is placed while a character can take it (there is no stopping early).

use crate::action::Action;
use crate::ids::CardId;
use crate::verbs::{Compiler, HostState, Pcg};
use crate::vocab::Filter;
use crate::wording::filter;
use crate::words::{args_n, err, head, int_in, parse_filter, written, E};
use crossover_kernel::Seat;
use crossover_sexpr::Sexp;
use crossover_vs_core::Verb;
use serde::{Deserialize, Serialize};

/// The effect's slot that records where the counters went, one entry per counter.
const PLACED: u8 = 7;

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct DivideMinusCounters {
    pub filter: Filter,
    pub n: u8,
    pub max: u8,
}

impl DivideMinusCounters {
    /// The characters the next counter may go on: any match while fewer than `max` have
    /// one, then only those that have.
    fn candidates(&self, g: &HostState) -> Vec<CardId> {
        let mut distinct = g.slot(PLACED);
        distinct.sort();
        distinct.dedup();
        g.matching_now(&self.filter)
            .into_iter()
            .filter(|c| distinct.len() < self.max as usize || distinct.contains(c))
            .collect()
    }
}

impl Verb<Pcg> for DivideMinusCounters {
    const WORDS: &'static [&'static str] = &["divide-minus-counters"];

    fn compile(c: &mut Compiler<'_>, word: &str, form: &Sexp) -> Result<(), E> {
        let usage = "(divide-minus-counters N (FILTER...) (up-to MAX))";
        let a = written(form, word, 3, usage)?;
        let n = int_in(&a[0], "the number of counters", 1, 20)? as u8;
        let Some(items) = a[1].as_list() else {
            return err(a[1].pos(), format!("`{word}` is written {usage}"));
        };
        let filter = parse_filter(items, c.scope)?;
        if head(&a[2]).as_deref() != Some("up-to") {
            return err(a[2].pos(), format!("`{word}` is written {usage}"));
        }
        let max = int_in(&args_n(&a[2], 1, "(up-to MAX)")?[0], "up-to", 1, 20)? as u8;
        c.push(DivideMinusCounters { filter, n, max });
        Ok(())
    }

    fn text(&self) -> String {
        format!(
            "Split {} -1/-1 counters as you like among at most {} {}s.",
            self.n,
            self.max,
            filter(&self.filter)
        )
    }

    /// One decision per counter.
    fn run(&self, g: &mut HostState) -> Option<Seat> {
        if g.slot(PLACED).len() >= self.n as usize || self.candidates(g).is_empty() {
            return None;
        }
        Some(g.controller())
    }

    fn options(&self, g: &HostState) -> Vec<Action> {
        self.candidates(g)
            .into_iter()
            .map(|card| Action::Choose { card })
            .collect()
    }

    fn answer(&self, g: &mut HostState, a: &Action) -> bool {
        let Action::Choose { card } = *a else {
            return false;
        };
        g.add_to_slot(PLACED, card);
        g.log_line(&mut |g| format!("{} gets a -1/-1 counter.", g.card_name(card)));
        let source = g.source();
        g.add_minus(card, 1, Some(source));
        // The step asks again for the next counter until all are placed.
        if g.slot(PLACED).len() >= self.n as usize {
            g.next_step();
        }
        true
    }

    fn prompt(&self, _g: &HostState) -> Option<String> {
        Some("choose a character to get the next -1/-1 counter".into())
    }
}

#[cfg(all(test, feature = "testkit"))]
mod tests {
    use crate::action::Action;
    use crate::ids::Zone;
    use crate::testkit::verb_bench;
    use crossover_kernel::Game;

    /// Two counters split among at most one enemy character: both land on the one
    /// chosen, one decision each, and the text says how they are split.
    #[test]
    fn divide_minus_counters_does_what_the_rulebook_says() {
        let (mut g, pt, mine, theirs) =
            verb_bench("(divide-minus-counters 2 (enemy character) (up-to 1))");
        let text = crate::text::steps(&g.def(pt).effect);
        assert!(
            text.starts_with("Split 2 -1/-1 counters as you like among at most 1"),
            "{text}"
        );
        g.apply(&Action::PlayPlotTwist { card: pt }).unwrap();
        let options = g.legal_actions();
        assert!(options.contains(&Action::Choose { card: theirs }));
        assert!(!options.contains(&Action::Choose { card: mine }), "enemies only");
        g.apply(&Action::Choose { card: theirs }).unwrap();
        assert_eq!(g.card(theirs).minus, 1);
        assert_eq!(
            g.legal_actions(),
            vec![Action::Choose { card: theirs }],
            "the second counter goes on the character already chosen (up to 1)"
        );
        g.apply(&Action::Choose { card: theirs }).unwrap();
        // A 2/2 with two -1/-1 counters has no DEF left: it is KO'd.
        assert_eq!(g.card(theirs).zone(), Zone::KoPile);
    }
}
