//! Hidden information (issue 11, section 4): everything shown to a seat — its board,
//! its log, the prompt and options when it decides, and every other seat's action as
//! it reads it — names no card that seat cannot see.
//!
//! "Can see" is stated here from the zones, independently of the engine: cards in
//! play, in KO piles, set aside or removed are public; a hand and a face-down
//! resource are seen by their owner; decks and the Facehugger pile by nobody (except
//! the cards of its own deck a seat is offered while it searches). A name counts as
//! hidden for a seat only if no card of that name was ever visible to it: a name also
//! face up in play, or seen earlier (a card that went from the KO pile into a face-down
//! resource), may legitimately appear.

use crossover_kernel::{Game, GameRng, Presentation, Seat};
use crossover_vs2pcg::action::Action;
use crossover_vs2pcg::state::*;
use crossover_vs2pcg::{GameState, Setup};
use std::collections::BTreeSet;

/// Whether `seat` may look at card `c` where it is now.
fn sees(g: &GameState, seat: Seat, c: CardId) -> bool {
    let card = g.card(c);
    match card.zone() {
        Zone::Front
        | Zone::Back
        | Zone::Attached
        | Zone::KoPile
        | Zone::SetAside
        | Zone::Removed => true,
        Zone::Resources => card.face_up() || card.owner() == seat,
        Zone::Hand => card.owner() == seat,
        Zone::Deck | Zone::FacehuggerPile => false,
    }
}

/// Names of the cards `seat` sees now (with their powers' names), and of those hidden
/// from it.
fn names(g: &GameState, seat: Seat) -> (BTreeSet<String>, BTreeSet<String>) {
    let (mut seen, mut hidden) = (BTreeSet::new(), BTreeSet::new());
    for i in 0..g.cards().len() {
        let c = i as CardId;
        let name = g.name(c).to_string();
        if sees(g, seat, c) {
            seen.insert(name);
            // Its powers' names too: "Baroness of Arcadia" is a power, not the card
            // Arcadia.
            for p in &g.def(c).powers {
                seen.insert(p.name.clone());
            }
        } else {
            hidden.insert(name);
        }
    }
    (seen, hidden)
}

/// Whether `name` occurs in `text` as whole words.
fn names_in(text: &str, name: &str) -> bool {
    let word = |c: Option<char>| c.is_some_and(|c| c.is_alphanumeric());
    text.match_indices(name).any(|(i, _)| {
        !word(text[..i].chars().next_back()) && !word(text[i + name.len()..].chars().next())
    })
}

/// The hidden card name `text` shows to a seat that has seen `seen`, if any.
fn leak(text: &str, hidden: &BTreeSet<String>, seen: &BTreeSet<String>) -> Option<String> {
    // A visible name that contains a hidden one ("Baby Groot" vs "Groot") is masked first.
    let mut masked = text.to_string();
    let mut longest: Vec<&String> = seen.iter().collect();
    longest.sort_by_key(|n| std::cmp::Reverse(n.len()));
    for n in longest {
        if hidden.iter().any(|h| h != n && n.contains(h.as_str())) {
            masked = masked.replace(n.as_str(), "#");
        }
    }
    hidden
        .iter()
        .filter(|h| !seen.contains(*h))
        .find(|h| names_in(&masked, h))
        .cloned()
}

fn setup(seed: u64, variant: Variant, seats: usize) -> Setup {
    let db = crossover_vs2pcg::cardfile::embedded();
    let decks = crossover_vs2pcg::decks::all();
    let mut rng = GameRng::from_seed(seed ^ 0xdec5);
    let mut mains = Vec::new();
    let players = (0..seats)
        .map(|i| loop {
            // One main character per seat: uniqueness on a shared side would KO one.
            let d = &decks[rng.below(decks.len())];
            if !mains.contains(&d.main) {
                mains.push(d.main.clone());
                break d.to_setup(&db, &format!("Player {}", i + 1));
            }
        })
        .collect();
    Setup {
        variant,
        players,
        cards: Default::default(),
    }
}

/// Checks `text` shown to `seat`; panics naming the leak.
fn check(
    what: &str,
    text: &str,
    seat: Seat,
    hidden: &BTreeSet<String>,
    seen: &BTreeSet<String>,
    seed: u64,
    step: usize,
) {
    if let Some(name) = leak(text, hidden, seen) {
        panic!(
            "seed {seed}, action {step}: {what} shown to seat {seat} names `{name}`, \
             a card it cannot see:\n{text}"
        );
    }
}

#[test]
fn every_seat_is_shown_only_cards_it_may_see() {
    let variants = [
        (Variant::TwoPlayer, 2),
        (Variant::FreeForAll, 3),
        (Variant::FreeForAll, 4),
        (Variant::TwoVsTwo, 4),
        (Variant::TwoHeaded, 4),
    ];
    let db = crossover_vs2pcg::cardfile::embedded();
    let games = 200u64;
    for seed in 0..games {
        let (variant, seats) = variants[seed as usize % variants.len()];
        let setup = setup(seed, variant, seats);
        let mut g = GameState::with_db(db.clone(), &setup, seed).unwrap();
        let mut rng = GameRng::from_seed(seed ^ 0x41dd);
        let mut ever_seen: Vec<BTreeSet<String>> = vec![BTreeSet::new(); seats];
        let mut log_checked = vec![0usize; seats];
        let mut level_two = seed % 2 == 1;
        let mut step = 0;
        while let Some(d) = g.decision() {
            if step >= 300 {
                break;
            }
            // Half the games start their main characters at level 2 (Mutant Supremacy...).
            if level_two && g.turn() >= 1 {
                level_two = false;
                for p in 0..seats {
                    let m = g.players()[p].main();
                    g.set_xp(m, 50);
                }
                g.settle();
                continue;
            }
            let mut hidden = Vec::new();
            for (s, ever) in ever_seen.iter_mut().enumerate() {
                let (seen, h) = names(&g, s);
                ever.extend(seen);
                if s == d.seat && matches!(g.pending(), Pending::Effect { .. }) {
                    // A search: the searcher looks at the cards of its deck it is offered.
                    for a in &d.options {
                        if let Action::Choose { card } = a {
                            if g.card(*card).zone() == Zone::Deck && g.card(*card).owner() == s {
                                ever.insert(g.name(*card).to_string());
                            }
                        }
                    }
                }
                hidden.push(h);
            }
            for s in 0..seats {
                let (h, seen) = (&hidden[s], &ever_seen[s]);
                check("the board", &g.render(s), s, h, seen, seed, step);
                let log = g.log_for(s);
                for e in &log[log_checked[s]..] {
                    // A reveal (a revealed hand, Hatch) shows its cards to every seat.
                    if !e.text.contains(" reveals ") {
                        check("the log", &e.text, s, h, seen, seed, step);
                    }
                }
                log_checked[s] = log.len();
                let prompt = g
                    .prompt(s)
                    .expect("a pending decision has a prompt for every seat");
                check("the prompt", &prompt, s, h, seen, seed, step);
                if s == d.seat {
                    // Naming a card (Mind Games) offers every name, not any card.
                    for a in d
                        .options
                        .iter()
                        .filter(|a| !matches!(a, Action::ChooseName { .. }))
                    {
                        check(
                            "an option",
                            &g.describe_action(s, a),
                            s,
                            h,
                            seen,
                            seed,
                            step,
                        );
                    }
                }
            }
            let action = d.options[rng.below(d.options.len())].clone();
            if let Action::ChooseName { def } = action {
                // A name said aloud is public.
                for seen in &mut ever_seen {
                    seen.insert(g.db().get(def).name.clone());
                }
            }
            let told: Vec<String> = (0..seats).map(|s| g.describe_action(s, &action)).collect();
            g.apply(&action).unwrap();
            step += 1;
            for s in (0..seats).filter(|&s| s != d.seat) {
                // What the action revealed (a recruit, a discard) may be named.
                let (seen, h) = names(&g, s);
                ever_seen[s].extend(seen);
                let what = format!("{}'s action", g.players()[d.seat].name());
                check(&what, &told[s], s, &h, &ever_seen[s], seed, step);
            }
        }
    }
}

#[test]
fn the_leak_check_catches_a_named_face_down_resource() {
    let hidden: BTreeSet<String> = ["Drax".to_string(), "Groot".to_string()].into();
    let seen: BTreeSet<String> = ["Baby Groot".to_string()].into();
    assert_eq!(
        leak("Play Drax face down as a resource", &hidden, &seen),
        Some("Drax".into())
    );
    assert_eq!(leak("Attack Baby Groot", &hidden, &seen), None);
    assert_eq!(leak("Draxon attacks", &hidden, &seen), None);
}

/// Magneto L2's Mutant Supremacy offers every face-down resource: the enemy's are
/// offered by position ("Bo's face-down resource #2"), never by name; the chooser's
/// own are named, and a chosen hidden card is named in the log only to its owner.
#[test]
fn mutant_supremacy_names_enemy_face_down_resources_by_position_only() {
    let mut g = GameState::with_db(
        crossover_vs2pcg::cardfile::embedded(),
        &Setup {
            variant: Variant::TwoPlayer,
            players: ["mnb-083", "mnb-081"]
                .iter()
                .zip(["Ada", "Bo"])
                .map(|(main, name)| crossover_vs2pcg::PlayerSetup {
                    name: name.into(),
                    main: main.to_string(),
                    deck: vec!["mnb-112".to_string(); 60],
                    versions: Vec::new(),
                })
                .collect(),
            cards: Default::default(),
        },
        1,
    )
    .unwrap();
    while g.turn() == 0 {
        let a = match &g.pending() {
            Pending::ChooseFirst { seat } => Action::GoFirst(*seat == 0),
            Pending::PlaceMain { .. } => Action::PlaceMain(Row::Front),
            _ => Action::Mulligan(false),
        };
        g.apply(&a).unwrap();
    }
    g.set_turn_seat(0);
    g.set_acting(0);
    g.goto_main();
    let magneto = g.players()[0].main();
    g.set_xp(magneto, 50);
    g.settle();
    assert_eq!(g.def(magneto).level(), 2);
    let might = g.spawn("mnb-112", 0, Zone::Resources);
    g.set_face_up(might, true);
    let mine = g.spawn("mnb-101", 0, Zone::Resources);
    g.set_face_up(mine, false);
    g.spawn("mnb-109", 1, Zone::Resources);
    let theirs = g.spawn("mnb-105", 1, Zone::Resources);
    g.set_face_up(theirs, false);
    let (their_name, my_name) = (g.name(theirs).to_string(), g.name(mine).to_string());
    let use_it = g
        .legal_actions()
        .into_iter()
        .find(|a| {
            matches!(a, Action::UsePower { card, .. } if *card == magneto)
                && g.describe_action(0, a).contains("Mutant Supremacy")
        })
        .expect("Mutant Supremacy is offered");
    g.apply(&use_it).unwrap();
    // Bo may react; nobody does.
    while g.pending_seat() == Some(1) {
        g.apply(&Action::Pass).unwrap();
    }
    let d = g.decision().unwrap();
    assert_eq!(d.seat, 0);
    let options: Vec<String> = d.options.iter().map(|a| g.describe_action(0, a)).collect();
    assert!(
        options.iter().all(|o| !o.contains(&their_name)),
        "{options:?}"
    );
    assert!(
        options.contains(&"Choose Bo's face-down resource #2".to_string()),
        "{options:?}"
    );
    assert!(
        options.contains(&format!("Choose {my_name}")),
        "{options:?}"
    );
    // Bo reads Ada's choice of her own face-down resource without its name.
    let choose_mine = Action::Choose { card: mine };
    assert_eq!(
        g.describe_action(1, &choose_mine),
        "Choose Ada's face-down resource #2"
    );
}
