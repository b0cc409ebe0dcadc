//! `(choose SLOT (FILTER...) [(up-to N) | (exactly N)])`: the controller chooses
//! characters matching the filter, one at a time, into slot SLOT for later steps'
//! `(chosen SLOT)`. Without a count it is exactly one. When exactly N must be chosen and
//! only one character is left to choose, it is taken without asking (the choice is
//! forced); with "up to" the controller may stop (pass) at any time.

use crate::action::Action;
use crate::verbs::{Compiler, HostState, Pcg};
use crate::vocab::Filter;
use crate::wording::{filter, filters, with_article};
use crate::words::{args_n, err, head, int_in, parse_filter, E, MAX_SLOT};
use crossover_kernel::Seat;
use crossover_sexpr::Sexp;
use crossover_vs_core::Verb;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Choose {
    pub slot: u8,
    pub filter: Filter,
    pub min: u8,
    pub max: u8,
}

impl Verb<Pcg> for Choose {
    const WORDS: &'static [&'static str] = &["choose"];

    fn compile(c: &mut Compiler<'_>, _word: &str, form: &Sexp) -> Result<(), E> {
        let a = form.args();
        let Some(filter_items) = a.get(1).and_then(Sexp::as_list).filter(|_| a.len() <= 3)
        else {
            return err(
                form.pos(),
                "`choose` is written (choose SLOT (FILTER...) [(up-to N) | (exactly N)]), like (choose 0 (enemy character))",
            );
        };
        let slot = int_in(&a[0], "a choose slot", 0, MAX_SLOT)? as u8;
        if c.scope.slots.contains(&slot) {
            return err(
                a[0].pos(),
                format!("slot {slot} is already filled by an earlier choose; use another slot"),
            );
        }
        let filter = parse_filter(filter_items, c.scope)?;
        let (min, max) = match a.get(2) {
            None => (1, 1),
            Some(n) => match head(n).as_deref() {
                Some("up-to") => (
                    0,
                    int_in(&args_n(n, 1, "(up-to N)")?[0], "up-to", 1, 9)? as u8,
                ),
                Some("exactly") => {
                    let n = int_in(&args_n(n, 1, "(exactly N)")?[0], "exactly", 1, 9)? as u8;
                    (n, n)
                }
                _ => {
                    return err(
                        n.pos(),
                        format!("expected (up-to N) or (exactly N), found {}", n.describe()),
                    )
                }
            },
        };
        c.scope.slots.push(slot);
        c.push(Choose {
            slot,
            filter,
            min,
            max,
        });
        Ok(())
    }

    fn text(&self) -> String {
        let f = &self.filter;
        match (self.min, self.max) {
            (1, 1) => format!("Choose {}.", with_article(&filter(f))),
            (0, 1) => format!("You may choose {}.", with_article(&filter(f))),
            (0, m) => format!("Choose up to {m} {}.", filters(f)),
            (a, b) => format!("Choose {a} to {b} {}.", filters(f)),
        }
    }

    /// Asked again after each character chosen, until `max` are chosen or none is left.
    fn run(&self, g: &mut HostState) -> Option<Seat> {
        let chosen = g.slot(self.slot);
        let candidates = self.candidates(g, &chosen);
        g.open_slot(self.slot);
        if chosen.len() >= self.max as usize || candidates.is_empty() {
            return None;
        }
        if chosen.len() < self.min as usize && candidates.len() == 1 && self.min == self.max {
            // Only one legal choice: take it.
            g.add_to_slot(self.slot, candidates[0]);
            return self.run(g);
        }
        Some(g.controller())
    }

    fn options(&self, g: &HostState) -> Vec<Action> {
        let chosen = g.slot(self.slot);
        let mut v: Vec<Action> = self
            .candidates(g, &chosen)
            .into_iter()
            .map(|card| Action::Choose { card })
            .collect();
        if chosen.len() >= self.min as usize {
            v.push(Action::Pass);
        }
        v
    }

    fn answer(&self, g: &mut HostState, a: &Action) -> bool {
        match a {
            Action::Choose { card } => {
                g.add_to_slot(self.slot, *card);
                // Named to each seat as that seat sees the card.
                g.log_naming_line(*card, &|g, card| {
                    format!("{} chooses {card}.", g.player_name(g.controller()))
                });
            }
            // Done choosing.
            Action::Pass => g.next_step(),
            _ => return false,
        }
        true
    }

    fn prompt(&self, g: &HostState) -> Option<String> {
        let chosen = g.slot(self.slot).len();
        Some(match (self.min, self.max) {
            _ if chosen > 0 => "choose another character, or pass when done".into(),
            (1, 1) => "choose a character".into(),
            (0, 1) => "choose a character, or pass".into(),
            (0, m) => format!("choose up to {m} characters, one at a time"),
            (_, m) => format!("choose {m} characters, one at a time"),
        })
    }
}

impl Choose {
    /// The characters that may still be chosen: matching now, not chosen yet.
    fn candidates(&self, g: &HostState, chosen: &[crate::ids::CardId]) -> Vec<crate::ids::CardId> {
        g.matching_now(&self.filter)
            .into_iter()
            .filter(|c| !chosen.contains(c))
            .collect()
    }
}

#[cfg(all(test, feature = "testkit"))]
mod tests {
    use crate::action::Action;
    use crate::testkit::verb_bench;
    use crossover_kernel::Game;

    /// "Choose up to 2 characters": both vanillas are offered with a pass; after one is
    /// chosen the other is still offered and the prompt asks for another; passing ends
    /// the choice and the later step acts on what was chosen.
    #[test]
    fn choose_up_to_asks_one_at_a_time_and_may_stop() {
        let (mut g, pt, mine, theirs) =
            verb_bench("(choose 0 (supporting) (up-to 2)) (plus-counters (chosen 0) 1)");
        let text = crate::text::steps(&g.def(pt).effect);
        assert!(text.starts_with("Choose up to 2 "), "{text}");
        g.apply(&Action::PlayPlotTwist { card: pt }).unwrap();
        let asked = |g: &crate::state::GameState| {
            let mut v: Vec<Action> = g
                .legal_actions()
                .into_iter()
                .filter(|a| matches!(a, Action::Choose { .. } | Action::Pass))
                .collect();
            v.sort_by_key(|a| format!("{a:?}"));
            v
        };
        let mut want = vec![
            Action::Choose { card: mine },
            Action::Choose { card: theirs },
            Action::Pass,
        ];
        want.sort_by_key(|a| format!("{a:?}"));
        assert_eq!(asked(&g), want);
        g.apply(&Action::Choose { card: theirs }).unwrap();
        assert_eq!(
            asked(&g),
            vec![Action::Choose { card: mine }, Action::Pass],
            "the chosen one is not offered twice"
        );
        assert!(g.effect_question().contains("choose another character"));
        g.apply(&Action::Pass).unwrap();
        assert_eq!(g.card(theirs).plus(), 1, "the chosen character gets the counter");
        assert_eq!(g.card(mine).plus(), 0, "the one not chosen doesn't");
    }

    /// Exactly one enemy character to choose from: it is taken without a question.
    #[test]
    fn a_forced_choice_is_made_without_asking() {
        let (mut g, pt, mine, theirs) =
            verb_bench("(choose 0 (enemy supporting)) (plus-counters (chosen 0) 1)");
        let text = crate::text::steps(&g.def(pt).effect);
        assert!(text.starts_with("Choose an enemy "), "{text}");
        g.apply(&Action::PlayPlotTwist { card: pt }).unwrap();
        assert!(
            !g.legal_actions()
                .iter()
                .any(|a| matches!(a, Action::Choose { .. })),
            "one candidate: no question"
        );
        assert_eq!(g.card(theirs).plus(), 1);
        assert_eq!(g.card(mine).plus(), 0);
    }
}
