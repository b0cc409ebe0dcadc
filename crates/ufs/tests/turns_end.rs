//! A turn can't go on forever even for a player who never passes while they have
//! anything else to do and chooses X as small as it may be: every decision but a pass uses up something (a card, a
//! commit, an enhance step's once, a window's once), except a form ability with X
//! chosen as 0, which ruling UFS-36 allows once a turn. (Tatsumaki Senpukyaku's form
//! ability with X = 0 once let greedy players repeat it forever.)

use crossover_kernel::{Game, GameRng, Presentation};
use crossover_ufs::{Action, DeckList, Ufs, UfsSetup};

/// Actions one turn may take at most: far more than any real turn.
const MAX_ACTIONS_PER_TURN: u32 = 3_000;

fn stubborn_game(decks: [&str; 2], seed: u64) {
    let setup = UfsSetup {
        decks: decks.map(|d| DeckList::prebuilt(d).expect("a pre-built deck")),
        facts_only: false,
    };
    let mut g = Ufs::new_game(&setup, seed).expect("setup");
    let mut rng = GameRng::from_seed(seed ^ 0x57_0b_b0_2e);
    let (mut turn, mut in_turn) = (g.turn(), 0u32);
    while g.outcome().is_none() {
        let actions = g.legal_actions();
        let others: Vec<Action> = actions
            .iter()
            .filter(|a| !matches!(a, Action::Pass))
            .cloned()
            .collect();
        let pool = if others.is_empty() { &actions } else { &others };
        // X as small as allowed: the choice that uses up the least.
        let least_x = pool
            .iter()
            .filter(|a| matches!(a, Action::Number(_)))
            .min_by_key(|a| match a {
                Action::Number(x) => *x,
                _ => u8::MAX,
            });
        let a = least_x
            .cloned()
            .unwrap_or_else(|| pool[rng.below(pool.len())].clone());
        g.apply(&a).expect("an offered action is legal");
        if g.turn() != turn {
            (turn, in_turn) = (g.turn(), 0);
        }
        in_turn += 1;
        assert!(
            in_turn < MAX_ACTIONS_PER_TURN,
            "{decks:?}, seed {seed}: turn {turn} does not end; the last action was {:?}",
            g.describe_action(0, &a)
        );
    }
}

#[test]
fn a_player_who_never_passes_still_runs_out_of_things_to_do() {
    let decks = ["ryu", "akuma", "siegfried", "sophitia"];
    for (i, a) in decks.iter().enumerate() {
        for b in &decks[i..] {
            for seed in 0..25 {
                stubborn_game([a, b], seed);
            }
        }
    }
}
