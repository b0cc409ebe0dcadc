//! Drawing a [`Screen`]: the game's board on the left with the log under it, the
//! pending decision on the right, overlays for help, the game's panel, quitting, the
//! end of the game and the hot-seat curtain. Fits 80×24 and uses any extra room. How
//! the board itself is laid out is the game's ([`ClientGame::draw_board`]).

use crate::client_game::{ClientGame, Panel};
use crate::screen::{Mode, Screen};
use ratatui::layout::{Constraint, Direction, Layout, Rect};
use ratatui::style::{Modifier, Style};
use ratatui::text::Line;
use ratatui::widgets::{Block, Borders, Clear, List, ListItem, ListState, Paragraph, Wrap};
use ratatui::Frame;

/// The client's keys listed before the game's own in the help.
const HELP_FIRST: &[(&str, &str)] = &[
    ("↑ ↓ or j k", "pick a choice"),
    ("1-9", "pick the choice with that number"),
    ("Enter", "confirm the choice"),
    ("u", "undo your last action (against the computer)"),
    ("PgUp PgDn", "scroll the log back and forth"),
];

/// The client's keys listed after the game's own in the help.
const HELP_LAST: &[(&str, &str)] = &[
    ("?", "this help (any key closes it)"),
    ("q", "quit (asks first; the replay is saved)"),
];

/// The keys, as the help overlay lists them: the client's, with the game's own
/// ([`ClientGame::help_keys`]) among them.
pub fn help_keys<G: ClientGame>() -> Vec<(&'static str, &'static str)> {
    let mut keys = HELP_FIRST.to_vec();
    keys.extend(G::help_keys());
    keys.extend_from_slice(HELP_LAST);
    keys
}

pub fn draw<G: ClientGame>(frame: &mut Frame, screen: &Screen<G>) {
    if let Mode::Curtain(seat) = screen.mode {
        // Nothing of the board: the player before may still be looking.
        let pass = format!("Pass the screen to {}.", screen.names[seat]);
        popup(
            frame,
            "Hot seat",
            &[pass.as_str(), "", "Press any key when you are ready."],
        );
        return;
    }
    let [left, side] = split(
        Direction::Horizontal,
        frame.area(),
        [Constraint::Min(46), Constraint::Length(32)],
    );
    let [board, log] = split(
        Direction::Vertical,
        left,
        [
            Constraint::Length(G::board_height(screen, left.width)),
            Constraint::Min(3),
        ],
    );
    G::draw_board(frame, board, screen);
    draw_log(frame, log, screen);
    draw_decision(frame, side, screen);
    match &screen.mode {
        Mode::Help => draw_help::<G>(frame),
        Mode::ConfirmQuit => popup(
            frame,
            "Quit?",
            &[
                "Quit this game? Its replay is saved.",
                "",
                "y: quit    n: keep playing",
            ],
        ),
        Mode::GameOver(text) => popup(
            frame,
            "Game over",
            &[text.as_str(), "", "The replay is saved.", "q: leave"],
        ),
        Mode::Panel(scroll) => {
            if let Some(panel) = G::panel(&screen.view) {
                draw_panel(frame, &panel, *scroll);
            }
        }
        Mode::Board | Mode::Thinking | Mode::Curtain(_) => {}
    }
}

/// `area` cut in `N` pieces along `dir`.
pub fn split<const N: usize>(dir: Direction, area: Rect, c: [Constraint; N]) -> [Rect; N] {
    let rects = Layout::default().direction(dir).constraints(c).split(area);
    std::array::from_fn(|i| rects[i])
}

/// The log's newest entries, or older ones when scrolled back with PgUp.
fn draw_log<G: ClientGame>(frame: &mut Frame, area: Rect, screen: &Screen<G>) {
    let shown = area.height.saturating_sub(1) as usize;
    let end = screen.log.len() - screen.log_back.min(screen.log.len());
    let lines: Vec<Line> = screen.log[end.saturating_sub(shown)..end]
        .iter()
        .map(|t| Line::from(t.as_str()))
        .collect();
    let title = if screen.log_back > 0 {
        format!(" Log, {} newer below (PgDn) ", screen.log_back)
    } else {
        " Log ".to_string()
    };
    frame.render_widget(
        Paragraph::new(lines).block(Block::default().borders(Borders::TOP).title(title)),
        area,
    );
}

fn draw_panel(frame: &mut Frame, panel: &Panel, scroll: u16) {
    let area = frame.area();
    let rect = Rect {
        x: area.x + 2,
        y: area.y + 1,
        width: area.width.saturating_sub(4),
        height: area.height.saturating_sub(2),
    };
    frame.render_widget(Clear, rect);
    let lines: Vec<Line> = panel.lines.iter().map(|l| Line::from(l.as_str())).collect();
    let block = Block::default().borders(Borders::ALL).title(format!(
        " {} · ↑↓ scroll · any other key closes ",
        panel.title
    ));
    frame.render_widget(
        Paragraph::new(lines)
            .wrap(Wrap { trim: false })
            .scroll((scroll, 0))
            .block(block),
        rect,
    );
}

fn draw_decision<G: ClientGame>(frame: &mut Frame, area: Rect, screen: &Screen<G>) {
    let [top, keys] = split(
        Direction::Vertical,
        area,
        [Constraint::Min(5), Constraint::Length(1)],
    );
    let block = Block::default().borders(Borders::ALL).title(" Decision ");
    let inner = block.inner(top);
    frame.render_widget(block, top);
    let (prompt, list_area) = match (&screen.prompt, &screen.mode) {
        (_, Mode::Thinking) => ("The computer is thinking…".to_string(), None),
        (Some(p), _) => (p.clone(), Some(())),
        (None, _) => match screen.deciding {
            Some(s) => (format!("Waiting for {}.", screen.names[s]), None),
            None => ("The game is over.".to_string(), None),
        },
    };
    let prompt_height = (prompt.chars().count() as u16 / inner.width.max(1) + 1).min(4);
    let [p_area, o_area] = split(
        Direction::Vertical,
        inner,
        [Constraint::Length(prompt_height + 1), Constraint::Min(1)],
    );
    frame.render_widget(Paragraph::new(prompt).wrap(Wrap { trim: true }), p_area);
    if list_area.is_some() {
        let width = o_area.width.saturating_sub(1).max(8) as usize;
        let items: Vec<ListItem> = screen
            .options
            .iter()
            .enumerate()
            .map(|(i, o)| ListItem::new(wrap(&format!("{}. {o}", i + 1), width)))
            .collect();
        let mut state = ListState::default().with_selected(Some(screen.selected));
        let list = List::new(items)
            .highlight_symbol("▶")
            .highlight_style(Style::default().add_modifier(Modifier::REVERSED));
        frame.render_stateful_widget(list, o_area, &mut state);
    }
    frame.render_widget(Paragraph::new(" ↑↓ Enter · u undo · ? help · q"), keys);
}

/// `text` broken into lines of at most `width` characters, at spaces where possible;
/// continuation lines are indented under the text after the number.
fn wrap(text: &str, width: usize) -> Vec<Line<'static>> {
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in text.split(' ') {
        let len = line.chars().count();
        if len > 0 && len + 1 + word.chars().count() > width {
            lines.push(Line::from(std::mem::take(&mut line)));
            line.push_str("   ");
        }
        if !line.is_empty() && !line.ends_with("   ") {
            line.push(' ');
        }
        line.push_str(word);
    }
    lines.push(Line::from(line));
    lines
}

fn draw_help<G: ClientGame>(frame: &mut Frame) {
    let mut lines: Vec<String> = help_keys::<G>()
        .iter()
        .map(|(k, what)| format!("{k:<12} {what}"))
        .collect();
    if !G::legend().is_empty() {
        lines.push(String::new());
        lines.extend(G::legend().iter().map(|l| l.to_string()));
    }
    let refs: Vec<&str> = lines.iter().map(String::as_str).collect();
    popup(frame, "Keys", &refs);
}

/// A bordered box in the middle of the screen.
fn popup(frame: &mut Frame, title: &str, lines: &[&str]) {
    let area = frame.area();
    let width =
        (lines.iter().map(|l| l.chars().count()).max().unwrap_or(0) as u16 + 4).min(area.width);
    let height = (lines.len() as u16 + 2).min(area.height);
    let rect = Rect {
        x: area.x + (area.width - width) / 2,
        y: area.y + (area.height - height) / 2,
        width,
        height,
    };
    frame.render_widget(Clear, rect);
    let text: Vec<Line> = lines.iter().map(|l| Line::from(*l)).collect();
    frame.render_widget(
        Paragraph::new(text).block(
            Block::default()
                .borders(Borders::ALL)
                .title(format!(" {title} ")),
        ),
        rect,
    );
}
