//! The grammar of Vs. System TCG printed phrasing that our card language can say: a
//! card's text (from a collection export) compiled into the forms of `cardfile.rs` and
//! `powerfile.rs`, or refused with a short reason naming the *shape* of the sentence
//! that was not read (never its words: printed rules text is not copied anywhere).
//!
//! The text is read a sentence at a time (a full stop or a line break ends one); the
//! sentences after a payment or triggered power's first one are more steps of its
//! effect. A sentence is one of:
//!
//! ```text
//! KEYWORD[, KEYWORD...]                 Loyalty. / Boost 2. / Willpower 3. / Ongoing.
//! COST[, COST...] >>> CLAUSE            a payment power (501): Activate, pay N endurance,
//!                                       pay N resource points, stun/KO this character, Free
//! When[ever] SELF EVENT, CLAUSE         a triggered power (502): enters play, becomes
//!                                       stunned, attacks, defends
//! At the start of the PHASE phase, CLAUSE
//! Use only once per turn. / Use only during the build phase. / Play only during ...
//! Cosmic: SENTENCE / Boost N: SENTENCE  text gated by the keyword (706.7a, 706.2a)
//! SUBJECT gets +N/+M. / has flight.     a continuous power (503) on a character,
//!                                       equipment, location or ongoing plot twist
//! CLAUSE                                a step of the power before it, or of a plot
//!                                       twist's effect
//! ```
//!
//! and a clause one step: `CHARS get(s) +N ATK|+N DEF|+N/+M [this turn|this attack]`,
//! `CHARS gain(s)|has flight|range|reinforcement|invulnerability [DURATION]`, `Stun|KO|
//! Exhaust|Ready|Recover|Power-up CHARS`, `Return CHARS to its owner's hand`, `Put N
//! +1/+1 counter(s) on CHARS`, `[PLAYER] draw(s) N card(s)`, `[PLAYER] discard(s) N
//! card(s)`, `PLAYER lose(s)|gain(s) N endurance`, `CHARS can't attack|be stunned|be
//! attacked|ready [DURATION]`, each optionally after `then` or `you may`. CHARS is
//! `target [TESTS] character|attacker|defender [you control|an opponent controls|with
//! cost N or less|...]` (a new target), `this character` or the card's own name,
//! `equipped character`, `that character` (the last target) or `[each|all] [TESTS]
//! characters [...]`; TESTS are ready, exhausted, stunned, front row, support row,
//! visible, hidden, attacking, defending, opposing, other, unaffiliated and the
//! affiliations the collection uses. Parenthesised reminder text is skipped.
//!
//! Anything else is refused, never guessed.

/// Why the text was not compiled: one short line naming the shape of the sentence.
pub type Refusal = String;

/// The most characters of card text read (no printed card comes near it).
pub const MAX_TEXT: usize = 4_000;

/// The card's type, as the grammar needs it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Character,
    Equipment,
    Location,
    PlotTwist,
}

/// The facts of the card whose text is compiled.
#[derive(Debug, Clone, Copy)]
pub struct CardFacts<'a> {
    pub name: &'a str,
    pub kind: Kind,
    /// An ongoing plot twist (from its type line).
    pub ongoing: bool,
}

/// What a card's text gave.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Compiled {
    /// Keywords, as `(keywords ...)` items: `loyalty`, `(boost 2)`.
    pub keywords: Vec<String>,
    /// Type flags the text printed as keywords: flight, range, ongoing, concealed,
    /// concealed-optional.
    pub flags: Vec<&'static str>,
    /// The powers, as card-language forms, or why the text was not compiled.
    pub powers: Result<Vec<String>, Refusal>,
    /// Sentences read (keywords included).
    pub sentences: usize,
}

// ---------------------------------------------------------------------------------
// Tokens

#[derive(Debug, Clone, PartialEq, Eq)]
enum Tok {
    /// A word, lower case (inner apostrophes and hyphens kept: "owner's", "front-row").
    Word(String),
    /// A number; `u32::MAX` stands for one too large to read.
    Num(u32),
    /// `>>>` (or an arrow standing for it).
    Arrow,
    Sym(char),
}

/// Curly quotes and dashes as plain ones, arrows as `>>>`, reminder text (in
/// parentheses) left out, `<br>` as a line break.
fn normalise(text: &str) -> String {
    let text = text
        .replace("<br />", "\n")
        .replace("<br/>", "\n")
        .replace("<br>", "\n")
        .replace("\\n", "\n");
    let mut out = String::with_capacity(text.len());
    let mut depth = 0usize;
    for c in text.chars().take(MAX_TEXT) {
        match c {
            '(' => depth += 1,
            ')' => depth = depth.saturating_sub(1),
            _ if depth > 0 => {}
            '\u{2018}' | '\u{2019}' | '`' => out.push('\''),
            '\u{201c}' | '\u{201d}' => out.push('"'),
            '\u{2010}'..='\u{2015}' | '\u{2212}' => out.push('-'),
            '\u{2192}' | '\u{21d2}' | '\u{00bb}' | '\u{27a4}' => out.push_str(">>>"),
            '\r' => {}
            c => out.push(c),
        }
    }
    out
}

fn tokenize(text: &str) -> Vec<Tok> {
    let chars: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c.is_whitespace() {
            i += 1;
        } else if c.is_ascii_digit() {
            let mut n: u32 = 0;
            while i < chars.len() && chars[i].is_ascii_digit() {
                let d = chars[i].to_digit(10).unwrap_or(0);
                n = n
                    .checked_mul(10)
                    .and_then(|n| n.checked_add(d))
                    .unwrap_or(u32::MAX);
                i += 1;
            }
            out.push(Tok::Num(n));
        } else if c.is_alphabetic() {
            let mut w = String::new();
            while i < chars.len() {
                let c = chars[i];
                let next_letter = chars.get(i + 1).is_some_and(|n| n.is_alphabetic());
                if c.is_alphanumeric() || ((c == '\'' || c == '-') && next_letter) {
                    w.extend(c.to_lowercase());
                    i += 1;
                } else if c == '\'' && w.ends_with('s') {
                    // "owners'": the apostrophe closes the word.
                    w.push(c);
                    i += 1;
                    break;
                } else {
                    break;
                }
            }
            out.push(Tok::Word(w));
        } else if c == '>' && chars.get(i + 1) == Some(&'>') {
            while i < chars.len() && chars[i] == '>' {
                i += 1;
            }
            out.push(Tok::Arrow);
        } else if c == '-' && chars.get(i + 1) == Some(&'>') {
            i += 2;
            out.push(Tok::Arrow);
        } else {
            out.push(Tok::Sym(c));
            i += 1;
        }
    }
    out
}

/// The sentences of a paragraph: its tokens split at full stops (and `!`).
fn sentences(toks: &[Tok]) -> Vec<&[Tok]> {
    toks.split(|t| matches!(t, Tok::Sym('.' | '!')))
        .filter(|s| !s.is_empty())
        .collect()
}

// ---------------------------------------------------------------------------------
// The cursor

#[derive(Clone, Copy)]
struct P<'t> {
    t: &'t [Tok],
    i: usize,
}

impl<'t> P<'t> {
    fn new(t: &'t [Tok]) -> Self {
        P { t, i: 0 }
    }

    fn done(&self) -> bool {
        self.i >= self.t.len()
    }

    fn peek(&self) -> Option<&'t Tok> {
        self.t.get(self.i)
    }

    fn word(&self) -> Option<&'t str> {
        match self.peek() {
            Some(Tok::Word(w)) => Some(w),
            _ => None,
        }
    }

    /// Eats the tokens of `pat` (words and symbols separated by spaces; `>>>` is the
    /// arrow; a word ending in "(s)" matches with or without its s), or nothing.
    fn eat(&mut self, pat: &str) -> bool {
        let save = self.i;
        for p in pat.split_whitespace() {
            let ok = match self.peek() {
                Some(Tok::Word(w)) => match p.strip_suffix("(s)") {
                    Some(stem) => w == stem || w.strip_suffix('s') == Some(stem),
                    None => w == p,
                },
                Some(Tok::Sym(c)) => p.chars().eq(std::iter::once(*c)),
                Some(Tok::Arrow) => p == ">>>",
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

    /// Eats a sequence of words given as tokens (a name).
    fn eat_toks(&mut self, toks: &[Tok]) -> bool {
        if !toks.is_empty() && self.t[self.i.min(self.t.len())..].starts_with(toks) {
            self.i += toks.len();
            true
        } else {
            false
        }
    }

    fn num(&mut self) -> Option<u32> {
        match self.peek() {
            Some(Tok::Num(n)) => {
                self.i += 1;
                Some(*n)
            }
            _ => None,
        }
    }

    /// A count: a number, "a", "an" or a number word up to ten.
    fn count(&mut self) -> Option<u32> {
        if let Some(n) = self.num() {
            return Some(n);
        }
        const WORDS: [&str; 11] = [
            "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
        ];
        let w = self.word()?;
        let n = match w {
            "a" | "an" => 1,
            _ => WORDS.iter().position(|x| *x == w)? as u32,
        };
        self.i += 1;
        Some(n)
    }

    /// A signed number: `+N` or `-N`.
    fn signed(&mut self) -> Option<i32> {
        let save = self.i;
        let sign = match self.peek() {
            Some(Tok::Sym('+')) => 1,
            Some(Tok::Sym('-')) => -1,
            _ => return None,
        };
        self.i += 1;
        match self.num() {
            Some(n) if n <= 99 => Some(sign * n as i32),
            _ => {
                self.i = save;
                None
            }
        }
    }
}

/// A number the card language takes (0 to 99).
fn small(n: u32) -> Option<u32> {
    (n <= 99).then_some(n)
}

// ---------------------------------------------------------------------------------
// Keywords

/// A keyword and the words of the card language for it.
fn keyword(p: &mut P<'_>, facts: &CardFacts<'_>) -> Option<Kw> {
    let save = *p;
    // Two-word keywords, with any dash between.
    let dashed = |p: &mut P<'_>, a: &str, b: &str| -> bool {
        // "loyalty-reveal" as one word, or with a spaced dash, or none.
        p.eat(&format!("{a}-{b}")) || p.eat(&format!("{a} - {b}")) || p.eat(&format!("{a} {b}"))
    };
    if dashed(p, "loyalty", "reveal") {
        return Some(Kw::Word("loyalty-reveal"));
    }
    if dashed(p, "cosmic", "surge") {
        return Some(Kw::Word("cosmic-surge"));
    }
    if dashed(p, "concealed", "optional") {
        return Some(Kw::Flag("concealed-optional"));
    }
    if p.eat("dual loyalty") || p.eat("dual-loyalty") {
        return Some(Kw::Word("dual-loyalty"));
    }
    for w in ["boost", "willpower"] {
        if p.eat(w) {
            if let Some(n) = p.num().and_then(small) {
                return Some(Kw::Number(w, n));
            }
            *p = save;
            return None;
        }
    }
    let word = p.word()?;
    let kw = match word {
        "loyalty" | "transferable" | "evasion" | "invulnerability" | "cosmic" | "leader"
        | "reservist" | "press" | "terraform" | "substitute" | "insanity" | "energize"
        | "hunter" | "shift" | "epic" | "ally" | "backup" | "vengeance" => Kw::Word(
            crate::vocab::Keyword::ALL
                .into_iter()
                .map(|k| k.word())
                .find(|k| *k == word)?,
        ),
        "flight" if facts.kind == Kind::Character => Kw::Flag("flight"),
        "range" if facts.kind == Kind::Character => Kw::Flag("range"),
        "concealed" if matches!(facts.kind, Kind::Character | Kind::Equipment) => {
            Kw::Flag("concealed")
        }
        "ongoing" if facts.kind == Kind::PlotTwist => Kw::Flag("ongoing"),
        _ => return None,
    };
    p.i += 1;
    Some(kw)
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kw {
    Word(&'static str),
    Number(&'static str, u32),
    Flag(&'static str),
}

/// A sentence of keywords only (separated by commas or semicolons).
fn keyword_sentence(s: &[Tok], facts: &CardFacts<'_>) -> Option<Vec<Kw>> {
    let mut p = P::new(s);
    let mut out = Vec::new();
    loop {
        out.push(keyword(&mut p, facts)?);
        if p.done() {
            return Some(out);
        }
        if !(p.eat(",") || p.eat(";")) {
            return None;
        }
    }
}

// ---------------------------------------------------------------------------------
// Effects

/// The effect being built: its targets and steps, as card-language forms.
#[derive(Debug, Clone, Default)]
struct Effect {
    targets: Vec<String>,
    steps: Vec<String>,
    /// The character target "that character" names.
    last_character: Option<usize>,
}

impl Effect {
    fn forms(&self) -> String {
        let mut s = String::new();
        for f in self.targets.iter().chain(&self.steps) {
            s.push(' ');
            s.push_str(f);
        }
        s
    }
}

struct Ctx<'a> {
    facts: &'a CardFacts<'a>,
    name: Vec<Tok>,
    affiliations: &'a [(Vec<Tok>, String)],
}

fn quoted(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if c.is_control() => out.push(' '),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// Tests written before the noun: "ready", "front row", an affiliation...
fn pre_tests(p: &mut P<'_>, ctx: &Ctx<'_>, out: &mut Vec<String>) {
    loop {
        let t = if p.eat("front row") || p.eat("front-row") {
            "front-row".to_string()
        } else if p.eat("support row") || p.eat("support-row") {
            "support-row".to_string()
        } else if p.eat("ready") {
            "ready".into()
        } else if p.eat("exhausted") {
            "exhausted".into()
        } else if p.eat("stunned") {
            "stunned".into()
        } else if p.eat("visible") {
            "visible".into()
        } else if p.eat("hidden") {
            "hidden".into()
        } else if p.eat("attacking") {
            "attacker".into()
        } else if p.eat("defending") {
            "defender".into()
        } else if p.eat("opposing") {
            "opposing".into()
        } else if p.eat("other") {
            "other".into()
        } else if p.eat("unaffiliated") {
            "unaffiliated".into()
        } else if let Some(a) = ctx
            .affiliations
            .iter()
            .filter(|(toks, _)| {
                let mut q = *p;
                q.eat_toks(toks)
            })
            .max_by_key(|(toks, _)| toks.len())
        {
            p.eat_toks(&a.0);
            format!("(affiliation {})", quoted(&a.1))
        } else {
            return;
        };
        out.push(t);
    }
}

/// Tests written after the noun: "you control", "with cost 3 or less"...
fn post_tests(p: &mut P<'_>, out: &mut Vec<String>) -> Option<()> {
    loop {
        let t = if p.eat("you control") {
            "yours".to_string()
        } else if p.eat("an opponent controls")
            || p.eat("your opponents control")
            || p.eat("opponents control")
            || p.eat("your opponent controls")
        {
            "opposing".into()
        } else if p.eat("in your front row") {
            out.push("yours".into());
            "front-row".into()
        } else if p.eat("in your support row") {
            out.push("yours".into());
            "support-row".into()
        } else if p.eat("with flight") {
            "flight".into()
        } else if p.eat("with range") {
            "range".into()
        } else if p.eat("with cost") {
            let n = small(p.num()?)?;
            if p.eat("or less") || p.eat("or lower") {
                format!("(cost<= {n})")
            } else if p.eat("or more") || p.eat("or greater") || p.eat("or higher") {
                format!("(cost>= {n})")
            } else {
                return None;
            }
        } else {
            return Some(());
        };
        out.push(t);
    }
}

/// The card itself: its name, "this character" or "this card".
fn this(p: &mut P<'_>, ctx: &Ctx<'_>) -> bool {
    p.eat("this character") || p.eat("this card") || p.eat_toks(&ctx.name)
}

/// The characters a clause acts on; a target is declared in `e`.
fn chars(p: &mut P<'_>, ctx: &Ctx<'_>, e: &mut Effect, plural: &mut bool) -> Option<String> {
    *plural = false;
    if p.eat("target") {
        let mut tests = Vec::new();
        pre_tests(p, ctx, &mut tests);
        if p.eat("attacker") {
            tests.push("attacker".into());
        } else if p.eat("defender") {
            tests.push("defender".into());
        } else if !p.eat("character") {
            return None;
        }
        post_tests(p, &mut tests)?;
        let n = e.targets.len();
        let mut t = format!("(target {n} character");
        for x in &tests {
            t.push(' ');
            t.push_str(x);
        }
        t.push(')');
        e.targets.push(t);
        e.last_character = Some(n);
        return Some(format!("(target {n})"));
    }
    if this(p, ctx) {
        return Some("this".into());
    }
    if p.eat("equipped character") || p.eat("the equipped character") {
        return Some("host".into());
    }
    if p.eat("that character") || p.eat("it") {
        let n = e.last_character?;
        return Some(format!("(target {n})"));
    }
    // Characters that match: "each other character you control", "characters you
    // control", "all front row characters".
    let save = *p;
    let each = p.eat("each") || p.eat("all");
    let mut tests = Vec::new();
    pre_tests(p, ctx, &mut tests);
    let noun = if each && p.eat("character") {
        true
    } else if p.eat("characters") {
        *plural = true;
        true
    } else {
        false
    };
    if !noun || (!each && !*plural) {
        *p = save;
        return None;
    }
    post_tests(p, &mut tests)?;
    *plural = true;
    let mut v = vec!["character".to_string()];
    v.extend(tests);
    Some(format!("(each {})", v.join(" ")))
}

/// A player, for steps naming one; a target player is declared in `e`.
fn player(p: &mut P<'_>, e: &mut Effect) -> Option<String> {
    if p.eat("you") {
        return Some("you".into());
    }
    if p.eat("each opponent") || p.eat("each of your opponents") {
        return Some("each-opponent".into());
    }
    if p.eat("each player") {
        return Some("each-player".into());
    }
    if p.eat("target player") {
        let n = e.targets.len();
        e.targets.push(format!("(target {n} player)"));
        return Some(format!("(target {n})"));
    }
    if p.eat("target opponent") {
        let n = e.targets.len();
        e.targets.push(format!("(target {n} player opponent)"));
        return Some(format!("(target {n})"));
    }
    if p.eat("its controller") || p.eat("that character's controller") {
        let n = e.last_character?;
        return Some(format!("(controller-of {n})"));
    }
    None
}

fn duration(p: &mut P<'_>) -> &'static str {
    if p.eat("this turn") || p.eat("until end of turn") || p.eat("until the end of the turn") {
        " this-turn"
    } else if p.eat("this attack") {
        " this-attack"
    } else {
        ""
    }
}

/// `+N ATK`, `+N DEF`, `+N/+M`, `+N ATK and +M DEF`.
fn stats(p: &mut P<'_>) -> Option<(i32, i32)> {
    let a = p.signed()?;
    if p.eat("/") {
        let d = p.signed()?;
        return Some((a, d));
    }
    if p.eat("atk") {
        let save = *p;
        if p.eat("and") {
            if let Some(d) = p.signed() {
                if p.eat("def") {
                    return Some((a, d));
                }
            }
        }
        *p = save;
        return Some((a, 0));
    }
    if p.eat("def") {
        return Some((0, a));
    }
    None
}

fn grant(p: &mut P<'_>) -> Option<&'static str> {
    ["flight", "range", "reinforcement", "invulnerability"]
        .into_iter()
        .find(|g| p.eat(g))
}

fn cant(p: &mut P<'_>) -> Option<&'static str> {
    if p.eat("can't") || p.eat("cannot") {
        if p.eat("attack") {
            return Some("attack");
        }
        if p.eat("be stunned") {
            return Some("be-stunned");
        }
        if p.eat("be attacked") {
            return Some("be-attacked");
        }
        if p.eat("ready") {
            return Some("ready");
        }
        if p.eat("become powered-up") {
            return Some("become-powered-up");
        }
    }
    None
}

/// One clause: its steps are added to `e`. The whole clause must be read.
fn clause(toks: &[Tok], ctx: &Ctx<'_>, e: &mut Effect) -> Result<(), Refusal> {
    let mut p = P::new(toks);
    p.eat("then");
    if p.eat("you may") {
        let before = e.steps.len();
        clause(&toks[p.i..], ctx, e)?;
        let n = e.steps.len() - before;
        // The question is our word for the step (its verb in the card language).
        let verb: String = e
            .steps
            .get(before)
            .map_or("", String::as_str)
            .trim_start_matches('(')
            .chars()
            .take_while(|c| *c != ' ' && *c != ')')
            .collect();
        e.steps
            .insert(before, format!("(may {} {n})", quoted(&verb)));
        return Ok(());
    }
    let mut trial = e.clone();
    if step(&mut p, ctx, &mut trial).is_some() && p.done() {
        *e = trial;
        return Ok(());
    }
    Err(unread_clause(toks))
}

/// Why a clause wasn't read: the grammar's own verb, if the clause starts with one.
fn unread_clause(toks: &[Tok]) -> Refusal {
    const VERBS: &[&str] = &[
        "stun",
        "ko",
        "exhaust",
        "ready",
        "recover",
        "power-up",
        "return",
        "put",
        "draw",
        "discard",
        "search",
        "move",
        "target",
        "each",
        "all",
        "characters",
        "you",
        "choose",
        "reveal",
        "remove",
        "negate",
        "copy",
        "look",
    ];
    let mut p = P::new(toks);
    p.eat("then");
    match p.word() {
        Some(w) if VERBS.contains(&w) => format!("a '{w} …' sentence the grammar doesn't read"),
        _ => "an effect sentence the grammar doesn't read".into(),
    }
}

fn step(p: &mut P<'_>, ctx: &Ctx<'_>, e: &mut Effect) -> Option<()> {
    for (verb, word) in [
        ("stun", "stun"),
        ("ko", "ko"),
        ("exhaust", "exhaust"),
        ("ready", "ready"),
        ("recover", "recover"),
        ("power-up", "power-up"),
    ] {
        if p.eat(verb) {
            let mut plural = false;
            let who = chars(p, ctx, e, &mut plural)?;
            e.steps.push(format!("({word} {})", who));
            return Some(());
        }
    }
    if p.eat("return") {
        let mut plural = false;
        let who = chars(p, ctx, e, &mut plural)?;
        if !(p.eat("to its owner's hand")
            || p.eat("to their owner's hand")
            || p.eat("to their owners' hands")
            || p.eat("to its owner's hands"))
        {
            return None;
        }
        e.steps.push(format!("(return-to-hand {})", who));
        return Some(());
    }
    if p.eat("put") {
        let n = small(p.count()?)?;
        if !(p.eat("+ 1 / + 1") && p.eat("counter(s) on")) {
            return None;
        }
        let mut plural = false;
        let who = chars(p, ctx, e, &mut plural)?;
        e.steps.push(format!("(plus-counters {} {n})", who));
        return Some(());
    }
    if p.eat("draw") {
        let n = small(p.count()?)?;
        p.eat("card(s)").then_some(())?;
        e.steps.push(format!("(draw you {n})"));
        return Some(());
    }
    if p.eat("discard") {
        let n = small(p.count()?)?;
        p.eat("card(s)").then_some(())?;
        e.steps.push(format!("(discard you {n})"));
        return Some(());
    }
    // PLAYER draws / discards / loses / gains.
    let save = *p;
    let mut trial = e.clone();
    if let Some(who) = player(p, &mut trial) {
        let s = if p.eat("draw(s)") {
            let n = small(p.count()?)?;
            p.eat("card(s)").then_some(())?;
            format!("(draw {who} {n})")
        } else if p.eat("discard(s)") {
            let n = small(p.count()?)?;
            p.eat("card(s)").then_some(())?;
            format!("(discard {who} {n})")
        } else if p.eat("lose(s)") {
            let n = small(p.num()?)?;
            p.eat("endurance").then_some(())?;
            format!("(lose-endurance {who} {n})")
        } else if p.eat("gain(s)") {
            let n = small(p.num()?)?;
            p.eat("endurance").then_some(())?;
            format!("(gain-endurance {who} {n})")
        } else {
            return None;
        };
        *e = trial;
        e.steps.push(s);
        return Some(());
    }
    *p = save;
    // CHARS gets / gains / has / can't.
    let mut plural = false;
    let who = chars(p, ctx, e, &mut plural)?;
    if p.eat("get(s)") {
        let (a, d) = stats(p)?;
        let dur = duration(p);
        e.steps.push(format!("(gets {} {a} {d}{dur})", who));
        return Some(());
    }
    if p.eat("gain(s)") || p.eat("has") || p.eat("have") {
        let g = grant(p)?;
        let dur = duration(p);
        e.steps.push(format!("(has {} {g}{dur})", who));
        return Some(());
    }
    if let Some(what) = cant(p) {
        let dur = duration(p);
        e.steps.push(format!("(cant {} {what}{dur})", who));
        return Some(());
    }
    None
}

/// A continuous power's sentence: `SUBJECT gets +N/+M.`, `SUBJECT has flight.`,
/// `SUBJECT can't attack.` with no duration; SUBJECT is not a target.
fn continuous(toks: &[Tok], ctx: &Ctx<'_>) -> Option<String> {
    let mut p = P::new(toks);
    let mut e = Effect::default();
    let mut plural = false;
    let who = chars(&mut p, ctx, &mut e, &mut plural)?;
    if !e.targets.is_empty() {
        return None;
    }
    let form = if p.eat("get(s)") {
        let (a, d) = stats(&mut p)?;
        format!("(stats {} {a} {d})", who)
    } else if p.eat("has") || p.eat("have") {
        let g = grant(&mut p)?;
        format!("(grant {} {g})", who)
    } else if let Some(what) = cant(&mut p) {
        format!("(cant {} {what})", who)
    } else {
        return None;
    };
    p.done().then_some(form)
}

// ---------------------------------------------------------------------------------
// Powers

#[derive(Debug, Clone)]
enum Shape {
    Play,
    Payment { costs: Vec<String>, once: bool },
    Trigger { event: String },
}

#[derive(Debug, Clone)]
struct Power {
    shape: Shape,
    gate: Option<&'static str>,
    timing: Option<&'static str>,
    effect: Effect,
}

impl Power {
    fn form(&self) -> String {
        let only = self
            .timing
            .map(|t| format!(" (only {t})"))
            .unwrap_or_default();
        let inner = match &self.shape {
            Shape::Play => format!("(effect{only}{})", self.effect.forms()),
            Shape::Payment { costs, once } => format!(
                "(payment (cost{}){}{only}{})",
                costs.iter().map(|c| format!(" {c}")).collect::<String>(),
                if *once { " once-per-turn" } else { "" },
                self.effect.forms()
            ),
            Shape::Trigger { event } => {
                format!("(trigger (on {event}){})", self.effect.forms())
            }
        };
        match self.gate {
            Some(g) => format!("({g} {inner})"),
            None => inner,
        }
    }
}

fn costs(toks: &[Tok], ctx: &Ctx<'_>) -> Option<Vec<String>> {
    let mut p = P::new(toks);
    let mut out = Vec::new();
    loop {
        let c = if p.eat("activate") {
            "activate".to_string()
        } else if p.eat("free") {
            String::new()
        } else if p.eat("pay") {
            let n = small(p.num()?)?;
            if p.eat("endurance") {
                format!("(pay-endurance {n})")
            } else if p.eat("resource point(s)") {
                format!("(pay-rp {n})")
            } else {
                return None;
            }
        } else if p.eat("stun") && this(&mut p, ctx) {
            "stun-this".into()
        } else if p.eat("ko") && this(&mut p, ctx) {
            "ko-this".into()
        } else {
            return None;
        };
        if !c.is_empty() {
            out.push(c);
        }
        if p.done() {
            return Some(out);
        }
        if !(p.eat(",") || p.eat("and") || p.eat(", and")) {
            return None;
        }
    }
}

fn event(p: &mut P<'_>, ctx: &Ctx<'_>) -> Option<String> {
    if p.eat("at the start of") {
        p.eat("the").then_some(())?;
        let phase = ["draw", "build", "combat", "recovery"]
            .into_iter()
            .find(|w| p.eat(w))?;
        p.eat("phase").then_some(())?;
        p.eat("each turn");
        return Some(format!("(start-of {phase}-phase)"));
    }
    if !(p.eat("when") || p.eat("whenever")) {
        return None;
    }
    if !this(p, ctx) {
        return None;
    }
    Some(
        if p.eat("enters play") {
            "enters-play"
        } else if p.eat("becomes stunned") {
            "becomes-stunned"
        } else if p.eat("attacks") {
            "attacks"
        } else if p.eat("defends") {
            "defends"
        } else {
            return None;
        }
        .into(),
    )
}

fn timing(p: &mut P<'_>) -> Option<&'static str> {
    if p.eat("the build phase") {
        Some("build-phase")
    } else if p.eat("the combat phase") {
        Some("combat-phase")
    } else if p.eat("your attack step") || p.eat("your attack") {
        Some("your-attack-step")
    } else {
        None
    }
}

/// Reads the text's powers, sentence by sentence.
struct Reader<'a> {
    ctx: Ctx<'a>,
    done: Vec<String>,
    current: Option<Power>,
    /// A plot twist's effect, wherever its sentences are.
    play: Option<Power>,
}

impl Reader<'_> {
    fn finish(&mut self) {
        if let Some(p) = self.current.take() {
            self.done.push(p.form());
        }
    }

    fn plot_twist(&self) -> bool {
        self.ctx.facts.kind == Kind::PlotTwist
    }

    fn play(&mut self) -> &mut Power {
        self.play.get_or_insert_with(|| Power {
            shape: Shape::Play,
            gate: None,
            timing: None,
            effect: Effect::default(),
        })
    }

    fn sentence(&mut self, s: &[Tok], gate: Option<&'static str>) -> Result<(), Refusal> {
        let mut p = P::new(s);
        // A payment power.
        if let Some(at) = s.iter().position(|t| *t == Tok::Arrow) {
            let costs = costs(&s[..at], &self.ctx)
                .ok_or("a payment power (COST >>> EFFECT) whose cost isn't read")?;
            let mut effect = Effect::default();
            clause(&s[at + 1..], &self.ctx, &mut effect)
                .map_err(|why| format!("a payment power's effect: {why}"))?;
            self.finish();
            self.current = Some(Power {
                shape: Shape::Payment { costs, once: false },
                gate,
                timing: None,
                effect,
            });
            return Ok(());
        }
        // A triggered power.
        if matches!(p.word(), Some("when" | "whenever")) || {
            let mut q = p;
            q.eat("at the start of")
        } {
            let event = event(&mut p, &self.ctx)
                .ok_or("a triggered power (When/Whenever/At …) whose event isn't read")?;
            if !p.eat(",") {
                return Err("a triggered power (When/Whenever/At …) whose event isn't read".into());
            }
            let mut effect = Effect::default();
            clause(&s[p.i..], &self.ctx, &mut effect)
                .map_err(|why| format!("a triggered power's effect: {why}"))?;
            self.finish();
            self.current = Some(Power {
                shape: Shape::Trigger { event },
                gate,
                timing: None,
                effect,
            });
            return Ok(());
        }
        if gate.is_none() {
            // Restrictions on the power before.
            if p.eat("use only") {
                let Some(Power {
                    shape: Shape::Payment { once, .. },
                    timing: t,
                    ..
                }) = self.current.as_mut()
                else {
                    return Err("a 'Use only …' restriction with no payment power before it".into());
                };
                loop {
                    if p.eat("once per turn") {
                        *once = true;
                    } else if p.eat("during") {
                        *t =
                            Some(timing(&mut p).ok_or(
                                "a 'Use only during …' restriction the grammar doesn't read",
                            )?);
                    } else {
                        return Err("a 'Use only …' restriction the grammar doesn't read".into());
                    }
                    if p.done() {
                        return Ok(());
                    }
                    if !(p.eat("and only") || p.eat(", and only") || p.eat(", only")) {
                        return Err("a 'Use only …' restriction the grammar doesn't read".into());
                    }
                }
            }
            if p.eat("play only during") {
                if !self.plot_twist() {
                    return Err(
                        "a 'Play only …' restriction on a card that isn't a plot twist".into(),
                    );
                }
                let t = timing(&mut p)
                    .filter(|_| p.done())
                    .ok_or("a 'Play only …' restriction the grammar doesn't read")?;
                self.play().timing = Some(t);
                return Ok(());
            }
            if p.eat("to play") {
                return Err("an additional cost ('To play, …') the grammar doesn't read".into());
            }
        }
        // A continuous power, except on a plot twist that isn't ongoing (there, the
        // sentence is a step of its effect).
        if !self.plot_twist() || self.ctx.facts.ongoing {
            if let Some(form) = continuous(s, &self.ctx) {
                self.finish();
                self.done.push(match gate {
                    Some(g) => format!("({g} (continuous {form}))"),
                    None => format!("(continuous {form})"),
                });
                return Ok(());
            }
        }
        if gate.is_some() {
            return Err(
                "text after Cosmic:/Boost: that isn't a payment, triggered or continuous power"
                    .into(),
            );
        }
        // A step of the power before, or of a plot twist's effect.
        if let Some(cur) = self.current.as_mut() {
            let mut e = cur.effect.clone();
            clause(s, &self.ctx, &mut e)?;
            cur.effect = e;
            return Ok(());
        }
        if self.plot_twist() {
            let mut e = self.play().effect.clone();
            clause(s, &self.ctx, &mut e)?;
            self.play().effect = e;
            return Ok(());
        }
        // Read it anyway, for the reason.
        clause(s, &self.ctx, &mut Effect::default())?;
        Err("an effect sentence outside any power (no COST >>>, no When/Whenever)".into())
    }
}

/// Compiles a card's printed text. `affiliations` are the names the collection uses
/// (read as character tests: "target Training Squad character").
pub fn compile(text: &str, facts: &CardFacts<'_>, affiliations: &[String]) -> Compiled {
    let mut out = Compiled {
        keywords: Vec::new(),
        flags: Vec::new(),
        powers: Ok(Vec::new()),
        sentences: 0,
    };
    if text.chars().count() > MAX_TEXT {
        out.powers = Err(format!("text longer than {MAX_TEXT} characters"));
        return out;
    }
    let aff: Vec<(Vec<Tok>, String)> = affiliations
        .iter()
        .map(|a| (tokenize(&normalise(a)), a.clone()))
        .filter(|(t, _)| !t.is_empty() && t.iter().all(|t| matches!(t, Tok::Word(_) | Tok::Num(_))))
        .collect();
    let mut r = Reader {
        ctx: Ctx {
            facts,
            name: tokenize(&normalise(facts.name))
                .into_iter()
                .filter(|t| !matches!(t, Tok::Sym(_)))
                .collect(),
            affiliations: &aff,
        },
        done: Vec::new(),
        current: None,
        play: None,
    };
    let mut refusal: Option<Refusal> = None;
    let add_kw = |out: &mut Compiled, k: Kw| match k {
        Kw::Word(w) => {
            if !out.keywords.iter().any(|x| x == w) {
                out.keywords.push(w.to_string());
            }
        }
        Kw::Number(w, n) => {
            let f = format!("({w} {n})");
            if !out
                .keywords
                .iter()
                .any(|x| x.starts_with(&format!("({w} ")))
            {
                out.keywords.push(f);
            }
        }
        Kw::Flag(f) => {
            if !out.flags.contains(&f) {
                out.flags.push(f);
            }
        }
    };
    let normalised = normalise(text);
    for para in normalised.split('\n') {
        let toks = tokenize(para);
        for s in sentences(&toks) {
            out.sentences += 1;
            if let Some(kws) = keyword_sentence(s, facts) {
                for k in kws {
                    add_kw(&mut out, k);
                }
                continue;
            }
            // "Cosmic: ...", "Boost 2: ...", "Ally: ..." and the like.
            let mut p = P::new(s);
            let mut gate = None;
            let mut rest = s;
            if let Some(k) = keyword(&mut p, facts) {
                if p.eat(":") || p.eat("-") {
                    add_kw(&mut out, k);
                    rest = &s[p.i..];
                    gate = match k {
                        Kw::Word("cosmic") => Some("cosmic"),
                        Kw::Number("boost", _) => Some("boost"),
                        Kw::Word("insanity") => {
                            refusal.get_or_insert_with(|| {
                                "text gated by Insanity (706.15), which the card language can't say"
                                    .into()
                            });
                            continue;
                        }
                        Kw::Word("ally" | "backup" | "vengeance" | "leader") => None,
                        _ => {
                            refusal.get_or_insert_with(|| {
                                "text after a keyword and a colon the grammar doesn't read".into()
                            });
                            continue;
                        }
                    };
                    if gate == Some("boost") && facts.kind == Kind::PlotTwist {
                        refusal.get_or_insert_with(|| {
                            "boost text on a plot twist (706.2b): write its steps under `(if boosted ...)` by hand"
                                .into()
                        });
                        continue;
                    }
                }
            }
            if refusal.is_some() {
                continue;
            }
            if let Err(why) = r.sentence(rest, gate) {
                refusal = Some(why);
            }
        }
    }
    r.finish();
    out.powers = match refusal {
        Some(why) => Err(why),
        None => {
            let mut powers = Vec::new();
            let ongoing = facts.ongoing || out.flags.contains(&"ongoing");
            match r.play.take() {
                Some(play) => powers.push(play.form()),
                // 304.9: an ongoing plot twist's effect may be blank; it still has one.
                None if facts.kind == Kind::PlotTwist && ongoing && !r.done.is_empty() => {
                    powers.push("(effect)".into())
                }
                None => {}
            }
            powers.append(&mut r.done);
            Ok(powers)
        }
    };
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn one(text: &str, kind: Kind) -> Result<Vec<String>, Refusal> {
        let facts = CardFacts {
            name: "Test Bruiser",
            kind,
            ongoing: false,
        };
        compile(text, &facts, &["Test Squad".to_string()]).powers
    }

    #[test]
    fn common_shapes_compile() {
        use Kind::*;
        let cases: &[(&str, Kind, &str)] = &[
            (
                "Target character gets +2 ATK this turn.",
                PlotTwist,
                "(effect (target 0 character) (gets (target 0) 2 0 this-turn))",
            ),
            (
                "Play only during your attack step. Stun target character an opponent controls with cost 3 or less.",
                PlotTwist,
                "(effect (only your-attack-step) (target 0 character opposing (cost<= 3)) (stun (target 0)))",
            ),
            (
                "Draw two cards. You gain 3 endurance.",
                PlotTwist,
                "(effect (draw you 2) (gain-endurance you 3))",
            ),
            (
                "Activate >>> Target Test Squad character you control gets +1/+1 this attack. Use only once per turn.",
                Location,
                "(payment (cost activate) once-per-turn (target 0 character (affiliation \"Test Squad\") yours) (gets (target 0) 1 1 this-attack))",
            ),
            (
                "When Test Bruiser enters play, target player loses 2 endurance.",
                Character,
                "(trigger (on enters-play) (target 0 player) (lose-endurance (target 0) 2))",
            ),
            (
                "Equipped character gets +2/+0.",
                Equipment,
                "(continuous (stats host 2 0))",
            ),
            (
                "Put a +1/+1 counter on target character you control.",
                PlotTwist,
                "(effect (target 0 character yours) (plus-counters (target 0) 1))",
            ),
            (
                "You may stun target exhausted character.",
                PlotTwist,
                "(effect (target 0 character exhausted) (may \"stun\" 1) (stun (target 0)))",
            ),
            (
                "Return target character with cost 2 or less to its owner's hand.",
                PlotTwist,
                "(effect (target 0 character (cost<= 2)) (return-to-hand (target 0)))",
            ),
        ];
        for (text, kind, want) in cases {
            assert_eq!(one(text, *kind), Ok(vec![want.to_string()]), "{text}");
        }
    }

    #[test]
    fn keywords_and_gates() {
        let facts = CardFacts {
            name: "Test Bruiser",
            kind: Kind::Character,
            ongoing: false,
        };
        let c = compile(
            "Loyalty—Reveal. Boost 2 (reminder).\nCosmic: Test Bruiser gets +1/+1.",
            &facts,
            &[],
        );
        assert_eq!(c.keywords, ["loyalty-reveal", "(boost 2)", "cosmic"]);
        assert_eq!(
            c.powers,
            Ok(vec!["(cosmic (continuous (stats this 1 1)))".to_string()])
        );
    }

    #[test]
    fn unread_sentences_are_refused_by_shape() {
        let r = one("Stun target character unless it sings.", Kind::PlotTwist);
        assert_eq!(
            r,
            Err("a 'stun …' sentence the grammar doesn't read".into())
        );
        let r = one("Draw a card.", Kind::Character);
        assert!(r.unwrap_err().contains("outside any power"));
    }
}
