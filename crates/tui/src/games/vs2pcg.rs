//! The 2PCG board: each opponent's rows facing you, the combat or the turn, your rows,
//! resources and hand; the `p` panel with every KO pile and your own face-down
//! resources; the legend of a character's numbers.

use crate::client_game::{ClientGame, Panel};
use crate::screen::Screen;
use crossover_kernel::Seat;
use crossover_vs2pcg::game::{CharacterView, PlayerView, View};
use crossover_vs2pcg::GameState;
use ratatui::layout::{Constraint, Direction, Layout, Rect};
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph, Wrap};
use ratatui::Frame;

/// The line between the opponents and you: the combat, or whose turn and phase it is.
const COMBAT_LINE: u16 = 1;
/// Your block: a border, front row, back row, resources, hand, a line to spare.
const YOUR_BLOCK: u16 = 8;

/// One opponent gets a boxed block with a line to spare for wrapping; two or three
/// (Free-for-All, 2 vs 2) get a title line and their rows, so 80×24 still holds all.
fn opponent_block(opponents: usize) -> u16 {
    if opponents > 1 {
        4
    } else {
        6
    }
}

impl ClientGame for GameState {
    const TITLE: &'static str = "Vs. System 2PCG";

    fn player_name(view: &View, seat: Seat) -> String {
        view.players[seat].name.clone()
    }

    fn board_height(screen: &Screen<Self>, _width: u16) -> u16 {
        let opponents = screen.view.players.len().saturating_sub(1) as u16;
        opponents * opponent_block(opponents as usize) + COMBAT_LINE + YOUR_BLOCK
    }

    fn draw_board(frame: &mut Frame, area: Rect, screen: &Screen<Self>) {
        let v = &screen.view;
        let others: Vec<usize> = (0..v.players.len()).filter(|&i| i != v.seat).collect();
        let compact = others.len() > 1;
        let mut constraints: Vec<Constraint> = others
            .iter()
            .map(|_| Constraint::Length(opponent_block(others.len())))
            .collect();
        constraints.push(Constraint::Length(COMBAT_LINE));
        constraints.push(Constraint::Length(YOUR_BLOCK));
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
    }

    fn panel(view: &View) -> Option<Panel> {
        Some(Panel {
            title: "KO piles, newest first".to_string(),
            lines: piles_lines(view),
        })
    }

    fn help_keys() -> Vec<(&'static str, &'static str)> {
        vec![("p", "KO piles and your face-down resources")]
    }

    fn legend() -> &'static [&'static str] {
        LEGEND
    }

    fn tables() -> Vec<String> {
        vec![
            "1 (two-player game)".to_string(),
            "2 (Free-for-All)".to_string(),
            "3 (Free-for-All)".to_string(),
        ]
    }
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

/// "Captain America L1 XP1/4 4/5 W1/6 +1 \[Shield\] exh" — the numbers a player needs;
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

/// How to read a character on the board, under the keys in the help.
const LEGEND: &[&str] = &[
    "Cap L1 XP1/3 4/5 H6 +1 [Shield] exh",
    "  level 1, 1 of the 3 XP to level up, ATK 4 DEF 5,",
    "  health 6 (W2/6: 2 wounds of 6), a +1/+1 counter,",
    "  equipment, exhausted (STUN: stunned)",
];
