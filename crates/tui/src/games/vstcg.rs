//! The Vs. System TCG board, drawn from the viewer's seat view (`VsTcgView`) only: each
//! opponent's block facing you, then the turn, who has priority and who has passed in
//! succession, the attack and the chain as a stack (top first, with each effect's
//! source, controller and targets), then your block. A block is a player's two areas
//! (visible and hidden), each as its front and support rows with the characters in
//! their columns, lined up so a column reads down the two rows; the resource row; and
//! (yours) the hand. The title has endurance, deck, hand, KO'd pile and the initiative.
//! The `p` panel lists the KO'd piles and removed cards; the card cursor walks every
//! card the viewer can see.

use crate::chips::{flow, lines_needed, Chip};
use crate::client_game::{sentence, CardRef, ClientGame, Panel};
use crate::screen::Screen;
use crate::theme::Theme;
use crossover_kernel::{Game, Presentation, Seat};
use crossover_vstcg::ids::{self, Area, PlayerId};
use crossover_vstcg::view::{CardView, ChainEffectView, CharacterView, PlayerView, VsTcgView};
use crossover_vstcg::{Action, VsTcg};
use ratatui::layout::{Constraint, Direction, Layout, Rect};
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph};
use ratatui::Frame;

/// How the place of a card in your hand reads; the board draws the hand from the cards
/// with this place (to mark the playable ones).
const HAND: &str = "your hand";
/// Every row label is this wide, so the rows' cards start in one column.
const LABEL: usize = 8;
/// Between two columns of an area.
const SEP: &str = " │ ";
/// An area's column is not shrunk below this many characters (nor below its numbers and
/// marks) to line the columns up; when even that doesn't fit, the rows are laid out
/// card after card instead.
const MIN_CELL: usize = 9;

const LEGEND: &[&str] = &[
    "V visible area, H hidden area: front and support rows; [0] a column, lined up",
    "[0] Brask 6/4 exh +1 fl rng [Blade]: ATK 6 DEF 4, exhausted (STUN stunned),",
    "  +1/+1 counter, flight, range, equipment; att attacking, dfn defending",
    "res: names face up; fd your own face down; rev revealed; N face down: unseen",
    "hand *Vance (1, Char): * playable now, cost 1 (PT plot twist, th threshold)",
    "E endurance; ★ the initiative; ▶ deciding; passed: passed in succession",
    "Chain 2 (top first, 1 the bottom): source (controller) → targets — its text",
];

/// What a row of a block shows.
enum Content {
    /// One line as it is: an area's row with its columns lined up.
    Fixed(Vec<Span<'static>>),
    /// Cards laid out whole on as many lines as the row gets.
    Chips(Vec<Chip>),
}

/// One row of a player's block.
struct Row {
    label: &'static str,
    content: Content,
    /// Nothing in it: shown only while there is room.
    empty: bool,
    lines: usize,
}

impl Row {
    fn new(label: &'static str, content: Content, empty: bool) -> Row {
        Row {
            label,
            content,
            empty,
            lines: usize::from(!empty),
        }
    }

    fn label(&self) -> String {
        format!("{:<LABEL$}", self.label)
    }

    fn need(&self, width: usize) -> usize {
        match &self.content {
            Content::Fixed(_) => 1,
            Content::Chips(chips) => lines_needed(&self.label(), chips, width),
        }
    }

    fn render(&self, style: Style, width: usize) -> Vec<Line<'static>> {
        if self.lines == 0 {
            return Vec::new();
        }
        let label = Span::styled(self.label(), style);
        match &self.content {
            Content::Fixed(spans) => {
                let mut all = vec![label];
                all.extend(spans.iter().cloned());
                vec![Line::from(all)]
            }
            Content::Chips(chips) => flow(label, chips, width, self.lines),
        }
    }
}

/// One player's block: boxed (the viewer, or the only opponent) or with a title line
/// only (two or three opponents, so 80×24 holds all).
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

/// The lines between the opponents and you: the turn, priority, the attack, the chain;
/// each item wrapped, with how many of its lines show.
struct Middle {
    items: Vec<(Vec<Line<'static>>, usize)>,
    /// How many items come before the chain's effects (they get their whole lines
    /// before the rows grow; an effect's first line has its source, controller and
    /// targets, and its text gets the lines left at the end).
    before_chain: usize,
    /// Chain effects left out for want of room (the bottom ones).
    cut: usize,
}

impl Middle {
    fn height(&self) -> u16 {
        self.items.iter().map(|(_, n)| *n as u16).sum::<u16>() + u16::from(self.cut > 0)
    }

    fn lines(&self) -> Vec<Line<'static>> {
        let mut out: Vec<Line> = self
            .items
            .iter()
            .flat_map(|(l, n)| l.iter().take(*n).cloned())
            .collect();
        if self.cut > 0 {
            out.push(Line::from(format!("   … {} more below", self.cut)));
        }
        out
    }
}

/// `text` broken into lines of at most `width` characters at spaces; continuation
/// lines start with `indent`.
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

fn name_of(v: &VsTcgView, p: PlayerId) -> String {
    v.players
        .get(p as usize)
        .map_or_else(|| format!("Player {}", p + 1), |pl| pl.name.clone())
}

/// A chain effect as the board reads it, what matters most first: " Chain 2: Trip
/// (Player 2) → Cadet Vance — stun target 0" (1 is the bottom).
pub fn chain_text(v: &VsTcgView, n: usize, e: &ChainEffectView) -> String {
    let mut t = format!(" Chain {n}: ");
    match e.source.as_ref() {
        Some(s) => t += short(s.name.as_deref().unwrap_or("a face-down card")),
        None => t += &e.what,
    }
    if let Some(p) = e.controller {
        t += &format!(" ({})", name_of(v, p));
    }
    if !e.targets.is_empty() {
        let targets: Vec<&str> = e
            .targets
            .iter()
            .map(|t| {
                if t.starts_with("the effect") {
                    t.as_str()
                } else {
                    short(t)
                }
            })
            .collect();
        t += &format!(" → {}", targets.join(", "));
    }
    if e.source.is_some() {
        t += &format!(" — {}", e.what);
    }
    t
}

/// "Brask + Vance attacking Kett": the attack with the characters' short names (the
/// view's text names them whole).
fn attack_text(v: &VsTcgView, text: &str) -> String {
    let chars = || v.players.iter().flat_map(|p| &p.characters);
    let attackers: Vec<&str> = chars()
        .filter(|c| c.attacker)
        .filter_map(|c| c.card.name.as_deref().map(short))
        .collect();
    let stage = if text.contains(" proposed against ") {
        "proposed against"
    } else {
        "attacking"
    };
    let defender = chars()
        .find(|c| c.defender)
        .and_then(|c| c.card.name.as_deref().map(short));
    match (attackers.is_empty(), defender) {
        (false, Some(d)) => format!("{} {stage} {d}", attackers.join(" + ")),
        (false, None) => match text.split_once(&format!(" {stage} ")) {
            Some((_, d)) => format!("{} {stage} {d}", attackers.join(" + ")),
            None => text.to_string(),
        },
        _ => text.to_string(),
    }
}

/// The turn, priority and passing, the attack, the chain.
fn middle(screen: &Screen<VsTcg>, width: u16) -> Middle {
    let v = &screen.view;
    let theme = screen.theme;
    let w = usize::from(width).max(10);
    let item = |text: String, style: Style, indent: &str| {
        let lines: Vec<Line> = wrap(&text, w, indent)
            .into_iter()
            .map(|l| Line::from(Span::styled(l, style)))
            .collect();
        let n = lines.len();
        (lines, n)
    };
    // Where the initiative doesn't fit on the line, the ★ in the titles still says it.
    let long = format!(
        " Turn {} · {} · ★ {} has the initiative",
        v.turn,
        v.part,
        name_of(v, v.initiative)
    );
    let turn = if long.chars().count() <= w {
        long
    } else {
        format!(" Turn {} · {}", v.turn, v.part)
    };
    let mut items = vec![item(turn, theme.heading(), "   ")];
    if let Some(p) = v.priority {
        let passed: Vec<String> = v.passed.iter().map(|&q| name_of(v, q)).collect();
        let passed = if passed.is_empty() {
            "no one has passed".to_string()
        } else {
            format!("passed: {}", passed.join(", "))
        };
        items.push(item(
            format!(" Priority: {} · {passed}", name_of(v, p)),
            Style::default(),
            "   ",
        ));
    }
    if let Some(a) = &v.attack {
        items.push(item(
            format!(" Attack: {}", attack_text(v, a)),
            Style::default(),
            "   ",
        ));
    }
    // The chain top first, each effect numbered from the bottom (1).
    let before_chain = items.len();
    let cursor = screen.cursor_card().map(|c| c.id);
    for (i, e) in v.chain.iter().enumerate().rev() {
        let mut style = if i + 1 == v.chain.len() {
            Style::default().add_modifier(Modifier::BOLD)
        } else {
            Style::default()
        };
        // The card cursor on an effect's source marks the effect.
        if cursor.is_some() && cursor == e.source.as_ref().and_then(id_of) {
            style = style.patch(theme.selected());
        }
        items.push(item(chain_text(v, i + 1, e), style, "      "));
    }
    Middle {
        items,
        before_chain,
        cut: 0,
    }
}

/// A character as a cell of its row: "[0] " and "Brask 6/4 exh +1 fl rng [Blade]",
/// the name apart so that a narrow cell shortens the name, not the numbers.
fn character_parts(
    c: &CharacterView,
    theme: Theme,
    cursor: Option<u64>,
) -> (Span<'static>, Span<'static>, Vec<Span<'static>>) {
    let mut style = if c.stunned {
        theme.stunned()
    } else if c.exhausted {
        theme.exhausted()
    } else {
        Style::default()
    };
    if cursor.is_some() && cursor == c.card.id.map(|i| u64::from(i.0)) {
        style = style.patch(theme.selected());
    }
    let full = c.card.name.clone().unwrap_or_default();
    // The version goes: the card's detail has it.
    let name = full.split_once(", ").map_or(full.as_str(), |(n, _)| n);
    let mut t = format!(" {}/{}", c.atk, c.def);
    if c.stunned {
        t += " STUN";
    } else if c.exhausted {
        t += " exh";
    }
    if c.attacker {
        t += " att";
    }
    if c.defender {
        t += " dfn";
    }
    if c.plus > 0 {
        t += &format!(" +{}", c.plus);
    }
    if c.flight {
        t += " fl";
    }
    if c.range {
        t += " rng";
    }
    let mut rest = vec![Span::styled(t, style)];
    for e in &c.equipment {
        let mut es = style;
        if cursor.is_some() && cursor == e.id.map(|i| u64::from(i.0)) {
            es = es.patch(theme.selected());
        }
        let en = e.name.clone().unwrap_or_default();
        let en = en
            .split_once(", ")
            .map_or(en.as_str(), |(n, _)| n)
            .to_string();
        rest.push(Span::styled(format!(" [{en}]"), es));
    }
    (
        Span::styled(format!("[{}] ", c.position.col), style),
        Span::styled(name.to_string(), style),
        rest,
    )
}

/// A card's name without its version ("Cadet Vance, Training Squad" → "Cadet Vance"):
/// the card's detail has the whole.
fn short(name: &str) -> &str {
    name.split_once(", ").map_or(name, |(n, _)| n)
}

fn width_of(spans: &[Span]) -> usize {
    spans.iter().map(|s| s.content.chars().count()).sum()
}

/// A character's cell at most `w` wide: the name shortened first (to 3 letters and
/// "…"), then the whole cut.
fn cell(parts: &(Span<'static>, Span<'static>, Vec<Span<'static>>), w: usize) -> Chip {
    let (col, name, rest) = parts;
    let mut spans = vec![col.clone(), name.clone()];
    spans.extend(rest.iter().cloned());
    let chip = Chip::new(spans);
    if chip.width() <= w {
        return chip;
    }
    let others = col.content.chars().count() + width_of(rest);
    let room = w.saturating_sub(others);
    if room >= 6 {
        let short: String = name.content.chars().take(room - 1).collect();
        let mut spans = vec![col.clone(), Span::styled(format!("{short}…"), name.style)];
        spans.extend(rest.iter().cloned());
        return Chip::new(spans);
    }
    chip.abbreviated(w)
}

/// One area of a player (its front and support rows) in `width` columns: the rows with
/// their columns lined up, or, where they can't be at this width, card after card.
/// `facing`: an opponent's, the support row first.
fn area_rows(
    p: &PlayerView,
    area: Area,
    facing: bool,
    width: usize,
    theme: Theme,
    cursor: Option<u64>,
) -> Vec<Row> {
    let here: Vec<&CharacterView> = p
        .characters
        .iter()
        .filter(|c| c.position.area == area)
        .collect();
    let (front_label, support_label) = match area {
        Area::Visible => ("V front", "V supp"),
        Area::Hidden => ("H front", "H supp"),
    };
    let mut order = [
        (ids::Row::Front, front_label),
        (ids::Row::Support, support_label),
    ];
    if facing {
        order.reverse();
    }
    if here.is_empty() {
        if area == Area::Hidden {
            // An empty hidden area takes one line, when there is room.
            let empty = Content::Fixed(vec![Span::styled("(empty)", theme.exhausted())]);
            return vec![Row::new("H", empty, true)];
        }
        return order
            .iter()
            .map(|&(_, label)| Row::new(label, Content::Fixed(Vec::new()), true))
            .collect();
    }
    let mut cols: Vec<i8> = here.iter().map(|c| c.position.col).collect();
    cols.sort();
    cols.dedup();
    let parts = |row: ids::Row, col: i8| {
        here.iter()
            .find(|c| c.position.row == row && c.position.col == col)
            .map(|c| character_parts(c, theme, cursor))
    };
    let full = |row: ids::Row, col: i8| {
        parts(row, col).map_or(0, |(a, b, r)| {
            a.content.chars().count() + b.content.chars().count() + width_of(&r)
        })
    };
    // The least a cell may be: its column, numbers and marks whole, and a name of
    // five letters and "…".
    let least = |row: ids::Row, col: i8| {
        parts(row, col).map_or(0, |(a, _, r)| a.content.chars().count() + width_of(&r) + 6)
    };
    let mut widths: Vec<usize> = cols
        .iter()
        .map(|&col| full(ids::Row::Front, col).max(full(ids::Row::Support, col)))
        .collect();
    let mins: Vec<usize> = cols
        .iter()
        .map(|&col| {
            least(ids::Row::Front, col)
                .max(least(ids::Row::Support, col))
                .max(MIN_CELL)
        })
        .collect();
    let room = width.saturating_sub(LABEL);
    let total = |ws: &[usize]| ws.iter().sum::<usize>() + SEP.chars().count() * (ws.len() - 1);
    // The widest cells give way first, each down to its least.
    while total(&widths) > room {
        let Some((i, _)) = widths
            .iter()
            .enumerate()
            .filter(|&(i, &w)| w > mins[i])
            .max_by_key(|&(i, &w)| (w, usize::MAX - i))
        else {
            break;
        };
        widths[i] -= 1;
    }
    let aligned = total(&widths) <= room;
    order
        .iter()
        .map(|&(row, label)| {
            // Laid out card after card, a card is cut only where a line can't hold it.
            let cells: Vec<(usize, Option<Chip>)> = cols
                .iter()
                .zip(&widths)
                .map(|(&col, &w)| {
                    let at = if aligned { w } else { usize::MAX };
                    (w, parts(row, col).map(|p| cell(&p, at)))
                })
                .collect();
            let empty = cells.iter().all(|(_, c)| c.is_none());
            if !aligned {
                let chips = cells.into_iter().filter_map(|(_, c)| c).collect();
                return Row::new(label, Content::Chips(chips), empty);
            }
            let mut spans = Vec::new();
            if !empty {
                let last = cells.iter().rposition(|(_, c)| c.is_some()).unwrap_or(0);
                for (i, (w, c)) in cells.into_iter().enumerate().take(last + 1) {
                    if i > 0 {
                        spans.push(Span::raw(SEP));
                    }
                    match c {
                        Some(chip) => {
                            let pad = w.saturating_sub(chip.width());
                            spans.extend(chip.spans);
                            if i < last && pad > 0 {
                                spans.push(Span::raw(" ".repeat(pad)));
                            }
                        }
                        None => spans.push(Span::raw(" ".repeat(w))),
                    }
                }
            }
            Row::new(label, Content::Fixed(spans), empty)
        })
        .collect()
}

/// The resource row: the cards this seat may look at left to right (face-up ones by
/// name, your face-down ones marked "fd", revealed ones "rev"), then how many face-down
/// ones it may not (another player's, never named), exhausted ones apart.
fn resource_chips(p: &PlayerView, theme: Theme, cursor: Option<u64>) -> Vec<Chip> {
    let mut chips = Vec::new();
    let (mut ready, mut exhausted) = (0, 0);
    for r in &p.resources {
        let Some(name) = &r.card.name else {
            if r.exhausted {
                exhausted += 1;
            } else {
                ready += 1;
            }
            continue;
        };
        let name = short(name);
        let (mark, mut style) = if r.face_up {
            ("", Style::default())
        } else if r.revealed {
            (" rev", Style::default())
        } else {
            (" fd", theme.face_down())
        };
        if r.exhausted {
            style = style.patch(theme.exhausted());
        }
        if cursor.is_some() && cursor == r.card.id.map(|i| u64::from(i.0)) {
            style = style.patch(theme.selected());
        }
        let exh = if r.exhausted { " exh" } else { "" };
        chips.push(Chip::new(vec![Span::styled(
            format!("{name}{mark}{exh}"),
            style,
        )]));
    }
    for (n, exh) in [(ready, ""), (exhausted, " exh")] {
        if n > 0 {
            chips.push(Chip::new(vec![Span::styled(
                format!("{n} face down{exh}"),
                theme.face_down(),
            )]));
        }
    }
    chips
}

/// Your hand with each card's cost and type; "*" marks a card you can play now.
fn hand_chips(screen: &Screen<VsTcg>, cursor: Option<u64>) -> Vec<Chip> {
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
    // A screen built without the card list: the hand from the view.
    let me = &screen.view.players[screen.view.seat];
    me.hand
        .iter()
        .map(|c| Chip::new(vec![Span::raw(hand_label(c))]))
        .collect()
}

/// "Cadet Vance (1, Char)": a card in hand with its cost and type, read from its
/// generated text ("Cadet Vance, Training Squad — character, cost 1, …").
pub fn hand_label(c: &CardView) -> String {
    let name = c.name.clone().unwrap_or_else(|| "a card".to_string());
    let short = name.split_once(", ").map_or(name.as_str(), |(n, _)| n);
    let Some((_, rest)) = c.text.split_once(" — ") else {
        return short.to_string();
    };
    let mut parts = rest.split(", ");
    let kind = parts.next().unwrap_or_default();
    let second = parts.next().unwrap_or_default();
    let number = |prefix: &str| second.strip_prefix(prefix).map(str::to_string);
    match kind {
        "character" => match number("cost ") {
            Some(n) => format!("{short} ({n}, Char)"),
            None => format!("{short} (Char)"),
        },
        "equipment" => match number("cost ") {
            Some(n) => format!("{short} ({n}, Equip)"),
            None => format!("{short} (Equip)"),
        },
        "plot twist" => match number("threshold ") {
            Some(n) => format!("{short} (PT, th {n})"),
            None => format!("{short} (PT)"),
        },
        "location" => match number("threshold ") {
            Some(n) => format!("{short} (Loc, th {n})"),
            None => format!("{short} (Loc)"),
        },
        _ => short.to_string(),
    }
}

/// The board in `width` columns and at most `max` lines: every row with cards gets a
/// line, each item of the middle its first line; then, while lines are left, the turn,
/// priority and attack their wrapped lines, the rows that need more (your character
/// rows, hand and resources, the opponents' rows, a line each in turn), the chain's wrapped lines, and the empty
/// rows. When even the first
/// lines don't fit, opponents lose their boxes, then the chain its bottom effects.
fn plan(screen: &Screen<VsTcg>, width: u16, max: u16) -> (Vec<PlayerBlock>, Middle) {
    let v = &screen.view;
    let theme = screen.theme;
    let cursor = screen.cursor_card().map(|c| c.id);
    let others: Vec<usize> = (0..v.players.len()).filter(|&i| i != v.seat).collect();
    let compact = others.len() > 1;
    let inner = |boxed: bool| usize::from(width).saturating_sub(if boxed { 2 } else { 0 });
    let block = |seat: usize, boxed: bool, facing: bool| {
        let p = &v.players[seat];
        let w = inner(boxed);
        let mut rows = Vec::new();
        let res = resource_chips(p, theme, cursor);
        let res_empty = res.is_empty();
        let res = Row::new("res", Content::Chips(res), res_empty);
        let areas = [
            area_rows(p, Area::Visible, facing, w, theme, cursor),
            area_rows(p, Area::Hidden, facing, w, theme, cursor),
        ];
        if facing {
            // An opponent faces you: resources at the back, the visible front row
            // nearest the middle.
            rows.push(res);
            let [visible, hidden] = areas;
            rows.extend(hidden);
            rows.extend(visible);
        } else {
            let [visible, hidden] = areas;
            rows.extend(visible);
            rows.extend(hidden);
            rows.push(res);
            let hand = hand_chips(screen, cursor);
            let empty = hand.is_empty();
            rows.push(Row::new("hand", Content::Chips(hand), empty));
        }
        PlayerBlock { seat, boxed, rows }
    };
    let mut blocks: Vec<PlayerBlock> = others.iter().map(|&p| block(p, !compact, true)).collect();
    blocks.push(block(v.seat, true, false));
    let mut mid = middle(screen, width);
    for (_, n) in &mut mid.items {
        *n = 1;
    }
    let used = |blocks: &[PlayerBlock], mid: &Middle| {
        mid.height() + blocks.iter().map(PlayerBlock::height).sum::<u16>()
    };
    // Too tall even so: opponents unboxed, then the chain's bottom effects cut.
    if used(&blocks, &mid) > max && !compact && blocks.len() > 1 {
        blocks[0] = block(others[0], false, true);
    }
    while used(&blocks, &mid) > max && mid.items.len() > 2 && !v.chain.is_empty() {
        let chain_first = mid.items.len() - v.chain.len() + mid.cut;
        if mid.items.len() <= chain_first + 1 {
            break;
        }
        mid.items.pop();
        mid.cut += 1;
    }
    let mine = blocks.len() - 1;
    let mut total = used(&blocks, &mid);
    let full: Vec<usize> = middle(screen, width)
        .items
        .iter()
        .map(|(l, _)| l.len())
        .collect();
    let hand = blocks[mine].rows.len() - 1;
    let grow_row = |blocks: &mut Vec<PlayerBlock>, b: usize, r: usize, total: &mut u16| {
        let w = inner(blocks[b].boxed);
        let row = &mut blocks[b].rows[r];
        if !row.empty && *total < max && row.need(w) > row.lines {
            row.lines += 1;
            *total += 1;
            return true;
        }
        false
    };
    let grow_middle = |mid: &mut Middle, upto: usize, total: &mut u16| {
        for (i, (_, n)) in mid.items.iter_mut().enumerate().take(upto) {
            while *total < max && *n < full[i] {
                *n += 1;
                *total += 1;
            }
        }
    };
    let before_chain = mid.before_chain;
    grow_middle(&mut mid, before_chain, &mut total);
    // Your character rows, your hand, your resources, then the opponents' rows, a line
    // each in turn.
    let mut order: Vec<(usize, usize)> = (0..hand - 1).map(|r| (mine, r)).collect();
    order.extend([(mine, hand), (mine, hand - 1)]);
    for (b, block) in blocks.iter().enumerate().take(mine) {
        order.extend((0..block.rows.len()).map(|r| (b, r)));
    }
    let mut grew = true;
    while grew && total < max {
        grew = false;
        for &(b, r) in &order {
            grew |= grow_row(&mut blocks, b, r, &mut total);
        }
    }
    grow_middle(&mut mid, usize::MAX, &mut total);
    for &(b, r) in &order {
        let row = &mut blocks[b].rows[r];
        if row.empty && row.lines == 0 && total < max {
            row.lines = 1;
            total += 1;
        }
    }
    (blocks, mid)
}

/// "▶ ★ Player 2: endurance 50 · deck 40 · hand 6 · KO'd 1"; shorter where that is too
/// wide for `width`.
fn player_title(
    v: &VsTcgView,
    p: &PlayerView,
    deciding: bool,
    yours: bool,
    width: u16,
) -> (String, String) {
    let mark = if deciding { " ▶ " } else { " " };
    let star = if v.initiative == p.seat { "★ " } else { "" };
    let you = if yours { " (you)" } else { "" };
    if !p.in_game {
        return (
            mark.to_string(),
            format!("{star}{}{you}: out of the game ", p.name),
        );
    }
    let mut long = format!(
        "{star}{}{you}: endurance {} · deck {} · hand {} · KO'd {}",
        p.name,
        p.endurance,
        p.deck,
        p.hand_count,
        p.ko_pile.len()
    );
    let mut short = format!(
        "{star}{}{you}: E{} deck {} hand {} KO {}",
        p.name,
        p.endurance,
        p.deck,
        p.hand_count,
        p.ko_pile.len()
    );
    if !p.removed.is_empty() {
        long += &format!(" · removed {}", p.removed.len());
        short += &format!(" rm {}", p.removed.len());
    }
    if p.resource_points > 0 {
        long += &format!(" · RP {}", p.resource_points);
        short += &format!(" RP {}", p.resource_points);
    }
    let fits = |t: &str| t.chars().count() + mark.chars().count() + 3 <= usize::from(width);
    let text = if fits(&long) { long } else { short };
    (mark.to_string(), format!("{text} "))
}

/// Where a card is, as the viewer reads it.
fn whose(v: &VsTcgView, seat: usize) -> String {
    if seat == v.seat {
        "your".to_string()
    } else {
        format!("{}'s", v.players[seat].name)
    }
}

fn id_of(c: &CardView) -> Option<u64> {
    c.id.map(|i| u64::from(i.0))
}

/// Every card of the view with an id (the ones the viewer may look at), its place and
/// owner's seat.
fn seen(v: &VsTcgView) -> Vec<(&CardView, String, usize)> {
    let mut out: Vec<(&CardView, String, usize)> = Vec::new();
    let me = v.seat;
    for c in &v.players[me].hand {
        out.push((c, HAND.to_string(), me));
    }
    let mut seats: Vec<usize> = vec![me];
    seats.extend((0..v.players.len()).filter(|&s| s != me));
    for &s in &seats {
        let p = &v.players[s];
        let w = whose(v, s);
        for c in &p.characters {
            let pos = c.position;
            out.push((
                &c.card,
                format!(
                    "{w} {} {} row, column {}",
                    pos.area.name(),
                    pos.row.name(),
                    pos.col
                ),
                s,
            ));
            let host = c.card.name.clone().unwrap_or_default();
            for e in &c.equipment {
                out.push((e, format!("equipment on {host} ({w} side)"), s));
            }
        }
        for r in &p.resources {
            let how = if r.face_up {
                ""
            } else if r.revealed {
                ", revealed"
            } else {
                ", face down"
            };
            out.push((&r.card, format!("{w} resource row{how}"), s));
        }
    }
    for e in &v.chain {
        if let Some(src) = &e.source {
            let s = e.controller.map_or(me, usize::from);
            out.push((src, "the chain".to_string(), s));
        }
    }
    for &s in &seats {
        let p = &v.players[s];
        let w = whose(v, s);
        for c in p.ko_pile.iter().rev() {
            out.push((c, format!("{w} KO'd pile"), s));
        }
        for c in &p.removed {
            out.push((c, format!("{w} cards removed from the game"), s));
        }
    }
    let mut ids = Vec::new();
    out.retain(|(c, _, _)| match id_of(c) {
        Some(id) if !ids.contains(&id) => {
            ids.push(id);
            true
        }
        _ => false,
    });
    out
}

impl ClientGame for VsTcg {
    const TITLE: &'static str = "Vs. System TCG";

    fn player_name(view: &VsTcgView, seat: Seat) -> String {
        view.players
            .get(seat)
            .map_or_else(|| format!("Player {}", seat + 1), |p| p.name.clone())
    }

    fn board_height(screen: &Screen<Self>, width: u16, max: u16) -> u16 {
        let (blocks, mid) = plan(screen, width, max);
        (mid.height() + blocks.iter().map(PlayerBlock::height).sum::<u16>()).min(max)
    }

    fn draw_board(frame: &mut Frame, area: Rect, screen: &Screen<Self>) {
        let v = &screen.view;
        let theme = screen.theme;
        let (blocks, mid) = plan(screen, area.width, area.height);
        let mine = blocks.len() - 1;
        let mut constraints: Vec<Constraint> = blocks[..mine]
            .iter()
            .map(|b| Constraint::Length(b.height()))
            .collect();
        constraints.push(Constraint::Length(mid.height()));
        constraints.push(Constraint::Length(blocks[mine].height()));
        let rects = Layout::default()
            .direction(Direction::Vertical)
            .constraints(constraints)
            .split(area);
        for (i, b) in blocks.iter().enumerate() {
            let rect = if i == mine { rects[mine + 1] } else { rects[i] };
            let p = &v.players[b.seat];
            let yours = b.seat == v.seat;
            let ally = screen.allies.get(b.seat).copied().unwrap_or(yours);
            let side = theme.side(ally);
            let (mark, title) =
                player_title(v, p, screen.deciding == Some(b.seat), yours, rect.width);
            let block = Block::default()
                .border_style(side)
                .borders(if b.boxed { Borders::ALL } else { Borders::TOP })
                .title(Line::from(vec![
                    Span::styled(mark, theme.turn()),
                    Span::styled(title, side.add_modifier(Modifier::BOLD)),
                ]));
            let width = block.inner(rect).width as usize;
            let lines: Vec<Line> = b.rows.iter().flat_map(|r| r.render(side, width)).collect();
            frame.render_widget(Paragraph::new(lines).block(block), rect);
        }
        frame.render_widget(Paragraph::new(mid.lines()), rects[mine]);
    }

    fn cards(game: &Self, viewer: Seat) -> Vec<CardRef> {
        let v = game.view(viewer);
        let mut playable: Vec<u64> = Vec::new();
        if Game::to_move(game) == Some(viewer) {
            for a in game.legal_actions() {
                match a {
                    Action::Recruit { card, .. }
                    | Action::RecruitRevealing { card, .. }
                    | Action::Equip { card, .. }
                    | Action::PlayPlotTwist(card)
                    | Action::UsePower { card, .. }
                    | Action::FlipLocation(card) => playable.push(u64::from(card.0)),
                    _ => {}
                }
            }
        }
        seen(&v)
            .into_iter()
            .filter_map(|(c, place, seat)| {
                let id = id_of(c)?;
                let name = c.name.clone()?;
                Some(CardRef {
                    id,
                    label: if place == HAND {
                        hand_label(c)
                    } else {
                        name.clone()
                    },
                    name,
                    place,
                    seat,
                    playable: playable.contains(&id),
                })
            })
            .collect()
    }

    fn option_card(_game: &Self, action: &Action) -> Option<u64> {
        let card = match *action {
            Action::Build(c)
            | Action::MoveCharacter { card: c, .. }
            | Action::Recruit { card: c, .. }
            | Action::RecruitRevealing { card: c, .. }
            | Action::Equip { card: c, .. }
            | Action::Propose { attacker: c, .. }
            | Action::JoinTeam(c)
            | Action::PowerUp { target: c, .. }
            | Action::Reinforce { by: c, .. }
            | Action::HitAttacker(c)
            | Action::SaveInWrapUp(Some(c))
            | Action::PlayPlotTwist(c)
            | Action::UsePower { card: c, .. }
            | Action::Reveal(c)
            | Action::Refill(Some(c))
            | Action::FlipLocation(c)
            | Action::ChooseTarget(crossover_vstcg::state::TargetRef::Card(c, _))
            | Action::Pick(c) => c,
            _ => return None,
        };
        Some(u64::from(card.0))
    }

    fn card_detail(game: &Self, viewer: Seat, id: u64) -> Option<Vec<Line<'static>>> {
        let v = game.view(viewer);
        let (card, place, _) = seen(&v)
            .into_iter()
            .find(|(c, _, _)| id_of(c) == Some(id))?;
        let bold = Style::default().add_modifier(Modifier::BOLD);
        let (head, rest) = card
            .text
            .split_once(" — ")
            .unwrap_or((card.text.as_str(), ""));
        let mut lines = vec![
            Line::from(Span::styled(head.to_string(), bold)),
            Line::from(sentence(&place)),
        ];
        let character = v
            .players
            .iter()
            .flat_map(|p| &p.characters)
            .find(|c| id_of(&c.card) == Some(id));
        if let Some(c) = character {
            lines.push(Line::from(format!("Now ATK {} DEF {}.", c.atk, c.def)));
            let mut state = Vec::new();
            if c.stunned {
                state.push("stunned".to_string());
            } else if c.exhausted {
                state.push("exhausted".to_string());
            } else {
                state.push("ready".to_string());
            }
            if c.attacker {
                state.push("attacking".to_string());
            }
            if c.defender {
                state.push("defending".to_string());
            }
            if c.plus > 0 {
                state.push(format!("{} +1/+1 counter(s)", c.plus));
            }
            if c.flight {
                state.push("flight".to_string());
            }
            if c.range {
                state.push("range".to_string());
            }
            for e in &c.equipment {
                state.push(format!(
                    "equipped with {}",
                    e.name.clone().unwrap_or_default()
                ));
            }
            lines.push(Line::from(format!("State: {}.", state.join(", "))));
        }
        lines.push(Line::from(""));
        lines.push(Line::from(rest.to_string()));
        Some(lines)
    }

    fn panel(view: &VsTcgView) -> Option<Panel> {
        let mut lines = Vec::new();
        for (seat, p) in view.players.iter().enumerate() {
            let you = if seat == view.seat { " (you)" } else { "" };
            let ko: Vec<String> = p
                .ko_pile
                .iter()
                .rev()
                .filter_map(|c| c.name.clone())
                .collect();
            lines.push(format!("{}{you}: KO'd pile {}", p.name, ko.len()));
            lines.push(if ko.is_empty() {
                "  (empty)".to_string()
            } else {
                format!("  {}", ko.join(" · "))
            });
            if !p.removed.is_empty() {
                let removed: Vec<String> = p
                    .removed
                    .iter()
                    .map(|c| c.name.clone().unwrap_or_else(|| "a face-down card".into()))
                    .collect();
                lines.push(format!("  removed from the game: {}", removed.join(" · ")));
            }
        }
        let me = &view.players[view.seat];
        let face_down: Vec<String> = me
            .resources
            .iter()
            .filter(|r| !r.face_up)
            .filter_map(|r| r.card.name.clone())
            .collect();
        if !face_down.is_empty() {
            lines.push(format!(
                "Your face-down resources: {}",
                face_down.join(" · ")
            ));
        }
        Some(Panel {
            title: "KO'd piles, newest first".to_string(),
            lines,
        })
    }

    fn help_keys() -> Vec<(&'static str, &'static str)> {
        vec![
            ("p", "KO'd piles, removed cards, your face-down resources"),
            ("c", "concede the game (asks first, 102.5)"),
        ]
    }

    fn legend() -> &'static [&'static str] {
        LEGEND
    }
}
