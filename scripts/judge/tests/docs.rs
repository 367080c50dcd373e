//! The docs against the code they describe: the README stays a ten-minute
//! read, `docs/problem-toml.md` lists every key and every mode value as the
//! code lists them (and nothing else), the judges' tables say what `JUDGES`
//! says, `docs/snippets.md` lists every snippet of the library with its
//! summary and what it needs, every relative link points at a file that
//! exists, and no tracked file names a folder beside the repository.
//! Documentation that is checked is a reference; documentation that drifts
//! is a rumour.

mod common;

use judge_core::base::judges::JUDGES;
use judge_core::base::modes::{Clock, CompareMode, GraderFlag, Mode, OnReject, Protocol};
use judge_core::base::verdict::Verdict;
use judge_core::problem::config::keys::{GROUP_SETTINGS, KEYS};
use judge_core::problem::workspace::Workspace;
use judge_paste::snippet::library::Library;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

const README_MAX_LINES: usize = 200;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn read(relative: &str) -> String {
    fs::read_to_string(root().join(relative)).unwrap_or_else(|e| panic!("{relative}: {e}"))
}

/// Every page of `docs/`, as `docs/<name>.md`, sorted.
fn docs_pages() -> Vec<String> {
    let mut pages: Vec<String> = fs::read_dir(root().join("docs"))
        .expect("a docs/ folder")
        .flatten()
        .map(|entry| entry.file_name().to_string_lossy().into_owned())
        .filter(|name| name.ends_with(".md"))
        .map(|name| format!("docs/{name}"))
        .collect();
    pages.sort();
    pages
}

/// The rows of the table in `text` whose header row is `header`, each as
/// written; panics naming `page` when there is no such table.
fn table_rows<'a>(text: &'a str, page: &str, header: &str) -> Vec<&'a str> {
    let lines: Vec<&str> = text.lines().collect();
    let at = lines
        .iter()
        .position(|line| line.trim_end() == header)
        .unwrap_or_else(|| panic!("{page}: no table with the header row {header:?}"));
    assert!(
        lines
            .get(at + 1)
            .is_some_and(|line| line.starts_with("| ---")),
        "{page}: the header row {header:?} is not followed by `| --- |`"
    );
    lines[at + 2..]
        .iter()
        .take_while(|line| line.starts_with('|'))
        .map(|line| line.trim_end())
        .collect()
}

/// A table row's cells, trimmed; `\|` stays inside its cell.
fn cells(row: &str) -> Vec<String> {
    let inner = row.trim().trim_start_matches('|');
    let inner = inner.strip_suffix('|').unwrap_or(inner);
    let mut cells = vec![String::new()];
    let mut escaped = false;
    for c in inner.chars() {
        match c {
            '|' if !escaped => cells.push(String::new()),
            _ => cells.last_mut().unwrap().push(c),
        }
        escaped = c == '\\';
    }
    cells.iter().map(|cell| cell.trim().to_string()).collect()
}

/// Fails unless `found` holds exactly the `expected` rows, in their order,
/// naming the rows missing and the rows the code does not have.
fn assert_rows(what: &str, found: &[&str], expected: &[String]) {
    let missing: Vec<&String> = expected
        .iter()
        .filter(|row| !found.contains(&row.as_str()))
        .collect();
    let unknown: Vec<&&str> = found
        .iter()
        .filter(|row| !expected.iter().any(|e| e == *row))
        .collect();
    assert!(
        missing.is_empty() && unknown.is_empty(),
        "{what}:\n  rows missing (write them as shown):\n    {}\n  rows the code does not have:\n    {}",
        missing
            .iter()
            .map(|row| row.as_str())
            .collect::<Vec<_>>()
            .join("\n    "),
        unknown
            .iter()
            .map(|row| **row)
            .collect::<Vec<_>>()
            .join("\n    ")
    );
    let expected: Vec<&str> = expected.iter().map(String::as_str).collect();
    assert_eq!(
        found, expected,
        "{what}: the rows are not in the code's order"
    );
}

/// A mode list's table on the problem.toml page: one row per value,
/// `` | `<name>` | <meaning> | `` with the meaning as `Mode::ALL` writes it.
fn assert_mode_table<M: Mode>(header: &str, list: &str) {
    let page = read("docs/problem-toml.md");
    let found = table_rows(&page, "docs/problem-toml.md", header);
    for row in &found {
        let name = cells(row)[0].trim_matches('`').to_string();
        assert!(
            M::ALL.iter().any(|(_, known, _)| *known == name),
            "docs/problem-toml.md names the value {name:?}, which {list} in \
             scripts/core/src/base/modes.rs does not have (it has {})",
            M::names()
        );
    }
    let expected: Vec<String> = M::ALL
        .iter()
        .map(|(_, name, meaning)| format!("| `{name}` | {meaning} |"))
        .collect();
    assert_rows(
        &format!("docs/problem-toml.md, the table of {list}"),
        &found,
        &expected,
    );
}

/// A clone alone passes `make check`: a script, a recipe or a page naming
/// the `shared` folder beside the repository works only on machines that
/// happen to have it.
#[test]
fn no_tracked_file_names_a_folder_beside_the_repository() {
    // In two halves, so that this file does not name it.
    let beside = ["..", "shared"].join("/");
    let listed = Command::new("git")
        .args(["ls-files", "-z"])
        .current_dir(root())
        .output();
    let Some(listed) = listed.ok().filter(|out| out.status.success()) else {
        return common::skip("no git checkout here to list the tracked files in");
    };
    let naming: Vec<String> = listed
        .stdout
        .split(|&byte| byte == 0)
        .map(|path| String::from_utf8_lossy(path).into_owned())
        .filter(|path| {
            fs::read(root().join(path))
                .is_ok_and(|text| text.windows(beside.len()).any(|at| at == beside.as_bytes()))
        })
        .collect();
    assert!(
        naming.is_empty(),
        "these tracked files name {beside}, outside the repository: {naming:?}"
    );
}

#[test]
fn the_readme_is_at_most_200_lines() {
    let lines = read("README.md").lines().count();
    assert!(
        lines <= README_MAX_LINES,
        "README.md has {lines} lines, over {README_MAX_LINES}: move reference material to docs/"
    );
}

#[test]
fn the_problem_toml_page_has_a_row_for_every_key_with_its_meaning_and_no_other() {
    let page = read("docs/problem-toml.md");
    let rows = table_rows(
        &page,
        "docs/problem-toml.md",
        "| key | meaning | when absent |",
    );
    let keys: Vec<(String, String)> = rows
        .iter()
        .map(|row| {
            let cells = cells(row);
            (
                cells[0].trim_matches('`').to_string(),
                cells.get(1).cloned().unwrap_or_default(),
            )
        })
        .collect();
    for (key, meaning) in KEYS {
        let documented: Vec<&str> = keys
            .iter()
            .filter(|(documented, _)| documented == key)
            .map(|(_, meaning)| meaning.as_str())
            .collect();
        assert_eq!(
            documented,
            [meaning],
            "docs/problem-toml.md: `{key}` needs one row `| `{key}` | {meaning} | ... |` \
             (its meaning as KEYS in scripts/core/src/problem/config/keys.rs writes it)"
        );
    }
    let patterns = [
        "bench.<series>",
        "group.<path>.<setting>",
        "submission.<path>",
    ];
    for (key, _) in &keys {
        assert!(
            patterns.contains(&key.as_str()) || KEYS.iter().any(|(known, _)| known == key),
            "docs/problem-toml.md documents `{key}`, which KEYS in \
             scripts/core/src/problem/config/keys.rs does not have"
        );
    }
    for pattern in patterns {
        assert!(
            keys.iter().any(|(key, _)| key == pattern),
            "docs/problem-toml.md: no row for `{pattern}`"
        );
    }
}

#[test]
fn the_group_settings_table_lists_every_setting_as_the_code_does() {
    let page = read("docs/problem-toml.md");
    let found = table_rows(&page, "docs/problem-toml.md", "| group setting | meaning |");
    let expected: Vec<String> = GROUP_SETTINGS
        .iter()
        .map(|(name, meaning)| format!("| `{name}` | {meaning} |"))
        .collect();
    assert_rows(
        "docs/problem-toml.md, the group settings (GROUP_SETTINGS in scripts/core/src/problem/config/keys.rs)",
        &found,
        &expected,
    );
}

#[test]
fn the_grading_and_expectation_tables_list_every_value_as_the_code_does() {
    assert_mode_table::<OnReject>("| `on_reject` | meaning |", "OnReject::ALL");
    assert_mode_table::<GraderFlag>("| `grader_flags` | meaning |", "GraderFlag::ALL");
    assert_mode_table::<Verdict>("| verdict | meaning |", "Verdict::ALL");
}

#[test]
fn the_compare_table_lists_every_compare_mode_as_the_code_does_and_no_other() {
    assert_mode_table::<CompareMode>("| `compare` | meaning |", "CompareMode::ALL");
}

#[test]
fn the_time_table_lists_every_clock_as_the_code_does_and_no_other() {
    assert_mode_table::<Clock>("| `time` | meaning |", "Clock::ALL");
}

#[test]
fn the_protocol_table_lists_every_protocol_as_the_code_does_and_no_other() {
    assert_mode_table::<Protocol>(
        "| `checker_protocol`, `interactor_protocol` | meaning |",
        "Protocol::ALL",
    );
}

#[test]
fn the_submit_page_gives_each_judge_the_rust_the_judges_table_gives_it() {
    let page = read("docs/submit.md");
    let found = table_rows(&page, "docs/submit.md", "| judge | Rust |");
    let expected: Vec<String> = JUDGES
        .iter()
        .map(|judge| {
            let rust = judge
                .rust
                .map_or("none".to_string(), |rust| rust.describe());
            format!("| {} | {rust} |", judge.title)
        })
        .collect();
    assert_rows(
        "docs/submit.md, the judges' Rust (JUDGES in scripts/core/src/base/judges.rs)",
        &found,
        &expected,
    );
}

#[test]
fn the_problem_toml_page_gives_each_judge_the_defaults_the_judges_table_gives_it() {
    let page = read("docs/problem-toml.md");
    let header = "| `judge` | title | id prefix | time limit | memory limit | `compare` | `time` |";
    let found = table_rows(&page, "docs/problem-toml.md", header);
    let expected: Vec<String> = JUDGES
        .iter()
        .map(|judge| {
            format!(
                "| `{}` | {} | `{}` | {} ms | {} KiB | `{}` | `{}` |",
                judge.name,
                judge.title,
                judge.prefix,
                judge.time_limit_ms,
                judge.memory_limit_kib,
                judge.compare.name(),
                judge.time.name()
            )
        })
        .collect();
    assert_rows(
        "docs/problem-toml.md, the judges' defaults (JUDGES in scripts/core/src/base/judges.rs)",
        &found,
        &expected,
    );
}

#[test]
fn the_snippets_page_has_a_row_for_every_snippet_with_its_summary_and_needs() {
    let page = read("docs/snippets.md");
    let header = "| snippet | summary | needs | constraints | complexity |";
    let rows = table_rows(&page, "docs/snippets.md", header);
    let library = Library::load(&Workspace::at(&root())).unwrap();
    let documented: Vec<Vec<String>> = rows.iter().map(|row| cells(row)).collect();
    for snippet in &library.snippets {
        let needs = match snippet.needs.as_slice() {
            [] => "—".to_string(),
            needs => needs
                .iter()
                .map(|need| format!("`{need}`"))
                .collect::<Vec<_>>()
                .join(", "),
        };
        let name = format!("`{}`", snippet.name);
        let found: Vec<&Vec<String>> = documented.iter().filter(|c| c[0] == name).collect();
        assert!(
            found.len() == 1 && found[0][1] == snippet.summary() && found[0][2] == needs,
            "docs/snippets.md: `{}` needs one row `| {name} | {} | {needs} | <constraints> | \
             <complexity> |` (the summary is the first doc line of \
             scripts/snippets/src/{}.rs)",
            snippet.name,
            snippet.summary(),
            snippet.name
        );
    }
    for cells in &documented {
        let name = cells[0].trim_matches('`');
        assert!(
            library.snippets.iter().any(|snippet| snippet.name == name),
            "docs/snippets.md lists `{name}`, which scripts/snippets/src/ does not have"
        );
    }
}

/// The targets of the Markdown links in `text` outside fenced code blocks.
fn link_targets(text: &str) -> Vec<String> {
    let mut targets = Vec::new();
    let mut fenced = false;
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
            continue;
        }
        if fenced {
            continue;
        }
        let mut rest = line;
        while let Some(at) = rest.find("](") {
            rest = &rest[at + 2..];
            let end = rest.find(')').unwrap_or(rest.len());
            targets.push(rest[..end].to_string());
            rest = &rest[end..];
        }
    }
    targets
}

#[test]
fn every_relative_link_in_the_readme_and_the_docs_points_at_a_file_that_exists() {
    let mut pages = vec!["README.md".to_string()];
    pages.extend(docs_pages());
    let mut checked = 0;
    let mut broken = Vec::new();
    for page in &pages {
        let folder = Path::new(page).parent().unwrap_or(Path::new(""));
        for target in link_targets(&read(page)) {
            let external = target.contains("://") || target.starts_with("mailto:");
            let file = target.split('#').next().unwrap_or("");
            if external || file.is_empty() {
                continue;
            }
            checked += 1;
            if !root().join(folder).join(file).exists() {
                broken.push(format!("{page}: ({target})"));
            }
        }
    }
    assert!(
        broken.is_empty(),
        "links to no file:\n  {}",
        broken.join("\n  ")
    );
    assert!(
        checked > 0,
        "no relative link found: is the README's list of docs gone?"
    );
}

#[test]
fn every_docs_page_is_linked_from_the_readme() {
    let readme = read("README.md");
    let pages = docs_pages();
    assert!(!pages.is_empty(), "docs/ holds no page");
    for page in pages {
        assert!(
            readme.contains(&format!("]({page})")),
            "README.md does not link to {page}"
        );
    }
}

#[test]
fn every_makefile_target_has_its_row_in_the_readme() {
    let makefile = read("Makefile").replace("\\\n", " ");
    let phony = makefile
        .lines()
        .find_map(|line| line.strip_prefix(".PHONY:"))
        .expect("the Makefile's .PHONY line");
    let targets: Vec<&str> = phony.split_whitespace().collect();
    assert!(targets.contains(&"check"), "{phony}");
    let readme = read("README.md");
    for target in targets {
        assert!(
            readme.contains(&format!("`make {target}")),
            "README.md: the commands table has no `make {target} ...` row"
        );
    }
}

#[test]
fn every_make_variable_a_target_passes_is_in_its_readme_row() {
    let makefile = read("Makefile").replace("\\\n", " ");
    let readme = read("README.md");
    let mut target = "";
    let mut checked = 0;
    for line in makefile.lines() {
        if !line.starts_with('\t') {
            if let Some((name, _)) = line
                .split_once(':')
                .filter(|(n, _)| !n.contains([' ', '=']))
            {
                target = name;
            }
            continue;
        }
        let rows: String = readme
            .lines()
            .filter(|row| row.starts_with(&format!("| `make {target}")))
            .collect();
        for variable in passed_variables(line) {
            checked += 1;
            assert!(
                rows.contains(&format!("{variable}=")),
                "README.md: the `make {target}` row does not name {variable}=, which the Makefile passes"
            );
        }
    }
    assert!(
        checked >= 10,
        "only {checked} variables found in the Makefile's recipes"
    );
}

/// The variables a recipe line hands to the runner: `$(call opt,--x,VAR)` and `$(if $(VAR),--x)`.
fn passed_variables(line: &str) -> Vec<&str> {
    let mut found = Vec::new();
    for (at, start) in line.match_indices("$(call opt,--") {
        let rest = &line[at + start.len()..];
        if let Some(name) = rest.split_once(',').and_then(|(_, r)| r.split_once(')')) {
            found.push(name.0);
        }
    }
    for (at, start) in line.match_indices("$(if $(") {
        let rest = &line[at + start.len()..];
        if let Some((name, _)) = rest.split_once(')') {
            found.push(name);
        }
    }
    found
}
