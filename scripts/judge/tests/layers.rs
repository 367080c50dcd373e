//! The runner's folders are its layers, lowest first: base, process,
//! problem, judging, commands. A module may use the layers below its own and
//! the modules of its own layer, but never a layer above; the modules of one
//! layer never use each other in a circle; and a command never uses another
//! (what two commands need belongs a layer down). Read from the `crate::`,
//! `super::` and `super::super::` paths of every file under `src/`, `use`
//! groups over many lines included: checked layering is a convention,
//! unchecked layering is a wish.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::Path;

const LAYERS: [&str; 5] = ["base", "process", "problem", "judging", "commands"];

/// The module a source file belongs to, as `layer::module` (`base` for the
/// layer's own file), from its path under `src/`; `None` for the roots.
fn module_of(path: &str) -> Option<String> {
    let path = path.strip_suffix(".rs")?;
    let parts: Vec<&str> = path.split('/').collect();
    match parts.as_slice() {
        [layer] if LAYERS.contains(layer) => Some(layer.to_string()),
        [layer, module, ..] if LAYERS.contains(layer) => Some(format!("{layer}::{module}")),
        _ => None,
    }
}

fn is_ident(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_'
}

/// The first path segment after `at` in `code`, or every first segment of
/// a `{a, b::c}` group there.
fn first_segments(code: &str) -> Vec<String> {
    if let Some(group) = code.strip_prefix('{') {
        let inside = &group[..group.find('}').unwrap_or(group.len())];
        return inside
            .split(',')
            .map(|item| item.trim().split("::").next().unwrap_or("").to_string())
            .filter(|item| !item.is_empty() && item != "self")
            .collect();
    }
    let ident: String = code.chars().take_while(|&c| is_ident(c)).collect();
    // `super::*` names no module of its own.
    [ident]
        .into_iter()
        .filter(|ident| !ident.is_empty())
        .collect()
}

/// The modules `text` (the file of module `from`, `depth` folders below
/// `src/`) names, each with the line it does so on.
fn uses(text: &str, from: &str, depth: usize) -> Vec<(String, usize)> {
    let layer = from.split("::").next().unwrap_or("");
    let mut found = Vec::new();
    for (index, code) in statements(text) {
        let code = code.as_str();
        for (at, _) in code.match_indices("crate::") {
            if code[..at].ends_with('$') || code[..at].ends_with(|c: char| is_ident(c)) {
                continue;
            }
            let rest = &code[at + "crate::".len()..];
            // `crate::{base::files, problem::kind}` names each of its items.
            let items = match rest.strip_prefix('{') {
                Some(group) => top_level_items(group),
                None => vec![rest],
            };
            for item in items {
                let target_layer: String = item.chars().take_while(|&c| is_ident(c)).collect();
                if !LAYERS.contains(&target_layer.as_str()) {
                    continue;
                }
                match item[target_layer.len()..].strip_prefix("::") {
                    Some(path) => {
                        for module in first_segments(path) {
                            found.push((format!("{target_layer}::{module}"), index));
                        }
                    }
                    None => found.push((target_layer, index)),
                }
            }
        }
        // `super::x` from a layer's own module, or `super::super::x` from a
        // module's own, names a sibling there.
        let sibling = match depth {
            1 => "super::",
            2 => "super::super::",
            _ => continue,
        };
        for (at, _) in code.match_indices(sibling) {
            let before = &code[..at];
            if before.ends_with(|c: char| is_ident(c)) || before.ends_with("super::") {
                continue;
            }
            for module in first_segments(&code[at + sibling.len()..]) {
                if module != "super" {
                    found.push((format!("{layer}::{module}"), index));
                }
            }
        }
    }
    found
}

/// The items of a `{...}` group whose `{` is just before `group`, each
/// trimmed, up to its `}`: commas inside nested groups do not split.
fn top_level_items(group: &str) -> Vec<&str> {
    let (mut items, mut depth, mut start) = (Vec::new(), 0, 0);
    for (at, c) in group.char_indices() {
        match c {
            '{' => depth += 1,
            '}' if depth == 0 => {
                items.push(group[start..at].trim());
                break;
            }
            '}' => depth -= 1,
            ',' if depth == 0 => {
                items.push(group[start..at].trim());
                start = at + 1;
            }
            _ => {}
        }
    }
    items.retain(|item| !item.is_empty());
    items
}

/// The lines of `text` without their comments, each `use` whose braces
/// span lines joined into one, with the number of the line it starts on.
fn statements(text: &str) -> Vec<(usize, String)> {
    let mut found: Vec<(usize, String)> = Vec::new();
    let mut open = false;
    for (index, line) in text.lines().enumerate() {
        let code = line.split("//").next().unwrap_or("");
        match found.last_mut() {
            Some((_, joined)) if open => joined.push_str(code.trim()),
            _ => found.push((index + 1, code.to_string())),
        }
        let joined = &found.last().unwrap().1;
        open = joined.trim_start().starts_with("use ")
            && joined.matches('{').count() > joined.matches('}').count();
    }
    found
}

/// Every edge that goes up a layer, every circle of modules within one,
/// and every command that uses another,
/// each named; `files` are (path under `src/`, text).
fn problems(files: &[(String, String)]) -> Vec<String> {
    let rank = |module: &str| {
        let layer = module.split("::").next().unwrap_or("");
        LAYERS.iter().position(|l| *l == layer).unwrap_or(0)
    };
    let mut found = Vec::new();
    let mut sideways: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for (path, text) in files {
        let from = match module_of(path) {
            Some(from) => from,
            None => continue,
        };
        let depth = path.matches('/').count();
        for (to, line) in uses(text, &from, depth) {
            let command = |module: &str| module.starts_with("commands::");
            if rank(&to) > rank(&from) {
                found.push(format!("{path}:{line}: {from} uses {to}, a layer above it"));
            } else if command(&from) && command(&to) && to != from {
                found.push(format!("{path}:{line}: {from} uses {to}, another command"));
            } else if rank(&to) == rank(&from) && to != from && to.contains("::") {
                sideways.entry(from.clone()).or_default().insert(to);
            }
        }
    }
    for cycle in cycles(&sideways) {
        found.push(format!("a circle within a layer: {}", cycle.join(" -> ")));
    }
    found
}

/// The circles of `graph`, each once, from its smallest module.
fn cycles(graph: &BTreeMap<String, BTreeSet<String>>) -> Vec<Vec<String>> {
    let mut found = BTreeSet::new();
    for start in graph.keys() {
        // Depth-first over paths from `start`; graphs here are small.
        let mut stack = vec![vec![start.clone()]];
        while let Some(path) = stack.pop() {
            let last = path.last().unwrap();
            for next in graph.get(last).into_iter().flatten() {
                if next == start {
                    let mut cycle = path.clone();
                    cycle.push(start.clone());
                    if path.iter().min() == Some(start) {
                        found.insert(cycle);
                    }
                } else if !path.contains(next) {
                    let mut longer = path.clone();
                    longer.push(next.clone());
                    stack.push(longer);
                }
            }
        }
    }
    found.into_iter().collect()
}

fn sources(dir: &Path, prefix: &str, files: &mut Vec<(String, String)>) {
    for entry in fs::read_dir(dir).unwrap().flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        let relative = format!("{prefix}{name}");
        if entry.path().is_dir() {
            sources(&entry.path(), &format!("{relative}/"), files);
        } else if name.ends_with(".rs") {
            files.push((relative, fs::read_to_string(entry.path()).unwrap()));
        }
    }
}

#[test]
fn every_module_uses_only_lower_layers_and_no_layer_holds_a_circle() {
    let mut files = Vec::new();
    sources(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("src"),
        "",
        &mut files,
    );
    assert!(files.len() > 30, "{} files", files.len());
    let problems = problems(&files);
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn a_back_edge_or_a_circle_is_named() {
    let file = |path: &str, text: &str| (path.to_string(), text.to_string());
    let files = [
        file("base/files.rs", "use crate::judging::verdict::Verdict;\n"),
        file(
            "judging/compare.rs",
            "use super::checker::Checker;\nuse crate::base::{diff, files};\n",
        ),
        file(
            "judging/checker.rs",
            "use crate::judging::{compare::Text, verdict};\n",
        ),
        file(
            "commands/stress/trial.rs",
            "use super::Found;\nuse crate::judging::judge::Judge;\n",
        ),
        file("lib.rs", "pub mod base;\n"),
        file(
            "base/terminal.rs",
            "use std::io;\nuse crate::{\n    base::files,\n    problem::kind,\n};\n",
        ),
        file("commands/import.rs", "use super::new::{self, Spec};\n"),
        file(
            "commands/import/package.rs",
            "use super::payload::X;\nuse super::super::verify::rule;\n",
        ),
    ];
    assert_eq!(
        problems(&files),
        [
            "base/files.rs:1: base::files uses judging::verdict, a layer above it",
            "base/terminal.rs:2: base::terminal uses problem::kind, a layer above it",
            "commands/import.rs:1: commands::import uses commands::new, another command",
            "commands/import/package.rs:2: commands::import uses commands::verify, another command",
            "a circle within a layer: judging::checker -> judging::compare -> judging::checker",
        ]
    );
    let fine = [
        file(
            "judging/judge.rs",
            "use super::compare::Text; // crate::commands::x\n",
        ),
        file(
            "commands/test.rs",
            "use crate::judging::judge::Judge;\n$crate::base::terminal::x\n",
        ),
    ];
    assert!(problems(&fine).is_empty(), "{:?}", problems(&fine));
}
