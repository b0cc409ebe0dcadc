//! `(draw-until-as-many-as PLAYER OTHER)`: each PLAYER draws until their hand is as big as
//! the hand of OTHER, one player (`you`, `(chosen-player SLOT)` or `(controller-of SLOT)`);
//! a player whose hand is as big already draws none. Drawing is a one-shot modifier
//! (One-Shot Modifiers), and an empty deck skips the draws it can't give (Running Out Of
//! Cards p.25), so a player may end with fewer.

use crate::verbs::{Compiler, HostState, Pcg};
use crate::vocab::PlayerWho;
use crate::wording::{player, subject};
use crate::words::{err, parse_player, written, E};
use crossover_kernel::Seat;
use crossover_sexpr::Sexp;
use crossover_vs_core::Verb;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct DrawUntilAsManyAs {
    /// Who draws.
    pub player: PlayerWho,
    /// Whose hand's size they draw up to (one player).
    pub other: PlayerWho,
}

impl Verb<Pcg> for DrawUntilAsManyAs {
    const WORDS: &'static [&'static str] = &["draw-until-as-many-as"];

    fn compile(c: &mut Compiler<'_>, word: &str, form: &Sexp) -> Result<(), E> {
        let a = written(
            form,
            word,
            2,
            "(draw-until-as-many-as PLAYER OTHER), like (draw-until-as-many-as you (chosen-player 0))",
        )?;
        let player = parse_player(&a[0], c.scope)?;
        let other = parse_player(&a[1], c.scope)?;
        if other == PlayerWho::EachEnemy {
            return err(
                a[1].pos(),
                "draw-until-as-many-as compares with one player: you, (chosen-player SLOT) or (controller-of SLOT)",
            );
        }
        c.push(DrawUntilAsManyAs { player, other });
        Ok(())
    }

    fn text(&self) -> String {
        let their = if self.player == PlayerWho::You {
            "your"
        } else {
            "their"
        };
        let whose = match &self.other {
            PlayerWho::You => "yours".to_string(),
            other => format!("{}'s", player(other)),
        };
        format!(
            "{} until {their} hand is as big as {whose}.",
            subject(&self.player, "draw"),
        )
    }

    fn run(&self, g: &mut HostState) -> Option<Seat> {
        let other = *g.which_players(&self.other).first()?;
        for p in g.which_players(&self.player) {
            let short = g.hand(other).len().saturating_sub(g.hand(p).len());
            if short > 0 {
                g.draw(p, short as u32);
            }
        }
        None
    }
}

#[cfg(all(test, feature = "testkit"))]
mod tests {
    use crate::action::Action;
    use crate::ids::Zone;
    use crate::testkit::verb_bench;
    use crossover_kernel::Game;

    /// One-Shot Modifiers (drawing cards): Ada draws until her hand is as big as the
    /// chosen enemy's, and draws nothing once it is as big or bigger; Running Out Of Cards
    /// p.25: the draws her deck can't give are skipped.
    #[test]
    fn draw_until_as_many_as_does_what_the_rulebook_says() {
        let steps = "(choose-player 0 enemy) (draw-until-as-many-as you (chosen-player 0))";
        let (mut g, pt, _, _) = verb_bench(steps);
        let text = crate::text::steps(&g.def(pt).effect);
        assert_eq!(
            text,
            "Choose an enemy player. You draw until your hand is as big as that player's."
        );
        // Bo holds two cards more than Ada will once the plot twist has left her hand.
        for _ in 0..2 {
            g.spawn("t-vanilla", 1, Zone::Hand);
        }
        let (mine, theirs) = (g.players()[0].hand().len(), g.players()[1].hand().len());
        assert_eq!(theirs, mine + 1);
        let deck = g.players()[0].deck().len();
        g.apply(&Action::PlayPlotTwist { card: pt }).unwrap();
        assert_eq!(g.players()[0].hand().len(), theirs);
        assert_eq!(g.players()[0].deck().len(), deck - 2);
        assert_eq!(g.players()[1].hand().len(), theirs, "Bo draws nothing");

        // As many or more already: no draw.
        let (mut g, pt, _, _) = verb_bench("(draw-until-as-many-as each-enemy you)");
        assert_eq!(
            crate::text::steps(&g.def(pt).effect),
            "Each enemy player draws until their hand is as big as yours."
        );
        let theirs = g.players()[1].hand().len();
        let deck = g.players()[1].deck().len();
        g.apply(&Action::PlayPlotTwist { card: pt }).unwrap();
        assert!(g.players()[0].hand().len() <= theirs);
        assert_eq!(g.players()[1].hand().len(), theirs);
        assert_eq!(g.players()[1].deck().len(), deck);
    }

    /// Running Out Of Cards p.25: Bo's deck has two cards, he is six short: he draws two.
    #[test]
    fn the_draws_an_empty_deck_cant_give_are_skipped() {
        let (mut g, pt, _, _) = verb_bench("(draw-until-as-many-as each-enemy you)");
        while g.players()[1].deck().len() > 2 {
            let c = *g.players()[1].deck().last().unwrap();
            g.move_to(c, Zone::KoPile, 1);
        }
        for _ in 0..(g.players()[1].hand().len() + 6 + 1 - g.players()[0].hand().len()) {
            g.spawn("t-vanilla", 0, Zone::Hand);
        }
        let theirs = g.players()[1].hand().len();
        g.apply(&Action::PlayPlotTwist { card: pt }).unwrap();
        assert_eq!(g.players()[0].hand().len(), theirs + 6);
        assert_eq!(g.players()[1].hand().len(), theirs + 2);
        assert!(g.players()[1].deck().is_empty());
    }

    /// The player compared with is one player.
    #[test]
    fn each_enemy_is_refused_as_the_player_compared_with() {
        let src = "(card t-x \"X\" (plot-twist (timing main)) (effect (draw-until-as-many-as you each-enemy)))";
        let e = crate::cardfile::parse_cards("x.cards", src).unwrap_err();
        assert!(e.to_string().contains("compares with one player"), "{e}");
    }
}
