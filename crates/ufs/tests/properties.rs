//! Properties of random games over every pairing of the four pre-built decks (issue
//! 14's acceptance): no panic, every game ends, every card is in exactly one place,
//! clone and serde give the same state hash, forged actions at any point are legal or
//! refused with the state unchanged, and nothing shown to a seat names a card it can't
//! see.
//!
//! "Can see" is stated here from the zones, independently of the engine: decks and
//! momentum are face down to everyone, a hand is seen by its owner, everything else is
//! public. Copies share names, so a name counts as hidden from a seat only while no
//! card of that name has been visible to it. A control check's line names the card it
//! turned face up (E.3.1), which may be out of sight again by the next decision.

use crossover_kernel::{Game, GameRng, Presentation, Seat};
use crossover_ufs::state::{CardId, Pending, Place};
use crossover_ufs::{Action, DeckList, Ufs, UfsSetup};
use std::collections::BTreeSet;

const DECKS: [&str; 4] = ["ryu", "akuma", "siegfried", "sophitia"];
/// A game of UFS with these decks is over long before this many decisions.
const MAX_ACTIONS: usize = 20_000;

fn setup(i: u64) -> UfsSetup {
    let a = (i % 4) as usize;
    let b = (i / 4 % 4) as usize;
    UfsSetup {
        decks: [
            DeckList::prebuilt(DECKS[a]).unwrap(),
            DeckList::prebuilt(DECKS[b]).unwrap(),
        ],
        facts_only: false,
    }
}

/// Every card is listed in exactly the zone its `place` says, once.
fn check_places(g: &Ufs) {
    let s = &g.state;
    let mut seen = vec![0u8; s.cards.len()];
    for p in [0u8, 1] {
        for place in [
            Place::Deck,
            Place::Hand,
            Place::CardPool,
            Place::Staging,
            Place::Momentum,
            Place::Discard,
            Place::Removed,
        ] {
            for &c in s.zone(p, place) {
                assert_eq!(s.card(c).place, place, "card {c}");
                assert_eq!(s.card(c).owner, p, "card {c}");
                seen[usize::from(c)] += 1;
            }
        }
    }
    assert!(seen.iter().all(|&n| n == 1), "a card is in no zone or two");
    // D.2.2.3.4: the kept count of attached characters is what the board shows.
    for p in [0u8, 1] {
        let starting = s.player(p).character;
        let name = &s.def(starting).name;
        let attached = s
            .player(p)
            .staging
            .iter()
            .filter(|&&c| {
                c != starting && s.def(c).is_character() && s.def(c).name.eq_ignore_ascii_case(name)
            })
            .count();
        assert_eq!(usize::from(s.attached_count[usize::from(p)]), attached);
    }
}

fn sees(g: &Ufs, seat: Seat, c: CardId) -> bool {
    let card = g.state.card(c);
    match card.place {
        Place::Deck => false,
        // Momentum is face down, but for a card an effect turned face up.
        Place::Momentum => card.face_up,
        Place::Hand => usize::from(card.owner) == seat,
        _ => true,
    }
}

fn names_in(text: &str, name: &str) -> bool {
    let word = |c: Option<char>| c.is_some_and(|c| c.is_alphanumeric());
    text.match_indices(name).any(|(i, _)| {
        !word(text[..i].chars().next_back()) && !word(text[i + name.len()..].chars().next())
    })
}

/// Checks everything `seat` is shown now: its board, its new log lines and the options
/// (or the other seat's options, as this seat would read them).
fn check_hidden(g: &Ufs, seat: Seat, seen: &mut BTreeSet<String>, log_from: &mut usize) {
    let s = &g.state;
    let ids = 0..s.cards.len() as CardId;
    for c in ids.clone().filter(|&c| sees(g, seat, c)) {
        seen.insert(s.def(c).name.clone());
    }
    let mut texts = vec![g.render(seat)];
    texts.extend(g.prompt(seat));
    let log = g.log_for(seat);
    // A control check discards the deck's top card face up for both players to see
    // (E.3.1); the card may leave the discard pile again before the next decision (a
    // checked card put into a hand, a deck cycled), so its line names a card that was
    // public when it was written.
    // A deck cycled since the last look (E.2.2) holds cards that were public in the
    // discard pile when the new lines were written.
    let cycled: Vec<u8> = (0..2u8)
        .filter(|&p| {
            let who = format!("(seat {p}) cycles their deck");
            log[*log_from..].iter().any(|e| e.text.contains(&who))
        })
        .collect();
    let board_texts = texts.len();
    texts.extend(
        log[*log_from..]
            .iter()
            // Lines that reveal hidden cards on purpose: a control check's card, a
            // hand an effect reveals; and lines naming cards taken from a discard pile
            // (public, C.2.1) into a hand, hidden only since.
            .filter(|e| {
                !e.text.starts_with("Control check: ")
                    && !e.text.starts_with("Revealed: ")
                    && !e.text.contains(" from their discard pile into their hand")
            })
            .map(|e| e.text.clone()),
    );
    *log_from = log.len();
    let log_texts = board_texts..texts.len();
    texts.extend(g.legal_actions().iter().map(|a| g.describe_action(seat, a)));
    // A hidden name may be part of a seen one ("Shinku Tatsumaki Senpukyaku"): blank
    // out the seen names, longest first, before looking.
    let mut known: Vec<&String> = seen.iter().collect();
    known.sort_by_key(|n| std::cmp::Reverse(n.len()));
    for t in &mut texts {
        for n in &known {
            *t = t.replace(n.as_str(), "#");
        }
    }
    for c in ids.filter(|&c| !sees(g, seat, c)) {
        let name = &s.def(c).name;
        // "Block" is also the Block Step's word in prompts and options.
        if seen.contains(name) || name == "Block" {
            continue;
        }
        // (It may have been drawn from the new deck since.)
        let was_public = matches!(s.card(c).place, Place::Deck | Place::Hand)
            && cycled.contains(&s.card(c).owner);
        for (i, t) in texts.iter().enumerate() {
            if was_public && log_texts.contains(&i) {
                continue;
            }
            assert!(
                !names_in(t, name),
                "seat {seat} is shown hidden {name:?} in {t:?} (now {:?})",
                s.card(c).place
            );
        }
    }
}

fn forged(rng: &mut GameRng, cards: usize) -> Action {
    let c = rng.below(cards + 3) as CardId;
    let n = rng.below(5) as u8;
    // Printed abilities, or a starting character's from attached characters (from 150).
    let printed_or_attached = if rng.below(2) == 0 { n } else { 150 + n };
    match rng.below(21) {
        0 => Action::GoFirst(rng.below(2) == 0),
        1 => Action::Mulligan(rng.below(2) == 0),
        2 => Action::ReviewDiscard(c),
        3 => Action::PlayForm(c),
        4 => Action::Commit(c),
        5 => Action::Powerful(n),
        6 => Action::Ex(n),
        7 => Action::Block(c),
        8 => Action::Reversal(c),
        9 => Action::ToMomentum(rng.below(2) == 0),
        // Printed abilities, and those an effect gave (numbered from 230).
        10 => Action::Enhance(c, if rng.below(2) == 0 { n } else { 230 + n }),
        11 => Action::Stun,
        12 => Action::Choose(c),
        13 => Action::FormAbility(c, printed_or_attached),
        // Printed abilities, and those a keyword grants (numbered from 200).
        14 => Action::Respond(c, if rng.below(2) == 0 { n } else { 200 + n }),
        15 => Action::May(rng.below(2) == 0),
        16 => Action::Pick(n),
        17 => Action::Number(n),
        18 => Action::Multiple(n),
        19 => Action::Gauge,
        _ => Action::Pass,
    }
}

#[test]
fn random_games_end_conserve_cards_and_refuse_forged_actions() {
    let games = 1_000;
    let mut rng = GameRng::from_seed(7);
    let mut turns = 0;
    let mut windows = 0;
    let (mut picks, mut numbers) = (0, 0);
    for i in 0..games {
        let mut g = Ufs::new_game(&setup(i), i).unwrap();
        let watched = i % 10 == 0;
        g.set_logging(watched);
        let mut seen = [BTreeSet::new(), BTreeSet::new()];
        let mut log_from = [0, 0];
        let mut actions = 0;
        let mut played = Vec::new();
        while g.outcome().is_none() {
            actions += 1;
            assert!(actions < MAX_ACTIONS, "game {i} did not end");
            check_places(&g);
            if watched {
                for seat in 0..2 {
                    check_hidden(&g, seat, &mut seen[seat], &mut log_from[seat]);
                }
            }
            if actions % 7 == 0 {
                let before = g.state_hash();
                assert_eq!(g.clone().state_hash(), before);
                let json = serde_json::to_string(&g).unwrap();
                let back: Ufs = serde_json::from_str(&json).unwrap();
                assert_eq!(back.state_hash(), before, "serde round trip, game {i}");
                for _ in 0..3 {
                    let a = forged(&mut rng, g.state.cards.len());
                    let legal = g.legal_actions().contains(&a);
                    let mut copy = g.clone();
                    match copy.apply(&a) {
                        Ok(()) => assert!(legal, "{a:?} was applied but not offered"),
                        Err(e) => {
                            assert!(!legal, "{a:?} was offered but refused: {e}");
                            assert_eq!(
                                copy.state_hash(),
                                before,
                                "a refused {a:?} changed the state"
                            );
                        }
                    }
                }
            }
            if matches!(g.state.pending, Pending::Respond(_)) {
                windows += 1;
            }
            let options = g.legal_actions();
            assert!(!options.is_empty(), "game {i}: a decision without options");
            if options.iter().any(|o| matches!(o, Action::Pick(_))) {
                picks += 1;
            }
            if options.iter().any(|o| matches!(o, Action::Number(_))) {
                numbers += 1;
            }
            let a = options[rng.below(options.len())].clone();
            g.apply(&a).unwrap();
            played.push(a);
        }
        // Replaying the same actions from the same setup and seed reaches the same state.
        let mut replay = Ufs::new_game(&setup(i), i).unwrap();
        for a in &played {
            replay.apply(a).unwrap();
        }
        assert_eq!(replay.state_hash(), g.state_hash(), "replay of game {i}");
        turns += g.turn();
    }
    assert!(
        turns > games as u32 * 3,
        "games are too short to have tested much"
    );
    assert!(
        windows > games,
        "only {windows} response decisions in {games} games: responses went untested"
    );
    // Effect choices ("either", a zone) and X costs came up and were played.
    assert!(
        picks > 10,
        "only {picks} pick decisions: choices went untested"
    );
    assert!(
        numbers > 10,
        "only {numbers} X decisions: X costs went untested"
    );
}

/// C.2.1.2, C.2.3, C.2.3.1: a deck's cards and face-down momentum are shown to no one; a
/// hand to its owner only; a card revealed from a hand or a deck is named only in the
/// reveal's own log line, and is hidden again after it.
#[test]
fn c_2_1_2_c_2_3_c_2_3_1_hidden_cards_are_shown_to_no_seat_outside_their_reveal() {
    let mut rng = GameRng::from_seed(29);
    for i in 0..64 {
        let mut g = Ufs::new_game(&setup(i), i).unwrap();
        g.set_logging(true);
        let mut seen = [BTreeSet::new(), BTreeSet::new()];
        let mut log_from = [0, 0];
        while g.outcome().is_none() {
            for seat in 0..2 {
                check_hidden(&g, seat, &mut seen[seat], &mut log_from[seat]);
            }
            let options = g.legal_actions();
            let a = options[rng.below(options.len())].clone();
            g.apply(&a).unwrap();
        }
    }
}
