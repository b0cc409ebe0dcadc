//! `(discard-up-to PLAYER N)`: the player discards from 0 to N cards of their choice
//! (G-Up-To: "up to N" is any number from 0 to N), one at a time (708.17c), and may stop
//! before each card.

use crate::action::Action;
use crate::verbs::{Compiler, HostState, Tcg};
use crate::vocab::{Amount, PlayerWho};
use crate::words::R;
use crossover_kernel::Seat;
use crossover_sexpr::Sexp;
use crossover_vs_core::Verb;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct DiscardUpTo {
    pub who: PlayerWho,
    pub n: Amount,
}

impl DiscardUpTo {
    fn discarder(&self, g: &HostState) -> Option<crate::ids::PlayerId> {
        g.players(&self.who).first().copied()
    }
}

impl Verb<Tcg> for DiscardUpTo {
    const WORDS: &'static [&'static str] = &["discard-up-to"];

    fn compile(c: &mut Compiler<'_>, word: &str, form: &Sexp) -> R<()> {
        let (who, n) = super::discard::one_discarder(c, word, form)?;
        c.push(DiscardUpTo { who, n });
        Ok(())
    }

    fn text(&self) -> String {
        super::discard::discard_text(&self.who, &self.n, true)
    }

    /// Pauses once per card; the step's progress counts the cards discarded.
    fn run(&self, g: &mut HostState) -> Option<Seat> {
        let p = self.discarder(g)?;
        if g.amount(&self.n) <= 0 || g.hand(p).is_empty() {
            return None;
        }
        Some(p as Seat)
    }

    /// A card of the hand, or `No`: stop here.
    fn options(&self, g: &HostState) -> Vec<Action> {
        let Some(p) = self.discarder(g) else {
            return Vec::new();
        };
        let mut out: Vec<Action> = g.hand(p).into_iter().map(Action::Pick).collect();
        out.push(Action::No);
        out
    }

    fn answer(&self, g: &mut HostState, a: &Action) -> bool {
        let Some(p) = self.discarder(g) else {
            return false;
        };
        match a {
            Action::No => {
                g.next_step();
                true
            }
            Action::Pick(c) => {
                g.discard(*c);
                let wanted = g.amount(&self.n).max(0) as usize;
                let discarded = g.progress() as usize + 1;
                g.set_progress(discarded.min(255) as u8);
                if discarded >= wanted || g.hand(p).is_empty() {
                    g.next_step();
                }
                true
            }
            _ => false,
        }
    }

    fn prompt(&self, _g: &HostState) -> Option<String> {
        Some("choose a card to discard, or No to stop".into())
    }
}
