//! The client's state and what each key does, apart from any terminal, so it can be
//! tested by feeding keys: the game, the actions taken (the replay), whose seats are
//! people, the selection and the mode.

use crate::client_game::ClientGame;
use crate::screen::{Mode, Screen};
use crate::theme::Theme;
use crossover_kernel::Seat;

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
    Home,
    End,
    Tab,
    /// Shift-Tab.
    BackTab,
}

/// How many log entries PgUp and PgDn scroll.
pub const LOG_PAGE: usize = 5;

/// What the caller must do after a key.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Effect<A> {
    None,
    /// The person chose this action; it has been applied.
    Applied(A),
    /// Leave the client (the caller saves the replay).
    Quit,
}

pub struct App<G: ClientGame> {
    pub setup: G::Setup,
    pub seed: u64,
    pub game: G,
    /// Every action taken, with the seat that took it.
    pub history: Vec<(Seat, G::Action)>,
    /// `true` for the seats people play.
    pub people: Vec<bool>,
    /// The seat whose view is on screen.
    pub viewer: Seat,
    pub selected: usize,
    pub mode: Mode,
    /// How far the log is scrolled back from its newest entry.
    pub log_back: usize,
    /// Replay mode: the recorded actions, stepped through with ← and →.
    pub replay: Option<Vec<G::Action>>,
    /// Replay mode: the turn number after each number of actions (0 to all), for
    /// PgUp and PgDn.
    pub replay_turns: Vec<u32>,
    /// Colours or none (`NO_COLOR`).
    pub theme: Theme,
    /// Where the replay will be saved, for the game-over screen to say.
    pub replay_path: Option<String>,
    /// How long each computer action shows before the next one in a run of them
    /// ([`crate::run::run`]); zero (no pause) unless the caller sets it.
    pub pace: std::time::Duration,
    /// What the last key did when the board shows no sign of it ("u": what was taken
    /// back, or that nothing could be); shown on the keys line until the next key.
    pub notice: Option<String>,
    /// A person conceded: no undo goes back before it.
    pub conceded: bool,
}

impl<G: ClientGame> App<G> {
    pub fn new(setup: G::Setup, seed: u64, people: Vec<bool>) -> Result<App<G>, String> {
        let game = G::new_game(&setup, seed).map_err(|e| e.to_string())?;
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
            replay_turns: Vec::new(),
            theme: Theme::from_env(),
            replay_path: None,
            pace: std::time::Duration::ZERO,
            notice: None,
            conceded: false,
        })
    }

    /// A client that steps through a recorded game, shown from seat 0 ('v' changes seat).
    pub fn for_replay(
        setup: G::Setup,
        seed: u64,
        actions: Vec<G::Action>,
    ) -> Result<App<G>, String> {
        let seats = G::new_game(&setup, seed)
            .map_err(|e| e.to_string())?
            .seat_count();
        let mut app = App::new(setup, seed, vec![false; seats])?;
        app.viewer = 0;
        app.replay_turns = replay_turns(&app.game, &actions);
        app.replay = Some(actions);
        Ok(app)
    }

    /// Replays: the position after the first `k` recorded actions (stepping forward
    /// from here, or rebuilt from the seed to go back).
    fn replay_to(&mut self, k: usize) {
        let Some(actions) = &self.replay else {
            return;
        };
        let k = k.min(actions.len());
        if k < self.history.len() {
            self.back_to(k);
            return;
        }
        while let Some(a) = self
            .replay
            .as_ref()
            .and_then(|all| all.get(self.history.len()))
            .filter(|_| self.history.len() < k)
            .cloned()
        {
            // A replay that no longer applies (other card data) stops there.
            if self.apply(a).is_err() {
                break;
            }
        }
    }

    /// PgUp in a replay: to the start of this turn, or of the previous one when
    /// already there. PgDn: to the end of this turn, or of the next one.
    fn replay_turn_jump(&mut self, forward: bool) {
        let turns = &self.replay_turns;
        let here = self.history.len();
        if turns.is_empty() || here >= turns.len() {
            return;
        }
        let target = if forward {
            let end = |from: usize| {
                (from..turns.len())
                    .take_while(|&k| turns[k] == turns[from])
                    .last()
                    .unwrap_or(from)
            };
            match end(here) {
                e if e > here => e,
                _ if here + 1 < turns.len() => end(here + 1),
                e => e,
            }
        } else {
            let start = |from: usize| {
                (0..=from)
                    .rev()
                    .take_while(|&k| turns[k] == turns[from])
                    .last()
                    .unwrap_or(from)
            };
            match start(here) {
                s if s < here => s,
                _ if here > 0 => start(here - 1),
                s => s,
            }
        };
        self.replay_to(target);
    }

    pub fn screen(&self) -> Screen<G> {
        let mut screen = Screen::of(&self.game, self.viewer, self.selected, self.mode.clone())
            .with_log_back(self.log_back)
            .with_theme(self.theme);
        screen.replay_path = self.replay_path.clone();
        screen.replay = self.replay.is_some();
        screen.notice = self.notice.clone();
        if let Some(actions) = &self.replay {
            let done = self.history.len();
            let next = match (actions.get(done), self.game.to_move()) {
                // Described as the viewed seat sees it: another seat's hidden card is not named.
                (Some(a), Some(s)) if s == self.viewer => {
                    format!("Next: {}.", self.game.describe_action(self.viewer, a))
                }
                (Some(a), Some(s)) => format!(
                    "Next: {}: {}.",
                    screen.names[s],
                    self.game.describe_action(self.viewer, a)
                ),
                _ => "The end of the replay.".to_string(),
            };
            screen.prompt = Some(format!(
                "Replay, action {done} of {}, turn {}. {next} ← → step, Home End: first and last, PgUp PgDn: turn start and end, v: another seat's view, q: leave.",
                actions.len(),
                self.game.turn()
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
    pub fn apply(&mut self, action: G::Action) -> Result<(), String> {
        let seat = self.game.to_move().ok_or("the game is over")?;
        self.game.apply(&action).map_err(|e| e.to_string())?;
        self.record(seat, action);
        Ok(())
    }

    /// An action `seat` took, applied: into the history, and the screen goes to the
    /// person who decides next.
    fn record(&mut self, seat: Seat, action: G::Action) {
        self.history.push((seat, action));
        self.selected = 0;
        if let Some(next) = self.person_to_move() {
            if next != self.viewer {
                // Another person's turn to look: hide the screen until they are there.
                self.mode = Mode::Curtain(next);
            }
            self.viewer = next;
        }
    }

    /// Whether the person at the screen may concede now (a game that allows it, and not
    /// a replay).
    pub fn may_concede(&self) -> bool {
        self.replay.is_none()
            && self.people.get(self.viewer).copied().unwrap_or(false)
            && self.game.concede(self.viewer).is_some()
    }

    /// The person at the screen concedes (102.5 in the TCG), whoever is deciding: the
    /// concession is recorded with their seat. Returns it, if the game took it.
    pub fn concede(&mut self) -> Option<G::Action> {
        if !self.may_concede() {
            return None;
        }
        let action = self.game.concede(self.viewer)?;
        self.game.apply(&action).ok()?;
        self.conceded = true;
        self.record(self.viewer, action.clone());
        Some(action)
    }

    /// Take back the last action a person took, and every computer action after it, by
    /// replaying the game without them (the game is deterministic from its seed).
    /// Returns false when there is nothing to undo.
    pub fn undo(&mut self) -> bool {
        if self.conceded {
            return false;
        }
        let Some(last) = self.history.iter().rposition(|(s, _)| self.people[*s]) else {
            return false;
        };
        self.back_to(last)
    }

    /// Esc in the middle of a declaration ([`ClientGame::in_declaration`]): back to
    /// where the person began it, by replaying the game without its steps. Returns
    /// false when no declaration is under way.
    pub fn back_out_of_declaration(&mut self) -> bool {
        if self.person_to_move().is_none() || !G::in_declaration(&self.game) {
            return false;
        }
        let Ok(mut game) = G::new_game(&self.setup, self.seed) else {
            return false;
        };
        let mut start = None;
        for (i, (_, a)) in self.history.iter().enumerate() {
            let before = G::in_declaration(&game);
            if game.apply(a).is_err() {
                return false;
            }
            match (before, G::in_declaration(&game)) {
                (false, true) => start = Some(i),
                (_, false) => start = None,
                _ => {}
            }
        }
        match start {
            Some(i) => self.back_to(i),
            None => false,
        }
    }

    /// The game after its first `len` actions, rebuilt from the setup and seed.
    fn back_to(&mut self, len: usize) -> bool {
        let mut game = match G::new_game(&self.setup, self.seed) {
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

    fn on_replay_key(&mut self, key: Key) -> Effect<G::Action> {
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
            Key::Home => self.replay_to(0),
            Key::End => self.replay_to(actions.len()),
            Key::PageUp => self.replay_turn_jump(false),
            Key::PageDown => self.replay_turn_jump(true),
            Key::Char('v') => self.viewer = (self.viewer + 1) % self.people.len(),
            Key::Char('?') => self.mode = Mode::Help,
            Key::Char('p') => self.open_panel(),
            Key::Tab | Key::Char('i') => self.open_cards(),
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

    /// `p`: the game's extra panel, if it has one.
    fn open_panel(&mut self) {
        if G::panel(&self.game.view(self.viewer)).is_some() {
            self.mode = Mode::Panel(0);
        }
    }

    /// Tab or `i`: the card cursor on the highlighted option's card, if it has one the
    /// viewer can see, else on the first card the viewer can see.
    fn open_cards(&mut self) {
        let cards = G::cards(&self.game, self.viewer);
        if cards.is_empty() {
            return;
        }
        let option_card = match self.mode {
            Mode::Board if self.person_to_move().is_some() => self
                .game
                .legal_actions()
                .get(self.selected)
                .and_then(|a| G::option_card(&self.game, a)),
            _ => None,
        };
        let at = option_card
            .and_then(|id| cards.iter().position(|c| c.id == id))
            .unwrap_or(0);
        self.mode = Mode::Cards(at);
    }

    /// Keys with the card cursor: Tab and the arrows move it over every card the viewer
    /// can see, Enter or `i` reads the card, Esc goes back to the board.
    fn on_cards_key(&mut self, n: usize, key: Key) {
        let count = G::cards(&self.game, self.viewer).len();
        if count == 0 {
            self.mode = Mode::Board;
            return;
        }
        let n = n.min(count - 1);
        self.mode = match key {
            Key::Tab | Key::Down | Key::Right | Key::Char('j') | Key::Char('l') => {
                Mode::Cards((n + 1) % count)
            }
            Key::BackTab | Key::Up | Key::Left | Key::Char('k') | Key::Char('h') => {
                Mode::Cards((n + count - 1) % count)
            }
            Key::Home => Mode::Cards(0),
            Key::End => Mode::Cards(count - 1),
            Key::Enter | Key::Char('i') => Mode::Detail { card: n, scroll: 0 },
            Key::Esc | Key::Char('q') => Mode::Board,
            _ => Mode::Cards(n),
        };
    }

    /// Keys over a card's detail: the arrows scroll it, anything else goes back to the
    /// card cursor.
    fn on_detail_key(&mut self, card: usize, scroll: u16, key: Key) {
        self.mode = match key {
            Key::Up | Key::Char('k') => Mode::Detail {
                card,
                scroll: scroll.saturating_sub(1),
            },
            Key::Down | Key::Char('j') => Mode::Detail {
                card,
                scroll: scroll.saturating_add(1).min(40),
            },
            _ => Mode::Cards(card),
        };
    }

    pub fn on_key(&mut self, key: Key) -> Effect<G::Action> {
        self.notice = None;
        match self.mode {
            Mode::Cards(n) => {
                self.on_cards_key(n, key);
                return Effect::None;
            }
            Mode::Detail { card, scroll } => {
                self.on_detail_key(card, scroll, key);
                return Effect::None;
            }
            _ => {}
        }
        if self.replay.is_some() && !matches!(self.mode, Mode::Help | Mode::Panel(_)) {
            return self.on_replay_key(key);
        }
        if self.mode == Mode::Board && key == Key::Esc && self.back_out_of_declaration() {
            return Effect::None;
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
            (Mode::Panel(scroll), key) => {
                // Up and down scroll the panel; any other key closes it.
                self.mode = match key {
                    Key::Up | Key::Char('k') => Mode::Panel(scroll.saturating_sub(1)),
                    Key::Down | Key::Char('j') => {
                        let lines =
                            G::panel(&self.game.view(self.viewer)).map_or(0, |p| p.lines.len());
                        Mode::Panel((*scroll + 1).min(lines.saturating_sub(1) as u16))
                    }
                    _ => Mode::Board,
                };
                Effect::None
            }
            (Mode::ConfirmQuit, Key::Char('y')) => Effect::Quit,
            (Mode::ConfirmConcede, Key::Char('y')) => {
                self.mode = Mode::Board;
                match self.concede() {
                    Some(action) => {
                        self.log_back = 0;
                        Effect::Applied(action)
                    }
                    None => Effect::None,
                }
            }
            (Mode::ConfirmConcede, _) => {
                self.mode = Mode::Board;
                Effect::None
            }
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
                self.open_panel();
                Effect::None
            }
            (_, Key::Tab | Key::Char('i')) => {
                self.open_cards();
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
            (Mode::Board, Key::Char('c')) if self.may_concede() => {
                self.mode = Mode::ConfirmConcede;
                Effect::None
            }
            (_, Key::Char('u')) => {
                self.notice = Some(
                    if self.undo() {
                        "Your last action is taken back."
                    } else {
                        "Nothing to take back yet."
                    }
                    .to_string(),
                );
                Effect::None
            }
            (Mode::Thinking | Mode::Cards(_) | Mode::Detail { .. }, _) => Effect::None,
            (Mode::Board, key) => self.on_board_key(key),
        }
    }

    fn on_board_key(&mut self, key: Key) -> Effect<G::Action> {
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

/// The turn number after each of the first 0, 1, … `actions.len()` actions from `start`
/// (fewer when an action no longer applies).
fn replay_turns<G: ClientGame>(start: &G, actions: &[G::Action]) -> Vec<u32> {
    let mut game = start.clone();
    let mut turns = vec![game.turn()];
    for a in actions {
        if game.apply(a).is_err() {
            break;
        }
        turns.push(game.turn());
    }
    turns
}
