//! An s-expression reader that remembers where every value came from, so that
//! card, deck and scenario files can report `file:line` errors.
//!
//! Syntax: lists in parentheses, double-quoted strings (`\"`, `\\` and `\n` escapes),
//! integers (`-3`, `+2`), and atoms (any other run of characters without white space
//! or parentheses). `;` starts a comment that runs to the end of the line.

use std::fmt;

/// A 1-based line and column.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Pos {
    pub line: u32,
    pub col: u32,
}

impl fmt::Display for Pos {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.line, self.col)
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Sexp {
    Atom(String, Pos),
    Str(String, Pos),
    Int(i64, Pos),
    List(Vec<Sexp>, Pos),
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{pos}: {message}")]
pub struct ReadError {
    pub pos: Pos,
    pub message: String,
}

impl Sexp {
    pub fn pos(&self) -> Pos {
        match self {
            Sexp::Atom(_, p) | Sexp::Str(_, p) | Sexp::Int(_, p) | Sexp::List(_, p) => *p,
        }
    }

    pub fn as_atom(&self) -> Option<&str> {
        match self {
            Sexp::Atom(a, _) => Some(a),
            _ => None,
        }
    }

    pub fn as_str(&self) -> Option<&str> {
        match self {
            Sexp::Str(s, _) => Some(s),
            _ => None,
        }
    }

    pub fn as_int(&self) -> Option<i64> {
        match self {
            Sexp::Int(i, _) => Some(*i),
            _ => None,
        }
    }

    pub fn as_list(&self) -> Option<&[Sexp]> {
        match self {
            Sexp::List(l, _) => Some(l),
            _ => None,
        }
    }

    /// The leading atom of a list: `(cost 3)` has head `cost`.
    pub fn head(&self) -> Option<&str> {
        self.as_list()
            .and_then(|l| l.first())
            .and_then(Sexp::as_atom)
    }

    /// The items after the head of a list.
    pub fn args(&self) -> &[Sexp] {
        match self {
            Sexp::List(l, _) if !l.is_empty() => &l[1..],
            _ => &[],
        }
    }

    /// A short description for error messages: what was found.
    pub fn describe(&self) -> String {
        match self {
            Sexp::Atom(a, _) => format!("`{a}`"),
            Sexp::Str(s, _) => format!("the string \"{s}\""),
            Sexp::Int(i, _) => format!("the number {i}"),
            Sexp::List(_, _) => match self.head() {
                Some(h) => format!("a `({h} ...)` form"),
                None => "a list".to_string(),
            },
        }
    }
}

impl fmt::Display for Sexp {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Sexp::Atom(a, _) => write!(f, "{a}"),
            Sexp::Str(s, _) => write!(f, "{s:?}"),
            Sexp::Int(i, _) => write!(f, "{i}"),
            Sexp::List(items, _) => {
                write!(f, "(")?;
                for (i, it) in items.iter().enumerate() {
                    if i > 0 {
                        write!(f, " ")?;
                    }
                    write!(f, "{it}")?;
                }
                write!(f, ")")
            }
        }
    }
}

/// How deeply lists may nest. Reading, compiling and dropping a value all recurse
/// once per level, so an unbounded depth (a file of 40,000 `(`) would overflow the
/// stack; real card, deck and scenario files stay far below this.
pub const MAX_DEPTH: usize = 100;

/// Read every top-level expression of `src`.
pub fn read(src: &str) -> Result<Vec<Sexp>, ReadError> {
    let mut r = Reader {
        chars: src.chars().collect(),
        i: 0,
        pos: Pos { line: 1, col: 1 },
        depth: 0,
    };
    let mut out = Vec::new();
    loop {
        r.skip_blank();
        if r.peek().is_none() {
            return Ok(out);
        }
        out.push(r.value()?);
    }
}

struct Reader {
    chars: Vec<char>,
    i: usize,
    pos: Pos,
    depth: usize,
}

impl Reader {
    fn peek(&self) -> Option<char> {
        self.chars.get(self.i).copied()
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.i += 1;
        if c == '\n' {
            self.pos.line += 1;
            self.pos.col = 1;
        } else {
            self.pos.col += 1;
        }
        Some(c)
    }

    fn skip_blank(&mut self) {
        while let Some(c) = self.peek() {
            if c == ';' {
                while let Some(c) = self.peek() {
                    if c == '\n' {
                        break;
                    }
                    self.bump();
                }
            } else if c.is_whitespace() {
                self.bump();
            } else {
                break;
            }
        }
    }

    fn err(pos: Pos, message: impl Into<String>) -> ReadError {
        ReadError {
            pos,
            message: message.into(),
        }
    }

    fn value(&mut self) -> Result<Sexp, ReadError> {
        let start = self.pos;
        match self.peek() {
            None => Err(Self::err(start, "unexpected end of file")),
            Some('(') => {
                if self.depth >= MAX_DEPTH {
                    return Err(Self::err(
                        start,
                        format!("lists are nested more than {MAX_DEPTH} deep here"),
                    ));
                }
                self.bump();
                self.depth += 1;
                let mut items = Vec::new();
                loop {
                    self.skip_blank();
                    match self.peek() {
                        None => {
                            return Err(Self::err(start, "this `(` is never closed: add a `)`"))
                        }
                        Some(')') => {
                            self.bump();
                            self.depth -= 1;
                            return Ok(Sexp::List(items, start));
                        }
                        Some(_) => items.push(self.value()?),
                    }
                }
            }
            Some(')') => Err(Self::err(start, "unexpected `)` with no `(` to close")),
            Some('"') => {
                self.bump();
                let mut s = String::new();
                loop {
                    match self.bump() {
                        None => {
                            return Err(Self::err(start, "this string is never closed: add a `\"`"))
                        }
                        Some('"') => return Ok(Sexp::Str(s, start)),
                        Some('\\') => match self.bump() {
                            Some('n') => s.push('\n'),
                            Some('"') => s.push('"'),
                            Some('\\') => s.push('\\'),
                            other => {
                                return Err(Self::err(
                                    self.pos,
                                    format!(
                                        "unknown escape `\\{}` in string",
                                        other.unwrap_or(' ')
                                    ),
                                ))
                            }
                        },
                        Some(c) => s.push(c),
                    }
                }
            }
            Some(_) => {
                let mut s = String::new();
                while let Some(c) = self.peek() {
                    if c.is_whitespace() || c == '(' || c == ')' || c == '"' || c == ';' {
                        break;
                    }
                    s.push(c);
                    self.bump();
                }
                let digits = s.strip_prefix(['-', '+']).unwrap_or(&s);
                if !digits.is_empty() && digits.chars().all(|c| c.is_ascii_digit()) {
                    let v: i64 = s
                        .trim_start_matches('+')
                        .parse()
                        .map_err(|_| Self::err(start, format!("number `{s}` is too large")))?;
                    Ok(Sexp::Int(v, start))
                } else {
                    Ok(Sexp::Atom(s, start))
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_nested_lists_with_positions() {
        let v = read("; a card\n(card \"Thor\"\n  (cost 6) (mod -1))").unwrap();
        assert_eq!(v.len(), 1);
        assert_eq!(v[0].head(), Some("card"));
        assert_eq!(v[0].pos(), Pos { line: 2, col: 1 });
        let cost = &v[0].args()[1];
        assert_eq!(cost.pos(), Pos { line: 3, col: 3 });
        assert_eq!(cost.args()[0].as_int(), Some(6));
        assert_eq!(v[0].args()[2].args()[0].as_int(), Some(-1));
        assert_eq!(v[0].args()[0].as_str(), Some("Thor"));
    }

    #[test]
    fn unclosed_list_names_its_opening_line() {
        let e = read("(a\n (b c)\n").unwrap_err();
        assert_eq!(e.pos, Pos { line: 1, col: 1 });
        assert!(e.message.contains("never closed"));
    }

    #[test]
    fn stray_close_and_bad_escape_are_errors() {
        assert!(read("a )").unwrap_err().message.contains("unexpected `)`"));
        assert_eq!(read("\"a\\q\"").unwrap_err().pos.line, 1);
        assert!(read("\"abc").unwrap_err().message.contains("never closed"));
    }

    #[test]
    fn deeply_nested_parentheses_are_refused_with_a_position_not_a_stack_overflow() {
        let deep = format!("(card\n{}", "(".repeat(40_000));
        let e = read(&deep).unwrap_err();
        assert!(e.message.contains("nested more than"), "{e}");
        assert_eq!(e.pos.line, 2);
        let ok = format!("{}{}", "(".repeat(MAX_DEPTH), ")".repeat(MAX_DEPTH));
        assert!(read(&ok).is_ok());
        let too_deep = format!("{}{}", "(".repeat(MAX_DEPTH + 1), ")".repeat(MAX_DEPTH + 1));
        assert!(read(&too_deep).is_err());
    }

    #[test]
    fn atoms_that_look_like_signs_stay_atoms() {
        let v = read("- + -1/-1 +1").unwrap();
        assert_eq!(v[0].as_atom(), Some("-"));
        assert_eq!(v[1].as_atom(), Some("+"));
        assert_eq!(v[2].as_atom(), Some("-1/-1"));
        assert_eq!(v[3].as_int(), Some(1));
    }
}
