//! `(reveal-top-take-character N)`: reveal the top N cards of your deck; a character among
//! them goes to your hand, the others to the bottom of your deck.
//! `(reveal-top-take-location N)`: the same, taking a location (Kingpin's Expand the Empire).

use crate::action::Action;
use crate::ids::CardId;
use crate::verbs::{Compiler, HostState, Pcg};
use crate::words::{int_in, written, E};
use crossover_kernel::Seat;
use crossover_sexpr::Sexp;
use crossover_vs_core::Verb;
use serde::{Deserialize, Serialize};

/// The scratch slots of the cards looked at and of the card taken.
const LOOKED_AT: u8 = 5;
const TAKEN: u8 = 6;

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct RevealTopTakeCharacter {
    pub n: u8,
    /// Takes a location card instead of a character card.
    #[serde(default)]
    pub location: crossover_kernel::Added<bool>,
}

/// `(WORD N)`, the form of the steps that look at the top of the deck.
pub(crate) fn top_n(word: &str, form: &Sexp) -> Result<u8, E> {
    let a = written(form, word, 1, &format!("({word} N)"))?;
    Ok(int_in(&a[0], "the number of cards", 1, 20)? as u8)
}

/// Looks at the top `n` cards of the controller's deck once; `Some` while no card is taken.
pub(crate) fn look_at_top(g: &mut HostState, n: u8) -> Option<Seat> {
    let me = g.controller();
    if g.slot(LOOKED_AT).is_empty() && g.slot(TAKEN).is_empty() {
        let deck = g.deck(me);
        let k = (n as usize).min(deck.len());
        let top: Vec<CardId> = deck[deck.len() - k..].iter().rev().copied().collect();
        if top.is_empty() {
            return None;
        }
        g.set_slot(LOOKED_AT, top);
    }
    g.slot(TAKEN).is_empty().then_some(me)
}

/// The chosen card (if any) to the hand, the rest of those looked at to the bottom.
pub(crate) fn take_one(g: &mut HostState, a: &Action) -> bool {
    let me = g.controller();
    let looked_at = g.slot(LOOKED_AT);
    if let Action::Choose { card } = a {
        g.put_into_hand(*card, me);
        g.add_to_slot(TAKEN, *card);
    }
    let rest: Vec<CardId> = looked_at
        .into_iter()
        .filter(|&c| g.zone_of(c) == crate::ids::Zone::Deck)
        .collect();
    g.put_on_bottom_of_deck(me, &rest);
    g.next_step();
    true
}

/// The cards looked at.
pub(crate) fn looked_at(g: &HostState) -> Vec<CardId> {
    g.slot(LOOKED_AT)
}

impl Verb<Pcg> for RevealTopTakeCharacter {
    const WORDS: &'static [&'static str] =
        &["reveal-top-take-character", "reveal-top-take-location"];

    fn compile(c: &mut Compiler<'_>, word: &str, form: &Sexp) -> Result<(), E> {
        let n = top_n(word, form)?;
        c.push(RevealTopTakeCharacter {
            n,
            location: crossover_kernel::Added(word == "reveal-top-take-location"),
        });
        Ok(())
    }

    fn text(&self) -> String {
        format!(
            "Reveal your deck's top {} cards; a {} among them goes to your hand, the others under your deck.",
            self.n,
            if *self.location { "location" } else { "character" }
        )
    }

    fn run(&self, g: &mut HostState) -> Option<Seat> {
        look_at_top(g, self.n)
    }

    fn options(&self, g: &HostState) -> Vec<Action> {
        let mut v: Vec<Action> = looked_at(g)
            .into_iter()
            .filter(|&c| {
                if *self.location {
                    g.deck_card_matches(
                        c,
                        &crate::vocab::DeckFilter {
                            kinds: vec![crate::vocab::DeckKind::Location],
                            ..Default::default()
                        },
                    )
                } else {
                    g.is_character_card(c)
                }
            })
            .map(|card| Action::Choose { card })
            .collect();
        v.push(Action::Pass);
        v
    }

    fn answer(&self, g: &mut HostState, a: &Action) -> bool {
        take_one(g, a)
    }

    fn prompt(&self, _g: &HostState) -> Option<String> {
        Some("choose a card".into())
    }
}

#[cfg(all(test, feature = "testkit"))]
mod tests {
    use crate::action::Action;
    use crate::testkit::verb_bench;
    use crossover_kernel::Game;

    /// Searching: of the top 3 cards (all characters), Ada takes one; the other two go to
    /// the bottom of her deck.
    #[test]
    fn reveal_top_take_character_does_what_the_rulebook_says() {
        let (mut g, pt, mine, theirs) = verb_bench("(reveal-top-take-character 3)");
        let text = crate::text::steps(&g.def(pt).effect);
        assert!(
            text.starts_with("Reveal your deck's top 3 cards;"),
            "{text}"
        );
        let deck = g.players()[0].deck().clone();
        let top3: Vec<_> = deck[deck.len() - 3..].to_vec();
        g.apply(&Action::PlayPlotTwist { card: pt }).unwrap();
        assert_eq!(g.legal_actions().len(), 4);
        let taken = top3[2];
        g.apply(&Action::Choose { card: taken }).unwrap();
        assert!(g.players()[0].hand().contains(&taken));
        let now = g.players()[0].deck();
        assert_eq!(now.len(), deck.len() - 1);
        assert!(now[..2].contains(&top3[0]) && now[..2].contains(&top3[1]));
        let _ = (mine, theirs);
    }
}
