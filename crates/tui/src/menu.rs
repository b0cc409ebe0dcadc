//! The new-game screen `crossover play` opens when no deck was given: your deck (a
//! prebuilt deck or a deck file), your main character (in a game that has them), how
//! many computer opponents (2PCG: one for a two-player game, two or three for
//! Free-for-All), their decks and how hard they play. The menu is data: the caller
//! hands it the game's choices, and [`NewGame::for_game`] the game's title and tables.
//! Like the board, it is a plain state machine fed with keys, drawn by [`draw`], so it
//! is tested without a terminal.

use crate::app::Key;
use crate::client_game::ClientGame;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::Line;
use ratatui::widgets::{Block, Borders, Clear, Paragraph, Wrap};
use ratatui::Frame;

/// A deck the person may pick.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DeckEntry {
    /// What `--deck` would take: a prebuilt deck's name or a deck file's path.
    pub key: String,
    /// How the menu shows it, e.g. "avengers-cap (Captain America)".
    pub label: String,
}

/// What the person chose; the caller turns it into a game (and may refuse it, e.g. a
/// main character the deck's Loyalty card doesn't allow).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewGameChoice {
    /// Your deck's key.
    pub deck: String,
    /// Your main character's card number, when not the deck's own (always `None` in a
    /// game without main characters).
    pub main: Option<String>,
    /// Each opponent's deck key; `None` for a random prebuilt deck.
    pub opponent_decks: Vec<Option<String>>,
    /// The computer players' spec (a difficulty level or a player spec).
    pub computer: String,
}

/// What the caller must do after a key.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MenuEffect<C = NewGameChoice> {
    None,
    Start(C),
    Quit,
}

/// A new-game screen the terminal loop can run ([`crate::run::choose_new_game`]): this
/// module's [`NewGame`] (a deck against opponents) or a [`crate::form::Form`] of
/// choice lines.
pub trait Menu {
    /// What the person chose.
    type Choice;
    fn on_key(&mut self, key: Key) -> MenuEffect<Self::Choice>;
    /// Say why the choice can't start (the menu stays open and shows it).
    fn refuse(&mut self, why: String);
    fn draw(&self, frame: &mut Frame);
}

impl Menu for NewGame {
    type Choice = NewGameChoice;
    fn on_key(&mut self, key: Key) -> MenuEffect {
        NewGame::on_key(self, key)
    }
    fn refuse(&mut self, why: String) {
        self.message = Some(why);
    }
    fn draw(&self, frame: &mut Frame) {
        draw(frame, self);
    }
}

/// One line of the menu.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Row {
    Deck,
    Main,
    Opponents,
    OpponentDeck(usize),
    Computer,
    Start,
}

pub struct NewGame {
    /// The game's name, shown in the title; [`NewGame::for_game`] sets it.
    pub title: String,
    /// The tables offered: entry `i` describes a game against `i + 1` opponents;
    /// [`NewGame::for_game`] sets them.
    pub tables: Vec<String>,
    pub decks: Vec<DeckEntry>,
    /// Main characters to choose from, (card number, name); empty in a game without
    /// them, and then the menu has no main character line.
    pub mains: Vec<(String, String)>,
    /// Computer players to pick from: difficulty levels, and a spec given with `--ai`.
    pub computers: Vec<String>,
    /// Hot seat: the opponents are people, so there is no computer to pick.
    pub hot_seat: bool,
    /// Things to tell the person, e.g. deck files that could not be read.
    pub notes: Vec<String>,
    pub deck: usize,
    /// 0: the deck's own main character; i: `mains[i - 1]`.
    pub main: usize,
    pub opponents: usize,
    /// Per possible opponent (one per table): 0 for a random deck; i: `decks[i - 1]`.
    pub opponent_decks: Vec<usize>,
    pub computer: usize,
    pub row: usize,
    /// Why the last Start was refused.
    pub message: Option<String>,
}

impl NewGame {
    /// A menu over `decks` (at least one) with the first deck, its own main
    /// character, one random opponent and `computers[computer]` chosen; a two-seat
    /// game until [`NewGame::for_game`] says which game it is.
    pub fn new(
        decks: Vec<DeckEntry>,
        mains: Vec<(String, String)>,
        computers: Vec<String>,
        computer: usize,
    ) -> NewGame {
        assert!(!decks.is_empty(), "the menu needs a deck to offer");
        NewGame {
            title: String::new(),
            tables: vec!["1".to_string()],
            decks,
            mains,
            computer: computer.min(computers.len().saturating_sub(1)),
            computers,
            hot_seat: false,
            notes: Vec::new(),
            deck: 0,
            main: 0,
            opponents: 1,
            opponent_decks: vec![0],
            row: 0,
            message: None,
        }
    }

    /// The menu for game `G`: its title and the tables it offers
    /// ([`ClientGame::tables`]).
    pub fn for_game<G: ClientGame>(&mut self) {
        self.title = G::TITLE.to_string();
        self.tables = G::tables();
        assert!(!self.tables.is_empty(), "a game offers at least one table");
        self.opponent_decks.resize(self.tables.len(), 0);
        self.opponents = self.opponents.clamp(1, self.tables.len());
    }

    pub fn rows(&self) -> Vec<Row> {
        let mut rows = vec![Row::Deck];
        if !self.mains.is_empty() {
            rows.push(Row::Main);
        }
        if self.tables.len() > 1 {
            rows.push(Row::Opponents);
        }
        rows.extend((0..self.opponents).map(Row::OpponentDeck));
        if !(self.hot_seat || self.computers.is_empty()) {
            rows.push(Row::Computer);
        }
        rows.push(Row::Start);
        rows
    }

    pub fn choice(&self) -> NewGameChoice {
        NewGameChoice {
            deck: self.decks[self.deck].key.clone(),
            main: (self.main > 0).then(|| self.mains[self.main - 1].0.clone()),
            opponent_decks: self.opponent_decks[..self.opponents]
                .iter()
                .map(|&d| (d > 0).then(|| self.decks[d - 1].key.clone()))
                .collect(),
            computer: self
                .computers
                .get(self.computer)
                .cloned()
                .unwrap_or_default(),
        }
    }

    /// ↑↓ (or j k) move between lines, ←→ (or h l) change the line's value, Enter
    /// starts the game, q or Esc leaves.
    pub fn on_key(&mut self, key: Key) -> MenuEffect {
        let rows = self.rows();
        self.row = self.row.min(rows.len() - 1);
        match key {
            Key::Up | Key::Char('k') => self.row = (self.row + rows.len() - 1) % rows.len(),
            Key::Down | Key::Char('j') => self.row = (self.row + 1) % rows.len(),
            Key::Left | Key::Char('h') => self.change(rows[self.row], false),
            Key::Right | Key::Char('l') | Key::Char(' ') => self.change(rows[self.row], true),
            Key::Enter => return MenuEffect::Start(self.choice()),
            Key::Char('q') | Key::Esc => return MenuEffect::Quit,
            _ => {}
        }
        MenuEffect::None
    }

    fn change(&mut self, row: Row, forward: bool) {
        let step = |value: &mut usize, count: usize| {
            *value = if forward {
                (*value + 1) % count
            } else {
                (*value + count - 1) % count
            }
        };
        match row {
            Row::Deck => step(&mut self.deck, self.decks.len()),
            Row::Main => step(&mut self.main, self.mains.len() + 1),
            Row::Opponents => {
                let mut n = self.opponents - 1;
                step(&mut n, self.tables.len());
                self.opponents = n + 1;
            }
            Row::OpponentDeck(i) => step(&mut self.opponent_decks[i], self.decks.len() + 1),
            Row::Computer => step(&mut self.computer, self.computers.len().max(1)),
            Row::Start => {}
        }
        self.message = None;
    }

    /// A line's label and value, as shown.
    pub fn row_text(&self, row: Row) -> (String, String) {
        match row {
            Row::Deck => ("Your deck".into(), self.decks[self.deck].label.clone()),
            Row::Main => (
                "Main character".into(),
                match self.main {
                    0 => "the deck's own".into(),
                    i => format!("{} ({})", self.mains[i - 1].1, self.mains[i - 1].0),
                },
            ),
            Row::Opponents => (
                // At the hot seat the opponents are people at this screen.
                if self.hot_seat {
                    "Other players"
                } else {
                    "Opponents"
                }
                .into(),
                self.tables[self.opponents - 1].clone(),
            ),
            Row::OpponentDeck(i) => (
                format!("Opponent {} deck", i + 1),
                match self.opponent_decks[i] {
                    0 => "random prebuilt deck".into(),
                    d => self.decks[d - 1].label.clone(),
                },
            ),
            Row::Computer => (
                "Computer".into(),
                self.computers
                    .get(self.computer)
                    .cloned()
                    .unwrap_or_default(),
            ),
            Row::Start => ("Start the game".into(), String::new()),
        }
    }
}

/// The key line under the menu.
pub const MENU_KEYS: &str = "↑↓ pick a line · ←→ change it · Enter start · q leave";

pub fn draw(frame: &mut Frame, menu: &NewGame) {
    let rows: Vec<MenuLine> = menu
        .rows()
        .into_iter()
        .map(|row| {
            let (label, value) = menu.row_text(row);
            MenuLine {
                label,
                value: (row != Row::Start).then_some(value),
            }
        })
        .collect();
    let title = if menu.title.is_empty() {
        " New game ".to_string()
    } else {
        format!(" {} · new game ", menu.title)
    };
    draw_menu(
        frame,
        &title,
        &rows,
        menu.row,
        menu.message.as_deref(),
        &menu.notes,
    );
}

/// One line of a new-game screen: a label and its value (`None`: the line that
/// starts the game).
pub struct MenuLine {
    pub label: String,
    pub value: Option<String>,
}

/// Draw a new-game screen: its lines with `selected` highlighted, why the last start
/// was refused, notes, and the key line.
pub fn draw_menu(
    frame: &mut Frame,
    title: &str,
    rows: &[MenuLine],
    selected: usize,
    message: Option<&str>,
    notes: &[String],
) {
    let area = frame.area();
    frame.render_widget(Clear, area);
    let mut lines = Vec::new();
    for (i, row) in rows.iter().enumerate() {
        let text = match &row.value {
            Some(value) => format!(" {:<17} ◀ {value} ▶", row.label),
            None => format!(" {} ", row.label),
        };
        let style = if i == selected {
            Style::default().add_modifier(Modifier::REVERSED)
        } else {
            Style::default()
        };
        if row.value.is_none() {
            lines.push(Line::from(""));
        }
        lines.push(Line::styled(text, style));
    }
    if let Some(m) = message {
        lines.push(Line::from(""));
        lines.push(Line::styled(
            format!(" Can't start: {m}"),
            Style::default().add_modifier(Modifier::BOLD),
        ));
    }
    for n in notes {
        lines.push(Line::from(""));
        lines.push(Line::from(format!(" {n}")));
    }
    let width = area.width.min(78);
    let rect = Rect {
        x: area.x + (area.width - width) / 2,
        y: area.y,
        width,
        height: area.height.saturating_sub(1),
    };
    frame.render_widget(
        Paragraph::new(lines).wrap(Wrap { trim: false }).block(
            Block::default()
                .borders(Borders::ALL)
                .title(title.to_string()),
        ),
        rect,
    );
    let keys = Rect {
        x: rect.x,
        y: area.y + area.height.saturating_sub(1),
        width,
        height: 1,
    };
    frame.render_widget(Paragraph::new(format!(" {MENU_KEYS}")), keys);
}
