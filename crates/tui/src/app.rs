//! The client's state and what each key does, apart from any terminal, so it can be
//! tested by feeding keys: the game, the actions taken (the replay), whose seats are
//! people, the selection and the mode.

use crate::draw::piles_lines;
use crate::screen::{Mode, Screen};
use crossover_kernel::{Game, Presentation, Seat};
use crossover_vs2pcg::{Action, GameState, Setup};

/// A key the client understands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Key {
    Up,
    Down,
    Left,
    Right,
    Enter,
    /// 1-9: pick that option.
    Digit(u8),
    Char(char),
    Esc,
    PageUp,
    PageDown,
}

/// How many log entries PgUp and PgDn scroll.
pub const LOG_PAGE: usize = 5;

/// What the caller must do after a key.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Effect {
    None,
    /// The person chose this action; it has been applied.
    Applied(Action),
    /// Leave the client (the caller saves the replay).
    Quit,
}

pub struct App {
    pub setup: Setup,
    pub seed: u64,
    pub game: GameState,
    /// Every action taken, with the seat that took it.
    pub history: Vec<(Seat, Action)>,
    /// `true` for the seats people play.
    pub people: Vec<bool>,
    /// The seat whose view is on screen.
    pub viewer: Seat,
    pub selected: usize,
    pub mode: Mode,
    /// How far the log is scrolled back from its newest entry.
    pub log_back: usize,
    /// Replay mode: the recorded actions, stepped through with ← and →.
    pub replay: Option<Vec<Action>>,
}

impl App {
    pub fn new(setup: Setup, seed: u64, people: Vec<bool>) -> Result<App, String> {
        let game = GameState::new_game(&setup, seed).map_err(|e| e.to_string())?;
        if people.len() != game.seat_count() {
            return Err(format!(
                "{} seats given for a game of {}",
                people.len(),
                game.seat_count()
            ));
        }
        let first_person = people.iter().position(|&p| p).unwrap_or(0);
        let viewer = game
            .to_move()
            .filter(|&s| people[s])
            .unwrap_or(first_person);
        // Hot seat starts hidden too: whoever sits down first must not see another hand.
        let mode = if people.iter().filter(|&&p| p).count() > 1 {
            Mode::Curtain(viewer)
        } else {
            Mode::Board
        };
        Ok(App {
            setup,
            seed,
            game,
            history: Vec::new(),
            people,
            viewer,
            selected: 0,
            mode,
            log_back: 0,
            replay: None,
        })
    }

    /// A client that steps through a recorded game, shown from seat 0 ('v' changes seat).
    pub fn for_replay(setup: Setup, seed: u64, actions: Vec<Action>) -> Result<App, String> {
        let seats = GameState::new_game(&setup, seed)
            .map_err(|e| e.to_string())?
            .seat_count();
        let mut app = App::new(setup, seed, vec![false; seats])?;
        app.viewer = 0;
        app.replay = Some(actions);
        Ok(app)
    }

    pub fn screen(&self) -> Screen {
        let mut screen = Screen::of(&self.game, self.viewer, self.selected, self.mode.clone())
            .with_log_back(self.log_back);
        if let Some(actions) = &self.replay {
            let done = self.history.len();
            let next = match (actions.get(done), self.game.to_move()) {
                // Described as the viewed seat sees it: another seat's hidden card is not named.
                (Some(a), Some(s)) if s == self.viewer => {
                    format!("Next: {}.", self.game.describe_action(self.viewer, a))
                }
                (Some(a), Some(s)) => format!(
                    "Next: {}: {}.",
                    self.game.players()[s].name(),
                    self.game.describe_action(self.viewer, a)
                ),
                _ => "The end of the replay.".to_string(),
            };
            screen.prompt = Some(format!(
                "Replay, action {done} of {}. {next} ← → step, v: another seat's view, q: leave.",
                actions.len()
            ));
            screen.options.clear();
            if let Mode::GameOver(_) = screen.mode {
                // The end shows in the log and the prompt; an overlay would hide ←.
                screen.mode = Mode::Board;
            }
        }
        screen
    }

    /// The seat to move, if a person plays it.
    pub fn person_to_move(&self) -> Option<Seat> {
        self.game.to_move().filter(|&s| self.people[s])
    }

    /// Apply an action for the seat to move (a person's choice or a computer's).
    pub fn apply(&mut self, action: Action) -> Result<(), String> {
        let seat = self.game.to_move().ok_or("the game is over")?;
        self.game.apply(&action).map_err(|e| e.to_string())?;
        self.history.push((seat, action));
        self.selected = 0;
        if let Some(next) = self.person_to_move() {
            if next != self.viewer {
                // Another person's turn to look: hide the screen until they are there.
                self.mode = Mode::Curtain(next);
            }
            self.viewer = next;
        }
        Ok(())
    }

    /// Take back the last action a person took, and every computer action after it, by
    /// replaying the game without them (the game is deterministic from its seed).
    /// Returns false when there is nothing to undo.
    pub fn undo(&mut self) -> bool {
        let Some(last) = self.history.iter().rposition(|(s, _)| self.people[*s]) else {
            return false;
        };
        self.back_to(last)
    }

    /// The game after its first `len` actions, rebuilt from the setup and seed.
    fn back_to(&mut self, len: usize) -> bool {
        let mut game = match GameState::new_game(&self.setup, self.seed) {
            Ok(g) => g,
            Err(_) => return false,
        };
        for (_, a) in &self.history[..len] {
            if game.apply(a).is_err() {
                return false;
            }
        }
        self.game = game;
        self.history.truncate(len);
        self.selected = 0;
        self.mode = Mode::Board;
        true
    }

    fn on_replay_key(&mut self, key: Key) -> Effect {
        let Some(actions) = &self.replay else {
            return Effect::None;
        };
        match key {
            Key::Right | Key::Char('l') | Key::Char(' ') | Key::Enter => {
                if let Some(a) = actions.get(self.history.len()).cloned() {
                    // A replay that no longer applies (other card data) stops there.
                    let _ = self.apply(a);
                }
            }
            Key::Left | Key::Char('h') if !self.history.is_empty() => {
                self.back_to(self.history.len() - 1);
            }
            Key::Char('v') => self.viewer = (self.viewer + 1) % self.people.len(),
            Key::Char('?') => self.mode = Mode::Help,
            Key::Char('p') => self.mode = Mode::Piles(0),
            Key::PageUp | Key::PageDown => self.scroll_log(key),
            Key::Char('q') | Key::Esc => return Effect::Quit,
            _ => {}
        }
        Effect::None
    }

    /// PgUp: older log entries; PgDn: back towards the newest.
    fn scroll_log(&mut self, key: Key) {
        let entries = self.game.log_for(self.viewer).len();
        self.log_back = match key {
            Key::PageUp => (self.log_back + LOG_PAGE).min(entries.saturating_sub(1)),
            _ => self.log_back.saturating_sub(LOG_PAGE),
        };
    }

    pub fn on_key(&mut self, key: Key) -> Effect {
        if self.replay.is_some() && !matches!(self.mode, Mode::Help | Mode::Piles(_)) {
            return self.on_replay_key(key);
        }
        match (&self.mode, key) {
            (Mode::Curtain(_), _) => {
                self.mode = Mode::Board;
                Effect::None
            }
            (Mode::Help, _) => {
                self.mode = Mode::Board;
                Effect::None
            }
            (Mode::Piles(scroll), key) => {
                // Up and down scroll the piles; any other key closes them.
                self.mode = match key {
                    Key::Up | Key::Char('k') => Mode::Piles(scroll.saturating_sub(1)),
                    Key::Down | Key::Char('j') => {
                        let lines = piles_lines(&self.game.view(self.viewer)).len();
                        Mode::Piles((*scroll + 1).min(lines.saturating_sub(1) as u16))
                    }
                    _ => Mode::Board,
                };
                Effect::None
            }
            (Mode::ConfirmQuit, Key::Char('y')) => Effect::Quit,
            (Mode::ConfirmQuit, _) => {
                self.mode = Mode::Board;
                Effect::None
            }
            (Mode::GameOver(_), Key::Char('q') | Key::Esc) => Effect::Quit,
            (Mode::GameOver(_), _) => Effect::None,
            (_, Key::Char('?')) => {
                self.mode = Mode::Help;
                Effect::None
            }
            (_, Key::Char('p')) => {
                self.mode = Mode::Piles(0);
                Effect::None
            }
            (_, Key::PageUp | Key::PageDown) => {
                self.scroll_log(key);
                Effect::None
            }
            (_, Key::Char('q') | Key::Esc) => {
                self.mode = Mode::ConfirmQuit;
                Effect::None
            }
            (_, Key::Char('u')) => {
                self.undo();
                Effect::None
            }
            (Mode::Thinking, _) => Effect::None,
            (Mode::Board, key) => self.on_board_key(key),
        }
    }

    fn on_board_key(&mut self, key: Key) -> Effect {
        if self.person_to_move().is_none() {
            return Effect::None;
        }
        let options = self.game.legal_actions();
        let n = options.len();
        match key {
            Key::Up | Key::Char('k') => self.selected = (self.selected + n - 1) % n.max(1),
            Key::Down | Key::Char('j') => self.selected = (self.selected + 1) % n.max(1),
            Key::Digit(d) if (1..=n).contains(&(d as usize)) => self.selected = d as usize - 1,
            Key::Enter => {
                if let Some(action) = options.get(self.selected).cloned() {
                    if self.apply(action.clone()).is_ok() {
                        // What the action did is at the end of the log.
                        self.log_back = 0;
                        return Effect::Applied(action);
                    }
                }
            }
            _ => {}
        }
        Effect::None
    }

    /// After the game changed: show the end, or go back to the board.
    pub fn refresh_mode(&mut self) {
        if let Mode::GameOver(_) = self.mode {
            return;
        }
        let screen = self.screen();
        if let Mode::GameOver(t) = screen.mode {
            self.mode = Mode::GameOver(t);
        }
    }
}
