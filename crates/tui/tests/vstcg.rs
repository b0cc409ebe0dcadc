//! The Vs. System TCG board (issue 34 §5): both areas of each player by rows and
//! columns, the resource row, the chain as a stack with its targets, who has priority
//! and who has passed, endurance and the initiative; drawn from the viewer's seat view,
//! so another player's hand and face-down resources never show. Drawn with ratatui's
//! test backend and compared with the `insta` snapshots in `tests/snapshots/`.

use crossover_kernel::{Game, GameRng, Presentation};
use crossover_scenario::{ScenarioGame, Source};
use crossover_tui::draw::draw;
use crossover_tui::{ClientGame, Mode, Screen};
use crossover_vstcg::ids::CardId;
use crossover_vstcg::scenario::{Board, VsTcgScenarios};
use crossover_vstcg::{Deck, VsTcg, VsTcgSetup};

mod common;

/// A board stated as a scenario's (crates/vstcg/src/scenario.rs).
fn board(text: &str) -> VsTcg {
    let b: Board = toml::from_str(text).expect("the board parses");
    let src = Source { file: "test", text };
    VsTcgScenarios::build(&src, b)
        .expect("the board builds")
        .game
}

/// The two prebuilt decks played by random choices from `seed` for `steps` actions.
fn random_game(seed: u64, steps: usize) -> VsTcg {
    random_table(2, seed, steps)
}

/// `seats` players (the prebuilt decks in turn) played by random choices from `seed`
/// for `steps` actions.
fn random_table(seats: usize, seed: u64, steps: usize) -> VsTcg {
    let pool = crossover_vstcg::db::CardPool::built_in();
    let decks: Vec<Deck> = ["training-squad", "sparring-circle"]
        .iter()
        .cycle()
        .take(seats)
        .map(|d| crossover_vstcg::deckfile::prebuilt(&pool, d).unwrap())
        .collect();
    let mut g = VsTcg::new_game(&VsTcgSetup::new(decks), seed).unwrap();
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

fn render(g: &VsTcg, seat: usize, width: u16, height: u16) -> String {
    common::render_text(width, height, |f| {
        draw(f, &Screen::of(g, seat, 0, Mode::Board))
    })
}

/// The board alone (a re-dealt game has no log to compare).
fn board_only(g: &VsTcg, seat: usize, width: u16, height: u16) -> String {
    common::render_text(width, height, |f| {
        VsTcg::draw_board(f, f.area(), &Screen::of(g, seat, 0, Mode::Board))
    })
}

/// p0 team attacks p1's Kett with Brask and Vance; p1 played Trip on Vance and p0
/// answered with a power-up; p1 passed, p0 has priority. Both have characters in both
/// areas, face-down and face-up resources, and hands.
const CHAIN: &str = r#"
turn = 3
part = "p0 attack step"
priority = "p1"
passes = 1

[[card]]
text = '''(card x-trip "Trip" "" (plot-twist (threshold 0)) (effect (target 0 character opposing) (stun (target 0))))'''

[[player]]
hand = ["trn-003", "trn-005"]
resources = ["trn-002", { card = "trn-121", face_up = true }, "trn-006"]
characters = [{ card = "trn-007", id = "brask" }, { card = "trn-001", id = "vance", col = 1 },
              { card = "trn-004", id = "ros", row = "support", col = 1 },
              { card = "trn-023", id = "nix", area = "hidden", row = "front", col = 0 }]

[[player]]
hand = ["trn-024", "trn-022", "trn-105"]
resources = ["trn-102", { card = "trn-101", revealed = true }, "trn-104"]
characters = [{ card = "trn-021", id = "kett" },
              { card = "trn-023", id = "nix2", area = "hidden", row = "support", col = 2 }]

[attack]
attackers = ["brask", "vance"]
defender = "kett"

[[chain]]
play = { card = "x-trip", id = "trip" }
player = "p1"
targets = ["vance"]

[[chain]]
play = { card = "x-trip", id = "trip2" }
player = "p0"
targets = ["kett"]
"#;

/// The line of `text` containing `what`, and where on it `what` starts.
fn at(text: &str, what: &str) -> (usize, usize) {
    text.lines()
        .enumerate()
        .find_map(|(y, l)| l.find(what).map(|x| (y, l[..x].chars().count())))
        .unwrap_or_else(|| panic!("no {what:?} on the screen:\n{text}"))
}

#[test]
fn the_board_shows_both_areas_by_rows_and_columns_the_chain_and_priority() {
    let g = board(CHAIN);
    let text = render(&g, 0, 140, 40);
    // Your block: the visible area's rows, then the hidden area's, columns lined up.
    let (brask_y, _) = at(&text, "V front [0] Lieutenant Brask 6/5 exh att");
    let (vance_y, vance_x) = at(&text, "[1] Cadet Vance 2/1 exh att");
    let (ros_y, ros_x) = at(&text, "[1] Shield Cadet Ros 1/4");
    assert_eq!(brask_y, vance_y, "one row:\n{text}");
    assert_eq!(
        (ros_y, ros_x),
        (vance_y + 1, vance_x),
        "column 1 reads down:\n{text}"
    );
    assert!(text.contains("V supp "), "{text}");
    let (nix_y, _) = at(&text, "H front [0] Shadow Pupil Nix 3/3");
    assert!(
        nix_y > ros_y,
        "the hidden area after the visible one:\n{text}"
    );
    // The opponent faces you: hidden support row, then the visible front row nearest.
    let (their_nix, _) = at(&text, "H supp  [2] Shadow Pupil Nix 3/3");
    let (kett, _) = at(&text, "V front [0] Brawler Kett 2/2 dfn");
    assert!(their_nix < kett && kett < brask_y, "{text}");
    // Titles: endurance, counts, the initiative (★), who decides (▶).
    assert!(
        text.contains("★ Player 1 (you): endurance 50 · deck 0 · hand 2 · KO'd 0"),
        "{text}"
    );
    assert!(text.contains("▶ Player 2: endurance 50"), "{text}");
    // The turn, priority and who passed, the attack, the chain top first with each
    // effect's source, controller and targets.
    assert!(text.contains("Turn 3 · Player 1's attack step"), "{text}");
    assert!(
        text.contains("Priority: Player 2 · passed: Player 1"),
        "{text}"
    );
    assert!(
        text.contains("Attack: Lieutenant Brask + Cadet Vance attacking Brawler Kett"),
        "{text}"
    );
    let (top, _) = at(&text, "Chain 2: Trip (Player 1) → Brawler Kett — ");
    let (bottom, _) = at(&text, "Chain 1: Trip (Player 2) → Cadet Vance — ");
    assert!(top < bottom, "the top first:\n{text}");
    // The resource rows: face up by name, yours face down marked, a revealed one by
    // name, the others only counted.
    assert!(
        text.contains("res     Cadet Iwa fd │ Training Grounds │ Sergeant Okoye-Marsh fd"),
        "{text}"
    );
    assert!(
        text.contains("res     Quick Reflexes rev │ 2 face down"),
        "{text}"
    );
    assert!(
        text.contains("hand    Signal Runner Tam (2, Char) │ Scout Lira (3, Char)"),
        "{text}"
    );
    insta::assert_snapshot!("vstcg_chain_140x40", text);
    // Narrower, the names give way to keep the columns lined up.
    let text = render(&g, 0, 100, 30);
    let (_, vance_x) = at(&text, "[1] Cadet Va… 2/1 exh att");
    let (_, ros_x) = at(&text, "[1] Shield Cadet Ros 1/4");
    assert_eq!(vance_x, ros_x, "{text}");
    assert!(
        text.contains("Chain 2: Trip (Player 1) → Brawler Kett — "),
        "{text}"
    );
    insta::assert_snapshot!("vstcg_chain_100x30", text);
    let small = render(&g, 0, 80, 24);
    for what in [
        "Priority: Player 2 · passed: Player 1",
        "Chain 2: Trip (Player 1) → Brawler Kett",
        "Chain 1: Trip (Player 2) → Cadet Vance",
        "Lieutenant Brask 6/5",
        "Cadet Vance 2/1",
        "Shield Cadet Ros",
        "Shadow Pupil Nix",
        "Brawler Kett 2/2",
        "Player 1 (you)",
        "Signal Runner Tam",
    ] {
        assert!(small.contains(what), "{what:?} at 80×24:\n{small}");
    }
    insta::assert_snapshot!("vstcg_chain_80x24", small);
    insta::assert_snapshot!("vstcg_chain_seat1_140x40", render(&g, 1, 140, 40));
}

#[test]
fn the_line_mode_board_names_who_passed_and_the_chain_with_controllers_and_targets() {
    let g = board(CHAIN);
    let text = g.render(0);
    assert!(
        text.contains("Player 2 has priority (passed in succession: Player 1)."),
        "{text}"
    );
    let top = text.find("  2. Trip: ").expect(&text);
    let bottom = text.find("  1. Trip: ").expect(&text);
    assert!(top < bottom, "{text}");
    assert!(
        text.contains("(targets: Brawler Kett, Sparring Circle) (Player 1's)"),
        "{text}"
    );
    assert!(
        text.contains("(targets: Cadet Vance, Training Squad) (Player 2's)"),
        "{text}"
    );
    // The view has them as data.
    let v = g.view(0);
    assert_eq!(v.passed, vec![0]);
    assert_eq!(v.chain[1].controller, Some(0));
    assert_eq!(v.chain[1].targets, vec!["Brawler Kett, Sparring Circle"]);
}

/// The names of the cards `seat` may not look at: the other players' hands and
/// unrevealed face-down resources.
fn hidden_names(g: &VsTcg, seat: usize) -> Vec<String> {
    let s = &g.state;
    let mut names = Vec::new();
    for p in (0..s.seats()).filter(|&p| usize::from(p) != seat) {
        let pl = s.player(p);
        names.extend(pl.hand().iter().map(|&c| s.name(c)));
        names.extend(
            pl.resources()
                .iter()
                .filter(|&&c| !s.can_see(seat as u8, c))
                .map(|&c| s.name(c)),
        );
    }
    names
}

#[test]
fn another_players_hand_and_face_down_resources_never_show() {
    let g = board(CHAIN);
    for seat in 0..2 {
        let hidden = hidden_names(&g, seat);
        assert!(hidden.len() >= 4, "{hidden:?}");
        let cards = VsTcg::cards(&g, seat);
        let mut shown = String::new();
        for (w, h) in [(80, 24), (100, 30), (140, 40)] {
            shown += &render(&g, seat, w, h);
        }
        for (n, c) in cards.iter().enumerate() {
            shown += &common::render_text(100, 30, |f| {
                draw(f, &Screen::of(&g, seat, 0, Mode::Cards(n)))
            });
            shown += &common::render_text(100, 30, |f| {
                draw(
                    f,
                    &Screen::of(&g, seat, 0, Mode::Detail { card: n, scroll: 0 }),
                )
            });
            shown += &format!("{c:?}");
        }
        shown += &common::render_text(100, 30, |f| {
            draw(f, &Screen::of(&g, seat, 0, Mode::Panel(0)))
        });
        for name in &hidden {
            let name = name.split(", ").next().unwrap();
            assert!(
                !shown.contains(name),
                "seat {seat} is shown {name}:\n{shown}"
            );
        }
        // Nor does the card cursor reach them.
        let s = &g.state;
        let other = s.player(1 - seat as u8);
        for &c in other.hand().iter().chain(other.resources()) {
            if !s.can_see(seat as u8, c) {
                assert!(cards.iter().all(|r| r.id != u64::from(c.0)));
                assert!(VsTcg::card_detail(&g, seat, u64::from(c.0)).is_none());
            }
        }
    }
}

#[test]
fn the_screen_is_the_same_whatever_the_cards_a_seat_cant_see_are() {
    // Re-dealing what a seat can't see (hands, decks, face-down resources) changes
    // nothing on its screen, the card cursor included.
    let mut checked = 0;
    for seed in 1..5 {
        for steps in [40, 120, 300] {
            let g = random_game(seed, steps);
            for seat in 0..2 {
                let other = g.determinize(seat, seed * 7 + steps as u64);
                for (w, h) in [(80, 24), (100, 30)] {
                    assert_eq!(board_only(&g, seat, w, h), board_only(&other, seat, w, h));
                }
                let (a, b) = (
                    Screen::of(&g, seat, 0, Mode::Board),
                    Screen::of(&other, seat, 0, Mode::Board),
                );
                assert_eq!((a.prompt, a.options), (b.prompt, b.options));
                assert_eq!(VsTcg::cards(&g, seat), VsTcg::cards(&other, seat));
                checked += 1;
            }
        }
    }
    assert_eq!(checked, 24);
}

#[test]
fn every_card_on_the_cursor_has_a_detail_and_choices_name_cards_on_it() {
    let mut named = 0;
    for seed in 1..6 {
        let g = random_game(seed, 90);
        let Some(seat) = g.to_move() else { continue };
        let cards = VsTcg::cards(&g, seat);
        let hand = g.state.player(seat as u8).hand();
        for &c in hand {
            assert!(
                cards
                    .iter()
                    .any(|r| r.id == u64::from(c.0) && r.place == "your hand"),
                "{cards:?}"
            );
        }
        for c in &cards {
            let detail = VsTcg::card_detail(&g, seat, c.id).expect("a visible card has a detail");
            let lines: Vec<String> = detail.iter().map(|l| l.to_string()).collect();
            assert!(lines[0].starts_with(&c.name), "{lines:?}");
            assert_eq!(lines[1], crossover_tui::client_game::sentence(&c.place));
        }
        for a in g.legal_actions() {
            let Some(id) = VsTcg::option_card(&g, &a) else {
                continue;
            };
            if g.state.can_see(seat as u8, CardId(id as u16)) {
                named += 1;
                assert!(cards.iter().any(|r| r.id == id), "{a:?}: {cards:?}");
            }
        }
    }
    assert!(named > 0, "no choice named a card");
    // The chain's cards are on the cursor too.
    let g = board(CHAIN);
    assert!(VsTcg::cards(&g, 0).iter().any(|c| c.place == "the chain"));
}

#[test]
fn a_random_game_fits_every_size_with_both_players_named() {
    for seed in 1..4 {
        let g = random_game(seed, 150);
        for (w, h) in [(80, 24), (100, 30), (140, 40)] {
            let text = render(&g, 0, w, h);
            assert!(text.contains("Player 1 (you)"), "{text}");
            assert!(text.contains("Player 2"), "{text}");
            assert!(text.contains(" Turn "), "{text}");
        }
    }
    insta::assert_snapshot!(
        "vstcg_random_100x30",
        render(&random_game(1, 150), 0, 100, 30)
    );
}

#[test]
fn with_four_players_every_player_has_a_block_and_your_hand_shows() {
    for seed in 1..4 {
        let g = random_table(4, seed, 200);
        for (w, h) in [(80, 24), (100, 30)] {
            let text = render(&g, 0, w, h);
            for p in 1..=4 {
                assert!(text.contains(&format!("Player {p}")), "{text}");
            }
            assert!(text.contains("(you)") && text.contains("hand "), "{text}");
        }
    }
    insta::assert_snapshot!(
        "vstcg_four_players_100x30",
        render(&random_table(4, 1, 200), 0, 100, 30)
    );
}

#[test]
fn the_help_explains_the_boards_abbreviations() {
    let g = board(CHAIN);
    let help = common::render_text(80, 24, |f| draw(f, &Screen::of(&g, 0, 0, Mode::Help)));
    assert!(help.contains("V visible area, H hidden area"), "{help}");
    assert!(help.contains("Chain 2 (top first"), "{help}");
    assert!(help.contains("KO'd piles"), "{help}");
}

/// 102.5 in the full-screen client: `c` asks first; `n` keeps playing; `y` concedes —
/// the other player wins, the concession is in the replay, and undo can't take it back.
/// A game whose rules have no concession (2PCG) ignores `c`.
#[test]
fn c_concedes_the_game_after_asking() {
    use crossover_tui::{App, Effect, Key};
    let pool = crossover_vstcg::db::CardPool::built_in();
    let decks: Vec<Deck> = ["training-squad", "sparring-circle"]
        .iter()
        .map(|d| crossover_vstcg::deckfile::prebuilt(&pool, d).unwrap())
        .collect();
    let mut app = App::<VsTcg>::new(VsTcgSetup::new(decks), 3, vec![true, false]).unwrap();
    assert!(app.may_concede());
    app.on_key(Key::Char('c'));
    assert_eq!(app.mode, Mode::ConfirmConcede);
    let popup = common::render_text(80, 24, |f| draw(f, &app.screen()));
    assert!(popup.contains("Concede this game?"), "{popup}");
    app.on_key(Key::Char('n'));
    assert_eq!(app.mode, Mode::Board);
    assert!(app.game.outcome().is_none());
    app.on_key(Key::Char('c'));
    let effect = app.on_key(Key::Char('y'));
    assert!(matches!(effect, Effect::Applied(_)), "{effect:?}");
    assert_eq!(
        app.game.outcome(),
        Some(crossover_kernel::Outcome::Win(vec![1]))
    );
    assert_eq!(app.history.len(), 1, "the concession is recorded");
    assert!(!app.undo(), "a concession isn't taken back");
    app.refresh_mode();
    assert!(matches!(app.mode, Mode::GameOver(_)), "{:?}", app.mode);

    let mut app = App::<crossover_vs2pcg::GameState>::new(
        crossover_vs2pcg::bench::prebuilt_pairings()[0].clone(),
        4,
        vec![true, false],
    )
    .unwrap();
    assert!(!app.may_concede());
    app.on_key(Key::Char('c'));
    assert_eq!(app.mode, Mode::Board);
}
