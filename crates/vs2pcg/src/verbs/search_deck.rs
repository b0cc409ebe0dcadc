//! `(search-deck any|(DECK-WORD...) [(up-to N)] [hand|side])` and `search-deck-for-copy`:
//! search your deck for up to N cards matching, put them into your hand or onto your side
//! (all at once, each in the row you choose), then shuffle (Searching and Shuffling p.25:
//! for a kind of card you may fail to find; for any card you must take one if the deck
//! has one). Namesakes arriving together: their controller keeps one (p.24).

use crate::action::Action;
use crate::ids::{CardId, Row};
use crate::verbs::{Compiler, HostState, Pcg};
use crate::vocab::{DeckFilter, DeckKind, SearchDest};
use crate::wording::with_article;
use crate::words::{
    about_own_character, args_n, err, head, int_in, team, unknown, word, Scope, E, R,
};
use crossover_kernel::Seat;
use crossover_sexpr::Sexp;
use crossover_vs_core::Verb;
use serde::{Deserialize, Serialize};

/// The effect's scratch slots the search keeps its cards in while it asks (cards choose
/// slots 0-4; 5-7 belong to older steps): the cards found, the characters still waiting
/// for a row, those going to each row, and the namesakes that arrived together.
const FOUND: u8 = 11;
const PLACING: u8 = 12;
const TO_FRONT: u8 = 13;
const TO_BACK: u8 = 14;
const TOGETHER: u8 = 15;

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct SearchDeck {
    pub what: DeckFilter,
    pub max: u8,
    pub to: SearchDest,
}

impl Verb<Pcg> for SearchDeck {
    const WORDS: &'static [&'static str] = &["search-deck", "search-deck-for-copy"];

    fn compile(c: &mut Compiler<'_>, word: &str, form: &Sexp) -> Result<(), E> {
        let search = if word == "search-deck" {
            parse_search(form, c.scope)?
        } else {
            about_own_character(c.scope, form, word)?;
            // A copy of this character onto your side: the general search.
            SearchDeck {
                what: DeckFilter {
                    kinds: vec![DeckKind::Character],
                    same_name_as_self: true,
                    ..DeckFilter::default()
                },
                max: 1,
                to: SearchDest::Side,
            }
        };
        c.push(search);
        Ok(())
    }

    fn text(&self) -> String {
        search_text(&self.what, self.max, self.to)
    }

    /// Looking for cards, then (onto your side) a row for each, then which of the
    /// namesakes that arrived together stays.
    fn run(&self, g: &mut HostState) -> Option<Seat> {
        let me = g.controller();
        let together = g.slot(TOGETHER);
        if !together.is_empty() {
            if g.together_clashes(&together).is_empty() {
                // Nothing left to choose between (one of them left play meanwhile).
                g.finish_together(&together);
                g.shuffle_deck(me);
                clear_slots(g);
                return None;
            }
            return Some(me);
        }
        if !g.slot(PLACING).is_empty() {
            return Some(me);
        }
        if g.slot(FOUND).len() < self.max as usize && !self.candidates(g).is_empty() {
            return Some(me);
        }
        // Nothing (more) to find: the search ends.
        self.end(g, me);
        if g.slot(PLACING).is_empty() && g.slot(TOGETHER).is_empty() {
            clear_slots(g);
            return None;
        }
        Some(me)
    }

    fn options(&self, g: &HostState) -> Vec<Action> {
        let together = g.slot(TOGETHER);
        if !together.is_empty() {
            // Which one of the namesakes that arrived together stays (p.24).
            return g
                .together_clashes(&together)
                .into_iter()
                .map(|card| Action::Choose { card })
                .collect();
        }
        if !g.slot(PLACING).is_empty() {
            return crate::verbs::row_choices();
        }
        let found = g.slot(FOUND);
        if found.len() >= self.max as usize {
            return vec![];
        }
        let mut v: Vec<Action> = self
            .candidates(g)
            .into_iter()
            .map(|card| Action::Choose { card })
            .collect();
        // Searching for a kind of card you may fail to find; for any card you must take
        // one (p.25), and after that may stop.
        if !(self.what.any && found.is_empty() && !v.is_empty()) {
            v.push(Action::Pass);
        }
        v
    }

    fn answer(&self, g: &mut HostState, a: &Action) -> bool {
        if self.answered(g, a) {
            g.next_step();
        }
        true
    }

    fn prompt(&self, _g: &HostState) -> Option<String> {
        Some("choose a card from the deck".into())
    }
}

impl SearchDeck {
    /// Deck cards the search may still take, one per definition (copies are alike).
    fn candidates(&self, g: &HostState) -> Vec<CardId> {
        let found = g.slot(FOUND);
        let mut v: Vec<CardId> = g
            .deck(g.controller())
            .into_iter()
            .filter(|c| !found.contains(c) && g.deck_card_matches(*c, &self.what))
            .collect();
        v.sort_by_key(|&c| (g.definition_of(c), c));
        v.dedup_by_key(|c| g.definition_of(*c));
        v
    }

    /// The search is over: into the hand now, or on to choosing rows.
    fn end(&self, g: &mut HostState, me: Seat) {
        let found = g.slot(FOUND);
        g.set_slot(FOUND, Vec::new());
        match self.to {
            SearchDest::Hand => {
                for &c in &found {
                    g.return_to_hand(c);
                    g.log_private_line(me, &mut |g| format!("You find {}.", g.card_name(c)));
                }
                let n = found.len();
                g.log_line(&mut |g| {
                    format!(
                        "{} searches their deck and takes {n} card(s).",
                        g.player_name(me)
                    )
                });
                g.keep_count(n as i32);
                g.shuffle_deck(me);
            }
            SearchDest::Side => {
                g.keep_count(found.len() as i32);
                let chars: Vec<CardId> = found
                    .into_iter()
                    .filter(|&c| g.is_character_card(c))
                    .collect();
                if chars.is_empty() {
                    g.shuffle_deck(me);
                }
                g.set_slot(PLACING, chars);
            }
        }
    }

    /// Applies an answer; true when the search is finished.
    fn answered(&self, g: &mut HostState, a: &Action) -> bool {
        let me = g.controller();
        let together = g.slot(TOGETHER);
        if !together.is_empty() {
            if let Action::Choose { card } = a {
                g.keep_among_together(*card, &together);
            }
            if g.together_clashes(&together).is_empty() {
                g.finish_together(&together);
                g.shuffle_deck(me);
                clear_slots(g);
                return true;
            }
            return false;
        }
        let placing = g.slot(PLACING);
        if let (Some(&c), Action::ChooseRow { row }) = (placing.first(), a) {
            g.set_slot(PLACING, placing[1..].to_vec());
            let s = if *row == Row::Front {
                TO_FRONT
            } else {
                TO_BACK
            };
            g.add_to_slot(s, c);
            if !g.slot(PLACING).is_empty() {
                return false;
            }
            // Every row is chosen: they all enter play at once.
            let mut arriving: Vec<(CardId, Row)> = g
                .slot(TO_FRONT)
                .into_iter()
                .map(|c| (c, Row::Front))
                .collect();
            arriving.extend(g.slot(TO_BACK).into_iter().map(|c| (c, Row::Back)));
            let cards: Vec<CardId> = arriving.iter().map(|&(c, _)| c).collect();
            let clashes = g.appear_together(&arriving, me);
            if clashes.is_empty() {
                g.finish_together(&cards);
                g.shuffle_deck(me);
                clear_slots(g);
                return true;
            }
            g.set_slot(TOGETHER, cards);
            return false;
        }
        match a {
            Action::Choose { card } => {
                g.add_to_slot(FOUND, *card);
                if g.slot(FOUND).len() < self.max as usize && !self.candidates(g).is_empty() {
                    // Still searching.
                    return false;
                }
            }
            Action::Pass => {}
            _ => return false,
        }
        self.end(g, me);
        if g.slot(PLACING).is_empty() {
            clear_slots(g);
            return true;
        }
        false
    }
}

fn clear_slots(g: &mut HostState) {
    for s in [FOUND, PLACING, TO_FRONT, TO_BACK, TOGETHER] {
        g.set_slot(s, Vec::new());
    }
}

/// `(search-deck ...)` read.
fn parse_search(form: &Sexp, scope: &Scope) -> R<SearchDeck> {
    let usage = "(search-deck any|(DECK-WORD...) [(up-to N)] [hand|side]), like (search-deck (plot-twist) hand)";
    let a = form.args();
    let Some(w) = a.first() else {
        return err(form.pos(), format!("`search-deck` is written {usage}"));
    };
    let mut what = DeckFilter::default();
    if word(w).as_deref() == Some("any") {
        what.any = true;
    } else if let Some(items) = w.as_list() {
        if items.is_empty() {
            return err(
                w.pos(),
                format!("say what to search for, or write `any`: {usage}"),
            );
        }
        for it in items {
            match (word(it).as_deref(), head(it).as_deref()) {
                (Some("character" | "characters"), _) => what.kinds.push(DeckKind::Character),
                (Some("supporting"), _) => what.kinds.push(DeckKind::Supporting),
                (Some("plot-twist" | "plot-twists"), _) => what.kinds.push(DeckKind::PlotTwist),
                (Some("equipment"), _) => what.kinds.push(DeckKind::Equipment),
                (Some("location" | "locations"), _) => what.kinds.push(DeckKind::Location),
                (Some("copy"), _) => {
                    if !scope.has_self {
                        return err(it.pos(), "`copy` searches for this card's name; a plot twist's search has no character");
                    }
                    what.same_name_as_self = true;
                }
                (_, Some("max-cost")) => {
                    what.max_cost =
                        Some(int_in(&args_n(it, 1, "(max-cost N)")?[0], "a cost", 0, 99)? as u8)
                }
                (_, Some("team")) => what.team = Some(team(&args_n(it, 1, "(team T)")?[0])?),
                _ => {
                    return Err(unknown(
                        "search word",
                        it,
                        &[
                            "character",
                            "supporting",
                            "plot-twist",
                            "equipment",
                            "location",
                            "copy",
                            "(max-cost N)",
                            "(team T)",
                        ],
                    ))
                }
            }
        }
    } else {
        return err(w.pos(), format!("`search-deck` is written {usage}"));
    }
    let mut max = 1;
    let mut to = SearchDest::Hand;
    for it in &a[1..] {
        match (word(it).as_deref(), head(it).as_deref()) {
            (_, Some("up-to")) => {
                max = int_in(&args_n(it, 1, "(up-to N)")?[0], "up-to", 1, 9)? as u8;
            }
            (Some("hand"), _) => to = SearchDest::Hand,
            (Some("side"), _) => to = SearchDest::Side,
            _ => return err(it.pos(), format!("`search-deck` is written {usage}")),
        }
    }
    if to == SearchDest::Side
        && !what.kinds.is_empty()
        && what
            .kinds
            .iter()
            .any(|k| !matches!(k, DeckKind::Character | DeckKind::Supporting))
    {
        return err(
            form.pos(),
            "only characters can be put onto your side; search for (character) or (supporting)",
        );
    }
    if to == SearchDest::Side && what.kinds.is_empty() {
        return err(
            form.pos(),
            "only characters can be put onto your side; search for (character) or (supporting)",
        );
    }
    Ok(SearchDeck { what, max, to })
}

/// The search's card text: "Search your deck for up to two supporting characters. Put them
/// onto your side together, ...".
fn search_text(what: &DeckFilter, max: u8, to: SearchDest) -> String {
    let plural = max > 1;
    let kinds: Vec<&str> = what
        .kinds
        .iter()
        .map(|k| match (k, plural) {
            (DeckKind::Character, false) => "character",
            (DeckKind::Character, true) => "characters",
            (DeckKind::Supporting, false) => "supporting character",
            (DeckKind::Supporting, true) => "supporting characters",
            (DeckKind::PlotTwist, false) => "plot twist",
            (DeckKind::PlotTwist, true) => "plot twists",
            (DeckKind::Equipment, _) => "equipment",
            (DeckKind::Location, false) => "location",
            (DeckKind::Location, true) => "locations",
        })
        .collect();
    let mut noun = match (kinds.is_empty(), plural) {
        (false, _) => kinds.join(" or "),
        (true, false) => "card".to_string(),
        (true, true) => "cards".to_string(),
    };
    if let Some(t) = what.team {
        noun = format!("{} {noun}", t.name());
    }
    if what.same_name_as_self {
        noun = format!(
            "{} with this character's name",
            if plural { "cards" } else { "card" }
        );
    }
    if let Some(c) = what.max_cost {
        noun += &format!(" with cost {c} or less");
    }
    let (amount, it) = match (plural, what.any) {
        (false, true) => ("any card".to_string(), "it"),
        (false, false) => (with_article(&noun), "it"),
        (true, _) => (format!("up to {max} {noun}"), "them"),
    };
    let place = match (to, plural) {
        (SearchDest::Hand, _) => format!("Put {it} into your hand"),
        (SearchDest::Side, false) => "Put it onto your side, in the row you choose".to_string(),
        (SearchDest::Side, true) => {
            "Put them onto your side together, each in the row you choose".to_string()
        }
    };
    format!("Search your deck for {amount}. {place}, then shuffle your deck.")
}

#[cfg(all(test, feature = "testkit"))]
mod tests {
    use crate::action::Action;
    use crate::ids::Zone;
    use crate::testkit::verb_bench;
    use crossover_kernel::Game;

    /// Searching and Shuffling p.25: a search for a kind of card may fail, so passing is
    /// offered; the card found goes to the hand and the deck is shuffled.
    #[test]
    fn search_deck_does_what_the_rulebook_says() {
        let (mut g, pt, _, _) = verb_bench("(search-deck (character) hand)");
        let text = crate::text::steps(&g.def(pt).effect);
        assert_eq!(
            text,
            "Search your deck for a character. Put it into your hand, then shuffle your deck."
        );
        let in_deck = g.players()[0].deck().len();
        g.apply(&Action::PlayPlotTwist { card: pt }).unwrap();
        let options = g.legal_actions();
        assert!(options.contains(&Action::Pass), "{options:?}");
        let Some(&Action::Choose { card }) = options.first() else {
            panic!("a character to find: {options:?}");
        };
        g.apply(&Action::Choose { card }).unwrap();
        assert_eq!(g.card(card).zone(), Zone::Hand);
        assert_eq!(g.players()[0].deck().len(), in_deck - 1);
    }

    /// For any card, the searcher must take one if the deck has one (p.25).
    #[test]
    fn searching_for_any_card_must_find_one() {
        let (mut g, pt, _, _) = verb_bench("(search-deck any)");
        g.apply(&Action::PlayPlotTwist { card: pt }).unwrap();
        let options = g.legal_actions();
        assert!(!options.is_empty());
        assert!(!options.contains(&Action::Pass), "{options:?}");
    }
}
