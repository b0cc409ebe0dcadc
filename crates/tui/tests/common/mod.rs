//! What the screen tests share: drawing into ratatui's test backend as text, and
//! comparing that text with a snapshot in `tests/snapshots/`.

use ratatui::backend::TestBackend;
use ratatui::{Frame, Terminal};
use std::path::PathBuf;

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

/// Compare with `tests/snapshots/NAME.txt`; `UPDATE_SNAPSHOTS=1` rewrites it instead.
pub fn check(name: &str, actual: &str) {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/snapshots")
        .join(format!("{name}.txt"));
    if std::env::var_os("UPDATE_SNAPSHOTS").is_some() {
        std::fs::write(&path, actual).unwrap();
        return;
    }
    let expected = std::fs::read_to_string(&path).unwrap_or_else(|_| {
        panic!(
            "no snapshot {}: run with UPDATE_SNAPSHOTS=1",
            path.display()
        )
    });
    assert!(
        expected == actual,
        "screen {name} changed; expected:\n{expected}\nactual:\n{actual}\n\
         (if intended, run with UPDATE_SNAPSHOTS=1 and commit the snapshot)"
    );
}
