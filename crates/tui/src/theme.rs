//! The client's colours: the 16 named terminal colours only (no RGB, no 256-colour
//! indices), so any colour terminal shows them; none at all when `NO_COLOR` is set
//! (<https://no-color.org>). Every state a colour marks is also written in the text
//! (STUN, exh, fd, *, ▶), so the screen reads the same without colour.

use ratatui::style::{Color, Modifier, Style};

/// Which styles the screen may use.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Theme {
    /// `false`: no foreground or background colour anywhere (bold, dim, reversed and
    /// the text marks remain).
    pub colour: bool,
}

impl Theme {
    /// Colour unless the `NO_COLOR` environment variable is set and not empty.
    pub fn from_env() -> Theme {
        Theme {
            colour: std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty()),
        }
    }

    fn fg(self, c: Color) -> Style {
        if self.colour {
            Style::default().fg(c)
        } else {
            Style::default()
        }
    }

    /// The viewer's own side: titles, borders and row labels.
    pub fn yours(self) -> Style {
        self.fg(Color::Cyan)
    }

    /// Any other player's side.
    pub fn theirs(self) -> Style {
        self.fg(Color::LightRed)
    }

    /// A side: the viewer's or another's.
    pub fn side(self, yours: bool) -> Style {
        if yours {
            self.yours()
        } else {
            self.theirs()
        }
    }

    /// Whose turn it is (the ▶ mark).
    pub fn turn(self) -> Style {
        self.fg(Color::Yellow).add_modifier(Modifier::BOLD)
    }

    /// A stunned character (also marked STUN).
    pub fn stunned(self) -> Style {
        self.fg(Color::DarkGray)
            .add_modifier(Modifier::DIM | Modifier::CROSSED_OUT)
    }

    /// An exhausted character (also marked exh).
    pub fn exhausted(self) -> Style {
        Style::default().add_modifier(Modifier::DIM)
    }

    /// A face-down card the viewer may see (also marked fd).
    pub fn face_down(self) -> Style {
        self.fg(Color::DarkGray)
    }

    /// A card in hand that can be played now (also marked *).
    pub fn playable(self) -> Style {
        self.fg(Color::Green).add_modifier(Modifier::BOLD)
    }

    /// The card under the card cursor, and the selected option.
    pub fn selected(self) -> Style {
        Style::default().add_modifier(Modifier::REVERSED)
    }

    /// Headings and the keys line.
    pub fn heading(self) -> Style {
        self.fg(Color::Yellow)
    }
}
