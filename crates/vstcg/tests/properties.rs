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
    match rng.below(32) {
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
        // 102.5: a concession by no player in the game (one by a player in it is
        // accepted at any time, though never offered).
        30 => Action::Concede(if rng.below(2) == 0 {
            g.state.seats() + rng.below(3) as PlayerId
        } else {
            (0..g.state.seats())
                .find(|&q| !g.state.in_game(q))
                .unwrap_or(g.state.seats())
        }),
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
        // 102.5: in some games of three or more, a player concedes at some point (any
        // seat still in, whoever is deciding); the replay below replays it.
        let concede_at = (seats >= 3 && seed % 5 == 0).then(|| 10 + (seed as usize * 53) % 600);
        while g.outcome().is_none() {
            steps += 1;
            assert!(steps < 200_000, "seed {seed}: the game does not end");
            if concede_at == Some(steps) {
                let p = ((seed / 5) % seats as u64) as PlayerId;
                if let Some(a) = g.concede(p as Seat) {
                    g.apply(&a).unwrap();
                    actions.push(a);
                    if g.outcome().is_some() {
                        break;
                    }
                }
            }
            let legal = g.legal_actions();
            assert!(!legal.is_empty(), "seed {seed}: a decision with no options");
            assert!(
                g.state.in_game(g.to_move().unwrap() as PlayerId),
                "seed {seed}: a player who left is asked"
            );
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

/// Cards whose replacements ask (513.5c, 513.5e): optional costs, choosing steps, and
/// two replacements of one stun.
const ASKING: &str = r#"
(card x-tim "Tim Drake" "Robin, Young Detective" (character (cost 3) (atk 4) (def 4) (affiliation "Training Squad"))
  (continuous (replace become-stunned (each yours team-attacker)
    (may (choose 0 yours team-attacker (not that))) (stun (chosen 0)))))
(card x-toad "Toad" "Mortimer Toynbee" (character (cost 2) (atk 3) (def 2) (affiliation "Training Squad"))
  (continuous (replace become-stunned this (may return-this))))
(card x-kev "Kevlar Body Armor" "" (equipment (cost 1))
  (continuous (replace become-stunned host (may ko-this))))
(card x-sab "Sabretooth" "Victor Creed" (character (cost 4) (atk 7) (def 5) (affiliation "Training Squad"))
  (continuous (replace become-stunned (each itself front-row) (may (pay-endurance 10)) (exhaust this) (move this))))
(card x-spm "Spider-Man" "Alien Symbiote" (character (cost 4) (atk 8) (def 6) (affiliation "Training Squad"))
  (continuous (replace become-powered-up this (may (plus-counters 1)))))
(card x-arc "Arcanna" "Arcanna Jones" (character (cost 3) (atk 8) (def 5) (affiliation "Training Squad"))
  (continuous (replace cause-breakthrough this
    (choose 0 thats-controllers (not stunned) (not that) (by controller-of-that)) (stun (chosen 0)))))
(card x-sd "Search and Destroy" "" (plot-twist (threshold 0))
  (effect (target 0 character (cost<= 3)) (stun (target 0)) (discard-sharing-name (target 0))))
"#;

/// Random games with the asking replacements: a replacement decision is a normal
/// pending decision; forged answers are refused unchanged; clone, serde and replay keep
/// the hash while an event waits.
#[test]
fn random_games_with_replacements_that_ask() {
    let mut pool = crossover_vstcg::db::CardPool::built_in();
    pool.add_file("asking.cards", ASKING).expect("asking cards");
    let pool = crossover_vstcg::db::register(pool);
    let ids = [
        "x-tim", "x-toad", "x-kev", "x-sab", "x-spm", "x-arc", "x-sd", "trn-001", "trn-003",
        "trn-007",
    ];
    let deck = crossover_vstcg::Deck {
        name: "asking".into(),
        cards: ids
            .iter()
            .flat_map(|id| std::iter::repeat_n(id.to_string(), 4))
            .collect(),
    };
    let (mut asked, mut forged_refused) = (0usize, 0usize);
    for seed in 0..120u64 {
        let mut rng = GameRng::from_seed(seed ^ 0xa5c);
        let setup = VsTcgSetup {
            pool: crossover_cards::Pool(pool.clone()),
            decks: vec![deck.clone(); 2 + (seed % 2) as usize],
        };
        let mut g = VsTcg::new_game(&setup, seed).expect("asking setups start");
        let mut actions = Vec::new();
        while g.outcome().is_none() && actions.len() < 60_000 {
            let legal = g.legal_actions();
            assert!(!legal.is_empty(), "seed {seed}: a decision with no options");
            let waiting = matches!(
                g.state.pending(),
                crossover_vstcg::state::Pending::Replacement(_)
            );
            if waiting {
                asked += 1;
                let json = serde_json::to_string(&g).unwrap();
                let back: VsTcg = serde_json::from_str(&json).unwrap();
                assert_eq!(back.state_hash(), g.state_hash(), "seed {seed}: serde");
                // 102.5: with three players, the one deciding about the event being
                // replaced (or another) concedes: the game goes on to its end.
                if setup.decks.len() == 3 && asked % 3 == 1 {
                    let mut h = g.clone();
                    let p = g.to_move().unwrap() as PlayerId;
                    let p = if asked % 2 == 0 {
                        p
                    } else {
                        g.state.next_player(p)
                    };
                    h.apply(&Action::Concede(p)).unwrap();
                    let mut n = 0;
                    while h.outcome().is_none() {
                        n += 1;
                        assert!(n < 100_000, "seed {seed}: no end after a concession");
                        let l = h.legal_actions();
                        assert!(!l.is_empty(), "seed {seed}: no options after a concession");
                        assert!(h.state.in_game(h.to_move().unwrap() as PlayerId));
                        h.apply(&l[rng.below(l.len())]).unwrap();
                    }
                }
            }
            if waiting || actions.len() % 5 == 0 {
                let before = g.state_hash();
                let a = forged(&g, &mut rng);
                if !legal.contains(&a) {
                    let mut h = g.clone();
                    assert!(h.apply(&a).is_err(), "seed {seed}: {a:?} accepted");
                    assert_eq!(
                        h.state_hash(),
                        before,
                        "seed {seed}: refused {a:?} changed it"
                    );
                    forged_refused += 1;
                }
            }
            let a = legal[rng.below(legal.len())];
            g.apply(&a)
                .unwrap_or_else(|e| panic!("seed {seed}: offered {a:?} refused: {e}"));
            actions.push(a);
        }
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
    println!("{asked} replacement decisions, {forged_refused} forged actions refused");
    assert!(asked > 20, "only {asked} replacement decisions came up");
}
