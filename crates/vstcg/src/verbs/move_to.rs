//! `(move-to WHO [yours] [visible|hidden])`: the effect's controller moves the characters
//! named into empty positions of another side or area: with `yours`, into their own rows
//! (from another player's, they gain control of it and its equipment: 708.4b, 213.5f; the
//! uniqueness rule is not checked, 704.4); with an area, into that area of the side
//! (moving between the visible and hidden areas puts its equipment, except concealed—
//! optional, into its owner's KO'd pile: 708.4c, 302.7). All the characters named are
//! picked up first and then placed one by one, so each may take a position another of
//! them left, never one already taken (708.4d). They stay the same objects (708.4e–f).

use crate::action::Action;
use crate::ids::{Area, CardId, PlayerId};
use crate::verbs::{Compiler, HostState, Tcg};
use crate::vocab::Who;
use crate::wording::who;
use crate::words::{err, parse_who, R};
use crossover_kernel::Seat;
use crossover_sexpr::Sexp;
use crossover_vs_core::Verb;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct MoveTo {
    pub who: Who,
    /// Into the effect controller's rows (else the character's own side).
    pub yours: bool,
    /// Into this area (else the character's own).
    pub area: Option<Area>,
}

impl MoveTo {
    /// The character being placed now, and the side and area it goes to.
    fn current(&self, g: &HostState) -> Option<(CardId, PlayerId, Area)> {
        let c = *g.held().first()?;
        let (owner_side, area) = g.side_and_area(c)?;
        let side = if self.yours {
            g.controller()
        } else {
            owner_side
        };
        Some((c, side, self.area.unwrap_or(area)))
    }
}

impl Verb<Tcg> for MoveTo {
    const WORDS: &'static [&'static str] = &["move-to"];

    fn compile(c: &mut Compiler<'_>, word: &str, form: &Sexp) -> R<()> {
        let Some((w, rest)) = form.args().split_first() else {
            return err(
                form.pos(),
                format!("write `({word} WHO [yours] [visible|hidden])`"),
            );
        };
        let who = parse_who(w, &mut c.scope)?;
        let (mut yours, mut area) = (false, None);
        for x in rest {
            match x.as_atom() {
                Some("yours") if !yours => yours = true,
                Some("visible") if area.is_none() => area = Some(Area::Visible),
                Some("hidden") if area.is_none() => area = Some(Area::Hidden),
                _ => {
                    return err(
                        x.pos(),
                        format!("write `({word} WHO [yours] [visible|hidden])`"),
                    )
                }
            }
        }
        if !yours && area.is_none() {
            return err(
                form.pos(),
                "`move-to` names `yours`, an area or both; `(move WHO)` moves within the rows",
            );
        }
        c.push(MoveTo { who, yours, area });
        Ok(())
    }

    fn text(&self) -> String {
        let whose = if self.yours {
            "your"
        } else {
            "its controller's"
        };
        let place = match self.area {
            Some(a) => format!("{whose} {} area", a.name()),
            None => format!("{whose} rows"),
        };
        format!("Move {} into an empty position of {place}.", who(&self.who))
    }

    fn run(&self, g: &mut HostState) -> Option<Seat> {
        let named = g.who(&self.who);
        g.hold(named);
        self.current(g).map(|_| g.controller() as Seat)
    }

    fn options(&self, g: &HostState) -> Vec<Action> {
        match self.current(g) {
            Some((c, side, area)) => g
                .move_destinations(c, side, area)
                .into_iter()
                .map(Action::Place)
                .collect(),
            None => Vec::new(),
        }
    }

    fn answer(&self, g: &mut HostState, a: &Action) -> bool {
        let (Action::Place(to), Some((c, side, area))) = (a, self.current(g)) else {
            return false;
        };
        if !g.move_destinations(c, side, area).contains(to) {
            return false;
        }
        g.move_into(c, side, *to);
        let rest: Vec<CardId> = g.held().into_iter().skip(1).collect();
        g.hold(rest);
        if self.current(g).is_none() {
            g.hold(Vec::new());
            g.next_step();
        }
        true
    }

    fn prompt(&self, g: &HostState) -> Option<String> {
        self.current(g)
            .map(|(c, _, _)| format!("choose where {} moves", g.card_name(c)))
    }
}
