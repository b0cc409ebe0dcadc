//! A card's Rules property cut into its printed powers. The set files give all of a
//! card's text in one string, power after power, each a name and what follows it:
//!
//! ```text
//! NAME. BODY...                               a keyword, triggered, static or other power
//! NAME[.] [ANY TURN] TIMING [COST]: BODY...   a Super Power (the cost after the timing)
//! NAME. Level Up (N) - BODY...                a Level Up power
//! [ANY TURN] TIMING: BODY...                  a plot twist's effect (no name, no cost)
//! ```
//!
//! A name is a sentence in title case (every word capitalised but the small ones: "a",
//! "of", "the"...) that doesn't start with a verb of an effect; a body is every sentence
//! up to the next name or timing. The card's own name is kept as a marker
//! ([`SELF_MARK`]) so that the sentences can refer to it; reminder text (a parenthesised
//! phrase of two words or more) is left out.

/// Stands for the card's own name in the text (restored in power names).
pub const SELF_MARK: char = '\u{1}';

/// The most characters of a Rules property read; longer text is not compiled.
pub const MAX_RULES_CHARS: usize = 4_000;

/// A power symbol in the text, by its printed name.
pub fn symbol_word(s: &str) -> Option<&'static str> {
    Some(match s.trim().to_ascii_lowercase().as_str() {
        "energy" => "energy",
        "intellect" => "intellect",
        "might" => "might",
        "skill" => "skill",
        "alien" => "alien",
        "humanity" => "humanity",
        _ => return None,
    })
}

/// What starts a printed power after its name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Head {
    /// No header: a keyword, a trigger, a static power, a plot twist's lines without
    /// timing.
    Plain,
    /// `[ANY TURN] TIMING[ or TIMING] [COST[ or COST]]`: a Super Power's (with a cost) or
    /// a plot twist's (without).
    Timed {
        /// The timing words, lower case ("main", "combat", "any combat", "build").
        timings: Vec<String>,
        any_turn: bool,
        /// The costs, each a list of symbol names as printed, lower case; several are
        /// alternatives ("[ENERGY] or [MIGHT]").
        costs: Vec<Vec<String>>,
    },
    /// `Level Up (N)`.
    LevelUp(u8),
}

/// One printed power: its name (the marker restored), what heads it and its sentences
/// (with the marker).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Printed {
    pub name: Option<String>,
    pub head: Head,
    pub body: Vec<String>,
}

/// The text with the card's name marked, curly quotes plain, white space collapsed and
/// reminder text left out. A character's text may also name it by the first or last
/// word of its name ([`short_names`]); `character` says it is one.
pub fn normalise(text: &str, card_name: &str, character: bool) -> String {
    let mut t: String = text
        .chars()
        .take(MAX_RULES_CHARS)
        .map(|c| match c {
            '\u{2018}' | '\u{2019}' | '`' => '\'',
            '\u{201c}' | '\u{201d}' => '"',
            '\u{2010}'..='\u{2015}' | '\u{2212}' => '-',
            c if c == SELF_MARK => ' ',
            c if c.is_whitespace() || c.is_control() => ' ',
            c => c,
        })
        .collect();
    let mut names = vec![card_name.trim().to_string()];
    let bare = card_name.trim_matches(|c: char| c == '*' || c.is_whitespace());
    if bare != card_name.trim() && !bare.is_empty() {
        names.push(bare.to_string());
    }
    for n in names {
        t = mark_name(&t, &n);
    }
    for w in short_names(bare).into_iter().filter(|_| character) {
        t = mark_word(&t, &w);
    }
    let t = drop_reminders(&t);
    t.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Words of a name too common to stand for the card alone.
const NOT_SHORT_NAMES: [&str; 20] = [
    "captain",
    "doctor",
    "mister",
    "professor",
    "queen",
    "king",
    "iron",
    "green",
    "black",
    "white",
    "silver",
    "spider",
    "human",
    "invisible",
    "multiple",
    "marvel",
    "scarlet",
    "lady",
    "hunter",
    "girl",
];

/// The first and last words of a name of several words, which the text may use alone
/// for the card ("Kraven" for "Kraven the Hunter").
fn short_names(name: &str) -> Vec<String> {
    let words: Vec<&str> = name.split_whitespace().collect();
    if words.len() < 2 {
        return Vec::new();
    }
    let mut out = Vec::new();
    for w in [words[0], words[words.len() - 1]] {
        let long = w.chars().count() >= 4 && w.chars().all(char::is_alphabetic);
        let capital = w.chars().next().is_some_and(char::is_uppercase);
        if long && capital && !NOT_SHORT_NAMES.contains(&w.to_lowercase().as_str()) {
            out.push(w.to_string());
        }
    }
    out
}

/// Every occurrence of the word `w` (as written) on its own — not beside another
/// capitalised word, which would make it part of another name — replaced by the marker.
fn mark_word(text: &str, w: &str) -> String {
    let words: Vec<&str> = text.split(' ').collect();
    let capital = |s: &str| {
        s.trim_start_matches(|c: char| !c.is_alphanumeric())
            .chars()
            .next()
            .is_some_and(char::is_uppercase)
    };
    let mut out: Vec<String> = Vec::with_capacity(words.len());
    for (k, word) in words.iter().enumerate() {
        let core = word.trim_end_matches(|c: char| !c.is_alphanumeric());
        let possessive = core.strip_suffix("'s");
        let base = possessive.unwrap_or(core);
        let prev_ends = k == 0 || words[k - 1].ends_with(['.', '!', '?', ',', ':']);
        let lonely = (prev_ends || !capital(words[k - 1]))
            && (word.len() != core.len() || words.get(k + 1).is_none_or(|n| !capital(n)));
        if base == w && lonely {
            out.push(format!("{SELF_MARK}{}", &word[base.len()..]));
        } else {
            out.push(word.to_string());
        }
    }
    out.join(" ")
}

/// Every whole-word occurrence of `name` (any case) replaced by the marker, except in
/// `[...]` (a team's name: the Spider-Friends plot twist names the team).
fn mark_name(text: &str, name: &str) -> String {
    if name.is_empty() {
        return text.to_string();
    }
    let lower = text.to_lowercase();
    let lname = name.to_lowercase();
    // Lower-casing may change lengths (rare letters): then leave the text as it is.
    if lower.len() != text.len() || lname.len() != name.len() {
        return text.to_string();
    }
    let word_char = |c: Option<char>| c.is_some_and(|c| c.is_alphanumeric() || c == '*');
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < text.len() {
        // `get`: a letter whose lower case is longer and another's shorter could leave
        // `i` inside a character of `lower` (or the end inside one of `text`).
        let after = text.get(i + lname.len()..);
        if lower.get(i..).is_some_and(|l| l.starts_with(&lname))
            && after.is_some()
            && !word_char(text[..i].chars().next_back())
            && !text[..i].ends_with('[')
            && !word_char(after.and_then(|a| a.chars().next()))
        {
            out.push(SELF_MARK);
            i += lname.len();
        } else {
            let c = text[i..].chars().next().unwrap_or(' ');
            out.push(c);
            i += c.len_utf8();
        }
    }
    out
}

/// Parenthesised text of two words or more (reminder text) left out; a symbol or a
/// number in parentheses (`(MIGHT)`, `(4)`) kept.
fn drop_reminders(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(open) = rest.find('(') {
        out.push_str(&rest[..open]);
        let after = &rest[open + 1..];
        // The matching parenthesis (nested ones inside), or the end of the text.
        let mut depth = 1;
        let mut close = None;
        for (k, c) in after.char_indices() {
            match c {
                '(' => depth += 1,
                ')' => {
                    depth -= 1;
                    if depth == 0 {
                        close = Some(k);
                        break;
                    }
                }
                _ => {}
            }
        }
        let inner = &after[..close.unwrap_or(after.len())];
        if inner.split_whitespace().count() < 2 {
            out.push('(');
            out.push_str(inner);
            if close.is_some() {
                out.push(')');
            }
        }
        rest = match close {
            Some(k) => &after[k + 1..],
            None => "",
        };
    }
    out.push_str(rest);
    out
}

/// Abbreviations a full stop doesn't end a sentence after.
const ABBREVIATIONS: [&str; 7] = ["dr", "mr", "mrs", "ms", "st", "jr", "vs"];

/// The sentences of the text, each with its closing punctuation.
pub fn sentences(text: &str) -> Vec<String> {
    let chars: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        cur.push(c);
        let ends = matches!(c, '.' | '!' | '?')
            && chars.get(i + 1).is_none_or(|n| n.is_whitespace())
            && !(c == '.' && abbreviation_before(&cur));
        if ends {
            out.push(cur.trim().to_string());
            cur.clear();
        }
        i += 1;
    }
    if !cur.trim().is_empty() {
        out.push(cur.trim().to_string());
    }
    out
}

/// `cur` ends in a full stop after an abbreviation or an initial ("Dr.", "D.M.D.").
fn abbreviation_before(cur: &str) -> bool {
    let body = &cur[..cur.len() - 1];
    let word: String = body
        .chars()
        .rev()
        .take_while(|c| !c.is_whitespace())
        .collect::<Vec<_>>()
        .into_iter()
        .rev()
        .collect();
    let w = word.trim_start_matches(|c: char| !c.is_alphanumeric());
    if ABBREVIATIONS.contains(&w.to_ascii_lowercase().as_str()) {
        return true;
    }
    // Initials: single letters between full stops.
    !w.is_empty()
        && w.split('.')
            .all(|p| p.chars().count() == 1 && p.chars().all(char::is_alphabetic))
}

/// Words a name may write in lower case.
const SMALL_WORDS: [&str; 32] = [
    "a", "an", "the", "of", "to", "in", "on", "for", "and", "or", "but", "at", "by", "with",
    "from", "as", "into", "is", "it", "be", "my", "me", "we", "you", "your", "de", "la", "los",
    "del", "up", "than", "so",
];

/// Words that start a sentence of an effect, never a power's name.
const EFFECT_VERBS: [&str; 46] = [
    "ready",
    "ko",
    "stun",
    "draw",
    "put",
    "choose",
    "exhaust",
    "wound",
    "daze",
    "heal",
    "freeze",
    "recover",
    "push",
    "pull",
    "move",
    "search",
    "reveal",
    "look",
    "remove",
    "discard",
    "return",
    "turn",
    "double",
    "switch",
    "name",
    "roll",
    "flip",
    "spend",
    "gain",
    "give",
    "each",
    "enemy",
    "equipped",
    "equip",
    "cancel",
    "resolve",
    "play",
    "create",
    "rearrange",
    "burn",
    "drop",
    "convert",
    "shuffle",
    "place",
    "when",
    "whenever",
];

/// A sentence written as a power's name.
pub fn is_name(sentence: &str) -> bool {
    let s = sentence.trim_end_matches(['.', '!', '?']);
    if s.is_empty() || s.contains([':', '[', ']', ';']) {
        return false;
    }
    let words: Vec<&str> = s.split_whitespace().collect();
    if words.is_empty() || words.len() > 12 {
        return false;
    }
    let first = words[0]
        .trim_matches(|c: char| !c.is_alphanumeric())
        .to_ascii_lowercase();
    if EFFECT_VERBS.contains(&first.as_str()) {
        return false;
    }
    words.iter().all(|w| {
        let w = w.trim_matches(|c: char| !c.is_alphanumeric() && c != SELF_MARK);
        match w.chars().next() {
            None => true,
            Some(c) if c == SELF_MARK || !c.is_alphabetic() || c.is_uppercase() => true,
            Some(_) => SMALL_WORDS.contains(&w.to_ascii_lowercase().as_str()),
        }
    })
}

/// A header's tokens: words, `[..]` and `(..)` groups, punctuation.
#[derive(Debug, Clone, PartialEq, Eq)]
enum HTok {
    Word(String),
    Group(String),
    Punct(char),
}

/// The tokens of a sentence and the byte offset each starts at.
fn header_tokens(s: &str) -> Vec<(usize, HTok)> {
    let mut out = Vec::new();
    let chars: Vec<(usize, char)> = s.char_indices().collect();
    let mut k = 0;
    while k < chars.len() {
        let (at, c) = chars[k];
        if c.is_whitespace() {
            k += 1;
        } else if c == '[' || c == '(' {
            let close = if c == '[' { ']' } else { ')' };
            let mut inner = String::new();
            k += 1;
            while k < chars.len() && chars[k].1 != close {
                inner.push(chars[k].1);
                k += 1;
            }
            k += 1;
            out.push((at, HTok::Group(clean_lower(&inner))));
        } else if c.is_alphanumeric() || c == SELF_MARK {
            let mut w = String::new();
            while k < chars.len()
                && (chars[k].1.is_alphanumeric() || matches!(chars[k].1, '\'' | SELF_MARK))
            {
                w.push(chars[k].1);
                k += 1;
            }
            out.push((at, HTok::Word(w.to_lowercase())));
        } else {
            out.push((at, HTok::Punct(c)));
            k += 1;
        }
    }
    out
}

fn clean_lower(s: &str) -> String {
    s.split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .to_lowercase()
}

fn is_any_turn(t: &HTok) -> bool {
    matches!(t, HTok::Group(g) if matches!(g.as_str(), "any turn" | "anyturn" | "anytime" | "any time"))
}

/// A timing word at `k`: the word and how many tokens it takes.
fn timing_at(toks: &[(usize, HTok)], k: usize) -> Option<(String, usize)> {
    let w = |i: usize| match toks.get(i).map(|t| &t.1) {
        Some(HTok::Word(w)) => Some(w.as_str()),
        _ => None,
    };
    match w(k)? {
        "any" if w(k + 1) == Some("combat") => Some(("any combat".into(), 2)),
        t @ ("build" | "main" | "combat" | "reaction" | "draw") => Some((t.into(), 1)),
        _ => None,
    }
}

/// A header starting at token `k`: the head and the byte offset of the body after it.
fn header_at(s: &str, toks: &[(usize, HTok)], k: usize) -> Option<(Head, usize)> {
    let mut i = k;
    let mut any_turn = false;
    if toks.get(i).is_some_and(|t| is_any_turn(&t.1)) {
        any_turn = true;
        i += 1;
    }
    // Level Up (N) - ...
    if !any_turn
        && matches!(toks.get(i), Some((_, HTok::Word(w))) if w == "level")
        && matches!(toks.get(i + 1), Some((_, HTok::Word(w))) if w == "up")
    {
        let n = match toks.get(i + 2) {
            Some((_, HTok::Group(g))) => g.parse::<u8>().ok()?,
            Some((_, HTok::Word(w))) => w.parse::<u8>().ok()?,
            _ => return None,
        };
        let mut j = i + 3;
        if matches!(toks.get(j), Some((_, HTok::Punct('-' | ':')))) {
            j += 1;
        }
        let at = toks.get(j).map_or(s.len(), |t| t.0);
        return Some((Head::LevelUp(n), at));
    }
    let mut timings = Vec::new();
    loop {
        let (t, n) = timing_at(toks, i)?;
        timings.push(t);
        i += n;
        // ", TIMING", "or TIMING", ", or [Any Turn] TIMING"
        let mut j = i;
        if matches!(toks.get(j), Some((_, HTok::Punct(',')))) {
            j += 1;
        }
        if matches!(toks.get(j), Some((_, HTok::Word(w))) if w == "or") {
            j += 1;
        }
        if j > i && toks.get(j).is_some_and(|t| is_any_turn(&t.1)) {
            any_turn = true;
            j += 1;
        }
        if j > i && timing_at(toks, j).is_some() {
            i = j;
            continue;
        }
        break;
    }
    let mut costs: Vec<Vec<String>> = Vec::new();
    loop {
        let mut group = Vec::new();
        while let Some((_, HTok::Group(g))) = toks.get(i) {
            if is_any_turn(&HTok::Group(g.clone())) {
                break;
            }
            group.push(g.clone());
            i += 1;
        }
        if group.is_empty() {
            break;
        }
        costs.push(group);
        if matches!(toks.get(i), Some((_, HTok::Word(w))) if w == "or")
            && matches!(toks.get(i + 1), Some((_, HTok::Group(_))))
        {
            i += 1;
            continue;
        }
        break;
    }
    let sep = matches!(toks.get(i), Some((_, HTok::Punct(':' | ';' | '.'))));
    if sep {
        i += 1;
    } else if costs.is_empty() {
        // A plot twist's timing needs its colon: "Main" alone is a word of a sentence.
        return None;
    }
    let at = toks.get(i).map_or(s.len(), |t| t.0);
    Some((
        Head::Timed {
            timings,
            any_turn,
            costs,
        },
        at,
    ))
}

/// The first header in a sentence whose words before it could be a name: the name
/// (if any), the head and the rest of the sentence.
fn find_header(s: &str) -> Option<(Option<String>, Head, String)> {
    let toks = header_tokens(s);
    for k in 0..toks.len() {
        let before = s[..toks[k].0].trim();
        if !before.is_empty() && !is_name(before) {
            continue;
        }
        if let Some((head, at)) = header_at(s, &toks, k) {
            let name = before.trim_end_matches(['.', ' ']);
            let name = (!name.is_empty()).then(|| name.to_string());
            return Some((name, head, s[at..].trim().to_string()));
        }
    }
    None
}

/// The printed powers of a (normalised) text, in order.
pub fn printed_powers(text: &str) -> Vec<Printed> {
    let mut out: Vec<Printed> = Vec::new();
    // A name waiting for what follows it.
    let mut pending: Option<String> = None;
    let flush = |pending: &mut Option<String>, out: &mut Vec<Printed>| {
        if let Some(name) = pending.take() {
            out.push(Printed {
                name: Some(name),
                head: Head::Plain,
                body: Vec::new(),
            });
        }
    };
    let mut all = sentences(text).into_iter().peekable();
    while let Some(mut s) = all.next() {
        // "AKA. Other Name.": one line.
        if s == "AKA." {
            if let Some(next) = all.next() {
                s = format!("AKA {next}");
            }
        }
        if let Some((name, head, rest)) = find_header(&s) {
            let name = match name {
                Some(n) => {
                    flush(&mut pending, &mut out);
                    Some(n)
                }
                None => pending.take(),
            };
            let body = if rest.is_empty() { vec![] } else { vec![rest] };
            out.push(Printed { name, head, body });
        } else if is_name(&s) {
            flush(&mut pending, &mut out);
            pending = Some(s.trim_end_matches('.').trim().to_string());
        } else if let Some(name) = pending.take() {
            out.push(Printed {
                name: Some(name),
                head: Head::Plain,
                body: vec![s],
            });
        } else if let Some(last) = out.last_mut() {
            last.body.push(s);
        } else {
            out.push(Printed {
                name: None,
                head: Head::Plain,
                body: vec![s],
            });
        }
    }
    flush(&mut pending, &mut out);
    out
}

/// A power name with the card's name put back.
pub fn restore(name: &str, card_name: &str) -> String {
    name.replace(SELF_MARK, card_name)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn plain(name: &str, body: &[&str]) -> Printed {
        Printed {
            name: Some(name.into()),
            head: Head::Plain,
            body: body.iter().map(|s| s.to_string()).collect(),
        }
    }

    #[test]
    fn the_card_name_is_marked_and_reminders_left_out() {
        let t = normalise(
            "Zap. Dr. Q.R. Test, Jr. gets +1/+1 (reminder text here.) and (MIGHT) stays.",
            "Dr. Q.R. Test, Jr.",
            true,
        );
        assert_eq!(t, "Zap. \u{1} gets +1/+1 and (MIGHT) stays.");
        assert_eq!(
            normalise("**Mark** is *Mark*", "*Mark*", true),
            "**Mark** is \u{1}"
        );
        assert_eq!(
            normalise("Marker and Mark", "Mark", true),
            "Marker and \u{1}"
        );
    }

    #[test]
    fn a_character_s_text_may_name_it_by_a_word_of_its_name() {
        assert_eq!(
            normalise(
                "Kraven gets it. Sergei Kraven's too. Kraven Junior not.",
                "Sergei Kraven",
                true
            ),
            "\u{1} gets it. \u{1}'s too. Kraven Junior not."
        );
        // Not a plot twist's (its name's words are the text's own words).
        assert_eq!(normalise("Build: go.", "Build It Up", false), "Build: go.");
    }

    /// Hostile text (odd letters, unclosed groups, stray marks, a flood of stops) is cut
    /// and compiled without a panic.
    #[test]
    fn any_text_is_read_without_a_panic() {
        let samples = [
            "İİİ Mİx. [Main [[ ((( Level Up ( - : ; . . .",
            "ǅ. ǅ ǅ [Any Turn] Combat [",
            "\u{1}\u{1} \u{1}. Level Up (999) - When",
            "(((((((((((((((((((((((",
            "Main: , , , then and then.",
            "A. B. C. D. E. F. G. H.",
            "Put 99999999999999999999999 +1/+1 counters on each.",
            "Dr. Dr. Dr.",
        ];
        for text in samples {
            for name in ["İİ", "ǅ", "Mİx", "", "Dr."] {
                for character in [true, false] {
                    let t = normalise(text, name, character);
                    for p in printed_powers(&t) {
                        for holder in [
                            crate::import::phrase::Holder::PlotTwist,
                            crate::import::phrase::Holder::Equipment,
                            crate::import::phrase::Holder::Character { main: true },
                        ] {
                            let _ = crate::import::phrase::compile_power(&p, holder);
                        }
                    }
                }
            }
        }
        let long = "Zap. ".repeat(5_000);
        assert!(normalise(&long, "X", true).len() <= MAX_RULES_CHARS);
    }

    #[test]
    fn sentences_end_at_stops_but_not_after_abbreviations() {
        assert_eq!(
            sentences("One two. Dr. Who met J.K. Fan! Three... Four? Five"),
            [
                "One two.",
                "Dr. Who met J.K. Fan!",
                "Three...",
                "Four?",
                "Five"
            ]
        );
    }

    #[test]
    fn names_are_title_case_sentences() {
        assert!(is_name("Jolt of the Day."));
        assert!(is_name("Don't Tread on Me!"));
        assert!(is_name("\u{1} Rises"));
        assert!(!is_name("\u{1} can't be attacked."));
        assert!(!is_name("Ready \u{1}."));
        assert!(!is_name("Main [Skill]:"));
    }

    #[test]
    fn powers_are_cut_at_names_timings_and_level_ups() {
        let t = normalise(
            "Dodge. Testo can't be ranged attacked. Zap Zap [Any Turn] Combat [MIGHT]: Stun a thing. Then more. Slow Burn. Main [Energy][Skill] or [Might]. Draw a card. Grow Up. Level Up (3) - When Testo attacks, he gains 1 XP.",
            "Testo",
            true,
        );
        let p = printed_powers(&t);
        assert_eq!(p.len(), 4, "{p:#?}");
        assert_eq!(p[0], plain("Dodge", &["\u{1} can't be ranged attacked."]));
        assert_eq!(p[1].name.as_deref(), Some("Zap Zap"));
        assert_eq!(
            p[1].head,
            Head::Timed {
                timings: vec!["combat".into()],
                any_turn: true,
                costs: vec![vec!["might".into()]],
            }
        );
        assert_eq!(p[1].body, ["Stun a thing.", "Then more."]);
        assert_eq!(p[2].name.as_deref(), Some("Slow Burn"));
        assert_eq!(
            p[2].head,
            Head::Timed {
                timings: vec!["main".into()],
                any_turn: false,
                costs: vec![vec!["energy".into(), "skill".into()], vec!["might".into()]],
            }
        );
        assert_eq!(p[2].body, ["Draw a card."]);
        assert_eq!(p[3].head, Head::LevelUp(3));
        assert_eq!(p[3].body, ["When \u{1} attacks, he gains 1 XP."]);
    }

    #[test]
    fn a_plot_twist_s_timing_heads_its_effect() {
        let p = printed_powers("[Anytime] Combat: Do a thing. Then another.");
        assert_eq!(p.len(), 1);
        assert_eq!(p[0].name, None);
        assert_eq!(
            p[0].head,
            Head::Timed {
                timings: vec!["combat".into()],
                any_turn: true,
                costs: vec![],
            }
        );
        assert_eq!(p[0].body, ["Do a thing.", "Then another."]);
        let p = printed_powers("Build, Main, or [Any Turn] Combat [Skill]: Go.");
        assert!(
            matches!(&p[0].head, Head::Timed { timings, any_turn: true, .. } if timings.len() == 3)
        );
        // A name with nothing after it is a power of its own, with no body.
        let p = printed_powers("Lonely Name. Other Name. Main [Skill]: Go.");
        assert_eq!(p[0], plain("Lonely Name", &[]));
        assert_eq!(p[1].name.as_deref(), Some("Other Name"));
    }
}
