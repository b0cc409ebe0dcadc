//! How a finished game is scored: one mapping, `Outcome::reward`, for every computer
//! player and for `sim`.

use crossover_kernel::Outcome;

#[test]
fn a_win_is_worth_one_to_each_winner_and_nothing_to_the_others() {
    let team = Outcome::Win(vec![0, 2]);
    assert_eq!(
        (0..4).map(|s| team.reward(s)).collect::<Vec<_>>(),
        [1.0, 0.0, 1.0, 0.0]
    );
}

#[test]
fn a_tie_is_worth_a_half_to_the_tied_seats_and_nothing_to_a_seat_outside_it() {
    // Free-for-All: seats 1 and 2 tie, seat 0 was eliminated earlier.
    let tie = Outcome::Tie(vec![1, 2]);
    assert_eq!(
        (0..3).map(|s| tie.reward(s)).collect::<Vec<_>>(),
        [0.0, 0.5, 0.5]
    );
    assert!(tie.winners().is_empty());
}

#[test]
fn a_co_operative_loss_is_worth_nothing_to_every_seat() {
    // Marvel Champions: the villain's scheme completes and every hero player loses.
    let lost = Outcome::AllLose;
    assert!((0..4).all(|s| lost.reward(s) == 0.0));
    assert!(lost.winners().is_empty());
    let json = serde_json::to_string(&lost).unwrap();
    assert_eq!(serde_json::from_str::<Outcome>(&json).unwrap(), lost);
}
