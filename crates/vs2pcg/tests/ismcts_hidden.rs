//! The ISMCTS player never reads hidden information (issue 5): its search, and so its
//! decision, is the same whether the opponent's hidden cards — hand, deck, face-down
//! resources — and the random stream are the real ones or a different deal.

use crossover_ai::{Budget, IsmctsConfig, IsmctsPlayer, SearchReport};
use crossover_kernel::{Game, GameRng};
use crossover_vs2pcg::bench::{mid_game_state, prebuilt_pairings};
use crossover_vs2pcg::state::{DefId, Zone};
use crossover_vs2pcg::{Action, GameState};

fn search(game: &GameState, seed: u64, threads: usize) -> SearchReport<Action> {
    let config = IsmctsConfig {
        budget: Budget::Iterations(300),
        threads,
        ..IsmctsConfig::default()
    };
    IsmctsPlayer::with_config(seed, config)
        .expect("valid config")
        .search(game)
}

/// A copy of `g` in which every card hidden from `seat` in the other players' hands,
/// decks and face-down resources is dealt again (the same cards, other places), and
/// the game's random stream is replaced: everything `seat` can't see changes.
fn redeal_hidden(g: &GameState, seat: usize, seed: u64) -> GameState {
    let mut other = g.clone();
    let mut rng = GameRng::from_seed(seed);
    for p in g.players().iter().filter(|p| p.seat() != seat) {
        let hidden: Vec<u16> = p
            .hand()
            .iter()
            .chain(p.deck())
            .chain(p.resources().iter().filter(|&&r| !g.card(r).face_up()))
            .copied()
            .collect();
        let mut defs: Vec<DefId> = hidden.iter().map(|&c| g.card(c).def()).collect();
        rng.shuffle(&mut defs);
        for (&c, def) in hidden.iter().zip(defs) {
            other.set_def(c, def);
        }
    }
    other.set_rng(GameRng::from_seed(seed ^ 0xdead_beef));
    other
}

/// Mid-game positions where the deciding seat has a real choice.
fn positions() -> Vec<GameState> {
    let setups = prebuilt_pairings();
    (0..40u64)
        .map(|i| mid_game_state(&setups[(i as usize * 13) % setups.len()], 100 + i))
        .filter(|g| g.legal_actions().len() > 1)
        .take(6)
        .collect()
}

fn opponent_hand_defs(g: &GameState, seat: usize) -> Vec<DefId> {
    g.players()
        .iter()
        .filter(|p| p.seat() != seat)
        .flat_map(|p| p.hand().iter().map(|&c| g.card(c).def()))
        .collect()
}

#[test]
fn ismcts_decides_the_same_whatever_the_opponents_hidden_cards_are() {
    let positions = positions();
    assert!(positions.len() >= 4, "too few positions with a real choice");
    for (i, g) in positions.iter().enumerate() {
        let seat = g.to_move().expect("a pending decision");
        let real = search(g, i as u64, 1);
        let mut changed_a_hand = false;
        for deal in 0..3 {
            let other = redeal_hidden(g, seat, 1000 * i as u64 + deal);
            changed_a_hand |= opponent_hand_defs(&other, seat) != opponent_hand_defs(g, seat);
            assert_eq!(other.legal_actions(), g.legal_actions());
            let imagined = search(&other, i as u64, 1);
            assert_eq!(imagined.action, real.action, "position {i}, deal {deal}");
            assert_eq!(
                format!("{:?}", imagined.actions),
                format!("{:?}", real.actions),
                "position {i}, deal {deal}: the search statistics depend on hidden cards"
            );
        }
        assert!(
            changed_a_hand,
            "position {i}: the re-deals never changed a hand"
        );
        // Root-parallel search keeps the property.
        let other = redeal_hidden(g, seat, 77);
        assert_eq!(
            format!("{:?}", search(&other, 5, 2).actions),
            format!("{:?}", search(g, 5, 2).actions)
        );
    }
}

/// The test above could fail: what the searching seat *can* see does change its
/// search. Its own hand, dealt differently, gives different statistics.
#[test]
fn ismcts_does_use_what_its_own_seat_can_see() {
    let positions = positions();
    let mut differed = 0;
    for (i, g) in positions.iter().enumerate() {
        let seat = g.to_move().expect("a pending decision");
        let mut mine = g.clone();
        let p = &g.players()[seat];
        // Swap a card of the seat's hand with a different card of its deck.
        let Some((&h, &d)) = p.hand().iter().find_map(|h| {
            p.deck()
                .iter()
                .find(|&&d| g.card(d).def() != g.card(*h).def())
                .map(|d| (h, d))
        }) else {
            continue;
        };
        assert_eq!(g.card(h).zone(), Zone::Hand);
        let (hd, dd) = (g.card(h).def(), g.card(d).def());
        mine.set_def(h, dd);
        mine.set_def(d, hd);
        if format!("{:?}", search(&mine, i as u64, 1).actions)
            != format!("{:?}", search(g, i as u64, 1).actions)
        {
            differed += 1;
        }
    }
    assert!(differed > 0, "the search ignored the seat's own hand");
}
