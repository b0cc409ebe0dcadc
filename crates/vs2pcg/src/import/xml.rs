//! OCTGN set files of the later 2PCG sets: a `<set name="..">` of `<card name="..">`
//! elements, each a bag of `<property name=".." value=".."/>`. Read with quick-xml; what
//! a card's properties say is read in `facts.rs` and `powers.rs`.
//!
//! A file that isn't well-formed XML stops the import with the line of the fault. A
//! `<property>` whose attributes can't be read (a value without quotes, a tag left open
//! so that the next one runs into it) spoils only its card: the card is kept with the
//! fault, and refused with it.

use quick_xml::events::{BytesStart, Event};
use quick_xml::Reader;
use std::collections::BTreeMap;

/// The most cards one set file may hold (the largest set has 70).
pub const MAX_CARDS: usize = 2_000;
/// The most properties one card may have (a card has twelve).
pub const MAX_PROPERTIES: usize = 64;

/// A fault that stops the import: the line it was found on and what it is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct XmlError {
    pub line: usize,
    pub message: String,
}

/// One `<card>` of a set file, as written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct XmlCard {
    /// The name attribute.
    pub name: String,
    /// The line the `<card>` starts on.
    pub line: usize,
    /// The properties by name, as written.
    pub properties: BTreeMap<String, String>,
    /// The first property that could not be read, with its line: the card is refused.
    pub fault: Option<String>,
}

impl XmlCard {
    /// A property's value, trimmed ("" when the card has none).
    pub fn get(&self, key: &str) -> &str {
        self.properties.get(key).map_or("", |s| s.trim())
    }
}

/// A set file's name and cards, in file order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct XmlSet {
    pub name: String,
    pub cards: Vec<XmlCard>,
}

/// Line numbers for byte positions met in increasing order (one pass through the text).
struct Lines<'t> {
    text: &'t str,
    pos: usize,
    line: usize,
}

impl Lines<'_> {
    fn at(&mut self, pos: usize) -> usize {
        let pos = pos.min(self.text.len());
        if pos < self.pos {
            self.pos = 0;
            self.line = 1;
        }
        self.line += self.text.as_bytes()[self.pos..pos]
            .iter()
            .filter(|&&b| b == b'\n')
            .count();
        self.pos = pos;
        self.line
    }
}

/// The attributes of a start tag, or what is wrong with them.
fn attributes(e: &BytesStart<'_>) -> Result<BTreeMap<String, String>, String> {
    let mut out = BTreeMap::new();
    for a in e.attributes() {
        let a = a.map_err(|err| format!("an attribute can't be read ({err})"))?;
        let key = String::from_utf8_lossy(a.key.as_ref()).into_owned();
        let value = a
            .unescape_value()
            .map_err(|err| format!("the value of `{key}` can't be read ({err})"))?
            .into_owned();
        out.insert(key, value);
    }
    Ok(out)
}

/// Reads a set file.
pub fn read_set(text: &str) -> Result<XmlSet, XmlError> {
    let text = text.trim_start_matches('\u{feff}');
    let mut reader = Reader::from_str(text);
    let mut lines = Lines {
        text,
        pos: 0,
        line: 1,
    };
    let mut set = XmlSet {
        name: String::new(),
        cards: Vec::new(),
    };
    let mut current: Option<XmlCard> = None;
    loop {
        let pos = reader.buffer_position() as usize;
        let event = match reader.read_event() {
            Ok(e) => e,
            Err(err) => {
                return Err(XmlError {
                    line: lines.at(reader.error_position() as usize),
                    message: format!("not well-formed XML: {err}"),
                })
            }
        };
        // The event starts after any white space before it.
        let skipped = text
            .get(pos..)
            .map_or(0, |t| t.len() - t.trim_start().len());
        let line = lines.at(pos + skipped);
        match event {
            Event::Start(e) | Event::Empty(e) => match e.name().as_ref() {
                b"set" => {
                    let attrs = attributes(&e).map_err(|m| XmlError { line, message: m })?;
                    set.name = attrs.get("name").cloned().unwrap_or_default();
                }
                b"card" => {
                    if let Some(card) = current.take() {
                        set.cards.push(card);
                    }
                    if set.cards.len() >= MAX_CARDS {
                        return Err(XmlError {
                            line,
                            message: format!("more than {MAX_CARDS} cards in one file"),
                        });
                    }
                    let (name, fault) = match attributes(&e) {
                        Ok(a) => match a.get("name") {
                            Some(n) => (n.clone(), None),
                            None => (String::new(), None),
                        },
                        Err(m) => (String::new(), Some(format!("line {line}: <card>: {m}"))),
                    };
                    current = Some(XmlCard {
                        name,
                        line,
                        properties: BTreeMap::new(),
                        fault,
                    });
                }
                b"property" => {
                    let Some(card) = current.as_mut() else {
                        continue;
                    };
                    match attributes(&e) {
                        Ok(a) => {
                            let Some(k) = a.get("name") else {
                                card.fault.get_or_insert_with(|| {
                                    format!("line {line}: a <property> without a name")
                                });
                                continue;
                            };
                            if card.properties.len() >= MAX_PROPERTIES {
                                card.fault.get_or_insert_with(|| {
                                    format!("line {line}: more than {MAX_PROPERTIES} properties")
                                });
                                continue;
                            }
                            let v = a.get("value").cloned().unwrap_or_default();
                            if card.properties.insert(k.clone(), v).is_some() {
                                card.fault.get_or_insert_with(|| {
                                    format!("line {line}: the property \"{k}\" is given twice")
                                });
                            }
                        }
                        Err(m) => {
                            card.fault.get_or_insert_with(|| {
                                format!(
                                    "line {line}: a <property> whose attributes can't be read: {m}"
                                )
                            });
                        }
                    }
                }
                _ => {}
            },
            Event::End(e) if e.name().as_ref() == b"card" => {
                if let Some(card) = current.take() {
                    set.cards.push(card);
                }
            }
            Event::Eof => break,
            _ => {}
        }
    }
    if let Some(card) = current.take() {
        set.cards.push(card);
    }
    if set.cards.is_empty() {
        return Err(XmlError {
            line: 1,
            message: "no <card> in this file: an OCTGN set file is a <set> of <card name=\"..\"> elements, each with <property name=\"..\" value=\"..\"/>s".into(),
        });
    }
    Ok(set)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cards_and_their_properties_are_read_with_their_lines() {
        let set = read_set(
            "<?xml version=\"1.0\"?>\n<set name=\"Demo\">\n<cards>\n  <card id=\"\" name=\"Test Hero\">\n    <property name=\"Type\" value=\"Supporting Character\" />\n    <property name=\"Rules\" value=\"Zap &amp; Run.\"/>\n  </card>\n  <card id=\"\" name=\"Second\">\n  </card>\n</cards>\n</set>\n",
        )
        .unwrap();
        assert_eq!(set.name, "Demo");
        assert_eq!(set.cards.len(), 2);
        assert_eq!(set.cards[0].line, 4);
        assert_eq!(set.cards[0].get("Type"), "Supporting Character");
        assert_eq!(set.cards[0].get("Rules"), "Zap & Run.");
        assert_eq!(set.cards[1].line, 8);
        assert!(set.cards[1].properties.is_empty());
    }

    #[test]
    fn a_property_that_cant_be_read_spoils_only_its_card() {
        let set = read_set(
            "<set name=\"S\">\n<card name=\"A\">\n<property name=\"ATK\" value=2\"\" />\n</card>\n<card name=\"B\">\n<property name=\"ATK\" value=\"2\" />\n</card>\n</set>",
        )
        .unwrap();
        let fault = set.cards[0].fault.as_deref().unwrap();
        assert!(fault.starts_with("line 3: a <property>"), "{fault}");
        assert_eq!(set.cards[1].fault, None);
        assert_eq!(set.cards[1].get("ATK"), "2");
        // A tag left open runs into the next one: that card is refused.
        let set = read_set(
            "<set>\n<card name=\"A\">\n<property name=\"Rules\" value=\"x\"\n<property name=\"Health\" value=\"\" />\n</card>\n</set>",
        )
        .unwrap();
        assert!(set.cards[0].fault.is_some());
    }

    #[test]
    fn malformed_xml_stops_with_its_line() {
        let e = read_set("<set>\n<card name=\"A\">\n</set>\n").unwrap_err();
        assert_eq!(e.line, 3, "{e:?}");
        assert!(e.message.starts_with("not well-formed XML"), "{e:?}");
        let e = read_set("<set></set>").unwrap_err();
        assert!(e.message.contains("no <card>"));
        let e = read_set("").unwrap_err();
        assert_eq!(e.line, 1);
    }
}
