//! `(reveal-hand PLAYER)`: players reveal their hands (every player sees them).

use crate::verbs::{Compiler, HostState, Pcg};
use crate::vocab::PlayerWho;
use crate::wording::subject;
use crate::words::{parse_player, written, E};
use crossover_kernel::Seat;
use crossover_sexpr::Sexp;
use crossover_vs_core::Verb;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct RevealHand {
    pub player: PlayerWho,
}

impl Verb<Pcg> for RevealHand {
    const WORDS: &'static [&'static str] = &["reveal-hand"];

    fn compile(c: &mut Compiler<'_>, word: &str, form: &Sexp) -> Result<(), E> {
        let a = written(form, word, 1, "(reveal-hand PLAYER)")?;
        c.push(RevealHand {
            player: parse_player(&a[0], c.scope)?,
        });
        Ok(())
    }

    fn text(&self) -> String {
        format!("{} their hand.", subject(&self.player, "reveal"))
    }

    fn run(&self, g: &mut HostState) -> Option<Seat> {
        for p in g.which_players(&self.player) {
            g.log_line(&mut |g| {
                let names: Vec<&str> = g.hand(p).into_iter().map(|c| g.card_name(c)).collect();
                format!(
                    "{} reveals their hand: {}.",
                    g.player_name(p),
                    if names.is_empty() {
                        "no cards".to_string()
                    } else {
                        names.join(", ")
                    }
                )
            });
        }
        None
    }
}

#[cfg(all(test, feature = "testkit"))]
mod tests {
    use crate::action::Action;
    use crate::testkit::verb_bench;
    use crossover_kernel::{Game, Presentation};

    /// Hidden information: a revealed hand is seen by every player (Ada's log names Bo's
    /// cards).
    #[test]
    fn reveal_hand_does_what_the_rulebook_says() {
        let (mut g, pt, mine, theirs) = verb_bench("(reveal-hand each-enemy)");
        let text = crate::text::steps(&g.def(pt).effect);
        assert_eq!(text, "Each enemy player reveals their hand.");
        g.apply(&Action::PlayPlotTwist { card: pt }).unwrap();
        let log: Vec<String> = g.log_for(0).iter().map(|e| format!("{e:?}")).collect();
        assert!(
            log.iter()
                .any(|l| l.contains("Bo reveals their hand: Vanilla")),
            "{log:?}"
        );
        let _ = (mine, theirs);
    }
}
