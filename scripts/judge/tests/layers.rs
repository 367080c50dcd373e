//! The runner's folders are its layers, lowest first: base, process,
//! problem, judging, commands. A module may use the layers below its own and
//! the modules of its own layer, but never a layer above, and the modules of
//! one layer never use each other in a circle. Read from the `crate::` and
//! `super::` paths of every file under `src/`: checked layering is a
//! convention, unchecked layering is a wish.

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
    vec![ident]
}

/// The modules `text` (the file of module `from`, `depth` folders below
/// `src/`) names, each with the line it does so on.
fn uses(text: &str, from: &str, depth: usize) -> Vec<(String, usize)> {
    let layer = from.split("::").next().unwrap_or("");
    let mut found = Vec::new();
    for (index, line) in text.lines().enumerate() {
        let code = line.split("//").next().unwrap_or("");
        for (at, _) in code.match_indices("crate::") {
            if code[..at].ends_with('$') || code[..at].ends_with(|c: char| is_ident(c)) {
                continue;
            }
            let rest = &code[at + "crate::".len()..];
            let target_layer: String = rest.chars().take_while(|&c| is_ident(c)).collect();
            if !LAYERS.contains(&target_layer.as_str()) {
                continue;
            }
            let after = &rest[target_layer.len()..];
            match after.strip_prefix("::") {
                Some(path) => {
                    for module in first_segments(path) {
                        found.push((format!("{target_layer}::{module}"), index + 1));
                    }
                }
                None => found.push((target_layer, index + 1)),
            }
        }
        // `super::x` from a layer's own module names a sibling there.
        if depth == 1 {
            for (at, _) in code.match_indices("super::") {
                if code[..at].ends_with(|c: char| is_ident(c)) {
                    continue;
                }
                for module in first_segments(&code[at + "super::".len()..]) {
                    found.push((format!("{layer}::{module}"), index + 1));
                }
            }
        }
    }
    found
}

/// Every edge that goes up a layer, and every circle of modules within one,
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
            if rank(&to) > rank(&from) {
                found.push(format!("{path}:{line}: {from} uses {to}, a layer above it"));
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
    ];
    assert_eq!(
        problems(&files),
        [
            "base/files.rs:1: base::files uses judging::verdict, a layer above it",
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
