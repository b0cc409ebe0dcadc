//! `crossover cards list vstcg` lists every quoted card (docs/vstcg/quoted-cards.md) next
//! to the training set; `cards show` prints one; `deck check` and `play` refuse a deck
//! with a card whose stats no source gives or whose power is not implemented, naming it.

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

fn crossover(args: &[&str]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_crossover"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("cannot start crossover");
    let _ = child.stdin.take().unwrap().write_all(b"");
    child.wait_with_output().unwrap()
}

fn out(o: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    )
}

fn temp_dir(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("crossover-tcg-{}-{test}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn cards_list_shows_the_quoted_cards_and_the_training_set_apart() {
    let all = out(&crossover(&["cards", "list", "vstcg"]));
    let quoted: Vec<&str> = all.lines().filter(|l| l.starts_with("q-")).collect();
    assert_eq!(quoted.len(), 207, "every quoted card is listed");
    assert!(quoted.iter().all(|l| !l.contains("training")), "{all}");
    let training: Vec<&str> = all.lines().filter(|l| l.starts_with("trn-")).collect();
    assert!(!training.is_empty());
    assert!(
        training
            .iter()
            .all(|l| l.contains("training, not a real card")),
        "{all}"
    );
    let set = out(&crossover(&["cards", "list", "vstcg", "--set", "quoted"]));
    assert_eq!(set.lines().count(), 207, "{set}");
    let fastball = out(&crossover(&["cards", "show", "vstcg", "q-081"]));
    assert!(
        fastball.starts_with("Fastball Special — plot twist, threshold 3"),
        "{fastball}"
    );
    let azrael = out(&crossover(&["cards", "show", "vstcg", "q-015"]));
    assert!(azrael.contains("Azrael <> Batman, Knightfall"), "{azrael}");
    assert!(azrael.contains("unknown: cost, ATK, DEF"), "{azrael}");
    let kurt = out(&crossover(&["cards", "show", "vstcg", "Nightcrawler"]));
    assert!(kurt.contains("not implemented: needs:"), "{kurt}");
}

#[test]
fn deck_check_and_play_refuse_a_deck_with_an_unplayable_quoted_card() {
    let dir = temp_dir("unplayable");
    let deck = dir.join("kurt.txt");
    let mut text = String::from("4 Nightcrawler, Kurt Wagner\n");
    for id in [
        "Cadet Vance",
        "Cadet Iwa",
        "Signal Runner Tam",
        "Shield Cadet Ros",
        "Scout Lira",
        "Sergeant Okoye-Marsh",
        "Lieutenant Brask",
        "Marksman Deyo",
        "Captain Halvard",
        "Colonel Ashgrove",
        "Commandant Reyes-Oduya",
        "Quick Reflexes",
        "Second Wind",
        "Field Rations",
    ] {
        text += &format!("4 {id}\n");
    }
    std::fs::write(&deck, text).unwrap();
    let check = out(&crossover(&[
        "deck",
        "check",
        "vstcg",
        deck.to_str().unwrap(),
    ]));
    assert!(
        check.contains("Nightcrawler, Kurt Wagner can't be played"),
        "{check}"
    );
    assert!(check.contains("not implemented"), "{check}");
    let play = crossover(&[
        "play",
        "vstcg",
        "--deck",
        deck.to_str().unwrap(),
        "--deck",
        "sparring-circle",
    ]);
    assert!(!play.status.success());
    assert!(
        out(&play).contains("Nightcrawler, Kurt Wagner can't be played"),
        "{}",
        out(&play)
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// 102.5: in line mode the person may answer a prompt with `concede` (confirmed); the
/// other player wins, and the saved replay, which records the concession, replays.
#[test]
fn conceding_in_line_mode_ends_the_game_and_replays() {
    let dir = temp_dir("concede");
    let save = dir.join("game.replay.json");
    let mut child = Command::new(env!("CARGO_BIN_EXE_crossover"))
        .args(["play", "vstcg", "--seed", "4", "--ai", "random", "--save"])
        .arg(&save)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("cannot start crossover");
    let _ = child
        .stdin
        .take()
        .unwrap()
        .write_all(b"concede\nn\nconcede\ny\n");
    let played = out(&child.wait_with_output().unwrap());
    assert!(played.contains("q to quit, concede]"), "{played}");
    assert!(played.contains("concedes the game"), "{played}");
    assert!(played.contains("Result: seat 1"), "{played}");
    let replayed = out(&crossover(&["replay", save.to_str().unwrap()]));
    assert!(replayed.contains("verified"), "{replayed}");
    assert!(replayed.contains("Outcome: seat 1"), "{replayed}");
}
