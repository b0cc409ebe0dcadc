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
//! ITEM  = (power "Name" BODY...)      ; several bodies = several powers with that name;
//!                                     ; a plot twist's only power is (keyword loyalty)
//!       | (effect STEP...)            ; a plot twist's effect
//!       | (aka "Other Name")
//!       | banned                      ; not tournament legal (informational)
//!       | pile                        ; starts in the owner's Facehugger pile, not the deck
//!       | token                       ; a token card: stands for a token character, never in a deck
//!       | (omit "Power Name" "why")   ; a printed power not yet written: shown to players as
//!                                     ; "not yet written", never played; a plot twist whose
//!                                     ; effect is omitted can't be played
//! BODY  = (keyword KEYWORD)
//!       | (super TIMING (cost SYMBOL...) [once-per-game] [once-per-level] [start-of-main] [repeatable]
//!                [any-number-each-turn] [(only-if COND)] [(reacts-to TRIGGER)] STEP...)
//!                         ; repeatable: usable any number of times on your turn;
//!                         ; any-number-each-turn: any number of times each turn
//!       | (trigger (on TRIGGER) [once-per-turn] [(if COND)] [(while COND)] STEP...)
//!       | (static [(while COND)] STATIC)
//!       | (level-up N (on TRIGGER) [(if COND)] [(while COND)] [STEP...])
//!                         ; no steps: 1 XP; else the steps give it with (gain-xp AMOUNT)
//! TIMING  = build | main | combat | (combat [any-turn] [any-combat]) | reaction
//!           (in (timing ...) the words are written without the inner list)
//! SYMBOL  = energy | intellect | might | skill | alien | humanity
//! TEAM    = avengers | x-men | guardians | villains | defenders | a-force | underworld
//!         | femme-fatales | company | xenomorphs | babyfaces | heels | the-boys
//!         | the-seven | spider-friends | sinister-syndicate | brotherhood-of-mutants
//!         | mcu-heroes | mcu-villains | fantastic | frightful | pro-registration
//!         | anti-registration                ; the later sets (cards import vs2pcg)
//! KEYWORD = flight | ranged | stealth | mobile | berserker | creature | dodge | ferocious
//!         | hex | inspire | leader | leap | lethal | monstrous | schemer | shrink | swarm
//!         | symbiosis | tough | waking-nightmare | loyalty | one-of-a-kind | legion
//!         | immobile            ; can't move in your Formation Step (glossary Immobile)
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
//! (remove-plus-counters WHO [N])  (transmute WHO)  (swap-atk-def WHO)  (reset-to-base WHO)
//!       ; with N: at most N from each (kept for last-count, "if you do")
//! (modify WHO ATK DEF DURATION)  (strike-multiplier WHO N)
//! (set-base-to-current WHO FROM-WHO DURATION)
//! (gain-keyword WHO KEYWORD DURATION)  (lose-powers WHO DURATION)  (lose-all-powers WHO DURATION)
//! (regress WHO DURATION)  (demote WHO)  (promote WHO)  (transform-into NUMBER)
//! (replace-main-character NUMBER [stunned])   ; NUMBER: a card from outside the game
//! (stun WHO) (daze WHO) (ko WHO) (recover WHO) (ready WHO) (exhaust WHO) (freeze WHO)
//! (stun WHO (by WHO))  ; the first character of `by` is the source: it stunned them (p.17)
//! (push WHO) (pull WHO) (move-row WHO) (return-to-hand WHO) (replace-defender WHO)
//! (cant-move WHO DURATION)  (switch WHO WHO)  ; Game Terms, Switch: neither or both move
//! (cant-strike WHO DURATION)  (cant-be-struck WHO DURATION)  (cant-strike-or-be-struck WHO DURATION)
//!       ; can't strike: no strike as an attacker, no strike back as the defender;
//!       ; can't be struck: no attacker's strike stuns it, no strike back at it
//! (cant-ready WHO DURATION)  (double-minus-counters WHO)  ; as many more -1/-1 counters as it has
//! ko-all-resources  (gain-recruit-points N)  (draw-until PLAYER N)
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
//! (reveal-top-take-location N)           ; as reveal-top-take-character, taking a location
//! (next-attack-bonus ATK DEF)  (team-gains-keyword KEYWORD)  (hook NAME)
//! cancel-combat  no-strike-back-in-team-attacks  top-card-to-resources
//! turn-location-face-up  turn-enemy-location-face-down  search-deck-for-copy
//! self-from-ko-pile  stun-survivors-at-end-of-combat  cancel-super-power
//! shuffle-ko-characters-into-decks  regress-self  recruit-discount  name-a-card
//! (team-recruit-discount N TEAM)         ; your next TEAM character this turn costs N less
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
//! (self-from-ko-pile-to deck|resources)  (ko-pile-character-to-side [enemy|yours])
//! (can-attack-players WHO)  (attack-immediately WHO)
//! (cant-be-wounded WHO DURATION)  no-more-attacks-this-turn
//!
//! WHO      = self | (chosen SLOT) | (each FILTER-WORD...)
//! PLAYER   = you | each-enemy | (chosen-player SLOT) | (controller-of SLOT)
//! AMOUNT   = N | resources | wounds-on-self | last-count | (count FILTER-WORD...)
//!          | (count-ko-pile good|evil)   ; Good/Evil character cards in your KO pile
//!          | self-atk | self-def         ; its current ATK/DEF as the step resolves (not in statics)
//!          | (health-of SLOT)     ; in a step; a step's count may use (of ...)
//!          | (plus-counters-on WHO) | (minus-counters-on WHO)  ; the counters on them, all together
//!          | (atk-to-match SLOT)             ; ATK this character lacks to equal that one's
//!          | (hand-size-difference PLAYER)   ; how many more cards you hold (0 if not more)
//! DURATION = this-combat | this-turn | until-source-stunned-or-leaves
//!          | until-start-of-next-turn | permanent
//! FILTER-WORD = yours | enemy | main | supporting | face-up | stunned | any-face
//!             | front-row | back-row | in-combat | attacker | defender | other
//!             | has-plus-counter | has-minus-counter | not-in-combat | ready | exhausted
//!             | character(s) | (max-cost N) | (team T) | (has-keyword K) | unprotected
//!             | (named "N"...) | (not-named "N"...)  ; a card's names: its name and AKA
//!             | same-name                    ; shares this character's name
//!             | (same-name-as SLOT)          ; shares that character's name, not itself
//!             | (of (chosen-player SLOT) | (controller-of SLOT) | defending-player)
//!             | (in-row SLOT)      ; these three (with same-name-as) only in a step
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
//! self-survives self-stuns [in-combat] [FILTER-WORD...] self-wounded wounded [FILTER-WORD...]
//! appears [FILTER-WORD...] self-powers-up you-draw other-yours-kod self-kos-enemy` (the filter judges the stunned or wounded character just
//! appears [FILTER-WORD...] self-powers-up self-kos [FILTER-WORD...] you-team-attack
//! you-use-super-power [SYMBOL]` (the filter judges the stunned or wounded character just
//! before the stun or wound; the wound of a stun looks back to before the stun; `appears`
//! judges the character once it is in play, and counts the power's own character unless
//! the filter says `other`).
//!
//! A Super Power whose first step is `self-from-ko-pile` is usable from the KO pile.
//!
//! Conditions: `self-stunned self-face-up self-wounded self-attacking self-defending
//! self-team-attacking self-solo-attacking self-in-front-row self-attacking-main
//! self-attacking-back-row self-protecting self-stunned-enemy-this-turn
//! self-is-your-main-character ranged-combat hand-empty some-enemy-all-stunned
//! no-attacks-this-turn amplified combat-resolved enemy-turn (chose SLOT)
//! (last-count-at-least N) (not COND) (all COND...) all-enemy-characters-stunned
//! (self-attacking FILTER-WORD...)   ; attacking a character that matches (Pounce)
//! (self-plus-counters-at-least N) self-in-combat (same-team-on-your-side-at-least N)
//! (location-on-your-side SYMBOL) (a face-up basic location in your resource row)
//! team-attack self-attacking-exhausted self-in-back-row your-main-evil
//! (your-main-level-at-least N) defender-yours`. `self-kos FILTER`: this character is a source of the
//! KO (p.17: the stun whose wound KO'd it, team attackers included, or a direct KO).
//!
//! Statics: `(stats ATK DEF) double-strike no-strike-back grab (team-up T)
//! enemy-support-cant-recover appears-stunned (copy-team-powers T)
//! teams-with-main-characters (grant-keyword K) (deny-keyword K) passive
//! (cant-be-struck-by FILTER-WORD...) power-up-with-any-character cant-be-attacked
//! no-wound-if-stunned-in-combat enemies-cant-play-plot-twists
//! (enemies-cant-use-super-powers SYMBOL)`; cant-be-struck-by: matching characters can't
//! strike this one; power-up-with-any-character: any character card in hand may be
//! discarded to power it up.

use crate::model::*;
use crossover_sexpr::{Pos, Sexp};
use std::collections::HashMap;
use std::path::Path;

mod card;
mod check;
mod power;
mod step;
#[cfg(test)]
mod tests;

use self::{card::*, check::*, power::*, step::*};
use crate::words::*;

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

// Old paths: the embedded cards are the catalogue's (the module above this one and the
// card database); other code still names them through `cardfile`.
pub use crate::catalogue::{embedded, embedded_cards, load_dir_over_embedded};

/// Parse several card files (name, text) and check them as one set.
pub fn parse_files(files: &[(&str, &str)]) -> Result<Vec<CardDef>, CardFileError> {
    let mut all = Vec::new();
    for (file, src) in files {
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

/// `bytes` as UTF-8 text without a leading byte order mark (Windows editors write one;
/// it would be read as a stray atom before the first card), or `file:line: not UTF-8
/// text` naming the first bad line.
pub fn utf8_text(file: &str, bytes: Vec<u8>) -> Result<String, String> {
    let mut text = String::from_utf8(bytes).map_err(|e| {
        let good = &e.as_bytes()[..e.utf8_error().valid_up_to()];
        let line = 1 + good.iter().filter(|&&b| b == b'\n').count();
        format!(
            "{file}:{line}: this is not UTF-8 text (a byte at this line is not UTF-8); save it as UTF-8"
        )
    })?;
    if text.starts_with('\u{feff}') {
        text.drain(..'\u{feff}'.len_utf8());
    }
    Ok(text)
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
        let mut parsed = parse_file(&path.display().to_string(), &src)?;
        // A definition's place is its file's name, not where the directory is: the card
        // database's fingerprint (in replays) covers it, and the same files must give the
        // same fingerprint wherever they are (the embedded files are named the same way).
        let name = path.file_name().map(|n| n.to_string_lossy().into_owned());
        for p in &mut parsed {
            p.def.source = format!("{}:{}", name.as_deref().unwrap_or(&p.file), p.pos.line);
        }
        all.extend(parsed);
        // Past the most a database holds, stop: reading more files would only fill the
        // memory (a 16 MB file parses to about 450 MB of definitions).
        check_size(dir, all.len())?;
    }
    Ok(all)
}

/// The database's size limit, as an error about the directory.
fn check_size(dir: &Path, cards: usize) -> Result<(), CardFileError> {
    crate::db::check_size(cards).map_err(|message| CardFileError {
        file: dir.display().to_string(),
        line: 0,
        col: 0,
        message,
    })
}

/// Every `*.cards` file of a directory, in name order, checked as one set.
pub fn load_dir(dir: &Path) -> Result<Vec<CardDef>, CardFileError> {
    let all = parse_dir(dir)?;
    check_set(&all)?;
    Ok(all.into_iter().map(|p| p.def).collect())
}

/// The cards of `base` (name, text) with the cards of a directory's `*.cards` files
/// replacing same-numbered ones and adding the rest (`--cards DIR` over the embedded
/// cards). The merged set is what is checked: an override may name levels defined only
/// in the base cards (one level of a main character), and may not make the base cards
/// inconsistent (a card listed as a main character's level redefined as a supporting
/// character). Linear in the number of cards.
pub fn load_dir_over(dir: &Path, base: &[(&str, &str)]) -> Result<Vec<CardDef>, CardFileError> {
    let extra = parse_dir(dir)?;
    check_unique_numbers(&extra)?;
    let mut all = Vec::new();
    for (file, src) in base {
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
    check_size(dir, all.len())?;
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
