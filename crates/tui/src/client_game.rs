//! What a game supplies to the client: how its board is laid out from one seat's view,
//! and a few small optional things (seat names, an extra panel, its own keys and
//! legend, the menu's words). Everything has a default, so a game with none of its own
//! (the toy) is playable with an empty `impl`: its board is its text rendering.

use crate::screen::Screen;
use crossover_kernel::{Presentation, Seat};
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::{Block, Borders, Paragraph, Wrap};
use ratatui::Frame;

/// More of the game than the board shows, opened with `p` over the board (2PCG: the
/// KO piles and the viewer's own face-down resources).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Panel {
    /// What the panel shows, e.g. "KO piles, newest first".
    pub title: String,
    pub lines: Vec<String>,
}

/// A card the viewer can see, as the card cursor walks them (Tab) and the board may
/// show them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CardRef {
    /// The game's own id of the card, handed back to [`ClientGame::card_detail`].
    pub id: u64,
    pub name: String,
    /// How the board shows it where the game doesn't draw it otherwise (2PCG: the
    /// hand, with cost and type).
    pub label: String,
    /// Where it is, as the viewer reads it: "your hand", "Bo's front row".
    pub place: String,
    /// The seat whose card it is.
    pub seat: Seat,
    /// It can be played now (marked on the board).
    pub playable: bool,
}

/// A card's place as a sentence of its own, for a card's detail: "your hand" →
/// "Your hand.", "engaged with Spider-Man" → "Engaged with Spider-Man." (a place
/// doesn't always read after "In": "In engaged with ...").
pub fn sentence(place: &str) -> String {
    let mut c = place.chars();
    match c.next() {
        Some(f) => format!("{}{}.", f.to_uppercase(), c.as_str()),
        None => String::new(),
    }
}

pub trait ClientGame: Presentation + 'static {
    /// The game's name as people read it: the new-game menu's title.
    const TITLE: &'static str = Self::NAME;

    /// How seat labels name `seat` (the hot-seat curtain, "Waiting for …", replays).
    fn player_name(_view: &Self::View, seat: Seat) -> String {
        format!("Seat {seat}")
    }

    /// How many lines of the left column the board takes at `width`, given at most
    /// `max` (the log has the rest). By default: the text rendering, wrapped, in a box.
    fn board_height(screen: &Screen<Self>, width: u16, max: u16) -> u16 {
        let inner = width.saturating_sub(2).max(1) as usize;
        let lines: usize = screen
            .text
            .lines()
            .map(|l| l.chars().count().div_ceil(inner).max(1))
            .sum();
        (lines as u16).saturating_add(2).min(max)
    }

    /// Draw the board as `screen.seat` sees it (`screen.view`) into `area`. By default:
    /// the text rendering, `render(viewer)`, as it is.
    fn draw_board(frame: &mut Frame, area: Rect, screen: &Screen<Self>) {
        frame.render_widget(
            Paragraph::new(screen.text.as_str())
                .wrap(Wrap { trim: false })
                .block(Block::default().borders(Borders::ALL).title(" Board ")),
            area,
        );
    }

    /// Every card `viewer` can see (hand, board, KO piles, the cards the decision's
    /// options name), in the order the card cursor visits them. None by default.
    fn cards(_game: &Self, _viewer: Seat) -> Vec<CardRef> {
        Vec::new()
    }

    /// The card option `action` is about (from [`ClientGame::cards`]), where Tab opens
    /// the card cursor when that option is highlighted: so "Use Counter-Punch" is read
    /// with one key. None by default (the cursor starts at the first card).
    fn option_card(_game: &Self, _action: &Self::Action) -> Option<u64> {
        None
    }

    /// What `viewer` may read about card `id` (from [`ClientGame::cards`]): its text,
    /// cost, stats and how they changed. `None` for a card `viewer` cannot see.
    fn card_detail(_game: &Self, _viewer: Seat, _id: u64) -> Option<Vec<Line<'static>>> {
        None
    }

    /// Whether seat `other` plays on `viewer`'s side (a teammate), so the board shows
    /// it in the viewer's colour. Only the viewer by default.
    fn ally(_game: &Self, viewer: Seat, other: Seat) -> bool {
        viewer == other
    }

    /// The pending decision is a later step of a declaration the deciding seat began
    /// with its own previous choices, during which nothing hidden was revealed and
    /// nothing random happened (2PCG: adding attackers or choosing the defender of an
    /// attack being declared). Esc then takes the whole declaration back. No by default.
    fn in_declaration(_game: &Self) -> bool {
        false
    }

    /// The panel `p` opens, if the game has one for this view.
    fn panel(_view: &Self::View) -> Option<Panel> {
        None
    }

    /// The game's own keys for the help overlay, (keys, what they do).
    fn help_keys() -> Vec<(&'static str, &'static str)> {
        Vec::new()
    }

    /// How to read the board, shown in the help under the keys.
    fn legend() -> &'static [&'static str] {
        &[]
    }

    /// The tables the new-game menu offers: entry `i` describes a game against `i + 1`
    /// opponents. By default only a two-seat game.
    fn tables() -> Vec<String> {
        vec!["1".to_string()]
    }
}
