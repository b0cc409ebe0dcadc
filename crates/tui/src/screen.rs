//! Everything one screen shows, gathered from the game through the viewer's seat, so
//! nothing hidden from that seat can reach the terminal.

use crate::client_game::{CardRef, ClientGame};
use crate::theme::Theme;
use crossover_kernel::{Outcome, Seat};
use ratatui::text::Line;

/// What the client is showing besides the board.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Mode {
    /// The board and the pending decision.
    Board,
    /// The key help over the board.
    Help,
    /// The game's extra panel ([`ClientGame::panel`]; 2PCG: the KO piles and the
    /// viewer's own face-down resources) over the board; the number is how many lines
    /// it is scrolled down.
    Panel(u16),
    /// "Quit? y/n" over the board.
    ConfirmQuit,
    /// "Concede? y/n" over the board (a game where players may concede,
    /// `Game::concede`).
    ConfirmConcede,
    /// A computer player is thinking.
    Thinking,
    /// The game is over; the text says how it ended.
    GameOver(String),
    /// The card cursor is on card `n` of [`Screen::cards`] (Tab moves it).
    Cards(usize),
    /// What can be read about card `card` of [`Screen::cards`], scrolled down `scroll`
    /// lines.
    Detail { card: usize, scroll: u16 },
    /// Hot seat: the screen is hidden until this seat's player presses a key, so nobody
    /// sees another player's hand.
    Curtain(Seat),
}

#[derive(Debug)]
pub struct Screen<G: ClientGame> {
    /// The seat whose view this is.
    pub seat: Seat,
    /// The game as the viewing seat may see it.
    pub view: G::View,
    /// The game's text rendering for the viewing seat (`render(seat)`): the board of a
    /// game without a layout of its own.
    pub text: String,
    /// Every seat's name, as [`ClientGame::player_name`] gives it.
    pub names: Vec<String>,
    /// Per seat: on the viewer's side (the viewer and teammates, [`ClientGame::ally`]).
    pub allies: Vec<bool>,
    /// The seat that must decide, `None` once the game is over.
    pub deciding: Option<Seat>,
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
    /// Every card the viewing seat can see ([`ClientGame::cards`]).
    pub cards: Vec<CardRef>,
    /// In [`Mode::Detail`]: what the game says about the card.
    pub detail: Option<Vec<Line<'static>>>,
    /// Where the replay is saved (the game-over screen says so), when known.
    pub replay_path: Option<String>,
    /// A replay is on screen (its keys differ).
    pub replay: bool,
    /// The viewing seat is in the middle of a declaration Esc takes back
    /// ([`ClientGame::in_declaration`]).
    pub declaring: bool,
    /// What the last key did, when the board shows no sign of it ([`crate::App::notice`]).
    pub notice: Option<String>,
    pub theme: Theme,
}

impl<G: ClientGame> Screen<G> {
    /// The screen for `seat`; `selected` is clamped to the options, and the log shows
    /// its newest entries.
    pub fn of(game: &G, seat: Seat, selected: usize, mode: Mode) -> Screen<G> {
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
        let view = game.view(seat);
        let cards = G::cards(game, seat);
        let detail = match mode {
            Mode::Detail { card, .. } => cards
                .get(card)
                .and_then(|c| G::card_detail(game, seat, c.id)),
            _ => None,
        };
        let names = (0..game.seat_count())
            .map(|s| G::player_name(&view, s))
            .collect();
        let allies = (0..game.seat_count())
            .map(|s| G::ally(game, seat, s))
            .collect();
        Screen {
            seat,
            allies,
            text: game.render(seat),
            names,
            deciding: game.to_move(),
            view,
            prompt: decision.and_then(|_| game.prompt(seat)),
            selected: selected.min(options.len().saturating_sub(1)),
            options,
            log,
            log_back: 0,
            mode,
            cards,
            detail,
            replay_path: None,
            replay: false,
            declaring: game.to_move() == Some(seat) && G::in_declaration(game),
            notice: None,
            theme: Theme { colour: true },
        }
    }

    /// The card under the card cursor, in [`Mode::Cards`] and [`Mode::Detail`].
    pub fn cursor_card(&self) -> Option<&CardRef> {
        match self.mode {
            Mode::Cards(n) | Mode::Detail { card: n, .. } => self.cards.get(n),
            _ => None,
        }
    }

    /// The same screen drawn with `theme`.
    pub fn with_theme(mut self, theme: Theme) -> Screen<G> {
        self.theme = theme;
        self
    }

    /// The same screen with the log scrolled back `back` entries (at most to the first).
    pub fn with_log_back(mut self, back: usize) -> Screen<G> {
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
