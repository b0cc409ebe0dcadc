//! `crossover play` in a terminal: the full-screen client (crossover-tui) for any game
//! it knows ([`ClientGame`]), with the same replay saving and closing summary as line
//! mode.

use crate::outcome_text::describe_outcome;
use crate::play::PlayOptions;
use crate::{replay_file, seeds, CliError};
use crossover_ai::player_from_spec;
use crossover_kernel::Replay;
use crossover_tui::menu::Menu;
use crossover_tui::run::{choose_new_game, Computer, Tty};
use crossover_tui::{App, ClientGame};
use std::io::IsTerminal;

/// Whether `play` should open the full-screen client: both standard input and output
/// are a terminal (otherwise the numbered line mode keeps it scriptable).
pub fn is_interactive() -> bool {
    std::io::stdin().is_terminal() && std::io::stdout().is_terminal()
}

/// How long each computer action shows before the next one: `CROSSOVER_PACE_MS`
/// milliseconds (0: no pause), by default 700, so a person can follow a computer turn.
fn computer_pace() -> std::time::Duration {
    let ms = std::env::var("CROSSOVER_PACE_MS")
        .ok()
        .and_then(|v| v.trim().parse::<u64>().ok())
        .unwrap_or(700)
        .min(10_000);
    std::time::Duration::from_millis(ms)
}

/// Play `setup` of game `G` in the full-screen client.
pub fn play<G: ClientGame>(setup: &G::Setup, opts: &PlayOptions) -> Result<(), CliError> {
    let tty = Tty::open().map_err(|e| CliError::io("cannot open the terminal", e))?;
    play_on::<G>(tty, setup, None, opts)
}

/// What a new-game menu's choice makes: the setup, which seats people play, and the
/// computer players' spec for the others.
pub struct Table<S> {
    pub setup: S,
    pub people: Vec<bool>,
    pub computer: String,
}

/// Show game `G`'s new-game menu, then play what the person chose; `build` turns a
/// choice into a table or says why it can't (the menu shows why and stays open).
pub fn play_from_menu<G: ClientGame, M: Menu>(
    mut menu: M,
    build: impl FnMut(&M::Choice) -> Result<Table<G::Setup>, String>,
    opts: &PlayOptions,
) -> Result<(), CliError> {
    let mut tty = Tty::open().map_err(|e| CliError::io("cannot open the terminal", e))?;
    let chosen = choose_new_game(&mut tty, &mut menu, build)
        .map_err(|e| CliError::io("the terminal failed", e))?;
    let Some((_, table)) = chosen else {
        drop(tty);
        println!("No game started.");
        return Ok(());
    };
    let opts = PlayOptions {
        ai_spec: table.computer,
        ..opts.clone()
    };
    play_on::<G>(tty, &table.setup, Some(table.people), &opts)
}

/// Play in the open terminal; afterwards give the terminal back, save the replay and
/// print how the game ended. `people` says which seats people play [default: every
/// seat at the hot seat, else `--seat`'s].
fn play_on<G: ClientGame>(
    mut tty: Tty,
    setup: &G::Setup,
    people: Option<Vec<bool>>,
    opts: &PlayOptions,
) -> Result<(), CliError> {
    let game = G::new_game(setup, opts.seed)
        .map_err(|e| CliError::Failed(format!("cannot set up {}: {e}", G::NAME)))?;
    let seats = game.seat_count();
    if opts.human_seat >= seats {
        return Err(CliError::Usage(format!(
            "seat {} does not exist: {} has seats 0 to {}",
            opts.human_seat,
            G::NAME,
            seats - 1
        )));
    }
    let people: Vec<bool> = match people {
        Some(people) if people.len() == seats => people,
        _ => (0..seats)
            .map(|s| opts.hot_seat || s == opts.human_seat)
            .collect(),
    };
    let computers = (0..seats)
        .map(|seat| {
            if people[seat] {
                return Ok(None);
            }
            player_from_spec::<G>(&opts.ai_spec, seeds::derive(opts.seed, seat as u64))
                .map(|p| Some(p as Computer<G>))
                .map_err(|e| CliError::Usage(format!("--ai: {e}")))
        })
        .collect::<Result<Vec<_>, _>>()?;
    let path = opts
        .save
        .clone()
        .unwrap_or_else(|| replay_file::default_replay_path(G::NAME, opts.seed));
    let mut app =
        App::<G>::new(setup.clone(), opts.seed, people.clone()).map_err(CliError::Failed)?;
    // The game-over screen says where the replay goes.
    app.replay_path = Some(path.display().to_string());
    app.pace = computer_pace();
    let played = crossover_tui::run::run(&mut tty, &mut app, computers);
    drop(tty);

    let actions = app.history.iter().map(|(_, a)| a.clone()).collect();
    Replay::<G>::record(setup.clone(), opts.seed, actions)
        .map_err(|e| CliError::Failed(format!("cannot record the replay: {e}")))
        .and_then(|replay| replay_file::save(&replay, &path))?;
    played.map_err(|e| CliError::io("the terminal failed", e))?;
    let several_people = people.iter().filter(|&&p| p).count() > 1;
    let label = |s: usize| {
        if !people[s] {
            format!("seat {s} ({})", opts.ai_spec)
        } else if several_people {
            format!("seat {s}")
        } else {
            format!("seat {s} (you)")
        }
    };
    match app.game.outcome() {
        Some(o) => println!("Result: {}.", describe_outcome(&o, label)),
        None => println!(
            "Game abandoned at turn {}; actions played: {}.",
            app.game.turn(),
            app.history.len()
        ),
    }
    println!("Final state hash: {:016x}", app.game.state_hash());
    println!("Replay saved to {}", path.display());
    Ok(())
}

/// `crossover replay FILE` in a terminal: step through a recorded game of `G` with ←
/// and →.
pub fn replay<G: ClientGame>(json: &str) -> Result<(), CliError> {
    let replay = replay_file::parse::<G>(json)?;
    let mut app = App::<G>::for_replay(replay.setup, replay.seed, replay.actions)
        .map_err(CliError::Failed)?;
    let seats = app.people.len();
    let mut tty = Tty::open().map_err(|e| CliError::io("cannot open the terminal", e))?;
    crossover_tui::run::run(&mut tty, &mut app, (0..seats).map(|_| None).collect())
        .map_err(|e| CliError::io("the terminal failed", e))
}
