//! The terminal loop: draw, read keys, let computer players think on another thread
//! (so the screen never freezes), until the person quits or leaves the finished game.

use crate::app::{App, Effect, Key};
use crate::client_game::ClientGame;
use crate::draw::draw;
use crate::menu::{Menu, MenuEffect};
use crate::screen::Mode;
use crossover_kernel::{Game, Seat};
use ratatui::crossterm::event::{self, Event, KeyCode, KeyEventKind, KeyModifiers};
use ratatui::crossterm::terminal::{
    disable_raw_mode, enable_raw_mode, EnterAlternateScreen, LeaveAlternateScreen,
};
use ratatui::crossterm::ExecutableCommand;
use ratatui::prelude::CrosstermBackend;
use ratatui::Terminal;
use std::io::{stdout, Stdout};
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// A computer player the loop can send to think on another thread.
pub type Computer<G> = Box<dyn crossover_ai::Player<G>>;

/// A computer thinking on another thread: its seat, how many actions the game had when
/// it started, and where its answer (and the player) come back.
struct Thinking<G: Game> {
    seat: Seat,
    asked_at: usize,
    answer: mpsc::Receiver<(Computer<G>, G::Action)>,
}

/// The terminal in full-screen mode (raw keys, the alternate screen) for as long as
/// it lives; dropping it gives the terminal back as it was, even after an error.
pub struct Tty {
    terminal: Terminal<CrosstermBackend<Stdout>>,
}

impl Tty {
    pub fn open() -> std::io::Result<Tty> {
        enable_raw_mode()?;
        stdout().execute(EnterAlternateScreen)?;
        match Terminal::new(CrosstermBackend::new(stdout())) {
            Ok(terminal) => Ok(Tty { terminal }),
            Err(e) => {
                restore();
                Err(e)
            }
        }
    }
}

impl Drop for Tty {
    fn drop(&mut self) {
        restore();
    }
}

fn restore() {
    let _ = stdout().execute(LeaveAlternateScreen);
    let _ = disable_raw_mode();
}

/// Show a new-game menu until the person starts a game that `build` accepts (its
/// refusal is shown in the menu) or leaves (`None`).
pub fn choose_new_game<M: Menu, T>(
    tty: &mut Tty,
    menu: &mut M,
    mut build: impl FnMut(&M::Choice) -> Result<T, String>,
) -> std::io::Result<Option<(M::Choice, T)>> {
    loop {
        tty.terminal.draw(|f| menu.draw(f))?;
        let Some(key) = read_key()? else {
            continue;
        };
        match menu.on_key(key) {
            MenuEffect::None => {}
            MenuEffect::Quit => return Ok(None),
            MenuEffect::Start(choice) => match build(&choice) {
                Ok(game) => return Ok(Some((choice, game))),
                Err(why) => menu.refuse(why),
            },
        }
    }
}

/// When a computer's action may show: at once, or `pace` after the computer's
/// previous action when that was the last thing that happened, so a person can follow
/// a run of computer actions one by one.
pub fn show_at(
    now: Instant,
    last_computer_action: Option<Instant>,
    previous_was_computer: bool,
    pace: Duration,
) -> Instant {
    match last_computer_action {
        Some(at) if previous_was_computer => now.max(at + pace),
        _ => now,
    }
}

/// Play `app` in the terminal; `computers[seat]` plays each seat people don't, each of
/// their actions shown for at least `app.pace` before the next (Space shows the next
/// at once). Returns when the person quits or leaves the finished game.
pub fn run<G: ClientGame>(
    tty: &mut Tty,
    app: &mut App<G>,
    mut computers: Vec<Option<Computer<G>>>,
) -> std::io::Result<()> {
    let terminal = &mut tty.terminal;
    let mut thinking: Option<Thinking<G>> = None;
    // A computer's answer waiting for its moment: (when, seat, asked at, action).
    let mut held: Option<(Instant, Seat, usize, G::Action)> = None;
    let mut last_computer_action: Option<Instant> = None;
    loop {
        app.refresh_mode();
        terminal.draw(|f| draw(f, &app.screen()))?;
        if let Some((at, seat, asked_at, _)) = &held {
            if Instant::now() >= *at {
                let (seat, asked_at) = (*seat, *asked_at);
                let action = held.take().unwrap().3;
                // An undo meanwhile changed the position: the answer is for a game
                // that no longer exists, so the computer thinks again.
                if app.history.len() == asked_at && app.game.to_move() == Some(seat) {
                    let _ = app.apply(action);
                    last_computer_action = Some(Instant::now());
                }
                continue;
            }
        } else if let Some(t) = &thinking {
            match t.answer.try_recv() {
                Ok((player, action)) => {
                    let (seat, asked_at) = (t.seat, t.asked_at);
                    computers[seat] = Some(player);
                    thinking = None;
                    if app.mode == Mode::Thinking {
                        app.mode = Mode::Board;
                    }
                    let previous_was_computer =
                        app.history.last().is_some_and(|(s, _)| !app.people[*s]);
                    let at = show_at(
                        Instant::now(),
                        last_computer_action,
                        previous_was_computer,
                        app.pace,
                    );
                    held = Some((at, seat, asked_at, action));
                    continue;
                }
                Err(mpsc::TryRecvError::Empty) => {}
                Err(mpsc::TryRecvError::Disconnected) => {
                    return Err(std::io::Error::other("a computer player stopped"));
                }
            }
        } else if let Some(seat) = app.game.to_move().filter(|&s| !app.people[s]) {
            if let Some(mut player) = computers[seat].take() {
                let game = app.game.clone();
                let (tx, rx) = mpsc::channel();
                std::thread::spawn(move || {
                    let action = player.choose(&game);
                    let _ = tx.send((player, action));
                });
                thinking = Some(Thinking {
                    seat,
                    asked_at: app.history.len(),
                    answer: rx,
                });
                if app.mode == Mode::Board {
                    app.mode = Mode::Thinking;
                }
            }
        }
        let Some(key) = read_key()? else {
            continue;
        };
        if let Some(h) = held.as_mut() {
            if matches!(key, Key::Char(' ') | Key::Enter) {
                // Space (or Enter) shows the waiting computer action now.
                h.0 = Instant::now();
                continue;
            }
        }
        if app.on_key(key) == Effect::Quit {
            return Ok(());
        }
    }
}

/// The next key pressed within a short wait, as the client names keys.
fn read_key() -> std::io::Result<Option<Key>> {
    if !event::poll(Duration::from_millis(40))? {
        return Ok(None);
    }
    let Event::Key(k) = event::read()? else {
        return Ok(None);
    };
    if k.kind != KeyEventKind::Press {
        return Ok(None);
    }
    Ok(Some(match k.code {
        KeyCode::Char('c') if k.modifiers.contains(KeyModifiers::CONTROL) => Key::Char('q'),
        KeyCode::Up => Key::Up,
        KeyCode::Down => Key::Down,
        KeyCode::Left => Key::Left,
        KeyCode::Right => Key::Right,
        KeyCode::Enter => Key::Enter,
        KeyCode::Esc => Key::Esc,
        KeyCode::PageUp => Key::PageUp,
        KeyCode::PageDown => Key::PageDown,
        KeyCode::Home => Key::Home,
        KeyCode::End => Key::End,
        KeyCode::Tab => Key::Tab,
        KeyCode::BackTab => Key::BackTab,
        KeyCode::Char(c @ '1'..='9') => Key::Digit(c as u8 - b'0'),
        KeyCode::Char(c) => Key::Char(c),
        _ => return Ok(None),
    }))
}
