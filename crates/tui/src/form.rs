//! A new-game screen made of choice lines, for a game whose table is more than a deck
//! against opponents (Marvel Champions: how many heroes, each hero's deck and who plays
//! it, the villain, the modular set, Standard or Expert). Each line is a label and a
//! list of values changed with ←→; a game hides the lines that don't matter for the
//! other lines' values (a fourth hero's deck in a two-hero game). Like the menu, it is
//! a plain state machine fed with keys, so it is tested without a terminal.

use crate::app::Key;
use crate::menu::{draw_menu, Menu, MenuEffect, MenuLine};
use ratatui::Frame;

/// One choice line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Field {
    pub label: String,
    /// The values offered, as shown (at least one).
    pub values: Vec<String>,
    /// The chosen value's index.
    pub value: usize,
    /// Whether the line is shown (and so can be changed).
    pub shown: bool,
}

impl Field {
    pub fn new(label: &str, values: Vec<String>) -> Field {
        assert!(!values.is_empty(), "the line {label:?} offers no value");
        Field {
            label: label.to_string(),
            values,
            value: 0,
            shown: true,
        }
    }
}

pub struct Form {
    /// Shown in the frame's title.
    pub title: String,
    pub fields: Vec<Field>,
    /// Sets each field's `shown` from the values chosen; run after every change.
    pub refresh: fn(&mut [Field]),
    /// The selected line among those shown (the last is "Start the game").
    pub row: usize,
    /// Why the last start was refused.
    pub message: Option<String>,
    /// Things to tell the person, e.g. deck files that could not be read.
    pub notes: Vec<String>,
}

impl Form {
    pub fn new(title: &str, fields: Vec<Field>, refresh: fn(&mut [Field])) -> Form {
        let mut form = Form {
            title: title.to_string(),
            fields,
            refresh,
            row: 0,
            message: None,
            notes: Vec::new(),
        };
        (form.refresh)(&mut form.fields);
        form
    }

    /// The shown lines, as field indices; `None` is the line that starts the game.
    pub fn rows(&self) -> Vec<Option<usize>> {
        let mut rows: Vec<Option<usize>> = (0..self.fields.len())
            .filter(|&i| self.fields[i].shown)
            .map(Some)
            .collect();
        rows.push(None);
        rows
    }

    /// The chosen value of each field (hidden ones included: the caller knows which
    /// matter).
    pub fn choice(&self) -> Vec<usize> {
        self.fields.iter().map(|f| f.value).collect()
    }

    /// Choose value `value` of field `field` (for preselecting from the command line);
    /// out-of-range indices are ignored.
    pub fn set(&mut self, field: usize, value: usize) {
        if let Some(f) = self.fields.get_mut(field) {
            if value < f.values.len() {
                f.value = value;
            }
        }
        (self.refresh)(&mut self.fields);
    }

    /// The text of field `i`'s chosen value.
    pub fn value_text(&self, i: usize) -> &str {
        let f = &self.fields[i];
        &f.values[f.value]
    }

    fn change(&mut self, field: usize, forward: bool) {
        let f = &mut self.fields[field];
        let count = f.values.len();
        f.value = if forward {
            (f.value + 1) % count
        } else {
            (f.value + count - 1) % count
        };
        (self.refresh)(&mut self.fields);
        self.message = None;
    }
}

impl Menu for Form {
    type Choice = Vec<usize>;

    /// ↑↓ (or j k) move between lines, ←→ (or h l, Space) change the line's value,
    /// Enter starts the game, q or Esc leaves.
    fn on_key(&mut self, key: Key) -> MenuEffect<Vec<usize>> {
        let rows = self.rows();
        self.row = self.row.min(rows.len() - 1);
        match key {
            Key::Up | Key::Char('k') => self.row = (self.row + rows.len() - 1) % rows.len(),
            Key::Down | Key::Char('j') => self.row = (self.row + 1) % rows.len(),
            Key::Left | Key::Char('h') => {
                if let Some(field) = rows[self.row] {
                    self.change(field, false);
                }
            }
            Key::Right | Key::Char('l') | Key::Char(' ') => {
                if let Some(field) = rows[self.row] {
                    self.change(field, true);
                }
            }
            Key::Enter => return MenuEffect::Start(self.choice()),
            Key::Char('q') | Key::Esc => return MenuEffect::Quit,
            _ => {}
        }
        // A change may hide lines: keep the selection on a line that exists.
        self.row = self.row.min(self.rows().len() - 1);
        MenuEffect::None
    }

    fn refuse(&mut self, why: String) {
        self.message = Some(why);
    }

    fn draw(&self, frame: &mut Frame) {
        let lines: Vec<MenuLine> = self
            .rows()
            .into_iter()
            .map(|row| match row {
                Some(i) => MenuLine {
                    label: self.fields[i].label.clone(),
                    value: Some(self.value_text(i).to_string()),
                },
                None => MenuLine {
                    label: "Start the game".into(),
                    value: None,
                },
            })
            .collect();
        draw_menu(
            frame,
            &format!(" {} · new game ", self.title),
            &lines,
            self.row,
            self.message.as_deref(),
            &self.notes,
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A second line shown only while the first is on its second value.
    fn form() -> Form {
        fn refresh(fields: &mut [Field]) {
            fields[1].shown = fields[0].value == 1;
        }
        Form::new(
            "Test",
            vec![
                Field::new("Players", vec!["1".into(), "2".into()]),
                Field::new("Second", vec!["a".into(), "b".into(), "c".into()]),
            ],
            refresh,
        )
    }

    #[test]
    fn a_hidden_line_is_skipped_until_another_value_shows_it() {
        let mut f = form();
        assert_eq!(f.rows(), vec![Some(0), None]);
        f.on_key(Key::Right);
        assert_eq!(f.rows(), vec![Some(0), Some(1), None]);
        f.on_key(Key::Down);
        f.on_key(Key::Left); // wraps to the last value
        assert_eq!(f.value_text(1), "c");
        assert_eq!(f.on_key(Key::Enter), MenuEffect::Start(vec![1, 2]));
    }

    #[test]
    fn up_from_the_first_line_wraps_to_start_the_game() {
        let mut f = form();
        f.on_key(Key::Up);
        assert_eq!(f.rows()[f.row], None);
        // Changing keys do nothing on the start line.
        f.on_key(Key::Right);
        assert_eq!(f.choice(), vec![0, 0]);
        f.on_key(Key::Down);
        assert_eq!(f.row, 0);
    }

    #[test]
    fn a_refused_start_shows_why_until_a_value_changes() {
        let mut f = form();
        f.refuse("that deck breaks a rule".into());
        assert_eq!(f.message.as_deref(), Some("that deck breaks a rule"));
        f.on_key(Key::Right);
        assert_eq!(f.message, None);
        assert_eq!(f.on_key(Key::Esc), MenuEffect::Quit);
    }

    #[test]
    fn set_ignores_values_out_of_range() {
        let mut f = form();
        f.set(1, 9);
        f.set(7, 0);
        assert_eq!(f.choice(), vec![0, 0]);
    }
}
