//! Every action must change the game (ABILITY: "an ability can only be initiated if its
//! effect could change the game"; COST: a cost can't be paid for an effect that could
//! not), so a turn can't go on forever even for a player who never ends it of their own
//! accord. A random player that never ends its turn nor calls off a payment while it
//! has anything else to do must still see its turns end. (Energy Channel's Spend X once let X = 0 be
//! spent over and over, and ISMCTS did so forever.)

use crossover_kernel::{Game, GameRng, Presentation};
use crossover_mc::{Action, DeckList, Mc, McSetup};

/// Actions one turn may take at most: far more than any real turn.
const MAX_ACTIONS_PER_ROUND: u32 = 5_000;

fn stubborn_game(hero: &str, villain: &str, seed: u64) {
    let modular = crossover_mc::setup::VILLAINS
        .iter()
        .find(|v| v.0 == villain)
        .unwrap()
        .1;
    let setup = McSetup {
        decks: vec![DeckList::prebuilt(hero).unwrap()],
        villain: villain.into(),
        modular: modular.into(),
        expert: false,
    };
    let mut g = Mc::new_game(&setup, seed).expect("setup");
    let mut rng = GameRng::from_seed(seed ^ 0x57_0b_b0_2e);
    let (mut round, mut in_round) = (g.state.round(), 0u32);
    while g.outcome().is_none() {
        let actions = g.legal_actions();
        let others: Vec<Action> = actions
            .iter()
            .copied()
            .filter(|a| !matches!(a, Action::EndTurn | Action::CancelPayment))
            .collect();
        let pool = if others.is_empty() { &actions } else { &others };
        let a = pool[rng.below(pool.len())];
        g.apply(&a).expect("an offered action is legal");
        if g.state.round() != round {
            (round, in_round) = (g.state.round(), 0);
        }
        in_round += 1;
        assert!(
            in_round < MAX_ACTIONS_PER_ROUND,
            "{hero} against {villain}, seed {seed}: round {round} does not end; the last \
             action was {:?}",
            g.describe_action(0, &a)
        );
    }
}

#[test]
fn a_player_who_never_ends_the_turn_still_runs_out_of_things_to_do() {
    for hero in [
        "spider-man",
        "captain-marvel",
        "she-hulk",
        "iron-man",
        "black-panther",
    ] {
        for villain in ["rhino", "klaw", "ultron"] {
            for seed in 0..10 {
                stubborn_game(hero, villain, seed);
            }
        }
    }
}
