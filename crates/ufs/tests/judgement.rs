//! The computer players' judgement (`crossover_ufs::heuristic`): a greedy player that
//! reads it beats a random one, in both seats and with every deck. (Before cards in
//! the staging area and the attack under way counted, greedy lost to random: playing a
//! foundation only cost it a card in hand.)

use crossover_ai::{play_game, GreedyPlayer, Player, RandomPlayer};
use crossover_kernel::Game;
use crossover_ufs::{DeckList, Ufs, UfsSetup};

#[test]
fn greedy_beats_random_with_every_deck_in_both_seats() {
    let decks = ["ryu", "akuma", "siegfried", "sophitia"];
    let (mut won, mut played) = (0.0, 0);
    for (i, a) in decks.iter().enumerate() {
        let b = decks[(i + 1) % decks.len()];
        for greedy_seat in 0..2 {
            for seed in 0..10u64 {
                let setup = UfsSetup {
                    decks: [a, &b].map(|d| DeckList::prebuilt(d).expect("a pre-built deck")),
                    facts_only: false,
                };
                let mut game = Ufs::new_game(&setup, seed).expect("setup");
                game.set_logging(false);
                let mut players: Vec<Box<dyn Player<Ufs>>> = vec![
                    Box::new(RandomPlayer::new(seed)),
                    Box::new(RandomPlayer::new(seed + 1)),
                ];
                players[greedy_seat] = Box::new(GreedyPlayer::new(seed));
                play_game(&mut game, &mut players, 100_000).expect("the game ends");
                won += game.outcome().expect("over").reward(greedy_seat);
                played += 1;
            }
        }
    }
    let rate = won / f64::from(played);
    assert!(rate >= 0.85, "greedy won {won} of {played} against random");
}
