//! `(choose-affiliation [remember])`: the effect's controller chooses an affiliation as
//! the effect resolves (511.4): any that exists in the game's card pool, the Vs. System
//! TCG as the engine knows it. Later steps read it as `chosen-affiliation`
//! (`gets-while-attacking`). With `remember`, the choice is a continuous modifier of
//! unlimited duration (513.1c): the effect's card remembers it, and its continuous
//! powers read it as `remembered-affiliation`, until the card turns face down (701.11d)
//! or leaves play (213.1c).

use crate::action::Action;
use crate::verbs::{Compiler, HostState, Tcg};
use crate::words::{err, R};
use crossover_kernel::Seat;
use crossover_sexpr::Sexp;
use crossover_vs_core::Verb;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ChooseAffiliation {
    /// 513.1c: the effect's card remembers the choice.
    #[serde(default)]
    pub remember: bool,
}

impl Verb<Tcg> for ChooseAffiliation {
    const WORDS: &'static [&'static str] = &["choose-affiliation"];

    fn compile(c: &mut Compiler<'_>, _word: &str, form: &Sexp) -> R<()> {
        let remember = match form.args() {
            [] => false,
            [r] if r.as_atom() == Some("remember") => true,
            _ => return err(form.pos(), "write `(choose-affiliation [remember])`"),
        };
        c.push(ChooseAffiliation { remember });
        Ok(())
    }

    fn text(&self) -> String {
        if self.remember {
            "Choose an affiliation (this card remembers it).".into()
        } else {
            "Choose an affiliation.".into()
        }
    }

    fn run(&self, g: &mut HostState) -> Option<Seat> {
        if g.affiliation_names().is_empty() {
            return None;
        }
        Some(g.controller() as Seat)
    }

    fn options(&self, g: &HostState) -> Vec<Action> {
        (0..g.affiliation_names().len().min(u16::MAX as usize) as u16)
            .map(Action::Choose)
            .collect()
    }

    fn answer(&self, g: &mut HostState, a: &Action) -> bool {
        match a {
            Action::Choose(i) if (*i as usize) < g.affiliation_names().len() => {
                g.set_chosen_affiliation(*i as u8);
                if self.remember {
                    g.remember_affiliation(*i as u8);
                }
                g.next_step();
                true
            }
            _ => false,
        }
    }

    fn prompt(&self, _g: &HostState) -> Option<String> {
        Some("choose an affiliation".into())
    }
}

#[cfg(test)]
mod tests {
    use crate::action::Action;
    use crate::state::Pending;
    use crate::testkit::Bench;

    /// 511.4: the controller is asked, with one option per affiliation of the pool.
    #[test]
    fn r511_4_choose_affiliation_offers_the_pools_affiliations() {
        let (mut b, pt) = Bench::with_effect("(choose-affiliation)", "");
        assert_eq!(b.effect_text(pt), "Choose an affiliation.");
        b.act(Action::PlayPlotTwist(pt));
        b.act(Action::Pass);
        b.act(Action::Pass);
        assert_eq!(b.g.pending(), Pending::EffectChoice(0));
        let n = b.g.pool.affiliations.len() as u16;
        assert_eq!(b.g.legal(), (0..n).map(Action::Choose).collect::<Vec<_>>());
        b.act(Action::Choose(0));
        assert!(b.g.chain().is_empty());
    }
}
