//! Reading files that come from anyone (setups, replays, deck lists) through a cap.

use crate::Error;
use std::io::Read;
use std::path::Path;

/// The text of `path`, reading at most `cap` bytes, so that a huge file (or
/// `/dev/zero`) stops at the cap with an error instead of filling the memory. Errors
/// name the path and the OS error, the cap, or the first line that is not UTF-8.
pub fn read_text(path: &Path, cap: u64) -> Result<String, Error> {
    let name = path.display();
    let failed = |e: std::io::Error| Error::Failed(format!("cannot read {name}: {e}"));
    let file = std::fs::File::open(path).map_err(failed)?;
    let mut bytes = Vec::new();
    file.take(cap.saturating_add(1))
        .read_to_end(&mut bytes)
        .map_err(failed)?;
    if bytes.len() as u64 > cap {
        return Err(Error::Failed(format!(
            "cannot read {name}: the file is larger than {cap} bytes, the most read for it"
        )));
    }
    let mut text = String::from_utf8(bytes).map_err(|e| {
        let good = &e.as_bytes()[..e.utf8_error().valid_up_to()];
        let line = 1 + good.iter().filter(|&&b| b == b'\n').count();
        Error::Failed(format!(
            "{name}:{line}: this is not UTF-8 text (a byte at this line is not UTF-8); save it as UTF-8"
        ))
    })?;
    // A byte order mark (Windows editors write one) is no part of the text: JSON and
    // deck parsers would read it as a stray character before the first line.
    if text.starts_with('\u{feff}') {
        text.drain(..'\u{feff}'.len_utf8());
    }
    Ok(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_over_the_cap_is_refused_bad_utf8_names_its_line_and_a_bom_is_dropped() {
        let dir = std::env::temp_dir().join(format!("crossover-platform-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let big = dir.join("big");
        std::fs::write(&big, "x".repeat(11)).unwrap();
        let e = read_text(&big, 10).unwrap_err().to_string();
        assert!(e.contains("larger than 10 bytes"), "{e}");
        assert_eq!(read_text(&big, 11).unwrap().len(), 11);
        let latin1 = dir.join("latin1");
        std::fs::write(&latin1, b"ok\nCaf\xe9\n").unwrap();
        let e = read_text(&latin1, 100).unwrap_err().to_string();
        assert!(e.contains("latin1:2: this is not UTF-8 text"), "{e}");
        let bom = dir.join("bom");
        std::fs::write(&bom, b"\xef\xbb\xbf{\"a\": 1}\n").unwrap();
        assert_eq!(read_text(&bom, 100).unwrap(), "{\"a\": 1}\n");
        let e = read_text(&dir.join("missing"), 100)
            .unwrap_err()
            .to_string();
        assert!(e.contains("cannot read") && e.contains("missing"), "{e}");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
