//! Checks across the cards of a set: unique numbers, main character levels.

use super::*;

/// Each card number is defined once.
pub(super) fn check_unique_numbers(cards: &[Parsed]) -> Result<(), CardFileError> {
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
pub(super) fn check_set(cards: &[Parsed]) -> Result<(), CardFileError> {
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
