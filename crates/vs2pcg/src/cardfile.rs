//! Card files: the cards of the game written as s-expressions and compiled into the
//! typed ability tree of [`crate::model`]. Only facts (numbers, names, stats) and power
//! names are copied from the printed cards; every ability is written in this language.
//!
//! # Syntax
//!
//! Words are case-insensitive; `;` starts a comment. A file is a list of cards:
//!
//! ```text
//! (card NUMBER "Name" KIND ITEM...)
//!
//! KIND  = (main LEVEL (atk N) (def N) (health N) (team T...) [flight] [ranged] [(levels NUMBER...)])
//!       | (supporting (cost N) (atk N) (def N) (health N) [(team T...)] [flight] [ranged])
//!       | (plot-twist (timing TIMING...) [(team T)] [triple-team])
//!       | (equipment (cost N) [(team T)])
//!       | (location SYMBOL...)
//!       | (special-location (team T) SYMBOL...)
//! ITEM  = (power "Name" BODY...)      ; several bodies = several powers with that name
//!       | (effect STEP...)            ; a plot twist's effect
//!       | (aka "Other Name")
//!       | banned                      ; not tournament legal (informational)
//!       | pile                        ; starts in the owner's Facehugger pile, not the deck
//!       | (omit "Power Name" "why")   ; a printed power deliberately left out
//! BODY  = (keyword KEYWORD)
//!       | (super TIMING (cost SYMBOL...) [once-per-game] [start-of-main]
//!                [(only-if COND)] [(reacts-to TRIGGER)] STEP...)
//!       | (trigger (on TRIGGER) [(if COND)] [(while COND)] STEP...)
//!       | (static [(while COND)] STATIC)
//!       | (level-up N (on TRIGGER) [(if COND)] [(while COND)] [STEP...])
//!                         ; no steps: 1 XP; else the steps give it with (gain-xp AMOUNT)
//! TIMING  = build | main | combat | (combat [any-turn] [any-combat]) | reaction
//!           (in (timing ...) the words are written without the inner list)
//! SYMBOL  = energy | intellect | might | skill | alien | humanity
//! TEAM    = avengers | x-men | guardians | villains | defenders | a-force | underworld
//!         | femme-fatales | company | xenomorphs
//! KEYWORD = flight | ranged | stealth | mobile | berserker | creature | dodge | ferocious
//!         | hex | inspire | leader | leap | lethal | monstrous | schemer | shrink | swarm
//!         | symbiosis | tough | waking-nightmare | loyalty | one-of-a-kind | legion
//! ```
//!
//! Steps (one per `Step` variant, kebab-case; a step without arguments may be written
//! bare, without parentheses):
//!
//! ```text
//! (choose SLOT (FILTER) [(up-to N) | (exactly N)])  ; default: exactly one; SLOT 0-4
//! (choose-player SLOT [enemy])
//! (may "prompt" STEP...)      (if COND STEP...)
//! (plus-counters WHO AMOUNT)  (minus-counters WHO AMOUNT)  (wound WHO AMOUNT)  (heal WHO AMOUNT)
//! (divide-minus-counters N (FILTER) (up-to MAX))
//! (remove-plus-counters WHO)  (transmute WHO)  (swap-atk-def WHO)  (reset-to-base WHO)
//! (modify WHO ATK DEF DURATION)  (strike-multiplier WHO N)
//! (set-base-to-current WHO FROM-WHO DURATION)
//! (gain-keyword WHO KEYWORD DURATION)  (lose-powers WHO DURATION)  (lose-all-powers WHO DURATION)
//! (regress WHO DURATION)  (demote WHO)  (promote WHO)  (transform-into NUMBER)
//! (replace-main-character NUMBER [stunned])   ; NUMBER: a card from outside the game
//! (stun WHO) (daze WHO) (ko WHO) (recover WHO) (ready WHO) (exhaust WHO) (freeze WHO)
//! (stun WHO (by WHO))  ; the first character of `by` is the source: it stunned them (p.17)
//! (push WHO) (pull WHO) (move-row WHO) (return-to-hand WHO) (replace-defender WHO)
//! (cant-move WHO DURATION)  (switch WHO WHO)  ; Game Terms, Switch: neither or both move
//! (mind-control WHO [row-choice])  ; the controller picks the row; at the end of the
//!                                  ; turn the player it goes back to picks the row
//! (search-deck any|(DECK-WORD...) [(up-to N)] [hand|side])
//!       ; search your deck (p.25), put what you find into your hand (default) or onto your
//!       ; side (all at once, rows of your choice; namesakes arriving together: you keep one),
//!       ; then shuffle. `any`: you must take a card; a kind of card: you may fail to find.
//!       ; DECK-WORD = character | supporting | plot-twist | equipment | location | copy
//!       ;           | (max-cost N) | (team T)      ; copy: a card with this card's name
//! (draw PLAYER AMOUNT) (discard PLAYER AMOUNT) (discard-random PLAYER AMOUNT)
//! (ko-pile-to-hand N [random])  (reveal-top-take-character N)  (look-top-take-one N)
//! (next-attack-bonus ATK DEF)  (team-gains-keyword KEYWORD)  (hook NAME)
//! cancel-combat  no-strike-back-in-team-attacks  top-card-to-resources
//! turn-location-face-up  turn-enemy-location-face-down  search-deck-for-copy
//! self-from-ko-pile  stun-survivors-at-end-of-combat  cancel-super-power
//! shuffle-ko-characters-into-decks  regress-self  recruit-discount  name-a-card
//! (gain-xp AMOUNT)                       ; the power's character gains XP
//! (delayed (on TRIGGER) DURATION [repeat] [(watch WHO)] [(if COND)] [(while COND)] STEP...)
//!       ; a delayed trigger: until DURATION ends, when TRIGGER happens to this character
//!       ; (with `watch`: to the first character of WHO, e.g. (chosen 0)) the steps resolve
//!       ; (once, or each time with `repeat`), with the slots chosen so far
//! (take-subject SLOT)                    ; "it": the trigger's character into SLOT
//! (for-each-player SLOT [enemy] STEP...) ; the steps once per (enemy) player, in SLOT
//! (choose-row SLOT [enemy])              ; a player's row, for (in-row SLOT)
//! (reveal-hand PLAYER)  (discard-each PLAYER WHAT)  (discard-matching PLAYER WHAT)
//!       ; WHAT = cards | plot-twists | named | (cost-at-least-of SLOT); both keep last-count
//! (play-from-ko-pile TIMING...)          ; play a plot twist with that timing from your
//!                                        ; KO pile, then shuffle it into your deck
//! (ko-resource any|PLAYER [face-down])   (turn-location-face-down [any|enemy|yours])
//! (self-from-ko-pile-to deck|resources)  (ko-pile-character-to-side [enemy])
//! (can-attack-players WHO)  (attack-immediately WHO)
//!
//! WHO      = self | (chosen SLOT) | (each FILTER-WORD...)
//! PLAYER   = you | each-enemy | (chosen-player SLOT) | (controller-of SLOT)
//! AMOUNT   = N | resources | wounds-on-self | last-count | (count FILTER-WORD...)
//! DURATION = this-combat | this-turn | until-source-stunned-or-leaves
//!          | until-start-of-next-turn | permanent
//! FILTER-WORD = yours | enemy | main | supporting | face-up | stunned | any-face
//!             | front-row | back-row | in-combat | attacker | defender | other
//!             | has-plus-counter | not-in-combat | character(s) | (max-cost N) | (team T)
//!             | (has-keyword K)
//!             | (of (chosen-player SLOT) | (controller-of SLOT) | defending-player)
//!             | (in-row SLOT)      ; these two only in a step's choose or each
//! ```
//!
//! A filter with no face word matches face-up *and* stunned characters: card text that
//! doesn't say "face-up" can pick a stunned character. Write `face-up` when it's printed.
//!
//! Triggers: `self-appears other-appears-on-your-side enemy-appears self-attacks
//! self-team-attacks self-attacked [first-each-turn] self-stunned self-kod
//! self-stuns-enemy [team-attacking] [solo-defender] [main-only] enemy-stunned enemy-kod
//! start-of-your-turn end-of-your-turn start-of-your-build start-of-your-main
//! you-play-plot-twist [first-each-turn] you-use-super-power enemy-uses-super-power
//! your-character-powers-up card-leaves-your-hand you-recruit self-recruited you-gain-resource
//! self-survives self-stuns [FILTER-WORD...] self-wounded wounded [FILTER-WORD...]` (the
//! filter judges the stunned or wounded character just before the stun or wound; the
//! wound of a stun looks back to before the stun).
//!
//! A Super Power whose first step is `self-from-ko-pile` is usable from the KO pile.
//!
//! Conditions: `self-stunned self-face-up self-wounded self-attacking self-defending
//! self-team-attacking self-solo-attacking self-in-front-row self-attacking-main
//! self-attacking-back-row self-protecting self-stunned-enemy-this-turn
//! self-is-your-main-character ranged-combat hand-empty some-enemy-all-stunned
//! no-attacks-this-turn amplified combat-resolved enemy-turn (chose SLOT)
//! (last-count-at-least N) (not COND) (all COND...)`.
//!
//! Statics: `(stats ATK DEF) double-strike no-strike-back grab (team-up T)
//! enemy-support-cant-recover appears-stunned (copy-team-powers T)
//! teams-with-main-characters (grant-keyword K) (deny-keyword K) passive`.

use crate::db::CardDb;
use crate::model::*;
use crate::state::Row;
use crossover_sexpr::{Pos, Sexp};
use std::collections::HashMap;
use std::path::Path;
use std::sync::{Arc, OnceLock};

/// A card file error: where, and what the card author should fix. Line 0 means the
/// error is about the whole file (it can't be read), and no position is shown.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub struct CardFileError {
    pub file: String,
    pub line: u32,
    pub col: u32,
    pub message: String,
}

impl std::fmt::Display for CardFileError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.line == 0 {
            write!(f, "{}: {}", self.file, self.message)
        } else {
            write!(
                f,
                "{}:{}:{}: {}",
                self.file, self.line, self.col, self.message
            )
        }
    }
}

/// The card files built into the engine.
const EMBEDDED: [(&str, &str); 2] = [
    ("mnb.cards", include_str!("../cards/mnb.cards")),
    ("extra.cards", include_str!("../cards/extra.cards")),
];

/// The embedded card files, parsed once, as a card database.
pub fn embedded() -> Arc<CardDb> {
    static DB: OnceLock<Arc<CardDb>> = OnceLock::new();
    DB.get_or_init(|| match embedded_cards() {
        Ok(cards) => CardDb::new(cards),
        Err(e) => panic!("the embedded card files are broken: {e}"),
    })
    .clone()
}

/// The embedded card definitions (checked as one set).
pub fn embedded_cards() -> Result<Vec<CardDef>, CardFileError> {
    let mut all = Vec::new();
    for (file, src) in EMBEDDED {
        all.extend(parse_file(file, src)?);
    }
    check_set(&all)?;
    Ok(all.into_iter().map(|p| p.def).collect())
}

/// Parse one card file and check it on its own (a main character's levels must be in
/// the same file).
pub fn parse_cards(file_name: &str, src: &str) -> Result<Vec<CardDef>, CardFileError> {
    let parsed = parse_file(file_name, src)?;
    check_set(&parsed)?;
    Ok(parsed.into_iter().map(|p| p.def).collect())
}

/// The largest card file read (a whole set is well under 1 MB).
pub const MAX_CARD_FILE_BYTES: u64 = 16 << 20;

/// Read at most `cap` bytes of `path` (through `Read::take`, so `/dev/zero` or a huge
/// file stops at the cap instead of filling the memory): the bytes, or a message that
/// names the path and the OS error or the cap.
pub fn read_capped(path: &Path, cap: u64) -> Result<Vec<u8>, String> {
    use std::io::Read;
    let file = std::fs::File::open(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let mut bytes = Vec::new();
    file.take(cap + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| format!("{}: {e}", path.display()))?;
    if bytes.len() as u64 > cap {
        return Err(format!(
            "{}: the file is larger than {cap} bytes, the most read for it",
            path.display()
        ));
    }
    Ok(bytes)
}

/// `bytes` as UTF-8 text, or `file:line: not UTF-8 text` naming the first bad line.
pub fn utf8_text(file: &str, bytes: Vec<u8>) -> Result<String, String> {
    String::from_utf8(bytes).map_err(|e| {
        let good = &e.as_bytes()[..e.utf8_error().valid_up_to()];
        let line = 1 + good.iter().filter(|&&b| b == b'\n').count();
        format!("{file}:{line}: this is not UTF-8 text (a byte at this line is not UTF-8)")
    })
}

/// Read a card file, capped at [`MAX_CARD_FILE_BYTES`].
fn read_card_file(path: &Path) -> Result<String, CardFileError> {
    let name = path.display().to_string();
    let io_err = |message: String| CardFileError {
        file: name.clone(),
        line: 0,
        col: 0,
        message,
    };
    // Both messages already start with the path.
    let bytes = read_capped(path, MAX_CARD_FILE_BYTES).map_err(|m| CardFileError {
        file: "can't read a card file".into(),
        ..io_err(m)
    })?;
    utf8_text(&name, bytes).map_err(|m| CardFileError {
        file: "card file".into(),
        ..io_err(m)
    })
}

/// The parsed `*.cards` files of a directory, in name order (numbers not yet checked).
fn parse_dir(dir: &Path) -> Result<Vec<Parsed>, CardFileError> {
    let io_err = |e: std::io::Error| CardFileError {
        file: dir.display().to_string(),
        line: 0,
        col: 0,
        message: format!("can't read the directory: {e}"),
    };
    let entries = std::fs::read_dir(dir).map_err(io_err)?;
    let mut files = Vec::new();
    for entry in entries {
        let entry = entry.map_err(io_err)?;
        let path = entry.path();
        if path.extension().is_some_and(|x| x == "cards") && path.is_file() {
            files.push(path);
        }
    }
    files.sort_by(|a, b| a.file_name().cmp(&b.file_name()));
    let mut all = Vec::new();
    for path in files {
        let src = read_card_file(&path)?;
        all.extend(parse_file(&path.display().to_string(), &src)?);
    }
    Ok(all)
}

/// Every `*.cards` file of a directory, in name order, checked as one set.
pub fn load_dir(dir: &Path) -> Result<Vec<CardDef>, CardFileError> {
    let all = parse_dir(dir)?;
    check_set(&all)?;
    Ok(all.into_iter().map(|p| p.def).collect())
}

/// The embedded cards with the cards of a directory's `*.cards` files replacing
/// same-numbered ones and adding the rest (`--cards DIR`). The merged set is what is
/// checked: an override may name levels defined only in the embedded cards (one level
/// of a main character), and may not make the embedded cards inconsistent (a card
/// listed as a main character's level redefined as a supporting character). Linear in
/// the number of cards.
pub fn load_dir_over_embedded(dir: &Path) -> Result<Vec<CardDef>, CardFileError> {
    let extra = parse_dir(dir)?;
    check_unique_numbers(&extra)?;
    let mut all = Vec::new();
    for (file, src) in EMBEDDED {
        all.extend(parse_file(file, src)?);
    }
    let mut index: HashMap<String, usize> = all
        .iter()
        .enumerate()
        .map(|(i, p)| (p.def.number.to_ascii_lowercase(), i))
        .collect();
    for p in extra {
        let key = p.def.number.to_ascii_lowercase();
        match index.get(&key) {
            Some(&i) => all[i] = p,
            None => {
                index.insert(key, all.len());
                all.push(p);
            }
        }
    }
    crate::db::check_size(all.len()).map_err(|message| CardFileError {
        file: dir.display().to_string(),
        line: 0,
        col: 0,
        message,
    })?;
    check_set(&all)?;
    Ok(all.into_iter().map(|p| p.def).collect())
}

// ---------------------------------------------------------------------------------
// Internals

/// A parsed card with what the checks need to point at.
struct Parsed {
    def: CardDef,
    file: String,
    pos: Pos,
    levels_pos: Pos,
    /// Printed powers deliberately left out (`(omit ...)`).
    #[cfg_attr(not(test), allow(dead_code))]
    omitted: Vec<String>,
}

/// An error before the file name is known.
struct E {
    pos: Pos,
    msg: String,
}

type R<T> = Result<T, E>;

fn err<T>(pos: Pos, msg: impl Into<String>) -> R<T> {
    Err(E {
        pos,
        msg: msg.into(),
    })
}

fn at(file: &str, e: E) -> CardFileError {
    CardFileError {
        file: file.to_string(),
        line: e.pos.line,
        col: e.pos.col,
        message: e.msg,
    }
}

fn parse_file(file: &str, src: &str) -> Result<Vec<Parsed>, CardFileError> {
    let forms = crossover_sexpr::read(src).map_err(|e| CardFileError {
        file: file.to_string(),
        line: e.pos.line,
        col: e.pos.col,
        message: e.message,
    })?;
    let mut out = Vec::new();
    for form in &forms {
        let mut p = parse_card(form).map_err(|e| at(file, e))?;
        p.file = file.to_string();
        p.def.source = format!("{file}:{}", p.pos.line);
        out.push(p);
    }
    Ok(out)
}

/// Each card number is defined once.
fn check_unique_numbers(cards: &[Parsed]) -> Result<(), CardFileError> {
    let mut by_number: HashMap<String, &Parsed> = HashMap::new();
    for p in cards {
        let key = p.def.number.to_ascii_lowercase();
        if let Some(first) = by_number.get(&key) {
            return Err(at(
                &p.file,
                E {
                    pos: p.pos,
                    msg: format!(
                        "card number {} is already defined at {}; each card number may be defined once",
                        p.def.number, first.def.source
                    ),
                },
            ));
        }
        by_number.insert(key, p);
    }
    Ok(())
}

/// Checks across cards: unique numbers, main character levels.
fn check_set(cards: &[Parsed]) -> Result<(), CardFileError> {
    check_unique_numbers(cards)?;
    let mut by_number: HashMap<String, &Parsed> = HashMap::new();
    for p in cards {
        by_number.insert(p.def.number.to_ascii_lowercase(), p);
    }
    for p in cards {
        let d = &p.def;
        let fail = |msg: String| {
            Err(at(
                &p.file,
                E {
                    pos: p.levels_pos,
                    msg,
                },
            ))
        };
        for lv in &d.levels {
            let Some(other) = by_number.get(&lv.to_ascii_lowercase()) else {
                return fail(format!(
                    "{} names level {lv} in (levels ...), but there is no card {lv}; define it or remove it from (levels ...)",
                    d.number
                ));
            };
            let o = &other.def;
            if !matches!(o.kind, CardKind::MainCharacter { .. }) {
                return fail(format!(
                    "{} lists {lv} as a level, but {lv} is not a main character",
                    d.number
                ));
            }
            // Levelling up looks for the next level by name; an AKA doesn't count (p.20).
            if d.name != o.name {
                return fail(format!(
                    "{} (\"{}\") lists {lv} as a level, but {lv} is \"{}\"; levels must have the same name",
                    d.number, d.name, o.name
                ));
            }
            if o.level() == d.level() {
                return fail(format!(
                    "{} lists {lv} as a level, but both are level {}",
                    d.number,
                    d.level()
                ));
            }
            if !o.levels.iter().any(|x| x.eq_ignore_ascii_case(&d.number)) {
                return Err(at(
                    &other.file,
                    E {
                        pos: other.levels_pos,
                        msg: format!(
                            "{} lists {} as a level, so {} must list {} in its (levels ...) too",
                            d.number, o.number, o.number, d.number
                        ),
                    },
                ));
            }
        }
    }
    Ok(())
}

// --- words -------------------------------------------------------------------------

fn word(s: &Sexp) -> Option<String> {
    s.as_atom().map(|a| a.to_ascii_lowercase())
}

fn head(s: &Sexp) -> Option<String> {
    s.head().map(|a| a.to_ascii_lowercase())
}

fn edit_distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for i in 1..=a.len() {
        let mut cur = vec![i; b.len() + 1];
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            cur[j] = (prev[j] + 1).min(cur[j - 1] + 1).min(prev[j - 1] + cost);
        }
        prev = cur;
    }
    prev[b.len()]
}

/// " (did you mean `x`?)" when a known word is close to what was written.
fn did_you_mean<'a>(written: &str, known: impl IntoIterator<Item = &'a str>) -> String {
    let w = written.to_ascii_lowercase();
    // Forms like "(stats ATK DEF)" are matched by their leading word.
    let best = known
        .into_iter()
        .map(|k| k.trim_start_matches('(').split(' ').next().unwrap_or(k))
        .map(|k| (edit_distance(&w, k), k))
        .min_by_key(|(d, _)| *d);
    match best {
        Some((d, k)) if d > 0 && d <= (w.len() / 3).max(2) => format!(" (did you mean `{k}`?)"),
        _ => String::new(),
    }
}

fn unknown(what: &str, s: &Sexp, known: &[&str]) -> E {
    let written = match s {
        Sexp::Atom(a, _) => a.clone(),
        other => other.to_string(),
    };
    E {
        pos: s.pos(),
        msg: format!(
            "unknown {what} `{written}`{}; known {}: {}",
            did_you_mean(&written, known.iter().copied()),
            match what.strip_suffix('y') {
                Some(stem) => format!("{stem}ies"),
                None => format!("{what}s"),
            },
            known.join(", ")
        ),
    }
}

fn lookup<T: Copy>(s: &Sexp, table: &[(&str, T)], what: &str) -> R<T> {
    if let Some(w) = word(s) {
        if let Some((_, v)) = table.iter().find(|(k, _)| *k == w) {
            return Ok(*v);
        }
    }
    let names: Vec<&str> = table.iter().map(|(k, _)| *k).collect();
    Err(unknown(what, s, &names))
}

const KEYWORDS: [(&str, Keyword); 23] = [
    ("flight", Keyword::Flight),
    ("ranged", Keyword::Ranged),
    ("stealth", Keyword::Stealth),
    ("mobile", Keyword::Mobile),
    ("berserker", Keyword::Berserker),
    ("creature", Keyword::Creature),
    ("dodge", Keyword::Dodge),
    ("ferocious", Keyword::Ferocious),
    ("hex", Keyword::Hex),
    ("inspire", Keyword::Inspire),
    ("leader", Keyword::Leader),
    ("leap", Keyword::Leap),
    ("lethal", Keyword::Lethal),
    ("monstrous", Keyword::Monstrous),
    ("schemer", Keyword::Schemer),
    ("shrink", Keyword::Shrink),
    ("swarm", Keyword::Swarm),
    ("symbiosis", Keyword::Symbiosis),
    ("tough", Keyword::Tough),
    ("waking-nightmare", Keyword::WakingNightmare),
    ("loyalty", Keyword::Loyalty),
    ("one-of-a-kind", Keyword::OneOfAKind),
    ("legion", Keyword::Legion),
];

const TEAMS: [(&str, Team); 10] = [
    ("avengers", Team::Avengers),
    ("x-men", Team::XMen),
    ("guardians", Team::Guardians),
    ("villains", Team::Villains),
    ("defenders", Team::Defenders),
    ("a-force", Team::AForce),
    ("underworld", Team::Underworld),
    ("femme-fatales", Team::FemmeFatales),
    ("company", Team::Company),
    ("xenomorphs", Team::Xenomorphs),
];

const SYMBOLS: [(&str, Symbol); 6] = [
    ("energy", Symbol::Energy),
    ("intellect", Symbol::Intellect),
    ("might", Symbol::Might),
    ("skill", Symbol::Skill),
    ("alien", Symbol::Alien),
    ("humanity", Symbol::Humanity),
];

const DURATIONS: [(&str, Duration); 5] = [
    ("this-combat", Duration::ThisCombat),
    ("this-turn", Duration::ThisTurn),
    (
        "until-source-stunned-or-leaves",
        Duration::UntilSourceStunnedOrLeaves,
    ),
    ("until-start-of-next-turn", Duration::UntilStartOfNextTurn),
    ("permanent", Duration::Permanent),
];

fn keyword(s: &Sexp) -> R<Keyword> {
    lookup(s, &KEYWORDS, "keyword")
}

fn team(s: &Sexp) -> R<Team> {
    lookup(s, &TEAMS, "team")
}

fn symbol(s: &Sexp) -> R<Symbol> {
    let colour = match word(s).as_deref() {
        Some("blue") => Some("energy"),
        Some("yellow") => Some("intellect"),
        Some("green") => Some("might"),
        Some("red") => Some("skill"),
        _ => None,
    };
    if let Some(name) = colour {
        return err(
            s.pos(),
            format!("write the power symbol `{name}` instead of the colour `{s}`"),
        );
    }
    lookup(s, &SYMBOLS, "power symbol")
}

fn duration(s: &Sexp) -> R<Duration> {
    lookup(s, &DURATIONS, "duration")
}

fn int_in(s: &Sexp, what: &str, lo: i64, hi: i64) -> R<i64> {
    match s.as_int() {
        Some(n) if (lo..=hi).contains(&n) => Ok(n),
        Some(n) => err(
            s.pos(),
            format!("{what} must be between {lo} and {hi}, not {n}"),
        ),
        None => err(
            s.pos(),
            format!("{what} must be a number, found {}", s.describe()),
        ),
    }
}

fn u8_of(s: &Sexp, what: &str) -> R<u8> {
    int_in(s, what, 0, 255).map(|n| n as u8)
}

/// The arguments of a list form, requiring exactly `n` of them.
fn args_n<'a>(form: &'a Sexp, n: usize, usage: &str) -> R<&'a [Sexp]> {
    let a = form.args();
    if a.len() != n {
        return err(
            form.pos(),
            format!("expected {usage}, found {} argument(s) in {form}", a.len()),
        );
    }
    Ok(a)
}

// --- cards ---------------------------------------------------------------------------

const CARD_ITEMS: &str =
    "(power \"Name\" ...), (effect STEP...), (aka \"Name\"), banned, (omit \"Power\" \"why\")";

fn parse_card(form: &Sexp) -> R<Parsed> {
    if head(form).as_deref() != Some("card") {
        return err(
            form.pos(),
            format!(
                "expected a (card NUMBER \"Name\" ...) form, found {}",
                form.describe()
            ),
        );
    }
    let args = form.args();
    let number = match args.first() {
        Some(Sexp::Atom(a, p)) => {
            let ok = a.contains('-')
                && !a.starts_with('-')
                && a.chars().all(|c| c.is_ascii_alphanumeric() || c == '-');
            if !ok {
                return err(
                    *p,
                    format!("`{a}` is not a card number; write the set and number, like mnb-021"),
                );
            }
            a.clone()
        }
        Some(other) => {
            return err(
                other.pos(),
                format!(
                    "a card starts with its number, like (card mnb-021 \"Thor\" ...), found {}",
                    other.describe()
                ),
            )
        }
        None => {
            return err(
                form.pos(),
                "an empty (card) form: write (card NUMBER \"Name\" KIND ...)",
            )
        }
    };
    let name = match args.get(1) {
        Some(Sexp::Str(s, p)) => {
            if s.trim().is_empty() {
                return err(*p, format!("card {number} has an empty name"));
            }
            s.clone()
        }
        Some(other) => {
            return err(
                other.pos(),
                format!(
                    "card {number}: the card name comes second, in quotes, found {}",
                    other.describe()
                ),
            )
        }
        None => {
            return err(
                form.pos(),
                format!("card {number} has no name: write (card {number} \"Name\" ...)"),
            )
        }
    };
    let Some(kind_form) = args.get(2) else {
        return err(
            form.pos(),
            format!("card {number} has no kind: {KINDS_HELP}"),
        );
    };
    let mut def = CardDef {
        number: number.clone(),
        name,
        aka: None,
        kind: CardKind::Supporting,
        cost: None,
        atk: 0,
        def: 0,
        health: 0,
        teams: vec![],
        triple_team: false,
        timing: None,
        symbols: vec![],
        powers: vec![],
        effect: vec![],
        levels: vec![],
        banned: false,
        pile: false,
        source: String::new(),
    };
    let levels_pos = parse_kind(kind_form, &mut def)?;
    let mut omitted = Vec::new();
    let mut effect_seen: Option<Pos> = None;
    for item in &args[3..] {
        match (word(item), head(item)) {
            (Some(w), _) if w == "banned" => def.banned = true,
            (Some(w), _) if w == "pile" => def.pile = true,
            (_, Some(h)) if h == "banned" && item.args().is_empty() => def.banned = true,
            (_, Some(h)) if h == "power" => {
                if !(def.is_character() || def.kind == CardKind::Equipment) {
                    return err(
                        item.pos(),
                        format!(
                            "card {number}: only characters and equipment have powers; a plot twist's instructions go in (effect STEP...)"
                        ),
                    );
                }
                let powers = parse_power(item, &def)?;
                def.powers.extend(powers);
            }
            (_, Some(h)) if h == "effect" => {
                if def.kind != CardKind::PlotTwist {
                    return err(
                        item.pos(),
                        format!(
                            "card {number}: only plot twists have an (effect ...); put a character's abilities in (power \"Name\" ...)"
                        ),
                    );
                }
                if effect_seen.is_some() {
                    return err(
                        item.pos(),
                        format!("card {number} has two (effect ...) forms; merge them"),
                    );
                }
                effect_seen = Some(item.pos());
                let mut scope = Scope::new(false, false);
                if item.args().is_empty() {
                    return err(
                        item.pos(),
                        format!("card {number}: (effect) needs at least one step"),
                    );
                }
                parse_steps(item.args(), &mut scope, &mut def.effect)?;
            }
            (_, Some(h)) if h == "aka" => {
                match args_n(item, 1, "(aka \"Other Name\")")?[0].as_str() {
                    Some(s) if !s.trim().is_empty() => def.aka = Some(s.to_string()),
                    _ => {
                        return err(
                            item.pos(),
                            "write the other name in quotes: (aka \"Ms. Marvel\")",
                        )
                    }
                }
            }
            (_, Some(h)) if h == "omit" => {
                let a = item.args();
                match (
                    a.first().and_then(Sexp::as_str),
                    a.get(1).and_then(Sexp::as_str),
                    a.len(),
                ) {
                    (Some(p), Some(why), 2) if !why.trim().is_empty() => {
                        omitted.push(p.to_string())
                    }
                    _ => {
                        return err(
                            item.pos(),
                            "write (omit \"Power Name\" \"why it can't be expressed\")",
                        )
                    }
                }
            }
            _ => {
                return err(
                    item.pos(),
                    format!(
                        "card {number}: unexpected {}; a card takes {CARD_ITEMS}",
                        item.describe()
                    ),
                )
            }
        }
    }
    // A Facehugger-pile card is revealed, never played: it has no effect of its own.
    if def.kind == CardKind::PlotTwist && def.effect.is_empty() && !def.pile {
        return err(
            form.pos(),
            format!("plot twist {number} needs an (effect STEP...)"),
        );
    }
    Ok(Parsed {
        def,
        file: String::new(),
        pos: form.pos(),
        levels_pos,
        omitted,
    })
}

const KINDS_HELP: &str = "write (main LEVEL ...), (supporting ...), (plot-twist ...), (equipment ...), (location SYMBOL...) or (special-location (team T) SYMBOL...) after the name";

/// Parse the kind form into `def`; returns where `(levels ...)` was (or the kind form).
fn parse_kind(form: &Sexp, def: &mut CardDef) -> R<Pos> {
    let number = def.number.clone();
    let Some(kind) = head(form) else {
        return err(
            form.pos(),
            format!("card {number}: {KINDS_HELP}; found {}", form.describe()),
        );
    };
    let mut items = form.args();
    def.kind = match kind.as_str() {
        "main" => {
            let Some(first) = items.first() else {
                return err(
                    form.pos(),
                    format!("main character {number} needs a level: (main 1 ...)"),
                );
            };
            let level = int_in(first, "a main character's level", 1, 3)? as u8;
            items = &items[1..];
            CardKind::MainCharacter { level }
        }
        "supporting" => CardKind::Supporting,
        "plot-twist" => CardKind::PlotTwist,
        "equipment" => CardKind::Equipment,
        "location" => CardKind::Location,
        "special-location" => CardKind::SpecialLocation,
        _ => {
            return Err(unknown(
                "card kind",
                &form.as_list().unwrap()[0],
                &[
                    "main",
                    "supporting",
                    "plot-twist",
                    "equipment",
                    "location",
                    "special-location",
                ],
            ))
        }
    };
    let is_char = matches!(
        def.kind,
        CardKind::MainCharacter { .. } | CardKind::Supporting
    );
    let is_loc = matches!(def.kind, CardKind::Location | CardKind::SpecialLocation);
    let allowed: &[&str] = match def.kind {
        CardKind::MainCharacter { .. } => {
            &["atk", "def", "health", "team", "levels", "flight", "ranged"]
        }
        CardKind::Supporting => &["cost", "atk", "def", "health", "team", "flight", "ranged"],
        CardKind::PlotTwist => &["timing", "team", "triple-team"],
        CardKind::Equipment => &["cost", "team"],
        CardKind::Location => &["SYMBOL"],
        CardKind::SpecialLocation => &["team", "SYMBOL"],
    };
    let mut seen: Vec<String> = Vec::new();
    let mut levels_pos = form.pos();
    let (mut atk, mut dfn, mut health) = (None, None, None);
    for item in items {
        let key = match item {
            Sexp::Atom(..) => word(item).unwrap(),
            Sexp::List(..) => head(item).unwrap_or_default(),
            _ => String::new(),
        };
        let is_symbol = is_loc
            && item.as_atom().is_some()
            && !["flight", "ranged", "triple-team"].contains(&key.as_str());
        let slot = if is_symbol { "SYMBOL" } else { key.as_str() };
        if !allowed.contains(&slot) {
            return err(
                item.pos(),
                format!(
                    "({kind} ...) doesn't take {}; it takes: {}",
                    item.describe(),
                    allowed
                        .iter()
                        .map(|a| match *a {
                            "flight" | "ranged" | "triple-team" => a.to_string(),
                            "SYMBOL" =>
                                "power symbols (energy intellect might skill alien humanity)"
                                    .to_string(),
                            "team" => "(team T...)".to_string(),
                            "levels" => "(levels NUMBER...)".to_string(),
                            "timing" => "(timing ...)".to_string(),
                            other => format!("({other} N)"),
                        })
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            );
        }
        if slot != "SYMBOL" {
            if seen.contains(&key) {
                return err(item.pos(), format!("card {number}: `{key}` is given twice"));
            }
            seen.push(key.clone());
        }
        match slot {
            "SYMBOL" => {
                let s = symbol(item)?;
                if def.symbols.contains(&s) {
                    return err(
                        item.pos(),
                        format!("card {number}: power symbol `{key}` is listed twice"),
                    );
                }
                def.symbols.push(s);
            }
            "flight" => def.powers.push(Power {
                name: "Flight".into(),
                body: PowerBody::Keyword(Keyword::Flight),
            }),
            "ranged" => def.powers.push(Power {
                name: "Ranged".into(),
                body: PowerBody::Keyword(Keyword::Ranged),
            }),
            "triple-team" => def.triple_team = true,
            "cost" => def.cost = Some(u8_of(&args_n(item, 1, "(cost N)")?[0], "a cost")?),
            "atk" => atk = Some(int_in(&args_n(item, 1, "(atk N)")?[0], "ATK", 0, 99)? as i32),
            "def" => dfn = Some(int_in(&args_n(item, 1, "(def N)")?[0], "DEF", 0, 99)? as i32),
            "health" => {
                health = Some(int_in(&args_n(item, 1, "(health N)")?[0], "health", 1, 99)? as i32)
            }
            "team" => {
                if item.args().is_empty() {
                    return err(
                        item.pos(),
                        "(team) needs at least one team, like (team avengers)",
                    );
                }
                if !is_char && item.args().len() > 1 {
                    return err(
                        item.pos(),
                        format!("card {number}: only characters can have more than one team"),
                    );
                }
                for t in item.args() {
                    let t = team(t)?;
                    if !def.teams.contains(&t) {
                        def.teams.push(t);
                    }
                }
            }
            "levels" => {
                levels_pos = item.pos();
                for n in item.args() {
                    match n {
                        Sexp::Atom(a, _) => def.levels.push(a.clone()),
                        other => {
                            return err(
                                other.pos(),
                                format!(
                                    "(levels ...) lists card numbers like mnb-002, found {}",
                                    other.describe()
                                ),
                            )
                        }
                    }
                }
            }
            "timing" => def.timing = Some(parse_timing_words(item, item.args())?),
            _ => unreachable!(),
        }
    }
    if is_char {
        for (v, f) in [(atk, "atk"), (dfn, "def"), (health, "health")] {
            if v.is_none() {
                return err(form.pos(), format!("card {number} has no ({f} N)"));
            }
        }
        def.atk = atk.unwrap();
        def.def = dfn.unwrap();
        def.health = health.unwrap();
    }
    match def.kind {
        CardKind::Supporting if def.cost.is_none() => {
            return err(form.pos(), format!("card {number}: a supporting character needs (cost N)"))
        }
        CardKind::Equipment if def.cost.is_none() => {
            return err(form.pos(), format!("card {number}: equipment needs (cost N)"))
        }
        CardKind::PlotTwist if def.timing.is_none() => {
            return err(
                form.pos(),
                format!("plot twist {number} needs a timing, like (timing main) or (timing combat any-turn)"),
            )
        }
        CardKind::PlotTwist if def.timing == Some(Timing::Reaction) => {
            return err(form.pos(), format!("plot twist {number}: plot twists can't have reaction timing"))
        }
        CardKind::Location | CardKind::SpecialLocation if def.symbols.is_empty() => {
            return err(
                form.pos(),
                format!("location {number} needs at least one power symbol, like ({kind} might)"),
            )
        }
        CardKind::SpecialLocation if def.teams.is_empty() => {
            return err(form.pos(), format!("special location {number} needs (team T)"))
        }
        _ => {}
    }
    Ok(levels_pos)
}

/// `combat any-turn any-combat`, `main`, ...: the timing words of a plot twist or power.
fn parse_timing_words(form: &Sexp, words: &[Sexp]) -> R<Timing> {
    let Some(first) = words.first() else {
        return err(
            form.pos(),
            "a timing needs a word: build, main, combat or reaction",
        );
    };
    let t = match word(first).as_deref() {
        Some("build") => Timing::Build,
        Some("main") => Timing::Main,
        Some("reaction") => Timing::Reaction,
        Some("combat") => {
            let (mut any_turn, mut any_combat) = (false, false);
            for w in &words[1..] {
                match word(w).as_deref() {
                    Some("any-turn") if !any_turn => any_turn = true,
                    Some("any-combat") if !any_combat => any_combat = true,
                    _ => {
                        return err(
                            w.pos(),
                            format!(
                            "after `combat` only `any-turn` and `any-combat` may follow, found {}",
                            w.describe()
                        ),
                        )
                    }
                }
            }
            return Ok(Timing::Combat {
                any_turn,
                any_combat,
            });
        }
        _ => {
            return Err(unknown(
                "timing",
                first,
                &["build", "main", "combat", "reaction"],
            ))
        }
    };
    if let Some(extra) = words.get(1) {
        return err(
            extra.pos(),
            format!(
                "only a combat timing takes more words (any-turn, any-combat); found {}",
                extra.describe()
            ),
        );
    }
    Ok(t)
}

// --- powers --------------------------------------------------------------------------

fn parse_power(form: &Sexp, card: &CardDef) -> R<Vec<Power>> {
    let args = form.args();
    let name =
        match args.first() {
            Some(Sexp::Str(s, p)) => {
                if s.trim().is_empty() {
                    return err(*p, "a power needs a name");
                }
                s.clone()
            }
            _ => return err(
                form.pos(),
                "a power starts with its printed name in quotes: (power \"Lightning Strike\" ...)",
            ),
        };
    if args.len() < 2 {
        return err(
            form.pos(),
            format!("power \"{name}\" has no body: add (keyword K), (super ...), (trigger ...), (static ...) or (level-up ...)"),
        );
    }
    let mut out = Vec::new();
    for body in &args[1..] {
        let body = parse_body(body, card, &name)?;
        out.push(Power {
            name: name.clone(),
            body,
        });
    }
    Ok(out)
}

const BODIES: [&str; 5] = ["keyword", "super", "trigger", "static", "level-up"];

fn parse_body(form: &Sexp, card: &CardDef, name: &str) -> R<PowerBody> {
    let Some(h) = head(form) else {
        return err(
            form.pos(),
            format!(
                "power \"{name}\": expected (keyword K), (super ...), (trigger ...), (static ...) or (level-up ...), found {}",
                form.describe()
            ),
        );
    };
    let args = form.args();
    let is_main = matches!(card.kind, CardKind::MainCharacter { .. });
    match h.as_str() {
        "keyword" => Ok(PowerBody::Keyword(keyword(
            &args_n(form, 1, "(keyword K)")?[0],
        )?)),
        "super" => parse_super(form, name).map(PowerBody::Super),
        "trigger" => {
            let (trigger, _) = parse_trigger(form, name, false)?;
            Ok(PowerBody::Triggered(trigger))
        }
        "static" => {
            let mut while_cond = None;
            let mut rest = args;
            if let Some(first) = rest.first() {
                if head(first).as_deref() == Some("while") {
                    let c = args_n(first, 1, "(while COND)")?;
                    while_cond = Some(parse_cond(&c[0], &Scope::new(true, false))?);
                    rest = &rest[1..];
                }
            }
            if rest.len() != 1 {
                return err(
                    form.pos(),
                    format!("power \"{name}\": write (static [(while COND)] STATIC) with exactly one static effect"),
                );
            }
            Ok(PowerBody::Static(Conditional {
                while_cond,
                effect: parse_static(&rest[0])?,
            }))
        }
        "level-up" => {
            if !is_main {
                return err(
                    form.pos(),
                    format!("power \"{name}\": only main characters have Level Up powers"),
                );
            }
            let Some(n) = args.first() else {
                return err(form.pos(), "write (level-up N (on TRIGGER) [(if COND)])");
            };
            let xp = int_in(n, "the XP a Level Up needs", 1, 99)? as u8;
            let (trigger, _) = parse_trigger(form, name, true)?;
            if !trigger.effect.is_empty()
                && !trigger
                    .effect
                    .iter()
                    .any(|s| matches!(s, Step::GainXp { .. }))
            {
                return err(
                    form.pos(),
                    format!(
                        "power \"{name}\": a Level Up power's steps must give XP with (gain-xp AMOUNT); leave the steps out for 1 XP"
                    ),
                );
            }
            Ok(PowerBody::LevelUp { xp, trigger })
        }
        _ => Err(unknown("power body", &form.as_list().unwrap()[0], &BODIES)),
    }
}

/// `(trigger (on ...) [(if C)] [(while C)] STEP...)` or `(level-up N (on ...) ...)`.
/// Returns the position of the first step for level-ups (which may not have any).
fn parse_trigger(form: &Sexp, name: &str, level_up: bool) -> R<(Triggered, Option<Pos>)> {
    let args = if level_up {
        &form.args()[1..]
    } else {
        form.args()
    };
    let usage = if level_up {
        "(level-up N (on TRIGGER) [(if COND)] [(while COND)] [STEP...])"
    } else {
        "(trigger (on TRIGGER) [(if COND)] [(while COND)] STEP...)"
    };
    let Some(on_form) = args.first().filter(|a| head(a).as_deref() == Some("on")) else {
        return err(
            form.pos(),
            format!("power \"{name}\": say what it triggers on: {usage}"),
        );
    };
    let on = parse_trigger_on(on_form, on_form.args())?;
    let mut t = Triggered {
        on,
        if_cond: None,
        while_cond: None,
        effect: vec![],
    };
    let mut rest = &args[1..];
    let mut scope = Scope::new(true, false);
    scope.has_subject = true;
    while let Some(first) = rest.first() {
        match head(first).as_deref() {
            Some("if") if first.args().len() == 1 => {
                if t.if_cond.is_some() {
                    return err(
                        first.pos(),
                        "two (if COND) clauses; combine them with (all C1 C2)",
                    );
                }
                t.if_cond = Some(parse_cond(&first.args()[0], &scope)?);
            }
            Some("while") => {
                if t.while_cond.is_some() {
                    return err(
                        first.pos(),
                        "two (while COND) clauses; combine them with (all C1 C2)",
                    );
                }
                t.while_cond = Some(parse_cond(&args_n(first, 1, "(while COND)")?[0], &scope)?);
            }
            _ => break,
        }
        rest = &rest[1..];
    }
    if level_up {
        // With no steps a Level Up gives 1 XP.
        parse_steps(rest, &mut scope, &mut t.effect)?;
        return Ok((t, rest.first().map(Sexp::pos)));
    }
    if rest.is_empty() {
        return err(
            form.pos(),
            format!("power \"{name}\": the trigger has no steps: {usage}"),
        );
    }
    parse_steps(rest, &mut scope, &mut t.effect)?;
    Ok((t, None))
}

const TRIGGERS: &[&str] = &[
    "self-appears",
    "other-appears-on-your-side",
    "enemy-appears",
    "self-attacks",
    "self-team-attacks",
    "self-attacked",
    "self-stunned",
    "self-kod",
    "self-stuns-enemy",
    "enemy-stunned",
    "enemy-kod",
    "start-of-your-turn",
    "end-of-your-turn",
    "start-of-your-build",
    "start-of-your-main",
    "you-play-plot-twist",
    "you-use-super-power",
    "enemy-uses-super-power",
    "your-character-powers-up",
    "card-leaves-your-hand",
    "you-recruit",
    "self-recruited",
    "you-gain-resource",
    "self-survives",
    "self-stuns",
    "self-wounded",
    "wounded",
];

fn parse_trigger_on(form: &Sexp, words: &[Sexp]) -> R<TriggerOn> {
    let known = TRIGGERS;
    let Some(first) = words.first() else {
        return err(
            form.pos(),
            format!("say which event: one of {}", known.join(", ")),
        );
    };
    let Some(w) = word(first) else {
        return Err(unknown("trigger", first, known));
    };
    let opts: Vec<(String, Pos)> = words[1..]
        .iter()
        .map(|o| (word(o).unwrap_or_else(|| o.to_string()), o.pos()))
        .collect();
    let take = |allowed: &[&str]| -> R<Vec<String>> {
        let mut got = Vec::new();
        for (o, p) in &opts {
            if !allowed.contains(&o.as_str()) {
                return err(
                    *p,
                    if allowed.is_empty() {
                        format!("`{w}` takes no options, found `{o}`")
                    } else {
                        format!("`{w}` takes only {}, found `{o}`", allowed.join(", "))
                    },
                );
            }
            got.push(o.clone());
        }
        Ok(got)
    };
    let on = match w.as_str() {
        "self-attacked" => {
            let o = take(&["first-each-turn"])?;
            return Ok(TriggerOn::SelfAttacked {
                first_each_turn: !o.is_empty(),
            });
        }
        "self-stuns-enemy" => {
            let o = take(&["team-attacking", "solo-defender", "main-only"])?;
            let has = |s: &str| o.iter().any(|x| x == s);
            return Ok(TriggerOn::SelfStunsEnemy {
                team_attacking: has("team-attacking"),
                solo_defender: has("solo-defender"),
                main_only: has("main-only"),
            });
        }
        // The words after these are a filter on the stunned or wounded character.
        "self-stuns" => {
            return Ok(TriggerOn::SelfStuns {
                filter: trigger_filter(&words[1..], form)?,
            });
        }
        "wounded" => {
            return Ok(TriggerOn::Wounded {
                filter: trigger_filter(&words[1..], form)?,
            });
        }
        "you-play-plot-twist" => {
            let o = take(&["first-each-turn"])?;
            return Ok(TriggerOn::YouPlayPlotTwist {
                first_each_turn: !o.is_empty(),
            });
        }
        "self-appears" => TriggerOn::SelfAppears,
        "other-appears-on-your-side" => TriggerOn::OtherAppearsOnYourSide,
        "enemy-appears" => TriggerOn::EnemyAppears,
        "self-attacks" => TriggerOn::SelfAttacks,
        "self-team-attacks" => TriggerOn::SelfTeamAttacks,
        "self-stunned" => TriggerOn::SelfStunned,
        "self-kod" => TriggerOn::SelfKod,
        "enemy-stunned" => TriggerOn::EnemyStunned,
        "enemy-kod" => TriggerOn::EnemyKod,
        "start-of-your-turn" => TriggerOn::StartOfYourTurn,
        "end-of-your-turn" => TriggerOn::EndOfYourTurn,
        "start-of-your-build" => TriggerOn::StartOfYourBuild,
        "start-of-your-main" => TriggerOn::StartOfYourMain,
        "you-use-super-power" => TriggerOn::YouUseSuperPower,
        "enemy-uses-super-power" => TriggerOn::EnemyUsesSuperPower,
        "your-character-powers-up" => TriggerOn::YourCharacterPowersUp,
        "card-leaves-your-hand" => TriggerOn::CardLeavesYourHand,
        "you-recruit" => TriggerOn::YouRecruit,
        "self-recruited" => TriggerOn::SelfRecruited,
        "you-gain-resource" => TriggerOn::YouGainResource,
        "self-survives" => TriggerOn::SelfSurvives,
        "self-wounded" => TriggerOn::SelfWounded,
        _ => return Err(unknown("trigger", first, known)),
    };
    take(&[])?;
    Ok(on)
}

fn parse_super(form: &Sexp, name: &str) -> R<SuperPower> {
    let args = form.args();
    let Some(t) = args.first() else {
        return err(
            form.pos(),
            format!("power \"{name}\": write (super TIMING (cost SYMBOL...) STEP...)"),
        );
    };
    if head(t).as_deref() == Some("cost") || t.as_str().is_some() {
        return err(
            t.pos(),
            format!("power \"{name}\": the timing comes first: (super main (cost energy) STEP...)"),
        );
    }
    let timing = match t {
        Sexp::List(items, _) => parse_timing_words(t, items)?,
        other => parse_timing_words(other, std::slice::from_ref(other))?,
    };
    let mut sp = SuperPower {
        timing,
        cost: vec![],
        effect: vec![],
        reaction: None,
        only_if: None,
        once_per_game: false,
        start_of_main_only: false,
    };
    let mut cost_seen = false;
    let mut steps: Vec<Sexp> = Vec::new();
    let mut scope = Scope::new(true, false);
    for item in &args[1..] {
        let w = word(item).or_else(|| head(item));
        match w.as_deref() {
            Some("cost") if item.as_list().is_some() => {
                if cost_seen {
                    return err(
                        item.pos(),
                        "the cost is given twice; list every symbol in one (cost ...)",
                    );
                }
                cost_seen = true;
                if item.args().is_empty() {
                    return err(
                        item.pos(),
                        format!("power \"{name}\": a Super Power's cost can't be empty"),
                    );
                }
                for s in item.args() {
                    sp.cost.push(symbol(s)?);
                }
            }
            Some("once-per-game") => sp.once_per_game = true,
            Some("start-of-main") => sp.start_of_main_only = true,
            Some("only-if") => {
                sp.only_if = Some(parse_cond(&args_n(item, 1, "(only-if COND)")?[0], &scope)?)
            }
            Some("reacts-to") if item.as_list().is_some() => {
                sp.reaction = Some(parse_trigger_on(item, item.args())?);
            }
            _ => steps.push(item.clone()),
        }
    }
    if !cost_seen {
        return err(
            form.pos(),
            format!("power \"{name}\": a Super Power needs a non-empty (cost SYMBOL...), like (cost energy)"),
        );
    }
    match (sp.timing, &sp.reaction) {
        (Timing::Reaction, None) => {
            return err(
                form.pos(),
                format!("power \"{name}\": a reaction needs (reacts-to TRIGGER), like (reacts-to enemy-uses-super-power)"),
            )
        }
        (Timing::Reaction, _) | (_, None) => {}
        (_, Some(_)) => {
            return err(form.pos(), format!("power \"{name}\": only `reaction` powers take (reacts-to ...)"))
        }
    }
    if steps.is_empty() {
        return err(
            form.pos(),
            format!("power \"{name}\": the Super Power has no steps"),
        );
    }
    scope.reacts_to_super = sp.reaction == Some(TriggerOn::EnemyUsesSuperPower)
        || sp.reaction == Some(TriggerOn::YouUseSuperPower);
    parse_steps(&steps, &mut scope, &mut sp.effect)?;
    Ok(sp)
}

fn parse_static(s: &Sexp) -> R<Static> {
    const KNOWN: [&str; 12] = [
        "(stats ATK DEF)",
        "double-strike",
        "no-strike-back",
        "grab",
        "(team-up T)",
        "enemy-support-cant-recover",
        "appears-stunned",
        "(copy-team-powers T)",
        "teams-with-main-characters",
        "(grant-keyword K)",
        "(deny-keyword K)",
        "passive",
    ];
    let w = word(s).or_else(|| head(s)).unwrap_or_default();
    let bare = s.as_atom().is_some() || s.args().is_empty();
    let scope = Scope::new(true, false);
    let st = match w.as_str() {
        "double-strike" if bare => Static::DoubleStrike,
        "no-strike-back" if bare => Static::NoStrikeBack,
        "grab" if bare => Static::Grab,
        "enemy-support-cant-recover" if bare => Static::EnemySupportCantRecover,
        "appears-stunned" if bare => Static::AppearsStunned,
        "teams-with-main-characters" if bare => Static::TeamsWithMainCharacters,
        "passive" if bare => Static::Passive,
        "stats" => {
            let a = args_n(s, 2, "(stats ATK DEF)")?;
            Static::Stats {
                atk: parse_amount(&a[0], &scope, true)?,
                def: parse_amount(&a[1], &scope, true)?,
            }
        }
        "team-up" => Static::TeamUp(team(&args_n(s, 1, "(team-up T)")?[0])?),
        "copy-team-powers" => {
            Static::CopyTeamPowers(team(&args_n(s, 1, "(copy-team-powers T)")?[0])?)
        }
        "grant-keyword" => Static::GrantKeyword(keyword(&args_n(s, 1, "(grant-keyword K)")?[0])?),
        "deny-keyword" => Static::DenyKeyword(keyword(&args_n(s, 1, "(deny-keyword K)")?[0])?),
        _ => {
            let names: Vec<&str> = KNOWN.to_vec();
            let mut e = unknown(
                "static effect",
                s.as_list().and_then(|l| l.first()).unwrap_or(s),
                &names,
            );
            if !w.is_empty() && !bare && KNOWN.contains(&w.as_str()) {
                e.msg = format!("`{w}` takes no arguments");
            }
            return Err(e);
        }
    };
    Ok(st)
}

// --- effects -------------------------------------------------------------------------

/// What an effect may refer to while it is being compiled.
struct Scope {
    /// The effect belongs to a character (so `self` means something).
    has_self: bool,
    /// Slots filled by earlier `choose` steps.
    slots: Vec<u8>,
    /// Slots filled by earlier `choose-player` steps.
    players: Vec<u8>,
    /// An earlier step set the count `last-count` reads.
    last_count: bool,
    /// A reaction to a Super Power (so `cancel-super-power` means something).
    reacts_to_super: bool,
    /// The effect is a trigger's, so it has a subject (`take-subject`).
    has_subject: bool,
    /// Row slots filled by earlier `choose-row` steps.
    rows: Vec<u8>,
    /// An earlier `name-a-card` step named a card.
    named: bool,
}

impl Scope {
    fn new(has_self: bool, reacts_to_super: bool) -> Scope {
        Scope {
            has_self,
            slots: vec![],
            players: vec![],
            last_count: false,
            reacts_to_super,
            has_subject: false,
            rows: vec![],
            named: false,
        }
    }
}

/// Engine-internal frame slots start here (5: revealed cards, 6: picked cards, 7: divided counters).
const MAX_SLOT: i64 = 4;

const STEPS: &[&str] = &[
    "choose",
    "choose-player",
    "may",
    "if",
    "plus-counters",
    "minus-counters",
    "divide-minus-counters",
    "remove-plus-counters",
    "transmute",
    "modify",
    "strike-multiplier",
    "swap-atk-def",
    "set-base-to-current",
    "reset-to-base",
    "gain-keyword",
    "lose-powers",
    "lose-all-powers",
    "regress",
    "demote",
    "promote",
    "transform-into",
    "replace-main-character",
    "stun",
    "daze",
    "wound",
    "heal",
    "ko",
    "recover",
    "ready",
    "exhaust",
    "freeze",
    "push",
    "pull",
    "move-row",
    "return-to-hand",
    "draw",
    "discard-random",
    "discard",
    "cancel-combat",
    "no-strike-back-in-team-attacks",
    "top-card-to-resources",
    "turn-location-face-up",
    "turn-enemy-location-face-down",
    "ko-pile-to-hand",
    "search-deck-for-copy",
    "reveal-top-take-character",
    "look-top-take-one",
    "self-from-ko-pile",
    "replace-defender",
    "stun-survivors-at-end-of-combat",
    "next-attack-bonus",
    "team-gains-keyword",
    "cancel-super-power",
    "shuffle-ko-characters-into-decks",
    "regress-self",
    "recruit-discount",
    "mind-control",
    "gain-xp",
    "delayed",
    "take-subject",
    "for-each-player",
    "choose-row",
    "name-a-card",
    "reveal-hand",
    "discard-each",
    "discard-matching",
    "play-from-ko-pile",
    "ko-resource",
    "turn-location-face-down",
    "self-from-ko-pile-to",
    "ko-pile-character-to-side",
    "can-attack-players",
    "attack-immediately",
    "cant-move",
    "switch",
    "search-deck",
    "hook",
];

fn parse_steps(items: &[Sexp], scope: &mut Scope, out: &mut Vec<Step>) -> R<()> {
    for item in items {
        parse_step(item, scope, out)?;
    }
    Ok(())
}

/// Nested steps of `may`/`if`: pushes a placeholder, the steps, then fixes the skip.
fn nested(
    form: &Sexp,
    steps: &[Sexp],
    scope: &mut Scope,
    out: &mut Vec<Step>,
    placeholder: Step,
) -> R<()> {
    if steps.is_empty() {
        return err(
            form.pos(),
            format!("{} needs at least one step to do", form.describe()),
        );
    }
    let at = out.len();
    out.push(placeholder);
    parse_steps(steps, scope, out)?;
    let n = out.len() - at - 1;
    if n > u8::MAX as usize {
        return err(form.pos(), "too many steps inside this form");
    }
    match &mut out[at] {
        Step::May { skip, .. } | Step::If { skip, .. } => *skip = n as u8,
        _ => unreachable!(),
    }
    Ok(())
}

fn parse_step(form: &Sexp, scope: &mut Scope, out: &mut Vec<Step>) -> R<()> {
    let known = STEPS;
    let (name, name_sexp) = match form {
        Sexp::Atom(..) => (word(form).unwrap(), form),
        Sexp::List(items, _) if !items.is_empty() => match word(&items[0]) {
            Some(w) => (w, &items[0]),
            None => {
                return err(
                    form.pos(),
                    format!(
                        "a step starts with its name, like (stun (chosen 0)); found {}",
                        form.describe()
                    ),
                )
            }
        },
        _ => {
            return err(
                form.pos(),
                format!(
                    "expected a step, like (stun (chosen 0)); found {}",
                    form.describe()
                ),
            )
        }
    };
    let a = form.args();
    let need = |n: usize, usage: &str| -> R<()> {
        if a.len() != n {
            return err(form.pos(), format!("`{name}` is written {usage}"));
        }
        Ok(())
    };
    let step = match name.as_str() {
        "choose" => {
            if a.len() < 2 || a.len() > 3 || a[1].as_list().is_none() {
                return err(
                    form.pos(),
                    "`choose` is written (choose SLOT (FILTER...) [(up-to N) | (exactly N)]), like (choose 0 (enemy character))",
                );
            }
            let slot = int_in(&a[0], "a choose slot", 0, MAX_SLOT)? as u8;
            if scope.slots.contains(&slot) {
                return err(
                    a[0].pos(),
                    format!("slot {slot} is already filled by an earlier choose; use another slot"),
                );
            }
            let filter = parse_filter(a[1].as_list().unwrap(), scope)?;
            let (min, max) = match a.get(2) {
                None => (1, 1),
                Some(c) => match head(c).as_deref() {
                    Some("up-to") => (
                        0,
                        int_in(&args_n(c, 1, "(up-to N)")?[0], "up-to", 1, 9)? as u8,
                    ),
                    Some("exactly") => {
                        let n = int_in(&args_n(c, 1, "(exactly N)")?[0], "exactly", 1, 9)? as u8;
                        (n, n)
                    }
                    _ => {
                        return err(
                            c.pos(),
                            format!("expected (up-to N) or (exactly N), found {}", c.describe()),
                        )
                    }
                },
            };
            scope.slots.push(slot);
            Step::Choose {
                slot,
                filter,
                min,
                max,
            }
        }
        "choose-player" => {
            let (slot_s, enemy_only) = match a {
                [s] => (s, false),
                [s, e] if word(e).as_deref() == Some("enemy") => (s, true),
                _ => {
                    return err(
                        form.pos(),
                        "`choose-player` is written (choose-player SLOT [enemy])",
                    )
                }
            };
            let slot = int_in(slot_s, "a choose-player slot", 0, MAX_SLOT)? as u8;
            if scope.players.contains(&slot) {
                return err(
                    slot_s.pos(),
                    format!("player slot {slot} is already filled by an earlier choose-player"),
                );
            }
            scope.players.push(slot);
            Step::ChoosePlayer { slot, enemy_only }
        }
        "may" => {
            let prompt = match a.first() {
                Some(Sexp::Str(s, _)) => s.clone(),
                _ => {
                    return err(
                        form.pos(),
                        "`may` is written (may \"question to ask\" STEP...)",
                    )
                }
            };
            return nested(form, &a[1..], scope, out, Step::May { prompt, skip: 0 });
        }
        "if" => {
            let Some(c) = a.first() else {
                return err(form.pos(), "`if` is written (if COND STEP...)");
            };
            let cond = parse_cond(c, scope)?;
            return nested(form, &a[1..], scope, out, Step::If { cond, skip: 0 });
        }
        "plus-counters" | "minus-counters" | "wound" | "heal" => {
            need(2, &format!("({name} WHO AMOUNT)"))?;
            let who = parse_who(&a[0], scope)?;
            let n = parse_amount(&a[1], scope, false)?;
            match name.as_str() {
                "plus-counters" => Step::PlusCounters { who, n },
                "minus-counters" => Step::MinusCounters { who, n },
                "wound" => Step::Wound { who, n },
                _ => Step::Heal { who, n },
            }
        }
        "divide-minus-counters" => {
            let usage = "(divide-minus-counters N (FILTER...) (up-to MAX))";
            need(3, usage)?;
            let n = int_in(&a[0], "the number of counters", 1, 20)? as u8;
            let Some(items) = a[1].as_list() else {
                return err(
                    a[1].pos(),
                    format!("`divide-minus-counters` is written {usage}"),
                );
            };
            let filter = parse_filter(items, scope)?;
            if head(&a[2]).as_deref() != Some("up-to") {
                return err(
                    a[2].pos(),
                    format!("`divide-minus-counters` is written {usage}"),
                );
            }
            let max = int_in(&args_n(&a[2], 1, "(up-to MAX)")?[0], "up-to", 1, 20)? as u8;
            Step::DivideMinusCounters { filter, n, max }
        }
        "stun" if a.len() == 2 => {
            let usage = "(stun WHO (by WHO)), like (stun (chosen 1) (by (chosen 0)))";
            if head(&a[1]).as_deref() != Some("by") {
                return err(
                    a[1].pos(),
                    format!("`stun` is written (stun WHO) or {usage}"),
                );
            }
            Step::StunBy {
                who: parse_who(&a[0], scope)?,
                by: parse_who(&args_n(&a[1], 1, usage)?[0], scope)?,
            }
        }
        "cant-move" => {
            need(
                2,
                "(cant-move WHO DURATION), like (cant-move (chosen 0) this-turn)",
            )?;
            Step::CantMove {
                who: parse_who(&a[0], scope)?,
                duration: duration(&a[1])?,
            }
        }
        "switch" => {
            need(2, "(switch WHO WHO), like (switch self (chosen 0))")?;
            Step::Switch {
                a: parse_who(&a[0], scope)?,
                b: parse_who(&a[1], scope)?,
            }
        }
        "search-deck" => parse_search(form, scope)?,
        "remove-plus-counters"
        | "transmute"
        | "swap-atk-def"
        | "reset-to-base"
        | "stun"
        | "daze"
        | "ko"
        | "recover"
        | "ready"
        | "exhaust"
        | "freeze"
        | "push"
        | "pull"
        | "move-row"
        | "return-to-hand"
        | "replace-defender" => {
            need(1, &format!("({name} WHO)"))?;
            let who = parse_who(&a[0], scope)?;
            match name.as_str() {
                "remove-plus-counters" => {
                    scope.last_count = true;
                    Step::RemovePlusCounters { who }
                }
                "transmute" => Step::Transmute { who },
                "swap-atk-def" => Step::SwapAtkDef { who },
                "reset-to-base" => Step::ResetToBase { who },
                "stun" => Step::Stun { who },
                "daze" => Step::Daze { who },
                "ko" => Step::Ko { who },
                "recover" => Step::Recover { who },
                "ready" => Step::Ready { who },
                "exhaust" => Step::Exhaust { who },
                "freeze" => Step::Freeze { who },
                "push" => Step::Push { who },
                "pull" => Step::Pull { who },
                "move-row" => Step::MoveRow { who },
                "return-to-hand" => Step::ReturnToHand { who },
                _ => Step::ReplaceDefender { with: who },
            }
        }
        "modify" => {
            need(
                4,
                "(modify WHO ATK DEF DURATION), like (modify (chosen 0) 2 0 this-combat)",
            )?;
            Step::Modify {
                who: parse_who(&a[0], scope)?,
                atk: parse_amount(&a[1], scope, false)?,
                def: parse_amount(&a[2], scope, false)?,
                duration: duration(&a[3])?,
            }
        }
        "strike-multiplier" => {
            need(2, "(strike-multiplier WHO FACTOR)")?;
            Step::StrikeMultiplier {
                who: parse_who(&a[0], scope)?,
                factor: int_in(&a[1], "the factor", 2, 9)? as u8,
            }
        }
        "set-base-to-current" => {
            need(3, "(set-base-to-current WHO FROM-WHO DURATION)")?;
            Step::SetBaseToCurrent {
                who: parse_who(&a[0], scope)?,
                from: parse_who(&a[1], scope)?,
                duration: duration(&a[2])?,
            }
        }
        "gain-keyword" => {
            need(3, "(gain-keyword WHO KEYWORD DURATION)")?;
            Step::GainKeyword {
                who: parse_who(&a[0], scope)?,
                keyword: keyword(&a[1])?,
                duration: duration(&a[2])?,
            }
        }
        "regress" => {
            need(2, "(regress WHO DURATION)")?;
            Step::Regress {
                who: parse_who(&a[0], scope)?,
                duration: duration(&a[1])?,
            }
        }
        "demote" | "promote" => {
            need(1, &format!("({name} WHO)"))?;
            let who = parse_who(&a[0], scope)?;
            if name == "demote" {
                Step::Demote { who }
            } else {
                Step::Promote { who }
            }
        }
        "transform-into" | "replace-main-character" => {
            if !scope.has_self {
                return err(
                    form.pos(),
                    format!("`{name}` acts on the power's own character; a plot twist has none"),
                );
            }
            let Some(number) = a.first().and_then(|x| {
                x.as_atom()
                    .map(str::to_string)
                    .or(x.as_str().map(str::to_string))
            }) else {
                return err(form.pos(), format!("({name} NUMBER): name the card from outside the game, like ({name} leg-010)"));
            };
            if name == "transform-into" {
                need(1, "(transform-into NUMBER)")?;
                Step::TransformInto { number }
            } else {
                let stunned = match a.get(1).and_then(|x| x.as_atom()) {
                    None => false,
                    Some("stunned") => true,
                    Some(_) => return err(a[1].pos(), "(replace-main-character NUMBER [stunned])"),
                };
                Step::ReplaceMainCharacter { number, stunned }
            }
        }
        "lose-powers" | "lose-all-powers" => {
            need(2, &format!("({name} WHO DURATION)"))?;
            Step::LosePowers {
                who: parse_who(&a[0], scope)?,
                duration: duration(&a[1])?,
                all: name == "lose-all-powers",
            }
        }
        "draw" | "discard-random" | "discard" => {
            need(2, &format!("({name} PLAYER AMOUNT), like ({name} you 1)"))?;
            let player = parse_player(&a[0], scope)?;
            let n = parse_amount(&a[1], scope, false)?;
            match name.as_str() {
                "draw" => Step::Draw { player, n },
                "discard-random" => Step::DiscardRandom { player, n },
                _ => {
                    if player == PlayerWho::EachEnemy {
                        return err(a[0].pos(), "`discard` needs one player; choose one with (choose-player SLOT enemy)");
                    }
                    Step::Discard { player, n }
                }
            }
        }
        "ko-pile-to-hand" => {
            let (n, random) = match a {
                [n] => (n, false),
                [n, r] if word(r).as_deref() == Some("random") => (n, true),
                _ => {
                    return err(
                        form.pos(),
                        "`ko-pile-to-hand` is written (ko-pile-to-hand N [random])",
                    )
                }
            };
            let n = int_in(n, "the number of cards", 1, 9)? as u8;
            if !random && n != 1 {
                return err(form.pos(), "(ko-pile-to-hand N) without `random` takes one card of your choice: N must be 1");
            }
            Step::KoPileToHand { random, n }
        }
        "reveal-top-take-character" | "look-top-take-one" => {
            need(1, &format!("({name} N)"))?;
            let n = int_in(&a[0], "the number of cards", 1, 20)? as u8;
            if name == "look-top-take-one" {
                Step::LookTopTakeOne { n }
            } else {
                Step::RevealTopTakeCharacter { n }
            }
        }
        "next-attack-bonus" => {
            if !scope.has_self {
                return err(form.pos(), "`next-attack-bonus` gives the power's own character a bonus; a plot twist has none");
            }
            need(2, "(next-attack-bonus ATK DEF)")?;
            Step::NextAttackBonus {
                atk: int_in(&a[0], "ATK", -99, 99)? as i32,
                def: int_in(&a[1], "DEF", -99, 99)? as i32,
            }
        }
        "team-gains-keyword" => Step::TeamGainsKeyword {
            keyword: {
                need(1, "(team-gains-keyword KEYWORD)")?;
                keyword(&a[0])?
            },
        },
        "mind-control" => {
            let (w, to_row_choice) = match a {
                [w] => (w, false),
                [w, r] if word(r).as_deref() == Some("row-choice") => (w, true),
                _ => {
                    return err(
                        form.pos(),
                        "`mind-control` is written (mind-control WHO [row-choice])",
                    )
                }
            };
            Step::MindControl {
                who: parse_who(w, scope)?,
                to_row_choice,
            }
        }
        "gain-xp" => {
            if !scope.has_self {
                return err(
                    form.pos(),
                    "`gain-xp` gives XP to the power's own character; a plot twist has none",
                );
            }
            need(
                1,
                "(gain-xp AMOUNT), like (gain-xp 1) or (gain-xp (count yours face-up supporting))",
            )?;
            Step::GainXp {
                n: parse_amount(&a[0], scope, false)?,
            }
        }
        "delayed" => return parse_delayed(form, scope, out),
        "take-subject" => {
            need(1, "(take-subject SLOT)")?;
            if !scope.has_subject {
                return err(
                    form.pos(),
                    "`take-subject` takes the character a trigger is about; only a (trigger ...), (level-up ...) or (delayed ...) has one",
                );
            }
            let slot = int_in(&a[0], "a slot", 0, MAX_SLOT)? as u8;
            if scope.slots.contains(&slot) {
                return err(
                    a[0].pos(),
                    format!("slot {slot} is already filled by an earlier choose; use another slot"),
                );
            }
            scope.slots.push(slot);
            Step::TakeSubject { slot }
        }
        "for-each-player" => {
            let usage = "(for-each-player SLOT [enemy] STEP...)";
            let Some(slot_s) = a.first() else {
                return err(form.pos(), format!("`for-each-player` is written {usage}"));
            };
            let slot = int_in(slot_s, "a player slot", 0, MAX_SLOT)? as u8;
            if scope.players.contains(&slot) {
                return err(
                    slot_s.pos(),
                    format!("player slot {slot} is already filled by an earlier choose-player"),
                );
            }
            let enemy_only = a.get(1).and_then(word).as_deref() == Some("enemy");
            let body = &a[if enemy_only { 2 } else { 1 }..];
            if body.is_empty() {
                return err(
                    form.pos(),
                    format!("`for-each-player` needs steps to repeat: {usage}"),
                );
            }
            scope.players.push(slot);
            let at = out.len();
            out.push(Step::ForEachPlayer {
                slot,
                enemy_only,
                skip: 0,
            });
            parse_steps(body, scope, out)?;
            let n = out.len() - at - 1;
            if n + 1 > u8::MAX as usize {
                return err(form.pos(), "too many steps inside this form");
            }
            if let Step::ForEachPlayer { skip, .. } = &mut out[at] {
                *skip = n as u8;
            }
            out.push(Step::EndForEach {
                back: (n + 1) as u8,
            });
            return Ok(());
        }
        "choose-row" => {
            let (slot_s, enemy_only) = match a {
                [s] => (s, false),
                [s, e] if word(e).as_deref() == Some("enemy") => (s, true),
                _ => {
                    return err(
                        form.pos(),
                        "`choose-row` is written (choose-row SLOT [enemy]), then (each (in-row SLOT)) names the characters in it",
                    )
                }
            };
            let slot = int_in(slot_s, "a row slot", 0, MAX_SLOT)? as u8;
            if scope.rows.contains(&slot) {
                return err(
                    slot_s.pos(),
                    format!("row slot {slot} is already filled by an earlier choose-row"),
                );
            }
            scope.rows.push(slot);
            Step::ChooseRow { slot, enemy_only }
        }
        "name-a-card" => {
            if !a.is_empty() {
                return err(form.pos(), "`name-a-card` takes no arguments");
            }
            scope.named = true;
            Step::NameCard
        }
        "reveal-hand" => {
            need(1, "(reveal-hand PLAYER)")?;
            Step::RevealHand {
                player: parse_player(&a[0], scope)?,
            }
        }
        "discard-each" | "discard-matching" => {
            need(
                2,
                &format!("({name} PLAYER WHAT), WHAT = cards | plot-twists | named | (cost-at-least-of SLOT)"),
            )?;
            let player = parse_player(&a[0], scope)?;
            let what = parse_hand_filter(&a[1], scope)?;
            scope.last_count = true;
            if name == "discard-each" {
                Step::DiscardEach { player, what }
            } else {
                if player == PlayerWho::EachEnemy {
                    return err(a[0].pos(), "`discard-matching` needs one player; choose one with (choose-player SLOT enemy)");
                }
                Step::DiscardMatching { player, what }
            }
        }
        "play-from-ko-pile" => {
            if a.is_empty() {
                return err(
                    form.pos(),
                    "`play-from-ko-pile` is written (play-from-ko-pile TIMING...), like (play-from-ko-pile combat any-turn)",
                );
            }
            let timing = parse_timing_words(form, a)?;
            if timing == Timing::Reaction {
                return err(a[0].pos(), "plot twists have no reaction timing");
            }
            Step::PlayFromKoPile { timing }
        }
        "ko-resource" => {
            let usage = "(ko-resource WHOSE [face-down]), WHOSE = any | you | (chosen-player SLOT) | (controller-of SLOT)";
            let (whose_s, face_down_only) = match a {
                [w] => (w, false),
                [w, f] if word(f).as_deref() == Some("face-down") => (w, true),
                _ => return err(form.pos(), format!("`ko-resource` is written {usage}")),
            };
            let whose = if word(whose_s).as_deref() == Some("any") {
                None
            } else {
                Some(parse_player(whose_s, scope)?)
            };
            Step::KoResource {
                whose,
                face_down_only,
            }
        }
        "turn-location-face-down" => {
            let side = match a {
                [] => SideFilter::Any,
                [w] => match word(w).as_deref() {
                    Some("any") => SideFilter::Any,
                    Some("enemy") => SideFilter::Enemy,
                    Some("yours") => SideFilter::Yours,
                    _ => {
                        return err(
                            w.pos(),
                            format!("`turn-location-face-down` takes any, enemy or yours, found {}", w.describe()),
                        )
                    }
                },
                _ => return err(form.pos(), "`turn-location-face-down` is written (turn-location-face-down [any|enemy|yours])"),
            };
            Step::TurnLocationFaceDown { side }
        }
        "self-from-ko-pile-to" => {
            if !scope.has_self {
                return err(
                    form.pos(),
                    "`self-from-ko-pile-to` moves the power's own card; a plot twist has none",
                );
            }
            need(1, "(self-from-ko-pile-to deck|resources)")?;
            let dest = match word(&a[0]).as_deref() {
                Some("deck") => KoPileDest::Deck,
                Some("resources") => KoPileDest::Resources,
                _ => {
                    return Err(unknown("destination", &a[0], &["deck", "resources"]));
                }
            };
            Step::SelfFromKoPileTo { dest }
        }
        "ko-pile-character-to-side" => {
            let enemy_only = match a {
                [] => false,
                [e] if word(e).as_deref() == Some("enemy") => true,
                _ => return err(
                    form.pos(),
                    "`ko-pile-character-to-side` is written (ko-pile-character-to-side [enemy])",
                ),
            };
            Step::KoPileCharacterToSide { enemy_only }
        }
        "can-attack-players" | "attack-immediately" => {
            need(1, &format!("({name} WHO)"))?;
            let who = parse_who(&a[0], scope)?;
            if name == "can-attack-players" {
                Step::CanAttackPlayers { who }
            } else {
                if !scope.has_self {
                    return err(form.pos(), "`attack-immediately` makes the power's own character attack; a plot twist has none");
                }
                Step::AttackImmediately { who }
            }
        }
        "hook" => {
            need(1, "(hook NAME)")?;
            match word(&a[0]) {
                Some(h) if crate::hooks::is_known(&h) => Step::Hook(h),
                Some(h) => {
                    let known: Vec<&str> = crate::hooks::HOOKS.iter().map(|(n, _)| *n).collect();
                    return err(
                        a[0].pos(),
                        format!(
                            "unknown hook `{h}`; the engine's hooks are: {}",
                            known.join(", ")
                        ),
                    );
                }
                _ => {
                    return err(
                        a[0].pos(),
                        "a hook is named by a word, like (hook impervious-skin)",
                    )
                }
            }
        }
        "cancel-combat"
        | "no-strike-back-in-team-attacks"
        | "top-card-to-resources"
        | "turn-location-face-up"
        | "turn-enemy-location-face-down"
        | "search-deck-for-copy"
        | "self-from-ko-pile"
        | "stun-survivors-at-end-of-combat"
        | "cancel-super-power"
        | "shuffle-ko-characters-into-decks"
        | "regress-self"
        | "recruit-discount" => {
            if !a.is_empty() {
                return err(form.pos(), format!("`{name}` takes no arguments"));
            }
            let self_based = ["search-deck-for-copy", "self-from-ko-pile", "regress-self"];
            if !scope.has_self && self_based.contains(&name.as_str()) {
                return err(
                    form.pos(),
                    format!("`{name}` acts on the power's own character; a plot twist has none"),
                );
            }
            match name.as_str() {
                "cancel-combat" => Step::CancelCombat,
                "no-strike-back-in-team-attacks" => Step::NoStrikeBackInTeamAttacks,
                "top-card-to-resources" => Step::TopCardToResources,
                "turn-location-face-up" => Step::TurnLocationFaceUp,
                "turn-enemy-location-face-down" => Step::TurnEnemyLocationFaceDown,
                // A copy of this character onto your side: the general search.
                "search-deck-for-copy" => Step::SearchDeck {
                    what: DeckFilter {
                        kinds: vec![DeckKind::Character],
                        same_name_as_self: true,
                        ..DeckFilter::default()
                    },
                    max: 1,
                    to: SearchDest::Side,
                },
                "self-from-ko-pile" => Step::SelfFromKoPile,
                "stun-survivors-at-end-of-combat" => Step::StunSurvivorsAtEndOfCombat,
                "cancel-super-power" => {
                    if !scope.reacts_to_super {
                        return err(
                            form.pos(),
                            "`cancel-super-power` only works in a reaction to a Super Power: (super reaction (cost ...) (reacts-to enemy-uses-super-power) ...)",
                        );
                    }
                    Step::CancelSuperPower
                }
                "shuffle-ko-characters-into-decks" => {
                    scope.last_count = true;
                    Step::ShuffleKoCharactersIntoDecks
                }
                "regress-self" => Step::RegressSelf,
                _ => Step::RecruitDiscount,
            }
        }
        _ => return Err(unknown("step", name_sexp, known)),
    };
    out.push(step);
    Ok(())
}

/// `(delayed (on TRIGGER) DURATION [repeat] [(if COND)] [(while COND)] STEP...)`.
fn parse_delayed(form: &Sexp, scope: &mut Scope, out: &mut Vec<Step>) -> R<()> {
    let usage = "(delayed (on TRIGGER) DURATION [repeat] [(if COND)] [(while COND)] STEP...)";
    if !scope.has_self {
        return err(
            form.pos(),
            "a delayed trigger watches the power's own character; a plot twist has none",
        );
    }
    let a = form.args();
    let Some(on_form) = a.first().filter(|x| head(x).as_deref() == Some("on")) else {
        return err(form.pos(), format!("say what it waits for: {usage}"));
    };
    let on = parse_trigger_on(on_form, on_form.args())?;
    let Some(d) = a.get(1) else {
        return err(
            form.pos(),
            format!("a delayed trigger needs a duration: {usage}"),
        );
    };
    let duration = duration(d)?;
    if duration == Duration::UntilSourceStunnedOrLeaves {
        return err(
            d.pos(),
            "a delayed trigger lasts this-combat, this-turn, until-start-of-next-turn or permanent",
        );
    }
    let mut rest = &a[2..];
    let mut repeat = false;
    if rest.first().and_then(word).as_deref() == Some("repeat") {
        repeat = true;
        rest = &rest[1..];
    }
    let mut watch = None;
    if let Some(w) = rest.first().filter(|x| head(x).as_deref() == Some("watch")) {
        let who = parse_who(&args_n(w, 1, "(watch WHO)")?[0], scope)?;
        if who == Who::This {
            return err(
                w.pos(),
                "a delayed trigger watches its own character already; (watch ...) names another",
            );
        }
        watch = Some(who);
        rest = &rest[1..];
    }
    // The steps run later in their own frame, with the slots chosen so far.
    let mut inner = Scope::new(true, false);
    inner.slots = scope.slots.clone();
    inner.players = scope.players.clone();
    inner.has_subject = true;
    let (mut if_cond, mut while_cond) = (None, None);
    while let Some(first) = rest.first() {
        match head(first).as_deref() {
            Some("if") if first.args().len() == 1 && if_cond.is_none() => {
                if_cond = Some(parse_cond(&first.args()[0], &inner)?)
            }
            Some("while") if while_cond.is_none() => {
                while_cond = Some(parse_cond(&args_n(first, 1, "(while COND)")?[0], &inner)?)
            }
            _ => break,
        }
        rest = &rest[1..];
    }
    if rest.is_empty() {
        return err(
            form.pos(),
            format!("the delayed trigger has no steps: {usage}"),
        );
    }
    let mut steps = Vec::new();
    parse_steps(rest, &mut inner, &mut steps)?;
    out.push(Step::Delayed {
        on,
        duration,
        repeat,
        if_cond,
        while_cond,
        steps,
        watch,
    });
    Ok(())
}

/// `(search-deck any|(DECK-WORD...) [(up-to N)] [hand|side])`.
fn parse_search(form: &Sexp, scope: &Scope) -> R<Step> {
    let usage = "(search-deck any|(DECK-WORD...) [(up-to N)] [hand|side]), like (search-deck (plot-twist) hand)";
    let a = form.args();
    let Some(w) = a.first() else {
        return err(form.pos(), format!("`search-deck` is written {usage}"));
    };
    let mut what = DeckFilter::default();
    if word(w).as_deref() == Some("any") {
        what.any = true;
    } else if let Some(items) = w.as_list() {
        if items.is_empty() {
            return err(
                w.pos(),
                format!("say what to search for, or write `any`: {usage}"),
            );
        }
        for it in items {
            match (word(it).as_deref(), head(it).as_deref()) {
                (Some("character" | "characters"), _) => what.kinds.push(DeckKind::Character),
                (Some("supporting"), _) => what.kinds.push(DeckKind::Supporting),
                (Some("plot-twist" | "plot-twists"), _) => what.kinds.push(DeckKind::PlotTwist),
                (Some("equipment"), _) => what.kinds.push(DeckKind::Equipment),
                (Some("location" | "locations"), _) => what.kinds.push(DeckKind::Location),
                (Some("copy"), _) => {
                    if !scope.has_self {
                        return err(it.pos(), "`copy` searches for this card's name; a plot twist's search has no character");
                    }
                    what.same_name_as_self = true;
                }
                (_, Some("max-cost")) => {
                    what.max_cost =
                        Some(int_in(&args_n(it, 1, "(max-cost N)")?[0], "a cost", 0, 99)? as u8)
                }
                (_, Some("team")) => what.team = Some(team(&args_n(it, 1, "(team T)")?[0])?),
                _ => {
                    return Err(unknown(
                        "search word",
                        it,
                        &[
                            "character",
                            "supporting",
                            "plot-twist",
                            "equipment",
                            "location",
                            "copy",
                            "(max-cost N)",
                            "(team T)",
                        ],
                    ))
                }
            }
        }
    } else {
        return err(w.pos(), format!("`search-deck` is written {usage}"));
    }
    let mut max = 1;
    let mut to = SearchDest::Hand;
    for it in &a[1..] {
        match (word(it).as_deref(), head(it).as_deref()) {
            (_, Some("up-to")) => {
                max = int_in(&args_n(it, 1, "(up-to N)")?[0], "up-to", 1, 9)? as u8;
            }
            (Some("hand"), _) => to = SearchDest::Hand,
            (Some("side"), _) => to = SearchDest::Side,
            _ => return err(it.pos(), format!("`search-deck` is written {usage}")),
        }
    }
    if to == SearchDest::Side
        && !what.kinds.is_empty()
        && what
            .kinds
            .iter()
            .any(|k| !matches!(k, DeckKind::Character | DeckKind::Supporting))
    {
        return err(
            form.pos(),
            "only characters can be put onto your side; search for (character) or (supporting)",
        );
    }
    if to == SearchDest::Side && what.kinds.is_empty() {
        return err(
            form.pos(),
            "only characters can be put onto your side; search for (character) or (supporting)",
        );
    }
    Ok(Step::SearchDeck { what, max, to })
}

/// WHAT of `discard-each` / `discard-matching`.
fn parse_hand_filter(s: &Sexp, scope: &Scope) -> R<HandFilter> {
    const KNOWN: [&str; 4] = ["cards", "plot-twists", "named", "(cost-at-least-of SLOT)"];
    match word(s).as_deref() {
        Some("cards") => return Ok(HandFilter::Cards),
        Some("plot-twists") => return Ok(HandFilter::PlotTwists),
        Some("named") => {
            if !scope.named {
                return err(
                    s.pos(),
                    "`named` discards the card named by an earlier `name-a-card` step; there is none",
                );
            }
            return Ok(HandFilter::Named);
        }
        _ => {}
    }
    if head(s).as_deref() == Some("cost-at-least-of") {
        let slot = int_in(
            &args_n(s, 1, "(cost-at-least-of SLOT)")?[0],
            "a slot",
            0,
            MAX_SLOT,
        )? as u8;
        check_slot(slot, s.pos(), scope)?;
        return Ok(HandFilter::CostAtLeastOf(slot));
    }
    Err(unknown("kind of card", s, &KNOWN))
}

/// Filters read outside a resolving effect (triggers, counts, statics) can't use the
/// words that refer to what the effect chose.
/// A trigger's filter on the character it is about (written after the trigger word);
/// with none, any character, face up or stunned.
fn trigger_filter(words: &[Sexp], form: &Sexp) -> R<Filter> {
    let filter = if words.is_empty() {
        Filter {
            face: FaceFilter::Any,
            ..Filter::default()
        }
    } else {
        parse_filter(words, &Scope::new(true, false))?
    };
    no_effect_words(&filter, form.pos(), "a trigger")?;
    Ok(filter)
}

fn no_effect_words(f: &Filter, pos: Pos, context: &str) -> R<()> {
    if f.of_player.is_some() || f.in_row.is_some() {
        return err(
            pos,
            format!("(of ...) and (in-row ...) refer to what a resolving effect chose; {context} can't use them"),
        );
    }
    Ok(())
}

fn parse_who(s: &Sexp, scope: &Scope) -> R<Who> {
    const USAGE: &str = "self, (chosen SLOT) or (each FILTER...)";
    match s {
        Sexp::Atom(..) if word(s).as_deref() == Some("self") => {
            if !scope.has_self {
                return err(
                    s.pos(),
                    "a plot twist has no `self`; choose a character first: (choose 0 (...)) then (chosen 0)",
                );
            }
            Ok(Who::This)
        }
        Sexp::List(..) => match head(s).as_deref() {
            Some("chosen") => {
                let a = args_n(s, 1, "(chosen SLOT)")?;
                let slot = int_in(&a[0], "a slot", 0, MAX_SLOT)? as u8;
                check_slot(slot, s.pos(), scope)?;
                Ok(Who::Chosen(slot))
            }
            Some("each") => {
                if s.args().is_empty() {
                    return err(
                        s.pos(),
                        "write which characters: (each enemy) or (each yours in-combat)",
                    );
                }
                Ok(Who::Each(parse_filter(s.args(), scope)?))
            }
            _ => err(s.pos(), format!("expected {USAGE}, found {}", s.describe())),
        },
        _ => err(s.pos(), format!("expected {USAGE}, found {}", s.describe())),
    }
}

fn check_slot(slot: u8, pos: Pos, scope: &Scope) -> R<()> {
    if !scope.slots.contains(&slot) {
        return err(
            pos,
            format!(
                "(chosen {slot}) refers to slot {slot}, but there is no earlier (choose {slot} ...) in this effect"
            ),
        );
    }
    Ok(())
}

fn parse_player(s: &Sexp, scope: &Scope) -> R<PlayerWho> {
    const USAGE: &str = "you, each-enemy, (chosen-player SLOT) or (controller-of SLOT)";
    match word(s).as_deref() {
        Some("you") => return Ok(PlayerWho::You),
        Some("each-enemy") => return Ok(PlayerWho::EachEnemy),
        _ => {}
    }
    match head(s).as_deref() {
        Some("chosen-player") => {
            let slot = int_in(
                &args_n(s, 1, "(chosen-player SLOT)")?[0],
                "a slot",
                0,
                MAX_SLOT,
            )? as u8;
            if !scope.players.contains(&slot) {
                return err(
                    s.pos(),
                    format!("(chosen-player {slot}) needs an earlier (choose-player {slot}) in this effect"),
                );
            }
            Ok(PlayerWho::Chosen(slot))
        }
        Some("controller-of") => {
            let slot = int_in(
                &args_n(s, 1, "(controller-of SLOT)")?[0],
                "a slot",
                0,
                MAX_SLOT,
            )? as u8;
            check_slot(slot, s.pos(), scope)?;
            Ok(PlayerWho::ControllerOf(slot))
        }
        _ => err(
            s.pos(),
            format!("expected a player: {USAGE}; found {}", s.describe()),
        ),
    }
}

/// AMOUNT; `live` amounts (statics) are read continuously, so `last-count` makes no sense.
fn parse_amount(s: &Sexp, scope: &Scope, live: bool) -> R<Amount> {
    if let Some(n) = s.as_int() {
        if !(-99..=99).contains(&n) {
            return err(s.pos(), format!("{n} is too large for an amount"));
        }
        return Ok(Amount::Fixed(n as i32));
    }
    match word(s).as_deref() {
        Some("resources") => return Ok(Amount::ResourcesOnYourSide),
        Some("wounds-on-self") => {
            if !scope.has_self {
                return err(s.pos(), "a plot twist has no `self` to count wounds on");
            }
            return Ok(Amount::WoundsOnSelf);
        }
        Some("last-count") => {
            if live || !scope.last_count {
                return err(
                    s.pos(),
                    "`last-count` reads the count of an earlier remove-plus-counters or shuffle-ko-characters-into-decks step in this effect; there is none",
                );
            }
            return Ok(Amount::LastCount);
        }
        _ => {}
    }
    if head(s).as_deref() == Some("count") {
        if s.args().is_empty() {
            return err(
                s.pos(),
                "write what to count: (count yours face-up supporting)",
            );
        }
        let f = parse_filter(s.args(), scope)?;
        no_effect_words(&f, s.pos(), "a count")?;
        return Ok(Amount::CountCharacters(f));
    }
    err(
        s.pos(),
        format!(
            "expected an amount: a number, resources, wounds-on-self, last-count or (count FILTER...); found {}",
            s.describe()
        ),
    )
}

const FILTER_WORDS: [&str; 21] = [
    "yours",
    "enemy",
    "main",
    "supporting",
    "face-up",
    "stunned",
    "any-face",
    "front-row",
    "back-row",
    "in-combat",
    "attacker",
    "defender",
    "other",
    "has-plus-counter",
    "character",
    "characters",
    "(max-cost N)",
    "(team T)",
    "(has-keyword K)",
    "(of PLAYER)",
    "(in-row SLOT)",
];

fn parse_filter(items: &[Sexp], scope: &Scope) -> R<Filter> {
    // `(each (enemy in-combat))` is the same as `(each enemy in-combat)`.
    if let [one @ Sexp::List(inner, _)] = items {
        if !matches!(
            head(one).as_deref(),
            Some("max-cost" | "team" | "has-keyword" | "of" | "in-row")
        ) {
            return parse_filter(inner, scope);
        }
    }
    let mut f = Filter {
        face: FaceFilter::Any,
        ..Filter::default()
    };
    let mut side_set = false;
    let mut kind_set = false;
    let mut face_set = false;
    let mut row_set = false;
    let mut role_set = false;
    let dup = |p: Pos, what: &str| err(p, format!("the filter names two {what}s; keep one"));
    for it in items {
        if let Some(w) = word(it) {
            match w.as_str() {
                "yours" | "enemy" => {
                    if side_set {
                        return dup(it.pos(), "side");
                    }
                    side_set = true;
                    f.side = if w == "yours" {
                        SideFilter::Yours
                    } else {
                        SideFilter::Enemy
                    };
                }
                "main" | "supporting" => {
                    if kind_set {
                        return dup(it.pos(), "kind");
                    }
                    kind_set = true;
                    f.kind = if w == "main" {
                        KindFilter::Main
                    } else {
                        KindFilter::Supporting
                    };
                }
                "not-in-combat" => f.not_in_combat = true,
                "face-up" | "stunned" | "any-face" => {
                    if face_set {
                        return dup(it.pos(), "face");
                    }
                    face_set = true;
                    f.face = match w.as_str() {
                        "face-up" => FaceFilter::Up,
                        "stunned" => FaceFilter::Stunned,
                        _ => FaceFilter::Any,
                    };
                }
                "front-row" | "back-row" => {
                    if row_set {
                        return dup(it.pos(), "row");
                    }
                    row_set = true;
                    f.row = Some(if w == "front-row" {
                        Row::Front
                    } else {
                        Row::Back
                    });
                }
                "in-combat" | "attacker" | "defender" => {
                    if role_set {
                        return dup(it.pos(), "combat role");
                    }
                    role_set = true;
                    f.role = Some(match w.as_str() {
                        "in-combat" => RoleFilter::InCombat,
                        "attacker" => RoleFilter::Attacker,
                        _ => RoleFilter::Defender,
                    });
                }
                "other" => {
                    if !scope.has_self {
                        return err(
                            it.pos(),
                            "`other` means \"not this character\"; a plot twist has no character",
                        );
                    }
                    f.other = true;
                }
                "has-plus-counter" => f.has_plus_counter = true,
                "character" | "characters" => {}
                _ => {
                    let hint = match w.as_str() {
                        "your" | "friendly" | "own" => " (write `yours`)",
                        "face-down" => " (write `stunned`)",
                        _ => "",
                    };
                    let mut e = unknown("filter word", it, &FILTER_WORDS);
                    if !hint.is_empty() {
                        e.msg = format!("unknown filter word `{w}`{hint}");
                    }
                    return Err(e);
                }
            }
            continue;
        }
        match head(it).as_deref() {
            Some("max-cost") => {
                if f.max_cost.is_some() {
                    return dup(it.pos(), "max-cost");
                }
                f.max_cost = Some(u8_of(&args_n(it, 1, "(max-cost N)")?[0], "max-cost")?);
            }
            Some("team") => {
                if f.team.is_some() {
                    return dup(it.pos(), "team");
                }
                f.team = Some(team(&args_n(it, 1, "(team T)")?[0])?);
            }
            Some("has-keyword") => {
                if f.has_keyword.is_some() {
                    return dup(it.pos(), "has-keyword");
                }
                f.has_keyword = Some(keyword(&args_n(it, 1, "(has-keyword K)")?[0])?);
            }
            Some("of") => {
                if f.of_player.is_some() {
                    return dup(it.pos(), "player");
                }
                let p = &args_n(it, 1, "(of PLAYER)")?[0];
                f.of_player = Some(if word(p).as_deref() == Some("defending-player") {
                    PlayerRef::DefendingPlayer
                } else {
                    match parse_player(p, scope) {
                        Ok(PlayerWho::Chosen(n)) => PlayerRef::Chosen(n),
                        Ok(PlayerWho::ControllerOf(n)) => PlayerRef::ControllerOf(n),
                        Ok(_) => {
                            return err(
                                p.pos(),
                                "(of PLAYER) takes (chosen-player SLOT), (controller-of SLOT) or defending-player; for you or enemies write `yours` or `enemy`",
                            )
                        }
                        Err(e) => return Err(e),
                    }
                });
            }
            Some("in-row") => {
                if f.in_row.is_some() {
                    return dup(it.pos(), "in-row");
                }
                let slot = int_in(
                    &args_n(it, 1, "(in-row SLOT)")?[0],
                    "a row slot",
                    0,
                    MAX_SLOT,
                )? as u8;
                if !scope.rows.contains(&slot) {
                    return err(
                        it.pos(),
                        format!("(in-row {slot}) needs an earlier (choose-row {slot} ...) in this effect"),
                    );
                }
                f.in_row = Some(slot);
            }
            _ => return Err(unknown("filter word", it, &FILTER_WORDS)),
        }
    }
    Ok(f)
}

const CONDS: [(&str, Cond); 20] = [
    ("self-stunned", Cond::SelfStunned),
    ("self-face-up", Cond::SelfFaceUp),
    ("self-wounded", Cond::SelfWounded),
    ("self-attacking", Cond::SelfAttacking),
    ("self-defending", Cond::SelfDefending),
    ("self-team-attacking", Cond::SelfTeamAttacking),
    ("self-solo-attacking", Cond::SelfSoloAttacking),
    ("self-in-front-row", Cond::SelfInFrontRow),
    ("self-attacking-main", Cond::SelfAttackingMain),
    ("self-attacking-back-row", Cond::SelfAttackingBackRow),
    ("self-protecting", Cond::SelfProtecting),
    (
        "self-stunned-enemy-this-turn",
        Cond::SelfStunnedEnemyThisTurn,
    ),
    ("self-is-your-main-character", Cond::SelfIsYourMainCharacter),
    ("ranged-combat", Cond::RangedCombat),
    ("hand-empty", Cond::HandEmpty),
    ("some-enemy-all-stunned", Cond::SomeEnemyAllStunned),
    ("no-attacks-this-turn", Cond::NoAttacksThisTurn),
    ("amplified", Cond::Amplified),
    ("combat-resolved", Cond::CombatResolved),
    ("enemy-turn", Cond::EnemyTurn),
];

fn parse_cond(s: &Sexp, scope: &Scope) -> R<Cond> {
    let mut names: Vec<&str> = CONDS.iter().map(|(k, _)| *k).collect();
    names.extend([
        "(chose SLOT)",
        "(not COND)",
        "(all COND...)",
        "(last-count-at-least N)",
    ]);
    if let Some(w) = word(s) {
        if let Some((_, c)) = CONDS.iter().find(|(k, _)| *k == w) {
            if w.starts_with("self-") && !scope.has_self {
                return err(
                    s.pos(),
                    format!("`{w}` asks about the power's own character; a plot twist has none"),
                );
            }
            return Ok(c.clone());
        }
        return Err(unknown("condition", s, &names));
    }
    match head(s).as_deref() {
        Some("not") => Ok(Cond::Not(Box::new(parse_cond(
            &args_n(s, 1, "(not COND)")?[0],
            scope,
        )?))),
        Some("all") => {
            if s.args().len() < 2 {
                return err(s.pos(), "(all ...) combines two or more conditions");
            }
            Ok(Cond::All(
                s.args()
                    .iter()
                    .map(|c| parse_cond(c, scope))
                    .collect::<R<Vec<_>>>()?,
            ))
        }
        Some("last-count-at-least") => {
            if !scope.last_count {
                return err(
                    s.pos(),
                    "`last-count-at-least` reads the count of an earlier counting step (a discard, remove-plus-counters, ...); there is none",
                );
            }
            let n = int_in(
                &args_n(s, 1, "(last-count-at-least N)")?[0],
                "a count",
                0,
                99,
            )? as u8;
            Ok(Cond::LastCountAtLeast(n))
        }
        Some("chose") => {
            let slot = int_in(&args_n(s, 1, "(chose SLOT)")?[0], "a slot", 0, MAX_SLOT)? as u8;
            if !scope.slots.contains(&slot) {
                return err(
                    s.pos(),
                    format!("(chose {slot}) asks about slot {slot}, but there is no earlier (choose {slot} ...) in this effect"),
                );
            }
            Ok(Cond::Chose(slot))
        }
        _ => match s.as_list().and_then(|l| l.first()) {
            Some(h) => Err(unknown("condition", h, &names)),
            None => Err(unknown("condition", s, &names)),
        },
    }
}

// -------------------------------------------------------------------------------------

#[cfg(test)]
mod tests {
    use super::*;

    fn parse_err(src: &str) -> CardFileError {
        match parse_cards("t.cards", src) {
            Ok(c) => panic!("expected an error, parsed {} card(s)", c.len()),
            Err(e) => e,
        }
    }

    fn expect(src: &str, line: u32, phrase: &str) {
        let e = parse_err(src);
        assert_eq!(e.line, line, "wrong line for error: {e}");
        assert!(
            e.message.contains(phrase),
            "message `{}` lacks `{phrase}`",
            e.message
        );
        assert!(
            e.to_string().starts_with(&format!("t.cards:{line}:")),
            "{e}"
        );
    }

    #[test]
    fn embedded_files_load() {
        let cards = embedded_cards().unwrap_or_else(|e| panic!("{e}"));
        assert!(cards.len() > 80, "only {} cards", cards.len());
        let db = embedded();
        let thor = db.get(db.by_number("mnb-021").unwrap());
        assert_eq!(thor.name, "Thor");
        assert!(thor.source.starts_with("mnb.cards:"));
        assert!(thor.has_printed_keyword(Keyword::Flight));
        assert!(db.find("Captain America").is_some());
        assert!(db.by_number("aln-023").is_some());
    }

    #[test]
    fn examples_compile() {
        let src = r#"
(card mnb-021 "Thor"
  (supporting (cost 6) (atk 6) (def 5) (health 2) (team avengers) flight)
  (power "Lightning Strike"
    (super main (cost energy)
      (choose 0 (enemy character))
      (minus-counters (chosen 0) 3))))
(card mnb-107 "Savage Surprise" (plot-twist (timing combat any-turn))
  (effect (choose 0 (defender)) (modify (chosen 0) 4 0 this-combat)))
(card mnb-026 "Avengers Mansion" (special-location (team avengers) energy intellect might skill))
(card x-001 "Maybe" (supporting (cost 1) (atk 1) (def 1) (health 1))
  (power "P" (trigger (on self-appears) (if self-face-up)
     (may "Choose?" (choose 0 (enemy)) (if (chose 0) (stun (chosen 0)) (draw you 1)))
     cancel-combat)))
"#;
        let cards = parse_cards("t.cards", src).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(cards.len(), 4);
        let thor = &cards[0];
        assert_eq!(
            (thor.cost, thor.atk, thor.def, thor.health),
            (Some(6), 6, 5, 2)
        );
        assert_eq!(thor.powers[0].body, PowerBody::Keyword(Keyword::Flight));
        let PowerBody::Super(sp) = &thor.powers[1].body else {
            panic!()
        };
        assert_eq!(sp.cost, vec![Symbol::Energy]);
        assert_eq!(
            sp.effect[1],
            Step::MinusCounters {
                who: Who::Chosen(0),
                n: Amount::Fixed(3)
            }
        );
        assert_eq!(thor.source, "t.cards:2");
        assert_eq!(
            cards[1].timing,
            Some(Timing::Combat {
                any_turn: true,
                any_combat: false
            })
        );
        assert_eq!(cards[2].symbols.len(), 4);
        let PowerBody::Triggered(t) = &cards[3].powers[0].body else {
            panic!()
        };
        assert_eq!(t.if_cond, Some(Cond::SelfFaceUp));
        assert!(matches!(t.effect[0], Step::May { skip: 4, .. }));
        assert!(matches!(t.effect[2], Step::If { skip: 2, .. }));
        assert_eq!(t.effect[5], Step::CancelCombat);
        let Step::Choose {
            filter, min, max, ..
        } = &t.effect[1]
        else {
            panic!()
        };
        assert_eq!(
            (filter.side, filter.face, *min, *max),
            (SideFilter::Enemy, FaceFilter::Any, 1, 1)
        );
    }

    #[test]
    fn broken_cards_name_line_and_fix() {
        // Unclosed paren: the line of the `(` that is never closed.
        expect(
            "(card t-1 \"A\"\n  (supporting (cost 1) (atk 1) (def 1) (health 1))\n",
            1,
            "never closed",
        );
        expect(
            "(card t-1 \"A\"\n  (supporting (cost 1) (atk 1) (def 1) (health 1)\n",
            2,
            "never closed",
        );
        // Unknown keyword, with the known ones listed.
        expect(
            "(card t-1 \"A\" (supporting (cost 1) (atk 1) (def 1) (health 1))\n  (power \"F\" (keyword Ferocius)))",
            2,
            "unknown keyword `Ferocius` (did you mean `ferocious`?); known keywords: flight, ranged",
        );
        // Missing atk.
        expect(
            "\n(card mnb-021 \"Thor\"\n  (supporting (cost 6) (def 5) (health 2)))",
            3,
            "card mnb-021 has no (atk N)",
        );
        // Missing cost.
        expect(
            "(card t-1 \"A\" (supporting (atk 1) (def 1) (health 1)))",
            1,
            "a supporting character needs (cost N)",
        );
        // Unknown step.
        expect(
            "(card t-1 \"A\" (supporting (cost 1) (atk 1) (def 1) (health 1))\n (power \"P\" (super main (cost might)\n   (bogus self))))",
            3,
            "unknown step `bogus`",
        );
        // Bad team.
        expect(
            "(card t-1 \"A\"\n (supporting (cost 1) (atk 1) (def 1) (health 1) (team avenger)))",
            2,
            "unknown team `avenger` (did you mean `avengers`?)",
        );
        // Duplicate number.
        expect(
            "(card t-1 \"A\" (location might))\n(card t-2 \"B\" (location skill))\n(card T-1 \"C\" (location energy))",
            3,
            "already defined at t.cards:1",
        );
        // chosen 1 with no choose 1.
        expect(
            "(card t-1 \"A\" (plot-twist (timing main))\n (effect (choose 0 (yours))\n  (stun (chosen 1))))",
            3,
            "no earlier (choose 1",
        );
        // A level that doesn't exist.
        expect(
            "(card t-1 \"A\" (main 1 (atk 1) (def 1) (health 5)\n   (levels mnb-999)))",
            2,
            "there is no card mnb-999",
        );
        // Levels must agree with each other.
        expect(
            "(card t-1 \"A\" (main 1 (atk 1) (def 1) (health 5) (levels t-2)))\n(card t-2 \"B\" (main 2 (atk 1) (def 1) (health 5) (levels t-1)))",
            1,
            "levels must have the same name",
        );
        // Super Powers need a cost.
        expect("(card t-1 \"A\" (supporting (cost 1) (atk 1) (def 1) (health 1))\n (power \"P\" (super main (draw you 1))))", 2, "non-empty (cost");
        expect("(card t-1 \"A\" (supporting (cost 1) (atk 1) (def 1) (health 1))\n (power \"P\" (super main (cost) (draw you 1))))", 2, "can't be empty");
        // Colours instead of symbols.
        expect(
            "(card t-1 \"A\" (location green))",
            1,
            "write the power symbol `might`",
        );
        // Plot twists need a timing and an effect; locations need symbols.
        expect(
            "(card t-1 \"A\" (plot-twist) (effect cancel-combat))",
            1,
            "needs a timing",
        );
        expect(
            "(card t-1 \"A\" (plot-twist (timing main)))",
            1,
            "needs an (effect",
        );
        expect(
            "(card t-1 \"A\" (location))",
            1,
            "needs at least one power symbol",
        );
        // `self` in a plot twist.
        expect(
            "(card t-1 \"A\" (plot-twist (timing main))\n (effect (ready self)))",
            2,
            "a plot twist has no `self`",
        );
        // Reactions.
        expect(
            "(card t-1 \"A\" (supporting (cost 1) (atk 1) (def 1) (health 1))\n (power \"P\" (super main (cost might) cancel-super-power)))",
            2,
            "only works in a reaction",
        );
        // last-count without a counting step.
        expect(
            "(card t-1 \"A\" (supporting (cost 1) (atk 1) (def 1) (health 1))\n (power \"P\" (super main (cost might)\n (draw you last-count))))",
            3,
            "last-count",
        );
        // Reserved slots.
        expect("(card t-1 \"A\" (plot-twist (timing main)) (effect\n (choose 5 (yours)) (ready (chosen 5))))", 2, "between 0 and 4");
        // Powers belong on characters and equipment.
        expect(
            "(card t-1 \"A\" (plot-twist (timing main)) (effect cancel-combat)\n (power \"P\" (keyword tough)))",
            2,
            "only characters and equipment have powers",
        );
        // A Super Power's timing comes first.
        expect(
            "(card t-1 \"A\" (supporting (cost 1) (atk 1) (def 1) (health 1))\n (power \"P\" (super (cost might) (draw you 1))))",
            2,
            "the timing comes first",
        );
        // Not a card at all.
        expect("\n\n(crad t-1)", 3, "expected a (card NUMBER");
    }

    #[test]
    fn delayed_triggers_loops_and_level_up_steps_compile() {
        let src = r#"
(card x-1 "A" (main 1 (atk 1) (def 1) (health 5) (levels x-2))
  (power "Grow" (level-up 8 (on end-of-your-turn) (gain-xp (count yours face-up supporting))))
  (power "Blade"
    (super main (cost might)
      (delayed (on self-stuns any-face) this-turn (take-subject 0) (ko (chosen 0))))))
(card x-2 "A" (main 2 (atk 1) (def 1) (health 5) (levels x-1))
  (power "Gauntlet"
    (super main (cost might)
      (for-each-player 0 enemy
        (choose 1 (supporting (of (chosen-player 0))))
        (ko (chosen 1)))
      (choose-row 2 enemy)
      (minus-counters (each (in-row 2)) 1))))
"#;
        let cards = parse_cards("t.cards", src).unwrap_or_else(|e| panic!("{e}"));
        let PowerBody::LevelUp { trigger, .. } = &cards[0].powers[0].body else {
            panic!()
        };
        assert!(matches!(trigger.effect[..], [Step::GainXp { .. }]));
        let PowerBody::Super(sp) = &cards[0].powers[1].body else {
            panic!()
        };
        let Step::Delayed {
            on,
            duration,
            repeat,
            steps,
            ..
        } = &sp.effect[0]
        else {
            panic!("{:?}", sp.effect)
        };
        assert!(matches!(on, TriggerOn::SelfStuns { .. }));
        assert_eq!(
            (*duration, *repeat, steps.len()),
            (Duration::ThisTurn, false, 2)
        );
        let PowerBody::Super(sp) = &cards[1].powers[0].body else {
            panic!()
        };
        assert!(matches!(
            sp.effect[..],
            [
                Step::ForEachPlayer {
                    slot: 0,
                    enemy_only: true,
                    skip: 2
                },
                Step::Choose { .. },
                Step::Ko { .. },
                Step::EndForEach { back: 3 },
                Step::ChooseRow { slot: 2, .. },
                Step::MinusCounters { .. },
            ]
        ));
    }

    #[test]
    fn new_steps_refuse_what_they_cant_mean() {
        let sup = "(card t-1 \"A\" (supporting (cost 1) (atk 1) (def 1) (health 1))\n";
        let case = |body: &str, phrase: &str| expect(&format!("{sup}{body}"), 2, phrase);
        case(
            "(power \"P\" (super main (cost might) (take-subject 0))))",
            "only a (trigger ...)",
        );
        case(
            "(power \"P\" (super main (cost might) (stun (each (in-row 0))))))",
            "needs an earlier (choose-row 0",
        );
        case(
            "(power \"P\" (super main (cost might) (choose-player 0 enemy) (draw you (count (of (chosen-player 0)))))))",
            "a count can't use them",
        );
        case(
            "(power \"P\" (super main (cost might) (discard-each each-enemy named))))",
            "`named` discards the card named by an earlier `name-a-card`",
        );
        case(
            "(power \"P\" (super main (cost might) (if (last-count-at-least 1) (draw you 1)))))",
            "there is none",
        );
        case(
            "(power \"P\" (super main (cost might) (delayed (on self-stuns) until-source-stunned-or-leaves (draw you 1)))))",
            "a delayed trigger lasts",
        );
        case(
            "(power \"P\" (super main (cost might) (ko-resource))))",
            "`ko-resource` is written",
        );
        case(
            "(power \"P\" (super main (cost might) (self-from-ko-pile-to hnd))))",
            "unknown destination `hnd`",
        );
        case(
            "(power \"P\" (super main (cost might) (play-from-ko-pile reaction))))",
            "no reaction timing",
        );
        case(
            "(power \"P\" (super main (cost might) (for-each-player 0 enemy))))",
            "needs steps to repeat",
        );
        case(
            "(power \"P\" (trigger (on self-stuns (of (chosen-player 0))) (draw you 1))))",
            "chosen-player 0",
        );
        expect(
            "(card t-1 \"A\" (plot-twist (timing main))\n (effect (delayed (on self-stuns) this-turn (draw you 1))))",
            2,
            "a plot twist has none",
        );
        expect(
            "(card t-1 \"A\" (main 1 (atk 1) (def 1) (health 5))\n (power \"L\" (level-up 3 (on end-of-your-turn) (draw you 1))))",
            2,
            "(gain-xp AMOUNT)",
        );
    }

    #[test]
    fn load_dir_reads_sorted_files_and_checks_across_them() {
        let dir =
            std::env::temp_dir().join(format!("crossover-cardfile-test-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(
            dir.join("b.cards"),
            "(card t-2 \"B\" (main 2 (atk 1) (def 1) (health 5) (levels t-1)))",
        )
        .unwrap();
        std::fs::write(
            dir.join("a.cards"),
            "(card t-1 \"B\" (main 1 (atk 1) (def 1) (health 5) (levels t-2)))",
        )
        .unwrap();
        std::fs::write(dir.join("notes.txt"), "not a card file").unwrap();
        let cards = load_dir(&dir).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(
            cards.iter().map(|c| c.number.as_str()).collect::<Vec<_>>(),
            ["t-1", "t-2"]
        );
        std::fs::write(
            dir.join("c.cards"),
            "; dup\n(card t-1 \"X\" (location might))",
        )
        .unwrap();
        let e = load_dir(&dir).unwrap_err();
        assert!(
            e.file.ends_with("c.cards") && e.line == 2 && e.message.contains("already defined"),
            "{e}"
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }

    // --- cross-check against the card data set ---------------------------------------

    fn norm_name(s: &str) -> String {
        s.chars()
            .filter(|c| !matches!(c, ' ' | '-' | '.'))
            .flat_map(char::to_lowercase)
            .collect()
    }

    /// Power names: lower case, `[...]` icons dropped, letters and digits only.
    fn norm_power(s: &str) -> String {
        let mut out = String::new();
        let mut depth = 0;
        for c in s.chars() {
            match c {
                '[' => depth += 1,
                ']' => depth -= 1,
                _ if depth == 0 && c.is_alphanumeric() => out.extend(c.to_lowercase()),
                _ => {}
            }
        }
        out
    }

    /// Known misspellings in the data set: (number, printed name).
    const DATA_TYPOS: [(&str, &str); 1] = [("aln-038", "Leaping Xenomorph")];

    /// Known misspellings of power names in the data set: (number, data set's name,
    /// printed name).
    const POWER_TYPOS: [(&str, &str, &str); 1] =
        [("mnb-081", "Plots Withins Plots", "Plots Within Plots")];

    /// A power name of the data set, with its known misspelling corrected.
    fn fix_power_typo(number: &str, name: String) -> String {
        POWER_TYPOS
            .iter()
            .find(|(n, bad, _)| n.eq_ignore_ascii_case(number) && norm_power(bad) == name)
            .map(|(_, _, good)| norm_power(good))
            .unwrap_or(name)
    }

    #[derive(Debug, Default)]
    struct JsonPower {
        /// (timing, cost) of each Super Power line.
        supers: Vec<(String, Vec<Symbol>)>,
        level_up: Option<u8>,
    }

    fn timing_word(line: &str) -> Option<String> {
        let l = line.trim_start_matches("[anyturn]").trim();
        for w in ["Any Combat", "Combat", "Main", "Build", "Reaction"] {
            if l.starts_with(w) && l.contains(':') {
                let any_turn = line.starts_with("[anyturn]");
                return Some(match w {
                    "Any Combat" => format!(
                        "combat{}-any-combat",
                        if any_turn { "-any-turn" } else { "" }
                    ),
                    "Combat" => format!("combat{}", if any_turn { "-any-turn" } else { "" }),
                    other => other.to_lowercase(),
                });
            }
        }
        None
    }

    fn colour_symbols(s: &str) -> Vec<Symbol> {
        let mut v = Vec::new();
        let mut rest = s;
        while let Some(i) = rest.find('[') {
            let Some(j) = rest[i..].find(']') else { break };
            match &rest[i + 1..i + j] {
                "blue" => v.push(Symbol::Energy),
                "yellow" => v.push(Symbol::Intellect),
                "green" => v.push(Symbol::Might),
                "red" => v.push(Symbol::Skill),
                "alien" | "space" => v.push(Symbol::Alien),
                "humanity" | "earth" => v.push(Symbol::Humanity),
                _ => {}
            }
            rest = &rest[i + j + 1..];
        }
        v.sort();
        v
    }

    /// The powers printed in a character's or equipment's text, by normalised name.
    fn json_powers(text: &str) -> (Vec<(String, JsonPower)>, Option<String>) {
        let mut out: Vec<(String, JsonPower)> = Vec::new();
        let mut aka = None;
        let known_kw: Vec<String> = KEYWORDS.iter().map(|(_, k)| norm_power(k.name())).collect();
        for para in text.replace("\r\n", "\n").split("\n\n") {
            let lines: Vec<&str> = para
                .lines()
                .map(str::trim)
                .filter(|l| !l.is_empty())
                .collect();
            let Some(first) = lines.first() else { continue };
            if let Some(a) = first.strip_prefix("AKA ") {
                aka = Some(a.trim().to_string());
                continue;
            }
            if lines.len() == 1 {
                let items: Vec<String> = first
                    .split(',')
                    .map(norm_power)
                    .filter(|s| !s.is_empty())
                    .collect();
                if !items.is_empty() && items.iter().all(|i| known_kw.contains(i)) {
                    for i in items {
                        out.push((i, JsonPower::default()));
                    }
                }
                continue;
            }
            let mut p = JsonPower::default();
            for l in &lines[1..] {
                if let Some(t) = timing_word(l) {
                    let before_colon = &l[..l.find(':').unwrap()];
                    p.supers.push((t, colour_symbols(before_colon)));
                }
                if let Some(r) = l.strip_prefix("Level Up (") {
                    p.level_up = r.split(')').next().and_then(|n| n.trim().parse().ok());
                }
            }
            // Two printed powers may share a name (Groot's "I am Groot"): merge them.
            let name = norm_power(first);
            match out.iter_mut().find(|(n, _)| *n == name) {
                Some((_, q)) => {
                    q.supers.extend(p.supers);
                    q.level_up = q.level_up.or(p.level_up);
                }
                None => out.push((name, p)),
            }
        }
        (out, aka)
    }

    fn timing_name(t: Timing) -> String {
        match t {
            Timing::Build => "build".into(),
            Timing::Main => "main".into(),
            Timing::Reaction => "reaction".into(),
            Timing::Combat {
                any_turn,
                any_combat,
            } => format!(
                "combat{}{}",
                if any_turn { "-any-turn" } else { "" },
                if any_combat { "-any-combat" } else { "" }
            ),
        }
    }

    fn json_team(faction: &str) -> Option<Team> {
        Some(match faction {
            "avengers" => Team::Avengers,
            "xmen" => Team::XMen,
            "guardians of the galaxy" => Team::Guardians,
            "villains" => Team::Villains,
            "defenders" => Team::Defenders,
            "a-force" => Team::AForce,
            "underworld" => Team::Underworld,
            "femme fatales" => Team::FemmeFatales,
            "the company" => Team::Company,
            "xenomorph" => Team::Xenomorphs,
            _ => return None,
        })
    }

    fn json_int(v: &serde_json::Value, key: &str) -> Option<i32> {
        let s = v[key].as_str()?.trim().trim_end_matches('+');
        if s.is_empty() {
            None
        } else {
            s.parse().ok()
        }
    }

    #[test]
    fn cards_match_the_card_data_set() {
        let path = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../../../shared/cards/vs-2pcg/vs-cards.normalized.json");
        let Ok(text) = std::fs::read_to_string(&path) else {
            println!("skipped: {} not found", path.display());
            return;
        };
        let json: serde_json::Value = serde_json::from_str(&text).expect("valid JSON");
        let by_guid: HashMap<String, &serde_json::Value> = json
            .as_array()
            .expect("a list of cards")
            .iter()
            .map(|c| {
                (
                    c["guid"].as_str().unwrap_or_default().to_ascii_lowercase(),
                    c,
                )
            })
            .collect();
        let mut parsed = Vec::new();
        for (file, src) in EMBEDDED {
            parsed.extend(parse_file(file, src).unwrap_or_else(|e| panic!("{e}")));
        }
        let mut problems = Vec::new();
        let mut checked = 0;
        for p in &parsed {
            let d = &p.def;
            let Some(j) = by_guid.get(&d.number.to_ascii_lowercase()) else {
                continue;
            };
            checked += 1;
            let mut bad =
                |what: String| problems.push(format!("{} ({}): {what}", d.number, d.source));
            // Name.
            let jname = j["name"].as_str().unwrap_or_default();
            let typo_ok = DATA_TYPOS
                .iter()
                .any(|(n, real)| *n == d.number && *real == d.name);
            if norm_name(jname) != norm_name(&d.name) && !typo_ok {
                bad(format!(
                    "name \"{}\" but the data set says \"{jname}\"",
                    d.name
                ));
            }
            // Type.
            let ty = if d.pile {
                "facehugger pile".to_string()
            } else {
                match d.kind {
                    CardKind::MainCharacter { level } => format!("main character l{level}"),
                    CardKind::Supporting => "supporting character".into(),
                    CardKind::PlotTwist => "plot twist".into(),
                    CardKind::Equipment => "equipment".into(),
                    CardKind::Location => "location".into(),
                    CardKind::SpecialLocation => "special location".into(),
                }
            };
            let jty = j["type"].as_str().unwrap_or_default().to_lowercase();
            if jty != ty {
                bad(format!("type {ty} but the data set says {jty}"));
            }
            // Cost and stats.
            if json_int(j, "cost").map(|c| c as u8) != d.cost {
                bad(format!(
                    "cost {:?} but the data set says {:?}",
                    d.cost, j["cost"]
                ));
            }
            if d.is_character() {
                for (key, ours) in [("atk", d.atk), ("def", d.def), ("health", d.health)] {
                    if json_int(j, key) != Some(ours) {
                        bad(format!("{key} {ours} but the data set says {:?}", j[key]));
                    }
                }
            }
            // Team.
            let jteam = json_team(j["faction"].as_str().unwrap_or_default());
            let expect_teams: Vec<Team> = jteam.into_iter().collect();
            if d.teams != expect_teams {
                bad(format!(
                    "teams {:?} but the data set says {:?}",
                    d.teams, j["faction"]
                ));
            }
            // Icons.
            let traits = j["traits"].as_str().unwrap_or_default();
            for (icon, k) in [("[flight]", Keyword::Flight), ("[ranged]", Keyword::Ranged)] {
                if traits.contains(icon) != d.has_printed_keyword(k) {
                    bad(format!(
                        "{icon} icon: data set {}, ours {}",
                        traits.contains(icon),
                        d.has_printed_keyword(k)
                    ));
                }
            }
            let jtext = j["text"].as_str().unwrap_or_default();
            // Plot twist timing; location symbols.
            if d.kind == CardKind::PlotTwist && !d.pile {
                let jt = timing_word(jtext.lines().next().unwrap_or_default());
                if jt != d.timing.map(timing_name) {
                    bad(format!(
                        "timing {:?} but the data set says {jt:?}",
                        d.timing
                    ));
                }
            }
            if d.is_location() {
                let mut ours = d.symbols.clone();
                ours.sort();
                if ours != colour_symbols(jtext) {
                    bad(format!(
                        "symbols {ours:?} but the data set says {:?}",
                        colour_symbols(jtext)
                    ));
                }
            }
            // Deck-building keywords from the copy limit.
            let limit = j["limit"].as_str().unwrap_or_default();
            if d.kind == CardKind::Supporting {
                if (limit == "1") != d.has_printed_keyword(Keyword::OneOfAKind) {
                    bad(format!("copy limit {limit} vs One of a Kind"));
                }
                if (limit == "8") != d.has_printed_keyword(Keyword::Legion) {
                    bad(format!("copy limit {limit} vs Legion"));
                }
            }
            if !(d.is_character() || d.kind == CardKind::Equipment) {
                continue;
            }
            // Powers: every printed power is ours (or deliberately omitted), with the
            // same Super Power timings and costs and the same Level Up number.
            let (jpowers, jaka) = json_powers(jtext);
            let jpowers: Vec<(String, JsonPower)> = jpowers
                .into_iter()
                .map(|(n, p)| (fix_power_typo(&d.number, n), p))
                .collect();
            if jaka.as_deref().map(norm_name) != d.aka.as_deref().map(norm_name) {
                bad(format!("AKA {:?} but the data set says {jaka:?}", d.aka));
            }
            let omitted: Vec<String> = p.omitted.iter().map(|s| norm_power(s)).collect();
            for o in &p.omitted {
                if !jpowers.iter().any(|(n, _)| *n == norm_power(o)) {
                    bad(format!("omits \"{o}\", which is not printed on the card"));
                }
            }
            for (jname, jp) in &jpowers {
                let ours: Vec<&Power> = d
                    .powers
                    .iter()
                    .filter(|pw| norm_power(&pw.name) == *jname)
                    .collect();
                if omitted.contains(jname) {
                    if !ours.is_empty() {
                        bad(format!("power `{jname}` is both defined and omitted"));
                    }
                    continue;
                }
                if ours.is_empty() {
                    bad(format!(
                        "printed power `{jname}` is missing (define it or (omit ...) it)"
                    ));
                    continue;
                }
                let mut our_supers: Vec<(String, Vec<Symbol>)> = ours
                    .iter()
                    .filter_map(|pw| match &pw.body {
                        PowerBody::Super(sp) => {
                            let mut c = sp.cost.clone();
                            c.sort();
                            Some((timing_name(sp.timing), c))
                        }
                        _ => None,
                    })
                    .collect();
                let mut js = jp.supers.clone();
                our_supers.sort();
                js.sort();
                if our_supers != js {
                    bad(format!(
                        "power `{jname}`: Super Powers {our_supers:?} but the data set says {js:?}"
                    ));
                }
                let our_level = ours.iter().find_map(|pw| match pw.body {
                    PowerBody::LevelUp { xp, .. } => Some(xp),
                    _ => None,
                });
                if our_level != jp.level_up {
                    bad(format!(
                        "power `{jname}`: Level Up {our_level:?} but the data set says {:?}",
                        jp.level_up
                    ));
                }
            }
            // Keyword lines like "Creature, Swarm, Passive" name several powers.
            let keyword_line = |name: &str| {
                jtext.lines().any(|l| {
                    l.contains(',')
                        && l.split(',')
                            .any(|part| norm_power(part.trim()) == norm_power(name))
                })
            };
            for pw in &d.powers {
                if !jpowers.iter().any(|(n, _)| *n == norm_power(&pw.name))
                    && !keyword_line(&pw.name)
                    && !matches!(
                        pw.body,
                        PowerBody::Keyword(Keyword::Flight | Keyword::Ranged)
                    )
                {
                    bad(format!("power \"{}\" is not printed on the card", pw.name));
                }
            }
        }
        // Every Marvel Battles card of the data set is defined.
        let mut missing: Vec<&String> = by_guid
            .keys()
            .filter(|g| g.starts_with("mnb-"))
            .filter(|g| !parsed.iter().any(|p| p.def.number.eq_ignore_ascii_case(g)))
            .collect();
        missing.sort();
        assert!(
            missing.is_empty(),
            "Marvel Battles cards not defined: {missing:?}"
        );
        println!("checked {checked} cards against {}", path.display());
        assert!(checked > 0, "no card numbers matched the data set");
        assert!(
            problems.is_empty(),
            "{} mismatch(es):\n{}",
            problems.len(),
            problems.join("\n")
        );
    }
}
