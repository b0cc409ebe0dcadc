//! The grammar of UFS ability phrasing: one paragraph of a card's printed text (B.6.5.2)
//! compiled into the [`Ability`] our card language writes (`abilityfile.rs`), or refused
//! with a short reason naming the phrase that was not read.
//!
//! A played ability (H.1) is read as
//!
//! ```text
//! [restriction] TYPE [cost] ":" [response condition ","] sentence...
//! ```
//!
//! where the restriction is character names (H.3.1.5, "Ryu/Ken"), TYPE the letter E, F
//! or R (H.2), the cost parts are separated by commas (H.4), and each sentence is an
//! instruction of the effect (J.1), a definition of X (J.4.3.2) or a restriction written
//! after the effect (H.3.3). A paragraph without a type letter is a continuous ability
//! (H.6); only a few of those have a form in the card language.
//!
//! Only what the card language can say is compiled, and only with the meaning our
//! hand-written Battle Pack cards give the same words (the tests compare the two):
//! every other phrase is refused, never guessed. A refusal quotes a few words of the
//! phrase (numbers written N) so that refusals group by phrase and no printed sentence
//! is copied whole.

use crate::ability::*;
use crate::model::{Keyword, Symbol};

/// Why a paragraph was not compiled: one short line naming the phrase.
pub type Refusal = String;

/// The most words of a phrase a refusal quotes.
const QUOTED_WORDS: usize = 6;

/// The most characters of card text read (no printed card comes near it).
const MAX_TEXT: usize = 4_000;

// ---------------------------------------------------------------------------------
// Tokens

#[derive(Debug, Clone, PartialEq, Eq)]
enum Tok {
    /// A word, lower case (apostrophes and inner hyphens kept: "opponent's", "re-check").
    Word(String),
    /// A number; `u32::MAX` stands for one too large to read.
    Num(u32),
    Sym(char),
}

#[derive(Debug, Clone)]
struct Token {
    tok: Tok,
    /// Byte span in the normalised text (character names are taken from it as written).
    start: usize,
    end: usize,
}

/// Curly quotes and dashes as plain ones; spaces collapsed.
fn normalise(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars().take(MAX_TEXT) {
        match c {
            '\u{2018}' | '\u{2019}' | '`' => out.push('\''),
            '\u{201c}' | '\u{201d}' => out.push('"'),
            '\u{2013}' | '\u{2014}' => out.push('-'),
            c if c.is_whitespace() => {
                if !out.ends_with(' ') {
                    out.push(' ')
                }
            }
            c => out.push(c),
        }
    }
    out.trim().to_string()
}

fn tokenize(text: &str) -> Vec<Token> {
    let chars: Vec<(usize, char)> = text.char_indices().collect();
    let mut out = Vec::new();
    let mut i = 0;
    let end_of = |k: usize| chars.get(k).map_or(text.len(), |&(b, _)| b);
    while i < chars.len() {
        let (start, c) = chars[i];
        if c.is_whitespace() {
            i += 1;
        } else if c.is_ascii_digit() {
            let mut n: u32 = 0;
            while i < chars.len() && chars[i].1.is_ascii_digit() {
                let d = chars[i].1.to_digit(10).unwrap_or(0);
                n = n
                    .checked_mul(10)
                    .and_then(|n| n.checked_add(d))
                    .unwrap_or(u32::MAX);
                i += 1;
            }
            out.push(Token {
                tok: Tok::Num(n),
                start,
                end: end_of(i),
            });
        } else if c.is_alphabetic() {
            let mut w = String::new();
            while i < chars.len() {
                let c = chars[i].1;
                let next_letter = chars.get(i + 1).is_some_and(|&(_, n)| n.is_alphabetic());
                if c.is_alphanumeric() || ((c == '\'' || c == '-') && next_letter) {
                    w.extend(c.to_lowercase());
                    i += 1;
                } else if c == '\'' && w.ends_with('s') {
                    // "players'": the apostrophe closes the word.
                    w.push(c);
                    i += 1;
                    break;
                } else {
                    break;
                }
            }
            out.push(Token {
                tok: Tok::Word(w),
                start,
                end: end_of(i),
            });
        } else {
            out.push(Token {
                tok: Tok::Sym(c),
                start,
                end: end_of(i + 1),
            });
            i += 1;
        }
    }
    out
}

/// A few words of a phrase for a refusal: lower case, numbers as N.
fn quote(toks: &[Token]) -> String {
    let mut words = Vec::new();
    for t in toks {
        match &t.tok {
            Tok::Word(w) => words.push(w.clone()),
            Tok::Num(_) => words.push("N".into()),
            Tok::Sym(c) if "+-[]()".contains(*c) => words.push(c.to_string()),
            Tok::Sym(_) => {}
        }
        if words.len() > QUOTED_WORDS {
            break;
        }
    }
    let more = words.len() > QUOTED_WORDS;
    words.truncate(QUOTED_WORDS);
    let mut s = words.join(" ").replace("+ N", "+N").replace("- N", "-N");
    s = s.replace("( ", "(").replace(" )", ")");
    if more {
        s.push_str(" …");
    }
    format!("\"{s}\"")
}

// ---------------------------------------------------------------------------------
// The cursor the grammar reads tokens with

#[derive(Clone, Copy)]
struct P<'t> {
    t: &'t [Token],
    i: usize,
}

impl<'t> P<'t> {
    fn new(t: &'t [Token]) -> Self {
        P { t, i: 0 }
    }

    fn done(&self) -> bool {
        self.i >= self.t.len()
    }

    fn rest(&self) -> &'t [Token] {
        &self.t[self.i.min(self.t.len())..]
    }

    fn peek(&self) -> Option<&'t Tok> {
        self.t.get(self.i).map(|t| &t.tok)
    }

    fn word_is(&self, w: &str) -> bool {
        matches!(self.peek(), Some(Tok::Word(x)) if x == w)
    }

    /// Eats the tokens of `pat` (words and symbols separated by spaces; a word ending in
    /// "(s)" matches with or without its s), or nothing.
    fn eat(&mut self, pat: &str) -> bool {
        let save = self.i;
        for p in pat.split_whitespace() {
            let ok = match self.peek() {
                Some(Tok::Word(w)) => match p.strip_suffix("(s)") {
                    Some(stem) => w == stem || w.strip_suffix('s') == Some(stem),
                    None => w == p,
                },
                Some(Tok::Sym(c)) => p.len() == c.len_utf8() && p.starts_with(*c),
                Some(Tok::Num(n)) => p.parse::<u32>().is_ok_and(|m| m == *n),
                None => false,
            };
            if !ok {
                self.i = save;
                return false;
            }
            self.i += 1;
        }
        true
    }

    /// Eats one of the patterns, the first that matches.
    fn eat_any(&mut self, pats: &[&str]) -> bool {
        pats.iter().any(|p| self.eat(p))
    }

    /// Runs `f`; if it reads nothing (`None`), the cursor is where it was.
    fn attempt<T>(&mut self, f: impl FnOnce(&mut Self) -> Option<T>) -> Option<T> {
        let save = self.i;
        let r = f(self);
        if r.is_none() {
            self.i = save;
        }
        r
    }

    fn num(&mut self) -> Option<u32> {
        match self.peek() {
            Some(Tok::Num(n)) => {
                self.i += 1;
                Some(*n)
            }
            Some(Tok::Word(w)) if w == "a" || w == "an" || w == "one" => {
                self.i += 1;
                Some(1)
            }
            _ => None,
        }
    }

    /// A number, X, or nothing.
    fn num_or_x(&mut self) -> Option<NumX> {
        if self.eat("x") {
            return Some(NumX::X);
        }
        self.num().map(NumX::N)
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum NumX {
    N(u32),
    X,
}

/// A number within the range the card language reads it in.
fn bounded(n: u32, lo: u32, hi: u32) -> Result<u8, Refusal> {
    if (lo..=hi).contains(&n) {
        u8::try_from(n).map_err(|_| format!("the number {n} is out of range"))
    } else if n == u32::MAX {
        Err("a number too large to read".into())
    } else {
        Err(format!("the number {n} is not within {lo} to {hi}"))
    }
}

fn amount(n: NumX) -> Result<Amount, Refusal> {
    Ok(match n {
        NumX::X => Amount::X,
        NumX::N(n) => Amount::N(bounded(n, 0, 99)?),
    })
}

/// Splits tokens at a symbol outside parentheses.
fn split_at_sym(t: &[Token], sep: char) -> Vec<&[Token]> {
    let mut out = Vec::new();
    let mut depth = 0i32;
    let mut from = 0;
    for (k, tok) in t.iter().enumerate() {
        match tok.tok {
            Tok::Sym('(') | Tok::Sym('[') => depth += 1,
            Tok::Sym(')') | Tok::Sym(']') => depth -= 1,
            Tok::Sym(c) if c == sep && depth <= 0 => {
                out.push(&t[from..k]);
                from = k + 1;
            }
            _ => {}
        }
    }
    out.push(&t[from..]);
    out
}

// ---------------------------------------------------------------------------------
// Paragraphs

/// The paragraphs of a card's text. OCTGN's data separates paragraphs with two
/// spaces, but some sets also put two spaces between the sentences of one ability (and
/// a few in mid-sentence), so a piece joins the one before it when it can't begin an
/// ability: it starts in lower case, the piece before it doesn't end a sentence, or it
/// is a sentence only a played ability has (a definition of X, a restriction written
/// after the effect, H.3.3).
pub fn paragraphs(text: &str) -> Vec<String> {
    let text: String = text.chars().take(MAX_TEXT).collect();
    let mut out: Vec<String> = Vec::new();
    let pieces: Vec<&str> = text
        .split("  ")
        .flat_map(split_glued)
        .map(str::trim)
        .filter(|p| !p.is_empty())
        .collect();
    for piece in pieces {
        let lower = piece.to_lowercase();
        let continues = out.last().is_some_and(|prev: &String| {
            let ended = prev.ends_with(['.', '!', ')', '"', '\'']);
            let opener = [
                "x equals",
                "x is ",
                "x may ",
                "only playable",
                "playable ",
                "if they do not",
                "either player may play",
                "any player may play",
                "each player may play this",
                "you may play this ability",
            ]
            .iter()
            .any(|o| lower.starts_with(o));
            !ended || piece.starts_with(|c: char| c.is_lowercase()) || opener
        });
        match out.last_mut() {
            Some(prev) if continues => {
                prev.push(' ');
                prev.push_str(piece);
            }
            _ => out.push(piece.to_string()),
        }
    }
    out
}

/// A piece split where a sentence ends and a played ability begins with its bare type
/// letter ("... (rounded up). E: ..."): some sets' data runs paragraphs together with
/// one space, or none.
fn split_glued(piece: &str) -> Vec<&str> {
    let b = piece.as_bytes();
    let mut out = Vec::new();
    let mut from = 0;
    for k in 1..b.len() {
        let ends = matches!(b[k - 1], b'.' | b')') && (k < 2 || b[k - 2] != b' ');
        let start = if b[k] == b' ' { k + 1 } else { k };
        let letter = matches!(b.get(start), Some(b'E' | b'F' | b'R'));
        let then = b.get(start + 1).copied();
        let begins = letter
            && (then == Some(b':')
                || (then == Some(b' ')
                    && b.get(start + 2).is_some_and(|c| c.is_ascii_uppercase())));
        if ends && begins && start > from && piece.is_char_boundary(start) {
            out.push(&piece[from..start]);
            from = start;
        }
    }
    out.push(&piece[from..]);
    out
}

/// Every ability of a card's text, or the first paragraph's refusal.
pub fn compile_text(text: &str) -> Result<Vec<Ability>, Refusal> {
    paragraphs(text)
        .iter()
        .map(|p| compile_paragraph(p))
        .collect()
}

/// One paragraph into one ability.
pub fn compile_paragraph(paragraph: &str) -> Result<Ability, Refusal> {
    let text = normalise(paragraph);
    let toks = tokenize(&text);
    if toks.is_empty() {
        return Err("an empty paragraph".into());
    }
    match type_letter(&toks) {
        Some(at) => played(&text, &toks, at),
        None => continuous(&toks),
    }
}

// ---------------------------------------------------------------------------------
// H.1: a played ability

/// Where the type letter (H.1.2) is: the first E, F or R among the first words that is
/// not an initial ("E. Honda"), after nothing but words of a restriction.
fn type_letter(toks: &[Token]) -> Option<usize> {
    for (k, t) in toks.iter().enumerate().take(8) {
        match &t.tok {
            Tok::Word(w) if matches!(w.as_str(), "e" | "f" | "r") => {
                if !matches!(toks.get(k + 1).map(|t| &t.tok), Some(Tok::Sym('.'))) {
                    return Some(k);
                }
            }
            Tok::Word(_) | Tok::Sym('/' | '.' | '-' | '{' | '}' | '[' | ']') => {}
            _ => return None,
        }
    }
    None
}

fn played(text: &str, toks: &[Token], at: usize) -> Result<Ability, Refusal> {
    let kind = match &toks[at].tok {
        Tok::Word(w) if w == "e" => AbilityKind::Enhance,
        Tok::Word(w) if w == "f" => AbilityKind::Form,
        _ => AbilityKind::Response,
    };
    let mut ability = Ability::new(kind);
    // H.3.1.2: "Combo" right before the type letter (after any character names).
    let mut before = &toks[..at];
    if let Some((last, rest)) = before.split_last() {
        if last.tok == Tok::Word("combo".into()) {
            ability.combo = true;
            before = rest;
        }
    }
    ability.only_character = restriction(text, before)?;
    let after = &toks[at + 1..];
    // H.3.2: bracketed restrictions; H.4.2: a control check cost "(N+)".
    match after.first().map(|t| &t.tok) {
        Some(Tok::Sym('[')) => {
            let close = after
                .iter()
                .position(|t| t.tok == Tok::Sym(']'))
                .map_or(after.len(), |k| k + 1);
            return Err(format!(
                "the bracketed restriction {} is not in the card language",
                quote(&after[..close])
            ));
        }
        Some(Tok::Sym('(')) => {
            return Err("a control check cost \"(N+)\" (H.4.2) is not in the card language".into())
        }
        _ => {}
    }
    let Some(colon) = after.iter().position(|t| t.tok == Tok::Sym(':')) else {
        return Err("no colon after the type and cost (H.1.5)".into());
    };
    let cost_toks = &after[..colon];
    if !cost_toks.is_empty() {
        for part in split_at_sym(cost_toks, ',') {
            ability.cost.push(cost(part)?);
        }
    }
    let mut body = &after[colon + 1..];
    if body.iter().any(|t| matches!(t.tok, Tok::Sym('\'' | '"'))) {
        return Err("an ability granted in quotes is not compiled".into());
    }
    if kind == AbilityKind::Response {
        let (t, rest) = leading_trigger(body)?;
        ability.trigger = Some(t);
        body = rest;
    }
    sentences(body, &mut ability)?;
    finish(ability)
}

/// H.3.1: the words before the type letter: character names (H.3.1.5), or a
/// restriction the card language has no form for.
fn restriction(text: &str, toks: &[Token]) -> Result<Vec<String>, Refusal> {
    let (Some(first), Some(last)) = (toks.first(), toks.last()) else {
        return Ok(Vec::new());
    };
    for t in toks {
        let word = match &t.tok {
            Tok::Word(w) => w.as_str(),
            Tok::Sym('{' | '[') => {
                return Err(format!(
                    "the resource symbol restriction {} (H.3.1.6) is not in the card language",
                    quote(toks)
                ))
            }
            _ => continue,
        };
        if matches!(word, "combo" | "first" | "deadlock" | "desperation")
            || Symbol::from_name(word).is_some()
            || word == "all"
        {
            return Err(format!(
                "the restriction \"{word}\" (H.3.1) is not in the card language"
            ));
        }
        let written = text.get(t.start..t.end).unwrap_or("");
        if !written.starts_with(|c: char| c.is_uppercase()) {
            return Err(format!("{} before the type letter", quote(toks)));
        }
    }
    let raw = text.get(first.start..last.end).unwrap_or("");
    Ok(raw
        .split('/')
        .map(str::trim)
        .filter(|n| !n.is_empty())
        .map(str::to_string)
        .collect())
}

/// H.4: one part of a cost.
fn cost(part: &[Token]) -> Result<Cost, Refusal> {
    let mut p = P::new(part);
    let unknown = || format!("unknown cost {}", quote(part));
    let whole = |p: &P, c: Cost| if p.done() { Ok(c) } else { Err(unknown()) };
    if p.eat("commit") {
        if p.done() {
            return Ok(Cost::Commit);
        }
        return match p.num_or_x() {
            Some(n) if p.eat("foundation(s)") => whole(
                &p,
                Cost::CommitFoundations(match n {
                    NumX::X => None,
                    NumX::N(n) => Some(bounded(n, 1, 20)?),
                }),
            ),
            _ => Err(unknown()),
        };
    }
    if p.eat("destroy") {
        if p.done() || (p.eat_any(&["this card", "this foundation", "this asset"]) && p.done()) {
            return Ok(Cost::Destroy);
        }
        if p.eat_any(&["1 foundation", "a foundation"]) && p.done() {
            return Ok(Cost::DestroyFoundation);
        }
        return Err(unknown());
    }
    if p.eat("discard") {
        return match p.num_or_x() {
            // "Momemtum" is a misprint some sets' data has.
            Some(NumX::X) if p.eat_any(&["momentum", "momemtum"]) => {
                whole(&p, Cost::DiscardMomentumX)
            }
            Some(NumX::N(n)) if p.eat_any(&["momentum", "momemtum"]) => {
                whole(&p, Cost::DiscardMomentum(bounded(n, 1, 20)?))
            }
            Some(NumX::X) if p.eat("card(s)") => whole(&p, Cost::DiscardX),
            Some(NumX::N(n)) if p.eat("card(s)") => whole(&p, Cost::Discard(bounded(n, 1, 20)?)),
            _ => Err(unknown()),
        };
    }
    if p.eat("reveal the top card of your deck") {
        return whole(&p, Cost::RevealTopOfDeck);
    }
    if p.eat("reveal") {
        if let Some(1) = p.num() {
            if p.eat("control") {
                if let Some(n) = p.num() {
                    let k = KindRef::Control(bounded(n, 0, 20)?);
                    if p.eat("card in your hand") {
                        return whole(&p, Cost::RevealFromHand(k));
                    }
                }
            }
        }
        return Err(unknown());
    }
    if p.eat("place") {
        let Some(n) = p.num() else {
            return Err(unknown());
        };
        let kind = token_kind(&mut p).ok_or_else(unknown)?;
        if p.eat("token(s) on") {
            let h = holder(&mut p).ok_or_else(unknown)?;
            return whole(&p, Cost::PlaceTokens(h, kind, bounded(n, 1, 20)?));
        }
        return Err(unknown());
    }
    if p.eat("remove") {
        if p.done()
            || (p.eat_any(&[
                "this card from the game",
                "this foundation from the game",
                "this asset from the game",
            ]) && p.done())
        {
            return Ok(Cost::RemoveThis);
        }
        if p.eat("your hand from the game") {
            return whole(&p, Cost::RemoveHand);
        }
        if let Some(n) = p.attempt(|p| {
            let n = top_of_deck(p)?;
            p.eat("from the game").then_some(n)
        }) {
            return match n {
                NumX::N(n) => whole(&p, Cost::RemoveTopOfDeck(bounded(n, 1, 20)?)),
                NumX::X => Err(unknown()),
            };
        }
        let Some(n) = p.num_or_x() else {
            return Err(unknown());
        };
        if p.eat("momentum from the game") {
            if let NumX::N(n) = n {
                return whole(&p, Cost::RemoveMomentum(bounded(n, 1, 20)?));
            }
        } else if p.eat("card(s) in your hand from the game") {
            return whole(
                &p,
                Cost::RemoveFromHand(match n {
                    NumX::X => None,
                    NumX::N(n) => Some(bounded(n, 1, 20)?),
                }),
            );
        } else if p.eat("card(s) in your discard pile from the game") {
            if let NumX::N(n) = n {
                return whole(&p, Cost::RemoveFromDiscard(bounded(n, 1, 20)?));
            }
        } else if let Some(kind) = token_kind(&mut p) {
            if p.eat("token(s) from") {
                let h = holder(&mut p).ok_or_else(unknown)?;
                let n = match n {
                    NumX::X => None,
                    NumX::N(n) => Some(bounded(n, 1, 20)?),
                };
                return whole(&p, Cost::RemoveTokens(h, kind, n));
            }
        }
        return Err(unknown());
    }
    Err(unknown())
}

/// "The top card of your deck" (1), "the top N cards of your deck".
fn top_of_deck(p: &mut P<'_>) -> Option<NumX> {
    p.attempt(|p| {
        p.eat("the top").then_some(())?;
        let n = if p.eat("card") {
            NumX::N(1)
        } else {
            let n = p.num_or_x()?;
            p.eat("cards").then_some(n)?
        };
        p.eat("of your deck").then_some(n)
    })
}

fn token_kind(p: &mut P<'_>) -> Option<TokenKind> {
    let k = TokenKind::ALL.into_iter().find(|k| p.word_is(k.word()))?;
    p.i += 1;
    Some(k)
}

/// The card tokens go on or come from: "this card" (or this foundation, asset,
/// character: the card the ability is on) or "your character [card]".
fn holder(p: &mut P<'_>) -> Option<Holder> {
    if p.eat_any(&[
        "this card",
        "this foundation",
        "this asset",
        "this character",
    ]) {
        return Some(Holder::ThisCard);
    }
    if p.eat("your character") {
        p.eat("card");
        return Some(Holder::YourCharacter);
    }
    None
}

/// Who a phrase names, from the ability's controller: "you", "your opponent", "each
/// player" (both of them).
fn who(p: &mut P<'_>) -> Option<Who> {
    if p.eat_any(&[
        "both you and your opponent",
        "you and your opponent",
        "both players",
        "each player",
    ]) {
        return Some(Who::Each);
    }
    if p.eat_any(&["your opponent", "they"]) {
        return Some(Who::Opponent);
    }
    if p.eat("you") {
        return Some(Who::You);
    }
    None
}

// ---------------------------------------------------------------------------------
// H.1.6: response conditions

/// H.1.6: the response condition that starts `body`, up to one of its commas (the
/// longest that reads: "after you check a 1, 2, or 3,"), and the words after it.
fn leading_trigger(body: &[Token]) -> Result<(Trigger, &[Token]), Refusal> {
    let mut found = None;
    for (k, tok) in body.iter().enumerate() {
        if tok.tok == Tok::Sym(',') {
            if let Ok(t) = trigger(&body[..k]) {
                found = Some((t, &body[k + 1..]));
            }
        }
    }
    match found {
        Some(f) => Ok(f),
        None => {
            let first = split_at_sym(body, ',')[0];
            Err(trigger(first).err().unwrap_or_else(|| {
                format!("the response condition {} ends the ability", quote(first))
            }))
        }
    }
}

fn trigger(t: &[Token]) -> Result<Trigger, Refusal> {
    let mut p = P::new(t);
    let unknown = || format!("unknown response condition {}", quote(t));
    let found = trigger_words(&mut p);
    match found {
        Some(tr) if p.done() => Ok(tr),
        _ => Err(unknown()),
    }
}

fn trigger_words(p: &mut P<'_>) -> Option<Trigger> {
    use Trigger as T;
    if p.eat("before you draw a card") {
        return Some(T::BeforeDraw(Who::You));
    }
    if p.eat("before your draw step") {
        return Some(T::BeforeDrawStep(Who::You));
    }
    if !p.eat("after") {
        return None;
    }
    // Phases and steps of a player.
    for (words, w) in [("your opponent's", Who::Opponent), ("your", Who::You)] {
        let save = p.i;
        if p.eat(words) {
            if p.eat("draw step") {
                return Some(T::DrawStep(w));
            }
            if p.eat("ready phase") {
                return Some(T::ReadyPhase(w));
            }
            if w == Who::You && p.eat("attack deals damage") {
                return Some(T::DealsDamage(Who::You, DamageBy::Any));
            }
            p.i = save;
        }
    }
    if p.eat_any(&[
        "you block with this card",
        "you block an attack with this card",
    ]) {
        return Some(T::BlockWithThis);
    }
    if p.eat_any(&[
        "you ready this foundation",
        "you ready this card",
        "this card readies",
    ]) {
        return Some(T::ReadyThis);
    }
    if p.eat_any(&["you deal damage with an attack"]) {
        return Some(T::DealsDamage(Who::You, DamageBy::Any));
    }
    if p.eat_any(&["any player", "a player"]) {
        return check_trigger(p, Who::Each);
    }
    let w = who(p)?;
    if w == Who::Each {
        return None;
    }
    if p.eat_any(&["block an attack", "blocks an attack", "block", "blocks"]) {
        return Some(T::Block(w));
    }
    if p.eat("fail to block an attack") || p.eat("fails to block an attack") {
        return Some(T::BlockFails(w));
    }
    if p.eat_any(&["play an attack", "plays an attack"]) {
        return Some(T::PlaysAttack(w));
    }
    if p.eat_any(&["draw 1 or more cards", "draws 1 or more cards"]) {
        return Some(T::Draws(w));
    }
    if p.eat_any(&[
        "gain 1 or more momentum",
        "gains 1 or more momentum",
        "add 1 or more cards to your momentum",
    ]) {
        return Some(T::GainsMomentum(w));
    }
    if p.eat_any(&["pass on playing a form", "passes on playing a form"]) {
        return Some(T::PassForm(w));
    }
    if w == Who::You
        && p.eat_any(&[
            "take damage from an opponent's attack",
            "take damage from your opponent's attack",
        ])
    {
        return Some(T::TakeDamage(w));
    }
    if w == Who::You
        && p.eat_any(&[
            "lose vitality from an opponent's attack",
            "lose vitality from your opponent's attack",
        ])
    {
        return Some(T::LoseVitality {
            who: w,
            from: LossFrom::OpponentsAttack,
        });
    }
    check_trigger(p, w)
}

/// "(who) check(s) a N [or less|or higher]", "makes a control check", "fails a control
/// check by N or less".
fn check_trigger(p: &mut P<'_>, w: Who) -> Option<Trigger> {
    if p.eat_any(&["check a", "checks a", "check an", "checks an"]) {
        let n = bounded(p.num()?, 0, 20).ok()?;
        if p.eat("or less") || p.eat("or lower") {
            return Some(Trigger::Check(w, CheckValue::AtMost(n)));
        }
        if p.eat("or higher") || p.eat("or more") || p.eat("or greater") {
            return Some(Trigger::Check(w, CheckValue::AtLeast(n)));
        }
        // "a 1, 2, or 3": every number from the first (1) up to the last.
        let mut last = n;
        let save = p.i;
        while p.eat(",") {
            p.eat("or");
            match p.num().and_then(|m| bounded(m, 0, 20).ok()) {
                Some(m) if m == last.saturating_add(1) => last = m,
                _ => {
                    p.i = save;
                    return None;
                }
            }
        }
        if last != n {
            return (n == 1).then_some(Trigger::Check(w, CheckValue::AtMost(last)));
        }
        return Some(Trigger::Check(w, CheckValue::Exactly(n)));
    }
    if p.eat_any(&[
        "make a control check",
        "makes a control check",
        "make a check",
        "makes a check",
    ]) {
        if p.eat("to play an attack") {
            return Some(Trigger::ToPlayAttack(Box::new(Trigger::Check(
                w,
                CheckValue::Any,
            ))));
        }
        if p.eat("that fails by") {
            let n = bounded(p.num()?, 1, 20).ok()?;
            return p.eat("or less").then_some(Trigger::CheckFails(w, n));
        }
        return Some(Trigger::Check(w, CheckValue::Any));
    }
    if p.eat_any(&["fail a control check", "fails a control check"]) {
        if p.eat("by") {
            let n = bounded(p.num()?, 1, 20).ok()?;
            return p.eat("or less").then_some(Trigger::CheckFails(w, n));
        }
        return Some(Trigger::CheckFails(w, u8::MAX));
    }
    None
}

// ---------------------------------------------------------------------------------
// H.6: continuous abilities

fn continuous(toks: &[Token]) -> Result<Ability, Refusal> {
    let body: Vec<Token> = toks
        .iter()
        .filter(|t| t.tok != Tok::Sym('.'))
        .cloned()
        .collect();
    let mut p = P::new(&body);
    let stat = |rule: StaticRule| {
        let mut a = Ability::new(AbilityKind::Static);
        a.effect.push(Effect::Static(rule));
        a
    };
    // I.3.14's rule, printed on attacks without Throw.
    if p.eat("if this attack is completely blocked , it") {
        p.eat("still");
        if p.eat("deals half") {
            p.eat("its");
            if p.eat("damage") {
                p.eat_any(&["( rounded up )", ", rounded up"]);
                if p.done() {
                    return Ok(stat(StaticRule::HalfDamageWhenCompletelyBlocked));
                }
            }
        }
    }
    let mut p = P::new(&body);
    if p.eat("discard") {
        if let Some(n) = p.num() {
            if p.eat("momentum as an additional cost to play this")
                && p.eat_any(&["attack", "card"])
                && p.done()
            {
                return Ok(stat(StaticRule::AdditionalCost(vec![
                    Cost::DiscardMomentum(bounded(n, 1, 20)?),
                ])));
            }
        }
    }
    // A static fired effect (J.3.2) works from the card pool (written "while this
    // card is in" it, then the response condition and the instructions); one whose
    // condition is that this card is played as a block names the card, wherever it is.
    let mut p = P::new(toks);
    let fired = if p.eat("while this card is in your card pool ,") {
        Some(leading_trigger(p.rest())?)
    } else if p.eat_any(&[
        "after this card is played as a block ,",
        "after you block with this card ,",
    ]) {
        Some((Trigger::BlockWithThis, p.rest()))
    } else {
        None
    };
    if let Some((t, rest)) = fired {
        let mut a = Ability::new(AbilityKind::Continuous);
        a.trigger = Some(t);
        sentences(rest, &mut a)?;
        if a.only_playable.is_some() || a.while_committed || a.by != PlayableBy::Controller {
            return Err(format!(
                "a restriction on the continuous ability {}",
                quote(toks)
            ));
        }
        return finish(a);
    }
    Err(format!("unknown continuous ability {}", quote(toks)))
}

// ---------------------------------------------------------------------------------
// J.1: the effect's sentences

/// Reads the sentences after the colon (and response condition) into `a`.
fn sentences(body: &[Token], a: &mut Ability) -> Result<(), Refusal> {
    let mut define_x = None;
    for s in split_at_sym(body, '.') {
        if s.is_empty() {
            continue;
        }
        if restriction_sentence(s, a)? {
            continue;
        }
        let mut p = P::new(s);
        if p.eat("x equals") || p.eat("x is equal to") {
            if define_x.is_some() {
                return Err("X is defined twice".into());
            }
            let amt = x_amount(&mut p)
                .filter(|_| p.done())
                .ok_or_else(|| format!("unknown definition of X {}", quote(s)))?;
            define_x = Some(amt);
            continue;
        }
        let mut p = P::new(s);
        if p.eat("if they do not ,") || p.eat("if they don't ,") {
            let steps = clauses(p.rest())?;
            match a.effect.last_mut() {
                Some(Effect::May(_, _, otherwise)) if otherwise.is_empty() => {
                    *otherwise = steps;
                    continue;
                }
                _ => return Err(format!("{} without a \"may\" before it", quote(s))),
            }
        }
        let steps = sentence(s)?;
        a.effect.extend(steps);
    }
    if let Some(x) = define_x {
        // H.4.4.1: an X in the cost defined by the effect is not chosen; the card
        // language chooses an X cost when the ability is announced.
        if a.cost.iter().any(Cost::is_x) {
            return Err(
                "an X cost defined by the effect (H.4.4.1) is not in the card language".into(),
            );
        }
        // X read once, by the first step: that step reads the amount itself (the same
        // value: nothing happens between the definition and the step), as our
        // hand-written cards write it.
        let mut uses = 0;
        for s in &mut a.effect {
            s.walk_mut(&mut |step| {
                uses += usize::from(matches!(step.amount_mut(), Some(Amount::X)))
            });
        }
        match a.effect.first_mut().and_then(Effect::amount_mut) {
            Some(first @ Amount::X) if uses == 1 => *first = x,
            _ => a.effect.insert(0, Effect::DefineX(x)),
        }
    }
    Ok(())
}

/// What X equals (J.4.3.2).
fn x_amount(p: &mut P<'_>) -> Option<Amount> {
    if p.eat_any(&[
        "your momentum",
        "your total momentum",
        "the number of cards in your momentum",
    ]) {
        return Some(Amount::Momentum(Who::You));
    }
    if p.eat_any(&[
        "your opponent's momentum",
        "the number of cards in your opponent's momentum",
    ]) {
        return Some(Amount::Momentum(Who::Opponent));
    }
    if p.eat("the number of cards in your hand") {
        return Some(Amount::CardsInHand(Who::You));
    }
    if p.eat("the number of cards in your opponent's hand") {
        return Some(Amount::CardsInHand(Who::Opponent));
    }
    if p.eat_any(&["your character's hand size", "your hand size"]) {
        return Some(Amount::HandSize);
    }
    None
}

/// H.3.3: a restriction written after the effect; true if `s` was one.
fn restriction_sentence(s: &[Token], a: &mut Ability) -> Result<bool, Refusal> {
    let mut p = P::new(s);
    let all = |p: &P| p.done();
    if (p.eat("playable while committed") || p.eat("you may play this ability while committed"))
        && all(&p)
    {
        a.while_committed = true;
        return Ok(true);
    }
    let mut p = P::new(s);
    if p.eat_any(&[
        "playable by either player",
        "either player may play this ability",
        "any player may play this ability",
    ]) && all(&p)
    {
        a.by = PlayableBy::EitherPlayer;
        return Ok(true);
    }
    let mut p = P::new(s);
    if p.eat("each player may play this ability") && p.eat("once per enhance step") && all(&p) {
        a.by = PlayableBy::EachPlayerOnce;
        return Ok(true);
    }
    let mut p = P::new(s);
    if !p.eat("only playable") {
        return Ok(false);
    }
    let unknown = || format!("the restriction {} is not in the card language", quote(s));
    let cond = if let Some(c) = p.attempt(|p| {
        p.eat("if").then_some(())?;
        more_than_opponent(p)
    }) {
        c
    } else if p.eat("during your opponent's attack") {
        Condition::OpponentsAttack
    } else if p
        .attempt(|p| {
            p.eat("if").then_some(())?;
            played_as_reversal(p).then_some(())
        })
        .is_some()
    {
        Condition::PlayedAsReversal
    } else if let Some(amt) = if p.eat("if you have at least") {
        Some(Who::You)
    } else if p.eat("if your opponent has at least") {
        Some(Who::Opponent)
    } else {
        None
    } {
        let n = p.num().ok_or_else(unknown)?;
        let n = bounded(n, 0, 99)?;
        let what = if p.eat("momentum") {
            Amount::Momentum(amt)
        } else if p.eat(if amt == Who::You {
            "cards in your hand"
        } else {
            "cards in their hand"
        }) {
            Amount::CardsInHand(amt)
        } else {
            return Err(unknown());
        };
        Condition::AtLeast(what, n)
    } else if p.eat("if this is your") {
        let sym = match p.peek() {
            Some(Tok::Word(w)) => Symbol::from_name(w).ok_or_else(unknown)?,
            _ => return Err(unknown()),
        };
        p.i += 1;
        if !p.eat("attack") {
            return Err(unknown());
        }
        Condition::YourAttackHasSymbol(sym)
    } else {
        return Err(unknown());
    };
    if !all(&p) {
        return Err(unknown());
    }
    if a.only_playable.is_some() {
        return Err("two \"only playable\" restrictions".into());
    }
    a.only_playable = Some(cond);
    Ok(true)
}

/// "You have more (momentum|cards in your hand) than your opponent".
fn more_than_opponent(p: &mut P<'_>) -> Option<Condition> {
    p.eat("you have more").then_some(())?;
    let c = if p.eat("momentum") {
        Condition::MoreMomentum
    } else if p.eat("cards in your hand") {
        Condition::MoreCardsInHand
    } else {
        return None;
    };
    p.eat("than your opponent").then_some(c)
}

/// "This card is being|this attack was|this card was" "played as a reversal".
fn played_as_reversal(p: &mut P<'_>) -> bool {
    p.attempt(|p| {
        p.eat_any(&["this card is being", "this attack was", "this card was"])
            .then_some(())?;
        p.eat("played as a reversal").then_some(())
    })
    .is_some()
}

/// One sentence of instructions.
fn sentence(s: &[Token]) -> Result<Vec<Effect>, Refusal> {
    let mut p = P::new(s);
    if p.eat("if") {
        let clause_end = split_at_sym(p.rest(), ',')[0].len();
        let cond_toks = &p.rest()[..clause_end];
        let then_toks = &p.rest()[(clause_end + 1).min(p.rest().len())..];
        if then_toks.is_empty() {
            return Err(format!("unknown effect {}", quote(s)));
        }
        // Momentum face up: the condition names this card (or attack) added to your
        // momentum, perhaps "from your card pool" and "this turn"; the instruction is
        // to add it face up.
        let mut c = P::new(cond_toks);
        let added = (c.eat_any(&["this card", "this attack"]) && c.eat("is added to"))
            || c.eat("you add this card to");
        if added && c.eat("your momentum") {
            c.eat("from your card pool");
            c.eat_any(&["this turn", "during this turn"]);
            let mut t = P::new(then_toks);
            if c.done() && t.eat("add it face up") && t.done() {
                return Ok(vec![Effect::MomentumFaceUp(Holder::ThisCard)]);
            }
            return Err(format!("unknown effect {}", quote(s)));
        }
        let then = clauses(then_toks)?;
        let on = |when: FiredWhen, yours_only: bool| Effect::OnAttack {
            when,
            yours_only,
            then: then.clone(),
        };
        let mut c = P::new(cond_toks);
        let with_copies = {
            let save = c.i;
            let yes = c.eat("this attack (or any of its multiple copies)") && c.eat("deals damage");
            if !yes {
                c.i = save;
            }
            yes
        };
        let step = if with_copies {
            on(FiredWhen::DamageWithCopies, false)
        } else if c.eat("this attack deals damage or is blocked") {
            on(FiredWhen::DamageOrBlocked, false)
        } else if c.eat("this attack deals damage") {
            on(FiredWhen::Damage, false)
        } else if c.eat("your attack deals damage") {
            on(FiredWhen::Damage, true)
        } else if c.eat_any(&[
            "this attack deals no damage",
            "this attack does not deal damage",
        ]) {
            on(FiredWhen::NoDamage, false)
        } else if c.eat("you block this attack") {
            on(FiredWhen::YouBlock, false)
        } else if let Some(cond) = c.attempt(more_than_opponent) {
            Effect::If(cond, then.clone())
        } else if played_as_reversal(&mut c) {
            Effect::If(Condition::PlayedAsReversal, then.clone())
        } else if c.eat("this reduces the damage") && c.eat("of the attack to less than") {
            let n = c
                .num()
                .ok_or_else(|| format!("unknown condition {}", quote(cond_toks)))?;
            let n = bounded(n, 0, 99)?;
            Effect::If(Condition::DamageBelow(n as i8), then.clone())
        } else {
            return Err(format!("unknown condition {}", quote(cond_toks)));
        };
        if !c.done() {
            return Err(format!("unknown condition {}", quote(cond_toks)));
        }
        return Ok(vec![step]);
    }
    clauses(s)
}

/// Instructions joined by "and" (or commas), each with its subject or the one before.
fn clauses(t: &[Token]) -> Result<Vec<Effect>, Refusal> {
    let mut p = P::new(t);
    let mut out = Vec::new();
    let mut subject = Who::You;
    loop {
        let start = p.i;
        let save = p.i;
        let mut stated = None;
        if let Some(w) = who(&mut p) {
            stated = Some(w);
        }
        let steps = match stated {
            Some(w) => match verb_phrase(&mut p, w) {
                Some(steps) => {
                    subject = w;
                    Some(steps)
                }
                None => {
                    p.i = save;
                    verb_phrase(&mut p, subject)
                }
            },
            None => verb_phrase(&mut p, subject),
        };
        let Some(steps) = steps.transpose()? else {
            return Err(format!("unknown effect {}", quote(&t[start..])));
        };
        out.extend(steps);
        if p.done() {
            return Ok(out);
        }
        if !(p.eat(", and then")
            || p.eat(", and")
            || p.eat("and then")
            || p.eat("and")
            || p.eat(","))
        {
            return Err(format!("unknown effect {}", quote(p.rest())));
        }
    }
}

/// One instruction after its subject; `None` if the words are not one the grammar
/// knows.
fn verb_phrase(p: &mut P<'_>, w: Who) -> Option<Result<Vec<Effect>, Refusal>> {
    let save = p.i;
    let r = verb_phrase_inner(p, w);
    if r.is_none() {
        p.i = save;
    }
    r
}

fn verb_phrase_inner(p: &mut P<'_>, w: Who) -> Option<Result<Vec<Effect>, Refusal>> {
    let one = |e: Effect| Some(Ok(vec![e]));
    p.eat("must");
    // The second block is the defender's to try or not (`Effect::AnotherBlock`).
    if w == Who::You && p.eat("may play another block") {
        return one(Effect::AnotherBlock);
    }
    if p.eat("may") {
        return Some(match verb_phrase(p, w)? {
            Ok(steps) => Ok(vec![Effect::May(w, steps, Vec::new())]),
            Err(e) => Err(e),
        });
    }
    if w == Who::You {
        let save = p.i;
        if let Some(r) = next_this_turn(p) {
            return Some(r.map(|e| vec![e]));
        }
        p.i = save;
    }
    // Attacks: "This attack gets +2 speed and +1 damage".
    if let Some(r) = attack_gets(p) {
        return Some(r.map(|e| vec![e]));
    }
    if p.eat_any(&["draw", "draws"]) {
        let n = p.num_or_x()?;
        p.eat("card(s)").then_some(())?;
        return Some(amount(n).map(|a| vec![Effect::Draw(w, a)]));
    }
    if p.eat_any(&["discard", "discards"]) {
        if p.eat("this card") {
            p.eat("from your card pool");
            return one(Effect::Move(Holder::ThisCard, MoveTo::Discard));
        }
        let n = p.num_or_x()?;
        let random = p.eat("random");
        if p.eat_any(&["momentum", "momemtum", "of their momentum"]) {
            return Some(amount(n).map(|a| {
                vec![if random {
                    Effect::DiscardRandomMomentum(w, a)
                } else {
                    Effect::DiscardMomentum(w, a)
                }]
            }));
        }
        if p.eat("card(s)") {
            if p.eat_any(&["from your card pool", "from their card pool"]) {
                return (n == NumX::N(1)).then_some(Ok(vec![Effect::DiscardFromCardPool(w)]));
            }
            p.eat_any(&["from their hand", "from your hand"]);
            return Some(amount(n).map(|a| {
                vec![if random {
                    Effect::DiscardRandom(w, a)
                } else {
                    Effect::Discard(w, a)
                }]
            }));
        }
        return None;
    }
    if p.eat_any(&["gain", "gains"]) {
        let n = p.num_or_x()?;
        p.eat("vitality").then_some(())?;
        return Some(amount(n).map(|a| vec![Effect::GainVitality(w, a)]));
    }
    if p.eat_any(&["lose", "loses"]) {
        let n = p.num_or_x()?;
        p.eat("vitality").then_some(())?;
        return Some(amount(n).map(|a| vec![Effect::LoseVitality(w, a, None)]));
    }
    let save = p.i;
    if p.eat_any(&["take", "takes"]) {
        if let Some(n) = p.num_or_x() {
            if p.eat("damage") {
                return Some(amount(n).map(|a| vec![Effect::TakeDamage(w, a)]));
            }
        }
        p.i = save;
    }
    if p.eat_any(&["reveal your hand", "reveals their hand"]) {
        return one(Effect::RevealHand(w));
    }
    if w == Who::You {
        if p.eat("re-check") {
            p.eat("( only one re-check per control check )");
            return one(Effect::ReCheck);
        }
        if p.eat("add the checked card to your hand")
            || p.attempt(|p| {
                p.eat("add the card used for").then_some(())?;
                p.eat("the control check to your hand").then_some(())
            })
            .is_some()
        {
            return one(Effect::CheckedCardToHand);
        }
        if p.eat("play another block") {
            return one(Effect::AnotherBlock);
        }
        if p.eat("remove this card from the game") {
            return one(Effect::Move(Holder::ThisCard, MoveTo::Removed));
        }
        if p.eat("place this card in your discard pile") {
            return one(Effect::Move(Holder::ThisCard, MoveTo::Discard));
        }
        if p.eat_any(&["add", "take"]) {
            let save = p.i;
            if let Some(n) = p.num_or_x() {
                if p.eat("card(s) from your hand")
                    && p.eat_any(&[
                        "to your momentum",
                        "and add it to your momentum",
                        "and add them to your momentum",
                    ])
                {
                    return Some(amount(n).map(|a| vec![Effect::HandToMomentum(Who::You, a)]));
                }
            }
            p.i = save - 1;
        }
        if let Some(n) = p.attempt(|p| {
            p.eat("add").then_some(())?;
            let n = top_of_deck(p)?;
            p.eat("to your momentum").then_some(n)
        }) {
            return Some(amount(n).map(|a| vec![Effect::DeckToMomentum(Who::You, a)]));
        }
        if p.eat_any(&["place", "add"]) {
            return tokens_or_removed(p);
        }
        if p.eat("destroy any one") {
            let k = CardKind::ALL.into_iter().find(|k| p.word_is(k.word()))?;
            p.i += 1;
            return one(Effect::DestroyOne(Some(k), Who::Each));
        }
    }
    if p.eat_any(&["that check", "that control check"]) {
        if p.eat("gets") {
            let minus = if p.eat("+") {
                false
            } else if p.eat("-") {
                true
            } else {
                return None;
            };
            let n = p.num()?;
            return Some(bounded(n, 0, 20).map(|n| {
                let n = n as i8;
                vec![Effect::CheckGets(if minus { -n } else { n })]
            }));
        }
        if p.eat("is successful") {
            p.eat("instead");
            return one(Effect::CheckSucceeds);
        }
        return None;
    }
    None
}

/// "Place N (kind) tokens on (holder)", "add N (kind) tokens to (holder)", "add [up
/// to] N (kind) cards removed from the game to your hand" (after "place"/"add").
fn tokens_or_removed(p: &mut P<'_>) -> Option<Result<Vec<Effect>, Refusal>> {
    let up_to = p.eat("up to");
    let n = p.num_or_x()?;
    if !up_to {
        let save = p.i;
        if let Some(k) = token_kind(p) {
            if p.eat("token(s)") && p.eat_any(&["on", "to"]) {
                let h = holder(p)?;
                return Some(amount(n).map(|a| vec![Effect::PlaceTokens(h, k, a)]));
            }
        }
        p.i = save;
    }
    p.eat("of your");
    let kind = if p.eat_any(&["card(s)"]) {
        KindRef::Any
    } else {
        let k = CardKind::ALL
            .into_iter()
            .find(|k| p.word_is(k.word()) || p.word_is(&format!("{}s", k.word())))?;
        p.i += 1;
        p.eat("card(s)");
        KindRef::Is(k)
    };
    p.eat("removed from the game to your hand").then_some(())?;
    Some(amount(n).map(|a| {
        vec![Effect::FromRemoved {
            n: Some(a),
            up_to,
            kind,
            to: RemovedTo::Hand,
        }]
    }))
}

/// "(attack) gets (+|-)(N|X) (speed|damage) [and ...] [(to a minimum of N)]" (K.3.6).
fn attack_gets(p: &mut P<'_>) -> Option<Result<Effect, Refusal>> {
    let save = p.i;
    let r = attack_gets_inner(p);
    if r.is_none() {
        p.i = save;
    }
    r
}

fn attack_gets_inner(p: &mut P<'_>) -> Option<Result<Effect, Refusal>> {
    let save = p.i;
    let attack = if p.eat_any(&["this attack", "any attack"]) {
        AttackRef::This
    } else if p.eat("your attack") {
        AttackRef::Yours(None)
    } else if p.eat("your") {
        let t = match p.peek() {
            Some(Tok::Word(w)) => match w.as_str() {
                "weapon" => Keyword::Weapon,
                "kick" => Keyword::Kick,
                "punch" => Keyword::Punch,
                "ranged" => Keyword::Ranged,
                "throw" => Keyword::Throw,
                _ => {
                    p.i = save;
                    return None;
                }
            },
            _ => {
                p.i = save;
                return None;
            }
        };
        p.i += 1;
        if !p.eat("attack") {
            p.i = save;
            return None;
        }
        AttackRef::Yours(Some(t))
    } else {
        return None;
    };
    if p.eat("is unblockable") {
        return Some(Ok(Effect::BlockRule(attack, BlockRule::Unblockable)));
    }
    if !p.eat("gets") {
        p.i = save;
        return None;
    }
    gets(p, attack)
}

/// After "gets": "(+|-)(N|X) (speed|damage) [and ...] [(to a minimum of N)]", or "+N or
/// -N (speed|damage)" (the controller's choice of the two).
fn gets(p: &mut P<'_>, attack: AttackRef) -> Option<Result<Effect, Refusal>> {
    let save = p.i;
    if p.eat("+") {
        if let Some(NumX::N(n)) = p.num_or_x() {
            if p.eat("or -") {
                if let Some(NumX::N(m)) = p.num_or_x() {
                    let (n, m) = match (bounded(n, 0, 99), bounded(m, 0, 99)) {
                        (Ok(n), Ok(m)) => (n, m),
                        (Err(e), _) | (_, Err(e)) => return Some(Err(e)),
                    };
                    let plus_minus = |speed: bool| {
                        let one = |minus: bool, k: u8| {
                            vec![if speed {
                                Effect::Gets {
                                    attack: attack.clone(),
                                    speed: if minus { -(k as i8) } else { k as i8 },
                                    damage: Change::NONE,
                                    floor: None,
                                }
                            } else {
                                Effect::Gets {
                                    attack: attack.clone(),
                                    speed: 0,
                                    damage: Change {
                                        minus,
                                        amount: Amount::N(k),
                                    },
                                    floor: None,
                                }
                            }]
                        };
                        Effect::Either(vec![one(false, n), one(true, m)])
                    };
                    if p.eat("speed") {
                        return Some(Ok(plus_minus(true)));
                    }
                    if p.eat("damage") {
                        return Some(Ok(plus_minus(false)));
                    }
                    return None;
                }
                return None;
            }
        }
        p.i = save;
    }
    let mut speed: Option<i8> = None;
    let mut damage: Option<Change> = None;
    loop {
        let minus = if p.eat("+") {
            false
        } else if p.eat("-") {
            true
        } else {
            return None;
        };
        let n = p.num_or_x()?;
        if p.eat("speed") {
            let NumX::N(n) = n else {
                return Some(Err(
                    "an X speed bonus or penalty is not in the card language".into(),
                ));
            };
            let n = match bounded(n, 0, 99) {
                Ok(n) => n as i8,
                Err(e) => return Some(Err(e)),
            };
            if speed.replace(if minus { -n } else { n }).is_some() {
                return None;
            }
        } else if p.eat("damage") {
            let a = match amount(n) {
                Ok(a) => a,
                Err(e) => return Some(Err(e)),
            };
            if damage.replace(Change { minus, amount: a }).is_some() {
                return None;
            }
        } else {
            return None;
        }
        if !p.eat("and") {
            break;
        }
    }
    let mut floor = None;
    if p.eat("(") {
        p.eat("to");
        p.eat("a");
        if !p.eat("minimum") {
            return None;
        }
        p.eat("of");
        let n = p.num()?;
        if !p.eat(")") || !damage.as_ref().is_some_and(|d| d.minus) {
            return Some(Err(
                "a minimum other than a damage penalty's is not in the card language".into(),
            ));
        }
        floor = match bounded(n, 0, 99) {
            Ok(n) => Some(n),
            Err(e) => return Some(Err(e)),
        };
    }
    Some(Ok(Effect::Gets {
        attack,
        speed: speed.unwrap_or(0),
        damage: damage.unwrap_or(Change::NONE),
        floor,
    }))
}

/// "(Your|your opponent's) next attack this turn gets ...": as that attack begins
/// its attack sequence, once (the form the Battle Pack cards give "next attack"), and
/// "(your|your opponent's) next control check this turn gets +N": after that check is
/// made, once.
fn next_this_turn(p: &mut P<'_>) -> Option<Result<Effect, Refusal>> {
    let whose = if p.eat("your next") {
        Who::You
    } else if p.eat("your opponent's next") {
        Who::Opponent
    } else if p.eat("the next attack you play this turn gets") {
        return Some(gets(p, AttackRef::This)?.map(|g| {
            Effect::Detached(Box::new(Detached {
                trigger: Trigger::AttackBegins(Who::You),
                until: Until::ThisTurn,
                once: true,
                ends_on: None,
                steps: vec![g],
            }))
        }));
    } else {
        return None;
    };
    let detached = |trigger: Trigger, step: Effect| {
        Effect::Detached(Box::new(Detached {
            trigger,
            until: Until::ThisTurn,
            once: true,
            ends_on: None,
            steps: vec![step],
        }))
    };
    if p.eat("attack this turn gets") {
        return Some(gets(p, AttackRef::This)?.map(|g| detached(Trigger::AttackBegins(whose), g)));
    }
    if p.eat("control check this turn gets") {
        let minus = if p.eat("+") {
            false
        } else if p.eat("-") {
            true
        } else {
            return None;
        };
        let n = p.num()?;
        return Some(bounded(n, 0, 20).map(|n| {
            let n = n as i8;
            detached(
                Trigger::Check(whose, CheckValue::Any),
                Effect::CheckGets(if minus { -n } else { n }),
            )
        }));
    }
    None
}

/// The checks the card language makes on an ability it reads (`abilityfile.rs`),
/// made here so that every compiled ability can be written and read back.
fn finish(a: Ability) -> Result<Ability, Refusal> {
    if a.effect.is_empty() {
        return Err("an ability without an effect (H.1.7)".into());
    }
    let written = crate::abilityfile::write_ability(&a);
    let form = crossover_sexpr::read(&written)
        .ok()
        .and_then(|forms| forms.into_iter().next());
    match form.as_ref().and_then(crate::abilityfile::parse_ability) {
        Some(Ok(back)) if back == a => Ok(a),
        Some(Err(e)) => Err(format!("not a form of the card language: {}", e.message)),
        _ => Err("not a form of the card language".into()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ok(text: &str) -> String {
        match compile_paragraph(text) {
            Ok(a) => crate::abilityfile::write_ability(&a),
            Err(e) => panic!("{text:?} refused: {e}"),
        }
    }

    fn refused(text: &str) -> String {
        match compile_paragraph(text) {
            Ok(a) => panic!(
                "{text:?} compiled to {}",
                crate::abilityfile::write_ability(&a)
            ),
            Err(e) => e,
        }
    }

    #[test]
    fn attack_bonuses_and_penalties() {
        assert_eq!(
            ok("E Discard 3 momentum: This attack gets +4 damage."),
            "(enhance (cost (discard-momentum 3)) (gets this-attack (damage 4)))"
        );
        assert_eq!(
            ok("E Commit: Your attack gets +1 speed and +2 damage."),
            "(enhance (cost commit) (gets your-attack (speed 1) (damage 2)))"
        );
        assert_eq!(
            ok("E Commit 2 foundations: Your kick attack gets -1 speed."),
            "(enhance (cost (commit-foundations 2)) (gets (your-attack kick) (speed -1)))"
        );
        assert_eq!(
            ok("E Discard 1 card: Any attack gets -5 damage (to a minimum of 2)."),
            "(enhance (cost (discard 1)) (gets this-attack (at-least 2) (damage -5)))"
        );
        assert!(
            refused("E: This attack gets +X speed. X equals your momentum.").contains("X speed")
        );
        assert!(refused("E: Your low attack gets +2 damage.").starts_with("unknown effect"));
    }

    #[test]
    fn draws_discards_and_vitality() {
        assert_eq!(
            ok("E Destroy: Draw 3 cards."),
            "(enhance (cost destroy) (draw you 3))"
        );
        assert_eq!(ok("F: Gain 4 vitality."), "(form (gain-vitality you 4))");
        assert_eq!(
            ok("E Commit: Your opponent discards 2 cards."),
            "(enhance (cost commit) (discard opponent 2))"
        );
        assert_eq!(
            ok("F: Your opponent loses 2 vitality and discards 1 random card."),
            "(form (lose-vitality opponent 2) (discard-random opponent 1))"
        );
        assert_eq!(
            ok("E Discard 2 cards: Each player draws 2 cards."),
            "(enhance (cost (discard 2)) (draw each-player 2))"
        );
        assert_eq!(
            ok("E: Your opponent must discard 3 random momentum."),
            "(enhance (discard-random-momentum opponent 3))"
        );
        assert_eq!(
            ok("E: Your opponent discards 1 momentum."),
            "(enhance (discard-momentum opponent 1))"
        );
    }

    #[test]
    fn fired_effects_on_the_attack() {
        assert_eq!(
            ok("E Discard 2 momentum: If this attack deals damage, draw 3 cards."),
            "(enhance (cost (discard-momentum 2)) (if-deals-damage (draw you 3)))"
        );
        assert_eq!(
            ok("E Commit: If your attack deals damage, your opponent discards 2 cards."),
            "(enhance (cost commit) (if-deals-damage your-attack (discard opponent 2)))"
        );
        assert_eq!(
            ok("E: If this attack deals no damage, gain 3 vitality."),
            "(enhance (if-no-damage (gain-vitality you 3)))"
        );
        assert!(
            refused("E: If this attack is blocked, draw 1 card.").starts_with("unknown condition")
        );
    }

    #[test]
    fn x_is_defined_first_or_chosen_by_the_cost() {
        assert_eq!(
            ok("E: Draw X cards. Your opponent draws X cards. X equals your opponent's momentum."),
            "(enhance (x (momentum opponent)) (draw you x) (draw opponent x))"
        );
        // Read once, by the first step: the step reads the amount itself.
        assert_eq!(
            ok("E: This attack gets +X damage. X equals your opponent's momentum."),
            "(enhance (gets this-attack (damage (momentum opponent))))"
        );
        assert_eq!(
            ok("E Discard X momentum: Draw X cards."),
            "(enhance (cost (discard-momentum x)) (draw you x))"
        );
        assert!(
            refused("E Discard X cards: Draw X cards. X equals your momentum.").contains("H.4.4.1")
        );
        // X used but never defined: the card language refuses it.
        assert!(refused("E: Draw X cards.").starts_with("not a form"));
    }

    #[test]
    fn responses_and_their_conditions() {
        assert_eq!(
            ok("R Commit: After you block an attack, gain 1 vitality."),
            "(response (after-block you) (cost commit) (gain-vitality you 1))"
        );
        assert_eq!(
            ok("R: After your opponent checks a 4 or less, that check gets -1."),
            "(response (after-check opponent (at-most 4)) (check-gets -1))"
        );
        assert_eq!(
            ok("R Discard 2 momentum: After you fail a control check by 2 or less, that check is successful instead."),
            "(response (after-check-fails you 2) (cost (discard-momentum 2)) check-succeeds)"
        );
        assert_eq!(
            ok("R Commit: After your opponent's Draw Step, draw 2 cards."),
            "(response (after-draw-step opponent) (cost commit) (draw you 2))"
        );
        assert!(refused("R: After an attack is played, draw 1 card.")
            .starts_with("unknown response condition"));
        assert!(refused("R Commit, After you block, draw 1 card.").contains("colon"));
    }

    #[test]
    fn restrictions_before_and_after() {
        assert_eq!(
            ok("Ken/Guile E Commit: Draw 1 card. Playable while committed."),
            "(enhance (only \"Ken\" \"Guile\") playable-while-committed (cost commit) (draw you 1))"
        );
        assert_eq!(
            ok("E: Draw 1 card. Only playable during your opponent's attack."),
            "(enhance (only-playable opponents-attack) (draw you 1))"
        );
        assert_eq!(ok("Combo E: Draw 1 card."), "(enhance combo (draw you 1))");
        assert_eq!(
            ok("Ken Combo F Commit: Draw 1 card."),
            "(form (only \"Ken\") combo (cost commit) (draw you 1))"
        );
        assert_eq!(
            ok("Combo R: After you block, draw 1 card."),
            "(response (after-block you) combo (draw you 1))"
        );
        assert!(refused("Deadlock Combo E: Draw 1 card.").contains("deadlock"));
        assert!(refused("Combo Ken E: Draw 1 card.").contains("combo"));
        assert!(refused("E [Once per turn] Commit: Draw 1 card.").contains("bracketed"));
        assert!(refused("E (4+): Draw 1 card.").contains("H.4.2"));
        assert!(refused("E: Draw 1 card. Only playable during your turn.").contains("restriction"));
    }

    #[test]
    fn next_attacks_and_checks_this_turn() {
        assert_eq!(
            ok("F Commit: Your next attack this turn gets +2 speed."),
            "(form (cost commit) (detached (attack-begins you) once (gets this-attack (speed 2))))"
        );
        assert_eq!(
            ok("E: Your opponent's next attack this turn gets -1 damage (to a minimum of 1)."),
            "(enhance (detached (attack-begins opponent) once (gets this-attack (at-least 1) (damage -1))))"
        );
        assert_eq!(
            ok("E: Your next control check this turn gets +3."),
            "(enhance (detached (after-check you any) once (check-gets 3)))"
        );
        // Without "this turn" the effect's end is not stated: refused.
        assert!(refused("E: Your next attack gets +2 speed.").starts_with("unknown effect"));
        assert_eq!(
            ok("E: This attack gets +2 or -2 speed."),
            "(enhance (either ((gets this-attack (speed 2))) ((gets this-attack (speed -2)))))"
        );
    }

    #[test]
    fn momentum_and_the_card_pool() {
        assert_eq!(
            ok("F Commit: Take 1 card from your hand and add it to your momentum."),
            "(form (cost commit) (hand-to-momentum you 1))"
        );
        assert_eq!(
            ok("E Commit: Discard 1 card from your card pool."),
            "(enhance (cost commit) (discard-from-card-pool you))"
        );
        assert!(
            refused("E Commit: Discard 2 cards from your card pool.").starts_with("unknown effect")
        );
        assert_eq!(
            ok("E: Draw 1 card. Only playable if your opponent has at least 4 momentum."),
            "(enhance (only-playable (at-least (momentum opponent) 4)) (draw you 1))"
        );
    }

    #[test]
    fn face_up_in_momentum() {
        for text in [
            "E: If you add this card to your momentum, add it face up.",
            "E: If this attack is added to your momentum this turn, add it face up.",
        ] {
            assert_eq!(ok(text), "(enhance (momentum-face-up this-card))", "{text}");
        }
        assert!(
            refused("E: If this attack is added to your momentum, draw 1 card.")
                .starts_with("unknown effect")
        );
    }

    #[test]
    fn continuous_abilities() {
        // (The printed sentences, and "while this card is in your card pool, ...",
        // are checked against the Battle Packs' in tests/import.rs.)
        assert_eq!(
            ok("If this attack is completely blocked, it deals half its damage (rounded up)."),
            "(static completely-blocked-half-damage)"
        );
        assert!(refused(
            "If this attack is completely blocked, it deals half damage (rounded down)."
        )
        .starts_with("unknown continuous"));
        assert_eq!(
            ok("Discard 3 momentum as an additional cost to play this card."),
            "(static (additional-cost (discard-momentum 3)))"
        );
        assert_eq!(
            ok("After you block with this card, gain 2 vitality."),
            "(continuous after-block-with-this (gain-vitality you 2))"
        );
        assert!(
            refused("This card may not be blocked by anything.").starts_with("unknown continuous")
        );
    }

    #[test]
    fn numbers_are_bounded_and_refusals_short() {
        assert!(refused("E: Draw 999999999999 cards.").contains("too large"));
        assert!(refused("E Discard 300 momentum: Draw 1 card.").contains("300"));
        let why = refused("E: Shuffle your whole deck and then look at every single card in it.");
        assert!(
            why.split_whitespace().count() <= 2 + QUOTED_WORDS + 1,
            "{why}"
        );
        assert!(why.contains('…'), "{why}");
    }

    #[test]
    fn no_input_panics() {
        // Every prefix of made-up texts in the grammar's phrasing, and odd characters:
        // each compiles or is refused.
        let texts = [
            "Ken/Guile E Commit, discard 2 momentum: If this attack deals damage, you gain 2 vitality and your opponent discards 3 random cards. X equals your momentum. Playable while committed.",
            "R Remove 1 Defense token from this card: After you check a 1, 2, or 3, that check gets +2 (to a minimum of 1).  E (4+) [Once per turn]: 'E: Draw 1 card.'",
            "E\u{2019}:\u{00e9}+999999999999 -X … ,,, .. :: ()) [[ F: R:",
        ];
        for t in texts {
            for (k, _) in t.char_indices() {
                let _ = compile_text(&t[..k]);
                let _ = compile_paragraph(&t[k..]);
            }
        }
    }

    #[test]
    fn paragraphs_join_pieces_that_cannot_begin_an_ability() {
        let p = paragraphs("E: Draw X cards.  X equals your momentum.  F: Gain 1 vitality.");
        assert_eq!(p.len(), 2, "{p:?}");
        let p =
            paragraphs("E: Your opponent discards  2 cards.  Either player may play this ability.");
        assert_eq!(p.len(), 1, "{p:?}");
        // Abilities run together with one space, or none, after a sentence's end.
        let p = paragraphs("If this attack is completely blocked, it deals half damage (rounded up).E Commit: Draw 1 card. F: Gain 1 vitality.");
        assert_eq!(p.len(), 3, "{p:?}");
        assert_eq!(
            compile_text("E: Draw X cards.  X equals your momentum.").map(|a| a.len()),
            Ok(1)
        );
    }
}
