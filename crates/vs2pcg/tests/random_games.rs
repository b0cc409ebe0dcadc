//! Property test: random legal play over many seeds never panics, always ends,
//! conserves cards, and keeps clone / serde / replay determinism after every action.

use crossover_kernel::{Game, GameRng, Replay};
use crossover_vs2pcg::model::*;
use crossover_vs2pcg::state::*;
use crossover_vs2pcg::testkit::*;
use crossover_vs2pcg::verbs::Choose;
use crossover_vs2pcg::{GameState, PlayerSetup, Setup};
use proptest::prelude::*;
use std::sync::Arc;

fn mixed_db() -> Arc<crossover_vs2pcg::db::CardDb> {
    let mut cards = vec![
        with_keyword(
            character("r-fly", "Flyer", 3, 3, 2, Team::Avengers),
            Keyword::Flight,
        ),
        with_keyword(
            character("r-arch", "Archer", 2, 2, 1, Team::Avengers),
            Keyword::Ranged,
        ),
        with_keyword(
            character("r-fer", "Biter", 3, 2, 2, Team::Villains),
            Keyword::Ferocious,
        ),
        with_keyword(
            character("r-lead", "Boss", 2, 4, 2, Team::Villains),
            Keyword::Leader,
        ),
        with_keyword(
            character("r-ber", "Rager", 2, 3, 1, Team::Avengers),
            Keyword::Berserker,
        ),
        plot_twist(
            "r-pt",
            "Pep Talk",
            Timing::Combat {
                any_turn: true,
                any_combat: false,
            },
            vec![
                Step::Choose(Choose {
                    slot: 0,
                    filter: Filter {
                        role: Some(RoleFilter::InCombat),
                        ..Filter::default()
                    },
                    min: 1,
                    max: 1,
                }),
                Step::Modify(Modify {
                    who: Who::Chosen(0),
                    atk: Amount::Fixed(2),
                    def: Amount::Fixed(2),
                    duration: Duration::ThisCombat,
                }),
            ],
        ),
    ];
    for (i, c) in cards.iter_mut().enumerate() {
        c.cost = Some(1 + (i as u8 % 4));
    }
    db(cards)
}

fn mixed_setup() -> Setup {
    let deck: Vec<String> = [
        "t-vanilla",
        "r-fly",
        "r-arch",
        "r-fer",
        "r-lead",
        "r-ber",
        "r-pt",
        "t-loc",
    ]
    .iter()
    .cycle()
    .take(60)
    .map(|s| s.to_string())
    .collect();
    let p = |n: &str| PlayerSetup {
        name: n.into(),
        main: "t-mc1".into(),
        deck: deck.clone(),
        versions: Vec::new(),
    };
    Setup {
        variant: Variant::TwoPlayer,
        players: vec![p("A"), p("B")],
        cards: Default::default(),
    }
}

/// Two prebuilt decks chosen by the seed, with the embedded Marvel Battles cards.
fn prebuilt_setup(seed: u64) -> (Arc<crossover_vs2pcg::db::CardDb>, Setup) {
    let db = crossover_vs2pcg::cardfile::embedded();
    let decks = crossover_vs2pcg::decks::all();
    let pick = |k: u64| &decks[((seed / k) % decks.len() as u64) as usize];
    // Most games are two-player; one in ten each is Free-for-All, 2 vs 2 or 2-Headed.
    let (variant, seats) = match (seed / 5) % 10 {
        0 => (Variant::FreeForAll, 3),
        1 => (Variant::TwoVsTwo, 4),
        2 => (Variant::TwoHeaded, 4),
        _ => (Variant::TwoPlayer, 2),
    };
    let players = (0..seats)
        .map(|i| pick(7u64.pow(i as u32)).to_setup(&db, &format!("P{i}")))
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

fn play_random(seed: u64, full_checks: bool) -> Result<(), TestCaseError> {
    let (db, setup) = if seed.is_multiple_of(5) {
        (mixed_db(), mixed_setup())
    } else {
        prebuilt_setup(seed)
    };
    let mut g = GameState::with_db(db, &setup, seed).map_err(|e| TestCaseError::fail(e.0))?;
    let mut rng = GameRng::from_seed(seed ^ 0x9e37_79b9);
    let mut actions = Vec::new();
    for _ in 0..20_000 {
        if g.outcome().is_some() {
            break;
        }
        let legal = g.legal_actions();
        prop_assert!(
            !legal.is_empty(),
            "no legal action but the game is not over: {:?}",
            g.pending()
        );
        let a = legal[rng.below(legal.len())].clone();
        g.apply(&a)
            .map_err(|e| TestCaseError::fail(format!("legal action refused: {e}")))?;
        actions.push(a);
        g.check_cards_conserved().map_err(TestCaseError::fail)?;
        prop_assert_eq!(g.clone().state_hash(), g.state_hash());
        if full_checks {
            let json = serde_json::to_string(&g).unwrap();
            let back: GameState = serde_json::from_str(&json).unwrap();
            prop_assert!(back == g, "serde round trip changed the state");
        }
    }
    prop_assert!(g.outcome().is_some(), "game did not end");
    // Replaying the action list reproduces the final hash.
    let mut r = GameState::with_db(g.db().clone(), &setup, seed).unwrap();
    for a in &actions {
        r.apply(a).unwrap();
    }
    prop_assert_eq!(r.state_hash(), g.state_hash());
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1000, failure_persistence: None, ..ProptestConfig::default() })]
    #[test]
    fn random_games_end_conserve_cards_and_are_deterministic(seed in any::<u64>()) {
        play_random(seed, true)?;
    }
}

#[test]
fn replay_file_reproduces_a_game() {
    // A random game with the embedded cards and two prebuilt decks, recorded as the CLI
    // records it, written to a file, read back and verified action by action.
    let db = crossover_vs2pcg::cardfile::embedded();
    let decks = crossover_vs2pcg::decks::all();
    let setup = Setup {
        variant: Variant::TwoPlayer,
        players: vec![decks[0].to_setup(&db, "Ada"), decks[1].to_setup(&db, "Bo")],
        cards: Default::default(),
    };
    let mut g = <GameState as Game>::new_game(&setup, 42).unwrap();
    let mut rng = GameRng::from_seed(1);
    let mut actions = vec![];
    while g.outcome().is_none() && actions.len() < 5000 {
        let legal = g.legal_actions();
        let a = legal[rng.below(legal.len())].clone();
        g.apply(&a).unwrap();
        actions.push(a);
    }
    assert!(
        g.outcome().is_some(),
        "the recorded game is played to its end"
    );
    let replay = Replay::<GameState>::record(setup, 42, actions).unwrap();
    let path = std::env::temp_dir().join(format!("crossover-replay-{}.json", std::process::id()));
    std::fs::write(&path, serde_json::to_string(&replay).unwrap()).unwrap();
    let text = std::fs::read_to_string(&path).unwrap();
    std::fs::remove_file(&path).unwrap();
    let back: Replay<GameState> = serde_json::from_str(&text).unwrap();
    assert_eq!(back.actions.len(), replay.actions.len());
    let replayed = back.verify().unwrap();
    assert_eq!(replayed.state_hash(), g.state_hash());
    assert_eq!(replayed.outcome(), g.outcome());
    // A file whose recorded result was changed does not verify.
    let mut forged = back.clone();
    forged.final_hash ^= 1;
    assert!(forged.verify().is_err(), "a forged final hash is refused");
}
