//! `(each-player-chooses N TEST...)`: each player chooses a character they control that
//! passes the tests (702.1): the primary player first, then each player clockwise; the
//! choices are carried out together once all are made: the `k`th chooser's character
//! (clockwise from the primary player, counting every player still in the game) goes
//! into slot N + k, read after as `(chosen N + k)`. A player with no such character
//! chooses nothing (508.2c).

use crate::action::Action;
use crate::ids::{CardId, PlayerId};
use crate::verbs::{each_player_answer, each_player_run, Compiler, HostState, Tcg};
use crate::vocab::{Filter, PlayerWho, Who};
use crate::wording::filter;
use crate::words::{err, parse_filter, R};
use crossover_kernel::Seat;
use crossover_sexpr::Sexp;
use crossover_vs_core::Verb;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct EachPlayerChooses {
    pub slot: u8,
    pub filter: Filter,
}

impl EachPlayerChooses {
    fn candidates(&self, g: &HostState, p: PlayerId) -> Vec<CardId> {
        g.who(&Who::Each(self.filter.clone()))
            .into_iter()
            .filter(|&c| g.controller_of(c) == p)
            .collect()
    }

    /// The next player to choose (702.1) and how many players chose before them; the
    /// choices so far are held, one per player who had one to make.
    fn next_chooser(&self, g: &HostState) -> Option<PlayerId> {
        let held = g.held();
        g.players(&PlayerWho::EachPlayer).into_iter().find(|&p| {
            let options = self.candidates(g, p);
            !options.is_empty() && !held.iter().any(|c| g.controller_of(*c) == p)
        })
    }

    /// 702.1: all the choices are made at once.
    fn carry_out(&self, g: &mut HostState) {
        let held = g.held();
        for (k, p) in g.players(&PlayerWho::EachPlayer).into_iter().enumerate() {
            let slot = usize::from(self.slot) + k;
            if slot >= 8 {
                break;
            }
            let c = held.iter().copied().find(|&c| g.controller_of(c) == p);
            g.choose(slot as u8, c);
        }
        g.hold(Vec::new());
    }
}

impl Verb<Tcg> for EachPlayerChooses {
    const WORDS: &'static [&'static str] = &["each-player-chooses"];

    fn compile(c: &mut Compiler<'_>, _word: &str, form: &Sexp) -> R<()> {
        let args = form.args();
        let Some(slot) = args
            .first()
            .and_then(Sexp::as_int)
            .filter(|n| (0..8).contains(n))
        else {
            return err(
                form.pos(),
                "write `(each-player-chooses N TEST...)`, N the first slot from 0 to 7",
            );
        };
        let filter = parse_filter(&args[1..], &mut c.scope)?;
        c.push(EachPlayerChooses {
            slot: slot as u8,
            filter,
        });
        Ok(())
    }

    fn text(&self) -> String {
        format!(
            "Each player chooses a {} they control.",
            filter(&self.filter, false)
        )
    }

    fn run(&self, g: &mut HostState) -> Option<Seat> {
        let next = self.next_chooser(g);
        each_player_run(g, next, |g| self.carry_out(g))
    }

    fn options(&self, g: &HostState) -> Vec<Action> {
        let Some(p) = self.next_chooser(g) else {
            return Vec::new();
        };
        self.candidates(g, p)
            .into_iter()
            .map(Action::Pick)
            .collect()
    }

    fn answer(&self, g: &mut HostState, a: &Action) -> bool {
        each_player_answer(
            g,
            a,
            |g| self.options(g),
            |g| self.next_chooser(g),
            |g| self.carry_out(g),
        )
    }

    fn prompt(&self, _g: &HostState) -> Option<String> {
        Some(format!(
            "choose a {} you control (702.1: the primary player first)",
            filter(&self.filter, false)
        ))
    }
}
