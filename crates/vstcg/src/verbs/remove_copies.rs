//! `(remove-copies PLAYER TEST...)`: "search PLAYER's deck and hand for all copies of a
//! <tests> card and remove them from the game": as the effect resolves its controller
//! chooses a card of the game's card pool that passes the card tests (511.4: one that
//! exists), by its printed name and version; every card in the player's deck and hand
//! with that printed name and version — a copy (708.2f, 708.10d): a card of the same name
//! and another version, or none, is not — is removed from the game, and the deck's owner
//! shuffles it (708.10b).

use crate::action::Action;
use crate::verbs::{Compiler, HostState, Tcg};
use crate::vocab::{CardKind, Test};
use crate::vocab::{Filter, PlayerWho};
use crate::wording::{card_filter, player};

/// "non-character card", "plot twist card", else the card tests' words.
fn one_card(f: &Filter) -> String {
    match f.0.as_slice() {
        [] => "card".into(),
        [Test::CardType(k)] => format!("{} card", kind(*k)),
        [Test::Not(t)] if matches!(**t, Test::CardType(_)) => match **t {
            Test::CardType(k) => format!("non-{} card", kind(k)),
            _ => unreachable!(),
        },
        _ => card_filter(f),
    }
}

fn kind(k: CardKind) -> &'static str {
    match k {
        CardKind::Character => "character",
        CardKind::Equipment => "equipment",
        CardKind::Location => "location",
        CardKind::PlotTwist => "plot twist",
    }
}
use crate::words::{err, parse_filter, parse_player, R};
use crossover_kernel::Seat;
use crossover_sexpr::Sexp;
use crossover_vs_core::Verb;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct RemoveCopies {
    pub who: PlayerWho,
    pub filter: Filter,
}

impl Verb<Tcg> for RemoveCopies {
    const WORDS: &'static [&'static str] = &["remove-copies"];

    fn compile(c: &mut Compiler<'_>, _word: &str, form: &Sexp) -> R<()> {
        let Some((p, tests)) = form.args().split_first() else {
            return err(form.pos(), "write `(remove-copies PLAYER TEST...)`");
        };
        let who = parse_player(p, &mut c.scope)?;
        let filter = parse_filter(tests, &mut c.scope)?;
        c.push(RemoveCopies { who, filter });
        Ok(())
    }

    fn text(&self) -> String {
        let what = one_card(&self.filter);
        let mut s = format!(
            "Search the deck and hand of {} for all copies of a {what} of your choice and remove them from the game; the deck's owner shuffles it.",
            player(&self.who)
        );
        s[..1].make_ascii_uppercase();
        s
    }

    fn run(&self, g: &mut HostState) -> Option<Seat> {
        if g.players(&self.who).is_empty() || g.card_choices(&self.filter).is_empty() {
            return None;
        }
        Some(g.controller() as Seat)
    }

    fn options(&self, g: &HostState) -> Vec<Action> {
        (0..g.card_choices(&self.filter).len().min(u16::MAX as usize) as u16)
            .map(Action::Choose)
            .collect()
    }

    fn answer(&self, g: &mut HostState, a: &Action) -> bool {
        let Action::Choose(i) = a else {
            return false;
        };
        let Some((name, version)) = g.card_choices(&self.filter).get(*i as usize).cloned() else {
            return false;
        };
        for p in g.players(&self.who) {
            let found: Vec<crate::ids::CardId> = g
                .deck(p)
                .into_iter()
                .chain(g.hand(p))
                .filter(|&c| g.is_copy_of(c, &name, &version))
                .collect();
            let n = found.len();
            for c in found {
                g.remove_from_game(c);
            }
            g.shuffle_deck(p);
            g.log_line(&mut |h| {
                format!(
                    "{} copies of {} are removed from the game from the deck and hand of {}.",
                    n,
                    if version.is_empty() {
                        name.clone()
                    } else {
                        format!("{name}, {version}")
                    },
                    h.player_name(p)
                )
            });
        }
        g.next_step();
        true
    }

    fn prompt(&self, _g: &HostState) -> Option<String> {
        Some("choose a card by name and version".into())
    }
}

#[cfg(test)]
mod tests {
    use crate::action::Action;
    use crate::state::Zone;
    use crate::testkit::Bench;

    const CARDS: &str = r#"
(card x-jf "Jet Card" "Fighter" (plot-twist (threshold 2)) (effect (draw you 1)))
(card x-jo "Jet Card" "" (equipment (cost 2)))
"#;

    /// 708.2f: the chosen card's copies (name and version) leave the deck and the hand;
    /// the same name without the version stays.
    #[test]
    fn r708_2f_copies_are_the_same_name_and_version() {
        let (mut b, pt) =
            Bench::with_effect("(remove-copies each-opponent (not character-card))", CARDS);
        assert_eq!(
            b.effect_text(pt),
            "Search the deck and hand of each opponent for all copies of a non-character card of your choice and remove them from the game; the deck's owner shuffles it."
        );
        let f1 = b.in_hand(1, "x-jf");
        let f2 = b.in_hand(1, "x-jf");
        let o = b.in_hand(1, "x-jo");
        b.g.move_card(f2, Zone::Deck);
        b.act(Action::PlayPlotTwist(pt));
        b.act(Action::Pass);
        b.act(Action::Pass);
        let labels = b.g.choice_labels();
        let i = labels
            .iter()
            .position(|l| l == "Jet Card, Fighter")
            .unwrap();
        assert!(labels.iter().any(|l| l == "Jet Card (no version)"));
        assert!(!labels.iter().any(|l| l.starts_with("Cadet Vance")));
        b.act(Action::Choose(i as u16));
        assert!(matches!(b.g.card(f1).zone, Zone::Removed { .. }));
        assert!(matches!(b.g.card(f2).zone, Zone::Removed { .. }));
        assert_eq!(b.g.card(o).zone, Zone::Hand);
    }
}
