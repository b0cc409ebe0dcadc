//! What players read explains the game (issue 12 §3, "Explain what happened"): each
//! combat's numbers, the card and power behind every question, and every choice in the
//! log.

use crossover_kernel::{Game, GameRng, Presentation};
use crossover_vs2pcg::action::Action;
use crossover_vs2pcg::model::*;
use crossover_vs2pcg::state::*;
use crossover_vs2pcg::testkit::*;

fn apply(g: &mut GameState, a: Action) {
    g.apply(&a).unwrap_or_else(|e| panic!("{a:?} refused: {e}"));
}

/// Pass in the combat window until the combat resolves; the defender strikes back at
/// the first attacker offered.
fn pass_window(g: &mut GameState) {
    while g.combat().is_some() {
        match g.pending() {
            Pending::Act { .. } => apply(g, Action::Pass),
            Pending::StrikeBack { .. } => {
                let first = g.legal_actions()[0].clone();
                apply(g, first);
            }
            other => panic!("unexpected decision in combat: {other:?}"),
        }
    }
}

fn log_of(g: &GameState, seat: usize) -> Vec<String> {
    g.log_for(seat).iter().map(|e| e.text.clone()).collect()
}

fn clear_front_rows(g: &mut GameState) {
    for s in 0..2 {
        let m = g.players()[s].main();
        g.move_row(m, Row::Back);
    }
}

#[test]
fn resolving_combat_p11_the_log_gives_each_strike_its_numbers_and_names_the_survivors() {
    let mut g = started(
        db(vec![character("t-big", "Big", 4, 4, 2, Team::Villains)]),
        "t-vanilla",
        5,
    );
    clear_front_rows(&mut g);
    g.goto_main();
    let a = g.spawn("t-big", 0, Zone::Front);
    let d = g.spawn("t-vanilla", 1, Zone::Front);
    let (back_atk, d_def) = (g.strike_value(d), g.defense(d));
    apply(&mut g, Action::Attack { attacker: a });
    apply(&mut g, Action::Defender { card: d });
    pass_window(&mut g);
    let log = log_of(&g, 1);
    let strike = format!("Big strikes Vanilla: ATK 4 against DEF {d_def}, enough to stun.");
    let back =
        format!("Vanilla strikes back at Big: ATK {back_atk} against DEF 4, not enough to stun.");
    for line in [
        &strike,
        &back,
        &"The combat ends; Big survived it.".to_string(),
    ] {
        assert!(log.contains(line), "no {line:?} in {log:#?}");
    }
    // The strikes are told before the stun they cause.
    let at = |l: &str| log.iter().position(|x| x == l).unwrap();
    assert!(at(&strike) < at("Vanilla is stunned."));
}

#[test]
fn making_a_ranged_attack_p11_the_log_says_why_the_defender_does_not_strike_back() {
    let archer = with_keyword(
        character("t-arch", "Archer", 3, 1, 2, Team::Avengers),
        Keyword::Ranged,
    );
    let brute = character("t-brute", "Brute", 5, 4, 2, Team::Villains);
    let mut g = started(db(vec![archer, brute]), "t-vanilla", 11);
    clear_front_rows(&mut g);
    g.goto_main();
    let a = g.spawn("t-arch", 0, Zone::Back);
    let d = g.spawn("t-brute", 1, Zone::Front);
    apply(&mut g, Action::Attack { attacker: a });
    apply(&mut g, Action::Defender { card: d });
    pass_window(&mut g);
    let log = log_of(&g, 0);
    for line in [
        "Archer strikes Brute: ATK 3 against DEF 4, not enough to stun.",
        "Brute can't strike back at a ranged attack without Ranged.",
        "The combat ends; Archer and Brute survived it.",
    ] {
        assert!(log.iter().any(|l| l == line), "no {line:?} in {log:#?}");
    }
}

#[test]
fn team_attacks_p12_the_log_gives_the_total_atk_of_the_team() {
    let mut g = started(
        db(vec![
            character("t-one", "One", 2, 3, 2, Team::Avengers),
            character("t-two", "Two", 3, 3, 2, Team::Avengers),
            character("t-wall", "Wall", 1, 4, 2, Team::Villains),
        ]),
        "t-vanilla",
        7,
    );
    clear_front_rows(&mut g);
    g.goto_main();
    let one = g.spawn("t-one", 0, Zone::Front);
    let two = g.spawn("t-two", 0, Zone::Front);
    let wall = g.spawn("t-wall", 1, Zone::Front);
    apply(&mut g, Action::Attack { attacker: one });
    apply(&mut g, Action::AddAttacker { card: two });
    apply(&mut g, Action::Defender { card: wall });
    pass_window(&mut g);
    let log = log_of(&g, 0);
    let line = "One and Two strike Wall together: ATK 5 against DEF 4, enough to stun.";
    assert!(log.iter().any(|l| l == line), "no {line:?} in {log:#?}");
}

/// Random legal play of two prebuilt decks, calling `each` before every action.
fn random_game(seed: u64, mut each: impl FnMut(&GameState, &Action)) {
    let db = crossover_vs2pcg::cardfile::embedded();
    let decks = crossover_vs2pcg::decks::all();
    let n = decks.len();
    let setup = crossover_vs2pcg::Setup {
        players: vec![
            decks[seed as usize % n].to_setup(&db, "Ada"),
            decks[(seed as usize / n + 1 + seed as usize) % n].to_setup(&db, "Bo"),
        ],
        ..Default::default()
    };
    let mut g = GameState::new_game(&setup, seed).unwrap();
    let mut rng = GameRng::from_seed(seed ^ 0xe7);
    for _ in 0..3000 {
        let options = g.legal_actions();
        if options.is_empty() {
            break;
        }
        let a = options[rng.below(options.len())].clone();
        each(&g, &a);
        g.apply(&a).unwrap();
    }
}

#[test]
fn decisions_every_question_of_a_resolving_effect_names_the_card_and_power_asking() {
    let mut asked = 0;
    for seed in 0..12 {
        random_game(seed, |g, _| {
            if let Pending::Effect { seat } = g.pending() {
                let prompt = g.prompt(seat).unwrap();
                asked += 1;
                let (source, what) = prompt
                    .split_once(": ")
                    .unwrap_or_else(|| panic!("no source in {prompt:?}"));
                assert!(!source.is_empty() && !what.is_empty(), "{prompt:?}");
                assert!(
                    !prompt.contains("resolving effect"),
                    "a question that doesn't say what asks it: {prompt:?}"
                );
            }
        });
    }
    assert!(asked > 20, "only {asked} effect questions in 12 games");
}

#[test]
fn decisions_every_choice_a_player_makes_is_in_the_log() {
    for seed in 0..12 {
        let mut before: Option<(usize, Vec<usize>, Action)> = None;
        random_game(seed, |g, a| {
            // The previous action's lines: every seat's log grew, unless it only began
            // declaring an attack (logged once the defender is chosen).
            if let Some((seat, lens, prev)) = before.take() {
                let declaring = matches!(prev, Action::Attack { .. } | Action::AddAttacker { .. });
                if !declaring {
                    for (s, len) in lens.iter().enumerate() {
                        assert!(
                            g.log_for(s).len() > *len,
                            "seed {seed}: seat {seat}'s {prev:?} wrote nothing in seat {s}'s log"
                        );
                    }
                }
            }
            let seat = g.to_move().unwrap();
            let lens = (0..g.seat_count()).map(|s| g.log_for(s).len()).collect();
            before = Some((seat, lens, a.clone()));
        });
    }
}

/// A new player is told what the rows and the resource step are for where they first
/// choose (where the main character starts, which card to play as a resource), and what
/// passing in a combat does.
#[test]
fn decisions_the_first_row_and_resource_questions_explain_the_choice() {
    let (mut row, mut resource, mut combat) = (None, None, None);
    random_game(1, |g, _| {
        let Some(seat) = g.pending_seat() else {
            return;
        };
        match g.pending() {
            Pending::PlaceMain { .. } => row = g.prompt(seat),
            Pending::Act { .. } if g.combat().is_some() => combat = g.prompt(seat),
            Pending::Act { .. } if g.phase() == Phase::Resource => resource = g.prompt(seat),
            _ => {}
        }
    });
    let row = row.expect("no main character placed");
    assert!(
        row.contains("protects the back row") && row.contains("Ranged"),
        "{row}"
    );
    let resource = resource.expect("no resource step");
    assert!(
        resource.starts_with("Build Phase, Resource Step: play a card as a resource?")
            && resource.contains("1 recruit point")
            && resource.contains("face up"),
        "{resource}"
    );
    // What passing in a combat does.
    let combat = combat.expect("no combat");
    assert!(
        combat.contains("resolves once every player passes"),
        "{combat}"
    );
}

/// One `--deck` is an error that says how many to give and shows the two-deck form.
#[test]
fn one_deck_option_says_to_give_the_opponents_deck_too() {
    let db = crossover_vs2pcg::cardfile::embedded();
    let err = crossover_vs2pcg::platform::from_decks_with_main(
        &db,
        &["xmen-storm".to_string()],
        None,
        None,
        false,
    )
    .unwrap_err()
    .to_string();
    assert!(
        err.contains("--deck xmen-storm --deck villains-goblin"),
        "{err}"
    );
    assert!(!err.contains("1 decks"), "{err}");
}

/// A combat that ends without resolving (Shrink, a stunned defender) says so without
/// "nobody survived it", which reads as if every character in it was KO'd.
#[test]
fn resolving_combat_an_unresolved_combat_says_there_were_no_strikes() {
    let mut unresolved = 0;
    for seed in 0..40 {
        random_game(seed, |g, _| {
            if let Some(line) = g.log_for(0).last().map(|e| e.text.clone()) {
                if line.starts_with("The combat ends without resolving") {
                    assert!(line.contains("no strikes"), "{line}");
                    assert!(!line.contains("nobody survived"), "{line}");
                    unresolved += 1;
                }
            }
        });
    }
    assert!(
        unresolved > 0,
        "no combat ended without resolving in 40 games"
    );
}
