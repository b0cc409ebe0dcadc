//! The 2PCG board: each opponent's rows facing you, the combat or the turn, your rows,
//! resources and hand; the `p` panel with every KO pile and your own face-down
//! resources; the legend of a character's numbers.

use crate::chips::{flow, lines_needed, Chip};
use crate::client_game::{CardRef, ClientGame, Panel};
use crate::screen::Screen;
use crate::theme::Theme;
use crossover_kernel::{Game, Presentation, Seat};
use crossover_vs2pcg::card_view::{CardDetail, Place, SeenCard};
use crossover_vs2pcg::game::{CharacterView, PlayerView, View};
use crossover_vs2pcg::{Action, GameState};
use ratatui::layout::{Constraint, Direction, Layout, Rect};
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph};
use ratatui::Frame;

/// The line between the opponents and you: the combat, or whose turn and phase it is.
const COMBAT_LINE: u16 = 1;

/// How the place of a card in your hand reads; the board draws the hand from the
/// cards with this place.
const HAND: &str = "your hand";
/// How the place of a resource reads ("your resources", "Bo's resources, face down");
/// the board draws the resources it can name from the cards with this place.
const RESOURCES: &str = "resources";
const FACE_DOWN: &str = ", face down";

/// One row of a player's block: its label and its cards, on `lines` screen lines.
struct Row {
    label: &'static str,
    chips: Vec<Chip>,
    lines: usize,
}

/// One player's block: a title, then rows. Boxed (the viewer, or the only opponent)
/// or with a title line only (two or three opponents, so 80×24 holds all).
struct PlayerBlock {
    seat: Seat,
    boxed: bool,
    rows: Vec<Row>,
}

impl PlayerBlock {
    fn height(&self) -> u16 {
        let frame = if self.boxed { 2 } else { 1 };
        frame + self.rows.iter().map(|r| r.lines as u16).sum::<u16>()
    }
}

/// The board in `width` columns and at most `max` lines: every row gets a line, then
/// the rows that need more get them in turn (your hand and rows first), while lines
/// are left. Cards that still don't fit are counted, never wrapped.
fn plan(screen: &Screen<GameState>, width: u16, max: u16) -> Vec<PlayerBlock> {
    let v = &screen.view;
    let theme = screen.theme;
    let others: Vec<usize> = (0..v.players.len()).filter(|&i| i != v.seat).collect();
    let compact = others.len() > 1;
    let cursor = screen.cursor_card().map(|c| c.id);
    let mut blocks: Vec<PlayerBlock> = others
        .iter()
        .map(|&p| {
            let player = &v.players[p];
            // An opponent faces you: back row at the top, front row towards you.
            PlayerBlock {
                seat: p,
                boxed: !compact,
                rows: vec![
                    row("back ", character_chips(&player.back, theme, cursor)),
                    row("front", character_chips(&player.front, theme, cursor)),
                    row("res  ", resource_chips(screen, p, cursor)),
                ],
            }
        })
        .collect();
    let me = &v.players[v.seat];
    blocks.push(PlayerBlock {
        seat: v.seat,
        boxed: true,
        rows: vec![
            row("front", character_chips(&me.front, theme, cursor)),
            row("back ", character_chips(&me.back, theme, cursor)),
            row("res  ", resource_chips(screen, v.seat, cursor)),
            row("hand ", hand_chips(screen, cursor)),
        ],
    });
    let inner = |b: &PlayerBlock| width.saturating_sub(if b.boxed { 2 } else { 0 }) as usize;
    let mut used: u16 = COMBAT_LINE + blocks.iter().map(PlayerBlock::height).sum::<u16>();
    // Your rows first (hand, front, back), then the opponents' front and back rows,
    // then resources.
    let mine = blocks.len() - 1;
    let mut order: Vec<(usize, usize)> = vec![(mine, 3), (mine, 0), (mine, 1)];
    for b in 0..mine {
        order.push((b, 1));
        order.push((b, 0));
    }
    order.extend((0..blocks.len()).map(|b| (b, 2)));
    let mut grew = true;
    while grew && used < max {
        grew = false;
        for &(b, r) in &order {
            let w = inner(&blocks[b]);
            let row = &mut blocks[b].rows[r];
            let label = format!("{} ", row.label);
            if used < max && lines_needed(&label, &row.chips, w) > row.lines {
                row.lines += 1;
                used += 1;
                grew = true;
            }
        }
    }
    blocks
}

fn row(label: &'static str, chips: Vec<Chip>) -> Row {
    Row {
        label,
        chips,
        lines: 1,
    }
}

fn character_chips(row: &[CharacterView], theme: Theme, cursor: Option<u64>) -> Vec<Chip> {
    row.iter()
        .map(|c| {
            let mut style = if c.stunned {
                theme.stunned()
            } else if c.exhausted {
                theme.exhausted()
            } else {
                Style::default()
            };
            if cursor == Some(c.id as u64) {
                style = style.patch(theme.selected());
            }
            Chip::new(vec![Span::styled(character_text(c), style)])
        })
        .collect()
}

/// Face-up resources by name; your face-down ones by name marked "fd"; another
/// player's face-down ones only counted. Named ones come from the card list, so the
/// card cursor shows on them.
fn resource_chips(screen: &Screen<GameState>, seat: Seat, cursor: Option<u64>) -> Vec<Chip> {
    let theme = screen.theme;
    let p = &screen.view.players[seat];
    let mut chips: Vec<Chip> = screen
        .cards
        .iter()
        .filter(|c| c.seat == seat && c.place.contains(RESOURCES))
        .map(|c| {
            let face_down = c.place.ends_with(FACE_DOWN);
            let (text, mut style) = if face_down {
                (format!("{} fd", c.name), theme.face_down())
            } else {
                (c.name.clone(), Style::default())
            };
            if cursor == Some(c.id) {
                style = style.patch(theme.selected());
            }
            Chip::new(vec![Span::styled(text, style)])
        })
        .collect();
    if chips.is_empty() {
        // A screen built without the card list: the resources by name from the view.
        chips = p
            .resources
            .iter()
            .filter_map(|r| {
                let name = r.name.clone()?;
                Some(if r.face_up {
                    Chip::new(vec![Span::raw(name)])
                } else {
                    Chip::new(vec![Span::styled(format!("{name} fd"), theme.face_down())])
                })
            })
            .collect();
    }
    let hidden = p
        .resources
        .iter()
        .filter(|r| !r.face_up && r.name.is_none())
        .count();
    if hidden > 0 {
        chips.push(Chip::new(vec![Span::styled(
            format!("{hidden} face down"),
            theme.face_down(),
        )]));
    }
    chips
}

/// Your hand with each card's cost and type; "*" marks a card you can play now.
fn hand_chips(screen: &Screen<GameState>, cursor: Option<u64>) -> Vec<Chip> {
    let theme = screen.theme;
    let from_cards: Vec<Chip> = screen
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
        .collect();
    if !from_cards.is_empty() {
        return from_cards;
    }
    // A screen built without the card list: the hand by name.
    let hand = screen.view.players[screen.view.seat].hand.clone();
    hand.unwrap_or_default()
        .into_iter()
        .map(|n| Chip::new(vec![Span::raw(n)]))
        .collect()
}

impl ClientGame for GameState {
    const TITLE: &'static str = "Vs. System 2PCG";

    fn player_name(view: &View, seat: Seat) -> String {
        view.players[seat].name.clone()
    }

    fn board_height(screen: &Screen<Self>, width: u16, max: u16) -> u16 {
        COMBAT_LINE
            + plan(screen, width, max)
                .iter()
                .map(PlayerBlock::height)
                .sum::<u16>()
    }

    fn draw_board(frame: &mut Frame, area: Rect, screen: &Screen<Self>) {
        let v = &screen.view;
        let theme = screen.theme;
        let blocks = plan(screen, area.width, area.height);
        let mine = blocks.len() - 1;
        let mut constraints: Vec<Constraint> = blocks[..mine]
            .iter()
            .map(|b| Constraint::Length(b.height()))
            .collect();
        constraints.push(Constraint::Length(COMBAT_LINE));
        constraints.push(Constraint::Length(blocks[mine].height()));
        let rects = Layout::default()
            .direction(Direction::Vertical)
            .constraints(constraints)
            .split(area);
        for (i, b) in blocks.iter().enumerate() {
            let rect = if i == mine { rects[mine + 1] } else { rects[i] };
            let player = &v.players[b.seat];
            let yours = b.seat == v.seat;
            let ally = screen.allies.get(b.seat).copied().unwrap_or(yours);
            let block = player_block(
                player,
                v.turn_player == b.seat,
                rect.width,
                theme,
                yours,
                ally,
            );
            let block = if b.boxed {
                block.borders(Borders::ALL)
            } else {
                block.borders(Borders::TOP)
            };
            let width = block.inner(rect).width as usize;
            let lines: Vec<Line> = b
                .rows
                .iter()
                .flat_map(|r| {
                    let label = Span::styled(format!("{} ", r.label), theme.side(ally));
                    flow(label, &r.chips, width, r.lines)
                })
                .collect();
            frame.render_widget(Paragraph::new(lines).block(block), rect);
        }
        let combat = match &v.combat {
            Some(c) => format!(" Combat: {c}"),
            None => turn_line(v, rects[mine].width),
        };
        frame.render_widget(
            Paragraph::new(Span::styled(combat, theme.heading())),
            rects[mine],
        );
    }

    fn cards(game: &Self, viewer: Seat) -> Vec<CardRef> {
        let view = game.view(viewer);
        game.seen_cards(viewer)
            .into_iter()
            .map(|c| CardRef {
                id: c.id as u64,
                label: hand_label(&c),
                place: place_text(&view, &c),
                name: c.name,
                seat: c.seat,
                playable: c.playable,
            })
            .collect()
    }

    fn option_card(_game: &Self, action: &Action) -> Option<u64> {
        action.cards().first().map(|&c| u64::from(c))
    }

    fn card_detail(game: &Self, viewer: Seat, id: u64) -> Option<Vec<Line<'static>>> {
        let id = u16::try_from(id).ok()?;
        let detail = game.card_detail(viewer, id)?;
        let view = game.view(viewer);
        let place = game
            .seen_cards(viewer)
            .iter()
            .find(|c| c.id == id)
            .map(|c| place_text(&view, c));
        Some(detail_lines(&detail, place))
    }

    /// Declaring an attack (Declare a Combat p.10): choosing the attacker, more
    /// attackers and the defender only changes the pending decision, so it can be taken
    /// back until the defender is chosen.
    fn in_declaration(game: &Self) -> bool {
        game.legal_actions()
            .iter()
            .any(|a| matches!(a, Action::Defender { .. } | Action::AddAttacker { .. }))
    }

    /// 2 vs 2 and 2-Headed Teammates: teammates are not enemies.
    fn ally(game: &Self, viewer: Seat, other: Seat) -> bool {
        !game.are_enemies(viewer, other)
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

/// " Turn 3 · Player 1 (avengers-cap)'s turn · Build Phase, Resource Step"; where that
/// is too wide for `width`, the name loses its part in brackets, then goes (the ▶ on
/// the board still marks whose turn it is), so the phase and step always show.
fn turn_line(v: &View, width: u16) -> String {
    let name = &v.players[v.turn_player].name;
    let short = name.split_once(" (").map_or(name.as_str(), |(s, _)| s);
    let [long, shorter, shortest] = [
        format!(" Turn {} · {name}'s turn · {}", v.turn, v.phase),
        format!(" Turn {} · {short}'s turn · {}", v.turn, v.phase),
        format!(" Turn {} · {}", v.turn, v.phase),
    ];
    let fits = |t: &String| t.chars().count() <= usize::from(width);
    [long, shorter].into_iter().find(fits).unwrap_or(shortest)
}

/// "Thor (4, Char)": a card in hand with its cost and type.
fn hand_label(c: &SeenCard) -> String {
    let kind = match c.kind {
        "Main Character" => "Main",
        "Character" => "Char",
        "Plot Twist" => "PT",
        "Equipment" => "Equip",
        "Location" => "Loc",
        other => other,
    };
    match c.cost {
        Some(cost) => format!("{} ({cost}, {kind})", c.name),
        None => format!("{} ({kind})", c.name),
    }
}

fn place_text(view: &View, c: &SeenCard) -> String {
    let whose = if c.seat == view.seat {
        "your".to_string()
    } else {
        format!("{}'s", view.players[c.seat].name)
    };
    match c.place {
        Place::Hand => HAND.to_string(),
        Place::Front => format!("{whose} front row"),
        Place::Back => format!("{whose} back row"),
        Place::Equipment => format!("{whose} equipment"),
        Place::Resource if c.face_down => format!("{whose} {RESOURCES}{FACE_DOWN}"),
        Place::Resource => format!("{whose} {RESOURCES}"),
        Place::KoPile => format!("{whose} KO pile"),
        Place::SetAside => format!("{whose} set-aside cards"),
        Place::Elsewhere => "on its way (recruited or resolving)".to_string(),
    }
}

/// The card-detail overlay: what it is and where, its numbers now against the printed
/// ones and why they differ, keywords (granted ones marked), counters, equipment and
/// state, then its text.
pub fn detail_lines(d: &CardDetail, place: Option<String>) -> Vec<Line<'static>> {
    let bold = Style::default().add_modifier(Modifier::BOLD);
    let mut lines = vec![Line::from(vec![
        Span::styled(d.name.clone(), bold),
        Span::raw(format!(" ({}) · {}", d.number, d.kind)),
    ])];
    if let Some(place) = place {
        lines.push(Line::from(format!("In {place}.")));
    }
    if let Some(cost) = d.cost {
        lines.push(Line::from(format!("Cost {cost}.")));
    }
    if let (Some((atk, def, health)), Some((now_atk, now_def))) = (d.printed, d.current) {
        lines.push(Line::from(format!(
            "Printed ATK {atk} DEF {def}, health {health}. Now ATK {now_atk} DEF {now_def}."
        )));
        for c in &d.changes {
            let what = match &c.note {
                Some(note) => note.clone(),
                None => format!("{:+}/{:+}", c.atk, c.def),
            };
            lines.push(Line::from(format!("  {what} from {}", c.source)));
        }
    }
    if !d.keywords.is_empty() {
        let k: Vec<String> = d
            .keywords
            .iter()
            .map(|k| {
                if k.granted {
                    format!("{} (granted)", k.name)
                } else {
                    k.name.to_string()
                }
            })
            .collect();
        lines.push(Line::from(format!("Keywords: {}.", k.join(", "))));
    }
    let mut state = Vec::new();
    if let Some(level) = d.level {
        state.push(format!("level {level}, {} XP", d.xp));
    }
    if d.plus > 0 {
        state.push(format!("{} +1/+1 counter(s)", d.plus));
    }
    if d.minus > 0 {
        state.push(format!("{} -1/-1 counter(s)", d.minus));
    }
    if d.wounds > 0 {
        state.push(format!("{} wound(s)", d.wounds));
    }
    if let Some(e) = &d.equipment {
        state.push(format!("equipped with {e}"));
    }
    if let Some(a) = &d.attached_to {
        state.push(format!("attached to {a}"));
    }
    if d.stunned {
        state.push("stunned".to_string());
    }
    if d.exhausted {
        state.push("exhausted".to_string());
    }
    if d.face_down {
        state.push("face down".to_string());
    }
    if !state.is_empty() {
        lines.push(Line::from(format!("State: {}.", state.join(", "))));
    }
    if let Some(why) = &d.why_not_playable {
        lines.push(Line::from(format!("Can't be played now: {why}.")));
    }
    lines.push(Line::from(""));
    lines.extend(d.text.iter().map(|t| Line::from(t.clone())));
    lines
}

/// "▶ Player 1 (avengers-cap) (you): deck 49 hand 5 KO 1 RP 0"; where that is too
/// wide for `width`, the name loses its part in brackets so the counts still show.
fn player_block(
    p: &PlayerView,
    their_turn: bool,
    width: u16,
    theme: Theme,
    yours: bool,
    ally: bool,
) -> Block<'static> {
    let tag = if yours {
        " (you)"
    } else if ally {
        " (ally)"
    } else {
        ""
    };
    let title = |name: &str, tagged: bool| {
        format!(
            "{name}{}: deck {} hand {} KO {} RP {} ",
            if tagged { tag } else { "" },
            p.deck_size,
            p.hand_size,
            p.ko_pile.len(),
            p.recruit_points
        )
    };
    let mark = if their_turn { " ▶ " } else { " " };
    let fits = |t: &str| t.chars().count() + mark.chars().count() + 2 <= width as usize;
    // Too wide: first the name loses its part in brackets, then "(you)" goes (your
    // block is still the one at the bottom, boxed).
    let short = p.name.split_once(" (").map_or(p.name.as_str(), |(s, _)| s);
    let text = [
        title(&p.name, true),
        title(short, true),
        title(short, false),
    ]
    .into_iter()
    .find(|t| fits(t))
    .unwrap_or_else(|| title(short, false));
    let side = theme.side(ally);
    Block::default().border_style(side).title(Line::from(vec![
        Span::styled(mark, theme.turn()),
        Span::styled(text, side.add_modifier(Modifier::BOLD)),
    ]))
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

/// How to read the board, under the keys in the help.
const LEGEND: &[&str] = &[
    "Cap L1 XP1/3 4/5 H6 +1 [Shield] exh",
    "  level 1, 1 of the 3 XP to level up, ATK 4 DEF 5,",
    "  health 6 (W2/6: 2 wounds of 6), a +1/+1 counter,",
    "  equipment, exhausted (STUN: stunned)",
    "hand *Thor (4, Char): * can be played now, cost 4,",
    "  a character (Main, PT plot twist, Equip, Loc)",
    "res Academy fd: your face-down resource",
    "▶ whose turn; (you) your side; RP recruit points to spend",
];
