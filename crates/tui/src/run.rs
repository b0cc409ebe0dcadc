//! The terminal loop: draw, read keys, let computer players think on another thread
//! (so the screen never freezes), until the person quits or leaves the finished game.

use crate::app::{App, Effect, Key};
use crate::draw::draw;
use crate::screen::Mode;
use crossover_kernel::{Game, Seat};
use crossover_vs2pcg::{Action, GameState};
use ratatui::crossterm::event::{self, Event, KeyCode, KeyEventKind, KeyModifiers};
use ratatui::crossterm::terminal::{
    disable_raw_mode, enable_raw_mode, EnterAlternateScreen, LeaveAlternateScreen,
};
use ratatui::crossterm::ExecutableCommand;
use ratatui::prelude::CrosstermBackend;
use ratatui::Terminal;
use std::io::stdout;
use std::sync::mpsc;
use std::time::Duration;

/// A computer player the loop can send to think on another thread.
pub type Computer = Box<dyn crossover_ai::Player<GameState>>;

/// A computer thinking on another thread: its seat, how many actions the game had when
/// it started, and where its answer (and the player) come back.
struct Thinking {
    seat: Seat,
    asked_at: usize,
    answer: mpsc::Receiver<(Computer, Action)>,
}

/// Play `app` in the terminal; `computers[seat]` plays each seat people don't.
/// Returns when the person quits or leaves the finished game; the terminal is restored
/// even on error.
pub fn run(app: &mut App, computers: Vec<Option<Computer>>) -> std::io::Result<()> {
    enable_raw_mode()?;
    stdout().execute(EnterAlternateScreen)?;
    let result = event_loop(app, computers);
    let _ = stdout().execute(LeaveAlternateScreen);
    let _ = disable_raw_mode();
    result
}

fn event_loop(app: &mut App, mut computers: Vec<Option<Computer>>) -> std::io::Result<()> {
    let mut terminal = Terminal::new(CrosstermBackend::new(stdout()))?;
    let mut thinking: Option<Thinking> = None;
    loop {
        app.refresh_mode();
        terminal.draw(|f| draw(f, &app.screen()))?;
        if let Some(t) = &thinking {
            match t.answer.try_recv() {
                Ok((player, action)) => {
                    let (seat, asked_at) = (t.seat, t.asked_at);
                    computers[seat] = Some(player);
                    thinking = None;
                    if app.mode == Mode::Thinking {
                        app.mode = Mode::Board;
                    }
                    // An undo meanwhile changed the position: the answer is for a game
                    // that no longer exists, so the computer thinks again.
                    if app.history.len() == asked_at && app.game.to_move() == Some(seat) {
                        let _ = app.apply(action);
                    }
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
        if !event::poll(Duration::from_millis(40))? {
            continue;
        }
        let Event::Key(k) = event::read()? else {
            continue;
        };
        if k.kind != KeyEventKind::Press {
            continue;
        }
        let key = match k.code {
            KeyCode::Char('c') if k.modifiers.contains(KeyModifiers::CONTROL) => Key::Char('q'),
            KeyCode::Up => Key::Up,
            KeyCode::Down => Key::Down,
            KeyCode::Left => Key::Left,
            KeyCode::Right => Key::Right,
            KeyCode::Enter => Key::Enter,
            KeyCode::Esc => Key::Esc,
            KeyCode::PageUp => Key::PageUp,
            KeyCode::PageDown => Key::PageDown,
            KeyCode::Char(c @ '1'..='9') => Key::Digit(c as u8 - b'0'),
            KeyCode::Char(c) => Key::Char(c),
            _ => continue,
        };
        if app.on_key(key) == Effect::Quit {
            return Ok(());
        }
    }
}
