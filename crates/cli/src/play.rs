//! `crossover play`: one human seat against computer players, in numbered-choice
//! line mode.

use crate::console::Console;
use crate::outcome_text::describe_outcome;
use crate::{replay_file, seeds, CliError};
use crossover_ai::{player_from_spec, Player};
use crossover_kernel::{Presentation, Replay, Seat};
use std::io::{BufRead, Write};
use std::path::PathBuf;

#[derive(Debug, Clone)]
pub struct PlayOptions {
    /// The human's seat, counted from 0.
    pub human_seat: Seat,
    /// Player spec for every other seat (see [`crossover_ai::player_from_spec`]).
    pub ai_spec: String,
    pub seed: u64,
    /// Where to save the replay; `None` for [`replay_file::default_replay_path`].
    pub save: Option<PathBuf>,
    /// Every seat is played by a person at this screen (full-screen client only).
    pub hot_seat: bool,
}

/// Per seat, its computer player, or `None` for the human's seat.
type Computers<G> = Vec<Option<Box<dyn Player<G>>>>;

/// How the interactive loop ended.
enum Ending {
    Finished,
    Quit,
}

/// The human's answer to one decision.
enum Choice {
    Option(usize),
    Quit,
    /// `concede`: the human concedes the game (a game that allows it, `Game::concede`).
    Concede,
}

/// Play one game of `G` on `input`/`output`. The replay is saved however the game
/// ends (finished, quit, end of input, or an error after the game started).
pub fn run<G: Presentation>(
    setup: &G::Setup,
    opts: &PlayOptions,
    input: &mut dyn BufRead,
    output: &mut dyn Write,
) -> Result<(), CliError> {
    if opts.hot_seat {
        return Err(CliError::Usage(
            "--hot-seat needs the full-screen client: run `crossover play` in a terminal".into(),
        ));
    }
    let mut game = G::new_game(setup, opts.seed)
        .map_err(|e| CliError::Failed(format!("cannot set up {}: {e}", G::NAME)))?;
    let human = opts.human_seat;
    if human >= game.seat_count() {
        return Err(CliError::Usage(format!(
            "seat {human} does not exist: {} has seats 0 to {}",
            G::NAME,
            game.seat_count() - 1
        )));
    }
    let mut players = computer_players::<G>(&game, opts)?;
    let mut console = Console::new(input, output);
    let mut actions = Vec::new();

    let intro = format!(
        "{} (seed {}): you are seat {human}; the other seats are played by '{}'.\n\
         Answer each decision with its number; q quits.",
        G::NAME,
        opts.seed,
        opts.ai_spec
    );
    let played = console
        .say(&intro)
        .and_then(|()| drive(&mut game, &mut players, human, &mut console, &mut actions));

    let path = opts
        .save
        .clone()
        .unwrap_or_else(|| replay_file::default_replay_path(G::NAME, opts.seed));
    let saved = Replay::<G>::record(setup.clone(), opts.seed, actions.clone())
        .map_err(|e| CliError::Failed(format!("cannot record the replay: {e}")))
        .and_then(|replay| replay_file::save(&replay, &path));

    let ending = match (played, saved) {
        (Ok(ending), Ok(())) => ending,
        (Ok(_), Err(e)) => return Err(e),
        (Err(e), Ok(())) => {
            return Err(CliError::Failed(format!(
                "{e} (the replay so far is saved to {})",
                path.display()
            )))
        }
        (Err(e), Err(save_error)) => {
            return Err(CliError::Failed(format!(
                "{e}; also, the replay could not be saved: {save_error}"
            )))
        }
    };

    let label = |s: Seat| seat_label(s, human, &players);
    match (ending, game.outcome()) {
        (Ending::Finished, Some(outcome)) => {
            console.say(&game.render(human))?;
            console.say(&format!("Result: {}.", describe_outcome(&outcome, label)))?;
        }
        _ => console.say(&format!(
            "Game abandoned at turn {}; actions played: {}.",
            game.turn(),
            actions.len()
        ))?,
    }
    console.say(&format!("Final state hash: {:016x}", game.state_hash()))?;
    console.say(&format!("Replay saved to {}", path.display()))
}

/// One computer player per seat except the human's (`None` there).
fn computer_players<G: Presentation>(
    game: &G,
    opts: &PlayOptions,
) -> Result<Computers<G>, CliError> {
    (0..game.seat_count())
        .map(|seat| {
            if seat == opts.human_seat {
                return Ok(None);
            }
            player_from_spec(&opts.ai_spec, seeds::derive(opts.seed, seat as u64))
                .map(Some)
                .map_err(|e| CliError::Usage(format!("--ai: {e}")))
        })
        .collect()
}

fn seat_label<G: Presentation>(
    seat: Seat,
    human: Seat,
    players: &[Option<Box<dyn Player<G>>>],
) -> String {
    match players.get(seat) {
        Some(Some(player)) => format!("seat {seat} ({})", player.name()),
        _ if seat == human => format!("seat {seat} (you)"),
        _ => format!("seat {seat}"),
    }
}

/// Play until the game ends or the human quits, appending every action taken.
fn drive<G: Presentation>(
    game: &mut G,
    players: &mut [Option<Box<dyn Player<G>>>],
    human: Seat,
    console: &mut Console,
    actions: &mut Vec<G::Action>,
) -> Result<Ending, CliError> {
    // How many of the human's log entries have been shown already.
    let mut log_shown = 0;
    while let Some(decision) = game.decision() {
        let action = match players.get_mut(decision.seat) {
            Some(Some(player)) => {
                let action = player.choose(game);
                if !decision.options.contains(&action) {
                    return Err(CliError::Failed(format!(
                        "the computer player of seat {} chose an illegal action: {action:?}",
                        decision.seat
                    )));
                }
                console.say(&format!(
                    "{}: {}",
                    seat_label(decision.seat, human, players),
                    game.describe_action(human, &action)
                ))?;
                action
            }
            _ => {
                console.say(&format!("\n{}", game.render(human)))?;
                log_shown = show_new_log(game, human, log_shown, console)?;
                console.say(&game.prompt(human).unwrap_or_default())?;
                for (i, option) in decision.options.iter().enumerate() {
                    console.say(&format!(
                        "  {}) {}",
                        i + 1,
                        game.describe_action(human, option)
                    ))?;
                }
                let concedes = game.concede(human).is_some();
                let action = match read_choice(console, decision.options.len(), concedes)? {
                    Choice::Option(i) => decision.options[i].clone(),
                    Choice::Quit => return Ok(Ending::Quit),
                    Choice::Concede => match game.concede(human) {
                        Some(a) => a,
                        None => continue,
                    },
                };
                // Echoed so a transcript (or piped input) reads like the computer's moves.
                console.say(&format!(
                    "{}: {}",
                    seat_label(decision.seat, human, players),
                    game.describe_action(human, &action)
                ))?;
                action
            }
        };
        game.apply(&action).map_err(|e| {
            CliError::Failed(format!(
                "the game refused an action it offered ({action:?}): {e}"
            ))
        })?;
        actions.push(action);
    }
    show_new_log(game, human, log_shown, console)?;
    Ok(Ending::Finished)
}

/// Print the log entries `seat` may see that were not shown yet; returns how many
/// are shown now.
fn show_new_log<G: Presentation>(
    game: &G,
    seat: Seat,
    shown: usize,
    console: &mut Console,
) -> Result<usize, CliError> {
    let log = game.log_for(seat);
    for entry in log.iter().skip(shown) {
        console.say(&format!("  [turn {}] {}", entry.turn, entry.text))?;
    }
    Ok(log.len())
}

/// Ask until the human gives an option number from 1 to `count`, quits, or (a game
/// where players may concede, `concedes`) concedes the game. End of
/// input counts as quitting, so a piped-in script that runs out ends cleanly.
fn read_choice(console: &mut Console, count: usize, concedes: bool) -> Result<Choice, CliError> {
    let concede_hint = if concedes { ", concede" } else { "" };
    loop {
        let Some(line) = console.ask(&format!(
            "Your choice [1-{count}, q to quit{concede_hint}]: "
        ))?
        else {
            console.say("\nEnd of input: quitting.")?;
            return Ok(Choice::Quit);
        };
        let line = line.trim();
        if line.eq_ignore_ascii_case("q") || line.eq_ignore_ascii_case("quit") {
            match console.ask("Really quit? [y/N] ")? {
                None => return Ok(Choice::Quit),
                Some(answer) if matches!(answer.trim(), "y" | "Y" | "yes" | "Yes") => {
                    return Ok(Choice::Quit)
                }
                Some(_) => continue,
            }
        }
        if concedes && line.eq_ignore_ascii_case("concede") {
            match console.ask("Really concede the game? [y/N] ")? {
                None => return Ok(Choice::Quit),
                Some(answer) if matches!(answer.trim(), "y" | "Y" | "yes" | "Yes") => {
                    return Ok(Choice::Concede)
                }
                Some(_) => continue,
            }
        }
        match line.parse::<usize>() {
            Ok(n) if (1..=count).contains(&n) => return Ok(Choice::Option(n - 1)),
            _ if line.is_empty() => console.say(&format!(
                "Please enter a number from 1 to {count}, or q to quit."
            ))?,
            _ => console.say(&format!(
                "'{}' is not one of the options: enter a number from 1 to {count}, or q to quit.",
                shortened(line)
            ))?,
        }
    }
}

/// At most 40 characters of an answer, for echoing it back.
fn shortened(line: &str) -> String {
    match line.char_indices().nth(40) {
        Some((i, _)) => format!("{}…", &line[..i]),
        None => line.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::toy::{Toy, ToySetup};
    use crossover_kernel::Game;

    /// Play the toy game with scripted input; returns the output and the replay.
    fn play(input: &str, name: &str) -> (String, Replay<Toy>) {
        play_bytes(input.as_bytes(), name)
    }

    fn play_bytes(mut input: &[u8], name: &str) -> (String, Replay<Toy>) {
        let path = std::env::temp_dir().join(format!(
            "crossover-play-{}-{name}.replay.json",
            std::process::id()
        ));
        let opts = PlayOptions {
            human_seat: 0,
            ai_spec: "random".into(),
            seed: 3,
            save: Some(path.clone()),
            hot_seat: false,
        };
        let mut output = Vec::new();
        run::<Toy>(&ToySetup::default(), &opts, &mut input, &mut output).unwrap();
        let replay = replay_file::parse(&std::fs::read_to_string(&path).unwrap()).unwrap();
        std::fs::remove_file(&path).unwrap();
        (String::from_utf8(output).unwrap(), replay)
    }

    #[test]
    fn a_game_plays_to_the_end() {
        let (out, replay) = play(&"1\n".repeat(20), "end");
        assert!(out.contains("Result: "), "{out}");
        assert!(out.contains("  1) Take 1 counter"), "{out}");
        let game = replay.verify().unwrap();
        assert!(game.outcome().is_some());
    }

    #[test]
    fn bad_input_is_asked_again() {
        let (out, replay) = play("x\n\n9\nq\nn\n2\n", "bad");
        assert!(out.contains("'x' is not one of the options"), "{out}");
        assert!(out.contains("Please enter a number from 1 to 3"), "{out}");
        assert!(out.contains("'9' is not one of the options"), "{out}");
        assert!(out.contains("Really quit? [y/N]"), "{out}");
        // The "2" after declining to quit was taken; then the input ran out.
        assert_eq!(replay.actions[0], crate::games::toy::ToyAction::Take(2));
        assert!(out.contains("End of input: quitting."), "{out}");
        assert!(out.contains("Game abandoned"), "{out}");
    }

    #[test]
    fn a_huge_or_non_utf8_line_is_asked_again_not_kept_whole_or_fatal() {
        // 20 MB without a newline was read whole and echoed back whole; a byte that
        // is not UTF-8 ended the game with "cannot read input".
        let mut input = vec![b'7'; 20 << 20];
        input.extend_from_slice(b"\n\xff\xfe\n2\n");
        let (out, replay) = play_bytes(&input, "huge");
        assert!(out.len() < 10_000, "{} bytes of output", out.len());
        assert!(
            out.contains(&format!("'{}…' is not one of the options", "7".repeat(40))),
            "{out}"
        );
        assert!(
            out.contains("'\u{fffd}\u{fffd}' is not one of the options"),
            "{out}"
        );
        assert_eq!(replay.actions[0], crate::games::toy::ToyAction::Take(2));
    }

    #[test]
    fn quitting_saves_the_replay_so_far() {
        let (out, replay) = play("q\ny\n", "quit");
        assert!(
            out.contains("Game abandoned at turn 1; actions played: 0."),
            "{out}"
        );
        assert!(replay.actions.is_empty());
        replay.verify().unwrap();
    }

    #[test]
    fn the_other_seats_secret_is_never_shown() {
        let (out, _) = play(&"1\n".repeat(20), "secret");
        assert!(out.contains("Seat 1: secret hidden"), "{out}");
        // The log tells each seat its own secret only.
        assert_eq!(out.matches("Your secret number is").count(), 1, "{out}");
    }
}
