//! Random games of two to four players with the prebuilt decks: no panic, every game
//! ends, cards are conserved, clone / serde / replay give equal hashes, forged actions
//! are refused with the state unchanged, and no seat is shown what it can't see.

use crossover_kernel::{Game, GameRng, Presentation, Seat};
use crossover_vstcg::db::built_in_pool;
use crossover_vstcg::deckfile::{prebuilt, PREBUILT};
use crossover_vstcg::ids::*;
use crossover_vstcg::state::{Defender, TargetRef};
use crossover_vstcg::{Action, VsTcg, VsTcgSetup};

fn setup(seats: usize, rng: &mut GameRng) -> VsTcgSetup {
    let pool = built_in_pool();
    let decks = (0..seats)
        .map(|_| {
            let (name, _, _) = PREBUILT[rng.below(PREBUILT.len())];
            prebuilt(&pool, name).expect("prebuilt decks read")
        })
        .collect();
    VsTcgSetup::new(decks)
}

fn total_cards(g: &VsTcg) -> usize {
    let s = &g.state;
    (0..s.seats())
        .map(|p| {
            let pl = s.player(p);
            pl.deck_len()
                + pl.hand_len()
                + pl.ko_len()
                + pl.removed_len()
                + pl.resources_len()
                + pl.characters_len()
                + pl.equipment_len()
        })
        .sum::<usize>()
        + s.cards_on_chain()
}

/// Actions a forger would try: everything well-formed over the game's ids.
fn forged(g: &VsTcg, rng: &mut GameRng) -> Action {
    let n = g.state.card_count();
    let c = CardId(rng.below(n + 3) as u16);
    let d = CardId(rng.below(n + 3) as u16);
    let p = rng.below(6) as PlayerId;
    let pos = Position {
        area: if rng.below(2) == 0 {
            Area::Visible
        } else {
            Area::Hidden
        },
        row: if rng.below(2) == 0 {
            Row::Front
        } else {
            Row::Support
        },
        col: rng.below(100) as i8 - 50,
    };
    match rng.below(31) {
        0 => Action::ChooseInitiative(p),
        1 => Action::Mulligan,
        2 => Action::KeepHand,
        3 => Action::Build(c),
        4 => Action::NoBuild,
        5 => Action::MoveCharacter { card: c, to: pos },
        6 => Action::FormationDone,
        7 => Action::Pass,
        8 => Action::Recruit {
            card: c,
            boost: rng.below(2) == 0,
        },
        9 => Action::Equip { card: c, host: d },
        10 => Action::Place(pos),
        11 => Action::Propose {
            attacker: c,
            defender: if rng.below(2) == 0 {
                Defender::Character(d)
            } else {
                Defender::Player(p)
            },
        },
        12 => Action::JoinTeam(c),
        13 => Action::ProposeNow,
        14 => Action::CancelAttack,
        15 => Action::PowerUp {
            target: c,
            discard: d,
        },
        16 => Action::Reinforce { defender: c, by: d },
        17 => Action::HitAttacker(c),
        18 => Action::SaveInWrapUp(if rng.below(2) == 0 { None } else { Some(c) }),
        19 => Action::PlayPlotTwist(c),
        20 => Action::UsePower {
            card: c,
            power: rng.below(4) as u8,
        },
        21 => Action::FlipLocation(c),
        22 => Action::ChooseTarget(if rng.below(2) == 0 {
            TargetRef::Card(c, rng.below(400) as u32)
        } else {
            TargetRef::Player(p)
        }),
        23 => Action::CancelPlay,
        24 => Action::PutTrigger(rng.below(5) as u8),
        25 => Action::RecruitRevealing {
            card: c,
            reveal: d,
            boost: rng.below(2) == 0,
        },
        26 => Action::Reveal(c),
        27 => Action::Refill(if rng.below(2) == 0 { None } else { Some(c) }),
        28 => Action::Pick(c),
        29 => Action::Yes,
        _ => Action::No,
    }
}

/// What `seat` is shown: its view, prompt, the options' descriptions and its log.
fn shown(g: &VsTcg, seat: Seat) -> String {
    let mut out = serde_json::to_string(&g.view(seat)).unwrap();
    out += &format!("{:?}", g.prompt(seat));
    if g.to_move() == Some(seat) {
        for a in g.legal_actions() {
            out += &g.describe_action(seat, &a);
        }
    }
    for e in g.log_for(seat) {
        out += &e.text;
    }
    out
}

#[test]
fn random_games_keep_every_invariant() {
    let games: u64 = std::env::var("VSTCG_PROPERTY_GAMES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(1000);
    let mut forged_refused = 0usize;
    let mut hidden_checks = 0usize;
    let (mut wins, mut draws, mut turns) = (0usize, 0usize, 0u64);
    for seed in 0..games {
        let mut rng = GameRng::from_seed(seed ^ 0x5eed);
        let seats = 2 + (seed % 3) as usize;
        let setup = setup(seats, &mut rng);
        let mut g = VsTcg::new_game(&setup, seed).expect("prebuilt setups start");
        g.set_logging(seed % 10 == 0);
        let cards = total_cards(&g);
        let mut actions = Vec::new();
        let mut steps = 0;
        while g.outcome().is_none() {
            steps += 1;
            assert!(steps < 200_000, "seed {seed}: the game does not end");
            let legal = g.legal_actions();
            assert!(!legal.is_empty(), "seed {seed}: a decision with no options");
            // Forged actions: refused, state unchanged (every game, a few per step early on).
            if steps % 7 == 0 {
                let before = g.state_hash();
                let a = forged(&g, &mut rng);
                if !legal.contains(&a) {
                    assert!(
                        g.clone().apply(&a).is_err(),
                        "seed {seed}: {a:?} accepted though not offered"
                    );
                    let mut h = g.clone();
                    let _ = h.apply(&a);
                    assert_eq!(
                        h.state_hash(),
                        before,
                        "seed {seed}: a refused action changed the state"
                    );
                    forged_refused += 1;
                }
            }
            if seed % 25 == 0 && steps % 40 == 0 {
                // No seat sees what it can't: re-dealing what a seat can't see changes
                // nothing it is shown.
                let seat = g.to_move().unwrap();
                let other = g.determinize(seat, seed + steps as u64);
                let mut original = g.clone();
                original.set_logging(false);
                let mut redealt = other.clone();
                redealt.set_logging(false);
                assert_eq!(
                    shown(&original, seat),
                    shown(&redealt, seat),
                    "seed {seed}: seat {seat} sees a hidden card"
                );
                hidden_checks += 1;
            }
            let a = legal[rng.below(legal.len())];
            g.apply(&a)
                .unwrap_or_else(|e| panic!("seed {seed}: offered {a:?} refused: {e}"));
            actions.push(a);
            assert_eq!(
                total_cards(&g),
                cards,
                "seed {seed}: cards not conserved after {a:?}"
            );
        }
        match g.outcome() {
            Some(crossover_kernel::Outcome::Win(_)) => wins += 1,
            _ => draws += 1,
        }
        turns += g.turn() as u64;
        assert_eq!(g.clone().state_hash(), g.state_hash());
        let json = serde_json::to_string(&g).unwrap();
        let back: VsTcg = serde_json::from_str(&json).unwrap();
        assert_eq!(
            back.state_hash(),
            g.state_hash(),
            "seed {seed}: serde changes the hash"
        );
        let mut replay = VsTcg::new_game(&setup, seed).unwrap();
        for a in &actions {
            replay.apply(a).unwrap();
        }
        assert_eq!(
            replay.state_hash(),
            g.state_hash(),
            "seed {seed}: replay differs"
        );
    }
    assert!(
        forged_refused >= 10_000 || games < 1000,
        "only {forged_refused} forged actions tried"
    );
    assert!(hidden_checks > 0 || games < 25);
    println!(
        "{games} games ({wins} won, {draws} drawn, {:.1} turns on average), {forged_refused} forged actions refused, {hidden_checks} hidden-information checks",
        turns as f64 / games.max(1) as f64
    );
    // Random players still finish most games: the rules end games (408.2a).
    assert!(
        wins * 2 > games as usize,
        "only {wins} of {games} games won"
    );
}
