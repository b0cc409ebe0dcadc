//! Drawing a [`Screen`]: the board on the left (each opponent's rows, the combat, your
//! rows and hand, the log), the pending decision on the right, overlays for help,
//! quitting and the end of the game. Fits 80×24 and uses any extra room.

use crate::screen::{Mode, Screen};
use crossover_vs2pcg::game::{CharacterView, PlayerView, View};
use ratatui::layout::{Constraint, Direction, Layout, Rect};
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, List, ListItem, ListState, Paragraph, Wrap};
use ratatui::Frame;

/// The keys, as the help overlay lists them.
pub const HELP: &[(&str, &str)] = &[
    ("↑ ↓ or j k", "pick a choice"),
    ("1-9", "pick the choice with that number"),
    ("Enter", "confirm the choice"),
    ("u", "undo your last action (against the computer)"),
    ("PgUp PgDn", "scroll the log back and forth"),
    ("p", "KO piles and your face-down resources"),
    ("?", "this help (any key closes it)"),
    ("q", "quit (asks first; the replay is saved)"),
];

pub fn draw(frame: &mut Frame, screen: &Screen) {
    if let Mode::Curtain(seat) = screen.mode {
        // Nothing of the board: the player before may still be looking.
        let name = &screen.view.players[seat].name;
        let pass = format!("Pass the screen to {name}.");
        popup(
            frame,
            "Hot seat",
            &[pass.as_str(), "", "Press any key when you are ready."],
        );
        return;
    }
    let [board, side] = split(
        Direction::Horizontal,
        frame.area(),
        [Constraint::Min(46), Constraint::Length(32)],
    );
    draw_board(frame, board, screen);
    draw_decision(frame, side, screen);
    match &screen.mode {
        Mode::Help => draw_help(frame),
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
        Mode::Piles(scroll) => draw_piles(frame, &screen.view, *scroll),
        Mode::Board | Mode::Thinking | Mode::Curtain(_) => {}
    }
}

fn split<const N: usize>(dir: Direction, area: Rect, c: [Constraint; N]) -> [Rect; N] {
    let rects = Layout::default().direction(dir).constraints(c).split(area);
    std::array::from_fn(|i| rects[i])
}

fn draw_board(frame: &mut Frame, area: Rect, screen: &Screen) {
    let v = &screen.view;
    let others: Vec<usize> = (0..v.players.len()).filter(|&i| i != v.seat).collect();
    // One opponent gets a boxed block with a line to spare for wrapping; two or three
    // (Free-for-All, 2 vs 2) get a title line and their rows, so 80×24 still holds all.
    let compact = others.len() > 1;
    let mut constraints: Vec<Constraint> = others
        .iter()
        .map(|_| Constraint::Length(if compact { 4 } else { 6 }))
        .collect();
    constraints.push(Constraint::Length(1));
    constraints.push(Constraint::Length(8));
    constraints.push(Constraint::Min(3));
    let rects = Layout::default()
        .direction(Direction::Vertical)
        .constraints(constraints)
        .split(area);
    for (slot, &p) in others.iter().enumerate() {
        let player = &v.players[p];
        // An opponent faces you: back row at the top, front row towards you.
        let lines = vec![
            row_line("back ", &player.back),
            row_line("front", &player.front),
            resource_line(player),
        ];
        let block = player_block(player, v.turn_player == p, rects[slot].width);
        let block = if compact {
            block.borders(Borders::TOP)
        } else {
            block
        };
        frame.render_widget(
            Paragraph::new(lines)
                .wrap(Wrap { trim: false })
                .block(block),
            rects[slot],
        );
    }
    let n = others.len();
    let combat = match &v.combat {
        Some(c) => format!(" Combat: {c}"),
        None => format!(
            " Turn {} · {}'s turn · {}",
            v.turn, v.players[v.turn_player].name, v.phase
        ),
    };
    frame.render_widget(Paragraph::new(combat), rects[n]);
    let me = &v.players[v.seat];
    let hand = me.hand.as_ref().map_or(String::new(), |h| h.join(", "));
    let lines = vec![
        row_line("front", &me.front),
        row_line("back ", &me.back),
        resource_line(me),
        Line::from(format!("hand  {hand}")),
    ];
    frame.render_widget(
        Paragraph::new(lines)
            .wrap(Wrap { trim: false })
            .block(player_block(
                me,
                v.turn_player == v.seat,
                rects[n + 1].width,
            )),
        rects[n + 1],
    );
    draw_log(frame, rects[n + 2], screen);
}

/// The log's newest entries, or older ones when scrolled back with PgUp.
fn draw_log(frame: &mut Frame, area: Rect, screen: &Screen) {
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

/// "▶ Player 1 (avengers-cap): deck 49 hand 5 KO 1 RP 0"; where that is too wide for
/// `width`, the name loses its part in brackets so the counts still show.
fn player_block(p: &PlayerView, their_turn: bool, width: u16) -> Block<'static> {
    let title = |name: &str| {
        format!(
            " {}{name}: deck {} hand {} KO {} RP {} ",
            if their_turn { "▶ " } else { "" },
            p.deck_size,
            p.hand_size,
            p.ko_pile.len(),
            p.recruit_points
        )
    };
    let mut text = title(&p.name);
    if text.chars().count() + 2 > width as usize {
        if let Some((short, _)) = p.name.split_once(" (") {
            text = title(short);
        }
    }
    Block::default().borders(Borders::ALL).title(text)
}

fn row_line(label: &str, row: &[CharacterView]) -> Line<'static> {
    let mut spans = vec![Span::raw(format!("{label} "))];
    for (i, c) in row.iter().enumerate() {
        if i > 0 {
            spans.push(Span::raw(" │ "));
        }
        let style = if c.stunned {
            Style::default().add_modifier(Modifier::DIM | Modifier::CROSSED_OUT)
        } else if c.exhausted {
            Style::default().add_modifier(Modifier::DIM)
        } else {
            Style::default()
        };
        spans.push(Span::styled(character_text(c), style));
    }
    Line::from(spans)
}

/// "Captain America L1 XP1/4 4/5 W1/6 +1 [Shield] exh" — the numbers a player needs;
/// XP shows out of what the next level needs, while there is a next level; health
/// shows as H6, or as W1/6 once wounded.
pub fn character_text(c: &CharacterView) -> String {
    let mut t = c.name.clone();
    if c.main {
        t += &format!(" L{}", c.level);
        match c.level_up_xp {
            Some(need) => t += &format!(" XP{}/{need}", c.xp),
            None if c.xp > 0 => t += &format!(" XP{}", c.xp),
            None => {}
        }
    }
    t += &format!(" {}/{}", c.atk.max(0), c.def);
    if c.wounds > 0 {
        t += &format!(" W{}/{}", c.wounds, c.health);
    } else {
        t += &format!(" H{}", c.health);
    }
    if c.plus > 0 {
        t += &format!(" +{}", c.plus);
    }
    if c.minus > 0 {
        t += &format!(" -{}", c.minus);
    }
    if let Some(e) = &c.equipment {
        t += &format!(" [{e}]");
    }
    if c.stunned {
        t += " STUN";
    } else if c.exhausted {
        t += " exh";
    }
    t
}

/// Face-up resources by name; face-down ones only counted (their owner sees them with
/// `p`), so a row of resources stays one line.
fn resource_line(p: &PlayerView) -> Line<'static> {
    let mut parts: Vec<String> = p
        .resources
        .iter()
        .filter(|r| r.face_up)
        .filter_map(|r| r.name.clone())
        .collect();
    let face_down = p.resources.iter().filter(|r| !r.face_up).count();
    if face_down > 0 {
        parts.push(format!("{face_down} face down"));
    }
    Line::from(format!("res   {}", parts.join(", ")))
}

/// What the `p` overlay lists: each player's KO pile, newest first, and what only the
/// viewer may see of their own: face-down resources.
pub fn piles_lines(v: &View) -> Vec<String> {
    let mut lines = Vec::new();
    for (seat, p) in v.players.iter().enumerate() {
        let ko: Vec<&str> = p.ko_pile.iter().rev().map(String::as_str).collect();
        let you = if seat == v.seat { " (you)" } else { "" };
        lines.push(format!("{}{you}: KO pile {}", p.name, ko.len()));
        lines.push(if ko.is_empty() {
            "  (empty)".to_string()
        } else {
            format!("  {}", ko.join(", "))
        });
        if !p.set_aside.is_empty() {
            lines.push(format!("  set aside: {}", p.set_aside.join(", ")));
        }
    }
    let me = &v.players[v.seat];
    let face_down: Vec<&str> = me
        .resources
        .iter()
        .filter(|r| !r.face_up)
        .filter_map(|r| r.name.as_deref())
        .collect();
    if !face_down.is_empty() {
        lines.push(format!(
            "Your face-down resources: {}",
            face_down.join(", ")
        ));
    }
    lines
}

fn draw_piles(frame: &mut Frame, v: &View, scroll: u16) {
    let area = frame.area();
    let rect = Rect {
        x: area.x + 2,
        y: area.y + 1,
        width: area.width.saturating_sub(4),
        height: area.height.saturating_sub(2),
    };
    frame.render_widget(Clear, rect);
    let lines: Vec<Line> = piles_lines(v).into_iter().map(Line::from).collect();
    let block = Block::default()
        .borders(Borders::ALL)
        .title(" KO piles, newest first · ↑↓ scroll · any other key closes ");
    frame.render_widget(
        Paragraph::new(lines)
            .wrap(Wrap { trim: false })
            .scroll((scroll, 0))
            .block(block),
        rect,
    );
}

fn draw_decision(frame: &mut Frame, area: Rect, screen: &Screen) {
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
        (None, _) => match screen.view.deciding {
            Some(s) => (
                format!("Waiting for {}.", screen.view.players[s].name),
                None,
            ),
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

/// How to read a character on the board, under the keys in the help.
pub const LEGEND: &[&str] = &[
    "Cap L1 XP1/3 4/5 H6 +1 [Shield] exh",
    "  level 1, 1 of the 3 XP to level up, ATK 4 DEF 5,",
    "  health 6 (W2/6: 2 wounds of 6), a +1/+1 counter,",
    "  equipment, exhausted (STUN: stunned)",
];

fn draw_help(frame: &mut Frame) {
    let mut lines: Vec<String> = HELP
        .iter()
        .map(|(k, what)| format!("{k:<12} {what}"))
        .collect();
    lines.push(String::new());
    lines.extend(LEGEND.iter().map(|l| l.to_string()));
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
