//! `(replace-resources PLAYER N)`: replacing several resources (708.8b). The player
//! chooses N face-down resources they control (all of them if they have fewer), each
//! revealed as it is chosen; only then is each one KO'd and the top card of their deck
//! put face down in its place, so a card put there can't itself be chosen.

use crate::action::Action;
use crate::ids::{CardId, PlayerId};
use crate::verbs::{Compiler, HostState, Tcg};
use crate::vocab::{Amount, PlayerWho};
use crate::wording::{amount, player};
use crate::words::{player_and_amount, R};
use crossover_kernel::Seat;
use crossover_sexpr::Sexp;
use crossover_vs_core::Verb;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ReplaceResources {
    pub who: PlayerWho,
    pub n: Amount,
}

impl ReplaceResources {
    fn chooser(&self, g: &HostState) -> Option<PlayerId> {
        g.players(&self.who).first().copied()
    }

    /// The face-down resources not chosen yet (a chosen one is revealed).
    fn unchosen(g: &HostState, p: PlayerId) -> Vec<CardId> {
        g.face_down_resources(p)
            .into_iter()
            .filter(|&r| !g.is_revealed(r))
            .collect()
    }

    /// 708.8b: every chosen resource is KO'd and replaced, in row order.
    fn replace_chosen(g: &mut HostState, p: PlayerId) {
        let chosen: Vec<CardId> = g
            .face_down_resources(p)
            .into_iter()
            .filter(|&r| g.is_revealed(r))
            .collect();
        for r in chosen {
            g.set_revealed(r, false);
            g.replace_resource(r);
        }
    }
}

impl Verb<Tcg> for ReplaceResources {
    const WORDS: &'static [&'static str] = &["replace-resources"];

    fn compile(c: &mut Compiler<'_>, word: &str, form: &Sexp) -> R<()> {
        let (who, n) = player_and_amount(form, word, &mut c.scope)?;
        if !matches!(
            who,
            PlayerWho::You | PlayerWho::Target(_) | PlayerWho::ControllerOf(_)
        ) {
            return crate::words::err(
                form.pos(),
                "one player replaces at a time: `you`, `(target N)` or `(controller-of N)`",
            );
        }
        c.push(ReplaceResources { who, n });
        Ok(())
    }

    fn text(&self) -> String {
        let n = amount(&self.n);
        let resources = if n == "1" { "resource" } else { "resources" };
        let mut s = if matches!(self.who, PlayerWho::You) {
            format!("Replace {n} face-down {resources} you control.")
        } else {
            format!(
                "{} replaces {n} face-down {resources} they control.",
                player(&self.who)
            )
        };
        s[..1].make_ascii_uppercase();
        s
    }

    fn run(&self, g: &mut HostState) -> Option<Seat> {
        let p = self.chooser(g)?;
        let wanted = g.amount(&self.n).max(0) as usize;
        let all = Self::unchosen(g, p);
        if wanted == 0 || all.is_empty() {
            return None;
        }
        if all.len() <= wanted {
            // No choice to make: every one of them.
            for r in all {
                g.set_revealed(r, true);
            }
            Self::replace_chosen(g, p);
            return None;
        }
        Some(p as Seat)
    }

    fn options(&self, g: &HostState) -> Vec<Action> {
        match self.chooser(g) {
            Some(p) => Self::unchosen(g, p).into_iter().map(Action::Pick).collect(),
            None => Vec::new(),
        }
    }

    fn answer(&self, g: &mut HostState, a: &Action) -> bool {
        let (Action::Pick(r), Some(p)) = (a, self.chooser(g)) else {
            return false;
        };
        g.set_revealed(*r, true);
        let chosen = g.progress() as usize + 1;
        g.set_progress(chosen.min(255) as u8);
        if chosen >= g.amount(&self.n).max(0) as usize {
            Self::replace_chosen(g, p);
            g.next_step();
        }
        true
    }

    fn prompt(&self, _g: &HostState) -> Option<String> {
        Some("choose a face-down resource to replace".into())
    }
}
