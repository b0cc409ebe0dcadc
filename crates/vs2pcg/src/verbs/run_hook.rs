//! `(hook NAME)`: a behaviour the card language can't express, written in Rust
//! (`hooks.rs`), with its own choices.

use crate::action::Action;
use crate::verbs::{Compiler, HostState, Pcg};
use crate::vocab::Hook;
use crate::wording::capitalise;
use crate::words::{err, word as plain_word, written, E};
use crossover_kernel::Seat;
use crossover_sexpr::Sexp;
use crossover_vs_core::Verb;
use serde::{Deserialize, Serialize};

/// The step of a hook: it hashes and serialises as the hook itself did in the step.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct RunHook(pub Hook);

impl Verb<Pcg> for RunHook {
    const WORDS: &'static [&'static str] = &["hook"];

    fn compile(c: &mut Compiler<'_>, word: &str, form: &Sexp) -> Result<(), E> {
        let a = written(form, word, 1, "(hook NAME)")?;
        let name = plain_word(&a[0]);
        match (name.as_deref().and_then(Hook::from_name), name) {
            (Some(hook), _) => {
                c.push(RunHook(hook));
                Ok(())
            }
            (None, Some(h)) => {
                let known: Vec<&str> = Hook::ALL.iter().map(|h| h.name()).collect();
                err(
                    a[0].pos(),
                    format!(
                        "unknown hook `{h}`; the engine's hooks are: {}",
                        known.join(", ")
                    ),
                )
            }
            (None, None) => err(
                a[0].pos(),
                "a hook is named by a word, like (hook impervious-skin)",
            ),
        }
    }

    fn text(&self) -> String {
        format!("{}.", capitalise(self.0.description()))
    }

    fn run(&self, g: &mut HostState) -> Option<Seat> {
        g.run_hook(self.0)
    }

    fn options(&self, g: &HostState) -> Vec<Action> {
        g.hook_options(self.0)
    }

    fn answer(&self, g: &mut HostState, a: &Action) -> bool {
        let taken = g.answer_hook(self.0, a);
        if taken {
            g.next_step();
        }
        taken
    }

    fn prompt(&self, _g: &HostState) -> Option<String> {
        Some(self.0.description().to_string())
    }
}

#[cfg(all(test, feature = "testkit"))]
mod tests {
    use crate::action::Action;
    use crate::testkit::verb_bench;
    use crate::vocab::Hook;
    use crossover_kernel::Game;

    /// A hook runs the engine's own behaviour: Ada's next team attack this turn will give
    /// each attacker a +1/+1 counter.
    #[test]
    fn run_hook_does_what_the_rulebook_says() {
        let (mut g, pt, mine, theirs) = verb_bench("(hook next-team-attack-counters)");
        let text = crate::text::steps(&g.def(pt).effect);
        let described = format!(
            "{}.",
            crate::wording::capitalise(Hook::NextTeamAttackCounters.description())
        );
        assert_eq!(text, described);
        assert!(!g.players()[0].team_attack_counters());
        g.apply(&Action::PlayPlotTwist { card: pt }).unwrap();
        assert!(g.players()[0].team_attack_counters());
        assert!(!g.players()[1].team_attack_counters());
        let _ = (mine, theirs);
    }
}
