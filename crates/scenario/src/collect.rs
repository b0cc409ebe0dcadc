//! Finding scenario files and reading one.

use crate::ScenarioError;
use std::collections::HashSet;
use std::path::{Path, PathBuf};

/// Every `*.toml` scenario under `path` (a file or a directory, searched recursively),
/// sorted by path so that runs are in a stable order.
/// A directory reached again (through a symbolic link) is not searched again: links to
/// `.` in a directory made the search visit 2^40 paths.
pub fn collect(path: &Path) -> std::io::Result<Vec<PathBuf>> {
    if path.is_file() {
        return Ok(vec![path.to_path_buf()]);
    }
    let mut out = Vec::new();
    collect_dir(path, &mut HashSet::new(), &mut out)?;
    Ok(out)
}

fn collect_dir(
    dir: &Path,
    seen: &mut HashSet<PathBuf>,
    out: &mut Vec<PathBuf>,
) -> std::io::Result<()> {
    if !seen.insert(std::fs::canonicalize(dir)?) {
        return Ok(());
    }
    let mut entries: Vec<_> = std::fs::read_dir(dir)?.collect::<Result<_, _>>()?;
    entries.sort_by_key(|e| e.path());
    for e in entries {
        let p = e.path();
        if p.is_dir() {
            collect_dir(&p, seen, out)?;
        } else if p.extension().is_some_and(|x| x == "toml") {
            // Reading a named pipe waits for a writer that may never come.
            if !p.is_file() {
                return Err(std::io::Error::other(format!(
                    "{} is not a regular file (a named pipe, socket or device); a scenario must be a file",
                    p.display()
                )));
            }
            out.push(p);
        }
    }
    Ok(())
}

/// The largest scenario file read; a scenario is a few kilobytes.
pub const MAX_SCENARIO_BYTES: u64 = 4 << 20;

/// A scenario file's text, read through a size cap (a huge file or `/dev/zero` stops at
/// the cap instead of filling the memory); not UTF-8 is an error at its line.
pub fn read_capped(path: &Path) -> Result<String, ScenarioError> {
    use std::io::Read;
    let file = path.display().to_string();
    let cant = |e: std::io::Error| ScenarioError::at_line(&file, 0, format!("can't read it: {e}"));
    let mut bytes = Vec::new();
    std::fs::File::open(path)
        .map_err(cant)?
        .take(MAX_SCENARIO_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(cant)?;
    if bytes.len() as u64 > MAX_SCENARIO_BYTES {
        return Err(ScenarioError::at_line(
            &file,
            0,
            format!(
                "the file is larger than {MAX_SCENARIO_BYTES} bytes, the most read for a scenario"
            ),
        ));
    }
    String::from_utf8(bytes).map_err(|e| {
        let good = &e.as_bytes()[..e.utf8_error().valid_up_to()];
        let line = 1 + good.iter().filter(|&&b| b == b'\n').count();
        ScenarioError::at_line(
            &file,
            line,
            "this is not UTF-8 text (a byte at this line is not UTF-8)",
        )
    })
}
