//! What the screen tests share: drawing into ratatui's test backend as text. The text
//! is compared with `insta` snapshots in `tests/snapshots/` (committed; a plain `cargo
//! test` fails on any difference and leaves a `.snap.new` beside the snapshot; after an
//! intended change, `cargo insta review` or `INSTA_UPDATE=always cargo test`, then read
//! the diff and commit).

use ratatui::backend::TestBackend;
use ratatui::{Frame, Terminal};

/// The text a `width`×`height` terminal shows after `draw`, trailing spaces trimmed.
pub fn render_text(width: u16, height: u16, draw: impl FnOnce(&mut Frame)) -> String {
    let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
    terminal.draw(draw).unwrap();
    let buffer = terminal.backend().buffer();
    let mut text = String::new();
    for y in 0..height {
        let line: String = (0..width).map(|x| buffer[(x, y)].symbol()).collect();
        text += line.trim_end();
        text.push('\n');
    }
    text
}
