//! Universal Fighting System in the client for a new player: the card cursor reads
//! every card the viewer can see (and none they can't), the seats have their
//! characters' names, and the help explains the board's abbreviations.

use crossover_kernel::{Game, GameRng, Presentation};
use crossover_tui::draw::draw;
use crossover_tui::{ClientGame, Mode, Screen};
use crossover_ufs::{DeckList, Ufs, UfsSetup};

mod common;

/// Ryu against Akuma, played by random choices from `seed` for `steps` actions.
fn game(seed: u64, steps: usize) -> Ufs {
    let setup = UfsSetup {
        decks: [
            DeckList::prebuilt("ryu").unwrap(),
            DeckList::prebuilt("akuma").unwrap(),
        ],
        facts_only: false,
    };
    let mut g = Ufs::new_game(&setup, seed).unwrap();
    let mut rng = GameRng::from_seed(seed);
    for _ in 0..steps {
        let options = g.legal_actions();
        if options.is_empty() {
            break;
        }
        g.apply(&options[rng.below(options.len())]).unwrap();
    }
    g
}

#[test]
fn the_card_cursor_reads_the_viewers_hand_and_both_boards_but_not_the_other_hand() {
    for seed in 1..6 {
        let g = game(seed, 40);
        let cards = Ufs::cards(&g, 0);
        let hand = &g.state.player(0).hand;
        for &c in hand {
            assert!(
                cards
                    .iter()
                    .any(|r| r.id == u64::from(c) && r.place == "your hand"),
                "{} of the hand is on the cursor: {cards:?}",
                g.state.name_of(c)
            );
        }
        for &c in &g.state.player(1).staging {
            assert!(cards.iter().any(|r| r.id == u64::from(c)), "{cards:?}");
        }
        for c in &cards {
            let detail = Ufs::card_detail(&g, 0, c.id).expect("a visible card has a detail");
            let text: Vec<String> = detail.iter().map(|l| l.to_string()).collect();
            assert!(
                text.iter().any(|l| l.contains("difficulty")),
                "{} has its text: {text:?}",
                c.name
            );
        }
        // The other hand, the decks and face-down momentum stay hidden.
        let other = g.state.player(1);
        for &c in other
            .hand
            .iter()
            .chain(&other.deck)
            .chain(&g.state.player(0).deck)
        {
            assert!(Ufs::card_detail(&g, 0, u64::from(c)).is_none());
            assert!(cards.iter().all(|r| r.id != u64::from(c)));
        }
    }
}

#[test]
fn the_decision_names_the_other_seat_by_its_character_and_tab_is_offered() {
    let g = game(3, 0);
    // Seat 0 sees seat 1's name as the board writes it, not "Seat 1".
    let screen = Screen::of(&g, 0, 0, Mode::Board);
    assert_eq!(screen.names[1], "Akuma (seat 1)");
    let text = common::render_text(100, 30, |f| draw(f, &screen));
    assert!(text.contains("Tab cards"), "{text}");
    let help = common::render_text(100, 30, |f| draw(f, &Screen::of(&g, 0, 0, Mode::Help)));
    assert!(help.contains("d: difficulty"), "{help}");
    let _ = g.render(0);
}

#[test]
fn a_long_log_entry_wraps_instead_of_being_cut_at_the_edge() {
    let g = game(3, 0);
    let first = g.log_for(0)[0].text.clone();
    assert!(first.chars().count() > 80, "{first}");
    let text = common::render_text(80, 24, |f| draw(f, &Screen::of(&g, 0, 0, Mode::Board)));
    // The entry's last word shows, on a continuation line.
    let last = first.split(' ').next_back().unwrap();
    assert!(
        text.contains(last),
        "{last:?} of {first:?} is on screen:\n{text}"
    );
}

#[test]
fn a_choice_about_a_card_names_it_for_the_card_cursor() {
    // Tab opens the cursor on the highlighted choice's card (ClientGame::option_card):
    // every choice that names a card the chooser can see names one on the cursor.
    let mut named = 0;
    for seed in 1..6 {
        let g = game(seed, 40);
        let Some(seat) = g.to_move() else { continue };
        let cards = Ufs::cards(&g, seat);
        for a in g.legal_actions() {
            let Some(id) = Ufs::option_card(&g, &a) else {
                continue;
            };
            named += 1;
            assert!(
                cards.iter().any(|r| r.id == id),
                "{a:?} names a card not on the cursor: {cards:?}"
            );
        }
        assert_eq!(Ufs::option_card(&g, &crossover_ufs::Action::Pass), None);
    }
    assert!(named > 0, "no choice named a card");
}
