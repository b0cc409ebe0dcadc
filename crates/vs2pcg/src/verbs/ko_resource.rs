//! `(ko-resource WHOSE [face-down])`: the controller KOs one resource of a player (or of
//! any player); only a face-down one if so written.

use crate::action::Action;
use crate::ids::CardId;
use crate::verbs::{Compiler, HostState, Pcg};
use crate::vocab::PlayerWho;
use crate::wording::player;
use crate::words::{err, parse_player, word as plain_word, E};
use crossover_kernel::Seat;
use crossover_sexpr::Sexp;
use crossover_vs_core::Verb;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct KoResource {
    pub whose: Option<PlayerWho>,
    pub face_down_only: bool,
}

impl Verb<Pcg> for KoResource {
    const WORDS: &'static [&'static str] = &["ko-resource"];

    fn compile(c: &mut Compiler<'_>, _word: &str, form: &Sexp) -> Result<(), E> {
        let a = form.args();
        let usage = "(ko-resource WHOSE [face-down]), WHOSE = any | you | (chosen-player SLOT) | (controller-of SLOT)";
        let (whose_s, face_down_only) = match a {
            [w] => (w, false),
            [w, f] if plain_word(f).as_deref() == Some("face-down") => (w, true),
            _ => return err(form.pos(), format!("`ko-resource` is written {usage}")),
        };
        let whose = if plain_word(whose_s).as_deref() == Some("any") {
            None
        } else {
            Some(parse_player(whose_s, c.scope)?)
        };
        c.push(KoResource {
            whose,
            face_down_only,
        });
        Ok(())
    }

    fn text(&self) -> String {
        format!(
            "KO a {}resource{}.",
            if self.face_down_only {
                "face-down "
            } else {
                ""
            },
            self.whose
                .as_ref()
                .map_or(String::new(), |p| format!(" of {}", player(p)))
        )
    }

    fn run(&self, g: &mut HostState) -> Option<Seat> {
        let me = g.controller();
        (!self.candidates(g).is_empty()).then_some(me)
    }

    fn options(&self, g: &HostState) -> Vec<Action> {
        self.candidates(g)
            .into_iter()
            .map(|card| Action::Choose { card })
            .collect()
    }

    fn answer(&self, g: &mut HostState, a: &Action) -> bool {
        let Action::Choose { card } = a else {
            return false;
        };
        let card = *card;
        let owner = g.owner_of(card);
        g.log_line(&mut |g| {
            format!(
                "A resource of {} ({}) is KO'd.",
                g.player_name(owner),
                if g.is_face_up(card) {
                    g.card_name(card)
                } else {
                    "face down"
                }
            )
        });
        g.put_into_ko_pile(card, owner);
        g.next_step();
        true
    }

    fn prompt(&self, _g: &HostState) -> Option<String> {
        Some("choose a resource".into())
    }
}

impl KoResource {
    /// The resources this step may KO.
    fn candidates(&self, g: &HostState) -> Vec<CardId> {
        let seats = match &self.whose {
            Some(p) => g.which_players(p),
            None => g.live_seats(),
        };
        seats
            .into_iter()
            .flat_map(|s| g.resources(s))
            .filter(|&r| !self.face_down_only || !g.is_face_up(r))
            .collect()
    }
}

#[cfg(all(test, feature = "testkit"))]
mod tests {
    use crate::action::Action;
    use crate::ids::Zone;
    use crate::testkit::verb_bench;
    use crossover_kernel::Game;

    /// Resources p.8: only Bo's face-down resource may be KO'd, and it goes to his KO pile.
    #[test]
    fn ko_resource_does_what_the_rulebook_says() {
        let (mut g, pt, mine, theirs) = verb_bench("(ko-resource any face-down)");
        let text = crate::text::steps(&g.def(pt).effect);
        assert_eq!(text, "KO a face-down resource.");
        let up = g.spawn("t-loc", 1, Zone::Resources);
        let down = g.spawn("t-loc", 1, Zone::Resources);
        g.set_face_up(down, false);
        g.apply(&Action::PlayPlotTwist { card: pt }).unwrap();
        assert_eq!(g.legal_actions(), vec![Action::Choose { card: down }]);
        g.apply(&Action::Choose { card: down }).unwrap();
        assert_eq!(g.card(down).zone(), Zone::KoPile);
        assert_eq!(g.card(up).zone(), Zone::Resources);
        let _ = (mine, theirs);
    }
}
