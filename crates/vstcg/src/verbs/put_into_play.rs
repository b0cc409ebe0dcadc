//! `(put-into-play TEST... [team-attacking])`: the effect's controller puts a character
//! card that passes the card tests from their hand into play (214): they choose the card,
//! then an empty position of an area its icons allow (214.3a); it enters ready — or
//! stunned, under a modifier that says so (214.6). Not being a recruit effect, it doesn't
//! check the uniqueness rule (704.4).
//! `team-attacking`: during its controller's attack, it becomes a (team) attacker as the
//! last part of entering play (602.4b, 602.4). With no such card in hand, nothing
//! happens; `(if you-did ...)` after it asks whether a card entered play.
//! `(put-into-play N TEST...)` puts N such cards into play at once (213.5i): the player
//! chooses each card and its position first (702.2), then all of them enter play
//! simultaneously; with fewer cards or empty positions, as many as can (`you-did`: all N).

use crate::action::Action;
use crate::ids::CardId;
use crate::verbs::{Compiler, HostState, Tcg};
use crate::vocab::{CardKind, Filter, Test};
use crate::words::{err, parse_filter, R};
use crossover_kernel::Seat;
use crossover_sexpr::Sexp;
use crossover_vs_core::Verb;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct PutIntoPlay {
    pub filter: Filter,
    pub team_attacking: bool,
    /// How many cards enter play together (213.5i).
    #[serde(default = "one")]
    pub n: u8,
}

fn one() -> u8 {
    1
}

impl PutIntoPlay {
    /// The cards of the controller's hand it may put into play (not one chosen already).
    fn candidates(&self, g: &HostState) -> Vec<CardId> {
        let placing = g.placing();
        g.hand(g.controller())
            .into_iter()
            .filter(|&c| g.card_matches(&self.filter, c))
            .filter(|&c| !placing.iter().any(|&(x, _)| x == c))
            .collect()
    }

    /// The empty positions `c` may take, leaving out those chosen for the others.
    fn positions(&self, g: &HostState, c: CardId) -> Vec<crate::ids::Position> {
        let placing = g.placing();
        g.entry_positions_yours(c)
            .into_iter()
            .filter(|p| !placing.iter().any(|&(_, q)| q == *p))
            .collect()
    }

    /// Whether another card may still be chosen: fewer than N so far, and a card left
    /// with a position left for it.
    fn more(&self, g: &HostState) -> bool {
        g.placing().len() < usize::from(self.n)
            && self
                .candidates(g)
                .into_iter()
                .any(|c| !self.positions(g, c).is_empty())
    }
}

impl Verb<Tcg> for PutIntoPlay {
    const WORDS: &'static [&'static str] = &["put-into-play"];

    fn compile(c: &mut Compiler<'_>, _word: &str, form: &Sexp) -> R<()> {
        let mut args = form.args();
        let mut n = 1;
        if let Some((first, rest)) = args.split_first() {
            if let Some(v) = first.as_int() {
                if !(1..=9).contains(&v) {
                    return err(first.pos(), "put N cards into play: N is from 1 to 9");
                }
                n = v as u8;
                args = rest;
            }
        }
        let mut team_attacking = false;
        if let Some((last, rest)) = args.split_last() {
            if last.as_atom() == Some("team-attacking") {
                team_attacking = true;
                args = rest;
            }
        }
        let mut filter = parse_filter(args, &mut c.scope)?;
        if filter
            .0
            .iter()
            .any(|t| matches!(t, Test::CardType(k) if *k != CardKind::Character))
        {
            return err(
                form.pos(),
                "only a character card is put into play this way",
            );
        }
        filter
            .0
            .retain(|t| *t != Test::CardType(CardKind::Character));
        filter.0.insert(0, Test::CardType(CardKind::Character));
        c.push(PutIntoPlay {
            filter,
            team_attacking,
            n,
        });
        Ok(())
    }

    fn text(&self) -> String {
        let what = crate::wording::card_filter(&self.filter);
        let team = if self.team_attacking {
            " team attacking"
        } else {
            ""
        };
        if self.n > 1 {
            return format!(
                "Put {} {what} from your hand into play at the same time{team}.",
                self.n
            );
        }
        let what = what.replacen("character cards", "character card", 1);
        format!("Put a {what} from your hand into play{team}.")
    }

    fn run(&self, g: &mut HostState) -> Option<Seat> {
        g.set_entering(None);
        g.set_placing(Vec::new());
        if !self.more(g) {
            g.set_did(false);
            return None;
        }
        Some(g.controller() as Seat)
    }

    fn options(&self, g: &HostState) -> Vec<Action> {
        match g.entering() {
            None => self
                .candidates(g)
                .into_iter()
                .filter(|&c| !self.positions(g, c).is_empty())
                .map(Action::Pick)
                .collect(),
            Some(c) => self
                .positions(g, c)
                .into_iter()
                .map(Action::Place)
                .collect(),
        }
    }

    fn answer(&self, g: &mut HostState, a: &Action) -> bool {
        match (g.entering(), a) {
            (None, Action::Pick(c))
                if self.candidates(g).contains(c) && !self.positions(g, *c).is_empty() =>
            {
                g.set_entering(Some(*c));
                true
            }
            (Some(c), Action::Place(pos)) if self.positions(g, c).contains(pos) => {
                let mut placing = g.placing();
                placing.push((c, *pos));
                g.set_placing(placing);
                g.set_entering(None);
                if self.more(g) {
                    return true;
                }
                // 213.5i, 702.2: every choice made, they enter play together.
                let placing = g.placing();
                let n = g.put_into_play_together(&placing, self.team_attacking);
                g.set_placing(Vec::new());
                g.set_did(n == usize::from(self.n));
                g.next_step();
                true
            }
            _ => false,
        }
    }

    fn prompt(&self, g: &HostState) -> Option<String> {
        Some(match g.entering() {
            None => "choose the card to put into play".into(),
            Some(c) => format!("choose where {} enters play", g.card_name(c)),
        })
    }
}
