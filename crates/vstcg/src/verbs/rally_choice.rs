//! `(rally-choice PLAYER (TEST...) (TEST...)...)`: the player rallies for a card of
//! their choice among the descriptions, choosing before the top card is revealed
//! (708.19b). The choice is asked one description at a time ("rally for a plot twist
//! card?"): yes rallies for it, no goes on to the next; the last is taken without a
//! question.

use crate::action::Action;
use crate::verbs::rally::Rally;
use crate::verbs::{Compiler, HostState, Tcg};
use crate::vocab::{Filter, PlayerWho, Test};
use crate::wording::{filter, player};
use crate::words::{err, parse_filter, parse_player, R};
use crossover_kernel::Seat;
use crossover_sexpr::Sexp;
use crossover_vs_core::Verb;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct RallyChoice {
    pub who: PlayerWho,
    pub choices: Vec<Filter>,
}

/// "a plot twist card", "a card with cost 4 or more": the description as cards.
fn card_words(f: &Filter) -> String {
    let kind = f.0.iter().find_map(|t| match t {
        Test::CardType(k) => Some(*k),
        _ => None,
    });
    let rest = Filter(
        f.0.iter()
            .filter(|t| !matches!(t, Test::CardType(_)))
            .cloned()
            .collect(),
    );
    let s = filter(&rest, false).replace("character", "card");
    match kind {
        Some(k) => s.replacen("card", &k.word().replace('-', " "), 1),
        None => s,
    }
}

impl RallyChoice {
    fn rallier(&self, g: &HostState) -> Option<crate::ids::PlayerId> {
        g.players(&self.who).first().copied()
    }

    /// Rallies for description `i`, then the effect goes on.
    fn rally(&self, g: &mut HostState, i: usize) {
        if let (Some(p), Some(f)) = (self.rallier(g), self.choices.get(i)) {
            let f = f.clone();
            g.log_line(&mut |h| format!("{} rallies for a {}.", h.player_name(p), card_words(&f)));
            Rally::rally_once(g, p, &f);
        }
    }
}

impl Verb<Tcg> for RallyChoice {
    const WORDS: &'static [&'static str] = &["rally-choice"];

    fn compile(c: &mut Compiler<'_>, word: &str, form: &Sexp) -> R<()> {
        let Some((p, descriptions)) = form.args().split_first() else {
            return err(
                form.pos(),
                format!("write `({word} PLAYER (TEST...) (TEST...)...)`"),
            );
        };
        if descriptions.len() < 2 || descriptions.len() > 8 {
            return err(
                form.pos(),
                "give 2 to 8 descriptions to choose from, each `(TEST...)`",
            );
        }
        let who = parse_player(p, &mut c.scope)?;
        let mut choices = Vec::new();
        for d in descriptions {
            let Some(tests) = d.as_list() else {
                return err(d.pos(), "a description is a list of tests, `(TEST...)`");
            };
            choices.push(parse_filter(tests, &mut c.scope)?);
        }
        c.push(RallyChoice { who, choices });
        Ok(())
    }

    fn text(&self) -> String {
        let verb = if matches!(self.who, PlayerWho::You) {
            "rally"
        } else {
            "rallies"
        };
        let options: Vec<String> = self.choices.iter().map(card_words).collect();
        let mut s = format!(
            "{} {verb} for a card of {} choice: a {}.",
            player(&self.who),
            if matches!(self.who, PlayerWho::You) {
                "your"
            } else {
                "their"
            },
            options.join(" or a ")
        );
        s[..1].make_ascii_uppercase();
        s
    }

    fn run(&self, g: &mut HostState) -> Option<Seat> {
        match self.rallier(g) {
            Some(p) if self.choices.len() > 1 => Some(p as Seat),
            _ => {
                self.rally(g, 0);
                None
            }
        }
    }

    fn options(&self, _g: &HostState) -> Vec<Action> {
        vec![Action::Yes, Action::No]
    }

    fn answer(&self, g: &mut HostState, a: &Action) -> bool {
        let i = g.progress() as usize;
        match a {
            Action::Yes => self.rally(g, i),
            Action::No if i + 2 < self.choices.len() => {
                g.set_progress(i as u8 + 1);
                return true;
            }
            Action::No => self.rally(g, i + 1),
            _ => return false,
        }
        g.next_step();
        true
    }

    fn prompt(&self, g: &HostState) -> Option<String> {
        let i = g.progress() as usize;
        self.choices
            .get(i)
            .map(|f| format!("rally for a {}? (choose before revealing)", card_words(f)))
    }
}

#[cfg(test)]
mod tests {
    use crate::action::Action;
    use crate::state::{Pending, Zone};
    use crate::testkit::Bench;

    #[test]
    fn rally_choice_asks_each_description_in_turn() {
        let (mut b, pt) = Bench::with_effect(
            "(rally-choice you (plot-twist-card) ((cost>= 4)) ((cost<= 1)))",
            "",
        );
        assert_eq!(
            b.effect_text(pt),
            "You rally for a card of your choice: a plot twist card or a card with cost 4 or more or a card with cost 1 or less."
        );
        let top = *b.g.player(0).deck.last().unwrap(); // a cost-1 Cadet
        b.act(Action::PlayPlotTwist(pt));
        b.act(Action::Pass);
        b.act(Action::Pass);
        assert_eq!(b.g.pending(), Pending::EffectChoice(0));
        b.act(Action::No);
        assert_eq!(
            b.g.pending(),
            Pending::EffectChoice(0),
            "the next description"
        );
        b.act(Action::No); // the last one is taken
        assert_eq!(b.g.card(top).zone, Zone::Hand);
    }
}
