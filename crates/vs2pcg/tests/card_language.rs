//! The card-language constructs the Marvel Battles rulings need, each shown with small
//! cards written in the card language here (not Rust): a stun with a named source, "gets
//! wounded" triggers, the enemy-turn condition, delayed triggers watching another
//! character, "can't move" and switch, the general deck search (p.25) and characters
//! entering play together (uniqueness, p.24).

use crossover_kernel::Game;
use crossover_vs2pcg::action::Action;
use crossover_vs2pcg::state::*;
use crossover_vs2pcg::{testkit, GameState};

const CARDS: &str = r#"
(card t-watcher "Watcher"
  (supporting (cost 1) (atk 1) (def 3) (health 2) (team avengers))
  (power "Keeps Count" (trigger (on self-stuns enemy) (draw you 1))))

(card t-striker "Striker"
  (supporting (cost 1) (atk 1) (def 3) (health 2) (team avengers))
  (power "Order Strike"
    (trigger (on self-appears)
      (choose 0 (yours other supporting character))
      (choose 1 (enemy supporting character))
      (stun (chosen 1) (by (chosen 0))))))

(card t-brooder "Brooder"
  (supporting (cost 1) (atk 1) (def 3) (health 3) (team avengers))
  (power "Grudge" (trigger (on self-wounded) (draw you 1))))

(card t-frail "Frail Brooder"
  (supporting (cost 1) (atk 1) (def 3) (health 1) (team avengers))
  (power "Last Grudge" (trigger (on self-wounded) (draw you 1))))

(card t-medic "Field Medic"
  (supporting (cost 1) (atk 1) (def 3) (health 3) (team avengers))
  (power "Triage" (trigger (on wounded yours other) (draw you 1))))

(card t-lurker "Lurker"
  (supporting (cost 1) (atk 1) (def 3) (health 3) (team avengers))
  (power "Ambush" (static (while enemy-turn) (stats 2 0)))
  (power "Spite" (trigger (on self-stunned) (if enemy-turn) (draw you 1))))

(card t-marker "Marker"
  (supporting (cost 1) (atk 1) (def 3) (health 3) (team avengers))
  (power "Mark"
    (trigger (on self-appears)
      (choose 0 (enemy supporting character))
      (delayed (on self-stunned) this-turn (watch (chosen 0)) (draw you 1)))))

(card t-rooted "Rooted"
  (supporting (cost 1) (atk 1) (def 3) (health 3) (team avengers))
  (power "Roots" (trigger (on self-appears) (cant-move self this-turn))))

(card t-swapper "Swapper"
  (supporting (cost 1) (atk 1) (def 3) (health 3) (team avengers))
  (power "Trade Places"
    (trigger (on self-appears)
      (choose 0 (yours other supporting character))
      (switch self (chosen 0)))))

(card t-pusher "Pusher"
  (supporting (cost 1) (atk 1) (def 3) (health 3) (team avengers))
  (power "Shove" (trigger (on self-appears) (push (each yours other supporting)))))

(card t-seeker "Seeker"
  (supporting (cost 1) (atk 1) (def 3) (health 3) (team avengers))
  (power "Seek" (trigger (on self-appears) (search-deck (plot-twist) hand))))

(card t-finder "Finder"
  (supporting (cost 1) (atk 1) (def 3) (health 3) (team avengers))
  (power "Find" (trigger (on self-appears) (search-deck any hand))))

(card t-caller "Caller"
  (supporting (cost 1) (atk 1) (def 3) (health 3) (team avengers))
  (power "Call Twins"
    (trigger (on self-appears) (search-deck (supporting (max-cost 2)) (up-to 2) side))))

(card t-twist "Test Twist"
  (plot-twist (timing main))
  (effect (draw you 1)))
"#;

fn game() -> GameState {
    let cards = crossover_vs2pcg::cardfile::parse_cards("card_language.rs", CARDS)
        .unwrap_or_else(|e| panic!("{e}"));
    let mut g = testkit::started(testkit::db(cards), "t-vanilla", 7);
    g.goto_main();
    g
}

fn apply(g: &mut GameState, a: Action) {
    g.apply(&a).unwrap_or_else(|e| panic!("{a:?} refused: {e}"));
}

/// A card from outside the game appears on `seat`'s side: its appear triggers resolve.
fn appear(g: &mut GameState, number: &str, seat: usize, row: Row) -> CardId {
    let c = g.spawn(number, seat, Zone::Hand);
    g.appear(c, row, seat);
    g.settle();
    c
}

/// A card put straight into a row, without appearing (no triggers).
fn place(g: &mut GameState, number: &str, seat: usize, row: Row) -> CardId {
    g.spawn(number, seat, Zone::of_row(row))
}

fn hand(g: &GameState, seat: usize) -> usize {
    g.players()[seat].hand().len()
}

/// Resolve the pending triggers, answering the first offered choice each time.
fn resolve(g: &mut GameState) {
    while let Pending::Effect { .. } | Pending::OrderTriggers { .. } = g.pending() {
        let a = g.legal_actions()[0].clone();
        apply(g, a);
    }
}

#[test]
fn p17_a_stun_with_a_named_source_counts_as_that_character_stunning() {
    let mut g = game();
    let watcher = place(&mut g, "t-watcher", 0, Row::Front);
    let victim = place(&mut g, "t-brooder", 1, Row::Front);
    let before = hand(&g, 0);
    appear(&mut g, "t-striker", 0, Row::Back);
    resolve(&mut g);
    assert!(g.is_stunned(victim), "the chosen enemy is stunned");
    assert_eq!(
        hand(&g, 0),
        before + 1,
        "the Watcher's 'when this stuns' trigger sees itself as the source"
    );
    assert!(
        g.players()[0].stunned_by_this_turn().contains(&watcher),
        "it counts as the Watcher having stunned an enemy this turn"
    );
}

#[test]
fn gets_wounded_triggers_on_a_stun_and_on_an_effect_and_on_a_wound_that_kos() {
    let mut g = game();
    let brooder = place(&mut g, "t-brooder", 0, Row::Front);
    let before = hand(&g, 0);
    g.wound(brooder, 1, None, false);
    g.settle();
    resolve(&mut g);
    assert_eq!(hand(&g, 0), before + 1, "wounded by an effect");
    g.stun(brooder, None, true);
    g.settle();
    resolve(&mut g);
    assert_eq!(
        hand(&g, 0),
        before + 2,
        "the wound of a stun looks back to before the stun (p.16)"
    );
    let frail = place(&mut g, "t-frail", 0, Row::Front);
    g.stun(frail, None, true);
    g.settle();
    resolve(&mut g);
    assert_eq!(g.card(frail).zone(), Zone::KoPile);
    assert_eq!(hand(&g, 0), before + 3, "a wound that KOs still triggers");
    // A daze gives no wound: nothing triggers.
    let brooder2 = place(&mut g, "t-brooder", 0, Row::Back);
    g.stun(brooder2, None, false);
    g.settle();
    assert_eq!(hand(&g, 0), before + 3, "a daze doesn't wound");
}

#[test]
fn wounded_filter_trigger_watches_other_characters() {
    let mut g = game();
    place(&mut g, "t-medic", 0, Row::Back);
    let ally = place(&mut g, "t-vanilla", 0, Row::Front);
    let enemy = place(&mut g, "t-vanilla", 1, Row::Front);
    let before = hand(&g, 0);
    g.wound(enemy, 1, None, false);
    g.settle();
    assert_eq!(
        hand(&g, 0),
        before,
        "an enemy's wound doesn't match `yours`"
    );
    g.wound(ally, 1, None, false);
    g.settle();
    resolve(&mut g);
    assert_eq!(hand(&g, 0), before + 1);
}

#[test]
fn enemy_turn_condition_holds_only_on_an_enemy_players_turn() {
    let mut g = game();
    assert_eq!(g.turn_seat(), 0);
    let mine = place(&mut g, "t-lurker", 0, Row::Front);
    let theirs = place(&mut g, "t-lurker", 1, Row::Front);
    assert_eq!(g.stats(mine).0, 1, "seat 0's own turn");
    assert_eq!(
        g.stats(theirs).0,
        3,
        "seat 0's turn is an enemy turn for seat 1"
    );
    let (h0, h1) = (hand(&g, 0), hand(&g, 1));
    g.stun(mine, None, false);
    g.stun(theirs, None, false);
    g.settle();
    resolve(&mut g);
    assert_eq!(
        hand(&g, 0),
        h0,
        "the intervening if is false on your own turn"
    );
    assert_eq!(hand(&g, 1), h1 + 1);
}

#[test]
fn p22_a_delayed_trigger_can_watch_a_chosen_character() {
    let mut g = game();
    let target = place(&mut g, "t-vanilla", 1, Row::Front);
    let marker = appear(&mut g, "t-marker", 0, Row::Front);
    resolve(&mut g);
    assert_eq!(g.delayed().len(), 1);
    let before = hand(&g, 0);
    g.stun(marker, None, false);
    g.settle();
    assert_eq!(hand(&g, 0), before, "the Marker's own stun is not watched");
    g.stun(target, None, true);
    g.settle();
    resolve(&mut g);
    assert_eq!(
        hand(&g, 0),
        before + 1,
        "the chosen character's stun fires it"
    );
    assert!(g.delayed().is_empty(), "once, then it stops");
}

#[test]
fn cant_move_keeps_a_character_out_of_the_formation_step_and_push() {
    let mut g = game();
    let rooted = appear(&mut g, "t-rooted", 0, Row::Front);
    resolve(&mut g);
    let free = place(&mut g, "t-vanilla", 0, Row::Front);
    appear(&mut g, "t-pusher", 0, Row::Back);
    resolve(&mut g);
    assert_eq!(g.card(rooted).zone(), Zone::Front, "a push doesn't move it");
    assert_eq!(g.card(free).zone(), Zone::Back, "the other one is pushed");
    g.set_phase(Phase::Formation);
    g.settle();
    let moves: Vec<CardId> = g
        .legal_actions()
        .into_iter()
        .filter_map(|a| match a {
            Action::Move { card, .. } => Some(card),
            _ => None,
        })
        .collect();
    assert!(moves.contains(&free));
    assert!(
        !moves.contains(&rooted),
        "Formation Step respects can't move"
    );
    let err = g
        .apply(&Action::Move {
            card: rooted,
            row: Row::Back,
        })
        .unwrap_err();
    assert!(err.to_string().contains("can't move"), "{err}");
}

#[test]
fn game_terms_switch_swaps_two_positions_unless_one_cant_move() {
    let mut g = game();
    let other = place(&mut g, "t-vanilla", 0, Row::Front);
    let swapper = appear(&mut g, "t-swapper", 0, Row::Back);
    resolve(&mut g);
    assert_eq!(
        (g.card(swapper).zone(), g.card(other).zone()),
        (Zone::Front, Zone::Back)
    );

    let mut g = game();
    let rooted = appear(&mut g, "t-rooted", 0, Row::Front);
    resolve(&mut g);
    let swapper = appear(&mut g, "t-swapper", 0, Row::Back);
    resolve(&mut g);
    assert_eq!(
        (g.card(swapper).zone(), g.card(rooted).zone()),
        (Zone::Back, Zone::Front),
        "one can't move: neither moves"
    );
}

/// Empty `seat`'s deck and fill it with these cards.
fn deck_of(g: &mut GameState, seat: usize, numbers: &[&str]) -> Vec<CardId> {
    for c in g.players()[seat].deck().clone() {
        g.move_to(c, Zone::Removed, seat);
    }
    numbers
        .iter()
        .map(|n| g.spawn(n, seat, Zone::Deck))
        .collect()
}

#[test]
fn p25_searching_for_a_kind_of_card_may_fail_to_find() {
    let mut g = game();
    let cards = deck_of(&mut g, 0, &["t-vanilla", "t-twist", "t-vanilla"]);
    let twist = cards[1];
    appear(&mut g, "t-seeker", 0, Row::Front);
    let acts = g.legal_actions();
    assert_eq!(
        acts,
        vec![Action::Choose { card: twist }, Action::Pass],
        "only plot twists, and failing to find is allowed"
    );
    apply(&mut g, Action::Pass);
    assert_eq!(g.players()[0].deck().len(), 3);

    let mut g = game();
    let cards = deck_of(&mut g, 0, &["t-vanilla", "t-twist"]);
    appear(&mut g, "t-seeker", 0, Row::Front);
    apply(&mut g, Action::Choose { card: cards[1] });
    assert_eq!(g.card(cards[1]).zone(), Zone::Hand);
    assert_eq!(g.players()[0].deck().len(), 1);
}

#[test]
fn p25_searching_for_any_card_must_take_one() {
    let mut g = game();
    deck_of(&mut g, 0, &["t-vanilla", "t-twist", "t-vanilla"]);
    let before = hand(&g, 0);
    appear(&mut g, "t-finder", 0, Row::Front);
    let acts = g.legal_actions();
    assert_eq!(acts.len(), 2, "one choice per distinct card: {acts:?}");
    assert!(
        !acts.contains(&Action::Pass),
        "any card: no failing to find"
    );
    let err = g.apply(&Action::Pass).unwrap_err();
    let _ = err;
    apply(&mut g, acts[0].clone());
    assert_eq!(hand(&g, 0), before + 1);
}

#[test]
fn p24_characters_entering_together_let_the_controller_keep_one_namesake() {
    let mut g = game();
    let old = place(&mut g, "t-vanilla", 0, Row::Front);
    let cards = deck_of(&mut g, 0, &["t-vanilla", "t-twist", "t-vanilla"]);
    let (a, b) = (cards[0], cards[2]);
    appear(&mut g, "t-caller", 0, Row::Back);
    // Up to two supporting characters: the two copies are one option at a time.
    let first = g.legal_actions();
    assert!(first.contains(&Action::Pass));
    apply(&mut g, Action::Choose { card: a });
    apply(&mut g, Action::Choose { card: b });
    // Each one's row is the controller's choice.
    assert_eq!(
        g.legal_actions(),
        vec![
            Action::ChooseRow { row: Row::Front },
            Action::ChooseRow { row: Row::Back }
        ]
    );
    apply(&mut g, Action::ChooseRow { row: Row::Front });
    apply(&mut g, Action::ChooseRow { row: Row::Back });
    // The one already there is KO'd (p.24); the two newcomers: the controller picks.
    assert_eq!(g.card(old).zone(), Zone::KoPile);
    assert_eq!(
        g.pending(),
        Pending::Effect { seat: 0 },
        "a decision, not an automatic pick"
    );
    let mut keep_opts = g.legal_actions();
    keep_opts.sort_by_key(|x| format!("{x:?}"));
    assert_eq!(
        keep_opts,
        vec![Action::Choose { card: a }, Action::Choose { card: b }]
    );
    apply(&mut g, Action::Choose { card: b });
    assert_eq!(
        g.card(b).zone(),
        Zone::Back,
        "kept, in the row chosen for it"
    );
    assert_eq!(g.card(a).zone(), Zone::KoPile, "the other namesake is KO'd");
}

#[test]
fn new_constructs_have_generated_text() {
    let cards = crossover_vs2pcg::cardfile::parse_cards("card_language.rs", CARDS).unwrap();
    let text: String = cards
        .iter()
        .map(crossover_vs2pcg::text::card_text)
        .collect::<Vec<_>>()
        .join("\n");
    for phrase in [
        "counts as",
        "gets wounded",
        "enemy player's turn",
        "can't move",
        "Switch the positions",
        "search your deck for a plot twist. Put it into your hand",
        "search your deck for any card",
        "up to 2 supporting characters with cost 2 or less",
        "that character gets stunned",
    ] {
        assert!(text.contains(phrase), "no `{phrase}` in:\n{text}");
    }
}

/// Malformed uses of the new constructs are refused with `file:line:col` and what to write.
#[test]
fn new_constructs_refuse_what_they_cant_mean_with_file_line() {
    let card = |steps: &str| {
        format!(
            "(card t-bad \"Bad\" (supporting (cost 1) (atk 1) (def 1) (health 1))\n  (power \"P\" (trigger (on self-appears) (choose 0 (character)) {steps})))"
        )
    };
    for (steps, needle) in [
        ("(stun (chosen 0) (with self))", "(by WHO)"),
        ("(cant-move (chosen 0))", "(cant-move WHO DURATION)"),
        ("(switch self)", "(switch WHO WHO)"),
        ("(search-deck (plot-twist) side)", "only characters"),
        ("(search-deck (wizards) hand)", "search word"),
        ("(search-deck ())", "say what to search for"),
        ("(search-deck any (up-to 0))", "up-to"),
        (
            "(delayed (on self-stunned) this-turn (watch self) (draw you 1))",
            "watches its own character",
        ),
    ] {
        let src = card(steps);
        let e = crossover_vs2pcg::cardfile::parse_cards("bad.cards", &src)
            .expect_err(steps)
            .to_string();
        assert!(e.starts_with("bad.cards:2:"), "{steps}: {e}");
        assert!(e.contains(needle), "{steps}: {e}");
    }
    // The new trigger and condition words are known.
    let ok = "(card t-ok \"Ok\" (supporting (cost 1) (atk 1) (def 1) (health 1))\n  (power \"P\" (trigger (on wounded enemy) (if enemy-turn) (draw you 1))))";
    crossover_vs2pcg::cardfile::parse_cards("ok.cards", ok).unwrap();
}
