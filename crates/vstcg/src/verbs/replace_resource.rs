//! `(replace-resource PLAYER)`: the player chooses a face-down resource they control,
//! reveals and KO's it, then puts the top card of their deck face down where it was
//! (708.8a). With no face-down resource, nothing happens.

use crate::action::Action;
use crate::verbs::{Compiler, HostState, Tcg};
use crate::vocab::PlayerWho;
use crate::wording::player;
use crate::words::{err, parse_player, R};
use crossover_kernel::Seat;
use crossover_sexpr::Sexp;
use crossover_vs_core::Verb;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ReplaceResource {
    pub who: PlayerWho,
}

impl ReplaceResource {
    fn chooser(&self, g: &HostState) -> Option<crate::ids::PlayerId> {
        g.players(&self.who).first().copied()
    }
}

impl Verb<Tcg> for ReplaceResource {
    const WORDS: &'static [&'static str] = &["replace-resource"];

    fn compile(c: &mut Compiler<'_>, _word: &str, form: &Sexp) -> R<()> {
        let [p] = form.args() else {
            return err(form.pos(), "write `(replace-resource PLAYER)`");
        };
        let who = parse_player(p, &mut c.scope)?;
        c.push(ReplaceResource { who });
        Ok(())
    }

    fn text(&self) -> String {
        let mut s = if matches!(self.who, PlayerWho::You) {
            "Replace a face-down resource you control.".to_string()
        } else {
            format!(
                "{} replaces a face-down resource they control.",
                player(&self.who)
            )
        };
        s[..1].make_ascii_uppercase();
        s
    }

    fn run(&self, g: &mut HostState) -> Option<Seat> {
        let Some(p) = self.chooser(g) else {
            g.set_did(false);
            return None;
        };
        if g.face_down_resources(p).is_empty() {
            g.set_did(false);
            return None;
        }
        Some(p as Seat)
    }

    fn options(&self, g: &HostState) -> Vec<Action> {
        match self.chooser(g) {
            Some(p) => g
                .face_down_resources(p)
                .into_iter()
                .map(Action::Pick)
                .collect(),
            None => Vec::new(),
        }
    }

    fn answer(&self, g: &mut HostState, a: &Action) -> bool {
        let Action::Pick(r) = a else {
            return false;
        };
        // 708.8c: replaced only if a card was put where the KO'd one was.
        let replaced = g.replace_resource(*r);
        g.set_did(replaced);
        g.next_step();
        true
    }

    fn prompt(&self, _g: &HostState) -> Option<String> {
        Some("choose a face-down resource to replace".into())
    }
}

#[cfg(test)]
mod tests {
    use crate::action::Action;
    use crate::state::Zone;
    use crate::testkit::Bench;

    /// 708.8a: the resource is revealed and KO'd; the deck's top card takes its place
    /// face down.
    #[test]
    fn r708_8a_a_replaced_resource_gives_its_place_to_the_top_card() {
        let (mut b, pt) = Bench::with_effect("(replace-resource you)", "");
        assert_eq!(
            b.effect_text(pt),
            "Replace a face-down resource you control."
        );
        b.resources(0, 1);
        let r = b.resource(0, "trn-007");
        b.resources(0, 1);
        let top = *b.g.player(0).deck.last().unwrap();
        b.act(Action::PlayPlotTwist(pt));
        b.act(Action::Pass);
        b.act(Action::Pass);
        b.act(Action::Pick(r));
        assert_eq!(b.g.card(r).zone, Zone::KoPile);
        assert_eq!(b.g.player(0).resources()[1], top);
        assert!(!b.g.card(top).face_up);
    }
}
