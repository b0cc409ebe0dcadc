//! Properties of random games over every pairing of the four pre-built decks (issue
//! 14's acceptance): no panic, every game ends, every card is in exactly one place,
//! clone and serde give the same state hash, and forged actions at any point are legal
//! or refused with the state unchanged.

use crossover_kernel::{Game, GameRng};
use crossover_ufs::state::{CardId, Place};
use crossover_ufs::{Action, DeckList, Ufs, UfsSetup};

const DECKS: [&str; 4] = ["ryu", "akuma", "siegfried", "sophitia"];
/// A game of UFS with these decks is over long before this many decisions.
const MAX_ACTIONS: usize = 20_000;

fn setup(i: u64) -> UfsSetup {
    let a = (i % 4) as usize;
    let b = (i / 4 % 4) as usize;
    UfsSetup {
        decks: [
            DeckList::prebuilt(DECKS[a]).unwrap(),
            DeckList::prebuilt(DECKS[b]).unwrap(),
        ],
        facts_only: true,
    }
}

/// Every card is listed in exactly the zone its `place` says, once.
fn check_places(g: &Ufs) {
    let s = &g.state;
    let mut seen = vec![0u8; s.cards.len()];
    for p in [0u8, 1] {
        for place in [
            Place::Deck,
            Place::Hand,
            Place::CardPool,
            Place::Staging,
            Place::Momentum,
            Place::Discard,
            Place::Removed,
        ] {
            for &c in s.zone(p, place) {
                assert_eq!(s.card(c).place, place, "card {c}");
                assert_eq!(s.card(c).owner, p, "card {c}");
                seen[usize::from(c)] += 1;
            }
        }
    }
    assert!(seen.iter().all(|&n| n == 1), "a card is in no zone or two");
}

fn forged(rng: &mut GameRng, cards: usize) -> Action {
    let c = rng.below(cards + 3) as CardId;
    let n = rng.below(5) as u8;
    match rng.below(11) {
        0 => Action::GoFirst(rng.below(2) == 0),
        1 => Action::Mulligan(rng.below(2) == 0),
        2 => Action::ReviewDiscard(c),
        3 => Action::PlayForm(c),
        4 => Action::Commit(c),
        5 => Action::Powerful(n),
        6 => Action::Ex(n),
        7 => Action::Block(c),
        8 => Action::Reversal(c),
        9 => Action::ToMomentum(rng.below(2) == 0),
        _ => Action::Pass,
    }
}

#[test]
fn random_games_end_conserve_cards_and_refuse_forged_actions() {
    let games = 200;
    let mut rng = GameRng::from_seed(7);
    let mut turns = 0;
    for i in 0..games {
        let mut g = Ufs::new_game(&setup(i), i).unwrap();
        g.set_logging(i % 10 == 0);
        let mut actions = 0;
        while g.outcome().is_none() {
            actions += 1;
            assert!(actions < MAX_ACTIONS, "game {i} did not end");
            check_places(&g);
            if actions % 7 == 0 {
                let before = g.state_hash();
                assert_eq!(g.clone().state_hash(), before);
                let json = serde_json::to_string(&g).unwrap();
                let back: Ufs = serde_json::from_str(&json).unwrap();
                assert_eq!(back.state_hash(), before, "serde round trip, game {i}");
                for _ in 0..3 {
                    let a = forged(&mut rng, g.state.cards.len());
                    let legal = g.legal_actions().contains(&a);
                    let mut copy = g.clone();
                    match copy.apply(&a) {
                        Ok(()) => assert!(legal, "{a:?} was applied but not offered"),
                        Err(e) => {
                            assert!(!legal, "{a:?} was offered but refused: {e}");
                            assert_eq!(
                                copy.state_hash(),
                                before,
                                "a refused {a:?} changed the state"
                            );
                        }
                    }
                }
            }
            let options = g.legal_actions();
            assert!(!options.is_empty(), "game {i}: a decision without options");
            let a = options[rng.below(options.len())].clone();
            g.apply(&a).unwrap();
        }
        turns += g.turn();
    }
    assert!(
        turns > games as u32 * 3,
        "games are too short to have tested much"
    );
}
