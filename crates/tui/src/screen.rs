//! Everything one screen shows, gathered from the game through the viewer's seat, so
//! nothing hidden from that seat can reach the terminal.

use crossover_kernel::{Game, Outcome, Presentation, Seat};
use crossover_vs2pcg::game::View;
use crossover_vs2pcg::GameState;

/// What the client is showing besides the board.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Mode {
    /// The board and the pending decision.
    Board,
    /// The key help over the board.
    Help,
    /// Every KO pile, and the viewer's own face-down resources, over the board; the
    /// number is how many lines it is scrolled down.
    Piles(u16),
    /// "Quit? y/n" over the board.
    ConfirmQuit,
    /// A computer player is thinking.
    Thinking,
    /// The game is over; the text says how it ended.
    GameOver(String),
    /// Hot seat: the screen is hidden until this seat's player presses a key, so nobody
    /// sees another player's hand.
    Curtain(Seat),
}

#[derive(Debug, Clone)]
pub struct Screen {
    /// The game as the viewing seat may see it.
    pub view: View,
    /// The question, when the viewing seat must decide.
    pub prompt: Option<String>,
    /// The legal answers, in words, when the viewing seat must decide.
    pub options: Vec<String>,
    /// Index into `options`.
    pub selected: usize,
    /// Every log entry the seat may read, oldest first.
    pub log: Vec<String>,
    /// How many of the newest entries the log is scrolled back past (0: the newest show).
    pub log_back: usize,
    pub mode: Mode,
}

impl Screen {
    /// The screen for `seat`; `selected` is clamped to the options, and the log shows
    /// its newest entries.
    pub fn of(game: &GameState, seat: Seat, selected: usize, mode: Mode) -> Screen {
        let decision = game.decision().filter(|d| d.seat == seat);
        let options: Vec<String> = decision
            .as_ref()
            .map(|d| {
                d.options
                    .iter()
                    .map(|a| game.describe_action(seat, a))
                    .collect()
            })
            .unwrap_or_default();
        let log = game.log_for(seat).iter().map(|e| e.text.clone()).collect();
        let mode = match (game.outcome(), mode) {
            (Some(o), Mode::Board | Mode::Thinking | Mode::Curtain(_)) => {
                Mode::GameOver(outcome_text(&o, seat))
            }
            (_, m) => m,
        };
        Screen {
            view: game.view(seat),
            prompt: decision.and_then(|_| game.prompt(seat)),
            selected: selected.min(options.len().saturating_sub(1)),
            options,
            log,
            log_back: 0,
            mode,
        }
    }

    /// The same screen with the log scrolled back `back` entries (at most to the first).
    pub fn with_log_back(mut self, back: usize) -> Screen {
        self.log_back = back.min(self.log.len().saturating_sub(1));
        self
    }
}

fn outcome_text(o: &Outcome, seat: Seat) -> String {
    match o {
        Outcome::Win(w) if w.contains(&seat) => "You win!".to_string(),
        Outcome::Win(_) => "You lose.".to_string(),
        Outcome::Tie(_) => "The game is a tie.".to_string(),
        Outcome::AllLose => "Everyone loses.".to_string(),
    }
}
