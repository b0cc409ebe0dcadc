//! `(equip-from-hand WHO TEST...)`: the effect's controller puts an equipment card that
//! passes the card tests from their hand into play attached to the character named (the
//! first, if several), following every rule about what it may be attached to (302.9):
//! one that can't legally be attached stays in the hand. With no such card in hand,
//! nothing happens.

use crate::action::Action;
use crate::ids::CardId;
use crate::verbs::{Compiler, HostState, Tcg};
use crate::vocab::{CardKind, Filter, Test, Who};
use crate::wording::{filter, who};
use crate::words::{err, parse_filter, parse_who, R};
use crossover_kernel::Seat;
use crossover_sexpr::Sexp;
use crossover_vs_core::Verb;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct EquipFromHand {
    pub to: Who,
    pub filter: Filter,
}

impl EquipFromHand {
    fn candidates(&self, g: &HostState) -> Vec<CardId> {
        let mut f = self.filter.clone();
        f.0.push(Test::CardType(CardKind::Equipment));
        g.hand(g.controller())
            .into_iter()
            .filter(|&c| g.card_matches(&f, c))
            .collect()
    }
}

impl Verb<Tcg> for EquipFromHand {
    const WORDS: &'static [&'static str] = &["equip-from-hand"];

    fn compile(c: &mut Compiler<'_>, word: &str, form: &Sexp) -> R<()> {
        let Some((to, tests)) = form.args().split_first() else {
            return err(form.pos(), format!("write `({word} WHO TEST...)`"));
        };
        let to = parse_who(to, &mut c.scope)?;
        let filter = parse_filter(tests, &mut c.scope)?;
        c.push(EquipFromHand { to, filter });
        Ok(())
    }

    fn text(&self) -> String {
        let what = if self.filter.0.is_empty() {
            "an equipment card".to_string()
        } else {
            format!(
                "an equipment {}",
                filter(&self.filter, false).replace("character", "card")
            )
        };
        format!(
            "Put {what} from your hand into play attached to {}.",
            who(&self.to)
        )
    }

    fn run(&self, g: &mut HostState) -> Option<Seat> {
        if self.candidates(g).is_empty() {
            g.set_did(false);
            return None;
        }
        Some(g.controller() as Seat)
    }

    fn options(&self, g: &HostState) -> Vec<Action> {
        self.candidates(g).into_iter().map(Action::Pick).collect()
    }

    fn answer(&self, g: &mut HostState, a: &Action) -> bool {
        let Action::Pick(e) = a else {
            return false;
        };
        if !self.candidates(g).contains(e) {
            return false;
        }
        let done = match g.who(&self.to).first() {
            Some(&host) => g.attach_from_hand(*e, host),
            None => false,
        };
        g.set_did(done);
        g.next_step();
        true
    }

    fn prompt(&self, _g: &HostState) -> Option<String> {
        Some("choose an equipment card in your hand to put into play attached".into())
    }
}
