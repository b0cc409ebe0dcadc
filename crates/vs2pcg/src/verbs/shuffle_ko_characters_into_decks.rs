//! `shuffle-ko-characters-into-decks`: each character card in every KO pile is shuffled
//! into its owner's deck (Searching and Shuffling p.25); how many is kept for
//! `last-count`.

use crate::verbs::{Compiler, HostState, Pcg};
use crate::words::{no_args, E};
use crossover_kernel::Seat;
use crossover_sexpr::Sexp;
use crossover_vs_core::Verb;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ShuffleKoCharactersIntoDecks;

impl Verb<Pcg> for ShuffleKoCharactersIntoDecks {
    const WORDS: &'static [&'static str] = &["shuffle-ko-characters-into-decks"];

    fn compile(c: &mut Compiler<'_>, word: &str, form: &Sexp) -> Result<(), E> {
        no_args(form, word, c.scope, false)?;
        c.scope.last_count = true;
        c.push(ShuffleKoCharactersIntoDecks);
        Ok(())
    }

    fn text(&self) -> String {
        "Shuffle each character in each KO pile into its owner's deck.".into()
    }

    fn run(&self, g: &mut HostState) -> Option<Seat> {
        let mut count = 0;
        for p in g.every_seat() {
            let chars: Vec<_> = g
                .ko_pile(p)
                .into_iter()
                .filter(|&c| g.is_character_card(c))
                .collect();
            count += chars.len() as i32;
            for c in chars {
                g.put_into_deck(c, p);
            }
            g.shuffle_deck(p);
        }
        g.keep_count(count);
        None
    }
}

#[cfg(all(test, feature = "testkit"))]
mod tests {
    use crate::action::Action;
    use crate::ids::Zone;
    use crate::testkit::verb_bench;
    use crossover_kernel::Game;

    /// Searching and Shuffling p.25: the KO'd character goes back into its owner's deck;
    /// `last-count` counts it.
    #[test]
    fn shuffle_ko_characters_into_decks_does_what_the_rulebook_says() {
        let (mut g, pt, mine, theirs) = verb_bench(
            "(choose 0 (enemy supporting character)) (ko (chosen 0)) \
             shuffle-ko-characters-into-decks (choose 1 (yours supporting character)) \
             (plus-counters (chosen 1) last-count)",
        );
        let text = crate::text::steps(&g.def(pt).effect);
        assert!(
            text.contains("Shuffle each character in each KO pile into its owner's deck."),
            "{text}"
        );
        let deck = g.players()[1].deck().len();
        g.apply(&Action::PlayPlotTwist { card: pt }).unwrap();
        assert_eq!(g.card(theirs).zone(), Zone::Deck);
        assert_eq!(g.players()[1].deck().len(), deck + 1);
        assert_eq!(g.card(mine).plus(), 1);
    }
}
