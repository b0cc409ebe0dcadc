//! Rules of the UFS comprehensive rules checked outside a scenario: over many random
//! games, or on the card facts the importer reads. Each test is named after its section
//! (tests/sections.rs counts them).

use crossover_kernel::{Game, GameRng, Presentation};
use crossover_ufs::model::{Kind, Symbol, Symbols, Zone};
use crossover_ufs::octgn::{facts, SetCard};
use crossover_ufs::state::{GameResult, GameState, Place};
use crossover_ufs::{DeckList, Ufs, UfsSetup};
use std::collections::BTreeMap;

const DECKS: [&str; 4] = ["ryu", "akuma", "siegfried", "sophitia"];

/// Plays `games` random games over every pairing of the pre-built decks, calling
/// `each` after every action and `end` once each game is over.
fn random_games(games: u64, mut each: impl FnMut(&Ufs), mut end: impl FnMut(&Ufs)) {
    let mut rng = GameRng::from_seed(11);
    for i in 0..games {
        let setup = UfsSetup {
            decks: [
                DeckList::prebuilt(DECKS[(i % 4) as usize]).unwrap(),
                DeckList::prebuilt(DECKS[(i / 4 % 4) as usize]).unwrap(),
            ],
            facts_only: false,
        };
        let mut g = Ufs::new_game(&setup, i).unwrap();
        let mut actions = 0;
        while g.outcome().is_none() {
            each(&g);
            let options = g.legal_actions();
            let a = options[rng.below(options.len())].clone();
            g.apply(&a).unwrap();
            actions += 1;
            assert!(actions < 20_000, "game {i} did not end");
        }
        assert!(g.turn() > 2, "game {i} ended on turn {}", g.turn());
        end(&g);
    }
}

/// E.2.2.1: a player who can't complete a cycle: an empty deck and 10 or fewer cards
/// in the discard pile to make a new one from.
fn could_not_cycle(s: &GameState, p: u8) -> bool {
    s.players[usize::from(p)].deck.is_empty() && s.players[usize::from(p)].discard.len() <= 10
}

fn lost(s: &GameState, p: u8) -> bool {
    s.players[usize::from(p)].vitality <= 0 || could_not_cycle(s, p)
}

#[test]
fn a_1_every_game_is_won_by_vitality_or_by_a_failed_cycle() {
    let mut by_vitality = 0;
    let mut by_cycle = 0;
    random_games(
        200,
        |_| {},
        |g| {
            let s = &g.state;
            match s.result.expect("the game is over") {
                GameResult::Win(w) => {
                    let l = 1 - w;
                    assert!(
                        lost(s, l),
                        "seat {w} won, but seat {l} neither reached 0 vitality nor failed to cycle"
                    );
                    if s.players[usize::from(l)].vitality <= 0 {
                        by_vitality += 1;
                    } else {
                        by_cycle += 1;
                    }
                }
                // Ruling UFS-8: both lost at once.
                GameResult::Draw => assert!(lost(s, 0) && lost(s, 1)),
            }
        },
    );
    assert!(by_vitality > 0, "no random game was won on vitality");
    let _ = by_cycle;
}

#[test]
fn a_3_2_no_card_changes_its_owner_during_a_game() {
    // Card index → its owner when first seen in this game (cleared when a game ends).
    let owners = std::cell::RefCell::new(BTreeMap::<usize, u8>::new());
    random_games(
        40,
        |g| {
            let mut owners = owners.borrow_mut();
            for (i, c) in g.state.cards.iter().enumerate() {
                let o = *owners.entry(i).or_insert(c.owner);
                assert_eq!(c.owner, o, "card {i} changed owner");
            }
        },
        |_| owners.borrow_mut().clear(),
    );
}

#[test]
fn d_1_1_each_player_has_their_own_zones_and_cards_stay_in_their_owners() {
    random_games(
        20,
        |g| {
            for p in 0..2u8 {
                for place in [
                    Place::Deck,
                    Place::Hand,
                    Place::CardPool,
                    Place::Staging,
                    Place::Momentum,
                    Place::Discard,
                    Place::Removed,
                ] {
                    for &c in g.state.zone(p, place) {
                        assert_eq!(g.state.card(c).owner, p);
                    }
                }
            }
        },
        |_| {},
    );
}

/// An OCTGN set-file card with these properties.
fn set_card(name: &str, props: &[(&str, &str)]) -> SetCard {
    SetCard {
        guid: "00000000-0000-0000-0000-000000000000".into(),
        name: name.into(),
        line: 1,
        properties: props
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect(),
    }
}

#[test]
fn b_6_6_2_1_the_infinity_sign_is_not_a_thirteenth_resource_symbol() {
    assert_eq!(Symbol::EVERY.len(), 12);
    assert_eq!(Symbol::from_name("infinity"), None);
    let card = set_card("Test", &[("Type", "Foundation"), ("Resources", "Infinity")]);
    let def = facts(&card, "t-1").unwrap();
    // Only the twelve symbols, no mark of its own.
    assert_eq!(def.symbols.iter().count(), 12);
}

#[test]
fn b_6_6_2_2_infinity_gives_all_twelve_symbols_and_a_second_infinity_adds_nothing() {
    let one = facts(
        &set_card("Test", &[("Type", "Foundation"), ("Resources", "Infinity")]),
        "t-1",
    )
    .unwrap();
    let two = facts(
        &set_card(
            "Test",
            &[("Type", "Foundation"), ("Resources", "Infinity Infinity")],
        ),
        "t-2",
    )
    .unwrap();
    for s in Symbol::EVERY {
        assert!(one.symbols.has(s), "{s:?}");
    }
    assert_eq!(one.symbols, Symbols::INFINITY);
    assert_eq!(two.symbols, one.symbols);
    // J.5.2: a card holds each symbol once, so a symbol named twice is held once.
    let twice = facts(
        &set_card(
            "Test",
            &[("Type", "Foundation"), ("Resources", "Fire Fire")],
        ),
        "t-3",
    )
    .unwrap();
    assert_eq!(twice.symbols.count(), 1);
}

#[test]
fn b_6_11_1_a_characters_type_is_a_printed_property() {
    let def = facts(
        &set_card(
            "Test Fighter**",
            &[
                ("Type", "Character"),
                ("Hand Size", "6"),
                ("Vitality", "20"),
                ("Resources", "Fire"),
            ],
        ),
        "t-c",
    )
    .unwrap();
    assert!(def.is_character());
    assert!(matches!(def.kind, Kind::Character { version: 2, .. }));
    // The pre-built characters read the same way.
    let db = crossover_ufs::db::core();
    for id in ["rva-01", "rva-23", "svs-01", "svs-23"] {
        assert!(db.def(db.by_id(id).unwrap()).is_character(), "{id}");
    }
}

#[test]
fn c_3_3_3_2_1_a_missing_attack_zone_is_mid_and_a_missing_block_zone_is_none() {
    let def = facts(
        &set_card(
            "Test Strike",
            &[("Type", "Attack"), ("Speed", "3"), ("Damage", "4")],
        ),
        "t-a",
    )
    .unwrap();
    assert!(matches!(
        def.kind,
        Kind::Attack {
            zone: Zone::Mid,
            ..
        }
    ));
    assert_eq!(def.block, None);
}

#[test]
fn d_3_1_3_and_d_4_1_2_hand_and_deck_counts_are_shown_to_both_players() {
    random_games(
        8,
        |g| {
            for viewer in 0..2 {
                let shown = g.render(viewer);
                for p in 0..2u8 {
                    let pl = &g.state.players[usize::from(p)];
                    let line = format!("hand {}, deck {},", pl.hand.len(), pl.deck.len());
                    let who = g.state.seat_name(p);
                    assert!(
                        shown
                            .lines()
                            .any(|l| l.starts_with(who.as_str()) && l.contains(&line)),
                        "seat {viewer} is not shown {who}'s {line} in {shown}"
                    );
                }
            }
        },
        |_| {},
    );
}

/// Like `random_games`, with the log on.
fn random_logged_games(games: u64, mut each: impl FnMut(&Ufs)) {
    let mut rng = GameRng::from_seed(13);
    for i in 0..games {
        let setup = UfsSetup {
            decks: [
                DeckList::prebuilt(DECKS[(i % 4) as usize]).unwrap(),
                DeckList::prebuilt(DECKS[(i / 4 % 4) as usize]).unwrap(),
            ],
            facts_only: false,
        };
        let mut g = Ufs::new_game(&setup, i).unwrap();
        g.set_logging(true);
        while g.outcome().is_none() {
            each(&g);
            let options = g.legal_actions();
            let a = options[rng.below(options.len())].clone();
            g.apply(&a).unwrap();
        }
    }
}

#[test]
fn c_2_1_cards_in_staging_and_card_pools_are_shown_to_both_players() {
    random_games(
        8,
        |g| {
            let s = &g.state;
            for viewer in 0..2 {
                let shown = g.render(viewer);
                for p in 0..2u8 {
                    for &c in s
                        .zone(p, Place::Staging)
                        .iter()
                        .chain(s.zone(p, Place::CardPool))
                    {
                        let name = &s.def(c).name;
                        assert!(
                            shown.contains(name.as_str()),
                            "seat {viewer} is not shown {name}"
                        );
                    }
                }
            }
        },
        |_| {},
    );
}

#[test]
fn c_2_1_1_a_checked_card_is_revealed_to_both_players() {
    let mut checks = 0;
    random_logged_games(8, |g| {
        let line = |seat| -> Vec<String> {
            g.log_for(seat)
                .iter()
                .filter(|e| e.text.starts_with("Control check: "))
                .map(|e| e.text.clone())
                .collect()
        };
        let (a, b) = (line(0), line(1));
        assert_eq!(a, b, "the two seats saw different control checks");
        checks = checks.max(a.len());
    });
    assert!(checks > 0, "no control check was made");
}

#[test]
fn c_2_2_and_c_2_2_1_a_hand_is_shown_only_to_its_owner() {
    random_games(
        8,
        |g| {
            for viewer in 0..2usize {
                let shown = g.render(viewer);
                let hand_lines = shown
                    .lines()
                    .filter(|l| l.trim_start().starts_with("hand:"))
                    .count();
                assert_eq!(
                    hand_lines, 1,
                    "seat {viewer} is shown one hand, its own: {shown}"
                );
                let own = &g.state.players[viewer].hand;
                let line = shown
                    .lines()
                    .find(|l| l.trim_start().starts_with("hand:"))
                    .unwrap();
                for &c in own {
                    assert!(line.contains(g.state.def(c).name.as_str()));
                }
            }
        },
        |_| {},
    );
}

#[test]
fn c_1_and_d_1_2_only_staging_and_momentum_cards_are_committed_and_cards_arrive_ready() {
    random_games(
        60,
        |g| {
            for (i, c) in g.state.cards.iter().enumerate() {
                if c.committed {
                    assert!(
                        matches!(c.place, Place::Staging | Place::Momentum),
                        "card {i} is committed in {:?}",
                        c.place
                    );
                }
            }
        },
        |_| {},
    );
}

/// The zones of both players as lists, for comparing one decision with the next.
fn zones(g: &Ufs, place: Place) -> [Vec<u16>; 2] {
    [
        g.state.zone(0, place).to_vec(),
        g.state.zone(1, place).to_vec(),
    ]
}

/// The cards of `old` still in `new` keep their order; with `added_last`, cards new to
/// the zone come after all of them (the right end of a card pool, the top of a pile).
fn order_kept(old: &[u16], new: &[u16], added_last: bool, what: &str) {
    let kept_old: Vec<u16> = old.iter().copied().filter(|c| new.contains(c)).collect();
    let kept_new: Vec<u16> = new.iter().copied().filter(|c| old.contains(c)).collect();
    assert_eq!(
        kept_old, kept_new,
        "{what}: the order changed ({old:?} -> {new:?})"
    );
    if added_last {
        let first_added = new.iter().position(|c| !old.contains(c));
        if let Some(i) = first_added {
            assert!(
                new[i..].iter().all(|c| !old.contains(c)),
                "{what}: a card was added before older ones ({old:?} -> {new:?})"
            );
        }
    }
}

/// Checks every pair of consecutive decisions of random games with `check(before, after)`.
fn consecutive(games: u64, mut check: impl FnMut(&Ufs, &Ufs)) {
    let mut rng = GameRng::from_seed(17);
    for i in 0..games {
        let setup = UfsSetup {
            decks: [
                DeckList::prebuilt(DECKS[(i % 4) as usize]).unwrap(),
                DeckList::prebuilt(DECKS[(i / 4 % 4) as usize]).unwrap(),
            ],
            facts_only: false,
        };
        let mut g = Ufs::new_game(&setup, i).unwrap();
        while g.outcome().is_none() {
            let before = g.clone();
            let options = g.legal_actions();
            let a = options[rng.below(options.len())].clone();
            g.apply(&a).unwrap();
            check(&before, &g);
        }
    }
}

#[test]
fn d_2_1_1_and_d_2_1_2_cards_join_the_card_pool_at_its_right_end_and_never_move_in_it() {
    consecutive(40, |a, b| {
        let (x, y) = (zones(a, Place::CardPool), zones(b, Place::CardPool));
        for p in 0..2 {
            order_kept(&x[p], &y[p], true, "card pool");
        }
    });
}

#[test]
fn d_2_3_2_and_d_2_3_3_discarded_cards_go_on_top_and_the_pile_keeps_its_order() {
    consecutive(40, |a, b| {
        let (x, y) = (zones(a, Place::Discard), zones(b, Place::Discard));
        // A card played from the pile as though it were in hand (K.3.17, ruling UFS-34)
        // that fails goes back on top within one decision.
        for p in 0..2u8 {
            if a.state
                .hand_like(p)
                .any(|c| a.state.card(c).place == Place::Discard)
            {
                return;
            }
        }
        for p in 0..2 {
            // Where no card left the pile, the old pile is the bottom of the new one.
            if x[p].iter().all(|c| y[p].contains(c)) {
                assert_eq!(
                    &y[p][..x[p].len()],
                    &x[p][..],
                    "discard pile: {:?} -> {:?}",
                    x[p],
                    y[p]
                );
            }
        }
    });
}

#[test]
fn d_4_1_1_a_decks_order_changes_only_by_a_shuffle() {
    consecutive(40, |a, b| {
        // Shuffles: the mulligans of setup (E.1.8) and a cycle (E.2.2), which makes a
        // new deck from a discard pile.
        if a.state.turn == 0 || b.state.turn == 0 {
            return;
        }
        let (x, y) = (zones(a, Place::Deck), zones(b, Place::Deck));
        for p in 0..2 {
            let cycled = y[p]
                .iter()
                .any(|c| x[usize::from(p as u8)].is_empty() && !x[p].contains(c))
                || a.state.zone(p as u8, Place::Discard).len()
                    > b.state.zone(p as u8, Place::Discard).len() + 1;
            if !cycled {
                order_kept(&x[p], &y[p], false, "deck");
            }
        }
    });
}

#[test]
fn d_4_2_1_and_d_4_2_4_momentum_is_a_bar_whose_order_only_adding_and_removing_change() {
    consecutive(40, |a, b| {
        let (x, y) = (zones(a, Place::Momentum), zones(b, Place::Momentum));
        for p in 0..2 {
            order_kept(&x[p], &y[p], false, "momentum");
        }
    });
}

#[test]
fn d_2_2_4_the_starting_character_never_leaves_the_staging_area() {
    random_games(
        60,
        |g| {
            for p in 0..2u8 {
                let c = g.state.players[usize::from(p)].character;
                if g.state.phase != crossover_ufs::state::Phase::Setup {
                    assert_eq!(g.state.card(c).place, Place::Staging);
                }
            }
        },
        |_| {},
    );
}

#[test]
fn d_2_cards_in_public_zones_are_face_up() {
    random_games(
        40,
        |g| {
            for (i, c) in g.state.cards.iter().enumerate() {
                if matches!(c.place, Place::Staging | Place::Discard | Place::Removed) {
                    assert!(
                        !g.state
                            .marks
                            .face_down
                            .iter()
                            .any(|(d, _)| usize::from(*d) == i),
                        "card {i} is face down in {:?}",
                        c.place
                    );
                }
            }
        },
        |_| {},
    );
}

fn new_game(seed: u64) -> Ufs {
    let setup = UfsSetup {
        decks: [
            DeckList::prebuilt(DECKS[(seed % 4) as usize]).unwrap(),
            DeckList::prebuilt(DECKS[(seed / 4 % 4) as usize]).unwrap(),
        ],
        facts_only: false,
    };
    Ufs::new_game(&setup, seed).unwrap()
}

#[test]
fn e_1_1_each_starting_character_is_the_decks_character_taken_out_of_the_deck() {
    for seed in 0..16 {
        let g = new_game(seed);
        let s = &g.state;
        for p in 0..2u8 {
            let deck =
                DeckList::prebuilt(DECKS[if p == 0 { seed % 4 } else { seed / 4 % 4 } as usize])
                    .unwrap();
            let c = s.players[usize::from(p)].character;
            assert_eq!(s.def(c).id, deck.character, "seed {seed}, seat {p}");
            assert_eq!(s.card(c).place, Place::Staging);
            // Every other card of the list is in the deck or the hand: the character
            // was taken out.
            let rest = s.zone(p, Place::Deck).len() + s.zone(p, Place::Hand).len();
            assert_eq!(rest, deck.cards.len(), "seed {seed}, seat {p}");
        }
    }
}

/// A new game after the random winner (E.1.3) chose to go first.
fn after_choosing_first(seed: u64) -> Ufs {
    let mut g = new_game(seed);
    g.apply(&crossover_ufs::Action::GoFirst(true)).unwrap();
    g
}

#[test]
fn e_1_4_starting_characters_are_in_staging_and_the_first_players_is_committed() {
    for seed in 0..16 {
        let g = after_choosing_first(seed);
        let s = &g.state;
        let first = s.first_player;
        for p in 0..2u8 {
            let c = s.players[usize::from(p)].character;
            assert_eq!(s.card(c).place, Place::Staging);
            assert_eq!(s.card(c).committed, p == first, "seed {seed}, seat {p}");
        }
    }
}

#[test]
fn e_1_5_vitality_starts_at_the_characters_maximum() {
    for seed in 0..16 {
        let g = after_choosing_first(seed);
        for p in 0..2u8 {
            assert_eq!(
                g.state.players[usize::from(p)].vitality,
                g.state.max_vitality(p)
            );
            assert!(g.state.max_vitality(p) > 0);
        }
    }
}

#[test]
fn e_1_7_each_player_draws_their_hand_size() {
    for seed in 0..16 {
        let g = after_choosing_first(seed);
        let s = &g.state;
        for p in 0..2u8 {
            let c = s.players[usize::from(p)].character;
            let Kind::Character { hand_size, .. } = s.def(c).kind else {
                panic!("not a character")
            };
            assert_eq!(
                s.zone(p, Place::Hand).len(),
                usize::from(hand_size),
                "seed {seed}"
            );
        }
    }
}

#[test]
fn e_1_no_response_window_opens_during_setup() {
    random_games(
        40,
        |g| {
            if g.state.phase == crossover_ufs::state::Phase::Setup {
                assert!(!matches!(
                    g.state.pending,
                    crossover_ufs::state::Pending::Respond(_)
                ));
            }
        },
        |_| {},
    );
}

/// Plays random games, calling `check(before, action, after)` for every action taken.
fn transitions(games: u64, check: impl FnMut(&Ufs, &crossover_ufs::Action, &Ufs)) {
    transitions_preferring(games, |_| false, check);
}

/// `transitions`, where the random player always takes an action `prefer` likes when
/// one is offered (to reach a rare situation often, whatever else the games do).
fn transitions_preferring(
    games: u64,
    prefer: impl Fn(&crossover_ufs::Action) -> bool,
    mut check: impl FnMut(&Ufs, &crossover_ufs::Action, &Ufs),
) {
    let mut rng = GameRng::from_seed(19);
    for i in 0..games {
        let mut g = new_game(i);
        while g.outcome().is_none() {
            let before = g.clone();
            let mut options = g.legal_actions();
            let preferred: Vec<_> = options.iter().filter(|a| prefer(a)).cloned().collect();
            if !preferred.is_empty() {
                options = preferred;
            }
            let a = options[rng.below(options.len())].clone();
            g.apply(&a).unwrap();
            check(&before, &a, &g);
        }
    }
}

use crossover_ufs::state::{AttackStep, Pending, Phase};
use crossover_ufs::Action;

#[test]
fn f_2_1_and_f_2_1_1_and_f_2_1_2_and_f_2_1_3_and_f_2_1_4_forms_only_when_nothing_is_under_way() {
    let mut forms = 0;
    random_games(
        40,
        |g| {
            let s = &g.state;
            if let Pending::Form(p) = s.pending {
                forms += 1;
                // F.2.1: the active player, in the Combat Phase.
                assert_eq!(p, s.active);
                assert_eq!(s.phase, Phase::Combat);
                // F.2.1.1: nothing is being played or executing.
                assert!(s.check.is_none() && s.paused_checks.is_empty() && s.choice.is_none());
                // F.2.1.2: no response window is open.
                assert!(s.windows.is_empty());
                // F.2.1.3: no attack sequence.
                assert!(s.attack.is_none());
                // F.2.1.4: no pending attack.
                assert!(s.attack_stack.is_empty());
            }
        },
        |_| {},
    );
    assert!(forms > 100);
}

#[test]
fn f_2_3_4_the_newest_pending_attack_begins_its_sequence_as_soon_as_nothing_is_under_way() {
    let mut popped = 0;
    let multiple = |a: &Action| matches!(a, Action::Multiple(_));
    transitions_preferring(60, multiple, |a, _, b| {
        let (s, t) = (&a.state, &b.state);
        // Whenever the stack holds an attack, something is under way (else it would
        // have begun its sequence).
        if !t.attack_stack.is_empty() && t.phase == Phase::Combat {
            assert!(
                t.attack.is_some()
                    || t.check.is_some()
                    || !t.windows.is_empty()
                    || t.choice.is_some()
                    || matches!(t.pending, Pending::Reversal(_)),
                "an attack waits on the stack while nothing is under way: {:?}",
                t.pending
            );
        }
        // An attack that begins its sequence off the stack is the one pushed last.
        if let Some(new) = &t.attack {
            if s.attack.as_ref().map(|x| x.card) != Some(new.card)
                && s.attack_stack.contains(&new.card)
            {
                popped += 1;
                assert_eq!(s.attack_stack.last(), Some(&new.card));
            }
        }
    });
    assert!(
        popped >= 5,
        "an attack waited on the stack only {popped} times"
    );
}

#[test]
fn f_2_3_2_and_f_2_3_5_pending_attacks_are_attack_cards_in_a_card_pool() {
    random_games(
        60,
        |g| {
            let s = &g.state;
            for &c in &s.attack_stack {
                assert_eq!(s.card(c).place, Place::CardPool, "F.2.3.5");
                assert!(matches!(s.def(c).kind, Kind::Attack { .. }), "F.2.3.2");
            }
        },
        |_| {},
    );
}

#[test]
fn g_5_1_an_attack_sequence_stays_in_the_combat_phase() {
    random_games(
        60,
        |g| {
            if g.state.attack.is_some() {
                assert_eq!(g.state.phase, Phase::Combat);
            }
        },
        |_| {},
    );
}

#[test]
fn f_4_1_and_f_4_1_1_no_phase_or_attack_step_ends_while_a_window_is_open() {
    let mut open = 0;
    transitions(60, |a, _, b| {
        let (s, t) = (&a.state, &b.state);
        // The window open before the action is still open after it.
        let still_open = !s.windows.is_empty()
            && t.windows.len() >= s.windows.len()
            && s.windows
                .iter()
                .zip(&t.windows)
                .all(|(x, y)| x.event == y.event && x.then == y.then);
        if still_open {
            open += 1;
            // (A player losing ends the game at once, E.2.)
            if t.phase != Phase::Over {
                assert_eq!((s.turn, s.phase), (t.turn, t.phase), "F.4.1");
            }
            if let (Some(x), Some(y)) = (&s.attack, &t.attack) {
                if x.card == y.card {
                    assert_eq!(
                        std::mem::discriminant(&x.step),
                        std::mem::discriminant(&y.step),
                        "F.4.1.1"
                    );
                }
            }
        }
    });
    assert!(open > 0);
}

#[test]
fn g_1_3_two_passes_in_succession_end_the_enhance_step() {
    let (mut ended, mut kept) = (0, 0);
    transitions(60, |a, act, b| {
        let (s, t) = (&a.state, &b.state);
        let Some(x) = &s.attack else { return };
        let AttackStep::Enhance { passes, .. } = x.step else {
            return;
        };
        if !matches!(s.pending, Pending::Enhance(_)) || *act != Action::Pass {
            return;
        }
        let still = t
            .attack
            .as_ref()
            .is_some_and(|y| y.card == x.card && matches!(y.step, AttackStep::Enhance { .. }));
        if passes == 1 {
            ended += 1;
            assert!(
                !still,
                "the second pass in succession did not end the Enhance Step"
            );
        } else if t.windows.is_empty() {
            kept += 1;
            assert!(still, "one pass ended the Enhance Step");
        }
    });
    assert!(ended > 0 && kept > 0);
}

#[test]
fn h_5_1_abilities_on_committed_cards_cannot_be_played() {
    let mut offered = 0;
    random_games(
        60,
        |g| {
            let s = &g.state;
            for a in s.legal() {
                if let Action::Enhance(c, i) | Action::FormAbility(c, i) | Action::Respond(c, i) = a
                {
                    offered += 1;
                    let while_committed = s.ability(c, i).is_some_and(|x| x.while_committed);
                    assert!(
                        !s.card(c).committed || while_committed,
                        "{a:?}: {} is committed",
                        s.name_of(c)
                    );
                }
            }
        },
        |_| {},
    );
    assert!(offered > 0);
}

/// Where an ability may be played from (H.2.1.3, H.2.2.3, H.2.3.3): a ready
/// foundation, asset or the starting character in the player's staging area, or an
/// action card in hand (or as though in hand, K.3.17).
/// An ability "playable by either player" (H.3.3.3) is played from either staging
/// area, and one restricted to the staging area (H.3.2.1.1) from it, whatever the card.
fn ready_in_staging_or_action_in_hand(s: &GameState, p: u8, c: CardId, i: u8) -> bool {
    use crossover_ufs::ability::{Condition, PlayableBy};
    let card = s.card(c);
    let kind = &s.def(c).kind;
    let ability = s.ability(c, i).unwrap();
    let either = ability.by != PlayableBy::Controller;
    let zone_restricted = matches!(ability.only_playable, Some(Condition::InStaging));
    let staging = card.place == Place::Staging
        && (card.owner == p || either)
        && (matches!(
            kind,
            Kind::Foundation | Kind::Asset | Kind::Character { .. }
        ) || zone_restricted)
        && (!card.committed);
    let action = s.in_hand_for(p, c) && matches!(kind, Kind::Action);
    staging || action
}

use crossover_ufs::state::CardId;

#[test]
fn h_2_1_2_and_h_2_1_3_enhances_only_in_the_enhance_step_from_staging_hand_or_the_attack() {
    let mut offered = 0;
    random_games(
        60,
        |g| {
            let s = &g.state;
            for a in s.legal() {
                if let Action::Enhance(c, i) = a {
                    offered += 1;
                    let Pending::Enhance(p) = s.pending else {
                        panic!("H.2.1.2: {a:?} offered at {:?}", s.pending)
                    };
                    assert!(matches!(
                        s.attack.as_ref().map(|x| x.step),
                        Some(AttackStep::Enhance { .. })
                    ));
                    let is_attack = s.attack.as_ref().is_some_and(|x| x.card == c);
                    let while_committed = s.ability(c, i).is_some_and(|x| x.while_committed);
                    assert!(
                        is_attack
                            || ready_in_staging_or_action_in_hand(s, p, c, i)
                            || while_committed,
                        "H.2.1.3: {} offered as an enhance from {:?}",
                        s.name_of(c),
                        s.card(c).place
                    );
                }
            }
        },
        |_| {},
    );
    assert!(offered > 0);
}

#[test]
fn h_2_1_4_each_enhance_ability_once_per_enhance_step() {
    // (attack, step's first decision) -> enhances played in it, by player.
    let mut played: Vec<(u8, CardId, u8)> = Vec::new();
    let mut step_of: Option<CardId> = None;
    let mut repeats_refused = 0;
    transitions(60, |_, act, b| {
        let t = &b.state;
        let in_step = t
            .attack
            .as_ref()
            .filter(|x| matches!(x.step, AttackStep::Enhance { .. }))
            .map(|x| x.card);
        if in_step != step_of {
            played.clear();
            step_of = in_step;
        }
        if let Action::Enhance(c, i) = act {
            // The seat that played it is the one whose enhance priority it was.
            played.push((b.state.active, *c, *i));
        }
        if let Pending::Enhance(p) = t.pending {
            for &(_, c, i) in played.iter() {
                let mine = t.legal().contains(&Action::Enhance(c, i));
                let either = t
                    .ability(c, i)
                    .is_some_and(|x| x.by != crossover_ufs::ability::PlayableBy::Controller);
                if !either {
                    assert!(!mine, "seat {p} may play {} a second time", t.name_of(c));
                    repeats_refused += 1;
                }
            }
        }
    });
    assert!(repeats_refused > 0, "no enhance was played");
}

#[test]
fn h_2_2_2_and_h_2_2_3_forms_only_when_a_form_may_be_played_from_staging_or_hand() {
    let mut offered = 0;
    random_games(
        60,
        |g| {
            let s = &g.state;
            for a in s.legal() {
                if let Action::FormAbility(c, i) = a {
                    offered += 1;
                    let Pending::Form(p) = s.pending else {
                        panic!("H.2.2.2: {a:?} offered at {:?}", s.pending)
                    };
                    assert_eq!(s.phase, Phase::Combat);
                    let while_committed = s.ability(c, i).is_some_and(|x| x.while_committed);
                    assert!(
                        ready_in_staging_or_action_in_hand(s, p, c, i) || while_committed,
                        "H.2.2.3: {} offered as a form from {:?}",
                        s.name_of(c),
                        s.card(c).place
                    );
                }
            }
        },
        |_| {},
    );
    assert!(offered > 0);
}

#[test]
fn h_2_3_2_and_h_2_3_4_responses_only_in_an_open_window_and_each_once_in_it() {
    let mut offered = 0;
    let mut refused = 0;
    random_games(
        60,
        |g| {
            let s = &g.state;
            for a in s.legal() {
                if let Action::Respond(c, i) = a {
                    offered += 1;
                    assert!(
                        matches!(s.pending, Pending::Respond(_)),
                        "H.2.3.2: {a:?} offered at {:?}",
                        s.pending
                    );
                    let w = s.windows.last().expect("H.2.3.2: no window is open");
                    assert!(!w.used.contains(&(c, i)), "H.2.3.4: {} again", s.name_of(c));
                }
            }
            if let Some(w) = s.windows.last() {
                refused += w.used.len();
            }
        },
        |_| {},
    );
    assert!(offered > 0 && refused > 0);
}

#[test]
fn j_5_1_vitality_never_exceeds_its_maximum() {
    random_games(
        60,
        |g| {
            for p in 0..2u8 {
                assert!(g.state.players[usize::from(p)].vitality <= g.state.max_vitality(p));
            }
        },
        |_| {},
    );
}

#[test]
fn h_1_6_1_response_conditions_are_on_response_abilities_only_and_every_one_has_one() {
    use crossover_ufs::ability::AbilityKind;
    let db = crossover_ufs::db::core();
    let mut responses = 0;
    for def in db.printed() {
        for a in &def.abilities {
            match a.kind {
                AbilityKind::Response => {
                    responses += 1;
                    assert!(
                        a.trigger.is_some(),
                        "{}: a response with no condition",
                        def.id
                    );
                }
                AbilityKind::Enhance | AbilityKind::Form => {
                    assert!(
                        a.trigger.is_none(),
                        "{}: a condition on a non-response",
                        def.id
                    )
                }
                _ => {}
            }
        }
    }
    assert!(responses > 10);
}

#[test]
fn f_1_1_and_f_1_2_the_active_player_readies_everything_then_may_discard_one_card() {
    let (mut readied, mut reviews) = (0, 0);
    transitions(40, |a, act, b| {
        let (s, t) = (&a.state, &b.state);
        // F.1.1: once the Ready Step has readied (before any response to it), every card
        // of the active player is ready; a card whose own text lets it stay committed
        // is the exception (K.1.1).
        if s.phase != Phase::Ready
            && t.phase == Phase::Ready
            && !matches!(t.pending, Pending::Choose(_))
        {
            readied += 1;
            let p = t.active;
            let may_stay: Vec<CardId> = t
                .static_rules(p)
                .iter()
                .filter(|(_, r)| matches!(r, crossover_ufs::ability::StaticRule::MayStayCommitted))
                .map(|(c, _)| *c)
                .collect();
            for (i, c) in t.cards.iter().enumerate() {
                if c.owner == p && !may_stay.contains(&(i as CardId)) {
                    assert!(
                        !c.committed,
                        "a committed card in {:?}: {}",
                        c.place,
                        t.name_of(i as CardId)
                    );
                }
            }
        }
        let Pending::Review(p) = s.pending else {
            return;
        };
        reviews += 1;
        assert_eq!(p, s.active);
        assert_eq!(s.phase, Phase::Ready);
        // F.1.2: they may discard any one card from hand, or none.
        let legal = s.legal();
        assert!(legal.contains(&Action::Pass));
        for &c in &s.players[usize::from(p)].hand {
            assert!(legal.contains(&Action::ReviewDiscard(c)));
        }
        assert_eq!(legal.len(), s.players[usize::from(p)].hand.len() + 1);
        if let Action::ReviewDiscard(c) = act {
            // (Unless the Draw Step cycles it straight into a new deck.)
            if s.players[usize::from(p)].deck.len() > s.hand_size(p) {
                assert_eq!(b.state.card(*c).place, Place::Discard);
            }
        }
    });
    assert!(reviews > 0 && readied > 0);
}

#[test]
fn f_2_2_3_1st_passing_on_forms_ends_the_combat_phase() {
    let mut passed: Option<u32> = None;
    let mut passes = 0;
    transitions(40, |a, act, b| {
        let (s, t) = (&a.state, &b.state);
        if matches!(s.pending, Pending::Form(_)) && *act == Action::Pass {
            passes += 1;
            passed = Some(s.turn);
        }
        if let Pending::Form(_) = t.pending {
            assert_ne!(
                passed,
                Some(t.turn),
                "a form was asked for after the active player passed"
            );
        }
        if passed == Some(t.turn) && t.windows.is_empty() && t.check.is_none() {
            assert_ne!(
                t.phase,
                Phase::Combat,
                "the Combat Phase went on after a pass"
            );
        }
    });
    assert!(passes > 0);
}

#[test]
fn f_3_1_both_card_pools_are_empty_when_the_next_turn_begins() {
    let mut turns = 0;
    transitions(40, |a, _, b| {
        let (s, t) = (&a.state, &b.state);
        if t.turn > s.turn && t.phase != Phase::Over {
            turns += 1;
            for p in 0..2u8 {
                assert!(t.zone(p, Place::CardPool).is_empty());
            }
        }
    });
    assert!(turns > 0);
}

#[test]
fn g_2_1_and_g_2_1_2_the_defender_chooses_to_block_and_no_attempt_leaves_the_attack_not_blocked() {
    let mut declined = 0;
    transitions(40, |a, act, b| {
        let (s, t) = (&a.state, &b.state);
        let Pending::Block(p) = s.pending else {
            return;
        };
        let x = s
            .attack
            .as_ref()
            .expect("a block decision during an attack");
        // G.2.1: the defender decides, and may decline.
        assert_eq!(p, 1 - x.attacker);
        assert!(s.legal().contains(&Action::Pass));
        // G.2.1.2: no attempt: the Block Step ends with the attack not blocked.
        if *act == Action::Pass {
            declined += 1;
            if let Some(y) = t.attack.as_ref().filter(|y| y.card == x.card) {
                assert_eq!(y.block, crossover_ufs::state::BlockStatus::NotBlocked);
                assert!(!matches!(t.pending, Pending::Block(_)));
            }
        }
    });
    assert!(declined > 0);
}

#[test]
fn g_2_1_3_1_1_a_low_attack_is_blocked_only_by_low_or_mid_blocks() {
    use crossover_ufs::model::Zone;
    let mut low = 0;
    random_games(
        60,
        |g| {
            let s = &g.state;
            let (Pending::Block(_), Some(x)) = (&s.pending, &s.attack) else {
                return;
            };
            if x.zone != Zone::Low || !x.block_rules.is_empty() {
                return;
            }
            for a in s.legal() {
                if let Action::Block(c) = a {
                    low += 1;
                    let (z, _) = s.block_of(c).unwrap();
                    assert!(
                        matches!(z, Zone::Low | Zone::Mid),
                        "{} blocks {z:?}",
                        s.name_of(c)
                    );
                }
            }
        },
        |_| {},
    );
    assert!(low > 0);
}

#[test]
fn h_2_3_2_4_2_and_h_2_3_2_4_3_the_player_with_priority_responds_or_passes_and_two_passes_close() {
    let mut closed = 0;
    transitions(60, |a, act, b| {
        let (s, t) = (&a.state, &b.state);
        let Pending::Respond(p) = s.pending else {
            return;
        };
        let w = s.windows.last().unwrap();
        // H.2.3.2.4.2: a response or a pass, by the player with priority.
        assert_eq!(p, w.priority);
        let legal = s.legal();
        assert!(legal.contains(&Action::Pass));
        assert!(legal
            .iter()
            .all(|x| matches!(x, Action::Pass | Action::Respond(..))));
        // H.2.3.2.4.3: the second pass in succession closes it.
        let n = s.windows.len();
        if *act == Action::Pass && w.passes == 1 {
            closed += 1;
            // (A re-check is a new event, with a window of its own. It discards a new
            // card from the deck (E.3.1), which may be the same card when the deck was
            // cycled in between, E.2.2: a deck that changed means a new check.)
            let same_check = s.check.as_ref().map(|c| c.checked)
                == t.check.as_ref().map(|c| c.checked)
                && (0..2).all(|q| s.players[q].deck.len() == t.players[q].deck.len());
            let same_open = t.windows.len() >= n
                && t.windows[n - 1].event == w.event
                && t.windows[n - 1].then == w.then
                && same_check;
            assert!(
                !same_open,
                "two passes in succession left the window open: {:?} -> {:?}",
                s.windows, t.windows
            );
        }
    });
    assert!(closed > 0);
}

#[test]
fn e_4_10_a_card_being_played_waits_at_the_right_end_of_its_card_pool() {
    let mut checks = 0;
    transitions(60, |a, _, b| {
        let (s, t) = (&a.state, &b.state);
        // When a card's play begins, it is the rightmost card of its player's pool.
        if let Some(c) = &t.check {
            // (A paused check that resumes is not a new play.)
            if s.check.as_ref().map(|x| x.card) != Some(c.card)
                && !s.paused_checks.iter().any(|x| x.card == c.card)
            {
                checks += 1;
                assert_eq!(t.card(c.card).place, Place::CardPool);
                assert_eq!(t.zone(c.player, Place::CardPool).last(), Some(&c.card));
            }
        }
    });
    assert!(checks > 0);
}

#[test]
fn k_3_18_at_desperation_is_below_half_the_starting_characters_maximum_vitality() {
    let mut g = after_choosing_first(0);
    for p in 0..2u8 {
        let max = g.state.max_vitality(p);
        for v in -1..=max {
            g.state.players[usize::from(p)].vitality = v;
            // Below half: 2v < max (for Akuma's 33, 16 is and 16.5 would not be).
            assert_eq!(g.state.at_desperation(p), 2 * v < max, "{v} of {max}");
        }
    }
}

#[test]
fn f_2_3_6_attacks_stacked_together_run_their_sequences_left_to_right() {
    let mut together = 0;
    // Multiple copies are the attacks that enter the stack together.
    let multiple = |a: &Action| matches!(a, Action::Multiple(n) if *n >= 2);
    // The copies enter once the windows before them have closed.
    transitions_preferring(300, multiple, |a, _, b| {
        let (s, t) = (&a.state, &b.state);
        let new: Vec<CardId> = t
            .attack_stack
            .iter()
            .copied()
            .filter(|c| !s.attack_stack.contains(c))
            .collect();
        if new.len() < 2 {
            return;
        }
        together += 1;
        let pool = t.zone(t.card(new[0]).owner, Place::CardPool);
        let leftmost = *new
            .iter()
            .min_by_key(|c| pool.iter().position(|x| x == *c))
            .unwrap();
        // The rightmost was pushed first, so the leftmost is on top and runs first.
        assert_eq!(
            t.attack_stack.last(),
            Some(&leftmost),
            "pool {pool:?}, stack {:?}",
            t.attack_stack
        );
    });
    // Rare in random play (one Battle Pack card has Multiple 2); the scenario
    // i-3-8-1-multiple checks the order on a set board.
    assert!(together > 0, "no attacks were stacked together");
}

#[test]
fn g_2_2_the_block_status_follows_the_block_zone_against_the_attack_zone() {
    use crossover_ufs::state::BlockStatus;
    let (mut complete, mut partial) = (0, 0);
    // The last card played as a block (its played_as_block mark newly set).
    let mut last_block: Option<u16> = None;
    transitions(80, |a, _, b| {
        let (s, t) = (&a.state, &b.state);
        for (i, c) in t.cards.iter().enumerate() {
            if c.played_as_block && !s.cards[i].played_as_block {
                last_block = Some(i as u16);
            }
        }
        let (Some(x), Some(y)) = (s.attack.as_ref(), t.attack.as_ref()) else {
            return;
        };
        if x.card != y.card || x.block != BlockStatus::NotBlocked || y.block == x.block {
            return;
        }
        let blocker = last_block.expect("a blocked attack without a block");
        assert_eq!(t.card(blocker).owner, 1 - y.attacker);
        if t.blocks_without_check(blocker) {
            return;
        }
        let zone = t
            .marks
            .block_zone
            .iter()
            .find(|(c, _)| *c == blocker)
            .map(|(_, z)| *z)
            .or(t.def(blocker).block.map(|(z, _)| z))
            .expect("the block card has a block zone");
        if zone == y.zone {
            complete += 1;
            assert_eq!(y.block, BlockStatus::Complete, "G.2.2.2");
        } else {
            partial += 1;
            assert_eq!(y.block, BlockStatus::Partial, "G.2.2.3");
        }
    });
    assert!(complete > 0 && partial > 0, "{complete} {partial}");
}

#[test]
fn g_3_an_attack_deals_damage_once_as_a_loss_of_vitality() {
    // (turn, attack card) → how many times it dealt damage.
    let mut hits: BTreeMap<(u64, u32, u16), u32> = BTreeMap::new();
    let (mut game, mut last_turn) = (0u64, 0);
    transitions(80, |a, _, b| {
        let (s, t) = (&a.state, &b.state);
        if s.turn < last_turn {
            game += 1;
        }
        last_turn = t.turn;
        let Some(x) = s.attack.as_ref() else {
            return;
        };
        let defender = 1 - x.attacker;
        let lost =
            s.players[usize::from(defender)].vitality - t.players[usize::from(defender)].vitality;
        // The attack's damage is dealt in the Damage Step, after the Block Step: the
        // transition leaves the Block Step (or the block's own windows) with the card
        // marked as having dealt damage.
        if !s.card(x.card).dealt_damage && t.card(x.card).dealt_damage {
            assert!(lost > 0, "damage dealt without a loss of vitality");
            *hits.entry((game, t.turn, x.card)).or_default() += 1;
        }
    });
    assert!(!hits.is_empty());
    for (k, n) in hits {
        assert_eq!(n, 1, "attack {k:?} dealt damage {n} times");
    }
}

#[test]
fn g_4_a_resolved_attacks_sequence_is_over() {
    // Attack sequences already over: (game, turn, card).
    let mut over: std::collections::BTreeSet<(u64, u32, u16)> = Default::default();
    let (mut game, mut last_turn) = (0u64, 0);
    let mut resolved = 0;
    transitions(60, |a, _, b| {
        let (s, t) = (&a.state, &b.state);
        if s.turn < last_turn {
            game += 1;
        }
        last_turn = t.turn;
        if let Some(y) = t.attack.as_ref() {
            assert!(
                !over.contains(&(game, t.turn, y.card)),
                "an attack entered a second sequence after resolving"
            );
        }
        let Some(x) = s.attack.as_ref() else {
            return;
        };
        if t.attack.as_ref().map(|y| y.card) != Some(x.card) {
            resolved += 1;
            // G.4: it is no longer the attack, nor pending (F.2.3).
            assert!(!t.attack_stack.contains(&x.card));
            assert!(!matches!(t.pending, Pending::Block(_)));
            over.insert((game, t.turn, x.card));
        }
    });
    assert!(resolved > 0);
}

#[test]
fn f_2_3_1_both_players_attacks_wait_on_the_one_attack_stack() {
    let mut from_stack = [0, 0];
    let multiple = |a: &Action| matches!(a, Action::Multiple(_));
    transitions_preferring(80, multiple, |a, _, b| {
        let (s, t) = (&a.state, &b.state);
        let Some(y) = t.attack.as_ref() else {
            return;
        };
        if s.attack.as_ref().map(|x| x.card) == Some(y.card) {
            return;
        }
        // F.2.3: every attack enters its sequence from the attack stack, whoever plays it.
        assert!(s.attack_stack.contains(&y.card) || !t.attack_stack.contains(&y.card));
        if s.attack_stack.contains(&y.card) {
            from_stack[usize::from(t.card(y.card).owner)] += 1;
        }
    });
    assert!(
        from_stack[0] > 0 && from_stack[1] > 0,
        "both seats' attacks waited on the stack: {from_stack:?}"
    );
}

#[test]
fn f_4_2_nothing_happens_between_turns() {
    let mut turns = 0;
    transitions(60, |a, _, b| {
        let (s, t) = (&a.state, &b.state);
        if t.turn > s.turn && t.phase != Phase::Over && s.phase != Phase::Setup {
            turns += 1;
            // The turn passes only once every window of the last turn has closed, and
            // the new turn begins in its Ready Phase: no window of the old turn is open.
            assert!(
                t.windows.iter().all(|w| !s.windows.contains(w)),
                "a window stayed open from one turn into the next"
            );
            // Nothing of the old turn's combat is carried over into the new turn.
            assert!(t.attack.is_none() && t.attack_stack.is_empty());
            assert!(t.phase == Phase::Ready || t.phase == Phase::Combat);
        }
    });
    assert!(turns > 0);
}

#[test]
fn j_5_2_a_card_holds_a_resource_symbol_once() {
    let twice = facts(
        &set_card(
            "Test",
            &[("Type", "Foundation"), ("Resources", "Fire Fire Air")],
        ),
        "t-j",
    )
    .unwrap();
    assert_eq!(twice.symbols.count(), 2);
    assert!(twice.symbols.has(Symbol::Fire) && twice.symbols.has(Symbol::Air));
    // Infinity and a symbol it already gives: still each symbol once.
    let both = facts(
        &set_card(
            "Test",
            &[("Type", "Foundation"), ("Resources", "Infinity Fire")],
        ),
        "t-k",
    )
    .unwrap();
    assert_eq!(both.symbols.count(), 12);
}

/// A test foundation with one enhance ability whose effect is `step`, read by the card
/// language.
fn enhance_with(step: &str) -> Result<(), String> {
    let text = format!(
        "(card \"t\" \"Test\" (foundation) (difficulty 1) (control 3) (symbols earth life order)\n  (enhance (cost commit) {step}))"
    );
    crossover_ufs::cardfile::parse_cards(&text)
        .map(|_| ())
        .map_err(|e| e.message)
}

#[test]
fn j_3_3_3_a_modifier_effect_creates_no_other_effect() {
    // The modifier itself is read...
    enhance_with("(gets this-attack (damage 2))").unwrap();
    // ...but it holds no instruction that would create another effect: a step inside it,
    // a detached effect or a next-attack ability, is refused.
    for inner in [
        "(draw you 1)",
        "(detached (attack-begins you) once (draw you 1))",
        "(next-attack-gains (enhance (draw you 1)))",
    ] {
        let step = format!("(gets this-attack (damage 2) {inner})");
        assert!(enhance_with(&step).is_err(), "{step} was read");
    }
}

#[test]
fn j_3_5_3_a_rule_effect_creates_no_other_effect() {
    // Rule effects (a prohibition, an unblockable attack, a lock on momentum) are read...
    for rule in [
        "(no-draws you)",
        "(unblockable this-attack)",
        "no-momentum-in-combat",
    ] {
        enhance_with(rule).unwrap();
    }
    // ...but none holds an instruction that would create another effect.
    for step in [
        "(no-draws you (draw you 1))",
        "(unblockable this-attack (detached (attack-begins you) once (draw you 1)))",
        "(no-momentum-in-combat (draw you 1))",
    ] {
        assert!(enhance_with(step).is_err(), "{step} was read");
    }
}

#[test]
fn i_3_10_2_1_a_reversal_is_played_to_the_opponents_most_recently_resolved_attack() {
    let mut rng = GameRng::from_seed(23);
    let mut reversals = 0;
    for i in 0..80 {
        let mut g = new_game(i);
        // The attack whose sequence ended last.
        let mut last_resolved = None;
        while g.outcome().is_none() {
            let options = g.legal_actions();
            let a = options[rng.below(options.len())].clone();
            let before = g.clone();
            g.apply(&a).unwrap();
            let (s, t) = (&before.state, &g.state);
            if let (&Pending::Reversal(p), Action::Reversal(_)) = (&s.pending, &a) {
                reversals += 1;
                // No attack is current, so the reversal is to the most recently resolved
                // attack, which is the opponent's.
                assert!(s.attack.is_none());
                assert!(last_resolved.is_some());
                assert_eq!(s.reversal_window, last_resolved);
                assert_eq!(s.card(last_resolved.unwrap()).owner, 1 - p);
            }
            if let Some(x) = &s.attack {
                if t.attack.as_ref().map(|y| y.card) != Some(x.card) {
                    last_resolved = Some(x.card);
                }
            }
        }
    }
    assert!(reversals > 10, "only {reversals} reversals were attempted");
}
