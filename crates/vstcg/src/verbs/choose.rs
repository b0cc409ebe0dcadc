//! `(choose N TEST... [(by PLAYER)])`: as the effect resolves, a player chooses a
//! character that matches into slot N (508.2b: the player told to act makes the
//! choices not made when the effect was played); `(chosen N)` names it after. With no
//! character to choose, nothing is chosen and the steps on it do nothing (508.2c).
//! `(choose N resource TEST...)` chooses a resource that passes the tests instead
//! (701.11; an unrevealed face-down one passes only tests of its controller and of being
//! ready, exhausted or face down, 701.11a).

use crate::action::Action;
use crate::ids::PlayerId;
use crate::verbs::{Compiler, HostState, Tcg};
use crate::vocab::{Filter, PlayerWho, Who};
use crate::wording::{filter, player};
use crate::words::{err, parse_filter, parse_player, R};
use crossover_kernel::Seat;
use crossover_sexpr::Sexp;
use crossover_vs_core::Verb;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Choose {
    pub slot: u8,
    pub filter: Filter,
    pub by: PlayerWho,
    /// A resource, not a character (701.11).
    #[serde(default)]
    pub resource: bool,
}

impl Choose {
    fn chooser(&self, g: &HostState) -> Option<PlayerId> {
        g.players(&self.by).first().copied()
    }

    fn candidates(&self, g: &HostState) -> Vec<crate::ids::CardId> {
        if self.resource {
            return g.resources_of(&Who::Each(self.filter.clone()));
        }
        g.who(&Who::Each(self.filter.clone()))
    }

    fn noun(&self) -> String {
        if self.resource {
            crate::wording::resource_filter(&self.filter, false)
        } else {
            filter(&self.filter, false)
        }
    }
}

impl Verb<Tcg> for Choose {
    const WORDS: &'static [&'static str] = &["choose"];

    fn compile(c: &mut Compiler<'_>, _word: &str, form: &Sexp) -> R<()> {
        let args = form.args();
        let Some(slot) = args
            .first()
            .and_then(Sexp::as_int)
            .filter(|n| (0..8).contains(n))
        else {
            return err(
                form.pos(),
                "write `(choose N TEST... [(by PLAYER)])`, N a slot from 0 to 7",
            );
        };
        let mut rest = &args[1..];
        let resource = rest.first().and_then(Sexp::as_atom) == Some("resource");
        if resource {
            rest = &rest[1..];
        }
        let mut by = PlayerWho::You;
        if let Some((last, init)) = rest.split_last() {
            if last.head() == Some("by") {
                let [p] = last.args() else {
                    return err(last.pos(), "write `(by PLAYER)`");
                };
                by = parse_player(p, &mut c.scope)?;
                rest = init;
            }
        }
        let filter = parse_filter(rest, &mut c.scope)?;
        c.push(Choose {
            slot: slot as u8,
            filter,
            by,
            resource,
        });
        Ok(())
    }

    fn text(&self) -> String {
        let mut s = format!("{} chooses a {}.", player(&self.by), self.noun());
        if matches!(self.by, PlayerWho::You) {
            s = format!("Choose a {}.", self.noun());
        }
        s[..1].make_ascii_uppercase();
        s
    }

    fn run(&self, g: &mut HostState) -> Option<Seat> {
        let chooser = self.chooser(g);
        match (chooser, self.candidates(g).len()) {
            (Some(p), n) if n > 0 => Some(p as Seat),
            _ => {
                g.choose(self.slot, None);
                None
            }
        }
    }

    fn options(&self, g: &HostState) -> Vec<Action> {
        self.candidates(g).into_iter().map(Action::Pick).collect()
    }

    fn answer(&self, g: &mut HostState, a: &Action) -> bool {
        let Action::Pick(c) = a else {
            return false;
        };
        g.choose(self.slot, Some(*c));
        g.next_step();
        true
    }

    fn prompt(&self, _g: &HostState) -> Option<String> {
        Some(format!("choose a {}", self.noun()))
    }
}

#[cfg(test)]
mod tests {
    use crate::action::Action;
    use crate::ids::Row;
    use crate::state::Pending;
    use crate::testkit::Bench;

    /// 508.2b (VS-TCG: Puppet Master): the player told to act makes the choice on
    /// resolution.
    #[test]
    fn r508_2b_the_player_told_to_act_chooses_on_resolution() {
        let (mut b, pt) = Bench::with_effect(
            "(target 0 player opponent) (choose 0 ready (by (target 0))) (exhaust (chosen 0))",
            "",
        );
        let a = b.in_play(1, "trn-007", Row::Front, 0);
        let other = b.in_play(1, "trn-006", Row::Front, 1);
        b.act(Action::PlayPlotTwist(pt));
        b.act(Action::ChooseTarget(crate::state::TargetRef::Player(1)));
        b.act(Action::Pass);
        b.act(Action::Pass);
        assert_eq!(b.g.pending(), Pending::EffectChoice(1));
        b.act(Action::Pick(other));
        assert!(b.g.card(other).exhausted && !b.g.card(a).exhausted);
    }
}
