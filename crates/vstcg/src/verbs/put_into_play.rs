//! `(put-into-play TEST... [team-attacking])`: the effect's controller puts a character
//! card that passes the card tests from their hand into play (214): they choose the card,
//! then an empty position of an area its icons allow (214.3a); it enters ready — or
//! stunned, under a modifier that says so (214.6). Not being a recruit effect, it doesn't
//! check the uniqueness rule (704.4).
//! `team-attacking`: during its controller's attack, it becomes a (team) attacker as the
//! last part of entering play (602.4b, 602.4). With no such card in hand, nothing
//! happens; `(if you-did ...)` after it asks whether a card entered play.

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
}

impl PutIntoPlay {
    /// The cards of the controller's hand it may put into play.
    fn candidates(&self, g: &HostState) -> Vec<CardId> {
        g.hand(g.controller())
            .into_iter()
            .filter(|&c| g.card_matches(&self.filter, c))
            .collect()
    }
}

impl Verb<Tcg> for PutIntoPlay {
    const WORDS: &'static [&'static str] = &["put-into-play"];

    fn compile(c: &mut Compiler<'_>, _word: &str, form: &Sexp) -> R<()> {
        let mut args = form.args();
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
        });
        Ok(())
    }

    fn text(&self) -> String {
        let what = crate::wording::card_filter(&self.filter);
        let what = what.replacen("character cards", "character card", 1);
        let team = if self.team_attacking {
            " team attacking"
        } else {
            ""
        };
        format!("Put a {what} from your hand into play{team}.")
    }

    fn run(&self, g: &mut HostState) -> Option<Seat> {
        g.set_entering(None);
        if self.candidates(g).is_empty() {
            g.set_did(false);
            return None;
        }
        Some(g.controller() as Seat)
    }

    fn options(&self, g: &HostState) -> Vec<Action> {
        match g.entering() {
            None => self.candidates(g).into_iter().map(Action::Pick).collect(),
            Some(c) => g
                .entry_positions_yours(c)
                .into_iter()
                .map(Action::Place)
                .collect(),
        }
    }

    fn answer(&self, g: &mut HostState, a: &Action) -> bool {
        match (g.entering(), a) {
            (None, Action::Pick(c)) if self.candidates(g).contains(c) => {
                g.set_entering(Some(*c));
                true
            }
            (Some(c), Action::Place(pos)) if g.entry_positions_yours(c).contains(pos) => {
                let did = g.put_into_play_yours(c, *pos, self.team_attacking);
                g.set_entering(None);
                g.set_did(did);
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
