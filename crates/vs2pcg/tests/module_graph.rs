//! The modules of `src/` form no cycle (issue 12: "the vs2pcg module graph has no
//! cycle"), and they follow the layer order written in docs/ARCHITECTURE.md: every
//! module names only modules of earlier layers. The same holds for the Vs. System core
//! (`crates/vs-core`) and the Vs. System TCG (`crates/vstcg`), each against its own
//! table (issue 34 §1: no module cycle inside the core, the 2PCG crate or the TCG crate).
//!
//! A module depends on another when its files name it by a `crate::` path (in `use`
//! lines or inline paths; comments don't count). That is the crate's convention: modules
//! name each other through `crate::`, never `super::`. The rules modules also add methods
//! to `GameState` from several files; a method call names no module, so those calls are
//! not edges (the layers order what is named, not which methods call which).

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

type Graph = BTreeMap<String, BTreeSet<String>>;

/// Edges kept only for old public paths while other branches of issue 12 still use them;
/// each is named with why it is here, and the test fails when one is no longer needed.
const OLD_PATHS: &[(&str, &str, &str)] = &[
    (
        "cardfile",
        "catalogue",
        "re-export of embedded(), embedded_cards() and load_dir_over_embedded() at their old cardfile:: paths",
    ),
    (
        "db",
        "catalogue",
        "re-export of with_overrides() at its old db:: path",
    ),
    (
        "db",
        "cardfile",
        "CardPool's default and by_fingerprint name the embedded cards; they leave db with the shared card registry",
    ),
];

/// `line` without its `//` comment (a `//` inside a string literal is kept).
fn strip_comment(line: &str) -> &str {
    let mut in_str = false;
    let mut escaped = false;
    let bytes = line.as_bytes();
    for i in 0..bytes.len() {
        let b = bytes[i];
        if in_str {
            match (escaped, b) {
                (true, _) => escaped = false,
                (false, b'\\') => escaped = true,
                (false, b'"') => in_str = false,
                _ => {}
            }
        } else if b == b'"' {
            in_str = true;
        } else if b == b'/' && bytes.get(i + 1) == Some(&b'/') {
            return &line[..i];
        }
    }
    line
}

fn ident_at(s: &str) -> &str {
    let end = s
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .unwrap_or(s.len());
    &s[..end]
}

/// The first path segment of each item of a `{...}` use group starting at `s` (just
/// after the `{`): `crate::{a::X, b::{Y, Z}}` names `a` and `b`.
fn group_heads(s: &str) -> Vec<String> {
    let mut heads = Vec::new();
    let mut depth = 0;
    let mut at_item = true;
    let mut i = 0;
    while i < s.len() {
        let c = s.as_bytes()[i];
        match c {
            b'{' => depth += 1,
            b'}' if depth == 0 => break,
            b'}' => depth -= 1,
            b',' if depth == 0 => at_item = true,
            _ if at_item && (c.is_ascii_alphabetic() || c == b'_') => {
                let id = ident_at(&s[i..]);
                heads.push(id.to_string());
                i += id.len();
                at_item = false;
                continue;
            }
            _ => {}
        }
        i += 1;
    }
    heads
}

/// The modules a source text names through `crate::` paths. A file's inline unit tests
/// (from its `#[cfg(test)]` or `#[cfg(all(test, ...))]` line before `mod tests {` on) are
/// not counted: a verb's own
/// test plays a whole game, and the layers order the library, not its tests.
fn referenced_modules(source: &str) -> BTreeSet<String> {
    let lines: Vec<&str> = source.lines().collect();
    let tests_start = (0..lines.len())
        .find(|&i| {
            (lines[i].starts_with("#[cfg(test)]") || lines[i].starts_with("#[cfg(all(test"))
                && lines
                    .get(i + 1)
                    .is_some_and(|l| l.starts_with("mod ") && l.trim_end().ends_with('{'))
        })
        .unwrap_or(lines.len());
    let text: String = lines[..tests_start]
        .iter()
        .map(|l| strip_comment(l))
        .collect::<Vec<_>>()
        .join("\n");
    let mut out = BTreeSet::new();
    let mut rest = text.as_str();
    while let Some(i) = rest.find("crate::") {
        // `crossover_crate::x` or `my_crate::x` are not this crate.
        let before = rest[..i].chars().next_back();
        rest = &rest[i + "crate::".len()..];
        if before.is_some_and(|c| c.is_ascii_alphanumeric() || c == '_') {
            continue;
        }
        if let Some(group) = rest.strip_prefix('{') {
            out.extend(group_heads(group));
        } else {
            let id = ident_at(rest);
            if !id.is_empty() {
                out.insert(id.to_string());
            }
        }
    }
    out
}

/// The module of each source file: `src/x.rs` and everything under `src/x/` are `x`;
/// `lib.rs` (the crate root, which declares every module) is none.
fn module_graph(src: &Path) -> Graph {
    let mut files: Vec<(String, String)> = Vec::new();
    for entry in std::fs::read_dir(src).expect("src/") {
        let path = entry.expect("entry").path();
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        if path.is_dir() {
            for sub in std::fs::read_dir(&path).expect("module directory") {
                let sub = sub.expect("entry").path();
                if sub.extension().is_some_and(|x| x == "rs") {
                    files.push((name.clone(), read(&sub)));
                }
            }
        } else if let Some(module) = name.strip_suffix(".rs") {
            if module != "lib" {
                files.push((module.to_string(), read(&path)));
            }
        }
    }
    let modules: BTreeSet<String> = files.iter().map(|(m, _)| m.clone()).collect();
    let mut graph: Graph = modules
        .iter()
        .map(|m| (m.clone(), BTreeSet::new()))
        .collect();
    for (module, text) in &files {
        for to in referenced_modules(text) {
            if modules.contains(&to) && &to != module {
                graph.get_mut(module).unwrap().insert(to);
            }
        }
    }
    graph
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// A cycle of `graph` as the modules along it (the first repeated at the end), if any.
fn find_cycle(graph: &Graph) -> Option<Vec<String>> {
    #[derive(Clone, Copy, PartialEq)]
    enum Mark {
        New,
        OnPath,
        Done,
    }
    fn visit(
        graph: &Graph,
        node: &str,
        marks: &mut BTreeMap<String, Mark>,
        path: &mut Vec<String>,
    ) -> Option<Vec<String>> {
        marks.insert(node.to_string(), Mark::OnPath);
        path.push(node.to_string());
        for next in graph.get(node).into_iter().flatten() {
            match marks.get(next).copied().unwrap_or(Mark::New) {
                Mark::OnPath => {
                    let start = path.iter().position(|m| m == next).unwrap();
                    let mut cycle = path[start..].to_vec();
                    cycle.push(next.clone());
                    return Some(cycle);
                }
                Mark::New => {
                    if let Some(c) = visit(graph, next, marks, path) {
                        return Some(c);
                    }
                }
                Mark::Done => {}
            }
        }
        path.pop();
        marks.insert(node.to_string(), Mark::Done);
        None
    }
    let mut marks = BTreeMap::new();
    for node in graph.keys() {
        if marks.get(node).copied().unwrap_or(Mark::New) == Mark::New {
            if let Some(c) = visit(graph, node, &mut marks, &mut Vec::new()) {
                return Some(c);
            }
        }
    }
    None
}

/// The `src/` of a crate of the workspace, by its directory under `crates/`.
fn src_of(crate_dir: &str) -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("..")
        .join(crate_dir)
        .join("src")
}

/// The 2PCG crate's graph without the old-path edges.
fn crate_graph() -> Graph {
    let mut graph = module_graph(&src_of("vs2pcg"));
    for (from, to, why) in OLD_PATHS {
        let removed = graph.get_mut(*from).is_some_and(|e| e.remove(*to));
        assert!(
            removed,
            "{from} no longer names {to}: take ({from}, {to}) out of OLD_PATHS ({why})"
        );
    }
    graph
}

#[test]
fn the_module_graph_has_no_cycle() {
    let graph = crate_graph();
    assert!(graph.contains_key("state") && graph.contains_key("cardfile"));
    assert!(
        graph["effects"].contains("triggers"),
        "the graph should see `use crate::triggers::Event` in effects.rs"
    );
    assert_no_cycle("vs2pcg", &graph);
}

fn assert_no_cycle(crate_dir: &str, graph: &Graph) {
    if let Some(cycle) = find_cycle(graph) {
        panic!(
            "the modules of crates/{crate_dir}/src depend on each other in a cycle: {}",
            cycle.join(" → ")
        );
    }
}

#[test]
fn the_vs_core_module_graph_has_no_cycle() {
    let graph = module_graph(&src_of("vs-core"));
    assert!(graph.contains_key("verb"), "{graph:?}");
    assert_no_cycle("vs-core", &graph);
}

#[test]
fn the_vstcg_module_graph_has_no_cycle() {
    let graph = module_graph(&src_of("vstcg"));
    assert!(graph.contains_key("state") && graph.contains_key("verbs"));
    assert!(
        graph["verbs"].contains("words"),
        "the graph should see `use crate::words::...` in vstcg's verbs/"
    );
    assert_no_cycle("vstcg", &graph);
}

/// The table under "Modules of `crates/<crate_dir>/src`" in docs/ARCHITECTURE.md: one row
/// per layer, lowest first, naming its modules in backquotes (`x.rs` or `x/`).
fn documented_layers(crate_dir: &str) -> Vec<Vec<String>> {
    let doc = read(&Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/ARCHITECTURE.md"));
    let heading = format!("### Modules of `crates/{crate_dir}/src`");
    let start = doc
        .find(&heading)
        .unwrap_or_else(|| panic!("docs/ARCHITECTURE.md has the heading {heading}"));
    doc[start..]
        .lines()
        .skip_while(|l| !l.starts_with('|'))
        .take_while(|l| l.starts_with('|'))
        .skip(2) // the header and the |---| line
        .map(|row| {
            let cell = row.split('|').nth(2).unwrap_or("");
            cell.split('`')
                .skip(1)
                .step_by(2)
                .map(|m| m.trim_end_matches(".rs").trim_end_matches('/').to_string())
                .collect()
        })
        .collect()
}

#[test]
fn every_module_names_only_modules_of_earlier_layers_in_architecture_md() {
    assert_layers("vs2pcg", &crate_graph());
}

#[test]
fn every_vs_core_module_names_only_modules_of_earlier_layers_in_architecture_md() {
    assert_layers("vs-core", &module_graph(&src_of("vs-core")));
}

#[test]
fn every_vstcg_module_names_only_modules_of_earlier_layers_in_architecture_md() {
    assert_layers("vstcg", &module_graph(&src_of("vstcg")));
}

/// `graph` follows the layer table of `crates/<crate_dir>/src` in docs/ARCHITECTURE.md,
/// which names every module of the crate and nothing else.
fn assert_layers(crate_dir: &str, graph: &Graph) {
    let layers = documented_layers(crate_dir);
    let mut layer_of = BTreeMap::new();
    for (i, row) in layers.iter().enumerate() {
        for m in row {
            assert!(
                layer_of.insert(m.clone(), i).is_none(),
                "{crate_dir}: {m} is in two layers of docs/ARCHITECTURE.md"
            );
        }
    }
    for m in graph.keys() {
        assert!(
            layer_of.contains_key(m),
            "module {m} of crates/{crate_dir}/src is missing from its layer table in docs/ARCHITECTURE.md"
        );
    }
    for m in layer_of.keys() {
        assert!(
            graph.contains_key(m),
            "docs/ARCHITECTURE.md lists {m}, which is not a module of crates/{crate_dir}/src"
        );
    }
    for (from, tos) in graph {
        for to in tos {
            assert!(
                layer_of[to] < layer_of[from],
                "{crate_dir}: {from} (layer {}) names {to} (layer {}): a module may name only modules of earlier layers",
                layer_of[from] + 1,
                layer_of[to] + 1
            );
        }
    }
}

// The checker itself, on fixtures: it must see every way a path names a module, and
// catch a cycle.

#[test]
fn references_are_read_from_use_lines_groups_and_inline_paths_but_not_comments() {
    let src = r#"
use crate::model::*;
use crate::{action::Action, db::{CardDb, CardPool}};
pub use crate::ids::Row;
fn f() -> u8 { crate::query::x(); 0 }
// use crate::commented::Out;
/// see [`crate::documented`]
let s = "http://x"; let t = crate::after_string::y;
use crossover_kernel::Seat; let u = other_crate::no;
"#;
    let found = referenced_modules(src);
    let want: BTreeSet<String> = ["model", "action", "db", "ids", "query", "after_string"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    assert_eq!(found, want);
}

fn graph_of(edges: &[(&str, &str)]) -> Graph {
    let mut g = Graph::new();
    for (a, b) in edges {
        g.entry(a.to_string()).or_default().insert(b.to_string());
        g.entry(b.to_string()).or_default();
    }
    g
}

#[test]
fn a_cycle_is_found_and_named() {
    let g = graph_of(&[
        ("ids", "x"),
        ("model", "ids"),
        ("state", "model"),
        ("db", "state"),
        ("model", "db"),
    ]);
    let cycle = find_cycle(&g).expect("model → db → state → model is a cycle");
    assert_eq!(cycle.first(), cycle.last());
    let members: BTreeSet<&str> = cycle.iter().map(String::as_str).collect();
    assert_eq!(members, BTreeSet::from(["model", "db", "state"]));
    // Two modules naming each other, and a module naming itself through a longer loop.
    assert!(find_cycle(&graph_of(&[
        ("effects", "triggers"),
        ("triggers", "effects")
    ]))
    .is_some());
    assert!(find_cycle(&graph_of(&[("a", "b"), ("b", "c"), ("c", "d"), ("d", "b")])).is_some());
}

#[test]
fn an_acyclic_graph_passes() {
    let g = graph_of(&[
        ("model", "ids"),
        ("state", "model"),
        ("state", "ids"),
        ("db", "model"),
        ("state", "db"),
    ]);
    assert_eq!(find_cycle(&g), None);
}

#[test]
fn a_fixture_source_tree_with_a_cycle_is_caught() {
    let dir = std::env::temp_dir().join(format!("module-graph-fixture-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("cardfile")).unwrap();
    std::fs::write(dir.join("lib.rs"), "pub mod a; pub mod cardfile;").unwrap();
    std::fs::write(dir.join("a.rs"), "use crate::{ids::X};").unwrap();
    std::fs::write(dir.join("ids.rs"), "").unwrap();
    std::fs::write(dir.join("cardfile/mod.rs"), "mod words;").unwrap();
    // The cycle goes through a file of a directory module.
    std::fs::write(dir.join("cardfile/words.rs"), "fn f() { crate::a::g() }").unwrap();
    std::fs::write(dir.join("ids.rs"), "pub use crate::cardfile::W;").unwrap();
    let graph = module_graph(&dir);
    let _ = std::fs::remove_dir_all(&dir);
    assert!(!graph.contains_key("lib"), "the crate root is not a module");
    let cycle = find_cycle(&graph).expect("a → ids → cardfile → a");
    assert_eq!(cycle.len(), 4, "{cycle:?}");
}
