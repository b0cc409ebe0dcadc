//! `(to-character-row WHO)`: a resource that is a character card is moved into a front
//! or support row of its controller (708.4g): it turns face up, leaves play as a
//! resource and enters play as a character, a new object (its timestamp reset, its
//! counters gone, the modifiers on the resource left behind). Its controller chooses an
//! empty position of an area its icons allow (214.3a). WHO is `(target N)`, `(chosen N)`
//! or `this`; a resource that isn't a character card stays.

use crate::action::Action;
use crate::ids::CardId;
use crate::verbs::turn_face_down::resources_text;
use crate::verbs::{Compiler, HostState, Tcg};
use crate::vocab::{CardKind, Filter, Test, Who};
use crate::words::{err, one_who, R};
use crossover_kernel::Seat;
use crossover_sexpr::Sexp;
use crossover_vs_core::Verb;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ToCharacterRow {
    pub who: Who,
}

impl ToCharacterRow {
    /// The resource moved: the first named that is a character card.
    fn resource(&self, g: &HostState) -> Option<CardId> {
        let character = Filter(vec![Test::CardType(CardKind::Character)]);
        g.resources_of(&self.who)
            .into_iter()
            .find(|&r| g.card_matches(&character, r))
    }
}

impl Verb<Tcg> for ToCharacterRow {
    const WORDS: &'static [&'static str] = &["to-character-row"];

    fn compile(c: &mut Compiler<'_>, word: &str, form: &Sexp) -> R<()> {
        let who = one_who(form, word, &mut c.scope)?;
        if matches!(who, Who::Each(_)) {
            return err(
                form.pos(),
                "one resource at a time: `(target N)`, `(chosen N)` or `this`",
            );
        }
        c.push(ToCharacterRow { who });
        Ok(())
    }

    fn text(&self) -> String {
        format!(
            "Move {} into your front or support row.",
            resources_text(&self.who)
        )
    }

    fn run(&self, g: &mut HostState) -> Option<Seat> {
        let Some(r) = self.resource(g) else {
            g.set_did(false);
            return None;
        };
        if g.character_row_positions(r).is_empty() {
            g.set_did(false);
            return None;
        }
        Some(g.controller_of(r) as Seat)
    }

    fn options(&self, g: &HostState) -> Vec<Action> {
        self.resource(g)
            .map(|r| g.character_row_positions(r))
            .unwrap_or_default()
            .into_iter()
            .map(Action::Place)
            .collect()
    }

    fn answer(&self, g: &mut HostState, a: &Action) -> bool {
        let (Action::Place(pos), Some(r)) = (a, self.resource(g)) else {
            return false;
        };
        if !g.character_row_positions(r).contains(pos) {
            return false;
        }
        g.resource_to_character_row(r, *pos);
        g.set_did(true);
        g.next_step();
        true
    }

    fn prompt(&self, _g: &HostState) -> Option<String> {
        Some("choose where the character enters".into())
    }
}
