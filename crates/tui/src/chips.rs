//! Laying out a row of cards ("chips") on as many screen lines as a row may take,
//! never breaking a card across lines: a card too wide for a line is abbreviated
//! with "…", and cards beyond the row's last line are counted ("+3 more").

use ratatui::text::{Line, Span};

/// One card as a row shows it: its text in styled pieces, kept on one line.
#[derive(Debug, Clone, PartialEq)]
pub struct Chip {
    pub spans: Vec<Span<'static>>,
}

impl Chip {
    pub fn new(spans: Vec<Span<'static>>) -> Chip {
        Chip { spans }
    }

    pub fn width(&self) -> usize {
        self.spans.iter().map(|s| s.content.chars().count()).sum()
    }

    /// At most `max` characters wide, ending in "…" when cut.
    pub fn abbreviated(&self, max: usize) -> Chip {
        if self.width() <= max {
            return self.clone();
        }
        let mut left = max.saturating_sub(1);
        let mut spans = Vec::new();
        for s in &self.spans {
            if left == 0 {
                break;
            }
            let part: String = s.content.chars().take(left).collect();
            left -= part.chars().count();
            spans.push(Span::styled(part, s.style));
        }
        let style = spans
            .last()
            .map_or_else(Default::default, |s: &Span| s.style);
        spans.push(Span::styled("…", style));
        Chip { spans }
    }
}

/// Between two cards of a row.
const SEP: &str = " │ ";

/// Which chips go on which line when a row of `chips` after `label` (the
/// continuation lines indented under the first chip) has `width` columns.
fn lines_of(label_width: usize, chips: &[Chip], width: usize) -> Vec<Vec<Chip>> {
    let room = width.saturating_sub(label_width).max(2);
    let mut lines: Vec<Vec<Chip>> = vec![Vec::new()];
    let mut used = 0;
    for chip in chips {
        let chip = chip.abbreviated(room);
        let line = lines.last_mut().unwrap();
        let need = if line.is_empty() {
            chip.width()
        } else {
            used + SEP.len() + chip.width()
        };
        if !line.is_empty() && need > room {
            used = chip.width();
            lines.push(vec![chip]);
        } else {
            used = need;
            line.push(chip);
        }
    }
    lines
}

/// How many lines the row takes at `width` with no limit.
pub fn lines_needed(label: &str, chips: &[Chip], width: usize) -> usize {
    lines_of(label.chars().count(), chips, width).len()
}

/// The row on at most `max_lines` lines of `width` columns; when the cards don't fit,
/// the last line ends with how many more there are.
pub fn flow(
    label: Span<'static>,
    chips: &[Chip],
    width: usize,
    max_lines: usize,
) -> Vec<Line<'static>> {
    let label_width = label.content.chars().count();
    let room = width.saturating_sub(label_width).max(2);
    let mut lines = lines_of(label_width, chips, width);
    let max_lines = max_lines.max(1);
    if lines.len() > max_lines {
        lines.truncate(max_lines);
        let shown: usize = lines.iter().map(Vec::len).sum();
        let last = lines.last_mut().unwrap();
        let mut hidden = chips.len() - shown;
        loop {
            let more = format!("+{hidden} more");
            let used: usize = last.iter().map(|c| c.width() + SEP.len()).sum();
            if used + more.chars().count() <= room || last.is_empty() {
                last.push(Chip::new(vec![Span::raw(more)]));
                break;
            }
            last.pop();
            hidden += 1;
        }
    }
    let indent = " ".repeat(label_width);
    lines
        .into_iter()
        .enumerate()
        .map(|(i, chips)| {
            let mut spans = vec![if i == 0 {
                label.clone()
            } else {
                Span::raw(indent.clone())
            }];
            for (j, chip) in chips.into_iter().enumerate() {
                if j > 0 {
                    spans.push(Span::raw(SEP));
                }
                spans.extend(chip.spans);
            }
            Line::from(spans)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn chips(names: &[&str]) -> Vec<Chip> {
        names
            .iter()
            .map(|n| Chip::new(vec![Span::raw(n.to_string())]))
            .collect()
    }

    fn text(lines: &[Line]) -> Vec<String> {
        lines.iter().map(|l| l.to_string()).collect()
    }

    #[test]
    fn cards_go_to_the_next_line_whole() {
        let row = chips(&["Black Widow 2/1", "Captain America 2/5", "Thor 5/5"]);
        let lines = flow(Span::raw("front "), &row, 30, 3);
        assert_eq!(
            text(&lines),
            [
                "front Black Widow 2/1",
                "      Captain America 2/5",
                "      Thor 5/5"
            ]
        );
    }

    #[test]
    fn a_card_wider_than_the_line_is_abbreviated() {
        let row = chips(&["Captain America L1 XP0/3 2/5 H5"]);
        let lines = flow(Span::raw("front "), &row, 20, 1);
        assert_eq!(text(&lines), ["front Captain Ameri…"]);
    }

    #[test]
    fn cards_past_the_last_line_are_counted() {
        let row = chips(&["Alpha", "Bravo", "Charlie", "Delta", "Echo"]);
        let lines = flow(Span::raw("hand "), &row, 24, 1);
        assert_eq!(text(&lines), ["hand Alpha │ +4 more"]);
        assert_eq!(lines_needed("hand ", &row, 24), 3);
    }
}
