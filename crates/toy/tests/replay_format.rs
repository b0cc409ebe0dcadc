//! Replay file formats (issue 12, acceptance: a replay saved before a change either
//! replays to its hash or is refused naming the format).

use crossover_kernel::{Game, Replay, ReplayError, REPLAY_FORMAT};
use crossover_toy::{Toy, ToyAction, ToySetup};

fn recorded() -> Replay<Toy> {
    let setup = ToySetup::default();
    let actions = vec![ToyAction::Take(2), ToyAction::Take(1)];
    Replay::<Toy>::record(setup, 9, actions).unwrap()
}

#[test]
fn a_replay_saved_before_the_format_field_reads_as_format_1_and_verifies() {
    let mut json: serde_json::Value = serde_json::to_value(recorded()).unwrap();
    json.as_object_mut().unwrap().remove("format");
    let old: Replay<Toy> = serde_json::from_value(json).unwrap();
    assert_eq!(old.format, 1);
    let game = old.verify().unwrap();
    assert_eq!(game.state_hash(), old.final_hash);
}

#[test]
fn a_new_replay_is_saved_with_this_builds_format() {
    let json = serde_json::to_value(recorded()).unwrap();
    assert_eq!(json["format"], REPLAY_FORMAT);
}

#[test]
fn a_replay_of_another_format_is_refused_naming_both_formats() {
    let mut replay = recorded();
    replay.format = REPLAY_FORMAT + 1;
    let e = replay.verify().unwrap_err();
    assert!(matches!(e, ReplayError::Format { found } if found == REPLAY_FORMAT + 1));
    let text = e.to_string();
    assert!(
        text.contains(&format!("format {}", REPLAY_FORMAT + 1))
            && text.contains(&format!("reads format {REPLAY_FORMAT}")),
        "{text}"
    );
}
