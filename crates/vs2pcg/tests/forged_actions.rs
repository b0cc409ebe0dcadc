//! Property test (issue 11, "forged actions"): an action of any shape — every variant,
//! card ids in range, just past the end and far out of range, indices out of range —
//! applied at any point of any game is either legal or refused with a `RuleError`,
//! and a refusal leaves the state, its legal actions and its decision unchanged.

use crossover_kernel::{Game, GameRng};
use crossover_vs2pcg::action::{Action, Pay};
use crossover_vs2pcg::state::*;
use crossover_vs2pcg::{GameState, Setup};
use proptest::prelude::*;

fn setup(seed: u64) -> (std::sync::Arc<crossover_vs2pcg::db::CardDb>, Setup) {
    let db = crossover_vs2pcg::cardfile::embedded();
    let decks = crossover_vs2pcg::decks::all();
    let pick = |k: u64| &decks[((seed / k) % decks.len() as u64) as usize];
    // Every variant, evenly.
    let (variant, seats) = match seed % 4 {
        0 => (Variant::TwoPlayer, 2),
        1 => (Variant::FreeForAll, 3 + (seed / 4 % 2) as usize),
        2 => (Variant::TwoVsTwo, 4),
        _ => (Variant::TwoHeaded, 4),
    };
    let players = (0..seats)
        .map(|i| pick(7u64.pow(i as u32 + 1)).to_setup(&db, &format!("P{i}")))
        .collect();
    (
        db,
        Setup {
            variant,
            players,
            cards: Default::default(),
        },
    )
}

/// A card id: often a real card, sometimes just past the end, sometimes anything.
fn card_id(rng: &mut GameRng, n: usize) -> CardId {
    match rng.below(6) {
        0 => n as CardId,
        1 => u16::MAX,
        2 => rng.below(65536) as CardId,
        _ => rng.below(n) as CardId,
    }
}

fn row(rng: &mut GameRng) -> Row {
    if rng.below(2) == 0 {
        Row::Front
    } else {
        Row::Back
    }
}

fn small(rng: &mut GameRng) -> u8 {
    if rng.below(3) == 0 {
        rng.below(256) as u8
    } else {
        rng.below(6) as u8
    }
}

fn forged(rng: &mut GameRng, g: &GameState) -> Action {
    let n = g.cards().len();
    let legal = g.legal();
    // A third of the time, a legal action with one field changed: the near misses.
    if !legal.is_empty() && rng.below(3) == 0 {
        let mut a = legal[rng.below(legal.len())].clone();
        match &mut a {
            Action::UsePower { power, payment, .. } => match rng.below(3) {
                0 => *power = power.wrapping_add(1 + rng.below(255) as u8),
                1 => {
                    payment.pop();
                }
                _ => payment.push(Pay::Flip(card_id(rng, n))),
            },
            Action::OrderTrigger { index } => *index = small(rng),
            Action::PlayResource { face_up, .. } => *face_up = !*face_up,
            Action::Recruit { card, .. }
            | Action::PlayPlotTwist { card }
            | Action::Move { card, .. }
            | Action::AddAttacker { card }
            | Action::Defender { card }
            | Action::StrikeBackAt { card }
            | Action::Choose { card }
            | Action::Attack { attacker: card } => *card = card_id(rng, n),
            Action::PlayEquipment { on, .. } => *on = card_id(rng, n),
            Action::PowerUp { target, .. } => *target = card_id(rng, n),
            Action::ChoosePlayer { seat } => *seat = rng.below(6),
            _ => return forged_any(rng, n),
        }
        return a;
    }
    forged_any(rng, n)
}

fn forged_any(rng: &mut GameRng, n: usize) -> Action {
    let b = |rng: &mut GameRng| rng.below(2) == 0;
    match rng.below(22) {
        0 => Action::GoFirst(b(rng)),
        1 => Action::PlaceMain(row(rng)),
        2 => Action::Mulligan(b(rng)),
        3 => Action::PlayResource {
            card: card_id(rng, n),
            face_up: b(rng),
        },
        4 => Action::Recruit {
            card: card_id(rng, n),
            row: row(rng),
        },
        5 => Action::PlayEquipment {
            card: card_id(rng, n),
            on: card_id(rng, n),
        },
        6 => Action::PlayPlotTwist {
            card: card_id(rng, n),
        },
        7 => Action::UsePower {
            card: card_id(rng, n),
            power: small(rng),
            payment: (0..rng.below(4))
                .map(|_| {
                    if b(rng) {
                        Pay::Flip(card_id(rng, n))
                    } else {
                        Pay::Discard(card_id(rng, n))
                    }
                })
                .collect(),
        },
        8 => Action::PowerUp {
            discard: card_id(rng, n),
            target: card_id(rng, n),
        },
        9 => Action::Move {
            card: card_id(rng, n),
            row: row(rng),
        },
        10 => Action::Attack {
            attacker: card_id(rng, n),
        },
        11 => Action::AddAttacker {
            card: card_id(rng, n),
        },
        12 => Action::Defender {
            card: card_id(rng, n),
        },
        13 => Action::StrikeBackAt {
            card: card_id(rng, n),
        },
        14 => Action::Choose {
            card: card_id(rng, n),
        },
        15 => Action::ChoosePlayer {
            seat: match rng.below(3) {
                0 => usize::MAX,
                1 => rng.below(1 << 20),
                _ => rng.below(5),
            },
        },
        16 => Action::ChooseRow { row: row(rng) },
        17 => Action::ChooseName {
            def: card_id(rng, n),
        },
        18 => Action::OrderTrigger { index: small(rng) },
        19 => Action::Yes,
        20 => Action::No,
        _ => Action::Pass,
    }
}

/// Plays one random game, forging actions at random positions; returns how many
/// forged actions were tried.
fn play_forging(seed: u64) -> Result<usize, TestCaseError> {
    let (db, setup) = setup(seed);
    let mut g = GameState::with_db(db, &setup, seed).map_err(|e| TestCaseError::fail(e.0))?;
    let mut rng = GameRng::from_seed(seed ^ 0x5eed);
    let mut forged_count = 0;
    for _ in 0..3_000 {
        if rng.below(3) == 0 {
            for _ in 0..1 + rng.below(4) {
                let a = forged(&mut rng, &g);
                let hash = g.state_hash();
                let legal = g.legal_actions();
                let decision = g.decision();
                forged_count += 1;
                match g.apply(&a) {
                    Ok(()) => {
                        prop_assert!(legal.contains(&a), "{a:?} was accepted but not offered");
                    }
                    Err(e) => {
                        prop_assert!(!legal.contains(&a), "offered {a:?} was refused: {e}");
                        prop_assert!(!e.to_string().is_empty());
                        prop_assert_eq!(g.state_hash(), hash, "refused {:?} changed the state", a);
                        prop_assert_eq!(&g.legal_actions(), &legal);
                        prop_assert_eq!(&g.decision(), &decision);
                    }
                }
            }
        }
        if g.outcome().is_some() {
            break;
        }
        let legal = g.legal_actions();
        let a = legal[rng.below(legal.len())].clone();
        g.apply(&a)
            .map_err(|e| TestCaseError::fail(format!("legal action refused: {e}")))?;
    }
    Ok(forged_count)
}

#[test]
fn forged_actions_of_any_shape_are_legal_or_refused_with_the_state_unchanged() {
    // Many games, each with forgeries at random positions; the total is checked so
    // the property can't pass by forging too little.
    let mut runner = proptest::test_runner::TestRunner::new(ProptestConfig {
        cases: 40,
        failure_persistence: None,
        ..ProptestConfig::default()
    });
    let counter = std::cell::Cell::new(0usize);
    runner
        .run(&any::<u64>(), |seed| {
            counter.set(counter.get() + play_forging(seed)?);
            Ok(())
        })
        .unwrap();
    let total = counter.get();
    eprintln!("{total} forged actions tried");
    assert!(total >= 10_000, "only {total} forged actions were tried");
}

/// The defect the issue reported: a card id past the end panicked in `explain_illegal`.
#[test]
fn an_attack_by_a_card_past_the_end_is_refused_not_a_panic() {
    let (db, setup) = setup(0);
    let mut g = GameState::with_db(db, &setup, 1).unwrap();
    let hash = g.state_hash();
    for a in [
        Action::Attack { attacker: 65535 },
        Action::Attack {
            attacker: g.cards().len() as CardId,
        },
        Action::UsePower {
            card: 0,
            power: 0,
            payment: vec![Pay::Flip(65535)],
        },
    ] {
        let e = g.apply(&a).unwrap_err();
        assert!(e.to_string().contains("no card"), "{e}");
        assert_eq!(g.state_hash(), hash);
    }
}
