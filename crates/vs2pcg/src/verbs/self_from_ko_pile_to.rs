//! `(self-from-ko-pile-to deck|resources)`: if this card is in its owner's KO pile, it is
//! shuffled into their deck, or becomes a face-down resource (Resources p.8).

use crate::ids::Zone;
use crate::verbs::{Compiler, HostState, Pcg};
use crate::vocab::KoPileDest;
use crate::words::{err, unknown, word as plain_word, written, E};
use crossover_kernel::Seat;
use crossover_sexpr::Sexp;
use crossover_vs_core::Verb;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct SelfFromKoPileTo {
    pub dest: KoPileDest,
}

impl Verb<Pcg> for SelfFromKoPileTo {
    const WORDS: &'static [&'static str] = &["self-from-ko-pile-to"];

    fn compile(c: &mut Compiler<'_>, word: &str, form: &Sexp) -> Result<(), E> {
        if !c.scope.has_self {
            return err(
                form.pos(),
                "`self-from-ko-pile-to` moves the power's own card; a plot twist has none",
            );
        }
        let a = written(form, word, 1, "(self-from-ko-pile-to deck|resources)")?;
        let dest = match plain_word(&a[0]).as_deref() {
            Some("deck") => KoPileDest::Deck,
            Some("resources") => KoPileDest::Resources,
            _ => {
                return Err(unknown("destination", &a[0], &["deck", "resources"]));
            }
        };
        c.push(SelfFromKoPileTo { dest });
        Ok(())
    }

    fn text(&self) -> String {
        match self.dest {
            KoPileDest::Deck => "Shuffle this card from your KO pile into your deck.".into(),
            KoPileDest::Resources => {
                "Turn this card from your KO pile into a face-down resource on your side.".into()
            }
        }
    }

    fn run(&self, g: &mut HostState) -> Option<Seat> {
        let me = g.source();
        if g.zone_of(me) != Zone::KoPile {
            return None;
        }
        let owner = g.owner_of(me);
        match self.dest {
            KoPileDest::Deck => {
                g.put_into_deck(me, owner);
                g.shuffle_deck(owner);
                g.log_line(&mut |g| {
                    format!("{} is shuffled into its owner's deck.", g.card_name(me))
                });
            }
            KoPileDest::Resources => {
                g.put_into_resources(me, owner, false);
                g.log_line(&mut |g| format!("{} becomes a face-down resource.", g.card_name(me)));
                g.resource_gained(owner);
            }
        }
        None
    }
}

#[cfg(all(test, feature = "testkit"))]
mod tests {
    use crate::action::Action;
    use crate::ids::Zone;
    use crate::testkit::{db, started};
    use crossover_kernel::Game;

    /// Resources p.8: a KO'd character whose power says so becomes a face-down resource of
    /// its owner.
    #[test]
    fn self_from_ko_pile_to_does_what_the_rulebook_says() {
        let src = "(card t-back \"Homecomer\"\n  (supporting (cost 1) (atk 2) (def 2) (health 1) (team avengers))\n  (power \"Home\" (trigger (on self-kod) (self-from-ko-pile-to resources))))\n\
                   (card t-kill \"Kill\" (plot-twist (timing main)) (effect (choose 0 (yours supporting character)) (ko (chosen 0))))\n";
        let cards =
            crate::cardfile::parse_cards("ko-pile.cards", src).unwrap_or_else(|e| panic!("{e}"));
        let mut g = started(db(cards), "t-vanilla", 7);
        g.goto_main();
        let back = g.spawn("t-back", 0, Zone::Front);
        let kill = g.spawn("t-kill", 0, Zone::Hand);
        let text = crate::text::card_text(g.def(back));
        assert!(
            text.contains(
                "turn this card from your KO pile into a face-down resource on your side."
            ),
            "{text}"
        );
        g.apply(&Action::PlayPlotTwist { card: kill }).unwrap();
        while !g.frames().is_empty() && g.apply(&Action::Pass).is_ok() {}
        assert_eq!(g.card(back).zone(), Zone::Resources);
        assert!(!g.card(back).face_up());
    }
}
