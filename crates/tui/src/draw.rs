//! Drawing a [`Screen`]: the game's board on the left with the log under it, the
//! pending decision on the right, overlays for help, the game's panel, quitting, the
//! end of the game and the hot-seat curtain. Fits 80×24 and uses any extra room. How
//! the board itself is laid out is the game's ([`ClientGame::draw_board`]).

use crate::client_game::{ClientGame, Panel};
use crate::screen::{Mode, Screen};
use ratatui::layout::{Constraint, Direction, Layout, Rect};
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Paragraph, Wrap};
use ratatui::Frame;

/// The client's keys listed before the game's own in the help.
const HELP_FIRST: &[(&str, &str)] = &[
    ("↑ ↓ or j k", "pick a choice"),
    ("1-9", "pick the choice with that number"),
    ("Enter", "confirm the choice"),
    (
        "Tab or i",
        "walk over every card you can see; Enter reads it",
    ),
    ("u", "undo your last action (against the computer)"),
    ("Esc", "take back an attack you are declaring (else: quit)"),
    ("Space", "show the computer's next action now"),
    ("PgUp PgDn", "scroll the log back and forth"),
];

/// The client's keys listed after the game's own in the help.
const HELP_LAST: &[(&str, &str)] = &[
    ("?", "this help (any key closes it)"),
    ("q", "quit (asks first; the replay is saved)"),
];

/// The keys of a replay, as the help overlay lists them.
pub const REPLAY_HELP: &[(&str, &str)] = &[
    (
        "← → or h l",
        "one action back or forward (also Space, Enter)",
    ),
    ("Home End", "the first and the last action"),
    ("PgUp", "the start of this turn, or of the one before"),
    ("PgDn", "the end of this turn, or of the next"),
    ("v", "the game as another seat saw it"),
    (
        "Tab or i",
        "walk over every card you can see; Enter reads it",
    ),
    ("?", "this help (any key closes it)"),
    ("q or Esc", "leave the replay"),
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
        [
            Constraint::Min(46),
            Constraint::Length(decision_width(frame.area().width)),
        ],
    );
    let [board, log] = split(
        Direction::Vertical,
        left,
        [
            Constraint::Length(G::board_height(
                screen,
                left.width,
                left.height.saturating_sub(4),
            )),
            Constraint::Min(3),
        ],
    );
    G::draw_board(frame, board, screen);
    draw_log(frame, log, screen);
    draw_decision(frame, side, screen);
    match &screen.mode {
        Mode::Help => draw_help::<G>(frame, screen.replay),
        Mode::ConfirmQuit => popup(
            frame,
            "Quit?",
            &[
                "Quit this game? Its replay is saved.",
                "",
                "y: quit    n: keep playing",
            ],
        ),
        Mode::ConfirmConcede => popup(
            frame,
            "Concede?",
            &[
                "Concede this game? You lose it, and can't take that back.",
                "",
                "y: concede    n: keep playing",
            ],
        ),
        Mode::GameOver(text) => {
            let saved = match &screen.replay_path {
                Some(path) => format!("The replay is saved to {path}."),
                None => "The replay is saved.".to_string(),
            };
            popup(
                frame,
                "Game over",
                &[text.as_str(), "", saved.as_str(), "q: leave"],
            )
        }
        Mode::Panel(scroll) => {
            if let Some(panel) = G::panel(&screen.view) {
                draw_panel(frame, &panel, *scroll);
            }
        }
        Mode::Detail { scroll, .. } => {
            if let (Some(card), Some(lines)) = (screen.cursor_card(), &screen.detail) {
                draw_detail(frame, &card.name, lines, *scroll);
            }
        }
        Mode::Board | Mode::Thinking | Mode::Curtain(_) | Mode::Cards(_) => {}
    }
}

/// What one card reads, in a box over most of the screen.
fn draw_detail(frame: &mut Frame, name: &str, lines: &[Line<'static>], scroll: u16) {
    let area = frame.area();
    let rect = Rect {
        x: area.x + 2,
        y: area.y + 1,
        width: area.width.saturating_sub(4),
        height: area.height.saturating_sub(2),
    };
    frame.render_widget(Clear, rect);
    let block = Block::default()
        .borders(Borders::ALL)
        .title(format!(" {name} · ↑↓ scroll · any other key back "));
    frame.render_widget(
        Paragraph::new(lines.to_vec())
            .wrap(Wrap { trim: false })
            .scroll((scroll, 0))
            .block(block),
        rect,
    );
}

/// The keys that work in the screen's mode, for the line under the decision ("Tab
/// cards" only where there are cards to walk over).
pub fn keys_line<G: ClientGame>(screen: &Screen<G>) -> String {
    let tab = if screen.cards.is_empty() {
        ""
    } else {
        "Tab cards · "
    };
    match &screen.mode {
        Mode::Cards(_) => " Tab ↑↓ move · Enter read · Esc".into(),
        Mode::Detail { .. } => " ↑↓ scroll · any key back".into(),
        Mode::Help => " any key closes".into(),
        Mode::Panel(_) => " ↑↓ scroll · any key closes".into(),
        Mode::ConfirmQuit => " y quit · n keep playing".into(),
        Mode::ConfirmConcede => " y concede · n keep playing".into(),
        Mode::GameOver(_) => " q leave".into(),
        Mode::Curtain(_) => " any key".into(),
        _ if screen.replay => {
            let tab = if screen.cards.is_empty() { "" } else { "Tab " };
            format!(" ←→ Home End PgUp PgDn {tab}v ? q")
        }
        Mode::Thinking => format!(" {tab}? help · q quit"),
        Mode::Board if screen.notice.is_some() => {
            format!(" {}", screen.notice.as_deref().unwrap_or_default())
        }
        Mode::Board if screen.declaring => " ↑↓ Enter · Esc take back · ? q".into(),
        Mode::Board if screen.prompt.is_some() => format!(" ↑↓ Enter · {tab}u ? q"),
        Mode::Board => format!(" {tab}PgUp PgDn log · ? q"),
    }
}

/// The decision column's width in a terminal `width` columns wide: 32 at 80, and a
/// quarter of any room beyond, so long options wrap less on a big terminal.
pub fn decision_width(width: u16) -> u16 {
    32 + width.saturating_sub(80) / 4
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
    // Newest last; a long entry wraps (indented) rather than being cut at the edge.
    let names: Vec<&str> = screen.cards.iter().map(|c| c.name.as_str()).collect();
    let mut lines: Vec<Line> = Vec::new();
    for entry in screen.log[..end].iter().rev() {
        if lines.len() >= shown {
            break;
        }
        let mut wrapped = wrap_keeping(entry, area.width.max(8) as usize, &names, "  ");
        wrapped.append(&mut lines);
        lines = wrapped;
    }
    let lines: Vec<Line> = lines.split_off(lines.len().saturating_sub(shown));
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
    frame.render_widget(
        Paragraph::new(Span::styled(keys_line(screen), screen.theme.heading())),
        keys,
    );
    if let Mode::Cards(n) = screen.mode {
        let text = match screen.cards.get(n) {
            Some(c) => format!(
                "Card {} of {}: {}, {}.{}",
                n + 1,
                screen.cards.len(),
                c.name,
                c.place,
                if c.playable {
                    " You can play it now."
                } else {
                    ""
                }
            ),
            None => "No card to show.".to_string(),
        };
        frame.render_widget(Paragraph::new(text).wrap(Wrap { trim: true }), inner);
        return;
    }
    let (prompt, list_area) = match (&screen.prompt, &screen.mode) {
        (_, Mode::Thinking) => ("The computer is thinking…".to_string(), None),
        (Some(p), _) => (p.clone(), Some(())),
        (None, _) => match screen.deciding {
            Some(s) => (format!("Waiting for {}.", screen.names[s]), None),
            None => ("The game is over.".to_string(), None),
        },
    };
    let names: Vec<&str> = screen.cards.iter().map(|c| c.name.as_str()).collect();
    let prompt_lines = wrap_keeping(&prompt, inner.width.max(8) as usize, &names, "");
    let prompt_height = prompt_lines.len().min(5) as u16;
    let [p_area, o_area] = split(
        Direction::Vertical,
        inner,
        [Constraint::Length(prompt_height + 1), Constraint::Min(1)],
    );
    frame.render_widget(Paragraph::new(prompt_lines), p_area);
    if list_area.is_some() {
        draw_options(frame, o_area, screen);
    }
}

/// The options, each wrapped under its number without breaking a card's name; when
/// they don't all fit, the ones around the selection, with how many more there are
/// above and below.
fn draw_options<G: ClientGame>(frame: &mut Frame, area: Rect, screen: &Screen<G>) {
    let width = area.width.saturating_sub(1).max(8) as usize;
    let names: Vec<&str> = screen.cards.iter().map(|c| c.name.as_str()).collect();
    let items: Vec<Vec<Line<'static>>> = screen
        .options
        .iter()
        .enumerate()
        .map(|(i, o)| wrap_keeping(&format!("{}. {o}", i + 1), width, &names, "   "))
        .collect();
    let heights: Vec<usize> = items.iter().map(Vec::len).collect();
    let room = area.height as usize;
    let (first, last) = option_window(&heights, screen.selected, room);
    let mut lines: Vec<Line> = Vec::new();
    let overflow = first > 0 || last < items.len();
    if overflow {
        lines.push(if first > 0 {
            Line::styled(format!(" ↑ {first} more"), screen.theme.heading())
        } else {
            Line::from("")
        });
    }
    for (i, item) in items.into_iter().enumerate().take(last).skip(first) {
        for (j, line) in item.into_iter().enumerate() {
            let mark = if i == screen.selected && j == 0 {
                "▶"
            } else {
                " "
            };
            let style = if i == screen.selected {
                screen.theme.selected()
            } else {
                Style::default()
            };
            let mut spans = vec![Span::raw(mark)];
            spans.extend(line.spans);
            lines.push(Line::from(spans).style(style));
        }
    }
    if last < heights.len() {
        lines.push(Line::styled(
            format!(" ↓ {} more", heights.len() - last),
            screen.theme.heading(),
        ));
    }
    frame.render_widget(Paragraph::new(lines), area);
}

/// Which options `[first, last)` show in `room` lines with the selected one among
/// them; when not all fit, two lines are kept for "↑ n more" and "↓ n more".
pub fn option_window(heights: &[usize], selected: usize, room: usize) -> (usize, usize) {
    if heights.iter().sum::<usize>() <= room {
        return (0, heights.len());
    }
    let usable = room.saturating_sub(2).max(1);
    let selected = selected.min(heights.len().saturating_sub(1));
    let mut first = 0;
    while first < selected && heights[first..=selected].iter().sum::<usize>() > usable {
        first += 1;
    }
    let mut last = selected + 1;
    while last < heights.len() && heights[first..=last].iter().sum::<usize>() <= usable {
        last += 1;
    }
    (first, last)
}

/// [`wrap`], keeping each of `names` (cards' names) on one line.
fn wrap_keeping(text: &str, width: usize, names: &[&str], indent: &str) -> Vec<Line<'static>> {
    const KEEP: char = '\u{a0}';
    let mut text = text.to_string();
    for name in names {
        if name.contains(' ') && text.contains(name) {
            text = text.replace(name, &name.replace(' ', &KEEP.to_string()));
        }
    }
    wrap(&text, width, indent)
        .into_iter()
        .map(|l| Line::from(l.to_string().replace(KEEP, " ")))
        .collect()
}

/// `text` broken into lines of at most `width` characters, at spaces where possible;
/// continuation lines start with `indent` (under the text after an option's number).
fn wrap(text: &str, width: usize, indent: &str) -> Vec<Line<'static>> {
    let mut lines = Vec::new();
    let mut line = String::new();
    let mut fresh = true;
    for word in text.split(' ') {
        let len = line.chars().count();
        if !fresh && len + 1 + word.chars().count() > width {
            lines.push(Line::from(std::mem::take(&mut line)));
            line.push_str(indent);
            fresh = true;
        }
        if !fresh {
            line.push(' ');
        }
        line.push_str(word);
        fresh = false;
    }
    lines.push(Line::from(line));
    lines
}

fn draw_help<G: ClientGame>(frame: &mut Frame, replay: bool) {
    let keys = if replay {
        let mut keys = REPLAY_HELP.to_vec();
        // The game's own keys that work in a replay too (2PCG: `p`).
        keys.extend(G::help_keys());
        keys
    } else {
        help_keys::<G>()
    };
    let mut lines: Vec<String> = keys
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
