//! Every crate of the tools (each member of the workspace under `scripts/`)
//! keeps its modules in order: modules that share a parent never use each
//! other in a circle (`a` uses `b` and `b` uses `a`, or a longer one); a
//! module and its parent use each other freely. The runner's folders are
//! also its layers, lowest first: base, process, problem, judging,
//! commands. A module may use the layers below its own, never one above;
//! and a command never uses another (what two commands need belongs a
//! layer down). Read from the `crate::`, `self::` and `super::` paths
//! (`super::super::` and deeper too) of every file under `src/`, each
//! binary of `src/bin/` a crate of its own, groups nested and over many
//! lines included: checked layering is a convention, unchecked layering is
//! a wish.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// The workspace's root, two folders above this crate.
fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

const LAYERS: [&str; 5] = ["base", "process", "problem", "judging", "commands"];

/// A module's path from its crate's root, from its file's path under the
/// root's folder: `base/judges/urls.rs` is `base::judges::urls`, and
/// `lib.rs` or `main.rs` the root itself.
fn module_of(path: &str) -> Vec<String> {
    match path.trim_end_matches(".rs").trim_end_matches("/mod") {
        "lib" | "main" => Vec::new(),
        path => path.split('/').map(String::from).collect(),
    }
}

fn is_ident(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_'
}

/// Every path in `code` that starts at `crate`, `self` or `super`, as its
/// segments (see [`expand`]).
fn paths(code: &str) -> Vec<Vec<String>> {
    let mut found = Vec::new();
    for start in ["crate::", "self::", "super::"] {
        for (at, _) in code.match_indices(start) {
            // `$crate::` is a macro's; after `::` the path was read from its start.
            if !code[..at].ends_with(|c: char| is_ident(c) || c == '$' || c == ':') {
                found.extend(expand(&code[at..]));
            }
        }
    }
    found
}

/// The paths `code` starts with, each group read as each of its items:
/// `crate::{a, b::{c, d}}` is `crate::a`, `crate::b::c` and `crate::b::d`.
fn expand(code: &str) -> Vec<Vec<String>> {
    let ident: String = code.chars().take_while(|&c| is_ident(c)).collect();
    if ident.is_empty() {
        return match code.strip_prefix('{') {
            Some(group) => top_level_items(group)
                .into_iter()
                .flat_map(expand)
                .collect(),
            None => vec![Vec::new()],
        };
    }
    let tails = match code[ident.len()..].strip_prefix("::") {
        Some(rest) => expand(rest),
        None => vec![Vec::new()],
    };
    let whole = |tail: Vec<String>| [vec![ident.clone()], tail].concat();
    tails.into_iter().map(whole).collect()
}

/// The module that `path`, read in module `from`, names: the longest start
/// of it that is one of `modules`.
fn resolve(from: &[String], path: &[String], modules: &BTreeSet<Vec<String>>) -> Vec<String> {
    // Each binary of `src/bin/` is a crate root of its own.
    let in_binary = from.first().is_some_and(|first| first == "bin");
    let mut module = from.to_vec();
    for segment in path {
        match segment.as_str() {
            "crate" => module.truncate(if in_binary { 2 } else { 0 }),
            "self" => {}
            "super" => drop(module.pop()),
            _ => {
                module.push(segment.clone());
                if !modules.contains(&module) {
                    module.pop();
                    break;
                }
            }
        }
    }
    module
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

/// Every circle of modules that share a parent, every edge that goes up one
/// of `layers` (lowest first) and every use of one module of the top layer
/// by another, each named; `files` are (path under `root`, text) of one
/// crate's `src/`.
fn problems(root: &str, files: &[(String, String)], layers: &[&str]) -> Vec<String> {
    // A file's module is inside its folders' modules, files or not.
    let modules: BTreeSet<Vec<String>> = files
        .iter()
        .flat_map(|(path, _)| {
            let module = module_of(path);
            (1..=module.len()).map(move |length| module[..length].to_vec())
        })
        .collect();
    let rank = |module: &[String]| layers.iter().position(|layer| module[0] == *layer);
    let (mut found, mut sideways) = (Vec::new(), BTreeMap::<_, BTreeSet<_>>::new());
    for (path, text) in files {
        let from = module_of(path);
        for (line, code) in statements(text) {
            let used: BTreeSet<_> = paths(&code)
                .iter()
                .map(|p| resolve(&from, p, &modules))
                .collect();
            for to in used {
                // A module uses its parent's items and its children's freely.
                let shared = from.iter().zip(&to).take_while(|(a, b)| a == b).count();
                if shared == from.len() || shared == to.len() {
                    continue;
                }
                let at = format!(
                    "{root}{path}:{line}: {} uses {}",
                    from.join("::"),
                    to.join("::")
                );
                if matches!((rank(&from), rank(&to)), (Some(a), Some(b)) if shared == 0 && a < b) {
                    found.push(format!("{at}, a layer above it"));
                } else if shared == 1 && layers.last() == Some(&from[0].as_str()) {
                    found.push(format!("{at}, another command"));
                }
                let (a, b) = (from[..=shared].join("::"), to[..=shared].join("::"));
                sideways.entry(a).or_default().insert(b);
            }
        }
    }
    for cycle in cycles(&sideways) {
        found.push(format!("a circle in {root}: {}", cycle.join(" -> ")));
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
fn no_crate_of_the_tools_holds_a_circle_and_the_runner_keeps_its_layers() {
    let workspace = workspace();
    let manifest = fs::read_to_string(workspace.join("Cargo.toml")).unwrap();
    let crates: Vec<&str> = manifest
        .split('"')
        .filter(|m| m.starts_with("scripts/"))
        .collect();
    assert!(crates.len() >= 5, "{crates:?}");
    let mut found = Vec::new();
    for krate in crates {
        let mut files = Vec::new();
        sources(&workspace.join(krate).join("src"), "", &mut files);
        let layers: &[&str] = if krate.ends_with("core") {
            &LAYERS
        } else {
            &[]
        };
        found.extend(problems(&format!("{krate}/src/"), &files, layers));
    }
    assert!(found.is_empty(), "{}", found.join("\n"));
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
        // Modules used, whose own uses do not matter here.
        file("judging/verdict.rs", ""),
        file("problem/kind.rs", ""),
        file("commands/new.rs", ""),
        file("commands/verify.rs", ""),
    ];
    assert_eq!(
        problems("src/", &files, &LAYERS),
        [
            "src/base/files.rs:1: base::files uses judging::verdict, a layer above it",
            "src/base/terminal.rs:2: base::terminal uses problem::kind, a layer above it",
            "src/commands/import.rs:1: commands::import uses commands::new, another command",
            "src/commands/import/package.rs:2: commands::import::package uses commands::verify, another command",
            "a circle in src/: base -> judging -> base",
            "a circle in src/: judging::checker -> judging::compare -> judging::checker",
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
    assert!(problems("src/", &fine, &LAYERS).is_empty());
}

#[test]
fn a_circle_in_any_crate_is_named_however_its_paths_are_written() {
    let file = |path: &str, text: &str| (path.to_string(), text.to_string());
    let files = [
        file("lib.rs", "mod input;\nmod types;\npub use input::Input;\n"),
        file(
            "input.rs",
            "use crate::types::Tree;\nuse super::nodes::TreeNode;\n",
        ),
        file(
            "types.rs",
            "use crate::{\n    input::Input,\n    nodes::ListNode,\n};\n",
        ),
        file("nodes.rs", "use super::show;\n"),
        file("a/b.rs", "fn f() { self::c::g(); super::c::h() }\n"),
        file("a/b/c.rs", "use super::super::{d::e::E};\n"),
        file("a/d/e.rs", "use super::super::super::a::b::c::C;\n"),
        file("a/d.rs", "use crate::nodes::N;\n"),
        file("bin/x.rs", "mod y;\nmod z;\nuse crate::y::Y;\n"),
        file("bin/x/y.rs", "use crate::z::Z;\nuse crate::input::Input;\n"),
        file("bin/x/z.rs", "use super::y::Y;\n"),
    ];
    assert_eq!(
        problems("src/", &files, &[]),
        [
            "a circle in src/: a::b -> a::d -> a::b",
            "a circle in src/: bin::x::y -> bin::x::z -> bin::x::y",
            "a circle in src/: input -> types -> input",
        ]
    );
}

/// A problem's programs link std-only helpers alone, never the runner: an
/// edit to the runner rebuilds no problem, and a workspace that builds a
/// problem compiles no runner (its tests judge through the built one).
#[test]
fn no_problem_links_the_runner() {
    let workspace = workspace();
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let mut ids: Vec<String> = fs::read_dir(workspace.join("problems"))
        .unwrap()
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    ids.sort();
    assert!(ids.len() >= 3, "{ids:?}");
    for id in ids {
        let tree = std::process::Command::new(&cargo)
            .args([
                "tree",
                "--offline",
                "-e",
                "normal",
                "--prefix",
                "none",
                "-p",
                &id,
            ])
            .current_dir(&workspace)
            .output()
            .unwrap();
        assert!(
            tree.status.success(),
            "{}",
            String::from_utf8_lossy(&tree.stderr)
        );
        let linked: BTreeSet<String> = String::from_utf8_lossy(&tree.stdout)
            .lines()
            .filter_map(|line| line.split(' ').next().map(str::to_string))
            .collect();
        let helpers = [id.as_str(), "testkit", "leetcode", "json"];
        let others: Vec<&String> = linked
            .iter()
            .filter(|c| !helpers.contains(&c.as_str()))
            .collect();
        assert!(others.is_empty(), "{id} links {others:?}");
    }
}

/// The generators' size cap and problem.toml's bench cap are one number,
/// written in testkit (which links nothing) and in the runner's keys.
#[test]
fn the_generators_and_the_benches_share_one_size_cap() {
    let workspace = workspace();
    let cap = |file: &str| {
        let text = fs::read_to_string(workspace.join(file)).unwrap();
        let line = text
            .lines()
            .find(|l| l.starts_with("pub const MAX_SIZE: u64 = "));
        line.unwrap_or_else(|| panic!("{file}: no MAX_SIZE"))
            .to_string()
    };
    assert_eq!(
        cap("scripts/testkit/src/lib.rs"),
        cap("scripts/core/src/problem/config/keys.rs")
    );
}

/// The crates of `scripts/` built on the core (each names `judge-core` in
/// its manifest), as `name` and as `name_ident`: the `judge` binary aside.
fn modules(workspace: &Path) -> Vec<String> {
    let manifest = fs::read_to_string(workspace.join("Cargo.toml")).unwrap();
    let mut names = Vec::new();
    for krate in manifest.split('"').filter(|m| m.starts_with("scripts/")) {
        let text = fs::read_to_string(workspace.join(krate).join("Cargo.toml")).unwrap();
        let name = text.split('"').nth(1).unwrap().to_string();
        if text.contains("\njudge-core = ") && name.starts_with("judge-") {
            names.push(name.replace('-', "_"));
            names.push(name);
        }
    }
    names
}

/// The core is the floor its modules build on: it depends on none of them
/// and names none, so a module can change, or go, without touching it.
#[test]
fn the_core_names_none_of_its_modules() {
    let workspace = workspace();
    let modules = modules(&workspace);
    assert!(modules.len() >= 8, "{modules:?}");
    let manifest = fs::read_to_string(workspace.join("scripts/core/Cargo.toml")).unwrap();
    let mut files = Vec::new();
    sources(&workspace.join("scripts/core/src"), "", &mut files);
    assert!(files.len() > 40, "{}", files.len());
    let naming: Vec<String> = std::iter::once(("Cargo.toml".to_string(), manifest))
        .chain(files)
        .filter(|(_, text)| modules.iter().any(|module| text.contains(module.as_str())))
        .map(|(path, _)| path)
        .collect();
    assert!(naming.is_empty(), "the core names a module: {naming:?}");
}

/// The core stays small: at most 13,000 lines of source, its unit tests
/// (a file's `#[cfg(test)]` module, which closes it) not counted.
#[test]
fn the_core_is_at_most_13000_lines_without_its_tests() {
    let workspace = workspace();
    let mut files = Vec::new();
    sources(&workspace.join("scripts/core/src"), "", &mut files);
    let lines: usize = files
        .iter()
        .map(|(_, text)| text.split("\n#[cfg(test)]").next().unwrap().lines().count())
        .sum();
    assert!(lines > 5000, "{lines}");
    assert!(
        lines <= 13000,
        "the core is {lines} lines without its tests"
    );
}

/// The kernel box is a module: the core's source names no namespace,
/// cgroup or seccomp call or file, only its confinement interface.
#[test]
fn the_core_names_no_namespace_cgroup_or_seccomp() {
    let workspace = workspace();
    let symbols = [
        "CLONE_NEW",
        "unshare",
        "setns",
        "cgroup",
        "seccomp",
        "SECCOMP",
        "mount(",
        "pivot_root",
        "capset",
    ];
    let mut files = Vec::new();
    sources(&workspace.join("scripts/core/src"), "", &mut files);
    let naming: Vec<String> = files
        .iter()
        .flat_map(|(path, text)| {
            let code = text.split("\n#[cfg(test)]").next().unwrap_or("");
            symbols
                .iter()
                .filter(move |symbol| code.contains(**symbol))
                .map(move |symbol| format!("{path}: {symbol}"))
        })
        .collect();
    assert!(naming.is_empty(), "the core names the box: {naming:?}");
}
