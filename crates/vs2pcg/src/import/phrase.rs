//! The grammar of the later sets' printed phrasing that our card language can say: one
//! printed power (`powers.rs`) compiled into a card-language body, or refused with a
//! short reason naming the *kind* of sentence not read and its first words.
//!
//! A power is read whole or not at all; a phrase is read only when the card language
//! says exactly what it means (a "wounded" or "exhausted" character, "until your next
//! turn", a cost paid one of two ways, "any number of times" are not in it, so a power
//! using them is refused, never approximated). What is read:
//!
//! ```text
//! KEYWORD [REMINDER]              Dodge, Leap, Berserker, Ferocious, Lethal, Stealth,
//!                                 Tough, Monstrous, Flight, Range, Mobile, Swarm, One of
//!                                 a Kind, ...; the reminder text must say what the
//!                                 keyword does. Grab, Fearless and Genius with theirs.
//! TIMING [COST]: STEP...          a Super Power (Build, Main, Combat, [Any Turn] Combat,
//!                                 Any Combat); "SELF can only use this power once each
//!                                 game." makes it once per game
//! Level Up (N) - EVENT, SELF gains N XP [for each ...].
//! When SELF EVENT, STEP...         appears, attacks, gets attacked [for the first time
//!                                 each turn], gets stunned / KO'd / wounded, stuns ...
//! When an enemy character gets stunned / KO'd / appears, STEP...
//! At the start of your turn / Build Phase / Main Phase, At the end of your turn, ...
//! SELF has +X/+Y [while COND].     While COND, SELF has +X/+Y.   (static powers)
//! Equipped character has +X/+Y / KEYWORD.                       (equipment)
//! ```
//!
//! and the steps: `Put N +1/+1|-1/-1 counter(s) on CHARS [and N ... on CHARS]`, `CHARS
//! gets|has|gains|is +X/+Y|KEYWORD[, and ...] DURATION`, `Stun|KO|Daze|Exhaust|Ready|
//! Recover|Freeze|Push|Pull|Wound CHARS`, `Move CHARS to its front|back row`, `Heal N
//! wound(s) from CHARS`, `[You] draw N cards`, `Each enemy player discards N random
//! card(s)`, `Choose CHARS [to get ...]`, `Choose an enemy player to draw N cards`,
//! `Search your deck for a card and put it into your hand`, `Search your deck for a
//! character named SELF and put him onto your side`, `Turn an enemy location face down`;
//! `Then` and `, then` / `and` between them, `You may STEP`, `If this is a melee|ranged
//! combat, STEPS`, `If SELF is wounded|attacking|..., STEPS [instead]` (instead: the
//! sentence before happens only otherwise). DURATION is `this combat`, `this turn` or
//! `for the rest of the game`. CHARS is `SELF` (the card's name, a word of it, he, she,
//! him, her), `equipped character` (equipment), `it` or `that character` (the one chosen
//! before, or the character a trigger is about), `a|an|another [face-up|face-down]
//! [enemy] [front row|back row] [TEAM] [supporting|main] character|attacker|defender [on
//! your side] [in the combat] [with cost N or less]` (a new choice) or `each|all ...`.
//!
//! Anything else is refused, never guessed.

use super::facts::Kind;
use super::powers::{Head, Printed, SELF_MARK};

/// Why a power was not compiled: one short line.
pub type Refusal = String;

/// What the text is printed on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Holder {
    Character { main: bool },
    Equipment,
    PlotTwist,
}

impl Holder {
    pub fn of(kind: Kind) -> Holder {
        match kind {
            Kind::Main(_) => Holder::Character { main: true },
            Kind::Equipment => Holder::Equipment,
            Kind::PlotTwist => Holder::PlotTwist,
            _ => Holder::Character { main: false },
        }
    }
    fn has_self(self) -> bool {
        self != Holder::PlotTwist
    }
}

/// A compiled printed power.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Compiled {
    /// `(power "Name" BODY...)` bodies (one or more), without the power form.
    Bodies(Vec<String>),
    /// A plot twist's timing words and its effect's steps.
    Effect { timing: String, steps: Vec<String> },
    /// An AKA line: the other name.
    Aka(String),
}

// ---------------------------------------------------------------------------------
// Tokens

#[derive(Debug, Clone, PartialEq, Eq)]
enum Tok {
    /// A word, lower case.
    W(String),
    N(i64),
    /// `+X/+Y`, `-1/-1`.
    Pair(i32, i32),
    /// `[...]` or a one-word `(...)`, lower case.
    G(String),
    P(char),
    /// The card's own name.
    Me,
}

fn tokens(s: &str) -> Vec<Tok> {
    let chars: Vec<char> = s.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    let signed = |i: usize| -> Option<(i32, usize)> {
        let sign = match chars.get(i)? {
            '+' => 1,
            '-' => -1,
            _ => return None,
        };
        let mut j = i + 1;
        let mut n: i32 = 0;
        while let Some(d) = chars.get(j).and_then(|c| c.to_digit(10)) {
            n = n.saturating_mul(10).saturating_add(d as i32);
            j += 1;
        }
        (j > i + 1).then_some((sign * n, j))
    };
    while i < chars.len() {
        let c = chars[i];
        if c.is_whitespace() {
            i += 1;
        } else if c == SELF_MARK {
            out.push(Tok::Me);
            i += 1;
        } else if let Some((a, j)) = signed(i) {
            if chars.get(j) == Some(&'/') {
                if let Some((b, k)) = signed(j + 1) {
                    out.push(Tok::Pair(a, b));
                    i = k;
                    continue;
                }
            }
            out.push(Tok::P(c));
            i += 1;
        } else if c == '[' || c == '(' {
            let close = if c == '[' { ']' } else { ')' };
            let mut inner = String::new();
            i += 1;
            while i < chars.len() && chars[i] != close {
                inner.push(chars[i]);
                i += 1;
            }
            i += 1;
            out.push(Tok::G(
                inner
                    .split_whitespace()
                    .collect::<Vec<_>>()
                    .join(" ")
                    .to_lowercase(),
            ));
        } else if c.is_ascii_digit() {
            let mut n: i64 = 0;
            while let Some(d) = chars.get(i).and_then(|c| c.to_digit(10)) {
                n = n.saturating_mul(10).saturating_add(d as i64);
                i += 1;
            }
            out.push(Tok::N(n));
        } else if c.is_alphabetic() {
            let mut w = String::new();
            while i < chars.len()
                && (chars[i].is_alphanumeric()
                    || (matches!(chars[i], '\'' | '-')
                        && chars.get(i + 1).is_some_and(|n| n.is_alphabetic())))
            {
                w.push(chars[i]);
                i += 1;
            }
            out.push(Tok::W(w.to_lowercase()));
        } else {
            out.push(Tok::P(c));
            i += 1;
        }
    }
    // The sentence's closing stop is no part of it.
    while matches!(out.last(), Some(Tok::P('.' | '!'))) {
        out.pop();
    }
    out
}

/// A cursor over a sentence's tokens.
#[derive(Clone)]
struct Cur<'t> {
    t: &'t [Tok],
    i: usize,
}

impl<'t> Cur<'t> {
    fn new(t: &'t [Tok]) -> Self {
        Cur { t, i: 0 }
    }
    fn peek(&self) -> Option<&'t Tok> {
        self.t.get(self.i)
    }
    fn done(&self) -> bool {
        self.i >= self.t.len()
    }
    /// The words in order (space-separated), all or none.
    fn w(&mut self, words: &str) -> bool {
        let save = self.i;
        for w in words.split(' ') {
            match self.t.get(self.i) {
                Some(Tok::W(x)) if x == w => self.i += 1,
                Some(Tok::P(c)) if w.len() == 1 && w.starts_with(*c) => self.i += 1,
                _ => {
                    self.i = save;
                    return false;
                }
            }
        }
        true
    }
    /// One of the word sequences.
    fn any(&mut self, options: &[&str]) -> Option<usize> {
        options.iter().position(|o| self.w(o))
    }
    fn p(&mut self, c: char) -> bool {
        if self.peek() == Some(&Tok::P(c)) {
            self.i += 1;
            true
        } else {
            false
        }
    }
    fn me(&mut self) -> bool {
        if self.peek() == Some(&Tok::Me) {
            self.i += 1;
            true
        } else {
            false
        }
    }
    fn pair(&mut self) -> Option<(i32, i32)> {
        match self.peek() {
            Some(Tok::Pair(a, b)) => {
                self.i += 1;
                Some((*a, *b))
            }
            _ => None,
        }
    }
    /// A count: digits, a number word, or "a"/"an" (one).
    fn count(&mut self) -> Option<i64> {
        if let Some(Tok::N(n)) = self.peek() {
            self.i += 1;
            return Some(*n);
        }
        const WORDS: [(&str, i64); 12] = [
            ("a", 1),
            ("an", 1),
            ("one", 1),
            ("two", 2),
            ("three", 3),
            ("four", 4),
            ("five", 5),
            ("six", 6),
            ("seven", 7),
            ("eight", 8),
            ("nine", 9),
            ("ten", 10),
        ];
        match self.peek() {
            Some(Tok::W(w)) => {
                let n = WORDS.iter().find(|(x, _)| x == w)?.1;
                self.i += 1;
                Some(n)
            }
            _ => None,
        }
    }
}

// ---------------------------------------------------------------------------------
// The effect being compiled

/// What an effect has chosen so far, for "it" and the next slot.
struct Effect {
    holder: Holder,
    steps: Vec<String>,
    next_slot: u8,
    /// What "it", "that character", "them" refer to.
    it: Option<String>,
    /// The last duration read, and one an "instead" sentence takes from the sentence it
    /// replaces when it names none.
    last_duration: Option<&'static str>,
    implied_duration: Option<&'static str>,
    /// The trigger is about another character, not yet taken into a slot: "it" takes
    /// it (`take-subject`).
    subject: bool,
}

impl Effect {
    fn new(holder: Holder) -> Self {
        Effect {
            holder,
            steps: Vec::new(),
            next_slot: 0,
            it: None,
            last_duration: None,
            implied_duration: None,
            subject: false,
        }
    }
    fn slot(&mut self) -> Option<u8> {
        let s = self.next_slot;
        if s > 4 {
            return None;
        }
        self.next_slot += 1;
        Some(s)
    }
}

/// Words for the pronouns and names that mean the power's own character.
fn self_ref(c: &mut Cur<'_>, holder: Holder) -> bool {
    if holder == Holder::Equipment {
        return c.w("equipped character");
    }
    holder.has_self()
        && (c.me()
            || c.any(&[
                "he",
                "she",
                "him",
                "her",
                "himself",
                "herself",
                "this character",
            ])
            .is_some())
}

/// A filter's words for a character phrase after its article: `[face-up] enemy
/// supporting character on your side in the combat`; `pre` are words already read
/// ("another": `other`).
fn filter_words(c: &mut Cur<'_>, plural: bool, mut pre: Vec<String>) -> Option<Vec<String>> {
    let mut side: Option<&str> = None;
    // Before the noun.
    loop {
        if c.w("face-up") || c.w("face up") {
            pre.push("face-up".into());
        } else if c.w("face-down") || c.w("face down") || c.w("stunned") {
            pre.push("stunned".into());
        } else if c.w("enemy") {
            side = Some("enemy");
        } else if c.w("front row") || c.w("front-row") {
            pre.push("front-row".into());
        } else if c.w("back row") || c.w("back-row") {
            pre.push("back-row".into());
        } else if c.w("other") {
            pre.push("other".into());
        } else if c.w("supporting") {
            pre.push("supporting".into());
        } else if c.w("main") {
            pre.push("main".into());
        } else if let Some(Tok::G(g)) = c.peek() {
            let t = super::facts::team_word(g)?;
            c.i += 1;
            pre.push(format!("(team {t})"));
        } else {
            break;
        }
    }
    let nouns: [(&str, &str); 3] = if plural {
        [
            ("characters", "character"),
            ("attackers", "attacker"),
            ("defenders", "defender"),
        ]
    } else {
        [
            ("character", "character"),
            ("attacker", "attacker"),
            ("defender", "defender"),
        ]
    };
    let noun = nouns.iter().find(|(w, _)| c.w(w)).map(|(_, n)| *n)?;
    let role = noun != "character";
    // After the noun.
    let mut post: Vec<String> = Vec::new();
    loop {
        if c.w("on your side") {
            if side.is_some() {
                return None;
            }
            side = Some("yours");
        } else if c.w("in the combat") || c.w("in combat") {
            // Attackers and defenders are in the combat already.
            if !role {
                post.push("in-combat".into());
            }
        } else if c.w("with cost") {
            let n = c.count()?;
            if !c.w("or less") {
                return None;
            }
            post.push(format!("(max-cost {n})"));
        } else {
            break;
        }
    }
    let mut f: Vec<String> = side.into_iter().map(str::to_string).collect();
    f.extend(pre);
    f.push(noun.to_string());
    f.extend(post);
    Some(f)
}

/// CHARS as the object of a step: the WHO it means, choosing first when it is "a ..."
/// (the choice's steps are added to the effect).
fn chars(c: &mut Cur<'_>, e: &mut Effect) -> Option<String> {
    if self_ref(c, e.holder) {
        return Some("self".into());
    }
    if c.any(&["it", "that character", "them", "those characters"])
        .is_some()
    {
        if e.it.is_none() && e.subject {
            // The character the trigger is about.
            let slot = e.slot()?;
            e.steps.push(format!("(take-subject {slot})"));
            e.subject = false;
            e.it = Some(format!("(chosen {slot})"));
        }
        return e.it.clone();
    }
    if c.w("each") || c.w("all") {
        let save = c.i;
        let f = filter_words(c, false, Vec::new()).or_else(|| {
            c.i = save;
            filter_words(c, true, Vec::new())
        })?;
        let who = format!("(each {})", f.join(" "));
        e.it = Some(who.clone());
        return Some(who);
    }
    let another = c.w("another");
    if !another && c.any(&["a", "an"]).is_none() {
        return None;
    }
    let pre = if another {
        vec!["other".to_string()]
    } else {
        Vec::new()
    };
    let f = filter_words(c, false, pre)?;
    let slot = e.slot()?;
    e.steps.push(format!("(choose {slot} ({}))", f.join(" ")));
    let who = format!("(chosen {slot})");
    e.it = Some(who.clone());
    Some(who)
}

/// `this combat`, `this turn`, `for the rest of the game` (a character's modifiers end
/// when it leaves play either way).
fn duration(c: &mut Cur<'_>) -> Option<&'static str> {
    if c.w("this combat") {
        Some("this-combat")
    } else if c.w("this turn") {
        Some("this-turn")
    } else if c.w("for the rest of the game") {
        Some("permanent")
    } else {
        None
    }
}

/// The keywords the card language has, by their printed names.
pub fn keyword_word(name: &str) -> Option<&'static str> {
    let n = name
        .trim()
        .trim_matches(|c: char| c == '[' || c == ']')
        .to_ascii_lowercase();
    Some(match n.as_str() {
        "flight" => "flight",
        "range" | "ranged" => "ranged",
        "stealth" => "stealth",
        "mobile" => "mobile",
        "berserker" => "berserker",
        "creature" => "creature",
        "dodge" => "dodge",
        "ferocious" => "ferocious",
        "hex" => "hex",
        "inspire" => "inspire",
        "leader" => "leader",
        "leap" => "leap",
        "lethal" => "lethal",
        "monstrous" => "monstrous",
        "schemer" => "schemer",
        "shrink" => "shrink",
        "swarm" => "swarm",
        "symbiosis" => "symbiosis",
        "tough" => "tough",
        "waking nightmare" => "waking-nightmare",
        "one of a kind" => "one-of-a-kind",
        "legion" => "legion",
        _ => return None,
    })
}

/// A keyword word in a sentence: `[Flight]`, `Stealth`.
fn keyword_tok(c: &mut Cur<'_>) -> Option<&'static str> {
    let save = c.i;
    let k = match c.peek()? {
        Tok::G(g) => keyword_word(g),
        Tok::W(w) if w == "one" => {
            if c.w("one of a kind") {
                return Some("one-of-a-kind");
            }
            None
        }
        Tok::W(w) if w == "waking" => {
            if c.w("waking nightmare") {
                return Some("waking-nightmare");
            }
            None
        }
        Tok::W(w) => keyword_word(w),
        _ => None,
    };
    match k {
        Some(k) => {
            c.i += 1;
            Some(k)
        }
        None => {
            c.i = save;
            None
        }
    }
}

/// `ITEM [, ITEM] [and ITEM] DURATION` after "gets"/"has" for WHO, each ITEM `+X/+Y` (at
/// most one) or a keyword.
fn gets(c: &mut Cur<'_>, who: &str, e: &mut Effect) -> Option<()> {
    let mut stats: Option<(i32, i32)> = None;
    let mut keywords = Vec::new();
    loop {
        if let Some(p) = c.pair() {
            if stats.replace(p).is_some() {
                return None;
            }
        } else {
            keywords.push(keyword_tok(c)?);
        }
        if c.p(',') {
            let _ = c.w("and");
        } else if !c.w("and") {
            break;
        }
    }
    let d = duration(c).or(e.implied_duration)?;
    e.last_duration = Some(d);
    if let Some((a, b)) = stats {
        e.steps.push(format!("(modify {who} {a} {b} {d})"));
    }
    for k in keywords {
        e.steps.push(format!("(gain-keyword {who} {k} {d})"));
    }
    Some(())
}

/// `N +1/+1 counter(s) on CHARS` after "and": another put.
fn put_more(c: &mut Cur<'_>, e: &mut Effect) -> Option<()> {
    let n = c.count()?;
    let kind = match c.pair()? {
        (1, 1) => "plus-counters",
        (-1, -1) => "minus-counters",
        _ => return None,
    };
    c.any(&["counters", "counter"])?;
    if !c.w("on") {
        return None;
    }
    let who = chars(c, e)?;
    e.steps.push(format!("({kind} {who} {n})"));
    Some(())
}

/// The step fills a slot (a choice, or the trigger's subject taken).
fn fills_slot(step: &str) -> bool {
    step.starts_with("(choose") || step.starts_with("(take-subject")
}

/// One step sentence (or clause) of an effect.
fn step(c: &mut Cur<'_>, e: &mut Effect) -> Option<()> {
    let save = c.i;
    let steps_before = e.steps.len();
    let slots_before = e.next_slot;
    let it_before = e.it.clone();
    let r = step_inner(c, e);
    if r.is_none() {
        c.i = save;
        e.steps.truncate(steps_before);
        e.next_slot = slots_before;
        e.it = it_before;
    }
    r
}

fn step_inner(c: &mut Cur<'_>, e: &mut Effect) -> Option<()> {
    // "You may STEP": the step inside a `may`.
    if c.w("you may") {
        let mut inner = Effect {
            holder: e.holder,
            steps: Vec::new(),
            next_slot: e.next_slot,
            it: e.it.clone(),
            last_duration: e.last_duration,
            implied_duration: None,
            subject: e.subject,
        };
        step(c, &mut inner)?;
        e.next_slot = inner.next_slot;
        // A choice made inside a `may` is made only if the player says yes: later steps
        // can't refer to it.
        e.it = if inner.steps.iter().any(|s| fills_slot(s)) {
            None
        } else {
            inner.it
        };
        e.steps
            .push(format!("(may \"Do it?\" {})", inner.steps.join(" ")));
        return Some(());
    }
    // Put N +1/+1 (or -1/-1) counters on CHARS.
    if c.w("put") {
        let n = c.count()?;
        let kind = match c.pair()? {
            (1, 1) => "plus-counters",
            (-1, -1) => "minus-counters",
            _ => return None,
        };
        c.any(&["counters", "counter"])?;
        if !c.w("on") {
            return None;
        }
        let who = chars(c, e)?;
        e.steps.push(format!("({kind} {who} {n})"));
        // "... and N -1/-1 counters on CHARS": another put.
        let save = c.i;
        if c.w("and") && c.clone().count().is_some() {
            let mut more = c.clone();
            more.count();
            if more.pair().is_some() {
                return put_more(c, e).or_else(|| {
                    c.i = save;
                    Some(())
                });
            }
        }
        c.i = save;
        return Some(());
    }
    // Verbs on characters.
    const VERBS: [(&str, &str); 9] = [
        ("stun", "stun"),
        ("ko", "ko"),
        ("daze", "daze"),
        ("exhaust", "exhaust"),
        ("ready", "ready"),
        ("recover", "recover"),
        ("freeze", "freeze"),
        ("wound", "wound"),
        ("push", "push"),
    ];
    for (w, verb) in VERBS {
        if c.w(w) {
            let who = chars(c, e)?;
            if verb == "push" {
                // "to its back row" is what a push is.
                let _ = c.w("to its back row");
            }
            if verb == "wound" {
                e.steps.push(format!("(wound {who} 1)"));
            } else {
                e.steps.push(format!("({verb} {who})"));
            }
            return Some(());
        }
    }
    if c.w("pull") {
        let who = chars(c, e)?;
        let _ = c.w("to its front row");
        e.steps.push(format!("(pull {who})"));
        return Some(());
    }
    if c.w("move") {
        let who = chars(c, e)?;
        if c.w("to its front row") {
            e.steps.push(format!("(pull {who})"));
        } else if c.w("to its back row") {
            e.steps.push(format!("(push {who})"));
        } else {
            return None;
        }
        return Some(());
    }
    // Heal N wound(s) from CHARS.
    if c.w("heal") {
        let n = if c.w("each wound") || c.w("all wounds") {
            return None;
        } else {
            c.count()?
        };
        c.any(&["wounds", "wound"])?;
        if !c.w("from") {
            return None;
        }
        let who = chars(c, e)?;
        e.steps.push(format!("(heal {who} {n})"));
        return Some(());
    }
    // Draw N cards.
    if c.w("draw") {
        let n = c.count()?;
        c.any(&["cards", "card"])?;
        e.steps.push(format!("(draw you {n})"));
        return Some(());
    }
    if c.w("each enemy player discards") {
        let n = c.count()?;
        c.any(&["random cards", "random card"])?;
        e.steps.push(format!("(discard-random each-enemy {n})"));
        return Some(());
    }
    if c.w("search your deck for a card and put it into your hand") {
        e.steps.push("(search-deck any hand)".into());
        return Some(());
    }
    // A copy of this character onto your side (a main character card is never in a
    // deck, so "a character" is a supporting one).
    if c.w("search your deck for a character named") {
        if !c.me()
            || c.any(&[
                "and put him onto your side",
                "and put her onto your side",
                "and put it onto your side",
            ])
            .is_none()
        {
            return None;
        }
        e.steps.push("search-deck-for-copy".into());
        return Some(());
    }
    // Choose an enemy player to draw N cards.
    if c.w("choose an enemy player to draw") {
        let n = c.count()?;
        c.any(&["cards", "card"])?;
        // Player slots are counted apart from character slots.
        let slot = e
            .steps
            .iter()
            .filter(|s| s.starts_with("(choose-player"))
            .count();
        if slot > 4 {
            return None;
        }
        e.steps.push(format!("(choose-player {slot} enemy)"));
        e.steps.push(format!("(draw (chosen-player {slot}) {n})"));
        return Some(());
    }
    if c.w("you draw") {
        let n = c.count()?;
        c.any(&["cards", "card"])?;
        e.steps.push(format!("(draw you {n})"));
        return Some(());
    }
    if c.w("turn an enemy location face down") {
        e.steps.push("(turn-location-face-down enemy)".into());
        return Some(());
    }
    // Choose CHARS [to get ...].
    if c.w("choose") {
        let who = chars(c, e)?;
        if !who.starts_with("(chosen") {
            return None;
        }
        if c.w("to get") || c.w("to gain") {
            gets(c, &who, e)?;
        }
        return Some(());
    }
    // CHARS gets / has / gains ...
    let who = chars(c, e)?;
    if c.any(&["gets", "has", "gains", "get", "have", "gain", "is"])
        .is_some()
    {
        gets(c, &who, e)?;
        return Some(());
    }
    None
}

/// The condition that holds when `cond` doesn't.
fn negate(cond: &str) -> String {
    match cond.strip_prefix("(not ").and_then(|c| c.strip_suffix(')')) {
        Some(inner) => inner.to_string(),
        None => format!("(not {cond})"),
    }
}

/// `if COND ,` at the start of an effect's sentence: the condition.
fn if_clause(c: &mut Cur<'_>, holder: Holder) -> Option<&'static str> {
    let save = c.i;
    if !c.w("if") {
        return None;
    }
    let cond = if c.w("this is a melee combat") {
        Some("(not ranged-combat)")
    } else if c.w("this is a ranged combat") {
        Some("ranged-combat")
    } else {
        condition(c, holder)
    };
    match cond {
        Some(cond) if c.p(',') => Some(cond),
        _ => {
            c.i = save;
            None
        }
    }
}

/// The steps of one sentence (or what follows its opening clause).
fn sentence_steps(c: &mut Cur<'_>, toks: &[Tok], e: &mut Effect) -> Result<(), Refusal> {
    loop {
        if step(c, e).is_none() {
            return Err(unread("an effect", &toks[c.i..]));
        }
        if c.done() {
            return Ok(());
        }
        // ", then STEP", " and STEP"
        let _ = c.p(',');
        if !(c.w("then") || c.w("and")) {
            return Err(unread("an effect", &toks[c.i..]));
        }
    }
}

/// The steps of an effect's sentences.
fn effect_steps(sentences: &[String], e: &mut Effect) -> Result<(), Refusal> {
    // Where the last sentence's steps start, for "instead".
    let mut last_start = 0;
    for s in sentences {
        let toks = tokens(s);
        let mut c = Cur::new(&toks);
        let _ = c.w("then");
        let _ = c.p(',');
        if let Some(cond) = if_clause(&mut c, e.holder) {
            // "If COND, STEPS [instead]."
            let instead = matches!(toks.last(), Some(Tok::W(w)) if w == "instead");
            let end = toks.len() - usize::from(instead);
            let body = &toks[..end];
            let mut inner = Effect {
                holder: e.holder,
                steps: Vec::new(),
                next_slot: e.next_slot,
                it: e.it.clone(),
                last_duration: e.last_duration,
                implied_duration: if instead { e.last_duration } else { None },
                subject: e.subject,
            };
            let mut ic = Cur { t: body, i: c.i };
            sentence_steps(&mut ic, body, &mut inner)?;
            e.next_slot = inner.next_slot;
            let chose = inner.steps.iter().any(|s| fills_slot(s));
            e.it = if chose { None } else { inner.it };
            let start = e.steps.len();
            if instead {
                // The last sentence's steps happen only without the condition.
                let replaced: Vec<String> = e.steps.drain(last_start..).collect();
                if replaced.is_empty() || replaced.iter().any(|s| fills_slot(s)) {
                    return Err("an effect: an \"instead\" after a choice isn't read".into());
                }
                e.steps
                    .push(format!("(if {} {})", negate(cond), replaced.join(" ")));
            }
            e.steps
                .push(format!("(if {cond} {})", inner.steps.join(" ")));
            last_start = if instead { last_start } else { start };
            continue;
        }
        last_start = e.steps.len();
        sentence_steps(&mut c, &toks, e)?;
    }
    Ok(())
}

/// "what kind of sentence: \"its first words …\" isn't read".
fn unread(what: &str, toks: &[Tok]) -> Refusal {
    let words: Vec<String> = toks
        .iter()
        .take(3)
        .map(|t| match t {
            Tok::W(w) => w.clone(),
            Tok::N(n) => n.to_string(),
            Tok::Pair(a, b) => format!("{a:+}/{b:+}"),
            Tok::G(g) => format!("[{g}]"),
            Tok::P(c) => c.to_string(),
            Tok::Me => "NAME".into(),
        })
        .collect();
    if words.is_empty() {
        return format!("{what}: nothing after it");
    }
    let more = if toks.len() > 3 { " …" } else { "" };
    format!("{what}: \"{}{more}\" isn't read", words.join(" "))
}

// ---------------------------------------------------------------------------------
// Triggers and conditions

/// What a trigger's opening clause gave.
struct Trigger {
    /// The words of `(on ...)`.
    on: String,
    /// An intervening `(if ...)` the event implies ("makes a solo attack").
    cond: Option<&'static str>,
    /// The event is about another character, which "it" may name (`take-subject`).
    subject: bool,
}

/// `When SELF appears`, `At the start of your turn`, ...: the trigger.
fn trigger(c: &mut Cur<'_>, holder: Holder) -> Option<Trigger> {
    let plain = |on: &str| Trigger {
        on: on.into(),
        cond: None,
        subject: false,
    };
    let about = |on: &str| Trigger {
        on: on.into(),
        cond: None,
        subject: true,
    };
    const AT: [(&str, &str); 4] = [
        ("at the start of your turn", "start-of-your-turn"),
        ("at the end of your turn", "end-of-your-turn"),
        ("at the start of your build phase", "start-of-your-build"),
        ("at the start of your main phase", "start-of-your-main"),
    ];
    for (words, on) in AT {
        if c.w(words) {
            return Some(plain(on));
        }
    }
    c.any(&["when", "whenever"])?;
    let save = c.i;
    if self_ref(c, holder) {
        if c.w("makes a solo attack") || c.w("solo attacks") {
            return Some(Trigger {
                on: "self-attacks".into(),
                cond: Some("self-solo-attacking"),
                subject: false,
            });
        }
        const SELF: [(&str, &str); 13] = [
            ("appears", "self-appears"),
            ("attacks", "self-attacks"),
            ("team attacks", "self-team-attacks"),
            (
                "gets attacked for the first time each turn",
                "self-attacked first-each-turn",
            ),
            (
                "is attacked for the first time each turn",
                "self-attacked first-each-turn",
            ),
            ("gets attacked", "self-attacked"),
            ("is attacked", "self-attacked"),
            ("gets stunned", "self-stunned"),
            ("becomes stunned", "self-stunned"),
            ("gets ko'd", "self-kod"),
            ("gets wounded", "self-wounded"),
            ("stuns an enemy character", "self-stuns-enemy"),
            ("survives a combat", "self-survives"),
        ];
        for (words, on) in SELF {
            if c.w(words) {
                return Some(plain(on));
            }
        }
        if c.w("stuns") {
            c.any(&["a", "an"])?;
            let f = filter_words(c, false, Vec::new())?;
            return Some(plain(&format!("self-stuns {}", f.join(" "))));
        }
        return None;
    }
    c.i = save;
    const OTHERS: [(&str, &str); 5] = [
        ("an enemy character gets stunned", "enemy-stunned"),
        ("an enemy character gets ko'd", "enemy-kod"),
        ("an enemy character appears", "enemy-appears"),
        (
            "another character appears on your side",
            "other-appears-on-your-side",
        ),
        ("a character gets wounded", "wounded"),
    ];
    for (words, on) in OTHERS {
        if c.w(words) {
            return Some(about(on));
        }
    }
    if c.w("you play a plot twist") {
        return Some(plain("you-play-plot-twist"));
    }
    if c.w("you recruit") && self_ref(c, holder) {
        return Some(plain("self-recruited"));
    }
    None
}

/// `(on ON) [(if COND)]`.
fn on_clause(t: &Trigger) -> String {
    match t.cond {
        Some(c) => format!("(on {}) (if {c})", t.on),
        None => format!("(on {})", t.on),
    }
}

/// `while COND`: the condition words (after "while").
fn condition(c: &mut Cur<'_>, holder: Holder) -> Option<&'static str> {
    let save = c.i;
    // "while SELF is ..." / "while he's ..." / "while ..."
    let subject = self_ref(c, holder);
    if subject {
        let _ = c.any(&["is", "'s"]);
    } else if c.any(&["he's", "she's"]).is_some() {
    }
    let cond = if c.w("attacking a main character") {
        "self-attacking-main"
    } else if c.w("attacking") {
        "self-attacking"
    } else if c.w("defending") {
        "self-defending"
    } else if c.w("team attacking") {
        "self-team-attacking"
    } else if c.w("wounded") {
        "self-wounded"
    } else if c.w("unwounded") {
        "(not self-wounded)"
    } else if c.w("in the front row") || c.w("in your front row") {
        "self-in-front-row"
    } else if c.w("stunned") {
        "self-stunned"
    } else {
        c.i = save;
        return None;
    };
    Some(cond)
}

// ---------------------------------------------------------------------------------
// Keywords and their reminder text

/// What a keyword's reminder text must say, its character written `x`: each group of
/// words (one of its alternatives) somewhere in it, and no more words than the reminder
/// has. Only these few words are kept, never the reminder itself (the printed text is no
/// part of the project).
fn reminder(k: &str) -> Option<(&'static [&'static [&'static str]], usize)> {
    Some(match k {
        "dodge" => (
            &[&["can't be ranged attacked", "can't be range attacked"]],
            5,
        ),
        "leap" => (&[&["x has [flight]"], &["your turn"]], 6),
        "berserker" => (&[&["when x attacks"], &["+1/+1 counter on x"]], 10),
        "ferocious" => (
            &[
                &["melee combat"],
                &["strikes before"],
                &["without ferocious"],
            ],
            13,
        ),
        "lethal" => (
            &[&["wounds a defending supporting character"], &["ko x"]],
            10,
        ),
        "stealth" => (&[&["melee attack protected characters"]], 6),
        "tough" => (&[&["when x gets stunned"], &["may recover x"]], 14),
        "one-of-a-kind" => (&[&["only have one of this card"]], 11),
        "monstrous" => (&[&["melee team"], &["each attacker"]], 16),
        "shrink" => (&[&["first time each turn"], &["may cancel the"]], 16),
        "symbiosis" => (&[&["+1/+1 counters while stunned"]], 9),
        "waking-nightmare" => (&[&["-1/-1 counters while stunned"]], 10),
        "hex" => (&[&["can't level up"]], 5),
        "inspire" => (
            &[
                &["another character appears on your side"],
                &["+1/+1 counter on x"],
            ],
            14,
        ),
        "leader" => (&[&["x is team attacking"], &["defender strikes back"]], 14),
        "schemer" => (&[&["first plot twist each turn"], &["may draw a card"]], 15),
        "creature" => (&[&["can't have equipment"]], 4),
        "swarm" => (&[&["more than one character with this name"]], 17),
        _ => return None,
    })
}

/// `text` (canonical words) says what `sig` asks.
fn says(text: &str, sig: (&[&[&str]], usize)) -> bool {
    let padded = format!(" {text} ");
    text.split(' ').count() <= sig.1
        && sig
            .0
            .iter()
            .all(|group| group.iter().any(|w| padded.contains(&format!(" {w} "))))
}

/// A sentence with the power's character (and its pronouns) written `x`.
fn canonical(sentences: &[String]) -> String {
    let mut words = Vec::new();
    for (k, s) in sentences.iter().enumerate() {
        if k > 0 {
            words.push(".".to_string());
        }
        let toks = tokens(s);
        for (i, t) in toks.iter().cloned().enumerate() {
            let next_is = |w: &str| matches!(toks.get(i + 1), Some(Tok::W(x)) if x == w);
            words.push(match t {
                Tok::Me => "x".into(),
                Tok::W(w)
                    if matches!(
                        w.as_str(),
                        "he" | "she" | "it" | "him" | "her" | "they" | "them"
                    ) =>
                {
                    "x".into()
                }
                // "this character" is the character; "the NAME" is it too.
                Tok::W(w) if w == "this" && next_is("character") => "x".into(),
                Tok::W(w) if w == "character" && words.last().is_some_and(|l| l == "x") => continue,
                Tok::W(w) if w == "the" && toks.get(i + 1) == Some(&Tok::Me) => continue,
                Tok::W(w) => w,
                Tok::N(n) => n.to_string(),
                Tok::Pair(a, b) => format!("{a:+}/{b:+}"),
                Tok::G(g) => format!("[{g}]"),
                Tok::P(c) => c.to_string(),
            });
        }
    }
    words.join(" ")
}

/// A power named by keywords ("Dodge", "One of a Kind, Swarm") with its reminder text.
fn keyword_power(name: &str, body: &[String]) -> Option<Result<Vec<String>, Refusal>> {
    let parts: Vec<&str> = name.split(',').map(str::trim).collect();
    let ks: Option<Vec<&str>> = parts.iter().map(|p| keyword_word(p)).collect();
    let ks = ks?;
    if body.is_empty() {
        return Some(Ok(ks.iter().map(|k| format!("(keyword {k})")).collect()));
    }
    let text = canonical(body);
    if ks
        .iter()
        .any(|k| reminder(k).is_some_and(|sig| says(&text, sig)))
    {
        return Some(Ok(ks.iter().map(|k| format!("(keyword {k})")).collect()));
    }
    Some(Err(format!(
        "the keyword {} with text that isn't its reminder",
        parts.join(", ")
    )))
}

/// Powers named like the keywords the card language writes another way, with their
/// reminder text (as [`reminder`] reads it): Grab, Fearless, Genius.
fn named_rule(name: &str, body: &[String]) -> Option<Vec<String>> {
    let text = canonical(body);
    let (sig, form): ((&[&[&str]], usize), &str) = match name.to_ascii_lowercase().as_str() {
        "grab" => (
            (
                &[&["front row"], &["enemy characters can't fly over x"]],
                14,
            ),
            "(static grab)",
        ),
        "fearless" => (
            (
                &[
                    &["while attacking a main character"],
                    &["x strikes with double"],
                ],
                12,
            ),
            "(static (while self-attacking-main) double-strike)",
        ),
        "genius" => (
            (&[&["start of your turn"], &["draw a card"]], 10),
            "(trigger (on start-of-your-turn) (draw you 1))",
        ),
        _ => return None,
    };
    says(&text, sig).then(|| vec![form.to_string()])
}

// ---------------------------------------------------------------------------------
// Powers

/// A trigger power: `When ..., STEPS`; the body.
fn trigger_power(body: &[String], holder: Holder) -> Result<String, Refusal> {
    let toks = tokens(&body[0]);
    let mut c = Cur::new(&toks);
    let Some(t) = trigger(&mut c, holder) else {
        return Err(unread("a triggered power whose event", &toks));
    };
    if !c.p(',') {
        return Err(unread("a triggered power", &toks[c.i..]));
    }
    let mut e = Effect::new(holder);
    e.subject = t.subject;
    let mut sentences = vec![render(&toks[c.i..])];
    sentences.extend(body[1..].iter().cloned());
    effect_steps(&sentences, &mut e)?;
    Ok(format!("(trigger {} {})", on_clause(&t), e.steps.join(" ")))
}

/// Tokens written back as a sentence the tokenizer reads the same way.
fn render(toks: &[Tok]) -> String {
    toks.iter()
        .map(|t| match t {
            Tok::W(w) => w.clone(),
            Tok::N(n) => n.to_string(),
            Tok::Pair(a, b) => format!("{a:+}/{b:+}"),
            Tok::G(g) => format!("[{g}]"),
            Tok::P(c) => c.to_string(),
            Tok::Me => SELF_MARK.to_string(),
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// A Level Up power: `EVENT, SELF gains N XP.`
fn level_up(n: u8, body: &[String], holder: Holder) -> Result<String, Refusal> {
    if body.len() != 1 {
        return Err("a Level Up power of more than one sentence".into());
    }
    let toks = tokens(&body[0]);
    let mut c = Cur::new(&toks);
    let Some(t) = trigger(&mut c, holder) else {
        return Err(unread("a Level Up power whose event", &toks));
    };
    let on = on_clause(&t);
    if !c.p(',') || !self_ref(&mut c, holder) {
        return Err(unread("a Level Up power", &toks[c.i..]));
    }
    let _ = c.w("gainst");
    if !c.w("gains") && !c.w("gainst") {
        return Err(unread("a Level Up power", &toks[c.i..]));
    }
    let Some(xp) = c.count() else {
        return Err(unread("a Level Up power", &toks[c.i..]));
    };
    if !c.w("xp") || !c.done() {
        return Err(unread("a Level Up power", &toks[c.i..]));
    }
    Ok(if xp == 1 {
        format!("(level-up {n} {on})")
    } else {
        format!("(level-up {n} {on} (gain-xp {xp}))")
    })
}

/// A static power: `SELF has +X/+Y [while COND]`, `While COND, SELF has +X/+Y`,
/// `Equipped character has +X/+Y | KEYWORD`.
fn static_power(body: &[String], holder: Holder) -> Option<Vec<String>> {
    if body.len() != 1 || holder == Holder::PlotTwist {
        return None;
    }
    let toks = tokens(&body[0]);
    let mut c = Cur::new(&toks);
    let mut cond = None;
    if c.w("while") {
        cond = Some(condition(&mut c, holder)?);
        if !c.p(',') {
            return None;
        }
    }
    if !self_ref(&mut c, holder) {
        return None;
    }
    c.any(&["has", "gets"])?;
    let mut out = Vec::new();
    if let Some((a, b)) = c.pair() {
        out.push(format!("(stats {a} {b})"));
        while c.w("and") {
            let k = keyword_tok(&mut c)?;
            out.push(format!("(grant-keyword {k})"));
        }
    } else {
        let k = keyword_tok(&mut c)?;
        out.push(format!("(grant-keyword {k})"));
    }
    if c.w("while") {
        if cond.is_some() {
            return None;
        }
        cond = Some(condition(&mut c, holder)?);
    }
    if !c.done() {
        return None;
    }
    // Keywords are granted by a static power only on equipment.
    if holder != Holder::Equipment && out.iter().any(|s| s.starts_with("(grant-keyword")) {
        return None;
    }
    Some(
        out.into_iter()
            .map(|s| match cond {
                Some(c) => format!("(static (while {c}) {s})"),
                None => format!("(static {s})"),
            })
            .collect(),
    )
}

/// The timing words of a Super Power or plot twist.
fn timing_of(timings: &[String], any_turn: bool) -> Result<String, Refusal> {
    let [t] = timings else {
        return Err("a power with more than one timing".into());
    };
    Ok(match (t.as_str(), any_turn) {
        ("build", false) => "build".into(),
        ("main", false) => "main".into(),
        ("combat", false) => "combat".into(),
        ("combat", true) => "(combat any-turn)".into(),
        ("any combat", false) => "(combat any-combat)".into(),
        ("any combat", true) => "(combat any-turn any-combat)".into(),
        (other, _) => return Err(format!("a \"{other}\" timing")),
    })
}

/// The restrictions written after a Super Power's effect.
fn restriction(s: &str, holder: Holder) -> Option<&'static str> {
    let toks = tokens(s);
    let mut c = Cur::new(&toks);
    if !(self_ref(&mut c, holder) || c.w("it")) {
        return None;
    }
    if c.w("can only use this power once each game") || c.w("can only use this power once per game")
    {
        return c.done().then_some("once-per-game");
    }
    None
}

/// Compiles one printed power on a card.
pub fn compile_power(p: &Printed, holder: Holder) -> Result<Compiled, Refusal> {
    let name = p.name.as_deref().unwrap_or("");
    match &p.head {
        Head::LevelUp(n) => {
            if !matches!(holder, Holder::Character { main: true }) {
                return Err("a Level Up power on a card that isn't a main character".into());
            }
            Ok(Compiled::Bodies(vec![level_up(*n, &p.body, holder)?]))
        }
        Head::Timed {
            timings,
            any_turn,
            costs,
        } => {
            let timing = timing_of(timings, *any_turn)?;
            if holder == Holder::PlotTwist {
                if !costs.is_empty() {
                    return Err("a plot twist with a cost".into());
                }
                let mut e = Effect::new(holder);
                effect_steps(&p.body, &mut e)?;
                let timing = timing
                    .trim_start_matches('(')
                    .trim_end_matches(')')
                    .to_string();
                return Ok(Compiled::Effect {
                    timing,
                    steps: e.steps,
                });
            }
            let cost = match costs.as_slice() {
                [] => return Err("a Super Power without a cost".into()),
                [one] => one,
                _ => return Err("a Super Power paid one of several ways".into()),
            };
            let mut symbols = Vec::new();
            for s in cost {
                match super::powers::symbol_word(s) {
                    Some(w) => symbols.push(w),
                    None => return Err(format!("a cost symbol \"{s}\" that isn't a power symbol")),
                }
            }
            let mut body = p.body.clone();
            let mut flags = Vec::new();
            while let Some(last) = body.last() {
                match restriction(last, holder) {
                    Some(f) => {
                        flags.push(f);
                        body.pop();
                    }
                    None => break,
                }
            }
            if body.is_empty() {
                return Err("a Super Power without an effect".into());
            }
            let mut e = Effect::new(holder);
            effect_steps(&body, &mut e)?;
            let mut form = format!("(super {timing} (cost {})", symbols.join(" "));
            for f in flags {
                form += &format!(" {f}");
            }
            for s in e.steps {
                form += &format!(" {s}");
            }
            form.push(')');
            Ok(Compiled::Bodies(vec![form]))
        }
        Head::Plain => {
            if let Some(aka) = name
                .strip_prefix("AKA ")
                .or_else(|| name.strip_prefix("AKA. "))
            {
                if !p.body.is_empty() || aka.contains(',') {
                    return Err("an AKA with more than one name".into());
                }
                return Ok(Compiled::Aka(aka.trim().to_string()));
            }
            if holder == Holder::PlotTwist {
                return Err(match name {
                    "" => "a plot twist's text without a timing".into(),
                    _ => "a named power on a plot twist (the card language gives plot twists none)"
                        .into(),
                });
            }
            if let Some(r) = keyword_power(name, &p.body) {
                return r.map(Compiled::Bodies);
            }
            if let Some(b) = named_rule(name, &p.body) {
                return Ok(Compiled::Bodies(b));
            }
            if p.body.is_empty() {
                return Err(if name.is_empty() {
                    "no text".into()
                } else {
                    "a power name with no text after it".into()
                });
            }
            let first = tokens(&p.body[0]);
            let starts =
                |w: &[&str]| matches!(first.first(), Some(Tok::W(x)) if w.contains(&x.as_str()));
            if starts(&["when", "whenever", "at"]) {
                return trigger_power(&p.body, holder).map(|b| Compiled::Bodies(vec![b]));
            }
            if let Some(b) = static_power(&p.body, holder) {
                return Ok(Compiled::Bodies(b));
            }
            Err(unread("a power", &first))
        }
    }
}

#[cfg(test)]
mod tests;
