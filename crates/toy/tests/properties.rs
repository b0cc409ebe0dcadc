//! Property tests of the toy game as a game on the platform: forged actions at any point
//! are legal or refused with the state unchanged, and what a seat reads never depends on
//! the other seat's secret until the rules reveal it.

use crossover_kernel::{Game, GameRng, Presentation};
use crossover_toy::{Toy, ToyAction, ToySetup};

fn setup() -> ToySetup {
    ToySetup {
        pile: 40,
        max_turns: 12,
    }
}

#[test]
fn forged_actions_at_any_point_are_legal_or_refused_with_the_state_unchanged() {
    let mut tried = 0;
    for seed in 0..300u64 {
        let mut g = Toy::new_game(&setup(), seed).unwrap();
        let mut rng = GameRng::from_seed(seed);
        for _ in 0..40 {
            // Any count a file could hold, small ones most often.
            let n = match rng.below(3) {
                0 => rng.below(6) as u32,
                1 => u32::MAX - rng.below(3) as u32,
                _ => rng.below(1000) as u32,
            };
            let forged = ToyAction::Take(n);
            let (before, log_before) = (g.state_hash(), g.log_for(0).len());
            let legal = g.legal_actions().contains(&forged);
            tried += 1;
            match g.apply(&forged) {
                Ok(()) => assert!(legal, "seed {seed}: {forged:?} was applied but not offered"),
                Err(_) => {
                    assert!(!legal, "seed {seed}: offered {forged:?} was refused");
                    assert_eq!(g.state_hash(), before, "seed {seed}: refused but changed");
                    assert_eq!(g.log_for(0).len(), log_before);
                }
            }
        }
    }
    assert!(tried >= 10_000, "{tried}");
}

/// Two seeds whose games give `seat` the same secret and the other seat different ones.
fn twin_seeds(seat: usize) -> (u64, u64) {
    let secrets = |seed| {
        let g = Toy::new_game(&setup(), seed).unwrap();
        (
            g.view(seat).secrets[seat],
            g.view(1 - seat).secrets[1 - seat],
        )
    };
    for a in 0..200 {
        for b in a + 1..200 {
            let (sa, sb) = (secrets(a), secrets(b));
            if sa.0 == sb.0 && sa.1 != sb.1 {
                return (a, b);
            }
        }
    }
    panic!("no twin seeds");
}

#[test]
fn what_a_seat_reads_does_not_depend_on_the_other_seats_hidden_secret() {
    for seat in 0..2 {
        let (a, b) = twin_seeds(seat);
        let (mut x, mut y) = (
            Toy::new_game(&setup(), a).unwrap(),
            Toy::new_game(&setup(), b).unwrap(),
        );
        let mut rng = GameRng::from_seed(a ^ b);
        loop {
            let told = |g: &Toy| {
                let log: Vec<String> = g.log_for(seat).iter().map(|e| e.text.clone()).collect();
                let options: Vec<String> = g
                    .legal_actions()
                    .iter()
                    .map(|o| g.describe_action(seat, o))
                    .collect();
                (g.render(seat), g.prompt(seat), log, options)
            };
            let revealed = x.view(seat).secrets[1 - seat].is_some();
            if !revealed {
                assert_eq!(told(&x), told(&y), "seat {seat} reads the other secret");
            }
            let options = x.legal_actions();
            if options.is_empty() {
                break;
            }
            let a = options[rng.below(options.len())];
            x.apply(&a).unwrap();
            y.apply(&a).unwrap();
        }
    }
}
