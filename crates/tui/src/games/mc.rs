//! The Marvel Champions board: the villain's side of the table (villain, main and side
//! schemes, environment, encounter deck) on top, then one box per player (identity,
//! cards in play, engaged minions, hand, deck), side by side when the screen is wide
//! enough; the card cursor and card details read every visible card's generated text.

use crate::chips::{flow, lines_needed, Chip};
use crate::client_game::{CardRef, ClientGame};
use crate::screen::Screen;
use crossover_kernel::{Game, Seat};
use crossover_mc::state::Zone;
use crossover_mc::{Action, CardId, Mc};
use crossover_mc::{McView, PlayerBlock};
use ratatui::layout::{Constraint, Direction, Layout, Rect};
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph};
use ratatui::Frame;

/// How the place of a card in the viewer's hand reads; the board draws the hand from
/// the cards with this place (to mark the playable ones).
const HAND: &str = "your hand";
/// The hand's line in a player's block of the view.
const HAND_LINE: &str = "hand: ";
/// Narrower player boxes than this are stacked instead of side by side.
const MIN_COLUMN: u16 = 38;

const LEGEND: &[&str] = &[
    "Top box: the villain's side — villain stage and hit points, main scheme threat",
    "against its target, side schemes, environment, encounter deck.",
    "One box per player: identity (form, hit points, stats), the cards they control,",
    "engaged minions, hand (* = can be played now), deck and discard.",
    "▶ marks the player deciding; ★ the first player. Tab walks the visible cards,",
    "from the card of the highlighted choice; Enter on one shows its text and state.",
];

/// `text` broken into lines of at most `width` characters at spaces (a word longer
/// than the line is cut by the terminal); continuation lines start with `indent`.
fn wrap(text: &str, width: usize, indent: &str) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::new();
    let mut fresh = true;
    for word in text.split(' ') {
        if !fresh && line.chars().count() + 1 + word.chars().count() > width {
            lines.push(std::mem::take(&mut line));
            line.push_str(indent);
            fresh = true;
        }
        if !fresh {
            line.push(' ');
        }
        line.push_str(word);
        fresh = false;
    }
    lines.push(line);
    lines
}

/// The viewer's hand as chips: "*" and colour mark a card that can be played now.
fn hand_chips(screen: &Screen<Mc>) -> Vec<Chip> {
    let theme = screen.theme;
    let cursor = screen.cursor_card().map(|c| c.id);
    screen
        .cards
        .iter()
        .filter(|c| c.place == HAND)
        .map(|c| {
            let mut style = if c.playable {
                theme.playable()
            } else {
                Style::default()
            };
            if cursor == Some(c.id) {
                style = style.patch(theme.selected());
            }
            let mark = if c.playable { "*" } else { "" };
            Chip::new(vec![Span::styled(format!("{mark}{}", c.label), style)])
        })
        .collect()
}

/// One player's box content at `width` inner columns.
fn player_lines(screen: &Screen<Mc>, p: usize, width: usize) -> Vec<Line<'static>> {
    let b: &PlayerBlock = &screen.view.players[p];
    let bold = Style::default().add_modifier(Modifier::BOLD);
    let mut out: Vec<Line> = wrap(&b.heading, width, "  ")
        .into_iter()
        .map(|l| Line::from(Span::styled(l, bold)))
        .collect();
    let hand = hand_chips(screen);
    for l in &b.lines {
        if p == screen.view.seat && l.starts_with(HAND_LINE) && !hand.is_empty() {
            let label = Span::styled(HAND_LINE, screen.theme.yours());
            let need = lines_needed(HAND_LINE, &hand, width);
            out.extend(flow(label, &hand, width, need));
            continue;
        }
        out.extend(wrap(l, width, "  ").into_iter().map(Line::from));
    }
    out
}

/// How the players' boxes sit: side by side (one column each) or stacked.
fn columns(view: &McView, width: u16) -> bool {
    let n = view.players.len() as u16;
    n > 1 && width / n >= MIN_COLUMN
}

fn player_rects(view: &McView, area: Rect, heights: &[u16]) -> Vec<Rect> {
    let n = view.players.len();
    if columns(view, area.width) {
        Layout::default()
            .direction(Direction::Horizontal)
            .constraints(vec![Constraint::Ratio(1, n as u32); n])
            .split(area)
            .to_vec()
    } else {
        Layout::default()
            .direction(Direction::Vertical)
            .constraints(
                stacked_heights(heights, view.seat, area.height)
                    .into_iter()
                    .map(Constraint::Length),
            )
            .split(area)
            .to_vec()
    }
}

/// Stacked boxes in `room` lines: the viewer's box whole first; another player's box
/// shrinks to its identity line (3 lines with the border) when they don't all fit,
/// and, when even that leaves no room for the viewer's whole box (two heroes at
/// 80×24), is left out (the Decision and the log still name them).
fn stacked_heights(heights: &[u16], viewer: Seat, room: u16) -> Vec<u16> {
    const SHORT: u16 = 3;
    let mut hs = heights.to_vec();
    for short in [SHORT, 0] {
        for p in (0..hs.len()).rev().filter(|&p| p != viewer) {
            if hs.iter().sum::<u16>() <= room {
                break;
            }
            hs[p] = hs[p].min(short);
        }
    }
    hs
}

/// The table box's lines and each player box's lines at `width`.
fn plan(screen: &Screen<Mc>, width: u16) -> (Vec<Line<'static>>, Vec<Vec<Line<'static>>>) {
    let v = &screen.view;
    let table: Vec<Line> = v
        .table
        .iter()
        .flat_map(|l| wrap(l, width.saturating_sub(2).max(1) as usize, "  "))
        .map(Line::from)
        .collect();
    let n = v.players.len().max(1) as u16;
    let col = if columns(v, width) { width / n } else { width };
    let players = (0..v.players.len())
        .map(|p| player_lines(screen, p, col.saturating_sub(2).max(1) as usize))
        .collect();
    (table, players)
}

fn heights(players: &[Vec<Line>]) -> Vec<u16> {
    players.iter().map(|l| l.len() as u16 + 2).collect()
}

impl ClientGame for Mc {
    const TITLE: &'static str = "Marvel Champions";

    fn player_name(view: &McView, seat: Seat) -> String {
        view.players
            .get(seat)
            .map_or_else(|| format!("Player {}", seat + 1), |b| b.name.clone())
    }

    fn board_height(screen: &Screen<Self>, width: u16, max: u16) -> u16 {
        let (table, players) = plan(screen, width);
        let hs = heights(&players);
        let players_height = if columns(&screen.view, width) {
            hs.iter().copied().max().unwrap_or(0)
        } else {
            let room = max.saturating_sub(table.len() as u16 + 2);
            stacked_heights(&hs, screen.view.seat, room).iter().sum()
        };
        (table.len() as u16 + 2 + players_height).min(max)
    }

    fn draw_board(frame: &mut Frame, area: Rect, screen: &Screen<Self>) {
        let theme = screen.theme;
        let (table, players) = plan(screen, area.width);
        let parts = Layout::default()
            .direction(Direction::Vertical)
            .constraints([
                Constraint::Length(table.len() as u16 + 2),
                Constraint::Min(0),
            ])
            .split(area);
        frame.render_widget(
            Paragraph::new(table).block(
                Block::default()
                    .borders(Borders::ALL)
                    .border_style(theme.theirs())
                    .title(Span::styled(" Villain ", theme.theirs())),
            ),
            parts[0],
        );
        let rects = player_rects(&screen.view, parts[1], &heights(&players));
        for (p, (lines, rect)) in players.into_iter().zip(rects).enumerate() {
            let b = &screen.view.players[p];
            let yours = p == screen.view.seat;
            let mut title = format!(" {}", b.name);
            if yours {
                title.push_str(" (you)");
            }
            if b.first_player {
                title.push_str(" ★");
            }
            title.push(' ');
            let mut spans = Vec::new();
            if screen.deciding == Some(p) {
                spans.push(Span::styled("▶", theme.turn()));
            }
            spans.push(Span::styled(title, theme.side(yours)));
            let block = Block::default()
                .borders(Borders::ALL)
                .border_style(theme.side(yours))
                .title(Line::from(spans));
            frame.render_widget(Paragraph::new(lines).block(block), rect);
        }
    }

    fn cards(game: &Self, viewer: Seat) -> Vec<CardRef> {
        let s = &game.state;
        let me = viewer as u8;
        let playable: Vec<CardId> = if Game::to_move(game) == Some(viewer) {
            s.legal_actions()
                .into_iter()
                .filter_map(|a| match a {
                    Action::Play(c) => Some(c),
                    _ => None,
                })
                .collect()
        } else {
            Vec::new()
        };
        let whose = |p: u8| {
            if p == me {
                "your".to_string()
            } else {
                format!("{}'s", s.player_name(p))
            }
        };
        s.ids()
            .filter(|&c| s.visible_to(me, c))
            .filter_map(|c| {
                let card = s.card(c);
                let place = match card.zone {
                    Zone::Hand(p) if p == me => HAND.to_string(),
                    Zone::Play(p) => format!("{} play area", whose(p)),
                    Zone::Engaged(p) => format!("engaged with {}", s.player_name(p)),
                    Zone::Villain => "the villain".to_string(),
                    Zone::MainScheme => "the main scheme".to_string(),
                    Zone::SideScheme => "the side schemes".to_string(),
                    Zone::Environment => "the environment".to_string(),
                    Zone::Attached => match card.attached_to {
                        Some(t) if s.visible_to(me, t) => format!("attached to {}", s.card_name(t)),
                        _ => "attached to a card".to_string(),
                    },
                    _ => return None,
                };
                let name = s.card_name(c);
                let label = if place == HAND {
                    format!("{name} ({})", s.cost_of(c))
                } else {
                    name.clone()
                };
                Some(CardRef {
                    id: u64::from(c.0),
                    name,
                    label,
                    place,
                    seat: usize::from(card.controller),
                    playable: playable.contains(&c),
                })
            })
            .collect()
    }

    fn option_card(_game: &Self, action: &Action) -> Option<u64> {
        action.cards().first().map(|c| u64::from(c.0))
    }

    fn card_detail(game: &Self, viewer: Seat, id: u64) -> Option<Vec<Line<'static>>> {
        let s = &game.state;
        let c = CardId(u16::try_from(id).ok()?);
        if s.ids().all(|x| x != c) || !s.visible_to(viewer as u8, c) {
            return None;
        }
        let card = Self::cards(game, viewer).into_iter().find(|r| r.id == id)?;
        let bold = Style::default().add_modifier(Modifier::BOLD);
        let mut lines = vec![
            Line::from(Span::styled(s.describe_card(c), bold)),
            Line::from(crate::client_game::sentence(&card.place)),
            Line::from(""),
        ];
        lines.extend(
            crossover_mc::text::card_text(s.face(c))
                .lines()
                .map(|l| Line::from(l.to_string())),
        );
        // An identity's other side is what changing form gives: a player deciding
        // whether to change needs to read it.
        if let Some(p) = s.identity_of(c) {
            let (other, form) = s.identity_other_side(p);
            lines.push(Line::from(""));
            lines.push(Line::from(Span::styled(
                format!("The other side, in {form} form:"),
                bold,
            )));
            lines.extend(
                crossover_mc::text::card_text(other)
                    .lines()
                    .map(|l| Line::from(l.to_string())),
            );
        }
        Some(lines)
    }

    /// Marvel Champions is co-operative: every hero plays on the same side.
    fn ally(_game: &Self, _viewer: Seat, _other: Seat) -> bool {
        true
    }

    fn legend() -> &'static [&'static str] {
        LEGEND
    }
}
